"""Choose which backends get a panel; the run is rebuilt at the same position with the new set."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import SelectionList, Static

from memories.registry import BACKENDS


class BackendsScreen(ModalScreen[list[str] | None]):
    BINDINGS = [
        Binding("enter", "apply", "Apply", id="backends.apply", priority=True),
        Binding("escape", "close", "Cancel", id="backends.cancel"),
    ]
    DEFAULT_CSS = """
    BackendsScreen { align: center middle; }
    BackendsScreen > Vertical { width: 50; height: auto; border: round $accent; background: $surface; padding: 0 1; }
    BackendsScreen SelectionList { height: auto; }
    """

    def __init__(self, current: list[str]) -> None:
        super().__init__()
        self.current = list(current)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Backends: space toggles, enter applies, esc cancels", markup=False)
            yield SelectionList[str](*[(name, name, name in self.current) for name in BACKENDS], id="backend-list")

    def on_mount(self) -> None:
        self.query_one(SelectionList).focus()

    def action_apply(self) -> None:
        chosen = list(self.query_one(SelectionList).selected)
        order = list(BACKENDS)
        chosen.sort(key=order.index)
        self.dismiss(chosen or None)

    def action_close(self) -> None:
        self.dismiss(None)
