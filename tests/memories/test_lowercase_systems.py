"""Systems and projects named in lowercase by what they do, closed by the noun for what they are ("the booking
engine", "symbol server", "our dark-store pilot"), written for these tests; and the words that keep such a phrase
a description rather than a name."""

from __future__ import annotations

import pytest

from memories.mentions import COMPONENT, PROJECT, KnownNames, find_mentions, sentences
from tests.memories.extractor_reading import pairs, read_lines, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


def _mentions(text: str) -> list[tuple[str, frozenset[str]]]:
    tokens = sentences(text)[0]
    found = find_mentions(tokens, text, known=KnownNames([]), learned=lambda _: None,
                          resolve_pronoun=lambda kind, so_far: None)
    return [(m.name, m.types) for m in found]


def test_a_determiner_and_a_system_noun_make_a_lowercase_name():
    assert ("booking engine", frozenset({COMPONENT})) in _mentions("the booking engine depends on SiteMinder")
    assert ("dark-store pilot", frozenset({PROJECT})) in _mentions("our dark-store pilot slipped again")


def test_a_lowercase_name_may_open_the_sentence():
    assert ("symbol server", frozenset({COMPONENT})) in _mentions("symbol server depends on the artifact cache")


@pytest.mark.parametrize("text", ["the new server is faster", "the main database fell over",
                                  "Glowfin is just the little dashboard for oven temperatures"])
def test_words_that_say_which_one_or_describe_make_no_name(text):
    names = [name for name, _ in _mentions(text)]
    assert not [n for n in names if n.endswith(("server", "database", "dashboard"))]


def test_a_lowercase_system_takes_its_relations():
    assert pairs(read_one("the booking engine depends on SiteMinder", "infra"), "depends_on") == {
        ("booking engine", "SiteMinder")}
    assert pairs(read_one("I own the pricing engine, so send pricing complaints to me", "infra",
                          speaker="Priya Nair"), "owned_by") == {("pricing engine", "Priya Nair")}


def test_a_lowercase_project_opening_on_its_status_keeps_it():
    facts = read_lines([("pm", "dwh migration in progress, target 15 sep")], "ad-hoc")
    assert ("dwh migration", "status", "in progress") in facts


def test_an_acronym_head_and_a_store_close_a_lowercase_name():
    assert ("leaderboard API", frozenset({COMPONENT})) in _mentions("The leaderboard API sits on the score database")
    assert ("session store", frozenset({COMPONENT})) in _mentions("the session store lives in ca-central-1")


def test_my_service_with_the_full_name_after_it_is_owned_by_that_name():
    facts = read_one("The leaderboard API is my service (Haruto Kimura, Backend Guild). It will survive", "infra",
                     speaker="haruto")
    assert pairs(facts, "owned_by") == {("leaderboard API", "Haruto Kimura")}
    assert pairs(read_one("Opera is my system now", "infra", speaker="Ravi Menon"), "owned_by") == {
        ("Opera", "Ravi Menon")}


def test_a_coined_word_opens_a_lowercase_name_after_any_word():
    assert ("anti-cheat relay", frozenset({COMPONENT})) in _mentions("you still own anti-cheat relay?")
    assert ("patch CDN", frozenset({COMPONENT})) in _mentions("the patch CDN runs in ca-central-1")
    # an everyday word after a verb opens no name: "we own shader relay" is no coined name
    assert not [n for n, _ in _mentions("we still own shader relay")]


def test_a_name_in_a_description_after_a_copula_stays_part_of_it():
    assert pairs(read_one("IngestWorker is the service that eats the event queue.", "infra"), "described_as") == {
        ("IngestWorker", "eats the event queue")}


@pytest.mark.parametrize(("text", "name"), [
    ("the PMS bridge for availability, and PayCofre for the card payments", "PMS bridge"),
    ("Tiago owns our VPN gateway", "VPN gateway"),
])
def test_an_acronym_after_a_determiner_opens_a_system_name(text, name):
    assert (name, frozenset({COMPONENT})) in _mentions(text)


def test_a_system_named_by_an_acronym_and_its_noun_takes_its_relations():
    assert pairs(read_one("Tiago owns the PMS bridge", "infra"), "owned_by") == {("PMS bridge", "Tiago")}
