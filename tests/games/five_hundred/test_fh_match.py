"""Five Hundred matches (5H-9): win by contract, no win by defending, going out backwards."""

from __future__ import annotations

import json

from fh_helpers import discard_kitty, first_legal_playout, load, run, stacked

from cardlab.bots import RandomBot

STRONG_N = "JK JH JD AH KH QH 10H 9H 8H 7H"


def n_slam(game):  # type: ignore[no-untyped-def]
    """N bids 6H with every top heart and makes all ten tricks (250 by the slam rule)."""
    s = discard_kitty(run(stacked(game, N=STRONG_N, kitty="5D 6D 7D"), "bid 6H", "pass", "pass",
                          "pass"))
    return first_legal_playout(s)


def e_fails(game, bid: str = "8H"):  # type: ignore[no-untyped-def]
    """E bids 8♥ (300) against N's strong hearts and the joker, and fails."""
    s = stacked(game, N=STRONG_N, kitty="5D 6D 7D")
    s = discard_kitty(run(s, "pass", f"bid {bid}", "pass", "pass"))
    s = first_legal_playout(s)
    assert s.result.made is False
    return s


def test_5h_9_1_win_by_making_a_contract_to_500() -> None:
    """5H-9.1: NS at 300 make a slam (+250): 550, and they win at once."""
    game = load()
    m = game.match(seed=1, scores={"NS": 300, "EW": 480})
    row = m.record(n_slam(game))
    assert row["points"] == {"NS": 250, "EW": 0} and m.scores["NS"] == 550
    assert m.is_over and m.winner == "NS"


def test_5h_9_2_no_win_by_defending_and_option_win_by_defending() -> None:
    """5H-9.2: NS reach 500 as defenders and do not win; option win_by_defending = true
    (American) lets them win."""
    game = load()
    deal = e_fails(game)
    ns_gain = deal.result.points["NS"]
    assert ns_gain > 0
    m = game.match(seed=1, scores={"NS": 500 - ns_gain, "EW": 0})
    m.record(deal)
    assert m.scores["NS"] >= 500 and not m.is_over
    game2 = load(win_by_defending=True)
    m2 = game2.match(seed=1, scores={"NS": 500 - ns_gain, "EW": 0})
    m2.record(e_fails(game2))
    assert m2.is_over and m2.winner == "NS"


def test_5h_9_3_going_out_backwards() -> None:
    """5H-9.3: EW fail 8♥ (−300) from −300: −600 ≤ −500, EW lose and NS win."""
    game = load()
    m = game.match(seed=1, scores={"NS": 0, "EW": -300})
    m.record(e_fails(game))
    assert m.scores["EW"] == -600 and m.is_over and m.winner == "NS"


def test_5h_9_3_minus_500_exactly_loses() -> None:
    """5H-9.3 / A-26: −500 exactly is a loss (E fails 8♥ from −200)."""
    game = load()
    m = game.match(seed=1, scores={"NS": 0, "EW": -200})
    m.record(e_fails(game))
    assert m.scores["EW"] == -500 and m.winner == "NS"


def test_option_backwards_needs_nonnegative_opponent() -> None:
    """Option backwards_needs_nonnegative_opponent = true: EW at −600 lose only if NS are not
    negative."""
    game = load(backwards_needs_nonnegative_opponent=True)
    m = game.match(seed=1, scores={"NS": -400, "EW": -300})
    m.record(e_fails(game))
    assert m.scores["EW"] == -600 and m.scores["NS"] < 0 and not m.is_over
    m2 = game.match(seed=1, scores={"NS": 0, "EW": -300})
    m2.record(e_fails(game))
    assert m2.is_over and m2.winner == "NS"


def test_option_target_and_loss_threshold() -> None:
    """Options target / loss_threshold: a game to 300 ends when NS make 250 from 100."""
    game = load(target=300, loss_threshold=-300)
    m = game.match(seed=1, scores={"NS": 100, "EW": 0})
    m.record(n_slam(game))
    assert m.is_over and m.winner == "NS"
    m2 = game.match(seed=1, scores={"NS": 0, "EW": -100})
    m2.record(e_fails(game))
    assert m2.is_over and m2.winner == "NS"


def test_option_defensive_cap_in_a_match() -> None:
    """Option defensive_cap = 490: in a match NS, defending from 470, stop at 490."""
    game = load(defensive_cap=490)
    m = game.match(seed=1, scores={"NS": 470, "EW": 0})
    m.record(e_fails(game))
    assert m.scores["NS"] == 490 and not m.is_over


def test_5h_4_1_dealer_rotates_and_throw_in_passes_the_deal() -> None:
    """5H-4.1 / 5H-5.5: after each deal (a throw-in too) the deal passes to the left."""
    game = load()
    m = game.match(seed=3, dealer=1)
    s = m.deal()
    assert s.dealer == 1
    while not s.is_over:
        s = s.apply("pass")
    row = m.record(s)
    assert row["points"] == {"NS": 0, "EW": 0} and m.dealer == 2
    assert m.deal().dealer == 2


def test_5h_9_match_plays_to_the_end() -> None:
    """5H-9: random bots play a match to its end; the sheet adds up; JSON round-trips."""
    game = load()
    m = game.match(seed=5).play(RandomBot(seed=5))
    assert m.is_over and m.winner in ("NS", "EW")
    total = {"NS": 0, "EW": 0}
    for row in m.sheet:
        for side in total:
            total[side] += row["points"][side]
    assert total == m.scores
    data = json.loads(m.to_json())
    assert data["winner"] == m.winner and len(data["deals"]) == len(m.sheet)
