"""Finding the thing a description stands for when the turn most like it is a reply describing what the turn before
it asked about (memories.slot_reader.identify)."""

from memories.answer import ContextItem
from memories.slot_reader import identify


def _reply(text: str, turn: int, score: float) -> ContextItem:
    return ContextItem(text=text, turns=[turn], score=score)


def test_a_reply_describing_a_thing_is_about_the_thing_the_question_before_it_asked_about():
    reply = _reply("filipe: ML model that suggests HS tariff codes from the product description on invoices", 15, 0.69)
    asked = {15: ["Filipe what is hs-code-classifier exactly, 1 sentence for the auditor pls"]}
    found = identify("the model that guesses customs commodity codes from invoice text", "component", [reply],
                     known={"hs-code-classifier": "component", "Filipe Moreira": "person"},
                     lead_in=lambda item: asked.get(item.turns[0], []), pooled=True)
    assert found is not None and found[0] == "hs-code-classifier"


def test_a_question_naming_a_thing_in_part_points_to_the_fuller_name_said_just_before():
    reply = _reply("tomasz: crop + livestock. co-op owned", 26, 0.75)
    before = ["Good news: Meridian Agri signed on Friday. Tomasz Wójcik will own the relationship.",
              "👍 kickoff thurs", "meridian, crop insurance?"]
    found = identify("the crop and livestock", "account", [reply], known={"Pawsure": "account"},
                     lead_in=lambda item: before, pooled=True)
    assert found is not None and found[0] == "Meridian Agri"


def test_a_reply_naming_a_held_thing_of_the_sought_kind_keeps_its_own_name():
    reply = _reply("nadia: that's thermowatch, it collects temp readings from every cold room sensor", 14, 0.5)
    before = ["q for infra: what is ledgerd again?"]
    found = identify("the service logging how chilly our fridges get", "component", [reply],
                     known={"thermowatch": "component", "ledgerd": "component"},
                     lead_in=lambda item: before, pooled=True)
    assert found is not None and found[0] == "thermowatch"


def test_a_turn_that_asks_in_turn_is_no_reply_to_the_question_before_it():
    turn = _reply("sam: is beacon the one that pushes webhooks?", 9, 0.5)
    before = ["what is ledgerd again?"]
    found = identify("the service that pushes event notifications", "component", [turn],
                     known={"beacon": "component", "ledgerd": "component"},
                     lead_in=lambda item: before, pooled=True)
    assert found is not None and found[0] == "beacon"
