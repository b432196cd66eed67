"""Who is on which team, written as a roster line ("Crew Platform = Otieno Ochieng + Kevin Mutua, Integrations
squad = Hamad Al-Marri + me"), written for these tests."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


def test_a_team_set_equal_to_people_has_them_as_members():
    facts = read_one("pager rota update: Crew Platform = Otieno Ochieng + Kevin Mutua, Integrations squad = "
                     "Hamad Al-Marri + me", "infra", speaker="Joao Pereira")
    assert pairs(facts, "member_of") == {("Otieno Ochieng", "Crew Platform"), ("Kevin Mutua", "Crew Platform"),
                                          ("Hamad Al-Marri", "Integrations squad"),
                                          ("Joao Pereira", "Integrations squad")}


def test_one_person_set_equal_to_a_name_without_a_team_noun_is_no_roster():
    assert not pairs(read_one("Acme = Dana Kim", "infra"), "member_of")


def test_people_set_equal_to_a_team_are_on_it():
    facts = read_one("team-wise: Inês Carvalho + Hamad Al-Marri = Rules & Optimisation", "infra",
                     known=["Inês Carvalho", "Hamad Al-Marri", "Rules & Optimisation"])
    assert pairs(facts, "member_of") == {("Inês Carvalho", "Rules & Optimisation"),
                                          ("Hamad Al-Marri", "Rules & Optimisation")}


def test_people_set_equal_to_a_company_are_no_members():
    assert not pairs(read_one("Acme Corp = Dana Kim + Ravi Menon", "infra"), "member_of")
