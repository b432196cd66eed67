"""Extractor, round twenty: a data centre named in lower case after its town ("ashcombe DC", "kirkby vale DC") is
one site, the town's words and the capital code together, not the bare code "DC"."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs, read_lines

pytestmark = pytest.mark.filterwarnings("ignore")


def _mentions(lines: list[tuple[str, str]], channel: str = "infra") -> list[str]:
    from memories.extractor import RuleExtractor

    x = RuleExtractor()
    known: list[str] = []
    last: list[str] = []
    for speaker, text in lines:
        e = x.extract(text, channel=channel, known_entities=list(known), speaker=speaker)
        last = list(e.mentions)
        known += [m for m in e.mentions if m not in known]
    return last


@pytest.mark.parametrize(
    ("text", "site"),
    [
        ("its on the vxrail cluster in ashcombe DC", "Ashcombe DC"),
        ("kirkby vale DC. only thing left there tbh", "Kirkby Vale DC"),
        ("tapin - thornwick DC", "Thornwick DC"),
    ],
)
def test_a_lowercase_town_before_a_site_code_is_one_site_name(text: str, site: str) -> None:
    found = _mentions([("claire", text)])
    assert site in found
    assert "DC" not in found


def test_a_lowercase_site_is_where_the_asked_system_runs() -> None:
    lines = [("jo", "and mercury-x itself runs where?"), ("steve_p", "ashcombe DC, active/passive w/ thornwick")]
    assert pairs(read_lines(lines, "infra"), "deployed_in") == {("mercury-x", "Ashcombe DC")}


def test_a_site_code_alone_takes_no_chatter_before_it() -> None:
    found = _mentions([("claire", "the DC is fine")])
    assert not any(m.endswith(" DC") for m in found)


# A question's shape names the thing it asks about, even a dictionary word written in lower case.

def test_the_word_after_who_owns_in_a_question_is_the_thing_asked_about() -> None:
    lines = [("jo", "who owns mercury?"), ("steve_p", "me. steve price if ur filling the cmdb in")]
    assert pairs(read_lines(lines, "infra"), "owned_by") == {("mercury", "Steve Price")}


@pytest.mark.parametrize("text", ["whats mercury again sorry, still new", "and mercury itself runs where?"])
def test_whats_x_again_and_x_itself_name_a_thing(text: str) -> None:
    assert "mercury" in _mentions([("jo", text)])


@pytest.mark.parametrize("text", ["who owns the budget?", "whats happening with the wan", "who owns it?"])
def test_a_determiner_a_pronoun_or_a_following_noun_keeps_the_slot_empty(text: str) -> None:
    assert _mentions([("jo", text)]) == []


def test_a_full_name_after_its_known_given_name_is_read_whole() -> None:
    lines = [("jo", "who owns pacs these days, still claire?"), ("steve_p", "yep claire dawson")]
    assert pairs(read_lines(lines, "infra"), "owned_by") == {("pacs", "Claire Dawson")}


def test_a_lowercase_system_beside_a_named_site_is_hosted_there() -> None:
    lines = [("sunita", "where is everything hosted?"), ("kev", "tapin - thornwick DC")]
    assert pairs(read_lines(lines, "infra"), "deployed_in") == {("tapin", "Thornwick DC")}


def test_two_unlearned_names_without_a_site_still_state_nothing() -> None:
    lines = [("sunita", "who do we talk to?"), ("kev", "Brackwater Studios - Ines Ferreira")]
    assert read_lines(lines, "accounts") == []


# A reply to a request for everyone's teams may tell a colleague's team by their handle ("bazza's infra").

_TEAMS_ASKED = [("bazza", "citrix should be P1 surely"),
                ("sunita", "teams for the new starter's org chart: kev + bazza both networks? or infra")]


def test_a_handle_with_s_in_a_team_reply_puts_that_colleague_on_the_team() -> None:
    found = pairs(read_lines([*_TEAMS_ASKED, ("kev", "im networks. bazza's infra")], "infra"), "member_of")
    assert found == {("kev", "Networks"), ("bazza", "Infra")}


def test_a_possessive_of_no_speakers_handle_names_no_team() -> None:
    found = pairs(read_lines([*_TEAMS_ASKED, ("kev", "im networks. the printer's broken")], "infra"), "member_of")
    assert found == {("kev", "Networks")}


# An office placed in the town it is named after: a fact, not the office named twice.

@pytest.mark.parametrize("text, expected", [
    ("The Carlisle office is in Carlisle.", {("Carlisle office", "Carlisle")}),
    ("Leeds office is in Leeds, the Derby office is in Derby.",
     {("Leeds office", "Leeds"), ("Derby office", "Derby")}),
])
def test_an_office_is_placed_in_the_town_it_is_named_after(text: str, expected: set) -> None:
    assert pairs(read_lines([("aisha", text)], "accounts"), "located_in") == expected


# A weekday written short is a day, never a place a service moves to.

def test_a_short_weekday_after_moved_to_is_a_day_not_a_region() -> None:
    facts = read_lines([("elena", "update: bookinghub deploy moved to thurs, and its changing region")], "infra")
    assert pairs(facts, "deployed_in") == set()
    assert pairs(facts, "deadline") == {("bookinghub", "thurs")}
