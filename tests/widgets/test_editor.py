"""DealEditor: a refused deal string stays with its reason, Clear clears everything, one
status line, and every game's deal string (every form, Panfin's cut too) loads and opens."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from support import table_forms
from widget_support import send, synced_view, without_message

import cardlab
from cardlab.widgets import DealEditor

JS = (Path(cardlab.__file__).parent / "widgets" / "static" / "cardlab.js").read_text()
DEAL = "N: JH AS KS / S: QS JS AH / kitty: KH QH"

#: every game, and the forms that change what a deal holds
#: every table of every registered game, and the options that change what the editor holds
FORMS: list[tuple[str, dict[str, Any]]] = [
    *table_forms(),
    ("officer_skat", {"choose_after_face_up": 8}),
    ("panfin", {"turnup_gobbo": "turn_next_card"}),
]


def _ids(form: tuple[str, dict[str, Any]]) -> str:
    name, opts = form
    return name + "".join(f"-{v}" for v in opts.values())


def shown_status(editor: DealEditor) -> dict[str, Any]:
    """What drawEditor shows in its one status line, from the synced view alone."""
    view = synced_view(editor)
    st = view["status"]
    refused = view["message"] != st["message"]
    return {"text": view["message"] if refused else st["text"],
            "valid": not refused and st["valid"]}


def five_hundred_with_a_card_twice() -> tuple[Any, str, str]:
    game = cardlab.load("five_hundred")
    good = game.deal(seed=1).deal_string()
    north, east = good.split("N: ")[1].split()[0], good.split("E: ")[1].split()[0]
    return game, good, good.replace(f"E: {east}", f"E: {north}")


# -- a refused deal string ---------------------------------------------------------------------
def test_a_refused_deal_string_stays_in_the_box_with_its_reason():
    game, good, bad = five_hundred_with_a_card_twice()
    north, east = good.split("N: ")[1].split()[0], good.split("E: ")[1].split()[0]
    e = DealEditor(game, deal=good)
    before = e.parts
    msg = send(e, {"type": "text", "text": bad})
    assert msg == f"this deal is impossible: {north} twice (N and E); missing: {east}"
    view = synced_view(e)
    assert view["text"] == bad and e.text == bad  # the front end draws it back in the box
    assert e.parts == before and view["deal_string"] == good
    assert shown_status(e) == {"text": msg, "valid": False} == e.status
    # fixing the typo reads it
    assert send(e, {"type": "text", "text": good}) == "Deal string read"
    assert shown_status(e)["valid"] and view["text"] != synced_view(e)["text"]


def test_a_deal_string_with_a_wrong_count_names_every_problem():
    game = cardlab.load("pandoeren")
    text = game.deal(seed=4).deal_string()
    kijk = text.rsplit("kijkkaart: ", 1)[1]
    msg = send(DealEditor(game), {"type": "text", "text": text.replace(f" {kijk}", "")})
    assert msg == f"this deal is impossible: kijkkaart has 0 cards instead of 1; missing: {kijk}"


def test_a_refused_deal_string_refuses_the_constructor_and_python():
    game, _, bad = five_hundred_with_a_card_twice()
    with pytest.raises(ValueError, match="twice"):
        DealEditor(game, deal=bad)
    e = DealEditor(game)
    with pytest.raises(cardlab.IllegalAction, match="twice") as err:
        e._call({"type": "text", "text": bad})
    assert err.value.code == "duplicate_card" and e.text == bad


# -- Clear --------------------------------------------------------------------------------------
def test_clear_clears_the_parts_the_text_and_the_table(toy):
    e = DealEditor(toy)
    send(e, {"type": "text", "text": DEAL})
    send(e, {"type": "open"})
    assert e.table is not None
    table = e.table
    send(e, {"type": "clear"})
    view = synced_view(e)
    assert all(not cards for cards in e.parts.values())
    assert e.text == "" and view["text"] == ""
    assert e.table is None and view["table"] is None
    assert view["deal_string"] == "N: / S: / kitty:"
    # the old table no longer drives the editor
    table.handle({"type": "act", "action": "bid H"})
    assert synced_view(e)["table"] is None


# -- one status line ------------------------------------------------------------------------------
def test_one_status_line_in_the_editor_drawing():
    body = JS[JS.index("function drawEditor"):]
    body = body[:body.index("\n}\n")]
    assert "cardlab-problem" not in body and "cardlab-message" not in body
    assert len(re.findall(r'role: "status"', body)) == 1
    assert "cardlab-status" in body and '"data-valid"' in body


def test_the_status_line_agrees_with_the_deal_at_every_step(toy):
    e = DealEditor(toy)
    steps: list[tuple[Any, bool]] = [  # (intent, accepted)
        ({"type": "target", "part": "N"}, True), ({"type": "card", "card": "JH"}, True),
        ({"type": "card", "card": "2Z"}, False), ({"type": "text", "text": "N: JH JH"}, False),
        ({"type": "text", "text": DEAL}, True), ({"type": "card", "card": "AS"}, True),
        ({"type": "target", "part": "kitty"}, True), ({"type": "card", "card": "AS"}, False),
        ({"type": "card", "card": "JS"}, False), ({"type": "nope"}, False),
        ({"type": "fill", "seed": 3}, True), ({"type": "open"}, True),
        ({"type": "table", "intent": {"type": "act", "action": "bid H"}}, True),
        ({"type": "clear"}, True), ({"type": "open"}, False)]
    for intent, accepted in steps:
        before = without_message(synced_view(e))
        msg = send(e, intent)
        view = synced_view(e)
        status = shown_status(e)
        assert status == e.status
        if not accepted:  # the line shows the refusal, as not valid
            assert status == {"text": msg, "valid": False}, intent
            if intent["type"] != "text":  # a refusal changes only the message
                assert without_message(view) == before, intent
        else:
            assert status["valid"] == view["valid"], intent
            assert msg in status["text"]
            assert (view["problem"] or "The deal is complete and possible.") in status["text"]
        json.dumps(view)


def test_the_static_picture_has_the_status_line(toy):
    e = DealEditor(toy, deal=DEAL)
    assert "The deal is complete and possible." in e._static_html()


@pytest.mark.parametrize("name", cardlab.game_names())
def test_the_saved_editor_is_a_picture_an_untrusted_notebook_shows(name):
    """Issue #28 item 14: the editor's saved output is an <img> of its parts' cards (an
    untrusted notebook keeps it; inline SVG and a text list are what it showed before), with
    the deal string as the picture's description."""
    import base64
    import re

    game = cardlab.load(name)
    e = DealEditor(game, deal=game.deal(seed=3).deal_string(), dealer=0)
    html = e._repr_mimebundle_()[0]["text/html"]
    assert html.startswith("<img alt=\"deal editor: ") and "<svg" not in html
    svg = base64.b64decode(re.search(r"base64,([^\"]+)", html).group(1)).decode()
    assert f"<desc>deal string: {e.deal_string()}</desc>" in svg
    names = re.findall(r"<title>([^<]+)</title>", svg)[1:]  # each card face's own title
    placed = [c for part in e.view["parts"] for c in part["cards"]]
    assert len(names) >= len(placed) > 0


# -- every game's deal strings ----------------------------------------------------------------------
@pytest.mark.parametrize("form", FORMS, ids=_ids)
def test_every_deal_string_loads_into_the_editor_and_opens(form):
    name, opts = form
    game = cardlab.load(name, **opts)
    e = DealEditor(game)
    for seed in range(4):
        dealer = seed % game.players
        state = game.deal(seed=seed, dealer=dealer)
        text = state.deal_string()
        send(e, {"type": "dealer", "dealer": dealer})
        assert send(e, {"type": "text", "text": text}) == "Deal string read"
        assert e.deal_string() == text == synced_view(e)["deal_string"]
        assert e.status == {"text": "Deal string read — The deal is complete and possible.",
                            "valid": True}
        built = e.build()
        assert built.deal_string() == text and built.hands == state.hands
        assert send(e, {"type": "open"}).startswith("The deal is open")
        assert e.table.state.hands == state.hands


@pytest.mark.parametrize("players", range(2, 7))
def test_b2_5_a_deal_won_at_the_cut_loads_into_the_editor(players):
    """B2.5: the Vecia shown at the cut wins at once: ``cut: FS`` is a deal of its own."""
    game = cardlab.load("panfin", players=players)
    e = DealEditor(game, dealer=1)
    assert send(e, {"type": "text", "text": "cut: FS"}) == "Deal string read"
    assert e.parts["cut"] == ["FS"] and e.deal_string() == "cut: FS"
    assert synced_view(e)["parts"][-1] == {"label": "cut", "size": 1, "cards": ["FS"]}
    assert e.status["valid"]
    assert send(e, {"type": "open"}).startswith("The deal is open")
    assert e.table.state.is_over and e.table.state.deal_string() == "cut: FS"
    send(e, {"type": "clear"})  # the cut was the deal string's: Clear takes it away
    assert "cut" not in e.parts and e.table is None


def test_b2_5_a_seeded_deal_won_at_the_cut_loads_into_the_editor():
    """B2.5: a seeded deal that ends at the cut, read back from its own deal string."""
    game = cardlab.load("panfin")
    won = next(s for s in (game.deal(seed=k, dealer=k % 4) for k in range(2000)) if s.is_over)
    e = DealEditor(game, deal=won.deal_string(), dealer=won.dealer)
    assert e.deal_string() == won.deal_string() and e.build().result == won.result


def test_b2_6_the_editor_fills_in_a_stock_the_text_leaves_out():
    """B2.6: without ``stock:`` the game deals the rest as the stock; the editor shows it."""
    game = cardlab.load("panfin")
    state = next(s for s in (game.deal(seed=k) for k in range(100)) if not s.is_over)
    e = DealEditor(game, deal=state.deal_string().rsplit(" / stock:", 1)[0])
    assert len(e.parts["stock"]) == dict(game.deal_parts())["stock"]
    assert e.status["valid"] and e.build().hands == state.hands


def test_open_table_from_python_raises_for_an_impossible_deal(toy):
    e = DealEditor(toy)
    with pytest.raises(cardlab.IllegalAction, match="impossible") as err:
        e.open_table()
    assert err.value.code == "wrong_count" and e.table is None
    assert e.status["valid"] is False and "N has 0 cards" in e.status["text"]
    send(e, {"type": "text", "text": DEAL})
    assert e.open_table().startswith("The deal is open") and e.table is not None


def test_a_refused_deal_string_stays_refused_while_the_table_plays(toy):
    e = DealEditor(toy, deal=DEAL)
    send(e, {"type": "open"})
    msg = send(e, {"type": "text", "text": "N: JH JH"})
    e.table.handle({"type": "act", "action": "bid H"})  # the table's view changes
    assert e.status == {"text": msg, "valid": False} == shown_status(e)
    assert synced_view(e)["table"]["step"] == 1


def test_a_part_emptied_again_leaves_the_deal_string():
    game = cardlab.load("panfin")
    e = DealEditor(game, deal="cut: FS")
    send(e, {"type": "target", "part": "cut"})
    send(e, {"type": "card", "card": "FS"})  # back to the pack
    assert e.deal_string() == "P1: / P2: / P3: / P4: / turnup: / stock:"
