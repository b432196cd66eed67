"""What every command shares: one-line errors with exit code 2, and option parsing."""

from __future__ import annotations

import sys
from typing import Iterable, NoReturn

import click


def fail(problems: Iterable[str] | str) -> NoReturn:
    """Print each problem on its own line to stderr and exit 2: no traceback for bad input."""
    if isinstance(problems, str):
        problems = [problems]
    for line in problems:
        click.echo(line, err=True)
    sys.exit(2)


def warn(lines: Iterable[str]) -> None:
    for line in lines:
        click.echo(f"warning: {line}", err=True)


def parse_int_list(value: str, option: str) -> list[int]:
    """'0-4' or '10,50,200' or '0-2,7' -> sorted unique ints; bad text -> one-line error."""
    out: list[int] = []
    try:
        for part in value.split(","):
            part = part.strip()
            if not part:
                continue
            if "-" in part:
                a, b = part.split("-", 1)
                lo, hi = int(a), int(b)
                if hi < lo:
                    raise ValueError
                out.extend(range(lo, hi + 1))
            else:
                out.append(int(part))
    except ValueError:
        fail(f"{option}: '{value}' is not a list of numbers like 0-4 or 10,50,200")
    if not out:
        fail(f"{option}: '{value}' names no numbers")
    return sorted(set(out))
