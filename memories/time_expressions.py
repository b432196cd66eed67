"""Dates in chat text: a session's date-time ("1:56 pm on 8 May, 2023"), relative expressions in a turn
("yesterday", "last Friday", "two weeks ago") resolved against it, and the dates a question names.

Rule-based and deterministic (no LLM). Resolution is approximate on purpose: "last week" becomes the day a week
earlier, which is what a person writing down the date would guess. The output is plain text that both the
lexical index and the reader can use ("7 May 2023").
"""

from __future__ import annotations

import datetime as dt
import re

MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december"]
_MONTH_ALT = "|".join(m.title() for m in MONTHS) + "|" + "|".join(MONTHS)
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "few": 3,
           "a few": 3, "couple of": 2, "a couple of": 2, "several": 3}

# "8 May, 2023" / "May 8, 2023" / "8 May 2023"
_DAY_MONTH_YEAR = re.compile(rf"\b(\d{{1,2}})\s+({_MONTH_ALT}),?\s+(\d{{4}})\b")
_MONTH_DAY_YEAR = re.compile(rf"\b({_MONTH_ALT})\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b")

_RELATIVE = re.compile(
    r"\b(?:(yesterday|today|tonight|tomorrow|last night|this morning)"
    r"|(last|next|this)\s+(week|weekend|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|(a couple of|couple of|a few|few|several|an|a|one|two|three|four|five|six)"
    r"\s+(days?|weeks?|months?|years?)\s+ago)\b",
    re.IGNORECASE,
)


def _month_index(name: str) -> int:
    return MONTHS.index(name.lower()) + 1


def parse_date(text: str) -> dt.date | None:
    """The first full date in the text ("1:56 pm on 8 May, 2023" -> 2023-05-08), or None."""
    for pattern, order in ((_DAY_MONTH_YEAR, (0, 1, 2)), (_MONTH_DAY_YEAR, (1, 0, 2))):
        m = pattern.search(text)
        if m:
            groups = m.groups()
            day, month, year = (groups[i] for i in order)
            try:
                return dt.date(int(year), _month_index(month), int(day))
            except ValueError:
                return None
    return None


def format_day(day: dt.date) -> str:
    return f"{day.day} {MONTHS[day.month - 1].title()} {day.year}"


def _format_month(year: int, month: int) -> str:
    return f"{MONTHS[month - 1].title()} {year}"


def _shift_month(day: dt.date, months: int) -> tuple[int, int]:
    m = day.month - 1 + months
    return day.year + m // 12, m % 12 + 1


def resolve_relative(text: str, base: dt.date | None) -> list[tuple[str, str]]:
    """Each relative time expression in `text` with the date it points at, seen from `base`:
    [("yesterday", "7 May 2023"), ("last year", "2022")]. Nothing when `base` is unknown."""
    if base is None:
        return []
    out: list[tuple[str, str]] = []
    for m in _RELATIVE.finditer(text):
        phrase = m.group(0)
        word, which, unit, count, span = m.group(1), m.group(2), m.group(3), m.group(4), m.group(5)
        value: str | None = None
        if word:
            w = word.lower()
            offset = {"yesterday": -1, "last night": -1, "tomorrow": 1}.get(w, 0)
            value = format_day(base + dt.timedelta(days=offset))
        elif which:
            which, unit = which.lower(), unit.lower()
            sign = {"last": -1, "next": 1, "this": 0}[which]
            if unit in ("week", "weekend"):
                value = format_day(base + dt.timedelta(days=7 * sign))
            elif unit == "month":
                value = _format_month(*_shift_month(base, sign))
            elif unit == "year":
                value = str(base.year + sign)
            else:  # a weekday: the nearest one before (last), after (next) or in this week (this)
                target = _WEEKDAYS.index(unit)
                if sign < 0:
                    delta = -((base.weekday() - target) % 7 or 7)
                elif sign > 0:
                    delta = (target - base.weekday()) % 7 or 7
                else:
                    delta = target - base.weekday()
                value = format_day(base + dt.timedelta(days=delta))
        elif count:
            n = _COUNTS[count.lower()]
            unit = span.lower().rstrip("s")
            if unit == "day":
                value = format_day(base - dt.timedelta(days=n))
            elif unit == "week":
                value = format_day(base - dt.timedelta(days=7 * n))
            elif unit == "month":
                value = _format_month(*_shift_month(base, -n))
            else:
                value = str(base.year - n)
        if value is not None:
            out.append((phrase, value))
    return out


def short_date(session_date_time: str) -> str:
    """'1:56 pm on 8 May, 2023' -> '8 May, 2023': the day is what questions ask about, not the minute."""
    _, sep, day = session_date_time.rpartition(" on ")
    return day.strip() if sep else session_date_time.strip()
