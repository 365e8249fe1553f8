"""The table's coach: the hint on the learner's turn, and the look back after a deal with
its try again at each costly decision.

:class:`TableCoach` is a part of :class:`~cardlab.widgets.table.Table` (a mixin): the glue
between the table and :mod:`cardlab.sim.advice` (imported when a hint or a look back is
asked for). A hint refines in short rounds (the front end asks for the next one with
``hint_more``), so a click never waits long; a look back values each of the learner's
decisions once per deal. What the bars and the list look like is
:mod:`cardlab.widgets._advice`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlab.engine.action import Action
from cardlab.engine.state import State
from cardlab.widgets._advice import (
    LOOK_BACK_N,
    LOOK_BACK_N_FINISHED,
    LOOK_BACK_N_OPEN_HANDS,
    LOOK_BACK_N_STATES,
    WRONG_BEFORE_SHOW,
    answer_words,
    hint_rounds,
    hint_view,
    look_back_view,
    option_words,
    options_on_card,
    try_prompt,
    try_verdict,
)
from cardlab.widgets._base import get_int, get_str, need
from cardlab.widgets._cards import parse_code
from cardlab.widgets._table_parts import TableParts
from cardlab.widgets._table_words import _cap, call_words
from cardlab.widgets._view import card_verb
from cardlab.widgets._words import without_rule_ids

#: the hint's and look back's seed: the same state always gets the same estimate
HINT_SEED = 0


def hint_round_value(state: State, n: int, seed: int) -> Any:
    """One round of a hint: :func:`cardlab.sim.advice.advise` over ``n`` layouts."""
    from cardlab.sim.advice import advise

    return advise(state, n=n, seed=seed)


class TableCoach(TableParts):
    """The hint, the look back and its try again."""

    # -- hint and look back ---------------------------------------------------------------------
    def _hint_seat_ok(self) -> State:
        s = self.state
        actor = self._learner()
        need(not s.is_over, "the deal is over: press 'Look back' to see your decisions",
             "game_over")
        need(actor is not None and actor == s.to_move and self._sees(actor)
             and self._mode == "play",
             "a hint is for your own turn, in your own hand", "not_your_turn")
        return s

    def _on_hint(self, intent: Mapping[str, Any]) -> None:
        from cardlab.sim.advice import valued_options

        s = self._hint_seat_ok()
        kind, options = valued_options(s)
        need(len(options) > 1, "nothing to weigh here: " + (
            "there is only one option" if options else "this decision has no estimate"),
             "no_hint")
        self._hint_round(s, kind, 0)

    def _on_hint_more(self, intent: Mapping[str, Any]) -> None:
        step = get_int(intent, "step")
        done = self._hint
        # a stale request (a new state since, or the learner moved on): nothing to do
        if done is None or step != self._cursor or done[0] is not self.state:
            return
        s, advice, kind, k = done
        if k + 1 < len(hint_rounds(kind, advice.method)[0]):
            self._hint_round(s, kind, k + 1)

    def _on_on_screen(self, intent: Mapping[str, Any]) -> None:
        # a front end draws the table (it says so once per view): slow hints are valued
        # ahead from now on; a table used from Python alone never starts a thread
        self._on_screen = True
        self._hint_ahead()

    def _hint_ahead(self) -> None:
        """On the learner's turn at a decision valued with open hands by a search that lets
        other threads run (Five Hundred's bids, whose first round takes close to a second,
        and its cards, an opening lead's some 0.2 s), start that round in the background,
        exactly as Hint asks it; only once a front end draws the table."""
        s = self.state
        if not self._on_screen or s.is_over or self._mode != "play" or self._eye is not None:
            return
        actor = self._learner()
        if actor is None or actor != s.to_move or not self._sees(actor):
            return
        from cardlab.sim.advice import valued_options, values_in_background

        kind, options = valued_options(s)
        if len(options) < 2 or not values_in_background(s):
            return
        sizes, _ = hint_rounds(kind, "open hands")
        self._ahead.ask(s, sizes[0], HINT_SEED)

    def _hint_round(self, s: State, kind: str, k: int) -> None:
        from cardlab.sim.advice import valued_by

        done = self._hint if k and self._hint is not None and self._hint[0] is s else None
        sizes, pooled = hint_rounds(kind, done[1].method if done is not None else valued_by(s))
        seed = HINT_SEED + k if pooled else HINT_SEED
        ahead, advice = self._ahead.take(s, sizes[k], seed) if k == 0 else (False, None)
        if not ahead:
            advice = hint_round_value(s, sizes[k], seed)
        need(advice is not None, "nothing to weigh here", "no_hint")
        assert advice is not None
        if done is not None and (advice.method != done[1].method
                                 or set(advice.values) != set(done[1].values)):
            # a round the solver could not finish (every layout past its budget) was valued
            # another way, or one left an option out (Five Hundred's pass, where a deal of
            # it ran past the solver's budget): left out, the bars stay those of the rounds
            # before
            advice = done[1]
        elif pooled and done is not None:
            advice = done[1].pooled(advice)  # this round's layouts added to the earlier ones
        self._hint = (s, advice, kind, k)
        # the hint's sentence stands in the why line under the table (view["hint"]["why"]);
        # the message line stays empty, so the sentence is shown once
        self._publish()

    def _on_look_back(self, intent: Mapping[str, Any]) -> None:
        from cardlab.sim.advice import look_back

        tip = self._line[-1]
        need(self._look is None, "the look back is open: choose a decision in its list",
             "look_back_open")
        need(tip.is_over, "look back once the deal is over", "not_over")
        seats = sorted(self._humans()) if self.seat is None else [self.seat]
        # worked out once per deal and seats: a look back closed and opened again (its tries
        # afresh) does not wait for the estimate again
        memo = self._memo_of(tip)
        key = ("look_back", tuple(seats), len(self._line))
        if key not in memo:
            memo[key] = look_back(self._line, seats, n=LOOK_BACK_N, seed=HINT_SEED,
                                  n_states=LOOK_BACK_N_STATES,
                                  n_open_hands=LOOK_BACK_N_OPEN_HANDS,
                                  n_finished=LOOK_BACK_N_FINISHED)
        look = memo[key]
        need(bool(look.decisions), "there is no decision of yours to look back on",
             "no_decisions")
        self._look = look
        self._look_at = 0
        # every decision with a clear cost is tried again before its answer is shown
        self._tries = {k: {"status": "open", "wrong": 0, "said": ""}
                       for k, d in enumerate(look.decisions) if d.grade is not None}
        if self._mode != "look_back":
            self._mode_before_look = self._mode
        self._mode = "look_back"  # beside "review" and "play": stepping through the learner's decisions
        self._cursor = self._line.index(next(t for t in self._line
                                             if len(t.history) == look.decisions[0].index))
        self._selection = []
        self._bots_live = False
        said = f"Look back: {len(look.decisions)} decisions, the costliest first"
        if self._tries:
            said += (f"; {len(self._tries)} cost points: find a better option for each before "
                     f"its answer is shown")
        self._publish(said)

    def _on_look_back_go(self, intent: Mapping[str, Any]) -> None:
        look = self._look
        need(look is not None, "press 'Look back' first", "no_look_back")
        assert look is not None
        i = get_int(intent, "i")
        need(0 <= i < len(look.decisions), f"i must be 0 … {len(look.decisions) - 1}",
             "bad_argument")
        self._look_go(i)
        self._publish()

    def _look_go(self, i: int) -> None:
        """Show the look back's decision ``i`` (its place in the list)."""
        assert self._look is not None
        at = self._look.decisions[i].index
        self._look_at = i
        self._cursor = next(k for k, t in enumerate(self._line) if len(t.history) == at)
        self._selection = []

    def _on_look_back_close(self, intent: Mapping[str, Any]) -> None:
        need(self._look is not None, "there is no look back open", "no_look_back")
        self._look = None
        self._tries = {}
        self._selection = []
        self._mode = getattr(self, "_mode_before_look", "review")
        self._publish()

    # -- the look back's try again: a costly decision's position, a better option to find ----
    def _look_decision(self) -> tuple[int, Any] | None:
        """The look back's decision at the step shown (its place in the list), or None."""
        if self._look is None:
            return None
        n = len(self.state.history)
        return next(((k, d) for k, d in enumerate(self._look.decisions) if d.index == n), None)

    def _open_try(self) -> tuple[int, Any]:
        """The decision at this step whose try again is open, or a refusal."""
        need(self._look is not None, "press 'Look back' first", "no_look_back")
        got = self._look_decision()
        need(got is not None and self._tries.get(got[0], {}).get("status") == "open",
             "there is nothing to try at this step: choose a costly decision in the look "
             "back's list", "no_try")
        assert got is not None
        return got

    def _try_say(self, words: str) -> None:
        """Say ``words`` once (the front end's live log), the same words again included."""
        self._try_news = (words, self._try_news[1] + 1)

    def _on_look_back_try(self, intent: Mapping[str, Any]) -> None:
        k, d = self._open_try()
        need(("card" in intent) != ("option" in intent),
             "a try names one 'card' or one 'option'", "bad_argument")
        option = (self._try_card(d, get_str(intent, "card", 12)) if "card" in intent
                  else self._try_option(d, get_str(intent, "option", 200)))
        if option is None:
            return  # a card with several options: its choices are drawn to pick from
        s = self.state
        need(option != d.chosen, f"{_cap(option_words(s, option))} is the choice made in the "
                                 f"deal: try another", "same_choice")
        t = self._tries[k]
        wrong = t["wrong"] + (0 if d.advice.cost(option) <= 0 else 1)
        found, words = try_verdict(s, d, option, wrong)
        t.update(wrong=wrong, said=words, status="found" if found else "open")
        self._selection = []
        self._try_say(words)
        self._publish()

    def _try_card(self, d: Any, code: str) -> str | None:
        """The option a click on card ``code`` tries (the option its bar values), None when
        the card leads to several (a joker led naming a suit: its choices are then drawn),
        or a refusal."""
        s = self.state
        card = parse_code(self.game, code)
        need(card is not None, f"unknown card {code!r}: not a card of the "
                               f"{self.game.deck.title}", "unknown_card")
        assert card is not None
        code = card.code
        need(code in self._clickable_cards(s, d.seat), f"{code} is not a card in your hand",
             "not_your_card")
        verbs = self.game.spec.card_verbs
        options = options_on_card(d.advice, code) or [
            a for a in d.advice.values if Action(a).verb in verbs and code in Action(a).args]
        if not options:
            why = s.explain(f"{card_verb(s, verbs)} {code}", seat=d.seat)
            need(why.legal, f"{self.game.deck.name(card)}: {why}", why.code, why.rule)
            need(False, f"{_cap(str(self.game.deck.name(card)))}: the estimate values no "
                        f"option of this card here: try another", "not_valued")
        if len(options) > 1:
            self._selection = [code]
            self._publish(self._selection_hint() + ": choose how below")
            return None
        return options[0]

    def _try_option(self, d: Any, text: str) -> str:
        """The option ``text`` names (notation, or the game's words), if it is legal at the
        decision and the look back valued it; else a refusal."""
        s = self.state
        action = s._read(text, d.seat)  # IllegalAction for text that names no action
        verdict = s.judge(action, seat=d.seat)
        if not verdict.legal:
            need(False, f"'{call_words(s.game, action)}' is not legal: "
                        f"{without_rule_ids(str(verdict.reason))}", verdict.code, verdict.rule)
        option = str(action)
        need(option in d.advice.values,
             f"{_cap(option_words(s, option))}: the estimate values no such option here: try "
             f"one of the others", "not_valued")
        return option

    def _on_look_back_show(self, intent: Mapping[str, Any]) -> None:
        k, d = self._open_try()
        words = answer_words(self.state, d)
        self._tries[k].update(status="shown", said=words)
        self._selection = []
        self._try_say(words)
        self._publish()

    def _on_look_back_next(self, intent: Mapping[str, Any]) -> None:
        need(self._look is not None, "press 'Look back' first", "no_look_back")
        j = self._next_try()
        need(j is not None, "no costly decision is left to try: every one is found or shown",
             "no_try")
        assert j is not None and self._look is not None
        self._look_go(j)
        self._try_say(try_prompt(self.state, self._look.decisions[j]))
        self._publish()

    def _next_try(self) -> int | None:
        """The next decision still to try after the one shown (in the list's order, then from
        its top), or None."""
        got = self._look_decision()
        here: int = got[0] if got is not None else -1
        n = len(self._look.decisions) if self._look is not None else 0
        order: list[int] = [*range(here + 1, n), *range(0, max(here, 0))]
        for j in order:
            if self._tries.get(j, {}).get("status") == "open":
                return j
        return None

    def _try_view(self, s: State, k: int, d: Any) -> dict[str, Any]:
        """The try again of decision ``k`` (at ``s``) as the front end draws it."""
        t = self._tries[k]
        hand = {c.code for c in s.hands[d.seat]}
        return {"i": k, "status": t["status"], "open": t["status"] == "open",
                "wrong": t["wrong"], "said": t["said"], "prompt": try_prompt(s, d),
                "offer_show": t["wrong"] >= WRONG_BEFORE_SHOW,
                "next": self._next_try() is not None, "chosen": d.chosen,
                "chosen_cards": [c for c in Action(d.chosen).args if c in hand],
                "news": self._try_news[0], "count": self._try_news[1]}

    # -- what the coach draws ----------------------------------------------------------------
    def _advice_view(self, s: State) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """The hint bars to draw on ``s`` (a hint asked for it, or the look back's decision
        at this step) and the look back's list."""
        hint = None
        if self._hint is not None and self._hint[0] is s:
            hs, advice, kind, k = self._hint
            hint = hint_view(hs, advice, round_=k,
                             rounds=len(hint_rounds(kind, advice.method)[0]))
        look = None
        if self._look is not None and self._line[-1].is_over:
            got = self._look_decision() if s is self.state else None
            current = got[0] if got is not None else None
            tries = {k: t["status"] for k, t in self._tries.items()}
            if got is not None and tries.get(got[0]) != "open":  # the answer: the bars
                hint = hint_view(s, got[1].advice, round_=0, rounds=1, chosen=got[1].chosen)
            look = look_back_view(self._line, self._look, current, tries)
            look["try"] = (self._try_view(s, *got) if got is not None and got[0] in self._tries
                           else None)
        return hint, look
