"""Reading round seven (commits 0275838, 907c118): clusters named like regions are where a service runs, the one
who hands a thing on holds it no more, an office is known by its name without the head noun, a stranger the name
lists call a person takes a person's relations, demonyms name nothing, and a later turn that restates a value
("correction", "actually", "instead") overrules the graph's edge."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from memories.answer import ContextItem
from memories.hybrid import HybridMemory, _present
from memories.mentions import (
    ANY_TYPE,
    REGION,
    KnownNames,
    Mention,
    _region_shaped,
    find_mentions,
    is_demonym,
    sentences,
)
from memories.protocol import MemoryConfig
from memories.question import (
    _mark_unknown_names,
    _mention_types,
    _surface,
    _written_as_name,
    parse_question,
    tokenize,
)
from memories.slot_reader import _gave_up, _known_fit, identify, read_slot
from tests.memories.graph_chat import turn


def items(*texts: str, speaker: str = "agent_a") -> list[ContextItem]:
    return [ContextItem(text=f"{speaker}: {t}", turns=[i], rank=i + 1) for i, t in enumerate(texts)]


def mentions_in(text: str, known: list[str] | None = None) -> list[Mention]:
    return [m for sentence in sentences(text)
            for m in find_mentions(sentence, text, known=KnownNames(known or []), learned=lambda _: None,
                                   resolve_pronoun=lambda kind, so_far: None)]


# --- 1. clusters are regions ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["k8s-prod-eu", "k8s-prod-eu-2", "k8s-ams-prod", "gke-prod-us"])
def test_a_cluster_named_with_a_cluster_word_and_a_place_or_a_second_cluster_word_is_region_shaped(name):
    assert _region_shaped(name)


@pytest.mark.parametrize("name", ["osl-prod-1", "bgo-edge-2", "osaka-dc1", "sg-prod-2"])
def test_a_cluster_named_by_a_site_code_a_cluster_word_and_a_number_is_region_shaped(name):
    assert _region_shaped(name)


@pytest.mark.parametrize("name", ["northeurope", "uksouth", "eastus2", "southeastasia", "azure-northeurope",
                                  "azure-uksouth", "aws-eu-west"])
def test_a_cloud_region_written_as_one_word_or_after_its_cloud_is_region_shaped(name):
    assert _region_shaped(name)


@pytest.mark.parametrize("name", ["azure-sql", "aws-cli", "azure-devops", "southend", "eastern", "northern"])
def test_a_cloud_product_or_a_word_with_a_compass_point_is_not_region_shaped(name):
    assert not _region_shaped(name)


@pytest.mark.parametrize("name", ["prod-db-2", "bill-render", "crew-dispatch-api", "edge-cache", "penang-edge",
                                  "dc1-backup"])
def test_a_service_name_with_at_most_one_cluster_word_and_no_place_is_not_region_shaped(name):
    assert not _region_shaped(name)


def test_a_cloud_region_code_is_still_region_shaped():
    assert _region_shaped("eu-west-1")


def test_a_cluster_a_service_moved_to_is_found_as_a_region_mention():
    found = [m for m in mentions_in("moved to k8s-prod-eu-2 last week") if not m.pronoun]
    assert [(m.name, m.types) for m in found] == [("k8s-prod-eu-2", frozenset({REGION}))]
    assert found[0].explicit and found[0].headed  # the shape itself says what it is


def test_the_region_a_service_was_moved_to_is_read_as_its_cluster():
    read = read_slot("courier-match", "region", items("courier-match moved to k8s-prod-eu-2 last week"))
    assert read is not None and read[0] == "k8s-prod-eu-2"


# --- 2. a giver holds nothing --------------------------------------------------------------------------------------


def test_the_one_who_handed_an_account_over_is_not_its_person_the_one_put_against_it_is():
    said = items("Owen handed Mountain Prairie to me last Friday. so put Chloe Nakamura against it now")
    read = read_slot("Mountain Prairie", "person", said)
    assert read is not None and read[0] == "Chloe Nakamura"


def test_a_handover_that_names_only_the_giver_reads_no_person():
    assert read_slot("Mountain Prairie", "person", items("Owen handed Mountain Prairie to me last Friday.")) is None


def test_the_one_an_account_was_taken_over_from_is_not_its_person():
    read = read_slot("Acme", "person", items("Dana took Acme over from Hana Ito"))
    assert read is not None and read[0] == "Dana"


def test_a_mention_followed_by_a_handoff_verb_or_after_from_gave_it_up_and_others_did_not():
    handed = sentences("Owen handed Mountain Prairie to me")[0]
    # Owen gave; Mountain Prairie was given
    assert _gave_up(handed, 0, "person", "Owen") and not _gave_up(handed, 2, "account", "Mountain Prairie")
    taken = sentences("Dana took Acme over from Hana Ito")[0]
    assert [t.text for t in taken if _gave_up(taken, taken.index(t), "person", t.text)] == ["Hana"]
    passed = sentences("Priya passed it on")[0]
    assert _gave_up(passed, 0, "person", "Priya")


# --- 3. an office known by its name without the head noun ----------------------------------------------------------

_KINDS = {"Logport office": "office", "Katrin Weber": "person"}


def test_the_speaker_saying_i_am_at_a_known_office_by_its_bare_name_gives_the_graphs_office_name():
    said = items("and I'm Logport", speaker="katrin")
    read = read_slot("Katrin Weber", "office", said, known=_KINDS)
    assert read is not None and read[0] == "Logport office"  # the graph's name, not the name as written


def test_a_bare_name_the_graph_does_not_hold_as_an_office_reads_no_office():
    said = items("and I'm Logport", speaker="katrin")
    assert read_slot("Katrin Weber", "office", said, known={"Katrin Weber": "person"}) is None
    assert read_slot("Katrin Weber", "office", said) is None


def test_a_capitalised_bare_name_takes_the_type_of_the_known_name_it_is_the_head_of():
    bare = Mention(name="Logport", start=2, end=3, types=frozenset(ANY_TYPE), person_likely=True)
    assert _known_fit(bare, "office", False, _KINDS) == 2
    assert _known_fit(bare, "office", False, {"Katrin Weber": "person"}) == 0


def test_a_lowercase_bare_name_is_not_matched_to_a_known_headed_name():
    bare = Mention(name="logport", start=0, end=1, types=frozenset(ANY_TYPE))
    assert _known_fit(bare, "office", False, _KINDS) == 0


# --- 4. a stranger the name lists call a person -------------------------------------------------------------------


def _unknown_name_types(question: str, vocab=None) -> list[tuple[str, object]]:
    toks = tokenize(question)
    spans = _mark_unknown_names(question, toks, vocab)
    return [(_surface(question, toks, a, b), _mention_types(question, toks, (a, b, s), vocab))
            for a, b, s in spans]


@pytest.mark.parametrize("question, name", [("Katrin's at which office?", "Katrin"),
                                            ("which office is Yuki Tanaka in?", "Yuki Tanaka")])
def test_a_given_name_or_a_listed_full_name_no_graph_holds_is_typed_a_person(question, name):
    assert _unknown_name_types(question) == [(name, (frozenset({"person"}), False))]


def test_a_made_up_capitalised_word_gets_no_type_from_the_name_lists():
    assert _unknown_name_types("which office is Zorvex in?") == [("Zorvex", None)]


@pytest.mark.parametrize("question, name", [("Katrin's at which office?", "Katrin"),
                                            ("which office is Yuki Tanaka in?", "Yuki Tanaka")])
def test_a_stranger_person_asked_for_an_office_is_asked_where_they_work(question, name, hash_embedder):
    parsed = parse_question(question, embedder=hash_embedder)
    assert parsed.mentions[:1] == [name] and parsed.mention_steps[:1] == ["name"]
    assert parsed.relations == ["works_in"] and parsed.expected_type == "office"


def test_a_made_up_name_asked_for_an_office_is_not_read_as_a_person_working_there(hash_embedder):
    parsed = parse_question("which office is Zorvex in?", embedder=hash_embedder)
    assert parsed.mentions == ["Zorvex"] and parsed.relations and parsed.relations != ["works_in"]


class _GraphKnowingKatrinAsAnAccount:
    """A vocabulary that holds "Katrin" as an account: the graph's type beats the name lists."""

    def match_name(self, surface: str) -> str | None:
        return "Katrin" if surface.casefold() == "katrin" else None

    def nodes_with_word(self, word: str) -> list[str]:
        return []

    def resolve(self, name: str) -> str | None:
        return "katrin" if name.casefold() == "katrin" else None

    def get(self, key: str) -> object | None:
        return SimpleNamespace(type="account", type_votes={"account": 1}, is_value=False) if key == "katrin" else None


def test_a_given_name_the_graph_holds_as_something_else_keeps_the_graphs_type(hash_embedder):
    vocab = _GraphKnowingKatrinAsAnAccount()
    question = "which office is Katrin in?"
    toks = tokenize(question)
    assert _mention_types(question, toks, (3, 4, "name"), vocab) == (frozenset({"account"}), False)
    assert parse_question(question, vocab, hash_embedder).relations != ["works_in"]


# --- 5. demonyms name nothing --------------------------------------------------------------------------------------


@pytest.mark.parametrize("word", ["Scandinavian", "Norwegian", "Japanese"])
def test_a_people_or_language_word_is_a_demonym(word):
    assert is_demonym(word)


@pytest.mark.parametrize("word", ["Danish", "Owen"])
def test_a_given_name_is_no_demonym_even_with_a_demonym_ending(word):
    assert not is_demonym(word)


_SCANDINAVIAN = "who's our person for the Scandinavian river-power customer?"


def test_a_capitalised_demonym_in_a_question_is_not_written_as_a_name():
    toks = tokenize(_SCANDINAVIAN)
    at = next(i for i, t in enumerate(toks) if t.word == "scandinavian")
    assert not _written_as_name(_SCANDINAVIAN, toks, at)
    assert _mark_unknown_names(_SCANDINAVIAN, toks, None) == []


def test_a_question_about_the_scandinavian_customer_claims_no_name_and_reads_the_whole_description():
    parsed = parse_question(_SCANDINAVIAN)
    assert "name" not in parsed.mention_steps
    assert parsed.mentions == ["our person for the Scandinavian river-power customer"]


def test_a_demonym_alone_in_a_sentence_is_no_mention():
    assert [m.name for m in mentions_in("we signed a Scandinavian insurer") if "Scandinavian" in m.name] == []


def test_with_an_embedder_the_described_subject_is_not_cut_inside_a_hyphenated_word(hash_embedder):
    parsed = parse_question(_SCANDINAVIAN, embedder=hash_embedder)
    assert "name" not in parsed.mention_steps
    assert not any(m.endswith("river") for m in parsed.mentions)


# --- 6. a restated value overrules the graph's edge ----------------------------------------------------------------


def _osprey(hash_embedder, restated: str) -> HybridMemory:
    memory = HybridMemory(MemoryConfig(), hash_embedder)
    memory.ingest_many([turn(0, "Osprey is due 2 June.", [["Osprey", "deadline", "2 June"]], channel="adhoc"),
                        turn(1, "lunch anyone?", channel="adhoc"),
                        turn(2, restated, channel="adhoc")])
    return memory


@pytest.mark.parametrize("restated", [
    "steering said yes to 30 June. correction: that's the Osprey deadline",
    "steering said yes to 30 June. actually that's the Osprey deadline",
    "steering said yes to 30 June. that's the Osprey deadline instead",
    "steering said yes to 30 June. corrected Osprey deadline",
])
def test_a_later_turn_that_corrects_the_value_overrules_the_graphs_edge(hash_embedder, restated):
    memory = _osprey(hash_embedder, restated)
    assert memory.graph.answer("osprey deadline now?").text == "2 June"  # extraction never read the correction
    answer = memory.answer("osprey deadline now?")
    assert answer.text == "30 June" and answer.trace.served_by == "graph+vector"


def test_a_later_turn_that_only_mentions_a_value_beside_the_subject_leaves_the_graphs_edge(hash_embedder):
    memory = _osprey(hash_embedder, "steering said yes to 30 June. that's the Osprey deadline")
    answer = memory.answer("osprey deadline now?")
    assert answer.text == "2 June" and answer.trace.served_by == "graph"


# the one spoken to, and the subject answering a question put to them


def test_a_name_spoken_to_is_not_the_value_read():
    said = [ContextItem(text="marcus: Cedar Falls signed, they are on Professional now, you can change the slide "
                             "Hannah", turns=[36], score=0.5)]
    assert read_slot("Cedar Falls", "person", said) is None
    thanked = [ContextItem(text="noor: Rio Claro is July, thanks Beatriz!", turns=[9], score=0.5)]
    assert read_slot("Rio Claro", "person", thanked) is None


@pytest.mark.parametrize("text", ["Acme is with Dana", "Acme goes to Dana", "Acme is handled by Dana",
                                  "Acme? that one is Dana", "Acme has a new lead Dana"])
def test_a_name_closing_a_statement_about_the_subject_is_still_read(text):
    read = read_slot("Acme", "person", [ContextItem(text=f"ana: {text}", turns=[1], score=0.5)])
    assert read is not None and read[0] == "Dana"


def test_the_subject_answering_a_question_put_to_them_is_read_as_about_themself():
    reply = [ContextItem(text="beatriz: yes! São Paulo office, the one near Paulista", turns=[18], score=0.5)]
    asked = ["and are you in the São Paulo office Beatriz?"]
    read = read_slot("Beatriz Lima", "office", reply, lead_in=lambda item: asked)
    assert read is not None and read[0] == "São Paulo office"
    # someone else's reply to the same question says nothing about Beatriz
    other = [ContextItem(text="noor: yes! São Paulo office, the one near Paulista", turns=[18], score=0.5)]
    assert read_slot("Beatriz Lima", "office", other, lead_in=lambda item: ["are you in Lisbon, Noor?"]) is None


def test_a_verb_that_stems_like_a_type_noun_types_no_name():
    # "sit" stems like "site" (an office): the word after a name types it only as written
    assert parse_question("where does Ingrid sit?").relations == ["works_in"]
    assert parse_question("which office is the Port Ellery account run out of?").relations == [
        "handled_by", "works_in"]


def test_a_single_word_no_given_name_list_holds_is_not_read_as_a_person():
    said = [ContextItem(text="jonas: so Kessler Stadtwerke is a municipal utility in Bavaria, water and heat",
                        turns=[12], score=0.6),
            ContextItem(text="jonas: Kessler Stadtwerke? that's Jonas, has been for years", turns=[5], score=0.4)]
    read = read_slot("Kessler Stadtwerke", "person", said)
    assert read is not None and read[0] == "Jonas"


# identify: what a description names


def test_a_description_that_is_a_name_in_lowercase_names_that_thing_first():
    said = [ContextItem(text="sunita: Smartsheet or Monday for this one? Peak Readiness 2024 is on Smartsheet",
                        turns=[4], score=0.57)]
    found = identify("peak readiness", "project", said)
    assert found is not None and found[0] == "Peak Readiness"


def test_a_lowercase_word_the_graph_never_held_is_not_what_a_description_names():
    said = [ContextItem(text="chen: aussie cosmetics retailer, skincare + candles", turns=[6], score=0.6)]
    before = ["who's Petal & Pine again? new?"]
    found = identify("the Australian beauty products shop", "account", said, lead_in=lambda item: before)
    assert found is not None and found[0] == "Petal & Pine"


def test_a_status_is_read_as_it_stands_now_even_unasked():
    assert _present("status on peak readiness?", "status")
    assert not _present("what plan is Acme on?", "plan")
    assert _present("what plan is Acme on now?", "plan")


def test_a_chat_acronym_opening_a_title_case_name_is_part_of_it():
    assert "ETA Predictor" in [m.name for m in mentions_of("ETA Predictor is medium")]
    assert mentions_of("ETA is Friday") == []
    parsed = parse_question("what prio is ETA Predictor?")
    assert parsed.mentions == ["ETA Predictor"] and parsed.expected_type == "priority"
    assert "deadline" not in parsed.relations


def mentions_of(text: str):
    from memories.mentions import KnownNames, find_mentions, sentences
    return [m for s in sentences(text) for m in find_mentions(
        s, text, known=KnownNames(), learned=lambda n: None, resolve_pronoun=lambda k, so_far: None)]


def test_a_name_the_graph_holds_as_a_thing_is_not_read_as_a_person():
    said = [ContextItem(text="lina: Okafor Foods renews Jun, Helvig Tools renews Nov", turns=[14], score=0.5)]
    assert read_slot("Okafor Foods", "person", said, known={"Helvig Tools": "account"}) is None
