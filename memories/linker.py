"""Tying a mention in a question to a graph node: exact name or alias, then a person's short form (initials, the
start of a given name), then content-word overlap, then meaning
(the mention's embedding against each node's description, or its name when it has none), with the step, the
score and the runner-up kept for the trace.

`mode="lexical"` stops after the overlap step: a paraphrase that shares no word with a node then finds nothing,
which is the blind spot the source article describes.
"""

from __future__ import annotations

import numpy as np

from memories.answer import LinkDecision
from memories.embedder import Embedder
from memories.graph_store import GraphStore, Node, camel_parts, normalise
from memories.dictionary import is_common_word
from memories.mentions import is_code_identifier
from memories.person_names import fold
from memories.question import TYPE_NOUNS, TYPE_NOUNS_SURFACE
from memories.text import STOPWORDS, stem, words

OVERLAP_THRESHOLD = 0.5
# Semantic acceptance (all-MiniLM-L6-v2 cosines): a clear match, or a weaker one that clearly beats the runner-up.
# Candidates are already narrowed to the node types the question's first relation can start from.
# Below the floor a paraphrase's nearest description is as often a wrong node as the right one (on text-extracted
# graphs the right node may hold no description at all), and a wrong link walks confidently to a wrong answer:
# refusing leaves the question to a memory that reads the text.
SEMANTIC_THRESHOLD = 0.35
SEMANTIC_FLOOR = 0.21
SEMANTIC_MARGIN = 0.03


def _word_set(text: str) -> set[str]:
    out = {stem(w) for w in words(text) if w not in STOPWORDS}
    out.update(stem(p) for p in camel_parts(text))
    return out


def node_text(node: Node) -> str:
    """What a mention is compared with: the description when there is one, phrased as a noun phrase ("the one
    that serves usage reports"), since a paraphrase names the thing by what it does; otherwise the name."""
    desc = node.description()
    return f"the one that {desc}" if desc else node.name


class NodeEmbeddings:
    """Embeddings of each node's text, computed once per text and stacked so one product scores every node."""

    def __init__(self, embedder: Embedder | None) -> None:
        self.embedder = embedder
        self._texts: dict[str, tuple[str, ...]] = {}  # node key -> the texts embedded for it
        self._rows: dict[str, np.ndarray] = {}
        self._pending: list[str] = []
        self._matrix: np.ndarray | None = None
        self._owners: list[str] = []  # matrix row -> node key

    def mark(self, node: Node) -> None:
        texts = (node_text(node),)
        if self._texts.get(node.key) != texts:
            self._texts[node.key] = texts
            self._pending.append(node.key)

    @property
    def pending(self) -> bool:
        return bool(self._pending)

    def flush(self) -> None:
        """Embed the texts marked since the last flush, in one batch."""
        if not self._pending or self.embedder is None:
            return
        keys = list(dict.fromkeys(self._pending))
        flat = [t for k in keys for t in self._texts[k]]
        rows = self.embedder.encode(flat)
        i = 0
        for key in keys:
            n = len(self._texts[key])
            self._rows[key] = rows[i : i + n]
            i += n
        self._pending = []
        self._matrix = None

    def matrix(self) -> tuple[list[str], np.ndarray | None]:
        """(owner key of each row, the stacked rows)."""
        self.flush()
        if self._matrix is None and self._rows:
            self._owners = [k for k, rows in self._rows.items() for _ in range(len(rows))]
            self._matrix = np.concatenate(list(self._rows.values()))
        return self._owners, self._matrix


def looks_like_a_name(mention: str) -> bool:
    """"Nikhil", "the Tidewater Farms account": a proper name the graph does not hold. Its embedding says
    nothing about which node it is, so the semantic step (meant for descriptions: "the analytics endpoint")
    leaves it alone rather than link it to whichever name happens to embed nearby."""
    # a joining sign inside a name ("Hollis & Vane", "Ferris + Lowe") is part of it, not a word against it
    parts = [w for w in mention.split() if w.lower() not in _LEADING and any(c.isalnum() for c in w)]
    if len(parts) == 1 and is_code_identifier(parts[0]):
        return True  # "crew-dispatch-api": a name written as in code
    capitalised = [w for w in parts if w[:1].isupper() or any(c.isdigit() for c in w)]
    return bool(parts) and bool(capitalised) and all(
        w[:1].isupper() or any(c.isdigit() for c in w) or w.lower() in TYPE_NOUNS_SURFACE for w in parts)


_LEADING = frozenset({"the", "a", "an", "our", "their", "its", "my", "your", "that", "this"})


def _bare(mention: str) -> str:
    """The mention without a leading determiner: "the sign-in guard" embeds nearer its meaning as "sign-in guard"."""
    parts = mention.split()
    while len(parts) > 1 and parts[0].lower() in _LEADING:
        parts = parts[1:]
    return " ".join(parts)


class Linker:
    def __init__(self, store: GraphStore, embeddings: NodeEmbeddings, mode: str = "semantic",
                 semantic_threshold: float = SEMANTIC_THRESHOLD, overlap_threshold: float = OVERLAP_THRESHOLD):
        self.store = store
        self.embeddings = embeddings
        self.mode = mode
        self.semantic_threshold = semantic_threshold
        self.overlap_threshold = overlap_threshold
        self._word_sets: dict[str, tuple[int, list[tuple[str, set[str]]]]] = {}

    def link(self, mention: str, *, as_of: int | None = None, types: frozenset[str] | None = None) -> LinkDecision:
        """`types`: the node types the question's first relation can start from ("what does X depend on": X is a
        component); the overlap and semantic steps only consider nodes of those types (or of unknown type)."""
        key = self.store.resolve(mention)
        if key is not None and self._exists(key, as_of):
            return LinkDecision(mention=mention, node=self.store.name_of(key), step="exact", score=1.0)
        decision = self._short_form(mention, as_of, types)
        if decision is not None:
            return decision
        decision = self._overlap(mention, as_of, types)
        if decision is not None:
            return decision
        if self.mode == "semantic" and not looks_like_a_name(mention):
            decision = self._semantic(mention, as_of, types)
            if decision is not None:
                return decision
        return LinkDecision(mention=mention, step="none")

    def key_of(self, decision: LinkDecision) -> str | None:
        return None if decision.node is None else self.store.resolve(decision.node)

    def _exists(self, key: str, as_of: int | None) -> bool:
        node = self.store.get(key)
        return node is not None and (as_of is None or node.created <= as_of)

    def _node_words(self, node: Node) -> list[set[str]]:
        cached = self._word_sets.get(node.key)
        if cached is None or cached[0] != len(node.aliases):
            sets = [(node.name, _word_set(node.name))] + [(a, _word_set(a)) for a, _ in node.aliases]
            cached = (len(node.aliases), sets)
            self._word_sets[node.key] = cached
        return [s for _, s in cached[1]]

    def _short_form(self, mention: str, as_of: int | None, types: frozenset[str] | None) -> LinkDecision | None:
        """A person called by their initials ("YD" for Yusuf Demir) or by the start of their given name ("Rav"
        for Ravi Chandrasekar, "Alex" for Alexandra Ionescu): only when exactly one person the graph holds
        fits, and the mention is no everyday word."""
        word = mention.strip()
        if " " in word or not word.isalpha() or len(word) < 2 or types is not None and "person" not in types:
            return None
        initials = word.isupper() and len(word) <= 3
        low = fold(word)
        if not initials and (len(low) < 3 or not word[:1].isupper() or is_common_word(low)):
            return None
        fits: list[Node] = []
        for node in self.store.nodes(as_of):
            parts = [fold(p) for p in node.name.split()] if node.type == "person" else []
            if len(parts) < 2:
                continue
            if initials and "".join(p[0] for p in parts) == low or not initials and (
                    parts[0] != low and parts[0].startswith(low)):
                fits.append(node)
        if len(fits) != 1:
            return None
        return LinkDecision(mention=mention, node=fits[0].name, step="short", score=round(len(low) / max(
            len(fits[0].name.replace(" ", "")), 1), 4))

    def _overlap(self, mention: str, as_of: int | None, types: frozenset[str] | None) -> LinkDecision | None:
        m = _word_set(mention)
        if not m:
            return None
        scored: list[tuple[float, int, Node]] = []
        for order, node in enumerate(self.store.nodes(as_of)):
            if not _fits(node, types):
                continue
            best = 0.0
            for n in self._node_words(node):
                shared = m & n
                # a shared generic noun ("office", "account") alone does not make two names the same
                if not shared or all(w in TYPE_NOUNS for w in shared):
                    continue
                jaccard = len(shared) / len(m | n)
                containment = len(shared) / min(len(m), len(n))
                best = max(best, (jaccard + containment) / 2)
            if best > 0:
                # value nodes ("high", "Q3") are answers, not things a question is about: rank them last
                scored.append((best - (0.2 if node.is_value else 0.0), order, node))
        if not scored:
            return None
        scored.sort(key=lambda s: (-s[0], s[1]))
        top = scored[0]
        if top[0] < self.overlap_threshold:
            return None
        runner = scored[1] if len(scored) > 1 else None
        return LinkDecision(
            mention=mention, node=top[2].name, step="overlap", score=round(top[0], 4),
            runner_up=runner[2].name if runner else None,
            runner_up_score=round(runner[0], 4) if runner else None,
        )

    def _semantic(self, mention: str, as_of: int | None, types: frozenset[str] | None) -> LinkDecision | None:
        embedder = self.embeddings.embedder
        if embedder is None or not normalise(mention):
            return None
        owners, matrix = self.embeddings.matrix()
        if matrix is None:
            return None
        sims = matrix @ embedder.encode([_bare(mention)])[0]
        best: dict[str, float] = {}  # node key -> its best text's score
        for key, sim in zip(owners, sims.tolist()):
            if sim > best.get(key, -2.0):
                best[key] = sim
        ranked: list[tuple[float, int, str]] = []
        described: list[tuple[float, int, str]] = []
        for order, (key, sim) in enumerate(best.items()):
            node = self.store.get(key)
            if node is None or node.is_value or (as_of is not None and node.created > as_of) or not _fits(node, types):
                continue
            ranked.append((sim, order, key))
            if node.description(as_of) is not None:
                described.append((sim, order, key))
        # A paraphrase names a thing by what it does: when some candidate has a description, a bare name's
        # embedding (a CamelCase token or a person's name) is too weak a signal to compete with it.
        if described:
            ranked = described
        if not ranked:
            return None
        ranked.sort(key=lambda r: (-r[0], r[1]))
        score, _, key = ranked[0]
        runner = ranked[1] if len(ranked) > 1 else None
        margin = score - runner[0] if runner else score
        # a lone word ("idproof", "pintxo") is a name the graph does not hold, whose embedding says little of what
        # it names: only a close likeness links it, where a description may link by a clear margin alone
        worded = len(_bare(mention).split()) > 1
        if score < self.semantic_threshold and not (worded and score >= SEMANTIC_FLOOR and margin >= SEMANTIC_MARGIN):
            # nothing close enough; the nearest node is still worth showing ("nearest: ReportingAPI 0.31")
            return LinkDecision(mention=mention, step="none", runner_up=self.store.name_of(key),
                                runner_up_score=round(score, 4))
        return LinkDecision(
            mention=mention, node=self.store.name_of(key), step="semantic", score=round(score, 4),
            runner_up=self.store.name_of(runner[2]) if runner else None,
            runner_up_score=round(runner[0], 4) if runner else None,
        )



def _fits(node: Node, types: frozenset[str] | None) -> bool:
    return types is None or node.type == "entity" or any(node.has_type(t) for t in types)
