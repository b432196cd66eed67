"""A plan is read by its whole name: by its head noun ("the Net-60 credit plan", "Premium Print+Digital bundle")
or after "plan is" ("plan is breeder basic"), as well as by a tier word alone ("on growth")."""

from __future__ import annotations

import pytest

from memories.answer import ContextItem
from memories.mentions import sentences
from memories.slot_reader import _plans, read_slots


def _read(text: str) -> list[str]:
    return [v.text for s in sentences(text) for v in _plans(s, text)]


@pytest.mark.parametrize(("text", "plans"), [
    ("they renew in june, plan is breeder basic", ["breeder basic"]),
    ("Ebro -> Net-60 credit plan from Q3", ["Net-60 credit"]),
    ("Montijo -> switching to monthly panel bundle from next cycle", ["monthly panel bundle"]),
    ("| Hospital Veterinario Levante | Nuria Vidal | Monthly panel bundle | Aug |", ["Monthly panel bundle"]),
    ("Moorland Motors: Premium Print+Digital bundle, renews may", ["Premium Print+Digital bundle"]),
    ("they are on the Harbor plan", ["Harbor"]),
    ("on Growth, renews dec", ["Growth"]),
])
def test_a_plan_is_read_by_its_whole_name(text, plans):
    assert _read(text) == plans


@pytest.mark.parametrize("text", ["what plan are they on?", "moving them to the new plan", "the payment plan, sigh"])
def test_a_word_that_says_which_plan_names_none(text):
    assert _read(text) == []


def test_the_reader_answers_a_plan_by_its_name_not_its_tier_word():
    items = [ContextItem(text="tomasz: Halvorsen Seafood renew in june, plan is breeder basic", turns=[3], score=0.9)]
    assert [a for a, _ in read_slots("Halvorsen Seafood", "plan", items, most=1)] == ["breeder basic"]
