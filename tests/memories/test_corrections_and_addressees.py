"""Corrections and people addressed, written for these tests: a month or a priority denied right after the word
for it, with the new one later in the sentence ("renewal not May, they extended - now is July"); a tier signed
for ("they signed Premium") after a tier struck out ("scratch Standard"), which no pronoun stands for; a given
name closing a question ("deadline Sofía?"), which asks that person and not about them; and a month's short
name before a family name ("Jan Pietrzak")."""

from __future__ import annotations

import pytest

from memories.mentions import KnownNames, find_mentions, sentences
from tests.memories.extractor_reading import pairs, read_lines, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.mark.parametrize("text", [
    "small correction to my list: Polar Bay renewal not May, they extended - now is July",
    "Polar Bay renewal not May but July",
])
def test_a_value_denied_after_its_word_gives_way_to_the_new_one(text):
    assert pairs(read_one(text, "accounts"), "renews_in") == {("Polar Bay", "July")}


def test_a_value_denied_after_its_word_is_no_fact_alone():
    assert pairs(read_one("Polar Bay renewal not May", "accounts"), "renews_in") == set()


def test_a_tier_signed_for_is_the_plan_and_a_tier_struck_out_is_no_antecedent():
    facts = read_lines([("joost", "Nordhavn Container Line is on Standard"),
                        ("joost", "update Nordhavn: scratch Standard. they signed Premium yesterday 16:30")],
                       "accounts")
    assert pairs(facts, "plan") == {("Nordhavn Container Line", "Premium")}
    assert pairs(read_one("Nordhavn signed the contract yesterday", "accounts"), "plan") == set()


def test_a_given_name_closing_a_question_is_the_one_asked():
    facts = read_lines([("sofia.r", "STS 3 spreader telemetry project started yesterday, I lead it"),
                        ("tomek.k", "deadline Sofía?"), ("sofia.r", "31 October. before winter wind")], "ad-hoc")
    deadlines = pairs(facts, "deadline")
    assert deadlines and all(subject not in ("Sofia", "Sofía") for subject, _ in deadlines)


def test_a_months_short_name_before_a_family_name_is_a_person():
    text = "Jan Pietrzak took crane-hist"
    names = [m.name for m in find_mentions(sentences(text)[0], text, known=KnownNames([]), learned=lambda _: None,
                                           resolve_pronoun=lambda kind, so_far: None)]
    assert names == ["Jan Pietrzak", "crane-hist"]
    assert pairs(read_one(text, "infra"), "owned_by") == {("crane-hist", "Jan Pietrzak")}
    assert not [m for m in find_mentions(sentences("Jan 12 is the deadline")[0], "Jan 12 is the deadline",
                                         known=KnownNames([]), learned=lambda _: None,
                                         resolve_pronoun=lambda kind, so_far: None)]


def test_a_person_has_no_deadline_and_a_shouted_adverb_is_no_name():
    facts = read_lines([("ines", "Ines Carvalho here, I lead the Braze Move"),
                        ("ines", "1 oct. moving the sends to braze, current cron is held together w/ tape")], "ad-hoc")
    assert all(subject not in ("ines", "Ines Carvalho") for subject, _ in pairs(facts, "deadline"))
    text = "ok bad news: trailer deadline moved UP to aug 13"
    assert "UP" not in [m.name for m in find_mentions(sentences(text)[0], text, known=KnownNames([]),
                                                      learned=lambda _: None,
                                                      resolve_pronoun=lambda kind, so_far: None)]
