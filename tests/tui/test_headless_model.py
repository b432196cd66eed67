"""The documented headless run, on the real model: five backends answer a question with a markup-like prefix and
the saved SVG shows their names, answers, token counts and the literal `[INC-42]`."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from simulator.commands.play import play
from tui.screenshot import svg_text

QUESTION = "[INC-42] Who owns the component that ReportingAPI depends on?"


@pytest.mark.integration
def test_headless_play_of_infra_s0_0_shows_every_backend_and_the_literal_brackets(tmp_path, minilm):
    out = tmp_path / "out.svg"
    result = CliRunner().invoke(play, ["infra_s0_0", "--headless", "--steps", "60", "--ask", QUESTION,
                                       "--screenshot", str(out)])
    assert result.exit_code == 0, result.output
    screen = svg_text(out.read_text(encoding="utf-8"))
    assert "[INC-42] Who owns the" in screen
    for name in ["raw", "vector", "recursive", "graph", "hybrid"]:
        assert f"─ {name} ─" in screen
        line = next(row for row in result.output.splitlines() if row.startswith(f"{name}: "))
        tokens = int(line.rsplit("[", 1)[1].split()[0])
        assert tokens > 0 and f"{tokens:,} tok" in screen
    assert "model ready" in screen
