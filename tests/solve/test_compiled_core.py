"""The compiled search of Five Hundred (:mod:`cardlab.solve.trick_core`) is exact, over
thousands of seeded deals in every form it serves.

``test_exact.py`` checks the compact positions of :mod:`cardlab.solve.five_hundred`
against the teaching engine (a brute force over ``legal_actions``/``apply``); here the
compiled search is checked against a brute force over those compact positions: plain
minimax over every legal card one by one (the kernel's legal mask, no merged cards, no
table, no bounds), which is cheap enough to run on thousands of deals. Every position
of the last three tricks on a random path is checked, for every side of the deal (the
counted positions and the sides that maximise differ between them: contractors,
defenders who score apart, a misère's side, the five-player called partner).

Deeper positions (the last five tricks) are checked against the generic alpha-beta of
:mod:`cardlab.solve.search` walking the same compact positions, on fewer deals.

``CARDLAB_SOLVE_SCALE`` multiplies the counts, as in ``test_exact.py``.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest
from solve_support import FORMS, endgame, form_id, values_without_numba

import cardlab
from cardlab.solve.five_hundred import CompiledSearch, FiveHundredAdapter, Position
from cardlab.solve.search import Search

SCALE = int(os.environ.get("CARDLAB_SOLVE_SCALE", "1"))
#: the forms the compiled search serves: Five Hundred without piles (the ghost partners'
#: piles turn up, which the engine's states model)
COMPACT = [f for f in FORMS if f[0] == "five_hundred"
           and f[1].get("two_player_form") != "ghost_partners_43"]
#: deals per form (last three tricks), by players: a minute or so in all on one core (the
#: brute force's tree of three tricks grows fast with five and six hands); the long run
#: (``CARDLAB_SOLVE_SCALE=10``) passes thousands in every form
DEALS = {2: 1000, 3: 400, 4: 300, 5: 30, 6: 15}


def brute(ad: FiveHundredAdapter, pos: Position, side: str,
          memo: dict[tuple[Position, str], float] | None = None) -> float:
    """The side's count (``ad.counted``, signed: more is better) by plain minimax over
    every legal card: the side's seats maximise it, the others minimise it. ``memo`` keeps
    each position's value for the deal (one deal's positions along a path share their
    subtrees: each is minimaxed once, not once per position above it)."""
    if pos.over:
        return ad.end_value(pos, side)
    if memo is None:
        memo = {}
    got = memo.get((pos, side))
    if got is not None:
        return got
    cards, names = ad._legal(pos)
    kids = []
    for c in range(len(ad.deck)):
        if not cards >> c & 1:
            continue
        if pos.led < 0 and ad.free >> c & 1:
            kids += [brute(ad, ad.child(pos, c * 8 + k + 1), side, memo)
                     for k in range(4) if names >> k & 1]
        else:
            kids.append(brute(ad, ad.child(pos, c * 8), side, memo))
    v = max(kids) if pos.turn in ad.sides[side] else min(kids)
    memo[pos, side] = v
    return v


def walk(ad: FiveHundredAdapter, pos: Position, rng: random.Random) -> list[Position]:
    """The positions of one random path from ``pos`` to the end of the deal."""
    out = []
    while not pos.over:
        out.append(pos)
        groups = ad.moves(pos)
        pos = ad.child(pos, rng.choice(groups)[0])
    return out


@pytest.mark.parametrize("form", COMPACT, ids=form_id)
def test_compiled_search_equals_brute_force_over_the_last_three_tricks(
        form: tuple[str, dict[str, Any]]) -> None:
    name, opts = form
    game = cardlab.load(name, **opts)
    count = SCALE * DEALS[game.players]
    deals = checked = seed = 0
    while deals < count and seed < 20 * count:
        seed += 1
        state = endgame(game, seed)
        if state is None:
            continue
        deals += 1
        ad = FiveHundredAdapter(state)
        memo: dict[tuple[Position, str], float] = {}
        for pos in walk(ad, ad.root(state), random.Random(seed)):
            for side in ad.sides:
                got = CompiledSearch(ad, side, 10**7).exact(pos)
                assert got == brute(ad, pos, side, memo), (opts, seed, pos, side)
                checked += 1
    assert deals == count, f"only {deals} played deals in {seed} seeds"
    assert checked > count


@pytest.mark.parametrize("form", [f for f in COMPACT if f[1].get("players", 4) <= 4],
                         ids=form_id)
def test_compiled_search_equals_the_generic_search_over_the_last_five_tricks(
        form: tuple[str, dict[str, Any]]) -> None:
    name, opts = form
    game = cardlab.load(name, **opts)
    count = SCALE * 60
    deals = seed = 0
    while deals < count and seed < 20 * count:
        seed += 1
        state = endgame(game, seed, cards_left=5)
        if state is None:
            continue
        deals += 1
        ad = FiveHundredAdapter(state)
        for pos in walk(ad, ad.root(state), random.Random(seed))[::3]:
            for side in ad.sides:
                want = Search(ad, side, 10**8).exact(pos)
                assert CompiledSearch(ad, side, 10**7).exact(pos) == want, (opts, seed, pos)
    assert deals == count


def test_compiled_search_keeps_its_node_budget() -> None:
    game = cardlab.load("five_hundred")
    state = endgame(game, 3, cards_left=10)
    assert state is not None
    ad = FiveHundredAdapter(state)
    search = CompiledSearch(ad, ad.side_of(ad.to_move(ad.root(state))), 50)
    with pytest.raises(cardlab.solve.SolveBudgetExceeded, match="50 positions"):
        search.exact(ad.root(state))


def test_without_numba_the_same_source_gives_the_same_values() -> None:
    """The compiled loop is one source: with numba's compiler switched off it runs as plain
    Python and values every card of a late position exactly as the compiled loop does."""
    game = cardlab.load("five_hundred")
    state = endgame(game, 5, cards_left=4)
    assert state is not None
    assert values_without_numba(state) == dict(cardlab.solve.values(state))
