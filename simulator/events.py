"""What the engine tells its subscribers: turns posted, questions asked, answers ready, the end, and errors."""

from __future__ import annotations

from dataclasses import dataclass, field

from memories.answer import Answer
from scenarios.models import Question, Turn


@dataclass(frozen=True)
class TurnPosted:
    turn: Turn
    position: int  # beats done so far (1-based) in the run's timeline
    total: int  # beats in the scenario's timeline (turns + questions)


@dataclass(frozen=True)
class QuestionAsked:
    ask_id: int  # unique within a run; AnswerReady events carry it
    text: str
    speaker: str
    channel: str
    after: int  # index of the latest scenario turn posted when it was asked
    gold: Question | None = None  # scripted questions carry their gold; a user's own question has none


@dataclass(frozen=True)
class AnswerReady:
    ask_id: int
    backend: str
    answer: Answer
    correct: bool | None  # None when there is no gold answer (the user's own questions)
    needed_ranks: dict[int, int | None] = field(default_factory=dict)  # evidence turn -> rank in trace, None = not ranked


@dataclass(frozen=True)
class MemoryReset:
    """Memories were rebuilt (restart or seek); the feed should be redrawn from `position`."""

    position: int


@dataclass(frozen=True)
class ScenarioFinished:
    scenario_id: str


@dataclass(frozen=True)
class EngineError:
    message: str
    backend: str | None = None


Event = TurnPosted | QuestionAsked | AnswerReady | MemoryReset | ScenarioFinished | EngineError
