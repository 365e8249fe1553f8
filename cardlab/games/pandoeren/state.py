"""One moment of a Pandoeren deal: the auction, the exchange, trumps, the call and the play.

:class:`PandoerenState` is immutable: every action makes a new state whose
``parent`` is the old one. ``legal_actions`` and ``_judge`` dispatch on the phase
to one function per phase; the view (what each seat may see) is in ``view.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardlab.cards import FRENCH_SUIT_NAMES, FRENCH_SUITS, Card
from cardlab.engine.action import Action, Verdict
from cardlab.engine.auction import Auction
from cardlab.engine.ladder import Ladder
from cardlab.engine.record import format_deal
from cardlab.engine.result import Result
from cardlab.engine.state import State, evolve, intern_action
from cardlab.engine.tricks import CardOrder, Play, Trick
from cardlab.games.pandoeren import judge as J
from cardlab.games.pandoeren import kernel as K
from cardlab.games.pandoeren.roem import holds_stuk, roem_instances, roem_total
from cardlab.games.pandoeren.rules import (
    LAST_TRICK_BONUS,
    NO_TRUMPS,
    Bid,
    PandoerenOptions,
    card_points,
    parse_bid,
    play_tables,
    trick_order,
    trick_points,
)
from cardlab.games.pandoeren.scoring import annulled_result, objective_status, score
from cardlab.games.pandoeren.view import card_name, points_words

if TYPE_CHECKING:
    from cardlab.games.pandoeren.game import PandoerenGame

__all__ = ["PandoerenState", "PandoerenTrick"]

#: bid ladder → high bid → the auction's legal calls (never changed once made)
_AUCTION_LEGAL: dict[Ladder, dict[str | None, dict[Action, None]]] = {}


@dataclass(frozen=True)
class PandoerenTrick(Trick):
    """A completed Pandoeren trick (the tricks in ``state.tricks``), with its card points.

    :ivar points: the card points the trick carries (A2.3), the last trick's +5 included;
        the sum over a deal's tricks is the deal's card points in the result. Public: the
        cards of a trick are face up (the declarer's discard is in no trick).
    """

    points: int = 0

    def as_dict(self) -> dict[str, Any]:
        """JSON-able form (the engine's trick dict plus ``points``)."""
        return {**super().as_dict(), "points": self.points}


class PandoerenState(State):
    """One immutable moment of a Pandoeren deal (phases: auction, exchange, trump, call,
    play, done). Seats 0-3 are N E S W, clockwise; each plays for herself."""

    game: PandoerenGame
    #: per-state caches :func:`~cardlab.engine.state.evolve` clears on every successor
    _CACHES = ("_result",)

    def __init__(self, game: PandoerenGame, *, dealer: int, hands: tuple[tuple[Card, ...], ...],
                 kijkkaart: Card, setup: dict[str, Any], seed: int | None) -> None:
        opts: PandoerenOptions = game.options
        self.game = game
        self.dealer = dealer
        self.setup = setup
        self.seed = seed
        self.history: tuple[Action, ...] = ()
        self.parent: PandoerenState | None = None
        self.dealt_hands = hands
        self.kijkkaart = kijkkaart
        forehand = (dealer + 1) % 4
        self.auction = Auction(tuple((forehand + i) % 4 for i in range(4)),
                               pass_is_final=opts.pass_is_final)
        self._phase = "auction"
        self._hands = hands
        self.declarer: int | None = None
        self.bid: Bid | None = None
        self.discarded: Card | None = None
        self.trump: str | None = None
        self.called: Card | None = None
        self.partner: int | None = None
        self.partner_public = False
        #: the completed tricks, each a :class:`PandoerenTrick`
        #: with its winner and its card ``points`` (A2.3, the last trick's +5 included)
        self.tricks: tuple[PandoerenTrick, ...] = ()
        self.trick: Trick | None = None
        self.start_hands: tuple[tuple[Card, ...], ...] | None = None
        self.roem_announced: frozenset[int] = frozenset()
        self.stuk_announced: frozenset[int] = frozenset()
        self.exposed: frozenset[int] = frozenset()
        self._result: Result | None = None

    # -- facts -------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        """``auction``, ``exchange``, ``trump``, ``call``, ``play`` or ``done``."""
        return self._phase

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards now (the declarer holds 9 during the exchange)."""
        return self._hands

    @property
    def to_move(self) -> int | None:
        """The seat to act now, or None when the deal is over."""
        phase = self._phase
        if phase == "play":
            trick = self.trick
            assert trick is not None
            if not trick.plays:
                return trick.leader
            return (trick.plays[-1].seat + 1) % 4
        if phase == "auction":
            return self.auction.to_call
        if phase in ("exchange", "trump", "call"):
            return self.declarer
        return None

    @property
    def is_over(self) -> bool:
        """True once the deal is finished (played out, decided or annulled)."""
        return self._phase == "done"

    @property
    def result(self) -> Result | None:
        """None until the deal is over; then points per seat and the breakdown."""
        if self._phase != "done":
            return None
        if self._result is None:
            self._result = (annulled_result(self.game.seat_names, self.dealer,
                                            self.game.options) if self.bid is None
                            else score(self))
        return self._result

    @property
    def forehand(self) -> int:
        """The seat on the dealer's left, who calls first (A2.5)."""
        return (self.dealer + 1) % 4

    def team(self) -> tuple[int, ...]:
        """The declaring side: the declarer and, if any, the partner (engine truth)."""
        if self.declarer is None:
            return ()
        return (self.declarer,) if self.partner is None else tuple(
            sorted((self.declarer, self.partner)))

    def roem_was_announced(self, seat: int) -> bool:
        """A2.10.2: has ``seat``'s roem been announced (auto: declarer after the lead to
        trick 1, partner once the partnership is public)?"""
        if self.game.options.roem_announce == "manual":
            return seat in self.roem_announced
        if seat == self.declarer:
            return bool(self.tricks) or bool(self.trick and self.trick.plays)
        return seat == self.partner and self.partner_public

    def roem_of(self, seat: int) -> int:
        """The roem total in ``seat``'s hand at the start of trick 1 (0 before the play)."""
        if self.start_hands is None:
            return 0
        return roem_total(roem_instances(self.start_hands[seat],
                                         self.game.options.roem_card_reuse))

    def stuk_was_announced(self, seat: int) -> bool:
        """A2.10.3: has ``seat``'s stuk been announced? ``roem_announce="manual"``: by her
        ``announce stuk``. ``"auto"``: the engine announces it for the declaring side as it
        announces roem (the declarer as she leads to trick 1, the partner once the
        partnership is public), if she held the trump king and queen; a defender's stuk is
        never announced (it would not count)."""
        if self.game.options.roem_announce == "manual":
            return seat in self.stuk_announced
        if self.bid is None or not self.bid.kind.counts_roem:
            return False
        return self.holds_stuk(seat) and self.roem_was_announced(seat)

    def stuk_counts(self) -> bool:
        """A2.10.3 / A2.11: does the declaring side's stuk count (20)? ``"auto"``: whenever
        the declarer or the partner held the trump king and queen, no action needed;
        ``"manual"``: only if its holder announced it in time (``stuk_deadline``)."""
        if self.bid is None or not self.bid.kind.counts_roem:
            return False
        manual = self.game.options.roem_announce == "manual"
        return any(self.holds_stuk(s) and (not manual or s in self.stuk_announced)
                   for s in self.team())

    def holds_stuk(self, seat: int) -> bool:
        """A2.10.3: did ``seat`` hold the trump king and queen at the start of play?"""
        return self.start_hands is not None and holds_stuk(self.start_hands[seat], self.trump)

    def hidden_cards(self, seat: int | None) -> list[Card]:
        """The cards ``seat`` may not see: other closed hands and the declarer's discard."""
        out = [c for s in range(4) if s != seat and s not in self.exposed for c in self._hands[s]]
        if self.discarded is not None and seat != self.declarer:
            out.append(self.discarded)
        return out

    # -- actions -----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action now. Auction: ``pass`` then bids in ladder order; exchange:
        discards in pack order; trump: suits S C D H; call: cards in pack order; play:
        announcements, then cards in pack order."""
        return list(self._legal_index())

    def _legal_map(self) -> dict[Action, None]:
        """The legal actions now (no payload), in :meth:`legal_actions` order; the engine's
        ``_legal_index`` keeps them once per state."""
        if self._phase == "auction":
            # the calls depend only on the high bid so far: shared by every such state
            memo = _AUCTION_LEGAL.setdefault(self.game.ladder, {})
            high = self.auction.high
            legal = memo.get(high)
            if legal is None:
                legal = memo[high] = dict.fromkeys(map(intern_action, J.legal(self)))
            return legal
        return dict.fromkeys(map(intern_action, J.legal(self)))

    def _judge(self, action: Action) -> Verdict:
        return J.judge(self, action)

    def _seat_refusal(self, seat: int) -> Verdict | None:
        if self._phase == "auction" and K.auction_seat_out(
                self.auction.has_passed(seat), bool(self.game.options.pass_is_final)):
            return Verdict(False, f"{self.game.seat_name(seat)} has passed and is out of the "
                           "auction (pass_is_final=True)", "already_passed", "A2.5")
        return None

    def _context(self) -> str:
        if self._phase == "play":
            return f" at trick {len(self.tricks) + 1}"
        return f" in the {self._phase}"

    def _successor(self, action: Action) -> PandoerenState:
        verb, args = action.verb, action.args
        seat = self.to_move
        assert seat is not None
        if verb in ("bid", "pass"):
            return self._after_call(action, seat, "pass" if verb == "pass" else args[0])
        if verb == "discard":
            return self._after_discard(action, self.game.parse_card(args[0]))
        if verb == "trump":
            return self._after_trump(action, args[0])
        if verb == "call":
            card = self.game.parse_card(args[0])
            holder = next(s for s in range(4) if card in self._hands[s])
            return evolve(self, action, called=card, partner=holder)._start_play()
        if verb == "announce":
            key = "stuk_announced" if args[0] == "stuk" else "roem_announced"
            return evolve(self, action, **{key: getattr(self, key) | {seat}})
        return self._after_play(action, seat, self.game.parse_card(args[0]))

    def _after_call(self, action: Action, seat: int, call: str) -> PandoerenState:
        auction = self.auction.call(seat, call)
        if not auction.is_over:
            return evolve(self, action, auction=auction)
        if auction.high is None:  # A2.5 all four passed: annulled
            return evolve(self, action, auction=auction, _phase="done")
        declarer = auction.high_seat
        assert declarer is not None
        hands = list(self._hands)
        hands[declarer] = tuple(self.game.deck.sort(hands[declarer] + (self.kijkkaart,)))
        return evolve(self, action, auction=auction, _phase="exchange", declarer=declarer,
                            bid=parse_bid(auction.high), _hands=tuple(hands))

    def _after_discard(self, action: Action, card: Card) -> PandoerenState:
        assert self.declarer is not None and self.bid is not None
        hands = list(self._hands)
        hands[self.declarer] = tuple(c for c in hands[self.declarer] if c != card)
        new = evolve(self, action, discarded=card, _hands=tuple(hands))
        if self.bid.kind.trumps:
            new._phase = "trump"
            return new
        return new._next_after_trump()

    def _after_trump(self, action: Action, suit: str) -> PandoerenState:
        new = evolve(self, action, trump=suit)
        assert new.bid is not None
        if new.bid.kind.partner == "jas":  # A2.7.4: the holder of the jas is the partner
            jas = Card("J", suit)
            holder = next((s for s in range(4) if jas in new._hands[s]), None)
            new.partner = holder if holder != new.declarer else None
        return new._next_after_trump()

    def _next_after_trump(self) -> PandoerenState:
        assert self.bid is not None
        calls = self.bid.kind.partner == "called" and not (
            self.bid.kind.name == "zwabber"
            and self.game.options.zwabber_partner == "first_trick_winner")
        if calls:
            self._phase = "call"
            return self
        return self._start_play()

    def _start_play(self) -> PandoerenState:
        self._phase = "play"
        self.start_hands = self._hands
        self.trick = Trick(self.declarer)  # type: ignore[arg-type]  # A2.6 declarer leads
        return self

    def _after_play(self, action: Action, seat: int, card: Card) -> PandoerenState:
        assert self.trick is not None and self.bid is not None and self.declarer is not None
        hands = list(self._hands)
        hand = hands[seat]
        i = hand.index(card)  # the hand holds each card once
        hands[seat] = hand[:i] + hand[i + 1:]
        trick = self.trick.add(Play(seat, card), self.card_order().effective_suit(card))
        new = evolve(self, action, _hands=tuple(hands), trick=trick)
        exposure = self.bid.kind.exposure
        if exposure == "all_at_lead" and not self.tricks and len(trick.plays) == 1:
            new.exposed = frozenset(range(4))  # A2.9 praatje: all hands at the lead
        if exposure == "declarer_at_trick_2" and len(self.tricks) == 1 and seat == self.declarer:
            new.exposed = self.exposed | {seat}  # A2.9 / P-A21 ouvert: at her play to trick 2
        if card == self.called or (self.bid.kind.partner == "jas" and self.trump
                                   and card == Card("J", self.trump)):
            new.partner_public = True  # A2.7.3: the called card is played
        if len(trick.plays) < 4:
            return new
        return new._finish_trick()

    def _finish_trick(self) -> PandoerenState:
        assert self.trick is not None and self.bid is not None and self.declarer is not None
        opts = self.game.options
        t = self.trick
        winner = self._trick_winner(t.plays)  # A2.2
        points = trick_points(t.cards, self.trump, last=len(self.tricks) == 7)  # A2.3
        self.tricks = self.tricks + (PandoerenTrick(t.leader, t.plays, t.suit, winner,
                                                    points=points),)
        if len(self.tricks) == 1 and self.bid.kind.name == "zwabber" and (
                opts.zwabber_partner == "first_trick_winner"):
            self.partner = winner if winner != self.declarer else None  # P-A10 (BDK)
            self.partner_public = True
        if winner == self.declarer and self.partner is not None:
            self.partner_public = True  # A2.7.3: the partner collects the declarer's trick
        done = len(self.tricks) == 8 or (opts.stop_when_decided and objective_status(
            self.bid, opts, self.tricks, self.declarer, self.team(), self.trump,
            final=False) is False)
        if done:
            self._phase = "done"
            self.trick = None
        else:
            self.trick = Trick(winner)
        return self

    def _trick_winner(self, plays: tuple[Play, ...]) -> int:
        """A2.2: the seat that wins a trick of these plays (the kernel's trick keys)."""
        tb = play_tables(self.game.options.rank_order)
        index = tb.card_index
        table = NO_TRUMPS if self.trump is None else FRENCH_SUITS.index(self.trump)
        led = tb.suit[index[plays[0].card]]
        keys = [K.trick_key(tb, table, led, index[p.card]) for p in plays]
        return plays[int(K.trick_winner_index(keys))].seat

    # -- words ---------------------------------------------------------------------------
    def _describe(self, action: str) -> str:
        """Plain words for a legal ``action`` taken now (hidden facts stay hidden)."""
        act = self.game.parse_action(action)
        who = self.game.seat_name(self.to_move)
        verb, args = act.verb, act.args
        if verb == "pass":
            return f"{who} passes"
        if verb == "bid":
            bid = parse_bid(args[0])
            return f"{who} bids {bid.label if bid else args[0]}"
        if verb == "discard":
            return f"{who} takes the kijkkaart and discards one card face down"
        if verb == "trump":
            return f"{who} names {FRENCH_SUIT_NAMES[args[0]]} as trumps"
        if verb == "call":
            return f"{who} calls the {card_name(self.game.parse_card(args[0]))}"
        if verb == "announce":
            if args[0] == "stuk":
                return f"{who} announces stuk (20)"
            return f"{who} announces {self.roem_of(self.to_move or 0)} roem"
        card = self.game.parse_card(args[0])
        text = f"{who} plays the {card_name(card, self.trump)}"
        nxt = self._successor(act)
        if nxt.tricks and len(nxt.tricks) > len(self.tricks):
            done = nxt.tricks[-1]
            last = len(nxt.tricks) == 8
            text += (f" and {self.game.seat_name(done.winner)} wins the "
                     f"{'last ' if last else ''}trick: {points_words(done.points)}"
                     + (f" ({LAST_TRICK_BONUS} for the last trick)" if last else ""))
        if nxt.partner_public and not self.partner_public and nxt.partner is not None:
            text += f"; {self.game.seat_name(nxt.partner)} is the partner"
        return text

    def trump_order(self, contract: str | None = None) -> list[Card]:
        """Cards high to low: trumps first (if any), then each plain suit in S C D H order.
        ``contract``: a suit code, ``'none'``/a no-trump contract, or None (this deal)."""
        trump = self.trump if contract is None else self.game.trump_of(contract)
        order = trick_order(trump, self.game.options.rank_order)
        out = order.trumps()
        for s in FRENCH_SUITS:
            if s != trump:
                out += order.ladder(s)
        return out

    def card_order(self) -> CardOrder:
        """A2.2 the card order of this deal's trump suit (none before trumps are named and
        in no-trump contracts): legality, the trick winner and ``effective_suit`` read it."""
        return trick_order(self.trump, self.game.options.rank_order)

    # -- the same API in every game (DESIGN §2) ------------------------------------------
    @property
    def contract(self) -> str | None:
        """The contract in notation, as the winning ``bid`` was written: ``'120'``,
        ``'piccolo'``, ``'pandoer+20'`` … (the trump suit is ``state.trump``); None during
        the auction and after an all-pass deal. ``state.bid`` is the same as a parsed
        :class:`~cardlab.games.pandoeren.rules.Bid`."""
        return None if self.bid is None else self.bid.word

    def effective_suit(self, card: Card | str) -> str:
        """A2.2 the suit ``card`` follows and wins in: no card changes suit in Pandoeren (the
        jas and nel are trumps because they are of the trump suit), so its printed suit."""
        suit = self.card_order().effective_suit(self.game.deck.parse(card))
        assert suit is not None  # every card has a suit here
        return suit

    def card_value(self, card: Card | str) -> int:
        """A2.3 the card's points under this deal's trump (trump values for the trump suit:
        jas 20, nel 14, A 11 …; plain values otherwise, also before the trump is known and in
        no-trump contracts); the last trick's 5 is not a card's.

        >>> import cardlab
        >>> s = cardlab.load("pandoeren").deal(seed=1, dealer=0)
        >>> s.card_value("AS"), s.card_value("JS")
        (11, 1)
        """
        return card_points(self.game.deck.parse(card), self.trump)

    def deal_string(self) -> str:
        """The deal as dealt: ``'N: … / E: … / S: … / W: … / kijkkaart: 6H'``."""
        return format_deal([*self.game.seat_names, "kijkkaart"],
                           [*self.dealt_hands, [self.kijkkaart]])

    def _view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (None: a spectator); see ``view.py``."""
        from cardlab.games.pandoeren.view import build_view

        return build_view(self, seat)
