"""The headless fast path for the bench: a scenario's whole timeline through each memory, no event loop, no pacing.

Same semantics as stepping the Engine to the end (same timeline, same question turns ingested after answering), but
each run of consecutive messages goes to the memory in one `ingest_many` call, so embeddings are computed in batches.
"""

from __future__ import annotations

from typing import Callable

from pydantic import BaseModel, Field

from memories.answer import Answer
from memories.protocol import Memory
from scenarios.models import Scenario, Turn
from simulator.engine import build_timeline, failure_text, question_turn, safe_answer
from simulator.scoring import judge


class QuestionOutcome(BaseModel):
    answer: Answer
    correct: bool
    needed_ranks: dict[int, int | None] = Field(default_factory=dict)


class QuestionResult(BaseModel):
    scenario: str
    index: int  # the question's position in scenario.questions
    type: str
    text: str
    gold: list[str]
    evidence: list[int]
    after: int = -1  # the latest scenario turn posted when it was asked
    results: dict[str, QuestionOutcome] = Field(default_factory=dict)


class IngestFailed(RuntimeError):
    pass


ErrorHandler = Callable[[str, str], None]  # (backend, message)


def run_scenario(
    scenario: Scenario, memories: dict[str, Memory], *, on_error: ErrorHandler | None = None
) -> list[QuestionResult]:
    """Reset each memory, play the whole timeline into it, and grade its answer to every scripted question.

    A backend that raises in answer() gets an empty answer with `error` set (graded wrong) and the run goes on.
    A backend that raises while ingesting is reported to `on_error(backend, message)` and the run goes on with a
    memory that missed those turns; without `on_error` it raises IngestFailed, since a bench number from a memory
    that silently lost turns would be a wrong number.
    """
    timeline = build_timeline(scenario)
    results: list[QuestionResult] = []
    for beat in timeline:
        if beat.kind == "question":
            q = beat.question
            assert q is not None and beat.question_index is not None
            results.append(
                QuestionResult(
                    scenario=scenario.id, index=beat.question_index, type=q.type, text=q.text, gold=list(q.answer),
                    evidence=list(q.evidence), after=min(q.after, len(scenario.turns) - 1),
                )
            )

    def report(name: str, message: str) -> None:
        message = f"{scenario.id}: {name}: {message}"
        if on_error is None:
            raise IngestFailed(message)
        on_error(name, message)

    for name, memory in memories.items():
        try:
            memory.reset()
        except Exception as exc:  # noqa: BLE001
            report(name, f"reset failed: {failure_text(exc)}")
        pending: list[Turn] = []

        def flush() -> None:
            if pending:
                try:
                    memory.ingest_many(list(pending))
                except Exception as exc:  # noqa: BLE001
                    report(name, f"failed to ingest turns {pending[0].index}-{pending[-1].index}: {failure_text(exc)}")
                pending.clear()

        last_turn = -1
        asked = 0
        for beat in timeline:
            if beat.kind == "turn":
                assert beat.turn is not None
                pending.append(beat.turn)
                last_turn = beat.turn.index
                continue
            assert beat.question is not None
            flush()  # the memory answers from everything said so far
            answer = safe_answer(name, memory, beat.question.text)
            correct, ranks = judge(answer, beat.question)
            results[asked].results[name] = QuestionOutcome(answer=answer, correct=correct, needed_ranks=ranks)
            asked += 1
            pending.append(question_turn(beat, last_turn))
        flush()  # the memory ends in the same state as an engine stepped to the end
    return results
