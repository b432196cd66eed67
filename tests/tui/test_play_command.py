"""`ctxsim play`: headless runs write an SVG and exit 0; bad scenario files and bad options exit 2 with one line
each, before any UI starts."""

from __future__ import annotations

import yaml
from click.testing import CliRunner

from simulator.commands.play import play
from tests.tui.conftest import TINY
from tui.screenshot import svg_text


def write(tmp_path, data, name="tiny.yaml"):
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def test_headless_play_saves_a_screenshot_and_exits_0(tmp_path):
    scenario = write(tmp_path, TINY)
    out = tmp_path / "out.svg"
    result = CliRunner().invoke(play, [str(scenario), "--headless", "--steps", "4", "--ask", "[INC-42] who owns it?",
                                       "--size", "160x48", "--screenshot", str(out), "--embedder", "hash"])
    assert result.exit_code == 0, result.output
    screen = svg_text(out.read_text(encoding="utf-8"))
    assert "[INC-42] who owns it?" in screen
    for name in ["raw", "vector", "recursive", "graph", "hybrid"]:
        assert f"─ {name} ─" in screen
        assert f"{name}: " in result.output


def test_a_scenario_file_with_errors_exits_2_with_one_line_per_problem(tmp_path):
    bad = dict(TINY)
    bad["turns"] = [dict(TINY["turns"][0]), {"text": "no speaker here"}]
    bad["questions"] = [{"after": 9, "text": "q?", "answer": "x", "evidence": [0]}]
    path = write(tmp_path, bad, "bad.yaml")
    result = CliRunner().invoke(play, [str(path), "--headless", "--steps", "1", "--embedder", "hash"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert lines == [f"{path}: turns[1].speaker: field required"]
    assert "Traceback" not in result.output


def test_a_missing_file_and_broken_yaml_exit_2(tmp_path):
    result = CliRunner().invoke(play, [str(tmp_path / "nope.yaml"), "--headless"])
    assert result.exit_code == 2 and result.output.strip() == f"{tmp_path / 'nope.yaml'}: no such file"
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: x\nturns: [\n", encoding="utf-8")
    result = CliRunner().invoke(play, [str(broken), "--headless"])
    assert result.exit_code == 2 and "not valid YAML" in result.output


def test_bad_options_exit_2_with_one_line(tmp_path):
    scenario = str(write(tmp_path, TINY))
    runner = CliRunner()
    cases = [
        ([scenario, "--backends", "raw,nosuch"], "--backends: unknown backend 'nosuch'"),
        ([scenario, "--headless", "--size", "huge"], "--size: 'huge' is not a size like 160x48"),
        ([scenario, "--steps", "3"], "--steps, --ask and --screenshot need --headless"),
        ([scenario, "--workspace"], "play: give a SCENARIO or --workspace, not both"),
    ]
    for args, message in cases:
        result = runner.invoke(play, args)
        assert result.exit_code == 2, (args, result.output)
        assert result.output.strip().startswith(message), result.output
