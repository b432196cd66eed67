"""The rule-based extractor: statements to canonical triples, descriptions, update signals, pronouns, and nothing
from questions, negations, hedges or chatter that merely names entities.

Every sentence here was written by hand for these tests; none is taken from the synthetic generator's templates.
"""

from __future__ import annotations

import pytest

from memories.extractor import ExtractedFact, Extraction, RuleExtractor
from tests.memories.extractor_reading import triples


def read(text: str, channel: str | None = None, **kwargs) -> list[tuple[str, str, str]]:
    return triples(RuleExtractor().extract(text, channel=channel, **kwargs))


# --- the shape of an extraction ----------------------------------------------------------------------------


def test_a_fact_carries_the_clause_it_came_from_and_a_full_lexicon_score():
    out = RuleExtractor().extract("Standup is at ten. FeatureStore is owned by Lena.")
    assert out.facts == [
        ExtractedFact(subject="FeatureStore", predicate="owned_by", object="Lena", update=False, score=1.0,
                      span="FeatureStore is owned by Lena.")
    ]


def test_mentions_list_each_entity_once_in_order_of_first_mention():
    out = RuleExtractor().extract("Lena owns FeatureStore. FeatureStore depends on ConfigService and Lena knows it.")
    assert out.mentions == ["Lena", "FeatureStore", "ConfigService"]


def test_a_statement_that_names_entities_but_states_nothing_is_reported_as_unmatched():
    out = RuleExtractor().extract("FeatureStore latency looks fine today.")
    assert out.facts == []
    assert out.unmatched == ["FeatureStore latency looks fine today."]


def test_plain_chatter_without_entities_is_neither_a_fact_nor_unmatched():
    out = RuleExtractor().extract("Grabbing coffee, back in 5. Sounds good, I'll sync after standup.")
    assert out == Extraction(facts=[], mentions=[], unmatched=[])


def test_a_known_name_written_another_way_is_reported_as_an_alias():
    out = RuleExtractor().extract("The Feature Store is owned by Lena.", known_entities=["FeatureStore", "Lena"])
    assert triples(out) == [("FeatureStore", "owned_by", "Lena")]
    assert out.aliases == [("FeatureStore", "Feature Store", 1.0)]


def test_a_pronoun_is_not_listed_as_a_mention_and_a_value_word_is_not_an_entity():
    x = RuleExtractor()
    x.extract("Globex renews in May.", channel="accounts")
    out = x.extract("It is on the Enterprise plan.", channel="accounts")
    assert triples(out) == [("Globex", "plan", "Enterprise")]
    assert out.mentions == []


def test_an_empty_message_extracts_nothing():
    assert RuleExtractor().extract("") == Extraction(facts=[], mentions=[], unmatched=[])


# --- statements in the canonical vocabulary ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "channel", "expected"),
    [
        ("ConfigService is owned by Sara.", "infra", ("ConfigService", "owned_by", "Sara")),
        ("Sara owns ConfigService.", "infra", ("ConfigService", "owned_by", "Sara")),
        ("IngestWorker depends on ConfigService.", "infra", ("IngestWorker", "depends_on", "ConfigService")),
        ("SearchIndexer is marked critical priority.", "infra", ("SearchIndexer", "priority", "critical")),
        ("The priority of SearchIndexer is low.", "infra", ("SearchIndexer", "priority", "low")),
        ("NotificationHub is deployed in us-east-1.", "infra", ("NotificationHub", "deployed_in", "us-east-1")),
        ("Priya is on the Payments team.", "infra", ("Priya", "member_of", "Payments team")),
        ("The Globex account is handled by Omar.", "accounts", ("Globex account", "handled_by", "Omar")),
        ("Omar works out of the Lisbon office.", "accounts", ("Omar", "works_in", "Lisbon office")),
        ("The Lisbon office is located in EMEA.", "accounts", ("Lisbon office", "located_in", "EMEA")),
        ("Globex is on the Business plan.", "accounts", ("Globex", "plan", "Business")),
        ("Globex renews in October.", "accounts", ("Globex", "renews_in", "October")),
        ("Project Falcon is led by Mei.", "ad-hoc", ("Project Falcon", "led_by", "Mei")),
        ("Falcon uses Terraform.", "ad-hoc", ("Falcon", "uses", "Terraform")),
        ("The Falcon deadline is June 30.", "ad-hoc", ("Falcon", "deadline", "June 30")),
        ("The status of Falcon is on hold.", "ad-hoc", ("Falcon", "status", "on hold")),
    ],
)
def test_a_plain_statement_becomes_its_canonical_triple(text, channel, expected):
    assert read(text, channel) == [expected]


def test_coordinated_objects_of_a_multi_valued_predicate_each_become_a_fact():
    assert read("Falcon uses Terraform, Jira and Figma.", "ad-hoc") == [
        ("Falcon", "uses", "Terraform"), ("Falcon", "uses", "Jira"), ("Falcon", "uses", "Figma"),
    ]


def test_coordinated_subjects_share_the_fact():
    assert read("IngestWorker and SearchIndexer both depend on ConfigService.") == [
        ("IngestWorker", "depends_on", "ConfigService"), ("SearchIndexer", "depends_on", "ConfigService"),
    ]


def test_two_statements_joined_by_and_stay_apart():
    assert read("Sara owns ConfigService, and IngestWorker depends on SearchIndexer.") == [
        ("ConfigService", "owned_by", "Sara"), ("IngestWorker", "depends_on", "SearchIndexer"),
    ]


def test_the_type_of_the_subject_picks_the_predicate_of_a_responsibility_cue():
    assert read("Omar looks after the Globex account.") == [("Globex account", "handled_by", "Omar")]
    assert read("Omar looks after SearchIndexer.") == [("SearchIndexer", "owned_by", "Omar")]
    assert read("Mei looks after Project Falcon.") == [("Project Falcon", "led_by", "Mei")]


def test_the_type_of_the_object_picks_the_predicate_of_a_location_cue():
    assert read("Omar is based in the Lisbon office.") == [("Omar", "works_in", "Lisbon office")]
    assert read("SearchIndexer is based in eu-central-1.") == [("SearchIndexer", "deployed_in", "eu-central-1")]
    assert read("Priya is in the Payments team.") == [("Priya", "member_of", "Payments team")]


def test_a_known_lowercase_name_is_found_and_spelled_as_the_graph_spells_it():
    assert read("the billing service depends on ConfigService.", known_entities=["Billing service"]) == [
        ("Billing service", "depends_on", "ConfigService")
    ]
    assert read("Feature Store is owned by Lena.", known_entities=["FeatureStore"]) == [
        ("FeatureStore", "owned_by", "Lena")
    ]


def test_a_trailing_service_head_is_not_part_of_a_camelcase_name():
    assert read("The FeatureStore service is owned by Lena.") == [("FeatureStore", "owned_by", "Lena")]


def test_the_speaker_stands_in_for_i():
    out = RuleExtractor().extract("I handle the Initech account.", speaker="Omar")
    assert triples(out) == [("Initech account", "handled_by", "Omar")]


# --- hand-written phrasings that no generator template produces --------------------------------------------
# Supported: varied verbs and voices, possessives, "the X of Y is Z", reduced relatives, chained facts, passive
# readings of active verbs ("headed up by"), "upon" forms. Documented misses without an embedder: idioms whose
# relation is carried by a non-lexicon verb ("keeps X alive", "is steering X").


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("X relies on Y", []),  # two bare letters read as people, and people do not depend on each other
        ("ReportingAPI relies on FeatureStore.", [("ReportingAPI", "depends_on", "FeatureStore")]),
        ("ReportingAPI is reliant upon FeatureStore.", [("ReportingAPI", "depends_on", "FeatureStore")]),
        ("ReportingAPI can't do anything without FeatureStore.", [("ReportingAPI", "depends_on", "FeatureStore")]),
        ("FeatureStore is used by ReportingAPI.", [("ReportingAPI", "depends_on", "FeatureStore")]),
        ("FeatureStore feeds ReportingAPI.", [("ReportingAPI", "depends_on", "FeatureStore")]),
        ("The owner of FeatureStore is Lena.", [("FeatureStore", "owned_by", "Lena")]),
        ("FeatureStore's owner is Lena.", [("FeatureStore", "owned_by", "Lena")]),
        ("Lena is the one responsible for FeatureStore.", [("FeatureStore", "owned_by", "Lena")]),
        ("Lena took over FeatureStore last sprint.", [("FeatureStore", "owned_by", "Lena")]),
        ("Dana looks after the Acme account now", [("Acme account", "handled_by", "Dana")]),
        ("Dana is the point of contact for Acme.", [("Acme", "handled_by", "Dana")]),
        ("Acme is handled by Dana from the Berlin office.",
         [("Acme", "handled_by", "Dana"), ("Dana", "works_in", "Berlin office")]),
        ("Dana, who sits in the Berlin office, handles Acme.",
         [("Dana", "works_in", "Berlin office"), ("Acme", "handled_by", "Dana")]),
        ("Atlas is headed up by Priya.", [("Atlas", "led_by", "Priya")]),
        ("Priya is the lead on Atlas.", [("Atlas", "led_by", "Priya")]),
        ("Atlas is being built with Rust.", [("Atlas", "uses", "Rust")]),
        ("Atlas has to ship by May 2.", [("Atlas", "deadline", "May 2")]),
        ("Atlas is due end of Q3.", [("Atlas", "deadline", "end of Q3")]),
        ("Acme's contract is up for renewal in September.", [("Acme", "renews_in", "September")]),
        ("Lena's the one who keeps FeatureStore alive these days.", []),  # idiom: a documented miss
        ("Priya is steering Atlas.", []),  # no lexicon verb: a documented miss
    ],
)
def test_hand_written_phrasings(text, expected):
    assert read(text) == expected


# --- hand-written phrasings for each general rule added while measuring on the synthetic suite --------------
# Each rule below was added because the development set (the synthetic suite) showed a kind of miss; every
# phrasing here was written by hand, in other words, with other names, so that the rule is tested as English,
# not as a template. (channel, text, expected)


@pytest.mark.parametrize(
    ("channel", "text", "expected"),
    [
        # a headed relative ("the one that", "the service which") is a description, like "which ..."
        ("infra", "Ledger, the service that reconciles card payments, depends on VaultKeys.",
         [("Ledger", "described_as", "reconciles card payments"), ("Ledger", "depends_on", "VaultKeys")]),
        ("ad-hoc", "Beacon, the one which tidies the onboarding emails, uses Notion.",
         [("Beacon", "described_as", "tidies the onboarding emails"), ("Beacon", "uses", "Notion")]),
        # a system that cannot work without another depends on it, the negation notwithstanding
        ("infra", "SearchIndexer won't boot without ConfigService.",
         [("SearchIndexer", "depends_on", "ConfigService")]),
        ("infra", "CheckoutFlow breaks without PaymentsAPI.", [("CheckoutFlow", "depends_on", "PaymentsAPI")]),
        # "moved X to Y": the verb's own object is what moved
        ("infra", "We moved SearchIndexer over to eu-west-2.", [("SearchIndexer", "deployed_in", "eu-west-2")]),
        ("accounts", "They transferred Omar to the Lisbon office.", [("Omar", "works_in", "Lisbon office")]),
        # a firm ownership verb keeps its reading in a project channel; a tool has an owner too
        ("ad-hoc", "Priya owns Figma.", [("Figma", "owned_by", "Priya")]),
        ("ad-hoc", "The Atlas project is owned by Bea.", [("Atlas project", "led_by", "Bea")]),
        # regions: continents and compass words make a region name; offices and customers sit in regions
        ("accounts", "The Lisbon office belongs to the Southern Europe region.",
         [("Lisbon office", "located_in", "Southern Europe")]),
        ("accounts", "Our Osaka office sits within Asia Pacific.", [("Osaka office", "located_in", "Asia Pacific")]),
        ("accounts", "The Cork office is located in UK and Ireland.",
         [("Cork office", "located_in", "UK and Ireland")]),
        ("accounts", "Initech is headquartered in North America.", [("Initech", "located_in", "North America")]),
        ("accounts", "Globex is an EMEA client.", [("Globex", "located_in", "EMEA")]),
        ("accounts", "Hooli is a Latin America customer.", [("Hooli", "located_in", "Latin America")]),
        # where someone's desk or seat is, they work
        ("accounts", "Bea's seat is at the Austin office.", [("Bea", "works_in", "Austin office")]),
        # "pays for" is a verb after a name, not a compound noun; a plural possessive ("Industries'")
        ("accounts", "Initech pays for the Business tier.", [("Initech", "plan", "Business")]),
        ("accounts", "Stark Industries' package is the Platinum edition.", [("Stark Industries", "plan", "Platinum")]),
        # a chat word can open a team name that a head noun closes
        ("infra", "Kai is on the Release Tooling team.", [("Kai", "member_of", "Release Tooling team")]),
        # tools a project is built or organised in
        ("ad-hoc", "Beacon is organised in Notion.", [("Beacon", "uses", "Notion")]),
        ("ad-hoc", "Harbor is built in Webflow.", [("Harbor", "uses", "Webflow")]),
        # after an update signal, "it's low now" restates the priority; the past clause does not count
        ("infra", "SearchIndexer was high; it's low now.", [("SearchIndexer", "priority", "low")]),
        # a long name between a value cue and its value does not push the value out of reach
        ("accounts", "The renewal date for the Wayne Enterprises account is in October.",
         [("Wayne Enterprises account", "renews_in", "October")]),
        # "it" continues the subject, not the place just named
        ("infra", "PaymentsAPI moved off us-east-1 and it's in eu-west-1 now.",
         [("PaymentsAPI", "deployed_in", "eu-west-1")]),
        # a CamelCase name ending in -ly opens a sentence as a name, not as an adverb
        ("infra", "ShipFastly depends on ConfigService.", [("ShipFastly", "depends_on", "ConfigService")]),
        # lowercase team names after a determiner; an adverb between a copula and its cue is read past
        ("infra", "Dana is on the platform team.", [("Dana", "member_of", "platform team")]),
        ("infra", "Dana is a member of the data platform team.", [("Dana", "member_of", "data platform team")]),
        ("infra", "Dana is now on the Platform team.", [("Dana", "member_of", "Platform team")]),
        ("infra", "Kofi sits with the Platform team.", [("Kofi", "member_of", "Platform team")]),
        ("accounts", "Mei joined the Tokyo office in March.", [("Mei", "works_in", "Tokyo office")]),
        ("infra", "Dana works in the Platform team.", [("Dana", "member_of", "Platform team")]),
        ("infra", "Dana works for the Platform team.", [("Dana", "member_of", "Platform team")]),
        ("infra", "Dana's team is Platform.", [("Dana", "member_of", "Platform")]),
        ("infra", "Dana moved over to the Platform team.", [("Dana", "member_of", "Platform team")]),
        ("accounts", "Dana's office is Berlin.", [("Dana", "works_in", "Berlin")]),
        ("infra", "FeatureStore lives in us-east-1.", [("FeatureStore", "deployed_in", "us-east-1")]),
        ("infra", "FeatureStore has dependencies on ConfigService and EventBus.",
         [("FeatureStore", "depends_on", "ConfigService"), ("FeatureStore", "depends_on", "EventBus")]),
        ("infra", "FeatureStore is a consumer of EventBus.", [("FeatureStore", "depends_on", "EventBus")]),
        ("infra", "FeatureStore subscribes to EventBus.", [("FeatureStore", "depends_on", "EventBus")]),
        ("infra", "FeatureStore hits ConfigService on every request.",
         [("FeatureStore", "depends_on", "ConfigService")]),
        ("ad-hoc", "Atlas switched to Jira.", [("Atlas", "uses", "Jira")]),
        # an imperative opening a sentence is not part of the name after it
        ("infra", "Ping Lena for anything FeatureStore, she owns it.", [("FeatureStore", "owned_by", "Lena")]),
        # a role noun after the thing: "the X owner", "X's rep"
        ("infra", "Lena is the FeatureStore owner.", [("FeatureStore", "owned_by", "Lena")]),
        ("accounts", "Mei is Globex's rep.", [("Globex", "handled_by", "Mei")]),
        ("accounts", "Dana is Acme's account manager.", [("Acme", "handled_by", "Dana")]),
        # handing over a responsibility, taking ownership
        ("accounts", "Globex has been reassigned to Mei.", [("Globex", "handled_by", "Mei")]),
        ("accounts", "Globex was handed over to Mei.", [("Globex", "handled_by", "Mei")]),
        ("infra", "Lena has taken ownership of SearchIndexer.", [("SearchIndexer", "owned_by", "Lena")]),
        # "is in charge of" is not "is in"
        ("infra", "Lena is in charge of SearchIndexer.", [("SearchIndexer", "owned_by", "Lena")]),
        # plans named after "on", "signed up for", or before "customer"
        ("accounts", "Globex is on Enterprise.", [("Globex", "plan", "Enterprise")]),
        ("accounts", "Globex signed up for Pro.", [("Globex", "plan", "Pro")]),
        ("accounts", "Globex is an Enterprise customer.", [("Globex", "plan", "Enterprise")]),
        ("accounts", "Globex is due for renewal in March.", [("Globex", "renews_in", "March")]),
        # data flowing to or from a system, with the data named in between
        ("infra", "IngestWorker sends events to EventBus.", [("IngestWorker", "depends_on", "EventBus")]),
        ("infra", "IngestWorker gets its settings from ConfigService.",
         [("IngestWorker", "depends_on", "ConfigService")]),
        # a tool named by where a project is tracked; moving verbs in the present tense
        ("ad-hoc", "We track Atlas in Jira.", [("Atlas", "uses", "Jira")]),
        ("infra", "We deploy SearchIndexer to us-east-2.", [("SearchIndexer", "deployed_in", "us-east-2")]),
        ("infra", "SearchIndexer is running in the eu-west-1 region.", [("SearchIndexer", "deployed_in", "eu-west-1")]),
        ("infra", "SearchIndexer runs out of eu-west-1.", [("SearchIndexer", "deployed_in", "eu-west-1")]),
        # priority codes and labels with a name inside
        ("infra", "SearchIndexer is a P2.", [("SearchIndexer", "priority", "p2")]),
        ("infra", "Priority of SearchIndexer: high.", [("SearchIndexer", "priority", "high")]),
        # deadlines by other verbs
        ("ad-hoc", "Atlas is targeting June 1.", [("Atlas", "deadline", "June 1")]),
        ("ad-hoc", "Atlas wraps up on June 1.", [("Atlas", "deadline", "June 1")]),
        ("ad-hoc", "Atlas launches on March 3.", [("Atlas", "deadline", "March 3")]),
        ("ad-hoc", "The Atlas launch is scheduled for June 1.", [("Atlas", "deadline", "June 1")]),
        ("ad-hoc", "Deadline for Atlas: June 1.", [("Atlas", "deadline", "June 1")]),
        # descriptions from a copula: "is the service that ...", "is what ..."
        ("infra", "IngestWorker is the service that eats the event queue.",
         [("IngestWorker", "described_as", "eats the event queue")]),
        ("infra", "SearchIndexer is what builds the search index.",
         [("SearchIndexer", "described_as", "builds the search index")]),
        ("infra", "SearchIndexer (builds the search index nightly) is owned by Lena.",
         [("SearchIndexer", "described_as", "builds the search index nightly"),
          ("SearchIndexer", "owned_by", "Lena")]),
        # a past state is not a current fact
        ("accounts", "Dana used to work in the Berlin office; she is in the Tokyo office now.",
         [("Dana", "works_in", "Tokyo office")]),
    ],
)
def test_hand_written_phrasings_of_the_added_rules(channel, text, expected):
    assert read(text, channel=channel) == expected


@pytest.mark.parametrize(
    ("channel", "text"),
    [
        ("infra", "FeatureStore runs fine without ConfigService."),
        ("infra", "FeatureStore can't start today."),
        ("infra", "ReportingAPI calls partner APIs hourly."),  # "APIs" is a plural noun, not a name
        ("infra", "FeatureStore is critical."),  # no update signal: an opinion, not a priority
        ("infra", "The FeatureStore dashboard is low now."),
        ("ad-hoc", "Atlas is managed inside Asana."),  # where, not by whom
        ("accounts", "Is the Osaka office part of Asia Pacific?"),
        ("accounts", "Maybe Globex is an EMEA client."),
        ("accounts", "Europe is lovely this time of year."),
        ("accounts", "Dana flew to South America last week."),
        ("infra", "We should move ReportingAPI over to eu-west-1."),
        ("infra", "The whole team is tired."),
        ("infra", "Dana sends updates to Lena."),
        ("infra", "Lena previously owned FeatureStore."),
        ("infra", "Let's make SearchIndexer high priority."),
        ("ad-hoc", "Sprint planning moved to Thursday."),
        ("ad-hoc", "Priya went live on the demo."),
        ("ad-hoc", "Lena is red in the face."),
        ("ad-hoc", "Priya has shipped the fix."),
        ("ad-hoc", "Priya is blocked on review."),  # a person waiting on something, not a project's status
        ("ad-hoc", "Priya is done."),  # "done" of a bare name is a person's day, even in a project channel
        ("accounts", "Dana is in the Berlin office today for the offsite."),  # a visit, not a workplace
        ("accounts", "Dana is at the Berlin office this week."),
        ("accounts", "Dana called Acme from the Berlin office."),  # "from" places the subject, not an object
        ("accounts", "Lunch at the Berlin office was great."),
        ("accounts", "Dana lives in Berlin."),  # where someone lives is not where they work
        ("accounts", "The team is great."),
        ("infra", "FeatureStore falls under Lena."),  # "falls under" places things in typed regions only
        ("accounts", "Dana presented at the Berlin office all-hands."),
    ],
)
def test_the_added_rules_stay_silent_on_near_misses(channel, text):
    assert read(text, channel=channel) == []


def test_a_tool_known_from_a_uses_fact_takes_an_owner():
    x = RuleExtractor()
    assert triples(x.extract("Atlas is tracked in Jira.", channel="ad-hoc")) == [("Atlas", "uses", "Jira")]
    assert triples(x.extract("Bea is the owner of Jira.", channel="ad-hoc")) == [("Jira", "owned_by", "Bea")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Atlas is green.", ("Project Atlas", "status", "green")),
        ("Atlas went live.", ("Project Atlas", "status", "live")),
        ("Atlas has been put on hold.", ("Project Atlas", "status", "on hold")),
        ("Atlas got cancelled.", ("Project Atlas", "status", "cancelled")),
        ("Atlas is blocked waiting on legal.", ("Project Atlas", "status", "blocked")),
        ("It is at risk of slipping.", ("Project Atlas", "status", "at risk")),
    ],
)
def test_a_project_known_as_one_takes_a_status_from_many_verb_groups(text, expected):
    # the project keeps the name it was first written with: "Atlas" is "Project Atlas"
    x = RuleExtractor()
    x.extract("Project Atlas is led by Priya.", channel="ad-hoc")
    assert triples(x.extract(text, channel="ad-hoc")) == [expected]


def test_a_plan_tier_that_opens_a_team_name_is_not_a_plan():
    assert read("Dana is on Team Trust.", channel="accounts") == [("Dana", "member_of", "Team Trust")]
    assert read("Dana is on the Growth team.", channel="accounts") == [("Dana", "member_of", "Growth team")]


def test_moving_something_is_an_update():
    facts = RuleExtractor().extract("We migrated SearchIndexer to eu-west-2.", channel="infra").facts
    assert [(f.predicate, f.update) for f in facts] == [("deployed_in", True)]


# --- pronouns ----------------------------------------------------------------------------------------------


def test_it_refers_to_the_subject_of_the_previous_sentence_in_the_same_channel():
    x = RuleExtractor()
    x.extract("SearchIndexer depends on ConfigService.", channel="infra")
    assert triples(x.extract("It is owned by Priya.", channel="infra")) == [("SearchIndexer", "owned_by", "Priya")]


def test_she_refers_to_the_last_person_and_its_to_the_last_thing():
    x = RuleExtractor()
    x.extract("The Initech account is handled by Omar.", channel="accounts")
    assert triples(x.extract("He works out of the Lisbon office.", channel="accounts")) == [
        ("Omar", "works_in", "Lisbon office")
    ]
    x.extract("Mei owns PaymentsAPI.", channel="infra")
    assert triples(x.extract("Its priority is high. She is on the Payments team.", channel="infra")) == [
        ("PaymentsAPI", "priority", "high"), ("Mei", "member_of", "Payments team"),
    ]


def test_pronouns_are_resolved_per_channel():
    x = RuleExtractor()
    x.extract("SearchIndexer is owned by Priya.", channel="infra")
    x.extract("Project Falcon uses Jira.", channel="ad-hoc")
    assert triples(x.extract("It is deployed in eu-west-1.", channel="infra")) == [
        ("SearchIndexer", "deployed_in", "eu-west-1")
    ]
    assert triples(x.extract("It is led by Mei.", channel="ad-hoc")) == [("Project Falcon", "led_by", "Mei")]


def test_a_pronoun_prefers_an_antecedent_in_its_own_sentence():
    assert read("FeatureStore is no longer owned by Lena, it's owned by Sara now.") == [
        ("FeatureStore", "owned_by", "Sara")
    ]


def test_reset_forgets_pronoun_antecedents():
    x = RuleExtractor()
    x.extract("SearchIndexer depends on ConfigService.", channel="infra")
    x.reset()
    assert triples(x.extract("It is owned by Priya.", channel="infra")) == []


def test_a_pronoun_with_nothing_to_refer_to_yields_nothing():
    assert read("It is owned by Priya.") == []


# --- updates -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Update: SearchIndexer is medium priority.",
        "SearchIndexer is now medium priority.",
        "SearchIndexer priority was bumped to medium.",
        "SearchIndexer's priority changed from low to medium.",
    ],
)
def test_an_update_signal_marks_the_fact(text):
    facts = RuleExtractor().extract(text).facts
    assert [(f.subject, f.predicate, f.object, f.update) for f in facts] == [
        ("SearchIndexer", "priority", "medium", True)
    ]


def test_a_first_statement_is_not_an_update():
    (fact,) = RuleExtractor().extract("SearchIndexer is low priority.").facts
    assert fact.update is False


def test_no_longer_retires_nothing_by_itself_but_marks_the_new_value():
    out = RuleExtractor().extract("Omar no longer handles Initech; Initech is handled by Mei.")
    assert [(f.subject, f.predicate, f.object, f.update) for f in out.facts] == [
        ("Initech", "handled_by", "Mei", True)
    ]


def test_a_deadline_that_moved_is_an_update():
    facts = RuleExtractor().extract("Falcon's deadline moved to July 15.").facts
    assert [(f.subject, f.predicate, f.object, f.update) for f in facts] == [
        ("Falcon", "deadline", "July 15", True)
    ]


def test_an_upgraded_plan_is_an_update():
    facts = RuleExtractor().extract("Globex upgraded to Enterprise.", channel="accounts").facts
    assert [(f.subject, f.predicate, f.object, f.update) for f in facts] == [("Globex", "plan", "Enterprise", True)]


# --- descriptions ------------------------------------------------------------------------------------------


def test_a_relative_clause_describes_its_antecedent_and_the_sentence_goes_on():
    assert read("SearchIndexer, which builds the product search index, depends on ConfigService.") == [
        ("SearchIndexer", "described_as", "builds the product search index"),
        ("SearchIndexer", "depends_on", "ConfigService"),
    ]


def test_an_apposition_describes_its_antecedent():
    assert read("PaymentsAPI, our card-processing gateway, is owned by Mei.") == [
        ("PaymentsAPI", "described_as", "card-processing gateway"),
        ("PaymentsAPI", "owned_by", "Mei"),
    ]


def test_a_trailing_relative_clause_describes_the_last_entity():
    assert read("IngestWorker depends on ConfigService, which stores runtime flags.") == [
        ("ConfigService", "described_as", "stores runtime flags"),
        ("IngestWorker", "depends_on", "ConfigService"),
    ]


def test_a_relative_clause_that_states_a_relation_becomes_that_fact():
    assert read("Mei, who is on the Payments team, owns PaymentsAPI.") == [
        ("Mei", "member_of", "Payments team"), ("PaymentsAPI", "owned_by", "Mei"),
    ]


def test_a_bracketed_aside_describes_its_antecedent():
    assert read("PaymentsAPI (the card gateway) depends on ConfigService.") == [
        ("PaymentsAPI", "described_as", "card gateway"), ("PaymentsAPI", "depends_on", "ConfigService"),
    ]


def test_a_vocative_is_not_an_apposition():
    assert read("Thanks, Lena, the fix worked.") == []


def test_an_apposition_score_is_below_a_relative_clause_score():
    out = RuleExtractor().extract("PaymentsAPI, our card gateway, is owned by Mei.")
    assert [f.score for f in out.facts if f.predicate == "described_as"] == [0.9]


# --- nothing to extract ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Who owns FeatureStore?",
        "Does Lena own FeatureStore",
        "Is the FeatureStore dashboard slow for anyone else?",
        "Anyone know if Dana handles Acme?",
        "FeatureStore latency looks fine today.",
        "Lena mentioned FeatureStore latency looks fine today.",
        "ReportingAPI alerts are noisy again.",
        "Acme's invoice is due Friday.",
        "The FeatureStore dashboard is owned by the data team.",
        "Sprint planning moved to Thursday.",
        "Priya will demo Atlas on Friday.",
        "Lena is out today.",
        "Lena needs FeatureStore access.",
        "Lena is on call for FeatureStore this week.",
        "Priya joined Atlas standup.",
        "Sara works from home on Fridays.",
        "Lena calls Dana every Monday.",
        "Atlas standup is done for today.",
        "ReportingAPI doesn't depend on FeatureStore anymore.",
        "FeatureStore is not owned by Lena.",
        "Maybe Lena owns FeatureStore, not sure.",
        "I think Atlas might use Figma.",
        "If ConfigService goes down, ReportingAPI depends on the cache.",
        "We should move ReportingAPI to eu-west-1.",
        "Atlas plans to use Figma.",
        "Lena is now blocked on a review.",
        # conversational chatter (the style of LoCoMo's dialogues)
        "Wow, Caroline, that sounds awesome!",
        "Thanks, Evan, your encouragement means a lot to me.",
        "Happy to help whenever you need it!",
        "I'm heading to Boston next week.",
        "I did a bit of coding in HTML and CSS a few years back.",
        "I ran a charity race last Saturday, and it was really rewarding.",
        "Yesterday I met a Harry Potter fan in California.",
    ],
)
def test_questions_negations_hedges_and_near_topic_chatter_yield_no_facts(text):
    x = RuleExtractor()
    for channel in ("infra", "accounts", "ad-hoc"):
        x.reset()
        assert triples(x.extract(text, channel=channel)) == []


def test_a_value_word_elsewhere_in_chatter_is_not_a_value():
    assert read("Latency is high on FeatureStore, priority for me is lunch.") == []


# --- the prototype path (unseen wordings) ------------------------------------------------------------------


def test_without_an_embedder_an_unknown_relation_phrase_yields_nothing():
    assert read("FeatureStore is maintaned by Lena.") == []


def test_with_an_embedder_a_phrase_close_to_a_prototype_matches_with_its_cosine_as_score(hash_embedder):
    x = RuleExtractor(hash_embedder, threshold=0.6)
    (fact,) = x.extract("FeatureStore is maintaned by Lena.").facts  # a typo the lexicon cannot know
    assert (fact.subject, fact.predicate, fact.object) == ("FeatureStore", "owned_by", "Lena")
    assert 0.6 <= fact.score < 1.0


def test_a_passive_prototype_match_keeps_the_direction_of_the_sentence(hash_embedder):
    x = RuleExtractor(hash_embedder, threshold=0.6)
    assert triples(x.extract("Lena is in charge off FeatureStore.")) == [("FeatureStore", "owned_by", "Lena")]


def test_the_threshold_keeps_weak_prototype_matches_out(hash_embedder):
    x = RuleExtractor(hash_embedder, threshold=0.95)
    assert triples(x.extract("FeatureStore is maintaned by Lena.")) == []


def test_the_prototype_path_is_not_tried_when_the_lexicon_already_matched(hash_embedder):
    x = RuleExtractor(hash_embedder, threshold=0.0)
    out = x.extract("FeatureStore is owned by Lena.")
    assert [(f.predicate, f.score) for f in out.facts] == [("owned_by", 1.0)]
    assert hash_embedder.calls == 0


@pytest.mark.integration
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("FeatureStore is hosted within eu-west-1.", ("FeatureStore", "deployed_in", "eu-west-1")),
        ("FeatureStore is cared for by Lena.", ("FeatureStore", "owned_by", "Lena")),
        ("ReportingAPI is built atop FeatureStore.", ("ReportingAPI", "depends_on", "FeatureStore")),
        ("Atlas gets tracked inside Jira.", ("Atlas", "uses", "Jira")),
    ],
)
def test_minilm_prototypes_generalise_to_near_synonyms(minilm, text, expected):
    out = RuleExtractor(minilm).extract(text)
    assert triples(out) == [expected]
    assert out.facts[0].score < 1.0


@pytest.mark.integration
@pytest.mark.parametrize(
    "text",
    [
        "Lena restarted FeatureStore twice.",
        "Sara is reviewing the ConfigService PR.",
        "Thanks Lena for fixing FeatureStore.",
        "Dana pinged Acme about the invoice.",
        "Priya shared the Atlas slides in Figma.",
        "Lena pushed a fix to FeatureStore.",
        "Dana sent Acme the contract.",
        "Priya reviewed the Atlas roadmap.",
    ],
)
def test_minilm_prototypes_stay_silent_on_chatter_between_two_names(minilm, text):
    assert triples(RuleExtractor(minilm).extract(text)) == []


# --- round 3: phrasings for teams, workplaces, tools, hand-overs and statuses (issue #5, held-out gaps) -------


@pytest.mark.parametrize(
    ("channel", "text", "expected"),
    [
        # teams
        ("infra", "Oskar is on Payments.", [("Oskar", "member_of", "Payments")]),
        ("infra", "Oskar joined the ledger team.", [("Oskar", "member_of", "ledger team")]),
        ("infra", "Oskar from the Billing squad fixed it.", [("Oskar", "member_of", "Billing squad")]),
        ("infra", "The SRE crew: Oskar and Mira.", [("Oskar", "member_of", "SRE crew"),
                                                   ("Mira", "member_of", "SRE crew")]),
        ("infra", "Ledger pod: Oskar, Ines and Mira.", [("Oskar", "member_of", "Ledger pod"),
                                                         ("Ines", "member_of", "Ledger pod"),
                                                         ("Mira", "member_of", "Ledger pod")]),
        ("infra", "Oskar is a backend engineer on Payments.", [("Oskar", "member_of", "Payments")]),
        ("infra", "Oskar is an engineer in the Search squad.", [("Oskar", "member_of", "Search squad")]),
        # workplaces
        ("accounts", "Oskar is based out of Lisbon.", [("Oskar", "works_in", "Lisbon")]),
        ("accounts", "Oskar's in the Austin office.", [("Oskar", "works_in", "Austin office")]),
        ("accounts", "Oskar works remotely from Porto.", [("Oskar", "works_in", "Porto")]),
        # tools
        ("ad-hoc", "We track Helios in Jira.", [("Helios", "uses", "Jira")]),
        ("ad-hoc", "Helios is built on Kafka.", [("Helios", "uses", "Kafka")]),
        ("ad-hoc", "The Helios pipeline runs on Airflow.", [("Helios", "uses", "Airflow")]),
        ("ad-hoc", "Helios uses Figma for designs.", [("Helios", "uses", "Figma")]),
        ("ad-hoc", "Helios went with Snowflake.", [("Helios", "uses", "Snowflake")]),
        ("ad-hoc", "Helios is tracked on a Trello board.", [("Helios", "uses", "Trello")]),
        ("ad-hoc", "We're using Linear for Helios.", [("Helios", "uses", "Linear")]),
        ("ad-hoc", "We picked Postgres for Helios last week.", [("Helios", "uses", "Postgres")]),
        ("ad-hoc", "Helios tickets are in Jira.", [("Helios", "uses", "Jira")]),
        ("ad-hoc", "Helios docs live in Confluence.", [("Helios", "uses", "Confluence")]),
        # a customer is placed, a person works
        ("accounts", "Our customer Globex is based in Lyon.", [("Globex", "located_in", "Lyon")]),
        ("accounts", "Globex, a client based in Lyon, is handled by Oskar.", [("Globex", "located_in", "Lyon"),
                                                                           ("Globex", "handled_by", "Oskar")]),
        # handlers and owners
        ("accounts", "Initech's point of contact is Oskar.", [("Initech", "handled_by", "Oskar")]),
        ("accounts", "Oskar is the account manager for Initech.", [("Initech", "handled_by", "Oskar")]),
        ("accounts", "Oskar covers Initech.", [("Initech", "handled_by", "Oskar")]),
        ("accounts", "Oskar is on point for Initech.", [("Initech", "handled_by", "Oskar")]),
        ("accounts", "Initech is Oskar's account.", [("Initech", "handled_by", "Oskar")]),
        ("accounts", "Initech is Oskar's now.", [("Initech", "handled_by", "Oskar")]),
        ("accounts", "Oskar picked up Initech.", [("Initech", "handled_by", "Oskar")]),
        ("infra", "LedgerService is Mira's baby.", [("LedgerService", "owned_by", "Mira")]),
        ("infra", "Mira is on the hook for LedgerService.", [("LedgerService", "owned_by", "Mira")]),
        ("infra", "Mira is the go-to for LedgerService.", [("LedgerService", "owned_by", "Mira")]),
        ("infra", "Mira is the LedgerService person.", [("LedgerService", "owned_by", "Mira")]),
        ("infra", "Mira handed LedgerService over to Oskar.", [("LedgerService", "owned_by", "Oskar")]),
        ("infra", "Ownership of LedgerService moved to Mira.", [("LedgerService", "owned_by", "Mira")]),
        ("infra", "Mira has ownership of LedgerService.", [("LedgerService", "owned_by", "Mira")]),
        ("accounts", "Oskar owns Initech.", [("Initech", "handled_by", "Oskar")]),  # an account's owner handles it
        # statuses
        ("ad-hoc", "Helios is blocked.", [("Helios", "status", "blocked")]),
        ("ad-hoc", "Helios shipped.", [("Helios", "status", "shipped")]),
        ("ad-hoc", "Helios has shipped.", [("Helios", "status", "shipped")]),
        ("ad-hoc", "Helios stalled last week.", [("Helios", "status", "stalled")]),
        ("ad-hoc", "Helios is paused.", [("Helios", "status", "paused")]),
        ("ad-hoc", "Helios got delayed.", [("Helios", "status", "delayed")]),
        ("ad-hoc", "Helios is on track.", [("Helios", "status", "on track")]),
    ],
)
def test_round_three_phrasings(channel, text, expected):
    assert read(text, channel=channel) == expected


@pytest.mark.parametrize(
    ("channel", "text"),
    [
        ("accounts", "Oskar is at the Berlin office for the workshop."),  # an event: a visit
        ("accounts", "Oskar is working from the Berlin office today."),
        ("accounts", "Oskar will be in the Madrid office on Monday."),
        ("accounts", "Oskar met the Initech folks at the Denver office."),
        ("accounts", "Oskar flew to Lisbon for the offsite."),
        ("ad-hoc", "Oskar is on Helios now."),  # in a project channel: on a project, not on a team
        ("infra", "Payments team: Oskar owns the rollout."),  # a statement after the colon, not a roster
        ("ad-hoc", "Oskar finished."),  # a person's day
        ("ad-hoc", "Oskar paused the rollout."),
        ("infra", "Initech is Oskar's account from last year, but whatever."),
        ("ad-hoc", "Use Slack for Helios questions."),  # more follows the project: not a statement of its tool
        ("ad-hoc", "Maybe we picked Postgres for Helios."),
        ("infra", "Mira gave Oskar a hand with LedgerService."),
        ("infra", "Mira passed the LedgerService logs to Oskar."),
        ("accounts", "Oskar is at the Berlin office right now."),
    ],
)
def test_round_three_stays_silent_on_near_misses(channel, text):
    assert read(text, channel=channel) == []


@pytest.mark.parametrize(
    "first",
    ["Zorvex said the deploy looks fine.", "Thanks Zorvex, that helped.", "Zorvex is on leave until Monday."],
)
def test_a_name_seen_doing_what_people_do_is_not_read_as_a_system_later(first):
    x = RuleExtractor()
    assert triples(RuleExtractor().extract("Zorvex uses LedgerService.", channel="infra")) == [
        ("Zorvex", "depends_on", "LedgerService")
    ]  # alone, a bare capitalised word in #infra may be a component
    x.extract(first, channel="infra")
    assert triples(x.extract("Zorvex uses LedgerService.", channel="infra")) == []


def test_a_given_name_is_a_person_before_anything_is_said_of_it():
    # "Mira" is a first name in the world's name lists: no system depends on another through her
    assert triples(RuleExtractor().extract("Mira uses LedgerService.", channel="infra")) == []


def test_a_person_known_as_one_is_not_given_a_project_status():
    x = RuleExtractor()
    x.extract("Mira said she would look.", channel="ad-hoc")
    assert triples(x.extract("Mira is blocked.", channel="ad-hoc")) == []


def test_a_name_that_is_a_speakers_handle_is_a_person():
    x = RuleExtractor()
    x.extract("Morning all.", channel="infra", speaker="mira.k")
    assert triples(x.extract("Mira uses LedgerService.", channel="infra", speaker="oskar")) == []
    assert triples(x.extract("Mira owns LedgerService.", channel="infra", speaker="oskar")) == [
        ("LedgerService", "owned_by", "Mira")
    ]


def test_a_first_name_means_the_one_person_named_in_full_earlier():
    x = RuleExtractor()
    x.extract("Say hi to Renata Kowalczyk, she joined this week.", channel="accounts")  # no fact, but a name
    assert triples(x.extract("Renata works out of the Lisbon office.", channel="accounts")) == [
        ("Renata Kowalczyk", "works_in", "Lisbon office")
    ]


def test_a_first_name_shared_by_two_people_stays_as_written():
    x = RuleExtractor()
    x.extract("Sam Raman and Sam Patel both joined this week.", channel="infra")
    assert triples(x.extract("Sam is on the Storage team.", channel="infra")) == [("Sam", "member_of", "Storage team")]


def test_a_company_is_shortened_to_its_first_word():
    x = RuleExtractor()
    x.extract("Corvid Analytics signed last week.", channel="accounts")
    assert triples(x.extract("Corvid is on the Scale plan.", channel="accounts")) == [
        ("Corvid Analytics", "plan", "Scale")
    ]


# --- services written as in code: lowercase, kebab-case, backticks ------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("labelgun depends on wms-core now.", [("labelgun", "depends_on", "wms-core")]),
        ("`payoutd` is owned by Tomasz Nowak.", [("payoutd", "owned_by", "Tomasz Nowak")]),
        ("fyi notif-relay runs in eu-west-1", [("notif-relay", "deployed_in", "eu-west-1")]),
        ("menu_sync is P1 now", [("menu_sync", "priority", "p1")]),
    ],
)
def test_a_service_written_in_lowercase_is_still_an_entity(text, expected):
    assert read(text, channel="infra") == expected


@pytest.mark.parametrize("text", ["the on-call rotation is in a spreadsheet", "follow-up is owned by nobody yet",
                                  "lunch depends on the weather"])
def test_everyday_lowercase_words_are_not_taken_for_services(text):
    assert read(text, channel="infra") == []


# --- a question in the channel, then the short reply that answers it ----------------------------------------


def converse(messages: list[tuple[str, str]], channel: str = "infra") -> list[list[tuple[str, str, str]]]:
    x = RuleExtractor()
    return [triples(x.extract(text, channel=channel, speaker=speaker)) for speaker, text in messages]


def test_a_short_reply_answers_the_question_asked_just_before_it():
    said = converse([("agent_a", "who owns zonemap these days?"), ("agent_b", "Rasmus Lind, he's OOO till 11 tho")])
    assert said == [[], [("zonemap", "owned_by", "Rasmus Lind")]]


def test_a_reply_gives_a_value_for_a_question_that_names_the_answers_type():
    said = converse([("agent_a", "which region is courier-match in?"), ("agent_c", "ack"),
                     ("agent_b", "just eu-west-1 for now")])
    assert said[2] == [("courier-match", "deployed_in", "eu-west-1")]


def test_a_reply_that_does_not_know_answers_nothing():
    said = converse([("agent_a", "who owns fraudscore?"), ("agent_b", "no idea tbh"), ("agent_c", "lunch?")])
    assert said == [[], [], []]


def test_a_question_in_another_channel_is_not_answered_here():
    x = RuleExtractor()
    x.extract("who owns zonemap?", channel="infra", speaker="agent_a")
    assert triples(x.extract("Rasmus Lind", channel="accounts", speaker="agent_b")) == []


# --- names and topics ---------------------------------------------------------------------------------------


def test_a_name_in_a_label_is_what_the_pronoun_after_it_means():
    x = RuleExtractor()
    x.extract("Tern is the warehouse migration.", channel="ad-hoc")
    assert triples(x.extract("Tern update: it's now blocked.", channel="ad-hoc")) == [("Tern", "status", "blocked")]


def test_a_company_name_types_an_account_and_keeps_its_ampersand():
    assert read("Harrow & Finch renews in June.", channel="accounts") == [("Harrow & Finch", "renews_in", "June")]
    assert read("Pellucid Labs sits with Tomasz Wierzbicki.", channel="accounts") == [
        ("Pellucid Labs", "handled_by", "Tomasz Wierzbicki")
    ]


def test_a_hyphenated_level_is_a_priority():
    assert read("Spindle is a high-priority service.", channel="infra") == [("Spindle", "priority", "high")]


def test_it_can_stand_for_a_bare_name_earlier_in_the_sentence():
    assert read("Kestrel is our API gateway, and it runs out of ap-southeast-1.", channel="infra") == [
        ("Kestrel", "deployed_in", "ap-southeast-1"), ("Kestrel", "described_as", "API gateway")
    ]


# --- places and speakers -----------------------------------------------------------------------------------

def test_a_country_or_a_city_is_the_region_an_office_is_in():
    assert read("the Rabat office is in Morocco") == [("Rabat office", "located_in", "Morocco")]
    assert read("Dubai office = UAE for the tax forms") == [("Dubai office", "located_in", "UAE")]
    # an office named like a building, equated with the office named after a city
    assert read("Canal House = the Amsterdam office, for the newbies") == [("Canal House", "located_in", "Amsterdam")]
    assert read("Dana is the Berlin office person") == []
    # a bare name placed in a city is a person living there, not a thing deployed or located
    assert read("Dana lives in Berlin.", channel="infra") == []


def test_the_first_person_is_the_speaker_under_the_full_name_the_graph_holds():
    from memories.mentions import KnownNames, find_mentions, sentences

    sentence = sentences("triagebot is mine, confirmed")[0]
    found = find_mentions(sentence, "triagebot is mine, confirmed", known=KnownNames(["Rahul Menon"]),
                          learned=lambda _: None, resolve_pronoun=lambda kind, so_far: None, speaker="rahul")
    assert [(m.name, m.pronoun) for m in found if "person" in m.types and len(m.types) == 1] == [
        ("Rahul Menon", True)]
