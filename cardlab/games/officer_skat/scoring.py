"""Officer Skat scoring (OS-6, OS-7): who won, matadors, game value and every scoring method.

A finished deal is reduced to :class:`DealFacts` (the contract, the declarer,
Kontra/Re, card points and tricks per seat, the declarer's 16 cards); then
:func:`score` turns the facts into a :class:`~cardlab.engine.result.Result`
under any set of options. Keeping the facts apart from the options is what
lets ``game.score_deal(state, **options)`` score one deal every way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from cardlab.cards import Card
from cardlab.engine.result import Result, core_figures
from cardlab.games.officer_skat.kernel import (
    deal_base_amount,
    deal_declarer_amount,
    deal_game_value,
    deal_kontra_factor,
    deal_loser_marks,
    deal_made,
    deal_matadors,
    deal_match_points,
    deal_ramsch_points,
)
from cardlab.games.officer_skat.rules import (
    BASE_VALUES,
    GAME_CALLS,
    KONTRA_FACTOR,
    MATADOR_RUN,
    RE_FACTOR,
    SCHNEIDER_FACTOR,
    SCHNEIDER_LINE,
    SCHWARZ_FACTOR,
    SUITS,
    TOTAL_POINTS,
    WIN_POINTS,
    OfficerSkatOptions,
    card_index,
    kernel_tables,
)

__all__ = ["DealFacts", "score", "matadors", "winning_side", "SCORING_VARIANTS", "contract_words"]

#: OS-7.5 the scoring methods as named option sets (``game.scoring_variants()``).
SCORING_VARIANTS: Final = {
    "game_value": {"scoring_method": "game_value", "game_value": "multiplicative"},
    "isko_levels": {"scoring_method": "game_value", "game_value": "isko_levels"},
    "base_doubled_schneider": {"scoring_method": "base_doubled_schneider"},
    "card_points": {"scoring_method": "card_points"},
    "match_points": {"scoring_method": "match_points"},
}
#: the kernel's tables, as tuples (one deal at a time)
_TABLES: Final = kernel_tables()
#: a contract → its index in the kernel's tables
_CONTRACT_INDEX: Final = {g: i for i, g in enumerate(GAME_CALLS)}

_SUIT_WORDS: Final = {"C": "clubs", "S": "spades", "H": "hearts", "D": "diamonds"}


def contract_words(contract: str | None, suit_name: Any = None) -> str:
    """The game's name for people: ``hearts``, ``Grand``, ``Null``, ``Ramsch``."""
    if contract in SUITS:
        return suit_name(contract) if suit_name else _SUIT_WORDS[contract]
    return {"grand": "Grand", "null": "Null", "ramsch": "Ramsch"}.get(str(contract), "no game")


@dataclass(frozen=True)
class DealFacts:
    """What a finished deal leaves for scoring; no option is applied yet."""

    contract: str
    declarer: int | None
    kontra: bool
    re: bool
    card_points: tuple[int, int]
    tricks: tuple[int, int]
    declarer_cards: tuple[Card, ...]
    names: tuple[str, str]
    suit_name: Any = None  # a function giving the pack's suit names (French or German)
    dealer: int | None = None  # the deal's dealer (None: ``Result.next_dealer`` is None)

    def next_dealer(self) -> int | None:
        """B-21 the deal alternates: the other player deals next."""
        return None if self.dealer is None else 1 - self.dealer

    def figures(self, contractors: tuple[int, ...], **extra: Any) -> dict[str, Any]:
        """``result.figures``: the core keys (:class:`~cardlab.engine.result.Result`) and
        this game's own (the package docstring)."""
        fig = core_figures({n: (s,) for s, n in enumerate(self.names)}, self.names,
                           self.tricks, self.card_points, contractors, False)
        fig.update(extra)
        return fig

    def common(self) -> dict[str, Any]:
        """The Result fields every scoring method shares: sides and the next dealer."""
        return {"sides": {n: (s,) for s, n in enumerate(self.names)},
                "next_dealer": self.next_dealer()}


def matadors(cards: tuple[Card, ...], contract: str, mode: str) -> tuple[bool, int]:
    """OS-7.1: ``(with_, n)``: "with n" or "without n" over the declarer's 16 cards.

    ``mode`` ``jacks_only`` counts the run among the four jacks only;
    ``full_trump_sequence`` lets it run on through the trump suit.
    """
    mask = 0
    for c in cards:
        mask |= 1 << card_index(c)
    with_, n = deal_matadors(_TABLES, mask, _CONTRACT_INDEX[contract], MATADOR_RUN[mode])
    return bool(with_), int(n)


def winning_side(facts: DealFacts, opts: OfficerSkatOptions) -> tuple[bool, str]:
    """OS-6.1 / OS-6.4: whether the declarer won (60–60 to the opponent, B-10), and the reason
    in words."""
    d = facts.declarer
    assert d is not None
    pts = facts.card_points[d]
    name = facts.names[d]
    won = bool(deal_made(_TABLES, pts, facts.tricks[d], facts.contract == "null",
                         opts.null_mode == "no_tricks"))
    if facts.contract == "null":
        if opts.null_mode == "no_tricks":
            return won, (f"{name} took {'no trick' if won else 'a trick'} in Null "
                         f"(OS-6.4, no_tricks): {'wins' if won else 'loses'}")
        return won, (f"{name} took {pts} card points in Null and needs fewer than the opponent "
                     f"(60–60 goes to the opponent, OS-6.4): {'wins' if won else 'loses'}")
    return won, (f"{name} took {pts} card points and needs {WIN_POINTS} "
                 f"(60–60 goes to the opponent, OS-6.1): {'wins' if won else 'loses'}")


def _schneider_schwarz(facts: DealFacts, opts: OfficerSkatOptions, won: bool
                       ) -> tuple[bool, bool, str]:
    """OS-6.2 / OS-6.3 / B-13: Schneider and Schwarz of the deal's loser."""
    if facts.contract == "null":
        return False, False, ""
    d = facts.declarer
    assert d is not None
    loser = 1 - d if won else d
    if not won and not opts.schneider_schwarz_against_declarer:
        return False, False, ""
    pts = facts.card_points[loser]
    schneider, schwarz = deal_loser_marks(pts, facts.tricks[loser], True,
                                          SCHNEIDER_LINE[opts.schneider],
                                          opts.schwarz == "no_tricks")
    who = facts.names[loser]
    if schwarz:
        why = ("no trick" if opts.schwarz == "no_tricks" else "no card points")
        return True, True, f"Schwarz: {who} took {why} (OS-6.3)"
    if schneider:
        line = "fewer than 30" if opts.schneider == "lt30" else "30 or fewer"
        return True, False, f"Schneider: {who} took {pts} card points, {line} (OS-6.2)"
    return False, False, ""


def _kontra(facts: DealFacts, opts: OfficerSkatOptions, amount: int, lines: list[str]) -> int:
    """OS-7.4: Kontra doubles, Re doubles again (unless ``kontra_scope`` excludes the method)."""
    if not facts.kontra:
        return amount
    if opts.kontra_scope == "game_value_only" and opts.scoring_method != "game_value":
        lines.append("Kontra/Re do not apply to this method (kontra_scope game_value_only)")
        return amount
    amount *= deal_kontra_factor(_TABLES, facts.kontra, facts.re)
    if facts.re:
        lines.append(f"Kontra and Re × {RE_FACTOR} = {amount} (OS-7.4)")
    else:
        lines.append(f"Kontra × {KONTRA_FACTOR} = {amount} (OS-7.4)")
    return amount


def _game_value(facts: DealFacts, opts: OfficerSkatOptions, schneider: bool, schwarz: bool,
                lines: list[str]) -> tuple[int, dict[str, Any]]:
    """OS-7.2 / OS-7.3: the value of a suit game or Grand, and the words for it."""
    with_, n = matadors(facts.declarer_cards, facts.contract, opts.matadors)
    base = BASE_VALUES[facts.contract]
    word = contract_words(facts.contract, facts.suit_name)
    tops = f"{'with' if with_ else 'without'} {n}, game {n + 1}"
    isko = opts.game_value == "isko_levels"  # OS-7.3: levels, with no Hand level (B-23)
    value = int(deal_game_value(_TABLES, base, n, schneider, schwarz, isko))
    if isko:
        extra = (f", Schneider {n + 2}" if schneider else "") + (
            f", Schwarz {n + 3}" if schwarz else "")
        lines.append(f"{tops}{extra}, × {word} {base} = {value}")
    else:
        plain = deal_game_value(_TABLES, base, n, False, False, False)
        lines.append(f"{tops}, × {word} {base} = {plain}")
        if schwarz:
            lines.append(f"Schwarz × {SCHWARZ_FACTOR} = {value} (OS-7.2)")
        elif schneider:
            lines.append(f"Schneider × {SCHNEIDER_FACTOR} = {value} (OS-7.2)")
    return value, {"matadors": n, "with": with_, "base": base}


def _ramsch(facts: DealFacts) -> Result:
    """B-2: each player loses the card points they took; Durchmarsch (all tricks) gains 120."""
    lines = [f"Ramsch: card points {facts.names[0]} {facts.card_points[0]}, "
             f"{facts.names[1]} {facts.card_points[1]}"]
    tricks = facts.tricks
    seat_points = [int(deal_ramsch_points(_TABLES, facts.card_points[s], tricks[s],
                                          tricks[1 - s])) for s in (0, 1)]
    durchmarsch = [s for s in (0, 1) if tricks[s] == sum(tricks)]
    if durchmarsch:
        lines.append(f"Durchmarsch: {facts.names[durchmarsch[0]]} took every trick and "
                     f"scores +{TOTAL_POINTS} (B-2)")
    else:
        lines.append("each player loses the card points they took (B-2)")
    lines.append(f"{facts.names[0]} {seat_points[0]:+d}, {facts.names[1]} {seat_points[1]:+d}")
    return Result(points={facts.names[s]: seat_points[s] for s in (0, 1)},
                  seat_points=tuple(seat_points), contract="ramsch", declarer=None, made=None,
                  breakdown=tuple(lines), figures=facts.figures((), method="ramsch"),
                  **facts.common())


def score(facts: DealFacts, opts: OfficerSkatOptions) -> Result:
    """OS-7: the result of a finished deal under ``opts``.

    :raises ValueError: Null under ``card_points`` (OS-7.5 B: not scored that way).
    """
    if facts.contract == "ramsch":
        return _ramsch(facts)
    method = opts.scoring_method
    if facts.contract == "null" and method == "card_points":
        from cardlab.errors import IllegalAction

        raise IllegalAction("a Null game cannot be scored by card points (OS-7.5 B)",
                            code="null_not_scored_by_card_points", rule="OS-7.5")
    d = facts.declarer
    assert d is not None
    opp = 1 - d
    word = contract_words(facts.contract, facts.suit_name)
    won, why = winning_side(facts, opts)
    lines = [f"{facts.names[d]} declared {word}; card points {facts.names[0]} "
             f"{facts.card_points[0]}, {facts.names[1]} {facts.card_points[1]}", why]
    schneider, schwarz, ss_line = _schneider_schwarz(facts, opts, won)
    if ss_line:
        lines.append(ss_line)
    figures = facts.figures((d,), method=method, schneider=schneider, schwarz=schwarz,
                            kontra=facts.kontra, re=facts.re,
                            winner=facts.names[d if won else opp])
    seat_points = [0, 0]
    if method == "game_value":
        if facts.contract == "null":
            value = opts.null_value
            lines.append(f"Null is worth {value} (OS-7.2, null_value)")
            figures.update(matadors=None, base=value)
        else:
            value, extra = _game_value(facts, opts, schneider, schwarz, lines)
            figures.update(extra)
        figures["value"] = value
        amount = int(deal_declarer_amount(value, won, opts.loss_factor))
        if not won:
            lines.append(f"lost: -{opts.loss_factor} × {value} = {amount} (OS-7.2)")
        amount = _kontra(facts, opts, amount, lines)
        seat_points[d] = amount
        lines.append(f"{facts.names[d]} scores {amount:+d}")
    else:
        winner = d if won else opp
        tie = (facts.contract != "null" and facts.card_points[0] == facts.card_points[1])
        if method == "base_doubled_schneider":
            base = opts.null_value if facts.contract == "null" else BASE_VALUES[facts.contract]
            amount = int(deal_base_amount(_TABLES, base, schneider, schwarz,
                                          opts.method_a_schwarz_factor))
            factor = amount // base
            lines.append(f"method A: base {base}" + (f" × {factor}" if factor > 1 else "")
                         + f" = {amount} (OS-7.5)")
        elif method == "card_points":
            amount = facts.card_points[winner]
            lines.append(f"method B: the winner's card points = {amount} (OS-7.5)")
        else:
            amount = int(deal_match_points(_TABLES, schneider, schwarz, tie))
            lines.append(f"method C: {'60–60, each player' if tie else 'the winner'} "
                         f"scores {amount} (OS-7.5)")
        amount = _kontra(facts, opts, amount, lines)
        if method == "match_points" and tie:
            seat_points = [amount, amount]
        else:
            seat_points[winner] = amount
        lines.append(f"{facts.names[0]} {seat_points[0]:+d}, {facts.names[1]} "
                     f"{seat_points[1]:+d}")
    return Result(points={facts.names[s]: seat_points[s] for s in (0, 1)},
                  seat_points=tuple(seat_points), contract=facts.contract, declarer=d, made=won,
                  breakdown=tuple(lines), figures=figures, **facts.common())
