"""The graph screen: the graph backend's whole current graph, scrubbed through turns to watch facts appear and
retire. The snapshot is taken once in the engine's executor; scrubbing only redraws."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from memories.protocol import Snapshot
from tui.widgets.as_of_bar import AsOfBar
from tui.widgets.graph_view import GraphView

GRAPH_SOURCES = ("graph", "hybrid")


class GraphScreen(Screen[None]):
    AUTO_FOCUS = None
    BINDINGS = [
        Binding("left", "scrub(-1)", "Turn -1", key_display="←", id="graph.back1"),
        Binding("right", "scrub(1)", "Turn +1", key_display="→", id="graph.fwd1"),
        Binding("pageup,shift+left", "scrub(-10)", "Turn -10", key_display="pgup", id="graph.back10"),
        Binding("pagedown,shift+right", "scrub(10)", "Turn +10", key_display="pgdn", id="graph.fwd10"),
        Binding("home", "scrub_to(0)", "First turn", id="graph.first"),
        Binding("end", "scrub_to(-1)", "Now", id="graph.now"),
        Binding("tab", "next_source", "Graph/hybrid", id="graph.source"),
        Binding("r", "reload", "Reload", id="graph.reload"),
        Binding("escape,v,q", "close", "Back", id="graph.close"),
    ]
    DEFAULT_CSS = """
    GraphScreen #graph-title { height: 1; background: $boost; }
    GraphScreen #graph-scroll { height: 1fr; padding: 0 1; }
    """

    def __init__(self) -> None:
        super().__init__()
        self.source: str | None = None
        self.snapshot: Snapshot | None = None

    def compose(self) -> ComposeResult:
        yield Static("", id="graph-title", markup=False)
        yield AsOfBar(id="as-of")
        with VerticalScroll(id="graph-scroll"):
            yield GraphView(id="graph-view")
        yield Footer()

    def on_mount(self) -> None:
        engine = self.app.engine  # type: ignore[attr-defined]
        names = [n for n in GRAPH_SOURCES if engine is not None and n in engine.memories]
        self.source = names[0] if names else None
        self.action_reload()

    def action_reload(self) -> None:
        self.run_worker(self._load(), group="graph", exclusive=True, exit_on_error=False)

    async def _load(self) -> None:
        engine = self.app.engine  # type: ignore[attr-defined]
        title = Text()
        if engine is None or self.source is None:
            title.append(" no graph backend in this run (b chooses backends) ", style="bold reverse red")
            self.query_one("#graph-title", Static).update(title)
            self.query_one(GraphView).show(None, 0)
            return
        self.snapshot = await engine.snapshot(self.source)
        last = max(0, engine.last_turn)
        title.append(f" {self.source} ", style="bold reverse")
        title.append(f"  {engine.scenario.id}: {len(self.snapshot.nodes)} nodes, {len(self.snapshot.edges)} edges "
                     f"({self.snapshot.superseded} superseded) after turn {engine.last_turn}", style="bold")
        if not self.snapshot.edges and not self.snapshot.nodes:
            title.append("  (empty: the backend may still wait for the model)", style="dim")
        self.query_one("#graph-title", Static).update(title)
        self.query_one(AsOfBar).set_range(last, last)

    @on(AsOfBar.Changed)
    def _as_of(self, event: AsOfBar.Changed) -> None:
        self.query_one(GraphView).show(self.snapshot, event.turn)

    def action_scrub(self, delta: int) -> None:
        bar = self.query_one(AsOfBar)
        bar.move_to(bar.turn + delta)

    def action_scrub_to(self, turn: int) -> None:
        bar = self.query_one(AsOfBar)
        bar.move_to(bar.last if turn < 0 else turn)

    def action_next_source(self) -> None:
        engine = self.app.engine  # type: ignore[attr-defined]
        names = [n for n in GRAPH_SOURCES if engine is not None and n in engine.memories]
        if len(names) > 1 and self.source in names:
            self.source = names[(names.index(self.source) + 1) % len(names)]
            self.action_reload()

    def action_close(self) -> None:
        self.dismiss(None)
