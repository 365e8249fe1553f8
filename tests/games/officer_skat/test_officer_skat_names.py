"""Officer Skat's game class follows the one naming of every game (``<Name>Game``); the old
name still works, with a DeprecationWarning."""

from __future__ import annotations

import pytest

import cardlab
from cardlab.games import officer_skat
from cardlab.games.officer_skat import game as game_module


def test_the_game_class_is_officer_skat_game():
    assert type(cardlab.load("officer_skat")).__name__ == "OfficerSkatGame"
    assert officer_skat.GAME is officer_skat.OfficerSkatGame


@pytest.mark.parametrize("module", [officer_skat, game_module])
def test_the_old_name_is_a_deprecated_alias(module):
    with pytest.warns(DeprecationWarning, match="OfficerSkatGame"):
        old = module.OfficerSkat
    assert old is officer_skat.OfficerSkatGame
    with pytest.raises(AttributeError):
        module.NoSuchThing  # noqa: B018
