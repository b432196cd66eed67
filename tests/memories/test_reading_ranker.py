"""The learned ranking of a text step's candidates: what each candidate is described by, which statements give
none, and how the trained weights choose."""

from __future__ import annotations

import json

import pytest

from memories import reading_ranker
from memories.answer import ContextItem
from memories.reading_ranker import FEATURES, Model, candidates, load_model, rank_readings
from memories.slot_reader import read_slots


def items(*texts: str) -> list[ContextItem]:
    return [ContextItem(text=f"agent_a: {t}", turns=[i], rank=i + 1, score=1.0 - i / 10) for i, t in enumerate(texts)]


def by_answer(found):
    return {c.answer: c.features for c in found}


def only(feature: str, weight: float = 1.0) -> Model:
    """A model that weighs one feature alone."""
    weights = [weight if name == feature else 0.0 for name in FEATURES]
    return Model(tuple(weights), tuple(0.0 for _ in FEATURES), tuple(1.0 for _ in FEATURES))


def test_every_thing_of_the_asked_type_is_a_candidate_and_the_hand_reading_is_marked():
    said = items("zonemap is owned by Rasmus Lind, Mateo Ibarra reviews it", "Mateo Ibarra owns surge-calc")
    found = candidates("zonemap", "person", said)
    assert [c.answer for c in found] == ["Rasmus Lind", "Mateo Ibarra"]
    features = by_answer(found)
    assert features["Rasmus Lind"]["hand_first"] == 1.0 and "hand_first" not in features["Mateo Ibarra"]
    # nearer the subject's name, and both after it, in the sentence that names it
    assert features["Rasmus Lind"]["nearness"] > features["Mateo Ibarra"]["nearness"]
    assert features["Rasmus Lind"]["same_sentence"] == features["Mateo Ibarra"]["same_sentence"] == 1.0
    assert features["Rasmus Lind"]["after_subject"] == 1.0


def test_a_statement_about_another_thing_of_the_subject_s_kind_gives_no_candidate():
    # turn 1 names neither Lena Park nor anything she is: it is Omar's team, not hers
    said = items("Lena Park owns FeatureStore these days.", "Omar Haddad is on the Payments team.")
    assert candidates("Lena Park", "team", said) == []


def test_a_name_of_no_known_kind_in_a_reply_is_no_rival_to_the_thing_the_reply_is_about():
    said = [ContextItem(text="tess: yep. they're new. plan is Restaurant Basic, renews in August", turns=[10],
                        score=0.4)]
    found = candidates("Granite Peak Brewing", "month", said, known={"Granite Peak Brewing": "account"},
                       lead_in=lambda item: ["granite peak is the brewpub in northeast mpls right?"])
    assert [c.answer for c in found] == ["August"]
    # the graph holding the name as another account makes the statement that account's
    known = {"Granite Peak Brewing": "account", "Restaurant Basic": "account"}
    assert candidates("Granite Peak Brewing", "month", said, known=known,
                      lead_in=lambda item: ["granite peak is the brewpub in northeast mpls right?"]) == []


def test_a_reply_is_marked_as_one_and_its_question_as_asking():
    said = [ContextItem(text="ben: Quayside", turns=[5], score=0.4),
            ContextItem(text="ana: Jorge, which office are you in, Quayside or Marina Point?", turns=[4], score=0.6)]
    found = candidates("Jorge Reyes", "office", said,
                       lead_in=lambda item: ["Jorge, which office are you in?"] if item.turns == [5] else [])
    reply = next(c for c in found if c.item.turns == [5])
    assert reply.features["reply"] == 1.0 and reply.features["answers_question"] == 1.0
    assert all(c.features["asked"] == 1.0 for c in found if c.item.turns == [4])


def test_a_turn_after_the_one_that_named_the_subject_in_answer_to_a_question_replies_about_the_subject():
    said = [ContextItem(text="rkeane: he's Desktop Support btw orla", turns=[16], score=0.4)]
    before = ["ok next - ED whiteboard replacement?", "mine. Fionn Gallagher, since none of ye know my surname"]
    found = candidates("Fionn Gallagher", "team", said, known={"Fionn Gallagher": "person"},
                       lead_in=lambda item: before)
    assert by_answer(found)["Desktop Support"]["reply"] == 1.0
    # the question last: the turn answers it, and it is about the whiteboard, not Fionn
    found = candidates("Fionn Gallagher", "team", said, known={"Fionn Gallagher": "person"},
                       lead_in=lambda item: before[::-1])
    assert by_answer(found)["Desktop Support"]["reply"] == 0.0


def test_a_value_said_as_the_new_one_and_the_old_one_are_told_apart():
    found = by_answer(candidates("Atlas", "date", items("Atlas deadline moved from March 3 to March 14")))
    assert found["March 14"]["new_value"] == 1.0 and found["March 3"]["old_value"] == 1.0


def test_a_name_said_in_more_turns_that_name_the_subject_counts_more():
    said = items("zonemap: Rasmus Lind owns it", "Mateo Ibarra looked at zonemap", "zonemap owner is Rasmus Lind")
    features = by_answer(candidates("zonemap", "person", said))
    assert features["Rasmus Lind"]["turns_naming"] > features["Mateo Ibarra"]["turns_naming"]


def test_the_model_chooses_by_its_weights_and_gives_distinct_readings(monkeypatch):
    said = items("zonemap is owned by Rasmus Lind", "Mateo Ibarra took zonemap over", "zonemap is Mateo Ibarra's now")
    monkeypatch.setattr(reading_ranker, "load_model", lambda: only("turns_saying"))
    assert rank_readings("zonemap", "person", said, most=1)[0][0] == "Mateo Ibarra"
    monkeypatch.setattr(reading_ranker, "load_model", lambda: only("rank"))
    readings = rank_readings("zonemap", "person", said, most=2)
    assert [r.answer for r in readings] == ["Rasmus Lind", "Mateo Ibarra"]
    assert readings[0].weight > readings[1].weight and readings[0].runner_up == "Mateo Ibarra"


def test_without_trained_weights_the_hand_ordered_reader_reads_alone(monkeypatch):
    said = items("lunch?", "zonemap is Rasmus Lind's, he's OOO till 11 tho", "Mateo Ibarra owns surge-calc")
    monkeypatch.setattr(reading_ranker, "load_model", lambda: None)
    assert [(r.answer, r.item, r.weight) for r in rank_readings("zonemap", "person", said)] == [
        (a, item, None) for a, item in read_slots("zonemap", "person", said)]


def test_a_training_log_keeps_each_step_s_candidates(monkeypatch):
    log: list = []
    rank_readings("zonemap", "person", items("zonemap is owned by Rasmus Lind"), log=log)
    assert [(subject, wanted, [c.answer for c in found]) for subject, wanted, found in log] == [
        ("zonemap", "person", ["Rasmus Lind"])]


def test_weights_for_other_features_are_not_used(tmp_path):
    path = tmp_path / "weights.json"
    path.write_text(json.dumps({"features": ["rank", "bias"], "weights": [1.0, 0.0], "means": [0, 0],
                                "scales": [1, 1]}))
    assert load_model.__wrapped__(path) is None
    assert load_model.__wrapped__(tmp_path / "missing.json") is None


def test_the_shipped_weights_match_the_features():
    model = load_model()
    assert model is not None and len(model.weights) == len(FEATURES)


@pytest.mark.parametrize("text", ["", "???", "zonemap " * 500, "\x00\t[]()", "漢字 zonemap é"])
def test_any_text_gives_candidates_without_an_exception(text):
    assert isinstance(candidates("zonemap", "person", items(text)), list)


def test_what_the_subject_says_in_reply_to_a_question_put_to_everyone_is_theirs():
    said = [ContextItem(text="Niamh Corrigan: Data & Analytics team", turns=[26], score=0.3)]
    found = candidates("Niamh", "team", said, lead_in=lambda item: ["what team is everyone in?"])
    assert [(c.answer, c.features["by_subject"], c.features["after_question"], c.features["untied"])
            for c in found] == [("Data & Analytics team", 1.0, 1.0, 0.0)]


def test_a_reply_opening_with_a_town_answers_which_office():
    said = [ContextItem(text="rhys: kilkenny, since jan", turns=[2], score=0.5)]
    found = candidates("Ciara Dolan", "office", said, known={"Ciara Dolan": "person"},
                       lead_in=lambda item: ["k. ciara in which clinic?"])
    assert [c.answer for c in found] == ["Kilkenny"]
    # a town named later in a statement is a trip or a place of old, not the office
    said = [ContextItem(text="ciara: back from kilkenny tomorrow", turns=[2], score=0.5)]
    assert candidates("Ciara Dolan", "office", said, known={"Ciara Dolan": "person"}) == []


def test_a_statement_under_another_name_the_subject_goes_by_is_about_it():
    said = items("pricer is kinda b2b-ish tbh, but Greg Halloran runs it")
    assert [c.answer for c in candidates("Pricing Service", "person", said, also=["pricer"])] == ["Greg Halloran"]
    assert all(c.features["untied"] for c in candidates("Pricing Service", "person", said))


def test_a_speaker_whose_handle_is_a_given_name_claims_a_thing_under_that_name():
    items = [ContextItem(text="orla: Teifi Valley Sheep Co-op is mine btw, forgot to put it on the sheet", turns=[4],
                         score=0.8)]
    assert "Orla" in [c.answer for c in candidates("Teifi Valley Sheep Co-op", "person", items)]
    items = [ContextItem(text="dief: Teifi Valley Sheep Co-op is mine btw", turns=[4], score=0.8)]
    assert "Dief" not in [c.answer for c in candidates("Teifi Valley Sheep Co-op", "person", items)]


def test_a_full_name_typed_in_lowercase_is_a_candidate_where_neither_word_is_an_everyday_one():
    items = [ContextItem(text="tater: who owns telemetry rn? last i knew it was oksana petrenko", turns=[4], score=0.8)]
    assert "Oksana Petrenko" in [c.answer for c in candidates("telemetry", "person", items)]
    items = [ContextItem(text="tater: telemetry? will smith said so", turns=[4], score=0.8)]
    assert "Will Smith" not in [c.answer for c in candidates("telemetry", "person", items)]


def test_one_who_said_they_would_take_a_thing_on_is_its_owner_not_a_source():
    items = [ContextItem(text="raj: fx-rates needs an owner. Priya Nair said she'd take it", turns=[4], score=0.8)]
    assert "Priya Nair" in [c.answer for c in candidates("fx-rates", "person", items)]
    items = [ContextItem(text="raj: fx-rates is Chloe's. Priya Nair said it calls ledger", turns=[4], score=0.8)]
    assert "Priya Nair" not in [c.answer for c in candidates("fx-rates", "person", items)]
