"""The headless runner: the same answers as stepping the engine, in batches, with failures contained."""

from __future__ import annotations

import importlib

import pytest

from memories.protocol import Memory
from simulator.engine import Engine
from simulator.events import AnswerReady, QuestionAsked
from simulator.runner import IngestFailed, QuestionResult, run_scenario
from tests.simulator.fake_memories import BrokenMemory, OverlapMemory, small_scenario


async def step_engine(memories: dict[str, Memory]) -> dict[tuple[int, str], AnswerReady]:
    """Every scripted answer of an engine stepped to the end, keyed by (question index, backend)."""
    engine = Engine(small_scenario(), memories)
    asked: dict[int, int] = {}  # ask id -> question index
    ready: dict[tuple[int, str], AnswerReady] = {}

    def on_event(event):
        if isinstance(event, QuestionAsked):
            asked[event.ask_id] = len(asked)
        elif isinstance(event, AnswerReady):
            ready[(asked[event.ask_id], event.backend)] = event

    engine.add_listener(on_event)
    while not engine.finished:
        await engine.step()
    await engine.close()
    return ready


def test_results_describe_every_scripted_question_in_timeline_order():
    results = run_scenario(small_scenario(), {"a": OverlapMemory("a")})
    assert all(isinstance(r, QuestionResult) for r in results)
    assert [(r.index, r.type, r.after) for r in results] == [(0, "direct", 1), (1, "join", 1), (2, "direct", 3),
                                                             (3, "distant", 4)]
    assert results[0].gold == ["Berlin", "Berlin office"] and results[1].evidence == [0, 1]
    assert {r.scenario for r in results} == {"engine_test"}
    assert [r.results["a"].correct for r in results] == [True, False, True, True]


async def test_runner_answers_exactly_as_the_stepped_engine_does():
    by_engine = await step_engine({"a": OverlapMemory("a"), "b": OverlapMemory("b")})
    results = run_scenario(small_scenario(), {"a": OverlapMemory("a"), "b": OverlapMemory("b")})
    assert len(by_engine) == 2 * len(results)
    for result in results:
        for name, outcome in result.results.items():
            event = by_engine[(result.index, name)]
            assert outcome.answer == event.answer
            assert (outcome.correct, outcome.needed_ranks) == (event.correct, event.needed_ranks)


async def test_runner_leaves_memories_as_the_engine_at_the_end_leaves_them():
    engine = Engine(small_scenario(), {"a": OverlapMemory("a")})
    await engine.play(float("inf"))
    await engine.close()
    ran = OverlapMemory("a")
    run_scenario(small_scenario(), {"a": ran})
    assert ran.snapshot() == engine.memories["a"].snapshot()


def test_consecutive_turns_are_ingested_in_one_batch():
    memory = OverlapMemory("a")
    run_scenario(small_scenario(), {"a": memory})
    # T0 T1 | Q0 | Q1 T2 T3 | Q2 T4 | Q3: each batch is flushed right before the next question is answered.
    assert memory.batches == [2, 1, 3, 2, 1]


def test_memories_are_reset_first_so_a_second_run_gives_the_same_results():
    memory = OverlapMemory("a")
    first = run_scenario(small_scenario(), {"a": memory})
    second = run_scenario(small_scenario(), {"a": memory})
    assert first == second


def test_a_backend_that_raises_in_answer_is_graded_wrong_and_the_others_go_on():
    results = run_scenario(small_scenario(), {"broken": BrokenMemory(fails_in="answer"), "a": OverlapMemory("a")})
    for result in results:
        broken = result.results["broken"]
        assert broken.answer.error == "RuntimeError: index corrupted" and broken.answer.text == ""
        assert broken.correct is False and set(broken.needed_ranks.values()) == {None}
    assert [r.results["a"].correct for r in results] == [True, False, True, True]


def test_an_ingest_failure_raises_unless_someone_listens():
    def broken():
        return BrokenMemory(fails_in="ingest", trigger="Atlas")

    with pytest.raises(IngestFailed, match="engine_test: broken: failed to ingest turns"):
        run_scenario(small_scenario(), {"broken": broken()})
    reported: list[tuple[str, str]] = []
    results = run_scenario(small_scenario(), {"broken": broken(), "a": OverlapMemory("a")},
                           on_error=lambda name, msg: reported.append((name, msg)))
    assert [name for name, _ in reported] == ["broken", "broken"]  # the batch with turn 3, then question 2's text
    assert "ValueError" in reported[0][1]
    assert [r.results["a"].correct for r in results] == [True, False, True, True]


def _registry_backends(embedder) -> dict[str, Memory]:
    from memories import registry

    out: dict[str, Memory] = {}
    for name in registry.DEFAULT_BACKENDS:
        module = registry.BACKENDS[name].partition(":")[0]
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name == module:
                continue  # not written yet
            raise
        out[name] = registry.create(name, embedder=embedder)
    return out


async def test_real_backends_answer_the_same_through_the_runner_and_the_engine(hash_embedder):
    engine_memories = _registry_backends(hash_embedder)
    if not engine_memories:
        pytest.skip("no backend module in memories.registry exists yet")
    by_engine = await step_engine(engine_memories)
    results = run_scenario(small_scenario(), _registry_backends(hash_embedder))
    for result in results:
        for name, outcome in result.results.items():
            event = by_engine[(result.index, name)]
            assert outcome.answer.error is None, f"{name}: {outcome.answer.error}"
            assert outcome.answer.text == event.answer.text, name
            assert outcome.answer.context == event.answer.context, name
            assert outcome.answer.tokens == event.answer.tokens, name
            assert (outcome.correct, outcome.needed_ranks) == (event.correct, event.needed_ranks), name
