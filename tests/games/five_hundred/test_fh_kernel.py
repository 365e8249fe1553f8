"""Five Hundred's kernel (cardlab/games/five_hundred/kernel.py): one deal and a batch agree,
and the teaching engine's legal list is the kernel's mask."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import cardlab
from cardlab.engine.auction import Auction
from cardlab.engine.rng import SplitMix64
from cardlab.games.five_hundred import auction as au
from cardlab.games.five_hundred import kernel
from cardlab.games.five_hundred.kernel import (
    contract_made,
    contract_points,
    deal_points,
    defence_points,
    legal_mask,
    trick_key,
)
from cardlab.games.five_hundred.rules import (
    SUITS,
    TABLE_KEYS,
    TRICKS,
    card_table,
    play_flags,
    scoring_flags,
)

#: options that change what the kernel decides (J3-J6) or scores (5H-8.3, 5H-10)
PLAY_OPTIONS = [
    {},
    {"joker_lead_nomination": "not_shown_void"},
    {"joker_lead_nomination": "any", "joker_after_all_suits_led": "none"},
    {"joker_after_all_suits_led": "no_play_before_last_trick"},
    {"joker_lead_only_last_trick": True, "misere_void_must_play_joker": False},
]
SCORING_OPTIONS = [
    {}, {"defensive_cap": 490}, {"defensive_cap": 480}, {"defender_points_ignored_above": 400},
    {"defenders_score_tricks": False}, {"slam_minimum": 0},
]
N = 3000


def _positions(game: Any, seed: int, n: int) -> dict[str, list[Any]]:
    """``n`` seeded play positions as the kernel's inputs: a contract, a hand, the suit led
    (or a lead), suits led, voids shown, the trick and whether it is a misère."""
    rng = SplitMix64(seed)
    size = len(game.deck)
    cols: dict[str, list[Any]] = {k: [] for k in (
        "hand", "suit_cards", "leading", "free", "suits_led", "shown_void", "trick_no",
        "misere")}
    for _ in range(n):
        table = card_table(game, *TABLE_KEYS[rng.randbelow(len(TABLE_KEYS))])
        trick_no = 1 + rng.randbelow(TRICKS)
        cards = list(range(size))
        hand = 0
        for _ in range(TRICKS + 1 - trick_no):  # a hand of the trick's size
            hand |= 1 << cards.pop(rng.randbelow(len(cards)))
        leading = rng.randbelow(3) == 0
        cols["hand"].append(hand)
        cols["suit_cards"].append(0 if leading else table.suit_masks[rng.randbelow(4)])
        cols["leading"].append(leading)
        cols["free"].append(table.free_jokers)
        cols["suits_led"].append(rng.randbelow(16))
        cols["shown_void"].append(rng.randbelow(16))
        cols["trick_no"].append(trick_no)
        cols["misere"].append(rng.randbelow(2) == 1)
    return cols


@pytest.mark.parametrize("opts", PLAY_OPTIONS, ids=str)
def test_legal_mask_on_ints_equals_on_arrays(opts: dict[str, Any]) -> None:
    """5H-7.1-5H-7.3 (follow the effective suit; J1-J6 the unnominated joker): the legal
    cards and the suits a led joker may name are the same for one deal at a time (ints)
    and for all at once (numpy arrays), over a few thousand seeded positions."""
    for players in (4, 6):
        game = cardlab.load("five_hundred", players=players, **opts)
        flags = play_flags(game.options)
        cols = _positions(game, 17 + players, N)
        ints = [legal_mask(*(cols[k][i] for k in cols), flags) for i in range(N)]
        if len(game.deck) <= 64:
            arrays = {k: np.array(v, dtype=np.uint64 if k in (
                "hand", "suit_cards", "free", "suits_led", "shown_void") else None)
                for k, v in cols.items()}
            cards, names = legal_mask(*arrays.values(), flags)
            assert [(int(c), int(s)) for c, s in zip(np.broadcast_to(cards, (N,)),
                                                      np.broadcast_to(names, (N,)))] == ints
        # the legal cards are held, never empty for a non-empty hand, and a joker names a
        # suit only when led (J4)
        for i, (c, s) in enumerate(ints):
            assert c and not c & ~cols["hand"][i]
            assert not s or (cols["leading"][i] and c & cols["free"][i])


def test_trick_key_on_ints_equals_on_arrays() -> None:
    """5H-7.1 the strength of every card of every contract against every suit led is the
    same on ints and on arrays, and orders the cards as the contract's card order does
    (``ContractRules.key``)."""
    game = cardlab.load("five_hundred")
    for den, nom in TABLE_KEYS:
        t = card_table(game, den, nom)
        rules = game.contract_rules(den, nom)
        for led in range(len(SUITS)):
            ints = [trick_key(e, p, led, t.trump) for e, p in zip(t.eff, t.power)]
            arr = trick_key(np.array(t.eff), np.array(t.power), np.full(len(t.eff), led),
                            np.full(len(t.eff), t.trump))
            assert arr.tolist() == ints == list(t.strength[led])
            keys = [rules.key(c, SUITS[led]) for c in game.deck]
            for a in range(len(ints)):
                for b in range(len(ints)):
                    assert (ints[a] > ints[b]) == (keys[a] > keys[b])


@pytest.mark.parametrize("opts", SCORING_OPTIONS, ids=str)
def test_deal_points_on_ints_equal_on_arrays(opts: dict[str, Any]) -> None:
    """5H-8.2 (made, failed, slam), 5H-8.3 (defenders' tens), 5H-8.4 (misère), 5H-10 (the
    490/480 cap and the over-400 rule): the same points on ints and on arrays over a few
    thousand seeded finished deals, and the engine's :func:`score` agrees."""
    game = cardlab.load("five_hundred", **opts)
    flags = scoring_flags(game.options)
    rng = SplitMix64(5)
    calls = [c for c in game.ladder.value]
    rows = []
    for _ in range(N):
        call = calls[rng.randbelow(len(calls))]
        misere = "misere" in call
        need = 0 if misere else int(call[:-2] if call.endswith("NT") else call[:-1])
        taken = rng.randbelow(TRICKS + 1)
        rows.append((game.ladder.value[call], need, taken, misere,
                     rng.randbelow(1000) - 500, TRICKS - taken, rng.randbelow(2) == 1,
                     rng.randbelow(2) == 1))
    value, need, taken, misere, old, other, contracting, all_pass = map(np.array, zip(*rows))
    gain = contract_points(value, need, taken, misere, flags.slam_minimum, flags.all_tricks)
    made = contract_made(taken, need, misere)
    defended = defence_points(old, other, flags)
    side = deal_points(contracting, gain, misere, all_pass, old, other, flags)
    for i, (v, nd, tk, ms, od, ot, ct, ap) in enumerate(rows):
        g = contract_points(v, nd, tk, ms, flags.slam_minimum, flags.all_tricks)
        assert g == gain[i] and contract_made(tk, nd, ms) == made[i]
        assert defence_points(od, ot, flags) == defended[i]
        assert deal_points(ct, g, ms, ap, od, ot, flags) == side[i]


def _play_states(opts: dict[str, Any], seeds: range) -> list[Any]:
    """Play positions of random deals (every card of the play, to the end)."""
    game = cardlab.load("five_hundred", **opts)
    out = []
    for seed in seeds:
        rng = SplitMix64(seed)
        st = game.deal(seed=seed, dealer=seed % game.players)
        while not st.is_over:
            if st.phase == "play":
                out.append(st)
            st = st.apply(rng.choice(st.legal_actions()))
    return out


@pytest.mark.parametrize("opts", [*PLAY_OPTIONS, {"players": 6}, {"players": 3}],
                         ids=str)
def test_engine_legal_list_is_the_kernel_mask(opts: dict[str, Any]) -> None:
    """5H-7.1-5H-7.3: at every play position of random deals, the teaching engine's legal
    plays are the kernel's mask (cards) and, for a led joker, its nameable suits."""
    for st in _play_states(opts, range(40)):
        game = st.game
        table = card_table(game, st.rules.denomination, st.rules.nominated)
        seat = st.to_move
        hand = sum(1 << game.deck.index(c) for c in st.playable(seat))
        trick = st.trick
        led = trick.suit if trick.plays else None
        cards, names = legal_mask(
            hand, 0 if led is None else table.suit_masks[SUITS.index(led)], led is None,
            table.free_jokers, sum(1 << SUITS.index(s) for s in st.suits_led),
            sum(1 << SUITS.index(s) for s in st.shown_void[seat]), st.trick_no,
            st.contract is not None and "misere" in st.contract, play_flags(game.options))
        plays = [a.args for a in st.legal_actions()]
        assert {game.deck.index(game.deck.parse(p[0])) for p in plays} == {
            i for i in range(len(game.deck)) if cards >> i & 1}
        named = {SUITS.index(p[1]) for p in plays if len(p) == 2}
        assert named == {k for k in range(4) if names >> k & 1}


def test_no_other_module_defines_the_kernel_functions() -> None:
    """Each rule is written once: no module of cardlab but a game's kernel (or a shared
    kernel module it imports, such as the trick's best key) defines a function named as one
    of Five Hundred's kernel functions."""
    from cardlab.solve.jit import SHARED_KERNELS

    root = Path(cardlab.__file__).parent
    names = {n for n in kernel.__all__ if callable(getattr(kernel, n)) and n[0].islower()}
    shared = {root.parent.joinpath(*m.split(".")).with_suffix(".py") for m in SHARED_KERNELS}
    assert all(p.exists() for p in shared)
    for path in root.rglob("*.py"):
        if path.name == "kernel.py" or path in shared:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        defined = {node.name for node in ast.walk(tree)
                   if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
        assert not defined & names, (path, defined & names)


def test_without_a_free_joker_legal_mask_is_follow_mask() -> None:
    """5H-7.1/5H-7.2: with no unnominated joker in hand the joker rules J1-J6 add nothing, so
    ``legal_mask`` is ``follow_mask`` and names no suit (the judge asks the shorter question
    then), over thousands of random positions and every play option set."""
    import itertools

    from cardlab.engine.rng import SplitMix64
    from cardlab.games.five_hundred.kernel import PlayFlags, follow_mask, legal_mask

    rng = SplitMix64(17)
    free = 1 << 42
    for nomination, after_all, only_last, j3 in itertools.product(range(3), range(3),
                                                                  (False, True), (False, True)):
        flags = PlayFlags(nomination=nomination, after_all=after_all, lead_only_last=only_last,
                          j3=j3, last_trick=10)
        for _ in range(150):
            hand = rng.next_u64() & (free - 1)
            suit = rng.next_u64() & (free - 1)
            leading = rng.randbelow(4) == 0
            got = legal_mask(hand, suit, leading, free, rng.randbelow(16), rng.randbelow(16),
                             1 + rng.randbelow(10), rng.randbelow(2) == 1, flags)
            assert got == (follow_mask(hand, suit, leading), 0)


@pytest.mark.parametrize("opts", [{}, {"preset": "american"}, {"misere_requires_seven": False,
                                                               "min_bid_tricks": 7}], ids=str)
def test_bid_kernel_is_the_judge(opts: dict[str, Any]) -> None:
    """5H-5.4a/b/e, A-5: the kernel's ``trick_bid_legal`` and ``misere_bid_legal`` (on ints
    and on arrays) say exactly what the judge says of every trick bid and of misère, over
    every high bid, for the high bidder (in and out of its final raise) and the others."""
    game = cardlab.load("five_hundred", **opts)
    ladder, o = game.ladder, game.options
    calls = [c for c in ladder.calls if c not in ("open_misere", "blind_misere")]
    highs: list[str | None] = [None, *calls]
    got, want = [], []
    rows: list[tuple[int, int, bool, bool]] = []
    for high in highs:
        for own, turn in ((False, False), (True, False), (True, True))[:1 if high is None else 3]:
            b = Auction((1, 2, 3, 0), calls=((0, high or "pass"),), high=high,
                        high_seat=0 if high else None,
                        high_rank=ladder.rank[high] if high else -1, raise_turn=turn,
                        to_call=0 if own else 1)
            seat = 0 if own else 1
            for call in calls:
                want.append(au.judge_call(b, seat, call, o, ladder).legal)
                if call == "misere":
                    got.append(kernel.misere_bid_legal(ladder.rank[call], b.high_rank, own, turn,
                                                  o.misere_requires_seven, ladder.rank["7S"]))
                else:
                    got.append(kernel.trick_bid_legal(ladder.rank[call], b.high_rank, own, turn))
                rows.append((ladder.rank[call], b.high_rank, own, turn))
    assert got == want and any(want) and not all(want)
    r, h, own_a, turn_a = (np.array(x) for x in zip(*rows))
    is_mis = r == ladder.rank.get("misere", -2)
    arrays = np.where(is_mis, kernel.misere_bid_legal(r, h, own_a, turn_a, o.misere_requires_seven,
                                                 ladder.rank["7S"]),
                      kernel.trick_bid_legal(r, h, own_a, turn_a))
    assert arrays.tolist() == want
