"""`ctxsim scenarios`: list the suite and the library, show one conversation as a chat log, export scenario
files, and check files written by hand."""

from __future__ import annotations

import json
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from scenarios import catalog
from scenarios.files import ScenarioFileError, dump_scenario, load_scenario_file, scenario_paths
from scenarios.models import Scenario
from simulator.commands.common import fail, parse_int_list, warn

SPEAKER_STYLES = ("cyan", "magenta", "green", "yellow", "blue", "red")


def _console(soft_wrap: bool = False) -> Console:
    # Agent text is printed literally: no markup, no emoji codes, no highlighting of numbers or brackets.
    return Console(highlight=False, markup=False, emoji=False, soft_wrap=soft_wrap)


def _chosen(seeds: str, with_library: bool) -> list[Scenario]:
    chosen = catalog.suite(parse_int_list(seeds, "--seeds"))
    if with_library:
        try:
            chosen += catalog.library()
        except ScenarioFileError as exc:
            fail(exc.problems)
    return chosen


def _summary(scenario: Scenario) -> dict:
    return {
        "id": scenario.id,
        "channel": scenario.channel,
        "seed": scenario.seed,
        "n_turns": len(scenario.turns),
        "question_types": [q.type for q in scenario.questions],
    }


@click.group("scenarios")
def scenarios() -> None:
    """List, show, export and check scenarios."""


@scenarios.command("list")
@click.option("--seeds", default="0-4", show_default=True, help="Seeds of the generated suite, e.g. 0-4 or 0-99.")
@click.option("--library", "with_library", is_flag=True, help="Also list the hand-written library.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list instead of a table.")
def list_scenarios(seeds: str, with_library: bool, as_json: bool) -> None:
    """List scenarios: id, channel, seed, turns and question types."""
    chosen = _chosen(seeds, with_library)
    if as_json:
        click.echo(json.dumps([_summary(s) for s in chosen], indent=2))
        return
    table = Table(title=f"{len(chosen)} scenarios, {sum(len(s.questions) for s in chosen)} questions")
    table.add_column("id")
    table.add_column("channel")
    table.add_column("seed", justify="right")
    table.add_column("turns", justify="right")
    table.add_column("questions")
    for s in chosen:
        seed = "" if s.seed is None else str(s.seed)
        table.add_row(s.id, "#" + s.channel, seed, str(len(s.turns)), ", ".join(q.type or "-" for q in s.questions))
    _console().print(table)


def _fact_text(scenario: Scenario, index: int) -> list[str]:
    return [f"({f.subject}, {f.predicate}, {f.object})" for f in scenario.turns[index].facts]


@scenarios.command("show")
@click.argument("spec", metavar="ID_OR_FILE")
def show(spec: str) -> None:
    """Print a scenario as a chat log, with fact turns and questions marked."""
    try:
        scenario = catalog.find(spec)
    except ScenarioFileError as exc:
        fail(exc.problems)
    console = _console(soft_wrap=True)  # one line per turn, also when piped: the terminal wraps, not rich
    speakers: dict[str, str] = {}

    def style_of(speaker: str) -> str:
        return speakers.setdefault(speaker, SPEAKER_STYLES[len(speakers) % len(SPEAKER_STYLES)])

    header = Text(f"{scenario.id}", style="bold")
    header.append(f"  #{scenario.channel}  {len(scenario.turns)} turns, {len(scenario.questions)} questions")
    if scenario.title:
        header.append(f"  {scenario.title}", style="italic")
    console.print(header)
    width = len(str(len(scenario.turns) - 1))
    multi_channel = len(scenario.channels) > 1
    for turn in scenario.turns:
        line = Text(f"{turn.index:>{width}}  ", style="dim")
        if multi_channel:
            line.append(f"#{turn.channel:<9} ", style="dim")
        line.append(f"{turn.speaker}: ", style=style_of(turn.speaker))
        line.append(turn.text)
        if turn.facts:
            line.append("   FACT " + " ".join(_fact_text(scenario, turn.index)), style="bold green")
        console.print(line)
        for q in scenario.questions_after(turn.index):
            asked = Text(f"{'?':>{width}}  ", style="bold yellow")
            asked.append(f"{q.speaker or scenario.turns[0].speaker}: ", style=style_of(q.speaker or ""))
            asked.append(q.text, style="bold")
            asked.append(f"   QUESTION [{q.type or 'untyped'}] answer: {' | '.join(q.answer)}", style="yellow")
            if q.evidence:
                asked.append(f"  evidence: turns {', '.join(str(e) for e in q.evidence)}", style="yellow")
            console.print(asked)


@scenarios.command("export")
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--seeds", default="0-4", show_default=True, help="Seeds of the generated suite.")
@click.option("--library", "with_library", is_flag=True, help="Also export the hand-written library.")
def export(directory: Path, seeds: str, with_library: bool) -> None:
    """Write every scenario as DIRECTORY/<id>.yaml (byte-identical from run to run)."""
    chosen = _chosen(seeds, with_library)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        for scenario in chosen:
            (directory / f"{scenario.id}.yaml").write_text(dump_scenario(scenario), encoding="utf-8", newline="\n")
    except OSError as exc:
        fail(f"{directory}: cannot write ({exc.strerror or exc.__class__.__name__})")
    click.echo(f"wrote {len(chosen)} scenarios to {directory}")


@scenarios.command("check")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
def check(files: tuple[str, ...]) -> None:
    """Validate scenario files (a directory means its *.yaml, *.yml and *.json files)."""
    paths = scenario_paths(files)
    if not paths:
        fail(f"{', '.join(files)}: no scenario files found")
    problems: list[str] = []
    for path in paths:
        try:
            scenario, warnings = load_scenario_file(path)
        except ScenarioFileError as exc:
            problems.extend(exc.problems)
            continue
        warn(warnings)
        click.echo(f"ok {path} ({len(scenario.turns)} turns, {len(scenario.questions)} questions)")
    if problems:
        fail(problems)
