"""`ctxsim train-reader`: fit the reading ranker's weights on scenario files with gold facts, and say how well a
model trained without each writer reads that writer's facts."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from memories.reading_ranker import WEIGHTS
from scenarios.files import ScenarioFileError, load_scenarios
from simulator.commands.bench import _out, _progress
from simulator.commands.common import fail, warn


@click.command("train-reader")
@click.option("--scenarios", "scenario_paths", multiple=True, required=True,
              help="Scenario files or folders with gold facts (development data, never the files you test on).")
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default=str(WEIGHTS), show_default=True,
              help="Where the weights are written; the hybrid reads them from the default place.")
def train_reader(scenario_paths, out_path) -> None:
    """Fit the ranking of what a text step reads (memories/reading_ranker.py) on your scenarios' gold facts."""
    from memories.embedder import shared_minilm
    from simulator.reader_training import train, write

    try:
        scenarios, warnings = load_scenarios(scenario_paths)
    except ScenarioFileError as exc:
        fail(exc.problems)
    warn(warnings)
    if not scenarios:
        fail("--scenarios: no scenario files found")
    console = Console(stderr=True)
    with _progress(console, "train-reader") as progress:
        task = progress.add_task("loading model", total=len(scenarios))
        try:
            report = train(scenarios, shared_minilm(), progress=lambda done, total, label: progress.update(
                task, completed=done, description=label))
        except ValueError as exc:
            fail(f"--scenarios: {exc}")
    table = Table(title=f"reading ranker: each writer's text steps read by a model trained on the others "
                        f"({report.n_read} steps from {report.n_facts} facts asked and the scenarios' questions, "
                        f"{report.n_reachable} with a right candidate)")
    for column in ("writer", "steps", "hand-ordered", "learned", "gain"):
        table.add_column(column, justify="left" if column == "writer" else "right")
    for writer, row in report.writers.items():
        table.add_row(writer, str(row["steps"]), str(row["hand"]), str(row["model"]),
                      f"{row['model'] - row['hand']:+d}")
    hand = sum(r["hand"] for r in report.writers.values())
    model = sum(r["model"] for r in report.writers.values())
    table.add_row("all", str(report.n_read), str(hand), str(model), f"{model - hand:+d}", style="bold")
    out = _out()
    out.print(table)
    write(report, Path(out_path))
    out.print(f"wrote {out_path}")
