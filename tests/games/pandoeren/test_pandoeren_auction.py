"""Pandoeren auction, exchange, trumps and the call (A2.5, A2.7)."""

from __future__ import annotations

import json

import pytest
from pandoeren_helpers import declare, load, play_cards, stacked

import cardlab


def legal(state):
    return [str(a) for a in state.legal_actions()]


def test_a2_5_forehand_first_and_bids_must_rise():
    """A2.5: forehand speaks first; each bid ranks above the current one (A4.2 order)."""
    state = load().deal(seed=5, dealer=3)
    assert state.to_move == 0
    state = state.apply("bid misere")
    assert legal(state)[:3] == ["pass", "bid 150", "bid 160"]
    e = state.explain("bid 140")
    assert not e.legal and e.code == "bid_too_low" and e.rule == "A2.5"
    with pytest.raises(cardlab.IllegalAction) as err:
        state.apply("bid piccolo")
    assert err.value.code == "bid_too_low"


def test_a2_5_legal_bids_are_exactly_the_ladder_above():
    """A2.5: legal_actions lists pass and every bid above the current bid, in ladder order."""
    game = load()
    state = game.deal(seed=5).apply("bid pandoer+180")
    assert legal(state) == ["pass", "bid pandoer+200", "bid praatje", "bid prive"]
    state = state.apply("bid prive")
    assert legal(state) == ["pass"]


def test_a2_5_pass_is_final():
    """A2.5 / P-A4 pass_is_final=True: a seat that passed is out of the auction."""
    state = load().deal(seed=5, dealer=3).apply("pass").apply("bid 120")
    state = state.apply("pass").apply("pass")
    # N passed first: the auction is over (three passed after E's bid)
    assert state.phase == "exchange" and state.declarer == 1
    s2 = load().deal(seed=5, dealer=3).apply("pass").apply("bid 120").apply("bid 130")
    s2 = s2.apply("pass")  # W passes, N is skipped, E to call
    assert s2.to_move == 1
    e = s2.explain("bid 140", seat=0)
    assert e.code == "already_passed"


def test_a4_3_option_pass_is_final_false():
    """P-A4 pass_is_final=False: a passed seat may bid again; three passes in a row end."""
    state = load(pass_is_final=False).deal(seed=5, dealer=3)
    state = state.apply("pass").apply("bid 120").apply("pass").apply("pass")
    assert state.phase == "auction" and state.to_move == 0
    state = state.apply("bid 130").apply("pass").apply("pass").apply("pass")
    assert state.phase == "exchange" and state.declarer == 0


def test_a2_5_all_pass_annuls_the_deal():
    """A2.5: all four pass: the deal is annulled and nobody scores."""
    state = load().deal(seed=5)
    for _ in range(4):
        state = state.apply("pass")
    assert state.is_over and state.result.made is None
    assert set(state.result.points.values()) == {0}
    assert state.result.figures["thrown_in"]


def test_a4_3_option_all_pass_same_dealer():
    """P-A3 all_pass: 'next_dealer' moves the deal on; 'same_dealer' redeals by the same."""
    for mode, expect in (("next_dealer", 1), ("same_dealer", 0)):
        game = load(all_pass=mode)
        match = game.match(seed=2, dealer=0)
        state = match.deal()
        for _ in range(4):
            state = state.apply("pass")
        match.record(state)
        assert match.dealer == expect, mode
        assert match.deals_counted == (1 if mode == "next_dealer" else 0)


def test_a2_7_1_declarer_takes_kijkkaart_and_discards_one():
    """A2.7.1: the declarer holds 9 cards and discards one face down (the kijkkaart too)."""
    state = declare(stacked(kijkkaart="6H"), "120")
    assert state.phase == "exchange" and len(state.hands[0]) == 9
    assert len(legal(state)) == 9 and "discard 6H" in legal(state)
    assert state.explain("discard JH").code == "card_not_held"
    nxt = state.apply("discard 6H")
    assert nxt.phase == "trump" and len(nxt.hands[0]) == 8
    for seat in (1, 2, 3, None):
        text = json.dumps(nxt.view(seat))
        assert '"6H"' not in text
    assert "6H" in json.dumps(nxt.view(0))


def test_a2_9_kijkkaart_visible_until_picked_up():
    """A2.9: the kijkkaart is visible to all until the declarer picks it up."""
    state = stacked(kijkkaart="6H")
    extras = state.view(2)["extras"]
    assert extras == [{"label": "kijkkaart", "cards": ["6H"], "count": 1}]
    after = declare(state, "120")
    assert all(x["label"] != "kijkkaart" for x in after.view(2)["extras"])


def test_a2_7_2_no_trump_phase_in_zwabber():
    """A2.7.2: trumps are named for every contract except Zwabber and Solo-zwabber."""
    state = declare(stacked(), "solo_zwabber", discard="6H")
    assert state.phase == "play" and state.trump is None
    state = declare(stacked(), "zwabber", discard="6H")
    assert state.phase == "call" and state.trump is None


def test_a2_7_3_call_an_ace_not_held_and_trump_ace_allowed():
    """A2.7.3: call an ace the declarer neither holds nor discarded; the trump ace too."""
    state = declare(stacked(N="AS 7C", kijkkaart="6H"), "120", discard="6H",
                    trump="H")
    assert state.phase == "call"
    assert legal(state) == ["call AC", "call AD", "call AH"]
    assert state.explain("call AS").code == "called_card_held"
    assert state.explain("call KD").code == "bad_call"


def test_p_a8_king_fallback_when_no_ace_callable():
    """P-A8: holding (or having discarded) all four aces, the declarer calls a king."""
    state = declare(stacked(N="AS AC AD AH KS", kijkkaart="6H"), "120", trump="S",
                    discard="6H")
    assert legal(state) == ["call KC", "call KD", "call KH"]


def test_a4_3_option_allow_call_trump_ace_false():
    """P-A7 allow_call_trump_ace=False: the trump ace may not be called."""
    game = load(allow_call_trump_ace=False)
    state = declare(stacked(game, N="AS 7C", kijkkaart="6H"), "120", discard="6H", trump="H")
    assert "call AH" not in legal(state)
    assert state.explain("call AH").code == "trump_ace_not_callable"
    default = declare(stacked(N="AS 7C", kijkkaart="6H"), "120", discard="6H", trump="H")
    assert "call AH" in legal(default)


def test_a2_7_3_partner_hidden_until_called_ace_played():
    """A2.7.3: the partner is secret until the called card is played (view shows it then)."""
    state = declare(stacked(N="JH 9H KH QH 10H 8H 7H 6H", E="AS", kijkkaart="KS"), "120",
                    trump="H", call="AS", discard="KS")
    assert state.partner == 1
    assert state.view(None)["partner"] is None and state.view(2)["partner"] is None
    assert state.view(0)["partner"] is None          # the declarer does not know either
    assert state.view(1)["partner"] == 1             # the partner knows herself
    assert "ace of spades" in state.view(2)["called"]
    s = play_cards(state, "7H")                      # N leads a trump
    assert s.view(3)["partner"] is None
    s = play_cards(s, "AS")                          # E plays the called ace
    assert s.view(3)["partner"] == 1 and s.partner_public


def test_a2_7_4_kereltje_partner_is_jas_holder_and_own_jas_illegal():
    """A2.7.4 / P-A9: in Kereltje the jas holder is the partner; the declarer may not name
    a suit whose jack she holds (kereltje_own_jas='illegal')."""
    state = declare(stacked(N="JS", E="JH", kijkkaart="6H"), "kereltje", discard="6H")
    assert state.phase == "trump"
    assert "trump S" not in legal(state)
    e = state.explain("trump S")
    assert e.code == "kereltje_own_jas" and e.rule == "A2.7.4"
    s = state.apply("trump H")
    assert s.phase == "play" and s.partner == 1


def test_a4_3_option_kereltje_own_jas_play_alone():
    """P-A9 kereltje_own_jas='play_alone': naming her own jas's suit, she plays alone."""
    state = declare(stacked(load(kereltje_own_jas="play_alone"), N="JS"), "kereltje",
                    discard="6H", trump="S")
    assert state.phase == "play" and state.partner is None and state.team() == (0,)


def test_wrong_phase_and_unknown_actions_are_refused():
    """A2.5: only bids and passes in the auction; unknown words are refused by name."""
    state = load().deal(seed=1)
    assert state.explain("play JD").code == "wrong_phase"
    assert state.explain("jump").code == "unknown_action"
    assert state.explain("bid 125").code == "unknown_bid"
    assert state.explain("bid 310").code == "above_cap"
    assert state.explain("bid pandoer+220").code == "above_cap"
    assert state.apply("bid Misère").history[-1] == "bid misere"
