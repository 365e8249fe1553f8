"""The Officer Skat game object: options, deals (seeded, ``deck=``, ``piles=``), rescoring,
and the teaching aids (contracts, card orders, the game-value ladder); its match is in
:mod:`~cardlab.games.officer_skat.match`."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from cardlab.cards import Card, Deck, skat_pack
from cardlab.engine.action_ids import ActionTable, CardBlock
from cardlab.engine.dealing import check_partition, pack_order
from cardlab.engine.game import Game, GameSpec
from cardlab.engine.ladder import Ladder, LadderRow
from cardlab.engine.options import build_options
from cardlab.engine.record import cards_arg, format_deal, seat_arg
from cardlab.engine.result import Result
from cardlab.errors import IllegalAction
from cardlab.games.officer_skat.match import OfficerSkatMatch
from cardlab.games.officer_skat.rules import (
    BASE_VALUES,
    GAME_CALLS,
    NULL_LADDER,
    PLAIN_LADDER,
    PRESETS,
    SUITS,
    TRUMP_JACKS,
    DealEvent,
    OfficerSkatOptions,
    deal_events,
    is_suit_game,
    trump_cards,
)
from cardlab.games.officer_skat.scoring import SCORING_VARIANTS, contract_words, score
from cardlab.games.officer_skat.state import Layout, OfficerSkatState

__all__ = ["OfficerSkatGame", "SPEC"]

SPEC = GameSpec(
    name="officer_skat",
    title="Officer Skat",
    # the lowest game is worth 18 (a lost game counts double); a grand with 1 is 48
    coach_grades=(6.0, 24.0, 60.0),
    players=(2,),
    phases=("declare", "kontra", "re", "play", "done"),
    spec_file="officer_skat.md",
    options=OfficerSkatOptions,
    presets=PRESETS,
    card_verbs=frozenset({"play"}),
)

#: The seats' names; roles (forehand F, dealer D) alternate, so names are neutral.
SEAT_NAMES = ("P1", "P2")
#: Words a learner may type for a game in ``declare`` (French and German suit names).
_GAME_ALIASES = {
    "c": "C", "clubs": "C", "acorns": "C", "eichel": "C", "kreuz": "C",
    "s": "S", "spades": "S", "leaves": "S", "grün": "S", "grun": "S", "pik": "S",
    "h": "H", "hearts": "H", "herz": "H", "rot": "H",
    "d": "D", "diamonds": "D", "bells": "D", "schellen": "D", "karo": "D",
    "grand": "grand", "null": "null", "ramsch": "ramsch",
}
_SUIT_SYMBOLS = {"♣": "C", "♠": "S", "♥": "H", "♦": "D"}


class OfficerSkatGame(Game):
    """Officer Skat under one set of rule options (see the package docstring)."""

    spec = SPEC

    @property
    def seat_names(self) -> tuple[str, ...]:
        """``P1`` and ``P2`` (the roles F and D change from deal to deal)."""
        return SEAT_NAMES

    def _make_deck(self) -> Deck:
        return skat_pack(self.options.faces)

    def action_table(self) -> ActionTable:
        """Integer ids (:mod:`cardlab.engine.action_ids`): ``declare C`` … ``declare ramsch``
        (0–6), ``pass`` 7, ``kontra`` 8, ``no_kontra`` 9, ``re`` 10, ``no_re`` 11, then
        ``play`` of each card in pack order (12–43), whatever the options.

        >>> import cardlab
        >>> game = cardlab.load("officer_skat")
        >>> game.action_id("declare grand"), game.action_id("play AS"), game.num_distinct_actions
        (4, 12, 44)
        """
        words = (*(f"declare {g}" for g in GAME_CALLS), "pass", "kontra", "no_kontra", "re",
                 "no_re")
        return ActionTable(words, (CardBlock("play", 1, tuple(self.deck)),))

    @property
    def events(self) -> tuple[DealEvent, ...]:
        """OS-3.2 / OS-3.3 the deal's steps under these options."""
        return deal_events(self.options.choose_after_face_up)

    # -- deals ---------------------------------------------------------------------
    def deal(self, *, seed: int | None = None, dealer: int = 0, **setup: Any
             ) -> OfficerSkatState:
        """A new deal: ``piles=`` (per seat, ``"d/u d/u …"`` row 1 then row 2), ``deck=``
        (32 cards top first, dealt as OS-3.2), or ``seed=`` (shuffled, then dealt).

        :raises IllegalAction: a malformed pile string, a card twice or missing.
        :raises ValueError: an unknown keyword, a bad dealer.
        """
        piles = setup.pop("piles", None)
        deck = setup.pop("deck", None)
        if setup:
            raise ValueError(f"officer_skat deals take seed=, dealer=, piles= or deck=, not "
                             f"{', '.join(sorted(setup))}")
        seat_arg(self, dealer)
        if piles is not None:
            if deck is not None:
                raise ValueError("give piles= or deck=, not both")
            table = self._parse_piles(piles)
        else:
            if deck is None and seed is None:
                raise ValueError("a deal needs seed=, deck= or piles=")
            order = pack_order(self.deck, seed=seed,
                               order=None if deck is None else cards_arg(self, deck, "deck"))
            table = self._piles_from_order(order, dealer)
        layout = Layout(table, self.events, dealer)
        setup = {"piles": [self._pile_text(ps) for ps in table], "dealer": dealer}
        return OfficerSkatState(self, layout, setup=setup, seed=seed)

    def _piles_from_order(self, order: Sequence[Card], dealer: int
                          ) -> tuple[tuple[tuple[Card, Card], ...], ...]:
        """OS-3.2: walk the pack along the deal's events, four cards to a row at a time."""
        table: list[list[list[Card | None]]] = [[[None, None] for _ in range(8)] for _ in range(2)]
        pos = 0
        for e in self.events:
            if e.kind != "cards":
                continue
            seat = 1 - dealer if e.role == "F" else dealer
            for p in range(4 * e.row, 4 * e.row + 4):
                table[seat][p][0 if e.face == "down" else 1] = order[pos]
                pos += 1
        return tuple(tuple((pair[0], pair[1]) for pair in seat_piles)  # type: ignore[misc]
                     for seat_piles in table)

    def _parse_piles(self, piles: Any) -> tuple[tuple[tuple[Card, Card], ...], ...]:
        """``piles=["d/u d/u … ×8", "…"]``: per seat, piles p0–p7, each face-down/face-up."""
        if isinstance(piles, str) or not isinstance(piles, Sequence) or len(piles) != 2:
            raise IllegalAction("piles= needs two entries, one per seat, each eight 'down/up' "
                                "pairs such as '7H/AS'", code="bad_piles", rule="OS-2.3")
        table = []
        parts: dict[str, list[Card]] = {}
        for seat, text in enumerate(piles):
            if not isinstance(text, str) and not (isinstance(text, (list, tuple)) and all(
                    isinstance(t, str) for t in text)):
                raise IllegalAction(f"piles[{seat}] ({self.seat_name(seat)}) must be eight "
                                    "'down/up' pairs, as text ('7H/AS 8D/KC …') or a list of "
                                    f"them, not {type(text).__name__}", code="bad_piles",
                                    rule="OS-2.3")
            tokens = text.split() if isinstance(text, str) else list(text)
            if len(tokens) != 8:
                raise IllegalAction(f"seat {self.seat_name(seat)} has {len(tokens)} piles; "
                                    "expected 8 'down/up' pairs", code="bad_piles",
                                    rule="OS-2.3")
            pairs = []
            for tok in tokens:
                halves = str(tok).split("/")
                if len(halves) != 2:
                    raise IllegalAction(f"pile {tok!r} is not 'down/up' (e.g. '7H/AS')",
                                        code="bad_piles", rule="OS-2.3")
                down, up = (cards_arg(self, [h], f"piles[{seat}] ({self.seat_name(seat)})")[0]
                            for h in halves)
                pairs.append((down, up))
            name = self.seat_name(seat)
            parts[f"{name} down"] = [d for d, _ in pairs]
            parts[f"{name} up"] = [u for _, u in pairs]
            table.append(tuple(pairs))
        check_partition(self.deck, parts, dict.fromkeys(parts, 8), rule="OS-2.3")
        return tuple(table)

    @staticmethod
    def _pile_text(piles: Sequence[tuple[Card, Card]]) -> str:
        return " ".join(f"{d}/{u}" for d, u in piles)

    def format_piles(self, piles: Sequence[Sequence[tuple[Card, Card]]]) -> str:
        """A deal string: each seat's face-down cards then face-up cards, piles p0–p7."""
        labels = [label for label, _ in self.deal_parts()]
        parts = []
        for seat_piles in piles:
            parts += [[d for d, _ in seat_piles], [u for _, u in seat_piles]]
        return format_deal(labels, parts)

    # -- notation --------------------------------------------------------------------
    def _normalise_word(self, verb: str, word: str) -> str:
        """``declare hearts`` → ``declare H``; ``declare Grand`` → ``declare grand``."""
        if verb == "declare":
            w = _SUIT_SYMBOLS.get(word, word)
            return _GAME_ALIASES.get(w.lower(), w)
        return word

    # -- matches ---------------------------------------------------------------------
    def match(self, seed: int | None = None, scores: Any = None, dealer: int = 0
              ) -> OfficerSkatMatch:
        """OS-7.6: ``match_deals`` deals (or to ``target``) with the deal alternating."""
        return OfficerSkatMatch(self, seed=seed, scores=scores, dealer=dealer)

    # -- rescoring -------------------------------------------------------------------
    def scoring_variants(self) -> dict[str, dict[str, Any]]:
        """OS-7.2–OS-7.5 the scoring methods as named option sets."""
        return {k: dict(v) for k, v in SCORING_VARIANTS.items()}

    def score_deal(self, state: Any, **options: Any) -> Result:
        """Score a finished deal under these options overridden by ``options``.

        :raises IllegalAction: ``deal_not_over``; ``null_not_scored_by_card_points``.
        :raises ValueError: an unknown option name or value.
        """
        if not isinstance(state, OfficerSkatState) or not state.is_over:
            raise IllegalAction("only a finished Officer Skat deal can be scored",
                                code="deal_not_over")
        merged = {**dataclasses.asdict(self.options), **options}
        opts = build_options(OfficerSkatOptions, PRESETS, None, merged, game=self.name)
        return score(state.facts(), opts)

    # -- teaching aids -----------------------------------------------------------------
    def deal_parts(self) -> list[tuple[str, int]]:
        """Each seat's face-down cards then face-up cards (piles p0–p7)."""
        return [(f"{n} {face}", 8) for n in self.seat_names for face in ("down", "up")]

    def deal_from_parts(self, parts: Mapping[str, Sequence[Card]], dealer: int = 0
                        ) -> OfficerSkatState:
        """A deal from :meth:`deal_parts` labels → cards."""
        missing = [label for label, _ in self.deal_parts() if label not in parts]
        if missing:
            raise IllegalAction(f"the deal lacks {', '.join(missing)}", code="bad_deal_string",
                                rule="OS-2.3")
        piles = []
        for n in self.seat_names:
            downs, ups = parts[f"{n} down"], parts[f"{n} up"]
            piles.append(" ".join(f"{d}/{u}" for d, u in zip(downs, ups)))
        return self.deal(piles=piles, dealer=dealer)

    def contracts(self) -> list[str]:
        """The games a forehand may choose under these options (OS-4)."""
        out = ["C", "S", "H", "D", "grand"]
        if self.options.null_allowed and self.options.scoring_method != "card_points":
            out.append("null")
        if self.options.ramsch_allowed:
            out.append("ramsch")
        return out

    def card_order(self, contract: str | None = None) -> dict[str, Any]:
        """OS-4 / OS-5.6 the order of the cards under ``contract`` (default Grand)."""
        contract = "grand" if contract is None else self._normalise_word("declare", contract)
        if contract not in GAME_CALLS:
            raise ValueError(f"unknown game {contract!r}; expected one of "
                             f"{', '.join(GAME_CALLS)}")
        trumps = [c.code for c in trump_cards(contract)]
        suits = {}
        special: dict[str, str] = {}
        ladder = NULL_LADDER if contract == "null" else PLAIN_LADDER
        for s in SUITS:
            if is_suit_game(contract) and s == contract:
                continue
            suits[s] = [f"{r}{s}" for r in ladder]
        if contract != "null":
            for i, code in enumerate(TRUMP_JACKS):
                special[code] = (f"{self.deck.name(self.deck.parse(code))}: a trump, the "
                                 f"{('highest', 'second', 'third', 'fourth')[i]} of all "
                                 "(OS-4)")
        return {"trumps": trumps, "suits": suits, "special": special}

    @property
    def ladder(self) -> Ladder:
        """OS-4 the declarations forehand chooses between, as a
        :class:`~cardlab.engine.ladder.Ladder`: the suit games (D H S C, base values 9-12),
        grand (24), then null (its value) and ramsch where the options allow them; ``pass``
        is not on the ladder. (:meth:`bid_ladder` lists the game values instead.)

        >>> import cardlab
        >>> for row in cardlab.load("officer_skat").ladder:
        ...     print(row.label, row.calls, row.value)
        suit games ('D', 'H', 'S', 'C') (9, 10, 11, 12)
        grand ('grand',) 24
        null ('null',) 23
        """
        allowed = self.contracts()
        suits = tuple(c for c in ("D", "H", "S", "C") if c in allowed)
        rows = [LadderRow("suit games", suits, tuple(BASE_VALUES[c] for c in suits)),
                LadderRow("grand", ("grand",), BASE_VALUES["grand"])]
        if "null" in allowed:
            rows.append(LadderRow("null", ("null",), self.options.null_value))
        if "ramsch" in allowed:
            rows.append(LadderRow("ramsch", ("ramsch",), None))
        return Ladder(rows, describe=lambda c: contract_words(c, self.deck.suit_name))

    def bid_ladder(self) -> list[dict[str, Any]]:
        """OS-7.1 / OS-7.2 every plain game value (with/without n, no Schneider), low to high,
        and Null: ``[{"call": "D", "value": 18, "label": …, "base": 9, "matadors": 1}, …]``."""
        top = 11 if self.options.matadors == "full_trump_sequence" else 4
        rows: list[dict[str, Any]] = []
        for contract in ("D", "H", "S", "C", "grand"):
            base = BASE_VALUES[contract]
            for n in range(1, (top if is_suit_game(contract) else 4) + 1):
                word = contract_words(contract, self.deck.suit_name)
                rows.append({"call": contract, "value": (n + 1) * base, "base": base,
                             "matadors": n,
                             "label": f"{word} with/without {n}: game {n + 1} × {base}"})
        if "null" in self.contracts():
            v = self.options.null_value
            rows.append({"call": "null", "value": v, "base": v, "matadors": None,
                         "label": f"Null: {v}"})
        return sorted(rows, key=lambda r: (r["value"], r["base"]))


def __getattr__(name: str) -> object:
    """``OfficerSkat``: the old name of :class:`OfficerSkatGame` (deprecated; every game
    class is now ``<Name>Game``)."""
    if name == "OfficerSkat":
        import warnings

        warnings.warn("OfficerSkat is deprecated: use OfficerSkatGame", DeprecationWarning,
                      stacklevel=2)
        return OfficerSkatGame
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
