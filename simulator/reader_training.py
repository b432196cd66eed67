"""Training the reading ranker (memories.reading_ranker) on scenario files with gold facts.

Each fact a one-step question can ask ("Who owns zonemap?", as `ctxsim bench reading` asks it) is put to the
hybrid memory with rules extraction, and so are the scenarios' own questions. Where the graph has no edge and the
hybrid reads the retrieved turns, the candidates it weighed are kept, each labelled by whether it is an object the
gold facts give that step's subject (the newest, for a relation that holds one value). The model is a
conditional logit over each question's candidates (the chosen one is the most likely), fitted by Newton's method
with an L2 penalty: deterministic, so the same files give the same weights.

Before the weights are written, each writer's files (the scenario id's prefix, "d17" of "d17_infra_1") are read
with a model trained on the other writers only: the figure that says whether the ranking carries over to a
writer it never saw. The gold facts only label; the memory sees the questions' text alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from memories.embedder import Embedder
from memories.hybrid import ONE_STEP
from memories.protocol import MemoryConfig
from memories.reading_ranker import FEATURES, Candidate
from memories.slot_reader import subject_words
from memories.registry import create
from scenarios.models import MULTI_VALUED, PREDICATES, Scenario
from simulator.reading_bench import accepted, latest_facts
from simulator.scoring import grade

L2 = 10.0  # the penalty on standardised weights: the held-out writer's accuracy barely moves between 0.1 and 30
_BIAS = FEATURES.index("bias")
_HAND = FEATURES.index("hand_first")

Progress = Callable[[int, int, str], None]


@dataclass
class Question:
    scenario: str
    features: np.ndarray  # candidates x FEATURES
    right: np.ndarray  # 1 where the candidate is the fact's newest object

    @property
    def writer(self) -> str:
        return self.scenario.split("_")[0]


@dataclass
class Fit:
    weights: np.ndarray
    means: np.ndarray
    scales: np.ndarray

    def pick(self, question: Question) -> int:
        return int(np.argmax(((question.features - self.means) / self.scales) @ self.weights))


@dataclass
class TrainingReport:
    n_facts: int
    n_read: int  # text steps: facts read back from text, and steps of the scenarios' own questions
    n_reachable: int  # of those, the ones where some candidate is right
    writers: dict[str, dict[str, int]]  # writer -> {"steps", "hand", "model"}, the model trained without them
    fit: Fit

    def to_json(self) -> str:
        return json.dumps({
            "features": list(FEATURES),
            "weights": [round(float(x), 6) for x in self.fit.weights],
            "means": [round(float(x), 6) for x in self.fit.means],
            "scales": [round(float(x), 6) for x in self.fit.scales],
            "trained_on": {"facts": self.n_facts, "text_steps": self.n_read, "reachable": self.n_reachable,
                           "writers": sorted(self.writers)},
            "held_out_writer": self.writers,
        }, indent=1) + "\n"


def collect(scenarios: Sequence[Scenario], embedder: Embedder | None, *, progress: Progress | None = None,
            ) -> tuple[int, list[Question]]:
    """(facts asked, the candidates of each text step): one question per fact, and every step the scenario's own
    questions read from text on the way (a chain's middle steps), each labelled by the gold facts of its subject
    as they stood when the question was asked."""
    asked = 0
    questions: list[Question] = []
    config = MemoryConfig(extraction="rules")
    for done, scenario in enumerate(scenarios):
        memory = create("hybrid", config, embedder)
        memory.ingest_many(scenario.turns)
        for subject, predicate, objects, _ in latest_facts(scenario):
            asked += 1
            memory.reading_log = []
            memory.answer(ONE_STEP[predicate].format(subject))
            if not memory.reading_log:
                continue  # the graph answered
            found = memory.reading_log[0][2]  # a one-step question reads once
            forms = [accepted(obj, predicate) for obj in objects]
            if found:
                questions.append(_labelled(scenario.id, found, forms))
        for question in scenario.questions:
            memory.reading_log = []
            memory.answer(question.text, as_of=question.after)
            for subject, wanted, found in memory.reading_log:
                forms = _held(scenario, subject, wanted, question.after)
                if found and forms:
                    questions.append(_labelled(scenario.id, found, forms))
        memory.reading_log = None
        if progress is not None:
            progress(done + 1, len(scenarios), scenario.id)
    return asked, questions


def _labelled(scenario: str, found: Sequence[Candidate], forms: Sequence[Sequence[str]]) -> Question:
    return Question(scenario, np.array([c.vector() for c in found], dtype=float),
                    np.array([any(grade(c.answer, f) for f in forms) for c in found], dtype=float))


def _held(scenario: Scenario, subject: str, wanted: str, after: int) -> list[list[str]]:
    """The accepted forms of every object of type `wanted` the gold facts give `subject` (by its words: "Niamh"
    is Niamh Corrigan) as they stand after turn `after`: a single-valued relation's newest, a multi-valued one's
    all."""
    about = subject_words(subject)
    held: dict[tuple[str, str], list[str]] = {}
    for turn in scenario.turns:
        if turn.index > after:
            break
        for fact in turn.facts:
            if fact.predicate not in ONE_STEP or PREDICATES[fact.predicate][1] != wanted:
                continue
            words = subject_words(fact.subject)
            if not about or not words or not (about <= words or words <= about):
                continue
            key = (fact.subject, fact.predicate)
            before = held.get(key, []) if fact.predicate in MULTI_VALUED else []
            held[key] = [*before, fact.object]
    return [accepted(obj, predicate) for (_, predicate), objects in held.items() for obj in objects]


def fit(questions: Sequence[Question], l2: float = L2, steps: int = 50) -> Fit:
    """The conditional logit's weights on standardised features, for the questions some candidate answers."""
    every = np.concatenate([q.features for q in questions])
    means, scales = every.mean(axis=0), every.std(axis=0)
    scales[scales < 1e-9] = 1.0
    means[_BIAS], scales[_BIAS] = 0.0, 1.0  # a constant: no part in a choice among candidates
    data = [((q.features - means) / scales, q.right) for q in questions if q.right.any()]
    weights = np.zeros(len(FEATURES))
    for _ in range(steps):
        gradient = l2 * weights
        hessian = l2 * np.eye(len(FEATURES))
        for x, right in data:
            z = x @ weights
            p = np.exp(z - z.max())
            p /= p.sum()
            chosen = p * right / (p * right).sum()  # the right candidates, weighed as the model sees them
            gradient -= x.T @ (chosen - p)
            mean = x.T @ p
            hessian += x.T @ (x * p[:, None]) - np.outer(mean, mean)
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.abs(step).max() < 1e-9:
            break
    return Fit(weights, means, scales)


def by_held_out_writer(questions: Sequence[Question]) -> dict[str, dict[str, int]]:
    """For each writer, how many of their text steps the hand-ordered reader and a model trained on the other
    writers read right."""
    out: dict[str, dict[str, int]] = {}
    for writer in sorted({q.writer for q in questions}):
        rest = [q for q in questions if q.writer != writer]
        own = [q for q in questions if q.writer == writer]
        model = fit(rest) if any(q.right.any() for q in rest) else None
        hand = sum(int(q.right[np.flatnonzero(q.features[:, _HAND])[0]]) for q in own if q.features[:, _HAND].any())
        picked = sum(int(q.right[model.pick(q)]) for q in own) if model is not None else hand
        out[writer] = {"steps": len(own), "hand": hand, "model": picked}
    return out


def train(scenarios: Sequence[Scenario], embedder: Embedder | None, *, progress: Progress | None = None,
          ) -> TrainingReport:
    asked, questions = collect(scenarios, embedder, progress=progress)
    if not any(q.right.any() for q in questions):
        raise ValueError("no fact was read from text with a right candidate: nothing to train on")
    return TrainingReport(n_facts=asked, n_read=len(questions),
                          n_reachable=sum(1 for q in questions if q.right.any()),
                          writers=by_held_out_writer(questions), fit=fit(questions))


def write(report: TrainingReport, path: Path) -> None:
    path.write_text(report.to_json(), encoding="utf-8")
