"""Which words are everyday English: the lowercase entries of Webster's Second International (the `web2` list of
the english-words package, installed with ctxsim; nothing is downloaded). A dictionary writes "atlas", "marine"
and "notion" in lowercase and "Jorge" or "Mira" with a capital, which is what tells a project named Atlas from a
colleague named Jorge when both are capitalised in chat.
"""

from __future__ import annotations

from functools import lru_cache

# Inflections a headword list leaves out: "brokers", "foods", "cosmetics" are found under their stem.
_ENDINGS = ("ies", "es", "s")


@lru_cache(maxsize=1)
def _lowercase_entries() -> frozenset[str]:
    from english_words import get_english_words_set

    return frozenset(w for w in get_english_words_set(["web2"], alpha=True) if w.islower())


def is_common_word(word: str) -> bool:
    """"Brokers", "atlas", "Marine": a word the dictionary lists in lowercase, itself or by its stem."""
    low = word.casefold()
    entries = _lowercase_entries()
    if low in entries:
        return True
    for ending in _ENDINGS:
        if low.endswith(ending) and len(low) > len(ending) + 2:
            stem = low[: -len(ending)]
            if stem in entries or ending == "ies" and stem + "y" in entries:
                return True
    return False
