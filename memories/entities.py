"""Entity resolution at write time: which existing node a newly written name means.

Three steps, the first that matches wins: the exact name (or a recorded alias); the normalised name (case,
articles, spacing and a generic head noun do not matter: "the FeatureStore", "FeatureStore service" and
"Feature Store" are one entity); and, with an embedder, a descriptive name whose meaning matches an existing
node's description ("the usage report service" -> ReportingAPI, "serves usage reports"), with the score kept
on the node's alias list.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Literal

import numpy as np
from pydantic import BaseModel

from memories.embedder import Embedder
from memories.person_names import fold
from memories.places import OFFICE_MODIFIERS

# A head noun that says what kind of thing a name is, not which one: dropped from the key.
GENERIC_HEADS = frozenset(
    "service svc component microservice system account acct office team squad crew guild pod tribe project "
    "initiative program programme region".split()
)
# A company's legal form after its name, as written: "Kieler Stahlhandel GmbH" is Kieler Stahlhandel. (Title-case
# forms are name words to the mention finder, "Harrow & Finch Ltd"; the key drops every form alike.)
LEGAL_FORMS = frozenset("GmbH AG AB AS ASA BV NV SA SAS SARL SpA SRL Srl Oy Oyj ApS KG LLC LLP PLC plc".split())
_LEGAL_KEYS = frozenset(form.casefold() for form in LEGAL_FORMS) | {"ltd", "inc", "limited", "pty", "corp"}
_LEADING = frozenset("the a an our their its my your his her this that".split())
_PREFIXES = frozenset({"project", "team"})
_KEY_WORD = re.compile(r"[^\W_]+")
_EDGE = " \t\r\n\"'`.,;:!?()[]{}<>*~-"
# Cosine between a descriptive name and a node's description (all-MiniLM-L6-v2) needed to link them. Measured on
# hand-written pairs: same-meaning names score 0.57-0.75 ("the event loader" / "loads incoming events"), unrelated
# service names at most 0.29; a wrong merge costs more than a missed one, so the bar sits between, nearer the top.
DEFAULT_THRESHOLD = 0.5
# The hashing test embedder scores shared letters; other embedders get a middle value.
_THRESHOLDS = {"all-MiniLM-L6-v2": DEFAULT_THRESHOLD, "hash": 0.6}
MAX_NAME_CHARS = 200  # a name longer than this is not a name; only its start is keyed


def clean_name(name: str) -> str:
    """The display form of a name: trimmed, a leading article or possessive determiner and a trailing "'s"
    removed, inner whitespace collapsed. Case is kept."""
    text = " ".join(name[: MAX_NAME_CHARS * 2].split()).strip(_EDGE)
    parts = text.split(" ")
    while len(parts) > 1 and parts[0].lower() in _LEADING:
        parts = parts[1:]
    text = " ".join(parts)
    if text.endswith(("'s", "’s")) and len(text) > 2:
        text = text[:-2]
    return text.strip(_EDGE)


def name_key(name: str) -> str:
    """The identity of a name for matching (see `_name_key`); cached, since the same names recur in every turn."""
    return _cached_key(name) if len(name) <= MAX_NAME_CHARS else _name_key(name)


def _name_key(name: str) -> str:
    """The identity of a name for matching: casefolded, accents and punctuation and spacing ignored, leading
    articles dropped, a generic head noun at either end dropped ("Acme account" -> "acme", "Project Atlas" ->
    "atlas"), and a company's legal form at the end ("Nordfrakt AB" -> "nordfrakt"), as long as something is left."""
    text = fold(unicodedata.normalize("NFKC", name[:MAX_NAME_CHARS]))
    parts = _KEY_WORD.findall(text)
    while len(parts) > 1 and parts[0] in _LEADING:
        parts = parts[1:]
    if len(parts) > 1 and parts[-1] == "s" and len(parts[-2]) > 1:
        parts = parts[:-1]  # a possessive split off by the pattern: "Lena's" -> lena, s
    while len(parts) > 1 and (parts[-1] in GENERIC_HEADS or parts[-1] in _LEGAL_KEYS):
        parts = parts[:-1]
    while len(parts) > 1 and parts[0] in _PREFIXES:
        parts = parts[1:]
    return "".join(parts)


_cached_key = lru_cache(maxsize=16384)(_name_key)


def name_keys(name: str) -> tuple[str, ...]:
    """Every key a name is known by: `name_key`, and the words run together with the head noun kept, so that
    "Config Service" meets ConfigService as well as "the FeatureStore service" meets FeatureStore; and an office's
    name without the word that says which office ("Claddagh site office" is the Claddagh office, and not the town
    Claddagh written alone)."""
    key = name_key(name)
    parts = _KEY_WORD.findall(fold(unicodedata.normalize("NFKC", name[:MAX_NAME_CHARS])))
    while len(parts) > 1 and parts[0] in _LEADING:
        parts = parts[1:]
    keys = [k for k in (key, "".join(parts)) if k]
    if len(parts) > 2 and parts[-1] in ("office", "hub") and parts[-2] in OFFICE_MODIFIERS:
        keys.append("".join(parts[:-2] + parts[-1:]))
    return tuple(dict.fromkeys(keys))


def is_descriptive(name: str) -> bool:
    """A common-noun phrase ("the usage report service") rather than a proper name (ReportingAPI, Dana, Acme
    account): only descriptive names may be linked by meaning, since two proper names are two entities."""
    words = clean_name(name).split()
    if not words:
        return False
    return not any(w[:1].isupper() or any(c.isdigit() for c in w) for w in words)


Step = Literal["new", "exact", "normalised", "semantic"]


class Resolution(BaseModel):
    canonical: str
    step: Step
    score: float  # 1.0 for exact and normalised matches, the cosine for semantic ones, 0.0 for new names


class EntityResolver:
    """Canonical names of the entities written so far, their descriptions and their aliases with scores."""

    def __init__(self, embedder: Embedder | None = None, threshold: float | None = None) -> None:
        self.embedder = embedder
        self.threshold = _THRESHOLDS.get(getattr(embedder, "name", ""), 0.55) if threshold is None else threshold
        self._canonical: list[str] = []  # in order of addition: earlier nodes win ties
        self._exact: dict[str, str] = {}  # a name or alias as written -> canonical
        self._keys: dict[str, str] = {}  # name_key -> canonical
        self._descriptions: dict[str, str] = {}
        self._aliases: dict[str, list[tuple[str, float]]] = {}
        self._matrix: np.ndarray | None = None  # description embeddings, rebuilt when descriptions change
        self._matrix_names: list[str] = []

    def __len__(self) -> int:
        return len(self._canonical)

    def __contains__(self, canonical: object) -> bool:
        return canonical in self._aliases

    @property
    def names(self) -> list[str]:
        return list(self._canonical)

    def description(self, canonical: str) -> str | None:
        return self._descriptions.get(canonical)

    def add(self, canonical: str, description: str | None = None) -> None:
        """Register a node (no-op when known) and set its description when one is given (the latest wins)."""
        if canonical not in self._aliases:
            self._canonical.append(canonical)
            self._aliases[canonical] = []
            self._exact.setdefault(canonical, canonical)
            for key in name_keys(canonical):
                self._keys.setdefault(key, canonical)
        if description and description.strip():
            text = " ".join(description.split())
            if self._descriptions.get(canonical) != text:
                self._descriptions[canonical] = text
                self._matrix = None

    def aliases(self, canonical: str) -> list[tuple[str, float]]:
        """Other names that resolved to this node, each with the score of the step that linked it."""
        return list(self._aliases.get(canonical, []))

    def resolve(self, name: str, description: str | None = None) -> Resolution:
        """The node a written name means; records the alias when it was found by normalisation or meaning.
        Does not add new names: call `add` with the canonical name the caller settles on."""
        if not isinstance(name, str):
            name = str(name)
        if name in self._exact:
            return Resolution(canonical=self._exact[name], step="exact", score=1.0)
        cleaned = clean_name(name)
        if cleaned in self._exact:
            return self._link(name, self._exact[cleaned], "normalised", 1.0)
        keys = name_keys(name)
        for key in keys:
            if key in self._keys:
                return self._link(name, self._keys[key], "normalised", 1.0)
        if self.embedder is not None and is_descriptive(name) and keys:
            found = self._semantic(cleaned, description)
            if found is not None:
                canonical, score = found
                return self._link(name, canonical, "semantic", score)
        return Resolution(canonical=cleaned or name.strip() or name, step="new", score=0.0)

    def _link(self, name: str, canonical: str, step: Step, score: float) -> Resolution:
        alias = " ".join(name.split())
        if alias and alias != canonical and all(a != alias for a, _ in self._aliases[canonical]):
            self._aliases[canonical].append((alias, round(float(score), 4)))
            self._exact.setdefault(alias, canonical)
        return Resolution(canonical=canonical, step=step, score=round(float(score), 4))

    def _semantic(self, name: str, description: str | None) -> tuple[str, float] | None:
        matrix = self._description_matrix()
        if matrix is None:
            return None
        queries = [name] + ([" ".join(description.split())] if description and description.strip() else [])
        vectors = self.embedder.encode(queries)  # type: ignore[union-attr]
        scores = (matrix @ vectors.T).max(axis=1)
        best = int(np.argmax(scores))  # the first of equal scores: the earliest node
        score = float(scores[best])
        if score < self.threshold:
            return None
        return self._matrix_names[best], score

    def _description_matrix(self) -> np.ndarray | None:
        if self._matrix is None:
            names = [c for c in self._canonical if c in self._descriptions]
            if not names:
                return None
            self._matrix_names = names
            self._matrix = self.embedder.encode([self._descriptions[c] for c in names])  # type: ignore[union-attr]
        return self._matrix
