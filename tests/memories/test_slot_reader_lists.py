"""Reading a step from retrieved turns that hold more than the subject: a pasted list with a line per account, a
question about the subject answered by a later turn, and a reply that names another thing before its pronoun."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from memories.answer import ContextItem
from memories.slot_reader import read_slot, read_slots


def items(*texts: str) -> list[ContextItem]:
    return [ContextItem(text=f"agent_a: {t}", turns=[i], rank=i + 1) for i, t in enumerate(texts)]


def turns_before(before: Mapping[int, Sequence[str]]):
    """A lead_in: the channel's turns just before each item, by the item's turn."""
    return lambda item: list(before.get(item.turns[0], []))


# (1) a pasted list, one line per account


@pytest.mark.parametrize("dash", ["–", "-"])
def test_in_a_pasted_list_each_account_is_read_from_its_own_line(dash):
    said = items(f"Okafor Foods {dash} LCL, renews Jun\nHelvig Tools {dash} LCL + some air, renews Nov")
    helvig = read_slot("Helvig Tools", "month", said)
    assert helvig is not None and helvig[0] == "November"  # not the line above's Jun
    okafor = read_slot("Okafor Foods", "month", said)
    assert okafor is not None and okafor[0] == "June"


def test_the_value_of_the_sentence_before_is_not_taken_when_the_subjects_sentence_has_its_own():
    read = read_slot("Helvig Tools", "month", items("Okafor Foods renews Jun. Helvig Tools renews Nov."))
    assert read is not None and read[0] == "November"


def test_a_value_said_just_before_a_sentence_that_names_the_subject_and_no_value_is_still_read():
    read = read_slot("Osprey", "date", items("steering said yes to 30 June. that's the new Osprey deadline"))
    assert read is not None and read[0] == "30 June"


# (2) an item that asks about the subject waits for the answers after it

_ASKED = "Casa Lume - whats their contract tier now? CRM still says Standard"
_ANSWERED = "they upgraded to Premier in sept"


def test_a_turn_asking_about_the_subject_yields_to_the_answer_after_it():
    said = items(_ASKED, _ANSWERED)
    read = read_slot("Casa Lume", "plan", said, lead_in=turns_before({1: [_ASKED]}))
    assert read is not None and read[0] == "Premier" and read[1].turns == [1]


def test_what_the_asking_turn_says_is_kept_as_the_runner_up():
    said = items(_ASKED, _ANSWERED)
    readings = read_slots("Casa Lume", "plan", said, lead_in=turns_before({1: [_ASKED]}))
    assert [(answer, item.turns) for answer, item in readings] == [("Premier", [1]), ("Standard", [0])]


def test_with_no_answer_after_it_the_asking_turn_is_still_read():
    read = read_slot("Casa Lume", "plan", items(_ASKED), lead_in=turns_before({}))
    assert read is not None and read[0] == "Standard"


# (3) in a reply, a pronoun after another named thing is that thing's


def test_in_a_reply_a_pronoun_after_another_named_thing_is_not_the_subjects():
    said = items("small change: Petal & Pine renewal moved to Nov, they want it done")
    assert read_slot("Casa Lume", "month", said, lead_in=turns_before({0: ["when does Casa Lume renew?"]})) is None


@pytest.mark.parametrize("reply", ["small change: renewal moved to Nov, they want it done", "ok, they renew in Nov"])
def test_in_a_reply_naming_nothing_else_the_pronoun_is_the_subjects(reply):
    read = read_slot("Casa Lume", "month", items(reply), lead_in=turns_before({0: ["when does Casa Lume renew?"]}))
    assert read is not None and read[0] == "November"
