"""The view of a Five Hundred deal for one seat (the brief's schema), and nothing hidden in it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.engine.tricks import Play, trick_winner
from cardlab.games.five_hundred.rules import SUIT_PLURAL, SUIT_WORD, bid_label

if TYPE_CHECKING:
    from cardlab.games.five_hundred.state import FiveHundredState

__all__ = ["build_view", "describe_action"]


def _plays(state: FiveHundredState, trick: Any) -> list[dict[str, Any]]:
    out = []
    for p in trick.plays:
        note = ""
        if p.note:
            note = f"names {SUIT_PLURAL[p.note]}"
        elif state.rules is not None and state.rules.special.get(p.card.code) and (
                p.card.rank == "J" or p.card.is_joker):
            r = state.rules
            if p.card.rank == "J" and r.trump:
                note = "right bower" if p.card.suit == r.trump else "left bower"
        out.append({"seat": p.seat, "card": p.card.code, "note": note})
    return out


def build_view(state: FiveHundredState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (None: a spectator). JSON-able; hidden cards appear only as counts."""
    g = state.game
    names = list(g.seat_names)
    hands = []
    piles: list[Any] | None = None
    for s, h in enumerate(state.hands):
        visible = s == seat or state.face_up(s)
        cards = [c.code for c in h] if visible else None
        ghost = state.piles[s]
        if ghost is not None:  # a ghost partner: only the face-up cards are seen
            cards = [c.code for c in state.playable(s)]
            piles = piles or [None] * len(state.hands)
            piles[s] = [{"down": None if d is None else "hidden",
                         "up": None if u is None else u.code} for d, u in ghost]
        hands.append({"seat": s, "name": g.position_name(s), "cards": cards, "count": len(h),
                      "face_up": state.face_up(s), "active": state.active[s],
                      "controller": g.controller(s)})
    extras: list[dict[str, Any]] = []
    kitty_taken = state.declarer is not None and not state.sans_kitty and state.phase != "auction"
    if not kitty_taken:
        label = "kitty (dead)" if state.sans_kitty or state.phase == "done" else "kitty"
        extras.append({"label": label, "cards": None, "count": len(state.kitty)})
    if state.discards:
        mine = seat is not None and seat == state.declarer
        extras.append({"label": "discards", "cards": [c.code for c in state.discards] if mine
                       else None, "count": len(state.discards)})
    if state.dead_hand:
        extras.append({"label": "dead hand", "cards": None, "count": len(state.dead_hand)})
    trick = state.trick
    last = state.tricks[-1] if state.tricks else None
    tricks_won = {side: sum(state.tricks_won[s] for s in seats)
                  for side, seats in g.sides.items()}
    b = state.bidding
    contract = state.contract
    if contract is not None and state.sans_kitty:
        contract += " sans_kitty"
    trump = state.rules.trump if state.rules is not None else None
    result = state.result
    to_move = state.to_move
    legal = ([str(a) for a in state.legal_actions()]
             if to_move is not None and (seat is None or seat == to_move) else [])
    turn = state.turn
    view: dict[str, Any] = {
        "game": g.name, "title": g.title, "phase": state.phase, "seat": seat,
        "to_move": to_move, "dealer": state.dealer, "seat_names": names,
        "hands": hands, "piles": piles, "extras": extras,
        "trick": _plays(state, trick) if trick is not None else [],
        "trick_leader": trick.leader if trick is not None and state.phase == "play" else None,
        "trick_suit": trick.suit if trick is not None and trick.plays else None,
        "last_trick": None if last is None else {"leader": last.leader,
                                                 "plays": _plays(state, last),
                                                 "winner": last.winner},
        "tricks_won": tricks_won,
        "auction": [{"seat": s, "call": c} for s, c in b.calls],
        "contract": contract, "declarer": state.declarer, "trump": trump,
        "scores": dict(result.points) if result is not None else {},
        "chips": None, "info": _info(state, seat), "legal": legal,
        # Five Hundred's own keys
        "turn": turn, "nominated": _nominated(state, seat), "trick_no": state.trick_no if state.phase == "play" else None,
        "sides": {k: list(v) for k, v in g.sides.items()},
        "partner_card": state.partner_card.code if state.partner_card is not None else None,
        "partner": state.partner if state.partner_known else None,
        "suits_led": sorted(state.suits_led),
        "played": [p.card.code for t in state.tricks for p in t.plays],
    }
    return view


def _nominated(state: FiveHundredState, seat: int | None) -> str | None:
    """5H-6.3 the joker's nomination as ``seat`` knows it: a suit named is announced, but
    that the contractor declined (``'none'``) only the contractor knows (nobody else even
    knows the contractor held the joker)."""
    n = state.nominated
    if n == "none" and not (seat == state.declarer or (
            state.declarer is not None and state.face_up(state.declarer))):
        return None
    return n


def _info(state: FiveHundredState, seat: int | None) -> list[str]:
    g = state.game
    lines: list[str] = []
    name = g.seat_name
    if state.phase == "auction":
        high = state.bidding.high
        lines.append("Auction: " + (f"the bid to beat is {bid_label(high)} by "
                                     f"{name(state.bidding.high_seat)}" if high else
                                     "nobody has bid yet"))
    elif state.declarer is not None:
        lines.append(f"{name(state.declarer)} is the contractor in "
                     f"{bid_label(state.contract or '')}"
                     + (" sans kitty" if state.sans_kitty else ""))
        if state.misere:
            out = [g.position_name(s) for s in range(g.positions) if not state.active[s]]
            if out:
                lines.append(f"{', '.join(out)} sits out this misère")
    elif state.contract == "NT":
        lines.append("Everyone passed: the hand is played in no trumps with no contractor")
    if state.nominated and state.nominated != "none":
        lines.append(f"The joker is nominated as a {SUIT_WORD[state.nominated]}")
    if state.partner_card is not None:
        who = name(state.partner) if state.partner_known else "not yet known"
        lines.append(f"Called partner card: the {g.deck.name(state.partner_card)} ({who})")
    if state.phase == "play":
        lines.append(f"Trick {state.trick_no}")
    if state.phase == "done" and state.result is not None:
        lines.extend(state.result.breakdown)
    if state.turn is not None:
        who = g.position_name(state.turn)
        if state.turn != state.to_move:
            who = f"{name(state.to_move)}, for {who},"
        lines.append(f"{who} to move")
    return lines


def describe_action(state: FiveHundredState, action: str) -> str:
    """Plain words for a legal ``action`` now: ``'N bids seven hearts'``."""
    act = state.game.parse_action(action)
    seat = state.turn
    who = state.game.position_name(seat)
    verb, args = act.verb, act.args
    deck = state.game.deck
    if verb == "pass":
        if state.bidding.raise_turn:
            return f"{who} stands on {bid_label(state.bidding.high or '')}"
        return f"{who} passes"
    if verb == "bid":
        return f"{who} bids {bid_label(' '.join(args))}"
    if verb == "discard":
        return f"{who} takes the kitty and discards {len(args)} cards face down"
    if verb == "call":
        if args == ("alone",):
            return f"{who} plays alone"
        return f"{who} calls the {deck.name(deck.parse(args[0]))} as partner"
    if verb == "nominate":
        if args[0] == "none":
            return f"{who} leaves the joker unnominated"
        return f"{who} nominates the joker as a {SUIT_WORD[args[0]]}"
    card = deck.parse(args[0])
    text = f"{who} plays the {deck.name(card)}"
    rules = state.rules
    assert rules is not None and state.trick is not None
    if card.rank == "J" and rules.trump and rules.suit_of[card] == rules.trump:
        text += " (right bower)" if card.suit == rules.trump else " (left bower)"
    if len(args) == 2:
        text += f", naming {SUIT_PLURAL[args[1]]}"
    if len(state.trick.plays) + 1 == sum(state.active):
        assert seat is not None
        plays = [*state.trick.plays, Play(seat, card)]
        win = trick_winner(plays, rules, state.trick.suit if state.trick.plays else (
            args[1] if len(args) == 2 else rules.suit_of[card]))
        text += (" and wins the trick" if win == seat else
                 f"; {state.game.position_name(win)} wins the trick")
    return text
