"""A heuristic Officer Skat player: chooses the game from its visible face-up cards,
says Kontra/Re on strong visible trumps, and plays simple card-point tactics.

It reads only ``state.view(seat)`` (which shows face-up cards only) and
``state.legal_actions()``, plus the public rules (card ranks and points). Its card play
is written once for both forms of the ``"heuristic"`` player
(:mod:`cardlab.bots.officer_skat_play`): this bot calls it on the one deal it sees, the
batch simulator on every deal of a batch.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Final

from cardlab.bots import SeededBot, peek
from cardlab.bots.officer_skat_play import RULES, args_of_view, play_choice, play_tables
from cardlab.cards import Card
from cardlab.engine.action import Action
from cardlab.engine.state import State
from cardlab.games.officer_skat.rules import PACK_ORDER, SUITS, trick_order
from cardlab.games.officer_skat.scoring import contract_words

__all__ = ["HeuristicBot", "game_scores", "card_weight", "card_weight_table", "SCORED_GAMES"]

#: How much a visible card is worth to each kind of game (hand evaluation weights).
JACK_WEIGHT: Final = 3.0
TRUMP_WEIGHT: Final = 2.0
HIGH_TRUMP_BONUS: Final = 1.0
SIDE_ACE_WEIGHT: Final = 1.5
SIDE_TEN_WEIGHT: Final = 0.5
GRAND_JACK_WEIGHT: Final = 3.5
GRAND_ACE_WEIGHT: Final = 2.0
GRAND_TEN_WEIGHT: Final = 1.0
GRAND_FEW_JACKS_PENALTY: Final = 4.0
#: Null likes low cards and hates high ones (fewest card points, or no trick).
NULL_WEIGHTS: Final = {"7": 2.0, "8": 1.5, "9": 1.0, "10": -0.5, "J": 0.5, "Q": -0.5, "K": -1.0,
                       "A": -2.0}
#: A game must score at least this much (per visible card) or the bot passes (when allowed).
PASS_THRESHOLD_PER_CARD: Final = 1.0
#: Kontra when the bot's own visible cards would score this well in the declared game.
KONTRA_PER_CARD: Final = 1.4
#: Re when this share of the declarer's visible cards are trumps.
RE_TRUMP_SHARE: Final = 0.5


#: The games the hand evaluation scores, in ``GAME_CALLS`` order (Ramsch has no score: the
#: bot never chooses it, it only passes into it).
SCORED_GAMES: Final = (*SUITS, "grand", "null")
#: Grand is marked down (``GRAND_FEW_JACKS_PENALTY``) with fewer jacks than this.
GRAND_FEW_JACKS: Final = 2


def card_weight(game: str, card: Card) -> float:
    """What one visible ``card`` adds to the strength of ``game`` (one of
    :data:`SCORED_GAMES`); :func:`game_scores` adds these up."""
    if game in SUITS:
        if card.rank == "J":
            return JACK_WEIGHT
        if card.suit == game:
            return TRUMP_WEIGHT + (HIGH_TRUMP_BONUS if card.rank in ("A", "10") else 0.0)
        if card.rank == "A":
            return SIDE_ACE_WEIGHT
        return SIDE_TEN_WEIGHT if card.rank == "10" else 0.0
    if game == "grand":
        return (GRAND_JACK_WEIGHT if card.rank == "J" else GRAND_ACE_WEIGHT if card.rank == "A"
                else GRAND_TEN_WEIGHT if card.rank == "10" else 0.0)
    return NULL_WEIGHTS[card.rank]


@cache
def card_weight_table() -> tuple[tuple[float, ...], ...]:
    """``[game][card]`` :func:`card_weight` of each of :data:`SCORED_GAMES` and each card of
    the pack (index in ``PACK_ORDER``): what the batch simulator looks the scores up in."""
    return tuple(tuple(card_weight(g, c) for c in PACK_ORDER) for g in SCORED_GAMES)


def game_scores(cards: list[Card], games: list[str]) -> dict[str, float]:
    """A strength score for each game from the visible ``cards`` (higher is better): the
    sum of the cards' :func:`card_weight`, Grand less ``GRAND_FEW_JACKS_PENALTY`` with
    fewer than ``GRAND_FEW_JACKS`` jacks."""
    out: dict[str, float] = {}
    jacks = sum(1 for c in cards if c.rank == "J")
    for g in games:
        if g in SCORED_GAMES:
            v = 0.0
            for c in cards:
                v += card_weight(g, c)
            if g == "grand" and jacks < GRAND_FEW_JACKS:
                v -= GRAND_FEW_JACKS_PENALTY
            out[g] = v
    return out


class HeuristicBot(SeededBot):
    """Chooses by simple, explainable rules; ties are broken by its seeded generator."""

    def choose(self, state: State) -> Action:
        """The action for the seat to move, from its view and the legal actions."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.to_move
        view = state.view(seat)
        deck = state.game.deck
        mine = [deck.parse(c) for c in view["hands"][seat]["cards"]]
        phase = view["phase"]
        if phase == "declare":
            return self._declare(legal, mine)
        if phase == "kontra":
            return self._kontra(legal, mine, view["contract"])
        if phase == "re":
            trumps = sum(1 for c in mine if trick_order(view["contract"]).is_trump(c))
            return Action("re" if mine and trumps / len(mine) >= RE_TRUMP_SHARE else "no_re")
        # B-6 re_window=until_opening_lead: ``re`` may stand beside the opening lead. The bot
        # judges Re on its own face-up cards, which it already judged at step 10 (the same
        # cards), so it declines by leading.
        plays = [a for a in legal if a.verb == "play"]
        if len(plays) == 1:
            return plays[0]
        return self._play(state, view, plays)

    # -- reasons ---------------------------------------------------------------------
    def scores(self, state: State) -> dict[str, float]:
        """This bot's score of each game it may declare now for the seat to move, from the
        cards it sees (:func:`game_scores`), and its bar for declaring instead of passing
        under ``"pass"``."""
        seat = state.to_move
        deck = state.game.deck
        mine = [deck.parse(c) for c in state.view(seat)["hands"][seat]["cards"]]
        games = [a.args[0] for a in state.legal_actions() if a.verb == "declare"]
        out = dict(game_scores(mine, games))
        out["pass"] = PASS_THRESHOLD_PER_CARD * len(mine)
        return out

    def explain(self, state: State) -> str:
        """Why this bot makes its call now, in words: its choice of game by the score of its
        visible cards, Kontra and Re by its trumps."""
        action = peek(self, state)
        assert isinstance(action, Action)
        text = str(action)
        legal = state.legal_actions()
        if len(legal) == 1:
            return f"{text}: the only legal action."
        seat = state.to_move
        view = state.view(seat)
        deck = state.game.deck
        mine = [deck.parse(c) for c in view["hands"][seat]["cards"]]
        shown = " ".join(c.unicode() for c in mine)
        phase = view["phase"]
        if phase == "declare":
            scores = self.scores(state)
            bar = scores.pop("pass")
            ranked = sorted(scores, key=lambda g: -scores[g])
            if action.verb == "pass":
                return (f"{text}: its best game, {contract_words(ranked[0])}, scores "
                        f"{scores[ranked[0]]:.1f} on its cards ({shown}), below the {bar:.1f} "
                        f"it needs to declare.")
            game = action.args[0]
            return (f"{text}: {contract_words(game)} scores {scores[game]:.1f} on its cards "
                    f"({shown}), the best of the games it may declare"
                    + (f" (the next, {contract_words(ranked[1])}, {scores[ranked[1]]:.1f})"
                       if len(ranked) > 1
                       and ranked[1] != game else "") + ".")
        if phase == "kontra":
            contract = view["contract"]
            score = game_scores(mine, [contract]).get(contract, 0.0)
            need = KONTRA_PER_CARD * max(1, len(mine))
            if contract == "null":
                return f"{text}: a Null is hard to judge from a few cards, so it never doubles it."
            return (f"{text}: its cards ({shown}) score {score:.1f} for {contract}, "
                    + ("at least" if action.verb == "kontra" else "below")
                    + f" the {need:.1f} it wants before doubling.")
        if phase == "re":
            order = trick_order(view["contract"])
            trumps = sum(1 for c in mine if order.is_trump(c))
            return (f"{text}: {trumps} of its {len(mine)} cards are trumps, "
                    + ("at least" if action.verb == "re" else "below")
                    + f" the share of {RE_TRUMP_SHARE:.0%} it wants for Re.")
        plays = [a for a in legal if a.verb == "play"]
        if len(plays) == 1:
            return f"{text}: its only playable card."
        return f"{text}: {RULES[self._card(state, view, plays)[1]]}."

    # -- calls -----------------------------------------------------------------------
    def _declare(self, legal: list[Action], mine: list[Card]) -> Action:
        games = [a.args[0] for a in legal if a.verb == "declare"]
        scores = game_scores(mine, games)
        if not scores:
            return legal[-1]
        best = max(scores.values())
        top = [g for g in games if scores.get(g) == best]
        choice = top[self._rng.randbelow(len(top))]
        if Action("pass") in legal and best < PASS_THRESHOLD_PER_CARD * len(mine):
            return Action("pass")
        return Action(f"declare {choice}")

    def _kontra(self, legal: list[Action], mine: list[Card], contract: str) -> Action:
        scores = game_scores(mine, [contract])
        strong = scores.get(contract, 0.0) >= KONTRA_PER_CARD * max(1, len(mine))
        if contract == "null":
            strong = False  # a Null is hard to judge from four cards: never double it
        return Action("kontra" if strong else "no_kontra")

    # -- play --------------------------------------------------------------------------
    def _play(self, state: State, view: dict[str, Any], legal: list[Action]) -> Action:
        card, _ = self._card(state, view, legal)
        return Action(f"play {state.game.deck[card]}")

    def _card(self, state: State, view: dict[str, Any], legal: list[Action]
              ) -> tuple[int, int]:
        """The card to play (its index in the pack) and the rule that chose it, by the
        play written once for both forms of the player
        (:func:`~cardlab.bots.officer_skat_play.play_choice`, on this one deal)."""
        card, rule = play_choice(play_tables(),
                                 *args_of_view(state.game, view, view["to_move"], legal))
        return int(card), int(rule)
