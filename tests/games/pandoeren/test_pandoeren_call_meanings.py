"""A2.5 / A2.6 / A2.7 / A4.2 the meaning of every call of Pandoeren's auction and of the
declarer's choices, one line each (``game.call_meaning``, data in ``rules.call_meanings``).

The calls are those met in seeded deals played at random from ``legal_actions``: every bid
of the ladder (the 40 contracts under the default caps), ``pass``, ``trump S`` …, the
``call`` of an ace (or of a lower card when no ace is left), and the announcements where
``roem_announce="manual"`` makes them actions.
"""

from __future__ import annotations

import random

import pytest
from pandoeren_helpers import load, stacked

import cardlab
from cardlab.cards import FRENCH_RANK_NAMES, FRENCH_SUIT_NAMES
from cardlab.games.pandoeren.rules import parse_bid

#: verbs whose every card is a card move (no meaning needed for "play JD"; "discard" has one
#: by its verb)
CARD_MOVES = ("play",)
#: option sets whose auctions and calls differ
FORMS = [{}, {"preset": "butselaar"}, {"roem_announce": "manual"},
         {"pass_is_final": False, "all_pass": "same_dealer"},
         {"allow_call_trump_ace": False, "scoring": "zero_sum_per_opponent"}]


def calls_in_seeded_deals(game, deals, seed=0):
    """Every call (not a card play) legal at some point of ``deals`` seeded deals played at
    random, by the phase it was met in."""
    rng = random.Random(seed)
    found: dict[str, set[str]] = {}
    for n in range(deals):
        state = game.deal(seed=seed + n, dealer=n % 4)
        while not state.is_over:
            legal = state.legal_actions()
            for a in legal:
                if a.verb not in CARD_MOVES:
                    found.setdefault(state.phase, set()).add(str(a))
            state = state.apply(rng.choice(legal))
    return found


def meaning_of(game, call):
    meaning = game.call_meaning(call)
    assert meaning.strip() and "\n" not in meaning, (call, meaning)
    return meaning


@pytest.mark.parametrize("options", FORMS, ids=[str(o) or "default" for o in FORMS])
def test_a2_5_every_call_of_seeded_deals_has_a_meaning(options):
    """A2.5 / A2.7: every call legal in 60 seeded deals has a one-line meaning that names
    what it calls: a bid its contract and its game points (A4.2), a trump call the suit, a
    partner call the card."""
    game = load(**options)
    values = {row["call"]: row["value"] for row in game.bid_ladder()}
    found = calls_in_seeded_deals(game, deals=60)
    assert {"auction", "trump", "call", "exchange"} <= set(found)
    every = set().union(*found.values())
    assert set(f"bid {c}" for c in game.ladder.calls) <= every  # the whole ladder is met
    for call in sorted(every):
        meaning = meaning_of(game, call)
        verb, _, arg = call.partition(" ")
        if verb == "bid":
            bid = parse_bid(arg)
            assert bid is not None
            named = str(bid.number) if bid.kind.name == "number" else bid.label.split(" +")[0]
            assert named in meaning, (call, meaning)
            worth = (f"collect {values[arg]} " if options.get("scoring") == "zero_sum_per_opponent"
                     else f"+{values[arg]} ")
            assert worth in meaning, (call, meaning)
        elif verb == "trump":
            assert FRENCH_SUIT_NAMES[arg] in meaning
        elif verb == "call":
            card = game.parse_card(arg)
            assert f"{FRENCH_RANK_NAMES[card.rank]} of {FRENCH_SUIT_NAMES[card.suit]}" in meaning
        elif verb == "announce":
            assert options.get("roem_announce") == "manual" and arg in meaning.lower()
        else:
            assert verb in ("pass", "discard"), call


def test_a4_2_all_40_contracts_have_distinct_meanings():
    """A4.2: the default ladder holds 40 contracts (120-300, the 11 named ones, Pandoer +20
    … +200); each has its own meaning, also under its bare word ("kereltje", "150")."""
    game = load()
    calls = game.ladder.calls
    assert len(calls) == 40
    meanings = [meaning_of(game, f"bid {c}") for c in calls]
    assert len(set(meanings)) == 40
    for call, meaning in zip(calls, meanings, strict=True):
        assert meaning_of(game, call) == meaning
    assert game.call_meaning("BID Kereltje") == game.call_meaning("bid kereltje")
    assert game.call_meaning("bid misère") == game.call_meaning("bid misere")
    assert "jas" in game.call_meaning("kereltje") and "all 8 tricks" in game.call_meaning(
        "kereltje")
    assert "at least 150" in game.call_meaning("150")
    assert "at least 40 in roem and stuk" in game.call_meaning("bid pandoer+40")


def test_a4_3_preset_butselaar_changes_the_meanings():
    """A4.3 / A1: under preset="butselaar" Piccolo ouvert is worth 5 and Stil praatje 8, and
    Piccolo must be won with the jas (P-A11); 120 is no call at all (P-A5)."""
    pagat, butselaar = load(), load(preset="butselaar")
    assert "+6 " in pagat.call_meaning("bid piccolo_ouvert")
    assert "+5 " in butselaar.call_meaning("bid piccolo_ouvert")
    assert "+8 " in butselaar.call_meaning("bid stil_praatje")
    assert "with the jas" in butselaar.call_meaning("bid piccolo")
    assert "with the jas" not in pagat.call_meaning("bid piccolo")
    with pytest.raises(cardlab.IllegalAction) as err:
        butselaar.call_meaning("bid 120")
    assert err.value.code == "unknown_call"


def test_options_change_the_meanings():
    """P-A4 pass_is_final, P-A3 all_pass, P-A19 scoring, P-A10 zwabber_partner, P-A9
    kereltje_own_jas, A2.10.3 stuk_deadline: each meaning follows its option."""
    default = load()
    assert "final" in default.call_meaning("pass")
    loose = load(pass_is_final=False, all_pass="same_dealer")
    assert "may still bid later" in loose.call_meaning("pass")
    assert "same dealer deals again" in loose.call_meaning("pass")
    assert "collect 2 from each defender" in load(scoring="zero_sum_per_opponent").call_meaning(
        "bid kereltje")
    assert "wins the first trick is your partner" in load(
        zwabber_partner="first_trick_winner").call_meaning("bid zwabber")
    assert "play alone" in load(kereltje_own_jas="play_alone").call_meaning("bid kereltje")
    manual = load(roem_announce="manual", stuk_deadline="before_first_card")
    assert "before either of them is played" in manual.call_meaning("announce stuk")
    with pytest.raises(cardlab.IllegalAction):
        default.call_meaning("announce stuk")  # no action under roem_announce="auto"


def test_a2_7_3_called_king_says_when():
    """A2.7.3 / P-A8: a declarer holding or having discarded every ace calls a king, and the
    meaning of that call says so."""
    state = stacked(N="AS AH AD AC 7S 8S 7C 8C", kijkkaart="6H")
    state = state.apply("bid 120")
    while state.phase == "auction":
        state = state.apply("pass")
    state = state.apply("discard 6H").apply("trump H")
    calls = [str(a) for a in state.legal_actions()]
    assert calls and all(c.startswith("call K") for c in calls)
    for call in calls:
        assert "no ace is left" in state.game.call_meaning(call)
    assert "no ace" not in state.game.call_meaning("call AS")
