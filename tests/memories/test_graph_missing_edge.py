"""The graph's missing-edge diagnostic: when a text-extracted graph cannot take a step, the trace names the edge it
needed and the turns that named the node it stood on but gave extraction nothing about it. Hash embedder."""

from __future__ import annotations

from memories.graph import MAX_MISSED, GraphMemory
from memories.hybrid import HybridMemory
from memories.protocol import MemoryConfig
from scenarios.catalog import find
from scenarios.models import Turn

JOIN = "Who owns the component that InvoiceAPI depends on?"


def _turns() -> list[Turn]:
    return find("extraction_miss").turns


def _graph(embedder, turns, extraction="rules") -> GraphMemory:
    memory = GraphMemory(MemoryConfig(extraction=extraction), embedder)
    memory.ingest_many(turns)
    return memory


def test_a_join_stopped_by_an_extraction_miss_names_the_missing_edge_and_the_silent_turn(hash_embedder):
    answer = _graph(hash_embedder, _turns()).answer(JOIN)
    assert answer.trace.failure == "no_edge" and answer.text == ""
    missing = answer.trace.missing
    assert missing is not None
    assert (missing.subject, missing.predicate) == ("QuotaService", "owned_by")
    listed = {t.turn: t.text for t in missing.turns}
    assert listed[8] == "Honestly, Marek's the one babysitting QuotaService these days; nobody else goes near it."
    # turn 1 named QuotaService and gave the depends_on edge: extraction did find something there
    assert 1 not in listed


def test_every_listed_turn_names_the_node_and_gave_no_edge_touching_it(hash_embedder):
    turns = _turns()
    memory = _graph(hash_embedder, turns)
    missing = memory.answer(JOIN).trace.missing
    assert missing is not None and missing.turns
    edges = memory.snapshot().edges
    for item in missing.turns:
        assert "quotaservice" in item.text.lower() and item.text == turns[item.turn].text
        assert not [e for e in edges if item.turn in e.turns and missing.subject in (e.subject, e.object)]
    assert [t.turn for t in missing.turns] == sorted(t.turn for t in missing.turns)


def test_only_turns_up_to_as_of_are_blamed(hash_embedder):
    missing = _graph(hash_embedder, _turns()).answer(JOIN, as_of=9).trace.missing
    assert missing is not None and missing.turns
    assert all(t.turn <= 9 for t in missing.turns)


def test_with_gold_facts_there_is_no_extraction_to_blame(hash_embedder):
    answer = _graph(hash_embedder, _turns()[:5], extraction="oracle").answer(JOIN)
    assert answer.trace.failure == "no_edge" and answer.trace.missing is None


def test_a_walk_that_answers_carries_no_diagnostic(hash_embedder):
    turns = [Turn(index=0, speaker="a", text="InvoiceAPI depends on QuotaService."),
             Turn(index=1, speaker="b", text="QuotaService is owned by Marek.")]
    answer = _graph(hash_embedder, turns).answer(JOIN)
    assert answer.text == "Marek" and answer.trace.failure is None and answer.trace.missing is None


def test_turns_beyond_the_listed_few_are_counted(hash_embedder):
    chatter = [Turn(index=0, speaker="a", text="InvoiceAPI depends on QuotaService.")]
    chatter += [Turn(index=i, speaker="b", text=f"QuotaService looked odd again, round {i}.")
                for i in range(1, MAX_MISSED + 3)]
    missing = _graph(hash_embedder, chatter).answer(JOIN).trace.missing
    assert missing is not None
    assert [t.turn for t in missing.turns] == list(range(1, MAX_MISSED + 1))
    assert missing.more == 2


def test_hybrid_reads_the_missing_step_from_text_and_keeps_the_graphs_diagnostic(hash_embedder):
    memory = HybridMemory(MemoryConfig(extraction="rules"), hash_embedder)
    memory.ingest_many(_turns())
    answer = memory.answer(JOIN)
    assert answer.trace.served_by == "graph+vector" and answer.text == "Marek"
    assert [h.source for h in answer.trace.paths[0]] == ["graph", "text"]
    assert answer.trace.paths[0][1].turns == [8]  # the turn extraction was silent on
    assert answer.trace.missing is not None and answer.trace.missing.predicate == "owned_by"
