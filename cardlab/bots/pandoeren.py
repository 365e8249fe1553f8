"""A heuristic Pandoeren bot for the auction, the exchange, the call and the play.

It reads only ``state.view(seat)`` and ``state.legal_actions()``: its own hand,
the kijkkaart while it lies face up, the trick, the contract and the partner as
far as the seat knows it. The rules of thumb are simple and documented inline;
the bot is meant to be a fair opponent for learners, not a strong player.

Before the play the bot is deterministic: each of its calls (bid or pass, discard, trumps,
the call) is one of the legal actions, so it never falls back on its generator there;
:func:`cardlab.sim.pandoeren.heuristic_calls` makes the same calls over arrays of deals.
"""

from __future__ import annotations

from typing import Any

from cardlab.bots import SeededBot, peek
from cardlab.cards import FRENCH_SUITS, Card
from cardlab.engine.action import Action
from cardlab.engine.state import State
from cardlab.engine.tricks import Play, trick_winner
from cardlab.games.pandoeren.rules import card_points, parse_bid, trick_order

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
        handler = getattr(self, f"_{view['phase']}")
        choice = handler(view, hand, [str(a) for a in legal])
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

    def _play(self, view: dict[str, Any], hand: list[Card], legal: list[str]) -> str:
        for a in ("announce stuk", "announce roem"):
            if a in legal:
                return a
        cards = [Card.parse(a.split()[1]) for a in legal if a.startswith("play ")]
        seat, trump, declarer = view["seat"], view["trump"], view["declarer"]
        bid = parse_bid(view["contract"])
        plays = [Play(p["seat"], Card.parse(p["card"])) for p in view["trick"]]
        def wins(card: Card) -> bool:
            return trick_winner([*plays, Play(seat, card)], trick_order(trump)) == seat if plays else True
        low = sorted(cards, key=lambda c: (card_points(c, trump), trick_order(trump).power[c]))
        if bid is not None and bid.kind.name in NEGATIVE:
            return f"play {self._negative(view, cards, low, wins, seat == declarer)}"
        team = {declarer, view["partner"]} if seat in (declarer, view["partner"]) else None
        if plays:
            leader_now = trick_winner(plays, trick_order(trump))
            mine = team is not None and leader_now in team
            if mine or (team is None and leader_now not in (declarer, view["partner"])):
                return f"play {low[0]}"  # the trick is already ours: keep strength
            winners = [c for c in low if wins(c)]
            if winners:
                return f"play {winners[0]}"
            return f"play {low[0]}"
        strong = sorted(cards, key=lambda c: (c.suit == trump, trick_order(trump).power[c]), reverse=True)
        return f"play {strong[0] if team is not None else low[0]}"

    @staticmethod
    def _negative(view: dict[str, Any], cards: list[Card], low: list[Card], wins: Any,
                  declarer: bool) -> Card:
        """Misère-like contracts: the declarer ducks with her highest safe card; the
        defenders play low so that she is left holding the winner."""
        if not declarer:
            return low[0]
        first_trick = not view["tricks"]
        bid = parse_bid(view["contract"])
        if first_trick and bid is not None and bid.kind.name.startswith("piccolo"):
            return max(cards, key=lambda c: (wins(c), trick_order(view["trump"]).power[c]))
        safe = [c for c in cards if not wins(c)] if view["trick"] else []
        pool = safe or cards
        if not view["trick"]:
            return min(pool, key=lambda c: trick_order(view["trump"]).power[c])
        return max(pool, key=lambda c: trick_order(view["trump"]).power[c])
