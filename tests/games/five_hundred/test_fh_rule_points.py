"""Five Hundred rule points: misère under ``misere_rank=after_8S`` (A-5) and reasons that name
both suits of a card that changes suit (5H-3.1, 5H-3.4, 5H-6.3)."""

from __future__ import annotations

import pytest
from fh_helpers import legal, load, run, to_play

import cardlab
from cardlab.engine.rng import SplitMix64

AFTER_8S = {"misere_rank": "after_8S"}  # misere_requires_seven stays at its default, True


def fresh(**options: object) -> cardlab.State:
    """A seeded deal with W dealing, so N calls first."""
    return load(**options).deal(seed=1, dealer=3)


# -- A-5 misère under misere_rank=after_8S ---------------------------------------------------
def test_a_5_misere_rank_after_8s_misere_over_8s_changes_the_outcome() -> None:
    """A-5 misere_rank=after_8S (misere_requires_seven=True): N bids 8♠ and E misère, the
    others pass: E plays misère. Under misere_rank=after_7NT the same auction refuses E's
    misère (8♠ outranks it) and N's 8♠ becomes the contract."""
    s = run(fresh(**AFTER_8S), "bid 8S")
    e = s.explain("bid misere")
    assert e.legal and e.rule == "5H-11 A-5" and "after_8S" in e
    assert "bid misere" in legal(s)
    s = run(s, "bid misere", "pass", "pass", "pass")
    assert (s.contract, s.declarer) == ("misere", 1)

    t = run(fresh(misere_rank="after_7NT"), "bid 8S")
    e = t.explain("bid misere")
    assert not e.legal and e.code == "bid_too_low"
    with pytest.raises(cardlab.IllegalAction) as err:
        t.apply("bid misere")
    assert err.value.code == "bid_too_low"
    t = run(t, "pass", "pass", "pass")
    assert (t.contract, t.declarer) == ("8S", 0)


@pytest.mark.parametrize(("calls", "code"), [
    ((), "misere_needs_seven"),                  # nothing to bid over
    (("bid 6NT",), "misere_needs_seven"),        # below 7♠
    (("bid 7S",), ""),                           # 7♠ ≤ high
    (("bid 7NT",), ""),
    (("bid 7H", "bid 8S"), ""),                  # 8♠ < misère under after_8S
    (("bid 8S", "bid misere"), "bid_too_low"),   # misère over misère
    (("bid 8C",), "bid_too_low"),                # 8♣ > misère
])
def test_a_5_misere_rank_after_8s_window_is_7s_to_8s(calls: tuple[str, ...], code: str) -> None:
    """A-5 misere_rank=after_8S: with misere_requires_seven on, misère is legal iff
    7♠ ≤ the current high bid < misère on the ladder."""
    s = run(fresh(**AFTER_8S), *calls)
    e = s.explain("bid misere")
    assert e.legal == (code == "") and e.code == code, str(e)
    assert ("bid misere" in legal(s)) == e.legal


def test_a_5_misere_rank_after_8s_refusal_names_the_window() -> None:
    """A-5 misere_rank=after_8S: the refusal below 7♠ says misère needs a bid from 7♠ to 8♠."""
    s = run(fresh(**AFTER_8S), "bid 6H")
    with pytest.raises(cardlab.IllegalAction) as err:
        s.apply("bid misere")
    assert err.value.code == "misere_needs_seven" and err.value.rule == "5H-11 A-5"
    assert "seven spades up to eight spades" in str(err.value)
    # after_7NT keeps 5H-5.4b's words
    assert "7-level bid" in fresh().explain("bid misere")


def test_a_5_misere_rank_after_8s_requires_seven_false_still_opens() -> None:
    """A-5 / V2 misere_rank=after_8S, misere_requires_seven=False: misère may open the
    auction and stand over 8♠; 8♣ still outranks it."""
    s = fresh(misere_rank="after_8S", misere_requires_seven=False)
    assert s.explain("bid misere").legal
    assert run(s, "bid 8S").explain("bid misere").legal
    assert run(s, "bid 8C").explain("bid misere").code == "bid_too_low"


def test_a_8_blind_misere_under_after_8s_is_not_tied_to_the_seven() -> None:
    """A-8 / 5H-5.4c misere_rank=after_8S, blind_misere_allowed=True: blind and open misère
    share rung 24 and are legal whenever they outrank the high bid (first call for blind
    misère); misere_requires_seven governs plain misère only."""
    s = fresh(misere_rank="after_8S", blind_misere_allowed=True)
    assert s.explain("bid blind_misere").legal and s.explain("bid open_misere").legal
    s = run(s, "bid 8S")
    assert s.explain("bid blind_misere").legal and s.explain("bid misere").legal
    s = run(s, "bid misere")  # E, over 8♠
    assert s.explain("bid open_misere").legal and s.explain("bid blind_misere").legal
    s = run(s, "bid 10D")
    assert s.explain("bid open_misere").legal
    s = run(s, "bid open_misere")
    assert s.explain("bid blind_misere").code == "blind_misere_first_call"
    s2 = run(fresh(misere_rank="after_8S", blind_misere_allowed=True), "bid 7S", "bid misere")
    assert s2.explain("bid blind_misere").legal  # S's first call: over misère


def test_a_5_open_misere_requires_eight_counts_a_misere_above_8s() -> None:
    """A-5 misere_rank=after_8S, open_misere_requires_eight=True: misère stands above 8♠ on
    the ladder, so a misère bid over 7NT lets open misère in, as an 8-level bid would; under
    after_7NT the misère stands below 8♠ and open misère is still refused."""
    s = run(fresh(misere_rank="after_8S", open_misere_requires_eight=True), "bid 7NT",
            "bid misere")
    assert s.explain("bid open_misere").legal
    t = run(fresh(open_misere_requires_eight=True), "bid 7NT", "bid misere")
    assert t.explain("bid open_misere").code == "open_misere_needs_eight"


@pytest.mark.parametrize("opts", [AFTER_8S, {"misere_rank": "after_8S", "blind_misere_allowed":
                                            True, "open_misere_requires_eight": True},
                                  {"misere_rank": "after_8S", "players": 3}])
def test_a_5_misere_rank_after_8s_rollout_legal_lists_match_the_engine(opts: dict) -> None:
    """A-5 misere_rank=after_8S: the rollout's auction lists the same calls as the engine in
    the same order (misère over 8♠ included), through a whole deal."""
    game = load(**opts)
    text = game.action_text
    for seed in range(6):
        state = game.deal(seed=seed, dealer=game.players - 1)
        roll = game.rollout(seed=seed, dealer=game.players - 1)
        script = ["bid 8S", "bid misere"]
        rng = SplitMix64(seed)
        reached = False
        while not state.is_over:
            acts = state.legal_actions()
            ids = roll.legal_ids()
            assert [text(i) for i in ids] == acts
            if script and script[0] in acts:
                k = acts.index(script.pop(0))
                reached = reached or not script
            elif state.phase == "auction":
                k = 0  # pass
            else:
                k = rng.randbelow(len(acts))
            state = state.apply(acts[k])
            roll.apply_id(ids[k])
        assert reached and state.contract == "misere"
        assert roll.result == state.result


def test_a_5_call_cache_over_8s_lists_misere() -> None:
    """A-5 misere_rank=after_8S: the rollout's cached legal calls over 8♠ hold misère, those
    over 8♣ do not (the cache is filled from the engine's ``legal_calls``)."""
    from cardlab.games.five_hundred.game import CALL_IDS
    from cardlab.sim.five_hundred.rollout_core import setup_for

    s = setup_for(load(**AFTER_8S))
    assert CALL_IDS["misere"] in s.calls_after(CALL_IDS["8S"], 0)
    assert CALL_IDS["misere"] not in s.calls_after(CALL_IDS["8C"], 0)
    assert CALL_IDS["misere"] not in s.calls_after(CALL_IDS["6NT"], 0)
    d = setup_for(load())
    assert CALL_IDS["misere"] not in d.calls_after(CALL_IDS["8S"], 0)


# -- 5H-3.4 reasons that name both suits -----------------------------------------------------
SPADES_N = "JC JK AS 10S AH KH QH AD KD QD"
SPADES = dict(N=SPADES_N, E="9S 5C 6C 7C 8C 4H 5H 6H 7H 8H",
              S="JS KS QS 9C 10C 4D 5D 6D 7D 8D", kitty="7S 8S 5S")


def test_5h_3_1_left_bower_lead_names_both_suits() -> None:
    """5H-3.1: spades trumps; N leads J♣, the left bower: its reason says it is a trump
    (spades) in this hand, not a club."""
    s = to_play(load(), "7S", **SPADES)
    e = s.explain("play JC")
    assert e.legal
    assert "the jack of clubs is the left bower: a trump (spades) in this hand, not a club" in e
    assert "(5H-3.1)" in e


def test_5h_3_4_club_refused_on_a_left_bower_lead_says_trumps_were_led() -> None:
    """5H-3.4 / 5H-7.2: N leads J♣ (left bower), so trumps are led; E holds the 9♠ and may
    not play a club: the refusal says the led jack of clubs is a trump, not a club."""
    s = to_play(load(), "7S", **SPADES).apply("play JC")
    assert legal(s) == ["play 9S"]
    e = s.explain("play 5C")
    assert not e.legal and e.code == "must_follow_suit"
    assert "the led jack of clubs is the left bower: a trump (spades) in this hand" in e
    assert "not a club, so trumps were led" in e
    with pytest.raises(cardlab.IllegalAction) as err:
        s.apply("play 5C")
    assert "the led jack of clubs is the left bower" in str(err.value)
    assert "the led jack of clubs" in s.explain("play 9S")  # the legal reason too


def test_5h_7_2_left_bower_refused_on_its_printed_suit_names_both() -> None:
    """5H-7.2 / 5H-3.1: spades trumps, clubs led; E's J♣ is a spade, not a club, so E must
    follow with a plain club."""
    s = to_play(load(), "7S", N="AC KC QC 10C 9C AS KS QS AH KH",
                E="JC 5C 6C 8S 9S 4H 5H 6H 7H 8H", kitty="7S 6S 5S").apply("play AC")
    e = s.explain("play JC")
    assert not e.legal and e.rule == "5H-7.2"
    assert "a trump (spades) in this hand, not a club" in e and "spade this deal" in e
    legal_reason = s.explain("play 5C")
    assert legal_reason.legal and "the jack of clubs is the left bower" in legal_reason


def test_5h_3_1_joker_in_a_trump_contract_names_the_trump_suit() -> None:
    """5H-3.1: in a spades contract the joker belongs to the trump suit: leading it, and a
    club refused on it, both say it is the highest trump (spades) in this hand."""
    s = to_play(load(), "7S", **SPADES)
    assert "the joker belongs to the trump suit: the highest trump (spades)" in s.explain(
        "play JK")
    s = s.apply("play JK")
    e = s.explain("play 6C")
    assert not e.legal and "the led joker belongs to the trump suit" in e and "spades" in e


def test_5h_6_3_nominated_joker_names_its_suit() -> None:
    """5H-6.3 / J7: NT, the joker nominated as a heart: leading it, and a spade refused on
    it, both say it belongs to hearts in this hand (and is not a trump)."""
    s = to_play(load(), "7NT", nominate="H", N="JK AH KH QH AS KS QS AC KC QC",
                E="4H 5H 6H 7H 8H 5S 6S 7S 8S 9S", kitty="QD KD AD")
    lead = s.explain("play JK")
    assert lead.legal and "nominated as a heart: it belongs to hearts in this hand" in lead
    s = s.apply("play JK")
    e = s.explain("play 5S")
    assert not e.legal and "the led joker was nominated as a heart" in e
    assert "so hearts were led" in e


def test_5h_2_four_of_the_trump_colour_names_both_suits() -> None:
    """5H-2 (pack_4p=43_spade_diamond_4s_removed): spades trumps, the 4♣ is a trump too; its
    reason says it is a trump (spades), not a club."""
    game = load(pack_4p="43_spade_diamond_4s_removed")
    s = to_play(game, "7S", N="4C AS KS QS AH KH QH AD KD QD")
    e = s.explain("play 4C")
    assert e.legal and "four of the trump colour: a trump (spades) in this hand, not a club" in e
