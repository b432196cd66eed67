"""`ctxsim play --locomo`: one LoCoMo conversation in one channel with its questions, each panel judged by the
evidence recall of its context instead of right/wrong; bad files and unknown conversations exit 2 before any UI."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from memories.answer import Answer, ContextItem, Trace
from memories.protocol import MemoryConfig
from scenarios.locomo import load_locomo
from simulator.commands.play import play
from tests.tui.conftest import settle, wait_for
from tui.app import scoring_for
from tui.screenshot import svg_text
from tui.widgets.backend_panel import BackendPanel, evidence_recall

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "locomo_tiny.json"


def _conv1():
    scenarios, _ = load_locomo(FIXTURE, ["conv-1"])
    return scenarios[0]


def test_evidence_recall_counts_the_evidence_turns_inside_the_context():
    answer = Answer(backend="vector", context=[ContextItem(text="a", turns=[2]), ContextItem(text="b", turns=[5, 7])],
                    trace=Trace(backend="vector"))
    assert evidence_recall(answer, [7, 2, 3]) == ([2, 7], [3])
    assert evidence_recall(answer, []) == ([], [])


def test_a_locomo_conversation_is_scored_by_recall_and_a_scenario_file_by_grade(tiny):
    assert scoring_for(_conv1()) == "recall"
    assert scoring_for(tiny) == "grade"


async def test_stepping_to_a_locomo_question_shows_each_panels_recall_and_the_evidence_it_hit_or_missed(make_app):
    scenario = _conv1()
    app = make_app(scenario=scenario, config=MemoryConfig(extraction="rules"))
    async with app.run_test(size=(200, 60)) as pilot:
        await app.until_ready(30)
        assert app.engine.memories["graph"].config.extraction == "rules"
        await app.run_steps(len(scenario.turns) + 1)  # every turn, then the first question ("What breed ...?")
        panels = list(app.inspector.query(BackendPanel))
        await wait_for(pilot, lambda: all(p.answer is not None and not p.answering for p in panels), 30)
        await settle(pilot)
        question = scenario.questions[0]
        assert question.evidence == [2]
        for panel in panels:
            hit, missed = evidence_recall(panel.answer, question.evidence)
            text = panel.plain
            assert f"recall {len(hit)}/1" in text, (panel.backend, text)
            assert "right" not in text and "wrong" not in text
            assert ("evidence hit    t2" in text) == bool(hit) and ("evidence missed t2" in text) == bool(missed)
        raw = app.inspector.panel("raw").plain
        assert "recall 1/1" in raw  # the whole transcript is raw's context
        assert app.inspector.scoreboard.tally.records == {}  # a span match against LoCoMo's answers is no verdict
        await app.action_quit()


def test_headless_locomo_play_exits_0_and_shows_recall(tmp_path):
    out = tmp_path / "locomo.svg"
    result = CliRunner().invoke(play, ["--locomo", str(FIXTURE), "--conversation", "conv-1", "--headless",
                                       "--steps", "9", "--size", "200x60", "--screenshot", str(out),
                                       "--embedder", "hash"])
    assert result.exit_code == 0, result.output
    screen = svg_text(out.read_text(encoding="utf-8"))
    assert "What breed is Ana's" in screen and "recall 1/1" in screen and "evidence hit    t2" in screen
    assert "extraction=rules" in screen


def test_bad_locomo_input_exits_2_with_one_line(tmp_path):
    malformed = tmp_path / "bad.json"
    malformed.write_text('[{"conversation": {}}]', encoding="utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text("[{", encoding="utf-8")
    cases = [
        (["--locomo", str(tmp_path / "nope.json")], f"{tmp_path / 'nope.json'}: no such file"),
        (["--locomo", str(malformed)], f"{malformed}: [0].sample_id: field required"),
        (["--locomo", str(broken)], f"{broken}: not valid JSON at line 1"),
        (["--locomo", str(FIXTURE), "--conversation", "conv-99"],
         f"{FIXTURE}: no conversation conv-99 (the file has conv-1, conv_b)"),
        (["--conversation", "conv-1"], "--conversation needs --locomo PATH"),
        (["join_trap", "--locomo", str(FIXTURE)], "play: give --locomo or a SCENARIO, --workspace or --demo"),
    ]
    for args, message in cases:
        result = CliRunner().invoke(play, args)
        assert result.exit_code == 2, (args, result.output)
        lines = [line for line in result.output.strip().splitlines() if not line.startswith("warning:")]
        assert len(lines) == 1 and lines[0].startswith(message), (args, result.output)
        assert "Traceback" not in result.output
