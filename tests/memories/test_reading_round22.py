"""Reading, round twenty-two: where nothing the turns say is surely the subject's, a text step reads a statement
that may be about another thing rather than give an answer of the wrong type ("nobody", asked for a priority); a
plan typed in lower case keeps the word of its name beside its tier ("redhill is breeder basic")."""

from __future__ import annotations

import pytest

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


# A plan typed in lower case: a tier word and one more word of its name, where a plan's name goes.

def _plan(text: str, subject: str) -> str | None:
    from memories.answer import ContextItem
    from memories.slot_reader import read_slots

    read = read_slots(subject, "plan", [ContextItem(text=text, turns=[0], score=0.9)])
    return read[0][0] if read else None


@pytest.mark.parametrize(
    ("text", "subject", "plan"),
    [
        ("mo: right so harbourview is kennel plus, renews june", "harbourview", "kennel plus"),
        ("mo: got them moved onto clinic pro last week, harbourview that is", "harbourview", "clinic pro"),
        ("mo: greyhound trust = rescue basic, ask finance for the rest", "greyhound trust", "rescue basic"),
        ("mo: harbourview: premium cover, renews june", "harbourview", "premium cover"),
    ],
)
def test_a_lowercase_tier_keeps_the_word_of_its_name_beside_it(text: str, subject: str, plan: str) -> None:
    assert _plan(text, subject) == plan


@pytest.mark.parametrize(
    "text",
    ["mo: harbourview are pretty basic about invoices", "mo: harbourview moved to pro now",
     "mo: harbourview went enterprise tbh"],
)
def test_a_word_saying_how_or_when_is_no_part_of_a_plan(text: str) -> None:
    assert _plan(text, "harbourview") in ("basic", "pro", "enterprise")

