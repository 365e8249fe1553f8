"""Five Hundred's compiled pieces against plain references.

The bit helpers of the heuristic's compiled card play
(:mod:`cardlab.bots.five_hundred_play`) and of the compiled calls
(:mod:`cardlab.sim.five_hundred.calls`) are checked against the masks' bits read one by
one; the play's pick of the cheapest (dearest) card by lead key against the lead keys
themselves; the batch's compiled legal cards against the kernel asked on one deal's
Python ints, at every step of whole deals under several play-rule sets; the heuristic
played out deal by deal in one loop against the same deals played a step at a time; and
the compiled trick estimates against the scalar bot's ``_estimate``, float for float.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.bots import five_hundred_play as fp
from cardlab.games.five_hundred import kernel
from cardlab.games.five_hundred.rules import DENOMINATIONS, TABLE_KEYS
from cardlab.sim.five_hundred import batch as fh
from cardlab.sim.five_hundred import calls as fc
from cardlab.sim.rng import PLAY_STREAM, Streams, deal_seeds, derive_seeds
from cardlab.solve.mask_bits import lowest_bit

#: play options that change the legal cards (the joker's rules J1-J6, 5H-7.3) or the play
PLAY_SETS: list[dict[str, Any]] = [
    {},
    {"joker_lead_nomination": "not_shown_void", "joker_after_all_suits_led":
     "no_play_before_last_trick", "misere_void_must_play_joker": False},
    {"joker_lead_nomination": "any", "joker_after_all_suits_led": "none",
     "joker_lead_only_last_trick": True, "first_lead": "left_of_dealer"},
    {"players": 3, "stop_misere_on_first_trick_won": False},
    {"players": 5},
    {"players": 6, "joker_nomination": False},
]


def _masks(rng: np.random.Generator, size: int, bits: int) -> list[int]:
    """Random masks of ``bits`` bits, sparse and dense, with empty ones among them."""
    out = [0, 1, 1 << (bits - 1), (1 << bits) - 1]
    for _ in range(size):
        density = rng.random()
        out.append(sum(1 << i for i in range(bits) if rng.random() < density))
    return out


def test_bit_helpers_are_the_masks_bits() -> None:
    rng = np.random.default_rng(3)
    for m in _masks(rng, 2000, 63):
        bits = [i for i in range(63) if m >> i & 1]
        assert lowest_bit(m) == (bits[0] if bits else -1)
        assert fp._count(m) == len(bits) == fc._count(m)
        if not bits or bits[-1] - bits[0] < 53:  # _highest's stated reach
            assert fp._highest(m) == (bits[-1] if bits else -1)
    for span in range(1, 53):  # a suit anywhere in the mask, its bits fewer than 53 apart
        for low in (0, 5, 62 - span):
            m = (1 << low) | (1 << (low + span))
            assert fp._highest(m) == low + span


@pytest.mark.parametrize("players", [4, 6])
def test_pick_is_the_cheapest_or_dearest_by_lead_key(players: int) -> None:
    """The compiled pick (lead-key groups looked up a byte at a time) is the card of
    ``mask`` with the least (greatest) lead key, the earliest in the pack on ties."""
    game = cardlab.load("five_hundred", players=players)
    pt = fp.play_tables(game)
    rng = np.random.default_rng(players)
    for table in range(len(TABLE_KEYS)):
        keys = pt.lead_key[table].tolist()
        for m in _masks(rng, 300, pt.n_cards):
            cards = [i for i in range(pt.n_cards) if m >> i & 1]
            cheap = min(cards, key=lambda i: (keys[i], i)) if cards else -1
            dear = min(cards, key=lambda i: (-keys[i], i)) if cards else -1
            assert fp._pick(pt.compiled, table, m, False) == cheap
            assert fp._pick(pt.compiled, table, m, True) == dear


def _kernel_legal(batch: fh.FiveHundredBatch, b: int) -> tuple[int, int]:
    """The kernel's legal cards and joker names for deal ``b``, asked on Python ints."""
    tb = batch.tb
    seat = int(batch.to_move[b])
    hand = int(batch.hands[b, seat]) & ~int(batch.played[b])
    if tb.ghosts:
        hand &= ~int(batch.hidden[b])
    t = int(batch.table[b])
    cards, names = kernel.legal_mask(
        hand, int(tb.suitmask[t, int(batch.led[b])]), bool(batch.n_played[b] == 0),
        int(tb.free_mask[t]), int(batch.suits_led[b]), int(batch.voids[b, seat]),
        int(batch.n_tricks[b]) + 1, bool(batch.misere[b]), tb.play)
    return int(cards), int(names)


@pytest.mark.parametrize("opts", PLAY_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "standard")
def test_compiled_legal_cards_are_the_kernels_at_every_step(opts: dict[str, Any]) -> None:
    game = cardlab.load("five_hundred", **opts)
    n = 120
    seeds = deal_seeds(20261206, 0, n)
    dealers = np.arange(n) % game.players
    _, idx, batch = fh.opening_lead(game, seeds, dealers)
    streams = Streams(derive_seeds(seeds[idx], PLAY_STREAM))
    asked = joker_names = 0
    while not batch.done.all():
        legal, names = batch.legal()
        for b in np.flatnonzero(~batch.done):
            want = _kernel_legal(batch, int(b))
            assert (int(legal[b]), int(names[b])) == want, (opts, int(b))
            asked += 1
            joker_names += want[1] != 0
        batch.step("random", streams)
    assert asked > 20 * idx.size
    if game.players == 4 and not game.options.joker_lead_only_last_trick:
        assert joker_names > 0  # an unnominated joker was led somewhere


@pytest.mark.parametrize("opts", PLAY_SETS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "standard")
def test_heuristic_played_out_deal_by_deal_is_the_stepped_play(opts: dict[str, Any]) -> None:
    """The heuristic's unrecorded play (each deal to its end in one compiled loop) ends
    every deal as the recorded play, a step at a time over all deals, does."""
    game = cardlab.load("five_hundred", **opts)
    n = 300
    seeds = deal_seeds(7, 0, n)
    _, _, batch = fh.opening_lead(game, seeds, np.arange(n) % game.players)
    whole = batch.take(np.arange(batch.size)).play("heuristic")
    stepped = batch.take(np.arange(batch.size)).play("heuristic", record=True)
    assert stepped.record is not None and len(stepped.record) >= 2
    for name in ("played", "tricks_won", "ctricks", "n_tricks", "n_actions", "done", "voids",
                 "suits_led", "best_seat", "to_move"):
        assert getattr(whole, name).tolist() == getattr(stepped, name).tolist(), name
    assert whole.scores().tolist() == stepped.scores().tolist()
    assert whole.done.all()


@pytest.mark.parametrize("players", [3, 4, 6])
def test_trick_estimates_are_the_bots_float_for_float(players: int) -> None:
    game = cardlab.load("five_hundred", players=players)
    ct = fc.call_tables(game)
    bot: Any = bot_for("five_hundred", "heuristic", seed=0)
    seeds = deal_seeds(11, 0, 40)
    hands, _ = fh.deal_batch(game, seeds, 0)
    est = fc.trick_estimates(ct, hands)
    for b in range(len(seeds)):
        for s in range(hands.shape[1]):
            cards = [c for i, c in enumerate(game.deck) if int(hands[b, s]) >> i & 1]
            for k, den in enumerate(DENOMINATIONS):
                assert est[b, s, k] == bot._estimate(game, cards, den), (b, s, den)
