"""The LoCoMo retrieval benchmark: turn-level evidence recall@k per question category for each retrieval method,
with the cost of what was retrieved (cl100k tokens), retrieval latency and ingestion time. No LLM anywhere.

Metric (the LoCoMo paper's): a question's recall@k is the fraction of its evidence turns among the k retrieved;
a category's recall@k is the mean over its questions. Questions whose evidence is empty (or whose every evidence
id points at no turn) are left out of the means and counted in `n_questions_without_evidence`. `overall` covers
categories 1-4 (multi-hop, temporal, open-domain, single-hop); adversarial (5) is reported on its own.

Apart from the `timing` block and `latency_ms_p50`, two runs on the same inputs give byte-identical JSON.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Sequence

from pydantic import BaseModel

from memories.embedder import Embedder
from memories.tokens import count_tokens
from memories.turn_retrieval import NEEDS_EMBEDDER, create_retriever, turn_document
from scenarios.models import Scenario

OVERALL_CATEGORIES = ("multi-hop", "temporal", "open-domain", "single-hop")
REPORTED_CATEGORIES = (*OVERALL_CATEGORIES, "adversarial")
DEFAULT_K = (5, 10, 25, 50)
DEFAULT_METHODS = ("vector", "bm25", "graph", "hybrid")
# The LoCoMo paper's retrieval-only anchor (DRAGON retriever, turn-level evidence recall, all questions).
DRAGON_RECALL = {5: 0.567, 10: 0.662, 25: 0.767, 50: 0.827}

Progress = Callable[[int, int, str], None]  # (done, total, label)


def evidence_recall(retrieved: Sequence[int], evidence: Sequence[int], k: int) -> float:
    """Fraction of the evidence turns among the first k retrieved. Undefined for empty evidence."""
    needed = set(evidence)
    if not needed:
        raise ValueError("recall is undefined for a question without evidence")
    return len(needed.intersection(retrieved[:k])) / len(needed)


def joined_tokens(token_costs: Sequence[int], last_costs: Sequence[int]) -> int:
    """cl100k tokens of the retrieved lines joined by newlines, from per-line counts: every line but the last
    costs count(line + "\\n"), the last count(line). cl100k never merges across a newline followed by the '['
    or letter that opens our next line, so this equals count_tokens("\\n".join(lines)); a test checks it."""
    if not token_costs:
        return 0
    return sum(token_costs[:-1]) + last_costs[-1]


class MethodReport(BaseModel):
    recall: dict[str, dict[str, float | None]]  # category or "overall" -> str(k) -> mean recall (None: no questions)
    tokens_at_k: dict[str, float]  # str(k) -> mean tokens of the k retrieved lines, over all questions
    latency_ms_p50: float


class LocomoReport(BaseModel):
    suite: str = "locomo"
    k: list[int]
    n_questions: int
    n_questions_without_evidence: int
    methods: dict[str, MethodReport]
    timing: dict[str, float]

    def to_json(self) -> str:
        return json.dumps(self.model_dump(), indent=2)


def category_counts(scenarios: Sequence[Scenario]) -> dict[str, int]:
    """Questions with evidence per category: what each recall is a mean over."""
    out = {c: 0 for c in REPORTED_CATEGORIES}
    for s in scenarios:
        for q in s.questions:
            if q.evidence and q.type in out:
                out[q.type] += 1
    out["overall"] = sum(out[c] for c in OVERALL_CATEGORIES)
    return out


def summarise_recall(per_question: list[tuple[str, list[float]]],
                     ks: Sequence[int]) -> dict[str, dict[str, float | None]]:
    """(category, [recall at each k]) rows -> {"overall": {k: mean}, category: {k: mean}} with 4 decimals."""

    def mean_at(rows: list[list[float]]) -> dict[str, float | None]:
        if not rows:
            return {str(k): None for k in ks}
        return {str(k): round(sum(r[i] for r in rows) / len(rows), 4) for i, k in enumerate(ks)}

    out = {"overall": mean_at([r for c, r in per_question if c in OVERALL_CATEGORIES])}
    for category in REPORTED_CATEGORIES:
        out[category] = mean_at([r for c, r in per_question if c == category])
    return out


def _embed_everything(embedder: Embedder, scenarios: Sequence[Scenario]) -> tuple[float, float]:
    """One batched pass over every turn line, then every question: the retrievers then read the cache, so
    retrieval latency measures search, not the model. Returns (turn seconds, question seconds)."""
    t0 = time.perf_counter()
    embedder.encode(list(dict.fromkeys(turn_document(t) for s in scenarios for t in s.turns)))
    t1 = time.perf_counter()
    embedder.encode(list(dict.fromkeys(q.text for s in scenarios for q in s.questions)))
    return t1 - t0, time.perf_counter() - t1


def run_locomo(
    scenarios: Sequence[Scenario],
    methods: Sequence[str] = DEFAULT_METHODS,
    ks: Sequence[int] = DEFAULT_K,
    embedder_factory: Callable[[], Embedder | None] = lambda: None,
    progress: Progress | None = None,
) -> LocomoReport:
    """Index each conversation with each method, ask every question (its text only), score recall@k."""
    wall0 = time.perf_counter()
    ks = sorted(set(ks))
    k_max = ks[-1]
    embedder = embedder_factory() if NEEDS_EMBEDDER.intersection(methods) else None
    model_load_s = time.perf_counter() - wall0
    embed_s = query_embed_s = 0.0
    if embedder is not None:
        embed_s, query_embed_s = _embed_everything(embedder, scenarios)
    index_s = 0.0
    rows: dict[str, list[tuple[str, list[float]]]] = {m: [] for m in methods}
    tokens: dict[str, list[list[int]]] = {m: [] for m in methods}
    latencies: dict[str, list[float]] = {m: [] for m in methods}
    n_questions = sum(len(s.questions) for s in scenarios)
    without_evidence = sum(1 for s in scenarios for q in s.questions if not q.evidence)
    total = len(scenarios) * len(methods)
    done = 0
    for scenario in scenarios:
        lines = [turn_document(t) for t in scenario.turns]
        with_newline = [count_tokens(line + "\n") for line in lines]
        alone = [count_tokens(line) for line in lines]
        for method in methods:
            if progress:
                progress(done, total, f"{scenario.id} {method}")
            retriever = create_retriever(method, embedder)
            t0 = time.perf_counter()
            retriever.index(scenario.turns)
            index_s += time.perf_counter() - t0
            for q in scenario.questions:
                t0 = time.perf_counter()
                found = [c.turn for c in retriever.retrieve(q.text, k_max)]  # the question's text, nothing else
                latencies[method].append((time.perf_counter() - t0) * 1000.0)
                tokens[method].append(
                    [joined_tokens([with_newline[i] for i in found[:k]], [alone[i] for i in found[:k]]) for k in ks]
                )
                if q.evidence:
                    rows[method].append((q.type, [evidence_recall(found, q.evidence, k) for k in ks]))
            done += 1
    if progress:
        progress(done, total, "done")
    reports = {}
    for method in methods:
        per_k = list(zip(*tokens[method])) if tokens[method] else [() for _ in ks]
        reports[method] = MethodReport(
            recall=summarise_recall(rows[method], ks),
            tokens_at_k={str(k): round(statistics.fmean(col), 1) if col else 0.0 for k, col in zip(ks, per_k)},
            latency_ms_p50=round(statistics.median(latencies[method]), 3) if latencies[method] else 0.0,
        )
    return LocomoReport(
        k=list(ks),
        n_questions=n_questions,
        n_questions_without_evidence=without_evidence,
        methods=reports,
        timing={
            "wall_s": round(time.perf_counter() - wall0, 2),
            "ingest_s": round(embed_s + index_s, 2),  # embedding every turn + building every method's index
            "embed_s": round(embed_s, 2),
            "query_embed_s": round(query_embed_s, 2),
            "model_load_s": round(model_load_s, 2),
        },
    )

