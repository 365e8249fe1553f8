"""Helpers for the Officer Skat tests: stacked deals with only the piles a test cares about.

``stacked(f=[...], d=[...])`` builds a deal with dealer seat 1, so forehand (F,
the declarer) is seat 0 (P1) and the dealer (D) is seat 1 (P2). Each list holds
up to 8 piles ``"down/up"``; ``?`` in a pile (``"?/AS"``) and missing piles are
filled with the unused cards in pack order.
"""

from __future__ import annotations

from typing import Any

import cardlab
from cardlab.cards import skat_pack
from cardlab.games.officer_skat.scoring import DealFacts

F, D = 0, 1


def fill_piles(f: list[str] | None = None, d: list[str] | None = None) -> list[str]:
    """Two pile strings (seat 0 = F, seat 1 = D) with the gaps filled in pack order."""
    pack = skat_pack()
    seats = [list(f or []), list(d or [])]
    used = {c for s in seats for pile in s for c in pile.split("/") if c != "?"}
    spare = [c.code for c in pack if c.code not in used]
    out = []
    for piles in seats:
        piles = piles + ["?/?"] * (8 - len(piles))
        done = []
        for pile in piles:
            down, up = pile.split("/")
            if down == "?":
                down = spare.pop(0)
            if up == "?":
                up = spare.pop(0)
            done.append(f"{down}/{up}")
        out.append(" ".join(done))
    return out


def stacked(f: list[str] | None = None, d: list[str] | None = None, **options: Any):
    """A deal (dealer seat 1, so F is seat 0) under ``options``."""
    game = cardlab.load("officer_skat", **options)
    return game.deal(piles=fill_piles(f, d), dealer=D)


def to_play(state, game: str = "H", kontra: bool = False, re: bool = False):
    """Declare ``game`` and answer the Kontra/Re questions, up to the opening lead."""
    state = state.apply(f"declare {game}")
    while state.phase in ("kontra", "re"):
        if state.phase == "kontra":
            state = state.apply("kontra" if kontra else "no_kontra")
        else:
            state = state.apply("re" if re else "no_re")
    return state


def legal(state) -> list[str]:
    """Legal actions as strings."""
    return [str(a) for a in state.legal_actions()]


def facts(contract: str, points: tuple[int, int], tricks: tuple[int, int] = (8, 8),
          cards: str = "", kontra: bool = False, re: bool = False,
          declarer: int | None = 0) -> DealFacts:
    """Scoring facts for a finished deal with declarer seat 0 holding ``cards``."""
    pack = skat_pack()
    return DealFacts(contract, declarer, kontra, re, points, tricks,
                     tuple(pack.parse_many(cards)), ("P1", "P2"), pack.suit_name)


def opts(**options: Any):
    """The options object for ``options``."""
    return cardlab.load("officer_skat", **options).options
