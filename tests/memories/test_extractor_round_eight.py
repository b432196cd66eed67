"""Round eight of reading chat nobody tuned the rules for: terse, lowercase, catalogue-style messages. Bulleted
rows of a service catalogue ("- quote-api: owner kofi mensah, p1, us-east-1"), a statement followed by bare codes
("ledger-svc is mine, p2, eu-central-1"), a reply that lists what a question asked for ("kafka-main + auth-db"),
people equated with teams named in lowercase words ("me = data team, kofi + mei = it ops team") and a person
introduced with their team ("Ingrid Dahl, payments squad"). Near-misses must stay silent.

Every sentence and name here was written by hand for these tests; none comes from a scenario file.
"""

from __future__ import annotations

from tests.memories.extractor_reading import read_lines

# the people who speak in the team tests, each named in full once before the line under test
_INTRODUCTIONS = [
    ("farid", "morning all, farid haddad here, just joined"),
    ("kofi", "kofi mensah, hi"),
    ("someone", "welcome Mei Chen and Elena Ruiz too"),
]


def read(text: str, channel: str = "infra", speaker: str = "someone") -> list[tuple[str, str, str]]:
    return read_lines([(speaker, text)], channel)


def after_introductions(text: str, speaker: str = "farid") -> list[tuple[str, str, str]]:
    return read_lines([*_INTRODUCTIONS, (speaker, text)], "infra")


# --- catalogue rows -----------------------------------------------------------------------------------------


def test_bulleted_catalogue_rows_give_each_service_its_owner_priority_and_region():
    facts = read("catalogue pass, fill in what's missing. core side:\n"
                 "- quote-api: owner kofi mensah, p1, us-east-1\n"
                 "- fleet-tracker: owner aisha bello, p3, eu-central-1")
    for row in [("quote-api", "owned_by", "Kofi Mensah"), ("quote-api", "priority", "p1"),
                ("quote-api", "deployed_in", "us-east-1"), ("fleet-tracker", "owned_by", "Aisha Bello"),
                ("fleet-tracker", "priority", "p3"), ("fleet-tracker", "deployed_in", "eu-central-1")]:
        assert row in facts


def test_star_and_dot_bullets_read_as_the_dash_does():
    for bullet in ("* ", "• "):
        facts = read(f"{bullet}route-planner: owner tariq aziz, sev2\n{bullet}geo-cache: owner elena ruiz, p0")
        assert ("route-planner", "owned_by", "Tariq Aziz") in facts
        assert ("route-planner", "priority", "sev2") in facts
        assert ("geo-cache", "priority", "p0") in facts


def test_a_single_bulleted_row_with_an_owner_gives_the_owner():
    assert read("- invoice-store: owner Oskar Lind") == [("invoice-store", "owned_by", "Oskar Lind")]


def test_a_labelled_row_of_bare_codes_gives_priority_and_region():
    assert read("quote-api: p3, ap-south-1") == [("quote-api", "priority", "p3"),
                                                 ("quote-api", "deployed_in", "ap-south-1")]


def test_a_full_name_beside_codes_in_a_catalogue_row_is_the_owner():
    facts = read("- parcel-label: hana kobayashi, p2, eu-west-3\n- pickup-slots: zara ahmed, p1, eu-west-3")
    assert ("parcel-label", "owned_by", "Hana Kobayashi") in facts
    assert ("pickup-slots", "owned_by", "Zara Ahmed") in facts
    assert ("pickup-slots", "priority", "p1") in facts


def test_a_row_of_mine_gives_the_speaker_as_owner():
    facts = after_introductions("rate-cards: mine, p2")
    assert ("rate-cards", "owned_by", "Farid Haddad") in facts
    assert ("rate-cards", "priority", "p2") in facts


def test_a_catalogue_list_of_names_and_priority_codes():
    facts = read_lines([("x", "fyi billing-sync calls invoice-store"),
                        ("x", "priorities as listed: billing-sync P1, invoice-store p3. shout if wrong")], "infra")
    assert ("billing-sync", "priority", "p1") in facts
    assert ("invoice-store", "priority", "p3") in facts


# --- a statement, then bare codes ---------------------------------------------------------------------------


def test_codes_after_a_statement_are_about_its_subject():
    facts = after_introductions("dispatch-queue is mine, p2, eu-central-1.")
    assert ("dispatch-queue", "owned_by", "Farid Haddad") in facts
    assert ("dispatch-queue", "priority", "p2") in facts
    assert ("dispatch-queue", "deployed_in", "eu-central-1") in facts


def test_codes_opening_the_next_sentence_follow_the_subject_before():
    facts = after_introductions("stock-feed is mine. p4, runs on the old cluster in the leeds dc")
    assert ("stock-feed", "owned_by", "Farid Haddad") in facts
    assert ("stock-feed", "priority", "p4") in facts


def test_a_customer_takes_no_priority_code_from_a_trailing_part():
    facts = read("Harlow Dental renews in May, p2", channel="accounts")
    assert all(p != "priority" for _, p, _ in facts)


def test_codes_with_no_statement_before_them_make_nothing():
    assert read("p1 again, pager went off at 3") == []


# --- replies that list what a question asked ------------------------------------------------------------------


def test_a_reply_listing_code_names_answers_a_dependency_question():
    facts = read_lines([("sam", "what does fleet-tracker depend on?"), ("lin", "gps-ingest + tile-cache, thats it")],
                       "infra")
    assert facts == [("fleet-tracker", "depends_on", "gps-ingest"), ("fleet-tracker", "depends_on", "tile-cache")]


def test_a_reply_list_reads_past_an_aside_in_brackets():
    facts = read_lines([("sam", "what does route-planner depend on?"),
                        ("lin", "geo-cache, Traffic Feed (the vendor one) and Matrix Engine")], "infra")
    assert {o for _, p, o in facts if p == "depends_on"} == {"geo-cache", "Traffic Feed", "Matrix Engine"}


def test_a_reply_of_one_everyday_word_answers_nothing():
    assert read_lines([("sam", "what does route-planner depend on?"), ("lin", "lunch")], "infra") == []


def test_a_reply_listing_people_is_no_dependency():
    assert read_lines([("sam", "what does route-planner depend on?"), ("lin", "Dana + Priya would know")],
                      "infra") == []


# --- people and teams named in lowercase ----------------------------------------------------------------------


def test_people_equated_with_lowercase_teams_are_members():
    facts = after_introductions("me = data team, kofi + elena = it ops team")
    assert ("Farid Haddad", "member_of", "Data team") in facts
    assert ("Kofi Mensah", "member_of", "IT Ops team") in facts
    assert ("Elena Ruiz", "member_of", "IT Ops team") in facts


def test_a_copula_list_with_a_lowercase_first_name_of_someone_named_before():
    facts = after_introductions("for the record kofi + mei are pricing & quotes team, tariq is elsewhere")
    assert ("Kofi Mensah", "member_of", "Pricing & Quotes team") in facts
    assert ("Mei Chen", "member_of", "Pricing & Quotes team") in facts


def test_i_am_a_lowercase_team():
    assert after_introductions("i'm platform squad") == [("Farid Haddad", "member_of", "Platform squad")]


def test_a_person_introduced_with_their_team_is_a_member():
    assert read("Ingrid Dahl, payments squad") == [("Ingrid Dahl", "member_of", "Payments squad")]
    assert read("hi 👋 Mateo Rossi, QA team") == [("Mateo Rossi", "member_of", "QA team")]


def test_an_acronym_team_answers_a_team_question():
    facts = read_lines([("x", "which team is Mateo Rossi in?"), ("y", "SRE team")], "infra")
    assert facts == [("Mateo Rossi", "member_of", "SRE team")]


def test_a_lowercase_team_is_not_what_it_stands_for_later():
    facts = read_lines([("x", "route-planner is owned by Aisha Bello, data team."),
                        ("y", "is it deployed in eu-west-1 only?"), ("x", "eu-west-1 only")], "infra")
    assert ("route-planner", "deployed_in", "eu-west-1") in facts


# --- near misses ------------------------------------------------------------------------------------------------


def test_a_bulleted_list_of_lowercase_places_makes_nothing():
    assert read("clinics on the rota:\n- bath spa\n- wells\n- frome central") == []


def test_chat_about_a_team_makes_no_membership():
    for text in ("ship it team!", "great work team", "we are one team", "coffee run anyone",
                 "thanks Ingrid Dahl, payments squad will look", "Ingrid Dahl, Mateo Rossi, payments squad"):
        assert after_introductions(text) == [], text
