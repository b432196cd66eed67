"""Reading one step of a chain from retrieved turns: the thing of the asked type beside the subject."""

from __future__ import annotations

import pytest

from memories.answer import ContextItem
from memories.slot_reader import read_slot, subject_words


def items(*texts: str) -> list[ContextItem]:
    return [ContextItem(text=f"agent_a: {t}", turns=[i], rank=i + 1) for i, t in enumerate(texts)]


def test_the_subject_is_known_by_its_own_words_without_articles_or_heads():
    assert subject_words("the Porto office") == frozenset({"porto"})
    assert subject_words("Yasmin Rahimi") == frozenset({"yasmin", "rahimi"})


def test_a_person_is_read_beside_the_subject_in_the_best_ranked_statement():
    read = read_slot("zonemap", "person", items("lunch?", "zonemap is Rasmus Lind's, he's OOO till 11 tho",
                                                "Mateo Ibarra owns surge-calc"))
    assert read is not None and read[0] == "Rasmus Lind" and read[1].turns == [1]


def test_an_office_needs_its_head_noun_and_a_value_its_kind():
    assert read_slot("Yasmin", "office", items("Yasmin works out of the Manchester office"))[0] == "Manchester office"
    assert read_slot("Yasmin", "office", items("Yasmin loves BBQ")) is None
    assert read_slot("courier-match", "priority", items("tbh courier-match is P1 for sure"))[0] == "P1"


def test_questions_negations_and_statements_about_others_are_not_read():
    assert read_slot("zonemap", "person", items("who owns zonemap?", "zonemap isn't Rasmus Lind's",
                                                "Mateo Ibarra owns surge-calc")) is None


def test_a_date_written_in_lower_case_is_read():
    read = read_slot("Project Tamarind", "date", items("fyi tamarind v1 has to be out by june 30, she said it"))
    assert read is not None and read[0] == "june 30"


def test_a_plan_is_a_tier_word_or_a_word_named_a_plan():
    assert read_slot("Pintxo House", "plan", items("pintxo house went with Partner Plus, annual"))[0] == "Partner Plus"
    assert read_slot("bao brothers", "plan", items("yeah bao brothers still growth"))[0] == "growth"
    assert read_slot("Campus Bites", "plan", items("Campus Bites is on the Harbor plan"))[0] == "Harbor"


def test_a_plan_keeps_the_capitalised_words_of_its_name_before_its_tier_word_but_not_a_table_cell():
    said = items("tervola were on a trial, converted to Standard Supply Plus in Aug")
    assert read_slot("Tervola Lighting", "plan", said)[0] == "Standard Supply Plus"
    said = items("Slaney Valley Beef   | Sinead Farrell | Herd Health Standard  | August")
    assert read_slot("Slaney Valley Beef", "plan", said)[0] == "Herd Health Standard"
    said = items("Emerald Pet Health | Padraig Healy | Partner Gold | August")
    assert read_slot("Emerald Pet Health", "plan", said)[0] == "Partner Gold"


def test_a_capitalised_word_after_a_capitalised_tier_ends_the_plan_name_but_a_person_or_a_name_run_does_not():
    said = items("Heartland Card Services, she's got us on Premier Support which is the 24/7 phone line one")
    assert read_slot("Heartland Card Services", "plan", said)[0] == "Premier Support"
    said = items("the Keystone contract, we're on their Enterprise Hosted tier since the conversion")
    assert read_slot("Keystone", "plan", said)[0] == "Enterprise Hosted"
    assert read_slot("Keystone", "plan", items("Keystone is on Enterprise Monday onwards"))[0] == "Enterprise"
    assert read_slot("Keystone", "plan", items("Keystone is on Enterprise Dana says"))[0] == "Enterprise"
    assert read_slot("Keystone", "plan", items("Keystone is on Enterprise Core Banking"))[0] == "Enterprise"


def test_a_dependency_said_through_a_double_negative_is_read():
    read = read_slot("Ledgerline", "component", items("Ledgerline can't do anything without Quillstream"))
    assert read is not None and read[0] == "Quillstream"


def test_a_reply_that_does_not_name_the_subject_is_read_when_the_turns_before_it_do():
    said = items("when's their renewal", "November. legal wants to start early", "Omar Haddad is on Payments")
    before = {0: ["next, Pellucid Health"], 1: ["next, Pellucid Health", "when's their renewal"],
              2: ["when's their renewal", "November. legal wants to start early"]}
    read = read_slot("Pellucid Health", "month", said, lead_in=lambda item: before[item.turns[0]])
    assert read is not None and read[0] == "November" and read[1].turns == [1]
    # without the turns before it, nothing says the reply is about Pellucid
    assert read_slot("Pellucid Health", "month", said) is None


def test_a_reply_must_open_with_its_answer():
    said = items("Omar Haddad is on the Payments team")
    assert read_slot("Lena Park", "team", said, lead_in=lambda item: ["Lena Park joined this week"]) is None


def test_a_lower_case_compound_used_as_an_adjective_is_no_service():
    said = items("Hummingbird is the same-day delivery pilot", "Hummingbird calls route-planner for every van")
    assert read_slot("Hummingbird", "component", said)[0] == "route-planner"


def test_in_a_reply_a_pronoun_stands_for_the_subject_named_just_before():
    said = items("Enterprise yeah, and they renew in November so the timing is bad")
    read = read_slot("Halden Pharma", "month", said,
                     lead_in=lambda item: ["for context, Halden Pharma ships cold-chain meds", "ugh", "Enterprise?"])
    assert read is not None and read[0] == "November"


def test_a_message_keeps_its_topic_from_one_sentence_to_the_next():
    read = read_slot("Pellucid Health", "plan", items("Owen Pritchard handles Pellucid. Enterprise plan, the big one"))
    assert read is not None and read[0] == "Enterprise"


def test_the_new_value_beats_the_old_one_in_the_same_sentence():
    read = read_slot("Atlas", "date", items("Atlas deadline moved btw, was Dec 1, now Jan 20 because of customs"))
    assert read is not None and read[0] == "Jan 20"


def test_a_full_name_beats_a_plan_tier_for_a_person():
    read = read_slot("Norrland Outdoor", "person",
                     items("Norrland Outdoor: renewal's in September, they're on Pro, Matteo Ricci looks after them"))
    assert read is not None and read[0] == "Matteo Ricci"


def test_with_latest_the_newest_turn_that_holds_a_value_answers():
    said = [ContextItem(text="agent_a: ReportingAPI is high priority", turns=[3], rank=1),
            ContextItem(text="agent_b: ReportingAPI sits at medium these days", turns=[30], rank=2)]
    assert read_slot("ReportingAPI", "priority", said)[0] == "high"  # the best-ranked
    assert read_slot("ReportingAPI", "priority", said, latest=True)[0] == "medium"


def said_by(speaker: str, *texts: str) -> list[ContextItem]:
    return [ContextItem(text=f"{speaker}: {t}", turns=[i], rank=i + 1) for i, t in enumerate(texts)]


def test_a_country_or_a_city_is_read_as_the_region_an_office_is_in():
    assert read_slot("Rabat office", "region", items("Rabat office is Morocco, so roughly our tz"))[0] == "Morocco"
    assert read_slot("Canal House", "region", items("Canal House = the Amsterdam office, the one with bikes"))[0] == (
        "Amsterdam")
    # a city named alone is a trip or a former place, not the office someone works in
    assert read_slot("Yusuf", "office", items("is Yusuf in Dubai this month? closer to Riyadh at least",
                                              "Yusuf is permanently at the Dubai office now"))[0] == "Dubai office"


def test_a_city_a_person_is_said_to_be_is_where_they_are():
    assert read_slot("Aisling Quinn", "office", items("and aisling's galway"))[0] == "Galway"
    assert read_slot("Rafa", "office", items("Rafa is Madrid now, since the move"))[0] == "Madrid"
    # a city after something else is a trip or a place of old
    assert read_slot("Rafa", "office", items("Rafa flew to Madrid on Monday")) is None


def test_names_split_by_a_slash_are_two_names():
    read = read_slot("Osprey", "person", items("Osprey / Aisha Bello / in progress / 31 March"))
    assert read is not None and read[0] == "Aisha Bello"


def test_the_first_person_is_the_speaker_when_the_sentence_is_about_the_subject():
    assert read_slot("triagebot", "person", said_by("rahul", "triagebot is mine, confirmed"),
                     known=["Rahul Menon"])[0] == "Rahul Menon"
    # "I" in a sentence that only continues the topic does not make the speaker the answer
    assert read_slot("Brightwater", "person", said_by("valentina", "Brightwater next. The date I have is Oct."),
                     known=["Valentina Cruz"]) is None
    # a role handle is not a name
    assert read_slot("triagebot", "person", said_by("agent_b", "triagebot is mine")) is None


def test_a_statement_asked_to_be_confirmed_is_read_as_stated():
    read = read_slot("Brightwater", "person", items("Brightwater Mutual: Anika Sharma is account lead, yes?"))
    assert read is not None and read[0] == "Anika Sharma"
    assert read_slot("Brightwater", "person", items("is Anika Sharma on Brightwater?")) is None


def test_an_office_named_like_a_building_is_read_where_a_place_goes():
    assert read_slot("Aisha", "office", items("Aisha is at Telok Ayer most weeks"))[0] == "Telok Ayer"
    assert read_slot("Aisha", "office", items("Aisha likes Telok Ayer")) is None


def test_a_description_names_the_thing_its_turn_names_first_or_the_one_its_reply_answers():
    from memories.slot_reader import identify

    said = items("notifyr confirmed, I own it. if the DR doc needs a blurb: it's the thing that texts customers")
    assert identify("the service that texts customers", "component", said)[0] == "notifyr"
    reply = items("vaultkeep next. Diego Ramirez is down as owner. Diego?", "mine. archive for signed docs. P2.")
    before = {1: ["vaultkeep next. Diego Ramirez is down as owner. Diego?"]}
    found = identify("the archive that keeps signed docs", "component", reply[1:],
                     lead_in=lambda item: before.get(item.turns[0], []))
    assert found is not None and found[0] == "vaultkeep" and found[1].turns == [1]
    # the description's own words name nothing: "Japanese" is no customer
    assert identify("the Japanese marine insurer", "account", items("Japanese marine & cargo insurer")) is None


def test_a_person_speaking_of_themself_in_the_first_person_is_the_subject():
    said = said_by("wei", "Sundara want to meet in person. I'm at Telok Ayer so it's a short hop")
    assert read_slot("Wei Zhang", "office", said, known=["Wei Zhang"])[0] == "Telok Ayer"
    # someone else's "I" is not the subject
    assert read_slot("Wei Zhang", "office", said_by("rosa", "I'm at Telok Ayer")) is None


def test_a_building_or_a_street_is_an_office_not_a_person():
    assert read_slot("Castellan", "person", items("Wharf Road being Lisbon, and Castellan being in London")) is None
    assert read_slot("Elif", "office", items("Elif is in Wharf Road still"))[0] == "Wharf Road"


def test_a_value_stated_just_before_the_subject_is_named_belongs_to_it():
    said = items("steering said yes to 30 June. that's officially the new Osprey deadline")
    assert read_slot("Osprey", "date", said)[0] == "30 June"
    # but not a person: "Dana said yes. that's the new Osprey plan" does not make Dana Osprey's anything
    assert read_slot("Osprey", "person", items("Dana Kim said yes. that's the new Osprey plan")) is None


def test_a_name_the_graph_holds_is_read_as_the_type_it_holds():
    # "Quayside" says nothing of itself; a fact elsewhere made it an office
    said = items("Jorge sits at the usual place, Quayside, most days")
    assert read_slot("Jorge", "office", said) is None
    assert read_slot("Jorge", "office", said, known={"Quayside": "office", "Jorge Salas": "person"})[0] == "Quayside"
    # and a known person is no component
    assert read_slot("vaultkeep", "component", items("vaultkeep is Diego's"), known={"Diego": "person"}) is None


def test_with_latest_a_later_reply_does_not_outrank_the_newest_statement_that_names_the_subject():
    said = items("Kinrei Marine is currently with Siobhan Murphy",
                 "Outcomes: Adebayo Okonjo takes Kinrei Marine, effective today",
                 "will set up a call with Siobhan")
    before = {2: ["Outcomes: Adebayo Okonjo takes Kinrei Marine, effective today"]}
    read = read_slot("Kinrei", "person", said, known=["Siobhan Murphy"], latest=True,
                     lead_in=lambda item: before.get(item.turns[0], []))
    assert read is not None and read[0] == "Adebayo Okonjo"


def test_a_handle_written_without_the_hyphen_is_the_hyphenated_first_name():
    from memories.mentions import KnownNames

    assert KnownNames(["Mei-Ling Chou"]).short_name("meiling") == "Mei-Ling Chou"


def test_pooled_the_thing_several_close_turns_name_outvotes_a_tool_named_once():
    from memories.slot_reader import identify

    said = [ContextItem(text="marta: InfluxDB for the night-flow series, the models are plain Python", turns=[4],
                        score=0.49),
            ContextItem(text="marta: the Leak Pilot uses overnight meter readings to spot bursts", turns=[28],
                        score=0.38),
            ContextItem(text="marta: Leak Pilot row is still accurate, running with two utilities", turns=[2],
                        score=0.34)]
    known = {"InfluxDB": "tool", "Leak Pilot": "project"}
    assert identify("the trial that catches bursts", "project", said, known=known)[0] == "InfluxDB"
    found = identify("the trial that catches bursts", "project", said, known=known, pooled=True)
    assert found is not None and found[0] == "Leak Pilot" and found[1].turns == [28]


def test_a_short_acronym_before_a_noun_describes_and_the_question_answered_names_the_thing():
    from memories.slot_reader import identify

    reply = ContextItem(text="filipe: ML model that suggests tariff codes from invoice text", turns=[15], score=0.7)
    before = ["sjoerd: Filipe what is code-classifier exactly, one line pls"]
    found = identify("the model that guesses tariff codes", "component", [reply], lead_in=lambda item: before,
                     known={"Filipe Moreira": "person"}, pooled=True)
    assert found is not None and found[0] == "code-classifier"


def test_a_speaker_named_in_full_is_no_part_of_what_they_said():
    # "Fiona Dale: October", a reply to "when's Appleby up?": the month, not a statement about Fiona Dale
    said = [ContextItem(text="Colin Wray: when's Appleby up?", turns=[17], score=0.6),
            ContextItem(text="Fiona Dale: October", turns=[18], score=0.6)]
    read = read_slot("Appleby Maltings", "month", said,
                     lead_in=lambda item: ["when's Appleby up?"] if item.turns == [18] else [])
    assert read is not None and read[0] == "October" and read[1].turns == [18]


def test_the_subject_speaking_is_known_by_a_handle_or_a_full_name():
    from memories.slot_reader import is_speaker

    assert is_speaker("wei", subject_words("Wei Zhang")) and is_speaker("Fiona Dale", subject_words("Fiona"))
    assert is_speaker("Fiona Dale", subject_words("Fiona Dale"))
    assert not is_speaker("Dale Smith", subject_words("Fiona Dale")) and not is_speaker("agent_b", subject_words("Wei"))


def test_a_given_and_family_name_is_no_system_even_where_a_misread_fact_made_it_one():
    said = items("player gateway — Henrik Dahl, P0, osl-prod-1, deps Entitlements Service")
    read = read_slot("player gateway", "component", said, known={"Henrik Dahl": "component"})
    assert read is not None and read[0] == "Entitlements Service"


def test_a_value_sharing_one_word_with_the_subject_is_still_read():
    read = read_slot("Edge Cache", "region", items("edge cache on bgo-edge-2 now, old box drained"))
    assert read is not None and read[0] == "bgo-edge-2"
    # the subject under its own words, or a longer name holding them all, is never its own value
    assert read_slot("Porto", "office", items("Porto office moved to the Porto office downtown")) is None


def test_a_dotted_handle_is_the_speaker_s_full_name_and_an_honorific_is_no_part_of_a_name():
    from memories.slot_reader import spoken

    said = [ContextItem(text="hiroshi.kobayashi: Price Sync is mine. nightly job", turns=[0])]
    assert spoken(said[0])[0] == "Hiroshi Kobayashi"
    assert read_slot("Price Sync", "person", said)[0] == "Hiroshi Kobayashi"
    assert spoken(ContextItem(text="agent_b: hi", turns=[0]))[0] is None  # a role, not a person
    moved = [ContextItem(text="siew.lan.tan: Ong-san sits in the Changi Business Park office", turns=[0])]
    assert read_slot("Mei Ling Ong", "office", moved)[0] == "Changi Business Park office"


def test_a_handle_ending_on_an_initial_is_the_speaker_under_the_full_name_or_else_the_given_name():
    from memories.slot_reader import spoken

    said = [ContextItem(text="priya.n: That's it. I own the pricing engine, so send pricing complaints to me", turns=[0])]
    assert spoken(said[0])[0] == "Priya N"
    assert read_slot("pricing engine", "person", said, known=["Priya Nair"])[0] == "Priya Nair"
    assert read_slot("pricing engine", "person", said)[0] == "Priya"
    assert spoken(ContextItem(text="o.schmidt: hi", turns=[0]))[0] == "O Schmidt"
    assert spoken(ContextItem(text="agent_b: hi", turns=[0]))[0] is None  # a letter after an underscore: a role


def test_the_first_person_inside_a_quotation_is_not_the_speaker():
    said = said_by("trish", "Kingsley's Fine Wines, the posh merchant where the man calls everyone 'my dear'")
    assert read_slot("Kingsley's Fine Wines", "person", said, known=["Trish Mahoney"]) is None
    said = said_by("trish", 'Kingsley\'s Fine Wines: he said "I handle it myself"')
    assert read_slot("Kingsley's Fine Wines", "person", said, known=["Trish Mahoney"]) is None
    said = said_by("trish", "Kingsley's Fine Wines is mine, the customers' favourite")
    assert read_slot("Kingsley's Fine Wines", "person", said, known=["Trish Mahoney"])[0] == "Trish Mahoney"


def test_a_short_month_name_in_lowercase_is_a_month_answered_by_its_full_name():
    assert read_slot("alpine paws", "month", items("alpine paws: enterprise api, renews oct"))[0] == "October"
    assert read_slot("maple", "month", items("maple is on breeder plus. renews aug"))[0] == "August"
    # the short names that are words or names too stay words without a day after them
    assert read_slot("maple", "month", items("maple renews soon, let us not mar it")) is None


@pytest.mark.parametrize("said,status", [("Magpie update: discovery is wrapped, we are in build now", "in build"),
                                         ("Creator Codes went live this morning!!", "went live"),
                                         ("Project Anchor status: design phase now", "design phase")])
def test_the_stages_of_a_project_are_statuses(said, status):
    subject = said.split(" update")[0].split(" went")[0].split(" status")[0]
    assert read_slot(subject, "status", items(said))[0] == status


def test_an_interjection_opening_a_reply_is_no_name():
    reply = [ContextItem(text="brenda: Aw nuts, okay April 15 it is", turns=[1], rank=1)]
    assert read_slot("Lorraine Pettibone", "office", reply,
                     lead_in=lambda item: ["tammy: is Lorraine at College Hill these days?"]) is None
