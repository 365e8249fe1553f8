"""One moment of an Officer Skat deal: the piles, the deal so far, the calls, the tricks.

The whole deal's cards are fixed at the start (:class:`Layout`); a state only
records how far the deal has got (``step``, an index into the deal's events,
OS-3.2), the calls (choice of game, Kontra, Re), the cards played and the
face-down cards turned up (OS-5.3). Everything a player may see comes from
:meth:`OfficerSkatState.view`, which never shows a face-down card (OS-2.3).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

from cardlab.cards import Card
from cardlab.engine.action import Action, Verdict
from cardlab.engine.result import Result
from cardlab.engine.state import State
from cardlab.engine.tricks import CardOrder, Play, Trick, trick_winner
from cardlab.games.officer_skat.play import (
    OfficerSkatTrick,
    follow_reason,
    lead_reason,
    the_card,
    with_suit_note,
)
from cardlab.games.officer_skat.rules import (
    SUITS,
    TRUMP,
    DealEvent,
    is_suit_game,
    trick_order,
    trick_points,
    trump_cards,
)
from cardlab.games.officer_skat.scoring import DealFacts, contract_words, score

if TYPE_CHECKING:
    from cardlab.games.officer_skat.game import OfficerSkatGame

__all__ = ["Layout", "OfficerSkatState", "TRICKS", "GAME_CALLS"]

#: OS-5.1 a deal has 16 tricks of 2 cards.
TRICKS = 16
#: DESIGN §2.2 the arguments of ``declare``, in the order legal_actions lists them.
GAME_CALLS = ("C", "S", "H", "D", "grand", "null", "ramsch")
#: Which verbs each phase accepts (anything else is refused with ``wrong_phase``).
PHASE_VERBS = {"declare": ("declare", "pass"), "kontra": ("kontra", "no_kontra"),
               "re": ("re", "no_re"), "play": ("play",)}
#: The rule each phase's decision comes from, for ``wrong_phase`` refusals.
PHASE_RULES = {"declare": "OS-3.2", "kontra": "OS-7.4", "re": "OS-7.4", "play": "OS-5.1"}
KNOWN_VERBS = frozenset(v for verbs in PHASE_VERBS.values() for v in verbs)
#: the fields ``_evolve`` may change besides ``step`` and ``trick``
_EVOLVING = frozenset({"setup", "calls", "contract", "declarer", "kontra", "re", "tricks",
                       "played", "turned", "finished", "seed"})
#: interned actions, so legal_actions() does not build the same strings again and again
_ACTIONS: dict[str, Action] = {}


def _act(text: str) -> Action:
    a = _ACTIONS.get(text)
    if a is None:
        a = _ACTIONS[text] = Action(text)
    return a


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


def _cap(text: str) -> str:
    """``text`` with a capital first letter (a sentence that starts with a card)."""
    return text[:1].upper() + text[1:]


class OfficerSkatState(State):
    """One immutable moment of an Officer Skat deal (see the package docstring for phases)."""

    game: OfficerSkatGame

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
        self._derive(step)

    def _derive(self, step: int) -> None:
        """Settle the deal's step and work out the facts asked again and again (a state
        never changes, so once is enough)."""
        self.step = self._settle(step)
        self._result: Result | None = None
        self._phase = self._find_phase()
        self._to_move = self._find_to_move()
        self._tops_memo: list[tuple[Card, ...] | None] = [None, None]
        self._legal: dict[Action, None] | None = None

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

    def _applies(self, event: DealEvent, step: int) -> bool:
        """OS-3.2: whether a decision happens at this point of the deal (cards never stop)."""
        o = self.options
        if event.kind == "declare":
            if event.role == "F":
                return True
            return self.contract is None  # B-2: only after F passed
        if event.kind == "kontra":
            return o.kontra_re and self.contract not in (None, "ramsch")
        if event.kind == "re_early":
            # step 10: F, the declarer, is asked under either re_window (B-6)
            return self.kontra and self.declarer == self.forehand and not self._re_decided()
        if event.kind == "re_late":
            # a declarer who is not F (D, after F passed, B-2) is asked after the whole deal
            return self.kontra and not self._re_decided()
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
        while step < len(events) - 1 and not self._applies(events[step], step):
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

    @cached_property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards dealt and not yet played, face-up and face-down."""
        out = []
        for seat, piles in enumerate(self.layout.piles):
            cards = [c for p, pair in enumerate(piles) for c, face in zip(pair, ("down", "up"))
                     if c not in self.played and self.is_dealt(seat, p, face)]
            out.append(tuple(self.game.deck.sort(cards)))
        return tuple(out)

    def top_cards(self, seat: int) -> list[Card]:
        """OS-5.2 the seat's playable cards: each pile's face-up top card, in pile order."""
        return list(self._tops_of(seat))

    def _tops_of(self, seat: int) -> tuple[Card, ...]:
        # worked out once per state and seat (a state never changes)
        tops = self._tops_memo[seat]
        if tops is None:
            tops = self._tops_memo[seat] = tuple(self._top_cards(seat))
        return tops

    def _top_cards(self, seat: int) -> list[Card]:
        played, turned, dealt = self.played, self.turned, self.dealt
        out = []
        for down, up in self.layout.piles[seat]:
            if up not in played and up in dealt:  # the pile's up card is dealt and still there
                out.append(up)
            elif down in turned and down not in played:
                out.append(down)
        return out

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

    @cached_property
    def card_points(self) -> tuple[int, int]:
        """OS-2.2 the card points each seat has taken in tricks so far."""
        pts = [0, 0]
        for t in self.tricks:
            assert t.winner is not None
            pts[t.winner] += t.points
        return pts[0], pts[1]

    @cached_property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken by each seat so far."""
        won = [0, 0]
        for t in self.tricks:
            assert t.winner is not None
            won[t.winner] += 1
        return won[0], won[1]

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

    # -- legality ------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action now: game calls in ``GAME_CALLS`` order then ``pass``;
        ``kontra`` before ``no_kontra``; ``re`` before ``no_re``; cards in pack order (at
        the opening lead under ``re_window="until_opening_lead"``, ``re`` then the cards)."""
        return list(self._legal_index())

    def _legal_index(self) -> dict[Action, None]:
        # the legal actions, worked out once per state (the engine's apply() reads them too)
        legal = self._legal
        if legal is None:
            legal = self._legal = dict.fromkeys(self._find_legal())
        return legal

    def _find_legal(self) -> list[Action]:
        phase = self._phase
        if phase == "done":
            return []
        if phase == "declare":
            acts = [f"declare {g}" for g in GAME_CALLS if self._game_refusal(g) is None]
            if self._pass_refusal() is None:
                acts.append("pass")
            return [_act(a) for a in acts]
        if phase == "kontra":
            return [_act("kontra"), _act("no_kontra")]
        if phase == "re":
            return [_act("re"), _act("no_re")]
        seat = self._to_move
        assert seat is not None
        plays = [_act("play " + c.code) for c in self.game.deck.sort(self._playable_now(seat))]
        return [_act("re"), *plays] if self.re_open else plays

    def _playable_now(self, seat: int) -> list[Card]:
        """OS-5.5 the cards ``seat`` may play to the current trick."""
        top = self._tops_of(seat)
        led = self._led_suit()
        if led is None:
            return list(top)
        return trick_order(self.contract).of_suit(top, led) or list(top)  # OS-5.5

    def _led_suit(self) -> str | None:
        if self._cur is None or not self._cur.plays:
            return None
        return trick_order(self.contract).suit_of[self._cur.plays[0].card]

    def _game_refusal(self, game: str) -> Verdict | None:
        """OS-4 / OS-7.5 / B-2: why ``declare game`` is refused, or None."""
        o = self.options
        if game not in GAME_CALLS:
            return Verdict(False, f"'{game}' is not a game; choose one of "
                           f"{', '.join(GAME_CALLS)}", "unknown_game", "OS-4")
        if game == "null" and not o.null_allowed:
            return Verdict(False, "Null is not allowed under these rules (null_allowed false)",
                           "null_not_allowed", "OS-4")
        if game == "null" and o.scoring_method == "card_points":
            return Verdict(False, "Null cannot be chosen when deals are scored by card points "
                           "(method B)", "null_not_allowed_card_points", "OS-7.5")
        if game == "ramsch" and not o.ramsch_allowed:
            return Verdict(False, "Ramsch is not allowed under these rules (ramsch_allowed "
                           "false)", "ramsch_not_allowed", "B-2")
        return None

    def _pass_refusal(self) -> Verdict | None:
        """B-2: F may pass only with ``pass_allowed``; D, after F passed, only into Ramsch."""
        o = self.options
        if not o.pass_allowed:
            return Verdict(False, "passing is not allowed under these rules (pass_allowed "
                           "false): choose a game", "pass_not_allowed", "B-2")
        if self.event.role == "D" and not o.ramsch_allowed:
            return Verdict(False, "forehand passed, so the dealer must choose a game (Ramsch, "
                           "which two passes would lead to, is not allowed)",
                           "dealer_must_choose", "B-2")
        return None

    def _seat_refusal(self, seat: int) -> Verdict | None:
        if self.phase == "declare" and any(s == seat and c == "pass" for s, c in self.calls):
            return Verdict(False, f"{self.game.seat_name(seat)} has passed and takes no further "
                           "part in choosing the game", "already_passed", "B-2")
        return None

    def _context(self) -> str:
        phase = self.phase
        if phase == "play":
            return f" at trick {len(self.tricks) + 1}"
        return {"declare": " at the choice of game", "kontra": " at the Kontra",
                "re": " at the Re"}.get(phase, f" in the {phase}")

    def _judge(self, action: Action) -> Verdict:
        verb, args = action.verb, action.args
        phase = self.phase
        seat = self.to_move
        assert seat is not None
        who = self.game.seat_name(seat)
        if verb not in KNOWN_VERBS:
            return Verdict(False, f"'{verb}' is not an Officer Skat action; the actions are "
                           "declare C/S/H/D/grand/null/ramsch, pass, kontra, no_kontra, re, "
                           "no_re, play <card>", "unknown_action", "")
        if phase == "play" and verb in ("re", "no_re"):
            return self._judge_re_in_play(verb, who)
        if verb not in PHASE_VERBS[phase]:
            now = " or ".join(PHASE_VERBS[phase])
            return Verdict(False, f"this is the {phase} step of the deal: {who} must {now} "
                           f"now, not {verb}", "wrong_phase", PHASE_RULES[phase])
        wants = 1 if verb in ("declare", "play") else 0
        if len(args) != wants:
            return Verdict(False, f"'{verb}' takes {wants} argument(s), not {len(args)}",
                           "bad_notation", "")
        if verb == "declare":
            refusal = self._game_refusal(args[0])
            if refusal is not None:
                return refusal
            rule = "OS-3.2" if self.event.role == "F" else "B-2"
            return Verdict(True, f"{who} may choose {self._words(args[0])} ({rule})", "",
                           rule)
        if verb == "pass":
            refusal = self._pass_refusal()
            return refusal or Verdict(True, f"{who} may pass (B-2)", "", "B-2")
        if phase == "kontra":
            return Verdict(True, f"{who}, the declarer's opponent, may double with Kontra or "
                           "decline (OS-7.4)", "", "OS-7.4")
        if phase == "re":
            later = ""
            if self.options.re_window == "until_opening_lead" and seat == self.forehand:
                later = (f"; a Re not said now stays open until {who} plays the opening card "
                         "(B-6)")
            return Verdict(True, f"{who}, the declarer, may answer the Kontra with Re or "
                           f"decline (OS-7.4){later}", "", "OS-7.4")
        return self._judge_play(seat, args[0])

    def _judge_re_in_play(self, verb: str, who: str) -> Verdict:
        """B-6 / OS-7.4: ``re`` (or ``no_re``) once the cards are being played."""
        g = self.game
        if not self.kontra:
            return Verdict(False, f"this is the play step of the deal: {who} must play now; "
                           "Re only answers a Kontra, and no Kontra was said in this deal",
                           "wrong_phase", "OS-7.4")
        if self.re_open:
            if verb == "re":
                return Verdict(True, f"{who}, the declarer, did not say Re at step 10, but "
                               "under re_window until_opening_lead the Re window stays open "
                               f"until {who} plays the opening card: {who} may say Re now or "
                               "simply lead (B-6)", "", "B-6")
            return Verdict(False, f"{who} declines Re by leading a card: at the opening lead "
                           "there is no no_re (B-6)", "wrong_phase", "B-6")
        if verb == "no_re":
            return Verdict(False, f"this is the play step of the deal: {who} must play now, "
                           "not no_re", "wrong_phase", "OS-5.1")
        declarer = g.seat_name(self._declarer_seat())
        if self.re:
            return Verdict(False, f"{declarer} has already said Re: the stakes are already "
                           "four times (OS-7.4)", "re_already_said", "OS-7.4")
        if self.options.re_window == "until_opening_lead" and self.declarer == self.forehand:
            closed = f"when {declarer} led the first card of the deal"
        elif self.declarer == self.forehand:
            closed = (f"at step 10, before {g.seat_name(self.dealer)}'s second face-up row "
                      "was dealt (re_window before_dealer_second_face_up_row)")
        else:
            closed = f"when {declarer} declined Re before the opening lead"
        return Verdict(False, f"the Re window closed {closed}: Re can no longer be said "
                       "(B-6)", "re_window_closed", "B-6")

    def _judge_play(self, seat: int, code: str) -> Verdict:
        """OS-5.2 / OS-5.3 / OS-5.5: may ``seat`` play the card ``code`` now?"""
        who = self.game.seat_name(seat)
        try:
            card = self.game.deck.parse(code)
        except ValueError as err:
            return Verdict(False, str(err), "unknown_card", "")
        deck, contract = self.game.deck, self.contract
        lead = self._cur.plays[0].card if self._cur is not None and self._cur.plays else None
        if card in self.played:
            return Verdict(False, with_suit_note(f"{_cap(the_card(card, deck))} has already been played", card, lead,
                                                 contract, deck), "already_played", "OS-5.1")
        # a face-down card is refused alike whoever owns it, so explain leaks nothing (B-24)
        if card not in self._tops_of(0) and card not in self._tops_of(1):
            return Verdict(False, with_suit_note(
                f"{_cap(the_card(card, deck))} is not a face-up card: only face-up top cards can be played, and "
                "face-down cards are unknown to both players", card, lead, contract, deck),
                "card_face_down", "OS-5.2")
        if self.layout.where[card][0] != seat:
            return Verdict(False, with_suit_note(f"{_cap(the_card(card, deck))} is not one of {who}'s cards", card,
                                                 lead, contract, deck), "not_your_card",
                           "OS-2.3")
        if lead is None:
            text, rule = lead_reason(who, card, contract, deck)
            return Verdict(True, text, "", rule)
        ok, text, rule = follow_reason(who, card, lead, self._tops_of(seat), contract, deck,
                                       trick_order(contract))
        return Verdict(ok, text, "" if ok else "must_follow_suit", rule)

    def _words(self, game: str | None) -> str:
        if game in SUITS:
            return f"{self.game.deck.suit_name(game)} as trumps"
        return contract_words(game)

    # -- successor -----------------------------------------------------------------
    def _evolve(self, action: Action, **changes: Any) -> OfficerSkatState:
        # what OfficerSkatState(...) with this state's fields and ``changes`` makes, without
        # passing every field as a keyword (this is the hot path of every action)
        new = object.__new__(OfficerSkatState)
        new.game = self.game
        new.layout = self.layout
        new.setup = self.setup
        new.calls = self.calls
        new.contract = self.contract
        new.declarer = self.declarer
        new.kontra = self.kontra
        new.re = self.re
        new.tricks = self.tricks
        new._cur = self._cur
        new.played = self.played
        new.turned = self.turned
        new.finished = self.finished
        new.history = self.history + (action,)
        new.parent = self
        new.seed = self.seed
        step = changes.pop("step", self.step)
        if "trick" in changes:
            new._cur = changes.pop("trick")
        for name, value in changes.items():
            assert name in _EVOLVING, name
            setattr(new, name, value)
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
            return self._evolve(action, step=nxt, calls=calls, contract=game,
                                declarer=None if game == "ramsch" else seat)
        if verb == "pass":
            # B-2: two passes make Ramsch
            contract = "ramsch" if self.event.role == "D" else None
            return self._evolve(action, step=nxt, calls=calls, contract=contract)
        if verb in ("kontra", "no_kontra"):
            return self._evolve(action, step=nxt, calls=calls, kontra=verb == "kontra")
        if verb in ("re", "no_re"):
            return self._evolve(action, step=nxt, calls=calls, re=verb == "re")
        return self._play(action, seat)

    def _play(self, action: Action, seat: int) -> OfficerSkatState:
        card = self.game.deck.parse(action[5:])  # "play " then the card's code
        trick = self._cur or Trick(seat)
        order = trick_order(self.contract)
        led = order.suit_of[trick.plays[0].card if trick.plays else card]
        trick = trick.add(Play(seat, card), led)
        played = self.played | {card}
        if len(trick.plays) < 2:
            return self._evolve(action, trick=trick, played=played)
        winner = trick_winner(trick.plays, order)  # OS-5.6
        done = OfficerSkatTrick(trick.leader, trick.plays, trick.suit, winner,
                                trick_points(trick.cards))
        tricks = self.tricks + (done,)
        # OS-5.3: cards uncovered in this trick turn face up now, playable from the next trick
        uncovered = {self.layout.piles[p.seat][self.layout.where[p.card][1]][0]
                     for p in trick.plays if self.layout.where[p.card][2] == "up"}
        finished = len(tricks) == TRICKS or (
            self.contract == "null" and self.options.null_mode == "no_tricks"
            and winner == self.declarer)  # OS-6.4: the Null declarer loses at the first trick
        return self._evolve(action, trick=None, tricks=tricks, played=played,
                            turned=self.turned | uncovered, finished=finished)

    # -- words ---------------------------------------------------------------------
    def _describe(self, action: str) -> str:
        """Plain words for a legal ``action`` taken now."""
        act = self.game.parse_action(action)
        seat = self.to_move
        who = self.game.seat_name(seat)
        role = "forehand" if seat == self.forehand else "dealer"
        verb = act.verb
        if verb == "declare":
            return f"{who} ({role}) chooses {self._words(act.args[0])}"
        if verb == "pass":
            return f"{who} ({role}) passes the choice of game"
        if verb == "kontra":
            return f"{who} says Kontra: the stakes are doubled"
        if verb == "no_kontra":
            return f"{who} does not say Kontra"
        if verb == "re" and self._phase == "play":
            return f"{who} answers Re before leading: the stakes are doubled again"
        if verb == "re":
            return f"{who} answers Re: the stakes are doubled again"
        if verb == "no_re" and self.options.re_window == "until_opening_lead" and (
                seat == self.forehand):
            return f"{who} does not say Re now (it stays open until the opening lead)"
        if verb == "no_re":
            return f"{who} does not say Re"
        card = self.game.deck.parse(act.args[0])
        text = f"{who} plays the {self.game.deck.name(card)}"
        order = trick_order(self.contract)
        if order.is_trump(card):
            text += " (trump)"
        if self._cur is not None and self._cur.plays:
            plays = self._cur.plays + (Play(seat, card),)  # type: ignore[arg-type]
            winner = trick_winner(plays, order)
            text += " and wins the trick" if winner == seat else (
                f"; {self.game.seat_name(winner)} wins the trick")
            text += f": {trick_points(p.card for p in plays)} points"  # OS-2.2
        return text

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

    # -- the view ------------------------------------------------------------------
    def _pile_view(self, seat: int, p: int) -> dict[str, Any]:
        down, up = self.layout.piles[seat][p]
        d: dict[str, Any] = {"down": None, "up": None, "turned": False}
        if up not in self.played and self.is_dealt(seat, p, "up"):
            d["up"] = up.code
        if down not in self.played:
            if down in self.turned:
                d["up"], d["turned"] = down.code, True
            elif self.is_dealt(seat, p, "down"):
                d["down"] = "hidden"
        return d

    def _view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator). Both players see the same: every
        face-up card is public and every face-down card is hidden from both (OS-2.3)."""
        g = self.game
        names = g.seat_names
        hands = []
        for s in range(2):
            hands.append({"seat": s, "name": names[s], "cards": [c.code for c in self.top_cards(s)],
                          "count": len(self.hands[s]), "face_up": True, "active": True})
        done = self.finished
        trick = self._cur.plays if self._cur else ()
        last = self.tricks[-1] if self.tricks else None
        led = self._led_suit()
        trump = self.contract if is_suit_game(self.contract) else None
        legal = [str(a) for a in self.legal_actions()] if seat is None or seat == self.to_move \
            else []
        undealt = 32 - len(self.dealt)
        return {
            "game": g.name, "title": g.title, "phase": self.phase, "seat": seat,
            "to_move": self.to_move, "dealer": self.dealer, "seat_names": list(names),
            "hands": hands,
            "piles": [[self._pile_view(s, p) for p in range(8)] for s in range(2)],
            "extras": [{"label": "stock", "cards": None, "count": undealt}] if undealt else [],
            "trick": [{"seat": p.seat, "card": p.card.code, "note": ""} for p in trick],
            "trick_leader": self._cur.leader if self._cur and trick else None,
            "trick_suit": (trump or "trump") if led == TRUMP else led,
            "last_trick": None if last is None else {
                "leader": last.leader, "plays": [{"seat": p.seat, "card": p.card.code}
                                                 for p in last.plays], "winner": last.winner,
                "points": last.points},
            "tricks_won": {names[s]: self.tricks_won[s] for s in range(2)},
            "auction": [{"seat": s, "call": c} for s, c in self.calls],
            "contract": self.contract, "declarer": self.declarer, "trump": trump,
            "scores": dict(self.result.points) if done and self.result else {},
            "chips": None,
            "info": self._info(),
            "legal": legal,
            "forehand": self.forehand,
            "kontra": self.kontra, "re": self.re,
            "card_points": {names[s]: self.card_points[s] for s in range(2)},
            "trick_no": len(self.tricks) + (0 if done else 1),
            "matadors": self._matadors_words(),
        }

    def _matadors_words(self) -> str | None:
        """OS-7.1 the matadors in words: before the deal is over, how they will be counted
        (over all 16 of the declarer's cards, face-down ones too, so no count can be given
        yet); after it, the count. None where they do not count (no contract yet, Null,
        Ramsch, or a scoring method that ignores them)."""
        c = self.contract
        if c is None or not (is_suit_game(c) or c == "grand") \
                or self.game.options.scoring_method != "game_value" or self.declarer is None:
            return None
        who = self.game.seat_name(self.declarer)
        if self.finished and self.result is not None:
            fig = self.result.figures
            n = fig.get("matadors")
            if isinstance(n, int):
                return (f"matadors: {who} was {'with' if fig.get('with') else 'without'} {n}, "
                        f"counted over all 16 of {who}'s cards (OS-7.1)")
            return None
        run = "trumps" if self.game.options.matadors == "full_trump_sequence" and is_suit_game(c) \
            else "jacks"
        top = self.game.deck.name(trump_cards(c)[0])
        return (f"matadors: with or without the {top} and the {run} after it, counted over "
                f"all 16 of {who}'s cards at the end (OS-7.1)")

    def _info(self) -> list[str]:
        g = self.game
        f, d = g.seat_name(self.forehand), g.seat_name(self.dealer)
        lines = [f"{f} is forehand (chooses the game and leads); {d} deals"]
        if self.contract is not None:
            who = "" if self.declarer is None else f"{g.seat_name(self.declarer)} plays "
            lines.append(f"{who}{self._words(self.contract)}"
                         + (" with Kontra" if self.kontra else "") + (" and Re" if self.re else ""))
        phase = self.phase
        if phase == "declare":
            lines.append(f"{g.seat_name(self.to_move)} chooses the game on the face-up cards")
        elif phase == "play" and self._cur is None and self.tricks:
            lines.append("cards uncovered in the last trick are now face up and playable")
        if self.re_open:
            lines.append(f"{f} may still say Re until leading the first card (B-6)")
        elif phase == "done" and self.result is not None:
            lines += list(self.result.breakdown)
        return lines
