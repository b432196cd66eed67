"""The LoCoMo loader on a tiny hand-written file in the dataset's format, quirks included."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenarios.files import ScenarioFileError
from scenarios.locomo import CATEGORIES, load_locomo, scenario_id

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "locomo_tiny.json"


@pytest.fixture(scope="module")
def loaded():
    return load_locomo(FIXTURE)


def conv(loaded, sid):
    return next(s for s in loaded[0] if s.id == sid)


def write(tmp_path: Path, data) -> Path:
    path = tmp_path / "locomo.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def test_one_scenario_per_conversation_in_file_order(loaded):
    scenarios, _ = loaded
    assert [s.id for s in scenarios] == ["conv-1", "conv_b"]
    assert all(s.channel == "locomo" for s in scenarios)


def test_id_is_lowercased_and_the_original_kept_in_the_title(loaded):
    assert scenario_id("Conv_B") == "conv_b"
    assert scenario_id("Conv 7/x") == "conv-7-x"
    assert "Conv_B" in conv(loaded, "conv_b").title


def test_turns_follow_session_order_with_dia_id_session_and_date(loaded):
    turns = conv(loaded, "conv-1").turns
    assert [t.meta["dia_id"] for t in turns] == ["D1:1", "D1:2", "D1:3", "D1:4", "D2:1", "D2:2", "D2:3", "D2:4"]
    assert [t.index for t in turns] == list(range(8))
    assert turns[0].speaker == "Ana" and turns[4].speaker == "Ben"
    assert turns[3].meta == {"dia_id": "D1:4", "session": "1", "date": "10:00 am on 3 March, 2023"}
    assert turns[4].meta["session"] == "2" and turns[4].meta["date"] == "4:30 pm on 20 March, 2023"


def test_a_session_date_without_turns_adds_nothing(loaded):
    assert {t.meta["session"] for t in conv(loaded, "conv-1").turns} == {"1", "2"}


def test_image_turn_gets_its_caption_and_nothing_else_of_the_image(loaded):
    text = conv(loaded, "conv-1").turns[2].text
    assert text == "A beagle called Pixel. Look at him! [shares a photo: a photo of a small dog on a red blanket]"
    assert "beagle puppy" not in text  # the image search query is not part of what was said


def test_category_names_follow_the_dataset_code(loaded):
    assert CATEGORIES == {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
    qs = conv(loaded, "conv-1").questions
    assert [(q.type, q.meta["category"]) for q in qs[:5]] == [
        ("single-hop", "4"), ("temporal", "2"), ("multi-hop", "1"), ("multi-hop", "1"), ("open-domain", "3")]


def test_adversarial_questions_carry_the_adversarial_answer(loaded):
    qs = conv(loaded, "conv-1").questions
    assert qs[5].type == "adversarial" and qs[5].answer == ["deep blue"]
    assert qs[6].answer == ["running shoes"]  # its plain `answer` field is not used for category 5


def test_numeric_answer_becomes_text(loaded):
    assert conv(loaded, "conv-1").questions[3].answer == ["1"]


def test_evidence_ids_map_to_turn_indices_including_joined_and_zero_padded_ids(loaded):
    qs = conv(loaded, "conv-1").questions
    assert qs[0].evidence == [2]
    assert qs[2].evidence == [2, 4]  # "D1:3; D2:1" in one string
    assert qs[3].evidence == [4]  # "D2:01" is D2:1


def test_bad_evidence_ids_are_dropped_and_reported_in_one_warning_line(loaded):
    scenarios, warnings = loaded
    assert conv(loaded, "conv-1").questions[7].evidence == [7]
    assert conv(loaded, "conv_b").questions[1].evidence == [2]
    assert len(warnings) == 1
    assert warnings[0].startswith(str(FIXTURE) + ": 3 evidence id(s) point at no turn")
    for bad in ("conv-1 D9:9", "conv-1 D,", "Conv_B D1:7"):
        assert bad in warnings[0]


def test_question_with_empty_evidence_keeps_an_empty_list(loaded):
    assert conv(loaded, "conv-1").questions[4].evidence == []


def test_questions_are_asked_after_the_last_turn(loaded):
    for s in loaded[0]:
        assert {q.after for q in s.questions} == {len(s.turns) - 1}


def test_a_clean_file_gives_no_warning(tmp_path):
    data = json.loads(FIXTURE.read_text())
    data[1]["qa"][1]["evidence"] = ["D1:3"]
    data[0]["qa"][7]["evidence"] = ["D2:4"]
    assert load_locomo(write(tmp_path, data))[1] == []


def test_conversations_filter_keeps_the_named_ones(loaded):
    scenarios, _ = load_locomo(FIXTURE, ["Conv_B"])
    assert [s.id for s in scenarios] == ["conv_b"]


def test_unknown_conversation_is_one_line_naming_what_the_file_has():
    with pytest.raises(ScenarioFileError) as err:
        load_locomo(FIXTURE, ["conv-99"])
    assert err.value.problems == [f"{FIXTURE}: no conversation conv-99 (the file has conv-1, conv_b)"]


def test_missing_file_is_one_line():
    with pytest.raises(ScenarioFileError) as err:
        load_locomo("/nonexistent/locomo10.json")
    assert err.value.problems == ["/nonexistent/locomo10.json: no such file"]


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ('[{"sample_id": "c", ', "not valid JSON at line 1"),
        ('{"sample_id": "c"}', "expected a non-empty JSON list of LoCoMo conversations"),
        ("[]", "expected a non-empty JSON list of LoCoMo conversations"),
        ('[{"sample_id": "c", "conversation": {}}]', "[0].qa: field required"),
        ('[{"sample_id": "c", "conversation": {"session_1": [{"text": "hi"}]}, "qa": []}]',
         "[0].conversation.session_1[0].speaker: field required"),
        ('[{"sample_id": "c", "conversation": {"session_1": [{"speaker": "A", "text": "hi"}]},'
         ' "qa": [{"question": "Q?", "category": 9}]}]', "[0].qa[0].category: expected 1-5 (got 9)"),
        ('[{"sample_id": "c", "conversation": {}, "qa": []}]', "[0].conversation: no session holds any turn"),
    ],
)
def test_malformed_file_is_one_line_naming_file_and_problem(tmp_path, content, problem):
    path = write(tmp_path, content)
    with pytest.raises(ScenarioFileError) as err:
        load_locomo(path)
    assert err.value.problems == [f"{path}: {problem}"]


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["sample_id", "conversation", "qa", "session_1", "session_1_date_time", "speaker", "text",
                         "dia_id", "question", "answer", "evidence", "category", "blip_caption", "x"]),
        inner, max_size=5),
    max_leaves=25,
)


@settings(max_examples=150, deadline=None)
@given(data=_json)
def test_any_json_loads_or_fails_with_one_line_per_problem_never_a_crash(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "any.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        try:
            load_locomo(path)
        except ScenarioFileError as exc:
            assert len(exc.problems) == 1 and exc.problems[0].startswith(f"{path}: ")


def _paths(node, prefix=()):
    yield prefix
    children = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for key, child in children:
        yield from _paths(child, (*prefix, key))


_FIXTURE_DATA = json.loads(FIXTURE.read_text(encoding="utf-8"))
_FIXTURE_PATHS = [p for p in _paths(_FIXTURE_DATA) if p]


@settings(max_examples=200, deadline=None)
@given(where=st.sampled_from(_FIXTURE_PATHS), value=_json)
def test_a_fixture_with_any_field_replaced_loads_or_fails_with_one_line(where, value):
    data = json.loads(json.dumps(_FIXTURE_DATA))
    node = data
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "mutated.json"
        path.write_text(json.dumps(data), encoding="utf-8")
        try:
            scenarios, warnings = load_locomo(path)
        except ScenarioFileError as exc:
            assert len(exc.problems) == 1 and exc.problems[0].startswith(f"{path}: ")
        else:
            assert len(warnings) <= 1
            for s in scenarios:
                assert all(0 <= e < len(s.turns) for q in s.questions for e in q.evidence)
