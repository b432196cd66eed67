"""The graph backend end to end: linking, walking, supersession and as-of, the trap, hop limits, failures, the
trace and the snapshot. Unit tests on the hashing embedder; the paraphrase ones on the real model."""

from __future__ import annotations

import pytest

from memories.graph import GraphMemory, render_path
from memories.protocol import Memory, MemoryConfig
from memories.registry import create
from tests.memories import graph_chat


def _graph(embedder, turns=None, **knobs) -> GraphMemory:
    memory = GraphMemory(MemoryConfig(**knobs), embedder)
    memory.ingest_many(graph_chat.infra() + graph_chat.accounts() + graph_chat.adhoc() if turns is None else turns)
    return memory


def test_it_is_a_memory_registered_as_graph(hash_embedder):
    memory = create("graph", MemoryConfig(), hash_embedder)
    assert isinstance(memory, GraphMemory) and isinstance(memory, Memory) and memory.name == "graph"


def test_a_direct_question_walks_one_edge(hash_embedder):
    answer = _graph(hash_embedder).answer("Who owns FeatureStore?")
    assert answer.text == "Lena"
    assert answer.trace.links[0].step == "exact" and answer.trace.relations == ["owned_by"]
    assert [(h.subject, h.predicate, h.object, h.turns) for h in answer.trace.paths[0]] == [
        ("FeatureStore", "owned_by", "Lena", [2])]
    assert [c.text for c in answer.context] == ["Lena owns FeatureStore."]
    assert answer.trace.failure is None and answer.trace.backend == "graph"


def test_join_walk_avoids_the_trap_of_the_anchors_own_owner(hash_embedder):
    answer = _graph(hash_embedder).answer("Who owns the component that ReportingAPI depends on?")
    assert answer.text == "Lena"  # not Omar, ReportingAPI's own owner
    assert [h.predicate for h in answer.trace.paths[0]] == ["depends_on", "owned_by"]


def test_multihop_walk_completes_by_type_and_avoids_the_trap(hash_embedder):
    answer = _graph(hash_embedder).answer("Which team owns the component that ReportingAPI depends on?")
    assert answer.text == "Trust team"  # not Payments team
    assert answer.trace.relations == ["depends_on", "owned_by", "member_of"]
    assert answer.trace.expected_type == "team"
    assert answer.context[0].text == "ReportingAPI depends on FeatureStore, owned by Lena, in Trust team."
    assert answer.context[0].turns == [1, 2, 5]


def test_office_join_reads_handled_by_then_works_in(hash_embedder):
    answer = _graph(hash_embedder).answer("Which office handles the Acme account?")
    assert answer.text == "Berlin office"  # not Austin, Globex's handler's office


def test_three_hop_region_question(hash_embedder):
    answer = _graph(hash_embedder).answer("In which region is the office of the person who handles Acme?")
    assert answer.text == "EMEA"
    assert [h.predicate for h in answer.trace.paths[0]] == ["handled_by", "works_in", "located_in"]


def test_the_update_answers_the_new_value_and_dims_the_old_edge(hash_embedder):
    answer = _graph(hash_embedder).answer("What priority is ReportingAPI now?")
    assert answer.text == "medium"
    assert [(h.object, h.valid_from, h.valid_to, h.superseded) for h in answer.trace.stale] == [
        ("high", 7, graph_chat.UPDATE_TURN, True)]


def test_as_of_answers_from_the_view_before_the_update(hash_embedder):
    memory = _graph(hash_embedder)
    assert memory.answer("What priority is ReportingAPI now?", as_of=8).text == "high"
    assert memory.answer("What priority is ReportingAPI now?", as_of=graph_chat.UPDATE_TURN).text == "medium"
    assert memory.answer("What priority is ReportingAPI now?", as_of=8).trace.stale == []


def test_supersession_off_answers_the_stale_value(hash_embedder):
    answer = _graph(hash_embedder, supersession=False).answer("What priority is ReportingAPI now?")
    assert answer.text == "high" and answer.trace.failure is None
    assert sum(1 for e in _graph(hash_embedder, supersession=False).snapshot().edges if e.valid_to) == 0


def test_multi_valued_depends_on_keeps_both_and_lists_them(hash_embedder):
    turns = graph_chat.infra() + [graph_chat.turn(11, "ReportingAPI also depends on AuthService.",
                                                  [["ReportingAPI", "depends_on", "AuthService"]])]
    answer = _graph(hash_embedder, turns).answer("What does ReportingAPI depend on?")
    assert answer.text == "FeatureStore, AuthService"
    assert answer.context[0].text == "ReportingAPI depends on FeatureStore and AuthService."


def test_max_hops_one_visibly_breaks_two_and_three_hop_questions(hash_embedder):
    memory = _graph(hash_embedder, max_hops=1)
    for question in ("Who owns the component that ReportingAPI depends on?",
                     "Which team owns the component that ReportingAPI depends on?",
                     "Which office handles the Acme account?"):
        answer = memory.answer(question)
        assert answer.text == "" and answer.trace.failure == "no_path"
    assert memory.answer("Who owns FeatureStore?").text == "Lena"


def test_max_hops_two_breaks_only_the_three_hop_question(hash_embedder):
    memory = _graph(hash_embedder, max_hops=2)
    assert memory.answer("Who owns the component that ReportingAPI depends on?").text == "Lena"
    assert memory.answer("Which team owns the component that ReportingAPI depends on?").trace.failure == "no_path"


def test_failures_say_why(hash_embedder):
    memory = _graph(hash_embedder, linker="lexical")
    assert memory.answer("Who owns the quarterly offsite?").trace.failure == "no_link"
    assert memory.answer("When does FeatureStore renew?").trace.failure == "no_edge"
    assert memory.answer("Tell me about FeatureStore.").trace.failure == "no_relation"
    for q in ("Who owns the quarterly offsite?", "When does FeatureStore renew?"):
        answer = memory.answer(q)
        assert answer.text == "" and answer.context == []


def test_questions_phrased_in_ways_nobody_tuned_for(hash_embedder):
    memory = _graph(hash_embedder)
    assert memory.answer("Who's responsible for FeatureStore these days?").text == "Lena"
    assert memory.answer("Which office is looking after Acme?").text == "Berlin office"
    assert memory.answer("What does ReportingAPI rely on?").text == "FeatureStore"
    assert memory.answer("Which team does the owner of FeatureStore belong to?").text == "Trust team"
    assert memory.answer("Out of which office does the owner of Lantern's tool work?").text == "Prague office"
    assert memory.answer("Which team is Lena on?").text == "Trust team"
    assert memory.answer("When is Lantern due?").text == "June 28"
    assert memory.answer("Where does the Lantern project stand?").text == "on hold"


def test_a_reverse_question_walks_against_the_edge(hash_embedder):
    answer = _graph(hash_embedder).answer("Who is in the Trust team?")
    assert answer.text == "Lena"
    assert answer.context[0].text == "Lena is in Trust team."


def test_tokens_per_answer_stay_small(hash_embedder):
    memory = _graph(hash_embedder)
    questions = ["Who owns FeatureStore?", "Which team owns the component that ReportingAPI depends on?",
                 "Which office handles the Acme account?", "What priority is ReportingAPI now?"]
    tokens = [memory.answer(q).tokens for q in questions]
    assert max(tokens) <= 40 and sum(tokens) / len(tokens) <= 30


def test_the_prompt_is_the_shared_template_around_the_walked_facts(hash_embedder):
    from memories.prompt import build_prompt
    from memories.tokens import count_tokens

    answer = _graph(hash_embedder).answer("Who owns FeatureStore?")
    assert answer.prompt == build_prompt("Who owns FeatureStore?", answer.context)
    assert answer.tokens == count_tokens(answer.prompt)
    assert answer.latency_ms > 0


def test_a_node_not_yet_mentioned_at_as_of_is_not_linked(hash_embedder):
    answer = _graph(hash_embedder, graph_chat.infra()).answer("Where is FeatureStore deployed?", as_of=5)
    assert answer.text == "" and answer.trace.failure == "no_edge"


def test_snapshot_holds_nodes_and_edges_with_validity(hash_embedder):
    snap = _graph(hash_embedder, graph_chat.infra()).snapshot()
    nodes = {n.name: n for n in snap.nodes}
    assert nodes["ReportingAPI"].type == "component"
    assert nodes["ReportingAPI"].description == "serves usage reports"
    assert nodes["ReportingAPI"].mentions == [1, 3, 7, 9]
    assert "serves usage reports" not in nodes
    assert snap.superseded == 1
    described = [e for e in snap.edges if e.predicate == "described_as"]
    assert [(e.subject, e.object, e.turns) for e in described][0] == ("ReportingAPI", "serves usage reports", [1])
    assert all(not e.extracted for e in snap.edges)
    assert {(e.speaker, e.channel) for e in snap.edges if e.predicate == "owned_by"} == {
        ("agent_c", "infra"), ("agent_a", "infra")}


def test_ingest_one_by_one_equals_ingest_many_and_reset_forgets(hash_embedder):
    one = GraphMemory(MemoryConfig(), hash_embedder)
    for t in graph_chat.infra():
        one.ingest(t)
    assert one.snapshot() == _graph(hash_embedder, graph_chat.infra()).snapshot()
    one.reset()
    assert one.snapshot().nodes == [] and one.answer("Who owns FeatureStore?").trace.failure == "no_link"


def test_question_turns_and_turns_without_facts_add_nothing(hash_embedder):
    memory = _graph(hash_embedder, graph_chat.infra())
    before = memory.snapshot()
    memory.ingest(graph_chat.turn(11, "Who owns FeatureStore?", kind="question"))
    memory.ingest(graph_chat.turn(12, "coffee?"))
    assert memory.snapshot() == before


def test_render_path_reads_a_chain_as_one_sentence():
    hops = [("A", "depends_on", "B", False), ("B", "owned_by", "C", False)]
    assert render_path(hops, ["C"]) == "A depends on B, owned by C."
    assert render_path([("A", "owned_by", "C", False)], ["C"]) == "C owns A."
    assert render_path([("L", "member_of", "T", True)], ["L"]) == "L is in T."


def test_rules_extraction_builds_the_graph_from_text_alone(hash_embedder):
    pytest.importorskip("memories.extractor")
    memory = GraphMemory(MemoryConfig(extraction="rules"), hash_embedder)
    turns = graph_chat.infra()
    for t in turns:
        t.facts = []  # gold facts must not be needed (nor used)
    memory.ingest_many(turns)
    edges = memory.snapshot().edges
    assert edges and all(e.extracted for e in edges)
    assert ("FeatureStore", "owned_by", "Lena") in {(e.subject, e.predicate, e.object) for e in edges}
    assert memory.answer("Who owns the component that ReportingAPI depends on?").text == "Lena"


@pytest.mark.integration
def test_the_paraphrase_is_answered_through_the_semantic_linker(minilm):
    answer = _graph(minilm).answer("What does the analytics endpoint depend on?")
    assert answer.text == "FeatureStore"
    link = answer.trace.links[0]
    assert (link.mention, link.node, link.step) == ("the analytics endpoint", "ReportingAPI", "semantic")


@pytest.mark.integration
def test_the_lexical_linker_reproduces_the_paraphrase_blind_spot(minilm):
    answer = _graph(minilm, linker="lexical").answer("What does the analytics endpoint depend on?")
    assert answer.text == "" and answer.trace.failure == "no_link"


@pytest.mark.integration
def test_unseen_relation_wordings_reach_the_answer_on_the_real_model(minilm):
    memory = _graph(minilm)
    assert memory.answer("Who keeps the lights on for FeatureStore?").text == "Lena"
    assert memory.answer("What does the usage reporting service lean on?").text == "FeatureStore"
    assert memory.answer("In which region is the Berlin office?").text == "EMEA"


@pytest.mark.parametrize("question", ["", "   ", "?", "[INC-42] who owns [b]FeatureStore[/b]?", "\x00\x1b[31m\u202e",
                                      "🔥 who owns FeatureStore 🔥", "Who owns FeatureStore? " + "x" * 100_000])
def test_odd_questions_never_raise(hash_embedder, question):
    answer = _graph(hash_embedder).answer(question)
    assert answer.trace.backend == "graph" and answer.tokens > 0


def test_two_fresh_memories_answer_identically(hash_embedder):
    questions = ["Which team owns the component that ReportingAPI depends on?", "Which office is looking after Acme?",
                 "What priority is ReportingAPI now?", "Who owns the quarterly offsite?"]
    first = [_graph(hash_embedder).answer(q).model_dump(exclude={"latency_ms"}) for q in questions]
    second = [_graph(hash_embedder).answer(q).model_dump(exclude={"latency_ms"}) for q in questions]
    assert first == second


def test_a_walk_that_read_only_the_last_relation_takes_the_schema_route_that_contains_it(hash_embedder):
    from memories.question import ParsedQuestion, Slot

    memory = _graph(hash_embedder)
    # as if the words gave away only "on (a team)": FeatureStore has no member_of edge, its owner has one
    parsed = ParsedQuestion(mentions=["FeatureStore"], relations=["member_of"], relation_scores=[1.0],
                            expected_type="team", slots=[Slot((("member_of", 1.0),), "on", "lexicon", 6)],
                            expected_types=("team",))
    key = memory.store.resolve("FeatureStore")
    result = memory.walk(key, parsed)
    assert result.failure is None
    assert result.chain == ["owned_by", "member_of"]
    assert memory.store.name_of(result.paths[0].node) == "Trust team"


# ---- wrong answers on text-extracted graphs: stale edges and same-turn handovers ----
def _scripted(embedder, said: list[tuple[str, list[tuple[str, str, str]]]]) -> GraphMemory:
    """A rules-extraction graph whose extractor is replaced by a script: each turn's text and the facts
    "extraction" found in it (none, for a message it missed)."""
    from scenarios.models import Turn

    memory = GraphMemory(MemoryConfig(extraction="rules"), embedder)
    script = {text: facts for text, facts in said}
    memory._extract = lambda turn: ([(s, p, o, None) for s, p, o in script[turn.text]], [])
    memory.ingest_many([Turn(index=i, speaker="agent_a", text=text) for i, (text, _) in enumerate(said)])
    return memory


def test_an_unextracted_later_change_to_the_walked_relation_makes_the_walk_fail_as_stale(hash_embedder):
    memory = _scripted(hash_embedder, [
        ("Quarrel is on low priority.", [("Quarrel", "priority", "low")]),
        ("Tove Aalto owns Quarrel.", [("Quarrel", "owned_by", "Tove Aalto")]),
        ("heads up: Quarrel got bumped, it's urgent now", []),  # extraction found nothing
    ])
    answer = memory.answer("What priority is Quarrel?")
    assert answer.text == "" and answer.trace.failure == "stale"
    assert answer.trace.missing is not None and [m.turn for m in answer.trace.missing.turns] == [2]
    # the change spoke of priority, not of the owner: the owner's edge still answers
    assert memory.answer("Who owns Quarrel?").text == "Tove Aalto"


def test_a_later_mention_without_a_word_of_change_leaves_the_answer_alone(hash_embedder):
    memory = _scripted(hash_embedder, [
        ("Quarrel is on low priority.", [("Quarrel", "priority", "low")]),
        ("is the Quarrel priority queue slow for anyone?", []),
    ])
    assert memory.answer("What priority is Quarrel?").text == "low"


def test_the_staleness_check_is_only_for_text_extracted_graphs(hash_embedder):
    from scenarios.models import Fact, Turn

    memory = GraphMemory(MemoryConfig(), hash_embedder)
    memory.ingest_many([
        Turn(index=0, speaker="a", text="Quarrel is on low priority.",
             facts=[Fact(subject="Quarrel", predicate="priority", object="low")]),
        Turn(index=1, speaker="a", text="Quarrel got bumped, its priority is urgent now"),
    ])
    assert memory.answer("What priority is Quarrel?").text == "low"


def test_the_old_value_named_in_the_turn_that_replaced_it_does_not_come_back(hash_embedder):
    memory = _scripted(hash_embedder, [
        ("Ivo Kask leads Larch.", [("Larch", "led_by", "Ivo Kask")]),
        # a handover names the new lead and the old one; extraction read both as led_by, the old one last
        ("Ivo is handing Larch to Mira Pold", [("Larch", "led_by", "Mira Pold"), ("Larch", "led_by", "Ivo Kask")]),
    ])
    answer = memory.answer("Who leads Larch?")
    assert answer.text == "Mira Pold"
    assert [(h.object, h.turns) for h in answer.trace.stale] == [("Ivo Kask", [0])]


def test_a_nickname_said_in_the_chat_links_a_question_to_the_person(hash_embedder):
    from memories.graph import GraphMemory
    from memories.protocol import MemoryConfig
    from scenarios.models import Turn

    graph = GraphMemory(MemoryConfig(extraction="rules"), hash_embedder)
    graph.ingest(Turn(index=0, speaker="sandro", channel="ad-hoc", text="Odile Marchetti works in the Lyon office."))
    graph.ingest(Turn(index=1, speaker="sandro", channel="ad-hoc", text="shoutout to Odile Marchetti aka OM for the fix"))
    answer = graph.answer("which office is OM in?")
    assert answer.text == "Lyon office"


def test_a_walk_stepped_back_to_a_person_leaves_the_asked_step_from_the_office(hash_embedder):
    # the graph knows who works at the office but not where it is: the step still to take is the office's own
    # located_in, not a route from the person back to the office
    turns = [graph_chat.turn(0, "Tiago works from the Leixões office.", [["Tiago", "works_in", "Leixões office"]])]
    memory = _graph(hash_embedder, turns)
    answer = memory.answer("Where is the Leixões office located?")
    assert answer.text == ""
    plan = memory.unfinished("Where is the Leixões office located?")
    assert plan is not None and (plan.start, plan.remaining, plan.walked) == ("Leixões office", ["located_in"], [])


def test_a_project_named_by_its_lead_keeps_the_asked_step_after_the_step_back(hash_embedder):
    # Pedro is known (he works somewhere) but not what he leads: the plan steps back from him along led_by to a
    # project, and then on to the project's deadline
    turns = [graph_chat.turn(0, "Pedro works from the Lisbon office.", [["Pedro", "works_in", "Lisbon office"]])]
    memory = _graph(hash_embedder, turns)
    plan = memory.unfinished("What's the deadline on the project Pedro leads?")
    assert plan is not None and (plan.start, plan.remaining) == ("Pedro", ["led_by", "deadline"])
    # a start the graph does not hold, under a name no list has, may stand at either end of the last step
    plan = memory.unfinished("What's the status of Zorbek's project?")
    assert plan is not None and (plan.start, plan.remaining) == ("Zorbek", ["led_by", "status"])


def test_a_described_subject_keeps_the_reading_whose_chain_ends_in_the_asked_type(hash_embedder):
    # "work" read as works_in leads to an office, but the question asks a status: the descriptive reading,
    # which takes "work" into the subject, asks the status
    turns = [graph_chat.turn(0, "Tiago works from the Leixões office.", [["Tiago", "works_in", "Leixões office"]])]
    memory = _graph(hash_embedder, turns)
    plan = memory.unfinished("what's the state of the old-cassette conversion work?")
    assert plan is not None and plan.remaining == ["status"] and plan.described
