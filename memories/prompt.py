"""The one prompt template every backend fills: what an LLM would receive in place of our reader.

Kept terse on purpose: its fixed overhead is paid by every backend on every query, so a long preamble
would blur the cost differences the bench is there to show.
"""

from __future__ import annotations

from memories.answer import ContextItem

INSTRUCTIONS = "Answer briefly from the context."


def build_prompt(question: str, context: list[ContextItem]) -> str:
    lines = "\n".join(item.text for item in context)
    return f"{INSTRUCTIONS}\n{lines}\nQ: {question}\nA:"
