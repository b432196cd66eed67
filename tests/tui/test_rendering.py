"""What the panels, the graph view, the scoreboard and the knobs draw from hand-made answers and snapshots."""

from __future__ import annotations

from memories.answer import Answer, Candidate, ContextItem, Hop, LinkDecision, Trace
from memories.protocol import EdgeView, MemoryConfig, NodeView, Snapshot
from tui import knobs
from tui.literal import for_memory, literal, ordinal, visible
from tui.messages import MemorySize
from tui.widgets.backend_panel import render_head, render_trace, size_label
from tui.widgets.graph_view import edge_state, render_graph
from tui.widgets.scoreboard import Tally


def flat_answer(k: int = 4) -> Answer:
    candidates = [Candidate(turn=t, score=0.9 - 0.05 * i, rank=i + 1) for i, t in enumerate([12, 5, 8, 40, 2, 9, 33])]
    context = [ContextItem(text=f"agent_b: chunk of turn {c.turn}", turns=[c.turn], score=c.score, rank=c.rank)
               for c in candidates[:k]]
    return Answer(backend="vector", text="Bob", context=context, tokens=120, latency_ms=3.2,
                  trace=Trace(backend="vector", candidates=candidates, k=k, reader_pick=0))


def graph_answer() -> Answer:
    walk = [Hop(subject="ReportingAPI", predicate="depends_on", object="FeatureStore", turns=[12]),
            Hop(subject="FeatureStore", predicate="owned_by", object="Dana", turns=[30])]
    stale = [Hop(subject="FeatureStore", predicate="owned_by", object="Bob", turns=[5], valid_from=5, valid_to=30,
                 superseded=True)]
    trace = Trace(backend="graph",
                  links=[LinkDecision(mention="the analytics endpoint", node="ReportingAPI", step="semantic",
                                      score=0.71)],
                  relations=["depends_on", "owned_by"], expected_type="person", paths=[walk], stale=stale)
    return Answer(backend="graph", text="Dana", tokens=22, latency_ms=0.04, trace=trace,
                  context=[ContextItem(text="ReportingAPI depends on FeatureStore.", turns=[12])])


def test_a_needed_turn_cut_by_k_is_explained_in_one_plain_line():
    text = render_trace(flat_answer(k=4), {12: 1, 33: 7}).plain
    assert "needed turn 33 ranked 7th; cut at k=4" in text
    assert "needed turn 12 ranked 1st" in text


def test_a_needed_turn_never_ranked_is_called_out():
    text = render_trace(flat_answer(), {77: None}).plain
    assert "needed turn 77 not ranked (beyond the 7 kept)" in text


def test_retrieved_chunks_show_rank_score_and_source_turn():
    text = render_trace(flat_answer(), {}).plain
    assert "#1 0.90 t12" in text
    assert "top 4 of 7 ranked" in text


def test_the_graph_panel_shows_the_linker_decision_and_the_walk_as_a_tree():
    text = render_trace(graph_answer(), {}).plain
    assert "'the analytics endpoint' → ReportingAPI, semantic 0.71" in text
    assert "depends_on → owned_by" in text
    lines = text.splitlines()
    anchor = lines.index("  ReportingAPI")
    assert lines[anchor + 1].strip().startswith("└─ depends_on → FeatureStore")
    assert lines[anchor + 2].strip().startswith("└─ owned_by → Dana")
    assert lines[anchor + 2].index("└") > lines[anchor + 1].index("└")  # the second hop hangs off the first


def test_superseded_edges_are_dimmed():
    rendered = render_trace(graph_answer(), {})
    start = rendered.plain.index("FeatureStore owned_by Bob")
    styles = [str(span.style) for span in rendered.spans if span.start <= start < span.end]
    assert any("dim" in s and "strike" in s for s in styles)


def test_hybrid_says_which_backend_served():
    answer = flat_answer()
    answer.trace.served_by = "vector"
    answer.trace.failure = "no_link"
    answer.trace.links = [LinkDecision(mention="the analytics endpoint", step="none")]
    text = render_trace(answer, {}).plain
    assert text.startswith("served by vector")
    assert "no node matched the question" in text
    assert "#1 0.90 t12" in text


def test_answer_head_shows_the_verdict_and_keeps_brackets_literal():
    head = render_head("[INC-42] who owns [bold]X[/bold]?", flat_answer(), False, False).plain
    assert "[INC-42] who owns [bold]X[/bold]?" in head
    assert "✗ wrong" in head
    assert "? " in render_head("q", flat_answer(), None, False).plain
    assert "✓ right" in render_head("q", flat_answer(), True, False).plain


def test_a_backend_error_is_shown_in_the_answer_line():
    broken = Answer(backend="graph", error="RuntimeError: boom", trace=Trace(backend="graph"))
    assert "error RuntimeError: boom" in render_head("q", broken, None, False).plain


def test_memory_size_labels():
    assert size_label(MemorySize(chunks=54)) == "54 chunks"
    assert size_label(MemorySize(nodes=3, edges=5, superseded=1, graph=True)) == "3 nodes · 5 edges · 1 superseded"
    assert size_label(MemorySize(pending="waiting for the embedding model")) == "waiting for the embedding model"
    big = MemorySize(nodes=120, edges=340, superseded=12, graph=True)
    assert size_label(big, room=28) == "120n · 340e · 12 superseded"


def snapshot() -> Snapshot:
    return Snapshot(
        backend="graph",
        nodes=[NodeView(name="FeatureStore", type="component", mentions=[1]), NodeView(name="Bob", mentions=[5]),
               NodeView(name="Dana", mentions=[30])],
        edges=[EdgeView(subject="FeatureStore", predicate="owned_by", object="Bob", valid_from=5, valid_to=30),
               EdgeView(subject="FeatureStore", predicate="owned_by", object="Dana", valid_from=30)],
    )


def test_the_graph_as_of_a_turn_hides_later_facts_and_dims_retired_ones():
    early = render_graph(snapshot(), 10).plain
    assert "owned_by → Bob" in early and "Dana" not in early
    late = render_graph(snapshot(), 31)
    assert "owned_by → Dana" in late.plain
    assert "superseded at t30" in late.plain
    bob = late.plain.index("Bob")
    assert any("strike" in str(s.style) for s in late.spans if s.start <= bob < s.end)
    assert edge_state(snapshot().edges[1], 30) == "new"


def test_the_scoreboard_counts_each_question_once_per_backend():
    tally = Tally()
    tally.record("graph", "q0", "join", True)
    tally.record("graph", "q0", "join", True)
    tally.record("graph", "q1", "update", False)
    tally.record("vector", "q0", "join", False)
    assert tally.score("graph") == (1, 2)
    assert tally.score("graph", "join") == (1, 1)
    assert tally.types() == ["join", "update"]
    tally.keep_only({"q0"})
    assert tally.score("graph") == (1, 1)


def test_knobs_cycle_and_name_the_backends_that_read_them():
    config = MemoryConfig()
    assert knobs.turned(config, "top_k").top_k == 8
    assert knobs.turned(config.model_copy(update={"top_k": 16}), "top_k").top_k == 1
    assert knobs.turned(config, "max_hops").max_hops == 1
    assert knobs.turned(config, "linker").linker == "lexical"
    assert knobs.turned(config, "supersession").supersession is False
    all5 = ["raw", "vector", "recursive", "graph", "hybrid"]
    assert knobs.affected("top_k", all5) == ["vector", "recursive", "hybrid"]
    assert knobs.affected("linker", all5) == ["graph", "hybrid"]
    assert knobs.affected("top_k", ["someday"]) == ["someday"]


def test_control_characters_are_made_visible_not_sent_to_the_terminal():
    assert visible("a\x1b[31mb\x07") == "a\u241b[31mb\u2407"
    assert literal("[INC-42] ok").plain == "[INC-42] ok"
    assert for_memory("  hi\x00there\n ") == "hi there"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "103rd"]


def test_a_step_the_hybrid_read_from_text_is_marked_as_no_edge():
    answer = graph_answer()
    walk = answer.trace.paths[0]
    walk[1] = walk[1].model_copy(update={"source": "text", "turns": [30]})
    trace = answer.trace.model_copy(update={"backend": "hybrid", "served_by": "graph+vector", "paths": [walk]})
    text = render_trace(answer.model_copy(update={"backend": "hybrid", "trace": trace}), {30: 1}).plain
    walk_lines = [line for line in text.splitlines() if "└─" in line]
    assert "owned_by → Dana" in walk_lines[1] and "read from text, no edge" in walk_lines[1] and "t30" in walk_lines[1]
    assert "read from text" not in walk_lines[0]  # the graph's own edge


def test_a_text_step_shows_the_ranker_s_score_and_the_reading_it_passed_over():
    answer = graph_answer()
    walk = answer.trace.paths[0]
    walk[1] = walk[1].model_copy(update={"source": "text", "turns": [30], "weight": 0.91, "runner_up": "Omar [x]",
                                         "runner_up_weight": 0.12})
    trace = answer.trace.model_copy(update={"backend": "hybrid", "served_by": "graph+vector", "paths": [walk]})
    text = render_trace(answer.model_copy(update={"backend": "hybrid", "trace": trace}), {30: 1}).plain
    line = [line for line in text.splitlines() if "└─" in line][1]
    assert "ranker 0.91" in line and "(runner-up Omar [x] 0.12)" in line


def test_a_step_known_from_the_world_s_places_is_marked_as_no_edge():
    answer = graph_answer()
    walk = answer.trace.paths[0]
    walk[1] = walk[1].model_copy(update={"source": "places", "turns": []})
    trace = answer.trace.model_copy(update={"backend": "hybrid", "served_by": "graph+vector", "paths": [walk]})
    text = render_trace(answer.model_copy(update={"backend": "hybrid", "trace": trace}), set()).plain
    walk_lines = [line for line in text.splitlines() if "└─" in line]
    assert "known from the world's places, no edge" in walk_lines[1]
    assert "places" not in walk_lines[0]
