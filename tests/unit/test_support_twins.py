"""The twin-deal helper of ``tests/support.py`` that every "hidden stays hidden" test uses.

A twin of a moment swaps two cards the viewer cannot know. Two things must hold for the
tests built on it to mean anything: the twins are the same on every run (the card order
must not follow Python's string hashing, which ``PYTHONHASHSEED`` changes), and no twin
moves a card the viewer has seen at any moment of the deal, such as Pandoeren's kijkkaart,
face up to every seat from the deal until the declarer takes it (Pandoeren A2.4, A2.9).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from support import _hidden_codes, random_playout, table_forms, twins

import cardlab
from cardlab.engine.rng import SplitMix64
from cardlab.engine.view import visible_codes

TESTS = Path(__file__).resolve().parents[1]

#: prints, for a few games and seeds, the deal string of every twin of a few moments
TWIN_PRINTER = """
import sys
sys.path.insert(0, sys.argv[1])
import cardlab
from cardlab.engine.rng import SplitMix64
from support import random_playout, twins

for name in cardlab.game_names():
    game = cardlab.load(name)
    for seed in (1, 2):
        final = random_playout(game.deal(seed=seed, dealer=seed % game.players), seed)
        chain = final.states()
        for state in chain[:: max(1, len(chain) // 4)]:
            for seat in (None, state.to_move or 0):
                for twin in twins(state, seat, SplitMix64(seed), 2):
                    print(name, seed, len(state.history), seat, twin.deal_string())
"""


def _twin_lines(hashseed: str) -> list[str]:
    env = {**os.environ, "PYTHONHASHSEED": hashseed}
    out = subprocess.run([sys.executable, "-c", TWIN_PRINTER, str(TESTS)], capture_output=True,
                         text=True, env=env, check=True, timeout=300)
    return out.stdout.splitlines()


def test_twins_are_the_same_whatever_the_hash_seed() -> None:
    """The same seed gives the same twins under two string-hash seeds (tests are repeatable)."""
    one, two = _twin_lines("1"), _twin_lines("2")
    assert len({line.split()[0] for line in one}) >= 2, one  # several games made twins
    assert one == two


#: the parts of a view that show cards (those ``visible_codes`` reads)
CARD_PARTS = ("hands", "trick", "last_trick", "extras", "piles")


def _card_places(view: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """Each card the view shows face up, and where it shows it (the keys and indices down
    to the list of cards holding it)."""
    shown = visible_codes(view)
    out: dict[str, tuple[Any, ...]] = {}

    def walk(x: Any, path: tuple[Any, ...]) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, (*path, k))
        elif isinstance(x, list):
            for i, v in enumerate(x):
                walk(v, path if isinstance(v, str) else (*path, i))
        elif isinstance(x, str) and x in shown:
            out[x] = path

    for part in CARD_PARTS:
        walk(view.get(part), (part,))
    return out


def _ids(form: tuple[str, dict[str, Any]]) -> str:
    name, opts = form
    return name + "".join(f"-{v}" for v in opts.values())


@pytest.mark.parametrize("form", table_forms(), ids=_ids)
def test_no_twin_moves_a_card_the_seat_has_seen(form: tuple[str, dict[str, Any]]) -> None:
    """At every moment from the deal to the twinned one, the seat's view shows the same
    cards in the same places in the twin: no twin moves a card the seat has seen."""
    name, opts = form
    game = cardlab.load(name, **opts)
    made = 0
    for seed in (7, 8):  # (one of them may be a Panfin deal won at the cut, B2.5: no hands)
        final = random_playout(game.deal(seed=seed, dealer=seed % game.players), seed)
        rng = SplitMix64(seed)
        chain = final.states()
        for seat in [None, *range(game.players)]:
            places = [_card_places(s.view(seat)) for s in chain]
            for k in range(0, len(chain), max(1, len(chain) // 8)):  # a few moments: quick
                state = chain[k]
                for twin in twins(state, seat, rng, 2):
                    assert twin.hands != state.hands
                    for j, moment in enumerate(twin.states()):
                        assert _card_places(moment.view(seat)) == places[j], (seed, k, seat, j)
                    made += 1
    assert made >= 10, made


def test_a2_4_the_kijkkaart_is_never_swapped() -> None:
    """Pandoeren A2.4: the kijkkaart is dealt face up, seen by every seat; after the declarer
    takes it (A2.7) no view shows it any more, yet no twin may move it."""
    game = cardlab.load("pandoeren")
    plays = (random_playout(game.deal(seed=seed, dealer=seed % 4), seed) for seed in range(40))
    final = next(f for f in plays if any(str(a).startswith("discard") for a in f.history))
    after = [s for s in final.states() if s.phase not in ("auction", "exchange")]
    kijk = final.kijkkaart.code  # type: ignore[attr-defined]
    rng = SplitMix64(4)
    gone = compared = 0
    for state in after:
        for seat in [None, *range(4)]:
            gone += kijk not in visible_codes(state.view(seat))
            assert kijk not in _hidden_codes(state, seat), (len(state.history), seat)
            for twin in twins(state, seat, rng, 2):
                assert twin.kijkkaart == final.kijkkaart  # type: ignore[attr-defined]
                compared += 1
    assert gone > 0 and compared > 0, (gone, compared)
