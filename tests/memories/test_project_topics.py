"""Projects as a channel talks about them, written for these tests: a project named by capitalised words closed by
a project's noun ("Rads Refresh", "Breakfast Menu Refresh"), a label that is "Project X", a labelled part that
points back at its label ("Pool Redesign - Óscar's", "Bar Revamp - leading it"), a subjectless "using X" for the
project talked about, and a bare "deadline?" after a side question about a system still asking about the project."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs, read_lines, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


def test_a_project_label_names_the_project():
    assert pairs(read_one("Project Fetch: I'm leading it", "ad-hoc", speaker="Devin Park"), "led_by") == {
        ("Project Fetch", "Devin Park")}


def test_a_name_closed_by_a_project_noun_is_what_it_points_at():
    # "Highlands", named later in the brackets, is no project: "it" is the refresh
    facts = read_one("ok: Rads Refresh (new x-ray panels for Colfax + Highlands). I'm leading it", "ad-hoc",
                     speaker="Devin Park")
    assert pairs(facts, "led_by") == {("Rads Refresh", "Devin Park")}


def test_an_everyday_noun_opens_a_projects_name():
    facts = read_one("the Breakfast Menu Refresh is Óscar Medina's", "ad-hoc")
    assert pairs(facts, "led_by") == {("Breakfast Menu Refresh", "Óscar Medina")}


@pytest.mark.parametrize("text, lead", [
    ("Pool Redesign - Óscar's", "Óscar"),
    ("Pool Redesign: that's Óscar's", "Óscar"),
    ("Pool Redesign - thats Óscar's right?", "Óscar"),
    ("Pool Redesign - leading it, on track", "Daniel Serra"),
])
def test_a_labelled_part_pointing_back_at_its_label(text, lead):
    facts = read_one(text, "ad-hoc", speaker="Daniel Serra")
    assert pairs(facts, "led_by") == {("Pool Redesign", lead)}


def test_a_labelled_part_with_a_subject_of_its_own_is_left_alone():
    assert pairs(read_one("Pool Redesign - Óscar's team is hiring", "ad-hoc"), "led_by") == set()


@pytest.mark.parametrize("text, tools", [
    ("using Figma for everything + Notion for the brief", {"Figma", "Notion"}),
    ("uses Trello, the chefs refuse anything else", {"Trello"}),
])
def test_a_subjectless_use_is_the_projects(text, tools):
    facts = read_lines([("raul", "Sintra Rebrand - I'm leading it"), ("raul", text)], "ad-hoc")
    assert pairs(facts, "uses") == {("Sintra Rebrand", tool) for tool in tools}


SIDE_QUESTION = [
    ("devin", "Rads Refresh: I'm leading it, status is vendor selected"),
    ("tess", "and the images still go to Orthanc or is VetRay bringing their own?"),
    ("devin", "still Orthanc. VetRay just pushes DICOM into it"),
    ("marisol", "I understood maybe 40% of that"),
    ("tess", "deadline?"),
    ("devin", "Oct 31. Halloween."),
]


def test_a_bare_question_after_a_side_question_asks_about_the_project():
    assert pairs(read_lines(SIDE_QUESTION, "ad-hoc"), "deadline") == {("Rads Refresh", "Oct 31")}


def test_a_bare_question_naming_a_new_thing_turns_to_it():
    lines = [*SIDE_QUESTION[:4], ("tess", "different thing: rider-app v3. deadline?"), ("devin", "Oct 31.")]
    assert pairs(read_lines(lines, "ad-hoc"), "deadline") == {("rider-app", "Oct 31")}
