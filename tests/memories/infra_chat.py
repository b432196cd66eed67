"""A small hand-written #infra conversation for the flat-memory tests: a few facts, a join trap, an update and
filler (generic chatter and near-topic lines that name the entities without stating a fact)."""

from scenarios.models import Turn

LINES: list[tuple[str, str]] = [
    ("agent_a", "morning all, coffee machine is fixed"),
    ("agent_b", "FeatureStore is owned by Lena."),  # 1
    ("agent_c", "did anyone see the game last night?"),
    ("agent_a", "ReportingAPI, which serves usage reports, depends on FeatureStore."),  # 3
    ("agent_b", "standup moved to 10:15 tomorrow"),
    ("agent_c", "ReportingAPI is owned by Mia."),  # 5: the join trap, ReportingAPI's own owner
    ("agent_a", "Is the FeatureStore dashboard slow for anyone else?"),
    ("agent_b", "Lena is on the Trust team."),  # 7
    ("agent_c", "lunch at noon?"),
    ("agent_a", "ReportingAPI is set to high priority."),  # 9
    ("agent_b", "the ReportingAPI graphs look noisy today"),
    ("agent_c", "morning all, coffee machine is fixed"),  # repeated filler
    ("agent_a", "Update: ReportingAPI is now medium priority."),  # 12
    ("agent_b", "lunch at noon?"),  # repeated filler
]
FEATURESTORE_OWNER = 1
DEPENDENCY = 3
TRAP = 5
TEAM = 7
OLD_PRIORITY = 9
NEW_PRIORITY = 12


def turns() -> list[Turn]:
    return [Turn(index=i, speaker=s, text=t, channel="infra") for i, (s, t) in enumerate(LINES)]
