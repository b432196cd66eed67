"""Each failure-mode demo shows what its one-line explanation claims, on the real model: the backends it says
break answer its stop question wrongly, the ones it says hold answer it rightly."""

from __future__ import annotations

import pytest

from tests.tui.conftest import settle, wait_for
from tui.gallery import DEMOS
from tui.widgets.backend_panel import BackendPanel


@pytest.mark.integration
@pytest.mark.parametrize("demo", DEMOS, ids=lambda d: d.id)
async def test_the_demo_breaks_and_holds_what_it_says(demo, minilm):
    from tui.app import CtxsimApp

    app = CtxsimApp(embedder=minilm)
    async with app.run_test(size=(160, 48)) as pilot:
        await app.until_ready(60)
        await app.load_demo(demo.id)
        await wait_for(pilot, lambda: all(p.answer is not None for p in app.inspector.query(BackendPanel)), 60)
        await settle(pilot)
        verdicts = {p.backend: p.correct for p in app.inspector.query(BackendPanel)}
        answers = {p.backend: p.answer.text for p in app.inspector.query(BackendPanel)}
        for name in demo.breaks:
            assert verdicts[name] is False, (name, answers)
        for name in demo.holds:
            assert verdicts[name] is True, (name, answers)
        if demo.id == "raw-cost":
            tokens = {p.backend: p.answer.tokens for p in app.inspector.query(BackendPanel)}
            assert tokens["raw"] > 50 * tokens["graph"]
