"""The Pandoeren game object: deals, teaching aids, rescoring.

:class:`PandoerenGame` holds the options and the 33-card pack, deals 4-1-4 from
forehand (A2.4), and answers learners' questions (``bid_ladder``,
``card_order``, ``contracts``). Its match (A2.12) is in ``match.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from cardlab.cards import FRENCH_SUITS, Card, Deck, pandoeren_pack
from cardlab.engine.action_ids import ActionTable, CardBlock
from cardlab.engine.dealing import check_partition, deal_by_schedule, pack_order, packet_schedule
from cardlab.engine.game import Game, GameSpec
from cardlab.engine.ladder import Ladder
from cardlab.engine.options import build_options
from cardlab.engine.record import cards_arg, list_arg, seat_arg
from cardlab.engine.result import Result
from cardlab.engine.state import State
from cardlab.errors import IllegalAction
from cardlab.games.pandoeren.match import PandoerenMatch
from cardlab.games.pandoeren.rules import (
    BID_WORDS,
    KINDS,
    NAMED_ORDER,
    PRESETS,
    SUIT_WORDS,
    PandoerenOptions,
    bid_ladder,
    check_open_options,
    parse_bid,
    trick_order,
)
from cardlab.games.pandoeren.state import PandoerenState
from cardlab.games.pandoeren.view import card_name

__all__ = ["PandoerenGame", "SPEC"]

#: A2.4 the deal: 4 cards each, 1 face up in the middle (the kijkkaart), 4 more each.
DEAL_ROUNDS = ((4, 1), (4, 0))
#: DESIGN §2.2 the words a no-trump context may be given by in card_order / trump_order.
NO_TRUMP_WORDS = ("none", "nt", "zwabber", "solo_zwabber")

SPEC = GameSpec(
    name="pandoeren", title="Pandoeren", players=(4,),
    # the coach values the declaring team's points: a trick is 10-30 card points
    coach_grades=(10.0, 30.0, 80.0),
    phases=("auction", "exchange", "trump", "call", "play", "done"),
    spec_file="pandoeren.md", options=PandoerenOptions, presets=PRESETS,
    card_verbs=frozenset({"play", "discard", "call"}),
    # A2.10: stuk and roem are announced from the hand that holds them
    private_verbs=frozenset({"announce"}))


class PandoerenGame(Game):
    """Pandoeren under one set of rule options (A4.3). Seats N E S W, each for herself.

    ``number_bid_cap`` and ``pandoer_extra_cap`` take any value the rulebook allows (A4.3) (10**30
    too) at no cost: the ladder (``game.ladder``) is built lazily and lists only the bids
    a deal can reach. No team can score more than 1086 in a deal (146 card points, stuk 20,
    and at most 460 roem in each of two hands), so number bids stop at 1080 and
    Pandoer + n at +940 whatever the caps say; a bid above that is refused (``above_cap``)
    with the reason. The action ids (:meth:`action_table`) follow the same ladder.

    >>> import cardlab
    >>> game = cardlab.load("pandoeren")
    >>> state = game.deal(seed=1, dealer=3)
    >>> state.phase, game.seat_name(state.to_move), len(state.legal_actions())
    ('auction', 'N', 41)
    """

    spec = SPEC

    def __init__(self, options: PandoerenOptions, *,
                 ladder_options: PandoerenOptions | None = None) -> None:
        check_open_options(options)
        super().__init__(options)
        #: A2.5 / A4.2 the bid ladder (:class:`~cardlab.engine.ladder.Ladder`): the rows of
        #: the contract table in auction order, low to high (the brackets of the preset,
        #: A4.3), each bid with its game points; number bids stop at ``number_bid_cap`` or
        #: at the most a team can score in a deal (:data:`~.rules.REACHABLE_NUMBER_BID`,
        #: 1080), Pandoer + n at ``pandoer_extra_cap`` or 940. ``ladder_options`` (for
        #: :meth:`score_deal`) builds it from other options.
        self.ladder: Ladder = bid_ladder(ladder_options or options, options)

    def _make_deck(self) -> Deck:
        return pandoeren_pack()

    def action_table(self) -> ActionTable:
        """Integer ids (:mod:`cardlab.engine.action_ids`): ``pass`` 0, the named bids in
        ladder order (``bid piccolo`` 1 … ``bid prive`` 11), ``trump S C D H`` (12–15),
        ``announce stuk`` 16, ``announce roem`` 17, then ``discard``, ``call`` and ``play``
        of each card in pack order (33 ids each, from 18), and last the bids whose number
        the caps set: number bids ``bid 120`` … ``number_bid_cap``, then ``bid pandoer+n``
        … ``pandoer_extra_cap`` (so the caps move no other id).

        >>> import cardlab
        >>> game = cardlab.load("pandoeren")
        >>> game.action_id("bid misere"), game.action_id("trump H"), game.action_id("play AS")
        (2, 15, 84)
        >>> game.action_text(117), game.num_distinct_actions
        (Action('bid 120'), 146)
        """
        named = tuple(w for w in NAMED_ORDER if not w.startswith("#") and w != "+n")
        words = ("pass", *(f"bid {w}" for w in named), *(f"trump {s}" for s in FRENCH_SUITS),
                 "announce stuk", "announce roem")
        cards = tuple(self.deck)
        blocks = tuple(CardBlock(verb, 1, cards) for verb in ("discard", "call", "play"))
        # finite whatever the caps: the ladder stops at the bids a deal can reach
        numbers = tuple(f"bid {w}" for w in self.ladder.calls if w.isdigit())
        extras = tuple(f"bid {w}" for w in self.ladder.calls if w.startswith("pandoer+"))
        return ActionTable(words, blocks, tail=numbers + extras)

    @property
    def seat_names(self) -> tuple[str, ...]:
        """N E S W, clockwise (the direction of play)."""
        return ("N", "E", "S", "W")

    # -- deals -------------------------------------------------------------------------
    def deal(self, *, seed: int | None = None, dealer: int = 0, **setup: Any) -> PandoerenState:
        """A new deal (A2.4, P-A2): from ``seed``, from a pack order ``deck=`` dealt 4-1-4 from
        forehand, or stacked: ``hands=[N, E, S, W]`` (8 cards each) and ``kijkkaart='6H'``
        (may be left out when the hands hold the other 32 cards)."""
        seat_arg(self, dealer)
        unknown = set(setup) - {"hands", "kijkkaart", "deck"}
        if unknown:
            raise ValueError(f"pandoeren: unknown setup {sorted(unknown)}; expected hands=, "
                             "kijkkaart=, deck= or seed=")
        if "hands" in setup:
            return self._stacked(setup["hands"], setup.get("kijkkaart"), dealer, seed)
        if "kijkkaart" in setup:
            raise ValueError("kijkkaart= needs hands=")
        deck = setup.get("deck")
        cards = pack_order(self.deck, seed=seed,
                           order=None if deck is None else cards_arg(self, deck, "deck"))
        forehand = (dealer + 1) % 4
        order = [(forehand + i) % 4 for i in range(4)]
        parts = deal_by_schedule(cards, packet_schedule(order, DEAL_ROUNDS, "kijkkaart"))
        hands = [parts[s] for s in range(4)]
        # a whole pack (shuffled, or an order pack_order has checked) dealt by the schedule
        # is a valid deal: no need to check the partition again
        return self._stacked(hands, parts["kijkkaart"][0], dealer,
                             seed if "deck" not in setup else None, checked=True)

    def _stacked(self, hands: Sequence[Any], kijkkaart: Any, dealer: int,
                 seed: int | None, *, checked: bool = False) -> PandoerenState:
        seat_arg(self, dealer)
        if isinstance(hands, (list, tuple)) and len(hands) != 4:
            raise IllegalAction("hands= needs four hands (N E S W)", code="wrong_count",
                                rule="A2.4")
        list_arg(hands, "hands", 4, "hands (N E S W), each 8 card codes")
        parsed = [cards_arg(self, h, f"hands[{i}] ({self.seat_names[i]})")
                  for i, h in enumerate(hands)]
        if kijkkaart is None:
            rest = [c for c in self.deck if not any(c in h for h in parsed)]
            if len(rest) != 1:
                raise IllegalAction("kijkkaart= is missing and the hands do not leave exactly "
                                    "one card", code="wrong_count", rule="A2.4")
            kijk = rest[0]
        else:
            kijk_cards = cards_arg(self, [kijkkaart] if isinstance(kijkkaart, Card)
                                   else kijkkaart, "kijkkaart")
            if len(kijk_cards) != 1:
                raise IllegalAction(f"kijkkaart= is one card, not {len(kijk_cards)}",
                                    code="wrong_count", rule="A2.4")
            kijk = kijk_cards[0]
        if not checked:
            parts = {**dict(zip(self.seat_names, parsed)), "kijkkaart": [kijk]}
            check_partition(self.deck, parts, {**{n: 8 for n in self.seat_names},
                                               "kijkkaart": 1}, rule="A2.4")
        sorted_hands = tuple(tuple(self.deck.sort(h)) for h in parsed)
        setup = {"hands": [" ".join(c.code for c in h) for h in sorted_hands],
                 "kijkkaart": kijk.code, "dealer": dealer}
        return PandoerenState(self, dealer=dealer, hands=sorted_hands, kijkkaart=kijk,
                              setup=setup, seed=seed)

    def match(self, seed: int | None = None, scores: Any = None, dealer: int = 0
              ) -> PandoerenMatch:
        """A game of several deals (A2.12): ``game_end`` deals, or to a target score."""
        return PandoerenMatch(self, seed=seed, scores=scores, dealer=dealer)

    # -- notation ----------------------------------------------------------------------
    def _normalise_word(self, verb: str, word: str) -> str:
        low = word.lower()
        if verb == "bid":
            return BID_WORDS.get(low, low).replace(" ", "")
        if verb == "trump":
            return SUIT_WORDS.get(low, word)
        if verb == "announce":
            return low
        return word

    def trump_of(self, contract: str | None) -> str | None:
        """The trump suit a card-order context names: a suit code or word, or a no-trump
        word (``'none'``, ``'zwabber'``) → None."""
        if contract is None:
            return None
        low = str(contract).lower()
        if low in NO_TRUMP_WORDS:
            return None
        if low in SUIT_WORDS:
            return SUIT_WORDS[low]
        raise ValueError(f"unknown card-order context {contract!r}; expected one of "
                         f"{', '.join(self.contracts())} (or a suit word)")

    # -- teaching aids -----------------------------------------------------------------
    def deal_parts(self) -> list[tuple[str, int]]:
        """The parts of a stacked deal: each seat's 8 cards and the kijkkaart."""
        return [*((n, 8) for n in self.seat_names), ("kijkkaart", 1)]

    def deal_from_parts(self, parts: Mapping[str, list[Card]], dealer: int = 0
                        ) -> PandoerenState:
        """A stacked deal from ``{"N": […], "E": […], "S": […], "W": […], "kijkkaart": […]}``."""
        kijk = parts.get("kijkkaart")
        missing = [n for n in self.seat_names if n not in parts]
        if missing:
            raise IllegalAction(f"the deal lacks {', '.join(missing)}", code="bad_deal_string")
        return self._stacked([parts[n] for n in self.seat_names],
                             kijk[0] if kijk else None, dealer, None)

    def contracts(self) -> list[str]:
        """The trump contexts for :meth:`card_order`: each suit as trumps, or none."""
        return [*FRENCH_SUITS, "none"]

    def card_order(self, contract: str | None = None) -> dict[str, Any]:
        """A2.2: cards high to low under ``contract`` (a suit as trumps, or ``'none'``)."""
        trump = self.trump_of(contract)
        order = trick_order(trump, self.options.rank_order)
        suits = {s: [c.code for c in order.ladder(s)] for s in FRENCH_SUITS}
        special: dict[str, str] = {}
        if trump is not None:
            special[f"J{trump}"] = ("the jas: highest trump, never forced and always playable"
                                    " (A2.8.3), worth 20")
            special[f"9{trump}"] = "the nel: second-highest trump, worth 14"
            special[f"10{trump}"] = "worth 10 but ranks below the queen"
        special["6H"] = "the six of hearts: an ordinary heart below the seven, worth 0"
        # as in the other games, "suits" holds the plain suits only: trumps are listed once
        plain_suits = {s: cards for s, cards in suits.items() if s != trump}
        return {"trumps": suits[trump] if trump else [], "suits": plain_suits, "special": special}

    def bid_ladder(self) -> list[dict[str, Any]]:
        """A4.2: every bid in auction order (within the caps), with its game points. Under
        ``preset='butselaar'`` 130-150 form the lowest row, below Piccolo and Misère, and
        160 stands alone below Kereltje (A1, A4.3); Piccolo ouvert (worth 5 there) ranks
        above every number bid, 200+ included (A1, A4.2).

        >>> import cardlab
        >>> [r["call"] for r in cardlab.load("pandoeren", preset="butselaar").bid_ladder()[:6]]
        ['130', '140', '150', 'piccolo', 'misere', '160']
        """
        out = []
        for entry in self.ladder.entries():
            bid = parse_bid(entry["call"])
            assert bid is not None
            kind = bid.kind
            out.append({**entry, "contract": kind.name, "partner": kind.partner,
                        "trumps": kind.trumps, "objective": kind.objective})
        return out

    def contract_table(self) -> list[dict[str, Any]]:
        """A4.2: the contract kinds themselves (number bids as one row)."""
        return [{"contract": k.name, "label": k.label, "partner": k.partner,
                 "trumps": k.trumps, "objective": k.objective, "points": k.points}
                for k in KINDS.values()]

    def scoring_variants(self) -> dict[str, dict[str, Any]]:
        """Option sets that change only how a finished deal scores (A2.11, A2.10)."""
        return {"pagat_plus_minus": {"scoring": "pagat_plus_minus"},
                "zero_sum_per_opponent": {"scoring": "zero_sum_per_opponent"},
                "no_roem_denial": {"roem_denial": False},
                "no_roem_card_reuse": {"roem_card_reuse": False},
                "butselaar_points": {"preset": "butselaar"}}

    def score_deal(self, state: State, **options: Any) -> Result:
        """Rescore a finished deal under other options by replaying its actions.

        The options are set field by field (``preset='butselaar'`` here changes only the
        game-point table, not the preset's other rules: the deal is replayed on the bid
        ladder it was played on, so an auction legal under ``pagat``, e.g. ``bid misere``
        then ``bid 150``, can still be rescored with Butselaar's points).

        :raises ValueError: if the deal is not finished, or its actions are not legal
            (or do not finish the deal) under the new options.
        """
        if not state.is_over:
            raise ValueError("only a finished deal can be rescored")
        # field by field, without expanding a preset: preset= here switches the points table
        values = build_options(PandoerenOptions, PRESETS, None,
                               {**self.options_dict(), **options}, game=self.name)
        game = type(self)(values, ladder_options=replace(values, preset=self.options.preset))
        new: State = game.deal(**state.setup)
        for a in state.history:
            new = new.apply(str(a))
        if not new.is_over or new.result is None:
            raise ValueError("the deal does not finish the same way under these options")
        return new.result

    def describe_card(self, card: Card, trump: str | None = None) -> str:
        """Plain words for a card in a trump context."""
        return card_name(card, trump)
