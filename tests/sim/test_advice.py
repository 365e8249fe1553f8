"""Advice for a learner (issue #20): the hint's values on the table, and the look back.

Honest values: the table's bars are ``cardlab.sim.hint``'s values for the same state, n
and seed; twin deals (two cards the seat cannot see swapped) get identical hints and look
backs; a card that surely takes the trick where the other cannot is ranked first; the
look back's worst decision is worse than the best option there, and a line played by the
estimate's own choices shows no cost beyond its standard error."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from support import twins

import cardlab
from cardlab.bots import bot_for
from cardlab.engine.rng import SplitMix64
from cardlab.sim import bid_odds
from cardlab.sim.advice import _hand_for_odds, advise, look_back, valued_by, valued_options
from cardlab.sim.simulator import simulated_games
from cardlab.widgets import Table
from cardlab.widgets._advice import HINT_ROUNDS, hint_rounds


def _games_with_hints() -> list[Any]:
    """Every registered game at its default table; one whose simulator offers no hint is
    skipped, saying so (the advice is the hint's values)."""
    hinted = set(simulated_games("hint"))
    return [name if name in hinted else pytest.param(
        name, marks=pytest.mark.skip(reason=f"{name} has no hint (its simulator offers none)"))
        for name in cardlab.game_names()]


#: every registered game, at its default table
GAMES = _games_with_hints()
#: the unit each game's hint counts in (the game's own: Panfin is played for chips)
UNITS = {"five_hundred": "points", "officer_skat": "points", "pandoeren": "points",
         "panfin": "chips"}


def test_every_game_with_a_hint_names_its_unit_here() -> None:
    """A game whose simulator offers a hint fails here until the hint's unit is written in
    ``UNITS``."""
    hinted = set(simulated_games("hint"))
    assert set(UNITS) == hinted, f"add to UNITS: {sorted(hinted - set(UNITS))}"


def _bots(game):
    return [bot_for(game.name, "heuristic", seed=i) for i in range(game.players)]


def _first_play_choice(game, seed):
    """A bot-played deal up to a card play with at least two legal cards (or None)."""
    s = game.deal(seed=seed, dealer=seed % game.players)
    bots = _bots(game)
    while not s.is_over:
        if s.phase == "play" and len([a for a in s.legal_actions() if a.verb == "play"]) > 1:
            return s
        s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
    return None


def _some_choice(game):
    for seed in range(40):
        s = _first_play_choice(game, seed)
        if s is not None:
            return s
    raise AssertionError(f"no card choice in 40 deals of {game.name}")


@pytest.mark.parametrize("name, opts, deal", [("five_hundred", {"players": 3}, {})])
def test_call_bars_are_each_calls_bid_odds_played_in_one_batch(name, opts, deal):
    """#20: where the solver does not value the calls (three players: defenders who score
    apart), a call's bar is ``bid_odds`` of that call (same hand, n, seed), though the hint
    plays every call in one batch. (Officer Skat's calls are valued on sampled states and
    finished open: tests/sim/test_officer_skat_finish.py.)"""
    game = cardlab.load(name, **opts)
    state = game.deal(seed=11, **deal)
    kind, calls = valued_options(state)
    assert kind == "call" and len(calls) > 1
    advice = advise(state, n=12, seed=3)
    assert advice is not None and set(advice.values) == set(calls)
    assert advice.method == "rollouts"
    hand = _hand_for_odds(state)
    for a in calls:
        points = bid_odds(game, hand, a.split()[1], n=12, seed=3, progress=False)["points"]
        assert advice.values[a] == pytest.approx(float(points.mean()))


@pytest.mark.parametrize("name", GAMES)
def test_bars_are_the_hint_values_for_the_same_state_n_and_seed(name):
    game = cardlab.load(name)
    s = _some_choice(game)
    table = Table(s, seat=s.to_move, bot_delay=0)
    table.hint()
    while table.view["hint_pending"]:
        table.handle({"type": "hint_more", "step": table.step})
    bars = {b["action"]: b["value"] for b in table.view["hint"]["bars"]}
    # the coach's one evaluator: the open-hands solver where it serves, else rollouts (the
    # bots, then the solver, where the game finishes its deals open); in short pooled rounds
    # where the solver values a layout, else the last round drawn afresh
    rounds, pooled = hint_rounds("play", valued_by(s))
    first = advise(s, n=rounds[0], seed=0)
    solver = ("open hands", "bots, then open hands")
    assert pooled == (first.method in solver) == (valued_by(s) in solver)
    if pooled:
        parts = [first] + [advise(s, n=k, seed=i) for i, k in enumerate(rounds) if i]
        parts = [p for p in parts if p.method == first.method]
        n = sum(p.n for p in parts)
        want = {a: sum(p.n * p.values[a] for p in parts) / n for a in first.values}
    else:
        want = advise(s, n=rounds[-1], seed=0).values
    assert bars == pytest.approx(want, abs=1e-3)
    best = max(want, key=lambda a: want[a])
    view = table.view["hint"]
    # a best is named only when it is clear; else the top option is among the "about equal"
    if view["best"] is not None:
        assert view["best"] == best and " is best" in view["why"]
    else:
        assert best in view["close"] and "about equal" in view["why"]
    # the bars stand on one scale: the higher the value, the further its end from the left;
    # the zero line is where 0 is, and each interval holds its value
    ranked = sorted(view["bars"], key=lambda b: b["value"])
    assert [b["at"] for b in ranked] == sorted(b["at"] for b in ranked)
    for b in view["bars"]:
        assert 0 <= b["low"] <= b["at"] <= b["high"] <= 1
        assert (b["at"] >= b["zero"]) == (b["value"] >= 0) or b["value"] == 0
    assert view["why"].startswith("Hint:")


@pytest.mark.parametrize("name", GAMES)
def test_twin_deals_give_identical_hints_and_look_backs(name):
    """Hidden stays hidden: swap two cards the mover cannot see; the hint does not move,
    and neither does the look back of the seat's decisions so far."""
    game = cardlab.load(name)
    rng = SplitMix64(7)
    compared = 0
    for seed in range(60):
        s = _first_play_choice(game, seed)
        if s is None:
            continue
        for twin in twins(s, s.to_move, rng, 2):
            one, two = advise(s, n=12, seed=3), advise(twin, n=12, seed=3)
            assert one is not None and two is not None
            assert one.values == two.values and one.stderr == two.stderr, seed
            # a few layouts each show a peek as well as many (each decision valued with open
            # hands or on sampled deals is a search or a deal played out a layout)
            sizes = {"n": 12, "seed": 1, "n_states": 4, "n_open_hands": 4, "n_finished": 4}
            a = look_back(s.states(), [s.to_move], **sizes)
            b = look_back(twin.states(), [s.to_move], **sizes)
            assert [(d.index, d.chosen, d.advice.values) for d in a.decisions] == \
                [(d.index, d.chosen, d.advice.values) for d in b.decisions]
            compared += 1
        if compared >= 3:
            break
    assert compared >= 3, f"only {compared} twin pairs in {name}"


def _first_choice(game, phases, seeds=range(80)):
    """A bot-played deal up to the first of its choices in ``phases`` (or None)."""
    for seed in seeds:
        s = game.deal(seed=seed, dealer=seed % game.players)
        bots = _bots(game)
        while not s.is_over and s.phase != "play":
            if s.phase in phases and len(s.legal_actions()) > 1:
                return s
            s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
    return None


def test_a_discard_of_three_is_valued_by_the_lead_that_follows_it():
    """#20: Five Hundred's kitty discard (286 ways to drop three of thirteen: too many to
    play out one by one on whole deals, ``STATE_CHOICES``) is valued card by card by the
    chooser's own opening lead after it (its bot's next choices, then the card play's value
    on the same layouts), and every card of the hand carries a bar."""
    from cardlab.sim.advice import STATE_CHOICES, _lead_after
    from cardlab.sim.simulator import simulator_for
    from cardlab.widgets._advice import hint_view

    game = cardlab.load("five_hundred")
    s = _first_choice(game, {"kitty"})
    assert s is not None and len(s.legal_actions()) > STATE_CHOICES
    kind, options = valued_options(s)
    assert kind == "choice" and len(options) > 1
    advice = advise(s, n=8, seed=2)
    assert advice is not None and advice.kind == "choice"
    sim = simulator_for(game)
    for a in list(advice.values)[:3]:
        after, lead = _lead_after(s, a, 2)
        assert after.phase == "play" and after.to_move == s.to_move
        want = sim.hint(after, [lead], 8, 2, "heuristic")[0]
        assert advice.values[a] == pytest.approx(float(want.mean()))
    bars = hint_view(s, advice, round_=0, rounds=3)["bars"]
    assert sorted(b["card"] for b in bars) == sorted(c.code for c in s.hands[s.to_move])


@pytest.mark.parametrize("phase", ["exchange", "trump", "call"])
def test_pandoeren_choices_are_valued_on_sampled_deals_as_a_direct_computation_gives(phase):
    """#29: Pandoeren's exchange, trumps and called ace are few, so every option is valued on
    whole deals sampled from the chooser's knowledge (the same deals for each): equal to the
    direct computation (the option, every seat's bot up to the play, the deal finished open
    in the hint's measure); the exchange puts a bar on each card of the hand."""
    from cardlab.sim.pandoeren import sample_states

    game = cardlab.load("pandoeren")
    s = _first_choice(game, {phase})
    assert s is not None
    kind, options = valued_options(s)
    assert kind == "choice" and options == [str(a) for a in s.legal_actions()]
    advice = advise(s, n=6, seed=5)
    assert advice is not None and set(advice.values) == set(options)
    assert advice.values == pytest.approx(_direct_values(s, 6, 5, sample_states))
    if phase == "exchange":
        carried = {c for cards in advice.cards.values() for c in cards}
        assert carried == {c.code for c in s.hands[s.to_move]}


def _direct_values(state, n, seed, sample_states):
    """A choice's values computed directly, one sampled deal at a time: the option, then
    each seat's bot (seeded as the advice seeds it) up to the play, then the game's batch on
    that one deal; the chooser's side's points (Panfin: net chips), or where the game
    finishes its deals open (Pandoeren), that deal alone finished so, in its hint's measure."""
    from cardlab.engine.rng import derive_seed
    from cardlab.sim.simulator import simulator_for

    me = state.to_move
    sides = list(state.game.sides)
    side = next(k for k, name in enumerate(sides) if me in state.game.sides[name])
    sim = simulator_for(state.game)
    batch = sim.batch
    out = {}
    for a in (str(x) for x in state.legal_actions()):
        got = []
        for i, t in enumerate(sample_states(state, n, seed)):
            u = t.apply(a)
            bots = {}
            while not u.is_over and u.phase != "play":
                s = u.to_move
                bots.setdefault(s, bot_for(state.game.name, "heuristic",
                                           seed=derive_seed(derive_seed(seed, i), s)))
                u = u.apply(bots[s].choose(u), seat=s)
            if u.is_over:
                got.append(u.result.points[sides[side]])
            elif sim.finish_open is not None:
                got.append(sim.finish_open(batch.from_states([u]), [u], np.array([me]))[0])
            else:
                got.append(batch.from_states([u]).play("heuristic").scores()[0, side])
        out[a] = sum(got) / n
    return out


@pytest.mark.parametrize("phase", ["declare", "swap", "choose"])
def test_panfin_exchanges_are_valued_as_a_direct_computation_gives(phase, monkeypatch):
    """#20: Panfin's declarations (tengo with each exchange, fold, servito), the dealer's
    swap and her choice of suit, where other seats decide before the chooser's lead, are
    valued on whole deals
    sampled from the chooser's knowledge: every legal option, the same deals for each, equal
    to the direct computation; each card of the hand carries the best option naming it.
    (The batch's play-out, which values them where the open-hands solver does not serve:
    ``tests/sim/test_panfin_open_hands_choices.py`` checks the solver's values, #29.)"""
    from dataclasses import replace

    import cardlab.sim.panfin as sim_panfin

    monkeypatch.setattr(sim_panfin, "SIMULATOR",
                        replace(sim_panfin.SIMULATOR, open_hands_state=None))
    game = cardlab.load("panfin")
    s = _first_choice(game, {phase}, range(3, 200))
    assert s is not None
    kind, options = valued_options(s)
    assert kind == "choice" and options == [str(a) for a in s.legal_actions()]
    advice = advise(s, n=6, seed=5)
    assert advice is not None and set(advice.values) == set(options)
    from cardlab.sim.panfin.sampling import sample_states

    want = _direct_values(s, 6, 5, sample_states)
    assert advice.values == pytest.approx(want)
    hand = [c.code for c in s.hands[s.to_move]]
    carried = {c: a for a, cards in advice.cards.items() for c in cards}
    # a bar on every card of the hand where the options name cards (not the choice of suit)
    assert sorted(carried) == (sorted(hand) if phase != "choose" else [])
    for card, a in carried.items():
        naming = [o for o in options if card in o.split()[1:]]
        assert advice.values[a] == max(advice.values[o] for o in naming)


def test_panfin_sampled_deals_show_the_chooser_what_it_saw():
    """The sampled deals are consistent with what the chooser can see (B2.5-B2.9): at every
    declaration, choice of suit and swap of bot-played deals, each sampled deal shows the
    chooser exactly its view of the real one (its hand, discards, the turn-up, the cut, every
    declaration, the pot), while the hidden hands vary; a Gobbo kept at the cut stays with
    the cutter (its hand or its discards)."""
    from cardlab.sim.panfin.sampling import sample_states

    moments = varied = 0
    for opts, deals in (({}, 40), ({"players": 6}, 15),
                        ({"players": 3, "servito_ends_declarations": False}, 15)):
        game = cardlab.load("panfin", **opts)
        bots = _bots(game)
        for seed in range(deals):
            s = game.deal(seed=seed, dealer=seed % game.players)
            while s.phase in ("choose", "declare", "swap"):
                me = s.to_move
                sampled = sample_states(s, 4, seed)
                for t in sampled:
                    assert t.view(me) == s.view(me), (opts, seed, len(s.history))
                    if s.cut and s.cut[0].code == "FB" and me != s.cutter:
                        held = set(t.hands[s.cutter]) | {c for w, c in t.discards
                                                         if w == s.cutter}
                        assert game.card("FB") in held
                varied += len({t.hands for t in sampled}) > 1
                moments += 1
                s = s.apply(bots[me].choose(s), seat=me)
    assert moments > 200 and varied > 0.95 * moments


def test_a_stacked_naturali_is_kept():
    """B2.9: the first to declare holds four sevens (Naturali: the pot and 2 chips from
    every other seat). Standing pat is ranked first, far ahead; the look back of a line
    that exchanged a seven marks it with that cost, best option standing pat."""
    game = cardlab.load("panfin")
    s = game.deal(hands=["AC 3C 5D 2S", "7S 7B 7C 7D", "FS 6D 5S 4B", "AD 3D 2B 6B"],
                  turnup="4D", dealer=0)
    advice = advise(s, n=12, seed=2)
    assert advice is not None and advice.best == "tengo"
    assert advice.values["tengo"] == pytest.approx(10.0)  # pot 5 + 3 × 2, less the ante
    assert advice.margin > 5
    bots = _bots(game)
    t = s.apply("tengo 7C")
    while not t.is_over:
        t = t.apply(bots[t.to_move].choose(t), seat=t.to_move)
    worst = look_back(t, [1], n=12, seed=2).worst()
    assert worst is not None and worst.chosen == "tengo 7C" and worst.best == "tengo"
    assert worst.cost == pytest.approx(worst.advice.values["tengo"]
                                       - worst.advice.values["tengo 7C"]) and worst.cost > 5


def test_the_dealer_keeps_the_vecia_at_the_swap():
    """B2.10.1: the dealer swaps in the turned-up re of the dominant suit: throwing away the
    Vecia (the highest trump) is ranked below every discard of a plain card."""
    game = cardlab.load("panfin")
    s = game.deal(hands=["FS 2C 3S 4C", "AD 3C 5B 2S", "FB 6D 5S 4B", "3D 2B 6B 7C"],
                  turnup="RD", dealer=0)
    for _ in range(4):
        s = s.apply("tengo")
    assert s.phase == "swap"
    advice = advise(s, n=16, seed=0)
    assert advice is not None
    v = advice.values
    assert all(v["swap FS"] < v[a] for a in ("swap 2C", "swap 3S", "swap 4C")), v
    assert advice.best in ("swap 2C", "swap 3S", "swap 4C")


def test_the_table_draws_panfin_exchange_bars_and_looks_back_at_them():
    """#20: the Table's Hint at a Panfin declaration: a bar on each card (its best exchange),
    on the tengo (standing pat) and fold buttons, in chips, the values those of ``advise``
    for the first round; the look back lists the learner's declaration and outlines the
    cards it exchanged."""
    from cardlab.widgets.table import HINT_SEED

    game = cardlab.load("panfin")
    s = game.deal(seed=3)
    me = s.to_move
    table = Table(s, seat=me, bot_delay=0)
    said = table.hint()
    assert said.startswith("Hint: ") and (" chips on average" in said or " chips);" in said)
    hint_bars = table.view["hint"]["bars"]
    want = advise(s, n=HINT_ROUNDS["choice"][0], seed=HINT_SEED)
    assert {b["action"]: b["value"] for b in hint_bars} == pytest.approx(want.values, abs=1e-3)
    on_cards = [b["card"] for b in hint_bars if b["card"]]
    assert sorted(on_cards) == sorted(c.code for c in s.hands[me])
    buttons = {b["action"] for b in hint_bars if b["card"] is None}
    assert {"tengo", "fold"} <= buttons
    assert {a["action"] for a in table.view["actions"]} >= {"tengo", "fold"}
    exchange = next(a for a in table.view["legal"] if len(a.split()) == 3)
    table.act(exchange)
    while not table.state.is_over:
        table.act(table.view["legal"][0])
    table.look_back()
    rows = table.view["look_back"]["decisions"]
    first = next(r for r in rows if r["chosen"] == exchange)
    table.handle({"type": "look_back_go", "i": first["i"]})
    if first["try"] == "open":  # a costly choice is tried again first (#29): the answer
        table.look_back_show()
    hint = table.view["hint"]
    assert hint["chosen"] == exchange and sorted(hint["chosen_cards"]) == sorted(
        exchange.split()[1:])
    assert ("chips" in first["words"]) == (first["cost"] > 0)


@pytest.mark.parametrize("name, phase", [("five_hundred", "kitty"), ("pandoeren", "exchange"),
                                         ("panfin", "declare"), ("panfin", "swap")])
def test_twin_deals_value_a_choice_alike(name, phase):
    """Hidden stays hidden at a choice too: two cards the chooser cannot see swapped give the
    same values."""
    game = cardlab.load(name)
    rng = SplitMix64(11)
    compared = 0
    for seed in range(0, 120, 7):
        s = _first_choice(game, {phase}, [seed])
        if s is None:
            continue
        for twin in twins(s, s.to_move, rng, 1):
            one, two = advise(s, n=6, seed=1), advise(twin, n=6, seed=1)
            assert one is not None and two is not None
            assert one.values == two.values, seed
            compared += 1
        if compared >= 2:
            break
    assert compared >= 2


def test_a_card_that_takes_the_trick_for_sure_is_ranked_first():
    """Five Hundred, two tricks left, the mover plays last to a trick its side is losing:
    one card takes the trick, the other cannot, and the taker is not the best card left
    (so holding it back can only lose a trick). The taker is ranked first."""
    game = cardlab.load("five_hundred")
    found = 0
    for seed in range(400):
        s = game.deal(seed=seed, dealer=seed % 4)
        bots = _bots(game)
        while not s.is_over and not (s.phase == "play" and len(s.hands[s.to_move]) == 2
                                     and len(s.trick.plays) == 3):
            s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
        if s.is_over:
            continue
        plays = [a for a in s.legal_actions() if a.verb == "play"]
        if len(plays) != 2:
            continue
        outcome = {}
        for a in plays:
            after = s.apply(a)
            outcome[str(a)] = after.tricks[-1].winner
        me = s.to_move
        takes = [a for a, w in outcome.items() if w == me]
        if len(takes) != 1:
            continue
        taker = takes[0]
        # the taker is not the boss: some unseen card beats it, so saving it can lose
        adv = advise(s, n=200, seed=1)
        assert adv is not None
        assert adv.values[taker] >= max(adv.values.values()) - 1e-9, (seed, adv.values)
        found += 1
        if found >= 3:
            break
    assert found >= 3


@pytest.mark.parametrize("name", ["five_hundred", "officer_skat"])
def test_look_back_marks_the_worst_decision_and_puts_it_first(name):
    game = cardlab.load(name)
    s = game.deal(seed=9, dealer=0)
    bots = _bots(game)
    while not s.is_over:
        s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
    look = look_back(s, [0], n=80, seed=2)
    assert look.decisions
    costs = [d.cost for d in look.decisions]
    assert costs == sorted(costs, reverse=True)
    worst = look.worst()
    assert worst is not None
    v = worst.advice.values
    assert v[worst.best] >= v[worst.chosen]
    if worst.cost > 0:
        assert v[worst.best] > v[worst.chosen]
    # each decision is judged from the state the seat was in then
    line = s.states()
    for d in look.decisions:
        assert line[d.index].to_move == d.seat == 0


def test_a_line_played_by_the_estimate_costs_nothing_beyond_its_error():
    game = cardlab.load("officer_skat")
    s = game.deal(seed=12, dealer=0)
    bots = _bots(game)
    while not s.is_over:
        if s.to_move == 0 and valued_options(s)[0] == "play":
            adv = advise(s, n=150, seed=len(s.history) + 50)
            s = s.apply(adv.best if adv is not None else bots[0].choose(s), seat=0)
        else:
            s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
    look = look_back(s, [0], n=150, seed=7)
    plays = [d for d in look.decisions if d.advice.kind == "play"]
    assert plays
    for d in plays:
        assert d.cost <= 3 * d.stderr + 1e-9, (d.index, d.chosen, d.best, d.cost, d.stderr)


def test_table_hint_and_look_back_refusals_and_flow():
    game = cardlab.load("five_hundred")
    table = Table(game.deal(seed=7, dealer=3), seat=0, bot_delay=0)
    with pytest.raises(cardlab.IllegalAction, match="look back once the deal is over"):
        table.look_back()
    said = table.hint()  # N's first call: each bid valued as the contract, and passing
    assert said.startswith("Hint:") and table.view["hint"]["kind"] == "call"
    bars = {b["action"] for b in table.view["hint"]["bars"]}
    assert bars == {str(a) for a in table.state.legal_actions()}, bars
    assert all(a.startswith("bid ") for a in bars - {"pass"})
    # any move makes the hint stale: a late refinement does nothing
    step = table.step
    table.act("pass")
    assert table.view["hint"] is None
    before = dict(table.view)
    table.handle({"type": "hint_more", "step": step})
    assert table.view == before
    while not table.state.is_over:
        legal = table.view["legal"]
        if table.view["choices"]:
            table.act(table.view["choices"][0]["action"])
        elif table.view["actions"]:
            table.act(table.view["actions"][0]["action"])
        else:
            table.play(legal[0].split()[1])
            if table.view["choices"]:
                table.act(table.view["choices"][0]["action"])
    with pytest.raises(cardlab.IllegalAction, match="over"):
        table.hint()
    assert table.view["can_look_back"]
    table.look_back()
    rows = table.view["look_back"]["decisions"]
    # a costly choice is tried again before its bars show (#29); Show me gives them
    assert rows and rows[0]["current"]
    assert (table.view["hint"] is None) == (rows[0]["try"] == "open")
    if rows[0]["try"] == "open":
        table.look_back_show()
    assert table.view["hint"] is not None
    assert [r["cost"] for r in rows] == sorted((r["cost"] for r in rows), reverse=True)
    assert table.state.to_move == 0 and table.step == rows[0]["step"]
    if len(rows) > 1:
        table.handle({"type": "look_back_go", "i": 1})
        assert table.step == rows[1]["step"] and table.view["look_back"]["current"] == 1
    for bad in ({"type": "look_back_go", "i": 99}, {"type": "look_back_go", "i": "x"}):
        assert table.handle(bad)
    assert table.mode == "look_back"
    assert table.view["prompt"].startswith("Try again" if table.view["look_back"]["try"]
                                           and table.view["look_back"]["try"]["open"]
                                           else "Look back")
    assert not table.view["can_hint"]
    card = table.view["legal"][0].split()[1] if table.view["legal"] else None
    if card:
        with pytest.raises(cardlab.IllegalAction, match="look back"):
            table.play(card)
    table.handle({"type": "look_back_close"})
    assert table.view["look_back"] is None and table.mode == "play"


def test_choice_rounds_are_pooled_short_rounds_of_new_layouts():
    """#20 ("never delaying a click"): a choice's hint refines in short rounds, each on new
    layouts (its own seed) pooled with the rounds before, so no single request is long; the
    last bars are the pooled estimate of every round, with its standard error."""
    from cardlab.widgets._advice import POOLED_ROUNDS
    from cardlab.widgets.table import HINT_SEED

    assert {"call", "choice"} <= POOLED_ROUNDS
    assert max(HINT_ROUNDS["choice"]) <= 4 and max(HINT_ROUNDS["call"]) <= 4
    game = cardlab.load("pandoeren")
    s = _first_choice(game, {"trump"})
    assert s is not None
    table = Table(s, seat=s.to_move, bot_delay=0)
    table.hint()
    rounds = 1
    while table.view["hint_pending"]:
        table.handle({"type": "hint_more", "step": table.step})
        rounds += 1
    assert rounds == len(HINT_ROUNDS["choice"])
    parts = [advise(s, n=k, seed=HINT_SEED + i) for i, k in enumerate(HINT_ROUNDS["choice"])]
    assert len({tuple(p.values.values()) for p in parts}) > 1  # new layouts each round
    for a in parts[0].values:  # the pool: the mean over all layouts, its standard error
        n = sum(p.n for p in parts)
        mean = sum(p.n * p.values[a] for p in parts) / n
        err = sum((p.n * p.stderr[a]) ** 2 for p in parts) ** 0.5 / n
        bar = next(b for b in table.view["hint"]["bars"] if b["action"] == a)
        assert bar["value"] == pytest.approx(mean, abs=1e-3)
        assert bar["stderr"] == pytest.approx(err, abs=1e-3)
    with pytest.raises(ValueError, match="different options"):
        parts[0].pooled(advise(_first_choice(game, {"call"}), n=4, seed=0))


@pytest.mark.parametrize("name", GAMES)
def test_the_hint_says_its_games_unit(name):
    """The why line counts in the game's own unit: chips in Panfin (played for chips),
    points in the others (a Five Hundred hint once said "chips")."""
    from cardlab.widgets._advice import value_unit

    game = cardlab.load(name)
    s = _some_choice(game)
    unit = UNITS[name]
    assert value_unit(s) == unit
    table = Table(s, seat=s.to_move, bot_delay=0)
    said = table.hint()
    # "… worth +3.2 chips on average" for a clear best, "(within ± 0.8 chips)" when about equal
    assert f" {unit} on average" in said or f" {unit});" in said, said


@pytest.mark.parametrize("name", GAMES)
def test_every_legal_call_has_a_bar_or_the_why_line_says_it_is_not_valued(name):
    """#29 item 4, in every game's opening auction or declaration: each legal call has a bar,
    or the why line names it "Not valued" with the reason (Five Hundred's pass, each bid
    being valued as the contract it makes); a call with a bar is never called not valued."""
    from cardlab.widgets._advice import hint_view

    game = cardlab.load(name)
    s = game.deal(seed=7)
    advice = advise(s, n=2, seed=0)
    if advice is None or advice.kind != "call":
        pytest.skip(f"{name} opens with no call the hint values")  # Panfin: declarations
    why = hint_view(s, advice, round_=0, rounds=1)["why"]
    legal = [str(a) for a in s.legal_actions()]
    bare = [a for a in legal if a not in advice.values]
    if bare:
        assert "Not valued: " in why and "not played out" in why, why
        named = why.split("Not valued: ")[1].split(" (")[0].split(", ")
        assert len(named) == len(bare)
    else:
        assert "Not valued" not in why, why


def test_the_why_line_counts_a_long_list_of_about_equal_options():
    """A why line that would name more than ``TIED_NAMED`` options about equal names the
    first few and counts the rest, or says "all N cards" when every option is about equal
    (a first bid round of two deals leaves 26 bids about equal)."""
    from cardlab.sim.advice import Advice
    from cardlab.widgets._advice import TIED_NAMED, hint_view

    s = cardlab.load("five_hundred").deal(seed=7)
    bots = [bot_for("five_hundred", "heuristic", seed=i) for i in range(4)]
    while s.phase != "play":
        s = s.apply(bots[s.to_move].choose(s))
    plays = [str(a) for a in s.legal_actions()]
    assert len(plays) > TIED_NAMED + 1
    rng = np.random.default_rng(0)
    samples = {a: rng.normal(0.0, 50.0, 6) for a in plays}
    def view(samples):
        values = {a: float(v.mean()) for a, v in samples.items()}
        errs = {a: float(v.std() / np.sqrt(len(v))) for a, v in samples.items()}
        return hint_view(s, Advice(s.to_move, values, errs, 6, "play", 0, samples=samples),
                         round_=0, rounds=2)["why"]
    assert f"about equal: all {len(plays)} cards (within ± " in view(samples)
    samples[plays[0]] = samples[plays[0]] - 10_000.0  # clearly the worst: not about equal
    why = view(samples)
    assert f" and {len(plays) - 1 - (TIED_NAMED - 1)} more (within ± " in why, why
    assert why.split("about equal: ")[1].split(" and ")[0].count(", ") == TIED_NAMED - 2


def test_a_manual_announcement_has_no_bar_and_the_why_line_says_why():
    """Pandoeren with ``roem_announce="manual"`` (A2.10: roem or stuk not announced in time
    is lost): the hint values the cards; "announce roem" and "announce stuk" beside them are
    named as not valued, with the reason, and no card is."""
    from cardlab.widgets._advice import hint_view

    game = cardlab.load("pandoeren", roem_announce="manual")
    bots = [bot_for("pandoeren", "heuristic", seed=i) for i in range(4)]
    s = game.deal(seed=0)
    while not any(a.verb == "announce" for a in s.legal_actions()):
        s = s.apply(bots[s.to_move].choose(s))
    advice = advise(s, n=2, seed=0)
    assert advice is not None and advice.kind == "play"
    announce = [str(a) for a in s.legal_actions() if a.verb == "announce"]
    assert announce and not set(announce) & set(advice.values)
    why = hint_view(s, advice, round_=0, rounds=1)["why"]
    assert "Not valued: " in why and "announced in time is lost" in why, why
    named = why.split("Not valued: ")[1].split(" (")[0].split(", ")
    assert len(named) == len(announce)


def test_re_beside_the_opening_lead_has_no_bar_and_the_why_line_says_why():
    """Officer Skat with ``re_window="until_opening_lead"`` (B-6: a Re not said at step 10
    stays open until the first seat's opening lead, OS-7.4): the hint values the cards, and
    "re" beside them is named as not valued, with the reason."""
    from cardlab.widgets._advice import hint_view

    game = cardlab.load("officer_skat", re_window="until_opening_lead")
    for seed in range(20):
        s = game.deal(seed=seed)
        bots = [bot_for("officer_skat", "heuristic", seed=i) for i in range(2)]
        while not s.is_over and s.phase != "play":
            legal = {str(a) for a in s.legal_actions()}
            s = s.apply("kontra" if "kontra" in legal else "no_re" if "no_re" in legal
                        else bots[s.to_move].choose(s))
        if not s.is_over and "re" in {str(a) for a in s.legal_actions()}:
            break
    else:
        raise AssertionError("no deal with Re open at the opening lead in 20 seeds")
    advice = advise(s, n=2, seed=0)
    assert advice is not None and advice.kind == "play" and "re" not in advice.values
    why = hint_view(s, advice, round_=0, rounds=1)["why"]
    assert "Not valued: " in why and "as if you do not say Re" in why, why


def test_look_back_values_open_hands_decisions_on_their_own_count_of_layouts():
    # a look back values a decision as a hint would there (#29 item 3): the open-hands
    # decisions (Five Hundred's cards, four players) on ``n_open_hands`` layouts, the others
    # on ``n``; the last tricks of a deal keep the test quick
    game = cardlab.load("five_hundred")
    s = game.deal(seed=21, dealer=0)
    bots = _bots(game)
    while not s.is_over:
        s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
    line = s.states()
    late = [t for t in line if t.phase == "play" and len(t.hands[0]) <= 4]
    start = line.index(late[0])
    look = look_back(line[start:], [0], n=30, seed=5, n_open_hands=3)
    opened = [d for d in look.decisions if valued_by(line[d.index]) == "open hands"]
    assert opened
    for d in opened:
        want = advise(line[d.index], n=3, seed=5 + d.index - start, include=[d.chosen])
        assert want is not None and d.advice.values == want.values
        assert d.advice.n != 30
