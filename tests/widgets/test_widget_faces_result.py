"""Table: one card face live and saved, the result panel, Officer Skat's matadors (issue #13).

The faces the live table draws are ``cardlab.render``'s own, for the whole pack, sent once
(not with every step); the four-colour deck changes them. A finished deal's result panel
gives the points per side and the breakdown in words. Officer Skat's matadors run over all
16 of the declarer's cards, so the table explains how they will be counted and gives the
count only once the deal is over.
"""

from __future__ import annotations

import json
import re

import pytest
from support import end_tables, table_forms
from widget_support import send, synced_view

import cardlab
from cardlab.bots import bot_for
from cardlab.render import card_svg
from cardlab.widgets import Table

#: the default table of each game and, as one other player count, its most players (the
#: biggest result panel); the deals are played out in full: not every table
GAMES = end_tables(fewest=False)
#: the tables of a named form (options beyond the player count: Five Hundred's dead hand and
#: ghost partners), whose sides the result panel must name too
NAMED_FORMS = [(n, o) for n, o in table_forms() if set(o) - {"players"} and (n, o) not in GAMES]


def played(name, options=None, seed=3):
    game = cardlab.load(name, **(options or {}))
    state = game.deal(seed=seed)
    bots = [bot_for(name, "heuristic", seed=i) for i in range(game.players)]
    while not state.is_over:
        state = state.apply(bots[state.to_move].choose(state), seat=state.to_move)
    return state


def _inner(svg: str) -> str:
    """The inside of a stand-alone <svg> element."""
    return svg[svg.index(">") + 1:svg.rindex("</svg>")]


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_live_faces_are_the_pictures_faces_for_the_whole_pack(name, options):
    """Every card of the pack has a face, and it is the face cardlab.render draws in a
    saved picture (same markup inside), in the pack's own suit system."""
    game = cardlab.load(name, **options)
    w = Table(game.deal(seed=1), seat=0, bot_delay=0)
    faces = w.get_state()["_card_faces"]
    assert set(faces) == {c.code for c in game.deck}
    for code, face in faces.items():
        picture = card_svg(code, system=game.deck.system)
        assert _inner(face["svg"]) in picture, code
        assert face["index"] and face["ink"].startswith("#")
        assert face["pip"].startswith("<svg") and "<title>" not in face["svg"]


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_faces_tell_nothing_of_the_deal(name, options):
    """The face table is the pack's, whatever the deal and whoever looks: twin tables of
    two different deals, seen from two seats, send the same faces."""
    game = cardlab.load(name, **options)
    a = Table(game.deal(seed=1), seat=0, bot_delay=0).get_state()["_card_faces"]
    b = Table(game.deal(seed=2), seat=1, bot_delay=0).get_state()["_card_faces"]
    assert a == b


def test_faces_are_sent_once_not_with_every_step():
    """Stepping through a deal changes the view only: the faces are not sent again, and
    the view itself carries no picture markup."""
    w = Table(played("five_hundred"), seat=0, mode="review")
    sent = []
    w.observe(lambda change: sent.append(change), names=["_card_faces"])
    for step in range(w.view["steps"] + 1):
        send(w, {"type": "step", "to": step})
        assert "<svg" not in json.dumps(synced_view(w))
    assert sent == []


def test_four_colour_changes_the_faces_live_and_in_the_picture():
    """The four-colour deck (set by the front end's box) redraws the diamonds and clubs,
    live and in the static picture; hearts and spades keep their faces."""
    w = Table(played("five_hundred"), seat=0, mode="review")
    before = dict(w.get_state()["_card_faces"])
    picture = w._static_html()
    w.set_state({"four_colour": True})  # what the front end's checkbox sends
    after = w.get_state()["_card_faces"]
    changed = {c for c in before if before[c] != after[c]}
    assert changed == {c for c in before if c[-1] in "DC"}
    assert w._static_html() != picture
    w.set_state({"four_colour": False})
    assert w.get_state()["_card_faces"] == before


#: a suit given by its code where the words name a suit ("trumps C", "four of B")
SUIT_CODE = re.compile(r"\b(trumps|four of|suit) [SCDHB]\b")


@pytest.mark.parametrize(("name", "options"), GAMES + NAMED_FORMS)
def test_result_panel_gives_points_per_side_and_the_breakdown_in_words(name, options):
    """Once the deal is over: the header says so, and the result panel has a heading, each
    side's points as the engine scored them, and the breakdown with suits in words."""
    for seed in range(1, 40):  # a deal that was played for (not thrown in), where there is one
        state = played(name, options, seed)
        if state.result.contract or seed > 6:
            break
    w = Table(state, seat=0, mode="review")
    w.go(w.view["steps"])
    view = synced_view(w)
    assert view["status"] == "the deal is over"
    panel = view["result"]
    assert panel["heading"].startswith("Result of the deal")
    assert {p["side"]: p["points"] for p in panel["points"]} == dict(state.result.points)
    for p in panel["points"]:
        assert p["text"] == (f"{p['points']:+d}" if p["points"] else "0")
        # a side of joined seat names reads in words ("P1 & P4", #28), in the same order
        assert p["who"].replace(" & ", "").startswith(p["side"])
    assert panel["lines"]
    assert not [line for line in panel["lines"] if SUIT_CODE.search(line)]
    # a line that only repeats a side's points is left out: the points stand above
    assert not [line for line in panel["lines"]
                if re.fullmatch(r"\S+ [+-]\d+", line.strip())]
    w.go(0)
    assert synced_view(w)["result"] is None


def test_result_panel_names_a_ghost_partner_with_its_player():
    """A-1 (ghost_partners_43): each side is a player and its ghost hand (5H-2), named so."""
    state = played("five_hundred", {"players": 2, "two_player_form": "ghost_partners_43"}, 3)
    w = Table(state, seat=0, mode="review")
    w.go(w.view["steps"])
    who = {p["side"]: p["who"] for p in synced_view(w)["result"]["points"]}
    assert who == {"P1": "P1 (with G1)", "P2": "P2 (with G2)"}


def _matadors_by_hand(cards, contract, full_run):
    """OS-7.1 counted by hand: with n when the declarer holds J♣ and the n − 1 next trumps
    in a row, without n when they lack J♣ and the n trumps above their highest."""
    jacks = ["JC", "JS", "JH", "JD"]
    ladder = jacks + ([r + contract for r in ("A", "10", "K", "Q", "9", "8", "7")]
                      if full_run and contract in "CSHD" else [])
    held = {c.code for c in cards}
    with_ = ladder[0] in held
    n = 0
    while n < len(ladder) and (ladder[n] in held) == with_:
        n += 1
    return with_, n


@pytest.mark.parametrize("matadors", ["jacks_only", "full_trump_sequence"])
def test_os_7_1_matadors_explained_during_play_counted_after(matadors):
    """OS-7.1: matadors count over all 16 of the declarer's cards (face-down ones too), so
    no count shows while cards are unknown; the facts line explains how they will be
    counted; after the deal the facts line and the result give the count."""
    game = cardlab.load("officer_skat", matadors=matadors)
    checked = 0
    for seed in range(1, 30):
        state = played("officer_skat", {"matadors": matadors}, seed)
        if state.result.contract not in ("C", "S", "H", "D", "grand"):
            continue
        w = Table(state, seat=0, mode="review")
        declarer = game.seat_name(state.result.declarer)
        for step in range(w.view["steps"] + 1):
            w.go(step)
            facts = " · ".join(synced_view(w)["facts_words"])
            if w.state.is_over:
                break
            assert not re.search(r"\b(with|without) \d", facts), (step, facts)
            if synced_view(w)["contract"]:
                assert f"counted over all 16 of {declarer}'s cards" in facts, (step, facts)
        with_, n = _matadors_by_hand(
            [c for pile in state.layout.piles[state.result.declarer] for c in pile],
            state.result.contract, matadors == "full_trump_sequence")
        count = f"{declarer} was {'with' if with_ else 'without'} {n}"
        assert count in " · ".join(synced_view(w)["facts_words"])
        assert any(f"{'with' if with_ else 'without'} {n}," in line
                   for line in synced_view(w)["result"]["lines"])
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_os_7_1_no_matadors_where_they_do_not_count():
    """OS-7.5 A–C ignore matadors (and Null has none): then the table says nothing of
    them."""
    for seed in range(1, 8):
        state = played("officer_skat", {"scoring_method": "match_points"}, seed)
        w = Table(state, seat=0, mode="review")
        for step in range(w.view["steps"] + 1):
            w.go(step)
            assert not any("matadors" in f for f in synced_view(w)["facts_words"])


@pytest.mark.parametrize("name", ["five_hundred", "panfin"])
def test_every_widget_with_a_pack_draws_the_same_faces(name):
    """One card face everywhere (issue #13 item 1): the trump ladder, the auction ladder and
    the deal editor carry the table's faces, and four-colour changes them live."""
    from cardlab.widgets import AuctionLadder, DealEditor, Table, TrumpLadder

    game = cardlab.load(name)
    table = Table(game.deal(seed=3), seat=0)
    faces = table.get_state()["_card_faces"]
    assert faces and set(faces) == set(game.deck.codes())
    for widget in (TrumpLadder(game), AuctionLadder(game), DealEditor(game)):
        assert widget.get_state()["_card_faces"] == faces, type(widget).__name__
    ladder = TrumpLadder(game)
    ladder.four_colour = True
    assert ladder.get_state()["_card_faces"] != faces or name == "panfin"
