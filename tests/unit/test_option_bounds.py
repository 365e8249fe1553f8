"""Every open-ended rule option has a range, checked where it enters (#32 item 4).

The options come from the registry: each registered game's options dataclass, each
field made with ``option(..., bounds=...)``. A value below, above or off the step of its
range is refused by ``cardlab.load`` with a ``ValueError`` naming the option and its
range, and by a record with a ``RecordError`` naming the field; any value in range loads
(hypothesis draws them).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardlab
from cardlab.engine import registry
from cardlab.engine.options import option
from cardlab.errors import RecordError


def _open_fields() -> list[tuple[str, dataclasses.Field[Any]]]:
    """(game, field) for every option of every registered game that is not a list of choices."""
    out = []
    for name in registry.names():
        for f in dataclasses.fields(registry.game_class(name).spec.options):
            if f.metadata.get("choices") is None:
                out.append((name, f))
    return out


OPEN = _open_fields()
IDS = [f"{g}-{f.name}" for g, f in OPEN]
#: the fields with a numeric range (a dict option's range is per key)
RANGED = [(g, f) for g, f in OPEN if not isinstance(f.metadata["bounds"], Mapping)]
RANGED_IDS = [f"{g}-{f.name}" for g, f in RANGED]


def _bad_values(f: dataclasses.Field[Any]) -> list[Any]:
    """Values just outside the field's range, off its step, absurdly large, or not ints."""
    lo, hi = f.metadata["bounds"]
    step = f.metadata["step"]
    bad: list[Any] = [lo - step, hi + step, 10 ** 100, -(10 ** 100), True, 1.5, "10"]
    if step > 1:
        bad.append(lo + 1)
    return bad


@pytest.mark.parametrize(("game", "f"), OPEN, ids=IDS)
def test_every_open_option_has_a_range(game: str, f: dataclasses.Field[Any]) -> None:
    """No open-ended option is left without bounds, and its default lies inside them."""
    bounds = f.metadata.get("bounds")
    assert bounds is not None, f"{game}: option {f.name} is open-ended with no bounds="
    default = f.default if f.default is not dataclasses.MISSING else f.default_factory()  # type: ignore[misc]
    cardlab.load(game, **{f.name: default})  # the default is in range
    assert f.metadata.get("doc"), f"{game}: option {f.name} has no doc saying its range"


@pytest.mark.parametrize(("game", "f"), RANGED, ids=RANGED_IDS)
def test_out_of_range_option_is_refused_naming_it_and_its_range(
        game: str, f: dataclasses.Field[Any]) -> None:
    lo, hi = f.metadata["bounds"]
    for value in _bad_values(f):
        with pytest.raises(ValueError) as err:
            cardlab.load(game, **{f.name: value})
        text = str(err.value)
        assert f"option {f.name}=" in text and f"from {lo} to {hi}" in text, text


@pytest.mark.parametrize(("game", "f"), RANGED, ids=RANGED_IDS)
def test_out_of_range_option_in_a_record_is_a_record_error(
        game: str, f: dataclasses.Field[Any]) -> None:
    record = json.loads(cardlab.load(game).deal(seed=1).to_json())
    lo, hi = f.metadata["bounds"]
    for value in _bad_values(f):
        record["options"][f.name] = value
        with pytest.raises(RecordError) as err:
            cardlab.from_json(record)
        text = str(err.value)
        assert "'options'" in text and f.name in text and f"from {lo} to {hi}" in text, text


@pytest.mark.parametrize(("game", "f"), RANGED, ids=RANGED_IDS)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_in_range_value_loads_and_round_trips(game: str, f: dataclasses.Field[Any],
                                                    data: st.DataObject) -> None:
    lo, hi = f.metadata["bounds"]
    step = f.metadata["step"]
    value = data.draw(st.integers(-(-lo // step), hi // step)) * step
    g = cardlab.load(game, **{f.name: value})
    assert getattr(g.options, f.name) == value
    state = g.deal(seed=data.draw(st.integers(0, 2 ** 32)))
    assert getattr(cardlab.from_json(state.to_json()).game.options, f.name) == value


DICT_RANGED = [(g, f) for g, f in OPEN if isinstance(f.metadata["bounds"], Mapping)]


@pytest.mark.parametrize(("game", "f"), DICT_RANGED, ids=[f"{g}-{f.name}" for g, f in DICT_RANGED])
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_dict_option_each_key_in_range_loads_and_outside_is_refused(
        game: str, f: dataclasses.Field[Any], data: st.DataObject) -> None:
    """Pandoeren's ``game_end``: one key, its value in that key's range."""
    bounds = f.metadata["bounds"]
    key = data.draw(st.sampled_from(sorted(bounds)))
    lo, hi = bounds[key]
    value = data.draw(st.integers(lo, hi))
    assert getattr(cardlab.load(game, **{f.name: {key: value}}).options, f.name) == {key: value}
    outside = data.draw(st.one_of(st.integers(max_value=lo - 1), st.integers(min_value=hi + 1)))
    with pytest.raises(ValueError, match=f"option {f.name}=.*from {lo} to {hi}"):
        cardlab.load(game, **{f.name: {key: outside}})
    with pytest.raises(ValueError, match=f"option {f.name}="):
        cardlab.load(game, **{f.name: {key: value, "other": 1}})


def test_option_refuses_empty_bounds_and_a_bad_step() -> None:
    with pytest.raises(ValueError, match="empty"):
        option(5, kind=int, bounds=(10, 1))
    with pytest.raises(ValueError, match="step"):
        option(5, kind=int, bounds=(1, 10), step=0)
