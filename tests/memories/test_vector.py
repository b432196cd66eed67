"""Vector RAG: each turn embedded once, top-k by inner product, as_of, and the join trap it falls into."""

import pytest

from memories.protocol import Memory, MemoryConfig
from memories.registry import create
from memories.vector import VectorMemory
from scenarios.models import Turn
from tests.memories import infra_chat

JOIN_QUESTION = "Who owns the component that ReportingAPI depends on?"


def filled(embedder, **knobs) -> VectorMemory:
    memory = VectorMemory(MemoryConfig(**knobs), embedder)
    memory.ingest_many(infra_chat.turns())
    return memory


def test_registry_builds_it_with_the_given_embedder(hash_embedder):
    memory = create("vector", MemoryConfig(), hash_embedder)
    assert isinstance(memory, VectorMemory) and isinstance(memory, Memory)
    assert memory.name == "vector" and memory.embedder is hash_embedder


def test_context_is_the_top_k_turns_ranked_by_score(hash_embedder):
    memory = filled(hash_embedder, top_k=3, candidates_kept=5)
    answer = memory.answer("What priority is ReportingAPI now?")
    assert len(answer.context) == 3
    assert [c.rank for c in answer.context] == [1, 2, 3]
    scores = [c.score for c in answer.context]
    assert scores == sorted(scores, reverse=True)
    assert answer.context[0].turns == [infra_chat.NEW_PRIORITY]
    assert answer.context[0].text == "agent_a: Update: ReportingAPI is now medium priority."
    assert answer.trace.k == 3


def test_trace_keeps_ranked_candidates_beyond_k(hash_embedder):
    memory = filled(hash_embedder, top_k=2, candidates_kept=5)
    trace = memory.answer("What priority is ReportingAPI now?").trace
    assert [c.rank for c in trace.candidates] == [1, 2, 3, 4, 5, 6, 7]
    assert all(c.round == 1 for c in trace.candidates)
    assert [c.turn for c in trace.candidates[:2]] == [infra_chat.NEW_PRIORITY, infra_chat.OLD_PRIORITY]
    assert trace.candidates[0].text == "Update: ReportingAPI is now medium priority."
    assert len({c.turn for c in trace.candidates}) == len(trace.candidates)


def test_the_update_is_read_over_the_stale_value(hash_embedder):
    answer = filled(hash_embedder).answer("What priority is ReportingAPI now?")
    assert answer.text == "medium priority"
    assert answer.trace.reader_pick == 0


def test_as_of_only_sees_turns_up_to_that_index(hash_embedder):
    memory = filled(hash_embedder, candidates_kept=20)
    answer = memory.answer("What priority is ReportingAPI now?", as_of=10)
    assert answer.text == "high priority"
    assert all(c.turn <= 10 for c in answer.trace.candidates)
    assert len(answer.trace.candidates) == 11
    assert all(t <= 10 for c in answer.context for t in c.turns)


def test_ingest_many_equals_ingesting_one_by_one(hash_embedder):
    batched = filled(hash_embedder)
    single = VectorMemory(MemoryConfig(), hash_embedder)
    for turn in infra_chat.turns():
        single.ingest(turn)
    for question in [JOIN_QUESTION, "What priority is ReportingAPI now?", "Which team is Lena on?"]:
        a, b = batched.answer(question), single.answer(question)
        assert a.text == b.text
        assert [(c.turn, c.rank, round(c.score, 6)) for c in a.trace.candidates] == [
            (c.turn, c.rank, round(c.score, 6)) for c in b.trace.candidates
        ]


def test_each_distinct_text_is_embedded_once(hash_embedder):
    memory = filled(hash_embedder)
    distinct = len({text for _, text in infra_chat.LINES})
    assert distinct < len(infra_chat.LINES)  # the conversation repeats filler
    assert hash_embedder.calls == distinct
    memory.answer("Which team is Lena on?")
    memory.answer("Which team is Lena on?")
    assert hash_embedder.calls == distinct + 1  # the question, once
    memory.reset()
    memory.ingest_many(infra_chat.turns())
    assert hash_embedder.calls == distinct + 1


def test_a_repeated_text_ranks_its_most_recent_turn_first(hash_embedder):
    trace = filled(hash_embedder).answer("morning all, coffee machine is fixed").trace
    assert [c.turn for c in trace.candidates[:2]] == [11, 0]
    assert trace.candidates[0].score == pytest.approx(trace.candidates[1].score)


def test_join_trap_reads_the_one_hop_owner(hash_embedder):
    # The 2-hop answer is Lena (ReportingAPI -> FeatureStore -> Lena). Flat retrieval brings ReportingAPI's own
    # owner, and the reader, which does not chain facts, answers it: the expected failure.
    answer = filled(hash_embedder).answer(JOIN_QUESTION)
    turns = [c.turns[0] for c in answer.context]
    assert infra_chat.DEPENDENCY in turns and infra_chat.TRAP in turns
    assert answer.text == "Mia"


def test_snapshot_and_reset(hash_embedder):
    memory = filled(hash_embedder)
    snap = memory.snapshot()
    assert snap.backend == "vector"
    assert [c.turn for c in snap.chunks] == list(range(len(infra_chat.LINES)))
    memory.reset()
    assert memory.snapshot().chunks == []
    empty = memory.answer("Who owns FeatureStore?")
    assert empty.text == "" and empty.context == [] and empty.trace.candidates == []


def test_questions_ingested_as_turns_are_retrieved_but_not_read_as_facts(hash_embedder):
    memory = VectorMemory(MemoryConfig(top_k=2), hash_embedder)
    memory.ingest_many([
        Turn(index=0, speaker="agent_a", text="FeatureStore is owned by Lena."),
        Turn(index=1, speaker="agent_b", text="Is FeatureStore owned by Omar?", kind="question"),
    ])
    answer = memory.answer("Who owns FeatureStore?")
    assert len(answer.context) == 2
    assert answer.text == "Lena"


def test_tokens_and_prompt_match_the_context(hash_embedder):
    from memories.prompt import build_prompt
    from memories.tokens import count_tokens

    answer = filled(hash_embedder).answer("Which team is Lena on?")
    assert answer.prompt == build_prompt("Which team is Lena on?", answer.context)
    assert answer.tokens == count_tokens(answer.prompt)


# -- on the real model -----------------------------------------------------------------------------------------

PARAPHRASE_FILLER = [
    "morning all, coffee machine is fixed",
    "did anyone see the game last night?",
    "standup moved to 10:15 tomorrow",
    "lunch at noon?",
    "the new laptops arrive on Thursday",
    "IngestWorker is owned by Priya.",
    "BillingService is deployed in eu-west.",
    "can someone review my PR when you get a chance",
    "the office wifi is flaky again",
    "ConfigService is set to low priority.",
]


@pytest.mark.integration
def test_paraphrase_finds_the_described_entity(minilm):
    memory = VectorMemory(MemoryConfig(), minilm)
    texts = PARAPHRASE_FILLER[:5] + ["ReportingAPI, which serves usage reports, depends on FeatureStore."] + \
        PARAPHRASE_FILLER[5:]
    memory.ingest_many([Turn(index=i, speaker="agent_a", text=t) for i, t in enumerate(texts)])
    answer = memory.answer("What does the analytics endpoint depend on?")
    assert answer.trace.candidates[0].turn == 5
    assert answer.text == "FeatureStore"


@pytest.mark.integration
def test_join_trap_on_the_real_model(minilm):
    answer = filled(minilm).answer(JOIN_QUESTION)
    assert answer.context[0].turns == [infra_chat.TRAP]
    assert answer.text == "Mia"
