"""Scoring a Pandoeren deal: card points, roem, stuk, each contract's test, game points (A2.10-A2.11).

:func:`objective_status` says whether a contract has failed, succeeded or is still
open after some tricks (used for the early stop of ``stop_when_decided`` and for
the final verdict); :func:`score` builds the :class:`~cardlab.engine.result.Result`.
The arithmetic of both (each contract's test, stuk, the payments) is the kernel's
(:mod:`~cardlab.games.pandoeren.kernel`, shared with the batch simulator); this module
gathers the facts of the deal and puts the outcome into words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardlab.cards import FRENCH_SUIT_NAMES, Card
from cardlab.engine.result import Result, core_figures
from cardlab.engine.tricks import Trick
from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.roem import roem_instances, roem_total, team_roem
from cardlab.games.pandoeren.rules import (
    OBJECTIVE_OF,
    PICCOLO_OBJECTIVES,
    Bid,
    PandoerenOptions,
    card_points,
    game_points,
    play_tables,
    trick_points,
)

if TYPE_CHECKING:
    from cardlab.games.pandoeren.state import PandoerenState

__all__ = ["objective_status", "seat_card_points", "score", "score_facts", "DealFacts",
           "deal_facts", "annulled_result", "next_dealer",
           "ALL_TRICKS", "NO_TRICKS", "PICCOLOS"]

#: A2.6 contracts the team (or the declarer alone) must win all 8 tricks in.
ALL_TRICKS = frozenset(k for k, o in OBJECTIVE_OF.items() if o in (K.ALL_TRICKS,
                                                                     K.PANDOER_PLUS))
#: A2.6 contracts in which the declarer must win no trick.
NO_TRICKS = frozenset(k for k, o in OBJECTIVE_OF.items() if o == K.NO_TRICKS)
#: A2.6 contracts with Piccolo's objective (P-A11).
PICCOLOS = frozenset(k for k, o in OBJECTIVE_OF.items() if o == K.PICCOLO)


def _trick_facts(tricks: Sequence[Trick], declarer: int, team: Sequence[int],
                 trump: str | None) -> tuple[bool, int, bool, bool, bool]:
    """The facts each contract's test reads (:func:`~.kernel.contract_failed`) of the
    tricks played (:func:`_winner_facts` on their winners)."""
    won = [t for t in tricks if t.winner == declarer]
    jas = Card("J", trump) if trump else None
    first_jas = bool(won) and any(p.seat == declarer and p.card == jas for p in won[0].plays)
    return _winner_facts([t.winner for t in tricks], declarer, team, first_jas)


def _winner_facts(winners: Sequence[int | None], declarer: int, team: Sequence[int],
                  first_jas: bool) -> tuple[bool, int, bool, bool, bool]:
    """The facts each contract's test reads (:func:`~.kernel.contract_failed`) from the
    tricks' winners: a trick lost by the team, the declarer's tricks, one of tricks 1-4
    lost by her, trick 1 lost by her, and whether her first won trick holds her jas
    (``first_jas``)."""
    return (any(w not in team for w in winners), sum(w == declarer for w in winners),
            any(w != declarer for w in winners[:4]),
            bool(winners) and winners[0] != declarer, first_jas)


def objective_status(bid: Bid, opts: PandoerenOptions, tricks: Sequence[Trick], declarer: int,
                     team: Sequence[int], trump: str | None, final: bool) -> bool | None:
    """A2.6 / A2.11: False once the contract has certainly failed; at the end, whether the
    trick objective is met (number bids and the roem part of Pandoer + n are settled by
    :func:`score`); otherwise None (still open)."""
    return _status(bid, opts, _trick_facts(tricks, declarer, team, trump), final)


def _status(bid: Bid, opts: PandoerenOptions, facts: tuple[bool, int, bool, bool, bool],
            final: bool) -> bool | None:
    """:func:`objective_status` from the tricks' facts (:func:`_winner_facts`)."""
    kind = OBJECTIVE_OF[bid.kind.name]
    team_lost, dwins, early_lost, first_lost, first_jas = facts
    failed = K.contract_failed(kind, team_lost, dwins, early_lost, first_lost, first_jas,
                               PICCOLO_OBJECTIVES.index(opts.piccolo_objective))
    if failed:
        return False
    return bool(K.contract_tricks_made(kind, failed, True, dwins)) if final else None


def seat_card_points(tricks: Sequence[Trick], trump: str | None) -> list[int]:
    """A2.3: each seat's card points in the tricks it won, +5 for the last of 8 tricks (the
    sum of the tricks' ``points``, :func:`~cardlab.games.pandoeren.rules.trick_points`)."""
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
    # A2.1 / P-A25: no fixed teams; a partnership lasts one deal, so every seat is a side
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


@dataclass(frozen=True)
class DealFacts:
    """The facts of a finished (played) deal that its score reads (A2.10-A2.11), whether
    gathered from a state (:func:`deal_facts`) or from the batch simulator's arrays.

    :ivar winners: each played trick's winner, in order; ``first_jas``: whether the
        declarer's first won trick holds her jas; ``card_points``: each seat's (A2.3).
    :ivar start_hands: the hands at the start of trick 1 (roem, A2.10.2);
        ``announced``: the team's seats whose roem was announced; ``bidders``: the seats
        that made a bid (the deniers); ``stuk``: whether the team's stuk counts (A2.10.3).
    """

    bid: Bid
    declarer: int
    partner: int | None
    trump: str | None
    dealer: int | None
    winners: tuple[int, ...]
    first_jas: bool
    card_points: tuple[int, ...]
    discarded: Card | None
    start_hands: tuple[tuple[Card, ...], ...]
    announced: tuple[int, ...]
    bidders: frozenset[int]
    stuk: bool

    def team(self) -> tuple[int, ...]:
        """The declaring side (as :meth:`PandoerenState.team`)."""
        return (self.declarer,) if self.partner is None else tuple(
            sorted((self.declarer, self.partner)))


def deal_facts(state: PandoerenState) -> DealFacts:
    """The :class:`DealFacts` of a finished, played deal."""
    bid, declarer = state.bid, state.declarer
    assert bid is not None and declarer is not None
    team = state.team()
    tricks = state.tricks
    winners = tuple(t.winner for t in tricks)
    assert all(w is not None for w in winners)
    first_jas = _trick_facts(tricks, declarer, team, state.trump)[4]
    pts = seat_card_points(tricks, state.trump) if tricks else [0, 0, 0, 0]
    counts = bid.kind.counts_roem
    return DealFacts(
        bid=bid, declarer=declarer, partner=state.partner, trump=state.trump,
        dealer=state.dealer, winners=winners, first_jas=first_jas,  # type: ignore[arg-type]
        card_points=tuple(pts), discarded=state.discarded,
        start_hands=tuple(state.start_hands or state.hands),
        announced=tuple(s for s in team if counts and state.roem_was_announced(s)),
        bidders=frozenset(s for s, c in state.auction.calls if c != "pass"),
        stuk=counts and state.stuk_counts())


def _roem(facts: DealFacts, team: Sequence[int], opts: PandoerenOptions, names: Sequence[str]
          ) -> tuple[int, bool, dict[str, Any]]:
    """A2.10.2: the team's announced roem, whether it stands against denial, and details."""
    hands = facts.start_hands
    inst = {s: roem_instances(hands[s], opts.roem_card_reuse) for s in range(4)}
    announced = list(facts.announced)
    deniers = [s for s in range(4) if s not in team and s in facts.bidders]
    total, valid = team_roem([inst[s] for s in range(4)], announced, deniers,
                             bool(opts.roem_denial))
    info = {"announced": {names[s]: roem_total(inst[s]) for s in announced if inst[s]},
            "combinations": {names[s]: [i.describe() for i in inst[s]] for s in announced},
            "valid": valid, "deniers": [names[s] for s in deniers]}
    return total, valid, info


def score(state: PandoerenState) -> Result:
    """A2.11: the result of a finished (played) deal (:func:`score_facts` of its facts)."""
    return score_facts(deal_facts(state), state.game.options, state.game.seat_names)


def score_facts(facts: DealFacts, opts: PandoerenOptions, names: Sequence[str]) -> Result:
    """A2.11: the result of a finished (played) deal, from its :class:`DealFacts`."""
    bid, declarer = facts.bid, facts.declarer
    team = facts.team()
    winners = facts.winners
    complete = len(winners) == 8
    status = _status(bid, opts, _winner_facts(winners, declarer, team, facts.first_jas),
                     final=complete)
    made = bool(status)
    pts = list(facts.card_points)
    team_pts = sum(pts[s] for s in team)
    lines = [f"Contract: {bid.label} by {names[declarer]}"
             + (f" with {names[facts.partner]} as partner" if facts.partner is not None
                else " alone")
             + (f", trumps {FRENCH_SUIT_NAMES[facts.trump]}" if facts.trump
                else ", no trumps") + "."]
    won = [0, 0, 0, 0]
    for w in winners:
        won[w] += 1
    figures: dict[str, Any] = core_figures(_sides(names), names, won, pts, sorted(team), False)
    figures.update({
        "game_points": game_points(bid, opts),
        "partner": None if facts.partner is None else names[facts.partner],
        "team_card_points": team_pts,
        "discard_points": card_points(facts.discarded, facts.trump) if facts.discarded else 0,
        "stopped_early": not complete, "roem": 0, "stuk": 0})
    if bid.kind.counts_roem:
        roem, valid, info = _roem(facts, team, opts, names)
        stuk = int(K.stuk_points(play_tables(opts.rank_order), True,
                                 facts.stuk))  # A2.10.3 (auto / manual)
        counted = roem if valid else 0
        figures.update(roem=counted, roem_info=info, stuk=stuk)
        kind = OBJECTIVE_OF[bid.kind.name]
        made = bool(K.contract_made(kind, made, complete,
                                    K.deal_points(kind, team_pts, counted, stuk), bid.number))
        if roem:
            lines.append(f"Roem announced: {roem}" + ("" if valid else ", denied (counts 0)")
                         + ".")
        if stuk:
            lines.append("Stuk announced: 20." if opts.roem_announce == "manual"
                         else "Stuk (announced automatically): 20.")
        if bid.kind.name == "number":
            total = team_pts + counted + stuk
            lines.append(f"Team points: {team_pts} in cards + {counted} roem + {stuk} stuk = "
                         f"{total}; needed {bid.number}.")
        else:
            lines.append(f"Roem + stuk: {counted + stuk}; needed {bid.number}, with all 8 "
                         "tricks.")
    elif not complete:
        lines.append(f"Play stopped after trick {len(winners)}: the outcome was decided.")
    v = figures["game_points"]
    seat_points = _payments(opts, team, made, v)
    verdict = "made" if made else "failed"
    lines.append(f"The contract is {verdict}: {', '.join(names[s] for s in team)} "
                 f"{'+' if made else '-'}{abs(seat_points[declarer])}.")
    return Result(points={names[s]: seat_points[s] for s in range(4)},
                  seat_points=tuple(seat_points), contract=bid.word, declarer=declarer,
                  made=made, breakdown=tuple(lines), figures=figures, sides=_sides(names),
                  next_dealer=next_dealer(facts.dealer, opts, False))


def _payments(opts: PandoerenOptions, team: Sequence[int], made: bool, v: int) -> list[int]:
    """A2.11 / P-A19: pagat's ±v for the declaring side, or the zero-sum per-opponent variant
    (:func:`~.kernel.deal_payments`)."""
    zero_sum = opts.scoring == "zero_sum_per_opponent"
    return [int(K.deal_payments(made, v, s in team, len(team), 4 - len(team), zero_sum))
            for s in range(4)]
