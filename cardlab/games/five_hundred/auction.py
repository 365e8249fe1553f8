"""Five Hundred's auction (5H-5): who calls next, which calls are legal, and why.

The bookkeeping is the engine's :class:`~cardlab.engine.auction.Auction` (passing,
re-entry after a changed denomination, the final raise), set up by :func:`start`;
:func:`judge_call` gives the verdict on one call with the rule that decides it.
Calls are written without the verb: ``'pass'``, ``'7H'``, ``'misere'``,
``'open_misere'``, ``'blind_misere'``, ``'8S sans_kitty'``.
"""

from __future__ import annotations

from cardlab.engine.action import Verdict
from cardlab.engine.auction import Auction
from cardlab.games.five_hundred import kernel
from cardlab.games.five_hundred.rules import (
    MISERE_VALUES,
    FiveHundredOptions,
    Ladder,
    bid_label,
    denomination_of,
    parse_bid,
)

__all__ = ["start", "after", "judge_call", "legal_calls"]


def start(order: tuple[int, ...], options: FiveHundredOptions) -> Auction:
    """5H-5.1 a fresh auction: the dealer's left calls first. Passing is final (5H-5.4d),
    except under ``rebid_after_pass_on_denomination_change``; the American auction is one
    round (5H-5.6); ``allow_final_raise`` gives the high bidder a last raise (5H-10 V4)."""
    return Auction(order, single_round=options.auction == "american_single_round",
                   rebid_on_change=options.rebid_after_pass_on_denomination_change,
                   final_raise=options.allow_final_raise)


def after(b: Auction, seat: int, call: str, ladder: Ladder) -> Auction:
    """The auction after ``seat``'s legal ``call``: a bid carries its ladder rank and its
    denomination (the key the rebid and final-raise rules compare)."""
    if call == "pass":
        return b.call(seat, call)
    return b.call(seat, call, rank=ladder.rank[call.split(" ", 1)[0]], key=denomination_of(call))


def _misere_window(b: Auction, ladder: Ladder) -> bool:
    """5H-5.4b / A-5 (``misere_requires_seven``): misère is legal while 7♠ ≤ the current high
    bid < misère on the ladder. With misère after 7NT that is "the high bid is a 7-level bid";
    with ``misere_rank=after_8S`` a standing 8♠ counts too (the kernel's
    :func:`~.kernel.misere_window`)."""
    return bool(kernel.misere_window(b.high_rank, ladder.rank["7S"], ladder.rank["misere"]))


def _misere_needs_seven(b: Auction, options: FiveHundredOptions) -> Verdict:
    """5H-5.4b / A-5: why misère is refused below the 7-level (or with no bid standing)."""
    now = "nobody has bid yet" if b.high is None else f"the current bid is {bid_label(b.high)}"
    if options.misere_rank == "after_8S":
        return Verdict(False, "misère may be bid only over a bid from seven spades up to eight "
                       f"spades (misere_rank=after_8S, misere_requires_seven), and {now}",
                       "misere_needs_seven", "5H-11 A-5")
    return Verdict(False, f"misère may be bid only over a 7-level bid, and {now}",
                   "misere_needs_seven", "5H-5.4b")


def judge_call(b: Auction, seat: int, call: str, options: FiveHundredOptions,
               ladder: Ladder) -> Verdict:
    """5H-5.4 the verdict on ``seat`` making ``call`` now (``call`` already normalised)."""
    if call == "pass":
        if b.raise_turn:
            return Verdict(True, f"you stand on your bid of {bid_label(b.high or '')}; it becomes "
                           "the contract", "", "5H-10")
        if options.auction == "american_single_round":
            return Verdict(True, "you may always pass; in the American auction each player calls "
                           "once", "", "5H-5.6")
        return Verdict(True, "you may always pass; passing is final: you may not bid again in "
                       "this auction", "", "5H-5.4d")
    base, _, modifier = call.partition(" ")
    if modifier and modifier != "sans_kitty":
        return Verdict(False, f"unknown bid modifier {modifier!r}; the only one is sans_kitty",
                       "bad_notation", "5H-5.2")
    if base in MISERE_VALUES:
        return _judge_misere(b, seat, base, modifier, options, ladder)
    parsed = parse_bid(base)
    if parsed is None:
        return Verdict(False, f"{base!r} is not a bid: a bid is 6 to 10 tricks with S, C, D, H or "
                       "NT (e.g. 7H, 10NT), misere or open_misere", "bad_notation", "5H-5.2")
    if parsed[0] < options.min_bid_tricks:
        return Verdict(False, f"the lowest bid is {options.min_bid_tricks} tricks "
                       "(min_bid_tricks)", "bid_below_minimum", "5H-10")
    if modifier and not options.sans_kitty_allowed:
        return Verdict(False, "sans kitty bids are not played under these rules "
                       "(sans_kitty_allowed is off)", "sans_kitty_not_allowed", "5H-11 A-9")
    return _judge_height(b, seat, call, ladder, options)


def _judge_height(b: Auction, seat: int, call: str, ladder: Ladder,
                  options: FiveHundredOptions) -> Verdict:
    base = call.split(" ", 1)[0]
    if not kernel.bid_above(ladder.rank[base], b.high_rank):
        return Verdict(False, f"a bid must stand above the current bid, {bid_label(b.high or '')}; "
                       f"{bid_label(call)} does not", "bid_too_low", "5H-5.4a")
    if not kernel.may_bid_again(b.high_seat == seat, b.raise_turn):
        return Verdict(False, "you hold the highest bid: you may bid again only after someone "
                       "else has bid", "own_bid", "5H-5.4e")
    value = ladder.value[base]
    words = f"{bid_label(call)} ({value} points)"
    if b.raise_turn:
        return Verdict(True, f"the others have passed, and you may raise your own bid to {words}",
                       "", "5H-10")
    if b.high is None:
        return Verdict(True, f"nobody has bid yet, so any bid may open the auction: {words}",
                       "", "5H-5.4a")
    return Verdict(True, f"{words} stands above the current bid, {bid_label(b.high)}", "",
                   "5H-5.4a")


def _judge_misere(b: Auction, seat: int, base: str, modifier: str,
                  options: FiveHundredOptions, ladder: Ladder) -> Verdict:
    if modifier:
        return Verdict(False, "sans kitty modifies only a trick bid", "bad_notation", "5H-11 A-9")
    if not options.misere_allowed:
        return Verdict(False, "misère bids are not played under these rules (misere_allowed is "
                       "off)", "misere_not_allowed", "5H-10 V1")
    if base == "open_misere" and not options.open_misere_allowed:
        return Verdict(False, "open misère is not played under these rules", "misere_not_allowed",
                       "5H-12")
    if base == "blind_misere":  # 5H-7.6 blind misère, as the register settles it
        if not options.blind_misere_allowed:
            return Verdict(False, "blind misère is not played under these rules "
                           "(blind_misere_allowed is off)", "misere_not_allowed", "5H-11 A-8")
        if not b.first_call(seat):
            return Verdict(False, "blind misère may only be your first call, before you look at "
                           "your cards", "blind_misere_first_call", "5H-11 A-8")
    if not kernel.bid_above(ladder.rank[base], b.high_rank):
        return _judge_height(b, seat, base, ladder, options)
    if base == "misere" and options.misere_requires_seven and not _misere_window(b, ladder):
        return _misere_needs_seven(b, options)
    if base == "open_misere" and options.open_misere_requires_eight and not (
            kernel.open_misere_window(b.high_rank, ladder.rank["8S"])):
        return Verdict(False, "open misère may be bid only after an 8-level bid "
                       "(open_misere_requires_eight)", "open_misere_needs_eight", "5H-10")
    verdict = _judge_height(b, seat, base, ladder, options)
    if not verdict.legal:
        return verdict
    rule = {"misere": "5H-5.4b", "open_misere": "5H-5.4c", "blind_misere": "5H-11 A-8"}[base]
    reason = verdict.reason
    if (base == "misere" and options.misere_requires_seven and options.misere_rank == "after_8S"
            and b.high is not None and b.high_rank >= ladder.rank["8S"]):
        # under the American placement a standing 8♠ still lets misère in
        rule = "5H-11 A-5"
        reason += (" (misere_rank=after_8S: misère sits just above eight spades, so it may be "
                   "bid over any bid from seven spades up to eight spades)")
    extra = " You play alone, your partner sits out, and you promise to take no trick."
    return Verdict(True, reason + "." + extra, "", rule)


def legal_calls(b: Auction, seat: int, options: FiveHundredOptions, ladder: Ladder) -> list[str]:
    """Every legal call for ``seat`` now: ``pass`` first, then bids in ladder order."""
    out = ["pass"]
    if not kernel.may_bid_again(b.high_seat == seat, b.raise_turn):
        return out
    for c in ladder.calls:
        if not kernel.bid_above(ladder.rank[c], b.high_rank):
            continue
        if c in MISERE_VALUES:
            if judge_call(b, seat, c, options, ladder).legal:
                out.append(c)
            continue
        out.append(c)
        if options.sans_kitty_allowed:
            out.append(f"{c} sans_kitty")
    return out
