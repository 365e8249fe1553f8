"""Scoring a Pandoeren deal: card points, roem, stuk, each contract's test, game points (A2.10-A2.11).

:func:`objective_status` says whether a contract has failed, succeeded or is still
open after some tricks (used for the early stop of ``stop_when_decided`` and for
the final verdict); :func:`score` builds the :class:`~cardlab.engine.result.Result`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardlab.cards import FRENCH_SUIT_NAMES, Card
from cardlab.engine.result import Result, core_figures
from cardlab.engine.tricks import Trick
from cardlab.games.pandoeren.play import card_points, trick_points
from cardlab.games.pandoeren.roem import (
    STUK_VALUE,
    roem_instances,
    roem_total,
    team_roem_valid,
)
from cardlab.games.pandoeren.rules import Bid, PandoerenOptions, game_points

if TYPE_CHECKING:
    from cardlab.games.pandoeren.state import PandoerenState

__all__ = ["objective_status", "seat_card_points", "score", "annulled_result", "next_dealer",
           "ALL_TRICKS", "NO_TRICKS", "PICCOLOS"]

#: A2.6 contracts the team (or the declarer alone) must win all 8 tricks in.
ALL_TRICKS = frozenset({"kereltje", "pandoer", "pandoer_plus", "prive", "solo_zwabber"})
#: A2.6 contracts in which the declarer must win no trick.
NO_TRICKS = frozenset({"misere", "misere_ouvert", "stil_praatje", "praatje"})
#: A2.6 contracts with Piccolo's objective (P-A11).
PICCOLOS = frozenset({"piccolo", "piccolo_ouvert"})


def _team_took_all(tricks: Sequence[Trick], team: Sequence[int]) -> bool:
    return all(t.winner in team for t in tricks)


def _piccolo_status(tricks: Sequence[Trick], declarer: int, trump: str | None,
                    objective: str, final: bool) -> bool | None:
    """P-A11: the three readings of Piccolo's objective."""
    won = [i for i, t in enumerate(tricks) if t.winner == declarer]
    if len(won) > 1:
        return False
    if objective == "first_trick_only":
        if tricks and tricks[0].winner != declarer:
            return False
    elif objective == "first_trick_with_jas" and won:
        t = tricks[won[0]]
        jas = Card("J", trump) if trump else None
        if not any(p.seat == declarer and p.card == jas for p in t.plays):
            return False
    return len(won) == 1 if final else None


def objective_status(bid: Bid, opts: PandoerenOptions, tricks: Sequence[Trick], declarer: int,
                     team: Sequence[int], trump: str | None, final: bool) -> bool | None:
    """A2.6 / A2.11: False once the contract has certainly failed; at the end, whether the
    trick objective is met (number bids and the roem part of Pandoer + n are settled by
    :func:`score`); otherwise None (still open)."""
    kind = bid.kind.name
    if kind == "number":
        return True if final else None
    if kind in ALL_TRICKS:
        if not _team_took_all(tricks, team):
            return False
        return True if final else None
    if kind == "zwabber":
        if any(t.winner != declarer for t in tricks[:4]) or not _team_took_all(tricks, team):
            return False
        return True if final else None
    if kind in NO_TRICKS:
        if any(t.winner == declarer for t in tricks):
            return False
        return True if final else None
    return _piccolo_status(tricks, declarer, trump, opts.piccolo_objective, final)


def seat_card_points(tricks: Sequence[Trick], trump: str | None) -> list[int]:
    """A2.3: each seat's card points in the tricks it won, +5 for the last of 8 tricks (the
    sum of the tricks' ``points``, :func:`~cardlab.games.pandoeren.play.trick_points`)."""
    pts = [0, 0, 0, 0]
    for i, t in enumerate(tricks):
        assert t.winner is not None
        pts[t.winner] += trick_points(t.cards, trump, last=i == 7)
    return pts


def next_dealer(dealer: int | None, opts: PandoerenOptions, annulled: bool) -> int | None:
    """A2.4 / P-A3: the deal passes clockwise; after an all-pass deal the same dealer deals
    again under ``all_pass='same_dealer'``."""
    if dealer is None:
        return None
    if annulled and opts.all_pass == "same_dealer":
        return dealer
    return (dealer + 1) % 4


def _sides(names: Sequence[str]) -> dict[str, tuple[int, ...]]:
    return {n: (s,) for s, n in enumerate(names)}


def annulled_result(names: Sequence[str], dealer: int | None = None,
                    opts: PandoerenOptions | None = None) -> Result:
    """A2.5: all four passed; the deal is annulled and nobody scores."""
    figures = core_figures(_sides(names), names, (0, 0, 0, 0), (0, 0, 0, 0), (), True)
    figures.update(game_points=0, partner=None, team_card_points=0, discard_points=0,
                   stopped_early=False, roem=0, stuk=0)
    return Result(points={n: 0 for n in names}, seat_points=(0, 0, 0, 0), contract=None,
                  declarer=None, made=None,
                  breakdown=("All four players passed: the deal is thrown in; nobody scores.",),
                  figures=figures, sides=_sides(names),
                  next_dealer=next_dealer(dealer, opts or PandoerenOptions(), True))


def _roem(state: PandoerenState, team: Sequence[int], opts: PandoerenOptions
          ) -> tuple[int, bool, dict[str, Any]]:
    """A2.10.2: the team's announced roem, whether it stands against denial, and details."""
    names = state.game.seat_names
    hands = state.start_hands or state.hands
    inst = {s: roem_instances(hands[s], opts.roem_card_reuse) for s in range(4)}
    announced = [s for s in team if state.roem_was_announced(s)]
    total = sum(roem_total(inst[s]) for s in announced)
    bidders = {s for s, c in state.auction.calls if c != "pass"}
    deniers = [s for s in range(4) if s not in team and s in bidders]
    valid = total > 0 and (not opts.roem_denial or team_roem_valid(
        [inst[s] for s in announced], [inst[s] for s in deniers]))
    info = {"announced": {names[s]: roem_total(inst[s]) for s in announced if inst[s]},
            "combinations": {names[s]: [i.describe() for i in inst[s]] for s in announced},
            "valid": valid, "deniers": [names[s] for s in deniers]}
    return total, valid, info


def score(state: PandoerenState) -> Result:
    """A2.11: the result of a finished (played) deal."""
    opts: PandoerenOptions = state.game.options
    names = state.game.seat_names
    bid, declarer = state.bid, state.declarer
    assert bid is not None and declarer is not None
    team = state.team()
    tricks = state.tricks
    complete = len(tricks) == 8
    status = objective_status(bid, opts, tricks, declarer, team, state.trump, final=complete)
    made = bool(status)
    pts = seat_card_points(tricks, state.trump) if tricks else [0, 0, 0, 0]
    team_pts = sum(pts[s] for s in team)
    lines = [f"Contract: {bid.label} by {names[declarer]}"
             + (f" with {names[state.partner]} as partner" if state.partner is not None
                else " alone")
             + (f", trumps {FRENCH_SUIT_NAMES[state.trump]}" if state.trump
                else ", no trumps") + "."]
    won = [0, 0, 0, 0]
    for t in tricks:
        assert t.winner is not None
        won[t.winner] += 1
    figures: dict[str, Any] = core_figures(_sides(names), names, won, pts, sorted(team), False)
    figures.update({
        "game_points": game_points(bid, opts),
        "partner": None if state.partner is None else names[state.partner],
        "team_card_points": team_pts,
        "discard_points": card_points(state.discarded, state.trump) if state.discarded else 0,
        "stopped_early": not complete, "roem": 0, "stuk": 0})
    if bid.kind.counts_roem:
        roem, valid, info = _roem(state, team, opts)
        stuk = STUK_VALUE if state.stuk_counts() else 0  # A2.10.3 (auto / manual)
        counted = roem if valid else 0
        figures.update(roem=counted, roem_info=info, stuk=stuk)
        if roem:
            lines.append(f"Roem announced: {roem}" + ("" if valid else ", denied (counts 0)")
                         + ".")
        if stuk:
            lines.append("Stuk announced: 20." if opts.roem_announce == "manual"
                         else "Stuk (announced automatically): 20.")
        if bid.kind.name == "number":
            total = team_pts + counted + stuk
            made = total >= bid.number
            lines.append(f"Team points: {team_pts} in cards + {counted} roem + {stuk} stuk = "
                         f"{total}; needed {bid.number}.")
        else:
            made = made and counted + stuk >= bid.number
            lines.append(f"Roem + stuk: {counted + stuk}; needed {bid.number}, with all 8 "
                         "tricks.")
    elif not complete:
        lines.append(f"Play stopped after trick {len(tricks)}: the outcome was decided.")
    v = figures["game_points"]
    seat_points = _payments(opts, team, made, v)
    verdict = "made" if made else "failed"
    lines.append(f"The contract is {verdict}: {', '.join(names[s] for s in team)} "
                 f"{'+' if made else '-'}{abs(seat_points[declarer])}.")
    return Result(points={names[s]: seat_points[s] for s in range(4)},
                  seat_points=tuple(seat_points), contract=bid.word, declarer=declarer,
                  made=made, breakdown=tuple(lines), figures=figures, sides=_sides(names),
                  next_dealer=next_dealer(state.dealer, opts, False))


def _payments(opts: PandoerenOptions, team: Sequence[int], made: bool, v: int) -> list[int]:
    """A2.11 / P-A19: pagat's ±v for the declaring side, or the zero-sum per-opponent variant."""
    sign = 1 if made else -1
    out = [0, 0, 0, 0]
    defenders = [s for s in range(4) if s not in team]
    for s in team:
        out[s] = sign * v * (len(defenders) if opts.scoring == "zero_sum_per_opponent" else 1)
    if opts.scoring == "zero_sum_per_opponent":
        for s in defenders:
            out[s] = -sign * v * len(team)
    return out
