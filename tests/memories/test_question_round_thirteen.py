"""Question wordings from the thirteenth parser round, on names and phrasings written for these tests: a verb right
after "who" or "which <type>", nouns inside a description, asking whom to contact about something, "where are we
with X", phrasal verbs and wh-words inside a description, "sit with", moving onto a tool, and a trailing purpose."""

from __future__ import annotations

from memories.question import complete, parse_descriptive, parse_question

CONTACT = {"handled_by", "led_by", "owned_by"}


def test_a_cue_right_after_who_is_the_question_verb_not_a_modifier():
    parsed = parse_question("who's heading ledger sync v3?")
    assert parsed.relations == ["led_by"]
    assert parsed.mentions == ["ledger sync v3"]


def test_a_cue_right_after_which_type_noun_is_the_question_verb():
    parsed = parse_question("which squad maintains quillfeather?")
    assert parsed.relations == ["owned_by", "member_of"]
    assert parsed.mentions == ["quillfeather"]


def test_a_noun_after_a_relative_word_does_not_type_the_description():
    # "walkers" is no head: the thing is not a person, so "running" is not walked back from one and repeated
    parsed = parse_descriptive("who's running the thing where dog owners book slots on a tablet?")
    assert parsed is not None
    assert parsed.relations == ["led_by"]


def test_the_typed_completion_never_walks_straight_back_along_the_last_hop():
    chain = complete([], "project", ("person",), 2, back_last="led_by")
    assert chain and chain[0].best != "led_by"
    assert complete([], "project", ("person",), 2)[0].best == "led_by"


def test_a_person_noun_compounded_inside_a_relative_clause_is_no_relation():
    parsed = parse_question("who maintains the job that emails shop managers every friday?")
    assert parsed.relations == ["owned_by"]
    assert "managers" in parsed.mentions[0]


def test_a_role_noun_outside_a_relative_clause_still_reads_as_a_relation():
    assert parse_question("who's the payments owner?").relations == ["owned_by"]


def test_whom_to_talk_to_about_something_asks_who_answers_for_it():
    for question in ("who do I talk to about the ferry booking app?",
                     "who should I ping regarding the harbour pilot?",
                     "who can I bug about the tea importer we signed?",
                     "who's our contact person for the tile wholesaler in Porto?",
                     "who do I chase for the loyalty export?"):
        parsed = parse_question(question)
        assert parsed.slots[0].source == "lexicon", question
        assert {p for p, _ in parsed.slots[0].alternatives} == CONTACT, question
        assert "depends_on" not in parsed.relations, question


def test_whom_to_contact_picks_the_relation_the_anchor_type_has():
    parsed = parse_question("who do I talk to about the Bellwether account?")
    assert parsed.relations == ["handled_by"]
    parsed = parse_question("who should I ping about the Lantern project?")
    assert parsed.relations == ["led_by"]


def test_talking_to_something_without_asking_who_still_reads_as_a_call():
    assert parse_question("what does the quote engine talk to?").relations[0] == "depends_on"


def test_where_are_we_with_something_asks_its_status():
    for question in ("where are we with the reminder emails revamp?", "where do we stand on the Lantern project?",
                     "where are things with the kiosk rollout?"):
        parsed = parse_question(question)
        assert parsed.expected_type == "status", question
        assert "deployed_in" not in parsed.relations and "located_in" not in parsed.relations, question


def test_where_something_is_deployed_still_asks_a_place():
    assert parse_question("where is the quote engine deployed?").expected_types == ("office", "region")


def test_works_out_is_a_doing_verb_and_a_later_how_belongs_to_the_description():
    parsed = parse_question("who's responsible for the thing that works out how busy each depot is?")
    assert parsed.relations == ["owned_by"]
    assert parsed.mentions == ["the thing that works out how busy each depot"]


def test_works_out_of_still_names_an_office():
    parsed = parse_question("which office does Ottilie work out of?")
    assert parsed.relations[0] == "works_in"


def test_sitting_with_a_team_is_membership():
    assert parse_question("which team does Ottilie sit with these days?").relations == ["member_of"]


def test_moving_onto_a_tool_asks_what_it_uses():
    parsed = parse_question("what is the reporting stack moving onto?")
    assert parsed.relations[0] == "uses"


def test_what_something_gets_its_data_through_is_a_dependency():
    parsed = parse_question("who do I chase for the feed Quillon gets its prices through?")
    assert parsed.relations[0] == "depends_on"
    assert parsed.relations[1] in CONTACT


def test_a_trailing_purpose_clause_is_neither_mention_nor_relation():
    for parse in (parse_question, parse_descriptive):
        parsed = parse("which city is Marisol in, for the visa form?")
        assert parsed is None or not any("visa" in m for m in parsed.mentions)
    parsed = parse_question("which city is Marisol in, for the visa form?")
    assert parsed.mentions == ["Marisol"]


def test_whom_to_contact_about_a_thing_of_unknown_kind_asks_its_owner_first():
    parsed = parse_question("who should I talk to about the gizmo that tallies how many parcels bounce?")
    assert parsed.relations == ["owned_by"]
    assert parsed.relation_scores == [1.0]
