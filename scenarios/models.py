"""The data every room shares: a scenario is turns posted into channels, with gold facts and questions."""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

ID_PATTERN = re.compile(r"^[a-z0-9_-]+$")

# Canonical predicates. Single-valued unless listed in MULTI_VALUED: a new object for the
# same subject retires the old one (supersession).
PREDICATES: dict[str, tuple[str, str]] = {
    # predicate: (subject type, object type)
    "owned_by": ("component", "person"),
    "depends_on": ("component", "component"),
    "priority": ("component", "priority"),
    "deployed_in": ("component", "region"),
    "member_of": ("person", "team"),
    "handled_by": ("account", "person"),
    "works_in": ("person", "office"),
    "located_in": ("office", "region"),
    "plan": ("account", "plan"),
    "renews_in": ("account", "month"),
    "led_by": ("project", "person"),
    "uses": ("project", "tool"),
    "deadline": ("project", "date"),
    "status": ("project", "status"),
    "described_as": ("entity", "description"),
}
MULTI_VALUED = frozenset({"depends_on", "uses"})

TurnKind = Literal["message", "question", "posted"]


class Fact(BaseModel):
    """A gold triple; in files it is written as a list: [subject, predicate, object]."""

    model_config = ConfigDict(frozen=True)

    subject: str = Field(min_length=1)
    predicate: str = Field(min_length=1)
    object: str = Field(min_length=1)

    @model_validator(mode="before")
    @classmethod
    def _from_list(cls, value: Any) -> Any:
        if isinstance(value, (list, tuple)):
            if len(value) != 3:
                raise ValueError(f"a fact is [subject, predicate, object], got {len(value)} items")
            return {"subject": value[0], "predicate": value[1], "object": value[2]}
        return value

    @property
    def known_predicate(self) -> bool:
        return self.predicate in PREDICATES

    def as_list(self) -> list[str]:
        return [self.subject, self.predicate, self.object]


class Turn(BaseModel):
    """One message in a channel. `index` is its position in the scenario; questions and messages
    posted during a run carry the index of the latest scenario turn, so index always reads as time."""

    index: int = -1
    speaker: str = Field(min_length=1)
    text: str
    channel: str | None = None
    facts: list[Fact] = Field(default_factory=list)
    kind: TurnKind = "message"
    meta: dict[str, str] = Field(default_factory=dict)  # e.g. LoCoMo dia_id, session, date


class Question(BaseModel):
    after: int = Field(ge=0)
    speaker: str | None = None
    text: str = Field(min_length=1)
    type: str = ""
    answer: list[str] = Field(default_factory=list)
    evidence: list[int] = Field(default_factory=list)
    meta: dict[str, str] = Field(default_factory=dict)

    @field_validator("answer", mode="before")
    @classmethod
    def _answer_list(cls, value: Any) -> Any:
        if isinstance(value, (str, int, float)):
            return [str(value)]
        if isinstance(value, list):
            return [str(v) for v in value]
        return value


class Scenario(BaseModel):
    id: str
    channel: str
    title: str | None = None
    seed: int | None = None
    turns: list[Turn] = Field(min_length=1)
    questions: list[Question] = Field(default_factory=list)

    @field_validator("id")
    @classmethod
    def _id_shape(cls, value: str) -> str:
        if not ID_PATTERN.match(value):
            raise ValueError(f"'{value}' must match [a-z0-9_-]+")
        return value

    @model_validator(mode="after")
    def _number_turns(self) -> "Scenario":
        for i, turn in enumerate(self.turns):
            turn.index = i
            if turn.channel is None:
                turn.channel = self.channel
        return self

    @property
    def channels(self) -> list[str]:
        seen: list[str] = []
        for turn in self.turns:
            if turn.channel not in seen:
                seen.append(turn.channel)  # type: ignore[arg-type]
        return seen

    def questions_after(self, index: int) -> list[Question]:
        return [q for q in self.questions if q.after == index]

    def to_file_dict(self) -> dict[str, Any]:
        """The scenario in the file format: defaults left out, facts as lists."""
        out: dict[str, Any] = {"id": self.id, "channel": self.channel}
        if self.title:
            out["title"] = self.title
        if self.seed is not None:
            out["seed"] = self.seed
        turns = []
        for t in self.turns:
            row: dict[str, Any] = {"speaker": t.speaker}
            if t.channel != self.channel:
                row["channel"] = t.channel
            row["text"] = t.text
            if t.facts:
                row["facts"] = [f.as_list() for f in t.facts]
            if t.meta:
                row["meta"] = dict(t.meta)
            turns.append(row)
        out["turns"] = turns
        qs = []
        for q in self.questions:
            row = {"after": q.after}
            if q.speaker:
                row["speaker"] = q.speaker
            row["text"] = q.text
            if q.type:
                row["type"] = q.type
            row["answer"] = q.answer if len(q.answer) != 1 else q.answer[0]
            row["evidence"] = q.evidence
            if q.meta:
                row["meta"] = dict(q.meta)
            qs.append(row)
        out["questions"] = qs
        return out
