"""The entity linker's three steps (exact, overlap, semantic), the lexical mode's blind spot, and its caching."""

from __future__ import annotations

import numpy as np
import pytest

from memories.graph_store import GraphStore
from memories.linker import Linker, NodeEmbeddings


def _linker(embedder, mode: str = "semantic") -> Linker:
    store = GraphStore()
    store.add_fact("ReportingAPI", "described_as", "serves usage reports", turn=0)
    store.add_fact("ReportingAPI", "depends_on", "FeatureStore", turn=0)
    store.add_fact("FeatureStore", "described_as", "keeps model features", turn=1)
    store.add_fact("FeatureStore", "owned_by", "Lena", turn=1)
    store.add_fact("Acme account", "handled_by", "Dana", turn=2)
    store.add_fact("Reporting team", "described_as", "builds usage dashboards", turn=3)
    store.add_fact("Lena", "member_of", "Reporting team", turn=3)
    embeddings = NodeEmbeddings(embedder)
    for node in store.nodes():
        if not node.is_value:
            embeddings.mark(node)
    embeddings.flush()
    return Linker(store, embeddings, mode=mode)


def test_exact_step_matches_name_up_to_case_and_article(hash_embedder):
    decision = _linker(hash_embedder).link("the acme Account")
    assert (decision.node, decision.step, decision.score) == ("Acme account", "exact", 1.0)


def test_overlap_step_matches_a_shared_distinctive_word(hash_embedder):
    decision = _linker(hash_embedder).link("Acme")
    assert (decision.node, decision.step) == ("Acme account", "overlap")
    assert 0.5 <= decision.score < 1.0


def test_overlap_ignores_a_shared_generic_noun_alone(hash_embedder):
    decision = _linker(hash_embedder, mode="lexical").link("the Globex account")
    assert decision.node is None and decision.step == "none"


def test_semantic_step_matches_the_description_and_reports_the_runner_up(hash_embedder):
    decision = _linker(hash_embedder).link("the usage reports server", types=frozenset({"component"}))
    assert (decision.node, decision.step) == ("ReportingAPI", "semantic")
    assert decision.runner_up == "FeatureStore"
    assert decision.score > (decision.runner_up_score or 0.0)


def test_semantic_step_only_considers_nodes_the_relation_can_start_from(hash_embedder):
    linker = _linker(hash_embedder)
    # "builds usage dashboards" (a team) shares words with the mention, but depends_on starts from a component
    decision = linker.link("the usage dashboards builder", types=frozenset({"component"}))
    assert decision.node != "Reporting team"
    unconstrained = linker.link("the usage dashboards builder")
    assert unconstrained.node == "Reporting team"


def test_lexical_mode_refuses_the_paraphrase(hash_embedder):
    decision = _linker(hash_embedder, mode="lexical").link("the usage reports server")
    assert decision.node is None and decision.step == "none"


def test_an_unrelated_mention_links_nothing_and_shows_the_nearest_node(hash_embedder):
    decision = _linker(hash_embedder).link("quarterly offsite catering", types=frozenset({"component"}))
    assert decision.node is None and decision.step == "none"
    assert decision.runner_up in {"ReportingAPI", "FeatureStore"}


def test_node_texts_are_embedded_once(hash_embedder):
    linker = _linker(hash_embedder)
    before = hash_embedder.calls
    for node in linker.store.nodes():
        linker.embeddings.mark(node)  # unchanged texts: nothing to do
    linker.embeddings.flush()
    linker.link("the usage reports server")
    linker.link("the usage reports server")
    assert hash_embedder.calls == before + 1  # only the mention, once (the embedder caches by text)


def test_a_changed_description_is_embedded_again(hash_embedder):
    linker = _linker(hash_embedder)
    linker.store.add_fact("ReportingAPI", "described_as", "renders billing exports", turn=9)
    linker.embeddings.mark(linker.store.node(linker.store.resolve("ReportingAPI")))
    decision = linker.link("the billing exports renderer", types=frozenset({"component"}))
    assert decision.node == "ReportingAPI"


def test_as_of_hides_nodes_not_yet_mentioned(hash_embedder):
    linker = _linker(hash_embedder)
    assert linker.link("Acme account", as_of=1).node is None
    assert linker.link("Acme account", as_of=2).node == "Acme account"


@pytest.mark.integration
def test_the_analytics_endpoint_links_to_reporting_api_by_meaning(minilm):
    decision = _linker(minilm).link("the analytics endpoint", types=frozenset({"component"}))
    assert (decision.node, decision.step) == ("ReportingAPI", "semantic")


@pytest.mark.integration
def test_lexical_mode_finds_nothing_for_the_analytics_endpoint(minilm):
    assert _linker(minilm, mode="lexical").link("the analytics endpoint").node is None


def test_a_name_joined_by_an_ampersand_is_a_name_not_a_description(hash_embedder):
    # "Hollis & Vane" is no node: the meaning step must not link it to whichever description embeds nearest
    decision = _linker(hash_embedder).link("Hollis & Vane")
    assert decision.node is None and decision.step == "none"


class _Fixed:
    """An embedder giving each text a chosen direction, so the cosines are known."""

    def __init__(self, table):
        self.table = table

    def encode(self, texts):
        return np.array([self.table.get(t, [0.0, 0.0, 1.0]) for t in texts], dtype="float32")


def test_a_weak_semantic_match_is_refused_even_without_a_close_runner_up():
    from memories.linker import SEMANTIC_FLOOR

    store = GraphStore()
    store.add_fact("Kettle", "described_as", "prints shipping labels", turn=0)
    store.add_fact("Kettle", "owned_by", "Ada", turn=0)
    weak = SEMANTIC_FLOOR - 0.02
    table = {"the one that prints shipping labels": [1.0, 0.0, 0.0],
             "returns desk": [weak, (1 - weak ** 2) ** 0.5, 0.0]}
    embeddings = NodeEmbeddings(_Fixed(table))
    embeddings.mark(store.node(store.resolve("Kettle")))
    decision = Linker(store, embeddings).link("the returns desk", types=frozenset({"component"}))
    assert decision.node is None and decision.step == "none"
    assert decision.runner_up == "Kettle"  # the nearest is still reported


def test_a_person_is_linked_by_initials_or_the_start_of_their_given_name_when_only_one_fits(hash_embedder):
    store = GraphStore()
    store.add_fact("Partner Bank Migration", "led_by", "Yusuf Demir", turn=0)
    store.add_fact("Nimbus Arcade", "handled_by", "Ravi Chandrasekar", turn=1)
    store.add_fact("Orbit", "handled_by", "Alexandra Ionescu", turn=2)
    store.add_fact("Comet", "handled_by", "Alexander Berg", turn=3)
    linker = Linker(store, NodeEmbeddings(hash_embedder), mode="lexical")
    assert (linker.link("YD").node, linker.link("YD").step) == ("Yusuf Demir", "short")
    assert linker.link("Rav").node == "Ravi Chandrasekar"
    assert linker.link("Alex").node is None  # two people it could be short for
    assert linker.link("Ravi Chandrasekar").step == "exact"
    # a question whose first relation starts from an account does not take a person's short form
    assert linker.link("Rav", types=frozenset({"account"})).step != "short"


def test_a_lone_word_links_by_meaning_only_when_close_where_a_description_may_by_its_margin():
    from memories.linker import SEMANTIC_FLOOR, SEMANTIC_THRESHOLD

    store = GraphStore()
    store.add_fact("notifyr", "described_as", "sends claim status texts", turn=0)
    store.add_fact("notifyr", "owned_by", "Yaw", turn=0)
    between = (SEMANTIC_FLOOR + SEMANTIC_THRESHOLD) / 2  # above the floor, below the threshold, no runner-up
    direction = [between, (1 - between ** 2) ** 0.5, 0.0]
    embeddings = NodeEmbeddings(_Fixed({"sends claim status texts": [1.0, 0.0, 0.0], "idproof": direction,
                                       "the claim texts sender": direction}))
    embeddings.mark(store.node(store.resolve("notifyr")))
    linker = Linker(store, embeddings)
    # "idproof" is a name the graph does not hold: no likeness of its letters makes it notifyr
    assert linker.link("idproof", types=frozenset({"component"})).node is None
    assert linker.link("the claim texts sender", types=frozenset({"component"})).node == "notifyr"
