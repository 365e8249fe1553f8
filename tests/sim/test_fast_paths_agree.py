"""The fast paths and the judge agree (#32): in every game with a simulator, over thousands of
seeded positions of the card play, the batch's legal cards are the judge's, and a card played
in the batch (and in Five Hundred's rollout) leaves the same seat to move — at a trick's end,
the trick's winner by the game's kernel (``trick_best``) against the engine's
(``CardOrder.best``, which Five Hundred's card order also answers by the kernel).

Positions come from whole deals played by uniformly random legal actions from the deal on
(one ``SplitMix64`` per seed), so they reach every contract the auction allows, the joker's
and the partner's rules included; every play position of each deal is kept.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support import play_positions, table_forms

import cardlab
from cardlab.engine import registry
from cardlab.engine.rng import SplitMix64
from cardlab.engine.tricks import CardOrder
from cardlab.games.five_hundred.kernel import trick_best, trick_key, trick_winner_index
from cardlab.games.five_hundred.rules import SUITS, card_table
from cardlab.sim.simulator import simulator_for


def _batch_forms() -> list[tuple[str, dict[str, Any]]]:
    """Every table of every registered game (``support.table_forms``: the registry's) whose
    simulator's batch takes its card play from any position (``Simulator.batchable``)."""
    out = []
    for name, opts in table_forms():
        game = cardlab.load(name, **opts)
        try:
            sim = simulator_for(game)
        except NotImplementedError:
            continue
        if sim.batchable(game):
            out.append((name, opts))
    return out


#: games (and forms) whose card play the batch simulator takes from any position
FORMS = _batch_forms()


#: deals per game: enough for over a thousand play positions (a random auction often passes
#: Pandoeren out)
SEEDS = {"officer_skat": 60, "pandoeren": 400}


def card_mask(game: Any, codes: Any) -> int:
    """The mask of the cards named by ``codes`` (bit ``i`` = ``game.deck[i]``)."""
    return sum(1 << game.deck.index(game.deck.parse(c)) for c in codes)


def judge_singles(game: Any, state: Any) -> int:
    """The cards the judge lets the seat to move play alone (a mask)."""
    return card_mask(game, {a.args[0] for a in state.legal_actions()
                            if a.verb == "play" and (len(a.args) == 1 or a.args[1] in SUITS)})


def batch_singles(batch: Any) -> np.ndarray:
    """The batch's legal single cards, per deal."""
    legal = batch.legal()
    return np.asarray(legal[0] if isinstance(legal, tuple) else legal, dtype=np.uint64)


def apply_plays(game: Any, batch: Any, actions: list[Any]) -> None:
    """Play each deal's ``action`` in the batch, through its own ``apply``."""
    first = [game.deck.index(game.deck.parse(a.args[0])) for a in actions]
    live = np.ones(len(actions), dtype=bool)
    if game.name == "five_hundred":  # a joker lead names a suit
        named = [SUITS.index(a.args[1]) if len(a.args) > 1 else -1 for a in actions]
        batch.apply(np.array(first), np.array(named), live)
    elif game.name == "panfin":  # the jokers may go as a pair
        none = batch.tb.n_cards
        second = [game.deck.index(game.deck.parse(a.args[1])) if len(a.args) > 1 else none
                  for a in actions]
        batch.apply(np.array(first), np.array(second), live)
    else:
        batch.apply(np.array(first), live)


@pytest.fixture(scope="module", params=FORMS, ids=lambda f: f"{f[0]}{f[1] or ''}")
def positions(request: pytest.FixtureRequest) -> tuple[Any, list[tuple[Any, Any]]]:
    name, options = request.param
    game = cardlab.load(name, **options)
    n = SEEDS.get(name, 150)
    found = play_positions(game, range(n))
    while len(found) < 1000 and n < 2000:  # a small table's deals are short: deal more
        found += play_positions(game, range(n, n + 50))
        n += 50
    return game, found


def test_thousands_of_positions(positions: tuple[Any, list[tuple[Any, Any]]]) -> None:
    """The sample is large and reaches the end of tricks (a winner to compare)."""
    game, found = positions
    assert len(found) >= 1000, len(found)
    assert registry.simulator_module(game.name) is not None


def test_the_batch_allows_the_cards_the_judge_allows(
        positions: tuple[Any, list[tuple[Any, Any]]]) -> None:
    """Legal cards: the batch's mask (the game's kernel on arrays) is the judge's, position by
    position (5H-7, OS-5.5, A2.8, B2.10.3)."""
    game, found = positions
    batch = simulator_for(game).batch.from_states([s for s, _ in found])
    got = batch_singles(batch)
    want = [judge_singles(game, s) for s, _ in found]
    bad = [i for i, w in enumerate(want) if int(got[i]) != w]
    assert bad == [], [(str(found[i][0].history[-3:]), hex(int(got[i])), hex(want[i]))
                       for i in bad[:3]]


def test_a_card_played_in_the_batch_leaves_the_judges_seat_to_move(
        positions: tuple[Any, list[tuple[Any, Any]]]) -> None:
    """Trick winners: after each card, the batch's seat to move is the engine's (the next
    follower, or at a trick's end its winner, who leads the next), wherever the deal goes on
    to another card."""
    game, found = positions
    batch = simulator_for(game).batch.from_states([s for s, _ in found])
    apply_plays(game, batch, [a for _, a in found])
    after = [s.apply(a) for s, a in found]
    checked = [i for i, s in enumerate(after)
               if not s.is_over and any(a.verb == "play" for a in s.legal_actions())]
    assert len(checked) > len(found) // 2
    ends = sum(1 for i in checked if len(after[i].history) and _trick_done(found[i][0], after[i]))
    assert ends > len(found) // 20  # a fair share of the cards end a trick
    wrong = [i for i in checked if int(batch.to_move[i]) != after[i].to_move]
    assert wrong == [], [(i, int(batch.to_move[i]), after[i].to_move) for i in wrong[:3]]


def _trick_done(before: Any, after: Any) -> bool:
    """Whether the card between ``before`` and ``after`` ended a trick."""
    def count(state: Any) -> int:  # Panfin keeps its tricks as tricks_
        return len(getattr(state, "tricks", None) or getattr(state, "tricks_", ()))

    return count(after) > count(before)


# -- Five Hundred: the rollout keeps its own loop (for speed); checked against the kernel ----
@pytest.mark.parametrize("options", [{}, {"players": 3}, {"players": 5}])
def test_the_rollout_takes_the_kernels_trick_winner(options: dict[str, Any]) -> None:
    """5H-7.1: the rollout's inlined trick winner (``apply_id``) is the kernel's
    ``trick_best`` and the engine's, over every card of 200 random deals."""
    game = cardlab.load("five_hundred", **options)
    found = play_positions(game, range(200))
    assert len(found) >= 1000
    for state, action in found:
        rollout = state.rollout()
        rollout.apply_id(game.action_id(str(action)))
        after = state.apply(action)
        if not after.is_over:
            assert rollout.to_move == after.to_move, (state.history, action)
        assert list(rollout.tricks_won) == list(after.tricks_won), (state.history, action)


def test_the_kernels_trick_winner_is_the_engines_card_order() -> None:
    """5H-7.1: every finished trick of 300 random deals, in every contract met, is won by the
    card the kernel's keys pick (:func:`trick_winner_index` over :func:`trick_key`, which the
    game's card order now asks) and by the engine's generic ``CardOrder.best`` (class, then
    power: an independent statement of the rule)."""
    game = cardlab.load("five_hundred")
    tricks = 0
    for seed in range(300):
        state, rng = game.deal(seed=seed), SplitMix64(seed)
        while not state.is_over:
            state = state.apply(rng.choice(state.legal_actions()))
        if not state.tricks:
            continue
        rules = state.rules
        table = card_table(game, rules.denomination, rules.nominated)
        for trick in state.tricks:
            led = SUITS.index(trick.suit)
            keys = [trick_key(table.eff[game.deck.index(p.card)],
                              table.power[game.deck.index(p.card)], led, table.trump)
                    for p in trick.plays]
            assert trick.plays[trick_winner_index(keys)].seat == trick.winner
            assert CardOrder.best(rules, trick.plays, trick.suit).seat == trick.winner
            tricks += 1
    assert tricks >= 1000


def test_trick_best_runs_on_ints_and_arrays_alike() -> None:
    """The kernel's trick_best gives the same answer on one deal and on a batch."""
    rng = np.random.default_rng(5)
    key, best = rng.integers(0, 320, 500), rng.integers(-1, 320, 500)
    seat, best_seat, leading = rng.integers(0, 4, 500), rng.integers(0, 4, 500), rng.random(500) < .2
    arr = trick_best(key, best, best_seat, seat, leading)
    one = [trick_best(int(k), int(b), int(bs), int(s), bool(ld))
           for k, b, bs, s, ld in zip(key, best, best_seat, seat, leading)]
    assert [tuple(int(x) for x in pair) for pair in zip(*arr)] == one
