"""`ctxsim play`: open the live inspector on a scenario (or one LoCoMo conversation), or run it headless and save
an SVG screenshot.

The TUI toolkit is imported inside the command only, so the simulator stays importable without textual.
"""

from __future__ import annotations

import os
from pathlib import Path

import click

from simulator.commands.common import fail, warn


def _load(spec: str | None, workspace: bool):
    """The scenario to play: a file, a catalog id, the workspace scenario, or the default."""
    from scenarios.files import ScenarioFileError, load_scenario_file

    if spec and workspace:
        fail("play: give a SCENARIO or --workspace, not both")
    if spec and (Path(spec).suffix in (".yaml", ".yml", ".json") or os.sep in spec or Path(spec).is_file()):
        try:
            scenario, warnings = load_scenario_file(spec)
        except ScenarioFileError as exc:
            fail(exc.problems)
        warn(warnings)
        return scenario
    from scenarios.catalog import DEFAULT_SCENARIO, find

    wanted = "workspace" if workspace else (spec or DEFAULT_SCENARIO)
    try:
        return find(wanted)
    except ScenarioFileError as exc:
        fail(exc.problems)


def _load_locomo(path: str, conversation: str | None):
    """One LoCoMo conversation as a scenario (the first in the file when none is named)."""
    from scenarios.files import ScenarioFileError
    from scenarios.locomo import load_locomo

    try:
        scenarios, warnings = load_locomo(path, [conversation] if conversation else None)
    except ScenarioFileError as exc:
        fail(exc.problems)
    warn(warnings)
    return scenarios[0]


@click.command()
@click.argument("scenario", required=False, metavar="[SCENARIO_ID|FILE]")
@click.option("--workspace", is_flag=True, help="Play the workspace scenario: all three channels at once.")
@click.option("--locomo", "locomo_path", default=None, metavar="PATH",
              help="Play a LoCoMo conversation from locomo10.json (graph and hybrid extract facts from the text).")
@click.option("--conversation", default=None, metavar="ID",
              help="With --locomo: the conversation to play, e.g. conv-26 (default: the file's first).")
@click.option("--backends", default=None, help="Comma-separated backends (default: raw,vector,recursive,graph,hybrid).")
@click.option("--demo", default=None, help="Open a failure-mode demo by id (see the gallery, key d).")
@click.option("--headless", is_flag=True, help="No terminal UI: play, ask, save a screenshot, exit.")
@click.option("--steps", default=0, show_default=True, type=click.IntRange(min=0),
              help="Headless: beats to play (a beat is one turn or one scripted question).")
@click.option("--ask", "question", default=None, help="Headless: a question every backend answers after the steps.")
@click.option("--size", default="160x48", show_default=True, help="Headless: terminal size, WIDTHxHEIGHT.")
@click.option("--screenshot", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Headless: where to save the SVG screenshot.")
@click.option("--embedder", type=click.Choice(["minilm", "hash"]), default="minilm", hidden=True,
              help="hash: a fast deterministic test embedder instead of the real model (for tests).")
def play(scenario, workspace, locomo_path, conversation, backends, demo, headless, steps, question, size, screenshot,
         embedder) -> None:
    """Watch a scenario play out, with every memory backend's retrieval, answer and cost side by side."""
    from memories.protocol import MemoryConfig
    from memories.registry import UnknownBackend, parse_backends

    if conversation is not None and locomo_path is None:
        fail("--conversation needs --locomo PATH")
    if locomo_path is not None and (scenario or workspace or demo):
        fail("play: give --locomo or a SCENARIO, --workspace or --demo, not several")

    try:
        names = parse_backends(backends)
    except UnknownBackend as exc:
        fail(f"--backends: {exc}")
    if not headless and (steps or question or screenshot):
        fail("--steps, --ask and --screenshot need --headless")
    try:
        from tui.screenshot import parse_size

        dims = parse_size(size)
    except ValueError as exc:
        fail(f"--size: {exc}")
    if demo is not None:
        from tui.gallery import DEMOS, find_demo

        if find_demo(demo) is None:
            fail(f"--demo: no demo '{demo}' (known: {', '.join(d.id for d in DEMOS)})")
    config = None
    if locomo_path is not None:
        chosen = _load_locomo(locomo_path, conversation)
        config = MemoryConfig(extraction="rules")  # LoCoMo has no gold facts: the graph reads the text
    else:
        chosen = _load(scenario, workspace)
    test_embedder = None
    if embedder == "hash":
        from memories.embedder import HashEmbedder

        test_embedder = HashEmbedder()

    if headless:
        from tui.screenshot import run_headless

        report = run_headless(chosen, screenshot, steps=steps, question=question, size=dims, backends=names,
                              embedder=test_embedder, demo=demo, config=config)
        for name in names:
            answer = report.answers.get(name)
            shown = "(not asked)" if answer is None else (answer or "(does not know)")
            click.echo(f"{name}: {shown}  [{report.tokens.get(name, 0)} tokens]")
        if screenshot:
            click.echo(f"screenshot: {screenshot}")
        return

    from tui.app import CtxsimApp

    CtxsimApp(chosen, backends=names, config=config, embedder=test_embedder, demo=demo).run()
