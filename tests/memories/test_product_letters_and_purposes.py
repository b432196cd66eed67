"""A product's name that ends on its letters ("Power BI", "Azure AD") is one name, while letters saying where or
what ("Leeds DC", "Fjordlaks AS", "Dana PM") are not part of one; and what follows "for" after a relation's object
is what it is for ("EDM uses Power BI for the regulator dashboard"). Written for these tests."""

from __future__ import annotations

import pytest

from memories.mentions import KnownNames, find_mentions, sentences
from tests.memories.extractor_reading import pairs, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


def _names(text: str) -> list[str]:
    found = find_mentions(sentences(text)[0], text, known=KnownNames([]), learned=lambda _: None,
                          resolve_pronoun=lambda kind, so_far: None)
    return [m.name for m in found]


@pytest.mark.parametrize(("text", "name"), [
    ("Power BI on top of Snowflake", "Power BI"),
    ("we sign in through Azure AD for now", "Azure AD"),
])
def test_a_name_may_end_on_its_letters(text, name):
    assert name in _names(text)


@pytest.mark.parametrize(("text", "name"), [
    ("Dana PM for Atlas", "Dana"),
    ("Acme EU renews in May", "Acme"),
])
def test_letters_after_a_person_or_a_place_say_what_they_are(text, name):
    assert name in _names(text)


def test_what_follows_for_after_the_object_is_its_purpose():
    facts = read_one("EDM also uses Power BI for the regulator dashboard.", "infra")
    assert {o for _, o in pairs(facts, "depends_on") | pairs(facts, "uses")} == {"Power BI"}


def test_a_system_named_by_its_letters_and_noun_may_open_a_sentence():
    facts = read_one("FRMS dashboard is mine", "infra", speaker="mina")
    assert pairs(facts, "owned_by") == {("FRMS dashboard", "mina")}
