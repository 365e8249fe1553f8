"""The ``"expert"`` bot level: every decision by the coach's evaluator.

:class:`ExpertBot` asks :func:`cardlab.sim.advice.advise` to value the options of the
seat to move — perfect-information Monte Carlo over layouts of the cards that seat cannot
see: the card plays by the batch's play after each, a bid or a choice of game as if it
became the contract, a discard, nomination, trump or partner call (Panfin: tengo, fold,
servito) by the play that follows it — and takes the option valued best.

What the evaluator does not value, the expert leaves to the game's heuristic bot (the
``"heuristic"`` level), and :meth:`ExpertBot.explain` says so: a decision :func:`advise`
returns nothing for (a one-word call beside the cards, such as Officer Skat's Re said with
the opening lead under B-6; Five Hundred's ghost partners, whose layouts the hint does not
sample), a game or option set with no
simulator, and an auction in which a partner holds the bid (passing leaves the partner's
contract, which the evaluator cannot value from this hand). In an auction the evaluator
values each bid as if it became the contract (Pandoeren's too, in game points:
:mod:`cardlab.sim.pandoeren.contracts`), and passing by the others' auction played on
(Pandoeren's and Five Hundred's, in the same measure: in Pandoeren a passer scores only as
the partner another's contract finds, its called ace, Kereltje's jas; in Five Hundred her
side's points less the other side's, whoever's contract stands, and only while no bid
stands). The expert weighs each bid by what it is worth over passing, layout by layout
(over nothing where passing has no value), as the hint compares them: it bids the best bid
when the low end of the 95% interval of its worth over passing is above
:attr:`ExpertBot.bid_margin`, else it passes (or, where it may not pass, takes that call):
among the calls it takes the one whose interval reaches highest at its low end, not the
best mean (see :func:`_safest_call`). Where the calls are valued with every hand open
(Five Hundred's bids), which flatters the bolder contracts, it keeps the heuristic's own call
unless the evaluator finds it clearly worse than the best (or clearly losing); and a discard
valued card by card, or a card valued with every hand open (Five Hundred's card play), keeps
the heuristic's own unless another is clearly better.

Importing this module registers the level (:func:`cardlab.bots.register_level`);
:func:`cardlab.bots.bot_for` imports it the first time ``"expert"`` is asked for.

>>> import cardlab
>>> from cardlab.bots import bot_for
>>> state = cardlab.load("officer_skat").deal(seed=4, dealer=0)
>>> bot = bot_for("officer_skat", "expert", seed=1)
>>> str(bot.choose(state)) in {str(a) for a in state.legal_actions()}
True
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from cardlab.bots import Bot, bot_for, peek, register_level
from cardlab.engine.action import Action
from cardlab.engine.rng import derive_seed
from cardlab.sim.advice import Z95, Advice, advise, on_sampled_states, valued_options

__all__ = ["ExpertBot", "SAMPLES"]

#: layouts per decision, by kind: a card play, a call (all of them in one batch) and a
#: choice before the play (each option played after its own lead). Small, for speed: a Five
#: Hundred four-player decision still took a median of several seconds in an auction on a
#: loaded two-core machine at 64 layouts (benchmarks/bots_bench.py measures the latency).
SAMPLES = {"play": 16, "call": 24, "choice": 12}


class ExpertBot:
    """A seat that takes the option the coach's evaluator values best (module docstring).

    :param game_name: the registered game it plays (its heuristic bot is the fallback).
    :param seed: seeds the evaluator's layouts (decision by decision: the same state gets
        the same layouts) and the fallback bot.
    :param samples: layouts per decision kind (default :data:`SAMPLES`).
    """

    #: a bid is made when it is worth more than passing (its value where the evaluator values
    #: it, else 0) by this much, in the game's points
    bid_margin: float = 0.0

    def __init__(self, game_name: str, seed: int = 0,
                 samples: dict[str, int] | None = None) -> None:
        self.game_name = game_name
        self.seed = seed
        self.samples = dict(SAMPLES, **(samples or {}))
        self.fallback: Bot = bot_for(game_name, "heuristic", seed=seed)
        self._last: tuple[Any, Advice | None] | None = None

    def __repr__(self) -> str:
        return f"ExpertBot({self.game_name!r}, seed={self.seed})"

    def advice(self, state: Any) -> Advice | None:
        """The evaluator's values of the options now, or None where it values none (then
        the heuristic decides). Each kind of decision gets its own sample budget."""
        # the state itself is kept with its advice: an id alone may be reused by a later
        # state once this one is freed (a match's next deal got a finished deal's card play)
        if self._last is not None and self._last[0] is state:
            return self._last[1]
        seed = derive_seed(self.seed, len(state.history))
        try:
            kind, _ = valued_options(state)
            got = advise(state, n=self.samples.get(kind, SAMPLES["play"]), seed=seed) \
                if kind else None
        except (NotImplementedError, LookupError, ValueError):
            got = None  # no simulator for this game or these options
        self._last = (state, got)
        return got

    def choose(self, state: Any) -> Action:
        """The option valued best; the heuristic's choice where nothing is valued."""
        legal: list[Action] = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        pick = self._pick(state)
        if pick is None:
            return self.fallback.choose(state)
        return Action(pick)

    def _pick(self, state: Any) -> str | None:
        if state.phase in ("auction", "bidding") and _partner_holds_bid(state):
            return None
        advice = self.advice(state)
        if advice is None:
            return None
        if advice.kind == "choice" and not on_sampled_states(state):
            return self._usual_unless_beaten(state, advice)
        if advice.kind == "play" and advice.method == "open hands":
            return self._usual_unless_beaten(state, advice)
        if advice.kind != "call":
            return advice.best
        # each bid by what it is worth over passing, layout by layout (where passing is
        # valued), so "clearly worth more than passing" reads passing's own value
        over = _over_passing(advice)
        if advice.method == "open hands":
            return self._open_hands_call(state, over)
        legal = {str(a) for a in state.legal_actions()}
        safest = _safest_call(over)
        if "pass" in legal and _low(over, safest) <= self.bid_margin:
            return "pass"
        return safest

    def _open_hands_call(self, state: Any, advice: Advice) -> str:
        """A call valued with every hand open (Five Hundred's bids): the heuristic's own call
        unless the evaluator finds it clearly worse than the best, then the call surest to
        score (or passing, where no bid is surely worth more than it). Open hands flatter the
        contracts that need guessing, no-trumps above all, more than the shortfall measured
        on the usual contracts allows: an expert that bid by them alone bid 7NT without
        the joker and went down, and lost to the heuristic by 30 points a deal.
        ``advice``: each bid's worth over passing (:func:`_over_passing`)."""
        usual = str(peek(self.fallback, state))
        legal = {str(a) for a in state.legal_actions()}
        if usual == "pass":
            if all(advice.interval(a)[0] <= self.bid_margin for a in advice.values):
                return usual  # no bid is clearly worth more than passing
        elif usual in advice.values:
            if advice.interval(usual)[1] < self.bid_margin and "pass" in legal:
                return "pass"  # the usual bid is clearly worth less than passing
            if usual in advice.close:
                return usual
        safest = _safest_call(advice)
        if "pass" in legal and _low(advice, safest) <= self.bid_margin:
            return "pass"
        return safest

    def _usual_unless_beaten(self, state: Any, advice: Advice) -> str:
        """The heuristic's own option unless the evaluator finds another clearly better,
        where its estimate is the noisiest or the most biased: a discard valued card by card
        (the lead after it, played out by the heuristic on few layouts, over many options),
        and a card valued with every hand open (open hands flatter the card that needs a
        guess: a finesse "works" on every layout where it works). Taking the best of a dozen
        noisy means took the one its layouts flattered: a Five Hundred expert in seven clubs
        threw the ten of trumps with the kitty and went down where the heuristic's discard
        made it."""
        usual = str(peek(self.fallback, state))
        if advice.clear_best is None and usual in advice.close:
            return usual
        return advice.best

    def explain(self, state: Any) -> str:
        """The evaluator's values in words: the option it takes and what it is worth against
        the next best (with its 95% interval), or that the heuristic decides and why."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return f"{legal[0]}: the only legal action."
        if state.phase in ("auction", "bidding") and _partner_holds_bid(state):
            return _fallback_words(self.fallback, state,
                                   "a partner holds the bid, which this hand cannot value")
        advice = self.advice(state)
        pick = self._pick(state)
        if advice is None or pick is None:
            return _fallback_words(self.fallback, state, "the evaluator values no option here")
        unit = "points"
        ranked = sorted(advice.values, key=lambda a: -advice.values[a])
        lo, hi = advice.interval(ranked[0])
        words = (f"{pick}: by {advice.n} layouts of the hidden cards, the best option "
                 f"{ranked[0]} is worth {advice.values[ranked[0]]:+.1f} {unit} "
                 f"(95% interval {lo:+.1f} to {hi:+.1f})")
        if len(ranked) > 1:
            words += f"; the next, {ranked[1]}, {advice.values[ranked[1]]:+.1f}"
        if advice.kind in ("choice", "play") and pick != ranked[0]:
            usual = "discard" if advice.kind == "choice" else "card"
            words += (f"; no option is clearly better than {pick}, the usual {usual}, so it "
                      f"keeps that")
        if pick == "pass":
            than = (f"passing ({advice.values['pass']:+.1f})" if "pass" in advice.values
                    else "passing (0)")
            words += f"; no bid is surely worth more than {than}, so it passes"
        elif advice.kind == "call" and pick != ranked[0]:
            plo = _low(advice, pick)
            words += (f"; it calls {pick} ({advice.values[pick]:+.1f}, at least {plo:+.1f} "
                      f"by its layouts' spread), the call surest to score")
        return words + "."


def _over_passing(advice: Advice) -> Advice:
    """The bids of ``advice`` each valued over passing: on each layout, the bid's value less
    passing's (a paired difference, so the interval reads how the two differ layout by
    layout); ``advice`` as it is where passing has no value."""
    s = advice.samples
    if "pass" not in advice.values or s is None or "pass" not in s:
        return advice
    base = np.asarray(s["pass"], dtype=float)
    diffs = {a: np.asarray(s[a], dtype=float) - base for a in advice.values if a != "pass"}
    n = len(base)
    return replace(advice, values={a: float(d.mean()) for a, d in diffs.items()},
                   stderr={a: float(d.std() / max(1.0, n) ** 0.5) for a, d in diffs.items()},
                   samples=diffs)


def _safest_call(advice: Advice) -> str:
    """The call whose 95% interval reaches highest at its low end (passing aside).

    A call is valued on few layouts (each is a whole open-hands search), and the call
    with the best mean of many noisy means is most often the one whose layouts flattered it:
    a Five Hundred expert that bid by the mean bid 8NT on 7 layouts (+229, interval +63 to
    +394) and went down 320 on the real cards, where 7C (+211, +178 to +244) was sure. The
    low end makes the expert pay for its own doubt, and grows with more layouts."""
    calls = [a for a in advice.values if a != "pass"] or list(advice.values)
    return max(calls, key=lambda a: (_low(advice, a), advice.values[a]))


def _low(advice: Advice, option: str) -> float:
    """The low end of ``option``'s normal 95% interval from its layouts alone: the expert's
    own margin. The learner's interval (:meth:`Advice.interval`) adds pseudo-layouts so a few
    layouts never look certain; as a rule of play that made the expert pass hands it makes."""
    return advice.values[option] - Z95 * advice.stderr[option]


def _partner_holds_bid(state: Any) -> bool:
    """True when the standing bid is a partner's (another seat of the mover's side)."""
    bidding = getattr(state, "bidding", None)
    calls = getattr(bidding, "calls", None)
    if not calls:
        return False
    seat = state.to_move
    game = state.game
    side_of = getattr(game, "side_of", None)
    if side_of is None:
        return False
    for s, call in reversed(calls):
        if call != "pass":
            return bool(s != seat and side_of(s) == side_of(seat))
    return False


def _fallback_words(bot: Any, state: Any, why: str) -> str:
    explain = getattr(bot, "explain", None)
    said = explain(state) if explain is not None else str(bot.choose(state))
    return f"{said} (the heuristic decides: {why})"


register_level("expert", lambda game_name, seed: ExpertBot(game_name, seed))
