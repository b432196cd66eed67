"""Where someone works, said the ways chat says it and written for these tests: "over at" an office ("Helena's over
at the Cedofeita office"), and with a habitual adverb between the verb and the place ("I'm mostly at the
Altenwerder site office these days", "Kai is usually in the Waltershof office"), which says where one works, not
where one is visiting."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.mark.parametrize("text", [
    "Helena's over at the Cedofeita office",
    "Helena Costa is over in the Cedofeita office these days",
])
def test_over_at_an_office_is_where_someone_works(text):
    assert {o for _, o in pairs(read_one(text, "accounts"), "works_in")} == {"Cedofeita office"}


@pytest.mark.parametrize(("text", "who", "office"), [
    ("I'm mostly at the Altenwerder site office these days", "Hanna", "Altenwerder site office"),
    ("I'm usually in the Waltershof office", "Hanna", "Waltershof office"),
    ("Kai is mostly at the Waltershof office", "Kai", "Waltershof office"),
])
def test_a_habitual_adverb_before_the_place_keeps_it_a_workplace(text, who, office):
    assert pairs(read_one(text, "accounts", speaker="hanna.v"), "works_in") == {(who, office)}


def test_a_visit_today_is_still_no_workplace():
    assert pairs(read_one("Kai is at the Waltershof office today", "accounts"), "works_in") == set()
