"""A name of title-case words opening a sentence whose first word the chat also wrote in lowercase ("the last maple
cookie" ... "Maple Syrup Gaming goes to ..."), written for these tests."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs, read_lines

pytestmark = pytest.mark.filterwarnings("ignore")


def test_three_title_case_words_opening_a_sentence_are_a_name_though_the_first_was_seen_in_lowercase():
    facts = read_lines([("jo", "who ate the last maple cookie in the kitchen"),
                        ("jo", "ok focus. Maple Syrup Gaming goes to Marc-André Lavoie since he knows them")],
                       "accounts")
    assert pairs(facts, "handled_by") == {("Maple Syrup Gaming", "Marc-André Lavoie")}
