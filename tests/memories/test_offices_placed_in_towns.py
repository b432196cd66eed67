"""Offices placed in their towns the way a sheet-filling message writes them, written for these tests: an office
named by its head noun anywhere in the chat ("Kallo office") is placed by an arrow or "=" even when nobody was said
to work there, pairs may be split by " / ", and an adverb before the town or a tag after it is no part of it
("Deurganck site office is technically Beveren", "Waltershof office -> Hamburg obv")."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs, read_lines, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.mark.parametrize(("text", "placed"), [
    ("Kallo office -> Antwerp", {("Kallo office", "Antwerp")}),
    ("Kallo office → Antwerp", {("Kallo office", "Antwerp")}),
    ("for the sheet: Kallo office -> Antwerp / Waalhaven office -> Rotterdam",
     {("Kallo office", "Antwerp"), ("Waalhaven office", "Rotterdam")}),
    ("Waltershof office -> Hamburg obv / Bremerhaven office -> Bremerhaven right",
     {("Waltershof office", "Hamburg"), ("Bremerhaven office", "Bremerhaven")}),
    ("Deurganck site office is technically Beveren, not Antwerp city", {("Deurganck site office", "Beveren")}),
])
def test_an_office_named_by_its_noun_is_placed_by_an_arrow_or_a_copula(text, placed):
    assert pairs(read_one(text, "accounts"), "located_in") == placed


def test_an_office_named_earlier_is_placed_by_its_first_word():
    facts = read_lines([("ines", "hi, new here, sitting in the Kallo office since monday"),
                        ("henk", "Kallo -> Antwerp, for the sheet")], "accounts")
    assert pairs(facts, "located_in") == {("Kallo office", "Antwerp")}


def test_an_office_said_to_be_shut_is_placed_nowhere():
    assert pairs(read_one("Kallo office is closed today", "accounts"), "located_in") == set()
