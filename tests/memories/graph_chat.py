"""Hand-made turns with gold facts for the graph and hybrid tests: one small conversation per channel, each with
the trap the suite relies on (the asked entity's own one-hop answer is stated too), an update and some filler."""

from __future__ import annotations

from scenarios.models import Fact, Turn


def turn(index: int, text: str, facts: list[list[str]] | None = None, *, speaker: str = "agent_a",
         channel: str = "infra", kind: str = "message") -> Turn:
    return Turn(index=index, speaker=speaker, text=text, channel=channel, kind=kind,  # type: ignore[arg-type]
                facts=[Fact.model_validate(f) for f in facts or []])


def infra() -> list[Turn]:
    return [
        turn(0, "morning all, coffee machine is fixed"),
        turn(1, "ReportingAPI, which serves usage reports, depends on FeatureStore.",
             [["ReportingAPI", "depends_on", "FeatureStore"], ["ReportingAPI", "described_as", "serves usage reports"]],
             speaker="agent_b"),
        turn(2, "FeatureStore is owned by Lena.", [["FeatureStore", "owned_by", "Lena"]], speaker="agent_c"),
        turn(3, "ReportingAPI is owned by Omar.", [["ReportingAPI", "owned_by", "Omar"]]),  # the trap
        turn(4, "Is the FeatureStore dashboard slow for anyone else?", speaker="agent_b"),
        turn(5, "Lena is on the Trust team.", [["Lena", "member_of", "Trust team"]], speaker="agent_c"),
        turn(6, "Omar is on the Payments team.", [["Omar", "member_of", "Payments team"]]),  # the trap's team
        turn(7, "ReportingAPI is set to high priority.", [["ReportingAPI", "priority", "high"]], speaker="agent_b"),
        turn(8, "lunch at noon?", speaker="agent_c"),
        turn(9, "Update: ReportingAPI is now medium priority.", [["ReportingAPI", "priority", "medium"]]),
        turn(10, "FeatureStore, which keeps model features, runs in eu-west-1.",
             [["FeatureStore", "deployed_in", "eu-west-1"], ["FeatureStore", "described_as", "keeps model features"]],
             speaker="agent_b"),
    ]


UPDATE_TURN = 9


def accounts() -> list[Turn]:
    return [
        turn(0, "The Acme account is handled by Dana.", [["Acme account", "handled_by", "Dana"]],
             channel="accounts"),
        turn(1, "Dana works out of the Berlin office.", [["Dana", "works_in", "Berlin office"]],
             channel="accounts", speaker="agent_b"),
        turn(2, "The Globex account is handled by Raj.", [["Globex account", "handled_by", "Raj"]],
             channel="accounts", speaker="agent_c"),
        turn(3, "Raj works in the Austin office.", [["Raj", "works_in", "Austin office"]], channel="accounts"),
        turn(4, "The Berlin office is in the EMEA region.", [["Berlin office", "located_in", "EMEA"]],
             channel="accounts", speaker="agent_b"),
        turn(5, "Acme renews in March.", [["Acme account", "renews_in", "March"]], channel="accounts"),
    ]


def adhoc() -> list[Turn]:
    return [
        turn(0, "Project Lantern is led by Wen.", [["Lantern", "led_by", "Wen"]], channel="ad-hoc"),
        turn(1, "Lantern uses Tableau.", [["Lantern", "uses", "Tableau"]], channel="ad-hoc"),
        turn(2, "Tableau is owned by Soren.", [["Tableau", "owned_by", "Soren"]], channel="ad-hoc"),
        turn(3, "Soren works in the Prague office.", [["Soren", "works_in", "Prague office"]], channel="ad-hoc"),
        turn(4, "Wen works in the Denver office.", [["Wen", "works_in", "Denver office"]], channel="ad-hoc"),
        turn(5, "Lantern is due June 28.", [["Lantern", "deadline", "June 28"]], channel="ad-hoc"),
        turn(6, "Lantern is on hold.", [["Lantern", "status", "on hold"]], channel="ad-hoc"),
    ]
