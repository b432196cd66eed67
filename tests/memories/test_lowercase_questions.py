"""Questions and statements typed in lower case by terse chat: what the parser and the readers make of them."""

from __future__ import annotations

from memories.answer import ContextItem
from memories.graph import GraphMemory
from memories.protocol import MemoryConfig
from memories.question import parse_question
from memories.reader import read
from memories.slot_reader import read_slot


def _item(text: str, turn: int, score: float = 1.0) -> ContextItem:
    return ContextItem(text=text, turns=[turn], score=score)


def test_a_lower_case_nickname_s_team_asks_for_their_team():
    q = parse_question("kev's team?")
    assert q.mentions == ["kev"]
    assert q.relations == ["member_of"] and q.expected_type == "team"


def test_an_owner_s_team_goes_one_step_past_the_owner():
    q = parse_question("ordernet owner's team?")
    assert q.mentions == ["ordernet"]
    assert q.relations == ["owned_by", "member_of"] and q.expected_type == "team"


def test_a_given_name_in_which_town_is_placed_by_the_office_they_work_in():
    graph = GraphMemory(MemoryConfig(), None)
    assert graph.parse("owen's in which town?").relations == ["works_in", "located_in"]


def test_a_he_after_a_nickname_makes_it_a_person():
    graph = GraphMemory(MemoryConfig(), None)
    q = graph.parse("deano - what town is he in?")
    assert q.mentions == ["deano"]
    assert q.relations == ["works_in", "located_in"]
    # without the pronoun, a made-up word is no one's name: no route is guessed
    assert graph.parse("deano - what town is it in?").relations != ["works_in", "located_in"]


def test_w_slash_is_read_as_with_and_joins_no_name():
    q = parse_question("so who ended up w/ maternacare")
    assert q.mentions == ["maternacare"]
    assert q.expected_type == "person"


def test_lower_case_tier_words_side_by_side_are_one_plan():
    items = [_item("nat: first one - veridian health. plan?", 0), _item("gary: enterprise premier. 24/7 sev1 cover", 1)]
    found = read_slot("Veridian Health", "plan", items[1:], lead_in=lambda item: [items[0].text])
    assert found is not None and found[0] == "enterprise premier"


def test_a_short_acronym_keeps_the_lower_case_words_of_its_name():
    items = [_item("steve: fyi the lims migration got pulled fwd, it's in azure uk south as of last night", 3)]
    found = read_slot("lims", "region", items)
    assert found is not None and found[0].casefold() == "azure uk south"


def test_an_acronym_after_a_head_noun_is_not_joined_to_it():
    items = [_item("nat: for the sheet: manchester office uk, krakow office poland", 3)]
    found = read_slot("Manchester office", "region", items)
    assert found is not None and found[0] == "UK"


def test_a_reply_that_opens_with_me_goes_on_to_the_name():
    asked = "jo: who owns mercury?"
    items = [_item("steve_p: me. steve price if ur filling the cmdb in", 5)]
    found = read_slot("mercury", "person", items, lead_in=lambda item: [asked])
    assert found is not None and found[0].casefold() == "steve price"


def test_chat_shorthand_is_never_read_as_an_entity():
    items = [_item("nat: also need everyone's base site, reply w/ office", 0)]
    assert read_slot("nat", "office", items) is None


def test_the_general_reader_skips_apostrophe_less_function_words():
    answer = read("who owns mercury?", [_item("jo: whats mercury again sorry", 0, 0.9),
                                        _item("claire: Steve Price owns mercury", 1, 0.8)])
    assert answer.text == "Steve Price"
