"""Terse questions, written for these tests: a name in code before the noun of what is asked ("straddle-dispatch
prio?", "auth-sso owner's team?") is the whole name, while before a noun of what kind of thing it is ("the
double-billing checker") it still describes."""

from __future__ import annotations

import pytest

from memories.question import parse_question


@pytest.mark.parametrize("text, mention, relation", [
    ("straddle-dispatch prio?", "straddle-dispatch", "priority"),
    ("straddle-dispatch status?", "straddle-dispatch", "status"),
    ("auth-sso owner's team?", "auth-sso", "owned_by"),
])
def test_a_code_name_before_what_is_asked_of_it_is_whole(text, mention, relation):
    parsed = parse_question(text)
    assert parsed.mentions == [mention]
    assert parsed.relations[0] == relation


def test_a_hyphenated_word_before_a_kind_of_thing_still_describes():
    assert parse_question("who owns the double-billing checker?").mentions == ["the double-billing checker"]
    assert parse_question("which team owns the data-platform service?").mentions == ["the data-platform service"]
