"""What Five Hundred's auction says about the hands, for the coach's sampled deals.

A call tells the table something about the caller's cards: a seat that bid seven hearts
holds hearts, one that passed holds no big hand, a misère bidder few high cards and no
joker. The coach's layouts (:func:`~cardlab.sim.five_hundred.sampling.sample_layouts`, the
play and the choices) and its bid deals (:mod:`~cardlab.sim.five_hundred.open_bids`) keep
the hands every other seat's calls fit, as a bridge player reads the auction.

The calls are read by the heuristic bot's own count of a hand
(:meth:`cardlab.bots.five_hundred.HeuristicBot.estimates`, on card masks by
:func:`~cardlab.sim.five_hundred.calls.trick_estimates`), with :data:`READ_SLACK` tricks to
spare, since the caller may be a person or the expert, who do not bid as that bot does:

* a bid of ``n`` in a strain: that strain's estimate, with the help the bot counts on (a
  partner's share and the kitty, less one over its partner's bid), at least ``n`` less
  the slack;
* a misère or open misère: no joker and at most two cards above the nine (the bot bids it
  with one);
* a pass: no strain's estimate with the help reaching its cheapest legal bid plus the slack.

Only public facts are read (who called what, when, and the bids legal then), so two deals
that differ in cards the seat to move cannot see give the same reads. A seat's hand at its
call is the cards it holds now and those it has played; the contractor's kitty exchange is
hidden from the others, so its bids are read on the hand it kept (the kitty's best cards
in it: an easier fit) and its passes are not read.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

import numpy as np

from cardlab.bots.five_hundred import bid_help
from cardlab.games.five_hundred.rules import DENOMINATIONS, MISERE_VALUES, parse_bid
from cardlab.sim.five_hundred.calls import call_tables, trick_estimates

__all__ = ["READ_SLACK", "CallRead", "call_reads", "misfits"]

#: the tricks a call is spared: a bid fits a hand worth this many fewer than the heuristic
#: would bid on, a pass one worth this many more than it would pass with
READ_SLACK: Final = 1.0
#: the most cards above the nine a misère bidder is read to hold (the heuristic: one)
_MISERE_HIGH: Final = 2


class CallRead(NamedTuple):
    """One call as :func:`misfits` reads it: who called and what, the tricks of help the
    caller counted on then, and per strain (:data:`DENOMINATIONS`' order) the fewest tricks
    a legal bid of it named (infinite where none was legal)."""

    seat: int
    call: str
    help: float
    cheapest: tuple[float, ...]


def call_reads(state: Any, skip: int | None = None) -> list[CallRead]:
    """``state``'s auction so far, call by call, but the calls of seat ``skip`` (the seat
    to move knows its own hand). Replayed from the deal for the public facts alone."""
    game = state.game
    s = game.deal(**state.setup)
    out: list[CallRead] = []
    for action in state.history:
        if s.phase != "auction":
            break
        seat = s.to_move
        if seat != skip:
            help_tricks, over = bid_help(game, s.view(seat), seat)
            cheapest = {d: np.inf for d in DENOMINATIONS}
            for a in s.legal_actions():
                bid = parse_bid(str(a).split()[1]) if a.verb == "bid" else None
                if bid is not None:
                    cheapest[bid[1]] = min(cheapest[bid[1]], bid[0])
            out.append(CallRead(seat, str(action), help_tricks - over,
                                tuple(float(cheapest[d]) for d in DENOMINATIONS)))
        s = s.apply(action)
    return out


def misfits(game: Any, reads: list[CallRead], hands: np.ndarray) -> np.ndarray:
    """Per row of ``hands`` (``(rows, seats)`` card masks, bit ``i`` = ``game.deck[i]``:
    each seat's hand when it called), how many of ``reads`` do not fit (module docstring)."""
    rows = hands.shape[0]
    out = np.zeros(rows, dtype=np.int64)
    if not reads or rows == 0:
        return out
    ct = call_tables(game)
    est = trick_estimates(ct, hands)  # (rows, seats, strains)
    for r in reads:
        mine = est[:, r.seat, :] + r.help
        words = r.call.split()
        if r.call == "pass":
            out += (mine >= np.array(r.cheapest) + READ_SLACK).any(axis=1)
        elif len(words) > 1 and words[1] in MISERE_VALUES:
            h = hands[:, r.seat]
            out += ((h & ct.joker_mask) != 0) | (np.bitwise_count(h & ct.high_cards)
                                                 > _MISERE_HIGH)
        elif len(words) > 1 and (bid := parse_bid(words[1])) is not None:
            out += mine[:, DENOMINATIONS.index(bid[1])] < bid[0] - READ_SLACK
    return out
