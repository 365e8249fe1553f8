"""Game-independent mechanics: auction, tricks, dealing, options, actions (cardlab/engine)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.cards import Card, five_hundred_pack, parse_cards, skat_pack
from cardlab.engine.action import Action, Explanation
from cardlab.engine.auction import Auction
from cardlab.engine.dealing import check_partition, deal_by_schedule, pack_order, packet_schedule
from cardlab.engine.options import build_options, option, options_dict
from cardlab.engine.tricks import CardOrder, Play, Trick, cards_of_suit, trick_winner
from cardlab.errors import IllegalAction


# -- auction -------------------------------------------------------------------------
def test_auction_passing_is_final_and_skips_passed_seats():
    a = Auction(order=(1, 2, 3, 0))
    a = a.call(1, "7H")
    assert a.to_call == 2
    a = a.call(2, "pass")
    a = a.call(3, "8S")
    a = a.call(0, "pass")
    assert a.to_call == 1 and not a.is_over
    a = a.call(1, "pass")
    assert a.is_over and a.high == "8S" and a.high_seat == 3 and a.to_call is None
    assert a.bids() == [(1, "7H"), (3, "8S")]
    assert a.last_bid_of(1) == "7H" and a.has_passed(2)


def test_auction_all_pass_ends_without_high_bid():
    a = Auction(order=(0, 1, 2))
    for s in (0, 1, 2):
        a = a.call(s, "pass")
    assert a.is_over and a.high is None


def test_auction_single_round_gives_each_seat_one_call():
    a = Auction(order=(0, 1, 2, 3), single_round=True)
    a = a.call(0, "6S").call(1, "pass").call(2, "7C")
    assert a.to_call == 3
    a = a.call(3, "pass")
    assert a.is_over and a.high == "7C" and a.high_seat == 2


def test_auction_without_final_passes_ends_after_a_round_of_passes():
    a = Auction(order=(0, 1, 2, 3), pass_is_final=False)
    a = a.call(0, "pass").call(1, "120").call(2, "pass").call(3, "pass")
    assert a.to_call == 0 and not a.is_over  # 0 passed before but may come back in
    a = a.call(0, "130").call(1, "pass").call(2, "pass")
    assert not a.is_over
    a = a.call(3, "pass")
    assert a.is_over and a.high == "130" and a.high_seat == 0


def test_auction_bid_since():
    a = Auction(order=(0, 1)).call(0, "6S")
    assert not a.bid_since(0) and a.bid_since(1)
    a = a.call(1, "6C")
    assert a.bid_since(0)


# -- tricks --------------------------------------------------------------------------
_LADDER = ("A", "K", "Q", "J", "10", "9", "8", "7")


def _order(trump: str | None) -> CardOrder:
    return CardOrder.from_ranks(skat_pack(), _LADDER, trump=trump)


def test_trick_winner_trump_beats_led_suit_and_off_suits_cannot_win():
    plays = [Play(0, Card("K", "S")), Play(1, Card("A", "C")), Play(2, Card("7", "H")),
             Play(3, Card("A", "S"))]
    assert trick_winner(plays, _order(None)) == 3
    assert trick_winner(plays, _order("H")) == 2


def test_trick_winner_ties_go_to_the_first():
    plays = [Play(2, Card("A", "S")), Play(3, Card("A", "S"))]
    assert trick_winner(plays, _order(None)) == 2


def test_trick_is_immutable_and_records_the_led_suit():
    t = Trick(leader=1)
    t2 = t.add(Play(1, Card("9", "D")), suit="D").add(Play(2, Card("7", "C")), suit="C")
    assert t.plays == () and t2.suit == "D" and t2.cards == (Card("9", "D"), Card("7", "C"))
    assert t2.won_by(1).winner == 1 and t2.seats == (1, 2)
    assert t2.as_dict()["plays"][0] == {"seat": 1, "card": "9D"}


def test_cards_of_suit_uses_the_effective_suit():
    hand = parse_cards("JD AH 9C")

    # the left bower (JD) is a heart when hearts are trumps
    order = CardOrder.from_lists({"C": [Card("9", "C")], "D": []},
                                 trumps=parse_cards("JD AH"), trump="H")
    assert cards_of_suit(hand, "H", order) == parse_cards("JD AH")


# -- dealing -------------------------------------------------------------------------
def test_packet_schedule_and_deal():
    sched = packet_schedule(["N", "E", "S", "W"], [(3, 1), (4, 1), (3, 1)])
    pack = list(five_hundred_pack(43))
    dealt = deal_by_schedule(pack, sched)
    assert [len(dealt[s]) for s in "NESW"] == [10] * 4 and len(dealt["kitty"]) == 3
    # 5H-4.3: N gets d0-2, d13-16, d30-32; the kitty d12, d29, d42
    assert dealt["N"] == pack[0:3] + pack[13:17] + pack[30:33]
    assert dealt["kitty"] == [pack[12], pack[29], pack[42]]
    with pytest.raises(ValueError):
        deal_by_schedule(pack[:5], sched)


@given(st.integers(min_value=0, max_value=2**63))
def test_every_card_dealt_exactly_once(seed):
    pack = five_hundred_pack(43)
    order = pack_order(pack, seed=seed)
    dealt = deal_by_schedule(order, packet_schedule(range(4), [(3, 1), (4, 1), (3, 1)]))
    cards = [c for part in dealt.values() for c in part]
    assert sorted(cards, key=pack.index) == list(pack)
    assert pack_order(pack, seed=seed) == order


def test_pack_order_given_and_checked():
    pack = skat_pack()
    assert pack_order(pack, order=" ".join(c.code for c in reversed(pack))) == list(reversed(pack))
    with pytest.raises(IllegalAction) as err:
        pack_order(pack, order="AS AS")
    assert err.value.code == "wrong_count"
    with pytest.raises(ValueError):
        pack_order(pack)


def test_check_partition_names_the_problem():
    pack = skat_pack()
    cards = list(pack)
    ok = {"a": cards[:16], "b": cards[16:]}
    check_partition(pack, ok, {"a": 16, "b": 16})
    with pytest.raises(IllegalAction) as err:
        check_partition(pack, {"a": cards[:16], "b": cards[15:31]}, {"a": 16, "b": 16})
    assert err.value.code == "duplicate_card" and "appears twice" in str(err.value)
    with pytest.raises(IllegalAction) as err:
        check_partition(pack, {"a": cards[:16], "b": cards[16:31]}, {"a": 16})
    assert err.value.code == "missing_card"
    with pytest.raises(IllegalAction) as err:
        check_partition(pack, {"a": cards[:15]}, {"a": 16})
    assert err.value.code == "wrong_count" and "expected 16" in str(err.value)


# -- options -------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, kw_only=True)
class _Opts:
    players: int = option(4, choices=(2, 3, 4))
    mode: str = option("a", choices=("a", "b"))
    cap: int | None = option(None, choices=(None, 480, 490))
    target: int = option(500, kind=int)
    flag: bool = option(True)


def test_options_defaults_presets_and_overrides():
    o = build_options(_Opts, {"p": {"mode": "b"}}, None, {}, game="g")
    assert options_dict(o) == {"players": 4, "mode": "a", "cap": None, "target": 500, "flag": True}
    o = build_options(_Opts, {"p": {"mode": "b", "flag": False}}, "p", {"flag": True}, game="g")
    assert o.mode == "b" and o.flag is True


@pytest.mark.parametrize("kwargs,words", [
    ({"colour": 1}, "unknown option 'colour'; valid options: players, mode"),
    ({"mode": "c"}, "option mode='c' is not valid; expected 'a', 'b'"),
    ({"cap": 500}, "expected None, 480, 490"),
    ({"target": "500"}, "expected any int"),
    ({"flag": 1}, "expected any bool"),
    ({"players": True}, "expected 2, 3, 4"),
])
def test_bad_options_list_the_valid_ones(kwargs, words):
    with pytest.raises(ValueError) as err:
        build_options(_Opts, {}, None, kwargs, game="g")
    assert words in str(err.value)


def test_unknown_preset_lists_presets():
    with pytest.raises(ValueError, match="valid presets: p, q"):
        build_options(_Opts, {"q": {}, "p": {}}, "r", {}, game="g")


# -- actions -------------------------------------------------------------------------
def test_action_is_its_notation():
    a = Action("bid 7H")
    assert a == "bid 7H" and a.verb == "bid" and a.args == ("7H",)
    assert repr(a) == "Action('bid 7H')" and "bid 7H" in [a]
    e = Explanation("ok", legal=True)
    assert e.legal and e.code == "" and str(e) == "ok"


def test_an_unknown_card_code_is_refused_as_notation_before_any_rule():
    """DESIGN §2: 'play 2Z' raises IllegalAction naming the bad token and what was expected."""
    import cardlab

    for name in cardlab.game_names():
        game = cardlab.load(name)
        state = game.deal(seed=3)
        with pytest.raises(IllegalAction) as err:
            state.apply("play 2Z")
        assert err.value.code == "unknown_card" and "'2Z'" in str(err.value)
        assert "expected" in str(err.value)
        assert state.explain("play 2Z").code == "unknown_card"
