"""Shared fixtures: a fast deterministic embedder for unit tests, the real model (loaded once) for integration."""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


@pytest.fixture
def hash_embedder():
    from memories.embedder import HashEmbedder

    return HashEmbedder()


@pytest.fixture(scope="session")
def minilm():
    from memories.embedder import shared_minilm

    return shared_minilm()
