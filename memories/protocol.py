"""The Memory protocol every backend implements, the knobs they share, and the snapshot the inspector reads."""

from __future__ import annotations

from typing import Literal, Protocol, runtime_checkable

from pydantic import BaseModel, Field

from memories.answer import Answer
from scenarios.models import Turn


class MemoryConfig(BaseModel):
    """Knobs. Every backend takes the whole config and reads the knobs that apply to it."""

    top_k: int = Field(default=4, ge=1, le=200)
    max_hops: int = Field(default=3, ge=1, le=3)
    linker: Literal["semantic", "lexical"] = "semantic"
    supersession: bool = True
    extraction: Literal["oracle", "rules"] = "oracle"
    recursive_rounds: int = Field(default=3, ge=1, le=10)
    recursive_token_budget: int = Field(default=400, ge=20)
    candidates_kept: int = Field(default=20, ge=1)  # ranked candidates kept in the trace beyond k


class ChunkView(BaseModel):
    turn: int
    speaker: str
    channel: str | None
    text: str


class NodeView(BaseModel):
    name: str
    type: str = "entity"
    description: str | None = None
    aliases: list[tuple[str, float]] = Field(default_factory=list)  # (alias, linking score)
    mentions: list[int] = Field(default_factory=list)


class EdgeView(BaseModel):
    subject: str
    predicate: str
    object: str
    turns: list[int] = Field(default_factory=list)
    speaker: str | None = None
    channel: str | None = None
    valid_from: int
    valid_to: int | None = None
    extracted: bool = False  # True when the edge came from text extraction, not gold facts


class Snapshot(BaseModel):
    """A read-only view of a memory's state, as of its latest ingest."""

    backend: str
    chunks: list[ChunkView] = Field(default_factory=list)
    nodes: list[NodeView] = Field(default_factory=list)
    edges: list[EdgeView] = Field(default_factory=list)

    @property
    def superseded(self) -> int:
        return sum(1 for e in self.edges if e.valid_to is not None)


@runtime_checkable
class Memory(Protocol):
    name: str
    config: MemoryConfig

    def ingest(self, turn: Turn) -> None: ...

    def ingest_many(self, turns: list[Turn]) -> None: ...

    def answer(self, question: str, *, as_of: int | None = None) -> Answer: ...

    def reset(self) -> None: ...

    def snapshot(self) -> Snapshot: ...
