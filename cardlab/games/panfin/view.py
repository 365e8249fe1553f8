"""The view of a Panfin state for one seat (or a spectator), in the schema every widget reads.

Hidden cards never appear: another seat's hand is a count until the showdown,
the stock and others' discards are counts, and declarations say how many
cards were exchanged, never which.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.engine.tricks import trick_winner
from cardlab.games.panfin.judge import as_plays

if TYPE_CHECKING:
    from cardlab.games.panfin.state import PanfinState

__all__ = ["build_view"]


def build_view(state: PanfinState, seat: int | None) -> dict[str, Any]:
    """The JSON-able view of ``state`` for ``seat`` (None: a spectator)."""
    game = state.game
    names = game.seat_names
    done = state.phase_ == "done"
    hands = []
    for s, hand in enumerate(state.hands_):
        shown = s == seat or state._face_up(s)
        hands.append({"seat": s, "name": names[s],
                      "cards": [c.code for c in game.deck.sort(hand)] if shown else None,
                      "count": len(hand), "face_up": state._face_up(s),
                      "active": not state.folded[s]})
    own_discards = [c.code for s, c in state.discards if s == seat]
    extras: list[dict[str, Any]] = [
        {"label": "cut", "cards": [c.code for c in state.cut], "count": len(state.cut)},
        {"label": "turn-up" + (" (taken by the dealer)" if state.swapped else ""),
         "cards": [c.code for c in state.turnup], "count": len(state.turnup)},
        {"label": "stock", "cards": None, "count": len(state.stock)},
        {"label": "discards", "cards": None, "count": len(state.discards)},
    ]
    if own_discards:
        extras.append({"label": "my discards", "cards": own_discards, "count": len(own_discards)})
    trick = [{"seat": s, "card": c.code, "note": "jokers together" if len(cs) == 2 and
              s == state.trick_[0][0] else ("two-card answer" if len(cs) == 2 else "")}
             for s, cs in state.trick_ for c in cs]
    last = None
    if state.tricks_:
        lead, plays, win = state.tricks_[-1]
        last = {"leader": lead, "plays": [{"seat": s, "card": c.code} for s, cs in plays
                                          for c in cs], "winner": win}
    result = state.result
    payments = [p.as_dict(names) for p in state.payments]
    legal = [str(a) for a in state.legal_actions()] if seat is None or seat == state.to_move_ \
        else []
    order = state.card_order()
    view = {
        "game": game.name, "title": game.title, "phase": state.phase_, "seat": seat,
        "to_move": state.to_move_, "dealer": state.dealer, "seat_names": list(names),
        "hands": hands, "piles": None, "extras": extras, "trick": trick,
        "trick_leader": state.trick_[0][0] if state.trick_ else None,
        "trick_suit": order.effective_suit(state.trick_[0][1][0]) if state.trick_ else None,
        "last_trick": last,
        "tricks_won": {names[s]: state.piatti[s] for s in range(game.players)},
        "auction": [{"seat": s, "call": call} for s, call in state.calls],
        "contract": result.contract if result else None,
        "declarer": result.declarer if result else None,
        "trump": state.dominant, "dominant_suit": state.dominant,
        "scores": dict(result.points) if result else {},
        "chips": {"pot": state.pot, "stacks": list(state.stacks), "payments": payments},
        "payments": payments,
        "info": _info(state, seat, done),
        "legal": legal,
        "cutter": state.cutter,
        "winning": trick_winner(as_plays(state.trick_), order) if state.trick_ else None,
    }
    return view


def _info(state: PanfinState, seat: int | None, done: bool) -> list[str]:
    """Plain-words lines about the situation."""
    game = state.game
    names = game.seat_names
    deck = game.deck
    lines = [f"Dealer {names[state.dealer]}; {names[state.cutter]} cut. Pot {state.pot}."]
    if state.cut:
        lines.append("Shown at the cut: " + ", ".join(deck.name(c) for c in state.cut) + ".")
    if state.turnup:
        lines.append("Turned up: " + ", ".join(deck.name(c) for c in state.turnup) + ".")
    if state.dominant:
        lines.append(f"Dominant suit: {deck.suit_name(state.dominant)}; the Vecia and the Gobbo "
                     "are the two highest trumps.")
    if state.phase_ == "choose":
        lines.append("The Vecia was turned up: the dealer chooses the dominant suit (B2.6).")
    elif state.phase_ == "declare":
        lines.append(f"{names[state.to_move_ or 0]} declares: tengo (exchange 0-"
                     f"{game.options.max_exchange}), fold or servito (B2.7).")
    elif state.phase_ == "swap":
        lines.append("No combination: the dealer takes the turned-up card and discards one "
                     "(B2.10.1).")
    elif state.phase_ == "play":
        lines.append(f"Trick {len(state.tricks_) + 1}; {names[state.to_move_ or 0]} to play.")
    if done and state.result is not None:
        lines += list(state.result.breakdown)
    return lines
