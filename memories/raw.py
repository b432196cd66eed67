"""Backend 1, the raw transcript dump: every turn so far is the context, so its cost grows with the conversation."""

from __future__ import annotations

import time

from memories.answer import Answer, Trace
from memories.chunks import ChunkStore, context_item, read_into_answer
from memories.embedder import Embedder
from memories.protocol import MemoryConfig, Snapshot
from scenarios.models import Turn


class RawMemory:
    name = "raw"

    def __init__(self, config: MemoryConfig, embedder: Embedder | None = None) -> None:
        self.config = config  # raw has no knobs and no embedder: it reads everything
        self._store = ChunkStore()

    def ingest(self, turn: Turn) -> None:
        self._store.add(turn)

    def ingest_many(self, turns: list[Turn]) -> None:
        for turn in turns:
            self._store.add(turn)

    def answer(self, question: str, *, as_of: int | None = None) -> Answer:
        started = time.perf_counter()
        context = [context_item(c) for c in self._store.chunks if as_of is None or c.turn <= as_of]
        return read_into_answer(self.name, question, context, Trace(backend=self.name), started)

    def reset(self) -> None:
        self._store.clear()

    def snapshot(self) -> Snapshot:
        return Snapshot(backend=self.name, chunks=list(self._store.chunks))
