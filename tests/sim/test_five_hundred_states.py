"""Five Hundred's whole sampled deals (:func:`cardlab.sim.five_hundred.states.sample_states`).

Every sampled state is a deal of ``game.deal_from_parts`` with a history replayed through
``apply`` (so the engine's rules hold on it), at the same moment as the real one, and the
seat to move cannot tell it from the real one: the same view, the same legal actions, the
same history in words. Checked at every decision of bot-played deals (well over a thousand
in all: the auction, the kitty, the partner call, the joker nomination and the play) under
the player counts the batch serves and options that change what is hidden; then the rules
one at a time: the contractor's discards (5H-6.1), a joker named aloud or a declined
nomination (5H-6.3), J3 in misère (5H-7.3), the called partner card (5H-2) and the open
misère hand (5H-7.5).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.engine.view import told
from cardlab.sim.five_hundred import sample_states

#: (id, options, bot level, deals, phases that must be met)
SWEEPS: list[tuple[str, dict[str, Any], str, int, set[str]]] = [
    ("4p heuristic", {}, "heuristic", 6, {"auction", "kitty", "play"}),
    ("4p random", {}, "random", 4, {"auction", "kitty", "play"}),
    ("3p", {"players": 3}, "random", 4, {"auction", "kitty", "play", "nominate"}),
    ("5p heuristic", {"players": 5}, "heuristic", 4, {"auction", "kitty", "call", "play"}),
    ("5p random", {"players": 5}, "random", 4, {"auction", "kitty", "call", "play"}),
    ("6p triples", {"players": 6, "six_player_sides": "two_triples"}, "random", 2,
     {"auction", "kitty", "play"}),
    ("2p dead hand", {"players": 2}, "random", 6, {"auction", "kitty", "play"}),
    ("sans kitty, all pass played", {"sans_kitty_allowed": True, "blind_misere_allowed": True,
                                     "all_pass": "play_no_trumps",
                                     "open_misere_expose": "before_lead"}, "random", 5,
     {"auction", "play"}),
    ("left of dealer leads", {"first_lead": "left_of_dealer"}, "random", 3,
     {"auction", "kitty", "play"}),
]


def _bots(game: Any, level: str) -> list[Any]:
    return [bot_for("five_hundred", level, seed=s) for s in range(game.players)]


def _moments(game: Any, level: str, deals: int, calls: list[str] | None = None
             ) -> Iterator[Any]:
    """Every decision of ``deals`` deals played by ``level`` bots (the auction's first
    ``calls`` made where legal, then passes, when given)."""
    bots = _bots(game, level)
    for seed in range(deals):
        s = game.deal(seed=seed, dealer=seed % game.players)
        script = list(calls) if calls is not None else None
        while not s.is_over:
            yield s
            me = s.to_move
            if s.phase == "auction" and script is not None:
                legal = [str(a) for a in s.legal_actions()]
                act = script.pop(0) if script and script[0] in legal else "pass"
                s = s.apply(act, seat=me)
            else:
                s = s.apply(bots[me].choose(s), seat=me)


def _words(state: Any, seat: int) -> list[str]:
    """The deal's history as ``seat`` hears it (secret choices it must not learn of left out)."""
    chain = state.states()
    return [w for w in (told(a, b.history[-1], seat) for a, b in zip(chain, chain[1:])) if w]


def _deals(states: list[Any]) -> list[str]:
    return [t.deal_string() for t in states]


def _played(state: Any) -> dict[int, list[Any]]:
    out: dict[int, list[Any]] = {}
    for trick in (*state.tricks, state.trick):
        for p in trick.plays:
            out.setdefault(p.seat, []).append(p.card)
    return out


@pytest.mark.parametrize("name,options,level,deals,phases", SWEEPS, ids=[s[0] for s in SWEEPS])
def test_the_seat_to_move_cannot_tell_a_sampled_state_from_the_real_one(name, options, level,
                                                                         deals, phases):
    """At every decision: each sampled state shows the seat to move the real view, legal
    actions and history in words, with its own hand as dealt (and, for the contractor, the
    kitty and its discards); a seed reproduces the states; a sampled state (a deal the seat
    cannot tell from the real one) gives the same states as the real one (hidden stays
    hidden); and the states vary."""
    game = cardlab.load("five_hundred", **options)
    moments = varied = 0
    met: Counter[str] = Counter()
    for s in _moments(game, level, deals):
        me, seed = s.to_move, len(s.history)
        sampled = sample_states(s, 3, seed)
        assert len(sampled) == 3
        dealt = s.states()[0]
        for t in sampled:
            assert t.view(me) == s.view(me), (name, s.deal_string(), s.history)
            assert t.legal_actions() == s.legal_actions()
            assert _words(t, me) == _words(s, me)
            assert t.states()[0].hands[me] == dealt.hands[me]
            if me == s.declarer and not s.sans_kitty and s.phase != "auction":
                assert (t.kitty, t.discards) == (s.kitty, s.discards)
        assert _deals(sample_states(s, 3, seed)) == _deals(sampled)
        assert _deals(sample_states(sampled[-1], 3, seed)) == _deals(sampled)
        varied += len(set(_deals(sampled))) > 1
        moments += 1
        met[s.phase] += 1
    assert set(met) >= phases, met
    assert moments > 60 and varied > 0.95 * moments, (moments, varied)


def test_the_sweeps_cover_over_a_thousand_decisions():
    """The sweep above meets more than 1,000 decisions in all (counted, not assumed)."""
    total = sum(sum(1 for _ in _moments(cardlab.load("five_hundred", **options), level, deals))
                for _, options, level, deals, _ in SWEEPS)
    assert total > 1000, total


def _contract_moments(calls: list[str], options: dict[str, Any] | None = None,
                      deals: int = 40, level: str = "random") -> Iterator[Any]:
    game = cardlab.load("five_hundred", **(options or {}))
    for s in _moments(game, level, deals, calls):
        if s.phase == "play" and s.declarer is not None:
            yield s


def test_a_defender_samples_the_contractors_discards():
    """5H-6.1: a defender never saw the kitty nor the discards: in each sampled deal the
    contractor's dealt hand and kitty are its cards now, its plays and its (sampled)
    discards; the discard action names those; the discards vary and are no card the
    defender saw."""
    checked = differ = 0
    for s in _contract_moments(["bid 7NT"], deals=6, level="heuristic"):
        me, decl = s.to_move, s.declarer
        if me == decl:
            continue
        seen = set(s.hands[me]) | {c for cards in _played(s).values() for c in cards}
        for t in sample_states(s, 4, 7):
            assert len(t.discards) == 3 and not seen & set(t.discards)
            first = t.states()[0]
            assert set(first.hands[decl]) | set(first.kitty) == (
                set(t.hands[decl]) | set(_played(t).get(decl, [])) | set(t.discards))
            discard = next(a for a in t.history if a.verb == "discard")
            assert set(discard.args) == {c.code for c in t.discards}
            differ += t.discards != s.discards
            checked += 1
    assert checked > 500 and differ > 0.9 * checked


def _joker(game: Any) -> Any:
    return next(c for c in game.deck if c.is_joker)


def test_a_joker_named_aloud_stays_with_the_contractor():
    """5H-6.3: a contractor who named the joker's suit held it; while the joker is unseen it
    is in the contractor's hand in every sampled deal, and the nomination is replayed."""
    found = 0
    for s in _contract_moments(["bid 7NT"], deals=80):
        me, decl = s.to_move, s.declarer
        joker = _joker(s.game)
        if me == decl or s.nominated not in ("S", "C", "D", "H") or joker not in (
                s.hidden_cards(me)):
            continue
        for t in sample_states(s, 4, found):
            assert joker in t.hands[decl]
            assert t.nominated == s.nominated
        found += 1
    assert found > 20


def test_a_declined_nomination_is_replayed_only_where_the_contractor_holds_the_joker():
    """5H-6.3: declining to nominate is known to the contractor alone, so a defender's
    sampled deals give the contractor the joker or not; where it holds it after its discard
    the history says ``nominate none``, where it does not there is no nomination."""
    held = clear = 0
    for s in _contract_moments(["bid 7NT"], deals=40):
        me, decl = s.to_move, s.declarer
        if me == decl or s.nominated in ("S", "C", "D", "H") or _joker(s.game) not in (
                s.hidden_cards(me)):
            continue
        for t in sample_states(s, 4, held + clear):
            kept = (set(t.states()[0].hands[decl]) | set(t.kitty)) - set(t.discards)
            has = _joker(t.game) in kept
            assert ("nominate none" in [str(a) for a in t.history]) == has
            held += has
            clear += not has
    assert held > 20 and clear > 20


def test_a_void_shown_in_misere_holds_no_joker():
    """J3 (5H-7.3): in misère a seat void in the suit led must play the unnominated joker,
    so a seat that showed a void holds none in any sampled deal."""
    found = 0
    for s in _contract_moments(["bid 7S", "bid misere"], deals=60):
        joker = _joker(s.game)
        if s.nominated in ("S", "C", "D", "H") or joker not in s.hidden_cards(s.to_move):
            continue
        void = [p for p in range(s.game.players) if s.shown_void[p] and p != s.to_move]
        if not void:
            continue
        for t in sample_states(s, 4, found):
            assert s.contract == t.contract == "misere"
            for p in void:
                assert joker not in t.hands[p]
        found += 1
    assert found > 20


def test_the_called_partner_card_is_not_the_contractors():
    """5H-2 (five players): the contractor called a card it did not hold, so no sampled
    deal gives it that card; until the card is played, who holds it varies."""
    unknown = varied = 0
    for s in _contract_moments(["bid 7NT"], {"players": 5}, deals=8):
        card = s.partner_card
        if card is None:
            continue
        states = sample_states(s, 4, len(s.history))
        me, decl = s.to_move, s.declarer
        for t in states:
            assert t.partner_card is card
            assert card not in set(t.hands[decl]) | set(_played(t).get(decl, []))
        if not s.partner_known and card not in s.hands[me] and not (
                me == decl and card in s.discards):
            unknown += 1
            varied += len({t.partner for t in states}) > 1
    assert unknown > 50 and varied > 0.8 * unknown


def test_the_open_misere_hand_is_seen_not_sampled():
    """5H-7.5: once the open misère hand lies face up every sampled deal has it as it is
    (its kitty and discards stay hidden from the defenders)."""
    found = 0
    for s in _contract_moments(["bid open_misere"], {"open_misere_expose": "before_lead"},
                               deals=12):
        decl = s.declarer
        if s.to_move == decl or not s.exposed:
            continue
        states = sample_states(s, 4, found)
        for t in states:
            assert t.exposed and t.hands[decl] == s.hands[decl]
        found += 1
    assert found > 50


def test_a_finished_deal_or_ghost_partners_are_refused():
    """A deal with nobody to move is a ValueError; two players with ghost partners are not
    served (NotImplementedError, as the batch)."""
    game = cardlab.load("five_hundred")
    s = next(iter(_moments(game, "heuristic", 1)))
    bots = _bots(game, "heuristic")
    while not s.is_over:
        s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
    with pytest.raises(ValueError, match="over"):
        sample_states(s, 2, 1)
    ghosts = cardlab.load("five_hundred", players=2, two_player_form="ghost_partners_43")
    with pytest.raises(NotImplementedError, match="ghost"):
        sample_states(ghosts.deal(seed=1), 2, 1)


def test_a_called_card_in_a_dead_kitty_stays_hidden():
    """5H-2 with a contract sans kitty (five players): the contractor cannot tell a called
    card in a hidden hand from one in the kitty nobody took, so both deals give the same
    sampled states."""
    game = cardlab.load("five_hundred", players=5, sans_kitty_allowed=True)
    hands = ["JS 9S KC AD QD 10D 8D 3D JH 4H", "AS KS 10S 6S 4S 8C JD 5D 2D 9H",
             "5S 3S AC QC 9C 6D KH QH 10H 2H", "2S JC 10C 7C 6C 4C 3C 9D 7D AH",
             "QS 8S 7S KD 4D 8H 7H 5H 3H JK"]
    twin = [*hands[:4], hands[4].replace("KD", "6H")]
    moments = []
    for hs, kitty in ((hands, "6H 2C 5C"), (twin, "KD 2C 5C")):
        s = game.deal(hands=hs, kitty=kitty, dealer=0)
        for act in ["pass", "bid 10NT sans_kitty", "pass", "pass", "pass", "call KD"]:
            s = s.apply(act)
        assert s.phase == "play" and s.to_move == 2
        moments.append(s)
    assert moments[0].view(2) == moments[1].view(2)
    assert _deals(sample_states(moments[0], 4, 1)) == _deals(sample_states(moments[1], 4, 1))
