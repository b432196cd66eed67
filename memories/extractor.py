"""Text to facts without an LLM: a deterministic rule-based extractor that turns a chat message into triples in
the canonical vocabulary (scenarios.models.PREDICATES), entity descriptions (`described_as`, from relative
clauses and appositions) and update signals.

How a sentence is read: find the entity mentions (memories.mentions), set aside relative clauses and appositions
(descriptions, or facts about their antecedent), read value cues ("priority", "deadline", "renews", "plan") with
the value next to them, then relation cues from the lexicon (memories.cues) with the nearest mentions whose types
fit on either side. When the lexicon finds nothing between two mentions and an embedder is given, the phrase
between them is compared with per-relation prototype phrases, so wordings nobody listed can still match.
Questions, negated and hedged statements yield no facts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace

import numpy as np
from pydantic import BaseModel, Field

from memories.cues import (
    CLAUSE_HEDGES,
    COORDINATORS,
    CUE_FIRST_WORDS,
    HEDGES,
    KIND_PAIR_BLOCKERS,
    KIND_PAIR_CONDITIONS,
    KIND_PAIR_FROM,
    KIND_PAIR_FILLERS,
    KIND_PAIRS,
    KIND_VALUES,
    NEGATIONS,
    PROTOTYPES,
    RELATION_CUES,
    TOOL_QUESTION_NOUNS,
    TOOL_QUESTION_OTHER_ANSWERS,
    TOOL_QUESTION_VERBS,
    TOOL_REPLY_HOSTS,
    TOOL_REPLY_ROLES,
    UPDATE_PHRASES,
    UPDATE_WORDS,
    VALUE_CUES,
    Cue,
    Option,
    ValueCue,
)
from memories.embedder import Embedder
from memories.entities import clean_name, name_key
from memories.dictionary import is_common_word
from memories.person_names import fold, handle_fits, is_given_name
from memories.places import city_of_office, is_place, names_a_place
from memories.mentions import (
    ANY_TYPE,
    ARROWS,
    CHAT_FILLERS,
    CHAT_WORDS,
    HEAD_TYPES,
    MAX_MESSAGE_CHARS,
    OFFICE,
    PLACE_TYPES,
    REGION,
    PERSON,
    PLAN_TIERS,
    PRIORITY_WORDS,
    WEEKDAYS,
    MONTHS,
    KnownNames,
    Mention,
    PronounMemory,
    Token,
    Value,
    find_dates,
    find_mentions,
    find_months,
    find_priorities,
    arrow_between,
    find_statuses,
    full_name_shape,
    is_question,
    names_building,
    pronoun_mention,
    person_shape,
    rare_word,
    reads_as_given_name,
    sentences,
    span_text,
    speaker_name,
)
from memories.text import STOPWORDS
from memories.truecase import restore_names
from scenarios.models import MULTI_VALUED, PREDICATES

DESCRIBED_AS = "described_as"
_VALUE_TYPES = frozenset({"priority", "month", "date", "status", "plan", "description"})
_ENTITY_OBJECTS = frozenset(p for p, (_, o) in PREDICATES.items() if o not in _VALUE_TYPES)
# the relations whose value a thing has and a person never does: deadline, renews_in, plan, priority, status
_THINGS_VALUES = frozenset(p for p, (_, o) in PREDICATES.items() if o in _VALUE_TYPES and p != DESCRIBED_AS)


class ExtractedFact(BaseModel):
    subject: str
    predicate: str
    object: str
    update: bool = False  # the sentence says a value replaced an earlier one ("now", "moved to", "no longer")
    score: float = 1.0  # 1.0 for a lexicon match, the cosine for a prototype match
    span: str = ""  # the clause it came from


class Extraction(BaseModel):
    facts: list[ExtractedFact] = Field(default_factory=list)
    mentions: list[str] = Field(default_factory=list)  # entities named (not pronouns), in first mention order
    unmatched: list[str] = Field(default_factory=list)  # statements that named entities but yielded no fact
    # (known name, spelling in this message, score): a known entity written another way ("Feature Store" for
    # FeatureStore), matched through its normalised name; the graph may keep the spelling as an alias
    aliases: list[tuple[str, str, float]] = Field(default_factory=list)


# Channel names hint at what an untyped entity is, as a tie-breaker only ("#accounts": "Acme" is an account).
_CHANNEL_HINTS = (("infra", "component"), ("account", "account"), ("adhoc", "project"), ("project", "project"))
_LABEL_UPDATES = frozenset({"update", "updated", "correction", "change", "changes", "edit", "reassignment", "fix"})
_RELATIVE = frozenset({"which", "who", "whose"})  # not "that": ", that ..." after a name is a new clause
_APPOSITION_START = frozenset({"our", "the", "a", "an", "its", "their", "my", "his", "her", "your"})
_NOT_IN_NOUN_PHRASE = frozenset(
    "is are was were 's has have had will can do does did looks look seems seem went got go goes said says "
    "thinks think know knows".split()
) | NEGATIONS
_DESCRIPTION_LEAD = frozenset({"is", "'s", "are", "was", "were", "a", "an", "the", "our", "their", "its", "basically"})
# Value nouns that "our" gives to the thing a channel is discussing ("our deadline slipped"); not "plan", which
# is as often an intention ("our plan is to ship Friday").
_OUR_VALUE_NOUNS = frozenset("deadline deadline's eta launch due renewal renewal's priority status".split())
# Words that order items in a rundown ("Lantern first:", "Pebblefox next:"), said between a name and its colon.
_RUNDOWN_WORDS = frozenset("first next then last finally second third now again".split())
_LABEL_OPENERS = frozenset("and but so also plus then though btw fyi no yes not".split())
# value nouns that open a subjectless part after a name label: "Oakhurst: renewal's in May, priority high"
_LABEL_VALUE_NOUNS = frozenset("renewal renewals renewal's deadline deadline's priority prio status plan tier due "
                               "owner owner's lead am".split())
# where a clause ends: a contrast, a dash, or a reason ("i'm leading, using jenkins bc nobody let me kill it": the
# "it" of the reason is no object of "leading")
_CLAUSE_SPLIT = frozenset({"but", "whereas", "however", "although", "though", ";", "-", "–", "—", "because", "bc",
                           "cuz", "coz"})
_PLAN_SKIP = frozenset({"is", "was", "'s", ":", "-", "=", "now", "currently", "to", "the", "set", "changed", "moved"})
_RANK_PENALTY = 1.5  # per mention skipped between the cue and a candidate: nearness outweighs a better type fit
_SYSTEM_LINKS = frozenset({"depends_on", "uses"})
_PERSONAL_STATES = frozenset({"done", "finished", "complete", "completed", "blocked", "delayed", "paused", "stalled"})
# Words that may follow the answer in a short reply: "Rasmus Lind iirc", "eu-west-1 tho".
_REPLY_TAILS = frozenset({"iirc", "afaik", "afaict", "tho", "though", "still", "now", "today", "currently", "fyi",
                          "btw", "yeah", "yep", "lol", "atm", "rn", "fwiw", "imo", "imho", "tbh", "ftr"})
# Words a reply may open with before its answer: "yeah, that's Ifeoma now", "just eu-west-1".
_REPLY_OPENERS = frozenset({"yes", "yeah", "yep", "yup", "nope", "no", "just", "that", "it", "'s", "that's", "it's",
                            "thats", "its", "prob", "probably", "still", "oh", "ah", "ok", "so", "i", "think", ",",
                            "pretty", "sure", "only", "currently", "now", "mostly", "def", "definitely", "-", ":"})
_NOT_PLAN_WORDS = frozenset({"yeah", "yes", "yep", "still", "the", "they", "it", "i", "we", "iirc", "fyi", "plan",
                             # a reply of thanks or assent names no plan ("Thanks!", "Noted.")
                             "thanks", "thank", "thx", "ty", "ok", "okay", "sure", "noted", "cool", "nice", "great",
                             "cheers", "lol", "np", "perfect", "awesome", "done", "agreed"})
_CODE_PRIORITY = re.compile(r"^(?:p[0-4]|sev[0-4])$")
# (and the habitual ones, "Kai is mostly at the Waltershof office", which say where someone works, not a visit)
_CUE_ADVERBS = frozenset("now currently still also officially actually already technically mostly usually normally "
                         "mainly generally primarily".split())
_BE_WORDS = frozenset({"is", "'s", "are", "was", "were", "be", "been", "being"})
# Verbs that can carry a project to a status: "is on track", "has been put on hold", "got cancelled", "went live".
_STATUS_VERBS = frozenset({"is", "'s", "are", "was", "remains", "stays", "got", "gets", "went", "goes", "has", "have",
                           "had", "been", "be", "put", "officially"})
_STATUS_VERB_HEADS = frozenset({"is", "'s", "are", "was", "remains", "stays", "got", "gets", "went", "goes", "has",
                                "have", "had"})
_MOTION_VERBS = frozenset({"went", "goes"})
# Statuses a project reaches as a verb of its own, with no copula: "Atlas shipped.", "Atlas stalled last week".
_VERB_STATUSES = frozenset({"shipped", "launched", "stalled", "paused", "completed", "finished", "cancelled",
                            "canceled", "slipping"})
_READY_SUFFIXES = ("-ready", "-complete")
_INTENT_WORDS = frozenset("want wants wanted wanting asked asking considering thinking planning hoping talking "
                          "about".split())
# "X won't boot if Mossgrid is unreachable": the other system being gone
_FAILING_VERBS = frozenset({"is", "'s", "are", "goes", "go", "went", "gets", "was"})
_FAILING_STATES = frozenset("down unreachable unavailable offline missing gone dead broken unhealthy".split())
# A further tool in a list of tools: "and Playwright for the tests", "with Grafana on top", "plus dbt as ..."
_TOOL_JOINERS = frozenset({"and", "with", "plus", ","})
_TOOL_ROLES = frozenset({"for", "as", "on", "to", "under", "in"})
_NEW_STATEMENT = frozenset({"and", "but", "so", "while", "because"})
# Words a bare question may hold besides its one relation word: "and the deadline?", "status now?"
_BARE_QUESTION_FILLERS = frozenset("and so the its their current now again then currently".split())
_POSSESSIVES = frozenset({"their", "its", "his", "her"})
_FIRST_PERSON_WORDS = frozenset({"i", "we", "you", "me", "us", "i'm", "we're", "you're"})
_SUBJECT_PRONOUNS = frozenset({"it", "he", "she", "they", "we", "i", "you", "that", "this", "it's", "that's"})
_NOMINAL_COPULAS = frozenset({"is", "'s", "="})
# verbs that say how a thing is doing or what happens to it, not what it does: "Atlas needs more testing"
_NOT_ROLE_VERBS = frozenset(
    "needs seems looks sounds feels keeps gets has goes comes wants breaks fails crashes times throws hits "
    "misses lacks belongs means matters changes moves switches depends remains stays happens starts stops ends "
    "loses returns takes makes shows says asks lives sits".split()
)
# what follows a verb of something happening ("spiked around 2am", "failed overnight"), never a verb's object
_AFTER_EVENT = frozenset("around after before during overnight again today yesterday earlier twice since until".split())
_OBJECT_DETERMINERS = frozenset({"the", "a", "an", "all", "every", "each", "our", "their", "its", "any"})
_PLACE_PREPOSITIONS = frozenset({"to", "from", "into", "in", "on", "onto", "via", "through", "with", "by", "at", "off"})
_NOMINAL_DETERMINERS = frozenset({"the", "our", "a", "an", "their", "its"})
_DESCRIPTION_ADVERBS = frozenset("basically essentially simply just really actually mostly mainly only".split())
# Words before a statement's subject that are not a lead-in like "for context" or "fyi": verbs and copulas.
_NOT_BEFORE_SUBJECT = frozenset({"is", "are", "was", "were", "'s", "if", "when", "think", "thought", "says", "said"})
# Words that make "X is a ..." a judgement, a person's role or a value, not what X is.
_NOT_DESCRIPTIVE = frozenset(
    """
    bit little lot mess pain nightmare joke problem problems issue issues culprit bottleneck blocker disaster
    headache worst best same reason fault risk concern question favourite favorite fan priority plan deadline
    status tier owner owners lead leads manager pm rep contact engineer developer designer intern contractor
    analyst person guy gal member colleague teammate one only
    """.split()
)
_STATEMENT_BREAKS = frozenset({",", ";", "-", "–", "—", "("})
# Words of a time adverbial after a stated status: "in review right now", "back in progress as of this morning".
_TIME_WORDS = frozenset("right as of this that at the moment morning afternoon evening for again since "
                        "effective immediately".split())
_ASIDE_WORDS = frozenset("btw fyi fwiw tbh lol sadly unfortunately".split())  # "X is blocked btw": a chat aside
_REASON_WORDS = frozenset({"of", "on", "by", "waiting", "because", "due", "since", "until", "pending", "behind"})
_WEAK_TEXTS = frozenset({"green", "amber", "yellow", "red", "live", "planning", "scoping"})
_PRESENT_COPULAS = frozenset({"is", "'s", "are", "remains", "stays"})
_COPULAS = frozenset({"is", "'s", "are", "was", "remains", "stays"})
_STATUS_ADVERBS = frozenset({"now", "currently", "still", "officially", "formally", "back", "already", "also", "finally",
                             "fully"})
# Subjects a relation also takes beyond its canonical type: a tool has an owner as a component does ("Jonas
# owns Asana"), and a customer is located in a region as an office is ("Acme is based in EMEA").
_SUBJECT_TYPES = {"owned_by": ("component", "tool"), "located_in": ("office", "account")}
# Objects a relation also takes beyond its canonical type: a team owns a service as a person does ("search-svc is
# owned by Team Atlas"), when a cue says so.
_OBJECT_TYPES = {"owned_by": (PERSON, "team")}
_POSSESSIVES = frozenset({"my", "his", "her", "their", "its"})
_SKIP_DETERMINERS = frozenset({"the", "a", "an", "our", "their", "its", "his", "her", "my", "your"})
_SINGLE_TYPE = {kind: frozenset({kind}) for kind in ANY_TYPE}
_MAX_COMMON_WORDS = 50_000
_MAX_SPEAKERS = 1_000
MAX_EMBEDDED_PHRASES = 6  # per message: bounds the cost of the prototype path
# Cosine a relation phrase needs with a prototype (all-MiniLM-L6-v2 scale). Measured on hand-written phrasings:
# near-synonyms ("is tracked with", "calls into") score above it; chatter between two names ("said", "for fixing",
# "is reviewing the") stays below it. Idioms ("keeps X alive") stay below it too: a documented miss.
DEFAULT_THRESHOLD = 0.58
# The hashing test embedder measures shared letters, not meaning: a typo of a cue scores about 0.7, chatter
# up to about 0.64, so it needs a higher bar. Other embedders get a middle value.
_THRESHOLDS = {"all-MiniLM-L6-v2": DEFAULT_THRESHOLD, "hash": 0.7}


def default_threshold(embedder: Embedder | None) -> float:
    return _THRESHOLDS.get(getattr(embedder, "name", ""), 0.6)


@dataclass
class _Found:
    subject: str
    predicate: str
    object: str
    update: bool
    score: float


class RuleExtractor:
    """Reads messages into facts. Keeps, per instance, what earlier facts said about entity types and, per
    channel, what pronouns refer to; `reset()` forgets both."""

    def __init__(self, embedder: Embedder | None = None, *, threshold: float | None = None) -> None:
        self.embedder = embedder
        self.threshold = default_threshold(embedder) if threshold is None else threshold
        self._pronouns = PronounMemory()
        self._types: dict[str, str] = {}  # name_key -> the entity type an earlier fact established
        self._known: tuple[tuple[str, ...], KnownNames] = ((), KnownNames())
        self._common: set[str] = set()  # words seen in lowercase: not names when they open a sentence
        self._speakers: set[str] = set()  # parts of the speakers' handles ("priya" from "priya.k"): people
        # multi-word names written so far, fact or not: "Sofia" later means "Sofia Marchetti" even when the
        # message that named her in full yielded nothing
        self._named: list[str] = []
        # lowercase made-up words seen standing where an entity stands ("also triagebot calls idproof"): names of
        # systems from then on, wherever they appear
        self._coined: list[str] = []
        # per channel, a question still waiting for its answer: (subject, predicate, messages left to answer it)
        self._asked: dict[str, tuple[str, str, int]] = {}
        # per channel, the fact a yes/no question stated, for a "yes" in a reply to confirm
        self._proposed: dict[str, ExtractedFact] = {}
        # per channel, "X is yours isn't it?": (X, the owner predicate, who asked, messages left for a "yes")
        self._yours: dict[str, tuple[str, str, str, int]] = {}
        # per channel, "which accts am I getting": (who asked, messages left for a reply naming them)
        self._getting: dict[str, tuple[str, int]] = {}
        self._topic: dict[str, str] = {}  # per channel, the subject of the latest fact stated there
        # per channel, the latest topic known to be a project: a side question naming a system ("and the images
        # still go to Orthanc?") moves the topic, but "deadline?" after it still asks about the project
        self._project_topic: dict[str, str] = {}
        self._topic_before: str | None = None  # the channel's topic as the message being read found it
        # per channel, the people of its topic: who turned the talk to it, who said something of it, and who it is
        # said to be led, owned or handled by (first words, casefolded: "priya" is Priya Shah)
        self._topic_people: dict[str, set[str]] = {}
        # per channel, replies left to a question asking everyone where they work ("where are you all based?")
        self._everyone_asked: dict[str, int] = {}
        # per channel, a question to one reader about where they work ("ur still galway?"): (who asked, messages
        # left for the reply)
        self._you_asked: dict[str, tuple[str, int]] = {}
        # offices the chat has said people work in ("Marlow House"): later "marlow house = ashcombe" places them
        self._offices: list[str] = []
        # per channel, replies left to a question asking everyone which team they are in ("which team are you all in")
        self._teams_asked: dict[str, int] = {}
        # per channel, the columns a message announced for rows ("project / lead / status", "acct | AM | plan"):
        # (separator kind, columns, what the subject column says the rows are about)
        self._columns: dict[str, tuple[str | None, tuple[str | None, ...], str | None]] = {}
        # per message: how many lines share each row shape, and what each field of a list's lines turned out to be
        self._shapes: dict[tuple[str, int], int] = {}
        self._list_columns: dict[tuple[str, int], dict[int, str | None]] = {}
        self._row_head = 0  # where the latest row's own label ends ("Acme (lead: Ida):" before its fields)
        self._spelled_teams: set[str] = set()  # per message: teams found by their lowercase words ("platform team")
        self._protos: np.ndarray | None = None
        self._proto_families: list[int] = []

    def reset(self) -> None:
        self._pronouns.reset()
        self._types.clear()
        self._common.clear()
        self._speakers.clear()
        self._named.clear()
        self._coined.clear()
        self._asked.clear()
        self._proposed.clear()
        self._yours.clear()
        self._getting.clear()
        self._topic.clear()
        self._topic_people.clear()
        self._project_topic.clear()
        self._columns.clear()
        self._everyone_asked.clear()
        self._you_asked.clear()
        self._offices.clear()
        self._teams_asked.clear()

    # --- public ---------------------------------------------------------------------------------------------

    def extract(
        self,
        text: str,
        *,
        channel: str | None = None,
        known_entities: Sequence[str] = (),
        speaker: str | None = None,
    ) -> Extraction:
        if not isinstance(text, str):
            text = str(text)
        if speaker and len(self._speakers) < _MAX_SPEAKERS:
            self._speakers.update(p for p in re.split(r"[\W_]+", str(speaker).casefold()) if len(p) >= 3)
        named = speaker_name(speaker) if speaker else None
        if named and named != speaker and is_given_name(named.split()[0]):
            speaker = named  # "nils.hovland" is Nils Hovland ("dec_oc" stays a handle, "agent_b" a role)
        typed = text
        # "omar haddad afaik": names typed in lower case (only in the part of a message that is read)
        text = restore_names(text[:MAX_MESSAGE_CHARS], self._speakers) + text[MAX_MESSAGE_CHARS:]
        self._spelled_teams.clear()
        self._coin(text)
        self._scan_rows(text)
        known = self._known_names([*known_entities, *self._named, *self._coined])
        prior = _channel_hint(channel)
        self._topic_before = self._topic.get(channel or "")
        state = _MessageState(budget=MAX_EMBEDDED_PHRASES)
        facts: list[ExtractedFact] = []
        seen_facts: set[tuple[str, str, str]] = set()
        mentions_out: list[str] = []
        seen_mentions: set[str] = set()
        unmatched: list[str] = []
        aliases: list[tuple[str, str, float]] = []
        message_update = False
        asked: tuple[str, str] | None = None  # what this message asks, if it asks one thing about one entity
        proposed: list[ExtractedFact] = []  # what a yes/no question states for a reply to confirm ("Sahar = Mumbai?")

        def add(found: Sequence[_Found], span: str) -> None:
            for f in found:
                if (f.subject, f.predicate, f.object) not in seen_facts:
                    seen_facts.add((f.subject, f.predicate, f.object))
                    facts.append(ExtractedFact(subject=f.subject, predicate=f.predicate, object=f.object,
                                               update=f.update, score=round(f.score, 4), span=span))

        later_pairs: list[ExtractedFact] = []  # read from two names' kinds after the message's first sentence
        reported: list[ExtractedFact] = []  # what a record wrongly says ("it still says I lead X"), to be corrected
        carried: list[Token] | None = None  # the name an earlier sentence of this message was about
        opened: str | None = None  # a known project a sentence of this message opened on ("Osprey is on Kafka")
        said = sentences(text)
        last = len(said) - 1
        tagged_from: int | None = None  # where the facts of a statement with a question tagged on begin
        # "halo P1. ordernet P1. poctlink P2", "scanwell = enterprise, cardioview = standard": codes or tiers given
        # one after another rank the names before them
        rundown = sum(t.low in PLAN_TIERS or bool(_CODE_PRIORITY.match(t.low)) for s in said for t in s) >= 2
        for index, sentence in enumerate(said):
            sentence, short_names = _short_names(_with_plus(_unbulleted(sentence, text), text))
            sentence = _untagged(_noun_arrows(sentence, text))
            for name, short in short_names:
                if (name, short, 1.0) not in aliases:
                    aliases.append((name, short, 1.0))
            sentence_start = len(facts)
            label_subject: Mention | None = None  # the thing a leading "booking-api:" names
            question = is_question(sentence)
            asks = question  # (before a tag cut: "X is yours, right?" still asks the one addressed)
            if question and (blank := _blank_cell_cut(sentence, text)) is not sentence:
                sentence, question = blank, False  # "Tern – lead Bea Lund – due 14 May – ?": a row to fill in
            if question:
                cut = _tag_cut(sentence)
                if cut:
                    # "X calls Y for checks, did we rule that out?", "Z is the lead, yes?": a statement with a
                    # question tagged on states what it asks to be confirmed
                    sentence, question = sentence[:cut], False
                    tagged_from = len(facts)
            label_end, label_update = _label(sentence)
            topic_names: list[str] = []
            if label_update and index == 0:
                message_update = True
            body = sentence[label_end:]
            if label_end > 1:
                # "Tern update: it's now blocked", "Lowmoor Logistics: Carmen handles them": a name in the label
                # is what the statement's pronouns stand for
                topic = find_mentions(sentence[: label_end - 1], text, known=known, learned=self._learned,
                                      resolve_pronoun=lambda kind, so_far: None, common=self._common)
                self._pronouns.observe(channel, [m for m in topic if not m.pronoun], self._is_person,
                                       self._could_be_thing)
                topic_names = [m.name for m in topic if not m.pronoun and not self._is_person(m)]
                # "Project Lantern first: ...", "Pebblefox Games next: ...": a word ordering the rundown after
                # the name still leaves the name alone as the label
                if not label_update and len(topic) == 1 and self._named_thing(topic[0]) and topic[0].start == 0 and (
                        all(t.low in _RUNDOWN_WORDS for t in sentence[topic[0].end : label_end - 1])):
                    body = self._label_subject(sentence[: topic[0].end], body, text, known)
                    label_subject = topic[0]
            if carried is not None and label_end <= 1 and body and self._subjectless(
                    _first_part(body), text, known):
                # "ArcadeOne is the catalogue one. Catalogue Premium plan, renews in March.": a sentence opening on
                # a value, with no name of its own, goes on about the thing the message was about
                body = self._label_subject(carried, body, text, known)
            if label_subject is not None:
                carried = sentence[label_subject.start : label_subject.end]
            if not question and (kept := _without_denied(body)) is not body:
                # "it's P2 not P1", "Sofia not Rui": the value denied is no fact, and the one kept corrects
                body, label_update = kept, True
            mentions = find_mentions(
                body, text, known=known, learned=self._learned,
                resolve_pronoun=lambda kind, so_far: self._antecedent(channel, kind, so_far, body), speaker=speaker,
                common=self._common,
            )
            for m in mentions:
                # "Kallo office -> Antwerp" later (or in this message): an office named by its head noun is one
                if m.explicit and not m.pronoun and m.types == _SINGLE_TYPE["office"]:
                    self._remember_office(m.name)
            if label_subject is None and mentions and mentions[0].start == 0 and not mentions[0].pronoun and (
                    mentions[0].end < len(body) and body[mentions[0].end].low in _COPULAS) and (
                    self._named_thing(mentions[0]) or prior is not None and not self._surely_person(mentions[0])):
                # "ArcadeOne is ...": the sentence is about the name opening it (a bare word in a channel about
                # accounts or projects, "Tidewell is the bundle one", may be one too)
                carried = body[: mentions[0].end]
            if opened is None and mentions and mentions[0].start == 0 and not mentions[0].pronoun and (
                    mentions[0].end < len(body) and body[mentions[0].end].low in _COPULAS) and (
                    self._learned(mentions[0].name) == "project"):
                opened = mentions[0].name
            mentions = self._cell_mentions(body, text, mentions, lambda cell: find_mentions(
                cell, text, known=known, learned=self._learned,
                resolve_pronoun=lambda kind, so_far: self._antecedent(channel, kind, so_far, body), speaker=speaker,
                common=self._common))
            mentions = self._lowercase_mentions(body, text, mentions, known)
            mentions = self._our_values(body, mentions, channel)
            # "NOT me lol": a word shouted in capitals is no name
            mentions = [m for m in mentions if m.pronoun or m.name.lower() not in NEGATIONS]
            if channel and name_key(channel) in _GENERAL_CHANNELS:
                # "hiii ad-hoc, friendly reminder ... it's led by Zainab": a channel for everything, greeted by its
                # name, is nothing the talk is about, nor what a later "it" stands for
                mentions = [m for m in mentions if m.pronoun or name_key(m.name) != name_key(channel)]
            if len(self._common) < _MAX_COMMON_WORDS:
                self._common.update(t.low for t in body[1:] if t.text.isalpha() and t.text.islower())
            body_lows = [t.low for t in body]  # (read by several checks below; body stays as it is until them)
            self._learn_people(body_lows, mentions)
            for m in mentions:
                if m.pronoun:
                    continue  # "it", "she", "I": the entity was named elsewhere
                if m.name not in seen_mentions:
                    seen_mentions.add(m.name)
                    mentions_out.append(m.name)
                    # (regions stay out: "a South Asia customer" must still read as a region before a noun)
                    if " " in m.name and m.name not in self._named and len(self._named) < _MAX_SPEAKERS and (
                            m.types != _SINGLE_TYPE[REGION]):
                        self._named.append(m.name)
                if m.surface and (m.name, m.surface, 1.0) not in aliases:
                    aliases.append((m.name, m.surface, 1.0))
                nickname = _also_known_as(body, text, m)
                if nickname is not None and (m.name, nickname, 1.0) not in aliases:
                    aliases.append((m.name, nickname, 1.0))  # "Jonah Kaplan aka JK": JK is Jonah Kaplan
            lone = [m for m in mentions if not m.pronoun and m.types != _SINGLE_TYPE[REGION]]
            if label_end > 1 and topic_names:
                self._topic[channel or ""] = topic_names[0]
            elif len(lone) == 1 and len(mentions) == 1 and len([t for t in body if t.is_word]) <= 4 and not (
                    self._is_person(lone[0])) and not (self._learned(lone[0].name) == "tool" and (
                    channel or "") in self._topic):  # "Linear! fancy": a tool exclaimed over, the topic stays
                self._topic[channel or ""] = lone[0].name  # "different thing: rider-app v3. status?"
            if (question or label_end > 1 and is_question(body) or _where_are_you(body_lows)) and (
                    _asks_everyone_where(body_lows)) or _requests_offices(body_lows):
                # ("offsite logistics: where's everyone based again": the label leaves the question after it)
                # "where are you all based?": each of the next few replies may say where its writer works
                self._everyone_asked[channel or ""] = 5
            elif asks and speaker and _asks_you_where(body_lows):
                # "ur still galway?", "dafydd which clinic r u": one reader is asked where they work, and the next
                # reply or two, by someone else, may say it
                self._you_asked[channel or ""] = (speaker, 3)
            if _asks_everyone_team(body_lows, question):
                # "which team are you all in btw", "teams for the attendee list": the next replies name teams
                self._teams_asked[channel or ""] = 7  # (this message, the asking one, counts as the first)
            if asks and index == last:
                self._ask_yours(body, mentions, channel, prior, speaker)
            if index == last and prior == "account" and speaker and _asks_my_accounts(
                    body_lows):
                # ("ok dumb q #1 — which accts am I getting": a question by its words, with no mark and not first)
                self._getting[channel or ""] = (speaker, 3)  # (the question itself counts one)
            if question and asked is None:
                asked = self._question_asked(*self._unaddressed(body, mentions), text, prior=prior, channel=channel)
                if asked is not None:
                    self._topic[channel or ""] = asked[0]
            proposing = question and asked is None and not proposed and _yes_no(body)
            if proposing:
                # "Sahar = Mumbai?", "Vasquez - still on Customs Plus?": read as the statement it asks to confirm;
                # its facts wait for a "yes" (or a value) in a reply instead of being stated now
                question = False
            proposal_start = len(facts)
            if not question and not proposing and len(self._columns) < _MAX_SPEAKERS and self._header(body, text, channel):
                continue  # "Format: project / lead / status / date": the columns of the rows to come
            # (under a header a row may hold no name the mention finder knows: "acme co | jo | gold | may")
            if (mentions or (channel or "") in self._columns) and not question:
                row = self._row(body, text, mentions, channel, prior)
                if not row:
                    # "ok Stormglass Studios → Saoirse Gallagher, done.": a lone arrow hands a thing to a person
                    row = self._arrow_assignment(body, text, mentions, channel, prior)
                for f in row:
                    key = (f.subject, f.predicate, f.object)
                    if key not in seen_facts:
                        seen_facts.add(key)
                        facts.append(ExtractedFact(subject=f.subject, predicate=f.predicate, object=f.object,
                                                   update=f.update, score=1.0, span=span_text(text, body)))
                if row:
                    # "- booking-api → callum reid, p1": the codes after the row's last field are the row's too
                    subject = next((m for m in mentions if m.name == row[0].subject and not m.pronoun), None)
                    if subject is not None:
                        add(self._value_parts(body, mentions, subject, facts, sentence_start, False),
                            span_text(text, body))
                    # "Lantern Foods (lead: Ida Holm): Platinum / May": the name's own label is read as a clause
                    head = self._row_head
                    body = body[:head]
                    mentions = [m for m in mentions if m.end <= head]
                    if not mentions:
                        continue
                elif (labelled := self._dash_label(body, text, mentions, known)) is not body:
                    # "Quarry Works – mostly air, renews Oct": a name and a dash label the parts after it, as
                    # "Quarry Works: ..." would
                    body = labelled
                    mentions = self._lowercase_mentions(body, text, find_mentions(
                        body, text, known=known, learned=self._learned,
                        resolve_pronoun=lambda kind, so_far: self._antecedent(channel, kind, so_far, body),
                        speaker=speaker, common=self._common), known)
            if mentions and not question:
                lows = [t.low for t in body]
                update = message_update or label_update or _has_update_signal(lows)
                clause_start = len(facts)
                for start, end in _clauses(lows, _dash_asides(lows, mentions)):
                    clause_mentions = [
                        m.at(m.start - start, m.end - start)
                        for m in mentions if m.start >= start and m.end <= end
                    ]
                    if not clause_mentions:
                        continue
                    tokens = body[start:end]
                    found = self._clause(tokens, clause_mentions, text, prior, update, state)
                    span = span_text(text, tokens)
                    if not found:
                        unmatched.append(span)
                    for f in found:
                        key = (f.subject, f.predicate, f.object)
                        if key in seen_facts:
                            continue
                        seen_facts.add(key)
                        facts.append(ExtractedFact(subject=f.subject, predicate=f.predicate, object=f.object,
                                                   update=f.update, score=round(f.score, 4), span=span))
                if len(facts) == clause_start and not _hedged(lows, mentions, len(lows)):
                    for f in self._tool_list(lows, mentions, channel, prior, update):
                        key = (f.subject, f.predicate, f.object)
                        if key not in seen_facts:
                            seen_facts.add(key)
                            facts.append(ExtractedFact(subject=f.subject, predicate=f.predicate, object=f.object,
                                                       update=f.update, score=round(f.score, 4),
                                                       span=span_text(text, body)))
            if index == 0 and not question and not proposing and all(
                    f.predicate != "status" for f in facts[sentence_start:]):
                # "breeder onboarding not started yet": a lowercase name opening the message on a status
                add(self._status_opening(body, mentions, prior, text), span_text(text, body))
            if not question and not proposing:
                update = message_update or label_update or _has_update_signal([t.low for t in body])
                add(self._value_parts(body, mentions, label_subject, facts, sentence_start, update),
                    span_text(text, body))
            if not question and not proposing:
                add(self._corrected(body, mentions, facts, sentence_start, reported), span_text(text, body))
            if not question and not proposing and "=" in body_lows:
                update = message_update or label_update or _has_update_signal(body_lows)
                add(self._rosters(body, mentions, speaker, update), span_text(text, body))
            if not question and not proposing and mentions:
                add(self._team_then_people(body, mentions, speaker), span_text(text, body))
            if not question and not proposing and not asks and mentions:
                # "tapin - thornwick DC", "halo P1", "scanwell - mine": no cue read a relation, the kinds say it
                update = message_update or label_update or _has_update_signal([t.low for t in body])
                for found, span in self._kind_pairs(body, text, mentions, facts[sentence_start:], prior, update,
                                                    rundown):
                    add([found], span)
                    if index > 0:
                        later_pairs.append(facts[-1])
            if proposing:
                # ("MDM = the master data thing?" asks what MDM is: the reply's own words describe it)
                proposed += [f for f in facts[proposal_start:] if f.predicate != DESCRIBED_AS]
                for f in facts[proposal_start:]:
                    seen_facts.discard((f.subject, f.predicate, f.object))
                del facts[proposal_start:]
            for m in mentions:  # what this sentence's facts taught about types holds for later pronouns too
                kind = self._learned(m.name)
                if kind is not None:
                    m.types, m.explicit, m.person_likely = _SINGLE_TYPE[kind], True, False
            # a tier or a status word taken as a value ("Enterprise plan") is nothing a pronoun can mean
            # (nor is a team found by its lowercase words: "they" is said of a team, "it" of the last thing named)
            # (nor is a tier's word named alone: "scratch Standard. they signed Premium")
            observed = _things_first(body, [m for m in mentions if (m.pronoun or m.name not in state.values) and (
                m.name not in self._spelled_teams) and not _tier_word(m) and not self._weak_opening(m, body)])
            if self._pronouns.resolve(channel, "thing") is not None:
                # "DHIS2. That's the thing the clinics in Turkana use. Who owns it?": still DHIS2
                observed = [m for m in observed if not _locative_object(body, m)]
            self._pronouns.observe(channel, observed, self._is_person, self._could_be_thing)
        for found, span in self._list_items(text, channel, prior, speaker, known):
            add([found], span)
        for found, span in self._team_rows(text, speaker, known):
            add([found], span)
        for found, span in self._also_there(text, facts, known):
            add([found], span)
        for found, span in self._arrow_dependencies(text):
            add([found], span)
        # "me, Michał Nowicki. redis-events is Team Platform": a fragment after the first sentence is an aside to
        # the answer, which is read as if the fragment were not there
        aside = [f for f in facts if any(f is g for g in later_pairs)]
        facts = self._answers(text, channel or "", asked, proposed[0] if len(proposed) == 1 else None,
                              [f for f in facts if not any(f is g for g in aside)], known, speaker)
        facts += [f for f in aside if all((f.subject, f.predicate, f.object) != (g.subject, g.predicate, g.object)
                                          for g in facts)]
        tagged = [f for f in facts[tagged_from:] if f.predicate != DESCRIBED_AS] if tagged_from is not None else []
        if len(tagged) == 1 and asked is None and not proposed and PREDICATES[tagged[0].predicate][1] in _VALUE_TYPES:
            # "bhekani renewal is aug per my notes, still right?": stated, and open to a reply that corrects it
            self._asked[channel or ""] = (tagged[0].subject, tagged[0].predicate, 3)
            self._proposed[channel or ""] = tagged[0]
        facts = self._where_reply(text, channel or "", facts, known, speaker)
        facts = self._you_reply(text, channel or "", facts, known, speaker)
        facts = self._team_reply(text, channel or "", facts, speaker)
        if not facts and asked is None and not proposed:
            stated = self._topic_value(text, channel or "", speaker)
            if stated and "?" in text:
                # "and deadline still march 31?": the topic's value, asked to be confirmed by the next reply
                self._asked[channel or ""] = (stated[0].subject, stated[0].predicate, 3)
                self._proposed[channel or ""] = stated[0]
            else:
                facts = stated
        facts = self._stack_said(text, channel or "", facts, known, prior, speaker)
        facts = self._yours_confirmed(text, channel or "", facts, speaker)
        facts = self._handed_to(text, channel or "", facts, known, speaker)
        facts = self._team_described(facts)
        facts = self._speaker_named(facts, speaker)
        facts = [f for f in facts if not self._persons_value(f, speaker)]
        facts = self._offices_placed(text, facts)
        if facts and len(self._topic) < _MAX_SPEAKERS:
            self._topic[channel or ""] = facts[-1].subject
        elif opened is not None and asked is None and len(self._topic) < _MAX_SPEAKERS:
            # "they're counting Kafka usage. Osprey is on Kafka, correct?": a sentence about a known project that
            # states nothing readable still turns the talk to it (the reply lists its tools)
            self._topic[channel or ""] = opened
        elif proposed and len(self._topic) < _MAX_SPEAKERS:
            # "Osprey is on Kafka, correct?": what a yes/no question asks to confirm is what the talk is about now,
            # as what an open question asks about is
            self._topic[channel or ""] = proposed[-1].subject
        topic = self._topic.get(channel or "")
        for f in facts:
            if f.predicate == "led_by":
                self._types.setdefault(name_key(f.subject), "project")  # "who's leading it?" "I am!": a project
        if topic != self._topic_before and len(self._topic_people) < _MAX_SPEAKERS:
            self._topic_people[channel or ""] = set()
        people = self._topic_people.get(channel or "")
        if topic and people is not None and len(people) < _MAX_SPEAKERS:
            if speaker and (topic != self._topic_before or any(f.subject == topic for f in facts)):
                people.add(_first_word(speaker))
            people.update(_first_word(f.object) for f in facts
                          if f.subject == topic and f.predicate in ("led_by", "owned_by", "handled_by"))
        if topic and self._learned(topic) == "project" and len(self._project_topic) < _MAX_SPEAKERS:
            self._project_topic[channel or ""] = topic
        if state.values:
            named = {f.subject for f in facts} | {f.object for f in facts if f.predicate in _ENTITY_OBJECTS}
            mentions_out = [m for m in mentions_out if m not in state.values or m in named]
        if text != typed:
            # a span quotes the message as it was typed: only letters' case differed, so it sits at the same place
            facts = [f.model_copy(update={"span": _as_typed(f.span, text, typed)}) for f in facts]
            unmatched = [_as_typed(u, text, typed) for u in unmatched]
        return Extraction(facts=facts, mentions=mentions_out, unmatched=unmatched, aliases=aliases)

    def _ask_yours(self, body: list[Token], mentions: list[Mention], channel: str | None, prior: str | None,
                   speaker: str | None) -> None:
        """"Port Ellery Council is yours isn't it?", "is Hollow Mill yours?": a question putting a named thing to
        the one addressed, in a channel whose things have one kind of owner; the next reply saying "it is" or
        "yes" makes its writer the owner."""
        predicate = _YOURS_PREDICATES.get(prior or "")
        if predicate is None or not speaker:
            return
        lows = [t.low for t in body]
        for m in mentions:
            if m.pronoun or self._surely_person(m) or self._learned(m.name) == PERSON:
                continue
            after = lows[m.end : m.end + 2]
            stated = after in (["is", "yours"], ["'s", "yours"])  # "X is yours, right?"
            asked = m.start > 0 and lows[m.start - 1] == "is" and lows[m.end : m.end + 1] == ["yours"]
            if stated or asked:
                self._yours[channel or ""] = (m.name, predicate, speaker, 2)
                return

    def _yours_confirmed(self, text: str, channel: str, facts: list[ExtractedFact],
                         speaker: str | None) -> list[ExtractedFact]:
        """The reply to "X is yours isn't it?": "it is!", "yes, mine", "yep" from someone other than the asker
        states the writer owns X; a "no" or a hedge drops the question, anything else waits a message more."""
        pending = self._yours.pop(channel, None)
        if pending is None or not speaker:
            return facts
        subject, predicate, asker, left = pending
        if speaker == asker:
            if left > 1:
                self._yours[channel] = (subject, predicate, asker, left - 1)
            return facts
        first = next(iter(sentences(text[:200])), [])
        lows = [t.low for t in first if t.is_word]
        if not lows or any(w in NEGATIONS or w in HEDGES or w.endswith("n't") for w in lows):
            return facts
        if not (lows[:2] in (["it", "is"], ["that", "'s"]) or lows[0] in _YES_WORDS or lows[0] == "mine"):
            if left > 1:
                self._yours[channel] = (subject, predicate, asker, left - 1)
            return facts
        if any(f.predicate == predicate and name_key(f.subject) == name_key(subject) for f in facts):
            return facts
        return [*facts, ExtractedFact(subject=subject, predicate=predicate, object=speaker, score=0.9,
                                      span=span_text(text, first))]

    def _handed_to(self, text: str, channel: str, facts: list[ExtractedFact], known: KnownNames,
                   speaker: str | None) -> list[ExtractedFact]:
        """"which accts am I getting" ... "Quill Foods and RiverHop to start": a reply opening on the names, joined
        by "and" or commas, and ending there (or on "to start", "for now") hands each to the one who asked."""
        pending = self._getting.pop(channel, None)
        if pending is None or not speaker:
            return facts
        asker, left = pending
        first = next(iter(sentences(text[:300])), [])
        lows = [t.low for t in first]
        found = [m for m in find_mentions(first, text, known=known, learned=self._learned,
                                          resolve_pronoun=lambda kind, so_far: None, common=self._common)
                 if not m.pronoun]
        if speaker == asker or not found or found[0].start != 0:
            if left > 1 and speaker == asker:
                self._getting[channel] = (asker, left - 1)
            return facts
        names: list[Mention] = []
        k = 0
        for m in found:
            if m.start != k or self._surely_person(m) or self._learned(m.name) not in (None, "account"):
                break
            names.append(m)
            k = m.end
            if k < len(lows) and lows[k] in (",", "and", "&", "+"):
                k += 1
        tail = lows[names[-1].end :] if names else []
        if not names or tail and tail not in _HANDED_TAILS:
            return facts
        have = {(name_key(f.subject), f.predicate) for f in facts}
        out = [ExtractedFact(subject=m.name, predicate="handled_by", object=asker, score=0.9,
                             span=span_text(text, first)) for m in names
               if (name_key(m.name), "handled_by") not in have]
        for m in names:
            self._learn(m, "account")
        return [*facts, *out]

    def _corrected(self, body: list[Token], mentions: list[Mention], facts: list[ExtractedFact], start: int,
                   reported: list[ExtractedFact]) -> list[_Found]:
        """"the list still says I lead X. it's Anna Berg since July": what a record is reported to say is no fact
        (the sentence's owner facts are set aside), and a later "it's <person>" in the message names the real
        owner in its place."""
        lows = [t.low for t in body]
        if any(lows[k] == "still" and lows[k + 1] in _RECORD_SAYS for k in range(len(lows) - 1)):
            for f in facts[start:]:
                if f.predicate in _CORRECTED_PREDICATES:
                    reported.append(f)
            facts[start:] = [f for f in facts[start:] if f.predicate not in _CORRECTED_PREDICATES]
            return []
        if not reported or len(facts) > start or lows[:2] not in (["it", "'s"], ["it", "is"]):
            return []
        people = [m for m in mentions if not m.pronoun and m.start == 2 and self._is_person(m)]
        if not people or " " not in people[0].name:
            return []  # a full name only: "it's Anna now" may be a joke, "it's fine" is no owner
        rest = lows[people[0].end:]
        if rest and rest[0] not in _CORRECTION_TAILS:
            return []
        return [_Found(f.subject, f.predicate, people[0].name, True, 1.0) for f in reported]

    def _arrow_dependencies(self, text: str) -> list[tuple[_Found, str]]:
        """"deps for the audit:\n billing-worker -> ledger-api, bank-gateway": in a message that says it lists
        dependencies, a line of a code-named system, an arrow and code-named systems says the first depends on
        the others. Without that word an arrow is as often a move or a data flow ("svc-a -> svc-b cutover")."""
        if not _DEPENDENCY_WORDS.search(text):
            return []
        out: list[tuple[_Found, str]] = []
        for line in text.splitlines():
            hit = _ARROW_LINE.match(line)
            if hit is None or _cloud_region(hit.group(1)):
                continue
            items = [x.strip() for x in re.split(r",|\+|&|\band\b", hit.group(2))]
            if not items or not all(_CODE_NAME.fullmatch(x) and not _cloud_region(x) for x in items):
                continue  # "billing-worker -> moved to eu-west-1 last week": not a list of systems
            self._types.setdefault(name_key(hit.group(1)), "component")
            for x in items:
                if x != hit.group(1):
                    self._types.setdefault(name_key(x), "component")
                    out.append((_Found(hit.group(1), "depends_on", x, False, 1.0), line.strip()))
        return out

    def _team_described(self, facts: list[ExtractedFact]) -> list[ExtractedFact]:
        """"owned by Henrik Sorensen (Commerce team)": a person's aside that is nothing but a team's name says the
        team they are on, not what they are; the description becomes a membership (unless one is already
        stated for them)."""
        out: list[ExtractedFact] = []
        for f in facts:
            words = f.object.split()
            if f.predicate == DESCRIBED_AS and 2 <= len(words) <= 4 and words[-1].casefold() in _LOWER_TEAM_HEADS and (
                    words[0].casefold() not in _NOT_TEAM_WORDS | STOPWORDS) and (
                    person_shape(f.subject) is True or self._learned(f.subject) == PERSON) and not any(
                    g.subject == f.subject and g.predicate == "member_of" for g in facts):
                out.append(f.model_copy(update={"predicate": "member_of"}))
                continue
            out.append(f)
        return out

    def _persons_value(self, f: ExtractedFact, speaker: str | None) -> bool:
        """A deadline, a renewal, a plan, a priority or a status read for a person ("1 oct. moving the sends to
        braze" from ines, "31 October." from the one a question was put to): people have none of these, so the
        subject was misread."""
        if f.predicate not in _THINGS_VALUES:
            return False
        return f.subject == speaker or self._learned(f.subject) == PERSON

    def _speaker_named(self, facts: list[ExtractedFact], speaker: str | None) -> list[ExtractedFact]:
        """"I'm in Creek" from the handle layla, once "Layla Nasser" was written anywhere: the fact is about Layla
        Nasser, not about a handle. A handle matching no full name, or more than one, is left as it is."""
        if not speaker or not any(speaker in (f.subject, f.object) for f in facts):
            return facts
        handle = _folded(speaker)
        if len(handle) < 3:
            return facts
        hits = self._people_by_handle(handle)
        if len(hits) != 1:
            return facts
        out = []
        for f in facts:
            subject = hits[0] if f.subject == speaker else f.subject
            obj = hits[0] if f.object == speaker and f.predicate in _ENTITY_OBJECTS else f.object
            if name_key(subject) == name_key(obj):
                continue  # "I'm leading it, Layla Nasser for those who don't know me": an introduction
            out.append(f.model_copy(update={"subject": subject, "object": obj}))
        return out

    def _people_by_handle(self, handle: str) -> list[str]:
        """The full names written so far that a folded handle may stand for: the given name itself ("layla"), else
        a handle made from it ("mike_t", "deano", "kev"); the caller reads it so only when one person fits."""
        full = [n for n in self._named if full_name_shape(n)]
        handle = fold(handle)
        hits = [n for n in full if handle in (fold(_folded(n.split()[0])), fold(_folded("".join(n.split()[:-1]))))]
        return hits or [n for n in full if handle_fits(handle, n)]

    def _offices_placed(self, text: str, facts: list[ExtractedFact]) -> list[ExtractedFact]:
        """Learn the offices this message says people work in, and read the towns it gives offices already learned
        ("old lodge is ashcombe", "estates bldg = kirkby vale", "- marlow house = ashcombe general, ashcombe"):
        an office known by name is placed by a copula, "=" or an arrow, whatever the case it is typed in."""
        out = list(facts)
        placed = {name_key(f.subject) for f in facts if f.predicate == "located_in"}
        if self._offices:
            for office, town, span in _office_towns(text[:MAX_MESSAGE_CHARS], self._offices):
                if name_key(office) not in placed:
                    placed.add(name_key(office))
                    out.append(ExtractedFact(subject=office, predicate="located_in", object=town, score=0.85,
                                             span=span))
        for f in facts:
            if f.predicate == "works_in":
                self._remember_office(f.object)
        return out

    def _remember_office(self, name: str) -> None:
        if name not in self._offices and len(self._offices) < _MAX_SPEAKERS:
            self._offices.append(name)

    def _coin(self, text: str) -> None:
        """Learn the lowercase made-up words of this message that stand in an entity's slot: after a relation
        verb ("calls idproof", "reads from geostore"), or opening a statement before a verb or a copula once chat
        fillers are set aside ("fwiw docsnap lives in ...", "also claimsgate calls ..."). The mention finder only
        takes such a word at the very start of a sentence; a word no dictionary knows in either slot is a name."""
        if len(self._coined) >= _MAX_SPEAKERS:
            return
        coined = set(self._coined)
        for sentence in sentences(text):
            lows = [t.low for t in sentence]
            opens = True  # only chat fillers so far: the next word opens the statement
            for i, t in enumerate(sentence):
                was_opening = opens
                opens = opens and (t.low in CHAT_FILLERS or not t.low[0].isalnum())
                if not (t.text.isalpha() and t.text.islower()) or t.low in coined:
                    continue
                before = lows[i - 1] if i > 0 else ""
                after = lows[i + 1] if i + 1 < len(lows) else ""
                verb_after = after in _COINED_FOLLOWERS or after in RELATION_CUES or after in VALUE_CUES
                # "setting claimsgate to P2", "bumping notifyr to P2": a verb of setting, the name, then "to"
                setting = before in _SETTING_VERBS and after == "to"
                if ((was_opening and verb_after) or before in _COINED_OPENERS or setting) and rare_word(t.low):
                    coined.add(t.low)
                    self._coined.append(t.low)

    # --- rows: "Osprey / Aisha Bello / in progress / 31 March", "Acme | Ida Holm | Gold", "Mira - Ledger team" ----

    def _header(self, body: list[Token], message: str, channel: str | None) -> bool:
        """"Format: project / lead / status / date", "client | AM | tier", "service   owner   runs in": a line
        of column names announces what the fields of later rows with the same separators are. A column named in
        capitals must be a name this reader knows ("AM", "ETA", "Status"); unknown ones must be lowercase words."""
        kind, fields = _row_fields(body, message)
        if len(fields) < 2:
            return False
        a, b = fields[0]
        fields[0] = (max((k + 1 for k in range(a, b) if body[k].low == ":"), default=a), b)
        columns: list[str | None] = []
        for a, b in fields:
            words = [t for t in body[a:b] if t.is_word]
            if not words or len(words) > 3:
                return False
            lows = [t.low for t in words]
            column = _COLUMNS.get(" ".join(lows))
            if column is None:
                if any(not t.text.islower() for t in words):
                    return False
                # the head noun says what the column holds ("key account manager" is an owner), unless it is
                # a generic one ("renewal date", "account name"), where the word before it does
                if lows[-1] in _COLUMNS and lows[-1] not in _GENERIC_COLUMN_HEADS:
                    column = _COLUMNS[lows[-1]]
                else:
                    column = next((_COLUMNS[w] for w in lows if w in _COLUMNS), None)
            columns.append(column)
        if sum(c is not None for c in columns) < 2:
            return False
        first = " ".join(t.low for t in body[fields[0][0] : fields[0][1]] if t.is_word)
        self._columns[channel or ""] = (kind, tuple(columns), _SUBJECT_KINDS.get(first))
        return True

    def _scan_rows(self, text: str) -> None:
        """Before reading a message: how many of its lines share each row shape (separator, field count). A row
        of one field ("Quarry Works – Nadia Flores") is read only inside such a list, never as a lone line."""
        self._shapes.clear()
        self._list_columns.clear()
        for sentence in sentences(text):
            kind, fields = _row_fields(_blank_cell_cut(sentence, text), text)
            if len(fields) >= 2:
                self._shapes[(kind, len(fields))] = self._shapes.get((kind, len(fields)), 0) + 1

    def _cell_mentions(self, body: list[Token], message: str, mentions: list[Mention],
                       finder: Callable[[list[Token]], list[Mention]]) -> list[Mention]:
        """In a table row ("Ledger Sync      Mira Holt      crit") a cell is a unit: no name runs across the
        spaces or the bar between two cells, so the mentions are found cell by cell."""
        kind, fields = _row_fields(body, message)
        if kind not in ("pipe", "gap") or len(fields) < 2:
            return mentions
        out: list[Mention] = []
        for a, b in fields:
            if b > a:
                out += [m.at(m.start + a, m.end + a) for m in finder(body[a:b])]
        return out

    def _row(self, body: list[Token], message: str, mentions: list[Mention], channel: str | None,
             prior: str | None) -> list[_Found]:
        """A row of fields about one thing: its name first (or before a colon), then values and a person. A field
        is read by the column a header announced, by a column name written in it ("lead Bea Lund", "due 14
        May"), by the column the same field held in earlier lines of the same list, else by what it holds: a date,
        a status, a plan tier, a priority, or a person's full name (the thing's lead, account manager or owner).
        A person's row ("Mira - Ledger team") says which team they are in or which office they work from."""
        self._row_head = 0
        kind, fields = _row_fields(body, message)
        if len(fields) < 2:
            return []
        shape = (kind, len(fields))
        listed = self._shapes.get(shape, 0) >= 2
        header_kind, header, subject_kind = self._columns.get(channel or "", (None, (), None))
        columns = list(header) if _FAMILIES.get(header_kind) == _FAMILIES[kind] else []
        if not columns:
            subject_kind = None
        lows = [t.low for t in body]
        first_a, first_b = fields[0]
        colon = max((k for k in range(first_a, first_b) if lows[k] == ":"), default=-1)
        subject: Mention | None = None
        if colon >= 0:
            # "so: Tamarind / ...": a lead-in; "Ardent Mutual (lead: Rosa): Platinum / May": the name, then a field
            named = [m for m in mentions if m.end <= colon and not m.pronoun]
            if named and named[0].start == first_a and (not columns or columns[0] != "subject"):
                subject = named[0]
                fields[0] = (colon + 1, first_b)
                columns = columns if columns and columns[0] != "subject" else [None] * len(fields)
            else:
                fields[0] = (colon + 1, first_b)
        positions = list(range(len(fields)))
        if subject is None:
            a, b = fields[0]
            subject = _cell_name(body, a, b, mentions, message)
            if subject is None and columns and columns[0] == "subject":
                # "cobalt mutual | ..." under "acct | am | plan": the header says the first cell names the row's
                # thing, so its words are that name in whatever case they were typed
                subject = _header_cell_name(body, a, b, message, subject_kind)
            if subject is None:
                return []
            fields, positions = fields[1:], positions[1:]
            columns = columns[1:] if columns and columns[0] == "subject" else [None] * len(fields)
        if len(fields) < 2 and not any(columns) and not listed:
            return []
        inferred = self._list_columns.setdefault(shape, {})
        # a person's row: the subject is a person, or could be one and a field names a team or an office
        strong_person = subject.types == _SINGLE_TYPE[PERSON] or self._learned(subject.name) == PERSON
        place_cells = [
            self._place_cell(body, a, b, columns[i] if i < len(columns) else None, inferred.get(positions[i]),
                             mentions)
            for i, (a, b) in enumerate(fields)
        ]
        personal = strong_person or (PERSON in subject.types and self._learned(subject.name) in (None, PERSON) and (
            subject_kind is None) and any(place_cells))
        thing_kind = self._learned(subject.name) or subject_kind or next(
            (k for k in ("project", "account", "component") if subject.types == _SINGLE_TYPE[k]), None) or prior
        out: list[_Found] = []
        for i, (a, b) in enumerate(fields):
            column = columns[i] if i < len(columns) else None
            words = [t for t in body[a:b] if t.is_word]
            # (a status phrase may hold a negation: "not started" under "status" is that status, not a denial)
            stated = [v for v in find_statuses(body[a:b], weak=True) if v.start == 0 and v.end == b - a]
            if not words or not stated and any(t.low in NEGATIONS or t.low in HEDGES for t in words):
                continue
            if personal:
                fact = self._person_cell(subject, place_cells[i], body, a, b, mentions, message)
            else:
                fact = self._row_field(subject, thing_kind, column, body, a, b, mentions, message)
                if fact is None and column is None and inferred.get(positions[i]):
                    # "Harbour Core" under "Enterprise Suite" on the line before: a plan all the same
                    fact = self._row_field(subject, thing_kind, inferred[positions[i]], body, a, b, mentions, message)
            if fact is not None:
                out.append(fact)
                if column is None and positions[i] not in inferred:
                    inferred[positions[i]] = _PREDICATE_COLUMNS.get(fact.predicate)
        if not any(columns) and not listed and (len(out) < 2 or all(f.predicate in _ENTITY_OBJECTS for f in out)):
            return []  # two slashes in passing ("TCP/IP", "read/write"), a lone dash or a list of names make no row
        if not out:
            return []
        self._row_head = colon if colon >= 0 and subject.end <= colon else 0
        if personal:
            self._learn(subject, PERSON)
            return out
        for f in out:
            if f.predicate in ("led_by", "status", "deadline"):
                self._learn(subject, "project")
            elif f.predicate in ("handled_by", "plan", "renews_in"):
                self._learn(subject, "account")
            break
        return out

    def _list_items(self, text: str, channel: str | None, prior: str | None, speaker: str | None,
                    known: KnownNames) -> list[tuple[_Found, str]]:
        """Items read by their structure, not their capitals, for chat typed all in lower case:
        - a list's rows "thing: person" or "thing -> person" ("- vaccine reminder revamp: ines carvalho"): the
          person has the role the lead-in line names ("leads as agreed:"), else, for an arrow, the role the
          channel's kind of thing takes (an account is handled, a project led, a system owned);
        - a list's rows "person: office" ("- sanne: amsterdam office", "- me: leeds office too"): works_in;
        - "office = place" or "office: place", listed or in comma-separated parts ("lisbon office = portugal"):
          the office is in that place.
        A row needs a list (two rows alike) unless an office head noun and a real place type both sides."""
        lines = [_with_plus(line, text) for line in sentences(text)]
        items: list[tuple[list[Token], list[Token], str, list[Token]]] = []  # left, right, separator, line
        role: str | None = None
        for line in lines:
            bulleted = _bulleted(line, text)
            body = _unbulleted(line, text)
            if not bulleted:
                # a lead-in ("leads as agreed:") names the role of the rows after it; any other line ends it
                role = _lead_in_role(body) if body and body[-1].low == ":" else None
                for part in filter(None, _comma_parts(body)):
                    split = _item_split(part, text)
                    if split is not None and split[2] in (":", "="):
                        items.append((*split, part))
                continue
            split = _item_split(body, text)
            if split is not None:
                items.append((split[0], split[1], split[2] + ("*" + role if role else "*"), body))
        out: list[tuple[_Found, str]] = []
        counts: dict[str, int] = {}
        for _, _, sep, _ in items:
            counts[sep] = counts.get(sep, 0) + 1
        for left, right, sep, line in items:
            listed = "*" in sep and counts[sep] >= 2
            found = self._item(left, right, sep.split("*")[0], sep.partition("*")[2] or None, listed, text,
                               channel, prior, speaker, known)
            if found is not None:
                out.append((found, span_text(text, line)))
        return out

    def _also_there(self, text: str, facts: list[ExtractedFact], known: KnownNames) -> list[tuple[_Found, str]]:
        """"X runs in eu-west-1. cache-eu also there": a sentence of one name and "there" (with "also", "too")
        puts that name where the message's latest placing put its subject."""
        out: list[tuple[_Found, str]] = []
        placed = [f for f in facts if f.predicate in _PLACINGS]
        if not placed:
            return out
        for line in list(sentences(text))[1:]:
            lows = [t.low for t in line]
            if "there" not in lows or not ({"also", "too"} & set(lows)) or "?" in lows:
                continue
            found = [m for m in find_mentions(line, text, known=known, learned=self._learned,
                                              resolve_pronoun=lambda kind, so_far: None, common=self._common)
                     if not m.pronoun]
            if len(found) != 1 or found[0].start != 0:
                continue
            m = found[0]
            if any(w not in _THERE_WORDS for w in lows[m.end :]):
                continue
            last = placed[-1]
            person = self._surely_person(m)
            if person != (last.predicate == "works_in") or name_key(m.name) == name_key(last.subject):
                continue
            kind = self._learned(last.subject)
            if kind is not None and self._learned(m.name) not in (None, kind):
                continue
            out.append((_Found(m.name, last.predicate, last.object, False, 1.0), span_text(text, line)))
        return out

    def _team_rows(self, text: str, speaker: str | None, known: KnownNames) -> list[tuple[_Found, str]]:
        """Rows under a lead-in about teams ("teams after the move:" then "Billing Ops: Dana, Bo Lund" and
        "Infra: Kim Ode (me)"): each team's people are its members. Every name on the right must be a person's
        (or "me"), and two rows must read so, else nothing is taken: a lead-in alone proves little."""
        out: list[tuple[_Found, str]] = []
        rows = 0
        under = False
        for line in sentences(text):
            body = _unbulleted(line, text)
            lows = [t.low for t in body]
            if not body:
                continue
            if not under:
                under = lows[-1] == ":" and not _TEAM_LEAD_WORDS.isdisjoint(lows) and "?" not in lows
                continue
            if ":" not in lows or lows.index(":") == 0 or lows.index(":") > 4:
                break
            colon = lows.index(":")
            left, right = body[:colon], body[colon + 1 :]
            if not all(t.is_word and t.low not in STOPWORDS for t in left):
                break
            team = span_text(text, left)
            found = self._lowercase_mentions(right, text, find_mentions(
                right, text, known=known, learned=self._learned, resolve_pronoun=lambda kind, so_far: None,
                common=self._common), known)
            people: list[str] = []
            k = 0
            ok = True
            while k < len(right) and ok:
                w = right[k].low
                m = next((x for x in found if x.start == k and not x.pronoun), None)
                if m is not None and (self._surely_person(m) or m.person_likely and " " in m.name and (
                        self._learned(m.name) is None and person_shape(m.name) is not False)):
                    people.append(m.name)
                    k = m.end
                elif w in ("me", "myself") and speaker:
                    if not (k > 0 and right[k - 1].low == "("):  # "Kim Ode (me)": the name was the writer's
                        people.append(speaker)
                    k += 1
                elif w in _TOOL_JOINERS or w in ("(", ")", "&", ".", ";"):
                    k += 1
                else:
                    ok = False
            if not ok or not people:
                break
            rows += 1
            out.extend((_Found(x, "member_of", team, False, 1.0), span_text(text, body)) for x in people)
        return out if rows >= 2 else []

    def _item(self, left: list[Token], right: list[Token], sep: str, role: str | None, listed: bool, text: str,
              channel: str | None, prior: str | None, speaker: str | None, known: KnownNames) -> _Found | None:
        """One "left sep right" item of `_list_items`, or None when it reads as none of its shapes."""
        def whole(tokens: list[Token]) -> Mention | None:
            found = self._lowercase_mentions(tokens, text, find_mentions(
                tokens, text, known=known, learned=self._learned, resolve_pronoun=lambda kind, so_far: None,
                common=self._common), known)
            return next((m for m in found if m.start == 0 and m.end == len(tokens) and not m.pronoun), None)

        named_left, named_right = whole(left), whole(right)
        # an office and the place it is in: the head noun types the left, a known place the right
        if named_left is not None and named_left.types == _SINGLE_TYPE["office"] and sep in (":", "=") and (
                _place_words(right)):
            self._learn(named_left, "office")
            return _Found(named_left.name, "located_in", _place_name(right), False, 1.0)
        if named_left is None and sep == "=" and len(left) == 1 and left[0].text.isalpha() and _place_words(right) and (
                (short := known.short_name(left[0].low)) is not None and self._learned(short) == "office"):
            # "mountain = hamilton" once "Mountain site" is a known office: the word that opens its name
            return _Found(short, "located_in", _place_name(right), False, 1.0)
        if not listed:
            return None
        # a person and the office or team they are in ("me" is the one writing)
        if named_right is not None and named_right.explicit and sep == ":" and named_right.types in (
                _SINGLE_TYPE["office"], _SINGLE_TYPE["team"]):
            person = speaker if speaker and len(left) == 1 and left[0].low in ("me", "i", "myself") else (
                named_left.name if named_left is not None and self._surely_person(named_left) else None)
            if person is not None:
                predicate = "works_in" if named_right.types == _SINGLE_TYPE["office"] else "member_of"
                return _Found(person, predicate, named_right.name, False, 1.0)
            return None
        # a thing typed in lowercase and the person who has it
        if named_right is None or " " not in named_right.name or not self._surely_person(named_right) or (
                _lowercase_thing(left) is None):
            return None
        kind = self._learned(span_text(text, left))
        predicate = role or (_KIND_ROLES.get(kind or prior or "") if sep == "->" else None)
        if predicate is None:
            return None
        name = _lowercase_thing(left) or ""
        self._types.setdefault(name_key(name), _ROLE_KINDS[predicate])
        return _Found(name, predicate, named_right.name, False, 1.0)

    def _status_opening(self, body: list[Token], mentions: list[Mention], prior: str | None,
                        message: str) -> list[_Found]:
        """"dwh migration in progress, target ...", "breeder onboarding not started yet": in a channel about
        projects or accounts, a message opening on two to four lowercase words and then a status phrase (no verb
        between) is that thing's status, as "Atlas: in progress" would be. The words must read as a name: no
        function word, pronoun, chat filler or verb among them, and the status must close its part of the
        sentence ("... in progress, ...", "... not started yet"), so "coffee run anyone" or a sentence going on
        after the status gives nothing."""
        if prior not in ("project", "account"):
            return []
        lows = [t.low for t in body]
        if any(w in HEDGES for w in lows):
            return []
        statuses = find_statuses(body, weak=False)
        if not statuses or not 2 <= statuses[0].start <= 4:
            return []
        value = statuses[0]
        # (a name found already must be those very words: "dwh migration" is named by its head noun)
        if any(m.start < 5 and not m.pronoun and (m.start, m.end) != (0, value.start) for m in mentions):
            return []
        words = body[: value.start]
        if any(not (t.text.replace("-", "").isalpha() and t.text.islower()) or t.low in STOPWORDS or (
                t.low in CHAT_FILLERS or t.low in _SUBJECT_PRONOUNS or t.low in _FIRST_PERSON_WORDS or (
                    t.low in _STATUS_VERBS or t.low in _NOT_ROLE_VERBS or t.low in NEGATIONS)) for t in words):
            return []
        after = lows[value.end] if value.end < len(lows) else ""
        if after and after not in (",", ";", ".", "!", "-", "–", "—") and after not in _REPLY_TAILS and (
                after not in ("yet", "again", "still", "for", "now", "till")) and after not in _REASON_WORDS and (
                after not in _TIME_WORDS):
            return []
        name = span_text(message, words)
        self._types.setdefault(name_key(name), prior)
        return [_Found(name, "status", _value_text(value), _has_update_signal(lows), 1.0)]

    def _our_values(self, body: list[Token], mentions: list[Mention], channel: str | None) -> list[Mention]:
        """"cert moved, so our deadline slipped to March 28" in a thread about Lantern: "our deadline" is the
        deadline of the thing the channel is talking about (the speaker's own project), not of the name said
        in the clause before. Adds a pronoun mention on "our" standing for the channel's last thing."""
        at = [k for k in range(len(body) - 1) if body[k].low == "our" and body[k + 1].low in _OUR_VALUE_NOUNS
              and not any(m.start <= k < m.end for m in mentions)]
        if not at:
            return mentions
        antecedent = self._pronouns.resolve(channel, "thing")
        if antecedent is None or not self._could_be_thing(antecedent):
            return mentions  # a person named last is no one's deadline
        added = [pronoun_mention(antecedent, "thing", k) for k in at]
        return sorted([*mentions, *added], key=lambda m: m.start)

    def _arrow_assignment(self, body: list[Token], message: str, mentions: list[Mention], channel: str | None,
                          prior: str | None) -> list[_Found]:
        """"ok Stormglass Studios → Saoirse Gallagher, done.", "Pebblefox -> Mateus Pereira": a thing, an arrow and
        a person is a reassignment written as shorthand. An account (a company-shaped name, or any name in an
        accounts channel) is handled by the person, a system is owned by them, a project led by them. Only an
        arrow counts: a lone dash between two names is as often an aside or a pairing as a handover. A list of
        them ("Kieler Stahlhandel -> Anja; Göta Brewery -> Sofia") is read pair by pair, where every part
        between its semicolons or commas holds one arrow."""
        arrows = [k for k in range(1, len(body)) if arrow_between(body, message, k)]
        if len(arrows) == 1:
            return self._arrow_pair(body, message, mentions, prior, 0, len(body), arrows[0])
        if not arrows:
            return []
        cuts = [-1] + [k for k, t in enumerate(body) if t.low in (";", ",")] + [len(body)]
        parts = [(lo + 1, hi) for lo, hi in zip(cuts, cuts[1:]) if hi > lo + 1]
        if len(parts) != len(arrows) or any(sum(lo <= k < hi for k in arrows) != 1 for lo, hi in parts):
            return []  # "Acme, Birch → Ida, Cole → Jo": a part with no arrow of its own
        out: list[_Found] = []
        for (lo, hi), k in zip(parts, arrows):
            out += self._arrow_pair(body, message, mentions, prior, lo, hi, k)
        return out

    def _arrow_pair(self, body: list[Token], message: str, mentions: list[Mention], prior: str | None, lo: int,
                    hi: int, k: int) -> list[_Found]:
        """The thing handed over at the arrow at k, between tokens lo and hi of the body, and its new holder."""
        named = [m for m in mentions if not m.pronoun and lo <= m.start and m.end <= hi]
        left = [m for m in named if m.end <= k]
        if len(left) > 1 and all(b.start == a.end + 1 and body[a.end].low == "of" for a, b in zip(left, left[1:])):
            # "Rotary Club of Kigali Heights → Eric Nshuti": one name whose words "of" joins
            left = [Mention(span_text(message, body[left[0].start : left[-1].end]), left[0].start, left[-1].end,
                            frozenset(ANY_TYPE) - {PERSON}, explicit=False)]
        # "wms-core -> me as always": the writer takes it
        holder = _past_handover_verb(body, _arrow_right(body, message, k))
        right = [m for m in mentions if holder <= m.start and m.end <= hi and (
            not m.pronoun or body[m.start].low in ("me", "mine"))]
        if len(left) != 1 or not right:
            return []  # "Acme, Birch → Ida": a list on the left is no single thing handed over
        s, o = left[0], right[0]
        if s.end != k or o.start != holder:
            return []  # the thing and the person must stand at the arrow itself
        if o.end < len(body) and body[o.end].low not in (",", ".", ";", "!", "(") and not o.pronoun:
            return []  # "Acme → Ida's team": the person must close the shorthand
        if any(t.is_word and t.low not in CHAT_FILLERS and t.low not in _ARROW_LEAD_INS for t in body[lo : s.start]):
            return []  # "we moved Acme → ...": only chat fillers ("ok", "so", "scratch that on") may lead in
        person = self._surely_person(o) or (
            o.person_likely and " " in o.name and self._learned(o.name) is None and person_shape(o.name) is not False)
        if not person or self._surely_person(s) or s.types <= PLACE_TYPES:
            return []
        kind = self._learned(s.name) or next(
            (t for t in ("account", "component", "tool", "project") if s.types == _SINGLE_TYPE[t]), None) or prior
        predicate = {"account": "handled_by", "component": "owned_by", "tool": "owned_by",
                     "project": "led_by"}.get(kind or "")
        if predicate is None:
            return []
        self._row_head = 0
        self._learn(s, kind)
        # an arrow names the new holder: the old one is retired, as any reassignment
        return [_Found(s.name, predicate, o.name, True, 1.0)]

    def _rosters(self, body: list[Token], mentions: list[Mention], speaker: str | None, update: bool) -> list[_Found]:
        """"Crew Platform = Otieno + Kevin Mutua, Integrations squad = Hamad + me", "Inês + Hamad = Rules &
        Optimisation": a part that sets a team equal to people joined by "+", "&", "and" or "/" (on either side)
        says who is on it. The team's name must be no person, place or thing known as another kind, and it takes
        two people or more, or a team's head noun ("Acme = Dana" hands an account over)."""
        out: list[_Found] = []
        for a, b in _parts(body):
            k = next((j for j in range(a, b) if body[j].low == "="), None)
            if k is None:
                continue
            for (ta, tb), (pa, pb) in (((a, k), (k + 1, b)), ((k + 1, b), (a, k))):
                team = [m for m in mentions if not m.pronoun and ta <= m.start and m.end <= tb]
                if len(team) != 1 or any(t.is_word for t in body[ta : team[0].start] + body[team[0].end : tb]):
                    continue
                t = team[0]
                if self._is_person(t) or "team" not in t.types or t.types <= PLACE_TYPES or (
                        self._learned(t.name) not in (None, "team")):
                    continue
                people = self._joined_people(body, mentions, pa, pb, speaker)
                if not people or len(people) < 2 and len(t.types) > 1:
                    continue
                self._learn(t, "team")
                out += [_Found(person, "member_of", t.name, update, 1.0) for person in people]
                break
        return out

    def _team_then_people(self, body: list[Token], mentions: list[Mention], speaker: str | None) -> list[_Found]:
        """"Telemetry team, me.", "Payments squad: Rui and me": a sentence that is a team named by its head noun,
        then the people on it, says who is on it."""
        words = [k for k, t in enumerate(body) if t.is_word or t.low in (",", ":", "-", "–")]
        first = next((m for m in mentions if not m.pronoun and m.start == (words[0] if words else -1)), None)
        if first is None or first.types != _SINGLE_TYPE["team"] or first.end >= len(body) or (
                body[first.end].low not in (",", ":", "-", "–")):
            return []
        end = len(body)
        while end > first.end + 2 and (not body[end - 1].is_word or body[end - 1].low in _TEAM_REPLY_TAILS):
            end -= 1
        people = self._joined_people(body, mentions, first.end + 1, end, speaker)
        listed = {m.name: m for m in mentions if not m.pronoun}
        if not all(p == speaker or self._surely_person(listed[p]) for p in people if p in listed):
            return []  # ("Payments team, Acme and Initech": its customers, maybe; who works there, not surely)
        return [_Found(person, "member_of", first.name, False, 1.0) for person in people]

    def _joined_people(self, body: list[Token], mentions: list[Mention], a: int, b: int,
                       speaker: str | None) -> list[str]:
        """The people tokens a to b list, joined by "+", "&", "and" or "/" ("Otieno + Kevin Mutua", "Hamad + me"),
        or [] when anything else stands there."""
        people: list[str] = []
        j = a
        while j < b:
            m = next((x for x in mentions if x.start == j and not x.pronoun), None)
            person = m is not None and (self._is_person(m) or (
                m.person_likely or person_shape(m.name) is not False) and self._fit(m, PERSON) >= 1)
            if m is not None and m.end <= b and person:
                people.append(m.name)
                j = m.end
            elif body[j].low in ("me", "myself") and speaker:
                people.append(speaker)
                j += 1
            elif body[j].low in ("+", "&", "and", "/") and people:
                j += 1
            else:
                return []
        return people

    def _value_parts(self, body: list[Token], mentions: list[Mention], label: Mention | None,
                     facts: list[ExtractedFact], sentence_start: int, update: bool) -> list[_Found]:
        """A catalogue line written as prose: "booking-api: owner Callum Reid, p1, eu-west-2", "vetlink-hub is
        mine, p3, eu-west-2.", "pims-sync is mine. p2, ...". A comma-separated part that is only a priority code
        or a cloud region says that value of the thing the line is about: the name labelling the line, else
        the subject of the statement the sentence opened with, else (for a sentence that opens on such a part)
        the subject of the message's latest fact. Only bare codes count: "high" alone is as often an opinion.
        Beside such codes, a labelled line's part that is a person's full name is the thing's owner; and a list
        of names each with a code ("triagebot P2, idproof P1") gives each its priority."""
        parts = _parts(body)
        listed = self._priority_list(body, parts, mentions, update)
        if listed:
            return listed
        stated: ExtractedFact | None = None
        if label is not None:
            if self._fit(label, "component") <= 0 or self._surely_person(label):
                return []
            subject = label.name
        elif len(facts) > sentence_start:
            stated, parts = facts[sentence_start], parts[1:]
        elif sentence_start > 0 and parts and _bare_value(body, *parts[0], mentions) is not None:
            stated = facts[sentence_start - 1]
        else:
            return []
        if stated is not None:
            if PREDICATES[stated.predicate][0] not in ("component", "entity"):
                return []  # "Acme renews in May, p2": a customer, a person or a project has no priority code
            subject = stated.subject
        learned = self._learned(subject)
        if learned not in (None, "component"):
            return []
        out: list[_Found] = []
        said = {f.predicate for f in facts[sentence_start:] if f.subject == subject}
        for a, b in parts:
            value = _bare_value(body, a, b, mentions)
            if value is not None and value[0] not in said and all(f.predicate != value[0] for f in out):
                out.append(_Found(subject, value[0], value[1], update, 1.0))
        if out and label is not None and "owned_by" not in said:
            # "- ledger-svc: priya nair, p2, eu-central-1": in a catalogue's row a person's full name alone is
            # the thing's owner; the codes beside it show the line to be such a row
            person = next((m for a, b in parts for m in mentions if m.start == a and m.end == b and not m.pronoun
                           and " " in m.name and self._surely_person(m)), None)
            if person is not None:
                out += self._owner_of(label, person, ("owned_by",), None, update)
        if out and learned is None:
            self._types.setdefault(name_key(subject), "component")
        return out

    def _priority_list(self, body: list[Token], parts: list[tuple[int, int]], mentions: list[Mention],
                       update: bool) -> list[_Found]:
        """"priorities per the catalogue: triagebot P2, idproof P1, notifyr P3": parts that are each a thing's
        name and a priority code, nothing else, give each thing its priority. Two such parts make the list; one
        alone ("booking-api p1") is as often a heading as a statement."""
        out: list[_Found] = []
        requested = False
        for a, b in parts:
            a = max([a] + [k + 1 for k in range(a, b) if body[k].low == ":"])  # "... per the catalogue: X P2"
            while len(parts) == 1 and b - a > 2 and body[b - 1].low in _REQUEST_TAILS:
                b, requested = b - 1, True  # "cache-eu P1 pls": one name and code, asked for, is no heading
            if b - a < 2 or not _CODE_PRIORITY.match(body[b - 1].low):
                continue
            named = next((m for m in mentions if m.start == a and m.end == b - 1 and not m.pronoun), None)
            if named is None or self._surely_person(named) or self._fit(named, "component") <= 0 or (
                    self._learned(named.name) not in (None, "component")):
                continue
            out.append(_Found(named.name, "priority", body[b - 1].low, update, 1.0))
        if len(out) < 2 and not (requested and out):
            return []
        for f in out:
            self._types.setdefault(name_key(f.subject), "component")
        return out

    def _dash_label(self, body: list[Token], message: str, mentions: list[Mention], known: KnownNames) -> list[Token]:
        """A line that opens on a thing's name and a dash, whose fields make no row ("Quarry Works – mostly air,
        sea in winter, renews Oct"): the name labels the parts after the dash that name no subject of their own, as a
        name and a colon do. Returns the body read that way, or the body itself when nothing changes."""
        kind, fields = _row_fields(body, message)
        if kind != "dash" or len(fields) < 2:
            return body
        a, b = fields[0]
        cut = fields[1][0] - 1
        if a > 1 or cut < b or body[cut].low not in _DASHES:
            return body  # a lead-in before the name, or an arrow: no label
        subject = _cell_name(body, a, b, mentions, message)
        if subject is None or subject.types == _SINGLE_TYPE[PERSON] or self._learned(subject.name) == PERSON:
            return body
        if not self._named_thing(subject) and self._shapes.get((kind, len(fields)), 0) < 2:
            return body  # "Kadam – ..." alone may address Kadam; in a list of such lines it names a thing
        rest = body[cut + 1 :]
        labelled = self._label_subject(body[a:b], rest, message, known, dashed=True)
        return body if labelled is rest else labelled

    def _place_cell(self, body: list[Token], a: int, b: int, column: str | None, inferred: str | None,
                    mentions: list[Mention]) -> str | None:
        """"team" or "office" when a cell names one: a head noun ("Ledger team"), its column, or the column
        the same cell held on an earlier line of the list ("Omar - Billing Ops" under "Mira - Ledger team")."""
        a, column = _inline_column(body, a, b, column)
        if a >= b:
            return None
        whole = [m for m in mentions if m.start == a and m.end == b and not m.pronoun]
        if whole and whole[0].explicit and whole[0].types in (_SINGLE_TYPE["team"], _SINGLE_TYPE["office"]):
            return next(iter(whole[0].types))
        column = column or inferred
        if column in ("team", "office") and all(t.text[:1].isupper() for t in body[a:b] if t.is_word):
            return column
        return None

    def _person_cell(self, subject: Mention, place: str | None, body: list[Token], a: int, b: int,
                     mentions: list[Mention], message: str) -> _Found | None:
        if place is None:
            return None
        a, _ = _inline_column(body, a, b, None)
        whole = [m for m in mentions if m.start == a and m.end == b and not m.pronoun]
        name = whole[0].name if whole else span_text(message, body[a:b])
        return _Found(subject.name, "member_of" if place == "team" else "works_in", name, False, 1.0)

    def _row_field(self, subject: Mention, kind: str | None, column: str | None, body: list[Token], a: int, b: int,
                   mentions: list[Mention], message: str) -> _Found | None:
        a, column = _inline_column(body, a, b, column)
        tokens = body[a:b]
        n = b - a
        if n <= 0:
            return None
        whole = [m for m in mentions if m.start == a and m.end == b and not m.pronoun]
        if column in ("owner", None) and kind in ("project", "account", "component") and n == 1 and (
                tokens[0].text.isalpha()) and len(people := self._people_by_handle(tokens[0].low)) == 1:
            # "dictate360 | deano | pro": a handle in the owner column stands for the one person it can be
            return _Found(subject.name, {"project": "led_by", "account": "handled_by"}.get(kind, "owned_by"),
                          people[0], False, 1.0)
        if not whole and column == "owner" and kind in ("project", "account", "component") and (
                person := _owner_cell_name(tokens)) is not None:
            # "marek kowalski" under an "owner" column: the header says the cell is a person, and a given name
            # opens it, so the family name that no list knows is theirs all the same
            predicate = {"project": "led_by", "account": "handled_by"}.get(kind, "owned_by")
            return _Found(subject.name, predicate, person, False, 1.0)
        if whole and PERSON in whole[0].types and (column == "owner" or column is None and " " in whole[0].name and (
                self._fit(whole[0], PERSON) >= 2.0)):
            predicate = {"project": "led_by", "account": "handled_by"}.get(kind or "", "owned_by")
            self._learn(whole[0], PERSON)
            return _Found(subject.name, predicate, whole[0].name, False, 1.0)
        dates = [v for v in find_dates(tokens, message) if v.start == 0 and v.end == n]
        months = [v for v in find_months(tokens) if v.start == 0 and v.end == n]
        if not months and n == 1 and column in ("renews_in", "deadline") and tokens[0].low.rstrip(".") in MONTHS:
            # "nov" under a "renews" column: the header says the cell is a month, so its lowercase short form is
            # no other word ("mar", "may" in prose are)
            months = [Value(0, 1, MONTHS[tokens[0].low.rstrip(".")], "month")]
        if months and (column == "renews_in" or column is None and kind == "account"):
            return _Found(subject.name, "renews_in", _value_text(months[0]), False, 1.0)
        if dates and column in (None, "deadline"):
            return _Found(subject.name, "deadline", _value_text(dates[0]), False, 1.0)
        statuses = [v for v in find_statuses(tokens, weak=True) if v.start == 0 and v.end == n]
        if statuses and column in (None, "status"):
            return _Found(subject.name, "status", _value_text(statuses[0]), False, 1.0)
        if column == "status" and n <= 3 and all(t.text.islower() and t.text.isalpha() for t in tokens):
            return _Found(subject.name, "status", " ".join(t.low for t in tokens), False, 1.0)  # "pilot running"
        priorities = [v for v in find_priorities(tokens) if v.start == 0 and v.end == n]
        if priorities and column in (None, "priority"):
            return _Found(subject.name, "priority", _value_text(priorities[0]), False, 1.0)
        if column == "priority" and n == 1 and tokens[0].low in _PRIORITY_SHORT:
            return _Found(subject.name, "priority", _PRIORITY_SHORT[tokens[0].low], False, 1.0)  # "crit"
        if column == "where" and n <= 3 and kind not in ("account", "project") and not (
                whole and whole[0].types == _SINGLE_TYPE[PERSON]):
            return _Found(subject.name, "deployed_in", span_text(message, tokens), False, 1.0)
        if column == "plan" and n <= 3 and all(t.is_word and t.text.islower() for t in tokens) and not any(
                t.low in _BLANK_CELLS or t.low in STOPWORDS for t in tokens):
            # "enterprise api" under a "plan" column: typed all in lower case, the cell is still the tier's name
            return _Found(subject.name, "plan", span_text(message, tokens), False, 1.0)
        if column == "tool" and kind not in ("account",) and 0 < n <= 3 and not any(
                t.low in _BLANK_CELLS or t.low in STOPWORDS for t in tokens):
            # "- tool: Duo" under a project's header: what the project uses, however it is written
            return _Found(subject.name, "uses", span_text(message, tokens), False, 1.0)
        tier = tokens[0].low in PLAN_TIERS or column == "plan" and tokens[0].text[:1].isupper()
        if tier and tokens[0].text[:1].isupper() and all(t.text[:1].isupper() for t in tokens) and n <= 2 and (
                column in (None, "plan")):
            return _Found(subject.name, "plan", span_text(message, tokens), False, 1.0)
        return None

    def _label_subject(self, label: list[Token], body: list[Token], message: str, known: KnownNames, *,
                       dashed: bool = False) -> list[Token]:
        """"Oakhurst: Starter plan, renews in August, handled by Rosa": a label that is only a name is the
        subject of each comma-separated part that names none of its own. Such a part is read with the label's
        tokens in front of it (a bare tier, "Enterprise", as "<label> is on Enterprise"); a part with its own
        subject or a pronoun is left as written. After a dash, dashes part it too ("anvil — moving agents to
        k8s — led by me")."""
        parts = _comma_parts(body, (",", ";", *_DASHES) if dashed else (",", ";"))
        out: list[Token] = []
        changed = False
        for part in parts:
            pointed = _points_at_label(part, label)
            if pointed is not None:
                part, changed = pointed, True
            words = [t for t in part if t.is_word]
            own = not words or not self._subjectless(part, message, known) or pointed is not None
            if out:
                # a part read with the label is its own clause, so "renews" binds to the label and no other name
                at = part[0].start if part else label[-1].end
                out.append(Token(",", ",", at, at) if own and not changed else Token(";", ";", at, at))
            if own:
                out += part
                continue
            changed = True
            lows = [t.low for t in words]
            if _tier_phrase(words):
                at = part[0].start
                out += [*label, Token("is", "is", at, at), Token("on", "on", at, at), *part]
            elif _whose(lows):
                out += [*label, Token("is", "is", part[0].start, part[0].start), *part]  # "pims-sync: mine"
            else:
                out += [*label, *part]
        return out if changed else body

    def _named_thing(self, m: Mention) -> bool:
        """A label name that is no person ("Bea:", "Marco:" address someone): a single-word name must be known,
        or learned, as something else."""
        if PERSON not in m.types:
            return True
        learned = self._learned(m.name)
        if learned is not None:
            return learned != PERSON
        # "Oakhurst:" after "Oakhurst Schools": the short form of a known name that is no person's
        return " " in m.name and not m.person_likely and m.types != _SINGLE_TYPE[PERSON]

    def _subjectless(self, part: list[Token], message: str, known: KnownNames) -> bool:
        """Does this part of a labelled statement open on a verb, a value or a value noun rather than a name,
        a pronoun or a person ("renews in August", "Starter plan", "renewal's in May", not "Carmen handles
        them", "they're on Pro", "I think so")?"""
        if not part:
            return False  # a label with nothing after it
        first = part[0]
        if _whose([t.low for t in part]):
            return True  # "pims-sync: mine", "Alpin Caravans: still mine": whose the labelled thing is
        if first.low in _SUBJECT_PRONOUNS or first.low in _FIRST_PERSON_WORDS or first.low in _LABEL_OPENERS:
            return False
        if not first.is_word:
            return False
        lows = [t.low for t in part]
        if all(w in PLAN_TIERS or w in ("plan", "tier") for w in lows if w.isalpha()) and first.text[0].isupper():
            return True
        if _tier_phrase([t for t in part if t.is_word]):
            return True  # "Catalogue Premium plan": a plan's own capitalised name
        if first.text[0].isupper() or any(c.isdigit() for c in first.text):
            return False  # a name of its own ("Sofia runs it"), or a date standing alone
        found = find_mentions(part, message, known=known, learned=self._learned,
                              resolve_pronoun=lambda kind, so_far: None, common=self._common)
        if any(m.start == 0 and not m.pronoun for m in found):
            return False  # "ledgerd depends on it": a lowercase system name opens the part
        return first.low in CUE_FIRST_WORDS or first.low in _LABEL_VALUE_NOUNS

    # --- a question and the message that answers it --------------------------------------------------------

    def _unaddressed(self, body: list[Token], mentions: list[Mention]) -> tuple[list[Token], list[Mention]]:
        """"Sofia what's Atlas using these days?": a person named before the question word is the one asked, not
        what the question is about; the question is read without them (with a single name left, it is the topic).
        So is a given name closing a question after a comma or a value's word ("deadline Sofía?", "what's the
        status, Piotr?"): "deadline?" asks about what the channel is talking about."""
        last = mentions[-1] if mentions else None
        if last is not None and _closing_vocative(body, last):
            return body[: last.start] + body[last.end :], mentions[:-1]
        if len(mentions) < 2 or mentions[0].start != 0 or mentions[0].pronoun or not (
                self._is_person(mentions[0]) or _vocative(body, mentions[0])):
            return body, mentions
        k = mentions[0].end + (1 if mentions[0].end < len(body) and body[mentions[0].end].low == "," else 0)
        if k >= len(body) or body[k].low not in _WH_WORDS or not any(m.start >= k for m in mentions[1:]):
            return body, mentions
        if any(t.low in _SECOND_PERSON for t in body[k:]):
            return body, mentions  # "Rosa, where are you based?": the one addressed is the one asked about
        return body[k:], [m.at(m.start - k, m.end - k) for m in mentions[1:] if m.start >= k]

    def _question_asked(self, body: list[Token], mentions: list[Mention], message: str, *, prior: str | None,
                        channel: str | None = None) -> tuple[str, str] | None:
        """"who owns zonemap?": the one entity and the one relation a question asks about, read with the same
        question parser the graph answers with. A question that names nothing but a pronoun ("is it still on
        track?") asks about the pronoun's antecedent; one that names nothing at all and is a bare relation word
        or two ("deadline?", "status now?") asks about the thing the channel is talking about."""
        from memories.question import parse_question  # the question parser imports nothing from here

        tooled = self._tool_question(body, mentions, prior=prior, channel=channel)
        if tooled is not None:
            # (a tool question about nothing that reads as a project asks nothing the graph could hold)
            return (tooled, "uses") if tooled else None
        named = [m for m in mentions if not m.pronoun and m.types != _SINGLE_TYPE[REGION]]
        lows = [t.low for t in body]
        if len(named) == 1 and named[0].start > 0 and lows[named[0].start - 1] in _POSSESSIVES and any(
                m.pronoun and m.end == named[0].start - 1 + 1 for m in mentions) and named[0].name.isupper():
            named = []  # "who's their AM?": a role written as an acronym, asked of whoever "their" stands for
        topic: Mention | None = None
        if not named:
            pronouns = [m for m in mentions if m.pronoun and m.types != _SINGLE_TYPE[PERSON]]
            if pronouns and len({m.name for m in pronouns}) == 1 and not _FIRST_PERSON_WORDS.intersection(
                    t.low for t in body):
                topic = pronouns[0]
            elif not mentions:
                # what the channel's latest fact was about, not the latest word that looked like a name; "that
                # one" and words of its name ("deadline for the pilot?") point at it too
                last = self._topic.get(channel or "")
                own = set(last.casefold().split()) if last else set()
                rest = [t for t in body if t.is_word and t.low not in _BARE_QUESTION_FILLERS and (
                    t.low not in _WH_WORDS and t.low not in _POINTING_WORDS and t.low not in own)]
                topic = Mention(last, 0, 0, ANY_TYPE) if last and len(rest) == 1 else None
            if topic is None:
                return None
        names = _QuestionNames([(m.name, span_text(message, body[m.start : m.end])) for m in named])
        parsed = parse_question(span_text(message, body), names)
        if topic is not None:
            anchor = topic.name
            if parsed.mentions and names.match_name(parsed.mentions[0]) is None and len(parsed.mentions[0].split()) > 2:
                return None  # the question names something the extractor did not take for an entity
        else:
            anchor = names.match_name(parsed.mentions[0]) if parsed.mentions else None
            surface = span_text(message, body[named[0].start : named[0].end]) if len(named) == 1 else ""
            if anchor is None and surface and parsed.mentions and surface in parsed.mentions[0] and not (
                    surface.isupper()):
                anchor = named[0].name  # "who's running Lantern these days?": the parser's mention holds a verb
        if anchor is None:
            return None
        relations = parsed.relations
        if not relations and parsed.expected_type:
            # "which region is courier-match in?": the answer's type and the anchor's type name the relation
            kind = self._learned(anchor) or prior
            fitting = [p for p, (st, ot) in PREDICATES.items() if ot == parsed.expected_type]
            typed = [p for p in fitting if PREDICATES[p][0] == kind]
            relations = typed if len(fitting) > 1 else fitting
        elif not relations and "where" in lows and getattr(parsed, "expected_types", ()):
            # "where does cache-eu live these days?": the thing's type picks which "where" is asked
            kind = self._learned(anchor) or prior
            relations = [p for p, (st, ot) in PREDICATES.items() if st == kind and ot in parsed.expected_types]
        if len(relations) != 1 or relations[0] == DESCRIBED_AS:
            return None
        learned = self._learned(anchor)
        wanted_subjects = _SUBJECT_TYPES.get(relations[0], (PREDICATES[relations[0]][0],))
        last = self._topic.get(channel or "")
        if topic is None and len(named) == 1 and PERSON not in wanted_subjects and self._surely_person(named[0]) and (
                named[0].start == 0 and named[0].end < len(lows) and lows[named[0].end] == ","):
            # "Tuomas, where is the adapter hosted at present?": the one asked, not what is asked about, which is
            # the channel's topic when that fits
            if not last or (self._learned(last) or prior) not in wanted_subjects:
                return None
            anchor, learned = last, self._learned(last) or prior
        if topic is not None and topic.pronoun and learned not in wanted_subjects:
            if last and self._learned(last) in wanted_subjects:
                anchor, learned = last, self._learned(last)  # "and it's on track?": the channel's topic, not a tool
            elif learned is not None or (topic.person_likely and " " not in topic.name) or not (
                    set(wanted_subjects) & topic.types):
                return None  # "who handles them" when "them" found only a bare word or an office
        project = self._project_topic.get(channel or "")
        if topic is not None and not topic.pronoun and learned != "project" and wanted_subjects == ("project",) and (
                project and project != anchor and last == self._topic_before):
            # "deadline?" after a side question moved the topic to a system ("still Orthanc?"): the project talked
            # about before it (but "different thing: rider-app v3. status?" turns to what it names)
            anchor, learned = project, "project"
        if topic is not None and learned is not None and learned not in _SUBJECT_TYPES.get(
                relations[0], (PREDICATES[relations[0]][0],)):
            return None  # "deadline?" after talk of a tool or a person: not a question about what it is about
        return anchor, relations[0]

    def _tool_question(self, body: list[Token], mentions: list[Mention], *, prior: str | None,
                       channel: str | None) -> str | None:
        # returns None when no tools are asked for, "" when they are but of nothing that reads as a project
        """"what's the stack on it?", "what are they using for labelling?", "patrick which stack": a question
        asking what a project is built with, and the project it asks about: the one project it names (not the job
        after "for"), else what its pronoun or, naming nothing, the channel's topic stands for. The general
        question parser reads these as other relations ("built on" as a dependency, "running it" as a lead), so
        the words that ask for tools are looked for first."""
        lows = [t.low for t in body]
        words = [t.low for t in body if t.is_word]
        if not words:
            return None
        wh = any(w in _TOOL_WH for w in words)
        asks = wh and any(w in TOOL_QUESTION_NOUNS or w in TOOL_QUESTION_VERBS for w in words)
        # "anything new on tooling?": the noun asks on its own; "what are you profiling with": a tool is what an
        # activity is done with
        asks = asks or "tooling" in words or wh and words[-1] == "with" and any(
            w.endswith("ing") and w not in _NOT_TOOL_ACTIVITIES for w in words)
        if not asks or any(w in _WH_WORDS and w not in _TOOL_WH or w in TOOL_QUESTION_OTHER_ANSWERS for w in words):
            return None  # "who's using Figma?", "which region is it running in?": a person or a place is asked

        def project_like(name: str, learned: str | None) -> bool:
            # a person or a tool is no project, nor is the channel itself; a name never typed yet may be one where
            # the channel is about projects, or when a fact made it one
            if name.casefold() in self._speakers or person_shape(name) is True or name_key(name) == name_key(
                    channel or "") or " " in name and is_given_name(name.split()[0]):
                return False  # (a person made a project's subject by a misread fact is still a person)
            return learned == "project" or learned is None and prior == "project"

        named = [m for m in mentions if not m.pronoun and m.types != _SINGLE_TYPE[REGION] and not (
            m.start > 0 and lows[m.start - 1] == "for") and not (
            m.start == 0 and m.end < len(lows) and lows[m.end] in _WH_WORDS)]  # "Bjö what are you ...": addressed
        if len(named) > 1:
            return ""
        if named:
            m = named[0]
            # (a name the question asks the tools of is a project unless known as something else)
            if self._surely_person(m) or not project_like(m.name, self._learned(m.name) or "project"):
                return ""
            return m.name
        # "it"/"they" points at the last thing named, often a tool or a vendor said in passing ("stuck on stripe,
        # KYC docs"): a pronoun known to stand for a project wins, then the channel's topic, then the pronoun
        pronouns = [m.name for m in mentions if m.pronoun and m.types != _SINGLE_TYPE[PERSON] and m.name]
        topic = self._topic.get(channel or "")
        for name, strict in ((pronouns[0] if pronouns else None, True), (topic, False),
                             (pronouns[0] if pronouns else None, False)):
            if name and project_like(name, self._learned(name)) and (not strict or self._learned(name) == "project"):
                return name
        return ""

    def _reply_tools(self, text: str, subject: str, linked: frozenset[str] = frozenset()) -> list[str]:
        """The tools a reply to a tool question names: "Stripe Connect for payouts, and Airtable as the queue",
        "- snowflake as the warehouse\n- dbt for models", "XGBoost on Databricks", "RenderDoc and Superluminal
        mostly". Each item of the reply (split at commas, "and", "plus", "+") opens on a name followed by its job
        or by nothing; a name after "on"/"in"/"with" inside an item is one too. Sentences saying "no"/"not" are
        passed over ("no SAS. XGBoost on Databricks")."""
        names: list[str] = []
        for n, sentence in enumerate(sentences(text[:400])):
            if n >= 4:
                break
            bulleted = _bulleted(sentence, text)
            sentence = _unbulleted(sentence, text)
            if not sentence or is_question(sentence):
                continue
            for name in self._listed_tools(sentence, text, subject, bulleted=bulleted, strict=False, linked=linked):
                if all(name_key(name) != name_key(x) for x in names):
                    names.append(name)
        return names

    def _listed_tools(self, sentence: list[Token], text: str, subject: str, *, bulleted: bool,
                      strict: bool, linked: frozenset[str] = frozenset()) -> list[str]:
        """The tools a list of them names, items split at commas, "and", "plus", "+": each opens on a name
        followed by its job or by nothing; a name after "on"/"in"/"with" inside an item is one too. An item
        saying "no"/"not" is passed over ("no kafka"); `strict`: the list ends at the first item that opens on no
        tool ("Snowflake + dbt + Airflow, same as the pilot")."""
        names: list[str] = []
        items: list[list[Token]] = [[]]
        for k, t in enumerate(sentence):
            gap = text[sentence[k - 1].end : t.start] if k else ""
            if t.low in _ITEM_BREAKS or any(c in gap for c in "+&/"):
                items.append([])  # ("+" is no token: "Next.js + Supabase" splits at the gap)
            if t.low not in _ITEM_BREAKS:
                items[-1].append(t)
        for item in items:
            if not item:
                continue
            if any(t.low in NEGATIONS or t.low in HEDGES or t.low.endswith("n't") for t in item):
                if strict:
                    break
                continue  # "no kafka", "maybe Jira": not a tool the project uses
            k = 0
            while k < len(item) and (item[k].low in _REPLY_OPENERS or item[k].low in _TOOL_ITEM_OPENERS or not (
                    item[k].is_word)):
                k += 1
            found = [self._tool_name(item, k, text, lowercase=True, bulleted=bulleted or strict, linked=linked)]
            if strict and found[0] is None:
                break
            # "XGBoost on Databricks", "the model runs on Replicate": what the item runs on
            found += [self._tool_name(item, j + 1, text, lowercase=False, bulleted=False, linked=linked)
                      for j in range(k, len(item) - 1) if item[j].low in TOOL_REPLY_HOSTS]
            for name in found:
                if name and name_key(name) != name_key(subject) and all(name_key(name) != name_key(x) for x in names):
                    names.append(name)
        return names

    def _stack_said(self, text: str, channel: str, facts: list[ExtractedFact], known: KnownNames,
                    prior: str | None, speaker: str | None) -> list[ExtractedFact]:
        """"stack's Snowflake + dbt + Airflow", "built on Next.js + Supabase", "Lantern's stack is Metabase and
        dbt": a sentence saying what something is built with lists its tools. They belong to the project named
        before the words (by its own name, "Lantern's stack"), else to the project the channel is talking
        about; a sentence that already gave the project's tools, or any other subject, is left alone."""
        if any(f.predicate == "uses" for f in facts):
            return facts
        out = list(facts)
        for sentence in sentences(text[:600]):
            sentence = _unbulleted(sentence, text)
            lows = [t.low for t in sentence]
            if is_question(sentence):
                continue
            at = next((k for k in range(len(lows) - 1) if (lows[k] in _STACK_NOUNS and lows[k + 1] in _STACK_EQUATING) or (
                lows[k] in _BUILT_WORDS and lows[k + 1] in ("on", "with", "in"))), None)
            if at is None:
                out += self._we_use(sentence, lows, text, channel, speaker)
                continue
            if lows[at] in _STACK_NOUNS and at > 0 and lows[at - 1].isalpha() and (
                    lows[at - 1] not in _SKIP_DETERMINERS and lows[at - 1] not in ("tech", "whole", "current", "new")):
                continue  # "the claims stack is Wednesday": a stack of something, not the project's tools
            before = find_mentions(sentence[:at], text, known=known, learned=self._learned,
                                   resolve_pronoun=lambda kind, so_far: None, common=self._common)
            named = [m for m in before if not m.pronoun]
            if len(named) > 1 or named and (self._surely_person(named[0]) or self._learned(named[0].name) not in (
                    None, "project")):
                continue  # "Sam's stack is ...", "Figma is built on ...": not a project's tools
            subject = named[0].name if named else self._topic.get(channel)
            if not subject or not named and (self._learned(subject) != "project" and not (
                    self._learned(subject) is None and prior == "project" and person_shape(subject) is not True)):
                continue
            out += self._stack_facts(subject, sentence[at + 2 :], sentence, text)
        return out

    def _stack_facts(self, subject: str, listed: list[Token], sentence: list[Token], text: str) -> list[ExtractedFact]:
        """The tools `listed` names, as the subject's (learning each as a tool)."""
        tools = self._listed_tools(listed, text, subject, bulleted=False, strict=True)
        for name in tools:
            self._types.setdefault(name_key(name), "tool")
        return [ExtractedFact(subject=subject, predicate="uses", object=name, score=0.8,
                              span=span_text(text, sentence)) for name in tools]

    def _weak_opening(self, m: Mention, body: Sequence[Token]) -> bool:
        """"Fancy.", "Honestly!": an everyday word capitalised only because it opens the sentence, alone in it and
        nothing known about it, is no name a later "it" or "they" can mean. (Before more words it may well be one:
        "Election night liveblog is Kat's", "Atlas is blocked", "Heron, any blockers?".)"""
        return (m.start == 0 and m.end == 1 and not m.pronoun and not m.explicit and len(m.types) > 2
                and " " not in m.name and is_common_word(m.name) and self._learned(m.name) is None
                and (m.end >= len(body) or body[m.end].low in (".", "!")))

    def _of_topic(self, channel: str, speaker: str | None) -> bool:
        """Is the writer one of the people of the channel's topic (see _topic_people)?"""
        return bool(speaker) and _first_word(speaker) in self._topic_people.get(channel, set())

    def _we_use(self, sentence: list[Token], lows: list[str], text: str, channel: str, speaker: str | None
                ) -> list[ExtractedFact]:
        """"we use Salto KS for the keys", "we're using Meraki switches", "we go with Axis cameras": the people on
        the channel's project naming what they work with give its tools (said by the project's people, as a date said
        loosely is)."""
        subject = self._topic.get(channel)
        if not subject or self._learned(subject) != "project" or not self._of_topic(channel, speaker):
            return []
        we = next((k for k in range(len(lows)) if lows[k] == "we"), None)
        if we is None or any(sentence[k].is_word and lows[k] not in CHAT_FILLERS and lows[k] not in _STACK_NOUNS
                             for k in range(we)):
            return []
        k = we + 1
        while k < len(lows) and lows[k] in _WE_ARE_ADVERBS | {"are", "'ll", "will", "also"}:
            k += 1
        if k < len(lows) and lows[k] in ("go", "going", "went") and k + 1 < len(lows) and lows[k + 1] == "with":
            k += 2
        elif k < len(lows) and lows[k] in _WE_USE_VERBS:
            k += 1
        else:
            return []
        return self._stack_facts(subject, sentence[k:], sentence, text)

    def _tool_name(self, item: list[Token], k: int, text: str, *, lowercase: bool, bulleted: bool,
                   linked: frozenset[str] = frozenset()) -> str | None:
        """The name opening `item` at `k`, when it reads as a tool's: capitalised, written as code or with a
        digit ("Stripe Connect", "ROS 2", "Next.js"), up to four words, ended by the item or a job word; a lowercase
        word only if it is no dictionary word, or it heads a bulleted line and a job follows ("snowflake as the
        warehouse"). A person's name, a speaker or a name an earlier fact gave another type is none."""
        end = k
        while end < len(item) and end - k < 4 and item[end].is_word and item[end].low not in TOOL_REPLY_ROLES and (
                item[end].low not in _REPLY_TAILS) and (end == k or text[item[end - 1].end : item[end].start] == " ") and (
                end == k or _tool_word(item[end]) or item[end].text.isdigit()):
            if end == k and not _tool_word(item[end]) and not lowercase:
                break
            end += 1
        if end == k or (end < len(item) and item[end].is_word and item[end].low not in TOOL_REPLY_ROLES and (
                item[end].low not in _REPLY_TAILS)):
            return None  # "the designs are lovely", "Dmitri is leading": no name standing alone or on a job
        first = item[k]
        if first.low in STOPWORDS or first.low in _REPLY_OPENERS or first.low in WEEKDAYS or first.low in MONTHS:
            return None  # ("Wednesday 14:00", "March": a time, not a tool)
        if not _tool_word(first):
            job = end < len(item) and item[end].low in ("for", "as")
            # a lowercase word alone is chatter ("brb, lunch at Nando's") unless a job follows or a fact made it a tool
            # (`bulleted`: a line of a list, or an item of a stated stack, "Snowflake + dbt + Airflow")
            if end - k > 1 or not ((job or bulleted) and (not is_common_word(first.text) or bulleted and job) or (
                    self._learned(first.text) == "tool")):
                return None
        name = span_text(text, item[k:end])
        # (`linked`: names this very message linked to a tool, "Deepgram, and the summaries run on Modal", which
        # that reading took for projects)
        if name.casefold() in self._speakers or person_shape(name) is True or (
                self._learned(name) not in (None, "tool") and name_key(name) not in linked):
            return None
        return name

    def _answers(self, text: str, channel: str, asked: tuple[str, str] | None, proposed: ExtractedFact | None,
                 facts: list[ExtractedFact], known: KnownNames, speaker: str | None = None) -> list[ExtractedFact]:
        """A short reply in the same channel, within the next few messages, answers the open question there:
        "who owns zonemap?" ... "Rasmus Lind, he's OOO till 11" states (zonemap, owned_by, Rasmus Lind). A yes/no
        question that states a value ("Sahar = Mumbai?") is confirmed by a reply opening with "yes"; a value the
        reply gives itself wins ("yep, Leeds now"). A question about what a thing needs or uses may be answered
        with a list ("postgres-main + redis-sessions, thats it"): each item is an answer. Returns this message's
        facts with the answer(s) added."""
        if asked is not None or proposed is not None:
            self._proposed.pop(channel, None)
            if asked is not None:
                self._asked[channel] = (asked[0], asked[1], 3)
            else:
                self._asked[channel] = (proposed.subject, proposed.predicate, 3)
                self._proposed[channel] = proposed
            return facts
        pending = self._asked.get(channel)
        if pending is None:
            return facts
        subject, predicate, left = self._asked.pop(channel)
        proposal = self._proposed.pop(channel, None)
        if predicate == "uses" and proposal is None:
            tools = self._reply_tools(text, subject, frozenset(
                name_key(f.subject) for f in facts if f.predicate in _SYSTEM_LINKS))
            if not tools:
                if left > 1:
                    self._asked[channel] = (subject, predicate, left - 1)
                return facts
            # the reply's own links between its tools ("Label Studio, and the model runs on Replicate") are the
            # project's, and a tool's job ("snowflake as the warehouse") is no description of it
            keys = {name_key(x) for x in tools}
            out = [f.model_copy(update={"subject": subject, "predicate": "uses"}) if f.predicate in _SYSTEM_LINKS and (
                name_key(f.subject) in keys) else f for f in facts
                if not (f.predicate == DESCRIBED_AS and name_key(f.subject) in keys)]
            for name in tools:
                self._types.setdefault(name_key(name), "tool")
            self._types.setdefault(name_key(subject), "project")
            have = {(name_key(f.subject), f.predicate, name_key(f.object)) for f in out}
            return [*out, *(ExtractedFact(subject=subject, predicate="uses", object=x, score=0.9,
                                          span=span_text(text, next(iter(sentences(text[:200])), [])))
                            for x in tools if (name_key(subject), "uses", name_key(x)) not in have)]
        if any(f.predicate == predicate for f in facts):
            return facts  # the reply stated it in full, and the clause reading found it (of whatever subject)
        if left > 1 and not any(f.predicate == "member_of" for f in facts):
            # (a reply listing who is on a team answers who is on it, not the question about whose a thing is)
            self._asked[channel] = (subject, predicate, left - 1)
            if proposal is not None:
                self._proposed[channel] = proposal
        first = next(iter(sentences(text[:200])), [])
        words = [t for t in first if t.is_word]
        lows = [t.low for t in first]
        if proposal is not None and lows[:1] and lows[0] in _NO_WORDS and PREDICATES[predicate][1] in _VALUE_TYPES:
            self._asked.pop(channel, None)
            self._proposed.pop(channel, None)
            return [*facts, *self._denied_proposal(text, proposal)]
        # a reply opening with a verb is no question without its mark: "was 3 March, now 17 April"
        if not words or len(words) > 12 or "?" in lows or (is_question(first) and lows[0] in _WH_WORDS):
            return facts
        if any(w in NEGATIONS or w in HEDGES or w.endswith("n't") for w in lows):
            return facts  # "not sure", "no idea", "dunno, ask Mira": no answer
        wanted = PREDICATES[predicate][1]
        answer: str | None = None
        more: list[str] = []
        members: list[ExtractedFact] = []
        if wanted in _VALUE_TYPES:
            finder = {"priority": find_priorities, "month": find_months, "status": lambda t: find_statuses(t, weak=True),
                      "date": lambda t: find_dates(t, text)}.get(wanted)
            values = finder(first) if finder is not None else []
            if wanted == "status" and "status" in lows:
                # "yes status is pilot, 12 sites live": the stage said after the word "status" is the answer
                at = lows.index("status") + 1
                values = [v for v in values if at <= v.start <= at + 2] or _free_statuses(first, lows, at) or values
            if wanted == "date":  # "end of november, Nov 28 to be exact": the day, when one is given
                values = sorted(values, key=lambda v: not any(w.isdigit() for w in v.text.split()))
            # "was 31 Jan, now 28 Feb": the value the reply says holds now
            values = sorted(values, key=lambda v: not _now_value(first, v))
            if values:
                answer = _value_text(values[0])
            elif wanted == "plan":
                # the tier opens the reply ("Starter. tiny but loud", "yeah, Pro"), or is a known tier name
                tier = next((t for t in first if t.text[:1].isupper() and t.low not in _NOT_PLAN_WORDS), None)
                if tier is not None and (tier.low in PLAN_TIERS or all(
                        t.low in _REPLY_OPENERS for t in first[: first.index(tier)])):
                    # "Grid Analytics Plus": a tier named in several capitalised words is all of them
                    at = first.index(tier)
                    end = at + 1
                    while end < len(first) and first[end].is_word and first[end].text[:1].isupper() and (
                            first[end].start == first[end - 1].end + 1):
                        end += 1
                    answer = span_text(text, first[at:end])
                    # "Acme Corp is on Starter", "Lena is on the Growth team": a name that opens a clause of its
                    # own, the account asked about itself, or a person is no tier
                    # "Shared the mockups", "Lunch and learn tomorrow": a word that is no known tier and runs on
                    # into the sentence is its first word, not a plan's name ("Orbit, renews May" stops)
                    runs_on = first[end - 1].low not in PLAN_TIERS and end < len(first) and first[end].is_word and (
                        first[end].low not in _REPLY_TAILS and first[end].low not in _PLAN_REPLY_TAILS)
                    if runs_on or end < len(first) and first[end].low in _BE_WORDS | {"has", "have"} or (
                            name_key(answer) == name_key(subject)) or self._learned(answer) == PERSON:
                        answer = None
        else:
            if speaker and wanted == PERSON and _self_answer(lows):
                answer = speaker  # "me since last month", "I do": the one replying (a handle, named later)
            found = self._lowercase_mentions(first, text, find_mentions(
                first, text, known=known, learned=self._learned, resolve_pronoun=lambda kind, so_far: None,
                common=self._common), known)
            head = next((m for m in found if not m.pronoun), None)
            if answer is None and predicate == "owned_by" and head is not None and (
                    head.types == _SINGLE_TYPE["team"] and head.explicit) and all(
                    w in _REPLY_OPENERS for w in lows[: head.start]):
                # "who owns X?" ... "Team Harbour, me and Lise": the team owns it, and the people after it are in it
                people = self._team_reply_people(first, lows, found, head, speaker)
                if people is not None:
                    answer = head.name
                    members = [ExtractedFact(subject=x, predicate="member_of", object=head.name, score=0.9,
                                             span=span_text(text, first)) for x in people]
            for i, m in enumerate(found):
                if answer is not None:
                    break
                if not self._answer_fits(m, subject, wanted, listed=predicate in MULTI_VALUED):
                    continue
                # "postgres-main + redis-sessions, thats it": a question about what a thing needs is answered
                # with a list, each a value of its own
                listed = [m] + (self._listed(found[i + 1 :], m, first, text, subject, wanted)
                                if predicate in MULTI_VALUED else [])
                if len(listed) == 1 and not self._answer_fits(m, subject, wanted):
                    continue  # a name alone needs a type that fits well, or the look of code
                if m.start == 0 and m.end == 1 and not m.explicit and self._learned(m.name) is None and (
                        first[0].text.isalpha()) and len(listed) == 1:
                    # "Signature is still pending": a capitalised first word is most often no name, and a lowercase
                    # one a word ("quayside"); a code name ("postgres-main") or the head of a list is a name
                    continue
                after = lows[listed[-1].end] if listed[-1].end < len(lows) else ""
                if any(w not in _REPLY_OPENERS for w in lows[: m.start]) or (
                        after[:1].isalpha() and after not in STOPWORDS and after not in _REPLY_TAILS):
                    continue  # a reply names its answer up front, on its own: not "our NPS survey closes Friday"
                answer = m.name
                more = [x.name for x in listed[1:]]
                for x in listed:
                    self._learn(x, wanted)
        if answer is None and proposal is not None and lows[0] in _YES_WORDS:
            answer = proposal.object  # "Sahar = Mumbai?" ... "yes, the airport one"
        if answer is None:
            return facts
        self._asked.pop(channel, None)
        self._proposed.pop(channel, None)
        # "Silver for now, renews Feb": the reply's other values are about what was asked, not about its answer
        out = [f.model_copy(update={"subject": subject}) if wanted in _VALUE_TYPES and (
            name_key(f.subject) == name_key(answer)) and PREDICATES[f.predicate][1] in _VALUE_TYPES else f
            for f in facts]
        return [*out, *(ExtractedFact(subject=subject, predicate=predicate, object=value,
                                      update=_has_update_signal(lows), score=0.9, span=span_text(text, first))
                        for value in [answer, *more]), *members]

    def _denied_proposal(self, text: str, proposal: ExtractedFact) -> list[ExtractedFact]:
        """"bhekani renewal is aug, still right?" ... "nope, moved. september now": a reply that denies a value put
        to it and gives another of the same kind, in its first two sentences, corrects it."""
        wanted = PREDICATES[proposal.predicate][1]
        finder = {"priority": find_priorities, "month": find_months, "date": lambda t: find_dates(t, text),
                  "status": lambda t: find_statuses(t, weak=False)}.get(wanted)
        if finder is None:
            return []
        for sentence in sentences(text[:300])[:2]:
            values = [v for v in finder(sentence) if name_key(_value_text(v)) != name_key(proposal.object)]
            if values:
                return [ExtractedFact(subject=proposal.subject, predicate=proposal.predicate,
                                      object=_value_text(values[0]), update=True, score=0.9,
                                      span=span_text(text, sentence))]
        return []

    def _team_reply_people(self, first: list[Token], lows: list[str], found: list[Mention], team: Mention,
                           speaker: str | None) -> list[str] | None:
        """The people a reply lists after the team it names ("Team Harbour, me and Lise"): "me" is the writer.
        None when anything else follows the team, which then is no plain answer; [] when nothing follows."""
        people: list[str] = []
        k = team.end
        while k < len(lows):
            w = lows[k]
            m = next((x for x in found if x.start == k and not x.pronoun), None)
            if m is not None:
                if not self._is_person(m) and not (m.person_likely and self._fit(m, PERSON) >= 1):
                    return None
                people.append(m.name)
                k = m.end
            elif w in ("me", "myself", "i") and speaker:
                people.append(speaker)
                k += 1
            elif w in _TOOL_JOINERS or w in (".", "!") or w in _REPLY_TAILS:
                k += 1
            else:
                return None
        return people

    def _where_reply(self, text: str, channel: str, facts: list[ExtractedFact], known: KnownNames,
                     speaker: str | None) -> list[ExtractedFact]:
        """A reply to "where are you all based?" that opens on an office ("gdansk office mostly, wfh fridays",
        "yeah Leeds office"): its writer works there. The question asks each reader, so several replies may
        answer it; only the office's position up front (after words like "yeah", "mostly") makes it an answer."""
        left = _count_down(self._everyone_asked, channel) if speaker else None
        if left is None:
            return facts
        if left == 5 or any(f.predicate == "works_in" for f in facts):
            return facts  # (5: this is the message that asked)
        read = self._reply_opening(text, known)
        if read is None:
            return facts
        first, lows, found = read
        office = next((m for m in found if not m.pronoun), None)
        building = _building_reply(first, text)
        if building is not None and (office is None or office.start >= building[0]):
            return [*facts, ExtractedFact(subject=speaker, predicate="works_in", object=building[1], score=0.85,
                                          span=span_text(text, first))]
        if office is None or not (office.explicit and office.types == _SINGLE_TYPE["office"]) or any(
                w not in _REPLY_OPENERS for w in lows[: office.start]):
            return facts
        after = lows[office.end] if office.end < len(lows) else ""
        if after[:1].isalpha() and after not in _REPLY_TAILS and after not in _ITEM_TAILS:
            return facts  # "leeds office is closed fridays": a statement about the office, no answer
        return [*facts, ExtractedFact(subject=speaker, predicate="works_in", object=office.name, score=0.9,
                                      span=span_text(text, first))]

    def _reply_opening(self, text: str, known: KnownNames, *, lowercase_places: bool = False
                       ) -> tuple[list[Token], list[str], list[Mention]] | None:
        """A reply's first sentence, its words and the names in it; None when it asks, denies or hedges."""
        first = next(iter(sentences(text[:200])), [])
        lows = [t.low for t in first]
        if not first or "?" in lows or any(w in NEGATIONS or w in HEDGES for w in lows):
            return None
        found = self._lowercase_mentions(first, text, find_mentions(
            first, text, known=known, learned=self._learned, resolve_pronoun=lambda kind, so_far: None,
            common=self._common, lowercase_places=lowercase_places), known)
        return first, lows, found

    def _you_reply(self, text: str, channel: str, facts: list[ExtractedFact], known: KnownNames,
                   speaker: str | None) -> list[ExtractedFact]:
        """A reply to a question asking one reader where they work ("ur still galway?" / "galway yep", "where r u
        based nuno?" / "nah Chiado"): its writer, someone other than the asker, works in the place it opens on. A
        city or a name no type was learned for counts, as an answer to "where"; a person's name does not."""
        pending = self._you_asked.get(channel)
        if pending is None or not speaker or any(f.predicate == "works_in" for f in facts):
            return facts
        asker, left = pending
        if speaker == asker:
            return facts  # the asker going on: the question is still open
        if left <= 1:
            self._you_asked.pop(channel)
        else:
            self._you_asked[channel] = (asker, left - 1)
        # ("galway yep": a place asked for may be typed in lowercase)
        read = self._reply_opening(text, known, lowercase_places=True)
        if read is None:
            return facts
        first, lows, found = read
        place = next((m for m in found if not m.pronoun), None)
        if place is None or OFFICE not in place.types or self._surely_person(place) or self._learned(
                place.name) not in (None, OFFICE, REGION) or any(w not in _REPLY_OPENERS and w not in _NAY
                                                                for w in lows[: place.start]):
            return facts
        after = lows[place.end] if place.end < len(lows) else ""
        if after[:1].isalpha() and after not in _ITEM_TAILS and after not in _SPAN_TAILS:
            return facts  # "sandton office is closed fridays": a statement about the place, no answer
        self._you_asked.pop(channel, None)
        return [*facts, ExtractedFact(subject=speaker, predicate="works_in", object=place.name, score=0.85,
                                      span=span_text(text, first))]

    def _team_reply(self, text: str, channel: str, facts: list[ExtractedFact], speaker: str | None
                    ) -> list[ExtractedFact]:
        """A reply to "which team are you all in?" that opens on a team's name, in any case ("clinical apps",
        "EUD", "ta. i'm clinical apps too"): its writer is on that team."""
        left = _count_down(self._teams_asked, channel) if speaker else None
        if left is None:
            return facts
        if left == 7 or any(f.predicate == "member_of" for f in facts) or "?" in text:
            return facts
        said = sentences(text[:200])
        while said and all(t.low in CHAT_WORDS or t.low in _THANKS or not t.is_word for t in said[0]):
            said = said[1:]  # "ta. i'm clinical apps too": past the thanks
        if not said:
            return facts
        out = list(facts)
        team = _team_answer(said[0])
        if team is not None:
            out.append(ExtractedFact(subject=speaker, predicate="member_of", object=team, score=0.8,
                                     span=span_text(text, said[0])))
        for sentence in said[1 if team is not None else 0 :]:
            # "im networks. bazza's infra": a colleague's team, told by a handle the chat's people go by
            person = self._possessor(sentence)
            team = _team_answer(sentence[2:]) if person is not None else None
            if team is not None:
                out.append(ExtractedFact(subject=person, predicate="member_of", object=team, score=0.75,
                                         span=span_text(text, sentence)))
        return out

    def _possessor(self, sentence: Sequence[Token]) -> str | None:
        """The person a sentence opens on as "<handle>'s" ("bazza's infra", "sunita's clinical apps"): a handle
        one of the chat's speakers posts under, read as the one full name written for it, if any."""
        if len(sentence) < 2 or not sentence[0].is_word or sentence[1].low not in ("'s", "’s"):
            return None
        handle = sentence[0].low
        if not handle.isalpha() or handle not in self._speakers:
            return None
        hits = self._people_by_handle(_folded(handle))
        return hits[0] if len(hits) == 1 else handle

    def _answer_fits(self, m: Mention, subject: str, wanted: str, *, listed: bool = False) -> bool:
        """A mention that can be the answer: of the wanted type, and plausibly so (a guessed type is not enough:
        chatter follows questions as often as answers), unless it is written as code ("notification-service")
        or stands in a list of such names, where any type that fits will do, short of a person's name."""
        if m.pronoun or name_key(m.name) == name_key(subject):
            return False
        fit = self._fit(m, wanted)
        if fit >= 2:
            return True
        if wanted == PERSON or fit <= 0:
            return False
        return _code_name(m.name) or (listed and not self._surely_person(m))

    def _listed(self, rest: list[Mention], head: Mention, tokens: list[Token], text: str, subject: str,
                wanted: str) -> list[Mention]:
        """The mentions after `head` joined to it as a list ("a + b", "a, b and c", "a & b", "a (what it is
        for) and b"), each fitting the answer's type."""
        out: list[Mention] = []
        last = head
        for m in rest:
            joint = text[tokens[last.end - 1].end : tokens[m.start].start]
            if "(" in joint and ")" not in joint:
                continue  # a name inside an aside: "Tariff Lookup (HS code widget) and MDM"
            if not _LIST_JOINT.fullmatch(joint) or not self._answer_fits(m, subject, wanted, listed=True):
                break
            out.append(m)
            last = m
        return out

    # --- one clause -----------------------------------------------------------------------------------------

    def _clause(
        self, tokens: list[Token], mentions: list[Mention], message: str, prior: str | None, update: bool,
        state: _MessageState,
    ) -> list[_Found]:
        lows = [t.low for t in tokens]
        first = next((w for w in lows if w[0].isalnum() and w not in CHAT_FILLERS), "")
        if first in CLAUSE_HEDGES:
            # "if anyone needs me in person I'm at Harrow House": the condition ends where its writer's own
            # statement starts, typed without a comma
            k = next((k for k in range(2, len(lows)) if lows[k] in ("i'm", "we're")), None)
            rest = [m.at(m.start - k, m.end - k) for m in mentions if m.start >= k] if k is not None else []
            return self._clause(tokens[k:], rest, message, prior, update, state) if rest else []
        found: list[_Found] = []
        tentative: list[_Found] = []  # descriptions that only count when the clause states a fact too
        keep = [True] * len(tokens)
        # 1. relative clauses and appositions: descriptions, or facts about their antecedent
        for m in mentions:
            if m.end >= len(tokens) or lows[m.end] not in _ASIDE_OPENERS or not keep[m.end] or m.pronoun:
                continue
            facts, firm = self._aside(tokens, lows, mentions, m, message, prior, update, keep, state)
            (found if firm else tentative).extend(facts)
        # "Dana is now on the Platform team", "X is currently owned by Y": an adverb between a copula and a
        # relation cue is read past, so the cue meets the copula it is listed with
        for k in range(1, len(lows) - 1):
            if lows[k] in _CUE_ADVERBS and (lows[k - 1] in _BE_WORDS or lows[k - 1] in ("i'm", "am")) and (
                    lows[k + 1] in RELATION_CUES) and keep[k]:
                keep[k] = False
        if not all(keep):
            index = [i for i, k in enumerate(keep) if k]
            position = {old: new for new, old in enumerate(index)}
            tokens = [tokens[i] for i in index]
            lows = [lows[i] for i in index]
            mentions = [
                m.at(position[m.start], position[m.end - 1] + 1)
                for m in mentions if keep[m.start] and keep[m.end - 1]
            ]
        # 2. the clause itself
        main = self._relations(tokens, lows, mentions, message, prior, update, state)
        described = {f.subject for f in found + tentative if f.predicate == DESCRIBED_AS}
        nominal = [f for f in self._nominal(message, tokens, lows, mentions) if f.subject not in described]
        main = main + nominal if nominal and not any(f.predicate == DESCRIBED_AS for f in main) else main
        if not main:
            return found  # "Wow, Caroline, your support means a lot": an aside in a clause stating nothing
        return tentative + found + main

    def _kind_pairs(self, body: list[Token], message: str, mentions: list[Mention], said: list[ExtractedFact],
                    prior: str | None, update: bool, rundown: bool) -> list[tuple[_Found, str]]:
        """Facts read from the kinds of two names alone: a part of the sentence holding exactly two candidates
        (names or values) whose kinds are sure, joined by one predicate only, with nothing between them but
        joiners and chat fillers ("tapin - thornwick DC", "triton = gold", "halo P1", "scanwell - mine"). A part
        that asks, hedges, denies, wishes or looks back, or says anything else, states nothing here; neither does
        one whose names a fact of this sentence already holds."""
        out: list[tuple[_Found, str]] = []
        taken = {name_key(n) for f in said for n in (f.subject, f.object)}
        all_lows = [t.low for t in body]
        if not KIND_PAIR_CONDITIONS.isdisjoint(all_lows):
            return out  # "Project Wren is blocked, if the vendor says no": the whole sentence is qualified
        parts = _pair_parts(body)
        for index, (a, b) in enumerate(parts):
            part = body[a:b]
            lows = [t.low for t in part]
            if not KIND_PAIR_BLOCKERS.isdisjoint(lows) or any(w.endswith("n't") for w in lows):
                continue
            names = [m for m in mentions if m.start >= a and m.end <= b]
            if any(m.start < a < m.end or m.start < b < m.end for m in mentions) or len(names) > 2:
                continue
            named = {k for m in names for k in range(m.start - a, m.end - a)}
            if sum(1 for k in range(len(part)) if k not in named and not _pair_filler(lows, k, dated=False)) > (
                    _PAIR_VALUE_WORDS):
                continue  # more words than a value and fillers hold: the part says something else (and finding
                # values is the costly step, so it is skipped)
            values = self._pair_values(part, message, [(m.start - a, m.end - a) for m in names])
            if len(names) + len(values) != 2 or not names:
                continue
            used = [False] * len(part)
            for m in names:
                for k in range(m.start - a, m.end - a):
                    used[k] = True
            for v in values:
                for k in range(v.start, v.end):
                    used[k] = True
            if any(not used[k] and not _pair_filler(lows, k, dated=bool(values)) for k in range(len(part))):
                continue
            if values and values[0].kind == "priority" and not _CODE_PRIORITY.match(values[0].text) and not (
                    _PAIR_ARROWS.search(message[part[0].start : part[-1].end])):
                continue  # "invoice-svc is critical": a bare priority word is an opinion unless set by "->" or "="
            kinds = [self._sure_kind(m, part, a) for m in names]
            if len(names) == 2 and not any(self._learned(m.name) is not None or _first_person(m, body) for m in names) and (
                    not any(k == "region" and m.headed for k, m in zip(kinds, names))):
                # "Brackwater Studios - Ines Ferreira": a client's contact as well as its manager; but a thing
                # beside a site named by its code ("tapin - thornwick DC") can only be hosted there
                continue
            if any(_first_person(m, body) for m in names[:-1]) or (values and names[0].pronoun):
                continue  # "mine - Ledger team", "it's P2": the writer is named after the thing; no pronoun else
            if len(names) == 2 and names[-1].end < b and body[names[-1].end].low == "'s" and (
                    not {"team", "office"}.isdisjoint(kinds)):
                continue  # "the Search team is Odile Marchand's": whose team it is, not who is on it
            if len(names) == 2 and index + 1 < len(parts) and body[b].low in (",", "and", "&") and kinds[-1] and any(
                    m.start == parts[index + 1][0] and m.end <= parts[index + 1][1] and
                    self._sure_kind(m, body[parts[index + 1][0]:parts[index + 1][1]], parts[index + 1][0]) == kinds[-1]
                    for m in mentions):
                continue  # "Storage team is me, Lise Berg and ...": the head of a list, read as a roster or not at all
            if kinds.count(None) == 1 and prior is not None and (rundown or not values):
                # "scanwell - mine", "ordernet P1" in a channel about accounts or systems: a name typed in lower
                # case, beside one of sure kind or a value, is the kind of thing the channel is about
                k = kinds.index(None)
                m = names[k]
                other = names[1 - k] if len(names) == 2 else None
                if prior in m.types and m.name == m.name.lower() and not m.pronoun and not (
                        self._surely_person(m)) and not (values and values[0].kind == "status") and not (
                        other is not None and (other.start == m.end or m.start == other.end)):
                    kinds[k] = prior
            if any(k is None for k in kinds) or any(name_key(m.name) in taken for m in names):
                continue
            span = span_text(message, part)
            if len(names) == 2:
                if kinds[0] == kinds[1] or names[0].name == names[1].name:
                    continue
                joined = KIND_PAIRS.get(frozenset(kinds))
                if joined is None:
                    continue
                predicate, subject_kind = joined
                s, o = (names[0], names[1]) if kinds[0] == subject_kind else (names[1], names[0])
                out.append((_Found(s.name, predicate, o.name, update, 0.8), span))
            else:
                value = values[0]
                predicate = KIND_VALUES.get((kinds[0], value.kind))
                if predicate is None or value.start < names[0].start - a:
                    continue  # "P1 for X" is read by its cue, if at all: the value follows its thing here
                if value.kind == "plan" and value.start == names[0].end - a:
                    continue  # "Grid Analytics Plus": a tier word right after a name may end the plan's name
                out.append((_Found(names[0].name, predicate, value.text, update, 0.8), span))
        return out

    def _pair_values(self, part: list[Token], message: str, taken: list[tuple[int, int]]) -> list[Value]:
        """The values a fragment names outside its names: priorities, months and dates, statuses, plan tiers."""
        def free(v: Value) -> bool:
            return all(v.end <= s or v.start >= e for s, e in taken)

        dates = [v for v in find_dates(part, message) if free(v)]
        months = [v for v in find_months(part) if free(v) and all(v.end <= d.start or v.start >= d.end
                                                                      for d in dates)]
        found = [v for v in find_priorities(part) if free(v)] + dates + months + [
            v for v in find_statuses(part, weak=False) if free(v)]
        for k, t in enumerate(part):
            if t.low in PLAN_TIERS and free(Value(k, k + 1, t.text, "plan")) and not any(
                    v.start <= k < v.end for v in found):
                end = k + 1
                if end < len(part) and part[end].low in ("plan", "tier"):
                    end += 1
                found.append(Value(k, end, t.text[:1].upper() + t.text[1:], "plan"))
        return sorted(found, key=lambda v: v.start)

    def _sure_kind(self, m: Mention, part: list[Token], a: int) -> str | None:
        """The kind a mention surely has: learned from an earlier fact, stated by a head noun or its shape (a
        region code, a full person name), or the writer's own "me"/"mine"."""
        if m.pronoun:
            word = part[m.start - a].low if m.end - m.start == 1 else ""
            return PERSON if m.types == _SINGLE_TYPE[PERSON] and word in ("me", "mine", "myself") else None
        learned = self._learned(m.name)
        if learned is not None:
            return learned
        if len(m.types) == 1 and (m.headed or m.explicit):
            return next(iter(m.types))
        if " " in m.name and person_shape(m.name) is True and PERSON in m.types:
            return PERSON
        return None

    def _aside(
        self, tokens: list[Token], lows: list[str], mentions: list[Mention], m: Mention, message: str,
        prior: str | None, update: bool, keep: list[bool], state: _MessageState,
    ) -> tuple[list[_Found], bool]:
        """A comma-, bracket- or dash-delimited aside right after a mention: ", which serves usage reports," (a
        description), ", our usage-report service," (an apposition) or ", owned by Lena," (a fact). Returns the
        facts and whether they stand on their own: a fact, or a relative clause inside the sentence, does; an
        apposition or a trailing relative clause is a description only if the sentence states a fact too."""
        open_at = m.end
        closer = ")" if lows[open_at] == "(" else "," if lows[open_at] == "," else lows[open_at]
        start = open_at + 1
        if start >= len(tokens):
            return [], False
        close = next((k for k in range(start, len(tokens)) if lows[k] == closer), -1)
        if close < 0 and closer in _DASHES:
            return [], False  # "Crashpipe — owner Nadia": one dash labels what follows, only a pair sets it aside
        trailing = close < 0
        stop = close if close >= 0 else _content_end(lows)
        if stop <= start:
            return [], False
        head = lows[start]
        relative = head in _RELATIVE
        headed_relative = _headed_relative(lows, start, stop)
        if headed_relative:  # "the one that serves usage reports", "the service which loads events"
            relative, head, start = True, lows[headed_relative - 1], headed_relative - 1
        reduced = not relative and _cue_at(lows, start) is not None
        apposition = not relative and not reduced and (head in _APPOSITION_START or closer != ",")
        if not (relative or reduced or apposition):
            return [], False
        if trailing and not relative and not (apposition and head in _APPOSITION_START):
            return [], False
        body_from = start + 1 if relative else start
        inner = [x for x in mentions if x.start >= body_from and x.end <= stop]
        if relative:
            # "Asana is maintained by Jonas, who owns it": "it" in a relative clause is bound inside the sentence,
            # to the entity the main clause named before the antecedent, not to the channel's last topic
            before = next((x for x in mentions if x.end <= m.start and not x.pronoun and x.name != m.name), None)
            if before is not None:
                inner = [replace(x, name=before.name, types=before.types - {PERSON} or before.types,
                                 person_likely=False, explicit=before.explicit)
                         if x.pronoun and PERSON not in x.types and x.name != before.name else x for x in inner]
        # run the aside as its own clause, with the antecedent standing in for "which"/"who"
        sub_tokens = tokens[m.start : m.end] + tokens[body_from:stop]
        shift = body_from - (m.end - m.start)
        sub_mentions = [m.at(0, m.end - m.start)] + [
            x.at(x.start - shift, x.end - shift) for x in inner
        ]
        found = self._relations(sub_tokens, [t.low for t in sub_tokens], sub_mentions, message, prior, update,
                                state, allow_embedding=False)
        firm = bool(found)
        if not found and not reduced:
            description = _description(message, tokens[body_from:stop], lows[body_from:stop], relative)
            if description:
                found = [_Found(m.name, DESCRIBED_AS, description, False, 1.0 if relative else 0.9)]
                firm = relative and not trailing
        if found:
            for k in range(open_at, (close + 1) if close >= 0 else stop):
                keep[k] = False
        return found, firm

    def _relations(
        self, tokens: list[Token], lows: list[str], mentions: list[Mention], message: str, prior: str | None,
        update: bool, state: _MessageState, *, allow_embedding: bool = True,
    ) -> list[_Found]:
        found: list[_Found] = []
        silent = CUE_FIRST_WORDS.isdisjoint(lows) and _STATUS_VERBS.isdisjoint(lows) and ":" not in lows and (
            "=" not in lows) and _SETTING_VERBS.isdisjoint(lows) and _TEAM_EQUATORS.isdisjoint(lows) and not any(
            m.types == _SINGLE_TYPE["team"] for m in mentions)
        if silent and _VERB_STATUSES.isdisjoint(lows) and (self.embedder is None or len(mentions) < 2):
            return found
        in_mention = [False] * len(tokens)
        for m in mentions:
            for k in range(m.start, m.end):
                in_mention[k] = True
        # value cues first: the values they take ("Enterprise" in "the Enterprise plan") are not entities
        consumed = [False] * len(tokens)
        values: dict[str, list[Value]] = {}  # found once per clause, by kind
        value_lows = [w if not w.endswith(_READY_SUFFIXES) else "ready" for w in lows]
        for cue, cs, ce in _scan(value_lows, in_mention, VALUE_CUES):
            if _hedged(lows, mentions, cs):
                continue
            if cue.update and cue.after and not _INTENT_WORDS.isdisjoint(lows[max(0, cs - 3) : cs]):
                continue  # "they want to move to Growth": a wish, not the new value
            # the same words may cue several kinds of value ("moved up to high", "moved up to Enterprise"): the
            # first whose value is there wins
            for option in [c for c in VALUE_CUES[value_lows[cs]] if c.words == cue.words] or [cue]:
                fact = self._value_fact(tokens, lows, mentions, message, option, cs, ce, prior, consumed, values)
                if fact is not None:
                    found.append(_Found(fact[0], fact[1], fact[2], update or option.update, 1.0))
                    break
        if not found:
            found.extend(self._set_to(tokens, lows, mentions, update))
        if not found:
            found.extend(self._stated_status(tokens, lows, mentions, prior, update))
        if not found:
            found.extend(self._regional(tokens, lows, mentions, update))
        if not found:
            found.extend(self._placed_office(lows, mentions, update))
        if not found:
            found.extend(self._restated_priority(tokens, lows, mentions, update))
        if not found:
            found.extend(self._copular_region(lows, mentions, update))
        if not any(f.predicate == "plan" for f in found):
            found.extend(self._copular_plan(tokens, lows, mentions, update))
        # "Nightjar is Sofia's account, still on Starter": whose a thing is stands beside a value said after it
        found.extend(f for f in self._possessed(lows, mentions, prior, update)
                     if all((f.subject, f.predicate) != (g.subject, g.predicate) for g in found))
        if not found:
            found.extend(self._roster(lows, mentions, update))
        if not found:
            found.extend(self._team_members(lows, mentions, update))
        # "owned by Dana Wu on the data team": a person set on a team beside what else the clause says
        found.extend(f for f in self._on_team(lows, mentions, update) if f not in found)
        found.extend(f for f in self._writer_of_known_team(lows, mentions, update) if f not in found)
        if not found:
            found.extend(self._tool_for(lows, mentions, prior, update))
        if not found:
            found.extend(self._holdings(lows, mentions, update))
        entities = [m for m in mentions if not any(consumed[k] for k in range(m.start, m.end))]
        for cue, cs, ce in _scan(lows, in_mention, RELATION_CUES):
            if _hedged(lows, entities, cs):
                continue
            if len(cue.words) == 1 and cs > 0 and lows[cs - 1] in _NOUN_MARKERS:
                continue  # "on call", "the lead", "to use": a noun or an intention, not a stated relation
            if lows[ce - 1] == "on" and ce < len(lows) and lows[ce] == "it":
                continue  # "she's already on it": taking care of something, no team joined
            if len(cue.words) == 1 and ce < len(lows) and lows[ce] in _MOTION:
                continue  # "heading to Boston", "managed to get", "needs to ship": not the relation
            # a word may carry several cues ("runs X through Kafka", "runs Atlas"): the first that reads wins
            for option in [c for c in RELATION_CUES[lows[cs]] if c.words == cue.words]:
                facts = self._cue_facts(option, cs, ce, entities, lows, in_mention, prior, update)
                if facts:
                    found.extend(facts)
                    break
            if found and any(f.predicate == "uses" for f in found):
                found.extend(self._more_tools(found, entities, lows, update))
        if not found and allow_embedding and self.embedder is not None and len(entities) >= 2:
            found.extend(self._by_prototype(lows, entities, prior, update, state))
        for m in mentions:
            if m not in entities:
                state.values.add(m.name)
        return found

    def _cue_facts(
        self, cue: Cue, cs: int, ce: int, entities: list[Mention], lows: list[str], in_mention: list[bool],
        prior: str | None, update: bool,
    ) -> list[_Found]:
        """The facts one relation cue at lows[cs:ce] states with the clause's mentions."""
        if cue.moved:
            return [_Found(s, p, o, update or cue.update, 1.0) for s, p, o in self._moved(cue, entities, lows, ce, prior)]
        if cue.bridge:
            k = next((k for k in range(ce, min(ce + 6, len(lows))) if lows[k] in cue.through), -1)
            if k <= ce or any((in_mention[x] and lows[x] not in _SKIP_DETERMINERS) or not lows[x].isalpha()
                              for x in range(ce, k)):
                return []  # "sends events to Y": one to five plain words, then the preposition
            return [_Found(s, p, o, update, 1.0) for s, p, o in self._resolve(cue.options, entities, lows, cs, k + 1,
                                                                              prior)]
        if cue.role:
            return [_Found(s, p, o, update, 1.0) for s, p, o in self._role(cue, entities, lows, cs, prior)]
        if cue.condition:
            # "X won't boot if Mossgrid is unreachable": the condition must say the other one is gone
            obj = next((m for m in entities if m.start >= ce), None)
            if obj is None or any(w not in _SKIP_DETERMINERS for w in lows[ce : obj.start]):
                return []
            tail = [w for w in lows[obj.end : obj.end + 4] if w not in _STATUS_ADVERBS and w != "even"]
            if len(tail) < 2 or tail[0] not in _FAILING_VERBS or tail[1] not in _FAILING_STATES:
                return []
            ce = obj.start
        options, ce = _voice(cue, lows, ce)
        return [_Found(s, p, o, update or cue.update, 1.0)
                for s, p, o in self._resolve(options, entities, lows, cs, ce, prior, cue)]

    def _more_tools(self, found: list[_Found], entities: list[Mention], lows: list[str], update: bool,
                    ) -> list[_Found]:
        """"Marigold is using Figma for the designs and Playwright for the tests", "runs on Kafka, with Grafana on
        top": a tool joined to one the clause said its subject uses, and given a job of its own, is used too."""
        used = [f for f in found if f.predicate == "uses"]
        subject = used[0].subject
        if any(f.subject != subject for f in used):
            return []
        named = {name_key(f.object) for f in used}
        last = max((m for m in entities if name_key(m.name) in named), key=lambda m: m.start, default=None)
        if last is None:
            return []
        out: list[_Found] = []
        for m in entities:
            if m.start <= last.end or m.pronoun or name_key(m.name) in named or name_key(m.name) == name_key(subject):
                continue
            before = [w for w in lows[max(0, m.start - 2) : m.start]]
            after = lows[m.end] if m.end < len(lows) else ""
            if not before or before[-1] not in _TOOL_JOINERS or after not in _TOOL_ROLES:
                continue
            if self._fit(m, "tool") <= 0 or self._learned(m.name) not in (None, "tool"):
                continue
            self._learn(m, "tool")
            named.add(name_key(m.name))
            out.append(_Found(subject, "uses", m.name, update, 1.0))
        return out

    def _moved(
        self, cue: Cue, entities: list[Mention], lows: list[str], ce: int, prior: str | None,
    ) -> list[tuple[str, str, str]]:
        """"We migrated BackupAgent to sa-east-1", "they moved Dana over to the Berlin office": the verb's own
        object is what moved, the mention after "to" is where it went; one of the two must have a stated type."""
        moved = next((m for m in entities if m.start >= ce), None)
        if moved is None or moved.pronoun and moved.start > ce + 1 or any(
            w not in _SKIP_DETERMINERS for w in lows[ce : moved.start]
        ):
            return []
        k = moved.end
        if k < len(lows) and lows[k] in ("over", "back", "across"):
            k += 1
        if k >= len(lows) or lows[k] not in cue.through:
            return []
        target = next((m for m in entities if k < m.start <= k + 2), None)
        if target is None or any(w not in _SKIP_DETERMINERS for w in lows[k + 1 : target.start]):
            return []
        if not (target.explicit or moved.explicit) and cue.options[0][0] not in ("uses", "owned_by"):
            return []  # "moved Dana to Lena" says nothing; "track Atlas in Jira" names a tool by its place
        return self._resolve(cue.options, [moved, target], lows, moved.end, k + 1, prior)

    def _role(
        self, cue: Cue, entities: list[Mention], lows: list[str], cs: int, prior: str | None,
    ) -> list[tuple[str, str, str]]:
        """"Lena is the FeatureStore owner", "Dana is Acme's account manager": a person, a copula, then the thing
        and the role noun; the role's reading picks the predicate as the verb's would."""
        k = cs - 1 if cs > 0 and lows[cs - 1] == "'s" else cs
        thing = next((m for m in entities if m.end == k), None)
        if thing is None or thing.pronoun:
            return []
        j = thing.start
        if j > 0 and lows[j - 1] in ("the", "our", "their"):
            j -= 1
        if j == 0 or lows[j - 1] not in _COPULAS:
            return []
        person = next((m for m in entities if m.end == j - 1), None)
        if person is None:
            return []
        return self._resolve(cue.options, [thing, person], lows, person.end, thing.start, prior, modifiers=False)

    def _nominal(self, message: str, tokens: list[Token], lows: list[str], mentions: list[Mention]) -> list[_Found]:
        found = self._nominal_at(message, tokens, lows, mentions)
        if found:
            return found
        # "Bluejay. Priya leads it, it's the mobile app for approvals": after a comma, "it's the ..." describes
        # what "it" stands for, when this message named that thing itself
        for m in mentions:
            if m.pronoun and lows[m.start] == "it" and m.start > 0 and lows[m.start - 1] == "," and (
                    lows[m.start + 1 : m.start + 2] in (["'s"], ["is"])) and (
                    lows[m.start + 2 : m.start + 3] and lows[m.start + 2] in _NOMINAL_DETERMINERS) and (
                    self._could_be_thing(m)) and m.name.casefold() in message.casefold():
                rest = [x.at(x.start - m.start, x.end - m.start)
                        for x in mentions if x.start >= m.start]
                return self._nominal_at(message, tokens[m.start :], lows[m.start :], rest)
        return []

    def _nominal_at(self, message: str, tokens: list[Token], lows: list[str], mentions: list[Mention]) -> list[_Found]:
        """What a thing is said to be: "Kestrel is our mobile API gateway", "fraudscore = the model that flags
        bad merchants", "Ledgerline is the thing that flags duplicates", "zonemap is what draws the zones",
        "rider-pings basically just ingests heartbeats". The subject opens the statement (after a few lowercase
        words: "for context X is ..."), is no person, and the description names no other entity and no value."""
        colon = lows.index(":") + 1 if ":" in lows[:12] else 0
        if not any(m.start == colon for m in mentions):
            colon = 0  # "Mailroom is what sends email: receipts, resets": a list after the statement, no label
        subject = next((m for m in mentions if m.types != _SINGLE_TYPE[REGION] and m.start >= colon), None)
        # "for the new folks reading along: edgegate is ...": a label before a colon is an aside to the reader
        label = subject is not None and 0 < subject.start <= 12 and lows[subject.start - 1] == ":" and all(
            w.isalpha() or "'" in w for w in lows[: subject.start - 1]) and not any(
            m.start < subject.start and self._is_person(m) is False for m in mentions)
        if subject is None or (subject.start > 5 and not label) or any(
            not (w.isalpha() or w in (":", ",") or label and "'" in w) or (
                w in _NOT_BEFORE_SUBJECT or w in CUE_FIRST_WORDS) and not label or w in NEGATIONS or w in HEDGES
            for w in lows[: subject.start]
        ):
            return []
        if subject.types == _SINGLE_TYPE[PERSON] or self._learned(subject.name) == PERSON or (
            lows[subject.start] in ("they", "them", "their")
        ):
            return []  # a bare capitalised name may still be a system: the description's words must say so
        k = subject.end
        if k >= len(lows) or _hedged(lows, mentions, len(lows)):
            return []
        copula = lows[k] in _NOMINAL_COPULAS
        if copula:
            k += 1
        adverbs = 0
        while k < len(lows) and lows[k] in _DESCRIPTION_ADVERBS:
            k += 1
            adverbs += 1
        stop = _statement_stop(lows, mentions, k)
        if k >= stop:
            return []
        if not copula:
            # "rider-pings basically just ingests gps heartbeats": an adverb of gist, then a verb of its own;
            # "thimble generates thumbnails for every image": a verb of doing with an object says what it is for
            verb = lows[k]
            if not (verb.endswith("s") and verb.isalpha()) or verb in _STATUS_VERBS or verb.endswith("ss"):
                return []
            if verb in CUE_FIRST_WORDS:
                return []  # "Atlas runs in eu-west-1", "Fenwick owns the flow": a relation's cue, read elsewhere
            if not adverbs and (
                verb in _NOT_ROLE_VERBS or stop - k < 3 or subject.pronoun or subject.person_likely
                or not lows[k + 1].isalpha() or (lows[k + 1] in STOPWORDS and lows[k + 1] not in _OBJECT_DETERMINERS)
                or self._learned(subject.name) not in (None, "component", "tool", "account")
                or subject.start > 0 and lows[subject.start - 1] in _SKIP_DETERMINERS  # "the Ledgerline graphs"
                or lows[k + 1] in _NOT_IN_NOUN_PHRASE  # "the graphs look flat": a noun, then the verb
                or lows[k + 1].endswith("ed") and (k + 2 >= stop or lows[k + 2] in STOPWORDS or lows[k + 2] in _AFTER_EVENT)  # "retries spiked around"
            ):
                return []  # without an adverb of gist, only a service doing something to an object says what it is
            start, relative = k, True
        elif lows[k] == "what":
            start, relative = k + 1, True
        elif lows[k] in _NOMINAL_DETERMINERS:
            headed = _headed_relative(lows, k, stop)
            start, relative = (headed, True) if headed else (k, False)
        else:
            return []
        # a hyphenated word that modifies a noun ("the bucket-plus-metadata layer", "temperature-controlled meds")
        # is no entity the description points at
        inside = [m for m in mentions if m.start < stop and m.end > start and not (
            not m.explicit and m.end - m.start == 1 and "-" in lows[m.start] and _word_follows(lows, m, stop)
            and (m.start == 0 or lows[m.start - 1] not in _PLACE_PREPOSITIONS))]
        if any(not tokens[m.start].text.isupper() or m.types == _SINGLE_TYPE[REGION] for m in inside) and not (
                relative and start > k and lows[start - 1] != "who"  # ("the one who keeps FeatureStore alive")
                and all(m.start > start and _modifies_noun(tokens, lows, m, stop) for m in inside)):
            return []  # "Kestrel is our gateway to Orrery": a relation, read as one elsewhere (but "mfa-proxy = the
            # box that does the Duo push": a name modifying a noun in a relative clause describes with it)
        while stop > start + 1 and lows[stop - 1] in _REPLY_TAILS | {"right", "tbh", "lol", "iirc"}:
            stop -= 1  # "slotter is the dock booking thing right": a tag, not part of the description
        words = lows[start:stop]
        # the words of a clause after "the one that" are verbs ("issues RMA numbers"), and "the little cluster" is
        # a size, not "a little slow": only a noun phrase's own words can make it a judgement
        judged = [] if relative else [w for i, w in enumerate(words) if not (
            w == "little" and start + i > 0 and lows[start + i - 1] in ("the", "our") and i + 1 < len(words))]
        if not _NOT_DESCRIPTIVE.isdisjoint(judged) or not PRIORITY_WORDS.isdisjoint(words) or any(
            w in PLAN_TIERS and tokens[start + i].text[0].isupper() for i, w in enumerate(words)
        ) or find_statuses(tokens[start:stop], weak=False) or find_dates(tokens[start:stop], message):
            return []  # "Atlas is the top priority", "Acme is an Enterprise customer": a value, not a description
        description = _description(message, tokens[start:stop], words, relative)
        return [_Found(subject.name, DESCRIBED_AS, description, False, 0.9)] if description else []

    # --- values ---------------------------------------------------------------------------------------------

    def _value_fact(
        self, tokens: list[Token], lows: list[str], mentions: list[Mention], message: str, cue: ValueCue, cs: int,
        ce: int, prior: str | None, consumed: list[bool], values: dict[str, list[Value]],
    ) -> tuple[str, str, str] | None:
        candidates: list[Value] = []
        for kind in cue.kinds:
            if kind == "status":
                weak = cue.predicate == "status" and not cue.after
                kind = "status+weak" if weak else kind
            if kind == "plan":
                candidates += _plan_values(tokens, lows, mentions, cs, ce, generic=cue.predicate is None)
                continue
            if kind not in values:
                if kind == "priority":
                    values[kind] = find_priorities(tokens)
                elif kind == "date":
                    values[kind] = find_dates(tokens, message)
                elif kind == "month":
                    values[kind] = find_months(tokens) or _cued_month(tokens, ce)
                else:
                    values[kind] = find_statuses(tokens, weak=kind == "status+weak")
            candidates += values[kind]
            if kind.startswith("status") and cue.predicate == "status" and lows[cs] == "status" and not any(
                    v.start >= ce for v in values[kind]):
                # "status is pilot", "status: design phase now": after the word itself, a stage nobody listed
                candidates += _free_statuses(tokens, lows, ce)
        candidates = [v for v in candidates if v.end <= cs or v.start >= ce]
        candidates = [v for v in candidates if not any(consumed[k] for k in range(v.start, v.end))]
        if cue.after:
            # "moved to k8s-prod-2 on Tuesday": a name right after the cue is what it moved to, the date is when
            candidates = [v for v in candidates if ce <= v.start <= ce + 2 and not (v.kind == "date" and any(
                ce <= m.start and m.end <= v.start and not m.pronoun for m in mentions))]
        else:
            candidates = [
                v for v in candidates if _gap(v.start, v.end, cs, ce) - _named_words(mentions, v, cs, ce) <= 6
            ]
        # a value in another comma-separated part of the sentence is not this cue's value
        candidates = [v for v in candidates if "," not in lows[min(v.end, ce) : max(v.start, cs)]]
        if not candidates:
            return None
        # "from low to high": the value after "to" is the new one
        if len(candidates) > 1:
            fresh = [v for v in candidates if not (v.start > 0 and lows[v.start - 1] == "from")]
            candidates = fresh or candidates
        value = min(candidates, key=lambda v: (_gap(v.start, v.end, cs, ce), v.start < cs, v.start))
        predicate = cue.predicate or {"priority": "priority", "status": "status", "plan": "plan",
                                      "date": "deadline"}.get(value.kind)
        if predicate is None:
            return None
        wanted = PREDICATES[predicate][0]
        best: tuple[float, Mention] | None = None
        for m in mentions:
            if m.end > value.start and m.start < value.end:
                continue
            if m.end > cs and m.start < ce:
                continue
            if m.end <= cs and _modifier(lows, m, cs, value.start if value.start >= m.end else cs):
                continue
            fit = self._fit(m, wanted) + (0.25 if prior == wanted and wanted in m.types else 0.0)
            if m.pronoun and wanted != PERSON and (m.types == _SINGLE_TYPE[PERSON] or self._learned(m.name) == PERSON):
                continue  # "they're on Pro" said right after a person was named: not the person's plan
            if wanted != PERSON and not m.pronoun and self._surely_person(m):
                continue  # "Oakhurst: Starter plan, handled by Rosa Iglesias": a person has no plan or renewal
            if fit <= 0 or (cue.predicate is None and value.kind != "plan" and fit < 1.0):
                continue  # "X is now blocked": a generic cue with a common word needs more than a guessed type
            left = m.end <= cs
            if cue.after and not left:
                continue  # "now it's done": a verb-like cue takes its subject from before it
            if wanted == "project" and not m.pronoun and "+" in (lows[m.start - 1] if m.start else "", (
                    lows[m.end] if m.end < len(lows) else "")):
                continue  # "Figma + React, deadline May 15": a name in a "+" list is a tool of the stack
            distance = (cs - m.end) if left else (m.start - ce)
            score = fit + (0.5 if left else 0.0) - 0.05 * distance
            if best is None or score > best[0]:
                best = (score, m)
        if value.kind == "plan" and lows[value.start] in PLAN_TIERS:
            for k in range(value.start, value.end):
                consumed[k] = True  # "they're on Enterprise" with no account in sight: still a tier, no team
        if best is None:
            return None
        subject = best[1]
        for k in range(value.start, value.end):
            consumed[k] = True
        self._learn(subject, wanted)
        return subject.name, predicate, _value_text(value)

    def _set_to(self, tokens: list[Token], lows: list[str], mentions: list[Mention], update: bool) -> list[_Found]:
        """"setting claimsgate to P2", "bumping Atlas to high", "make it P2", "marking Tern as blocked": a verb of
        setting, the thing as its object, then (after "to"/"as", or straight away after "make") a priority or a
        status. The object's type follows from the value: a priority is a component's, a status a project's."""
        for m in mentions:
            if m.start == 0 or lows[m.start - 1] not in _SETTING_VERBS or _hedged(lows, mentions, m.start):
                continue
            if lows[m.start - 1] in _DIRECT_SETTING_VERBS:
                # "make it P2", "mark vault-prod p1": the value may follow the thing with no "to"
                k = m.end + 1 if m.end < len(lows) and lows[m.end] in ("to", "as") else m.end
            elif m.end < len(lows) and lows[m.end] in ("to", "as"):
                k = m.end + 1
            else:
                continue
            if not _INTENT_WORDS.isdisjoint(lows[max(0, m.start - 4) : m.start]):
                continue  # "thinking about bumping X to P1": a wish
            priorities = [v for v in find_priorities(tokens) if v.start == k]
            statuses = [v for v in find_statuses(tokens, weak=False) if v.start == k]
            value, predicate = (priorities[0], "priority") if priorities else (
                (statuses[0], "status") if statuses else (None, ""))
            if value is None:
                continue
            wanted = PREDICATES[predicate][0]
            if self._fit(m, wanted) < 1.0 or m.pronoun and self._is_person(m):
                continue
            self._learn(m, wanted)
            return [_Found(m.name, predicate, _value_text(value), True, 1.0)]
        return self._moved_priority(tokens, lows, mentions)

    def _moved_priority(self, tokens: list[Token], lows: list[str], mentions: list[Mention]) -> list[_Found]:
        """"redis-ranks goes down to P2", "session-broker dropped to P3": a thing moving by itself to a priority.
        Only a priority code or level is taken (a plan or a region after "goes to" is another relation), and
        it must follow the name at once, with only the motion words between."""
        for m in mentions:
            k = m.end
            if k >= len(lows) or lows[k] not in _PRIORITY_MOTION or m.pronoun and self._is_person(m):
                continue
            k += 1
            if k < len(lows) and lows[k] in ("up", "down", "back"):
                k += 1
            if k >= len(lows) or lows[k] != "to" or _hedged(lows, mentions, m.start):
                continue
            if not _INTENT_WORDS.isdisjoint(lows[max(0, m.start - 4) : m.start]):
                continue  # "thinking about X going to P1": a wish
            priorities = [v for v in find_priorities(tokens) if v.start == k + 1]
            if not priorities or self._fit(m, "component") < 1.0:
                continue
            self._learn(m, "component")
            return [_Found(m.name, "priority", _value_text(priorities[0]), True, 1.0)]
        return []

    def _stated_status(
        self, tokens: list[Token], lows: list[str], mentions: list[Mention], prior: str | None, update: bool,
    ) -> list[_Found]:
        """"Atlas is on track.": a project, a copula, a status phrase that ends the clause. No status cue is
        needed, so the subject must plausibly be a project and the status must close the statement
        ("Priya is done for today" is about a person's day)."""
        if not mentions or _hedged(lows, mentions, _aside_start(lows)):
            return []
        m = mentions[0]
        k = m.end
        # the verb group: "is", "has been put", "got", "went": at least one verb, adverbs anywhere in it
        verbs: list[str] = []
        while k < len(lows) and (lows[k] in _STATUS_VERBS or lows[k] in _STATUS_ADVERBS):
            if lows[k] in _STATUS_VERBS:
                verbs.append(lows[k])
            k += 1
        if not verbs and m.start == 0 and k < len(lows) and lows[k] == ":":
            k += 1  # "Atlas: on track." reads as "Atlas is on track."
            verbs.append("is")
        if not verbs and m.start == 0 and k == m.end and self._fit(m, "project") >= 3.0 and any(
                v.start == 0 for v in find_statuses(tokens[k:], weak=False)):
            verbs.append("is")  # "Atlas at risk.": a name known as a project and a status at once, as a rundown says
        if k + 1 < len(lows) and lows[k - 1] == "back" and lows[k] == "to" and (verbs or k - 1 == m.end):
            # "Atlas is back to on track", "Tern back to in progress": returning to a status states it (a bare
            # "back to" right after the name is as good as a copula)
            k += 1
            verbs = verbs or ["is"]
        bare_verb = not verbs and k < len(lows) and lows[k] in _VERB_STATUSES
        if not bare_verb and (not verbs or verbs[0] not in _STATUS_VERB_HEADS):
            return []
        fit = self._fit(m, "project") + (0.25 if prior == "project" and "project" in m.types else 0.0)
        # colours and "live" need a project known as one ("Atlas is green"), or a verb that says so ("went live")
        weak = fit >= 3.0 or bool(_MOTION_VERBS.intersection(verbs))
        for value in find_statuses(tokens[k:], weak=weak):
            if value.start != 0:
                break
            after = lows[k + value.end :]
            if value.text not in _WEAK_TEXTS:
                # "Tern is in progress, the first batch landed": what follows a comma is another statement
                after = after[: next((i for i, w in enumerate(after) if w in _STATEMENT_BREAKS), len(after))]
            rest = [w for w in after if w[0].isalnum()]
            if rest and rest[0] in _REASON_WORDS and value.text not in _WEAK_TEXTS:
                rest = []  # "blocked waiting on legal", "at risk of slipping": a reason follows the status
            if any(w not in _FREE_WORDS and w not in _TIME_WORDS and w not in _ASIDE_WORDS for w in rest):
                break
            # a bare verb is read as a project's only when no person would say it of themself ("Priya finished");
            # in a project channel a name not known as a person that "is delayed" and says no more is the project
            personal = value.text in _PERSONAL_STATES and not (bare_verb and value.text not in ("finished",
                                                                                                "completed"))
            if personal and prior == "project" and value.text not in ("done", "finished") and not [
                w for w in lows[k + value.end :] if w[0].isalnum()
            ]:
                personal = False
            if fit < (1.0 if personal else 0.75):
                break  # "Lena is done.": a state a person is in, unless Lena is known to be a project
            self._learn(m, "project")
            return [_Found(m.name, "status", value.text, update, 1.0)]
        return []

    def _restated_priority(
        self, tokens: list[Token], lows: list[str], mentions: list[Mention], update: bool,
    ) -> list[_Found]:
        """"...; it's medium now": in a sentence that signals an update, a component said to be a bare priority
        level takes it as its new priority (outside an update, "X is critical" is more often an opinion); a
        priority code ("X is P1", "X is a sev2") says so in any sentence."""
        m = mentions[0]
        k = m.end
        if _hedged(lows, mentions, len(lows)):
            return []
        # "X still P1": an adverb of persistence stands for the copula, for a priority code only (below)
        bare = k < len(lows) and lows[k] in ("still", "now")
        if k >= len(lows) or not (lows[k] in _PRESENT_COPULAS or bare):
            return []  # "X was high; it's low now": the past clause is the old value
        k += 1
        while k < len(lows) and lows[k] in _STATUS_ADVERBS:
            k += 1
        if k < len(lows) and lows[k] in ("a", "an") and k + 1 < len(lows) and _CODE_PRIORITY.match(lows[k + 1]):
            k += 1  # "X is a P1"
        values = [v for v in find_priorities(tokens) if v.start == k]
        if not values or not (update or _CODE_PRIORITY.match(values[0].text)) or (
                bare and not _CODE_PRIORITY.match(values[0].text)):
            return []
        end = len(lows)
        if _CODE_PRIORITY.match(values[0].text):
            # a code says its level whatever follows a break or a purpose: "X is P1, customer facing",
            # "X is P1 for the on-call rota"; a bare level ("critical") keeps needing a clean sentence
            end = next((j for j in range(k + 1, len(lows))
                        if lows[j] in _STATEMENT_BREAKS or lows[j] in (".", "because", "bc", "since")
                        or j == k + 1 and lows[j] == "for"), end)
        rest = [w for w in lows[k + 1 : end] if w[0].isalnum()]
        if rest[-2:] in (["i", "reckon"], ["i", "think"], ["i", "believe"]):
            rest = rest[:-2]  # "Veeam is P2 I reckon": the writer's view, stated
        if any(w not in _FREE_WORDS and w not in ("instead", "priority", "prio") for w in rest):
            return []
        coded = bool(_CODE_PRIORITY.match(values[0].text))
        if self._fit(m, "component") < (0.5 if coded and not self._surely_person(m) else 1.0):
            return []  # (a bare capitalised word may be anyone's name, but nobody is a P2: "Veeam is P2")
        self._learn(m, "component")
        return [_Found(m.name, "priority", _value_text(values[0]), update, 1.0)]

    def _copular_region(self, lows: list[str], mentions: list[Mention], update: bool) -> list[_Found]:
        """"orders-api is us-west-2 now", "search-svc is (in) lon-prod-2 bc of quota": a system said to be (in) a
        cloud region or cluster code runs there. The system must read as a component (a code name or one
        learned as such) and nothing but a break, an adverb or a reason may follow the region."""
        if len(mentions) < 2 or _hedged(lows, mentions, len(lows)):
            return []
        s, r = mentions[0], mentions[1]
        k = s.end
        if s.pronoun or k >= len(lows) or lows[k] not in _PRESENT_COPULAS:
            return []
        k += 1
        while k < len(lows) and lows[k] in _STATUS_ADVERBS:
            k += 1
        if k < len(lows) and lows[k] == "in":
            k += 1  # "is in ams-prod-2": a cluster code the mention finder does not know as a place
        if r.start != k or r.pronoun or not _cloud_region(r.name) or _cloud_region(s.name):
            return []
        if not (_code_name(s.name) or self._learned(s.name) == "component") or self._surely_person(s):
            return []
        j = r.end
        while j < len(lows) and (lows[j] in _STATUS_ADVERBS or lows[j] in ("actually", "too", "btw", "tho")):
            j += 1
        if j < len(lows) and not (lows[j] in _STATEMENT_BREAKS or lows[j] in (".", "because", "bc", "since", "as")):
            return []
        self._learn(s, "component")
        return [_Found(s.name, "deployed_in", r.name, update, 1.0)]

    def _regional(self, tokens: list[Token], lows: list[str], mentions: list[Mention], update: bool) -> list[_Found]:
        """"Acme is an EMEA customer", "Globex is a South America account": a region before an account noun
        in a copular statement places the customer in that region."""
        if len(mentions) < 2:
            return []
        s, r = mentions[0], mentions[1]
        k = _complement_start(lows, mentions, s)
        if k is None:
            return []
        if k < len(lows) and lows[k] in ("a", "an", "our"):
            k += 1
        if k + 1 < len(lows) and lows[k] in PLAN_TIERS and tokens[k].text[0].isupper() and (
            HEAD_TYPES.get(lows[k + 1]) == "account"
        ) and self._fit(s, "account") > 0:
            self._learn(s, "account")  # "Globex is an Enterprise customer": the tier the customer is on
            return [_Found(s.name, "plan", tokens[k].text, update, 1.0)]
        if r.start != k or r.types != _SINGLE_TYPE[REGION] or r.end >= len(lows):
            return []
        if HEAD_TYPES.get(lows[r.end]) != "account" or self._fit(s, "account") <= 0 or s.pronoun and not s.explicit:
            return []
        self._learn(s, "account")
        return [_Found(s.name, "located_in", r.name, update, 1.0)]

    def _topic_value(self, text: str, channel: str, speaker: str | None) -> list[ExtractedFact]:
        """"yes status is pilot, 40 sites so far", "deadline is 3 June for sea freight": a message that opens on
        the value noun itself, with no name before it, gives the value of the project the channel is talking
        about (the subject of the latest fact stated there, known to be a project)."""
        topic = self._topic.get(channel)
        if topic is None or self._learned(topic) != "project":
            return []
        text = _SHORTCODE.sub(" ", text[:200])  # ":+1: and deadline still march 31?": an emoji code opens it
        said = sentences(text)
        while len(said) > 1 and all(t.low in CHAT_WORDS or not t.is_word for t in said[0]):
            said = said[1:]  # "haha. target 15 September": past the chatter
        first = said[0] if said else []
        lows = [t.low for t in first]
        # said more loosely ("due 30 Sep", "we're in testing"), it is the project's own people who say it (not
        # "deadline 14 June" from someone on to another project the chat missed)
        own = self._of_topic(channel, speaker)
        noun = next((i for i, w in enumerate(lows) if w == "status" or w in _DEADLINE_NOUNS), None)
        if noun is None:
            return self._we_are_status(first, lows, text, topic) if own else []
        if "?" in lows[:noun] or any(w not in _REPLY_OPENERS and first[i].is_word and w not in (
                "update", "and", "also", "btw", "fyi") for i, w in enumerate(lows[:noun])):
            return []
        if any(w in NEGATIONS or w in HEDGES or w.endswith("n't") for w in lows):
            return []
        deadline = lows[noun] != "status"
        if deadline and noun + 1 < len(lows) and lows[noun + 1] in _DEADLINE_NOUNS | {"date"}:
            noun += 1  # "target go-live 1 Nov", "target date is 1 May"
        k = noun + 1
        while k < len(lows) and lows[k] in ("is", "'s", ":", "=", "now", "still", "currently"):
            k += 1
        if deadline and (k == noun + 1 or lows[noun] != "deadline") and not own:
            return []
        if deadline:
            # "deadline 3 June", "target go-live 1 Nov": a date right after the noun says it as well as a copula
            values = [v for v in find_dates(first, text) if v.start == k]
        else:
            values = [v for v in find_statuses(first, weak=True) if v.start == k] or _free_statuses(
                first, lows, noun + 1)
        if not values:
            return []
        predicate = "deadline" if deadline else "status"
        return [ExtractedFact(subject=topic, predicate=predicate, object=_value_text(values[0]), score=0.9,
                              span=span_text(text, first))]

    @staticmethod
    def _we_are_status(first: list[Token], lows: list[str], text: str, topic: str) -> list[ExtractedFact]:
        """"we're in testing now", "We're still just planning", "status-wise we're in testing": the people on the
        channel's project saying where they are with it give its status."""
        at = next((i for i in range(len(lows) - 1) if lows[i] == "we" and lows[i + 1] == "are"), None)
        if at is None or any(first[i].is_word and lows[i] not in _REPLY_OPENERS and lows[i] not in (
                "status-wise", "and", "also", "so", "update") for i in range(at)):
            return []
        if "?" in lows:
            return []
        k = at + 2
        while k < len(lows) and lows[k] in _WE_ARE_ADVERBS:
            k += 1
        values = [v for v in find_statuses(first, weak=True) if v.start == k]
        # the status closes the clause ("we're in testing now, ..."; not "we're planning a party")
        if not values or values[0].end < len(lows) and first[values[0].end].is_word and (
                lows[values[0].end] not in _REPLY_TAILS):
            return []
        if any(w in NEGATIONS or w in HEDGES or w.endswith("n't") for w in lows[: values[0].end]):
            return []
        return [ExtractedFact(subject=topic, predicate="status", object=_value_text(values[0]), score=0.9,
                              span=span_text(text, first))]

    def _copular_plan(
        self, tokens: list[Token], lows: list[str], mentions: list[Mention], update: bool,
    ) -> list[_Found]:
        """"they are Cargo Enterprise and renew in May", "Halden just went Pro", "they go Scale from June": an
        account said to be (or to go) a capitalised tier, with no "on" or "plan" to cue it. The tier must close
        the clause and the subject must not be a person, so "Lena is Pro at chess" and "the API is free" say
        nothing."""
        for m in mentions:
            k = m.end
            while k < len(lows) and lows[k] in ("still", "now", "already", "just", "officially"):
                k += 1
            if k >= len(lows) or lows[k] not in _PLAN_COPULAS or _hedged(lows, mentions, m.start):
                continue
            k += 1
            while k < len(lows) and lows[k] in ("still", "now", "already", "officially"):
                k += 1
            end = k
            while end < len(tokens) and end - k < 3 and _plan_name_word(tokens[end], numbered=False):
                end += 1
            if end == k or lows[end - 1] not in PLAN_TIERS or lows[end - 1] in ("team", "teams"):
                continue
            if end < len(lows) and lows[end] not in _PLAN_CLOSERS:
                continue
            if m.pronoun and (m.types == _SINGLE_TYPE[PERSON] or self._learned(m.name) == PERSON or not m.explicit
                              and lows[m.start] in ("i", "we", "you", "he", "she")):
                continue  # "I'm Pro now": a person has no plan
            if not m.pronoun and (self._surely_person(m) or self._fit(m, "account") <= 0):
                continue
            self._learn(m, "account")
            return [_Found(m.name, "plan", " ".join(t.text for t in tokens[k:end]),
                           update or lows[k - 1] in ("went", "goes", "go"), 1.0)]
        return []

    def _placed_office(self, lows: list[str], mentions: list[Mention], update: bool) -> list[_Found]:
        """"Dubai office = UAE", "the Rabat office is Morocco", "Canal House = the Amsterdam office", "Alfama's our
        Lisbon office", "Casa do Largo is the Lisbon one": an office equated with a place, or with the office named
        after a city, or said to be the city's one, is in that place."""
        named = [m for m in mentions if not m.pronoun]
        for s, o in zip(named, named[1:]):
            between = lows[s.end : o.start]
            if not between or any(w not in _EQUATING for w in between) or not set(between) & _EQUATORS:
                continue
            # a building's own name says it is an office, but "Harbour Point = Rotterdam?" only asks
            if REGION in o.types and o.explicit and (self._fit(s, "office") >= 3.0 or (
                    names_building(s.name) and self._learned(s.name) in (None, "office") and "?" not in lows)):
                self._learn(s, "office")
                return [_Found(s.name, "located_in", o.name, update, 1.0)]
            after = lows[o.end] if o.end < len(lows) else ""
            if after == "one" and is_place(o.name) and not s.pronoun and not self._is_person(s) and (
                    self._learned(s.name) in (None, "office") and self._fit(s, "office") > 0):
                # "Casa do Largo is the Lisbon one": which of the company's places it is
                self._learn(s, "office")
                return [_Found(s.name, "located_in", o.name, update, 1.0)]
            city = city_of_office(o.name) if not after[:1].isalnum() or after in STOPWORDS else None
            # what is equated with an office is one (a name like "Canal House" is no person's here)
            if city is not None and self._learned(s.name) in (None, "office") and s.types != PLACE_TYPES and (
                    self._fit(s, "office") > 0):
                self._learn(s, "office")
                return [_Found(s.name, "located_in", city, update, 1.0)]
        return []

    def _possessed(
        self, lows: list[str], mentions: list[Mention], prior: str | None, update: bool,
    ) -> list[_Found]:
        """"Initech is Oskar's account", "LedgerService is Mira's baby": a thing said to be a person's own (a role
        noun after a possessive that closes the statement) is in that person's hands; the thing's type picks
        owned_by, handled_by or led_by."""
        if len(mentions) < 2:
            return []
        s, p = mentions[0], mentions[1]
        k = _complement_start(lows, mentions, s)
        if k is None or p.start != k:
            return []
        if not _PAST_COPULAS.isdisjoint(lows[s.end : k]):
            return []  # "it was Rafe's but he left": whose it was, not whose it is
        stop = _content_end(lows)
        if p.pronoun and lows[p.start] == "my" and p.end < stop and lows[p.end] in _OWN_NOUNS:
            # "The leaderboard API is my service (Haruto Kimura, Backend Guild)": the speaker's own, under the
            # full name they give after it when they are known by a handle
            options, after = _OWN_NOUNS[lows[p.end]], p.end + 1
            introduced = _introduced(lows, mentions, after) if " " not in p.name else None
            if introduced is not None and self._is_person(introduced):
                return self._owner_of(s, introduced, options, prior, update)
            end = next((x for x in range(after, stop) if lows[x] in (",", ";", "(", "-", "–", "—")), stop)
            if " " in p.name and all(w in _FREE_WORDS or w in _REPLY_TAILS for w in lows[after:end]):
                return self._owner_of(s, p, options, prior, update)
            return []
        if p.pronoun and lows[p.start] == "mine" and " " not in p.name:
            # "PressRun is mine (Stuart Kemp), it schedules ...", "PressRun is mine, Stuart Kemp": a writer known by
            # a handle gives the full name they own it under (a name between dashes is read as an aside before this)
            introduced = _introduced(lows, mentions, p.end)
            if introduced is not None and self._is_person(introduced):
                return self._owner_of(s, introduced, _OWN_ANY, prior, update)
        if p.pronoun and lows[p.start] in _POSSESSIVE_PRONOUNS and PERSON in p.types and (
                " " in p.name or lows[p.start] == "mine"):
            # "triagebot is mine", "Pawsure is hers btw": the speaker, or the person last named, owns it (a writer
            # known only by a handle is still the writer)
            after = p.end
            if (named := _introduced(lows, mentions, p.end)) is not None and name_key(named.name) == name_key(p.name):
                after = named.end + (named.end < len(lows) and lows[named.end] == ")")  # "mine (Ana Vieira)"
            # "since January": when it became theirs, nothing more
            end = next((x for x in range(after, stop) if lows[x] in (",", ";", "-", "–", "—", "since")), stop)
            # "Torver Ales is mine Gaz": a reader addressed by name after it
            called = next((m for m in mentions if m.start == p.end and m.end == end and not m.pronoun
                           and m.person_likely and self._learned(m.name) in (None, PERSON)), None)
            if called is None and any(w not in _FREE_WORDS and w not in _REPLY_TAILS and w != "confirmed"
                                      for w in lows[after:end]):
                return []
            return self._owner_of(s, p, _OWN_ANY, prior, update)
        if p.end >= len(lows) or lows[p.end] != "'s":
            return []
        # "zonemap is Rasmus's, he's away till Monday": what follows a comma is another statement
        stop = next((k for k in range(p.end + 1, stop) if lows[k] in (",", ";", "-", "–", "—")), stop)
        noun = lows[p.end + 1] if p.end + 1 < stop else ""
        if noun in _OWN_NOUNS:
            options = _OWN_NOUNS[noun]
            rest = lows[p.end + 2 : stop]
        else:  # "Initech is Oskar's now"
            options, rest = _OWN_ANY, lows[p.end + 1 : stop]
        # "as of this quarter", "effective today": when the handover took effect, nothing more
        cut = next((x for x in range(len(rest)) if rest[x] in ("effective", "starting", "since") or tuple(
            rest[x : x + 2]) == ("as", "of")), len(rest))
        if any(w not in _FREE_WORDS for w in rest[:cut]):
            return []  # "Acme is Oskar's account from last year": more is said than whose it is
        return self._owner_of(s, p, options, prior, update)

    def _owner_of(self, s: Mention, p: Mention, options: Sequence[str], prior: str | None,
                  update: bool) -> list[_Found]:
        """The predicate that makes person p responsible for thing s, the likeliest for s's type."""
        best: tuple[float, str] | None = None
        for rank, predicate in enumerate(options):
            subject_type, object_type = PREDICATES[predicate]
            fs = max(self._fit(s, kind) for kind in _SUBJECT_TYPES.get(predicate, (subject_type,)))
            fo = self._fit(p, object_type)
            if fs <= 0 or fo <= 0 or name_key(s.name) == name_key(p.name):
                continue
            score = fs + fo + (0.25 if prior == subject_type else 0.0) - 0.01 * rank
            if best is None or score > best[0]:
                best = (score, predicate)
        if best is None:
            return []
        predicate = best[1]
        self._learn(p, PERSON)
        return [_Found(s.name, predicate, p.name, update, 1.0)]

    def _holdings(self, lows: list[str], mentions: list[Mention], update: bool) -> list[_Found]:
        """"Lena Park has orders-api + billing-db, Omar Ali has search-svc": a person who "has" systems written as
        code names owns them. Each list must end the part it stands in ("Lena has billing-db access" is a grant,
        not ownership), and the one who has them must surely be a person."""
        out: list[_Found] = []
        for i, p in enumerate(mentions):
            if p.end >= len(lows) or lows[p.end] not in ("has", "have") or not self._surely_person(p):
                continue
            if p.start > 0 and lows[p.start - 1] not in (",", ";", "and", ":", "-", "–", "—", "."):
                continue  # "... told Lena Park has ...": the person must open the part
            items: list[Mention] = []
            at = p.end + 1
            for m in mentions[i + 1 :]:
                gap = lows[at : m.start]
                if m.start < at or (items and not gap) or any(w not in ("+", "&", "and", ",") for w in gap) or (
                        not items and gap):
                    break
                if m.pronoun or not (_code_name(m.name) or self._learned(m.name) == "component"):
                    break
                items.append(m)
                at = m.end
            if not items:
                continue
            after = lows[at] if at < len(lows) else ""
            follows = next((m for m in mentions if m.start == at + 1), None)
            if after and not (after in (".", ";", "?", "!") or after == "," and (
                    at + 1 >= len(lows) or follows is not None and self._surely_person(follows))):
                continue
            if _hedged(lows, mentions, len(lows)):
                return []
            self._learn(p, PERSON)
            for m in items:
                self._learn(m, "component")
                out.append(_Found(m.name, "owned_by", p.name, update, 1.0))
        return out

    def _tool_for(self, lows: list[str], mentions: list[Mention], prior: str | None, update: bool) -> list[_Found]:
        """"We're using Linear for Atlas", "we picked Postgres for Atlas": a tool chosen for a project, with the
        project after "for" and nothing said after it."""
        out: list[_Found] = []
        for tool, project in zip(mentions, mentions[1:]):
            if project.start != tool.end + 1 or lows[tool.end] != "for" or tool.pronoun:
                continue
            verb = lows[max(0, tool.start - 2) : tool.start]
            if not verb or not (verb[-1] in _TOOL_VERBS or tuple(verb) in _TOOL_PHRASES):
                continue
            if any(w[0].isalnum() and w not in _FREE_WORDS for w in lows[project.end : _content_end(lows)]):
                continue
            if _hedged(lows, mentions, tool.start) or self._fit(project, "project") <= 0:
                continue
            if self._fit(tool, "tool") <= 0 or (prior != "project" and self._fit(project, "project") < 2.0):
                continue
            self._learn(project, "project")
            self._learn(tool, "tool")
            out.append(_Found(project.name, "uses", tool.name, update, 1.0))
        return out

    def _tool_list(self, lows: list[str], mentions: list[Mention], channel: str | None, prior: str | None,
                   update: bool) -> list[_Found]:
        """"Onfleet for dispatch and Metabase for the dashboards", said where a project is being talked about:
        tools, each given a job, that the channel's current project uses. Nothing else may be named (a person
        given a job, "Dana for the frontend", is no tool), and the job names no entity ("Linear for Atlas")."""
        topic = self._topic.get(channel or "")
        if topic is None or any(m.pronoun for m in mentions) or not NEGATIONS.isdisjoint(lows):
            return []
        kind = self._learned(topic)
        if not (kind == "project" or (kind is None and prior == "project" and not topic.islower())):
            return []
        # a job may be an acronym the finder took for a name ("Currencycloud for FX"): a job, not an entity
        acronyms = {m.start for m in mentions if m.end - m.start == 1 and m.name.isalpha() and m.name.isupper() and (
            len(m.name) <= 4) and self._learned(m.name) is None}
        starts = {m.start for m in mentions} - acronyms
        first = next((k for k, w in enumerate(lows) if w[0].isalnum()), 0)

        def job(m: Mention) -> bool:
            return m.end + 1 < len(lows) and lows[m.end] == "for" and lows[m.end + 1].isalpha() and (
                m.end + 1 not in starts) and lows[m.end + 1] not in _SUBJECT_PRONOUNS | _FIRST_PERSON_WORDS

        out: list[_Found] = []
        for i, m in enumerate(mentions):
            if m.start in acronyms and i > 0 and mentions[i - 1].end + 1 == m.start:
                continue  # the job itself
            if "tool" not in m.types or self._learned(m.name) not in (None, "tool") or name_key(m.name) == name_key(
                    topic) or m.name.casefold() in self._speakers or self._is_person(m) and m.end - m.start > 1:
                return []  # a person or another kind of entity is named: not a list of tools
            # "we're using Houdini for the terrain and Jira for the rest": the speakers' own choice of tool for
            # the project talked about opens the list as well as its first word would
            # ("using Figma for everything", "uses Trello": a chat's subjectless use opens it too, and needs no job)
            opened_by_use = m.start == first + 1 and lows[first] in ("using", "uses")
            joined = m.start == first or lows[m.start - 1] in ("and", ",", "plus", "+") or opened_by_use or (
                m.start >= 2 and lows[m.start - 1] in _TOOL_VERBS and lows[m.start - 2] in _WE_USING)
            # "Vault + Consul for the secrets": two tools joined straight before one job share it
            after = mentions[i + 1] if i + 1 < len(mentions) else None
            shared = after is not None and after.start == m.end + 1 and lows[m.end] in ("+", "&", "and", "plus") and (
                job(after))
            if joined and (job(m) or shared or opened_by_use):
                out.append(_Found(topic, "uses", m.name, update, 0.8))
        for f, m in zip(out, [m for m in mentions if any(f.object == m.name for f in out)]):
            self._learn(m, "tool")
        return out

    def _team_members(self, lows: list[str], mentions: list[Mention], update: bool) -> list[_Found]:
        """"me = platform team, sophie + ravi = it infra team", "callum + lin are booking & telehealth team": people
        equated with a team, by "=" or a copula standing right between them, are its members."""
        out: list[_Found] = []
        for team in mentions:
            if team.pronoun or not team.explicit or team.types != _SINGLE_TYPE["team"] or team.start < 1:
                continue
            k = team.start - 1
            after = lows[team.end] if team.end < len(lows) else ""
            # "Mei Lindqvist, integrations team": a person introduced with their team, which closes the part
            apposition = lows[k] == "," and (not after[:1].isalnum() or after in _REPLY_TAILS)
            if lows[k] not in _TEAM_EQUATORS and not apposition:
                continue
            people: list[Mention] = []
            at = k
            speaker = next((m for m in mentions if m.start == k and m.end == k + 1 and lows[k] == "i'm"), None)
            if speaker is not None:  # "i'm platform team": the copula comes with the person
                people, at = [speaker], -1
            elif apposition:
                person = next((m for m in mentions if m.end == k), None)
                # one person introduced, not the last of a list ("Ana, Bo, platform team")
                if person is not None and self._is_person(person) and self._fit(person, PERSON) >= 2.0 and not (
                        person.start > 0 and lows[person.start - 1] in COORDINATORS):
                    people, at = [person], person.start
            else:
                for m in sorted((m for m in mentions if m.end <= k), key=lambda m: -m.start):
                    if m.end != at and any(w not in COORDINATORS for w in lows[m.end : at]):
                        break  # two names with nothing between them were split by a "+" or a "/": a list
                    if not self._is_person(m) or self._fit(m, PERSON) < 2.0:
                        break
                    people.append(m)
                    at = m.start
            if not people or at > 0 and lows[at - 1] in ("'s", "of"):
                continue  # "Dana's manager = platform team": the person only modifies what is equated
            if _hedged(lows, mentions, k):
                continue
            for m in reversed(people):
                self._learn(m, PERSON)
                out.append(_Found(m.name, "member_of", team.name, update, 1.0))
        return out

    def _on_team(self, lows: list[str], mentions: list[Mention], update: bool) -> list[_Found]:
        """A person's name followed straight by "on the X team" or "in X team", with no verb between: a
        person set on a team in passing ("owned by Dana Wu on the data team"). Only a team its words say is one
        counts: "Dana on PTO" puts nobody on a team."""
        out: list[_Found] = []
        for team in mentions:
            if team.pronoun or team.types != _SINGLE_TYPE["team"] or not (
                    team.headed or self._learned(team.name) == "team") or team.start < 2:
                continue
            k = team.start - 1
            if lows[k] == "the":
                k -= 1
            if k < 1 or lows[k] not in ("on", "in"):
                continue
            person = next((m for m in mentions if m.end == k and not m.pronoun), None)
            if person is None:
                person = _first_person_be(lows, mentions, k)  # "I'm on the data team", "I am on the data team"
            elif not self._is_person(person) or self._fit(person, PERSON) < 2.0:
                continue
            if person is None:
                continue
            if _hedged(lows, mentions, k):
                continue
            out.append(_Found(person.name, "member_of", team.name, update, 1.0))
        return out

    def _lowercase_mentions(self, body: list[Token], text: str, mentions: list[Mention],
                            known: KnownNames) -> list[Mention]:
        """Names the mention finder cannot see in lower case, found from what stands around them: a team named in
        lowercase words before "team" ("me = platform team", "are booking & telehealth team", "= it infra
        team"), and a lowercase first name listed with a person ("callum + lin") that opens exactly one full
        name written earlier ("Lin Zhao")."""
        out = list(mentions)
        for a, b in _lowercase_team_spans(body):
            if any(m.start < b and m.end > a and not m.pronoun and "team" in m.types and m.explicit for m in out):
                continue  # "the payments team": found already
            name = _team_name(body[a : b - 1], body[b - 1])
            out = [m for m in out if m.end <= a or m.start >= b]
            out.append(Mention(name, a, b, _SINGLE_TYPE["team"], explicit=True, headed=True,
                               surface=span_text(text, body[a:b])))
            self._spelled_teams.add(name)
        for a, b in _lowercase_office_spans(body):
            if any(m.start < b and m.end > a and not m.pronoun and m.explicit for m in out):
                continue  # "the Leeds office": found already
            out = [m for m in out if m.end <= a or m.start >= b]
            out.append(Mention(_team_name(body[a : b - 1], body[b - 1]), a, b, _SINGLE_TYPE["office"], explicit=True,
                               headed=True, surface=span_text(text, body[a:b])))
        for a, b in _lowercase_site_spans(body):
            # "in ashcombe DC", "kirkby vale DC.": a data centre named after its town, the town typed in lowercase
            out = [m for m in out if m.end <= a or m.start >= b]
            name = " ".join([*(t.text.capitalize() for t in body[a : b - 1]), body[b - 1].text])
            out.append(Mention(name, a, b, frozenset({"region"}), explicit=True, headed=True,
                               surface=span_text(text, body[a:b])))
        changed = True
        while changed:
            changed = False
            taken = {k for m in out for k in range(m.start, m.end)}
            for m in list(out):
                if not self._is_person(m):
                    continue
                # the word just before or after the person, across a joint ("+" and "&" are tokens of their own)
                for k in (m.start - 1, m.start - 2, m.end, m.end + 1):
                    if k < 0 or k >= len(body) or k in taken or not body[k].is_word:
                        continue
                    t = body[k]
                    joint = text[t.end : body[m.start].start] if k < m.start else text[body[m.end - 1].end : t.start]
                    full = known.short_name(t.low) if t.text.isalpha() and t.text.islower() else None
                    if full is None or not _LIST_JOINT.fullmatch(joint) or person_shape(full) is False or (
                            self._learned(full) not in (None, PERSON)):
                        continue
                    out.append(Mention(full, k, k + 1, _SINGLE_TYPE[PERSON], explicit=True, surface=t.text))
                    taken.add(k)
                    changed = True
        return sorted(out, key=lambda m: m.start)

    def _writer_of_known_team(self, lows: list[str], mentions: list[Mention], update: bool) -> list[_Found]:
        """"yep, I'm SRE, route-cache is mine", "I'm Platform": the writer said to be a bare name already known as
        a team's (from "the SRE team" earlier) is its member; an unknown word after "I'm" is more often the
        writer's own name or a state ("I'm OOO")."""
        for m in mentions:
            if m.pronoun or m.start < 1 or self._learned(m.name) != "team" or (
                    m.end < len(lows) and lows[m.end][0].isalnum() and lows[m.end] not in _REPLY_TAILS):
                continue
            writer = _first_person_be(lows, mentions, m.start)
            if writer is None or _hedged(lows, mentions, m.start):
                continue
            return [_Found(writer.name, "member_of", m.name, update, 1.0)]
        return []

    def _roster(self, lows: list[str], mentions: list[Mention], update: bool) -> list[_Found]:
        """"The SRE crew: Priya and Tom." / "Payments team - Ana, Li, Bo": a team named with its head noun, a
        colon, and nothing after it but people: each of them is a member."""
        if len(mentions) < 2:
            return []
        team = mentions[0]
        if not (team.headed and team.types == _SINGLE_TYPE["team"]) or team.end >= len(lows):
            return []
        # ("Platform team is me, Bongani and Felix": a copula lists the members as a colon does)
        copula = lows[team.end] in ("is", "are")
        if any(w not in _SKIP_DETERMINERS for w in lows[: team.start]) or lows[team.end] not in (":", "=") and (
                not copula):
            return []
        people = mentions[1:]
        k = team.end + 1
        for m in people:
            if any(w not in COORDINATORS for w in _without_newcomer(lows[k : m.start])) or self._fit(m, PERSON) < 2.0:
                return []
            k = m.end
        if any(w[0].isalnum() for w in lows[k:]):
            return []  # "Payments team: Priya owns the rollout": a statement, not a list
        if copula and (k < len(lows) and lows[k] in ("'s", "'") or _hedged(lows, mentions, len(lows))):
            return []  # "the Payments team is Priya's": whose it is, not who is on it
        out = []
        for m in people:
            self._learn(m, PERSON)
            out.append(_Found(m.name, "member_of", team.name, update, 1.0))
        return out

    # --- relations ------------------------------------------------------------------------------------------

    def _resolve(
        self, options: Sequence[Option], entities: list[Mention], lows: list[str], cs: int, ce: int,
        prior: str | None, cue: Cue | None = None, *, modifiers: bool = True,
    ) -> list[tuple[str, str, str]]:
        """The best (subject, predicate, object) for a cue: the nearest mentions whose types fit an option."""
        of_mode = cue is not None and cue.of_mode
        tools = options[0][0] == "uses"  # "the Atlas pipeline runs on Airflow": the pipeline is the project's
        # a comma that opens a new statement ("Amara is leading, it's the audit prep") ends what the cue can reach
        wall_right = next((x for x in range(ce, len(lows) - 1) if lows[x] in (",", ";")
                           and lows[x + 1] in _SUBJECT_PRONOUNS), len(lows))
        wall_left = max((x for x in range(0, cs) if lows[x] in (",", ";") and x + 1 < cs
                         and lows[x + 1] in _SUBJECT_PRONOUNS), default=-1)
        # "X runs in eu-west-1 since its users are in Japan": a clause a subordinator opens has its own subject
        wall_left = max([wall_left] + [x for x in range(0, cs) if lows[x] in _SUBORDINATORS and x > 0])
        entities = [m for m in entities if m.start > wall_left and m.end <= wall_right]
        lefts = [m for m in reversed(entities) if m.end <= cs
                 and not (modifiers and _modifier(lows, m, cs, compound=False) and not (tools and _work_noun(lows, m)))
                 ][:4]
        rights = [m for m in entities if m.start >= ce
                  and not (modifiers and _modifier(lows, m, len(lows), compound=False)
                           and not (tools and _work_noun(lows, m)))
                  and not (m.pronoun and m.start > 0 and lows[m.start - 1] in _CLAUSE_OPENERS)]
        # "EDM uses Power BI for the regulator dashboard": what follows "for" after the object is what it is for
        purpose = next((x for x in range(rights[0].end, len(lows)) if lows[x] == "for"), None) if rights else None
        rights = [m for m in rights if purpose is None or m.start < purpose][:4]
        best: tuple[float, Mention, Mention, str, str] | None = None
        for rank, (predicate, voice) in enumerate(options):
            subject_type, object_type = PREDICATES[predicate]
            subject_types = _SUBJECT_TYPES.get(predicate, (subject_type,))
            strict = voice.endswith("!")
            voice = voice.rstrip("!")
            if of_mode and not lefts:
                pairs = [(s, o, i, j) for i, s in enumerate(rights[:2]) for j, o in enumerate(rights[i + 1 :])]
            elif voice == "fwd":
                pairs = [(s, o, i, j) for i, s in enumerate(lefts) for j, o in enumerate(rights)]
            else:
                pairs = [(s, o, i, j) for i, s in enumerate(rights) for j, o in enumerate(lefts)]
            for s, o, i, j in pairs:
                if cue is not None and cue.person_object and object_type == PERSON:
                    # "Kinrei Marine is with Siobhán Murphy": a thing next to a person needs no stated type
                    if not self._handed_over(s, o, lows, cs, ce, voice) and not (
                            cue.typed_only and _typed_enough(cue, s, o, subject_type)):
                        continue
                elif cue is not None and not _typed_enough(cue, s, o, subject_type):
                    continue
                if predicate in ("located_in", "works_in") and _cloud_region(o.name):
                    continue  # "EDI Hub runs in eu-west-1": a cloud region or cluster is where software runs
                if predicate == "deployed_in" and cue is not None and cue.words[-1] == "on" and (
                        o.types != _SINGLE_TYPE[REGION]):
                    continue  # "runs on us-west-2" places it; "runs on Kafka" names what it uses
                if cue is not None and o.start > ce and "from" not in cue.words and _origin(lows, o.start):
                    continue  # "working out of the Linnet now, moved down from York": where one came from
                if cue is not None and cue.person_object and object_type != PERSON and self._surely_person(o):
                    continue  # "Korvath moved to Mira Delacroix": nobody works in, or deploys to, a person
                if cue is not None and cue.needs_head and voice == "fwd" and (s.end != cs or not (
                    s is entities[0] or s.start == 0 or lows[s.start - 1] in ("by", "and", ",", "(", "with")
                )):
                    continue  # "Dana from the Berlin office", not "Dana called Acme from the Berlin office"
                if cue is not None and cue.typed_only and cue.words[0] in _BE_WORDS and _visit(lows):
                    continue  # "Dana is in the Berlin office today": a visit, not a workplace
                if predicate == "works_in" and cue is not None and "based" not in cue.words and not cue.update and (
                        _visit(lows[ce:])):
                    continue  # "working from the Berlin office today", "at the Paris office for the summit" (not
                    # "moving to the Stapleton office on Monday", which says when the move is)
                if strict and not s.explicit:
                    continue
                if predicate != "works_in" and o.types == PLACE_TYPES and s.person_likely and not s.explicit:
                    continue  # "Dana lives in Berlin": a bare name placed in a city is a person, not a thing
                if predicate == "member_of" and prior == "project" and cue is not None and cue.words[-1] == "on" and (
                    not o.explicit
                ):
                    continue  # in a project channel "Priya is on Atlas" puts her on a project, not on a team
                # a widened subject type counts a little less than the canonical one, to break ties
                fs = max(self._fit(s, kind) - 0.1 * (k > 0) for k, kind in enumerate(subject_types))
                fo = max(self._fit(o, kind) - 0.1 * (k > 0)
                         for k, kind in enumerate(_OBJECT_TYPES.get(predicate, (object_type,))))
                if name_key(s.name) == name_key(o.name):
                    if not _named_after(s, o, predicate):
                        continue  # one thing twice, no relation
                    fo = max(fo, 1.0)  # "Carlisle office is in Carlisle": the town, not a second office
                if fs <= 0 or fo <= 0:
                    continue
                given = reads_as_given_name(s.name)
                if s.person_likely and predicate in _SYSTEM_LINKS and (o.person_likely or given) and not (
                    predicate == "uses" and (options[0][0] == "uses" or prior == subject_type) and not given
                ):
                    continue  # "Lena calls Dana": two bare capitalised words are two people, not two systems;
                    # "Priya keeps her notes in Notion": a given name is a person's, whatever the other is
                # in #accounts an account is "owned" by its manager as often as it is handled by them
                if prior in subject_types and not (cue is not None and cue.firm and rank > 0 and prior != "account"):
                    fs += 0.25  # a channel hint picks among a vague verb's readings, not against a firm one
                score = fs + fo - _RANK_PENALTY * (i + j) - 0.01 * rank
                if best is None or score > best[0]:
                    best = (score, s, o, predicate, voice)
        if best is None:
            return []
        _, subject, obj, predicate, voice = best
        voice = voice.rstrip("!")
        subject_type, object_type = PREDICATES[predicate]
        subject_types = _SUBJECT_TYPES.get(predicate, (subject_type,))
        subjects = _chain(subject, entities, lows, toward_cue=(voice == "fwd"))
        objects = _chain(obj, entities, lows, toward_cue=(voice != "fwd")) if predicate in MULTI_VALUED else [obj]
        out = []
        subjects.sort(key=lambda m: m.start)
        objects.sort(key=lambda m: m.start)
        for s in subjects:
            fits = sorted(((self._fit(s, kind), -i, kind) for i, kind in enumerate(subject_types)), reverse=True)
            fit, _, kind = fits[0]
            if fit <= 0:
                continue
            if len(fits) == 1 or fits[1][0] < fit:
                self._learn(s, kind)  # an owner says nothing about whether Asana is a tool or a component
            for o in objects:
                kinds = _OBJECT_TYPES.get(predicate, (object_type,))
                fit_o, kind_o = max((self._fit(o, kind) - 0.1 * (k > 0), kind) for k, kind in enumerate(kinds))
                if name_key(s.name) == name_key(o.name) and _named_after(s, o, predicate):
                    out.append((s.name, predicate, o.name))  # (nothing learned: the key is the office's too)
                    continue
                if fit_o <= 0 or name_key(s.name) == name_key(o.name):
                    continue
                self._learn(o, kind_o)
                out.append((s.name, predicate, o.name))
        return out

    def _by_prototype(
        self, lows: list[str], entities: list[Mention], prior: str | None, update: bool, state: _MessageState,
    ) -> list[_Found]:
        """The phrase between two adjacent mentions compared with per-relation prototypes (unseen wordings)."""
        requests: list[tuple[str, Mention, Mention, bool]] = []
        for a, b in zip(entities, entities[1:]):
            gap = lows[a.end : b.start]
            if not gap or len(gap) > 8 or any(not (w[0].isalnum() or w == "'s") for w in gap):
                continue
            if not any(w not in STOPWORDS and w != "'s" for w in gap):
                continue
            if any(w in NEGATIONS or w in HEDGES or w.endswith("n't") for w in gap):
                continue
            if (gap[0] == "'s" or a.pronoun and lows[a.start] in _POSSESSIVES) and _modifier(lows, a, b.start):
                continue  # "my co-host works in Bristol", "Dana's boss owns Atlas": the possessed thing's relation
            requests.append((" ".join(gap), a, b, "by" in gap))
        requests = requests[: max(0, state.budget)]
        if not requests:
            return []
        state.budget -= len(requests)
        protos, families = self._prototypes()
        vectors = self.embedder.encode([r[0] for r in requests])  # type: ignore[union-attr]
        sims = vectors @ protos.T
        out: list[_Found] = []
        for (_, a, b, passive), row in zip(requests, sims):
            best = int(np.argmax(row))  # the first of equal scores: prototype order is fixed
            score = float(row[best])
            if score < self.threshold:
                continue
            family = PROTOTYPES[families[best]]
            options = family.passive if passive else family.active
            if not options:
                continue  # a family with no reading in this voice ("by" between two names of a one-way relation)
            for subject, predicate, obj in self._resolve(options, [a, b], lows, a.end, b.start, prior):
                out.append(_Found(subject, predicate, obj, update, score))
        return out

    def _prototypes(self) -> tuple[np.ndarray, list[int]]:
        if self._protos is None:
            phrases = [p for family in PROTOTYPES for p in family.phrases]
            self._proto_families = [i for i, family in enumerate(PROTOTYPES) for _ in family.phrases]
            self._protos = self.embedder.encode(phrases)  # type: ignore[union-attr]
        return self._protos, self._proto_families

    # --- types and pronouns ---------------------------------------------------------------------------------

    def _fit(self, m: Mention, wanted: str) -> float:
        """How well a mention fits a type: 3 stated, 2 plausible, 1 possible, 0.5 a bare capitalised word for a
        non-person slot (it is most often a person), 0 impossible."""
        if wanted not in m.types:
            return 0.0
        if m.explicit or len(m.types) == 1:
            return 3.0
        if m.person_likely:
            return 2.0 if wanted == PERSON else 0.5
        if m.types == ANY_TYPE:
            return 1.0
        return 2.0

    def _learn(self, m: Mention, kind: str) -> None:
        if kind not in ANY_TYPE:
            return
        key = name_key(m.name)
        if key and key not in self._types:
            self._types[key] = kind
        m.types = _SINGLE_TYPE[self._types.get(key, kind)]
        m.explicit = True
        m.person_likely = False

    def _learn_people(self, lows: list[str], mentions: list[Mention]) -> None:
        """A bare capitalised name doing what only people do ("Dana said", "ping Dana", "Dana is on leave") is a
        person from then on, so "Dana uses FeatureStore" later is not read as one system calling another."""
        for m in mentions:
            if m.pronoun or not m.person_likely or m.end - m.start != 1 or self._learned(m.name) is not None:
                continue
            if m.name.casefold() in self._speakers:
                self._learn(m, PERSON)  # a name that is someone's chat handle is that person
                continue
            after = lows[m.end] if m.end < len(lows) else ""
            after2 = tuple(lows[m.end : m.end + 3])
            before = lows[m.start - 1] if m.start > 0 else ""
            # "our customer Globex", "Globex is a customer": what the name is called by a noun next to it
            called = lows[m.end + 2] if after in _COPULAS | {","} and m.end + 2 < len(lows) and lows[m.end + 1] in (
                "a", "an", "our") else ""
            if before in _ACCOUNT_NOUNS or called in _ACCOUNT_NOUNS:
                self._learn(m, "account")
            elif after in _PERSON_VERBS or before in _PERSON_LEADS or after2 in _PERSON_STATES or (
                    before in _PERSON_NOUNS or called in _PERSON_NOUNS):
                self._learn(m, PERSON)

    def _surely_person(self, m: Mention) -> bool:
        """A mention that can only be someone: a person pronoun, a name learned as a person, one that reads as
        a given name and family name, or a speaker's handle."""
        if m.pronoun:
            return m.types == _SINGLE_TYPE[PERSON]
        learned = self._learned(m.name)
        if learned is not None:
            return learned == PERSON
        return person_shape(m.name) is True or reads_as_given_name(m.name) or m.name.casefold() in self._speakers

    def _handed_over(self, s: Mention, o: Mention, lows: list[str], cs: int, ce: int, voice: str) -> bool:
        """"Brightwell goes to Lina", "Adebayo takes Kinrei Marine": the thing and the person stand right at the
        cue, the person reads as one and the thing does not."""
        if voice == "fwd":
            adjacent = s.end == cs and o.start == ce
        else:
            adjacent = o.end == cs and s.start == ce
        # a two-word name the name lists do not know ("Adebayo Okonjo") passes when it is shaped like a person's
        person = self._surely_person(o) or (
            o.person_likely and " " in o.name and self._learned(o.name) is None and person_shape(o.name) is not False)
        if voice != "fwd" and o.pronoun and lows[o.start] in ("i", "i'll") and s.start == ce and (
                lows[o.end:cs] in ([], ["will"])) and not self._surely_person(s) and not (
                s.types <= PLACE_TYPES) and not any(w in _CONDITIONS for w in lows[s.end:]):
            # "fine, I'll take ArcadeOne": the speaker claims the thing in chat, which settles it; "I can take it"
            # and "I'll take sprocketd if nobody else wants it" only offer
            return True
        if not adjacent or not person or self._surely_person(s):
            return False
        if cs > 0 and (lows[cs - 1] in _INTENT_MODALS or lows[cs - 1].endswith("'ll")):
            return False  # "I'll take opal-queue", "can you take Acme?": an offer or a request, not a handover
        return not (s.pronoun and PERSON in s.types)

    def _learned(self, name: str) -> str | None:
        return self._types.get(name_key(name)) if self._types else None

    def _is_person(self, m: Mention) -> bool:
        return PERSON in m.types and (len(m.types) == 1 or m.person_likely)

    def _could_be_thing(self, m: Mention) -> bool:
        """A bare capitalised word ("Kestrel") is most often a person, but "it" may still stand for it."""
        return not self._is_person(m) or (m.types != _SINGLE_TYPE[PERSON] and m.end - m.start == 1)

    def _antecedent(self, channel: str | None, kind: str, so_far: list[Mention],
                    body: Sequence[Token] = ()) -> Mention | None:
        # a matching mention earlier in the same sentence wins over the channel's memory; a place is rarely
        # what "it" continues with ("X is no longer in eu-west-1; it's in us-east-1 now"), so one is passed over;
        # nor is a name that only modifies a noun after the sentence's first mention ("into GL codes, Jasper
        # runs it": "it" is what the sentence is about, not GL)
        # an "it" earlier in the sentence is one too: "it's on-prem at Ribeira House, and it's P3"
        candidates = [m for m in reversed(so_far)
                      if (not m.pronoun or kind != "person" and m.start < len(body) and body[m.start].low == "it")
                      and not (kind != "person" and m.types == _SINGLE_TYPE[REGION])
                      and not (body and m is not so_far[0] and _noun_modifier(body, m))
                      and not (body and _vocative(body, m)) and not _tier_word(m)
                      and not self._weak_opening(m, body)]
        if kind != "person" and body:
            candidates = _things_first(body, candidates)  # "the backup NAS in Porto, because it was ...": the NAS
        if kind == "any" and candidates:
            # "Stavros Marine is Kofi's account, and they're on Scale": "they" is a group or a company sooner
            # than the person named last
            found = next((m for m in candidates if not self._is_person(m)), None) or next(
                (m for m in candidates if not self._surely_person(m)), None)
            if found is None:
                # "Lowmoor Logistics: Carmen Ruiz handles them": only people were named in the sentence, and "them"
                # is more likely the thing the channel is about than one of them
                remembered = self._pronouns.resolve(channel, kind)
                found = remembered if remembered is not None and not self._is_person(remembered) else candidates[0]
            return found
        if kind == "person":
            found = next((m for m in candidates if self._is_person(m)), None)
        else:  # a thing: one that is surely not a person first, then a bare name that may not be one
            found = next((m for m in candidates if not self._is_person(m)), None) or next(
                (m for m in candidates if self._could_be_thing(m)), None)
        if found is None:
            found = self._pronouns.resolve(channel, kind)
        if kind == "thing" and found is not None and found.person_likely and not self._learned(found.name) and (
                reads_as_given_name(found.name)):
            # "Zoe i think?" / "nope, Nikhil inherited it": a bare given name is no thing; "it" is what the
            # channel is talking about, if that is known
            topic = self._topic.get(channel or "")
            kind_of = self._learned(topic) if topic else None
            if topic and kind_of is not None and kind_of != PERSON:
                return Mention(topic, 0, 1, frozenset({kind_of}), explicit=True)
            if topic and kind_of is None and not reads_as_given_name(topic):
                return Mention(topic, 0, 1, frozenset(ANY_TYPE) - {PERSON})
        return found

    def _known_names(self, names: Sequence[str]) -> KnownNames:
        try:
            key = tuple(names)
        except TypeError:
            key = ()
        if key != self._known[0]:
            self._known = (key, KnownNames(key))
        return self._known[1]


class _QuestionNames:
    """The question parser's view of names while extraction reads a question: the entities it mentions."""

    def __init__(self, names: list[tuple[str, str]]) -> None:
        self._keys: dict[str, str] = {}
        for name, surface in names:
            self._keys.setdefault(name_key(name), name)
            self._keys.setdefault(name_key(surface), name)

    def match_name(self, surface: str) -> str | None:
        return self._keys.get(name_key(surface))

    def nodes_with_word(self, word: str) -> list[str]:
        return []


@dataclass
class _MessageState:
    budget: int  # prototype phrases still allowed for this message
    values: set[str] = field(default_factory=set)  # capitalised words that turned out to be values ("Enterprise")


# --- helpers over words ------------------------------------------------------------------------------------


_EQUATORS = frozenset({"=", "is", "'s", "being", "aka"})
_ACCOUNT_WORDS = frozenset({"accts", "acct", "accounts", "account", "clients", "customers"})
# How a reply handing accounts over may end after their names: "X and Y to start."
_HANDED_TAILS = (["."], ["to", "start"], ["to", "start", "."], ["for", "now"], ["for", "now", "."],
                 ["for", "starters"], ["for", "starters", "."], ["!"])
# Who "yours" makes a thing's owner, by what the channel's things are.
_YOURS_PREDICATES = {"account": "handled_by", "project": "led_by", "component": "owned_by"}
# "it still says I lead X", "the CRM still shows Bea": a record reported to hold a stale value.
_RECORD_SAYS = frozenset({"says", "shows", "lists"})
_CORRECTED_PREDICATES = frozenset({"led_by", "handled_by", "owned_by"})
# What may follow the real owner's name: "it's Anna Berg since July", "it's Anna Berg now."
_CORRECTION_TAILS = frozenset({"since", "now", "these", "as", "from", ".", "!", ",", "actually", "tho", "though"})
# Chat words that may open a statement before its subject: "fwiw docsnap lives in ...", "also X calls Y".
# Words that open a question tagged onto a statement: "..., right?", "..., did we rule that out?".
_TAG_OPENERS = frozenset("yes yeah yep yup right correct no ok okay innit eh true agreed confirm confirmed did didn't "
                         "do don't does doesn't is isn't are aren't was wasn't has hasn't have haven't can still "
                         "accurate sound sounds that".split())
_BARE_TAGS = frozenset({"right", "correct", "yes", "yeah", "no"})
_COINED_FOLLOWERS = frozenset({"is", "'s", "isn't", "was", "=", ":", "has", "will", "can", "needs", "runs",
                               "lives", "sits", "depends", "relies", "calls", "reads", "uses", "moves", "goes"})
# Verbs whose object stands right after them: "calls idproof", "owns quillpad", "talks to" is read via "to".
_COINED_OPENERS = frozenset("calls call calling owns own owning uses use using hits hit queries reads from on to "
                            "into upon with by of for and moves moving migrate migrating migrated moved "
                            "maintains maintain handles leads runs feeds".split())
# ("downgrading X to P3", "escalate X to P1": the verbs that move a priority up or down set it as well)
_SETTING_VERBS = frozenset("setting set putting put bumping bumped moving moved making make dropping dropped "
                           "raising raised lowering lowered marking marked mark downgrading downgrade downgraded "
                           "upgrading upgrade upgraded escalating escalate escalated demoting demote demoted "
                           "promoting promote promoted bump".split())
# Verbs whose value may follow the thing without "to"/"as": "make it P2", "mark it p1".
_DIRECT_SETTING_VERBS = frozenset("make making made mark marking marked".split())
# A thing moving by itself to a priority: "X goes down to P2", "X dropped to P3", "X moves up to P1".
_PRIORITY_MOTION = frozenset("goes go going went drops drop dropped dropping moves moved moving climbs climbed "
                             "falls fell".split())
_EQUATING = _EQUATORS | frozenset({"the", "our", "a", "an", "basically", "just", "really", ","})


_INTENT_MODALS = frozenset("'ll will would can could to gonna wanna shall may might".split())
# Words that make a first-person "I'll take X" an offer on a condition, not a claim.
_CONDITIONS = frozenset("if unless when once whether maybe perhaps possibly ?".split())
_SUBORDINATORS = frozenset("since because although though whereas unless until once while".split())
_CLUSTER_PARTS = frozenset("k8s prod staging cluster eks gke aks".split())


_SECOND_PERSON = frozenset("you your yours you're youre u ur yourself".split())
_WH_WORDS = frozenset("who whom whose what which where when why how whats what's who's where's wheres whos "
                       "hows how's when's".split())
# Words a reply opens with to confirm what a yes/no question stated.
# What joins the items of a list in a reply: "a + b", "a, b", "a & b", "a and b", "a / b".
_WE_USING = frozenset({"we", "we're", "were", "'re", "are", "i'm", "'m", "also", "now", "still", "currently"})
# "stack's X + Y", "the stack is X", "built on X + Y", "built in React Native": what a project is made with
_STACK_NOUNS = frozenset({"stack", "stack's", "techstack", "tooling"})
_STACK_EQUATING = frozenset({"is", "'s", ":", "=", "was", "are"})
_BUILT_WORDS = frozenset({"built", "building", "written", "runs", "running"})
_WE_USE_VERBS = frozenset({"use", "using", "picked", "chose", "trialling", "trialing", "trying"})
_GENERAL_CHANNELS = frozenset({"adhoc", "general", "random", "offtopic", "watercooler"})
_TOOL_WH = frozenset({"what", "what's", "whats", "which"})
# activities a "what are you ... with" question asks about that are no tool ("what are you working with": a person)
_NOT_TOOL_ACTIVITIES = frozenset({"working", "dealing", "going", "coming", "something", "anything", "thing", "morning",
                                  "evening", "meeting", "nothing", "everything"})
# what separates the items of a tool list; openers an item may start with before its name ("plus LaunchDarkly")
_ITEM_BREAKS = frozenset({",", "and", "plus", ";", "&", "+", "/", "with"})
_TOOL_ITEM_OPENERS = frozenset({"and", "plus", "also", "mostly", "then", "so", "far", "only", "currently", "all",
                                "using", "on", "in", "we're", "we", "they're", "use", "built"})
_LIST_JOINT = re.compile(r"\s*(?:\([^()]*\))?\s*(?:[,+&/]|,?\s*and|,?\s*plus)\s*", re.IGNORECASE)
_NO_WORDS = frozenset("no nope nah nop negative".split())
_YES_WORDS = frozenset("yes yeah yep yup yea ya correct right exactly confirmed indeed affirmative ack".split())
_NOW_MARKERS = frozenset({"now", "to", "currently", "moved", "->"})


_POINTING_WORDS = frozenset({"that", "this", "one", "for", "of", "on"})


_AKA = frozenset({"aka", "a.k.a", "a.k.a."})


def _also_known_as(body: Sequence[Token], message: str, m: Mention) -> str | None:
    """The name a person's name is said to go by ("Jonah Kaplan aka JK", "Ingrid Halvorsen (aka Iggy)"): one
    word, or two capitalised ones, right after "aka". (A thing's short name in brackets: _short_names.)"""
    if m.pronoun or " " not in m.name or PERSON not in m.types:
        return None
    at = m.end + (1 if m.end < len(body) and body[m.end].low == "(" else 0)
    if at >= len(body) or body[at].low not in _AKA or at + 1 >= len(body) or not body[at + 1].text[:1].isalnum():
        return None
    end = at + 2
    if end < len(body) and body[end].text[:1].isupper() and body[at + 1].text[:1].isupper():
        end += 1  # "aka Big Mike"
    return span_text(message, list(body[at + 1 : end]))


_SAYING = frozenset("aka a.k.a a.k.a. or we just say call it called".split())  # "(we just say 'ingest')"
_QUOTES = frozenset({"'", '"', "‘", "’"})


def _short_names(sentence: list[Token]) -> tuple[list[Token], list[tuple[str, str]]]:
    """The sentence without the short names given in brackets after a thing's capitalised name, and the (name,
    short name) pairs: a short name is made from the name, its initials ("Driver App Backend (DAB)") or the starts
    of its words ("Pricing Service (pricer)", "Sensor Ingest Pipeline (we just say 'ingest')", "Inventory Sync
    (invsync)"). A bracketed word that is not ("Route Optimizer (Jamie)", "(P1)") says something else and stays.
    The statement reads on as if the brackets were not there: "Pricing Service (pricer) is P1"."""
    kept: list[Token] = []
    pairs: list[tuple[str, str]] = []
    k = 0
    while k < len(sentence):
        t = sentence[k]
        if t.low == "(" and kept and kept[-1].text[:1].isupper():
            at = k + 1
            while at < len(sentence) and (sentence[at].low in _SAYING or sentence[at].low in _QUOTES):
                at += 1
            closing = at + 1
            while closing < len(sentence) and sentence[closing].low in _QUOTES:
                closing += 1
            if at < len(sentence) and sentence[at].is_word and closing < len(sentence) and (
                    sentence[closing].low == ")"):
                first = len(kept) - 1
                while first > 0 and len(kept) - first < 4 and kept[first - 1].text[:1].isupper() and (
                        kept[first - 1].is_word):
                    first -= 1
                name = [w.text for w in kept[first:]]
                while name and name[0].casefold() in ("the", "a", "an", "our"):
                    name = name[1:]  # "The Pricing Service (pricer)"
                if len(name) > 1 and _made_from(sentence[at].low, [w.casefold() for w in name]):
                    pairs.append((" ".join(name), sentence[at].text))
                    k = closing + 1
                    continue
        kept.append(t)
        k += 1
    return kept, pairs


def _made_from(short: str, words: Sequence[str]) -> bool:
    """Whether `short` is made from the name's lowercase `words`: its initials ("dab"), a clipping of one of them
    ("picky" of Picklist Generator), or the starts of several run together ("invsync")."""
    initials = "".join(w[0] for w in words)
    if len(short) >= 2 and short in (initials, initials[: len(short)]) and len(short) >= len(words) - 1:
        return True
    if len(short) >= 4 and any(w[:4] == short[:4] for w in words if len(w) >= 4):
        return True
    return len(short) >= 3 and _clipped_from(short, words)


def _clipped_from(short: str, words: Sequence[str]) -> bool:
    """Whether `short` is the starts of some of `words`, in order, run together: "invsync" (Inventory Sync),
    "paybridge" (Payments Bridge), "nhub" (Notification Hub)."""
    if not short:
        return True
    for k, word in enumerate(words):
        for n in range(min(len(word), len(short)), 0, -1):
            if short[:n] == word[:n] and _clipped_from(short[n:], words[k + 1 :]):
                return True
    return False


def _as_typed(span: str, read: str, typed: str) -> str:
    """`span`, a quote of `read`, as `typed` (the same text before names were capitalised) has it."""
    at = read.find(span)
    return typed[at : at + len(span)] if at >= 0 else span


def _asks_my_accounts(lows: Sequence[str]) -> bool:
    """"which accts am I getting", "what accounts will I get?": the writer asks which accounts are theirs."""
    return any(lows[k] in ("which", "what") and lows[k + 1] in _ACCOUNT_WORDS for k in range(len(lows) - 1)) and any(
        list(lows[k : k + 3]) in (["am", "i", "getting"], ["am", "i", "taking"], ["will", "i", "get"],
                                  ["do", "i", "get"]) for k in range(len(lows)))


def _yes_no(body: Sequence[Token]) -> bool:
    """A question that asks to confirm a statement ("Sahar = Mumbai?", "is Tern still P2?"), not one that asks
    for a value ("which office?") or offers alternatives ("Leeds or York?")."""
    lows = [t.low for t in body]
    return bool(lows) and not any(w in _WH_WORDS or w == "or" for w in lows)


def _now_value(tokens: Sequence[Token], value: Value) -> bool:
    """"now 28 Feb", "moved to May": a value the words before it say holds now."""
    return any(tokens[k].low in _NOW_MARKERS for k in range(max(0, value.start - 2), min(value.start, len(tokens))))


_MINE_TAILS = frozenset("since now too tbh tho though for atm still".split())


def _self_answer(lows: list[str]) -> bool:
    """"me", "me since May", "I do", "that's me", "yes, mine", "still mine": the one replying names themself as
    the answer."""
    k = 0
    while k < len(lows) - 1 and (lows[k] in _YES_WORDS or lows[k] in _STILL_WORDS or lows[k] == ","):
        k += 1
    lows = lows[k:]
    if lows[:1] == ["mine"] and len(lows) > 1 and lows[1].isalpha() and lows[1] not in _REPLY_TAILS and (
            lows[1] not in _MINE_TAILS):
        return False  # "mine is the other one": "mine" opens a statement about something else
    return bool(lows) and (lows[0] in {"me", "myself", "mine"} or lows[:2] in (
        ["i", "do"], ["i", "am"], ["that's", "me"], ["thats", "me"], ["it's", "me"], ["it's", "mine"],
        ["its", "mine"], ["that's", "mine"]))


def _unbulleted(sentence: list[Token], message: str) -> list[Token]:
    """A list item's line without its bullet: "- booking-api: owner ..." is read as "booking-api: owner ...". (A
    "*" or "•" bullet never becomes a token; a dash does, and a dash with a space after it opening a line is no
    word of the statement.)"""
    if len(sentence) > 1 and sentence[0].low in _DASHES and _spaced(message, sentence[0].end):
        return sentence[1:]
    return sentence


def _with_plus(sentence: list[Token], message: str) -> list[Token]:
    """The sentence with a "+" standing between two words kept as a token of its own, as "&" is: "postgres-main
    + redis-sessions", "sophie + ravi" join names as "and" does, and the tokenizer drops the sign."""
    if "+" not in message:
        return sentence
    out: list[Token] = []
    for k, t in enumerate(sentence):
        if k:
            gap = message[sentence[k - 1].end : t.start]
            if gap.strip() == "+" and gap != "+":
                at = sentence[k - 1].end + gap.index("+")
                out.append(Token("+", "+", at, at + 1))
        out.append(t)
    return out


def _parts(body: Sequence[Token]) -> list[tuple[int, int]]:
    """The comma- or semicolon-separated parts of a sentence as token ranges, its closing mark left out."""
    out: list[tuple[int, int]] = []
    at = 0
    for k, t in enumerate(body):
        if t.low in (",", ";"):
            out.append((at, k))
            at = k + 1
    end = len(body)
    while end > at and body[end - 1].low in (".", "!"):
        end -= 1
    out.append((at, end))
    return [(a, b) for a, b in out if b > a]


def _bare_value(body: Sequence[Token], a: int, b: int, mentions: Sequence[Mention]) -> tuple[str, str] | None:
    """A part of a catalogue line that is only a value: a priority code ("p1", "sev2", "p1 prio", "high
    priority") as ("priority", code), or a cloud region or cluster code ("eu-west-2", "in eu-west-1") as
    ("deployed_in", region)."""
    words = [t for t in body[a:b] if t.is_word]
    lows = [t.low for t in words]
    if len(lows) == 1 and _CODE_PRIORITY.match(lows[0]):
        return "priority", lows[0]
    if len(lows) == 2 and lows[1] in ("priority", "prio") and lows[0] in PRIORITY_WORDS:
        return "priority", lows[0]
    if not lows or lows[:-1] not in ([], ["in"], ["runs", "in"], ["deployed", "in"], ["hosted", "in"]):
        return None
    at = max(k for k in range(a, b) if body[k].is_word)
    region = next((m for m in mentions if m.start == at and m.end == at + 1), None)
    if region is not None and region.types == _SINGLE_TYPE[REGION] and _cloud_region(body[at].text):
        return "deployed_in", body[at].text
    return None


_NEWCOMER_NOUNS = frozenset("guy gal hire joiner starter person one dev engineer intern contractor".split())


def _without_newcomer(words: Sequence[str]) -> list[str]:
    """The words between two listed people without a "the new guy" / "our new hire" that only says who comes
    next: "me, Ana Ruiz and the new guy Bo Lind" still lists people."""
    out = list(words)
    for k in range(len(out) - 1, 0, -1):
        if out[k] in _NEWCOMER_NOUNS and out[k - 1] == "new":
            start = k - 2 if k >= 2 and out[k - 2] in ("the", "our", "a") else k - 1
            return out[:start] + out[k + 1 :]
    return out


def _first_person_be(lows: Sequence[str], mentions: Sequence[Mention], k: int) -> Mention | None:
    """The writer standing before word k as "I'm" or "I am" (a copula the cue lexicon cannot start from, since
    "i'm" is the writer's own mention), with nothing else between."""
    at = k - 1 if k >= 2 and lows[k - 1] == "am" else k
    return next((m for m in mentions if m.pronoun and m.end == at and m.end - m.start == 1 and (
        lows[m.start] == ("i" if at < k else "i'm"))), None)


# Head nouns of a team named in lowercase words or acronyms, and the words such a name can follow (or open the
# sentence): "me = platform team", "callum is on booking team", "Mei Lindqvist, integrations team", "SRE team".
_LOWER_TEAM_HEADS = frozenset({"team", "squad", "crew", "guild"})
_TEAM_CONTEXT = frozenset({"=", "is", "are", "am", "'s", "i'm", "on", "in", "of", "to", "for", "with", "from", "join",
                           "joins", "joined", "joining", "the", "our", "their", ","})
# "=" or a copula between people and a team: they are on it ("i'm" brings its own person)
_TEAM_EQUATORS = frozenset({"=", "is", "are", "am", "'s", "i'm"})
# Words that say which team in the conversation, or how it is doing, not what it is called: "the whole team",
# "we are one team", "a great team".
_NOT_TEAM_WORDS = frozenset(
    "whole entire same other new old own core main full big small right wrong next last first extended broader "
    "wider local remote one two three great good best amazing awesome dream real proper".split()
)


def _team_word(t: Token) -> bool:
    """A word of a team's name written in lowercase ("platform", "infra"), or an acronym ("SRE", "ML")."""
    if t.text.isalpha() and t.text.isupper() and 2 <= len(t.text) <= 5:
        return True
    return t.text.isalpha() and t.text.islower() and len(t.text) > 1 and t.low not in STOPWORDS and (
        t.low not in _NOT_TEAM_WORDS and t.low not in PRIORITY_WORDS and t.low not in _LOWER_TEAM_HEADS)


def _team_name(words: Sequence[Token], head: Token) -> str:
    """"it infra" + "team" -> "IT Infra team": each word capitalised, "it" as the acronym it stands for."""
    return " ".join("IT" if t.low == "it" else t.text if t.low == "&" or t.text.isupper()
                    else t.text[:1].upper() + t.text[1:] for t in words) + " " + head.text


def _lowercase_team_spans(body: Sequence[Token]) -> list[tuple[int, int]]:
    """Token ranges of teams named in lowercase words or acronyms: one to three name words (joined by "&" too)
    and a team noun, opening the sentence or after "=", a copula, a preposition, a determiner or a comma ("=
    platform team", "are booking & telehealth team", "SRE team"). "it" opening such a name is the acronym IT
    ("= it infra team"), never the pronoun: a pronoun does not stand between a copula and a team noun."""
    out: list[tuple[int, int]] = []
    for h, t in enumerate(body):
        if t.low not in _LOWER_TEAM_HEADS or not t.text.islower():
            continue
        k, words = h, 0
        while k > 0 and words < 3:
            if _team_word(body[k - 1]):
                k, words = k - 1, words + 1
            elif body[k - 1].low == "&" and words and k > 1 and _team_word(body[k - 2]):
                k -= 1
            else:
                break
        if k > 1 and body[k - 1].low == "it" and body[k - 2].low in _TEAM_CONTEXT and words < 3:
            k, words = k - 1, words + 1
        if words and (k == 0 or body[k - 1].low in _TEAM_CONTEXT) and body[k].low != "&":
            out.append((k, h + 1))
    return out


# Words that may stand before an office named in lowercase: the start, a copula, "=", a colon, a preposition.
# (and the words a reply opens with: "yeah krakow office")
_OFFICE_CONTEXT = _TEAM_CONTEXT | _REPLY_OPENERS | CHAT_FILLERS | frozenset(
    {":", "-", "at", "out", "based", "mainly", "usually"})


def _office_word(t: Token) -> bool:
    """A word of an office's name typed in lowercase: a place ("leeds", "dublin"), or a word no everyday
    vocabulary holds ("gdansk"); never "home", "head" or "main", which say which office, not where."""
    return t.text.isalpha() and t.text.islower() and len(t.text) > 2 and t.low not in STOPWORDS and (
        is_place(t.text) or not is_common_word(t.low))


def _lowercase_office_spans(body: Sequence[Token]) -> list[tuple[int, int]]:
    """Token ranges of offices named in lowercase: one or two place words and "office" or "studio" ("gdansk office
    mostly", "me: leeds office", "lisbon office = portugal", "praga studio"), opening the sentence or after "=", a
    colon, a copula or a preposition. Case no longer tells the name from chatter here; the head noun and the place
    word do."""
    out: list[tuple[int, int]] = []
    for h, t in enumerate(body):
        if t.low not in ("office", "studio") or not t.text.islower():
            continue
        k = h
        while k > 0 and h - k < 2 and _office_word(body[k - 1]):
            k -= 1
        if k < h and (k == 0 or body[k - 1].low in _OFFICE_CONTEXT):
            out.append((k, h + 1))
    return out


_SITE_CODES = frozenset({"DC", "HQ"})


def _lowercase_site_spans(body: Sequence[Token]) -> list[tuple[int, int]]:
    """Token ranges of sites named in lowercase before their capital code: one or two town words and "DC"
    ("in ashcombe DC", "kirkby vale DC"). The code in capitals is the head; the words before it are the town."""
    out: list[tuple[int, int]] = []
    for h, t in enumerate(body):
        if t.text not in _SITE_CODES:
            continue
        k = h
        while k > 0 and h - k < 2 and _office_word(body[k - 1]) and not (
                k < h and body[k - 1].end < body[k].start - 1):
            k -= 1
        if k == h and h > 1 and _office_word(body[h - 2]) and body[h - 1].text.isalpha() and (
                body[h - 1].text.islower() and body[h - 1].low not in STOPWORDS):
            k = h - 2  # "kirkby vale DC": a town's second word may be an everyday one
        if k < h:
            out.append((k, h + 1))
    return out


# Words of a list's lead-in line that name the role of its rows ("leads as agreed:", "who owns what:",
# "quick acct roundup:"): a role noun or verb first, else the kind of thing the rows are.
_LEAD_IN_ROLES = {
    "lead": "led_by", "leads": "led_by", "led": "led_by", "leading": "led_by", "dri": "led_by", "dris": "led_by",
    "owner": "owned_by", "owners": "owned_by", "owns": "owned_by", "ownership": "owned_by",
    "am": "handled_by", "ams": "handled_by", "handles": "handled_by", "handling": "handled_by",
}
_LEAD_IN_KINDS = {"acct": "handled_by", "accts": "handled_by", "account": "handled_by", "accounts": "handled_by",
                  "customer": "handled_by", "customers": "handled_by", "client": "handled_by",
                  "clients": "handled_by", "project": "led_by", "projects": "led_by", "service": "owned_by",
                  "services": "owned_by", "system": "owned_by", "systems": "owned_by"}
# The role a person has for a thing of each kind, and the kind a role shows its thing to be.
_KIND_ROLES = {"account": "handled_by", "project": "led_by", "component": "owned_by", "tool": "owned_by"}
_ROLE_KINDS = {"handled_by": "account", "led_by": "project", "owned_by": "component"}
# Words after an item's value that are no part of it: "leeds office too", "aoife byrne atm".
_ITEM_TAILS = _REPLY_TAILS | frozenset({"too", "also", "mostly", "mainly", "usually", "for", "now", "as", "well"})


def _lead_in_role(body: Sequence[Token]) -> str | None:
    lows = [t.low for t in body]
    if any(w in NEGATIONS for w in lows):
        return None
    if "account" in lows and "manager" in lows or "account" in lows and "managers" in lows:
        return "handled_by"
    return next((_LEAD_IN_ROLES[w] for w in lows if w in _LEAD_IN_ROLES), None) or next(
        (_LEAD_IN_KINDS[w] for w in lows if w in _LEAD_IN_KINDS), None)


_EVERYONE = frozenset("you all everyone everybody folks guys y'all yall people team".split())
_OFFICE_NOUNS = frozenset("office offices site sites".split())
_EACH_OF_YOU = frozenset("everyone everyone's everybody everybody's each all u you ur y'all yall".split())
_REQUEST_WORDS = frozenset("need reply pls please send drop give".split())
# Head nouns of a building's name ("marlow house", "ridgeway block", "estates bldg"), with their short forms spelled out
_BUILDING_HEADS = {"house": "House", "block": "Block", "wing": "Wing", "lodge": "Lodge", "building": "Building",
                   "bldg": "Building", "hall": "Hall", "tower": "Tower", "centre": "Centre", "center": "Center",
                   "court": "Court", "annexe": "Annexe", "annex": "Annex", "pavilion": "Pavilion"}


_THANKS = frozenset("ta ty thx thanks cheers k kk ok".split())
_TEAM_NOUNS = frozenset("team teams squad squads dept depts department departments".split())
_TEAM_REPLY_OPENERS = frozenset("i'm im i am me and ok so also just still yeah yep".split())
_TEAM_REPLY_TAILS = frozenset("too also as well obv obviously w w/ with now atm still team since".split())


def _asks_everyone_team(lows: Sequence[str], question: bool) -> bool:
    """"which team are you all in btw", "teams for the attendee list": everyone is asked which team they are on.
    A question asks which team with everyone as its audience; a request opens on "teams" for some list."""
    # ("teams not just names": a "not" before "just" or "only" adds, it denies nothing)
    if any(w in NEGATIONS and lows[k + 1 : k + 2] not in (["just"], ["only"]) for k, w in enumerate(lows)) or (
            not _TEAM_NOUNS.intersection(lows)):
        return False
    asks = any(a in ("which", "what") and b in _TEAM_NOUNS for a, b in zip(lows, lows[1:]))
    if asks and (_EVERYONE | _YOU).intersection(lows):
        return True  # (or one reader: "ricky, which team are u on now?")
    # "I need teams not just names — what are we all": a request for everyone's team
    if any(w in _TEAM_REQUESTS and "teams" in lows[k + 1 : k + 3] for k, w in enumerate(lows)):
        return True
    # "teams for the org chart: kev + bazza both networks?": a request for a list, which may guess at a few
    return lows[:1] == ["teams"] and "for" in lows[1:3] and (len(lows) <= 8 and not question or ":" in lows[2:10])


_TEAM_REQUESTS = frozenset("need needs want give send put list drop add".split())


def _team_answer(first: Sequence[Token]) -> str | None:
    """The team a short reply opens on: one to three words (or an acronym) after "i'm", before a tail like
    "too" or a stop; None when the reply says more than a name."""
    k = 0
    while k < len(first) and first[k].low in _TEAM_REPLY_OPENERS:
        k += 1
    if k < len(first) and first[k].low == "(":
        close = next((j for j in range(k, len(first)) if first[j].low == ")"), None)
        if close is None:
            return None
        k = close + 1  # "and me (dan ellis) infra obv"
    end = k
    while end < len(first) and (first[end].is_word or first[end].text == "&") and (
            first[end].low not in _TEAM_REPLY_TAILS):
        end += 1
    words = first[k:end]
    rest = first[end:]
    # "Finance team, been 2 yrs": what follows a comma is an aside to the answer
    cut = next((j for j, t in enumerate(rest) if t.low in (",", ";", "(", "-", "—")), len(rest))
    if not 1 <= len(words) <= 3 or len(rest[:cut]) > 4:
        return None
    if rest and rest[0].low in ("team", "squad") and all(
            w.text[:1].isupper() and w.text.isalpha() and w.low not in STOPWORDS for w in words) and not (
            len(rest) > 1 and rest[1].is_word and rest[1].low not in _TEAM_REPLY_TAILS):
        # "Control Room team", "Network Infrastructure team": capitalised words before the team noun
        return " ".join(w.text for w in words) + " " + rest[0].text
    joined = [w.text == "&" and 0 < i < len(words) - 1 for i, w in enumerate(words)]  # "identity & access"
    if any(not joins and (w.low in STOPWORDS or w.low in CHAT_WORDS or w.low in _TEAM_NOUNS or w.low in NEGATIONS
                          or not w.text.isalpha())
           for w, joins in zip(words, joined)):
        return None
    if any(not (w.text.islower() or w.text.isupper() or joins) for w, joins in zip(words, joined)) or any(
            w.low in MONTHS or w.low in WEEKDAYS or w.low in PRIORITY_WORDS or w.low.endswith("ed") for w in words):
        return None
    if rest and rest[0].is_word and rest[0].low not in _TEAM_REPLY_TAILS:
        return None
    return " ".join(w.text if w.text.isupper() else w.text.capitalize() for w in words)


def _where_are_you(lows: Sequence[str]) -> bool:
    """"also where are you all based, PMO changed the form": the question asked without its question mark."""
    return any(a == "where" and b in ("are", "is", "'s", "r") and c in _EVERYONE
               for a, b, c in zip(lows, lows[1:], lows[2:]))


def _requests_offices(lows: Sequence[str]) -> bool:
    """"also need everyone's base site, reply w/ office", "base offices for the escalation list": a request, not
    phrased as a question, that each reader say which office they work from."""
    if not _OFFICE_NOUNS.intersection(lows) or any(w in NEGATIONS for w in lows):
        return False
    if any(a == "base" and b in _OFFICE_NOUNS for a, b in zip(lows, lows[1:])):
        return True
    return bool(_EACH_OF_YOU.intersection(lows)) and bool(_REQUEST_WORDS.intersection(lows))


_LEADING_ADVERB = re.compile(r"(?i)^(?:technically|obviously|basically|actually|officially|really)\s+")
_PLACING_LINKS = re.compile(r"\s+(?:is|=|->|→|is in|=>)\s+|\s*(?:=|->|→|=>)\s*")
_SHORT_FORMS = {"bldg": "building", "blk": "block", "ho": "house", "hse": "house"}


def _office_towns(text: str, offices: Sequence[str]) -> list[tuple[str, str, str]]:
    """(office, town, span) for each clause "<known office> is|=|-> <town>" of `text`. The office may be written
    in lower case, with a short form ("bldg") or by its first word alone when that names one office ("wren"); the
    town is one to three words that are no everyday chatter. A line "office = hospital, town" gives the last part."""
    keys: dict[str, str] = {}
    firsts: dict[str, list[str]] = {}
    for office in offices:
        words = _folded_words(office)
        keys[" ".join(words)] = office
        if words and words[0] == "the":
            keys[" ".join(words[1:])] = office
            words = words[1:]
        if len(words) > 1:
            firsts.setdefault(words[0], []).append(office)
    out: list[tuple[str, str, str]] = []
    for line in text.splitlines():
        if "?" in line:
            continue  # "amsterdam office is nl, leeds uk right?": asked to be confirmed, not stated
        body = re.sub(r"^[\s\-*•·]+", "", line)
        body = body.split(":", 1)[1] if ":" in body and not _office_named(body.split(":", 1)[0], keys, firsts) else body
        clauses = [c.strip() for c in re.split(r"[,;]|\s/\s", body)]  # (and "Kallo -> Antwerp / Waalhaven -> ...")
        for n, clause in enumerate(clauses):
            parts = _PLACING_LINKS.split(clause, maxsplit=1)
            if len(parts) != 2:
                continue
            office = _office_named(re.split(r"[.!?]\s+", parts[0])[-1], keys, firsts)  # "ok. old lodge is ..."
            if office is None:
                continue
            towns = [re.split(r"[.!?](?:\s|$)", parts[1])[0].strip()]  # "old lodge is ashcombe. the one by ..."
            towns[0] = _LEADING_ADVERB.sub("", towns[0])  # "Deurganck site office is technically Beveren"
            words = towns[0].split()
            while len(words) > 1 and (words[-1].casefold() in _REPLY_TAILS or words[-1].casefold() in (
                    "obv", "obviously", "ofc", "too", "right")):
                words.pop()  # "Waltershof office -> Hamburg obv", "boavista = porto right"
            towns[0] = " ".join(words)
            for rest in clauses[n + 1 :]:
                if _PLACING_LINKS.search(rest):
                    break
                towns.append(rest)
            # "marlow house = ashcombe general, ashcombe": a site named after its town, then the town
            town = towns[1] if len(towns) > 1 and _town_words(towns[1]) and set(towns[1].split()) < set(
                towns[0].split()) else None
            town = town or (towns[0] if _town_words(towns[0]) else None)
            if town is not None:
                out.append((office, " ".join(w.capitalize() for w in town.split()), clause))
    return out


def _folded_words(name: str) -> list[str]:
    """A name's words in lower case, short forms written out ("estates bldg" -> estates, building)."""
    return [_SHORT_FORMS.get(w, w) for w in re.findall(r"[a-z0-9']+", name.casefold())]


def _office_named(left: str, keys: dict[str, str], firsts: dict[str, list[str]]) -> str | None:
    words = _folded_words(left)
    if words[:1] == ["the"]:
        words = words[1:]
    if not words or len(words) > 4:
        return None
    if " ".join(words) in keys:
        return keys[" ".join(words)]
    one = firsts.get(words[0], [])
    return one[0] if len(words) == 1 and len(one) == 1 else None


def _town_words(text: str) -> bool:
    """One to three words that may name a town: letters only, no chatter ("the one by the car park")."""
    words = text.split()
    if not 1 <= len(words) <= 3 or any(not w.isalpha() or w.casefold() in STOPWORDS for w in words):
        return False
    first = words[0].casefold()
    return is_place(words[0].capitalize()) or not is_common_word(first)


def _building_reply(first: Sequence[Token], message: str) -> tuple[int, str] | None:
    """A reply that opens on a building's name typed in lowercase ("marlow house", "yeah estates building, 2nd
    floor"): one or two words and a building's head noun, alone up to the first stop or comma. Returns where the
    name starts and the name as it is written with capitals."""
    k = 0
    while k < len(first) and first[k].low in _REPLY_OPENERS and first[k].low not in (":", "-"):
        k += 1
    end = k
    while end < len(first) and first[end].text.isalpha():
        end += 1
    words = first[k:end]
    if not 2 <= len(words) <= 3:
        return None
    if end < len(first) and first[end].low not in (",", ".", "-", "(", ";", "!"):
        return None
    head = words[-1].low
    if head not in _BUILDING_HEADS or any(w.low in STOPWORDS or w.low in _BUILDING_HEADS for w in words[:-1]):
        return None
    return k, " ".join([*(w.low.capitalize() for w in words[:-1]), _BUILDING_HEADS[head]])
_WORKPLACE_WORDS = frozenset("based located office offices sit sitting work working".split())


def _asks_everyone_where(lows: Sequence[str]) -> bool:
    """"where are you all based?", "which office is everyone in?": a question to the whole channel about where
    each of them works."""
    asks = "where" in lows or any(a in ("which", "what") and b in ("office", "offices")
                                  for a, b in zip(lows, lows[1:]))
    return asks and bool(_EVERYONE.intersection(lows)) and bool(_WORKPLACE_WORDS.intersection(lows))


# Words of a question put to one reader, and what makes it ask where they work ("ur still galway?", "you're based
# at Marlowe House, correct?", "dafydd which clinic r u")
_YOU = frozenset("you u ur you're youre your".split())
_WHERE_WORDS = frozenset("where based located sit sitting sat office site clinic campus hub building bldg".split())
# a reply may say no before its place ("nah Chiado"), and a span of days or a floor after it
_NAY = frozenset("nah nope no".split())
_SPAN_TAILS = frozenset("mon tue tues wed thu thur thurs fri days day floor fl since".split())


def _asks_you_where(lows: Sequence[str]) -> bool:
    """A question to one reader about where they work: "you" (or "u", "ur") and a word of place, or "still"
    before the place itself ("and ur still galway?")."""
    if not _YOU.intersection(lows) or _EVERYONE.intersection(lows) - _YOU:
        return False
    return bool(_WHERE_WORDS.intersection(lows)) or "still" in lows


def _tool_word(t: Token) -> bool:
    """A word written as a name is: capitalised, with an inner capital or a digit, or as code ("Next.js",
    "axe-core", "dbt-core")."""
    return t.text[:1].isupper() or any(c.isdigit() for c in t.text) or any(c in t.text for c in ".-_") and (
        t.text[:1].isalpha())


def _bulleted(line: Sequence[Token], message: str) -> bool:
    """A list item's line: a "-", "*" or "•" bullet opens it."""
    if not line:
        return False
    start = message.rfind("\n", 0, line[0].start) + 1
    lead = message[start : line[0].start].strip()
    if lead in ("*", "•", "·", "+"):
        return True
    return not lead and len(line) > 1 and line[0].low in _DASHES and _spaced(message, line[0].end)


def _comma_parts(body: Sequence[Token], marks: Collection[str] = (",", ";")) -> list[list[Token]]:
    """The parts of a statement between commas and semicolons (or other `marks`), empty ones kept (",," leaves
    one)."""
    parts: list[list[Token]] = [[]]
    for t in body:
        if t.low in marks:
            parts.append([])
        else:
            parts[-1].append(t)
    return parts


def _item_split(body: Sequence[Token], message: str) -> tuple[list[Token], list[Token], str] | None:
    """An item "left sep right" with one colon, one "=" or one arrow between two non-empty sides; the right side
    stops at a comma or an end mark, and words like "too" closing it are dropped."""
    cuts = [(k, k + 1, ":") for k, t in enumerate(body) if t.low == ":"]
    cuts += [(k, _arrow_right(body, message, k), "->") for k in range(1, len(body))
             if arrow_between(body, message, k)]
    cuts += [(k, k + 1, "=") for k, t in enumerate(body) if t.low == "=" and message[t.end : t.end + 1] != ">"]
    if len(cuts) != 1:
        return None
    k, r, sep = cuts[0]
    left = list(body[:k])
    right: list[Token] = []
    for t in body[r:]:
        if t.low in (",", ";", ".", "!", "?", "("):
            break
        right.append(t)
    while right and right[-1].low in _ITEM_TAILS:
        right.pop()
    if not left or not right or any(not t.is_word and t.low not in ("-", "&", "'s") for t in left + right):
        return None
    return left, right, sep


def _lowercase_thing(left: Sequence[Token]) -> str | None:
    """A thing's name typed all in lowercase ("harbourline insurance", "kestrel breeders co-op"): up to five
    words, none capitalised, opening on no function word or pronoun; None otherwise."""
    words = [t for t in left if t.is_word]
    if not words or len(words) > 5 or any(not t.text.islower() for t in words):
        return None
    if words[0].low in STOPWORDS or words[0].low in CHAT_FILLERS or any(
            t.low in _SUBJECT_PRONOUNS or t.low in _FIRST_PERSON_WORDS or t.low in _BLANK_CELLS for t in words):
        return None
    return "".join(t.text if k == 0 else (" " if t.start > left[k - 1].end else "") + t.text
                   for k, t in enumerate(left))


def _place_words(tokens: Sequence[Token]) -> bool:
    """One to three words that together name a real place ("uk", "northern ireland", "Portugal")."""
    return 1 <= len(tokens) <= 3 and all(t.text.isalpha() for t in tokens) and is_place(
        " ".join(t.text for t in tokens))


def _place_name(tokens: Sequence[Token]) -> str:
    """A place as it is written with capitals: "uk" -> "UK", "northern ireland" -> "Northern Ireland"."""
    if len(tokens) == 1 and len(tokens[0].text) <= 3:
        return tokens[0].text.upper()
    return " ".join(t.text if not t.text.islower() else t.text.capitalize() for t in tokens)


def _code_name(name: str) -> bool:
    """A name written as code, lowercase words joined by hyphens or underscores ("notification-service",
    "payout_worker"): a system's name, never chatter."""
    return bool(_CODE_NAME.fullmatch(name)) and not _cloud_region(name)


_CODE_NAME = re.compile(r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+")


def _named_after(office: Mention, place: Mention, predicate: str) -> bool:
    """"Carlisle office is in Carlisle": an office placed in the town it is named after, a fact and no
    self-reference."""
    # (the town may share the office's name key, and so the type learned for the office: "Carlisle" once "Carlisle
    # office" is known as one, a town all the same)
    return predicate == "located_in" and "office" in office.types and (
        "region" in place.types or names_a_place(place.name)) and office.name.casefold() != place.name.casefold()


def _cloud_region(name: str) -> bool:
    """eu-west-1, k8s-prod-eu-2: a lowercase hyphenated code with a digit or a cluster word, never an office's
    city or a person's workplace."""
    if " " in name or "-" not in name or name != name.lower():
        return False
    parts = name.split("-")
    return any(c.isdigit() for c in name) or any(p in _CLUSTER_PARTS for p in parts)


def _folded(text: str) -> str:
    return re.sub(r"[\W_]+", "", text.casefold())


def _noun_modifier(body: Sequence[Token], m: Mention) -> bool:
    """The mention stands before a lowercase common noun it modifies: "GL codes", "TLS termination", "the OpenSearch
    2 upgrade"."""
    k = m.end
    if k < len(body) and body[k].text.isdigit():
        k += 1
    if k >= len(body):
        return False
    w = body[k]
    return w.text.isalpha() and w.text.islower() and w.low not in STOPWORDS and w.low not in CUE_FIRST_WORDS and (
        w.low not in _PERSON_VERBS and w.low not in _FREE_WORDS and not w.low.endswith(("ed", "ly")))


def _channel_hint(channel: str | None) -> str | None:
    if not channel:
        return None
    flat = "".join(ch for ch in channel.lower() if ch.isalnum())
    for needle, kind in _CHANNEL_HINTS:
        if needle in flat:
            return kind
    return None


_CHANGE_LABELS = frozenset({("change", "of", "plan"), ("change", "of", "plans"), ("plan", "change")})


def _label(sentence: list[Token]) -> tuple[int, bool]:
    """A leading label such as "Update:" or "Heads up:": where the statement starts, and whether it says update."""
    for k in range(1, min(4, len(sentence))):
        if sentence[k].low != ":":
            continue
        words = sentence[:k]
        if k >= 2 and words[-1].low in HEAD_TYPES and words[-2].text[:1].isupper():
            return 0, False  # "Ledger pod: Ana and Bo": a named team or account, not a label
        if tuple(t.low for t in words) in _CHANGE_LABELS:
            return k + 1, True  # "change of plan: Westcoast goes to Anja": no plan is named, a change announced
        # Lowercase words or acronyms: "Heads up:", "MFA rollout:" (a project named by its header, rows below)
        plain = all(t.is_word and (t.text.isupper() or not any(c.isupper() for c in t.text[1:])) for t in words)
        if plain and not any(t.low in CUE_FIRST_WORDS for t in words):
            return k + 1, any(t.low in _LABEL_UPDATES for t in words)
        return 0, False
    return 0, False


# Column names of a row format, and what a field under them states ("subject" names the row's thing; "where" is
# where a service runs; "team" and "office" are a person's).
_COLUMNS = {
    "project": "subject", "account": "subject", "acct": "subject", "service": "subject", "svc": "subject",
    "component": "subject", "system": "subject", "customer": "subject", "client": "subject", "name": "subject",
    "lead": "owner", "owner": "owner", "am": "owner", "pm": "owner", "manager": "owner", "contact": "owner",
    "rep": "owner", "dri": "owner", "status": "status", "state": "status", "date": "deadline",
    "deadline": "deadline", "due": "deadline", "target": "deadline", "eta": "deadline", "plan": "plan",
    "tier": "plan", "tariff": "plan", "package": "plan", "subscription": "plan",
    "renewal": "renews_in", "renews": "renews_in", "renews in": "renews_in",
    "priority": "priority", "prio": "priority", "region": "where", "cluster": "where", "env": "where",
    "environment": "where", "runs in": "where", "runs on": "where", "deployed": "where", "deployed in": "where",
    "hosted in": "where", "team": "team", "squad": "team", "office": "office", "based in": "office",
    "tool": "tool", "tools": "tool", "tooling": "tool", "stack": "tool", "using": "tool", "tracking": "tool",
}
_GENERIC_COLUMN_HEADS = frozenset({"date", "name"})
# What a header's subject column says its rows are about ("service" rows are components).
_SUBJECT_KINDS = {"project": "project", "account": "account", "acct": "account", "customer": "account",
                  "client": "account", "service": "component", "svc": "component", "component": "component",
                  "system": "component"}
# The column a fact read from a field shows that field to be, for the next lines of the same list.
_PREDICATE_COLUMNS = {"led_by": "owner", "handled_by": "owner", "owned_by": "owner", "plan": "plan",
                      "renews_in": "renews_in", "deadline": "deadline", "status": "status", "priority": "priority",
                      "deployed_in": "where", "member_of": "team", "works_in": "office"}
# Shortened priorities a priority column holds, and the word they stand for.
_PRIORITY_SHORT = {"crit": "critical", "hi": "high", "med": "medium", "mid": "medium", "lo": "low"}
_DASHES = frozenset({"-", "–", "—"})
# What opens an aside after a name: "X, which ...,", "X (the ... one)", "anvil — moving agents to k8s — led by"
_ASIDE_OPENERS = frozenset({",", "("}) | _DASHES
# Separators whose headers and rows go together: a "Format: a / b / c" header may be answered with dashes.
_FAMILIES = {"slash": "slash", "dash": "slash", "pipe": "pipe", "gap": "gap"}
_FIELD_FILLERS = frozenset({":", "=", "is", "in", "on", "by"})


def _spaced(message: str, at: int) -> bool:
    return 0 <= at < len(message) and message[at].isspace()


def _row_fields(body: Sequence[Token], message: str) -> tuple[str, list[tuple[int, int]]]:
    """The kind of separator and the token ranges of the fields of a sentence read as a row, or (kind, []) when
    it has none. Separators, strongest first: a bar ("Acme | Gold"), a tab or a run of spaces between two words
    ("Ledger Sync    Mira Holt"), a slash with a space beside it ("Osprey / Aisha Bello"), a dash or an arrow
    with spaces around it ("Lindenhall – Bram Visser", "Lindenhall -> Bram"). Bars, spaces, slashes and
    arrows are not tokens, so they show in the text between two tokens; a dash is a token of its own. A dash
    opening the line is a bullet, not a field; dashes closing it separate nothing. Two bars with nothing
    between them make an empty field, so the fields keep their columns."""
    start = 1 if len(body) > 1 and body[0].low in _DASHES and _spaced(message, body[0].end) else 0
    end = len(body)
    while end > start and body[end - 1].low in _DASHES:
        end -= 1
    cuts: dict[str, list[tuple[int, int]]] = {"pipe": [], "gap": [], "slash": [], "dash": []}
    for k in range(start + 1, end):
        gap = message[body[k - 1].end : body[k].start]
        if gap and gap != " ":  # (most gaps are one space or none: no separator there but a dash token's)
            mark = gap.strip(" \t")
            if mark and set(mark) <= {"|", " ", "\t"}:
                cuts["pipe"] += [(k, k)] * mark.count("|")
            elif mark == "/" and (gap[0] == " " or gap[-1] == " "):
                cuts["slash"].append((k, k))
            elif mark in ARROWS and gap[0] == " " and gap[-1] == " ":
                cuts["dash"].append((k, k))
            elif not mark and ("\t" in gap or "  " in gap) and body[k].low not in _DASHES and (
                    body[k - 1].low not in _DASHES):
                cuts["gap"].append((k, k))
        if body[k].low in _DASHES and k + 1 < end and _spaced(message, body[k].start - 1) and (
                _spaced(message, body[k].end) or message[body[k].end : body[k].end + 2] in ("> ", ">\t")):
            cuts["dash"].append((k, k + 1))  # "Acme – Ida Holm", "Acme -> Ida Holm"
    if cuts["pipe"]:
        kind = "pipe"
    elif cuts["gap"] and (len(cuts["gap"]) >= 2 or not cuts["slash"] and not cuts["dash"]):
        kind = "gap"
    elif cuts["slash"]:
        kind = "slash"
    elif cuts["dash"]:
        kind = "dash"
    else:
        return "slash", []
    fields: list[tuple[int, int]] = []
    at = start
    for cut_start, cut_end in sorted(cuts[kind]):
        fields.append((at, cut_start))
        at = cut_end
    # the last field stops at a comma or a sentence mark: "... / nothing spicy, they're happy"
    last = next((k for k in range(at, end) if body[k].low in (",", ";", ".", "!", "?")), end)
    fields.append((at, last))
    while fields and fields[-1][1] <= fields[-1][0]:
        fields.pop()
    return kind, fields


_ARROW_LEAD_INS = frozenset("scratch that on for re change correction actually".split())
_HANDING = frozenset("handing handed moving moved going goes passing passed giving given".split())


def _past_handover_verb(body: Sequence[Token], k: int) -> int:
    """Past a handover's verb at token k ("-> handing to Hugo Pinto", "-> moving them to Ines"): the index after
    its "to", or k when no such verb stands there."""
    if k >= len(body) or body[k].low not in _HANDING:
        return k
    j = k + 1
    while j < len(body) and j - k <= 3 and body[j].low in ("it", "them", "over", "this", "one"):
        j += 1
    return j + 1 if j < len(body) and body[j].low == "to" else k


def _tier_word(m: Mention) -> bool:
    """"Standard", "Premium": a plan's tier named alone, which no pronoun stands for."""
    return not m.pronoun and m.name.casefold() in PLAN_TIERS


def _closing_vocative(body: Sequence[Token], m: Mention) -> bool:
    """"deadline Sofía?", "what's the status, Piotr?": a given name alone between a comma or the word for a value
    and the question mark is the reader addressed ("owner Piotr?" asks whether he is the owner)."""
    if m.pronoun or m.end - m.start != 1 or m.end + 1 != len(body) or body[m.end].low != "?" or m.start == 0:
        return False
    before = body[m.start - 1].low
    return (before == "," or before in _ASKED_VALUES) and reads_as_given_name(m.name)


_NEW_VALUE_LEADS = frozenset({"now", "is", "but", "to", ">", "→"})
_ASKED_VALUES = frozenset("deadline due status eta date plan tier renewal priority prio region".split())


_LOCATIVES = frozenset({"in", "at", "near", "inside"})


def _locative_object(body: Sequence[Token], m: Mention) -> bool:
    """The mention is where something is ("the backup NAS in Porto", "the clinics in Turkana"), which a later "it"
    rarely means while the sentence named the thing that is there."""
    k = m.start - 1
    if k >= 0 and body[k].low in ("the", "our"):
        k -= 1
    return k >= 0 and not m.pronoun and body[k].low in _LOCATIVES


def _things_first(body: Sequence[Token], mentions: list[Mention]) -> list[Mention]:
    """The mentions with the places things are in moved last, in order otherwise (a pronoun's likelier meanings
    first)."""
    return sorted(mentions, key=lambda m: _locative_object(body, m))


# Chat's asides inside a statement, saying nothing about its facts: "PI's P1 btw, for the ticket".
_ASIDES = frozenset({"btw", "fyi", "iirc", "afaik", "afaict", "tbh", "fwiw", "imo", "imho"})


def _noun_arrows(sentence: list[Token], message: str) -> list[Token]:
    """The sentence without the typed arrows ("->", "=>") that follow a lowercase word, which read as a glyph arrow
    does, no token: "PI priority -> P2" as "PI priority → P2". (After a name, "Acme -> Dana", the arrow hands
    something over, and its dash stays for the readers of that.)"""
    if not any(t.low in ("-", "=") for t in sentence):
        return sentence
    return [t for k, t in enumerate(sentence) if not (
        0 < k < len(sentence) - 1 and t.low in ("-", "=") and message[t.end : t.end + 1] == ">"
        and sentence[k - 1].text.isalpha() and sentence[k - 1].text.islower())]


def _first_word(name: str) -> str:
    """"Priya Shah" and the handle "priya" alike: the first word of a name or a handle, casefolded."""
    return (re.split(r"[\s._]+", name.strip().casefold(), maxsplit=1) or [""])[0]


def _untagged(sentence: list[Token]) -> list[Token]:
    """The sentence without the asides after its first word (one opening it is how a statement begins, and read
    as such)."""
    if not any(t.low in _ASIDES for t in sentence[1:]):
        return sentence
    return sentence[:1] + [t for t in sentence[1:] if t.low not in _ASIDES]


def _vocative(body: Sequence[Token], m: Mention) -> bool:
    """"Ira what's their tier these days?", "Ira, what's ...": a given name opening a question, before its question
    word, is the reader addressed."""
    k = m.end + (1 if m.end < len(body) and body[m.end].low == "," else 0)
    return m.start == 0 and m.end == 1 and not m.pronoun and k < len(body) and body[k].low in _WH_WORDS and (
        reads_as_given_name(m.name))


def _arrow_right(body: Sequence[Token], message: str, k: int) -> int:
    """The index of the first token after the arrow that `arrow_between` found at k."""
    return k + 1 if body[k].low in ("-", "=") and message[body[k].end : body[k].end + 1] == ">" else k


def _blank_cell_cut(sentence: list[Token], message: str) -> list[Token]:
    """A row whose last field is a lone "?" ("Tern – lead Bea – due 14 May – ?") leaves a value to fill in;
    it asks nothing of its other fields. Returns the row without the "?", or the sentence unchanged."""
    if len(sentence) < 3 or sentence[-1].low != "?":
        return sentence
    before = sentence[-2]
    gap = message[before.end : sentence[-1].start]
    if before.low in _DASHES and _spaced(message, before.start - 1) and gap[:1].isspace():
        return sentence[:-1]
    if "|" in gap or "\t" in gap or "  " in gap:
        return sentence[:-1]
    return sentence


def _inline_column(body: Sequence[Token], a: int, b: int, column: str | None) -> tuple[int, str | None]:
    """A field that names its own column before the value ("lead Bea Lund", "due 14 May", "runs in
    eu-west-1"): where the value starts and the column. Fields under a column already known are left alone."""
    if column is not None or b - a < 2 or body[a].text[:1].isupper() and not body[a].text.isupper():
        return a, column  # "Lead Bea" could be a name; "lead Bea" and "ETA 14 May" name a column
    for width in (2, 1):
        words = " ".join(t.low for t in body[a : a + width])
        named = _COLUMNS.get(words)
        if named is not None and named != "subject" and a + width < b:
            start = a + width
            while start < b - 1 and body[start].low in _FIELD_FILLERS:
                start += 1
            return start, named
    return a, column


def _cell_name(body: Sequence[Token], a: int, b: int, mentions: list[Mention], message: str) -> Mention | None:
    """The name a field holds whole: one mention, or names and capitalised words that fill the field together
    ("QX2" and "Cutover Prep" in "QX2 Cutover Prep –", "Project" before "Gannet" where "project" was seen
    in lowercase), which a row's cell makes one name."""
    whole = [m for m in mentions if m.start == a and m.end == b and not m.pronoun]
    if whole:
        return whole[0]
    inside = [m for m in mentions if a <= m.start and m.end <= b]
    if not inside or b - a > 6 or any(m.pronoun for m in inside):
        return None
    covered = {k for m in inside for k in range(m.start, m.end)}
    if any(k not in covered and body[k].is_word and not body[k].text[:1].isupper() for k in range(a, b)):
        return None  # a lowercase word outside every name: not a name cell
    types = frozenset().union(*(m.types for m in inside)) - {PERSON}
    return Mention(span_text(message, body[a:b]), a, b, types or ANY_TYPE)


# Cells a table leaves unfilled: no value, whatever their column.
_BLANK_CELLS = frozenset("tbd tbc n/a na none unknown pending dunno idk".split())


def _owner_cell_name(tokens: Sequence[Token]) -> str | None:
    """A person's full name typed in a cell in any case ("marek kowalski", "Marek kowalski"): two or three
    words, a given name first, none a function word or a blank; returned with capitals ("Marek Kowalski")."""
    if not 2 <= len(tokens) <= 3 or not all(t.text.isalpha() for t in tokens):
        return None
    if any(t.low in STOPWORDS or t.low in _BLANK_CELLS for t in tokens) or not is_given_name(tokens[0].low):
        return None
    return " ".join(t.text[:1].upper() + t.text[1:] for t in tokens)


def _header_cell_name(body: Sequence[Token], a: int, b: int, message: str, kind: str | None) -> Mention | None:
    """The name a row's first cell holds when a header named that column the rows' subject ("acct", "project"):
    its words, typed in any case, up to five of them, with no pronoun, no blank ("tbd") and no everyday function
    word among them."""
    words = [t for t in body[a:b] if t.is_word]
    if not words or len(words) > 5 or len(words) != b - a and not all(
            t.is_word or t.low in ("-", "&", "'", ".") for t in body[a:b]):
        return None
    if words[0].low in STOPWORDS or any(t.low in _BLANK_CELLS or t.low in _SUBJECT_PRONOUNS for t in words):
        return None  # ("bank of ireland": a function word inside a name is part of it)
    types = _SINGLE_TYPE[kind] if kind in _SINGLE_TYPE else ANY_TYPE - {PERSON}
    return Mention(span_text(message, body[a:b]), a, b, frozenset(types), headed=kind is not None)


def _tag_cut(sentence: list[Token]) -> int:
    """Where the statement ends in a statement with a question tagged on ("Tova runs billing, right?", "X calls Y,
    did we rule that out?", "Kestrel = the Oslo office right?"), or 0 when the sentence is a plain question: one
    opening on a question word, an alternative ("..., or is it Z?"), or a tag longer than a few words."""
    if not sentence or sentence[-1].low != "?":
        return 0
    words = [t for t in sentence if t.is_word]
    if len(words) < 4:
        return 0
    comma = max((k for k, t in enumerate(sentence) if t.low == ","), default=-1)
    if comma > 0:
        tail = [t.low for t in sentence[comma + 1 :] if t.is_word]
        if 1 <= len(tail) <= 6 and tail[0] in _TAG_OPENERS:
            cut = comma
        else:
            return 0
    elif words[-1].low in _BARE_TAGS and words[-1] is sentence[-2]:
        cut = len(sentence) - 2
    else:
        return 0
    head = sentence[:cut]
    if len([t for t in head if t.is_word]) < 3 or is_question(head) or words[1].low in _WH_WORDS and (
            reads_as_given_name(words[0].text)):
        return 0  # ("Ira what's their tier these days, still the big one?": a question to a reader)
    return cut


def _cued_month(tokens: Sequence[Token], ce: int) -> list[Value]:
    """"renews sept", "renewal is aug": right after a renewal cue a short month in lowercase is the month (alone,
    "aug" or "mar" is too often something else to count; "may" stays the modal verb)."""
    k = ce + (ce < len(tokens) and tokens[ce].low in ("in", "is", ":", "="))
    if k >= len(tokens) or tokens[k].low == "may":
        return []
    month = MONTHS.get(tokens[k].low.rstrip("."))
    return [Value(k, k + 1, month, "month")] if month else []


# the update phrases by their first word: a sentence holding none of these first words holds no phrase (the
# check runs several times per sentence of every message)
_UPDATE_PHRASE_STARTS = frozenset(phrase[0] for phrase in UPDATE_PHRASES)


# Words that may close a denied alternative: "P2 not P1 since ...", "Serrano now not Chiado, moved in aug".
_DENIAL_ENDS = frozenset("anymore since as because cos coz so and but though tho".split()) | _REPLY_TAILS


def _value_shape(t: Token) -> str:
    if _CODE_PRIORITY.match(t.low):
        return "priority"
    if t.low.rstrip(".") in MONTHS:
        return "month"
    if t.text[:1].isdigit():
        return "number"
    return "word"


def _without_denied(body: list[Token]) -> list[Token]:
    """The sentence without an alternative it denies right after a value: "it's P2 not P1 since people can
    still phone", "Patinhas -> Sofia not Rui", "he's rendering team not build infra"; or a month or a priority
    denied right after the word for it ("renewal not May"). The two sides must be
    alike (two priorities, two months, two names: not "lab results not reaching wards"), the denied one short
    and closed by the sentence's end, a comma or a tail word. The same list is returned when nothing is cut."""
    n = len(body)
    for k in range(1, n - 1):
        if body[k].low != "not":
            continue
        before = k - 1
        while before > 0 and body[before].low in (",", "now"):
            before -= 1  # "Opera is P2, not P1", "Serrano now not Chiado"
        kept = body[before]
        end = k + 1
        while end < n and end - k <= 3 and body[end].is_word and body[end].low not in _DENIAL_ENDS:
            end += 1
        denied = body[k + 1 : end]
        if not denied or end - k > 3 or end < n and body[end].is_word and body[end].low not in _DENIAL_ENDS:
            continue
        if not kept.is_word or kept.low in STOPWORDS or kept.low in _BE_WORDS or kept.low in HEDGES or any(
                t.low in STOPWORDS or t.low.endswith(("ing", "ed")) for t in denied):
            continue
        if kept.low in _LABEL_VALUE_NOUNS and len(denied) == 1 and _value_shape(denied[0]) in ("priority", "month"):
            # "Polar Bay renewal not May, they extended - now is July": the value after the label is denied, and
            # the right one, said later in the sentence as the new one, is the label's
            shape = _value_shape(denied[0])
            later = next((j for j in range(end + 1, n) if _value_shape(body[j]) == shape
                          and body[j - 1].low in _NEW_VALUE_LEADS), None)
            return [*body[: before + 1], *body[later if later is not None else end :]]
        if _value_shape(kept) != _value_shape(denied[0]):
            continue
        return [*body[: before + 1], *body[end:]]
    return body


def _has_update_signal(lows: list[str]) -> bool:
    if not UPDATE_WORDS.isdisjoint(lows):
        return True
    if _UPDATE_PHRASE_STARTS.isdisjoint(lows):
        return False
    for phrase in UPDATE_PHRASES:
        first = phrase[0]
        for i, w in enumerate(lows):
            if w == first and tuple(lows[i : i + len(phrase)]) == phrase:
                return True
    return False


_PRONOUN_CLAUSE_OPENINGS = frozenset((p, v) for p in ("it", "she", "he") for v in ("'s", "is"))


def _clauses(lows: list[str], kept: frozenset[int] = frozenset()) -> list[tuple[int, int]]:
    """Split a sentence at contrastive conjunctions ("X is owned by Lena, but Y is owned by Sara") and dashes,
    except at the positions `kept` (the dashes around an aside)."""
    out = []
    start = 0
    for i, w in enumerate(lows):
        if w in _CLAUSE_SPLIT and i > start and i not in kept:
            out.append((start, i))
            start = i + 1
        elif w == "and" and i > start + 1 and tuple(lows[i + 1 : i + 3]) in _PRONOUN_CLAUSE_OPENINGS:
            # "Opera is down, and it's P2": a clause of its own about what "it" stands for
            out.append((start, i))
            start = i + 1
    out.append((start, len(lows)))
    return [(a, b) for a, b in out if b > a]


def _dash_asides(lows: list[str], mentions: Sequence[Mention]) -> frozenset[int]:
    """The positions of dash pairs that set an aside off a name, which then splits no clause: "project anvil —
    moving the farm agents onto k8s — led by me" (`RuleExtractor._aside` reads the aside as a bracket). A lone
    dash still splits: "Crashpipe — owner Nadia"."""
    out: set[int] = set()
    for m in mentions:
        k = m.end
        if m.pronoun or k >= len(lows) or lows[k] not in _DASHES:
            continue
        close = next((j for j in range(k + 1, len(lows)) if lows[j] in _DASHES or lows[j] in _CLAUSE_SPLIT), None)
        if close is not None and lows[close] == lows[k] and k + 1 < close < len(lows) - 1:
            out.update((k, close))
    return frozenset(out)


def _scan(lows: list[str], blocked: list[bool], index: dict) -> list:
    """Cue occurrences, longest match first, not overlapping each other or a mention. A match that a cue starting
    inside it would outrun gives way to that one: "is in charge of" reads as "in charge of", not "is in"."""
    out = []
    i = 0
    n = len(lows)
    while i < n:
        found = _match_at(lows, blocked, index, i)
        if found is None:
            i += 1
            continue
        end = i + len(found.words)
        if any((inner := _match_at(lows, blocked, index, j)) is not None and j + len(inner.words) > end
               for j in range(i + 1, end)):
            i += 1
            continue
        out.append((found, i, end))
        i = end
    return out


def _match_at(lows: list[str], blocked: list[bool], index: dict, i: int):
    if blocked[i]:
        return None
    for cue in index.get(lows[i], ()):
        size = len(cue.words)
        if i + size <= len(lows) and tuple(lows[i : i + size]) == cue.words and not any(blocked[i : i + size]):
            return cue
    return None


_PARTICLES = frozenset({"up", "over", "out", "off"})
# After a one-word verb cue these say the verb is not the relation: "heading to Boston", "managed to ship",
# "is managed inside Jira" (where, not by whom).
_MOTION = frozenset({"to", "towards", "toward", "into", "home", "back", "out", "off", "for", "away", "around",
                     "in", "inside", "within", "via", "through"})
# A pronoun after these starts a new clause ("ran a class, and it was awesome"): not the object of the cue before.
_CLAUSE_OPENERS = frozenset({",", "and", "but", "so", "because", "then", "when", "while", "since", "as", "-", ":"})
_NOUN_MARKERS = frozenset("a an the on this that my our their his her its your to".split())


def _voice(cue: Cue, lows: list[str], ce: int) -> tuple[tuple[Option, ...], int]:
    """An active cue read as a passive when "by" follows: "Atlas is headed (up) by Priya"."""
    k = ce + 1 if ce < len(lows) and lows[ce] in _PARTICLES else ce
    if k < len(lows) and lows[k] == "by" and all(voice.startswith("rev") for _, voice in cue.options):
        return tuple((p, "fwd") for p, _ in cue.options), k + 1
    return cue.options, ce


def _cue_at(lows: list[str], i: int) -> Cue | None:
    for cue in RELATION_CUES.get(lows[i], ()):
        if tuple(lows[i : i + len(cue.words)]) == cue.words:
            return cue
    return None


def _complement_start(lows: list[str], mentions: list[Mention], subject: Mention) -> int | None:
    """Where the complement begins in "<subject> is [adverbs] ...", or None when the statement after the subject
    is not a plain copular one (no copula, or a negation or hedge governs it)."""
    k = subject.end
    perfect = lows[k : k + 2] in (["has", "been"], ["have", "been"], ["'s", "been"])
    if k >= len(lows) or (lows[k] not in _COPULAS and not perfect) or _hedged(lows, mentions, k):
        return None
    k += 2 if perfect else 1  # "Lightspeed has been mine since January": what has been so still is
    while k < len(lows) and lows[k] in _STATUS_ADVERBS:
        k += 1
    return k


_ASKERS = frozenset({"anyone", "anyone's", "anybody", "anybody's", "you're", "youre", "ur", "you", "people"})
_ASKING = frozenset({"wondering", "asking", "asks", "curious", "interested", "wonders"})


def _aside_start(lows: Sequence[str]) -> int:
    """Where a closing ", if anyone's wondering ..." starts (a courtesy, not a condition on what came before), or
    the sentence's end."""
    for k in range(1, len(lows) - 2):
        if lows[k - 1] in (",", "-", "–", "—", "(") and lows[k] == "if" and lows[k + 1] in _ASKERS and (
                not _ASKING.isdisjoint(lows[k + 2 : k + 4])):
            return k - 1
    return len(lows)


def _hedged(lows: list[str], mentions: list[Mention], cs: int) -> bool:
    """A negation or hedge governs the cue: between the nearest mention on its left and the cue, or before the
    clause's first mention when that is the one ("maybe Lena owns it", "X is no longer owned by Y")."""
    nearest = None  # the first of the mentions left of the cue ending furthest right
    for m in mentions:
        if m.end <= cs and (nearest is None or m.end > nearest.end):
            nearest = m
    start = nearest.end if nearest else max(0, cs - 5)
    if nearest is not None:
        first = mentions[0]  # the first of the mentions starting furthest left
        for m in mentions:
            if m.start < first.start:
                first = m
        if nearest is first:
            start = 0
    if nearest is not None and nearest.start >= 2 and (lows[nearest.start - 1] in _BELIEVED or (
            lows[nearest.start - 1] in ("think", "believe") and lows[nearest.start - 2] in _BELIEVERS)):
        return True  # "for the new joiners who think it's in Czechia": what others wrongly believe
    window = lows[max(start, cs - 8) : cs]
    for k, w in enumerate(window):
        if w in NEGATIONS or w in HEDGES or w.endswith("n't") or w in _PAST_MARKERS:
            return True
        if w == "used" and k + 1 < len(window) and window[k + 1] == "to":
            return True  # "Dana used to work in Berlin": no longer so
        if w in _BELIEVED or w in ("think", "believe") and k > 0 and window[k - 1] in _BELIEVERS:
            return True  # "Dana thinks Acme is on Pro", "people think X is in Czechia"
    return False


_PAST_MARKERS = frozenset({"formerly", "previously", "once", "originally"})
# A belief the writer reports as someone else's, or as their own mistaken one ("I thought it was P2"); "I think
# it's P2" is how chat states a fact, so "think" counts only after someone other than the writer.
_BELIEVED = frozenset({"thinks", "thought", "believes", "believed", "assumes", "assumed"})
_BELIEVERS = frozenset({"who", "people", "they", "everyone", "everybody", "some", "folks", "still"})
_PAST_COPULAS = frozenset({"was", "were", "used"})
_POSSESSIVE_PRONOUNS = frozenset({"mine", "hers", "his"})
_STILL_WORDS = frozenset({"still", "now", "also", "all"})  # words before the owner word that keep its meaning


def _introduced(lows: Sequence[str], mentions: Sequence[Mention], k: int) -> Mention | None:
    """A full name set off right after word k by a bracket, a dash or a comma: "mine (Stuart Kemp)", "mine, Ana
    Vieira"."""
    if k >= len(lows) or lows[k] not in ("(", "-", "–", "—", ","):
        return None
    name = next((m for m in mentions if m.start == k + 1 and not m.pronoun), None)
    if name is None or " " not in name.name:
        return None
    after = lows[name.end] if name.end < len(lows) else ""
    return name if after in ("", ")", "-", "–", "—", ",", ".", ";", "!") else None


# Verbs a labelled part may open on without a subject, meaning its writer does it: "Sintra Rebrand - leading it"
_MY_GERUNDS = frozenset({"leading", "running", "owning", "handling", "driving", "managing"})


def _points_at_label(part: list[Token], label: list[Token]) -> list[Token] | None:
    """A part of a labelled statement that points back at the label, rewritten to name it: "that's Óscar's",
    "thats mine" as "<label> is Óscar's"; a person's name and "'s" alone the same way; and a subjectless
    "leading it" as "I'm leading <label>". None for any other part."""
    words = [t for t in part if t.is_word]
    lows = [t.low for t in words]
    if not words:
        return None
    at = part[0].start
    opener = 1 if lows[0] == "thats" else 2 if lows[:2] in (["that", "'s"], ["it", "'s"], ["that", "is"]) else 0
    if opener and len(words) > opener:
        return [*label, Token("is", "is", at, at), *part[part.index(words[opener - 1]) + 1 :]]
    if len(words) >= 2 and lows[1] == "'s" and words[0].text[:1].isupper() and words[0].text.isalpha() and all(
            w in _REPLY_TAILS or w == "right" for w in lows[2:]):
        return [*label, Token("is", "is", at, at), *part]  # "Pool Redesign - Óscar's"
    if lows[0] in _MY_GERUNDS and (len(lows) == 1 or len(lows) == 2 and lows[1] in ("it", "this", "that")):
        return [Token("I", "i", at, at), Token("'m", "'m", at, at), words[0], *label]
    return None


def _whose(lows: Sequence[str]) -> bool:
    """A part that says only whose a thing is: "mine", "still mine", "hers now"."""
    k = 0
    while k < len(lows) and lows[k] in _STILL_WORDS:
        k += 1
    rest = list(lows[k + 1 :])
    if rest[:1] == ["("] and ")" in rest:
        rest = rest[rest.index(")") + 1 :]  # "mine (Ana Vieira)": the writer's full name in brackets
    return k < len(lows) and lows[k] in _POSSESSIVE_PRONOUNS and all(w in _REPLY_TAILS or not w.isalnum()
                                                                        for w in rest)


_DEPENDENCY_WORDS = re.compile(r"\b(?:deps?|dependency|dependencies|depends|calls)\b", re.IGNORECASE)
_ARROW_LINE = re.compile(r"^\s*(?:[-*•]\s*)?([a-z][a-z0-9]*(?:[-_][a-z0-9]+)+)\s*(?:->|→|=>)\s*(.+?)\s*$")
_PLAN_REPLY_TAILS = frozenset({"yes", "yeah", "yep", "for", "since", "from", "until", "till", "plan", "tier"})
_REPEATED_PREPOSITIONS = frozenset({"on", "to", "with", "in", "from"})
_WITH_JOINERS = frozenset({("along", "with"), ("together", "with")})
_TEAM_LEAD_WORDS = frozenset({"team", "teams", "squad", "squads"})
_PLACINGS = frozenset({"deployed_in", "located_in", "works_in"})
_THERE_WORDS = frozenset("also too there as well is 's runs lives sits now btw fyi . !".split())
_REQUEST_TAILS = frozenset({"pls", "plz", "please", "thx", "thanks", "ty"})


def _chain(anchor: Mention, entities: list[Mention], lows: list[str], *, toward_cue: bool) -> list[Mention]:
    """Coordinated mentions on the anchor's side: "FeatureStore and ConfigService are owned by Lena"."""
    ordered = sorted(entities, key=lambda m: m.start)
    at = ordered.index(anchor)
    out = [anchor]
    step = -1 if toward_cue else 1
    k = at + step
    current = anchor
    while 0 <= k < len(ordered):
        other = ordered[k]
        gap = lows[other.end : current.start] if step < 0 else lows[current.end : other.start]
        if step > 0 and len(gap) >= 2 and gap[-1] in _REPEATED_PREPOSITIONS and gap[-2] in ("and", ","):
            gap = gap[:-1]  # "depends on X and on Y": the preposition said again before the next item
        if step > 0 and tuple(gap[-2:]) in _WITH_JOINERS:
            gap = gap[:-2] or [","]  # "inherited X along with Y": Y is one more of what was inherited
        if not gap or any(w not in COORDINATORS for w in gap):
            break
        if step > 0 and other.end < len(lows) and _cue_at(lows, other.end) is not None:
            break  # "Lena owns X, and Y depends on Z": Y starts a new statement
        if step < 0 and other.start > 0 and _cue_at(lows, other.start - 1) is not None:
            break
        if step < 0 and other.start > 1 and _cue_at(lows, other.start - 2) is not None:
            break
        out.append(other)
        current = other
        k += step
    return out


def _typed_enough(cue: Cue, s: Mention, o: Mention, subject_type: str) -> bool:
    """The evidence a preposition-like cue needs: "Dana is in the Berlin office" (a stated object type) or "the
    Berlin office is in Germany" (a stated, non-person subject); a bare "in" or "at" needs the object's own
    words to say what it is, since "coding in HTML" or "a trip to Rio" are not workplaces."""
    # "I'm at Harrow House": where a person is, a building's name says what it is as a head noun would
    building = subject_type == PERSON and not o.pronoun and "office" in o.types and names_building(o.name)
    if cue.needs_head:
        return o.headed and not o.pronoun or building
    if cue.typed_only:
        return (o.explicit and not o.pronoun) or (s.explicit and subject_type != PERSON and not s.pronoun) or building
    return True


def _modifier(lows: list[str], m: Mention, cs: int, vs: int | None = None, *, compound: bool = True) -> bool:
    """The mention only modifies the noun after it ("Acme's invoice is due Friday", "FeatureStore access"), so the
    statement is about that noun, not about the entity. `cs`: where the cue starts (a cue right after the mention
    is what the statement is about); `vs`: where a value starts, if it comes first."""
    k = m.end
    if k < len(lows) and lows[k] == "'s":
        k += 1
    limit = min(cs, vs) if vs is not None else cs
    if k >= limit or k >= len(lows):
        return False
    w = lows[k]
    if not w.replace("-", "").isalpha() or w in STOPWORDS or w in _FREE_WORDS or w.endswith(("ly", "ing", "ed")):
        return False  # (a hyphenated noun modified too: "my co-host moved to Bristol")
    if w in _REPLY_TAILS:
        return False  # "I'm in the Lisbon office fwiw": a chat word after a name is no noun it modifies
    if w in _SUBORDINATORS:
        return False  # "runs in ap-northeast-1 since ...": a new clause follows, not a noun
    if "ago" in lows[k : k + 3]:
        return False  # "moved to the data team two weeks ago": a time phrase follows, not a noun
    if tuple(lows[k : k + 2]) in _WITH_JOINERS:
        return False  # "took X along with Y": a list goes on, no noun follows
    if (cue := _cue_at(lows, k)) is not None and len(cue.words) > 1:
        return False  # "Halcyon sits with Jorge: Growth plan": a verb phrase follows the name, not a noun
    if w in _PLACE_STAND_INS:
        return False  # "Farid's desk is in the Seoul office": where the desk is, the person works
    if vs is not None and w in _STAND_INS:
        return False
    # "Atlas launch deadline", "Acme contract renews": a compound right before a value cue is fine
    return not (compound and k + 1 == limit)


# Words around a bare capitalised name that only a person fits: "Dana said", "thanks Dana", "Dana is on leave".
_PERSON_VERBS = frozenset(
    "said says mentioned asked replied agreed noted wrote confirmed suggested thinks thought reckons pinged "
    "messaged emailed texted promised volunteered offered apologised apologized explained tweeted joined "
    "presented demoed reviewed".split()
)
_PERSON_LEADS = frozenset("thanks thank ping pinged cc hey hi ask asked tell told @ dm per congrats welcome".split())
_PERSON_STATES = frozenset({
    ("is", "on", "leave"), ("'s", "on", "leave"), ("is", "out", "sick"), ("'s", "out", "sick"), ("is", "ooo"),
    ("'s", "ooo"), ("is", "on", "vacation"), ("'s", "on", "vacation"), ("is", "on", "holiday"),
    ("'s", "on", "holiday"), ("is", "on", "call"), ("'s", "on", "call"),
})
_TOOL_VERBS = frozenset("use uses using used picked chose chosen adopted standardised standardized".split())
_TOOL_PHRASES = frozenset({("went", "with"), ("go", "with"), ("going", "with"), ("settled", "on"), ("rely", "on"),
                           ("relying", "on"), ("switched", "to"), ("moved", "to")})
_ACCOUNT_NOUNS = frozenset({"customer", "client", "customers", "clients"})
_PERSON_NOUNS = frozenset(
    "colleague teammate coworker co-worker engineer developer dev designer pm sre manager intern contractor "
    "analyst".split()
)
# Nouns that make a thing a person's own ("X is Dana's account"), with the predicates they may mean, likeliest first.
_OWN_ANY = ("owned_by", "handled_by", "led_by")
_OWN_NOUNS = {
    "account": ("handled_by", "owned_by"), "accounts": ("handled_by", "owned_by"), "client": ("handled_by",),
    "customer": ("handled_by",), "project": ("led_by", "owned_by"), "baby": _OWN_ANY, "thing": _OWN_ANY,
    "domain": _OWN_ANY, "turf": _OWN_ANY, "area": _OWN_ANY, "responsibility": _OWN_ANY, "service": ("owned_by",),
    "component": ("owned_by",), "system": ("owned_by",), "group": _OWN_ANY, "show": _OWN_ANY, "patch": _OWN_ANY,
    "portfolio": _OWN_ANY,
}
# Nouns for a project's own artefacts, standing for the project in a tool statement ("the Atlas pipeline runs on
# Airflow", "Atlas tickets are tracked in Jira") or for the tool ("a Trello board").
_WORK_NOUNS = frozenset(
    "pipeline pipelines ticket tickets issues board boards backlog docs designs mockups repo repos codebase "
    "roadmap tasks specs frontend backend workspace project".split()
)


def _work_noun(lows: list[str], m: Mention) -> bool:
    return m.end < len(lows) and lows[m.end] in _WORK_NOUNS


# Nouns that stand for a person's workplace: "Viktor's desk is in the Oslo office".
_PLACE_STAND_INS = frozenset("desk seat base home workstation workplace".split())
# The nouns a project's date is given under, said without the project once the channel is on it ("target go-live
# 1 Nov", "due 30 Sep", "deadline is 15 May").
_DEADLINE_NOUNS = frozenset({"deadline", "due", "target", "go-live", "golive", "eta", "cutoff", "cut-off"})
_WE_ARE_ADVERBS = frozenset({"still", "just", "now", "currently", "officially", "finally", "already", "back", "to"})
_FREE_WORDS = frozenset(
    "pays pay paid buys bought purchased subscribes subscribed signs "
    "today tonight tomorrow yesterday again too also already still now currently right recently lately meanwhile "
    "anyway though then last next earlier later soon week month quarter year sprint needs need wants got gets "
    "aims expects targets instead either".split()
)
# Nouns that stand for their entity in a value statement: "Acme's contract renews", "Atlas launch is due".
_STAND_INS = frozenset(
    "contract subscription license licence deal renewal launch release rollout delivery migration".split()
)


# Words that open what a "status" says without being a stage: "status is unclear", "status same as last week".
_NOT_STAGES = frozenset(
    "unclear unknown tbd tba same unchanged update updates pls please check what where how who why which when "
    "anyone someone nobody here there this that it its these those our their my your his her a an the not no".split()
) | STOPWORDS
# Words that end a freely worded stage: "status is pilot now", "status: prototype pls".
_STAGE_ENDS = frozenset("now still again today pls please btw fyi lol tho though atm rn for since until as w with "
                        "and but so because bc waiting".split())


def _free_statuses(tokens: list[Token], lows: list[str], ce: int) -> list[Value]:
    """The stage named right after the word "status" and a copula, colon or "=" ("status is pilot", "status =
    prototype", "status: design phase now", "status now evidence collection"): one to three plain words closing
    the clause, for stages no status list holds. A known status phrase is read by find_statuses instead."""
    k = ce
    linked = False
    while k < len(lows) and lows[k] in ("is", "'s", ":", "=", "now", "still", "back", "to", "currently"):
        linked = linked or lows[k] in ("is", "'s", ":", "=", "now", "currently")
        k += 1
    if not linked or k >= len(lows) or k > 0 and tokens[k].start > tokens[k - 1].end + 1:
        return []  # "status = 'held together with tape'": a quotation (its mark dropped from the words) is a joke
    end = k
    while end < len(lows) and end - k < 3 and lows[end] not in _STAGE_ENDS and (
            tokens[end].is_word and lows[end].replace("-", "").isalpha()):
        end += 1
    if end == k or lows[k] in _NOT_STAGES or lows[end - 1] in STOPWORDS:
        return []
    after = lows[end] if end < len(lows) else ""
    if after and after[0].isalnum() and after not in _STAGE_ENDS:
        return []  # "status is pilot customers are happy": the words run on into a sentence
    return [Value(k, end, " ".join(t.text if t.text.isupper() else t.low for t in tokens[k:end]), "status")]


_SHORTCODE = re.compile(r":[a-z0-9_+-]+:")
# The verbs that join an account to its tier without a cue word: "they are Enterprise", "Halden went Pro".
_PLAN_COPULAS = frozenset({"is", "are", "'re", "'s", "go", "goes", "went"})
# What may follow a tier named that way: the clause ends, or says when or what else.
_PLAN_CLOSERS = frozenset({",", ".", ";", "!", "-", "–", "—", ")", "and", "from", "since", "now", "plan", "tier",
                           "btw", "tho", "though", "too", "until", "till", "effective", "starting", "already",
                           "anyway", "iirc", "afaik", "lol", "as"})  # ("as well, same deal as Northgate")


def _named_words(mentions: list[Mention], value: Value, cs: int, ce: int) -> int:
    """Words between a value and its cue that belong to multi-word names beyond their first word: "the renewal
    for the Summit Outdoors account is in May" is as near as "the renewal for Acme is in May"."""
    lo, hi = (value.end, cs) if value.end <= cs else (ce, value.start)
    return sum(m.end - m.start - 1 for m in mentions if m.start >= lo and m.end <= hi)


def _gap(start: int, end: int, cs: int, ce: int) -> int:
    return cs - end if end <= cs else start - ce


def _content_end(lows: list[str]) -> int:
    end = len(lows)
    while end > 0 and not (lows[end - 1][0].isalnum() or lows[end - 1] == "'s"):
        end -= 1
    return end


def _plan_values(
    tokens: list[Token], lows: list[str], mentions: list[Mention], cs: int, ce: int, *, generic: bool
) -> list[Value]:
    """Plan tiers next to a plan cue: "the Enterprise plan", "plan is Pro", "upgraded to Business"."""
    out: list[Value] = []

    def tier_like(k: int, strict: bool) -> bool:
        t = tokens[k]
        if lows[k] in PLAN_TIERS:
            return True
        return not strict and t.text[0].isupper() and t.text.isalnum()

    others = len(mentions) >= 2
    j = ce
    skipped = 0
    while j < len(tokens) and skipped <= 3 and lows[j] in _PLAN_SKIP:
        j += 1
        skipped += 1
    if j + 1 < len(tokens) and lows[j] == "from":
        j += 1
    if j + 2 < len(tokens) and j > 0 and lows[j - 1] == "from" and lows[j + 1] == "to" and tier_like(
            j, strict=generic) and tier_like(j + 2, strict=generic):
        j += 2  # "from Growth to Enterprise": the tier after "to" is the new one
    named = generic and j + 1 < len(tokens) and (tokens[j + 1].text[0].isupper() or lows[j + 1] in HEAD_TYPES)
    if generic and j < len(tokens) and lows[j] not in PLAN_TIERS:
        # "on Cloud Basic", "upgraded to Ship Pro": a product's own name before its tier word names the plan, when
        # the run ends on the tier ("on Team Trust" ends on none; "the Growth Team" is a team, not a tier)
        end = j
        while end < len(tokens) and end - j < 3 and _plan_name_word(tokens[end], numbered=False):
            end += 1
        after = end < len(tokens) and (tokens[end].text[0].isupper() or lows[end] in HEAD_TYPES)
        if end - j >= 2 and lows[end - 1] in PLAN_TIERS and lows[end - 1] not in ("team", "teams") and not after:
            return [Value(j, end, " ".join(t.text for t in tokens[j:end]), "plan")]
    if generic and j + 1 < len(tokens) and lows[j] in PLAN_TIERS and lows[j] not in ("team", "teams", "business") and (
            tokens[j].text[0].isupper()):
        # "on Premier Support", "they're on Standard Freight": a tier word opening two capitalised words names the
        # plan (not "on Business Central", a product; nor "Team Trust")
        end = j + 1
        if _plan_name_word(tokens[end], numbered=False) and lows[end] not in HEAD_TYPES and lows[end] not in (
                "team", "teams") and not (end + 1 < len(tokens) and tokens[end + 1].text[:1].isupper()):
            return [Value(j, end + 1, f"{tokens[j].text} {tokens[end].text}", "plan")]
    if not generic and j + 1 < len(tokens) and j > ce and lows[j - 1] in ("is", "'s", ":", "=") and (
            _lowercase_tier_pair(tokens, j)) and (j + 2 == len(tokens) or not tokens[j + 2].is_word):
        # "plan is kennel plus, renews aug": a product word and a tier word, both lowercase, close the part
        return [Value(j, j + 2, f"{tokens[j].text} {tokens[j + 1].text}", "plan")]
    if j < len(tokens) and tier_like(j, strict=generic) and not named:  # not "on Team Trust", "the Growth team"
        # "plan's Mobile Licensing Tier 2": after the word "plan" itself, a run of capitalised words is one name
        end = j + 1
        while not generic and end < len(tokens) and _plan_name_word(tokens[end], numbered=True):
            end += 1
        if end + 1 < len(tokens) and _acronym_word(tokens[end]) and lows[end + 1] in ("plan", "tier"):
            end += 1  # "on the enterprise api plan": the acronym after the tier is part of the plan's name
        out.append(Value(j, end, " ".join(t.text for t in tokens[j:end]), "plan"))
        if not generic and not _EQUATORS.isdisjoint(lows[ce:j]):
            return out  # "Halcyon Foods plan is Gold", "Pebblefox plan's Tier 2": the words before "plan" own it
    if not generic and cs > 1 and _acronym_word(tokens[cs - 1]) and lows[cs - 2] in PLAN_TIERS and not any(
            v.end == cs - 1 for v in out):
        # "the Enterprise API plan": a tier and an acronym name the plan together, not the acronym alone
        start = cs - 2
        while start > 0 and _plan_name_word(tokens[start - 1], numbered=False):
            start -= 1
        out.append(Value(start, cs, " ".join(t.text for t in tokens[start:cs]), "plan"))
        return out
    if not generic and cs > 0 and tier_like(cs - 1, strict=not others):
        # "Catalogue Premium plan": capitalised words ending on a tier word name the plan together (a CamelCase
        # name, an account's own, stops the run: "ArcadeOne Premium plan"; "Halcyon Foods" ends on no tier)
        start = cs - 1
        while start > 0 and _plan_name_word(tokens[start - 1], numbered=False):
            start -= 1
        # (or any capitalised words where a plan goes: "they're on our Shelter Partner plan", "on the Premier
        # Panel plan"; not "the Halcyon Foods plan renews", the account's plan)
        if lows[cs - 1] not in PLAN_TIERS and not _on_plan(lows, start):
            start = cs - 1
        out.append(Value(start, cs, " ".join(t.text for t in tokens[start:cs]), "plan"))
    return out


def _on_plan(lows: Sequence[str], start: int) -> bool:
    """Whether the words before `start` put what follows where a plan goes: "on", "to", or either with a
    determiner ("on our", "to the")."""
    if start > 0 and lows[start - 1] in ("the", "our", "their", "its", "a"):
        start -= 1
    return start > 0 and lows[start - 1] in ("on", "to")


def _acronym_word(token: Token) -> bool:
    """A short acronym that can end a plan's name after its tier word ("Enterprise API", "Pro EU"): written in
    capitals, or the one such word chat writes in lower case as often as not ("api")."""
    text = token.text
    return text.isalpha() and 2 <= len(text) <= 4 and (text.isupper() or token.low == "api")


def _lowercase_tier_pair(tokens: Sequence[Token], j: int) -> bool:
    """Two lowercase words, the second a tier word and the first a plain word that is not one of the little
    words of a sentence ("breeder basic", not "the basic" or "on growth")."""
    first, second = tokens[j], tokens[j + 1]
    return first.text.isalpha() and first.text.islower() and second.text.islower() and (
        second.low in PLAN_TIERS) and first.low not in STOPWORDS and first.low not in PLAN_TIERS and (
        first.low not in _NOT_PLAN_WORDS)


_PAIR_BREAKS = frozenset({",", ";", ".", "!", "and", "but", "\n", "&"})


_PAIR_ARROWS = re.compile(r"->|→|=|:")


def _first_person(m: Mention, body: Sequence[Token]) -> bool:
    """The writer named by "me", "mine" or "myself"."""
    return m.pronoun and m.end - m.start == 1 and body[m.start].low in ("me", "mine", "myself") and (
        m.types == _SINGLE_TYPE[PERSON])


_PAIR_VALUE_WORDS = 4  # the most words a fragment's value takes: "1 December 2026", "end of Q2"


def _count_down(window: dict[str, int], channel: str) -> int | None:
    """The messages a channel's open question still waits for, counting this one: one fewer from now on, and the
    question closed when none are left. None when no question is open there."""
    left = window.get(channel)
    if left is not None:
        if left <= 1:
            window.pop(channel)
        else:
            window[channel] = left - 1
    return left


def _pair_filler(lows: Sequence[str], k: int, *, dated: bool) -> bool:
    """Whether lows[k] is a word a bare fragment may hold besides its names: a joiner or a chat filler, or (when
    the fragment holds no value of its own) "from today" saying since when its pair holds."""
    if lows[k] in KIND_PAIR_FILLERS:
        return True
    if dated:
        return False
    if lows[k] == "from":
        return k + 1 < len(lows) and lows[k + 1] in KIND_PAIR_FROM
    return lows[k] in KIND_PAIR_FROM and k > 0 and lows[k - 1] == "from"


def _pair_parts(body: Sequence[Token]) -> list[tuple[int, int]]:
    """The parts of a sentence a fragment may fill: up to a comma, a semicolon, a full stop, "and" or "but"."""
    out: list[tuple[int, int]] = []
    start = 0
    for k, t in enumerate(body):
        if t.low in _PAIR_BREAKS:
            if k > start:
                out.append((start, k))
            start = k + 1
    if len(body) > start:
        out.append((start, len(body)))
    return out


def _first_part(body: Sequence[Token]) -> list[Token]:
    """The tokens of a sentence up to its first comma or semicolon."""
    out: list[Token] = []
    for t in body:
        if t.low in (",", ";"):
            break
        out.append(t)
    return out


def _tier_phrase(words: Sequence[Token]) -> bool:
    """A part that only names a plan: tier words ("Enterprise plan", "Pro"), or capitalised words ending on a
    tier word before "plan" or "tier" ("Catalogue Premium plan")."""
    lows = [t.low for t in words]
    if not words or not words[0].text[0].isupper():
        return False
    if all(w in PLAN_TIERS or w in ("plan", "tier") for w in lows):
        return True
    return len(words) >= 3 and lows[-1] in ("plan", "tier") and lows[-2] in PLAN_TIERS and all(
        _plan_name_word(t, numbered=False) for t in words[:-1])


def _plan_name_word(token: Token, *, numbered: bool) -> bool:
    """A word that can continue a plan's name: capitalised and not CamelCase, or a number after the name."""
    text = token.text
    if numbered and text.isdigit() and len(text) <= 2:
        return True  # "Tier 2"
    return text.isalpha() and text[0].isupper() and text[1:].islower() and token.low not in STOPWORDS


def _value_text(value: Value) -> str:
    if value.kind in ("priority", "status"):
        return value.text.lower()
    return value.text


_VISIT_WORDS = frozenset(
    "today tonight tomorrow yesterday week weekend visiting offsite onsite trip until workshop conference summit "
    "kickoff meetup hackathon training visit demo meeting meetings offsites workshops right".split()
)


def _origin(lows: list[str], k: int) -> bool:
    """The mention at k follows "from" ("from York", "from the Leeds office"): where something came from."""
    k -= 1
    if k >= 0 and lows[k] in ("the", "our"):
        k -= 1
    return k >= 0 and lows[k] == "from"


def _visit(lows: list[str]) -> bool:
    """A time qualifier that makes being somewhere a visit: "today", "this week", "on Tuesday", "until Friday"."""
    return any(w in _VISIT_WORDS or w in WEEKDAYS for w in lows)


def _statement_stop(lows: list[str], mentions: list[Mention], start: int) -> int:
    """Where the statement that starts at `start` ends: a comma or dash, or "and"/"but"/"so" opening a new one
    ("Kestrel is our gateway, and it runs out of ap-southeast-1")."""
    stop = _content_end(lows)
    starts = {m.start for m in mentions}
    for x in range(start, stop):
        if lows[x] in _STATEMENT_BREAKS or lows[x] == ":":
            return x
        if lows[x] in _NEW_STATEMENT and x + 1 < stop and (x + 1 in starts or lows[x + 1] in _SUBJECT_PRONOUNS):
            return x
    return stop


def _copular_description(message: str, tokens: list[Token], lows: list[str], mentions: list[Mention]) -> list[_Found]:
    """"IngestWorker is the service that eats the event queue": a copula and a headed relative describe the
    subject as a relative clause after its name would."""
    m = mentions[0]
    k = m.end
    if m.start > 1 or k >= len(lows) or lows[k] not in _PRESENT_COPULAS:
        return []
    stop = _content_end(lows)
    j = k + 2 if k + 1 < stop and lows[k + 1] == "what" else _headed_relative(lows, k + 1, stop)
    if not j or any(x.start >= k for x in mentions):
        return []
    description = _description(message, tokens[j:stop], lows[j:stop], True)
    return [_Found(m.name, DESCRIBED_AS, description, False, 0.9)] if description else []


def _headed_relative(lows: list[str], start: int, stop: int) -> int:
    """Where the clause starts after a headed relative ("the one that ...", "the service which ..."): the index
    just past the relative pronoun, or 0 when the aside does not open that way."""
    k = start
    if k < stop and lows[k] in _APPOSITION_START:
        k += 1
    nouns = 0
    while k < stop and nouns < 2 and lows[k].isalpha() and lows[k] not in _RELATIVE and lows[k] != "that":
        if lows[k] in STOPWORDS and lows[k] not in ("one", "ones"):
            return 0
        k += 1
        nouns += 1
    if nouns and k < stop - 1 and lows[k] in ("that", "which", "who"):
        return k + 1
    return 0


def _word_follows(lows: list[str], m: Mention, stop: int) -> bool:
    """A word of content follows the mention before `stop`: the noun it may modify ("the chilled-aisle produce")."""
    return m.end < stop and lows[m.end].isalpha() and lows[m.end] not in STOPWORDS


def _modifies_noun(tokens: list[Token], lows: list[str], m: Mention, stop: int) -> bool:
    """The mention stands before a noun typed in lowercase that it modifies ("the Duo push", "the Stripe
    webhook")."""
    return _word_follows(lows, m, stop) and tokens[m.end].text.islower()


def _description(message: str, tokens: list[Token], lows: list[str], relative: bool) -> str | None:
    """The text of a relative clause or an apposition as a description, or None when it does not read as one."""
    start, end = 0, len(tokens)
    while start < end and (lows[start] in _DESCRIPTION_LEAD):
        start += 1
    while end > start and not (lows[end - 1][0].isalnum()):
        end -= 1
    words = [w for w in lows[start:end] if w[0].isalnum()]
    if len(words) < 2 or len(words) > 14:
        return None
    if any(w in NEGATIONS or w.endswith("n't") for w in lows[start:end]):
        return None
    if not relative and any(w in _NOT_IN_NOUN_PHRASE and not (w == "go" and i > 0 and lows[start + i - 1] == "the")
                            for i, w in enumerate(lows[start:end])):  # "an app for approvals on the go"
        return None
    if not relative and words[-1].endswith("ed") and "-" not in words[-1]:
        return None  # "Lena, the fix worked": a clause, not a noun phrase
    text = clean_name(span_text(message, tokens[start:end]))
    return text or None
