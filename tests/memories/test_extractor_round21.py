"""Extractor, round twenty-one: a header whose name starts with an acronym ("MFA rollout:") names the project its
bullet rows describe, as a lowercase label would not."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs, read_lines, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


def test_an_acronym_header_is_the_subject_of_its_bullet_rows() -> None:
    facts = read_one("MFA rollout:\n- lead: Priya Nair\n- status: on track\n- due: 14 March", "infra")
    assert ("MFA rollout", "Priya Nair") in pairs(facts, "led_by")
    assert ("MFA rollout", "14 March") in pairs(facts, "deadline")


# A company typed in lowercase: a word no dictionary knows, then business nouns.

def _mentions(text: str) -> list[str]:
    from memories.extractor import RuleExtractor

    return list(RuleExtractor().extract(text, channel="accounts", known_entities=[], speaker="nat").mentions)


@pytest.mark.parametrize(
    ("text", "company"),
    [
        ("first one - veridian health, the EPR supplier. who's got that now?", "veridian health"),
        ("next: ostrava imaging (pacs vendor). priya?", "ostrava imaging"),
    ],
)
def test_a_made_up_word_before_business_nouns_is_a_lowercase_company(text: str, company: str) -> None:
    assert company in _mentions(text)


def test_business_nouns_after_a_dictionary_word_are_no_company() -> None:
    assert not any("systems" in m for m in _mentions("we moved it onto the pharmacy systems last week"))


# What a reader's stray span looks like, for the hybrid's check that an answer could be of the asked type.

@pytest.mark.parametrize(
    ("answer", "wanted"),
    [("patel | full hosting | nov", "office"), ("bldg", "office"), ("rd", "office"), ("EHR goes", "region"),
     ("app anyway", "team"), ("ur new", "person")],
)
def test_a_table_row_an_abbreviation_or_a_span_ending_on_an_everyday_word_names_nothing(answer: str,
                                                                                        wanted: str) -> None:
    from memories.slot_reader import fits

    assert not fits(answer, wanted)


@pytest.mark.parametrize(
    ("answer", "wanted"),
    [("Porto edge cluster", "region"), ("booking engine", "component"), ("Riverside site", "office"),
     ("bex", "person"), ("Shreya Patel", "person"), ("Oslo", "office"), ("rome", "office"), ("Platform team", "team")],
)
def test_names_ending_on_a_head_noun_and_nicknames_are_answers(answer: str, wanted: str) -> None:
    from memories.slot_reader import fits

    assert fits(answer, wanted)


# A customer and a site named in lowercase by their head nouns, and chatter before a question's own clause.

def test_lowercase_words_between_a_determiner_and_acct_name_the_account_asked_about() -> None:
    lines = [("nat.rn", "morning all, quick one before huddle, who's got the lakeshore dialysis clinic acct now?"),
             ("dkovac", "that's shreya patel's now, it moved to her in the sept reshuffle")]
    assert pairs(read_lines(lines, "accounts"), "handled_by") == {("lakeshore dialysis clinic", "Shreya Patel")}


def test_a_possessive_inside_a_lowercase_account_name_stays_in_it() -> None:
    assert "st Brigid's hospice" in _mentions("which site is the st brigid's hospice acct run out of?")


@pytest.mark.parametrize("text", ["the new account is mine", "the client account renews in may"])
def test_a_word_that_says_which_account_names_none(text: str) -> None:
    assert _mentions(text) == []


def test_a_word_no_dictionary_knows_in_chatter_before_the_question_is_not_asked_about() -> None:
    assert "huddle" not in _mentions("quick one before huddle, who's got the lakeshore dialysis clinic acct now?")
    assert "zonemap" in _mentions("zonemap, who owns it?")


def test_a_reply_naming_a_lowercase_site_says_where_the_asked_person_works() -> None:
    lines = [("nat.rn", "and ur still up at the mountain site or did u move into the new bldg?"),
             ("gord", "still mountain site, 2nd fl by outpt pharmacy. new bldg doesnt open til spring")]
    assert pairs(read_lines(lines, "accounts"), "works_in") == {("gord", "Mountain site")}


@pytest.mark.parametrize("text", ["the client site is down again", "the test site is down again"])
def test_a_site_named_for_what_it_is_for_is_no_workplace(text: str) -> None:
    assert not any(m.endswith("site") for m in _mentions(text))


# A project's tool given as a field: a card's "tool:" row, a table's "tool" column.

def test_a_tool_row_under_a_project_header_says_what_the_project_uses() -> None:
    facts = read_one("MFA rollout:\n- lead: Priya Nair\n- tool: Duo\n- due: 14 March", "adhoc")
    assert pairs(facts, "uses") == {("MFA rollout", "Duo")}


def test_a_tool_column_says_what_each_rows_project_uses() -> None:
    facts = read_one("project | lead | tool\nAtlas | Ana Costa | Jira\nBorealis | Li Wei | Asana", "adhoc")
    assert pairs(facts, "uses") == {("Atlas", "Jira"), ("Borealis", "Asana")}


def test_a_town_before_a_workplace_noun_is_a_workplace_not_a_company() -> None:
    from memories.mentions import ACCOUNT, KnownNames, find_mentions, sentences

    text = "braga clinic since march"
    found = find_mentions(sentences(text)[0], text, known=KnownNames([]), learned=lambda _: None,
                          resolve_pronoun=lambda kind, so_far: None)
    assert [m.name for m in found] == ["Braga clinic"]
    assert ACCOUNT not in found[0].types


@pytest.mark.parametrize(("lines", "placed"), [
    # the first word of a known office, equated with a town
    ([("nat", "gord is at the mountain site, dima at the riverside site"),
      ("gord", "hamilton. mountain = hamilton, riverside = ottawa, harbourfront = toronto. easy")],
     {("Mountain site", "Hamilton"), ("Riverside site", "Ottawa")}),
    # a known office placed in the town it is named after, not the next one
    ([("nat", "Marcus works in the Carlisle office"),
      ("bex", "Carlisle office is in Carlisle, Penrith depot is in Penrith")],
     {("Carlisle office", "Carlisle"), ("Penrith depot", "Penrith")}),
    # known workplaces placed in their towns after a copula and "in"
    ([("Matt Inglis", "Penrith depot"), ("Rhys Abernethy", "Kendal head office (hence the cake)"),
      ("Kieran Bell", "Lancaster office is in Lancaster, Penrith depot's in Penrith, Kendal head office is in Kendal")],
     {("Lancaster office", "Lancaster"), ("Penrith depot", "Penrith"), ("Kendal head office", "Kendal")}),
])
def test_known_offices_are_placed_in_the_towns_the_chat_names(lines: list[tuple[str, str]],
                                                               placed: set[tuple[str, str]]) -> None:
    assert pairs(read_lines(lines, "accounts"), "located_in") == placed


def test_a_word_equal_to_a_town_names_no_office_unless_an_office_opens_on_it() -> None:
    assert pairs(read_lines([("gord", "mountain = hamilton, riverside = ottawa")], "accounts"), "located_in") == set()


def test_a_name_before_site_is_a_workplace_people_work_at() -> None:
    assert pairs(read_one("dima works at the Mountain site", "accounts"), "works_in") == {("Dima", "Mountain site")}


def test_a_reply_naming_a_known_site_by_its_first_word_says_where_the_writer_works() -> None:
    lines = [("nat", "shreya is at the riverside site, dima at the mountain site"),
             ("gord", "btw shreya ur still riverside?"), ("shreya", "yes riverside, 3rd fl informatics pod. come by")]
    assert pairs(read_lines(lines, "accounts"), "works_in") == {("shreya", "Riverside site")}



# Questions: the type a partitive, a dash-set clause or a terse opening noun asks for.

@pytest.mark.parametrize(
    ("question", "relations", "expected"),
    [
        ("if the fish co-op want a meeting, which of our offices would their rep be in?", ["handled_by", "works_in"],
         "office"),
        ("the Fjellsport AS account — which office is it managed out of?", ["handled_by", "works_in"], "office"),
        ("office of the Acme AM?", ["handled_by", "works_in"], "office"),
    ],
)
def test_the_noun_after_which_of_a_dash_or_opening_the_question_is_the_answers_type(
        question: str, relations: list[str], expected: str) -> None:
    from memories.question import parse_question

    parsed = parse_question(question)
    assert parsed.relations == relations
    assert parsed.expected_type == expected


@pytest.mark.parametrize("question", ["NOTAM PoC demo date now?", "Atlas date now?"])
def test_a_terse_question_ending_on_date_asks_for_the_deadline(question: str) -> None:
    from memories.question import parse_question

    parsed = parse_question(question)
    assert parsed.relations == ["deadline"]
    assert parsed.expected_type == "date"


@pytest.mark.parametrize(
    ("question", "name"),
    [("when does the Nuvem Wi-Fi contract come up for renewal?", "Nuvem Wi-Fi"),
     ("who owns the Guest Wi-Fi portal?", "Guest Wi-Fi")],
)
def test_capitalised_words_a_hyphen_joins_stay_in_the_name_asked_about(question: str, name: str) -> None:
    from memories.question import parse_question

    assert parse_question(question).mentions == [name]




# Everyone asked for their team in a request, and replies naming a team in title case.

ASKED_TEAMS = ("Gareth", "thanks SL. for the incident report I need teams not just names — what are we all")


@pytest.mark.parametrize(("speaker", "reply", "team"), [
    ("Steph Lomas", "Control Room team", "Control Room team"),
    ("Yasmin Okafor", "OT Security team, though I'm only here because of the jump box thing", "OT Security team"),
])
def test_a_title_case_team_replied_to_a_request_for_teams_is_the_writers(speaker: str, reply: str, team: str) -> None:
    assert pairs(read_lines([ASKED_TEAMS, (speaker, reply)], "infra"), "member_of") == {(speaker, team)}


def test_a_team_named_in_a_statement_asks_nobody_for_theirs() -> None:
    lines = [("Gareth", "I need the payments team to look at this"), ("Steph Lomas", "Control Room team")]
    assert pairs(read_lines(lines, "infra"), "member_of") == set()


@pytest.mark.parametrize("reply", ["mine", "Yes, mine. Platform team", "still mine tbh", "mine since march"])
def test_mine_replied_to_who_owns_makes_the_writer_the_owner(reply: str) -> None:
    lines = [("ahmad", "who owns billing-api?"), ("shota", reply)]
    assert pairs(read_lines(lines, "infra"), "owned_by") == {("billing-api", "shota")}


def test_mine_opening_a_statement_about_something_else_answers_nothing() -> None:
    lines = [("ahmad", "who owns billing-api?"), ("shota", "mine is the other one")]
    assert pairs(read_lines(lines, "infra"), "owned_by") == set()


@pytest.mark.parametrize(("text", "service", "region"), [
    ("billing-api runs on us-west-2", "billing-api", "us-west-2"),
    ("billing-api is on eks-fra-prod now", "billing-api", "eks-fra-prod"),
    ("minidump store is on us-west-2", "minidump store", "us-west-2"),
])
def test_a_region_or_cluster_a_service_is_on_is_where_it_is_deployed(text: str, service: str, region: str) -> None:
    facts = read_one(text, "infra")
    assert pairs(facts, "deployed_in") == {(service, region)}
    assert pairs(facts, "uses") == set()


def test_a_tool_a_project_runs_on_is_one_it_uses() -> None:
    facts = read_one("Atlas runs on Kafka", "adhoc")
    assert pairs(facts, "uses") == {("Atlas", "Kafka")}
    assert pairs(facts, "deployed_in") == set()
