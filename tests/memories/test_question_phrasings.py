"""Questions worded the way people type them in chat, on entities and wordings written for these tests (not taken
from any scenario file): role abbreviations, clipped words, yes/no questions about a value, chains read against an
edge's direction, cues that fit no reading, modal "need to", and first names for people the graph knows in full."""

from __future__ import annotations

import pytest

from memories.graph import GraphMemory
from memories.graph_store import GraphStore
from memories.protocol import MemoryConfig
from memories.question import parse_question, relations_named
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


@pytest.mark.parametrize("place", ["clinic", "depot", "campus"])
def test_a_workplace_noun_asks_for_the_office_a_person_or_an_account_is_run_from(place, store):
    assert _chain(f"which {place} is the Larkspur Bakery account run out of?", store)[1:] == (
        ["handled_by", "works_in"], "office")
    assert _chain(f"which {place} is odile based at?", store)[1:] == (["works_in"], "office")


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


# ---- places, idioms, gapped verbs and descriptive subjects (entities and wordings written for these tests) ----
STRANGER_FACTS = [
    ("Quillon Dairy", "handled_by", "Maren Holt"),
    ("Maren Holt", "works_in", "Harbour office"),
    ("Harbour office", "located_in", "Gdańsk"),
    ("Tessel Studio", "handled_by", "Pavel Ruus"),
    ("Pavel Ruus", "works_in", "Tartu office"),  # an office with no city on record
    ("inkjet-svc", "depends_on", "spoolq"),
    ("inkjet-svc", "priority", "P3"),
    ("spoolq", "priority", "P1"),
    ("spoolq", "owned_by", "Rhea Lind"),
    ("inkjet-svc", "owned_by", "Sami Oja"),
    ("Rhea Lind", "member_of", "print crew"),
    ("Sami Oja", "member_of", "edge crew"),
    ("Marten", "led_by", "Rhea Lind"),
    ("Marten", "status", "slipping"),
    ("Marten", "deadline", "June 9"),
    ("Marten", "uses", "Jira"),
    ("lumen-cache", "described_as", "keeps rendered thumbnails in memory so galleries load fast"),
    ("lumen-cache", "owned_by", "Ilse Brandt"),
    ("Heron", "described_as", "moving payroll exports to the new bank file format"),
    ("Heron", "led_by", "Tove Aalto"),
    ("Heron", "uses", "Asana"),
]


def _stranger_memory(embedder) -> GraphMemory:
    memory = GraphMemory(MemoryConfig(), embedder)
    memory.ingest_many([Turn(index=i, speaker="agent_a", text=f"{s} {p} {o}",
                             facts=[Fact(subject=s, predicate=p, object=o)])
                        for i, (s, p, o) in enumerate(STRANGER_FACTS)])
    return memory


@pytest.fixture
def strangers(hash_embedder) -> GraphMemory:
    return _stranger_memory(hash_embedder)


def test_which_city_goes_on_from_the_office_to_the_place_it_is_in(strangers):
    assert strangers.answer("which city is the Quillon Dairy AM based in?").text == "Gdańsk"
    assert strangers.answer("what country does Maren Holt work out of?").text == "Gdańsk"


def test_which_city_is_not_answered_by_an_office_when_no_place_is_on_record(strangers):
    # an office is a building, often named after no city ("Mill office", "HQ"): the walk stops short and says
    # which step is missing, for a memory that can read it from text
    answer = strangers.answer("which city is Pavel Ruus based in?")
    assert answer.text == "" and answer.trace.failure == "no_path"
    plan = strangers.unfinished("which city is Pavel Ruus based in?")
    assert plan is not None and plan.start == "Tartu office" and plan.remaining == ["located_in"]


@pytest.mark.parametrize("text, predicate", [
    ("Noor is handing the lead to Mei-Lin, from today", "led_by"),
    ("Saffron's unblocked, it's back on track", "status"),
    ("we dropped Ledgerline back down to medium priority", "priority"),
    ("Velotica pushed their renewal to July", "renews_in"),
])
def test_a_message_names_the_relation_it_speaks_of(text, predicate):
    assert predicate in relations_named(text)


def test_which_office_and_where_still_stop_at_the_office(strangers):
    assert strangers.answer("which office is Maren Holt in?").text == "Harbour office"
    assert strangers.answer("where does Maren Holt work?").text == "Harbour office"


def test_a_relative_who_does_not_decide_the_answer_type(strangers):
    q = strangers.parse("the person who owns whatever inkjet-svc leans on, which team are they on?")
    assert q.expected_type == "team"
    assert strangers.answer("the person who owns whatever inkjet-svc leans on, which team are they on?").text == \
        "print crew"
    assert strangers.parse("who owns spoolq?").expected_type == "person"  # a leading "who" still asks


def test_a_type_noun_written_wise_names_the_asked_attribute(strangers):
    assert strangers.answer("where's inkjet-svc sitting priority-wise rn?").text == "P3"
    assert strangers.answer("where is Marten standing, status-wise?").text == "slipping"


def test_where_with_a_stranded_at_asks_how_far_along_it_is(strangers):
    assert strangers.answer("where's Marten at these days?").text == "slipping"
    assert strangers.answer("where are we at with Marten?").text == "slipping"
    # guard: "where" without the stranded "at" is still a place
    assert strangers.answer("where is Rhea Lind based?").text == ""  # no office on record: no made-up status


def test_a_decision_verb_with_its_deciders_frames_the_question(strangers):
    assert strangers.answer("what prio did we settle on for spoolq?").text == "P1"
    assert strangers.answer("which priority did they end up with for inkjet-svc?").text == "P3"
    # guard: "land" without deciders is still a deadline wording
    assert strangers.parse("when does Marten land?").relations == ["deadline"]


def test_hanging_off_something_is_depending_on_it_and_skips_the_trap(strangers):
    assert strangers.answer("what priority is the thing inkjet-svc hangs off of?").text == "P1"
    assert strangers.answer("remind me what inkjet-svc is hanging off again?").text == "spoolq"


def test_a_moving_verb_with_its_preposition_across_a_short_object_is_a_dependency(strangers):
    assert strangers.answer("what priority is whatever inkjet-svc gets its spool files from?").text == "P1"
    assert strangers.answer("whatever inkjet-svc pushes the print jobs into, who owns it?").text == "Rhea Lind"


def test_a_gap_does_not_cross_punctuation_or_run_long(strangers):
    q = strangers.parse("what does inkjet-svc get, and who is it from?")
    assert "depends_on" not in q.relations
    q = strangers.parse("what priority does inkjet-svc get for all the many nightly batch runs from ops?")
    assert "depends_on" not in q.relations


def test_what_with_a_doing_verb_hanging_on_in_asks_for_the_tool(strangers):
    assert strangers.answer("what is the Marten crew tracking tasks in?").text == "Jira"
    # guard: a named answer type wins over the tool reading
    assert strangers.parse("what team is Rhea Lind sitting in?").expected_type == "team"


def test_a_descriptive_reading_exists_only_for_a_described_subject(strangers):
    assert strangers.parse_described("who owns spoolq?") is None
    # a known name at the head of the topic is the subject itself, not a description
    assert strangers.parse_described("spoolq and its many nightly jobs, who owns it?") is None
    described = strangers.parse_described("the cache keeping gallery previews in RAM, who owns it?")
    assert described is not None
    assert described.mentions == ["the cache keeping gallery previews in RAM"]
    assert described.relations == ["owned_by"]


@pytest.mark.integration
def test_a_topic_described_before_the_question_is_linked_by_meaning(minilm):
    memory = _stranger_memory(minilm)
    assert memory.answer("the cache keeping gallery previews in RAM, who owns it?").text == "Ilse Brandt"
    assert memory.answer("the project switching payroll exports to the bank's new format, what are they tracking "
                         "tasks in?").text == "Asana"


@pytest.mark.integration
def test_question_words_inside_a_description_describe_instead_of_asking(minilm):
    memory = _stranger_memory(minilm)
    assert memory.answer("who's running the project to change how payroll exports get formatted for the bank?"
                         ).text == "Tove Aalto"
    assert memory.answer("who's on the hook for the cache galleries read thumbnails from?").text == "Ilse Brandt"


def test_a_thing_taken_on_asks_who_has_it_now():
    parsed = parse_question("who ended up taking ArcadeOne?")
    assert parsed.relations == ["handled_by"] and parsed.expected_type == "person"


def test_a_person_asked_for_a_country_by_a_guessed_relation_is_placed_by_their_office():
    graph = GraphMemory(MemoryConfig(), None)
    graph.ingest(Turn(index=0, speaker="marcus", text="tomasz", facts=[
        Fact(subject="Tomasz Nowak", predicate="works_in", object="Gdansk office")]))
    parsed = graph.parse("what country is tomasz actually in? need it for the visa letter thing")
    assert parsed.relations == ["works_in", "located_in"]


def test_a_person_s_project_is_the_project_they_lead():
    assert parse_question("what's the status on JK's project?").relations == ["led_by", "status"]
    assert parse_question("what tool is Fatou's project using?").relations == ["led_by", "uses"]
    # an account's own name before "account" stays the account
    assert parse_question("which office is Dana's account run from?").relations == ["handled_by", "works_in"]


@pytest.mark.parametrize("text", ["what engine is lanternfall on?", "what scheduler is the archive job on?"])
def test_an_engine_or_a_scheduler_asked_for_is_a_tool(text):
    q = parse_question(text)
    assert q.expected_types == ("tool",) and len(q.mentions) == 1


@pytest.mark.parametrize("question", ["when's lab order comms going live now", "when is Atlas launching?"])
def test_going_live_or_launching_asks_for_a_deadline_while_going_alone_asks_for_a_status(question):
    assert parse_question(question).relations == ["deadline"]
    assert parse_question("how is Atlas going?").relations == ["status"]


@pytest.mark.parametrize("text", ["so what cover is Larkspur Bakery on now", "what agreement are Larkspur Bakery on?"])
def test_what_a_customer_is_on_asks_for_its_plan_whatever_the_noun(text, hash_embedder):
    assert _memory(hash_embedder).answer(text).text == "Growth"


def test_what_a_name_is_on_without_a_noun_asks_no_type(store):
    assert parse_question("what is Larkspur Bakery on?", store).expected_types == ()
