"""The scenario file format: what loads, and the one-line errors for what does not."""

from __future__ import annotations

import json

import pytest
import yaml

from scenarios.files import (
    ScenarioFileError,
    dump_scenario,
    load_scenario_file,
    load_scenarios,
    scenario_from_data,
    scenario_paths,
)
from scenarios.generator import generate_scenario


def scenario_dict(n_turns: int = 5, **extra) -> dict:
    data = {
        "id": "demo",
        "channel": "accounts",
        "turns": [{"speaker": f"agent_{'abc'[i % 3]}", "text": f"line {i}"} for i in range(n_turns)],
        "questions": [],
    }
    data.update(extra)
    return data


def write(tmp_path, name: str, data) -> str:
    text = data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False)
    (tmp_path / name).write_text(text, encoding="utf-8")
    return name


def problems_of(path) -> list[str]:
    with pytest.raises(ScenarioFileError) as info:
        load_scenario_file(path)
    return info.value.problems


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # messages name the file as the user typed it


def test_the_issue_example_loads_with_defaults_filled_in(tmp_path):
    text = """
id: accounts_demo_1
channel: accounts
title: Who handles Acme?
turns:
  - speaker: agent_b
    text: The Acme account is handled by Dana.
    facts:
      - [Acme account, handled_by, Dana]
  - speaker: agent_c
    channel: ad-hoc
    text: Dana works out of the Berlin office.
    facts: [[Dana, works_in, Berlin office]]
questions:
  - after: 1
    text: Which office handles the Acme account?
    type: join
    answer: [Berlin, Berlin office]
    evidence: [0, 1]
"""
    scenario, warnings = load_scenario_file(write(tmp_path, "acme.yaml", text))
    assert warnings == []
    assert [t.index for t in scenario.turns] == [0, 1]
    assert [t.channel for t in scenario.turns] == ["accounts", "ad-hoc"]
    assert scenario.channels == ["accounts", "ad-hoc"]
    assert scenario.turns[1].facts[0].as_list() == ["Dana", "works_in", "Berlin office"]
    q = scenario.questions[0]
    assert q.speaker == "agent_b"  # default: the first speaker
    assert q.answer == ["Berlin", "Berlin office"]


def test_a_missing_speaker_is_one_line_naming_file_and_field(tmp_path):
    data = scenario_dict()
    del data["turns"][3]["speaker"]
    assert problems_of(write(tmp_path, "bad.yaml", data)) == ["bad.yaml: turns[3].speaker: field required"]


def test_evidence_pointing_past_the_end_names_the_turn_and_the_length(tmp_path):
    data = scenario_dict(54, questions=[{"after": 53, "text": "Who?", "answer": "Dana", "evidence": [2, 88]}])
    assert problems_of(write(tmp_path, "q.yaml", data)) == [
        "q.yaml: questions[0].evidence[1]: turn 88 does not exist (scenario has 54 turns)"
    ]


def test_broken_yaml_reports_the_line(tmp_path):
    text = "id: x\nchannel: infra\nturns:\n  - speaker: agent_a\n    text: hello\n  - speaker: agent_b\n    text: a: b: c\n"
    assert problems_of(write(tmp_path, "x.yaml", text)) == ["x.yaml: not valid YAML at line 7"]


def test_broken_json_reports_the_line(tmp_path):
    text = '{\n  "id": "x",\n  "channel": "infra",\n  "turns": [\n}\n'
    assert problems_of(write(tmp_path, "x.json", text)) == ["x.json: not valid JSON at line 5"]


def test_json_files_are_accepted(tmp_path):
    (tmp_path / "s.json").write_text(json.dumps(scenario_dict()), encoding="utf-8")
    scenario, _ = load_scenario_file("s.json")
    assert len(scenario.turns) == 5


def test_evidence_after_the_question_is_refused(tmp_path):
    data = scenario_dict(questions=[{"after": 1, "text": "Who?", "answer": "Dana", "evidence": [3]}])
    assert problems_of(write(tmp_path, "late.yaml", data)) == [
        "late.yaml: questions[0].evidence[0]: turn 3 comes after the question (after: 1)"
    ]


def test_a_question_after_a_missing_turn_is_refused(tmp_path):
    data = scenario_dict(questions=[{"after": 9, "text": "Who?", "answer": "Dana"}])
    assert problems_of(write(tmp_path, "after.yaml", data)) == [
        "after.yaml: questions[0].after: turn 9 does not exist (scenario has 5 turns)"
    ]


def test_every_problem_in_a_file_gets_its_own_line(tmp_path):
    data = scenario_dict()
    del data["turns"][0]["speaker"]
    del data["turns"][2]["text"]
    data["id"] = "Not Valid"
    problems = problems_of(write(tmp_path, "many.yaml", data))
    assert "many.yaml: turns[0].speaker: field required" in problems
    assert "many.yaml: turns[2].text: field required" in problems
    assert any(p.startswith("many.yaml: id: ") and "Not Valid" in p for p in problems)
    assert all("\n" not in p for p in problems)


def test_a_fact_that_is_not_a_triple_is_refused(tmp_path):
    data = scenario_dict()
    data["turns"][1]["facts"] = [["Dana", "works_in"]]
    (problem,) = problems_of(write(tmp_path, "fact.yaml", data))
    assert problem.startswith("fact.yaml: turns[1].facts[0]")
    assert "got 2 items" in problem


def test_unknown_predicates_are_kept_with_a_warning(tmp_path):
    data = scenario_dict()
    data["turns"][2]["facts"] = [["Dana", "likes", "tea"]]
    scenario, warnings = load_scenario_file(write(tmp_path, "odd.yaml", data))
    assert warnings == ["odd.yaml: turns[2].facts[0]: unknown predicate 'likes' (kept)"]
    assert scenario.turns[2].facts[0].predicate == "likes"


def test_a_file_that_is_not_a_mapping_is_refused(tmp_path):
    assert problems_of(write(tmp_path, "list.yaml", "- just\n- a list\n")) == [
        "list.yaml: expected a mapping with id, channel, turns, questions"
    ]


def test_a_missing_file_is_one_line():
    assert problems_of("nowhere.yaml") == ["nowhere.yaml: no such file"]


def test_loading_many_files_reports_every_problem_and_duplicate_ids(tmp_path):
    write(tmp_path, "a.yaml", scenario_dict())
    write(tmp_path, "b.yaml", scenario_dict())  # same id as a.yaml
    broken = scenario_dict()
    del broken["channel"]
    write(tmp_path, "c.yaml", broken)
    with pytest.raises(ScenarioFileError) as info:
        load_scenarios(["."])
    assert info.value.problems == ["b.yaml: id: 'demo' is already used by a.yaml", "c.yaml: channel: field required"]


def test_a_directory_expands_to_its_scenario_files_in_name_order(tmp_path):
    for name in ("b.yaml", "a.json", "c.yml", "notes.txt"):
        (tmp_path / name).write_text("{}", encoding="utf-8")
    assert [p.name for p in scenario_paths(["."])] == ["a.json", "b.yaml", "c.yml"]


def test_dumped_scenarios_load_back_unchanged_and_dump_the_same_text():
    original = generate_scenario(3, "accounts", 1)
    text = dump_scenario(original)
    loaded, warnings = scenario_from_data(yaml.safe_load(text), "round.yaml")
    assert warnings == []
    assert loaded == original
    assert dump_scenario(loaded) == text
