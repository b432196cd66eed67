"""Turn retrieval for long conversations (LoCoMo): one interface, four methods (vector, bm25, graph, hybrid).

A TurnRetriever indexes a conversation's turns once and ranks them for a question. It sees the turns and the
question text only: never a question's type, gold answer or evidence.

Every turn is embedded and handed to a reader as one line with its session date and speaker,
"[8 May, 2023] Caroline: I went to a support group yesterday": LoCoMo asks "When did ...?" about sessions weeks
apart, and a turn without its date cannot answer that. The lexical index and the graph also resolve relative
expressions against the session date ("yesterday" -> 7 May 2023, memories.time_expressions), so a question
naming a day finds the turn that said "yesterday".
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np

from memories.answer import Candidate
from memories.fusion import FusedItem, reciprocal_rank_fusion
from memories.text import STOPWORDS, stem, words
from memories.time_expressions import parse_date, resolve_relative, short_date
from scenarios.models import Turn

if TYPE_CHECKING:
    from memories.embedder import Embedder


def turn_date(turn: Turn) -> str:
    """The session date of a turn ('8 May, 2023'), or '' when the turn carries none."""
    return short_date(turn.meta.get("date", "")) if turn.meta.get("date") else ""


def resolved_times(turn: Turn) -> list[tuple[str, str]]:
    """The turn's relative time expressions with the dates they point at, seen from its session date."""
    raw = turn.meta.get("date")
    return resolve_relative(turn.text, parse_date(raw)) if raw else []


def turn_document(turn: Turn) -> str:
    """The one line a turn is embedded as and shown to a reader as: '[8 May, 2023] Caroline: ...'.
    Resolved relative dates are left out here (they made MiniLM's ranking worse); BM25 and the graph use them."""
    head = f"[{turn_date(turn)}] " if turn_date(turn) else ""
    return f"{head}{turn.speaker}: {turn.text}"


def session_of(turn: Turn) -> str:
    """Turns of one session are neighbours; elsewhere the channel plays that part."""
    return turn.meta.get("session") or turn.channel or ""


def turn_id(turn: Turn, position: int) -> int:
    return turn.index if turn.index >= 0 else position


def lexical_tokens(text: str) -> list[str]:
    """Stems of the content words: what BM25 and the graph's keyword nodes compare."""
    return [stem(w) for w in words(text) if w not in STOPWORDS]


def speaker_tokens(turns: list[Turn]) -> dict[str, tuple[str, ...]]:
    """Each speaker with the lowercased words of their name, in order of first appearance."""
    out: dict[str, tuple[str, ...]] = {}
    for t in turns:
        if t.speaker not in out:
            out[t.speaker] = tuple(words(t.speaker))
    return out


def named_speakers(question: str, speakers: dict[str, tuple[str, ...]]) -> list[str]:
    """Speakers whose whole name appears in the question's words."""
    qwords = set(words(question))
    return [s for s, toks in speakers.items() if toks and all(w in qwords for w in toks)]


def top_positions(scores: np.ndarray, k: int) -> np.ndarray:
    """Positions of the k best scores; ties go to the earlier turn, so a ranking never depends on sort internals."""
    if k <= 0 or scores.size == 0:
        return np.zeros(0, dtype=np.int64)
    return np.lexsort((np.arange(scores.size), -scores))[:k]


def ranked(scores: np.ndarray, ids: list[int], k: int) -> list[Candidate]:
    """The k best turns as Candidates (1-based ranks)."""
    return [Candidate(turn=ids[i], score=float(scores[i]), rank=r + 1)
            for r, i in enumerate(top_positions(scores, k))]


def zscores(x: np.ndarray) -> np.ndarray:
    """Scores on a common scale, so signals from different methods can be compared."""
    if x.size == 0:
        return x
    sd = float(x.std())
    return (x - float(x.mean())) / sd if sd > 1e-12 else np.zeros_like(x)


@runtime_checkable
class TurnRetriever(Protocol):
    name: str

    def index(self, turns: list[Turn]) -> None: ...

    def retrieve(self, question: str, k: int) -> list[Candidate]: ...


class VectorTurnRetriever:
    """MiniLM embeddings of each turn's line in a faiss IndexFlatIP (exact cosine search)."""

    name = "vector"

    def __init__(self, embedder: Embedder | None = None) -> None:
        if embedder is None:
            from memories.embedder import shared_minilm

            embedder = shared_minilm()
        self.embedder = embedder
        self._index = None
        self.ids: list[int] = []
        self._last: tuple[str, np.ndarray] | None = None

    def index(self, turns: list[Turn]) -> None:
        import faiss

        self.ids = [turn_id(t, i) for i, t in enumerate(turns)]
        rows = self.embedder.encode([turn_document(t) for t in turns])  # the embedder batches and caches by text
        self._index = faiss.IndexFlatIP(self.embedder.dim)
        if len(turns):
            self._index.add(np.ascontiguousarray(rows, dtype=np.float32))
        self._last = None

    def scores(self, question: str) -> np.ndarray:
        """Cosine similarity of the question to every indexed turn, in index order."""
        if self._last is not None and self._last[0] == question:
            return self._last[1]
        n = len(self.ids)
        out = np.zeros(n, dtype=np.float64)
        if n:
            q = self.embedder.encode([question]).astype(np.float32)
            sims, idx = self._index.search(q, n)
            out[idx[0]] = sims[0]
        self._last = (question, out)
        return out

    def retrieve(self, question: str, k: int) -> list[Candidate]:
        return ranked(self.scores(question), self.ids, k)


RETRIEVERS: dict[str, str] = {
    "vector": "memories.turn_retrieval:VectorTurnRetriever",
    "bm25": "memories.bm25:BM25TurnRetriever",
    "graph": "memories.turn_graph:GraphTurnRetriever",
    "hybrid": "memories.turn_retrieval:HybridTurnRetriever",
}
NEEDS_EMBEDDER = frozenset({"vector", "graph", "hybrid"})


class UnknownRetriever(ValueError):
    pass


def create_retriever(name: str, embedder: Embedder | None = None) -> TurnRetriever:
    """Build a turn retriever by name; `embedder` is shared so that each text is embedded once."""
    try:
        target = RETRIEVERS[name]
    except KeyError:
        raise UnknownRetriever(f"unknown method '{name}' (known: {', '.join(RETRIEVERS)})") from None
    module, _, attr = target.partition(":")
    cls = getattr(import_module(module), attr)
    return cls(embedder) if name in NEEDS_EMBEDDER else cls()


class HybridTurnRetriever:
    """Reciprocal rank fusion of vector, bm25 and graph; `explain` keeps each method's rank of every turn."""

    name = "hybrid"

    def __init__(self, embedder: Embedder | None = None, rrf_k: int = 10, depth: int = 100,
                 weights: dict[str, float] | None = None) -> None:
        # rrf_k = 10 rather than the usual 60: with three lists of a few hundred turns, a small constant lets the
        # top ranks decide. The graph weighs double, vector half: the graph already folds the other two in, and
        # MiniLM alone is the weakest ranker here (measured on LoCoMo: plain equal weights lose ~1 point at k=10).
        from memories.bm25 import BM25TurnRetriever
        from memories.turn_graph import GraphTurnRetriever

        self.vector = VectorTurnRetriever(embedder)
        self.lexical = BM25TurnRetriever()
        # The graph reuses the same two retrievers for its seeds: each question is embedded and scored once.
        self.graph = GraphTurnRetriever(vector=self.vector, lexical=self.lexical)
        self.rrf_k = rrf_k
        self.depth = depth
        self.weights = dict(weights) if weights else {"vector": 0.5, "bm25": 1.0, "graph": 2.0}

    def index(self, turns: list[Turn]) -> None:
        self.graph.index(turns)  # indexes the vector and bm25 retrievers too

    def explain(self, question: str, k: int) -> list[FusedItem]:
        """The k best turns after fusion, each with every method's rank of it (the trace the TUI shows)."""
        depth = max(k, self.depth)
        ids = self.graph.ids
        rankings = {
            name: [ids[i] for i in top_positions(method.scores(question), depth)]
            for name, method in (("vector", self.vector), ("bm25", self.lexical), ("graph", self.graph))
        }
        return reciprocal_rank_fusion(rankings, k=self.rrf_k, weights=self.weights, limit=k)

    def retrieve(self, question: str, k: int) -> list[Candidate]:
        return [Candidate(turn=f.turn, score=f.score, rank=f.rank) for f in self.explain(question, k)]
