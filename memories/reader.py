"""The deterministic reader that stands in for an LLM: it picks the context sentence that best matches the question
and returns the short span of it that answers, the entity or value the question does not already mention.

It reads one sentence (or clause) at a time and never chains facts across sentences, so a flat memory that
retrieved both hops of a join is still seen failing to join. Interrogative sentences are never read as facts.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from pydantic import BaseModel

from memories.answer import ContextItem
from memories.text import STOPWORDS, asked_sentence, is_interrogative, sentences, stem, strip_labels

MAX_SPAN_WORDS = 4

# A word; hyphens, dots and slashes inside keep values whole ("us-east-1", "v2.3", "24/7"); an apostrophe tail
# ("Nova's", "it's", "doesn't") is kept apart.
_TOKEN = re.compile(r"[^\W_]+(?:[-./][^\W_]+)*(?:['’][^\W_]+)?")
_SPLIT_COMPOUND = re.compile(r"[-./]")
# "agent_b: ..." at the start of a context item.
_SPEAKER = re.compile(r"^\s*([^\s:]{1,40}|[^\W\d_][\w.'’-]*(?: [^\W\d_][\w.'’-]*){1,3}):\s+")  # "ana", "Fiona Dale"
_CLAUSE_BREAK = re.compile(r";|\bbut\b")  # no \s+ on both sides: that backtracks on long blank runs

_RELATIVE = frozenset({"that", "which", "who", "whom", "whose", "where"})
_OPENS_DESCRIPTION = _RELATIVE | {"a", "an", "the", "our", "their", "its"}
_WH = frozenset({"what", "which"})
_PERSON_WH = frozenset({"who", "whom", "whose"})
_PERSON_NOUNS = frozenset({"person", "people"})
_AUXILIARIES = frozenset(
    "is are was were be been do does did has have had can could will would should shall may might must".split()
)
_PRONOUNS = frozenset({"it", "they", "he", "she", "this", "that", "its", "their", "his", "her"})
_NEGATIONS = frozenset({"not", "never", "no", "nobody", "none"})
# Verbs that carry the change, not the value: "set to high", "moved to Berlin", "changed to blocked".
_LIGHT_VERBS = frozenset(
    "set moved move moves bumped bump changed change changes switched switch marked raised lowered dropped "
    "updated became become becomes remains remain stays stay looks look seems seem went goes put reassigned "
    "transferred handed passed took takes says said told think thinks guess heard".split()
)
# A value said as a prepositional phrase after a copula: "is on hold", "changed to at risk", "is in review".
_VALUE_PREPOSITIONS = frozenset({"in", "on", "at", "under", "off", "behind", "over"})
_COPULA_LIKE = frozenset({"is", "are", "was", "were", "be", "been", "being", "to", "now", "currently", "still"})
# A run after these is an adjunct ("moved to critical after the review"), rarely the asked value.
_ADJUNCTS = frozenset(
    "after before since because until during while when although though unless despite following".split()
)
_DETERMINERS = frozenset({"the", "a", "an", "our", "their", "its", "his", "her", "this", "that"})
_CALENDAR = frozenset(
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday today tomorrow yesterday".split()
)


class ReaderResult(BaseModel):
    text: str  # the answer span, "" when nothing in the context fits
    pick: int | None = None  # index into the context of the item the span came from


@dataclass(frozen=True)
class _Token:
    text: str  # as written, without an apostrophe tail
    lower: str
    stems: tuple[str, ...]  # the word's stem, then its parts' stems for a compound ("us-east-1")
    start: int
    end: int
    segment: int  # comma-delimited segment of the clause
    relative: bool  # inside a ", which ... ," style description
    tail: str  # "s" for "Nova's" / "it's"
    stop: bool  # a stopword here (an acronym like "US" or "IT" never is)
    initial: bool  # first word of its clause

    @property
    def stem(self) -> str:
        return self.stems[0]

    @property
    def capitalised(self) -> bool:
        return self.text[:1].isupper()

    @property
    def camel_or_code(self) -> bool:
        return any(c.isupper() for c in self.text[1:]) or any(c.isdigit() for c in self.text)


@dataclass(frozen=True)
class _Clause:
    text: str
    tokens: tuple[_Token, ...]
    stems: frozenset[str]  # content stems, plus those of the clause a leading pronoun points back to
    negated: bool
    inherited: frozenset[str] = frozenset()  # the stems taken from that earlier clause


@dataclass(frozen=True)
class _Item:
    speaker: frozenset[str]
    clauses: tuple[_Clause, ...]
    capitalised_inside: frozenset[str]  # words seen capitalised away from a clause start: names
    lowercase: frozenset[str]  # words seen in lower case: common words, not names


@dataclass(frozen=True)
class _Question:
    weights: dict[str, float]  # content stem -> weight
    head: str | None  # stem of the noun after "which/what" ("which team" -> "team")
    wants_person: bool
    wants_name: bool


def _tokenise(text: str) -> tuple[_Token, ...]:
    """Tokens with their comma segment, and whether that segment is a description set off by commas
    (", which serves usage reports,", ", a data engineer,") that the sentence goes on after."""
    rows: list[tuple[str, int, int, int, bool, str]] = []  # word, start, end, segment, relative, tail
    segment = 0
    relative = False
    pos = 0
    for m in _TOKEN.finditer(text):
        opens_segment = any(c in text[pos : m.start()] for c in ",;()")
        head, _, tail = m.group(0).replace("’", "'").partition("'")
        if opens_segment and rows:
            segment += 1
            relative = head.lower() in _OPENS_DESCRIPTION
        start = m.start()
        if tail == "t" and head.lower().endswith("n") and len(head) > 2:
            rows.append((head[:-1], start, start + len(head) - 1, segment, relative, ""))
            rows.append(("not", m.end(), m.end(), segment, relative, ""))
        elif head:
            rows.append((head, start, start + len(head), segment, relative, tail.lower()))
        pos = m.end()
    last = rows[-1][3] if rows else 0
    out: list[_Token] = []
    for i, (word, start, end, seg, rel, tail) in enumerate(rows):
        lower = word.lower()
        parts = [p for p in _SPLIT_COMPOUND.split(lower) if p]
        stems = (stem(lower),) + (tuple(stem(p) for p in parts) if len(parts) > 1 else ())
        acronym = sum(c.isupper() for c in word) >= 2
        out.append(_Token(word, lower, stems, start, end, seg, rel and seg != last, tail,
                          (lower in STOPWORDS or _chat_function_word(lower)) and not acronym, i == 0))
    return tuple(out)


def _chat_function_word(lower: str) -> bool:
    """Chat shorthand that is no content: a lone letter ("w/" for with, "u") or a function word typed without its
    apostrophe ("whats", "thats", "dont", "cant")."""
    if len(lower) == 1:
        return lower.isalpha()
    return any(lower.endswith(end) and len(lower) > len(end) + 1 and lower[: -len(end)] in STOPWORDS
               for end in ("s", "nt", "t"))


def _content_stems(tokens: tuple[_Token, ...]) -> frozenset[str]:
    return frozenset(s for t in tokens if not t.stop for s in t.stems if s not in STOPWORDS)


@lru_cache(maxsize=16384)
def _analyse_item(text: str) -> _Item:
    """Speaker and statement clauses of one context item; cached because raw re-reads every turn per query."""
    speaker: frozenset[str] = frozenset()
    m = _SPEAKER.match(text)
    if m:
        speaker = _content_stems(_tokenise(m.group(1)))
        text = text[m.end() :]
    clauses: list[_Clause] = []
    inside: set[str] = set()
    lowercase: set[str] = set()
    previous: frozenset[str] = frozenset()
    for sentence in sentences(text):
        asked = is_interrogative(sentence)
        for part in _CLAUSE_BREAK.split(sentence):
            body = strip_labels(part.strip())
            tokens = _tokenise(body)
            if not tokens:
                continue
            inside.update(t.lower for t in tokens if t.capitalised and not t.initial and not t.stop)
            lowercase.update(t.text for t in tokens if t.text.islower())
            own = _content_stems(tokens)
            # "X is no longer in eu-west-2; it's in us-east-1 now": the pronoun's clause is about X too.
            inherited = previous - own if tokens[0].lower in _PRONOUNS else frozenset()
            previous = own
            if asked or is_interrogative(part):
                continue
            lowers = [t.lower for t in tokens]
            negated = any(w in _NEGATIONS for w in lowers)
            clauses.append(_Clause(body, tokens, own | inherited, negated, inherited))
    return _Item(speaker, tuple(clauses), frozenset(inside), frozenset(lowercase))


@lru_cache(maxsize=4096)
def _analyse_question(question: str) -> _Question:
    tokens = _tokenise(question)
    weights: dict[str, float] = {}
    subordinate = False
    head: str | None = None
    first_wh: str | None = None
    for i, t in enumerate(tokens):
        if first_wh is None and t.lower in _WH | _PERSON_WH | {"where", "when", "how", "why"}:
            first_wh = t.lower
        elif i > 0 and t.lower in _RELATIVE and first_wh is not None:
            subordinate = True  # "the component that ReportingAPI depends on": a description, not the asked relation
        if t.lower in _WH and head is None and not t.tail and i + 1 < len(tokens):
            nxt = tokens[i + 1]
            if not nxt.stop and nxt.lower not in _AUXILIARIES and not nxt.capitalised:
                head = nxt.stem
        if t.stop:
            continue
        weight = 0.5 if subordinate else 1.0
        if not subordinate and (t.camel_or_code or (t.capitalised and not t.initial)):
            weight = 1.5  # a name pins the question down more than a verb does
        for s in t.stems:
            if s not in STOPWORDS:
                weights[s] = max(weights.get(s, 0.0), weight)
    wants_person = first_wh in _PERSON_WH or head in _PERSON_NOUNS
    wants_name = wants_person or head is not None or first_wh == "where"
    return _Question(weights, head, wants_person, wants_name)


@dataclass(frozen=True)
class _Vocabulary:
    """What the whole context says about capitalisation, to tell a name opening a sentence from a common word."""

    names: frozenset[str]  # written capitalised mid-sentence somewhere
    common: frozenset[str]  # written in lower case somewhere


def _is_name(token: _Token, known: _Vocabulary) -> bool:
    """A name or value: capitalised or carrying digits. A capitalised clause opener counts when it is CamelCase,
    is written capitalised mid-sentence elsewhere, or is neither verb-like nor written in lower case elsewhere
    ("Lena owns..." yes; "Loved the demo", "Disk usage alert cleared" with "disk" elsewhere, no)."""
    if any(c.isdigit() for c in token.text):
        return True
    if not token.capitalised:
        return False
    if not token.initial or token.camel_or_code or token.lower in known.names:
        return True
    return token.lower not in known.common and not _verb_like(token)


def _is_personish(token: _Token, known: _Vocabulary) -> bool:
    return (_is_name(token, known) and token.text.isalpha() and not token.camel_or_code
            and token.lower not in _CALENDAR)


def _verb_like(token: _Token) -> bool:
    if token.capitalised and not token.initial:
        return False  # a name ("Reading", "Stirling")
    return token.lower in _LIGHT_VERBS or token.lower.endswith(("ed", "ing", "ly"))


def _asked_about(token: _Token, q: _Question) -> bool:
    if token.stem in q.weights:
        return True
    # A compound whose parts are all in the question ("sign-in" for "sign in") is the question's, not an answer.
    parts = token.stems[1:]
    return bool(parts) and all(p in q.weights or p in STOPWORDS for p in parts)


@dataclass
class _Span:
    text: str
    score: float
    kind: float  # 2: the kind of answer asked for, 1.5: a name where one is asked, 1: plausible, 0: only verbs


def _spans(clause: _Clause, q: _Question, known: _Vocabulary) -> list[_Span]:
    tokens = clause.tokens
    asked = [not t.stop and _asked_about(t, q) for t in tokens]
    matched_segments = {t.segment for t, a in zip(tokens, asked) if a}
    groups: list[list[int]] = []
    current: list[int] = []
    for i, t in enumerate(tokens):
        keep = not t.stop and not asked[i]
        if keep and current and tokens[current[-1]].segment != t.segment:
            groups.append(current)
            current = []
        if keep:
            current.append(i)
        elif current:
            groups.append(current)
            current = []
    if current:
        groups.append(current)

    out: list[_Span] = []
    for idx in groups:
        # Leading verbs introduce the value, they are not it: "serves usage reports" -> "usage reports".
        while len(idx) > 1 and _verb_like(tokens[idx[0]]):
            idx = idx[1:]
        if len(idx) > MAX_SPAN_WORDS:
            # Keep the names; else the end of the phrase, where English puts its head noun.
            named = [i for i in idx if _is_name(tokens[i], known)]
            idx = named[:MAX_SPAN_WORDS] if named else idx[-MAX_SPAN_WORDS:]
        run = [tokens[i] for i in idx]
        names = [t for t in run if _is_name(t, known)]
        verbs_only = all(_verb_like(t) for t in run)
        first, last = idx[0], idx[-1]
        before = tokens[first - 1] if first > 0 else None
        after = tokens[last + 1] if last + 1 < len(tokens) else None

        score = 0.0
        if run[0].segment in matched_segments:
            score += 3.0  # in the same comma segment as the asked relation
        if run[0].relative and run[0].segment not in matched_segments:
            score -= 2.0  # a description the question is not about
        if names:
            score += 2.0
        if verbs_only:
            score -= 3.0 if any(t.lower in _LIGHT_VERBS for t in run) else 1.0
        if (before is not None and asked[first - 1]) or (after is not None and asked[last + 1]):
            score += 1.0  # next to a word of the question: "critical priority"
        back = first - 1
        while back >= 0 and tokens[back].lower in _DETERMINERS:
            back -= 1
        if back >= 0 and tokens[back].lower in _ADJUNCTS:
            score -= 1.5
        kind = 0.0 if verbs_only else 1.0
        if q.wants_name and names:
            kind = 1.5
        if q.head is not None and q.head in (before.stem if before else None, after.stem if after else None):
            score += 2.0
            kind = 2.0
        elif q.head is not None and q.head in clause.inherited and not verbs_only:
            kind = 2.0  # "no longer high priority; it's low now": "low" stands for "low priority"
        if q.wants_person and names:
            if any(_is_personish(t, known) for t in names):
                score += 1.0
                kind = 2.0
            else:
                score -= 1.0  # CamelCase, codes and dates name things, not people
        score += 0.01 * first  # English puts the new information last

        # The span as written ("eu-west-2", "Nova's"), widened to the question's noun ("Berlin office") and to a
        # predicative preposition ("on hold"); when names were picked out of a long run, just those words.
        contiguous = idx == list(range(first, last + 1))
        start, end = run[0].start, run[-1].end
        if contiguous and q.head is not None and after is not None and after.stem == q.head \
                and len(run) < MAX_SPAN_WORDS:
            end = after.end
        if contiguous and not names and before is not None and before.lower in _VALUE_PREPOSITIONS:
            lead = tokens[first - 2] if first >= 2 else None
            if lead is None or lead.lower in _COPULA_LIKE or lead.tail == "s" or _verb_like(lead):
                start = before.start
        text = clause.text[start:end] if contiguous else " ".join(t.text for t in run)
        out.append(_Span(text, score, kind))
    return out


def read(question: str, context: list[ContextItem]) -> ReaderResult:
    """Pick the best-matching statement in `context` and return the span of it that answers `question`.

    Sentences are compared by keyword overlap (stems of content words, names weighted up, words of a relative
    clause in the question weighted down); then by how well their best span fits what the question asks for
    (a person for "who", the noun of "which team"); recency (the higher turn index) breaks the remaining ties.
    When no statement shares a word with the question, ranked context is read from its best-scored item.
    """
    q = _analyse_question(asked_sentence(question))
    if not q.weights or not context:
        return ReaderResult(text="", pick=None)
    items = [_analyse_item(item.text) for item in context]
    known = _Vocabulary(frozenset().union(*(it.capitalised_inside for it in items)),
                        frozenset().union(*(it.lowercase for it in items)))
    best_key: tuple | None = None
    best: tuple[int, str] | None = None
    for pos, (item, analysed) in enumerate(zip(context, items)):
        recency = max(item.turns) if item.turns else -1
        speaker_overlap = 0.5 * sum(q.weights.get(s, 0.0) for s in analysed.speaker)
        for order, clause in enumerate(analysed.clauses):
            if clause.negated:
                continue  # "X is no longer owned by Lena" does not say who owns X
            overlap = sum(w for s, w in q.weights.items() if s in clause.stems)
            if overlap <= 0:
                continue
            spans = _spans(clause, q, known)
            if not spans:
                continue
            span = max(spans, key=lambda s: s.score)
            key = (round(overlap + speaker_overlap, 3), span.kind, recency, pos, order)
            if best_key is None or key > best_key:
                best_key = key
                best = (pos, span.text)
    if best is None:
        best = _trust_the_retriever(context, items, q, known)
    if best is None:
        return ReaderResult(text="", pick=None)
    return ReaderResult(text=best[1], pick=best[0])


def _trust_the_retriever(context: list[ContextItem], items: list[_Item], q: _Question,
                         known: _Vocabulary) -> tuple[int, str] | None:
    """No statement shares a word with the question (a paraphrase: "the analytics endpoint" for ReportingAPI).
    A reader given ranked context then answers from the item ranked first, as an LLM would; an unranked context
    (the raw transcript) gives it nothing to go on."""
    ranked = [(item.score, -pos) for pos, item in enumerate(context) if item.score is not None]
    if not ranked:
        return None
    for _, neg_pos in sorted(ranked, reverse=True):
        pos = -neg_pos
        choices = [
            (span.kind, span.score, -order, span.text)
            for order, clause in enumerate(items[pos].clauses) if not clause.negated
            for span in _spans(clause, q, known)
        ]
        if choices:
            return pos, max(choices)[3]
    return None
