"""The engine's :class:`~cardlab.engine.auction.Auction`: each of its options changes who calls
and when the auction ends (Five Hundred 5H-5, 5H-10 V4, WP-500 §Variations; Pandoeren A4)."""

from __future__ import annotations

import random

import pytest

from cardlab.engine.auction import Auction

ORDER = (1, 2, 3, 0)


def play(a: Auction, calls: list[tuple[str, int, str]]) -> Auction:
    """Make ``calls`` (call, rank, key) in turn, checking each goes to the seat named."""
    for call, rank, key in calls:
        assert a.to_call is not None, "the auction ended early"
        a = a.call(a.to_call, call, rank=rank, key=key)
    return a


P = ("pass", -1, "")


def test_final_passes_end_after_the_others_pass() -> None:
    """5H-5.4d a pass is final; 5H-5.5 the auction ends when all but the high bidder passed."""
    a = play(Auction(ORDER), [("6S", 0, "S"), P, P])
    assert a.to_call == 0 and not a.is_over
    a = play(a, [P])
    assert a.is_over and a.high_seat == 1


def test_all_pass_ends_with_no_high_bid() -> None:
    """5H-5.5 four passes and no bid: over, nothing stands."""
    a = play(Auction(ORDER), [P, P, P, P])
    assert a.is_over and a.high is None


def test_non_final_passes_need_a_full_round() -> None:
    """A passed seat may speak again when passing is not final (Pandoeren pass_is_final off)."""
    a = play(Auction(ORDER, pass_is_final=False), [P, ("6S", 0, "S"), P, P])
    assert a.to_call == 1 and not a.is_out(1)  # seat 1 passed first and may still bid
    final = play(Auction(ORDER), [P, ("6S", 0, "S"), P, P])
    assert final.is_over  # with final passes seat 1 is out and the auction is over


def test_single_round_every_seat_once() -> None:
    """5H-5.6 the American auction: each seat calls exactly once, in order."""
    a = play(Auction(ORDER, single_round=True), [("6S", 0, "S"), ("7H", 5, "H"), P])
    assert a.to_call == 0
    a = play(a, [P])
    assert a.is_over and a.high == "7H" and a.high_seat == 2
    plain = play(Auction(ORDER), [("6S", 0, "S"), ("7H", 5, "H"), P, P])
    assert plain.to_call == 1  # without the option seat 1 bids again


def test_rebid_on_change_lets_a_passer_back() -> None:
    """WP-500 §Variations: a seat that passed over a bid is back in once the denomination changed;
    one that passed with no bid standing never comes back."""
    calls = [("6S", 0, "S"), ("pass", -1, ""), ("6C", 1, "C"), ("pass", -1, "")]
    a = play(Auction(ORDER, rebid_on_change=True), calls)
    assert not a.is_out(2) and a.to_call == 1
    a = play(a, [P])
    assert a.to_call == 2  # seat 2 passed over spades; clubs stand now: it may bid again
    plain = play(Auction(ORDER), calls + [P])
    assert plain.is_over
    nobid = play(Auction(ORDER, rebid_on_change=True), [P, ("6S", 0, "S"), ("6C", 1, "C")])
    assert nobid.is_out(1)


@pytest.mark.parametrize("raise_call, over", [(("7S", 5, "S"), True), (("7H", 8, "H"), False),
                                              (P, True)])
def test_final_raise(raise_call: tuple[str, int, str], over: bool) -> None:
    """5H-10 V4: once the others pass, the high bidder may raise once. Standing or a raise in the
    same denomination ends it; a change of denomination lets the others bid again."""
    a = play(Auction(ORDER, final_raise=True), [("6S", 0, "S"), P, P, P])
    assert a.raise_turn and a.to_call == 1
    a = play(a, [raise_call])
    assert a.is_over is over
    if not over:
        assert a.to_call == 2 and not a.is_out(2)
    assert play(Auction(ORDER), [("6S", 0, "S"), P, P, P]).is_over  # off: no raise turn


def test_random_auctions_end_and_never_call_an_out_seat() -> None:
    """Over many random auctions under every option mix: the turn never goes to a seat that is
    out (but for the high bidder's final raise), and every auction ends within a bounded
    number of calls."""
    rng = random.Random(5)
    for _ in range(3000):
        a = Auction(ORDER, pass_is_final=rng.random() < .7, single_round=rng.random() < .2,
                    rebid_on_change=rng.random() < .5, final_raise=rng.random() < .5)
        rank = -1
        for _ in range(200):
            if a.is_over:
                break
            seat = a.to_call
            assert seat is not None and (a.raise_turn and seat == a.high_seat or not a.is_out(seat))
            if rank < 20 and rng.random() < .4 and seat != a.high_seat or a.raise_turn and rank < 20:
                rank += 1 + rng.randrange(2)
                a = a.call(seat, f"bid{rank}", rank=rank, key="SCDH"[rank % 4])
            else:
                a = a.call(seat, "pass")
        assert a.is_over
