"""A heuristic Panfin player: declarations, the exchange, the dealer's swap and the tricks.

It reads only ``state.view(seat)`` and ``state.legal_actions()``. The ideas:

* choose: the suit it holds most of;
* declare: servito when it can; stand pat on a combination; otherwise keep what
  builds a combination (a pair or three of a rank with jokers, three of a suit)
  or, failing that, the trumps and aces, exchanging the rest; fold a hand with
  no trump, no joker and no ace (it would likely take no trick and pay the stamp);
* swap: throw the weakest card (or refuse a weak turn-up);
* play (:mod:`cardlab.bots.panfin_play`, the same rule the array simulator plays): win
  the trick as cheaply as it can, otherwise throw its weakest card; lead its best trump or
  highest card; with two cards (the jokers led together, or the answer to them), the pair
  it least wants to keep.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from cardlab.bots import SeededBot, peek
from cardlab.bots.panfin_play import (
    PAIR_SLOTS,
    TRUMP_VALUE,
    choose_play,
    hand_places,
    keep_values,
    pair_costs,
)
from cardlab.cards import Card
from cardlab.engine.action import Action
from cardlab.engine.state import State
from cardlab.games.panfin import kernel
from cardlab.games.panfin.rules import (
    card_index,
    card_mask,
    classify,
    dominant_index,
    is_joker,
    kernel_tables,
    plain_rank,
    trick_order,
    trump_rank,
)

__all__ = ["HeuristicBot"]


def _value(card: Card, dominant: str | None) -> int:
    """How much the bot wants to keep ``card`` (trumps above every plain card): in the
    play, :func:`~cardlab.bots.panfin_play.keep_values` holds the same numbers."""
    if trick_order(dominant).is_trump(card) or is_joker(card):
        return TRUMP_VALUE + trump_rank(card)
    return plain_rank(card)


class HeuristicBot(SeededBot):
    """Plays Panfin sensibly from its own seat's view."""

    def choose(self, state: State) -> Action:
        """The action for the seat to move."""
        legal = state.legal_actions()
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        hand = [Card.parse(c) for c in view["hands"][seat]["cards"] or []]
        dominant = view["trump"]
        phase = view["phase"]
        if phase == "choose":
            return self._choose_suit(hand, legal)
        if phase == "declare":
            return self._declare(hand, dominant, legal)
        if phase == "swap":
            return self._swap(hand, dominant, view, legal)
        return self._play(view, dominant, legal)

    def explain(self, state: State) -> str:
        """Why this bot makes its declaration or choice now, in words: the suit it chooses,
        tengo on a combination or with the cards it keeps, fold, servito, the swap."""
        action = peek(self, state)
        assert isinstance(action, Action)
        text = str(action)
        legal = state.legal_actions()
        if len(legal) == 1:
            return f"{text}: the only legal action."
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        hand = [Card.parse(c) for c in view["hands"][seat]["cards"] or []]
        dominant = view["trump"]
        phase = view["phase"]
        if phase == "choose":
            suit = action.args[0]
            n = sum(1 for c in hand if c.suit == suit and not is_joker(c))
            return f"{text}: it holds most cards of that suit ({n})."
        if phase == "declare":
            if action.verb == "servito":
                return f"{text}: served as dealt, the best it can do with this hand."
            if action.verb == "fold":
                return (f"{text}: no trump, no joker and no ace: it would likely take no "
                        f"trick and pay.")
            combo = classify(hand, dominant)
            if action.verb == "tengo" and not action.args and combo is not None:
                return f"{text}: it stands pat on a combination, {combo.label}."
            kept = [c for c in hand if c.code not in action.args]
            return (f"{text}: it keeps {' '.join(c.unicode() for c in kept) or 'nothing'}, "
                    f"which build a combination or take tricks (trumps, jokers, aces), and "
                    f"exchanges {len(action.args)} card{'s' if len(action.args) != 1 else ''}.")
        if phase == "swap":
            return f"{text}: its weakest card goes for the turned-up card."
        return f"{text}: wins the trick as cheaply as it can, else throws its weakest card."

    @staticmethod
    def _choose_suit(hand: list[Card], legal: list[Action]) -> Action:
        counts = Counter(c.suit for c in hand if not is_joker(c))
        suit = max("SBCD", key=lambda s: (counts[s], -"SBCD".index(s)))
        return Action(f"choose {suit}")

    def _declare(self, hand: list[Card], dominant: str | None, legal: list[Action]) -> Action:
        if "servito" in legal:
            return Action("servito")
        if classify(hand, dominant) is not None:
            return Action("tengo")
        jokers = [c for c in hand if is_joker(c)]
        plain = [c for c in hand if not is_joker(c)]
        ranks = Counter(c.rank for c in plain)
        suits = Counter(c.suit for c in plain)
        keep: list[Card]
        rank, r = ranks.most_common(1)[0] if ranks else ("", 0)
        suit, s = max(suits.items(), key=lambda kv: (kv[1], kv[0] == dominant)) if suits \
            else ("", 0)
        if r >= 2 and r + len(jokers) >= 3:
            keep = jokers + [c for c in plain if c.rank == rank]
        elif s + len(jokers) >= 3:
            keep = jokers + [c for c in plain if c.suit == suit]
        else:
            keep = [c for c in hand if trick_order(dominant).is_trump(c) or c.rank == "A"]
            if not keep and self._rng.random() < 0.7:
                if "fold" in legal:
                    return Action("fold")
        discard = sorted((c for c in hand if c not in keep), key=lambda c: _value(c, dominant))
        while discard:
            act = Action("tengo " + " ".join(c.code for c in discard))
            parsed = [a for a in legal if sorted(a.args) == sorted(act.args) and a.verb == "tengo"]
            if parsed:
                return parsed[0]
            discard = discard[:-1]  # a capped exchange keeps the better of the discards
        return Action("tengo")

    @staticmethod
    def _swap(hand: list[Card], dominant: str | None, view: dict[str, Any],
              legal: list[Action]) -> Action:
        options = [Card.parse(a.args[0]) for a in legal]
        worst = min(options, key=lambda c: _value(c, dominant))
        return Action(f"swap {worst}")

    @staticmethod
    def _play(view: dict[str, Any], dominant: str | None, legal: list[Action]) -> Action:
        # the rule is :func:`cardlab.bots.panfin_play.choose_play`, which the array simulator
        # plays too: here on one row, the seat's own hand and the trick it sees
        t = kernel_tables()
        d = dominant_index(dominant)
        seat = view["seat"]
        hand = card_mask(Card.parse(c) for c in view["hands"][seat]["cards"] or [])
        places = hand_places(hand, t.cards)
        trick = [card_index(Card.parse(entry["card"])) for entry in view["trick"]]
        led = kernel.trick_led_suit(t, d, trick[0]) if trick else 0
        best_key = max((kernel.trick_key(t, d, led, c) for c in trick), default=0)
        by_cards = {tuple(sorted(card_index(Card.parse(x)) for x in a.args)): a for a in legal}
        single = [(c,) in by_cards for c in places]
        pairs = [(places[a], places[b]) in by_cards for a, b in PAIR_SLOTS]
        value = keep_values()[d][places][None, :]
        strength = np.array([[kernel.trick_key(t, d, led, c) if c < t.cards else 0
                              for c in places]])
        place, is_pair, slot = choose_play(value, strength, np.array([single]),
                                           np.array([best_key]), np.array([not trick]),
                                           np.array([pairs]), pair_costs(value))
        if is_pair[0]:
            a, b = PAIR_SLOTS[int(slot[0])]
            return by_cards[(places[a], places[b])]
        return by_cards[(places[int(place[0])],)]
