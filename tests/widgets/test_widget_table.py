"""Table: intents in, view out, over the toy game (tests/widgets/toy_game.py)."""

from __future__ import annotations

import json

import pytest
from widget_support import leaked, send, synced_view, without_message

import cardlab
from cardlab.engine.view import hand_order
from cardlab.widgets import Table

#: the keys of the view schema every game returns (helper brief), kept by the widget
SCHEMA_KEYS = {"game", "title", "phase", "seat", "to_move", "dealer", "seat_names", "hands",
               "piles", "extras", "trick", "trick_leader", "trick_suit", "last_trick",
               "tricks_won", "auction", "contract", "declarer", "trump", "scores", "chips",
               "info", "legal", "shown"}
#: what the widget adds for the front end
WIDGET_KEYS = {"message", "status", "mode", "step", "steps", "learner", "show_all", "places",
               "card_info", "actions", "selection", "choices", "narration", "news",
               "result_lines", "has_record", "branched", "can_undo", "can_save", "can_save_full",
               "bot_pending", "trump_strip", "prompt", "led_words",
               "download"}

#: a stacked toy deal: N holds JH AS KS, S holds QS JS AH; kitty KH QH; S (dealer+1) calls first
STACK = {"hands": ["JH AS KS", "QS JS AH"], "kitty": "KH QH", "dealer": 0}


def stacked(toy):
    return toy.deal(**STACK)


def finished(toy):
    """S bids hearts, N passes; S discards QS JS; then the three tricks."""
    s = stacked(toy)
    for a in ["bid H", "pass", "discard QS JS", "play AH", "play JH", "play AS", "play KH",
              "play QH", "play KS"]:
        s = s.apply(a)
    assert s.is_over
    return s


def hidden_absent(w, state) -> list[str]:
    """Hidden cards of the widget's viewer that appear in the synced view."""
    return leaked(w, state, w.seat)


def test_view_keeps_the_schema_and_adds_the_widget_keys(toy):
    w = Table(stacked(toy), seat=0, bot_delay=0)
    view = synced_view(w)
    assert SCHEMA_KEYS <= set(view)
    assert WIDGET_KEYS <= set(view)
    json.dumps(view)  # JSON-able, as the comm needs


def test_play_mode_bots_answer_at_once_with_no_delay(toy):
    w = Table(stacked(toy), seat=0, bot_delay=0)
    # S (a bot) called first; now it is N's turn
    assert w.state.to_move == 0 and w.step == 1 and w.mode == "play"
    assert send(w, {"type": "act", "action": "pass"}) == ""
    # S won the auction and discards, then leads: the bots played on to N's turn
    assert w.state.to_move == 0 and w.state.phase == "play"
    assert synced_view(w)["step"] == w.step


def test_legal_cards_marked_and_illegal_reason_in_label(toy):
    w = Table(stacked(toy), seat=0, bot_delay=0)
    send(w, {"type": "act", "action": "pass"})
    view = synced_view(w)
    led = view["trick"][0]["card"]
    info = view["card_info"]
    mine = view["hands"][0]["cards"]
    follow = [c for c in mine if c.endswith(led[-1])]
    assert follow, "the stacked deal lets N follow"
    for c in mine:
        assert info[c]["legal"] == (c in follow)
        if c in follow:
            assert info[c]["label"].endswith(", legal")
        else:
            assert "not legal" in info[c]["label"] and "follow" in info[c]["reason"]


def test_illegal_card_shows_the_reason_and_changes_nothing(toy):
    w = Table(stacked(toy), seat=0, bot_delay=0)
    send(w, {"type": "act", "action": "pass"})
    before = without_message(synced_view(w))
    bad = next(c for c, d in synced_view(w)["card_info"].items()
               if d.get("owner") == 0 and d["legal"] is False)
    msg = send(w, {"type": "play", "card": bad})
    assert "follow" in msg
    assert without_message(synced_view(w)) == before


def test_legal_card_plays_and_view_follows(toy):
    w = Table(stacked(toy), seat=0, bot_delay=0)
    send(w, {"type": "act", "action": "pass"})
    good = next(c for c, d in synced_view(w)["card_info"].items() if d.get("legal"))
    step = w.step
    assert send(w, {"type": "play", "card": good}) == ""
    assert w.step > step
    assert good not in (synced_view(w)["hands"][0]["cards"] or [])


def test_delayed_bots_wait_for_the_front_end_timer(toy):
    w = Table(stacked(toy), seat=1, bot_delay=0.5)
    # S is the learner and calls first
    send(w, {"type": "act", "action": "bid H"})
    view = synced_view(w)
    assert view["bot_pending"] == {"step": 1, "delay_ms": 500}
    send(w, {"type": "bot", "step": 0})  # a stale timer: ignored
    assert w.step == 1 and w.message == ""
    send(w, {"type": "bot", "step": 1})
    assert w.step == 2 and synced_view(w)["bot_pending"] is None  # S's discard now


def test_not_the_learners_turn_is_refused(toy):
    w = Table(stacked(toy), seat=0, bot_delay=0.5)
    assert w.state.to_move == 1
    before = without_message(synced_view(w))
    msg = send(w, {"type": "act", "action": "bid S"})
    assert "turn" in msg
    msg = send(w, {"type": "play", "card": "AS"})
    assert "turn" in msg
    assert without_message(synced_view(w)) == before


def test_stepping_first_back_forward_last_and_out_of_range(toy):
    w = Table(finished(toy), seat=0)
    assert w.mode == "review" and w.step == 0
    n = synced_view(w)["steps"]
    assert n == 9
    send(w, {"type": "step", "to": n})
    assert w.step == n and synced_view(w)["phase"] == "done"
    assert synced_view(w)["result_lines"]
    send(w, {"type": "step", "to": n - 1})
    assert w.step == n - 1
    before = without_message(synced_view(w))
    for bad in (n + 1, -1, 10**9):
        assert "out of range" in send(w, {"type": "step", "to": bad})
        assert without_message(synced_view(w)) == before
    assert len(synced_view(w)["narration"]) == n - 1


def test_narration_follows_the_steps_and_news_has_the_new_sentences(toy):
    w = Table(finished(toy), seat=0)
    send(w, {"type": "step", "to": 3})
    view = synced_view(w)
    assert view["narration"][:2] == ["S bids hearts", "N passes"]
    assert view["news"] == view["narration"][0:3]
    send(w, {"type": "step", "to": 4})
    assert synced_view(w)["news"] == [synced_view(w)["narration"][3]]


def test_hidden_discards_are_not_named_in_narration(toy):
    w = Table(finished(toy), seat=0)
    send(w, {"type": "step", "to": 3})
    assert synced_view(w)["narration"][2] == "S discards two cards"
    assert hidden_absent(w, w.state) == []


def test_hidden_cards_absent_from_synced_view_at_every_step(toy):
    for seat in (0, 1, None):
        w = Table(finished(toy), seat=seat)
        for step in range(synced_view(w)["steps"] + 1):
            send(w, {"type": "step", "to": step})
            assert hidden_absent(w, w.state) == [], (seat, step)


def test_show_all_shows_every_hand(toy):
    w = Table(stacked(toy), seat=0, show_all=True, bot_delay=0.5)
    hands = synced_view(w)["hands"]
    # every hand shown, sorted as held: in the auction, in the pack's order
    deck = [c.code for c in toy.deck]
    assert [h["cards"] for h in hands] == [sorted(["JH", "AS", "KS"], key=deck.index),
                                           sorted(["QS", "JS", "AH"], key=deck.index)]
    w.show_all = False
    assert synced_view(w)["hands"][1]["cards"] is None


def test_undo_goes_back_to_the_learners_last_decision(toy):
    w = Table(stacked(toy), seat=0, bot_delay=0)
    assert "not moved yet" in send(w, {"type": "undo"})
    send(w, {"type": "act", "action": "pass"})
    after = w.step
    assert after > 2
    assert send(w, {"type": "undo"}) == ""
    assert w.step == 1 and w.state.to_move == 0 and w.state.phase == "auction"
    assert w.state is stacked_line_state(w, 1)


def stacked_line_state(w, i):
    return w._line[i]


def test_play_from_here_branches_and_back_to_record(toy):
    w = Table(finished(toy), seat=0, bot_delay=0.5)
    assert REVIEW_WORD in send(w, {"type": "act", "action": "bid S"})
    send(w, {"type": "step", "to": 1})
    recorded = w.to_json()
    assert send(w, {"type": "play_from_here"}).startswith("Your move")
    assert w.mode == "play" and not w.branched
    send(w, {"type": "act", "action": "pass"})
    # N passed as in the record: still on the recorded line (the bots wait for their timer)
    assert not w.branched and w.step == 2
    assert synced_view(w)["bot_pending"] == {"step": 2, "delay_ms": 500}
    send(w, {"type": "back_to_record"})
    send(w, {"type": "step", "to": 1})
    send(w, {"type": "play_from_here"})
    assert w.state.legal_actions() == ["pass"]  # S bid hearts: N can only pass
    send(w, {"type": "back_to_record"})
    assert w.mode == "review"
    assert w.to_json() == recorded


REVIEW_WORD = "Play from here"


def test_branch_then_back_returns_to_the_branch_point(toy):
    s = stacked(toy).apply("pass")  # S passes
    line = s.apply("pass")  # N passes: no trump
    for a in ["play QS", "play AS", "play JH", "play AH", "play JS", "play KS"]:
        line = line.apply(a)
    assert line.is_over
    w = Table(line, seat=0, bot_delay=0)
    send(w, {"type": "step", "to": 1})
    send(w, {"type": "play_from_here"})
    send(w, {"type": "act", "action": "bid S"})  # N bids instead of passing
    assert w.branched and w.state.history[1] == "bid S"
    assert synced_view(w)["branched"] is True
    send(w, {"type": "back_to_record"})
    assert not w.branched and w.step == 1 and w.mode == "review"
    send(w, {"type": "step", "to": 8})
    assert w.state.is_over and w.state.history == line.history


def test_multi_card_discard_by_selection(toy):
    w = Table(stacked(toy), seat=1, bot_delay=0)
    send(w, {"type": "act", "action": "bid H"})  # N (bot) passes; S takes the kitty
    assert w.state.phase == "kitty" and w.state.to_move == 1
    send(w, {"type": "play", "card": "QS"})
    assert synced_view(w)["selection"] == ["QS"] and synced_view(w)["choices"] == []
    send(w, {"type": "play", "card": "JS"})
    assert [c["action"] for c in synced_view(w)["choices"]] == ["discard QS JS"]
    send(w, {"type": "play", "card": "JS"})  # unselect
    assert synced_view(w)["selection"] == ["QS"]
    send(w, {"type": "play", "card": "JS"})
    send(w, {"type": "act", "action": "discard QS JS"})
    assert w.state.phase == "play" and synced_view(w)["selection"] == []


def test_forged_intents_change_only_the_message(toy):
    w = Table(stacked(toy), seat=0, bot_delay=0)
    before = without_message(synced_view(w))
    state = w.state
    forged = [
        None, 5, "play", [], {}, {"type": None}, {"type": 3}, {"type": "explode"},
        {"type": "play"}, {"type": "play", "card": 7}, {"type": "play", "card": "2Z"},
        {"type": "play", "card": "QS"},  # S's card: not in N's hand
        {"type": "play", "card": "KH"},  # in the kitty
        {"type": "play", "card": "x" * 10_000},
        {"type": "act", "action": "play QS"}, {"type": "act", "action": "bid NT"},
        {"type": "act", "action": ""}, {"type": "act", "action": ["pass"]},
        {"type": "step", "to": "3"}, {"type": "step", "to": 2.0}, {"type": "step", "to": True},
        {"type": "step", "to": 99}, {"type": "bot", "step": "x"},
        {"type": "load", "record": "{}"}, {"type": "load", "record": "not json"},
        {"type": "load", "record": 12}, {"type": "save", "full": True},
        {"type": "save", "full": "yes"}, {"type": "back_to_record"},
        {"type": "play_from_here"},
    ]
    for intent in forged:
        msg = send(w, intent)
        assert msg and not msg.startswith("internal error"), (intent, msg)
        assert w.state is state
        assert without_message(synced_view(w)) == before, intent


def test_front_end_may_set_display_settings_only(toy):
    w = Table(stacked(toy), seat=0, bot_delay=0)
    view = synced_view(w)
    w.set_state({"view": {"message": "hacked"}, "seat": 1, "show_all": True,
                 "four_colour": True})
    assert w.seat == 0 and not w.show_all and w.four_colour is True
    assert synced_view(w) == view
    w.set_state({"four_colour": "yes"})
    assert w.four_colour is True


def test_save_and_load_records(toy, tmp_path):
    w = Table(stacked(toy), seat=0, bot_delay=0)
    before = without_message(synced_view(w))
    assert "finish the deal" in send(w, {"type": "save", "full": True})
    assert without_message(synced_view(w)) == before
    assert "'full' must be" in send(w, {"type": "save", "full": "yes"})
    done = finished(toy)
    w2 = Table(done, seat=0)
    # a plain save holds what the seat saw: no record to load, no hidden card
    send(w2, {"type": "save"})
    seen = synced_view(w2)["download"]
    assert seen["filename"] == "toy-deal-seen.json"
    doc = json.loads(seen["text"])
    assert doc["format"] == "cardlab seen deal" and doc["seat"] == 0
    assert doc["narration"] == done.narration(0) and len(doc["narration"]) == len(done.history)
    # the full record only when asked for, and the message says it reveals every hand
    assert "reveals every hand" in send(w2, {"type": "save", "full": True})
    download = synced_view(w2)["download"]
    assert download["filename"] == "toy-deal.json"
    assert cardlab.from_json(download["text"]).history == done.history
    send(w2, {"type": "step", "to": 2})
    assert synced_view(w2)["download"] is None
    # load it into the first table by intent: review from the start
    assert send(w, {"type": "load", "record": done.to_json()}).startswith("Loaded")
    assert w.mode == "review" and w.step == 0 and synced_view(w)["steps"] == 9
    path = tmp_path / "deal.json"
    w.save(path)
    assert cardlab.from_json(path.read_text()).history == done.history
    w3 = Table(path, seat=1)
    assert w3.to_json() == done.to_json()


def test_tampered_record_is_refused_with_the_reason(toy):
    w = Table(stacked(toy), seat=0, bot_delay=0)
    data = json.loads(finished(toy).to_json())
    data["actions"][3] = "play AS"
    msg = send(w, {"type": "load", "record": json.dumps(data)})
    assert msg.startswith("cannot load this record") and "action 4" in msg


def test_repr_is_deterministic_and_mimebundle_has_html(toy):
    w = Table(toy.deal(seed=7), seat=0, bot_delay=0.5)
    assert repr(w) == repr(Table(toy.deal(seed=7), seat=0, bot_delay=0.5))
    assert repr(w).startswith("Table(toy, seed=7, step ")
    assert "0x" not in repr(w)
    data, _meta = w._repr_mimebundle_()
    assert data["text/plain"] == repr(w)
    assert data["text/html"]
    w2 = Table(finished(toy), seat=0)
    assert repr(w2) == "Table(toy, step 0/9, S to bid)"


def test_bad_constructor_arguments_are_refused_by_name(toy):
    s = stacked(toy)
    with pytest.raises(ValueError, match="seat"):
        Table(s, seat=2)
    with pytest.raises(ValueError, match="mode"):
        Table(s, mode="watch")
    with pytest.raises(TypeError):
        Table(s, colour=True)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Table(42)
    w = Table(s, seat=0)
    with pytest.raises(Exception, match="seat"):
        w.seat = 5


def test_random_bots_when_a_game_has_no_heuristic_bot(toy):
    w = Table(stacked(toy), seat=0, bot_delay=0)
    assert type(w._bot(1)).__name__ == "RandomBot"


def test_a_spectator_who_sees_no_hands_watches_the_bots_play(toy):
    w = Table(stacked(toy), seat=None, bot_delay=0)
    assert w.state.is_over  # the bots played every seat at once
    w = Table(stacked(toy), seat=None, bot_delay=0.5)
    assert synced_view(w)["bot_pending"] == {"step": 0, "delay_ms": 500}
    assert "watching" in send(w, {"type": "act", "action": "pass"})
    assert "watching" in send(w, {"type": "play", "card": "QS"})
    send(w, {"type": "bot", "step": 0})
    assert w.step == 1


def test_a_teacher_who_sees_every_hand_plays_every_seat(toy):
    w = Table(stacked(toy), seat=None, show_all=True, bot_delay=0)
    assert w.step == 0 and synced_view(w)["bot_pending"] is None
    send(w, {"type": "act", "action": "bid S"})  # for S
    send(w, {"type": "act", "action": "bid H"})  # for N
    assert [str(a) for a in w.state.history] == ["bid S", "bid H"]


def test_changing_the_seat_lets_the_bots_answer(toy):
    w = Table(stacked(toy), seat=1, bot_delay=0)
    assert w.step == 0 and w.state.to_move == 1
    w.seat = 0
    assert w.state.to_move == 0 and w.step == 1
    order = hand_order(w.state)  # the hand as held: sorted by the trump context
    assert synced_view(w)["hands"][0]["cards"] == sorted(["JH", "AS", "KS"], key=order.get)
    assert synced_view(w)["hands"][1]["cards"] is None
