"""Stand-ins that keep a backend's seat while it cannot run: waiting for the embedding model, or failed to build.
They follow the Memory protocol, so the engine treats them like any backend (an answer that raises becomes an
Answer with its error set, shown in that backend's own panel)."""

from __future__ import annotations

from memories.protocol import MemoryConfig, Snapshot
from scenarios.models import Turn


class BackendNotReady(RuntimeError):
    pass


class PlaceholderMemory:
    """Ingests nothing; answering raises with the reason the real backend is absent."""

    def __init__(self, name: str, config: MemoryConfig, reason: str) -> None:
        self.name = name
        self.config = config
        self.reason = reason

    def ingest(self, turn: Turn) -> None:
        pass

    def ingest_many(self, turns: list[Turn]) -> None:
        pass

    def answer(self, question: str, *, as_of: int | None = None):
        raise BackendNotReady(self.reason)

    def reset(self) -> None:
        pass

    def snapshot(self) -> Snapshot:
        return Snapshot(backend=self.name)


WAITING = "waiting for the embedding model"
MODEL_FREE = frozenset({"raw"})  # backends that never embed, so they start before the model has loaded


def needs_model(backend: str) -> bool:
    return backend not in MODEL_FREE
