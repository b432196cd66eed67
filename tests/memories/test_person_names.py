"""The world's given and family names (memories.person_names) and the dictionary's everyday words
(memories.dictionary): what tells a colleague's name from a company's."""

from __future__ import annotations

import pytest

from memories.dictionary import _lowercase_entries, is_common_word
from memories.person_names import fold, is_family_name, is_given_name


def test_folding_drops_accents_and_case_so_both_spellings_meet():
    assert fold("Siobhán") == "siobhan"
    assert fold("MÜLLER") == fold("Muller") == "muller"
    assert fold("Zoë") == fold("zoe")
    assert fold("François") == "francois"


@pytest.mark.parametrize("name", ["Siobhán", "siobhan", "Jorge", "Anika", "Priya", "Yuki", "Mira", "Jean-Luc"])
def test_a_first_name_from_anywhere_in_the_world_is_a_given_name(name):
    assert is_given_name(name)


def test_a_given_name_is_found_with_or_without_its_accent():
    assert is_given_name("José") and is_given_name("Jose")
    assert is_given_name("Jürgen") and is_given_name("Jurgen")


@pytest.mark.parametrize("word", ["Zorvex", "Kinrei", "Okonjo", "Brokers"])
def test_a_made_up_word_or_a_common_noun_is_no_given_name(word):
    assert not is_given_name(word)


@pytest.mark.parametrize("name", ["Murphy", "Sharma", "Nowak", "Tanaka", "Müller", "O'Brien"])
def test_a_surname_from_anywhere_in_the_world_is_a_family_name(name):
    assert is_family_name(name)


def test_surnames_and_given_names_are_told_apart():
    assert is_family_name("Sharma") and not is_given_name("Sharma")
    assert is_given_name("Anika") and not is_family_name("Anika")
    assert not is_family_name("Zorvex") and not is_family_name("Kinrei")


def test_a_name_written_with_a_stroked_letter_meets_its_plain_spelling():
    assert fold("Łukasz") == fold("Lukasz")
    assert is_given_name("Łukasz") and is_given_name("Søren") and is_given_name("Bjørn")


@pytest.mark.parametrize("word", ["atlas", "marine", "notion", "Marine", "ATLAS"])
def test_a_word_the_dictionary_lists_in_lowercase_is_common_in_any_case(word):
    assert is_common_word(word)


def test_an_inflected_word_is_common_by_its_stem():
    entries = _lowercase_entries()
    # the headword list leaves the inflections out: they are found under broker and company
    assert "brokers" not in entries and "broker" in entries
    assert "companies" not in entries and "company" in entries
    assert is_common_word("brokers") and is_common_word("Brokers")
    assert is_common_word("companies")
    assert is_common_word("foods") and is_common_word("cosmetics")


def test_a_name_the_dictionary_writes_with_a_capital_is_no_common_word():
    assert not is_common_word("Jorge")
    assert not is_common_word("Mira")


def test_a_made_up_word_is_no_common_word_with_or_without_an_ending():
    assert not is_common_word("Zorvex")
    assert not is_common_word("xyzzies")


def test_an_ending_is_not_stripped_down_to_a_two_letter_stem():
    assert "at" in _lowercase_entries()
    assert not is_common_word("ats")


@pytest.mark.parametrize("name", ["Oksana", "Olena", "Dmitri", "Min-jun", "Minjun"])
def test_names_of_cyrillic_and_hangul_locales_count_in_latin_letters(name):
    assert is_given_name(name)
