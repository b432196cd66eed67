"""A value said with the one it replaces denied after it ("it's P2 not P1", "Sofia not Rui", "in Frankfurt not
Dublin"), written for these tests: the denied value is no fact, and the kept one is a correction."""

from __future__ import annotations

import pytest

from memories.extractor import RuleExtractor
from tests.memories.extractor_reading import pairs, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.mark.parametrize("text, predicate, expected", [
    ("Opera runs in Frankfurt not Dublin", "deployed_in", ("Opera", "Frankfurt")),
    ("Opera is P2, not P1", "priority", ("Opera", "p2")),
    ("Opera renews in May not June", "renews_in", ("Opera", "May")),
])
def test_the_value_kept_is_the_fact(text, predicate, expected):
    assert pairs(read_one(text, "infra"), predicate) == {expected}


def test_a_denied_person_is_no_handler():
    facts = read_one("change: Patinhas -> Sofia not Rui. they're expanding into spain", "accounts")
    assert pairs(facts, "handled_by") == {("Patinhas", "Sofia")}


def test_a_kept_value_is_read_as_a_correction():
    facts = RuleExtractor().extract("Opera runs in Frankfurt not Dublin", channel="infra").facts
    assert [f.update for f in facts if f.predicate == "deployed_in"] == [True]


@pytest.mark.parametrize("text", ["lab results not reaching wards.", "Hamburg opening slips, lease not signed yet"])
def test_not_before_a_verb_denies_no_value(text):
    from memories.extractor import _without_denied
    from memories.mentions import sentences

    body = sentences(text)[0]
    assert _without_denied(body) is body


def test_a_clause_about_it_after_and_says_its_own_value():
    assert pairs(read_one("Opera is down, and it's P2", "infra"), "priority") == {("Opera", "p2")}
    assert pairs(read_one("Opera is down and it is P2", "infra"), "priority") == {("Opera", "p2")}

