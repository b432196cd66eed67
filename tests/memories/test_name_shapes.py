"""Whether a capitalised name reads as a person's (memories.mentions), and places written in lowercase
(memories.places): "Halcyon Brokers" is a company, "Siobhán Murphy" a person, "yes mumbai" a place in a reply."""

from __future__ import annotations

import pytest

from memories.mentions import (
    OFFICE,
    PERSON,
    REGION,
    TEAM,
    KnownNames,
    Mention,
    is_demonym,
    _person_shaped,
    find_mentions,
    known_words,
    reads_as_given_name,
    sentences,
)
from memories.places import is_lowercase_place


def mentions(text: str, **options) -> list[Mention]:
    out: list[Mention] = []
    for sentence in sentences(text):
        out += find_mentions(sentence, text, known=KnownNames(), learned=lambda _: None,
                             resolve_pronoun=lambda kind, so_far: None, **options)
    return out


def names(text: str, **options) -> list[str]:
    return [m.name for m in mentions(text, **options)]


# _person_shaped


@pytest.mark.parametrize("name", ["Siobhán Murphy", "Anika Sharma", "Yuki Tanaka"])
def test_a_given_name_then_a_family_name_is_shaped_like_a_person(name):
    assert _person_shaped(name) is True


def test_a_given_name_then_a_word_no_dictionary_holds_is_shaped_like_a_person():
    assert _person_shaped("Anika Zorvexa") is True


@pytest.mark.parametrize("name", ["Halcyon Brokers", "Brightwater Mutual", "Aurelia Cosmetics", "Grace Foods"])
def test_a_common_noun_after_the_first_word_makes_a_name_a_things(name):
    assert _person_shaped(name) is False


@pytest.mark.parametrize("word", ["Growth", "Japanese", "Norwegian"])
def test_a_single_word_that_is_a_common_noun_or_a_people_is_nobodys_name(word):
    assert _person_shaped(word) is False


@pytest.mark.parametrize("name", [
    "Adebayo Okonjo",  # in no list: cannot tell
    "Mira",  # a given name alone may still be a project's
    "Zorvex",
    "Anika sharma",  # not every word capitalised
    "Anika Van Der Berg Smith",  # longer than a name
])
def test_a_name_the_lists_cannot_place_is_left_undecided(name):
    assert _person_shaped(name) is None


# reads_as_given_name


@pytest.mark.parametrize("word", ["Mira", "Priya", "Jorge"])
def test_a_given_name_that_is_no_word_reads_as_a_given_name(word):
    assert reads_as_given_name(word)


@pytest.mark.parametrize("word", ["Atlas", "Grace", "Marine"])
def test_a_given_name_that_is_also_an_everyday_word_does_not(word):
    assert not reads_as_given_name(word)


def test_only_a_single_word_reads_as_a_given_name():
    assert not reads_as_given_name("Mira Patel")
    assert not reads_as_given_name("Zorvex")


# is_demonym


@pytest.mark.parametrize("word", ["Japanese", "Norwegian", "Korean", "Chinese", "japanese"])
def test_a_people_is_known_by_its_ending(word):
    assert is_demonym(word)


@pytest.mark.parametrize("word", ["Brian", "Adrian", "Sebastian", "Vivian"])
def test_a_given_name_with_a_peoples_ending_is_no_demonym(word):
    assert not is_demonym(word)


# through find_mentions


@pytest.mark.parametrize("text, name", [
    ("We met Halcyon Brokers today.", "Halcyon Brokers"),
    ("Brightwater Mutual renewed.", "Brightwater Mutual"),
])
def test_a_multi_word_name_holding_a_common_noun_loses_the_person_type(text, name):
    found = mentions(text)
    assert [m.name for m in found] == [name]
    assert PERSON not in found[0].types and not found[0].person_likely
    assert found[0].types  # still a company, a project, a tool...


def test_a_given_and_family_name_keeps_the_person_type():
    found = mentions("We met Siobhán Murphy yesterday.")
    assert [m.name for m in found] == ["Siobhán Murphy"]
    assert PERSON in found[0].types and found[0].person_likely


@pytest.mark.parametrize("text", ["Japanese", "The client is Japanese and big.", "our Norwegian customers"])
def test_a_demonym_alone_names_nothing(text):
    # a people or a language describes a thing ("the Norwegian customer"): it is neither a person nor a customer
    assert names(text) == []


def test_a_word_that_is_also_a_given_name_leaves_a_two_word_name_undecided():
    # "Marine" is a given name in France as well as a word: "Kinrei Marine" could be a person, so the lexicon
    # says nothing; "Halcyon Brokers" has a word that is nobody's name
    found = mentions("Kinrei Marine is with Siobhán Murphy.")
    assert [m.name for m in found] == ["Kinrei Marine", "Siobhán Murphy"]
    assert PERSON in found[0].types and PERSON in found[1].types
    assert _person_shaped("Kinrei Marine") is None and _person_shaped("Halcyon Brokers") is False


# the label rule


def test_a_two_word_name_before_a_colon_is_one_name_not_a_label():
    found = names("Kinrei Marine: Japanese insurer")
    assert found[0] == "Kinrei Marine" and "Kinrei" not in found


def test_a_single_word_before_a_colon_is_still_a_label():
    assert names("Update: all good") == []
    assert names("Decision: we go with Kafka") == ["Kafka"]
    assert names("Priority of SearchIndexer: high") == ["SearchIndexer"]


def test_a_two_word_heading_before_a_colon_names_nothing():
    assert names("Next Steps: call Omar") == ["Omar"]
    assert names("Action Items: ship it") == []


# lowercase places


def test_with_lowercase_places_a_reply_naming_a_city_in_lowercase_mentions_it():
    found = mentions("yes mumbai", lowercase_places=True)
    assert [m.name for m in found] == ["Mumbai"]
    assert found[0].types == frozenset({REGION, OFFICE}) and found[0].explicit


def test_without_lowercase_places_a_lowercase_city_is_no_mention():
    assert mentions("yes mumbai") == []
    assert mentions("singapore, next to the airport") == []


def test_a_lowercase_country_or_big_city_opening_a_reply_is_a_place():
    assert names("singapore, next to the airport", lowercase_places=True) == ["Singapore"]
    assert names("we ship to kenya", lowercase_places=True) == ["Kenya"]


@pytest.mark.parametrize("text", ["yes reading", "yes turkey", "turkey", "that was nice"])
def test_a_place_that_is_also_an_everyday_word_stays_a_word(text):
    assert mentions(text, lowercase_places=True) == []


def test_a_lowercase_city_under_a_million_that_the_vocabulary_holds_stays_a_word():
    # "leeds" is in the embedder's vocabulary, as many surnames and words named after towns are
    assert names("yes leeds", lowercase_places=True) == []


# is_lowercase_place


def test_a_place_that_is_no_common_word_is_a_lowercase_place():
    assert is_lowercase_place("leeds", frozenset())


def test_a_place_that_is_also_a_common_word_must_be_big():
    assert not is_lowercase_place("leeds", frozenset({"leeds"}))
    assert is_lowercase_place("mumbai", frozenset({"mumbai"}))  # over a million people
    assert "mumbai" in known_words() and is_lowercase_place("mumbai", known_words())


@pytest.mark.parametrize("word", ["reading", "turkey", "nice", "jordan", "georgia", "phoenix"])
def test_an_everyday_place_is_never_a_lowercase_place(word):
    assert not is_lowercase_place(word, frozenset())


def test_a_word_that_is_no_place_is_no_lowercase_place():
    assert not is_lowercase_place("hello", frozenset())
    assert not is_lowercase_place("zorvex", frozenset())


# an acronym or a code opening a name


@pytest.mark.parametrize("text,name", [
    ("WMS Bridge pushes events to the queue.", "WMS Bridge"),
    ("the AIS Feed is down", "AIS Feed"),
    ("ICS2 Connector runs in k8s.", "ICS2 Connector"),
])
def test_an_acronym_before_title_case_words_opens_one_name(text, name):
    found = mentions(text)
    assert name in [m.name for m in found]
    assert PERSON not in next(m for m in found if m.name == name).types


def test_a_role_acronym_before_a_given_name_stays_apart():
    assert "PM Dana" not in names("Ask the PM Dana about it.")


def test_the_particles_of_a_family_name_stay_inside_the_person_s_name():
    from memories.mentions import KnownNames, find_mentions, sentences

    text = "Sanne de Vries is in the Amsterdam office, Ludwig van der Berg too"
    names = [m.name for s in sentences(text) for m in find_mentions(
        s, text, known=KnownNames([]), learned=lambda _: None, resolve_pronoun=lambda kind, so_far: None)]
    assert "Sanne de Vries" in names and "Ludwig van der Berg" in names


def test_an_emoji_short_code_names_nothing():
    from memories.mentions import KnownNames, find_mentions, sentences

    text = "nice :tada: scanbridge is back"
    names = [m.name for s in sentences(text) for m in find_mentions(
        s, text, known=KnownNames([]), learned=lambda _: None, resolve_pronoun=lambda kind, so_far: None)]
    assert "tada" not in names and "scanbridge" in names


def test_which_before_an_article_opens_a_relative_clause_not_a_question():
    from memories.mentions import is_question, sentences

    assert not is_question(sentences("which the travel tool wants as Manchester fyi")[0])
    assert is_question(sentences("which office is she in")[0])
    assert is_question(sentences("which the best option?")[0])


def test_a_word_no_dictionary_holds_that_opens_one_known_name_is_that_name_shortened():
    from memories.mentions import KnownNames, find_mentions, sentences

    known = KnownNames(["Harbourline Insurance", "ArcadeOne platform account", "Payments Core"])

    def names(text):
        return [m.name for s in sentences(text) for m in find_mentions(
            s, text, known=known, learned=lambda _: None, resolve_pronoun=lambda kind, so_far: None)]

    assert names("yep harbourline's mine") == ["Harbourline Insurance"]
    assert names("arcadeone want a call thursday") == ["ArcadeOne platform account"]
    assert "Payments Core" not in names("the payments team is fine")  # an everyday word stays a word


@pytest.mark.parametrize("text, name", [
    ("MeterHub is in Azure UK South now.", "Azure UK South"),
    ("Azure West Europe hosts it", "Azure West Europe"),
])
def test_a_cloud_named_before_its_region_is_part_of_the_region(text, name):
    assert [(m.name, m.types) for m in mentions(text) if REGION in m.types] == [(name, frozenset({REGION}))]


def test_a_cloud_alone_or_before_a_product_is_no_region_name():
    assert "Azure DevOps" not in [m.name for m in mentions("We use Azure DevOps for it.")]
    assert all(m.types != frozenset({REGION}) for m in mentions("we are on Azure"))


@pytest.mark.parametrize("text, name", [
    ("Pete is on the OT Systems team.", "OT Systems team"),
    ("CRM Data Platform team owns it", "CRM Data Platform team"),
])
def test_an_acronym_opening_a_headed_name_belongs_to_it(text, name):
    assert (name, frozenset({"team"})) in [(m.name, m.types) for m in mentions(text)]


@pytest.mark.parametrize("text", ["Two things:\n1. Sensor Ingest Pipeline for the raw readings",
                                  "Both are owned by Greg Halloran", "Three of them run on Sensor Ingest Pipeline"])
def test_a_counting_word_opening_a_sentence_names_nothing(text):
    found = names(text)
    assert found and not {"Two", "Both", "Three"} & set(found)


@pytest.mark.parametrize("word", ["kilkenny", "penrith", "carmarthen"])
def test_a_town_that_is_no_dictionary_word_and_no_first_name_is_a_lowercase_place(word):
    assert is_lowercase_place(word, known_words())


@pytest.mark.parametrize("word", ["kendal", "cork", "deal", "wells"])  # a first name, or a word
def test_a_town_that_is_a_word_or_a_first_name_stays_one_in_lowercase(word):
    assert not is_lowercase_place(word, known_words())


def test_a_town_opening_a_site_s_name_is_no_place_of_its_own():
    assert "Kirkby" not in names("it was running in kirkby vale DC", lowercase_places=True)
    assert names("kilkenny, since jan", lowercase_places=True) == ["Kilkenny"]


@pytest.mark.parametrize("name", ["Harp Animal Assurance", "Ardent Mutual", "Kestrel Underwriters"])
def test_a_name_ending_in_an_insurance_word_is_a_customer(name):
    found = mentions(f"nope still have {name} for now")
    assert [(m.name, m.types) for m in found] == [(name, frozenset({"account"}))]


def test_a_pasted_table_s_column_gap_ends_a_name():
    assert names("Matsuda Power Tools     Priya Menon     Gold") == ["Matsuda Power Tools", "Priya Menon", "Gold"]
    assert names("Dana  Kim owns it") == ["Dana  Kim"]  # a doubled space is a typo, not a column


@pytest.mark.parametrize("text,name", [("Metering team", "Metering team"),
                                       ("Marketing project is late", "Marketing project")])
def test_a_sentence_s_first_word_ending_like_a_verb_opens_a_name_a_head_noun_closes(text, name):
    assert names(text) == [name]


def test_a_hyphenated_lowercase_team_name_is_one_team():
    found = mentions("Omar is on the finance-engineering team now")
    assert [(m.name, sorted(m.types)) for m in found if m.name != "Omar"] == [("finance-engineering team", [TEAM])]


@pytest.mark.parametrize("text,name", [("he's normally in the leeds office", "Leeds office"),
                                       ("mo works out of the lagos hub iirc", "Lagos hub"),
                                       ("our cork office is shut", "Cork office")])
def test_a_lowercase_place_named_an_office_by_its_head_noun_is_an_office(text, name):
    found = mentions(text)
    assert [(m.name, sorted(m.types)) for m in found] == [(name, [OFFICE])]


@pytest.mark.parametrize("text", ["the post office", "the main office", "the reading office is shut",
                                  "the leeds head of ops"])
def test_a_word_before_office_that_is_no_place_names_no_office(text):
    assert names(text) == []


def test_a_known_name_that_opens_a_longer_headed_name_gives_way_to_it():
    text = "Data Science team officially"
    found = find_mentions(sentences(text)[0], text, known=KnownNames(["Data"]), learned=lambda _: None,
                          resolve_pronoun=lambda kind, so_far: None)
    assert [m.name for m in found] == ["Data Science team"]


@pytest.mark.parametrize("text,name", [("Kendal head office mostly", "Kendal head office"),
                                       ("she is at the Osaka HQ", "Osaka HQ"), ("based in athlone hq", "Athlone HQ")])
def test_a_name_before_head_office_or_hq_is_an_office(text, name):
    assert [(m.name, sorted(m.types)) for m in mentions(text)] == [(name, [OFFICE])]


def test_an_office_named_after_a_town_is_in_that_town_but_not_after_a_word():
    from memories.places import city_of_office

    assert city_of_office("Kendal head office") == "Kendal" and city_of_office("Osaka HQ") == "Osaka"
    assert city_of_office("Lagos hub") == "Lagos" and city_of_office("Lancaster office") == "Lancaster"
    assert city_of_office("Airport office") is None and city_of_office("Quayside office") is None


@pytest.mark.parametrize(("text", "known", "team"), [
    ("courier tracker is owned by the Lab IT team", [], "Lab IT team"),
    ("yes both Lab IT team", ["Lab"], "Lab IT team"),  # a known short name gives way to the headed name
])
def test_an_acronym_inside_a_name_its_head_noun_closes_is_part_of_it(text, known, team):
    names = [m.name for s in sentences(text) for m in find_mentions(
        s, text, known=KnownNames(known), learned=lambda _: None, resolve_pronoun=lambda kind, so_far: None)]
    assert team in names


@pytest.mark.parametrize(("text", "expected"), [
    ("it IS P1. always was.", []),
    ("this is NOT the prod box", []),
    ("it WAS Dana all along", ["Dana"]),
    ("Nordfrakt AS renews in May", ["Nordfrakt"]),
])
def test_a_function_word_written_in_capitals_for_stress_is_no_name(text, expected):
    assert names(text) == expected


def test_a_known_name_s_first_word_opening_a_longer_run_of_names_is_the_longer_name():
    known = KnownNames(["Cork team"])
    said = "Cork Clinical Apps since Sept"
    found = [m.name for s in sentences(said) for m in find_mentions(
        s, said, known=known, learned=lambda _: None, resolve_pronoun=lambda kind, so_far: None)]
    assert found == ["Cork Clinical Apps"]
    said = "Cork team since Sept"
    found = [m.name for s in sentences(said) for m in find_mentions(
        s, said, known=known, learned=lambda _: None, resolve_pronoun=lambda kind, so_far: None)]
    assert found == ["Cork team"]
