"""An auction with no game inside: calls in turn, passing, and the end of bidding.

The game decides which calls are legal and which bid is higher; this helper
keeps the bookkeeping every auction shares: whose turn it is, who has passed,
the high bid and its holder, and whether bidding is over.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Auction"]


@dataclass(frozen=True)
class Auction:
    """The calls so far. ``order`` is the calling order (first caller first).

    :ivar pass_is_final: a seat that passed is skipped for the rest of the auction.
    :ivar single_round: every seat calls exactly once (American Five Hundred).
    """

    order: tuple[int, ...]
    calls: tuple[tuple[int, str], ...] = ()
    passed: frozenset[int] = frozenset()
    high: str | None = None
    high_seat: int | None = None
    pass_is_final: bool = True
    single_round: bool = False
    _turn: int = 0  # index into order of the seat to call

    @property
    def to_call(self) -> int | None:
        """The seat to call now, or None when the auction is over."""
        return None if self.is_over else self.order[self._turn % len(self.order)]

    @property
    def is_over(self) -> bool:
        """True when no more calls are possible."""
        n = len(self.order)
        if self.single_round:
            return len(self.calls) >= n
        if self.high is None:
            return len(self.passed) >= n if self.pass_is_final else self._passes_since_bid() >= n
        if self.pass_is_final:
            return len(self.passed) >= n - 1
        return self._passes_since_bid() >= n - 1

    def _passes_since_bid(self) -> int:
        k = 0
        for _, call in reversed(self.calls):
            if call != "pass":
                break
            k += 1
        return k

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
        """True if ``seat`` has passed (and, with final passes, is out)."""
        return seat in self.passed

    def bid_since(self, seat: int) -> bool:
        """True if someone other than ``seat`` has bid since ``seat``'s last bid."""
        for s, c in reversed(self.calls):
            if c == "pass":
                continue
            return s != seat
        return True

    def call(self, seat: int, call: str) -> Auction:
        """A new auction with ``seat``'s ``call`` (``'pass'`` or a bid the game accepted)."""
        passed = self.passed | {seat} if call == "pass" else self.passed
        high, high_seat = (self.high, self.high_seat) if call == "pass" else (call, seat)
        nxt = Auction(self.order, self.calls + ((seat, call),), frozenset(passed), high,
                      high_seat, self.pass_is_final, self.single_round, self._turn)
        return nxt._advance()

    def _advance(self) -> Auction:
        if self.is_over:
            return self
        n = len(self.order)
        turn = self._turn + 1
        if self.pass_is_final and not self.single_round:
            while self.order[turn % n] in self.passed:
                turn += 1
        return Auction(self.order, self.calls, self.passed, self.high, self.high_seat,
                       self.pass_is_final, self.single_round, turn)
