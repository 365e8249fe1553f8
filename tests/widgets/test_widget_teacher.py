"""The teacher's table and page: a deal stepped through at once, hands shown seat by seat on
the table shown now, seats taken over from the bots and handed back, the bots' pace and
pause, and the page's choices (game, players, rules, deal number, pasted deal or record)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from support import end_tables
from widget_support import send, synced_view

import cardlab
from cardlab.widgets import Table, TeacherPage
from cardlab.widgets.teacher import player_choices

#: the tables a deal is demonstrated on: the default table of each game and, as one other
#: player count, its fewest players (the deals are played out in full: not every table)
GAMES = end_tables(most=False)


@pytest.mark.parametrize(("name", "opts"), GAMES)
def test_demonstrate_steps_through_the_whole_deal_from_the_first_step(name, opts):
    game = cardlab.load(name, **opts)
    for seed in range(11, 31):  # a deal played for, not thrown in after the calls
        table = Table.demonstrate(game.deal(seed=seed, dealer=0), bot_delay=0)
        if table.view["steps"] > 10:
            break
    assert table.mode == "review" and table.step == 0
    steps = table.view["steps"]
    assert steps > 10, "the bots played the deal out"
    for k in range(steps + 1):  # forward works from the first step to the last
        send(table, {"type": "step", "to": k})
        assert table.step == k
    assert table.state.is_over
    assert synced_view(table)["teacher"]["seats"][0]["human"] is False


def test_hiding_one_hand_turns_only_that_hand_face_down_on_the_current_table():
    table = Table.demonstrate(cardlab.load("five_hundred").deal(seed=3), bot_delay=0)
    table.go(6)
    before = {h["seat"]: h.get("cards") for h in table.view["hands"]}
    assert all(before.values())
    assert send(table, {"type": "show_hand", "seat": 1, "shown": False}) == "E's hand is face down"
    assert table.step == 6, "the table stays at its step"
    after = {h["seat"]: h.get("cards") for h in table.view["hands"]}
    assert after[1] is None and {s: after[s] for s in (0, 2, 3)} == {s: before[s] for s in (0, 2, 3)}
    bar = {s["seat"]: s["shown"] for s in table.view["teacher"]["seats"]}
    assert bar == {0: True, 1: False, 2: True, 3: True}
    send(table, {"type": "show_hand", "seat": 1, "shown": True})
    assert {h["seat"]: h.get("cards") for h in table.view["hands"]} == before


def test_a_hidden_hand_hides_its_cards_everywhere_in_the_view():
    """Hidden stays hidden: a teacher hiding a hand hides every card only it holds."""
    table = Table.demonstrate(cardlab.load("five_hundred").deal(seed=3), bot_delay=0)
    table.go(2)  # the auction: nobody has played a card
    hand = {h["seat"]: h["cards"] for h in table.view["hands"]}[2]
    send(table, {"type": "show_hand", "seat": 2, "shown": False})
    text = json.dumps(synced_view(table))
    assert not [c for c in hand if f'"{c}"' in text]


def test_take_a_seat_at_step_k_play_a_legal_card_and_hand_it_back():
    table = Table.demonstrate(cardlab.load("five_hundred").deal(seed=3), bot_delay=0)
    k = next(i for i in range(table.view["steps"])
             if table.go(i) is not None and table.view["phase"] == "play")
    mover = table.state.to_move
    said = send(table, {"type": "take_seat", "seat": mover, "human": True})
    assert said.startswith("You play") and table.mode == "play" and table.step == k
    legal = table.view["legal"]
    assert legal, "the seat taken over is the teacher's to play"
    card = legal[-1].split()[1]
    table.play(card)
    assert table.state.history[len(table.state.history) - (table.step - k)].args == (card,) \
        or card in str(table.state.history)
    assert send(table, {"type": "take_seat", "seat": mover, "human": False}).startswith(
        "The bots play")
    assert table.state.is_over, "handed back, the bots play the seat to the end"


def test_bot_speed_and_pause():
    table = Table.demonstrate(cardlab.load("officer_skat").deal(seed=3), bot_delay=0.8)
    table.go(3)
    send(table, {"type": "take_seat", "seat": table.state.to_move, "human": True})
    while table.view["bot_pending"] is None:  # play on until it is a bot's turn
        table.play(table.view["legal"][0].split()[1])
    pending = table.view["bot_pending"]
    assert pending and pending["delay_ms"] == 800
    send(table, {"type": "speed", "delay": 1.5})
    assert table.view["bot_pending"]["delay_ms"] == 1500
    send(table, {"type": "pause", "paused": True})
    assert table.view["bot_pending"] is None and table.view["teacher"]["paused"]
    step = table.step
    send(table, {"type": "bot", "step": step})
    assert table.step == step, "a paused bot does not move"
    send(table, {"type": "pause", "paused": False})
    assert table.view["bot_pending"]["step"] == step
    send(table, {"type": "bot", "step": step})
    assert table.step == step + 1


@pytest.mark.parametrize("intent", [
    {"type": "show_hand", "seat": 9, "shown": True},
    {"type": "show_hand", "seat": 0, "shown": "yes"},
    {"type": "take_seat", "seat": -1, "human": True},
    {"type": "take_seat", "seat": 0},
    {"type": "speed", "delay": 1e9},
    {"type": "speed", "delay": float("nan")},
    {"type": "speed", "delay": True},
    {"type": "pause", "paused": 1},
])
def test_forged_teacher_intents_change_only_the_message(intent):
    table = Table.demonstrate(cardlab.load("five_hundred").deal(seed=3), bot_delay=0)
    table.go(4)
    before = {k: v for k, v in table.view.items() if k != "message"}
    said = send(table, intent)
    assert said and "internal error" not in said
    assert {k: v for k, v in table.view.items() if k != "message"} == before


def test_a_learner_cannot_hide_their_own_hand_and_bad_constructor_values_name_the_field():
    table = Table(cardlab.load("five_hundred").deal(seed=3), seat=0, teacher=True)
    assert "own seat" in send(table, {"type": "show_hand", "seat": 0, "shown": False})
    state = cardlab.load("five_hundred").deal(seed=3)
    with pytest.raises(ValueError, match="shown"):
        Table(state, shown=[7])
    with pytest.raises(ValueError, match="humans"):
        Table(state, humans="N")
    with pytest.raises(ValueError, match="bot_delay"):
        Table(state, bot_delay=1e6)


def test_player_choices_cover_every_count_and_form():
    words = [w for w, _ in player_choices("five_hundred")]
    assert words[0] == "4 players"
    assert "2 players, with ghost partners" in words and "2 players, with a dead hand" in words
    assert [w for w, _ in player_choices("officer_skat")] == ["2 players"]
    assert len(player_choices("panfin")) == 5


def test_teacher_page_deals_each_choice_and_keeps_the_table_on_a_bad_text():
    page = TeacherPage()
    assert page.table is not None and page.table.step == 0 and page.table.teacher
    page.choose(game="panfin", players=3, seed=5).deal()
    assert page.table.game.players == 3 and page.table.game.name == "panfin"
    page.choose(game="five_hundred", players=2, form="ghost_partners_43", seed=5).deal()
    assert page.table.game.options.two_player_form == "ghost_partners_43"
    page.choose(rules="american").deal()
    assert page.table.game.options != cardlab.load("five_hundred", players=2,
                                                   two_player_form="ghost_partners_43").options
    shown = page.table
    page.choose(text="N: AS KS")
    said = page.deal()
    assert "unknown part" in said and page.table is shown and page.text.value == "N: AS KS"
    assert "Not dealt" in page.status.value
    record = cardlab.load("pandoeren").deal(seed=4)
    page.choose(game="pandoeren", text=record.deal_string()).deal()
    assert page.table.state.states()[0].deal_string() == record.deal_string()
    page.choose(text=shown.to_json()).deal()
    assert page.table.game.name == "five_hundred" and page.table.view["steps"] > 0


@pytest.mark.parametrize(("name", "opts"), GAMES)
def test_share_code_opens_the_same_table_at_the_same_step(name, opts):
    table = Table.demonstrate(cardlab.load(name, **opts).deal(seed=5, dealer=1), bot_delay=0)
    table.go(table.view["steps"] // 2)
    code = table.view["teacher"]["share"]
    assert code == table.share_code and 0 < len(code) <= 200
    other = Table.from_share(code)
    assert other.step == table.step and other.state.history == table.state.history
    assert other.to_json() == table.to_json()


def test_share_code_of_a_branch_taken_by_the_teacher():
    table = Table.demonstrate(cardlab.load("five_hundred").deal(seed=3), bot_delay=0.5)
    table.go(12)
    mover = table.state.to_move
    send(table, {"type": "take_seat", "seat": mover, "human": True})
    table.play(table.view["legal"][-1].split()[1])
    other = Table.from_share(table.share_code)
    assert other.state.history == table.state.history and other.step == table.step


def test_a_forged_share_code_is_refused_with_the_reason():
    with pytest.raises(cardlab.RecordError, match="share code"):
        Table.from_share("cl1~five_hundred~nonsense")


def test_hands_shown_seat_by_seat_hide_the_others_from_view_and_picture():
    """Hidden stays hidden on a teacher's table: with N and S face up, two deals that differ
    only in E's and W's cards look identical (view, picture, narration, legal list)."""
    game = cardlab.load("five_hundred")
    state = game.deal(seed=21, dealer=3)
    e, w = state.hands[1][0].code, state.hands[3][0].code
    text = state.deal_string()
    swapped = text.replace(e, "@").replace(w, e).replace("@", w)
    twin = game.deal_from_string(swapped, 3)
    assert twin.hands[1] != state.hands[1]

    def seen(s):
        table = Table(s, seat=None, shown=[0, 2], humans=[], mode="play", bot_delay=0.5,
                      teacher=True)
        view = {k: v for k, v in synced_view(table).items() if k != "message"}
        return json.dumps(view, sort_keys=True) + table._static_html()

    assert seen(twin) == seen(state)  # the share code too: it waits for every hand face up
    shown_table = Table(state, seat=None, shown=[0, 2], humans=[], mode="play", bot_delay=0.5)
    assert [h.get("cards") is not None for h in shown_table.view["hands"]] == [True, False,
                                                                               True, False]


# -- #28: the teacher's page, finished ---------------------------------------------------------
#: each game's default table
DEFAULTS: list[tuple[str, dict[str, Any]]] = [(name, {}) for name in cardlab.game_names()]
#: the default tables and each game's fewest and most players: the words at the ends of the
#: player counts, without demonstrating every table twice over
FORMS = end_tables()


def test_a_share_code_keeps_the_hands_turned_face_down():
    """Hands a teacher turned face down stay face down for whoever opens the code."""
    table = Table.demonstrate(cardlab.load("five_hundred").deal(seed=3), bot_delay=0)
    table.go(table.view["steps"])  # the deal is over: the code shows with hands hidden
    send(table, {"type": "show_hand", "seat": 1, "shown": False})
    send(table, {"type": "show_hand", "seat": 3, "shown": False})
    code = table.view["teacher"]["share"]
    assert code and code == table.share_code
    other = Table.from_share(code)
    assert other.step == table.step and other.state.history == table.state.history
    hidden = {h["seat"]: h.get("cards") is None for h in other.view["hands"]}
    assert hidden == {0: False, 1: True, 2: False, 3: True}
    assert not other.show_all and other.shown == [0, 2]
    # every hand face up: the code is the engine's own, and opens every hand face up
    send(table, {"type": "show_hand", "seat": 1, "shown": True})
    send(table, {"type": "show_hand", "seat": 3, "shown": True})
    assert Table.from_share(table.share_code).show_all
    # the student may still ask for every hand
    assert Table.from_share(code, show_all=True).show_all


def test_a_share_code_naming_a_seat_the_game_lacks_is_refused():
    table = Table.demonstrate(cardlab.load("officer_skat").deal(seed=3), bot_delay=0)
    table.go(table.view["steps"])
    send(table, {"type": "show_hand", "seat": 1, "shown": False})
    code = table.share_code
    assert code.endswith("~u0")
    with pytest.raises(cardlab.RecordError, match="seat"):
        Table.from_share(code[:-1] + "7")


@pytest.mark.parametrize(("name", "opts"), DEFAULTS)
def test_the_order_of_the_cards_follows_the_contract_on_the_table(name, opts):
    page = TeacherPage()
    page.choose(game=name, seed=6).deal()
    table, ladder = page.table, page.ladder
    assert ladder is not None and ladder.game is table.game
    contracts = set()
    for k in range(table.view["steps"] + 1):
        table.go(k)
        view = table.view
        strip = {t["card"] for t in view["trump_strip"]}
        if strip:
            # the trumps on the table (their strip, from state.trump_order()) are the
            # trumps of the order shown beside it
            assert strip <= set(ladder.order()["trumps"]), (k, ladder.contract)
            contracts.add(ladder.contract)
    assert len(contracts) <= 1, contracts


def test_the_ladder_follows_a_clubs_contract_not_spades():
    """The issue's case: a clubs deal showed spades as trumps."""
    page = TeacherPage()
    for seed in range(40):
        page.choose(game="five_hundred", seed=seed).deal()
        if page.table._line[-1].contract == "6C":
            break
    else:
        pytest.skip("no six clubs in the first 40 deals")
    page.table.go(page.table.view["steps"])
    assert page.ladder.contract == "6C"
    assert "clubs" in page.ladder.view["message"]


def test_pasting_another_games_record_switches_the_menus():
    page = TeacherPage()
    record = Table.demonstrate(cardlab.load("panfin", players=3).deal(seed=6), bot_delay=0)
    page.choose(text=record.to_json()).deal()
    assert page.table.game.name == "panfin"
    assert page.game_choice.value == "panfin"
    assert page.options() == {"players": 3}
    assert "pasted record" in page.status.value


def test_menus_and_panels_read_in_words():
    page = TeacherPage()
    for name in cardlab.game_names():
        page.choose(game=name)
        labels = [words for words, _ in page.rules_choice.options]
        assert not [w for w in labels if "_" in w], labels
        assert all(" " in w for w in labels), labels  # "rules as on pagat.com", not "pagat"
        page.deal()
        words = page.ladder.view["contract_words"]
        assert not [w for w in words.values() if "_" in w or w.isupper()], words
    page.choose(game="five_hundred").deal()
    assert dict(page.ladder.view["contract_words"])["6S"] == "six spades"
    assert dict(page.ladder.view["contract_words"])["open_misere"] == "open misère"


SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")


def _read(view):
    """Everything a person reads on a table's view."""
    out = [*view.get("narration", []), view.get("status", ""), view.get("prompt", ""),
           view.get("message", ""), view.get("led_words", ""), *view.get("facts_words", []),
           *view.get("result_lines", []), *(view.get("seat_calls") or {}).values()]
    result = view.get("result") or {}
    out += [result.get("heading", ""), *result.get("lines", []),
            *(p["who"] for p in result.get("points", []))]
    out += [d.get("label", "") for d in view.get("card_info", {}).values()]
    out += [e.get("label", "") for e in view.get("extras") or []]
    return [x for x in out if x]


@pytest.mark.parametrize(("name", "opts"), FORMS)
def test_no_rule_ids_codes_or_snake_case_in_what_the_teacher_shows(name, opts):
    """Words, not codes: no bare rule ID ("(5H-8.2)"), no snake_case, no "P1P4"."""
    from cardlab.widgets._words import rule_ids

    for seed in (3, 6):
        game = cardlab.load(name, **opts)
        table = Table.demonstrate(game.deal(seed=seed, dealer=seed % game.players), bot_delay=0)
        for k in range(table.view["steps"] + 1):
            table.go(k)
            for text in _read(table.view):
                assert not rule_ids(text), (k, text)
                assert not SNAKE.findall(text), (k, text)
                assert not re.search(r"\bP\dP\d", text), (k, text)


def test_a_refused_call_is_said_in_words_and_keeps_its_rule_for_python():
    table = Table(cardlab.load("five_hundred").deal(seed=3, dealer=3), seat=None,
                  show_all=True, mode="play", bot_delay=0.5)
    table.act("bid 7H")
    said = send(table, {"type": "act", "action": "bid 6S"})  # too low (5H-5.4)
    assert "6S" not in said and not re.search(r"5H-\d", said), said
    with pytest.raises(cardlab.IllegalAction) as err:
        table.act("bid 6S")
    assert err.value.rule  # the rule stays on the error a program reads


def test_each_seat_s_call_stands_by_it_during_the_auction_only():
    table = Table.demonstrate(cardlab.load("five_hundred").deal(seed=3, dealer=0), bot_delay=0)
    table.go(3)
    calls = table.view["seat_calls"]
    auction = table.view["auction"]
    assert set(calls) == {str(a["seat"]) for a in auction} and len(calls) >= 2
    assert all(w == "pass" or " " in w for w in calls.values()), calls  # "six clubs"
    table.go(table.view["steps"])
    assert table.view["seat_calls"] == {}


def test_play_from_here_on_a_teachers_table_takes_the_seat_to_move():
    table = Table.demonstrate(cardlab.load("five_hundred").deal(seed=3), bot_delay=0.5)
    assert not table.view["can_look_back"] or table.view["steps"] == 0
    table.go(table.view["steps"])
    assert not table.view["can_look_back"], "nobody played a seat: no decisions to look back on"
    table.go(5)
    mover = table.state.to_move
    said = table.play_from_here()
    assert said.startswith("You play") and table.mode == "play"
    assert table.view["teacher"]["seats"][mover]["human"] is True
    assert table.view["bot_pending"] is None, "the teacher's seat is to move: the bots wait"


def test_deal_puts_the_focus_on_the_new_table_and_probes_cover_every_step():
    from cardlab.widgets.table import _layout_shape, _outgrows

    page = TeacherPage()
    assert page.table.autofocus is False  # the page as first drawn takes no focus
    page.deal(focus=True)
    table = page.table
    assert table.autofocus is True
    probes = [_layout_shape(v) for v in table._layout_probes]
    assert 0 < len(probes) <= table.view["steps"] + 1
    for k in range(table.view["steps"] + 1):  # each step is outgrown by a probe (or is one)
        table.go(k)
        shape = _layout_shape(table.view)
        assert any(p == shape or _outgrows(p, shape, True) for p in probes), k
    assert "cardlab-teacher" in page._dom_classes


def test_rule_ids_are_left_out_of_sentences_but_words_in_parentheses_stay():
    from cardlab.widgets._words import without_rule_ids

    assert without_rule_ids("failed, -100 (5H-8.2).") == "failed, -100."
    assert without_rule_ids("+50 (10 per trick, 5H-8.3).") == "+50 (10 per trick)."
    assert without_rule_ids("wins the pot (B2.8, F-A10).") == "wins the pot."
    assert without_rule_ids("shows Tronfi (four of coppe)") == "shows Tronfi (four of coppe)"
    assert without_rule_ids("bid ten no trumps (250)") == "bid ten no trumps (250)"
