"""One moment of an Officer Skat deal: the piles, the deal so far, the calls, the tricks.

The whole deal's cards are fixed at the start (:class:`Layout`); a state only
records how far the deal has got (``step``, an index into the deal's events,
OS-3.2), the calls (choice of game, Kontra, Re), the cards played and the
face-down cards turned up (OS-5.3). Legality and its reasons are in
:mod:`~cardlab.games.officer_skat.judge`; what a seat sees and hears in
:mod:`~cardlab.games.officer_skat.view`, which never shows a face-down card (OS-2.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any, Final

from cardlab.cards import Card
from cardlab.engine.action import Action, Verdict
from cardlab.engine.result import Result
from cardlab.engine.state import State, evolve
from cardlab.engine.tricks import CardOrder, Play, Trick
from cardlab.games.officer_skat import judge, view
from cardlab.games.officer_skat.kernel import (
    NO_SUIT,
    call_kontra_asked,
    call_re_asked,
    effective_suit_code,
    trick_card_points,
    trick_winner_index,
)
from cardlab.games.officer_skat.rules import (
    GAME_CALLS,
    TRICKS,
    DealEvent,
    card_index,
    kernel_tables,
    trick_order,
    trick_points,
)
from cardlab.games.officer_skat.scoring import DealFacts, score

if TYPE_CHECKING:
    from cardlab.games.officer_skat.game import OfficerSkatGame

__all__ = ["Layout", "OfficerSkatState", "OfficerSkatTrick"]

#: a contract → its index in the kernel's tables
_CONTRACT_INDEX: Final = {g: i for i, g in enumerate(GAME_CALLS)}
#: the kernel's tables, as tuples (one deal at a time)
_TABLES: Final = kernel_tables()


@dataclass(frozen=True)
class OfficerSkatTrick(Trick):
    """A completed trick of ``state.tricks``: the engine's trick plus its card points.

    ``points`` is the sum of the trick's card points (OS-2.2), taken by ``winner``;
    over a deal's tricks the points add up to the deal's card points
    (``state.card_points`` and ``result.figures["card_points"]``).

    >>> t = OfficerSkatTrick(0, (Play(0, Card("A", "S")), Play(1, Card("K", "S"))), "S", 0, 15)
    >>> t.points, t.as_dict()["points"]
    (15, 15)
    """

    points: int = 0

    def as_dict(self) -> dict[str, Any]:
        """JSON-able form, with ``points``."""
        return {**super().as_dict(), "points": self.points}
@dataclass(frozen=True)
class Layout:
    """The deal's cards, fixed at the start: ``piles[seat][p] = (down, up)`` (OS-2.3),
    the events of the deal (OS-3.2) and where each card lies."""

    piles: tuple[tuple[tuple[Card, Card], ...], ...]
    events: tuple[DealEvent, ...]
    dealer: int

    @property
    def forehand(self) -> int:
        """OS-3.1 the non-dealer: chooses the game and leads."""
        return 1 - self.dealer

    def seat_of(self, role: str) -> int:
        """The seat playing role ``F`` or ``D``."""
        return self.forehand if role == "F" else self.dealer

    @cached_property
    def where(self) -> dict[Card, tuple[int, int, str]]:
        """Card → (seat, pile, ``down``/``up``)."""
        out = {}
        for seat, piles in enumerate(self.piles):
            for p, (down, up) in enumerate(piles):
                out[down] = (seat, p, "down")
                out[up] = (seat, p, "up")
        return out

    @cached_property
    def dealt_before(self) -> tuple[frozenset[Card], ...]:
        """For each event index, the cards dealt before it."""
        out = []
        dealt: set[Card] = set()
        for e in self.events:
            out.append(frozenset(dealt))
            if e.kind == "cards":
                seat = self.seat_of(e.role)
                face = 0 if e.face == "down" else 1
                dealt |= {self.piles[seat][p][face] for p in range(4 * e.row, 4 * e.row + 4)}
        return tuple(out)

    def deck_order(self) -> list[Card]:
        """The pack order (top first) that this deal's events turn into these piles."""
        out: list[Card] = []
        for e in self.events:
            if e.kind == "cards":
                seat = self.seat_of(e.role)
                face = 0 if e.face == "down" else 1
                out += [self.piles[seat][p][face] for p in range(4 * e.row, 4 * e.row + 4)]
        return out


class OfficerSkatState(State):
    """One immutable moment of an Officer Skat deal (see the package docstring for phases)."""

    game: OfficerSkatGame
    #: the per-state memos :func:`~cardlab.engine.state.evolve` clears on a successor
    _CACHES: Final = ("_result", "_hands_memo", "_points_memo", "_won_memo")

    def __init__(self, game: OfficerSkatGame, layout: Layout, *, setup: dict[str, Any],
                 step: int = 0, calls: tuple[tuple[int, str], ...] = (),
                 contract: str | None = None, declarer: int | None = None,
                 kontra: bool = False, re: bool = False,
                 tricks: tuple[OfficerSkatTrick, ...] = (),
                 trick: Trick | None = None, played: frozenset[Card] = frozenset(),
                 turned: frozenset[Card] = frozenset(), finished: bool = False,
                 history: tuple[Action, ...] = (), parent: OfficerSkatState | None = None,
                 seed: int | None = None) -> None:
        self.game = game
        self.layout = layout
        self.setup = setup
        self.calls = calls
        self.contract = contract
        self.declarer = declarer
        self.kontra = kontra
        self.re = re
        #: the completed tricks, each with its winner and its card points (``.points``)
        self.tricks = tricks
        self._cur = trick
        self.played = played
        self.turned = turned
        self.finished = finished
        self.history = history
        self.parent = parent
        self.seed = seed
        self._result: Result | None = None
        self._hands_memo: tuple[tuple[Card, ...], ...] | None = None
        self._points_memo: tuple[int, int] | None = None
        self._won_memo: tuple[int, int] | None = None
        self._derive(step)

    def _derive(self, step: int) -> None:
        """Settle the deal's step and work out the facts asked again and again (a state
        never changes, so once is enough)."""
        self.step = self._settle(step)
        self._phase = self._find_phase()
        self._to_move = self._find_to_move()
        self._tops_memo: list[tuple[tuple[Card, ...], int] | None] = [None, None]

    @property
    def trick(self) -> Trick:
        """The trick being played (empty, with its leader, between tricks)."""
        if self._cur is not None:
            return self._cur
        return Trick(self.to_move if self.to_move is not None else self.forehand)

    # -- the deal's progress -------------------------------------------------------
    @property
    def dealer(self) -> int:
        """The dealer's seat (D)."""
        return self.layout.dealer

    @property
    def forehand(self) -> int:
        """Forehand's seat (F): the non-dealer, who chooses first and leads (OS-3.1)."""
        return self.layout.forehand

    @property
    def options(self) -> Any:
        """The game's rule options."""
        return self.game.options

    def _applies(self, event: DealEvent) -> bool:
        """OS-3.2: whether a decision happens at this point of the deal (cards never stop)."""
        o = self.options
        if event.kind == "declare":
            if event.role == "F":
                return True
            return self.contract is None  # B-2: only after F passed
        if event.kind == "kontra":
            # OS-7.4 the kernel's decision (no game chosen yet: nobody to double)
            return self.contract is not None and bool(call_kontra_asked(
                _TABLES, bool(o.kontra_re), _CONTRACT_INDEX[self.contract]))
        if event.kind in ("re_early", "re_late"):
            # step 10: F, the declarer, is asked under either re_window (B-6); a declarer
            # who is not F (D, after F passed, B-2) is asked after the whole deal
            return bool(call_re_asked(self.kontra, self._re_decided(),
                                      self.declarer == self.forehand,
                                      event.kind == "re_late"))
        return event.kind == "play"

    def _re_decided(self) -> bool:
        return any(call in ("re", "no_re") for _, call in self.calls)

    @property
    def re_open(self) -> bool:
        """B-6 ``re_window="until_opening_lead"``: True while F, the declarer, who did not
        say Re at step 10, may still say it beside the opening lead. The window closes when
        F plays a card; under the default window it is never open in the play phase."""
        return (self.options.re_window == "until_opening_lead" and self.kontra and not self.re
                and self._phase == "play" and not self.tricks and self._cur is None
                and self.declarer == self.forehand and self._to_move == self.forehand)

    def _settle(self, step: int) -> int:
        """Deal on until the next decision (OS-3.2)."""
        events = self.layout.events
        while step < len(events) - 1 and not self._applies(events[step]):
            step += 1
        return step

    @property
    def event(self) -> DealEvent:
        """The deal's current event (a decision, or ``play``)."""
        return self.layout.events[self.step]

    def is_dealt(self, seat: int, pile: int, face: str) -> bool:
        """True once this pile's card has been dealt (OS-3.2)."""
        return self.layout.piles[seat][pile][face == "up"] in self.dealt

    @property
    def dealt(self) -> frozenset[Card]:
        """Every card dealt so far (OS-3.2)."""
        return self.layout.dealt_before[self.step]

    # -- State protocol ------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``declare``, ``kontra``, ``re``, ``play`` or ``done``."""
        return self._phase

    def _find_phase(self) -> str:
        if self.finished:
            return "done"
        kind = self.event.kind
        return "re" if kind.startswith("re_") else kind

    @property
    def is_over(self) -> bool:
        """True once the deal is finished."""
        return self.finished

    @property
    def to_move(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        return self._to_move

    def _find_to_move(self) -> int | None:
        phase = self._phase
        if phase == "done":
            return None
        if phase == "declare":
            return self.layout.seat_of(self.event.role)
        if phase == "kontra":
            return 1 - self._declarer_seat()
        if phase == "re":
            return self._declarer_seat()
        if self._cur is not None and self._cur.plays:
            return 1 - self._cur.plays[0].seat
        return self.tricks[-1].winner if self.tricks else self.forehand  # OS-5.1

    def _declarer_seat(self) -> int:
        assert self.declarer is not None
        return self.declarer

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards dealt and not yet played, face-up and face-down."""
        if self._hands_memo is None:
            out = []
            for seat, piles in enumerate(self.layout.piles):
                cards = [c for p, pair in enumerate(piles)
                         for c, face in zip(pair, ("down", "up"))
                         if c not in self.played and self.is_dealt(seat, p, face)]
                out.append(tuple(self.game.deck.sort(cards)))
            self._hands_memo = tuple(out)
        return self._hands_memo

    def top_cards(self, seat: int) -> list[Card]:
        """OS-5.2 the seat's playable cards: each pile's face-up top card, in pile order."""
        return list(self._tops(seat)[0])

    def tops_mask(self, seat: int) -> int:
        """OS-5.2 the seat's face-up top cards as a card mask (bit ``i``: the card of pack
        index ``i``), as the kernel reads them."""
        return self._tops(seat)[1]

    def _tops(self, seat: int) -> tuple[tuple[Card, ...], int]:
        # worked out once per state and seat (a state never changes)
        memo = self._tops_memo[seat]
        if memo is None:
            played, turned, dealt = self.played, self.turned, self.dealt
            tops = []
            for down, up in self.layout.piles[seat]:
                if up not in played and up in dealt:  # the up card is dealt and still there
                    tops.append(up)
                elif down in turned and down not in played:
                    tops.append(down)
            mask = 0
            for c in tops:
                mask |= 1 << card_index(c)
            memo = self._tops_memo[seat] = (tuple(tops), mask)
        return memo

    @property
    def contract_index(self) -> int:
        """The contract's index in ``GAME_CALLS``, as the kernel numbers it (play only)."""
        assert self.contract is not None
        return _CONTRACT_INDEX[self.contract]

    def led_code(self) -> int:
        """OS-5.4 the effective suit of the current trick's led card, as the kernel codes it
        (``NO_SUIT`` before a card is led)."""
        if self._cur is None or not self._cur.plays:
            return NO_SUIT
        return int(effective_suit_code(_TABLES, self.contract_index,
                                       card_index(self._cur.plays[0].card)))

    def hidden_cards(self, seat: int | None = None) -> list[Card]:
        """OS-2.3 / B-24 the cards ``seat`` may not see: every face-down card not yet turned
        (its owner's own too) and every card not yet dealt."""
        out = []
        for s, piles in enumerate(self.layout.piles):
            for p, (down, up) in enumerate(piles):
                if down not in self.turned and down not in self.played:
                    out.append(down)
                if not self.is_dealt(s, p, "up"):
                    out.append(up)
        return self.game.deck.sort(out)

    @property
    def card_points(self) -> tuple[int, int]:
        """OS-2.2 the card points each seat has taken in tricks so far."""
        if self._points_memo is None:
            pts = [0, 0]
            for t in self.tricks:
                assert t.winner is not None
                pts[t.winner] += t.points
            self._points_memo = (pts[0], pts[1])
        return self._points_memo

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken by each seat so far."""
        if self._won_memo is None:
            won = [0, 0]
            for t in self.tricks:
                assert t.winner is not None
                won[t.winner] += 1
            self._won_memo = (won[0], won[1])
        return self._won_memo

    @property
    def result(self) -> Result | None:
        """None until the deal is over; then the score under the game's options (OS-7)."""
        if not self.finished:
            return None
        if self._result is None:
            self._result = score(self.facts(), self.options)
        return self._result

    def facts(self) -> DealFacts:
        """The finished deal's facts for scoring under any options (OS-7)."""
        assert self.contract is not None
        names = self.game.seat_names
        cards: tuple[Card, ...] = ()
        if self.declarer is not None:
            cards = tuple(c for pair in self.layout.piles[self.declarer] for c in pair)
        return DealFacts(self.contract, self.declarer, self.kontra, self.re, self.card_points,
                         self.tricks_won, cards, (names[0], names[1]), self.game.deck.suit_name,
                         dealer=self.dealer)

    # -- rules (judge.py) ------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action now (order: see :func:`~cardlab.games.officer_skat.judge.legal_map`)."""
        return list(self._legal_index())

    def _legal_map(self) -> dict[Action, None]:
        return judge.legal_map(self)

    def _judge(self, action: Action) -> Verdict:
        return judge.judge(self, action)

    def _seat_refusal(self, seat: int) -> Verdict | None:
        return judge.seat_refusal(self, seat)

    def _context(self) -> str:
        phase = self.phase
        if phase == "play":
            return f" at trick {len(self.tricks) + 1}"
        return {"declare": " at the choice of game", "kontra": " at the Kontra",
                "re": " at the Re"}.get(phase, f" in the {phase}")

    # -- successor -----------------------------------------------------------------
    def _next(self, action: Action, step: int, **changes: Any) -> OfficerSkatState:
        """The successor after ``action`` with ``changes``, dealt on from ``step``."""
        new = evolve(self, action, **changes)
        new._derive(step)
        return new

    def _successor(self, action: Action) -> OfficerSkatState:
        seat = self._to_move
        assert seat is not None
        verb = action.verb
        if verb == "play":
            return self._play(action, seat)
        calls = self.calls + ((seat, str(action)),)
        nxt = self.step + 1 if self._phase != "play" else self.step  # B-6: Re at the lead
        if verb == "declare":
            game = action.args[0]
            return self._next(action, nxt, calls=calls, contract=game,
                              declarer=None if game == "ramsch" else seat)
        if verb == "pass":
            # B-2: two passes make Ramsch
            contract = "ramsch" if self.event.role == "D" else None
            return self._next(action, nxt, calls=calls, contract=contract)
        if verb in ("kontra", "no_kontra"):
            return self._next(action, nxt, calls=calls, kontra=verb == "kontra")
        return self._next(action, nxt, calls=calls, re=verb == "re")

    def _play(self, action: Action, seat: int) -> OfficerSkatState:
        card = self.game.deck.parse(action[5:])  # "play " then the card's code
        played = self.played | {card}
        trick = self._cur
        if trick is None or not trick.plays:  # the lead: it names the suit to follow
            trick = Trick(seat).add(Play(seat, card), trick_order(self.contract).suit_of[card])
            return self._next(action, self.step, _cur=trick, played=played)
        lead = trick.plays[0]
        first, second = card_index(lead.card), card_index(card)
        # OS-5.6 the kernel's winner, OS-2.2 its card points
        won = trick_winner_index(_TABLES, self.contract_index, self.led_code(), first, second)
        winner = seat if won == 1 else lead.seat
        done = OfficerSkatTrick(trick.leader, trick.plays + (Play(seat, card),), trick.suit,
                                winner, int(trick_card_points(_TABLES, first, second)))
        tricks = self.tricks + (done,)
        # OS-5.3 / B-7: cards uncovered in this trick turn face up now, playable from the next trick
        where, piles = self.layout.where, self.layout.piles
        uncovered = {piles[p.seat][where[p.card][1]][0]
                     for p in done.plays if where[p.card][2] == "up"}
        finished = len(tricks) == TRICKS or (
            self.contract == "null" and self.options.null_mode == "no_tricks"
            and winner == self.declarer)  # OS-6.4: the Null declarer loses at the first trick
        return self._next(action, self.step, _cur=None, tricks=tricks, played=played,
                          turned=self.turned | uncovered, finished=finished)

    # -- words and the cards in context (view.py) ------------------------------------
    def _describe(self, action: str) -> str:
        """Plain words for a legal ``action`` taken now."""
        return view.describe(self, action)

    def _view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator); see :func:`~.view.build_view`."""
        return view.build_view(self, seat)

    def trump_order(self, contract: str | None = None) -> list[Card]:
        """OS-4 the trumps high to low for ``contract`` (default: this deal's game)."""
        return trick_order(contract if contract is not None else self.contract).trumps()

    def card_order(self) -> CardOrder:
        """OS-5.4 / OS-5.6 the card order of this deal's game (before a game is chosen, the
        printed suits): legality, the trick winner and ``effective_suit`` read it."""
        return trick_order(self.contract)

    # -- the same API in every game (DESIGN §2) ------------------------------------------
    # ``contract`` is a plain attribute: ``'C' 'S' 'H' 'D'`` (a suit game), ``'grand'``,
    # ``'null'``, ``'ramsch'``, or None before a game is chosen.

    @property
    def piles(self) -> tuple[tuple[tuple[Card | None, Card | None], ...], ...]:
        """OS-2.3 the piles on the table now, shaped as Five Hundred's ghost piles: per
        seat, its eight ``(face-down, face-up)`` pairs (row 1 then row 2), with ``None``
        where a card is gone (played) or not dealt yet. Once a pile's face-up card is played
        its face-down card is turned over (OS-5.3) and shows as ``(None, card)``.
        ``layout.piles`` keeps the whole deal as it was dealt."""
        out = []
        played, turned = self.played, self.turned
        for seat, piles in enumerate(self.layout.piles):
            row = []
            for p, (down, up) in enumerate(piles):
                d = down if (down not in played and down not in turned
                             and self.is_dealt(seat, p, "down")) else None
                u = up if up not in played and self.is_dealt(seat, p, "up") else None
                if u is None and down in turned and down not in played:
                    u = down
                row.append((d, u))
            out.append(tuple(row))
        return tuple(out)

    def effective_suit(self, card: Card | str) -> str:
        """OS-5.4 the suit ``card`` follows and wins in under this deal's game: ``'T'``
        (:data:`~cardlab.games.officer_skat.rules.TRUMP`) for a trump (the four jacks, and in
        a suit game the trump suit's cards), else its printed suit; in Null, Ramsch's
        plain suits and before a game is chosen, the printed suit (in Ramsch the jacks are
        ``'T'``). This is the value ``trick.suit`` takes when the card is led.

        >>> import cardlab
        >>> s = cardlab.load("officer_skat").deal(seed=1, dealer=0).apply("declare H")
        >>> s.effective_suit("JC"), s.effective_suit("AH"), s.effective_suit("AS")
        ('T', 'T', 'S')
        """
        suit = self.card_order().effective_suit(self.game.deck.parse(card))
        assert suit is not None  # every Skat card has an effective suit
        return suit

    def card_value(self, card: Card | str) -> int:
        """OS-2.2 the card's card points: A 11, 10 10, K 4, Q 3, J 2, 9 8 7 nothing (the same
        in every game; ``card_points`` adds them up per seat, ``result.figures
        ["card_points"]`` at the end).

        >>> import cardlab
        >>> s = cardlab.load("officer_skat").deal(seed=1, dealer=0)
        >>> s.card_value("AS"), s.card_value("JC"), s.card_value("9H")
        (11, 2, 0)
        """
        return trick_points((self.game.deck.parse(card),))

    def deal_string(self) -> str:
        """This deal's piles as ``P1 down: … / P1 up: … / P2 down: … / P2 up: …``."""
        return self.game.format_piles(self.layout.piles)
