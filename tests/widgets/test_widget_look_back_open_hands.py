"""The look back says what a card cost with every hand open, where the solver could tell
(#29 item 3): each listed card play whose decision carries the solver's verdict shows it in
words, and a decision being tried again does not show it (it would only distract from the
search). The deals are played by seeded bots, never written down."""

from __future__ import annotations

import pytest

import cardlab
from cardlab.bots import bot_for
from cardlab.widgets import Table

#: the learner's seat
ME = 0


def _finished(name: str, seed: int) -> cardlab.State:
    game = cardlab.load(name)
    s = game.deal(seed=seed, dealer=seed % game.players)
    bots = {p: bot_for(name, "heuristic", seed=seed * 10 + p) for p in range(game.players)}
    while not s.is_over:
        s = s.apply(bots[s.to_move].choose(s))
    return s


@pytest.mark.parametrize("name", ["five_hundred", "officer_skat"])
def test_look_back_rows_carry_the_open_hands_verdict(name: str) -> None:
    shown = 0
    for seed in range(1, 4):
        table = Table(_finished(name, seed), seat=ME, bot_delay=0)
        try:
            table.look_back()
        except cardlab.IllegalAction:
            continue
        rows = table.view["look_back"]["decisions"]
        by_i = {k: d for k, d in enumerate(table._look.decisions)}
        for row in rows:
            d = by_i[row["i"]]
            said = d.open_hands_words() if row["try"] != "open" else ""
            assert row["open_hands"] == said
            assert (said in row["words"]) if said else True
            shown += bool(said)
    assert shown > 0
