"""Graph retrieval over a conversation's turns, built without an LLM and without the questions: turns, speakers,
keywords, names and dates as nodes; a question seeds the nodes it names plus its best vector and BM25 hits, and
personalised PageRank (as HippoRAG does) spreads that weight along the conversation's structure.

What the structure buys (ablations on LoCoMo, recall@10 over categories 1-4): keyword, name and day nodes join
turns from different sessions about the same thing, which multi-hop and temporal questions need; and who said it
matters: a question about Caroline is answered by what Caroline said, so turns by a speaker the question names
are boosted (the speaker node acts as a constraint: as a mere seed its mass would spread over hundreds of
turns). Adjacency edges add little on top of BM25's neighbour windows but keep replies next to their topic when
the lexical seeds are weak.
"""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Literal

import networkx as nx
import numpy as np
import scipy.sparse as sp
from pydantic import BaseModel, Field

from memories.answer import Candidate
from memories.bm25 import BM25TurnRetriever
from memories.text import STOPWORDS, words
from memories.time_expressions import MONTHS, format_day, parse_date
from memories.turn_retrieval import (VectorTurnRetriever, lexical_tokens, named_speakers, ranked, resolved_times,
                                     session_of, speaker_tokens, turn_id, zscores)
from scenarios.models import Turn

if TYPE_CHECKING:
    from memories.embedder import Embedder

NodeKind = Literal["turn", "speaker", "term", "entity", "day", "month"]

# A capitalised phrase: "Rio de Janeiro", "Weight Watchers", "Frank Ocean". Each repetition must consume
# whitespace and a capital, so the pattern cannot backtrack badly.
_CAPITALISED = re.compile(
    r"[A-Z][\w'’&-]*(?:\s+(?:(?:of|de|da|la|the|and|van|von)\s+)?[A-Z][\w'’&-]*)*"
)
_MONTH_YEAR = re.compile(r"\b(" + "|".join(MONTHS) + r"),?\s+(\d{4})\b", re.IGNORECASE)
_DATES = re.compile(
    r"\b\d{1,2}\s+(?:" + "|".join(MONTHS) + r"),?\s+\d{4}\b|\b(?:" + "|".join(MONTHS)
    + r")\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b",
    re.IGNORECASE,
)


def _opens_sentence(text: str, start: int) -> bool:
    before = text[max(0, start - 40) : start].rstrip(" \t\"'(“‘*-")
    return start == 0 or not before or before[-1] in ".!?\n:"


def entity_phrases(text: str) -> list[str]:
    """Capitalised names and phrases, lowercased without stopwords ("Rio de Janeiro" -> "rio janeiro"). A single
    capitalised word opening a sentence is not a name ("Thanks", "Wow")."""
    out: list[str] = []
    for m in _CAPITALISED.finditer(text):
        phrase_words = [w for w in words(m.group(0)) if w not in STOPWORDS]
        if not phrase_words:
            continue
        if len(phrase_words) == 1 and " " not in m.group(0) and _opens_sentence(text, m.start()):
            continue
        out.append(" ".join(phrase_words))
    return out


def question_dates(text: str) -> tuple[list[str], list[str]]:
    """Days ("8 May 2023") and months ("May 2023") a question names, in the graph's node spelling."""
    days: list[str] = []
    for m in _DATES.finditer(text):
        d = parse_date(m.group(0))
        if d is not None:
            days.append(format_day(d))
    months = [f"{m.group(1).title()} {m.group(2)}" for m in _MONTH_YEAR.finditer(text)]
    return days, months


class GraphWeights(BaseModel):
    """Edge weights (how PageRank mass flows) and seed weights (where it starts). General knobs, not per-question."""

    mention: float = 1.0  # turn - keyword
    entity: float = 1.0  # turn - capitalised name
    speaker: float = 1.0  # turn - its speaker
    date: float = 1.0  # turn - the day it was said on or refers to
    adjacency: float = 2.0  # turn - next turn in the same session
    month: float = 1.0  # day - its month
    session_chain: float = 1.0  # day of a session - day of the next session
    seed_term: float = 1.0  # x idf
    seed_entity: float = 1.0  # x idf
    seed_speaker: float = 1.0
    seed_date: float = 2.0
    seed_vector: float = 1.0  # x positive z-score of the top vector hits
    seed_lexical: float = 1.0  # x positive z-score of the top BM25 hits
    seed_hits: int = 100  # how many vector / BM25 hits may seed
    damping: float = 0.8  # probability of following an edge (HippoRAG uses 0.5; 0.8 measured better here)
    speaker_boost: float = 1.0  # turns by a speaker the question names score x (1 + boost)


def personalized_pagerank(transition_t: sp.csr_matrix, personalization: np.ndarray, damping: float,
                          dangling: np.ndarray, tol: float = 1e-6, max_iter: int = 100) -> np.ndarray:
    """networkx.pagerank's power iteration on a prebuilt matrix (a test checks they agree): building the matrix
    once per conversation instead of once per question is what makes the graph fast enough for 2,000 questions.
    `transition_t` is the transposed row-stochastic matrix; `dangling` marks nodes without edges."""
    n = personalization.size
    p = personalization / personalization.sum()
    x = np.full(n, 1.0 / n)
    for _ in range(max_iter):
        last = x
        x = damping * (transition_t @ last + float(last[dangling].sum()) * p) + (1.0 - damping) * p
        if float(np.abs(x - last).sum()) < n * tol:
            break
    return x


class Seed(BaseModel):
    node: str
    kind: NodeKind
    weight: float


class GraphExplanation(BaseModel):
    """Why the graph ranked what it did: the seeds (normalised weights), the speakers it boosted, the ranking."""

    seeds: list[Seed] = Field(default_factory=list)
    boosted_speakers: list[str] = Field(default_factory=list)
    candidates: list[Candidate] = Field(default_factory=list)


class TurnGraph:
    """The conversation as a weighted undirected networkx graph, plus its transition matrix for PageRank."""

    def __init__(self, turns: list[Turn], weights: GraphWeights | None = None) -> None:
        self.weights = w = weights or GraphWeights()
        self.turns = turns
        g = nx.Graph()
        self.graph = g

        def link(a: str, b: str, weight: float, relation: str) -> None:
            if g.has_edge(a, b):
                g[a][b]["weight"] += weight
            else:
                g.add_edge(a, b, weight=weight, relation=relation)

        for i, t in enumerate(turns):
            g.add_node(f"turn:{i}", kind="turn", turn=turn_id(t, i))
        speaker_words = speaker_tokens(turns)
        name_stems = frozenset(lexical_tokens(" ".join(speaker_words)))
        names = frozenset(" ".join(toks) for toks in speaker_words.values())
        for s in speaker_words:
            g.add_node(f"speaker:{s}", kind="speaker")
        days_in_order: list[str] = []
        for i, t in enumerate(turns):
            node = f"turn:{i}"
            link(node, f"speaker:{t.speaker}", w.speaker, "spoken_by")
            for term in sorted(set(lexical_tokens(t.text)) - name_stems):
                g.add_node(f"term:{term}", kind="term")
                link(node, f"term:{term}", w.mention, "mentions")
            for phrase in sorted(set(entity_phrases(t.text)) - names):
                g.add_node(f"entity:{phrase}", kind="entity")
                link(node, f"entity:{phrase}", w.entity, "names")
            said_on = parse_date(t.meta.get("date", "")) if t.meta.get("date") else None
            day_names = [format_day(said_on)] if said_on else []
            if day_names and (not days_in_order or days_in_order[-1] != day_names[0]):
                days_in_order.append(day_names[0])
            day_names += [v for _, v in resolved_times(t) if v.count(" ") == 2]  # a day, not a month or year
            for day in dict.fromkeys(day_names):
                self._add_day(day)
                link(node, f"day:{day}", w.date, "on_day")
            if i > 0 and session_of(turns[i - 1]) == session_of(t):
                link(f"turn:{i - 1}", node, w.adjacency, "next")
        for a, b in zip(days_in_order, days_in_order[1:]):
            if a != b:
                link(f"day:{a}", f"day:{b}", w.session_chain, "next_session")
        self.n_turns = len(turns)
        self.nodes = list(g.nodes)  # turns first, then in insertion order: deterministic
        self.position = {name: j for j, name in enumerate(self.nodes)}
        self.speakers = speaker_words
        if self.nodes:
            adjacency = nx.to_scipy_sparse_array(g, nodelist=self.nodes, weight="weight", format="csr")
        else:  # an empty conversation
            adjacency = sp.csr_array((0, 0))
        out_weight = np.asarray(adjacency.sum(axis=1)).ravel()
        self.dangling = out_weight == 0
        inverse = np.divide(1.0, out_weight, out=np.zeros_like(out_weight), where=out_weight > 0)
        self.transition_t = (sp.diags(inverse) @ adjacency).T.tocsr()
        # turns linked to each node: an idf for seeds, so "pottery" outweighs "time"
        turn_links = adjacency[: self.n_turns] > 0
        self.turn_degree = np.asarray(turn_links.sum(axis=0)).ravel()

    def _add_day(self, day: str) -> None:
        if f"day:{day}" in self.graph:
            return
        self.graph.add_node(f"day:{day}", kind="day")
        _, month, year = day.split(" ")
        month_node = f"month:{month} {year}"
        self.graph.add_node(month_node, kind="month")
        self.graph.add_edge(f"day:{day}", month_node, weight=self.weights.month, relation="in_month")

    def idf(self, node: str) -> float:
        j = self.position[node]
        return math.log(1.0 + self.n_turns / max(1.0, float(self.turn_degree[j])))

    def kind(self, node: str) -> NodeKind:
        return self.graph.nodes[node]["kind"]


class GraphTurnRetriever:
    """Personalised PageRank over the turn graph, seeded by the question's words, names, speakers and dates and
    by the best vector and BM25 hits; turn nodes' PageRank mass is the ranking."""

    name = "graph"

    def __init__(self, embedder: Embedder | None = None, *, vector: VectorTurnRetriever | None = None,
                 lexical: BM25TurnRetriever | None = None, weights: GraphWeights | None = None) -> None:
        self.vector = vector if vector is not None else VectorTurnRetriever(embedder)
        self.lexical = lexical if lexical is not None else BM25TurnRetriever()
        self.weights = weights or GraphWeights()
        self.graph: TurnGraph | None = None
        self.ids: list[int] = []
        self._speaker_of: np.ndarray = np.zeros(0, dtype=object)

    def index(self, turns: list[Turn]) -> None:
        self.vector.index(turns)
        self.lexical.index(turns)
        self.graph = TurnGraph(turns, self.weights)
        self.ids = [turn_id(t, i) for i, t in enumerate(turns)]
        self._speaker_of = np.array([t.speaker for t in turns], dtype=object)

    def seeds(self, question: str) -> tuple[list[Seed], list[str]]:
        """The personalisation: question nodes and top hits with their weights; and the speakers to boost."""
        g, w = self.graph, self.weights
        found: dict[str, float] = {}

        def add(node: str, weight: float) -> None:
            if weight > 0 and node in g.position:
                found[node] = found.get(node, 0.0) + weight

        named = named_speakers(question, g.speakers)
        name_stems = frozenset(lexical_tokens(" ".join(g.speakers)))
        for term in dict.fromkeys(lexical_tokens(question)):
            if term not in name_stems and f"term:{term}" in g.position:
                add(f"term:{term}", w.seed_term * g.idf(f"term:{term}"))
        for phrase in dict.fromkeys(entity_phrases(question)):
            if f"entity:{phrase}" in g.position:
                add(f"entity:{phrase}", w.seed_entity * g.idf(f"entity:{phrase}"))
        for s in named:
            add(f"speaker:{s}", w.seed_speaker)
        days, months = question_dates(question)
        for day in dict.fromkeys(days):
            add(f"day:{day}", w.seed_date)
        for month in dict.fromkeys(months):
            add(f"month:{month}", w.seed_date)
        for retriever, weight in ((self.vector, w.seed_vector), (self.lexical, w.seed_lexical)):
            if weight <= 0:
                continue
            z = zscores(retriever.scores(question))
            for c in ranked(z, list(range(len(z))), w.seed_hits):
                if c.score > 0:
                    add(f"turn:{c.turn}", weight * c.score)
        total = sum(found.values())
        seeds = [Seed(node=n, kind=g.kind(n), weight=v / total) for n, v in found.items()] if total else []
        # Boost only when the question singles out some speakers: naming both people of a chat says nothing.
        boosted = named if 0 < len(named) < len(g.speakers) else []
        return seeds, boosted

    def scores(self, question: str) -> np.ndarray:
        return self._scores(question)[0]

    def _scores(self, question: str) -> tuple[np.ndarray, list[Seed], list[str]]:
        g = self.graph
        if g is None or g.n_turns == 0:
            return np.zeros(0), [], []
        seeds, boosted = self.seeds(question)
        personalization = np.zeros(len(g.nodes))
        if seeds:
            for s in seeds:
                personalization[g.position[s.node]] = s.weight
        else:  # nothing in the question touches the graph: plain PageRank over the turns
            personalization[: g.n_turns] = 1.0
        mass = personalized_pagerank(g.transition_t, personalization, self.weights.damping, g.dangling)
        out = mass[: g.n_turns].copy()
        if boosted:
            out *= 1.0 + self.weights.speaker_boost * np.isin(self._speaker_of, boosted)
        return out, seeds, boosted

    def explain(self, question: str, k: int) -> GraphExplanation:
        out, seeds, boosted = self._scores(question)
        strongest = sorted(seeds, key=lambda s: (-s.weight, s.node))
        return GraphExplanation(seeds=strongest, boosted_speakers=boosted, candidates=ranked(out, self.ids, k))

    def retrieve(self, question: str, k: int) -> list[Candidate]:
        return ranked(self.scores(question), self.ids, k)
