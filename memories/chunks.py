"""Turns held as chunks by the flat memories (raw, vector, recursive), and the one way they turn a context into an
Answer: the reader's span, the shared prompt, its token count.
"""

from __future__ import annotations

import time

from memories.answer import Answer, ContextItem, Trace
from memories.prompt import build_prompt
from memories.protocol import ChunkView
from memories.reader import read
from memories.tokens import count_tokens
from scenarios.models import Turn


def chunk_text(chunk: ChunkView) -> str:
    """How a chunk appears in a context: "speaker: text", as a transcript line."""
    return f"{chunk.speaker}: {chunk.text}"


class ChunkStore:
    """Every ingested turn in ingest order; row i of a vector index is chunk i."""

    def __init__(self) -> None:
        self.chunks: list[ChunkView] = []
        self.newest = -1  # highest turn index held

    def __len__(self) -> int:
        return len(self.chunks)

    def add(self, turn: Turn) -> ChunkView:
        # A turn built by hand may have no index: it then reads as "just after the latest one".
        index = turn.index if turn.index >= 0 else self.newest + 1
        chunk = ChunkView(turn=index, speaker=turn.speaker, channel=turn.channel, text=turn.text)
        self.chunks.append(chunk)
        self.newest = max(self.newest, index)
        return chunk

    def clear(self) -> None:
        self.chunks.clear()
        self.newest = -1


def context_item(chunk: ChunkView, score: float | None = None, rank: int | None = None) -> ContextItem:
    return ContextItem(text=chunk_text(chunk), turns=[chunk.turn], score=score, rank=rank)


def read_into_answer(backend: str, question: str, context: list[ContextItem], trace: Trace, started: float) -> Answer:
    """Run the reader over `context` and assemble the Answer. `started` is the perf_counter value taken before
    retrieval; latency covers retrieval and reading, not the bookkeeping of prompt and token count."""
    result = read(question, context)
    latency_ms = (time.perf_counter() - started) * 1000.0
    trace.reader_pick = result.pick
    prompt = build_prompt(question, context)
    return Answer(
        backend=backend, text=result.text, context=context, prompt=prompt, tokens=count_tokens(prompt),
        latency_ms=latency_ms, trace=trace,
    )
