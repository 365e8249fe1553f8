"""Reasons name both suits of a card that changes suit (5H-3.4, OS-5.4/5.5, Panfin F-A16).

Every game whose cards can play as another suit than the one printed on them (Five
Hundred's left bower and joker, Officer Skat's jacks, Panfin's Vecia and Gobbo) must say so in every reason
that involves such a card: the card played (legal or refused), a card the player must
play instead, or the card that led the trick. This test walks seeded and stacked deals,
explains every card of the mover's hand and every legal action at every move, and checks
each reason that involves a card whose effective suit is not its printed suit: with the
cards' own names struck out, the reason still names the effective suit and says "not a
<printed suit>".

A game joins by one :class:`SuitChangeGame` entry in :data:`GAMES`: how to reach its
trick play, what a card's printed and effective suits are in words, which cards a reason
involves; a registered game with neither an entry nor a place in :data:`NO_SUIT_CHANGE`
fails the coverage test.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

import cardlab
from cardlab.cards import FRENCH_SUIT_NAMES, ITALIAN_SUIT_NAMES, Card
from cardlab.engine.state import State
from cardlab.games.five_hundred.rules import SUIT_PLURAL, SUIT_WORD
from cardlab.games.officer_skat.rules import changes_suit as os_changes_suit
from cardlab.games.panfin.rules import trick_order as panfin_trick_order

#: (printed suit in words or None for a card without one, effective suit in words)
Suits = tuple[str | None, str]


@dataclass(frozen=True)
class SuitChangeGame:
    """One game under test.

    :ivar name: the registry name (the test id).
    :ivar deals: the states at the start of trick play to walk from.
    :ivar suits: ``(state, card)`` → the card's printed and effective suits in words, or
        None if it plays as its printed suit now.
    :ivar led: the cards that led the trick in progress (empty when leading).
    :ivar moves: how many moves to play from each deal (random legal actions, seeded).
    """

    name: str
    deals: Callable[[], Iterator[State]]
    suits: Callable[[State, Card], Suits | None]
    led: Callable[[State], tuple[Card, ...]]
    moves: int = 60


# -- Five Hundred ------------------------------------------------------------------------
def _fh_to_play(state: State, calls: tuple[str, ...], nominate: str = "none") -> State:
    """Through the auction (``calls`` in turn, then passes), the kitty (the contractor
    discards the kitty it took) and the nomination, to the opening lead."""
    for call in calls:
        state = state.apply(call)
    while state.phase == "auction":
        state = state.apply("pass")
    if state.phase == "kitty":
        state = state.apply("discard " + " ".join(c.code for c in state.kitty))
    if state.phase == "nominate":
        state = state.apply(f"nominate {nominate}")
    return state


def _fh_deals() -> Iterator[State]:
    game = cardlab.load("five_hundred")
    # stacked: W deals, N (the contractor) leads; N leads its left bower / joker at once
    trumps_led = game.deal(hands=["JC JK AS 10S AH KH QH AD KD QD",
                                  "9S 5C 6C 7C 8C 4H 5H 6H 7H 8H",
                                  "JS KS QS 9C 10C 4D 5D 6D 7D 8D",
                                  "9H 10H JH 9D 10D JD AC KC QC 6S"],
                           kitty="7S 8S 5S", dealer=3)
    yield _fh_to_play(trumps_led, ("bid 7S",))
    # the left bower's printed suit led: JC held by E, clubs led
    clubs_led = game.deal(hands=["AC KC QC 10C 9C AS KS QS AH KH",
                                 "JC 5C 6C 8S 9S 4H 5H 6H 7H 8H",
                                 "JS 10S 7C 8C 4D 5D 6D 7D 8D 9D",
                                 "9H 10H JH QH 10D JD QD KD AD JK"],
                          kitty="7S 6S 5S", dealer=3)
    yield _fh_to_play(clubs_led, ("bid 7S",))
    # NT with the joker nominated as a heart, led at once
    nominated = game.deal(hands=["JK AH KH QH AS KS QS AC KC QC",
                                 "4H 5H 6H 7H 8H 5S 6S 7S 8S 9S",
                                 "9H 10H JH 5C 6C 7C 8C 9C 10C JC",
                                 "4D 5D 6D 7D 8D 9D 10D JD 10S JS"],
                          kitty="QD KD AD", dealer=3)
    yield _fh_to_play(nominated, ("bid 7NT",), nominate="H")
    # seeded deals, every trump suit and a nominated misère
    for seed, calls, nominate in ((1, ("bid 7S",), "none"), (2, ("bid 7C",), "none"),
                                  (3, ("bid 7D",), "none"), (4, ("bid 7H",), "none"),
                                  (5, ("bid 7NT",), "D"), (6, ("bid 7S", "bid misere"), "C")):
        yield _fh_to_play(game.deal(seed=seed, dealer=3), calls, nominate)
    # the four of the trump colour (a 43-card pack without 4S and 4D): 4C is a spade
    fours = cardlab.load("five_hundred", pack_4p="43_spade_diamond_4s_removed")
    for seed in (7, 8):
        yield _fh_to_play(fours.deal(seed=seed, dealer=3), ("bid 7S",))


def _fh_suits(state: State, card: Card) -> Suits | None:
    rules = state.rules  # type: ignore[attr-defined]
    eff = rules.suit_of[card]
    if eff is None or eff == card.suit:
        return None
    return (SUIT_WORD[card.suit] if card.suit else None), SUIT_PLURAL[eff]


def _fh_led(state: State) -> tuple[Card, ...]:
    plays = state.trick.plays  # type: ignore[attr-defined]
    return (plays[0].card,) if plays else ()


# -- Panfin ------------------------------------------------------------------------------
def _pf_to_play(state: State) -> State | None:
    """Everyone stands pat; the dealer keeps his hand at the swap. None if no trick play
    follows (a combination, a servito)."""
    while state.phase in ("choose", "declare"):
        state = state.apply(state.legal_actions()[0])  # choose S / tengo
    if state.phase == "swap":
        state = state.apply(f"swap {state.turnup[-1]}")  # type: ignore[attr-defined]
    return state if state.phase == "play" else None


def _pf_deals() -> Iterator[State]:
    game = cardlab.load("panfin")
    # stacked, coppe dominant: P2 (seat 1) leads the Vecia; P3 holds the Gobbo
    for hands, turnup in ((["AC 5D 6S 7S", "FS 2D 3S 4B", "FB 3C 2S 4S", "RD 6B 7B 2B"], "5C"),
                          # spade dominant: only the Gobbo changes suit
                          (["AC 5D 6S 7S", "FB 2D 3C 4B", "FS 3S 2C 4C", "RD 6B 7B 2B"], "5S"),
                          # bastoni dominant: only the Vecia changes suit
                          (["AC 5D 6S 7S", "FS 2D 3C 4S", "FB 3B 2C 4C", "RD 6D 7D 2S"], "5B"),
                          # both jokers in one hand (the double trick), denari dominant
                          (["AC 5C 6S 7S", "FS FB 3C 4B", "AD 3D 2S 4S", "RD 6B 7B 2B"], "5D")):
        state = _pf_to_play(game.deal(hands=hands, turnup=turnup, dealer=0))
        assert state is not None
        yield state
    for seed in range(40):
        state = _pf_to_play(game.deal(seed=seed))
        if state is not None and any(c.code in ("FS", "FB") for h in state.hands for c in h):
            yield state


def _pf_suits(state: State, card: Card) -> Suits | None:
    dominant = state.dominant  # type: ignore[attr-defined]
    eff = panfin_trick_order(dominant).effective_suit(card)
    if eff == card.suit:
        return None
    return ITALIAN_SUIT_NAMES[card.suit], ITALIAN_SUIT_NAMES[eff]


def _pf_led(state: State) -> tuple[Card, ...]:
    trick = state.trick_  # type: ignore[attr-defined]
    return tuple(trick[0][1]) if trick else ()


# -- Officer Skat -------------------------------------------------------------------------
def _os_deals() -> Iterator[State]:
    game = cardlab.load("officer_skat")
    for seed in range(12):
        for contract in ("H", "C", "grand", "null"):
            state = game.deal(seed=seed).apply(f"declare {contract}")
            while state.phase != "play":  # no Kontra, no Re
                state = state.apply(next(a for a in state.legal_actions()
                                         if a.verb in ("no_kontra", "no_re")))
            yield state


def _os_suits(state: State, card: Card) -> Suits | None:
    contract = state.contract  # type: ignore[attr-defined]
    if not os_changes_suit(card, contract):
        return None
    return FRENCH_SUIT_NAMES[card.suit][:-1], "trump"


def _os_led(state: State) -> tuple[Card, ...]:
    plays = state.trick.plays  # type: ignore[attr-defined]
    return (plays[0].card,) if plays else ()


#: the games under test: one entry each (every game whose cards can change suit)
GAMES = (
    SuitChangeGame("five_hundred", _fh_deals, _fh_suits, _fh_led),
    SuitChangeGame("panfin", _pf_deals, _pf_suits, _pf_led, moves=16),
    SuitChangeGame("officer_skat", _os_deals, _os_suits, _os_led, moves=32),
)
#: the registered games whose every card plays as the suit printed on it, so have no entry
#: above (Pandoeren A2.2: the jas and the nel top the trumps yet stay in their own suit)
NO_SUIT_CHANGE = frozenset({"pandoeren"})


def test_every_registered_game_is_under_test_or_said_to_keep_its_suits() -> None:
    """A game added to the registry fails here until it has a :class:`SuitChangeGame` entry
    in :data:`GAMES` or is named in :data:`NO_SUIT_CHANGE`."""
    named = [g.name for g in GAMES]
    assert len(named) == len(set(named)) and not set(named) & NO_SUIT_CHANGE
    missing = set(cardlab.game_names()) - set(named) - NO_SUIT_CHANGE
    assert not missing, f"add a SuitChangeGame entry (or NO_SUIT_CHANGE) for {sorted(missing)}"
    assert set(named) | NO_SUIT_CHANGE <= set(cardlab.game_names())


# -- the check ---------------------------------------------------------------------------
def _cards_of(state: State, action: str) -> tuple[Card, ...]:
    out = []
    for word in action.split()[1:]:
        try:
            out.append(state.game.deck.parse(word))
        except ValueError:
            pass  # a suit named for a joker lead ('play JK H')
    return tuple(out)


def _struck(state: State, text: str) -> str:
    """``text`` with every card's own name struck out (so its printed suit does not count)."""
    names = sorted((state.game.deck.name(c) for c in state.game.deck), key=len, reverse=True)
    for name in names:
        text = text.replace(name, "<card>")
    return text


def _check_state(entry: SuitChangeGame, state: State, seen: dict[str, int]) -> None:
    seat = state.to_move
    hand = state.hands[seat]
    actions = dict.fromkeys([*(f"play {c.code}" for c in hand),
                             *(str(a) for a in state.legal_actions())])
    led = entry.led(state)
    for action in actions:
        e = state.explain(action)
        involved = [(c, False) for c in _cards_of(state, action)] + [(c, True) for c in led]
        for card, is_led in involved:
            suits = entry.suits(state, card)
            if suits is None:
                continue
            printed, effective = suits
            text = _struck(state, str(e))
            where = f"{entry.name}: {action!r} at {state!r}: {e}"
            assert effective in text, f"the effective suit ({effective}) is not named: {where}"
            if printed is not None:
                assert f"not a {printed}" in text, (
                    f"the printed suit ({printed}) is not named: {where}")
            seen["led" if is_led else ("legal" if e.legal else "refused")] += 1
            if not e.legal and is_led:
                seen["refused_under_led"] += 1
            if not e.legal:
                with pytest.raises(cardlab.IllegalAction) as err:
                    state.apply(action)
                assert str(e) in str(err.value)  # the refusal carries the same reason


def _walk(entry: SuitChangeGame) -> dict[str, int]:
    seen = {"legal": 0, "refused": 0, "led": 0, "refused_under_led": 0}
    for k, state in enumerate(entry.deals()):
        rng = random.Random(k)
        for _ in range(entry.moves):
            if state.is_over or state.phase != "play":
                break
            _check_state(entry, state, seen)
            state = state.apply(rng.choice(state.legal_actions()))
    return seen


@pytest.mark.parametrize("entry", GAMES, ids=[g.name for g in GAMES])
def test_suit_change_reasons_name_both_suits(entry: SuitChangeGame) -> None:
    """5H-3.4 / 5H-3.1 (Five Hundred) and B2.2 / F-A16 (Panfin): every reason about a card
    whose effective suit differs from its printed suit (played, refused, or leading the
    trick) names both suits; the deals reach each kind of case."""
    seen = _walk(entry)
    assert seen["legal"] and seen["refused"] and seen["led"] and seen["refused_under_led"], seen
