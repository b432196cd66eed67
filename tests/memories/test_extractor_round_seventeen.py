"""Extractor, round seventeen: a record reported to hold a stale owner ("it still says I lead X") is no fact, and the
"it's <person>" after it names the real one; a yes/no question putting a thing to the one addressed ("X is yours
isn't it?") is confirmed by the reply's writer ("it is!", "yep")."""

from __future__ import annotations

import pytest

from memories.extractor import RuleExtractor
from tests.memories.extractor_reading import pairs as _of, triples

pytestmark = pytest.mark.filterwarnings("ignore")


def _talk(turns: list[tuple[str, str]], channel: str) -> list[list[tuple[str, str, str]]]:
    reader = RuleExtractor()
    return [triples(reader.extract(text, channel=channel, known_entities=[], speaker=speaker))
            for speaker, text in turns]


# --- "the tracker still says I lead X. it's Y since March"


@pytest.mark.parametrize("text", [
    "pls update the tracker, it still says I lead Orchard Sync. it's Tomas Ruiz since March",
    "the wiki still shows I lead Orchard Sync. it's Tomas Ruiz now",
    "heads up the roadmap still lists I lead Orchard Sync. it is Tomas Ruiz since the reorg",
])
def test_a_stale_record_is_corrected_by_the_named_owner(text: str) -> None:
    [facts] = _talk([("nadia", text)], "adhoc")
    assert _of(facts, "led_by") == {("Orchard Sync", "Tomas Ruiz")}


def test_a_stale_record_alone_states_no_owner() -> None:
    [facts] = _talk([("nadia", "fyi the tracker still says I lead Orchard Sync")], "adhoc")
    assert _of(facts, "led_by") == set()


@pytest.mark.parametrize("text", [
    "I lead Orchard Sync. it's Tomas Ruiz who asked about it",  # no stale record reported
    "the tracker still says I lead Orchard Sync. it's fine tho",  # no owner named after it
])
def test_without_a_record_or_a_named_owner_nothing_is_corrected(text: str) -> None:
    [facts] = _talk([("nadia", text)], "adhoc")
    assert ("Orchard Sync", "Tomas Ruiz") not in _of(facts, "led_by")


# --- "X is yours isn't it?" ... "it is!"


@pytest.mark.parametrize("question", [
    "oh Mira, good timing - Blue Quay Council is yours isn't it?",
    "Blue Quay Council is yours, right?",
    "Mira, is Blue Quay Council yours?",
])
@pytest.mark.parametrize("reply", ["it is! Mira Kovac at your service", "yep", "yes, mine since spring"])
def test_a_reply_confirming_a_thing_is_theirs_makes_its_writer_the_owner(question: str, reply: str) -> None:
    asked, answered = _talk([("hana", question), ("mira", reply)], "accounts")
    assert _of(asked, "handled_by") == set()
    assert {s for s, _ in _of(answered, "handled_by")} == {"Blue Quay Council"}
    assert _of(answered, "handled_by") <= {("Blue Quay Council", "mira"), ("Blue Quay Council", "Mira Kovac")}


def test_in_a_project_channel_the_confirmed_owner_leads_it() -> None:
    _, answered = _talk([("hana", "Orchard Sync is yours isn't it?"), ("mira", "it is")], "adhoc")
    assert _of(answered, "led_by") == {("Orchard Sync", "mira")}


@pytest.mark.parametrize("reply", ["no, that's Otto's", "not anymore", "i think so?", "lunch at 1?"])
def test_a_denial_a_hedge_or_another_topic_confirms_nothing(reply: str) -> None:
    _, answered = _talk([("hana", "Blue Quay Council is yours isn't it?"), ("mira", reply)], "accounts")
    assert ("Blue Quay Council", "mira") not in _of(answered, "handled_by")


def test_the_asker_saying_yes_again_is_no_confirmation() -> None:
    _, again = _talk([("hana", "Blue Quay Council is yours isn't it?"), ("hana", "yes?")], "accounts")
    assert _of(again, "handled_by") == set()


def test_a_thing_put_to_someone_in_a_channel_of_no_kind_waits_for_no_reply() -> None:
    _, answered = _talk([("hana", "Blue Quay Council is yours isn't it?"), ("mira", "it is")], "random")
    assert _of(answered, "handled_by") == set()


# --- "which accts am I getting" ... "X and Y to start"


@pytest.mark.parametrize("question,reply", [
    ("which accts am I getting", "Quill Foods and RiverHop to start. Quill is the fish one"),
    ("what accounts will I get?", "Quill Foods, RiverHop"),
    ("ok which clients do I get?", "Quill Foods & RiverHop for now"),
])
def test_accounts_named_in_reply_to_which_am_i_getting_go_to_the_asker(question: str, reply: str) -> None:
    _, answered = _talk([("ben", question), ("lina", reply)], "accounts")
    assert _of(answered, "handled_by") == {("Quill Foods", "ben"), ("RiverHop", "ben")}


@pytest.mark.parametrize("reply", ["Quill Foods is churning lol", "ask Otto Lind", "not sure yet, maybe Quill Foods"])
def test_a_reply_that_does_not_just_name_accounts_hands_over_nothing(reply: str) -> None:
    _, answered = _talk([("ben", "which accts am I getting"), ("lina", reply)], "accounts")
    assert ("Quill Foods", "ben") not in _of(answered, "handled_by")


def test_accounts_named_after_a_question_about_someone_else_go_to_nobody() -> None:
    _, answered = _talk([("ben", "which accts is Otto Lind getting"), ("lina", "Quill Foods and RiverHop")],
                        "accounts")
    assert ("Quill Foods", "ben") not in _of(answered, "handled_by")
