"""Command-palette providers (ctrl+p): open any scenario of the catalog, or load a failure-mode demo."""

from __future__ import annotations

import asyncio
from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

from tui.gallery import DEMOS

_scenario_rows: list[tuple[str, str]] | None = None  # (id, description), built once per process


def _list_scenarios() -> list[tuple[str, str]]:
    global _scenario_rows
    if _scenario_rows is None:
        from scenarios.catalog import library, suite

        rows: list[tuple[str, str]] = []
        for scenario in list(library()) + list(suite()):
            channels = ", ".join(f"#{c}" for c in scenario.channels)
            rows.append((scenario.id, f"{channels} · {len(scenario.turns)} turns · "
                                      f"{len(scenario.questions)} questions"))
        _scenario_rows = rows
    return _scenario_rows


class ScenarioCommands(Provider):
    """Open a scenario: the hand-written library first, then the seeded suite."""

    rows: list[tuple[str, str]] = []

    async def startup(self) -> None:
        try:
            self.rows = await asyncio.to_thread(_list_scenarios)
        except Exception:  # noqa: BLE001 - without a catalog the palette simply offers no scenario
            self.rows = []

    def _open(self, scenario_id: str) -> None:
        app = self.app
        app.run_worker(app.open_scenario_spec(scenario_id), group="engine", exit_on_error=False,  # type: ignore[attr-defined]
                       name="open")

    async def discover(self) -> Hits:
        for scenario_id, help_text in self.rows[:20]:
            yield DiscoveryHit(f"Open scenario {scenario_id}", partial(self._open, scenario_id), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for scenario_id, help_text in self.rows:
            label = f"Open scenario {scenario_id}"
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), partial(self._open, scenario_id), help=help_text)


class DemoCommands(Provider):
    """Load a failure-mode demo."""

    def _load(self, demo_id: str) -> None:
        app = self.app
        app.run_worker(app.load_demo(demo_id), group="engine", exit_on_error=False, name="demo")  # type: ignore[attr-defined]

    async def discover(self) -> Hits:
        for demo in DEMOS:
            yield DiscoveryHit(f"Demo: {demo.title}", partial(self._load, demo.id), help=demo.explanation)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for demo in DEMOS:
            label = f"Demo: {demo.title}"
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), partial(self._load, demo.id), help=demo.explanation)
