"""The failure-mode gallery: pick a demo; the app loads its scenario and stops where a backend breaks."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tui.gallery import DEMOS


def demo_prompt(title: str, scenario: str, explanation: str) -> Text:
    text = Text()
    text.append(title, style="bold")
    text.append(f"  ({scenario})\n", style="dim")
    text.append(explanation, style="italic")
    return text


class GalleryScreen(ModalScreen[str | None]):
    BINDINGS = [Binding("escape,d,q", "close", "Close the gallery", id="gallery.close")]
    DEFAULT_CSS = """
    GalleryScreen { align: center middle; }
    GalleryScreen > Vertical { width: 90%; max-width: 120; height: 90%; border: round $accent;
                               background: $surface; padding: 0 1; }
    GalleryScreen OptionList { height: 1fr; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text("Failure-mode gallery: enter loads a demo and stops at the question where a backend "
                              "breaks (esc closes)", style="bold"), markup=False)
            yield OptionList(
                *[Option(demo_prompt(d.title, d.scenario, d.explanation), id=d.id) for d in DEMOS],
                id="demos",
            )

    def on_mount(self) -> None:
        self.query_one(OptionList).focus()

    @on(OptionList.OptionSelected, "#demos")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_close(self) -> None:
        self.dismiss(None)
