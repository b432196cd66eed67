"""The grading rule: short answers that contain an accepted answer as whole words, after normalisation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from memories.answer import Answer, Candidate, Trace
from scenarios.models import Question
from simulator.scoring import MAX_WORDS, grade, judge, needed_ranks, normalise


def test_normalise_casefolds_strips_punctuation_and_a_leading_the():
    assert normalise("  The  Berlin-Office!! ") == "berlin office"
    assert normalise("Dana's") == "danas"
    assert normalise("THE THE Band") == "the band"  # only one leading "the" is dropped
    assert normalise("Theodore") == "theodore"  # "the" as a prefix of a word is not an article


def test_exact_answer_is_correct_whatever_the_case_and_punctuation():
    assert grade("dana.", ["Dana"])
    assert grade("DANA", "Dana")
    assert grade('"Dana"', ["Dana"])


def test_a_longer_word_does_not_count_as_the_accepted_word():
    assert not grade("Trustworthy", ["Trust"])
    assert not grade("Berliner", ["Berlin"])
    assert grade("Trust", ["Trust"])


def test_an_answer_containing_the_accepted_words_is_correct():
    assert grade("the Berlin office", ["Berlin"])
    assert grade("Dana in Berlin", ["Berlin office", "Berlin"])
    assert grade("The Berlin office.", ["the Berlin office"])


def test_an_accepted_multiword_answer_must_appear_as_a_whole():
    assert not grade("Berlin", ["Berlin office"])
    assert not grade("office Berlin", ["Berlin office"])


def test_a_leading_article_on_either_side_does_not_matter():
    assert grade("Platform team", ["the Platform team"])
    assert grade("the Platform team", ["Platform team"])


def test_nine_word_answers_are_wrong_even_when_they_contain_the_answer():
    eight = "it is Dana who handles that account now"
    nine = "I think it is Dana who handles that account"
    assert len(eight.split()) == MAX_WORDS and grade(eight, ["Dana"])
    assert len(nine.split()) == MAX_WORDS + 1 and not grade(nine, ["Dana"])


def test_stray_punctuation_tokens_are_not_counted_as_words():
    assert grade("Dana - it is Dana who handles that account", ["Dana"])  # 8 words and a dash


def test_empty_or_punctuation_only_answers_are_wrong():
    assert not grade("", ["Dana"])
    assert not grade("   ", ["Dana"])
    assert not grade("?!", ["?!"])


def test_no_accepted_answer_means_nothing_is_correct():
    assert not grade("Dana", [])
    assert not grade("Dana", [""])


def test_numbers_and_dates_match_through_punctuation():
    assert grade("P1", ["p1"])
    assert grade("due 2025-03-01", ["2025-03-01"])
    assert not grade("2025-03-011", ["2025-03-01"])


@given(st.text(max_size=200), st.lists(st.text(max_size=30), max_size=3))
def test_grade_never_raises(answer, accepted):
    assert grade(answer, accepted) in (True, False)


def _trace(*turns: int) -> Trace:
    return Trace(backend="vector", candidates=[Candidate(turn=t, score=1.0 / r, rank=r) for r, t in enumerate(turns, 1)])


def test_needed_ranks_gives_each_evidence_turn_its_rank_or_none():
    assert needed_ranks(_trace(7, 3, 12), [3, 12, 40]) == {3: 2, 12: 3, 40: None}


def test_needed_ranks_keeps_the_best_rank_of_a_turn_found_twice():
    trace = Trace(backend="recursive", candidates=[
        Candidate(turn=5, score=0.9, rank=1), Candidate(turn=9, score=0.8, rank=2, round=2),
        Candidate(turn=9, score=0.95, rank=1, round=1),
    ])
    assert needed_ranks(trace, [9]) == {9: 1}


def test_needed_ranks_without_candidates_is_all_none():
    assert needed_ranks(Trace(backend="graph"), [1, 2]) == {1: None, 2: None}


@pytest.mark.parametrize("text, correct", [("Berlin", True), ("Dana", False), ("", False)])
def test_judge_grades_against_the_gold_answers_and_ranks_the_evidence(text, correct):
    gold = Question(after=3, text="Which office?", answer=["Berlin", "Berlin office"], evidence=[1, 3])
    answer = Answer(backend="vector", text=text, trace=_trace(3, 8))
    assert judge(answer, gold) == (correct, {1: None, 3: 1})
