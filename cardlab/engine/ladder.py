"""A game's calls as one ordered ladder: rows of ``(label, calls)``, low to high.

Every cardlab game that has calls exposes ``game.ladder``, a :class:`Ladder`:

* Five Hundred: one row per number of tricks (``6S 6C 6D 6H 6NT`` …), with misère in its
  place (its own row between the sevens and the eights, or after ``8S`` inside row 8; open
  and blind misère after ``10D``), each call with its Avondale value;
* Pandoeren: the rows of the A4.2 contract table in order (the number-bid brackets, each
  named contract, Pandoer + n), each call with its game points;
* Officer Skat: the declarations (suit games, grand, null, ramsch) with their base values;
* Panfin: the declarations (fold, tengo, servito) and the combinations that decide a hand.

A row's calls may be a :class:`CallRange`, a lazy run of numbered calls (``120 130 …``):
building a ladder never costs time or memory that grows with an option's value; a game
bounds its ranges by what a deal can reach.

>>> lad = Ladder([LadderRow("120–140", CallRange(120, 140, 10), 1),
...               LadderRow("Piccolo", ("piccolo",), 3)])
>>> lad.calls, lad.index("piccolo"), lad.value_of("130"), lad.row_of("130").label
(('120', '130', '140', 'piccolo'), 3, 1, '120–140')
>>> "150" in lad, [row.label for row in lad]
(False, ['120–140', 'Piccolo'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

__all__ = ["CallRange", "LadderRow", "Ladder"]


class CallRange:
    """The calls ``f"{prefix}{n}"`` for ``n = start, start + step, …`` up to ``stop``
    (inclusive), made on demand: membership, position and length are arithmetic, so a
    range to ``10**30`` costs no more than one to 300.

    >>> r = CallRange(20, 10**30, 20, prefix="pandoer+")
    >>> "pandoer+40" in r, "pandoer+30" in r, r.size, r[1]
    (True, False, 50000000000000000000000000000, 'pandoer+40')
    """

    __slots__ = ("start", "stop", "step", "prefix")

    def __init__(self, start: int, stop: int, step: int = 1, prefix: str = "") -> None:
        if step <= 0:
            raise ValueError("a CallRange steps upwards")
        self.start, self.step, self.prefix = start, step, prefix
        # the last call actually on the range (so equal ranges compare equal)
        self.stop = start + (stop - start) // step * step if stop >= start else start - step

    @property
    def size(self) -> int:
        """How many calls (an int of any size; ``len()`` needs it to fit an index)."""
        return max(0, (self.stop - self.start) // self.step + 1)

    def __len__(self) -> int:
        return self.size

    def number(self, call: str) -> int | None:
        """The number of ``call`` if it is on the range, else None."""
        if not isinstance(call, str) or not call.startswith(self.prefix):
            return None
        digits = call[len(self.prefix):]
        # a canonical number (no sign, no leading zero); long digit strings are refused
        # before int() so that a hostile word costs nothing
        if not digits.isascii() or not digits.isdigit() or (digits[0] == "0" and digits != "0") \
                or len(digits) > len(str(self.stop)):
            return None
        n = int(digits)
        if n < self.start or n > self.stop or (n - self.start) % self.step:
            return None
        return n

    def __contains__(self, call: object) -> bool:
        return isinstance(call, str) and self.number(call) is not None

    def index(self, call: str) -> int:
        """The position of ``call`` on the range (ValueError if it is not on it)."""
        n = self.number(call)
        if n is None:
            raise ValueError(f"{call!r} is not on {self!r}")
        return (n - self.start) // self.step

    def __getitem__(self, i: int) -> str:
        size = self.size
        if i < 0:
            i += size
        if not 0 <= i < size:
            raise IndexError("CallRange index out of range")
        return f"{self.prefix}{self.start + i * self.step}"

    def __iter__(self) -> Iterator[str]:
        n = self.start
        while n <= self.stop:
            yield f"{self.prefix}{n}"
            n += self.step

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CallRange) and (self.start, self.stop, self.step, self.prefix) \
            == (other.start, other.stop, other.step, other.prefix)

    def __hash__(self) -> int:
        return hash((CallRange, self.start, self.stop, self.step, self.prefix))

    def __repr__(self) -> str:
        return f"CallRange({self.prefix}{self.start} … {self.prefix}{self.stop}, step {self.step})"


@dataclass(frozen=True)
class LadderRow:
    """One row of a ladder: a ``label`` (plain words) and its ``calls`` low to high, with
    ``value``: one number for every call of the row, a tuple parallel to ``calls``, or None
    where the game gives calls no value."""

    label: str
    calls: tuple[str, ...] | CallRange
    value: int | tuple[int | None, ...] | None = None

    def value_of(self, call: str) -> int | None:
        """The value of one of the row's calls."""
        if isinstance(self.value, tuple):
            return self.value[_position(self.calls, call)]
        return self.value


def _position(calls: tuple[str, ...] | CallRange, call: str) -> int:
    return calls.index(call)


class Ladder:
    """A game's calls in order, as rows (see the module). Iterating gives the rows;
    :attr:`calls` every call low to high; ``call in ladder`` and :meth:`index` place a call.

    :param rows: the rows, low to high.
    :param describe: plain words for one call (``'seven hearts'``); default the call itself.
    """

    rows: tuple[LadderRow, ...]
    describe: Callable[[str], str] | None
    _starts: tuple[int, ...]
    _size: int
    _where: dict[str, tuple[int, int]]
    _calls: tuple[str, ...] | None

    def __init__(self, rows: Iterable[LadderRow],
                 describe: Callable[[str], str] | None = None) -> None:
        # a row cut to nothing (a bracket below the lowest bid) is left out
        object.__setattr__(self, "rows", tuple(r for r in rows if (
            r.calls.size if isinstance(r.calls, CallRange) else len(r.calls))))
        object.__setattr__(self, "describe", describe)
        starts, at = [], 0
        for row in self.rows:
            starts.append(at)
            at += row.calls.size if isinstance(row.calls, CallRange) else len(row.calls)
        object.__setattr__(self, "_starts", tuple(starts))
        object.__setattr__(self, "_size", at)
        object.__setattr__(self, "_where", {c: (r, i) for r, row in enumerate(self.rows)
                                            if not isinstance(row.calls, CallRange)
                                            for i, c in enumerate(row.calls)})
        object.__setattr__(self, "_calls", None)

    # -- rows ----------------------------------------------------------------------------
    def __iter__(self) -> Iterator[LadderRow]:
        return iter(self.rows)

    def __len__(self) -> int:
        """The number of rows."""
        return len(self.rows)

    @property
    def size(self) -> int:
        """How many calls the ladder holds."""
        return self._size

    @property
    def calls(self) -> tuple[str, ...]:
        """Every call, low to high (made on first use)."""
        calls = self._calls
        if calls is None:
            calls = tuple(c for row in self.rows for c in row.calls)
            object.__setattr__(self, "_calls", calls)
        return calls

    def iter_calls(self) -> Iterator[str]:
        """Every call, low to high, one at a time."""
        for row in self.rows:
            yield from row.calls

    def _locate(self, call: object) -> tuple[int, int] | None:
        if not isinstance(call, str):
            return None
        found = self._where.get(call)
        if found is not None:
            return found
        for r, row in enumerate(self.rows):
            if isinstance(row.calls, CallRange) and call in row.calls:
                return r, row.calls.index(call)
        return None

    def __contains__(self, call: object) -> bool:
        return self._locate(call) is not None

    def index(self, call: str) -> int:
        """The position of ``call`` from the bottom of the ladder (0 = the lowest call).

        :raises ValueError: if ``call`` is not on the ladder.
        """
        found = self._locate(call)
        if found is None:
            raise ValueError(f"{call!r} is not on the ladder")
        return self._starts[found[0]] + found[1]

    def row_of(self, call: str) -> LadderRow:
        """The row that holds ``call`` (ValueError if none)."""
        found = self._locate(call)
        if found is None:
            raise ValueError(f"{call!r} is not on the ladder")
        return self.rows[found[0]]

    def value_of(self, call: str) -> int | None:
        """The value the game gives ``call`` (None where it gives none)."""
        return self.row_of(call).value_of(call)

    def label_of(self, call: str) -> str:
        """Plain words for ``call``."""
        return self.describe(call) if self.describe is not None else call

    def above(self, call: str | None) -> Iterator[str]:
        """The calls above ``call`` (all of them for None), low to high."""
        if call is None:
            yield from self.iter_calls()
            return
        r, i = self._locate(call) or (None, None)
        if r is None or i is None:
            raise ValueError(f"{call!r} is not on the ladder")
        row = self.rows[r]
        if isinstance(row.calls, CallRange):
            yield from (row.calls[k] for k in range(i + 1, row.calls.size))
        else:
            yield from row.calls[i + 1:]
        for later in self.rows[r + 1:]:
            yield from later.calls

    def entries(self) -> list[dict[str, Any]]:
        """One dict per call, low to high: ``{"call", "value", "label", "row"}`` (the
        shape of ``game.bid_ladder()``; ``row`` is the row's label)."""
        return [{"call": c, "value": row.value_of(c), "label": self.label_of(c),
                 "row": row.label} for row in self.rows for c in row.calls]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ladder) and type(other) is type(self) \
            and other.rows == self.rows

    def __hash__(self) -> int:
        return hash((Ladder, self.rows))

    def __repr__(self) -> str:
        return f"Ladder({len(self.rows)} rows, {self.size} calls)"

