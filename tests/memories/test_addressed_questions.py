"""A question put to a reader by name ("Ira what's their tier these days, still the big one?"), written for these
tests: the name is who is asked, "their tier" is the customer's, and the reply answers about the customer."""

from __future__ import annotations

import pytest

from memories.extractor import _tag_cut
from memories.mentions import sentences
from tests.memories.extractor_reading import read_lines

pytestmark = pytest.mark.filterwarnings("ignore")

LINES = [("josee", "LingoForge, our localization vendor, is still Iryna Bondarenko's baby"),
         ("iryna", "Still mine! They just finished the Ukrainian strings"),
         ("josee", "Ira what's their tier these days, still the big one?"),
         ("iryna", "Enterprise, yes, and it renews in May.")]


def test_the_reply_to_a_question_put_to_a_reader_answers_about_the_customer():
    assert ("LingoForge", "plan", "Enterprise") in read_lines(LINES, "accounts")


def test_a_question_put_to_a_reader_by_name_is_no_statement_with_a_tag():
    assert _tag_cut(sentences("Ira what's their tier these days, still the big one?")[0]) == 0
    assert _tag_cut(sentences("Tova runs billing these days, right?")[0]) > 0
