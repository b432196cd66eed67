"""Fixtures for the inspector's tests: a small hand-written scenario in two channels, and an app factory that uses
the real backends with the fast hashing embedder."""

from __future__ import annotations

import asyncio

import pytest

from scenarios.models import Scenario

TINY = {
    "id": "tiny_infra",
    "channel": "infra",
    "title": "Who owns what ReportingAPI needs",
    "turns": [
        {"speaker": "agent_a", "text": "[INC-42] ReportingAPI, which serves usage reports, depends on FeatureStore.",
         "facts": [["ReportingAPI", "depends_on", "FeatureStore"],
                   ["ReportingAPI", "described_as", "serves usage reports"]]},
        {"speaker": "agent_b", "text": "FeatureStore is owned by Dana.", "facts": [["FeatureStore", "owned_by", "Dana"]]},
        {"speaker": "agent_c", "text": "ReportingAPI is owned by Bob.", "facts": [["ReportingAPI", "owned_by", "Bob"]]},
        {"speaker": "agent_a", "channel": "ad-hoc", "text": "Lunch at noon? [poll] 🍕"},
        {"speaker": "agent_b", "text": "Is the FeatureStore dashboard slow for anyone else?"},
        {"speaker": "agent_c", "text": "FeatureStore priority is P3.", "facts": [["FeatureStore", "priority", "P3"]]},
        {"speaker": "agent_a", "text": "Heads up: FeatureStore priority is now P1.",
         "facts": [["FeatureStore", "priority", "P1"]]},
        {"speaker": "agent_b", "text": "Thanks, noted."},
    ],
    "questions": [
        {"after": 2, "text": "Who owns the component that ReportingAPI depends on?", "type": "join",
         "answer": "Dana", "evidence": [0, 1]},
        {"after": 4, "text": "Who owns ReportingAPI?", "type": "direct", "answer": "Bob", "evidence": [2]},
        {"after": 7, "text": "What priority is FeatureStore?", "type": "update", "answer": "P1", "evidence": [6]},
    ],
}
N_BEATS = len(TINY["turns"]) + len(TINY["questions"])


@pytest.fixture
def tiny() -> Scenario:
    return Scenario.model_validate(TINY)


@pytest.fixture
def make_app(hash_embedder, tiny):
    """CtxsimApp on the tiny scenario with every real backend and the hash embedder (no model load)."""
    from tui.app import CtxsimApp

    def make(**kwargs) -> CtxsimApp:
        kwargs.setdefault("embedder", hash_embedder)
        return CtxsimApp(kwargs.pop("scenario", tiny), **kwargs)

    return make


async def settle(pilot, rounds: int = 3) -> None:
    """Let engine work (in its executor) finish and its events reach the widgets."""
    for _ in range(rounds):
        await pilot.pause()
        await asyncio.sleep(0.02)
    await pilot.pause()


async def wait_for(pilot, condition, timeout: float = 20.0) -> None:
    """Poll (not time) a condition the app reaches asynchronously; fail with the condition's source if it never does."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError("condition not reached in time")
        await pilot.pause()
        await asyncio.sleep(0.01)
    await pilot.pause()
