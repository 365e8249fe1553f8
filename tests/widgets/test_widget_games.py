"""Every real game in the widgets: play a seat, review, ladders, scores, the deal editor."""

from __future__ import annotations

import random
from typing import Any

import pytest
from widget_support import leaked, send, synced_view

import cardlab
from cardlab.bots import RandomBot, play_out
from cardlab.widgets import AuctionLadder, DealEditor, ScoreCompare, Table, TrumpLadder

#: every registered game: one that fails to import turns its tests red, never into skips
GAMES = cardlab.game_names()
SEEDS = (3, 11)


def learner_move(w: Table, rng: random.Random) -> str:
    """One move for the learner, the way a person would make it in the browser."""
    view = synced_view(w)
    if view["choices"]:
        return send(w, {"type": "act", "action": rng.choice(view["choices"])["action"]})
    cards = [c for c, d in view["card_info"].items()
             if d.get("legal") and c not in view["selection"]]
    if cards and (not view["actions"] or rng.random() < 0.7):
        return send(w, {"type": "play", "card": rng.choice(cards)})
    assert view["actions"], (view["phase"], view["legal"])
    return send(w, {"type": "act", "action": rng.choice(view["actions"])["action"]})


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_learner_plays_a_whole_deal_against_bots(name, seed):
    game = cardlab.load(name)
    w = Table(game.deal(seed=seed), seat=0, bot_delay=0)
    rng = random.Random(seed)
    for _ in range(400):
        if w.state.is_over:
            break
        assert w.state.to_move == 0, "the bots answer until it is the learner's turn"
        assert leaked(w, w.state, 0) == []
        msg = learner_move(w, rng)
        assert msg == "" or msg.startswith("Chosen: "), msg
    assert w.state.is_over
    view = synced_view(w)
    assert view["result_lines"] and view["can_save"]
    assert cardlab.from_json(w.to_json()).history == w.state.history


@pytest.mark.parametrize("name", GAMES)
def test_review_hides_what_each_seat_may_not_see(name):
    game = cardlab.load(name)
    done = play_out(game.deal(seed=5), RandomBot(5))
    for seat in (0, 1, None):
        w = Table(done, seat=seat)
        for step in range(synced_view(w)["steps"] + 1):
            send(w, {"type": "step", "to": step})
            assert leaked(w, w.state, seat) == [], (seat, step)
        assert len(synced_view(w)["narration"]) == len(done.history)
    data, _ = Table(done, seat=0)._repr_mimebundle_()
    assert data["text/html"] and data["text/plain"].startswith(f"Table({name}")


@pytest.mark.parametrize("name", GAMES)
def test_illegal_cards_say_why_and_change_nothing(name):
    game = cardlab.load(name)
    for seed in range(40):
        w = Table(game.deal(seed=seed), seat=0, bot_delay=0)
        rng = random.Random(seed)
        while not w.state.is_over:
            info = synced_view(w)["card_info"]
            bad = [c for c, d in info.items() if d.get("owner") == 0 and d["legal"] is False]
            if bad and w.state.phase == "play":
                before = w.state
                msg = send(w, {"type": "play", "card": bad[0]})
                assert msg and w.state is before
                assert info[bad[0]]["reason"] in msg
                assert "not legal" in info[bad[0]]["label"]
                return
            learner_move(w, rng)
    pytest.fail(f"no deal of {name} gave seat 0 an illegal card in 40 seeds")


@pytest.mark.parametrize("name", GAMES)
def test_trump_ladder_follows_card_order_for_every_contract(name):
    game = cardlab.load(name)
    t = TrumpLadder(game)
    for contract in game.contracts():
        assert send(t, {"type": "contract", "contract": contract}).startswith("Card order")
        order = game.card_order(contract)
        view = synced_view(t)
        assert view["trumps"] == [str(c) for c in order["trumps"]]
        assert {s["suit"]: s["cards"] for s in view["suits"]} == {
            str(k): [str(c) for c in v] for k, v in order["suits"].items()}
        for code in order.get("special") or {}:
            if code in view["card_info"]:
                assert view["card_info"][code]["special"] is True


@pytest.mark.parametrize("name", GAMES)
def test_auction_ladder_marks_the_legal_calls(name):
    game = cardlab.load(name)
    state = game.deal(seed=2)
    a = AuctionLadder(game, state)
    legal = {str(x) for x in state.legal_actions() if x.verb != "play"}
    for row in synced_view(a)["rows"]:
        named = {f"bid {row['call']}", row["call"]} | {
            x for x in legal if " ".join(x.split()[1:]) == row["call"] or x.split()[0] == row["call"]}
        assert row["legal"] == bool(named & legal), row


def test_auction_ladder_marks_panfin_tengo_legal():
    """B2.7: tengo (with or without an exchange) is a declaration the ladder must show as legal;
    it was hidden because 'tengo' also takes cards."""
    game = cardlab.load("panfin")
    state = game.deal(seed=8)
    assert "tengo" in state.legal_actions()
    rows = {r["call"]: r["legal"] for r in synced_view(AuctionLadder(game, state))["rows"]}
    assert rows["tengo"] is True and rows["fold"] is True and rows["servito"] is False


@pytest.mark.parametrize("name", GAMES)
def test_score_compare_rescores_under_each_variant(name):
    game = cardlab.load(name)
    done = play_out(game.deal(seed=8), RandomBot(8))
    sc = ScoreCompare(done)
    rows = {r["variant"]: r for r in synced_view(sc)["rows"]}
    assert rows["as played"]["points"] == done.result.points
    for variant, options in game.scoring_variants().items():
        try:
            expected = game.score_deal(done, **options).points
        except cardlab.IllegalAction:
            assert rows[variant]["error"]
            continue
        assert rows[variant]["points"] == expected


@pytest.mark.parametrize("name", GAMES)
def test_deal_editor_reads_a_deal_string_and_opens_the_same_deal(name):
    game = cardlab.load(name)
    state = game.deal(seed=6)
    e = DealEditor(game)
    assert send(e, {"type": "text", "text": state.deal_string()}) == "Deal string read"
    assert synced_view(e)["valid"]
    assert send(e, {"type": "open"}).startswith("The deal is open")
    assert e.table.state.hands == state.hands
    again = game.deal_from_string(synced_view(e)["deal_string"])
    assert again.hands == state.hands


def test_fuzz_five_hundred_table():
    game = cardlab.load("five_hundred")
    rng = random.Random(500)
    w = Table(game.deal(seed=1), seat=2, bot_delay=0)
    for i in range(400):
        view = synced_view(w)
        kind = rng.choice(["play", "play", "act", "step", "undo", "bot", "save",
                           "play_from_here", "back_to_record"])
        intent: dict[str, object] = {"type": kind}
        if kind == "play":
            intent["card"] = rng.choice([c.code for c in game.deck] + ["2Z", "JK1"])
        elif kind == "act":
            acts = [a["action"] for a in view["actions"] + view["choices"]]
            intent["action"] = rng.choice(acts + ["bid 11NT", "nominate Z", "pass"])
        elif kind in ("step", "bot"):
            intent["to" if kind == "step" else "step"] = rng.randint(-1, view["steps"] + 1)
        msg = send(w, intent)
        assert not msg.startswith("internal error"), msg
        assert leaked(w, w.state, 2) == []
        if w.state.is_over and i % 50 == 0:
            w = Table(game.deal(seed=i), seat=2, bot_delay=0)


@pytest.mark.parametrize("seed", [2, 5])
def test_ghost_partner_deal_plays_in_the_table_to_the_result(seed: int) -> None:
    """Five Hundred for two with ghost partners (5H-2, ``two_player_form=ghost_partners_43``):
    once a ghost's card is in a trick the Table still draws (it names positions, not only
    seats), and the learner plays the deal to its result through the table's intents."""
    import cardlab
    from cardlab.widgets import Table

    game = cardlab.load("five_hundred", players=2, two_player_form="ghost_partners_43")
    w = Table(game.deal(seed=seed), seat=0, bot_delay=0)
    ghost_played = False
    for _ in range(300):
        if w.state.is_over:
            break
        view = w.view
        ghost_played |= any(p["seat"] >= 2 for p in view["trick"])
        action = next((a for a in view["legal"] if a.startswith("bid ")), view["legal"][0])
        msg = w.act(action)
        assert not msg.startswith("internal error"), msg
        assert w._static_html().startswith("<svg")
    assert w.state.is_over and w.view["status"] == "the deal is over"
    assert w.view["result_lines"] and ghost_played


@pytest.mark.parametrize("name", GAMES)
def test_legality_marks_only_on_cards_the_viewer_could_act_with(name: str) -> None:
    """DESIGN §3: a card carries a legality mark exactly when some legal action of the viewer
    names a card from its hand or piles now; so none in an auction, none on other hands."""
    import cardlab
    from cardlab.engine.action import Action
    from cardlab.widgets import Table

    game = cardlab.load(name)
    verbs = game.spec.card_verbs
    marked_in_play = 0
    for seed in range(6):
        w = Table(game.deal(seed=seed), seat=0, bot_delay=0)
        rng = random.Random(seed)
        while not w.state.is_over:
            view = synced_view(w)
            info = view["card_info"]
            mine = view["legal"] if w.state.to_move == 0 else []
            acting = {c for a in mine for c in Action(a).args if Action(a).verb in verbs}
            for code, d in info.items():
                if d.get("owner") is None:
                    continue
                if d["owner"] == 0 and acting:
                    assert d["legal"] == (code in acting), (code, view["phase"])
                    marked_in_play += 1
                else:
                    assert d["legal"] is None, (code, view["phase"], d)
            learner_move(w, rng)
    assert marked_in_play


@pytest.mark.parametrize("name", ["five_hundred", "pandoeren"])
def test_table_lays_calls_out_in_the_ladder_rows(name: str) -> None:
    """#18: the table's auction draws from ``game.ladder``: each call carries the label of
    the ladder row it stands in, and calls off the ladder (pass) carry none."""
    import cardlab
    from cardlab.engine.action import Action
    from cardlab.widgets import Table

    game = cardlab.load(name)
    w = Table(game.deal(seed=3), seat=None, show_all=True, bot_delay=0)
    rows = {a["action"]: a["row"] for a in synced_view(w)["actions"]}
    assert rows.get("pass") == ""
    bids = {a: r for a, r in rows.items() if a.startswith("bid ")}
    assert bids
    for action, row in bids.items():
        call = " ".join(Action(action).args)
        assert row == game.ladder.row_of(call).label and row
    assert len(set(bids.values())) > 1  # more than one row
    # the buttons read in words, not notation (#13 item 6)
    texts = {a["action"]: a["text"] for a in synced_view(w)["actions"]}
    assert all("_" not in t and not t.startswith("bid ") for t in texts.values()), texts


@pytest.mark.parametrize("name", GAMES)
def test_hands_sorted_trumps_first_and_the_trump_strip(name: str) -> None:
    """#13 item 3: in play the learner's hand is sorted trumps first, high to low in
    ``trump_order()``; the strip lists those trumps in that order, played ones marked; in an
    auction the hand is in pack order and there is no strip."""
    import cardlab
    from cardlab.bots import bot_for
    from cardlab.widgets import Table

    game = cardlab.load(name)
    deck = [c.code for c in game.deck]
    checked = 0
    for seed in range(8):
        s = game.deal(seed=seed)
        bots = [bot_for(name, "heuristic", seed=i) for i in range(game.players)]
        while not s.is_over and checked < 40:
            view = Table(s, seat=0, bot_delay=0.5).view
            mine = view["hands"][0]["cards"]
            if view["phase"] == "auction":
                assert view["trump_strip"] == []
                if mine:
                    assert mine == sorted(mine, key=deck.index)
            elif view["trump_strip"] and mine:
                order = [c.code for c in s.trump_order()]
                strip = [t["card"] for t in view["trump_strip"]]
                assert strip == order[:len(strip)]
                if not view["piles"]:  # Officer Skat's piles keep their places
                    trumps = [c for c in mine if c in strip]
                    assert mine[:len(trumps)] == sorted(trumps, key=order.index)
                played = {c for a in s.history if a.verb == "play" for c in a.args}
                assert all(t["played"] == (t["card"] in played) for t in view["trump_strip"])
                assert all("trump number" in t["face"]["label"] for t in view["trump_strip"])
                checked += 1
            s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
    assert checked


def _to_phase(game: Any, seed: int, phase: str) -> Any:
    from cardlab.bots import bot_for

    for k in range(seed, seed + 60):
        s = game.deal(seed=k)
        bots = [bot_for(game.name, "heuristic", seed=i) for i in range(game.players)]
        while not s.is_over and s.phase != phase:
            s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
        if s.phase == phase:
            return s
    raise AssertionError(f"no {phase} phase reached")


@pytest.mark.parametrize(("name", "phase", "k"), [("five_hundred", "kitty", 3),
                                                  ("pandoeren", "exchange", 1)])
def test_a_choice_of_cards_is_counted_and_confirmed(name: str, phase: str, k: int) -> None:
    """#13 item 5: a discard is chosen card by card with a counter in the prompt; a click
    only toggles a card, and Confirm (a choice naming the cards) commits it."""
    import cardlab
    from cardlab.widgets import Table

    game = cardlab.load(name)
    s = _to_phase(game, 1, phase)
    w = Table(s, seat=s.to_move, bot_delay=0.5)
    assert f"Choose {k} card" in w.view["prompt"] and f"0 of {k}" in w.view["prompt"]
    mine = w.view["hands"][s.to_move]["cards"]
    for i, code in enumerate(mine[:k], 1):
        w.play(code)
        assert w.state is s  # nothing committed by a click
        assert f"{i} of {k}" in w.view["prompt"]
    w.play(mine[0])  # a second click puts it back
    assert f"{k - 1} of {k}" in w.view["prompt"] and w.view["choices"] == []
    w.play(mine[0])
    (choice,) = w.view["choices"]
    assert choice["text"].startswith("Confirm: ") and "_" not in choice["text"]
    w.act(choice["action"])
    assert w.state.parent is s and str(w.state.history[-1]) == choice["action"]


@pytest.mark.parametrize("name", GAMES)
def test_every_call_and_contract_reads_in_words(name: str) -> None:
    """#13 item 6: every call of the ladder and every contract a deal ends in has words for
    the facts line and the buttons: no underscores, no bare notation like ``bid 7H``."""
    from cardlab.bots import bot_for
    from cardlab.engine.action import Action
    from cardlab.widgets.table import call_words, contract_words

    game = cardlab.load(name)
    for call in list(game.ladder.iter_calls())[:400]:
        words = contract_words(game, call)
        assert words and "_" not in words, (call, words)
        button = call_words(game, Action(f"bid {call}"))
        assert "_" not in button and not button.startswith("bid "), (call, button)
    for seed in range(12):
        s = game.deal(seed=seed)
        bots = [bot_for(name, "heuristic", seed=i) for i in range(game.players)]
        while not s.is_over:
            s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
        for contract in (s.contract, s.result.contract):
            if contract:
                assert "_" not in contract_words(game, contract), contract
