"""Code identifiers in questions (commit 2c2c170): a kebab- or snake-case word like "crew-dispatch-api" is one name
when a question mentions it, unless a determiner before and a noun after make it a modifier, and the linker leaves
such names alone rather than link them by meaning."""

from __future__ import annotations

import pytest

from memories.linker import looks_like_a_name
from memories.mentions import is_code_identifier
from memories.question import _code_names, _mark_unknown_names, parse_question, tokenize


def _names(question: str) -> list[str]:
    """The mentions a question claims as names (not bare words or residual phrases), with no vocabulary."""
    parsed = parse_question(question)
    return [m for m, step in zip(parsed.mentions, parsed.mention_steps) if step == "name"]


def _code_spans(question: str) -> list[str]:
    toks = tokenize(question)
    return [question[toks[i].start : toks[j - 1].end] for i, j, _ in _code_names(question, toks)]


# --- is_code_identifier -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["crew-dispatch-api", "geo-tiles", "payout_worker", "order_router"])
def test_kebab_and_snake_case_identifiers_are_code_identifiers(word):
    assert is_code_identifier(word)


@pytest.mark.parametrize("word", ["same-day", "follow-up", "high-priority"])
def test_everyday_hyphenated_compounds_are_not_code_identifiers(word):
    assert not is_code_identifier(word)


@pytest.mark.parametrize("word", ["eu-west-1", "us-east-2", "ap-southeast-1"])
def test_region_codes_are_not_code_identifiers(word):
    assert not is_code_identifier(word)


def test_a_single_word_without_a_joining_sign_is_not_a_code_identifier():
    assert not is_code_identifier("crew")


def test_hyphenated_modifiers_alone_are_code_shaped_so_only_their_position_in_a_question_tells_them_apart():
    # the reason _code_names needs its modifier rule: the words themselves pass the shape test
    assert is_code_identifier("double-billing") and is_code_identifier("medical-practice")


# --- _code_names and _mark_unknown_names --------------------------------------------------------------------------


def test_code_names_claims_the_hyphenated_words_as_one_span_with_the_name_role():
    question = "where does crew-dispatch-api run these days?"
    toks = tokenize(question)
    spans = _code_names(question, toks)
    assert [(question[toks[i].start : toks[j - 1].end], kind) for i, j, kind in spans] == [
        ("crew-dispatch-api", "name")]
    i, j, _ = spans[0]
    assert j - i == 3 and all(t.role == "name" for t in toks[i:j])


def test_code_names_are_claimed_before_unknown_names_are_scanned():
    question = "where does crew-dispatch-api run these days?"
    toks = tokenize(question)
    found = _code_names(question, toks)
    assert [(question[toks[i].start : toks[j - 1].end], kind) for i, j, kind in found] == [
        ("crew-dispatch-api", "name")]
    assert _mark_unknown_names(question, toks, None) == []  # already claimed: not claimed twice


def test_a_question_names_crew_dispatch_api_as_one_name():
    parsed = parse_question("where does crew-dispatch-api run these days?")
    assert parsed.mentions[0] == "crew-dispatch-api" and parsed.mention_steps[0] == "name"
    assert parsed.relations == ["deployed_in"]


def test_a_code_name_at_the_end_of_a_question_is_a_name():
    parsed = parse_question("which team owns geo-tiles?")
    assert parsed.mentions[0] == "geo-tiles" and parsed.mention_steps[0] == "name"
    assert parsed.relations[0] == "owned_by"


def test_a_determiner_before_a_code_name_with_no_noun_after_it_still_leaves_a_name():
    assert _names("which team owns the geo-tiles?") == ["geo-tiles"]


def test_a_hyphenated_word_between_a_determiner_and_a_noun_is_a_modifier_not_a_name():
    question = "What does the double-billing checker rely on?"
    assert _code_spans(question) == []
    assert _names(question) == []
    parsed = parse_question(question)
    assert parsed.mentions == ["the double-billing checker"] and parsed.relations[0] == "depends_on"


def test_a_hyphenated_word_describing_folks_is_not_claimed_as_a_name():
    question = "what plan are the medical-practice folks on?"
    assert _code_spans(question) == []
    assert _names(question) == []
    assert "medical-practice" not in parse_question(question).mentions


def test_an_everyday_compound_in_a_question_is_not_claimed_as_a_code_name():
    assert _code_spans("is the same-day fix done?") == []
    assert _code_spans("where is eu-west-1 used?") == []


def test_a_hyphenated_name_whose_words_mean_something_alone_stays_one_name():
    assert _names("who owns the billing-owner-sync?") == ["billing-owner-sync"]


def test_a_snake_case_name_ending_in_a_relation_word_is_one_name():
    assert _names("who owns payout_worker?") == ["payout_worker"]


def test_a_code_name_starting_with_a_type_noun_is_one_name():
    parsed = parse_question("what does crew-dispatch-api depend on?")
    assert parsed.mentions[0] == "crew-dispatch-api" and parsed.mention_steps[0] == "name"
    assert parsed.expected_type == "component" and parsed.relations == ["depends_on"]
    assert parsed.expected_type == "component" and parsed.relations == ["depends_on"]


# --- looks_like_a_name --------------------------------------------------------------------------------------------


def test_a_code_identifier_looks_like_a_name_though_it_is_lowercase():
    assert looks_like_a_name("crew-dispatch-api")
    assert looks_like_a_name("payout_worker")


def test_a_leading_article_does_not_stop_a_code_identifier_looking_like_a_name():
    assert looks_like_a_name("the crew-dispatch-api")


def test_a_lowercase_description_does_not_look_like_a_name():
    assert not looks_like_a_name("the analytics endpoint")
    assert not looks_like_a_name("analytics endpoint")


def test_an_everyday_compound_does_not_look_like_a_name():
    assert not looks_like_a_name("same-day")
    assert not looks_like_a_name("follow-up")


def test_a_region_code_looks_like_a_name_by_its_digit_not_as_a_code_identifier():
    # a region's code is what the graph calls the region, so the linker matches it by its written form
    assert looks_like_a_name("eu-west-1") and not is_code_identifier("eu-west-1")


def test_a_code_identifier_followed_by_a_common_noun_does_not_look_like_a_name():
    # the code-identifier rule covers a lone word only; two lowercase words fall back to the capitals rule
    assert not looks_like_a_name("crew-dispatch-api service")


@pytest.mark.parametrize(("question", "name"), [
    ("what's the go-live date for Skip-A-Pay again?", "Skip-A-Pay"),
    ("which team is running the Skip-A-Pay promo?", "Skip-A-Pay"),
    ("who leads Pay-As-You-Go?", "Pay-As-You-Go"),
])
def test_a_name_of_capitalised_parts_joined_by_hyphens_is_one_name(question, name):
    assert parse_question(question).mentions == [name]


def test_a_word_ending_in_wise_is_an_adverb_in_a_question_and_in_chat():
    from memories.mentions import KnownNames, find_mentions, sentences

    assert _names("where's the win11 rollout at, status-wise?") == []
    assert parse_question("where's the win11 rollout at, status-wise?").mentions == ["the win11 rollout"]
    said = "Status-wise it's in testing, Project Corkscrew is"
    found = [m.name for s in sentences(said) for m in find_mentions(
        s, said, known=KnownNames(), learned=lambda _: None, resolve_pronoun=lambda kind, so_far: None)]
    assert found == ["Project Corkscrew"]
