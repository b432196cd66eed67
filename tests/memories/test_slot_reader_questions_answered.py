"""A reply is about the subject only when the question it answers is: the last question before it names the
subject, or points to it with a pronoun that fits what the subject is."""

from __future__ import annotations

from memories.answer import ContextItem
from memories.slot_reader import read_slot


def said_by(speaker: str, text: str, turn: int) -> ContextItem:
    return ContextItem(text=f"{speaker}: {text}", turns=[turn], rank=1)


def test_a_reply_to_a_question_about_something_else_says_nothing_of_the_subject():
    reply = said_by("jorge", "SME commercial broker. ~400 brokers, shops/offices/trades mostly", 12)
    before = ["Halcyon Brokers sits with Jorge Salas: Growth plan", "correct, they want Enterprise",
              "who are halcyon again, sorry, still learning the book"]
    known = {"Halcyon Brokers": "account", "Jorge Salas": "person"}  # from the first turn
    assert read_slot("Jorge Salas", "office", [reply], known=known, lead_in=lambda item: before) is None


def test_a_reply_repeating_a_name_from_the_question_in_lower_case_is_read_as_that_name():
    reply = said_by("jorge", "quayside", 24)
    before = ["Thanks. Jorge, you're Quayside?"]
    read = read_slot("Jorge Salas", "office", [reply], lead_in=lambda item: before)
    assert read is not None and read[0] == "Quayside"


def test_a_question_that_points_to_the_subject_by_a_pronoun_is_answered_by_the_reply():
    reply = said_by("samuel", "Hamid Rezaei. he pitched it, so he got it", 3)
    before = ["is Magpie actually a thing or was that just a slide?", "it's real", "who's running it"]
    read = read_slot("Magpie", "person", [reply], lead_in=lambda item: before)
    assert read is not None and read[0] == "Hamid Rezaei"


def test_a_personal_pronoun_in_the_question_points_to_a_person_not_to_a_service():
    reply = said_by("mateus", "Carrow Yard, yeah", 14)
    before = ["isn't docsnap Ravindra Pillai's?", "yeah Ravi owns it", "is he still out of Carrow Yard?"]
    # the question is about Ravi, so the reply places Ravi, not docsnap
    assert read_slot("docsnap", "person", [reply], known={"docsnap": "component"},
                     lead_in=lambda item: before) is None
    assert read_slot("Ravindra Pillai", "office", [reply], known={"Ravindra Pillai": "person"},
                     lead_in=lambda item: before)[0] == "Carrow Yard"


def test_a_reply_saying_its_value_is_the_new_one_outranks_an_older_statement_naming_the_subject():
    old = ContextItem(text="sandro: Project Lantern first: led by Mei-Ling Cho, deadline March 14", turns=[0], rank=1)
    reply = said_by("meiling", "one big one: cert moved, so our deadline slipped to March 28. sorry", 23)
    before = {0: [], 23: ["Biscotti is unionising", "back to work. Lantern, any risks Mei?"]}
    read = read_slot("Project Lantern", "date", [old, reply], known={"Project Lantern": "project"},
                     lead_in=lambda item: before[item.turns[0]], latest=True)
    # "cert", a lower-case word the graph never held, is no rival subject for the value
    assert read is not None and read[0] == "March 28"


def test_a_person_reporting_a_statement_is_not_a_value_in_it():
    said = [said_by("agent_b", "fyi aoife said pos-bridge calls fraudscore during onboarding", 29)]
    assert read_slot("fraudscore", "person", said) is None


def test_the_value_nearest_any_naming_of_the_subject_is_read():
    said = [said_by("ozzie", "score-ingest hands results to leaderboard-writer, owned by Freya Lindholm, and "
                             "score-ingest itself by Kwame Mensah", 0)]
    read = read_slot("score-ingest", "person", said)
    assert read is not None and read[0] == "Kwame Mensah"


def test_a_name_the_graph_holds_as_a_customer_is_no_office():
    reply = said_by("siobhan", "alder ✔", 1)
    known = {"Alder Garden Centres": "account", "Katrin Weber": "person"}
    before = ["who's who: * Alder Garden Centres – Siobhan Murphy * Brindle – Katrin Weber"]
    assert read_slot("Katrin Weber", "office", [reply], known=known, lead_in=lambda item: before) is None


def test_a_reply_placing_an_office_may_name_a_town_too_small_for_the_place_list():
    before = ["finance wants a city per office: where is the Leixões office, officially?"]
    reply = said_by("rafael", "Matosinhos. it's right next to Porto but officially Matosinhos", 13)
    read = read_slot("Leixões office", "region", [reply], known={"Leixões office": "office"},
                     lead_in=lambda item: before)
    assert read is not None and read[0] == "Matosinhos"
    # a person's name opening the reply is no town
    reply = said_by("rafael", "Rafael Costa would know", 13)
    assert read_slot("Leixões office", "region", [reply], known={"Leixões office": "office"},
                     lead_in=lambda item: before) is None


def test_the_first_words_of_a_known_account_name_are_that_account_not_an_office():
    said = [said_by("beatriz", "Casa Azulejo ok. small importer", 5)]
    known = {"Casa Azulejo Imports": "account", "Beatriz Santos": "person"}
    assert read_slot("Beatriz Santos", "office", said, known=known) is None


def test_from_places_a_person_unless_the_sentence_says_where_they_moved_to():
    known = {"Beatriz Santos": "person"}
    read = read_slot("Beatriz Santos", "office", [said_by("beatriz", "me, from Sines office", 7)], known=known)
    assert read is not None and read[0] == "Sines office"
    moved = said_by("beatriz", "I moved from the Leeds office to the Porto office", 7)
    read = read_slot("Beatriz Santos", "office", [moved], known=known)
    assert read is not None and read[0] == "Porto office"
    took = said_by("kasia", "Beatriz Santos took over from Tomasz in may", 7)
    assert read_slot("Beatriz Santos", "office", [took], known=known) is None


def test_a_subject_written_without_accents_is_named_by_its_accented_spelling():
    before = ["which team is Michał in, for the runbook page?"]
    read = read_slot("michal", "team", [said_by("bas", "Team Platform, same as me", 9)], lead_in=lambda item: before)
    assert read is not None and read[0] == "Team Platform"


def test_a_question_put_to_someone_as_chat_writes_it_is_answered_by_their_reply():
    reply = said_by("yusuf", "Old Street office, 2nd floor by the window", 7)
    before = ["can I just walk over and ask u stuff? which office"]
    read = read_slot("Yusuf Demir", "office", [reply], lead_in=lambda item: before)
    assert read is not None and read[0] == "Old Street office"


def test_a_team_without_its_head_noun_is_read_where_a_team_goes():
    known = {"Patrick Doyle": "person", "Mei-Ling Chou": "person"}
    read = read_slot("Patrick Doyle", "team", [said_by("ana", "still eu-west-2. owned by Patrick Doyle on SRE", 5)],
                     known=known)
    assert read is not None and read[0] == "SRE"
    reply = said_by("meiling", "Pricing Engineering. 'Pricing' on its own is the actuarial team", 11)
    before = ["Mei-Ling Chou, which team should I put down for you?"]
    read = read_slot("Mei-Ling Chou", "team", [reply], known=known, lead_in=lambda item: before)
    assert read is not None and read[0] == "Pricing Engineering"
    # a day is no team, and a person is no team
    assert read_slot("Patrick Doyle", "team", [said_by("ana", "Patrick Doyle is on Mondays", 5)], known=known) is None
    assert read_slot("Patrick Doyle", "team", [said_by("ana", "Patrick Doyle joined Ravi Shah", 5)],
                     known=known) is None


def test_a_persons_name_where_a_place_goes_is_no_office_but_a_building_named_like_one_is():
    handover = said_by("ravi", "I'm handing over to Ms Bethany Kowalczyk next week", 20)
    assert read_slot("Ravi Chandrasekar", "office", [handover], known={"Ravi Chandrasekar": "person"}) is None
    read = read_slot("Aisha", "office", [said_by("wei", "Aisha is at Marina Point most weeks", 3)])
    assert read is not None and read[0] == "Marina Point"


def test_a_plan_tier_or_a_period_is_no_person_office_or_place_and_a_customer_is_no_place():
    known = {"Baltic Amber": "account", "Pintxo House": "account", "Sam Reed": "person"}
    tier = said_by("lena", "Baltic Amber are on Track Basic now", 24)
    assert read_slot("Baltic Amber", "person", [tier], known=known) is None
    period = said_by("sam", "Sam Reed: in Q3 I'm mostly travelling", 13)
    assert read_slot("Sam Reed", "office", [period], known=known) is None
    customer = said_by("lena", "Emre Yilmaz visits Pintxo House on fridays", 16)
    assert read_slot("Emre Yilmaz", "region", [customer], known=known) is None


def test_a_guess_is_no_new_question_and_a_reply_denying_it_gives_the_answer_after_the_denial():
    before = ["lotte: Zuidhaven Fresh is very angry. who has this account??", "bram: Tomasz Lewandowski i think?"]
    reply = said_by("kasia", "not anymore, Inês Carvalho took over from Tomasz in may", 2)
    # a misread fact that made her an account does not unmake a given and a family name
    read = read_slot("Zuidhaven", "person", [reply], known={"Inês Carvalho": "account"}, lead_in=lambda item: before)
    assert read is not None and read[0] == "Inês Carvalho"
    # a real question in between is about someone else: the reply is not about the account
    asked = ["lotte: Zuidhaven Fresh is very angry. who has this account??", "bram: where is Tomasz Lewandowski?"]
    assert read_slot("Zuidhaven", "person", [reply], lead_in=lambda item: asked) is None
