"""Backend 5, `hybrid`: the graph answers when it can; when it cannot (no node linked, no relation read, no
edge or no path of the expected type), vector RAG over the same turns answers instead, and the trace says which.
"""

from __future__ import annotations

from memories.answer import Answer
from memories.embedder import Embedder, shared_minilm
from memories.graph import GraphMemory
from memories.protocol import Memory, MemoryConfig, Snapshot
from scenarios.models import Turn


class HybridMemory:
    name = "hybrid"

    def __init__(self, config: MemoryConfig | None = None, embedder: Embedder | None = None, *,
                 fallback: Memory | None = None) -> None:
        self.config = config or MemoryConfig()
        self.embedder = embedder if embedder is not None else shared_minilm()
        self.graph = GraphMemory(self.config, self.embedder)
        if fallback is None:
            from memories.vector import VectorMemory

            fallback = VectorMemory(self.config, self.embedder)
        self.fallback = fallback  # the vector memory, sharing the embedder (each text embedded once)

    def ingest(self, turn: Turn) -> None:
        self.graph.ingest(turn)
        self.fallback.ingest(turn)

    def ingest_many(self, turns: list[Turn]) -> None:
        self.graph.ingest_many(turns)
        self.fallback.ingest_many(turns)

    def reset(self) -> None:
        self.graph.reset()
        self.fallback.reset()

    def answer(self, question: str, *, as_of: int | None = None) -> Answer:
        graph = self.graph.answer(question, as_of=as_of)
        if graph.trace.failure is None and graph.text:
            trace = graph.trace.model_copy(update={"backend": self.name, "served_by": "graph"})
            return graph.model_copy(update={"backend": self.name, "trace": trace})
        vector = self.fallback.answer(question, as_of=as_of)
        g = graph.trace
        # The vector's candidates and reader pick, beside the graph's reason for passing (links, chain, failure).
        trace = vector.trace.model_copy(update={
            "backend": self.name, "served_by": self.fallback.name, "links": g.links, "relations": g.relations,
            "relation_scores": g.relation_scores, "expected_type": g.expected_type, "paths": g.paths,
            "stale": g.stale, "failure": g.failure, "missing": g.missing,
        })
        # Latency is the graph's attempt plus the fallback's retrieval and reading (the prompt built in
        # between is bookkeeping, as for the other backends).
        latency = graph.latency_ms + vector.latency_ms
        return vector.model_copy(update={"backend": self.name, "trace": trace, "latency_ms": latency})

    def snapshot(self) -> Snapshot:
        g = self.graph.snapshot()
        v = self.fallback.snapshot()
        return Snapshot(backend=self.name, chunks=v.chunks, nodes=g.nodes, edges=g.edges)
