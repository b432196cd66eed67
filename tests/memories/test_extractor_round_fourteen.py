"""Extractor, round fourteen: a stage named after the word "status" that no status list holds, a value stated (or
asked to be confirmed) about the project the channel is talking about with no name in the message, and an account
said to be a tier with no "on" or "plan" to cue it."""

from __future__ import annotations

import pytest

from memories.embedder import HashEmbedder
from memories.extractor import RuleExtractor
from tests.memories.extractor_reading import pairs as _of, read_lines, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


def _read(text: str, channel: str = "projects", known: list[str] | None = None) -> list[tuple[str, str, str]]:
    return read_one(text, channel, known)


# --- "status is pilot": a stage after the word "status" that no list holds


@pytest.mark.parametrize(
    ("text", "stage"),
    [
        ("Project Wren status is pilot", "pilot"),
        ("Project Wren: status = prototype pls", "prototype"),
        ("Project Wren status now field trial", "field trial"),
        ("Project Wren, status is GA", "ga"),
    ],
)
def test_a_stage_named_after_the_word_status_is_the_status(text: str, stage: str) -> None:
    assert _of(_read(text, known=["Project Wren"]), "status") == {("Project Wren", stage)}


@pytest.mark.parametrize(
    "text",
    [
        "Project Wren status is unclear",
        "Project Wren status is the same as last week",
        "Project Wren status is pilot customers are happy",
        "Project Wren status = 'held together with glue' lol",
    ],
)
def test_what_is_no_stage_after_the_word_status_states_nothing(text: str) -> None:
    assert _of(_read(text, known=["Project Wren"]), "status") == set()


def test_a_listed_status_after_the_word_still_wins_over_a_free_reading() -> None:
    assert _of(_read("Project Wren status: on hold", known=["Project Wren"]), "status") == {("Project Wren", "on hold")}


def test_a_reply_naming_the_status_after_the_word_takes_that_stage_not_a_later_status_word() -> None:
    facts = read_lines([("amy", "what's the status of Project Wren?"),
                        ("bo", "yep status is pilot, 12 depots live")], "projects")
    assert _of(facts, "status") == {("Project Wren", "pilot")}


# --- a value with no name in the message is the value of the project being talked about


def test_a_status_said_with_no_name_is_the_topic_projects() -> None:
    facts = read_lines([("amy", "Project Wren is led by Dana Wu"), ("bo", "yes :) status is pilot, 12 depots")],
                       "projects")
    assert _of(facts, "status") == {("Project Wren", "pilot")}


def test_a_deadline_said_with_no_name_is_the_topic_projects() -> None:
    facts = read_lines([("amy", "Project Wren is led by Dana Wu"), ("bo", "deadline is 9 October for phase one")],
                       "projects")
    assert _of(facts, "deadline") == {("Project Wren", "9 October")}


def test_a_topic_not_known_as_a_project_takes_no_stray_status() -> None:
    facts = read_lines([("amy", "Dana Wu joined today"), ("bo", "status is blocked")], "general")
    assert _of(facts, "status") == set()


@pytest.mark.parametrize("text", ["status is unclear", "deadline is not 9 October", "Dana Wu said status is blocked"])
def test_a_nameless_value_that_is_denied_unclear_or_reported_states_nothing(text: str) -> None:
    facts = read_lines([("amy", "Project Wren is led by Dana Wu"), ("bo", text)], "projects")
    assert _of(facts, "status") == set() and _of(facts, "deadline") == set()


def test_a_nameless_value_asked_with_an_emoji_code_is_confirmed_by_the_reply_giving_it() -> None:
    facts = read_lines([("amy", "Project Wren is led by Dana Wu"), ("bo", ":+1: and deadline still june 4?"),
                        ("cy", "yep 4 June, firm date")], "projects")
    assert _of(facts, "deadline") == {("Project Wren", "4 June")}


def test_a_nameless_value_asked_is_confirmed_by_a_bare_yes() -> None:
    facts = read_lines([("amy", "Project Wren is led by Dana Wu"), ("bo", "and deadline still june 4?"),
                        ("cy", "yes")], "projects")
    assert _of(facts, "deadline") == {("Project Wren", "june 4")}


def test_a_nameless_value_asked_is_not_itself_a_fact() -> None:
    facts = read_lines([("amy", "Project Wren is led by Dana Wu"), ("bo", "and deadline still june 4?")], "projects")
    assert _of(facts, "deadline") == set()


# --- "they are Cargo Enterprise": an account said to be a tier


@pytest.mark.parametrize(
    ("text", "tier"),
    [
        ("Fjord Textiles is Growth", "Growth"),
        ("Fjord Textiles are Enterprise, renewal in june", "Enterprise"),
        ("Fjord Textiles just went Scale", "Scale"),
        ("Fjord Textiles go Ship Pro from 1 march", "Ship Pro"),
    ],
)
def test_an_account_said_to_be_a_tier_is_on_that_plan(text: str, tier: str) -> None:
    assert _of(_read(text, "accounts", ["Fjord Textiles"]), "plan") == {("Fjord Textiles", tier)}


def test_a_pronoun_for_the_account_takes_the_tier_said_of_it() -> None:
    facts = read_lines([("amy", "Fjord Textiles renewal next month?"),
                        ("bo", "they are Ship Enterprise and renew in november")], "accounts")
    assert ("Fjord Textiles", "plan", "Ship Enterprise") in facts


@pytest.mark.parametrize(
    "text",
    [
        "Lena Park is Pro",  # a person has no plan
        "I'm Pro now",
        "the API is Free",  # a thing said to be free is no account on a tier
        "Fjord Textiles is Team Rails",  # a team's name, not a tier
        "Fjord Textiles is Enterprise Logistics",  # the word runs on into another name
        "Fjord Textiles is Pro at haggling",  # the tier word does not close the clause
        "maybe Fjord Textiles is Enterprise",  # hedged
    ],
)
def test_a_capitalised_tier_word_after_a_copula_that_is_no_account_plan_states_none(text: str) -> None:
    assert _of(_read(text, "accounts", ["Fjord Textiles"]), "plan") == set()


# --- a prototype family with no reading in a voice is skipped, not indexed


def test_a_message_matching_a_one_way_prototype_in_the_other_voice_goes_through() -> None:
    x = RuleExtractor(HashEmbedder(), threshold=0.3)
    assert x.extract("B%bY%000000'TO%B", channel="infra").facts == []
