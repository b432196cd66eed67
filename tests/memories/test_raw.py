"""The raw transcript dump: everything is the context, so its cost grows with the conversation."""

from memories.protocol import Memory, MemoryConfig
from memories.raw import RawMemory
from memories.registry import create
from scenarios.models import Turn


def turn(i: int, text: str, speaker: str = "agent_a", kind: str = "message") -> Turn:
    return Turn(index=i, speaker=speaker, text=text, channel="infra", kind=kind)


def test_registry_builds_it_without_an_embedder():
    memory = create("raw")
    assert isinstance(memory, RawMemory) and isinstance(memory, Memory)
    assert memory.name == "raw"


def test_context_is_every_turn_as_a_transcript_line():
    memory = RawMemory(MemoryConfig(), None)
    memory.ingest(turn(0, "FeatureStore is owned by Lena.", "agent_b"))
    memory.ingest_many([turn(1, "lunch at noon?"), turn(2, "Who owns FeatureStore?", kind="question")])
    answer = memory.answer("Who owns FeatureStore?")
    assert [c.text for c in answer.context] == [
        "agent_b: FeatureStore is owned by Lena.", "agent_a: lunch at noon?", "agent_a: Who owns FeatureStore?",
    ]
    assert [c.turns for c in answer.context] == [[0], [1], [2]]
    assert answer.text == "Lena"
    assert answer.trace.reader_pick == 0
    assert answer.prompt.endswith("Q: Who owns FeatureStore?\nA:")
    assert "agent_b: FeatureStore is owned by Lena." in answer.prompt


def test_tokens_grow_with_the_conversation():
    memory = RawMemory(MemoryConfig(), None)
    memory.ingest(turn(0, "FeatureStore is owned by Lena."))
    costs = []
    for i in range(1, 61):
        memory.ingest(turn(i, f"standup notes for day {i}: nothing blocking, deploys went fine"))
        if i % 20 == 0:
            costs.append(memory.answer("Who owns FeatureStore?").tokens)
    assert costs[0] < costs[1] < costs[2]
    # Each 20 turns of the same length cost about the same: linear, not flat.
    assert abs((costs[2] - costs[1]) - (costs[1] - costs[0])) <= 0.1 * (costs[1] - costs[0])


def test_as_of_hides_later_turns():
    memory = RawMemory(MemoryConfig(), None)
    memory.ingest_many([turn(0, "FeatureStore is owned by Lena."), turn(5, "Update: Omar now owns FeatureStore.")])
    assert memory.answer("Who owns FeatureStore?").text == "Omar"
    past = memory.answer("Who owns FeatureStore?", as_of=3)
    assert past.text == "Lena"
    assert [c.turns for c in past.context] == [[0]]


def test_snapshot_lists_chunks_and_reset_clears_them():
    memory = RawMemory(MemoryConfig(), None)
    memory.ingest_many([turn(0, "a"), turn(1, "b", "agent_c")])
    snap = memory.snapshot()
    assert snap.backend == "raw"
    assert [(c.turn, c.speaker, c.channel, c.text) for c in snap.chunks] == [
        (0, "agent_a", "infra", "a"), (1, "agent_c", "infra", "b"),
    ]
    memory.reset()
    assert memory.snapshot().chunks == []
    assert memory.answer("Who owns FeatureStore?").context == []


def test_an_empty_memory_does_not_know():
    answer = RawMemory(MemoryConfig(), None).answer("Who owns FeatureStore?")
    assert answer.text == "" and answer.tokens > 0 and answer.latency_ms >= 0
