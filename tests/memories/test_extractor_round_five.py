"""Round five of reading chat nobody tuned the rules for: made-up lowercase system names wherever they stand,
statements with a question tagged on, verbs that set a value ("setting X to P2"), "X is mine", and
slash-separated rows with or without a header announcing their columns. Each behaviour sits next to near-misses
that must stay silent.

Every sentence and name here was written by hand for these tests; none comes from a scenario file.
"""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import read_lines as read_all
from tests.memories.extractor_reading import triples


def read(text: str, channel: str = "infra", speaker: str | None = None) -> list[tuple[str, str, str]]:
    return read_all([(speaker or "someone", text)], channel)


# --- made-up lowercase names in an entity's slot ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("btw quillpad calls inkwell before every save", [("quillpad", "depends_on", "inkwell")]),
        ("fyi snorkelq lives in eu-north-1 these days", [("snorkelq", "deployed_in", "eu-north-1")]),
        ("so tallyho reads from grainstore every night", [("tallyho", "depends_on", "grainstore")]),
    ],
)
def test_a_word_no_dictionary_knows_is_a_name_after_fillers_or_a_relation_verb(text, expected):
    assert read(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "btw the bordereau calls were rough today",  # a rare word that is no subject before a verb
        "also honestly the thingamajig lives on my desk",  # a rare word after a determiner, placed nowhere
    ],
)
def test_a_rare_word_outside_an_entity_slot_states_nothing(text):
    assert read(text) == []


def test_a_coined_name_is_known_in_later_messages_wherever_it_stands():
    lines = [("a", "fyi quillpad calls inkwell on save"), ("b", "the quillpad owner is Rosa Lind")]
    assert read_all(lines, "infra") == [("quillpad", "owned_by", "Rosa Lind")]


# --- a statement with a question tagged on ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("also tallyho calls grainstore for lookups, did anyone check that?",
         [("tallyho", "depends_on", "grainstore")]),
        ("Brindle House = the Porto office right?", [("Brindle House", "located_in", "Porto")]),
        ("PayRouter runs in us-west-2, correct?", [("PayRouter", "deployed_in", "us-west-2")]),
    ],
)
def test_a_tagged_question_states_what_it_asks_to_confirm(text, expected):
    assert read(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "does PayRouter run in us-west-2, or is it us-east-1?",  # a question word opens it
        "PayRouter runs in us-west-2, or was it us-east-1?",  # an alternative, not a tag
        "who owns PayRouter now, Dana?",  # a plain question with a vocative
        "is PayRouter in us-west-2?",  # a yes/no question asserts nothing
    ],
)
def test_a_plain_or_alternative_question_stays_silent(text):
    assert read(text) == []


# --- verbs that set a value -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        ([("a", "putting inkwell to P1 until the backlog clears")], [("inkwell", "priority", "p1")]),
        ([("a", "ok we're bumping quillpad to P3, it can wait")], [("quillpad", "priority", "p3")]),
        ([("a", "Decision: grainstore moves to P0, effective immediately.")], [("grainstore", "priority", "p0")]),
        # "it" is what the channel last talked about: the subject of the latest statement
        ([("a", "fyi quillpad calls inkwell a lot"), ("b", "fine, make it P2")], [("quillpad", "priority", "p2")]),
    ],
)
def test_a_verb_of_setting_gives_its_object_the_value(lines, expected):
    assert read_all(lines, "infra") == expected


@pytest.mark.parametrize(
    "text",
    [
        "thinking about bumping quillpad to P1 next week",  # a wish
        "we're setting the alarm to 7 tomorrow",  # no entity, no value
        "maybe setting inkwell to P1 would help",  # hedged
    ],
)
def test_a_wished_or_hedged_setting_states_nothing(text):
    assert read(text) == []


# --- "X is mine" --------------------------------------------------------------------------------------------


def test_a_thing_said_to_be_mine_belongs_to_the_speaker_under_their_full_name():
    lines = [("ola", "cc @Ola Berg for the review"), ("ola", "quillpad is mine, confirmed")]
    assert read_all(lines, "infra") == [("quillpad", "owned_by", "Ola Berg")]


def test_an_account_said_to_be_mine_is_handled_by_the_speaker():
    lines = [("ida", "Ida Holm here, covering this week"), ("ida", "Larkspur Foods is mine btw")]
    assert read_all(lines, "accounts") == [("Larkspur Foods", "handled_by", "Ida Holm")]


@pytest.mark.parametrize(
    "text",
    [
        "the blame is mine, sorry all",  # no entity is owned
        "quillpad is mine to fix tomorrow",  # more is said than whose it is
        "quillpad isn't mine",  # negated
    ],
)
def test_mine_after_no_entity_or_with_more_said_stays_silent(text):
    lines = [("ola", "cc @Ola Berg"), ("ola", text)]
    assert read_all(lines, "infra") == []


# --- rows of slash-separated fields -------------------------------------------------------------------------


def test_a_header_names_the_columns_of_the_rows_that_follow():
    lines = [
        ("pm", "Please post one line each. Format: project / lead / status / date."),
        ("ola", "Heron / Priya Das / pilot running / 14 May"),
    ]
    assert read_all(lines, "adhoc") == [
        ("Heron", "led_by", "Priya Das"), ("Heron", "status", "pilot running"), ("Heron", "deadline", "14 May"),
    ]


def test_a_row_after_a_lead_in_and_a_colon_still_reads():
    lines = [
        ("pm", "Format: project / lead / status / date"),
        ("ola", "not my project but Sam's away so: Finch / Sam Pike / proposal / no date yet"),
    ]
    assert read_all(lines, "adhoc") == [("Finch", "led_by", "Sam Pike"), ("Finch", "status", "proposal")]


def test_a_headerless_row_is_read_by_what_each_field_holds():
    lines = [("ida", "Larkspur Foods (lead: Ida Holm): Platinum / June / all calm")]
    assert read_all(lines, "accounts") == [
        ("Larkspur Foods", "plan", "Platinum"), ("Larkspur Foods", "renews_in", "June"),
        ("Larkspur Foods", "handled_by", "Ida Holm"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Dana Reyes / Tom Ola / Sam Pike",  # only names: a list, not a row
        "read / write access for the Heron repo",  # a slash in passing
        "Heron / maybe Priya Das / not sure",  # hedged fields, nothing else
    ],
)
def test_slashes_that_make_no_row_state_nothing(text):
    assert read_all([("a", text)], "adhoc") == []
