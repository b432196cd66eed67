"""Chat typed fast, written for these tests: "im" and "Im" for "I'm", "theyre" for "they're", and a chat word such
as "fwiw" after a name, which is no noun the name modifies."""

from __future__ import annotations

import pytest

from memories.mentions import sentences
from tests.memories.extractor_reading import pairs, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


def test_im_without_its_apostrophe_is_the_writer_being_somewhere():
    assert pairs(read_one("im in the Serrano office", "accounts", speaker="Ana Lima"), "works_in") == {
        ("Ana Lima", "Serrano office")}
    assert pairs(read_one("Im at the Gdynia office these days", "accounts", speaker="Kasia Mazur"), "works_in") == {
        ("Kasia Mazur", "Gdynia office")}


def test_theyre_is_read_as_they_are():
    lows = [t.low for t in sentences("theyre on Growth")[0]]
    assert lows == ["they", "are", "on", "growth"]
    # "IM" is a message, and "were" a word of its own
    assert [t.low for t in sentences("send an IM, we were late")[0]][:3] == ["send", "an", "im"]
    assert "are" not in [t.low for t in sentences("we were late")[0]]


@pytest.mark.parametrize("tail", ["fwiw", "iirc", "tbh", "imo"])
def test_a_chat_word_after_a_workplace_is_no_noun_it_modifies(tail):
    facts = read_one(f"I'm at the Alcântara office {tail}", "accounts", speaker="Sofia Marin")
    assert pairs(facts, "works_in") == {("Sofia Marin", "Alcântara office")}


def test_a_reply_to_where_one_reader_works_places_its_writer():
    from tests.memories.extractor_reading import read_lines
    assert pairs(read_lines([("kev", "and ur still galway?"), ("Tadhg Moran", "galway yep")], "accounts"),
                 "works_in") == {("Tadhg Moran", "Galway")}
    assert pairs(read_lines([("kev", "where r u based nuno, boavista too?"), ("Nuno Ferreira", "nah Chiado")],
                            "accounts"), "works_in") == {("Nuno Ferreira", "Chiado")}
    assert pairs(read_lines([("kev", "Anika, you're based at Marlowe House, correct?"),
                             ("Anika Sharma", "yep, Marlowe House")], "accounts"), "works_in") == {
        ("Anika Sharma", "Marlowe House")}


def test_a_reply_by_the_asker_or_naming_a_person_places_nobody():
    from tests.memories.extractor_reading import read_lines
    # the asker going on is no answer, nor is a person's name
    assert not pairs(read_lines([("kev", "ur still galway?"), ("kev", "galway, I mean")], "accounts"), "works_in")
    assert not pairs(read_lines([("kev", "where r u based nuno?"), ("Nuno Ferreira", "ask Priya Nair")],
                                "accounts"), "works_in")


def test_a_reply_to_which_team_one_reader_is_on_names_its_writers_team():
    from tests.memories.extractor_reading import read_lines
    facts = read_lines([("kev", "ricky, which team are u on now?"), ("ricky.d", "identity & access. since jan")],
                       "infra")
    assert {o for s, o in pairs(facts, "member_of")} == {"Identity & Access"}
    # an ampersand joins two words of a name; alone at either end it joins nothing
    assert not pairs(read_lines([("kev", "ricky, which team are u on now?"), ("ricky.d", "ops & me")], "infra"),
                     "member_of")


def test_mine_before_a_readers_name_or_after_still_is_the_writers():
    assert pairs(read_one("Torver Ales is mine Gaz", "accounts", speaker="Sanjay Patel"), "handled_by") == {
        ("Torver Ales", "Sanjay Patel")}
    assert pairs(read_one("Alpin Caravans: still mine.", "accounts", speaker="Lars Nygaard"), "handled_by") == {
        ("Alpin Caravans", "Lars Nygaard")}
    # a team after "mine" is no reader addressed: the statement says more than whose it is
    assert not pairs(read_one("Triton is mine Ops Team", "accounts", speaker="Bex Hollis"), "handled_by")


def test_mine_with_the_writers_full_name_in_brackets_is_that_persons():
    # a writer known by a handle gives the name they own it under
    assert pairs(read_one("PressRun is mine (Stuart Kemp), it schedules the press slots", "infra", speaker="stuart"),
                 "owned_by") == {("PressRun", "Stuart Kemp")}
    assert pairs(read_one("pims-sync is mine (Ana Vieira)", "infra", speaker="Ana Vieira"), "owned_by") == {
        ("pims-sync", "Ana Vieira")}
