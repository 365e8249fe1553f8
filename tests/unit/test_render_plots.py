"""Tests of cardlab.render.plots: deterministic, parseable plots of many deals whose numbers
(means, rates) are the data's."""

from __future__ import annotations

import doctest
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import cardlab.render as render
from cardlab.render import bars_svg, distribution_svg, summary_html
from cardlab.render.plots import nice_step
from cardlab.render.svg import num

SVG_NS = "{http://www.w3.org/2000/svg}"


def studies(seed: int = 3) -> list[dict[str, object]]:
    rng = np.random.default_rng(seed)
    return [{"variant": "standard", "scores": rng.integers(-50, 60, size=(80, 2)) * 10},
            {"variant": "cap_490", "scores": rng.integers(-40, 50, size=(80, 2)) * 10},
            {"variant": "odd one", "scores": rng.normal(30, 12, size=120)}]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    return root


def means_drawn(svg: str) -> list[str]:
    return re.findall(r'class="cardlab-plot-mean" data-mean="([^"]+)"', svg)


def test_plots_are_exported_from_render() -> None:
    assert {"distribution_svg", "bars_svg", "summary_html"} <= set(render.__all__)


def test_module_doctests_pass() -> None:
    import cardlab.render.plots as plots

    assert doctest.testmod(plots).failed == 0


@pytest.mark.parametrize("layout", ["rows", "overlay"])
def test_distribution_is_deterministic_and_parses(layout: str) -> None:
    a = distribution_svg(studies(), title="Points <per> deal", layout=layout)
    b = distribution_svg(studies(), title="Points <per> deal", layout=layout)
    assert a == b
    root = parse(a)
    assert root.find(f"{SVG_NS}title").text == "Points <per> deal"
    assert root.find(f"{SVG_NS}desc").text
    assert " id=" not in a  # nothing random to compare badly under nbval
    for value in re.findall(r' (?:x|y|x1|x2|y1|y2|width|height)="([^"]+)"', a):
        assert re.fullmatch(r"-?\d+(\.\d{1,2})?", value), value


def test_distribution_marks_each_variants_mean() -> None:
    data = studies()
    svg = distribution_svg(data)
    expected = [num(float(np.asarray(d["scores"], dtype=float).mean())) for d in data]
    assert means_drawn(svg) == expected
    desc = parse(svg).find(f"{SVG_NS}desc").text
    for d, mean in zip(data, expected, strict=True):
        size = np.asarray(d["scores"]).size
        assert f"{d['variant']}: {size} values, mean {mean}," in desc
    # every variant is named in the picture itself, not only by colour
    for d in data:
        assert f">{d['variant']}</text>" in svg


def test_distribution_overlay_has_a_legend_with_the_means() -> None:
    data = studies()[:2]
    svg = distribution_svg(data, layout="overlay")
    for d in data:
        mean = float(np.asarray(d["scores"], dtype=float).mean())
        assert f"{d['variant']} (mean {mean:.1f}".rstrip("0").rstrip(".") in svg
    assert svg.count("<polyline") == 2


def test_distribution_drops_nans_and_counts_every_side() -> None:
    svg = distribution_svg([{"variant": "v", "scores": [[10, 20], [np.nan, 30]]}])
    assert means_drawn(svg) == ["20"]
    assert "v: 3 values, mean 20, lowest 10, highest 30" in svg


def test_distribution_bars_add_up_to_all_values() -> None:
    """The bars of one panel are the histogram: their heights are in proportion to counts."""
    svg = distribution_svg([{"variant": "v", "scores": [0, 0, 0, 1, 2, 2]}])
    heights = [float(h) for h in re.findall(r'<rect x="[^"]+" y="[^"]+" width="[^"]+" '
                                             r'height="([^"]+)" fill="#[0-9a-f]+" '
                                             r'fill-opacity', svg)]
    assert len(heights) == 3
    assert heights[0] == pytest.approx(3 * heights[1], abs=0.02)
    assert heights[2] == pytest.approx(2 * heights[1], abs=0.02)


def test_distribution_of_nothing_says_so() -> None:
    empty = distribution_svg([], title="none")
    parse(empty)
    assert "no deals to show" in empty
    blank = distribution_svg([{"variant": "a", "scores": []}, {"variant": "b", "scores": [5]}])
    parse(blank)
    assert "a: no values" in blank and means_drawn(blank) == ["5"]


def test_distribution_of_one_variant_and_one_value() -> None:
    svg = distribution_svg([{"variant": "only", "scores": [3]}])
    parse(svg)
    assert means_drawn(svg) == ["3"]
    assert "1 value<" in svg or "1 value" in svg


def test_distribution_shares_the_x_scale_only_when_ranges_are_alike() -> None:
    alike = distribution_svg([{"variant": "a", "scores": [0, 100]},
                              {"variant": "b", "scores": [0, 90]}])
    unlike = distribution_svg([{"variant": "a", "scores": [-480, 480]},
                               {"variant": "b", "scores": [0, 12]}])
    ticks = re.compile(r'font-size="11" font-weight="normal" text-anchor="middle" '
                       r'fill="[^"]+">(-?[\d.]+)</text>')
    alike_ticks = ticks.findall(alike)
    assert alike_ticks[: len(alike_ticks) // 2] == alike_ticks[len(alike_ticks) // 2:]
    assert "12" in ticks.findall(unlike) or "10" in ticks.findall(unlike)
    assert "400" in ticks.findall(unlike)


@pytest.mark.parametrize("kwargs", [{"layout": "pie"}, {"bins": 0}, {"bins": True},
                                    {"colors": {"no such colour": "#000"}}])
def test_distribution_refuses_bad_options(kwargs: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        distribution_svg(studies(), **kwargs)


def test_nice_step_is_round() -> None:
    assert nice_step(1000, 10) == 100
    assert nice_step(7, 4) == 2
    assert nice_step(0, 10) == 1


# -- bars ---------------------------------------------------------------------------------------
ROWS = [{"variant": "standard", "contract_rate": 0.9, "made_rate": 0.75, "mean_length": 42.25},
        {"variant": "no_misere", "contract_rate": 0.5, "made_rate": float("nan"),
         "mean_length": 21.125}]


def test_bars_show_rates_as_percentages_and_lengths_as_numbers() -> None:
    rates = bars_svg(ROWS, key=["contract_rate", "made_rate"])
    assert rates == bars_svg(ROWS, key=["contract_rate", "made_rate"])
    parse(rates)
    assert ">90%</text>" in rates and ">75%</text>" in rates and ">50%</text>" in rates
    assert ">—</text>" in rates  # NaN: no bar, a dash
    assert "no_misere: contract rate 50%, made rate —" in rates
    widths = {v: float(w) for w, v in re.findall(r'width="([^"]+)" height="14" fill="#[0-9a-f]+" '
                                                 r'data-value="([^"]+)"', rates)}
    assert widths["0.9"] == pytest.approx(widths["0.5"] * 9 / 5, abs=0.05)
    lengths = bars_svg(ROWS, key="mean_length", title="actions per deal")
    assert ">42.3</text>" in lengths or ">42.2</text>" in lengths
    assert "%" not in re.sub(r"max-width:100%", "", lengths)


def test_bars_of_no_rows_and_bad_keys() -> None:
    parse(bars_svg([], key="made_rate"))
    with pytest.raises(ValueError):
        bars_svg(ROWS, key=[])


def test_summary_table() -> None:
    html = summary_html([{**ROWS[0], "n": 200, "mean": 49.55}, {**ROWS[1], "n": 200}])
    assert html == summary_html([{**ROWS[0], "n": 200, "mean": 49.55}, {**ROWS[1], "n": 200}])
    ET.fromstring(html)
    assert "<caption" in html and 'scope="col"' in html
    assert ">90%<" in html and ">75%<" in html and ">—<" in html and ">200<" in html
