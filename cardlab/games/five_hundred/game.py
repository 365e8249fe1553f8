"""The Five Hundred rules object: options, pack, seats and sides, deals, and teaching aids."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cache
from typing import Any

from cardlab.cards import Card, Deck
from cardlab.engine.action import Action
from cardlab.engine.action_ids import ActionTable
from cardlab.engine.dealing import check_partition, deal_by_schedule, pack_order, packet_schedule
from cardlab.engine.game import Game, GameSpec
from cardlab.engine.options import build_options
from cardlab.engine.record import cards_arg, list_arg, seat_arg
from cardlab.engine.result import Result
from cardlab.engine.state import State
from cardlab.games.five_hundred.action_ids import FiveHundredActionIds, action_table
from cardlab.games.five_hundred.rules import (
    DENOMINATIONS,
    MISERE_VALUES,
    PRESETS,
    SUITS,
    ContractRules,
    FiveHundredOptions,
    Ladder,
    contract_rules,
    ladder_for,
    pack_for,
    parse_bid,
)
from cardlab.games.five_hundred.scoring import score
from cardlab.games.five_hundred.state import FiveHundredState

__all__ = ["FiveHundredGame", "SPEC"]

#: the declared game (STYLE §5, OpenSpiel item 1)
SPEC = GameSpec(
    name="five_hundred",
    title="Five Hundred",
    players=(4, 2, 3, 5, 6),
    phases=("auction", "kitty", "call", "nominate", "play", "done"),
    spec_file="five_hundred.md",
    options=FiveHundredOptions,
    presets=PRESETS,
    card_verbs=frozenset({"play", "discard", "call"}),
    # 5H-6.3: only a contractor holding the joker is asked; declining says nothing
    private_verbs=frozenset({"nominate"}),
    secret_actions=frozenset({"nominate none"}),
    simulator="cardlab.sim.five_hundred",
    # 5H-2 the two ways two players play (the options' two_player_form)
    forms=(("with a dead hand", {"players": 2, "two_player_form": "dead_hand_33"}),
           ("with ghost partners", {"players": 2, "two_player_form": "ghost_partners_43"})),
)

#: 5H-4.2 packets 3-1-4-1-3-1 by kitty size (5 and 6: the larger 4-player packs, our choice)
_ROUNDS = {3: [(3, 1), (4, 1), (3, 1)], 5: [(3, 2), (4, 1), (3, 2)], 6: [(3, 2), (4, 2), (3, 2)]}
#: call words typed by people → the notation
_WORDS = {"MISERE": "misere", "MISÈRE": "misere", "OPEN_MISERE": "open_misere",
          "OPEN_MISÈRE": "open_misere", "BLIND_MISERE": "blind_misere",
          "BLIND_MISÈRE": "blind_misere", "SANS_KITTY": "sans_kitty", "NONE": "none",
          "ALONE": "alone", "PASS": "pass"}
_SYMBOLS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}


@cache
def _rollout_module() -> Any:
    """``rollout.py``, imported on first use (its tables take a moment to build, and
    ``import cardlab`` should not wait for them)."""
    from cardlab.games.five_hundred import rollout

    return rollout


class FiveHundredGame(Game):
    """Five Hundred under one set of options (see the package docstring for seats and sides)."""

    spec = SPEC

    def __init__(self, options: FiveHundredOptions) -> None:
        super().__init__(options)
        self._ghosts = options.players == 2 and options.two_player_form == "ghost_partners_43"
        self._ladder = ladder_for(options)
        self._rules: dict[tuple[str, str | None], ContractRules] = {}
        n = options.players
        self._seat_names = ("N", "E", "S", "W") if n == 4 else tuple(
            f"P{i + 1}" for i in range(n))
        #: positions at the table: the seats, then (ghost_partners_43) G1 and G2 opposite them
        self._position_names = self._seat_names + (("G1", "G2") if self._ghosts else ())
        self._sides = self._make_sides()
        self._side_of = {s: name for name, seats in self._sides.items() for s in seats}
        self._index_by_code = {c.code: i for i, c in enumerate(self.deck)}
        self._action_ids: FiveHundredActionIds | None = None
        self._rollout_setup: Any = None  # the rollout's look-up tables (rollout.py), made once

    # -- declared facts -------------------------------------------------------------------
    def _make_deck(self) -> Deck:
        return pack_for(self._options)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """4 players: ``N E S W``; otherwise ``P1 … Pn`` (clockwise)."""
        return self._seat_names

    @property
    def positions(self) -> int:
        """Hands that play to tricks: the seats, or four with ghost partners."""
        return len(self._position_names)

    @property
    def position_names(self) -> tuple[str, ...]:
        """Names of the positions: the seat names, then ``G1 G2`` (ghost partners of P1, P2)."""
        return self._position_names

    def position_name(self, pos: int | None) -> str:
        """The name of a position (a seat or a ghost)."""
        return "nobody" if pos is None else self._position_names[pos]

    def is_ghost(self, pos: int) -> bool:
        """True for a ghost partner's position (two players, ``ghost_partners_43``)."""
        return pos >= self.players

    def controller(self, pos: int) -> int:
        """The seat that plays for ``pos`` (a ghost is played by its partner)."""
        return pos % self.players

    def _make_sides(self) -> dict[str, tuple[int, ...]]:
        n, names = self.players, self._seat_names
        if self._ghosts:  # B-FR: each player with the ghost opposite
            return {"P1": (0, 2), "P2": (1, 3)}
        if n == 4:
            return {"NS": (0, 2), "EW": (1, 3)}
        if n == 6:
            if self._options.six_player_sides == "two_triples":
                return {"P1P3P5": (0, 2, 4), "P2P4P6": (1, 3, 5)}
            return {"P1P4": (0, 3), "P2P5": (1, 4), "P3P6": (2, 5)}
        return {name: (i,) for i, name in enumerate(names)}

    @property
    def sides(self) -> dict[str, tuple[int, ...]]:
        """Scoring sides: ``NS``/``EW`` (4), pairs or triples (6), each player alone (2, 3, 5);
        with ghost partners each side holds a seat and its ghost's position."""
        return dict(self._sides)

    def side_of(self, seat: int) -> str:
        """The side name of ``seat``."""
        return self._side_of[seat]

    def side_seats(self, seat: int) -> tuple[int, ...]:
        """The seats of ``seat``'s side (itself included)."""
        return self._sides[self._side_of[seat]]

    @property
    def ladder(self) -> Ladder:
        """5H-5.3 the bid ladder under these options: a
        :class:`~cardlab.engine.ladder.Ladder` (rows of tricks × suits, misère in its place)
        that also maps each call to its ``rank`` and ``value``."""
        return self._ladder

    @property
    def kitty_size(self) -> int:
        """5H-2 three cards, or 5/6 with the 45/46-card packs."""
        return len(self.deck) - 10 * (self.positions + (1 if self.has_dead_hand else 0))

    @property
    def has_dead_hand(self) -> bool:
        """5H-2 two players: a third ten-card hand is dealt and never played."""
        return self.players == 2 and not self._ghosts

    def contract_rules(self, denomination: str, nominated: str | None) -> ContractRules:
        """The card order of a contract (cached per game)."""
        key = (denomination, nominated)
        r = self._rules.get(key)
        if r is None:
            r = self._rules[key] = contract_rules(self.deck, denomination, nominated)
        return r

    # -- notation -------------------------------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """The notation, with a discard's cards put in the pack's order (any order is accepted:
        ``discard 7H 5D 6D`` is ``discard 5D 6D 7H``)."""
        act = super().parse_action(text)
        if not isinstance(text, Action) and act.verb == "discard":
            args = act.args
            if all(a in self._index_by_code for a in args) and len(set(args)) == len(args):
                args = tuple(sorted(args, key=self._index_by_code.__getitem__))
                return Action(" ".join(["discard", *args]))
        return act

    def _normalise_word(self, verb: str, word: str) -> str:
        """``7h`` → ``7H``, ``10nt`` → ``10NT``, ``Misère`` → ``misere``, ``h`` → ``H``."""
        up = word.upper()
        for sym, s in _SYMBOLS.items():
            up = up.replace(sym, s)
        if up in _WORDS:
            return _WORDS[up]
        return up

    # -- deals ----------------------------------------------------------------------------
    def deal_parts(self) -> list[tuple[str, int]]:
        """The parts of a stacked deal in deal-string order: seats, (``dead``), ``kitty``."""
        parts = [(name, 10) for name in self._position_names]
        if self.has_dead_hand:
            parts.append(("dead", 10))
        return [*parts, ("kitty", self.kitty_size)]

    def deal(self, *, seed: int | None = None, dealer: int = 0, **setup: Any) -> State:
        """5H-4 a deal: seeded (``seed=``), a pack order (``deck="AS KS …"``, top first, dealt
        3-1-4-1-3-1 from the dealer's left), or stacked (``hands=[…]`` by seat, ``kitty="…"``,
        and ``dead_hand="…"`` with two players)."""
        unknown = set(setup) - {"hands", "kitty", "deck", "dead_hand"}
        if unknown:
            raise ValueError(f"five_hundred: unknown deal argument(s) {sorted(unknown)}; expected "
                             "seed, dealer, deck, hands, kitty, dead_hand")
        seat_arg(self, dealer)
        labels = [label for label, _ in self.deal_parts()]
        hands = setup.get("hands")
        if hands is not None:
            list_arg(hands, "hands", self.positions, "hands, one per seat" + (
                " and ghost (piles: five face down, then five face up)" if self._ghosts else ""))
            if setup.get("kitty") is None:
                raise ValueError("a stacked deal needs kitty= as well as hands=")
            parts = {label: cards_arg(self, h, f"hands[{i}] ({label})")
                     for i, (label, h) in enumerate(zip(labels, hands))}
            if self.has_dead_hand:
                if setup.get("dead_hand") is None:
                    raise ValueError("two-player Five Hundred needs dead_hand= too")
                parts["dead"] = cards_arg(self, setup["dead_hand"], "dead_hand")
            elif setup.get("dead_hand") is not None:
                raise ValueError("dead_hand= is only for two players with the dead hand "
                                 "(two_player_form='dead_hand_33')")
            parts["kitty"] = cards_arg(self, setup["kitty"], "kitty")
            check_partition(self.deck, parts, dict(self.deal_parts()), rule="5H-2")
        else:
            for part in ("kitty", "dead_hand"):
                if setup.get(part) is not None:
                    raise ValueError(f"a stacked deal needs hands= as well as {part}=")
            deck = setup.get("deck")
            order = pack_order(self.deck, seed=seed,
                               order=None if deck is None else cards_arg(self, deck, "deck"))
            recipients: list[Any] = [(dealer + k) % self.positions
                                     for k in range(1, self.positions + 1)]
            if self.has_dead_hand:
                recipients.append("dead")
            dealt = deal_by_schedule(order, packet_schedule(recipients, _ROUNDS[self.kitty_size]))
            parts = {self._position_names[s]: dealt[s] for s in range(self.positions)}
            if self.has_dead_hand:
                parts["dead"] = dealt["dead"]
            parts["kitty"] = dealt["kitty"]
        return self._state_from_parts(parts, dealer, seed if hands is None else None)

    def _state_from_parts(self, parts: Mapping[str, list[Card]], dealer: int,
                          seed: int | None) -> FiveHundredState:
        hands = tuple(tuple(parts[name]) for name in self._position_names)
        dead = tuple(parts.get("dead", ()))
        kitty = tuple(parts["kitty"])
        setup: dict[str, Any] = {"hands": [" ".join(c.code for c in (
                                     h if self.is_ghost(p) else self.deck.sort(h)))
                                           for p, h in enumerate(hands)],
                                 "kitty": " ".join(c.code for c in kitty), "dealer": dealer}
        if self.has_dead_hand:
            setup["dead_hand"] = " ".join(c.code for c in self.deck.sort(dead))
        return FiveHundredState(self, hands, kitty, dealer, setup, seed, dead)

    def deal_from_parts(self, parts: Mapping[str, list[Card]], dealer: int = 0) -> State:
        """A stacked deal from ``label → cards`` (labels of :meth:`deal_parts`)."""
        seat_arg(self, dealer)
        cards = {k: cards_arg(self, v, str(k)) for k, v in parts.items()}
        check_partition(self.deck, cards, dict(self.deal_parts()), rule="5H-2")
        return self._state_from_parts(cards, dealer, None)

    def rollout(self, *, seed: int | None = None, dealer: int = 0, **setup: Any) -> Any:
        """A mutable deal driven by integer action ids, for fast playouts and search
        (:mod:`cardlab.games.five_hundred.rollout`); the same arguments as :meth:`deal`,
        and the same cards to the same seats.

        >>> import cardlab
        >>> r = cardlab.load("five_hundred").rollout(seed=7, dealer=3)
        >>> r.phase, r.to_move, r.legal_ids()[:3]
        ('auction', 0, [0, 1, 2])
        """
        return _rollout_module().new_rollout(self, seed=seed, dealer=dealer, **setup)

    # -- integer action ids (action_ids.py) ---------------------------------------------------
    def action_table(self) -> ActionTable:
        """Integer ids (:mod:`cardlab.games.five_hundred.action_ids`): the words ``pass``,
        the bids, ``nominate …`` and ``call alone`` (0–59) in every configuration, then
        ``play`` of each card in pack order (from 60), the joker led naming each suit,
        ``call`` of each non-joker and every ``discard`` set.

        >>> import cardlab
        >>> game = cardlab.load("five_hundred")
        >>> game.action_id("bid 7H"), game.action_id("play JK H"), game.num_distinct_actions
        (9, 106, 12490)
        """
        return action_table(self)

    def action_ids(self) -> FiveHundredActionIds:
        """The converter between notation and integer ids (made once per game), with the
        rollout's helpers."""
        if self._action_ids is None:
            self._action_ids = FiveHundredActionIds(self)
        return self._action_ids

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the id and rollout caches (process pools; rebuilt on demand)."""
        state = {**self.__dict__, "_action_ids": None, "_rollout_setup": None}
        state.pop("_action_id_converter", None)
        return state

    def match(self, seed: int | None = None, scores: Any = None, dealer: int = 0) -> Any:
        """A game to 500 (5H-9): ``match.play(bots)``, ``.scores``, ``.sheet``, ``.winner``."""
        from cardlab.games.five_hundred.match import FiveHundredMatch

        return FiveHundredMatch(self, seed=seed, scores=scores, dealer=dealer)

    # -- teaching aids ----------------------------------------------------------------------
    def contracts(self) -> list[str]:
        """The contracts for :meth:`card_order`: ``6S … 10NT`` (ladder order) and the misères."""
        return [c for c in self._ladder.calls]

    def card_order(self, contract: str | None = None) -> dict[str, Any]:
        """5H-3 the card order under ``contract`` (``'7H'``, ``'H'``, ``'NT'``, ``'misere'``;
        ``'NT:H'`` or ``'misere:H'`` for a joker nominated as a heart)."""
        denom, nominated = self._denomination(contract or "NT")
        r = self.contract_rules(denom, nominated)
        return {"trumps": [c.code for c in r.trumps()],
                "suits": {s: [c.code for c in cs] for s, cs in r.suits.items()},
                "special": dict(r.special)}

    def _denomination(self, contract: str) -> tuple[str, str | None]:
        text, _, nominated = str(contract).partition(":")
        text = self._normalise_word("bid", text.split(" ")[0])
        nom = self._normalise_word("nominate", nominated) if nominated else None
        if nom is not None and nom not in SUITS:
            raise ValueError(f"cannot nominate the joker as {nominated!r}; expected S, C, D, H")
        if text in DENOMINATIONS:
            return text, (nom if text == "NT" else None)
        if text in MISERE_VALUES:
            return "NT", nom
        parsed = parse_bid(text)
        if parsed is None:
            raise ValueError(f"unknown contract {contract!r}; expected e.g. 7H, 10NT, H, NT, "
                             "misere, open_misere")
        return parsed[1], (nom if parsed[1] == "NT" else None)

    def bid_ladder(self) -> list[dict[str, Any]]:
        """5H-5.3 every call low to high: ``{"call", "value", "label", "rank", "row"}``, from
        :attr:`ladder` (``row`` is the label of the call's ladder row)."""
        lad = self._ladder
        return [{**e, "rank": lad.rank[e["call"]]} for e in lad.entries()]

    def scoring_variants(self) -> dict[str, dict[str, Any]]:
        """Named scoring option sets for comparing a finished deal (see :meth:`score_deal`)."""
        return {
            "standard": {},
            "no_defender_points": {"defenders_score_tricks": False},
            "defender_points_ignored_above_400": {"defender_points_ignored_above": 400},
            "cap_490": {"defensive_cap": 490},
            "cap_480": {"defensive_cap": 480},
            "no_slam_bonus": {"slam_minimum": 0},
        }

    def score_deal(self, state: State, scores: Mapping[str, int] | None = None,
                   **options: Any) -> Result:
        """5H-8 rescore a finished deal under other scoring options (``defensive_cap=490``,
        ``defenders_score_tricks=False``, ``slam_minimum=0`` …), from running ``scores``."""
        if not isinstance(state, FiveHundredState) or not state.is_over:
            raise ValueError("score_deal needs a finished Five Hundred deal")
        base = {f: getattr(self.options, f) for f in self.options_dict()}
        opts = build_options(FiveHundredOptions, {}, None, {**base, **options}, game=self.name)
        scoring_only = {"defenders_score_tricks", "defender_points_ignored_above",
                        "defensive_cap", "slam_minimum"}
        other = [k for k in options if k not in scoring_only]
        if other:
            raise ValueError(f"score_deal changes only scoring options "
                             f"({', '.join(sorted(scoring_only))}), not {', '.join(other)}")
        return score(state.deal_facts(), replace(opts), scores)
