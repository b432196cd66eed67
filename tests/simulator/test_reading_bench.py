"""The reading benchmark: one plain question per fact, graded against the fact's newest object."""

from __future__ import annotations

import json

from click.testing import CliRunner

from memories.protocol import MemoryConfig
from scenarios.models import Fact, Scenario, Turn
from simulator.cli import main
from simulator.reading_bench import accepted, latest_facts, run_reading


def _scenario() -> Scenario:
    return Scenario(id="tiny", channel="infra", turns=[
        Turn(index=0, speaker="ana", text="zonemap is owned by Lena Park.",
             facts=[Fact(subject="zonemap", predicate="owned_by", object="Lena Park")]),
        Turn(index=1, speaker="ben", text="zonemap runs in eu-west-1.",
             facts=[Fact(subject="zonemap", predicate="deployed_in", object="eu-west-1")]),
        Turn(index=2, speaker="ana", text="zonemap moved to us-east-1 today.",
             facts=[Fact(subject="zonemap", predicate="deployed_in", object="us-east-1")]),
        Turn(index=3, speaker="ben", text="zonemap is the tile server.",
             facts=[Fact(subject="zonemap", predicate="described_as", object="tile server")]),
    ])


def test_each_relation_is_asked_once_with_its_newest_object_and_descriptions_are_not_asked():
    facts = latest_facts(_scenario())
    assert facts == [("zonemap", "owned_by", ["Lena Park"], [0]), ("zonemap", "deployed_in", ["us-east-1"], [2])]


def test_an_answer_may_give_a_person_by_given_name_a_place_without_its_head_and_a_month_short():
    assert accepted("Lena Park", "owned_by") == ["Lena Park", "Lena"]
    assert accepted("Leeds office", "works_in") == ["Leeds office", "Leeds"]
    assert accepted("October", "renews_in") == ["October", "Oct"]
    assert accepted("us-east-1", "deployed_in") == ["us-east-1"]


def test_the_graph_with_gold_triples_reads_every_fact_back(hash_embedder):
    report = run_reading([_scenario()], ["graph"], MemoryConfig(extraction="oracle"), lambda: hash_embedder)
    assert report.n_items == 2 and report.backends["graph"]["overall"] == 1.0
    assert [item.question for item in report.items] == ["Who owns zonemap?", "Which region is zonemap deployed in?"]
    assert all(item.results["graph"]["correct"] for item in report.items)


def test_a_backend_s_overall_is_the_share_of_facts_it_read_back(hash_embedder):
    report = run_reading([_scenario()], ["raw"], MemoryConfig(), lambda: hash_embedder)
    assert report.n_items == 2
    assert report.backends["raw"]["overall"] == sum(i.results["raw"]["correct"] for i in report.items) / 2


def test_the_command_rejects_an_unknown_backend_in_one_line_with_exit_code_2():
    result = CliRunner().invoke(main, ["bench", "reading", "--backends", "graph,nope"])
    assert result.exit_code == 2 and "--backends" in result.output and "Traceback" not in result.output


def test_the_command_writes_its_report_as_json(tmp_path):
    path = tmp_path / "tiny.yaml"
    path.write_text(_scenario().model_dump_json(), encoding="utf-8")
    out = tmp_path / "reading.json"
    result = CliRunner().invoke(main, ["bench", "reading", "--scenarios", str(path), "--backends", "raw",
                                       "--json", str(out)])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["n_items"] == 2 and set(data["backends"]) == {"raw"}
