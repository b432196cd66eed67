"""Rows pasted as tables and one-line-per-item lists: fields split by bars, tabs, runs of spaces, slashes, spaced
dashes or arrows; header lines that name the columns (acronyms and two-word names too); bullets; column names
written inside a field; a person's row naming their team or office. Each behaviour sits next to near-misses that
must stay silent: prose with a dash, a lone line of one field, a negated cell.

Every sentence and name here was written by hand for these tests; none comes from a scenario file.
"""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import read_lines


def read_all(messages: list[str], channel: str) -> list[tuple[str, str, str]]:
    """Read messages in order, as the graph would, and return the facts of the last one."""
    return read_lines([("someone", text) for text in messages], channel)


def read(text: str, channel: str) -> list[tuple[str, str, str]]:
    return read_all([text], channel)


# --- tables with a header line ------------------------------------------------------------------------------


def test_a_bar_table_with_an_acronym_column_reads_each_row():
    text = ("export from the CRM, have a look\n"
            "client | AM | tier | renews\n"
            "Oakfield Dairy | Ines Costa | Growth | Nov\n"
            "Pinecrest Media | Leo Park | Starter | Feb")
    assert read(text, "accounts") == [
        ("Oakfield Dairy", "handled_by", "Ines Costa"), ("Oakfield Dairy", "plan", "Growth"),
        ("Oakfield Dairy", "renews_in", "November"),
        ("Pinecrest Media", "handled_by", "Leo Park"), ("Pinecrest Media", "plan", "Starter"),
        ("Pinecrest Media", "renews_in", "February"),
    ]


def test_a_space_aligned_table_keeps_names_inside_their_cells_and_reads_short_priorities():
    text = ("service          owner          prio   runs in\n"
            "Ledger Sync      Mira Holt      crit   eu-north-1\n"
            "Quota Keeper     Omar Said      med    k8s-edge-2")
    assert read(text, "infra") == [
        ("Ledger Sync", "owned_by", "Mira Holt"), ("Ledger Sync", "priority", "critical"),
        ("Ledger Sync", "deployed_in", "eu-north-1"),
        ("Quota Keeper", "owned_by", "Omar Said"), ("Quota Keeper", "priority", "medium"),
        ("Quota Keeper", "deployed_in", "k8s-edge-2"),
    ]


def test_a_tab_separated_table_with_a_cluster_column_reads_where_each_service_runs():
    text = "svc\tDRI\tcluster\nledger-sync\tMira Holt\tprod-west\nquota-svc\tOmar Said\tprod-east"
    assert read(text, "infra") == [
        ("ledger-sync", "owned_by", "Mira Holt"), ("ledger-sync", "deployed_in", "prod-west"),
        ("quota-svc", "owned_by", "Omar Said"), ("quota-svc", "deployed_in", "prod-east"),
    ]


def test_an_empty_cell_keeps_the_later_cells_under_their_own_columns():
    text = "customer | AM | plan | renews\nOakfield Dairy |  | Growth | Nov"
    assert read(text, "accounts") == [("Oakfield Dairy", "plan", "Growth"), ("Oakfield Dairy", "renews_in", "November")]


def test_a_header_in_one_message_names_the_columns_of_rows_pasted_in_the_next():
    messages = ["project | lead | status", "Tern Migration | Bea Lund | blocked"]
    assert read_all(messages, "adhoc") == [
        ("Tern Migration", "led_by", "Bea Lund"), ("Tern Migration", "status", "blocked"),
    ]


def test_a_table_of_people_reads_their_teams_and_offices():
    text = "name | team | office\nAna Ruiz | Payments | Lisbon\nTom Berg | Search | Oslo"
    assert read(text, "infra") == [
        ("Ana Ruiz", "member_of", "Payments"), ("Ana Ruiz", "works_in", "Lisbon"),
        ("Tom Berg", "member_of", "Search"), ("Tom Berg", "works_in", "Oslo"),
    ]


# --- lists of one line per item ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("channel", "predicate"),
    [("accounts", "handled_by"), ("infra", "owned_by"), ("adhoc", "led_by")],
)
def test_a_bulleted_list_of_names_and_people_reads_by_the_channel(channel, predicate):
    text = "new owners after the shuffle:\n* Quarry Works – Nadia Flores\n* Lindenhall – Bram Visser"
    assert read(text, channel) == [
        ("Quarry Works", predicate, "Nadia Flores"), ("Lindenhall", predicate, "Bram Visser"),
    ]


def test_dash_bullets_and_arrows_separate_the_same_way():
    text = "- Quarry Works -> Nadia Flores\n- Lindenhall -> Bram Visser"
    assert read(text, "accounts") == [
        ("Quarry Works", "handled_by", "Nadia Flores"), ("Lindenhall", "handled_by", "Bram Visser"),
    ]


def test_a_list_line_may_name_its_columns_and_leave_a_question_mark_to_fill_in():
    text = ("fill in the last bit pls\n"
            "Tern Migration – lead Bea Lund – ETA 14 May – ?\n"
            "Project Gannet – lead Joel Amari – due 2 Jul – ?")
    assert read(text, "adhoc") == [
        ("Tern Migration", "led_by", "Bea Lund"), ("Tern Migration", "deadline", "14 May"),
        ("Project Gannet", "led_by", "Joel Amari"), ("Project Gannet", "deadline", "2 Jul"),
    ]


def test_a_list_of_people_gives_their_teams_and_a_cell_without_a_head_noun_follows_the_line_before():
    text = "Mira - Ledger team\nOmar - Billing Ops"
    assert read(text, "infra") == [("Mira", "member_of", "Ledger team"), ("Omar", "member_of", "Billing Ops")]


def test_a_tier_word_no_lexicon_lists_is_a_plan_under_a_plan_on_the_line_before():
    text = "• Quarry Works - Nadia Flores - Enterprise Suite\n• Lindenhall - Bram Visser - Harbour Core"
    assert read(text, "accounts") == [
        ("Quarry Works", "handled_by", "Nadia Flores"), ("Quarry Works", "plan", "Enterprise Suite"),
        ("Lindenhall", "handled_by", "Bram Visser"), ("Lindenhall", "plan", "Harbour Core"),
    ]


def test_a_list_line_of_free_notes_after_the_dash_is_read_as_about_its_name():
    text = "the two I'm keeping:\nQuarry Works – mostly air, renews Oct\nLindenhall – sea only, renews Feb"
    assert read(text, "accounts") == [("Quarry Works", "renews_in", "October"), ("Lindenhall", "renews_in", "February")]


# --- near-misses that state nothing ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "channel"),
    [
        ("Lindenhall – they seem happy enough with it", "accounts"),  # prose with a dash
        ("Tern Migration - Bea Lund", "adhoc"),  # one field on a lone line: no list
        ("Bram Visser - Ledger team", "infra"),  # the same for a person's team
        ("Lindenhall – happy enough\nQuarry Works – chasing them again", "accounts"),  # a list of notes
        ("Lindenhall - still on Growth?", "accounts"),  # a question
        ("office hours Mon – Fri, 9am - 5pm", "infra"),  # dashes in a time span
        ("Sanne - not in eng\nmine - Ledger team", "infra"),  # a negated cell, a pronoun-ish subject
        ("Ledger Sync - crit\nQuota Keeper - hi", "infra"),  # short priorities outside a priority column
    ],
)
def test_lines_with_dashes_that_make_no_row_state_nothing(text, channel):
    assert read(text, channel) == []


def test_a_bar_header_gives_no_columns_to_later_prose_with_dashes():
    messages = ["client | AM | tier | renews", "Lindenhall – Bram Visser mentioned it on the call"]
    assert read_all(messages, "accounts") == []


def test_capitalised_cells_that_are_no_column_names_make_a_row_not_a_header():
    messages = ["Lindenhall | Bram Visser | Growth", "Quarry Works | Nadia Flores | Starter"]
    assert read_all(messages, "accounts") == [
        ("Quarry Works", "handled_by", "Nadia Flores"), ("Quarry Works", "plan", "Starter"),
    ]
