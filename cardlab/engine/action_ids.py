"""Stable integer ids for a game's actions (STYLE §5), declared as data by each game.

Search, machine learning and array code want actions as small integers; people want
the notation (``'bid 7H'``, ``'play JD'``). A game declares its **action table**: the
``words`` (actions that name no card, in a fixed order) and the **card blocks** (a verb
with a fixed number of distinct cards, optionally followed by one suffix word). Ids:

* ``0 … W−1``: the words, in their order;
* then each block in turn. In a block of ``k`` cards drawn from ``cards`` (in pack
  order), the set at positions ``i1 < i2 < … < ik`` of ``cards`` has rank
  ``C(i1, 1) + C(i2, 2) + … + C(ik, k)`` (the combinatorial number system), and its
  id is ``block start + rank · len(suffixes) + suffix index``;
* then the ``tail`` words: words whose number depends on an option (bids up to a cap),
  last, so that such an option moves no other id.

Every cardlab game writes the cards of an action as a set in the pack's order, so an
action has exactly one id, and ``text_of`` gives the engine's canonical notation.
An id belongs to the game and its options: a table never depends on a state, and
options only add or remove ids where a spec caps an open-ended list (bids).

>>> from cardlab.cards import Card
>>> pack = tuple(Card.parse(c) for c in "AS KS QS JS".split())
>>> ids = ActionIds("demo", ActionTable(("pass",), (CardBlock("play", 1, pack),
...                                                  CardBlock("discard", 2, pack)),
...                                      tail=("bid 1", "bid 2")))
>>> ids.size, ids.id_of("pass"), ids.id_of("play QS"), ids.id_of("discard KS QS")
(13, 0, 3, 7)
>>> ids.id_of("bid 2"), ids.text_of(11)
(12, Action('bid 1'))
>>> ids.text_of(5), ids.text_of(7), ids.text_of(10)
(Action('discard AS KS'), Action('discard KS QS'), Action('discard QS JS'))
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import comb

from cardlab.cards import Card
from cardlab.engine.action import Action
from cardlab.errors import IllegalAction

__all__ = ["ActionIds", "ActionTable", "CardBlock"]


@dataclass(frozen=True)
class CardBlock:
    """Actions made of ``verb``, ``size`` distinct cards from ``cards`` (written in the
    order of ``cards``, the pack's order) and, when ``suffixes`` has words, one of them
    (``play JK H``: the joker led naming a suit)."""

    verb: str
    size: int
    cards: tuple[Card, ...]
    suffixes: tuple[str, ...] = ("",)

    def __post_init__(self) -> None:
        if not 1 <= self.size <= len(self.cards):
            raise ValueError(f"a '{self.verb}' block of {self.size} cards needs 1…"
                             f"{len(self.cards)} cards")
        if len(set(self.cards)) != len(self.cards) or not self.suffixes:
            raise ValueError(f"a '{self.verb}' block needs distinct cards and a suffix list")

    @property
    def count(self) -> int:
        """How many ids the block holds."""
        return comb(len(self.cards), self.size) * len(self.suffixes)


@dataclass(frozen=True)
class ActionTable:
    """A game's actions as data: ``words``, ``blocks``, then ``tail`` (see the module)."""

    words: tuple[str, ...]
    blocks: tuple[CardBlock, ...] = field(default=())
    tail: tuple[str, ...] = field(default=())


class ActionIds:
    """Converts between a game's action notation and its integer ids (see the module).

    ``parse`` normalises notation first (a game's ``parse_action``: ``'PLAY th'`` →
    ``'play 10H'``); without it the text is taken as written.
    """

    def __init__(self, game_name: str, table: ActionTable,
                 parse: Callable[[str], Action] | None = None) -> None:
        self.game_name = game_name
        self.table = table
        self._parse = parse
        starts, at = [], len(table.words)
        for block in table.blocks:
            starts.append(at)
            at += block.count
        self._starts = tuple(starts)
        self._tail_start = at
        self._word_id = {w: i for i, w in enumerate(table.words)}
        self._word_id.update({w: at + i for i, w in enumerate(table.tail)})
        if len(self._word_id) != len(table.words) + len(table.tail):
            raise ValueError(f"{game_name}: the action words repeat")
        at += len(table.tail)
        self._by_verb: dict[str, list[int]] = {}
        for b, block in enumerate(table.blocks):
            self._by_verb.setdefault(block.verb, []).append(b)
        self._position = [{c: i for i, c in enumerate(block.cards)} for block in table.blocks]
        # _columns[b][k][p] = C(p, k): unranking is a binary search per card
        self._columns = [[[comb(p, k) for p in range(len(block.cards) + 1)]
                          for k in range(block.size + 1)] for block in table.blocks]
        #: how many ids there are: they run from 0 to ``size − 1``
        self.size = at

    # -- notation → id -------------------------------------------------------------------
    def id_of(self, action: str) -> int:
        """The id of ``action`` (its notation, in any spelling the game accepts).

        :raises IllegalAction: ``unknown_action`` when no id of this game names it.
        """
        text = self._parse(action) if self._parse is not None else Action(str(action))
        found = self._word_id.get(str(text))
        if found is not None:
            return found
        verb, *args = str(text).split()
        for b in self._by_verb.get(verb, ()):
            i = self._block_id(b, args)
            if i is not None:
                return i
        raise IllegalAction(f"{self.game_name}: no action id for {str(action)!r}: it is not "
                            "an action of this game", code="unknown_action")

    def _block_id(self, b: int, args: list[str]) -> int | None:
        block = self.table.blocks[b]
        suffixed = block.suffixes != ("",)
        if len(args) != block.size + suffixed:
            return None
        suffix = args[-1] if suffixed else ""
        if suffix not in block.suffixes:
            return None
        where = self._position[b]
        positions = []
        for code in args[:block.size]:
            try:
                p = where.get(Card.parse(code))
            except ValueError:
                return None
            if p is None:
                return None
            positions.append(p)
        positions.sort()
        if len(set(positions)) != len(positions):
            return None
        rank = sum(comb(p, k) for k, p in enumerate(positions, start=1))
        return self._starts[b] + rank * len(block.suffixes) + block.suffixes.index(suffix)

    # -- id → notation -------------------------------------------------------------------
    def text_of(self, action_id: int) -> Action:
        """The action (canonical notation) with id ``action_id``.

        :raises IllegalAction: ``bad_action_id`` for anything but an int in ``0 … size−1``.
        """
        if isinstance(action_id, bool) or not isinstance(action_id, int) \
                or not 0 <= action_id < self.size:
            raise IllegalAction(f"{self.game_name}: action id must be an int 0…{self.size - 1}, "
                                f"not {action_id!r}", code="bad_action_id")
        words = self.table.words
        if action_id < len(words):
            return Action(words[action_id])
        if action_id >= self._tail_start:
            return Action(self.table.tail[action_id - self._tail_start])
        b = bisect_right(self._starts, action_id) - 1
        block = self.table.blocks[b]
        rank, s = divmod(action_id - self._starts[b], len(block.suffixes))
        positions = []
        columns = self._columns[b]
        for k in range(block.size, 0, -1):  # unrank: the largest p with C(p, k) <= rank
            p = bisect_right(columns[k], rank) - 1
            positions.append(p)
            rank -= columns[k][p]
        cards = [block.cards[p].code for p in reversed(positions)]
        suffix = [block.suffixes[s]] if block.suffixes[s] else []
        return Action(" ".join([block.verb, *cards, *suffix]))

    def all_actions(self) -> Sequence[Action]:
        """Every action in id order (for tests and small games; it may be long)."""
        return [self.text_of(i) for i in range(self.size)]
