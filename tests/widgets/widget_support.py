"""Helpers for widget tests: play the front end, read what it would receive."""

from __future__ import annotations

import json
from typing import Any


def send(widget: Any, content: Any) -> str:
    """What ``model.send(content)`` does in the browser: the comm's custom message path."""
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                        "buffers": []})
    return str(widget.get_state()["view"].get("message", ""))



def synced_view(widget: Any) -> dict[str, Any]:
    """The view exactly as the front end receives it."""
    return widget.get_state()["view"]  # type: ignore[no-any-return]


def view_tokens(widget: Any) -> set[str]:
    """Every word of the synced view's JSON (to look for card codes that must not be there)."""
    text = json.dumps(synced_view(widget), default=str)
    for ch in '"{}[],:':
        text = text.replace(ch, " ")
    return set(text.split())


def without_message(view: dict[str, Any]) -> dict[str, Any]:
    """A view with its message (and the one-shot download) taken out, for comparisons."""
    return {k: v for k, v in view.items() if k not in ("message", "download")}


def shown_codes(view: dict[str, Any], card_verbs: frozenset[str]) -> set[str]:
    """Card codes the view shows anywhere a card can be (not bids like '8C' that look alike)."""
    out: set[str] = set(view.get("card_info") or {})
    for hand in view.get("hands") or []:
        out.update(hand.get("cards") or [])
    for play in view.get("trick") or []:
        out.add(play["card"])
    for play in (view.get("last_trick") or {}).get("plays") or []:
        out.add(play["card"])
    for extra in view.get("extras") or []:
        out.update(extra.get("cards") or [])
    for row in view.get("piles") or []:
        for pile in row or []:
            out.update(v for v in (pile.get("up"), pile.get("down")) if isinstance(v, str))
    out.update(view.get("selection") or [])
    actions = list(view.get("legal") or [])
    actions += [a["action"] for a in (view.get("actions") or []) + (view.get("choices") or [])]
    for action in actions:
        # cards a seat plays or discards are its own; a called card ('call AS') is not
        words = action.split()
        if words and words[0] in card_verbs & {"play", "discard", "swap", "tengo"}:
            out.update(words[1:])
    return out


def leaked(widget: Any, state: Any, seat: int | None) -> list[str]:
    """Cards hidden from ``seat`` (``state.hidden_cards``) that the synced view shows or names.

    Names are looked for in the card labels, the result, the message, and in the narration of
    the other seats' card actions (a call such as 'N calls the ace of hearts' names a card
    without saying where it is, so calls are not counted).
    """
    view = synced_view(widget)
    chain = state.states()
    told: list[Any] = [view.get(k) for k in ("card_info", "message", "result_lines")]
    for prev, nxt, sentence in zip(chain, chain[1:], view.get("narration") or []):
        action = nxt.history[-1]
        if prev.to_move != seat and action.verb in {"play", "discard", "swap", "tengo"}:
            told.append(sentence)
    text = json.dumps(told, ensure_ascii=False)
    shown = shown_codes(view, state.game.spec.card_verbs)
    out = []
    shown_on_purpose = {c for hand in state.hands for c in hand} if widget.show_all else set()
    for card in state.hidden_cards(seat):
        if card in shown_on_purpose:  # demonstration mode shows every hand
            continue
        name = state.game.deck.name(card)
        if str(card) in shown or f'"{name}' in text or f" {name}," in text \
                or f"the {name}" in text:
            out.append(str(card))
    return out
