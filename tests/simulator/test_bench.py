"""The benchmark's contract: its JSON shape, its determinism, and (on the real model) the claims the README makes."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from memories.embedder import HashEmbedder
from memories.protocol import MemoryConfig
from scenarios.generator import generate_suite
from simulator.bench import run_scaling, run_synthetic

BACKENDS = ["raw", "vector", "recursive", "graph", "hybrid"]


def _strip_timing(obj):
    """Drop the fields that measure time; everything else must be byte-identical between runs."""
    if isinstance(obj, dict):
        return {k: _strip_timing(v) for k, v in obj.items()
                if k not in ("latency_ms", "timing", "latency_ms_p50", "latency_ms_first")}
    if isinstance(obj, list):
        return [_strip_timing(v) for v in obj]
    return obj


def _small_run():
    scenarios = generate_suite([0])[:3]
    return run_synthetic(scenarios, BACKENDS, MemoryConfig(), lambda: HashEmbedder())


def test_synthetic_json_has_the_documented_shape():
    report = json.loads(_small_run().to_json())
    assert {"suite", "extraction", "linker", "top_k", "n_conversations", "n_questions", "backends", "questions",
            "timing"} <= set(report)
    assert report["n_conversations"] == 3 and report["n_questions"] == 18
    for name in BACKENDS:
        b = report["backends"][name]
        assert {"overall", "direct", "distant", "join", "multihop", "update", "paraphrase"} <= set(b["accuracy"])
        assert all(0.0 <= v <= 1.0 for v in b["accuracy"].values())
        assert b["tokens_per_query"] > 0
        assert set(b["latency_ms"]) == {"p50", "p95"}
    q = report["questions"][0]
    assert {"scenario", "type", "text", "gold", "results"} <= set(q)
    assert {"answer", "correct", "tokens", "latency_ms"} <= set(q["results"]["graph"])
    assert set(report["timing"]) == {"wall_s", "model_load_s"}


def test_two_runs_give_identical_json_apart_from_timing():
    first = _strip_timing(json.loads(_small_run().to_json()))
    second = _strip_timing(json.loads(_small_run().to_json()))
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)


def test_scaling_raw_tokens_grow_while_graph_stays_flat():
    report = run_scaling([10, 50, 200], ["raw", "graph"], MemoryConfig(), lambda: HashEmbedder(), repeats=3)
    raw, graph = report.backends["raw"].tokens, report.backends["graph"].tokens
    assert raw[0] < raw[1] < raw[2]
    assert raw[2] > 10 * raw[0] / 2  # roughly linear in turns: 20x the turns, far more than 5x the tokens
    assert max(graph) - min(graph) <= 2


def test_bench_rejects_an_unknown_backend_with_one_line():
    from simulator.commands.bench import bench

    result = CliRunner().invoke(bench, ["synthetic", "--backends", "raw,nope"])
    assert result.exit_code == 2
    assert "unknown backend 'nope'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.integration
def test_full_synthetic_bench_on_the_real_model_shows_the_claims(minilm, tmp_path):
    """The claims of issue #3, on all 60 conversations and 360 questions with gold triples."""
    report = run_synthetic(generate_suite(range(5)), BACKENDS, MemoryConfig(), lambda: minilm)
    b = report.backends
    assert report.n_questions == 360
    assert b["hybrid"].accuracy["overall"] == 1.0
    for t in ("direct", "distant", "join", "multihop", "update", "paraphrase"):
        assert b["graph"].accuracy[t] == 1.0, t
    for flat in ("raw", "vector"):
        for t in ("join", "multihop"):
            assert b[flat].accuracy[t] <= b["graph"].accuracy[t] - 0.5, (flat, t)
    assert b["graph"].tokens_per_query <= 30
    assert b["raw"].tokens_per_query >= 10 * b["graph"].tokens_per_query
    lexical = run_synthetic(generate_suite(range(5)), ["graph"], MemoryConfig(linker="lexical"), lambda: minilm)
    assert lexical.backends["graph"].accuracy["paraphrase"] <= 0.5
