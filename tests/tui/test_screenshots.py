"""SVG snapshots checked in-repo: the exported screen, read back as text, shows what a reader must see."""

from __future__ import annotations

from tests.tui.conftest import N_BEATS
from tui.screenshot import capture, parse_size, svg_lines, svg_text

import pytest


async def test_the_wide_screenshot_shows_every_backend_its_answer_and_tokens(tiny, hash_embedder):
    report = await capture(tiny, steps=N_BEATS, question="[INC-42] Who owns the component that ReportingAPI "
                           "depends on?", size=(160, 48), embedder=hash_embedder)
    screen = svg_text(report.svg)
    for name in ["raw", "vector", "recursive", "graph", "hybrid"]:
        assert f"─ {name} ─" in screen
        assert name in report.answers
        assert f"{report.tokens[name]} tok" in screen
    assert report.answers["graph"] == "Dana" and "A Dana" in screen
    assert "[INC-42] Who owns the component" in screen
    assert "model ready" in screen and f"beat {N_BEATS}/{N_BEATS}" in screen
    lines = svg_lines(report.svg)
    assert len(lines) == 48 and max(len(line) for line in lines) <= 160


async def test_the_small_screenshot_is_usable_at_80x24(tiny, hash_embedder):
    report = await capture(tiny, steps=4, size=(80, 24), embedder=hash_embedder)
    screen = svg_text(report.svg)
    assert "raw" in screen and "hybrid" in screen and "scores" in screen  # the tabs
    assert "A Bob" in screen  # the raw panel answered the join with the one-hop owner
    assert "turn 3/8" in screen
    assert len(svg_lines(report.svg)) == 24


async def test_screenshots_are_stable_from_run_to_run(tiny, hash_embedder):
    first = await capture(tiny, steps=4, size=(100, 30), embedder=hash_embedder)
    second = await capture(tiny, steps=4, size=(100, 30), embedder=hash_embedder)

    def without_timings(svg: str) -> list[str]:
        # latency differs between runs; everything else on screen must not
        return [line for line in svg_lines(svg) if " ms" not in line]

    assert without_timings(first.svg) == without_timings(second.svg)


def test_terminal_sizes_parse_or_say_what_is_wrong():
    assert parse_size("160x48") == (160, 48)
    assert parse_size(" 80X24 ") == (80, 24)
    for bad in ["", "160", "axb", "10x5", "160x48x2"]:
        with pytest.raises(ValueError):
            parse_size(bad)
