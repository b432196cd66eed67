"""`ctxsim bench locomo`: turn retrieval on LoCoMo (vector, bm25, graph, hybrid) against the paper's DRAGON row.

The data file (locomo10.json, CC BY-NC 4.0) is not shipped with ctxsim: users fetch it from the LoCoMo
repository (snap-research/locomo, data/locomo10.json) and pass it with --data.
"""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from memories.turn_retrieval import NEEDS_EMBEDDER, RETRIEVERS
from scenarios.files import ScenarioFileError
from scenarios.locomo import load_locomo
from simulator.commands.common import fail, parse_int_list, warn
from simulator.locomo_bench import (DEFAULT_K, DEFAULT_METHODS, DRAGON_RECALL, OVERALL_CATEGORIES, LocomoReport,
                                    category_counts, run_locomo)


def _names(value: str, option: str) -> list[str]:
    names = list(dict.fromkeys(v.strip() for v in value.split(",") if v.strip()))
    if not names:
        fail(f"{option}: '{value}' names nothing")
    return names


def _cell(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}"


def recall_table(report: LocomoReport, counts: dict[str, int]) -> Table:
    ks = [str(k) for k in report.k]
    table = Table(title=f"ctxsim bench locomo: turn-level evidence recall@k (%), {report.n_questions} questions "
                        f"({report.n_questions_without_evidence} without evidence, left out)")
    table.add_column("method")
    table.add_column("category")
    for k in ks:
        table.add_column(f"R@{k}", justify="right")
    rows = [(c, c) for c in OVERALL_CATEGORIES] + [("overall", "overall (1-4)"), ("adversarial", "adversarial (5)")]
    for name, method in report.methods.items():
        for key, label in rows:
            cells = [_cell(method.recall[key][k]) for k in ks]
            style = "bold" if key == "overall" else ("dim" if key == "adversarial" else None)
            table.add_row(name if key == OVERALL_CATEGORIES[0] else "", f"{label} n={counts[key]}", *cells,
                          style=style)
        table.add_section()
    table.add_row("[dim]DRAGON (LoCoMo paper)[/]", "[dim]all questions[/]",
                  *[f"[dim]{100 * DRAGON_RECALL[k]:.1f}[/]" if k in DRAGON_RECALL else "" for k in report.k])
    table.caption = "DRAGON: the LoCoMo paper's retrieval-only anchor (anchors.md section 4); ours: no LLM"
    return table


def cost_table(report: LocomoReport) -> Table:
    table = Table(title="cost of the retrieved context (cl100k tokens per question) and retrieval latency")
    table.add_column("method")
    for k in report.k:
        table.add_column(f"tokens@{k}", justify="right")
    table.add_column("p50 ms", justify="right")
    for name, method in report.methods.items():
        table.add_row(name, *[f"{method.tokens_at_k[str(k)]:.0f}" for k in report.k], f"{method.latency_ms_p50:.2f}")
    return table


@click.command("locomo")
@click.option("--data", "data_path", required=True, help="Path to locomo10.json (not shipped: CC BY-NC 4.0).")
@click.option("--k", "k_spec", default=",".join(map(str, DEFAULT_K)), show_default=True,
              help="Cut-offs, e.g. 5,10,25,50.")
@click.option("--methods", default=",".join(DEFAULT_METHODS), show_default=True, help="Comma-separated methods.")
@click.option("--conversations", default=None, help="Only these sample ids, e.g. conv-26,conv-30.")
@click.option("--json", "json_path", default=None, help="Write the results as JSON here.")
def locomo(data_path: str, k_spec: str, methods: str, conversations: str | None, json_path: str | None) -> None:
    """Turn retrieval on LoCoMo: recall@k per question category for each method, beside the paper's DRAGON."""
    ks = parse_int_list(k_spec, "--k")
    if ks[0] < 1:
        fail(f"--k: {ks[0]} is not a cut-off (use numbers >= 1)")
    names = _names(methods, "--methods")
    unknown = [n for n in names if n not in RETRIEVERS]
    if unknown:
        fail(f"--methods: unknown method '{unknown[0]}' (known: {', '.join(RETRIEVERS)})")
    wanted = _names(conversations, "--conversations") if conversations is not None else None
    try:
        scenarios, warnings = load_locomo(data_path, wanted)
    except ScenarioFileError as exc:
        fail(exc.problems)
    warn(warnings)

    def embedder_factory():
        from memories.embedder import EmbedderUnavailable, shared_minilm

        try:
            return shared_minilm()
        except EmbedderUnavailable as exc:
            fail(f"--methods: {', '.join(sorted(NEEDS_EMBEDDER.intersection(names)))} need the embedding model: {exc}")

    console = Console(stderr=True)
    progress = Progress(TextColumn("[bold]locomo"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.description}"),
                        TimeElapsedColumn(), console=console, transient=True)
    with progress:
        task = progress.add_task("loading model, embedding turns", total=len(scenarios) * len(names))
        report = run_locomo(
            scenarios, names, ks, embedder_factory,
            progress=lambda done, total, label: progress.update(task, completed=done, description=label),
        )
    out = Console()
    out.print(recall_table(report, category_counts(scenarios)))
    out.print(cost_table(report))
    t = report.timing
    n_turns = sum(len(s.turns) for s in scenarios)
    out.print(f"wall {t['wall_s']:.1f} s; ingest {t['ingest_s']:.1f} s "
              f"(embedding {n_turns} turns {t['embed_s']:.1f} s); model load {t['model_load_s']:.1f} s")
    if json_path:
        try:
            Path(json_path).write_text(report.to_json() + "\n", encoding="utf-8")
        except OSError as exc:
            fail(f"--json: cannot write {json_path} ({exc.__class__.__name__})")
        out.print(f"wrote {json_path}")
