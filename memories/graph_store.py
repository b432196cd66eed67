"""The context graph's store: entities as nodes and facts as temporal edges of a networkx MultiDiGraph.

A single-valued fact with a new object retires the old edge (valid_to = the new turn) instead of deleting it, so
any past turn can be viewed as it was (`as_of`). Descriptions (`described_as`) are node attributes, never nodes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import networkx as nx

from memories.person_names import fold
from memories.text import words
from scenarios.models import MULTI_VALUED, PREDICATES

DESCRIBED_AS = "described_as"
# Node types whose members are values (an answer, never something a question is about).
VALUE_TYPES = frozenset({"priority", "month", "date", "status", "plan", "description"})

MAX_SHORT_FORM_WORDS = 2  # "lakeshore", "granite peak": longer shortenings of a name are names of their own
_SPACE = re.compile(r"\s+")
_EDGE_PUNCT = "\"'`.,;:!?()[]{}<>*_~"
_COMPACT_DROP = re.compile(r"[\s\-_.'’/]+")


def normalise(name: str) -> str:
    """The identity of a name: case, surrounding punctuation, spacing and a leading "the" do not matter."""
    text = _SPACE.sub(" ", fold(name.strip().strip(_EDGE_PUNCT))).strip()
    if text.startswith("the "):
        text = text[4:].lstrip()
    return text.strip(_EDGE_PUNCT)


def compact(name: str) -> str:
    """A looser identity that also ignores inner spaces and hyphens: "Feature Store" == "FeatureStore"."""
    return _COMPACT_DROP.sub("", normalise(name))


def is_single_valued(predicate: str) -> bool:
    return predicate not in MULTI_VALUED


def subject_type(predicate: str) -> str:
    return PREDICATES[predicate][0] if predicate in PREDICATES else "entity"


def object_type(predicate: str) -> str:
    return PREDICATES[predicate][1] if predicate in PREDICATES else "entity"


@dataclass(eq=False)
class Edge:
    """One fact over time. `subject` and `object` are node keys, except that a description's object is its text."""

    id: int
    subject: str
    predicate: str
    object: str
    turns: list[int]
    speaker: str | None
    channel: str | None
    valid_from: int
    valid_to: int | None = None
    extracted: bool = False
    score: float | None = None  # the extractor's confidence, when extracted

    def valid_at(self, turn: int | None) -> bool:
        """Part of the view at `turn` (None: the current view)."""
        if turn is None:
            return self.valid_to is None
        return self.valid_from <= turn and (self.valid_to is None or self.valid_to > turn)


@dataclass(eq=False)
class Node:
    key: str
    name: str  # display name, as first seen
    created: int
    type_votes: dict[str, int] = field(default_factory=dict)
    descriptions: list[Edge] = field(default_factory=list)  # described_as history, oldest first
    mentions: list[int] = field(default_factory=list)
    aliases: list[tuple[str, float]] = field(default_factory=list)

    @property
    def type(self) -> str:
        best, votes = "entity", 0
        for kind, n in self.type_votes.items():  # insertion order breaks ties: the first type seen wins
            if kind != "entity" and n > votes:
                best, votes = kind, n
        return best

    def has_type(self, kind: str) -> bool:
        return self.type == kind or kind in self.type_votes

    def description(self, as_of: int | None = None) -> str | None:
        for edge in reversed(self.descriptions):  # newest first: with supersession off several stay open
            if edge.valid_at(as_of):
                return edge.object
        return None

    @property
    def is_value(self) -> bool:
        return self.type in VALUE_TYPES


class GraphStore:
    """Nodes and temporal edges, with name resolution. `supersession=False` keeps every edge open (the stale bug)."""

    def __init__(self, supersession: bool = True) -> None:
        self.supersession = supersession
        self.graph = nx.MultiDiGraph()
        self._nodes: dict[str, Node] = {}
        self._names: dict[str, str] = {}  # normalised name, compact name or alias -> node key
        self._words: dict[str, list[str]] = {}  # a whole word of a node's name or alias -> node keys
        self._starts: set[str] = set()  # words a name (or its squeezed form) can start with
        self._given: dict[str, list[str]] = {}  # first word of a person's full name -> person node keys
        self._out: dict[str, list[Edge]] = {}
        self._in: dict[str, list[Edge]] = {}
        self._edges: list[Edge] = []  # every edge ever added (descriptions included), in insertion order
        self.version = 0  # bumps whenever names, aliases or descriptions change (caches key on it)

    # ---- names -------------------------------------------------------------------------------------------
    def resolve(self, name: str) -> str | None:
        """The key of the node this name (or alias) denotes, if any."""
        key = normalise(name)
        if not key:
            return None
        found = self._names.get(key)
        if found is None:
            found = self._names.get("~" + compact(name))
        return found

    def match_name(self, surface: str) -> str | None:
        return self.resolve(surface)

    def could_start(self, word: str) -> bool:
        return fold(word) in self._starts  # keys are folded: "leixões" starts "Leixões office"

    def match_words(self, words: list[str]) -> str | None:
        """`resolve` for lowercase word tokens (the question parser's hot path: no regex)."""
        words = [fold(w) for w in words]
        found = self._names.get(" ".join(words))
        if found is None:
            found = self._names.get("~" + "".join(words))
        return found

    def nodes_with_word(self, word: str) -> list[str]:
        return self._words.get(fold(word), [])

    def _index_name(self, key: str, surface: str) -> None:
        norm = normalise(surface)
        if norm:
            self._names.setdefault(norm, key)
            squeezed = compact(surface)
            self._names.setdefault("~" + squeezed, key)
            first = words(norm)
            if first:
                self._starts.add(first[0])
            # "Feature Store" asked for "FeatureStore": any prefix of the squeezed name may open a match
            self._starts.update(squeezed[:k] for k in range(1, len(squeezed) + 1))
        for word in words(fold(surface)):
            keys = self._words.setdefault(word, [])
            if key not in keys:
                keys.append(key)
        self.version += 1

    def node(self, key: str) -> Node:
        return self._nodes[key]

    def get(self, key: str) -> Node | None:
        return self._nodes.get(key)

    def _same_person(self, name: str) -> str | None:
        """A person named by first name alone ("Yasmin") is the one known person whose full name starts with it
        ("Yasmin Rahimi"), and a full name is the one known person called by its first name so far; two
        candidates are ambiguous and resolve to neither."""
        parts = normalise(name).split()
        if not parts:
            return None
        if len(parts) == 1:
            keys = [k for k in self._given.get(parts[0], ()) if self._nodes[k].has_type("person")]
        else:
            if self._given.get(parts[0]):
                return None  # another full name with this first name: "Yasmin Khan" is not "Yasmin Rahimi"
            short = self._names.get(parts[0])
            single = short is not None and len(normalise(self._nodes[short].name).split()) == 1
            keys = [short] if single and self._nodes[short].has_type("person") else []
        return keys[0] if len(keys) == 1 else None

    def _short_form(self, name: str, kind: str) -> str | None:
        """A thing called by the first word or two of its name ("lakeshore" once "Lakeshore Architects" is known,
        "granite peak" for "Granite Peak Brewing") is the one known thing of that kind whose name starts so; two
        such things are ambiguous and resolve to neither."""
        parts = normalise(name).split()
        if not parts or len(parts) > MAX_SHORT_FORM_WORDS:
            return None
        keys = [k for k in self._words.get(parts[0], ()) if self._nodes[k].has_type(kind)
                and normalise(self._nodes[k].name).split()[: len(parts)] == parts
                and len(normalise(self._nodes[k].name).split()) > len(parts)]
        return keys[0] if len(keys) == 1 else None

    def ensure_node(self, name: str, kind: str, turn: int) -> Node:
        key = self.resolve(name)
        if key is None and kind == "person":
            key = self._same_person(name)
            if key is not None:
                self.add_alias(self._nodes[key].name, name.strip().strip(_EDGE_PUNCT), 1.0)
        if key is None and kind != "person" and kind not in VALUE_TYPES:
            key = self._short_form(name, kind)
            if key is not None:
                self.add_alias(self._nodes[key].name, name.strip().strip(_EDGE_PUNCT), 1.0)
        if key is None:
            key = normalise(name) or name.strip().lower()
            node = Node(key=key, name=name.strip().strip(_EDGE_PUNCT) or name, created=turn)
            self._nodes[key] = node
            self.graph.add_node(key, node=node)
            self._out[key] = []
            self._in[key] = []
            self._index_name(key, node.name)
        node = self._nodes[key]
        if kind == "person" and not node.type_votes.get("person"):
            parts = normalise(node.name).split()
            if len(parts) > 1:
                self._given.setdefault(parts[0], []).append(key)
        node.type_votes[kind] = node.type_votes.get(kind, 0) + 1
        if not node.mentions or node.mentions[-1] != turn:
            node.mentions.append(turn)
        return node

    def add_alias(self, name: str, alias: str, score: float) -> None:
        """Record that `alias` denotes the node `name` (e.g. resolved at write time by meaning, with its score)."""
        key = self.resolve(name)
        if key is None or not normalise(alias):
            return
        node = self._nodes[key]
        if any(normalise(a) == normalise(alias) for a, _ in node.aliases):
            return
        node.aliases.append((alias, round(float(score), 4)))
        self._index_name(key, alias)

    # ---- facts -------------------------------------------------------------------------------------------
    def add_fact(
        self,
        subject: str,
        predicate: str,
        obj: str,
        *,
        turn: int,
        speaker: str | None = None,
        channel: str | None = None,
        extracted: bool = False,
        score: float | None = None,
    ) -> Edge:
        """Add one fact at `turn`. Restating an open fact adds the turn to it; a new object for a single-valued
        predicate closes the open edge(s) of that subject and predicate when supersession is on."""
        predicate = predicate.strip()
        if predicate == DESCRIBED_AS:
            return self._describe(subject, obj, turn=turn, speaker=speaker, channel=channel,
                                  extracted=extracted, score=score)
        s = self.ensure_node(subject, subject_type(predicate), turn)
        o = self.ensure_node(obj, object_type(predicate), turn)
        open_same = [e for e in self._out[s.key] if e.predicate == predicate and e.valid_to is None]
        for edge in open_same:
            if edge.object == o.key:
                if turn not in edge.turns:
                    edge.turns.append(turn)
                return edge
        if self.supersession and is_single_valued(predicate):
            # "Jonas is handing Cobalt to Sakura", "moved from eu-west-1 to eu-west-3": the turn that set the new
            # value names the old one too. The old value, named again in the very turn that retired it, is the
            # value it replaced, not a change back.
            for edge in self._out[s.key]:
                if (edge.predicate == predicate and edge.object == o.key and edge.valid_to == turn
                        and edge.valid_from < turn):
                    return edge
            for edge in open_same:
                edge.valid_to = turn
                self.graph.edges[edge.subject, edge.object, edge.id]["valid_to"] = turn
        edge = Edge(id=len(self._edges), subject=s.key, predicate=predicate, object=o.key, turns=[turn],
                    speaker=speaker, channel=channel, valid_from=turn, extracted=extracted, score=score)
        self._edges.append(edge)
        self._out[s.key].append(edge)
        self._in[o.key].append(edge)
        self.graph.add_edge(s.key, o.key, key=edge.id, predicate=predicate, edge=edge, valid_from=turn,
                            valid_to=None)
        return edge

    def _describe(self, subject: str, text: str, *, turn: int, speaker: str | None, channel: str | None,
                  extracted: bool, score: float | None) -> Edge:
        node = self.ensure_node(subject, "entity", turn)
        text = text.strip()
        current = [e for e in node.descriptions if e.valid_to is None]
        for edge in current:
            if normalise(edge.object) == normalise(text):
                if turn not in edge.turns:
                    edge.turns.append(turn)
                return edge
        if self.supersession:
            for edge in current:
                edge.valid_to = turn
        edge = Edge(id=len(self._edges), subject=node.key, predicate=DESCRIBED_AS, object=text, turns=[turn],
                    speaker=speaker, channel=channel, valid_from=turn, extracted=extracted, score=score)
        self._edges.append(edge)
        node.descriptions.append(edge)
        self.graph.nodes[node.key]["description"] = text
        self.version += 1
        return edge

    # ---- views -------------------------------------------------------------------------------------------
    def out_edges(self, key: str, as_of: int | None = None) -> list[Edge]:
        """Edges leaving `key` in the view at `as_of`, in insertion order."""
        return [e for e in self._out.get(key, ()) if e.valid_at(as_of)]

    def in_edges(self, key: str, as_of: int | None = None) -> list[Edge]:
        return [e for e in self._in.get(key, ()) if e.valid_at(as_of)]

    def retired_like(self, edge: Edge, as_of: int | None = None) -> list[Edge]:
        """Edges of the same subject and predicate that the view no longer holds (superseded by `edge` or
        before it), for the inspector to dim."""
        out = []
        for e in self._out.get(edge.subject, ()):
            if e is edge or e.predicate != edge.predicate or e.valid_to is None:
                continue
            if as_of is None or (e.valid_from <= as_of and e.valid_to <= as_of):
                out.append(e)
        return out

    def nodes(self, as_of: int | None = None) -> list[Node]:
        return [n for n in self._nodes.values() if as_of is None or n.created <= as_of]

    def edges(self) -> list[Edge]:
        """Every edge ever added, descriptions included, in insertion order."""
        return list(self._edges)

    def name_of(self, key: str) -> str:
        node = self._nodes.get(key)
        return node.name if node else key

    def __len__(self) -> int:
        return len(self._nodes)


_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+")


def camel_parts(name: str) -> list[str]:
    """"FeatureStore" -> ["feature", "store"]; plain words give nothing new."""
    out = []
    for token in name.split():
        parts = _CAMEL.findall(token)
        if len(parts) > 1:
            out.extend(p.lower() for p in parts)
    return out
