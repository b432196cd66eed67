"""A city written alone once a team or an office named after it is known ("Tenma office is in Osaka" after "the Osaka
team"), written for these tests: the city, not the named thing."""

from __future__ import annotations

import pytest

from tests.memories.extractor_reading import pairs, read_one

pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.mark.parametrize("known", ["Osaka team", "Osaka office"])
def test_a_city_alone_is_the_city_once_a_team_or_office_named_after_it_is_known(known):
    facts = read_one("Tenma office is in Osaka, Vieux-Port is here in Montreal", "accounts", known=[known])
    assert pairs(facts, "located_in") == {("Tenma office", "Osaka")}

