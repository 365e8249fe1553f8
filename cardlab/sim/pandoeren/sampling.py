"""Pandoeren: layouts of the hidden cards for the hint in the play.

:func:`pandoeren_batch` deals ``n`` layouts of the cards the seat to move cannot see and
returns a :class:`~cardlab.sim.pandoeren.batch.PandoerenBatch` holding one deal per layout,
ready to play on. It uses only what that seat may know:

* its own hand, the hands laid open (ouvert, praatje), every card played, the size of
  every hand (all from ``state.view(seat)``), and the kijkkaart, which everyone saw face
  up at the deal (A2.4), so it lies in the declarer's hand or is her discard; the discard
  itself only for the declarer;
* the voids a seat has shown by not following (A2.8: a seat that played another plain
  suit — or, unless ``trump_while_able_to_follow``, a trump — holds none of the led suit,
  and one that did not follow a led trump holds at most the jas, if ``jas_never_forced``);
* the called card is held by neither the declarer nor her discard (A2.7.3 / P-A8), the
  jas of a Kereltje likewise under ``kereltje_own_jas="illegal"``; a public partner holds
  the called card; a seat that announced stuk held the trump king and queen; a seat whose
  roem is public held exactly that much roem at trick 1.

What depends on the hidden hands is then worked out from each sampled layout, never read
from the real one: the partner (the holder of the called ace or the jas in the layout,
unless the partnership is public), who on the declaring side has lost a trick, stuk held,
roem in hand and the roem that would count (denial included). The batch's public fields
(trick so far, points, announcements) come from the state.

Nothing else is inferred (no reading of the bidding or of which card beat which). The
layouts come from the one sampler, :func:`cardlab.sim.sampling.fill_layouts`, given these
constraints.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardlab.sim.sampling import fill_layouts, hand_mask

__all__ = ["pandoeren_batch"]


def pandoeren_batch(state: Any, n: int, seed: int) -> Any:
    """A ``PandoerenBatch`` of ``n`` deals: ``state`` with the cards hidden from the seat to
    move dealt at random, consistent with what it knows (module docstring)."""
    from cardlab.cards import Card
    from cardlab.sim.pandoeren.batch import PandoerenBatch, _roem_counts, _roem_facts

    game, me = state.game, state.to_move
    deck = game.deck
    idx = {c: i for i, c in enumerate(deck)}
    opts = game.options
    view = state.view(me)
    d = state.declarer
    trump = state.trump
    kind = state.bid.kind
    # what the mover sees
    known = np.zeros(4, dtype=np.uint64)
    hidden = []
    for h in view["hands"]:
        if h["cards"] is None:
            hidden.append(h["seat"])
        else:
            known[h["seat"]] = np.uint64(hand_mask(idx, deck.parse_many(" ".join(h["cards"]))))
    need = [next(h["count"] for h in view["hands"] if h["seat"] == s) for s in hidden]
    tricks = [t["plays"] for t in view["tricks"]] + ([view["trick"]] if view["trick"] else [])
    played_by = [0, 0, 0, 0]
    for plays in tricks:
        for p in plays:
            played_by[p["seat"]] |= 1 << idx[deck.parse(p["card"])]
    seen = int(np.bitwise_or.reduce(known)) | sum(played_by)
    for x in view["extras"]:
        if x["label"] == "discard" and x["cards"]:
            seen |= hand_mask(idx, deck.parse_many(" ".join(x["cards"])))
    pool = [i for i in range(len(deck)) if not seen >> i & 1]
    slot = {s: j for j, s in enumerate(hidden)}
    allowed = np.ones((len(hidden) + 1, len(deck)), dtype=bool)
    other = len(hidden)  # the "elsewhere" row: the declarer's discard

    def only(card: Card, places: list[int]) -> None:
        i = idx[card]
        keep = allowed[places, i].copy()
        allowed[:, i] = False
        allowed[places, i] = keep

    # A2.8 shown voids
    suits = {s: [i for i, c in enumerate(deck) if c.suit == s] for s in "SCDH"}
    jas = Card("J", trump) if trump else None
    for plays in tricks:
        led = deck.parse(plays[0]["card"]).suit
        for p in plays[1:]:
            suit = deck.parse(p["card"]).suit
            if suit == trump and opts.trump_while_able_to_follow:
                continue  # trumping shows nothing: one may trump while able to follow
            if p["seat"] in slot and suit != led:
                void = [i for i in suits[led] if not (led == trump and opts.jas_never_forced
                                                      and deck[i] == jas)]
                allowed[slot[p["seat"]], void] = False
    # A2.4 the kijkkaart: face up at the deal, then in the declarer's hand or her discard
    kk = state.kijkkaart  # public: every seat saw it before the auction
    if idx[kk] in pool:
        only(kk, [slot[d], other] if d in slot else [other])
    # A2.7.3 / P-A8 / A2.7.4 the card that makes the partner
    partner_card = state.called if kind.partner == "called" else (
        jas if kind.partner == "jas" else None)
    public_partner = view["partner_public"]
    if partner_card is not None and idx[partner_card] in pool:
        mine = view["partner"]
        if mine is not None and mine in slot:  # a public partner holds it
            only(partner_card, [slot[mine]])
        elif kind.partner == "called" or opts.kereltje_own_jas == "illegal":
            only(partner_card, [slot[s] for s in hidden if s != d])
    # A2.10.3 stuk announced: the trump king and queen were in that hand
    names = list(game.seat_names)
    for name in view["stuk"]:
        s = names.index(name)
        for r in "KQ":
            c = Card(r, trump)
            if s in slot and idx[c] in pool:
                only(c, [slot[s]])
    # A2.10.2 public roem: that seat's roem at trick 1 is known exactly
    roem_known = {}
    if kind.counts_roem:
        for s in range(4):
            if state.roem_was_announced(s) and s in slot:
                roem_known[s] = view["roem"].get(names[s], 0)
    roem_of = _roem_facts(game)

    def accept(row: np.ndarray) -> bool:
        return all(roem_of(int(row[slot[s]]) | played_by[s])[0] == v
                   for s, v in roem_known.items())

    masks = fill_layouts(pool, need, allowed, n, seed, accept if roem_known else None)
    hands = np.tile(known, (n, 1))
    for s, j in slot.items():
        hands[:, s] = masks[:, j]

    batch = PandoerenBatch.from_states([state]).take(np.zeros(n, dtype=np.int64))
    # everything that depends on the hidden hands is replaced from the layouts
    batch.hands[:] = hands
    partner = np.full(n, -1, dtype=np.int64)
    if public_partner:
        partner[:] = -1 if view["partner"] is None else view["partner"]
    elif partner_card is not None:
        pc = np.uint64(1 << idx[partner_card])
        who = next((p["seat"] for plays in tricks for p in plays
                    if p["card"] == partner_card.code), None)
        if who is not None:
            partner[:] = who if who != d else -1
        else:
            for s in range(4):
                if s != d:
                    partner[(hands[:, s] & pc) != 0] = s
    batch.partner = partner
    winners = [t["winner"] for t in view["tricks"]]
    batch.team_lost = np.array([any(w not in (d, p) for w in winners) for p in partner],
                               dtype=bool)
    batch.stuk_held[:] = False
    batch.roem_val[:] = 0
    batch.roem_counted[:] = 0
    if kind.counts_roem:
        start = hands | np.array(played_by, dtype=np.uint64)
        kq = hand_mask(idx, [Card("K", trump), Card("Q", trump)]) if trump else 0
        batch.stuk_held[:] = (start & np.uint64(kq)) == np.uint64(kq) if kq else False
        bidders = {s for s, c in state.auction.calls if c != "pass"}
        for b in range(n):
            facts = [roem_of(int(start[b, s])) for s in range(4)]
            batch.roem_val[b] = [f[0] for f in facts]
            batch.roem_counted[b] = _roem_counts(facts, d, int(partner[b]), bidders,
                                                opts.roem_denial)
    return batch
