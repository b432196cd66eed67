"""Okapi BM25, exact and deterministic: a sparse document-term matrix of precomputed term weights, so scoring a
query is one sparse product. The Lucene variant, as bm25s computes it (idf = ln(1 + (N - df + .5) / (df + .5)));
a test checks the two agree. Our own because bm25s works in float32 and fails on an empty query.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

import numpy as np
import scipy.sparse as sp

from memories.answer import Candidate
from memories.turn_retrieval import (lexical_tokens, ranked, resolved_times, session_of, speaker_tokens, turn_date,
                                     turn_id)
from scenarios.models import Turn


class BM25Index:
    """Index token lists once; `scores(query_tokens)` gives every document's BM25 score (float64)."""

    def __init__(self, documents: Iterable[list[str]], k1: float = 1.2, b: float = 0.3) -> None:
        # b = 0.3 rather than the textbook 0.75: our documents are chat turns with their neighbours, whose length
        # says little about topicality, so length normalisation is kept mild.
        self.k1, self.b = k1, b
        docs = [Counter(d) for d in documents]
        self.n_docs = len(docs)
        vocab: dict[str, int] = {}
        for counts in docs:
            for term in sorted(counts):
                vocab.setdefault(term, len(vocab))
        self.vocab = vocab
        lengths = np.array([sum(c.values()) for c in docs], dtype=np.float64)
        avg = float(lengths.mean()) if self.n_docs and lengths.sum() else 1.0
        df = np.zeros(len(vocab), dtype=np.float64)
        rows: list[int] = []
        cols: list[int] = []
        tfs: list[float] = []
        for i, counts in enumerate(docs):
            for term, tf in counts.items():
                j = vocab[term]
                df[j] += 1
                rows.append(i)
                cols.append(j)
                tfs.append(float(tf))
        self.idf = np.log(1.0 + (self.n_docs - df + 0.5) / (df + 0.5))
        tf = np.array(tfs, dtype=np.float64)
        norm = k1 * (1.0 - b + b * lengths[np.array(rows, dtype=np.int64)] / avg) if rows else np.zeros(0)
        # Lucene (since 8.0) and bm25s leave out the constant (k1 + 1) factor: it scales every score alike.
        weights = self.idf[np.array(cols, dtype=np.int64)] * tf / (tf + norm) if rows else tf
        self._weights = sp.csc_matrix((weights, (rows, cols)), shape=(self.n_docs, len(vocab)))

    def scores(self, query_tokens: list[str]) -> np.ndarray:
        """BM25 score of every document; a repeated query token counts once per occurrence; unknown tokens add 0."""
        q = np.zeros(len(self.vocab), dtype=np.float64)
        for term, n in Counter(query_tokens).items():
            j = self.vocab.get(term)
            if j is not None:
                q[j] = n
        if not self.n_docs:
            return np.zeros(0)
        return np.asarray(self._weights @ q, dtype=np.float64).ravel()


class BM25TurnRetriever:
    """BM25 over each turn with its neighbours: a reply ("It's a mix of drama and romance!") rarely repeats the
    words of the question it answers, so a turn's document also holds the turns around it in its session.

    Document = the session date + the turn's own words (with resolved dates) counted `own_weight` times + the
    words of up to `before` earlier and `after` later turns of the same session. The question loses the
    speakers' names before scoring: in a two-person chat a name mostly marks the *other* person addressing them
    ("Hey Caroline!"), which is noise for lexical matching; the graph handles who said what.
    """

    name = "bm25"

    def __init__(self, before: int = 2, after: int = 2, own_weight: int = 3, k1: float = 1.2, b: float = 0.3):
        self.before, self.after, self.own_weight = before, after, own_weight
        self.k1, self.b = k1, b
        self.ids: list[int] = []
        self._speaker_words: frozenset[str] = frozenset()
        self._bm25: BM25Index | None = None
        self._last: tuple[str, np.ndarray] | None = None

    def documents(self, turns: list[Turn]) -> list[list[str]]:
        own = []
        for t in turns:
            dates = " ".join(value for _, value in resolved_times(t))
            own.append(lexical_tokens(f"{t.text} {dates}"))
        sessions = [session_of(t) for t in turns]
        docs: list[list[str]] = []
        for i, t in enumerate(turns):
            doc = lexical_tokens(turn_date(t)) + own[i] * self.own_weight
            for j in range(i - self.before, i + self.after + 1):
                if j != i and 0 <= j < len(turns) and sessions[j] == sessions[i]:
                    doc += lexical_tokens(turns[j].text)
            docs.append(doc)
        return docs

    def index(self, turns: list[Turn]) -> None:
        self.ids = [turn_id(t, i) for i, t in enumerate(turns)]
        # compared after stemming, like the question's tokens ("Caroline" -> "carolin")
        self._speaker_words = frozenset(lexical_tokens(" ".join(speaker_tokens(turns))))
        self._bm25 = BM25Index(self.documents(turns), k1=self.k1, b=self.b)
        self._last = None

    def query_tokens(self, question: str) -> list[str]:
        return [w for w in lexical_tokens(question) if w not in self._speaker_words]

    def scores(self, question: str) -> np.ndarray:
        if self._last is not None and self._last[0] == question:
            return self._last[1]
        out = self._bm25.scores(self.query_tokens(question)) if self._bm25 is not None else np.zeros(0)
        self._last = (question, out)
        return out

    def retrieve(self, question: str, k: int) -> list[Candidate]:
        return ranked(self.scores(question), self.ids, k)
