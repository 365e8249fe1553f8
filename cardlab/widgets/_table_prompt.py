"""The learner's hand and prompt: which cards a click may name, and what to do now in
words (the ``data-prompt`` line under the table).

:class:`TablePrompt` is a part of :class:`~cardlab.widgets.table.Table` (a mixin). It reads
the hands from the game's view for this viewer, so a click is judged against the cards the
viewer sees, never against hidden ones; Five Hundred's ghost partners (a seat playing from a
hand of the table that is not its own) are handled here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardlab.cards import Card
from cardlab.engine.action import Action
from cardlab.engine.protocols import GameLike
from cardlab.engine.state import State
from cardlab.widgets._advice import try_prompt
from cardlab.widgets._cards import parse_code
from cardlab.widgets._table_parts import TableParts
from cardlab.widgets._view import card_args

#: what the cards chosen with a card verb are for, in the prompt's words
CHOICE_PURPOSES = {"discard": "to discard", "tengo": "to exchange",
                   "swap": "to give for the turn-up"}


class TablePrompt(TableParts):
    """The cards the learner may click, the selection, and the prompt."""

    def _visible_hand_cards(self, s: State, seat: int) -> set[str]:
        view = self._game_view(s)
        for hand in view["hands"]:
            if hand["seat"] == seat and hand.get("cards"):
                return set(hand["cards"])
        return set()

    def _clickable_cards(self, s: State, actor: int) -> set[str]:
        """The cards ``actor`` may click: its own hand as the viewer sees it and, on its
        turn, the face-up cards of the hand it plays from (a ghost partner's)."""
        cards = self._visible_hand_cards(s, actor)
        hand = self._playing_hand(s)
        if actor == s.to_move and hand is not None and hand != actor:
            cards |= self._visible_hand_cards(s, hand)
        return cards

    def _clicked_in_hand(self, s: State, chooses: list[Action]) -> bool:
        """True if some of these choices are made by clicking cards of the hand shown (a
        discard, an exchange); False when every one names a card the hand lacks (a call)."""
        actor = self._learner()
        if actor is None or not self._sees(actor):
            return False
        held = self._visible_hand_cards(s, actor)
        return any(card_args(s.game, a) and all(c in held for c in card_args(s.game, a))
                   for a in chooses)

    def _playing_hand(self, s: State) -> int | None:
        """The hand whose cards are played now: the position to play where the game's view
        names one (Five Hundred's ``turn``: a ghost partner's position past the seats),
        else the seat to move."""
        turn = self._game_view(s).get("turn")
        if isinstance(turn, int) and not isinstance(turn, bool) and any(
                h["seat"] == turn for h in self._game_view(s)["hands"]):
            return turn
        return s.to_move

    def _hand_name(self, s: State, hand: int | None) -> str:
        """The name a hand of the view goes by (``G1`` for a ghost partner)."""
        for h in self._game_view(s)["hands"]:
            if h["seat"] == hand and h.get("name"):
                return str(h["name"])
        return s.game.seat_name(hand) if hand is not None else ""

    def _from_kitty(self, s: State, gv: Mapping[str, Any]) -> list[str]:
        """The kitty's cards in the hand that took it, while it chooses its discard (5H-6.1),
        for a viewer who sees that hand (they are then its own cards): the hand marks them."""
        kitty = getattr(s, "kitty", None)
        if gv.get("phase") != "kitty" or not kitty or s.to_move is None:
            return []
        held = self._visible_hand_cards(s, s.to_move)
        return [c.code for c in kitty if isinstance(c, Card) and c.code in held]

    def _selection_hint(self) -> str:
        if not self._selection:
            return "Selection cleared"
        deck = self.game.deck
        names = [str(deck.name(deck.parse(c))) for c in self._selection]
        return "Chosen: " + ", ".join(names)

    def _prompt(self, s: State, legal: list[Action], acting_here: bool) -> str:
        """What to do now, in words (the ``data-prompt`` line)."""
        if self._mode == "look_back":
            got = self._look_decision() if s is self.state else None
            t = self._tries.get(got[0]) if got is not None else None
            if got is not None and t is not None and t["status"] == "open":
                return str(t["said"]) or try_prompt(s, got[1])
            at = got is not None
            return ("Look back: the bars show what each option was worth here; your choice "
                    "is outlined" if at else "Look back: choose one of your decisions below")
        if s.is_over:
            return "The deal is over: the result is below"
        if self._mode == "review":
            return "Step through the deal, or press 'Play from here' to play on"
        if not acting_here:
            return f"{self._status()}: the bots answer" if self._bot_should_move() else \
                self._status()
        game = s.game
        verbs = game.spec.card_verbs
        chooses = [a for a in legal if a.verb in verbs and a.verb != "play"]
        n = len(self._selection)
        if chooses and not self._clicked_in_hand(s, chooses):
            # a choice of a card that is not in the hand (Pandoeren's called ace): its
            # buttons stand below, and the prompt names the choice
            return choice_prompt(game, chooses)
        if chooses:
            sizes = sorted({len(card_args(game, a)) for a in chooses})
            verb = chooses[0].verb
            purpose = CHOICE_PURPOSES.get(verb, f"for '{verb}'")
            if len(sizes) == 1:
                k = sizes[0]
                return (f"Choose {k} card{'s' if k != 1 else ''} {purpose}: {n} of {k}, "
                        "then Confirm")
            return (f"Choose up to {sizes[-1]} cards {purpose}: {n} chosen, then Confirm "
                    f"({'none' if not n else 'or click a card again to put it back'})")
        plays = [a for a in legal if a.verb == "play"]
        calls = [a for a in legal if a.verb not in verbs]
        if self._selection:
            return (f"{n} card{'s' if n != 1 else ''} chosen: Confirm below, or click a card "
                    "again to put it back")
        # Five Hundred's ghost partners: the seat plays from a hand of the table that is
        # not its own (the position to play), and the prompt says whose cards to click
        hand = self._playing_hand(s)
        cards = "a legal card" if hand == s.to_move else \
            f"a legal card of {self._hand_name(s, hand)} (you play its cards)"
        if plays and calls:
            return f"Your turn: click {cards} to play it, or choose a call below"
        if plays:
            return f"Your turn: click {cards} to play it"
        return "Your turn: choose a call below"


def choice_prompt(game: GameLike, chooses: Sequence[Action]) -> str:
    """The prompt for a choice made with buttons, whose cards are not in the hand: it names
    the choice (Pandoeren's "Call an ace: …", A2.6), never a discard."""
    verb = chooses[0].verb
    cards = [c for a in chooses for c in (parse_code(game, x) for x in card_args(game, a))
             if c is not None]
    if verb == "call" and cards:
        ranks = {str(game.deck.name(c)).split(" of ")[0] for c in cards}
        rank = ranks.pop() if len(ranks) == 1 else "card"
        what = f"{'an' if rank[:1] in 'aeiou' else 'a'} {rank}"
        return f"Call {what}: choose it below (whoever holds it is your partner)"
    return f"Your turn: choose below what to {verb.replace('_', ' ')}"
