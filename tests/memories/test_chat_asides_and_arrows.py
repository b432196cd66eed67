"""Statements chat writes with asides and shorthand, written for these tests: "btw" or "iirc" inside a statement
says nothing about its facts ("PI's P1 btw, for the ticket"), nor does "I reckon" after it ("Veeam is P2 I
reckon"); a priority's code is said of a thing even when its bare name could be a person's ("Veeam is P2"); a team
named by its head noun and then people ("Telemetry team, me.") says who is on it; "->" is an arrow as "→" is ("PI
priority -> P2")."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.mark.parametrize("text", [
    "PaySvc is P1 btw",
    "PaySvc's P1 btw, for the ticket.",
    "PaySvc is P1 iirc",
])
def test_an_aside_inside_a_statement_leaves_its_fact(text):
    assert pairs(read_one(text, "infra"), "priority") == {("PaySvc", "p1")}


@pytest.mark.parametrize(("text", "members"), [
    ("Telemetry team, me.", {"nadia"}),
    ("Telemetry team, me. same as ever", {"nadia"}),
    ("Payments team, me and Lise Berg", {"nadia", "Lise Berg"}),
    ("Payments squad: Rui Antunes and me", {"nadia", "Rui Antunes"}),
])
def test_a_team_then_the_people_on_it_says_who_is_on_it(text, members):
    facts = read_one(text, "infra", speaker="nadia")
    assert {s for s, _ in pairs(facts, "member_of")} == members


def test_a_team_then_names_that_may_be_customers_says_nothing():
    assert pairs(read_one("Payments team, Acme and Initech", "infra", speaker="nadia"), "member_of") == set()


@pytest.mark.parametrize(("text", "predicate", "pair"), [
    ("PaySvc priority -> P2", "priority", ("PaySvc", "p2")),
    ("PI standing priority -> P2. ops agreed at review", "priority", ("PI", "p2")),
    ("Acme plan -> Scale", "plan", ("Acme", "Scale")),
    ("PaySvc renewal => March", "renews_in", ("PaySvc", "March")),
])
def test_a_typed_arrow_before_a_value_reads_as_the_glyph(text, predicate, pair):
    assert pair in pairs(read_one(text, "infra"), predicate)


@pytest.mark.parametrize(("text", "code"), [
    ("Veeam is P2", "p2"),
    ("ok ok, Veeam's P1, you've convinced me", "p1"),
    ("Veeam is P2 I reckon", "p2"),
])
def test_a_priority_code_is_said_of_a_thing_whatever_its_bare_name_looks_like(text, code):
    assert pairs(read_one(text, "infra"), "priority") == {("Veeam", code)}


@pytest.mark.parametrize("text", ["Dana is P1", "Dana Smith is P1 this week"])
def test_a_person_is_no_priority(text):
    assert pairs(read_one(text, "infra"), "priority") == set()
