"""Round nine of the rule extractor: chatty, banter-heavy chat. Arrow reassignments, first-person claims,
rundown labels ("X first:", "Y next:"), plan names of several words, a message keeping its subject across
sentences, and "our deadline" in a thread about a project."""

from __future__ import annotations

from memories.extractor import RuleExtractor
from tests.memories.extractor_reading import read_lines


def _facts(text: str, channel: str = "general", speaker: str | None = None):
    return RuleExtractor().extract(text, channel=channel, speaker=speaker).facts


# --- arrows ------------------------------------------------------------------------------------------------------


def test_a_company_arrowed_to_a_person_is_handled_by_them_as_an_update():
    facts = _facts("ok Brackwater Studios → Ines Ferreira, done.")
    assert [(f.subject, f.predicate, f.object) for f in facts] == [("Brackwater Studios", "handled_by", "Ines Ferreira")]
    assert facts[0].update


def test_a_bare_name_arrowed_in_an_accounts_channel_is_an_account():
    assert read_lines([("tom", "Quillfin -> Rafael Souza")], "accounts") == [("Quillfin", "handled_by", "Rafael Souza")]
    assert read_lines([("tom", "so Quillfin => Rafael Souza")], "accounts") == [
        ("Quillfin", "handled_by", "Rafael Souza")]


def test_a_system_arrowed_to_a_person_is_owned_by_them():
    assert read_lines([("tom", "ledger-sync → Rafael Souza")], "infra") == [("ledger-sync", "owned_by", "Rafael Souza")]


def test_an_arrow_between_two_things_or_after_a_sentence_hands_nothing_over():
    assert read_lines([("tom", "Quillfin -> Marrow Foods")], "accounts") == []
    assert all(p != "handled_by" for _, p, _ in read_lines([("tom", "we moved Quillfin -> Rafael Souza's team")],
                                                           "accounts"))


def test_a_lone_dash_between_a_company_and_a_person_stays_unread():
    assert read_lines([("tom", "Brackwater Studios - Ines Ferreira")], "general") == []


# --- "I'll take X" -------------------------------------------------------------------------------------------------


def test_a_speaker_taking_an_account_handles_it_under_their_written_name():
    lines = [("jo", "welcome Priya Raman to the accounts crew"), ("priya", "fine, I'll take Tidewell then")]
    assert read_lines(lines, "accounts") == [("Tidewell", "handled_by", "Priya Raman")]


def test_a_handle_that_is_no_written_given_name_is_not_turned_into_one():
    lines = [("jo", "welcome Robert Achebe to the accounts crew"), ("bobby", "I'll take Tidewell, because I'm nice")]
    assert all(o != "Robert Achebe" for _, _, o in read_lines(lines, "accounts"))


def test_an_offer_on_a_condition_or_a_request_is_still_no_claim():
    assert read_lines([("priya", "I'll take Tidewell if nobody else wants it")], "accounts") == []
    assert read_lines([("priya", "can I take Tidewell?")], "accounts") == []
    assert read_lines([("priya", "I could take Tidewell")], "accounts") == []
    # "I can take it" offers, and the team decides later ("Let's decide that in the review")
    assert read_lines([("priya", "I can take Tidewell")], "accounts") == []


# --- rundown labels ------------------------------------------------------------------------------------------------


def test_a_rundown_label_keeps_its_name_as_subject_past_a_parenthesis():
    facts = read_lines([("kim", "Project Heron first: the payments rewrite (iOS + Android in one app), led by "
                                "Tomasz Wojcik, deadline April 9, status in progress.")], "projects")
    assert ("Project Heron", "led_by", "Tomasz Wojcik") in facts
    assert ("Project Heron", "deadline", "April 9") in facts
    assert ("Project Heron", "status", "in progress") in facts
    assert all(s == "Project Heron" for s, _, _ in facts)


def test_a_next_label_carries_into_the_next_sentence_with_a_plan_of_several_words():
    facts = read_lines([("kim", "Marrow Foods next: the retail data deal. plan's Retail Insights Tier 3, renews in "
                                "October.")], "accounts")
    assert ("Marrow Foods", "plan", "Retail Insights Tier 3") in facts
    assert ("Marrow Foods", "renews_in", "October") in facts
    assert all(s == "Marrow Foods" for s, _, _ in facts)


# --- plan names and a message's subject ------------------------------------------------------------------------------


def test_capitalised_words_ending_on_a_tier_before_plan_name_the_plan():
    assert read_lines([("kim", "Tidewell is on the Harbour Premium plan")], "accounts") == [
        ("Tidewell", "plan", "Harbour Premium")]
    assert read_lines([("kim", "Tidewell's plan is Harbour Data Tier 2")], "accounts") == [
        ("Tidewell", "plan", "Harbour Data Tier 2")]


def test_the_name_before_plan_owns_the_tier_after_it():
    assert read_lines([("kim", "Brindle Foods plan is Gold")], "accounts") == [("Brindle Foods", "plan", "Gold")]


def test_a_sentence_opening_on_a_plan_continues_the_message_subject():
    facts = read_lines([("kim", "Tidewell is the streaming bundle one, they pay per seat. Harbour Premium plan, "
                                "renews in June.")], "accounts")
    assert ("Tidewell", "plan", "Harbour Premium") in facts
    assert ("Tidewell", "renews_in", "June") in facts


# --- "our deadline" ------------------------------------------------------------------------------------------------


def test_our_deadline_in_a_thread_is_the_discussed_projects():
    ask = ("lee", "ok, focus. Heron, any blockers Kim?")
    assert read_lines([ask, ("kim", "our deadline slipped to May 2")], "projects") == [("Heron", "deadline", "May 2")]
    facts = read_lines([ask, ("kim", "review moved, so our deadline slipped to May 2")], "projects")
    assert facts == [("Heron", "deadline", "May 2")]


def test_our_deadline_with_nothing_discussed_and_our_plan_state_nothing():
    assert read_lines([("kim", "our deadline slipped to May 2")], "projects") == []
    ask = ("lee", "ok, focus. Heron, any blockers Kim?")
    assert read_lines([ask, ("kim", "our plan is to ship Friday")], "projects") == []
