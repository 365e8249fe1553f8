"""Shared test helpers: the one random-playout checker every game runs, and small utilities.

``check_playout(game, seed)`` plays one seeded deal with random legal actions
and asserts the invariants every cardlab game must keep (STYLE §5, OpenSpiel
item 7): the old state never changes, legal actions exist until the end,
``explain`` agrees with ``legal_actions`` for every action tried (legal ⇔
listed; an illegal one names the same code and rule as the refusal), an
illegal action raises and leaves the state as it was, views hide other seats'
hidden cards, the result exists exactly when the deal is over, and the record
round-trips.
"""

from __future__ import annotations

import json
import re
import weakref
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import cardlab
from cardlab.engine.rng import SplitMix64
from cardlab.engine.state import State
from cardlab.engine.view import visible_codes
from cardlab.errors import IllegalAction

__all__ = ["check_playout", "snapshot", "random_playout", "legal_strs", "candidate_actions",
           "twins", "swap_tokens", "replay", "table_forms"]


#: the tutorial notebooks, by file name, in order
TUTORIALS: list[str] = sorted(p.name for p in (Path(__file__).resolve().parents[1] / "notebooks")
                              .glob("*.ipynb"))


def table_forms(*games: str) -> list[tuple[str, dict[str, Any]]]:
    """Every distinct table of every registered game (or of ``games``): each player count and
    each named form (``GameSpec.forms``), read from the registry, so a new game is covered by
    every test that loops over tables without an edit here."""
    from cardlab.engine import registry
    from cardlab.engine.game import table_forms as forms_of

    return [(name, opts) for name in games or registry.names()
            for _, opts in forms_of(registry.game_class(name).spec)]


def end_tables(*, fewest: bool = True, most: bool = True) -> list[tuple[str, dict[str, Any]]]:
    """Each registered game's default table, then every table (each named form) at its fewest
    and/or at its most players, from :func:`table_forms`: a new game joins without an edit
    anywhere. For tests that play whole deals per table, where every table would cost too
    much: the ends of the player counts and their named forms stand for the rest."""
    import cardlab

    out: list[tuple[str, dict[str, Any]]] = []
    for name in cardlab.game_names():
        default, *rest = table_forms(name)
        counts = [opts["players"] for _, opts in rest]
        ends = {c for c, keep in ((min(counts, default=0), fewest), (max(counts, default=0), most))
                if keep}
        out += [default, *((n, o) for n, o in rest if o["players"] in ends)]
    return out


def play_positions(game: Any, seeds: range) -> list[tuple[State, Any]]:
    """Every ``(state, action)`` of the card play in random deals of ``seeds`` (the calls
    random too): the state before a card is played and the card (a ``play`` action) the walk
    played there."""
    from cardlab.engine.rng import SplitMix64

    out = []
    for seed in seeds:
        state, rng = game.deal(seed=seed, dealer=seed % game.players), SplitMix64(seed)
        while not state.is_over:
            action = rng.choice(state.legal_actions())
            if action.verb == "play":
                out.append((state, action))
            state = state.apply(action)
    return out


def legal_strs(state: State) -> list[str]:
    """The legal actions as plain strings."""
    return [str(a) for a in state.legal_actions()]


def snapshot(state: State) -> Any:
    """A deep, comparable picture of a state's public facts (to prove immutability)."""
    return (
        state.phase,
        state.to_move,
        tuple(str(a) for a in state.history),
        tuple(tuple(str(c) for c in h) for h in state.hands),
        json.dumps(state.view(None), sort_keys=True, default=str),
    )


def candidate_actions(state: State) -> list[str]:
    """Legal actions plus plausible illegal ones: every card of every hand, for each card verb."""
    out = set(legal_strs(state))
    verbs = {str(a).split()[0] for a in state.legal_actions()}
    for verb in verbs & set(state.game.spec.card_verbs):
        for hand in state.hands:
            for c in hand:
                out.add(f"{verb} {c}")
    return sorted(out)


def random_playout(state: State, seed: int, max_actions: int = 5000) -> State:
    """Play to the end with uniformly random legal actions."""
    rng = SplitMix64(seed)
    n = 0
    while not state.is_over:
        state = state.apply(rng.choice(state.legal_actions()))
        n += 1
        assert n < max_actions, "deal did not end"
    return state


def check_playout(game: cardlab.Game, seed: int, *, explain_every: int = 1,
                  hidden_check: bool = True) -> State:
    """Play one seeded random deal of ``game``, checking the invariants at every step."""
    rng = SplitMix64(seed ^ 0x5EED)
    state = game.deal(seed=seed, dealer=seed % game.players)
    first = state
    step = 0
    while not state.is_over:
        assert state.result is None, "result before the deal is over"
        legal = legal_strs(state)
        assert legal, f"no legal action in phase {state.phase}"
        assert len(set(legal)) == len(legal), f"duplicate legal actions: {legal}"
        assert state.to_move is not None
        if step % explain_every == 0:
            for cand in candidate_actions(state):
                e = state.explain(cand)
                assert e.legal == (cand in legal), (cand, str(e), legal)
                if not e.legal:
                    assert e.code, f"refusal of {cand!r} has no code"
                    before = snapshot(state)
                    try:
                        state.apply(cand)
                    except cardlab.IllegalAction as err:
                        assert err.code == e.code and err.rule == e.rule, (cand, err, e)
                    else:  # pragma: no cover - a failure path
                        raise AssertionError(f"{cand!r} was applied but explain said illegal")
                    assert snapshot(state) == before, "an illegal action changed the state"
        if hidden_check:
            check_view_hides(state)
        before = snapshot(state)
        action = rng.choice(legal)
        nxt = state.apply(action)
        assert snapshot(state) == before, f"apply({action!r}) changed the old state"
        assert nxt.parent is state
        assert [str(a) for a in nxt.history] == [str(a) for a in state.history] + [action]
        state = nxt
        step += 1
        assert step < 5000, "deal did not end"
    assert state.to_move is None
    assert state.legal_actions() == []
    assert state.result is not None
    again = cardlab.from_json(state.to_json())
    assert snapshot(again) == snapshot(state), "record did not round-trip"
    assert again.result == state.result
    assert snapshot(game.deal(seed=seed, dealer=seed % game.players)) == snapshot(first)
    return state


def check_view_hides(state: State) -> None:
    """Each seat's view holds none of the cards that only other seats hold face down.

    Games expose which cards are public through ``view(seat)``; this check
    looks for every card code of another seat's *hidden* cards in the JSON of
    the view. Games report hidden cards through ``state.hidden_cards(seat)``
    (the cards that ``seat`` may not see), if they define it.
    """
    hidden_of = getattr(state, "hidden_cards", None)
    if hidden_of is None:
        return
    for seat in range(state.game.players):
        view = dict(state.view(seat))
        # the mover's own legal actions may name cards it cannot see (Pandoeren's "call AS":
        # the declarer knows only that the ace is not hers), so they are not a leak
        view.pop("legal", None)
        # calls and contracts are notation ("bid 7H"), not cards, though they look alike
        view.pop("auction", None)
        view.pop("contract", None)
        text = json.dumps(view, default=str)
        tokens = set(text.replace('"', " ").replace(",", " ").replace("[", " ").replace(
            "]", " ").replace(":", " ").replace("{", " ").replace("}", " ").split())
        leaked = [str(c) for c in hidden_of(seat) if str(c) in tokens]
        assert not leaked, f"view of seat {seat} leaks hidden cards {leaked}"


def codes(cards: Iterable[Any]) -> list[str]:
    """Card codes as strings."""
    return [str(c) for c in cards]


# -- twin deals: two cards a viewer cannot see swapped (hidden stays hidden) --------------------
def swap_tokens(setup: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    """``setup`` with card codes ``a`` and ``b`` exchanged wherever they are written."""
    def swap(text: str) -> str:
        return re.sub(r"[^\s/]+", lambda m: {a: b, b: a}.get(m.group(0), m.group(0)), text)

    def walk(x: Any) -> Any:
        if isinstance(x, str):
            return swap(x)
        if isinstance(x, list):
            return [walk(y) for y in x]
        if isinstance(x, tuple):
            return tuple(walk(y) for y in x)
        return x

    return {k: walk(v) for k, v in setup.items()}


def replay(game: Any, setup: dict[str, Any], history: Any) -> State | None:
    try:
        state: State = game.deal(**setup)
        for act in history:
            state = state.apply(act)
    except (IllegalAction, ValueError):
        return None  # the swap made an earlier action illegal: not a twin
    return state


#: per state, per seat: the card codes that seat has seen or heard named from the deal to
#: that state (a state never changes, so its entry never goes stale; weak, so a discarded
#: twin takes its entries with it)
_SEEN: weakref.WeakKeyDictionary[State, dict[int | None, frozenset[str]]] = (
    weakref.WeakKeyDictionary())


def _seen_codes(state: State, seat: int | None) -> frozenset[str]:
    """Every card code ``seat`` has seen face up in its view at some moment from the deal to
    ``state``, or named by an action so far (a card an action names has a known place, and
    swapping it would change what the actions say).

    The whole deal counts, not only the view now: a card shown once stays known after it is
    covered. Pandoeren's kijkkaart is dealt face up in the middle, seen by every seat from the
    deal until the declarer takes it into her hand (Pandoeren A2.4, A2.9); after the exchange
    the view no longer shows it, yet every seat knows which card it is, so swapping it would
    make two deals the seat can tell apart.
    """
    chain = state.states()  # the deal first
    if chain[0].history:  # no parents kept: rebuild the deal's moments from its record
        rebuilt = replay(state.game, state.setup, state.history)
        assert rebuilt is not None, "the state's own record does not replay"
        chain = rebuilt.states()
    seen: frozenset[str] = frozenset()
    for k, moment in enumerate(chain):
        known = _SEEN.setdefault(moment, {})
        if seat not in known:
            named = str(moment.history[-1]).split()[1:] if k else []
            known[seat] = seen | visible_codes(moment.view(seat)) | frozenset(named)
        seen = known[seat]
    return seen


def _hidden_codes(state: State, seat: int | None) -> list[str]:
    """Cards whose place ``seat`` cannot know at ``state``: never shown in its view and never
    named by an action so far (:func:`_seen_codes`), in pack order, so that a seeded draw
    from them is the same on every run (whatever ``PYTHONHASHSEED``)."""
    seen = _seen_codes(state, seat)
    return [c.code for c in state.game.deck if c.code not in seen]


def twins(state: State, seat: int | None, rng: SplitMix64, count: int = 3) -> list[State]:
    """Up to ``count`` twins of ``state`` for ``seat``. A swap after which the rules
    themselves show different cards (a Panfin showdown happens in one and not the other:
    combinations are thrown on the table, B2.9) is a different public outcome, not a twin."""
    hidden = _hidden_codes(state, seat)
    out: list[State] = []
    tries = 0
    while len(out) < count and len(hidden) >= 2 and tries < 6 * count:
        tries += 1
        i, j = rng.randbelow(len(hidden)), rng.randbelow(len(hidden))
        if i == j:
            continue
        setup = swap_tokens(state.setup, hidden[i], hidden[j])
        twin = replay(state.game, setup, state.history)
        if (twin is not None and twin.hands != state.hands
                and set(_hidden_codes(twin, seat)) == set(hidden)):
            out.append(twin)
    return out


def unmix(z: int) -> int:
    """The SplitMix64 state whose output is ``z`` (the mixer is a bijection)."""
    from cardlab.engine.rng import MASK64, MIX1, MIX2

    def unshift(y: int, k: int) -> int:  # inverse of y ^= y >> k
        x = y
        for _ in range(64 // k):
            x = y ^ (x >> k)
        return x & MASK64

    x = unshift(z, 31)
    x = (x * pow(MIX2, -1, 1 << 64)) & MASK64
    x = unshift(x, 27)
    x = (x * pow(MIX1, -1, 1 << 64)) & MASK64
    return unshift(x, 30)


def called_to_the_play(state: State, seed: int) -> State:
    """``state`` with the heuristic bot (seeded ``seed``, as the studies seed it per deal)
    making every call up to the play, or to the end of a deal that is not played."""
    from cardlab.bots import bot_for

    bot = bot_for(state.game.name, "heuristic", seed=seed)
    while state.phase not in ("play", "done"):
        state = state.apply(bot.choose(state))
    return state


def recorded_batch_play(batch_class: Any, states: list[State], seeds: list[int]) -> Any:
    """A batch of ``states`` (each at its opening lead) played to the end by the batch's
    ``"heuristic"`` policy on each deal's play stream, its plays recorded (``batch.record``),
    for a test to replay them on the engine."""
    import numpy as np

    from cardlab.sim.rng import PLAY_STREAM, Streams, derive_seeds

    batch = batch_class.from_states(states)
    return batch.play("heuristic", Streams(derive_seeds(np.array(seeds, np.uint64), PLAY_STREAM)),
                      record=True)


def bot_moments(s: Any, level: str = "heuristic") -> Iterator[Any]:
    """Every decision of the deal from ``s`` on, bots of ``level`` playing every seat
    (seat ``i``'s bot seeded ``i``)."""
    from cardlab.bots import bot_for

    bots = [bot_for(s.game.name, level, seed=i) for i in range(s.game.players)]
    while not s.is_over:
        yield s
        s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)


def forced_bid(game: Any, seed: int, word: str) -> Any:
    """A deal where the first seat to speak bids ``word`` and every other seat passes."""
    s = game.deal(seed=seed, dealer=seed % game.players).apply(f"bid {word}")
    for _ in range(game.players - 1):
        s = s.apply("pass")
    return s
