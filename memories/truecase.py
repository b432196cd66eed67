"""Capitals back on people's names typed in lower case ("omar haddad afaik", "@sophie turner", "kasia's off"), so
the mention finder, which reads a name by its capitals, finds them. Only letters' case changes: offsets into the
text stay where they were, and what a user typed is shown as they typed it (this text is read, never displayed).

A name is restored by general knowledge (memories.person_names), never by a list written for a scenario:
- a given name followed by a family name, unless both are everyday words ("will turner", "mark brown") and the
  writer does not mark them as a name (after "@", in a list beside a name, opening on a speaker's handle);
- in a message written all in lower case, a given name alone that is no everyday word ("yusuf, since the dba
  left") that names no place ("kenya"), or a name the chat's own speakers go by.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache

from memories.dictionary import is_common_word
from memories.person_names import fold, is_family_name, is_given_name
from memories.mentions import COMPASS, CONTINENTS, NAME_PARTICLES
from memories.places import is_place
from memories.text import STOPWORDS

# a word as a name is written: letters, with an apostrophe or a hyphen inside ("o'brien", "mei-ling"); a word
# joined to code by a hyphen, an underscore, a slash or a dot ("booking-api", "sso/gateway") is no name
_WORD = re.compile(r"(?<![\w\-/.])[^\W\d_]+(?:['’\-][^\W\d_]+)*(?![\w/]|[\-.]\w)")


# verbs of saying after a name: its bearer reports the statement ("aoife said pos-bridge calls fraudscore"), and
# "Said" is a family name somewhere too
SAYING = frozenset("said says saying asked asks told tells thinks thought mentioned reckons reckoned".split())


def restore_names(text: str, speakers: Collection[str] = ()) -> str:
    """`text` with the people's names it types in lower case capitalised. `speakers` are the handles the chat's
    people post under ("nadia"): in a lower-case message, that word alone is one of them."""
    if not text or not any(c.isalpha() and c.islower() for c in text):
        return text
    words = list(_WORD.finditer(text))
    if not words:
        return text
    lower_case = _written_lower(text)
    out = list(text)
    said = [w.group(0) for w in words]
    lowered = [w.islower() for w in said]
    i = 0
    while i < len(words):
        if not lowered[i]:
            i += 1
            continue
        word = said[i]
        # past the particles of a family name: "sanne de vries", "ludwig van der berg"
        k = i + 1
        while k < len(words) and k - i <= 2 and said[k] in NAME_PARTICLES and _adjacent(
                text, words[k - 1], words[k]):
            k += 1
        after = words[k] if k < len(words) and lowered[k] and _adjacent(text, words[k - 1], words[k]) else None
        if after is not None and (
                _full_name(word, said[k], particles=k > i + 1) or k == i + 1 and _listed_name(
                    text, words, i, said[k], speakers)):
            _capitalise(out, words[i])
            _capitalise(out, after)
            i = k + 1
            continue
        if lower_case and _given_alone(word, speakers):
            _capitalise(out, words[i])
        i += 1
    return "".join(out)


def _written_lower(text: str) -> bool:
    """A message whose writer does not capitalise: its first letter is lower case and no word but "I" and
    acronyms opens with a capital."""
    first = next((c for c in text if c.isalpha()), "")
    return first.islower()


def _adjacent(text: str, a: re.Match[str], b: re.Match[str]) -> bool:
    """Two words with only spaces between them."""
    return text[a.end() : b.start()].isspace() and len(text[a.end() : b.start()]) <= 2


def _plain(word: str) -> str:
    return word.split("'")[0].split("’")[0]  # "kasia's" -> "kasia"


@lru_cache(maxsize=8192)
def _full_name(first: str, last: str, particles: bool = False) -> bool:
    first, last = _plain(first), _plain(last)
    if particles:
        return is_given_name(first) and len(last) > 1 and last not in STOPWORDS  # "de vries" is no everyday phrase
    if len(first) < 2 or len(last) < 2 or first in STOPWORDS or last in STOPWORDS or last in SAYING:
        return False
    if not is_given_name(first) or not is_family_name(last):
        return False
    if last in COMPASS and (is_place(first) or first in CONTINENTS):
        return False  # "africa north", "europe west": a region, named as clouds name theirs
    # "mark brown", "will turner", "grace period": two everyday words are read as words
    return not (is_common_word(first) and is_common_word(last))


def _listed_name(text: str, words: list[re.Match[str]], i: int, last: str, speakers: Collection[str] = ()
                 ) -> bool:
    """A given name and a family name that are everyday words too ("tom fry", "mike turner") read as a name where
    the writer marks it as one: after "@" ("@rob singh"), in a list beside a name that reads as one alone
    ("cc dean barker, shona mcleod, mike turner"), or opening on the handle a speaker of the chat goes by
    ("pete walsh for the doc" once pete has spoken)."""
    first = _plain(words[i].group(0))
    if first in STOPWORDS or last in STOPWORDS or len(first) < 2 or last in SAYING or not is_family_name(
            _plain(last)):
        return False
    if len(first) >= 3 and fold(first) in speakers:
        return True
    if len(first) >= 3 and first.isalpha() and not is_common_word(first) and not is_common_word(_plain(last)):
        return True  # "jas dhillon", "ffion jones": a given name no list holds, before a family name
    if words[i].start() > 0 and text[words[i].start() - 1] == "@":
        return is_given_name(first) or not is_common_word(first)  # "@huw davies": a handle is a name anyway
    if not is_given_name(first):
        return False
    # the list's other items: two-word names joined to this one by commas or "and"
    return _joined_name(text, words, i, -1) or _joined_name(text, words, i, 1)


def _joined_name(text: str, words: list[re.Match[str]], i: int, step: int) -> bool:
    """Walking the list from the pair at `i` in one direction, a pair that reads as a name alone comes before a
    pair that is no name or a gap that is no list's joint."""
    at = i
    for _ in range(6):
        j = at + 2 * step
        if step > 0 and words[at + 2 : at + 3] and words[at + 2].group(0) == "and":
            j += 1
        if step < 0 and at - 1 >= 0 and words[at - 1].group(0) == "and":
            j -= 1
        if j < 0 or j + 1 >= len(words):
            return False
        left, right = (words[j + 1], words[at]) if step < 0 else (words[at + 1], words[j])
        if text[left.end() : right.start()].strip() not in (",", "and", "&", ", and", ",and"):
            return False
        first, last = _plain(words[j].group(0)), _plain(words[j + 1].group(0))
        if not _adjacent(text, words[j], words[j + 1]):
            return False
        if _full_name(first, last):
            return True
        if not (is_given_name(first) and is_family_name(last)):
            return False
        at = j
    return False


def _given_alone(word: str, speakers: Collection[str]) -> bool:
    plain = _plain(word)
    if len(plain) < 3 or plain in STOPWORDS:
        return False
    return fold(plain) in speakers or _given_name_alone(plain)


@lru_cache(maxsize=8192)
def _given_name_alone(plain: str) -> bool:
    # "the campuses are in kenya": a word that names a place is read as the place
    return is_given_name(plain) and not is_common_word(plain) and not is_place(plain.title())


def _capitalise(out: list[str], word: re.Match[str]) -> None:
    """Capitals at the word's start and after a hyphen inside it ("mei-ling" -> "Mei-Ling")."""
    start = word.start()
    out[start] = out[start].upper()
    for k in range(start + 1, word.end()):
        if out[k - 1] == "-":
            out[k] = out[k].upper()
