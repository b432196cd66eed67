"""What is said of a project without naming it once the channel is on it: a date under the nouns chat gives it
("target go-live 1 Nov", "due 30 Sep", "deadline 30 Sep for staffing", "haha. target 15 September"), where "we" are
with it ("we're in testing now", "We're still just planning"), and what "we" use for it ("we use Salto KS for the
keys and Jira for the tickets"), written for these tests; and what such a message leaves alone, as when someone
else says it loosely."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs, read_lines

pytestmark = pytest.mark.filterwarnings("ignore")

_OPENING = ("layla", "Peak Readiness is on track, I'm leading it.")


@pytest.mark.parametrize(("text", "date"), [
    ("deadline 30 Sep for staffing", "30 Sep"),
    ("target go-live 1 Nov", "1 Nov"),
    ("target is 1 September so we're live before the autumn", "1 September"),
    ("due 30 Sep", "30 Sep"),
    ("haha. target 15 September, before peak", "15 September"),
    ("target date is 1 May", "1 May"),
])
def test_a_date_under_a_deadline_noun_is_the_channels_projects_deadline(text, date):
    assert pairs(read_lines([_OPENING, ("layla", text)], "adhoc"), "deadline") == {("Peak Readiness", date)}


@pytest.mark.parametrize("text", [
    "deadline moved, not sure when",
    "no target 15 September, sorry",
    "Atlas is due 30 Sep",  # a name of its own
])
def test_a_deadline_noun_without_a_plain_date_gives_the_channels_project_none(text):
    assert ("Peak Readiness" not in {s for s, _ in pairs(read_lines([_OPENING, ("layla", text)], "adhoc"),
                                                        "deadline")})


@pytest.mark.parametrize(("text", "status"), [
    ("we're in testing now", "in testing"),
    ("We're still just planning, nothing's locked", "planning"),
    ("status-wise we're in testing, the front desk is poking at it", "in testing"),
    ("we're back to on track 🎉", "on track"),
])
def test_where_we_are_with_it_is_the_channels_projects_status(text, status):
    assert pairs(read_lines([_OPENING, ("layla", text)], "adhoc"), "status") == {("Peak Readiness", status)}


@pytest.mark.parametrize("text", ["we're not in testing anymore", "we're planning a party", "are we in testing?"])
def test_we_are_without_a_status_closing_the_clause_gives_none(text):
    assert pairs(read_lines([_OPENING, ("layla", text)], "adhoc"), "status") == set()


@pytest.mark.parametrize("text", ["deadline 14 June for part one", "we're in testing now"])
def test_said_loosely_by_someone_else_it_may_be_about_another_project(text):
    facts = read_lines([_OPENING, ("joel", "I'm mapping it all in QGIS"), ("joel", text)], "adhoc")
    assert "Peak Readiness" not in {s for s, _ in pairs(facts, "deadline") | pairs(facts, "status")}


@pytest.mark.parametrize(("text", "tools"), [
    ("we use Salto KS for the keys themselves and Jira for the tickets", {"Salto KS", "Jira"}),
    ("we picked VetRay for the panels", {"VetRay"}),
])
def test_what_we_use_is_what_the_channels_project_uses(text, tools):
    facts = read_lines([_OPENING, ("layla", text)], "adhoc")
    assert pairs(facts, "uses") == {("Peak Readiness", tool) for tool in tools}


@pytest.mark.parametrize(("speaker", "text"), [
    ("joel", "we use Salto KS for the keys"),  # someone else, maybe on another project
    ("layla", "we use the big room on Fridays"),  # no tool's name
])
def test_we_use_from_someone_else_or_without_a_tool_gives_none(speaker, text):
    assert pairs(read_lines([_OPENING, (speaker, text)], "adhoc"), "uses") == set()


def test_the_one_who_said_they_lead_it_is_one_of_its_people():
    facts = read_lines([("tess", "next up, Project Fetch. who's leading it?"), ("priya", "I am!"),
                        ("priya", "status-wise we're in testing, the front desk is poking at it")], "adhoc")
    assert pairs(facts, "status") == {("Project Fetch", "in testing")}
