"""The learner's table says what the moment is (issue #28, items 8-10 and 13): each card verb's
prompt names its choice, the facts line counts what the contract counts and names the called
ace, the kitty's cards are marked until the discard, a hint's sentence is shown once, and the
declarer playing from a ghost partner's face-up cards sees them as its hand to play."""

from __future__ import annotations

import pytest
from widget_support import synced_view

import cardlab
from cardlab.bots import bot_for
from cardlab.exercises import Setting
from cardlab.widgets import Table

#: Five Hundred, seed 315, W deals: W is the contractor in seven diamonds and takes the kitty
FIVE_HUNDRED_KITTY = Setting("five_hundred", seed=315, dealer=3,
                             actions="pass, pass, bid 6S, bid 6D, bid 7S, bid 7D, pass")
#: Pandoeren, seed 4, W deals: W bids 120, discards the kijkkaart's swap and names clubs
PANDOEREN_CALL = Setting("pandoeren", seed=4, dealer=3,
                         actions="pass, pass, pass, bid 120, discard JH, trump C")
#: Panfin, seed 8, P1 deals: the three tengo, then the dealer's swap of the turn-up
PANFIN_SWAP = Setting("panfin", seed=8, dealer=0,
                      actions="fold, tengo RB 6B 3C, tengo 7B 4B 6C, tengo 5D")


def _table_at(setting: Setting) -> Table:
    s = setting.state()
    return Table(s, seat=s.to_move, bot_delay=0, mode="play")


def test_a2_6_pandoeren_ace_call_prompt_names_the_call_not_a_discard():
    """A2.6: the declarer calls an ace (its holder is the partner): the prompt says so, and the
    call stands as a button naming the ace; nothing speaks of a discard."""
    table = _table_at(PANDOEREN_CALL)
    view = synced_view(table)
    assert [str(a) for a in table.state.legal_actions()] == ["call AH"]
    assert view["prompt"].startswith("Call an ace"), view["prompt"]
    assert "discard" not in view["prompt"]
    assert [a["text"] for a in view["actions"]] == ["call ace of hearts"]


@pytest.mark.parametrize(("setting", "words"), [
    (FIVE_HUNDRED_KITTY, "Choose 3 cards to discard"),  # 5H-6.1
    (Setting("pandoeren", seed=4, dealer=3, actions="pass, pass, pass, bid 120"),
     "Choose 1 card to discard"),  # A2.5 the kijkkaart's exchange
    (Setting("panfin", seed=8, dealer=0, actions="fold"), "cards to exchange"),  # B2.7 tengo
    (PANFIN_SWAP, "to give for the turn-up"),  # B2.10.1 the dealer's swap
])
def test_every_card_verb_prompt_names_its_choice(setting, words):
    """5H-6.1, A2.5, B2.7, B2.10.1: a choice of cards is prompted by what the cards are for."""
    view = synced_view(_table_at(setting))
    assert words in view["prompt"], view["prompt"]


def _officer_skat_null_in_play(**options):
    game = cardlab.load("officer_skat", **options)
    s = game.deal(seed=84, dealer=0).apply("declare null")
    while s.phase != "play":
        s = s.apply(s.legal_actions()[0])
    for _ in range(4):  # two tricks, so both counts are under way
        s = s.apply(s.legal_actions()[0])
    return s


def test_os_6_4_null_by_card_points_counts_card_points_in_the_facts_line():
    """OS-6.4: a Null decided by card points (``null_mode="fewest_points"``) shows each
    player's card points during the play; one decided by tricks shows the tricks."""
    s = _officer_skat_null_in_play()
    facts = synced_view(Table(s, seat=0, bot_delay=0))["facts_words"]
    points = s.card_points
    assert f"card points P1 {points[0]}, P2 {points[1]}" in facts, facts
    assert not any(f.startswith("tricks ") for f in facts)
    by_tricks = _officer_skat_null_in_play(null_mode="no_tricks")
    facts = synced_view(Table(by_tricks, seat=0, bot_delay=0))["facts_words"]
    assert any(f.startswith("tricks ") for f in facts)
    assert not any(f.startswith("card points") for f in facts)


def test_a2_6_pandoeren_facts_line_names_the_called_ace():
    """A2.6: once called, the ace stands in the facts line (the partner is its holder)."""
    table = _table_at(PANDOEREN_CALL)
    assert not any("called" in f for f in synced_view(table)["facts_words"])
    table.act("call AH")
    assert "called: the ace of hearts" in synced_view(table)["facts_words"]


def test_5h_6_1_kitty_cards_are_marked_in_the_hand_until_the_discard():
    """5H-6.1: the contractor's hand marks the three cards it took from the kitty while it
    chooses its discard; after the discard nothing is marked. A viewer who cannot see that
    hand is given no mark (it would tell where the kitty's cards went)."""
    s = FIVE_HUNDRED_KITTY.state()
    w = s.to_move
    table = Table(s, seat=w, bot_delay=0, mode="play")
    view = synced_view(table)
    kitty = [c.code for c in s.kitty]  # type: ignore[attr-defined]
    hand = next(h["cards"] for h in view["hands"] if h["seat"] == w)
    assert sorted(view["from_kitty"]) == sorted(kitty) and set(kitty) <= set(hand)
    other = Table(s, seat=(w + 1) % 4, bot_delay=0, mode="play")
    assert synced_view(other)["from_kitty"] == []
    table.act("discard 5S 9H 6H")
    assert synced_view(table)["from_kitty"] == []


def test_hint_sentence_is_shown_once():
    """The hint's sentence stands in the why line (view["hint"]["why"]); the message line does
    not repeat it. ``Table.hint()`` still returns the sentence."""
    game = cardlab.load("five_hundred")
    table = Table(game.deal(seed=7, dealer=3), seat=0, bot_delay=0)
    said = table.hint()
    view = synced_view(table)
    assert said == view["hint"]["why"] and said.startswith("Hint:")
    assert view["message"] != view["hint"]["why"]


def _ghost_turn():
    """A two-player ghost-partner deal at a moment the declarer plays from its ghost partner's
    face-up cards (5H-2, ``two_player_form="ghost_partners_43"``), with seat 0 to move."""
    game = cardlab.load("five_hundred", players=2, two_player_form="ghost_partners_43")
    for seed in range(40):
        s = game.deal(seed=seed)
        bots = [bot_for("five_hundred", "heuristic", seed=i) for i in range(2)]
        while not s.is_over:
            v = s.view(0)
            if v["phase"] == "play" and s.to_move == 0 and v["turn"] not in (0, None):
                return s
            s = s.apply(bots[s.to_move].choose(s), seat=s.to_move)
    raise AssertionError("no deal in 40 seeds where seat 0 plays from its ghost partner")


def test_5h_2_ghost_partner_cards_carry_legality_and_can_be_clicked():
    """5H-2 (ghost partners): when P1 must play from its ghost's face-up cards, each of them
    carries its legality like any hand, P1's own cards carry none, the prompt names the ghost,
    no card play stands as a call button (no stale "ten diamonds"), and a click plays."""
    s = _ghost_turn()
    table = Table(s, seat=0, bot_delay=0, mode="play")
    view = synced_view(table)
    ghost = view["playing"]
    assert ghost == view["turn"] and ghost != 0
    ghost_hand = next(h for h in view["hands"] if h["seat"] == ghost)
    info = view["card_info"]
    legal = {a.split()[1] for a in view["legal"] if a.startswith("play ")}
    assert ghost_hand["cards"] and legal <= set(ghost_hand["cards"])
    for code in ghost_hand["cards"]:
        assert info[code]["legal"] is (code in legal), code
    own = next(h for h in view["hands"] if h["seat"] == 0)
    assert all(info[c]["legal"] is None for c in own["cards"])
    assert view["actions"] == [], view["actions"]
    assert ghost_hand["name"] in view["prompt"] and "legal card" in view["prompt"]
    card = sorted(legal)[0]
    table.play(card)
    assert str(table.state.history[len(s.history)]) == f"play {card}"
