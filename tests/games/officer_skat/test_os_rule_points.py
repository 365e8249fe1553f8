"""Officer Skat rule points: the Re window option (B-6), per-trick card points (OS-2.2) and
reasons that name a card's printed and effective suit (OS-5.4 / OS-5.5)."""

from __future__ import annotations

import json

import numpy as np
import pytest
from officer_skat_helpers import D, F, legal, stacked, to_play

import cardlab
from cardlab.bots import bot_for, play_out
from cardlab.games.officer_skat.rules import CARD_POINTS
from cardlab.sim.officer_skat import batch as osk

UNTIL_LEAD = {"re_window": "until_opening_lead"}
#: D's face-up cards with no spade and no heart, so D's choices are easy to read
D_NO_SPADES = ["?/AC", "?/KC", "?/7C", "?/8D", "?/9D", "?/QC", "?/9C", "?/10D"]


def at_opening_lead(**options):
    """Hearts declared, Kontra said, Re declined at step 10: F to lead."""
    state = stacked(f=["?/JS", "?/AS"], d=D_NO_SPADES, **options)
    state = state.apply("declare H").apply("kontra")
    assert state.phase == "re" and state.to_move == F  # step 10 under either window
    return state.apply("no_re")


def play_first_legal_cards(state):
    """Play the deal out, each seat playing its first legal card (never saying Re)."""
    while not state.is_over:
        state = state.apply(next(a for a in state.legal_actions() if a.verb == "play"))
    return state


# -- B-6 re_window ------------------------------------------------------------------------------
def test_b_6_re_window_until_opening_lead_re_beside_the_opening_lead():
    """B-6 re_window=until_opening_lead: F is asked at step 10 (D's second face-up row not
    yet dealt); a Re not said there stands beside the card plays at F's opening lead."""
    state = stacked(**UNTIL_LEAD).apply("declare H").apply("kontra")
    assert state.phase == "re" and legal(state) == ["re", "no_re"]
    assert all(p["up"] is None for p in state.view(F)["piles"][D][4:])  # c28-31 not dealt
    state = state.apply("no_re")
    assert state.phase == "play" and state.to_move == F and state.re_open
    plays = [a for a in legal(state) if a.startswith("play ")]
    assert legal(state) == ["re", *plays] and plays
    assert all(p["up"] is not None for p in state.view(F)["piles"][D])
    e = state.explain("re")
    assert e.legal and e.rule == "B-6" and "opening card" in e
    assert state.view(F)["legal"][0] == "re"
    assert any("Re" in line and "B-6" in line for line in state.view(F)["info"])


def test_b_6_re_window_default_refuses_re_at_the_opening_lead():
    """B-6 re_window=before_dealer_second_face_up_row (default): at F's opening lead ``re``
    is not legal, and the refusal names the closed window."""
    state = at_opening_lead()
    assert not state.re_open and "re" not in legal(state)
    e = state.explain("re")
    assert not e.legal and e.code == "re_window_closed" and e.rule == "B-6"
    assert "step 10" in e and "before_dealer_second_face_up_row" in e
    with pytest.raises(cardlab.IllegalAction) as err:
        state.apply("re")
    assert (err.value.code, err.value.rule) == ("re_window_closed", "B-6")
    assert "Legal now: play" in str(err.value)


def test_b_6_re_window_until_opening_lead_changes_the_score():
    """B-6 re_window=until_opening_lead: the same deal and the same cards; under the default
    only Kontra counts (×2), with the option F's Re at the lead makes it ×4."""
    default = play_first_legal_cards(at_opening_lead())
    late = at_opening_lead(**UNTIL_LEAD)
    said = late.apply("re")
    assert said.re and said.kontra and said.phase == "play" and said.to_move == F
    assert "re" not in legal(said) and not said.re_open
    assert said.calls[-1] == (F, "re")
    assert late.describe("re") == "P1 answers Re before leading: the stakes are doubled again"
    done = play_first_legal_cards(said)
    assert [t.cards for t in done.tricks] == [t.cards for t in default.tricks]
    assert done.result.seat_points[F] == 2 * default.result.seat_points[F] != 0
    assert "Kontra and Re × 4" in " ".join(done.result.breakdown)
    assert "Kontra × 2" in " ".join(default.result.breakdown)
    # the record replays the Re said in the play phase
    again = cardlab.from_json(done.to_json())
    assert again.result == done.result and again.re


def test_b_6_re_window_until_opening_lead_closes_when_f_plays_a_card():
    """B-6 re_window=until_opening_lead: the window closes when F plays the opening card."""
    state = at_opening_lead(**UNTIL_LEAD)
    card = next(a for a in legal(state) if a.startswith("play "))
    after = state.apply(card)
    assert not after.re_open and after.to_move == D
    e = after.explain("re")
    assert not e.legal and e.code == "re_window_closed" and e.rule == "B-6"
    assert "led the first card" in e
    later = after.apply(legal(after)[0])
    assert "re" not in legal(later)
    e = later.explain("re", seat=later.to_move)
    assert not e.legal and e.code == "re_window_closed"


def test_b_6_re_window_until_opening_lead_no_re_and_re_twice():
    """B-6 re_window=until_opening_lead: at the lead F declines by playing (no ``no_re``);
    a Re said at step 10 is not said again; without Kontra there is no Re (OS-7.4)."""
    state = at_opening_lead(**UNTIL_LEAD)
    e = state.explain("no_re")
    assert not e.legal and e.code == "wrong_phase" and e.rule == "B-6"
    early = to_play(stacked(**UNTIL_LEAD), "H", kontra=True, re=True)
    assert early.re and not early.re_open and "re" not in legal(early)
    e = early.explain("re")
    assert not e.legal and e.code == "re_already_said" and e.rule == "OS-7.4"
    none = to_play(stacked(**UNTIL_LEAD), "H")
    assert not none.re_open and "re" not in legal(none)
    assert none.explain("re").code == "wrong_phase"


def test_b_6_re_window_until_opening_lead_only_the_declarer_says_re():
    """B-6 / OS-7.4 / B-2: Re belongs to the party Kontra was said against. When D declares
    after F passed, D is asked after the whole deal (as under the default window), and F's
    opening lead carries no ``re``."""
    for options in ({}, UNTIL_LEAD):
        state = stacked(pass_allowed=True, **options).apply("pass").apply("declare H")
        state = state.apply("kontra")  # F, the declarer's opponent, says Kontra
        assert state.phase == "re" and state.to_move == D
        assert all(p["up"] is not None for p in state.view(D)["piles"][D])
        state = state.apply("no_re")
        assert state.phase == "play" and state.to_move == F
        assert not state.re_open and "re" not in legal(state)
        assert state.explain("re").code == "re_window_closed"


def test_b_6_re_window_until_opening_lead_bot_and_batch_cope():
    """B-6 re_window=until_opening_lead: the heuristic bot declines an open Re by leading;
    the batch simulator starts from such a state (the open Re counts as declined)."""
    state = at_opening_lead(**UNTIL_LEAD)
    bot = bot_for("officer_skat", seed=1)
    choice = bot.choose(state)
    assert choice.verb == "play" and choice in state.legal_actions()
    final = play_out(state, bot)
    assert final.is_over and not final.re
    batch = osk.OfficerSkatBatch.from_states([state]).play("heuristic")
    assert batch.done.all() and not batch.re.any()
    assert int(batch.card_points.sum()) == 120
    game = cardlab.load("officer_skat", **UNTIL_LEAD)
    st = osk.scalar_start(game, 5, "H", 0, kontra=True, re=False)
    assert st.phase == "play" and st.re_open
    piles = osk.deal_batch(game, [5], np.array([0]))
    b = osk.start_play(game, piles, "H", np.array([0]), True, False).play("heuristic")
    assert b.done.all()


# -- OS-2.2 per-trick card points -------------------------------------------------------------
def test_os_2_2_each_trick_carries_its_card_points():
    """OS-2.2: every completed trick carries its card points; they add up to each seat's card
    points and to the deal's card points in the result."""
    state = play_out(cardlab.load("officer_skat").deal(seed=11, dealer=0),
                     bot_for("officer_skat", seed=3))
    assert len(state.tricks) == 16
    for t in state.tricks:
        assert t.points == sum(CARD_POINTS[c.rank] for c in t.cards)
        assert t.as_dict()["points"] == t.points
    assert sum(t.points for t in state.tricks) == 120
    for seat in (0, 1):
        assert sum(t.points for t in state.tricks if t.winner == seat) == state.card_points[seat]
    assert state.result.figures["card_points"] == {
        name: sum(t.points for t in state.tricks if t.winner == s)
        for s, name in enumerate(state.game.seat_names)}


def test_os_2_2_view_and_narration_show_the_trick_points():
    """OS-2.2: the view shows the last trick's points and the running card points per seat;
    the card that completes a trick is narrated with the trick's points."""
    state = to_play(stacked(f=["?/AS"], d=["?/KH", *D_NO_SPADES[1:]]), "H")
    assert state.view(F)["card_points"] == {"P1": 0, "P2": 0}
    state = state.apply("play AS")
    assert state.describe("play KH") == ("P2 plays the king of hearts (trump) and wins the "
                                         "trick: 15 points")
    done = state.apply("play KH")
    assert done.tricks[-1].points == 15
    for seat in (None, F, D):
        v = done.view(seat)
        assert v["last_trick"]["points"] == 15 and v["last_trick"]["winner"] == D
        assert v["card_points"] == {"P1": 0, "P2": 15}
        json.dumps(v)
    assert done.narration()[-1].endswith("wins the trick: 15 points")


def test_os_2_2_narration_names_the_winner_and_points_when_the_follower_loses():
    """OS-2.2 / OS-5.6: the follower's losing card: "…; P1 wins the trick: N points"."""
    state = to_play(stacked(f=["?/AS"], d=D_NO_SPADES), "H").apply("play AS")
    assert state.describe("play 7C") == (
        "P2 plays the seven of clubs; P1 wins the trick: 11 points")


# -- OS-5.4 / OS-5.5 cards that change suit ---------------------------------------------------
def _follow(lead: str, d_ups: list[str], game: str = "H"):
    """F leads ``lead`` under ``game``; D holds ``d_ups`` face up."""
    return to_play(stacked(f=[f"?/{lead}"], d=[f"?/{c}" for c in d_ups]), game).apply(
        f"play {lead}")


def test_os_5_4_refusing_the_jack_of_spades_on_a_spade_lead():
    """OS-5.4 / OS-5.5: hearts trumps, spades led: J♠ is a trump, not a spade, so it does not
    follow, and D, who has 9♠, must play it."""
    state = _follow("AS", ["JS", "9S", "7C", "8D", "9D", "QC", "9C", "10D"])
    assert legal(state) == ["play 9S"]
    e = state.explain("play JS")
    assert not e.legal and e.code == "must_follow_suit" and e.rule == "OS-5.4/OS-5.5"
    assert ("the jack of spades counts as a trump (hearts) in this game, not a spade "
            "(OS-5.4)") in e
    assert "OS-5.5" in e and "must follow with the nine of spades" in e
    with pytest.raises(cardlab.IllegalAction) as err:
        state.apply("play JS")
    assert err.value.rule == "OS-5.4/OS-5.5" and "not a spade" in str(err.value)
    ok = state.explain("play 9S")
    assert ok.legal and ok.rule == "OS-5.5" and "trump" not in ok


def test_os_5_4_a_led_jack_of_spades_is_a_trump_lead():
    """OS-5.4 / OS-5.5: hearts trumps, J♠ led: trumps were led, so a plain spade is refused
    and the reason says the led card, the jack of spades, is a trump."""
    state = _follow("JS", ["AH", "AS", "7C", "8D", "9D", "QC", "9C", "10D"])
    assert legal(state) == ["play AH"]
    e = state.explain("play AS")
    assert not e.legal and e.rule == "OS-5.4/OS-5.5"
    assert ("the led card, the jack of spades, counts as a trump (hearts) in this game, not a "
            "spade (OS-5.4)") in e
    ok = state.explain("play AH")
    assert ok.legal and ok.rule == "OS-5.4/OS-5.5" and "led card, the jack of spades" in ok


def test_os_5_4_leading_a_jack_names_both_suits():
    """OS-5.4 / OS-5.1: the reason for leading J♠ in a hearts game says it leads trumps."""
    state = to_play(stacked(f=["?/JS", "?/AS"]), "H")
    e = state.explain("play JS")
    assert e.legal and e.rule == "OS-5.1/OS-5.4"
    assert "counts as a trump (hearts) in this game, not a spade" in e and "OS-5.1" in e
    plain = state.explain("play AS")
    assert plain.legal and plain.rule == "OS-5.1" and "trump" not in plain


def test_os_5_4_void_in_the_printed_suit_of_a_jack():
    """OS-5.4 / OS-5.5: spades led, D's only face-up spade-faced card is J♠, a trump: D is void
    in spades and may play anything; the reasons say why J♠ does not oblige."""
    state = _follow("AS", ["JS", "9H", "7C", "8D", "9D", "QC", "9C", "10D"])
    assert len(legal(state)) == 8
    for card in ("JS", "7C"):
        e = state.explain(f"play {card}")
        assert e.legal and e.rule == "OS-5.4/OS-5.5"
        assert "no face-up card of spades" in e and "jack of spades counts as a trump" in e


def test_os_5_4_the_card_that_must_follow_is_a_jack():
    """OS-5.4 / OS-5.5: hearts trumps, A♥ led: D's only trump is J♦, so refusals name it as
    a trump, not a diamond."""
    state = _follow("AH", ["JD", "AS", "7C", "8D", "9S", "10D", "KC", "QS"])
    assert legal(state) == ["play JD"]
    e = state.explain("play 8D")
    assert not e.legal and e.rule == "OS-5.4/OS-5.5"
    assert "must follow with the jack of diamonds" in e
    assert "the jack of diamonds counts as a trump (hearts) in this game, not a diamond" in e


def test_os_5_4_the_trump_suits_own_jack_keeps_its_suit():
    """OS-5.4: in a hearts game J♥ is a trump and a heart alike: no change of suit to name."""
    state = _follow("AH", ["JH", "AS", "7C", "8D", "9S", "10D", "KC", "QS"])
    e = state.explain("play JH")
    assert e.legal and e.rule == "OS-5.5" and "not a" not in e


def test_os_5_4_grand_jacks_are_the_only_trumps():
    """OS-5.4 / OS-5.5 Grand: J♣ led asks for jacks; a club is refused, naming J♣ (and J♦,
    the card that must follow) as trumps, not clubs or diamonds."""
    state = _follow("JC", ["JD", "AC", "7C", "8D", "9D", "QS", "9H", "10D"], "grand")
    assert legal(state) == ["play JD"]
    e = state.explain("play AC")
    assert not e.legal and e.rule == "OS-5.4/OS-5.5"
    assert ("the led card, the jack of clubs, counts as a trump in Grand (only jacks are "
            "trumps), not a club (OS-5.4)") in e
    assert "the jack of diamonds counts as a trump in Grand" in e and "not a diamond" in e
    spade = _follow("AS", ["JS", "7S", "8D", "9D", "QC", "9H", "10D", "KC"], "grand")
    e = spade.explain("play JS")
    assert not e.legal and e.rule == "OS-5.4/OS-5.5" and "not a spade" in e
    assert "so it does not follow spades" in e


def test_os_5_4_null_jacks_keep_their_suit():
    """OS-5.4 Null: the jacks are ordinary cards of their suits; no reason names a trump."""
    state = _follow("JC", ["KC", "AS", "7D", "8D", "9S", "10D", "KH", "QS"], "null")
    assert legal(state) == ["play KC"]
    e = state.explain("play AS")
    assert not e.legal and e.rule == "OS-5.5" and "trump" not in e
    ok = state.explain("play KC")
    assert ok.legal and ok.rule == "OS-5.5" and "trump" not in ok
    lead = to_play(stacked(f=["?/JS"]), "null").explain("play JS")
    assert lead.rule == "OS-5.1" and "trump" not in lead


def test_os_5_4_german_faces_name_the_unter():
    """OS-5.4 with faces=german: the Unter of leaves counts as a trump, not a card of
    leaves."""
    state = to_play(stacked(f=["?/AS"], d=["?/JS", "?/9S", *D_NO_SPADES[2:]], faces="german"),
                    "H").apply("play AS")
    e = state.explain("play JS")
    assert not e.legal and "Unter of leaves counts as a trump (hearts)" in e
    assert "not a card of leaves" in e


def test_os_5_4_other_refusals_of_a_jack_name_both_suits():
    """OS-5.4 / OS-5.2: a refusal that does not turn on the suit (face down, the opponent's)
    still says the jack is a trump, not a spade; its rule stays that refusal's own."""
    state = to_play(stacked(f=["JS/AS"], d=["?/JD", *D_NO_SPADES[1:]]), "H")
    e = state.explain("play JS")
    assert not e.legal and e.code == "card_face_down" and e.rule == "OS-5.2"
    assert "jack of spades counts as a trump (hearts) in this game, not a spade (OS-5.4)" in e
    e = state.explain("play JD")
    assert not e.legal and e.code == "not_your_card" and "not a diamond" in e


#: OS-5.4 the printed suit of a card, one card of it ("not a spade")
ONE = {"C": "club", "S": "spade", "H": "heart", "D": "diamond"}


@pytest.mark.parametrize("contract", ["C", "S", "H", "D", "grand", "null"])
def test_os_5_4_every_reason_about_a_jack_names_both_suits(contract):
    """OS-5.4 / OS-5.5: over seeded deals, every reason (legal or refused) for playing a card
    of the mover's, when that card or the led card is a jack that changes suit, says
    "trump" and "not a <printed suit>" outside the card's own name; in Null none does."""
    game = cardlab.load("officer_skat")
    deck = game.deck
    names = sorted((deck.name(c) for c in deck), key=len, reverse=True)
    seen = 0
    for seed in range(6):
        state = to_play(game.deal(seed=seed, dealer=seed % 2), contract)
        while not state.is_over:
            led = [state.trick.plays[0].card] if state.trick.plays else []
            for card in state.hands[state.to_move]:
                e = state.explain(f"play {card}")
                text = str(e)
                for name in names:
                    text = text.replace(name, "<card>")
                for c in [card, *led]:
                    if c.rank == "J" and contract != "null" and c.suit != contract:
                        assert "trump" in text and f"not a {ONE[c.suit]}" in text, (card, e)
                        seen += 1
                if contract == "null":
                    assert "OS-5.4" not in e and "trump" not in text, e
            state = state.apply(legal(state)[0])
    assert seen or contract == "null"
