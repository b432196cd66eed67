"""Reading one step of a chain out of retrieved turns: given a subject and the type of thing asked for, the mention
or value of that type nearest the subject, in the best-ranked turn that speaks of the subject (by name, by a
pronoun in a reply, as the topic of the message, or in the first person when the subject is the speaker). And
`identify`: the thing a description stands for, in the turns most like the description.

The hybrid uses it where the graph has no edge. It is the reader with the asked type known, which the general
reader has to guess from the question's words; it reads with the extractor's mention finder, so "the Manchester
office", "eu-west-1", "Rasmus Lind", "Morocco" and "P1" are recognised as what they are, and with the types the
graph already holds for names ("Quayside", once a fact made it an office).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

from memories.answer import ContextItem
from memories.cues import HEDGES, NEGATIONS
from memories.dictionary import is_common_word
from memories.entities import GENERIC_HEADS
from memories.person_names import fold, is_family_name, is_given_name
from memories.places import OFFICE_HEADS, OFFICE_MODIFIERS, WORKPLACE_HEADS, city_of_office, is_place, site_head
from memories.mentions import (
    ACCOUNT,
    BUILDING_WORDS,
    CHAT_FILLERS,
    COMPANY_WORDS,
    HEAD_TYPES,
    SYSTEM_HEADS,
    OFFICE,
    TEAM,
    FIRST_PERSON,
    PERSON,
    PLACE_TYPES,
    PLAN_TIERS,
    REGION,
    person_shape,
    PRIORITY_WORDS,
    KnownNames,
    MONTHS,
    WEEKDAYS,
    Mention,
    Token,
    Value,
    arrow_between,
    find_dates,
    find_mentions,
    find_months,
    find_priorities,
    find_statuses,
    is_question,
    is_tag_question,
    known_words,
    sentences,
    span_text,
    speaker_name,
)
from memories.text import STOPWORDS
from memories.truecase import SAYING, restore_names

# "agent_b: " or "Fiona Dale: " before a transcript line
_SPEAKER = re.compile(r"^(?:[^\s:]{1,40}|[^\W\d_][\w.'’-]*(?: [^\W\d_][\w.'’-]*){1,3}): ")
_WORD = re.compile(r"[^\W_]+")
# "Ong-san sits in Changi": a Japanese honorific after a name is no part of it
_HONORIFIC = re.compile(r"\b([^\W\d_]{2,})-(?:san|sama|kun|chan|sensei)\b", re.IGNORECASE)
_EDGE = "\"'`.,;:!?()[]{}<>*~"
_PRONOUNS = frozenset({"it", "its", "they", "their", "them", "she", "her", "he", "his"})
_PERSONAL = frozenset({"they", "their", "them", "she", "her", "he", "his", "him"})
_IMPERSONAL = frozenset({"it", "its", "they", "their", "them"})
_ARTICLES = frozenset({"a", "an", "the", "our", "their", "its"})
_CONDITIONS = frozenset({"without", "unless", "if", "until"})  # "can't run without X": no denial of X
_OLD_MARKS = frozenset({"was", "were", "from", "previously", "formerly", "used", "old", "longer", "not"})
_NEW_MARKS = frozenset({"now", "to", "moved", "pushed", "bumped", "changed", "new"})
_NEW_AFTER = frozenset({"now", "effective", "onwards", "going"})  # "P1 now", "enterprise api, effective today"
_VALUE_WORDS = PLAN_TIERS | PRIORITY_WORDS  # never an entity, whatever its capitals
_NAMED_BY_HEAD = frozenset({"office", "team", "region"})
_JOINING = frozenset({"on", "joined", "joins", "joining"})
_YOU = frozenset({"you", "u", "ya", "yall", "your", "ur"})  # a question put to someone, as chat writes it
# "Joss Hart is Service Desk", "Ravi's Guest Systems", "Ravi and Stu are both Guest Systems", "I'm Crew Systems":
# a team said to be what a person is, without its head noun
_BEING = frozenset({"is", "'s", "are", "both", "=", "i'm", "am"})
_LOCATIVE = frozenset({"at", "in", "from", "of", "to"})  # "at Marina Point", "out of Quayside", "moved to X"


@lru_cache(maxsize=4096)
def subject_words(name: str) -> frozenset[str]:
    """The words that say a statement is about `name`: its own words, without articles and generic heads ("the
    Porto office" -> porto), so a first name alone ("Yasmin") is enough. The word that says which office is no
    more the name's than its head ("Claddagh site office" -> claddagh: "Lee Road site office" is another)."""
    folded = fold(name)  # "Michal" is about Michał Nowicki
    whole = {w.strip(_EDGE) for w in folded.split()}  # "courier-match" as the tokeniser keeps it
    words = {w for w in whole | set(_WORD.findall(folded)) if w not in STOPWORDS and w not in GENERIC_HEADS}
    split = folded.split()
    if len(split) > 2 and split[-1] in OFFICE_HEADS and split[-2] in OFFICE_MODIFIERS:
        words.discard(split[-2])
    return frozenset(w for w in words if len(w) > 1)


def called(subject: str, also: Sequence[str] = ()) -> frozenset[str]:
    """The words of a subject's name and of the other names it goes by ("pricer" for Pricing Service)."""
    return subject_words(subject).union(*(subject_words(a) for a in also))


def is_subject(name: str, about: frozenset[str]) -> bool:
    """Whether a name is the subject's own: its words all among the subject's names ("Dana" for Dana Kim), or the
    subject's all in it ("Porto office" for Porto). A name sharing one word with the subject is another thing
    ("bgo-edge-2", where Edge Cache runs)."""
    words = subject_words(name)
    return bool(words) and (words <= about or about <= words)


def spoken(item: ContextItem) -> tuple[str | None, str]:
    """Who said a transcript line, when they are named ("rahul", "Fiona Dale"; not "agent_b"), and what they said,
    with names typed in lower case read as names ("omar haddad afaik")."""
    said_by = _SPEAKER.match(item.text)
    speaker = speaker_name(said_by.group(0)[:-2]) if said_by else None
    said = _HONORIFIC.sub(r"\1", _SPEAKER.sub("", item.text, count=1))
    return speaker, restore_names(said, set(speaker.casefold().split()) if speaker else ())


def is_speaker(speaker: str, about: frozenset[str]) -> bool:
    """Whether a speaker is the subject: "wei" or "Wei Zhang" for Wei Zhang, "Fiona Dale" for Fiona."""
    said = subject_words(speaker)
    return bool(said) and (said <= about or about <= said)


def read_slot(subject: str, wanted: str, items: Sequence[ContextItem],
              known: Sequence[str] | Mapping[str, str] = (),
              lead_in: Callable[[ContextItem], Sequence[str]] | None = None, *, latest: bool = False,
              ) -> tuple[str, ContextItem] | None:
    """The thing of type `wanted` (an entity type of scenarios.models.PREDICATES, or priority, month, date,
    status) that the retrieved `items` state beside `subject`, with the item it came from; None when no statement
    that names the subject holds one. `lead_in(item)` gives the turns just before an item in its channel: an item
    that does not name the subject is read as a reply when they do ("when's their renewal?" / "November.").
    The best-ranked item that holds one answers; with `latest`, the newest turn that holds one (a value known to
    have changed)."""
    found = read_slots(subject, wanted, items, known, lead_in, latest=latest, most=1)
    return found[0] if found else None


def read_slots(subject: str, wanted: str, items: Sequence[ContextItem],
               known: Sequence[str] | Mapping[str, str] = (),
               lead_in: Callable[[ContextItem], Sequence[str]] | None = None, *, latest: bool = False,
               most: int = 2, also: Sequence[str] = ()) -> list[tuple[str, ContextItem]]:
    """Up to `most` different readings, best first, as `read_slot` ranks them: a chain whose next step finds
    nothing from the first reading may go on from the second. `also`: other names the subject goes by."""
    about = called(subject, also)
    if not about or wanted == "description":
        return []
    names = KnownNames(list(known))
    kinds = known if isinstance(known, Mapping) else {}
    person = kinds.get(subject) == PERSON if subject in kinds else person_shape(subject) is True
    readings: list[tuple[str, ContextItem, bool]] = []  # (answer, item, whether the item names the subject)
    doubtful: list[tuple[str, ContextItem, bool]] = []  # read from items that ask about the subject
    for item in items:
        speaker, text = spoken(item)
        said = sentences(text)
        # the subject speaking of themself: "I'm at Telok Ayer" from wei, when the subject is Wei Zhang
        themself = speaker is not None and is_speaker(speaker, about)
        before_it = list(lead_in(item)) if lead_in is not None else []
        reply = lead_in is not None and not any(fold(t.low) in about for sentence in said for t in sentence) and _replies_on(
            about, before_it, person, names, known)
        # the subject answering a question put to them ("are you in the São Paulo office Beatriz?" / "yes! São
        # Paulo office"): what their reply opens with is about themself
        answering = themself and any("?" in before and _YOU & set(_WORD.findall(fold(before)))
                                     for before in before_it[-2:])
        # a reply may repeat a name from the question it answers, lowercased ("Jorge, you're Quayside?" /
        # "quayside"): the names that question holds are known while the reply is read
        heard = _hearing(names, known, before_it, about) if reply or answering else names
        named_before = False
        asked = False  # the item asks about the subject: what else it says waits for the answers after it
        for number, sentence in enumerate(said):
            lows = [fold(t.low) for t in sentence]
            at = next((i for i, low in enumerate(lows) if low in about or themself and low in FIRST_PERSON), None)
            # in a reply, a pronoun stands for the subject ("and they renew in November"); with none, the
            # reply's first sentence is about it as a whole ("November.")
            pronoun = next((i for i, low in enumerate(lows) if low in _PRONOUNS), None) if reply else None
            if pronoun is not None and _first_named(sentence, text, heard, "") < pronoun:
                pronoun = None  # "Petal & Pine renewal moved to Nov, they want it": the pronoun is what it names
            # (a reply that opens with a word or two and no name goes on with its answer: "me. steve price if
            # ur filling the cmdb in")
            opening = reply and pronoun is None and (number == 0 or all(_bare(s) for s in said[:number]) and not any(
                low in FIRST_PERSON for low in lows)) or (answering and not named_before and at is None)
            if at is None:
                at = pronoun if pronoun is not None else (_after_denial(lows) if opening else None)
            named = at is not None or opening  # the sentence itself is about the subject
            if at is None and named_before:
                at = 0  # "Owen handles Pellucid. Enterprise plan, the big one": a message keeps its topic
            elif at is None and wanted in _VALUE_FINDERS and number + 1 < len(said) and any(
                    fold(t.low) in about for t in said[number + 1]) and not _value_spans(said[number + 1], text, wanted):
                # "steering said yes to 30 June. that's the new Osprey deadline": named after, in the next
                # sentence, which holds no value of its own (not a list's line before the subject's line)
                at = len(lows)
            named_before = named_before or any(low in about for low in lows)
            if at is not None and is_question(sentence) and not is_tag_question(sentence):
                asked = True  # "Casa Lume - whats their tier now? CRM still says Standard": the rest is in doubt
                continue
            if at is None:
                continue
            # the speaker counts as a person named ("triagebot is mine") only where the sentence is about the
            # subject: "The renewal date I have is October" does not make its speaker the account's manager
            spans = _value_spans(sentence, text, wanted) if wanted in _VALUE_FINDERS else _entity_spans(
                sentence, text, wanted, about, heard, speaker if named else None, opening, kinds)
            # nearest the subject, unless denied in between: "zonemap isn't Rasmus's" (but "can't run without
            # X" and "won't boot if X is down" say X is needed)
            # (from whichever naming of the subject is nearest: "leaderboard-writer is owned by Freya, score-ingest
            # by Kwame", asked of score-ingest, which the sentence also named first)
            named_at = [at] + [i for i, low in enumerate(lows) if low in about and i != at]

            def nearest(position: int) -> int:
                return min(named_at, key=lambda a: (abs(position - a), a))

            spans = [sp for sp in spans if not _denied(lows[min(nearest(sp[1]), sp[1]) : max(nearest(sp[1]), sp[1])])]
            if opening:
                # a reply opens with its answer: "November.", "yeah, the Lisbon office" (not "Omar is on
                # Payments", which is about Omar)
                # (for a value, a lower-case word the graph never held is no rival subject: "cert moved, so our
                # deadline slipped to March 28")
                loose = kinds if wanted in _VALUE_FINDERS else None
                spans = [sp for sp in spans if sp[1] <= _first_named(sentence, text, heard, sp[2], loose)]
            if spans:
                best = max(spans, key=lambda sp: (sp[0], -abs(sp[1] - nearest(sp[1])), -sp[1]))
                # a reply that says its value is the new one ("our deadline slipped to March 28") stands as
                # firmly as a statement naming the subject
                firm = not reply or wanted in _VALUE_FINDERS and best[0] == 2
                (doubtful if asked else readings).append((best[2], item, firm))
                break
        if not latest and len({r[0] for r in readings}) >= most:
            break
    readings += doubtful
    if latest:
        # the newest statement that names the subject first: a later short reply ("will set up a call with
        # Siobhán") is read through the turns before it, too loosely to stand for a change
        readings.sort(key=lambda r: (r[2], max(r[1].turns, default=-1)), reverse=True)
    out: list[tuple[str, ContextItem]] = []
    for answer, item, named in readings:
        # a runner-up only from a statement that names the subject: replies read through the turns before
        # them are the loosest readings, good for a first guess and no more
        if answer not in {a for a, _ in out} and (named or not out):
            out.append((answer, item))
    return out[:most]


def _bare(sentence: list[Token]) -> bool:
    """A sentence of a word or two that names nothing and claims the thing for the speaker: "me.", "mine"
    (not "ta.", which closes what came before)."""
    lows = [t.low for t in sentence if t.is_word]
    return len(lows) <= 2 and not any(t.text[:1].isupper() for t in sentence) and any(
        low in FIRST_PERSON for low in lows)


def _hearing(names: KnownNames, known: Sequence[str] | Mapping[str, str], before_it: Sequence[str],
             about: frozenset[str]) -> KnownNames:
    """The known names, with those of the last question before a reply."""
    asked = _last_question(before_it)
    if asked is None:
        return names
    extra = _others_named(asked, about, names)
    return KnownNames(list(known) + extra) if extra else names


def _known_words(known: Sequence[str] | Mapping[str, str], about: frozenset[str]) -> set[str]:
    """The words of the known names other than the subject's, as a lower-case question may say them ("halcyon"
    for Halcyon Brokers); values ("Enterprise", "P1") name nothing."""
    return {w for name in known if not subject_words(name) & about for w in subject_words(name)} - _VALUE_WORDS


def _others_named(said: str, about: frozenset[str], names: KnownNames) -> list[str]:
    """The names in a turn besides the subject's."""
    text = _SPEAKER.sub("", said, count=1)
    return [m.name for sentence in sentences(text)
            for m in find_mentions(sentence, text, known=names, learned=lambda _: None,
                                   resolve_pronoun=lambda kind, so_far: None)
            if not m.pronoun and not is_subject(m.name, about)
            and m.name.casefold() not in _VALUE_WORDS]


def _last_question(before_it: Sequence[str]) -> str | None:
    """The last turn before a reply that asks something; a guess offered as an answer ("Tomasz Lewandowski i
    think?") is a reply itself, not a new question."""
    return next((before for before in reversed(before_it)
                 if any(is_question(s) and not _guess(s) for s in sentences(_SPEAKER.sub("", before, count=1)))),
                None)


def _after_denial(lows: list[str]) -> int:
    """Where a reply's answer starts: after a denial of the guess before it ("not anymore, Inês took it over",
    "nope - Dana"), which denies the guess, not the answer."""
    if lows and lows[0] in ("no", "nope", "nah", "not"):
        cut = next((i for i, low in enumerate(lows[:4]) if low in (",", "-", "–", "—", ".")), None)
        if cut is not None:
            return cut + 1
    return 0


_GUESSING = frozenset("think guess maybe probably perhaps iirc afaik".split())
_ASKING = frozenset("who whom whose what which where when why how is are was were do does did can could will would "
                    "should has have any anyone".split())


def _guess(sentence: list[Token]) -> bool:
    lows = [t.low for t in sentence if t.is_word]
    return bool(lows) and lows[0] not in _ASKING and not _GUESSING.isdisjoint(lows)


def _replies_on(about: frozenset[str], before_it: Sequence[str], person: bool, names: KnownNames,
                known: Sequence[str] | Mapping[str, str]) -> bool:
    """Whether a message that does not name the subject reads as a reply about it: the turns before it name the
    subject, and the last question among them, if any, names it or points to it by a pronoun ("Jorge, you're Quayside?" / "quayside"; "Magpie?" ... "who's running it" / "Hamid Rezaei"; not
    "Halcyon sits with Jorge." ... "who are halcyon again" / "SME commercial broker")."""
    asked = _last_question(before_it)
    if asked is not None and about & set(_WORD.findall(fold(asked))):
        return True
    if asked is not None and before_it and about & set(_WORD.findall(fold(before_it[-1]))) and asked != before_it[-1]:
        return True  # "ok next - the ED whiteboard?" / "mine. Fionn Gallagher" / "he's Desktop Support": the turn
        # just before names the subject, after the question it answered
    if asked is not None:
        words = set(_WORD.findall(fold(asked)))
        if (_PERSONAL if person else _IMPERSONAL).isdisjoint(words) and (
                _others_named(asked, about, names) or words & _known_words(known, about)):
            return False  # the reply answers a question about something else, named and not pointed to by a
            # pronoun that fits the subject ("is he still out of Carrow Yard?" is about a person, not the
            # service he owns; "who are halcyon again" is about Halcyon Brokers, not Jorge who handles it)
    return any(about & set(_WORD.findall(fold(before))) for before in before_it)


def identify(description: str, wanted: str, items: Sequence[ContextItem], known: Sequence[str] | Mapping[str, str] = (),
             lead_in: Callable[[ContextItem], Sequence[str]] | None = None, *, pooled: bool = False,
             ) -> tuple[str, ContextItem] | None:
    """The thing of type `wanted` that the best-ranked `items` (the turns most like `description`) are about: the
    first such thing a turn names ("notifyr confirmed, I own it. ... it's the thing that texts policyholders"),
    or, for a reply that names none ("crop + livestock. co-op owned"), the first one named in the nearest turn
    before it that names one. Words of the description itself name nothing ("the Japanese marine insurer": not
    "Japanese").

    Without `pooled`, the best turn that names something decides. With it, every turn votes for what it names,
    by the square of its likeness to the description (the first name a turn gives counts most), so a thing
    several close turns name ("the Leak Detection Pilot uses overnight flow readings", "Leak Detection row is
    still accurate") outvotes a tool named once in passing; a name the graph holds as another kind of thing
    ("InfluxDB", a tool, when a project is sought) counts for little."""
    about = subject_words(description)
    names = KnownNames(list(known))
    kinds = known if isinstance(known, Mapping) else {}
    votes: dict[str, float] = {}
    where: dict[str, ContextItem] = {}
    for item in items:
        found = _things(restore_names(_SPEAKER.sub("", item.text, count=1)), wanted, about, names, kinds)
        # a lowercase word the graph never held ("aussie cosmetics retailer") names the thing only when the turns
        # before name nothing better
        named = [f for f in found if not _describing(f, item.text) or kinds and f in kinds]
        before_it = list(lead_in(item)) if lead_in is not None else []
        if before_it and not any(kinds.get(f) == wanted for f in named):
            # a reply to a question about a thing describes that thing: "what is hs-code-classifier exactly?" /
            # "ML model that suggests HS tariff codes from invoices" is about hs-code-classifier, not "HS"
            asked = _asked_about(before_it[-1], item.text, wanted, about, names, kinds, before_it[:-1])
            named = asked + [f for f in named if f not in asked]
        # (pooled, a turn naming other things, "Lena is on the Trust team", votes for nothing from before it)
        if not named and (not pooled or found or _names_nothing(_SPEAKER.sub("", item.text, count=1), names)):
            for before in reversed(list(lead_in(item)) if lead_in is not None else []):
                named = _things(_SPEAKER.sub("", before, count=1), wanted, about, names, kinds)
                if named:
                    break
        named = named or found
        if named and not pooled:
            return named[0], item
        weight = max(item.score or 0.0, _FLOOR_VOTE) ** 2
        for position, name in enumerate(dict.fromkeys(named)):
            kind = kinds.get(name)
            fit = _OWN_KIND if kind == wanted else _OTHER_KIND if kind not in (None, "entity") else 1.0
            votes[name] = votes.get(name, 0.0) + weight * fit * (1.0 if position == 0 else _LATER_NAME)
            where.setdefault(name, item)
    if not votes:
        return None
    best = max(votes, key=lambda name: votes[name])  # the first-seen among equals: dicts keep their order
    return best, where[best]


_CAPITALISED = re.compile(r"(?<![\w-])[A-Z][\w-]*(?: [A-Z][\w-]*)+")  # "Meridian Agri", "WMS Bridge"
_ASKS_WHAT = re.compile(r"\bwhat(?:'s| is| are)\b", re.IGNORECASE)  # "Filipe what is X exactly, 1 sentence pls"


def _asked_about(before: str, reply: str, wanted: str, about: frozenset[str], names: KnownNames,
                 kinds: Mapping[str, str], earlier: Sequence[str] = ()) -> list[str]:
    """The things of type `wanted` that the turn just before a reply asks about, when it asks ("what's WMS
    Bridge, sorry new-ish?", "meridian, crop insurance?"): what it names, or a name the graph holds that
    the question gives in part ("the kiosk pilot" for "clinic kiosk pilot")."""
    said = _SPEAKER.sub("", before, count=1)
    if "?" in reply or not ("?" in said or _ASKS_WHAT.search(said) or any(is_question(s) for s in sentences(said))):
        return []
    asked = [f for f in _things(said, wanted, about, names, kinds) if (not _describing(f, said) or f in kinds)
             and kinds.get(f, wanted) in (wanted, "entity") and not is_given_name(f.split()[0])]
    held = [f for f in asked if kinds.get(f) == wanted]
    if held or asked and wanted == PERSON:
        return held or asked
    words = set(_WORD.findall(fold(said))) - STOPWORDS - about
    partial = []
    for name, kind in kinds.items():
        own = set(_WORD.findall(fold(name)))
        shared = own & words
        # most of the name, and a word of it no description uses ("kiosk", not only "pilot")
        if kind == wanted and shared and 2 * len(shared) >= len(own) and any(len(w) > 3 for w in shared):
            partial.append((-len(shared), name))
    if partial:
        return [name for _, name in sorted(partial)[:1]]
    if not asked and wanted != PERSON:
        # or a name said just before in capitals that the question gives in part, lower-case: "Meridian Agri
        # signed on Friday" ... "meridian, crop insurance?"
        for said_before in reversed(earlier):
            for span in _CAPITALISED.findall(_SPEAKER.sub("", said_before, count=1)):
                own = set(_WORD.findall(fold(span)))
                if len(own) > 1 and own & words and kinds.get(span, wanted) in (wanted, "entity") and not any(
                        is_given_name(w) for w in span.split()):
                    return [span]
    return asked


def _names_nothing(text: str, names: KnownNames) -> bool:
    """Whether a message names nothing at all ("crop + livestock. co-op owned"): what it says is about what the
    turns before it named."""
    return not any(not m.pronoun for sentence in sentences(text)
                   for m in find_mentions(sentence, text, known=names, learned=lambda _: None,
                                          resolve_pronoun=lambda kind, so_far: None))


_FLOOR_VOTE = 0.05  # a turn with no score (ranked by name alone) still votes a little
_OWN_KIND = 1.5  # the graph holds the name as the kind of thing sought
_OTHER_KIND = 0.3  # ... as another kind ("InfluxDB", a tool, when a project is sought)
_LATER_NAME = 0.5  # a turn is about the thing it names first


_VERB_AFTER_A_NAME = frozenset(
    "is was has had does did will can owns runs handles leads uses needs calls depends sends reads writes pushes "
    "goes went takes took next too then".split())


def _describing(name: str, text: str) -> bool:
    """A lowercase word or a short acronym used like an adjective, before a lowercase noun: "aussie cosmetics
    retailer", "ML model that suggests tariff codes" (not "notifyr confirmed", "vaultkeep next")."""
    if not (name.islower() or name.isupper() and name.isalpha() and len(name) <= 4):
        return False
    after = re.search(rf"(?<![\w-]){re.escape(name)}\s+([a-z]+)\b", text)
    return after is not None and not after.group(1).endswith("ed") and after.group(1) not in _VERB_AFTER_A_NAME


def _things(text: str, wanted: str, about: frozenset[str], names: KnownNames,
            kinds: Mapping[str, str] | None = None) -> list[str]:
    """The names of type `wanted` in a message, in order: a message that describes a thing names it first."""
    found: list[str] = []
    for sentence in sentences(text):
        for m in find_mentions(sentence, text, known=names, learned=lambda _: None,
                               resolve_pronoun=lambda kind, so_far: None, lowercase_places=True):
            words = set(_WORD.findall(fold(m.name)))
            if m.pronoun or _known_fit(m, wanted, False, kinds) <= 0:
                continue
            if about and about <= words and m.name[:1].isupper() and not m.name.islower():
                return [m.name]  # "peak readiness": the description is the name ("Peak Readiness 2024") in lowercase
            if words <= about:
                continue  # the description's own words name nothing ("the Japanese marine insurer": not "Japanese")
            found.append(m.name)
    return found


_NOT_TOPICS = frozenset({PERSON, TEAM, OFFICE, REGION})


_BACK_POINTERS = frozenset({"it", "it's", "its"})


def _exclaimed(sentence: list[Token], m: Mention) -> bool:
    """An everyday word opening a sentence on its own, closed by a mark: "Fancy.", "Like, physically?",
    "Classic." (a remark, not a name)."""
    return m.start == 0 and m.end == 1 and m.end < len(sentence) and sentence[m.end].low in (",", ".", "!", "?") and (
        is_common_word(m.name.casefold()))


def names_a_thing(text: str) -> bool:
    """Whether a message names a thing a conversation can be about for several turns: a system, a customer, a
    project or a tool ("next: crew-dispatch-api."), not only people, teams or places ("Grid Ops team as a
    whole, ping me or Gareth")."""
    names = KnownNames([])
    text = _SPEAKER.sub("", text, count=1)  # (the tokens' offsets are into what was said)
    for sentence in sentences(text):
        # a sentence that points back to the topic before it names anything goes on about that topic: "It's on
        # AWS, the Cape Town region" and "Is it in the cupboard at Kilimani?" change no subject
        back = next((i for i, t in enumerate(sentence) if t.low in _BACK_POINTERS), len(sentence))
        lows = [t.low for t in sentence]
        if lows[:1] == ["next"] and len(lows) > 2 and lows[1] in (":", "-", "–", "—") and sentence[2].is_word:
            return True  # "next: beacon." opens a new subject, whatever its case
        for m in find_mentions(sentence, text, known=names, learned=lambda _: None,
                               resolve_pronoun=lambda kind, so_far: None):
            if m.start > back:
                break
            if m.pronoun or m.types <= _NOT_TOPICS or m.name.casefold() in _VALUE_WORDS or _exclaimed(sentence, m):
                continue
            if PERSON in m.types and (m.person_likely or len(m.types) == 1):
                continue  # a bare capitalised word is most often a person
            return True
    return False


def _first_named(sentence: list[Token], text: str, names: KnownNames, besides: str,
                 unless_unknown: Mapping[str, str] | None = None) -> int:
    """Where the sentence first names something other than `besides`; with `unless_unknown` (the graph's names),
    lower-case names it does not hold are passed over."""
    mentions = find_mentions(sentence, text, known=names, learned=lambda _: None,
                             resolve_pronoun=lambda kind, so_far: None, lowercase_places=True)
    return min((m.start for m in mentions if not m.pronoun and m.name != besides
                and m.name.casefold() not in PLAN_TIERS  # "Enterprise yeah, and ..."
                and not (unless_unknown is not None and m.name.islower() and m.name not in unless_unknown)),
               default=len(sentence))


def _denied(between: list[str]) -> bool:
    """A negation or hedge among the words between the subject and a candidate, in the candidate's own clause:
    "Prairie Rose isn't mine anymore, I handed them to Kenji" denies the speaker, not Kenji."""
    cut = max((k for k, w in enumerate(between) if w in _CLAUSE_BREAKS), default=-1)
    between = between[cut + 1 :]
    if any(w in _CONDITIONS for w in between):
        return False
    return any(w in NEGATIONS or w in HEDGES or w.endswith("n't") for w in between)


_CLAUSE_BREAKS = frozenset({",", ";", "but", ":"})


# A (quality, position, text) per candidate answer in a sentence.
_Span = tuple[int, int, str]


def _value_spans(sentence: list[Token], text: str, wanted: str) -> list[_Span]:
    values: list[Value] = _VALUE_FINDERS[wanted](sentence, text)
    # a month is answered by its name ("renews oct" -> October), a plan without the quote marks around it ("the
    # 'studio 20' bundle"); other values as written
    return [(_freshness(sentence, v.start, v.end, text), v.start,
             v.text if wanted in ("month", "plan") else span_text(text, sentence[v.start : v.end])) for v in values]


def _freshness(sentence: list[Token], start: int, end: int, text: str = "") -> int:
    """2: said as the new value ("now Jan 20", "moved to high", "new date is 15 August", "October -> August");
    0: said as the old one ("was Dec 1", "from low", "not Gdynia anymore", "October -> August"); 1: neither.
    Arrows are read from `text`, the message the tokens index."""
    before = {t.low for t in sentence[max(0, start - 2) : start]}
    if before & _OLD_MARKS or text and _arrow_after(sentence, end, text):
        return 0
    after = {t.low for t in sentence[end : end + 3]}
    fresh = before & _NEW_MARKS or after & _NEW_AFTER or "new" in {t.low for t in sentence[max(0, start - 3) : start]}
    # "Growth → Scale", "October -> August": the value the arrow points to
    arrived = text and start > 0 and (arrow_between(sentence, text, start)
                                      or start > 1 and arrow_between(sentence, text, start - 1))
    return 2 if fresh or arrived else 1


def _arrow_after(sentence: list[Token], end: int, text: str) -> bool:
    """The value is followed by an arrow, over at most one more word of it ("15 August -> 2 Sept"): what it
    changed from."""
    for k in (end, end + 1):
        if k >= len(sentence):
            return False
        if arrow_between(sentence, text, k):
            return True
        if text[sentence[k - 1].end : sentence[k].start].strip() or not sentence[k].text[:1].isalnum():
            return False
    return False


def _entity_spans(sentence: list[Token], text: str, wanted: str, about: frozenset[str], names: KnownNames,
                  speaker: str | None = None, opening: bool = False, kinds: Mapping[str, str] | None = None,
                  ) -> list[_Span]:
    mentions = find_mentions(sentence, text, known=names, learned=lambda _: None,
                             resolve_pronoun=lambda kind, so_far: None, lowercase_places=True, speaker=speaker)
    # "triagebot is mine": the first person is the speaker, a person like any other named in the sentence
    # (a speaker counts under a full name the graph holds for their handle, or under a handle that is a given
    # name, "orla" -> Orla; not under a nickname no list of names holds: "dief", "bazza")
    spans = [(_known_fit(m, wanted, _placed(sentence, m, wanted) or opening, kinds,
                         opening and m.start == 0 or _said_to_be(sentence, m, about)),
              m.start, m.name.title() if m.pronoun and m.name.islower() else _whole_name(sentence, text, m, wanted))
             for m in mentions
             if (not m.pronoun or sentence[m.start].low in FIRST_PERSON and (" " in m.name or is_given_name(m.name)))
             and not is_subject(m.name, about)
             and not _modifier_compound(sentence, m) and not _reporting(sentence, m.end)
             and not _chat_fragment(m.name, kinds)]
    # "Owen handed Mountain Prairie to me", "took it over from Hana": the one who gave it up holds it no more;
    # "you can change the slide Hannah", "thanks Beatriz!": the one spoken to is no value
    spans = [sp for sp in spans if not _gave_up(sentence, sp[1], wanted, sp[2]) and not _addressed(sentence, sp[1], sp[2])]
    if wanted == PERSON and (to := _handed_to(sentence, [sp[1] for sp in spans])) is not None:
        # "handing the lead to Manuel, im off", "Aroha's got enough on, so the Socials have gone over to Hemi": the
        # one it went to holds it; whoever the sentence named before gave it up
        spans = [sp for sp in spans if sp[1] >= to]
    if wanted == REGION:
        # "Canal House = the Amsterdam office": an office named after its city places what it is equated with
        spans += [(2, m.start, city) for m in mentions if not m.pronoun and (city := city_of_office(m.name))
                  and not is_subject(m.name, about)]
        # "the Hamar datacentre": a site's head noun makes the name before it a place, whatever else it may be
        lows = [t.low for t in sentence]
        read = {sp[1] for sp in spans if sp[0] > 0}
        spans += [(2, m.start, _whole_name(sentence, text, m, wanted)) for m in mentions
                  if not m.pronoun and m.start not in read and site_head(lows, m.end) and not is_subject(m.name, about)]
    return [sp for sp in spans if sp[0] > 0]


def _said_to_be(sentence: list[Token], m: Mention, about: frozenset[str]) -> bool:
    """The mention is what the subject is said to be, right after it: "and aisling's galway", "Rafa is Madrid
    now". A city said so of a person is where they are, as a reply opening with one is ("kilkenny, since jan")."""
    return m.start >= 2 and sentence[m.start - 1].low in ("is", "'s") and fold(sentence[m.start - 2].low) in about


def _chat_fragment(name: str, kinds: Mapping[str, str] | None) -> bool:
    """Chat shorthand or a scrap of a sentence read as a name: a one-letter word ("w/ office", "w"), a function
    word typed without its apostrophe ("whats", "thats", "dont"), or a lower-case inflected dictionary word
    ("depends"). Never a name the graph holds."""
    if kinds and name in kinds:
        return False
    parts = [_WORD.findall(fold(w)) for w in name.split()]
    if any(len(p) == 1 and len(p[0]) == 1 and not p[0].isdigit() for p in parts) or "/" in name:
        return True
    if " " in name.strip() or not name.islower():
        return False
    low = fold(name).strip(_EDGE).replace("'", "").replace("’", "")
    if low in STOPWORDS or any(low.endswith(end) and low[: -len(end)] in STOPWORDS for end in ("s", "nt", "t")):
        return True
    vocabulary = known_words()
    return low in vocabulary and any(
        low.endswith(end) and len(low) - len(end) >= 3 and low[: -len(end)] in vocabulary for end in ("s", "ed", "ing"))


_SHORT_CAPS = re.compile(r"^[A-Z]{2,3}$")


def _whole_name(sentence: list[Token], text: str, m: Mention, wanted: str) -> str:
    """The name a short acronym belongs to in lower-case chat: "ashcombe DC", "azure uk south" (read as "UK"):
    the lower-case words joined to it, up to a function word or a mark, are part of the same name. And a site
    named after its place, where a region is asked: "the Kendal data centre", "the Porto edge cluster"."""
    if wanted == REGION:
        lows = [t.low for t in sentence]
        for end in (m.end, m.end + 1):  # (one word may say what kind of site: "edge", "on-prem")
            if end < len(sentence) and (length := site_head(lows, end)) and (
                    end == m.end or sentence[m.end].text.islower() and sentence[m.end].low not in STOPWORDS):
                return span_text(text, sentence[m.start : end + length])
    if wanted not in (REGION, OFFICE) or not _SHORT_CAPS.match(m.name) or m.end - m.start != 1:
        return m.name

    def joins(i: int, neighbour: int) -> bool:
        t = sentence[i]
        spaced = text[sentence[min(i, neighbour)].end : sentence[max(i, neighbour)].start] == " "
        return spaced and (t.is_word and t.text.isalpha() and t.text.islower() and t.low not in STOPWORDS
                and t.low not in _LOCATIVE and t.low not in _NEW_AFTER and t.low not in GENERIC_HEADS)

    start, end = m.start, m.end
    while start > 0 and m.start - start < 2 and joins(start - 1, start):
        start -= 1
    while end < len(sentence) and end - m.end < 2 and joins(end, end - 1):
        end += 1
    return m.name if (start, end) == (m.start, m.end) else span_text(text, sentence[start:end])


_HANDOFF_VERBS = frozenset("handed hands handing passed passes passing gave gives giving".split())
# Words just before "to <person>" that say a thing went to them: "handing the lead to", "gone over to", "goes to"
_GONE_TO = _HANDOFF_VERBS | frozenset("over gone went goes going moved moving moves transferred reassigned".split())


def _handed_to(sentence: list[Token], starts: Sequence[int]) -> int | None:
    """Where the person a sentence hands something to is named ("... over to Hemi"), if it says so."""
    for start in starts:
        if start >= 2 and sentence[start - 1].low == "to" and any(
                t.low in _GONE_TO for t in sentence[max(0, start - 5) : start - 1]):
            return start
    return None


_GREETINGS = frozenset("thanks thank thx ty cheers hi hey hello morning welcome congrats sorry".split())


def _addressed(sentence: list[Token], start: int, name: str) -> bool:
    """A person spoken to: after a greeting ("thanks Beatriz"), or one name alone closing the sentence after a
    comma ("..., Hannah") or, in a sentence that says "you", after a verb's object ("you can change the slide
    Hannah")."""
    if " " in name.strip():
        return False  # a full name is said about someone, rarely to them
    before = sentence[start - 1].low if start > 0 else ""
    if before in _GREETINGS or before == "you" and start > 1 and sentence[start - 2].low in _GREETINGS:
        return True
    rest = [t for t in sentence[start + 1 :] if t.is_word]
    spoken_to = any(t.low in ("you", "your") for t in sentence[:start])
    return not rest and start > 2 and (before == "," or spoken_to and sentence[start - 1].text.islower() and (
        before not in _LOCATIVE and before not in _BEFORE_A_VALUE and before not in _CONDITIONS))


def spoken_to(sentence: list[Token], start: int, name: str) -> bool:
    """`_addressed`, or a name opening the sentence, after chat fillers at most, and closed by a comma: "also
    Brenda, Prairie Rose isn't mine anymore", "Marcy Lindqvist, can you check"."""
    if _addressed(sentence, start, name):
        return True
    if any(t.is_word and t.low not in CHAT_FILLERS and t.low not in _GREETINGS for t in sentence[:start]):
        return False
    end = start
    while end < len(sentence) and end - start < 3 and sentence[end].is_word and sentence[end].text[:1].isupper():
        end += 1
    return start < end < len(sentence) - 1 and sentence[end].low == ","


# Words after which a closing name is what the sentence says, not whom it is said to: "handled by Dana", "is
# Dana", "lead Dana", "over to Dana".
_BEFORE_A_VALUE = frozenset("with by to is 's are was were and or over for on lead leads owner owns manager "
                            "contact am pm dri rep handles handled runs run owned led took takes".split())


def _gave_up(sentence: list[Token], start: int, wanted: str, name: str) -> bool:
    """A mention that hands something on ("Owen handed it to me") or that it came from ("over from Hana"); where
    a place is wanted, "from" places ("me, from Sines office") unless the sentence goes on to where it moved
    ("from the Leeds office to Porto")."""
    after = next((t.low for t in sentence[start + 1 :] if t.is_word), "")
    at = start - 1
    while at > 0 and sentence[at].low in ("the", "our", "their"):
        at -= 1
    came_from = at >= 0 and sentence[at].low == "from" and (
        wanted not in (OFFICE, REGION) or any(t.low == "to" for t in sentence[start + 1 :])
        or is_given_name(name.split()[0]))  # "took over from Tomasz": a person handing over, not a place
    return after in _HANDOFF_VERBS or came_from


def _reporting(sentence: list[Token], end: int) -> bool:
    """A person who said what the sentence reports ("fyi aoife said pos-bridge calls fraudscore"): the source of
    the statement, not a value in it; unless what they said is that they take the thing on ("Priya Nair said
    she'd take it"). `end` is where the name ends."""
    words = [t.low.replace("’", "'") for t in sentence[end:] if t.is_word][:5]
    if not words or words[0] not in SAYING:
        return False
    return not (len(words) > 2 and words[1].split("'")[0] in _THIRD_PERSON and _TAKING_ON & set(words[2:]))


_THIRD_PERSON = frozenset({"he", "she", "they"})
_TAKING_ON = frozenset("take taking own owning handle handling lead leading run running cover covering".split())


def _modifier_compound(sentence: list[Token], m: Mention) -> bool:
    """"the same-day delivery pilot": a lower-case compound between an article and a noun is an adjective, not
    a service written as in code."""
    if m.end - m.start != 1 or not m.name.islower() or "-" not in m.name:
        return False
    before = sentence[m.start - 1].low if m.start > 0 else ""
    after = sentence[m.end].text if m.end < len(sentence) else ""
    return before in _ARTICLES and after.isalpha() and after.islower()


def _known_fit(m: Mention, wanted: str, placed: bool, kinds: Mapping[str, str] | None, opening: bool = False) -> int:
    """The fit, raised for a name the graph already holds as the wanted type ("Quayside", once a fact made it an
    office): the conversation has said what it is, even where this sentence does not."""
    fit = _fit(m, wanted, placed, opening)
    kind = kinds.get(m.name) if kinds else None
    if kind is None and kinds and m.name[:1].isupper():
        # "I'm Logport" once the graph holds "Logport office": the name without its head noun; "Casa Azulejo
        # ok" once it holds the account "Casa Azulejo Imports": a name's first words
        words = subject_words(m.name)
        kind = next((k for name, k in kinds.items() if " " in name and subject_words(name) == words), None)
        if kind is None:
            # (one word only as a person's given name: "Filipe what is it?" once the graph holds Filipe Moreira)
            kind = next((k for name, k in kinds.items() if name.startswith(m.name + " ")
                         and (" " in m.name or k == PERSON)), None)
    if wanted != PERSON and (kind == PERSON or " " in m.name and person_shape(m.name) is True):
        return 0  # "Diego", once the graph knows Diego Ramírez, or "Henrik Dahl" (whatever a misread fact made of
        # him): a person is no system, customer or office
    if wanted == PERSON and kind is not None and kind != PERSON and kind != "entity" and not (
            " " in m.name and _personal_name(m)):
        return 0  # "Helvig Tools", once a fact made it an account: no one's name (a given and a family name
        # stay a person's, whatever a misread fact made of them)
    if wanted in (OFFICE, TEAM, REGION) and kind is not None and kind not in (wanted, "entity", REGION, OFFICE):
        return 0  # "Alder Garden Centres", a customer: no office, no team and no place
    return max(fit, 2) if kind == wanted else fit


def _placed(sentence: list[Token], m: Mention, wanted: str = OFFICE) -> bool:
    """Written where a place goes: "at Marina Point", "based out of Quayside"; or, for a team, where a team goes:
    "Patrick Doyle on SRE", "joined Claims Platform", "Joss Hart is Service Desk"."""
    before = sentence[m.start - 1].low if m.start > 0 else ""
    return before in _LOCATIVE or wanted == TEAM and (before in _JOINING or before in _BEING)


def _fit(m: Mention, wanted: str, placed: bool = False, opening: bool = False) -> int:
    """3: a first and last name for a person; 2: the mention is surely of the wanted type; 1: it may be (systems,
    tools, projects and accounts are often bare names); 0: it is not, or too likely something else (a first and
    last name is a person, a plan tier or a priority is a value). `opening`: the mention opens a reply, or is what
    the subject is said to be."""
    if wanted == TEAM and placed and m.types == {ACCOUNT}:
        return 1  # "I'm Crew Systems": named like a company, but a person is in a team, not a customer
    if wanted not in m.types or m.name.casefold() in _VALUE_WORDS or _value_like(m.name):
        return 0
    if m.types == PLACE_TYPES and wanted != REGION:
        # a city named alone is most often a trip or a place of old ("moved from Manila"), not the office; but a
        # reply opening with one answers where ("ciara in which clinic?" / "kilkenny, since jan")
        return 1 if wanted == OFFICE and opening else 0
    if wanted == PERSON and m.person_likely and " " in m.name:
        return 3
    if m.explicit or len(m.types) == 1:
        return 2
    if wanted == PERSON:
        # a single word no list of given names holds ("Bavaria", "Kinrei") is seldom a person's name in full
        return 2 if m.person_likely and is_given_name(m.name.split()[0]) else 0
    if placed and _personal_name(m):
        return 0  # "handing over to Ms Bethany Kowalczyk": a person's name, wherever it is written
    if wanted == OFFICE and placed:
        return 1  # "you're at Marina Point?" / "Marina Point, yes": offices are often named like buildings
    if wanted in (REGION, TEAM) and placed:
        # "where is the Leixões office officially?" / "Matosinhos.": a town too small for the list; "which team
        # should I put down?" / "Pricing Engineering.", "owned by Patrick Doyle on SRE": a team without its head
        return 1
    if wanted in _NAMED_BY_HEAD or (m.person_likely and " " in m.name):
        return 0  # an office, a team or a region is written with its head noun or known as one
    return 1


_PERIOD = re.compile(r"(?i)^(?:q[1-4]|h[12]|fy\d{2,4})$")


def _value_like(name: str) -> bool:
    """A plan tier under a product's name ("Track Basic", "Ship Pro") or a period ("Q3", "H2"): a value, never a
    person, an office or a thing."""
    words = name.split()
    if not words:
        return False
    tier = words[-1].casefold() in PLAN_TIERS and words[-1].casefold() not in ("team", "teams")  # "Maps team"
    return tier and len(words) <= 3 or bool(_PERIOD.match(name))


_TITLES = frozenset({"mr", "ms", "mrs", "dr", "miss", "mx"})
PLAN_NAME_WORDS = 2  # capitalised words a plan's name may have before its tier word: "Herd Health Standard"


def _personal_name(m: Mention) -> bool:
    """A given name, alone or before a family name ("Ms Bethany Kowalczyk", "Ravi"), not an office named like
    one ("Marina Point")."""
    words = [w for w in m.name.split() if w.casefold().rstrip(".") not in _TITLES]
    titled = len(words) < len(m.name.split())
    if not (m.person_likely or titled) or not words:
        return False
    return is_given_name(words[0]) if len(words) == 1 else person_shape(" ".join(words)) is True


# Nouns after a plan's name: "the Harbor plan", "the Net-60 credit plan", "NHS Staff Bundle". A plan or a tier
# is named without its head ("Harbor"); a bundle or a package is named with it.
_PLAN_HEADS = frozenset({"plan", "tier", "bundle", "package", "tariff"})
# Words before a plan's head that say which of the customer's plans, not what it is called
_NOT_PLAN_NAMES = frozenset("new old current same previous next existing cheaper cheapest pricing payment renewal "
                            "which what whatever".split())


def _plan_word(t: Token, numbered: bool = False) -> bool:
    """A word of a plan's name; a number only where `numbered` ("Studio 20", "24/7": not "the 3 plans")."""
    return t.is_word and t.low not in STOPWORDS and t.low not in _NOT_PLAN_NAMES and t.low not in _PLAN_HEADS and (
        numbered or not t.text.isdigit())


_QUOTE_MARK = re.compile(r"(?<!\w)['\"‘’]|['\"‘’](?!\w)")  # a quote mark, not an apostrophe inside a word


def _joined(text: str, left: Token, right: Token) -> str | None:
    """What joins two words of one name: "" or a space, a "+" or a "&", a "/" between numbers ("24/7"); a quote
    mark around the name is read past ("their 'studio' plan"). None where the name ends (a "|", a comma)."""
    between = text[left.end : right.start].replace("'", "").replace('"', "").replace("‘", "").replace("’", "")
    if between in (" ", "", "+", "&", " & "):
        return between
    if between == "/" and left.text.isdigit() and right.text.isdigit():
        return between
    return None


def _named_plans(tokens: list[Token], text: str) -> list[Value]:
    """Plans by their head noun or after "plan is": "on the Net-60 credit plan" -> "Net-60 credit", "Monthly
    panel bundle", "plan is breeder basic" -> "breeder basic". Up to three words, each joined to the next by a
    space, a "+" or a "&" (a table's "|" or a comma ends the name)."""
    out: list[Value] = []
    # ("Premium Print+Digital bundle": a "+" between two words joins them into one name; "owner + plan" is two)
    links = [_joined(text, tokens[k], tokens[k + 1]) for k in range(len(tokens) - 1)]
    joined = [link is not None for link in links]

    def numbered(k: int) -> bool:
        # a number in a name: after a word of it ("Studio 20"), or on either side of a "/" ("24/7")
        after_word = k > 0 and joined[k - 1] and tokens[k - 1].is_word and not tokens[k - 1].text.isdigit() and (
            tokens[k - 1].low not in STOPWORDS)
        slashed = k > 0 and links[k - 1] == "/" or k < len(links) and links[k] == "/"
        return after_word or slashed

    for i, t in enumerate(tokens):
        if t.low in _PLAN_HEADS and i > 0 and _plan_word(tokens[i - 1], numbered(i - 1)) and joined[i - 1]:
            start = i - 1
            while start > max(i - 3, 0) and _plan_word(tokens[start - 1], numbered(start - 1)) and joined[start - 1]:
                start -= 1
            if tokens[start].text.isdigit() and links[start] != "/":
                start += 1  # "the 20 kits bundle" is no plan named "20 kits"
                if start >= i:
                    continue
            end = i + 1 if t.low not in ("plan", "tier") else i
            name = _QUOTE_MARK.sub("", span_text(text, tokens[start:end])).strip()
            out.append(Value(start, end, name, "plan"))
        elif t.low in _PLAN_HEADS and i + 2 < len(tokens) and tokens[i + 1].low in ("is", ":", "=", "-") and (
                _plan_word(tokens[i + 2])):
            start = end = i + 2
            while end < len(tokens) and end - start < 3 and _plan_word(tokens[end]) and (
                    end == start or joined[end - 1]):
                end += 1
            out.append(Value(start, end, span_text(text, tokens[start:end]), "plan"))
    return out


def _plans(tokens: list[Token], text: str) -> list[Value]:
    """Plan tiers: a tier word ("Enterprise", "growth", "Partner Plus"), or a plan named by its head noun or
    after "plan is" (`_named_plans`); a longer name holds the tier words inside it."""
    named = _named_plans(tokens, text)
    tiers = [_lowercase_plan(tokens, text, v) for v in _tiers(tokens, text)]
    tiers = [v for v in tiers if not any(n.start <= v.start and v.end <= n.end for n in named)]
    return sorted(named + tiers, key=lambda v: v.start)


def _tiers(tokens: list[Token], text: str) -> list[Value]:
    """A tier word ("Enterprise", "growth", "Partner Plus") or a capitalised word named a plan ("the Harbor
    plan")."""
    out: list[Value] = []
    for i, t in enumerate(tokens):
        named = _capitalised(t) and i + 1 < len(tokens) and tokens[i + 1].low in ("plan", "tier")
        if t.low in PLAN_TIERS or named:
            # "enterprise premier", "pro plus": tier words side by side are one plan, however typed
            if (out and out[-1].end == i and t.low in PLAN_TIERS and t.low not in ("team", "teams")
                    and tokens[i - 1].low not in ("team", "teams")):
                start = out[-1].start
                out[-1] = Value(start, i + 1, span_text(text, tokens[start : i + 1]), "plan")
                continue
            # "Partner Plus", "Herd Health Standard": a capitalised tier word keeps the capitalised words before
            # it, and a plan it runs on from ("Standard Supply Plus")
            start = i
            if t.low in PLAN_TIERS and t.text[:1].isupper():
                while start > max(i - PLAN_NAME_WORDS, 0) and _capitalised(tokens[start - 1]) and not (
                        text[tokens[start - 1].end : tokens[start].start].strip()):  # (a table's "|" ends it)
                    start -= 1
            while out and out[-1].start >= start:
                out.pop()
            out.append(Value(start, i + 1, span_text(text, tokens[start : i + 1]), "plan"))
        elif out and out[-1].end == i and _tier_tail(tokens, text, i):
            # "on Premier Support which ...", "Enterprise Hosted tier": a capitalised word right after a capitalised
            # tier names the plan with it
            start = out[-1].start
            out[-1] = Value(start, i + 1, span_text(text, tokens[start : i + 1]), "plan")
    return out


# Words where a plan's name goes: "redhill is breeder basic", "they're on restaurant pro", "blue crane = fleet plus"
_PLAN_PLACES = frozenset({"is", "on", "to", "onto", "=", ":"})
# Words beside a tier that say how or when, not which plan: "pretty basic", "pro now", "enterprise tbh"
_NOT_PLAN_WORDS = frozenset("pretty really very quite also still now just go going went stay stays staying back full "
                            "plain today tomorrow yesterday soon again too anyway tbh btw fyi lol iirc afaik rn atm "
                            "imo fwiw ftr though tho".split())


def _lowercase_plan(tokens: list[Token], text: str, v: Value) -> Value:
    """A tier word typed in lower case with one more word of its name, where a plan's name goes: the word before
    it after "is", "on", "to" ("breeder basic", "restaurant pro"), or the word after it where the sentence or its
    clause ends ("enterprise api, renews oct"). A lower-case tier alone otherwise."""
    i = v.start
    if v.end != i + 1 or not tokens[i].text.islower():
        return v

    def word(k: int) -> bool:
        t = tokens[k]
        return (t.is_word and t.text.isalpha() and t.text.islower() and t.low not in STOPWORDS
                and t.low not in PLAN_TIERS and t.low not in _PLAN_HEADS and t.low not in _NOT_PLAN_WORDS
                and not t.low.endswith("ly") and t.low not in MONTHS and t.low not in WEEKDAYS)

    def placed(k: int) -> bool:  # the word before the name: a sentence's start or a word where a plan goes
        return k < 0 or tokens[k].low in _PLAN_PLACES

    if i >= 1 and word(i - 1) and text[tokens[i - 1].end : tokens[i].start] == " " and placed(i - 2):
        return Value(i - 1, i + 1, span_text(text, tokens[i - 1 : i + 1]), "plan")
    if (i + 1 < len(tokens) and word(i + 1) and text[tokens[i].end : tokens[i + 1].start] == " " and placed(i - 1)
            and (i + 2 == len(tokens) or not tokens[i + 2].is_word)):
        return Value(i, i + 2, span_text(text, tokens[i : i + 2]), "plan")
    return v


def _tier_tail(tokens: list[Token], text: str, i: int) -> bool:
    """A word that can end a plan's name after its tier ("Support", "Hosted", "Checking"): capitalised, joined by a
    space, one word only (no name run follows it), and no person, month or weekday."""
    t, before = tokens[i], tokens[i - 1]
    return (_capitalised(t) and _capitalised(before) and before.low in PLAN_TIERS and text[before.end : t.start] == " "
            and t.low not in PLAN_TIERS and t.low not in _PLAN_HEADS and t.low not in STOPWORDS
            and t.low not in WEEKDAYS and t.low not in MONTHS and not is_given_name(t.text)
            and not (i + 1 < len(tokens) and _capitalised(tokens[i + 1])))


def _capitalised(t: Token) -> bool:
    return t.text[:1].isupper() and t.text.isalpha()


_STATUS_CUES = frozenset({"status", "stage", "phase"})
_STATUS_LINKS = frozenset({":", "is", "=", "-", "now", "currently", "still", "atm"})
_STATE_WORDS = frozenset({"live", "green", "amber", "yellow", "red"})


def _statuses(tokens: list[Token], text: str) -> list[Value]:
    """Statuses: a status phrase ("on track", "in design"); any word or two a "status" cue introduces ("status:
    discovery", "status is pilot", "Stage - evidence collection"); and a bare activity word that a list sets
    apart between marks ("Podcast Relaunch — Magnus Berg, planning, deadline end of June")."""
    found = find_statuses(tokens, weak=False)
    listed = find_statuses(tokens, weak=True)  # (the bare activity words and colours too)
    lows = [t.low for t in tokens]
    for i, low in enumerate(lows):
        if low not in _STATUS_CUES:
            continue
        start = i + 1
        while start < len(lows) and start - i <= 2 and lows[start] in _STATUS_LINKS:
            start += 1
        if start == len(lows) or any(v.start <= start < v.end for v in listed):
            continue  # (a phrase of the list is read as itself, weak or not: "status: planning")
        end = start
        while end < len(lows) and end - start < 2 and tokens[end].text.isalpha() and lows[end] not in STOPWORDS and (
                end == start or tokens[end].text.islower() and not text[tokens[end - 1].end : tokens[end].start].strip()
        ):
            end += 1
        if end > start:
            found.append(Value(start, end, span_text(text, tokens[start:end]), "status"))
    for v in listed:
        if not any(f.start == v.start for f in found):
            before = tokens[v.start - 1] if v.start > 0 else None
            after = tokens[v.end] if v.end < len(tokens) else None
            set_apart = (before is None or not before.is_word or before.low in _STATUS_LINKS) and (
                after is None or not after.is_word)
            # "paywall relaunch is now live for everyone": a colour or "live" said of the thing (an activity
            # word after "is" is the verb: "is planning to")
            said_of = before is not None and before.low in ("is", "now", "went") and v.text in _STATE_WORDS
            if set_apart or said_of or v.start > 0 and lows[v.start - 1] in _STATUS_CUES:
                found.append(v)
    return sorted(found, key=lambda v: v.start)


def fits(answer: str, wanted: str) -> bool:
    """Whether an answer could be a thing of type `wanted` at all: a value its finder reads ("P1", "March 3"), or,
    for an entity, anything but one lowercase everyday word ("depends", "owner", "live"), which names nothing."""
    words = answer.split()
    if not words:
        return False
    if wanted in _VALUE_FINDERS:
        return any(_VALUE_FINDERS[wanted](sentence, answer) for sentence in sentences(answer))
    if "|" in answer:
        return False  # "patel | full hosting | nov": the cells of a table's row, read as one span
    low = answer.strip(_EDGE)
    if len(words) == 1:
        if low.islower() and (low in STOPWORDS or is_common_word(low)):
            return False
        # "bldg", "rd", "fri": a chat abbreviation names no place, team or system (a nickname may be a person)
        return not (wanted != PERSON and low.isalpha() and low.islower() and len(low) <= 4 and not is_place(low))
    # "EHR goes", "app anyway", "ur new": a span that ends on an everyday word, unless that word is the head noun
    # a name ends on ("booking engine", "Porto edge cluster", "Riverside site")
    last = words[-1].strip(_EDGE)
    return not (last.isalpha() and last.islower() and (last in STOPWORDS or is_common_word(last))
                and last not in _NAME_HEADS and not is_family_name(last))


# The nouns a name of a team, a place or a system ends on in lowercase.
_NAME_HEADS = frozenset(
    set(HEAD_TYPES) | COMPANY_WORDS | set(SYSTEM_HEADS) | OFFICE_HEADS | WORKPLACE_HEADS | BUILDING_WORDS
    | set("cluster centre center site room rack cloud edge nodes node zone wing block bundle suite".split())
)


_VALUE_FINDERS = {
    "plan": _plans,
    "priority": lambda tokens, text: find_priorities(tokens),
    "month": lambda tokens, text: find_months(tokens),
    "date": lambda tokens, text: find_dates(tokens, text),
    "status": _statuses,
}
