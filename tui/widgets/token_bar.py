"""The bar for a panel's prompt tokens, scaled to the largest panel so costs compare at a glance."""

from __future__ import annotations

from rich.text import Text


def token_bar(tokens: int, largest: int, width: int) -> Text:
    """`█████░░░ 1,234 tok` filling `width` cells; at least one cell for any non-zero cost."""
    tokens, largest = max(0, tokens), max(0, largest)
    label = f" {tokens:,} tok"
    room = max(1, width - len(label))
    share = min(1.0, tokens / largest) if largest else 0.0
    filled = max(1, round(room * share)) if tokens > 0 and largest > 0 else 0
    colour = "red" if share > 0.66 else "yellow" if share > 0.2 else "green"
    bar = Text(no_wrap=True, overflow="crop")
    bar.append("█" * filled, style=colour)
    bar.append("░" * (room - filled), style="grey35")
    bar.append(label, style="bold")
    return bar
