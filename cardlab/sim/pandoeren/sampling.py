"""Pandoeren: layouts of the hidden cards for the hint in the play.

:func:`pandoeren_batch` deals ``n`` layouts of the cards the seat to move cannot see and
returns a :class:`~cardlab.sim.pandoeren.batch.PandoerenBatch` holding one deal per layout,
ready to play on. It uses only what that seat may know:

* its own hand, the hands laid open (ouvert, praatje), every card played, the size of
  every hand (all from ``state.view(seat)``), and the kijkkaart, which everyone saw face
  up at the deal (A2.4), so it lies in the declarer's hand or is her discard; the discard
  itself only for the declarer;
* every card a seat played was legal then (A2.8): a hidden card that would have made it
  illegal is not in that hand — a seat that did not follow holds none of the led suit, one
  that undertrumped held nothing but lower trumps (A2.8.3b), one that did not overtrump when
  it had to held no higher trump (A2.8.3a), one that played no trump on a trump lead holds
  none (but perhaps the jas, A2.8.3), one that trumped under A2.8.5 holds none of the led
  suit. The test is the engine's own legal cards, card by card (:func:`_barred_by_plays`);
* the call (A2.7.3 / P-A8): the called card is held by neither the declarer nor her discard,
  and every card she would have had to call before it (a called king: every ace she could
  call) is hers, in her hand or her discard — the engine's own ``call_mask``;
* the partner: a public partner holds the called card (or Kereltje's jas); the jas of a
  Kereltje is not the declarer's under ``kereltje_own_jas="illegal"`` (A2.7.4 / P-A9); a
  seat the play rules out as the partner does not hold it — the partnership is public once
  the declarer wins a trick with a partner (A2.7.3, so a Kereltje declarer who won one with
  none public plays alone: the jas is hers), and a deal goes on only while its trick
  objective stands (A2.11 ``stop_when_decided``: a defender who won a trick of a Pandoer
  that goes on is the partner);
* a seat that announced stuk held the trump king and queen (A2.10.3); a seat whose roem is
  public held exactly that much roem at trick 1 (A2.10.2), and, under
  ``roem_announce="auto"`` (stuk announced with the roem), held the trump king and queen
  exactly if its stuk was announced.

What depends on the hidden hands is then worked out from each sampled layout, never read
from the real one: the partner (the holder of the called ace or the jas in the layout,
unless the partnership is public), who on the declaring side has lost a trick, stuk held,
roem in hand and the roem that would count (denial included). The batch's public fields
(trick so far, points, announcements) come from the state.

Nothing else is inferred (no reading of the bidding or of the choice among legal cards).
The layouts come from the one sampler, :func:`cardlab.sim.sampling.fill_layouts`: the
constraints on single cards as its ``allowed`` table, those on roem and stuk as its
``accept`` test (drawn again until they pass, :func:`_draw`). One rare case is left out: a
Kereltje declarer who held all four jacks may name any trumps (P-A9), and then holds the jas;
the sampler never gives it to her.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from cardlab.engine.rng import derive_seed
from cardlab.sim.sampling import fill_layouts, hand_mask

__all__ = ["pandoeren_batch", "layout_constraints"]

#: the seed path of each further round of draws when a layout must pass ``accept``
_ROUND = 0x4C41594F
#: rounds of draws before the layouts that fail ``accept`` are let through (the replay of
#: :mod:`cardlab.sim.pandoeren.states` still refuses them)
_ROUNDS = 8


def pandoeren_batch(state: Any, n: int, seed: int) -> Any:
    """A ``PandoerenBatch`` of ``n`` deals: ``state`` with the cards hidden from the seat to
    move dealt at random, consistent with what it knows (module docstring)."""
    from cardlab.cards import Card
    from cardlab.sim.pandoeren.batch import PandoerenBatch, _roem_counts, _roem_facts

    game = state.game
    opts = game.options
    d, trump, kind = state.declarer, state.trump, state.bid.kind
    view = state.view(state.to_move)
    facts = layout_constraints(state)
    hidden, known, played_by = facts["hidden"], facts["known"], facts["played_by"]
    masks = _draw(facts["pool"], facts["need"], facts["allowed"], n, seed, facts["accept"])
    hands = np.tile(known, (n, 1))
    for j, s in enumerate(hidden):
        hands[:, s] = masks[:, j]

    idx = {c: i for i, c in enumerate(game.deck)}
    partner_card = _partner_card(state)
    tricks = _tricks(state)
    batch = PandoerenBatch.from_states([state]).take(np.zeros(n, dtype=np.int64))
    # everything that depends on the hidden hands is replaced from the layouts
    batch.hands[:] = hands
    partner = np.full(n, -1, dtype=np.int64)
    if view["partner_public"]:
        partner[:] = -1 if view["partner"] is None else view["partner"]
    elif partner_card is not None:
        pc = np.uint64(1 << idx[partner_card])
        who = next((p.seat for plays in tricks for p in plays if p.card == partner_card), None)
        if who is not None:
            partner[:] = who if who != d else -1
        else:
            for s in range(4):
                if s != d:
                    partner[(hands[:, s] & pc) != 0] = s
    batch.partner = partner
    winners = [t.winner for t in state.tricks]
    batch.team_lost = np.array([any(w not in (d, p) for w in winners) for p in partner],
                               dtype=bool)
    batch.stuk_held[:] = False
    batch.roem_val[:] = 0
    batch.roem_counted[:] = 0
    if kind.counts_roem:
        roem_of = _roem_facts(game)
        start = hands | np.array(played_by, dtype=np.uint64)
        kq = hand_mask(idx, [Card("K", trump), Card("Q", trump)]) if trump else 0
        batch.stuk_held[:] = (start & np.uint64(kq)) == np.uint64(kq) if kq else False
        bidders = {s for s, c in state.auction.calls if c != "pass"}
        for b in range(n):
            seat_facts = [roem_of(int(start[b, s])) for s in range(4)]
            batch.roem_val[b] = [f[0] for f in seat_facts]
            batch.roem_counted[b] = _roem_counts(seat_facts, d, int(partner[b]), bidders,
                                                opts.roem_denial)
    return batch


def layout_constraints(state: Any) -> dict[str, Any]:
    """What the seat to move knows of the hidden cards in the play, as
    :func:`~cardlab.sim.sampling.fill_layouts` takes it (module docstring): ``pool`` (the
    hidden cards' pack indices), ``hidden`` (the closed seats it cannot see, in row order)
    and ``need`` (their sizes), ``allowed[row, card]`` (the last row: the declarer's
    discard), ``accept`` (the test of a whole layout for roem and stuk, or None), ``known``
    (every hand's mask, 0 where hidden) and ``played_by`` (each seat's played cards)."""
    from cardlab.cards import Card

    game, me = state.game, state.to_move
    deck = game.deck
    idx = {c: i for i, c in enumerate(deck)}
    view = state.view(me)
    d = state.declarer
    known = np.zeros(4, dtype=np.uint64)
    hidden = []
    for h in view["hands"]:
        if h["cards"] is None:
            hidden.append(h["seat"])
        else:
            known[h["seat"]] = np.uint64(hand_mask(idx, deck.parse_many(" ".join(h["cards"]))))
    need = [next(h["count"] for h in view["hands"] if h["seat"] == s) for s in hidden]
    tricks = _tricks(state)
    played_by = [0, 0, 0, 0]
    for plays in tricks:
        for p in plays:
            played_by[p.seat] |= 1 << idx[p.card]
    seen = int(np.bitwise_or.reduce(known)) | sum(played_by)
    for x in view["extras"]:
        if x["label"] == "discard" and x["cards"]:
            seen |= hand_mask(idx, deck.parse_many(" ".join(x["cards"])))
    pool = [i for i in range(len(deck)) if not seen >> i & 1]
    slot = {s: j for j, s in enumerate(hidden)}
    allowed = np.ones((len(hidden) + 1, len(deck)), dtype=bool)
    other = len(hidden)  # the "elsewhere" row: the declarer's discard
    hers = [slot[d], other] if d in slot else [other]  # the declarer's hand or discard

    def only(i: int, places: list[int]) -> None:
        keep = allowed[places, i].copy()
        allowed[:, i] = False
        allowed[places, i] = keep

    # A2.8 each card played was legal: a hidden card that would have made it illegal was
    # not in that hand
    for s, i in _barred_by_plays(state, tricks, [deck[i] for i in pool]):
        if s in slot:
            allowed[slot[s], idx[i]] = False
    # A2.4 the kijkkaart: face up at the deal, then in the declarer's hand or her discard
    kk = state.kijkkaart  # public: every seat saw it before the auction
    if idx[kk] in pool:
        only(idx[kk], hers)
    # A2.7.3 / P-A8 the call: what the declarer must have held or discarded to call it
    for c in _owned_by_call(state, [deck[i] for i in pool]):
        only(idx[c], hers)
    # A2.7.3 / P-A8 / A2.7.4 / P-A9 the card that makes the partner
    partner_card = _partner_card(state)
    if partner_card is not None and idx[partner_card] in pool:
        i = idx[partner_card]
        mine = view["partner"]
        if mine is not None and mine in slot:  # a public partner holds it
            only(i, [slot[mine]])
        else:
            if state.bid.kind.partner == "called" or game.options.kereltje_own_jas == "illegal":
                only(i, [slot[s] for s in hidden if s != d])
            # the play so far, partner by partner: who would have been made public or ended
            # the deal
            for j, who in enumerate([*hidden, None]):
                if not _partner_fits(state, None if who == d else who):
                    allowed[j, i] = False
    # A2.10.3 stuk announced: the trump king and queen were in that hand
    names = list(game.seat_names)
    trump = state.trump
    for name in view["stuk"]:
        s = names.index(name)
        for r in "KQ":
            c = idx[Card(r, trump)]
            if s in slot and c in pool:
                only(c, [slot[s]])
    return {"pool": pool, "hidden": hidden, "need": need, "allowed": allowed,
            "accept": _roem_test(state, view, slot, played_by), "known": known,
            "played_by": played_by}


def _draw(pool: list[int], need: list[int], allowed: np.ndarray, n: int, seed: int,
          accept: Callable[[np.ndarray], bool] | None) -> np.ndarray:
    """``n`` layouts from :func:`~cardlab.sim.sampling.fill_layouts`; with ``accept``, drawn
    again (more each round) until ``n`` pass it: the sampler's greedy remainder does not
    test it."""
    masks = fill_layouts(pool, need, allowed, n, seed, accept)
    if accept is None:
        return masks
    keep = [row for row in masks if accept(row)]
    for r in range(1, _ROUNDS):
        if len(keep) >= n:
            break
        more = fill_layouts(pool, need, allowed, (n - len(keep)) << r,
                            derive_seed(seed, _ROUND, r), accept)
        keep += [row for row in more if accept(row)]
    if len(keep) < n:  # nothing passes: keep what the hard constraints allow
        keep += list(masks[: n - len(keep)])
    return np.array(keep[:n], dtype=np.uint64).reshape(n, len(need))


def _tricks(state: Any) -> list[Sequence[Any]]:
    """The plays of every trick so far, the current one last (public: face up)."""
    return [t.plays for t in state.tricks] + (
        [state.trick.plays] if state.trick is not None and state.trick.plays else [])


def _partner_card(state: Any) -> Any:
    """The card whose holder is the partner: the called card (A2.7.3), Kereltje's jas
    (A2.7.4), or None."""
    from cardlab.cards import Card

    kind = state.bid.kind
    if kind.partner == "called":
        return state.called
    if kind.partner == "jas" and state.trump:
        return Card("J", state.trump)
    return None


def _barred_by_plays(state: Any, tricks: list[Sequence[Any]], unseen: list[Any]
                     ) -> list[tuple[int, Any]]:
    """A2.8: ``(seat, card)`` for each unseen card a seat cannot hold because it would have
    made one of that seat's plays illegal. The test is the engine's own
    :func:`~cardlab.games.pandoeren.judge.card_mask` on the hand of the card played and
    that one card: a hand may play a card only if no card of it alone forbids it (every
    duty of A2.8 is set off by one card: one of the led suit, one trump, one higher trump,
    one card that is not a lower trump), and a card that forbids it is still in the hand
    now if it is unseen."""
    from cardlab.games.pandoeren.judge import card_mask
    from cardlab.games.pandoeren.rules import play_tables

    opts = state.game.options
    bit = play_tables(opts.rank_order).card_bit
    out = []
    for plays in tricks:
        for k, p in enumerate(plays[1:], start=1):
            before = plays[:k]
            for c in unseen:
                if not card_mask((p.card, c), before, state.trump, opts) & bit[p.card]:
                    out.append((p.seat, c))
    return out


def _owned_by_call(state: Any, unseen: list[Any]) -> list[Any]:
    """A2.7.3 / P-A8: the unseen cards the declarer held or discarded, as the call shows (a
    called king: every ace she could have called). The test is the engine's own
    :func:`~cardlab.games.pandoeren.kernel.call_mask`: a card is hers when, were it the one
    card (beside the called one) not hers, the called card could not have been called."""
    from cardlab.cards import Card
    from cardlab.games.pandoeren.kernel import call_mask
    from cardlab.games.pandoeren.rules import call_rank_masks, play_tables

    called = state.called
    if called is None:
        return []
    bit = play_tables(state.game.options.rank_order).card_bit
    trump_ace = bit[Card("A", state.trump)] if state.trump else 0
    allow = bool(state.game.options.allow_call_trump_ace)
    every = sum(bit[c] for c in state.game.deck)
    return [c for c in unseen if c != called
            and not call_mask(call_rank_masks(), every & ~bit[c] & ~bit[called], trump_ace,
                              allow) & bit[called]]


def _partner_fits(state: Any, partner: int | None) -> bool:
    """Could ``partner`` (None: the declarer alone) be the partner, given the play so far?
    The partnership is public once the declarer wins a trick with a partner (A2.7.3), and a
    deal whose trick objective has failed stops there (A2.11, ``stop_when_decided``): the
    engine's own :func:`~cardlab.games.pandoeren.scoring.objective_status` on the team."""
    from cardlab.games.pandoeren.scoring import objective_status

    d = state.declarer
    won = any(t.winner == d for t in state.tricks)
    if not state.partner_public and won and partner is not None:
        return False
    if state.game.options.stop_when_decided:
        team = (d,) if partner is None else tuple(sorted((d, partner)))
        for k in range(1, len(state.tricks) + 1):
            if objective_status(state.bid, state.game.options, state.tricks[:k], d, team,
                                state.trump, final=False) is False:
                return False
    return True


def _roem_test(state: Any, view: dict[str, Any], slot: dict[int, int], played_by: list[int]
               ) -> Callable[[np.ndarray], bool] | None:
    """A2.10.2 / A2.10.3: the test of a layout for the roem and stuk the seat knows: a
    hidden seat whose roem is public held exactly that much at trick 1, and (roem and stuk
    announced by the engine, ``roem_announce="auto"``) held the trump king and queen exactly
    if its stuk was announced with its roem. None when nothing is to test."""
    from cardlab.cards import Card
    from cardlab.sim.pandoeren.batch import _roem_facts

    game = state.game
    if not state.bid.kind.counts_roem:
        return None
    names = list(game.seat_names)
    idx = {c: i for i, c in enumerate(game.deck)}
    roem_known = {s: view["roem"].get(names[s], 0) for s in slot
                  if state.roem_was_announced(s)}
    stuk_known: dict[int, bool] = {}
    kq = 0
    if game.options.roem_announce == "auto" and state.trump:
        kq = hand_mask(idx, [Card("K", state.trump), Card("Q", state.trump)])
        stuk_known = {s: names[s] in view["stuk"] for s in roem_known}
    if not roem_known:
        return None
    roem_of = _roem_facts(game)

    def accept(row: np.ndarray) -> bool:
        start = {s: int(row[slot[s]]) | played_by[s] for s in roem_known}
        return (all(roem_of(start[s])[0] == v for s, v in roem_known.items())
                and all((start[s] & kq == kq) == v for s, v in stuk_known.items()))

    return accept
