"""Running accuracy per backend per question type, over the scripted questions asked so far in this run."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from tui.widgets.text_block import TextBlock

STANDARD_TYPES = ["direct", "distant", "join", "multihop", "update", "paraphrase"]


class Tally:
    """The verdicts, keyed by (backend, question key) so that a question answered twice counts once."""

    def __init__(self) -> None:
        self.records: dict[tuple[str, str], tuple[str, bool]] = {}

    def record(self, backend: str, question_key: str, qtype: str, correct: bool) -> None:
        self.records[(backend, question_key)] = (qtype or "other", correct)

    def keep_only(self, question_keys: set[str]) -> None:
        self.records = {k: v for k, v in self.records.items() if k[1] in question_keys}

    def clear(self) -> None:
        self.records.clear()

    def types(self) -> list[str]:
        seen = {qtype for qtype, _ in self.records.values()}
        return [t for t in STANDARD_TYPES if t in seen] + sorted(seen - set(STANDARD_TYPES))

    def score(self, backend: str, qtype: str | None = None) -> tuple[int, int]:
        rows = [ok for (b, _), (t, ok) in self.records.items() if b == backend and (qtype is None or t == qtype)]
        return sum(rows), len(rows)


class Scoreboard(TextBlock):
    DEFAULT_CSS = """
    Scoreboard { height: 6; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(Text(), id=id)
        self.tally = Tally()
        self.backends: list[str] = []
        self._pending = False

    @property
    def rows(self) -> int:
        """Lines the table needs: a header and one per backend (fixed, so a new verdict never re-lays-out)."""
        return len(self.backends) + 1

    def set_backends(self, backends: list[str]) -> None:
        self.backends = list(backends)
        self.redraw()

    def redraw(self) -> None:
        self._pending = False
        self.set(self.render_table(), layout=False)

    def redraw_soon(self) -> None:
        """Redraw once for a burst of verdicts (five backends answer one question within a few ms)."""
        if not self._pending:
            self._pending = True
            self.set_timer(0.05, self.redraw)

    def render_table(self) -> Table | Text:
        types = self.tally.types()
        if not types:
            return Text("scoreboard: no scripted question answered yet", style="dim italic")
        table = Table(box=None, padding=(0, 1), expand=False, show_edge=False, header_style="bold")
        table.add_column("backend", no_wrap=True)
        table.add_column("all", justify="right", no_wrap=True)
        for t in types:
            table.add_column(t, justify="right", no_wrap=True)
        for b in self.backends:
            right, n = self.tally.score(b)
            cells = [Text(b, style="bold"), _cell(right, n, percent=True)]
            cells += [_cell(*self.tally.score(b, t)) for t in types]
            table.add_row(*cells)
        return table


def _cell(right: int, n: int, percent: bool = False) -> Text:
    if n == 0:
        return Text("–", style="dim")
    share = right / n
    style = "green" if share >= 0.999 else "red" if share <= 0.001 else "yellow"
    label = f"{right}/{n}" + (f" {share:.0%}" if percent else "")
    return Text(label, style=style)
