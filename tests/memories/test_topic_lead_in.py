"""A channel's topic in the hybrid's lead-in (commit 2c2c170): a short reply is read with the turn that last named
a thing in its channel ("next: crew-dispatch-api."), even when that turn is further back than REPLY_REACH."""

from __future__ import annotations

import pytest

from memories.answer import Answer, ContextItem, Trace
from memories.hybrid import REPLY_REACH, HybridMemory
from memories.protocol import MemoryConfig
from memories.slot_reader import names_a_thing, read_slot
from scenarios.models import PREDICATES, Turn

TOPIC = "next: crew-dispatch-api. this one I'm more nervous about"
REPLY = "eu-north-1, moved there in the spring"
CHAT = [
    ("infra", "maya", TOPIC),  # 0
    ("infra", "omar", "rightly! it's P1"),  # 1
    ("infra", "maya", "who owns it?"),  # 2
    ("infra", "omar", "Grid Ops team, ping me or Gareth"),  # 3
    ("infra", "maya", "and it runs in…?"),  # 4
    ("infra", "omar", REPLY),  # 5
]


def _memory(embedder, chat=CHAT) -> HybridMemory:
    memory = HybridMemory(MemoryConfig(extraction="rules"), embedder)
    memory.ingest_many([Turn(index=i, speaker=s, text=t, channel=c) for i, (c, s, t) in enumerate(chat)])
    return memory


def _item(chat, index: int) -> ContextItem:
    _, speaker, text = chat[index]
    return ContextItem(text=f"{speaker}: {text}", turns=[index], score=0.5, rank=1)


# --- names_a_thing ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", [TOPIC, "Kadam Pharma is on Platinum"])
def test_a_message_naming_a_system_or_a_customer_names_a_thing(text):
    assert names_a_thing(text)


@pytest.mark.parametrize("text", ["Grid Ops team as a whole, ping me or Gareth", "thanks Priya!", "it's P1"])
def test_a_message_naming_only_people_teams_or_values_names_no_thing(text):
    assert not names_a_thing(text)


@pytest.mark.parametrize("text", ["who owns it?", "and it runs in…?", REPLY])
def test_a_reply_with_only_pronouns_or_a_region_names_no_thing(text):
    assert not names_a_thing(text)


def test_a_speaker_prefix_does_not_stop_a_message_naming_a_thing():
    assert names_a_thing("maya: next: crew-dispatch-api.")


# --- HybridMemory._lead_in ----------------------------------------------------------------------------------------


def test_a_reply_is_led_in_by_the_turn_that_named_its_channels_topic(hash_embedder):
    assert 5 - REPLY_REACH > 0  # turn 0 is out of the reach of the turns just before
    lead_in = _memory(hash_embedder)._lead_in(_item(CHAT, 5))
    assert lead_in[0] == TOPIC
    assert lead_in[1:] == [text for _, _, text in CHAT[5 - REPLY_REACH : 5]]


def test_a_topic_already_within_reach_is_not_repeated(hash_embedder):
    lead_in = _memory(hash_embedder)._lead_in(_item(CHAT, 2))
    assert lead_in == [TOPIC, CHAT[1][2]]


def test_the_turn_that_names_the_topic_is_not_its_own_lead_in(hash_embedder):
    assert _memory(hash_embedder)._lead_in(_item(CHAT, 0)) == []


def test_a_later_turn_naming_another_thing_becomes_the_topic(hash_embedder):
    chat = [*CHAT[:5], ("infra", "maya", "next: geo-tiles. easier one"), *CHAT[1:5], ("infra", "omar", REPLY)]
    lead_in = _memory(hash_embedder, chat)._lead_in(_item(chat, len(chat) - 1))
    assert lead_in[0] == "next: geo-tiles. easier one"
    assert TOPIC not in lead_in


def test_a_turn_of_another_channel_never_becomes_the_topic(hash_embedder):
    chat = [*CHAT[:5], ("accounts", "lena", "Kadam Pharma is on Platinum"), ("infra", "omar", REPLY)]
    lead_in = _memory(hash_embedder, chat)._lead_in(_item(chat, 6))
    assert lead_in[0] == TOPIC
    assert "Kadam Pharma is on Platinum" not in lead_in


def test_a_channel_whose_only_named_thing_was_in_another_channel_has_no_topic(hash_embedder):
    chat = [("accounts", "lena", "Kadam Pharma is on Platinum"), *CHAT[1:]]
    lead_in = _memory(hash_embedder, chat)._lead_in(_item(chat, 5))
    assert lead_in == [text for _, _, text in chat[5 - REPLY_REACH : 5]]


def test_reset_forgets_the_channels_topic(hash_embedder):
    memory = _memory(hash_embedder)
    memory.reset()
    # the same channel again, its opening turn naming nothing: the old topic must not lead in
    chat = [("infra", "maya", "morning all"), *CHAT[1:]]
    memory.ingest_many([Turn(index=i, speaker=s, text=t, channel=c) for i, (c, s, t) in enumerate(chat)])
    lead_in = memory._lead_in(_item(chat, 5))
    assert TOPIC not in lead_in
    assert lead_in == [text for _, _, text in chat[5 - REPLY_REACH : 5]]


# --- reading the slot through the topic ---------------------------------------------------------------------------


def test_read_slot_with_the_lead_in_finds_the_region_a_reply_gives(hash_embedder):
    memory = _memory(hash_embedder)
    wanted = PREDICATES["deployed_in"][1]
    found = read_slot("crew-dispatch-api", wanted, [_item(CHAT, 5)], lead_in=memory._lead_in)
    assert found is not None and found[0] == "eu-north-1" and found[1].turns == [5]


def test_read_slot_without_a_lead_in_finds_nothing_in_the_bare_reply(hash_embedder):
    # the control: the reply alone never names crew-dispatch-api
    wanted = PREDICATES["deployed_in"][1]
    assert read_slot("crew-dispatch-api", wanted, [_item(CHAT, 5)]) is None


def test_a_typed_read_of_deployed_in_answers_with_the_region_of_the_reply(hash_embedder):
    memory = _memory(hash_embedder)
    question = "where does crew-dispatch-api run these days?"
    vector = Answer(backend="vector", context=[_item(CHAT, 5)], trace=Trace(backend="vector"))
    read = memory._typed_read(question, vector, "crew-dispatch-api", "deployed_in", None)
    assert read.text == "eu-north-1"
    assert read.context[read.trace.reader_pick].turns == [5]


# --- what keeps a topic (written for these tests) ------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    "No cupboard! It's on AWS, the Cape Town region.",  # a sentence pointing back before it names anything
    "Where does it live? Is it in the rack at Westlands?",
    "Cape Town! Fancy. And if it goes down, how bad is it?",  # an everyday word on its own is a remark
])
def test_a_turn_that_points_back_to_its_topic_names_no_new_one(text):
    assert not names_a_thing(text)


def test_next_opens_a_new_topic_whatever_its_case(hash_embedder):
    assert names_a_thing("maya: next: beacon. anyone know why it's in us-west-2?")
    chat = [("infra", "maya", "tally-meter alone is 18% of compute"), ("infra", "omar", "and it writes to pgmain"),
            ("infra", "maya", "next: beacon. anyone know why it's in us-west-2?"), ("infra", "omar", "no idea"),
            ("infra", "maya", "who owns it?"), ("infra", "omar", "Ravi Menon")]
    memory = _memory(hash_embedder, chat)
    # the reply's lead-in reaches back to the turn that opened the topic, a bare message read as a transcript line
    assert memory._topic_of[5] == 2 and memory._topic_of[3] == 2


def test_a_reply_pointing_back_keeps_the_topic_it_answers(hash_embedder):
    chat = [("infra", "auma", "first one: tally-hub. who owns it?"), ("infra", "tom", "mine, Tom Mwangi"),
            ("infra", "auma", "where does it live?"), ("infra", "tom", "It's on AWS, af-south-1."),
            ("infra", "auma", "Fancy. And if it goes down, how bad is it?"), ("infra", "tom", "It's a P1.")]
    memory = _memory(hash_embedder, chat)
    assert memory._topic_of[5] == 0


@pytest.mark.parametrize("line", ["omar.k: Kadam Pharma is on Platinum", "sam: ok so Kadam Pharma renews in May"])
def test_a_transcript_line_is_read_without_its_speaker(line):
    assert names_a_thing(line)
