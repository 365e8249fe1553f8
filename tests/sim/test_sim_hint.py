"""cardlab.sim.hint: a legal card, and the obviously winning one in constructed positions."""

from __future__ import annotations

import numpy as np
import pytest

import cardlab
import cardlab.sim
from cardlab.engine.rng import SplitMix64
from cardlab.sim.five_hundred import batch as fh


def _advance(state, k, seed):
    rng = SplitMix64(seed)
    for _ in range(k):
        legal = state.legal_actions()
        state = state.apply(legal[rng.randbelow(len(legal))])
    return state


def test_hint_gives_a_legal_card_five_hundred() -> None:
    """In mid-play positions of several contracts the hint is one of the legal actions, and
    every legal action gets a value."""
    game = cardlab.load("five_hundred")
    for seed, call, k in [(1, "7H", 5), (2, "8NT", 13), (3, "misere", 2), (4, "6S", 30)]:
        st = _advance(fh.scalar_start(game, seed, call, seed % 4), k, seed)
        if st.is_over:
            continue
        h = cardlab.sim.hint(st, n=40, seed=seed)
        legal = [str(a) for a in st.legal_actions()]
        assert h["best"] in legal and list(h["values"]) == legal
        assert h["seat"] == st.to_move


def test_hint_gives_a_legal_card_officer_skat() -> None:
    """Officer Skat mid-play: the hint is a legal (uncovered, following) card."""
    game = cardlab.load("officer_skat")
    for seed, kind in [(1, "grand"), (2, "null"), (3, "D")]:
        st = game.deal(seed=seed, dealer=0).apply(f"declare {kind}")
        while st.phase != "play":
            st = st.apply(st.legal_actions()[-1])
        st = _advance(st, 7, seed)
        h = cardlab.sim.hint(st, n=40, seed=seed, policy="random")
        assert h["best"] in [str(a) for a in st.legal_actions()]


def test_hint_ducks_in_misere_five_hundred(monkeypatch: pytest.MonkeyPatch) -> None:
    """5H-7.4: N plays misère; E leads the 10S and W follows low; N holds AS and 5S. The AS
    would take the trick and lose the misère at once, so the hint plays the 5S.

    The auction ``scalar_start`` makes up to reach the misère (E's 7S first) is not one these
    hands would bid, so the layouts are drawn without reading it (one draw a layout): read,
    E would hold a long spade suit in every layout, and N's ace would fall to it later."""
    from cardlab.sim.five_hundred import sampling

    monkeypatch.setattr(sampling, "DRAWS", 1)
    game = cardlab.load("five_hundred")
    hands = ["AS 5S 5C 6C 7C 6D 7D 5H 6H 7H", "10S 9S AC KC KD QD KH QH JH 4H",
             "KS QS QC JC 10C JD 10D 9D 10H 9H", "JS 8S 7S 6S 9C 8C 8D 5D 4D 8H"]
    st = fh.scalar_start(game, None, "misere", 0, None, hands=hands, kitty="JK AH AD")
    assert set(st.hands[0]) == set(game.deck.parse_many(hands[0]))
    for play in ("play 5C", "play AC", "play 9C", "play 10S", "play 6S"):
        st = st.apply(play)
    assert st.to_move == 0 and [str(a) for a in st.legal_actions()] == ["play AS", "play 5S"]
    h = cardlab.sim.hint(st, n=100, seed=3)
    assert h["best"] == "play 5S"
    assert h["values"]["play AS"] == -250.0  # certain failure: -250 whatever the layout


def test_hint_takes_the_ten_with_the_ace_officer_skat() -> None:
    """OS-5.6: P2 (forehand, hearts trumps) leads the 10S; P1's uncovered spades are AS and
    7S: the AS wins 21 card points, the 7S gives them away, so the hint plays the AS."""
    game = cardlab.load("officer_skat")
    downs2 = "KS QS JS 9S 8S AC QC JC".split()
    downs1 = "7C AD JD AH JH 10H 8H 7H".split()
    ups2 = "10S KH QH 9H 8C 9C 10C KC".split()
    ups1 = "AS 7S 7D 8D 9D QD KD 10D".split()
    piles = [" ".join(f"{d}/{u}" for d, u in zip(downs1, ups1)),
             " ".join(f"{d}/{u}" for d, u in zip(downs2, ups2))]
    st = game.deal(piles=piles, dealer=0).apply("declare H")
    while st.phase != "play":
        st = st.apply(st.legal_actions()[-1])
    st = st.apply("play 10S")
    assert [str(a) for a in st.legal_actions()] == ["play AS", "play 7S"]
    h = cardlab.sim.hint(st, n=100, seed=5)
    assert h["best"] == "play AS"


def test_sampled_layouts_respect_voids_and_sizes() -> None:
    """The sampler keeps the mover's hand, hand sizes, and gives no card of a suit to a
    seat that showed void in it."""
    game = cardlab.load("five_hundred")
    st = _advance(fh.scalar_start(game, 11, "8H", 0), 14, 2)
    layouts = cardlab.sim.sample_layouts(st, 200, 1)
    deck = game.deck
    me = st.to_move
    mine = sum(1 << deck.index(c) for c in st.hands[me])
    assert (layouts[:, me] == np.uint64(mine)).all()
    for s in range(4):
        counts = [bin(int(x)).count("1") for x in layouts[:, s]]
        assert set(counts) == {len(st.hands[s])}
        for suit in st.shown_void[s]:
            suit_mask = sum(1 << deck.index(c) for c in deck if st.rules.suit_of[c] == suit)
            assert not (layouts[:, s] & np.uint64(suit_mask)).any()


def test_hint_values_the_cards_when_re_stands_beside_them() -> None:
    """B-6 re_window=until_opening_lead: at F's opening lead ``re`` is legal beside the card
    plays; the hint values the cards and leaves the call out."""
    import cardlab
    from cardlab.sim import hint

    g = cardlab.load("officer_skat", re_window="until_opening_lead")
    s = g.deal(seed=1).apply("declare C").apply("kontra").apply("no_re")
    legal = [str(a) for a in s.legal_actions()]
    assert s.phase == "play" and "re" in legal
    h = hint(s, n=20, seed=3)
    assert set(h["values"]) == {a for a in legal if a.startswith("play ")}
    assert h["best"] in h["values"]
