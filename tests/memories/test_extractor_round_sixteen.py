"""Extractor, round sixteen: a roster with "the new hire" before a name, the writer on a team as "I'm on" / "I am
on", a team joined "two weeks ago", a reply listing a team's people not taken as the answer to an owner question,
plan names in lower case or with an acronym ("enterprise api plan", "plan is kennel plus"), tools sharing a job
("Vault + Consul for the secrets") or given an acronym as a job ("for FX"), and a status with a chat aside after
it ("blocked btw", ", if anyone's wondering")."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs as _of, read_lines, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


def _read(text: str, channel: str = "infra", known: list[str] | None = None,
          speaker: str = "sam") -> list[tuple[str, str, str]]:
    return read_one(text, channel, known, speaker)


# --- "Storage team is me, Lise Berg and the new hire Omar Haddad"


@pytest.mark.parametrize("newcomer", ["the new hire", "our new joiner", "the new guy"])
def test_a_newcomer_phrase_between_listed_people_keeps_the_roster(newcomer: str) -> None:
    facts = _read(f"Storage team is me, Lise Berg and {newcomer} Omar Haddad", speaker="tove")
    assert _of(facts, "member_of") == {("tove", "Storage team"), ("Lise Berg", "Storage team"),
                                       ("Omar Haddad", "Storage team")}


def test_other_words_between_listed_people_still_end_the_roster() -> None:
    facts = _read("Storage team is me, Lise Berg and the migration Omar Haddad started", speaker="tove")
    assert _of(facts, "member_of") == set()


# --- "I'm on the X team", "I am on the X team"


@pytest.mark.parametrize("text", ["I'm on the Storage team", "I am on the Storage team",
                                  "i'm on the Storage team these days"])
def test_the_writer_on_a_named_team_is_a_member(text: str) -> None:
    assert _of(_read(text, speaker="tove"), "member_of") == {("tove", "Storage team")}


@pytest.mark.parametrize("text", ["I'm not on the Storage team", "I'm on the Storage team?", "I'm on PTO",
                                  "maybe I am on the Storage team"])
def test_the_writer_off_a_team_asking_or_on_no_team_is_no_member(text: str) -> None:
    assert _of(_read(text, speaker="tove"), "member_of") == set()


# --- "moved to the X team two weeks ago"


@pytest.mark.parametrize("text", ["Lise Berg moved to the Storage team two weeks ago",
                                  "Lise Berg joined the Storage team a few days ago"])
def test_a_time_phrase_ending_in_ago_does_not_hide_the_team(text: str) -> None:
    assert _of(_read(text), "member_of") == {("Lise Berg", "Storage team")}


# --- a team roster is no answer to "who owns X?"


def test_a_roster_reply_closes_the_open_owner_question() -> None:
    lines = [("amy", "Tove which people are on your team now? I lose track of route-cache too"),
             ("tove", "Storage team is me, Lise Berg and the new hire Omar Haddad"),
             ("amy", "Omar is great, he rewrote my alerts in an hour")]
    assert _of(read_lines(lines, "infra"), "owned_by") == set()


# --- plan names


@pytest.mark.parametrize("text,plan", [("they're on the enterprise api plan, renewal is march", "enterprise api"),
                                       ("they're on the Enterprise API plan", "Enterprise API"),
                                       ("their plan is kennel plus", "kennel plus")])
def test_a_plan_name_of_a_tier_with_an_acronym_or_a_lowercase_product_word_is_read_whole(text: str,
                                                                                         plan: str) -> None:
    facts = read_lines([("amy", "Tern Mutual is our account, Lise handles it"), ("lise", text)], "accounts")
    assert _of(facts, "plan") == {("Tern Mutual", plan)}


def test_a_little_word_before_a_tier_word_is_not_part_of_the_plan_name() -> None:
    facts = read_lines([("amy", "Tern Mutual is our account, Lise handles it"), ("lise", "their plan is the basic")],
                       "accounts")
    assert _of(facts, "plan") == {("Tern Mutual", "basic")}


def test_a_lowercase_pair_that_does_not_close_the_part_is_no_plan_name() -> None:
    facts = read_lines([("amy", "Tern Mutual is our account, Lise handles it"),
                        ("lise", "their plan is very basic honestly")], "accounts")
    assert _of(facts, "plan") == set()


# --- tools with jobs, said where a project is talked about


def _project_reply(text: str) -> list[tuple[str, str, str]]:
    return read_lines([("amy", "who leads Project Wren?"), ("lise", "me, deadline is 3 May"), ("lise", text)],
                      "adhoc")


def test_two_tools_joined_before_one_job_are_both_used() -> None:
    assert _of(_project_reply("Vault + Consul for the secrets"), "uses") == {("Project Wren", "Vault"),
                                                                             ("Project Wren", "Consul")}


def test_an_acronym_job_is_no_entity_that_stops_the_tool_list() -> None:
    assert _of(_project_reply("Quillpay for FX, Ledgerly for the bank sync"), "uses") == {
        ("Project Wren", "Quillpay"), ("Project Wren", "Ledgerly")}


def test_a_tool_given_a_named_project_as_its_job_is_still_no_list() -> None:
    assert _of(_project_reply("Vault and Linear for Wren"), "uses") == set()


# --- status with an aside


@pytest.mark.parametrize("text", ["Project Wren is blocked btw", "Project Wren is blocked, if anyone is curious",
                                  "Project Wren is blocked btw, if anyone's wondering why we look sad"])
def test_a_status_followed_by_a_chat_aside_is_stated(text: str) -> None:
    assert _of(_read(text, channel="adhoc"), "status") == {("Project Wren", "blocked")}


@pytest.mark.parametrize("text", ["Project Wren is blocked, if the vendor says no", "Lise is done btw"])
def test_a_real_condition_or_a_persons_state_gives_no_status(text: str) -> None:
    assert _of(_read(text, channel="adhoc"), "status") == set()


# --- "I'm Platform": the writer and a bare name known as a team


def _after_team_known(text: str) -> list[tuple[str, str, str]]:
    return read_lines([("amy", "route-cache is owned by the Storage team"), ("tove", text)], "infra")


@pytest.mark.parametrize("text", ["I'm Storage", "yep I'm Storage btw"])
def test_the_writer_said_to_be_a_known_team_is_its_member(text: str) -> None:
    assert _of(_after_team_known(text), "member_of") == {("tove", "Storage team")}


@pytest.mark.parametrize("text", ["I'm not Storage", "I'm Storage?", "maybe I'm Storage"])
def test_the_writer_denying_asking_or_qualifying_a_known_team_is_no_member(text: str) -> None:
    assert _of(_after_team_known(text), "member_of") == set()


def test_an_unknown_name_after_im_is_no_team() -> None:
    assert _of(_read("I'm Kestrel, new here", speaker="tove"), "member_of") == set()


# --- a deadline beside a "+" stack


def test_a_name_in_a_plus_list_takes_no_deadline_or_status() -> None:
    facts = _read("Quillpay + Ledgerly, deadline May 15, status in progress", channel="adhoc")
    assert _of(facts, "deadline") == set() and _of(facts, "status") == set()


def test_a_project_before_a_plus_list_still_takes_its_deadline() -> None:
    facts = _read("Project Wren deadline is May 15, built on Quillpay + Ledgerly", channel="adhoc")
    assert _of(facts, "deadline") == {("Project Wren", "May 15")}
