"""The heuristic bot of the example game, Turn-up Whist (``cardlab.games.example``).

What a fifth game's bot needs, in one short module found by :func:`cardlab.bots.bot_for`:
it reads only its own seat's view and the legal actions. It calls (EX-3.2) with a hand
that should win 4 of the 7 tricks alone; in the play (EX-4) it wins a trick as cheaply as
it can, and otherwise throws its lowest card, keeping its trumps.
"""

from __future__ import annotations

from cardlab.bots import SeededBot
from cardlab.cards import Card
from cardlab.engine.action import Action
from cardlab.engine.state import State
from cardlab.games.example.rules import RANKS

__all__ = ["HeuristicBot", "hand_tricks"]

#: EX-3.2 a call undertakes 4 of the 7 tricks; the bot calls when it counts this many
CALL_AT = 4.0


def _strength(card: Card, trump: str | None) -> int:
    """Higher wins: every trump beats every plain card; within a suit, :data:`RANKS` order."""
    rank = len(RANKS) - RANKS.index(card.rank)
    return rank + (len(RANKS) if card.suit == trump else 0)


def hand_tricks(hand: list[Card], trump: str | None) -> float:
    """The tricks a hand should take alone: each ace, each trump king or queen with
    another trump, and half a trick for each trump beyond the third.

    >>> from cardlab.cards import Card
    >>> hand_tricks([Card("A", "H"), Card("K", "H"), Card("Q", "H"), Card("A", "S")], "H")
    4.0
    """
    trumps = [c for c in hand if c.suit == trump]
    count = sum(1.0 for c in hand if c.rank == "A")
    count += sum(1.0 for c in trumps if c.rank in ("K", "Q") and len(trumps) >= 2)
    return count + 0.5 * max(0, len(trumps) - 3)


class HeuristicBot(SeededBot):
    """Turn-up Whist's heuristic player (its seat's view only)."""

    def choose(self, state: State) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        trump = view.get("trump")
        hand = [state.game.deck.parse(c) for c in view["hands"][seat]["cards"] or []]
        verbs = {a.verb for a in legal}
        if "call" in verbs:
            wanted = "call" if hand_tricks(hand, trump) >= CALL_AT else "pass"
            return next(a for a in legal if a.verb == wanted)
        plays = [(a, state.game.deck.parse(a.args[0])) for a in legal if a.verb == "play"]
        trick = [state.game.deck.parse(p["card"]) for p in view.get("trick") or []]
        return self._play(plays, trick, trump)

    def _play(self, plays: list[tuple[Action, Card]], trick: list[Card],
              trump: str | None) -> Action:
        """EX-4: lead the strongest card; follow with the cheapest card that wins the trick
        so far, else the cheapest card of all (a tie broken by the bot's seed)."""
        def power(card: Card) -> int:
            return _strength(card, trump)

        if not trick:
            return max(plays, key=lambda p: (power(p[1]), self._rng.random()))[0]
        led = trick[0].suit
        best = max((c for c in trick if c.suit in (led, trump)), key=power)
        winners = [p for p in plays if p[1].suit in (led, trump) and power(p[1]) > power(best)
                   and (p[1].suit == best.suit or p[1].suit == trump)]
        pool = winners or plays
        return min(pool, key=lambda p: (power(p[1]), self._rng.random()))[0]
