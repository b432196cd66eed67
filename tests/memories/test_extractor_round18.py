"""Extractor, round eighteen: chat typed all in lower case. Names a writer marks as names ("@rob singh", a list of
people beside one that reads as a name alone), handles made from a given name ("mike_t", "deano", "kev"), replies
naming a building or a team to a request asking everyone, and offices learned from those replies placed in towns
by "is", "=" or an arrow."""

from __future__ import annotations

import pytest

from memories.truecase import restore_names
from tests.memories.extractor_reading import pairs, read_lines

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("cc lena fox, mark brown and nadia okafor", "cc Lena Fox, Mark Brown and Nadia Okafor"),
        ("looping in @tom fry and @rob singh", "looping in @Tom Fry and @Rob Singh"),
        ("can @huw davies take it", "can @Huw Davies take it"),
    ],
)
def test_lowercase_names_marked_as_names_get_their_capitals(text: str, expected: str) -> None:
    assert restore_names(text) == expected


@pytest.mark.parametrize(
    "text",
    ["we need to mark brown fields on the map", "the grace period and will turner", "kubectl apply then helm"],
)
def test_everyday_word_pairs_outside_a_list_of_names_stay_lower_case(text: str) -> None:
    assert restore_names(text) == text


def test_a_handle_opening_a_family_name_reads_as_a_name_once_it_has_spoken() -> None:
    assert restore_names("pete walsh for the doc", speakers={"pete"}) == "Pete Walsh for the doc"
    assert restore_names("pete walsh for the doc") == "pete walsh for the doc"


@pytest.mark.parametrize(
    ("request_text", "handle", "reply", "expected"),
    [
        ("ta. also need everyone's base site for the contacts sheet, reply w/ office", "deano", "old lodge",
         ("Dean Barker", "Old Lodge")),
        ("also base offices for the escalation list pls", "mike_t", "fenwick house", ("Mike Turner", "Fenwick House")),
        ("need a contact office for each of u for the form", "shona", "estates bldg, 2nd floor",
         ("Shona Mcleod", "Estates Building")),
        ("also where are you all based, the form changed again", "kev", "yeah ridgeway block",
         ("Kevin Doyle", "Ridgeway Block")),
    ],
)
def test_a_building_named_in_reply_to_an_office_request_is_where_its_writer_works(
        request_text: str, handle: str, reply: str, expected: tuple[str, str]) -> None:
    lines = [("kaz", "handing over. cc dean barker, shona mcleod, mike turner, kevin doyle"), ("kaz", request_text),
             (handle, reply)]
    assert pairs(read_lines(lines, "accounts"), "works_in") == {expected}


def test_a_building_reply_without_a_request_says_nothing() -> None:
    lines = [("kaz", "handing over. cc dean barker, shona mcleod"), ("deano", "old lodge")]
    assert pairs(read_lines(lines, "accounts"), "works_in") == set()


def test_a_handle_two_people_could_go_by_names_neither() -> None:
    lines = [("kaz", "cc sam price, sam okafor"), ("kaz", "base offices pls"), ("sammy", "marlow house")]
    assert pairs(read_lines(lines, "accounts"), "works_in") == {("sammy", "Marlow House")}


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("old lodge is ashcombe, the one by the car park", {("Old Lodge", "Ashcombe")}),
        ("estates bldg = kirkby vale", {("Estates Building", "Kirkby Vale")}),
        ("for finance:\n- old lodge = ashcombe general, ashcombe\n- estates building -> thornwick",
         {("Old Lodge", "Ashcombe"), ("Estates Building", "Thornwick")}),
        ("ok. old lodge is ashcombe, estates is kirkby vale", {("Old Lodge", "Ashcombe"),
                                                               ("Estates Building", "Kirkby Vale")}),
    ],
)
def test_an_office_learned_from_a_reply_is_placed_by_a_copula_or_an_equals_sign(
        statement: str, expected: set[tuple[str, str]]) -> None:
    lines = [("kaz", "cc dean barker, shona mcleod"), ("kaz", "base offices pls"), ("deano", "old lodge"),
             ("shona", "estates building"), ("kaz", statement)]
    assert pairs(read_lines(lines, "accounts"), "located_in") == expected


def test_an_unknown_name_before_an_equals_sign_is_placed_nowhere() -> None:
    lines = [("kaz", "base offices pls"), ("deano", "old lodge"), ("kaz", "new lodge = ashcombe")]
    assert pairs(read_lines(lines, "accounts"), "located_in") == set()


@pytest.mark.parametrize(
    ("question", "reply", "expected"),
    [
        ("which team are you all in btw, need it for the RACI", "clinical apps", ("Priti Nair", "Clinical Apps")),
        ("teams for the attendee list", "EUD", ("Priti Nair", "EUD")),
        ("teams for the attendee list", "ta. i'm lab integrations too", ("Priti Nair", "Lab Integrations")),
        ("which team are you all in?", "and me (priti nair) infra obv", ("Priti Nair", "Infra")),
    ],
)
def test_a_team_named_in_reply_to_a_team_question_is_its_writers(question: str, reply: str,
                                                                   expected: tuple[str, str]) -> None:
    lines = [("jas", "welcome priti nair, ollie bennett"), ("jas", question), ("priti", reply)]
    assert pairs(read_lines(lines, "projects"), "member_of") == {expected}


@pytest.mark.parametrize("reply", ["lol", "teams. the board room is flooded again", "no idea tbh, ask ollie?"])
def test_chatter_after_a_team_question_names_no_team(reply: str) -> None:
    lines = [("jas", "welcome priti nair"), ("jas", "which team are you all in btw"), ("priti", reply)]
    assert pairs(read_lines(lines, "projects"), "member_of") == set()


def test_a_handle_in_a_table_row_stands_for_the_one_person_it_can_be() -> None:
    lines = [("kaz", "handing over, cc dean barker, shona mcleod, mike turner"),
             ("kaz", "acct | who | plan | renews\ndictate360 | deano | pro | april\nnuvola nurse call | mike | basic | may")]
    assert pairs(read_lines(lines, "accounts"), "handled_by") == {("dictate360", "Dean Barker"),
                                                                   ("nuvola nurse call", "Mike Turner")}


def test_a_table_handle_two_people_share_is_left_unread() -> None:
    lines = [("kaz", "cc sam price, sam okafor"), ("kaz", "acct | who | plan\ndictate360 | sam | pro")]
    assert ("dictate360", "Sam Price") not in pairs(read_lines(lines, "accounts"), "handled_by")
    assert ("dictate360", "Sam Okafor") not in pairs(read_lines(lines, "accounts"), "handled_by")
