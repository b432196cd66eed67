"""What a memory hands back for a question: the answer, the context it read, the prompt, its cost and its trace.

The trace is data (scores, ranks, turn ids, graph paths, the linker's choice): the TUI draws it and the bench
stores it. No UI strings are built here.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field


class ContextItem(BaseModel):
    """One item handed to the reader: a retrieved chunk, or one walked fact rendered as a short sentence."""

    text: str
    turns: list[int] = Field(default_factory=list)  # source turn indices
    score: float | None = None
    rank: int | None = None  # 1-based rank in the retrieval, when ranked


class Candidate(BaseModel):
    """A ranked retrieval candidate (kept beyond k so that the rank of a needed turn can be shown)."""

    turn: int
    score: float
    rank: int  # 1-based
    round: int = 1  # recursive RAG: the round that first found it
    text: str = ""


class LinkDecision(BaseModel):
    """How a mention in the question was tied to a graph node."""

    mention: str
    node: str | None = None
    step: Literal["exact", "short", "overlap", "semantic", "none"] = "none"
    score: float = 0.0
    runner_up: str | None = None
    runner_up_score: float | None = None


class Hop(BaseModel):
    """One walked edge."""

    subject: str
    predicate: str
    object: str
    turns: list[int] = Field(default_factory=list)
    valid_from: int | None = None
    valid_to: int | None = None
    superseded: bool = False
    # "text": not an edge of the graph but a step the hybrid read from retrieved turns, where the graph had none;
    # "places": a step known from the world's places, not from the chat ("the Austin office" is in Austin, Munich
    # is in Germany)
    source: Literal["graph", "text", "places"] = "graph"
    # a text step: the reading ranker's score for what it read, and the best other reading it passed over
    weight: float | None = None
    runner_up: str | None = None
    runner_up_weight: float | None = None


class MissedTurn(BaseModel):
    """A turn that names an entity but from which extraction produced no edge touching it."""

    turn: int
    text: str


class MissingEdge(BaseModel):
    """Why a text-extracted graph could not take a step: the edge it needed, and the turns that named the node
    it stood on yet gave extraction nothing about it (the likely place the fact was said in words it missed)."""

    subject: str  # the node the walk stood on
    predicate: str  # the relation it needed from there
    turns: list[MissedTurn] = Field(default_factory=list)  # oldest first, at most a few
    more: int = 0  # such turns beyond those listed


class Trace(BaseModel):
    """Backend-specific steps; a backend fills the fields that apply to it."""

    backend: str
    # Flat retrieval (vector, recursive, raw)
    candidates: list[Candidate] = Field(default_factory=list)
    k: int | None = None
    rounds: list[list[str]] = Field(default_factory=list)  # recursive: the query text of each round
    budget_stop: str | None = None  # recursive: why it stopped ("rounds", "tokens", "nothing_new")
    # Graph
    links: list[LinkDecision] = Field(default_factory=list)
    relations: list[str] = Field(default_factory=list)  # predicate chain read from the question
    relation_scores: list[float] = Field(default_factory=list)
    expected_type: str | None = None
    paths: list[list[Hop]] = Field(default_factory=list)  # walked paths; the first is the answer's
    stale: list[Hop] = Field(default_factory=list)  # superseded edges seen on the way (for dimming)
    failure: str | None = None  # machine-readable reason: "no_link", "no_relation", "no_path", "no_edge"
    missing: MissingEdge | None = None  # extraction="rules" only: the edge a no_edge/no_path walk lacked
    # Hybrid
    served_by: str | None = None
    # Reader
    reader_pick: int | None = None  # index into Answer.context of the sentence the reader used


class Answer(BaseModel):
    backend: str
    text: str = ""  # short answer span; "" when the memory does not know
    context: list[ContextItem] = Field(default_factory=list)
    prompt: str = ""
    tokens: int = 0
    latency_ms: float = 0.0
    trace: Trace
    error: str | None = None  # set when the backend raised; the others go on
