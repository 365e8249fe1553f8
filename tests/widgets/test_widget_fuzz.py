"""Thousands of random (and mostly malformed) intents: nothing raises, nothing corrupts.

The intents are drawn from a seeded generator: right and wrong types, cards of the
pack and not, steps in and out of range, the legal actions and made-up ones. After
each intent the widget's line of states must still be one deal played by the rules,
the synced view must describe the cursor, and hidden cards must stay hidden.
"""

from __future__ import annotations

import random
from typing import Any

from widget_support import leaked, send, synced_view

import cardlab
from cardlab.widgets import AuctionLadder, DealEditor, ScoreCompare, Table, TrumpLadder

TYPES = ["step", "play", "act", "bot", "undo", "play_from_here", "back_to_record",
         "clear_selection", "load", "save", "contract", "call", "variants", "target", "card",
         "text", "clear", "fill", "dealer", "open", "table", "bogus", None, 7]
#: the Table's own intents, drawn more often for tables (with play and act the most)
TABLE_TYPES = ["step", "step", "play", "play", "play", "act", "act", "act", "bot", "undo",
               "play_from_here", "back_to_record", "clear_selection", "load", "save"]
JUNK: list[Any] = [None, True, -1, 0, 1, 2, 3.5, 10**12, "", "x", "JH", "2Z", "10C", "QS JS",
                   [], ["pass"], {}, {"type": "step"}, "play AS", "bid H", "\u2665" * 50]


def random_intent(rng: random.Random, w: Any, codes: list[str], records: list[str]) -> Any:
    """One intent: usually well-formed in shape, often wrong in content (``records``: the
    records a ``load`` may carry)."""
    roll = rng.random()
    if roll < 0.03:
        return rng.choice(JUNK)
    kind = rng.choice(TABLE_TYPES if isinstance(w, Table) and rng.random() < 0.85 else TYPES)
    intent: dict[str, Any] = {"type": kind}
    view = synced_view(w) if isinstance(w, Table) else {}
    steps = view.get("steps", 5)
    for key in ("to", "step", "card", "action", "record", "contract", "call", "names",
                "part", "text", "seed", "dealer", "intent"):
        if rng.random() < 0.15:
            intent[key] = rng.choice(JUNK)
    if kind == "step":
        intent["to"] = rng.choice([rng.randint(-2, steps + 2), rng.randint(0, steps)])
    elif kind == "bot":
        intent["step"] = rng.choice([view.get("step", 0), rng.randint(-1, steps + 1)])
    elif kind in ("play", "card"):
        legal = [c for c, d in view.get("card_info", {}).items() if d.get("legal")]
        intent["card"] = rng.choice(legal if legal and rng.random() < 0.5
                                    else codes + ["2Z", "JK", "", "AS AS"])
    elif kind == "act":
        legal = [a["action"] for a in view.get("actions", []) + view.get("choices", [])]
        made_up = ["pass", "bid S", "bid H", "bid NT", "discard AS", "play " + rng.choice(codes)]
        intent["action"] = rng.choice((legal or made_up) + made_up)
    elif kind == "load" and rng.random() < 0.5:
        intent["record"] = rng.choice(records)
    return intent


def finished_deal(toy: Any) -> Any:
    """A toy deal played to the end (bid, discard, three tricks)."""
    done = toy.deal_from_string("N: JH AS KS / S: QS JS AH / kitty: KH QH")
    for a in ["bid H", "pass", "discard QS JS", "play AH", "play JH", "play AS", "play KH",
              "play QH", "play KS"]:
        done = done.apply(a)
    return done


def fuzz_records(toy: Any) -> list[str]:
    """The records a ``load`` intent carries: good ones, an empty object, a list, and one
    with an illegal card. Each test builds its own (none relies on another having run:
    pytest-xdist may run them in different processes, in any order)."""
    done = finished_deal(toy)
    return [done.to_json(), toy.deal(seed=9).to_json(), "{}", "[1, 2]",
            done.to_json().replace("play AS", "play 2Z")]


def check_table(w: Table, record: tuple[Any, list[Any]] | None) -> None:
    line = w._line
    for a, b in zip(line, line[1:]):
        assert b.parent is a and b.history[:-1] == a.history
    view = synced_view(w)
    assert view["step"] == w.step and 0 <= w.step <= len(line) - 1
    assert view["steps"] == len(line) - 1
    assert view["mode"] in ("review", "play")
    assert not view["message"].startswith("internal error"), view["message"]
    if record is not None and w._record is record[0]:  # the recorded line never changes
        assert len(record[0]) == len(record[1])
        assert all(x is y for x, y in zip(record[0], record[1]))
    if w._record is not None:
        rec = w._record
        assert all(b.parent is a for a, b in zip(rec, rec[1:]))
    assert leaked(w, w.state, w.seat) == [], view["message"]


def test_fuzz_table_never_raises_and_never_corrupts(toy):
    done = finished_deal(toy)
    records = fuzz_records(toy)
    codes = [c.code for c in toy.deck]
    rng = random.Random(20261129)
    tables = [Table(done, seat=0, bot_delay=0), Table(done, seat=None),
              Table(toy.deal(seed=1), seat=1, bot_delay=0.5),
              Table(toy.deal(seed=2), seat=None, show_all=True, bot_delay=0),
              Table(toy.deal(seed=3), seat=0, show_all=True, bot_delay=0.5)]
    recorded = [(w._record, list(w._record)) if w._record is not None else None
                for w in tables]
    for i in range(3000):
        k = i % len(tables)
        w = tables[k]
        send(w, random_intent(rng, w, codes, records))
        check_table(w, recorded[k])
        if i % 250 == 0:  # the state shown is a deal the rules replay exactly
            again = cardlab.from_json(w.state.to_json())
            assert again.history == w.state.history


def test_fuzz_other_widgets_never_raise(toy):
    done = toy.deal_from_string("N: JH AS KS / S: QS JS AH / kitty: KH QH")
    for a in ["pass", "pass", "play QS", "play AS", "play JH", "play AH", "play JS", "play KS"]:
        done = done.apply(a)
    table = Table(toy.deal(seed=4), seat=0, bot_delay=0.5)
    widgets = [DealEditor(toy), TrumpLadder(toy), AuctionLadder(toy, table),
               ScoreCompare(done)]
    codes = [c.code for c in toy.deck]
    records = fuzz_records(toy)
    rng = random.Random(7)
    for i in range(1500):
        w = widgets[i % len(widgets)]
        intent = random_intent(rng, w, codes, records)
        if isinstance(intent, dict) and intent.get("type") == "table" and rng.random() < 0.5:
            intent["intent"] = random_intent(rng, table, codes, records)
        msg = send(w, intent)
        assert not msg.startswith("internal error"), (intent, msg)
        if isinstance(w, DealEditor):
            placed = [c for cards in w.parts.values() for c in cards]
            assert len(placed) == len(set(placed))
            assert all(len(w.parts[p]) <= n for p, n in toy.deal_parts())
            if w.table is not None:
                check_table(w.table, None)
        if isinstance(w, TrumpLadder):
            assert w.contract in toy.contracts()
