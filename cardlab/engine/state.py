"""The immutable state protocol every game's deal follows.

A :class:`State` is one moment of one deal. ``apply`` never changes it: it
checks the action against the rules and returns a *new* state whose
``parent`` is this one (so ``undo`` is free).

What a game must write is declared abstract here, so a state class that lacks a
part cannot be instantiated (``TypeError`` naming the missing methods):

* the rules: ``legal_actions()`` — every legal action now, in a documented stable
  order; ``_judge(action)`` — a :class:`~cardlab.engine.action.Verdict` for any
  well-formed action (legal or not, with code, rule and plain-words reason);
  ``_successor(action)`` — the next state, for an action already judged legal;
* the facts: ``phase``, ``to_move``, ``hands``, ``result``;
* what a seat may see and hear: ``_view(seat)``, ``hidden_cards(seat)``,
  ``_describe(action)``;
* the cards in their context: ``card_order()`` (the contract's
  :class:`~cardlab.engine.tricks.CardOrder`), ``trump_order()``, ``effective_suit(card)``, and the
  deal as text, ``deal_string()``.

Everything else has a default a game may override: ``is_over`` (the phase is
``'done'``), ``card_value`` (None: no card points), ``_seat_refusal`` (none),
``_context`` (the phase), ``_legal_index`` (a cached set of ``legal_actions()``).
The checks common to every game — notation, a finished deal, the acting seat —
live here, so each game states only its own rules (``docs/adding_a_game.md``).

Successors: :func:`evolve` is the one way a state makes its successor — a shallow copy
with ``parent`` set to it, ``history`` one action longer, its per-state caches cleared
and the fields the action changes replaced, whether the class keeps its fields in
``__slots__`` or ``__dict__``. The copy is the hot path of every random playout on the
teaching engine, so each class's copier is generated once (explicit assignments, as
``dataclasses`` generates ``__init__``). :func:`intern_action` gives one
:class:`~cardlab.engine.action.Action` per text, and ``_legal_index`` is the one cached
legal map.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from cardlab.cards import picture
from cardlab.engine import phrases
from cardlab.engine.action import Action, Explanation, Verdict
from cardlab.errors import IllegalAction

if TYPE_CHECKING:
    from cardlab.cards import Card
    from cardlab.engine.game import Game
    from cardlab.engine.result import Result
    from cardlab.engine.tricks import CardOrder

__all__ = ["State", "evolve", "intern_action", "caches_of"]

#: how many legal actions an error message lists before "…"
_LEGAL_SHOWN = 12


class State(ABC):
    """One immutable moment of a deal. Only ``game.deal()`` creates the first one.

    Subclasses set ``game``, ``history`` (a tuple of :class:`Action`),
    ``setup`` (the keyword arguments that make ``game.deal`` give this deal
    again) and ``parent`` (the state before the last action, or None). Every cardlab
    game also gives the same facts as attributes or properties (DESIGN §2; the
    conformance tests read them): ``dealer``, ``seed`` (or None), ``contract`` (notation
    or None), ``trick`` (the current :class:`~cardlab.engine.tricks.Trick` or None) and
    ``tricks`` (the completed ones, each with its winner).
    """

    game: Game
    history: tuple[Action, ...]
    setup: dict[str, Any]
    parent: State | None
    #: ``(history, legal actions)``: the cache behind :meth:`_legal_index`. It is keyed by
    #: the history tuple itself, so a successor built by copying this state's attributes
    #: (every successor has a new, longer history) never sees a stale list.
    _legal_memo: tuple[tuple[Action, ...], Mapping[Action, Any]] | None = None

    # -- facts every game provides -------------------------------------------------
    @property
    @abstractmethod
    def phase(self) -> str:
        """The phase name, e.g. ``'auction'``, ``'play'``, ``'done'``."""

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat to act, or None when the deal is over."""

    @property
    def is_over(self) -> bool:
        """True once the deal is finished (played out, decided or thrown in)."""
        return self.phase == "done"

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """None until the deal is over; then the points and their breakdown."""

    @property
    @abstractmethod
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards now (the engine sees all; views hide them)."""

    def view(self, seat: int | None = None,
             shown: Iterable[int] | bool | None = ()) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator), with the hands of ``shown`` seats face
        up (``True``: every hand), as JSON-able data. The schema and the rules of what may
        be seen are in :mod:`cardlab.engine.view`, the one place that decides it."""
        from cardlab.engine.view import seat_view

        return seat_view(self, seat, shown)

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """The game's facts of this moment for ``seat``: its hand and what lies face up; other
        hands only as counts (:mod:`cardlab.engine.view` adds the common rules)."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every legal action now, in the game's documented order (none once it is over)."""

    def _legal_index(self) -> Mapping[Action, Any]:
        """The legal actions now, each with the game's payload (:meth:`_legal_map`), made
        once per state: the one cached legal map every game uses.

        ``apply`` takes a short path for an action found here, so this must hold exactly
        what :meth:`legal_actions` lists.
        """
        memo = self._legal_memo
        if memo is not None and memo[0] is self.history:
            return memo[1]
        index = self._legal_map()
        self._legal_memo = (self.history, index)
        return index

    def _legal_map(self) -> Mapping[Action, Any]:
        """Every legal action now → what the game needs to apply it (the card, the call), in
        :meth:`legal_actions` order. The default pairs each action with None; a game whose
        ``legal_actions`` reads this map (``list(self._legal_index())``) overrides it."""
        return dict.fromkeys(self.legal_actions())

    @abstractmethod
    def _judge(self, action: Action) -> Verdict:
        """Judge a well-formed action while the deal runs and the seat is right."""

    @abstractmethod
    def _successor(self, action: Action) -> State:
        """The state after a legal ``action`` (no checks)."""

    def describe(self, action: str, seat: int | None | str = "all",
                 shown: Iterable[int] | bool | None = ()) -> str:
        """Plain words for a legal ``action`` taken now: ``'N bids seven hearts'``,
        ``'E plays the jack of diamonds (left bower) and wins the trick'``.

        ``seat`` is who hears it: ``"all"`` (the default) tells everything a table would
        say aloud; a seat or None (a spectator) gets ``""`` for a choice it must not
        learn of (:func:`cardlab.engine.view.told`). No sentence names a hidden card.
        """
        if seat == "all":
            return self._describe(self.game.parse_action(action))
        from cardlab.engine.view import told

        return told(self, action, seat if not isinstance(seat, str) else None, shown)

    @abstractmethod
    def _describe(self, action: str) -> str:
        """The game's plain words for a legal ``action`` taken now (hidden cards unnamed)."""

    def narration(self, seat: int | None | str = "all",
                  shown: Iterable[int] | bool | None = ()) -> list[str]:
        """One sentence per action of this deal so far, as ``seat`` hears it (see
        :meth:`describe`; secret choices it must not learn of are left out)."""
        chain = self.states()
        said = (prev.describe(nxt.history[-1], seat, shown) for prev, nxt in zip(chain, chain[1:]))
        return [t for t in said if t]

    @abstractmethod
    def deal_string(self) -> str:
        """This deal's cards as dealt, as a deal string (``game.deal_from_string`` reads it
        back to the same first state; its parts are ``game.deal_parts()``)."""

    @abstractmethod
    def trump_order(self, contract: str | None = None) -> list[Card]:
        """Cards high to low in the current (or the given) trump context (hands are sorted
        by it; ``[]`` for a game without trumps)."""

    @abstractmethod
    def card_order(self) -> CardOrder:
        """The :class:`~cardlab.engine.tricks.CardOrder` of this moment's contract (or trump
        suit): the one order that legality, the trick winner, the view and
        :meth:`effective_suit` read (:mod:`cardlab.engine.tricks`)."""

    @abstractmethod
    def effective_suit(self, card: Card | str) -> str | None:
        """The suit ``card`` belongs to now, as the current contract makes it (a left bower
        is a trump); each game documents its values.

        :raises ValueError: for a code that is not a card of the game's pack.
        """

    @abstractmethod
    def hidden_cards(self, seat: int | None) -> Collection[Card]:
        """The cards ``seat`` (None: a spectator) may not see now: other closed hands, face-down
        stock, kitty and discards. The conformance tests check that ``view(seat)`` names
        none of them."""

    def card_value(self, card: Card | str) -> int | None:
        """The card points ``card`` is worth now, in games that count card points; by default
        None (a game that counts only tricks).

        :raises ValueError: for a code that is not a card of the game's pack.
        """
        self.game.deck.parse(card)
        return None

    def _seat_refusal(self, seat: int) -> Verdict | None:
        """A refusal that depends only on who acts (e.g. ``already_passed``)."""
        return None

    def _context(self) -> str:
        """Where we are, for messages: ``' at trick 4'``, ``' in the auction'``."""
        return f" in the {self.phase}"

    # -- reading an action: notation, or the game's own words -----------------------
    def _read(self, action: str, seat: int | None) -> Action:
        """``action`` in canonical notation: as notation, or else (for the seat to move) as
        the words of exactly one legal action (:mod:`cardlab.engine.phrases`).

        :raises IllegalAction: the notation's refusal (same type and code), with the
            closest legal actions or verbs as "did you mean".
        """
        try:
            return self.game.parse_action(action)
        except IllegalAction as err:
            if not self._may_read_words(seat):
                raise
            found = phrases.from_words(self, action)
            if found is not None:
                return found
            raise type(err)(f"{err}{phrases.hint(self, action)}", code=err.code,
                            rule=err.rule) from None

    def _may_read_words(self, seat: int | None) -> bool:
        """Words are read against the legal actions, so only for the seat to move (another
        seat must not learn what the mover may do)."""
        return not self.is_over and (seat is None or (
            type(seat) is int and seat == self.to_move and self._seat_refusal(seat) is None))

    def _verdict(self, act: Action, text: str, seat: int | None) -> tuple[Action, Verdict]:
        """The common checks and the game's verdict on ``act`` (read from ``text``). A refused
        text that may be words (refused as notation, or with a word no notation spells) is
        read as the words of one legal action; a text refused as notation that is not gets
        "did you mean" with the closest legal actions."""
        verdict = self._checks(act, seat)
        if verdict is not None:
            return act, verdict
        verdict = self._judge(act)
        if verdict.legal or not self._may_read_words(seat) or not (
                verdict.code in phrases.NOTATION_CODES or phrases.has_words(text)):
            return act, verdict
        found = phrases.from_words(self, text) if isinstance(text, str) else None
        if found is not None:
            return found, self._judge(found)
        if verdict.code not in phrases.NOTATION_CODES:
            return act, verdict  # well-formed, refused by a rule: no guessing
        said = phrases.hint(self, text if isinstance(text, str) else str(act))
        return act, Verdict(False, verdict.reason + said, verdict.code, verdict.rule)

    # -- the common checks ---------------------------------------------------------
    def judge(self, action: str, seat: int | None = None) -> Verdict:
        """The verdict on ``action`` (by ``seat``, default: the seat to move).

        ``action`` is notation (``'bid 7H'``) or the game's words for one legal action
        (``'bid seven hearts'``, as :meth:`describe` says it).
        """
        try:
            act = self._read(action, seat)
        except IllegalAction as err:
            return Verdict(False, str(err), err.code or "bad_notation", err.rule)
        return self._verdict(act, action, seat)[1]

    def _checks(self, act: Action, seat: int | None) -> Verdict | None:
        """The refusals common to every game: a finished deal, a bad or wrong seat."""
        if self.is_over:
            return Verdict(False, "the deal is over: no more actions", "game_over", "")
        if seat is not None:
            if not isinstance(seat, int) or isinstance(seat, bool) or not (
                    0 <= seat < self.game.players):
                return Verdict(False, f"there is no seat {seat!r}", "no_such_seat", "")
            refusal = self._seat_refusal(seat)
            if refusal is not None:
                return refusal
            if seat != self.to_move:
                mover = self.game.seat_name(self.to_move)
                return Verdict(False, f"it is {mover}'s turn, not "
                               f"{self.game.seat_name(seat)}'s", "not_your_turn", "")
        return None

    def explain(self, action: str, seat: int | None = None) -> Explanation:
        """Plain words on why ``action`` is legal now, or which rule forbids it."""
        v = self.judge(action, seat)
        return Explanation(v.reason, legal=v.legal, code=v.code, rule=v.rule)

    def is_legal(self, action: str, seat: int | None = None) -> bool:
        """True if ``apply(action, seat)`` would succeed."""
        return self.judge(action, seat).legal

    def apply(self, action: str, seat: int | None = None) -> State:
        """The state after ``action``; this state is unchanged.

        ``action`` is notation (``'bid 7H'``) or the game's words for one legal action
        (``'bid seven hearts'``, ``'play the jack of diamonds'``).

        :raises IllegalAction: with the refusal's ``code`` and ``rule``.
        """
        legal = self._legal_index()
        # a listed action is in canonical notation already: parse_action would give it back
        act = action if type(action) is Action and action in legal else (
            self._read(action, seat))
        # Short path: an action that legal_actions() lists is legal by the protocol
        # (``_judge`` agrees with the list), so the verdict and its plain-words reason
        # need not be built. The seat checks are those of ``judge``.
        if act in legal and (seat is None or (
                type(seat) is int and seat == self.to_move and self._seat_refusal(seat) is None)):
            return self._successor(act)
        act, verdict = self._verdict(act, action, seat)
        if not verdict.legal:
            raise IllegalAction(self._refusal_message(act, verdict, seat),
                                code=verdict.code, rule=verdict.rule)
        return self._successor(act)

    def _refusal_message(self, act: Action, verdict: Verdict, seat: int | None) -> str:
        who = seat if seat is not None else self.to_move
        name = self.game.seat_name(who) if isinstance(who, int) else "nobody"
        rule = f"{verdict.rule} " if verdict.rule else ""
        text = f"'{act}' is not legal for {name}{self._context()}: {rule}{verdict.reason}"
        if not self.is_over:
            legal = [str(a) for a in self.legal_actions()]
            shown = ", ".join(legal[:_LEGAL_SHOWN]) + (", …" if len(legal) > _LEGAL_SHOWN else "")
            text += f". Legal now: {shown}."
        return text

    # -- history -------------------------------------------------------------------
    def undo(self) -> State:
        """The state before the last action.

        :raises IllegalAction: ``nothing_to_undo`` at the start of the deal.
        """
        if self.parent is None:
            raise IllegalAction("nothing to undo: this is the start of the deal",
                                code="nothing_to_undo")
        return self.parent

    def states(self) -> list[State]:
        """Every state of this deal from the deal to this one."""
        chain: list[State] = []
        s: State | None = self
        while s is not None:
            chain.append(s)
            s = s.parent
        return chain[::-1]

    def to_json(self) -> str:
        """This deal as a JSON game record; :func:`cardlab.from_json` loads it back."""
        from cardlab.engine.record import to_json

        return to_json(self)

    def _repr_svg_(self) -> str | None:  # the teacher's picture: every hand shown
        return picture("state", self)

    def _repr_html_(self) -> str | None:  # the same picture as an <img>: shown in untrusted notebooks too
        return picture("state", self, html=True)

    def __repr__(self) -> str:
        mover = "" if self.to_move is None else f", {self.game.seat_name(self.to_move)} to move"
        return f"<{self.game.name} state: {self.phase}, {len(self.history)} actions{mover}>"


# -- successors and actions ---------------------------------------------------------------
S = TypeVar("S")

#: fields every state has that :func:`evolve` sets itself
_OWN = ("parent", "history")
#: per-state caches every state may have; :func:`evolve` clears them
_BASE_CACHES = ("_legal_memo",)

_COPIERS: dict[type, Callable[[Any, Action], Any]] = {}


def caches_of(cls: type) -> tuple[str, ...]:
    """The per-state cache fields of ``cls``: the base ones and its ``_CACHES`` (cleared on
    every successor, because they describe one moment)."""
    return _BASE_CACHES + tuple(getattr(cls, "_CACHES", ()))


def _slots(cls: type) -> list[str]:
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        for name in klass.__dict__.get("__slots__", ()):
            if name not in ("__dict__", "__weakref__") and name not in names:
                names.append(name)
    return names


def _copier(cls: type) -> Callable[[Any, Action], Any]:
    """Generate the successor maker of ``cls``: slot fields by explicit assignment, then the
    instance dict (if the class has one) in one update, then ``parent``, ``history`` and the
    cleared caches (:func:`caches_of`), all in one generated function."""
    caches = [n for n in caches_of(cls) if n.isidentifier()]
    skip = set(_OWN) | set(caches)
    slots = [n for n in _slots(cls) if n not in skip and n.isidentifier()]
    has_dict = any("__slots__" not in k.__dict__ or "__dict__" in k.__dict__["__slots__"]
                   for k in cls.__mro__ if k is not object)
    lines = ["def copy(self, action):", "    new = _new(_cls)"]
    lines += [f"    new.{n} = self.{n}" for n in slots]
    if has_dict:
        lines.append("    d = getattr(self, '__dict__', None)")
        lines.append("    if d: new.__dict__.update(d)")
    lines.append("    new.parent = self")
    lines.append("    new.history = self.history + (action,)")
    lines += [f"    new.{n} = None" for n in caches]
    lines.append("    return new")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls}
    exec("\n".join(lines), scope)  # noqa: S102 - generated from the class's own slot names
    fn: Callable[[Any, Action], Any] = scope["copy"]
    return fn


def evolve(state: S, action: Action, **changes: Any) -> S:
    """The successor of ``state`` after ``action``: a shallow copy whose ``parent`` is
    ``state`` and whose ``history`` ends with ``action``, per-state caches cleared
    (:func:`caches_of`), and ``changes`` (field → new value) applied.

    >>> from cardlab.engine.action import Action
    >>> class Tiny:
    ...     __slots__ = ("parent", "history", "score", "_legal_memo")
    ...     def __init__(self):
    ...         self.parent, self.history, self.score, self._legal_memo = None, (), 0, "stale"
    >>> a = Tiny()
    >>> b = evolve(a, Action("score"), score=1)
    >>> b.parent is a, b.history, b.score, b._legal_memo, a.score
    (True, (Action('score'),), 1, None, 0)
    """
    cls = type(state)
    copier = _COPIERS.get(cls)
    if copier is None:
        copier = _COPIERS[cls] = _copier(cls)
    new = copier(state, action)
    for name, value in changes.items():
        setattr(new, name, value)
    return new  # type: ignore[no-any-return]


#: every action text met so far → its one :class:`Action` (a game's actions are few)
_ACTIONS: dict[str, Action] = {}
#: beyond this many distinct texts the table stops growing (forged input cannot fill memory)
_ACTIONS_MAX = 200_000


def intern_action(text: str) -> Action:
    """The one :class:`Action` for ``text``: legal lists built on every state share their
    actions (no new string per state, and ``is`` compares them).

    >>> intern_action("play JD") is intern_action("play JD")
    True
    """
    a = _ACTIONS.get(text)
    if a is None:
        a = Action(text)
        if len(_ACTIONS) < _ACTIONS_MAX:
            _ACTIONS[text] = a
    return a
