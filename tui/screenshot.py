"""Headless runs for docs and tests: play N beats, optionally ask a question, save an SVG screenshot; and read an
exported SVG back as lines of text, so a test can check what the screen showed without a snapshot plugin."""

from __future__ import annotations

import asyncio
import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from memories.embedder import Embedder
from memories.protocol import MemoryConfig
from scenarios.models import Scenario

_TEXT = re.compile(
    r'<text[^>]*?\bx="(?P<x>[\d.]+)"[^>]*?\btextLength="(?P<w>[\d.]+)"[^>]*?'
    r'clip-path="url\(#[\w-]+-line-(?P<line>\d+)\)"[^>]*>(?P<body>[^<]*)</text>'
)


def svg_lines(svg: str) -> list[str]:
    """The terminal text of an SVG exported by Textual, one string per screen row."""
    rows: dict[int, dict[int, str]] = {}
    cell = None
    for m in _TEXT.finditer(svg):
        body = html.unescape(m.group("body")).replace("\xa0", " ")
        if not body:
            continue
        width = float(m.group("w"))
        if cell is None and len(body) == 1:
            cell = width
        rows.setdefault(int(m.group("line")), {})[int(float(m.group("x")) * 1000)] = body
    cell = cell or 12.2
    out: list[str] = []
    for line in range(max(rows, default=-1) + 1):
        chars: list[str] = []
        for x_milli, body in sorted(rows.get(line, {}).items()):
            col = round(x_milli / 1000 / cell)
            if len(chars) < col:
                chars.extend(" " * (col - len(chars)))
            chars[col:col + len(body)] = list(body)
        out.append("".join(chars).rstrip())
    return out


def svg_text(svg: str) -> str:
    return "\n".join(svg_lines(svg))


def parse_size(value: str) -> tuple[int, int]:
    """'160x48' -> (160, 48); raises ValueError with a readable message."""
    m = re.fullmatch(r"\s*(\d{2,4})\s*[xX]\s*(\d{2,4})\s*", value or "")
    if not m:
        raise ValueError(f"'{value}' is not a size like 160x48")
    width, height = int(m.group(1)), int(m.group(2))
    if width < 40 or height < 12:
        raise ValueError(f"'{value}' is too small (at least 40x12)")
    return width, height


@dataclass
class HeadlessReport:
    svg: str
    position: int
    answers: dict[str, str] = field(default_factory=dict)  # backend -> answer text, or "error: ..."
    tokens: dict[str, int] = field(default_factory=dict)


async def capture(
    scenario: Scenario,
    *,
    steps: int,
    question: str | None = None,
    size: tuple[int, int] = (160, 48),
    backends: list[str] | None = None,
    config: MemoryConfig | None = None,
    embedder: Embedder | None = None,
    demo: str | None = None,
    timeout: float = 180.0,
) -> HeadlessReport:
    """Run the inspector without a terminal: wait for every backend, load a demo if asked, step `steps` beats,
    ask, screenshot."""
    from tui.app import CtxsimApp

    app = CtxsimApp(scenario, backends=backends, config=config, embedder=embedder)
    async with app.run_test(size=size) as pilot:
        await app.until_ready(timeout)
        if demo:
            await app.load_demo(demo)
        await app.run_steps(steps)
        if question:
            await app.ask_now(question)
        # Let every queued engine event reach the widgets, take the memory sizes now (not on the next tick of
        # their timer, so two runs show the same screen), then let the screen redraw.
        for _ in range(3):
            await pilot.pause()
            await asyncio.sleep(0.05)
        await app.sizes_now()
        await pilot.pause()
        for node in app.query("Input"):
            node.cursor_blink = False  # type: ignore[attr-defined]
        await pilot.pause()
        svg = app.export_screenshot()
        report = HeadlessReport(svg=svg, position=app.engine.position if app.engine else 0)
        for panel in app.inspector.panels():
            if panel.answer is not None:
                a = panel.answer
                report.answers[panel.backend] = f"error: {a.error}" if a.error else a.text
                report.tokens[panel.backend] = a.tokens
        await app.action_quit()
    return report


def run_headless(scenario: Scenario, out: str | Path | None, **kwargs) -> HeadlessReport:
    report = asyncio.run(capture(scenario, **kwargs))
    if out is not None:
        Path(out).write_text(report.svg, encoding="utf-8")
    return report
