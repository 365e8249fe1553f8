"""One immutable moment of a Panfin deal: declarations, the dealer's swap, the trick phase.

The phases, seats and notation are documented in :mod:`cardlab.games.panfin`.
A state's fields are plain tuples; ``_successor`` copies them into a dict,
changes what the action changes, and builds the next state (``parent`` = this).
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import TYPE_CHECKING, Any

from cardlab.cards import Card
from cardlab.engine.action import Action, Verdict
from cardlab.engine.record import format_deal
from cardlab.engine.result import Result
from cardlab.engine.state import State
from cardlab.engine.tricks import CardOrder, Play, Trick, trick_winner
from cardlab.errors import IllegalAction
from cardlab.games.panfin.chips import (
    Outcome,
    Payment,
    Settlement,
    apply_payments,
    make_result,
    settle,
)
from cardlab.games.panfin.play import TrickPlay, as_plays, judge_follow, judge_lead
from cardlab.games.panfin.rules import (
    SUITS,
    VECIA,
    PanfinOptions,
    classify,
    holds_one_suit,
    trick_order,
)

if TYPE_CHECKING:
    from cardlab.games.panfin.game import PanfinGame

__all__ = ["PanfinState", "FIELDS"]

#: the facts a state holds (besides game, history, setup, parent and seed)
FIELDS = ("dealer", "phase_", "to_move_", "hands_", "turnup", "dominant", "stock", "discards",
          "cut", "cutter", "folded", "spoken", "calls", "servito", "trick_", "leader", "tricks_",
          "piatti", "gobbo_due", "swapped", "pot", "stacks", "pot_in", "stacks_in", "payments",
          "outcome", "settlement")

_VERB_PHASE = {"choose": "choose", "tengo": "declare", "fold": "declare", "servito": "declare",
               "swap": "swap", "play": "play"}
_PHASE_RULE = {"choose": "B2.6", "declare": "B2.7", "swap": "B2.10.1", "play": "B2.10"}


class PanfinState(State):
    """One moment of a Panfin deal. Made by ``game.deal``; ``apply`` gives the next one."""

    game: PanfinGame

    def __init__(self, game: PanfinGame, *, history: tuple[Action, ...] = (),
                 setup: dict[str, Any], parent: PanfinState | None = None,
                 seed: int | None = None, **facts: Any) -> None:
        self.game = game
        self.history = history
        self.setup = setup
        self.parent = parent
        self.seed = seed
        for name in FIELDS:
            setattr(self, name, facts[name])
        self._result: Result | None = None
        self._legal: dict[Action, None] | None = None

    # declared for type checkers; set from FIELDS
    dealer: int
    phase_: str
    to_move_: int | None
    hands_: tuple[tuple[Card, ...], ...]
    turnup: tuple[Card, ...]
    dominant: str | None
    stock: tuple[Card, ...]
    discards: tuple[tuple[int, Card], ...]
    cut: tuple[Card, ...]
    cutter: int
    folded: tuple[bool, ...]
    spoken: tuple[bool, ...]
    calls: tuple[tuple[int, str], ...]
    servito: int | None
    trick_: tuple[TrickPlay, ...]
    leader: int | None
    tricks_: tuple[tuple[int, tuple[TrickPlay, ...], int], ...]
    piatti: tuple[int, ...]
    gobbo_due: int | None
    swapped: bool
    pot: int
    stacks: tuple[int, ...]
    pot_in: int
    stacks_in: tuple[int, ...]
    payments: tuple[Payment, ...]
    outcome: Outcome | None
    settlement: Settlement | None

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
            names = self.game.seat_names
            extra = {"outcome": self.outcome.kind if self.outcome else None,
                     "dominant_suit": self.dominant, "piatti": list(self.piatti),
                     "folded": list(self.folded), "cut": [c.code for c in self.cut]}
            self._result = make_result(names, self.stacks_in, self.pot_in, self.payments,
                                       self.settlement, extra, self.dealer)
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

    def _legal_index(self) -> dict[Action, None]:
        # a state never changes, so its legal actions are worked out once (apply reads them too)
        if self._legal is None:
            seat = self.to_move_
            if self.phase_ == "choose":
                legal = [a for a in self._candidates() if self._judge(a).legal]
            else:
                # the candidates are distinct cards the mover holds, so _judge's notation and
                # holding checks pass: go straight to the rule that decides
                legal = [Action(text) for text, verb, cards in self._card_candidates()
                         if self._judge_cards(verb, seat, cards).legal]  # type: ignore[arg-type]
            self._legal = dict.fromkeys(legal)
        return self._legal

    def _candidates(self) -> list[Action]:
        """Every well-formed action of the phase, legal or not (``legal_actions`` keeps the
        legal ones)."""
        if self.to_move_ is None:
            return []
        if self.phase_ == "choose":
            return [Action(f"choose {s}") for s in SUITS]
        return [Action(text) for text, _, _ in self._card_candidates()]

    def _card_candidates(self) -> list[tuple[str, str, tuple[Card, ...]]]:
        """``(notation, verb, cards)`` of every candidate of the declare, swap or play phase."""
        deck = self.game.deck
        seat = self.to_move_
        if seat is None:
            return []
        hand = deck.sort(self.hands_[seat])
        if self.phase_ == "declare":
            out: list[tuple[str, str, tuple[Card, ...]]] = [("tengo", "tengo", ())]
            for k in range(1, len(hand) + 1):
                out += [("tengo " + " ".join([c.code for c in combo]), "tengo", combo)
                        for combo in combinations(hand, k)]
            return out + [("servito", "servito", ()), ("fold", "fold", ())]
        if self.phase_ == "swap":
            return [("swap " + c.code, "swap", (c,))
                    for c in deck.sort([*hand, self.turnup[-1]])]
        out = [("play " + c.code, "play", (c,)) for c in hand]
        return out + [(f"play {a.code} {b.code}", "play", (a, b))
                      for a, b in combinations(hand, 2)]

    # -- judging -----------------------------------------------------------------------
    def _judge(self, action: Action) -> Verdict:
        verb = action.verb
        phase = _VERB_PHASE.get(verb)
        if phase is None:
            return Verdict(False, f"unknown action {verb!r}; Panfin's actions are choose, tengo, "
                           "fold, servito, swap and play", "bad_notation", "")
        if phase != self.phase_:
            return Verdict(False, f"'{verb}' belongs to the {phase} phase, but this is the "
                           f"{self.phase_} phase", "wrong_phase", _PHASE_RULE[phase])
        seat = self.to_move_
        assert seat is not None
        if verb == "choose":
            return self._judge_choose(action)
        if verb in ("fold", "servito") and action.args:
            return Verdict(False, f"'{verb}' takes no cards", "bad_notation", "B2.7")
        if verb == "tengo" and len(action.args) > self.options.max_exchange:
            # B2.7 / B4.2 the count is refused before the cards are looked at (held or not)
            return self._judge_tengo(tuple(action.args))
        try:
            cards = tuple(self.game.card(a) for a in action.args)
        except IllegalAction as err:
            return Verdict(False, str(err), err.code, "")
        if len(set(cards)) != len(cards):
            return Verdict(False, "a card is named twice", "duplicate_card", _PHASE_RULE[phase])
        hand = self.hands_[seat]
        allowed = [*hand, self.turnup[-1]] if verb == "swap" else hand
        missing = [c for c in cards if c not in allowed]
        if missing:
            return Verdict(False, f"{self.game.seat_name(seat)} does not hold "
                           + " ".join(c.code for c in missing), "card_not_held",
                           _PHASE_RULE[phase])
        return self._judge_cards(verb, seat, cards)

    def _judge_cards(self, verb: str, seat: int, cards: tuple[Card, ...]) -> Verdict:
        """The rule's verdict on ``verb`` with ``cards``: distinct cards the mover may name."""
        hand = self.hands_[seat]
        if verb == "fold":
            return Verdict(True, "you fold: your ante stays in the pot and you risk nothing "
                           "more, except a Naturali or Simezi bonus", "", "B2.7")
        if verb == "servito":
            return self._judge_servito(hand)
        if verb == "tengo":
            return self._judge_tengo(cards)
        if verb == "swap":
            return self._judge_swap(cards)
        if not cards:
            return Verdict(False, "name the card to play, e.g. play 5D", "bad_notation",
                           "B2.10")
        name = self.game.deck.name
        if not self.trick_:
            return judge_lead(hand, cards, self.options, self.gobbo_due == seat, name,
                              self.dominant)
        return judge_follow(hand, cards, self.trick_, self.dominant, self.options, name)

    def _judge_choose(self, action: Action) -> Verdict:
        """B2.6: the Vecia turned up: the dealer chooses the dominant suit."""
        if len(action.args) != 1 or action.args[0] not in SUITS:
            return Verdict(False, "choose one suit: S (spade), B (bastoni), C (coppe) or "
                           "D (denari)", "bad_suit", "B2.6")
        suit = self.game.deck.suit_name(action.args[0])
        return Verdict(True, f"the Vecia was turned up, so the dealer chooses the dominant "
                       f"suit: {suit}", "", "B2.6")

    def _judge_servito(self, hand: tuple[Card, ...]) -> Verdict:
        """B2.7 / B2.8: servito needs four cards of one suit, jokers wild."""
        suit = holds_one_suit(hand)
        if suit is None:
            return Verdict(False, "servito needs four cards of one suit (the Vecia and Gobbo "
                           "are wild)", "not_servito", "B2.8")
        return Verdict(True, f"you hold four of {self.game.deck.suit_name(suit)}: servito "
                       "wins the pot unless another hand ties it or a Naturali or Simezi "
                       "beats it", "", "B2.8")

    def _judge_tengo(self, cards: tuple[Card | str, ...]) -> Verdict:
        """B2.7 / F-A9: tengo, exchanging 0 to ``max_exchange`` cards, capped by the stock."""
        k = len(cards)
        cap = self.options.max_exchange
        if k > cap:
            return Verdict(False, f"you may exchange at most {cap} card(s) "
                           f"(max_exchange={cap}), and 'tengo' names {k}", "too_many_cards",
                           "B2.7")
        if k > len(self.stock):
            return Verdict(False, f"the stock holds only {len(self.stock)} card(s), so you can "
                           f"exchange no more than that", "stock_short", "F-A9")
        if k == 0:
            return Verdict(True, "tengo, standing pat: you stay in and keep your four cards",
                           "", "B2.7")
        return Verdict(True, f"tengo: you stay in, discard {k} card{'s' if k != 1 else ''} and draw {k} from the "
                       "stock", "", "B2.7")

    def _judge_swap(self, cards: tuple[Card, ...]) -> Verdict:
        """B2.10.1 / F-A7: the dealer takes the turned-up card and discards one card."""
        if len(cards) != 1:
            return Verdict(False, "name the one card you discard, e.g. swap 3D", "bad_notation",
                           "B2.10.1")
        up = self.turnup[-1]
        if cards[0] == up:
            return Verdict(True, f"you take the turned-up {up} and discard it again: your "
                           "hand is unchanged", "", "B2.10.1")
        return Verdict(True, f"you take the turned-up {up} into your hand and discard "
                       f"{cards[0]} face down", "", "B2.10.1")

    # -- transitions ---------------------------------------------------------------
    def facts(self) -> dict[str, Any]:
        """The state's facts as a dict (for building the next state)."""
        mine = self.__dict__
        return {name: mine[name] for name in FIELDS}

    def _successor(self, action: Action) -> PanfinState:
        d = self.facts()
        seat = self.to_move_
        assert seat is not None
        cards = () if action.verb == "choose" else tuple(self.game.card(a) for a in action.args)
        if action.verb == "choose":
            d["dominant"] = action.args[0]
            d["phase_"], d["to_move_"] = "declare", self.order[0]
            d["calls"] = self.calls + ((seat, f"choose {action.args[0]}"),)
        elif action.verb in ("tengo", "fold", "servito"):
            self._declare(d, seat, action.verb, cards)
        elif action.verb == "swap":
            hand = [c for c in self.hands_[seat] if c != cards[0]]
            if cards[0] != self.turnup[-1]:
                hand.append(self.turnup[-1])
            d["hands_"] = _set(self.hands_, seat, tuple(self.game.deck.sort(hand)))
            d["discards"] = self.discards + ((seat, cards[0]),)
            d["swapped"] = True
            d["phase_"], d["to_move_"] = "play", self.leader
        else:
            self._play(d, seat, cards)
        # what __init__ does, without passing every fact as a keyword (the hot path)
        new = object.__new__(PanfinState)
        nd = new.__dict__
        nd.update(game=self.game, history=self.history + (action,), setup=self.setup,
                  parent=self, seed=self.seed)
        nd.update(d)
        nd["_result"] = None
        nd["_legal"] = None
        return new

    def _declare(self, d: dict[str, Any], seat: int, verb: str, cards: tuple[Card, ...]) -> None:
        """B2.7: one declaration; the last one (or a servito, B2.8) resolves the hand."""
        d["spoken"] = _set(self.spoken, seat, True)
        if verb == "fold":
            d["folded"] = _set(self.folded, seat, True)
            d["calls"] = self.calls + ((seat, "fold"),)
        elif verb == "servito":
            if self.servito is None:
                d["servito"] = seat
            d["calls"] = self.calls + ((seat, "servito"),)
        else:
            k = len(cards)
            kept = [c for c in self.hands_[seat] if c not in cards]
            hand = tuple(self.game.deck.sort([*kept, *self.stock[:k]]))
            d["hands_"] = _set(self.hands_, seat, hand)
            d["stock"] = self.stock[k:]
            d["discards"] = self.discards + tuple((seat, c) for c in cards)
            d["calls"] = self.calls + ((seat, f"tengo, exchanging {k}" if k else
                                        "tengo, standing pat"),)
        ends = verb == "servito" and self.options.servito_ends_declarations
        later = [s for s in self.order if not d["spoken"][s]]
        if later and not ends:
            d["to_move_"] = later[0]
            return
        self._resolve_declarations(d)

    def _resolve_declarations(self, d: dict[str, Any]) -> None:
        """B2.8 / B2.9 / B2.12: servito, a combination, one player left or none end the
        hand; otherwise the trick phase starts (B2.10)."""
        active = [s for s in self.order if not d["folded"][s]]
        combo = any(classify(d["hands_"][s], self.dominant) for s in active)
        if d["servito"] is not None or combo or len(active) <= 1:
            _finish(self, d, Outcome("declarations", d["hands_"],
                                     tuple(not f for f in d["folded"]), self.order,
                                     self.dominant, d["servito"]))
            return
        d["leader"] = active[0]
        swap = (self.options.dealer_turnup_at_piatti == "swap" and not d["folded"][self.dealer]
                and bool(self.turnup))
        d["phase_"], d["to_move_"] = ("swap", self.dealer) if swap else ("play", active[0])

    def _play(self, d: dict[str, Any], seat: int, cards: tuple[Card, ...]) -> None:
        """B2.10: add a play; a full trick goes to its winner, who leads the next (F-A20)."""
        hand = tuple(c for c in self.hands_[seat] if c not in cards)
        d["hands_"] = _set(self.hands_, seat, hand)
        if not self.trick_:
            d["leader"] = seat
            due = self.options.both_jokers_lead == "consecutive_forced"
            d["gobbo_due"] = seat if (due and cards == (VECIA,) and any(
                c.code == "FB" for c in hand)) else None
        trick = self.trick_ + ((seat, cards),)
        active = [s for s in self.order if not self.folded[s]]
        if len(trick) < len(active):
            d["trick_"] = trick
            i = active.index(seat)
            d["to_move_"] = active[(i + 1) % len(active)]
            return
        winner = trick_winner(as_plays(trick), self.card_order())  # B2.10.5
        d["piatti"] = _set(self.piatti, winner, self.piatti[winner] + len(trick[0][1]))
        d["tricks_"] = self.tricks_ + ((trick[0][0], trick, winner),)
        d["trick_"] = ()
        d["leader"] = winner
        d["to_move_"] = winner
        if not d["hands_"][winner]:
            _finish(self, d, Outcome("piatti", d["hands_"], tuple(not f for f in self.folded),
                                     self.order, self.dominant, None, d["piatti"]))

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


def _finish(state: PanfinState, d: dict[str, Any], outcome: Outcome) -> None:
    """End the deal: settle (B2.5 / B2.8 / B2.9 / B2.11 / B2.12) and move the chips."""
    settlement = settle(state.options, outcome, d["pot"], state.game.seat_names)
    d["pot"], d["stacks"] = apply_payments(d["pot"], d["stacks"], settlement.payments)
    d["payments"] = d["payments"] + settlement.payments
    d["outcome"], d["settlement"] = outcome, settlement
    d["phase_"], d["to_move_"] = "done", None
    d["trick_"] = ()

