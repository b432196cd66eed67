"""Names of offices and projects as chat writes them, written for these tests: an office with a word saying
which office ("the Claddagh site office", "Kallo gate office"), the same office without that word ("Claddagh
office"), a project of capitalised words closed by its noun in lowercase ("the Cheyenne Wi-Fi refresh")."""

from __future__ import annotations

import pytest

from memories.entities import EntityResolver
from memories.mentions import KnownNames, find_mentions, sentences
from memories.places import city_of_office
from memories.slot_reader import read_slot, subject_words
from memories.answer import ContextItem


def named(text: str) -> dict[str, frozenset[str]]:
    out: dict[str, frozenset[str]] = {}
    for sentence in sentences(text):
        for m in find_mentions(sentence, text, known=KnownNames([]), learned=lambda _: None,
                               resolve_pronoun=lambda kind, so_far: None):
            out[m.name] = m.types
    return out


@pytest.mark.parametrize("text, office", [
    ("Ciara sits in the Claddagh site office", "Claddagh site office"),
    ("Kallo gate office handles Nordhavn", "Kallo gate office"),
    ("Hank sits at the Dell Range site office now", "Dell Range site office"),
    ("Amy is at the Kendal head office", "Kendal head office"),
])
def test_a_word_saying_which_office_is_part_of_its_name(text, office):
    assert named(text).get(office) == frozenset({"office"})


def test_an_office_is_the_same_without_the_word_that_says_which_but_not_its_town():
    resolver = EntityResolver()
    resolver.add("Claddagh site office")
    assert resolver.resolve("Claddagh office").canonical == "Claddagh site office"
    assert resolver.resolve("Claddagh").step == "new"
    assert subject_words("Claddagh site office") == frozenset({"claddagh"})
    assert city_of_office("Gulu field office") == "Gulu"


def test_a_statement_about_another_site_office_is_not_about_this_one():
    items = [ContextItem(text="sam: no. Cork. Lee Road site office.", turns=[0], rank=1),
             ContextItem(text="sam: Claddagh office is in Galway fyi", turns=[1], rank=2)]
    assert read_slot("Claddagh site office", "region", items)[0] == "Galway"


@pytest.mark.parametrize("text, project", [
    ("next: the Cheyenne Wi-Fi refresh (the exam rooms keep dropping the tablets)", "Cheyenne Wi-Fi refresh"),
    ("the Galway PACS migration needs Hank", "Galway PACS migration"),
    ("the W24 schedule cutover is done", "W24 schedule cutover"),
])
def test_capitalised_words_and_a_projects_noun_name_the_project(text, project):
    assert named(text).get(project) == frozenset({"project"})


@pytest.mark.parametrize("text", ["ask Hank server questions", "ask Hank Osei rollout questions"])
def test_a_persons_name_before_the_noun_names_no_project(text):
    assert all(" " not in name or name == "Hank Osei" for name in named(text))


@pytest.mark.parametrize("text, place", [
    ("Carmen Ruiz is at Patio de Triana now", "Patio de Triana"),
    ("Bia sits at Casa do Largo, second floor", "Casa do Largo"),
])
def test_a_place_named_with_a_particle_is_one_name_and_no_person(text, place):
    types = named(text).get(place)
    assert types is not None and "office" in types and "person" not in types


@pytest.mark.parametrize("text, name", [
    ("does Atlas do Kafka?", "Atlas"),
    ("Maria de la Cruz owns it", "Maria de la Cruz"),
    ("Ana da Silva handles Zeta", "Ana da Silva"),
])
def test_a_particle_after_a_verb_or_in_a_persons_name_stays_as_it_was(text, name):
    assert name in named(text)


def test_a_city_written_in_english_is_a_place():
    from memories.places import is_place

    assert is_place("Seville") and is_place("Sevilla")
    assert not is_place("Sevil")
