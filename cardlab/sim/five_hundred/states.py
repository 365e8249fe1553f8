"""Five Hundred: whole deals consistent with what the seat to move can see.

:func:`sample_states` gives ``n`` scalar states at the same moment as ``state``, each a
real deal (``game.deal_from_parts``) with the deal's actions replayed to that moment, for
valuing the options of the seat to move by playing them out: the other seats decide too,
so a layout of the hidden hands now is not enough — each needs the whole deal behind it.

What a sampled state keeps, because the seat to move knows it: its own hand as dealt and
as it is now, the auction (every call is public), every card played and by whom, the
contract, the called partner card (5H-2, five players) and a joker suit named aloud
(5H-6.3), and a hand lying face up (open misère, 5H-7.5: seen, not sampled). The
contractor also keeps the kitty it took and its discards (5H-6.1). What it deals at
random, from the cards that seat cannot see: the other hands now, the kitty, a dead hand
(two players), and — for any seat but the contractor — the contractor's discards and
which of its cards came from the kitty. The contractor's ``discard`` action is rewritten
to name the sampled discards, and a declined joker nomination (``nominate none``, which
only the contractor knows of) is replayed wherever the sampled contractor holds the joker.

The phases sampled (:data:`PHASES`): the auction (any seat), the kitty, the partner call and the joker nomination (the
contractor is to move: it has seen the kitty), and the card play (any seat). The
constraints on the hidden cards are those of the one layout sampler of this game,
:func:`cardlab.sim.five_hundred.sampling.sample_layouts` (hand sizes, the voids a seat has
shown, J3 in misère: a seat that showed a void holds no unnominated joker, 5H-2 the
contractor does not hold the partner card it called, and the auction read: every other
seat's calls fit its hand, :mod:`~cardlab.sim.five_hundred.reading`), reused here, plus one it does not
need for a layout's play but a replay does: a joker nominated aloud was in the
contractor's hand (5H-6.3), so while unplayed it is there still. Nothing else is inferred
(no reading of the discards or the play beyond the rules). A seed gives the
same states on every machine (cardlab's own shuffle), and two deals the seat to move
cannot tell apart give the same states.

A known gap, the layout sampler's: with five players and a contract sans kitty, a called
partner card lying in the kitty nobody took is left out of the layouts, so it stays in the
kitty in every sampled deal (the contractor could not know that).

Two players with ghost partners are not served (the batch plays their whole deals, but no
layout of their piles is sampled for a hint): :class:`NotImplementedError`; nor is a pack with two jokers (the layout sampler's tables).

>>> import cardlab
>>> state = cardlab.load("five_hundred").deal(seed=3).apply("bid 6S")
>>> states = sample_states(state, 4, seed=1)
>>> [(t.phase, t.to_move, t.hands[2] == state.hands[2]) for t in states][:2]
[('auction', 2, True), ('auction', 2, True)]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardlab.engine.rng import derive_seed, shuffled
from cardlab.sim.five_hundred.sampling import sample_layouts

__all__ = ["sample_states", "PHASES"]

#: the moments :func:`sample_states` samples (the seat to move is the contractor but in
#: the auction and the play)
PHASES = ("auction", "kitty", "call", "nominate", "play")
#: seed paths: the split of the cards no hand holds now, the kitty within the
#: contractor's cards, the rounds of layouts kept for a joker named aloud
_SPLIT, _KITTY, _JOKER = 0x53504C54, 0x4B495459, 0x4A4B5254
#: rounds of layouts drawn for a joker named aloud before giving up
_JOKER_ROUNDS = 20


def sample_states(state: Any, n: int, seed: int) -> list[Any]:
    """``n`` Five Hundred states at the moment of ``state`` (a phase of :data:`PHASES`), the
    cards hidden from the seat to move dealt at random consistently with what it knows
    (module docstring); each is ``game.deal_from_parts`` of a sampled deal with the deal's
    actions replayed, the contractor's discard naming the sampled discards.

    :raises ValueError: for a finished deal or a state with nobody to move.
    :raises NotImplementedError: for two players with ghost partners.
    """
    game = state.game
    if game.positions != game.players:
        raise NotImplementedError("sample_states does not serve two-player Five Hundred with "
                                  "ghost partners (ghost_partners_43)")
    if state.is_over or state.to_move is None:
        raise ValueError("sample_states needs a seat to move: this deal is over")
    if state.phase not in PHASES:
        raise ValueError(f"sample_states samples the phases {', '.join(PHASES)}, "
                         f"not {state.phase!r}")
    me, decl, deck = state.to_move, state.declarer, game.deck
    k = game.kitty_size
    # the kitty went into the contractor's hand (5H-6.1): known to it, hidden from others
    taken = decl is not None and not state.sans_kitty and state.phase != "auction"
    mine = decl == me and taken
    dealt = state.states()[0]
    played: list[list[Any]] = [[] for _ in range(game.players)]
    for trick in (*state.tricks, *([state.trick] if state.trick is not None else [])):
        for p in trick.plays:
            played[p.seat].append(p.card)
    layouts = _layouts(state, n, seed, _joker_holder(state))
    known = set(state.kitty) | set(state.discards) if mine else set()
    for cards in played:
        known.update(cards)
    labels = [label for label, _ in game.deal_parts()]
    out = []
    for i, row in enumerate(layouts):
        now = [_cards(deck, int(m)) for m in row]
        held = known.union(*map(set, now))
        rest = shuffled([c for c in deck if c not in held], derive_seed(seed, _SPLIT, i))
        hands = [[*now[s], *played[s]] for s in range(game.players)]
        hands[me] = list(dealt.hands[me])
        discards: list[Any] = []
        if mine:
            kitty = list(state.kitty)
        elif taken:
            # the contractor's discards and which of its cards were the kitty are hidden
            discards, rest = rest[:k], rest[k:]
            pile = [c for c in deck if c in set(hands[decl]) | set(discards)]
            kitty = shuffled(pile, derive_seed(seed, _KITTY, i))[:k]
            hands[decl] = [c for c in pile if c not in kitty]
        else:
            kitty, rest = rest[:k], rest[k:]
        parts = dict(zip(labels, hands))
        parts["kitty"] = kitty
        if game.has_dead_hand:
            parts["dead"] = rest
        out.append(_replay(state, game.deal_from_parts(parts, dealer=state.dealer), discards,
                           mine or decl == me))
    return out


def _replay(state: Any, t: Any, discards: list[Any], own: bool) -> Any:
    """The deal ``t`` with ``state``'s actions replayed; unless the seat to move is the
    contractor (``own``), the discard names ``discards`` and the joker nomination follows
    the sampled contractor's hand: a suit named aloud is kept, a declined one (secret,
    5H-6.3) is made wherever the contractor holds the joker and left out where it does not."""
    for act in state.history:
        if not own:
            if act.verb == "nominate" and act.args == ("none",):
                continue
            if t.phase == "nominate" and act.verb != "nominate":
                t = t.apply("nominate none")
            if act.verb == "discard":
                act = "discard " + " ".join(c.code for c in discards)
        t = t.apply(act)
    if t.phase == "nominate" and state.phase != "nominate":
        t = t.apply("nominate none")
    if t.to_move != state.to_move or t.phase != state.phase or (
            t.hands[state.to_move] != state.hands[state.to_move]):
        raise AssertionError("a sampled deal did not replay to the same moment")
    return t


def _joker_holder(state: Any) -> int | None:
    """The seat that must hold the joker in every layout: the contractor, when it named the
    joker's suit aloud (5H-6.3, so it held it) and the seat to move has not seen it since."""
    decl = state.declarer
    if decl is None or decl == state.to_move or state.nominated not in ("S", "C", "D", "H"):
        return None
    joker = next((c for c in state.game.deck if c.is_joker), None)
    if joker is None or joker not in state.hidden_cards(state.to_move):
        return None
    return int(decl)


def _layouts(state: Any, n: int, seed: int, joker_holder: int | None) -> np.ndarray:
    """``(n, seats)`` hand masks from :func:`sample_layouts`; with ``joker_holder``, only
    layouts that give it the joker (drawn in rounds, each kept in the order drawn)."""
    if joker_holder is None:
        return sample_layouts(state, n, seed)
    deck = state.game.deck
    bit = np.uint64(1 << next(i for i, c in enumerate(deck) if c.is_joker))
    got: list[np.ndarray] = []
    have = 0
    for r in range(_JOKER_ROUNDS):
        if have >= n:
            break
        rows = sample_layouts(state, max(8 * (n - have), 64), derive_seed(seed, _JOKER, r))
        rows = rows[(rows[:, joker_holder] & bit) != 0]
        got.append(rows)
        have += len(rows)
    if have < n:
        raise ValueError("no deal fits what the seat to move knows")
    return np.concatenate(got)[:n] if got else sample_layouts(state, 0, seed)


def _cards(deck: Any, mask: int) -> list[Any]:
    """The cards of ``mask`` (bit ``i`` = the pack's ``i``-th card), in pack order."""
    return [deck[i] for i in range(len(deck)) if mask >> i & 1]
