"""Handover lists and company names as a Nordic freight team writes them: "Kieler Stahlhandel GmbH -> Anja; Göta
Brewery -> Sofia" hands each account to its person; a legal form ("GmbH", "AB", "AS") closes a company's name and is
left out of it; "change of plan:" announces a change and names no plan; "goes to Anja instead" still hands over;
"ais-feed goes P1" sets a priority; "X is Shonda's group" puts X in her hands; "the Merle Hay branch", "the
Speicherstadt desk" and "the Ankeny operations center" are workplaces; a reply may open on a lowercase team. The
reader tells a person spoken to ("also Brenda, ...") from one spoken of, and a negation in an earlier clause denies
no later name; a server room or a DR site is where a system runs."""

from __future__ import annotations

import pytest

from memories.answer import ContextItem
from memories.entities import name_key
from memories.mentions import KnownNames, find_mentions, sentences
from memories.places import city_of_office
from memories.reading_ranker import candidates
from memories.slot_reader import _denied, spoken_to
from tests.memories.extractor_reading import pairs, read_lines, read_one

pytestmark = pytest.mark.filterwarnings("ignore")

_NAMES = ("karin.l", "full names for the CRM: Anja Krüger, Nils Dahl, Sofia Berg")


def test_an_arrow_list_hands_each_account_to_its_person():
    facts = read_lines([_NAMES, ("peter.h", "Kieler Stahlhandel GmbH -> Anja; Westcoast Motors -> Nils; "
                                            "Göta Brewery -> Sofia")], "accounts")
    assert pairs(facts, "handled_by") == {("Kieler Stahlhandel", "Anja Krüger"), ("Westcoast Motors", "Nils Dahl"),
                                          ("Göta Brewery", "Sofia Berg")}


def test_a_list_with_a_part_that_has_no_arrow_hands_nothing_over():
    # "Acme, Birch → Ida": which of the two goes to Ida is not said
    facts = read_one("Acme, Birch → Ida Holm, Cole → Jo Park", "accounts")
    assert pairs(facts, "handled_by") == set()


@pytest.mark.parametrize(("text", "name", "surface"), [
    ("Kieler Stahlhandel GmbH renews in November", "Kieler Stahlhandel", "Kieler Stahlhandel GmbH"),
    ("Nordfrakt AB is on Volume Gold", "Nordfrakt", "Nordfrakt AB"),
    ("Fjordlaks AS still on Flex?", "Fjordlaks", "Fjordlaks AS"),
])
def test_a_legal_form_closes_a_company_name_and_is_left_out(text, name, surface):
    found = [m for sentence in sentences(text) for m in find_mentions(
        sentence, text, known=KnownNames([]), learned=lambda _: None, resolve_pronoun=lambda kind, so_far: None)]
    assert (found[0].name, found[0].surface, "account" in found[0].types) == (name, surface, True)


def test_a_legal_form_after_a_known_name_belongs_to_it():
    text = "Fjordlaks AS: still Flex"
    found = find_mentions(sentences(text)[0], text, known=KnownNames(["Fjordlaks"]), learned=lambda _: None,
                          resolve_pronoun=lambda kind, so_far: None)
    assert [m.name for m in found][:1] == ["Fjordlaks"] and "AS" not in [m.name for m in found]


def test_a_place_before_capitals_is_no_company():
    text = "the team in Durban SA is small"
    found = find_mentions(sentences(text)[0], text, known=KnownNames([]), learned=lambda _: None,
                          resolve_pronoun=lambda kind, so_far: None)
    assert "Durban" in [m.name for m in found]
    assert all("account" not in m.types or m.name != "Durban" for m in found)


@pytest.mark.parametrize("text", [
    "change of plan: Westcoast Motors goes to Anja instead. they want a German speaker",
    "Westcoast Motors goes to Anja instead.",
])
def test_change_of_plan_names_no_plan_and_instead_still_hands_over(text):
    facts = read_lines([_NAMES, ("karin.l", text)], "accounts")
    assert pairs(facts, "handled_by") == {("Westcoast Motors", "Anja Krüger")}
    assert pairs(facts, "plan") == set()


@pytest.mark.parametrize(("text", "office"), [
    ("Still at the Ankeny operations center!! second floor", "Ankeny operations center"),
    ("Ray is sitting at the Merle Hay branch these days", "Merle Hay branch"),
    ("I moved to the Speicherstadt desk in March", "Speicherstadt desk"),
    ("I'm out at the East Tamaki warehouse, not the city office", "East Tamaki warehouse"),
    ("she's at the Beaumont hospital on Mondays", "Beaumont hospital"),
])
def test_a_branch_a_desk_and_an_operations_center_are_workplaces(text, office):
    found = [m for sentence in sentences(text) for m in find_mentions(
        sentence, text, known=KnownNames([]), learned=lambda _: None, resolve_pronoun=lambda kind, so_far: None)]
    assert [m.types for m in found if m.name == office] == [frozenset({"office"})]


def test_a_capitalised_desk_is_still_a_team():
    text = "the Service Desk team is busy"
    found = find_mentions(sentences(text)[0], text, known=KnownNames([]), learned=lambda _: None,
                          resolve_pronoun=lambda kind, so_far: None)
    assert [(m.name, m.types) for m in found] == [("Service Desk team", frozenset({"team"}))]


def test_the_town_of_an_operations_center_is_its_first_word():
    assert city_of_office("Ankeny operations center") == "Ankeny"
    assert city_of_office("Kendal head office") == "Kendal"


def test_a_person_at_a_branch_works_there():
    facts = read_lines([("brenda.k", "Ray Ostrowski has Polk County Employees"),
                        ("brenda.k", "and Ray's sitting at the Merle Hay branch these days, right?"),
                        ("ray.o", "I moved to the Merle Hay branch in August")], "accounts")
    assert pairs(facts, "works_in") == {("Ray Ostrowski", "Merle Hay branch")}


def test_a_thing_going_to_a_priority_code_takes_it():
    facts = read_one("change after the review call: ais-feed goes P1 after all.", "infra")
    assert pairs(facts, "priority") == {("ais-feed", "p1")}
    assert pairs(read_one("if it breaks ais-feed goes P1", "infra"), "priority") == set()


@pytest.mark.parametrize(("text", "word", "spoken"), [
    ("also Brenda, Prairie Rose isn't mine anymore", "Brenda", True),
    ("Marcy Lindqvist, can you check the sheet", "Marcy", True),
    ("thanks Dana", "Dana", True),
    ("Dana handles Acme, Bo handles Birch", "Dana", False),
    ("Acme is with Dana", "Dana", False),
])
def test_a_person_spoken_to_is_told_apart_from_one_spoken_of(text, word, spoken):
    sentence = sentences(text)[0]
    at = [t.text for t in sentence].index(word)
    assert spoken_to(sentence, at, word) is spoken


def test_a_negation_in_an_earlier_clause_does_not_deny_a_later_name():
    assert not _denied("isn't mine anymore , i handed them to".split())
    assert _denied("isn't handled by".split())


def test_a_customer_that_is_a_persons_group_is_handled_by_them():
    facts = read_one("okay so Riverbend Regional Hospital is Shonda Whitfield's group, she set up the payroll thing",
                     "accounts")
    assert pairs(facts, "handled_by") == {("Riverbend Regional Hospital", "Shonda Whitfield")}


@pytest.mark.parametrize(("text", "teams"), [
    ("lending operations team now actually, they moved me over in June", ["lending operations team"]),
    ("ok so data team", ["data team"]),
    ("small team, big dreams", []),
])
def test_a_reply_may_open_on_a_lowercase_team(text, teams):
    found = [m for sentence in sentences(text) for m in find_mentions(
        sentence, text, known=KnownNames([]), learned=lambda _: None, resolve_pronoun=lambda kind, so_far: None,
        lowercase_places=True)]
    assert [m.name for m in found if m.types == frozenset({"team"})] == teams


@pytest.mark.parametrize(("written", "plain"), [
    ("Nordfrakt AB", "Nordfrakt"),
    ("Harrow & Finch Ltd", "Harrow & Finch"),
    ("Kieler Stahlhandel GmbH", "Kieler Stahlhandel"),
])
def test_a_company_is_the_same_entity_with_or_without_its_legal_form(written, plain):
    assert name_key(written) == name_key(plain)


@pytest.mark.parametrize(("text", "site"), [
    ("gate-control itself runs on the two boxes in the Kiel terminal server room; nothing fancy",
     "Kiel terminal server room"),
    ("gate-control runs in the Cedar Rapids DR site", "Cedar Rapids DR site"),
])
def test_a_server_room_or_a_dr_site_is_where_a_system_runs(text, site):
    items = [ContextItem(text=f"torben.m: {text}", turns=[11], score=0.5)]
    assert [c.answer for c in candidates("gate-control", "region", items, {}, lambda item: [])] == [site]
