"""A Monte Carlo hint: which card should the seat to move play?

For each legal play, :func:`hint` deals ``n`` layouts of the cards the seat to
move cannot see, consistent with what it has seen, plays the card and then the
rest of the deal with the batch simulator, and averages the result. The value
of a play is the mover's side's score minus the other side's (Five Hundred:
side points of the deal; Officer Skat: the seat's points minus the
opponent's; Pandoeren: the declaring side's points, counted for the mover if it
is on that side in the layout and against it otherwise, or the mover's own points
under ``scoring="zero_sum_per_opponent"``; Panfin: the mover's net chips), each deal
scored on its own.

What the sampler respects: the seat's own hand, every card seen (played,
face up, the discards if it is the contractor), each hand's size, and (Five
Hundred) the voids players have shown — a seat that failed to follow a suit gets
no card of that effective suit; in misère, under J3, a seat that showed a void
cannot hold the unnominated joker. Officer Skat: the face-down cards are
unknown to both players, so they are shuffled among the face-down places.
Nothing else is inferred (no reading of the bidding). Pandoeren and Panfin: see
:mod:`cardlab.sim.sampling_trick_games` (the kijkkaart, the called card and the
partner, stuk and public roem; the turned-up card, the cut's Gobbo, the voids).

>>> import cardlab, cardlab.sim
>>> game = cardlab.load("officer_skat")
>>> st = game.deal(seed=4, dealer=0).apply("declare grand")
>>> while st.phase != "play":
...     st = st.apply(st.legal_actions()[-1])
>>> h = cardlab.sim.hint(st, n=64, seed=1)
>>> h["best"] in h["values"] and h["best"] in [str(a) for a in st.legal_actions()]
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from cardlab.sim.rng import PLAY_STREAM, Streams, derive_seeds, shuffle_batch
from cardlab.sim.studies import deal_seeds

__all__ = ["hint", "sample_layouts"]


def hint(state: Any, *, n: int = 200, seed: int = 0, policy: str = "heuristic"
         ) -> dict[str, Any]:
    """The best play for the seat to move by Monte Carlo over ``n`` layouts.

    :returns: ``{"seat", "best" (action string), "values" (action → mean value),
        "stderr" (action → its standard error), "n", "policy"}``; the card plays, in the
        engine's order (a call beside them, such as Officer Skat's Re, is not valued).
    """
    if state.phase != "play":
        raise ValueError("hint works in the play phase")
    # the cards are valued; a call that stands beside them (Officer Skat's Re at the
    # opening lead, B-6) is not a card to play out
    legal = [str(a) for a in state.legal_actions() if a.verb == "play"]
    name = state.game.name
    if len(legal) == 1:
        return {"seat": state.to_move, "best": legal[0], "values": {legal[0]: 0.0},
                "stderr": {legal[0]: 0.0}, "n": 0, "policy": policy}
    if name == "five_hundred":
        values = _hint_500(state, legal, n, seed, policy)
    elif name == "officer_skat":
        values = _hint_skat(state, legal, n, seed, policy)
    elif name == "pandoeren":
        values = _hint_pandoeren(state, legal, n, seed, policy)
    elif name == "panfin":
        values = _hint_panfin(state, legal, n, seed, policy)
    else:
        raise NotImplementedError(
            f"hint covers five_hundred, officer_skat, pandoeren and panfin, not {name}")
    means = {a: float(v.mean()) for a, v in zip(legal, values)}
    errs = {a: float(v.std() / np.sqrt(len(v))) for a, v in zip(legal, values)}
    best = max(legal, key=lambda a: means[a])  # ties: the earlier action
    return {"seat": state.to_move, "best": best, "values": means, "stderr": errs, "n": n,
            "policy": policy}


def _rollout(batch: Any, cards: np.ndarray, named: np.ndarray | None, seeds: np.ndarray,
             policy: str) -> None:
    live = np.ones(batch.size, dtype=bool)
    if named is None:
        batch.apply(cards, live)
    else:
        batch.apply(cards, named, live)
    batch.play(policy, Streams(derive_seeds(seeds, PLAY_STREAM)))


# -- Five Hundred ---------------------------------------------------------------------------
def sample_layouts(state: Any, n: int, seed: int) -> np.ndarray:
    """Five Hundred: ``(n, 4)`` hand masks for the hidden hands of ``state`` (the seat to
    move's own and face-up hands as they are), consistent with sizes and shown voids."""
    from cardlab.sim.five_hundred import tables_for

    game, seat = state.game, state.to_move
    deck = game.deck
    tb = tables_for(game)
    hidden = state.hidden_cards(seat)
    slots = [s for s in range(4) if s != seat and not state.face_up(s)]
    need = [len(state.hands[s]) for s in slots]
    pool = sorted(deck.index(c) for c in hidden)
    rest = len(pool) - sum(need)  # kitty / discards / nobody's
    rules = state.rules
    allowed = np.ones((len(slots) + 1, len(deck)), dtype=bool)
    for k, s in enumerate(slots):
        for suit in state.shown_void[s]:
            for c in deck:
                if rules.suit_of[c] == suit:
                    allowed[k, deck.index(c)] = False
        if (state.misere and game.options.misere_void_must_play_joker and state.shown_void[s]
                and tb.joker >= 0 and rules.suit_of[deck[tb.joker]] is None):
            allowed[k, tb.joker] = False  # J3: void and holding the joker, it had to go
    base = np.zeros(4, dtype=np.uint64)
    for s in range(4):
        if s not in slots:
            base[s] = np.uint64(sum(1 << deck.index(c) for c in state.hands[s]))
    owners = np.repeat(np.arange(len(slots) + 1), need + [rest])  # slot of each dealt place
    pool_a = np.array(pool, dtype=np.int64)
    out = np.zeros((n, 4), dtype=np.uint64)
    got = 0
    rounds = 0
    while got < n and rounds < 8:
        # rejection: shuffle the pool into the places; keep the layouts that respect voids
        m = max(2 * (n - got), 16)
        seeds = deal_seeds(seed, 10_000 * rounds, 10_000 * rounds + m)
        cards = pool_a[shuffle_batch(seeds, len(pool_a))] if len(pool_a) else np.zeros(
            (m, 0), dtype=np.int64)
        ok = allowed[owners[None, :], cards].all(axis=1)
        keep = tb.bit[cards[ok][: n - got]]
        out[got:got + len(keep)] = base
        for k, s in enumerate(slots):
            out[got:got + len(keep), s] = np.bitwise_or.reduce(keep[:, owners == k], axis=1)
        got += len(keep)
        rounds += 1
    rng = np.random.default_rng(seed)  # rare fallback: a greedy, void-respecting fill
    while got < n:
        out[got] = base
        hands = _greedy_fill(pool, need, allowed, rng)
        for k, s in enumerate(slots):
            out[got, s] = np.uint64(sum(1 << c for c in hands[k]))
        got += 1
    return out


def _greedy_fill(pool: list[int], need: list[int], allowed: np.ndarray,
                 rng: np.random.Generator) -> list[list[int]]:
    """Most-constrained cards first, each to a random seat that may hold it and has room."""
    for _ in range(50):
        order = sorted(pool, key=lambda c: (allowed[: len(need), c].sum(), rng.random()))
        room = list(need) + [len(pool) - sum(need)]
        hands: list[list[int]] = [[] for _ in room]
        for c in order:
            ok = [k for k in range(len(room)) if room[k] and allowed[k, c]]
            if not ok:
                break
            k = ok[int(rng.integers(len(ok)))]
            hands[k].append(c)
            room[k] -= 1
        else:
            return hands
    # no consistent layout found (should not happen): ignore the voids
    shuffled = list(rng.permutation(pool))
    out, pos = [], 0
    for k in need:
        out.append([int(c) for c in shuffled[pos:pos + k]])
        pos += k
    return out


def _parse_play(game: Any, action: str) -> tuple[int, int]:
    from cardlab.games.five_hundred.rules import SUITS

    parts = action.split()
    card = game.deck.index(game.deck.parse(parts[1]))
    return card, (SUITS.index(parts[2]) if len(parts) == 3 else -1)


def _hint_500(state: Any, legal: list[str], n: int, seed: int, policy: str) -> list[np.ndarray]:
    from cardlab.sim.five_hundred import FiveHundredBatch

    layouts = sample_layouts(state, n, seed)
    base = FiveHundredBatch.from_states([state])
    k = len(legal)
    batch = base.take(np.zeros(n * k, dtype=np.int64))
    batch.hands[:] = np.tile(layouts, (k, 1))
    plays = [_parse_play(state.game, a) for a in legal]
    cards = np.repeat(np.array([p[0] for p in plays]), n)
    named = np.repeat(np.array([p[1] for p in plays]), n)
    seeds = np.tile(deal_seeds(seed, 0, n), k)
    _rollout(batch, cards, named, seeds, policy)
    pts = batch.scores()
    side = state.to_move % 2
    diff = pts[:, side] - pts[:, 1 - side]
    return [diff[i * n:(i + 1) * n].astype(float) for i in range(k)]


# -- Officer Skat ---------------------------------------------------------------------------
def _hint_skat(state: Any, legal: list[str], n: int, seed: int, policy: str
               ) -> list[np.ndarray]:
    from cardlab.sim.officer_skat import OfficerSkatBatch

    game = state.game
    deck = game.deck
    base = OfficerSkatBatch.from_states([state])
    # the face-down places still hidden: (seat, the card lying on top of it)
    places, pool = [], []
    for s, row in enumerate(state.layout.piles):
        for down, up in row:
            if down not in state.turned and down not in state.played:
                places.append((s, deck.index(up)))
                pool.append(deck.index(down))
    k = len(legal)
    batch = base.take(np.zeros(n * k, dtype=np.int64))
    if pool:
        perm = np.array(pool)[shuffle_batch(deal_seeds(seed, 0, n), len(pool))]
        perm = np.tile(perm, (k, 1))
        pool_bits = np.uint64(sum(1 << c for c in pool))
        batch.own &= ~pool_bits
        for j, (s, up) in enumerate(places):
            batch.under[:, up] = perm[:, j]
            batch.own[:, s] |= np.uint64(1) << perm[:, j].astype(np.uint64)
        if state.declarer is not None:
            batch.decl_cards = batch.own[:, state.declarer].copy()
    cards = np.repeat(np.array([deck.index(deck.parse(a.split()[1])) for a in legal]), n)
    seeds = np.tile(deal_seeds(seed, 0, n), k)
    _rollout(batch, cards, None, seeds, policy)
    pts = batch.scores()
    me = state.to_move
    diff = pts[:, me] - pts[:, 1 - me]
    return [diff[i * n:(i + 1) * n].astype(float) for i in range(k)]


# -- Pandoeren and Panfin -------------------------------------------------------------------
def _hint_pandoeren(state: Any, legal: list[str], n: int, seed: int, policy: str
                    ) -> list[np.ndarray]:
    from cardlab.sim.sampling_trick_games import pandoeren_batch

    deck = state.game.deck
    k = len(legal)
    batch = pandoeren_batch(state, n, seed).take(np.tile(np.arange(n), k))
    c = batch.tb.n_cards
    cards = np.full(n * k, c, dtype=np.int64)
    roem = np.zeros(n * k, dtype=bool)
    stuk = np.zeros(n * k, dtype=bool)
    for i, a in enumerate(legal):
        verb, arg = a.split()
        rows = slice(i * n, (i + 1) * n)
        if verb == "announce":
            (roem if arg == "roem" else stuk)[rows] = True
        else:
            cards[rows] = deck.index(deck.parse(arg))
    batch.announce(roem, stuk)  # the announcer stays to move; the policy plays on
    batch.apply(cards, cards < c)
    batch.play(policy, Streams(derive_seeds(np.tile(deal_seeds(seed, 0, n), k), PLAY_STREAM)))
    pts = batch.scores()
    me = state.to_move
    if state.game.options.scoring == "zero_sum_per_opponent":
        value = pts[:, me]
    else:
        side = batch.team_mask()[:, me]
        value = np.where(side, 1, -1) * pts[np.arange(n * k), batch.declarer]
    return [value[i * n:(i + 1) * n].astype(float) for i in range(k)]


def _hint_panfin(state: Any, legal: list[str], n: int, seed: int, policy: str
                 ) -> list[np.ndarray]:
    from cardlab.sim.sampling_trick_games import panfin_batch

    deck = state.game.deck
    k = len(legal)
    batch = panfin_batch(state, n, seed).take(np.tile(np.arange(n), k))
    c = batch.tb.n_cards
    first = np.full(n * k, c, dtype=np.int64)
    second = np.full(n * k, c, dtype=np.int64)
    for i, a in enumerate(legal):
        codes = a.split()[1:]
        first[i * n:(i + 1) * n] = deck.index(deck.parse(codes[0]))
        if len(codes) == 2:
            second[i * n:(i + 1) * n] = deck.index(deck.parse(codes[1]))
    batch.apply(first, second, np.ones(n * k, dtype=bool))
    batch.play(policy, Streams(derive_seeds(np.tile(deal_seeds(seed, 0, n), k), PLAY_STREAM)))
    value = batch.scores()[:, state.to_move]
    return [value[i * n:(i + 1) * n].astype(float) for i in range(k)]
