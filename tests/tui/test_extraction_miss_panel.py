"""The graph panel's extraction-miss line: when a text-extracted graph lacked an edge, it names the edge and the
turns that named the node yet gave extraction nothing (drawn from Trace.missing, built by the graph)."""

from __future__ import annotations

from memories.answer import MissedTurn, MissingEdge
from tests.tui.conftest import settle, wait_for
from tui.widgets.backend_panel import render_missing


def test_one_silent_turn_reads_as_one_sentence():
    missing = MissingEdge(subject="IngestWorker", predicate="depends_on",
                          turns=[MissedTurn(turn=24, text="IngestWorker can't start without ConfigService")])
    assert render_missing(missing).plain == (
        "no edge depends_on from IngestWorker; turn 24 said 'IngestWorker can't start without "
        "ConfigService' and extraction found nothing\n")


def test_several_silent_turns_are_listed_with_the_rest_counted():
    missing = MissingEdge(subject="QuotaService", predicate="owned_by", more=4,
                          turns=[MissedTurn(turn=6, text="QuotaService alerts are noisy."),
                                 MissedTurn(turn=8, text="Marek's babysitting QuotaService.")])
    lines = render_missing(missing).plain.splitlines()
    assert lines[0] == "no edge owned_by from QuotaService; 6 turns named it and extraction found nothing in them:"
    assert lines[1:] == ["  turn 6 said 'QuotaService alerts are noisy.'",
                         "  turn 8 said 'Marek's babysitting QuotaService.'", "  … and 4 more"]


def test_no_silent_turn_says_the_fact_was_not_among_what_extraction_read():
    text = render_missing(MissingEdge(subject="QuotaService", predicate="owned_by")).plain
    assert text.startswith("no edge owned_by from QuotaService; every turn naming it gave")


async def test_the_extraction_miss_demo_shows_which_edge_and_turn_the_graph_lacked(make_app):
    app = make_app()
    async with app.run_test(size=(200, 60)) as pilot:
        await app.until_ready(30)
        await app.load_demo("extraction-miss")
        graph = app.inspector.panel("graph")
        await wait_for(pilot, lambda: graph.answer is not None and not graph.answering, 30)
        await settle(pilot)
        assert app.config.extraction == "rules" and graph.answer.trace.failure == "no_edge"
        flat = " ".join(line.strip() for line in graph.plain.splitlines())
        assert "failed: no edge owned_by from QuotaService" in flat
        assert "turn 8 said 'Honestly, Marek's the one babysitting QuotaService" in flat
        hybrid = app.inspector.panel("hybrid")
        await wait_for(pilot, lambda: hybrid.answer is not None and not hybrid.answering, 30)
        assert "no edge owned_by from QuotaService" in " ".join(hybrid.plain.split())
        await app.action_quit()
