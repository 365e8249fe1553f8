"""The Five Hundred rules object: options, pack, seats and sides, deals, and teaching aids."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import replace
from itertools import combinations
from math import comb
from typing import Any, Final

from cardlab.cards import Card, Deck
from cardlab.engine import registry
from cardlab.engine.action import Action
from cardlab.engine.action_ids import ActionIds, ActionTable, CardBlock
from cardlab.engine.dealing import check_partition, deal_by_schedule, pack_order, packet_schedule
from cardlab.engine.game import Game, GameSpec
from cardlab.engine.options import build_options
from cardlab.engine.record import cards_arg, list_arg, seat_arg
from cardlab.engine.result import Result
from cardlab.engine.state import State
from cardlab.errors import IllegalAction
from cardlab.games.five_hundred.rules import (
    DENOMINATIONS,
    MISERE_CALLS,
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

__all__ = ["FiveHundredGame", "SPEC", "FiveHundredActionIds", "action_table", "CALL_IDS", "PASS",
           "NOMINATE_BASE", "NOMINATE_NONE", "CALL_ALONE", "PLAY_BASE", "WORDS"]

#: the declared game (STYLE §5, OpenSpiel item 1)
SPEC = GameSpec(
    name="five_hundred",
    title="Five Hundred",
    # a defenders' trick is 10 points; a small contract 40-100; a lost contract swings more
    coach_grades=(10.0, 40.0, 100.0),
    players=(4, 2, 3, 5, 6),
    phases=("auction", "kitty", "call", "nominate", "play", "done"),
    spec_file="five_hundred.md",
    options=FiveHundredOptions,
    presets=PRESETS,
    card_verbs=frozenset({"play", "discard", "call"}),
    # 5H-6.3: only a contractor holding the joker is asked; declining says nothing
    private_verbs=frozenset({"nominate"}),
    secret_actions=frozenset({"nominate none"}),
    # 5H-2 the two ways two players play (the options' two_player_form)
    forms=(("with a dead hand", {"players": 2, "two_player_form": "dead_hand_33"}),
           ("with ghost partners", {"players": 2, "two_player_form": "ghost_partners_43"})),
)

#: the simulator's ``new_rollout`` (:mod:`cardlab.sim.five_hundred.rollout`, registered by
#: :mod:`cardlab.sim`), looked up by the first ``rollout()`` (a look-up on every call costs a
#: playout 1%)
_new_rollout: Any = None


#: 5H-4.2 packets 3-1-4-1-3-1 clockwise from the dealer's left (A-3), by kitty size (5 and 6:
#: the larger 4-player packs, our choice)
_ROUNDS = {3: [(3, 1), (4, 1), (3, 1)], 5: [(3, 2), (4, 1), (3, 2)], 6: [(3, 2), (4, 2), (3, 2)]}
#: call words typed by people → the notation
_WORDS = {"MISERE": "misere", "MISÈRE": "misere", "OPEN_MISERE": "open_misere",
          "OPEN_MISÈRE": "open_misere", "BLIND_MISERE": "blind_misere",
          "BLIND_MISÈRE": "blind_misere", "SANS_KITTY": "sans_kitty", "NONE": "none",
          "ALONE": "alone", "PASS": "pass"}
_SYMBOLS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}



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
        (:mod:`cardlab.sim.five_hundred.rollout`, which :mod:`cardlab.sim` registers as this
        game's fast path); the same arguments as :meth:`deal`,
        and the same cards to the same seats.

        >>> import cardlab
        >>> r = cardlab.load("five_hundred").rollout(seed=7, dealer=3)
        >>> r.phase, r.to_move, r.legal_ids()[:3]
        ('auction', 0, [0, 1, 2])
        """
        global _new_rollout
        if _new_rollout is None:  # the simulator's fast path, found once (not on every call)
            _new_rollout = registry.fast_path(self.name, "new_rollout")
        return _new_rollout(self, seed=seed, dealer=dealer, **setup)

    # -- integer action ids (action_ids.py) ---------------------------------------------------
    def action_table(self) -> ActionTable:
        """Integer ids (:mod:`cardlab.games.five_hundred.game`): the words ``pass``,
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


# -- integer ids of the actions (STYLE §5, OpenSpiel item 4) -------------------------------------
#: 5H-5.2 the trick bids in id order (6S 6C … 10NT)
TRICK_BIDS: Final = tuple(f"{n}{d}" for n in range(6, 11) for d in DENOMINATIONS)
#: the auction's calls (without the verb, as ``auction.legal_calls`` gives them) → id
CALL_IDS: Final[dict[str, int]] = {
    "pass": 0,
    **{c: 1 + k for k, c in enumerate(TRICK_BIDS)},
    **{c: 26 + k for k, c in enumerate(MISERE_CALLS)},
    **{f"{c} sans_kitty": 29 + k for k, c in enumerate(TRICK_BIDS)},
}
PASS: Final = 0
#: ``nominate S`` … ``nominate H`` are ``NOMINATE_BASE + s``; ``nominate none`` follows
NOMINATE_BASE: Final = 54
NOMINATE_NONE: Final = 58
CALL_ALONE: Final = 59
#: ``play deck[i]`` is ``PLAY_BASE + i``
PLAY_BASE: Final = 60
#: the words, by id (ids 0-59)
WORDS: Final[tuple[str, ...]] = (
    *(("pass" if c == "pass" else "bid " + c) for c in CALL_IDS),
    *(f"nominate {s}" for s in SUITS), "nominate none", "call alone")
assert len(WORDS) == PLAY_BASE and all(WORDS[i] == (
    "pass" if c == "pass" else "bid " + c) for c, i in CALL_IDS.items())

_VERBS: Final = ("pass", "bid", "discard", "call", "nominate", "play")


def action_table(game: FiveHundredGame) -> ActionTable:
    """The game's actions as data (see the module docstring for the layout).

    Every distinct action of a game has one id, whatever the state; ``game.action_id(text)``
    and ``game.action_text(id)`` convert, exactly and both ways, between an id and the
    engine's notation (``state.legal_actions()``). Five Hundred declares its actions as an
    :class:`~cardlab.engine.action_ids.ActionTable` like every cardlab game (words, then card
    blocks ranked by the combinatorial number system); :class:`FiveHundredActionIds` adds what
    the mutable rollout state (:mod:`cardlab.sim.five_hundred.rollout`) needs. The layout is
    a rule of the encoding, and a test pins it:

    **The words (ids 0-59), the same in every configuration:**

    * ``0`` ``pass``;
    * ``1 + 5·(n − 6) + d`` ``bid nD`` for the trick bids ``6S … 10NT`` (``d``: S C D H NT =
      0…4), so ``bid 6S`` = 1, ``bid 7H`` = 9, ``bid 10NT`` = 25;
    * ``26`` ``bid misere``, ``27`` ``bid open_misere``, ``28`` ``bid blind_misere``;
    * ``29 + 5·(n − 6) + d`` ``bid nD sans_kitty`` (A-9), 29…53;
    * ``54 + s`` ``nominate S`` / ``C`` / ``D`` / ``H`` (``s``: S C D H = 0…3), ``58``
      ``nominate none``;
    * ``59`` ``call alone`` (five players).

    **The card blocks (from id 60), by position in ``game.deck``** (``C`` cards, of which the
    last ``J`` are jokers; they change with the pack, i.e. with ``players`` and ``pack_4p``):

    * ``60 + i`` ``play deck[i]`` (bit ``i`` of a hand mask is ``deck[i]``);
    * ``60 + C + 4·j + s`` ``play JK S`` … ``play JK H``: the ``j``-th joker led in NT or
      misère naming suit ``s`` (5H-7.3 J4);
    * ``60 + C + 4·J + i`` ``call deck[i]`` for the non-jokers (five players, 5H-2);
    * ``60 + C + 4·J + (C − J) + r`` ``discard …``: the set of ``k`` cards (``k`` the kitty
      size) at pack positions ``i1 < i2 < … < ik`` has rank ``r = C(i1, 1) + C(i2, 2) + …
      + C(ik, k)``, so ``r`` runs over ``0 … C(C, k) − 1``.

    With the 43-card pack (4 players): ``play AS`` = 60, ``play JK`` = 102, ``play JK H`` = 106,
    ``call AS`` = 107, ``discard AS KS QS`` = 149, and there are 12,490 ids.

    >>> import cardlab
    >>> game = cardlab.load("five_hundred")
    >>> game.action_id("bid 7H"), game.action_id("play AS"), game.action_text(102)
    (9, 60, Action('play JK'))
    >>> game.action_text(game.action_id("discard 7h 5d 6d"))
    Action('discard 6D 5D 7H')
    >>> game.num_distinct_actions
    12490
    """
    deck = tuple(game.deck)
    jokers = tuple(c for c in deck if c.is_joker)
    return ActionTable(WORDS, (
        CardBlock("play", 1, deck),
        CardBlock("play", 1, jokers, suffixes=SUITS),  # J4 a joker led naming a suit
        CardBlock("call", 1, deck[: len(deck) - len(jokers)]),
        CardBlock("discard", game.kitty_size, deck),
    ))


class FiveHundredActionIds(ActionIds):
    """The engine's id converter over :func:`action_table`, plus what the rollout needs: the
    blocks' first ids, every non-discard action premade, discard ranks both ways, and
    refusals that say which part of the notation has no id.

    :ivar n_cards: ``C``, the cards in the pack.
    :ivar jokers: the jokers' pack positions (the last ``J`` cards).
    :ivar joker_lead_base: the id of ``play JK S`` for the first joker.
    :ivar call_base: the id of ``call deck[0]``.
    :ivar discard_base: the id of the discard of the first ``k`` cards of the pack.
    :ivar kitty_size: ``k``, the cards in a discard.
    """

    def __init__(self, game: FiveHundredGame) -> None:
        super().__init__(game.name, action_table(game), game.parse_action)
        deck = game.deck
        self.game = game
        c = self.n_cards = len(deck)
        self.jokers = tuple(i for i, card in enumerate(deck) if card.is_joker)
        if self.jokers != tuple(range(c - len(self.jokers), c)):  # pragma: no cover
            raise ValueError("the id layout needs the jokers last in the pack")
        self.joker_lead_base, self.call_base, self.discard_base = self._starts[1:]
        assert self._starts[0] == PLAY_BASE
        self.kitty_size = k = game.kitty_size
        #: every id below ``discard_base`` → its Action, and the notation back to the id
        self.texts: tuple[Action, ...] = tuple(super(FiveHundredActionIds, self).text_of(i)
                                               for i in range(self.discard_base))
        self.ids: dict[str, int] = {str(a): i for i, a in enumerate(self.texts)}
        self.index = {card.code: i for i, card in enumerate(deck)}
        #: ``binom[m][x]`` = C(x, m + 1), for the discard ranks
        self.binom = tuple(tuple(comb(x, m + 1) for x in range(c)) for m in range(k))

    # -- ids → notation -------------------------------------------------------------------
    def text_of(self, action_id: int) -> Action:
        """The action with id ``action_id`` (round-trips with :meth:`id_of`).

        :raises IllegalAction: ``bad_action_id`` for a non-integer or an id out of range.
        """
        if type(action_id) is int and 0 <= action_id < self.discard_base:
            return self.texts[action_id]
        return super().text_of(action_id)

    def discard_cards(self, action_id: int) -> tuple[int, ...]:
        """The pack positions (ascending) of a discard id's cards."""
        r = action_id - self.discard_base
        out = []
        for m in range(self.kitty_size - 1, -1, -1):  # greedy: the largest position first
            row = self.binom[m]
            x = bisect_right(row, r) - 1
            out.append(x)
            r -= row[x]
        return tuple(reversed(out))

    # -- notation → ids -------------------------------------------------------------------
    def id_of(self, action: str) -> int:
        """The id of ``action`` (any spelling ``game.parse_action`` accepts).

        :raises IllegalAction: ``unknown_action`` naming the part that has no id (a bid off
            the ladder, a discard of the wrong size, a suit named for a non-joker …),
            ``unknown_card`` for a bad card code.
        """
        if type(action) is Action or type(action) is str:
            i = self.ids.get(action)
            if i is not None:
                return i
            if action.startswith("discard "):  # the engine's canonical codes: no parsing
                index = self.index
                codes = action.split()[1:]
                if all(code in index for code in codes) and len(codes) == self.kitty_size:
                    positions = [index[code] for code in codes]
                    if positions == sorted(set(positions)):
                        return self.discard_id(positions)
        try:
            return super().id_of(action)
        except IllegalAction as err:
            if err.code != "unknown_action":
                raise
            act = self.game.parse_action(action)
            raise IllegalAction(f"'{act}' has no action id: {self._why(act.verb, act.args)}",
                                code="unknown_action",
                                rule=_RULE_OF_VERB.get(act.verb, "")) from None

    def discard_id(self, positions: Iterable[int]) -> int:
        """The id of discarding the cards at these pack positions (any order)."""
        cards = sorted(positions)
        if len(cards) != self.kitty_size or len(set(cards)) != len(cards):
            raise IllegalAction(f"a discard is {self.kitty_size} different cards, not "
                                f"{cards}", code="unknown_action", rule="5H-6.1")
        return self.discard_base + sum(self.binom[m][x] for m, x in enumerate(cards))

    def discard_ids(self, positions: tuple[int, ...]) -> tuple[int, ...]:
        """The ids of every ``k``-card discard from a hand (its pack positions ascending), in
        the engine's order (``itertools.combinations`` of the hand in pack order)."""
        base, binom = self.discard_base, self.binom
        return tuple(base + sum(binom[m][x] for m, x in enumerate(t))
                     for t in combinations(positions, self.kitty_size))

    def _why(self, verb: str, args: tuple[str, ...]) -> str:
        if verb not in _VERBS:
            return f"unknown verb {verb!r}; Five Hundred's verbs are {', '.join(_VERBS)}"
        if verb == "pass":
            return "'pass' takes no arguments"
        if verb == "bid":
            return ("a bid is 6 to 10 tricks in S, C, D, H or NT (e.g. 'bid 7H'), optionally "
                    "followed by 'sans_kitty', or misere, open_misere, blind_misere")
        if verb == "nominate":
            return "the joker is nominated as S, C, D or H, or 'none'"
        if verb == "discard":
            return f"a discard here is {self.kitty_size} different cards of the pack"
        if verb == "call":
            if args and args[0].startswith("JK"):
                return "the joker cannot be called as a partner card"
            return "call one card of the pack (not a joker), or 'call alone'"
        return ("play one card of the pack ('play JD'); only a joker led names a suit "
                "('play JK H')")


#: the rule a verb's notation comes from (for refusals of text that has no id)
_RULE_OF_VERB: Final = {"pass": "5H-5.2", "bid": "5H-5.2", "nominate": "5H-6.3",
                        "call": "5H-2", "play": "5H-7.1", "discard": "5H-6.1"}
