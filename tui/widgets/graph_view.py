"""The whole graph as of a turn: each entity with its outgoing edges; edges not yet stated are hidden, edges
superseded by then are dimmed and struck through, edges stated at that very turn are marked new."""

from __future__ import annotations

from rich.text import Text

from memories.protocol import EdgeView, Snapshot
from tui.literal import one_line
from tui.widgets.text_block import TextBlock


def edge_state(edge: EdgeView, as_of: int) -> str:
    """'future' (not stated yet), 'retired' (superseded by then), 'new' (stated at this turn) or 'live'."""
    if edge.valid_from > as_of:
        return "future"
    if edge.valid_to is not None and edge.valid_to <= as_of:
        return "retired"
    if edge.valid_from == as_of:
        return "new"
    return "live"


def render_graph(snapshot: Snapshot | None, as_of: int) -> Text:
    out = Text()
    if snapshot is None:
        out.append("no graph to show", style="dim italic")
        return out
    by_subject: dict[str, list[tuple[EdgeView, str]]] = {}
    counts = {"live": 0, "new": 0, "retired": 0}
    for edge in sorted(snapshot.edges, key=lambda e: (e.subject, e.valid_from, e.predicate, e.object)):
        state = edge_state(edge, as_of)
        if state == "future":
            continue
        counts[state] += 1
        by_subject.setdefault(edge.subject, []).append((edge, state))
    nodes = {n.name: n for n in snapshot.nodes}
    seen = [n for n in sorted(nodes) if n in by_subject or any(m <= as_of for m in nodes[n].mentions)]
    out.append(f"as of turn {as_of}: {len(seen)} nodes · {counts['live'] + counts['new']} edges in force · "
               f"{counts['retired']} superseded · {counts['new']} new at this turn\n\n", style="bold")
    subjects = list(dict.fromkeys(sorted(by_subject)))
    for subject in subjects:
        node = nodes.get(subject)
        out.append(one_line(subject, 60), style="bold")
        if node is not None:
            out.append(f" ({node.type})", style="dim")
            if node.description:
                out.append(" — ")
                out.append(one_line(node.description, 80), style="italic")
        out.append("\n")
        for edge, state in by_subject[subject]:
            style = {"retired": "dim strike", "new": "bold green", "live": ""}[state]
            out.append("  ")
            out.append(edge.predicate, style="dim strike" if state == "retired" else "magenta")
            out.append(" → ", style="dim")
            out.append(one_line(edge.object, 60), style=style or "bold")
            span = f"t{edge.valid_from}–" + (f"t{edge.valid_to}" if edge.valid_to is not None else "")
            out.append(f"  {span}", style="dim")
            if state == "retired":
                out.append(f"  superseded at t{edge.valid_to}", style="dim italic")
            elif state == "new":
                out.append("  new", style="bold green")
            if edge.extracted:
                out.append("  (extracted)", style="dim cyan")
            out.append("\n")
    lonely = [n for n in seen if n not in by_subject]
    if lonely:
        out.append("\nalso known: ", style="bold dim")
        out.append(", ".join(one_line(n, 40) for n in lonely), style="dim")
        out.append("\n")
    return out


class GraphView(TextBlock):
    DEFAULT_CSS = """
    GraphView { width: 1fr; height: auto; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(Text(), id=id)
        self.snapshot: Snapshot | None = None
        self.as_of = 0

    def show(self, snapshot: Snapshot | None, as_of: int) -> None:
        self.snapshot = snapshot
        self.as_of = as_of
        self.set(render_graph(snapshot, as_of))
