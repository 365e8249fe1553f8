"""A game declared as data (:class:`GameSpec`) and its immutable rules object (:class:`Game`).

A :class:`Game` is one game under one set of rule options: it holds the
options, the pack, the seat names, and makes deals (``deal``) and matches
(``match``). It never changes once made.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from cardlab import rules as rulebook
from cardlab.cards import Card, Deck
from cardlab.engine.action import Action
from cardlab.engine.action_ids import ActionIds, ActionTable
from cardlab.engine.options import build_options, options_dict
from cardlab.errors import CardError, IllegalAction, did_you_mean
from cardlab.rules import Rule

if TYPE_CHECKING:
    from cardlab.engine.match import Match
    from cardlab.engine.result import Result
    from cardlab.engine.state import State

__all__ = ["GameSpec", "Game", "table_forms"]

#: how many leading arguments of these verbs must be card codes (a bad code is refused
#: as ``unknown_card`` before any rule is consulted)
_MUST_BE_CARDS = {"play": 1, "discard": 99, "swap": 99}


@dataclass(frozen=True)
class GameSpec:
    """What a game is, declared before it is implemented.

    :ivar name: the registry name, e.g. ``'five_hundred'``.
    :ivar title: for people, e.g. ``'Five Hundred'``.
    :ivar players: the allowed player counts.
    :ivar phases: the phase names in order.
    :ivar spec_file: the rule spec, relative to ``shared/rules/``.
    :ivar options: the frozen dataclass of rule options.
    :ivar presets: named option sets (``preset=``).
    :ivar card_verbs: verbs whose arguments are card codes (normalised on parse).
    :ivar private_verbs: verbs whose availability depends on the mover's hand (Panfin's
        ``servito``, Pandoeren's ``announce``): a seat that cannot see that hand is never
        shown them as legal (:mod:`cardlab.engine.view`).
    :ivar secret_actions: actions that a seat which cannot see the actor's hand must not
        learn were taken, nor that the choice was offered (Five Hundred's
        ``nominate none``, 5H-6.3): that seat sees the moment before such a choice as the
        moment after it, and hears no sentence for it.
    :ivar coach_grades: the look back's grades of a clear cost, in the unit the coach values
        the game's options (:mod:`cardlab.sim.advice`): at least the first is an
        *inaccuracy*, the second a *mistake*, the third a *blunder* (lichess's words); a
        smaller clear cost is a small loss.
    :ivar forms: the game's distinct tables at one player count, in words with their
        options: ``(("with a dead hand", {"players": 2, "two_player_form": "dead_hand_33"}),
        …)``. A count with no form named here is one table (:func:`table_forms`).
    """

    name: str
    title: str
    players: tuple[int, ...]
    phases: tuple[str, ...]
    spec_file: str
    options: type
    presets: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    card_verbs: frozenset[str] = frozenset({"play", "discard"})
    private_verbs: frozenset[str] = frozenset()
    secret_actions: frozenset[str] = frozenset()
    forms: tuple[tuple[str, Mapping[str, Any]], ...] = ()
    coach_grades: tuple[float, float, float] = (10.0, 30.0, 100.0)


def table_forms(spec: GameSpec) -> list[tuple[str, dict[str, Any]]]:
    """Every distinct table of a game, in words with the options that make it, the default
    player count first: one per player count, or one per form where the spec names forms
    (``GameSpec.forms``). A game with one player count has one table and no options.

    >>> @dataclass(frozen=True)
    ... class Options:
    ...     players: int = 4
    >>> spec = GameSpec("toy", "Toy", (2, 4), ("play", "done"), "toy.md", Options,
    ...                 forms=(("open hands", {"players": 2, "open": True}),))
    >>> table_forms(spec)
    [('4 players', {'players': 4}), ('2 players, open hands', {'players': 2, 'open': True})]
    """
    counts = tuple(spec.players)
    if len(counts) == 1:
        return [(f"{counts[0]} players", {})]
    default = getattr(spec.options(), "players", counts[0])
    out: list[tuple[str, dict[str, Any]]] = []
    for n in sorted(counts, key=lambda k: (k != default, k)):
        named = [(words, dict(opts)) for words, opts in spec.forms if opts.get("players") == n]
        out += [(f"{n} players, {w}", o) for w, o in named] or [(f"{n} players", {"players": n})]
    return out


class Game(ABC):
    """One game under one set of rule options. Immutable; makes deals and matches.

    A game must write the parts declared abstract (a class that lacks one cannot be
    instantiated: ``TypeError`` naming them): ``_make_deck``, ``deal``, ``deal_parts``,
    ``deal_from_parts``, ``contracts`` and ``card_order``. The rest have defaults a game
    may override: ``seat_names`` (``P1 P2 …``), ``sides`` (each seat for itself),
    ``bid_ladder`` (no calls), ``scoring_variants`` (none), ``score_deal`` (the deal
    replayed under the other options), ``_normalise_word`` (words kept as written);
    ``match`` and ``action_table`` raise ``NotImplementedError`` until a game gives them
    (``docs/adding_a_game.md``).
    """

    spec: ClassVar[GameSpec]

    def __init__(self, options: Any) -> None:
        self._options = options
        self._deck = self._make_deck()

    @classmethod
    def load(cls, preset: str | None = None, **options: Any) -> Game:
        """This game with ``preset`` and explicit ``options`` (see :func:`cardlab.load`)."""
        return cls(build_options(cls.spec.options, cls.spec.presets, preset, options,
                                 game=cls.spec.name))

    # -- declared facts ------------------------------------------------------------
    @property
    def name(self) -> str:
        """The registry name, e.g. ``'five_hundred'``."""
        return self.spec.name

    @property
    def title(self) -> str:
        """The name for people."""
        return self.spec.title

    @property
    def options(self) -> Any:
        """The frozen dataclass of every rule option with its value."""
        return self._options

    @property
    def deck(self) -> Deck:
        """The pack in canonical order."""
        return self._deck

    @property
    def players(self) -> int:
        """How many seats deal in."""
        return int(getattr(self._options, "players", self.spec.players[0]))

    @property
    def seat_names(self) -> tuple[str, ...]:
        """A short name per seat (``N E S W`` or ``P1 P2 …``)."""
        return tuple(f"P{i + 1}" for i in range(self.players))

    def seat_name(self, seat: int | None) -> str:
        """The short name of ``seat``."""
        if seat is None:
            return "nobody"
        return self.seat_names[seat]

    @property
    def sides(self) -> dict[str, tuple[int, ...]]:
        """Scoring sides: name → seats. Default: every seat for itself."""
        return {name: (i,) for i, name in enumerate(self.seat_names)}

    @abstractmethod
    def _make_deck(self) -> Deck:
        """The pack these options use."""

    # -- deals and matches -----------------------------------------------------------
    @abstractmethod
    def deal(self, *, seed: int | None = None, dealer: int = 0, **setup: Any) -> State:
        """A new deal: from ``seed``, from a pack order ``deck=``, or stacked cards."""

    def match(self, seed: int | None = None, scores: Any = None, dealer: int = 0) -> Match:
        """A game over several deals to its end (DESIGN §2.3)."""
        raise NotImplementedError(f"{self.name} has no match yet")

    # -- notation ------------------------------------------------------------------
    def parse_card(self, token: str | Card) -> Card:
        """A card of this game's pack from its code."""
        return self._deck.parse(token)

    def parse_action(self, text: str) -> Action:
        """Normalise an action's notation (``'PLAY th'`` → ``'play 10H'``).

        Card arguments of the spec's card verbs are parsed against the pack;
        other words keep their case except the verb, which is lower-cased.

        :raises IllegalAction: ``bad_notation`` for an empty or non-string action,
            ``unknown_card`` for a card code that does not parse.
        """
        if isinstance(text, Action):
            return text
        if not isinstance(text, str) or not text.strip():
            raise IllegalAction(f"an action must be a non-empty string, not {text!r}",
                                code="bad_notation")
        words = text.split()
        verb = words[0].lower()
        args = words[1:]
        if verb in self.spec.card_verbs:
            norm = []
            for i, w in enumerate(args):
                try:
                    norm.append(self._deck.parse(w).code)
                except CardError as err:
                    # these words must be cards; other card verbs also take words
                    # ("play JK H" names a suit, "call alone", "tengo" with no cards)
                    if i < _MUST_BE_CARDS.get(verb, 0):
                        raise CardError(f"'{text.strip()}': {err}", code=err.code) from None
                    norm.append(self._normalise_word(verb, w))
            args = norm
        else:
            args = [self._normalise_word(verb, w) for w in args]
        return Action(" ".join([verb, *args]))

    def _normalise_word(self, verb: str, word: str) -> str:
        """A non-card argument: games override to canonicalise (``7h`` → ``7H``)."""
        return word

    # -- integer action ids (STYLE §5; engine/action_ids.py) ------------------------
    def action_table(self) -> ActionTable:
        """This game's actions as data (words, then card blocks), for integer ids."""
        raise NotImplementedError(f"{self.name} declares no action table")

    def action_ids(self) -> ActionIds:
        """The converter between notation and integer ids (made once per game)."""
        ids: ActionIds | None = getattr(self, "_action_id_converter", None)
        if ids is None:
            ids = ActionIds(self.name, self.action_table(), self.parse_action)
            self._action_id_converter = ids
        return ids

    def action_id(self, action: str) -> int:
        """The stable integer id of ``action`` (see :mod:`cardlab.engine.action_ids`).

        :raises IllegalAction: ``unknown_action`` for notation that names no action of
            this game (``unknown_card`` for a bad card code).
        """
        return self.action_ids().id_of(action)

    def action_text(self, action_id: int) -> Action:
        """The action with integer id ``action_id``, in canonical notation.

        :raises IllegalAction: ``bad_action_id`` for an id out of range.
        """
        return self.action_ids().text_of(action_id)

    @property
    def num_distinct_actions(self) -> int:
        """How many action ids this game has (ids run from 0 to this − 1)."""
        return self.action_ids().size

    # -- teaching aids every game provides (used by widgets and notebooks) ----------
    @abstractmethod
    def deal_parts(self) -> list[tuple[str, int]]:
        """The labelled parts of a stacked deal and their sizes, in deal-string order,
        e.g. ``[("N", 10), ("E", 10), ("S", 10), ("W", 10), ("kitty", 3)]``."""

    @abstractmethod
    def deal_from_parts(self, parts: Mapping[str, list[Card]], dealer: int = 0) -> State:
        """A stacked deal from ``label → cards`` (labels of :meth:`deal_parts`)."""

    def deal_from_string(self, text: str, dealer: int = 0) -> State:
        """A stacked deal from a deal string (see :func:`cardlab.engine.record.parse_deal`).

        :raises IllegalAction: a card twice or missing, a wrong count, a bad code (every
            problem of the cards named at once, see :func:`~cardlab.engine.record.check_deal`).
        """
        from cardlab.engine.record import check_deal, parse_deal

        layout = self.deal_parts()
        parts = parse_deal(self, text, [label for label, _ in layout])
        missing = [label for label, _ in layout if label not in parts]
        if missing:
            raise IllegalAction(f"the deal string lacks {', '.join(missing)}",
                                code="bad_deal_string")
        check_deal(self.deck, parts, dict(layout))
        return self.deal_from_parts(parts, dealer)

    @abstractmethod
    def contracts(self) -> list[str]:
        """The contracts (or trump contexts) a learner can choose between for
        :meth:`card_order`, e.g. ``['6S', …, '10NT', 'misere']`` or ``['C', 'grand', 'null']``."""

    @abstractmethod
    def card_order(self, contract: str | None = None) -> dict[str, Any]:
        """The order of cards under ``contract``: ``{"trumps": [codes high→low],
        "suits": {suit: [codes high→low]}, "special": {code: plain words}}``;
        ``special`` names cards that change suit or rank (bowers, jacks, Vecia …).

        :raises ValueError: for a contract the game does not know.
        """

    def bid_ladder(self) -> list[dict[str, Any]]:
        """Every call of the auction in ladder order, low to high:
        ``[{"call": "7H", "value": 200, "label": "seven hearts"}, …]``; by default none
        (``[]``: a game without an auction)."""
        return []

    # -- the rulebook (docs/rules/<game>.md, read by cardlab.rules) ----------------
    def rules(self) -> list[Rule]:
        """This game's rules from its rulebook, in the book's order (:func:`cardlab.rules.rules`).

        :raises ValueError: when the game has no rulebook.
        """
        return rulebook.rules(self.name)

    def call_meanings(self) -> dict[str, str]:
        """Every call and contract of this game under its options, in canonical notation,
        with its meaning in one line: ``{"bid 7H": "…", "pass": "…"}``.

        The meanings are data in the game's own ``rules`` module (``<its package>.rules``,
        e.g. :mod:`cardlab.games.five_hundred.rules`), as a function
        ``call_meanings(options) -> Mapping[str, str]``; a game without it has none (``{}``).
        """
        found: dict[str, str] | None = getattr(self, "_call_meanings_found", None)
        if found is None:
            from cardlab.engine import registry

            # the game's package as registered (else the package of its class's module)
            package = (registry.module_of(self.name) if self.name in registry.names()
                       else type(self).__module__.rpartition(".")[0])
            try:
                module = registry.import_module(f"{package}.rules")
            except ModuleNotFoundError as err:  # a game without a rules module has no meanings
                if err.name is None or not f"{package}.rules".startswith(err.name):
                    raise
                module = None
            hook = getattr(module, "call_meanings", None)
            found = {} if hook is None else {str(k): str(v) for k, v in hook(self._options).items()}
            self._call_meanings_found = found
        return dict(found)

    def call_meaning(self, call: str) -> str:
        """The one-line meaning of a call or contract, e.g. ``game.call_meaning("bid 7H")``
        (the notation is normalised as for :meth:`parse_action`, so ``"BID 7h"`` reads
        the same; a contract's bare name works where the game lists one; a call of a card
        verb that shows cards, such as ``"tengo 2D 3D"``, means what its verb alone means
        when the game gives no meaning for those very cards).

        :raises IllegalAction: ``unknown_call`` for a call this game (under its options)
            does not have, naming it with the closest calls.
        """
        meanings = self.call_meanings()
        if isinstance(call, str) and call.strip():
            tried = [call.strip(), " ".join(call.split())]
            try:
                action = self.parse_action(call)
                tried.append(str(action))
                if action.verb in self.spec.card_verbs:  # "tengo 2D 3D": the call, by its verb
                    tried.append(action.verb)
            except IllegalAction:
                pass
            by_fold = {key.casefold(): key for key in meanings}
            for text in tried:
                key = text if text in meanings else by_fold.get(text.casefold())
                if key is not None:
                    return meanings[key]
        hint = did_you_mean(call, meanings) if isinstance(call, str) else ""
        raise IllegalAction(f"{self.title} has no call {call!r}{hint}", code="unknown_call")

    def scoring_variants(self) -> dict[str, dict[str, Any]]:
        """Named option sets that change how a finished deal scores (for comparisons)."""
        return {}

    # -- records -------------------------------------------------------------------
    def options_dict(self) -> dict[str, Any]:
        """The options as a plain dict."""
        return options_dict(self._options)

    def score_deal(self, state: State, **options: Any) -> Result:
        """Score a finished deal under other options (named as in :meth:`load`).

        By default the deal is dealt again from its ``setup`` by this game with
        ``options`` changed, and its actions are replayed; a game overrides this where a
        rescoring must keep more of the deal as it was played.

        :raises ValueError: for a deal that is not finished, an unknown option or value,
            or actions that are not legal (or do not finish the deal) under ``options``.
        """
        if not state.is_over:
            raise ValueError("only a finished deal can be rescored")
        values: Any = build_options(self.spec.options, self.spec.presets, None,
                               {**self.options_dict(), **options}, game=self.name)
        new = type(self)(values).deal(**state.setup)
        for action in state.history:
            new = new.apply(action)
        if new.result is None:
            raise ValueError("the deal does not finish the same way under these options")
        return new.result

    def __repr__(self) -> str:
        defaults = self.spec.options()
        changed = [f"{k}={v!r}" for k, v in options_dict(self._options).items()
                   if getattr(defaults, k) != v]
        return f"Game({', '.join([repr(self.name), *changed])})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Game) and other.name == self.name
                and other.options == self.options)

    def __hash__(self) -> int:
        return hash((self.name, repr(self.options)))
