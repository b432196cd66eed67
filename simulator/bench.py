"""The synthetic and scaling benchmarks: the same engine, headless, every backend on the same questions.

Results are pydantic models; the JSON they dump is the contract scripts read. Apart from latency and timing
fields, two runs on the same inputs give byte-identical JSON.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence

from pydantic import BaseModel, Field

from memories.embedder import Embedder
from memories.protocol import Memory, MemoryConfig
from memories.registry import create
from scenarios.models import Scenario
from simulator.runner import QuestionResult, run_scenario

SUITE_TYPES = ["direct", "distant", "join", "multihop", "update", "paraphrase"]

# Published accuracy (%) of the source article's synthetic benchmark (anchors.md section 1), shown under ours.
PUBLISHED_SYNTHETIC: dict[str, dict[str, float]] = {
    "raw": {"direct": 100, "distant": 100, "join": 33, "multihop": 33, "update": 100, "paraphrase": 0, "overall": 61},
    "vector": {"direct": 100, "distant": 100, "join": 7, "multihop": 0, "update": 63, "paraphrase": 100, "overall": 62},
    "graph": {"direct": 100, "distant": 100, "join": 100, "multihop": 100, "update": 100, "paraphrase": 0, "overall": 83},
    "hybrid": {"direct": 100, "distant": 100, "join": 100, "multihop": 100, "update": 100, "paraphrase": 100,
               "overall": 100},
}
PUBLISHED_TOKENS = {"raw": 477, "vector": 56, "graph": 15, "hybrid": 26}
# Scaling figures (tokens per query) from the two source articles, by number of turns.
PUBLISHED_SCALING = {
    "raw": {2: 23, 50: 873, 200: 3423, 400: 6823, 800: 13623},
    "vector": {50: 57, 200: 57, 400: 57, 800: 57},
    "graph": {50: 17, 200: 17, 400: 17, 800: 17},
    "hybrid": {50: 17, 200: 17, 400: 17, 800: 17},
}

Progress = Callable[[int, int, str], None]  # (done, total, label)


class Latency(BaseModel):
    p50: float
    p95: float


class BackendSummary(BaseModel):
    accuracy: dict[str, float]
    tokens_per_query: float
    latency_ms: Latency


class QuestionRecord(BaseModel):
    scenario: str
    type: str
    text: str
    gold: list[str]
    evidence: list[int]
    results: dict[str, dict]


class ExtractionScores(BaseModel):
    precision: float
    recall: float
    f1: float
    by_predicate: dict[str, dict[str, float]]


class SyntheticReport(BaseModel):
    suite: str
    extraction: str
    linker: str
    top_k: int
    n_conversations: int
    n_questions: int
    backends: dict[str, BackendSummary]
    extraction_scores: ExtractionScores | None = None
    questions: list[QuestionRecord]
    timing: dict[str, float]

    def to_json(self) -> str:
        return self.model_dump_json(indent=2, exclude_none=True)


class ScalingBackend(BaseModel):
    tokens: list[int]
    latency_ms_p50: list[float]  # median of repeated answers: the question's embedding is cached after the first
    latency_ms_first: list[float]  # the first answer, which embeds the question
    correct: list[bool]


class ScalingReport(BaseModel):
    suite: str = "scaling"
    turns: list[int]
    backends: dict[str, ScalingBackend]
    timing: dict[str, float]

    def to_json(self) -> str:
        return self.model_dump_json(indent=2)


def _percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def _type_order(types: Sequence[str]) -> list[str]:
    present = set(types)
    return [t for t in SUITE_TYPES if t in present] + sorted(present - set(SUITE_TYPES))


def prewarm(embedder: Embedder | None, scenarios: Sequence[Scenario]) -> None:
    """Embed every distinct text of the run in large batches up front; ingest then hits the cache."""
    if embedder is None:
        return
    # Turn texts only: a question is embedded when it is asked, so its latency includes that embedding.
    texts = sorted({t.text for s in scenarios for t in s.turns})
    for start in range(0, len(texts), 512):
        embedder.encode(texts[start : start + 512])


def build_memories(backends: Sequence[str], config: MemoryConfig, embedder: Embedder | None) -> dict[str, Memory]:
    return {name: create(name, config, embedder) for name in backends}


def _rounded(value, places: int = 5):
    """Scores rounded for storage: float32 sums differ in the last bits with thread count and batch shape, and the
    JSON must be byte-identical from run to run."""
    if isinstance(value, float):
        return round(value, places)
    if isinstance(value, dict):
        return {k: _rounded(v, places) for k, v in value.items()}
    if isinstance(value, list):
        return [_rounded(v, places) for v in value]
    return value


def _compact_trace(outcome_answer) -> dict:
    """The trace as stored in the JSON: everything but the candidates' texts (they are the scenario's turns)."""
    trace = outcome_answer.trace.model_dump(exclude_defaults=True)
    for cand in trace.get("candidates", []):
        cand.pop("text", None)
    return _rounded(trace)


def summarise(results: list[QuestionResult], backends: Sequence[str]) -> dict[str, BackendSummary]:
    types = _type_order([r.type for r in results])
    out: dict[str, BackendSummary] = {}
    for name in backends:
        outcomes = [(r.type, r.results[name]) for r in results]
        acc: dict[str, float] = {}
        acc["overall"] = round(sum(o.correct for _, o in outcomes) / len(outcomes), 4) if outcomes else 0.0
        for t in types:
            of_type = [o for ty, o in outcomes if ty == t]
            acc[t] = round(sum(o.correct for o in of_type) / len(of_type), 4) if of_type else 0.0
        tokens = [o.answer.tokens for _, o in outcomes]
        lat = [o.answer.latency_ms for _, o in outcomes]
        out[name] = BackendSummary(
            accuracy=acc,
            tokens_per_query=round(statistics.fmean(tokens), 2) if tokens else 0.0,
            latency_ms=Latency(p50=round(_percentile(lat, 0.5), 4), p95=round(_percentile(lat, 0.95), 4)),
        )
    return out


def run_synthetic(
    scenarios: Sequence[Scenario],
    backends: Sequence[str],
    config: MemoryConfig,
    embedder_factory: Callable[[], Embedder | None],
    *,
    suite: str = "synthetic",
    progress: Progress | None = None,
) -> SyntheticReport:
    start = time.perf_counter()
    t0 = time.perf_counter()
    embedder = embedder_factory()
    model_load_s = time.perf_counter() - t0
    prewarm(embedder, scenarios)
    all_results: list[QuestionResult] = []
    extraction_pairs: list[tuple[Scenario, Memory]] = []
    for i, scenario in enumerate(scenarios):
        memories = build_memories(backends, config, embedder)
        all_results.extend(run_scenario(scenario, memories))
        if config.extraction == "rules":
            graph = memories.get("graph") or memories.get("hybrid")
            if graph is not None:
                extraction_pairs.append((scenario, graph))
        if progress:
            progress(i + 1, len(scenarios), scenario.id)
    questions = [
        QuestionRecord(
            scenario=r.scenario,
            type=r.type,
            text=r.text,
            gold=r.gold,
            evidence=r.evidence,
            results={
                name: {
                    "answer": o.answer.text,
                    "correct": o.correct,
                    "tokens": o.answer.tokens,
                    "latency_ms": round(o.answer.latency_ms, 4),
                    "needed_ranks": {str(k): v for k, v in sorted(o.needed_ranks.items())},
                    "error": o.answer.error,
                    "trace": _compact_trace(o.answer),
                }
                for name, o in r.results.items()
            },
        )
        for r in all_results
    ]
    extraction_scores = None
    if extraction_pairs:
        from simulator.extraction_score import score_extraction

        extraction_scores = ExtractionScores(**score_extraction(extraction_pairs))
    return SyntheticReport(
        suite=suite,
        extraction=config.extraction,
        linker=config.linker,
        top_k=config.top_k,
        n_conversations=len(scenarios),
        n_questions=len(all_results),
        backends=summarise(all_results, backends),
        extraction_scores=extraction_scores,
        questions=questions,
        timing={"wall_s": round(time.perf_counter() - start, 3), "model_load_s": round(model_load_s, 3)},
    )


def run_scaling(
    turns: Sequence[int],
    backends: Sequence[str],
    config: MemoryConfig,
    embedder_factory: Callable[[], Embedder | None],
    *,
    repeats: int = 21,
    progress: Progress | None = None,
) -> ScalingReport:
    """One fact, filler padding to each length, one question; latency is the median of `repeats` answers."""
    from scenarios.generator import generate_scaling

    start = time.perf_counter()
    embedder = embedder_factory()
    per = {n: ScalingBackend(tokens=[], latency_ms_p50=[], latency_ms_first=[], correct=[]) for n in backends}
    for i, n in enumerate(turns):
        scenario = generate_scaling(n)
        prewarm(embedder, [scenario])
        memories = build_memories(backends, config, embedder)
        results = run_scenario(scenario, memories)
        question = scenario.questions[-1]
        outcome = results[-1]
        for name, memory in memories.items():
            lat = [memory.answer(question.text).latency_ms for _ in range(repeats)]
            per[name].tokens.append(outcome.results[name].answer.tokens)
            per[name].correct.append(outcome.results[name].correct)
            per[name].latency_ms_p50.append(round(statistics.median(lat), 4))
            per[name].latency_ms_first.append(round(outcome.results[name].answer.latency_ms, 4))
        if progress:
            progress(i + 1, len(turns), f"{n} turns")
    return ScalingReport(turns=list(turns), backends=per, timing={"wall_s": round(time.perf_counter() - start, 3)})
