"""The table's view model: what the front end draws of the step at the cursor, for this
viewer, as one JSON-able dict (:meth:`TableView._build_view`).

:class:`TableView` is a part of :class:`~cardlab.widgets.table.Table` (a mixin). What the
viewer may see is decided by the engine's view layer (``State.view``); this builds on it:
the card faces and labels, the actions and choices offered, the trump strip, each seat's
last call, the result panel, the hint's bars and the look back, the teacher's bar. What it
works out about a state is kept per state and viewer (states are immutable), so stepping
back and forth recomputes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlab.engine.action import Action
from cardlab.engine.state import State
from cardlab.errors import IllegalAction
from cardlab.widgets._cards import card_face
from cardlab.widgets._open_hands import every_card_seen, open_hands_view
from cardlab.widgets._table_parts import TableParts
from cardlab.widgets._table_words import (
    _plain_panel,
    call_words,
    confirm_words,
    facts_words,
    ladder_row,
    led_words,
    sides_in_words,
)
from cardlab.widgets._view import PLACES, card_args, card_info, describe, result_panel
from cardlab.widgets._words import call_meaning_words, rule_note, without_rule_ids


class TableView(TableParts):
    """The view of the step at the cursor, and what it is built from."""

    def _publish(self, message: str = "", download: dict[str, Any] | None = None) -> None:
        self.view = self._build_view(message, download)
        self._sync_probes()
        self._hint_ahead()

    def _refuse(self, message: str, rule: str | None) -> None:
        # the sentence in words; the rule it applies behind a "the rule" expander
        self.view = {**self.view, "message": without_rule_ids(message),
                     "message_rule": rule_note(rule)}

    def _build_view(self, message: str = "",
                    download: dict[str, Any] | None = None) -> dict[str, Any]:
        """The view of the step at the cursor (what :meth:`_publish` publishes)."""
        got = self._look_decision() if self._eye is None else None
        if got is not None and self._tries.get(got[0], {}).get("status") == "open":
            # a try again puts the learner back in the seat's own view, whatever this table
            # shows besides: hidden stays hidden until the answer
            self._eye = (got[1].seat, ())
            try:
                return self._build_view(message, download)
            finally:
                self._eye = None
        self._sync_faces()
        s = self.state
        game = s.game
        gv = self._game_view(s)
        mover = s.to_move
        actor = self._learner()
        verbs = game.spec.card_verbs
        # the legal list this viewer may see, as the engine's view layer decided it
        legal = [Action(a) for a in gv.get("legal") or []]
        info = self._card_info(s, gv, legal)
        acting_here = actor is not None and actor == mover
        hand_visible = acting_here and self._sees(actor)
        actor_cards = self._clickable_cards(s, actor) if hand_visible and actor is not None \
            else set()
        actions = []
        if acting_here:
            for a in legal:
                cards = card_args(game, a)
                if cards and (not hand_visible or all(c in actor_cards for c in cards)):
                    continue  # played by clicking the cards (or not the viewer's to see)
                actions.append({"action": str(a), "label": describe(s, a),
                                "row": ladder_row(game, a), "text": call_words(game, a),
                                "meaning": call_meaning_words(game, str(a))})
        choices = []
        if self._selection and acting_here:
            chosen = sorted(self._selection)
            for a in legal:
                if a.verb in verbs and sorted(card_args(game, a)) == chosen:
                    choices.append({"action": str(a), "label": describe(s, a),
                                    "text": "Confirm: " + confirm_words(s, a)})
        narration = self._narration(s)
        prev_line, prev_step = self._last_step
        if prev_line is self._line and prev_step <= self._cursor:
            news = narration[prev_step:self._cursor]
        else:
            news = narration[-1:]
        self._last_step = (self._line, self._cursor)
        result = s.result if s.is_over else None
        hint, look = self._advice_view(s)
        n = len(game.seat_names)
        bottom = self.seat if self.seat is not None else 0
        places = PLACES.get(n, PLACES[6] + ("top",) * max(0, n - 6))
        view: dict[str, Any] = {
            **gv,
            "message": without_rule_ids(message),
            "message_rule": None,
            # the engine's lines about the situation cite their rules: a person reads words
            "info": [without_rule_ids(str(x)) for x in gv.get("info") or []],
            **({"matadors": without_rule_ids(gv["matadors"])}
               if isinstance(gv.get("matadors"), str) else {}),
            "status": self._status(),
            "mode": self._mode,
            "step": self._cursor,
            "steps": len(self._line) - 1,
            "learner": self.seat,
            "show_all": bool(self.show_all) and self._eye is None,
            "teacher": (self._teacher_bar() if self.teacher
                        and not getattr(self, "_probing", False) else None),
            "projector": bool(self.projector),
            "places": [places[(i - bottom) % n] for i in range(n)],
            "card_info": info,
            "actions": actions,
            "selection": list(self._selection),
            "choices": choices,
            "narration": narration,
            # the bot's reason beside each sentence ("" for none, or one hidden from this viewer)
            "narration_why": self._narration_why(s),
            "news": news,
            "trump_strip": self._trump_strip(s, gv),
            # the hand whose cards are played now (a ghost partner's, or the mover's own)
            "playing": self._playing_hand(s),
            # the cards the declarer took from the kitty, marked in its hand until the discard
            "from_kitty": self._from_kitty(s, gv),
            "prompt": self._prompt(s, legal, acting_here),
            "led_words": led_words(game, gv),
            "facts_words": [without_rule_ids(x) for x in facts_words(game, gv)],
            "result_lines": ([sides_in_words(game, without_rule_ids(str(x)))
                              for x in result.breakdown]
                             if result is not None else []),
            # each seat's last call, by its seat, while the auction goes on
            "seat_calls": self._seat_calls(s, gv),
            # the result panel of a finished deal: heading, points per side, breakdown in words
            "result": (_plain_panel(game, result_panel(
                game, result, {h["seat"]: str(h.get("name") or h["seat"]) for h in gv["hands"]}))
                       if result is not None else None),
            "has_record": self._record is not None,
            "branched": self.branched,
            "can_undo": self._mode == "play" and self._cursor > 0,
            "can_save": True,
            "can_save_full": self._line[-1].is_over or bool(self.show_all),
            "paused": bool(self.paused),
            "bot_pending": ({"step": self._cursor, "delay_ms": int(self.bot_delay * 1000)}
                            if self.bot_delay > 0 and self._bot_should_move() else None),
            "download": download,
            "hint": hint,
            "open_hands": (open_hands_view(
                self._line, self._cursor, all_seen=every_card_seen(s, gv),
                memo_of=self._memo_of) if self.open_hands else None),
            "hint_pending": ({"step": self._cursor} if hint is not None and hint.get("more")
                             and self._look is None else None),
            "look_back": look,
            "can_hint": acting_here and self._sees(actor) and self._mode == "play",
            # a look back is at the decisions of the seats people played (none on a
            # teacher's table until the teacher takes a seat)
            "can_look_back": (self._line[-1].is_over and self._look is None
                              and (self.seat is not None or bool(self._humans()))),
        }
        return view

    def _memo_of(self, s: State) -> dict[Any, Any]:
        memo = self._memo.get(s)
        if memo is None:
            memo = self._memo[s] = {}
        return memo

    def _game_view(self, s: State) -> dict[str, Any]:
        """The game's view of ``s`` for this viewer (built once per state and viewer; shared by
        the published view, so never mutated after it is made)."""
        memo = self._memo_of(s)
        key = ("view", *self._vkey())
        view = memo.get(key)
        if view is None:
            view = memo[key] = self._make_game_view(s)
        return view

    def _make_game_view(self, s: State) -> dict[str, Any]:
        # what this viewer may see is decided by the engine's view layer, not here
        return s.view(self._viewer(), shown=self._shown_arg())

    def _card_info(self, s: State, gv: Mapping[str, Any],
                   legal: list[Action]) -> dict[str, dict[str, Any]]:
        """:func:`card_info` of ``s`` for this viewer, once per state (card faces and labels
        are shared between states of the same game)."""
        memo = self._memo_of(s)
        key = ("info", *self._vkey())
        info = memo.get(key)
        if info is None:
            if self._faces_game is not s.game:
                self._faces, self._faces_game = {}, s.game
            info = memo[key] = {code: ({**d, "label": without_rule_ids(d["label"]),
                                        "reason": without_rule_ids(d.get("reason") or ""),
                                        "roles": [without_rule_ids(str(r))
                                                  for r in d.get("roles") or []]}
                                       if "label" in d else d)
                                for code, d in card_info(s, gv, legal, faces=self._faces).items()}
        return info

    def _trump_strip(self, s: State, gv: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The trumps of this deal, high to low as ``s.trump_order()`` gives them, each marked
        if already played (every play is public): the strip a learner reads the order from.
        None in an auction, and none where the order has no trumps (a no-trump contract)."""
        memo = self._memo_of(s)
        if "strip" in memo:
            return memo["strip"]  # type: ignore[no-any-return]
        strip: list[dict[str, Any]] = []
        if gv.get("phase") != "auction" and not s.is_over:
            try:
                order = s.trump_order()
                if order:
                    s.effective_suit(order[0])
            except NotImplementedError:
                order = []
            deck_size = len(s.game.deck)
            # a trump order that runs through the plain suits too (Pandoeren's) has trumps
            # only where the view names a trump suit
            if order and (gv.get("trump") or len(order) < deck_size // 2):
                top = s.effective_suit(order[0])
                trumps = [c for c in order if s.effective_suit(c) == top]
                played = {c for a in s.history if a.verb == "play"
                          for c in card_args(s.game, a)}
                strip = []
                for rank, c in enumerate(trumps, 1):
                    face = card_face(s.game, c)
                    gone = c.code in played
                    face["label"] = (f"{face['name']}, trump number {rank}"
                                     + (", already played" if gone else ""))
                    strip.append({"card": c.code, "played": gone, "face": face})
        memo["strip"] = strip
        return strip

    def _seat_calls(self, s: State, gv: Mapping[str, Any]) -> dict[str, str]:
        """Each seat's last call in words (``{"1": "six clubs", "2": "pass"}``, keyed by the
        seat as text), from the view's auction, until the first card is played: the table
        shows them where the seats sit."""
        auction = gv.get("auction") or []
        if not auction or any(a.verb == "play" for a in s.history):
            return {}
        game = s.game
        ladder = getattr(game, "ladder", None)
        said: dict[str, str] = {}
        for entry in auction:
            call = str(entry.get("call", ""))
            try:
                if ladder is not None and call in ladder:
                    words = str(ladder.label_of(call)).split(": ")[0]
                else:
                    words = call_words(game, Action(call))
            except (ValueError, TypeError, IllegalAction):
                words = call.replace("_", " ")
            said[str(entry.get("seat"))] = words
        return said

    def _status(self) -> str:
        view = self._game_view(self.state)
        if view.get("phase") == "done" or view.get("to_move") is None:
            return "the deal is over"
        who = self.state.game.seat_name(view["to_move"])
        verb = {"play": "play", "auction": "bid"}.get(str(view.get("phase")), "move")
        return f"{who} to {verb}"
