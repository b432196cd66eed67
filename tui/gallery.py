"""The failure-mode gallery as data: each demo names a scenario, the question to stop at (where a backend breaks),
the backends and knobs to set, and one line saying what to look at."""

from __future__ import annotations

from typing import Any, Sequence

from pydantic import BaseModel, Field

from scenarios.models import Scenario


class Demo(BaseModel):
    id: str
    title: str
    scenario: str  # a catalog id (suite, library, scaling_N) or a scenario file
    question_type: str  # stop at a scripted question of this type...
    occurrence: int = 0  # ...the n-th of them (0 = the first)
    cross_channel: bool = False  # ...whose evidence spans more than one channel
    backends: list[str] | None = None  # None: all five
    knobs: dict[str, Any] = Field(default_factory=dict)  # MemoryConfig fields
    explanation: str
    # What the demo claims, checked against the real model by tests/tui/test_gallery_claims.py: the backends
    # that answer the stop question wrongly, and those that answer it rightly.
    breaks: list[str] = Field(default_factory=list)
    holds: list[str] = Field(default_factory=list)


DEMOS: list[Demo] = [
    Demo(
        id="join-trap",
        title="The join trap",
        scenario="join_trap",
        question_type="join",
        explanation="Two hops are needed, but the asked component's own owner is also stated: flat retrieval finds "
                    "that sentence and answers the one-hop owner; the graph walks depends_on, then owned_by.",
        breaks=["raw", "vector", "recursive"],
        holds=["graph", "hybrid"],
    ),
    Demo(
        id="stale-update",
        title="The stale update",
        scenario="stale_update",
        question_type="update",
        explanation="The priority was changed later in the chat. Flat retrieval reads the old statement and "
                    "returns the stale value; the graph retired the old edge when the new one arrived.",
        breaks=["raw", "vector", "recursive"],
        holds=["graph", "hybrid"],
    ),
    Demo(
        id="stale-update-no-supersession",
        title="The stale update, supersession off",
        scenario="stale_update",
        question_type="update",
        knobs={"supersession": False},
        explanation="The same question with supersession off: the old edge is never retired, so the graph walks "
                    "to the stale value too (press s to turn supersession back on and re-answer).",
        breaks=["vector", "graph"],
        holds=[],
    ),
    Demo(
        id="paraphrase-lexical",
        title="The paraphrase blind spot",
        scenario="paraphrase_blind_spot",
        question_type="paraphrase",
        occurrence=2,
        knobs={"linker": "lexical"},
        explanation="The question names the entity only by a description sharing no word with it. A lexical "
                    "linker finds no node; press l for the semantic linker and watch it link and answer.",
        breaks=["graph", "vector"],
        holds=[],
    ),
    Demo(
        id="buried-fact",
        title="A fact buried in near-topic noise",
        scenario="buried_fact",
        question_type="distant",
        explanation="The fact was stated long ago and filler keeps naming the same entities: similarity search "
                    "ranks chatter above it (see where the needed turn ranked, and k).",
        breaks=["vector"],
        holds=["graph", "hybrid"],
    ),
    Demo(
        id="extraction-miss",
        title="An extraction miss",
        scenario="extraction_miss",
        question_type="join",
        knobs={"extraction": "rules"},
        explanation="The graph is built from the text alone, and one fact is phrased so that extraction finds "
                    "nothing: the walk stops short. The hybrid reads that one step from the turns vector search "
                    "finds and walks on. Press x to give the graph the gold facts and re-answer.",
        breaks=["graph"],
        holds=["hybrid"],
    ),
    Demo(
        id="raw-cost",
        title="The raw dump's cost at 800 turns",
        scenario="scaling_800",
        question_type="direct",
        explanation="Raw sends the whole transcript with every question: look at the token bars. Vector, graph "
                    "and hybrid stay flat however long the chat gets.",
        breaks=[],
        holds=["graph", "hybrid"],
    ),
    Demo(
        id="cross-channel-join",
        title="A join across channels",
        scenario="workspace",
        question_type="join",
        cross_channel=True,
        explanation="Who handles the account was said in #accounts, that person's team in #ad-hoc: only a memory "
                    "that links entities across channels joins them.",
        breaks=["raw", "vector", "recursive"],
        holds=["graph", "hybrid"],
    ),
]


def find_demo(demo_id: str) -> Demo | None:
    for demo in DEMOS:
        if demo.id == demo_id:
            return demo
    return None


def resolve_scenario(spec: str) -> Scenario:
    """A catalog id or a scenario file. Raises ScenarioFileError (one line) when there is no such scenario."""
    from scenarios.catalog import find

    return find(spec)


def stop_position(timeline: Sequence[Any], demo: Demo) -> int | None:
    """The timeline position of the demo's question: seek there, then one step asks it."""
    seen = 0
    for i, beat in enumerate(timeline):
        question = getattr(beat, "question", None)
        if beat.kind != "question" or question is None or question.type != demo.question_type:
            continue
        if demo.cross_channel and not _spans_channels(timeline, question.evidence):
            continue
        if seen == demo.occurrence:
            return i
        seen += 1
    return None


def _spans_channels(timeline: Sequence[Any], evidence: list[int]) -> bool:
    channels = {beat.channel for beat in timeline
                if beat.kind == "turn" and beat.turn is not None and beat.turn.index in evidence}
    return len(channels) > 1
