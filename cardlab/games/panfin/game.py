"""The Panfin game object: the cut, the deal, the turn-up, matches and the teaching aids."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from cardlab.cards import Card, Deck, treviso_pack
from cardlab.engine.action import Action
from cardlab.engine.action_ids import ActionTable, CardBlock
from cardlab.engine.dealing import check_partition, pack_order
from cardlab.engine.game import Game, GameSpec
from cardlab.engine.ladder import Ladder, LadderRow
from cardlab.engine.options import options_dict
from cardlab.engine.record import CHIP_RANGE, cards_arg, int_arg, list_arg, seat_arg
from cardlab.engine.result import Result
from cardlab.engine.rng import SplitMix64, derive_seed, shuffled
from cardlab.engine.state import State, intern_action
from cardlab.errors import IllegalAction
from cardlab.games.panfin.chips import antes
from cardlab.games.panfin.match import PanfinMatch
from cardlab.games.panfin.rules import (
    COMBINATIONS,
    GOBBO,
    HAND_SIZE,
    SUITS,
    VECIA,
    PanfinOptions,
    deal_recipients,
    plain_cards,
    trump_cards,
)
from cardlab.games.panfin.scoring import Outcome, rescore
from cardlab.games.panfin.state import PanfinState

__all__ = ["PanfinGame", "SPEC", "HAND_SIZE", "CUT_DEPTH"]

#: B2.5 how many cards the cutter lifts from the top of a pack order (``seed=``/``deck=``).
CUT_DEPTH = 20
#: B4.2 options that change only who pays whom (``score_deal`` may vary these).
SCORING_OPTIONS = ("dealer_ante_multiplier", "carryover_dealer_adds", "servito_tie",
                   "simezi_bonus_payers", "tronfi_stamp_payers", "tiebreak_false",
                   "tiebreak_simezi", "naturali_bonus", "simezi_bonus")

SPEC = GameSpec(name="panfin", title="Panfin", players=(2, 3, 4, 5, 6),
                # a fresh four-player pot is 5 chips; the stamp pays the pot again
                coach_grades=(1.0, 3.0, 6.0),
                phases=("choose", "declare", "swap", "play", "done"), spec_file="panfin.md",
                options=PanfinOptions, presets={"canonical": {}},
                card_verbs=frozenset({"play", "tengo", "swap"}),
                # B2.7: servito is open only to a hand that holds a combination
                private_verbs=frozenset({"servito"}))


class PanfinGame(Game):
    """Panfin under one set of options (see :mod:`cardlab.games.panfin`)."""

    spec = SPEC

    def _make_deck(self) -> Deck:
        """B2.1: the 40-card Treviso pack."""
        return treviso_pack()

    def action_table(self) -> ActionTable:
        """Integer ids (:mod:`cardlab.engine.action_ids`): ``tengo`` 0, ``fold`` 1,
        ``servito`` 2, ``choose S B C D`` (3–6); then ``play`` of one card (40 ids from 7)
        and of two (``play FS FB`` and the two-card answers to it, 780 ids from 47), ``swap``
        of one card (40 ids from 827), and ``tengo`` with 1, 2, 3 and 4 cards (from 867;
        the most ``max_exchange`` allows), cards always in pack order.

        >>> import cardlab
        >>> game = cardlab.load("panfin")
        >>> game.action_id("choose D"), game.action_id("play FS FB"), game.action_id("tengo")
        (6, 128, 0)
        >>> game.action_text(game.action_id("tengo 2C 7S")), game.num_distinct_actions
        (Action('tengo 7S 2C'), 102957)
        """
        cards = tuple(self.deck)
        words = ("tengo", "fold", "servito", *(f"choose {s}" for s in SUITS))
        blocks = (CardBlock("play", 1, cards), CardBlock("play", 2, cards),
                  CardBlock("swap", 1, cards),
                  *(CardBlock("tengo", k, cards) for k in range(1, 5)))
        return ActionTable(words, blocks)

    @property
    def options(self) -> PanfinOptions:
        """The frozen options (table B4.2)."""
        return self._options  # type: ignore[no-any-return]

    def _normalise_word(self, verb: str, word: str) -> str:
        if verb == "choose":
            up = word.upper()
            names = {self.deck.suit_name(s).upper(): s for s in SUITS}
            return names.get(up, up)
        return word

    def parse_action(self, text: str) -> Action:
        """The notation, with several cards in the pack's canonical order (``tengo 2C 7S`` →
        ``tengo 7S 2C``; ``play FB FS`` → ``play FS FB``)."""
        act = super().parse_action(text)
        if act.verb in ("tengo", "play") and len(act.args) > 1 and all(
                a in self._codes for a in act.args):
            ordered = sorted(act.args, key=lambda a: self._codes[a])
            return intern_action(" ".join([act.verb, *ordered]))
        return act

    @functools.cached_property
    def _codes(self) -> dict[str, int]:
        return {c.code: i for i, c in enumerate(self.deck)}

    def card(self, code: str | Card) -> Card:
        """The card of this pack with ``code`` (fast path for canonical codes)."""
        if isinstance(code, str) and code in self._codes:
            card: Card = self.deck[self._codes[code]]
            return card
        return self.deck.parse(code)

    # -- the first dealer (B2.4) -------------------------------------------------------
    def first_dealer(self, seed: int | None = None, *,
                     reveal: str | Sequence[str | Card] | None = None,
                     start: int | None = None) -> tuple[int, list[tuple[int, Card]]]:
        """B2.4: deal cards face up, one each anticlockwise (the direction of play, seat k
        then k+1); the first to receive an ace deals first ("l'asso fa el masso"). Returns
        the dealer and the reveal as ``(seat, card)`` pairs.

        ``seed=``: a seeded shuffle and a random first seat (B2.4 RECOMMENDED). Or replay a
        real table: ``reveal=`` the cards turned face up, in order (``"4C 2S AD"``, codes
        or cards), and ``start=`` the seat that receives the first one. The reveal must
        end with its first ace. Bad input raises :class:`~cardlab.errors.IllegalAction`
        (a ``ValueError``) naming the field: ``unknown_card``, ``duplicate_card``,
        ``reveal_undecided`` (no ace yet), ``reveal_too_long`` (cards after the ace),
        ``no_such_seat`` (``start``), ``bad_argument``.

        >>> import cardlab
        >>> game = cardlab.load("panfin")
        >>> dealer, shown = game.first_dealer(reveal="4C 2S AD", start=1)
        >>> dealer, [(seat, card.code) for seat, card in shown]
        (3, [(1, '4C'), (2, '2S'), (3, 'AD')])
        """
        if reveal is None:
            if start is not None:
                raise IllegalAction("first_dealer: start= is the seat that receives the first "
                                    "card of a given reveal=; with seed= the first seat is "
                                    "random (B2.4)", code="bad_argument", rule="B2.4")
            if seed is None:
                raise IllegalAction("first_dealer needs seed= (a seeded reveal) or reveal= "
                                    "and start= (a real table's reveal)", code="bad_argument",
                                    rule="B2.4")
            cards = shuffled(self.deck, derive_seed(seed, 4))
            seat = SplitMix64(derive_seed(seed, 5)).randbelow(self.players)
        else:
            if seed is not None:
                raise IllegalAction("first_dealer: give seed= or reveal=, not both",
                                    code="bad_argument", rule="B2.4")
            cards = self._reveal_cards(reveal)
            seat = self._reveal_start(start)
        shown: list[tuple[int, Card]] = []
        for i, card in enumerate(cards):
            shown.append((seat, card))
            if card.rank == "A":
                if reveal is not None and i + 1 < len(cards):
                    rest = " ".join(c.code for c in cards[i + 1:])
                    raise IllegalAction(
                        f"reveal= goes on after the first ace ({card.code} to seat {seat}, "
                        f"{self.seat_name(seat)}), which already decides the dealer (B2.4); "
                        f"drop {rest}", code="reveal_too_long", rule="B2.4")
                return seat, shown
            seat = (seat + 1) % self.players
        if reveal is not None:
            raise IllegalAction(f"reveal= ends before an ace is shown, so no dealer is decided "
                                f"(B2.4: the first player to receive an ace deals); it shows "
                                f"{' '.join(c.code for c in cards) or 'no card'}",
                                code="reveal_undecided", rule="B2.4")
        raise AssertionError("a Treviso pack always has an ace")  # pragma: no cover

    def _reveal_cards(self, reveal: str | Sequence[str | Card]) -> list[Card]:
        """B2.4: the cards of a given reveal, parsed and checked (each card at most once)."""
        if not isinstance(reveal, (str, list, tuple)):
            raise IllegalAction(f"reveal= is card codes (e.g. '4C 2S AD') or a list of them, "
                                f"not {reveal!r}", code="bad_argument", rule="B2.4")
        try:
            cards = self.deck.parse_many(reveal)
        except IllegalAction as err:
            raise IllegalAction(f"reveal=: {err}", code=err.code, rule="B2.4") from None
        seen: set[Card] = set()
        for c in cards:
            if c in seen:
                raise IllegalAction(f"reveal= shows {c.code} twice; a pack has each card once",
                                    code="duplicate_card", rule="B2.4")
            seen.add(c)
        return cards

    def _reveal_start(self, start: object) -> int:
        """B2.4: the seat that receives the first card of a given reveal."""
        n = self.players
        if start is None:
            raise IllegalAction(f"reveal= needs start=, the seat (0…{n - 1}) that receives the "
                                "first card", code="bad_argument", rule="B2.4")
        if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < n:
            raise IllegalAction(f"start= must be a seat 0…{n - 1}, not {start!r}",
                                code="no_such_seat", rule="B2.4")
        return start

    # -- deals ---------------------------------------------------------------------
    def deal(self, *, seed: int | None = None, dealer: int = 0, **setup: Any) -> State:
        """A new deal from ``seed``, a pack order ``deck=``, or the stacked cards
        ``hands=[…], cut=…, turnup=…, stock=…`` (DESIGN §2.2); ``pot=`` is the pot carried
        over before this deal's antes and ``stacks=`` each seat's chips before them.

        >>> import cardlab
        >>> s = cardlab.load("panfin").deal(seed=3)
        >>> s.phase, s.game.players, s.view()["chips"]["pot"]
        ('declare', 4, 5)
        """
        n = self.players
        unknown = sorted(set(setup) - {"deck", "hands", "cut", "turnup", "stock", "pot",
                                       "stacks"})
        if unknown:
            raise ValueError(f"panfin: unknown deal argument(s) {unknown}; expected seed, "
                             "dealer, deck, hands, cut, turnup, stock, pot, stacks")
        seat_arg(self, dealer)
        pot = setup.get("pot", 0)
        pot = int_arg(0 if pot is None else pot, "pot", (0, CHIP_RANGE[1]), "chips")
        stacks = setup.get("stacks")
        stacks = tuple(int_arg(x, f"stacks[{i}]", CHIP_RANGE, "chips") for i, x in enumerate(
            [0] * n if stacks is None else list_arg(stacks, "stacks", n,
                                                    "whole numbers (chips per seat)")))
        for name in ("hands", "cut", "turnup", "stock", "deck"):
            if setup.get(name) is not None and name != "hands":
                cards_arg(self, setup[name], name)  # a clear error for the wrong type
        if setup.get("hands") is not None or (setup.get("cut") is not None and
                                              setup.get("deck") is None and seed is None):
            layout = self._stacked(dealer, setup)
        else:
            deck = setup.get("deck")
            order = pack_order(self.deck, seed=seed,
                               order=None if deck is None else cards_arg(self, deck, "deck"))
            layout = self._deal_from_order(dealer, order)
        return self._first_state(dealer, pot, stacks, layout, seed)

    def _cutter(self, dealer: int) -> int:
        """B2.5 / F-A3: the dealer's left (clockwise neighbour) cuts."""
        return (dealer - 1) % self.players

    def _cut_ends(self, shown: Sequence[Card]) -> bool:
        """B2.5: the Vecia shown (or found behind a kept Gobbo) wins for the cutter."""
        o = self.options
        if not shown or not o.cut_vecia_wins:
            return False
        if shown[0] is VECIA:
            return True
        return (len(shown) > 1 and shown[0] is GOBBO and shown[1] is VECIA and o.cut_gobbo_kept
                and o.check_behind_gobbo)

    def _cut(self, order: list[Card]) -> tuple[list[Card], list[Card], bool]:
        """B2.5 / F-A3 / F-A5: cut ``order`` (top first) at :data:`CUT_DEPTH`; return the cards
        shown, the pack to deal (Gobbo removed if kept) and whether the Gobbo was kept."""
        o = self.options
        lifted, rest = order[:CUT_DEPTH], order[CUT_DEPTH:]
        bottom = o.cut_shown_card == "bottom_of_lifted"
        packet = lifted if bottom else rest
        shown = [packet[-1] if bottom else packet[0]]
        kept = False
        if shown[0] is GOBBO and o.cut_gobbo_kept:
            kept = True
            packet.remove(GOBBO)
            if o.check_behind_gobbo and packet:
                shown.append(packet[-1] if bottom else packet[0])
        # completing the cut: the remaining packet goes on top of the lifted one
        return shown, rest + lifted, kept

    def _deal_from_order(self, dealer: int, order: list[Card]) -> dict[str, Any]:
        """B2.6 / F-A24: one card at a time from the dealer's right, dealer last, a Gobbo-keeper
        skipped in the last round; then the turn-up (F-A6) and the stock."""
        n = self.players
        shown, pack, kept = self._cut(list(order))
        if self._cut_ends(shown):
            return {"cut": shown}
        cutter = self._cutter(dealer)
        hands: list[list[Card]] = [[] for _ in range(n)]
        if kept:
            hands[cutter].append(GOBBO)
        recipients = deal_recipients(n, dealer, cutter if kept else None)
        for pos, seat in enumerate(recipients):
            hands[seat].append(pack[pos])
        pos = len(recipients)
        turnup = [pack[pos]]
        pos += 1
        if turnup[0] is GOBBO and self.options.turnup_gobbo == "turn_next_card":
            turnup.append(pack[pos])
            pos += 1
        return {"hands": hands, "cut": shown, "turnup": turnup, "stock": pack[pos:]}

    def _stacked(self, dealer: int, setup: Mapping[str, Any]) -> dict[str, Any]:
        """DESIGN §2.2: a stacked deal, checked (every card once, the right counts)."""
        deck = self.deck
        n = self.players
        cut = cards_arg(self, setup["cut"], "cut") if setup.get("cut") else []
        if self._cut_ends(cut):
            return {"cut": cut}
        hands_in = setup.get("hands")
        if hands_in is None or (isinstance(hands_in, (list, tuple)) and len(hands_in) != n):
            raise IllegalAction(f"hands= needs {n} hands, one per seat", code="wrong_count",
                                rule="B2.6")
        list_arg(hands_in, "hands", n, "hands, one per seat, each 4 card codes")
        hands = [cards_arg(self, h, f"hands[{i}] ({self.seat_names[i]})")
                 for i, h in enumerate(hands_in)]
        if setup.get("turnup") is None:
            raise IllegalAction("a stacked deal needs turnup= (the turned-up card)",
                                code="missing_card", rule="B2.6")
        turnup = cards_arg(self, setup["turnup"], "turnup")
        if len(turnup) != self._part_sizes(turnup)["turnup"] or (
                len(turnup) == 2 and turnup[0] is not GOBBO):
            raise IllegalAction("turnup= is one card (two, 'FB x', when the Gobbo is turned "
                                "and turnup_gobbo='turn_next_card')", code="wrong_count",
                                rule="B2.6")
        used = {c for h in hands for c in h} | set(turnup)
        if setup.get("stock") is None:
            stock = [c for c in deck if c not in used]
        else:
            stock = cards_arg(self, setup["stock"], "stock")
        parts = {self.seat_names[s]: hands[s] for s in range(n)}
        parts.update({"turnup": turnup, "stock": stock})
        check_partition(deck, parts, self._part_sizes(turnup), rule="B2.6")
        kept = bool(cut) and cut[0] is GOBBO and self.options.cut_gobbo_kept
        if kept and GOBBO not in hands[self._cutter(dealer)]:
            raise IllegalAction("the Gobbo shown at the cut is kept by the cutter, "
                                f"{self.seat_name(self._cutter(dealer))}", code="gobbo_not_kept",
                                rule="B2.5")
        return {"hands": hands, "cut": cut, "turnup": turnup, "stock": stock}

    def _part_sizes(self, turnup: Sequence[Card]) -> dict[str, int]:
        """B2.6 / F-A6: the size of each part of a dealt hand: 4 cards a seat (a kept Gobbo
        included), the turn-up (two cards, ``FB x``, when the Gobbo is turned and
        ``turnup_gobbo="turn_next_card"``) and the stock (the rest)."""
        n = self.players
        two = self.options.turnup_gobbo == "turn_next_card" and list(turnup[:1]) == [GOBBO]
        counts = {name: HAND_SIZE for name in self.seat_names}
        counts["turnup"] = 2 if two else 1
        counts["stock"] = len(self.deck) - HAND_SIZE * n - counts["turnup"]
        return counts

    def _first_state(self, dealer: int, pot: int, stacks: tuple[int, ...],
                     layout: dict[str, Any], seed: int | None) -> PanfinState:
        """Antes (B2.3), then the cut's win (B2.5), the dealer's choice (B2.6) or declarations."""
        n = self.players
        codes = " ".join
        setup: dict[str, Any] = {"dealer": dealer}
        if "hands" in layout:
            setup["hands"] = [codes(c.code for c in self.deck.sort(h)) for h in layout["hands"]]
        setup["cut"] = codes(c.code for c in layout["cut"]) or None
        if "hands" in layout:
            setup["turnup"] = codes(c.code for c in layout["turnup"])
            setup["stock"] = codes(c.code for c in layout["stock"])
        setup.update(pot=pot, stacks=list(stacks))
        hands = tuple(tuple(self.deck.sort(h)) for h in layout.get("hands", [[]] * n))
        turnup = tuple(layout.get("turnup", ()))
        dominant = None
        if turnup and turnup[-1] is not VECIA:
            dominant = turnup[-1].suit  # B2.6: the Gobbo turned up gives bastoni (F-A6)
        state = PanfinState(self, dealer=dealer, hands=hands, turnup=turnup, dominant=dominant,
                            stock=tuple(layout.get("stock", ())), cut=tuple(layout["cut"]),
                            cutter=self._cutter(dealer), pot=pot, stacks=stacks,
                            antes=tuple(antes(self.options, n, dealer, pot)), setup=setup,
                            seed=seed)
        if "hands" not in layout:  # B2.5 the Vecia at the cut ends the deal before the deal
            state._finish(Outcome("cut", hands, (True,) * n, (), None,
                                  cutter=self._cutter(dealer)))
        return state

    # -- matches -------------------------------------------------------------------
    def match(self, seed: int | None = None, scores: Any = None,
              dealer: int | None = None) -> PanfinMatch:
        """B2.12: ``hands_to_play`` deals with chips carried over; the first dealer by the first
        ace (B2.4) unless ``dealer=`` is given; ``scores`` are the starting stacks."""
        if dealer is None:
            dealer = self.first_dealer(0 if seed is None else seed)[0]
        return PanfinMatch(self, seed, scores, dealer)

    # -- teaching aids -------------------------------------------------------------
    def deal_parts(self) -> list[tuple[str, int]]:
        """The parts of a stacked deal: each seat's 4 cards, the turn-up, the stock."""
        n = self.players
        return [*((name, HAND_SIZE) for name in self.seat_names), ("turnup", 1),
                ("stock", len(self.deck) - HAND_SIZE * n - 1)]

    def deal_from_parts(self, parts: Mapping[str, Sequence[Card]], dealer: int = 0) -> State:
        """A stacked deal from ``label → cards`` (labels of :meth:`deal_parts`; ``cut`` too)."""
        cut = parts.get("cut")
        setup: dict[str, Any] = {"cut": [c.code for c in cut] if cut else None}
        if any(name in parts for name in self.seat_names):
            missing = [name for name in (*self.seat_names, "turnup") if name not in parts]
            if missing:
                raise IllegalAction(f"the deal lacks {', '.join(missing)} (a stacked deal is "
                                    f"{', '.join(self.seat_names)}, turnup and optionally "
                                    "stock; or only cut)", code="bad_deal_string", rule="B2.6")
            setup["hands"] = [[c.code for c in parts[name]] for name in self.seat_names]
            setup["turnup"] = [c.code for c in parts["turnup"]]
            if "stock" in parts:  # without it, the stock is the rest in pack order
                setup["stock"] = [c.code for c in parts["stock"]]
        return self.deal(dealer=dealer, **setup)

    def deal_from_string(self, text: str, dealer: int = 0) -> State:
        """A stacked deal from ``"P1: … / P2: … / turnup: … / stock: …"``, with ``cut: …``
        for the card(s) shown at the cut (B2.5); ``"cut: FS"`` alone is a deal won at the cut.

        :raises IllegalAction: every problem of the dealt cards at once (a card twice,
            a wrong count, cards missing: :func:`~cardlab.engine.record.check_deal`), or
            what :meth:`deal` refuses.
        """
        from cardlab.engine.record import check_deal, parse_deal

        labels = [*self.seat_names, "turnup", "stock", "cut"]
        parts = parse_deal(self, text, labels)
        dealt = {k: v for k, v in parts.items() if k != "cut"}  # the cut shows dealt cards
        if dealt and all(name in parts for name in (*self.seat_names, "turnup")):
            check_deal(self.deck, dealt, self._part_sizes(parts["turnup"]), rule="B2.6",
                       complete="stock" in parts)
        return self.deal_from_parts(parts, dealer)

    def contracts(self) -> list[str]:
        """B2.6: the dominant suits a turn-up (or the dealer's choice) can set."""
        return list(SUITS)

    def card_order(self, contract: str | None = None) -> dict[str, Any]:
        """B2.2: trumps and plain suits high to low under dominant suit ``contract``."""
        if contract is not None and contract not in SUITS:
            raise ValueError(f"panfin: unknown dominant suit {contract!r}; expected one of "
                             f"{', '.join(SUITS)}")
        trumps = [c.code for c in trump_cards(contract)] if contract else ["FS", "FB"]
        suits = {s: [c.code for c in plain_cards(s)] for s in SUITS if s != contract}
        special = {"FS": "Vecia (fante of spade): the highest trump, above the Gobbo; wild in "
                         "combinations; not a spade (B2.1, B2.2)",
                   "FB": "Gobbo (fante of bastoni): the second trump, beaten only by the Vecia; "
                         "wild in combinations; not a bastoni (B2.1, B2.2)"}
        return {"trumps": trumps, "suits": suits, "special": special}

    @property
    def ladder(self) -> Ladder:
        """B2.7 / B2.9 the calls as a :class:`~cardlab.engine.ladder.Ladder`: the
        declarations (fold, tengo, servito), then the combinations that decide a hand, from
        the lowest (value 1) to the highest (the rows of :meth:`bid_ladder`).

        >>> import cardlab
        >>> for row in cardlab.load("panfin").ladder:
        ...     print(row.label, row.calls)
        declarations ('fold', 'tengo', 'servito')
        combinations ('false', 'tronfi', 'simezi', 'naturali')
        """
        entries = self.bid_ladder()
        labels = {e["call"]: e["label"] for e in entries}
        rows = []
        for name, rules in (("declarations", ("B2.7", "B2.8")), ("combinations", ("B2.9",))):
            part = [e for e in entries if e["rule"] in rules]
            rows.append(LadderRow(name, tuple(e["call"] for e in part),
                                  tuple(e["value"] for e in part)))
        return Ladder(rows, describe=labels.__getitem__)

    def bid_ladder(self) -> list[dict[str, Any]]:
        """B2.7 / B2.9: the declarations, then the combinations from lowest to highest."""
        o = self.options
        rows = [
            {"call": "fold", "value": 0, "rule": "B2.7",
             "label": "fold: out of the hand; the ante stays (only a Naturali bonus can follow)"},
            {"call": "tengo", "value": 0, "rule": "B2.7",
             "label": f"tengo: stay in, exchanging 0-{o.max_exchange} cards with the stock"},
            {"call": "servito", "value": 0, "rule": "B2.8",
             "label": "servito: four of one suit at once; wins the pot unless tied or beaten "
                      "by Naturali or Simezi"},
        ]
        words = {"false": "False: four of one non-dominant suit (jokers wild): the pot",
                 "tronfi": "Tronfi: four of the dominant suit (jokers wild): the pot, and the "
                           "pot again from each non-exempt player into the next pot",
                 "simezi": f"Simezi: a rank completed by the Vecia/Gobbo: the pot + "
                           f"{o.simezi_bonus} from every other player",
                 "naturali": f"Naturali: four of a rank, no joker: the pot + "
                             f"{o.naturali_bonus} from every other player, folded or not"}
        for i, kind in enumerate(reversed(COMBINATIONS)):
            rows.append({"call": kind, "value": i + 1, "rule": "B2.9", "label": words[kind]})
        return rows

    def scoring_variants(self) -> dict[str, dict[str, Any]]:
        """Option sets of table B4.2 that change who pays whom (for ``score_deal``)."""
        return {"canonical": {}, "single_dealer_ante": {"dealer_ante_multiplier": 1},
                "carryover_dealer_adds_2": {"carryover_dealer_adds": 2},
                "servito_split": {"servito_tie": "split"},
                "simezi_active_only": {"simezi_bonus_payers": "active_only"},
                "stamp_all_non_exempt": {"tronfi_stamp_payers": "all_non_exempt"},
                "false_tronfi_rule": {"tiebreak_false": "tronfi_rule"},
                "simezi_rank": {"tiebreak_simezi": "rank"}}

    def score_deal(self, state: State, **options: Any) -> Result:
        """Settle the finished deal ``state`` again under other payment options (antes,
        bonuses, stamps, tie-breaks); the play itself is unchanged."""
        if not isinstance(state, PanfinState) or not state.is_over or state.outcome is None:
            raise ValueError("score_deal needs a finished Panfin deal")
        bad = sorted(set(options) - set(SCORING_OPTIONS))
        if bad:
            raise ValueError(f"panfin: {bad} do not change the payments of a played deal; "
                             f"scoring options: {', '.join(SCORING_OPTIONS)}")
        merged = {**options_dict(self.options), **options}
        return rescore(state, type(self).load(**merged).options, options)
