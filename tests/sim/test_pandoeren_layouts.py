"""Pandoeren's layouts of the hidden cards in the play
(:func:`cardlab.sim.pandoeren.sampling.pandoeren_batch`) respect all the play has shown: each
layout, dealt and replayed through the engine as :mod:`cardlab.sim.pandoeren.states` does, is
a deal on which every action was legal and the seat to move sees what it saw — the cards
played (A2.8: voids, no undertrumping, the overtrump duty, A2.8.5's follow-first reading,
the jas never forced), the call (A2.7.3 / P-A8), the partner as the play shows her (A2.7.3,
P-A9, A2.11) and the announced roem and stuk (A2.10.2 / A2.10.3) — and hidden stays hidden."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
from support import bot_moments, forced_bid

import cardlab
from cardlab.engine.tricks import Play
from cardlab.games.pandoeren.judge import card_mask
from cardlab.games.pandoeren.rules import play_tables
from cardlab.sim.pandoeren.sampling import layout_constraints, pandoeren_batch
from cardlab.sim.pandoeren.states import _replayed, sample_states

#: the contracts forced on forehand beside the bots' own auctions: called aces with and
#: without trumps, the jas's partner, a trick objective that stops the deal, open hands, roem
FORCED = ("kereltje", "zwabber", "misere_ouvert", "praatje", "pandoer+20", "piccolo",
          "pandoer")
#: option sets whose play shows other things: manual announcements (A2.10.2), the seed's
#: follow-first reading and the overtrump duty (A2.8.3a, A2.8.5), Butselaar's free trumping
#: with Kereltje alone (A2.8.4, P-A9), no trump ace to call, the jas forced like any trump
#: (P-A7, P-A13) and the strict stuk deadline (P-A16)
OPTIONS: list[dict[str, Any]] = [
    {},
    {"roem_announce": "manual"},
    {"trump_while_able_to_follow": False, "overtrump_on_trump_lead": True},
    {"preset": "butselaar", "kereltje_own_jas": "play_alone",
     "zwabber_partner": "first_trick_winner"},
    {"allow_call_trump_ace": False, "jas_never_forced": False,
     "stuk_deadline": "before_first_card"},
]


def _play_moments() -> Iterator[Any]:
    """The decisions of the play in bot-played deals: the bots' own auctions, and forced
    contracts under every option set, played by the heuristic and by the random bots (the
    random ones trump, undertrump and discard where the heuristic would not)."""
    game = cardlab.load("pandoeren")
    for seed in range(22):
        yield from (s for s in bot_moments(game.deal(seed=seed, dealer=seed % 4))
                    if s.phase == "play")
    for opts in OPTIONS:
        game = cardlab.load("pandoeren", **opts)
        for i, word in enumerate(FORCED):
            s = forced_bid(game, 40 + i, word)
            for level in ("heuristic", "random"):
                yield from (t for t in bot_moments(s, level) if t.phase == "play")


def _refusal(s: Any, row: np.ndarray) -> str | None:
    """Why the replay of states.py refuses the layout ``row`` (None: it keeps it)."""
    me = s.to_move
    t = _replayed(s, row)
    if t is None:
        return "an action refused"
    if t.phase != s.phase:
        return f"phase {t.phase}"
    seen, got = s.view(me), t.view(me)
    if got != seen:
        return "view: " + " ".join(k for k in seen if got.get(k) != seen[k])
    if t.legal_actions() != s.legal_actions():
        return "legal actions"
    return None


def test_every_layout_replays_to_the_same_moment():
    """At over a thousand decisions of the play, each of the sampled layouts, dealt and
    replayed through the engine from the deal, is accepted action by action (every card was
    legal on it: A2.8; the call was legal: A2.7.3 / P-A8) and shows the seat to move its
    view unchanged (the partnership and the deal going on: A2.7.3 / A2.11; roem and stuk:
    A2.10.2 / A2.10.3) — the replay of states.py refuses none of them."""
    refused: Counter[str] = Counter()
    example: dict[str, Any] = {}
    moments = layouts = 0
    for s in _play_moments():
        moments += 1
        for row in np.asarray(pandoeren_batch(s, 4, seed=len(s.history)).hands):
            layouts += 1
            why = _refusal(s, row)
            if why is not None:
                refused[why] += 1
                example.setdefault(why, (s.deal_string(), [str(a) for a in s.history]))
    assert moments > 1000
    assert not refused, (refused, example)


def _stacked(hands: list[str], kijkkaart: str, actions: list[str], **opts: Any) -> Any:
    """The deal of ``hands`` (N E S W, North forehand) with ``actions`` applied."""
    game = cardlab.load("pandoeren", **opts)
    s = game.deal(hands=hands, kijkkaart=kijkkaart, dealer=3)
    for act in actions:
        s = s.apply(act)
    return s


def _holders(s: Any, n: int = 40, seed: int = 3) -> list[dict[str, int]]:
    """Where each card lies in ``n`` layouts: the seat, or 4 for the declarer's discard."""
    deck = s.game.deck
    hands = np.asarray(pandoeren_batch(s, n, seed=seed).hands)
    out = []
    for row in hands:
        held = {deck[i].code: seat for seat in range(4) for i in range(len(deck))
                if int(row[seat]) >> i & 1}
        out.append({c.code: held.get(c.code, 4) for c in deck})
    for row in hands:  # and every one of them replays to the moment
        assert _refusal(s, row) is None
    return out


def test_a2_7_3_a_called_king_or_queen_keeps_the_higher_cards_with_the_declarer():
    """A2.7.3 / P-A8: a declarer who called a king could call no ace — every ace she may call
    is in her hand or her discard; one who called a queen, every ace and king. With
    allow_call_trump_ace=False (P-A7) the trump ace is no clue: it lies anywhere."""
    king = _stacked(["AS AC AD AH KS QS JS 10S", "KC QC JC 10C 9C 8C 7C 9S",
                     "KD QD JD 10D 9D 8D 7D 8S", "KH QH JH 10H 9H 8H 7H 6H"], "7S",
                    ["bid pandoer", "pass", "pass", "pass", "discard AH", "trump S",
                     "call KH", "play 10S"])
    for where in _holders(king):
        assert all(where[a] in (0, 4) for a in ("AS", "AC", "AD", "AH"))
    queen = _stacked(["AS AC AD AH KS KC KD KH", "QC JC 10C 9C 8C 7C 9S 8S",
                      "QD JD 10D 9D 8D 7D QS JS", "QH JH 10H 9H 8H 7H 6H 10S"], "7S",
                     ["bid pandoer", "pass", "pass", "pass", "discard KH", "trump S",
                      "call QH", "play 7S"])
    for where in _holders(queen):
        assert all(where[c] in (0, 4) for c in ("AS", "AC", "AD", "AH", "KS", "KC", "KD",
                                                  "KH"))
    # the trump ace may not be called: North (kings all hers) called a queen without it
    no_trump_ace = _stacked(["AC AD AH KS KC KD KH QS", "AS JC 10C 9C 8C 7C 9S 8S",
                             "QD JD 10D 9D 8D 7D QC JS", "QH JH 10H 9H 8H 7H 6H 10S"], "7S",
                            ["bid pandoer", "pass", "pass", "pass", "discard KH", "trump S",
                             "call QH", "play 7S"], allow_call_trump_ace=False)
    where = _holders(no_trump_ace)
    assert all(w[c] in (0, 4) for w in where for c in ("AC", "AD", "AH", "KC", "KD", "KH"))
    assert {w["AS"] for w in where} - {0, 4}  # the trump ace: sometimes with the others


# A2.8 the deals of the trick rules: hearts trumps, North declarer (120, the ace of diamonds or
# hearts called) leads trick 1, West is to move
_UNDERTRUMP = ["AS KS QS 10S 9S AC KC QC", "JH JC 10C 9C 8C 7C AD KD",
               "9H AH KH QH 10H 8H 7H 6H", "JS 8S QD JD 10D 9D 8D 7D"]


def test_a2_8_3b_a_seat_that_undertrumped_held_nothing_but_lower_trumps():
    """A2.8.3b: East trumped the spade lead with the jas and South played the 6♥ under it:
    undertrumping is legal only to a hand of lower trumps alone, so in every layout South's
    other seven cards are the seven hearts left."""
    s = _stacked(_UNDERTRUMP, "7S", ["bid 120", "pass", "pass", "pass", "discard 7S",
                                     "trump H", "call AD", "play AS", "play JH", "play 6H"])
    for where in _holders(s):
        assert sorted(c for c, seat in where.items() if seat == 2) == sorted(
            ["9H", "AH", "KH", "QH", "10H", "8H", "7H"])


def test_a2_8_5_trumping_shows_a_void_but_the_jas_shows_nothing():
    """A2.8.5 (trump_while_able_to_follow=False): South's 9♥ on the spade lead shows she
    has no spade; East's jas shows nothing, since the jas is never forced and always
    playable (A2.8.3): she may still hold a spade, and does in some layouts."""
    hands = ["AS KS QS 10S AC KC QC AD", "JH 8S JC 10C 9C 8C 7C KD",
             "9H AH KH QH 10H 8H 7H 6H", "JS 9S QD JD 10D 9D 8D 7D"]
    s = _stacked(hands, "7S", ["bid 120", "pass", "pass", "pass", "discard 7S", "trump H",
                               "call AH", "play AS", "play JH", "play 9H"],
                 trump_while_able_to_follow=False)
    where = _holders(s)
    spades = ("KS", "QS", "10S", "8S")
    assert all(w[c] != 2 for w in where for c in spades)
    assert any(w[c] == 1 for w in where for c in spades)


_TRUMP_LEAD = ["AH KH 9H AS KS QS AC KC", "7H 8H JS 10S 9S 8S AD KD",
               "JH JC 10C 9C 8C 7C QD JD", "QH 10H 6H QC 10D 9D 8D 7D"]
_TRUMP_LEAD_PLAY = ["bid 120", "pass", "pass", "pass", "discard 7S", "trump H", "call AD",
                    "play AH", "play 7H", "play 7C"]


def test_a2_8_3a_a_seat_that_did_not_overtrump_when_bound_held_no_higher_trump():
    """A2.8.3a (overtrump_on_trump_lead=True): the ace of trumps led, East played the 7♥:
    she held no trump above the ace but perhaps the jas (never forced, A2.8.3), so the nel
    (9♥) is North's or her discard. South played a club: she holds no trump but perhaps the
    jas. Without the overtrump duty East may hold the nel."""
    s = _stacked(_TRUMP_LEAD, "7S", _TRUMP_LEAD_PLAY, overtrump_on_trump_lead=True)
    where = _holders(s)
    assert all(w["9H"] in (0, 4) for w in where)
    assert all(w[c] != 2 for w in where for c in ("KH", "8H", "9H"))
    assert any(w["JH"] == 1 for w in where) and any(w["JH"] == 2 for w in where)
    free = _holders(_stacked(_TRUMP_LEAD, "7S", _TRUMP_LEAD_PLAY))
    assert any(w["9H"] == 1 for w in free)


def test_a2_8_the_single_card_test_is_the_engines_legality():
    """A2.8: the layout sampler bars a card from a hand when that card alone, beside the
    card played, would have made the play illegal. That is exact: over random hands and
    tricks under each option set, a card is legal in a hand exactly when no other card of
    the hand bars it so (the engine's own card_mask both ways)."""
    rng = random.Random(7)
    checked = 0
    for opts in OPTIONS + [{"undertrump": "allowed", "overtrump_on_trump_lead": True}]:
        game = cardlab.load("pandoeren", **opts)
        o = game.options
        bit = play_tables(o.rank_order).card_bit
        for _ in range(300):
            deck = list(game.deck)
            rng.shuffle(deck)
            trump = rng.choice(["S", "C", "D", "H", None])
            size = rng.randint(1, 3)
            trick = tuple(Play(k, c) for k, c in enumerate(rng.sample(deck[:24], size)))
            hand = deck[24:24 + rng.randint(1, 8)]
            mask = card_mask(hand, trick, trump, o)
            for p in hand:
                alone = all(card_mask((p, x), trick, trump, o) & bit[p]
                            for x in hand if x != p)
                assert bool(mask & bit[p]) == alone, (hand, trick, trump, opts, p)
                checked += 1
    assert checked > 5000


def test_a2_10_3_roem_announced_without_stuk_means_no_trump_king_and_queen():
    """A2.10.3 with roem_announce="auto": North's 20 roem (A♠ K♠ Q♠) was announced as she
    led, and no stuk with it, so she did not hold both the K♥ and the Q♥ — never both in
    her hand in the layouts, while each of them is hers in some (A2.10.2: her roem is
    exactly the 20 announced)."""
    hands = ["AS KS QS KH AC 7C 8D 7D", "JS 10S 9S 8S JC 10C 9C 8C",
             "QH 10H 9H KC QC AD KD QD", "JH AH 8H 7H 6H JD 10D 9D"]
    s = _stacked(hands, "7S", ["bid 120", "pass", "pass", "pass", "discard 7S", "trump H",
                               "call AD", "play AS"])
    assert s.view(1)["roem"] == {"N": 20} and s.view(1)["stuk"] == []
    where = _holders(s, n=60)
    assert not any(w["KH"] == 0 and w["QH"] == 0 for w in where)
    assert any(w["KH"] == 0 for w in where) and any(w["QH"] == 0 for w in where)


def test_a2_11_a_defender_who_won_a_trick_of_a_pandoer_that_goes_on_is_the_partner():
    """A2.11 (stop_when_decided) / A2.7.3: in a Pandoer (the side takes all eight tricks)
    South won trick 1 and the deal goes on, so South is on the declaring side: in every
    layout she holds the called A♦, though the partnership is not yet public."""
    hands = ["AS KS QS KH AC 7C 8D 7D", "JS 10S 9S 8S JC 10C 9C 8C",
             "QH 10H 9H KC QC AD KD QD", "JH AH 8H 7H 6H JD 10D 9D"]
    s = _stacked(hands, "7S", ["bid pandoer", "pass", "pass", "pass", "discard 7S",
                               "trump H", "call AD", "play 7C", "play 8C", "play KC",
                               "play JD", "play QC"])
    assert not s.partner_public and s.to_move == 3
    assert all(w["AD"] == 2 for w in _holders(s))


def test_p_a9_a_kereltje_declarer_who_won_a_trick_alone_holds_the_jas():
    """P-A9 (kereltje_own_jas="play_alone") / A2.7.3: North won trick 1 of her Kereltje and
    no partnership became public, so nobody is her partner: the jas is hers (or her
    discard) in every layout."""
    hands = ["AS KS QS JH AC 7C 8D 7D", "JS 10S 9S 8S JC 10C 9C 8C",
             "QH 10H 9H KC QC AD KD QD", "KH AH 8H 7H 6H JD 10D 9D"]
    s = _stacked(hands, "7S", ["bid kereltje", "pass", "pass", "pass", "discard 7D",
                               "trump H", "play AS", "play 8S", "play QD", "play 9D",
                               "play KS"], kereltje_own_jas="play_alone")
    assert not s.partner_public and s.to_move == 1
    assert all(w["JH"] in (0, 4) for w in _holders(s))


def test_hidden_stays_hidden():
    """Two deals the seat to move cannot tell apart (a sampled deal is one) give the same
    layouts for the same seed: what the sampler reads is what the seat may know."""
    compared = 0
    for s in list(_play_moments())[::23]:
        twin = sample_states(s, 1, seed=99)[0]
        if twin.deal_string() == s.deal_string():
            continue
        mine = np.asarray(pandoeren_batch(s, 6, seed=5).hands)
        theirs = np.asarray(pandoeren_batch(twin, 6, seed=5).hands)
        assert np.array_equal(mine, theirs), s.deal_string()
        assert np.array_equal(layout_constraints(s)["allowed"],
                              layout_constraints(twin)["allowed"])
        compared += 1
    assert compared > 30
