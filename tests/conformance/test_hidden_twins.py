"""Hidden stays hidden (DESIGN §3): twin deals look identical to every seat that cannot tell them apart.

A *twin* of a moment is the same deal with two cards hidden from the viewer swapped
between their places, replayed with the same actions. Whatever that viewer is
shown must not change: the view, the static picture, the narration, the legal
list, the auction ladder, what "Save" gives, and the Table widget's synced state.

Runs over every registered game and form (`FORMS` must name each game the
registry lists), every phase reached by seeded playouts, every seat and the
spectator.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from support import replay, swap_tokens, table_forms, twins

import cardlab
from cardlab.bots import bot_for
from cardlab.engine.rng import SplitMix64
from cardlab.engine.state import State
from cardlab.engine.view import public_history

#: every game and form: (game, options)
#: every table of every registered game, and an option with a secret choice of its own
FORMS: list[tuple[str, dict[str, Any]]] = [*table_forms(), ("pandoeren", {"roem_announce": "manual"})]

DEALS = 3          # seeded deals per form
TWINS = 3          # twins tried per moment and viewer
TABLE_EVERY = 7    # the widget and the picture are compared on every 7th moment (they are slower)


def _ids(form: tuple[str, dict[str, Any]]) -> str:
    name, opts = form
    return name + "".join(f"-{v}" for v in opts.values())


def test_every_registered_game_has_a_form() -> None:
    assert {name for name, _ in FORMS} == set(cardlab.game_names())


def _played(game: Any, seed: int) -> State:
    """A seeded deal played to the end by the heuristic bots (varied contracts)."""
    state = game.deal(seed=seed, dealer=seed % game.players)
    bots = {s: bot_for(game.name, "heuristic", seed=seed * 10 + s) for s in range(game.players)}
    n = 0
    while not state.is_over:
        state = state.apply(bots[state.to_move].choose(state), seat=state.to_move)
        n += 1
        assert n < 2000
    return state


def _dump(x: Any) -> str:
    return json.dumps(x, sort_keys=True, default=str)


def _widget_state(state: State, seat: int | None) -> str:
    from cardlab.widgets import Table

    w = Table(state, seat=seat, mode="play", bot_delay=0.5)
    view = dict(w.view)
    view.pop("message", None)
    return _dump(view) + w._static_html()


def _seen_save(state: State, seat: int | None) -> str:
    from cardlab.widgets import Table

    w = Table(state, seat=seat, mode="play", bot_delay=0.5)
    w.handle({"type": "save"})
    return str(w.view["download"]["text"])


def _ladder(state: State, seat: int | None) -> str:
    from cardlab.widgets import AuctionLadder

    if not state.game.bid_ladder():
        return ""
    return _dump(AuctionLadder(state.game, state, seat=seat).view)


def _picture(state: State, seat: int | None) -> str:
    from cardlab.render import state_svg

    return str(state_svg(state, seat=seat, reveal=False))


@pytest.mark.parametrize("form", FORMS, ids=_ids)
def test_twin_deals_look_identical_to_each_seat(form: tuple[str, dict[str, Any]]) -> None:
    name, opts = form
    game = cardlab.load(name, **opts)
    rng = SplitMix64(sum(map(ord, _ids(form))))
    compared = widgets = 0
    for deal in range(DEALS):
        final = _played(game, 100 + deal)
        for k, state in enumerate(final.states()):
            for seat in [None, *range(game.players)]:
                for twin in twins(state, seat, rng, TWINS):
                    assert _dump(twin.view(seat)) == _dump(state.view(seat)), (k, seat)
                    assert twin.narration(seat) == state.narration(seat), (k, seat)
                    compared += 1
                    if k % TABLE_EVERY == 0 or twin.is_over:
                        assert _picture(twin, seat) == _picture(state, seat), (k, seat)
                        assert _ladder(twin, seat) == _ladder(state, seat), (k, seat)
                        assert _widget_state(twin, seat) == _widget_state(state, seat), (k, seat)
                        if twin.is_over:
                            assert _seen_save(twin, seat) == _seen_save(state, seat), (k, seat)
                        widgets += 1
    assert compared >= 50 and widgets >= 5, (compared, widgets)


# -- Five Hundred's joker nomination (5H-6.3): the leak the fuzz found ------------------------

#: the issue's deal: seed 5, dealer 1; E wins 10NT holding the joker and is asked to nominate
NOMINATION = ["bid 9NT", "bid 10C", "bid open_misere", "bid 10NT", "pass", "pass", "pass",
              "discard 10S 8C KH"]


def _nomination_pair() -> tuple[State, State, int]:
    """The issue's deal at the nomination, and its twin with the joker moved from the
    contractor to a hand S cannot see, both just before the opening lead."""
    game = cardlab.load("five_hundred")
    a = game.deal(seed=5, dealer=1)
    for act in NOMINATION:
        a = a.apply(act)
    assert a.phase == "nominate"
    decl = a.to_move
    viewer = 2  # S: neither the contractor (E) nor W (whose card moves)
    assert decl not in (None, viewer)
    owner = next(s for s in range(4) if s not in (decl, viewer))
    give = next(c.code for c in a.hands[owner] if not c.is_joker and c.code not in str(NOMINATION))
    setup = swap_tokens(a.setup, "JK", give)
    b = replay(game, setup, NOMINATION)
    assert b is not None and b.phase == "play" and b.to_move == decl  # no nomination at all
    return a, b, viewer


def test_5h_6_3_nomination_is_invisible_to_the_other_seats() -> None:
    """5H-6.3: only a contractor holding the joker nominates; another seat cannot tell a
    nomination phase (or ``nominate none``) from a contractor without the joker."""
    a, b, viewer = _nomination_pair()
    for seat in (viewer, None):
        assert _dump(a.view(seat)) == _dump(b.view(seat))
        assert a.narration(seat) == b.narration(seat)
        assert _picture(a, seat) == _picture(b, seat)
        assert _widget_state(a, seat) == _widget_state(b, seat)
    declined = a.apply("nominate none")
    for seat in (viewer, None):
        assert _dump(declined.view(seat)) == _dump(b.view(seat))
        assert declined.narration(seat) == b.narration(seat)
        assert "unnominated" not in " ".join(declined.narration(seat))
        # and it stays out of that seat's public history (5H-6.3)
        assert public_history(declined, seat) == public_history(b, seat)
        assert "nominate none" not in public_history(declined, seat)
        assert _widget_state(declined, seat) == _widget_state(b, seat)
    # the contractor knows, and the teacher who shows every hand hears it
    decl = a.to_move
    assert a.view(decl)["phase"] == "nominate"
    assert "leaves the joker unnominated" in declined.narration(decl)[-1]
    assert "leaves the joker unnominated" in declined.narration()[-1]
    assert public_history(declined, decl)[-1] == "nominate none"
    # a suit nomination is announced: every seat sees it
    named = a.apply("nominate H")
    assert named.view(viewer)["nominated"] == "H"
    assert "nominates the joker" in named.narration(viewer)[-1]


def test_5h_6_3_table_steps_do_not_count_the_secret_choice() -> None:
    """The Table of another seat shows the same steps with or without a nomination: the
    moment of the secret choice is no step of its own, and the bots make it at once."""
    from cardlab.widgets import Table

    a, b, viewer = _nomination_pair()
    declined = a.apply("nominate none")
    ta, tb = Table(declined, seat=viewer, mode="review"), Table(b, seat=viewer, mode="review")
    assert ta.view["steps"] == tb.view["steps"] == len(b.history)
    for step in range(len(b.history) + 1):
        ta.go(step)
        tb.go(step)
        va, vb = dict(ta.view), dict(tb.view)
        assert _dump(va) == _dump(vb), step
    # live: the contractor's bot declines without a step or a pause a player could see
    live = Table(a.parent, seat=viewer, mode="play", bot_delay=0.5)  # type: ignore[arg-type]
    twin = Table(b.parent, seat=viewer, mode="play", bot_delay=0.5)  # type: ignore[arg-type]
    assert _dump(live.view) == _dump(twin.view)


def test_a_spectator_sees_no_action_that_depends_on_a_hidden_hand() -> None:
    """Panfin's servito (B2.7) is offered only to a hand with a combination: a spectator
    is never shown it, so two deals give the same legal list (the issue's seeds 22, 23)."""
    game = cardlab.load("panfin", players=4)
    lists = set()
    for seed in (22, 23):
        state = game.deal(seed=seed)
        while state.phase != "declare":
            state = state.apply(state.legal_actions()[0])
        legal = state.view(None)["legal"]
        assert "servito" not in legal
        lists.add(tuple(legal))
        mover = state.to_move
        assert state.view(mover)["legal"] == [str(a) for a in state.legal_actions()]
    assert len(lists) == 1
