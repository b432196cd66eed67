"""Round ten of the rule extractor: chat typed all in lower case, where names are found by structure (a table's
header, a list's rows and lead-in, an office head noun, a reply's position, a name opening on a status), not by
capitals."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import read_lines


def _lower(facts: list[tuple[str, str, str]]) -> set[tuple[str, str, str]]:
    return {(s.casefold(), p, o.casefold()) for s, p, o in facts}


# --- 1. a lowercase table under a header row --------------------------------------------------------------------

def test_a_lowercase_pipe_table_reads_each_cell_by_its_header_column():
    text = ("renewals review thurs. pulled this from crm\n\n"
            "acct                | am              | plan           | renews\n"
            "cobalt mutual       | sanne de vries  | enterprise api | nov\n"
            "greyfield kennels   | oliver pratt    | breeder plus   | feb")
    facts = set(read_lines([("sam", text)], "accounts"))
    assert facts == {
        ("cobalt mutual", "handled_by", "Sanne de Vries"), ("cobalt mutual", "plan", "enterprise api"),
        ("cobalt mutual", "renews_in", "November"), ("greyfield kennels", "handled_by", "Oliver Pratt"),
        ("greyfield kennels", "plan", "breeder plus"), ("greyfield kennels", "renews_in", "February"),
    }


def test_the_same_table_in_capitals_still_reads_the_same_facts():
    text = ("Acct | AM | Plan | Renews\nCobalt Mutual | Sanne de Vries | Enterprise API | Nov\n"
            "Greyfield Kennels | Oliver Pratt | Breeder Plus | Feb")
    lower = text.lower()
    assert _lower(read_lines([("sam", text)], "accounts")) == _lower(read_lines([("sam", lower)], "accounts"))


def test_a_lowercase_space_aligned_table_gives_owner_tier_and_renewal():
    text = ("customer          owner           tier         renewal\n"
            "bluefin dental     marek kowalski  starter      mar\n"
            "hollow oak farms   priya shah      growth plus  october")
    facts = set(read_lines([("jo", text)], "accounts"))
    assert ("bluefin dental", "handled_by", "Marek Kowalski") in facts
    assert ("bluefin dental", "renews_in", "March") in facts
    assert ("hollow oak farms", "plan", "growth plus") in facts
    assert ("hollow oak farms", "renews_in", "October") in facts


def test_a_lowercase_project_table_leaves_a_blank_owner_cell_unread():
    text = "project | lead | status\nvet portal rebuild | nadia flores | in progress\nclaims api | tbd | not started"
    facts = set(read_lines([("jo", text)], "ad-hoc"))
    assert ("vet portal rebuild", "led_by", "Nadia Flores") in facts
    assert ("claims api", "status", "not started") in facts
    assert not any(o == "tbd" for _, _, o in facts)


# --- 2. lowercase list rows ------------------------------------------------------------------------------------

def test_lowercase_list_rows_with_arrows_are_accounts_handled_by_the_person():
    text = ("quick acct roundup, who has what atm:\n- harbourline insurance -> aoife byrne\n"
            "- kestrel breeders co-op -> tomasz nowak")
    assert set(read_lines([("sam", text)], "accounts")) == {
        ("harbourline insurance", "handled_by", "Aoife Byrne"),
        ("kestrel breeders co-op", "handled_by", "Tomasz Nowak"),
    }


def test_a_lead_in_naming_leads_makes_each_colon_row_a_lead():
    text = "leads as agreed:\n- vaccine reminder revamp: ines carvalho\n- data warehouse migration: patrick doyle"
    assert set(read_lines([("sam", text)], "ad-hoc")) == {
        ("vaccine reminder revamp", "led_by", "Ines Carvalho"),
        ("data warehouse migration", "led_by", "Patrick Doyle"),
    }


def test_a_lead_in_naming_owners_makes_each_colon_row_an_owner():
    text = "owners for the new services:\n- ledger sync: callum reid\n- invoice mailer: lin zhao"
    assert set(read_lines([("sam", text)], "infra")) == {
        ("ledger sync", "owned_by", "Callum Reid"), ("invoice mailer", "owned_by", "Lin Zhao"),
    }


def test_colon_rows_under_a_lead_in_with_no_role_give_nothing():
    text = "ideas for the offsite:\n- bowling: nadia flores\n- escape room: callum reid"
    assert read_lines([("sam", text)], "general") == []


def test_listed_offices_with_a_country_are_located_there():
    facts = set(read_lines([("sam", "- bristol office: uk\n- dublin office: ireland")], "general"))
    assert facts == {("Bristol office", "located_in", "UK"), ("Dublin office", "located_in", "Ireland")}
    facts = set(read_lines([("sam", "* madrid office = spain\n* lyon office = france")], "general"))
    assert facts == {("Madrid office", "located_in", "Spain"), ("Lyon office", "located_in", "France")}


def test_listed_people_with_an_office_work_there_and_me_is_the_writer():
    lines = [("ops", "welcome Hannah Kerr to the team"),
             ("hannah", "- sanne: amsterdam office\n- me: leeds office too")]
    assert set(read_lines(lines, "general")) == {
        ("Sanne", "works_in", "Amsterdam office"), ("Hannah Kerr", "works_in", "Leeds office"),
    }


# --- 3. offices in lower case ------------------------------------------------------------------------------------

def test_offices_equated_with_places_in_comma_parts_are_located_there():
    facts = set(read_lines([("sam", "lisbon office = portugal, belfast office = northern ireland")], "general"))
    assert facts == {("Lisbon office", "located_in", "Portugal"),
                     ("Belfast office", "located_in", "Northern Ireland")}


def test_a_reply_opening_on_an_office_answers_where_everyone_is_based():
    lines = [("ops", "welcome Tomasz Nowak!"), ("ops", "where are you all based?"),
             ("tomasz", "gdansk office mostly, wfh fridays")]
    assert read_lines(lines, "general") == [("Tomasz Nowak", "works_in", "Gdansk office")]


def test_several_replies_each_answer_which_office_everyone_is_in():
    lines = [("ops", "Ravi Menon and Lena Park joined"), ("ops", "which office is everyone in?"),
             ("ravi", "yeah krakow office"), ("lena", "leeds office mostly")]
    assert read_lines(lines[:3], "general") == [("Ravi Menon", "works_in", "Krakow office")]
    assert read_lines(lines, "general") == [("Lena Park", "works_in", "Leeds office")]


def test_a_reply_saying_something_about_an_office_is_no_answer():
    lines = [("ops", "where are you all based?"), ("ravi", "leeds office is closed fridays")]
    assert read_lines(lines, "general") == []


# --- 4. a lowercase name opening on a status ---------------------------------------------------------------------

def test_a_lowercase_name_opening_on_a_status_in_a_project_channel_has_that_status():
    lines = [("pm", "data warehouse migration kicked off"), ("pm", "dwh migration in progress, target 15 sep")]
    assert ("dwh migration", "status", "in progress") in read_lines(lines, "ad-hoc")
    assert read_lines([("pm", "breeder onboarding not started yet")], "ad-hoc") == [
        ("breeder onboarding", "status", "not started")]
    assert read_lines([("pm", "tax export on hold until legal signs off")], "ad-hoc") == [
        ("tax export", "status", "on hold")]


def test_a_status_opening_needs_a_channel_about_projects_or_accounts_and_a_name_shape():
    assert read_lines([("pm", "vet portal on hold")], "general") == []
    assert read_lines([("pm", "i think it's in progress")], "ad-hoc") == []
    assert read_lines([("pm", "lunch plans in progress lol")], "general") == []


# --- precision guards -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("channel", ["general", "accounts", "ad-hoc", "infra"])
@pytest.mark.parametrize("text", [
    "coffee run anyone",
    "- leeds north\n- harrogate\n- york central",
    "anyone watch the match last night",
    "todo:\n- book flights: me\n- hotel: sam",
    "1:1 at 10:30 -> grace",
    "the home office: closed",
])
def test_chatter_and_bare_lists_give_no_facts(text: str, channel: str):
    assert read_lines([("sam", text)], channel) == []
