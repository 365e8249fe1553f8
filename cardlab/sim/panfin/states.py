"""Panfin: whole deals in the trick phase consistent with what the seat to move can see.

:func:`trick_states` gives ``n`` scalar states at the moment of ``state``, a card to play
(B2.10), each a real deal (``game.deal(hands=…, stock=…)``) with the deal's actions
replayed through ``apply``, for playing on from whole states (the coach's play-outs):
:func:`cardlab.sim.panfin.sampling.sample_states` serves the trick phase with it.

What a sample keeps, because the seat to move knows it: its own hand as dealt and as it is
now, its discards (its exchange, B2.7, and as the dealer its swap, B2.10.1), the card(s)
shown at the cut (B2.5) and turned up (B2.6), the dominant suit, the pot and stacks, every
declaration (who folded, who said tengo and how many cards each exchanged: the words say
how many, never which) and every card played and by whom. What it deals at random, from
the cards that seat cannot see: the other hands now, the cards each of the others
discarded (the dealer's swap too), which of an exchanger's cards are the ones it drew, and
the stock and its order. The hidden cards go only where the rules let them be:

* every card played was legal for the seat that played it (B2.10.3, B2.10.4, F-A17-F-A19):
  the game's kernel (:func:`~cardlab.games.panfin.kernel.legal_mask`,
  :func:`~cardlab.games.panfin.kernel.legal_pair`) is asked, for each play of a hidden
  hand, which cards that hand could not have held then (a suit not answered, a trump not
  played while void, a higher card of the suit or a higher trump not played when it had to
  beat or overtrump, a two-card answer to the jokers with trumps left out); what the kernel
  can only say of two cards together (a single card led while holding both jokers, or not
  the Gobbo after the Vecia with ``consecutive_forced``) is tested on each whole layout;
* the turned-up card the dealer took (B2.10.1) is in her hand, among her plays, or is the
  card she discarded;
* the Gobbo kept at the cut (B2.5) was dealt to the cutter: in its hand or its discards,
  never drawn from the stock;
* the trick phase began, so no active hand held a combination when the declarations ended
  (B2.9): each such hand is the hand now, the cards played and, for the dealer, her swap
  undone.

Nothing else is inferred (no reading of the declarations or of the play beyond the rules).
The layouts come from the one sampler, :func:`cardlab.sim.sampling.fill_layouts`, over the
hidden places (the hands now, each exchanger's discards, the dealer's swap; the stock
elsewhere); the drawn cards and the stock's order from cardlab's own shuffle. Every sampled
deal is then replayed, and kept only if the engine accepts every action and the seat to
move sees exactly what it saw (its view and its legal actions): a safety net that the
constraints above leave next to nothing to catch. A seed gives the same states on every
machine, and two deals the seat cannot tell apart give the same states.

>>> import cardlab
>>> from cardlab.bots import bot_for
>>> state = cardlab.load("panfin").deal(seed=1, dealer=0)
>>> bot = bot_for("panfin", "heuristic", seed=1)
>>> while state.phase != "play" or not state.trick_:
...     state = state.apply(bot.choose(state))
>>> me = state.to_move
>>> states = trick_states(state, 3, seed=1)
>>> plays = [a for a in state.history if a.verb == "play"]
>>> [(t.view(me) == state.view(me), [a for a in t.history if a.verb == "play"] == plays)
...  for t in states]
[(True, True), (True, True), (True, True)]
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from cardlab.engine.rng import derive_seed, shuffled
from cardlab.errors import IllegalAction
from cardlab.games.panfin import kernel
from cardlab.games.panfin.judge import TrickPosition, trick_position
from cardlab.games.panfin.rules import (
    GOBBO,
    HAND_SIZE,
    VECIA,
    PlayRules,
    card_index,
    card_mask,
    dominant_index,
    kernel_tables,
    play_rules,
)
from cardlab.sim.sampling import fill_layouts

__all__ = ["trick_states"]

#: the seed paths of the rounds of layouts, of the drawn cards and of the stock's order
_ROUND, _DRAWN, _STOCK = 0x54524B52, 0x54524B44, 0x54524B53
#: rounds of layouts before giving up (each draws more than the one before, up to 32 times n)
_ROUNDS = 8


class _Play(NamedTuple):
    """One play of the trick phase as the kernel judges it."""

    pos: TrickPosition  # the trick before it
    seat: int
    cards: int  # the cards' kernel mask
    two: bool  # two cards (the jokers together, or an answer to them)
    due: bool  # B2.10.3 consecutive_forced: the Gobbo must lead now if the seat holds it


def trick_states(state: Any, n: int, seed: int) -> list[Any]:
    """``n`` Panfin states at the moment of ``state`` (the trick phase, a seat to play), the
    cards hidden from that seat dealt at random consistently with what it knows (module
    docstring); each is ``game.deal(...)`` of a sampled deal with the deal's actions
    replayed, the others' exchanges and the dealer's swap naming the sampled discards.

    :raises ValueError: outside the trick phase, or when no deal fits what the seat knows
        (after a bounded number of draws).
    """
    if state.phase != "play" or state.to_move is None:
        raise ValueError(f"trick_states samples the trick phase, not the {state.phase} phase")
    if n <= 0:
        return []
    hidden = _Hidden(state)
    seen, legal = state.view(hidden.me), state.legal_actions()
    out: list[Any] = []
    for r in range(_ROUNDS):
        size = (n - len(out)) << min(r, 5)  # more draws in each round a layout is refused
        rows = fill_layouts(hidden.pool, hidden.need, hidden.allowed, size,
                            derive_seed(seed, _ROUND, r), hidden.accept)
        for i, row in enumerate(rows):
            if not hidden.accept(row):  # fill_layouts's rare greedy rows skip the test
                continue
            t = hidden.replayed(row, derive_seed(seed, _ROUND, r, i))
            if t is not None and t.view(hidden.me) == seen and t.legal_actions() == legal:
                out.append(t)
                if len(out) == n:
                    return out
    raise ValueError("no deal fits what the seat to move knows")


class _Hidden:
    """The hidden places of ``state`` for the seat to move and the cards that may fill them
    (``pool``, ``need``, ``allowed``, as :func:`fill_layouts` reads them), the test of a
    whole layout (:meth:`accept`) and the deal behind one (:meth:`replayed`). A layout's row
    holds kernel card masks: the other hands now, each exchanger's discards, the dealer's
    swap (the stock is the rest)."""

    def __init__(self, state: Any) -> None:
        game = state.game
        self.state, self.game = state, game
        me = self.me = state.to_move
        self.card = {card_index(c): c for c in game.deck}
        self.rules: PlayRules = play_rules(game.options)
        line = state.states()
        #: (seat, action) of every action so far, and the state after each
        self.acts = [(t.to_move, a) for t, a in zip(line, state.history)]
        self.after = line[1:]
        self.exchanged = {s: len(a.args) for s, a in self.acts if a.verb == "tengo" and a.args}
        others = [s for s in range(game.players) if s != me]
        plays = _plays(state)
        self.played = [0] * game.players
        for p in plays:
            self.played[p.seat] |= p.cards
        # the turned-up card another dealer took (B2.10.1): hidden until she plays it
        self.taken = state.turnup[-1] if state.swapped and state.dealer != me else None
        known = card_mask(state.hands[me]) | card_mask(c for s, c in state.discards if s == me)
        known |= card_mask(state.turnup)
        for m in self.played:
            known |= m
        if self.taken is not None and not self.played[state.dealer] & card_mask([self.taken]):
            known &= ~card_mask([self.taken])
        self.pool = [i for i in sorted(self.card) if not known >> i & 1]
        self.hand_row = {s: j for j, s in enumerate(s for s in others if state.hands[s])}
        piles = [s for s in others if s in self.exchanged]
        self.pile_row = {s: len(self.hand_row) + j for j, s in enumerate(piles)}
        self.swap_row = len(self.hand_row) + len(piles) if self.taken is not None else None
        self.need = ([len(state.hands[s]) for s in self.hand_row]
                     + [self.exchanged[s] for s in piles] + [1] * (self.swap_row is not None))
        if len(self.pool) - sum(self.need) != len(state.stock):
            raise AssertionError("the hidden places do not add up to the hidden cards")
        self.allowed = np.ones((len(self.need) + 1, len(game.deck)), dtype=bool)
        if self.taken is not None and card_index(self.taken) in self.pool:
            # in the dealer's hand, or the card she discarded
            self._only(card_index(self.taken), [self.hand_row.get(state.dealer), self.swap_row])
        cutter = state.cutter
        self.kept = bool(state.cut) and state.cut[0] is GOBBO and game.options.cut_gobbo_kept
        if self.kept and card_index(GOBBO) in self.pool:
            # B2.5 dealt to the cutter: in its hand unless it exchanged all four (the
            # Gobbo was not drawn), or in its discards
            hand = self.hand_row.get(cutter) if self.exchanged.get(cutter, 0) < HAND_SIZE \
                else None
            self._only(card_index(GOBBO), [hand, self.pile_row.get(cutter)])
        self.plays = [p for p in plays if p.seat != me]
        self._voids()
        # B2.9 the active hands when the declarations ended (each mask tested once)
        self.active = [s for s in others if not state.folded[s]]
        self.combos, self.d = kernel.combination_tables(), dominant_index(state.dominant)
        self.plain: dict[int, bool] = {}

    def _only(self, card: int, rows: list[int | None]) -> None:
        """``card`` goes only to ``rows`` (None: a place that does not exist)."""
        self.allowed[:, card] = False
        for j in rows:
            if j is not None:
                self.allowed[j, card] = True

    def _voids(self) -> None:
        """B2.10.3 / B2.10.4: a card that a hidden hand could not have held at one of its
        plays (the kernel's legality refuses the play with that card added to the hand as
        it was then) is not in it now."""
        then = dict.fromkeys(self.hand_row, 0)
        for p in reversed(self.plays):
            if p.seat not in then:
                continue
            then[p.seat] |= p.cards  # its known cards then: the ones it played from here on
            row = self.hand_row[p.seat]
            for i in self.pool:
                if self.allowed[row, i] and not self._legal(p, then[p.seat] | 1 << i):
                    self.allowed[row, i] = False

    def _legal(self, p: _Play, hand: int) -> bool:
        """B2.10.3 / B2.10.4 whether ``hand`` may make the play ``p``: the kernel's test, as
        the engine's legal plays ask it (:func:`~cardlab.games.panfin.judge.legal_plays`)."""
        t, pos = kernel_tables(), p.pos
        if p.two:
            return bool(kernel.legal_pair(t, hand, p.cards, pos.d, pos.leading, pos.double_led,
                                          self.rules))
        return bool(kernel.legal_mask(t, hand, pos.d, pos.leading, pos.double_led, pos.led,
                                      pos.best_key, pos.led_key, p.due, self.rules) & p.cards)

    def now(self, row: np.ndarray) -> list[int]:
        """Each seat's hand now in the layout ``row`` (the seat to move's as it is)."""
        out = [0] * self.game.players
        out[self.me] = card_mask(self.state.hands[self.me])
        for s, j in self.hand_row.items():
            out[s] = int(row[j])
        return out

    def declared(self, row: np.ndarray) -> list[int]:
        """Each seat's hand when the declarations ended in the layout ``row``: its hand now
        and its plays, another dealer's swap undone (B2.10.1: she took the turned-up card
        and discarded the swap's card; discarding the turned-up card changed nothing)."""
        hands = [h | p for h, p in zip(self.now(row), self.played)]
        if self.swap_row is not None and self.taken is not None:
            d, taken, thrown = self.state.dealer, card_mask([self.taken]), int(row[self.swap_row])
            if thrown != taken:
                hands[d] = (hands[d] & ~taken) | thrown
        return hands

    def accept(self, row: np.ndarray) -> bool:
        """Whether the layout ``row`` fits every play (the kernel's legality on each hand as
        it was then, B2.10.3 / B2.10.4) and B2.9 (no active hand held a combination)."""
        hands = self.now(row)
        for p in reversed(self.plays):
            hands[p.seat] |= p.cards
            if not self._legal(p, hands[p.seat]):
                return False
        declared = self.declared(row)
        for s in self.active:
            got = self.plain.get(declared[s])
            if got is None:
                got = self.plain[declared[s]] = bool(kernel.combination_kind(
                    self.combos, declared[s], self.d) == kernel.NO_COMBINATION)
            if not got:
                return False
        return True

    def replayed(self, row: np.ndarray, seed: int) -> Any:
        """The deal behind the layout ``row``, its actions replayed (None if the engine
        refuses one): an exchanger drew any of its cards when the declarations ended but a
        Gobbo kept at the cut (``seed``: which ones, and the stock's order below them)."""
        state, game, me = self.state, self.game, self.me
        dealt = [self._cards(m) for m in self.declared(row)]
        dealt[me] = game.deck.parse_many(state.setup["hands"][me])
        drawn: list[Any] = []  # the stock's top, in the order the exchanges drew it
        thrown: dict[int, list[Any]] = {}
        for k, (s, act) in enumerate(self.acts):
            if act.verb != "tengo" or not act.args:
                continue
            if s == me:  # what it drew it saw: its hand after, less its cards as dealt
                drawn += [c for c in self.after[k].hands[me] if c not in dealt[me]]
                continue
            drawable = [c for c in dealt[s] if not (self.kept and c is GOBBO)]
            got = shuffled(drawable, derive_seed(seed, _DRAWN, s))[:len(act.args)]
            drawn += got
            thrown[s] = self._cards(int(row[self.pile_row[s]]))
            dealt[s] = [c for c in dealt[s] if c not in got] + thrown[s]
        placed = 0
        for m in row:
            placed |= int(m)
        rest = shuffled([self.card[i] for i in self.pool if not placed >> i & 1],
                        derive_seed(seed, _STOCK))
        setup = state.setup
        try:
            t = game.deal(dealer=state.dealer, hands=[_codes(h) for h in dealt],
                          cut=setup.get("cut"), turnup=setup["turnup"],
                          stock=_codes([*drawn, *rest]), pot=setup.get("pot", 0),
                          stacks=setup.get("stacks"))
            for s, act in self.acts:
                if s != me and act.verb == "tengo" and act.args:
                    act = "tengo " + _codes(thrown[s])
                elif s != me and act.verb == "swap" and self.swap_row is not None:
                    act = "swap " + _codes(self._cards(int(row[self.swap_row])))
                t = t.apply(act)
        except IllegalAction:
            return None
        return t

    def _cards(self, mask: int) -> list[Any]:
        """The cards of the kernel mask ``mask``, in pack order."""
        return [self.card[i] for i in sorted(self.card) if mask >> i & 1]


def _plays(state: Any) -> list[_Play]:
    """Every play of the trick phase so far, in order, as the kernel judges it."""
    forced = state.options.both_jokers_lead == "consecutive_forced"
    tricks = [plays for _, plays, _ in state.tricks_] + ([state.trick_] if state.trick_ else [])
    out = []
    for k, plays in enumerate(tricks):
        for j, (seat, cards) in enumerate(plays):
            # B2.10.3 the Vecia led alone last trick by this seat: the Gobbo now, if held
            due = forced and j == 0 and k > 0 and tricks[k - 1][0] == (seat, (VECIA,))
            out.append(_Play(trick_position(plays[:j], state.dominant), seat, card_mask(cards),
                             len(cards) == 2, due))
    return out


def _codes(cards: Any) -> str:
    return " ".join(c.code for c in cards)
