"""Names typed in lower case get their capitals back, by the world's given and family names, and nothing else
does: offsets stay put, everyday words and places stay as typed."""

from __future__ import annotations

from memories.truecase import restore_names


def test_a_given_and_a_family_name_in_lower_case_are_capitalised_wherever_they_stand():
    assert restore_names("omar haddad afaik") == "Omar Haddad afaik"
    assert restore_names("@ravi menon @sophie turner anyone know?") == "@Ravi Menon @Sophie Turner anyone know?"
    assert restore_names("- booking-api: owner callum reid, p1") == "- booking-api: owner Callum Reid, p1"


def test_only_the_case_of_letters_changes():
    text = "yusuf, since the dba left. greta lindqvist owns xray-pacs"
    restored = restore_names(text)
    assert len(restored) == len(text) and restored.casefold() == text.casefold()


def test_two_everyday_words_and_a_name_before_a_verb_of_saying_stay_as_typed():
    assert restore_names("will turner said the grace period ends") == "will turner said the grace period ends"
    assert restore_names("fyi aoife said pos-bridge calls fraudscore") == "fyi Aoife said pos-bridge calls fraudscore"


def test_a_given_name_alone_is_restored_only_in_a_message_written_in_lower_case():
    assert restore_names("what country is tomasz actually in?") == "what country is Tomasz actually in?"
    # a writer who capitalises wrote a lower-case word on purpose: a code name, not a person
    assert restore_names("Restarted tomasz, the batch box") == "Restarted tomasz, the batch box"


def test_a_place_a_code_name_and_an_everyday_word_are_no_given_name():
    assert restore_names("4 of the campuses are in kenya") == "4 of the campuses are in kenya"
    assert restore_names("ping the sam-worker queue") == "ping the sam-worker queue"
    assert restore_names("amber alert on the lin") == "amber alert on the lin"


def test_a_handle_the_chat_s_people_post_under_is_a_name_in_a_lower_case_message():
    assert restore_names("sam: nadia petrov, infra lead", speakers={"sam"}) == "Sam: Nadia Petrov, infra lead"


def test_text_without_lower_case_letters_is_returned_as_it_is():
    for text in ("", "OK", "123 456", "P1!"):
        assert restore_names(text) == text


def test_a_family_name_with_particles_is_one_name():
    assert restore_names("cobalt mutual | sanne de vries | nov") == "cobalt mutual | Sanne de Vries | nov"
    assert restore_names("ask ludwig van der berg") == "ask Ludwig van der Berg"
