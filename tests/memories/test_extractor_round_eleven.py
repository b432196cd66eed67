"""Round eleven of the rule extractor: priorities moved by a verb ("downgrading X to P3", "X goes down to P2",
"mark it p1"), a status returned to ("back to on track") or said straight after a known project's name, a team
given in a person's aside or listed after a copula, and a question addressed to a person by name."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import read_lines

# --- 1. a priority moved by a verb -------------------------------------------------------------------------------


@pytest.mark.parametrize("text, service, level", [
    ("ok. downgrading ledger-sync to P3, it can wait", "ledger-sync", "p3"),
    ("escalating quota-api to P1, customers are seeing it", "quota-api", "p1"),
    ("upgraded token-vault to P0 after the audit", "token-vault", "p0"),
])
def test_a_verb_that_moves_a_priority_sets_it(text, service, level):
    assert (service, "priority", level) in read_lines([("kai", text)], "infra")


@pytest.mark.parametrize("text, service, level", [
    ("right, cache-warmer goes down to P3 for the holidays", "cache-warmer", "p3"),
    ("fyi ingest-gw dropped to P2 once the backlog cleared", "ingest-gw", "p2"),
    ("metrics-relay moves up to P1 until the migration is done", "metrics-relay", "p1"),
])
def test_a_thing_moving_by_itself_to_a_priority_takes_it(text, service, level):
    assert (service, "priority", level) in read_lines([("kai", text)], "infra")


def test_mark_sets_a_priority_with_no_to_between_thing_and_level():
    assert ("key-store", "priority", "p1") in read_lines([("kai", "key-store too, mark key-store p1 pls")], "infra")


def test_a_pronoun_marked_with_a_priority_means_the_thing_just_named():
    facts = read_lines([("kai", "cert-bot is flaky again"), ("lea", "mark it p2 then")], "infra")
    assert ("cert-bot", "priority", "p2") in facts


def test_a_wish_to_move_a_priority_states_nothing():
    assert read_lines([("kai", "thinking about bumping cert-bot to P1")], "infra") == []


def test_a_person_going_to_a_place_is_no_priority_change():
    facts = read_lines([("kai", "Wren Odell goes to Lisbon next week")], "infra")
    assert all(p != "priority" for _, p, _ in facts)


# --- 2. a status returned to, or said straight after a known project -------------------------------------------

_KNOWN = ("ann", "Project Marlin is led by Tove Berg, due 3 May")


@pytest.mark.parametrize("text, status", [
    ("supplier signed, Marlin back to on track", "on track"),
    ("legal signed off, so Marlin is back to in progress", "in progress"),
])
def test_going_back_to_a_status_states_it(text, status):
    assert ("Project Marlin", "status", status) in read_lines([_KNOWN, ("tove", text)], "projects")


@pytest.mark.parametrize("text, status", [
    ("Marlin at risk. the vendor slipped again", "at risk"),
    ("Marlin blocked waiting on procurement", "blocked"),
])
def test_a_known_project_followed_at_once_by_a_status_has_that_status(text, status):
    assert ("Project Marlin", "status", status) in read_lines([_KNOWN, ("tove", text)], "projects")


def test_a_person_followed_by_a_state_is_no_project_status():
    facts = read_lines([("ann", "Tove Berg leads Marlin"), ("ann", "Tove done for today")], "projects")
    assert all(p != "status" for _, p, _ in facts)


def test_back_to_with_no_status_after_it_states_nothing():
    assert read_lines([("tove", "Tove Berg is back to work on Monday")], "projects") == []


# --- 3. a team in a person's aside, or listed after a copula ---------------------------------------------------

def test_a_team_in_brackets_after_an_owner_is_their_team_not_a_description():
    facts = read_lines([("kai", "ledger-api: owned by Ines Alvarado (Billing team), runs in eu-west-1")], "infra")
    assert ("Ines Alvarado", "member_of", "Billing team") in facts
    assert ("ledger-api", "owned_by", "Ines Alvarado") in facts
    assert all(p != "described_as" for _, p, _ in facts)


def test_an_aside_about_the_whole_team_stays_no_membership():
    facts = read_lines([("kai", "ledger-api: owned by Ines Alvarado (the whole team), runs in eu-west-1")], "infra")
    assert all(p != "member_of" for _, p, _ in facts)


def test_a_team_equated_with_people_by_a_copula_has_them_as_members():
    facts = read_lines([("kai", "the Search team is Odile Marchand and Pavel Novak")], "general")
    assert set(facts) == {("Odile Marchand", "member_of", "Search team"), ("Pavel Novak", "member_of", "Search team")}


def test_the_speaker_listed_as_me_joins_the_team_too():
    facts = read_lines([("pavel", "Search team is me and Odile Marchand")], "general")
    assert ("pavel", "member_of", "Search team") in facts
    assert ("Odile Marchand", "member_of", "Search team") in facts


def test_a_team_said_to_be_someones_is_no_roster():
    assert read_lines([("kai", "the Search team is Odile Marchand's")], "general") == []


# --- 4. a question addressed to a person by name ---------------------------------------------------------------

def test_a_question_addressed_by_name_asks_about_the_thing_it_names_not_the_person():
    lines = [("ann", "Project Marlin is led by Tove Berg, due 3 May"),
             ("bo", "Tove what's Marlin using for the dashboards?"),
             ("tove", "Grafana for the dashboards, Jira for tracking")]
    facts = read_lines(lines, "projects")
    assert ("Project Marlin", "uses", "Grafana") in facts
    assert all(s != "Tove Berg" for s, _, _ in facts)


def test_a_question_addressed_by_name_about_you_still_asks_about_the_person():
    lines = [("ann", "Tove Berg handles the Corvid Insurance account"),
             ("bo", "Tove, where are you based, for the Corvid visit?"),
             ("tove", "Porto office, same as ever")]
    assert ("Tove Berg", "works_in", "Porto office") in read_lines(lines, "accounts")
