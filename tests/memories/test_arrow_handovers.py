"""Handovers written with an arrow and a verb after it ("Hípica -> handing to Hugo Pinto", "scratch that on Kestrel
-> moving them to Ines Duarte"), written for these tests: the person after the verb's "to" is the new holder; a
name whose words "of" joins ("Rotary Club of Kigali Heights → Eric Nshuti") is the one thing handed over."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.mark.parametrize("text, expected", [
    ("Hípica -> handing to Hugo Pinto. paulo swamped w analyzer migration", ("Hípica", "Hugo Pinto")),
    ("scratch that on Kestrel -> moving them to Ines Duarte, she's got capacity", ("Kestrel", "Ines Duarte")),
    ("Kestrel -> Ines Duarte", ("Kestrel", "Ines Duarte")),
])
def test_the_person_after_the_arrow_and_its_verb_takes_the_account(text, expected):
    assert pairs(read_one(text, "accounts"), "handled_by") == {expected}


def test_a_sentence_that_says_who_moved_it_is_no_shorthand():
    assert not pairs(read_one("we moved Acme -> Ines Duarte", "accounts"), "handled_by")


@pytest.mark.parametrize("text", ["• Rotary Club of Kigali Heights → Eric Nshuti",
                                  "Rotary Club of Kigali Heights -> Eric Nshuti"])
def test_a_name_whose_words_of_joins_is_one_thing_handed_over(text):
    assert pairs(read_one(text, "accounts"), "handled_by") == {("Rotary Club of Kigali Heights", "Eric Nshuti")}
