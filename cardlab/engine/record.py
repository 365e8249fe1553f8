"""Game records: a deal and its actions as JSON, loaded back to an identical state.

A record is ``{"format": "cardlab-record", "version": 1, "game": …,
"options": {…}, "setup": {…}, "actions": […]}``. ``setup`` is the stacked
deal (cards, dealer, …) that ``game.deal(**setup)`` turns back into the same
first state, so a record never depends on the shuffle. Loading checks every
field and replays every action through the rules; any problem raises
:class:`~cardlab.errors.RecordError` naming it, and nothing is half-loaded.

Deal strings are a short, PBN-like text for the cards of a deal, one segment
per seat or pile: ``"N: AS KS … / E: … / S: … / W: … / kitty: 4H 5S JK"``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardlab.cards import Card, format_cards
from cardlab.errors import IllegalAction, RecordError

if TYPE_CHECKING:
    from cardlab.engine.game import Game
    from cardlab.engine.state import State

__all__ = ["RECORD_FORMAT", "record_dict", "to_json", "from_json", "load_record",
           "format_deal", "parse_deal"]

RECORD_FORMAT = "cardlab-record"
RECORD_VERSION = 1
_KEYS = {"format", "version", "game", "options", "setup", "actions", "seed"}


def record_dict(state: State) -> dict[str, Any]:
    """The record of ``state``'s deal as a JSON-able dict."""
    d: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "game": state.game.name,
        "options": state.game.options_dict(),
        "setup": dict(state.setup),
        "actions": [str(a) for a in state.history],
    }
    seed = getattr(state, "seed", None)
    if seed is not None:
        d["seed"] = seed
    return d


def to_json(state: State, *, indent: int | None = None) -> str:
    """The record as JSON text."""
    return json.dumps(record_dict(state), indent=indent, ensure_ascii=False)


def from_json(text: str | bytes | Mapping[str, Any]) -> State:
    """Load a record (JSON text or an already-parsed dict) to the state it ends in.

    :raises RecordError: naming the field or the action that is wrong.
    """
    if isinstance(text, (str, bytes)):
        try:
            data = json.loads(text)
        except (ValueError, TypeError) as err:
            raise RecordError(f"record is not valid JSON: {err}", code="bad_record") from None
    else:
        data = text
    return load_record(data)


def _need(cond: bool, message: str, code: str = "bad_record") -> None:
    if not cond:
        raise RecordError(message, code=code)


def load_record(data: Any) -> State:
    """Validate and replay a parsed record (see :func:`from_json`)."""
    from cardlab.games import load, names

    _need(isinstance(data, dict), f"a record must be a JSON object, not {type(data).__name__}")
    unknown = sorted(set(data) - _KEYS)
    _need(not unknown, f"record has unknown field(s): {', '.join(unknown)}")
    _need(data.get("format") == RECORD_FORMAT,
          f"record field 'format' must be {RECORD_FORMAT!r}, not {data.get('format')!r}")
    _need(data.get("version") == RECORD_VERSION,
          f"record field 'version' must be {RECORD_VERSION}, not {data.get('version')!r}")
    game_name = data.get("game")
    _need(isinstance(game_name, str) and game_name in names(),
          f"record field 'game' must be one of {', '.join(names())}, not {game_name!r}",
          "unknown_game")
    options = data.get("options", {})
    _need(isinstance(options, dict), "record field 'options' must be an object")
    setup = data.get("setup")
    _need(isinstance(setup, dict), "record field 'setup' must be an object")
    actions = data.get("actions", [])
    _need(isinstance(actions, list) and all(isinstance(a, str) for a in actions),
          "record field 'actions' must be a list of strings")
    try:
        game = load(game_name, **options)
    except (ValueError, TypeError) as err:
        raise RecordError(f"record field 'options': {err}", code="bad_options") from None
    try:
        state = game.deal(**setup)
    except IllegalAction as err:
        raise RecordError(f"record field 'setup': {err}", code=err.code, rule=err.rule) from None
    except (ValueError, TypeError) as err:
        raise RecordError(f"record field 'setup': {err}", code="bad_setup") from None
    for i, action in enumerate(actions):
        try:
            state = state.apply(action)
        except IllegalAction as err:
            raise RecordError(f"record action {i + 1} ({action!r}): {err}", code=err.code,
                              rule=err.rule) from None
    seed = data.get("seed")
    if seed is not None:
        _need(isinstance(seed, int) and not isinstance(seed, bool),
              "record field 'seed' must be an int")
        _attach_seed(state, seed)
    return state


def _attach_seed(state: State, seed: int) -> None:
    for s in state.states():
        if hasattr(s, "seed"):
            object.__setattr__(s, "seed", seed)


def format_deal(labels: Sequence[str], parts: Sequence[Sequence[Card]]) -> str:
    """A deal string: ``"N: AS KS / E: … / kitty: …"``, one labelled segment per part.

    >>> format_deal(["N", "kitty"], [[Card("A", "S")], [Card("JK")]])
    'N: AS / kitty: JK'
    """
    return " / ".join(f"{label}: {format_cards(cards)}".rstrip()
                      for label, cards in zip(labels, parts, strict=False))


def parse_deal(game: Game, text: str, labels: Sequence[str]) -> dict[str, list[Card]]:
    """Parse a deal string into ``label → cards`` for the given labels.

    Segments may come in any order; labels are case-insensitive. Unlabelled
    segments are taken in the order of ``labels``.

    :raises IllegalAction: ``bad_deal_string`` for an unknown label or a segment
        too many, ``unknown_card`` for a bad card code.
    """
    if not isinstance(text, str):
        raise IllegalAction("a deal string must be text", code="bad_deal_string")
    segments = [s.strip() for s in text.split("/")]
    lookup = {lab.lower(): lab for lab in labels}
    out: dict[str, list[Card]] = {}
    position = 0
    for seg in segments:
        if ":" in seg:
            label, _, cards = seg.partition(":")
            key = lookup.get(label.strip().lower())
            if key is None:
                raise IllegalAction(f"unknown part {label.strip()!r} in the deal string; "
                                    f"expected {', '.join(labels)}", code="bad_deal_string")
        else:
            if position >= len(labels):
                raise IllegalAction(f"the deal string has more than {len(labels)} parts",
                                    code="bad_deal_string")
            key, cards = labels[position], seg
        position += 1
        if key in out:
            raise IllegalAction(f"part {key!r} appears twice in the deal string",
                                code="bad_deal_string")
        out[key] = game.deck.parse_many(cards)
    return out
