"""Extractor, round fifteen: team membership said in fragments (a team named as an owner with its people after it,
"on the X team" beside a name, rows under a lead-in about teams), a thing that stays with someone, whose a thing
was (past) stated as no current owner, "X inherited it" meaning the thing being talked about, a "where" question
whose kind of place the thing's type picks, a single "name code pls" priority, and "Y also there"."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs as _of, read_lines, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


def _read(text: str, channel: str = "infra", known: list[str] | None = None,
          speaker: str = "sam") -> list[tuple[str, str, str]]:
    return read_one(text, channel, known, speaker)


# --- "who owns X?" ... "Team Harbour, me and Lise Berg"


def test_a_team_answering_an_owner_question_owns_the_thing_and_the_people_after_it_are_in_it() -> None:
    facts = read_lines([("tove", "Tove Lind here, from harbour"), ("amy", "who owns route-cache?"),
                        ("tove", "Team Harbour, me and Lise Berg")], "infra")
    assert _of(facts, "owned_by") == {("route-cache", "Team Harbour")}
    assert _of(facts, "member_of") == {("Tove Lind", "Team Harbour"), ("Lise Berg", "Team Harbour")}


def test_a_team_alone_answering_an_owner_question_owns_the_thing() -> None:
    facts = read_lines([("amy", "who owns route-cache?"), ("tove", "Team Harbour")], "infra")
    assert _of(facts, "owned_by") == {("route-cache", "Team Harbour")}
    assert _of(facts, "member_of") == set()


def test_a_team_followed_by_more_than_people_answers_nothing() -> None:
    facts = read_lines([("amy", "who owns route-cache?"), ("tove", "Team Harbour, ask in their channel")], "infra")
    assert _of(facts, "owned_by") == set()


# --- "owned by Dana Wu on the data team"


def test_a_person_on_a_named_team_in_passing_is_a_member_beside_the_ownership() -> None:
    facts = _read("route-cache is owned by Lise Berg on the Storage team", known=["route-cache"])
    assert _of(facts, "owned_by") == {("route-cache", "Lise Berg")}
    assert _of(facts, "member_of") == {("Lise Berg", "Storage team")}


@pytest.mark.parametrize("text", ["route-cache is owned by Lise Berg on PTO",
                                  "Lise Berg is not on the Storage team"])
def test_on_something_no_words_call_a_team_or_a_negated_team_gives_no_member(text: str) -> None:
    assert _of(_read(text, known=["route-cache"]), "member_of") == set()


# --- rows under a lead-in about teams


def test_rows_under_a_teams_lead_in_make_each_person_a_member_and_me_is_the_writer() -> None:
    text = "teams since the shuffle:\nBilling Ops: Lise Berg, Omar Haddad\nInfra: me and Tove Lind"
    facts = _read(text, speaker="rafa")
    assert _of(facts, "member_of") == {("Lise Berg", "Billing Ops"), ("Omar Haddad", "Billing Ops"),
                                       ("rafa", "Infra"), ("Tove Lind", "Infra")}


def test_a_name_marked_me_in_brackets_is_not_counted_twice() -> None:
    text = "squads for the offsite:\n- Gold: Lise Berg (me)\n- Teal: Omar Haddad"
    assert _of(_read(text, speaker="lise"), "member_of") == {("Lise Berg", "Gold"), ("Omar Haddad", "Teal")}


@pytest.mark.parametrize("text", [
    "team updates:\n- Gold: shipped the importer\n- Teal: Omar Haddad",
    "teams since the shuffle:\nBilling Ops: Lise Berg",
    "which teams now?:\nBilling Ops: Lise Berg\nInfra: Tove Lind",
])
def test_rows_that_are_not_all_people_or_a_single_row_give_no_members(text: str) -> None:
    assert _of(_read(text), "member_of") == set()


# --- a thing that stays with someone


def test_an_account_that_stays_with_the_writer_is_handled_by_them() -> None:
    facts = read_lines([("mo", "Mo Farouk here"), ("mo", "and Copperleaf stays with me, they sell garden kits")],
                       "accounts")
    assert _of(facts, "handled_by") == {("Copperleaf", "Mo Farouk")}


def test_a_system_that_remains_with_a_person_is_owned_by_them() -> None:
    assert _of(_read("route-cache remains with Lise Berg for now"), "owned_by") == {("route-cache", "Lise Berg")}


def test_staying_with_something_that_is_no_person_owns_nothing() -> None:
    assert _of(_read("route-cache stays with the old config"), "owned_by") == set()


# --- whose a thing was, and what "it" is


def test_whose_a_thing_was_is_no_current_owner() -> None:
    facts = read_lines([("amy", "ledger-sync owner is empty on the sheet"), ("bo", "who is it"),
                        ("cy", "it was Omar's but he moved on. Tove maybe?")], "infra")
    assert _of(facts, "owned_by") == set()


def test_someone_inheriting_it_after_a_bare_given_name_inherits_the_thing_talked_about() -> None:
    facts = read_lines([("amy", "ledger-sync owner is empty on the sheet"), ("bo", "who is it"),
                        ("cy", "it was Omar's but he moved on. Tove maybe?"),
                        ("tove", "NOPE not me. Lise Berg inherited it last month")], "infra")
    assert _of(facts, "owned_by") == {("ledger-sync", "Lise Berg")}


def test_a_negation_shouted_in_capitals_is_no_name() -> None:
    facts = _read("NOPE not me. Lise Berg inherited it last month", known=["route-cache"])
    assert all("NOPE" not in (s, o) for s, _, o in facts)


def test_what_is_inherited_along_with_the_thing_asked_about_is_inherited_too() -> None:
    facts = read_lines([("amy", "who owns score-reader?"),
                        ("bo", "mostly Lise Berg, she inherited it along with rank-store")], "infra")
    assert _of(facts, "owned_by") == {("score-reader", "Lise Berg"), ("rank-store", "Lise Berg")}


# --- "where does X live?" and "Y also there"


def test_where_a_system_lives_asks_where_it_is_deployed_and_the_reply_answers() -> None:
    facts = read_lines([("amy", "where does rank-store live nowadays?"), ("bo", "still us-east-2")], "infra")
    assert _of(facts, "deployed_in") == {("rank-store", "us-east-2")}


@pytest.mark.parametrize(("text", "expected"), [
    ("rank-store runs in us-east-2. score-reader also there", ("score-reader", "us-east-2")),
    ("rank-store runs in us-east-2. score-reader there too", ("score-reader", "us-east-2")),
])
def test_a_second_system_also_there_is_deployed_in_the_same_place(text: str, expected: tuple[str, str]) -> None:
    assert expected in _of(_read(text), "deployed_in")


def test_a_person_also_there_works_in_the_office_just_named() -> None:
    facts = _read("Lise Berg works in the Porto office. Omar Haddad also there")
    assert ("Omar Haddad", "Porto office") in _of(facts, "works_in")


@pytest.mark.parametrize("text", [
    "rank-store runs in us-east-2. Omar Haddad also there",
    "rank-store runs in us-east-2. score-reader also there?",
    "rank-store runs in us-east-2. score-reader also there but not for long",
])
def test_also_there_of_the_wrong_kind_asked_or_qualified_places_nothing(text: str) -> None:
    assert _of(_read(text), "deployed_in") == {("rank-store", "us-east-2")}


# --- "rank-store P1 pls"


@pytest.mark.parametrize(("text", "code"), [("rank-store P1 pls", "p1"), ("rank-store p3 please", "p3")])
def test_one_name_and_a_priority_code_asked_for_sets_the_priority(text: str, code: str) -> None:
    assert _of(_read(text, known=["rank-store"]), "priority") == {("rank-store", code)}


@pytest.mark.parametrize("text", ["rank-store P1", "rank-store p2 please, and ping me"])
def test_one_name_and_a_code_without_the_request_or_with_more_said_is_no_priority(text: str) -> None:
    assert _of(_read(text, known=["rank-store"]), "priority") == set()


# --- "where's everyone based" after a label


def test_an_everyone_where_question_after_a_label_still_opens_office_replies() -> None:
    facts = read_lines([("amy", "Tove Lind joined"), ("amy", "trip planning: where's everyone based again, for budget"),
                        ("tove", "porto office")], "general")
    assert _of(facts, "works_in") == {("Tove Lind", "Porto office")}


# --- "Kim moves to the data team"


@pytest.mark.parametrize("text", ["Lise Berg moves to the Storage team from June",
                                  "heads up: Lise Berg moved to the Storage team"])
def test_a_person_moving_to_a_named_team_joins_it(text: str) -> None:
    assert _of(_read(text, known=["Lise Berg"]), "member_of") == {("Lise Berg", "Storage team")}


def test_moving_to_a_place_no_words_call_a_team_joins_no_team() -> None:
    assert _of(_read("Lise Berg moves to Porto", known=["Lise Berg"]), "member_of") == set()


def test_a_thing_moving_to_a_person_is_still_handed_over() -> None:
    assert _of(_read("rank-store moves to Lise Berg", known=["Lise Berg"]), "owned_by") == {("rank-store", "Lise Berg")}


# --- "renews sept": a short lowercase month right after a renewal cue


@pytest.mark.parametrize(("text", "month"), [("Copperleaf renews sept", "September"),
                                             ("Copperleaf is on Growth, renews in aug", "August")])
def test_a_short_lowercase_month_right_after_renews_is_the_renewal_month(text: str, month: str) -> None:
    assert _of(_read(text, channel="accounts", known=["Copperleaf"]), "renews_in") == {("Copperleaf", month)}


@pytest.mark.parametrize("text", ["Copperleaf renews may be later", "Copperleaf renews, aug was the kickoff",
                                  "Copperleaf went live in aug"])
def test_a_short_month_not_right_after_the_renewal_cue_or_may_is_no_renewal(text: str) -> None:
    assert _of(_read(text, channel="accounts", known=["Copperleaf"]), "renews_in") == set()
