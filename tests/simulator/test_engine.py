"""The engine's contract: beats in script order by their own agents, step/play/pause/seek, determinism, asking and
posting, backends that fail, and memory work kept off the event loop."""

from __future__ import annotations

import asyncio
import threading

import pytest

from memories.protocol import Memory
from simulator.engine import Beat, Engine, build_timeline
from simulator.events import (
    AnswerReady,
    EngineError,
    MemoryReset,
    QuestionAsked,
    ScenarioFinished,
    TurnPosted,
)
from tests.simulator.fake_memories import BrokenMemory, OverlapMemory, small_scenario

TOTAL = 9  # beats in small_scenario(): T0 T1 Q0 Q1 T2 T3 Q2 T4 Q3


def make_engine(**memories: Memory) -> Engine:
    return Engine(small_scenario(), memories or {"a": OverlapMemory("a"), "b": OverlapMemory("b")})


@pytest.fixture
async def engine():
    eng = make_engine()
    yield eng
    await eng.close()


def record(eng: Engine) -> list:
    seen: list = []
    eng.add_listener(seen.append)
    return seen


def _beat_shape(beat: Beat) -> str:
    return f"T{beat.turn.index}" if beat.kind == "turn" else f"Q{beat.question_index}"


def test_timeline_puts_each_question_right_after_its_turn():
    timeline = build_timeline(small_scenario())
    assert [_beat_shape(b) for b in timeline] == ["T0", "T1", "Q0", "Q1", "T2", "T3", "Q2", "T4", "Q3"]
    assert timeline[2].speaker == "agent_b"  # a question without a speaker is asked by the first speaker
    assert timeline[6].speaker == "agent_c"
    assert timeline[6].channel == "ad-hoc"  # asked where the conversation is: turn 3 was in #ad-hoc


async def test_step_does_exactly_one_beat_at_a_time(engine):
    events = await engine.step()
    assert [type(e) for e in events] == [TurnPosted]
    assert events[0].turn.index == 0 and events[0].position == 1 and events[0].total == TOTAL
    assert engine.position == 1 and engine.last_turn == 0
    await engine.step()
    events = await engine.step()  # Q0: asked, answered by both, then ingested
    assert [type(e) for e in events] == [QuestionAsked, AnswerReady, AnswerReady]
    assert [e.backend for e in events[1:]] == ["a", "b"]
    assert engine.position == 3 and engine.last_turn == 1
    assert [t.kind for t in engine.memories["a"].turns] == ["message", "message", "question"]


async def test_each_beat_is_posted_by_the_agent_task_of_its_speaker(engine):
    posted_by: list[tuple[str, str]] = []

    def on_event(event):
        if isinstance(event, TurnPosted):
            posted_by.append((event.turn.speaker, asyncio.current_task().get_name()))
        elif isinstance(event, QuestionAsked):
            posted_by.append((event.speaker, asyncio.current_task().get_name()))

    engine.add_listener(on_event)
    while not engine.finished:
        await engine.step()
    assert set(engine.agents) == {"agent_a", "agent_b", "agent_c"}
    assert len(posted_by) == TOTAL
    assert all(task == f"agent:{speaker}" for speaker, task in posted_by)


async def test_answers_are_graded_against_gold_and_rank_the_evidence(engine):
    answers = {}
    engine.add_listener(lambda e: answers.setdefault((e.ask_id, e.backend), e) if isinstance(e, AnswerReady) else None)
    for _ in range(4):
        await engine.step()
    direct, join = answers[(1, "a")], answers[(2, "a")]
    assert direct.answer.text == "Berlin" and direct.correct is True and direct.needed_ranks == {1: 1}
    # The flat fake falls into the join trap: it answers the account's owner, not the office.
    assert join.answer.text == "Dana" and join.correct is False
    assert join.needed_ranks == {0: 1, 1: 2}


async def test_question_text_is_ingested_after_everyone_answered(engine):
    asked_seen_by_a: list[int] = []
    engine.add_listener(
        lambda e: asked_seen_by_a.append(len(engine.memories["a"].turns)) if isinstance(e, AnswerReady) else None
    )
    for _ in range(3):
        await engine.step()
    assert asked_seen_by_a == [2, 2]  # both answered before the question joined the memory
    assert engine.memories["a"].turns[-1].text == "Where does Dana work out of?"
    assert engine.memories["a"].turns[-1].index == 1  # a question carries the latest turn's index


async def test_channels_hold_turns_and_questions_where_they_were_posted(engine):
    while not engine.finished:
        await engine.step()
    assert list(engine.channels) == ["accounts", "ad-hoc"]
    assert [(t.kind, t.index) for t in engine.channels["ad-hoc"]] == [("message", 3), ("question", 3)]
    assert [t.kind for t in engine.channels["accounts"]] == [
        "message", "message", "question", "question", "message", "message", "question",
    ]


async def test_step_after_the_end_is_a_no_op_and_finished_is_emitted_once(engine):
    seen = record(engine)
    for _ in range(TOTAL):
        await engine.step()
    assert engine.finished and engine.position == TOTAL
    assert await engine.step() == []
    assert await engine.step() == []
    assert [e for e in seen if isinstance(e, ScenarioFinished)] == [ScenarioFinished("engine_test")]
    assert isinstance(seen[-1], ScenarioFinished)
    assert engine.memories["a"].answers_given == 4


async def test_two_engines_on_one_scenario_emit_identical_events():
    runs = []
    for _ in range(2):
        eng = make_engine()
        seen = record(eng)
        while not eng.finished:
            await eng.step()
        await eng.close()
        runs.append(seen)
    assert len(runs[0]) == TOTAL + 4 * 2 + 1
    assert runs[0] == runs[1]


async def test_playing_at_any_speed_emits_the_same_events_as_stepping():
    stepped = make_engine()
    by_step = record(stepped)
    while not stepped.finished:
        await stepped.step()
    await stepped.close()
    for speed in (1000.0, float("inf")):
        played = make_engine()
        by_play = record(played)
        await played.play(speed)
        await played.close()
        assert by_play == by_step
        assert played.finished and not played.playing


async def test_pause_stops_play_after_the_current_beat(engine):
    def pause_on_third_turn(event):
        if isinstance(event, TurnPosted) and event.turn.index == 2:
            engine.pause()

    engine.add_listener(pause_on_third_turn)
    await engine.play(1000)
    assert engine.position == 5  # T0 T1 Q0 Q1 T2, then stop
    assert not engine.playing and not engine.finished


async def test_pause_from_another_task_stops_a_slow_play(engine):
    events = engine.subscribe()
    player = asyncio.create_task(engine.play(0.5))  # one beat every 2 s: pause must cut the wait short
    first = await anext(events)
    assert isinstance(first, TurnPosted)
    engine.pause()
    await asyncio.wait_for(player, timeout=30)
    assert engine.position == 1 and not engine.playing


async def test_step_while_paused_does_exactly_one_beat(engine):
    engine.add_listener(lambda e: engine.pause() if isinstance(e, TurnPosted) and e.turn.index == 0 else None)
    await engine.play(1000)
    assert engine.position == 1
    await engine.step()
    assert engine.position == 2 and not engine.playing


async def test_play_resumes_where_pause_left_off_and_runs_to_the_end(engine):
    engine.add_listener(lambda e: engine.pause() if isinstance(e, TurnPosted) and e.turn.index == 1 else None)
    await engine.play(1000)
    assert engine.position == 2
    await engine.play(1000)
    assert engine.finished and engine.position == TOTAL


async def test_play_rejects_a_speed_that_is_not_positive(engine):
    with pytest.raises(ValueError, match="positive"):
        await engine.play(0)


@pytest.mark.parametrize("k", range(TOTAL + 1))
async def test_seek_gives_the_same_memory_state_as_stepping(k):
    stepped, sought = make_engine(), make_engine()
    for _ in range(k):
        await stepped.step()
    for _ in range(3):  # wander first, so seek has something to undo
        await sought.step()
    seen = record(sought)
    await sought.seek(k)
    for name in ("a", "b"):
        assert sought.memories[name].snapshot() == stepped.memories[name].snapshot()
    assert (sought.position, sought.last_turn, sought.finished) == (stepped.position, stepped.last_turn, stepped.finished)
    assert sought.channels == stepped.channels
    assert seen[0] == MemoryReset(k)
    assert [type(e) for e in seen] == ([MemoryReset, ScenarioFinished] if k == TOTAL else [MemoryReset])
    # and the two go on identically from there
    rest_stepped, rest_sought = record(stepped), record(sought)
    while not stepped.finished:
        await stepped.step()
    while not sought.finished:
        await sought.step()
    strip = lambda events: [e for e in events if not isinstance(e, QuestionAsked | AnswerReady)]  # noqa: E731
    assert strip(rest_sought) == strip(rest_stepped)
    assert [e.answer for e in rest_sought if isinstance(e, AnswerReady)] == [
        e.answer for e in rest_stepped if isinstance(e, AnswerReady)
    ]
    await stepped.close()
    await sought.close()


async def test_seek_replays_in_one_batch_without_answering(engine):
    await engine.seek(7)
    memory = engine.memories["a"]
    assert memory.batches == [7] and memory.answers_given == 0
    assert [t.kind for t in memory.turns].count("question") == 3


async def test_restart_empties_memories_and_channels(engine):
    for _ in range(4):
        await engine.step()
    await engine.restart()
    assert engine.position == 0 and engine.last_turn == -1 and not engine.finished
    assert engine.memories["a"].turns == [] and all(not turns for turns in engine.channels.values())
    events = await engine.step()
    assert events[0].turn.index == 0


async def test_a_backend_that_raises_in_answer_gets_an_error_answer_and_the_others_go_on():
    eng = make_engine(a=OverlapMemory("a"), broken=BrokenMemory("broken", fails_in="answer"))
    for _ in range(2):
        await eng.step()
    events = await eng.step()
    ready = {e.backend: e for e in events if isinstance(e, AnswerReady)}
    assert ready["a"].answer.text == "Berlin" and ready["a"].correct
    broken = ready["broken"]
    assert broken.answer.text == "" and broken.answer.error == "RuntimeError: index corrupted"
    assert broken.answer.trace.backend == "broken" and broken.correct is False
    assert broken.needed_ranks == {1: None}
    await eng.play(1000)
    assert eng.finished
    await eng.close()


async def test_a_backend_that_raises_in_ingest_is_reported_and_the_others_go_on():
    eng = make_engine(a=OverlapMemory("a"), broken=BrokenMemory("broken", fails_in="ingest", trigger="Berlin"))
    seen = record(eng)
    await eng.play(1000)
    errors = [e for e in seen if isinstance(e, EngineError)]
    assert len(errors) == 1 and errors[0].backend == "broken"
    assert "turn 1" in errors[0].message and "ValueError" in errors[0].message
    assert eng.finished and len(eng.memories["a"].turns) == TOTAL
    assert len(eng.memories["broken"].turns) == TOTAL - 1
    await eng.close()


async def test_memory_work_runs_off_the_event_loop_thread(engine):
    await engine.play(1000)
    await engine.ask("Who has the Acme account?")
    loop_thread = threading.current_thread().name
    assert engine.memories["a"].threads and loop_thread not in engine.memories["a"].threads


async def test_a_user_question_is_answered_now_and_not_ingested(engine):
    for _ in range(2):
        await engine.step()
    seen = record(engine)
    held = engine.memories["a"].snapshot()
    answers = await engine.ask("Who has the Acme account?", speaker="dev", channel="accounts")
    assert {name: a.text for name, a in answers.items()} == {"a": "Dana", "b": "Dana"}
    assert engine.memories["a"].snapshot() == held
    asked = seen[0]
    assert isinstance(asked, QuestionAsked)
    assert (asked.speaker, asked.channel, asked.after, asked.gold) == ("dev", "accounts", 1, None)
    assert [(e.backend, e.correct, e.ask_id) for e in seen[1:]] == [("a", None, asked.ask_id), ("b", None, asked.ask_id)]
    assert engine.position == 2  # the script did not move


async def test_a_user_question_with_gold_is_graded_and_can_target_some_backends(engine):
    await engine.play(1000)
    gold = small_scenario().questions[3]
    seen = record(engine)
    answers = await engine.ask(gold.text, gold=gold, backends=["b", "nope"])
    assert list(answers) == ["b"]
    assert [type(e) for e in seen] == [EngineError, QuestionAsked, AnswerReady]
    assert seen[0].backend == "nope"
    assert seen[2].correct is True and seen[2].needed_ranks == {0: 1}


async def test_a_posted_message_is_ingested_by_every_memory_and_shown_in_its_channel(engine):
    await engine.step()
    seen = record(engine)
    turn = await engine.post("[INC-42] billing is down", speaker="dev", channel="incidents")
    assert (turn.kind, turn.index, turn.facts, turn.channel) == ("posted", 0, [], "incidents")
    assert engine.channels["incidents"] == [turn]
    assert engine.memories["a"].turns[-1] is turn and engine.memories["b"].turns[-1] is turn
    assert seen == [TurnPosted(turn, 1, TOTAL)]
    assert engine.position == 1


async def test_replace_memory_replays_everything_ingested_so_far(engine):
    for _ in range(5):
        await engine.step()
    await engine.post("a note from the user", speaker="dev")
    fresh = OverlapMemory("a")
    await engine.replace_memory("a", fresh)
    assert engine.memories["a"] is fresh
    assert fresh.snapshot().chunks == engine.memories["b"].snapshot().chunks
    assert fresh.batches == [6]
    assert list(engine.memories) == ["a", "b"]


async def test_subscribers_get_every_event_from_subscription_on_until_close():
    eng = make_engine()
    await eng.step()
    stream = eng.subscribe()
    await eng.play(1000)

    async def drain():
        return [event async for event in stream]

    reader = asyncio.create_task(drain())
    await eng.close()
    received = await asyncio.wait_for(reader, timeout=30)
    assert len(received) == TOTAL - 1 + 4 * 2 + 1
    assert isinstance(received[0], TurnPosted) and received[0].turn.index == 1
    assert isinstance(received[-1], ScenarioFinished)


async def test_a_listener_that_raises_does_not_stop_the_run(engine):
    def broken_listener(event):
        raise KeyError("oops")

    engine.add_listener(broken_listener)
    seen = record(engine)
    await engine.play(1000)
    assert engine.finished and len(seen) == TOTAL + 4 * 2 + 1


async def test_a_cancelled_step_still_completes_its_beat_and_the_next_step_moves_on(engine):
    stepping = asyncio.create_task(engine.step())
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    stepping.cancel()
    await asyncio.gather(stepping, return_exceptions=True)
    await engine.step()
    await engine.step()
    kinds = [t.text for t in engine.memories["a"].turns]
    assert kinds == [t.text for t in small_scenario().turns[:2]] + ["Where does Dana work out of?"]
    assert engine.position == 3


async def test_close_ends_play_and_later_steps_do_nothing(engine):
    player = asyncio.create_task(engine.play(0.5))
    await asyncio.sleep(0.01)
    await engine.close()
    await asyncio.wait_for(player, timeout=30)
    assert not engine.playing
    assert await engine.step() == []
    await engine.close()  # idempotent


def test_an_engine_can_be_driven_by_successive_event_loops():
    eng = make_engine()
    asyncio.run(eng.step())
    asyncio.run(eng.step())
    assert eng.position == 2
    asyncio.run(eng.close())
