"""One immutable moment of a Panfin deal: declarations, the dealer's swap, the trick phase.

The phases, seats and notation are documented in :mod:`cardlab.games.panfin`. A state's
facts are plain tuples; ``_successor`` makes the next state with the engine's
:func:`~cardlab.engine.state.evolve` (``parent`` = this) and changes on that fresh copy
what the action changes. The trick phase's legal plays are the kernel's
(:mod:`~cardlab.games.panfin.kernel`), their reasons :mod:`~cardlab.games.panfin.judge`'s,
the settlement :mod:`~cardlab.games.panfin.scoring`'s.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from cardlab.cards import Card
from cardlab.engine.action import Action, Verdict
from cardlab.engine.record import format_deal
from cardlab.engine.result import Result
from cardlab.engine.state import State, evolve
from cardlab.engine.tricks import CardOrder, Play, Trick, trick_winner
from cardlab.games.panfin import judge, kernel
from cardlab.games.panfin.chips import Payment, apply_payments
from cardlab.games.panfin.judge import TrickPlay, as_plays, is_double
from cardlab.games.panfin.rules import (
    GOBBO,
    VECIA,
    PanfinOptions,
    classify,
    kernel_tables,
    trick_order,
)
from cardlab.games.panfin.scoring import Outcome, Settlement, deal_result, settle

if TYPE_CHECKING:
    from cardlab.games.panfin.game import PanfinGame

__all__ = ["PanfinState"]


class PanfinState(State):
    """One moment of a Panfin deal. Made by ``game.deal``; ``apply`` gives the next one."""

    game: PanfinGame
    #: per-state caches :func:`~cardlab.engine.state.evolve` clears on every successor
    _CACHES = ("_result",)

    def __init__(self, game: PanfinGame, *, dealer: int, hands: tuple[tuple[Card, ...], ...],
                 turnup: tuple[Card, ...], dominant: str | None, stock: tuple[Card, ...],
                 cut: tuple[Card, ...], cutter: int, pot: int, stacks: tuple[int, ...],
                 antes: tuple[Payment, ...], setup: dict[str, Any],
                 seed: int | None = None) -> None:
        """The deal's first moment, after the antes (B2.3): the dealer chooses the dominant
        suit when the Vecia was turned up (B2.6), else the declarations start (B2.7)."""
        n = game.players
        self.game = game
        self.history = ()
        self.setup = setup
        self.parent = None
        self.seed = seed
        self.dealer = dealer
        choose = dominant is None
        self.phase_ = "choose" if choose else "declare"
        self.to_move_: int | None = dealer if choose else (dealer + 1) % n
        self.hands_ = hands
        self.turnup = turnup
        self.dominant = dominant
        self.stock = stock
        self.discards: tuple[tuple[int, Card], ...] = ()
        self.cut = cut
        self.cutter = cutter
        self.folded: tuple[bool, ...] = (False,) * n
        self.spoken: tuple[bool, ...] = (False,) * n
        self.calls: tuple[tuple[int, str], ...] = ()
        self.servito: int | None = None
        self.trick_: tuple[TrickPlay, ...] = ()
        self.leader: int | None = None
        self.tricks_: tuple[tuple[int, tuple[TrickPlay, ...], int], ...] = ()
        self.piatti: tuple[int, ...] = (0,) * n
        self.gobbo_due: int | None = None
        self.swapped = False
        self.pot_in = pot
        self.stacks_in = stacks
        self.payments = antes
        self.pot, self.stacks = apply_payments(pot, stacks, antes)
        self.outcome: Outcome | None = None
        self.settlement: Settlement | None = None
        self._result: Result | None = None

    # -- facts ---------------------------------------------------------------------
    @property
    def options(self) -> PanfinOptions:
        """The game's rule options."""
        return self.game.options

    @property
    def phase(self) -> str:
        """``'choose'``, ``'declare'``, ``'swap'``, ``'play'`` or ``'done'``."""
        return self.phase_

    @property
    def to_move(self) -> int | None:
        """The seat to act, None when the deal is over."""
        return self.to_move_

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards now (folded seats keep theirs, out of play)."""
        return self.hands_

    @property
    def order(self) -> tuple[int, ...]:
        """B2.7 / F-A8: the declaration (and service) order: dealer's right first, dealer last."""
        return _order(self.dealer, self.game.players)

    @property
    def active(self) -> tuple[int, ...]:
        """Seats still in (not folded), in declaration order."""
        return tuple(s for s in self.order if not self.folded[s])

    @property
    def result(self) -> Result | None:
        """None until the deal is over; then each seat's net chips and the breakdown."""
        if self.phase_ != "done":
            return None
        if self._result is None:
            self._result = deal_result(self)
        return self._result

    @property
    def trick(self) -> Trick:
        """The trick in progress (engine :class:`~cardlab.engine.tricks.Trick`; a two-card
        play is two :class:`Play` entries of one seat, noted ``jokers together`` or
        ``two-card answer``)."""
        leader = self.trick_[0][0] if self.trick_ else (self.leader if self.leader is not None
                                                         else self.order[0])
        return _as_trick(leader, self.trick_, None, self.dominant)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The completed tricks (piatti), each with its leader, plays and winner."""
        return tuple(_as_trick(lead, plays, win, self.dominant)
                     for lead, plays, win in self.tricks_)

    def trump_order(self, contract: str | None = None) -> list[Card]:
        """B2.2: the trumps high to low under the dominant suit (or ``contract``)."""
        return trick_order(contract or self.dominant).trumps()

    def card_order(self) -> CardOrder:
        """B2.2 / B2.10.5 the card order under the dominant suit (before it is known, the
        printed suits): legality, the trick winner and ``effective_suit`` read it."""
        return trick_order(self.dominant)

    # -- the same API in every game (DESIGN §2) ------------------------------------------
    @property
    def contract(self) -> None:
        """Always None: Panfin has no contract (nobody bids or declares a game; the
        turn-up sets the dominant suit, ``state.dominant``). ``result.contract`` names how
        the deal ended instead (the package docstring)."""
        return None

    def effective_suit(self, card: Card | str) -> str:
        """B2.2 / F-A16 the suit ``card`` follows and wins in: the dominant suit for the
        Vecia and the Gobbo (they are trumps, not a spade or a bastoni), else the printed
        suit; before the dominant suit is known, the printed suit.

        >>> import cardlab
        >>> s = cardlab.load("panfin").deal(seed=3, dealer=0)
        >>> s.effective_suit("FS") == (s.dominant or "S")
        True
        """
        suit = self.card_order().effective_suit(self.game.deck.parse(card))
        assert suit is not None  # every Treviso card has a suit
        return suit

    def card_value(self, card: Card | str) -> int | None:
        """Panfin counts tricks (piatti), not card points: always ``None`` (the same answer
        as ``result.figures["card_points"]``). The card is still checked against the pack."""
        self.game.deck.parse(card)
        return None

    def deal_string(self) -> str:
        """This deal's cards as dealt: ``"P1: … / P2: … / turnup: … / stock: … / cut: …"``
        (the cut: the card(s) shown at the cut, B2.5)."""
        setup = self.setup
        if "hands" not in setup:
            return f"cut: {setup['cut']}"
        labels = [*self.game.seat_names, "turnup", "stock"]
        parts = [self.game.deck.parse_many(h) for h in setup["hands"]]
        parts += [self.game.deck.parse_many(setup["turnup"]),
                  self.game.deck.parse_many(setup["stock"])]
        cut = self.game.deck.parse_many(setup.get("cut") or "")
        if cut:  # B2.5: the card(s) shown at the cut, so the deal loads back as it was
            labels.append("cut")
            parts.append(cut)
        return format_deal(labels, parts)

    def _context(self) -> str:
        if self.phase_ == "play":
            return f" at trick {len(self.tricks_) + 1}"
        return {"choose": " choosing the dominant suit", "declare": " in the declarations",
                "swap": " at the dealer's swap"}.get(self.phase_, "")

    def _seat_refusal(self, seat: int) -> Verdict | None:
        if self.phase_ != "done" and self.folded[seat]:
            return Verdict(False, f"{self.game.seat_name(seat)} has folded and is out of this "
                           "deal", "already_passed", "B2.7")
        return None

    # -- legal actions ------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action, in a stable order:

        * choose: ``choose S``, ``choose B``, ``choose C``, ``choose D``;
        * declare: ``tengo``, then ``tengo`` with 1, 2 … cards (canonical order), ``servito``,
          ``fold``;
        * swap: ``swap`` each card of the dealer's hand and the turn-up, canonical order;
        * play: single cards in canonical order, then pairs (the jokers together, or the
          two-card answers to them).
        """
        return list(self._legal_index())

    def _legal_map(self) -> dict[Action, None]:
        return judge.legal_map(self)

    def _candidates(self) -> list[Action]:
        """Every well-formed action of the phase, legal or not (``legal_actions`` keeps the
        legal ones)."""
        return judge.candidates(self)

    def _judge(self, action: Action) -> Verdict:
        return judge.judge(self, action)

    # -- transitions ---------------------------------------------------------------
    def _successor(self, action: Action) -> PanfinState:
        seat = self.to_move_
        assert seat is not None
        new = evolve(self, action)
        if action.verb == "choose":
            new.dominant = action.args[0]
            new.phase_, new.to_move_ = "declare", self.order[0]
            new.calls = self.calls + ((seat, f"choose {action.args[0]}"),)
            return new
        cards = tuple(self.game.card(a) for a in action.args)
        if action.verb in ("tengo", "fold", "servito"):
            new._declare(seat, action.verb, cards)
        elif action.verb == "swap":
            hand = [c for c in self.hands_[seat] if c != cards[0]]
            if cards[0] != self.turnup[-1]:
                hand.append(self.turnup[-1])
            new.hands_ = _set(self.hands_, seat, tuple(self.game.deck.sort(hand)))
            new.discards = self.discards + ((seat, cards[0]),)
            new.swapped = True
            new.phase_, new.to_move_ = "play", self.leader
        else:
            new._play(seat, cards)
        return new

    def _declare(self, seat: int, verb: str, cards: tuple[Card, ...]) -> None:
        """B2.7: one declaration; the last one (or a servito, B2.8) resolves the hand (only
        on a fresh successor)."""
        self.spoken = _set(self.spoken, seat, True)
        if verb == "fold":
            self.folded = _set(self.folded, seat, True)
            self.calls = self.calls + ((seat, "fold"),)
        elif verb == "servito":
            if self.servito is None:
                self.servito = seat
            self.calls = self.calls + ((seat, "servito"),)
        else:
            k = len(cards)
            kept = [c for c in self.hands_[seat] if c not in cards]
            self.hands_ = _set(self.hands_, seat,
                               tuple(self.game.deck.sort([*kept, *self.stock[:k]])))
            self.stock = self.stock[k:]
            self.discards = self.discards + tuple((seat, c) for c in cards)
            self.calls = self.calls + ((seat, f"tengo, exchanging {k}" if k else
                                        "tengo, standing pat"),)
        ends = verb == "servito" and self.options.servito_ends_declarations
        later = [s for s in self.order if not self.spoken[s]]
        if later and not ends:
            self.to_move_ = later[0]
            return
        self._resolve_declarations()

    def _resolve_declarations(self) -> None:
        """B2.8 / B2.9 / B2.12: servito, a combination, one player left or none end the
        hand; otherwise the trick phase starts (B2.10)."""
        active = self.active
        combo = any(classify(self.hands_[s], self.dominant) for s in active)
        if self.servito is not None or combo or len(active) <= 1:
            self._finish(Outcome("declarations", self.hands_,
                                 tuple(not f for f in self.folded), self.order, self.dominant,
                                 self.servito))
            return
        self.leader = active[0]
        swap = (self.options.dealer_turnup_at_piatti == "swap" and not self.folded[self.dealer]
                and bool(self.turnup))
        self.phase_, self.to_move_ = ("swap", self.dealer) if swap else ("play", active[0])

    def _play(self, seat: int, cards: tuple[Card, ...]) -> None:
        """B2.10: add a play; a full trick goes to its winner, who leads the next (F-A20)."""
        hand = tuple(c for c in self.hands_[seat] if c not in cards)
        self.hands_ = _set(self.hands_, seat, hand)
        if not self.trick_:
            self.leader = seat
            due = self.options.both_jokers_lead == "consecutive_forced"
            self.gobbo_due = seat if due and cards == (VECIA,) and GOBBO in hand else None
        trick = self.trick_ + ((seat, cards),)
        active = self.active
        if len(trick) < len(active):
            self.trick_ = trick
            self.to_move_ = active[(active.index(seat) + 1) % len(active)]
            return
        winner = trick_winner(as_plays(trick), self.card_order())  # B2.10.5
        won = kernel.trick_piatti(kernel_tables(), is_double(trick))  # B2.10.4: 2 if double
        self.piatti = _set(self.piatti, winner, self.piatti[winner] + won)
        self.tricks_ = self.tricks_ + ((trick[0][0], trick, winner),)
        self.trick_ = ()
        self.leader = winner
        self.to_move_ = winner
        if not self.hands_[winner]:
            self._finish(Outcome("piatti", self.hands_, tuple(not f for f in self.folded),
                                 self.order, self.dominant, None, self.piatti))

    def _finish(self, outcome: Outcome) -> None:
        """End the deal: settle (B2.5 / B2.8 / B2.9 / B2.11 / B2.12) and move the chips (only
        on a fresh state)."""
        settlement = settle(self.options, outcome, self.pot, self.game.seat_names)
        self.pot, self.stacks = apply_payments(self.pot, self.stacks, settlement.payments)
        self.payments = self.payments + settlement.payments
        self.outcome, self.settlement = outcome, settlement
        self.phase_, self.to_move_ = "done", None
        self.trick_ = ()

    # -- words and views -----------------------------------------------------------
    def _describe(self, action: str) -> str:
        """Plain words for ``action`` taken now (no hidden card is named)."""
        act = self.game.parse_action(action)
        seat = self.to_move_
        who = self.game.seat_name(seat)
        deck = self.game.deck
        if act.verb == "choose":
            return f"{who} (dealer) chooses {deck.suit_name(act.args[0])} as the dominant suit"
        if act.verb == "fold":
            return f"{who} folds"
        if act.verb == "servito":
            return f"{who} declares servito"
        if act.verb == "tengo":
            k = len(act.args)
            return f"{who} says tengo and " + (f"exchanges {k} card" + ("s" if k != 1 else "") if k else "stands pat")
        if act.verb == "swap":
            return f"{who} (dealer) takes the turned-up {deck.name(self.turnup[-1])} and " \
                   "discards a card"
        cards = [deck.parse(a) for a in act.args]
        text = f"{who} plays " + " and ".join(deck.name(c) for c in cards)
        nxt = self.apply(act)
        if isinstance(nxt, PanfinState) and len(nxt.tricks_) > len(self.tricks_):
            text += f"; {self.game.seat_name(nxt.tricks_[-1][2])} wins the trick"
        return text

    def hidden_cards(self, seat: int | None) -> list[Card]:
        """The cards ``seat`` may not see: other hands (until shown at the end), the stock,
        others' discards; never the cards shown to all at the cut or turned up."""
        public = set(self.cut) | set(self.turnup)
        out: list[Card] = []
        for s, hand in enumerate(self.hands_):
            if s != seat and not self._face_up(s):
                out += hand
        out += self.stock
        out += [c for s, c in self.discards if s != seat]
        return [c for c in out if c not in public]

    def _face_up(self, seat: int) -> bool:
        """At the end, hands still in are shown (B2.9: combinations are thrown on the table)."""
        return self.phase_ == "done" and not self.folded[seat]

    def _view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator), in the schema every widget reads."""
        from cardlab.games.panfin.view import build_view

        return build_view(self, seat)


@functools.cache
def _order(dealer: int, n: int) -> tuple[int, ...]:
    return tuple((dealer + 1 + i) % n for i in range(n))


def _as_trick(leader: int, plays: tuple[TrickPlay, ...], winner: int | None,
              dominant: str | None) -> Trick:
    out = []
    for seat, cards in plays:
        note = "" if len(cards) == 1 else ("jokers together" if seat == leader
                                           else "two-card answer")
        out += [Play(seat, c, note) for c in cards]
    suit = trick_order(dominant).effective_suit(plays[0][1][0]) if plays else None
    return Trick(leader, tuple(out), suit, winner)


def _set(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return values[:index] + (value,) + values[index + 1:]
