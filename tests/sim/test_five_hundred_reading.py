"""Five Hundred's auction read into the coach's layouts (:mod:`cardlab.sim.five_hundred.reading`):
the heuristic's own calls always fit the hands they were made on, and the layouts of the
play keep the hands every other seat's calls fit."""

from __future__ import annotations

import numpy as np
import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.sim.five_hundred import sampling
from cardlab.sim.five_hundred.reading import call_reads, misfits


def test_the_reading_never_rules_out_the_heuristics_own_calls() -> None:
    """The sampled deals keep the hands the others' calls fit
    (:mod:`cardlab.sim.five_hundred.reading`); a reading that ruled out a hand the heuristic
    bot itself calls on would rule out true deals. Over 1,000 seeded auctions of the
    heuristic bots (every seat, every call), every call fits its caller's hand as dealt."""
    game = cardlab.load("five_hundred")
    bit = {c: 1 << i for i, c in enumerate(game.deck)}
    calls = bids = 0
    for seed in range(1000):
        s = game.deal(seed=seed, dealer=seed % 4)
        hands = np.array([[sum(bit[c] for c in s.hands[k]) for k in range(4)]],
                         dtype=np.uint64)
        bots = [bot_for(game.name, "heuristic", seed=i) for i in range(4)]
        while s.phase == "auction":
            s = s.apply(bots[s.to_move].choose(s))
        reads = call_reads(s)
        assert list(misfits(game, reads, hands)) == [0], (seed, reads)
        calls += len(reads)
        bids += sum(r.call != "pass" for r in reads)
    assert calls > 4000 and bids > 500


def _at_call(state: cardlab.State, layouts: np.ndarray) -> np.ndarray:
    """Each seat's hand when it called: the layout's hand and the cards it has played."""
    played = np.zeros(layouts.shape[1], dtype=np.uint64)
    for trick in (*state.tricks, state.trick):
        for p in trick.plays:
            played[p.seat] |= np.uint64(1 << state.game.deck.index(p.card))
    return (layouts | played)[:, :state.game.players]


def test_the_layouts_of_the_play_read_the_auction(monkeypatch: pytest.MonkeyPatch) -> None:
    """#29 layouts "consistent with what that seat has seen": in the play, the layouts keep
    the hands the others' calls fit (5H-5 the auction is public), over 200 seeded deals a
    few tricks in; drawn without the reading (one draw a layout), far fewer fit."""
    game = cardlab.load("five_hundred")
    kept = fitted = fitted_unread = 0
    for seed in range(200):
        s = game.deal(seed=seed, dealer=seed % 4)
        bots = [bot_for("five_hundred", "heuristic", seed=i) for i in range(4)]
        while not s.is_over and (s.phase != "play" or len(s.tricks) < 2):
            s = s.apply(bots[s.to_move].choose(s))
        if s.is_over:
            continue
        reads = [r for r in call_reads(s, skip=s.to_move)
                 if not (r.seat == s.declarer and r.call == "pass")]
        monkeypatch.setattr(sampling, "DRAWS", 16)
        read = sampling.sample_layouts(s, 8, seed)
        monkeypatch.setattr(sampling, "DRAWS", 1)
        unread = sampling.sample_layouts(s, 8, seed)
        kept += len(read)
        fitted += int((misfits(game, reads, _at_call(s, read)) == 0).sum())
        fitted_unread += int((misfits(game, reads, _at_call(s, unread)) == 0).sum())
    assert kept > 1000
    assert fitted >= 0.95 * kept and fitted_unread < 0.8 * fitted
