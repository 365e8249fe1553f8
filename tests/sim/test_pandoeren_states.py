"""Whole Pandoeren states sampled from what the seat to move can see
(:func:`cardlab.sim.pandoeren.states.sample_states`): at every decision of bot-played deals
(the auction, the exchange, trumps, the call, each card), each sample is a real deal replayed
to the same moment that shows the seat exactly its view — its hand, the kijkkaart (A2.4), the
hands laid open (A2.9), the partner as it knows her (A2.7.3), announced roem and stuk (A2.10)
— while the hidden hands and the discard the seat never saw (A2.7.1, P-A23) are dealt at
random, and nothing the seat cannot see changes the samples."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from support import bot_moments, forced_bid

import cardlab
from cardlab.bots import bot_for
from cardlab.sim.pandoeren.states import PHASES, sample_states

#: the contracts forced on forehand beside the bots' own auctions: a secret partner by the
#: jas (A2.7.4) or a called ace without trumps (A2.8.2), hands laid open (A2.9), roem that
#: must reach n (A2.10), a solo
FORCED = ("kereltje", "zwabber", "misere_ouvert", "praatje", "pandoer+20", "piccolo")
#: option sets whose play shows other things: manual announcements (A2.10.2), the seed's
#: follow-first reading and an overtrump duty (A2.8.3a, A2.8.5), Butselaar's free trumping
#: (A2.8.4), Kereltje alone and Zwabber's first-trick partner (P-A9, P-A10)
VARIANTS: list[dict[str, Any]] = [
    {"roem_announce": "manual"},
    {"trump_while_able_to_follow": False, "overtrump_on_trump_lead": True},
    {"preset": "butselaar", "kereltje_own_jas": "play_alone",
     "zwabber_partner": "first_trick_winner"},
]


def _moments() -> Iterator[Any]:
    game = cardlab.load("pandoeren")
    for seed in range(22):
        yield from bot_moments(game.deal(seed=seed, dealer=seed % 4))
    for opts in [{}, *VARIANTS]:
        game = cardlab.load("pandoeren", **opts)
        for i, word in enumerate(FORCED):
            yield from bot_moments(forced_bid(game, 40 + i, word))


def _hidden(s: Any) -> list[Any]:
    """The cards the seat to move cannot see (the engine's own list)."""
    return s.hidden_cards(s.to_move)


def test_a_sample_shows_the_seat_to_move_exactly_what_it_saw():
    """At over a thousand decisions of every phase, each sampled state is a deal replayed
    through the engine to the same moment (so every card played was legal on it, A2.8),
    with the seat's whole view and legal actions unchanged, the same actions (the others'
    discard the sampled one: P-A23), the same cards hidden, and (where more than one card
    is hidden) the samples are not all one deal."""
    moments = varied = hiding = 0
    phases = set()
    for s in _moments():
        me = s.to_move
        sampled = sample_states(s, 3, seed=len(s.history))
        assert len(sampled) == 3
        for t in sampled:
            assert t.view(me) == s.view(me), (s.deal_string(), [str(a) for a in s.history])
            assert t.legal_actions() == s.legal_actions()
            assert t.phase == s.phase and t.to_move == me and t.kijkkaart == s.kijkkaart
            assert sorted(map(str, _hidden(t))) == sorted(map(str, _hidden(s)))
            for a, b in zip(s.history, t.history, strict=True):
                assert a == b or (a.verb == b.verb == "discard" and me != s.declarer)
            if s.discarded is not None and me != s.declarer:
                assert t.discarded in _hidden(s)  # P-A23 a card the seat never saw
        if len(_hidden(s)) > 1:
            hiding += 1
            varied += len({t.deal_string() for t in sampled}) > 1
        moments += 1
        phases.add(s.phase)
    assert moments > 1000
    assert phases == set(PHASES)
    assert varied > 0.9 * hiding


def test_the_partner_and_the_kijkkaart_stay_as_the_seat_knows_them():
    """A2.7.3: while the partnership is secret to a seat, the called card lies with one of
    the others in its samples (never the declarer, P-A8), and not always with the same
    seat; once it is public, with the partner. A2.4: the kijkkaart is the declarer's (in
    her hand, played by her, or her discard)."""
    game = cardlab.load("pandoeren")
    secret_moments = moved = 0
    for seed in range(20):
        for s in bot_moments(game.deal(seed=seed, dealer=seed % 4)):
            if s.phase != "play" or s.called is None:
                continue
            me, d = s.to_move, s.declarer
            sampled = sample_states(s, 4, seed=seed)
            holders = set()
            for t in sampled:
                dealt = t.dealt_hands[d] + (t.kijkkaart,)
                assert s.kijkkaart in dealt
                assert t.partner != d and t.partner is not None
                if s.partner_public or me == s.partner:
                    assert t.partner == s.partner
                holders.add(t.partner)
            if not s.partner_public and me not in (s.partner, d):
                secret_moments += 1
                moved += len(holders) > 1
    assert secret_moments > 15 and moved > 0.5 * secret_moments


def test_hidden_stays_hidden():
    """Two deals that differ only in cards the seat cannot see, at the same moment (a
    sampled deal is one), give the same samples for the same seed."""
    compared = 0
    for s in list(_moments())[::17]:
        me = s.to_move
        twin = sample_states(s, 1, seed=99)[0]
        assert twin.view(me) == s.view(me)
        if twin.deal_string() == s.deal_string():
            continue
        assert ([t.deal_string() for t in sample_states(s, 4, seed=5)]
                == [t.deal_string() for t in sample_states(twin, 4, seed=5)])
        compared += 1
    assert compared > 40


def test_a_seed_reproduces_its_samples():
    """The same seed gives the same deals; another seed other deals."""
    game = cardlab.load("pandoeren")
    s = next(m for m in bot_moments(forced_bid(game, 3, "200")) if len(m.tricks) == 2)
    first = [t.deal_string() for t in sample_states(s, 6, seed=11)]
    assert first == [t.deal_string() for t in sample_states(s, 6, seed=11)]
    assert first != [t.deal_string() for t in sample_states(s, 6, seed=12)]


def test_a_finished_deal_is_refused():
    """A finished deal (played out, or thrown in when all four passed, A2.5) has nobody to
    move: there is no moment to sample."""
    game = cardlab.load("pandoeren")
    thrown = game.deal(seed=1, dealer=0)
    for _ in range(4):
        thrown = thrown.apply("pass")
    played = list(bot_moments(forced_bid(game, 2, "200")))[-1]
    played = played.apply(bot_for("pandoeren", "heuristic").choose(played), seat=played.to_move)
    for s in (thrown, played):
        assert s.is_over and s.to_move is None
        with pytest.raises(ValueError, match="finished"):
            sample_states(s, 2, seed=0)


def test_a_called_king_keeps_every_ace_with_the_declarer():
    """A2.7.3 / P-A8: a declarer who calls a king held or discarded every ace (she could
    call no ace), so in every sample the four aces are hers — in her hand or her discard —
    while the other hands still vary."""
    game = cardlab.load("pandoeren")
    s = game.deal(hands=["AS AC AD AH KS QS JS 10S", "KC QC JC 10C 9C 8C 7C 9S",
                         "KD QD JD 10D 9D 8D 7D 8S", "KH QH JH 10H 9H 8H 7H 6H"],
                  kijkkaart="7S", dealer=3)
    for act in ["bid pandoer", "pass", "pass", "pass", "discard AH", "trump S", "call KH",
                "play 10S"]:
        s = s.apply(act)
    aces = {game.deck.parse(c) for c in ("AS", "AC", "AD", "AH")}
    sampled = sample_states(s, 12, seed=4)
    for t in sampled:
        assert t.view(1) == s.view(1)
        assert aces <= set(t.dealt_hands[0]) | {t.kijkkaart}
    assert len({t.deal_string() for t in sampled}) > 6
