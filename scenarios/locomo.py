"""LoCoMo (Maharana et al., 2024) as ctxsim scenarios: one scenario per long conversation, its sessions played in
order in one channel, its human-written questions asked at the end with their evidence turns.

The data file is CC BY-NC 4.0 and is never shipped with ctxsim; users fetch `locomo10.json` themselves.
Category names follow the dataset's own code (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop,
5 adversarial); Mem0's papers relabel them, we do not.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from scenarios.files import ScenarioFileError, _describe, _field_path, read_text
from scenarios.models import Question, Scenario, Turn

CHANNEL = "locomo"
CATEGORIES: dict[int, str] = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial"}
EVIDENCE_ID = re.compile(r"D(\d+):(\d+)")
_SESSION_KEY = re.compile(r"session_(\d+)")
_BAD_ID_CHARS = re.compile(r"[^a-z0-9_-]+")


def scenario_id(sample_id: str) -> str:
    """'conv-26' stays 'conv-26'; anything outside [a-z0-9_-] becomes '-' so the id is a valid scenario id."""
    return _BAD_ID_CHARS.sub("-", sample_id.strip().lower()).strip("-") or "conversation"


def _turn_text(raw: dict[str, Any]) -> str:
    text = str(raw.get("text", "")).strip()
    caption = raw.get("blip_caption")
    if caption:
        text = f"{text} [shares a photo: {str(caption).strip()}]".strip()
    return text


def _answer(qa: dict[str, Any], category: int) -> list[str]:
    # Category 5 questions are about things never said: the dataset keeps the tempting wrong answer in
    # `adversarial_answer`; some also carry an `answer`, which we do not use for them.
    value = qa.get("adversarial_answer") if category == 5 else qa.get("answer")
    if value is None:
        value = qa.get("answer", qa.get("adversarial_answer"))
    if value is None:
        return []
    if isinstance(value, list):
        return [str(v) for v in value]
    return [str(value)]


class _BadEvidence:
    """Evidence ids that point at no turn, or do not parse at all, collected for one warning line."""

    def __init__(self) -> None:
        self.examples: list[str] = []
        self.count = 0

    def add(self, conversation: str, evidence: str) -> None:
        self.count += 1
        if len(self.examples) < 5:
            self.examples.append(f"{conversation} {evidence}")

    def warning(self, name: str) -> list[str]:
        if not self.count:
            return []
        more = ", ..." if self.count > len(self.examples) else ""
        return [
            f"{name}: {self.count} evidence id(s) point at no turn and were dropped "
            f"({', '.join(self.examples)}{more})"
        ]


def _conversation(sample: Any, where: str, name: str, bad: _BadEvidence) -> Scenario:
    if not isinstance(sample, dict):
        raise ScenarioFileError([f"{name}: {where}: expected an object with sample_id, conversation, qa"])
    for key in ("sample_id", "conversation", "qa"):
        if key not in sample:
            raise ScenarioFileError([f"{name}: {where}.{key}: field required"])
    original_id = str(sample["sample_id"])
    conv = sample["conversation"]
    if not isinstance(conv, dict):
        raise ScenarioFileError([f"{name}: {where}.conversation: expected an object of sessions"])
    sessions = sorted(int(m.group(1)) for key in conv if (m := _SESSION_KEY.fullmatch(key)))
    turns: list[Turn] = []
    by_dia: dict[tuple[int, int], int] = {}
    for s in sessions:
        raw_turns = conv[f"session_{s}"]
        if not isinstance(raw_turns, list):
            raise ScenarioFileError([f"{name}: {where}.conversation.session_{s}: expected a list of turns"])
        date = str(conv.get(f"session_{s}_date_time", ""))
        for ti, raw in enumerate(raw_turns):
            field = f"{where}.conversation.session_{s}[{ti}]"
            if not isinstance(raw, dict) or not raw.get("speaker"):
                raise ScenarioFileError([f"{name}: {field}.speaker: field required"])
            dia_id = str(raw.get("dia_id") or f"D{s}:{ti + 1}")
            m = EVIDENCE_ID.fullmatch(dia_id)
            if m:
                by_dia.setdefault((int(m.group(1)), int(m.group(2))), len(turns))
            turns.append(
                Turn(
                    speaker=str(raw["speaker"]),
                    text=_turn_text(raw),
                    meta={"dia_id": dia_id, "session": str(s), "date": date},
                )
            )
    if not turns:
        raise ScenarioFileError([f"{name}: {where}.conversation: no session holds any turn"])
    qa_list = sample["qa"]
    if not isinstance(qa_list, list):
        raise ScenarioFileError([f"{name}: {where}.qa: expected a list of questions"])
    last = len(turns) - 1
    questions: list[Question] = []
    for qi, qa in enumerate(qa_list):
        field = f"{where}.qa[{qi}]"
        if not isinstance(qa, dict) or not str(qa.get("question", "")).strip():
            raise ScenarioFileError([f"{name}: {field}.question: field required"])
        category = qa.get("category")
        if isinstance(category, bool) or not isinstance(category, int) or category not in CATEGORIES:
            raise ScenarioFileError([f"{name}: {field}.category: expected 1-5 (got {category!r})"])
        raw_evidence = qa.get("evidence") or []
        if not isinstance(raw_evidence, list):
            raw_evidence = [raw_evidence]
        evidence: list[int] = []
        for item in raw_evidence:
            found = EVIDENCE_ID.findall(str(item))
            if not found:  # e.g. "D" or "D:11:26": no id to recover
                bad.add(original_id, str(item))
            for sess, pos in found:
                index = by_dia.get((int(sess), int(pos)))  # int() also reads "D30:05" as D30:5
                if index is None:
                    bad.add(original_id, f"D{sess}:{pos}")
                elif index not in evidence:
                    evidence.append(index)
        questions.append(
            Question(
                after=last,
                speaker=turns[0].speaker,
                text=str(qa["question"]).strip(),
                type=CATEGORIES[category],
                answer=_answer(qa, category),
                evidence=sorted(evidence),
                meta={"category": str(category)},
            )
        )
    speakers = [str(conv.get("speaker_a", "")), str(conv.get("speaker_b", ""))]
    title = f"LoCoMo {original_id}: {' and '.join(s for s in speakers if s)}"
    try:
        return Scenario(id=scenario_id(original_id), channel=CHANNEL, title=title, turns=turns, questions=questions)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise ScenarioFileError([f"{name}: {where}.{_field_path(err['loc'])}: {_describe(err)}"]) from None


def load_locomo(path: str | Path, conversations: list[str] | None = None) -> tuple[list[Scenario], list[str]]:
    """Read locomo10.json -> (scenarios in file order, warnings). `conversations` keeps only those sample ids
    (original or scenario id). Raises ScenarioFileError with one line naming the file and the problem."""
    name = str(path)
    text = read_text(path, "the LoCoMo JSON file")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioFileError([f"{name}: not valid JSON at line {exc.lineno}"]) from None
    if not isinstance(data, list) or not data:
        raise ScenarioFileError([f"{name}: expected a non-empty JSON list of LoCoMo conversations"])
    wanted = None if conversations is None else {scenario_id(c) for c in conversations}
    bad = _BadEvidence()
    scenarios: list[Scenario] = []
    seen: set[str] = set()
    for i, sample in enumerate(data):
        if wanted is not None and isinstance(sample, dict):
            if scenario_id(str(sample.get("sample_id", ""))) not in wanted:
                continue
        scenario = _conversation(sample, f"[{i}]", name, bad)
        if scenario.id in seen:
            raise ScenarioFileError([f"{name}: [{i}].sample_id: '{scenario.id}' appears twice"])
        seen.add(scenario.id)
        scenarios.append(scenario)
    if wanted is not None:
        missing = sorted(wanted - seen)
        if missing:
            known = ", ".join(scenario_id(str(s.get("sample_id", ""))) for s in data if isinstance(s, dict))
            raise ScenarioFileError([f"{name}: no conversation {', '.join(missing)} (the file has {known})"])
    return scenarios, bad.warning(name)
