"""One backend's panel: memory size, the question, the answer with its verdict, tokens and latency, and what it
retrieved (ranked chunks with the needed turns marked, or the graph walk with the linker's decision).

The verdict is right/wrong against the gold answer, or, for LoCoMo (whose human answers a span reader cannot be
graded on fairly), the question's evidence recall: how many of its evidence turns reached the answer's context."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.strip import Strip
from textual.widget import Widget

from memories.answer import Answer, Hop, MissingEdge, Trace
from tui.literal import literal, one_line, ordinal
from tui.messages import MemorySize
from tui.widgets.token_bar import token_bar

FAILURES = {
    "no_link": "no node matched the question",
    "no_relation": "could not read a relation from the question",
    "no_path": "no path of the expected type",
    "no_edge": "the needed edge is missing",
}
ANSWERING_AFTER = 0.15  # seconds before a panel says it is still answering
ITEM_CHARS = 110  # a retrieved chunk is shown on about two lines of a narrow panel
MAX_ITEMS = 8


def size_label(size: MemorySize | None, room: int = 80) -> str:
    """The memory's size for the panel border, shortened to fit `room` cells."""
    if size is None:
        return "…"
    if size.pending:
        return one_line(size.pending, max(8, room))
    if size.graph:
        label = f"{size.nodes} nodes · {size.edges} edges · {size.superseded} superseded"
        if len(label) > room:
            label = f"{size.nodes} nodes {size.edges} edges {size.superseded} superseded"
        if len(label) > room:
            label = f"{size.nodes}n · {size.edges}e · {size.superseded} superseded"
        if len(label) > room:
            label = f"{size.nodes}n {size.edges}e {size.superseded} sup."
        return label
    return f"{size.chunks} chunks"


def evidence_recall(answer: Answer, evidence: list[int]) -> tuple[list[int], list[int]]:
    """(hit, missed): the evidence turns that are, and are not, among the turns of the answer's context."""
    seen = {t for item in answer.context for t in item.turns}
    ordered = sorted(set(evidence))
    return [t for t in ordered if t in seen], [t for t in ordered if t not in seen]


def _turn_list(turns: list[int], limit: int = 8) -> str:
    shown = ", ".join(f"t{t}" for t in turns[:limit])
    return shown + (f" and {len(turns) - limit} more" if len(turns) > limit else "")


def render_recall(answer: Answer, evidence: list[int]) -> Text:
    """The evidence turns the context hit and missed, one line each."""
    out = Text()
    hit, missed = evidence_recall(answer, evidence)
    if not evidence:
        out.append("evidence: none given for this question\n", style="dim")
        return out
    if hit:
        out.append("evidence hit    ", style="bold")
        out.append(_turn_list(hit) + "\n", style="green")
    if missed:
        out.append("evidence missed ", style="bold")
        out.append(_turn_list(missed) + "\n", style="red")
    return out


def render_missing(missing: MissingEdge) -> Text:
    """Which edge a text-extracted graph lacked, and the turns that named its node but gave extraction nothing."""
    out = Text()
    out.append(f"no edge {missing.predicate} from {one_line(missing.subject, 60)}", style="#ff9e64")
    turns = missing.turns
    if not turns:
        out.append("; every turn naming it gave extraction some edge about it, none of them this one\n",
                   style="#ff9e64")
        return out
    if len(turns) == 1 and not missing.more:
        t = turns[0]
        out.append(f"; turn {t.turn} said '{one_line(t.text, 160)}' and extraction found nothing\n",
                   style="#ff9e64")
        return out
    total = len(turns) + missing.more
    out.append(f"; {total} turns named it and extraction found nothing in them:\n", style="#ff9e64")
    for t in turns:
        out.append(f"  turn {t.turn} said '{one_line(t.text, 160)}'\n", style="#ff9e64")
    if missing.more:
        out.append(f"  … and {missing.more} more\n", style="dim")
    return out


def render_head(question: str | None, answer: Answer | None, correct: bool | None, answering: bool,
                recall: tuple[int, int] | None = None) -> Text:
    out = Text()
    if question is None:
        out.append("no question yet", style="dim italic")
        return out
    out.append("Q ", style="bold yellow")
    out.append_text(literal(question, "yellow", limit=300))
    out.append("\n")
    if answering or answer is None:
        out.append("A ", style="bold")
        out.append("answering…", style="italic cyan")
        return out
    out.append("A ", style="bold")
    if answer.error:
        out.append("error", style="bold white on red")
        out.append(" ")
        out.append(one_line(answer.error, 200), style="red")
    elif answer.text:
        out.append_text(literal(answer.text, "bold", limit=120))
    else:
        out.append("(does not know)", style="italic")
    if not answer.error and recall is None:
        out.append("  ")
        if correct is True:
            out.append(" ✓ right ", style="bold black on green")
        elif correct is False:
            out.append(" ✗ wrong ", style="bold white on red")
        else:
            out.append(" ? ", style="bold black on yellow")
    out.append("\n")
    if not answer.error and recall is not None:
        # on its own line, where a narrow panel does not wrap it apart
        hit, total = recall
        if not total:
            out.append(" recall n/a ", style="bold black on yellow")
        else:
            style = "bold black on green" if hit == total else "bold black on yellow" if hit else "bold white on red"
            out.append(f" recall {hit}/{total} ", style=style)
        out.append(" ")
    out.append(f"{answer.latency_ms:.2f} ms", style="cyan")
    if answer.trace.k is not None:
        out.append(f" · k={answer.trace.k}", style="dim")
    return out


def _hop_line(hop: Hop, needed: set[int], style: str = "") -> Text:
    line = Text()
    line.append(one_line(hop.predicate), style="italic magenta" if not style else style)
    line.append(" → ", style=style or "dim")
    line.append(one_line(hop.object, 60), style=style or "bold")
    if hop.turns:
        mark = "green" if needed & set(hop.turns) else "dim"
        line.append(f"  t{','.join(str(t) for t in hop.turns[:3])}", style=style or mark)
    if hop.superseded or hop.valid_to is not None:
        line.append(f" (retired at t{hop.valid_to})", style="dim strike")
    if hop.source == "text":
        line.append("  read from text, no edge", style=style or "yellow")
        if hop.weight is not None:
            line.append(f", ranker {hop.weight:.2f}", style=style or "cyan")
        if hop.runner_up is not None:
            score = f" {hop.runner_up_weight:.2f}" if hop.runner_up_weight is not None else ""
            line.append(f"  (runner-up {one_line(hop.runner_up, 40)}{score})", style="dim")
    elif hop.source == "places":
        line.append("  known from the world's places, no edge", style=style or "yellow")
    return line


def render_graph(trace: Trace, needed: set[int]) -> Text:
    out = Text()
    for link in trace.links:
        out.append("linker ", style="bold")
        out.append(f"'{one_line(link.mention, 60)}'")
        if link.node:
            out.append(" → ")
            out.append(one_line(link.node, 60), style="bold")
            out.append(f", {link.step} {link.score:.2f}", style="cyan")
        else:
            out.append(" → no node", style="red")
            if link.step != "none":
                out.append(f" ({link.step} {link.score:.2f})", style="dim")
        if link.runner_up:
            score = f" {link.runner_up_score:.2f}" if link.runner_up_score is not None else ""
            out.append(f"  (runner-up {one_line(link.runner_up, 40)}{score})", style="dim")
        out.append("\n")
    if trace.relations:
        out.append("reads  ", style="bold")
        out.append(" → ".join(trace.relations), style="magenta")
        if trace.expected_type:
            out.append(f"  expects {trace.expected_type}", style="dim")
        out.append("\n")
    elif trace.expected_type:
        out.append(f"expects {trace.expected_type}\n", style="dim")
    if trace.paths:
        out.append("walk\n", style="bold")
        first = trace.paths[0]
        if first:
            out.append("  ")
            out.append(one_line(first[0].subject, 60), style="bold")
            out.append("\n")
            for depth, hop in enumerate(first):
                out.append("  " + "   " * depth + "└─ ")
                out.append_text(_hop_line(hop, needed, "dim" if hop.superseded else ""))
                out.append("\n")
        for other in trace.paths[1:3]:
            out.append("  also walked: ", style="dim")
            out.append(" → ".join([one_line(other[0].subject, 30)] + [one_line(h.object, 30) for h in other])
                       if other else "(empty)", style="dim")
            out.append("\n")
    if trace.stale:
        out.append("superseded (not used)\n", style="bold dim")
        for hop in trace.stale[:4]:
            out.append("  ")
            out.append(f"{one_line(hop.subject, 30)} {hop.predicate} {one_line(hop.object, 30)}", style="dim strike")
            span = f"t{hop.valid_from}–t{hop.valid_to}" if hop.valid_to is not None else f"t{hop.valid_from}–"
            out.append(f"  {span}\n", style="dim")
    if trace.failure:
        out.append("failed: ", style="bold red")
        if trace.missing is not None:  # a text-extracted graph: say which edge, and where the fact may hide
            out.append_text(render_missing(trace.missing))
        else:
            out.append(FAILURES.get(trace.failure, trace.failure) + "\n", style="red")
    elif trace.missing is not None:  # the hybrid took the step from text: what the graph alone lacked
        out.append("graph lacked: ", style="bold")
        out.append_text(render_missing(trace.missing))
    return out


def render_flat(answer: Answer, needed_ranks: dict[int, int | None]) -> Text:
    out = Text()
    trace = answer.trace
    needed = set(needed_ranks)
    rounds = {c.turn: c.round for c in trace.candidates}
    ranked_flat = trace.k is not None or bool(trace.candidates)
    if ranked_flat:
        out.append("retrieved", style="bold")
        if trace.k is not None:
            out.append(f"  top {trace.k}", style="dim")
        if trace.candidates:
            out.append(f" of {len(trace.candidates)} ranked", style="dim")
        if len(trace.rounds) > 1:
            out.append(f" · {len(trace.rounds)} rounds", style="dim")
        if trace.budget_stop:
            out.append(f" (stopped: {trace.budget_stop})", style="dim")
        out.append("\n")
        items = list(enumerate(answer.context))[:MAX_ITEMS]
    else:
        # raw: the whole transcript is the context; show the sentence the reader used and the needed turns
        out.append("context: ", style="bold")
        out.append(f"the whole transcript, {len(answer.context)} items\n", style="dim")
        keep = {trace.reader_pick} if trace.reader_pick is not None else set()
        keep |= {i for i, item in enumerate(answer.context) if needed & set(item.turns)}
        items = [(i, answer.context[i]) for i in sorted(keep) if 0 <= i < len(answer.context)][:MAX_ITEMS]
    for i, item in items:
        is_needed = bool(needed & set(item.turns))
        picked = trace.reader_pick == i
        out.append("▶" if picked else " ", style="bold cyan")
        out.append("★" if is_needed else " ", style="bold green")
        if item.rank is not None:
            out.append(f"#{item.rank} ", style="bold")
        if item.score is not None:
            out.append(f"{item.score:.2f} ", style="cyan")
        if item.turns:
            out.append(f"t{','.join(str(t) for t in item.turns[:3])}", style="green" if is_needed else "dim")
            r = rounds.get(item.turns[0], 1)
            if r > 1:
                out.append(f" r{r}", style="magenta")
            out.append(" ")
        out.append_text(literal(item.text, "green" if is_needed else "", limit=ITEM_CHARS))
        out.append("\n")
    if ranked_flat and len(answer.context) > MAX_ITEMS:
        out.append(f"  … {len(answer.context) - MAX_ITEMS} more\n", style="dim")
    if ranked_flat:
        k = trace.k
        for turn in sorted(needed_ranks):
            rank = needed_ranks[turn]
            if rank is None:
                kept = f" (beyond the {len(trace.candidates)} kept)" if trace.candidates else ""
                out.append(f"needed turn {turn} not ranked{kept}\n", style="bold red")
            elif k is not None and rank > k:
                out.append(f"needed turn {turn} ranked {ordinal(rank)}; cut at k={k}\n", style="bold red")
            else:
                out.append(f"needed turn {turn} ranked {ordinal(rank)} ✓\n", style="green")
    return out


def render_trace(answer: Answer, needed_ranks: dict[int, int | None], *, recall: bool = False) -> Text:
    trace = answer.trace
    out = Text()
    if recall:
        out.append_text(render_recall(answer, list(needed_ranks)))
    if trace.served_by:
        out.append("served by ", style="dim")
        out.append(trace.served_by, style="bold reverse")
        out.append("\n")
    graphish = bool(trace.links or trace.paths or trace.relations or trace.stale or trace.expected_type
                    or trace.missing)
    if graphish or (trace.failure and not trace.candidates):
        out.append_text(render_graph(trace, set(needed_ranks)))
    if trace.candidates or trace.k is not None or (answer.context and not graphish):
        if graphish:
            out.append("\n")
        out.append_text(render_flat(answer, needed_ranks))
    elif graphish and answer.context:
        out.append("context ", style="bold")
        out.append(f"{len(answer.context)} facts as sentences\n", style="dim")
    return out


class BackendPanel(Widget, can_focus=True):
    """Everything one backend did for the latest question, drawn line by line inside a fixed-size box: an answer
    repaints this panel only, never the layout of the screen. Scrolls (wheel, arrows) when the trace is long."""

    DEFAULT_CSS = """
    BackendPanel { border: round $primary-darken-1; padding: 0 1; height: 1fr; min-height: 6; }
    BackendPanel:focus { border: round $accent; }
    """
    BINDINGS = [
        Binding("up", "scroll_lines(-1)", "Scroll up", show=False, id="panel.up"),
        Binding("down", "scroll_lines(1)", "Scroll down", show=False, id="panel.down"),
        Binding("pageup", "scroll_page(-1)", "Page up", show=False, id="panel.pageup"),
        Binding("pagedown", "scroll_page(1)", "Page down", show=False, id="panel.pagedown"),
    ]

    def __init__(self, backend: str) -> None:
        super().__init__(id=f"panel-{backend}", classes="backend-panel")
        self.backend = backend
        self.size_info: MemorySize | None = None
        self.question: str | None = None
        self.answer: Answer | None = None
        self.correct: bool | None = None
        self.needed: dict[int, int | None] = {}
        self.scoring = "grade"  # "grade": right/wrong; "recall": the evidence turns the context reached
        self.answering = False
        self.note: str | None = None
        self.largest = 0
        self.top = 0  # first line shown (scroll offset)
        self.border_title = backend
        self._head = render_head(None, None, None, False)
        self._body = Text()
        self._lines: tuple[int, list[Strip]] | None = None  # (width, lines)
        self._parts: tuple[int, list[Strip], list[Strip]] | None = None  # (width, head, body)
        self._styled: tuple[tuple[int, int, int, object], list[Strip]] | None = None  # what render_line serves

    # state in

    def _subtitle_room(self) -> int:
        return max(8, (self.size.width or 80) - 6)

    def on_resize(self) -> None:
        if self.size_info is not None:
            self.border_subtitle = size_label(self.size_info, self._subtitle_room())

    def set_size(self, size: MemorySize) -> None:
        if size != self.size_info:
            pending_changed = (self.size_info.pending if self.size_info else None) != size.pending
            self.size_info = size
            self.border_subtitle = size_label(size, self._subtitle_room())
            if pending_changed:
                self._draw()

    def ask(self, question: str) -> None:
        """A question is out. Answers usually arrive within a frame or two, so "answering…" is only drawn if this
        backend is still busy a moment later (saves five redraws per question while playing fast)."""
        self.question = question
        self.answering = True
        self.set_timer(ANSWERING_AFTER, self._still_answering)

    def _still_answering(self) -> None:
        if self.answering:
            self._draw()

    def show(self, question: str, answer: Answer, correct: bool | None, needed: dict[int, int | None],
             scoring: str = "grade") -> None:
        self.question = question
        self.answer = answer
        self.correct = correct
        self.needed = dict(needed)
        self.scoring = scoring
        self.answering = False
        self._draw()

    def set_note(self, note: str | None) -> None:
        self.note = note
        self._draw()

    def clear(self) -> None:
        self.question = self.answer = None
        self.correct = None
        self.needed = {}
        self.scoring = "grade"
        self.answering = False
        self.note = None
        self._draw()

    @property
    def tokens(self) -> int:
        return self.answer.tokens if (self.answer and not self.answering) else 0

    def set_largest(self, largest: int) -> None:
        if largest != self.largest:
            self.largest = largest
            if self.answer is not None and not self.answering:  # otherwise no bar is drawn
                self._lines = None
                self.refresh()

    @property
    def plain(self) -> str:
        """What the panel draws at its current width, as text (tests read it)."""
        return "\n".join(strip.text for strip in self._all_lines(max(10, self.content_size.width or 40)))

    def _draw(self) -> None:
        recall = None
        if self.scoring == "recall" and self.answer is not None:
            hit, _ = evidence_recall(self.answer, list(self.needed))
            recall = (len(hit), len(self.needed))
        self._head = render_head(self.question, self.answer, self.correct, self.answering, recall)
        body = Text()
        if self.size_info is not None and self.size_info.pending:
            body.append(f"⚠ {one_line(self.size_info.pending, 300)}\n", style="yellow")
        if self.note:
            body.append(self.note + "\n", style="italic #ff9e64")
        if self.answer is not None and not self.answering:
            if self.answer.error:
                body.append("this backend raised; the others went on\n", style="red")
            else:
                body.append_text(render_trace(self.answer, self.needed, recall=self.scoring == "recall"))
        self._body = body
        self._lines = self._parts = None
        self.top = 0
        self.refresh()

    # drawing

    def _render(self, renderable: RenderableType, width: int) -> list[Strip]:
        console = self.app.console
        options = console.options.update_width(width).update(height=None)
        return [Strip(line).extend_cell_length(width).crop(0, width)
                for line in console.render_lines(renderable, options, pad=False)]

    def _all_lines(self, width: int) -> list[Strip]:
        # Head and body are rendered once per change; the token bar (which moves whenever another panel's
        # answer arrives) is one cheap line rendered on its own.
        if self._lines is None or self._lines[0] != width:
            if self._parts is None or self._parts[0] != width:
                self._parts = (width, self._render(self._head, width), self._render(self._body, width))
            _, head, body = self._parts
            bar = []
            if self.answer is not None and not self.answering:
                bar = self._render(token_bar(self.tokens, self.largest, width), width)
            self._lines = (width, head + bar + body)
            self._styled = None
        return self._lines[1]

    def _visible(self, width: int, height: int) -> list[Strip]:
        """The `height` lines on screen, styled once per change rather than once per repaint."""
        style = self.rich_style
        key = (width, height, self.top, style)
        if self._styled is None or self._styled[0] != key or self._lines is None:
            lines = self._all_lines(max(1, width))
            shown = lines[self.top:self.top + height]
            more_below = len(lines) - (self.top + height)
            if more_below > 0 and shown:
                note = Text(f"↓ {more_below} more line{'s' if more_below != 1 else ''} (scroll)",
                            style="dim reverse")
                options = self.app.console.options.update_width(max(1, width))
                shown[-1] = Strip(self.app.console.render_lines(note, options, pad=False)[0])
            shown = [s.extend_cell_length(width).crop(0, width).apply_style(style) for s in shown]
            shown += [Strip.blank(width, style)] * (height - len(shown))
            self._styled = (key, shown)
        return self._styled[1]

    def render_line(self, y: int) -> Strip:
        width, height = self.content_size.width, self.content_size.height
        shown = self._visible(width, height)
        return shown[y] if 0 <= y < len(shown) else Strip.blank(width, self.rich_style)

    # scrolling

    def action_scroll_lines(self, n: int) -> None:
        total = len(self._all_lines(max(1, self.content_size.width)))
        self.top = max(0, min(self.top + n, total - self.content_size.height))
        self.refresh()

    def action_scroll_page(self, direction: int) -> None:
        self.action_scroll_lines(direction * max(1, self.content_size.height - 1))

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.action_scroll_lines(-3)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.action_scroll_lines(3)
