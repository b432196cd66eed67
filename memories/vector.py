"""Backend 2, vector RAG: each turn embedded once at ingest (all-MiniLM-L6-v2, normalised) into a faiss inner-product
index; a question reads its top-k turns."""

from __future__ import annotations

import threading
import time

import faiss
import numpy as np

from memories.answer import Answer, Candidate, ContextItem, Trace
from memories.chunks import ChunkStore, context_item, read_into_answer
from memories.embedder import Embedder, shared_minilm
from memories.protocol import MemoryConfig, Snapshot
from scenarios.models import Turn


class VectorMemory:
    name = "vector"

    def __init__(self, config: MemoryConfig, embedder: Embedder | None = None) -> None:
        self.config = config
        self.embedder = embedder if embedder is not None else shared_minilm()
        self._store = ChunkStore()
        self._index = faiss.IndexFlatIP(self.embedder.dim)
        # The engine runs memory work in worker threads; an answer must not see a half-added batch.
        self._lock = threading.Lock()

    # -- ingest -----------------------------------------------------------------------------------------------
    def ingest(self, turn: Turn) -> None:
        self.ingest_many([turn])

    def ingest_many(self, turns: list[Turn]) -> None:
        if not turns:
            return
        # The turn's text alone is embedded (not "speaker: text"), so repeated filler hits the embedder's cache
        # whoever says it. One encode call per batch.
        vectors = self.embedder.encode([t.text for t in turns])
        with self._lock:
            for turn in turns:
                self._store.add(turn)
            self._index.add(np.ascontiguousarray(vectors, dtype=np.float32))

    # -- retrieval --------------------------------------------------------------------------------------------
    def search(self, query: str, limit: int, *, as_of: int | None = None,
               exclude: frozenset[int] | set[int] = frozenset()) -> list[tuple[int, float]]:
        """(row, score) of the best `limit` rows visible at `as_of` and not in `exclude`, best first."""
        return self.search_vector(self.embedder.encode([query])[0], limit, as_of=as_of, exclude=exclude)

    def search_vector(self, vector: np.ndarray, limit: int, *, as_of: int | None = None,
                      exclude: frozenset[int] | set[int] = frozenset()) -> list[tuple[int, float]]:
        """As `search`, for an already embedded query. Equal scores (a repeated text) go to the more recent turn."""
        n = self._index.ntotal
        if n == 0 or limit <= 0:
            return []
        # With as_of in the past, later rows must be skipped: rank them all (a flat index scans every row anyway).
        filtered = as_of is not None and as_of < self._store.newest
        want = n if filtered else min(n, limit + len(exclude))
        query = np.ascontiguousarray(vector.reshape(1, -1), dtype=np.float32)
        scores, rows = self._index.search(query, want)
        chunks = self._store.chunks
        hits = [
            (int(r), float(s)) for r, s in zip(rows[0], scores[0])
            if r >= 0 and int(r) not in exclude and (as_of is None or chunks[int(r)].turn <= as_of)
        ]
        hits.sort(key=lambda h: (-h[1], -chunks[h[0]].turn, -h[0]))
        return hits[:limit]

    def answer(self, question: str, *, as_of: int | None = None) -> Answer:
        k = self.config.top_k
        with self._lock:
            started = time.perf_counter()
            hits = self.search(question, k + self.config.candidates_kept, as_of=as_of)
            chunks = self._store.chunks
            candidates = [
                Candidate(turn=chunks[row].turn, score=score, rank=rank, round=1, text=chunks[row].text)
                for rank, (row, score) in enumerate(hits, start=1)
            ]
            context: list[ContextItem] = [
                context_item(chunks[row], score=score, rank=rank) for rank, (row, score) in enumerate(hits[:k], 1)
            ]
            trace = Trace(backend=self.name, candidates=candidates, k=k)
            return read_into_answer(self.name, question, context, trace, started)

    def reset(self) -> None:
        with self._lock:
            self._store.clear()
            self._index.reset()  # the embedder's text cache stays: re-ingesting the same turns costs nothing

    def snapshot(self) -> Snapshot:
        with self._lock:
            return Snapshot(backend=self.name, chunks=list(self._store.chunks))
