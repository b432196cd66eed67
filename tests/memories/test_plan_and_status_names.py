"""A plan is read by its whole name: by its head noun ("the Net-60 credit plan", "Premium Print+Digital bundle")
or after "plan is" ("plan is breeder basic"), as well as by a tier word alone ("on growth"). A status is read
after its cue whatever it is ("status is pilot"), and a bare activity word where a list sets it apart."""

from __future__ import annotations

import pytest

from memories.answer import ContextItem
from memories.mentions import sentences
from memories.slot_reader import _plans, _statuses, read_slots


def _found(finder, text: str) -> list[str]:
    """What a value finder reads in each sentence of `text`, as written."""
    return [v.text for s in sentences(text) for v in finder(s, text)]


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
    assert _found(_plans, text) == plans


@pytest.mark.parametrize("text", ["what plan are they on?", "moving them to the new plan", "the payment plan, sigh",
                                  "lab clients -> need owner + plan per acct"])
def test_a_word_that_says_which_plan_names_none(text):
    assert _found(_plans, text) == []


def test_the_reader_answers_a_plan_by_its_name_not_its_tier_word():
    items = [ContextItem(text="tomasz: Halvorsen Seafood renew in june, plan is breeder basic", turns=[3], score=0.9)]
    assert [a for a, _ in read_slots("Halvorsen Seafood", "plan", items, most=1)] == ["breeder basic"]


@pytest.mark.parametrize(("text", "statuses"), [
    ("yes status is pilot, 40 sensors on boxes", ["pilot"]),
    ("2. Status: Discovery", ["Discovery"]),
    ("status: planning", ["planning"]),
    ("Podcast Relaunch — Magnus Berg, planning, deadline end of June", ["planning"]),
    ("status at risk now", ["at risk"]),
    ("Paywall relaunch is now live for everyone", ["live"]),
])
def test_a_status_is_read_after_its_cue_or_set_apart_in_a_list(text, statuses):
    assert _found(_statuses, text) == statuses


@pytest.mark.parametrize("text", ["we are planning to move it", "the live blog is down", "status?"])
def test_an_activity_word_in_a_sentence_is_no_status(text):
    assert _found(_statuses, text) == []
