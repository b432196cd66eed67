"""Pure data: the scenario model, the scenario file format, the seeded generator and the LoCoMo loader."""

from scenarios.models import Fact, Question, Scenario, Turn

__all__ = ["Fact", "Question", "Scenario", "Turn"]
