"""Extractor, round twelve: what a project uses, said in a reply to a question about its tools, in a bulleted
list, as "we're using X for Y", or as "the stack is X + Y"; filed under the project the channel is talking about,
never under a person, a tool or the channel itself."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import read_lines

pytestmark = pytest.mark.filterwarnings("ignore")


def _uses(facts: list[tuple[str, str, str]]) -> set[tuple[str, str]]:
    return {(s, o) for s, p, o in facts if p == "uses"}


@pytest.mark.parametrize(
    ("question", "reply", "expected"),
    [
        ("what's the stack on it?", "Chargebee for billing, and Notion as the runbook",
         {("Project Marrow", "Chargebee"), ("Project Marrow", "Notion")}),
        ("what are they building it on", "Remix + Neon mostly",
         {("Project Marrow", "Remix"), ("Project Marrow", "Neon")}),
        ("what are they using for transcription?", "Deepgram, and the summaries run on Modal for now",
         {("Project Marrow", "Deepgram"), ("Project Marrow", "Modal")}),
        ("which stack", "- clickhouse as the store\n- dagster for jobs\n- meltano for loading",
         {("Project Marrow", "clickhouse"), ("Project Marrow", "dagster"), ("Project Marrow", "meltano")}),
    ],
)
def test_a_reply_to_a_tool_question_lists_the_projects_tools(question: str, reply: str,
                                                              expected: set[tuple[str, str]]) -> None:
    lines = [("ola", "Project Marrow kicks off today, Wren Adebayo leads it"), ("tim", question), ("ola", reply)]
    assert _uses(read_lines(lines, "ad-hoc")) == expected


def test_a_named_project_in_the_tool_question_is_the_subject() -> None:
    lines = [("ola", "Project Marrow kicks off today"), ("tim", "what's Juniper using"), ("ola", "Retool and Segment")]
    assert _uses(read_lines(lines, "ad-hoc")) == {("Juniper", "Retool"), ("Juniper", "Segment")}


def test_a_negated_item_in_the_reply_is_no_tool() -> None:
    lines = [("ola", "Project Marrow kicks off today"), ("tim", "what's it built on?"),
             ("ola", "no Oracle. Polars on Snowpark, nothing else")]
    assert _uses(read_lines(lines, "ad-hoc")) == {("Project Marrow", "Polars"), ("Project Marrow", "Snowpark")}


def test_a_person_named_in_reply_to_a_tool_question_is_no_tool() -> None:
    lines = [("ola", "Project Marrow kicks off today"), ("tim", "what are they using for labelling?"),
             ("ola", "Priya Shah, mostly")]
    assert _uses(read_lines(lines, "ad-hoc")) == set()


def test_a_region_question_with_running_in_it_asks_no_tools() -> None:
    lines = [("ola", "Project Marrow kicks off today"), ("tim", "which region is it running in?"),
             ("ola", "eu-central-1, close to the users")]
    assert _uses(read_lines(lines, "ad-hoc")) == set()


def test_the_stack_named_in_a_statement_belongs_to_the_channels_project() -> None:
    lines = [("ola", "Project Marrow kicks off today, Wren Adebayo leads it"),
             ("tim", "stack's Postgres + hasura + Vercel, same as before")]
    assert _uses(read_lines(lines, "ad-hoc")) == {
        ("Project Marrow", "Postgres"), ("Project Marrow", "hasura"), ("Project Marrow", "Vercel")}


def test_a_projects_own_stack_names_it() -> None:
    lines = [("ola", "Juniper's stack is Retool on top of the old Postgres, nothing fancy.")]
    assert _uses(read_lines(lines, "ad-hoc")) == {("Juniper", "Retool")}


def test_a_stack_of_something_else_lists_no_tools() -> None:
    lines = [("ola", "Project Marrow kicks off today"),
             ("tim", "Reminder: the failover drill for the billing stack is Thursday 10:00")]
    assert _uses(read_lines(lines, "ad-hoc")) == set()


def test_we_are_using_names_the_tools_of_the_project_talked_about() -> None:
    lines = [("ola", "Project Marrow kicks off today, Wren Adebayo leads it"), ("tim", "status?"),
             ("ola", "in progress. we're using Blender for the props and Linear for everything else")]
    assert _uses(read_lines(lines, "ad-hoc")) == {("Project Marrow", "Blender"), ("Project Marrow", "Linear")}


def test_a_general_channel_greeted_by_name_is_no_subject() -> None:
    lines = [("ola", "hiya ad-hoc, reminder that Project Marrow is due June 3. it's led by Wren Adebayo")]
    facts = read_lines(lines, "ad-hoc")
    assert ("Project Marrow", "led_by", "Wren Adebayo") in facts
    assert not any(s == "ad-hoc" for s, _, _ in facts)


@pytest.mark.parametrize("reply", ["brb, lunch at Nando's", "lol no idea", "ask Priya, she knows"])
def test_chatter_after_a_tool_question_names_no_tool(reply: str) -> None:
    lines = [("ola", "Project Marrow kicks off today, Wren Adebayo leads it"), ("tim", "what's the stack on it?"),
             ("ola", reply)]
    assert _uses(read_lines(lines, "ad-hoc")) == set()


def test_lunch_at_a_place_names_no_tool() -> None:
    lines = [("ola", "Project Marrow kicks off today, Wren Adebayo leads it"), ("tim", "lunch at Nando's, anyone?")]
    assert read_lines(lines, "ad-hoc") == []


def test_a_name_a_person_is_said_to_go_by_is_kept_as_their_alias():
    from memories.extractor import RuleExtractor

    x = RuleExtractor()
    said = x.extract("next: Kitefall, led by Odile Marchetti aka OM aka the one who asked", channel="ad-hoc")
    assert ("Odile Marchetti", "OM", 1.0) in said.aliases
    assert ("Bruno Salas", "Bru", 1.0) in x.extract("Bruno Salas (aka Bru) joins today").aliases
    assert not x.extract("the Berlin office aka HQ").aliases  # a person's name only


@pytest.mark.parametrize("text, alias", [
    ("It also calls the Pricing Service (pricer) for refunds", ("Pricing Service", "pricer", 1.0)),
    ("1. Sensor Ingest Pipeline (we just say 'ingest') for raw readings", ("Sensor Ingest Pipeline", "ingest", 1.0)),
    ("Driver App Backend (DAB) depends on Tips Service", ("Driver App Backend", "DAB", 1.0)),
])
def test_a_short_name_made_from_a_thing_s_name_in_brackets_is_its_alias(text, alias):
    from memories.extractor import RuleExtractor

    assert alias in RuleExtractor().extract(text, channel="infra").aliases


@pytest.mark.parametrize("text", ["Route Optimizer (Jamie) is P1", "Driver App Backend (P0) is down",
                                  "Pricing Service (new) goes live"])
def test_a_bracketed_word_not_made_from_the_name_is_no_alias(text):
    from memories.extractor import RuleExtractor

    assert not RuleExtractor().extract(text, channel="infra").aliases


def test_a_statement_reads_on_past_a_short_name_in_brackets():
    from memories.extractor import RuleExtractor

    said = RuleExtractor().extract("The Pricing Service (pricer) is P1", channel="infra")
    assert [(f.subject, f.predicate, f.object) for f in said.facts] == [("Pricing Service", "priority", "p1")]
    assert said.aliases == [("Pricing Service", "pricer", 1.0)]


def test_a_fact_about_the_short_name_lands_on_the_named_thing(hash_embedder):
    from memories.graph import GraphMemory
    from memories.protocol import MemoryConfig
    from tests.memories.graph_chat import turn

    memory = GraphMemory(MemoryConfig(extraction="rules"), hash_embedder)
    memory.ingest(turn(0, "Driver App Backend (DAB) depends on Tips Service"))
    assert memory.store.resolve("DAB") == memory.store.resolve("Driver App Backend") is not None
    edges = [(memory.store.name_of(e.subject), e.predicate) for e in memory.store.edges()]
    assert ("Driver App Backend", "depends_on") in edges
