"""Every registered game, its states and its simulator satisfy the engine's protocols
(``cardlab/engine/protocols.py``, #32 item 4): the types the layers above name them by."""

from __future__ import annotations

import pytest
from support import table_forms

import cardlab
from cardlab.bots import bot_for
from cardlab.engine import registry
from cardlab.engine.playout import Bot
from cardlab.engine.protocols import GameLike, Simulator, StateLike, simulator_of


@pytest.mark.parametrize(("game", "options"), table_forms())
def test_every_game_and_state_is_game_like_and_state_like(game, options):
    g = cardlab.load(game, **options)
    assert isinstance(g, GameLike)
    state = g.deal(seed=2)
    while True:
        assert isinstance(state, StateLike) and isinstance(state.game, GameLike)
        if state.is_over:
            break
        state = state.apply(str(state.legal_actions()[0]))


@pytest.mark.parametrize("game", registry.names())
def test_every_registered_simulator_is_a_simulator(game):
    sim = simulator_of(game)
    if sim is not None:
        assert isinstance(sim, Simulator)
        assert isinstance(sim.plays_whole(cardlab.load(game)), bool)


@pytest.mark.parametrize("game", registry.names())
def test_every_heuristic_bot_is_a_bot(game):
    bot: Bot = bot_for(game, seed=1)
    state = cardlab.load(game).deal(seed=1)
    assert bot.choose(state) in state.legal_actions()


def test_a_module_whose_simulator_lacks_parts_is_refused():
    registry.register("fake_protocol_game", "cardlab.games.five_hundred")
    registry.register_simulator("fake_protocol_game", "cardlab.engine.protocols")
    try:
        with pytest.raises(TypeError, match="is not a simulator"):
            simulator_of("fake_protocol_game")
    finally:
        registry.unregister("fake_protocol_game")
        registry._SIMULATORS.pop("fake_protocol_game", None)
