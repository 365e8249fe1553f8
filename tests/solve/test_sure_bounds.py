"""The bounds the compiled search trusts at a trick start (:func:`trick_core._sure`) hold the
true value between them, in every contract and option that changes what is sure.

The search of :mod:`cardlab.solve.trick_core` returns at once where its bounds meet the
window, so an unsound bound could change a value deep in a search without a root's value
showing it on the deals tried. Here each bound is checked directly: at every trick start of
the last three tricks on random paths, for every side, against the brute force of
``test_compiled_core`` (every legal card, no table, no bounds). The contracts are each
denomination and misère (plain and open; the first seat bids it, everyone else passes), with
and without the misère stop rule, under the joker's rules and every player count.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from test_compiled_core import brute

import cardlab
from cardlab.bots import bot_for
from cardlab.solve import trick_core
from cardlab.solve.five_hundred import CompiledSearch, FiveHundredAdapter, Position

#: the options that change what is sure (the misère stop rule, the joker's play and lead)
OPTIONS: list[dict[str, Any]] = [
    {},
    {"stop_misere_on_first_trick_won": False},
    {"misere_void_must_play_joker": False, "joker_lead_nomination": "any"},
    {"joker_after_all_suits_led": "no_play_before_last_trick",
     "joker_lead_only_last_trick": True},
]
#: the calls the first seat makes, where legal
CALLS = ["bid 6S", "bid 7H", "bid 6NT", "bid misere", "bid open_misere"]
PLAYERS = [4, 2, 3, 5, 6]


def to_the_play(state: Any, call: str, seed: int) -> Any:
    """``state`` after ``call`` by the first seat, the others passing and the heuristic bot
    making the rest of the calls (kitty, nomination): the opening lead, or None."""
    state = state.apply(call)
    bot = bot_for(state.game.name, "heuristic", seed=seed)
    while state.phase not in ("play", "done"):
        state = state.apply("pass" if state.phase == "auction" else bot.choose(state))
    return state if state.phase == "play" else None


def trick_starts(ad: FiveHundredAdapter, pos: Position, rng: random.Random,
                 cards_left: int) -> list[Position]:
    """The trick starts of one random path where no hand in play holds more than
    ``cards_left`` (a misère's dead hand keeps its cards); a misère's contractor plays its
    weakest card and the defenders mostly their strongest (so that the deal goes on)."""
    out = []
    while not pos.over:
        if not pos.plays and max(bin(h).count("1") for h, live in zip(pos.hands, ad.active)
                                 if live) <= cards_left:
            out.append(pos)
        groups = ad.moves(pos)
        key = ad.lead_key if pos.led < 0 else ad.strength[pos.led]
        weight = [(key[g[0] // 8], ad.table.power[g[0] // 8]) for g in groups]
        if ad.misere and pos.turn == ad.declarer:
            group = groups[weight.index(min(weight))]
        elif ad.misere and rng.random() < 0.7:
            group = groups[weight.index(max(weight))]
        else:
            group = rng.choice(groups)
        pos = ad.child(pos, group[0])
    return out


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_sure_bounds_hold_the_true_value(players: int, options: dict[str, Any]) -> None:
    opts: dict[str, Any] = {"players": players, "misere_requires_seven": False, **options}
    if players == 2:
        opts["two_player_form"] = "dead_hand_33"
    game = cardlab.load("five_hundred", **opts)
    deals = 60 if players <= 4 else 8 if players == 5 else 6  # six hands: the brute force is slow
    checked = misere = tight = 0
    misere_called = False
    for seed in range(deals):
        fresh = game.deal(seed=seed, dealer=seed % game.players)
        legal = {str(a) for a in fresh.legal_actions()}
        for call in CALLS:
            if call not in legal:
                continue
            state = to_the_play(fresh, call, seed)
            if state is None:
                continue
            misere_called |= "misere" in call
            ad = FiveHundredAdapter(state)
            memo: dict[Any, float] = {}
            for pos in trick_starts(ad, ad.root(state), random.Random(seed), 3):
                hands = np.zeros(trick_core.MAX_POS, dtype=np.int64)
                hands[:len(pos.hands)] = pos.hands
                left = bin(pos.hands[pos.turn]).count("1")
                for side in ad.sides:
                    search = CompiledSearch(ad, side, 10**6)
                    rest = search.sign * brute(ad, pos, side, memo) - search._so_far(pos)
                    lo, hi = trick_core._sure(hands, pos.turn, left, search.ctx)
                    assert lo <= rest <= hi, (opts, seed, call, pos, side, lo, rest, hi)
                    checked += 1
                    misere += ad.misere
                    tight += lo > 0 or hi < left
    assert checked > 50 and tight > 0, (checked, tight)
    assert misere > 0 or not misere_called
