"""The inspector driven by Pilot, on the real backends with the hashing embedder: stepping, playing, asking,
posting, knobs, seeking, the graph screen, errors in one panel, and input that must never crash it."""

from __future__ import annotations

import asyncio

from memories.protocol import MemoryConfig
from memories.registry import create
from simulator.events import AnswerReady, QuestionAsked, TurnPosted
from tests.tui.conftest import N_BEATS, settle, wait_for
from tui.messages import EngineEvent
from tui.placeholders import PlaceholderMemory
from tui.screenshot import svg_text
from tui.widgets.backend_panel import BackendPanel
from tui.widgets.feed import Feed

ALL = ["raw", "vector", "recursive", "graph", "hybrid"]


def events_of(messages, kind):
    return [m.event for m in messages if isinstance(m, EngineEvent) and isinstance(m.event, kind)]


async def step_to_the_join_question(pilot, app, messages) -> None:
    """Turns 0-2, then the join question; wait until every backend has answered it."""
    for _ in range(4):
        await pilot.press("n")
    await wait_for(pilot, lambda: len(events_of(messages, AnswerReady)) == len(app.backends))


async def send(pilot, app, key: str, text: str) -> None:
    """Open the composer with `key` (a: ask, p: post), put `text` in as one paste, press enter."""
    await pilot.press(key)
    app.inspector.composer.query_one("Input").value = text
    await pilot.press("enter")


def feed_text(app) -> str:
    """The feed's drawn lines as one string, whitespace collapsed (wrapping splits lines anywhere)."""
    feed = app.inspector.query_one(Feed)
    return " ".join(" ".join(strip.text for strip in feed.lines).split())


async def test_each_step_posts_one_beat_and_the_feed_shows_it(make_app):
    messages = []
    app = make_app()
    async with app.run_test(size=(160, 48), message_hook=messages.append) as pilot:
        await app.until_ready(30)
        await pilot.press("n")
        await wait_for(pilot, lambda: app.engine.position == 1)
        await pilot.press("right")
        await wait_for(pilot, lambda: app.engine.position == 2)
        await settle(pilot)
        posted = events_of(messages, TurnPosted)
        assert [e.turn.index for e in posted] == [0, 1]
        text = feed_text(app)
        assert "ReportingAPI, which serves usage reports" in text
        assert "FeatureStore is owned by Dana." in text
        assert app.status().turn == 2 and app.status().mode == "stepping"


async def test_a_scripted_question_is_answered_by_every_panel_and_scored(make_app):
    messages = []
    app = make_app()
    async with app.run_test(size=(160, 48), message_hook=messages.append) as pilot:
        await app.until_ready(30)
        for _ in range(4):  # turns 0-2, then the join question
            await pilot.press("n")
        await wait_for(pilot, lambda: app.engine.position == 4)
        await wait_for(pilot, lambda: len(events_of(messages, AnswerReady)) == len(app.backends))
        await settle(pilot)
        for panel in app.inspector.query(BackendPanel):
            assert panel.answer is not None and panel.question.startswith("Who owns the component")
        graph = app.inspector.panel("graph")
        assert graph.answer.text == "Dana" and graph.correct is True
        board = app.inspector.scoreboard.tally
        assert board.score("graph", "join") == (1, 1)
        assert sum(board.score(b)[1] for b in app.backends) == len(app.backends)


async def test_play_runs_the_timeline_and_pause_stops_it(make_app):
    app = make_app(speed=5.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.until_ready(30)
        await pilot.press("space")
        assert app.mode == "playing"
        await wait_for(pilot, lambda: app.engine.position >= 2)
        await pilot.press("space")
        assert app.mode == "paused"
        await wait_for(pilot, lambda: not app.engine.playing)
        stopped_at = app.engine.position
        await settle(pilot)
        await asyncio.sleep(0.2)
        await settle(pilot)
        assert app.engine.position == stopped_at < N_BEATS
        assert "paused" in app.inspector.status.render_status(app.status()).plain


async def test_speed_keys_change_the_pace_the_engine_reads(make_app):
    app = make_app(speed=5.0)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.until_ready(30)
        await pilot.press("plus")
        assert app.speed == 10.0 and app.engine.speed == 10.0
        await pilot.press("minus", "minus")
        assert app.speed == 2.0 and app.engine.speed == 2.0


async def test_an_asked_question_is_answered_by_every_backend_against_the_memory_now(make_app):
    messages = []
    app = make_app()
    async with app.run_test(size=(160, 48), message_hook=messages.append) as pilot:
        await app.until_ready(30)
        for _ in range(3):
            await pilot.press("n")
        await wait_for(pilot, lambda: app.engine.position == 3)
        await pilot.press("a", *"who owns FeatureStore?", "enter")  # typed key by key, once
        await wait_for(pilot, lambda: len(events_of(messages, AnswerReady)) == len(app.backends))
        await settle(pilot)
        asked = events_of(messages, QuestionAsked)
        assert [q.text for q in asked] == ["who owns FeatureStore?"] and asked[0].gold is None
        assert app.engine.position == 3  # asking is not a beat and is not ingested
        for panel in app.inspector.query(BackendPanel):
            assert panel.question == "who owns FeatureStore?" and panel.correct is None
        assert app.inspector.panel("graph").answer.text == "Dana"
        assert "(you ask every memory; not ingested)" in feed_text(app)
        assert app.inspector.scoreboard.tally.records == {}  # the user's questions are not scored


async def test_a_posted_message_is_ingested_and_the_graph_panel_says_it_carried_no_facts(make_app):
    messages = []
    app = make_app()
    async with app.run_test(size=(160, 48), message_hook=messages.append) as pilot:
        await app.until_ready(30)
        await pilot.press("n")
        await wait_for(pilot, lambda: app.engine.position == 1)
        await pilot.press("p", "ctrl+t")  # post as the next agent
        app.inspector.composer.query_one("Input").value = "ConfigService is owned by Erin."
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(e.turn.kind == "posted" for e in events_of(messages, TurnPosted)))
        await wait_for(pilot, lambda: app.inspector.panel("graph").note is not None)
        posted = [e.turn for e in events_of(messages, TurnPosted) if e.turn.kind == "posted"][0]
        assert posted.speaker == "agent_b" and posted.channel == "infra"
        assert "ConfigService is owned by Erin." in feed_text(app)
        assert "no gold facts" in app.inspector.panel("graph").note
        snap = await app.engine.snapshot("raw")
        assert any(c.text == "ConfigService is owned by Erin." for c in snap.chunks)


async def test_turning_top_k_rebuilds_the_flat_backends_and_re_answers_the_last_question(make_app):
    messages = []
    app = make_app()
    async with app.run_test(size=(160, 48), message_hook=messages.append) as pilot:
        await app.until_ready(30)
        await step_to_the_join_question(pilot, app, messages)
        before = len(events_of(messages, AnswerReady))
        await pilot.press("k")
        await wait_for(pilot, lambda: len(events_of(messages, AnswerReady)) > before + 2)
        await settle(pilot)
        again = events_of(messages, AnswerReady)[before:]
        assert sorted(e.backend for e in again) == sorted(["vector", "recursive", "hybrid"])
        assert {e.answer.trace.k for e in again if e.backend == "vector"} == {8}
        assert all(e.correct is not None for e in again)  # the re-ask keeps the gold answer, so verdicts stay
        assert app.config.top_k == 8 and "k=8" in app.status().knobs
        assert app.inspector.panel("vector").answer.trace.k == 8
        assert app.inspector.scoreboard.tally.score("vector")[1] == 1  # a re-ask is not scored twice


async def test_turning_the_linker_rebuilds_only_graph_backends(make_app):
    messages = []
    app = make_app()
    async with app.run_test(size=(160, 48), message_hook=messages.append) as pilot:
        await app.until_ready(30)
        await step_to_the_join_question(pilot, app, messages)
        before = len(events_of(messages, AnswerReady))
        await pilot.press("l")
        await wait_for(pilot, lambda: len(events_of(messages, AnswerReady)) >= before + 2)
        await settle(pilot)
        assert sorted(e.backend for e in events_of(messages, AnswerReady)[before:]) == ["graph", "hybrid"]
        assert app.engine.memories["graph"].config.linker == "lexical"


async def test_seek_replays_to_a_turn_and_the_feed_shows_exactly_that_past(make_app):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await app.until_ready(30)
        await pilot.press("g")
        await pilot.press(*"5", "enter")
        await wait_for(pilot, lambda: app.engine.last_turn == 5)
        await settle(pilot)
        assert app.engine.position == app.position_after_turn(5)
        text = feed_text(app)
        assert "FeatureStore priority is P3." in text and "now P1" not in text
        assert "Who owns ReportingAPI?" in text  # the replayed question is drawn, highlighted
        await pilot.press("r")
        await wait_for(pilot, lambda: app.engine.position == 0)


async def test_channels_count_unread_messages_and_switching_shows_the_other_feed(make_app):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await app.until_ready(30)
        app.seek_to_turn(4)
        await wait_for(pilot, lambda: app.engine.last_turn == 4)
        await pilot.press("n", "n")  # turn 5 in #infra... then make sure ad-hoc gets counted while away
        await settle(pilot)
        channels = app.inspector.channels
        assert channels.current == "infra"
        await pilot.press("c")
        await settle(pilot)
        assert channels.current == "ad-hoc"
        assert "Lunch at noon? [poll] 🍕" in feed_text(app)
        assert "ReportingAPI" not in feed_text(app)


async def test_the_facts_toggle_reveals_fact_carrying_turns(make_app):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await app.until_ready(30)
        await pilot.press("n")
        await wait_for(pilot, lambda: app.engine.position == 1)
        await settle(pilot)
        assert "(ReportingAPI, depends_on, FeatureStore)" not in feed_text(app)
        await pilot.press("f")
        await settle(pilot)
        assert "(ReportingAPI, depends_on, FeatureStore)" in feed_text(app)


async def test_agent_text_with_markup_like_brackets_is_shown_as_typed(make_app):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await app.until_ready(30)
        await pilot.press("n")
        await wait_for(pilot, lambda: app.engine.position == 1)
        await send(pilot, app, "a", "[bold]who[/bold] owns [INC-42]?")
        await wait_for(pilot, lambda: all(p.answer is not None for p in app.inspector.query(BackendPanel)))
        await settle(pilot)
        screen = svg_text(app.export_screenshot())
        assert "[INC-42] ReportingAPI" in screen
        assert "[bold]who[/bold] owns [INC-42]?" in screen


async def test_bad_input_never_crashes_the_inspector(make_app):
    messages = []
    app = make_app()
    nasty = [
        "",
        "   ",
        "x" * 100_000,
        "ctrl \x00\x07\x1b[31m chars",
        "emoji 🧨🔥👩‍💻 in a question?",
        "[/] [red]unclosed [link=x] ] [[INC-42]]",
    ]
    async with app.run_test(size=(100, 30), message_hook=messages.append) as pilot:
        await app.until_ready(30)
        await pilot.press("n")
        for text in nasty:
            for mode in ("a", "p"):
                await send(pilot, app, mode, text)
        await wait_for(pilot, lambda: not any(w.is_running for w in app.workers if w.group == "engine"), 30)
        await settle(pilot)
        asked = [e.text for e in events_of(messages, QuestionAsked)]
        assert len(asked) == 4  # the two empty ones were refused with a notice
        assert max(len(t) for t in asked) == 4000  # the 100 KB paste was cut
        assert "\x1b" not in "".join(asked)
        assert app.is_running
        screen = svg_text(app.export_screenshot())
        assert "[[INC-42]]" in screen or "[[INC-42]]" in feed_text(app)


async def test_a_backend_that_raises_shows_the_error_in_its_own_panel_while_the_others_answer(make_app):
    class Exploding:
        def __init__(self, inner):
            self.inner, self.name, self.config = inner, inner.name, inner.config

        def __getattr__(self, attr):
            return getattr(self.inner, attr)

        def answer(self, question, *, as_of=None):
            raise RuntimeError("vector index on fire")

    def factory(name, config, embedder):
        memory = create(name, config, embedder)
        return Exploding(memory) if name == "vector" else memory

    app = make_app(memory_factory=factory)
    async with app.run_test(size=(160, 48)) as pilot:
        await app.until_ready(30)
        for _ in range(4):
            await pilot.press("n")
        await wait_for(pilot, lambda: all(p.answer is not None for p in app.inspector.query(BackendPanel)))
        await settle(pilot)
        vector = app.inspector.panel("vector")
        assert "vector index on fire" in vector.answer.error
        assert app.inspector.panel("graph").answer.text == "Dana"
        assert "RuntimeError: vector" in svg_text(app.export_screenshot())


async def test_a_backend_that_cannot_be_built_keeps_its_seat_with_the_reason(make_app):
    def factory(name, config, embedder):
        if name == "recursive":
            raise ImportError("faiss missing")
        return create(name, config, embedder)

    app = make_app(memory_factory=factory)
    async with app.run_test(size=(160, 48)) as pilot:
        await app.until_ready(30)
        await wait_for(pilot, lambda: app.inspector.panel("recursive").size_info is not None)
        assert isinstance(app.engine.memories["recursive"], PlaceholderMemory)
        panel = app.inspector.panel("recursive")
        assert panel.border_subtitle.startswith("could not build recursive")
        assert "ImportError: faiss missing" in panel.plain


async def test_the_ui_is_usable_while_the_model_loads_and_backends_join_when_it_is_ready(make_app, hash_embedder):
    gate = asyncio.Event()
    loop_holder = {}

    def slow_loader():
        asyncio.run_coroutine_threadsafe(gate.wait(), loop_holder["loop"]).result(30)
        return hash_embedder

    app = make_app(embedder=None, load_embedder=slow_loader)
    async with app.run_test(size=(160, 48)) as pilot:
        loop_holder["loop"] = asyncio.get_running_loop()
        await wait_for(pilot, lambda: app.engine is not None)
        assert "loading" in app.status().model
        assert isinstance(app.engine.memories["vector"], PlaceholderMemory)
        assert not isinstance(app.engine.memories["raw"], PlaceholderMemory)
        await pilot.press("n", "n")  # raw plays while the model loads
        await wait_for(pilot, lambda: app.engine.position == 2)
        gate.set()
        await app.until_ready(30)
        await settle(pilot)
        assert app.status().model.startswith("ready")
        assert not any(isinstance(m, PlaceholderMemory) for m in app.engine.memories.values())
        snap = await app.engine.snapshot("vector")
        assert len(snap.chunks) == 2  # replayed to now when it joined


async def test_narrow_terminals_put_panels_behind_tabs(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.until_ready(30)
        await pilot.press("n")
        await settle(pilot)
        shown = [p.backend for p in app.inspector.query(BackendPanel) if p.display]
        assert shown == ["raw"]
        await pilot.press("right_square_bracket")
        await settle(pilot)
        assert [p.backend for p in app.inspector.query(BackendPanel) if p.display] == ["vector"]
        screen = svg_text(app.export_screenshot())
        assert "scores" in screen and "recursive" in screen


async def test_the_graph_screen_scrubs_through_turns(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await app.until_ready(30)
        app.seek_to_turn(7)
        await wait_for(pilot, lambda: app.engine.last_turn == 7)
        await pilot.press("v")
        await wait_for(pilot, lambda: "P1" in svg_text(app.export_screenshot()))
        now = svg_text(app.export_screenshot())
        assert "superseded at t6" in now
        await pilot.press("home")
        await settle(pilot)
        first = svg_text(app.export_screenshot())
        assert "as of turn 0" in first and "Dana" not in first
        await pilot.press("tab")  # the hybrid backend's graph
        await wait_for(pilot, lambda: " hybrid " in svg_text(app.export_screenshot()))
        assert app.screen.source == "hybrid"
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is app.inspector


async def test_help_lists_every_key_of_the_inspector(make_app):
    from tui.screens.help import key_label
    from tui.screens.inspector import InspectorScreen

    app = make_app()
    async with app.run_test(size=(160, 60)) as pilot:
        await app.until_ready(30)
        await pilot.press("question_mark")
        await settle(pilot)
        screen = svg_text(app.export_screenshot())
        for binding in InspectorScreen.BINDINGS:
            assert binding.description in screen
            assert binding.id
        assert key_label(InspectorScreen.BINDINGS[1]) == "n / →"
        await pilot.press("escape")


async def test_choosing_backends_rebuilds_the_panels_at_the_same_position(make_app):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await app.until_ready(30)
        await pilot.press("n", "n")
        await wait_for(pilot, lambda: app.engine.position == 2)
        await pilot.press("b")
        await settle(pilot)
        await pilot.press("space")  # untick raw (the first row)
        await pilot.press("enter")
        await wait_for(pilot, lambda: "raw" not in app.backends)
        await wait_for(pilot, lambda: app.engine is not None and app.engine.position == 2)
        assert [p.backend for p in app.inspector.query(BackendPanel)] == ["vector", "recursive", "graph", "hybrid"]


async def test_knobs_default_to_the_memory_config(make_app):
    app = make_app(config=MemoryConfig(top_k=2, linker="lexical"))
    async with app.run_test(size=(120, 40)) as pilot:
        await app.until_ready(30)
        assert app.engine.memories["vector"].config.top_k == 2
        assert "linker=lexical" in app.status().knobs


async def test_with_text_extraction_a_posted_message_puts_its_triples_in_the_graph_panel(make_app):
    messages = []
    app = make_app()
    async with app.run_test(size=(160, 48), message_hook=messages.append) as pilot:
        await app.until_ready(30)
        await pilot.press("n")
        await pilot.press("x")  # the graph and hybrid now read text, not gold facts
        await wait_for(pilot, lambda: app.engine.memories["graph"].config.extraction == "rules")
        await wait_for(pilot, lambda: app.busy == 0)
        await send(pilot, app, "p", "ConfigService is owned by Erin.")
        await wait_for(pilot, lambda: app.inspector.panel("graph").note is not None)
        note = app.inspector.panel("graph").note
        assert "(ConfigService, owned_by, Erin)" in note, note
        assert "extraction=rules" in app.status().knobs


async def test_the_feed_follows_new_messages_only_while_the_reader_is_at_the_bottom(make_app):
    app = make_app()
    async with app.run_test(size=(100, 16)) as pilot:  # a short feed, so a few turns overflow it
        await app.until_ready(30)
        app.seek_to_turn(5)
        await wait_for(pilot, lambda: app.engine.last_turn == 5)
        feed = app.inspector.feed
        assert feed.follow
        feed.action_scroll_lines(2)  # the reader scrolls up
        await settle(pilot)
        assert not feed.follow and feed.back == 2
        shown_before = [feed.render_line(y).text for y in range(feed.size.height - 1)]
        await pilot.press("n", "n")
        await wait_for(pilot, lambda: app.engine.last_turn == 7)
        await settle(pilot)
        assert [feed.render_line(y).text for y in range(feed.size.height - 1)] == shown_before  # view kept
        assert "newer lines" in feed.render_line(feed.size.height - 1).text
        feed.action_follow()
        await settle(pilot)
        assert feed.follow and "Thanks, noted." in feed.render_line(feed.size.height - 1).text
