"""What a seat of an Officer Skat deal may see, and the plain words for each action.

Both players see the same: every face-up card is public and every face-down card is
hidden from both, its owner included (OS-2.3, B-24). The keys of :func:`build_view` are
the schema of :mod:`cardlab.engine.view`, which adds the rules common to every game;
:func:`describe` says an action aloud (a card's trick, its winner and its points come
from the kernel, as in the play itself).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from cardlab.cards import Deck
from cardlab.games.officer_skat.kernel import CARDS, trick_card_points, trick_winner_index
from cardlab.games.officer_skat.rules import (
    SUITS,
    TRUMP,
    card_index,
    is_suit_game,
    kernel_tables,
    trick_order,
    trump_cards,
)
from cardlab.games.officer_skat.scoring import contract_words

if TYPE_CHECKING:
    from cardlab.games.officer_skat.state import OfficerSkatState

__all__ = ["build_view", "describe", "game_words"]

#: the kernel's tables, as tuples (one deal at a time)
_TABLES: Final = kernel_tables()


def game_words(game: str | None, deck: Deck) -> str:
    """A game in words: ``hearts as trumps``, ``Grand``, ``Null``, ``Ramsch``."""
    if game in SUITS:
        return f"{deck.suit_name(game)} as trumps"
    return contract_words(game)


# -- words --------------------------------------------------------------------------------------
def describe(state: OfficerSkatState, action: str) -> str:
    """Plain words for a legal ``action`` taken now."""
    game = state.game
    act = game.parse_action(action)
    seat = state.to_move
    who = game.seat_name(seat)
    role = "forehand" if seat == state.forehand else "dealer"
    verb = act.verb
    if verb == "declare":
        return f"{who} ({role}) chooses {game_words(act.args[0], game.deck)}"
    if verb == "pass":
        return f"{who} ({role}) passes the choice of game"
    if verb == "kontra":
        return f"{who} says Kontra: the stakes are doubled"
    if verb == "no_kontra":
        return f"{who} does not say Kontra"
    if verb == "re" and state.phase == "play":
        return f"{who} answers Re before leading: the stakes are doubled again"
    if verb == "re":
        return f"{who} answers Re: the stakes are doubled again"
    if verb == "no_re" and state.options.re_window == "until_opening_lead" and (
            seat == state.forehand):
        return f"{who} does not say Re now (it stays open until the opening lead)"
    if verb == "no_re":
        return f"{who} does not say Re"
    card = game.deck.parse(act.args[0])
    text = f"{who} plays the {game.deck.name(card)}"
    if trick_order(state.contract).is_trump(card):
        text += " (trump)"
    plays = state.trick.plays
    if plays:
        first = card_index(plays[0].card)
        second = card_index(card)
        won = trick_winner_index(_TABLES, state.contract_index, state.led_code(), first,
                                 second)  # OS-5.6
        winner = seat if won == 1 else plays[0].seat
        text += " and wins the trick" if winner == seat else (
            f"; {game.seat_name(winner)} wins the trick")
        text += f": {trick_card_points(_TABLES, first, second)} points"  # OS-2.2
    return text


# -- the view -----------------------------------------------------------------------------------
def _pile_view(state: OfficerSkatState, seat: int, p: int) -> dict[str, Any]:
    down, up = state.layout.piles[seat][p]
    d: dict[str, Any] = {"down": None, "up": None, "turned": False}
    if up not in state.played and state.is_dealt(seat, p, "up"):
        d["up"] = up.code
    if down not in state.played:
        if down in state.turned:
            d["up"], d["turned"] = down.code, True
        elif state.is_dealt(seat, p, "down"):
            d["down"] = "hidden"
    return d


def _led_suit(state: OfficerSkatState) -> str | None:
    plays = state.trick.plays
    if not plays:
        return None
    return trick_order(state.contract).suit_of[plays[0].card]


def build_view(state: OfficerSkatState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (None: a spectator). Both players see the same: every
    face-up card is public and every face-down card is hidden from both (OS-2.3)."""
    g = state.game
    names = g.seat_names
    hands = []
    for s in range(2):
        hands.append({"seat": s, "name": names[s],
                      "cards": [c.code for c in state.top_cards(s)],
                      "count": len(state.hands[s]), "face_up": True, "active": True})
    done = state.finished
    trick = state.trick.plays
    last = state.tricks[-1] if state.tricks else None
    led = _led_suit(state)
    trump = state.contract if is_suit_game(state.contract) else None
    legal = [str(a) for a in state.legal_actions()] if seat is None or seat == state.to_move \
        else []
    undealt = CARDS - len(state.dealt)
    result = state.result
    return {
        "game": g.name, "title": g.title, "phase": state.phase, "seat": seat,
        "to_move": state.to_move, "dealer": state.dealer, "seat_names": list(names),
        "hands": hands,
        "piles": [[_pile_view(state, s, p) for p in range(8)] for s in range(2)],
        "extras": [{"label": "stock", "cards": None, "count": undealt}] if undealt else [],
        "trick": [{"seat": p.seat, "card": p.card.code, "note": ""} for p in trick],
        "trick_leader": state.trick.leader if trick else None,
        "trick_suit": (trump or "trump") if led == TRUMP else led,
        "last_trick": None if last is None else {
            "leader": last.leader, "plays": [{"seat": p.seat, "card": p.card.code}
                                             for p in last.plays], "winner": last.winner,
            "points": last.points},
        "tricks_won": {names[s]: state.tricks_won[s] for s in range(2)},
        "auction": [{"seat": s, "call": c} for s, c in state.calls],
        "contract": state.contract, "declarer": state.declarer, "trump": trump,
        "scores": dict(result.points) if done and result else {},
        "chips": None,
        "info": _info(state),
        "legal": legal,
        "forehand": state.forehand,
        "kontra": state.kontra, "re": state.re,
        "card_points": {names[s]: state.card_points[s] for s in range(2)},
        "trick_no": len(state.tricks) + (0 if done else 1),
        "matadors": _matadors_words(state),
    }


def _matadors_words(state: OfficerSkatState) -> str | None:
    """OS-7.1 the matadors in words: before the deal is over, how they will be counted
    (over all 16 of the declarer's cards, face-down ones too, so no count can be given
    yet); after it, the count. None where they do not count (no contract yet, Null,
    Ramsch, or a scoring method that ignores them)."""
    c = state.contract
    opts = state.options
    if c is None or not (is_suit_game(c) or c == "grand") \
            or opts.scoring_method != "game_value" or state.declarer is None:
        return None
    g = state.game
    who = g.seat_name(state.declarer)
    if state.finished and state.result is not None:
        fig = state.result.figures
        n = fig.get("matadors")
        if isinstance(n, int):
            return (f"matadors: {who} was {'with' if fig.get('with') else 'without'} {n}, "
                    f"counted over all 16 of {who}'s cards (OS-7.1)")
        return None
    run = "trumps" if opts.matadors == "full_trump_sequence" and is_suit_game(c) else "jacks"
    top = g.deck.name(trump_cards(c)[0])
    return (f"matadors: with or without the {top} and the {run} after it, counted over "
            f"all 16 of {who}'s cards at the end (OS-7.1)")


def _info(state: OfficerSkatState) -> list[str]:
    g = state.game
    f, d = g.seat_name(state.forehand), g.seat_name(state.dealer)
    lines = [f"{f} is forehand (chooses the game and leads); {d} deals"]
    if state.contract is not None:
        who = "" if state.declarer is None else f"{g.seat_name(state.declarer)} plays "
        lines.append(f"{who}{game_words(state.contract, g.deck)}"
                     + (" with Kontra" if state.kontra else "")
                     + (" and Re" if state.re else ""))
    phase = state.phase
    if phase == "declare":
        lines.append(f"{g.seat_name(state.to_move)} chooses the game on the face-up cards")
    elif phase == "play" and not state.trick.plays and state.tricks:
        lines.append("cards uncovered in the last trick are now face up and playable")
    if state.re_open:
        lines.append(f"{f} may still say Re until leading the first card (B-6)")
    elif phase == "done" and state.result is not None:
        lines += list(state.result.breakdown)
    return lines

