"""People by their chat handles and workplaces by their buildings: a handle made of an initial and a family name
("o.schmidt", "mkowal", "rvdberg") stands for the one full name that fits it; "I'm at Harrow House" says where a
person works, as a head noun would; "moved down from York" names where one came from, not where one is; a question
asks for an office as "which hotel", and names a company as "Halloran & Webb"."""

from __future__ import annotations

import pytest

from memories.answer import ContextItem
from memories.graph_store import GraphStore
from memories.mentions import KnownNames
from memories.person_names import handle_fits
from memories.question import parse_question
from memories.reading_ranker import candidates
from tests.memories.extractor_reading import pairs, read_lines

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.mark.parametrize(("handle", "name"), [
    ("oschmidt", "Olaf Schmidt"),  # o.schmidt
    ("mkowal", "Michał Kowalski"),
    ("gretah", "Greta Hansen"),  # greta.h
    ("rvdberg", "Rob van den Berg"),
    ("lukaszp", "Łukasz Pawlak"),  # lukasz.p, typed without the Polish letter
    ("kev", "Kevin Hart"),
    ("deano", "Dean Smith"),
])
def test_a_handle_fits_the_full_name_it_is_made_from(handle, name):
    assert handle_fits(handle, name)


@pytest.mark.parametrize(("handle", "name"), [
    ("oschmidt", "Olaf Weber"),
    ("mkow", "Michał Kowalski"),  # three letters of a family name are too few to tell
    ("bob", "Olaf Schmidt"),
    ("ana", "Ana"),  # one word is no full name
])
def test_a_handle_does_not_fit_another_name(handle, name):
    assert not handle_fits(handle, name)


def test_a_speakers_handle_is_the_one_known_person_it_fits_and_never_a_team():
    names = KnownNames(["Olaf Schmidt", "Rob van den Berg", "Ana team", "wms-core"])
    assert names.person_by_handle("O Schmidt") == "Olaf Schmidt"  # as the reader writes "o.schmidt"
    assert names.person_by_handle("rvdberg") == "Rob van den Berg"
    assert names.person_by_handle("ana") is None


def test_the_speaker_under_a_handle_is_read_as_the_full_name():
    facts = read_lines([("nina.h", "cc Rob van den Berg, Nina Hoffmann, Michał Kowalski"),
                        ("mkowal", "ok, edi-hub is mine from today")], "infra")
    assert pairs(facts, "owned_by") == {("edi-hub", "Michał Kowalski")}


@pytest.mark.parametrize(("speaker", "text", "office"), [
    ("tomasz", "btw if anyone needs me in person I'm at Harrow House, not the Linnet", "Harrow House"),
    ("jonah", "noted 😅 I'm at Aldgate Rooms most days, the desk by the lifts", "Aldgate Rooms"),
    ("priya", "Tomasz Kowalczyk is at Ferncombe Lodge", "Ferncombe Lodge"),
])
def test_a_person_at_a_building_works_there(speaker, text, office):
    facts = read_lines([("priya", "welcome Tomasz Kowalczyk and Jonah Fairweather"), (speaker, text)], "accounts")
    assert {o for _, o in pairs(facts, "works_in")} == {office}


def test_where_one_moved_from_is_not_where_one_works():
    facts = read_lines([("priya", "Salomé Dubois joined the sales desk"),
                        ("sal", "I'm working out of the Linnet now, moved down from York in March")], "accounts")
    assert pairs(facts, "works_in") == {("Salomé Dubois", "Linnet")}


def test_a_hotel_asked_for_is_an_office_and_an_ampersand_joins_a_name():
    q = parse_question("Which hotel is the Halloran & Webb account run from?", GraphStore())
    assert q.mentions[:1] == ["Halloran & Webb"]
    assert q.relations == ["handled_by", "works_in"] and q.expected_type == "office"


def test_a_sentence_pointing_back_to_the_subject_lets_its_speaker_claim_it():
    items = [ContextItem(text="rvdberg: the gateway writes declaration log to postgres-main. that one is mine",
                         turns=[23], score=0.8)]
    found = candidates("postgres-main", "person", items, known=["Rob van den Berg", "postgres-main"])
    assert "Rob van den Berg" in {c.answer for c in found}


@pytest.mark.parametrize("word", ["germanywestcentral", "switzerlandnorth", "southafricanorth", "uksouth", "westus3"])
def test_a_cloud_region_written_as_one_word_is_a_region(word):
    from memories.mentions import _fused_region

    assert _fused_region(word)


@pytest.mark.parametrize("word", ["northampton", "southampton", "westminster", "eastbourne", "centralia"])
def test_a_town_opening_on_a_compass_word_is_no_cloud_region(word):
    from memories.mentions import _fused_region

    assert not _fused_region(word)


def test_an_arrow_to_me_hands_the_thing_to_the_writer():
    facts = read_lines([("marek.z", "Marek Zając here, warehouse side"),
                        ("marek.z", "wms-core -> me as always. P1, on prem")], "infra")
    assert pairs(facts, "owned_by") == {("wms-core", "Marek Zając")}


def test_a_team_is_read_where_a_person_is_said_to_be_it_without_its_head_noun():
    from memories.reading_ranker import rank_readings

    said = "benji: for the wiki: Dimitri's in Infrastructure, Joss Hart is Service Desk, Aoife's Data"
    items = [ContextItem(text=said, turns=[10], score=0.8)]
    assert "Service Desk" in {c.answer for c in candidates("Joss Hart", "team", items)}
    assert [r.answer for r in rank_readings("Joss Hart", "team", items, most=1)] == ["Service Desk"]


@pytest.mark.parametrize(("text", "value", "fresh"), [
    ("Tindra renewal moved too — October -> August", "October", 0),
    ("Tindra renewal moved too — October -> August", "August", 2),
    ("Growth → Scale from May", "Growth", 0),
    ("30 June isn't happening. new date is 15 August", "15", 2),
    ("from 1 october I am in Waalhaven office, not Gdynia anymore", "Gdynia", 0),
    ("Acme - Ida Holm", "Acme", 1),  # a dash is no arrow
])
def test_an_arrow_or_a_negation_says_which_value_is_old_and_which_new(text, value, fresh):
    from memories.mentions import sentences
    from memories.slot_reader import _freshness

    sentence = next(s for s in sentences(text) if value in [t.text for t in s])
    at = [t.text for t in sentence].index(value)
    assert _freshness(sentence, at, at + 1, text) == fresh
