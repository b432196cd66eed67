"""An account "moved over to" a person is handed to them (not placed somewhere), and a question put to someone by name
("Tuomas, where is the adapter hosted at present?") asks about the channel's topic, not about Tuomas. Written for
these tests."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs, read_lines, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


def test_an_account_moved_over_to_a_person_is_handled_by_them():
    facts = read_one("the Hollander Foundation account has officially moved over to Wanjiru Kamau.", "accounts")
    assert pairs(facts, "handled_by") == {("Hollander Foundation account", "Wanjiru Kamau")}
    assert pairs(facts, "located_in") == set()


@pytest.mark.parametrize(("text", "predicate", "pair"), [
    ("Kai moved over to the Platform team", "member_of", ("Kai", "Platform team")),
    ("ledger-svc moved over to eu-west-2", "deployed_in", ("ledger-svc", "eu-west-2")),
])
def test_moved_over_to_a_team_or_a_region_is_no_handover(text, predicate, pair):
    assert pairs(read_one(text, "infra"), predicate) == {pair}


def test_a_question_put_to_someone_by_name_asks_about_the_channels_topic():
    facts = read_lines([("ingrid", "dcs-adapter is owned by Jonas Holm."),
                        ("ingrid", "Tuomas, where is the adapter hosted at present?"),
                        ("tuomas.virtanen", "Vantaa DC. It has to sit next to the DCS host link.")], "infra")
    assert pairs(facts, "deployed_in") == {("dcs-adapter", "Vantaa DC")}


def test_nothing_is_deployed_in_the_person_asked():
    facts = read_lines([("ingrid", "Tuomas, where is the adapter hosted at present?"),
                        ("tuomas.virtanen", "Vantaa DC. It has to sit next to the DCS host link.")], "infra")
    assert pairs(facts, "deployed_in") == set()
