"""Extractor, round thirteen: a priority code followed by an aside, a system said to be a region or cluster with no
verb, a team as a system's owner, "X has A + B" as ownership, a repeated preposition in a list of dependencies,
arrow lines in a dependency listing, plan names of several words, and plan replies that name no plan."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs as _of, read_lines, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


def _read(text: str, channel: str = "infra") -> list[tuple[str, str, str]]:
    return read_one(text, channel)


# --- a priority code says its level whatever aside follows it


@pytest.mark.parametrize(
    "text",
    [
        "invoice-svc is P1, it faces customers",
        "invoice-svc is P1 for the weekend rota",
        "invoice-svc still P1, the cert expires soon",
        "invoice-svc is P1 bc checkout breaks without it",
    ],
)
def test_a_priority_code_followed_by_an_aside_is_still_the_priority(text: str) -> None:
    assert _of(_read(text), "priority") == {("invoice-svc", "p1")}


def test_a_bare_priority_word_with_an_aside_stays_an_opinion() -> None:
    assert _of(_read("invoice-svc is critical, it faces customers"), "priority") == set()


def test_still_without_a_copula_takes_no_bare_priority_word() -> None:
    assert _of(_read("invoice-svc still high, nobody looked"), "priority") == set()


# --- "X is us-west-2": a region or cluster code without a verb


@pytest.mark.parametrize(
    ("text", "region"),
    [
        ("invoice-svc is us-west-2 actually, we moved it in spring", "us-west-2"),
        ("invoice-svc is ap-south-1 bc of the quota", "ap-south-1"),
        ("invoice-svc is in lon-prod-4 since the cutover", "lon-prod-4"),
        ("invoice-svc is now eu-central-1.", "eu-central-1"),
    ],
)
def test_a_system_said_to_be_a_region_code_is_deployed_there(text: str, region: str) -> None:
    assert _of(_read(text), "deployed_in") == {("invoice-svc", region)}


def test_a_person_said_to_be_in_a_cluster_code_is_deployed_nowhere() -> None:
    assert _of(_read("Hollis Grant is in lon-prod-4 today"), "deployed_in") == set()


def test_a_region_followed_by_more_than_an_aside_is_no_placement() -> None:
    assert _of(_read("invoice-svc is us-west-2 traffic mostly"), "deployed_in") == set()


# --- a team owns a system


@pytest.mark.parametrize(
    ("text", "owner"),
    [
        ("invoice-svc is owned by Team Lighthouse", "Team Lighthouse"),
        ("invoice-svc is owned by the Billing team, not us", "Billing team"),
        ("the owner of invoice-svc is Team Lighthouse", "Team Lighthouse"),
    ],
)
def test_a_team_named_as_owner_owns_the_system(text: str, owner: str) -> None:
    assert _of(_read(text), "owned_by") == {("invoice-svc", owner)}


def test_a_person_owner_is_still_read_as_a_person() -> None:
    assert _of(_read("invoice-svc is owned by Hollis Grant"), "owned_by") == {("invoice-svc", "Hollis Grant")}


def test_a_person_part_of_a_team_is_a_member_not_an_owned_thing() -> None:
    facts = _read("Hollis Grant is part of the Billing team")
    assert _of(facts, "member_of") == {("Hollis Grant", "Billing team")}
    assert _of(facts, "owned_by") == set()


# --- "X has A + B": a person holds systems


def test_people_who_have_code_named_systems_own_them() -> None:
    facts = _read("Hollis Grant has invoice-svc + tax-engine, Wanjiru Otieno has pdf-render")
    assert _of(facts, "owned_by") == {("invoice-svc", "Hollis Grant"), ("tax-engine", "Hollis Grant"),
                                      ("pdf-render", "Wanjiru Otieno")}


def test_having_access_to_a_system_is_no_ownership() -> None:
    assert _of(_read("Hollis Grant has invoice-svc access since monday"), "owned_by") == set()


def test_having_an_idea_about_a_system_is_no_ownership() -> None:
    assert _of(_read("Hollis Grant has a plan for invoice-svc"), "owned_by") == set()


def test_a_system_that_has_another_is_no_owner() -> None:
    assert _of(_read("invoice-svc has tax-engine as a sidecar"), "owned_by") == set()


# --- "depends on A and on B"


def test_a_repeated_preposition_continues_the_list_of_dependencies() -> None:
    facts = _read("invoice-svc depends on tax-engine and on pdf-render for the receipts")
    assert _of(facts, "depends_on") == {("invoice-svc", "tax-engine"), ("invoice-svc", "pdf-render")}


def test_a_repeated_preposition_before_no_system_adds_nothing() -> None:
    facts = _read("invoice-svc depends on tax-engine and on Friday we cut over")
    assert _of(facts, "depends_on") == {("invoice-svc", "tax-engine")}


# --- arrow lines in a dependency listing


def test_arrow_lines_under_a_dependency_lead_in_are_dependencies() -> None:
    text = "dependency map, pls check:\n```\ninvoice-svc  -> tax-engine, pdf-render\nrefund-job   -> invoice-svc\n```"
    assert _of(_read(text), "depends_on") == {("invoice-svc", "tax-engine"), ("invoice-svc", "pdf-render"),
                                              ("refund-job", "invoice-svc")}


def test_arrow_lines_without_a_dependency_word_are_no_dependencies() -> None:
    text = "cutover tonight:\ninvoice-svc -> invoice-svc-v2\nrefund-job -> refund-job-v2"
    assert _of(_read(text), "depends_on") == set()


def test_an_arrow_to_something_other_than_systems_is_no_dependency() -> None:
    text = "deps update:\n- invoice-svc -> moved to the new cluster"
    assert _of(_read(text), "depends_on") == set()


# --- plan names of several words, and plan replies


_ASKED = [("kofi", "Marlowe Textiles is mine now"), ("dee", "which plan are they on?")]


@pytest.mark.parametrize(
    ("reply", "plan"),
    [
        ("they are on Ledger Basic, small volume", "Ledger Basic"),
        ("they're on Ledger Plus not Enterprise", "Ledger Plus"),
        ("they upgraded to Ledger Pro in december", "Ledger Pro"),
    ],
)
def test_a_plan_named_with_a_product_word_before_its_tier_is_one_plan(reply: str, plan: str) -> None:
    assert _of(read_lines([*_ASKED, ("kofi", reply)], "accounts"), "plan") == {("Marlowe Textiles", plan)}


def test_being_on_a_team_named_with_a_tier_word_is_no_plan() -> None:
    facts = read_lines([*_ASKED, ("kofi", "Hollis is on the Growth Team")], "accounts")
    assert _of(facts, "plan") == set()


def test_a_plan_reply_that_opens_on_the_account_names_no_plan() -> None:
    facts = read_lines([*_ASKED, ("kofi", "Marlowe Textiles is mine now, Enterprise, renewal november")], "accounts")
    assert ("Marlowe Textiles", "Marlowe Textiles") not in _of(facts, "plan")
    assert _of(facts, "renews_in") == {("Marlowe Textiles", "November")}


def test_a_plan_reply_that_opens_on_a_clause_names_no_plan() -> None:
    facts = read_lines([*_ASKED, ("kofi", "Hollis Grant is out till friday")], "accounts")
    assert _of(facts, "plan") == set()


def test_a_plan_reply_that_opens_on_the_tier_still_names_it() -> None:
    facts = read_lines([*_ASKED, ("kofi", "Ledger Pro yes, renewal is september")], "accounts")
    assert _of(facts, "plan") == {("Marlowe Textiles", "Ledger Pro")}
    assert _of(facts, "renews_in") == {("Marlowe Textiles", "September")}


@pytest.mark.parametrize("reply", ["Posted the slides in the thread.", "Lunch and learn on friday, bring snacks"])
def test_a_capitalised_first_word_that_runs_on_into_its_sentence_is_no_plan(reply: str) -> None:
    facts = read_lines([*_ASKED, ("kofi", reply)], "accounts")
    assert _of(facts, "plan") == set()


def test_an_unknown_plan_name_said_alone_still_answers_the_plan_question() -> None:
    facts = read_lines([*_ASKED, ("kofi", "Voyager, renews in may")], "accounts")
    assert _of(facts, "plan") == {("Marlowe Textiles", "Voyager")}


@pytest.mark.parametrize("reply", ["Thanks!", "Noted."])
def test_a_reply_of_thanks_names_no_plan(reply: str) -> None:
    assert _of(read_lines([*_ASKED, ("kofi", reply)], "accounts"), "plan") == set()
