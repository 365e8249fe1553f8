"""One card order per contract, read by every game (issue #17): ``cardlab.engine.tricks``.

Every registered game and the example hand out their contract's
:class:`~cardlab.engine.tricks.CardOrder` as ``state.card_order()``. Over many seeded deals
played to the end by random legal actions, the facts each game states another way must
agree with that order:

* every completed trick's winner is ``trick_winner(plays, order, trick.suit)``, and the
  suit the trick records is the led card's effective suit (or, for a card of no suit
  such as Five Hundred's unnominated joker, the suit its lead named);
* ``state.effective_suit(card)`` is the order's, for every card of the pack, at every step;
* in the play, ``state.trump_order()`` begins with the order's trumps;
* legality follows by effective suit: while a seat may follow the led suit, it may not
  discard a card of another plain suit (Pandoeren's jas, never forced, obliges nothing).

Then unit tests of :class:`CardOrder` on a hand-made order, and the special cards of the
games (bowers, joker, jacks, jas, Vecia and Gobbo) through each game's own order, citing
the rules they state.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import cardlab
from cardlab.cards import Card, parse_cards
from cardlab.engine import registry
from cardlab.engine.state import State
from cardlab.engine.tricks import (
    CANNOT_WIN,
    FOLLOWS,
    TRUMPS,
    WILD,
    CardOrder,
    Play,
    trick_winner,
)
from cardlab.games.example import ExampleGame
from cardlab.games.example.rules import trick_order as example_order
from cardlab.games.officer_skat.rules import trick_order as skat_order
from cardlab.games.pandoeren.rules import trick_order as pandoeren_order
from cardlab.games.panfin.rules import GOBBO, VECIA
from cardlab.games.panfin.rules import trick_order as panfin_order

#: every game and the forms whose card orders differ: (game, options, seeded deals)
#: (every form is cheap: a seeded random playout costs a few milliseconds)
FORMS: list[tuple[str, dict[str, Any], int]] = [
    ("five_hundred", {}, 60),
    ("five_hundred", {"all_pass": "play_no_trumps"}, 15),  # NT: the joker led, naming a suit
    ("five_hundred", {"players": 3}, 10),
    ("five_hundred", {"players": 6}, 10),  # two jokers
    ("five_hundred", {"pack_4p": "43_spade_diamond_4s_removed"}, 10),  # the colour's four
    ("five_hundred", {"players": 2, "two_player_form": "ghost_partners_43"}, 6),
    ("officer_skat", {}, 30),
    ("officer_skat", {"null_mode": "no_tricks"}, 15),
    ("officer_skat", {"ramsch_allowed": True, "pass_allowed": True}, 15),
    ("pandoeren", {}, 120),  # random calls pass most deals out
    ("pandoeren", {"rank_order": "klaverjas"}, 60),
    ("panfin", {}, 40),
    ("panfin", {"players": 2}, 15),
    ("panfin", {"both_jokers_lead": "consecutive_forced", "beat_reference": "led_card"}, 20),
    ("example", {}, 25),
    ("example", {"preset": "strict"}, 15),
]
IDS = [name + "".join(f"-{v}" for v in opts.values()) for name, opts, _ in FORMS]


def test_forms_cover_every_registered_game() -> None:
    assert {name for name, _, _ in FORMS} >= set(registry.names())


def load(name: str, options: dict[str, Any]) -> Any:
    """The game ``name`` (the unregistered example too) under ``options``."""
    if name == "example":
        return ExampleGame.load(**options)
    return cardlab.load(name, **options)


def playout(state: State, seed: int) -> Iterator[State]:
    """Every state of a deal played to the end by seeded random legal actions."""
    rng = random.Random(seed)
    yield state
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        yield state


def single_card_plays(state: State) -> list[Card]:
    """The cards the seat to move may play alone now (a joker lead naming a suit counts
    once; Panfin's two-card plays are left out)."""
    deck = state.game.deck
    codes = deck.codes()
    out = []
    for action in state.legal_actions():
        if action.verb != "play":
            continue
        cards = [a for a in action.args if a in codes]
        if len(cards) == 1 and deck.parse(cards[0]) not in out:
            out.append(deck.parse(cards[0]))
    return out


@pytest.mark.parametrize(("name", "options", "deals"), FORMS, ids=IDS)
def test_every_trick_and_effective_suit_reads_the_card_order(name: str, options: dict[str, Any],
                                                              deals: int) -> None:
    game = load(name, options)
    pack = list(game.deck)
    tricks = follows = changed = 0
    for seed in range(deals):
        seen = 0
        for state in playout(game.deal(seed=seed, dealer=seed % game.players), seed):
            order = state.card_order()
            assert isinstance(order, CardOrder)
            for card in pack:
                assert state.effective_suit(card) == order.effective_suit(card), (name, card)
            for trick in state.tricks[seen:]:
                lead = trick.plays[0].card
                assert trick.suit == order.effective_suit(lead) or lead in order.wild
                assert trick.winner == trick_winner(trick.plays, order, trick.suit), trick
                tricks += 1
                changed += sum(order.effective_suit(p.card) != p.card.suit for p in trick.plays)
            seen = len(state.tricks)
            if state.phase != "play":
                continue
            trumps = order.trumps()
            assert state.trump_order()[:len(trumps)] == trumps
            trick = state.trick
            if trick is None or not trick.plays:
                continue
            if len(trick.plays) > 1 and trick.plays[1].seat == trick.plays[0].seat:
                continue  # Panfin's jokers led together: answered with two cards each
            led = trick.suit
            legal = single_card_plays(state)
            follow = order.of_suit(legal, led)
            if name == "pandoeren":  # A2.8.3 the jas is never forced: holding it obliges nothing
                follow = [c for c in follow if not (c.rank == "J" and c.suit == order.trump)]
            discards = [c for c in legal if c not in follow and not order.is_trump(c)]
            assert not (follow and discards), (name, seed, led, follow, discards)
            follows += bool(follow)
    # the check is not vacuous: every form plays tricks and follows suit, and where cards
    # change suit (bowers, jokers, jacks, Vecia and Gobbo) some are played
    assert tricks >= deals and follows > 0, (tricks, follows)
    assert changed > 0 or name in ("pandoeren", "example"), changed


# -- CardOrder on a hand-made order -----------------------------------------------------------
#: a small pack: spades and hearts A K Q, and one wild card of no suit
PACK = parse_cards("AS KS QS AH KH QH")
JOKER = Card.parse("JK")


def hand_made(trump: str | None) -> CardOrder:
    """Spades and hearts A > K > Q; ``trump`` as trumps; the joker wild (above every trump)."""
    suits = {s: [c for c in PACK if c.suit == s and s != trump] for s in "SH"}
    trumps = [c for c in PACK if c.suit == trump]
    return CardOrder.from_lists({s: cs for s, cs in suits.items() if cs}, trumps=trumps,
                                trump=trump, wild=[JOKER])


def plays(*codes: str) -> list[Play]:
    return [Play(seat, Card.parse(code)) for seat, code in enumerate(codes)]


def test_led_suit_beats_a_card_of_another_suit() -> None:
    order = hand_made(None)
    assert trick_winner(plays("QS", "AH", "KS"), order) == 2  # the AH is off-suit: it cannot win
    assert order.key(Card.parse("AH"), "S") == (CANNOT_WIN, 0)
    assert order.key(Card.parse("QS"), "S") == (FOLLOWS, 1)
    assert order.beats(Card.parse("QS"), Card.parse("AH"), "S")


def test_a_trump_beats_the_led_suit_and_the_highest_trump_wins() -> None:
    order = hand_made("H")
    assert trick_winner(plays("AS", "QH", "KS"), order) == 1
    assert trick_winner(plays("AS", "QH", "KH"), order) == 2
    assert order.key(Card.parse("QH"), "S")[0] == TRUMPS and order.is_trump(Card.parse("QH"))
    assert not order.is_trump(Card.parse("AS"))


def test_a_wild_card_beats_every_trump_and_has_no_suit() -> None:
    order = hand_made("H")
    trick = [Play(0, Card.parse("AS")), Play(1, Card.parse("AH")), Play(2, JOKER)]
    assert trick_winner(trick, order) == 2
    assert order.effective_suit(JOKER) is None and order.key(JOKER, "S")[0] == WILD
    assert order.trumps() == [JOKER, *parse_cards("AH KH QH")]


def test_the_led_suit_is_the_first_cards_unless_given() -> None:
    order = hand_made(None)
    assert trick_winner(plays("QS", "AH"), order) == 0
    assert trick_winner(plays("QS", "AH"), order, led_suit="H") == 1  # e.g. a joker's named suit


def test_ties_go_to_the_earlier_play() -> None:
    order = hand_made(None)
    assert trick_winner([Play(3, Card.parse("KS")), Play(1, Card.parse("KS"))], order) == 3
    # two cards that cannot win: the leader's card keeps the trick
    assert trick_winner(plays("QS", "AH", "KH"), order, led_suit="D") == 0
    assert order.top(parse_cards("QS AH KS"), "S") == Card.parse("KS")
    assert order.top(parse_cards("QS AH KH"), "D") == Card.parse("QS")


def test_ladders_and_following_by_effective_suit() -> None:
    order = hand_made("H")
    assert order.ladder("S") == parse_cards("AS KS QS") and order.ladder("H") == parse_cards(
        "AH KH QH")
    assert order.of_suit([JOKER, *PACK], "H") == parse_cards("AH KH QH")


def test_from_ranks_keeps_printed_suits_with_a_trump_ladder() -> None:
    order = CardOrder.from_ranks(PACK, ("A", "K", "Q"), trump="S", trump_ladder=("Q", "A", "K"))
    assert [c.code for c in order.trumps()] == ["QS", "AS", "KS"]
    assert order.ladder("H") == parse_cards("AH KH QH") and order.wild == ()


# -- the games' orders: their special cards ----------------------------------------------------
def card(code: str) -> Card:
    return Card.parse(code)


def test_5h_3_1_bowers_and_joker_in_a_trump_contract() -> None:
    """5H-3.1 / 5H-3.4: with hearts trumps the joker, the right bower (JH) and the left bower
    (JD) are the top trumps, the left bower a heart, not a diamond; 5H-7.1 it trumps a
    diamond lead."""
    game = cardlab.load("five_hundred")
    order = game.contract_rules("H", None)
    assert [c.code for c in order.trumps()[:4]] == ["JK", "JH", "JD", "AH"]
    assert order.effective_suit(card("JD")) == "H" and order.effective_suit(card("JC")) == "C"
    assert trick_winner(plays("AD", "JD", "KD", "QD"), order) == 1
    assert card("JD") not in order.of_suit(game.deck, "D")


def test_5h_7_1_unnominated_joker_in_no_trumps_wins_any_trick() -> None:
    """5H-7.1 / 5H-7.3: in NT the unnominated joker has no suit and wins any trick it is
    played to (a joker lead names the suit to follow, J4)."""
    order = cardlab.load("five_hundred").contract_rules("NT", None)
    assert order.effective_suit(card("JK")) is None and order.is_trump(card("JK"))
    assert trick_winner(plays("AS", "KS", "JK", "QS"), order, "S") == 2
    assert trick_winner(plays("JK", "AH", "KH", "QH"), order, "H") == 0


def test_5h_6_3_nominated_joker_is_the_top_card_of_its_suit_not_a_trump() -> None:
    """5H-6.3 (J7): a joker nominated as a heart in NT is the highest heart, not a trump:
    it cannot win a spade trick."""
    order = cardlab.load("five_hundred").contract_rules("NT", "H")
    assert order.effective_suit(card("JK")) == "H" and order.trumps() == []
    assert order.ladder("H")[:2] == [card("JK"), card("AH")]
    assert trick_winner(plays("QS", "JK", "KS", "9S"), order) == 2


def test_os_5_4_jacks_are_trumps_in_suit_games_grand_and_ramsch() -> None:
    """OS-5.4 / OS-5.6: in a suit game the jacks are trumps (``'T'``) above the trump
    suit, J♣ J♠ J♥ J♦; a jack led asks for trumps; in Null the jacks are plain, between Q
    and 10; in Grand and Ramsch only the jacks are trumps."""
    hearts = skat_order("H")
    assert [c.code for c in hearts.trumps()[:5]] == ["JC", "JS", "JH", "JD", "AH"]
    assert hearts.effective_suit(card("JS")) == "T" and hearts.effective_suit(card("AS")) == "S"
    assert trick_winner(plays("JS", "AH"), hearts) == 0  # a jack led: trumps led
    assert trick_winner(plays("AS", "7H"), hearts) == 1
    null = skat_order("null")
    assert null.trumps() == [] and null.effective_suit(card("JC")) == "C"
    assert null.ladder("C")[2:5] == parse_cards("QC JC 10C")
    for game in ("grand", "ramsch"):
        assert [c.code for c in skat_order(game).trumps()] == ["JC", "JS", "JH", "JD"]
        assert trick_winner(plays("AS", "JD"), skat_order(game)) == 1


def test_a2_2_jas_and_nel_top_the_trumps() -> None:
    """A2.2: trumps run jas (J), nel (9), A, K, Q, 10 …; P-A1 ``rank_order='klaverjas'``: the
    ten ranks above the king. No card changes suit."""
    order = pandoeren_order("H")
    assert [c.code for c in order.trumps()[:4]] == ["JH", "9H", "AH", "KH"]
    assert trick_winner(plays("AH", "9H", "KH", "7H"), order) == 1
    assert trick_winner(plays("10S", "QS", "AC", "7H"), order) == 3
    assert [c.code for c in pandoeren_order("H", "klaverjas").trumps()[3:5]] == ["10H", "KH"]
    assert all(order.effective_suit(c) == c.suit for c in cardlab.load("pandoeren").deck)


def test_b2_2_vecia_and_gobbo_are_the_top_trumps_of_the_dominant_suit() -> None:
    """B2.2 (F-A16): the Vecia (FS) and the Gobbo (FB) belong to the dominant suit, above its
    ace, not to spade or bastoni; B2.10.5 the Vecia takes a spade trick as a trump."""
    order = panfin_order("D")
    assert order.trumps()[:3] == [VECIA, GOBBO, card("AD")]
    assert order.effective_suit(VECIA) == "D" and order.effective_suit(GOBBO) == "D"
    assert VECIA not in order.of_suit(cardlab.load("panfin").deck, "S")
    assert trick_winner(plays("AS", "FS", "AD"), order) == 1
    assert trick_winner(plays("AD", "FB", "FS"), order) == 2
    assert panfin_order("S").effective_suit(VECIA) == "S"


def test_ex_4_4_the_example_highest_trump_else_highest_of_the_led_suit() -> None:
    """EX-4.4 (Turn-up Whist): the highest trump wins, else the highest card of the suit
    led; EX-4.2 no card changes suit."""
    assert trick_winner(plays("KS", "AS", "9H"), example_order("H")) == 2
    assert trick_winner(plays("KS", "AS", "9H"), example_order("D")) == 1
    assert example_order("H").trumps() == parse_cards("AH KH QH JH 10H 9H")
