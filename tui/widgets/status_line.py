"""The one-line status bar: where the timeline is, how it is moving, the model's state and the knobs."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from tui.literal import one_line


@dataclass(frozen=True)
class Status:
    scenario: str = ""
    turn: int = 0  # scenario turns posted so far
    n_turns: int = 0
    position: int = 0  # beats done
    total: int = 0
    mode: str = "stepping"  # stepping | playing | paused | finished | busy
    speed: float = 5.0
    model: str = "loading"
    knobs: str = ""


class StatusLine(Static):
    """Updated through `Progress` messages: while playing fast, a newer status replaces an older one that has
    not been drawn yet, so the bar never lags behind the feed."""

    DEFAULT_CSS = """
    StatusLine { height: 1; width: 1fr; }
    """

    class Progress(Message):
        def __init__(self, status: Status) -> None:
            super().__init__()
            self.status = status

        def can_replace(self, message: Message) -> bool:
            return isinstance(message, StatusLine.Progress)

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.status = Status()

    def push(self, status: Status) -> None:
        self.post_message(self.Progress(status))

    def on_status_line_progress(self, message: Progress) -> None:
        message.stop()
        self.status = message.status
        self.update(self.render_status(message.status, compact=self.size.width < 120), layout=False)  # one fixed row: no reflow

    @staticmethod
    def render_status(s: Status, compact: bool = False) -> Text:
        """The status; `compact` (narrow terminals) drops the beat count and shortens the words."""
        out = Text(no_wrap=True, overflow="ellipsis")
        out.append(f" {one_line(s.scenario, 18 if compact else 28)} ", style="bold reverse")
        out.append(f" turn {s.turn}/{s.n_turns}", style="bold")
        out.append(" · " if compact else f" · beat {s.position}/{s.total} · ", style="dim")
        if compact and s.mode in ("stepping", "playing"):
            out.append(f"{s.mode} {s.speed:g}/s", style="bold green" if s.mode == "playing" else "bold")
        elif s.mode == "playing":
            out.append(f"playing at {s.speed:g} turns/s", style="bold green")
        elif s.mode == "paused":
            out.append("paused", style="bold yellow")
        elif s.mode == "finished":
            out.append("finished", style="bold magenta")
        elif s.mode == "busy":
            out.append("working…", style="bold cyan")
        else:
            out.append(f"stepping ({s.speed:g} turns/s when playing)", style="bold")
        out.append(" · model ", style="dim")
        if s.model.startswith("ready"):
            style = "green"
        elif s.model.startswith("failed"):
            style = "bold red"
        else:
            style = "yellow"
        out.append(one_line(s.model.split(" (")[0] if compact else s.model, 40), style=style)
        if s.knobs:
            out.append(" · ", style="dim")
            out.append(s.knobs, style="cyan")
        return out
