"""Wordings of a formal operations manager and of a game studio's build chat, written for these tests: a pair of
dashes sets an aside off a name as brackets do ("Project Kestrel — moving the runners to k8s — led by ..."); a reason
after "because" or "bc" is a clause of its own, whose "it" is no object of the verb before it; a handle of a given
and a family name ("ines.varga") is that person; "I'm Fleet Systems" puts the speaker in a team named like a company;
a system runs in "the Hamar datacentre"; a studio is a workplace."""

from __future__ import annotations

import pytest

from memories.answer import ContextItem
from memories.mentions import KnownNames, find_mentions, sentences, speaker_name
from memories.question import parse_question
from memories.slot_reader import read_slot
from memories.truecase import restore_names
from tests.memories.extractor_reading import pairs, read_lines, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


def test_a_pair_of_dashes_sets_an_aside_off_a_name():
    facts = read_one("Project Kestrel — moving the runners onto k8s — led by Tomasz Wrona", "ad-hoc")
    assert pairs(facts, "led_by") == {("Project Kestrel", "Tomasz Wrona")}
    facts = read_one("Ledgerpipe — payment ingest for the stores — owned by Amara Osei, and it depends on Vaultd",
                     "infra")
    assert pairs(facts, "owned_by") == {("Ledgerpipe", "Amara Osei")}
    assert pairs(facts, "described_as") == {("Ledgerpipe", "payment ingest for the stores")}


def test_one_dash_still_ends_a_clause():
    # the part after a lone dash is its own clause: "Ledgerpipe" is not its subject by way of the dash alone
    facts = read_one("Ledgerpipe is P2 — Amara Osei owns Vaultd", "infra")
    assert ("Ledgerpipe", "Amara Osei") not in pairs(facts, "owned_by")


def test_a_reason_is_a_clause_of_its_own():
    facts = read_lines([("kai", "Kestrel runs on Argo, target is Nov 30"),
                        ("ruth", "release train for s6 — i'm leading, Ruth Abara, bc nobody else would take it")],
                       "ad-hoc")
    assert pairs(facts, "led_by") == set()


@pytest.mark.parametrize(("handle", "name"), [
    ("ines.varga", "Ines Varga"), ("mei_lin", "Mei Lin"), ("priya.n", "Priya N"), ("rahul", "rahul"),
    ("agent_b", None),
])
def test_a_handle_reads_as_the_name_it_spells(handle, name):
    assert speaker_name(handle) == name


def test_the_extractor_stores_a_first_and_last_name_handle_as_the_person():
    facts = read_one("I'm in the Fleet Systems team.", "infra", speaker="ines.varga")
    assert pairs(facts, "member_of") == {("Ines Varga", "Fleet Systems team")}
    # a nickname that is no given name stays the handle it is
    facts = read_one("I'm in the Fleet Systems team.", "infra", speaker="qx_ops")
    assert pairs(facts, "member_of") == {("qx_ops", "Fleet Systems team")}


def _items(*lines: tuple[str, str]) -> list[ContextItem]:
    return [ContextItem(text=f"{who}: {text}", turns=[i], rank=i + 1) for i, (who, text) in enumerate(lines)]


def test_a_team_named_like_a_company_is_a_team_when_a_person_is_it():
    read = read_slot("Ines Varga", "team", _items(("ines.varga", "And I'm Fleet Systems, if you need mine too.")))
    assert read is not None and read[0] == "Fleet Systems"
    # said of a customer, the same shape is still no team
    assert read_slot("Ines Varga", "team", _items(("ines.varga", "I handle Fleet Systems now."))) is None


def test_a_site_head_places_the_name_before_it():
    read = read_slot("stock-db", "region", _items(
        ("ola.berg", "stock-db is mine. It runs in the Hamar datacentre, on the old racks.")))
    assert read is not None and read[0] == "Hamar datacentre"


def test_a_studio_is_a_workplace():
    assert parse_question("which studio is the patcher lead at").expected_types == ("office",)
    facts = read_one("nico's at the vilnius studio now", "ad-hoc")
    assert any(o == "Vilnius studio" or o.casefold() == "vilnius studio" for _, o in pairs(facts, "works_in"))


@pytest.mark.parametrize(("text", "region"), [
    ("fyi claims-api runs in azure south africa north, not aws", "Azure South Africa North"),
    ("ours. k8s cluster in aws eu west", "AWS EU West"),
])
def test_a_cloud_region_typed_in_lowercase_is_one_region(text, region):
    found = [m for s in sentences(text) for m in find_mentions(
        s, text, known=KnownNames([]), learned=lambda _: None, resolve_pronoun=lambda kind, so_far: None)]
    assert [m.name for m in found if m.types == {"region"}] == [region]
    assert pairs(read_one("claims-hub runs in azure south africa north now", "infra"), "deployed_in") == {
        ("claims-hub", "Azure South Africa North")}


def test_a_place_and_a_compass_point_are_no_persons_name():
    assert "North" not in restore_names("it runs in africa north")  # (no family name after a place)
    assert restore_names("ask tomasz nowak") == "ask Tomasz Nowak"


def test_a_ticket_or_change_record_names_nothing():
    text = "raised CC-2302 for the LIMS move, INC-5588 closed, FIN-1907 pending"
    found = [m for s in sentences(text) for m in find_mentions(
        s, text, known=KnownNames([]), learned=lambda _: None, resolve_pronoun=lambda kind, so_far: None)]
    assert [m.name for m in found] == ["LIMS"]


def test_a_full_name_after_its_bearers_handle_is_known_stays_whole():
    facts = read_lines([("thandi", "billing-gw is mine, it eats from kafka"),
                        ("sipho", "Thandi Mokoena owns billing-gw, she's on the messaging team")], "infra")
    assert pairs(facts, "owned_by") == {("billing-gw", "Thandi Mokoena")}
