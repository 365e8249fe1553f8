"""A heuristic Five Hundred player: bids from hand strength, keeps trump control, plays cheaply.

It reads only ``state.view(seat)`` (its own hand, the public auction and
tricks) and ``state.legal_actions()``, plus the game's public tables (card
orders). Its choices are deterministic given the seed; the seed only breaks
ties between equal choices.

Its card play is written once, on card masks, in :mod:`cardlab.bots.five_hundred_play`:
this bot plays it on one row built from its view, and the batch simulator's
``"heuristic"`` policy on every deal of a batch, so both are one player.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlab.bots import SeededBot, peek
from cardlab.bots.five_hundred_play import play_choice, play_tables, row_of_view
from cardlab.cards import Card
from cardlab.engine.action import Action
from cardlab.engine.state import State
from cardlab.games.five_hundred.game import FiveHundredGame
from cardlab.games.five_hundred.rules import (
    DENOMINATIONS,
    MISERE_VALUES,
    SUITS,
    ContractRules,
    denomination_of,
    parse_bid,
)

__all__ = ["HeuristicBot", "bid_help", "estimate_parts"]

#: what a high card is worth in tricks, by its place in its suit (top first)
_TOP_VALUES = (1.0, 0.9, 0.8, 0.55, 0.35, 0.2)
#: the denominations in words
_DENOM_WORDS = {"S": "spades", "C": "clubs", "D": "diamonds", "H": "hearts", "NT": "no trumps"}


def card_word(card: Card) -> str:
    """A card as a person reads it: ``A♥``, ``10♠``, the joker."""
    return "the joker" if card.is_joker else card.unicode()


def estimate_parts(game: FiveHundredGame, hand: list[Card], denom: str
                   ) -> list[tuple[str, float]]:
    """:meth:`HeuristicBot._estimate` piece by piece, for its explanation: (what counts, its
    tricks) in the order the estimate adds them — each high trump, the long trumps, each
    high card of a plain suit, a long suit in no trumps. Their sum is the estimate."""
    rules: ContractRules = game.contract_rules(denom, None)
    held = set(hand)
    parts: list[tuple[str, float]] = []
    trumps = [c for c in rules.trumps() if c in held]
    if denom != "NT":
        for i, c in enumerate(rules.trumps()[:6]):
            if c in held:
                parts.append((card_word(c), _TOP_VALUES[i] if len(trumps) >= 2 or i == 0
                              else _TOP_VALUES[i] / 2))
        if len(trumps) > 3:
            parts.append((f"{len(trumps) - 3} more trump{'s' if len(trumps) > 4 else ''}",
                          (len(trumps) - 3) * 0.85))
    elif trumps:
        parts.append((card_word(trumps[0]), 1.1 * len(trumps)))
    for cards in rules.suits.values():
        mine = [c for c in cards if c in held]
        for i, c in enumerate(cards[:3]):
            if c in held and len(mine) > i:
                parts.append((card_word(c), (0.95, 0.45, 0.15)[i]))
        if denom == "NT" and len(mine) >= 5 and cards[0] in held:
            parts.append((f"the long {_DENOM_WORDS[rules.suit_of[cards[0]] or 'S']}",
                          0.5 * (len(mine) - 4)))
    return parts


def _parts_words(parts: list[tuple[str, float]], most: int = 6) -> str:
    named = [name for name, v in parts if v > 0]
    return ", ".join(named[:most]) + (" …" if len(named) > most else "") or "no high cards"


def bid_help(game: FiveHundredGame, view: Mapping[str, Any], seat: int) -> tuple[float, float]:
    """The tricks a bidder counts on beyond its hand (a partner's share and the kitty; the
    kitty alone without a partner) and the one it takes off over its partner's bid: what
    this bot's bids stand on with its hand's estimate, and what the coach reads another
    seat's calls by (:mod:`cardlab.sim.five_hundred.reading`)."""
    partners = [s for s in view["sides"].get(game.side_of(seat), []) if s != seat]
    high = next((e for e in reversed(view["auction"]) if e["call"] != "pass"), None)
    over = 1.0 if high is not None and high["seat"] in partners else 0.0
    return (2.4 if partners else 1.0), over


class HeuristicBot(SeededBot):
    """Sensible bidding, discards and card play for every seat of a Five Hundred deal."""

    # -- entry point ----------------------------------------------------------------------
    def choose(self, state: State) -> Action:
        """The action this bot takes for the seat to move."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        game = state.game
        assert isinstance(game, FiveHundredGame), "a Five Hundred bot plays Five Hundred"
        if view.get("turn") is not None:
            seat = view["turn"]  # with ghost partners: the position this seat plays for
        hand = [game.deck.parse(c) for c in view["hands"][seat]["cards"] or []]
        phase = view["phase"]
        if phase == "auction":
            return self._bid(game, view, seat, hand, legal)
        if phase == "kitty":
            return self._discard(game, view, hand, legal)
        if phase == "call":
            return self._call(game, view, hand, legal)
        if phase == "nominate":
            return self._nominate(view, hand, legal)
        return self._play(game, view, seat, legal)

    # -- reasons ----------------------------------------------------------------------------
    def estimates(self, state: State) -> dict[str, float]:
        """The tricks this bot expects in each denomination for the seat to move in the
        auction: its hand's estimate and the help it counts on (a partner's share and the
        kitty, less one over a partner's bid), as :meth:`choose` weighs them."""
        game, view, seat, hand = self._seat(state)
        help_tricks, over_partner = self._help(game, view, seat)
        return {d: self._estimate(game, hand, d) + help_tricks - over_partner
                for d in DENOMINATIONS}

    def _seat(self, state: State) -> tuple[FiveHundredGame, dict[str, Any], int, list[Card]]:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        game = state.game
        assert isinstance(game, FiveHundredGame), "a Five Hundred bot plays Five Hundred"
        if view.get("turn") is not None:
            seat = view["turn"]
        hand = [game.deck.parse(c) for c in view["hands"][seat]["cards"] or []]
        return game, view, seat, hand

    def _help(self, game: FiveHundredGame, view: dict[str, Any], seat: int
              ) -> tuple[float, float]:
        return bid_help(game, view, seat)

    def _peek(self, state: State) -> Action:
        found = peek(self, state)
        assert isinstance(found, Action)
        return found

    def explain(self, state: State) -> str:
        """Why this bot makes the call or choice it makes now, in words (a card play gets
        a short reason too): a bid's expected tricks and the cards they come from, a
        misère's safety, the discard, the partner call, the joker's nomination."""
        action = self._peek(state)
        legal = state.legal_actions()
        if len(legal) == 1:
            return f"{action}: the only legal action."
        game, view, seat, hand = self._seat(state)
        phase = view["phase"]
        text = str(action)
        if phase == "auction":
            help_tricks, over = self._help(game, view, seat)
            est = self.estimates(state)
            if action.verb == "bid" and action.args[0] in MISERE_VALUES:
                high = [card_word(c) for c in hand if c.rank in ("A", "K", "Q", "J")]
                return (f"{text}: no joker and {len(high)} card{'s' if len(high) != 1 else ''} "
                        f"above the nine ({', '.join(high) or 'none'}), so every trick can be "
                        f"ducked; its best trick bid expects only "
                        f"{max(est.values()):.1f} tricks.")
            if action.verb == "bid":
                d = parse_bid(action.args[0])
                denom = d[1] if d else "NT"
                parts = estimate_parts(game, hand, denom)
                extra = "a partner's share and the kitty" if help_tricks > 1 else "the kitty"
                over_words = ", less 1.0 for bidding over its partner" if over else ""
                return (f"{text}: expects {est[denom]:.1f} tricks in {_DENOM_WORDS[denom]}: "
                        f"{sum(v for _, v in parts):.1f} from its hand ({_parts_words(parts)})"
                        f" and {help_tricks:.1f} from {extra}{over_words}.")
            best = max(DENOMINATIONS, key=lambda x: est[x])
            parts = estimate_parts(game, hand, best)
            return (f"{text}: its best denomination, {_DENOM_WORDS[best]}, expects "
                    f"{est[best]:.1f} tricks ({_parts_words(parts)}), too few for any bid "
                    f"still open; no misère either (the joker or more than one card above "
                    f"the nine).")
        if phase == "kitty":
            contract = (view["contract"] or "").split(" ")[0]
            dropped = ", ".join(card_word(game.deck.parse(c)) for c in action.args)
            if contract in MISERE_VALUES:
                return (f"{text}: in misère it sheds its highest cards and the joker "
                        f"({dropped}), keeping low cards that lose tricks.")
            return (f"{text}: keeps its trumps and aces and sheds low cards of short suits "
                    f"({dropped}), so voids let it trump.")
        if phase == "call":
            if action.args and action.args[0] != "alone":
                card = card_word(game.deck.parse(action.args[0]))
                return (f"{text}: {card} is the highest card of its order (trumps high to "
                        f"low, then each suit's ace) that it does not hold; its holder "
                        f"becomes its partner.")
            return f"{text}: it holds every card it would call."
        if phase == "nominate":
            if action.args and action.args[0] != "none":
                return (f"{text}: its shortest suit, so the joker can be thrown away when "
                        f"that suit is led in the misère.")
            return f"{text}: the joker stays the top card in no trumps."
        return f"{text}: " + self._play_words(view, seat)

    @staticmethod
    def _play_words(view: dict[str, Any], seat: int) -> str:
        """The rules of its card play (:mod:`cardlab.bots.five_hundred_play`) at this
        point of the trick, in words."""
        if (view["contract"] or "") in MISERE_VALUES:
            if seat == view["declarer"]:
                return "in misère it leads its lowest card and, following, plays its " \
                       "highest card that loses the trick."
            return "against a misère it keeps the contractor on top: its highest card " \
                   "under the contractor's, else its lowest."
        if not view["trick"]:
            return "its lead: trumps to draw the others' when its side contracts and it " \
                   "holds the top trump left or three trumps, else a master card, else " \
                   "the lowest card of its longest suit (a defender: its shortest)."
        return "low when its side already wins the trick; else it wins it, high in the " \
               "suit led when others play after it, as cheaply as it can with a trump or " \
               "as the last to play; else it plays low."

    # -- auction --------------------------------------------------------------------------
    def _estimate(self, game: FiveHundredGame, hand: list[Card], denom: str) -> float:
        """Expected tricks of ``hand`` with ``denom`` as trumps (NT: none)."""
        rules: ContractRules = game.contract_rules(denom, None)
        held = set(hand)
        tricks = 0.0
        trumps = [c for c in rules.trumps() if c in held]
        if denom != "NT":
            for i, c in enumerate(rules.trumps()[:6]):
                if c in held:
                    tricks += _TOP_VALUES[i] if len(trumps) >= 2 or i == 0 else _TOP_VALUES[i] / 2
            tricks += max(0, len(trumps) - 3) * 0.85
        else:
            tricks += 1.1 * len(trumps)  # the joker wins a trick
        for cards in rules.suits.values():
            mine = [c for c in cards if c in held]
            for i, c in enumerate(cards[:3]):
                if c in held and len(mine) > i:
                    tricks += (0.95, 0.45, 0.15)[i]
            if denom == "NT" and len(mine) >= 5 and cards[0] in held:
                tricks += 0.5 * (len(mine) - 4)
        return tricks

    def _bid(self, game: FiveHundredGame, view: dict[str, Any], seat: int, hand: list[Card],
             legal: list[Action]) -> Action:
        legal_set = {str(a) for a in legal}
        # a partner's share and the kitty (or the kitty alone), and a trick less over a
        # partner's bid: over a partner only with a clearly better hand
        help_tricks, over = bid_help(game, view, seat)
        estimates = {d: self._estimate(game, hand, d) + help_tricks - over
                     for d in DENOMINATIONS}
        best = sorted(DENOMINATIONS, key=lambda d: -estimates[d])
        for d in best:
            level = min(10, int(estimates[d]))
            for n in range(game.options.min_bid_tricks, level + 1):
                if f"bid {n}{d}" in legal_set:
                    return Action(f"bid {n}{d}")
        if "bid misere" in legal_set and self._misere_hand(game, hand):
            return Action("bid misere")
        return Action("pass")

    def _misere_hand(self, game: FiveHundredGame, hand: list[Card]) -> bool:
        """Few cards that could win a trick: no joker, at most one card above the nine."""
        if any(c.is_joker for c in hand):
            return False
        high = [c for c in hand if c.rank in ("A", "K", "Q", "J")]
        return len(high) <= 1

    # -- kitty, partner call, nomination --------------------------------------------------
    def _discard(self, game: FiveHundredGame, view: dict[str, Any], hand: list[Card],
                 legal: list[Action]) -> Action:
        contract = (view["contract"] or "").split(" ")[0]
        misere = contract in MISERE_VALUES
        rules: ContractRules = game.contract_rules(
            "NT" if misere or contract.endswith("NT") else denomination_of(contract), None)
        counts = {s: sum(1 for c in hand if rules.suit_of[c] == s) for s in SUITS}

        def keep_value(c: Card) -> float:
            s = rules.suit_of[c]
            p = rules.power[c]
            if misere:
                return -p - (5 if s is None else 0)  # keep low cards, shed high ones
            if s is None or s == rules.trump:
                return 100 + p
            top = len(rules.suits[s])
            if p == top:
                return 50  # an ace
            return p - 4 * (counts[s] <= 2)  # shed short suits: voids make trumping easy

        chosen = sorted(hand, key=keep_value)[: game.kitty_size]
        text = "discard " + " ".join(c.code for c in game.deck.sort(chosen))
        return Action(text) if text in {str(a) for a in legal} else legal[0]

    def _call(self, game: FiveHundredGame, view: dict[str, Any], hand: list[Card],
              legal: list[Action]) -> Action:
        denom = denomination_of(view["contract"] or "NT")
        rules: ContractRules = game.contract_rules(denom if denom in DENOMINATIONS else "NT", None)
        order = [c for c in rules.trumps() if not c.is_joker] + [cs[0] for cs in
                                                               rules.suits.values()]
        legal_set = {str(a) for a in legal}
        for c in order:
            if f"call {c}" in legal_set:
                return Action(f"call {c}")
        return Action("call alone")

    def _nominate(self, view: dict[str, Any], hand: list[Card], legal: list[Action]) -> Action:
        if (view["contract"] or "") in MISERE_VALUES:
            # name the shortest suit, so the joker can be thrown away when that suit is led
            counts = {s: sum(1 for c in hand if c.suit == s) for s in SUITS}
            return Action(f"nominate {min(SUITS, key=lambda s: counts[s])}")
        return Action("nominate none")

    # -- play -----------------------------------------------------------------------------
    def _play(self, game: FiveHundredGame, view: dict[str, Any], seat: int,
              legal: list[Action]) -> Action:
        """The card play of :mod:`cardlab.bots.five_hundred_play` (the batch's
        ``"heuristic"`` policy plays by the same function) on one row from this view."""
        card, named = play_choice(play_tables(game), *row_of_view(game, view, seat, legal))
        text = "play " + game.deck[int(card[0])].code
        if named[0] >= 0:
            text += " " + SUITS[int(named[0])]
        return next(a for a in legal if str(a) == text)
