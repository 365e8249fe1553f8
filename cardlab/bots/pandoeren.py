"""A heuristic Pandoeren bot for the auction, the exchange, the call and the play.

It reads only ``state.view(seat)`` and ``state.legal_actions()``: its own hand,
the kijkkaart while it lies face up, the trick, the contract and the partner as
far as the seat knows it. The rules of thumb are simple and documented inline;
the bot is meant to be a fair opponent for learners, not a strong player.

Before the play the bot is deterministic: each of its calls (bid or pass, discard, trumps,
the call) is one of the legal actions, so it never falls back on its generator there;
:func:`cardlab.sim.pandoeren.calls.heuristic_calls` makes the same calls over arrays of deals.
Its play is :mod:`cardlab.bots.pandoeren_play`, one rule that the array simulator's
``"heuristic"`` policy plays too (on the game's own rank order, P-A1).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardlab.bots import SeededBot, peek
from cardlab.bots.pandoeren_play import choose_announcement, choose_card, play_keys, to_lose
from cardlab.cards import FRENCH_SUITS, Card, pandoeren_pack
from cardlab.engine.action import Action
from cardlab.engine.state import State
from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.rules import (
    NO_TRUMPS,
    OBJECTIVE_OF,
    card_points,
    parse_bid,
    play_tables,
    trick_order,
)

__all__ = ["HeuristicBot"]

#: contracts in which the declarer wants to lose tricks (Piccolo: after trick 1)
NEGATIVE = frozenset({"misere", "misere_ouvert", "stil_praatje", "praatje", "piccolo",
                      "piccolo_ouvert"})
#: how much each trump rank adds to a suit's strength when choosing trumps
TRUMP_WEIGHT = {"J": 7, "9": 6, "A": 5, "K": 3, "Q": 3, "10": 3, "8": 2, "7": 2, "6": 2}
#: what an ace outside the suit adds to a suit's strength
SIDE_ACE_WEIGHT = 4
#: the side cards whose points :func:`estimate_points` counts
COUNTED_SIDE_RANKS = ("A", "10")
#: :func:`estimate_points`: per trump held, and the partner's help and captured points
PER_TRUMP, PARTNER_HELP = 12, 30
#: the high cards :func:`is_misere_hand` counts
HIGH_RANKS = ("A", "K", "Q", "J")
#: a Pandoer bid needs these trumps, this many trumps and this points estimate
PANDOER_RANKS, PANDOER_TRUMPS, PANDOER_TARGET = frozenset({"J", "9"}), 5, 190


#: the pack in order: a card index of :mod:`cardlab.bots.pandoeren_play` → its card
_PACK = tuple(pandoeren_pack())

_SUIT_WORDS = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts"}


def _cards(codes: list[str] | None) -> list[Card]:
    return [Card.parse(c) for c in codes or []]


def suit_strength(hand: list[Card], suit: str) -> int:
    """How good ``suit`` would be as trumps for ``hand`` (bigger is better)."""
    trumps = sum(TRUMP_WEIGHT[c.rank] for c in hand if c.suit == suit)
    side_aces = sum(SIDE_ACE_WEIGHT for c in hand if c.suit != suit and c.rank == "A")
    return trumps + side_aces


def best_suit(hand: list[Card], allowed: list[str] | None = None) -> str:
    """The suit with the greatest :func:`suit_strength` among ``allowed``."""
    suits = allowed or list(FRENCH_SUITS)
    return max(suits, key=lambda s: (suit_strength(hand, s), -FRENCH_SUITS.index(s)))


def estimate_points(hand: list[Card], trump: str) -> int:
    """A rough guess of the card points a team led by ``hand`` would take with ``trump``."""
    own = sum(card_points(c, trump) for c in hand
              if c.suit == trump or c.rank in COUNTED_SIDE_RANKS)
    trumps = sum(1 for c in hand if c.suit == trump)
    return own + PER_TRUMP * trumps + PARTNER_HELP  # the partner's help, roughly


def is_misere_hand(hand: list[Card]) -> bool:
    """Few high cards: every suit's top card is low, or the suit is short and low."""
    high = sum(1 for c in hand if c.rank in HIGH_RANKS)
    return high == 0 or (high == 1 and sum(1 for c in hand if c.rank == "10") == 0)


class HeuristicBot(SeededBot):
    """Bids from a points estimate (misère on a low hand), discards the weakest card,
    calls the trump ace (or the longest side suit's ace), and plays the cheapest winner
    or the cheapest loser; in misère contracts the declarer ducks with her highest safe
    card."""

    def choose(self, state: State) -> Action:
        """The bot's action for the seat to move."""
        legal = state.legal_actions()
        seat = state.to_move
        view = state.view(seat)
        hand = _cards(view["hands"][seat]["cards"])
        if view["phase"] == "play":
            choice = self._play(view, [str(a) for a in legal], state.game.options.rank_order)
        else:
            choice = getattr(self, f"_{view['phase']}")(view, hand, [str(a) for a in legal])
        return Action(choice) if choice in legal else self._rng.choice(legal)

    # -- reasons --------------------------------------------------------------------------
    def estimate(self, state: State) -> tuple[str, int]:
        """The trump suit this bot would pick for the seat to move and the card points it
        expects its team to take with it (:func:`estimate_points`), as its auction weighs
        them."""
        seat = state.to_move
        hand = _cards(state.view(seat)["hands"][seat]["cards"])
        trump = best_suit(hand)
        return trump, estimate_points(hand, trump)

    def _peek(self, state: State) -> Action:
        found = peek(self, state)
        assert isinstance(found, Action)
        return found

    def explain(self, state: State) -> str:
        """Why this bot makes its call or choice now, in words: a bid's expected points and
        trumps, a misère's few high cards, the discard, the trump suit, the partner call."""
        action = self._peek(state)
        text = str(action)
        if len(state.legal_actions()) == 1:
            return f"{text}: the only legal action."
        seat = state.to_move
        view = state.view(seat)
        hand = _cards(view["hands"][seat]["cards"])
        phase = view["phase"]
        if phase == "auction":
            trump, points = self.estimate(state)
            trumps = [c.unicode() for c in hand if c.suit == trump]
            held = (f"expects {points} card points with {_SUIT_WORDS[trump]} trumps "
                    f"({len(trumps)} trumps: {' '.join(trumps) or 'none'}; "
                    f"{PER_TRUMP} a trump and {PARTNER_HELP} from a partner counted in)")
            if action.verb == "bid" and action.args[0] == "pandoer":
                return f"{text}: the jack and nine of trumps and {held}."
            if action.verb == "bid" and action.args[0].isdigit():
                return f"{text}: {held}, enough for {action.args[0]}."
            if action.verb == "bid":
                high = [c.unicode() for c in hand if c.rank in HIGH_RANKS]
                return (f"{text}: a low hand, {len(high)} high card"
                        f"{'s' if len(high) != 1 else ''} ({' '.join(high) or 'none'}) and "
                        f"few tens, so it can lose its tricks.")
            return f"{text}: {held}, too few for the next bid."
        if phase == "exchange":
            card = Card.parse(action.args[0]).unicode() if action.args else ""
            return (f"{text}: {card} is its weakest card: the cheapest of its shortest "
                    f"side suit (in a misère-like contract, its most dangerous high card).")
        if phase == "trump":
            suit = action.args[0]
            return (f"{text}: {_SUIT_WORDS.get(suit, suit)} is its strongest suit as trumps "
                    f"(strength {suit_strength(hand, suit)}: its trumps' ranks and its side "
                    f"aces), or its weakest in a misère-like contract.")
        if phase == "call":
            called = Card.parse(action.args[0])
            if called.rank == "A" and called.suit == view["trump"]:
                return f"{text}: the ace of trumps, the strongest card it can call."
            return (f"{text}: the ace of its longest side suit, so its partner helps where "
                    f"it is long.")
        return f"{text}: the cheapest card that wins the trick when worth it, else the " \
               f"cheapest loser."

    # -- the phases ----------------------------------------------------------------------
    def _auction(self, view: dict[str, Any], hand: list[Card], legal: list[str]) -> str:
        bids = [a for a in legal if a.startswith("bid ")]
        numbers = [a for a in bids if a[4:].isdigit()]
        trump = best_suit(hand)
        target = estimate_points(hand, trump)
        trumps = [c for c in hand if c.suit == trump]
        strong = PANDOER_RANKS <= {c.rank for c in trumps} and len(trumps) >= PANDOER_TRUMPS
        if strong and "bid pandoer" in legal and target >= PANDOER_TARGET:
            return "bid pandoer"
        if numbers and int(numbers[0][4:]) <= target:
            return numbers[0]
        if is_misere_hand(hand) and "bid misere" in legal:
            return "bid misere"
        return "pass"

    def _exchange(self, view: dict[str, Any], hand: list[Card], legal: list[str]) -> str:
        bid = parse_bid(view["contract"])
        if bid is not None and bid.kind.name in NEGATIVE:
            # a misère-like declarer sheds her most dangerous card (highest rank, plain order)
            worst = max(hand, key=lambda c: (trick_order(None).power[c], card_points(c, None)))
            return f"discard {worst}"
        trump = best_suit(hand) if bid is None or bid.kind.trumps else None
        side = [c for c in hand if c.suit != trump and c.rank != "A"] or hand
        counts = {s: sum(1 for c in hand if c.suit == s) for s in FRENCH_SUITS}
        # the cheapest card of the shortest side suit: it may make a void to trump in
        pick = min(side, key=lambda c: (card_points(c, trump), counts[c.suit], trick_order(None).power[c]))
        return f"discard {pick}"

    def _trump(self, view: dict[str, Any], hand: list[Card], legal: list[str]) -> str:
        allowed = [a.split()[1] for a in legal]
        bid = parse_bid(view["contract"])
        if bid is not None and bid.kind.name in NEGATIVE:
            # name the suit in which her cards are weakest as trumps... or her longest low suit
            return f"trump {min(allowed, key=lambda s: suit_strength(hand, s))}"
        return f"trump {best_suit(hand, allowed)}"

    def _call(self, view: dict[str, Any], hand: list[Card], legal: list[str]) -> str:
        calls = [Card.parse(a.split()[1]) for a in legal]
        trump = view["trump"]
        for c in calls:
            if c.suit == trump and c.rank == "A":
                return f"call {c}"
        return f"call {max(calls, key=lambda c: sum(1 for h in hand if h.suit == c.suit))}"

    def _play(self, view: dict[str, Any], legal: list[str], rank_order: str) -> str:
        # the rule is :mod:`cardlab.bots.pandoeren_play`, which the array simulator plays
        # too: here on one row, from the seat's own view
        say_roem, say_stuk = choose_announcement(np.array(["announce roem" in legal]),
                                                 np.array(["announce stuk" in legal]))
        if say_stuk[0] or say_roem[0]:
            return "announce stuk" if say_stuk[0] else "announce roem"
        pt = play_tables(rank_order)
        trump, declarer = view["trump"], view["declarer"]
        t = FRENCH_SUITS.index(trump) if trump else NO_TRUMPS
        plays = [(p["seat"], pt.card_index[Card.parse(p["card"])]) for p in view["trick"]]
        led = pt.suit[plays[0][1]] if plays else 0
        best, best_seat = 0, -1
        for i, (s, c) in enumerate(plays):
            best, best_seat = K.trick_best(K.trick_key(pt, t, led, c), best, best_seat, s, i == 0)
        mask = sum(pt.card_bit[Card.parse(a.split()[1])] for a in legal if a.startswith("play "))
        bid = parse_bid(view["contract"])
        assert bid is not None
        negative, piccolo = to_lose(OBJECTIVE_OF[bid.kind.name])
        partner = view["partner"]
        [card] = choose_card(
            play_keys(rank_order), np.array([mask], dtype=np.uint64), np.array([t]),
            np.array([led]), np.array([best]), np.array([best_seat]), np.array([not plays]),
            np.array([view["seat"]]), np.array([declarer]),
            np.array([-1 if partner is None else partner]), np.array([negative]),
            np.array([piccolo]), np.array([not view["tricks"]]))
        return f"play {_PACK[int(card)]}"
