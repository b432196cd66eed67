"""Training the reading ranker: the fit, the per-writer check, and the command."""

from __future__ import annotations

import json

import numpy as np
import pytest
from click.testing import CliRunner

from memories.reading_ranker import FEATURES, Model
from scenarios.models import Fact, Scenario, Turn
from simulator.cli import main
from simulator.reader_training import Question, by_held_out_writer, collect, fit

NEAR, RANK = FEATURES.index("nearness"), FEATURES.index("rank")


def _question(scenario: str, right_near: bool, n: int = 3) -> Question:
    """Candidates where the right one is nearest the subject, ranked anywhere."""
    rows = np.zeros((n, len(FEATURES)))
    rows[:, RANK] = [1.0, 0.5, 0.33][:n]
    rows[:, NEAR] = [0.1, 0.2, 0.3][:n]
    right = np.zeros(n)
    right[n - 1 if right_near else 0] = 1.0
    return Question(scenario, rows, right)


def test_the_fit_learns_what_picks_the_right_candidate_and_is_deterministic():
    questions = [_question(f"w{i % 3}_infra_{i}", right_near=i % 5 != 0) for i in range(40)]
    first, second = fit(questions), fit(questions)
    assert first.weights[NEAR] > 0
    assert np.array_equal(first.weights, second.weights)
    assert sum(q.right[first.pick(q)] for q in questions) == 32  # every question where nearest is right


def test_each_writer_is_read_by_a_model_trained_on_the_others():
    questions = [_question(f"{w}_infra_{i}", right_near=True) for w in ("aa", "bb") for i in range(5)]
    for q in questions:
        q.features[0, FEATURES.index("hand_first")] = 1.0  # the hand-ordered reader picks the best-ranked
    out = by_held_out_writer(questions)
    assert out == {"aa": {"steps": 5, "hand": 0, "model": 5}, "bb": {"steps": 5, "hand": 0, "model": 5}}


def _missed_owner() -> Scenario:
    return Scenario(id="tiny_infra_1", channel="infra", turns=[
        Turn(index=0, speaker="ana", text="lunch?"),
        Turn(index=1, speaker="ben", text="zonemap: Rasmus Lind, ask him",
             facts=[Fact(subject="zonemap", predicate="owned_by", object="Rasmus Lind")]),
    ])


def test_a_fact_read_from_text_gives_one_question_labelled_by_its_gold_object(hash_embedder):
    asked, questions = collect([_missed_owner()], hash_embedder)
    assert asked == 1 and len(questions) == 1
    q = questions[0]
    assert q.features.shape[1] == len(FEATURES) and q.right.sum() >= 1


def test_a_model_scores_standardised_features():
    model = Model(weights=(1.0,) + (0.0,) * (len(FEATURES) - 1), means=(0.5,) * len(FEATURES),
                  scales=(0.5,) * len(FEATURES))
    assert model.score([1.0] + [0.0] * (len(FEATURES) - 1)) == pytest.approx(1 / (1 + np.exp(-1.0)))


def test_the_command_needs_scenarios_and_says_so_in_one_line(tmp_path):
    result = CliRunner().invoke(main, ["train-reader", "--scenarios", str(tmp_path / "none.yaml")])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.integration
def test_the_command_writes_weights_the_ranker_can_load(tmp_path):
    from memories.reading_ranker import load_model

    path = tmp_path / "weights.json"
    result = CliRunner().invoke(main, ["train-reader", "--scenarios", "tests/fixtures/blind_dev/d6_infra_1.yaml",
                                       "--scenarios", "tests/fixtures/blind_dev/d8_infra_1.yaml",
                                       "--out", str(path)])
    assert result.exit_code == 0, result.output
    data = json.loads(path.read_text())
    assert data["features"] == list(FEATURES) and set(data["held_out_writer"]) == {"d6", "d8"}
    assert load_model.__wrapped__(path) is not None


def test_a_chain_step_is_labelled_by_its_subject_s_facts_as_they_stood_when_asked():
    from simulator.reader_training import _held

    scenario = Scenario(id="tiny_infra_2", channel="infra", turns=[
        Turn(index=0, speaker="ana", text="Niamh Corrigan is on Data & Analytics",
             facts=[Fact(subject="Niamh Corrigan", predicate="member_of", object="Data & Analytics team")]),
        Turn(index=1, speaker="ana", text="Niamh moved to the OT Systems team",
             facts=[Fact(subject="Niamh Corrigan", predicate="member_of", object="OT Systems team")]),
    ])
    assert _held(scenario, "Niamh", "team", after=0) == [["Data & Analytics team", "Data & Analytics"]]
    assert _held(scenario, "Niamh", "team", after=1) == [["OT Systems team", "OT Systems"]]
    assert _held(scenario, "Niamh", "person", after=1) == [] and _held(scenario, "Omar", "team", after=1) == []
