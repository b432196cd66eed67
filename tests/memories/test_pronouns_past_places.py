"""What "it" means once a place is named beside the thing that is there, whose a thing is when a writer known only by
a handle says "mine", and what others wrongly believe: "the backup NAS in Porto ... it is P3" is the NAS's priority;
"That's what the clinics in Turkana use. Who owns it?" still asks about the system the channel was on; "Cellarhand
is mine" from liamw makes liamw the owner, and "has been mine since January" is said of now; "the new joiners who
think it's in Czechia" places nothing; "Mostly 🙃 And its priority?" names nothing called Mostly, and "it" after
"Fancy." means what the talk was about."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs, read_lines, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


def test_it_after_a_thing_and_the_place_it_is_in_means_the_thing():
    facts = read_one("the backup NAS in Porto went down last night because it is P3", "infra")
    assert pairs(facts, "priority") == {("NAS", "p3")}


@pytest.mark.parametrize(("reply", "predicate", "value"), [
    ("It's mine, Tom Mwangi", "owned_by", "Tom Mwangi"),
    ("It's P1.", "priority", "p1"),
])
def test_a_place_named_in_passing_does_not_become_what_it_means(reply, predicate, value):
    facts = read_lines([("auma", "Next up is DHIS2."),
                        ("auma", "That's the thing the clinics in Turkana report into. Who owns it?"),
                        ("tom", reply)], "infra")
    assert pairs(facts, predicate) == {("DHIS2", value)}


@pytest.mark.parametrize("text", [
    "Cellarhand is mine, so that'd be me.",
    "Cellarhand has been mine since January",
])
def test_mine_from_a_writer_known_by_a_handle_makes_the_handle_the_owner(text):
    assert pairs(read_one(text, "infra", speaker="liamw"), "owned_by") == {("Cellarhand", "liamw")}


@pytest.mark.parametrize("text", [
    "Kraków office being in Poland, for the new joiners who think it's in Czechia",
    "Kraków office is in Poland. Some people still think it is in Czechia",
])
def test_what_others_wrongly_believe_is_no_fact(text):
    assert pairs(read_one(text, "accounts"), "located_in") == {("Kraków office", "Poland")}


@pytest.mark.parametrize("opening", ["Mostly", "Seriously"])
def test_an_adverb_opening_a_question_is_not_what_its_means(opening):
    facts = read_lines([("ines", "Okay, Paygate next. Tiago, that's you?"), ("tiago", "Paygate is mine, yes"),
                        ("ines", f"{opening} 🙃 And its priority? I want to say P1"),
                        ("tiago", "P2. the cache covers a short outage")], "infra")
    assert pairs(facts, "priority") == {("Paygate", "p2")}


@pytest.mark.parametrize("opening", ["Fancy.", "Honestly!"])
def test_an_everyday_word_opening_a_sentence_is_not_what_it_means(opening):
    facts = read_lines([("ana", "and the payment gateway?"), ("ken", opening),
                        ("ken", "it's P0, everything stops without it")], "infra")
    assert pairs(facts, "priority") == {("payment gateway", "p0")}


def test_an_everyday_word_opening_a_statement_may_still_be_a_name():
    facts = read_lines([("ana", "Atlas is blocked on legal."), ("ken", "it's due 3 June though")], "adhoc")
    assert pairs(facts, "deadline") == {("Atlas", "3 June")}
