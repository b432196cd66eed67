"""The inspector app: owns the engine and the memories, turns engine events into what the screens show, and wires
the keys (play, step, seek, ask, post, knobs, screens) to engine calls that run off the UI thread.

Threads: the embedding model loads in a thread worker; memory work runs in the engine's executor; building a
backend runs in a worker thread. The UI thread only draws.
"""

from __future__ import annotations

import asyncio
import os
import time
from functools import partial
from typing import Callable

from textual import on, work
from textual.app import App
from textual.binding import Binding
from textual.worker import Worker, WorkerState

from memories import registry
from memories.embedder import Embedder
from memories.protocol import Memory, MemoryConfig, Snapshot
from scenarios.locomo import CHANNEL as LOCOMO_CHANNEL
from scenarios.models import Question, Scenario, Turn
from simulator.engine import Engine
from simulator.events import (
    AnswerReady,
    EngineError,
    Event,
    MemoryReset,
    QuestionAsked,
    ScenarioFinished,
    TurnPosted,
)
from tui import knobs
from tui.literal import for_memory
from tui.messages import EngineEvent, MemorySize, MemorySizes, ModelState
from tui.palette import DemoCommands, ScenarioCommands
from tui.placeholders import WAITING, PlaceholderMemory, needs_model
from tui.screens.inspector import InspectorScreen
from tui.widgets.composer import Composer
from tui.widgets.feed import FeedEntry
from tui.widgets.status_line import Status

SPEEDS = [0.5, 1.0, 2.0, 5.0, 10.0, 20.0, 50.0]
MAX_TYPED = 4000  # characters kept from a typed question or message (a 100 KB paste is cut, with a notice)
GRAPH_BACKENDS = frozenset({"graph", "hybrid"})
SIZE_EVERY = 0.25  # seconds between memory-size refreshes while something changed

MemoryFactory = Callable[[str, MemoryConfig, "Embedder | None"], Memory]


def _fact_label(turn: Turn) -> tuple[str, ...]:
    return tuple(f"({f.subject}, {f.predicate}, {f.object})" for f in turn.facts)


def scoring_for(scenario: Scenario | None) -> str:
    """How a scripted answer is judged: "recall" (evidence turns reached) for a LoCoMo conversation, whose
    human-written answers a span reader cannot be graded on fairly; "grade" (right/wrong) otherwise."""
    if scenario is not None and scenario.channel == LOCOMO_CHANNEL and all("category" in q.meta for q in scenario.questions):
        return "recall"
    return "grade"


def _size_of(name: str, snap: Snapshot) -> MemorySize:
    return MemorySize(
        chunks=len(snap.chunks), nodes=len(snap.nodes), edges=len(snap.edges), superseded=snap.superseded,
        graph=name in GRAPH_BACKENDS or bool(snap.nodes or snap.edges),
    )


class CtxsimApp(App):
    CSS_PATH = "app.tcss"
    TITLE = "ctxsim"
    AUTO_FOCUS = None
    COMMANDS = App.COMMANDS | {ScenarioCommands, DemoCommands}
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, id="app.quit")]

    def __init__(
        self,
        scenario: Scenario | None = None,
        *,
        backends: list[str] | None = None,
        config: MemoryConfig | None = None,
        embedder: Embedder | None = None,
        load_embedder: Callable[[], Embedder] | None = None,
        memory_factory: MemoryFactory | None = None,
        speed: float = 5.0,
        demo: str | None = None,
    ) -> None:
        super().__init__()
        self.initial_scenario = scenario
        self.backends = list(backends or registry.DEFAULT_BACKENDS)
        self.config = config or MemoryConfig()
        self.embedder = embedder
        self._load_embedder = load_embedder
        self._factory: MemoryFactory = memory_factory or registry.create
        self.speed = speed
        self.initial_demo = demo
        self.model_state = "ready (given)" if embedder is not None else "loading"
        self.scenario: Scenario | None = None
        self.engine: Engine | None = None
        self.generation = 0
        self.mode = "stepping"  # stepping | playing | paused
        self.busy = 0  # engine commands in flight (seek, rebuilds)
        self.last_question: QuestionAsked | None = None
        self.demo_title: str | None = None
        self.ready = asyncio.Event()  # set when no backend of the current engine waits for the model
        self.opened = asyncio.Event()  # set once the first scenario is open
        self._ask_origin: dict[int, tuple[str, list[str] | None]] = {}
        self._expected: list[tuple[str, str, Question | None, list[str] | None]] = []
        self._question_keys: dict[int, str] = {}
        self._asked: dict[int, QuestionAsked] = {}
        self._play_worker: Worker | None = None
        self._sizes_dirty = True
        self._sizes_busy = False
        self._reconfigure = asyncio.Lock()
        self._model_started = 0.0
        # set by tui/render_probe.py: called with (event kind, seconds from emission to drawn, seconds handling+drawing)
        self.render_probe: Callable[[str, float, float], None] | None = None

    # --- start -------------------------------------------------------------------------------------------------------

    def get_default_screen(self) -> InspectorScreen:
        return InspectorScreen(self.backends)

    @property
    def inspector(self) -> InspectorScreen:
        for candidate in self.screen_stack:
            if isinstance(candidate, InspectorScreen):
                return candidate
        raise LookupError("the inspector screen is not mounted")

    def _live_view(self) -> InspectorScreen | None:
        """The inspector if it is on the screen stack and attached; None while starting up or shutting down,
        when late engine events and timers must simply be dropped."""
        for candidate in self.screen_stack:
            if isinstance(candidate, InspectorScreen):
                return candidate if candidate.is_attached else None
        return None

    def on_mount(self) -> None:
        self.set_interval(SIZE_EVERY, self._tick_sizes)
        self._push_status()
        # Draw the first frame before anything heavy starts.
        self.call_after_refresh(self._boot)

    def _boot(self) -> None:
        if self.embedder is None:
            self._model_started = time.perf_counter()
            self._load_model()
        self.run_worker(self._open_initial(), group="engine", exit_on_error=False, name="open")

    async def _open_initial(self) -> None:
        scenario = self.initial_scenario
        if scenario is None:
            from scenarios.catalog import DEFAULT_SCENARIO, find

            scenario = await asyncio.to_thread(find, DEFAULT_SCENARIO)
        await self.open_scenario(scenario)
        self.opened.set()
        if self.initial_demo:
            await self.load_demo(self.initial_demo)

    @work(thread=True, exclusive=True, exit_on_error=False, group="model", name="model")
    def _load_model(self) -> Embedder:
        if self._load_embedder is not None:
            embedder = self._load_embedder()
        else:
            # Progress bars written to the terminal by the model loader would scribble over the screen.
            os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
            os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
            os.environ.setdefault("TQDM_DISABLE", "1")
            from memories.embedder import shared_minilm

            embedder = shared_minilm()
        # Import the backends' modules here too (faiss, networkx): importing on the UI thread would stall it.
        for name in self.backends:
            try:
                registry.backend_class(name)
            except Exception:  # noqa: BLE001 - a broken backend is reported by its own panel when built
                pass
        return embedder

    @on(Worker.StateChanged)
    def _worker_changed(self, event: Worker.StateChanged) -> None:
        """Every worker's end lands here: errors are reported in one place."""
        worker = event.worker
        if worker.name == "model":
            if event.state == WorkerState.SUCCESS:
                seconds = time.perf_counter() - self._model_started
                self.post_message(ModelState(f"ready ({seconds:.1f} s)"))
                self.run_worker(self._model_ready(worker.result), group="engine", exit_on_error=False, name="rebuild")
            elif event.state == WorkerState.ERROR:
                self.post_message(ModelState(f"failed: {worker.error}"))
                self.run_worker(self._model_failed(str(worker.error)), group="engine", exit_on_error=False)
            return
        if event.state == WorkerState.ERROR:
            self.notify(f"{worker.name or 'task'} failed: {worker.error}", severity="error", markup=False)
        if worker is self._play_worker and event.state in (WorkerState.SUCCESS, WorkerState.ERROR,
                                                           WorkerState.CANCELLED):
            self._play_worker = None
            if self.mode == "playing":
                self.mode = "paused"
            self._push_status()

    def on_model_state(self, message: ModelState) -> None:
        self.model_state = message.state
        self._push_status()

    # --- memories ----------------------------------------------------------------------------------------------------

    def _create(self, name: str, config: MemoryConfig, embedder: Embedder | None) -> Memory:
        try:
            return self._factory(name, config, embedder)
        except Exception as exc:  # noqa: BLE001 - the panel says why; the other backends go on
            return PlaceholderMemory(name, config, f"could not build {name}: {type(exc).__name__}: {exc}")

    async def _build(self, name: str, config: MemoryConfig) -> Memory:
        if self.embedder is None and needs_model(name):
            reason = WAITING if not self.model_state.startswith("failed") else f"no model ({self.model_state})"
            return PlaceholderMemory(name, config, reason)
        return await asyncio.to_thread(self._create, name, config, self.embedder)

    def _waiting(self, engine: Engine) -> list[str]:
        return [n for n, m in engine.memories.items() if isinstance(m, PlaceholderMemory) and m.reason == WAITING]

    async def _fill_waiting(self, engine: Engine) -> list[str]:
        names = self._waiting(engine) if self.embedder is not None else []
        for name in names:
            memory = await self._build(name, self.config)
            await engine.replace_memory(name, memory)
        if not self._waiting(engine):
            self.ready.set()
        self._sizes_dirty = True
        return names

    async def _model_ready(self, embedder: Embedder) -> None:
        self.embedder = embedder
        async with self._reconfigure:
            engine = self.engine
            if engine is None:
                return
            self._busy(1)
            try:
                rebuilt = await self._fill_waiting(engine)
            finally:
                self._busy(-1)
            if rebuilt and self.last_question is not None and engine is self.engine:
                await self._reask(rebuilt)

    async def _model_failed(self, error: str) -> None:
        async with self._reconfigure:
            engine = self.engine
            if engine is None:
                return
            for name in self._waiting(engine):
                await engine.replace_memory(name, PlaceholderMemory(name, self.config, f"no model: {error}"))
            self.ready.set()
            self._sizes_dirty = True

    # --- opening a scenario --------------------------------------------------------------------------------------

    async def open_scenario(self, scenario: Scenario, *, backends: list[str] | None = None,
                            config: MemoryConfig | None = None, position: int = 0) -> None:
        """Close the running engine and start `scenario` with fresh memories (optionally replayed to a position)."""
        async with self._reconfigure:
            old = self.engine
            self.generation += 1
            generation = self.generation
            if old is not None:
                old.pause()
                await old.close()
            self.engine = None
            self.mode = "stepping"
            self.ready.clear()
            if backends is not None and backends != self.backends:
                self.backends = list(backends)
                await self.inspector.set_backends(self.backends)
            if config is not None:
                self.config = config
            self.scenario = scenario
            memories = {name: await self._build(name, self.config) for name in self.backends}
            engine = Engine(scenario, memories)
            engine.speed = self.speed
            engine.add_listener(lambda event, g=generation: self._engine_listener(event, g))
            self.engine = engine
            self.last_question = None
            self._ask_origin.clear()
            self._expected.clear()
            self._asked.clear()
            self._question_keys = {id(q): str(i) for i, q in enumerate(scenario.questions)}
            self._reset_view(scenario)
            await self._fill_waiting(engine)
            if position:
                await engine.seek(position)
            self._push_status()

    def _reset_view(self, scenario: Scenario) -> None:
        view = self.inspector
        channels = scenario.channels
        view.channels.set_channels(channels, channels[0] if channels else None)
        view.feed.reset([], channels[0] if channels else None)
        speakers = list(dict.fromkeys(t.speaker for t in scenario.turns))
        view.composer.set_context(speakers, channels[0] if channels else scenario.channel)
        view.scoreboard.tally.clear()
        view.scoreboard.set_backends(self.backends)
        for panel in view.panels():
            panel.clear()
        view.refresh_token_bars()
        if self.demo_title is None:
            view.set_banner(None)
        self._sizes_dirty = True

    async def open_scenario_spec(self, spec: str) -> None:
        """Open a scenario by catalog id (suite, library, scaling_N) or file, leaving any demo."""
        from tui.gallery import resolve_scenario

        try:
            scenario = await asyncio.to_thread(resolve_scenario, spec)
        except Exception as exc:  # noqa: BLE001 - a bad id is the user's typo, not a crash
            self.notify(f"cannot open '{spec}': {exc}", severity="error", markup=False)
            return
        self.demo_title = None
        await self.open_scenario(scenario)

    async def load_demo(self, demo_id: str) -> None:
        """Load a failure-mode demo: its scenario, backends and knobs; stop at the question where a backend breaks."""
        from tui.gallery import find_demo, resolve_scenario, stop_position

        demo = find_demo(demo_id)
        if demo is None:
            self.notify(f"no demo named '{demo_id}'", severity="error", markup=False)
            return
        try:
            scenario = await asyncio.to_thread(resolve_scenario, demo.scenario)
        except Exception as exc:  # noqa: BLE001
            self.notify(f"demo '{demo.title}': cannot load {demo.scenario}: {exc}", severity="error", markup=False)
            return
        self.demo_title = demo.title
        view = self._live_view()
        if view is not None:
            view.set_banner(demo.title, demo.explanation)
        config = MemoryConfig().model_copy(update=demo.knobs)
        await self.open_scenario(scenario, backends=demo.backends or list(registry.DEFAULT_BACKENDS), config=config)
        if not self.ready.is_set():
            self.notify("the demo waits for the embedding model…", timeout=3)
            await self.ready.wait()
        engine = self.engine
        if engine is None:
            return
        stop = stop_position(engine.timeline, demo)
        if stop is None:
            self.notify(f"demo '{demo.title}': its question is missing from {scenario.id}", severity="warning",
                        markup=False)
            return
        self._busy(1)
        try:
            await engine.seek(stop)
            await engine.step()
        finally:
            self._busy(-1)

    # --- engine events -----------------------------------------------------------------------------------------------

    def _engine_listener(self, event: Event, generation: int) -> None:
        """Called by the engine on the loop thread as each event is emitted. Who asked a question is known only
        here, synchronously; everything else is drawn when the message is handled."""
        if isinstance(event, QuestionAsked):
            for i, (origin, text, gold, names) in enumerate(self._expected):
                if text == event.text and gold is event.gold:
                    self._ask_origin[event.ask_id] = (origin, names)
                    del self._expected[i]
                    break
        self.post_message(EngineEvent(event, generation))

    def on_engine_event(self, message: EngineEvent) -> None:
        if message.generation != self.generation or self.engine is None or self._live_view() is None:
            return
        started = time.perf_counter()
        event = message.event
        view = self.inspector
        if isinstance(event, TurnPosted):
            self._turn_posted(event)
        elif isinstance(event, QuestionAsked):
            self._question_asked(event)
        elif isinstance(event, AnswerReady):
            self._answer_ready(event)
        elif isinstance(event, MemoryReset):
            self._memory_reset(event)
        elif isinstance(event, ScenarioFinished):
            self.mode = "stepping"
            self.notify("scenario finished: r restarts, g goes to a turn, d opens the demos", timeout=4)
        elif isinstance(event, EngineError):
            panel = view.panel(event.backend) if event.backend else None
            if panel is not None:
                panel.set_note(f"error: {event.message}")
            else:
                self.notify(event.message, severity="error", markup=False)
        self._sizes_dirty = True
        self._push_status()
        if self.render_probe is not None:
            probe, kind, emitted = self.render_probe, type(event).__name__, message.emitted

            def drawn() -> None:
                now = time.perf_counter()
                probe(kind, now - emitted, now - started)

            self.call_after_refresh(drawn)

    def _turn_posted(self, event: TurnPosted) -> None:
        turn = event.turn
        if turn.kind == "question":
            return  # already in the feed, drawn when it was asked
        view = self.inspector
        channel = turn.channel or (self.scenario.channel if self.scenario else "")
        kind = "posted" if turn.kind == "posted" else "turn"
        drawn = view.feed.add(FeedEntry(kind, channel, turn.speaker, turn.text, turn.index, _fact_label(turn)))
        if not drawn:
            view.channels.bump(channel)

    def _question_asked(self, event: QuestionAsked) -> None:
        origin, names = self._ask_origin.get(event.ask_id, ("script", None))
        self._asked[event.ask_id] = event
        view = self.inspector
        if origin in ("script", "user"):
            entry = FeedEntry("question" if origin == "script" else "asked", event.channel, event.speaker,
                              event.text, event.after, qtype=event.gold.type if event.gold else "")
            if not view.feed.add(entry):
                view.channels.bump(event.channel)
            self.last_question = event
        for panel in view.panels():
            if names is None or panel.backend in names:
                panel.ask(event.text)
                panel.set_largest(0)

    def _answer_ready(self, event: AnswerReady) -> None:
        view = self.inspector
        asked = self._asked.get(event.ask_id)
        panel = view.panel(event.backend)
        scoring = scoring_for(self.scenario) if asked is not None and asked.gold is not None else "grade"
        if panel is not None:
            question = asked.text if asked is not None else (panel.question or "")
            panel.show(question, event.answer, event.correct, event.needed_ranks, scoring)
        view.refresh_token_bars()
        origin, _ = self._ask_origin.get(event.ask_id, ("script", None))
        if (origin == "script" and scoring == "grade" and event.correct is not None and asked is not None
                and asked.gold is not None):
            key = self._question_keys.get(id(asked.gold), asked.gold.text)
            view.scoreboard.tally.record(event.backend, key, asked.gold.type, event.correct)
            view.scoreboard.redraw_soon()

    def _memory_reset(self, event: MemoryReset) -> None:
        engine = self.engine
        assert engine is not None
        entries: list[FeedEntry] = []
        keys: set[str] = set()
        for beat in engine.timeline[: event.position]:
            if beat.kind == "turn" and beat.turn is not None:
                t = beat.turn
                entries.append(FeedEntry("turn", beat.channel, t.speaker, t.text, t.index, _fact_label(t)))
            elif beat.question is not None:
                q = beat.question
                entries.append(FeedEntry("question", beat.channel, beat.speaker, q.text,
                                         min(q.after, len(engine.scenario.turns) - 1), qtype=q.type))
                keys.add(self._question_keys.get(id(q), q.text))
        view = self.inspector
        view.channels.clear_unread()
        view.feed.reset(entries)
        view.scoreboard.tally.keep_only(keys)
        view.scoreboard.redraw()
        for panel in view.panels():
            panel.clear()
        view.refresh_token_bars()
        self.last_question = None

    # --- memory sizes (throttled; snapshots run in the engine's executor) -------------------------------------------

    def _tick_sizes(self) -> None:
        if self._sizes_dirty and not self._sizes_busy and self.engine is not None:
            self._sizes_dirty = False
            self._sizes_busy = True
            # a callable, not a coroutine: an app that closes before the worker starts leaves none un-awaited
            self.run_worker(partial(self._fetch_sizes, self.engine, self.generation), group="sizes",
                            exit_on_error=False)

    async def _fetch_sizes(self, engine: Engine, generation: int) -> None:
        try:
            sizes: dict[str, MemorySize] = {}
            for name, memory in list(engine.memories.items()):
                if isinstance(memory, PlaceholderMemory):
                    sizes[name] = MemorySize(pending=memory.reason, graph=name in GRAPH_BACKENDS)
                    continue
                try:
                    sizes[name] = _size_of(name, await engine.snapshot(name))
                except Exception as exc:  # noqa: BLE001 - a closed engine or a snapshot bug: say so, go on
                    sizes[name] = MemorySize(pending=f"snapshot failed: {type(exc).__name__}")
            self.post_message(MemorySizes(sizes, generation))
        finally:
            self._sizes_busy = False

    def on_memory_sizes(self, message: MemorySizes) -> None:
        if message.generation != self.generation or self._live_view() is None:
            return
        view = self.inspector
        for name, size in message.sizes.items():
            panel = view.panel(name)
            if panel is not None:
                panel.set_size(size)

    # --- status --------------------------------------------------------------------------------------------------

    def status(self) -> Status:
        engine = self.engine
        scenario = self.scenario
        mode = self.mode
        if engine is not None and engine.finished:
            mode = "finished"
        elif self.busy and mode != "playing":
            mode = "busy"
        return Status(
            scenario=scenario.id if scenario else "loading…",
            turn=(engine.last_turn + 1) if engine else 0,
            n_turns=len(scenario.turns) if scenario else 0,
            position=engine.position if engine else 0,
            total=len(engine.timeline) if engine else 0,
            mode=mode,
            speed=self.speed,
            model=self.model_state,
            knobs=knobs.label(self.config),
        )

    def _push_status(self) -> None:
        view = self._live_view()
        if view is not None and view.is_mounted:
            view.status.push(self.status())

    def _busy(self, delta: int) -> None:
        self.busy = max(0, self.busy + delta)
        self._push_status()

    # --- actions: time -----------------------------------------------------------------------------------------------

    def _engine_call(self, coro, name: str) -> Worker:
        return self.run_worker(coro, group="engine", exit_on_error=False, name=name)

    def _stop_playing(self, mode: str) -> None:
        engine = self.engine
        if engine is not None:
            engine.pause()
        worker = self._play_worker
        if worker is not None and engine is not None and not engine.playing and worker.is_running:
            worker.cancel()  # it had not started playing yet: do not let it start after the pause
        self.mode = mode
        self._push_status()

    def action_play_pause(self) -> None:
        engine = self.engine
        if engine is None:
            return
        if self.mode == "playing":
            self._stop_playing("paused")
            return
        if engine.finished:
            self.notify("the scenario is over: r restarts", timeout=3)
            return
        self.mode = "playing"
        self._play_worker = self.run_worker(engine.play(self.speed), group="play", exit_on_error=False, name="play")
        self._push_status()

    def action_step(self) -> None:
        engine = self.engine
        if engine is None:
            return
        if self.mode == "playing":
            self._stop_playing("stepping")
        else:
            self.mode = "stepping"
        if engine.finished:
            self.notify("the scenario is over: r restarts", timeout=3)
            return
        self._engine_call(engine.step(), "step")

    def _set_speed(self, speed: float) -> None:
        self.speed = speed
        if self.engine is not None:
            self.engine.speed = speed  # read by the engine before each beat
        self._push_status()

    def action_faster(self) -> None:
        faster = [s for s in SPEEDS if s > self.speed]
        self._set_speed(faster[0] if faster else SPEEDS[-1])

    def action_slower(self) -> None:
        slower = [s for s in SPEEDS if s < self.speed]
        self._set_speed(slower[-1] if slower else SPEEDS[0])

    def action_restart(self) -> None:
        if self.engine is None:
            return
        self._stop_playing("stepping")
        self._engine_call(self._seek(0), "restart")

    async def _seek(self, position: int) -> None:
        engine = self.engine
        if engine is None:
            return
        self._busy(1)
        try:
            await engine.seek(position)
        finally:
            self._busy(-1)

    def position_after_turn(self, turn: int) -> int:
        """The timeline position right after scenario turn `turn` was posted (before its questions)."""
        engine = self.engine
        if engine is None:
            return 0
        turn = max(0, min(turn, len(engine.scenario.turns) - 1))
        for i, beat in enumerate(engine.timeline):
            if beat.kind == "turn" and beat.turn is not None and beat.turn.index == turn:
                return i + 1
        return 0

    def seek_to_turn(self, turn: int) -> None:
        if self.engine is None:
            return
        self._stop_playing("stepping")
        self._engine_call(self._seek(self.position_after_turn(turn)), "seek")

    def action_seek(self) -> None:
        from tui.screens.prompt import TurnPrompt

        engine = self.engine
        if engine is None:
            return
        last = len(engine.scenario.turns) - 1

        def chosen(turn: int | None) -> None:
            if turn is not None:
                self.seek_to_turn(turn)

        self.push_screen(TurnPrompt(f"Go to turn (0-{last})", 0, last), chosen)

    # --- actions: asking and posting ---------------------------------------------------------------------------------

    @on(Composer.Submitted)
    def _composer_submitted(self, event: Composer.Submitted) -> None:
        text = for_memory(event.text)
        what = "question" if event.mode == "ask" else "message"
        if not text:
            self.notify(f"empty {what}: type something first", severity="warning", timeout=3)
            return
        if len(text) > MAX_TYPED:
            text = text[:MAX_TYPED]
            self.notify(f"long {what}: kept the first {MAX_TYPED} characters", severity="warning", timeout=4)
        if event.mode == "ask":
            self.ask(text)
        else:
            self.post(text, event.speaker, event.channel or None)

    def ask(self, text: str) -> Worker:
        """Every backend answers `text` against its memory as it is now."""
        return self._engine_call(self._ask(text), "ask")

    async def _ask(self, text: str) -> None:
        engine = self.engine
        if engine is None:
            return
        view = self._live_view()
        channel = view.feed.channel if view is not None else None
        expected = ("user", text, None, None)
        self._expected.append(expected)
        try:
            await engine.ask(text, channel=channel)
        finally:
            if expected in self._expected:  # never emitted (the engine closed): forget it
                self._expected.remove(expected)

    async def _reask(self, names: list[str]) -> None:
        """The last question again, for the named backends only (after a knob change or a rebuild)."""
        engine, last = self.engine, self.last_question
        if engine is None or last is None or not names:
            return
        expected = ("knob", last.text, last.gold, names)
        self._expected.append(expected)
        try:
            await engine.ask(last.text, speaker=last.speaker, channel=last.channel, gold=last.gold, backends=names)
        finally:
            if expected in self._expected:
                self._expected.remove(expected)

    def post(self, text: str, speaker: str, channel: str | None) -> Worker:
        return self._engine_call(self._post(text, speaker, channel), "post")

    async def _post(self, text: str, speaker: str, channel: str | None) -> None:
        engine = self.engine
        if engine is None:
            return
        graphs = [n for n in engine.memories if n in GRAPH_BACKENDS]
        before = {n: await self._edges(engine, n) for n in graphs}
        await engine.post(text, speaker=speaker, channel=channel)
        view = self._live_view()
        for name in graphs if view is not None else []:
            after = await self._edges(engine, name)
            panel = view.panel(name)
            if panel is None or after is None or before[name] is None:
                continue
            added = [edge for edge in after if edge not in before[name]]
            if added:
                shown = "; ".join(f"({s}, {p}, {o})" for s, p, o, _ in added[:4])
                more = f" and {len(added) - 4} more" if len(added) > 4 else ""
                panel.set_note(f"your message added {len(added)} edge{'s' if len(added) != 1 else ''}: "
                               f"{shown}{more}")
            elif self.config.extraction == "oracle":
                panel.set_note("your message carried no gold facts: the graph gained no edge "
                               "(x switches the graph to text extraction)")
            else:
                panel.set_note("text extraction found no fact in your message: the graph gained no edge")

    @staticmethod
    async def _edges(engine: Engine, name: str) -> list[tuple[str, str, str, int]] | None:
        """The memory's edges as (subject, predicate, object, from turn); None when it has none to show."""
        if isinstance(engine.memories.get(name), PlaceholderMemory):
            return None
        try:
            snap = await engine.snapshot(name)
        except Exception:  # noqa: BLE001
            return None
        return [(e.subject, e.predicate, e.object, e.valid_from) for e in snap.edges]

    # --- actions: knobs ----------------------------------------------------------------------------------------------

    def action_knob(self, knob: str) -> None:
        if knob not in knobs.KNOBS or self.engine is None:
            return
        self._engine_call(self.turn_knob(knob), f"knob {knob}")  # type: ignore[arg-type]

    async def turn_knob(self, knob: knobs.Knob) -> None:
        """Move one knob, rebuild the backends that read it (replayed to now), and re-ask the last question."""
        async with self._reconfigure:
            engine = self.engine
            if engine is None:
                return
            self.config = knobs.turned(self.config, knob)
            names = knobs.affected(knob, list(engine.memories))
            self._push_status()
            self._busy(1)
            try:
                rebuilt = []
                for name in names:
                    memory = await self._build(name, self.config)
                    await engine.replace_memory(name, memory)
                    if not isinstance(memory, PlaceholderMemory):
                        rebuilt.append(name)
            finally:
                self._busy(-1)
            self._sizes_dirty = True
            if self.last_question is not None and engine is self.engine:
                await self._reask(rebuilt)
            else:
                self.notify(f"{knobs.label(self.config)}: ask a question (a) to see its effect", timeout=3)

    # --- actions: screens --------------------------------------------------------------------------------------------

    def action_help(self) -> None:
        from tui.screens.help import HelpScreen

        self.push_screen(HelpScreen())

    def action_graph(self) -> None:
        from tui.screens.graph import GraphScreen

        if self.engine is None:
            return
        self.push_screen(GraphScreen())

    def action_gallery(self) -> None:
        from tui.screens.gallery import GalleryScreen

        def chosen(demo_id: str | None) -> None:
            if demo_id:
                self._engine_call(self.load_demo(demo_id), "demo")

        self.push_screen(GalleryScreen(), chosen)

    def action_choose_backends(self) -> None:
        from tui.screens.backends import BackendsScreen

        def chosen(names: list[str] | None) -> None:
            if names and names != self.backends and self.scenario is not None and self.engine is not None:
                position = self.engine.position
                self._engine_call(self.open_scenario(self.scenario, backends=names, position=position), "backends")

        self.push_screen(BackendsScreen(self.backends), chosen)

    async def action_quit(self) -> None:
        if self.engine is not None:
            self.engine.pause()
            await self.engine.close()
        self.exit()

    # --- for the headless runner and tests ---------------------------------------------------------------------------

    async def until_ready(self, timeout: float = 120.0) -> None:
        """Wait until the first scenario is open and no backend waits for the embedding model."""
        await asyncio.wait_for(self.opened.wait(), timeout)
        await asyncio.wait_for(self.ready.wait(), timeout)

    async def run_steps(self, n: int) -> None:
        engine = self.engine
        for _ in range(max(0, n)):
            if engine is None or engine.finished:
                break
            await engine.step()

    async def ask_now(self, text: str) -> None:
        await self._ask(text)

    async def sizes_now(self) -> None:
        """Fetch every memory's size at once (the timer does it a few times a second while things change)."""
        if self.engine is not None:
            await self._fetch_sizes(self.engine, self.generation)
