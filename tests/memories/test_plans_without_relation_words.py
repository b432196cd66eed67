"""A question that names no relation but asks for a type only one predicate gives ("kestrel's on what plan
again"), about a name extraction never made a node: the hybrid reads the plan beside the name in the turns. Plan
names with a number ("the 24/7 plan", "the 'studio 20' bundle") or in quote marks are read whole, without the marks;
a verb of saying frames a question ("what prio did we say mm is") and is no part of its subject. Where the general
reader's answer is no thing of the asked type ("depends" for a team), the hybrid reads that type beside the subject.
A tier word opening two capitalised words names a plan ("is on Premier Support"). Written for these tests."""

from __future__ import annotations

import pytest

from memories.answer import LinkDecision, Trace
from memories.graph import GraphMemory, Unfinished
from memories.hybrid import HybridMemory, _asked_step
from memories.mentions import sentences
from memories.protocol import MemoryConfig
from memories.question import parse_question
from memories.slot_reader import _plans, fits
from scenarios.models import Turn
from tests.memories.extractor_reading import pairs, read_one

pytestmark = pytest.mark.filterwarnings("ignore")

CHAT = [
    ("kai", "ok who's the contact for kestrelsoft these days"),
    ("ruth", "that's oona virtanen, she took it over in march"),
    ("kai", "ty. fyi they're on the 24/7 plan since the launch mess"),
    ("ruth", "lunch?"),
]


def _memory(embedder, cls=HybridMemory):
    memory = cls(MemoryConfig(extraction="rules"), embedder)
    memory.ingest_many([Turn(index=i, speaker=s, text=t, channel="accounts") for i, (s, t) in enumerate(CHAT)])
    return memory


def test_the_one_predicate_of_the_asked_type_is_the_step_to_read(hash_embedder):
    graph = _memory(hash_embedder, GraphMemory)
    plan = graph.unfinished("kestrelsoft's on what plan again")
    assert plan is not None and (plan.start, plan.remaining) == ("kestrelsoft", ["plan"])
    # a person may be an owner, a lead or an account's contact: with no words of the relation, no step is guessed
    assert graph.unfinished("who is it for kestrelsoft") is None


def test_the_hybrid_reads_the_plan_beside_the_name(hash_embedder):
    answer = _memory(hash_embedder).answer("kestrelsoft's on what plan again")
    assert answer.text == "24/7"
    assert answer.trace.paths and answer.trace.paths[0][0].predicate == "plan"


@pytest.mark.parametrize(("text", "plan"), [
    ("yup. they're on the 24/7 plan since March", "24/7"),
    ("fyi we're on their 'studio' plan so strings are included", "studio"),
    ("mine. we're on the 'studio 20' bundle, 20 kits", "studio 20 bundle"),
    ("Beacon is on the Net-60 credit plan", "Net-60 credit"),
])
def test_plan_names_with_numbers_or_quote_marks_are_read_whole(text, plan):
    assert [v.text for s in sentences(text) for v in _plans(s, text)] == [plan]


def test_a_count_before_a_bundle_is_no_plan_name():
    text = "we're on the 20 kits bundle"
    assert not any(v.text.startswith("20") for s in sentences(text) for v in _plans(s, text))


def test_a_verb_of_saying_frames_the_question():
    parsed = parse_question("what prio did we say mm is for the event")
    assert parsed.mentions == ["mm"] and parsed.expected_types == ("priority",)


@pytest.mark.parametrize(("answer", "wanted", "fit"), [
    ("P1", "priority", True), ("depends", "priority", False), ("in progress", "status", True),
    ("March", "month", True), ("side", "date", False), ("Build Infra", "team", True), ("owner", "team", False),
    ("eu-west-2", "region", True), ("infra", "region", False), ("kev", "person", True), ("", "person", False),
])
def test_an_answer_fits_its_type_unless_it_is_a_word_that_names_nothing(answer, wanted, fit):
    assert fits(answer, wanted) is fit


def test_the_step_read_for_an_unfitting_answer_ends_on_the_asked_type():
    trace = Trace(backend="graph", expected_type="team", links=[LinkDecision(mention="quillpad")])
    # a chain not walked: its step that ends on a team; no chain: the subject linked and the team's one predicate
    assert _asked_step(Unfinished("quillpad", ["owned_by", "member_of"], []), trace) == ("quillpad", "member_of")
    assert _asked_step(None, trace) == ("quillpad", "member_of")
    assert _asked_step(None, trace.model_copy(update={"expected_type": None})) is None


def test_a_tariff_is_a_plan():
    assert parse_question("what tariff are the Grasmere cider people on?").expected_types == ("plan",)
    text = "they're on the Large User tariff since April"
    assert [v.text for s in sentences(text) for v in _plans(s, text)] == ["Large User tariff"]


def test_a_table_column_is_named_by_its_head_noun():
    table = ("account | key account manager | tariff\n---|---|---\nHawes Dairy | Nell Ashby | Standard Rural\n"
             "Kirkby Mill | Ola Pike | Large User")
    facts = read_one(table, "accounts")
    assert pairs(facts, "handled_by") == {("Hawes Dairy", "Nell Ashby"), ("Kirkby Mill", "Ola Pike")}
    assert pairs(facts, "plan") == {("Hawes Dairy", "Standard Rural"), ("Kirkby Mill", "Large User")}


@pytest.mark.parametrize(("question", "relations", "types"), [
    ("sorry, did we say Tallyhub was P1 or P2?", [], ("priority",)),
    ("What does the Starlink dish run off?", ["depends_on"], ()),
    ("What does the survey server back up to?", ["depends_on"], ()),
    ("Which department is Amani Njoroge in?", [], ("team",)),
])
def test_choices_departments_and_what_a_thing_runs_off(question, relations, types):
    parsed = parse_question(question)
    assert (parsed.relations, parsed.expected_types) == (relations, types)


@pytest.mark.parametrize(("text", "plan"), [
    ("Heartland Card Services is on Premier Support, renews in May", "Premier Support"),
    ("Acme Freight is on Standard Freight since March", "Standard Freight"),
])
def test_a_tier_word_opening_two_capitalised_words_names_the_plan(text, plan):
    assert {o for _, o in pairs(read_one(text, "accounts"), "plan")} == {plan}


def test_a_team_after_on_is_no_plan():
    assert pairs(read_one("Dana Smith is on Growth Team", "accounts"), "plan") == set()


def test_a_tier_said_as_well_closes_its_clause():
    facts = read_one("Castellane are Corporate Premier as well, same deal as Northgate", "accounts")
    assert pairs(facts, "plan") == {("Castellane", "Corporate Premier")}
