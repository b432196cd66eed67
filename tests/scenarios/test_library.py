"""The hand-written library (the workspace and the failure-mode gallery) and the catalog that finds scenarios by name."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenarios import catalog
from scenarios.files import ScenarioFileError, dump_scenario, load_scenario_file
from scenarios.models import Scenario
from tests.scenarios.gold import contains_answer, current, shared_content_words

LIBRARY_FILES = sorted(catalog.LIBRARY_DIR.glob("*.yaml"))
GALLERY = {"workspace", "join_trap", "stale_update", "paraphrase_blind_spot", "buried_fact", "extraction_miss"}


def lib(name: str) -> Scenario:
    scenario, _ = load_scenario_file(catalog.LIBRARY_DIR / f"{name}.yaml")
    return scenario


def evidence_chain(scenario: Scenario, question) -> list:
    """A walk over the question's evidence facts, from the entity it names (or describes) to an accepted answer,
    as [(fact, turn), ...] with one hop per relation; [] when there is none."""
    facts = [
        (f, i) for i in question.evidence for f in scenario.turns[i].facts if f.predicate != "described_as"
    ]
    hops = {"join": 2, "multihop": 3}.get(question.type, 1)
    starts = [question.meta["refers_to"]] if "refers_to" in question.meta else sorted(
        {f.subject for f, _ in facts if f.subject in question.text}
    )

    def extend(path: list, node: str) -> list:
        if len(path) == hops:
            done = any(contains_answer(path[-1][0].object, a) for a in question.answer)
            return path if done else []
        for fact, turn in facts:
            if fact.subject == node and (fact, turn) not in path:
                found = extend(path + [(fact, turn)], fact.object)
                if found:
                    return found
        return []

    for start in starts:
        found = extend([], start)
        if found:
            return found
    return []


def test_the_library_holds_the_workspace_and_the_gallery_demos():
    assert {p.stem for p in LIBRARY_FILES} >= GALLERY


@pytest.mark.parametrize("path", LIBRARY_FILES, ids=lambda p: p.stem)
def test_each_library_file_loads_cleanly_with_its_file_name_as_id_and_a_title(path: Path):
    scenario, warnings = load_scenario_file(path)
    assert warnings == []
    assert scenario.id == path.stem
    assert scenario.title
    assert scenario.questions


@pytest.mark.parametrize("path", LIBRARY_FILES, ids=lambda p: p.stem)
def test_each_library_question_is_answered_by_a_walk_over_its_evidence(path: Path):
    scenario, _ = load_scenario_file(path)
    for q in scenario.questions:
        assert all(scenario.turns[i].facts and i <= q.after for i in q.evidence), q.text
        chain = evidence_chain(scenario, q)
        assert chain, q.text
        # every evidence turn is needed: it holds a walked fact or the description a paraphrase relies on
        described = {i for i in q.evidence for f in scenario.turns[i].facts if f.predicate == "described_as"}
        assert set(q.evidence) == {i for _, i in chain} | (described if "refers_to" in q.meta else set()), q.text
        view = current(scenario, q.after)  # the walked facts are still in force when asked
        for fact, _ in chain:
            assert fact.object in {s.object for s in view[(fact.subject, fact.predicate)]}, (q.text, fact)


def test_the_workspace_plays_three_channels_with_cross_channel_joins():
    ws = lib("workspace")
    assert set(ws.channels) == {"infra", "accounts", "ad-hoc"}
    assert 60 <= len(ws.turns) <= 90
    cross = []
    for q in ws.questions:
        if q.type != "join":
            continue
        chain = evidence_chain(ws, q)
        channels = [ws.turns[i].channel for _, i in chain]
        if channels == ["accounts", "ad-hoc"]:
            cross.append(q.text)
    assert len(cross) >= 2, cross
    assert {q.type for q in ws.questions} >= {"direct", "distant", "join", "multihop", "update", "paraphrase"}


def test_the_join_trap_states_the_asked_components_own_owner_and_team():
    s = lib("join_trap")
    for q in s.questions:
        if q.type not in ("join", "multihop"):
            continue
        anchor = evidence_chain(s, q)[0][0].subject
        view = current(s, q.after)
        own_owner = view[(anchor, "owned_by")][0].object
        trap = own_owner if q.type == "join" else view[(own_owner, "member_of")][0].object
        assert q.meta["trap"] == trap
        assert not any(contains_answer(trap, a) for a in q.answer)


def test_the_stale_update_changes_a_priority_and_asks_for_the_new_one():
    s = lib("stale_update")
    (q,) = [q for q in s.questions if q.type == "update"]
    (fact_turn,) = q.evidence
    (fact,) = s.turns[fact_turn].facts
    assert fact.predicate == "priority" and q.answer == [fact.object]
    earlier = [f for t in s.turns[:fact_turn] for f in t.facts if (f.subject, f.predicate) == (fact.subject, "priority")]
    assert [f.object for f in earlier] == [q.meta["stale"]] and q.meta["stale"] != fact.object


def test_the_paraphrase_demo_never_names_its_entities():
    for name in ("paraphrase_blind_spot", "workspace"):
        s = lib(name)
        for q in (q for q in s.questions if q.type == "paraphrase"):
            entity, mention = q.meta["refers_to"], q.meta["mention"]
            (desc,) = [f.object for t in s.turns for f in t.facts if (f.subject, f.predicate) == (entity, "described_as")]
            assert entity not in q.text and mention in q.text
            assert not shared_content_words(mention, entity) and not shared_content_words(mention, desc)


def test_the_buried_fact_is_asked_long_after_and_drowned_in_near_topic_noise():
    s = lib("buried_fact")
    q = s.questions[0]
    (turn,) = q.evidence
    subject = s.turns[turn].facts[0].subject
    assert q.after - turn >= 30
    noise = [t for t in s.turns if not t.facts and subject in t.text]
    assert len(noise) >= 15
    assert len(s.turns[turn].text.split()) >= 20  # the fact itself sits inside a long recap


def test_the_extraction_miss_states_ownership_without_any_usual_wording():
    s = lib("extraction_miss")
    unusual = [t for t in s.turns for f in t.facts if f.predicate == "owned_by" and "own" not in t.text.lower()]
    assert unusual
    assert any(unusual[0].index in q.evidence for q in s.questions)


@pytest.mark.integration
def test_library_paraphrases_sit_closest_to_their_entity(minilm):
    for name in ("paraphrase_blind_spot", "workspace"):
        s = lib(name)
        described = {f.subject: f.object for t in s.turns for f in t.facts if f.predicate == "described_as"}
        values = {"priority", "plan", "renews_in", "deadline", "status", "described_as"}
        names = sorted({f.subject for t in s.turns for f in t.facts}
                       | {f.object for t in s.turns for f in t.facts if f.predicate not in values})
        texts = [f"{n}: {described[n]}" if n in described else n for n in names]
        vectors = minilm.encode(texts)
        for q in (q for q in s.questions if q.type == "paraphrase"):
            sims = vectors @ minilm.encode_one(q.meta["mention"])
            right = names.index(q.meta["refers_to"])
            runner_up = max(float(x) for i, x in enumerate(sims) if i != right)
            assert float(sims[right]) - runner_up >= 0.05, (name, q.meta["mention"])


# --- The catalog --------------------------------------------------------------------------------------


def test_find_resolves_suite_ids_to_the_generated_conversation():
    s = catalog.find("accounts_s2_3")
    assert s.id == "accounts_s2_3" and s.seed == 2
    assert dump_scenario(s) == dump_scenario(next(x for x in catalog.suite() if x.id == "accounts_s2_3"))


def test_find_hands_out_a_copy_so_the_cached_suite_stays_intact():
    s = catalog.find(catalog.DEFAULT_SCENARIO)
    s.turns[0].text = "changed"
    assert catalog.find(catalog.DEFAULT_SCENARIO).turns[0].text != "changed"


def test_find_resolves_ids_of_larger_seed_ranges_and_scaling_runs():
    assert catalog.find("adhoc_s42_1").seed == 42
    assert len(catalog.find("scaling_800").turns) == 800


def test_find_resolves_library_ids_and_paths():
    assert catalog.find("workspace").title
    path = catalog.LIBRARY_DIR / "join_trap.yaml"
    assert catalog.find(str(path)).id == "join_trap"


@pytest.mark.parametrize("spec", ["xyz", "infra_s0_7", "scaling_0", "ops_s0_1"])
def test_find_refuses_unknown_names_in_one_line(spec):
    with pytest.raises(ScenarioFileError) as info:
        catalog.find(spec)
    assert info.value.problems == [f"no scenario '{spec}': not an id in the suite or library, and no such file"]


def test_find_reports_a_missing_file_by_its_path():
    with pytest.raises(ScenarioFileError) as info:
        catalog.find("missing/scenario.yaml")
    assert info.value.problems == ["missing/scenario.yaml: no such file"]


def test_the_suite_is_cached_and_the_library_lists_every_file():
    assert catalog.suite()[0] is catalog.suite()[0]
    assert len(catalog.suite()) == 60 and len(catalog.suite(range(1))) == 12
    assert [s.id for s in catalog.library()] == [p.stem for p in LIBRARY_FILES]
