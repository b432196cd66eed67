"""Agent text shown exactly as typed: rich Text objects (never markup), control characters made visible,
and a stable colour per speaker."""

from __future__ import annotations

import zlib

from rich.text import Text

# Control characters would move the terminal's cursor or ring its bell; the Unicode "control pictures"
# block has a visible glyph for each of them (U+2400 + code).
_VISIBLE = {c: chr(0x2400 + c) for c in range(0x20) if c not in (0x0A,)}
_VISIBLE[0x7F] = "\u2421"
_VISIBLE[0x09] = "    "
_FOR_MEMORY = {c: " " for c in list(range(0x20)) + [0x7F]}

SPEAKER_COLOURS = [
    "#e5c07b", "#61afef", "#c678dd", "#98c379", "#56b6c2", "#e06c75", "#d19a66", "#a9b1d6",
]
YOU = "#ff9e64"


def visible(text: str) -> str:
    """Text with control characters replaced by their visible pictures (newlines kept)."""
    return text.translate(_VISIBLE)


def one_line(text: str, limit: int | None = None) -> str:
    """Visible text on one line, shortened with an ellipsis past `limit` characters."""
    flat = visible(text).replace("\n", " ")
    if limit is not None and len(flat) > limit:
        return flat[: max(0, limit - 1)] + "\u2026"
    return flat


def for_memory(text: str) -> str:
    """What a memory receives from the keyboard: control characters become spaces, ends trimmed."""
    return text.translate(_FOR_MEMORY).strip()


def literal(text: str, style: str = "", *, limit: int | None = None, newlines: bool = True) -> Text:
    """A rich Text that shows `text` literally: `[INC-42]` stays `[INC-42]`."""
    shown = one_line(text, limit) if (limit is not None or not newlines) else visible(text)
    return Text(shown, style=style, no_wrap=False)


def speaker_colour(speaker: str) -> str:
    """A colour per speaker that is the same in every process (crc32, not Python's salted hash)."""
    return SPEAKER_COLOURS[zlib.crc32(speaker.encode("utf-8")) % len(SPEAKER_COLOURS)]


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
