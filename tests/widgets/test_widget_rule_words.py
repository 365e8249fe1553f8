"""The table speaks in words (issue 31, item 2): a refusal reads as its sentence, with the
rule it applies behind a "the rule" expander (the rulebook's title and text); every call
and contract button carries its one-line meaning; no bare rule ID reaches the page."""

from __future__ import annotations

import json

import pytest
from widget_support import send, synced_view

import cardlab
from cardlab.bots import bot_for
from cardlab.rules import lookup
from cardlab.widgets import Table
from cardlab.widgets._words import rule_ids

GAMES = cardlab.game_names()


def test_a_refused_card_shows_its_sentence_and_the_rule_behind_it() -> None:
    """5H-7.1: a card that does not follow suit is refused; the message is the sentence
    without the ID, and message_rule is the rulebook's rule it applies."""
    game = cardlab.load("five_hundred")
    bot = bot_for("five_hundred", "heuristic", seed=1)
    s = game.deal(seed=1, dealer=0)
    while not (s.phase == "play" and s.trick and s.trick.plays
               and len(s.legal_actions()) < len(s.hands[s.to_move])):
        s = s.apply(bot.choose(s))
    table = Table(s, seat=s.to_move, bot_delay=0)
    legal = {a.args[0] for a in s.legal_actions()}
    bad = next(c.code for c in s.hands[s.to_move] if c.code not in legal)
    verdict = s.explain(f"play {bad}")
    assert not verdict.legal and verdict.rule
    said = send(table, {"type": "play", "card": bad})
    view = synced_view(table)
    assert said and not rule_ids(said), said
    note = view["message_rule"]
    rule = lookup(verdict.rule)
    assert note == {"id": rule.id, "title": rule.title, "text": note["text"]}
    assert note["text"] and not rule_ids(note["text"])
    # the next good move clears it
    send(table, {"type": "play", "card": sorted(legal)[0]})
    assert synced_view(table)["message_rule"] is None


@pytest.mark.parametrize("name", GAMES)
def test_every_call_button_has_its_meaning_in_words(name: str) -> None:
    """Every call the table offers (bids, contracts, game choices, declarations) carries a
    meaning from game.call_meaning, without rule IDs, in seeded deals of every game."""
    game = cardlab.load(name)
    checked = 0
    for seed in range(1, 9):
        bot = bot_for(name, "heuristic", seed=seed)
        s = game.deal(seed=seed, dealer=0)
        while not s.is_over and s.phase != "play":
            table = Table(s, seat=s.to_move, bot_delay=0)
            for a in synced_view(table)["actions"]:
                assert a["meaning"], (seed, a["action"])
                assert not rule_ids(a["meaning"]), a["meaning"]
                checked += 1
            s = s.apply(bot.choose(s))
    assert checked > 0


@pytest.mark.parametrize("name", GAMES)
def test_no_bare_rule_id_in_what_the_table_shows(name: str) -> None:
    """Through a whole deal with a refusal at each step, nothing a person reads on the table
    (messages, prompts, facts, result lines, narration, call labels) holds a rule ID; only
    message_rule names one, as data for its expander."""
    game = cardlab.load(name)
    bot = bot_for(name, "heuristic", seed=3)
    s = game.deal(seed=3, dealer=0)
    table = Table(s, seat=None, show_all=True, bot_delay=0, humans=list(range(len(game.seat_names))))
    while not table.state.is_over:
        st = table.state
        send(table, {"type": "act", "action": "play 2Z"})  # refused: not a card of the game
        send(table, {"type": "act", "action": str(bot.choose(st))})
        view = {k: v for k, v in synced_view(table).items()
                if k not in ("message_rule", "legal", "history", "actions", "choices")}
        text = json.dumps(_words_only(view))
        words = [a.get(k, "") for a in synced_view(table)["actions"] for k in ("label", "text",
                                                                                "meaning")]
        found = [r for r in rule_ids(text + " ".join(words)) if _in_rulebook(r)]
        assert not found, found


def _in_rulebook(text: str) -> bool:
    """Whether ``text`` (a match of the rule-ID pattern) names a rule of the rulebook (a
    score such as '0-4' matches the pattern but is no rule)."""
    try:
        lookup(text)
    except ValueError:
        return False
    return True


def _words_only(x: object) -> object:
    """``x`` without its ``rule`` fields: data for programs (a payment's rule), never drawn."""
    if isinstance(x, dict):
        return {k: _words_only(v) for k, v in x.items() if k != "rule"}
    if isinstance(x, list):
        return [_words_only(v) for v in x]
    return x
