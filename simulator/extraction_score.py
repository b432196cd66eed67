"""How well text extraction recovers the gold facts: precision, recall and f1, overall and per predicate.

Facts are compared as sets per scenario after entity normalisation (the same name key the graph resolves
entities with: case, punctuation, a leading "the", a generic head noun like "account" or "team"), so "the Acme
account" meets "Acme" and restating a fact neither helps nor hurts. Descriptions are compared as plain text.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from memories.entities import name_key
from memories.protocol import Memory
from scenarios.models import Scenario

_PUNCT = re.compile(r"[^\w\s-]")
_SPACE = re.compile(r"\s+")


def normalise_entity(name: str) -> str:
    text = _SPACE.sub(" ", _PUNCT.sub(" ", name.lower())).strip()
    if text.startswith("the "):
        text = text[4:]
    return text


def _triple(subject: str, predicate: str, obj: str) -> tuple[str, str, str]:
    if predicate == "described_as":
        return name_key(subject), predicate, normalise_entity(obj)
    return name_key(subject), predicate, name_key(obj)


def _prf(tp: int, n_pred: int, n_gold: int) -> dict[str, float]:
    p = tp / n_pred if n_pred else 0.0
    r = tp / n_gold if n_gold else 0.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return {"precision": round(p, 4), "recall": round(r, 4), "f1": round(f, 4), "gold": n_gold, "extracted": n_pred}


def score_extraction(pairs: Sequence[tuple[Scenario, Memory]]) -> dict:
    """Compare each scenario's gold facts with the extracted edges its graph memory holds."""
    tp: Counter[str] = Counter()
    n_pred: Counter[str] = Counter()
    n_gold: Counter[str] = Counter()
    for scenario, memory in pairs:
        gold = {_triple(f.subject, f.predicate, f.object) for t in scenario.turns for f in t.facts}
        got = {_triple(e.subject, e.predicate, e.object) for e in memory.snapshot().edges if e.extracted}
        for triple in gold:
            n_gold[triple[1]] += 1
        for triple in got:
            n_pred[triple[1]] += 1
            if triple in gold:
                tp[triple[1]] += 1
    overall = _prf(sum(tp.values()), sum(n_pred.values()), sum(n_gold.values()))
    by_predicate = {p: _prf(tp[p], n_pred[p], n_gold[p]) for p in sorted(set(n_gold) | set(n_pred))}
    return {"precision": overall["precision"], "recall": overall["recall"], "f1": overall["f1"],
            "by_predicate": by_predicate}
