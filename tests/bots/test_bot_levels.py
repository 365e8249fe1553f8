"""The bot levels (#30): ``"random"``, ``"heuristic"`` and ``"expert"`` in every game and
form, by name everywhere ``bots=`` is taken, with a "did you mean" for a misspelt level and
a clear ``TypeError`` for an object that is no bot."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support import end_tables

import cardlab
from cardlab.bots import LEVELS, as_bot, bot_for, levels, play_out
from cardlab.engine import registry
from cardlab.sim import compare_variants, season
from cardlab.sim.expert import _over_passing

#: the tables every level plays
FORMS = end_tables()


def test_the_levels_are_named_the_same_everywhere() -> None:
    assert LEVELS == ("random", "heuristic", "expert")
    assert levels()[:3] == LEVELS


@pytest.mark.parametrize(("name", "opts"), FORMS,
                         ids=[f"{n}{o or ''}" for n, o in FORMS])
def test_every_level_plays_a_whole_deal(name: str, opts: dict[str, Any]) -> None:
    """Each level finishes a deal with legal actions only (the engine refuses others)."""
    game = cardlab.load(name, **opts)
    for level in LEVELS:
        bots = [bot_for(name, level, seed=s) for s in range(game.players)]
        end = play_out(game.deal(seed=11), bots)
        assert end.is_over and end.result is not None, level


def test_an_unknown_level_says_which_was_meant() -> None:
    with pytest.raises(ValueError, match="did you mean 'heuristic'"):
        bot_for("five_hundred", "heuristc")
    with pytest.raises(ValueError, match="did you mean 'expert'"):
        bot_for("panfin", "expret")
    with pytest.raises(ValueError, match="'random', 'heuristic', 'expert'"):
        bot_for("panfin", "strongest")


def test_bots_by_name_in_studies_and_seasons() -> None:
    with pytest.raises(ValueError, match="did you mean 'heuristic'"):
        compare_variants("officer_skat", {"a": {}}, n=4, bots="heuristik")
    with pytest.raises(ValueError, match="did you mean 'random'"):
        season("officer_skat", n=2, bots="randm")
    got = season("officer_skat", n=2, bots="expert", max_deals=2)
    assert got[0]["bots"] == "expert" and got[0]["n"] == 2


class _NoChoose:
    """Looks like a bot to a hurried reader: it decides, but has no ``choose``."""

    def decide(self, state: Any) -> Any:
        return state.legal_actions()[0]


def test_an_object_without_choose_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match=r"seat 2: .*_NoChoose.*choose\(state\)"):
        as_bot(_NoChoose(), "panfin", seat=2)
    with pytest.raises(TypeError, match="_NoChoose"):
        compare_variants("officer_skat", {"a": {}}, n=4, bots=_NoChoose())
    with pytest.raises(TypeError, match="_NoChoose"):
        season("officer_skat", n=2, bots=[bot_for("officer_skat"), _NoChoose()])
    with pytest.raises(TypeError, match="made 3"):
        as_bot(lambda seed: 3, "panfin")


def test_as_bot_takes_a_level_a_bot_and_a_factory() -> None:
    mine = bot_for("pandoeren", "random", seed=4)
    assert as_bot(mine, "pandoeren") is mine
    assert type(as_bot("heuristic", "pandoeren")).__name__ == "HeuristicBot"
    made = as_bot(type(mine), "pandoeren", seed=9)
    assert made.seed == 9  # type: ignore[attr-defined]


def test_the_bots_layer_imports_no_expert_until_asked() -> None:
    """The expert level lives in the sim layer and registers itself; asking for it by name
    imports it through the registry."""
    bot = bot_for("officer_skat", "expert", seed=1)
    assert type(bot).__module__ == "cardlab.sim.expert"
    assert registry.module_of("officer_skat")


def _discards(name: str, deals: int, **options: Any) -> list[Any]:
    """States at a discard the coach values card by card (not on sampled states), from
    heuristic-played deals."""
    from cardlab.sim.advice import on_sampled_states, valued_options

    game = cardlab.load(name, **options)
    out = []
    for seed in range(deals):
        s = game.deal(seed=seed, dealer=seed % game.players)
        bots = [bot_for(name, "heuristic", seed=p) for p in range(game.players)]
        while not s.is_over and s.phase != "play":
            kind, _ = valued_options(s)
            if kind == "choice" and not on_sampled_states(s) and \
                    any(a.verb == "discard" for a in s.legal_actions()):
                out.append(s)
            s = s.apply(bots[s.to_move].choose(s))
    return out


def _check_usual_unless_beaten(s: Any, seed: int) -> str:
    """The expert at ``s`` takes the evaluator's clear best where there is one, else the
    heuristic's own option where it is within reach of the best, else the best; which case
    held ("clear", "kept" or "best")."""
    from cardlab.bots import peek

    expert = bot_for("five_hundred", "expert", seed=seed)
    advice = expert.advice(s)  # type: ignore[attr-defined]
    usual = str(peek(expert.fallback, s))  # type: ignore[attr-defined]
    got = str(expert.choose(s))
    if advice.clear_best is not None:
        assert got == advice.clear_best
        return "clear"
    if usual in advice.close:
        assert got == usual, (advice.values, usual)
        return "kept"
    assert got == advice.best
    return "best"


@pytest.mark.parametrize("players", [3, 4])
def test_the_expert_keeps_the_usual_discard_unless_another_is_clearly_better(players: int
                                                                              ) -> None:
    """#30: a discard valued card by card rests on few noisy layouts over many options; the
    expert takes the heuristic's own discard unless the evaluator finds another clearly
    better (the best of a dozen noisy means once threw a trump in a trump contract)."""
    states = _discards("five_hundred", 12, players=players)
    assert states, "no discard valued card by card in 12 deals"
    for s in states:
        _check_usual_unless_beaten(s, seed=3)


def test_the_expert_keeps_the_usual_card_unless_the_open_hands_find_one_clearly_better(
        ) -> None:
    """#30: with every hand open a card that needs a guess looks better than it is (each
    layout is searched as if the guess were known); in Five Hundred's card play, valued so,
    the expert plays the heuristic's own card unless the evaluator finds another clearly
    better, and the evaluator's clear best where there is one."""
    from cardlab.sim.advice import valued_by

    game = cardlab.load("five_hundred")
    seen = {"kept": 0, "clear": 0, "best": 0}
    for seed in range(3):
        s = game.deal(seed=seed, dealer=seed % 4)
        bots = [bot_for("five_hundred", "heuristic", seed=p) for p in range(4)]
        while not s.is_over:
            if s.phase == "play" and len(s.legal_actions()) > 1 and len(s.hands[0]) <= 6 \
                    and valued_by(s) == "open hands":
                seen[_check_usual_unless_beaten(s, seed=5)] += 1
            s = s.apply(bots[s.to_move].choose(s))
    assert seen["kept"] and seen["clear"], seen


def _fake_calls(state: Any, worth: dict[str, float], n: int = 24) -> Any:
    """An evaluator's values of ``state``'s calls: each call worth about ``worth[call]`` on
    every layout (a small spread layout by layout), the others far below."""
    from cardlab.sim.advice import BOTS_THEN_OPEN, Advice

    rng = np.random.default_rng(1)
    noise = rng.normal(0, 5, n)
    samples = {str(a): np.full(n, -200.0) + noise for a in state.legal_actions()}
    for call, v in worth.items():
        samples[call] = v + noise + rng.normal(0, 1, n)
    return Advice(state.to_move, {a: float(x.mean()) for a, x in samples.items()},
                  {a: float(x.std() / n ** 0.5) for a, x in samples.items()}, n, "call",
                  samples=samples, method=BOTS_THEN_OPEN)


def test_the_expert_bids_only_what_is_clearly_worth_more_than_passing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """#29 one way to value an option: where passing is valued (Pandoeren's auction, the
    others bidding on), the expert weighs a bid against passing's value, not against
    nothing: a bid worth +20 when passing is worth +40 is not made; worth +90, it is."""
    from cardlab.sim.expert import ExpertBot

    s = cardlab.load("pandoeren").deal(seed=4, dealer=3)
    legal = [str(a) for a in s.legal_actions()]
    bid = next(a for a in legal if a.startswith("bid "))
    assert "pass" in legal
    expert = bot_for("pandoeren", "expert", seed=1)
    for worth, want in ((20.0, "pass"), (90.0, bid)):
        fake = _fake_calls(s, {bid: worth, "pass": 40.0})
        monkeypatch.setattr(ExpertBot, "advice", lambda self, state, f=fake: f)
        assert str(expert.choose(s)) == want, (worth, want)
        assert fake.interval(bid)[0] > 0  # worth more than nothing either way


def test_the_expert_keeps_the_usual_bid_when_open_hands_find_it_about_equal() -> None:
    """#30: Five Hundred's bids are valued with every hand open, which flatters the bolder
    contracts; the expert keeps the heuristic's own call unless the evaluator finds it
    clearly worse than the best (or clearly losing), and passes where the heuristic passes
    and no bid is clearly worth more than passing."""
    from cardlab.bots import peek

    game = cardlab.load("five_hundred")
    seen = 0
    for seed in range(6):
        s = game.deal(seed=seed, dealer=seed % game.players)
        expert = bot_for("five_hundred", "expert", seed=seed)
        advice = expert.advice(s)  # type: ignore[attr-defined]
        if advice is None or advice.method != "open hands":
            continue
        seen += 1
        usual = str(peek(expert.fallback, s))  # type: ignore[attr-defined]
        got = str(expert.choose(s))
        over = _over_passing(advice)  # each bid's worth over passing, as the expert reads it
        assert "pass" in advice.values and "pass" not in over.values
        if usual == "pass" and all(over.interval(a)[0] <= 0 for a in over.values):
            assert got == "pass"
        elif usual in over.close and over.interval(usual)[1] >= 0:
            assert got == usual, (usual, advice.values)
        assert got in {str(a) for a in s.legal_actions()}
    assert seen >= 4, "the first calls of these deals are valued with open hands"
