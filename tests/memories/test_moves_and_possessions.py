"""Moves and possessions, written for these tests: a person moving to an office works there from then on, even
when the message says which day ("I'm moving to the Stapleton support office on Monday"); a noun a name or "my"
possesses is what the sentence is about ("my co-host moved to Bristol" says nothing of the speaker); and a plan
is named by all its capitalised words where a plan goes ("on our Shelter Partner plan")."""

from __future__ import annotations

import numpy as np
import pytest

from memories.extractor import RuleExtractor
from tests.memories.extractor_reading import pairs, read_lines, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.mark.parametrize("text", [
    "Luis Ortega is moving to the Stapleton office",
    "Luis Ortega is moving to the Stapleton office on Monday",
])
def test_moving_to_an_office_is_working_there(text):
    assert pairs(read_one(text, "accounts"), "works_in") == {("Luis Ortega", "Stapleton office")}


def test_the_speaker_moving_to_an_office_is_a_correction():
    facts = RuleExtractor().extract("oh heads up, I'm moving to the Stapleton support office on Monday. so not "
                                    "Colfax anymore", channel="accounts", known_entities=["Luis Ortega"],
                                    speaker="luis").facts
    assert [(f.subject, f.object, f.update) for f in facts if f.predicate == "works_in"] == [
        ("Luis Ortega", "Stapleton support office", True)]


def test_a_day_still_makes_being_at_an_office_a_visit():
    assert pairs(read_one("Luis Ortega is at the Stapleton office on Monday", "accounts"), "works_in") == set()


@pytest.mark.parametrize("text", [
    "Dana Kim's co-host moved to Bristol",
    "our guest got cold feet and my co-host moved to Bristol",
])
def test_a_possessed_noun_moving_says_nothing_of_its_possessor(text):
    facts = read_lines([("alfie", "Alfie Barnes here"), ("alfie", text)], "ad-hoc")
    assert pairs(facts, "works_in") == set()


class _SameVector:
    """Every phrase one vector: any gap between two names is like every relation's prototype."""

    name = "same"

    def encode(self, texts):
        return np.ones((len(texts), 4), dtype=np.float32) / 2.0


def test_a_possessed_noun_is_no_relation_by_prototype_either():
    x = RuleExtractor(_SameVector())
    facts = x.extract("my boss oversees Atlas", channel="ad-hoc", speaker="alfie").facts
    assert [f for f in facts if f.subject == "alfie" or f.object == "alfie"] == []
    # (the same gap after a name of its own reads: the check is on the possessive only)
    assert x.extract("Dana Kim oversees Atlas", channel="ad-hoc", speaker="alfie").facts


@pytest.mark.parametrize("text, plan", [
    ("Hank Osei handles them and they're on our Shelter Partner plan", "Shelter Partner"),
    ("Cobalt's on the Premier Panel plan and renews in March", "Premier Panel"),
    ("Halcyon Foods moved to the Catalogue Premium plan", "Catalogue Premium"),
])
def test_a_plan_is_all_its_capitalised_words_where_a_plan_goes(text, plan):
    assert {o for _, o in pairs(read_one(text, "accounts"), "plan")} == {plan}


def test_an_accounts_name_before_plan_is_not_the_plan():
    assert pairs(read_one("the Halcyon Foods plan renews in March", "accounts"), "plan") == set()


def test_a_system_that_hangs_on_another_depends_on_it():
    assert pairs(read_one("ok, craneflux hangs on kafka-gd, kafka hiccups then craneflux dies", "infra"),
                 "depends_on") == {("craneflux", "kafka-gd")}
    assert read_one("hang on, kafka-gd is down", "infra") == []


def test_being_at_a_place_named_with_a_particle_is_working_there():
    assert pairs(read_one("I'm at Patio de Triana, not the old office on Calle Feria", "accounts",
                          speaker="Carmen Ruiz"), "works_in") == {("Carmen Ruiz", "Patio de Triana")}


@pytest.mark.parametrize("text, office, city", [
    ("And Casa do Largo is the Lisbon one, up in Alfama", "Casa do Largo", "Lisbon"),
    ("for the sheet: Ribeira House is our Porto one, on the river", "Ribeira House", "Porto"),
    ("Patio de Triana = Seville, for the sheet", "Patio de Triana", "Seville"),
])
def test_a_place_said_to_be_a_citys_one_is_in_that_city(text, office, city):
    assert pairs(read_one(text, "accounts"), "located_in") == {(office, city)}


def test_a_person_said_to_be_a_citys_one_is_not_placed():
    assert pairs(read_lines([("dana", "Dana Kim here"), ("sam", "Dana Kim is the Porto one")], "accounts"),
                 "located_in") == set()
