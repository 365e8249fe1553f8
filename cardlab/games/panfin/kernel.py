"""Panfin's trick phase written once, for one deal and for a batch: legal plays, trick keys
and winners, the piatti settlement (B2.10, B2.11).

Every function here runs unchanged on Python ints (one deal: card masks as ints, the
judge in :mod:`.judge` and the state) and on numpy ``uint64``/``int64`` arrays (a batch
of deals, :mod:`cardlab.sim.panfin`): only bit operations, comparisons, arithmetic,
look-ups in :class:`~cardlab.games.panfin.rules.KernelTables` (``t``: tuples for one
deal, numpy arrays for a batch) and :func:`~cardlab.engine.bits.select`.

The arguments: ``hand`` and ``pair`` are card masks; ``d`` the dominant suit and ``led``
the led (effective) suit, indices into :data:`~cardlab.games.panfin.rules.SUITS`;
``best_key`` / ``led_key`` the :func:`trick_key` of the card now winning the trick and of
the led card; ``leading`` (nothing played to the trick yet), ``double_led`` (the jokers
were led together) and ``gobbo_due`` (this seat led the Vecia alone last time and keeps
the Gobbo, ``both_jokers_lead="consecutive_forced"``) are conditions; ``rules`` the
:class:`~cardlab.games.panfin.rules.PlayRules` of the options.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardlab.engine.bits import select

__all__ = ["trick_led_suit", "trick_key", "trick_best", "trick_winner_index", "trick_piatti",
           "legal_lead_mask", "legal_answer_masks", "legal_answer_mask", "legal_mask",
           "legal_pair", "deal_points"]


# -- trick keys and the winner (B2.2, B2.10.5) ------------------------------------------------
def trick_led_suit(t: Any, d: Any, card: Any) -> Any:
    """B2.2 / F-A16: the effective suit ``card`` leads under dominant ``d`` (a joker leads
    trumps)."""
    return t.eff[d * t.stride + card]


def trick_key(t: Any, d: Any, led: Any, card: Any) -> Any:
    """B2.10.5: how strongly ``card`` bids for a trick led in ``led`` under dominant ``d``
    (a trump above the led suit, another suit 0); higher wins. The tables hold the engine's
    :meth:`~cardlab.engine.tricks.CardOrder.key` of :func:`~.rules.trick_order`."""
    return t.key[(d * t.suits + led) * t.stride + card]


def trick_best(key: Any, seat: Any, best_key: Any, best_seat: Any) -> tuple[Any, Any]:
    """B2.10.5: the key and seat winning the trick after a card of ``key`` from ``seat``: it
    takes the trick only with a greater key (the earlier of equal keys keeps it)."""
    better = key > best_key
    return select(better, key, best_key), select(better, seat, best_seat)


def trick_winner_index(keys: Sequence[Any]) -> Any:
    """B2.10.5: the position in play order of the card that wins a trick of ``keys`` (the
    highest trump, else the highest card of the led suit; the first of equal keys)."""
    best_key, best = keys[0], 0 * keys[0]
    for i in range(1, len(keys)):
        best_key, best = trick_best(keys[i], i + 0 * keys[i], best_key, best)
    return best


def trick_piatti(t: Any, double_led: Any) -> Any:
    """B2.10.4 / B2.10.5 / F-A19: the piatti the trick's winner takes (two for the double
    trick)."""
    return select(double_led, t.double_trick_piatti, t.trick_piatti)


# -- legal plays (B2.10.3, B2.10.4) ----------------------------------------------------------
def legal_lead_mask(t: Any, hand: Any, gobbo_due: Any, rules: Any) -> Any:
    """B2.10.3 (leading): the cards that may lead alone: any card, except that both jokers
    in hand lead together (``double_trick``: no card alone) or the Vecia first and then
    the Gobbo on the next lead (``consecutive_forced``)."""
    both = (hand & t.jokers) == t.jokers
    due = gobbo_due & ((hand & t.gobbo) != 0)
    consecutive = select(both, t.vecia, select(due, t.gobbo, hand))
    return select(rules.double_trick, select(both, 0 * hand, hand), consecutive)


def legal_answer_masks(t: Any, hand: Any, d: Any, led: Any, best_key: Any, led_key: Any,
                       rules: Any) -> tuple[Any, Any, Any, Any]:
    """B2.10.3 / F-A17 / F-A18: the parts of an answer with one card, as masks of ``hand``:

    * ``same``: the cards of the led suit (they must be played, "rispondere");
    * ``beaters``: those that beat the card to beat (the winner, or the led card with
      ``beat_reference="led_card"``) while it is of the led suit (else none);
    * ``trumps``: the trumps (a void hand must play one, ``must_trump_when_void``);
    * ``overtrumps``: the trumps above the highest trump played (else none).
    """
    same = hand & t.suit_mask[d * t.suits + led]
    trumps = hand & t.suit_mask[d * t.suits + d]
    target = select(rules.beat_led_card, led_key, best_key)
    row = (d * t.suits + led) * t.span
    in_led = (led == d) | (target < t.trump_key)
    beaters = select(in_led, same & t.above[row + target], 0 * hand)
    overtrumps = select(best_key >= t.trump_key, trumps & t.above[row + best_key], 0 * hand)
    return same, beaters, trumps, overtrumps


def legal_answer_mask(t: Any, hand: Any, d: Any, led: Any, best_key: Any, led_key: Any,
                      rules: Any) -> Any:
    """B2.10.3 / F-A18: the cards that may answer a trick led with one card: the led suit
    (beating if it can), else a trump (overtrumping if it can), else any card."""
    same, beaters, trumps, overtrumps = legal_answer_masks(t, hand, d, led, best_key, led_key,
                                                           rules)
    follow = select(beaters != 0, beaters, same)
    trump = select(rules.must_overtrump & (overtrumps != 0), overtrumps, trumps)
    void = select(rules.must_trump & (trumps != 0), trump, hand)
    return select(same != 0, follow, void)


def legal_mask(t: Any, hand: Any, d: Any, leading: Any, double_led: Any, led: Any,
               best_key: Any, led_key: Any, gobbo_due: Any, rules: Any) -> Any:
    """B2.10.3 / B2.10.4: the cards ``hand`` may play alone now (none to the jokers' double
    lead, which is answered with two: :func:`legal_pair`)."""
    answer = legal_answer_mask(t, hand, d, led, best_key, led_key, rules)
    return select(leading, legal_lead_mask(t, hand, gobbo_due, rules),
                  select(double_led, 0 * hand, answer))


def legal_pair(t: Any, hand: Any, pair: Any, d: Any, leading: Any, double_led: Any,
               rules: Any) -> Any:
    """B2.10.3 / B2.10.4 / F-A19: whether two cards ``pair`` of ``hand`` may be played
    together: the jokers led together (``double_trick``), or an answer to them with trumps
    while one has any."""
    trumps = hand & t.suit_mask[d * t.suits + d]
    held = pair & trumps
    # at least min(2, trumps held) trumps: no trump held, or one in the pair and either a
    # single trump held or two in the pair
    enough = (trumps == 0) | ((held != 0) & (((trumps & (trumps - 1)) == 0)
                                             | ((held & (held - 1)) != 0)))
    lead = rules.double_trick & (pair == t.jokers)
    return select(leading, lead, double_led & enough)


# -- the settlement of the trick phase (B2.11) ------------------------------------------------
def deal_points(piatti: Sequence[Any], active: Sequence[Any], pot: Any
                ) -> tuple[tuple[Any, ...], Any, Any, tuple[Any, ...]]:
    """B2.11 / F-A21: the chips of a deal decided by piatti, per seat: the one active seat
    with the most piatti takes the pot (a tie leaves it: "piatto resta"); every active seat
    with no piatto pays the pot, as it stood, into the next pot.

    Returns ``(gains, pot_after, winner, stamped)``: each seat's chips from the settlement,
    the pot carried to the next deal, the winning seat (-1 for a tie) and which seats paid
    the stamp.
    """
    n = len(piatti)
    score = [select(active[s], piatti[s], -1) for s in range(n)]
    most = score[0]
    for s in range(1, n):
        most = select(score[s] > most, score[s], most)
    top = [score[s] == most for s in range(n)]
    unique = sum(select(top[s], 1, 0) for s in range(n)) == 1
    winner = -1 + 0 * most
    for s in reversed(range(n)):
        winner = select(top[s] & unique, s, winner)
    stamped = tuple(active[s] & (piatti[s] == 0) for s in range(n))
    gains = tuple(select(top[s] & unique, pot, 0) - select(stamped[s], pot, 0)
                  for s in range(n))
    pot_after = pot - select(unique, pot, 0) + sum(select(stamped[s], pot, 0) for s in range(n))
    return gains, pot_after, winner, stamped
