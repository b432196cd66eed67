"""A scrubber for the graph screen: which turn the graph is shown as of; click or use the arrow keys to move."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget


class AsOfBar(Widget):
    DEFAULT_CSS = """
    AsOfBar { height: 1; width: 1fr; }
    """

    turn: reactive[int] = reactive(0)
    last: reactive[int] = reactive(0)

    class Changed(Message):
        def __init__(self, turn: int) -> None:
            super().__init__()
            self.turn = turn

    def set_range(self, last: int, turn: int) -> None:
        self.last = max(0, last)
        self.move_to(turn)

    def move_to(self, turn: int) -> None:
        turn = max(0, min(self.last, turn))
        if turn != self.turn:
            self.turn = turn
        self.post_message(self.Changed(turn))

    def _label(self) -> str:
        return f" as of turn {self.turn} / {self.last} "

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y != 0 or width <= 0:
            return Strip.blank(width, self.rich_style)
        console = self.app.console
        line = console.render_lines(self.bar(), console.options.update_width(width), pad=False)[0]
        return Strip(line).extend_cell_length(width).crop(0, width).apply_style(self.rich_style)

    def bar(self) -> Text:
        label = self._label()
        room = max(3, self.size.width - len(label) - 3)  # " ├" before, "┤" after
        at = round(room * self.turn / self.last) if self.last else room
        at = max(0, min(room - 1, at))
        out = Text(no_wrap=True, overflow="crop")
        out.append(label, style="bold reverse")
        out.append(" ├")
        out.append("━" * at, style="cyan")
        out.append("●", style="bold yellow")
        out.append("─" * max(0, room - at - 1), style="grey50")
        out.append("┤")
        return out

    def on_click(self, event: events.Click) -> None:
        start = len(self._label()) + 2
        room = max(3, self.size.width - start - 1)
        x = event.x - start
        if x >= 0 and self.last:
            self.move_to(round(self.last * min(1.0, x / max(1, room - 1))))
