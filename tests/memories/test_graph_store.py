"""The graph store: temporal edges, supersession, as-of views, descriptions as attributes, name identity."""

from __future__ import annotations

import networkx as nx

from memories.graph_store import GraphStore, compact, normalise


def _priority_store(supersession: bool = True) -> GraphStore:
    store = GraphStore(supersession=supersession)
    store.add_fact("ReportingAPI", "priority", "high", turn=3, speaker="agent_a", channel="infra")
    store.add_fact("ReportingAPI", "priority", "medium", turn=9, speaker="agent_b", channel="infra")
    return store


def _priorities(store: GraphStore, as_of: int | None = None) -> list[str]:
    key = store.resolve("ReportingAPI")
    return [store.name_of(e.object) for e in store.out_edges(key, as_of) if e.predicate == "priority"]


def test_update_retires_the_stale_priority_edge():
    store = _priority_store()
    old, new = [e for e in store.edges() if e.predicate == "priority"]
    assert (old.valid_from, old.valid_to) == (3, 9)
    assert (new.valid_from, new.valid_to) == (9, None)
    assert _priorities(store) == ["medium"]
    assert len(store.edges()) == 2  # nothing deleted


def test_as_of_recovers_the_view_before_the_update():
    store = _priority_store()
    assert _priorities(store, as_of=5) == ["high"]
    assert _priorities(store, as_of=9) == ["medium"]
    assert _priorities(store, as_of=2) == []


def test_supersession_off_keeps_the_stale_edge_open_and_first():
    store = _priority_store(supersession=False)
    assert all(e.valid_to is None for e in store.edges())
    assert _priorities(store) == ["high", "medium"]


def test_restating_a_fact_adds_its_turn_to_the_same_edge():
    store = GraphStore()
    store.add_fact("FeatureStore", "owned_by", "Lena", turn=2)
    store.add_fact("the FeatureStore", "owned_by", "lena", turn=30)
    (edge,) = store.edges()
    assert edge.turns == [2, 30] and edge.valid_to is None


def test_restating_an_old_value_after_an_update_opens_a_new_edge():
    store = _priority_store()
    store.add_fact("ReportingAPI", "priority", "high", turn=20)
    assert _priorities(store) == ["high"]
    assert [(e.valid_from, e.valid_to) for e in store.edges()] == [(3, 9), (9, 20), (20, None)]


def test_multi_valued_depends_on_keeps_both_edges():
    store = GraphStore()
    store.add_fact("ReportingAPI", "depends_on", "FeatureStore", turn=1)
    store.add_fact("ReportingAPI", "depends_on", "AuthService", turn=4)
    key = store.resolve("ReportingAPI")
    assert [store.name_of(e.object) for e in store.out_edges(key)] == ["FeatureStore", "AuthService"]
    assert all(e.valid_to is None for e in store.edges())


def test_a_description_is_a_node_attribute_not_an_answer_node():
    store = GraphStore()
    store.add_fact("ReportingAPI", "described_as", "serves usage reports", turn=1)
    store.add_fact("ReportingAPI", "depends_on", "FeatureStore", turn=1)
    assert store.resolve("serves usage reports") is None
    assert sorted(n.name for n in store.nodes()) == ["FeatureStore", "ReportingAPI"]
    node = store.node(store.resolve("ReportingAPI"))
    assert node.description() == "serves usage reports"
    assert store.graph.number_of_nodes() == 2 and store.graph.number_of_edges() == 1


def test_a_new_description_retires_the_old_one_and_as_of_still_reads_it():
    store = GraphStore()
    store.add_fact("ReportingAPI", "described_as", "serves usage reports", turn=1)
    store.add_fact("ReportingAPI", "described_as", "renders billing exports", turn=8)
    node = store.node(store.resolve("ReportingAPI"))
    assert node.description() == "renders billing exports"
    assert node.description(as_of=4) == "serves usage reports"


def test_names_are_one_node_across_case_article_punctuation_and_spacing():
    store = GraphStore()
    store.add_fact("FeatureStore", "owned_by", "Lena", turn=0)
    store.add_fact("the featurestore", "priority", "high", turn=1)
    store.add_fact("Feature Store.", "deployed_in", "eu-west-1", turn=2)
    assert len([n for n in store.nodes() if n.type == "component"]) == 1
    node = store.node(store.resolve("FEATURE-STORE"))
    assert node.name == "FeatureStore"  # the display name is the first one seen
    assert node.mentions == [0, 1, 2]
    assert normalise("  The Acme account! ") == "acme account"
    assert compact("Feature Store") == compact("feature-store") == "featurestore"


def test_node_types_come_from_the_predicates_and_unknown_ones_are_entities():
    store = GraphStore()
    store.add_fact("Dana", "works_in", "Berlin office", turn=0)
    store.add_fact("Berlin office", "located_in", "EMEA", turn=1)
    store.add_fact("Dana", "likes", "tea", turn=2)
    types = {n.name: n.type for n in store.nodes()}
    assert types == {"Dana": "person", "Berlin office": "office", "EMEA": "region", "tea": "entity"}


def test_an_alias_resolves_to_its_node_and_keeps_its_score():
    store = GraphStore()
    store.add_fact("ReportingAPI", "owned_by", "Omar", turn=0)
    store.add_alias("ReportingAPI", "the reports service", 0.71)
    assert store.resolve("Reports service") == store.resolve("ReportingAPI")
    assert store.node(store.resolve("ReportingAPI")).aliases == [("the reports service", 0.71)]


def test_the_store_is_a_networkx_multidigraph_with_validity_on_its_edges():
    store = _priority_store()
    assert isinstance(store.graph, nx.MultiDiGraph)
    rows = sorted((d["predicate"], d["valid_from"], d["valid_to"]) for *_, d in store.graph.edges(data=True))
    assert rows == [("priority", 3, 9), ("priority", 9, None)]


def test_retired_like_lists_the_superseded_edges_of_the_same_fact():
    store = _priority_store()
    current = store.out_edges(store.resolve("ReportingAPI"))[0]
    assert [store.name_of(e.object) for e in store.retired_like(current)] == ["high"]
    assert store.retired_like(current, as_of=5) == []  # not yet retired at turn 5


def test_a_name_found_by_its_words_is_found_with_or_without_accents():
    store = GraphStore()
    store.add_fact("Michał Nowicki", "works_in", "Gdańsk office", turn=0)
    key = store.resolve("Michał Nowicki")
    assert key is not None and store.resolve("michal nowicki") == key
    assert store.match_words(["michał", "nowicki"]) == key == store.match_words(["michal", "nowicki"])
    assert store.nodes_with_word("gdańsk") == store.nodes_with_word("gdansk") != []


def test_a_thing_called_by_the_first_words_of_its_name_is_that_thing_and_its_newer_value_supersedes():
    store = GraphStore()
    store.add_fact("Lakeshore Architects", "renews_in", "October", turn=4)
    store.add_fact("lakeshore", "renews_in", "November", turn=29)
    store.add_fact("Granite Peak", "plan", "Restaurant Basic", turn=30)  # no such thing yet: a node of its own
    key = store.resolve("Lakeshore Architects")
    assert store.resolve("lakeshore") == key
    assert [store.name_of(e.object) for e in store.out_edges(key) if e.predicate == "renews_in"] == ["November"]
    assert store.resolve("Granite Peak") != key


def test_a_short_form_two_things_share_or_a_person_s_first_name_resolves_to_no_other_kind_of_thing():
    store = GraphStore()
    store.add_fact("Data Platform", "owned_by", "Ines", turn=1)
    store.add_fact("Data Lake", "owned_by", "Ines", turn=2)
    store.add_fact("data", "priority", "P1", turn=3)  # two things start with "data": neither
    assert store.resolve("data") not in (store.resolve("Data Platform"), store.resolve("Data Lake"))
    store.add_fact("Sunrise Taqueria", "handled_by", "Anjali Mehta", turn=4)
    store.add_fact("Blue Anchor", "handled_by", "Sunrise", turn=5)  # a person "Sunrise" is not the account
    assert store.resolve("Sunrise") != store.resolve("Sunrise Taqueria")
