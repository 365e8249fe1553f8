"""Words for what a person reads on a widget, where the engine speaks in codes.

The engine's sentences cite the rule they apply (``"… failed, -100 (5H-8.2)"``): right for a
programmer reading an exception, noise for a class reading a projector. The widgets show the
sentence without the bare rule ID; the rule stays on the refusal a Python call raises
(``IllegalAction.rule``). Rule options and presets have snake_case names in the API; a person
reads them in words.
"""

from __future__ import annotations

import re

from cardlab.engine.protocols import GameLike
from cardlab.rules import lookup

__all__ = ["without_rule_ids", "side_words", "preset_words", "rule_ids", "rule_note",
           "call_meaning_words"]

#: a rule ID as the specs write them: ``5H-8.2``, ``OS-7.1``, ``F-A23``, ``P-A3``, ``B2.11``,
#: ``5H-5.4d``, ``A-18`` (a prefix and a dash, or a letter and a dotted number)
_RULE = r"(?:[0-9A-Z]{1,4}-[A-Z]{0,2}\d+(?:\.\d+)*[a-z]?(?:\([a-z]\))?|[A-Z]{1,2}\d+\.\d+[a-z]?)"
_RULE_ONLY = re.compile(rf"^\s*(?:rule\s+)?{_RULE}\s*$")
_RULE_ANY = re.compile(rf"(?<![\w-]){_RULE}(?![\w-])")
_PARENS = re.compile(r"\s*\(([^()]*(?:\([a-z]\))?[^()]*)\)")
#: a rule ID standing at the head of a sentence, before its reason: ``"5H-7.2 you must …"``
_LEADING = re.compile(rf"(:\s+){_RULE}\s+(?=\S)")


def rule_ids(text: str) -> list[str]:
    """The rule IDs cited in ``text`` (``["5H-8.2"]``)."""
    return _RULE_ANY.findall(text)


def without_rule_ids(text: str) -> str:
    """``text`` with its bare rule IDs left out: ``"failed, -100 (5H-8.2)."`` →
    ``"failed, -100."``; ``"+50 (10 per trick, 5H-8.3)"`` → ``"+50 (10 per trick)"``.
    Words in parentheses stay."""
    if not text or not _RULE_ANY.search(text):
        return text

    def parens(m: re.Match[str]) -> str:
        parts = [p for p in re.split(r",\s*|;\s*|/", m.group(1)) if not _RULE_ONLY.match(p)]
        return f" ({', '.join(parts)})" if parts else ""

    out = _PARENS.sub(parens, text)
    out = _LEADING.sub(r"\1", out)
    # a rule ID left standing on its own (after a colon, at the end of a label)
    out = re.sub(rf":\s*{_RULE}\s*$", "", out)
    out = re.sub(rf"\s*\b(?:rule\s+){_RULE}\b", "", out)
    return re.sub(r"\s+([.,:;])", r"\1", out).strip()


def side_words(game: GameLike, side: str) -> str:
    """A side's name as people read it: ``"NS"`` stays (the table's own name for north and
    south), a side named by joining longer seat names reads ``"P1 & P4"``, not ``"P1P4"``."""
    names = [str(n) for n in getattr(game, "position_names", game.seat_names)]
    if side in names or all(len(n) == 1 for n in names):
        return side
    parts: list[str] = []
    rest = side
    while rest:
        head = next((n for n in sorted(names, key=len, reverse=True) if rest.startswith(n)), None)
        if head is None:
            return side
        parts.append(head)
        rest = rest[len(head):]
    return " & ".join(parts)


#: the rule sets (presets) by the source or tradition they follow
_PRESETS = {
    ("five_hundred", "australian"): "Australian rules",
    ("five_hundred", "american"): "American rules (one round of bidding)",
    ("officer_skat", "officers_skat"): "Officer's Skat rules",
    ("pandoeren", "pagat"): "rules as on pagat.com",
    ("pandoeren", "butselaar"): "Butselaar's rules (his book of 1958)",
    ("panfin", "canonical"): "the recommended rules",
}


def preset_words(game: str, preset: str) -> str:
    """A rule set's name in words (``"rules as on pagat.com"`` for Pandoeren's ``pagat``)."""
    return _PRESETS.get((game, preset), preset.replace("_", " ") + " rules")


def order_contract_words(game: GameLike, contract: str) -> str:
    """One of ``game.contracts()`` (the contracts the order of the cards is shown for) in
    words: the ladder's words (``"six spades"``, ``"open misère"``), a trump suit by name
    (``"hearts trumps"``), ``"no trumps"``."""
    ladder = getattr(game, "ladder", None)
    if ladder is not None:
        try:
            if contract in ladder:
                return str(ladder.label_of(contract)).split(": ")[0]
        except (TypeError, ValueError):
            pass
    suits = {c.suit for c in game.deck if c.suit}
    if contract in suits:
        return f"{game.deck.suit_name(contract)} trumps"
    if contract in ("none", "NT"):
        return "no trumps"
    return contract.replace("_", " ")


def order_contract(game: GameLike, contract: str | None, trump: str | None,
                   playing: bool = True) -> str | None:
    """The one of ``game.contracts()`` whose order of the cards is the order under a
    table's ``contract`` (its notation) with ``trump`` as trumps, or None before there is
    one: ``"6C"`` itself, Pandoeren's ``"120"`` with hearts trumps by its suit ``"H"``,
    a contract played without trumps by ``"none"`` (only once the play is on: before, its
    trumps may still be chosen)."""
    choices = [str(c) for c in game.contracts()]
    if not contract and not trump:
        return None
    head = contract.split()[0] if contract else ""
    for candidate in (contract, head, trump):
        if candidate and candidate in choices:
            return candidate
    if contract and playing and "none" in choices:
        return "none"
    return None


def rule_note(rule: str | None) -> dict[str, str] | None:
    """The rule a refusal applies, for a reader: ``{"id", "title", "text"}`` from the
    rulebook (:func:`cardlab.rules.lookup`), or None where the refusal cites none (or a rule
    the rulebook cannot find: the sentence alone is shown then)."""
    if not rule:
        return None
    try:
        found = lookup(rule)
    except (ValueError, KeyError):
        return None
    # the book's lines are wrapped for reading as source: one paragraph, one line
    text = re.sub(r"(?<!\n)\n(?!\n)", " ", found.text)
    return {"id": found.id, "title": found.title, "text": without_rule_ids(text)}


def call_meaning_words(game: GameLike, action: str) -> str:
    """What a call or contract means, in one line without rule IDs (``game.call_meaning``),
    or "" for an action the game gives no meaning."""
    try:
        return without_rule_ids(str(game.call_meaning(action)))
    except (ValueError, KeyError, AttributeError):
        return ""
