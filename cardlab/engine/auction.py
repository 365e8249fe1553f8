"""An auction with no game inside: calls in turn, passing, and the end of bidding.

The game decides which calls are legal and how high a bid stands (its ``rank`` on the
game's ladder, and its ``key``, e.g. the denomination); this record keeps the
bookkeeping every auction shares: whose turn it is, who has passed and may come back,
the high bid and its holder, and whether bidding is over.

The variations games play are options of the record, not subclasses:

* ``pass_is_final`` — a seat that passed is out for the rest of the auction; otherwise
  the auction ends after a full round of passes (every other seat after a bid, every
  seat when none stood);
* ``single_round`` — every seat calls exactly once, in order (American Five Hundred);
* ``rebid_on_change`` — a seat that passed over a standing bid comes back in once the
  high bid's ``key`` is no longer the one it passed over (a changed denomination);
* ``final_raise`` — once every other seat is out, the high bidder calls once more:
  standing (``'pass'``) or a raise with the same ``key`` ends the auction, a raise with
  another key lets every other seat back in.

>>> a = Auction((1, 2, 3, 0))
>>> a = a.call(1, "6S", rank=0).call(2, "pass").call(3, "pass")
>>> a.to_call, a.is_over
(0, False)
>>> a = a.call(0, "pass")
>>> a.is_over, a.high, a.high_seat
(True, '6S', 1)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["Auction", "seat_out", "raise_ends"]


def seat_out(passed: Any, passed_key: Any, high_key: Any, rebid_on_change: Any,
             no_key: Any) -> Any:
    """Whether a seat that may not come back is out (passes final): it has ``passed``, and
    under ``rebid_on_change`` the key it passed over (``passed_key``; ``no_key`` when no bid
    stood then, which keeps it out for good) is still the high bid's key (``high_key``).
    Plain comparisons and bit operations, so it answers for one auction (``str`` keys,
    ``bool``) and for arrays of auctions (integer keys) alike."""
    back = rebid_on_change & (passed_key != no_key) & (passed_key != high_key)
    return passed & (back == 0)


def raise_ends(is_pass: Any, key: Any, high_key: Any) -> Any:
    """``final_raise``: the high bidder's last call ends the auction when it stands
    (``is_pass``) or raises in the same key; a raise in another key lets the others back in."""
    return is_pass | (key == high_key)


@dataclass(frozen=True)
class Auction:
    """The calls so far. ``order`` is the calling order (first caller first).

    :ivar calls: ``(seat, call)`` in order; a pass is the call ``'pass'``.
    :ivar passed: the seats that have passed (and not come back in through a bid).
    :ivar high: the highest call, ``high_seat`` its caller, ``high_rank`` and ``high_key``
        what the game said of it (its ladder rank, its denomination).
    :ivar passed_on: seat → the ``high_key`` standing when it passed (None: no bid stood).
    :ivar to_call: the seat to call now, or None when the auction is over.
    :ivar raise_turn: True while the high bidder has its final raise (``final_raise``).
    """

    order: tuple[int, ...]
    calls: tuple[tuple[int, str], ...] = ()
    passed: frozenset[int] = frozenset()
    high: str | None = None
    high_seat: int | None = None
    pass_is_final: bool = True
    single_round: bool = False
    rebid_on_change: bool = False
    final_raise: bool = False
    high_rank: int = -1
    high_key: str = ""
    passed_on: tuple[tuple[int, str | None], ...] = ()
    to_call: int | None = -1  # -1 until __post_init__ names the first caller
    raise_turn: bool = False

    def __post_init__(self) -> None:
        if self.to_call == -1:
            object.__setattr__(self, "to_call", self.order[0] if self.order else None)

    def _with(self, **changes: Any) -> Auction:
        # a plain copy of the frozen record (no __init__ checks): the auction is a hot path
        new = object.__new__(type(self))
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        return new

    # -- facts ---------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True when no more calls are possible."""
        return self.to_call is None

    def bids(self) -> list[tuple[int, str]]:
        """The bids (not passes) in order."""
        return [(s, c) for s, c in self.calls if c != "pass"]

    def last_bid_of(self, seat: int) -> str | None:
        """``seat``'s latest bid, or None."""
        for s, c in reversed(self.calls):
            if s == seat and c != "pass":
                return c
        return None

    def has_passed(self, seat: int) -> bool:
        """True if ``seat`` has passed (and, with final passes, is out unless it came back)."""
        return seat in self.passed

    def first_call(self, seat: int) -> bool:
        """True if ``seat`` has not called yet."""
        return all(s != seat for s, _ in self.calls)

    def bid_since(self, seat: int) -> bool:
        """True if someone other than ``seat`` has bid since ``seat``'s last bid."""
        for s, c in reversed(self.calls):
            if c == "pass":
                continue
            return s != seat
        return True

    def passed_over(self, seat: int) -> str | None:
        """The ``high_key`` that stood when ``seat`` passed (``''`` if no bid stood), or None
        if it has not passed."""
        for s, key in self.passed_on:
            if s == seat:
                return "" if key is None else key
        return None

    def is_out(self, seat: int) -> bool:
        """Whether ``seat`` may not call now: it passed (with final passes), and under
        ``rebid_on_change`` the bid it passed over still stands in the same key."""
        if not self.pass_is_final or seat not in self.passed:
            return False
        if self.high is None:
            return True
        key = self.passed_over(seat)  # "" when it passed with no bid standing
        return bool(seat_out(True, key, self.high_key, self.rebid_on_change, ""))

    # -- the next call -------------------------------------------------------------
    def call(self, seat: int, call: str, rank: int = -1, key: str = "") -> Auction:
        """A new auction with ``seat``'s ``call``: ``'pass'``, or a bid the game accepted,
        with its ladder ``rank`` and its ``key`` (e.g. the denomination)."""
        calls = self.calls + ((seat, call),)
        if call == "pass":
            stood = self.high_key if self.high is not None else None
            passed_on = tuple(p for p in self.passed_on if p[0] != seat) + ((seat, stood),)
            after = self._with(calls=calls, passed=self.passed | {seat}, passed_on=passed_on)
        else:
            after = self._with(calls=calls, high=call, high_seat=seat, high_rank=rank,
                               high_key=key)
        if self.single_round:
            i = self.order.index(seat)
            return after._with(to_call=self.order[i + 1] if len(calls) < len(self.order)
                               else None)
        if self.raise_turn:
            if raise_ends(call == "pass", key, self.high_key):
                return after._with(to_call=None, raise_turn=False)  # stands, or raised in key
            after = after._with(passed=frozenset(), passed_on=(), raise_turn=False)
        return after._advance(seat)

    def _advance(self, seat: int) -> Auction:
        """The turn to the next seat after ``seat`` still in, or the end of the auction."""
        n = len(self.order)
        if not self.pass_is_final:
            since = 0
            for _, c in reversed(self.calls):
                if c != "pass":
                    break
                since += 1
            if since >= (n if self.high is None else n - 1):
                return self._with(to_call=None)
        others_in = [s for s in self.order if s != self.high_seat and not self.is_out(s)]
        if not others_in:
            if self.high is not None and self.final_raise:
                return self._with(to_call=self.high_seat, raise_turn=True)
            return self._with(to_call=None)
        i = self.order.index(seat)
        nxt = next(self.order[(i + k) % n] for k in range(1, n + 1)
                   if self.order[(i + k) % n] in others_in)
        return self._with(to_call=nxt)
