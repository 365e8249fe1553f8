"""One API across the games (issue #18): results, states and matches have the same shape.

Runs over every registered game and form (``FORMS`` must name each game the registry
lists). Every check compares the API with facts read another way (the tricks, the
deal's dealer, the cards in the hands), so a wrong figure fails; nothing here is a
recorded answer.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from support import table_forms

import cardlab
from cardlab.bots import RandomBot, bot_for, play_out
from cardlab.cards import Card
from cardlab.engine import registry
from cardlab.engine.result import FIGURE_KEYS, Result
from cardlab.engine.state import State
from cardlab.errors import IllegalAction

#: every game and form: (game, options)
#: every table of every registered game, and an option that changes who deals next
FORMS: list[tuple[str, dict[str, Any]]] = [*table_forms(), ("pandoeren", {"all_pass": "same_dealer"})]
IDS = [name + "".join(f"-{v}" for v in opts.values()) for name, opts in FORMS]
#: games that count card points (``figures["card_points"]`` is a dict, ``card_value`` an int)
COUNTS_CARD_POINTS = {"officer_skat", "pandoeren"}
#: deals played per form for the result checks
DEALS = 6


def test_forms_cover_every_registered_game() -> None:
    assert {name for name, _ in FORMS} == set(registry.names())


def hand_names(game: Any) -> tuple[str, ...]:
    """The names of every hand that plays to tricks (Five Hundred's ghosts included)."""
    return tuple(getattr(game, "position_names", game.seat_names))


def finished_deals(game: Any) -> list[State]:
    """Seeded random playouts with varied dealers, plus an all-pass deal where one exists."""
    out = []
    for seed in range(DEALS):
        start = game.deal(seed=seed, dealer=seed % game.players)
        out.append(play_out(start, RandomBot(seed=100 + seed)))
    passed = all_pass(game)
    if passed is not None:
        out.append(passed)
    return out


def all_pass(game: Any) -> State | None:
    """Every seat passes (or folds) at once, where the game allows it."""
    state = game.deal(seed=11, dealer=1)
    while not state.is_over:
        words = [str(a) for a in state.legal_actions()]
        verb = next((w for w in ("pass", "fold") if w in words), None)
        if verb is None and words and words[0].startswith("choose "):
            verb = words[0]  # Panfin: the dealer names a dominant suit first
        if verb is None:
            return None
        state = state.apply(verb)
    return state


@pytest.fixture(scope="module", params=FORMS, ids=IDS)
def form(request: pytest.FixtureRequest) -> tuple[Any, list[State]]:
    name, opts = request.param
    game = cardlab.load(name, **opts)
    return game, finished_deals(game)


# -- results -------------------------------------------------------------------------------
def test_result_sides_points_and_seat_points(form: tuple[Any, list[State]]) -> None:
    game, deals = form
    for state in deals:
        r = state.result
        assert isinstance(r, Result)
        assert r.sides == {k: tuple(v) for k, v in game.sides.items()}
        assert all(isinstance(v, tuple) and all(isinstance(s, int) for s in v)
                   for v in r.sides.values())
        assert set(r.points) == set(r.sides)
        assert len(r.seat_points) == game.players
        # every seat belongs to exactly one side
        seats = sorted(s for v in r.sides.values() for s in v if s < game.players)
        assert seats == list(range(game.players))


def test_result_figures_core_keys_and_shapes(form: tuple[Any, list[State]]) -> None:
    game, deals = form
    names = hand_names(game)
    for state in deals:
        f = state.result.figures
        assert set(FIGURE_KEYS) <= set(f), sorted(f)
        assert "details" not in f and not hasattr(state.result, "details")
        # tricks: per side, and per hand, as the completed tricks say
        won = dict.fromkeys(names, 0)
        for t in state.tricks:
            won[names[t.winner]] += 1
        assert f["seat_tricks"] == won
        assert f["tricks"] == {side: sum(won[names[s]] for s in seats)
                               for side, seats in state.result.sides.items()}
        assert all(type(v) is int for v in f["tricks"].values())
        # card points: a dict by hand name where the game counts them, else None
        if game.name in COUNTS_CARD_POINTS:
            assert isinstance(f["card_points"], dict) and set(f["card_points"]) == set(names)
            for s, name in enumerate(names):
                cards = [c for t in state.tricks if t.winner == s for c in t.cards]
                face = sum(state.card_value(c) for c in cards)
                # Pandoeren's last trick is worth 5 more (A2.3); a card's value never changes
                assert face <= f["card_points"][name] <= face + 5, (name, f["card_points"])
        else:
            assert f["card_points"] is None
        # contractors: hand names; the declarer among them when there is a contract
        assert isinstance(f["contractors"], list) and set(f["contractors"]) <= set(names)
        if state.contract is not None and state.result.declarer is not None:
            assert game.seat_name(state.result.declarer) in f["contractors"]
        if state.contract is None:
            assert f["contractors"] == []
        assert isinstance(f["thrown_in"], bool)
        if f["thrown_in"]:
            assert not state.tricks and all(v == 0 for v in f["tricks"].values())


def test_all_pass_is_thrown_in(form: tuple[Any, list[State]]) -> None:
    game, _ = form
    state = all_pass(game)
    if state is None:
        if game.name == "officer_skat":
            return  # Officer Skat has no all-pass: someone always chooses the game (OS-4)
        # else the all-pass deal is played with no contract (Five Hundred's play_no_trumps,
        # A-12; the example's EX-3.3): played out, it is not thrown in
        state = game.deal(seed=11, dealer=1)
        while state.phase != "play" and not state.is_over:
            state = state.apply("pass")
        assert state.phase == "play" and state.contract is None, (game.name, state.phase)
        while not state.is_over:
            state = state.apply(str(state.legal_actions()[0]))
        assert state.tricks and state.result.figures["thrown_in"] is False
        return
    assert state.result.figures["thrown_in"] is True


def test_result_round_trips_through_json(form: tuple[Any, list[State]]) -> None:
    _, deals = form
    for state in deals:
        r = state.result
        text = json.dumps(r.as_dict())
        back = Result.from_dict(json.loads(text))
        assert back == r
        assert back.as_dict() == r.as_dict()


def expected_next_dealer(game: Any, state: State) -> int:
    """Who deals next, read from the rules (not from the engine's answer)."""
    if (game.name == "pandoeren" and game.options.all_pass == "same_dealer"
            and state.contract is None):
        return state.dealer  # P-A3
    if game.name == "officer_skat":
        return 1 - state.dealer  # B-21
    return (state.dealer + 1) % game.players  # 5H-4.1, A2.4, B2.4 (the dealer's right)


def test_result_next_dealer(form: tuple[Any, list[State]]) -> None:
    game, deals = form
    for state in deals:
        assert state.result.next_dealer == expected_next_dealer(game, state)


# -- states --------------------------------------------------------------------------------
def test_state_contract_is_notation_or_none(form: tuple[Any, list[State]]) -> None:
    game, deals = form
    assert game.deal(seed=5, dealer=0).contract is None
    for state in deals:
        walk = state
        while walk is not None:
            assert walk.contract is None or type(walk.contract) is str
            walk = walk.parent
        if game.name == "panfin":
            assert state.contract is None  # Panfin has no contract
        else:
            assert state.contract == state.result.contract


def test_effective_suit_is_the_suit_a_led_card_sets(form: tuple[Any, list[State]]) -> None:
    game, deals = form
    for state in deals:
        for t in state.tricks:
            lead = t.plays[0]
            suit = state.effective_suit(lead.card)
            if suit is None:  # Five Hundred's unnominated joker: the lead names the suit
                assert lead.card.is_joker
                continue
            assert t.suit == suit, (lead.card, t.suit, suit)
            assert state.effective_suit(lead.card.code) == suit


def test_effective_suit_and_card_value_cover_the_pack(form: tuple[Any, list[State]]) -> None:
    game, deals = form
    for state in (game.deal(seed=2, dealer=0), *deals):
        for card in game.deck:
            suit = state.effective_suit(card)
            assert suit is None or (isinstance(suit, str) and suit)
            value = state.card_value(card)
            if game.name in COUNTS_CARD_POINTS:
                assert type(value) is int and value >= 0
            else:
                assert value is None
        with pytest.raises(ValueError):
            state.effective_suit("ZZ")
        with pytest.raises(ValueError):
            state.card_value("ZZ")


def test_officer_skat_card_values_add_to_the_pack_total() -> None:
    """OS-2.2: the card points of the pack add up to 120; ``card_points`` keeps its meaning."""
    game = cardlab.load("officer_skat")
    state = play_out(game.deal(seed=4, dealer=1), RandomBot(seed=4))
    assert sum(state.card_value(c) for c in game.deck) == 120
    assert state.result.figures["card_points"] == dict(zip(game.seat_names, state.card_points))


def pile_forms() -> list[tuple[str, dict[str, Any]]]:
    return [("five_hundred", {"players": 2, "two_player_form": "ghost_partners_43"}),
            ("officer_skat", {}), ("officer_skat", {"choose_after_face_up": 8})]


@pytest.mark.parametrize(("name", "opts"), pile_forms())
def test_piles_shape_matches_across_games(name: str, opts: dict[str, Any]) -> None:
    """Per seat (position), a tuple of (face-down, face-up) pairs, None where a card is gone;
    a seat without piles is None (Five Hundred's players). The cards in the piles are that
    seat's hand, and the face-up ones are those it may play."""
    game = cardlab.load(name, **opts)
    state = game.deal(seed=9, dealer=0)
    bot = RandomBot(seed=9)
    seen_gone = False
    while True:
        piles = state.piles
        assert isinstance(piles, tuple) and len(piles) == len(state.hands)
        for seat, p in enumerate(piles):
            if p is None:
                assert name == "five_hundred"
                continue
            assert isinstance(p, tuple)
            assert len(p) == (5 if name == "five_hundred" else 8)
            for pair in p:
                assert isinstance(pair, tuple) and len(pair) == 2
                assert all(c is None or isinstance(c, Card) for c in pair)
                seen_gone = seen_gone or None in pair
            cards = [c for pair in p for c in pair if c is not None]
            assert sorted(c.code for c in cards) == sorted(c.code for c in state.hands[seat])
            ups = {u.code for _, u in p if u is not None}
            if name == "officer_skat":
                assert ups == {c.code for c in state.top_cards(seat)}
            else:
                assert ups == {c.code for c in state.playable(seat)}
        if state.is_over:
            break
        state = state.apply(bot.choose(state))
    assert seen_gone


# -- matches -------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "opts"), FORMS, ids=IDS)
def test_match_plays_to_the_end_and_moves_the_dealer_as_the_result_says(
        name: str, opts: dict[str, Any]) -> None:
    game = cardlab.load(name, **opts)
    match = game.match(seed=3)
    bot = RandomBot(seed=3)
    while not match.is_over:
        assert len(match.sheet) < 200
        final = play_out(match.deal(), bot)
        assert final.dealer == match.dealer
        row = match.record(final)
        assert row is match.sheet[-1]
        assert match.dealer == final.result.next_dealer
    data = json.loads(match.to_json())
    assert data["is_over"] and len(data["deals"]) == len(match.sheet)


@pytest.mark.parametrize("seed", range(10))
def test_ghost_partners_match_plays_to_the_end(seed: int) -> None:
    """Issue #18: a made contract by a side with a ghost used to raise ``tuple.index(x)``."""
    game = cardlab.load("five_hundred", players=2, two_player_form="ghost_partners_43")
    match = game.match(seed=seed).play()
    assert match.is_over and match.sheet
    assert match.dealer in (0, 1)


def test_ghost_partners_made_contract_to_500_wins() -> None:
    """5H-9.1 with a ghost: a made contract that takes the side to 500 ends the match."""
    game = cardlab.load("five_hundred", players=2, two_player_form="ghost_partners_43")
    for seed in range(40):
        match = game.match(seed=seed, scores={"P1": 490, "P2": 490})
        final = play_out(match.deal(), [bot_for("five_hundred", seed=seed + i) for i in (0, 1)])
        result = final.result
        if not result.made or result.declarer is None:
            continue
        match.record(final)
        side = game.side_of(result.declarer)
        assert match.is_over and match.winner == side
        return
    pytest.fail("no made contract in 40 seeded deals")


def snapshot(match: Any) -> tuple[Any, ...]:
    return (match.to_json(), match.dealer, dict(match.scores), len(match.sheet),
            list(match.records), match.is_over, match.winner, dict(vars(match)).keys())


@pytest.mark.parametrize(("name", "opts"), FORMS, ids=IDS)
def test_a_refused_record_leaves_the_match_as_it_was(
        name: str, opts: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    game = cardlab.load(name, **opts)
    match = game.match(seed=5)
    match.record(play_out(match.deal(), RandomBot(seed=5)))
    if match.is_over:
        match = game.match(seed=5)
    before = snapshot(match)
    unfinished = match.deal()
    with pytest.raises(IllegalAction) as err:
        match.record(unfinished)
    assert err.value.code == "deal_not_over"
    assert snapshot(match) == before
    other = cardlab.load("officer_skat" if name != "officer_skat" else "pandoeren")
    with pytest.raises(IllegalAction) as err:
        match.record(play_out(other.deal(seed=1, dealer=0), RandomBot(seed=1)))
    assert err.value.code == "wrong_game"
    assert snapshot(match) == before
    # a failure part-way (after the scores are worked out) rolls everything back
    final = play_out(match.deal(), RandomBot(seed=6))

    def broken(self: State) -> str:
        raise RuntimeError("record could not be written")

    monkeypatch.setattr(type(final), "to_json", broken)
    with pytest.raises(RuntimeError):
        match.record(final)
    assert match.dealer == before[1] and match.scores == before[2]
    assert len(match.sheet) == before[3] and match.records == before[4]
    monkeypatch.undo()
    assert snapshot(match) == before
    # and the same deal records normally afterwards
    match.record(final)
    assert len(match.sheet) == before[3] + 1
    assert match.dealer == final.result.next_dealer


@pytest.mark.parametrize(("name", "opts"), FORMS, ids=IDS)
def test_a_deal_added_by_its_result_is_recorded_as_the_deal(name: str, opts: dict[str, Any]
                                                           ) -> None:
    """``Match.add_result`` (a deal played outside the engine, e.g. by cardlab.sim's arrays)
    does what ``record`` does with the finished deal — scores, sheet, outcome, dealer — but
    keeps no record of the cards; a result it cannot take is refused by name and changes
    nothing."""
    import dataclasses

    game = cardlab.load(name, **opts)
    by_state, by_result = game.match(seed=9), game.match(seed=9)
    for k in range(6):
        if by_state.is_over:
            break
        final = play_out(by_state.deal(), RandomBot(seed=k))
        result = by_result._score(final)  # what the match scores it as, from its totals
        assert by_state.record(final) == by_result.add_result(result)
        assert (by_state.scores, by_state.dealer, by_state.is_over, by_state.winner) == (
            by_result.scores, by_result.dealer, by_result.is_over, by_result.winner)
    assert by_result.records == [None] * len(by_state.records)
    assert json.loads(by_result.to_json())["deals"] == [None] * len(by_state.records)
    if by_result.is_over:
        with pytest.raises(IllegalAction) as err:
            by_result.add_result(result)
        assert err.value.code == "match_over"
        by_result = game.match(seed=9)
    before = snapshot(by_result)
    bad_sides = dataclasses.replace(result, points={"nobody": 0})
    bad_dealer = dataclasses.replace(result, next_dealer=game.players)
    for bad, field in ((bad_sides, "points"), (bad_dealer, "next_dealer"),
                       ("10 points", "Result")):
        with pytest.raises(ValueError, match=field):
            by_result.add_result(bad)  # type: ignore[arg-type]
        assert snapshot(by_result) == before
