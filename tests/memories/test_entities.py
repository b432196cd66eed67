"""Entity resolution at write time: exact, normalised and semantic matches, aliases with their scores."""

from __future__ import annotations

import pytest

from memories.entities import EntityResolver, Resolution, clean_name, is_descriptive, name_key, name_keys
from memories.graph_store import normalise


@pytest.mark.parametrize("name", ["FeatureStore", "the FeatureStore", "FeatureStore service", "Feature Store",
                                  "feature-store", "the  feature store service", "FeatureStore's"])
def test_spellings_of_one_component_share_a_key(name):
    assert name_key(name) == "featurestore"


def test_a_generic_head_noun_does_not_change_the_key_but_a_specific_word_does():
    assert name_key("Acme account") == name_key("Acme") == name_key("the Acme account")
    assert name_key("Berlin office") == name_key("Berlin")
    assert name_key("Project Atlas") == name_key("Atlas")
    assert name_key("the EMEA region") == name_key("EMEA")
    assert name_key("ReportingAPI") != name_key("Reporting")


def test_a_name_that_is_only_a_head_noun_keeps_it():
    assert name_key("the service") == "service"


def test_a_name_is_also_known_with_its_head_noun_run_together():
    assert name_keys("Config Service") == ("config", "configservice")
    assert "configservice" in name_keys("ConfigService")


def test_clean_name_drops_articles_possessives_and_stray_punctuation_but_keeps_case():
    assert clean_name("  the Berlin   office, ") == "Berlin office"
    assert clean_name("Lena's") == "Lena"
    assert clean_name("our usage-report service") == "usage-report service"


def test_descriptive_names_are_common_noun_phrases():
    assert is_descriptive("the usage report service")
    assert not is_descriptive("ReportingAPI")
    assert not is_descriptive("the Acme account")
    assert not is_descriptive("eu-west-1")


def test_an_unknown_name_is_new_and_resolve_does_not_add_it():
    r = EntityResolver()
    assert r.resolve("the Berlin office") == Resolution(canonical="Berlin office", step="new", score=0.0)
    assert len(r) == 0


def test_an_added_name_resolves_exactly():
    r = EntityResolver()
    r.add("FeatureStore")
    assert r.resolve("FeatureStore") == Resolution(canonical="FeatureStore", step="exact", score=1.0)
    assert r.aliases("FeatureStore") == []


@pytest.mark.parametrize("spelling", ["the FeatureStore", "FeatureStore service", "Feature Store", "featurestore"])
def test_other_spellings_resolve_by_normalisation_and_become_aliases(spelling):
    r = EntityResolver()
    r.add("FeatureStore")
    assert r.resolve(spelling) == Resolution(canonical="FeatureStore", step="normalised", score=1.0)
    assert r.aliases("FeatureStore") == [(spelling, 1.0)]


def test_a_recorded_alias_then_resolves_exactly():
    r = EntityResolver()
    r.add("ConfigService")
    r.resolve("Config Service")
    assert r.resolve("Config Service").step == "exact"
    assert r.aliases("ConfigService") == [("Config Service", 1.0)]


def test_the_first_added_node_wins_a_shared_key():
    r = EntityResolver()
    r.add("Acme account")
    r.add("Acme")
    assert r.resolve("the Acme account").canonical == "Acme account"
    assert r.resolve("ACME").canonical == "Acme account"


def test_without_an_embedder_a_descriptive_name_stays_new():
    r = EntityResolver()
    r.add("ReportingAPI", "serves usage reports")
    assert r.resolve("the usage reports server").step == "new"


def test_a_descriptive_name_that_means_a_description_is_linked_with_its_score(hash_embedder):
    r = EntityResolver(hash_embedder, threshold=0.5)
    r.add("ReportingAPI", "serves usage reports")
    r.add("IngestWorker", "loads incoming events")
    res = r.resolve("the usage reports server")
    assert (res.canonical, res.step) == ("ReportingAPI", "semantic")
    assert 0.5 <= res.score < 1.0
    assert r.aliases("ReportingAPI") == [("the usage reports server", res.score)]


def test_the_semantic_threshold_keeps_distant_names_apart(hash_embedder):
    r = EntityResolver(hash_embedder, threshold=0.99)
    r.add("ReportingAPI", "serves usage reports")
    assert r.resolve("the usage reports server").step == "new"
    assert r.aliases("ReportingAPI") == []


def test_a_proper_name_is_never_linked_by_meaning(hash_embedder):
    r = EntityResolver(hash_embedder, threshold=0.0)
    r.add("ReportingAPI", "serves usage reports")
    assert r.resolve("UsageReports", "serves usage reports").step == "new"


def test_the_latest_description_is_the_one_compared(hash_embedder):
    r = EntityResolver(hash_embedder, threshold=0.5)
    r.add("ReportingAPI", "serves usage reports")
    r.add("ReportingAPI", "renders billing invoices")
    assert r.description("ReportingAPI") == "renders billing invoices"
    assert r.resolve("the billing invoices renderer").canonical == "ReportingAPI"
    assert r.resolve("the usage reports server").step == "new"


def test_adding_a_known_name_again_keeps_one_node():
    r = EntityResolver()
    r.add("Dana")
    r.add("Dana")
    assert r.names == ["Dana"]
    assert "Dana" in r


@pytest.mark.integration
def test_minilm_links_a_paraphrased_service_name_and_keeps_an_unrelated_one_new(minilm):
    r = EntityResolver(minilm)
    r.add("ReportingAPI", "serves usage reports")
    r.add("IngestWorker", "loads incoming events")
    r.add("NotificationHub", "sends emails and push notifications")
    loader = r.resolve("the event loader")
    assert (loader.canonical, loader.step) == ("IngestWorker", "semantic")
    assert r.resolve("the notification sender").canonical == "NotificationHub"
    assert r.resolve("the billing service").step == "new"
    assert r.resolve("the login page").step == "new"


def test_a_name_typed_without_its_accents_is_the_same_name():
    assert name_key("Michal Nowicki") == name_key("Michał Nowicki")
    assert name_key("Ines") == name_key("Inês") and name_key("Soren") == name_key("Søren")
    assert normalise("the Bjorn office") == normalise("The Björn office")
