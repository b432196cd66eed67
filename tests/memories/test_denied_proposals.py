"""A value stated with a question tagged on ("bhekani renewal is aug per my notes, still right?") and a reply that
denies it and gives another ("nope, moved. september now"), written for these tests: the reply corrects it."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import read_lines

pytestmark = pytest.mark.filterwarnings("ignore")

OPENING = ("thandi", "Bhekani Transport is Nomvula's account")
ASKED = ("thandi", "bhekani renewal is aug per my notes, still right?")


def test_a_denying_reply_with_a_value_of_the_same_kind_corrects_the_tagged_statement():
    facts = read_lines([OPENING, ASKED, ("nomvula", "nope, moved. september now, they wanted it lined up")],
                       "accounts")
    assert ("Bhekani Transport", "renews_in", "September") in facts


def test_a_denying_reply_without_a_value_states_nothing():
    assert not read_lines([OPENING, ASKED, ("nomvula", "nope, no idea who told you that")], "accounts")


def test_a_confirming_reply_keeps_the_stated_value():
    facts = read_lines([OPENING, ASKED, ("nomvula", "yep, still August")], "accounts")
    assert all(f[2] == "August" for f in facts if f[1] == "renews_in")
