"""Every key, generated from the bindings themselves so the list cannot drift from what the keys do."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

HOW_TO_READ = (
    "Each panel is one memory backend. Its border shows the memory's size (chunks, or nodes, edges and how many "
    "edges were superseded). Q is the question, A the answer with its verdict (✓ right, ✗ wrong against the gold "
    "answer, ? for your own questions). The bar is the prompt's tokens, scaled to the largest panel. Flat backends "
    "list what they retrieved (#rank, score, source turn); ★ marks a turn the question needed, ▶ the sentence the "
    "reader used, and a red line says where a needed turn ranked and where k cut. The graph shows the linker's "
    "decision, the relations it read, and the walk as a tree; superseded edges are dimmed. Hybrid says which one "
    "served."
)


_KEY_NAMES = {"space": "space", "right": "→", "left": "←", "equals_sign": "=", "question_mark": "?",
              "left_square_bracket": "[", "right_square_bracket": "]", "escape": "esc", "plus": "+",
              "minus": "-", "pageup": "pgup", "pagedown": "pgdn", "shift+left": "shift+←",
              "shift+right": "shift+→"}


def key_label(binding: Binding) -> str:
    """All the keys of a binding, readable: "n / →", "+ / =", "? / f1"."""
    keys = [_KEY_NAMES.get(k.strip(), k.strip()) for k in binding.key.split(",")]
    if binding.key_display:
        keys[0] = binding.key_display
    return " / ".join(dict.fromkeys(keys))


def bindings_table(groups: list[tuple[str, list[Binding]]]) -> Table:
    table = Table(box=None, padding=(0, 2), show_header=False, expand=False)
    table.add_column("key", style="bold cyan", no_wrap=True)
    table.add_column("does")
    for title, bindings in groups:
        table.add_row(Text(title, style="bold underline"), "")
        for b in bindings:
            table.add_row(key_label(b), b.description)
        table.add_row("", "")
    return table


def all_bindings() -> list[tuple[str, list[Binding]]]:
    from tui.app import CtxsimApp
    from tui.screens.graph import GraphScreen
    from tui.screens.inspector import InspectorScreen
    from tui.widgets.composer import Composer

    def as_bindings(items) -> list[Binding]:
        return [b for b in items if isinstance(b, Binding)]

    palette = Binding("ctrl+p", "command_palette", "Command palette: open a scenario, load a demo")
    return [
        ("Inspector", as_bindings(InspectorScreen.BINDINGS) + [palette] + as_bindings(CtxsimApp.BINDINGS)),
        ("Composer (after a or p)", as_bindings(Composer.BINDINGS) + [Binding("enter", "submit", "Send")]),
        ("Graph screen (v)", as_bindings(GraphScreen.BINDINGS)),
    ]


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,question_mark,q,f1", "dismiss", "Close help", id="help.close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 90%; max-width: 110; height: 90%; border: round $accent;
                                  padding: 0 1; background: $surface; }
    """

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(Text("ctxsim — keys (esc closes)", style="bold"), markup=False)
            yield Static(bindings_table(all_bindings()), markup=False, id="help-keys")
            yield Static(Text("How to read the inspector", style="bold"), markup=False)
            yield Static(Text(HOW_TO_READ), markup=False)

    def action_dismiss(self) -> None:  # type: ignore[override]
        self.dismiss(None)
