"""The table's intents: the front end's messages in, the table's moves or refusals out.

:class:`TableIntents` is a part of :class:`~cardlab.widgets.table.Table` (a mixin): the
handlers of stepping, playing a card or a call, the bots' timer, undo, play from here and
back to the record, loading and saving. Each handler checks its intent (a refusal is a
:class:`~cardlab.widgets._base.Refusal` in words) before it changes anything. The teacher's
seat bar (:mod:`cardlab.widgets._table_teacher`) and the coach
(:mod:`cardlab.widgets._table_coach`) handle their own intents; :data:`INTENTS` names every
handler.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlab.engine.action import Action
from cardlab.engine.record import from_json
from cardlab.errors import IllegalAction, RecordError, did_you_mean
from cardlab.widgets._base import MAX_TEXT, Refusal, get_int, get_str, need
from cardlab.widgets._cards import parse_code
from cardlab.widgets._table_parts import TableParts
from cardlab.widgets._table_words import _a, _count, call_words
from cardlab.widgets._view import card_args, card_verb
from cardlab.widgets._words import without_rule_ids

WATCHING = "you are watching: the bots play every seat (sit in a seat, or show all hands, to play)"
REVIEW_HINT = "This is the recorded deal: press 'Play from here' to try a move of your own."

#: intent type → the name of the table's method that handles it (here, in the teacher's
#: seat bar and in the coach)
INTENTS: dict[str, str] = {
    "step": "_on_step", "play": "_on_play", "act": "_on_act", "bot": "_on_bot",
    "undo": "_on_undo", "play_from_here": "_on_play_from_here",
    "back_to_record": "_on_back_to_record", "clear_selection": "_on_clear_selection",
    "load": "_on_load", "save": "_on_save", "show_hand": "_on_show_hand",
    "take_seat": "_on_take_seat", "speed": "_on_speed", "pause": "_on_pause",
    "hint": "_on_hint", "hint_more": "_on_hint_more", "look_back": "_on_look_back",
    "look_back_go": "_on_look_back_go", "look_back_close": "_on_look_back_close",
    "look_back_try": "_on_look_back_try", "look_back_show": "_on_look_back_show",
    "look_back_next": "_on_look_back_next", "on_screen": "_on_on_screen",
}


class TableIntents(TableParts):
    """The handlers of the front end's intents (but the seat bar's and the coach's)."""

    def _on_step(self, intent: Mapping[str, Any]) -> None:
        to = get_int(intent, "to")
        last = len(self._line) - 1
        need(0 <= to <= last, f"step {to} is out of range: choose 0 to {last}", "bad_argument")
        self._cursor = to
        self._selection = []
        self._bots_live = False
        self._publish()

    def _on_play(self, intent: Mapping[str, Any]) -> None:
        code = get_str(intent, "card", 12)
        card = parse_code(self.game, code)
        if card is None:  # the suggestion is worked out only for a card that is not one
            need(False, f"unknown card {code!r}"
                 f"{did_you_mean(code.strip().upper(), self.game.deck.codes(), n=4, cutoff=0.5)}"
                 f": not a card of the {self.game.deck.title}", "unknown_card")
        assert card is not None
        s = self.state
        need(not s.is_over, "the deal is over: step back, or load another deal", "game_over")
        actor = self._learner()
        need(actor is not None, WATCHING, "watching")
        assert actor is not None
        code = card.code
        # echo only the code the front end sent: a refusal must not tell where a card is
        need(code in self._clickable_cards(s, actor), f"{code} is not a card in your hand",
             "not_your_card")
        verbs = self.game.spec.card_verbs
        legal = [a for a in s.legal_actions() if a.verb in verbs and code in a.args]
        if s.to_move != actor or not legal:
            verb = card_verb(s, verbs)
            why = s.explain(f"{verb} {code}", seat=actor)
            need(why.legal, f"{self.game.deck.name(card)}: {why}", why.code, why.rule)
        need(self._mode == "play", self._not_playing(), "review_mode")
        singles = [a for a in legal if card_args(self.game, a) == [code]]
        multi = [a for a in legal if len(card_args(self.game, a)) > 1]
        # a choice of cards (a discard, an exchange) is made card by card and committed with
        # Confirm; a card to play goes at once when it is the only thing the click can mean
        choosing = any(a.verb != "play" for a in legal)
        if len(singles) == 1 and not multi and not choosing and not self._selection:
            self._apply(singles[0], actor)
            return
        if code in self._selection:
            self._selection.remove(code)
        else:
            self._selection.append(code)
        self._publish(self._selection_hint())

    def _on_act(self, intent: Mapping[str, Any]) -> None:
        text = get_str(intent, "action", 200)
        s = self.state
        need(not s.is_over, "the deal is over: no more actions", "game_over")
        need(self._mode == "play", self._not_playing(), "review_mode")
        actor = self._learner()
        need(actor is not None, WATCHING, "watching")
        assert actor is not None
        # notation, or the game's words for one legal action of the actor ('bid seven
        # hearts'); IllegalAction for bad notation → message
        action = s._read(text, actor)
        if card_args(self.game, action):
            # an action naming cards is judged against a hand: the viewer must see that hand
            need(self._sees(actor),
                 "you cannot see this hand: show it, or sit in this seat", "hidden_hand")
        self._apply(action, actor)

    def _apply(self, action: Action | str, actor: int) -> None:
        s = self.state
        # the engine judges; the refusal names the rule but not the legal list (which could
        # name cards a spectator may not see)
        verdict = s.judge(action, seat=actor)
        if not verdict.legal:
            what = call_words(s.game, action if isinstance(action, Action) else Action(action))
            need(False, f"'{what}' is not legal: {without_rule_ids(str(verdict.reason))}",
                 verdict.code, verdict.rule)
        nxt = s.apply(action, seat=actor)
        self._advance(nxt)
        self._after_learner_move()
        self._publish()

    def _not_playing(self) -> str:
        """Why a move is refused outside play mode, in words for the mode."""
        if self._mode == "look_back":
            return "This is the look back: close it to step through or play the deal"
        return REVIEW_HINT

    def _on_bot(self, intent: Mapping[str, Any]) -> None:
        step = get_int(intent, "step")
        if step != self._cursor or not self._bot_should_move():
            return  # a stale timer (another view, or the learner moved on): nothing to do
        self._bot_move()
        self._bots_live = True
        self._publish()

    def _on_undo(self, intent: Mapping[str, Any]) -> None:
        need(self._mode == "play", "undo works while you play; in the recorded deal use the "
                                   "step buttons", "review_mode")
        need(self._cursor > 0, "nothing to undo: this is the start of the deal",
             "nothing_to_undo")
        target = self._cursor - 1
        if self.seat is not None:  # back to the learner's own last decision
            while target >= 0 and self._line[target].to_move != self.seat:
                target -= 1
            need(target >= 0, "nothing to undo: you have not moved yet", "nothing_to_undo")
        self._line = self._line[:target + 1]
        self._cursor = target
        self._selection = []
        self._bots_live = False
        self._on_record_prefix()
        if self.bot_delay == 0 and self._cursor == len(self._line) - 1:
            self._run_bots_now()
        self._publish()

    def _on_play_from_here(self, intent: Mapping[str, Any]) -> None:
        need(self._mode == "review", "you are already playing: click a card or a call",
             "already_playing")
        need(not self.state.is_over, "the deal is over here: step back to play from an "
                                     "earlier moment", "game_over")
        mover = self.state.to_move
        if self.teacher and not self._humans() and mover is not None:
            # on a teacher's table the bots play every seat: playing from here means
            # playing the seat to move (the seat bar hands it back)
            self._on_take_seat({"type": "take_seat", "seat": mover, "human": True})
            return
        self._mode = "play"
        self._bots_live = True
        if self.bot_delay == 0:
            self._run_bots_now()
        self._publish("Your move: try a card or a call" if not self._bot_should_move()
                      else "The bots play for the other seats")

    def _on_back_to_record(self, intent: Mapping[str, Any]) -> None:
        rec = self._record
        need(rec is not None, "there is no recorded line: this deal is being played live",
             "no_record")
        assert rec is not None
        need(self._mode == "play" or self._line is not rec, "you are on the recorded line",
             "on_record")
        if self._line is not rec:
            common = 0
            while (common + 1 < min(len(rec), len(self._line))
                   and self._line[common + 1] is rec[common + 1]):
                common += 1
            self._cursor = min(self._cursor, common)
        self._line = rec
        self._mode = "review"
        self._selection = []
        self._bots_live = False
        self._publish("Back on the recorded line")

    def _on_clear_selection(self, intent: Mapping[str, Any]) -> None:
        self._selection = []
        self._publish()

    def _on_load(self, intent: Mapping[str, Any]) -> None:
        text = get_str(intent, "record", MAX_TEXT)
        try:
            state = from_json(text)
        except IllegalAction as err:
            raise Refusal(f"cannot load this record: {err}", code=err.code, rule=err.rule,
                          error=RecordError) from None
        except Exception as err:  # a game's own validation of a tampered record
            raise Refusal(f"cannot load this record: {type(err).__name__}: {err}",
                          code="bad_record", error=RecordError) from None
        if self.seat is not None and self.seat >= state.game.players:
            self.seat = 0
        self._reset(state, "review", 0)
        self._publish(f"Loaded {_a(state.game.title)} record of "
                      f"{_count(len(state.history), 'action')}")

    def _on_save(self, intent: Mapping[str, Any]) -> None:
        full = intent.get("full", False)
        need(isinstance(full, bool), "'full' must be true or false")
        tip = self._line[-1]
        seed = getattr(tip, "seed", None)
        base = f"{tip.game.name}-{'deal' if seed is None else f'seed{seed}'}"
        self._download_id += 1
        if not full:  # what this seat may see, and nothing more
            self._publish("Saved what you can see", download={
                "id": self._download_id, "filename": f"{base}-seen.json",
                "text": self.seen_json()})
            return
        need(tip.is_over or self.show_all,
             "a full record reveals every hand: finish the deal (or show all hands) first")
        self._publish("Full record saved: it reveals every hand", download={
            "id": self._download_id, "filename": f"{base}.json", "text": tip.to_json()})
