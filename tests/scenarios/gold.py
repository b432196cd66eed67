"""A reference reading of a scenario's gold facts, for tests: what is true after a turn, and where it was said.

Written independently of the generator, so the tests check the generator's output, not its intentions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scenarios.models import MULTI_VALUED, Scenario

UPDATE_SIGNALS = re.compile(r"\b(now|moved|bumped|changed|switched|no longer|migrated|slipped)\b", re.I)

# Words a filler line must not contain: they would read as one of the canonical relations.
RELATION_WORDS = re.compile(
    r"\b(own|owns|owned|owner|depends?|depending|dependency|relies|rely|priority|deployed|hosted?|runs in|"
    r"member|part of|handles?|handled|looks after|account manager|works? (?:in|out of)|based in|located|"
    r"headquartered|plan|renews?|renewal|leads?|led by|lead on|uses|using|due|deadline|status|now|moved|"
    r"bumped|changed|switched|no longer|migrated)\b",
    re.I,
)

STOPWORDS = frozenset(
    "a an the of to in on for and or with by at from into as is are be it its that this which who what when "
    "where how our their we they you one per new".split()
)


@dataclass(frozen=True)
class Said:
    subject: str
    predicate: str
    object: str
    turn: int


def facts_until(scenario: Scenario, last_turn: int) -> list[Said]:
    return [
        Said(f.subject, f.predicate, f.object, t.index)
        for t in scenario.turns[: last_turn + 1]
        for f in t.facts
    ]


def current(scenario: Scenario, last_turn: int) -> dict[tuple[str, str], list[Said]]:
    """(subject, predicate) -> the facts in force after last_turn: the latest for single-valued predicates."""
    out: dict[tuple[str, str], list[Said]] = {}
    for said in facts_until(scenario, last_turn):
        key = (said.subject, said.predicate)
        if said.predicate in MULTI_VALUED:
            if all(s.object != said.object for s in out.get(key, [])):
                out.setdefault(key, []).append(said)
        else:
            out[key] = [said]
    return out


def walk(scenario: Scenario, last_turn: int, start: str, chain: list[str]) -> list[Said] | None:
    """Follow a predicate chain from start; None when a hop is missing or ambiguous (two objects)."""
    view = current(scenario, last_turn)
    path: list[Said] = []
    node = start
    for hop in chain:
        options = [s for predicate in hop.split("|") for s in view.get((node, predicate), [])]
        if len(options) != 1:
            return None
        path.append(options[0])
        node = options[0].object
    return path


def words(text: str) -> list[str]:
    """Words with CamelCase split, lower-cased."""
    out: list[str] = []
    for chunk in re.findall(r"[A-Za-z0-9]+", text):
        out.extend(w.lower() for w in re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+", chunk))
    return out


def _root(word: str) -> str:
    for suffix in ("ations", "ation", "ings", "ing", "ers", "er", "ies", "es", "ed", "s", "ly", "e"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word


def shared_content_words(a: str, b: str) -> set[tuple[str, str]]:
    """Content-word pairs of a and b that share a stem: equal roots, or one root a prefix of the other (4+ letters).
    Deliberately stricter than the generator's own check."""
    ra = {(w, _root(w)) for w in words(a) if w not in STOPWORDS and len(w) > 1}
    rb = {(w, _root(w)) for w in words(b) if w not in STOPWORDS and len(w) > 1}
    hits = set()
    for wa, xa in ra:
        for wb, xb in rb:
            if xa == xb or (min(len(xa), len(xb)) >= 4 and (xa.startswith(xb) or xb.startswith(xa))):
                hits.add((wa, wb))
    return hits


def contains_answer(text: str, answer: str) -> bool:
    """Whole-word containment after lower-casing, as the grader reads answers."""
    norm = lambda s: " ".join(re.findall(r"[a-z0-9]+", s.lower()))  # noqa: E731
    return f" {norm(answer)} " in f" {norm(text)} "
