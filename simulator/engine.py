"""The asyncio engine: agents post their lines into channels as a clock releases the beats of the timeline in script
order; every memory ingests each turn and answers each question in an executor, so the event loop never stalls.

Determinism: the clock, not the scheduler, decides which beat happens next, and events are emitted in the order of
`Engine.memories`; two runs of one scenario (stepped, played at any speed, or sought) emit the same events.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import functools
import logging
import math
from dataclasses import dataclass
from typing import Any, Callable, Literal

from memories.answer import Answer, Trace
from memories.protocol import Memory, Snapshot
from scenarios.models import Question, Scenario, Turn
from simulator.events import (
    AnswerReady,
    EngineError,
    Event,
    MemoryReset,
    QuestionAsked,
    ScenarioFinished,
    TurnPosted,
)
from simulator.scoring import grade, needed_ranks

log = logging.getLogger(__name__)

DEFAULT_SPEED = 4.0  # turns per second while playing
USER_SPEAKER = "you"  # who a typed question is from when the caller names no speaker


# --- the timeline ---------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Beat:
    """One step of the timeline: a scenario turn, or a scripted question asked after a turn."""

    kind: Literal["turn", "question"]
    turn: Turn | None = None
    question: Question | None = None
    question_index: int | None = None  # the question's position in scenario.questions
    speaker: str = ""  # the agent who posts it
    channel: str = ""  # where it is posted


def build_timeline(scenario: Scenario) -> list[Beat]:
    """Turn 0, the questions asked after turn 0 (in file order), turn 1, ... A question whose `after` lies beyond
    the last turn is asked after the last turn."""
    default_speaker = scenario.turns[0].speaker
    last = len(scenario.turns) - 1
    asked_after: dict[int, list[int]] = {}
    for qi, question in enumerate(scenario.questions):
        asked_after.setdefault(min(question.after, last), []).append(qi)
    beats: list[Beat] = []
    for turn in scenario.turns:
        channel = turn.channel or scenario.channel
        beats.append(Beat("turn", turn=turn, speaker=turn.speaker, channel=channel))
        for qi in asked_after.get(turn.index, []):
            question = scenario.questions[qi]
            beats.append(
                Beat(
                    "question",
                    question=question,
                    question_index=qi,
                    speaker=question.speaker or default_speaker,
                    # A question is asked where the conversation is, unless its file says otherwise.
                    channel=question.meta.get("channel") or channel,
                )
            )
    return beats


def question_turn(beat: Beat, last_turn: int) -> Turn:
    """The message a scripted question becomes once answered: ingested like any turn, with no facts."""
    assert beat.question is not None
    return Turn(
        index=last_turn, speaker=beat.speaker, text=beat.question.text, channel=beat.channel, facts=[], kind="question"
    )


# --- memory calls (run in the executor; they never raise) -----------------------------------------------------------


def failure_text(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"


def safe_answer(name: str, memory: Memory, text: str) -> Answer:
    """The memory's answer; a backend that raises yields an empty answer carrying the error, so the others go on."""
    try:
        return memory.answer(text)
    except Exception as exc:  # noqa: BLE001 - any backend failure is reported, never fatal
        return Answer(backend=name, text="", error=failure_text(exc), trace=Trace(backend=name))


def safe_ingest(memory: Memory, turns: list[Turn], batched: bool) -> str | None:
    """Ingest; return the failure text, or None."""
    try:
        if batched:
            memory.ingest_many(turns)
        else:
            for turn in turns:
                memory.ingest(turn)
    except Exception as exc:  # noqa: BLE001
        return failure_text(exc)
    return None


def safe_rebuild(memory: Memory, turns: list[Turn]) -> str | None:
    """Reset, then ingest `turns` in one batch; return the failure text, or None."""
    try:
        memory.reset()
    except Exception as exc:  # noqa: BLE001
        return f"reset failed: {failure_text(exc)}"
    if turns:
        failed = safe_ingest(memory, turns, batched=True)
        if failed:
            return f"replay failed: {failed}"
    return None


# --- the clock and the agents ---------------------------------------------------------------------------------------


class EngineClosed(RuntimeError):
    pass


class Clock:
    """Releases beats one at a time, in timeline order: an agent performs a beat only once the clock names it,
    and the next beat is released only after the agent has reported this one done."""

    def __init__(self) -> None:
        self._cond = asyncio.Condition()
        self._released: int | None = None
        self._inflight: asyncio.Future[list[Event]] | None = None
        self._owner: asyncio.Task[None] | None = None
        self.closed = False

    def rewind(self) -> None:
        """Forget the last released beat: fresh agents (after a seek) must wait for a release of their own."""
        self._released = None

    async def wait_for_beat(self, index: int) -> None:
        async with self._cond:
            await self._cond.wait_for(lambda: self._released == index)

    async def release(self, index: int, owner: asyncio.Task[None]) -> list[Event]:
        """Let `owner` perform beat `index` and wait for it to finish; returns the events the beat emitted."""
        done: asyncio.Future[list[Event]] = asyncio.get_running_loop().create_future()
        self._inflight, self._owner = done, owner
        async with self._cond:
            self._released = index
            self._cond.notify_all()
        # asyncio.wait does not cancel what it waits on: if the caller is cancelled, the beat still completes and
        # the next release waits for it (see idle), so no beat is ever performed twice or half-skipped.
        await asyncio.wait({done, owner}, return_when=asyncio.FIRST_COMPLETED)
        if not done.done():
            if self.closed:
                raise EngineClosed("the engine was closed during a beat")
            raise RuntimeError(f"the agent owning beat {index} stopped without finishing it")
        return done.result()

    def finish(self, events: list[Event]) -> None:
        if self._inflight is not None and not self._inflight.done():
            self._inflight.set_result(events)

    def fail(self, exc: BaseException) -> None:
        if self._inflight is not None and not self._inflight.done():
            self._inflight.set_exception(exc)

    async def idle(self) -> None:
        """Wait until no beat is in flight (one can be, when the step that released it was cancelled)."""
        if self._inflight is not None and not self._inflight.done() and self._owner is not None:
            await asyncio.wait({self._inflight, self._owner}, return_when=asyncio.FIRST_COMPLETED)

    @staticmethod
    async def pace(seconds: float, wake: asyncio.Event) -> None:
        """Sleep between beats while playing; `wake` (set by pause) cuts the sleep short."""
        if seconds <= 0:
            await asyncio.sleep(0)  # still yield, so the loop (and the TUI) breathe at any speed
            return
        try:
            await asyncio.wait_for(wake.wait(), timeout=seconds)
        except TimeoutError:
            pass


class Agent:
    """One speaker: an asyncio task that waits for the clock to release each of its own beats and performs it."""

    def __init__(self, name: str, beats: list[int]) -> None:
        self.name = name
        self.beats = beats  # timeline indices this agent posts, ascending
        self.task: asyncio.Task[None] | None = None

    def start(self, engine: Engine, clock: Clock, from_position: int) -> None:
        todo = [b for b in self.beats if b >= from_position]
        self.task = asyncio.get_running_loop().create_task(self._run(engine, clock, todo), name=f"agent:{self.name}")

    async def _run(self, engine: Engine, clock: Clock, todo: list[int]) -> None:
        for index in todo:
            await clock.wait_for_beat(index)
            try:
                events = await engine._perform(index)
            except Exception as exc:  # a bug, not a backend failure: hand it to the caller of step()
                clock.fail(exc)
            else:
                clock.finish(events)


# --- subscriptions --------------------------------------------------------------------------------------------------

_CLOSED = object()


class Subscription:
    """An async iterator over every event emitted from its creation on; ends when the engine closes."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self._queue: asyncio.Queue[Any] = asyncio.Queue()
        engine._subscribers.append(self._queue)

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> Event:
        item = await self._queue.get()
        if item is _CLOSED:
            raise StopAsyncIteration
        return item

    def close(self) -> None:
        """Stop receiving events."""
        if self._queue in self._engine._subscribers:
            self._engine._subscribers.remove(self._queue)
        self._queue.put_nowait(_CLOSED)


# --- the engine -----------------------------------------------------------------------------------------------------


class Engine:
    """Plays a scenario into channels: step, play, pause, seek; users may ask and post at any time.

    Drive one engine from one event loop. Memory work (reset, ingest, answer, snapshot) runs in `executor`: by
    default a private single thread, so a memory is never used by two threads at once.
    """

    def __init__(
        self,
        scenario: Scenario,
        memories: dict[str, Memory],
        *,
        executor: concurrent.futures.Executor | None = None,
    ) -> None:
        self.scenario = scenario
        self.memories: dict[str, Memory] = dict(memories)
        self.timeline: list[Beat] = build_timeline(scenario)
        self.position = 0
        self.finished = False
        self.playing = False
        self.speed = DEFAULT_SPEED
        self.last_turn = -1
        # Every posted message per channel, in order: scenario turns, scripted question turns and user posts.
        self.channels: dict[str, list[Turn]] = {channel: [] for channel in scenario.channels}
        speakers: dict[str, list[int]] = {}
        for index, beat in enumerate(self.timeline):
            speakers.setdefault(beat.speaker, []).append(index)
        self.agents: dict[str, Agent] = {name: Agent(name, beats) for name, beats in speakers.items()}

        self._own_executor = executor is None
        self._executor = executor or concurrent.futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix="ctxsim-memory"
        )
        self._ingested: list[Turn] = []  # what every memory has ingested, in order (replayed by replace_memory)
        self._subscribers: list[asyncio.Queue[Any]] = []
        self._listeners: list[Callable[[Event], None]] = []
        self._next_ask = 0
        self._play_generation = 0
        self._closed = False
        # asyncio objects bind to the loop that first uses them; they are (re)made for the loop that drives us.
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock: asyncio.Lock
        self._clock: Clock
        self._wake: asyncio.Event
        self._agents_running = False

    # -- events ------------------------------------------------------------------------------------------------------

    def subscribe(self) -> Subscription:
        """Every event from now on, as an async iterator (its own queue)."""
        return Subscription(self)

    def add_listener(self, callback: Callable[[Event], None]) -> None:
        """`callback(event)` is called on the loop thread for every event, as it is emitted."""
        self._listeners.append(callback)

    def remove_listener(self, callback: Callable[[Event], None]) -> None:
        if callback in self._listeners:
            self._listeners.remove(callback)

    def _emit(self, event: Event, into: list[Event] | None = None) -> None:
        if into is not None:
            into.append(event)
        for queue in list(self._subscribers):
            queue.put_nowait(event)
        for callback in list(self._listeners):
            try:
                callback(event)
            except Exception:  # a broken listener must not stop the run for the others
                log.exception("an engine listener raised on %s", type(event).__name__)

    # -- loop plumbing -----------------------------------------------------------------------------------------------

    def _bind(self) -> None:
        loop = asyncio.get_running_loop()
        if self._loop is not loop:
            self._loop = loop
            self._lock = asyncio.Lock()
            self._clock = Clock()
            self._wake = asyncio.Event()
            self._agents_running = False  # tasks of another loop are gone with it

    def _ensure_agents(self) -> None:
        owner = self.agents[self.timeline[self.position].speaker]
        if self._agents_running and owner.task is not None and not owner.task.done():
            return
        self._stop_agents()
        self._clock.rewind()
        for agent in self.agents.values():
            agent.start(self, self._clock, self.position)
        self._agents_running = True

    def _stop_agents(self) -> list[asyncio.Task[None]]:
        tasks = [a.task for a in self.agents.values() if a.task is not None and not a.task.done()]
        for task in tasks:
            task.cancel()
        self._agents_running = False
        return tasks

    async def _memory_call(self, fn: Callable[..., Any], *args: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._executor, functools.partial(fn, *args))

    def _check_open(self) -> None:
        if self._closed:
            raise EngineClosed("the engine is closed")

    def _current_channel(self) -> str:
        if self.last_turn >= 0:
            return self.scenario.turns[self.last_turn].channel or self.scenario.channel
        return self.scenario.channel

    # -- memory work shared by beats, questions and posts --------------------------------------------------------------

    async def _ingest_all(self, turns: list[Turn], events: list[Event] | None) -> None:
        loop = asyncio.get_running_loop()
        pending = {
            name: loop.run_in_executor(self._executor, safe_ingest, memory, turns, False)
            for name, memory in self.memories.items()
        }
        for name, future in pending.items():
            failed = await future
            if failed:
                where = f"turn {turns[0].index}" if turns[0].kind == "message" else f"a {turns[0].kind} message"
                self._emit(EngineError(f"{name} failed to ingest {where}: {failed}", backend=name), events)

    async def _answer_all(
        self, ask_id: int, text: str, names: list[str], gold: Question | None, events: list[Event] | None
    ) -> dict[str, Answer]:
        loop = asyncio.get_running_loop()
        # Submitted together (a multi-thread executor may overlap them); awaited and emitted in a fixed order.
        pending = {
            name: loop.run_in_executor(self._executor, safe_answer, name, self.memories[name], text) for name in names
        }
        answers: dict[str, Answer] = {}
        for name, future in pending.items():
            answer = await future
            answers[name] = answer
            correct = grade(answer.text, gold.answer) if gold is not None else None
            ranks = needed_ranks(answer.trace, gold.evidence) if gold is not None else {}
            self._emit(AnswerReady(ask_id, name, answer, correct, ranks), events)
        return answers

    def _new_ask_id(self) -> int:
        # Never reset, not even by seek: an answer that arrives late can never be taken for a newer question's.
        self._next_ask += 1
        return self._next_ask

    # -- beats (performed by the agent that owns them) ------------------------------------------------------------

    async def _perform(self, index: int) -> list[Event]:
        beat = self.timeline[index]
        events: list[Event] = []
        try:
            if beat.kind == "turn":
                await self._post_scripted(index, beat, events)
            else:
                await self._ask_scripted(index, beat, events)
        finally:
            self.position = index + 1
        if self.position == len(self.timeline):
            self.finished = True
            self._emit(ScenarioFinished(self.scenario.id), events)
        return events

    async def _post_scripted(self, index: int, beat: Beat, events: list[Event]) -> None:
        turn = beat.turn
        assert turn is not None
        self.last_turn = turn.index
        self.channels.setdefault(beat.channel, []).append(turn)
        # TurnPosted comes once every memory holds the turn, so a snapshot taken on it is current.
        await self._ingest_all([turn], events)
        self._ingested.append(turn)
        self.position = index + 1
        self._emit(TurnPosted(turn, self.position, len(self.timeline)), events)

    async def _ask_scripted(self, index: int, beat: Beat, events: list[Event]) -> None:
        question = beat.question
        assert question is not None
        posted = question_turn(beat, self.last_turn)
        self.channels.setdefault(beat.channel, []).append(posted)
        ask_id = self._new_ask_id()
        self._emit(QuestionAsked(ask_id, question.text, beat.speaker, beat.channel, self.last_turn, question), events)
        await self._answer_all(ask_id, question.text, list(self.memories), question, events)
        await self._ingest_all([posted], events)
        self._ingested.append(posted)

    # -- the controls ----------------------------------------------------------------------------------------------

    async def step(self) -> list[Event]:
        """Do exactly one beat and return the events it emitted; [] when finished (or closed)."""
        if self._closed:
            return []
        self._bind()
        async with self._lock:
            await self._clock.idle()
            if self.finished or self._closed:
                return []
            self._ensure_agents()
            owner = self.agents[self.timeline[self.position].speaker]
            assert owner.task is not None
            try:
                return await self._clock.release(self.position, owner.task)
            except EngineClosed:
                return []

    async def play(self, turns_per_second: float | None = None) -> None:
        """Step repeatedly, one beat every 1/speed seconds, until pause(), the end, or close(). Changing
        `speed` while playing takes effect at the next beat. A second play() while playing returns at once."""
        if turns_per_second is not None:
            if not turns_per_second > 0:
                raise ValueError(f"turns_per_second must be positive, got {turns_per_second}")
            self.speed = turns_per_second
        if self.playing or self._closed or self.finished:
            return
        self._bind()
        self._play_generation += 1
        generation = self._play_generation
        self.playing = True
        self._wake.clear()
        try:
            loop = asyncio.get_running_loop()
            while self._play_generation == generation and not self.finished and not self._closed:
                # Pace to a deadline, not a fixed sleep after the work: a beat's memory work counts toward its
                # interval, so 20 turns/s means 20 turns/s whenever the work fits in 50 ms.
                interval = 0.0 if math.isinf(self.speed) else 1.0 / self.speed
                deadline = loop.time() + interval
                await self.step()
                if self._play_generation != generation or self.finished:
                    break
                await Clock.pace(max(0.0, deadline - loop.time()), self._wake)
        finally:
            if self._play_generation == generation:
                self.playing = False

    def pause(self) -> None:
        """Stop playing after the current beat."""
        self._play_generation += 1
        self.playing = False
        if self._loop is not None:
            self._wake.set()

    async def seek(self, position: int) -> None:
        """Reset every memory and replay beats [0, position) in one batch each, without answering the replayed
        questions (their text is still ingested, so the memory state equals stepping); then emit MemoryReset."""
        self._check_open()
        self._bind()
        async with self._lock:
            await self._clock.idle()
            position = max(0, min(position, len(self.timeline)))
            self._stop_agents()
            channels: dict[str, list[Turn]] = {channel: [] for channel in self.scenario.channels}
            replay: list[Turn] = []
            last_turn = -1
            for beat in self.timeline[:position]:
                if beat.kind == "turn":
                    assert beat.turn is not None
                    turn, last_turn = beat.turn, beat.turn.index
                else:
                    turn = question_turn(beat, last_turn)
                channels.setdefault(beat.channel, []).append(turn)
                replay.append(turn)
            for name, memory in self.memories.items():
                failed = await self._memory_call(safe_rebuild, memory, replay)
                if failed:
                    self._emit(EngineError(f"{name}: {failed}", backend=name))
            self.position, self.last_turn = position, last_turn
            self.finished = position == len(self.timeline)
            self._ingested = replay
            # Mutated in place: the TUI may hold a reference to the dict.
            self.channels.clear()
            self.channels.update(channels)
            self._emit(MemoryReset(position))
            if self.finished:
                self._emit(ScenarioFinished(self.scenario.id))

    async def restart(self) -> None:
        await self.seek(0)

    async def ask(
        self,
        text: str,
        *,
        speaker: str | None = None,
        channel: str | None = None,
        gold: Question | None = None,
        backends: list[str] | None = None,
    ) -> dict[str, Answer]:
        """A question from outside the script: answered by every (or each named) memory as it is now; not ingested
        and not added to a channel. An unknown backend name gets an EngineError and is skipped."""
        self._check_open()
        self._bind()
        async with self._lock:
            await self._clock.idle()
            names = list(self.memories) if backends is None else []
            for name in backends or []:
                if name in self.memories:
                    names.append(name)
                else:
                    known = ", ".join(self.memories)
                    self._emit(EngineError(f"no backend named '{name}' (have: {known})", backend=name))
            ask_id = self._new_ask_id()
            where = channel or self._current_channel()
            self._emit(QuestionAsked(ask_id, text, speaker or USER_SPEAKER, where, self.last_turn, gold))
            return await self._answer_all(ask_id, text, names, gold, None)

    async def post(self, text: str, *, speaker: str, channel: str | None = None) -> Turn:
        """A message typed by the user, posted into a channel and ingested by every memory (it carries no facts)."""
        self._check_open()
        self._bind()
        turn = Turn(index=self.last_turn, speaker=speaker, text=text, channel=channel or self._current_channel(),
                    facts=[], kind="posted")
        async with self._lock:
            await self._clock.idle()
            turn.index = self.last_turn
            self.channels.setdefault(turn.channel or self.scenario.channel, []).append(turn)
            await self._ingest_all([turn], None)
            self._ingested.append(turn)
            self._emit(TurnPosted(turn, self.position, len(self.timeline)))
        return turn

    async def replace_memory(self, name: str, memory: Memory) -> None:
        """Swap in (or add) a backend, reset it and replay to it everything the others have ingested so far."""
        self._check_open()
        self._bind()
        async with self._lock:
            await self._clock.idle()
            failed = await self._memory_call(safe_rebuild, memory, list(self._ingested))
            self.memories[name] = memory
            if failed:
                self._emit(EngineError(f"{name}: {failed}", backend=name))

    async def snapshot(self, name: str) -> Snapshot:
        """A memory's snapshot, taken in the executor so it never races an ingest."""
        self._check_open()
        return await self._memory_call(self.memories[name].snapshot)

    async def close(self) -> None:
        """Stop playing, stop the agents, end every subscription and release the executor. Idempotent."""
        if self._closed:
            return
        self.pause()
        self._closed = True
        if self._loop is not None:
            self._clock.closed = True
            tasks = self._stop_agents()
            if tasks and self._loop is asyncio.get_running_loop():
                await asyncio.gather(*tasks, return_exceptions=True)
        for queue in self._subscribers:
            queue.put_nowait(_CLOSED)
        self._subscribers.clear()
        if self._own_executor:
            self._executor.shutdown(wait=False, cancel_futures=True)

    async def __aenter__(self) -> Engine:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()
