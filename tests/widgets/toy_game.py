"""A tiny two-player trick game: a test double for the widget tests.

It implements the whole State/Game protocol and the view schema of the helper
brief on eight cards, so the widget tests do not wait for the real games.

Rules (IDs ``T-…`` are this file's own):

* T-0 pack: A K Q J of spades and hearts; seats N and S; 3 cards each and a
  2-card kitty (face down). The seat after the dealer acts first.
* T-1.1 auction: each seat calls once, ``bid S``, ``bid H`` or ``pass``.
  T-1.2 a bid must stand above the current bid (S below H).
* T-1.3 the highest bidder (declarer) takes the kitty and discards two cards in
  one action, ``discard X Y``. With no bid the deal is played at no trump.
* T-2.1 play: follow the suit led when you can. T-2.2 trumps beat the led suit;
  the trump jack is the highest trump (order J A K Q), plain suits run A K Q J.
* T-3 score: one point per trick; the declarer scores ``bonus`` more with two
  tricks or more, or loses ``bonus`` with fewer.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from cardlab.cards import Card, Deck, french_pack
from cardlab.engine.action import Action, Verdict
from cardlab.engine.dealing import check_partition, deal_by_schedule, pack_order
from cardlab.engine.game import Game, GameSpec
from cardlab.engine.options import option
from cardlab.engine.record import format_deal
from cardlab.engine.result import Result
from cardlab.engine.state import State
from cardlab.engine.tricks import CardOrder

#: T-1.2 the bid ladder, low to high.
LADDER = ("S", "H")
#: T-2.2 trumps high to low, and the plain order.
TRUMP_ORDER = ("J", "A", "K", "Q")
PLAIN_ORDER = ("A", "K", "Q", "J")
SEATS = ("N", "S")


@dataclass(frozen=True, kw_only=True)
class ToyOptions:
    """Options of the toy game."""

    players: int = option(2, choices=(2,), source="T-0")
    bonus: int = option(10, kind=int, source="T-3")


class ToyState(State):
    """One moment of a toy deal."""

    def __init__(self, game: ToyGame, hands: list[list[Card]], kitty: list[Card], dealer: int,
                 seed: int | None) -> None:
        self.game = game
        self.history = ()
        self.parent = None
        self.seed = seed
        self.dealer = dealer
        self.setup = {"hands": [" ".join(map(str, h)) for h in hands],
                      "kitty": " ".join(map(str, kitty)), "dealer": dealer}
        self._hands = tuple(tuple(h) for h in hands)
        self._kitty: tuple[Card, ...] = tuple(kitty)
        self._discards: tuple[Card, ...] = ()
        self._phase = "auction"
        self._to_move: int | None = (dealer + 1) % 2
        self._calls: tuple[tuple[int, str], ...] = ()
        self._contract: str | None = None
        self._declarer: int | None = None
        self._trick: tuple[tuple[int, Card], ...] = ()
        self._last: dict[str, Any] | None = None
        self._won = (0, 0)

    # -- facts -----------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self._phase

    @property
    def to_move(self) -> int | None:
        return self._to_move

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return self._hands

    @property
    def result(self) -> Result | None:
        if self._phase != "done":
            return None
        return self.game.score_deal(self)

    def hidden_cards(self, seat: int | None) -> list[Card]:
        """The cards ``seat`` may not see."""
        out = [c for s, h in enumerate(self._hands) if s != seat for c in h]
        if self._phase == "auction" or (self._contract == "NT"):
            out += list(self._kitty)
        if seat != self._declarer:
            out += list(self._discards)
        return out

    def _trump(self) -> str | None:
        return self._contract if self._contract in LADDER else None

    def _view(self, seat: int | None = None) -> dict[str, Any]:
        hands = []
        for s, h in enumerate(self._hands):
            mine = seat == s
            hands.append({"seat": s, "name": SEATS[s], "cards": [str(c) for c in h] if mine
                          else None, "count": len(h), "face_up": False, "active": True})
        extras = []
        if self._phase == "auction" or self._contract == "NT":
            extras.append({"label": "kitty", "cards": None, "count": len(self._kitty)})
        if self._discards:
            shown = seat is not None and seat == self._declarer
            extras.append({"label": "discards", "cards": [str(c) for c in self._discards]
                           if shown else None, "count": len(self._discards)})
        led = self._trick[0][1].suit if self._trick else None
        return {
            "game": "toy", "title": "Toy Trumps", "phase": self._phase, "seat": seat,
            "to_move": self._to_move, "dealer": self.dealer, "seat_names": list(SEATS),
            "hands": hands, "piles": None, "extras": extras,
            "trick": [{"seat": s, "card": str(c), "note": ""} for s, c in self._trick],
            "trick_leader": self._trick[0][0] if self._trick else None, "trick_suit": led,
            "last_trick": self._last, "tricks_won": {"N": self._won[0], "S": self._won[1]},
            "auction": [{"seat": s, "call": c} for s, c in self._calls],
            "contract": self._contract, "declarer": self._declarer, "trump": self._trump(),
            "scores": dict(self.result.points) if self._phase == "done" else {},
            "chips": None, "info": [f"{SEATS[self._to_move]} to move"] if self._to_move
            is not None else ["the deal is over"],
            "legal": [str(a) for a in self.legal_actions()]
            if seat is None or seat == self._to_move else [],
        }

    # -- rules -------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self._phase == "auction":
            high = max((LADDER.index(c) for _, c in self._calls if c != "pass"), default=-1)
            return [Action(f"bid {b}") for b in LADDER[high + 1:]] + [Action("pass")]
        if self._phase == "kitty":
            hand = self.game.deck.sort(self._hands[self._to_move])
            return [Action(f"discard {a} {b}") for a, b in combinations(hand, 2)]
        if self._phase == "play":
            return [Action(f"play {c}") for c in self.game.deck.sort(self._hands[self._to_move])
                    if self._judge(Action(f"play {c}")).legal]
        return []

    def _judge(self, action: Action) -> Verdict:
        verb = action.verb
        want = {"auction": ("bid", "pass"), "kitty": ("discard",), "play": ("play",)}[self._phase]
        if verb not in want:
            return Verdict(False, f"in the {self._phase} you may only {' or '.join(want)}",
                           "wrong_phase", "T-1.1")
        if verb == "pass":
            return Verdict(not action.args, "pass takes no argument" if action.args else
                           "you may always pass", "" if not action.args else "bad_notation")
        if verb == "bid":
            if len(action.args) != 1 or action.args[0] not in LADDER:
                return Verdict(False, "a bid names S or H", "bad_notation", "T-1.1")
            if action not in self.legal_actions():
                return Verdict(False, "a bid must stand above the current bid", "bid_too_low",
                               "T-1.2")
            return Verdict(True, "the bid is above the current bid")
        hand = self._hands[self._to_move]
        try:
            cards = [self.game.deck.parse(a) for a in action.args]
        except ValueError as err:
            return Verdict(False, str(err), "unknown_card")
        for c in cards:
            if c not in hand:
                return Verdict(False, f"you do not hold {c}", "not_in_hand", "T-2.1")
        if verb == "discard":
            if len(cards) != 2 or len(set(cards)) != 2:
                return Verdict(False, "discard exactly two different cards", "discard_count",
                               "T-1.3")
            return Verdict(True, "two cards go to the discards")
        if len(cards) != 1:
            return Verdict(False, "play one card", "bad_notation")
        card = cards[0]
        if self._trick:
            led = self._trick[0][1].suit
            if card.suit != led and any(c.suit == led for c in hand):
                return Verdict(False, f"you must follow {self.game.deck.suit_name(led)}",
                               "must_follow_suit", "T-2.1")
            return Verdict(True, "it follows suit" if card.suit == led else "you cannot follow")
        return Verdict(True, "you lead: any card")

    def _successor(self, action: Action) -> ToyState:
        nxt = copy.copy(self)
        nxt.parent = self
        nxt.history = self.history + (action,)
        seat = self._to_move
        assert seat is not None
        if action.verb in ("bid", "pass"):
            call = action.args[0] if action.verb == "bid" else "pass"
            nxt._calls = self._calls + ((seat, call),)
            nxt._to_move = 1 - seat
            if len(nxt._calls) == 2:
                bids = [(s, c) for s, c in nxt._calls if c != "pass"]
                if bids:
                    s, c = max(bids, key=lambda sc: LADDER.index(sc[1]))
                    nxt._contract, nxt._declarer, nxt._phase, nxt._to_move = c, s, "kitty", s
                    hands = list(nxt._hands)
                    hands[s] = tuple(hands[s]) + self._kitty
                    nxt._hands, nxt._kitty = tuple(hands), ()
                else:
                    nxt._contract, nxt._phase = "NT", "play"
                    nxt._to_move = (self.dealer + 1) % 2
            return nxt
        cards = [self.game.deck.parse(a) for a in action.args]
        hands = [list(h) for h in self._hands]
        for c in cards:
            hands[seat].remove(c)
        nxt._hands = tuple(tuple(h) for h in hands)
        if action.verb == "discard":
            nxt._discards = tuple(cards)
            nxt._phase = "play"
            return nxt
        nxt._trick = self._trick + ((seat, cards[0]),)
        nxt._to_move = 1 - seat
        if len(nxt._trick) == 2:
            winner = self.game.trick_winner(nxt._trick, self._trump())
            won = list(self._won)
            won[winner] += 1
            nxt._won = (won[0], won[1])
            nxt._last = {"leader": nxt._trick[0][0], "winner": winner,
                         "plays": [{"seat": s, "card": str(c)} for s, c in nxt._trick]}
            nxt._trick = ()
            nxt._to_move = winner
            if not any(nxt._hands):
                nxt._phase, nxt._to_move = "done", None
        return nxt

    def _describe(self, action: str) -> str:
        act = self.game.parse_action(action)
        who = SEATS[self._to_move] if self._to_move is not None else "nobody"
        if act.verb == "pass":
            return f"{who} passes"
        if act.verb == "bid":
            return f"{who} bids {self.game.deck.suit_name(act.args[0])}"
        if act.verb == "discard":
            return f"{who} discards two cards"
        return f"{who} plays the {self.game.deck.name(self.game.deck.parse(act.args[0]))}"

    def deal_string(self) -> str:
        first = self.states()[0]
        return format_deal([*SEATS, "kitty"], [*first._hands, first._kitty])

    def trump_order(self, contract: str | None = None) -> list[Card]:
        order = self.game.card_order(contract or self._contract)
        return [self.game.deck.parse(c) for c in order["trumps"]]

    def card_order(self) -> CardOrder:
        """The contract's order: printed suits, the trump ladder for the trump suit."""
        trump = self._contract if self._contract in LADDER else None
        return CardOrder.from_ranks(self.game.deck, PLAIN_ORDER, trump=trump,
                                    trump_ladder=TRUMP_ORDER)

    def effective_suit(self, card: Card | str) -> str | None:
        """The toy's cards never change suit: the printed one."""
        return self.game.deck.parse(card).suit


class ToyGame(Game):
    """The toy game (module docstring)."""

    spec = GameSpec(name="toy", title="Toy Trumps", players=(2,),
                    phases=("auction", "kitty", "play", "done"), spec_file="",
                    options=ToyOptions, presets={"standard": {}})

    def _make_deck(self) -> Deck:
        return french_pack({"S": ("A", "K", "Q", "J"), "H": ("A", "K", "Q", "J")},
                           title="8-card toy pack")

    @property
    def seat_names(self) -> tuple[str, ...]:
        return SEATS

    def deal(self, *, seed: int | None = None, dealer: int = 0, **setup: Any) -> ToyState:
        if "hands" in setup:
            hands = [self.deck.parse_many(h) for h in setup["hands"]]
            kitty = self.deck.parse_many(setup.get("kitty", ""))
            check_partition(self.deck, {"N": hands[0], "S": hands[1], "kitty": kitty},
                            dict(self.deal_parts()))
            return ToyState(self, hands, kitty, dealer, seed)
        cards = pack_order(self.deck, seed=seed, order=setup.get("deck"))
        got = deal_by_schedule(cards, [(0, 3), (1, 3), ("kitty", 2)])
        return ToyState(self, [got[0], got[1]], got["kitty"], dealer, seed)

    def deal_parts(self) -> list[tuple[str, int]]:
        return [("N", 3), ("S", 3), ("kitty", 2)]

    def deal_from_parts(self, parts: Any, dealer: int = 0) -> ToyState:
        return self.deal(hands=[list(parts["N"]), list(parts["S"])], kitty=list(parts["kitty"]),
                         dealer=dealer)

    def contracts(self) -> list[str]:
        return ["S", "H", "NT"]

    def card_order(self, contract: str | None = None) -> dict[str, Any]:
        if contract not in (None, "S", "H", "NT"):
            raise ValueError(f"unknown contract {contract!r}")
        trump = contract if contract in LADDER else None
        suits = {s: [r + s for r in PLAIN_ORDER] for s in ("S", "H") if s != trump}
        trumps = [r + trump for r in TRUMP_ORDER] if trump else []
        special = {f"J{trump}": "trump jack, highest trump"} if trump else {}
        return {"trumps": trumps, "suits": suits, "special": special}

    def bid_ladder(self) -> list[dict[str, Any]]:
        return [{"call": "S", "value": 10, "label": "spades"},
                {"call": "H", "value": 20, "label": "hearts"}]

    def scoring_variants(self) -> dict[str, dict[str, Any]]:
        return {"standard": {"bonus": 10}, "generous": {"bonus": 20}}

    def score_deal(self, state: State, **options: Any) -> Result:
        bonus = options.get("bonus", self.options.bonus)
        assert isinstance(state, ToyState)
        pts = list(state._won)
        made = None
        lines = [f"N won {pts[0]} tricks, S won {pts[1]}"]
        if state._declarer is not None:
            made = state._won[state._declarer] >= 2
            pts[state._declarer] += bonus if made else -bonus
            lines.append(f"declarer {'made' if made else 'failed'}: "
                         f"{'+' if made else '-'}{bonus}")
        return Result(points={"N": pts[0], "S": pts[1]}, seat_points=(pts[0], pts[1]),
                      contract=state._contract, declarer=state._declarer, made=made,
                      breakdown=tuple(lines))

    @staticmethod
    def trick_winner(trick: tuple[tuple[int, Card], ...], trump: str | None) -> int:
        """T-2.2: the winner of a complete trick."""
        led = trick[0][1].suit

        def key(card: Card) -> tuple[int, int]:
            if card.suit == trump:
                return (2, -TRUMP_ORDER.index(card.rank))
            if card.suit == led:
                return (1, -PLAIN_ORDER.index(card.rank))
            return (0, 0)

        return max(trick, key=lambda sc: key(sc[1]))[0]


GAME = ToyGame
