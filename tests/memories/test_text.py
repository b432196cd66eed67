"""The shared text normalisation: tokens, light stemming, stopwords, sentences."""

from hypothesis import given
from hypothesis import strategies as st

from memories.text import (
    STOPWORDS, asked_sentence, content_words, is_interrogative, sentences, stem, strip_labels, words,
)


def test_words_are_lowercase_and_keep_the_head_of_contractions():
    assert words("Who's on the Trust team?") == ["who", "on", "the", "trust", "team"]
    assert words("It doesn't depend on FeatureStore") == ["it", "does", "not", "depend", "on", "featurestore"]


def test_words_split_on_punctuation_and_underscores():
    assert words("agent_b: ad-hoc [INC-42]") == ["agent", "b", "ad", "hoc", "inc", "42"]


def test_inflections_of_one_verb_share_a_stem():
    assert {stem(w) for w in ["owns", "owned", "owner", "owning", "own"]} == {"own"}
    assert {stem(w) for w in ["serve", "serves", "served", "serving"]} == {"serv"}
    assert {stem(w) for w in ["depends", "depend", "depending"]} == {"depend"}
    assert {stem(w) for w in ["handles", "handled", "handling"]} == {"handl"}


def test_plurals_share_the_singular_stem():
    assert stem("priorities") == stem("priority")
    assert stem("offices") == stem("office")
    assert stem("teams") == stem("team")
    assert stem("used") == stem("uses") == stem("use")


def test_short_words_and_words_ending_in_ss_or_us_are_left_alone():
    assert stem("bus") == "bus"
    assert stem("status") == "status"
    assert stem("class") == "class"
    assert stem("need") == stem("needs") == "need"


def test_content_words_drop_stopwords_and_stem_the_rest():
    assert content_words("Who's responsible for FeatureStore these days?") == [
        stem("responsible"), stem("featurestore"), "day",
    ]
    assert "who" in STOPWORDS and "the" in STOPWORDS and "own" not in STOPWORDS


def test_sentences_keep_their_end_punctuation_and_skip_abbreviations():
    text = "Update: ReportingAPI is now medium priority. Who owns it? ok\nsee e.g. the runbook. Done!"
    assert sentences(text) == [
        "Update: ReportingAPI is now medium priority.", "Who owns it?", "ok", "see e.g. the runbook.", "Done!",
    ]


def test_irregular_past_forms_meet_their_present():
    assert stem("led") == stem("leads") == stem("leading")
    assert stem("built") == stem("builds")


def test_chat_labels_are_stripped_but_never_to_nothing():
    assert strip_labels("Update: ReportingAPI is now medium priority.") == "ReportingAPI is now medium priority."
    assert strip_labels("Heads up: FYI: Lena owns it.") == "Lena owns it."
    assert strip_labels("Update:") == "Update:"
    assert strip_labels("ReportingAPI is set to high priority.") == "ReportingAPI is set to high priority."


def test_questions_are_told_apart_from_statements():
    assert is_interrogative("Is the FeatureStore dashboard slow for anyone else?")
    assert is_interrogative("anyone know who owns FeatureStore")
    assert not is_interrogative("FeatureStore is owned by Lena.")
    assert not is_interrogative("Who owns it changed last week.")


@given(st.text(max_size=300))
def test_any_text_goes_through_without_an_exception(text):
    for w in words(text):
        assert w == w.lower() and w
        stem(w)
    content_words(text)
    for s in sentences(text):
        assert s.strip() == s and s
        is_interrogative(s)
        strip_labels(s)


def test_the_asked_sentence_is_the_one_ending_in_a_question_mark():
    assert asked_sentence("remind me who owns zonemap? want to ask about the pool size") == (
        "remind me who owns zonemap?")
    assert asked_sentence("Which office handles Acme?") == "Which office handles Acme?"
    assert asked_sentence("is it up? or down?") == "is it up? or down?"  # two questions: left whole


def test_a_question_after_the_value_as_it_stands_is_told_by_its_words():
    from memories.text import asks_present

    assert asks_present("who handles Kinrei now?") and asks_present("Harbor status, currently?")
    assert asks_present("what's slotter's priority at this point?")
    assert not asks_present("who owns triagebot again?") and not asks_present("knowledge of the snow")
