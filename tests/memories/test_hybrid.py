"""The hybrid backend: the graph answers when it can, vector RAG over the same turns when it cannot, and the
trace says which one served and why the graph passed."""

from __future__ import annotations

import pytest

from memories.hybrid import HybridMemory
from memories.protocol import Memory, MemoryConfig
from memories.registry import create
from memories.vector import VectorMemory
from tests.memories import graph_chat


def _hybrid(embedder, **knobs) -> HybridMemory:
    return _ingested(embedder, graph_chat.infra(), **knobs)


def _ingested(embedder, turns, **knobs) -> HybridMemory:
    memory = HybridMemory(MemoryConfig(**knobs), embedder)
    memory.ingest_many(turns)
    return memory


def test_it_is_a_memory_registered_as_hybrid_with_a_vector_fallback_sharing_the_embedder(hash_embedder):
    memory = create("hybrid", MemoryConfig(), hash_embedder)
    assert isinstance(memory, HybridMemory) and isinstance(memory, Memory) and memory.name == "hybrid"
    assert isinstance(memory.fallback, VectorMemory)
    assert memory.fallback.embedder is memory.graph.embedder is hash_embedder


def test_the_graph_serves_when_it_can_answer(hash_embedder):
    answer = _hybrid(hash_embedder).answer("Who owns the component that ReportingAPI depends on?")
    assert answer.text == "Lena"
    assert answer.backend == "hybrid" and answer.trace.backend == "hybrid"
    assert answer.trace.served_by == "graph" and answer.trace.failure is None
    assert answer.tokens <= 40 and answer.trace.candidates == []  # the walked facts only, no retrieved turns


def test_it_falls_back_to_vector_and_says_so_when_nothing_links(hash_embedder):
    memory = _hybrid(hash_embedder, linker="lexical")
    answer = memory.answer("What does the usage reports server depend on?")
    assert answer.trace.served_by == "vector"
    assert answer.trace.failure == "no_link"
    assert answer.trace.links and answer.trace.links[0].mention == "the usage reports server"
    assert answer.trace.candidates  # the vector's ranked turns sit beside the graph's reason
    assert answer.trace.relations == ["depends_on"]
    assert answer.text == "FeatureStore"  # the turn that says it is the best match for the reader


def test_it_falls_back_when_the_graph_has_no_edge(hash_embedder):
    memory = _hybrid(hash_embedder)
    memory.ingest(graph_chat.turn(11, "FeatureStore renews its certificate in May, by the way."))
    answer = memory.answer("When does FeatureStore renew?")
    assert answer.trace.served_by == "vector" and answer.trace.failure == "no_edge"
    assert answer.tokens > 0 and answer.context


def test_ingest_feeds_both_and_the_snapshot_holds_both(hash_embedder):
    memory = _hybrid(hash_embedder)
    snap = memory.snapshot()
    assert snap.backend == "hybrid"
    assert len(snap.chunks) == len(graph_chat.infra())
    assert {"ReportingAPI", "FeatureStore", "Lena"} <= {n.name for n in snap.nodes}
    assert snap.superseded == 1


def test_reset_empties_both(hash_embedder):
    memory = _hybrid(hash_embedder)
    memory.reset()
    snap = memory.snapshot()
    assert snap.chunks == [] and snap.nodes == [] and snap.edges == []


def test_as_of_reaches_both_sides(hash_embedder):
    memory = _hybrid(hash_embedder)
    assert memory.answer("What priority is ReportingAPI now?", as_of=8).text == "high"


@pytest.mark.integration
def test_hybrid_answers_the_paraphrase_by_graph_on_the_real_model(minilm):
    answer = _hybrid(minilm).answer("What does the analytics endpoint depend on?")
    assert answer.text == "FeatureStore" and answer.trace.served_by == "graph"


@pytest.mark.integration
def test_hybrid_with_the_lexical_linker_answers_the_paraphrase_by_vector(minilm):
    answer = _hybrid(minilm, linker="lexical").answer("What does the analytics endpoint depend on?")
    assert answer.trace.served_by == "vector" and answer.trace.failure == "no_link"


# --- a chain the graph walks part of: the missing step read from retrieved turns ----------------------------


def _missing_owner(embedder) -> HybridMemory:
    """The owner of FeatureStore is said in words but left out of the graph (as a missed extraction would)."""
    turn = graph_chat.turn
    memory = HybridMemory(MemoryConfig(), embedder)
    memory.ingest_many([
        turn(0, "ReportingAPI depends on FeatureStore.", [["ReportingAPI", "depends_on", "FeatureStore"]]),
        turn(1, "lunch at noon?", speaker="agent_b"),
        turn(2, "Lena Park owns FeatureStore these days.", speaker="agent_c"),
        turn(3, "Lena Park works out of the Berlin office.", [["Lena Park", "works_in", "Berlin office"]]),
        turn(4, "Omar Haddad is on the Payments team.", [["Omar Haddad", "member_of", "Payments team"]]),
    ])
    return memory


def test_a_missing_step_is_read_from_text_and_the_walk_goes_on_in_the_graph(hash_embedder):
    answer = _missing_owner(hash_embedder).answer(
        "Which office does the owner of the component ReportingAPI depends on work in?")
    assert answer.text == "Berlin office"
    assert answer.trace.served_by == "graph+vector" and answer.trace.failure is None
    steps = [(h.subject, h.predicate, h.object, h.source) for h in answer.trace.paths[0]]
    assert steps == [("ReportingAPI", "depends_on", "FeatureStore", "graph"),
                     ("FeatureStore", "owned_by", "Lena Park", "text"),
                     ("Lena Park", "works_in", "Berlin office", "graph")]
    assert answer.trace.paths[0][1].turns == [2]  # the turn the step was read from
    assert 0.0 < answer.trace.paths[0][1].weight <= 1.0  # the reading ranker's score, drawn by the inspector
    assert any(c.turn == 2 for c in answer.trace.candidates)


def test_a_step_that_text_cannot_take_leaves_the_question_to_vector(hash_embedder):
    memory = _missing_owner(hash_embedder)
    answer = memory.answer("Which team is the person who owns the component ReportingAPI depends on in?")
    # Lena Park's team is said nowhere: no made-up hop, the vector answers the question as asked
    assert answer.trace.served_by == "vector"


def test_a_one_step_fallback_reads_the_asked_type_even_below_k_and_counts_that_turn(hash_embedder):
    turn = graph_chat.turn
    memory = HybridMemory(MemoryConfig(top_k=1), hash_embedder)
    memory.ingest_many([
        turn(0, "zonemap zonemap zonemap dashboards are slow again"),
        turn(1, "fyi zonemap runs in eu-central-1 since the migration"),
        turn(2, "ReportingAPI depends on FeatureStore.", [["ReportingAPI", "depends_on", "FeatureStore"]]),
    ])
    answer = memory.answer("Which region is zonemap deployed in?")
    assert answer.trace.served_by == "vector"
    assert answer.text == "eu-central-1"
    picked = answer.context[answer.trace.reader_pick]
    assert answer.context[0].turns != [1]  # the vector's own top-1 was another turn
    assert picked.turns == [1] and "eu-central-1" in answer.prompt


def test_a_described_subject_is_found_in_the_turn_that_describes_it_then_stepped_from(hash_embedder):
    turn = graph_chat.turn
    memory = HybridMemory(MemoryConfig(linker="lexical"), hash_embedder)
    memory.ingest_many([
        turn(0, "for context, thimble generates thumbnails for every uploaded product image"),
        turn(1, "lunch?", speaker="agent_b"),
        turn(2, "thimble is owned by Yuki Tanabe.", [["thimble", "owned_by", "Yuki Tanabe"]]),
    ])
    answer = memory.answer("Who owns the service that generates thumbnails for uploaded images?")
    assert answer.text == "Yuki Tanabe"
    # one step, so the vector's answer read for a person beside "thimble", found through its description
    assert answer.trace.served_by == "vector" and answer.trace.failure == "no_link"
    assert answer.context[answer.trace.reader_pick].turns == [2]


def test_a_subject_linked_by_meaning_alone_yields_to_the_thing_the_turns_describe(hash_embedder):
    turn = graph_chat.turn
    memory = HybridMemory(MemoryConfig(), hash_embedder)
    memory.ingest_many([
        turn(0, "fyi: vaultkeep issues expiring secrets to our apps"),  # described, but extraction kept nothing
        turn(1, "thimble, which issues thumbnails for the shop, is owned by Yuki Tanabe.",
             [["thimble", "described_as", "issues thumbnails for the shop"], ["thimble", "owned_by", "Yuki Tanabe"]]),
        turn(2, "lunch?", speaker="agent_b"),
        turn(3, "vaultkeep is owned by Grzegorz Nowak.", [["vaultkeep", "owned_by", "Grzegorz Nowak"]]),
    ])
    question = "Who owns the service that issues expiring secrets to our apps?"
    graph = memory.graph.answer(question)
    assert graph.text == "Yuki Tanabe" and graph.trace.links[0].step == "semantic"  # a weak link, to thimble
    answer = memory.answer(question)
    assert answer.text == "Grzegorz Nowak" and answer.trace.served_by == "graph+vector"
    # the walk goes on in the graph from the thing the turns describe
    assert [(h.subject, h.predicate, h.source) for h in answer.trace.paths[0]] == [("vaultkeep", "owned_by", "graph")]


def test_a_well_described_link_is_kept_against_a_turn_that_only_shares_words(hash_embedder):
    turn = graph_chat.turn
    memory = HybridMemory(MemoryConfig(), hash_embedder)
    memory.ingest_many([
        turn(0, "fyi: vaultkeep issues tickets"),
        turn(1, "thimble, which issues expiring secrets to our apps, is owned by Yuki Tanabe.",
             [["thimble", "described_as", "issues expiring secrets to our apps"], ["thimble", "owned_by", "Yuki Tanabe"]]),
        turn(2, "vaultkeep is owned by Grzegorz Nowak.", [["vaultkeep", "owned_by", "Grzegorz Nowak"]]),
    ])
    assert memory.answer("Who owns the service that issues expiring secrets to our apps?").text == "Yuki Tanabe"


def test_a_question_asked_for_now_takes_a_newer_value_the_text_restated_past_extraction(hash_embedder):
    turn = graph_chat.turn
    memory = HybridMemory(MemoryConfig(), hash_embedder)
    memory.ingest_many([
        turn(0, "Osprey is due 31 March.", [["Osprey", "deadline", "31 March"]], channel="ad-hoc"),
        turn(1, "lunch?", speaker="agent_b", channel="ad-hoc"),
        turn(2, "steering said yes to 30 June. that's officially the new Osprey deadline", channel="ad-hoc"),
    ])
    now = memory.answer("osprey deadline now?")
    assert now.text == "30 June" and now.trace.served_by == "graph+vector"
    assert [(h.predicate, h.source, h.turns) for h in now.trace.paths[0]] == [("deadline", "text", [2])]
    # asked without "now", the graph's edge stands
    assert memory.answer("When is Osprey due?").trace.served_by == "graph"


def test_a_later_mention_in_passing_does_not_overrule_the_graphs_value(hash_embedder):
    turn = graph_chat.turn
    memory = HybridMemory(MemoryConfig(), hash_embedder)
    memory.ingest_many([
        turn(0, "Mosaic's deadline changed to April 24.", [["Mosaic", "deadline", "April 24"]], channel="ad-hoc"),
        turn(1, "Mosaic standup is at 10:30 tomorrow.", channel="ad-hoc"),
    ])
    answer = memory.answer("What's the current deadline for Mosaic?")
    assert answer.text == "April 24" and answer.trace.served_by == "graph"


def test_when_a_later_step_finds_nothing_the_runner_up_reading_of_a_text_step_is_tried(hash_embedder):
    turn = graph_chat.turn
    memory = HybridMemory(MemoryConfig(), hash_embedder)
    memory.ingest_many([
        turn(0, "ReportingAPI depends on FeatureStore.", [["ReportingAPI", "depends_on", "FeatureStore"]]),
        turn(1, "who owns FeatureStore? the wiki says it is owned by Lena Park", speaker="agent_b"),
        turn(2, "FeatureStore went to Omar Haddad in the spring.", speaker="agent_c"),
        turn(3, "Omar Haddad is on the Payments team.", [["Omar Haddad", "member_of", "Payments team"]]),
    ])
    answer = memory.answer("Which team is the person who owns the component ReportingAPI depends on in?")
    # Lena Park, read first, leads nowhere (no team said for her); Omar Haddad, the runner-up, does
    assert answer.text == "Payments team"
    assert [(h.object, h.source) for h in answer.trace.paths[0]] == [
        ("FeatureStore", "graph"), ("Omar Haddad", "text"), ("Payments team", "graph")]


def test_a_reply_stating_the_new_value_overrules_the_graphs_older_one(hash_embedder):
    turn = graph_chat.turn
    memory = HybridMemory(MemoryConfig(), hash_embedder)
    memory.ingest_many([
        turn(0, "Lumen is on the Growth plan.", [["Lumen", "plan", "Growth"]], channel="accounts"),
        turn(1, "news: Lumen signed the upgrade this morning", channel="accounts", speaker="rafa"),
        turn(2, "nice!! to what", channel="accounts", speaker="hannah"),
        turn(3, "Enterprise, effective today", channel="accounts", speaker="rafa"),
    ])
    answer = memory.answer("what plan is Lumen on now?")
    assert answer.text == "Enterprise" and answer.trace.paths[0][-1].turns == [3]


def test_a_question_for_a_country_is_answered_by_a_country_not_an_office_s_city(hash_embedder):
    turn = graph_chat.turn
    memory = HybridMemory(MemoryConfig(), hash_embedder)
    memory.ingest_many([
        turn(0, "Sunfield is handled by Ben Adeyemi.", [["Sunfield", "handled_by", "Ben Adeyemi"]], channel="accounts"),
        turn(1, "Ben Adeyemi works in the London office.", [["Ben Adeyemi", "works_in", "London office"]],
             channel="accounts"),
        turn(2, "for the entity sheet: london office uk, manchester office uk", channel="accounts", speaker="ben"),
    ])
    answer = memory.answer("sunfield is managed out of which country?")
    assert answer.text == "UK"


def test_a_lower_case_name_the_turns_write_word_for_word_is_the_subject_not_a_description(hash_embedder):
    turn = graph_chat.turn
    memory = _ingested(hash_embedder, [
        turn(0, "rob: h2 projects. vaccine reminder revamp: Ines Carvalho. data warehouse migration: Patrick Doyle"),
        turn(1, "noor: ack. breeder onboarding not started yet, waiting on the api keys design"),
        turn(2, "patrick: dwh migration in progress, target 15 sep"),
    ], extraction="rules")
    answer = memory.answer("breeder onboarding status?")
    assert answer.text == "not started"


def test_only_a_short_phrase_said_word_for_word_is_taken_as_written():
    from memories.answer import ContextItem
    from memories.hybrid import _as_written

    items = [ContextItem(text="noor: ack. Breeder-Onboarding not started yet", turns=[1], score=0.6, rank=1)]
    assert _as_written("the breeder onboarding", items) == "breeder onboarding"
    assert _as_written("the breeder onboarding flow", items) is None  # the turns never say the whole phrase
    assert _as_written("onboarding", items) is None  # one word describes too little to be a name
    assert _as_written("the thing that onboards breeders before they list litters", items) is None


def test_who_runs_a_thing_is_asked_by_what_the_graph_holds_it_as(hash_embedder):
    turn = graph_chat.turn
    memory = _ingested(hash_embedder, [
        turn(0, "Pricing Service is owned by Greg Halloran.", [["Pricing Service", "owned_by", "Greg Halloran"]]),
        turn(1, "Project Kestrel is led by Wen Liu.", [["Project Kestrel", "led_by", "Wen Liu"]]),
    ], linker="lexical")
    # "runs" reads as leading a project, but Pricing Service is a component: who runs it owns it
    assert memory.graph.unfinished("who runs Pricing Service?").remaining == ["led_by"]
    answer = memory.answer("who runs Pricing Service?")
    assert answer.text == "Greg Halloran"
    assert [(h.subject, h.predicate) for h in answer.trace.paths[0]] == [("Pricing Service", "owned_by")]
    assert memory.answer("who runs Project Kestrel?").text == "Wen Liu"


def test_a_thing_is_known_under_the_short_name_it_was_given_in_brackets(hash_embedder):
    turn = graph_chat.turn
    memory = _ingested(hash_embedder, [
        turn(0, "The Pricing Service (pricer) is owned by Ana Lopez"),
        turn(1, "lunch?", speaker="agent_b"),
        turn(2, "pricer is P0 for the peak"),
    ], extraction="rules")
    assert memory.graph.aliases("Pricing Service") == ["pricer"]
    assert memory.answer("what priority is the Pricing Service?").text.casefold() == "p0"


def test_a_country_question_read_from_text_is_answered_by_the_country_of_the_city_read(hash_embedder):
    memory = _ingested(hash_embedder, [
        graph_chat.turn(0, "Quino is from the Lisbon crowd, been there since spring", channel="accounts", speaker="ana"),
        graph_chat.turn(1, "thx", channel="accounts", speaker="rui"),
    ], extraction="rules")
    answer = memory.answer("which country is Quino based in?")
    assert answer.trace.served_by == "vector" and answer.text == "Portugal"
    read, onward = answer.trace.paths[0]
    assert (read.subject, read.object, read.turns, read.source) == ("Quino", "Lisbon", [0], "text")
    assert (onward.subject, onward.object, onward.source) == ("Lisbon", "Portugal", "places")


def _quino_in_lisbon(embedder, last: str) -> HybridMemory:
    """Quino's place asked and answered "Lisbon" in a reply, then one more line from the asker."""
    turn = graph_chat.turn
    return _ingested(embedder, [
        turn(0, "anyone know where Quino is based these days?", channel="accounts", speaker="ana"),
        turn(1, "Lisbon, since the spring", channel="accounts", speaker="rui"),
        turn(2, last, channel="accounts", speaker="ana"),
    ], extraction="rules")


def test_a_chain_that_reaches_a_city_is_where_that_city_is(hash_embedder):
    memory = _quino_in_lisbon(hash_embedder, "thx")
    answer = memory.answer("which country is Quino based in?")
    assert answer.trace.served_by == "graph+vector" and answer.text == "Portugal"
    assert [(h.subject, h.predicate, h.object) for h in answer.trace.paths[0]] == [
        ("Quino", "works_in", "Lisbon"), ("Lisbon", "located_in", "Portugal")]
    assert memory.answer("which city is Quino based in?").text == "Lisbon"


def test_a_chain_that_reached_a_city_stays_there_whatever_places_the_turns_about_it_name(hash_embedder):
    memory = _quino_in_lisbon(hash_embedder, "Lisbon is where the Berlin people fly in for the offsite")
    answer = memory.answer("which city is Quino based in?")
    assert answer.text == "Lisbon"
    assert [(h.subject, h.predicate, h.object) for h in answer.trace.paths[0]] == [("Quino", "works_in", "Lisbon")]
