"""The table's bots by level (#30): every registered level by name through
:func:`cardlab.bots.as_bot` (did-you-mean for an unknown name, a TypeError naming an object
that is no bot), one per seat, share codes naming a level; and the bots' reasons ("why?")
beside their calls and choices, shown only where the viewer sees the bot's hand."""

from __future__ import annotations

from typing import Any

import pytest
from support import table_forms
from widget_support import send, synced_view

import cardlab
from cardlab.bots import RandomBot, as_bot, levels
from cardlab.engine.action import Action
from cardlab.widgets import Table, TeacherPage
from cardlab.widgets.table import reason_words

#: for each game, two parts of its deal string the learner at seat 0 does not see
HIDDEN_PARTS = {"five_hundred": ("E", "S"), "officer_skat": ("P1 down", "P2 down"),
                "pandoeren": ("E", "S"), "panfin": ("P2", "P3")}


def _tables() -> list[tuple[str, dict[str, Any]]]:
    """Each registered game's default table and, as one other player count, its table with
    the fewest players whose deal has both of the game's :data:`HIDDEN_PARTS` (from
    ``table_forms``: a new game joins by its entry there, and fails the test below until it
    has one). Not every table: the deals are demonstrated to the end."""
    out: list[tuple[str, dict[str, Any]]] = []
    for name in cardlab.game_names():
        default, *rest = table_forms(name)
        out.append(default)
        wanted = set(HIDDEN_PARTS.get(name, ()))
        for form in sorted(rest, key=lambda f: f[1]["players"]):
            text = cardlab.load(name, **form[1]).deal(seed=3, dealer=0).deal_string()
            if wanted and wanted <= {p.split(": ")[0] for p in text.split(" / ")}:
                out.append(form)
                break
    return out


GAMES = _tables()


def test_every_game_names_two_parts_hidden_from_the_learner() -> None:
    # the games read at collection, as GAMES was: the widget tests' toy game is registered
    # around each test only (tests/widgets/conftest.py), and is no game these tests cover
    names = {name for name, _ in GAMES}
    assert set(HIDDEN_PARTS) == names, f"add to HIDDEN_PARTS: {sorted(names - set(HIDDEN_PARTS))}"


class Scripted:
    """A bot whose call does not depend on its cards (the lowest legal action by its
    notation) and whose reason tells every card of the deal: the worst reason a table
    could be handed, to see where the table lets it through."""

    def choose(self, state):
        return min(state.legal_actions(), key=str)

    def explain(self, state):
        return f"it knows every card: {state.deal_string()}"


def _swapped(text: str, a: str, b: str) -> str:
    """A deal string with the first cards of parts ``a`` and ``b`` exchanged."""
    parts = dict(p.split(": ") for p in text.split(" / "))
    cards = {k: v.split() for k, v in parts.items()}
    cards[a][0], cards[b][0] = cards[b][0], cards[a][0]
    return " / ".join(f"{k}: {' '.join(v)}" for k, v in cards.items())


def _twin_deals(name, opts):
    assert name in HIDDEN_PARTS, f"add {name} to HIDDEN_PARTS"
    game = cardlab.load(name, **opts)
    one = game.deal(seed=3, dealer=0)
    two = game.deal_from_string(_swapped(one.deal_string(), *HIDDEN_PARTS[name]), 0)
    assert one.deal_string() != two.deal_string()
    return one, two


@pytest.mark.parametrize(("name", "opts"), GAMES)
def test_two_deals_differing_only_in_hidden_cards_give_the_learner_identical_views(name, opts):
    one, two = _twin_deals(name, opts)
    tables = [Table(s, seat=0, bots=Scripted(), bot_delay=0) for s in (one, two)]
    decisions = 0
    while True:
        first, second = (synced_view(t) for t in tables)
        assert first == second, "a card the learner cannot see changed the learner's view"
        assert tables[0].get_state()["_layout_probes"] == tables[1].get_state()["_layout_probes"]
        assert not any(first["narration_why"]), "no bot's reason for a hand the learner cannot see"
        s = tables[0].state
        if s.is_over or s.to_move != 0 or decisions == 3 \
                or any(a.verb == "play" for a in s.legal_actions()):
            break
        call = str(min(s.legal_actions(), key=str))
        for t in tables:
            t.act(call)
        decisions += 1
    assert len(first["narration"]) >= 1, "the bots made calls before the learner's turn"


@pytest.mark.parametrize(("name", "opts"), GAMES)
def test_the_same_deals_shown_open_differ_and_carry_the_bots_reasons(name, opts):
    # the check above can fail: with every hand shown, the hidden difference shows, and so
    # do the reasons
    one, two = _twin_deals(name, opts)
    first, second = (synced_view(Table(s, seat=0, show_all=True, bots=Scripted(), bot_delay=0))
                     for s in (one, two))
    assert first != second
    whys = [w for w in first["narration_why"] if w]
    assert whys and all(w == f"It knows every card: {one.deal_string()}" for w in whys)


def test_a_seat_turned_face_up_shows_its_reasons_and_no_other():
    state = cardlab.load("five_hundred").deal(seed=3, dealer=0)
    table = Table(state, seat=0, shown=[2], bots=Scripted(), bot_delay=0)
    view = synced_view(table)
    said = dict(zip(view["narration"], view["narration_why"], strict=True))
    by_seat = {line.split()[0]: why for line, why in said.items()}
    assert by_seat["S"].startswith("It knows every card")
    assert by_seat["E"] == "" and by_seat["W"] == ""
    table.shown = []
    assert not any(synced_view(table)["narration_why"])


@pytest.mark.parametrize(("name", "opts"), GAMES)
def test_demonstrated_deal_gives_a_reason_for_each_bot_call_before_the_play(name, opts):
    if not hasattr(as_bot("heuristic", name), "explain"):
        pytest.skip(f"{name}'s heuristic bot gives no reasons (it has no explain)")
    state = cardlab.load(name, **opts).deal(seed=3, dealer=0)
    table = Table.demonstrate(state, bot_delay=0)
    table.go(table.view["steps"])
    view = synced_view(table)
    assert len(view["narration_why"]) == len(view["narration"])
    chain = table.state.states()
    calls = [nxt.history[-1] for nxt in chain[1:] if nxt.history[-1].verb != "play"]
    whys = [w for w in view["narration_why"] if w]
    assert len(whys) == len(calls), "one reason per call or choice, none for a card play"
    for why, action in zip(whys, calls, strict=True):
        assert not why.startswith(str(action)), "the narration names the call: no notation"
    # the first call is its bot's first decision: the reason is that bot's explain()
    first = chain[0]
    bot = as_bot("heuristic", name, first.to_move, seed=first.to_move)
    assert whys[0] == reason_words(first, chain[1].history[-1], bot.explain(first))
    # the teacher turns that seat's hand face down: its reasons go with it
    send(table, {"type": "show_hand", "seat": first.to_move, "shown": False})
    assert len([w for w in synced_view(table)["narration_why"] if w]) < len(whys)


def test_reason_words_put_the_calls_in_words():
    state = cardlab.load("five_hundred").deal(seed=3, dealer=0)
    said = reason_words(state, Action("bid 7H"), "bid 7H: better than bid 6S (7H-1.2)")
    assert said == "Better than six spades"


@pytest.mark.parametrize("level", ["random", "heuristic", "expert"])
def test_every_level_by_name_plays_the_bots_seats(level):
    assert level in levels()
    state = cardlab.load("officer_skat").deal(seed=4, dealer=0)
    table = Table(state, seat=None, humans=[], show_all=True, bots=level, bot_delay=0,
                  mode="play")
    assert table.state.is_over, "the bots of this level played the deal out"
    whys = [w for w in synced_view(table)["narration_why"] if w]
    assert whys
    if level == "expert":  # the evaluator's words, or the heuristic it leaves a call to
        assert any("layouts of the hidden cards" in w or "the heuristic decides" in w
                   for w in whys)
    if level == "random":
        assert all(w.startswith(("A random choice among its", "Its only legal action"))
                   for w in whys)


def test_an_unknown_level_is_refused_with_the_closest_name():
    state = cardlab.load("pandoeren").deal(seed=1)
    with pytest.raises(ValueError, match="did you mean 'expert'"):
        Table(state, bots="exprt")


def test_an_object_that_is_no_bot_is_refused_by_name():
    state = cardlab.load("pandoeren").deal(seed=1)
    with pytest.raises(TypeError, match=r"seat 2: 42 \(a int\)"):
        Table(state, bots=["heuristic", "random", 42, "expert"])
    with pytest.raises(ValueError, match="one bot per seat"):
        Table(state, bots=["heuristic", "random"])


def test_one_bot_per_seat_mixes_levels_bots_and_factories():
    state = cardlab.load("pandoeren").deal(seed=2, dealer=0)
    mine = RandomBot(seed=9)
    table = Table(state, seat=None, humans=[], show_all=True, bot_delay=0, mode="play",
                  bots=["random", mine, RandomBot, "heuristic"])
    assert table.state.is_over
    assert table._bot(1) is mine and isinstance(table._bot(2), RandomBot)


@pytest.mark.parametrize("level", ["random", "expert"])
def test_a_share_code_naming_a_level_round_trips(level):
    state = cardlab.load("officer_skat").deal(seed=4, dealer=0)
    table = Table.demonstrate(state, bots=level, bot_delay=0)
    table.go(3)
    code = table.share_code
    again = Table.from_share(code)
    assert again.share_code == code and again.step == 3
    assert f"~b{level}~" in code


def test_teacher_page_offers_the_levels_and_deals_with_the_one_chosen():
    page = TeacherPage("officer_skat", seed=4)
    assert [label for label, _ in page.level_choice.options] == list(levels())
    assert page.level_choice.description == "Bots" and page.level_choice.value == "heuristic"
    before = page.table
    page.level_choice.value = "random"  # as the menu does: the deal is played out again
    assert page.table is not before and "played out by the random bots" in page.status.value
    assert "~brandom~" in page.table.share_code
    page.table.go(page.table.view["steps"])
    whys = [w for w in synced_view(page.table)["narration_why"] if w]
    assert whys and all(w.startswith(("A random choice", "Its only legal action")) for w in whys)
    page.choose(bots="heuristic", seed=5).deal()
    assert "~bheuristic~" in page.table.share_code


def test_a_bot_whose_reason_fails_still_plays_its_own_call():
    class Mute(Scripted):
        def explain(self, state):
            raise RuntimeError("no words")

    state = cardlab.load("five_hundred").deal(seed=3, dealer=0)
    table = Table(state, seat=0, show_all=True, bots=Mute(), bot_delay=0)
    view = synced_view(table)
    same = synced_view(Table(state, seat=0, show_all=True, bots=Scripted(), bot_delay=0))
    assert view["narration"] == same["narration"] and len(view["narration"]) == 3
    assert not any(view["narration_why"])
