"""`ctxsim ask`: play a scenario up to a turn, ask every backend one question, print what each retrieved and why."""

from __future__ import annotations

import asyncio
import json

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from memories.answer import Answer
from memories.protocol import MemoryConfig
from memories.registry import UnknownBackend, parse_backends
from scenarios.files import ScenarioFileError
from simulator.commands.common import fail


async def _ask(scenario, names, config, question: str, at_turn: int) -> dict[str, Answer]:
    from simulator.bench import build_memories
    from simulator.commands.bench import embedder_factory
    from simulator.engine import Engine

    memories = build_memories(names, config, embedder_factory(names, config.extraction)())
    engine = Engine(scenario, memories)
    try:
        # Every beat up to and including turn `at_turn` and the scripted questions asked right after it.
        position = max(i + 1 for i, beat in enumerate(engine.timeline)
                       if (beat.turn.index if beat.kind == "turn" else beat.question.after) <= at_turn)
        await engine.seek(position)
        return await engine.ask(question)
    finally:
        await engine.close()


def _render(console: Console, answers: dict[str, Answer]) -> None:
    for name, a in answers.items():
        head = Text(f"{name}: ", style="bold")
        head.append(repr(a.text) if a.text else "(no answer)")
        head.append(f"   {a.tokens} tokens, {a.latency_ms:.3f} ms", style="dim")
        if a.trace.served_by:
            head.append(f", served by {a.trace.served_by}", style="dim")
        console.print(head)
        if a.error:
            console.print(Text(f"  error: {a.error}", style="red"))
        for link in a.trace.links:
            console.print(Text(f"  link '{link.mention}' -> {link.node or 'nothing'} ({link.step} {link.score:.2f})"))
        if a.trace.relations:
            console.print(Text(f"  relations {' -> '.join(a.trace.relations)}; expects {a.trace.expected_type}"))
        for path in a.trace.paths[:1]:
            for hop in path:
                console.print(Text(f"  {hop.subject} -{hop.predicate}-> {hop.object}  (turn {hop.turns})"))
        if a.trace.failure:
            console.print(Text(f"  graph could not answer: {a.trace.failure}", style="yellow"))
        if a.context and not a.trace.paths:
            table = Table(box=None, show_header=True, padding=(0, 1))
            for col in ("rank", "turn", "score", "text"):
                table.add_column(col)
            for item in a.context[:12]:
                table.add_row(str(item.rank or ""), ",".join(map(str, item.turns)),
                              "" if item.score is None else f"{item.score:.3f}", Text(item.text[:110]))
            if len(a.context) > 12:
                table.add_row("", "", "", Text(f"... {len(a.context) - 12} more items"))
            console.print(table)
        console.print()


@click.command()
@click.argument("scenario_spec", metavar="SCENARIO_ID_OR_FILE")
@click.argument("question")
@click.option("--at-turn", type=int, default=None, help="Play up to this turn (default: the end).")
@click.option("--backends", default="raw,vector,recursive,graph,hybrid", show_default=True)
@click.option("--extraction", type=click.Choice(["oracle", "rules"]), default="oracle", show_default=True)
@click.option("--linker", type=click.Choice(["semantic", "lexical"]), default="semantic", show_default=True)
@click.option("--top-k", default=4, show_default=True, type=click.IntRange(1, 200))
@click.option("--json", "as_json", is_flag=True, help="Print the answers (with context and trace) as JSON.")
def ask(scenario_spec, question, at_turn, backends, extraction, linker, top_k, as_json) -> None:
    """Ask every backend QUESTION against the memory of a scenario played up to a turn."""
    from scenarios.catalog import find

    try:
        scenario = find(scenario_spec)
    except ScenarioFileError as exc:
        fail(exc.problems)
    try:
        names = parse_backends(backends)
    except UnknownBackend as exc:
        fail(f"--backends: {exc}")
    n = len(scenario.turns)
    if at_turn is None:
        at_turn = n - 1
    if not 0 <= at_turn < n:
        fail(f"--at-turn: turn {at_turn} does not exist ({scenario.id} has {n} turns)")
    if not question.strip():
        fail("QUESTION: empty question")
    config = MemoryConfig(top_k=top_k, linker=linker, extraction=extraction)
    answers = asyncio.run(_ask(scenario, names, config, question, at_turn))
    if as_json:
        click.echo(json.dumps({k: v.model_dump() for k, v in answers.items()}, indent=2))
    else:
        _render(Console(), answers)
