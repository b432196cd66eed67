"""The reading benchmark: one plain one-step question per fact of a scenario ("Who owns zonemap?", asked by the
fact's subject's full name, after the whole conversation), graded against the fact's newest object.

It measures how well a memory reads one fact back when the question is no obstacle: many more items than the
scenario's own questions (every gold fact of the latest value), each naming its subject plainly, so misses are the
memory's, not the question parser's. The memory sees only the question's text; the gold fact only grades.
Apart from latency and timing fields, two runs on the same inputs give byte-identical JSON.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from pydantic import BaseModel

from memories.embedder import Embedder
from memories.entities import GENERIC_HEADS
from memories.hybrid import ONE_STEP
from memories.mentions import PERSON
from memories.protocol import MemoryConfig
from memories.registry import create
from scenarios.models import MULTI_VALUED, PREDICATES, Scenario
from simulator.scoring import grade

Progress = Callable[[int, int, str], None]  # (done, total, label)


class ReadingItem(BaseModel):
    scenario: str
    question: str
    predicate: str
    gold: list[str]  # every object the fact holds now (a multi-valued relation may hold several)
    evidence: list[int]  # the turns that stated them
    results: dict[str, dict]  # backend -> {"answer", "correct"}


class ReadingReport(BaseModel):
    extraction: str
    n_conversations: int
    n_items: int
    backends: dict[str, dict[str, float]]  # backend -> predicate -> accuracy, and "overall"
    items: list[ReadingItem]
    timing: dict[str, float]

    def to_json(self) -> str:
        return self.model_dump_json(indent=2)


def accepted(obj: str, predicate: str) -> list[str]:
    """The forms of a gold object an answer may give: the full name, the name without its generic head ("Leeds"
    of "Leeds office"), a person's given name, a month's three letters."""
    forms = [obj]
    words = obj.split()
    bare = [w for w in words if w.casefold() not in GENERIC_HEADS]
    if bare and len(bare) < len(words):
        forms.append(" ".join(bare))
    if PREDICATES[predicate][1] == PERSON and len(words) >= 2:
        forms.append(words[0])
    if predicate == "renews_in" and len(obj) > 3:
        forms.append(obj[:3])
    return forms


def latest_facts(scenario: Scenario) -> list[tuple[str, str, list[str], list[int]]]:
    """(subject, predicate, objects, turns) for each subject and relation a one-step question can ask, with the
    objects as they stand after the last turn: a single-valued relation's newest, a multi-valued one's all."""
    held: dict[tuple[str, str], tuple[list[str], list[int]]] = {}
    for turn in scenario.turns:
        for fact in turn.facts:
            if fact.predicate not in ONE_STEP:
                continue
            key = (fact.subject, fact.predicate)
            objects, turns = held.get(key, ([], []))
            if fact.predicate not in MULTI_VALUED:
                objects, turns = [], []
            if fact.object not in objects:
                held[key] = ([*objects, fact.object], [*turns, turn.index])
    return [(s, p, objects, turns) for (s, p), (objects, turns) in held.items()]


def run_reading(scenarios: Sequence[Scenario], backends: Sequence[str], config: MemoryConfig,
                embedder_factory: Callable[[], Embedder | None], *, progress: Progress | None = None
                ) -> ReadingReport:
    start = time.perf_counter()
    t0 = time.perf_counter()
    embedder = embedder_factory()
    model_load_s = time.perf_counter() - t0
    items: list[ReadingItem] = []
    for done, scenario in enumerate(scenarios):
        memories = {name: create(name, config, embedder) for name in backends}
        for memory in memories.values():
            memory.ingest_many(scenario.turns)
        for subject, predicate, objects, turns in latest_facts(scenario):
            question = ONE_STEP[predicate].format(subject)
            results = {}
            for name, memory in memories.items():
                answer = memory.answer(question)
                correct = any(grade(answer.text, accepted(obj, predicate)) for obj in objects)
                results[name] = {"answer": answer.text, "correct": correct,
                                 "latency_ms": round(answer.latency_ms, 4)}
            items.append(ReadingItem(scenario=scenario.id, question=question, predicate=predicate, gold=objects,
                                     evidence=turns, results=results))
        if progress is not None:
            progress(done + 1, len(scenarios), scenario.id)
    summary: dict[str, dict[str, float]] = {}
    for name in backends:
        by: dict[str, list[bool]] = {}
        for item in items:
            by.setdefault(item.predicate, []).append(item.results[name]["correct"])
        every = [ok for oks in by.values() for ok in oks]
        summary[name] = {p: round(sum(oks) / len(oks), 4) for p, oks in sorted(by.items())}
        summary[name]["overall"] = round(sum(every) / len(every), 4) if every else 0.0
    return ReadingReport(extraction=config.extraction, n_conversations=len(scenarios), n_items=len(items),
                         backends=summary, items=items,
                         timing={"wall_s": round(time.perf_counter() - start, 3),
                                 "model_load_s": round(model_load_s, 3)})
