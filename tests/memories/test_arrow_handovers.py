"""Handovers written with an arrow and a verb after it ("Hípica -> handing to Hugo Pinto", "scratch that on Kestrel
-> moving them to Ines Duarte"), written for these tests: the person after the verb's "to" is the new holder."""

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
