"""The main screen: channels and the feed on the left; one panel per backend and the scoreboard on the right;
the composer, the status line and the footer below. Wide terminals show the panels in a grid; narrow ones (80x24)
show one panel at a time behind tabs."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static, Tab, Tabs

from tui.literal import one_line
from tui.widgets.backend_panel import BackendPanel
from tui.widgets.channel_list import ChannelList
from tui.widgets.composer import Composer
from tui.widgets.feed import Feed
from tui.widgets.scoreboard import Scoreboard
from tui.widgets.status_line import StatusLine

NARROW_BELOW = 130  # columns: below this, panels go behind tabs
WIDE_FROM = 200  # columns: from here, all panels sit in one row
SCORES_TAB = "tab-scores"


class InspectorScreen(Screen):
    AUTO_FOCUS = None  # a focused Input would swallow the single-key bindings

    BINDINGS = [
        Binding("space", "app.play_pause", "Play/pause", id="play_pause"),
        Binding("n,right", "app.step", "Step", id="step"),
        Binding("plus,equals_sign", "app.faster", "Faster", key_display="+", id="faster"),
        Binding("minus", "app.slower", "Slower", key_display="-", id="slower"),
        Binding("r", "app.restart", "Restart", id="restart"),
        Binding("g", "app.seek", "Go to turn", id="seek"),
        Binding("a", "open_composer('ask')", "Ask", id="ask"),
        Binding("p", "open_composer('post')", "Post", id="post"),
        Binding("f", "toggle_facts", "Facts", id="facts"),
        Binding("c", "next_channel", "Channel", id="channel"),
        Binding("k", "app.knob('top_k')", "Top-k", id="knob_top_k"),
        Binding("h", "app.knob('max_hops')", "Hops", id="knob_max_hops"),
        Binding("l", "app.knob('linker')", "Linker", id="knob_linker"),
        Binding("s", "app.knob('supersession')", "Supersession", id="knob_supersession"),
        Binding("x", "app.knob('extraction')", "Extraction", id="knob_extraction"),
        Binding("b", "app.choose_backends", "Backends", id="backends"),
        Binding("v", "app.graph", "Graph", id="graph"),
        Binding("d", "app.gallery", "Demos", id="gallery"),
        Binding("left_square_bracket", "cycle_tab(-1)", "Prev panel", key_display="[", id="prev_panel"),
        Binding("right_square_bracket", "cycle_tab(1)", "Next panel", key_display="]", id="next_panel"),
        Binding("question_mark,f1", "app.help", "Help", key_display="?", id="help"),
        Binding("q", "app.quit", "Quit", id="quit"),
    ]

    def __init__(self, backends: list[str]) -> None:
        super().__init__()
        self.backends = list(backends)
        self.narrow = False
        self.active_tab: str | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield ChannelList(id="channels")
                yield Feed(id="feed")
                yield Composer(id="composer")
            with Vertical(id="right"):
                yield Static("", id="demo-banner", markup=False)
                yield Tabs(id="panel-tabs")
                with Vertical(id="panels"):
                    for name in self.backends:
                        yield BackendPanel(name)
                yield Scoreboard(id="scoreboard")
        yield StatusLine(id="status")
        yield Footer()

    async def on_mount(self) -> None:
        await self._fill_tabs()
        self.query_one(Scoreboard).set_backends(self.backends)
        self.apply_layout(self.app.size.width)

    # layout

    def on_resize(self, event) -> None:
        self.apply_layout(event.size.width)

    def apply_layout(self, width: int) -> None:
        self.narrow = width < NARROW_BELOW
        self.set_class(self.narrow, "narrow")
        # the feed keeps a readable width; the panels get the rest
        self.query_one("#left").styles.width = "42%" if self.narrow else (52 if width >= 150 else 44)
        panels = self.query_one("#panels")
        n = max(1, len(self.backends))
        columns = 1 if self.narrow else n if (width >= WIDE_FROM or n <= 3) else 3
        panels.styles.grid_size_columns = columns
        panels.styles.grid_size_rows = max(1, -(-n // columns)) if not self.narrow else 1
        self.scoreboard.styles.height = "1fr" if self.narrow else self.scoreboard.rows
        if self.narrow:
            tabs = self.query_one(Tabs)
            active = tabs.active or (f"tab-{self.backends[0]}" if self.backends else SCORES_TAB)
            self._show_tab(active)
        else:
            for panel in self.query(BackendPanel):
                panel.display = True
            panels.display = True
            self.query_one(Scoreboard).display = True

    async def _fill_tabs(self) -> None:
        tabs = self.query_one(Tabs)
        await tabs.clear()
        for name in self.backends:
            await tabs.add_tab(Tab(name, id=f"tab-{name}"))
        await tabs.add_tab(Tab("scores", id=SCORES_TAB))

    def _show_tab(self, tab_id: str) -> None:
        self.active_tab = tab_id
        if not self.narrow:
            return
        scores = tab_id == SCORES_TAB
        self.query_one("#panels").display = not scores
        self.query_one(Scoreboard).display = scores
        for panel in self.query(BackendPanel):
            panel.display = f"tab-{panel.backend}" == tab_id

    @on(Tabs.TabActivated, "#panel-tabs")
    def _tab_activated(self, event: Tabs.TabActivated) -> None:
        if event.tab is not None and event.tab.id:
            self._show_tab(event.tab.id)

    def action_cycle_tab(self, delta: int) -> None:
        tabs = self.query_one(Tabs)
        if delta > 0:
            tabs.action_next_tab()
        else:
            tabs.action_previous_tab()

    # the pieces, for the app

    @property
    def feed(self) -> Feed:
        return self.query_one(Feed)

    @property
    def channels(self) -> ChannelList:
        return self.query_one(ChannelList)

    @property
    def composer(self) -> Composer:
        return self.query_one(Composer)

    @property
    def scoreboard(self) -> Scoreboard:
        return self.query_one(Scoreboard)

    @property
    def status(self) -> StatusLine:
        return self.query_one(StatusLine)

    def panel(self, backend: str) -> BackendPanel | None:
        for panel in self.query(BackendPanel):
            if panel.backend == backend:
                return panel
        return None

    def panels(self) -> list[BackendPanel]:
        return list(self.query(BackendPanel))

    async def set_backends(self, backends: list[str]) -> None:
        """Rebuild the panel grid for another set of backends."""
        self.backends = list(backends)
        container = self.query_one("#panels")
        await container.remove_children()
        await container.mount_all([BackendPanel(name) for name in self.backends])
        await self._fill_tabs()
        self.scoreboard.set_backends(self.backends)
        self.apply_layout(self.app.size.width)

    def set_banner(self, title: str | None, explanation: str = "") -> None:
        banner = self.query_one("#demo-banner", Static)
        if not title:
            banner.display = False
            return
        text = Text()
        text.append(f" demo: {one_line(title, 60)} ", style="bold black on #e5c07b")
        text.append(" ")
        text.append(one_line(explanation, 400), style="italic")
        banner.update(text)
        banner.display = True

    def refresh_token_bars(self) -> None:
        panels = self.panels()
        largest = max((p.tokens for p in panels), default=0)
        for p in panels:
            p.set_largest(largest)

    # screen-local actions

    def action_open_composer(self, mode: str) -> None:
        self.composer.open("post" if mode == "post" else "ask")

    def action_toggle_facts(self) -> None:
        shown = self.feed.toggle_facts()
        self.notify("fact-carrying turns revealed" if shown else "facts hidden", timeout=2)

    def action_next_channel(self) -> None:
        self.channels.cycle()

    @on(ChannelList.Chosen)
    def _channel_chosen(self, event: ChannelList.Chosen) -> None:
        self.feed.show_channel(event.channel)
        self.composer.set_context(self.composer.speakers, event.channel)
