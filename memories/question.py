"""Understanding a question from its wording alone: what it is about (anchor mentions), which relations lead
from there to the answer (in order, anchor outward), and what kind of thing the answer is.

It never sees a question's type, gold answer or evidence. Relations come from a lexicon of common English
phrasings per canonical predicate, and, for wordings the lexicon lacks, from embedding similarity of the
question (the thing asked about masked as "it") or of its leftover phrase to per-predicate prototype questions.
Chains are ordered and completed by the predicates' subject/object types ("which team owns X" needs owned_by
then member_of), starting from the anchor's type when the graph knows it, so a hop may also be read against its
edge ("whoever sits in the Porto office": office <- works_in <- person).
"""

from __future__ import annotations

import functools
import itertools
import re
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from memories.embedder import Embedder
from memories.mentions import (
    MONTHS,
    PLAN_TIERS,
    PRIORITY_WORDS,
    is_code_identifier,
    is_demonym,
    known_words,
    person_shape,
    reads_as_given_name,
    rare_word,
)
from memories.text import STOPWORDS, stem, words
from memories.truecase import restore_names
from scenarios.models import PREDICATES

# ---- relation lexicon --------------------------------------------------------------------------------------
# phrase -> {predicate: score}. Several predicates share a phrasing ("look after" an account or a component);
# the walk picks the one the anchor actually has edges for, so the scores only rank the alternatives.
_PRIMARY: dict[str, list[str]] = {
    "owned_by": ["whose", "own", "owns", "owned by", "owner", "owners", "ownership", "maintain", "maintains",
                 "maintained by", "maintainer", "responsible for", "on call for", "in charge of", "look after",
                 "looks after", "looked after by", "take care of", "takes care of", "taken care of by",
                 "on the hook for", "accountable for", "dri", "go to person for"],
    "depends_on": ["depend on", "depends on", "depending on", "dependent on", "dependency", "dependencies",
                   "rely on", "relies on", "relying on", "reliant on", "need", "needs", "call", "calls", "calling",
                   "built on", "built on top of", "sit on top of", "sits on top of", "backed by", "talk to",
                   "talks to", "pull from", "pulls from", "consume", "consumes", "require", "requires",
                   "downstream of", "pull data from", "pulls data from", "pulling data from", "get data from",
                   "run off", "runs off", "running off", "back up to", "backs up to", "powered by",
                   "gets data from", "read from", "reads from", "reading from", "write to", "writes to",
                   "writing to", "check with", "checks with", "checking with", "hit", "hits", "query",
                   "queries", "call out to", "calls out to", "lean on", "leans on", "wait on", "waits on",
                   "upstream", "upstream of", "deps", "store data in", "stores data in", "persist to",
                   "persists to", "hang off", "hangs off", "hanging off", "hung off", "write into", "writes into",
                   "writing into", "push into", "pushes into", "pushing into", "push to", "pushes to",
                   "feed into", "feeds into", "feeding into", "sit behind", "sits behind"],
    "priority": ["priority", "priorities", "prioritised", "prioritized", "urgent", "urgency", "important",
                 "importance", "severity", "prio", "sev"],
    "deployed_in": ["deployed in", "deployed to", "deployed", "deploy", "deployment", "hosted in", "hosted",
                    "host", "hosting", "run in", "runs in", "running in", "live in", "lives in", "living in"],
    "member_of": ["member of", "members of", "belong to", "belongs to", "belonging to", "part of", "on team", "sit with", "sits with", "sitting with", "sat with",
                  "on the team", "in team", "join", "joined", "report to", "reports to", "sit on", "sits on",
                  "teammate", "teammates"],
    "handled_by": ["handle", "handles", "handled by", "handling", "manage", "manages", "managed by", "manager",
                   "account manager", "look after", "looks after", "looked after by", "take care of",
                   "takes care of", "taken care of by", "point of contact", "contact for", "cover", "covers",
                   "covered by", "assigned to", "in charge of", "poc", "csm", "kam", "account exec",
                   "account executive", "rep", "account rep", "account lead", "account owner",
                   "owns the relationship with", "point person", "take", "takes", "took", "taking", "taken",
                   "take over", "took over", "taking over", "ended up with",
                   "inherited", "inherits"],
    "works_in": ["work", "works", "working", "work in", "works in", "work out of", "works out of", "work from",
                 "works from", "work at", "works at", "based", "based in", "based out of", "based at", "sit in",
                 "sits in", "stationed in", "stationed at", "sit", "sits", "sitting", "sitting in", "sat",
                 "work out of", "desk", "seated"],
    "located_in": ["located in", "located", "location", "situated in", "situated", "in what region",
                   "geographically"],
    "led_by": ["lead", "leads", "led by", "leader", "leading", "run", "runs", "run by", "running", "head",
               "heads", "headed by", "drive", "drives", "driven by", "driving", "in charge of", "point person",
               "spearhead", "spearheads", "spearheading", "owns the project", "steer", "steers",
               "steering"],
    "uses": ["use", "uses", "using", "used", "built with", "build with", "built in", "powered by", "run on",
             "runs on", "moving to", "moving onto", "move onto", "migrate to", "migrating to", "migrated to",
             "migrate onto", "migrating onto", "switch to", "switching to", "switched to"],
    "deadline": ["deadline", "due", "due date", "date", "ship", "ships", "shipping", "finish", "deliver", "delivered",
                 "cutoff", "wrap up", "eta", "land", "lands", "launch", "launches", "launching", "go live", "goes live",
                 "going live", "target date", "be done", "be finished", "be shipped", "be delivered"],
    "status": ["status", "state", "stage", "progress", "going", "doing", "standing", "on track", "blocked",
               "at risk", "health"],
    "plan": ["plan", "tier", "subscription", "subscribed to", "package", "edition", "tariff", "support level"],
    "renews_in": ["renew", "renews", "renewal", "renewing", "up for renewal", "expire", "expires",
                  "contract end", "contract ends", "contract up", "up for renewal", "come up for renewal",
                  "comes up for renewal"],
}
# Phrasings that also fit another predicate, at a lower score.
_SECONDARY: dict[str, list[str]] = {
    # "whose X" asks for X's owner, handler or lead, whichever X has
    "handled_by": ["whose", "own", "owns", "owner", "responsible for", "maintain", "lead", "leads"],
    # a thing taken on ("who ended up taking ArcadeOne?"): an account most often, a system too
    "owned_by": ["handle", "handles", "handled by", "manage", "manages", "managed by", "take", "takes", "took",
                 "taking", "taken", "take over", "took over", "taking over", "ended up with", "inherited",
                 "inherits"],
    "led_by": ["whose", "own", "owns", "owner", "responsible for", "manage", "manages", "managed by", "look after",
               "handle", "handles", "handled by", "maintain", "maintains", "take", "takes", "took", "taking", "taken",
               "take over", "took over", "taking over", "inherited", "inherits"],
    "uses": ["rely on", "relies on", "need", "needs", "depend on", "depends on", "built on"],
    "depends_on": ["use", "uses", "using", "used", "moving to", "moving onto", "migrating to", "switching to"],
    "located_in": ["based", "based in", "based out of", "sit in", "sits in", "hosted in", "deployed in", "live in",
                   "cover", "covers", "covered by", "covering", "sit", "sits", "sitting", "sitting in"],
    "deployed_in": ["located in", "located", "location", "based in", "run", "runs", "running"],
    "works_in": ["located in", "located"],
}
SECONDARY_SCORE = 0.85
COMPLETION_PENALTY = 0.2  # per typed hop a reading needs to reach the asked type
POSSESSIVE_SCORE = 0.9  # "X's tool": any predicate that ends on a tool

# Prototype questions for embedding similarity, the thing asked about masked as "it": wordings the lexicon does
# not list ("Who keeps the lights on for it?") still land nearest the right predicate more often than not, and
# the walk only follows an alternative the anchor actually has an edge for.
PROTOTYPES: dict[str, list[str]] = {
    "owned_by": ["Who owns it?", "Who is responsible for it?", "Who maintains it?"],
    "depends_on": ["What does it depend on?", "What does it rely on?", "What does it need to work?"],
    "priority": ["What priority is it?", "How urgent is it?"],
    "deployed_in": ["Where is it deployed?", "Which region is it hosted in?"],
    "member_of": ["Which team is she on?", "Which team does she belong to?"],
    "handled_by": ["Who handles the account?", "Who manages this customer?"],
    "works_in": ["Which office does she work in?", "Where is she based?"],
    "located_in": ["Where is the office located?", "Which region is the office in?"],
    "led_by": ["Who leads the project?", "Who runs the project?"],
    "uses": ["What tools does it use?", "What is it built with?"],
    "deadline": ["When is it due?", "What is the deadline?"],
    "status": ["What is the status?", "How is it going?"],
    "plan": ["Which plan is the customer on?", "Which subscription tier?"],
    "renews_in": ["When does it renew?", "When is the renewal?"],
}
PHRASE_THRESHOLD = 0.45  # a leftover relation phrase against the prototypes (all-MiniLM-L6-v2 cosine)
QUESTION_THRESHOLD = 0.35  # the whole question, anchor masked, when no phrase of it is in the lexicon
ALTERNATIVE_MARGIN = 0.12  # predicates this close to the best stay as alternatives for the walk
MAX_ALTERNATIVES = 4

# ---- answer types ------------------------------------------------------------------------------------------
_TYPE_NOUNS: dict[str, str] = {
    "team": "team", "teams": "team", "squad": "team", "group": "team", "guild": "team", "pod": "team",
    "crew": "team", "tribe": "team",
    "office": "office", "offices": "office", "site": "office", "city": "office", "branch": "office",
    "hub": "office", "town": "office", "clinic": "office", "depot": "office", "campus": "office",
    "hospital": "office", "hotel": "office", "studio": "office",  # (not "store" or "warehouse": a feature store,
    # a data warehouse)
    "department": "team", "unit": "team", "division": "team",
    "region": "region", "regions": "region", "zone": "region", "country": "region", "countries": "region",
    "nation": "region", "datacenter": "region", "datacentre": "region",
    "dc": "region",
    "person": "person", "people": "person", "engineer": "person", "developer": "person", "owner": "person",
    "manager": "person", "lead": "person", "contact": "person", "individual": "person",
    "component": "component", "components": "component", "service": "component", "services": "component",
    "system": "component", "module": "component", "dependency": "component", "dependencies": "component",
    "database": "component", "databases": "component", "db": "component", "dbs": "component",
    "tool": "tool", "tools": "tool", "library": "tool", "libraries": "tool", "framework": "tool", "tooling": "tool",
    "engine": "tool", "scheduler": "tool", "language": "tool",  # "what engine is lanternfall on?"
    "plan": "plan", "tier": "plan", "subscription": "plan", "tariff": "plan",
    "priority": "priority", "urgency": "priority", "prio": "priority", "severity": "priority",
    "status": "status", "state": "status",
    "month": "month",
    "date": "date", "day": "date", "deadline": "date", "eta": "date",
    "account": "account", "accounts": "account", "customer": "account", "client": "account",
    "company": "account", "companies": "account", "firm": "account", "business": "account",
    "project": "project", "projects": "project", "initiative": "project",
}
TYPE_NOUNS: dict[str, str] = {stem(k): v for k, v in _TYPE_NOUNS.items()}
TYPE_NOUNS_SURFACE = frozenset(_TYPE_NOUNS)
_WHERE_TYPES = ("office", "region")
# "Which city / country ...": a place on the map, which the graph holds as the region an office is in. An office
# is not an answer to it: offices are often named after no city at all ("Mill office", "Canal House", "HQ"), so
# a walk that reaches an office and knows no place for it fails (and the hybrid reads the last step from text)
# rather than answer a building for a city.
_PLACE_NOUNS = frozenset(stem(w) for w in "city cities town towns country countries nation".split())
_PLACE_TYPES = ("region",)
_WHEN_TYPES = ("month", "date")

_WH = frozenset({"who", "whom", "whose", "what", "which", "where", "when", "how"})
_AUX = frozenset("is are was were be been being am does do did has have had can could will would should may might "
                 "shall must".split())
_DETERMINERS = frozenset("the a an its their his her our your this that these those".split())
_RELATIVE = frozenset({"that", "which", "who", "whom", "whose", "where"})
# Words that frame a question without being about anything ("do you know", "remind me", "these days").
_FRAME = frozenset("tell remind know knows wonder wondering anyone anybody idea quick question q folks guys "
                   "confirm recall remember sure ask asking again exactly actually currently now nowadays today "
                   "lately still anymore days moment present right these this at as of please hey hi so "
                   "okay ok btw just one who's wise rn atm tbh iirc afaik fyi pls plz tho though currently "
                   "offhand anyone's "
                   # "what prio did we say mm is": a verb of saying or deciding frames the question
                   "say said think thought agree agreed decide decided".split())
_TIME_PHRASES = [("these", "days"), ("right", "now"), ("at", "the", "moment"), ("at", "present"), ("as", "of", "now"),
                 ("any", "more"), ("these", "day")]

_TIME_STARTS: dict[str, list[tuple[str, ...]]] = {}
for _phrase in _TIME_PHRASES:
    _TIME_STARTS.setdefault(_phrase[0], []).append(_phrase)
_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
# Chat abbreviations whose lowercase form is a common word ("am", "pm"): read only as written in capitals and not
# after a number ("9 AM"), as the role they stand for.
_CASED_ROLES: dict[str, str] = {"AM": "manager", "AMs": "manager", "PM": "leader", "PMs": "leader",
                                "TL": "leader", "EM": "leader"}
_MAX_NAME_TOKENS = 6


class Vocabulary(Protocol):
    """What the parser may know about the memory: which surfaces are node names, which words occur in names."""

    def match_name(self, surface: str) -> str | None: ...

    # optional, faster: the same lookup for already lowercased word tokens, and a cheap test of whether any
    # name can start with a word
    # def match_words(self, words: list[str]) -> str | None: ...
    # def could_start(self, word: str) -> bool: ...

    def nodes_with_word(self, word: str) -> list[str]: ...


@dataclass(frozen=True)
class Slot:
    """One relation read from the question: its alternatives (predicate, score), best first."""

    alternatives: tuple[tuple[str, float], ...]
    phrase: str
    source: str  # "lexicon" | "semantic" | "typed" (added by type completion) | "schema" (the anchor type's one route)
    position: int = -1  # token index in the question; -1 for typed completions

    @property
    def best(self) -> str:
        return self.alternatives[0][0]

    @property
    def score(self) -> float:
        return self.alternatives[0][1]

    def as_dict(self) -> dict[str, float]:
        return dict(self.alternatives)


@dataclass
class ParsedQuestion:
    mentions: list[str]  # anchor candidates, best first
    relations: list[str]  # the predicate chain, anchor outward, typed completion included
    relation_scores: list[float]
    expected_type: str | None
    mention_steps: list[str] = field(default_factory=list)  # "name" | "word" | "residual", per mention
    slots: list[Slot] = field(default_factory=list)  # the chain with alternatives (same order as relations)
    expected_types: tuple[str, ...] = ()  # admissible answer types (where -> office or region)


@dataclass(slots=True)
class _Tok:
    word: str
    stem: str
    start: int
    end: int
    role: str = ""  # "" | wh | aux | rel | name | time | connector | typenoun
    possessive: bool = False  # written "X's" or "Xs'"


def _build_lexicon() -> dict[str, list[tuple[tuple[str, ...], dict[str, float]]]]:
    """First stem -> [(phrase as stems, {predicate: score})], longest phrase first."""
    table: dict[tuple[str, ...], dict[str, float]] = {}
    for source, score in ((_PRIMARY, 1.0), (_SECONDARY, SECONDARY_SCORE)):
        for predicate, phrases in source.items():
            for phrase in phrases:
                key = tuple(stem(w) for w in words(phrase))
                preds = table.setdefault(key, {})
                preds[predicate] = max(preds.get(predicate, 0.0), score)
    by_first: dict[str, list[tuple[tuple[str, ...], dict[str, float]]]] = {}
    for key, preds in table.items():
        by_first.setdefault(key[0], []).append((key, preds))
    for entries in by_first.values():
        entries.sort(key=lambda e: -len(e[0]))
    return by_first


_LEXICON = _build_lexicon()


def relations_named(text: str) -> frozenset[str]:
    """The predicates whose lexicon phrases occur in `text` (a message, not only a question): "Noor is handing
    the lead to Mei-Lin" names led_by; "Saffron's back on track" names status."""
    stems = [_stem(w) for w in words(text)]
    found: set[str] = set()
    for i, first in enumerate(stems):
        for key, preds in _LEXICON.get(first, ()):
            if tuple(stems[i : i + len(key)]) == key:
                found.update(preds)
    return frozenset(found)


_STEMS: dict[str, str] = {}


def _stem(word: str) -> str:
    cached = _STEMS.get(word)
    if cached is None:
        cached = stem(word)
        if len(_STEMS) < 50_000:  # bounded: question words repeat, arbitrary input must not grow it forever
            _STEMS[word] = cached
    return cached


def tokenize(text: str) -> list[_Tok]:
    """Word tokens with their character spans (contractions split as memories.text.words splits them)."""
    out: list[_Tok] = []
    for m in _TOKEN.finditer(text):
        raw = m.group(0)
        if "'" not in raw and "’" not in raw:
            low = raw.lower()
            poss = text[m.end() : m.end() + 1] in ("'", "’")
            out.append(_Tok(low, _stem(low), m.start(), m.end(), possessive=poss))
            continue
        poss = raw.lower().endswith(("'s", "’s"))
        for part in words(raw):
            out.append(_Tok(part, _stem(part), m.start(), m.end(), possessive=poss))
    return out


def _surface(text: str, toks: list[_Tok], i: int, j: int) -> str:
    """The original text of tokens i..j-1, a possessive "'s" cut off."""
    s = text[toks[i].start : toks[j - 1].end]
    if s.endswith(("'s", "’s")) and toks[j - 1].word != "s":
        s = s[:-2]
    return s


def _alts(preds: dict[str, float]) -> tuple[tuple[str, float], ...]:
    return tuple(sorted(preds.items(), key=lambda kv: (-kv[1], kv[0])))


def _mark_names(text: str, toks: list[_Tok], vocab: Vocabulary | None) -> list[tuple[int, int, str]]:
    """Spans that are known node names or aliases, longest first."""
    if vocab is None:
        return []
    match = getattr(vocab, "match_words", None)
    could_start = getattr(vocab, "could_start", None)
    n = len(toks)

    def end_of(i: int) -> int:
        start = i + 1 if toks[i].word == "the" else i  # "the Acme account": the name starts after "the"
        if start < n and toks[start].word not in STOPWORDS and (could_start is None
                                                                or could_start(toks[start].word)):
            for j in range(min(n, start + _MAX_NAME_TOKENS), start, -1):
                ws = [t.word for t in toks[start:j]]
                hit = match(ws) if match is not None else vocab.match_name(" ".join(ws))
                if hit is not None:
                    return j
        return i

    return _claim_names(toks, end_of)


def _mark_unknown_names(text: str, toks: list[_Tok], vocab: Vocabulary | None) -> list[tuple[int, int, str]]:
    """Names the graph does not hold, written as names: a run of capitalised words ("Halcyon", "Kinrei Marine"),
    or a lowercase word no dictionary has ("triagebot"). Extraction may have missed every fact about a thing, and
    the question still names it: the hybrid then reads its steps from text."""
    n = len(toks)

    def extends(i: int, j: int) -> bool:
        # "Osprey / Aisha": two names; "Halloran & Webb": one
        gap = text[toks[j - 1].end : toks[j].start].strip() if j > i else ""
        # ("Nuvem Wi-Fi", "Rolls-Royce": capitalised words a hyphen joins are one word of the name)
        joined = j == i or gap in ("", "&") or gap == "-" and text[toks[j].start].isupper() and (
            text[toks[j - 1].start].isupper())
        in_graph = vocab is not None and vocab.nodes_with_word(toks[j].word)  # a node's word: _mark_words reads it
        return joined and not in_graph and _written_as_name(text, toks, j)

    def end_of(i: int) -> int:
        j = i
        while j < n and extends(i, j):
            j += 1
        return j

    return _claim_names(toks, end_of)


# The kinds of answer a noun after a name asks for, rather than say what kind of thing the name is
_ASKED_OF_A_NAME = ("priority", "status", "plan", "month", "date", "person")


def _code_names(text: str, toks: list[_Tok]) -> list[tuple[int, int, str]]:
    """"crew-dispatch-api", "payout_worker": words the tokeniser split at hyphens or underscores that, joined as
    written, are a name in code. Claimed as one name, whatever the words mean alone."""
    spans: list[tuple[int, int, str]] = []
    i = 0
    while i < len(toks):
        j = i + 1
        while j < len(toks) and text[toks[j - 1].end : toks[j].start] in ("-", "_"):
            j += 1
        surface = text[toks[i].start : toks[j - 1].end]
        # "the double-billing checker": after a determiner and before a noun, a hyphenated word describes
        # (but "straddle-dispatch prio?", "auth-sso owner's team?": before what is asked of it, the name is whole)
        modifier = j < len(toks) and (TYPE_NOUNS.get(toks[j].stem) not in (None, *_ASKED_OF_A_NAME) or i > 0 and (
            toks[i - 1].word in _NOUN_OPENERS and toks[j].word.isalpha()))  # (or "the river-power customer")
        # "location-to-town", "build-your-own": a phrase joined by hyphens, not a name; but "Skip-A-Pay", every
        # part capitalised, is one
        titled = j > i + 2 and all(text[t.start].isupper() for t in toks[i:j])
        # ("status-wise" is an adverb)
        phrase = any(t.word in STOPWORDS for t in toks[i:j]) and not titled or toks[j - 1].word == "wise"
        if j > i + 1 and (titled or not modifier) and not phrase and not any(t.role for t in toks[i:j]) and (
                titled or is_code_identifier(surface)):
            spans.append((i, j, "name"))
            for t in toks[i:j]:
                t.role = "name"
        i = j
    return spans


def _acronym_names(text: str, toks: list[_Tok]) -> list[tuple[int, int, str]]:
    """"ETA Predictor", "SLA Monitor": capitals opening a run of title-case words are a name, before "ETA" can be
    read as a deadline or "SLA" as anything else."""
    spans: list[tuple[int, int, str]] = []
    for i, t in enumerate(toks):
        surface = text[t.start : t.end]
        if t.role or not (surface.isupper() and surface.isalpha() and 2 <= len(surface) <= 5):
            continue
        j = i + 1
        while j < len(toks) and not toks[j].role and text[toks[j - 1].end : toks[j].start] == " " and (
                text[toks[j].start : toks[j].end].istitle() and toks[j].word not in STOPWORDS):
            j += 1
        if j > i + 1 and not any(s[0] <= i < s[1] for s in spans):
            spans.append((i, j, "name"))
            for tok in toks[i:j]:
                tok.role = "name"
    return spans


def _claim_names(toks: list[_Tok], end_of: Callable[[int], int]) -> list[tuple[int, int, str]]:
    """Scan left to right; where `end_of(i)` runs past i, tokens i..end are a name, claimed for it."""
    spans: list[tuple[int, int, str]] = []
    i = 0
    while i < len(toks):
        end = end_of(i)
        if end > i:
            spans.append((i, end, "name"))
            for t in toks[i:end]:
                t.role = "name"
            i = end
        else:
            i += 1
    return spans


def _written_as_name(text: str, toks: list[_Tok], i: int) -> bool:
    t = toks[i]
    surface = text[t.start : t.end]
    if t.role or not _distinctive(t) or t.word in _AUX or t.word in _NOT_NAME_WORDS or not surface[:1].isalnum():
        return False
    if surface.isupper() and len(surface) <= 3 and t.word in known_words():
        return False  # "PM", "API": abbreviations of roles and kinds of thing
    if surface[:1].isupper() and is_demonym(surface):
        return False  # "the Scandinavian customer": a people or a language describes
    if surface[:1].isupper():
        # a capitalised first word is a name only when no dictionary has it ("Halcyon renewal month?")
        return i > 0 or t.word not in known_words()
    # a made-up lowercase word where a name stands: first, or right after the question's verb ("who owns
    # triagebot?"), not inside a noun phrase ("the analytics endpoint", "the service that generates thumbnails")
    k = i - 1
    while k >= 0 and (toks[k].word in _NOUN_OPENERS or toks[k].word in _TIME_ADJECTIVES) and not toks[k].role:
        k -= 1  # "the new brokerbridge owner": a determiner and a word of time still leave the name's place
    prev = toks[k] if k >= 0 else None
    after = toks[i + 1] if i + 1 < len(toks) else None
    if k < i - 1 and after is not None and TYPE_NOUNS.get(after.stem) != "person":
        return False  # after a determiner only "the brokerbridge owner": "the login state store" is a description
    return surface.isascii() and rare_word(surface) and (
        prev is None or prev.role == "rel" or prev.word in _WH or prev.word in _AUX)


def _mark_words(toks: list[_Tok], vocab: Vocabulary | None) -> list[tuple[int, int, str]]:
    """Runs of distinctive words that occur in some node's name ("Acme" of "Acme account")."""
    spans: list[tuple[int, int, str]] = []
    if vocab is None:
        return spans
    i, n = 0, len(toks)
    while i < n:
        t = toks[i]
        if not t.role and _distinctive(t) and vocab.nodes_with_word(t.word):
            j = i + 1
            while j < n and not toks[j].role and _distinctive(toks[j]) and vocab.nodes_with_word(toks[j].word):
                j += 1
            spans.append((i, j, "word"))
            for k in range(i, j):
                toks[k].role = "name"
            i = j
        else:
            i += 1
    return spans


_NEGATIONS = frozenset({"not", "cannot", "never", "no"})


def _mark_needs_without(text: str, toks: list[_Tok]) -> list[Slot]:
    """"X can't start without Y", "X doesn't work without Y", "X is dead without Y": a negated verb before
    "without" says X depends on Y, whatever the verb."""
    slots = []
    for j, t in enumerate(toks):
        if t.word != "without" or t.role:
            continue
        for i in range(j - 1, max(-1, j - 5), -1):
            if toks[i].role:
                break
            if toks[i].word in _NEGATIONS or toks[i].word in ("dead", "useless", "stuck", "down"):
                if i > 0 and toks[i - 1].word in ("ca", "wo", "can", "could", "would", "will", "does", "do",
                                                  "did", "is", "are") and not toks[i - 1].role:
                    i -= 1
                slots.append(Slot((("depends_on", 1.0), ("uses", SECONDARY_SCORE)), _surface(text, toks, i, j + 1),
                                  "lexicon", i))
                for k in range(i, j + 1):
                    toks[k].role = "rel"
                break
    return slots


# Verbs of getting in touch: "who do I talk to about X", "who should I ping re X", "who's the person to ask about
# X" ask for whoever answers for X (its owner, handler or lead, whichever X's type has), not what X calls.
_CONTACT_VERBS = frozenset(stem(w) for w in "talk speak ping ask bug contact go reach chat message email dm escalate "
                           "poke nudge hassle pester call chase".split())
# "who's our contact person for X", "who's the poc on X": the same ask, as a noun
_CONTACT_NOUNS = frozenset("contact poc".split())
_CONTACT_LINKS = frozenset("to with out up person".split())
_CONTACT_TOPICS = frozenset("about re regarding concerning on for".split())


def _mark_contact(text: str, toks: list[_Tok]) -> list[Slot]:
    who = next((i for i, t in enumerate(toks) if t.word in ("who", "whom") and not t.role), None)
    if who is None:
        return []
    for i in range(who + 1, min(len(toks), who + 8)):
        t = toks[i]
        if t.role or (t.stem not in _CONTACT_VERBS and t.word not in _CONTACT_NOUNS) or _hyphenated(text, t):
            continue
        j = i + 1
        while j < len(toks) and toks[j].word in _CONTACT_LINKS and not toks[j].role and j - i <= 2:
            j += 1
        if j < len(toks) and toks[j].word in _CONTACT_TOPICS and not toks[j].role:
            for k in range(i, j + 1):
                toks[k].role = "rel"
            return [Slot((("handled_by", 1.0), ("led_by", 1.0), ("owned_by", 1.0)), _surface(text, toks, i, j + 1),
                         "lexicon", i)]
    return []


def _mark_modals(toks: list[_Tok]) -> None:
    """"When does X need to be done?", "X needs to ship by when?": "need to" before a wording of another relation
    is a modal verb, not a dependency."""
    for i in range(len(toks) - 2):
        t = toks[i]
        if t.role or t.stem != "need" or toks[i + 1].word != "to":
            continue
        k = i + 2
        follows = [preds for key, preds in _LEXICON.get(toks[k].stem, ())
                   if all(k + m < len(toks) and toks[k + m].stem == key[m] for m in range(len(key)))]
        if toks[k].word == "be" or (follows and "depends_on" not in follows[0]):
            t.role = "aux"
            toks[i + 1].role = "aux"


def _mention_types(text: str, toks: list[_Tok], mention: tuple[int, int, str], vocab: Vocabulary | None
                   ) -> tuple[frozenset[str], bool] | None:
    """The node types a mention denotes and whether it is a value ("blocked", "P1"), when the vocabulary is a
    graph that can say (an optional `resolve(name) -> key` and `get(key) -> node`); None when unknown."""
    resolve, get = getattr(vocab, "resolve", None), getattr(vocab, "get", None)
    a, b, step = mention
    if step == "residual" and b - a <= 2 and _names_a_stranger(text, toks, a, b, getattr(vocab, "resolve", None)):
        return frozenset({"person"}), False  # "Owen's in which town?": a given name opening the question
    if step == "residual":
        return _head_type(toks, a, b)
    headed = _headed_type(toks, b)
    if step == "name" and headed is not None and _unknown(text, toks, a, b, resolve):
        return headed  # "the Port Ellery account": the head noun says what a name the graph lacks is
    if step == "name" and b < len(toks) and toks[b - 1].possessive and TYPE_NOUNS.get(toks[b].stem) == "project" and (
            _unknown(text, toks, a, b, resolve)):
        # "JK's project": whose a project is, is a person's (who leads it); "Acme's account" is Acme's own
        return frozenset({"person"}), False
    if step == "name" and _names_a_stranger(text, toks, a, b, resolve):
        # "Katrin's at which office?": a name the graph does not hold, that the world's name lists say is a
        # person's, takes a person's relations
        return frozenset({"person"}), False
    if resolve is None or get is None:
        return None
    try:
        if step == "name":
            key = resolve(_surface(text, toks, a, b))
            keys = [key] if key is not None else []
        else:
            sets = [set(vocab.nodes_with_word(t.word)) for t in toks[a:b]]
            keys = sorted(set.intersection(*sets)) if sets else []
        nodes = [n for n in (get(k) for k in keys) if n is not None]
    except Exception:  # a vocabulary that is not a graph store: no types
        return None
    # every type the graph has seen the node as: an account stated to be "in ANZ" also voted office (the
    # canonical subject of located_in), and either reading may be the one the question means
    kinds = [frozenset(k for k, v in getattr(n, "type_votes", {n.type: 1}).items() if v and k != "entity")
             for n in nodes]
    if not kinds or not kinds[0] or any(k != kinds[0] for k in kinds):
        return None
    return kinds[0], all(getattr(n, "is_value", False) for n in nodes)


def _coerced(slot: Slot, kind: str) -> Slot:
    """The anchor's own relation to the same kind of thing, where the words chose one its type does not have:
    "the Port Ellery account is run out of" asks who handles the account (an account is not led), "who's on
    the Acme account" the same. A word's reading is a guess; the anchor's type is known."""
    best = slot.alternatives[0][0]
    if best not in PREDICATES or PREDICATES[best][0] == kind:
        return slot
    if any(PREDICATES.get(p, ("",))[0] == kind for p, _ in slot.alternatives):
        return slot  # another reading of the same words fits: the order of the walk settles it
    same = [p for p, (subject, obj) in PREDICATES.items() if subject == kind and obj == PREDICATES[best][1]
            and p != "described_as"]
    if len(same) != 1:
        return slot
    return Slot(((same[0], slot.alternatives[0][1]),) + slot.alternatives, slot.phrase, slot.source, slot.position)


# Head nouns that say what a name is: "the Port Ellery account" (but "the Port Ellery owner" is a person of it).
_HEADED_TYPES = frozenset({"account", "component", "project", "team", "office", "tool"})


def text_joined(toks: list[_Tok], b: int) -> bool:
    """Whether token b follows token b-1 within one phrase (not across a comma or a possessive)."""
    return b > 0 and toks[b - 1].end < toks[b].start and toks[b].start - toks[b - 1].end <= 1


def _headed_type(toks: list[_Tok], b: int) -> tuple[frozenset[str], bool] | None:
    """The type a head noun right after a name gives it ("Port Ellery account"), if one does."""
    # the word as written, not its stem: "Ingrid sit" is no "Ingrid site"
    # ("Fatou's project" is a project of Fatou's, not a project called Fatou; "Acme's account" is Acme)
    if b < len(toks) and _TYPE_NOUNS.get(toks[b].word) in _HEADED_TYPES and text_joined(toks, b) and not (
            toks[b - 1].possessive and _TYPE_NOUNS[toks[b].word] == "project"):
        return frozenset({_TYPE_NOUNS[toks[b].word]}), False
    return None


def _unknown(text: str, toks: list[_Tok], a: int, b: int, resolve: Callable[[str], object] | None) -> bool:
    try:
        return resolve is None or resolve(_surface(text, toks, a, b)) is None
    except Exception:  # a vocabulary that is not a graph store
        return True


def _names_a_stranger(text: str, toks: list[_Tok], a: int, b: int, resolve: Callable[[str], object] | None) -> bool:
    """Whether tokens a..b name a person the graph does not know: "Katrin", "Yuki Tanaka"."""
    surface = _surface(text, toks, a, b)
    if not surface[:1].isupper() or not (reads_as_given_name(surface) or person_shape(surface) is True):
        return False
    return _unknown(text, toks, a, b, resolve)


# Nouns that head a description of a thing, beyond the type nouns: "the telematics pricing pilot" is a project,
# "the archive that keeps signed policy docs" a component, "the Norwegian household insurer" a customer.
_HEAD_NOUNS: dict[str, str] = {stem(k): v for k, v in {
    "pilot": "project", "trial": "project", "experiment": "project", "rollout": "project", "migration": "project",
    "rewrite": "project", "revamp": "project", "programme": "project", "program": "project", "effort": "project",
    "workstream": "project", "swap": "project", "overhaul": "project", "rebuild": "project",
    "app": "component", "api": "component", "pipeline": "component", "job": "component", "worker": "component",
    "queue": "component", "archive": "component", "store": "component", "bucket": "component",
    "engine": "component", "gateway": "component", "bot": "component", "cluster": "component",
    "insurer": "account", "broker": "account", "brand": "account", "retailer": "account", "chain": "account",
    "label": "account", "distributor": "account", "manufacturer": "account", "shop": "account",
}.items()}
_HEAD_STOPS = frozenset("that which who whom whose where when for with in at of to from on by behind".split())


def _head_type(toks: list[_Tok], a: int, b: int) -> tuple[frozenset[str], bool] | None:
    """The type a descriptive phrase's head noun names: the last kind-of-thing noun before the phrase goes on
    to say what the thing does ("the service that texts policyholders" is a component)."""
    head = None
    for k, t in enumerate(toks[a:b]):
        # "the thing where pet owners sign in": what follows a relative word or preposition describes the
        # thing; a noun there ("owners") is not its head, found or not
        if t.word in _HEAD_STOPS and (head is not None or k > 0):
            break
        kind = TYPE_NOUNS.get(t.stem) or _HEAD_NOUNS.get(t.stem)
        if kind in ("component", "account", "project", "tool", "team", "office", "person"):
            head = kind
    return (frozenset({head}), False) if head is not None else None


def _read_abbreviations(text: str, toks: list[_Tok]) -> None:
    """Words outside names written as a capitalised role abbreviation read as the role's word ("the Acme AM" is
    the Acme account manager)."""
    for i, t in enumerate(toks):
        if t.role:
            continue
        role = _CASED_ROLES.get(text[t.start : t.end])
        if role is not None and not (i > 0 and toks[i - 1].word.isdigit()):
            t.word, t.stem = role, _stem(role)


_POSTURE = frozenset(stem(w) for w in "sit sitting sat stand standing at land landing look looking".split())
_DECIDE = frozenset(stem(w) for w in "land landed settle settled agree agreed decide decided go went end ended "
                    "pick picked".split())
_DECIDERS = frozenset("we they you i team folks everyone".split())
_TRAILING_FRAME = frozenset("now again today currently atm rn then these those days day moment".split())


def _where_at(toks: list[_Tok]) -> bool:
    """"where's X at?", "where are we at with X?": "where" with a stranded "at" asks how far along X is."""
    wh = next((i for i, t in enumerate(toks) if t.word == "where" and not t.role), None)
    if wh is None:
        return False
    # "where are we with X?", "where are things on X?", "where do we stand with X?": our own progress on X
    k = wh + 1
    while k < len(toks) and toks[k].word in _AUX and not toks[k].role:
        k += 1
    if k > wh + 1 and k < len(toks) and toks[k].word in ("we", "things", "you", "they") and not toks[k].role:
        k += 1
        if k < len(toks) and toks[k].stem == stem("stand") and not toks[k].role:
            k += 1
        if k < len(toks) and toks[k].word in ("with", "on") and not toks[k].role:
            toks[k].role = "aux"
            return True
    for i in range(wh + 1, len(toks)):
        if toks[i].word == "at" and not toks[i].role:
            rest = toks[i + 1 :]
            if all(t.word in _TRAILING_FRAME or t.word in ("with", "on") or t.role == "name" for t in rest) or (
                    rest and rest[0].word in ("with", "on")):
                return True
    return False


def _mark_posture(toks: list[_Tok]) -> None:
    for t in toks:
        if not t.role and t.stem in _POSTURE:
            t.role = "aux"


def _mark_decisions(toks: list[_Tok]) -> None:
    """"what priority did we land on for X", "which plan did they go with": a decision verb with its deciders
    frames the question; it is no relation of X."""
    n = len(toks)
    for i, t in enumerate(toks):
        if t.role or t.stem not in _DECIDE or i + 1 >= n:
            continue
        if not any(toks[k].word in _DECIDERS for k in range(max(0, i - 3), i)):
            continue
        j = i + 1
        if toks[j].word == "up" and j + 1 < n:  # "ended up with"
            j += 1
        if toks[j].word in ("on", "with") and not toks[j].role:
            for k in range(i, j + 1):
                toks[k].role = "aux"


def _distinctive(t: _Tok) -> bool:
    return t.word not in STOPWORDS and t.word not in _FRAME and t.stem not in TYPE_NOUNS and t.word not in _WH


def _hyphenated(text: str, t: _Tok) -> bool:
    """Part of a hyphenated compound ("location-to-town", "status-wise"): a piece of a name, not a cue."""
    return text[t.end : t.end + 1] == "-" or (t.start > 0 and text[t.start - 1] == "-")


def _mark_relations(text: str, toks: list[_Tok]) -> list[Slot]:
    slots: list[Slot] = []
    i, n = 0, len(toks)
    while i < n:
        if toks[i].role:
            i += 1
            continue
        matched = False
        for key, preds in _LEXICON.get(toks[i].stem, ()):
            j = i + len(key)
            if len(key) == 1 and _hyphenated(text, toks[i]):
                continue
            if key == (_stem("work"),) and i + 1 < n and toks[i + 1].word == "out":
                continue  # "the thing that works out how good a player is": works out = computes, not works in
            if j <= n and all(toks[i + k].stem == key[k] and not toks[i + k].role for k in range(len(key))):
                slots.append(Slot(_alts(preds), _surface(text, toks, i, j), "lexicon", i))
                for k in range(i, j):
                    toks[k].role = "rel"
                i = j
                matched = True
                break
        if not matched:
            i += 1
    return slots


# "X gets its jobs from Y", "X pushes the scans into Y": a moving verb and its preposition with a short object
# between them say X depends on Y, whatever is moved.
_TAKE_VERBS = frozenset(stem(w) for w in "get gets got take takes took pull pulls fetch fetches read reads load loads "
                        "receive receives source sources grab grabs".split())
_GIVE_VERBS = frozenset(stem(w) for w in "push pushes write writes send sends feed feeds dump dumps ship ships stream "
                        "streams forward forwards publish publishes put puts emit emits".split())
_GAP = 3


def _mark_gapped(text: str, toks: list[_Tok]) -> list[Slot]:
    slots = []
    n = len(toks)
    for i, t in enumerate(toks):
        if t.role or (t.stem not in _TAKE_VERBS and t.stem not in _GIVE_VERBS) or _hyphenated(text, t):
            continue
        # "the thing X gets its rates through": what X takes something by way of, X depends on too
        wanted = ("from", "through", "via") if t.stem in _TAKE_VERBS else ("into", "to", "onto")
        for j in range(i + 2, min(n, i + 2 + _GAP)):
            if toks[j].role or any(c in ",;:?!." for c in text[toks[j - 1].end : toks[j].start]):
                break
            if toks[j].word in wanted:
                slots.append(Slot((("depends_on", 1.0), ("uses", SECONDARY_SCORE)), _surface(text, toks, i, j + 1),
                                  "lexicon", i))
                for k in range(i, j + 1):
                    toks[k].role = "rel"
                break
    return slots


def _mark_tool_question(toks: list[_Tok]) -> list[Slot]:
    """"what are they tracking tickets in?", "what do we build the app with?": "what" and a doing-verb left
    hanging on "in"/"with" asks for the tool the work is done in."""
    wh = next((t for t in toks if t.word in _WH and t.role in ("", "wh")), None)
    if wh is None or wh.word != "what":
        return []
    end = len(toks) - 1
    while end > 0 and toks[end].word in _TRAILING_FRAME and not toks[end].role:
        end -= 1
    if toks[end].role or toks[end].word not in ("in", "with"):
        return []
    for i in range(end - 1, max(0, end - 4), -1):
        t = toks[i]
        if t.role:
            return []
        if t.word.endswith("ing") and t.word not in STOPWORDS and len(t.word) > 4:
            for k in range(i, end + 1):
                toks[k].role = "rel"
            return [Slot((("uses", 1.0), ("depends_on", SECONDARY_SCORE)), " ".join(x.word for x in toks[i : end + 1]),
                         "lexicon", i)]
    return []


def _possessive_names(text: str, toks: list[_Tok]) -> list[tuple[int, int, str]]:
    """"kev's team?", "deano's office": an unclaimed lower-case word in the possessive before a type noun is a
    name (a nickname no list holds), as chat types names."""
    spans = []
    for i in range(len(toks) - 1):
        t, nxt = toks[i], toks[i + 1]
        if (t.possessive and t.role == "" and text[t.start : t.end].islower() and nxt.role in ("", "typenoun")
                and nxt.stem in TYPE_NOUNS
                and _distinctive(t) and t.word not in _AUX and t.word not in _NOT_NAME_WORDS
                and t.stem not in TYPE_NOUNS and t.word not in _WH and t.word not in _RESUMPTIVE):
            spans.append((i, i + 1, "name"))
            t.role = "name"
    return spans


def _possessive_types(text: str, toks: list[_Tok]) -> list[Slot]:
    """"Lighthouse's tool", "Dana's office": a name's possessive before a type noun is a relation to a thing of
    that type, whichever predicate leads there (uses; works_in). So is "the office of ..." ."""
    slots = []
    for i in range(1, len(toks) - 1):
        t, prev, nxt = toks[i], toks[i - 1], toks[i + 1]
        if (t.role == "" and t.stem in TYPE_NOUNS and nxt.word == "of" and nxt.role == ""
                and prev.word in _NOUN_OPENERS and prev.role == ""):
            kind = TYPE_NOUNS[t.stem]
            preds = {p: POSSESSIVE_SCORE for p in _CHAIN_PREDICATES if PREDICATES[p][1] == kind}
            if preds:
                slots.append(Slot(_alts(preds), _surface(text, toks, i, i + 1), "lexicon", i))
                t.role = "rel"
    for i in range(len(toks) - 1):
        t, nxt = toks[i], toks[i + 1]
        # "ordernet owner's team?": a relation noun's possessive goes one step further from where it leads
        if t.possessive and t.role in ("name", "rel") and nxt.role == "" and nxt.stem in TYPE_NOUNS:
            kind = TYPE_NOUNS[nxt.stem]
            preds = {p: POSSESSIVE_SCORE for p in _CHAIN_PREDICATES if PREDICATES[p][1] == kind}
            if not preds:
                # "Fatou's project": nothing leads to a project, but a project is led by someone: the relation
                # is walked back from the person to the thing
                preds = {p: POSSESSIVE_SCORE for p in _CHAIN_PREDICATES if PREDICATES[p][0] == kind
                         and PREDICATES[p][1] == "person"}
            if preds:
                slots.append(Slot(_alts(preds), _surface(text, toks, i + 1, i + 2), "lexicon", i + 1))
                nxt.role = "rel"
    return slots


def _drop_modifiers(toks: list[_Tok], slots: list[Slot]) -> list[Slot]:
    """A one-word relation cue directly followed by an unclaimed content word modifies a noun phrase instead of
    relating two things: "the login state store", "the plans webpage refresh", "the timed task runner live"."""
    kept = []
    for slot in slots:
        i = slot.position
        if slot.source == "lexicon" and _compound_person(toks, i):
            toks[i].role = ""
            continue
        if (slot.source == "lexicon" and i > 0 and toks[i].stem in _VERB_CUES and toks[i - 1].word in _NOUN_OPENERS
                and not toks[i - 1].role and (i + 1 >= len(toks) or toks[i + 1].role != "rel")):
            # "the work to let ...", "a run of ...": a verb cue after a determiner is a noun, not a relation
            toks[i].role = ""
            continue
        if (slot.source == "lexicon" and len(slot.phrase.split()) == 1 and i + 1 < len(toks)
                and toks[i + 1].role == "" and toks[i + 1].word not in STOPWORDS and toks[i + 1].word not in _FRAME
                and toks[i + 1].stem not in TYPE_NOUNS and toks[i + 1].word not in _WH
                and not _asking_verb(toks, i)):
            toks[i].role = ""
            continue
        kept.append(slot)
    # "Who is running the night theme work?": a one-word cue that ends the question right after a plain content
    # word ("theme work") closes a noun phrase, as long as another cue is left to carry the relation.
    out: list[Slot] = []
    last = max((k for k, t in enumerate(toks) if t.role not in ("time",) and t.word not in _FRAME), default=-1)
    for idx, slot in enumerate(kept):
        i = slot.position
        others_left = len(out) + (len(kept) - idx - 1) > 0
        prev = toks[i - 1] if i > 0 else None
        if (others_left and slot.source == "lexicon" and len(slot.phrase.split()) == 1 and i == last
                and prev is not None and prev.role == "" and prev.word not in STOPWORDS
                and prev.word not in _FRAME and prev.word not in _WH and prev.stem not in TYPE_NOUNS):
            toks[i].role = ""
            continue
        out.append(slot)
    return out


def _compound_person(toks: list[_Tok], i: int) -> bool:
    """"the thing that texts pet owners when ...": inside a relative clause, a person noun right after a plain
    noun ("pet owners", "shop managers") names people the thing deals with, not a relation of the question."""
    t = toks[i]
    if TYPE_NOUNS.get(t.stem) != "person" or i < 3 or t.end - t.start != len(t.word):
        return False
    prev = toks[i - 1]
    if prev.role or prev.possessive or prev.word in STOPWORDS or prev.word in _FRAME or prev.word in _WH or (
            prev.word in _AUX or prev.stem in TYPE_NOUNS or toks[i].start - prev.end != 1):
        return False
    return any(toks[k].word in ("that", "which", "where") and not toks[k].role for k in range(1, i - 1))


def _asking_verb(toks: list[_Tok], i: int) -> bool:
    """"who's leading card controls?", "who is running ledger sync?", "which team owns reconciler?": a cue right
    after "who" or "which <type>" (and their auxiliaries) is the question's own verb, whatever word follows."""
    k = i - 1
    while k >= 0 and toks[k].word in _AUX and not toks[k].role:
        k -= 1
    if k >= 0 and toks[k].word == "who" and not toks[k].role:
        return True
    # "which team owns reconciler?", "what service calls ledgerd?": the verb after the asked type noun
    return k >= 1 and toks[k].stem in TYPE_NOUNS and toks[k - 1].word in ("which", "what") and not toks[k - 1].role


_VERB_CUES = frozenset(stem(w) for w in "work run use need call host deploy join drive cover ship finish deliver "
                        "land launch hit query sit".split())
_TIME_ADJECTIVES = frozenset("new old current former previous latest original same".split())
# Capitalised words that are values or calendar words, not names of things.
_NOT_NAME_WORDS = frozenset(MONTHS) | PLAN_TIERS | PRIORITY_WORDS | frozenset(
    "monday tuesday wednesday thursday friday saturday sunday q1 q2 q3 q4 eod eow asap".split())
_NOUN_OPENERS = frozenset("the a an this these those its their his her our your my".split())


def _mark_frame(toks: list[_Tok], text: str = "") -> None:
    n = len(toks)
    for i, t in enumerate(toks):
        for phrase in _TIME_STARTS.get(t.word, ()):
            k = len(phrase)
            if i + k <= n and all(toks[i + j].word == phrase[j] and not toks[i + j].role for j in range(k)):
                for j in range(k):
                    toks[i + j].role = "time"
    for i, t in enumerate(toks):
        if t.role:
            continue
        if t.word in _WH:
            if text and _embedded_wh(text, toks, i):
                continue
            t.role = "wh"
        elif t.word in _AUX:
            t.role = "aux"
        elif t.stem in TYPE_NOUNS and i + 1 < n and toks[i + 1].word in _RELATIVE:
            # "the component that ...", "the person who ...": a connector between relations, not a mention
            t.role = "connector"
            toks[i + 1].role = "connector"
            if i > 0 and toks[i - 1].word in _DETERMINERS and not toks[i - 1].role:
                toks[i - 1].role = "connector"


def _trailing_purpose(text: str, toks: list[_Tok]) -> int | None:
    """"what country's jamie in, for the entity sheet": a "for ..." clause after a finished question says why
    it is asked, not what; the index of its first token, or None."""
    for c in range(2, len(toks)):
        if toks[c].word != "for" or toks[c].role or not any(ch in ",;:?!" for ch in text[toks[c - 1].end : toks[c].start]):
            continue
        if any(t.role == "wh" for t in toks[:c]) and not any(t.role in ("wh", "rel") for t in toks[c:]):
            return c
    return None


def _embedded_wh(text: str, toks: list[_Tok], i: int) -> bool:
    """"who owns the thing that works out how good each player is?": a second wh-word inside a relative clause,
    with no punctuation before it, opens a clause of the description, not a second question."""
    if toks[i].word not in ("how", "what", "when", "where", "whether") or i == 0:
        return False
    if any(c in ",;:?!.-—" for c in text[toks[i - 1].end : toks[i].start]):
        return False
    first = next((k for k in range(i) if toks[k].role == "wh" or toks[k].word in _WH and not toks[k].role), None)
    return first is not None and any(toks[k].word in ("that", "which") for k in range(first + 1, i))


def _relative(text: str, toks: list[_Tok], i: int) -> bool:
    """"the person who owns X", "the thing which ...": a wh-word right after a noun phrase opened by a determiner
    (no punctuation between) starts a relative clause; it asks nothing."""
    if i < 2 or toks[i].word not in _RELATIVE:
        return False
    prev = toks[i - 1]
    if any(c in ",;:?!.-–—" for c in text[prev.end : toks[i].start]) or prev.word in STOPWORDS or prev.word in _WH:
        return False
    return any(toks[k].word in _NOUN_OPENERS for k in range(max(0, i - 4), i - 1))


def _wise_type(text: str, toks: list[_Tok]) -> int | None:
    """"where's X sitting priority-wise?": a type noun written "<noun>-wise" names what is asked."""
    for i, t in enumerate(toks):
        if t.stem in TYPE_NOUNS and text[t.end : t.end + 5].lower() in ("-wise", "–wise") and i + 1 < len(toks):
            return i
    return None


_PERSONAL_PRONOUNS = frozenset("he she him".split())
_RESUMPTIVE = frozenset("it its they them their that this she he her him his".split())
_PREPOSITIONS = frozenset("in from at near for across of around outside inside by on".split())
_MIN_DESCRIPTIVE = 2  # content words a descriptive phrase needs


def _descriptive_span(text: str, toks: list[_Tok]) -> tuple[int, int] | None:
    """The token span of a phrase that describes the question's subject: a topic put before the question and
    taken up again by a pronoun ("<the service logging ...>, who owns it?"), else a noun phrase opened by a
    determiner and running to the end of its clause. A known name may sit inside only as the object of a
    preposition ("the ... trial in Mexico"): a name at the head would be the subject itself."""
    n = len(toks)

    def clause_break(i: int) -> bool:  # punctuation between token i-1 and token i
        return i > 0 and any(c in ",;:?!" for c in text[toks[i - 1].end : toks[i].start])

    def acceptable(a: int, b: int) -> bool:
        if b - a < 2 or _content_count(toks, a, b) < _MIN_DESCRIPTIVE:
            return False
        for k in range(a, b):
            if toks[k].role == "name" and not (k > a and (toks[k - 1].word in _PREPOSITIONS or toks[k - 1].role == "name"
                                                          or (k > a + 1 and toks[k - 2].word in _PREPOSITIONS))):
                return False
        return True

    # a topic before the question: "<phrase>, <wh-question with a pronoun>"
    for c in range(1, n):
        if not clause_break(c):
            continue
        rest = [t for t in toks[c:] if t.word not in _FRAME or t.word in _WH]
        asks = any(t.word in _WH for t in rest[:3]) or (rest and rest[0].word in _AUX)
        if asks and any(t.word in _RESUMPTIVE for t in toks[c:]):
            a = 0
            while a < c and (toks[a].word in _FRAME or (toks[a].word in STOPWORDS and toks[a].word not in _DETERMINERS)):
                a += 1
            if toks[a].word in _WH if a < c else True:
                break  # the part before the comma is itself a question
            # the topic or nothing: a rejected topic holds no other description
            return (a, c) if acceptable(a, c) else None
        break
    # a noun phrase: a determiner, then no relation cue, running to the end of its clause
    for k in range(n - 2):
        if toks[k].word not in _NOUN_OPENERS or toks[k].role:
            continue
        nxt = toks[k + 1]
        if nxt.role or nxt.word in _WH or nxt.word in _AUX or nxt.stem in _LEXICON:
            continue
        b = k + 1
        while b < n and not clause_break(b):
            b += 1
        while b > k + 1 and (toks[b - 1].word in _AUX or toks[b - 1].word in STOPWORDS
                             or toks[b - 1].word in _FRAME) and toks[b - 1].role != "name":
            b -= 1
        if acceptable(k, b):
            return k, b
        return None
    return None


def _expected_type(toks: list[_Tok], text: str = "") -> tuple[str | None, tuple[str, ...], int | None]:
    """(explicit type, admissible types, index of the type noun that named it)."""
    wise = _wise_type(text, toks) if text else None
    if wise is not None:
        kind = TYPE_NOUNS[toks[wise].stem]
        return kind, (kind,), wise
    if len(toks) > 2 and toks[0].stem in TYPE_NOUNS and toks[1].word == "of" and toks[0].role == "":
        kind = TYPE_NOUNS[toks[0].stem]  # "team of whoever's running win11?": a terse question opens on its type
        return kind, (kind,), 0
    for i, t in enumerate(toks):
        if t.word not in _WH or t.role == "desc" or (text and _relative(text, toks, i)):
            continue
        if t.word in ("which", "what"):
            j = i + 1
            if t.word == "which" and j + 1 < len(toks) and toks[j].word == "of":
                j += 1  # "which of our offices": the noun after the partitive names the type
            while j < len(toks) and (toks[j].word in _AUX or toks[j].word in _DETERMINERS) and j - i <= 3:
                j += 1
            if j < len(toks) and toks[j].role == "name":
                pass  # "what does crew-dispatch-api ...": a name's first word is no type noun
            elif j < len(toks) and toks[j].stem in _PLACE_NOUNS:
                return None, _PLACE_TYPES, j
            elif j < len(toks) and toks[j].stem in TYPE_NOUNS:
                kind = TYPE_NOUNS[toks[j].stem]
                return kind, (kind,), j
            # "which engineering team": one unknown modifier before the type noun
            if (j + 1 < len(toks) and toks[j + 1].stem in TYPE_NOUNS and toks[j].role == ""
                    and toks[j].word not in _AUX and toks[j].word not in STOPWORDS):
                kind = TYPE_NOUNS[toks[j + 1].stem]
                return kind, (kind,), j + 1
            if t.word == "which":
                continue
            if _asks_what_on(toks, j):
                return None, ("plan", "tool"), j
            return None, (), None
        if t.word in ("who", "whom"):
            return "person", ("person",), None
        if t.word == "whose":
            return "person", ("person",), None
        if t.word == "where":
            return None, _WHERE_TYPES, None
        if t.word == "when":
            return None, _WHEN_TYPES, None
        if t.word == "how":
            nxt = toks[i + 1].word if i + 1 < len(toks) else ""
            if nxt in ("urgent", "important", "critical"):
                return "priority", ("priority",), None
            return None, (), None
    if text and _PRIORITY_CHOICE.search(text):
        return "priority", ("priority",), None  # "did we say Odoo was P1 or P2?": the choice is the answer's type
    return None, (), None


def _asks_what_on(toks: list[_Tok], j: int) -> bool:
    """"what cover are Telent on now", "what agreement are Pennine on": a noun no list holds, asked of what a
    customer or a system is on, asks for its plan or the tool it runs on."""
    end = len(toks)
    while end > j + 2 and toks[end - 1].word in _TRAILING_FRAME:
        end -= 1
    return (j + 2 < end and toks[j].role == "" and toks[j].word.isalpha() and toks[j].word not in STOPWORDS
            and (toks[j].possessive or toks[j + 1].word in ("is", "are")) and toks[end - 1].word == "on")


_PRIORITY_CHOICE = re.compile(r"(?i)\bp[0-5]\s*(?:or|/)\s*p[0-5]\b")


def _residual_runs(text: str, toks: list[_Tok]) -> list[tuple[int, int]]:
    """Maximal runs of unclaimed tokens, trimmed of stopwords and framing words at both ends."""
    runs: list[tuple[int, int]] = []
    i, n = 0, len(toks)
    while i < n:
        if toks[i].role:
            i += 1
            continue
        j = i
        while j < n and not toks[j].role:
            j += 1
        a, b = i, j
        while a < b and (toks[a].word in STOPWORDS or toks[a].word in _FRAME):
            a += 1
        while b > a and (toks[b - 1].word in STOPWORDS or toks[b - 1].word in _FRAME):
            b -= 1
        if a < b:
            # keep a leading determiner for display ("the analytics endpoint")
            if a > i and toks[a - 1].word in _DETERMINERS:
                a -= 1
            runs.append((a, b))
        i = j
    return runs


def _content_count(toks: list[_Tok], a: int, b: int) -> int:
    return sum(1 for t in toks[a:b] if t.word not in STOPWORDS and t.word not in _FRAME)


# ---- embedding side ----------------------------------------------------------------------------------------
_PROTO_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def prototypes(embedder: Embedder) -> tuple[list[str], np.ndarray]:
    cached = _PROTO_CACHE.get(embedder)
    if cached is None:
        preds = [p for p, phrases in PROTOTYPES.items() for _ in phrases]
        texts = [ph for phrases in PROTOTYPES.values() for ph in phrases]
        cached = (preds, embedder.encode(texts))
        _PROTO_CACHE[embedder] = cached
    return cached


def relation_similarity(phrases: list[str], embedder: Embedder) -> list[dict[str, float]]:
    """For each phrase, each predicate's best cosine with its prototypes."""
    if not phrases:
        return []
    preds, matrix = prototypes(embedder)
    sims = embedder.encode(phrases) @ matrix.T
    out = []
    for row in sims:
        best: dict[str, float] = {}
        for p, s in zip(preds, row):
            s = float(s)
            if s > best.get(p, -1.0):
                best[p] = s
        out.append(best)
    return out


def _semantic_slot(scores: dict[str, float], phrase: str, position: int, threshold: float) -> Slot | None:
    if not scores:
        return None
    top = max(scores.values())
    if top < threshold:
        return None
    ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
    alts = {p: round(sc, 4) for p, sc in ranked[:MAX_ALTERNATIVES] if sc >= top - ALTERNATIVE_MARGIN}
    return Slot(_alts(alts), phrase, "semantic", position)


def _masked(text: str, toks: list[_Tok], a: int, b: int) -> str:
    """The question with tokens a..b-1 replaced by "it": what is asked, without what it is asked about."""
    return (text[: toks[a].start] + "it" + text[toks[b - 1].end :]).strip()


# ---- typed composition -------------------------------------------------------------------------------------
_CHAIN_PREDICATES = [p for p in PREDICATES if p != "described_as"]
# The canonical schema names one subject type per predicate; in plain English several kinds of thing take the
# same relation (a tool has an owner too; an account is based in a region), so composition accepts these.
_MORE_SUBJECTS: dict[str, tuple[str, ...]] = {
    "owned_by": ("tool", "project", "account"),
    "depends_on": ("tool", "project"),
    "uses": ("component",),
    "located_in": ("account", "component"),
    "deployed_in": ("tool",),
    "priority": ("project", "account"),
    "status": ("component", "account"),
    "deadline": ("component",),
}
SUBJECT_TYPES: dict[str, frozenset[str]] = {
    p: frozenset((PREDICATES[p][0],) + _MORE_SUBJECTS.get(p, ())) for p in _CHAIN_PREDICATES
}


def subject_types(predicate: str) -> frozenset[str] | None:
    """The kinds of node a predicate can start from; None for a predicate outside the vocabulary."""
    return SUBJECT_TYPES.get(predicate)


def type_route(start: str, goal: str, max_len: int) -> list[str] | None:
    """The shortest predicate chain from a node type to an answer type, following the schema forward."""
    routes = type_routes(start, goal, max_len)
    return list(routes[0]) if routes else None


@functools.lru_cache(maxsize=1024)
def type_routes(start: str, goal: str, max_len: int) -> tuple[tuple[str, ...], ...]:
    """Every predicate chain of at most `max_len` hops from a node type to an answer type that visits no type
    twice, shortest first ("account" to "region": located_in; or handled_by, works_in, located_in)."""
    if start == goal:
        return ((),)
    found: list[tuple[int, tuple[str, ...]]] = []
    frontier: list[tuple[str, tuple[str, ...], frozenset[str], int]] = [(start, (), frozenset({start}), 0)]
    for _ in range(max_len):
        nxt = []
        for kind, route, seen, loose in frontier:
            for p in _CHAIN_PREDICATES:
                o = PREDICATES[p][1]
                if kind not in SUBJECT_TYPES[p] or o in seen:
                    continue
                # hops off the canonical schema (an account "owned by") rank after canonical ones
                step_loose = loose + (PREDICATES[p][0] != kind)
                if o == goal:
                    found.append((step_loose, route + (p,)))
                else:
                    nxt.append((o, route + (p,), seen | {o}, step_loose))
        frontier = nxt
    found.sort(key=lambda f: (len(f[1]), f[0]))
    return tuple(route for _, route in found)


def _obj(p: str) -> str:
    return PREDICATES[p][1] if p in PREDICATES else "entity"


def _composes(a: str, b: str) -> bool:
    oa, sb = _obj(a), SUBJECT_TYPES.get(b)
    return oa == "entity" or sb is None or oa in sb


INVERSE_COST = 0.3  # a hop read against its edge ("whoever sits in the Porto office": office <- works_in <- person)
SKIP_COST = 0.6  # a cue left out of the chain because no reading with it composes ("Which region covers ...")
MAX_CHAIN = 3


@dataclass(frozen=True)
class _Reading:
    score: float
    slots: tuple[Slot, ...]
    end: str | None  # the type the chain ends on (None: unknown)


def _walk_types(preds: list[str], start: frozenset[str] | None) -> tuple[str | None, int, bool] | None:
    """The type a chain of predicates ends on from a start type, and how many hops it reads against their edge;
    None when the types do not compose. A hop goes forward when the current type can be its subject, else
    backward when the current type is its object."""
    cur: frozenset[str] | None = start
    inverse = 0
    previous: tuple[str, bool] | None = None
    for p in preds:
        subj = SUBJECT_TYPES.get(p)
        if cur is None or subj is None or "entity" in cur or cur & subj:
            cur, back = frozenset({_obj(p)}), False
        elif _obj(p) in cur:
            cur, back = frozenset({PREDICATES[p][0]}), True
            inverse += 1
        else:
            return None
        if previous is not None and previous[0] == p and previous[1] != back:
            return None  # straight back along the relation just walked: no reading of a question
        previous = (p, back)
    back_last = previous is not None and previous[1]
    if cur is None:
        return None, inverse, back_last
    return next(iter(sorted(cur))), inverse, back_last


def _order(slots: list[Slot], expected: tuple[str, ...], max_len: int = MAX_CHAIN,
           start: frozenset[str] | None = None) -> tuple[list[Slot], bool, str | None]:
    """Pick the order, the alternative and the direction of each slot so that types compose from the anchor's
    type (when known) and the chain can end on an admissible answer type; the reading order (anchor outward)
    wins ties, forward hops beat backward ones, and a cue that fits no reading is left out only when the others
    make one. Returns the chain, whether a reading fits, and the type it ends on."""
    if not slots:
        return [], True, (next(iter(sorted(start))) if start and len(start) == 1 else None)
    if len(slots) == 1 and not expected and start is None:
        return list(slots), True, _obj(slots[0].best)
    pool = slots[:5]  # nearest the anchor first; a question with more cues than this is mostly noise
    best: _Reading | None = None
    sizes = range(min(len(pool), max_len), 0, -1) if len(pool) > 1 else (1,)
    for size in sizes:
        skipped = len(pool) - size
        if best is not None and best.score > size * 1.0 + 1e-9 - SKIP_COST * skipped:
            break  # a reading with more cues already beats anything this size could score
        width = 4 if size <= 2 else 3
        rank = 0
        for kept in itertools.combinations(range(len(pool)), size):
            for perm in itertools.permutations(kept):
                rank += 1
                options = [pool[i].alternatives[:width] for i in perm]
                for combo in itertools.product(*options):
                    preds = [p for p, _ in combo]
                    walked = _walk_types(preds, start)
                    if walked is None:
                        continue
                    end, inverse, back_last = walked
                    extra = 0
                    if expected and end is not None and end not in expected and end != "entity":
                        room = max_len - len(preds)
                        # a typed hop straight back along a backward last hop would return where it came from
                        lengths = [len(r) for goal in expected for r in type_routes(end, goal, room)
                                   if not (back_last and r and r[0] == preds[-1])]
                        if not lengths:
                            continue
                        extra = min(lengths)
                    # a reading that reaches the asked type by itself beats one that needs typed hops appended
                    score = (sum(sc for _, sc in combo) - COMPLETION_PENALTY * extra - INVERSE_COST * inverse
                             - SKIP_COST * skipped - 0.01 * rank)
                    if best is None or score > best.score + 1e-9:
                        chosen = []
                        for k, i in enumerate(perm):
                            slot = pool[i]
                            alts = (combo[k],) + tuple(a for a in slot.alternatives if a[0] != combo[k][0])
                            chosen.append(Slot(alts, slot.phrase, slot.source, slot.position))
                        best = _Reading(score, tuple(chosen), end)
    if best is None:
        return list(slots), False, None
    return list(best.slots), True, best.end


def complete(slots: list[Slot], start_type: str | None, expected: tuple[str, ...], max_len: int = 3,
             back_last: str | None = None) -> list[Slot]:
    """Append the typed edges still needed to reach the expected answer type ("which team owns X":
    owned_by reaches a person; member_of takes the person to a team)."""
    if not expected:
        return list(slots)
    end = _obj(slots[-1].best) if slots else start_type
    if end is None or end == "entity" or end in expected:
        return list(slots)
    for goal in expected:
        # a typed hop straight back along the relation just walked against its edge would return where it came
        # from ("who's running <a description read as a person>": led_by back to a project, then led_by again)
        routes = [r for r in type_routes(end, goal, max_len - len(slots))
                  if not (back_last is not None and r and r[0] == back_last)]
        if routes:
            return list(slots) + [Slot(((p, 1.0),), "", "typed") for p in routes[0]]
    if back_last is not None:
        return complete(slots, start_type, expected, max_len)  # no other way there: the walk settles it
    return list(slots)


# ---- the parser --------------------------------------------------------------------------------------------
# Chat shorthand for function words, spelled out before the question is read, so that "w/" never joins a name.
_SHORTHAND_WORDS = {"w/o": "without", "w/": "with", "b/c": "because", "b/w": "between"}
_SHORTHAND = re.compile(r"(?i)(?<![\w/])(?:w/o|b/c|b/w|w/)(?![\w/])")


def parse_question(text: str, vocab: Vocabulary | None = None, embedder: Embedder | None = None) -> ParsedQuestion:
    """Read a question: anchor mentions, the relation chain (anchor outward) and the expected answer type."""
    parsed = _parse(text, vocab, embedder, describe=False)
    assert parsed is not None
    return parsed


def parse_descriptive(text: str, vocab: Vocabulary | None = None, embedder: Embedder | None = None
                      ) -> ParsedQuestion | None:
    """The second reading of a question that names its subject by a description ("the service logging how chilly
    our fridges get, who owns it?", "who's running the project to redo how new customers get set up?"): the whole
    descriptive phrase is one mention, and the relation and question words inside it ("how", "reads from") describe
    the thing instead of asking. None when the question holds no such phrase."""
    return _parse(text, vocab, embedder, describe=True)


def _parse(text: str, vocab: Vocabulary | None, embedder: Embedder | None, describe: bool) -> ParsedQuestion | None:
    text = text[:2000]  # a question longer than this is not a question; keep the work bounded
    text = _SHORTHAND.sub(lambda m: _SHORTHAND_WORDS[m.group(0).casefold()], text)  # "who deals w/ triton?"
    text = restore_names(text)  # "what country is tomasz in?": a name typed in lower case is still a name
    toks = tokenize(text)
    mentions = _mark_names(text, toks, vocab)
    # before any word is read as a cue or a type noun: "payout_worker" holds no "worker", "crew-dispatch-api" no
    # "crew"
    mentions += _code_names(text, toks) + _acronym_names(text, toks)
    _read_abbreviations(text, toks)
    if describe:
        span = _descriptive_span(text, toks)
        if span is None:
            return None
        for t in toks[span[0] : span[1]]:
            t.role = "desc"
        mentions = [m for m in mentions if not (span[0] <= m[0] < span[1])] + [(span[0], span[1], "residual")]
    explicit, admissible, type_at = _expected_type(toks, text)
    framed = False  # the question's frame alone says what is asked ("where are we with X?")
    if type_at is not None and text[toks[type_at].end : toks[type_at].end + 1] == "-":
        _mark_posture(toks)  # "where's X sitting priority-wise": the verb only frames the asked attribute
    elif _where_at(toks):
        # "where's X at?", "where are we at with X?": how far along it is, not a place
        explicit, admissible = "status", ("status",)
        _mark_posture(toks)
        framed = True
    _mark_decisions(toks)
    if type_at is not None and toks[type_at].role == "":
        # "What priority is X?": the noun names the answer's type; the walk reaches it by the typed edge, so it
        # is not read a second time as a relation.
        toks[type_at].role = "typenoun"
    contact = _mark_contact(text, toks)
    contact_at = {sl.position for sl in contact}
    slots = _mark_needs_without(text, toks) + contact
    _mark_modals(toks)
    slots += _mark_relations(text, toks)
    mentions += _mark_unknown_names(text, toks, vocab)
    slots += _mark_gapped(text, toks)
    if explicit is None and not admissible:
        slots += _mark_tool_question(toks)
    mentions += _mark_words(toks, vocab)
    slots = _drop_modifiers(toks, slots)
    nicknames = _possessive_names(text, toks)
    mentions += nicknames
    slots += _possessive_types(text, toks)
    if explicit is None and not admissible and len(toks) >= 2 and toks[-2].possessive and toks[-1].role == "rel" and (
            toks[-1].stem in TYPE_NOUNS) and (toks[-2].role == "rel" or any(m[0] == len(toks) - 2 for m in nicknames)):
        # "kev's team?", "ordernet owner's team?": a terse question ending on a possessive's type noun asks for one
        explicit = TYPE_NOUNS[toks[-1].stem]
        admissible = (explicit,)
    _mark_frame(toks, text)
    cut = _trailing_purpose(text, toks)
    if cut is not None:
        mentions = [m for m in mentions if m[0] < cut]
        slots = [sl for sl in slots if sl.position < cut]
        for t in toks[cut:]:
            t.role = "time"
    mentions.sort()
    # Runs of nothing but a type noun ("the service X relies on", "The component X relies on: ...") name the
    # kind of thing in between two relations; they are not relation wordings.
    runs = [r for r in _residual_runs(text, toks) if _content_count(toks, *r)
            and not all(t.stem in TYPE_NOUNS or t.word in STOPWORDS for t in toks[r[0] : r[1]])]

    if not mentions and runs:
        # No known name: the residual noun phrase is the mention ("the analytics endpoint").
        a, b = sorted(runs, key=lambda r: (-_content_count(toks, *r), r[0]))[0]
        runs.remove((a, b))
        if not slots and not framed and embedder is not None and b - a >= 2:
            split = _split_relation(text, toks, a, b, embedder)
            if split is not None:
                (a, b), slot = split
                slots.append(slot)
        mentions.append((a, b, "residual"))
    if embedder is not None and mentions:
        if slots and runs:
            # leftover phrases beside the lexicon's ("Who keeps the lights on for the component X relies on?")
            phrases = [(_surface(text, toks, ra, rb), ra) for ra, rb in runs]
            for (phrase, pos), scores in zip(phrases, relation_similarity([p for p, _ in phrases], embedder)):
                slot = _semantic_slot(scores, phrase, pos, PHRASE_THRESHOLD)
                if slot is not None:
                    slots.append(slot)
        elif not slots and not framed:
            a, b, _ = mentions[0]
            masked = _masked(text if cut is None else text[: toks[cut - 1].end], toks, a, b)
            slot = _semantic_slot(relation_similarity([masked], embedder)[0], masked, b, QUESTION_THRESHOLD)
            if slot is not None:
                slots.append(slot)

    kinds = [_mention_types(text, toks, m, vocab) for m in mentions]
    values = [k for k in kinds if k is not None and k[1]]
    if explicit is None and not admissible and not slots and values and len(values) < len(mentions):
        # "is Halcyon still blocked?", "is Orion P1 or P2?": a yes/no question that names a value asks for the
        # anchor's current value of that kind
        kind = sorted(values[0][0])[0]
        explicit, admissible = kind, (kind,)
    # The anchor: the best non-value mention (a name before a name word before a residual phrase).
    anchor_rank = {"name": 0, "word": 1, "residual": 2}
    anchor_idx = sorted((k for k in range(len(mentions)) if not (kinds[k] and kinds[k][1])),
                        key=lambda k: (anchor_rank[mentions[k][2]], mentions[k][0]))
    start = kinds[anchor_idx[0]][0] if anchor_idx and kinds[anchor_idx[0]] else None
    if start is None and anchor_idx and mentions[anchor_idx[0]][2] != "residual":
        # "deano - what town is he in?": the pronoun says the name is a person's (not "the Casa Maré AM, ... she":
        # a role noun in between is whom the pronoun stands for)
        after = toks[mentions[anchor_idx[0]][1] :]
        said = next((k for k, t in enumerate(after) if t.word in _PERSONAL_PRONOUNS and t.role == ""), None)
        if said is not None and not any(t.role == "rel" or t.stem in TYPE_NOUNS and t.role != "typenoun"
                                        for t in after[:said]):
            start = frozenset({"person"})
    # Anchor outward: the relation nearest the anchor comes first; types then settle the order.
    anchor_pos, anchor_end = ((mentions[anchor_idx[0]][0], mentions[anchor_idx[0]][1]) if anchor_idx
                              else (mentions[0][0], mentions[0][1]) if mentions else (0, 0))

    def distance(slot: Slot) -> tuple[int, int]:
        d = anchor_pos - slot.position if slot.position < anchor_pos else slot.position - anchor_end
        return (d, slot.position)

    slots.sort(key=distance)
    if start is None:
        # whom to contact about a thing of unknown kind: a system's owner is the commonest answer (an account's
        # handler and a project's lead come first only where the anchor's type says so)
        slots = [Slot(tuple(sorted(sl.alternatives, key=lambda a: a[0] != "owned_by")), sl.phrase, sl.source,
                      sl.position) if sl.source == "lexicon" and sl.position in contact_at else sl for sl in slots]
    if start is not None and len(start) == 1 and slots:
        slots[0] = _coerced(slots[0], next(iter(start)))
    ordered, fits, end = _order(slots, admissible, start=start)
    described = bool(anchor_idx) and mentions[anchor_idx[0]][2] == "residual"
    off_schema = bool(slots) and start is not None and all(
        PREDICATES.get(s.alternatives[0][0], (None,))[0] not in start for s in slots)
    if (described and (not fits or not slots or off_schema) or not described and slots and not fits) and (
            start is not None and len(start) == 1 and admissible and all(s.source != "lexicon" for s in slots)):
        # a relation guessed by meaning alone that the anchor's type rules out ("who's on <the ... account>?"
        # read as owned_by): the one relation the schema has from that type to the asked one
        kind = next(iter(start))
        routes = {r for goal in admissible for r in type_routes(kind, goal, 1) if r and PREDICATES[r[0]][0] == kind}
        if not routes:
            # none in one step: the one canonical route of two ("what country is tomasz in?" read as deployed_in:
            # a person is in a country by the office they work in)
            routes = {r for goal in admissible for r in type_routes(kind, goal, 2)
                      if r and all(PREDICATES[p][0] == PREDICATES[q][1] for q, p in zip(r, r[1:]))
                      and PREDICATES[r[0]][0] == kind}
        if len(routes) == 1:
            slots = [Slot(((next(iter(routes))[0], 1.0),), "", "schema")]
            ordered, fits, end = _order(slots, admissible, start=start)
    if not fits and start is not None:
        # the anchor's type as the graph knows it fits no reading: read the words without it
        ordered, fits, end = _order(slots, admissible)
    if not fits and explicit is None and admissible:
        # "Where does the Horizon project stand?": "where" suggested a place, but the words say status
        admissible = ()
        ordered, fits, end = _order(slots, admissible)
    implied = explicit
    if implied is None and ordered and end is not None:
        if end != "entity" and (not admissible or end in admissible):
            implied = end
    if fits and ordered and end is not None:
        # the last hop was read against its edge when the chain ends on its subject's type, not its object's
        back = ordered[-1].best if end != _obj(ordered[-1].best) else None
        chain = list(ordered) + complete([], end, admissible, MAX_CHAIN - len(ordered), back_last=back)
    else:
        chain = complete(ordered, None, admissible)
    # Mentions: names before bare name words before residual phrases.
    rank = {"name": 0, "word": 1, "residual": 2}
    mentions.sort(key=lambda m: (rank[m[2]], m[0]))
    return ParsedQuestion(
        mentions=[_surface(text, toks, a, b) for a, b, _ in mentions],
        relations=[s.best for s in chain],
        relation_scores=[round(s.score, 4) for s in chain],
        expected_type=implied,
        mention_steps=[kind for _, _, kind in mentions],
        slots=chain,
        expected_types=admissible,
    )


def _split_relation(text: str, toks: list[_Tok], a: int, b: int, embedder: Embedder
                    ) -> tuple[tuple[int, int], Slot] | None:
    """Split a run like "the analytics endpoint lean on" into a mention and an unseen relation wording (a prefix
    or suffix of up to 4 words): each candidate mention is masked as "it", and the masked question must come
    near a prototype question."""
    options: list[tuple[int, int]] = []
    for k in range(1, min(4, b - a - 1) + 1):
        for m in ((a, b - k), (a + k, b)):  # the relation at the end, or at the start
            ma, mb = m
            while ma < mb and toks[ma].word in STOPWORDS and toks[ma].word not in _DETERMINERS:
                ma += 1
            while mb > ma and toks[mb - 1].word in STOPWORDS:
                mb -= 1
            rel = (mb, b) if m[0] == a else (a, ma)
            if text[toks[mb - 1].end : toks[mb].start] == "-" if mb < len(toks) and mb > ma else False:
                continue  # "river-power": a cut inside a hyphenated word splits a word, not a phrase
            if toks[rel[0]].word in _DETERMINERS:
                continue  # "the usage ...": a determiner opens a noun phrase, not a relation wording
            if all(t.stem in TYPE_NOUNS or t.word in STOPWORDS for t in toks[rel[0] : rel[1]]):
                continue  # "the Prague office": a head noun, not a relation wording
            if ma < mb and _content_count(toks, ma, mb) and _content_count(toks, *rel) and (ma, mb) not in options:
                options.append((ma, mb))
    if not options:
        return None
    masked = [_masked(text, toks, ma, mb) for ma, mb in options]
    # The shortest relation wording that reads as a known relation wins: noun phrases run long, and a longer
    # "relation" would eat into the mention.
    for idx, scores in enumerate(relation_similarity(masked, embedder)):
        slot = _semantic_slot(scores, masked[idx], options[idx][1], QUESTION_THRESHOLD)
        if slot is not None:
            return options[idx], slot
    return None
