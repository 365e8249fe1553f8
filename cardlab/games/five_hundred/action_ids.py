"""Stable integer ids for Five Hundred's actions (STYLE §5, OpenSpiel item 4).

Every distinct action of a game has one id, whatever the state; ``game.action_id(text)``
and ``game.action_text(id)`` convert, exactly and both ways, between an id and the
engine's notation (``state.legal_actions()``). Five Hundred declares its actions as an
:class:`~cardlab.engine.action_ids.ActionTable` like every cardlab game (words, then card
blocks ranked by the combinatorial number system); :class:`FiveHundredActionIds` adds what
the mutable rollout state (:mod:`cardlab.games.five_hundred.rollout`) needs. The layout is
a rule of the encoding, and a test pins it:

**The words (ids 0-59), the same in every configuration:**

* ``0`` ``pass``;
* ``1 + 5·(n − 6) + d`` ``bid nD`` for the trick bids ``6S … 10NT`` (``d``: S C D H NT =
  0…4), so ``bid 6S`` = 1, ``bid 7H`` = 9, ``bid 10NT`` = 25;
* ``26`` ``bid misere``, ``27`` ``bid open_misere``, ``28`` ``bid blind_misere``;
* ``29 + 5·(n − 6) + d`` ``bid nD sans_kitty`` (A-9), 29…53;
* ``54 + s`` ``nominate S`` / ``C`` / ``D`` / ``H`` (``s``: S C D H = 0…3), ``58``
  ``nominate none``;
* ``59`` ``call alone`` (five players).

**The card blocks (from id 60), by position in ``game.deck``** (``C`` cards, of which the
last ``J`` are jokers; they change with the pack, i.e. with ``players`` and ``pack_4p``):

* ``60 + i`` ``play deck[i]`` (bit ``i`` of a hand mask is ``deck[i]``);
* ``60 + C + 4·j + s`` ``play JK S`` … ``play JK H``: the ``j``-th joker led in NT or
  misère naming suit ``s`` (5H-7.3 J4);
* ``60 + C + 4·J + i`` ``call deck[i]`` for the non-jokers (five players, 5H-2);
* ``60 + C + 4·J + (C − J) + r`` ``discard …``: the set of ``k`` cards (``k`` the kitty
  size) at pack positions ``i1 < i2 < … < ik`` has rank ``r = C(i1, 1) + C(i2, 2) + …
  + C(ik, k)``, so ``r`` runs over ``0 … C(C, k) − 1``.

With the 43-card pack (4 players): ``play AS`` = 60, ``play JK`` = 102, ``play JK H`` = 106,
``call AS`` = 107, ``discard AS KS QS`` = 149, and there are 12,490 ids.

>>> import cardlab
>>> game = cardlab.load("five_hundred")
>>> game.action_id("bid 7H"), game.action_id("play AS"), game.action_text(102)
(9, 60, Action('play JK'))
>>> game.action_text(game.action_id("discard 7h 5d 6d"))
Action('discard 6D 5D 7H')
>>> game.num_distinct_actions
12490
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING, Final

from cardlab.engine.action import Action
from cardlab.engine.action_ids import ActionIds, ActionTable, CardBlock
from cardlab.errors import IllegalAction
from cardlab.games.five_hundred.rules import DENOMINATIONS, MISERE_CALLS, SUITS

if TYPE_CHECKING:
    from cardlab.games.five_hundred.game import FiveHundredGame

__all__ = ["FiveHundredActionIds", "action_table", "CALL_IDS", "PASS", "NOMINATE_BASE",
           "NOMINATE_NONE", "CALL_ALONE", "PLAY_BASE", "WORDS"]

#: 5H-5.2 the trick bids in id order (6S 6C … 10NT)
TRICK_BIDS: Final = tuple(f"{n}{d}" for n in range(6, 11) for d in DENOMINATIONS)
#: the auction's calls (without the verb, as ``auction.legal_calls`` gives them) → id
CALL_IDS: Final[dict[str, int]] = {
    "pass": 0,
    **{c: 1 + k for k, c in enumerate(TRICK_BIDS)},
    **{c: 26 + k for k, c in enumerate(MISERE_CALLS)},
    **{f"{c} sans_kitty": 29 + k for k, c in enumerate(TRICK_BIDS)},
}
PASS: Final = 0
#: ``nominate S`` … ``nominate H`` are ``NOMINATE_BASE + s``; ``nominate none`` follows
NOMINATE_BASE: Final = 54
NOMINATE_NONE: Final = 58
CALL_ALONE: Final = 59
#: ``play deck[i]`` is ``PLAY_BASE + i``
PLAY_BASE: Final = 60
#: the words, by id (ids 0-59)
WORDS: Final[tuple[str, ...]] = (
    *(("pass" if c == "pass" else "bid " + c) for c in CALL_IDS),
    *(f"nominate {s}" for s in SUITS), "nominate none", "call alone")
assert len(WORDS) == PLAY_BASE and all(WORDS[i] == (
    "pass" if c == "pass" else "bid " + c) for c, i in CALL_IDS.items())

_VERBS: Final = ("pass", "bid", "discard", "call", "nominate", "play")


def action_table(game: FiveHundredGame) -> ActionTable:
    """The game's actions as data (see the module docstring for the layout)."""
    deck = tuple(game.deck)
    jokers = tuple(c for c in deck if c.is_joker)
    return ActionTable(WORDS, (
        CardBlock("play", 1, deck),
        CardBlock("play", 1, jokers, suffixes=SUITS),  # J4 a joker led naming a suit
        CardBlock("call", 1, deck[: len(deck) - len(jokers)]),
        CardBlock("discard", game.kitty_size, deck),
    ))


class FiveHundredActionIds(ActionIds):
    """The engine's id converter over :func:`action_table`, plus what the rollout needs: the
    blocks' first ids, every non-discard action premade, discard ranks both ways, and
    refusals that say which part of the notation has no id.

    :ivar n_cards: ``C``, the cards in the pack.
    :ivar jokers: the jokers' pack positions (the last ``J`` cards).
    :ivar joker_lead_base: the id of ``play JK S`` for the first joker.
    :ivar call_base: the id of ``call deck[0]``.
    :ivar discard_base: the id of the discard of the first ``k`` cards of the pack.
    :ivar kitty_size: ``k``, the cards in a discard.
    """

    def __init__(self, game: FiveHundredGame) -> None:
        super().__init__(game.name, action_table(game), game.parse_action)
        deck = game.deck
        self.game = game
        c = self.n_cards = len(deck)
        self.jokers = tuple(i for i, card in enumerate(deck) if card.is_joker)
        if self.jokers != tuple(range(c - len(self.jokers), c)):  # pragma: no cover
            raise ValueError("the id layout needs the jokers last in the pack")
        self.joker_lead_base, self.call_base, self.discard_base = self._starts[1:]
        assert self._starts[0] == PLAY_BASE
        self.kitty_size = k = game.kitty_size
        #: every id below ``discard_base`` → its Action, and the notation back to the id
        self.texts: tuple[Action, ...] = tuple(super(FiveHundredActionIds, self).text_of(i)
                                               for i in range(self.discard_base))
        self.ids: dict[str, int] = {str(a): i for i, a in enumerate(self.texts)}
        self.index = {card.code: i for i, card in enumerate(deck)}
        #: ``binom[m][x]`` = C(x, m + 1), for the discard ranks
        self.binom = tuple(tuple(comb(x, m + 1) for x in range(c)) for m in range(k))

    # -- ids → notation -------------------------------------------------------------------
    def text_of(self, action_id: int) -> Action:
        """The action with id ``action_id`` (round-trips with :meth:`id_of`).

        :raises IllegalAction: ``bad_action_id`` for a non-integer or an id out of range.
        """
        if type(action_id) is int and 0 <= action_id < self.discard_base:
            return self.texts[action_id]
        return super().text_of(action_id)

    def discard_cards(self, action_id: int) -> tuple[int, ...]:
        """The pack positions (ascending) of a discard id's cards."""
        r = action_id - self.discard_base
        out = []
        for m in range(self.kitty_size - 1, -1, -1):  # greedy: the largest position first
            row = self.binom[m]
            x = bisect_right(row, r) - 1
            out.append(x)
            r -= row[x]
        return tuple(reversed(out))

    # -- notation → ids -------------------------------------------------------------------
    def id_of(self, action: str) -> int:
        """The id of ``action`` (any spelling ``game.parse_action`` accepts).

        :raises IllegalAction: ``unknown_action`` naming the part that has no id (a bid off
            the ladder, a discard of the wrong size, a suit named for a non-joker …),
            ``unknown_card`` for a bad card code.
        """
        if type(action) is Action or type(action) is str:
            i = self.ids.get(action)
            if i is not None:
                return i
            if action.startswith("discard "):  # the engine's canonical codes: no parsing
                index = self.index
                codes = action.split()[1:]
                if all(code in index for code in codes) and len(codes) == self.kitty_size:
                    positions = [index[code] for code in codes]
                    if positions == sorted(set(positions)):
                        return self.discard_id(positions)
        try:
            return super().id_of(action)
        except IllegalAction as err:
            if err.code != "unknown_action":
                raise
            act = self.game.parse_action(action)
            raise IllegalAction(f"'{act}' has no action id: {self._why(act.verb, act.args)}",
                                code="unknown_action",
                                rule=_RULE_OF_VERB.get(act.verb, "")) from None

    def discard_id(self, positions: Iterable[int]) -> int:
        """The id of discarding the cards at these pack positions (any order)."""
        cards = sorted(positions)
        if len(cards) != self.kitty_size or len(set(cards)) != len(cards):
            raise IllegalAction(f"a discard is {self.kitty_size} different cards, not "
                                f"{cards}", code="unknown_action", rule="5H-6.1")
        return self.discard_base + sum(self.binom[m][x] for m, x in enumerate(cards))

    def discard_ids(self, positions: tuple[int, ...]) -> tuple[int, ...]:
        """The ids of every ``k``-card discard from a hand (its pack positions ascending), in
        the engine's order (``itertools.combinations`` of the hand in pack order)."""
        base, binom = self.discard_base, self.binom
        return tuple(base + sum(binom[m][x] for m, x in enumerate(t))
                     for t in combinations(positions, self.kitty_size))

    def _why(self, verb: str, args: tuple[str, ...]) -> str:
        if verb not in _VERBS:
            return f"unknown verb {verb!r}; Five Hundred's verbs are {', '.join(_VERBS)}"
        if verb == "pass":
            return "'pass' takes no arguments"
        if verb == "bid":
            return ("a bid is 6 to 10 tricks in S, C, D, H or NT (e.g. 'bid 7H'), optionally "
                    "followed by 'sans_kitty', or misere, open_misere, blind_misere")
        if verb == "nominate":
            return "the joker is nominated as S, C, D or H, or 'none'"
        if verb == "discard":
            return f"a discard here is {self.kitty_size} different cards of the pack"
        if verb == "call":
            if args and args[0].startswith("JK"):
                return "the joker cannot be called as a partner card"
            return "call one card of the pack (not a joker), or 'call alone'"
        return ("play one card of the pack ('play JD'); only a joker led names a suit "
                "('play JK H')")


#: the rule a verb's notation comes from (for refusals of text that has no id)
_RULE_OF_VERB: Final = {"pass": "5H-5.2", "bid": "5H-5.2", "nominate": "5H-6.3",
                        "call": "5H-2", "play": "5H-7.1", "discard": "5H-6.1"}
