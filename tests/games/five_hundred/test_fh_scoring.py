"""Five Hundred scoring (5H-8) and its options; rescoring a finished deal."""

from __future__ import annotations

import pytest
from fh_helpers import first_legal_playout, load, to_play

from cardlab.games.five_hundred.scoring import DealFacts, score

SIDES = {"NS": (0, 2), "EW": (1, 3)}
NAMES = ("N", "E", "S", "W")


def facts(contract: str | None, tricks: tuple[int, int, int, int], declarer: int = 0,
          **kw: object) -> DealFacts:
    """4-player facts with N (and S) contracting."""
    contractors = (declarer,) if contract and "misere" in contract else (declarer,
                                                                          (declarer + 2) % 4)
    return DealFacts(contract, declarer if contract else None, contractors, tricks, SIDES,
                     NAMES, **kw)  # type: ignore[arg-type]


def pts(contract: str, tricks: tuple[int, int, int, int], before: dict[str, int] | None = None,
        **options: object) -> dict[str, int]:
    """The points per side."""
    return score(facts(contract, tricks), load(**options).options, before).points


def test_5h_8_2_made_contract_adds_value_extra_tricks_earn_nothing() -> None:
    """5H-8.2: 7H made with 8 tricks scores 200; defenders 10 per trick (5H-8.3)."""
    assert pts("7H", (4, 1, 4, 1)) == {"NS": 200, "EW": 20}


def test_5h_8_2_failed_contract_subtracts_value() -> None:
    """5H-8.2: 8NT with 7 tricks: −320; defenders still score their 30 (5H-8.3, E5)."""
    assert pts("8NT", (4, 2, 3, 1)) == {"NS": -320, "EW": 30}


def test_5h_8_2_slam_scores_at_least_250() -> None:
    """5H-8.2: all ten tricks score max(value, 250): 7H → 250, 9NT → 420."""
    assert pts("7H", (5, 0, 5, 0))["NS"] == 250
    assert pts("9NT", (5, 0, 5, 0))["NS"] == 420


def test_option_slam_minimum_0() -> None:
    """Option slam_minimum = 0: a slam scores only the contract's value."""
    assert pts("7H", (5, 0, 5, 0), slam_minimum=0)["NS"] == 200


def test_5h_8_3_defenders_score_whether_made_or_not_and_option() -> None:
    """5H-8.3: defenders score 10 per trick; option defenders_score_tricks = false: nothing."""
    assert pts("6S", (3, 2, 3, 2))["EW"] == 40
    assert pts("6S", (3, 2, 3, 2), defenders_score_tricks=False)["EW"] == 0


def test_5h_8_4_misere_scores_and_defenders_nothing() -> None:
    """5H-8.4: misère made +250, failed −250; open misère ±500; defenders score nothing."""
    assert pts("misere", (0, 5, 0, 5)) == {"NS": 250, "EW": 0}
    assert pts("misere", (1, 5, 0, 4)) == {"NS": -250, "EW": 0}
    assert pts("open_misere", (0, 5, 0, 5)) == {"NS": 500, "EW": 0}
    assert pts("open_misere", (2, 4, 0, 4))["NS"] == -500


def test_option_defensive_cap_490_and_480() -> None:
    """Option defensive_cap = 490 / 480 (V5): new = old if old ≥ cap else min(old + 10t, cap)."""
    assert pts("7H", (4, 2, 2, 2), {"NS": 0, "EW": 470}, defensive_cap=490)["EW"] == 20
    assert pts("7H", (4, 2, 2, 2), {"NS": 0, "EW": 480}, defensive_cap=490)["EW"] == 10
    assert pts("7H", (4, 2, 2, 2), {"NS": 0, "EW": 480}, defensive_cap=480)["EW"] == 0
    assert pts("7H", (4, 2, 2, 2), {"NS": 0, "EW": 480})["EW"] == 40  # no cap by default
    # the contractor's own points are never capped
    assert pts("7H", (4, 2, 2, 2), {"NS": 480, "EW": 0}, defensive_cap=490)["NS"] == -200


def test_option_defender_points_ignored_above_400() -> None:
    """Option defender_points_ignored_above = 400: a defending side above 400 scores no 10s."""
    assert pts("7H", (4, 2, 2, 2), {"NS": 0, "EW": 410}, defender_points_ignored_above=400)[
        "EW"] == 0
    assert pts("7H", (4, 2, 2, 2), {"NS": 0, "EW": 390}, defender_points_ignored_above=400)[
        "EW"] == 40


def test_5h_8_result_breakdown_reads_well() -> None:
    """5H-8: the result has a breakdown in words, made/failed, contract and declarer."""
    r = score(facts("8NT", (4, 2, 3, 1)), load().options)
    assert r.made is False and r.contract == "8NT" and r.declarer == 0
    assert any("failed" in line for line in r.breakdown)
    assert r.seat_points == (-320, 30, -320, 30)


def test_5h_8_end_to_end_result_of_a_played_deal() -> None:
    """5H-8: a played deal's result adds up: tricks total 10, points match the table."""
    s = first_legal_playout(to_play(load(), "6H", N="AH KH QH 10H 9H 8H 7H AS KS QS",
                                    kitty="5D 6D 7D"))
    r = s.result
    taken = r.figures["tricks"]["NS"]
    assert r.figures["tricks"]["NS"] + r.figures["tricks"]["EW"] == 10
    ns = 100 if 6 <= taken < 10 else 250 if taken == 10 else -100
    assert r.points == {"NS": ns, "EW": 10 * (10 - taken)}


def test_score_deal_rescores_under_other_options() -> None:
    """score_deal(state, **options): the same deal under defensive_cap, no defenders' points,
    slam_minimum; other options are refused."""
    game = load()
    s = first_legal_playout(to_play(game, "6H", N="AH KH QH 10H 9H 8H 7H AS KS QS",
                                    kitty="5D 6D 7D"))
    ew = s.result.points["EW"]
    assert game.score_deal(s).points == s.result.points
    assert game.score_deal(s, defenders_score_tricks=False).points["EW"] == 0
    capped = game.score_deal(s, defensive_cap=490, scores={"NS": 0, "EW": 485})
    assert capped.points["EW"] == min(ew, 5)
    assert set(game.scoring_variants()) >= {"standard", "cap_490", "no_defender_points"}
    for opts in game.scoring_variants().values():
        game.score_deal(s, **opts)
    with pytest.raises(ValueError):
        game.score_deal(s, misere_allowed=False)
    with pytest.raises(ValueError):
        game.score_deal(s, defensive_cap=300)


def test_5h_8_5_three_player_defenders_score_their_own_tricks() -> None:
    """5H-8.3 / 5H-8.5: with 3 players each defender scores their own tricks."""
    game = load(players=3)
    f = DealFacts("7S", 0, (0,), (7, 2, 1), game.sides, game.seat_names)
    assert score(f, game.options).points == {"P1": 140, "P2": 20, "P3": 10}


def test_5h_8_5_five_player_called_partner_shares_the_contract() -> None:
    """5H-2 / 5H-8.5: with 5 players the called partner scores the contract too."""
    game = load(players=5)
    f = DealFacts("8H", 0, (0, 3), (5, 1, 1, 3, 0), game.sides, game.seat_names)
    assert score(f, game.options).points == {"P1": 300, "P2": 10, "P3": 10, "P4": 300, "P5": 0}
