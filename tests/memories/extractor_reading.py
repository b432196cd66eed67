"""Reading chat through the rule extractor, for the extractor's tests: one message's facts as triples, the pairs of
one predicate among them, and the facts of the last of several messages read in order, each knowing the names the
ones before it gave, as the graph reads a channel."""

from __future__ import annotations

from memories.extractor import Extraction, RuleExtractor


def triples(extraction: Extraction) -> list[tuple[str, str, str]]:
    return [(f.subject, f.predicate, f.object) for f in extraction.facts]


def read_one(text: str, channel: str, known: list[str] | None = None, speaker: str = "sam"
             ) -> list[tuple[str, str, str]]:
    """One message's facts, read by a fresh extractor."""
    return triples(RuleExtractor().extract(text, channel=channel, known_entities=known or [], speaker=speaker))


def pairs(facts: list[tuple[str, str, str]], predicate: str) -> set[tuple[str, str]]:
    """(subject, object) of the facts of one predicate."""
    return {(s, o) for s, p, o in facts if p == predicate}


def read_lines(lines: list[tuple[str, str]], channel: str) -> list[tuple[str, str, str]]:
    """Read (speaker, text) lines in order, as the graph would, and return the facts of the last one."""
    x = RuleExtractor()
    known: list[str] = []
    out: list[tuple[str, str, str]] = []
    for speaker, text in lines:
        e = x.extract(text, channel=channel, known_entities=list(known), speaker=speaker)
        out = triples(e)
        for f in e.facts:
            known += [n for n in (f.subject, f.object) if n not in known]
        known += [m for m in e.mentions if m not in known]
    return out
