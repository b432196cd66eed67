"""Reading, round twenty-two: where nothing the turns say is surely the subject's, a text step reads a statement
that may be about another thing rather than give an answer of the wrong type ("nobody", asked for a priority)."""

from __future__ import annotations

from memories.hybrid import HybridMemory
from memories.protocol import MemoryConfig
from memories.slot_reader import fits
from scenarios.models import Turn


def _memory(embedder, *said: tuple[str, str]) -> HybridMemory:
    memory = HybridMemory(MemoryConfig(extraction="rules"), embedder)
    memory.ingest_many([Turn(index=i, speaker=speaker, text=text, channel="infra")
                        for i, (speaker, text) in enumerate(said)])
    return memory


def test_a_value_said_beside_another_thing_beats_an_answer_of_no_such_type(hash_embedder):
    memory = _memory(
        hash_embedder,
        ("ines", "side quest: the backup NAS in Porto, it tried to back up the frozen till"),
        ("tiago", "the Synology under the stairs at Ribeira House? that one's mine"),
        ("tiago", "it's on-prem at Ribeira House obviously, and it's P3, it can be down a day"),
        ("nuno", "nobody notices"),
    )
    answer = memory.answer("what priority is the backup NAS?")
    assert answer.text == "P3"
    assert fits(answer.text, "priority")
    assert answer.trace.paths[0][-1].source == "text"
