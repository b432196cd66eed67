"""Extractor, round nineteen: relations read from the kinds of two names when no cue reads one. A fragment naming
exactly two things of sure kinds ("ledger-api - eu-west-1", "halo P1", "triton = gold", "scanwell - mine") states
the one predicate those kinds allow; one that asks, denies, hedges, names three things or two of one kind does not."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs, read_lines

pytestmark = pytest.mark.filterwarnings("ignore")

_INFRA = [("ana", "ledger-api is owned by Nora Quinn and depends on billing-db")]
_ACCOUNTS = [("kaz", "Triton Labs is handled by Lou Grant, on the Silver plan")]


@pytest.mark.parametrize(
    ("text", "predicate", "expected"),
    [
        ("ledger-api - eu-west-1", "deployed_in", ("ledger-api", "eu-west-1")),
        ("ledger-api = Rob Singh", "owned_by", ("ledger-api", "Rob Singh")),
        ("ledger-api P1", "priority", ("ledger-api", "p1")),
        ("fine, ledger-api → P2 then", "priority", ("ledger-api", "p2")),
    ],
)
def test_a_fragment_of_two_sure_kinds_states_the_one_predicate_joining_them(
        text: str, predicate: str, expected: tuple[str, str]) -> None:
    found = pairs(read_lines([*_INFRA, ("sam", text)], "infra"), predicate)
    assert {(s.lower(), o.lower()) for s, o in found} == {(expected[0].lower(), expected[1].lower())}


def test_a_plan_tier_after_an_equals_sign_is_the_accounts_plan() -> None:
    found = pairs(read_lines([*_ACCOUNTS, ("bex", "triton labs = gold")], "accounts"), "plan")
    assert {(s.lower(), o.lower()) for s, o in found} == {("triton labs", "gold")}


def test_the_writers_mine_beside_a_known_account_hands_it_to_the_writer() -> None:
    lines = [*_ACCOUNTS, ("kaz", "cc dev raman"), ("dev", "Triton Labs - mine from today")]
    assert pairs(read_lines(lines, "accounts"), "handled_by") == {("Triton Labs", "Dev Raman")}


def test_a_lowercase_name_in_a_rundown_of_codes_takes_the_kind_its_channel_is_about() -> None:
    lines = [*_INFRA, ("kev", "ordernet is flaky again"), ("sam", "ledger-api P1. ordernet P2")]
    assert pairs(read_lines(lines, "infra"), "priority") == {("ledger-api", "p1"), ("ordernet", "p2")}
    assert pairs(read_lines(lines, "general"), "priority") == {("ledger-api", "p1")}


def test_a_lone_unlearned_name_and_a_code_is_no_rundown() -> None:
    assert read_lines([("kev", "ordernet is flaky again"), ("sam", "ordernet P2")], "infra") == []


def test_a_lowercase_name_beside_the_writers_mine_in_an_accounts_channel_is_the_writers_account() -> None:
    lines = [("kev", "scanwell is flaky again"), ("lou", "scanwell - mine")]
    assert pairs(read_lines(lines, "accounts"), "handled_by") == {("scanwell", "lou")}


@pytest.mark.parametrize(
    "text",
    [
        "ledger-api - not eu-west-1",
        "maybe ledger-api - eu-west-1",
        "ledger-api was eu-west-1",
        "if ledger-api - eu-west-1 then fine",
        "ledger-api - eu-west-1 or eu-west-2",
        "ledger-api eu-west-1 eu-west-2",
        "ledger-api - billing-db",
        "ledger-api got paged in eu-west-1 overnight",
    ],
)
def test_a_fragment_that_denies_hedges_or_says_more_states_no_kind_pair(text: str) -> None:
    facts = read_lines([*_INFRA, ("sam", text)], "infra")
    assert not pairs(facts, "deployed_in") and not pairs(facts, "depends_on")


@pytest.mark.parametrize("text", ["ledger-api is critical, it faces customers", "ledger-api still high"])
def test_a_bare_priority_word_without_an_arrow_or_equals_sign_stays_an_opinion(text: str) -> None:
    assert pairs(read_lines([*_INFRA, ("sam", text)], "infra"), "priority") == set()


def test_a_bare_priority_word_set_by_an_arrow_is_the_priority() -> None:
    assert pairs(read_lines([*_INFRA, ("sam", "ledger-api -> high")], "infra"), "priority") == {("ledger-api", "high")}


def test_two_names_of_sure_kinds_by_shape_alone_stay_unread() -> None:
    assert read_lines([("tom", "Brackwater Studios - Ines Ferreira")], "accounts") == []


def test_the_head_of_a_list_of_people_is_no_pair() -> None:
    lines = [("ana", "Storage team owns ledger-api"), ("tove", "Storage team is me, Lise Berg and the migration")]
    assert pairs(read_lines(lines, "infra"), "member_of") == set()


def test_a_question_naming_two_sure_kinds_states_nothing() -> None:
    assert read_lines([*_INFRA, ("sam", "ledger-api eu-west-1?")], "infra") == []
