"""Panfin: layouts and whole deals consistent with what the seat to move can see.

In the trick phase, :func:`panfin_batch` deals ``n`` layouts of the cards the seat to move
cannot see and returns a :class:`~cardlab.sim.panfin.batch.PanfinBatch` holding one deal per
layout, ready to play on. It uses the seat's own hand, every card played, the size of
every hand, the voids a seat has shown (B2.10.3: a seat that did not answer the led suit
holds none, and with ``must_trump_when_void`` one that then played no trump holds no trump
either; a two-card answer to the jokers with fewer than two trumps shows the seat had no
more), the turned-up card the dealer took (B2.10.1: in the dealer's hand or her discard),
the Gobbo kept at the cut (B2.5: in the cutter's hand or discards), and that no active
hand held a combination when the declarations ended (B2.9). The Gobbo's "must be led
next" (B2.10.4, ``consecutive_forced``) is worked out from each layout.

Whole states:

:func:`sample_states` gives ``n`` scalar states at the same moment as ``state`` (the
dealer's choice of suit, a declaration, the dealer's swap, a card of the trick phase),
each a real deal replayed to that moment, for valuing the options of the seat to move by
what follows them: other seats decide before that seat plays a card, so a layout of the
hidden hands is not enough — their later exchanges draw from the stock, whose order
matters too. In the trick phase it is :func:`cardlab.sim.panfin.states.trick_states`'s
(every card played legal for its seat, by the kernel); before it, as follows.

What a sampled state keeps, because the seat to move knows it: its own hand, as dealt
and as it is now (its own exchange, its discards), the turned-up card(s) (B2.6), the
card(s) shown at the cut, the pot and stacks, and every public declaration so far:
who folded, who said servito, who said tengo and how many cards each exchanged (B2.7;
the words say how many, never which). What it deals at random, from the cards that
seat cannot see: the other hands now, the cards each of the others discarded, the stock
and its order, and which of an exchanger's cards are the ones it drew. Constraints
that follow from the rules:

* the Gobbo kept at the cut (B2.5) was dealt to the cutter: it is in the cutter's hand
  or its discards, never in the stock (and in its discards if the cutter exchanged four);
* a seat that said servito (when declarations go on after it,
  ``servito_ends_declarations=False``) holds four of one suit (B2.8);
* at the swap, the declarations ended with no combination (B2.9): no active hand holds one.

Nothing else is inferred (no reading of a seat's choices). The card shown at the cut is
placed like any hidden card (a stacked deal may put it anywhere). The layouts come from
the one sampler, :func:`cardlab.sim.sampling.fill_layouts`; the stock's order and the
drawn cards from cardlab's own shuffle, so a seed gives the same states on every machine,
and two deals the seat cannot tell apart give the same states.

>>> import cardlab
>>> state = cardlab.load("panfin").deal(seed=3).apply("tengo")
>>> states = sample_states(state, 4, seed=1)
>>> [(t.phase, t.to_move, t.hands[2] == state.hands[2]) for t in states][:2]
[('declare', 2, True), ('declare', 2, True)]
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardlab.engine.rng import derive_seed, shuffled
from cardlab.sim.sampling import fill_layouts, hand_mask

__all__ = ["sample_states", "panfin_batch", "PHASES"]

#: the moments :func:`sample_states` samples: a seat deciding, before the trick phase or in it
PHASES = ("choose", "declare", "swap", "play")
#: the seed paths of the stock's order and of the drawn cards (apart from fill_layouts')
_STOCK, _DRAWN, _RETRY, _SERVITO = 0x53544F43, 0x44524157, 0x52455452, 0x53525654


def sample_states(state: Any, n: int, seed: int) -> list[Any]:
    """``n`` Panfin states at the moment of ``state`` (a phase of :data:`PHASES`), the
    cards hidden from the seat to move dealt at random, consistent with what it knows
    (module docstring); each is ``game.deal(...)`` of a sampled deal with the deal's
    actions replayed, the others' exchanges (and in the trick phase the dealer's swap)
    naming the sampled discards.

    :raises ValueError: a finished deal (nobody to move), or no deal fits what the seat
        knows."""
    from cardlab.games.panfin.rules import GOBBO, classify, holds_one_suit

    if state.phase not in PHASES or state.to_move is None:
        raise ValueError(f"sample_states samples a seat deciding ({', '.join(PHASES)})"
                         f", not the {state.phase} phase")
    if state.phase == "play":
        from cardlab.sim.panfin.states import trick_states

        return trick_states(state, n, seed)
    game, me = state.game, state.to_move
    deck = game.deck
    idx = {c: i for i, c in enumerate(deck)}
    setup = state.setup
    line = state.states()
    acts = [(t.to_move, act) for t, act in zip(line, state.history)]
    # what each seat said: the number of cards it exchanged (public), servito, in order
    exchanged = {s: len(a.args) for s, a in acts if a.verb == "tengo" and a.args}
    servito = [s for s, a in acts if a.verb == "servito" and s != me]
    my_dealt = deck.parse_many(setup["hands"][me])
    my_discards = [c for s, c in state.discards if s == me]
    mine = set(state.hands[me]) | set(my_discards)
    pool = sorted(idx[c] for c in deck if c not in mine and c not in state.turnup)
    others = [s for s in range(game.players) if s != me]
    piles = [s for s in others if s in exchanged]  # the others' discards, one place each
    need = [len(state.hands[s]) for s in others] + [exchanged[s] for s in piles]
    allowed = np.ones((len(need) + 1, len(deck)), dtype=bool)
    gobbo_kept = bool(state.cut) and state.cut[0] is GOBBO and game.options.cut_gobbo_kept
    if gobbo_kept and idx[GOBBO] in pool:  # B2.5: dealt to the cutter, never in the stock
        allowed[:, idx[GOBBO]] = False
        cutter = state.cutter
        if exchanged.get(cutter, 0) < len(state.hands[cutter]):
            allowed[others.index(cutter), idx[GOBBO]] = True
        if cutter in piles:
            allowed[len(others) + piles.index(cutter), idx[GOBBO]] = True
    checks: list[tuple[int, Any]] = [(others.index(s), holds_one_suit) for s in servito]
    if state.phase == "swap":  # B2.9: no combination, or the deal would have ended
        checks += [(others.index(s), lambda h: classify(h, state.dominant) is None)
                   for s in others if not state.folded[s]]
    memo: dict[tuple[int, int], bool] = {}

    def accept(row: np.ndarray) -> bool:
        for j, test in checks:
            key = (j, int(row[j]))
            if key not in memo:
                memo[key] = bool(test(_cards(deck, key[1])))
            if not memo[key]:
                return False
        return True

    if servito:
        masks = _with_servito(deck, pool, need, allowed, n, seed, [others.index(s) for s in
                                                                    servito], accept)
    else:
        masks = fill_layouts(pool, need, allowed, n, seed, accept if checks else None)
        for i in range(n):  # fill_layouts may not find every row it was asked for: draw again
            for attempt in range(50):
                if accept(masks[i]):
                    break
                masks[i] = fill_layouts(pool, need, allowed, 1, derive_seed(seed, _RETRY, i,
                                                                            attempt), accept)[0]
            else:
                raise ValueError("no deal fits what the seat to move knows")
    out = []
    for i, row in enumerate(masks):
        now = {s: _cards(deck, int(row[j])) for j, s in enumerate(others)}
        thrown = {s: _cards(deck, int(row[len(others) + j])) for j, s in enumerate(piles)}
        placed = int(np.bitwise_or.reduce(row)) if len(row) else 0
        stock = shuffled([deck[c] for c in pool if not placed >> c & 1],
                         derive_seed(seed, _STOCK, i))
        dealt, drawn = {}, []
        for s in state.order:  # B2.7 the exchanges drew from the stock's top, in turn
            if s == me:
                dealt[s] = list(my_dealt)
                kept = set(my_dealt) - set(my_discards)
                drawn += [c for c in state.hands[me] if c not in kept]
                continue
            hand = now[s]
            if s in exchanged:
                # which of its cards it drew is hidden: any but a Gobbo kept at the cut
                drawable = [c for c in hand if not (gobbo_kept and c is GOBBO)]
                got = shuffled(drawable, derive_seed(seed, _DRAWN, i, s))[:exchanged[s]]
                drawn += got
                hand = [c for c in hand if c not in got] + thrown[s]
            dealt[s] = hand
        t = game.deal(dealer=state.dealer, hands=[_codes(dealt[s]) for s in range(game.players)],
                      cut=setup.get("cut"), turnup=setup["turnup"],
                      stock=_codes([*drawn, *stock]), pot=setup.get("pot", 0),
                      stacks=setup.get("stacks"))
        for s, act in acts:
            if act.verb == "tengo" and s != me and act.args:
                act = "tengo " + _codes(thrown[s])
            t = t.apply(act)
        assert t.to_move == me and t.phase == state.phase and t.hands[me] == state.hands[me]
        out.append(t)
    return out


def _with_servito(deck: Any, pool: list[int], need: list[int], allowed: np.ndarray, n: int,
                  seed: int, places: list[int], accept: Any) -> np.ndarray:
    """B2.8 layouts where the hands at ``places`` hold four of one suit (jokers wild): each
    such hand drawn uniformly from the pool's servito hands, the rest by fill_layouts."""
    from itertools import combinations

    from cardlab.engine.rng import SplitMix64
    from cardlab.games.panfin.rules import holds_one_suit, is_joker

    jokers = [c for c in pool if is_joker(deck[c])]
    out = np.zeros((n, len(need)), dtype=np.uint64)
    for i in range(n):
        rng = SplitMix64(derive_seed(seed, _SERVITO, i))
        for attempt in range(50):
            left, row = list(pool), np.zeros(len(need), dtype=np.uint64)
            for j in places:
                hands = [h for suit in "SBCD" for h in combinations(
                    sorted([c for c in left if deck[c].suit == suit and not is_joker(deck[c])]
                           + [c for c in jokers if c in left]), need[j])
                    if allowed[j, list(h)].all() and holds_one_suit([deck[c] for c in h])]
                hands = sorted(set(hands))
                if not hands:
                    raise ValueError("no deal fits what the seat to move knows")
                pick = hands[rng.randbelow(len(hands))]
                row[j] = np.uint64(sum(1 << c for c in pick))
                left = [c for c in left if c not in pick]
            rest = [j for j in range(len(need)) if j not in places]
            got = fill_layouts(left, [need[j] for j in rest],
                               allowed[[*rest, len(need)]], 1,
                               derive_seed(seed, _SERVITO, i, attempt))[0]
            row[rest] = got
            if accept(row):
                out[i] = row
                break
        else:
            raise ValueError("no deal fits what the seat to move knows")
    return out


def _cards(deck: Any, mask: int) -> list[Any]:
    """The cards of ``mask`` (bit ``i`` = the pack's ``i``-th card), in pack order."""
    return [deck[i] for i in range(len(deck)) if mask >> i & 1]


def _codes(cards: Any) -> str:
    return " ".join(c.code for c in cards)


def panfin_batch(state: Any, n: int, seed: int) -> Any:
    """A ``PanfinBatch`` of ``n`` deals: ``state`` with the cards hidden from the seat to
    move dealt at random, consistent with what it knows (module docstring)."""
    from cardlab.games.panfin import kernel
    from cardlab.games.panfin.rules import GOBBO, VECIA, dominant_index
    from cardlab.sim.panfin.batch import PanfinBatch

    game, me = state.game, state.to_move
    deck = game.deck
    idx = {c: i for i, c in enumerate(deck)}
    opts = game.options
    view = state.view(me)
    dom = state.dominant
    players = game.players
    known = np.zeros(players, dtype=np.uint64)
    hidden, need = [], []
    for h in view["hands"]:
        if h["cards"] is None:
            if h["count"]:
                hidden.append(h["seat"])
                need.append(h["count"])
        else:
            known[h["seat"]] = np.uint64(hand_mask(idx, deck.parse_many(" ".join(h["cards"]))))
    # the plays are public (B2.10): every trick so far and the one on the table
    tricks = [plays for _, plays, _ in state.tricks_] + ([state.trick_] if state.trick_ else [])
    seen = int(np.bitwise_or.reduce(known))
    for plays in tricks:
        for _, cards in plays:
            seen |= hand_mask(idx, cards)
    for x in view["extras"]:
        if x["label"] == "my discards":
            seen |= hand_mask(idx, deck.parse_many(" ".join(x["cards"])))
    turnup = list(state.turnup)
    taken = turnup.pop() if state.swapped else None
    seen |= hand_mask(idx, turnup)  # B2.10.1: a turned-up card not taken stays on the table
    pool = [i for i in range(len(deck)) if not seen >> i & 1]
    slot = {s: j for j, s in enumerate(hidden)}
    other = len(hidden)
    allowed = np.ones((len(hidden) + 1, len(deck)), dtype=bool)

    def only(i: int, seat: int) -> None:
        keep = [slot[seat], other] if seat in slot else [other]
        allowed[:, i] = False
        allowed[keep, i] = True

    if taken is not None and idx[taken] in pool:
        only(idx[taken], state.dealer)  # the dealer's hand, or her discard
    cut = list(state.cut)
    if cut and cut[0] is GOBBO and opts.cut_gobbo_kept and idx[GOBBO] in pool:
        only(idx[GOBBO], state.cutter)  # kept by the cutter (B2.5), or exchanged away
    # B2.10.3 shown voids
    order = state.card_order()  # the dominant suit's, as the engine's legality reads it
    eff = [order.effective_suit(c) for c in deck]
    trumps = [i for i, c in enumerate(deck) if order.is_trump(c)]
    for plays in tricks:
        led = order.effective_suit(plays[0][1][0])
        for seat, cards in plays[1:]:
            if seat not in slot:
                continue
            row = slot[seat]
            if len(cards) == 2:  # answering the jokers: trumps while one has them
                if sum(order.is_trump(c) for c in cards) < 2:
                    allowed[row, trumps] = False
                continue
            if order.effective_suit(cards[0]) != led:
                allowed[row, [i for i in range(len(deck)) if eff[i] == led]] = False
                if opts.must_trump_when_void and not order.is_trump(cards[0]):
                    allowed[row, trumps] = False
    # B2.9: the trick phase began, so no active hand held a combination when the
    # declarations ended (the dealer's hand then is unknown if she swapped after)
    played_by = [0] * players
    for plays in tricks:
        for seat, cards in plays:
            played_by[seat] |= hand_mask(idx, cards)
    check = [s for s in hidden if not state.folded[s] and not (state.swapped
                                                               and s == state.dealer)]
    memo: dict[int, bool] = {}
    combos, d = kernel.combination_tables(), dominant_index(dom)

    # B2.9 by the kernel: a mask over the game's deck is a kernel card mask (both are the
    # Treviso pack in order), each hand here four cards (held now and played)
    def plain(mask: int) -> bool:
        got = memo.get(mask)
        if got is None:
            got = memo[mask] = kernel.combination_kind(combos, mask, d) == kernel.NO_COMBINATION
        return got

    def accept(row: np.ndarray) -> bool:
        return all(plain(int(row[slot[s]]) | played_by[s]) for s in check)

    masks = fill_layouts(pool, need, allowed, n, seed, accept if check else None)
    hands = np.tile(known, (n, 1))
    for s, j in slot.items():
        hands[:, s] = masks[:, j]
    batch = PanfinBatch.from_states([state]).take(np.zeros(n, dtype=np.int64))
    batch.hands[:] = hands
    # B2.10.4 consecutive_forced: the seat that led the Vecia alone leads the Gobbo next if
    # it holds it — in this layout
    due = np.full(n, -1, dtype=np.int64)
    last = state.trick_ or (state.tricks_[-1][1] if state.tricks_ else ())
    if opts.both_jokers_lead == "consecutive_forced" and last and last[0][1] == (VECIA,):
        s = last[0][0]
        due[(hands[:, s] & np.uint64(1 << idx[GOBBO])) != 0] = s
    batch.gobbo_due = due
    return batch
