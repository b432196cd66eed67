"""The knobs the inspector turns (top-k, max hops, linker, supersession, extraction): their next value and which
backends read them, so only the affected memories are rebuilt and re-asked."""

from __future__ import annotations

from typing import Literal

from memories.protocol import MemoryConfig

Knob = Literal["top_k", "max_hops", "linker", "supersession", "extraction"]
KNOBS: tuple[Knob, ...] = ("top_k", "max_hops", "linker", "supersession", "extraction")
TOP_K_STEPS = [1, 2, 4, 8, 16]

# Which backends read each knob. A backend not listed here is rebuilt for every knob (safe default).
READERS: dict[str, set[Knob]] = {
    "raw": set(),
    "vector": {"top_k"},
    "recursive": {"top_k"},
    "graph": {"max_hops", "linker", "supersession", "extraction"},
    "hybrid": {"top_k", "max_hops", "linker", "supersession", "extraction"},
}


def turned(config: MemoryConfig, knob: Knob) -> MemoryConfig:
    """The config with one knob moved to its next value (cycling)."""
    if knob == "top_k":
        bigger = [k for k in TOP_K_STEPS if k > config.top_k]
        return config.model_copy(update={"top_k": bigger[0] if bigger else TOP_K_STEPS[0]})
    if knob == "max_hops":
        return config.model_copy(update={"max_hops": config.max_hops % 3 + 1})
    if knob == "linker":
        return config.model_copy(update={"linker": "lexical" if config.linker == "semantic" else "semantic"})
    if knob == "extraction":
        return config.model_copy(update={"extraction": "rules" if config.extraction == "oracle" else "oracle"})
    return config.model_copy(update={"supersession": not config.supersession})


def affected(knob: Knob, backends: list[str]) -> list[str]:
    return [b for b in backends if knob in READERS.get(b, {knob})]


def label(config: MemoryConfig) -> str:
    return (f"k={config.top_k} hops={config.max_hops} linker={config.linker} "
            f"supersession={'on' if config.supersession else 'off'} extraction={config.extraction}")
