"""A small modal that asks for one number (the turn to go to); Escape cancels."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class TurnPrompt(ModalScreen[int | None]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", id="prompt.cancel")]
    DEFAULT_CSS = """
    TurnPrompt { align: center middle; }
    TurnPrompt > Vertical { width: 44; height: auto; border: round $accent; padding: 0 1; background: $surface; }
    TurnPrompt #prompt-error { color: $error; height: auto; }
    """

    def __init__(self, title: str, low: int, high: int) -> None:
        super().__init__()
        self.title_text = title
        self.low, self.high = low, high

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.title_text, markup=False)
            yield Input(placeholder=f"{self.low}-{self.high}", type="integer", id="prompt-input")
            yield Static("", id="prompt-error", markup=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        try:
            value = int(event.value.strip())
        except ValueError:
            self.query_one("#prompt-error", Static).update(f"type a number from {self.low} to {self.high}")
            return
        self.dismiss(max(self.low, min(self.high, value)))

    def action_cancel(self) -> None:
        self.dismiss(None)
