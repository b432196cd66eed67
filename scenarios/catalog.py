"""Scenarios by name: the generated suite, the hand-written library in scenarios/library/, and files on disk.

`find()` is what every command uses to turn a user's SCENARIO argument into a Scenario.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Iterable

from scenarios.files import ScenarioFileError, load_scenario_file, load_scenarios
from scenarios.generator import CHANNELS, PER_CHANNEL, generate_scaling, generate_scenario, generate_suite, id_prefix
from scenarios.models import Scenario

LIBRARY_DIR = Path(__file__).resolve().parent / "library"
DEFAULT_SCENARIO = "infra_s0_0"
DEFAULT_SEEDS = range(5)
SCENARIO_SUFFIXES = (".yaml", ".yml", ".json")

_SUITE_ID = re.compile(r"^(?P<prefix>[a-z]+)_s(?P<seed>\d+)_(?P<n>\d+)$")
_SCALING_ID = re.compile(r"^scaling_(?P<turns>\d+)(?:_s(?P<seed>\d+))?$")
_CHANNEL_BY_PREFIX = {id_prefix(channel): channel for channel in CHANNELS}


@lru_cache(maxsize=8)
def _suite(seeds: tuple[int, ...]) -> tuple[Scenario, ...]:
    return tuple(generate_suite(seeds))


def suite(seeds: Iterable[int] = DEFAULT_SEEDS) -> list[Scenario]:
    """The generated suite for these seeds (12 per seed). Cached: the scenarios are shared, treat them as read-only."""
    return list(_suite(tuple(seeds)))


@lru_cache(maxsize=1)
def _library() -> tuple[Scenario, ...]:
    scenarios, _ = load_scenarios([LIBRARY_DIR])
    return tuple(scenarios)


def library() -> list[Scenario]:
    """The hand-written scenarios in scenarios/library/*.yaml, sorted by file name. Shared: treat as read-only."""
    return list(_library())


def _suite_scenario(spec: str) -> Scenario | None:
    match = _SUITE_ID.match(spec)
    if not match or match["prefix"] not in _CHANNEL_BY_PREFIX or int(match["n"]) >= PER_CHANNEL:
        return None
    seed, n = int(match["seed"]), int(match["n"])
    channel = _CHANNEL_BY_PREFIX[match["prefix"]]
    if seed in DEFAULT_SEEDS:
        return next(s for s in _suite(tuple(DEFAULT_SEEDS)) if s.id == spec)
    return generate_scenario(seed, channel, n)  # ids of larger --seeds suites resolve too


def _scaling_scenario(spec: str) -> Scenario | None:
    match = _SCALING_ID.match(spec)
    if not match or int(match["turns"]) < 1:
        return None
    return generate_scaling(int(match["turns"]), int(match["seed"] or 0))


def _looks_like_path(spec: str) -> bool:
    return "/" in spec or "\\" in spec or spec.endswith(SCENARIO_SUFFIXES)


def find(spec: str) -> Scenario:
    """A scenario from an id (suite: infra_s0_0 .. adhoc_s4_3; library: workspace, join_trap, ...; scaling_800)
    or from a path to a scenario file. Unknown -> ScenarioFileError with one line. The caller owns the copy."""
    if not _looks_like_path(spec):
        found = _suite_scenario(spec) or _scaling_scenario(spec)
        if found is not None:
            return found.model_copy(deep=True)
        for scenario in _library():
            if scenario.id == spec:
                return scenario.model_copy(deep=True)
        if not Path(spec).is_file():
            raise ScenarioFileError([f"no scenario '{spec}': not an id in the suite or library, and no such file"])
    scenario, _ = load_scenario_file(spec)
    return scenario
