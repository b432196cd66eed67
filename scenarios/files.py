"""The scenario file format: one scenario per YAML (or JSON) file, loaded with errors a person can act on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterable

import yaml
from pydantic import ValidationError

from scenarios.models import PREDICATES, Scenario


class ScenarioFileError(Exception):
    """One or more problems in scenario files; each problem is one line naming file, field and problem."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


def _field_path(loc: Iterable[Any]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out or "(top level)"


def _describe(error: dict[str, Any]) -> str:
    kind = error.get("type", "")
    if kind == "missing":
        return "field required"
    msg = str(error.get("msg", "invalid"))
    msg = msg.removeprefix("Value error, ")
    if kind not in ("missing",) and "input" in error and not isinstance(error["input"], (dict, list)):
        value = repr(error["input"])
        if len(value) > 60:
            value = value[:57] + "..."
        return f"{msg} (got {value})"
    return msg


def parse_text(text: str, name: str) -> Any:
    """YAML or JSON text -> plain data; a syntax error becomes one line with the line number."""
    if name.endswith(".json"):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScenarioFileError([f"{name}: not valid JSON at line {exc.lineno}"]) from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark is not None else ""
        raise ScenarioFileError([f"{name}: not valid YAML{where}"]) from None


def scenario_from_data(data: Any, name: str) -> tuple[Scenario, list[str]]:
    """Validate plain data as a scenario. Returns the scenario and warnings; raises on problems."""
    if not isinstance(data, dict):
        raise ScenarioFileError([f"{name}: expected a mapping with id, channel, turns, questions"])
    try:
        scenario = Scenario.model_validate(data)
    except ValidationError as exc:
        lines = [f"{name}: {_field_path(e['loc'])}: {_describe(e)}" for e in exc.errors()]
        raise ScenarioFileError(lines) from None
    problems: list[str] = []
    warnings: list[str] = []
    n = len(scenario.turns)
    first_speaker = scenario.turns[0].speaker
    for qi, q in enumerate(scenario.questions):
        if q.after >= n:
            problems.append(f"{name}: questions[{qi}].after: turn {q.after} does not exist (scenario has {n} turns)")
        for ei, ev in enumerate(q.evidence):
            if ev < 0 or ev >= n:
                problems.append(
                    f"{name}: questions[{qi}].evidence[{ei}]: turn {ev} does not exist (scenario has {n} turns)"
                )
            elif ev > q.after:
                problems.append(
                    f"{name}: questions[{qi}].evidence[{ei}]: turn {ev} comes after the question (after: {q.after})"
                )
        if q.speaker is None:
            q.speaker = first_speaker
    for ti, turn in enumerate(scenario.turns):
        for fi, fact in enumerate(turn.facts):
            if fact.predicate not in PREDICATES:
                warnings.append(f"{name}: turns[{ti}].facts[{fi}]: unknown predicate '{fact.predicate}' (kept)")
    if problems:
        raise ScenarioFileError(problems)
    return scenario, warnings


def read_text(path: str | Path, expected: str = "a scenario file") -> str:
    """A data file's text, or one ScenarioFileError line naming the file and why it cannot be read."""
    name = str(path)
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ScenarioFileError([f"{name}: no such file"]) from None
    except IsADirectoryError:
        raise ScenarioFileError([f"{name}: is a directory, expected {expected}"]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioFileError([f"{name}: cannot read ({exc.__class__.__name__})"]) from None


def load_scenario_file(path: str | Path) -> tuple[Scenario, list[str]]:
    """Load one scenario file. Raises ScenarioFileError with one line per problem."""
    name = str(path)
    return scenario_from_data(parse_text(read_text(path), name), name)


def scenario_paths(paths: Iterable[str | Path]) -> list[Path]:
    """Expand directories into their *.yaml, *.yml and *.json files, sorted."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            out.extend(sorted(q for q in p.iterdir() if q.suffix in (".yaml", ".yml", ".json")))
        else:
            out.append(p)
    return out


def load_scenarios(paths: Iterable[str | Path]) -> tuple[list[Scenario], list[str]]:
    """Load many files; collect every problem from every file before raising."""
    scenarios: list[Scenario] = []
    problems: list[str] = []
    warnings: list[str] = []
    seen: dict[str, str] = {}
    for p in scenario_paths(paths):
        try:
            sc, warns = load_scenario_file(p)
        except ScenarioFileError as exc:
            problems.extend(exc.problems)
            continue
        if sc.id in seen:
            problems.append(f"{p}: id: '{sc.id}' is already used by {seen[sc.id]}")
            continue
        seen[sc.id] = str(p)
        scenarios.append(sc)
        warnings.extend(warns)
    if problems:
        raise ScenarioFileError(problems)
    return scenarios, warnings


def dump_scenario(scenario: Scenario) -> str:
    """The scenario as YAML text, stable from run to run."""
    return yaml.safe_dump(scenario.to_file_dict(), sort_keys=False, allow_unicode=True, width=1000)
