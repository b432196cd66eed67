"""Messages the inspector passes around: engine events on their way to the UI thread, and the high-frequency
updates (status, memory sizes) where a newer message replaces an older one still waiting in the queue."""

from __future__ import annotations

import time
from dataclasses import dataclass

from textual.message import Message

from simulator.events import Event


class EngineEvent(Message):
    """One engine event, tagged with the engine generation so events from a replaced engine are ignored."""

    def __init__(self, event: Event, generation: int) -> None:
        super().__init__()
        self.event = event
        self.generation = generation
        self.emitted = time.perf_counter()  # for the render probe: emission -> drawn


@dataclass(frozen=True)
class MemorySize:
    chunks: int = 0
    nodes: int = 0
    edges: int = 0
    superseded: int = 0
    graph: bool = False  # True when the memory holds a graph (nodes/edges), not chunks
    pending: str | None = None  # "waiting for the embedding model", or a build error


class MemorySizes(Message):
    """Sizes of every memory; only the newest matters."""

    def __init__(self, sizes: dict[str, MemorySize], generation: int) -> None:
        super().__init__()
        self.sizes = sizes
        self.generation = generation

    def can_replace(self, message: Message) -> bool:
        return isinstance(message, MemorySizes)


class ModelState(Message):
    """The embedding model's loading state changed: "loading", "ready (3.2 s)", or "failed: ..."."""

    def __init__(self, state: str) -> None:
        super().__init__()
        self.state = state
