"""Questions worded the way people type them in chat, on entities and wordings written for these tests (not taken
from any scenario file): role abbreviations, clipped words, yes/no questions about a value, chains read against an
edge's direction, cues that fit no reading, modal "need to", and first names for people the graph knows in full."""

from __future__ import annotations

import pytest

from memories.graph import GraphMemory
from memories.graph_store import GraphStore
from memories.protocol import MemoryConfig
from memories.question import parse_question
from scenarios.models import Fact, Turn

FACTS = [
    ("Larkspur Bakery", "handled_by", "Odile Marchetti"),
    ("Odile Marchetti", "works_in", "Lisbon office"),
    ("Lisbon office", "located_in", "Iberia"),
    ("Larkspur Bakery", "plan", "Growth"),
    ("Project Quokka", "led_by", "Bartholomew Nkemelu"),
    ("Bartholomew Nkemelu", "works_in", "Accra office"),
    ("Bartholomew Nkemelu", "handled_by", "nobody"),  # noise a stranger's file might hold
    ("Project Quokka", "status", "on hold"),
    ("Project Quokka", "deadline", "October 3"),
    ("Project Wren", "led_by", "Odile Marchetti"),
    ("Project Wren", "status", "green"),
    ("payout-svc", "depends_on", "ledgerdb"),
    ("payout-svc", "owned_by", "Ines Varga"),
    ("ledgerdb", "owned_by", "Tobiah Grune"),
    ("Tobiah Grune", "member_of", "storage guild"),
    ("Ines Varga", "member_of", "money squad"),
    ("payout-svc", "priority", "P0"),
    ("ledgerdb", "priority", "P2"),
]


@pytest.fixture
def store() -> GraphStore:
    graph = GraphStore()
    for turn, (s, p, o) in enumerate(FACTS):
        graph.add_fact(s, p, o, turn=turn)
    return graph


def _chain(text: str, store: GraphStore) -> tuple[list[str], list[str], str | None]:
    q = parse_question(text, store)
    return q.mentions[:1], q.relations, q.expected_type


# ---- chat abbreviations --------------------------------------------------------------------------------------
def test_a_capitalised_am_after_an_account_is_its_account_manager(store):
    assert _chain("where does the larkspur bakery AM work these days?", store) == (
        ["the larkspur bakery"], ["handled_by", "works_in"], "office")
    assert _chain("which office is the Larkspur Bakery AM in", store)[1] == ["handled_by", "works_in"]


def test_a_lowercase_am_or_a_clock_time_is_not_a_role(store):
    q = parse_question("am I right that Larkspur Bakery is on Growth?", store)
    assert "handled_by" not in q.relations
    q = parse_question("who handles Larkspur Bakery before 9 AM?", store)
    assert q.relations == ["handled_by"]


def test_a_pm_is_the_lead_of_a_project(store):
    assert _chain("which office is the quokka PM based out of?", store) == (
        ["quokka"], ["led_by", "works_in"], "office")


def test_prio_asks_for_a_priority(store):
    assert _chain("what prio is payout-svc on rn?", store) == (["payout-svc"], [], "priority")


def test_a_db_is_a_component_and_writing_to_it_is_a_dependency(store):
    assert _chain("which db does payout-svc write to?", store) == (["payout-svc"], ["depends_on"], "component")


def test_on_the_hook_for_asks_for_the_owner(store):
    assert _chain("who is on the hook for ledgerdb atm?", store)[1] == ["owned_by"]


# ---- yes/no questions about a value ----------------------------------------------------------------------------
def test_a_yes_no_question_naming_a_status_asks_for_the_current_status(store):
    q = parse_question("is quokka still on hold?", store)
    assert q.expected_types == ("status",) and q.mentions[0] == "quokka"


def test_an_either_or_question_between_priorities_asks_for_the_priority(store):
    q = parse_question("is ledgerdb P0 or P2?", store)
    assert q.expected_types == ("priority",) and q.mentions[0] == "ledgerdb"


# ---- chains read by types, against an edge where the words go that way -----------------------------------------
def test_a_role_noun_after_the_anchor_is_the_first_hop(store):
    assert _chain("which squad is the ledgerdb owner in?", store) == (
        ["the ledgerdb"], ["owned_by", "member_of"], "team")


def test_whoever_sits_in_an_office_leads_a_project_reads_backwards_from_the_office(store):
    q = parse_question("somebody sitting in the Accra office is steering a project — what's its deadline?", store)
    assert q.mentions[0] == "the Accra office"
    assert q.relations == ["works_in", "led_by", "deadline"] and q.expected_type == "date"


def test_the_account_a_leads_person_handles_is_a_backward_middle_hop(store):
    assert _chain("what plan is the customer that the Wren lead looks after on?", store) == (
        ["Wren"], ["led_by", "handled_by", "plan"], "plan")


def test_a_cue_that_fits_no_reading_is_left_out(store):
    # "covers" as handling fits nothing after the handler's office; as located_in it does
    assert _chain("Which region covers the office of whoever manages Larkspur Bakery?", store)[1] == [
        "handled_by", "works_in", "located_in"]


def test_a_negated_verb_before_without_is_a_dependency(store):
    assert _chain("Which team owns the thing payout-svc won't boot without?", store)[1] == [
        "depends_on", "owned_by", "member_of"]
    assert _chain("who owns the db payout-svc is dead without?", store)[1] == ["depends_on", "owned_by"]


def test_checking_with_another_service_before_a_dash_is_the_first_hop(store):
    assert _chain("payout-svc checks with some other service before each transfer — who's that one's owner?",
                  store)[1] == ["depends_on", "owned_by"]


# ---- words that look like cues but are not ------------------------------------------------------------------
def test_need_to_be_done_is_a_modal_not_a_dependency(store):
    q = parse_question("When does Quokka need to be finished?", store)
    assert "depends_on" not in q.relations and q.expected_types == ("month", "date")


def test_the_work_after_a_determiner_is_a_noun_not_works_in(store):
    q = parse_question("When is the work on offline sync for Quokka due?", store)
    assert q.relations == ["deadline"]


# ---- first names -------------------------------------------------------------------------------------------
def test_a_first_name_lands_on_the_one_person_known_by_that_full_name():
    graph = GraphStore()
    graph.add_fact("Sundial", "owned_by", "Perpetua Osei", turn=0)
    graph.add_fact("Perpetua", "member_of", "Billing team", turn=1)
    graph.add_fact("Maximilian", "works_in", "Oslo office", turn=2)
    graph.add_fact("Maximilian Brandt", "member_of", "Search team", turn=3)
    assert graph.resolve("Perpetua") == graph.resolve("Perpetua Osei")
    assert graph.resolve("Maximilian Brandt") == graph.resolve("Maximilian")
    assert ("Perpetua", 1.0) in graph.node(graph.resolve("Perpetua Osei")).aliases


def test_a_first_name_shared_by_two_people_stays_apart():
    graph = GraphStore()
    graph.add_fact("Sundial", "owned_by", "Perpetua Osei", turn=0)
    graph.add_fact("Gnomon", "owned_by", "Perpetua Lindqvist", turn=1)
    graph.add_fact("Perpetua", "member_of", "Billing team", turn=2)
    keys = {graph.resolve(n) for n in ("Perpetua Osei", "Perpetua Lindqvist", "Perpetua")}
    assert len(keys) == 3


def test_a_first_name_does_not_merge_a_thing_that_is_not_a_person():
    graph = GraphStore()
    graph.add_fact("Cobalt Ridge", "plan", "Starter", turn=0)
    graph.add_fact("Cobalt", "owned_by", "Ada", turn=1)
    assert graph.resolve("Cobalt") != graph.resolve("Cobalt Ridge")


# ---- end to end through the graph's walk ----------------------------------------------------------------------
def _memory(embedder) -> GraphMemory:
    memory = GraphMemory(MemoryConfig(), embedder)
    turns = [Turn(index=i, speaker="agent_a", text=f"{s} {p} {o}", facts=[Fact(subject=s, predicate=p, object=o)])
             for i, (s, p, o) in enumerate(FACTS)]
    turns.append(Turn(index=len(turns), speaker="agent_b", text="Tobiah sits in the Riga office",
                      facts=[Fact(subject="Tobiah", predicate="works_in", object="Riga office")]))
    memory.ingest_many(turns)
    return memory


def test_the_graph_answers_a_backward_chain_from_an_office(hash_embedder):
    answer = _memory(hash_embedder).answer(
        "whoever sits in the Accra office is steering some project rn — what state is it in?")
    assert answer.text == "on hold"


def test_the_graph_answers_through_a_first_name_and_a_negated_without(hash_embedder):
    answer = _memory(hash_embedder).answer("payout-svc can't start without some db — which office is its owner in?")
    assert answer.text == "Riga office"


def test_the_graph_answers_an_account_managers_city_question(hash_embedder):
    assert _memory(hash_embedder).answer("where's the larkspur bakery AM sitting?").text == "Lisbon office"


@pytest.mark.parametrize("text, expected", [
    ("which dc is ledgerdb running in?", "region"),
    ("what guild is Tobiah Grune in?", "team"),
    ("what tooling does Quokka use?", "tool"),
    ("what's the eta on Quokka?", "date"),
    ("which company does Odile Marchetti look after?", "account"),
])
def test_chat_words_for_an_answer_type(store, text, expected):
    assert parse_question(text, store).expected_type == expected
