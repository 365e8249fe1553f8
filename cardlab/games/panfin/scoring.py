"""Panfin's scoring: how a finished deal's facts settle into payments and a
:class:`~cardlab.engine.result.Result` (B2.5, B2.8, B2.9, B2.11, B2.12).

The settlement is a pure function of the deal's :class:`Outcome` and the options, so
``game.score_deal(state, **options)`` can rescore a finished deal (:func:`rescore`). The
decisions are the kernel's, the functions the batch simulator runs on arrays: the trick
phase's arithmetic (:func:`~cardlab.games.panfin.kernel.deal_points`), which hand makes
which combination and which wins (:func:`~cardlab.games.panfin.kernel.combination_kind`,
:func:`~cardlab.games.panfin.kernel.combination_rank`), a servito's ties
(:func:`~cardlab.games.panfin.kernel.hand_suit`,
:func:`~cardlab.games.panfin.kernel.servito_share`) and what each seat owes after a
combination (:func:`~cardlab.games.panfin.kernel.combination_dues`,
:func:`~cardlab.games.panfin.kernel.stamp_liable`); this module turns them into
:class:`~.chips.Payment` records and words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardlab.cards import Card
from cardlab.engine.result import Result, core_figures
from cardlab.games.panfin import kernel
from cardlab.games.panfin.chips import POT, Payment, antes, apply_payments
from cardlab.games.panfin.rules import (
    COMBINATIONS,
    Combination,
    PanfinOptions,
    card_mask,
    classify,
    dominant_index,
)

if TYPE_CHECKING:
    from cardlab.games.panfin.state import PanfinState

__all__ = ["Outcome", "Settlement", "settle", "make_result", "deal_result", "rescore"]


@dataclass(frozen=True)
class Outcome:
    """The facts of a finished deal that decide who pays whom (what ``settle`` reads).

    :ivar kind: ``"cut"`` (Vecia at the cut), ``"declarations"`` (combinations,
        servito, lone player or all folded) or ``"piatti"`` (the trick phase).
    :ivar hands: every seat's cards when the hands were shown (folded seats keep theirs).
    :ivar active: which seats had not folded.
    :ivar order: the declaration order (dealer's right first, dealer last).
    :ivar servito: the seat that declared servito, if any.
    :ivar piatti: tricks per seat after the trick phase.
    :ivar cutter: the seat that cut.
    """

    kind: str
    hands: tuple[tuple[Card, ...], ...] = ()
    active: tuple[bool, ...] = ()
    order: tuple[int, ...] = ()
    dominant: str | None = None
    servito: int | None = None
    piatti: tuple[int, ...] = ()
    cutter: int | None = None


@dataclass(frozen=True)
class Settlement:
    """What ``settle`` decides: the payments, the winner, what won, and plain-words lines."""

    payments: tuple[Payment, ...]
    winner: int | None
    contract: str
    lines: tuple[str, ...]


def settle(options: PanfinOptions, outcome: Outcome, pot: int, names: Sequence[str]
           ) -> Settlement:
    """B2.5 / B2.8 / B2.9 / B2.11 / B2.12: the payments that end a deal with ``pot`` on the table."""
    if outcome.kind == "cut":
        seat = outcome.cutter
        assert seat is not None
        return Settlement((_take_pot(seat, pot, "the Vecia shown at the cut", "B2.5"),), seat,
                          "cut", (f"{names[seat]} found the Vecia at the cut and takes the pot "
                                  f"of {pot} (B2.5).",))
    if outcome.kind == "piatti":
        return _settle_piatti(outcome, pot, names)
    return _settle_declarations(options, outcome, pot, names)


def _take_pot(seat: int, pot: int, why: str, rule: str) -> Payment:
    return Payment(POT, seat, pot, f"wins the pot: {why}", rule)


def _settle_declarations(options: PanfinOptions, outcome: Outcome, pot: int,
                         names: Sequence[str]) -> Settlement:
    active = [s for s in outcome.order if outcome.active[s]]
    if outcome.servito is not None:
        return _settle_servito(options, outcome, active, pot, names)
    combo = _best_combination(options, outcome, active, COMBINATIONS)
    if combo is not None:
        return _settle_combination(options, outcome, combo, pot, names)
    if len(active) == 1:
        seat = active[0]
        return Settlement((_take_pot(seat, pot, "the only player left in", "B2.12"),), seat,
                          "lone", (f"Everyone else folded: {names[seat]} wins the pot of {pot} "
                                   "without play (B2.12, F-A23).",))
    return Settlement((), None, "all_fold", (f"Everyone folded: the pot of {pot} stays for the "
                                            "next deal (B2.12, F-A23).",))


def _settle_servito(options: PanfinOptions, outcome: Outcome, active: list[int], pot: int,
                    names: Sequence[str]) -> Settlement:
    """B2.8: a servito wins the pot, unless a Naturali or Simezi beats it or another
    four-of-a-suit ties it (no suit dominates in this phase)."""
    seat = outcome.servito
    assert seat is not None
    others = [s for s in active if s != seat]
    beater = _best_combination(options, outcome, others, ("naturali", "simezi"))
    if beater is not None:
        done = _settle_combination(options, outcome, beater, pot, names)
        line = (f"{names[seat]}'s servito is beaten by {names[beater.seat]}'s "
                f"{beater.label} (B2.8).")
        return Settlement(done.payments, done.winner, done.contract, (line, *done.lines))
    c = kernel.combination_tables()
    tied = [seat] + [s for s in others if kernel.hand_suit(c, card_mask(outcome.hands[s])) >= 0]
    if len(tied) == 1:
        return Settlement((_take_pot(seat, pot, "servito", "B2.8"),), seat, "servito",
                          (f"{names[seat]} is servito and wins the pot of {pot}; no bonus and "
                           "no stamp (B2.8, F-A10).",))
    who = ", ".join(names[s] for s in tied)
    if options.servito_tie == "split":
        share = kernel.servito_share(pot, len(tied))
        pays = tuple(Payment(POT, s, share, "a share of the pot: servito tie", "F-A11")
                     for s in tied if share)
        left = pot - share * len(tied)
        return Settlement(pays, None, "servito_tie",
                          (f"Servito tie between {who}: each takes {share} of the pot of {pot}"
                           f"; {left} stays for the next deal (F-A11, servito_tie='split').",))
    return Settlement((), None, "servito_tie",
                      (f"Servito tie between {who}: no suit dominates, the hands cancel and the "
                       f"pot of {pot} stays for the next deal (B2.8, F-A11).",))


def _best_combination(options: PanfinOptions, outcome: Outcome, seats: list[int],
                      kinds: tuple[str, ...]) -> Combination | None:
    """B2.9 / F-A15: the best combination of the ``kinds`` among ``seats`` (the kernel's
    :func:`~cardlab.games.panfin.kernel.combination_rank`), or None."""
    c, rules = kernel.combination_tables(), kernel.combination_rules(options)
    d = dominant_index(outcome.dominant)
    codes = {len(COMBINATIONS) - COMBINATIONS.index(k) for k in kinds}
    best, best_seat = 0, -1
    for seat in seats:
        hand = card_mask(outcome.hands[seat])
        if kernel.combination_kind(c, hand, d) not in codes:
            continue
        rank = kernel.combination_rank(c, hand, d, outcome.order.index(seat), rules)
        if rank > best:
            best, best_seat = rank, seat
    return None if best_seat < 0 else classify(outcome.hands[best_seat], outcome.dominant,
                                                best_seat)


def _settle_combination(options: PanfinOptions, outcome: Outcome, combo: Combination, pot: int,
                        names: Sequence[str]) -> Settlement:
    """B2.9: the best combination takes the pot, with its bonus or stamp fees (each seat's
    dues: the kernel's :func:`~cardlab.games.panfin.kernel.combination_dues`)."""
    seat = combo.seat
    pays = [_take_pot(seat, pot, combo.label, "B2.9")]
    lines = [f"{names[seat]} shows {combo.label} and wins the pot of {pot} (B2.9)."]
    c, rules = kernel.combination_tables(), kernel.combination_rules(options)
    d = dominant_index(outcome.dominant)
    stamps: list[Payment] = []
    for s, hand in enumerate(outcome.hands):
        liable = kernel.stamp_liable(c, card_mask(hand), d)
        bonus, stamp = kernel.combination_dues(combo.precedence, s, seat, outcome.active[s],
                                               liable, pot, rules)
        if bonus and combo.kind == "naturali":
            pays.append(Payment(s, seat, bonus, "Naturali bonus", "B2.9"))
        elif bonus:
            pays.append(Payment(s, seat, bonus, "Simezi bonus", "B2.9 F-A13"))
        if stamp:
            stamps.append(Payment(s, POT, stamp, f"stamp fee to the next pot "
                                  f"({names[seat]}'s Tronfi)", "B2.9 F-A14"))
    if combo.kind == "naturali":
        lines.append(f"Every other player, folded or not, pays {options.naturali_bonus} "
                     "(Naturali bonus, B2.9).")
    elif combo.kind == "simezi":
        who = ("every other player" if rules.simezi_all_pay else "every other active player")
        lines.append(f"{who.capitalize()} pays {options.simezi_bonus} (Simezi bonus, B2.9, "
                     "F-A13).")
    pays += stamps
    if stamps:
        lines.append("Stamp fee of the pot into the next pot from "
                     + ", ".join(names[int(p.payer)] for p in stamps) + " (B2.9, F-A14).")
    return Settlement(tuple(pays), seat, combo.kind, tuple(lines))


def _settle_piatti(outcome: Outcome, pot: int, names: Sequence[str]) -> Settlement:
    """B2.11: most piatti takes the pot; a tie leaves it; each active player with no
    piatto pays the pot (as it stood) into the next pot (the kernel's
    :func:`~cardlab.games.panfin.kernel.deal_points`)."""
    active = [s for s in outcome.order if outcome.active[s]]
    _, _, winner, stamped = kernel.deal_points(outcome.piatti, outcome.active, pot)
    tally = ", ".join(f"{names[s]} {outcome.piatti[s]}" for s in active)
    pays: list[Payment] = []
    lines = [f"Piatti: {tally}."]
    if winner >= 0:
        most = outcome.piatti[winner]
        pays.append(_take_pot(winner, pot, f"most piatti ({most})", "B2.11"))
        lines.append(f"{names[winner]} has the most piatti and wins the pot of {pot} (B2.11).")
    else:
        lines.append(f"Tie for the most piatti: the pot of {pot} stays (piatto resta, B2.11).")
    zero = [s for s in active if stamped[s]]
    if pot:
        pays += [Payment(s, POT, pot, "the stamp: no piatto, the pot's amount to the next pot",
                         "B2.11 F-A21") for s in zero]
    if zero and pot:
        lines.append("No piatto: " + ", ".join(names[s] for s in zero)
                     + f" pay{'s' if len(zero) == 1 else ''} the stamp of {pot} into the next "
                     "pot (B2.11).")
    return Settlement(tuple(pays), winner if winner >= 0 else None,
                      "piatti" if winner >= 0 else "piatto_resta", tuple(lines))


def make_result(names: Sequence[str], stacks_in: Sequence[int], pot_in: int,
                payments: Sequence[Payment], settlement: Settlement | None,
                extra: dict[str, Any], dealer: int | None = None) -> Result:
    """The :class:`Result` of a deal: each seat's net chips (antes included) and the story.

    ``extra`` holds ``outcome``, ``dominant_suit``, ``piatti`` and ``folded`` (per seat,
    by index), ``cut`` (codes) and, from ``score_deal``, ``options``; ``dealer`` gives
    ``next_dealer`` (B2.4: the deal passes to the dealer's right, seat + 1).
    """
    pot_out, stacks_out = apply_payments(pot_in, stacks_in, payments)
    net = tuple(b - a for a, b in zip(stacks_in, stacks_out))
    n = len(names)
    extra = dict(extra)
    piatti = tuple(extra.pop("piatti", ()) or (0,) * n)
    folded = tuple(extra.pop("folded", ()) or (False,) * n)
    contract = settlement.contract if settlement else None
    sides: dict[str, tuple[int, ...]] = {names[s]: (s,) for s in range(n)}
    figures = core_figures(sides, names, piatti, None, (), contract == "all_fold")
    figures.update({"pot_before": pot_in, "pot_after": pot_out,
                    "stacks_before": {names[s]: int(stacks_in[s]) for s in range(n)},
                    "stacks_after": {names[s]: int(stacks_out[s]) for s in range(n)},
                    "payments": [p.as_dict(names) for p in payments],
                    "folded": {names[s]: bool(folded[s]) for s in range(n)}, **extra})
    lines = tuple(settlement.lines) if settlement else ()
    lines += tuple(f"{names[s]} {net[s]:+d}" for s in range(n))
    return Result(points={names[s]: net[s] for s in range(n)}, seat_points=net,
                  contract=contract,
                  declarer=settlement.winner if settlement else None, made=None,
                  breakdown=lines, figures=figures, sides=sides,
                  next_dealer=None if dealer is None else (dealer + 1) % n)


def deal_result(state: PanfinState) -> Result:
    """The :class:`Result` of the finished deal ``state``: its chips as they moved."""
    extra = {"outcome": state.outcome.kind if state.outcome else None,
             "dominant_suit": state.dominant, "piatti": list(state.piatti),
             "folded": list(state.folded), "cut": [c.code for c in state.cut]}
    return make_result(state.game.seat_names, state.stacks_in, state.pot_in, state.payments,
                       state.settlement, extra, state.dealer)


def rescore(state: PanfinState, options: PanfinOptions, changed: Mapping[str, Any]) -> Result:
    """The finished deal ``state`` settled again under ``options`` (its antes, bonuses,
    stamps and tie-breaks; ``changed`` the options given, kept in the figures): the play
    itself is unchanged."""
    assert state.outcome is not None
    names = state.game.seat_names
    ante = tuple(antes(options, len(names), state.dealer, state.pot_in))
    pot, _ = apply_payments(state.pot_in, state.stacks_in, ante)
    st = settle(options, state.outcome, pot, names)
    extra = {"outcome": state.outcome.kind, "dominant_suit": state.dominant,
             "piatti": list(state.piatti), "folded": list(state.folded),
             "cut": [c.code for c in state.cut], "options": dict(changed)}
    return make_result(names, state.stacks_in, state.pot_in, ante + st.payments, st, extra,
                       state.dealer)
