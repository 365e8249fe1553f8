"""Roem of whole batches of hands (:mod:`cardlab.sim.pandoeren.roem_tables`) equals the rules'.

The tables put a hand's roem together from its suits' and its fours of a kind (A2.10, P-A14
``roem_card_reuse``); every hand here is checked against
:func:`~cardlab.games.pandoeren.roem.roem_instances` itself, hands holding a four of a kind
included, and the team's roem (A2.10.2, ``roem_denial``) against
:func:`~cardlab.games.pandoeren.roem.team_roem` (through the batch's scalar
``_roem_counts``). The whole-deal batch at the opening lead must stay ``from_states`` of
the engine's states under the roem options the other file's sample leaves out.
"""

from __future__ import annotations

import numpy as np
import pytest
from support import called_to_the_play

import cardlab
from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.roem import best_instance, roem_instances, roem_total
from cardlab.sim.pandoeren import batch as pd
from cardlab.sim.pandoeren.roem_tables import key_number, roem_tables_for, team_roem_table
from cardlab.sim.studies import deal_seeds

DECK = tuple(cardlab.load("pandoeren").deck)


def _hands(n: int, seed: int) -> np.ndarray:
    """``n`` random 8-card hands as masks, every other one holding a four of a kind of a
    rank drawn at random (so the tables' fours are checked often, not once in 150)."""
    rng = np.random.default_rng(seed)
    ranks = sorted({c.rank for c in DECK})
    out = []
    for i in range(n):
        if i % 2:
            rank = ranks[rng.integers(len(ranks))]
            four = [j for j, c in enumerate(DECK) if c.rank == rank]
            rest = [j for j in range(len(DECK)) if j not in four]
            picked = four[:4] + list(rng.choice(rest, 8 - len(four[:4]), replace=False))
        else:
            picked = list(rng.choice(len(DECK), 8, replace=False))
        out.append(sum(1 << int(j) for j in picked))
    return np.array(out, dtype=np.uint64)


def _rule(mask: int, reuse: bool) -> tuple[int, int]:
    inst = roem_instances([c for i, c in enumerate(DECK) if mask >> i & 1], reuse)
    best = best_instance(inst)
    return roem_total(inst), key_number(None if best is None else best.key)


@pytest.mark.parametrize("reuse", [True, False])
def test_hand_facts_are_the_rules(reuse: bool) -> None:
    """A2.10 / P-A14: each hand's total and best denial key from the tables are those of
    ``roem_instances`` on the hand, with and without card reuse, fours of a kind included;
    a ``(B, 4)`` array of hands gives the same as the flat one."""
    hands = _hands(3000, 1 if reuse else 2)
    total, best = roem_tables_for(DECK, reuse).facts(hands)
    want = [_rule(int(m), reuse) for m in hands]
    assert total.tolist() == [w[0] for w in want]
    assert best.tolist() == [w[1] for w in want]
    assert (total > 0).mean() > 0.25 and (best == -1).any()  # both kinds of hand are seen
    t2, b2 = roem_tables_for(DECK, reuse).facts(hands.reshape(-1, 4))
    assert t2.ravel().tolist() == total.tolist() and b2.ravel().tolist() == best.tolist()


def test_key_number_keeps_the_order() -> None:
    """Denial compares keys as tuples: their numbers compare alike (none below all)."""
    keys = sorted({i.key for m in _hands(400, 3)
                   for i in roem_instances([c for j, c in enumerate(DECK) if int(m) >> j & 1])})
    numbers = [key_number(k) for k in keys]
    assert numbers == sorted(numbers) and len(set(numbers)) == len(keys) > 10
    assert key_number(None) < min(numbers)


@pytest.mark.parametrize("denial", [True, False])
def test_team_roem_is_the_rules(denial: bool) -> None:
    """A2.10.2: the roem counted for every set of announcers (none, the declarer, the
    partner, both) is the rules' ``team_roem`` (the batch's ``_roem_counts``), for random
    deals, declarers, partners (or none) and bidders."""
    rng = np.random.default_rng(4 + denial)
    n = 1500
    hands = _hands(4 * n, 5 + denial).reshape(n, 4)
    declarer = rng.integers(0, 4, n)
    partner = np.where(rng.random(n) < 0.2, -1, (declarer + rng.integers(1, 4, n)) % 4)
    bidders = rng.random((n, 4)) < 0.5
    total, best = roem_tables_for(DECK, True).facts(hands)
    got = team_roem_table(total, best, declarer, partner, bidders, denial)
    instances = {}
    for b in range(n):
        facts = []
        for m in hands[b]:
            inst = instances.setdefault(int(m), roem_instances(
                [c for i, c in enumerate(DECK) if int(m) >> i & 1]))
            facts.append((roem_total(inst), inst))
        want = pd._roem_counts(facts, int(declarer[b]), int(partner[b]),
                               set(np.flatnonzero(bidders[b]).tolist()), denial)
        assert got[b].tolist() == want, b
    assert (got[:, 3] > 0).any()
    denied = (got[:, 1] == 0) & (total[np.arange(n), declarer] > 0)  # the declarer's roem
    assert denied.any() == denial  # is denied somewhere exactly when denial is on


def test_team_roem_counted_on_ints_and_arrays() -> None:
    """The kernel's test gives the same answers on ints and on arrays."""
    total = np.array([0, 20, 20, 50, 100, 0])
    best = np.array([-1, 5, 5, 9, 3, -1])
    deny = np.array([-1, 4, 6, 9, 7, 2])
    for denial in (True, False):
        got = K.team_roem_counted(total, best, deny, denial)
        assert got.tolist() == [bool(K.team_roem_counted(int(t), int(b), int(d), denial))
                                for t, b, d in zip(total, best, deny, strict=True)]
    assert K.team_roem_counted(total, best, deny, True).tolist() == [
        False, True, False, True, False, False]


@pytest.mark.parametrize("opts", [
    {"roem_card_reuse": False},
    {"roem_card_reuse": False, "roem_denial": False, "roem_announce": "manual"},
    {"rank_order": "klaverjas", "pass_is_final": False},
], ids=lambda o: ",".join(o))
def test_opening_lead_roem_is_from_states(opts) -> None:
    """The whole-deal batch at the opening lead has the roem and stuk of ``from_states`` of
    the engine's states there (and every other field), under the roem options."""
    game = cardlab.load("pandoeren", **opts)
    n = 500
    seeds = deal_seeds(21, 0, n)
    dealers = (np.arange(n) + 2) % 4
    _, idx, batch = pd.opening_lead(game, seeds, dealers)
    assert batch is not None
    states = [called_to_the_play(game.deal(seed=int(seeds[b]), dealer=int(dealers[b])),
                                 int(seeds[b])) for b in idx]
    want = pd.PandoerenBatch.from_states(states)
    assert (want.roem_counted > 0).any()
    for key, value in want.__dict__.items():
        if isinstance(value, np.ndarray):
            np.testing.assert_array_equal(batch.__dict__[key], value, err_msg=key)
