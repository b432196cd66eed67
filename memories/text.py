"""Shared text normalisation: word tokens, a light suffix-stripping stemmer, stopwords and sentence splitting.

The reader, the retrieval backends and the graph helper all compare words through these functions, so a word
matches the same way everywhere ("owns", "owned", "owner" and "owning" all stem to "own").
"""

from __future__ import annotations

import re

# Letters and digits of any script; an apostrophe tail ("who's", "doesn't") is cut off below.
_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")

STOPWORDS: frozenset[str] = frozenset(
    """
    a about above after again against all also am an and any are aren as at be because been before being below
    between both but by can cannot could couldn did didn do does doesn doing don down during each either else
    ever every few for from further get gets getting got had hadn has hasn have haven having he her here hers
    herself him himself his how i if in into is isn it its itself just let me might mine more most much must
    mustn my myself neither no nor not now of off on once only or other others otherwise ought our ours
    ourselves out over per please quite rather really same shall shan she should shouldn so some such
    than that the their theirs them themselves then there these they this those though through to too under
    until up upon us very was wasn we were weren what whatever when whenever where whereas wherever whether
    which while who whoever whom whose why will with within without won would wouldn yet you your yours
    yourself yourselves anyone anybody anything someone somebody something everyone everything nobody nothing
    hey hi hello ok okay yes yeah thanks thank lol btw currently still already actually again anymore
    """.split()
)

_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+|\n+")


def words(text: str) -> list[str]:
    """Lowercase word tokens. Contractions keep their head ("who's" -> "who"; "doesn't" -> "does", "not")."""
    out: list[str] = []
    for match in _TOKEN.finditer(text.lower()):
        token = match.group(0).replace("’", "'")
        head, _, tail = token.partition("'")
        if tail == "t" and head.endswith("n") and len(head) > 2:
            out.append(head[:-1])
            out.append("not")
        elif head:
            out.append(head)
    return out


# Common irregular past forms, so "led" meets "leads" and "built" meets "builds".
_IRREGULAR: dict[str, str] = {
    "led": "lead", "ran": "run", "sat": "sit", "met": "meet", "won": "win", "built": "build", "held": "hold",
    "kept": "keep", "made": "make", "sent": "send", "took": "take", "taken": "take", "went": "go", "gone": "go",
    "wrote": "write", "written": "write", "bought": "buy", "brought": "bring", "sold": "sell", "told": "tell",
    "found": "find", "paid": "pay", "spent": "spend", "chose": "choose", "chosen": "choose", "began": "begin",
    "begun": "begin", "grew": "grow", "grown": "grow", "knew": "know", "known": "know", "shown": "show",
    "thought": "think", "felt": "feel", "lost": "lose", "meant": "mean", "came": "come", "saw": "see",
    "seen": "see", "gave": "give", "given": "give", "fell": "fall", "ate": "eat", "drove": "drive",
    "driven": "drive", "broke": "break", "broken": "break", "spoke": "speak", "spoken": "speak",
}


def _undouble(w: str) -> str:
    # "planned" -> "plann" -> "plan"; keep ll/ss/zz/ff ("called", "passed", "staffed").
    if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "lszf" and w[-1].isalpha():
        return w[:-1]
    return w


def stem(word: str) -> str:
    """Light suffix stripping: plurals and third person (-s, -es, -ies), -ing, -ed, -ly, -er, -ment, -al, -tion,
    a final -e, and a few common irregular past forms ("led" -> "lead").

    Deliberately crude and predictable: both sides of every comparison go through it, so consistency matters
    more than linguistics ("serve", "serves", "served", "serving" -> "serv").
    """
    w = word.lower()
    w = _IRREGULAR.get(w, w)
    if len(w) <= 3 or not w.isalpha():
        return w
    # plurals and third person
    if w.endswith("ies") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("ied") and len(w) > 4:
        w = w[:-3] + "y"
    elif w.endswith("sses"):
        w = w[:-2]
    elif w.endswith(("ss", "us", "is")):
        pass  # class, status, analysis
    elif w.endswith(("xes", "zes", "ches", "shes")):
        w = w[:-2]
    elif w.endswith("s"):
        w = w[:-1]
    # verb and adverb endings
    for suffix in ("ingly", "edly", "ment", "ing", "ion", "ed", "ly", "er", "al"):
        if not w.endswith(suffix):
            continue
        rest = w[: -len(suffix)]
        if suffix in ("ment", "al", "ion") and (len(rest) < 4 or (suffix == "ion" and rest[-1] not in "ts")):
            continue  # payment, total, region stay whole; renewal -> renew, location -> locat
        if suffix == "ed" and w.endswith("eed"):
            break  # need, feed, speed
        if len(rest) < 3:
            if suffix == "ed" and w[:-1].endswith("e") and len(w) > 3:
                w = w[:-1]  # used -> use
            break
        if not any(c in "aeiouy" for c in rest):
            break
        w = _undouble(rest)
        break
    if w.endswith("e") and len(w) >= 4:
        w = w[:-1]
    return w


def content_words(text: str) -> list[str]:
    """Stems of the words that are not stopwords, in order (duplicates kept)."""
    return [stem(w) for w in words(text) if w not in STOPWORDS]


_ABBREVIATIONS = ("e.g.", "i.e.", "etc.", "vs.", "mr.", "mrs.", "ms.", "dr.", "st.", "approx.", "no.")


def sentences(text: str) -> list[str]:
    """Split into sentences at . ! ? followed by space, and at line breaks. End punctuation stays on the sentence,
    so a caller can tell a question ("...?") from a statement. Common abbreviations ("e.g.") do not split."""
    out: list[str] = []
    glue = False
    for part in _SENTENCE_END.split(text):
        part = part.strip() if part else ""
        if not part:
            continue
        if glue and out:
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
        glue = out[-1].lower().endswith(_ABBREVIATIONS)
    return out


_LABEL = re.compile(r"^\s*[A-Za-z][\w.-]*(?:\s[A-Za-z][\w.-]*)?:\s+")


def strip_labels(sentence: str) -> str:
    """Drop up to two leading chat labels: "Update: Heads up: X is ..." -> "X is ..." (never to nothing)."""
    for _ in range(2):
        m = _LABEL.match(sentence)
        if not m or not sentence[m.end() :].strip():
            break
        sentence = sentence[m.end() :]
    return sentence


_QUESTION_OPENERS = frozenset(
    "who whom whose what which where when why how is are was were do does did can could would should will "
    "shall may might has have had anyone".split()
)


def asked_sentence(message: str) -> str:
    """The one sentence of a message that asks: "remind me who owns zonemap? want to ask about the pool size" asks
    the first. A message of one sentence, or with no single interrogative one, is returned whole."""
    parts = sentences(message)
    if len(parts) < 2:
        return message
    asking = [p for p in parts if p.rstrip().rstrip("\"')]").endswith("?")]
    return asking[0] if len(asking) == 1 else message


def is_interrogative(sentence: str) -> bool:
    """A question rather than a statement of fact: it ends with '?' (closing quotes/brackets ignored), or it opens
    with a question word and has no full stop (chat questions often drop the '?': "anyone know who owns X")."""
    stripped = sentence.rstrip().rstrip("\"')]")
    if stripped.endswith("?"):
        return True
    if stripped.endswith((".", "!")):
        return False
    tokens = words(stripped)
    return bool(tokens) and tokens[0] in _QUESTION_OPENERS


_PRESENT = re.compile(
    r"\b(?:now|currently|current|these days|at the moment|atm|rn|right now|as of (?:today|now)|today|anymore|"
    r"at this point|latest|still|nowadays|these days)\b", re.IGNORECASE)


def asks_present(question: str) -> bool:
    """Whether a question asks for the value as it stands ("who handles Kinrei now?", "Harbor status, currently?"):
    then the newest statement of it answers, not the first one found."""
    return _PRESENT.search(question[:2000]) is not None
