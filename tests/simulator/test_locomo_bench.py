"""The LoCoMo bench: recall arithmetic, token counting, what a retriever may see, JSON determinism, the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import simulator.locomo_bench as bench
from memories.answer import Candidate
from memories.tokens import count_tokens
from memories.turn_retrieval import turn_document
from scenarios.locomo import load_locomo
from simulator.commands.bench_locomo import locomo
from simulator.locomo_bench import evidence_recall, joined_tokens, run_locomo, summarise_recall

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "locomo_tiny.json"


@pytest.fixture(scope="module")
def scenarios():
    return load_locomo(FIXTURE)[0]


class InOrder:
    """A stand-in retriever that returns turns in conversation order and records everything it is given."""

    name = "in-order"
    seen: list = []

    def index(self, turns):
        InOrder.seen.append(("index", [t.text for t in turns]))
        self.ids = [t.index for t in turns]

    def retrieve(self, question, k):
        InOrder.seen.append(("retrieve", question))
        return [Candidate(turn=t, score=0.0, rank=r + 1) for r, t in enumerate(self.ids[:k])]


@pytest.fixture
def in_order(monkeypatch):
    InOrder.seen = []
    monkeypatch.setattr(bench, "create_retriever", lambda name, embedder=None: InOrder())
    return InOrder


def test_recall_is_the_share_of_evidence_turns_in_the_top_k():
    assert evidence_recall([4, 9, 2, 7], [2, 7, 30], 3) == pytest.approx(1 / 3)
    assert evidence_recall([4, 9, 2, 7], [2, 7, 30], 4) == pytest.approx(2 / 3)
    assert evidence_recall([4, 9, 2, 7], [2, 2], 4) == 1.0  # a turn listed twice is needed once
    assert evidence_recall([], [1], 10) == 0.0
    with pytest.raises(ValueError):
        evidence_recall([1, 2], [], 5)


def test_overall_covers_categories_one_to_four_and_adversarial_stands_alone():
    rows = [("single-hop", [1.0, 1.0]), ("multi-hop", [0.0, 0.5]), ("adversarial", [0.0, 0.0])]
    summary = summarise_recall(rows, [5, 10])
    assert summary["overall"] == {"5": 0.5, "10": 0.75}
    assert summary["adversarial"] == {"5": 0.0, "10": 0.0}
    assert summary["temporal"] == {"5": None, "10": None}  # no questions: no number, rather than a false 0
    assert list(summary) == ["overall", "multi-hop", "temporal", "open-domain", "single-hop", "adversarial"]


def test_joined_token_count_equals_counting_the_joined_context(scenarios):
    lines = [turn_document(t) for s in scenarios for t in s.turns]
    costs = [count_tokens(line + "\n") for line in lines]
    alone = [count_tokens(line) for line in lines]
    for picks in ([0], [3, 1], [2, 7, 4, 0, 9], list(range(len(lines)))):
        expected = count_tokens("\n".join(lines[i] for i in picks))
        assert joined_tokens([costs[i] for i in picks], [alone[i] for i in picks]) == expected
    assert joined_tokens([], []) == 0


def test_recall_by_category_on_the_fixture_by_hand(scenarios, in_order):
    report = run_locomo(scenarios, ["in-order"], [1, 3])
    recall = report.methods["in-order"].recall
    # conv-1 in order: single-hop q0 needs turn 2 (k=3 hit), q7 needs 7 (miss); conv_b q0 needs turn 0 (hit at 1)
    assert recall["single-hop"] == {"1": round(1 / 3, 4), "3": round(2 / 3, 4)}
    # multi-hop: [2, 4] -> 0 then 1/2; [4] -> 0, 0
    assert recall["multi-hop"] == {"1": 0.0, "3": 0.25}
    # temporal: [3] -> 0, 0; conv_b [2] -> 0, 1
    assert recall["temporal"] == {"1": 0.0, "3": 0.5}
    assert recall["open-domain"] == {"1": None, "3": None}  # its only question has no evidence
    assert recall["adversarial"] == {"1": 0.0, "3": 0.0}
    assert recall["overall"] == {"1": round(1 / 7, 4), "3": round((2 + 0.5 + 1) / 7, 4)}
    assert report.n_questions == 10 and report.n_questions_without_evidence == 1


def test_retrievers_see_the_turns_and_the_question_text_only(scenarios, in_order):
    run_locomo(scenarios, ["in-order"], [5])
    asked = [value for kind, value in in_order.seen if kind == "retrieve"]
    assert asked == [q.text for s in scenarios for q in s.questions]
    indexed = [value for kind, value in in_order.seen if kind == "index"]
    assert indexed == [[t.text for t in s.turns] for s in scenarios]


def test_tokens_at_k_average_the_joined_context_of_every_question(scenarios, in_order):
    report = run_locomo(scenarios, ["in-order"], [2])
    per_question = [count_tokens("\n".join(turn_document(t) for t in s.turns[:2])) for s in scenarios
                    for _ in s.questions]
    assert report.methods["in-order"].tokens_at_k == {"2": round(sum(per_question) / len(per_question), 1)}


def without_timing(text: str) -> dict:
    data = json.loads(text)
    data.pop("timing")
    for method in data["methods"].values():
        method.pop("latency_ms_p50")
    return data


def test_the_json_has_the_issue_shape_and_is_identical_across_runs_apart_from_timing(scenarios, hash_embedder):
    methods = ["vector", "bm25", "graph", "hybrid"]
    runs = [run_locomo(scenarios, methods, [5, 10, 25, 50], lambda: hash_embedder).to_json() for _ in range(2)]
    data = json.loads(runs[0])
    assert list(data) == ["suite", "k", "n_questions", "n_questions_without_evidence", "methods", "timing"]
    assert data["suite"] == "locomo" and data["k"] == [5, 10, 25, 50] and data["n_questions"] == 10
    assert {"wall_s", "ingest_s"} <= set(data["timing"])
    for name in methods:
        entry = data["methods"][name]
        assert list(entry) == ["recall", "tokens_at_k", "latency_ms_p50"]
        assert list(entry["recall"]) == ["overall", "multi-hop", "temporal", "open-domain", "single-hop",
                                         "adversarial"]
        assert list(entry["recall"]["overall"]) == ["5", "10", "25", "50"]
        assert list(entry["tokens_at_k"]) == ["5", "10", "25", "50"]
    assert without_timing(runs[0]) == without_timing(runs[1])


# --- the command ----------------------------------------------------------------------------------------------


def invoke(*args: str):
    return CliRunner().invoke(locomo, list(args))


def test_command_with_a_missing_file_exits_2_with_one_line():
    result = invoke("--data", "/nonexistent/locomo10.json")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == ["/nonexistent/locomo10.json: no such file"]
    assert "Traceback" not in result.output


def test_command_with_a_malformed_file_exits_2_with_one_line(tmp_path):
    path = tmp_path / "locomo.json"
    path.write_text('[{"sample_id": "c", "conversation": {}, "qa": [', encoding="utf-8")
    result = invoke("--data", str(path))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"{path}: not valid JSON at line 1"]


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--methods", "bm25,dense"], "--methods: unknown method 'dense' (known: vector, bm25, graph, hybrid)"),
        (["--k", "5,ten"], "--k: '5,ten' is not a list of numbers like 0-4 or 10,50,200"),
        (["--k", "0,5"], "--k: 0 is not a cut-off (use numbers >= 1)"),
        (["--conversations", "conv-9"], f"{FIXTURE}: no conversation conv-9 (the file has conv-1, conv_b)"),
    ],
)
def test_command_with_bad_options_exits_2_with_one_line(args, line):
    result = invoke("--data", str(FIXTURE), *args)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [line]


def test_command_prints_the_table_beside_dragon_and_writes_the_json(tmp_path):
    out = tmp_path / "out.json"
    result = invoke("--data", str(FIXTURE), "--methods", "bm25", "--k", "1,5", "--json", str(out))
    assert result.exit_code == 0, result.output
    assert "DRAGON" in result.stdout and "overall (1-4)" in result.stdout and "adversarial (5)" in result.stdout
    assert result.stderr.count("warning:") == 1  # the dropped evidence ids, in one line
    data = json.loads(out.read_text())
    assert list(data["methods"]) == ["bm25"] and data["k"] == [1, 5]


@pytest.mark.integration
def test_command_runs_every_method_on_the_real_model(tmp_path, minilm):
    out = tmp_path / "out.json"
    result = invoke("--data", str(FIXTURE), "--conversations", "conv-1", "--json", str(out))
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert list(data["methods"]) == ["vector", "bm25", "graph", "hybrid"]
    assert data["n_questions"] == 8
