"""Any text goes through the extractor and the resolver without an exception, and what comes out is well formed."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from memories.embedder import HashEmbedder
from memories.entities import EntityResolver, name_key
from memories.extractor import Extraction, RuleExtractor
from scenarios.models import PREDICATES

# Words that exercise every path: cues, values, pronouns, names, punctuation, markup-like brackets, odd unicode.
_PIECES = [
    "FeatureStore", "ReportingAPI", "Lena", "Dana", "Acme", "account", "Berlin", "office", "Trust", "team",
    "Project", "Atlas", "is", "owned", "by", "owns", "depends", "on", "relies", "upon", "uses", "and", ",", ".",
    "?", "!", ";", ":", "(", ")", "[INC-42]", "{", "}", "<b>", "which", "who", "our", "the", "it", "she", "they",
    "its", "'s", "now", "no", "longer", "not", "moved", "to", "bumped", "high", "low", "priority", "plan",
    "Enterprise", "renews", "in", "March", "14th", "deadline", "due", "status", "blocked", "at", "risk",
    "eu-west-1", "from", "Update", "Update:", "\n", "\t", "\x00", "\x1b[31m", "é", "漢字", "🙂", "\u200b", "I",
    "ÅngströmService", "Ǆemo", "İstanbul", "ß", "…", "—", "“", "’s", "_", "__init__", "9" * 30,
]
_TEXT = st.one_of(
    st.text(max_size=400),
    st.lists(st.sampled_from(_PIECES), max_size=120).map(" ".join),
    st.lists(st.sampled_from(_PIECES), max_size=60).map("".join),
)


def _well_formed(out: Extraction, text: str) -> None:
    for fact in out.facts:
        assert fact.predicate in PREDICATES
        assert fact.subject and fact.object
        assert 0.0 <= fact.score <= 1.0
        assert fact.span in text
    for span in out.unmatched:
        assert span in text
    assert len(out.mentions) == len(set(out.mentions))


@example(text="a_0's.,0", channel=None, known=[], speaker=None)  # a label with nothing after it, found here once
@given(text=_TEXT, channel=st.one_of(st.none(), st.text(max_size=20)),
       known=st.lists(st.text(max_size=30), max_size=5), speaker=st.one_of(st.none(), st.text(max_size=10)))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_text_goes_through_the_lexical_extractor(text, channel, known, speaker):
    out = RuleExtractor().extract(text, channel=channel, known_entities=known, speaker=speaker)
    _well_formed(out, text)


_HASH = HashEmbedder()


@given(texts=st.lists(_TEXT, min_size=1, max_size=4))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_sequence_of_messages_goes_through_the_extractor_with_an_embedder(texts):
    x = RuleExtractor(_HASH, threshold=0.3)
    for text in texts:
        _well_formed(x.extract(text, channel="infra"), text)


@given(text=_TEXT)
@settings(max_examples=100, deadline=None)
def test_extraction_is_deterministic(text):
    assert RuleExtractor().extract(text, channel="infra") == RuleExtractor().extract(text, channel="infra")


@given(piece=st.sampled_from(_PIECES + ["a", "Lena owns FeatureStore. ", "(((", "é" * 3]))
@settings(max_examples=40, deadline=None)
def test_a_100_kb_message_goes_through(piece):
    text = (piece + " ") * (100_000 // (len(piece) + 1) + 1)
    _well_formed(RuleExtractor().extract(text, channel="accounts"), text)


@given(name=st.text(max_size=300), description=st.one_of(st.none(), st.text(max_size=100)))
@settings(max_examples=300, deadline=None)
def test_any_name_resolves(name, description):
    r = EntityResolver(_HASH, threshold=0.3)
    r.add("FeatureStore", "stores feature vectors")
    r.add("Acme account")
    r.add("the thing", "")
    res = r.resolve(name, description)
    assert res.step in ("new", "exact", "normalised", "semantic")
    if res.step != "new":
        assert res.canonical in r.names
    assert isinstance(name_key(name), str)


def test_a_100_kb_name_resolves():
    r = EntityResolver(_HASH)
    r.add("FeatureStore", "stores feature vectors")
    assert r.resolve("the feature store " * 6000).step in ("new", "semantic")
