"""Actions in a game's own words: the sentences ``describe()`` writes, read back to notation.

A learner may write ``"bid seven hearts"`` for ``bid 7H``, or ``"play the jack of
diamonds"`` for ``play JD``. :func:`from_words` reads such text against the actions legal
now. Each legal action is known by

* the words the game says for it, without the seat: ``state.describe("bid 7H")`` is
  ``'N bids seven hearts'``, so ``'bids seven hearts'``, and with the notation's verb,
  ``'bid seven hearts'`` (also without a bracketed remark such as ``(left bower)``);
* for an action naming cards, its verb and the cards' full names (``game.deck.name``):
  ``'play jack of diamonds'``, ``'play the jack of diamonds'``.

Text that names exactly one legal action, ignoring case, accents, commas and a final full
stop, is that action. Anything else is refused as before; :func:`hint` then names the
closest legal actions (or, for an unknown verb, the closest verbs) for "did you mean".
Nothing here is consulted for canonical notation of a legal action, and the words of a
state are worked out once (on the first text that needs them).
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from typing import TYPE_CHECKING, Any

from cardlab.engine.action import Action
from cardlab.errors import said_did_you_mean

if TYPE_CHECKING:
    from cardlab.engine.state import State

__all__ = ["NOTATION_CODES", "normalise", "has_words", "from_words", "hint"]

#: refusal codes that mean "this is not notation of an action" (so the words may be)
NOTATION_CODES = frozenset({"bad_notation", "unknown_action", "unknown_card", "unknown_bid",
                            "unknown_game", "bad_call", "bad_suit", "card_not_in_pack"})

#: a bracketed remark in a sentence: ``(left bower)``, ``(forehand)``, ``(Vecia)``
_REMARK = re.compile(r"\s*\([^)]*\)")

#: how many suggestions a refusal names
_SHOWN = 3


def normalise(text: str) -> str:
    """Text as compared with an action's words: no accents, case-folded, commas dropped,
    single spaces, no final full stop (``'Bid Misère.'`` → ``'bid misere'``)."""
    text = "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(ch))
    text = " ".join(text.casefold().replace(",", " ").split())
    return text.rstrip(".!").rstrip()


def has_words(text: Any) -> bool:
    """True if ``text`` has a word after its verb that no notation spells (a word of three or
    more letters: ``'the'``, ``'seven'``), so that it may be the game's words for an action."""
    if not isinstance(text, str):
        return False
    return any(w.isalpha() and len(w) >= 3 for w in normalise(text).split()[1:])


def from_words(state: State, text: Any) -> Action | None:
    """The one legal action that ``text`` names in the game's words, or None (no legal
    action has these words, or several have)."""
    if not isinstance(text, str) or state.is_over:
        return None
    found = _index(state).get(normalise(text))
    return found[0] if found is not None and len(found) == 1 else None


def hint(state: State, text: Any) -> str:
    """`` (did you mean 'bid 7H'?)``: the legal actions closest to ``text`` in notation or
    in words, else for an unknown verb the game's closest verbs; ``''`` when none is close."""
    if not isinstance(text, str) or not text.strip():
        return ""
    key = normalise(text)
    index = _index(state) if not state.is_over else {}
    close: list[str] = []
    for k in difflib.get_close_matches(key, list(index), n=4 * _SHOWN, cutoff=0.6):
        for a in index[k]:
            if str(a) not in close:
                close.append(str(a))
    if close:
        return said_did_you_mean(close[:_SHOWN])
    verb = key.split()[0]
    verbs = _verbs(state)
    if verb in verbs:
        return ""
    return said_did_you_mean(difflib.get_close_matches(verb, verbs, n=_SHOWN, cutoff=0.6))


# -- the words of the legal actions ----------------------------------------------------------
def _index(state: State) -> dict[str, tuple[Action, ...]]:
    """Normalised words (and notation) → the legal actions they name, once per state."""
    memo = getattr(state, "_phrase_memo", None)
    if memo is not None and memo[0] is state.history:
        return memo[1]  # type: ignore[no-any-return]
    index: dict[str, list[Action]] = {}
    for a in state.legal_actions():
        for form in {normalise(str(a)), *_forms(state, a)}:
            named = index.setdefault(form, [])
            if a not in named:
                named.append(a)
    out = {form: tuple(acts) for form, acts in index.items() if form}
    try:
        state._phrase_memo = (state.history, out)  # type: ignore[attr-defined]
    except AttributeError:  # a state without room for the memo works it out each time
        pass
    return out


def _forms(state: State, action: Action) -> set[str]:
    """The normalised ways of saying ``action`` (see the module)."""
    forms: set[str] = set()
    try:
        said = state.describe(action)
    except Exception:  # a game without words for this action: notation only
        said = ""
    rest = _without_seat(state, said)
    for form in {rest, _REMARK.sub("", rest), rest.split(":")[0]}:
        words = form.split(None, 1)
        if words:
            forms.add(form)
            forms.add(" ".join([action.verb, *words[1:]]))
    cards = _cards(state, action)
    if cards:
        names = [state.game.deck.name(c) for c in cards]
        for listed in {tuple(names), tuple(_REMARK.sub("", n) for n in names)}:
            forms.add(f"{action.verb} {_join(listed)}")
            forms.add(f"{action.verb} {_join(['the ' + n for n in listed])}")
    return {normalise(f) for f in forms}


def _without_seat(state: State, said: str) -> str:
    """``'N bids seven hearts'`` → ``'bids seven hearts'``; ``'P2 (forehand) chooses …'`` →
    ``'chooses …'``."""
    mover = state.to_move
    name = state.game.seat_name(mover) if mover is not None else ""
    if name and said.startswith(name + " "):
        said = said[len(name) + 1:]
        if said.startswith("(") and ")" in said:
            said = said[said.index(")") + 1:]
    return said.strip()


def _cards(state: State, action: Action) -> list[Any]:
    if action.verb not in state.game.spec.card_verbs:
        return []
    deck = state.game.deck
    return [deck.parse(w) for w in action.args if w in deck.codes()]


def _join(names: Any) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _verbs(state: State) -> list[str]:
    """Every verb of the game (from its action table), and the verbs legal now."""
    game = state.game
    verbs: list[str] | None = getattr(game, "_phrase_verbs", None)
    if verbs is None:
        found: dict[str, None] = {}
        try:
            table = game.action_ids().table
            for word in table.words:
                found.setdefault(word.split()[0], None)
            for block in table.blocks:
                found.setdefault(block.verb, None)
        except Exception:  # a game without an action table: the verbs legal now only
            pass
        verbs = list(found)
        try:
            game._phrase_verbs = verbs  # type: ignore[attr-defined]
        except AttributeError:
            pass
    legal = [] if state.is_over else [a.verb for a in state.legal_actions()]
    return list(dict.fromkeys([*verbs, *legal]))
