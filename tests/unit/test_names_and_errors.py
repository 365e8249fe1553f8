"""Issue #18: the names of the games, errors that help, actions in the game's own words, and
the Table's errors.

Each test cites the issue's example it checks.
"""

from __future__ import annotations

import pydoc
import subprocess
import sys
import types
from pathlib import Path

import pytest

import cardlab
from cardlab.engine import phrases
from cardlab.errors import CardError, IllegalAction, RecordError

#: the games cardlab declares (its registry lines), in order
GAMES = list(cardlab.games.GAMES)


# -- names ---------------------------------------------------------------------------------
def test_game_names_lists_the_games():
    """#18 Names / DESIGN §2: ``cardlab.game_names()`` → the four games."""
    assert cardlab.game_names() == GAMES


def test_cardlab_games_is_the_package_of_the_games():
    """#18 Names: ``import cardlab.games.five_hundred`` and ``help(cardlab.games.five_hundred)``
    work as the README says; ``cardlab.games`` is a package, not a function."""
    import cardlab.games.five_hundred

    assert isinstance(cardlab.games, types.ModuleType) and not callable(cardlab.games)
    assert cardlab.games.five_hundred is sys.modules["cardlab.games.five_hundred"]
    text = pydoc.render_doc(cardlab.games.five_hundred, renderer=pydoc.plaintext)
    assert "Five Hundred" in text
    for name in GAMES:  # every game package is an attribute of cardlab.games
        assert getattr(cardlab.games, name).GAME.spec.name == name


def test_game_packages_load_lazily_from_a_fresh_interpreter():
    """#18 Names: after a bare ``import cardlab``, ``cardlab.games.five_hundred`` is there on
    first use (imported then, not before), and the widget stack stays unloaded."""
    code = ("import sys, cardlab\n"
            "assert 'cardlab.games.panfin' not in sys.modules\n"
            "print(cardlab.games.panfin.GAME.spec.title)\n"
            "print('anywidget' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout.split()
    assert out == ["Panfin", "False"]


def test_the_registry_lives_in_the_engine_and_names_no_game():
    """DESIGN §1: ``engine/registry.py`` maps names to packages; the engine names no game (the
    packages are declared as data in ``cardlab/games/__init__.py``)."""
    from cardlab.engine import registry

    source = Path(registry.__file__).read_text(encoding="utf-8")
    assert not [name for name in GAMES if name in source]
    assert registry.names() == GAMES
    assert cardlab.load("panfin").name == "panfin"
    registry.register("toy_demo", "no_such_module_for_cardlab")
    try:
        assert "toy_demo" in cardlab.game_names()
    finally:
        registry.unregister("toy_demo")
    assert "toy_demo" not in cardlab.game_names()


# -- errors that help --------------------------------------------------------------------
def test_misspelled_option_names_the_closest():
    """#18 Errors: a misspelled option gets "did you mean": ``defensive_cpa`` →
    ``defensive_cap``; still a ValueError listing the valid options."""
    with pytest.raises(ValueError) as err:
        cardlab.load("five_hundred", defensive_cpa=10)
    text = str(err.value)
    assert "'defensive_cpa' (did you mean 'defensive_cap'?)" in text
    assert "valid options:" in text


def test_misspelled_game_preset_and_value_name_the_closest():
    """#18 Errors: a misspelled game, preset or option value gets "did you mean"."""
    with pytest.raises(ValueError, match=r"did you mean 'five_hundred'\?.*valid games"):
        cardlab.load("five_hundrd")
    with pytest.raises(ValueError, match=r"did you mean 'american'\?.*valid presets"):
        cardlab.load("five_hundred", preset="amercan")
    with pytest.raises(ValueError, match=r"did you mean 'unled_suits'\?"):
        cardlab.load("five_hundred", joker_lead_nomination="unled")
    with pytest.raises(ValueError) as err:  # nothing close: no guess, the list as before
        cardlab.load("bridge")
    assert "did you mean" not in str(err.value) and "valid games:" in str(err.value)


@pytest.mark.parametrize("name,text,code,guess", [
    ("five_hundred", "plya JD", "bad_notation", "'play'"),
    ("five_hundred", "bidd 7H", "bad_notation", "'bid 7H'"),
    ("officer_skat", "decalre C", "unknown_action", "'declare C'"),
    ("pandoeren", "bid 12O", "unknown_bid", "'bid 120'"),
    ("panfin", "fodl", "bad_notation", "'fold'"),
])
def test_misspelled_verb_or_call_names_the_closest(name, text, code, guess):
    """#18 Errors: a misspelled action verb gets "did you mean"; the code is the one the game
    gave before (``bad_notation`` / ``unknown_action`` / ``unknown_bid``)."""
    state = cardlab.load(name).deal(seed=3)
    with pytest.raises(IllegalAction) as err:
        state.apply(text)
    assert err.value.code == code
    assert guess in str(err.value).split("(did you mean ", 1)[1].split("?)")[0]
    why = state.explain(text)
    assert not why.legal and why.code == code and "did you mean" in why


def test_misspelled_card_names_the_closest():
    """#18 Errors: a misspelled card gets "did you mean" (pack codes), with the code
    ``unknown_card`` kept; a token like nothing in the pack gets no guess."""
    deck = cardlab.load("five_hundred").deck
    with pytest.raises(CardError) as err:
        deck.parse("QX")
    assert err.value.code == "unknown_card"
    assert "did you mean 'QS', 'QH', 'QD' or 'QC'?" in str(err.value)
    state = cardlab.load("five_hundred").deal(seed=3)
    with pytest.raises(CardError) as err:
        state.apply("play 2Z")
    assert err.value.code == "unknown_card" and "did you mean" not in str(err.value)
    assert "expected" in str(err.value)


# -- actions in the game's own words -----------------------------------------------------
def _five_hundred_play_state():
    """Seed 2: E bids seven hearts, the others pass, E discards; E leads and holds JD."""
    state = cardlab.load("five_hundred").deal(seed=2, dealer=0)
    state = state.apply("bid seven hearts")
    for _ in range(3):
        state = state.apply("pass")
    state = state.apply(state.legal_actions()[0])
    assert state.phase == "play" and "play JD" in state.legal_actions()
    return state


def test_bid_seven_hearts_reads_as_bid_7h():
    """#18: "bid seven hearts" → ``bid 7H`` (as ``describe()`` writes it)."""
    state = cardlab.load("five_hundred").deal(seed=2, dealer=0)
    assert state.describe("bid 7H") == "E bids seven hearts"
    assert state.apply("bid seven hearts").history[-1] == "bid 7H"
    assert state.apply("Bid Seven Hearts.").history[-1] == "bid 7H"
    assert state.apply("bids seven hearts").history[-1] == "bid 7H"
    assert state.explain("bid seven hearts").legal
    assert state.apply("pass").history[-1] == "pass"


def test_play_the_jack_of_diamonds_reads_as_play_jd():
    """#18: "play the jack of diamonds" → ``play JD`` (the bare verb and the card's full name)."""
    state = _five_hundred_play_state()
    assert state.apply("play the jack of diamonds").history[-1] == "play JD"
    assert state.apply("play jack of diamonds").history[-1] == "play JD"
    assert state.judge("plays the jack of diamonds (left bower)").legal


@pytest.mark.parametrize("name", GAMES)
def test_every_single_card_action_reads_from_its_card_name(name):
    """#18: in every game, "<verb> the <card's full name>" names the one legal action."""
    import random

    state = cardlab.load(name).deal(seed=11)
    rng = random.Random(11)
    deck = state.game.deck
    checked = 0
    while not state.is_over and checked < 60:
        legal = state.legal_actions()
        for a in legal:
            cards = [w for w in a.args if w in deck.codes()]
            if a.verb in state.game.spec.card_verbs and len(a.args) == len(cards) == 1:
                text = f"{a.verb} the {deck.name(deck.parse(cards[0]))}"
                assert state.apply(text).history[-1] == a, text
                checked += 1
        state = state.apply(rng.choice(legal))
    assert checked


def test_words_of_several_actions_are_refused_with_the_candidates():
    """#18: words are read only where they are unambiguous: "discards 3 cards face down"
    (every discard's sentence) is refused as before, naming candidates."""
    state = cardlab.load("five_hundred").deal(seed=2, dealer=0).apply("bid 7H")
    for _ in range(3):
        state = state.apply("pass")
    assert state.phase == "kitty"
    with pytest.raises(IllegalAction) as err:
        state.apply("discards 3 cards face down")
    assert err.value.code == "bad_notation"
    assert "did you mean 'discard " in str(err.value)


def test_words_are_read_only_for_the_seat_to_move():
    """#18 / DESIGN §2.1: words are read against the mover's legal actions, so another seat
    hears only ``not_your_turn`` and learns nothing of them."""
    state = cardlab.load("five_hundred").deal(seed=2, dealer=0)
    verdict = state.judge("bid seven hearts", seat=0)
    assert verdict.code == "not_your_turn" and "7H" not in verdict.reason
    with pytest.raises(IllegalAction) as err:
        state.apply("bid seven hearts", seat=0)
    assert err.value.code == "not_your_turn"
    play = _five_hundred_play_state()
    other = (play.to_move + 1) % 4
    verdict = play.judge("play the jack of diamonds", seat=other)
    assert not verdict.legal and "JD" not in verdict.reason and "did you mean" not in (
        verdict.reason)


def test_canonical_notation_never_reads_words(monkeypatch):
    """#18: the short path for listed actions stays first: canonical notation (legal, or
    refused by a rule) never builds the words of a state."""
    def boom(*_args, **_kwargs):
        raise AssertionError("the words were consulted")

    monkeypatch.setattr(phrases, "_index", boom)
    state = cardlab.load("five_hundred").deal(seed=2, dealer=0)
    for action in state.legal_actions():
        state.apply(action)
        state.apply(str(action))
    nxt = state.apply("bid 7H")
    with pytest.raises(IllegalAction) as err:
        nxt.apply("bid 6S")  # a rule's refusal (too low): notation, so no words
    assert err.value.code == "bid_too_low" and "did you mean" not in str(err.value)


# -- the Table's errors ----------------------------------------------------------------------
def test_table_of_a_game_name_says_how_to_start_a_deal():
    """#18: ``Table("five_hundred")`` says that a Table takes a state or a record and shows
    how to start a deal; it does not quote a JSON parser."""
    from cardlab.widgets import Table

    with pytest.raises(ValueError) as err:
        Table("five_hundred")
    text = str(err.value)
    assert "Table needs a state or a record" in text
    assert "cardlab.load('five_hundred').deal(seed=1)" in text
    assert "Expecting" not in text and "column" not in text and "JSON:" not in text
    with pytest.raises(TypeError, match=r"cardlab\.load\('panfin'\)\.deal\(seed=1\)"):
        Table(cardlab.load("panfin"))


def test_table_methods_raise_like_state_apply_and_intents_do_not():
    """#18: ``Table.play(...)`` and friends raise ``IllegalAction`` like ``State.apply``; the
    front end's intents still never raise and only set ``view.message``."""
    from cardlab.widgets import Table

    table = Table(cardlab.load("five_hundred").deal(seed=7), seat=0, bot_delay=0.5)
    with pytest.raises(IllegalAction) as err:  # E is to bid, not N
        table.act("bid 6S")
    assert err.value.code == "not_your_turn" and table.message == str(err.value)
    assert table.handle({"type": "act", "action": "bid 6S"}) == str(err.value)
    with pytest.raises(IllegalAction) as err:
        table.play("QX")
    assert err.value.code == "unknown_card" and "did you mean 'QS'" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        table.undo()
    assert err.value.code == "nothing_to_undo"
    with pytest.raises(IllegalAction) as err:
        table.back_to_record()
    assert err.value.code == "no_record"
    with pytest.raises(IllegalAction) as err:
        table.play_from_here()
    assert err.value.code == "already_playing"
    with pytest.raises(ValueError) as bad:  # a bad argument: a ValueError
        table.go(99)
    assert "out of range" in str(bad.value)
    with pytest.raises(ValueError):
        table.go(True)
    before = table.state
    with pytest.raises(RecordError):
        table.load('{"format": "cardlab')
    assert table.state is before and table.message.startswith("cannot load this record")
    for intent in ({"type": "undo"}, {"type": "step", "to": 99}, {"type": "play", "card": 5},
                   {"type": "load", "record": "["}):
        assert isinstance(table.handle(intent), str)


def test_table_act_reads_the_games_words():
    """#18: the Table's ``act`` takes the game's words too: "bid seven hearts" → ``bid 7H``."""
    from cardlab.widgets import Table

    state = cardlab.load("five_hundred").deal(seed=2, dealer=0)
    table = Table(state, seat=1, bot_delay=0.5)
    table.act("bid seven hearts")
    assert table.state.history[len(state.history)] == "bid 7H"


def test_loaded_record_message_has_its_article_and_plural():
    """#18: "Loaded an Officer Skat record of 1 action", not "a Officer Skat record of 1
    actions"; "Loaded a Five Hundred record of 2 actions"."""
    from cardlab.widgets import Table

    table = Table(cardlab.load("panfin").deal(seed=1), seat=0, bot_delay=0.5)
    skat = cardlab.load("officer_skat").deal(seed=1)
    skat = skat.apply(skat.legal_actions()[0])
    assert table.load(skat.to_json()) == "Loaded an Officer Skat record of 1 action"
    five = cardlab.load("five_hundred").deal(seed=1, dealer=0)
    five = five.apply("pass").apply("pass")
    assert table.load(five.to_json()) == "Loaded a Five Hundred record of 2 actions"
