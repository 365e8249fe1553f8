"""The table's hint bars and its look back, as view data (the numbers come from
:mod:`cardlab.sim.advice`; this module only puts them into words and bar lengths)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlab.engine.action import Action
from cardlab.engine.state import State

__all__ = ["HINT_ROUNDS", "HOW_VALUED", "FINISHED_ROUNDS", "OPEN_HANDS_ROUNDS", "POOLED_ROUNDS", "LOOK_BACK_N",
           "LOOK_BACK_N_OPEN_HANDS", "LOOK_BACK_N_FINISHED", "LOOK_BACK_N_STATES", "WRONG_BEFORE_SHOW", "answer_words", "bar_cards",
           "hint_rounds", "hint_view", "look_back_view", "option_words", "options_on_card",
           "try_prompt", "try_verdict", "value_unit"]

#: layouts per option in each round of a hint: a quick first estimate (the first bars),
#: then better ones, each a separate request so a click waits at most one round. A card
#: play's later rounds draw afresh, larger (a rollout layout costs well under a
#: millisecond in a batch); a call's and a choice's rounds are pooled (below), because a
#: layout of theirs costs whole bot decisions or a contract played out
HINT_ROUNDS = {"play": (4, 40, 200), "call": (4,) * 15, "choice": (4,) * 15}
#: … where each layout is a whole open-hands search (Five Hundred's cards and bids:
#: :func:`cardlab.sim.advice.valued_by` says ``"open hands"``), pooled rounds this short: an
#: opening lead's layout takes some 30-60 ms to search, so the first bars stand on two (their
#: intervals wide, as few layouts give); a bid's deal (six strains and a pass) some 150-300 ms
#: of a core, so its first bars stand on two deals too, and each later round on one (sixteen
#: in all, as when the first stood on four)
OPEN_HANDS_ROUNDS = {"play": (2,) * 20, "call": (2,) + (1,) * 14}
#: … where the bots play each layout until the solver serves it, then the solver (Officer
#: Skat's and Pandoeren's earlier card plays: ``"bots, then open hands"``), pooled rounds of a
#: dozen: a layout costs a search at the crossover (a few milliseconds, a Pandoeren misère up
#: to a hundred), so a round of 200 drawn afresh kept a click waiting seconds; a Pandoeren
#: auction's first round on two deals, not four: its forty contracts are each played to the
#: end on every deal (some 40 ms a deal), and four kept the first bars at 160 ms
FINISHED_ROUNDS = {"play": (4,) + (12,) * 8, "call": (2,) + (4,) * 14}
#: the kinds whose rounds are pooled: each round draws new layouts (its own seed) and adds
#: them to the rounds before (``Advice.pooled``) instead of one long round; every kind is
#: pooled where its layouts are valued with open hands
POOLED_ROUNDS = frozenset({"call", "choice"})
#: layouts per option for each decision of a look back
LOOK_BACK_N = 100
#: … for a choice valued on sampled whole states (each layout costs the bots' decisions up
#: to the play: Panfin's declarations and swap), as many as the hint's last round
LOOK_BACK_N_STATES = sum(HINT_ROUNDS["choice"])
#: … for a decision valued with open hands (Five Hundred's bids and cards: each layout a
#: whole search, some 30-60 ms at the opening lead, 150 ms for a bid's deal), fewer: a look
#: back of a whole deal then takes some 3 s instead of 12 (the solver's own minimum of
#: layouts a call, not this number, sets the most of it); its intervals are wider, so it
#: charges fewer costs, never more
LOOK_BACK_N_OPEN_HANDS = 16
#: how a layout was valued (:attr:`cardlab.sim.advice.Advice.method`), as the why line says it
HOW_VALUED = {
    "open hands": ", each played out with every hand of the layout open (the solver)",
    "bots, then open hands": (", each played out by the bots until few cards are left, then "
                              "with every hand of the layout open (the solver)"),
    "rollouts": ", each played out by the bots",
}
#: … for a decision valued by the bots then the solver (Officer Skat's and Pandoeren's
#: earlier cards, calls and choices: a search at the crossover a layout, a Pandoeren
#: contract's plan picked on as many layouts again), as few as open hands: a whole
#: Pandoeren deal's look back took 3.4-14.5 s at 100 a decision
LOOK_BACK_N_FINISHED = 16
#: the wrong tries after which a try again offers its answer ("Show me" is there from the
#: start for a learner who wants it at once)
WRONG_BEFORE_SHOW = 2


def hint_rounds(kind: str, method: str = "rollouts") -> tuple[tuple[int, ...], bool]:
    """The layouts of each round of a hint of ``kind`` valued by ``method`` (see
    :func:`cardlab.sim.advice.valued_by`), and whether its rounds are pooled (each round's
    own layouts added to the rounds before) or drawn afresh."""
    if method == "open hands" and kind in OPEN_HANDS_ROUNDS:
        return OPEN_HANDS_ROUNDS[kind], True
    if method == "bots, then open hands" and kind in FINISHED_ROUNDS:
        return FINISHED_ROUNDS[kind], True
    return HINT_ROUNDS[kind], kind in POOLED_ROUNDS


def option_words(s: State, action: str) -> str:
    """An option in words, as the why line and the look back say it ("… is best", "N chose
    …"): the card's name for a card play, the cards named for a discard or an exchange,
    the call's words otherwise."""
    from cardlab.widgets.table import call_words

    a = Action(action)
    names = _card_names(s, a.args)
    if a.verb == "discard" and a.args:
        return "discard " + names
    if a.verb == "tengo":  # Panfin B2.7: tengo with the cards it exchanges, or none
        return f"the exchange of {names}" if a.args else "standing pat"
    if a.verb == "swap" and a.args:  # Panfin B2.10.1: the turn-up for a card of the hand
        hand = {c.code for c in s.hands[s.to_move]} if s.to_move is not None else set()
        return f"the turn-up for {names}" if a.args[0] in hand else "no swap (the hand as it is)"
    if a.verb == "choose" and a.args:  # Panfin B2.6: the dealer names the dominant suit
        return f"{s.game.deck.suit_name(a.args[0])} as the dominant suit"
    if a.verb == "play" and len(a.args) == 1:
        return names
    return call_words(s.game, a)


def _card_names(s: State, codes: tuple[str, ...]) -> str:
    """``the seven of spade, the two of coppe and …`` (the codes, if they are not cards)."""
    try:
        names = [f"the {s.game.deck.name(s.game.deck.parse(c))}" for c in codes]
    except Exception:
        names = list(codes)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1] \
        if names else ""


def value_unit(s: State) -> str:
    """What the values count: ``"chips"`` in a game played for chips (its view keeps a
    purse, ``view()["chips"]``: Panfin; every other game's is None), else ``"points"``."""
    return "chips" if s.view().get("chips") is not None else "points"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _points(x: float) -> str:
    return f"{x:+.1f}".replace("-", "−")


def _scale(advice: Any) -> tuple[float, float]:
    """The bars' common scale: from the lowest interval end to the highest, zero included,
    so a bar is drawn on the game's own points (a 78-point gap looks like one) and the zero
    line shows which options gain and which lose."""
    lows = [advice.interval(a)[0] for a in advice.values]
    highs = [advice.interval(a)[1] for a in advice.values]
    lo, hi = min(0.0, *lows), max(0.0, *highs)
    if hi - lo <= 1e-12:
        hi = lo + 1.0
    return lo, hi


def bar_cards(advice: Any, option: str) -> tuple[str | None, ...]:
    """The cards of the hand ``option``'s bar sits on: those :attr:`Advice.cards` gives it,
    else the card it plays or drops; ``(None,)`` for an option whose bar is on its button."""
    act = Action(option)
    given: tuple[str, ...] = advice.cards.get(option) or ()
    if given:
        return given
    if act.verb in ("play", "discard") and len(act.args) == 1:
        return (act.args[0],)
    return (None,)


def options_on_card(advice: Any, code: str) -> list[str]:
    """The valued options whose bar sits on card ``code`` (:func:`bar_cards`): what a click
    on that card tries in a look back's try again, as the bars would value it."""
    return [a for a in advice.values if code in bar_cards(advice, a)]


def hint_view(s: State, advice: Any, *, round_: int, rounds: int,
              chosen: str | None = None) -> dict[str, Any]:
    """The hint's bars for ``s``: one per valued option, drawn on the game's own scale
    (:func:`_scale`): ``zero`` is where 0 stands, the bar runs from there to the value
    (``at``), and ``low``/``high`` mark its 95% interval, each a fraction of the width. The
    why line names a best only when it is clear (:attr:`Advice.clear_best`); otherwise it
    says which options are about equal. An option's bar sits on each card
    :attr:`Advice.cards` gives it, else on the card it plays or drops, else on its button (a
    Confirm button for a choice of cards). In a look back, ``chosen`` is the option taken
    there; ``chosen_cards`` the cards of the hand it named (outlined)."""
    values: Mapping[str, float] = advice.values
    unit = value_unit(s)
    lo, hi = _scale(advice)

    def where(x: float) -> float:
        return round((x - lo) / (hi - lo), 4)

    clear = advice.clear_best
    close = set(advice.close)
    bars = []
    for a, v in values.items():
        low, high = advice.interval(a)
        cards = bar_cards(advice, a)
        words = _cap(option_words(s, a))  # the bar's tooltip: which option it values
        for card in cards:
            bars.append({"action": a, "card": card, "value": round(v, 3),
                         "stderr": round(advice.stderr[a], 3), "zero": where(0.0),
                         "at": where(v), "low": where(low), "high": where(high),
                         "best": a == clear, "close": clear is None and a in close,
                         "words": words, "text": _points(v),
                         "interval": f"{_points(low)} to {_points(high)}"})
    ranked = sorted(values, key=lambda a: -values[a])
    best = ranked[0]
    if clear is not None:
        why = (f"Hint: {_cap(option_words(s, best))} is best, worth {_points(values[best])} "
               f"{unit} on average (± {advice.half_width(best):.1f})")
        if len(ranked) > 1:
            second = ranked[1]
            why += (f", {advice.margin:.1f} more than {option_words(s, second)} "
                    f"(± {advice.reach(second):.1f})")
    else:
        tied = advice.close
        reach = max(advice.reach(a) for a in tied)
        names = [option_words(s, a) for a in tied]
        listed = f"all {len(names)} {_NOUNS.get(advice.kind, 'options')}" \
            if len(names) == len(values) > TIED_NAMED else _listed(names)
        why = (f"Hint: about equal: {listed} "
               f"(within ± {reach:.1f} {unit}); "
               f"{'more layouts may tell them apart' if round_ + 1 < rounds else 'any of them'}")
    how = HOW_VALUED.get(advice.method, HOW_VALUED["rollouts"])
    why += f" ({advice.n} layouts of the cards you cannot see{how})."
    for left_out, reason in _left_out(s, advice):
        why += f" Not valued: {', '.join(option_words(s, a) for a in left_out)} ({reason})."
    out = {"bars": bars, "best": clear, "close": advice.close, "why": why, "n": advice.n,
           "kind": advice.kind, "round": round_, "more": round_ + 1 < rounds, "unit": unit,
           "zero": where(0.0)}
    if chosen is not None:
        hand = {c.code for c in s.hands[s.to_move]} if s.to_move is not None else set()
        out["chosen"] = chosen
        out["chosen_cards"] = [c for c in Action(chosen).args if c in hand]
    return out


#: the most options the why line names as about equal before it counts the rest (their bars
#: say which: each is marked about equal to the best)
TIED_NAMED = 5


#: what the options of a kind are called in the why line
_NOUNS = {"call": "calls", "play": "cards", "choice": "options"}


def _listed(names: list[str]) -> str:
    """``names`` joined for the why line; past :data:`TIED_NAMED` the first few and a count
    ("… and 22 more"): the two deals of a first Five Hundred bid leave all 26 bids about
    equal, and a line of 26 names is not read."""
    if len(names) <= TIED_NAMED:
        return ", ".join(names)
    return f"{', '.join(names[:TIED_NAMED - 1])} and {len(names) - TIED_NAMED + 1} more"


#: why a call has no value (Five Hundred's pass), in the why line and the look back
_NOT_PLAYED_OUT = ("a call is valued as the contract it makes; passing leaves the contract "
                   "to the others' bids, which are not played out")
#: why Five Hundred's pass has no value where the calls are valued with open hands: a guessed
#: deal's auction after it ran past the solver's budget (the others' contract too long to search)
_PASS_TOO_LONG = "the contract passing leads to was too long to search on a guessed deal"
#: why an action beside the cards of the play has no bar, by its verb (Pandoeren's manual
#: roem and stuk: an unannounced one is lost, and an announcement never costs points;
#: Officer Skat's Re still open at the opening lead, B-6: the cards are valued with Re unsaid)
_BESIDE_THE_CARDS = {"announce": "the hint values the cards you may play; an announcement "
                                 "can only add to your side's points, and roem or stuk not "
                                 "announced in time is lost",
                     "re": "the hint values the cards you may play as if you do not say Re; "
                           "Re doubles the deal's score again, whoever wins it"}


def _left_out(s: State, advice: Any) -> list[tuple[list[str], str]]:
    """The legal options ``advice`` leaves without a bar, each group with the reason the why
    line gives: an auction's calls it does not value (Five Hundred's pass, each bid being
    valued as the contract it makes) and, in the play, the actions beside the cards
    (Pandoeren's manual announcements), so no button is left bare without a word."""
    legal = [str(a) for a in s.legal_actions()]
    if advice.kind == "call":
        calls = [a for a in legal if a not in advice.values]
        why = _PASS_TOO_LONG if advice.method == "open hands" else _NOT_PLAYED_OUT
        return [(calls, why)] if calls else []
    if advice.kind != "play":
        return []
    out: dict[str, list[str]] = {}
    for a in legal:
        verb = Action(a).verb
        if a not in advice.values and verb != "play":
            out.setdefault(verb, []).append(a)
    return [(acts, _BESIDE_THE_CARDS.get(verb, "the hint values the cards you may play"))
            for verb, acts in out.items()]


def look_back_view(line: list[State], look: Any, current: int | None,
                   tries: Mapping[int, str] | None = None) -> dict[str, Any]:
    """The look back's list: each decision's step on ``line`` (the table's steps), its cost
    in words, the costly first. ``tries``: decision → where its try again stands
    (``"open"``, ``"found"`` or ``"shown"``); an open one's words do not name the best."""
    steps = {len(t.history): i for i, t in enumerate(line)}
    tries = tries or {}
    rows = []
    for k, d in enumerate(look.decisions):
        s = line[steps[d.index]] if d.index in steps else None
        if s is None:
            continue
        chosen, best = option_words(s, d.chosen), option_words(s, d.best)
        name = s.game.seat_name(d.seat)
        if d.chosen == d.best:
            words = f"{name}: {chosen}, the best option by the estimate"
        elif d.chosen not in d.advice.values:
            reason = next((why for acts, why in _left_out(s, d.advice) if d.chosen in acts),
                          "the estimate values the other options")
            words = f"{name}: {chosen} (not valued: {reason})"
        elif d.cost <= 0 and d.advice.values[d.chosen] >= d.advice.values[d.best]:
            words = f"{name}: {chosen}, as good as the best"  # a tie: no ± 0.0 to read
        elif d.cost <= 0:
            words = (f"{name}: {chosen}, about as good as the best "
                     f"(within ± {d.advice.reach(d.chosen):.1f} {value_unit(s)})")
        elif tries.get(k) == "open":  # the learner tries to find it first
            words = (f"{_points(-d.cost)} {value_unit(s)}, {d.grade}: {name} chose {chosen}; "
                     f"try again to find better")
        else:
            words = (f"{_points(-d.cost)} {value_unit(s)}, {d.grade}: {name} chose {chosen}; "
                     f"{best} was worth {d.cost:.1f} more (± {d.advice.reach(d.chosen):.1f})"
                     + ("; you found a better option" if tries.get(k) == "found" else ""))
        # the exact verdict with every hand open, where the solver told it (the deal is
        # over: every card it read has been played); kept out of an open try again
        solved = d.open_hands_words() if tries.get(k) != "open" else ""
        if solved:
            words += f". {solved}"
        rows.append({"i": k, "step": steps[d.index], "cost": round(d.cost, 3),
                     "stderr": round(d.stderr, 3), "chosen": d.chosen,
                     "best": None if tries.get(k) == "open" else d.best,
                     "grade": d.grade, "words": words, "current": k == current,
                     "try": tries.get(k), "open_hands": solved})
    return {"decisions": rows, "current": current}


def _a(noun: str) -> str:
    """``'an inaccuracy'``, ``'a mistake'``."""
    return f"{'an' if noun[:1] in 'aeiou' else 'a'} {noun}"


def try_prompt(s: State, d: Any) -> str:
    """What a try again asks at decision ``d`` (``s``: the state it was made in): the choice
    made, what it cost, and how to try another."""
    how = {"play": "click a card", "call": "choose a call below"}.get(
        d.advice.kind, "click a card, or choose below")
    return (f"Try again: you chose {option_words(s, d.chosen)} here, {_a(str(d.grade))} "
            f"({_points(-d.cost)} {value_unit(s)}). Find a better option: {how}")


def try_verdict(s: State, d: Any, option: str, wrong: int) -> tuple[bool, str]:
    """A try of ``option`` at decision ``d``, judged by the look back's own advice: found
    (True) when it is within reach of the best (:meth:`Advice.cost` 0), the words said, and
    ``wrong`` the wrong tries so far, this one included."""
    advice = d.advice
    tried, chosen, unit = option_words(s, option), option_words(s, d.chosen), value_unit(s)
    if advice.cost(option) <= 0:
        how = ("the best option here" if option == advice.clear_best
               else "about as good as the best here")
        gain = advice.values[option] - advice.values[d.chosen]
        more = f", worth {gain:.1f} {unit} more than {chosen}" if gain > 0 else ""
        return True, (f"Well found: {tried} is {how} by the estimate{more}. The bars "
                      f"show every option")
    offer = ", or press Show me for the answer" if wrong >= WRONG_BEFORE_SHOW else ""
    return False, (f"Not better yet: {tried} still falls short of the best by the "
                   f"estimate. Try again{offer}")


def answer_words(s: State, d: Any) -> str:
    """The answer a try again shows (Show me): the best option, or the options about equal
    to it, and what the choice made gave up."""
    advice = d.advice
    chosen, unit = option_words(s, d.chosen), value_unit(s)
    gave = f"{d.cost:.1f} {unit} (± {advice.reach(d.chosen):.1f})"
    best = advice.clear_best
    if best is not None:
        return (f"The answer: {option_words(s, best)} is the best option here by the estimate; "
                f"{chosen} gave up {gave}. The bars show every option")
    close = [option_words(s, a) for a in advice.close]
    return (f"The answer: {', '.join(close)} are about equal, the best here by the estimate; "
            f"{chosen} gave up {gave}. The bars show every option")
