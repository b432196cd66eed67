"""The failure-mode gallery and the command palette: a demo loads its scenario, backends and knobs and stops at
the question where a backend breaks; every demo's scenario and question exist."""

from __future__ import annotations

import pytest

from tests.tui.conftest import settle, wait_for
from tui.gallery import DEMOS, find_demo, resolve_scenario, stop_position
from tui.widgets.backend_panel import BackendPanel


@pytest.mark.parametrize("demo", DEMOS, ids=lambda d: d.id)
def test_every_demo_names_a_scenario_holding_its_question(demo):
    from simulator.engine import build_timeline

    scenario = resolve_scenario(demo.scenario)
    timeline = build_timeline(scenario)
    stop = stop_position(timeline, demo)
    assert stop is not None, f"{demo.id}: no {demo.question_type} question in {scenario.id}"
    beat = timeline[stop]
    assert beat.kind == "question" and beat.question.type == demo.question_type
    if demo.cross_channel:
        channels = {b.channel for b in timeline if b.kind == "turn" and b.turn.index in beat.question.evidence}
        assert len(channels) > 1


def test_demo_ids_are_unique_and_explained():
    assert len({d.id for d in DEMOS}) == len(DEMOS)
    assert all(len(d.explanation) > 40 and find_demo(d.id) is d for d in DEMOS)


async def test_the_gallery_loads_a_demo_and_stops_at_its_question(make_app):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await app.until_ready(30)
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("enter")  # the first demo: the join trap
        await wait_for(pilot, lambda: app.demo_title == "The join trap" and app.engine is not None
                       and app.engine.scenario.id == "join_trap", 30)
        await wait_for(pilot, lambda: all(p.answer is not None for p in app.inspector.query(BackendPanel)), 30)
        await settle(pilot)
        engine = app.engine
        asked = engine.timeline[engine.position - 1]
        assert asked.kind == "question" and asked.question.type == "join"
        assert app.last_question is not None and app.last_question.gold is asked.question
        banner = app.inspector.query_one("#demo-banner")
        assert banner.display and "The join trap" in str(banner.render())


async def test_a_demo_sets_its_knobs(make_app):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await app.until_ready(30)
        await app.load_demo("paraphrase-lexical")
        await settle(pilot)
        assert app.config.linker == "lexical"
        assert app.engine.memories["graph"].config.linker == "lexical"
        assert app.engine.timeline[app.engine.position - 1].question.type == "paraphrase"


async def test_the_command_palette_offers_the_demos(make_app):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await app.until_ready(30)
        await pilot.press("ctrl+p")
        await settle(pilot)
        await pilot.press(*"stale update")
        await settle(pilot, 5)
        await pilot.press("enter")
        await wait_for(pilot, lambda: app.demo_title is not None and app.demo_title.startswith("The stale update"),
                       30)


async def test_opening_the_workspace_scenario_lists_its_three_channels_and_counts_unread(make_app):
    app = make_app()
    async with app.run_test(size=(160, 48)) as pilot:
        await app.until_ready(30)
        await app.open_scenario_spec("workspace")
        await app.run_steps(3)  # #infra, #accounts, #ad-hoc: one turn each
        await settle(pilot)
        channels = app.inspector.channels
        assert channels.channels == ["infra", "accounts", "ad-hoc"]
        assert channels.current == "infra"
        assert channels.unread == {"infra": 0, "accounts": 1, "ad-hoc": 1}


async def test_an_unknown_scenario_id_is_a_notice_not_a_crash(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await app.until_ready(30)
        before = app.engine
        await app.open_scenario_spec("no_such_scenario")
        await settle(pilot)
        assert app.engine is before and app.is_running
