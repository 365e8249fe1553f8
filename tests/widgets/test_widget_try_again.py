"""The look back's try again (#29, item 3), without a browser: at a decision whose choice
had a clear cost the learner is put back in that position (the seat's own view) and looks
for a better option before the answer and the bars are shown. Judged by the look back's own
advice (``Decision.advice``): an option within reach of the best is found; another is not
better yet; after two wrong tries Show me is offered, and it is there from the start; Skip
and Next go on to the next costly decision. Forged messages are refused and change nothing,
and two deals that differ only in cards the seat cannot see give the same try again.

The deals are found by seed in every game (the learner, seat 0, plays a seeded random legal
action at each turn; the other seats are the heuristic bots), never written down."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from support import twins
from widget_support import send

import cardlab
from cardlab.bots import bot_for
from cardlab.engine.rng import SplitMix64
from cardlab.engine.state import State
from cardlab.sim.simulator import simulated_games
from cardlab.widgets import Table


def _games_with_hints() -> list[Any]:
    """Every registered game at its default table; one whose simulator offers no hint is
    skipped, saying so (the try again is judged by the hint's values)."""
    hinted = set(simulated_games("hint"))
    return [name if name in hinted else pytest.param(
        name, marks=pytest.mark.skip(reason=f"{name} has no hint (its simulator offers none)"))
        for name in cardlab.game_names()]


#: the module's tests in one test process: each game's deal to try again (``_deal``, a look
#: back of several deals: 17 s for Five Hundred) is then found once, not once a process
pytestmark = pytest.mark.xdist_group("try_again")
#: every registered game, at its default table
GAMES = _games_with_hints()
#: the learner's seat
ME = 0
#: the seeds looked through for a deal whose look back has a decision to try again
SEEDS = range(12)


def _play_on(state: State, seed: int) -> State:
    """``state`` played to its end: the learner a seeded random legal action, the other
    seats their heuristic bots."""
    rng = SplitMix64(seed)
    bots = {s: bot_for(state.game.name, "heuristic", seed=s) for s in range(state.game.players)}
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        if seat == ME:
            legal = state.legal_actions()
            action = legal[rng.randbelow(len(legal))]
        else:
            action = bots[seat].choose(state)
        state = state.apply(action, seat=seat)
    return state


def _triable(d: Any) -> bool:
    """A decision to try again with a right option and a wrong one besides the choice made."""
    values = d.advice.values
    return d.grade is not None and d.chosen in values and any(
        a != d.chosen and d.advice.cost(a) > 0 for a in values)


@cache
def _deal(name: str) -> tuple[State, int]:
    """The first seeded deal of ``name`` whose look back has a decision to try again (its
    last state), and that decision's index into the deal."""
    game = cardlab.load(name)
    for seed in SEEDS:
        tip = _play_on(game.deal(seed=seed, dealer=seed % game.players), seed)
        table = Table(tip, seat=ME, bot_delay=0)
        try:
            table.look_back()
        except cardlab.IllegalAction:
            continue
        for d in table._look.decisions:
            if _triable(d):
                return tip, d.index
    raise AssertionError(f"no decision to try again in {len(SEEDS)} deals of {name}")


def _table(name: str, **kwargs: Any) -> Table:
    """A table of :func:`_deal`'s deal with its look back open at the decision to try."""
    tip, index = _deal(name)
    table = Table(tip, seat=ME, bot_delay=0, **kwargs)
    table.look_back()
    i = next(k for k, d in enumerate(table._look.decisions) if d.index == index)
    table.handle({"type": "look_back_go", "i": i})
    return table


def _decision(table: Table) -> Any:
    got = table._look_decision()
    assert got is not None
    return got[1]


def _words(table: Table) -> dict[str, Any]:
    return table.view["look_back"]["try"]  # type: ignore[no-any-return]


def _current_row(table: Table) -> dict[str, Any]:
    rows = table.view["look_back"]["decisions"]
    return next(r for r in rows if r["current"])


def _try_form(d: Any, option: str) -> str:
    """How a learner tries ``option``: by its card (a card play), else by the option."""
    args = option.split()[1:]
    return args[0] if option.split()[0] == "play" and len(args) == 1 else option


@pytest.mark.parametrize("name", GAMES)
def test_a_right_try_is_found_and_then_the_bars_show(name: str) -> None:
    table = _table(name)
    d = _decision(table)
    # open: the position without the answer (no bars, the best not named), the choice made
    assert table.mode == "look_back" and table.view["hint"] is None
    t = _words(table)
    assert t["open"] and t["status"] == "open" and not t["offer_show"]
    assert table.view["prompt"].startswith("Try again: you chose ")
    row = _current_row(table)
    assert row["try"] == "open" and row["best"] is None and "was worth" not in row["words"]
    assert t["chosen"] == d.chosen
    right = next(a for a in d.advice.close if a != d.chosen)
    said = table.look_back_try(_try_form(d, right))
    assert said.startswith("Well found: ") and d.advice.cost(right) == 0
    # the same advice as the look back: the bars now show, the option found best or close
    t = _words(table)
    assert t["status"] == "found" and not t["open"] and t["said"] == said
    assert table.view["prompt"] == said or table.view["prompt"].startswith("Look back")
    bars = table.view["hint"]["bars"]
    assert {b["action"] for b in bars} == set(d.advice.values)
    mine = [b for b in bars if b["action"] == right]
    assert mine and all(b["best"] or b["close"] for b in mine)
    row = _current_row(table)
    assert row["try"] == "found" and row["best"] == d.best and "was worth" in row["words"]
    # the deal itself is untouched: the same record, the same line
    assert table.to_json() == _deal(name)[0].to_json()
    with pytest.raises(cardlab.IllegalAction, match="nothing to try"):
        table.look_back_try(_try_form(d, right))


@pytest.mark.parametrize("name", GAMES)
def test_two_wrong_tries_offer_show_me_which_gives_the_answer(name: str) -> None:
    table = _table(name)
    d = _decision(table)
    wrong = [a for a in d.advice.values if a != d.chosen and d.advice.cost(a) > 0]
    count = _words(table)["count"]
    for k in (1, 2):
        said = table.look_back_try(_try_form(d, wrong[(k - 1) % len(wrong)]))
        assert said.startswith("Not better yet: ") and "Try again" in said
        t = _words(table)
        assert t["open"] and t["wrong"] == k and t["offer_show"] == (k >= 2)
        assert ("Show me" in said) == (k >= 2)
        assert table.view["hint"] is None, "no answer before it is found or asked for"
        assert table.view["prompt"] == said
        assert t["count"] == count + k and t["news"] == said  # said once each (live log)
    said = table.look_back_show()
    assert said.startswith("The answer: ")
    t = _words(table)
    assert t["status"] == "shown" and not t["open"] and t["count"] == count + 3
    hint = table.view["hint"]
    assert hint is not None and hint["chosen"] == d.chosen
    assert {b["action"] for b in hint["bars"]} == set(d.advice.values)
    assert _current_row(table)["best"] == d.best


@pytest.mark.parametrize("name", GAMES)
def test_show_me_at_once_and_skip_go_on_to_the_next_costly_decision(name: str) -> None:
    table = _table(name)
    d = _decision(table)
    costly = [k for k, x in enumerate(table._look.decisions) if x.grade is not None]
    here = table._look.decisions.index(d)
    # Show me needs no wrong try
    assert table.look_back_show().startswith("The answer: ")
    # Skip (Next, once answered) visits every other costly decision, each open
    others = set(costly) - {here}
    seen = []
    for _ in others:
        assert _words(table)["next"]
        said = table.look_back_next()
        t = _words(table)
        assert said.startswith("Try again: you chose ") and t["open"] and t["news"] == said
        assert table.view["hint"] is None
        seen.append(t["i"])
    assert sorted(seen) == sorted(others)
    # skipped ones stay to try: the list says so, and Skip comes back round to them
    rows = table.view["look_back"]["decisions"]
    assert {r["i"] for r in rows if r["try"] == "open"} == others
    if len(others) > 1:
        table.look_back_next()
        assert _words(table)["i"] == seen[0]
    # once each is answered, none is left to go on to
    for i in others:
        table.handle({"type": "look_back_go", "i": i})
        table.look_back_show()
    assert not _words(table)["next"]
    with pytest.raises(cardlab.IllegalAction, match="no costly decision is left"):
        table.look_back_next()
    # closed and opened again, every costly decision is to try afresh (no new estimate)
    look = table._look
    table.handle({"type": "look_back_close"})
    table.look_back()
    assert table._look is look
    assert {r["i"] for r in table.view["look_back"]["decisions"] if r["try"] == "open"} == \
        set(costly)


def _forged(table: Table, d: Any) -> list[dict[str, Any]]:
    """Messages the front end never sends at this try again, each to be refused."""
    s = table.state
    hand = {c.code for c in s.hands[d.seat]}
    elsewhere = next(c for c in s.game.deck.codes() if c not in hand)
    legal = {str(a) for a in s.legal_actions()}
    bad: list[dict[str, Any]] = [
        {"type": "look_back_try", "card": elsewhere},  # not a card of the hand
        {"type": "look_back_try", "card": "ZZ"},  # no card at all
        {"type": "look_back_try", "option": "play " + elsewhere},  # not legal there
        {"type": "look_back_try", "option": "no such option"},
        {"type": "look_back_try", "option": 7},  # a wrong type
        {"type": "look_back_try", "card": ["AS"]},
        {"type": "look_back_try", "card": "AS", "option": "pass"},  # both
        {"type": "look_back_try"},  # neither
        {"type": "look_back_try", "option": d.chosen},  # the choice made in the deal
        {"type": "look_back_try", "option": "x" * 5000},
    ]
    unvalued = sorted(legal - set(d.advice.values))
    if unvalued:  # a legal option the estimate does not value (a pass)
        bad.append({"type": "look_back_try", "option": unvalued[0]})
    return bad


@pytest.mark.parametrize("name", GAMES)
def test_forged_tries_are_refused_and_change_nothing(name: str) -> None:
    table = _table(name)
    d = _decision(table)
    before = (table.to_json(), table.step, table.mode, {k: dict(t) for k, t in table._tries.items()},
              table._try_news)
    for intent in _forged(table, d):
        said = send(table, intent)
        assert said, intent
        assert (table.to_json(), table.step, table.mode,
                {k: dict(t) for k, t in table._tries.items()}, table._try_news) == before, intent
        assert table.view["hint"] is None and _words(table)["open"]
    # the Python API refuses with the same words, as IllegalAction or ValueError
    with pytest.raises(cardlab.IllegalAction, match="choice made in the deal"):
        table.look_back_try(_try_form(d, d.chosen))
    # a try where there is nothing to try: at another step, or with no look back open
    table.handle({"type": "step", "to": 0})
    if table._look_decision() is None:
        assert "nothing to try" in send(table, {"type": "look_back_try", "option": d.best})
        assert "nothing to try" in send(table, {"type": "look_back_show"})
    table.handle({"type": "look_back_close"})
    for intent in ({"type": "look_back_try", "option": d.best}, {"type": "look_back_show"},
                   {"type": "look_back_next"}):
        assert "Look back" in send(table, intent)
        assert table._look is None and table.to_json() == before[0]
    # and the table still works: open again, and the right try is found
    table.look_back()
    i = next(k for k, x in enumerate(table._look.decisions) if x.index == d.index)
    table.handle({"type": "look_back_go", "i": i})
    right = next(a for a in d.advice.close if a != d.chosen)
    assert table.look_back_try(_try_form(d, right)).startswith("Well found")


#: the parts of a table's view that depend on the whole deal, not the position tried again:
#: how many steps it has, the list of every decision (each costs what its own deal made
#: it), what the last step said, and the message
DEAL_WIDE = ("steps", "news", "look_back", "message")
#: the try again's parts that depend on the rest of the list
LIST_WIDE = ("i", "next", "count", "news")


def _position(view: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in view.items() if k not in DEAL_WIDE}
    out["try"] = {k: v for k, v in view["look_back"]["try"].items() if k not in LIST_WIDE}
    out["row"] = next({k: v for k, v in r.items() if k != "i"}
                      for r in view["look_back"]["decisions"] if r["current"])
    return out


def _twin_tip(tip: State, index: int, rng: SplitMix64) -> State | None:
    """A deal that differs from ``tip``'s only in cards the learner could not see at its
    decision ``index`` (the same actions up to it, and the same choice there), played on to
    its end; None when no such swap exists."""
    line = tip.states()
    at = line[index]
    found = twins(at, ME, rng, 1)
    if not found:
        return None
    return _play_on(found[0].apply(tip.history[index], seat=ME), 99)


@pytest.mark.parametrize("name", GAMES)
def test_hidden_cards_stay_hidden_in_the_try_again(name: str) -> None:
    """Two deals that differ only in cards the seat could not see at its decision give the
    same try again there (the position, the prompt, the verdicts and then the bars), even on
    tables that show every hand: the try again shows the seat's own view."""
    tip, index = _deal(name)
    rng = SplitMix64(5)
    twin = None
    for _ in range(8):
        twin = _twin_tip(tip, index, rng)
        if twin is not None:
            break
    assert twin is not None, f"no twin of {name}'s deal at its decision"
    assert twin.states()[index].hands != tip.states()[index].hands
    views = []
    for deal in (tip, twin):
        table = Table(deal, seat=ME, bot_delay=0, show_all=True)
        table.look_back()
        i = next(k for k, d in enumerate(table._look.decisions) if d.index == index)
        table.handle({"type": "look_back_go", "i": i})
        d = _decision(table)
        assert _words(table)["open"], "the same decision, graded alike"
        seen = _position(table.view)
        # the seat's own view (as the engine gives it), though the table shows every hand
        own = table.state.view(d.seat)
        assert {k: table.view[k] for k in own if k not in ("info", "matadors")} == \
            {k: v for k, v in own.items() if k not in ("info", "matadors")}
        wrong = next(a for a in d.advice.values if a != d.chosen and d.advice.cost(a) > 0)
        verdict = table.look_back_try(_try_form(d, wrong))
        tried = _position(table.view)
        answer = table.look_back_show()
        views.append((seen, tried, verdict, answer, table.view["hint"]))
        # the answer shown, the table shows what it showed before: every hand
        assert table.view["show_all"]
    assert views[0] == views[1]
