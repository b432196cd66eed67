"""Places as chat types them: a city or a country in lowercase ("llandudno = wales", "boavista is lisbon"), a
city without its accents ("Gdansk"), and a data centre or a cluster named after its town ("the Kendal data
centre", "the Porto edge cluster"), which is the site a service runs in and lies in that town."""

from __future__ import annotations

import pytest

from memories.answer import ContextItem
from memories.mentions import KnownNames, find_mentions, known_words, sentences
from memories.places import city_of_office, city_of_site, country_of, is_lowercase_place, is_place
from memories.slot_reader import read_slots


@pytest.mark.parametrize("word", ["cardiff", "lisbon", "wales", "gdansk", "swansea", "scotland"])
def test_a_place_the_dictionary_writes_with_a_capital_is_a_place_in_lowercase(word):
    assert is_lowercase_place(word, known_words())


@pytest.mark.parametrize("word", ["reading", "nice", "austin", "sutton", "leon", "bristol"])
def test_a_lowercase_word_that_is_also_a_word_or_a_name_stays_one(word):
    assert not is_lowercase_place(word, known_words())


def test_a_city_is_a_place_without_its_accents_unless_that_spelling_is_a_name():
    assert is_place("Gdansk") and is_place("gdańsk")
    assert not is_place("Leon")  # León, but far more often a colleague


@pytest.mark.parametrize(("site", "town"), [
    ("Kendal data centre", "Kendal"),
    ("Porto edge cluster", "Porto"),
    ("Lisbon on-prem cluster", "Lisbon"),
    ("Swansea DC", "Swansea"),
    ("kirkby vale DC", None),  # one name, in lowercase: no known town
    ("the cluster", None),
])
def test_a_site_named_after_its_town_lies_in_that_town(site, town):
    assert city_of_site(site) == town


def _read(subject: str, *said: str) -> list[str]:
    items = [ContextItem(text=text, turns=[i], score=1.0 - i / 10) for i, text in enumerate(said)]
    return [answer for answer, _ in read_slots(subject, "region", items, most=2)]


def test_a_lowercase_row_equating_a_town_with_its_country_is_read():
    assert _read("Llandudno", "niall: llandudno = wales")[:1] == ["Wales"]


def test_a_service_runs_in_the_whole_site_not_just_its_town():
    assert _read("NetMap", "callum: NetMap is in the Swansea data centre, and flaky")[:1] == ["Swansea data centre"]
    said = "laia: PMS Bridge runs on the lisbon edge cluster, thats why latency was bad"
    assert _read("PMS Bridge", said)[:1] == ["lisbon edge cluster"]


def test_the_country_of_a_site_is_its_towns():
    assert country_of(city_of_site("Kendal data centre") or "") == "United Kingdom"


def _offices(text: str) -> list[str]:
    return [m.name for s in sentences(text) for m in find_mentions(
        s, text, known=KnownNames([]), learned=lambda _: None, resolve_pronoun=lambda kind, so_far: None,
        lowercase_places=True) if m.types == frozenset({"office"})]


@pytest.mark.parametrize(("text", "office"), [
    ("Iwan is at the Cardiff clinic", "Cardiff clinic"),
    ("Barcelona Gràcia clinic, joined feb", "Barcelona Gràcia clinic"),
    ("yep -> Central lab, coimbra", "Central lab"),
    ("PlateMaker runs at the Yeovil plant", "Yeovil plant"),
    ("swansea clinic = wales obv", "Swansea clinic"),
    ("no, porto foz clinic since last month", "Porto Foz clinic"),
])
def test_a_workplace_is_named_after_its_place_or_with_its_head_in_lowercase(text, office):
    assert office in _offices(text)


@pytest.mark.parametrize("text", ["merge it to the Main branch", "Acme Labs renews in May", "the feature store"])
def test_a_branch_a_company_s_labs_or_a_store_is_no_workplace(text):
    assert _offices(text) == []


def test_a_workplace_named_after_its_town_lies_in_that_town():
    assert city_of_office("Cardiff clinic") == "Cardiff"
    assert city_of_office("Central lab") is None
