"""Small deterministic memories for engine and runner tests: no embedder, no model, same answers every run."""

from __future__ import annotations

import re
import threading

from memories.answer import Answer, Candidate, ContextItem, Trace
from memories.protocol import ChunkView, MemoryConfig, Snapshot
from scenarios.models import Fact, Question, Scenario, Turn

_WORD = re.compile(r"[a-z0-9]+")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


class OverlapMemory:
    """Remembers every turn; ranks them by words shared with the question (ties: the later turn first) and answers
    with the last word of the best one. Records how it was used, so tests can see batching and threads."""

    def __init__(self, name: str = "overlap", config: MemoryConfig | None = None) -> None:
        self.name = name
        self.config = config or MemoryConfig()
        self.turns: list[Turn] = []
        self.batches: list[int] = []  # size of each ingest_many call
        self.answers_given = 0
        self.threads: set[str] = set()

    def ingest(self, turn: Turn) -> None:
        self.threads.add(threading.current_thread().name)
        self.turns.append(turn)

    def ingest_many(self, turns: list[Turn]) -> None:
        self.batches.append(len(turns))
        for turn in turns:
            self.ingest(turn)

    def answer(self, question: str, *, as_of: int | None = None) -> Answer:
        self.threads.add(threading.current_thread().name)
        self.answers_given += 1
        asked = _words(question)
        scored = [
            (len(asked & _words(t.text)), position, t)
            for position, t in enumerate(self.turns)
            if t.kind == "message"
        ]
        scored.sort(key=lambda row: (-row[0], -row[1]))
        top = [row for row in scored if row[0] > 0][: self.config.top_k]
        candidates = [
            Candidate(turn=t.index, score=float(score), rank=rank, text=t.text)
            for rank, (score, _, t) in enumerate(top, start=1)
        ]
        text = ""
        if top:
            words = top[0][2].text.rstrip(".!?").split()
            text = words[-1] if words else ""
        context = [
            ContextItem(text=t.text, turns=[t.index], score=float(score), rank=rank)
            for rank, (score, _, t) in enumerate(top, start=1)
        ]
        return Answer(
            backend=self.name, text=text, context=context, prompt=question, tokens=len(question.split()),
            trace=Trace(backend=self.name, candidates=candidates, k=self.config.top_k),
        )

    def reset(self) -> None:
        self.turns = []

    def snapshot(self) -> Snapshot:
        return Snapshot(
            backend=self.name,
            chunks=[
                ChunkView(turn=t.index, speaker=t.speaker, channel=t.channel, text=f"{t.kind}: {t.text}")
                for t in self.turns
            ],
        )


class BrokenMemory(OverlapMemory):
    """Raises in answer() or in ingest() (optionally only on turns whose text contains `trigger`)."""

    def __init__(self, name: str = "broken", *, fails_in: str = "answer", trigger: str = "") -> None:
        super().__init__(name)
        self.fails_in = fails_in
        self.trigger = trigger

    def ingest(self, turn: Turn) -> None:
        if self.fails_in == "ingest" and self.trigger in turn.text:
            raise ValueError(f"cannot digest {turn.text!r}")
        super().ingest(turn)

    def answer(self, question: str, *, as_of: int | None = None) -> Answer:
        if self.fails_in == "answer":
            raise RuntimeError("index corrupted")
        return super().answer(question, as_of=as_of)


def small_scenario() -> Scenario:
    """Five turns in two channels, four questions; timeline: T0 T1 Q0 Q1 T2 T3 Q2 T4 Q3 (9 beats)."""
    return Scenario(
        id="engine_test",
        channel="accounts",
        turns=[
            Turn(speaker="agent_b", text="The Acme account is handled by Dana.",
                 facts=[Fact.model_validate(["Acme account", "handled_by", "Dana"])]),
            Turn(speaker="agent_c", text="Dana works out of the office in Berlin.",
                 facts=[Fact.model_validate(["Dana", "works_in", "Berlin office"])]),
            Turn(speaker="agent_a", text="Is the Acme dashboard slow for anyone else today?"),
            Turn(speaker="agent_b", channel="ad-hoc", text="Project Atlas is led by Omar.",
                 facts=[Fact.model_validate(["Project Atlas", "led_by", "Omar"])]),
            Turn(speaker="agent_c", text="Lunch is at noon."),
        ],
        questions=[
            Question(after=1, text="Where does Dana work out of?", type="direct", answer=["Berlin", "Berlin office"],
                     evidence=[1]),
            Question(after=1, text="Which office handles the Acme account?", type="join", answer=["Berlin"],
                     evidence=[0, 1]),
            Question(after=3, speaker="agent_c", text="Project Atlas is led by whom?", type="direct", answer="Omar",
                     evidence=[3]),
            Question(after=4, text="Who has the Acme account?", type="distant", answer="Dana", evidence=[0]),
        ],
    )
