"""The Slack-like feed of one channel: turn numbers, coloured speakers, questions highlighted, fact-carrying
turns revealed on demand. Text is always literal.

A tail view drawn line by line rather than a scrolling container: a new message only repaints this widget,
where a growing scroll area would re-lay-out the whole screen on every turn (too slow at 20 turns/s). It follows
new messages only while the reader is at the bottom; scrolled up, the view stays put and says how much is newer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget

from tui.literal import YOU, literal, one_line, speaker_colour

EntryKind = Literal["turn", "question", "asked", "posted"]
REDRAW_LIMIT = 400  # entries drawn when a channel is (re)drawn; older ones stay in memory
MAX_LINES = 6000  # drawn lines kept for scrolling back
WHEEL_LINES = 3


@dataclass(frozen=True)
class FeedEntry:
    kind: EntryKind
    channel: str
    speaker: str
    text: str
    turn: int  # scenario turn index (for questions and posts: the latest turn when they happened)
    facts: tuple[str, ...] = field(default_factory=tuple)  # "(subject, predicate, object)"
    qtype: str = ""


class Feed(Widget, can_focus=True):
    DEFAULT_CSS = """
    Feed { height: 1fr; }
    """
    BINDINGS = [
        Binding("up", "scroll_lines(1)", "Scroll up", show=False, id="feed.up"),
        Binding("down", "scroll_lines(-1)", "Scroll down", show=False, id="feed.down"),
        Binding("pageup", "scroll_page(1)", "Page up", show=False, id="feed.pageup"),
        Binding("pagedown", "scroll_page(-1)", "Page down", show=False, id="feed.pagedown"),
        Binding("end", "follow", "Follow new messages", show=False, id="feed.end"),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.entries: list[FeedEntry] = []
        self.channel: str | None = None
        self.reveal_facts = False
        self.lines: list[Strip] = []  # every drawn line of the channel on screen, oldest first
        self.back = 0  # lines scrolled up from the bottom; 0 = following new messages
        self._width = 0

    @property
    def follow(self) -> bool:
        return self.back == 0

    # data in

    def add(self, entry: FeedEntry) -> bool:
        """Keep the entry; draw it if its channel is on screen. Returns True when drawn."""
        self.entries.append(entry)
        if entry.channel != self.channel:
            return False
        if len(self.lines) == 1 and not any(e.channel == self.channel for e in self.entries[:-1]):
            self.lines.clear()  # the "nothing posted yet" line
        new = self._strips(self.render_entry(entry))
        self.lines.extend(new)
        if self.back:
            self.back += len(new)  # the reader scrolled up: keep their view where it is
        if len(self.lines) > MAX_LINES:
            del self.lines[: len(self.lines) - MAX_LINES]
        self._clamp()
        self.refresh()
        return True

    def reset(self, entries: list[FeedEntry], channel: str | None = None) -> None:
        self.entries = list(entries)
        if channel is not None:
            self.channel = channel
        self.back = 0
        self.redraw()

    def show_channel(self, channel: str) -> None:
        self.channel = channel
        self.back = 0
        self.redraw()

    def toggle_facts(self) -> bool:
        self.reveal_facts = not self.reveal_facts
        self.redraw()
        return self.reveal_facts

    def redraw(self) -> None:
        self._width = self.size.width
        mine = [e for e in self.entries if e.channel == self.channel]
        texts: list[Text] = []
        if len(mine) > REDRAW_LIMIT:
            texts.append(Text(f"… {len(mine) - REDRAW_LIMIT} earlier messages not drawn", style="dim italic"))
            mine = mine[-REDRAW_LIMIT:]
        if not mine:
            texts.append(Text(f"#{self.channel or '?'}: nothing posted yet", style="dim italic"))
        texts.extend(self.render_entry(e) for e in mine)
        self.lines = [strip for text in texts for strip in self._strips(text)]
        self._clamp()
        self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width != self._width:
            self.redraw()

    # scrolling (by the reader only)

    def _page(self) -> int:
        return max(1, self.size.height - 1)

    def _clamp(self) -> None:
        self.back = max(0, min(self.back, len(self.lines) - self._page()))

    def action_scroll_lines(self, n: int) -> None:
        self.back += n
        self._clamp()
        self.refresh()

    def action_scroll_page(self, direction: int) -> None:
        self.action_scroll_lines(direction * self._page())

    def action_follow(self) -> None:
        self.back = 0
        self.refresh()

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.action_scroll_lines(WHEEL_LINES)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.action_scroll_lines(-WHEEL_LINES)

    # drawing

    def _strips(self, text: Text) -> list[Strip]:
        width = max(10, self.size.width or 40)
        console = self.app.console
        options = console.options.update_width(width)
        return [Strip(line).extend_cell_length(width).crop(0, width)
                for line in console.render_lines(text, options, pad=False)]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return container.height

    def render_line(self, y: int) -> Strip:
        width, height = self.size.width, self.size.height
        if self.back and y == height - 1:
            return Strip([Segment(f" ↓ {self.back} newer lines: end or scroll down ".ljust(width),
                                  self.rich_style + self.app.console.get_style("reverse"))]).crop(0, width)
        # the last `height` lines above the scroll-back point, bottom-aligned like a chat
        end = len(self.lines) - self.back
        start = max(0, end - height)
        shown = self.lines[start:end]
        index = y - (height - len(shown)) if len(shown) < height else y
        if 0 <= index < len(shown):
            strip = shown[index]
            return strip if strip.cell_length == width else strip.extend_cell_length(width).crop(0, width)
        return Strip.blank(width)

    def render_entry(self, e: FeedEntry) -> Text:
        line = Text()
        number_style = "bold green" if (self.reveal_facts and e.facts) else "dim"
        line.append(f"{e.turn:>4} " if e.kind == "turn" else "     ", style=number_style)
        if e.kind in ("question", "asked"):
            line.append("? ", style="bold black on yellow")
        elif e.kind == "posted":
            line.append("✎ ", style=f"bold {YOU}")
        elif self.reveal_facts and e.facts:
            line.append("◆ ", style="bold green")
        colour = YOU if e.kind in ("asked", "posted") else speaker_colour(e.speaker)
        line.append(one_line(e.speaker, 24), style=f"bold {colour}")
        if e.kind == "asked":
            line.append(" (you ask every memory; not ingested)", style="italic dim")
        elif e.kind == "posted":
            line.append(" (posted by you)", style="italic dim")
        line.append("  ")
        body_style = "bold yellow" if e.kind in ("question", "asked") else ""
        line.append_text(literal(e.text, body_style))
        if e.kind == "question" and e.qtype:
            line.append(f"  [{e.qtype}]", style="dim yellow")
        if self.reveal_facts and e.facts:
            for fact in e.facts:
                line.append("\n       ")
                line.append(one_line(fact), style="green")
        return line
