"""Exercises for the tutorials, whose answers the engine computes; and a report on a deal played.

An exercise asks a question about a deal ("which cards may N play here?", "who wins this
trick?", "what does the declarer score?"). The engine computes the right answer from the
deal, and the reason why any other answer is wrong, so a learner's attempt gets praise, the
engine's correction, or a hint. A notebook names an exercise only by its id, from the
registry in :mod:`cardlab.exercises`; neither the cell nor anything it shows holds the
answer, so nothing gives it away.

Shown in a notebook, an exercise is a small form (plain ipywidgets): the learner clicks a
choice (or the cards that are right, or types a number) and presses **Check**; after two
wrong tries a **Show me** button appears. A saved notebook shows the question as text.
Typing works too: ``ex.check(attempt)`` answers with the same words (``None``: a hint).
The right answer is :attr:`Exercise.answer`, for tests; nothing prints it.

>>> ex = exercise("five_hundred/spade-trick")
>>> ex.kind, [c.value for c in ex.choices]
('one', ['N', 'E', 'S', 'W'])
>>> print(ex.check(None))
No answer yet. Hint: Which jack is the same colour as the spades?
>>> ex.check("S").correct
False
>>> ex.reveal().correct  # "Show me" opens only after two wrong tries
False

:func:`deal_report` ends a "play a whole deal yourself" section: the result of the deal a
learner played on a :class:`~cardlab.widgets.Table`, or a clear "not finished yet".
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from cardlab.cards import Card
from cardlab.engine.state import State

__all__ = ["Choice", "Exercise", "Feedback", "Report", "card_text", "card_words", "deal_report",
           "exercise", "legal_cards_exercise", "score_exercise", "trick_winner_exercise"]

#: the kinds of answer: one choice (a seat), several cards, or a number
Kind = Literal["one", "many", "number"]

#: wrong tries before "Show me" appears
TRIES_BEFORE_SHOW = 2

#: the "Show me" button's background and words: 5.1:1 between them, and the button 5.1:1
#: against a white page and 3.7:1 against JupyterLab's dark one
SHOW_ME_COLOURS = ("#b35300", "#ffffff")

#: what :func:`deal_report` says while the deal is still being played
NOT_FINISHED = ("Not finished yet: play the deal above to its end, then run this cell "
                "again.")


class Feedback(str):
    """The reply to an attempt: plain words, with ``correct`` attached."""

    correct: bool

    def __new__(cls, text: str, *, correct: bool) -> Feedback:
        self = super().__new__(cls, text)
        self.correct = correct
        return self

    def __repr__(self) -> str:  # shows as the words themselves in a notebook
        return str(self)


class Report(str):
    """Plain words about a finished (or unfinished) deal; shows as the words themselves."""

    finished: bool

    def __new__(cls, text: str, *, finished: bool) -> Report:
        self = super().__new__(cls, text)
        self.finished = finished
        return self

    def __repr__(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Choice:
    """One candidate the learner can click: its value (a seat name, a card code) and label."""

    value: str
    label: str


def card_text(state: State, card: Card | str) -> str:
    """A card as a learner reads it: ``J♦`` with French suits, the code (``FB``) otherwise."""
    deck = state.game.deck
    c = deck.parse(card)
    return c.unicode() if deck.system == "french" else c.code


def card_words(state: State, card: Card | str) -> str:
    """A card in a sentence: ``J♦`` with French suits, its name (``fante of bastoni
    (Gobbo)``) with Italian ones, whose codes few learners read yet."""
    deck = state.game.deck
    c = deck.parse(card)
    return c.unicode() if deck.system == "french" else deck.name(c)


class Exercise:
    """A question about a deal, with the answer and the reasons the engine computed.

    :param question: the question with the facts it needs; shown in the live form only,
        so it may name every candidate.
    :param answer: the right answer: a value (a seat name, a number as text) or, with
        ``kind="many"``, a set of card codes.
    :param kind: ``"one"`` (click one of ``choices``), ``"many"`` (click every right card
        of ``choices``) or ``"number"`` (type it).
    :param choices: the candidates shown as buttons.
    :param hint: shown when there is no answer yet, and after a wrong one.
    :param why: the engine's reason why one wrong item (a normalised value) is wrong.
    :param because: the engine's words for why the answer is right (shown when it is found
        or revealed).
    :param summary: the question as a saved notebook shows it; it must not give the answer
        away (default: ``question``).
    :param ident: the registry id, if any (:func:`exercise`).
    :param read: turns one typed item into a normalised value (default: stripped text).
    :param state: the deal the question is about.
    """

    def __init__(self, question: str, answer: str | Iterable[str], *, kind: Kind = "one",
                 choices: Sequence[Choice] = (), hint: str = "",
                 why: Callable[[str], str] | None = None, because: str = "",
                 summary: str | None = None, ident: str = "",
                 read: Callable[[str], str] | None = None, state: State | None = None) -> None:
        if kind not in ("one", "many", "number"):
            raise ValueError(f"kind must be 'one', 'many' or 'number', not {kind!r}")
        self.question = question
        self.kind: Kind = kind
        self.choices = tuple(choices)
        self.hint = hint
        self.because = because
        self.summary = question if summary is None else summary
        self.ident = ident
        self.state = state
        self._why = why
        self._read = read or (lambda text: text.strip())
        self._answer: str | frozenset[str] = (
            frozenset(self._read(str(a)) for a in answer) if kind == "many"
            else self._read(str(answer)))
        self._wrong = 0
        self._form: _Form | None = None

    # -- the answer (for tests) and the tries ---------------------------------------------
    @property
    def answer(self) -> str | frozenset[str]:
        """The right answer, as the engine computed it (for tests: nothing prints it)."""
        return self._answer

    @property
    def tries(self) -> int:
        """How many wrong answers have been checked so far."""
        return self._wrong

    @property
    def can_show(self) -> bool:
        """True once "Show me" is offered (after two wrong tries)."""
        return self._wrong >= TRIES_BEFORE_SHOW

    # -- checking -----------------------------------------------------------------------
    def check(self, attempt: Any) -> Feedback:
        """Judge ``attempt`` (None: not answered yet, so a hint) and say why.

        For ``kind="many"`` the attempt is a list of cards or one text (``"KD JH"``);
        order does not matter.
        """
        items = self._items(attempt)
        if not items:
            # no answer yet: the words go back to the caller only; the form stays as it is
            # (a notebook run from the top shows no verdict before the learner answered)
            return Feedback(f"No answer yet. Hint: {self.hint}", correct=False)
        if self.kind == "many":
            got = frozenset(items)
            if got == self._answer:
                return self._say(Feedback(f"Correct: {self._words()}. {self.because}".rstrip(),
                                          correct=True))
            assert isinstance(self._answer, frozenset)
            by_reason: dict[str, list[str]] = {}
            for x in self._ordered(got - self._answer):
                by_reason.setdefault(self._reason(x) or "not right here", []).append(
                    self._label(x))
            lines = [f"{' '.join(cards)}: {reason.rstrip('.')}"
                     for reason, cards in by_reason.items()]
            missing = len(self._answer - got)
            if missing:
                lines.append(f"{missing} more card{'s' if missing > 1 else ''} "
                             f"{'are' if missing > 1 else 'is'} right too")
            return self._wrong_try("Not quite. " + "; ".join(lines) + ".")
        if len(items) > 1:
            return self._say(Feedback(f"One answer, please (you gave {len(items)}). "
                                      f"Hint: {self.hint}", correct=False))
        got_one = items[0]
        if got_one == self._answer:
            return self._say(Feedback(f"Correct: {self._words()}. {self.because}".rstrip(),
                                      correct=True))
        reason = self._reason(got_one)
        reason = reason[:1].upper() + reason[1:]
        text = f"Not quite: {self._label(got_one)} is not it."
        return self._wrong_try(f"{text} {reason}" if reason else text)

    def reveal(self) -> Feedback:
        """The answer and the engine's reason ("Show me"), once two tries have failed."""
        if not self.can_show:
            return Feedback(f"Try first: \u201cShow me\u201d opens after {TRIES_BEFORE_SHOW} "
                            f"wrong tries. Hint: {self.hint}", correct=False)
        return self._say(Feedback(f"The answer: {self._words()}. {self.because}".rstrip(),
                                  correct=False), reveal=True)

    def _wrong_try(self, text: str) -> Feedback:
        self._wrong += 1
        tail = (f" Hint: {self.hint}" if self.hint else "")
        if self.can_show:
            tail += " You may press \u201cShow me\u201d to see the answer (or call .reveal())."
        return self._say(Feedback(text + tail, correct=False))

    def _say(self, feedback: Feedback, *, reveal: bool = False) -> Feedback:
        if self._form is not None:
            self._form.show(feedback, reveal=reveal)
        return feedback

    def _items(self, attempt: Any) -> list[str]:
        if attempt is None:
            return []
        if isinstance(attempt, (str, Card, int, float)) or not isinstance(attempt, Iterable):
            text = str(attempt)
            parts = re.split(r"[\s,;]+", text.strip()) if self.kind == "many" else [text]
        else:
            parts = [str(a) for a in attempt]
        out = []
        for part in parts:
            if part.strip():
                value = self._read(part)
                if value not in out:
                    out.append(value)
        return out

    def _reason(self, value: str) -> str:
        if self._why is not None:
            reason = self._why(value)
            if reason:
                return reason
        if self.choices and value not in {c.value for c in self.choices}:
            return "that is not one of the choices."
        return ""

    def _label(self, value: str) -> str:
        for c in self.choices:
            if c.value == value:
                return c.label
        return value

    def _ordered(self, values: Iterable[str]) -> list[str]:
        order = {c.value: i for i, c in enumerate(self.choices)}
        return sorted(values, key=lambda v: (order.get(v, len(order)), v))

    def _words(self) -> str:
        if isinstance(self._answer, frozenset):
            return " ".join(self._label(v) for v in self._ordered(self._answer))
        return self._label(self._answer)

    # -- showing ------------------------------------------------------------------------
    def widget(self) -> Any:
        """The live form (an ipywidgets ``VBox``), built once."""
        if self._form is None:
            self._form = _Form(self)
        return self._form.box

    def _static_html(self) -> str:
        """The question as plain, sanitizer-safe HTML (what a saved notebook shows)."""
        body = "<br>".join(html.escape(line) for line in self.summary.splitlines())
        return (f'<div class="cardlab-exercise"><p><b>Exercise</b> '
                f"<code>{html.escape(self.ident)}</code></p><p>{body}</p>"
                f"<p><i>Run this notebook to answer here: the live exercise shows the "
                f"choices and checks your answer.</i></p></div>")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        data: dict[str, Any] = {}
        metadata: dict[str, Any] = {}
        try:
            bundle = self.widget()._repr_mimebundle_(**kwargs)
        except ImportError:  # no ipywidgets: the text alone
            bundle = None
        if isinstance(bundle, tuple):
            data, metadata = dict(bundle[0]), dict(bundle[1])
        elif isinstance(bundle, dict):
            data = dict(bundle)
        data["text/plain"] = repr(self)
        data["text/html"] = self._static_html()
        return data, metadata

    def __repr__(self) -> str:
        name = f" {self.ident}" if self.ident else ""
        return f"Exercise{name}: {self.summary}"


class _Form:
    """The ipywidgets form of one exercise: the question, the choices, Check, Show me."""

    def __init__(self, ex: Exercise) -> None:
        import ipywidgets as w

        from cardlab.widgets.status import StatusLine

        self.ex = ex
        question = "<br>".join(html.escape(line) for line in ex.question.splitlines())
        title = w.HTML(f"<b>Exercise.</b> {question}")
        self.pick: Any
        self.cards: list[Any] = []
        if ex.kind == "one":
            self.pick = w.ToggleButtons(options=[(c.label, c.value) for c in ex.choices],
                                        value=None, style={"button_width": "auto"})
        elif ex.kind == "many":
            self.cards = [w.ToggleButton(description=c.label, value=False,
                                         tooltip=f"click to choose {c.label}",
                                         layout=w.Layout(width="auto"))
                          for c in ex.choices]
            self.pick = w.HBox(self.cards, layout=w.Layout(flex_flow="row wrap"))
        else:
            self.pick = w.Text(value="", placeholder="your answer",
                               layout=w.Layout(width="12em"))
        self.check_button = w.Button(description="Check", button_style="primary")
        # not ipywidgets' "warning" style: its white words on orange read at only 2.1-2.7:1
        self.show_button = w.Button(description="Show me", layout=w.Layout(display="none"),
                                    style=w.ButtonStyle(button_color=SHOW_ME_COLOURS[0],
                                                        text_color=SHOW_ME_COLOURS[1]))
        # the verdict: one polite live line, announced once per check (a screen reader
        # hears whether the answer was right); its box keeps plain keys from JupyterLab
        self.feedback = StatusLine()
        self.check_button.on_click(self._on_check)
        self.show_button.on_click(self._on_show)
        # the row shows its buttons' whole focus ring (a widget box clips what overflows)
        buttons = w.HBox([self.check_button, self.show_button],
                         layout=w.Layout(overflow="visible"))
        self.box = w.VBox([title, self.pick, buttons, self.feedback])
        self.box.add_class("cardlab-exercise")
        self.box.add_class("cardlab-form")

    def attempt(self) -> Any:
        """What the learner has chosen or typed (None: nothing yet)."""
        if self.ex.kind == "many":
            chosen = [c.value for c, b in zip(self.ex.choices, self.cards) if b.value]
            return chosen or None
        value = self.pick.value
        return value if value not in (None, "") else None

    def _on_check(self, _button: Any = None) -> None:
        self.ex.check(self.attempt())

    def _on_show(self, _button: Any = None) -> None:
        self.ex.reveal()

    def show(self, feedback: Feedback, *, reveal: bool = False) -> None:
        """Put ``feedback`` under the buttons; offer "Show me" once it is due."""
        self.feedback.say(str(feedback), tone="right" if feedback.correct
                          else ("answer" if reveal else "wrong"))
        if self.ex.can_show:
            self.show_button.layout.display = None
        if reveal:
            answer = self.ex.answer
            if self.ex.kind == "many":
                for c, b in zip(self.ex.choices, self.cards):
                    b.value = c.value in answer
            elif self.ex.kind == "one":
                self.pick.value = answer
            else:
                self.pick.value = str(answer)


# -- builders: an exercise from the deal on screen ---------------------------------------

def _seat_reader(state: State, extra: Mapping[str, str] | None = None) -> Callable[[str], str]:
    names = {n.casefold(): n for n in state.game.seat_names}
    more = {k.casefold(): v for k, v in (extra or {}).items()}

    def read(text: str) -> str:
        key = text.strip().casefold()
        return names.get(key) or more.get(key) or text.strip()

    return read


def _card_reader(state: State) -> Callable[[str], str]:
    def read(text: str) -> str:
        try:
            return state.game.parse_card(text.strip()).code
        except ValueError:
            return text.strip()

    return read


def _number_reader(text: str) -> str:
    m = re.fullmatch(r"\s*([+-]?\d+)(?:\s*(?:points?|chips?))?\s*", text)
    return str(int(m.group(1))) if m else text.strip()


def _visible_cards(state: State, seat: int) -> list[str]:
    """The cards of ``seat`` that seat sees in its own hand (a Skat player's face-up cards)."""
    for hand in state.view(seat)["hands"]:
        if hand["seat"] == seat and hand.get("cards"):
            return list(hand["cards"])
    return []


def legal_cards_exercise(state: State, *, question: str | None = None, hint: str = "",
                         summary: str | None = None, ident: str = "") -> Exercise:
    """"Which cards may the player to move play?": the engine's legal plays are the answer,
    and ``state.explain`` gives the reason for each wrong card.
    """
    mover = state.to_move
    if mover is None:
        raise ValueError("nobody is to move in this state: the deal is over")
    name = state.game.seat_name(mover)
    # in pack order: the order a hand is held in (trumps first) would give the answer away
    deck = state.game.deck
    cards = [c.code for c in deck.sort(deck.parse(c) for c in _visible_cards(state, mover))]
    legal = {a.args[0] for a in state.legal_actions() if a.verb == "play" and len(a.args) == 1}
    choices = [Choice(c, card_text(state, c)) for c in cards]
    words = (" ".join(c.label for c in choices) if deck.system == "french"
             else ", ".join(card_words(state, c) for c in cards))
    q = question or f"Which cards may {name} play now?"
    because = "; ".join(f"{card_text(state, c)}: {state.explain(f'play {c}')}"
                        for c in cards if c in legal)

    answer_words = _card_mentions(state, legal)

    def why(code: str) -> str:
        if code not in cards:
            return f"{name} does not hold it (or cannot see it)."
        verdict = state.explain(f"play {code}", seat=mover)
        return _without_answer(str(verdict), answer_words, _refusal_words(verdict))

    return Exercise(f"{q}\n{name} holds {words}.", legal, kind="many", choices=choices,
                    hint=hint, why=why, because=because,
                    summary=summary or f"{q} {name} holds {words}.", ident=ident,
                    read=_card_reader(state), state=state)


def _card_mentions(state: State, codes: Iterable[str]) -> list[re.Pattern[str]]:
    """Patterns for every way a reason may name one of ``codes``: its name (``king of
    diamonds``, and a name in brackets such as ``Gobbo``), its symbol form (``K♦``) and its
    code as a whole word."""
    deck = state.game.deck
    out = []
    for code in codes:
        card = deck.parse(code)
        name = str(deck.name(card))
        words = [name.split(" (")[0], *re.findall(r"\(([^)]+)\)", name)]
        out += [re.compile(re.escape(w), re.IGNORECASE) for w in words if w]
        out.append(re.compile(re.escape(card_text(state, card))))
        out.append(re.compile(rf"(?<![\w♠♣♦♥]){re.escape(code)}(?![\w♠♣♦♥])"))
    return out


def _refusal_words(verdict: Any) -> str:
    """The rule a refused card breaks, in words without any card (``you must follow suit
    (5H-7.1)``), from the verdict's code and rule."""
    words = str(getattr(verdict, "code", "") or "not allowed here").replace("_", " ")
    words = f"you {words}" if words.startswith("must ") else words
    rule = getattr(verdict, "rule", "")
    return f"{words} ({rule})" if rule else words


def _without_answer(reason: str, answer: Sequence[re.Pattern[str]], rule_words: str) -> str:
    """``reason`` without its clauses (the parts between "; ") that name a right card, so a
    wrong try learns which rule it broke, not the answer (that waits for "Show me", after
    two tries). Where the first clause (the refusal itself) goes, ``rule_words`` say it."""
    clauses = reason.split("; ")
    kept = [c for c in clauses if not any(p.search(c) for p in answer)]
    if not clauses or clauses[0] not in kept:
        kept.insert(0, rule_words)
    return "; ".join(kept)


def _trump_key(state: State) -> str | None:
    """The key of ``game.card_order`` for this state's contract (or trump suit)."""
    view = state.view(None, shown=True)
    contracts = state.game.contracts()
    for key in (view.get("contract"), view.get("trump")):
        if key is not None and str(key) in contracts:
            return str(key)
    return None


def _ordinal(n: int, of: int) -> str:
    """``'highest'``, ``'second-highest'`` … ``'lowest'`` (the n-th of ``of``)."""
    if n == of and n > 1:
        return "lowest"
    words = {1: "highest", 2: "second-highest", 3: "third-highest", 4: "fourth-highest",
             5: "fifth-highest", 6: "sixth-highest"}
    return words.get(n, f"{n}th-highest")


def trick_winner_exercise(state: State, *, trick: int = -1, hint: str = "",
                          lead_in: str | None = None, ident: str = "") -> Exercise:
    """"Who wins this trick?" about a completed trick of ``state`` (``trick``: its index in
    ``state.tricks``); the answer is the engine's winner, and the reasons come from the
    game's card order for the contract (``game.card_order``).

    The saved form lists the cards in play order without naming who played them, so it
    never names the winner.
    """
    game = state.game
    done = state.tricks[trick]  # type: ignore[attr-defined]
    plays = list(done.plays)
    order = game.card_order(_trump_key(state))
    trumps: list[str] = list(order.get("trumps", []))
    special: Mapping[str, str] = order.get("special", {})
    led_suit = state.effective_suit(plays[0].card)
    trumped = any(p.card.code in trumps for p in plays)
    suit_words = (game.deck.suit_name(led_suit) if led_suit in game.deck.suits()
                  else "the led suit")
    if lead_in is None:
        trump = state.view(None, shown=True).get("trump")
        lead_in = (f"Trumps: {game.deck.suit_name(trump)}." if trump in game.deck.suits()
                   else "No trumps.")
    seat_of = {game.seat_name(p.seat): p for p in plays}
    winner = game.seat_name(done.winner)

    def note(p: Any) -> str:
        text = special.get(p.card.code)
        return f" ({card_text(state, p.card)}: {text}.)" if text else ""

    def why(seat: str) -> str:
        p = seat_of.get(seat)
        if p is None:
            return ""
        card = card_text(state, p.card)
        code = p.card.code
        if code in trumps:
            return (f"{seat}'s {card} is a trump, the {_ordinal(trumps.index(code) + 1, len(trumps))} "
                    f"one, but a higher trump is in this trick.{note(p)}")
        if trumped:
            return f"{seat}'s {card} is not a trump, and this trick holds a trump.{note(p)}"
        if state.effective_suit(p.card) == led_suit:
            return (f"{seat}'s {card} follows {suit_words}, but a higher card of "
                    f"{suit_words} is in this trick.")
        return (f"{seat}'s {card} is neither a trump nor a card of {suit_words}, so it "
                f"cannot win.{note(p)}")

    wp = seat_of[winner]
    wcard = card_text(state, wp.card)
    if wp.card.code in trumps:
        because = (f"{winner}'s {wcard} is the highest trump in this trick, the "
                   f"{_ordinal(trumps.index(wp.card.code) + 1, len(trumps))} of all.{note(wp)}")
    else:
        because = (f"{winner}'s {wcard} is the highest card of {suit_words}, and nobody "
                   f"trumped.")
    listing = ", ".join(f"{game.seat_name(p.seat)} {card_words(state, p.card)}" for p in plays)
    cards_only = ", ".join(card_words(state, p.card) for p in plays)
    question = f"{lead_in} The trick, in play order: {listing}. Who wins it?"
    summary = (f"{lead_in} The cards of the trick, in play order (the first one led): "
               f"{cards_only}. Who wins it?")
    aliases = {p.card.code: game.seat_name(p.seat) for p in plays}
    aliases.update({card_text(state, p.card): game.seat_name(p.seat) for p in plays})
    choices = [Choice(game.seat_name(p.seat),
                      f"{game.seat_name(p.seat)}: {card_text(state, p.card)}") for p in plays]
    return Exercise(question, winner, kind="one", choices=choices, hint=hint, why=why,
                    because=because, summary=summary, ident=ident,
                    read=_seat_reader(state, aliases), state=state)


def score_exercise(state: State, answer: int, *, question: str, hint: str = "",
                   traps: Mapping[int, str] | None = None, summary: str | None = None,
                   ident: str = "") -> Exercise:
    """A number about a finished deal (points, chips) that the engine scored.

    :param answer: the number, read from the engine's result of ``state``.
    :param traps: wrong numbers the engine's figures explain (the bid's value before a
        bonus …), each with its reason.
    """
    result = state.result
    if result is None:
        raise ValueError("the deal is not finished: there is no score yet")
    table = {str(k): v for k, v in (traps or {}).items() if k != answer}

    def why(value: str) -> str:
        if not re.fullmatch(r"[+-]?\d+", value):
            return "the answer is a whole number."
        return table.get(value, "")

    because = "The engine's score: " + " ".join(
        line if line.rstrip().endswith((".", "!", ")")) else f"{line}." for line in result.breakdown)
    return Exercise(question, str(answer), kind="number", hint=hint, why=why,
                    because=because, summary=summary, ident=ident, read=_number_reader,
                    state=state)


def exercise(ident: str) -> Exercise:
    """The tutorial exercise ``ident`` (e.g. ``"five_hundred/spade-trick"``), built
    with the engine from its deal (the registry: :mod:`cardlab.exercises`).

    :raises KeyError: for an unknown id, naming the known ones.
    """
    from cardlab.exercises import build

    return build(ident)


# -- the end of a deal the learner played ---------------------------------------------------

def deal_report(table_or_state: Any) -> Report:
    """What the deal on a :class:`~cardlab.widgets.Table` came to: the engine's breakdown
    and the learner's points; or, while it is not finished, :data:`NOT_FINISHED`.

    The table's whole line counts (a learner who stepped back after the end has still
    finished). A finished :class:`State` works too (its points are then not anyone's).
    """
    from cardlab.engine.record import from_json

    if isinstance(table_or_state, State):
        last, seat = table_or_state, None
    else:
        last = from_json(table_or_state.to_json())
        seat = getattr(table_or_state, "seat", None)
    result = last.result
    if not last.is_over or result is None:
        return Report(NOT_FINISHED, finished=False)
    game = last.game
    lines = [f"The deal is over ({len(last.history)} actions).", *result.breakdown]
    if seat is not None:
        name = game.seat_name(seat)
        lines.append(f"Your points this deal ({name}): {result.seat_points[seat]:+d}.")
        for side, seats in result.sides.items():
            if seat in seats and len(seats) > 1:
                lines.append(f"Your side {side}: {result.points[side]:+d}.")
    return Report("\n".join(lines), finished=True)
