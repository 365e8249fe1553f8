"""Explanations of legal actions name their rule too (OS-5.1, OS-5.5, OS-7.4)."""

from __future__ import annotations

import cardlab
from cardlab.bots import RandomBot


def test_os_5_5_legal_explanations_carry_their_rule_id():
    """OS-5.5: every legal action's explanation names the rule that allows it."""
    game = cardlab.load("officer_skat")
    state = game.deal(seed=3)
    bot = RandomBot(seed=3)
    seen = set()
    while not state.is_over:
        for action in state.legal_actions():
            e = state.explain(action)
            assert e.legal and e.rule.startswith(("OS-", "B-")), (action, str(e), e.rule)
            seen.add(e.rule)
        state = state.apply(bot.choose(state))
    assert {"OS-5.1", "OS-5.5"} <= seen
