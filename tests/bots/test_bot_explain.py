"""Every heuristic bot's call and choice before the play explains itself (#30 item 3): a
non-empty reason naming the call, whose numbers are the bot's own estimate; the expert's
reason is the evaluator's values."""

from __future__ import annotations

import re
from typing import Any

import pytest
from support import end_tables

import cardlab
from cardlab.bots import bot_for
from cardlab.bots.five_hundred import estimate_parts

#: the tables whose heuristic bots explain their calls
GAMES = end_tables()
DEALS = 40


def _calls(name: str, opts: dict[str, Any]) -> list[tuple[Any, Any, str, str]]:
    """(state, bot, action, explanation) for every call and choice before the play (Officer
    Skat: Re too), over seeded deals."""
    game = cardlab.load(name, **opts)
    out = []
    for seed in range(DEALS):
        st = game.deal(seed=seed)
        bots = [bot_for(name, "heuristic", seed=seed * 7 + s) for s in range(game.players)]
        while not st.is_over and (st.phase != "play" or any(
                a.verb == "re" for a in st.legal_actions())):
            bot = bots[st.to_move]
            words = bot.explain(st)  # type: ignore[attr-defined]
            action = bot.choose(st)
            out.append((st, bot, str(action), words))
            st = st.apply(action)
    return out


@pytest.mark.parametrize(("name", "opts"), GAMES, ids=[f"{n}{o or ''}" for n, o in GAMES])
def test_every_call_names_itself_and_is_not_changed_by_explaining(
        name: str, opts: dict[str, Any]) -> None:
    if not hasattr(bot_for(name, "heuristic"), "explain"):
        pytest.skip(f"{name}'s heuristic bot gives no reasons (it has no explain)")
    calls = _calls(name, opts)
    assert len(calls) > DEALS
    for _, _, action, words in calls:
        assert words.startswith(f"{action}: ") and len(words) > len(action) + 10, words
    # explaining first never changes the choice: the same deals played without explaining
    game = cardlab.load(name, **opts)
    plain = []
    for seed in range(DEALS):
        st = game.deal(seed=seed)
        bots = [bot_for(name, "heuristic", seed=seed * 7 + s) for s in range(game.players)]
        while not st.is_over and (st.phase != "play" or any(
                a.verb == "re" for a in st.legal_actions())):
            a = bots[st.to_move].choose(st)
            plain.append(str(a))
            st = st.apply(a)
    assert plain == [a for _, _, a, _ in calls]


def test_five_hundred_bids_quote_the_bots_own_estimate() -> None:
    bids = 0
    for st, bot, action, words in _calls("five_hundred", {}):
        if st.phase != "auction" or not action.startswith("bid ") or "misere" in action:
            continue
        bids += 1
        denom = re.search(r"(NT|[SCDH])$", action).group(1)  # type: ignore[union-attr]
        expected = bot.estimates(st)[denom]
        said = float(re.search(r"expects (\d+\.\d) tricks", words).group(1))  # type: ignore[union-attr]
        assert said == round(expected, 1), (words, expected)
        assert int(action.split()[1][:-len(denom)]) <= expected  # it bids what it expects
        seat = st.to_move
        hand = [c for c in st.hands[seat]]
        parts = estimate_parts(st.game, hand, denom)
        assert sum(v for _, v in parts) == pytest.approx(bot._estimate(st.game, hand, denom))
        for card, _ in parts[:3]:
            assert card in words
    assert bids >= 20


def test_officer_skat_game_choice_quotes_its_scores() -> None:
    seen = 0
    for st, bot, action, words in _calls("officer_skat", {}):
        if action.startswith("declare "):
            score = bot.scores(st)[action.split()[1]]
            assert f"scores {score:.1f}" in words
            seen += 1
        if action in ("kontra", "no_kontra", "re", "no_re"):
            assert re.search(r"\d", words), words
    assert seen >= 10


def test_pandoeren_bids_quote_the_points_estimate() -> None:
    seen = 0
    for st, bot, action, words in _calls("pandoeren", {}):
        if st.phase == "auction" and (action == "pass" or action.split()[-1].isdigit()):
            _, points = bot.estimate(st)
            assert f"expects {points} card points" in words
            if action != "pass":
                assert int(action.split()[1]) <= points
            seen += 1
    assert seen >= DEALS


def test_panfin_declarations_say_tengo_fold_or_servito() -> None:
    verbs = set()
    for st, _, action, words in _calls("panfin", {}):
        if st.phase == "declare":
            verbs.add(action.split()[0])
            if action.split()[0] == "tengo" and len(action.split()) > 1:
                assert f"exchanges {len(action.split()) - 1} card" in words
    assert "tengo" in verbs


def test_the_expert_explains_by_the_evaluators_values() -> None:
    game = cardlab.load("officer_skat")
    st = game.deal(seed=4, dealer=0)
    bot = bot_for("officer_skat", "expert", seed=1)
    words = bot.explain(st)  # type: ignore[attr-defined]
    action = str(bot.choose(st))
    assert words.startswith(f"{action}: ")
    advice = bot.advice(st)  # type: ignore[attr-defined]
    if advice is not None:
        assert f"{advice.values[advice.best]:+.1f}" in words
    else:
        assert "the heuristic decides" in words
