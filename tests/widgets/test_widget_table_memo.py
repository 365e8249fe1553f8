"""Table: the per-state memo (game view, card info, narration) changes no view.

The widget computes each state's game view, card info and narration once per viewer and
reuses them; these tests compare every view it publishes with the view a fresh Table
(nothing memoised yet) draws of the same state, and check that a view published earlier
is not changed by later intents (the memo is shared, never mutated).
"""

from __future__ import annotations

import copy
from typing import Any

from widget_support import send, synced_view

import cardlab
from cardlab.bots import RandomBot, play_out
from cardlab.widgets import Table

#: view keys that depend on the state and the viewer only (not on how the table got there)
STATE_KEYS = ("hands", "legal", "card_info", "actions", "choices", "narration", "status",
              "trick", "extras", "last_trick", "info", "step", "steps")


def same_as_fresh(w: Table) -> None:
    """``w``'s view of its state equals a fresh Table's view of the same line and step."""
    fresh = Table(w._line[-1], seat=w.seat, show_all=w.show_all, mode="review", step=w.step)
    fresh._selection = list(w._selection)
    fresh._publish()
    got, want = synced_view(w), synced_view(fresh)
    for key in STATE_KEYS:
        if key in ("actions", "choices") and w.mode != "play":
            continue
        assert got[key] == want[key], key


def test_toy_views_at_every_step_match_a_fresh_table_for_every_viewer(toy):
    s = toy.deal(hands=["JH AS KS", "QS JS AH"], kitty="KH QH", dealer=0)
    final = play_out(s, [RandomBot(seed=1), RandomBot(seed=2)])
    for seat, show_all in ((0, False), (1, False), (None, False), (None, True), (0, True)):
        w = Table(final, seat=seat, show_all=show_all, mode="review")
        seen = []
        for k in range(w.step, len(w._line)):
            send(w, {"type": "step", "to": k})
            same_as_fresh(w)
            seen.append(copy.deepcopy(synced_view(w)))
        for k in reversed(range(len(seen))):  # back again: memoised views are unchanged
            send(w, {"type": "step", "to": k})
            assert synced_view(w)["card_info"] == seen[k]["card_info"]
            assert synced_view(w)["narration"] == seen[k]["narration"]
            assert synced_view(w)["hands"] == seen[k]["hands"]


def test_show_all_narration_is_the_engines_narration(toy):
    """With every hand shown nothing is hidden: the narration is ``state.narration()``."""
    s = toy.deal(hands=["JH AS KS", "QS JS AH"], kitty="KH QH", dealer=0)
    final = play_out(s, [RandomBot(seed=3), RandomBot(seed=4)])
    w = Table(final, seat=None, show_all=True, mode="review")
    for k in range(len(w._line)):
        send(w, {"type": "step", "to": k})
        assert synced_view(w)["narration"] == w.state.narration()


def test_five_hundred_clicks_undo_and_seat_changes_match_a_fresh_table():
    """Play mode over a real game: card clicks (the bots answer), undo, replay and a seat
    change; every view equals a fresh Table's, and earlier views stay as published."""
    game = cardlab.load("five_hundred")
    state = game.deal(seed=7, dealer=3)
    w = Table(state, seat=0, mode="play", bot_delay=0, bots="random")
    published: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for _ in range(2):
        while not w.state.is_over and w.state.to_move == 0:
            before = w.step
            # a card a click plays at once (leading the joker first asks for a suit)
            legal = [c for c, i in synced_view(w)["card_info"].items()
                     if i.get("legal") and i.get("owner") == 0 and c != "JK"]
            if legal:
                send(w, {"type": "play", "card": legal[0]})
            else:
                acts = synced_view(w)["actions"] or [{"action": a} for a in synced_view(w)["legal"]]
                send(w, {"type": "act", "action": acts[0]["action"]})
            assert w.step > before, w.message
            same_as_fresh(w)
            published.append((w.view, copy.deepcopy(w.view)))
            if len(published) > 12:
                break
        undone = 0
        while w.view["can_undo"] and not send(w, {"type": "undo"}):
            same_as_fresh(w)
            undone += 1
        assert undone > 0
    w.seat = 2
    same_as_fresh(w)
    w.show_all = True
    same_as_fresh(w)
    for view, snapshot in published:
        assert view == snapshot
