"""Steps the hybrid knows from the world's places rather than from the chat: an office named after its city is
there when no turn says otherwise, and a city lies in its country. The trace marks each such step."""

from __future__ import annotations

from memories.hybrid import HybridMemory
from memories.places import country_of
from memories.protocol import MemoryConfig
from scenarios.models import Turn


def _memory(embedder, *said: str) -> HybridMemory:
    memory = HybridMemory(MemoryConfig(extraction="rules"), embedder)
    memory.ingest_many([Turn(index=i, speaker="ana", text=text, channel="accounts") for i, text in enumerate(said)])
    return memory


def test_a_city_lies_in_the_country_of_the_biggest_city_so_named_with_or_without_accents():
    assert country_of("Munich") == "Germany"
    assert country_of("Krakow") == country_of("Kraków") == "Poland"
    assert country_of("Texas") == "United States"  # a US state
    assert country_of("Germany") is None  # a country is in no country
    assert country_of("Quayside") is None  # no place of that name


def test_an_office_named_after_its_city_is_there_when_no_turn_places_it(hash_embedder):
    memory = _memory(hash_embedder, "Omar Haddad sits in the Austin office.", "Quayside Tickets is handled by Omar Haddad.")
    answer = memory.answer("Which city is Quayside Tickets's account manager in?")
    assert answer.text == "Austin"
    hops = answer.trace.paths[0]
    assert [(h.predicate, h.object, h.source) for h in hops][-1] == ("located_in", "Austin", "places")
    assert [h.source for h in hops[:-1]] == ["graph", "graph"]


def test_a_country_question_answered_with_a_city_goes_on_to_the_city_s_country(hash_embedder):
    memory = _memory(hash_embedder, "Lena Park works in the Leeds office.", "The Leeds office is in Leeds.")
    answer = memory.answer("Which country does Lena Park work in?")
    assert answer.text == "United Kingdom"
    assert answer.trace.paths[0][-1].source == "places"


def test_a_city_question_keeps_the_city_and_a_stated_place_beats_the_name(hash_embedder):
    memory = _memory(hash_embedder, "Lena Park works in the Leeds office.", "The Leeds office is located in Bradford.")
    answer = memory.answer("Which city does Lena Park work in?")
    assert answer.text == "Bradford"
    assert all(h.source != "places" for h in answer.trace.paths[0])


def test_a_reading_that_is_no_place_gives_way_to_the_city_an_office_is_named_after(hash_embedder):
    memory = _memory(hash_embedder, "Hemi Parata works in the Auckland office.",
                     "the Auckland office keeps the price list in Airtable, NOT in email")
    answer = memory.answer("Which city does Hemi Parata work in?")
    assert answer.text == "Auckland"
    assert answer.trace.paths[0][-1].source == "places"
