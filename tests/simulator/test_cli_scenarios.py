"""`ctxsim scenarios list/show/export/check`: the suite's counts, the chat log, byte-identical exports, and
one-line errors with exit code 2 for malformed files."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from simulator.commands.scenarios import scenarios


def run(*args: str):
    return CliRunner().invoke(scenarios, list(args))


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def scenario_file(path: Path, n_turns: int = 5, **extra) -> Path:
    data = {
        "id": path.stem.replace(".", "_"),
        "channel": "infra",
        "turns": [{"speaker": "agent_a", "text": f"line {i}"} for i in range(n_turns)],
        "questions": [],
    }
    data.update(extra)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def test_list_json_shows_60_conversations_20_per_channel_and_360_questions():
    result = run("list", "--json")
    assert result.exit_code == 0
    rows = json.loads(result.output)
    assert len(rows) == 60
    assert set(rows[0]) == {"id", "channel", "seed", "n_turns", "question_types"}
    assert Counter(r["channel"] for r in rows) == {"infra": 20, "accounts": 20, "ad-hoc": 20}
    types = Counter(t for r in rows for t in r["question_types"])
    assert sum(types.values()) == 360
    assert set(types.values()) == {60} and len(types) == 6
    assert all(50 <= r["n_turns"] <= 60 for r in rows)


def test_list_takes_other_seed_ranges_and_the_library():
    rows = json.loads(run("list", "--json", "--seeds", "5-6", "--library").output)
    ids = [r["id"] for r in rows]
    assert len([i for i in ids if "_s" in i and i.split("_s")[1][0] in "56"]) == 24
    assert "infra_s5_0" in ids and "adhoc_s6_3" in ids and "workspace" in ids
    assert not any(i.startswith("infra_s0_") for i in ids)


def test_list_prints_a_table_by_default():
    result = run("list", "--seeds", "0")
    assert result.exit_code == 0
    assert "infra_s0_0" in result.output and "12 scenarios, 72 questions" in result.output


def test_a_bad_seed_range_is_one_line_and_exit_2():
    result = run("list", "--seeds", "zero")
    assert result.exit_code == 2
    assert result.output.strip() == "--seeds: 'zero' is not a list of numbers like 0-4 or 10,50,200"


def test_show_prints_the_chat_log_with_facts_and_questions_marked():
    result = run("show", "infra_s0_0")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith("infra_s0_0")
    assert any(line.lstrip().startswith("0  agent_") for line in lines)
    assert sum("FACT (" in line for line in lines) >= 7
    assert sum("QUESTION [" in line for line in lines) == 6
    assert any("QUESTION [paraphrase]" in line for line in lines)


def test_show_prints_text_literally_even_when_it_looks_like_markup(in_tmp):
    path = scenario_file(in_tmp / "markup.yaml")
    data = yaml.safe_load(path.read_text())
    data["turns"][1]["text"] = "[INC-42] [bold]billing[/bold] is down :fire:"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = run("show", "markup.yaml")
    assert result.exit_code == 0
    assert "[INC-42] [bold]billing[/bold] is down :fire:" in result.output


def test_show_marks_channels_in_the_workspace():
    result = run("show", "workspace")
    assert result.exit_code == 0
    assert "#accounts" in result.output and "#ad-hoc" in result.output


def test_show_of_an_unknown_scenario_is_one_line_and_exit_2():
    result = run("show", "nope")
    assert result.exit_code == 2
    assert result.output.strip() == "no scenario 'nope': not an id in the suite or library, and no such file"


def test_two_exports_are_byte_identical(tmp_path):
    first, second = tmp_path / "one", tmp_path / "two"
    assert run("export", str(first)).exit_code == 0
    assert run("export", str(second)).exit_code == 0
    names = sorted(p.name for p in first.iterdir())
    assert len(names) == 60 and names == sorted(p.name for p in second.iterdir())
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_exported_files_pass_check(tmp_path):
    out = tmp_path / "suite"
    assert run("export", str(out), "--seeds", "0", "--library").exit_code == 0
    files = list(out.glob("*.yaml"))
    assert len(files) > 12 and (out / "workspace.yaml").exists()
    result = run("check", str(out))
    assert result.exit_code == 0, result.output
    assert sum(line.startswith("ok ") for line in result.output.splitlines()) == len(files)


def test_check_says_ok_with_turn_and_question_counts(in_tmp):
    scenario_file(in_tmp / "good.yaml", 7, questions=[{"after": 6, "text": "Who?", "answer": "Dana"}])
    result = run("check", "good.yaml")
    assert result.exit_code == 0
    assert result.output.strip() == "ok good.yaml (7 turns, 1 questions)"


def test_check_of_a_missing_speaker_is_one_line_and_exit_2(in_tmp):
    path = scenario_file(in_tmp / "bad.yaml")
    data = yaml.safe_load(path.read_text())
    del data["turns"][3]["speaker"]
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = run("check", "bad.yaml")
    assert result.exit_code == 2
    assert result.output.strip() == "bad.yaml: turns[3].speaker: field required"


def test_check_of_evidence_out_of_range_names_the_turn(in_tmp):
    scenario_file(in_tmp / "q.yaml", 54, questions=[{"after": 53, "text": "Who?", "answer": "x", "evidence": [1, 88]}])
    result = run("check", "q.yaml")
    assert result.exit_code == 2
    assert result.output.strip() == "q.yaml: questions[0].evidence[1]: turn 88 does not exist (scenario has 54 turns)"


def test_check_of_broken_yaml_names_the_line(in_tmp):
    (in_tmp / "x.yaml").write_text(
        "id: x\nchannel: infra\nturns:\n  - speaker: agent_a\n    text: hello\n  - speaker: agent_b\n    text: a: b: c\n",
        encoding="utf-8",
    )
    result = run("check", "x.yaml")
    assert result.exit_code == 2
    assert result.output.strip() == "x.yaml: not valid YAML at line 7"


def test_check_reports_good_and_bad_files_together(in_tmp):
    scenario_file(in_tmp / "good.yaml")
    (in_tmp / "x.yaml").write_text("id: [\n", encoding="utf-8")
    result = run("check", "good.yaml", "x.yaml", "missing.yaml")
    assert result.exit_code == 2
    assert "ok good.yaml (5 turns, 0 questions)" in result.output
    assert "x.yaml: not valid YAML at line 2" in result.output
    assert "missing.yaml: no such file" in result.output


def test_check_warns_about_unknown_predicates_but_passes(in_tmp):
    path = scenario_file(in_tmp / "odd.yaml")
    data = yaml.safe_load(path.read_text())
    data["turns"][0]["facts"] = [["Dana", "likes", "tea"]]
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = run("check", "odd.yaml")
    assert result.exit_code == 0
    assert "warning: odd.yaml: turns[0].facts[0]: unknown predicate 'likes' (kept)" in result.output
    assert "ok odd.yaml" in result.output


def test_check_of_an_empty_directory_is_an_error(in_tmp):
    (in_tmp / "empty").mkdir()
    result = run("check", "empty")
    assert result.exit_code == 2
    assert result.output.strip() == "empty: no scenario files found"


def test_a_real_process_exits_2_without_a_traceback(in_tmp):
    scenario_file(in_tmp / "q.yaml", 54, questions=[{"after": 53, "text": "Who?", "answer": "x", "evidence": [1, 88]}])
    code = "from simulator.commands.scenarios import scenarios; scenarios(prog_name='ctxsim scenarios')"
    proc = subprocess.run([sys.executable, "-c", code, "check", "q.yaml"], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "q.yaml: questions[0].evidence[1]: turn 88 does not exist (scenario has 54 turns)"
    assert "Traceback" not in proc.stderr and proc.stdout == ""


def test_the_ctxsim_console_script_runs_the_same_group(in_tmp):
    ctxsim = Path(sys.executable).parent / "ctxsim"
    if not ctxsim.exists():
        pytest.skip("the ctxsim console script is not installed in this environment")
    (in_tmp / "x.yaml").write_text("id: x\nchannel: infra\nturns:\n  - speaker: a\n    text: a: b: c\n", encoding="utf-8")
    proc = subprocess.run([str(ctxsim), "scenarios", "check", "x.yaml"], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "x.yaml: not valid YAML at line 5"
    assert "Traceback" not in proc.stderr
