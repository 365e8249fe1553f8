"""One moment of a Five Hundred deal: :class:`FiveHundredState` (immutable).

Phases, in order: ``'auction'`` (5H-5), ``'kitty'`` (the contractor takes the
kitty and discards, 5H-6.1), ``'call'`` (five players only: the contractor
names a partner card or plays alone, 5H-2), ``'nominate'`` (NT or misère, the
contractor holds the joker: name its suit or ``none``, 5H-6.3), ``'play'``
(5H-7) and ``'done'``. Phases that do not apply are skipped.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from cardlab.cards import Card
from cardlab.engine import registry
from cardlab.engine.action import Action, Verdict
from cardlab.engine.record import format_deal
from cardlab.engine.result import Result
from cardlab.engine.state import State, evolve, intern_action
from cardlab.engine.tricks import Play, Trick, trick_winner
from cardlab.games.five_hundred import auction as au
from cardlab.games.five_hundred.judge import PlayContext, judge_play, legal_plays
from cardlab.games.five_hundred.kitty import judge_discard, judge_nominate, judge_partner_call
from cardlab.games.five_hundred.rules import (
    MISERE_VALUES,
    SUITS,
    ContractRules,
    parse_bid,
)
from cardlab.games.five_hundred.scoring import DealFacts, score

if TYPE_CHECKING:
    from cardlab.games.five_hundred.game import FiveHundredGame

__all__ = ["FiveHundredState"]



#: (card, named suit) → its play notation
_PLAY_TEXT: dict[tuple[Card, str | None], Action] = {}


class FiveHundredState(State):
    """A Five Hundred deal at one moment. Made only by ``game.deal()`` and ``apply``.

    Read-only facts: ``phase``, ``to_move``, ``hands``, ``dealer``, ``kitty`` (the cards
    dealt to the kitty), ``discards``, ``bidding`` (the auction), ``contract`` (``'7H'``,
    ``'misere'``, ``'NT'`` when all passed and NT is played, or None), ``declarer``,
    ``nominated`` (the joker's suit, ``'none'``, or None before the choice), ``trick``
    (the current :class:`~cardlab.engine.tricks.Trick`), ``tricks`` (completed ones),
    ``tricks_won`` (per seat), ``active`` (per seat: False for a misère partner sitting out).
    """

    __slots__ = ("game", "history", "setup", "parent", "seed", "dealer", "_phase", "_turn",
                 "_hands", "kitty", "discards", "dead_hand", "bidding", "contract", "sans_kitty",
                 "declarer", "nominated", "rules", "active", "partner_card", "partner",
                 "partner_known", "trick", "tricks", "tricks_won", "suits_led", "shown_void",
                 "exposed", "piles", "_result")
    #: per-state caches :func:`~cardlab.engine.state.evolve` clears on every successor
    _CACHES = ("_result",)

    game: FiveHundredGame

    def __init__(self, game: FiveHundredGame, hands: tuple[tuple[Card, ...], ...],
                 kitty: tuple[Card, ...], dealer: int, setup: dict[str, Any],
                 seed: int | None = None, dead_hand: tuple[Card, ...] = ()) -> None:
        n = game.positions
        self.game = game
        self.history = ()
        self.setup = setup
        self.parent = None
        self.seed = seed
        self.dealer = dealer
        self._hands = tuple(tuple(game.deck.sort(h)) for h in hands)
        # ghost partners (two players, ghost_partners_43): five piles, face down under face up
        self.piles: tuple[tuple[tuple[Card | None, Card | None], ...] | None, ...] = tuple(
            tuple((h[i], h[i + 5]) for i in range(5)) if game.is_ghost(p) else None
            for p, h in enumerate(hands))
        self.kitty = tuple(kitty)
        self.discards: tuple[Card, ...] = ()
        self.dead_hand = tuple(game.deck.sort(dead_hand))
        seats = game.players
        order = tuple((dealer + k) % seats for k in range(1, seats + 1))
        self.bidding = au.start(order, game.options)
        self.contract: str | None = None
        self.sans_kitty = False
        self.declarer: int | None = None
        self.nominated: str | None = None
        self.rules: ContractRules | None = None
        self.active = (True,) * n
        self.partner_card: Card | None = None
        self.partner: int | None = None
        self.partner_known = False
        self.trick: Trick | None = None
        self.tricks: tuple[Trick, ...] = ()
        self.tricks_won = (0,) * n
        self.suits_led: frozenset[str] = frozenset()
        self.shown_void: tuple[frozenset[str], ...] = (frozenset(),) * n
        self.exposed = False
        self._phase = "auction"
        self._turn: int | None = order[0]
        self._result: Result | None = None

    # -- facts ------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``'auction'``, ``'kitty'``, ``'call'``, ``'nominate'``, ``'play'`` or ``'done'``."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """True once the deal is played out or thrown in."""
        return self._phase == "done"

    @property
    def to_move(self) -> int | None:
        """The seat to act, or None when the deal is over (with ghost partners, the real
        player who plays for the ghost whose turn it is)."""
        t = self._turn
        return None if t is None else self.game.controller(t)

    @property
    def turn(self) -> int | None:
        """The position whose turn it is (the seat, or a ghost partner's position)."""
        return self._turn

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards now, in the pack's order (with ghost partners: per position,
        ``P1 P2 G1 G2``, a ghost's face-down cards included)."""
        return self._hands

    @property
    def misere(self) -> bool:
        """True in misère, open misère and blind misère."""
        return self.contract in MISERE_VALUES

    @property
    def trick_no(self) -> int:
        """The number of the trick being played (1…10)."""
        return len(self.tricks) + 1

    @property
    def result(self) -> Result | None:
        """None until the deal is over; then the points per side and a breakdown."""
        if self._phase != "done":
            return None
        if self._result is None:
            self._result = score(self.deal_facts(), self.game.options)
        return self._result

    def deal_facts(self) -> DealFacts:
        """The facts scoring needs (used by ``game.score_deal`` and the match)."""
        g = self.game
        contractors: tuple[int, ...] = ()
        if self.declarer is not None:
            if self.misere:
                contractors = (self.declarer,)
            elif g.players == 5:
                contractors = tuple(sorted({self.declarer} | (
                    {self.partner} if self.partner is not None else set())))
            else:
                contractors = g.side_seats(self.declarer)
        return DealFacts(self.contract if self.declarer is not None else None, self.declarer,
                         contractors, self.tricks_won, g.sides, g.position_names,
                         all_pass_nt=self.contract == "NT" and self.declarer is None,
                         n_seats=g.players, dealer=self.dealer)

    # -- legal actions ------------------------------------------------------------------
    def _legal_map(self) -> dict[Action, Any]:
        """Action (interned) → payload, for every legal action now (the engine caches it
        per state: ``_legal_index``)."""
        out: dict[Action, Any] = {}
        seat = self._turn
        g = self.game
        if seat is None:
            pass
        elif self._phase == "auction":
            for c in au.legal_calls(self.bidding, seat, g.options, g.ladder):
                out[intern_action("pass" if c == "pass" else "bid " + c)] = c
        elif self._phase == "kitty":
            codes = [c.code for c in self._hands[seat]]
            out = dict.fromkeys(map(Action, map("discard ".__add__, map(" ".join, combinations(
                codes, g.kitty_size)))))
        elif self._phase == "call":
            out[intern_action("call alone")] = None
            for c in g.deck:
                if not c.is_joker and c not in self._hands[seat]:
                    out[intern_action("call " + c.code)] = c
        elif self._phase == "nominate":
            for s in SUITS:
                out[intern_action("nominate " + s)] = s
            out[intern_action("nominate none")] = "none"
        elif self._phase == "play":
            for play in legal_plays(self._play_context(seat)):
                text = _PLAY_TEXT.get(play)
                if text is None:
                    card, named = play
                    text = _PLAY_TEXT[play] = intern_action(f"play {card.code} {named}" if named
                                                   else "play " + card.code)
                out[text] = play
        return out

    def legal_actions(self) -> list[Action]:
        """Every legal action now. Auction: ``pass`` then bids in ladder order; kitty: discards
        in the pack's order; play: cards in the pack's order (a joker lead once per suit)."""
        return list(self._legal_index())  # the keys are interned Actions

    def playable(self, pos: int) -> tuple[Card, ...]:
        """The cards position ``pos`` may play from: its hand, or a ghost's face-up cards."""
        piles = self.piles[pos]
        if piles is None:
            return self._hands[pos]
        return tuple(self.game.deck.sort(up for _, up in piles if up is not None))

    def _play_context(self, seat: int) -> PlayContext:
        assert self.rules is not None and self.trick is not None
        g = self.game
        trick = self.trick
        hand = self._hands[seat] if self.piles[seat] is None else self.playable(seat)
        return PlayContext(self.rules, g.options, g.deck, hand,
                           trick.suit if trick.plays else None, len(self.tricks) + 1,
                           self.suits_led, self.shown_void[seat], self.contract in MISERE_VALUES,
                           trick.plays[0].card if trick.plays else None)

    # -- judging ------------------------------------------------------------------------
    def _seat_refusal(self, seat: int) -> Verdict | None:
        if self._phase == "auction" and self.bidding.is_out(seat):
            return Verdict(False, f"{self.game.seat_name(seat)} has passed, and a pass is final "
                           "in this auction", "already_passed", "5H-5.4d")
        if self._phase == "play" and not self.active[seat]:
            return Verdict(False, f"{self.game.seat_name(seat)} sits out this misère: the "
                           "contractor's partner takes no part", "sitting_out", "5H-6.2")
        return None

    def _context(self) -> str:
        if self._phase == "play":
            return f" at trick {self.trick_no}"
        return {"auction": " in the auction", "kitty": " at the kitty",
                "call": " when calling a partner", "nominate": " at the joker nomination"}.get(
                    self._phase, f" in the {self._phase}")

    _VERB_PHASE = {"bid": "auction", "pass": "auction", "discard": "kitty", "call": "call",
                   "nominate": "nominate", "play": "play"}
    _PHASE_WORDS = {"auction": "the auction (bid or pass)", "kitty": "the kitty (discard)",
                    "call": "calling a partner card (call)",
                    "nominate": "the joker nomination (nominate)", "play": "play (play a card)"}

    def _judge(self, action: Action) -> Verdict:
        verb, args = action.verb, action.args
        want = self._VERB_PHASE.get(verb)
        if want is None:
            return Verdict(False, f"unknown action {verb!r}; Five Hundred uses bid, pass, "
                           "discard, call, nominate and play", "bad_notation", "")
        if want != self._phase:
            return Verdict(False, f"'{verb}' is not possible now: this is "
                           f"{self._PHASE_WORDS.get(self._phase, self._phase)}", "wrong_phase",
                           {"auction": "5H-5", "kitty": "5H-6.1", "call": "5H-2",
                            "nominate": "5H-6.3", "play": "5H-7"}.get(self._phase, ""))
        seat = self._turn
        assert seat is not None
        g = self.game
        if verb in ("bid", "pass"):
            if verb == "pass" and args:
                return Verdict(False, "'pass' takes no arguments", "bad_notation", "5H-5.2")
            if verb == "bid" and not args:
                return Verdict(False, "'bid' needs a call, e.g. 'bid 7H'", "bad_notation",
                               "5H-5.2")
            call = "pass" if verb == "pass" else " ".join(args)
            return au.judge_call(self.bidding, seat, call, g.options, g.ladder)
        if verb == "discard":
            return judge_discard(self, seat, args)
        if verb == "call":
            return judge_partner_call(self, seat, args)
        if verb == "nominate":
            return judge_nominate(args)
        return self._judge_play(seat, args)

    def _judge_play(self, seat: int, args: tuple[str, ...]) -> Verdict:
        if not args or len(args) > 2:
            return Verdict(False, "play one card, e.g. 'play JD' (or 'play JK H' to lead the "
                           "joker naming hearts)", "bad_notation", "5H-7.1")
        try:
            card = self.game.deck.parse(args[0])
        except Exception as err:
            return Verdict(False, str(err), getattr(err, "code", "unknown_card"), "5H-7.1")
        named = args[1] if len(args) == 2 else None
        if named is not None and named not in SUITS:
            return Verdict(False, f"{named!r} is not a suit; name S, C, D or H", "bad_notation",
                           "5H-7.3 J4")
        key = f"play {card.code} {named}" if named else f"play {card.code}"
        if self.piles[seat] is not None and card in self._hands[seat] and card not in (
                self.playable(seat)):
            return Verdict(False, f"the {self.game.deck.name(card)} lies face down in "
                           f"{self.game.position_name(seat)}'s piles: only face-up cards may be "
                           "played", "card_face_down", "5H-2")
        ctx = self._play_context(seat)
        verdict = judge_play(ctx, card, named)
        # one source of truth: the verdict must agree with the legal list
        assert verdict.legal == (key in self._legal_index()), (key, verdict)
        return verdict

    # -- successors ---------------------------------------------------------------------
    def _successor(self, action: Action) -> FiveHundredState:
        payload = self._legal_index()[action]
        new = evolve(self, action)
        phase = self._phase
        if phase == "play":
            new._after_play(*payload)
        elif phase == "auction":
            new._after_call(payload)
        elif phase == "kitty":
            new._after_discard(tuple(self.game.deck.parse(a) for a in action.args))
        elif phase == "call":
            new._after_partner_call(payload)
        else:
            new._after_nominate(payload)
        return new

    def _after_call(self, call: str) -> None:
        g = self.game
        seat = self._turn
        assert seat is not None
        self.bidding = au.after(self.bidding, seat, call, g.ladder)
        if not self.bidding.is_over:
            self._turn = self.bidding.to_call
            return
        b = self.bidding
        if b.high is None:
            if g.options.all_pass == "play_no_trumps":
                # 5H-10 all pass: NT with no contractor and no kitty; left of dealer leads
                self.contract = "NT"
                self.rules = g.contract_rules("NT", None)
                self._start_play((self.dealer + 1) % g.positions)
            else:
                self._phase, self._turn = "done", None  # 5H-5.5 thrown in
            return
        base, _, modifier = b.high.partition(" ")
        high_seat = b.high_seat
        assert high_seat is not None
        self.contract, self.declarer = base, high_seat
        self.sans_kitty = modifier == "sans_kitty"
        if self.misere:  # 5H-6.2 the partner(s) sit out
            mates = set(g.side_seats(high_seat)) - {high_seat}
            self.active = tuple(s not in mates for s in range(g.positions))
        if self.sans_kitty:
            self._after_kitty()
            return
        hands = list(self._hands)  # 5H-6.1 the contractor takes the kitty
        hands[high_seat] = tuple(g.deck.sort(hands[high_seat] + self.kitty))
        self._hands = tuple(hands)
        self._phase, self._turn = "kitty", high_seat

    def _after_discard(self, cards: tuple[Card, ...]) -> None:
        seat = self.declarer
        assert seat is not None
        hands = list(self._hands)
        hands[seat] = tuple(c for c in hands[seat] if c not in cards)
        self._hands = tuple(hands)
        self.discards = tuple(cards)
        self._after_kitty()

    def _after_kitty(self) -> None:
        g = self.game
        if g.players == 5 and not self.misere and self.contract is not None:
            self._phase, self._turn = "call", self.declarer
            return
        self._to_nominate()

    def _after_partner_call(self, card: Card | None) -> None:
        self.partner_card = card
        if card is not None:
            for s, h in enumerate(self._hands):
                if card in h:
                    self.partner = s
        self._to_nominate()

    def _to_nominate(self) -> None:
        g = self.game
        base = self.contract or ""
        parsed = parse_bid(base)
        nt_like = self.misere or (parsed is not None and parsed[1] == "NT")
        decl = self.declarer
        assert decl is not None
        holds_joker = any(c.is_joker for c in self._hands[decl])
        if nt_like and g.options.joker_nomination and holds_joker:
            self._phase, self._turn = "nominate", decl  # the contractor, before the lead
            return
        self._begin_contract_play(None)

    def _after_nominate(self, suit: str) -> None:
        self._begin_contract_play(None if suit == "none" else suit)
        self.nominated = suit

    def _begin_contract_play(self, nominated: str | None) -> None:
        g = self.game
        parsed = parse_bid(self.contract or "")
        denom = "NT" if parsed is None else parsed[1]
        self.rules = g.contract_rules(denom, nominated)
        decl = self.declarer
        assert decl is not None
        if self.contract == "open_misere" and g.options.open_misere_expose == "before_lead":
            self.exposed = True  # A-15 option: the hand goes face up before the lead
        if g.options.first_lead == "left_of_dealer":
            self._start_play(self._next_active(self.dealer))
        else:
            self._start_play(decl)

    def _start_play(self, leader: int) -> None:
        self.trick = Trick(leader)
        self._phase, self._turn = "play", leader

    def _next_active(self, seat: int) -> int:
        active = self.active  # one flag per position
        n = len(active)
        for k in range(1, n + 1):
            s = (seat + k) % n
            if active[s]:
                return s
        return seat  # pragma: no cover

    def _after_play(self, card: Card, named: str | None) -> None:
        seat = self._turn
        assert seat is not None and self.trick is not None and self.rules is not None
        rules = self.rules
        hands = list(self._hands)
        hand = hands[seat]
        i = hand.index(card)  # the hand holds each card once (cards compare by identity)
        hands[seat] = hand[:i] + hand[i + 1:]
        self._hands = tuple(hands)
        if self.piles[seat] is not None:
            piles = list(self.piles)
            piles[seat] = tuple((d, None if u is card else u) for d, u in piles[seat] or ())
            self.piles = tuple(piles)
        trick = self.trick
        if not trick.plays:
            led = named if named is not None else rules.suit_of[card]
            trick = trick.add(Play(seat, card, named or ""), led)
            if led is not None:
                self.suits_led = self.suits_led | {led}
        else:
            if rules.suit_of[card] != trick.suit and trick.suit is not None:
                voids = list(self.shown_void)
                voids[seat] = voids[seat] | {trick.suit}
                self.shown_void = tuple(voids)
            trick = trick.add(Play(seat, card))
        if card is self.partner_card:
            self.partner_known = True
        if len(trick.plays) < sum(self.active):
            self.trick = trick
            self._turn = self._next_active(seat)
            return
        winner = trick_winner(trick.plays, rules, trick.suit)  # 5H-7.1 (a joker lead's suit)
        self.tricks = self.tricks + (trick.won_by(winner),)
        won = list(self.tricks_won)
        won[winner] += 1
        self.tricks_won = tuple(won)
        if self.piles.count(None) != len(self.piles):  # some position has piles
            # B-FR: the card under a played ghost card is turned over for the next lead
            self.piles = tuple(None if p is None else tuple(
                (None, d) if u is None and d is not None else (d, u) for d, u in p)
                for p in self.piles)
        if self.contract == "open_misere" and len(self.tricks) == 1:
            self.exposed = True  # 5H-7.5 face up after the first trick
        over = not self._hands[winner]
        if (self.misere and winner == self.declarer
                and self.game.options.stop_misere_on_first_trick_won):
            over = True  # 5H-7.4 the misère has failed; the engine stops here
        if over:
            self.trick = Trick(winner)
            self._phase, self._turn = "done", None
        else:
            self.trick = Trick(winner)
            self._turn = winner

    def rollout(self) -> Any:
        """This moment as a mutable deal driven by integer action ids, for fast playouts
        and search (:mod:`cardlab.sim.five_hundred.rollout`, the game's fast path that
        :mod:`cardlab.sim` registers)."""
        return registry.fast_path(self.game.name, "rollout_from_state")(self)

    # -- words ----------------------------------------------------------------------------
    def _describe(self, action: str) -> str:
        """Plain words for a legal ``action`` now: ``'N bids seven hearts'``."""
        from cardlab.games.five_hundred.view import describe_action

        return describe_action(self, action)

    def trump_order(self, contract: str | None = None) -> list[Card]:
        """5H-3.1 trumps high to low for the current contract (or ``contract``, e.g. ``'7H'``,
        ``'H'``, ``'NT'``, ``'misere'``). NT and misère: only an unnominated joker."""
        if contract is None:
            if self.rules is not None:
                return self.rules.trumps()
            if self.bidding.high is not None:
                contract = self.bidding.high
            else:
                return []
        return [self.game.deck.parse(c) for c in self.game.card_order(contract)["trumps"]]

    # -- the same API in every game (DESIGN §2) ------------------------------------------
    # ``contract`` is a plain attribute here: ``'7H'``, ``'10NT'``, ``'misere'``,
    # ``'open_misere'``, ``'blind_misere'`` (``sans_kitty`` is ``state.sans_kitty``), ``'NT'``
    # when everyone passed and the hand is played in no trumps, or None (the auction, a
    # thrown-in deal).

    def effective_suit(self, card: Card | str) -> str | None:
        """5H-3.4 the suit ``card`` follows and wins in under the current contract: the
        trump suit for the joker(s), the bowers (and a 43-card pack's four of the trump
        colour); ``None`` for an unnominated joker in NT or misère (it has no suit, 5H-7.3);
        otherwise the printed suit. Before a contract is settled (the auction, a thrown-in
        deal) the printed suit, and ``None`` for a joker. This is the value ``trick.suit``
        takes when the card is led.

        >>> import cardlab
        >>> s = cardlab.load("five_hundred").deal(seed=1, dealer=0)
        >>> s.effective_suit("JD"), s.effective_suit("JK")
        ('D', None)
        """
        return self.card_order().effective_suit(self.game.deck.parse(card))

    def card_order(self) -> ContractRules:
        """5H-3 the card order of the current contract (legality, the trick winner and
        ``effective_suit`` read it). Before a contract is settled, the no-trump order: the
        printed suits, and no suit for a joker."""
        if self.rules is not None:
            return self.rules
        if self.contract is None:
            return self.game.contract_rules("NT", None)
        base = self.contract.split(" ", 1)[0]
        if base in MISERE_VALUES or base == "NT":
            return self.game.contract_rules("NT", self.nominated
                                            if self.nominated in SUITS else None)
        parsed = parse_bid(base)
        assert parsed is not None
        return self.game.contract_rules(parsed[1], None)

    def card_value(self, card: Card | str) -> int | None:
        """Five Hundred counts tricks, not card points: always ``None`` (the same answer as
        ``result.figures["card_points"]``). The card is still checked against the pack.

        >>> import cardlab
        >>> cardlab.load("five_hundred").deal(seed=1, dealer=0).card_value("AS") is None
        True
        """
        self.game.deck.parse(card)
        return None

    # -- cards seen ---------------------------------------------------------------------
    def face_up(self, seat: int) -> bool:
        """True if ``seat``'s hand lies face up (open misère, once exposed)."""
        return self.exposed and seat == self.declarer

    def hidden_cards(self, seat: int | None) -> set[Card]:
        """The cards ``seat`` may not see (None: a spectator): other hands not face up, the
        kitty before it is taken, the discards (but for the contractor), a dead hand."""
        out: set[Card] = set()
        for s, h in enumerate(self._hands):
            piles = self.piles[s]
            if piles is not None:  # a ghost: face-down cards hidden from all, face-up seen
                out.update(d for d, _ in piles if d is not None)
            elif s != seat and not self.face_up(s):
                out.update(h)
        taken = self.declarer is not None and not self.sans_kitty and self._phase != "auction"
        if not taken:
            out.update(self.kitty)
        if seat is None or seat != self.declarer:
            out.update(self.discards)
        out.update(self.dead_hand)
        if self.partner_card is not None:
            out.discard(self.partner_card)  # named aloud by the contractor: its code is public
        return out

    def _view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator), as JSON-able data (brief's schema)."""
        from cardlab.games.five_hundred.view import build_view

        return build_view(self, seat)

    def deal_string(self) -> str:
        """The cards as dealt: ``"N: … / E: … / S: … / W: … / kitty: …"``."""
        g = self.game
        labels = [label for label, _ in g.deal_parts()]
        first = self.states()[0]
        assert isinstance(first, FiveHundredState)
        parts: list[tuple[Card, ...]] = [
            h if p is None else tuple(c for c in [*(d for d, _ in p), *(u for _, u in p)]
                                      if c is not None)
            for h, p in zip(first._hands, first.piles)]
        if g.has_dead_hand:
            parts.append(first.dead_hand)
        parts.append(first.kitty)
        return format_deal(labels, parts)

    def __repr__(self) -> str:
        mover = "" if self._turn is None else f", {self.game.position_name(self._turn)} to move"
        return f"<five_hundred state: {self._phase}, {len(self.history)} actions{mover}>"

