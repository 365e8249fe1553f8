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
from cardlab.games.officer_skat.rules import (
    BASE_VALUES,
    SUITS,
    TOTAL_POINTS,
    OfficerSkatOptions,
    trump_cards,
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
#: OS-7.5 method C: points to the winner, by how badly the loser lost; a 60–60 tie gives 1 each.
MATCH_POINTS: Final = {"plain": 2, "schneider": 3, "schwarz": 4, "tie": 1}
#: OS-7.4 the factor of Kontra, and of Kontra with Re.
KONTRA_FACTOR: Final = 2
RE_FACTOR: Final = 4
#: OS-6.1 the declarer needs this many card points in a suit game or Grand.
WIN_POINTS: Final = 61
#: OS-6.2 the Schneider line: fewer than 30 (``lt30``) or at most 30 (``le30``).
SCHNEIDER_LINE: Final = {"lt30": 29, "le30": 30}

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
    ladder = trump_cards(contract)
    if mode == "jacks_only":
        ladder = ladder[:4]
    held = set(cards)
    with_ = ladder[0] in held
    n = 0
    for c in ladder:
        if (c in held) != with_:
            break
        n += 1
    return with_, n


def winning_side(facts: DealFacts, opts: OfficerSkatOptions) -> tuple[bool, str]:
    """OS-6.1 / OS-6.4: whether the declarer won, and the reason in words."""
    d = facts.declarer
    assert d is not None
    pts = facts.card_points[d]
    name = facts.names[d]
    if facts.contract == "null":
        if opts.null_mode == "no_tricks":
            won = facts.tricks[d] == 0
            return won, (f"{name} took {'no trick' if won else 'a trick'} in Null "
                         f"(OS-6.4, no_tricks): {'wins' if won else 'loses'}")
        won = pts < TOTAL_POINTS // 2
        return won, (f"{name} took {pts} card points in Null and needs fewer than the opponent "
                     f"(60–60 goes to the opponent, OS-6.4): {'wins' if won else 'loses'}")
    won = pts >= WIN_POINTS
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
    schneider = pts <= SCHNEIDER_LINE[opts.schneider]
    if opts.schwarz == "no_tricks":
        schwarz = facts.tricks[loser] == 0
    else:
        schwarz = pts == 0
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
    if facts.re:
        lines.append(f"Kontra and Re × {RE_FACTOR} = {amount * RE_FACTOR} (OS-7.4)")
        return amount * RE_FACTOR
    lines.append(f"Kontra × {KONTRA_FACTOR} = {amount * KONTRA_FACTOR} (OS-7.4)")
    return amount * KONTRA_FACTOR


def _game_value(facts: DealFacts, opts: OfficerSkatOptions, schneider: bool, schwarz: bool,
                lines: list[str]) -> tuple[int, dict[str, Any]]:
    """OS-7.2 / OS-7.3: the value of a suit game or Grand, and the words for it."""
    with_, n = matadors(facts.declarer_cards, facts.contract, opts.matadors)
    base = BASE_VALUES[facts.contract]
    word = contract_words(facts.contract, facts.suit_name)
    tops = f"{'with' if with_ else 'without'} {n}, game {n + 1}"
    if opts.game_value == "isko_levels":
        levels = n + 1 + int(schneider) + int(schwarz)
        extra = (f", Schneider {n + 2}" if schneider else "") + (
            f", Schwarz {n + 3}" if schwarz else "")
        value = levels * base
        lines.append(f"{tops}{extra}, × {word} {base} = {value}")
    else:
        value = (n + 1) * base
        lines.append(f"{tops}, × {word} {base} = {value}")
        if schwarz:
            value *= 4
            lines.append(f"Schwarz × 4 = {value} (OS-7.2)")
        elif schneider:
            value *= 2
            lines.append(f"Schneider × 2 = {value} (OS-7.2)")
    return value, {"matadors": n, "with": with_, "base": base}


def _ramsch(facts: DealFacts) -> Result:
    """B-2: each player loses the card points they took; Durchmarsch (all tricks) gains 120."""
    lines = [f"Ramsch: card points {facts.names[0]} {facts.card_points[0]}, "
             f"{facts.names[1]} {facts.card_points[1]}"]
    seat_points = [-facts.card_points[0], -facts.card_points[1]]
    for s in (0, 1):
        if facts.tricks[s] == sum(facts.tricks):
            seat_points = [0, 0]
            seat_points[s] = TOTAL_POINTS
            lines.append(f"Durchmarsch: {facts.names[s]} took every trick and scores "
                         f"+{TOTAL_POINTS} (B-2)")
            break
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
        amount = value
        if not won:
            amount = -opts.loss_factor * value
            lines.append(f"lost: -{opts.loss_factor} × {value} = {amount} (OS-7.2)")
        amount = _kontra(facts, opts, amount, lines)
        seat_points[d] = amount
        lines.append(f"{facts.names[d]} scores {amount:+d}")
    else:
        winner = d if won else opp
        tie = (facts.contract != "null" and facts.card_points[0] == facts.card_points[1])
        if method == "base_doubled_schneider":
            base = opts.null_value if facts.contract == "null" else BASE_VALUES[facts.contract]
            amount = base
            factor = opts.method_a_schwarz_factor if schwarz else (2 if schneider else 1)
            amount = base * factor
            lines.append(f"method A: base {base}" + (f" × {factor}" if factor > 1 else "")
                         + f" = {amount} (OS-7.5)")
        elif method == "card_points":
            amount = facts.card_points[winner]
            lines.append(f"method B: the winner's card points = {amount} (OS-7.5)")
        else:
            key = "tie" if tie and method == "match_points" else (
                "schwarz" if schwarz else "schneider" if schneider else "plain")
            amount = MATCH_POINTS[key]
            lines.append(f"method C: {'60–60, each player' if key == 'tie' else 'the winner'} "
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
