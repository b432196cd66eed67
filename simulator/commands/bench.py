"""`ctxsim bench`: the synthetic suite, the scaling run, the reading run and LoCoMo, printed as rich tables and stored
as JSON."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from memories.protocol import MemoryConfig
from memories.registry import UnknownBackend, parse_backends
from scenarios.files import ScenarioFileError, load_scenarios
from simulator.commands.bench_locomo import locomo
from simulator.commands.common import fail, parse_int_list, warn

MODEL_BACKENDS = {"vector", "recursive", "graph", "hybrid"}


def embedder_factory(backends: list[str], extraction: str = "oracle"):
    """The real model only when some backend needs it; loading it is timed by the bench."""

    def factory():
        if MODEL_BACKENDS & set(backends) or extraction == "rules":
            from memories.embedder import shared_minilm

            return shared_minilm()
        return None

    return factory


def _progress(console: Console, label: str):
    progress = Progress(
        TextColumn(f"[bold]{label}"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.description}"),
        TimeElapsedColumn(), console=console, transient=True,
    )
    return progress


def _out() -> Console:
    """Tables are wide; when piped (CI logs, files) rich would fold them to 80 columns."""
    console = Console()
    return console if console.is_terminal else Console(width=170)


def _pct(x: float) -> str:
    return f"{100 * x:.1f}"


def synthetic_table(report) -> Table:
    from simulator.bench import PUBLISHED_SYNTHETIC, PUBLISHED_TOKENS

    first = next(iter(report.backends.values()))
    types = [t for t in first.accuracy if t != "overall"]
    table = Table(title=f"ctxsim bench {report.suite}: {report.n_conversations} conversations, "
                        f"{report.n_questions} questions (accuracy %, extraction={report.extraction}, "
                        f"linker={report.linker}, top-k={report.top_k})")
    table.add_column("backend")
    for t in types:
        table.add_column(t, justify="right")
    table.add_column("overall", justify="right", style="bold")
    table.add_column("tokens/q", justify="right")
    table.add_column("p50 ms", justify="right")
    table.add_column("p95 ms", justify="right")
    for name, b in report.backends.items():
        table.add_row(name, *[_pct(b.accuracy[t]) for t in types], _pct(b.accuracy["overall"]),
                      f"{b.tokens_per_query:.1f}", f"{b.latency_ms.p50:.3f}", f"{b.latency_ms.p95:.3f}")
    if report.suite == "synthetic":
        table.add_section()
        for name, row in PUBLISHED_SYNTHETIC.items():
            if name in report.backends:
                table.add_row(f"[dim]published {name}[/]", *[f"[dim]{row.get(t, '-')}[/]" for t in types],
                              f"[dim]{row['overall']}[/]", f"[dim]{PUBLISHED_TOKENS.get(name, '-')}[/]", "", "")
        table.caption = "published: the source article's synthetic benchmark (anchors.md section 1), gold triples"
    return table


def extraction_table(scores) -> Table:
    table = Table(title=f"extraction vs gold facts: precision {scores.precision:.3f}, recall {scores.recall:.3f}, "
                        f"f1 {scores.f1:.3f}")
    for col in ("predicate", "precision", "recall", "f1", "gold", "extracted"):
        table.add_column(col, justify="left" if col == "predicate" else "right")
    for pred, s in scores.by_predicate.items():
        table.add_row(pred, f"{s['precision']:.3f}", f"{s['recall']:.3f}", f"{s['f1']:.3f}",
                      str(int(s["gold"])), str(int(s["extracted"])))
    return table


def _backends(backends: str) -> list[str]:
    """The backends an option names; an unknown one ends the command with a one-line error."""
    try:
        return parse_backends(backends)
    except UnknownBackend as exc:
        fail(f"--backends: {exc}")


def _scenarios(seeds: str, scenario_paths: tuple[str, ...]) -> tuple[list, str]:
    """The user's scenario files, or the seeded synthetic suite when none are given, and which of the two."""
    if scenario_paths:
        try:
            scenarios, warnings = load_scenarios(scenario_paths)
        except ScenarioFileError as exc:
            fail(exc.problems)
        warn(warnings)
        suite = "files"
    else:
        from scenarios.generator import generate_suite

        scenarios = generate_suite(parse_int_list(seeds, "--seeds"))
        suite = "synthetic"
    if not scenarios:
        fail("--scenarios: no scenario files found")
    return scenarios, suite


@click.group()
def bench() -> None:
    """Reproducible benchmarks (no LLM: a deterministic reader stands in for one)."""


@bench.command()
@click.option("--seeds", default="0-4", show_default=True, help="Generator seeds, e.g. 0-4 or 0-99.")
@click.option("--scenarios", "scenario_paths", multiple=True, help="Scenario files or folders (replace the suite).")
@click.option("--backends", default="raw,vector,recursive,graph,hybrid", show_default=True)
@click.option("--extraction", type=click.Choice(["oracle", "rules"]), default="oracle", show_default=True)
@click.option("--linker", type=click.Choice(["semantic", "lexical"]), default="semantic", show_default=True)
@click.option("--top-k", default=4, show_default=True, type=click.IntRange(1, 200))
@click.option("--max-hops", default=3, show_default=True, type=click.IntRange(1, 3))
@click.option("--supersession/--no-supersession", default=True, show_default=True)
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write the results as JSON here.")
def synthetic(seeds, scenario_paths, backends, extraction, linker, top_k, max_hops, supersession, json_path) -> None:
    """Every backend on the seeded synthetic suite (60 conversations, 360 questions) or on your scenario files."""
    from simulator.bench import run_synthetic

    names = _backends(backends)
    scenarios, suite = _scenarios(seeds, scenario_paths)
    config = MemoryConfig(top_k=top_k, max_hops=max_hops, linker=linker, supersession=supersession,
                          extraction=extraction)
    console = Console(stderr=True)
    with _progress(console, "synthetic") as progress:
        task = progress.add_task("loading model", total=len(scenarios))
        report = run_synthetic(
            scenarios, names, config, embedder_factory(names, extraction), suite=suite,
            progress=lambda done, total, label: progress.update(task, completed=done, description=label),
        )
    out = _out()
    out.print(synthetic_table(report))
    if report.extraction_scores is not None:
        out.print(extraction_table(report.extraction_scores))
    out.print(f"wall {report.timing['wall_s']:.1f} s (model load {report.timing['model_load_s']:.1f} s)")
    if json_path:
        Path(json_path).write_text(report.to_json() + "\n", encoding="utf-8")
        out.print(f"wrote {json_path}")


@bench.command()
@click.option("--turns", default="10,50,200,400,800,3200", show_default=True)
@click.option("--backends", default="raw,vector,recursive,graph,hybrid", show_default=True)
@click.option("--json", "json_path", type=click.Path(dir_okay=False))
def scaling(turns, backends, json_path) -> None:
    """One fact, padded with filler to each length: tokens and latency per backend as the conversation grows."""
    from simulator.bench import PUBLISHED_SCALING, run_scaling

    names = _backends(backends)
    lengths = parse_int_list(turns, "--turns")
    if lengths[0] < 2:
        fail(f"--turns: {lengths[0]} is too short (at least 2 turns: the fact and the question's turn)")
    console = Console(stderr=True)
    with _progress(console, "scaling") as progress:
        task = progress.add_task("loading model", total=len(lengths))
        report = run_scaling(lengths, names, MemoryConfig(), embedder_factory(names),
                             progress=lambda d, t, label: progress.update(task, completed=d, description=label))
    table = Table(title="ctxsim bench scaling: tokens/query (p50 latency ms, correct) by conversation length")
    table.add_column("backend")
    for n in report.turns:
        table.add_column(f"{n} turns", justify="right")
    for name, b in report.backends.items():
        cells = [f"{tok} ({lat:.3f} ms{'' if ok else ', wrong'})"
                 for tok, lat, ok in zip(b.tokens, b.latency_ms_p50, b.correct)]
        table.add_row(name, *cells)
    table.add_section()
    for name, row in PUBLISHED_SCALING.items():
        if name in report.backends:
            table.add_row(f"[dim]published {name}[/]", *[f"[dim]{row.get(n, '')}[/]" for n in report.turns])
    table.caption = ("latency: median of repeated answers (the question's embedding cached; the first, uncached answer "
                     "is latency_ms_first in the JSON). published: the source articles' figures (anchors.md sections 1-2)")
    out = _out()
    out.print(table)
    if json_path:
        Path(json_path).write_text(report.to_json() + "\n", encoding="utf-8")
        out.print(f"wrote {json_path}")


@bench.command()
@click.option("--seeds", default="0-4", show_default=True, help="Generator seeds, e.g. 0-4 or 0-99.")
@click.option("--scenarios", "scenario_paths", multiple=True, help="Scenario files or folders (replace the suite).")
@click.option("--backends", default="graph,hybrid", show_default=True)
@click.option("--extraction", type=click.Choice(["oracle", "rules"]), default="rules", show_default=True)
@click.option("--json", "json_path", type=click.Path(dir_okay=False), help="Write the results as JSON here.")
def reading(seeds, scenario_paths, backends, extraction, json_path) -> None:
    """One plain question per fact ("Who owns zonemap?") after the whole conversation: how well each backend
    reads a fact back when the question is no obstacle."""
    from simulator.reading_bench import run_reading

    names = _backends(backends)
    scenarios, _ = _scenarios(seeds, scenario_paths)
    console = Console(stderr=True)
    with _progress(console, "reading") as progress:
        task = progress.add_task("loading model", total=len(scenarios))
        report = run_reading(scenarios, names, MemoryConfig(extraction=extraction),
                             embedder_factory(names, extraction),
                             progress=lambda done, total, label: progress.update(task, completed=done,
                                                                                 description=label))
    table = Table(title=f"ctxsim bench reading: {report.n_items} facts read back from {report.n_conversations} "
                        f"conversations (accuracy %, extraction={report.extraction})")
    table.add_column("backend")
    predicates = sorted({p for b in report.backends.values() for p in b if p != "overall"})
    for p in predicates:
        table.add_column(p, justify="right")
    table.add_column("overall", justify="right", style="bold")
    for name, by in report.backends.items():
        table.add_row(name, *[_pct(by[p]) if p in by else "-" for p in predicates], _pct(by["overall"]))
    out = _out()
    out.print(table)
    out.print(f"wall {report.timing['wall_s']:.1f} s (model load {report.timing['model_load_s']:.1f} s)")
    if json_path:
        Path(json_path).write_text(report.to_json() + "\n", encoding="utf-8")
        out.print(f"wrote {json_path}")


bench.add_command(locomo)
