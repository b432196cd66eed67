"""Grading an answer against the accepted answers, and where a question's evidence turns ranked in a trace.

The rule is the source articles' short-answer rule: at most 8 words, and one accepted answer appears in it as whole
words once both are normalised. Computed here, never by a backend.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Iterable

from memories.answer import Answer, Trace
from scenarios.models import Question

MAX_WORDS = 8

# Apostrophes vanish ("Dana's" -> "danas", "don't" -> "dont"); every other non-alphanumeric run is a word break,
# so "Berlin-office" and "Berlin office" read the same.
_APOSTROPHES = re.compile(r"['\u2018\u2019`\u00b4]")
_NON_WORD = re.compile(r"[\W_]+")
_HAS_ALNUM = re.compile(r"[^\W_]")


def normalise(text: str) -> str:
    """Case-folded words separated by single spaces, punctuation gone, a leading "the" dropped."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = _APOSTROPHES.sub("", text)
    text = _NON_WORD.sub(" ", text).strip()
    return text.removeprefix("the ")


def word_count(text: str) -> int:
    """Whitespace-separated words that hold a letter or digit (a lone dash or bullet is not a word)."""
    return sum(1 for token in text.split() if _HAS_ALNUM.search(token))


def grade(answer: str, accepted: str | Iterable[str]) -> bool:
    """True when `answer` is short (at most 8 words) and contains an accepted answer as whole words."""
    if isinstance(accepted, str):
        accepted = [accepted]
    if word_count(answer) > MAX_WORDS:
        return False
    said = normalise(answer)
    if not said:
        return False
    padded = f" {said} "
    for option in accepted:
        wanted = normalise(option)
        # An accepted answer that normalises to nothing ("", "?") would match everything: it is skipped.
        if wanted and f" {wanted} " in padded:
            return True
    return False


def needed_ranks(trace: Trace, evidence: Iterable[int]) -> dict[int, int | None]:
    """Each evidence turn -> its best (smallest) 1-based rank among the trace's candidates; None when absent."""
    best: dict[int, int] = {}
    for candidate in trace.candidates:
        if candidate.turn not in best or candidate.rank < best[candidate.turn]:
            best[candidate.turn] = candidate.rank
    return {turn: best.get(turn) for turn in evidence}


def judge(answer: Answer, gold: Question) -> tuple[bool, dict[int, int | None]]:
    """The verdict and the needed ranks for an answer to a scripted question (engine and runner share it)."""
    return grade(answer.text, gold.answer), needed_ranks(answer.trace, gold.evidence)
