"""People's given names and family names of the world, so that "Halcyon Brokers is with Siobhán Murphy" reads one
company and one person: the name lists of Faker's person providers in every locale, those in Cyrillic, Greek and
Hangul romanised letter by letter (installed with ctxsim; nothing is downloaded). General knowledge, like a
dictionary: no name here was written for a scenario.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import unicodedata
from functools import lru_cache


# Letters that are no accented letter to Unicode, written as people type them without the key.
_PLAIN_LETTERS = str.maketrans({"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "æ": "ae", "Æ": "Ae", "œ": "oe",
                                "Œ": "Oe", "ß": "ss", "đ": "d", "Đ": "D", "þ": "th", "Þ": "Th", "ı": "i"})


def fold(word: str) -> str:
    """"siobhan" of "Siobhán", "soren" of "Søren": casefolded, accents dropped, so that spellings with and
    without them meet."""
    if word.isascii():
        return word.casefold()  # nothing to drop: the common case, kept quick
    decomposed = unicodedata.normalize("NFKD", word.translate(_PLAIN_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def _latin_word(word: str) -> bool:
    return word.isascii() and word.replace("-", "").replace("'", "").isalpha()


@lru_cache(maxsize=1)
def _name_lists() -> tuple[frozenset[str], frozenset[str]]:
    """(given names, family names), folded, from every locale's person provider."""
    import faker.providers.person as providers

    given: set[str] = set()
    family: set[str] = set()
    for module in sorted(m.name for m in pkgutil.iter_modules(providers.__path__) if m.ispkg):
        provider = importlib.import_module(f"{providers.__name__}.{module}").Provider
        for attribute, value in vars(provider).items():
            if not isinstance(value, (list, tuple, dict)) or "name" not in attribute or "prefix" in attribute:
                continue
            into = given if attribute.startswith("first_") else family if attribute.startswith("last_") else None
            if into is None:
                continue
            for name in value:  # a dict maps names to their weights
                if isinstance(name, str):
                    folded = fold(_romanised(name))
                    if _latin_word(folded):
                        into.add(folded)
                        into.add(folded.replace("-", ""))  # "Chih-Ming" is typed "Chihming" too
    return frozenset(given), frozenset(family)


# Scripts whose names people also write in Latin letters, one for one: "Оксана" is Oksana, "민준" is Minjun.
# (Chinese characters and Arabic do not romanise letter by letter; their locales give Latin forms themselves.)
_ROMANISED_SCRIPTS = ("CYRILLIC", "GREEK", "HANGUL")


def _romanised(name: str) -> str:
    if name.isascii() or not unicodedata.name(name[0], "").startswith(_ROMANISED_SCRIPTS):
        return name
    from faker.decode import unidecode

    return unidecode(name)


def is_given_name(word: str) -> bool:
    """"Anika", "Jorge", "Siobhán", "Oksana", "Min-jun": a first name people are given somewhere in the world
    (written with or without the hyphen between its syllables)."""
    low = fold(word)
    return low in _name_lists()[0] or "-" in low and low.replace("-", "") in _name_lists()[0]


def is_family_name(word: str) -> bool:
    """"Murphy", "Sharma", "Nowak": a surname somewhere in the world."""
    return fold(word) in _name_lists()[1]


def handle_fits(handle: str, full_name: str) -> bool:
    """Whether a chat handle, folded to its letters and digits ("o.schmidt" -> "oschmidt"), is one a person of
    this full name would go by: the given name ("layla"), cut short ("kev" for Kevin) or with a pet ending
    ("deano" for Dean); the given name and the family name's initial ("mike_t", "greta.h"); the initial and
    the family name, or its first four letters or more ("o.schmidt", "jpeters", "mkowal" for Michał Kowalski);
    both names whole ("gretahansen"); or the initials before the family name ("rvdberg" for Rob van den Berg)."""
    words = [re.sub(r"[\W_]+", "", fold(w)) for w in full_name.split()]
    if len(words) < 2 or len(handle) < 3 or not all(words):
        return False
    given, family = "".join(words[:-1]), words[-1]
    first = words[0]
    if handle in (given, first, given + family, first + family, first + family[0]):
        return True
    if len(first) >= 3 and (first.startswith(handle) or handle.startswith(first) and len(handle) - len(first) <= 2
                            and handle[len(first):].isalpha()):
        return True
    if handle in ("".join(w[0] for w in words[:-1]) + family, first[0] + "".join(words[1:])):
        return True  # "rvdberg", "rvandenberg" for Rob van den Berg
    rest = handle[1:]
    return handle[0] == first[0] and len(rest) >= 4 and family.startswith(rest)
