"""Backend 4, `graph`: facts as a temporal context graph; a question is answered by linking its anchor to a node
and walking the relation chain read from its wording to a node of the expected type.

The context handed to the reader is only the walked facts as short sentences, so a query costs a few dozen
tokens whatever the length of the conversation.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass

from memories.answer import Answer, ContextItem, Hop, LinkDecision, MissedTurn, MissingEdge, Trace
from memories.embedder import Embedder, shared_minilm
from memories.entities import is_descriptive
from memories.graph_store import Edge, GraphStore, is_single_valued
from memories.linker import Linker, NodeEmbeddings
from memories.mentions import person_shape
from memories.person_names import is_given_name
from memories.prompt import build_prompt
from memories.protocol import EdgeView, MemoryConfig, NodeView, Snapshot
from memories.question import (
    TYPE_NOUNS_SURFACE, ParsedQuestion, Slot, parse_descriptive, parse_question, prototypes, relations_named,
    subject_types, type_routes,
)
from memories.text import STOPWORDS, asked_sentence, words
from memories.tokens import count_tokens
from scenarios.models import PREDICATES, Turn

# How walked facts read in the context. Kept short: every word is paid for on every query. A path reads as one
# sentence from the anchor outward ("AuthProxy depends on PricingEngine, owned by Omar, in Compute team."), so a
# node on the way is named once.
SENTENCES: dict[str, str] = {
    "owned_by": "{s} is owned by {o}",
    "depends_on": "{s} depends on {o}",
    "priority": "{s} has {o} priority",
    "deployed_in": "{s} runs in {o}",
    "member_of": "{s} is in {o}",
    "handled_by": "{s} is handled by {o}",
    "works_in": "{s} works in {o}",
    "located_in": "{s} is in {o}",
    "plan": "{s} is on plan {o}",
    "renews_in": "{s} renews in {o}",
    "led_by": "{s} is led by {o}",
    "uses": "{s} uses {o}",
    "deadline": "{s} is due {o}",
    "status": "{s} status: {o}",
}
# A fact alone, where the active voice is shorter.
SHORT: dict[str, str] = {"owned_by": "{o} owns {s}", "handled_by": "{o} handles {s}", "led_by": "{o} leads {s}"}
# A later hop, its subject being the previous hop's object.
CLAUSES: dict[str, str] = {
    "owned_by": "owned by {o}",
    "depends_on": "which depends on {o}",
    "priority": "priority {o}",
    "deployed_in": "deployed in {o}",
    "member_of": "in {o}",
    "handled_by": "handled by {o}",
    "works_in": "based in {o}",
    "located_in": "in {o}",
    "plan": "on plan {o}",
    "renews_in": "renewing in {o}",
    "led_by": "led by {o}",
    "uses": "using {o}",
    "deadline": "due {o}",
    "status": "status {o}",
}


def sentence(subject: str, predicate: str, obj: str, *, short: bool = False) -> str:
    """One fact as a sentence (without the full stop)."""
    template = (SHORT.get(predicate) if short else None) or SENTENCES.get(predicate)
    if template is None:
        return f"{subject} {predicate.replace('_', ' ')} {obj}"
    return template.format(s=subject, o=obj)


def render_path(hops: list[tuple[str, str, str, bool]], last_objects: list[str]) -> str:
    """A walked path as one sentence. `hops` are (subject, predicate, object, walked backwards); the last hop's
    object is replaced by `last_objects` joined ("FeatureStore and AuthService") when a multi-valued hop listed
    several."""
    objects = " and ".join(last_objects)
    if any(back for *_, back in hops):
        # against an edge's direction a clause would misread: state each fact in full; the answer of a backward
        # last hop is its subject
        parts = []
        for k, (s, p, o, back) in enumerate(hops):
            if k == len(hops) - 1:
                s, o = (objects, o) if back else (s, objects)
            parts.append(sentence(s, p, o))
        return ". ".join(parts) + "."
    first_s, first_p, first_o, _ = hops[0]
    if len(hops) == 1:
        return sentence(first_s, first_p, objects, short=len(last_objects) == 1) + "."
    parts = [sentence(first_s, first_p, first_o)]
    for k, (_, p, o, _) in enumerate(hops[1:], start=1):
        o = objects if k == len(hops) - 1 else o
        template = CLAUSES.get(p)
        parts.append(template.format(o=o) if template else f"{p.replace('_', ' ')} {o}")
    return ", ".join(parts) + "."


_PREDICATE_ORDER = [p for p in PREDICATES if p != "described_as"]
INVERSE_PENALTY = 0.5  # a hop against the edge's direction is allowed only when no forward edge fits
MAX_PATHS_KEPT = 5  # paths kept in the trace besides the answer's
MAX_PARSED_CACHED = 512
MAX_LISTED = 3  # a multi-valued last hop lists up to this many objects ("FeatureStore, AuthService")
MAX_MISSED = 3  # turns listed in a missing-edge diagnostic
# Words by which a later message says a value changed ("Update: Vireo has been moved to eu-west-3", "bump slotter
# to high", "Saffron's unblocked"). On a text-extracted graph, such a message about a walked subject that gave
# extraction nothing about it means the edge walked may be stale: the walk then does not answer with confidence.
CHANGE_WORDS = frozenset(
    "now update updated move moves moved moving changed switched reassigned replaced swapped migrated relocated "
    "transferred joins joined "
    "bump bumped bumping escalated downgraded upgraded lowered raised pushed slipped unblocked handing handoff "
    "takeover".split()
)
CHANGE_PHRASES: tuple[tuple[str, ...], ...] = (
    ("no", "longer"), ("took", "over"), ("taken", "over"), ("taking", "over"), ("takes", "over"),
    ("handed", "over"), ("going", "forward"), ("back", "on"), ("back", "to"), ("any", "more"),
)


@dataclass(frozen=True)
class _Path:
    node: str  # key of the node the path ends on
    hops: tuple[tuple[Edge, bool], ...]  # (edge, walked against its direction)
    scores: tuple[float, ...]

    @property
    def score(self) -> float:
        return sum(self.scores)

    def visits(self, key: str) -> bool:
        return any(e.subject == key or e.object == key for e, _ in self.hops)


@dataclass
class Unfinished:
    """Where a walk stopped short of the answer, for a memory that can take the missing steps another way."""

    start: str  # the name to go on from: the node the walk stood on, or the question's own words for its anchor
    remaining: list[str]  # the relations still to take, in order
    walked: list[Hop]  # the edges the graph did walk
    doubted: bool = False  # the first remaining step has an edge the graph doubts: a later turn may have replaced it
    described: bool = False  # `start` is a description of the subject, not its name


@dataclass
class WalkResult:
    paths: list[_Path]  # answer path first; on failure, the partial path walked (if any)
    failure: str | None
    chain: list[str]  # the predicates the walk used (or tried)
    stuck_at: str | None = None  # no_edge/no_path: the node the walk could not leave...
    needed: str | None = None  # ...and the relation it needed from there


class GraphMemory:
    name = "graph"

    def __init__(self, config: MemoryConfig | None = None, embedder: Embedder | None = None) -> None:
        self.config = config or MemoryConfig()
        self.embedder: Embedder = embedder if embedder is not None else shared_minilm()
        self._extractor = None
        # The engine and the TUI run memory work in worker threads: an answer must not see a half-ingested turn.
        self._lock = threading.RLock()
        self.reset()
        prototypes(self.embedder)  # embed the relation prototypes now, not inside the first answer

    def reset(self) -> None:
        with self._lock:
            self._reset()

    def _reset(self) -> None:
        self.store = GraphStore(supersession=self.config.supersession)
        self._embeddings = NodeEmbeddings(self.embedder)
        self.linker = Linker(self.store, self._embeddings, mode=self.config.linker)
        self._parsed: dict[str, tuple[int, ParsedQuestion]] = {}
        self._described: dict[str, tuple[int, ParsedQuestion | None]] = {}
        self._extractor = None  # pronoun state is per conversation: a reset starts a fresh extractor
        # extraction="rules": per ingested turn, its text and the node keys its extracted edges touch, so that a
        # walk that finds no edge can point at the turns that named its node yet yielded nothing about it
        self._said: dict[int, tuple[str, frozenset[str]]] = {}

    # ---- ingest ------------------------------------------------------------------------------------------
    def ingest(self, turn: Turn) -> None:
        with self._lock:
            self._ingest(turn)
            self._embed_pending()

    def ingest_many(self, turns: list[Turn]) -> None:
        with self._lock:
            for turn in turns:
                self._ingest(turn)
            self._embed_pending()

    def _ingest(self, turn: Turn) -> None:
        if self.config.extraction == "oracle":
            facts = [(f.subject, f.predicate, f.object, None) for f in turn.facts]
            extracted = False
            aliases: list = []
        else:
            if turn.kind == "question":
                return  # a question states no fact
            facts, aliases = self._extract(turn)
            extracted = True
        touched: list[str] = []
        # "Driver App Backend (DAB) depends on Tips Service": a fact about the short name is about the named thing
        named = {alias: name for name, alias, _ in aliases}
        for subject, predicate, obj, score in facts:
            subject, obj = named.get(subject, subject), named.get(obj, obj)
            edge = self.store.add_fact(subject, predicate, obj, turn=turn.index, speaker=turn.speaker,
                                       channel=turn.channel, extracted=extracted, score=score)
            touched += [edge.subject, edge.object]
            for key in (edge.subject, edge.object):
                node = self.store.get(key)
                if node is not None and not node.is_value:  # values are answers, never linked to
                    self._embeddings.mark(node)
        for name, alias, score in aliases:
            self.store.add_alias(name, alias, score)
        if extracted:
            self._said[turn.index] = (turn.text, frozenset(touched))

    def _extract(self, turn: Turn) -> tuple[list[tuple[str, str, str, float | None]], list[tuple[str, str, float]]]:
        if self._extractor is None:
            from memories.extractor import RuleExtractor  # written alongside; only the rules path needs it

            self._extractor = RuleExtractor(self.embedder)
        known = [n.name for n in self.store.nodes()]
        extraction = self._extractor.extract(turn.text, channel=turn.channel, known_entities=known,
                                             speaker=turn.speaker)
        facts = [(f.subject, f.predicate, f.object, getattr(f, "score", None)) for f in extraction.facts]
        aliases = []
        for item in getattr(extraction, "aliases", None) or ():
            # (node name, alias, score) when the extractor resolved a new name onto a known node
            if isinstance(item, (tuple, list)) and len(item) == 3:
                aliases.append((str(item[0]), str(item[1]), float(item[2])))
        return facts, aliases

    def _embed_pending(self) -> None:
        if self.config.linker == "semantic":
            self._embeddings.flush()

    # ---- answer ------------------------------------------------------------------------------------------
    def parse(self, question: str) -> ParsedQuestion:
        """The question read against the current vocabulary (cached per text until names change)."""
        cached = self._parsed.get(question)
        if cached is not None and cached[0] == self.store.version:
            return cached[1]
        parsed = parse_question(asked_sentence(question), self.store, self.embedder)
        if len(self._parsed) >= MAX_PARSED_CACHED:
            self._parsed.clear()  # a long interactive session must not grow it without bound
        self._parsed[question] = (self.store.version, parsed)
        return parsed

    def parse_described(self, question: str) -> ParsedQuestion | None:
        """The question's descriptive reading (its subject one descriptive phrase), cached like `parse`."""
        cached = self._described.get(question)
        if cached is not None and cached[0] == self.store.version:
            return cached[1]
        parsed = parse_descriptive(asked_sentence(question), self.store, self.embedder)
        if len(self._described) >= MAX_PARSED_CACHED:
            self._described.clear()
        self._described[question] = (self.store.version, parsed)
        return parsed

    def answer(self, question: str, *, as_of: int | None = None) -> Answer:
        with self._lock:
            start = time.perf_counter()
            parsed = self.parse(question)
            links, _, result = self.resolve(parsed, as_of)
            if result.failure is not None:
                # the subject may be named by a description the first reading cut into cues and mentions
                described = self.parse_described(question)
                if described is not None:
                    d_links, _, d_result = self.resolve(described, as_of)
                    if d_result.failure is None:
                        parsed, links, result = described, d_links, d_result
            if result.failure is None and self.config.extraction == "rules":
                result = self._doubt(result, as_of)
            answer_text, answer_paths = self._answer_text(result)
            # Retrieval and reading end here; what follows renders the trace and counts the prompt's tokens.
            latency_ms = (time.perf_counter() - start) * 1000.0
            return self._build(question, parsed, links, result, answer_text, answer_paths, latency_ms, as_of)

    def resolve(self, parsed: ParsedQuestion, as_of: int | None = None
                ) -> tuple[list[LinkDecision], str | None, WalkResult]:
        """Link the mentions, then walk from each linked anchor in turn; the first walk that answers wins."""
        links: list[LinkDecision] = []
        anchors: list[str] = []
        types = _start_types(parsed)
        for mention in parsed.mentions:
            decision = self.linker.link(mention, as_of=as_of, types=types)
            links.append(decision)
            key = self.linker.key_of(decision)
            if key is not None and key not in anchors:
                anchors.append(key)
        # things a question is about come before values it might mention ("high", "Q3")
        anchors.sort(key=lambda k: self.store.node(k).is_value)
        if not anchors:
            return links, None, WalkResult([], "no_link", [s.best for s in parsed.slots])
        first: WalkResult | None = None
        for key in anchors:
            result = self.walk(key, parsed, as_of)
            if result.failure is None:
                return links, key, result
            first = first or result
        return links, anchors[0], first  # type: ignore[return-value]

    def walk(self, anchor: str, parsed: ParsedQuestion, as_of: int | None = None) -> WalkResult:
        """At most max_hops hops from `anchor` along the view at `as_of`, following the question's relation
        chain in order and ending on a node of the expected type."""
        # Relations read from the words; the typed tail is recomputed from the node the walk actually reaches
        # (the parse had to guess which alternative the anchor has edges for).
        slots = [s for s in parsed.slots if s.source != "typed"]
        result = self._walk(anchor, slots, parsed.expected_types, as_of)
        if result.failure is not None and any(s.source == "semantic" for s in slots):
            # A relation guessed from embeddings led nowhere; the lexicon's cues and the asked type alone may
            # ("In which region is the Warsaw office?": office -> region by located_in).
            retry = self._walk(anchor, [s for s in slots if s.source != "semantic"], parsed.expected_types, as_of)
            if retry.failure is None:
                return retry
        if result.failure is not None and slots and parsed.expected_types:
            # The words named some of the relations but not all ("what team is the person behind X on?" reads
            # member_of only): the schema's routes from the anchor to the asked type that take every relation read
            read = {s.best for s in slots}
            kind = self.store.node(anchor).type
            for route in _routes(kind, parsed.expected_types, self.config.max_hops):
                if len(route) <= len(read) or not read <= set(route):
                    continue
                retry = self._follow(anchor, [Slot(((p, 1.0),), "", "typed") for p in route],
                                     parsed.expected_types, as_of)
                if retry.failure is None:
                    return retry
        return result

    def _walk(self, anchor: str, slots: list[Slot], expected: tuple[str, ...], as_of: int | None) -> WalkResult:
        if slots:
            return self._follow(anchor, slots, expected, as_of)
        # Nothing read but the asked type ("Which team is Lena on?"): the schema's routes from the anchor's type,
        # shortest first; the first the graph holds edges for answers.
        if not expected:
            return WalkResult([], "no_relation", [])
        kind = self.store.node(anchor).type
        routes = _routes(kind, expected, 3)
        # then against an edge: "Who is in the Trust team?" (member_of arrives at a team from a person)
        routes += [(p,) for p in _PREDICATE_ORDER if PREDICATES[p][1] == kind and PREDICATES[p][0] in expected]
        if not routes:
            return WalkResult([], "no_relation", [])
        first: WalkResult | None = None
        for route in routes:
            result = self._follow(anchor, [Slot(((p, 1.0),), "", "typed") for p in route], expected, as_of)
            if result.failure is None:
                return result
            first = first or result
        return first  # type: ignore[return-value]

    def _follow(self, anchor: str, slots: list[Slot], expected: tuple[str, ...], as_of: int | None) -> WalkResult:
        max_hops = self.config.max_hops
        chain = [s.best for s in slots]
        frontier = [_Path(anchor, (), ())]
        for depth, slot in enumerate(slots):
            if depth >= max_hops:
                return WalkResult(frontier[:1], "no_path", chain)
            alternatives = slot.as_dict()
            nxt: list[_Path] = []
            for path in frontier:
                nxt.extend(self._step(path, alternatives, as_of))
            if not nxt:
                return WalkResult(frontier[:1] if frontier[0].hops else [], "no_edge", chain,
                                  stuck_at=frontier[0].node, needed=slot.best)
            frontier = nxt
        done: list[_Path] = []
        for path in frontier:
            node = self.store.node(path.node)
            if not expected or any(node.has_type(t) for t in expected) or node.type == "entity":
                done.append(path)
                continue
            # typed completion: the hops still needed to reach the asked type, by the first route that has edges
            for route in _routes(node.type, expected, max_hops - len(path.hops)):
                tails = [path]
                for predicate in route:
                    tails = [p for t in tails for p in self._step(t, {predicate: 1.0}, as_of)]
                if tails:
                    done.extend(tails)
                    break
        if len(expected) > 1:
            done = self._prefer_first_type(done, expected, as_of)
        if not done:
            stuck = frontier[0].node
            routes = _routes(self.store.node(stuck).type, expected, max_hops - len(frontier[0].hops))
            return WalkResult(frontier[:1], "no_path", chain, stuck_at=stuck,
                              needed=routes[0][0] if routes and routes[0] else None)
        # typed matches before untyped ("entity") ends, then the best-scoring chain; insertion order breaks ties
        done.sort(key=lambda p: (bool(expected) and not any(self.store.node(p.node).has_type(t) for t in expected),
                                 -p.score))
        return WalkResult(done, None, [e.predicate for e, _ in done[0].hops])

    def _prefer_first_type(self, done: list[_Path], expected: tuple[str, ...], as_of: int | None) -> list[_Path]:
        """Several answer types fit and the first is preferred ("which city": the region an office is in, else the
        office): a path that ended on another admissible type goes on to the preferred one when the graph has the
        edges for it, within the hop budget."""
        out: list[_Path] = []
        for path in done:
            node = self.store.node(path.node)
            if node.has_type(expected[0]) or node.type == "entity":
                out.append(path)
                continue
            for route in _routes(node.type, expected[:1], self.config.max_hops - len(path.hops)):
                if not route:
                    continue
                tails = [path]
                for predicate in route:
                    tails = [p for t in tails for p in self._step(t, {predicate: 1.0}, as_of) if not p.hops[-1][1]]
                if tails:
                    out.extend(tails)
                    break
            else:
                out.append(path)
        return out

    def _step(self, path: _Path, alternatives: dict[str, float], as_of: int | None) -> list[_Path]:
        forward = [(alternatives[e.predicate], e) for e in self.store.out_edges(path.node, as_of)
                   if e.predicate in alternatives and not path.visits(e.object)]
        if forward:
            top = max(s for s, _ in forward)
            return [_Path(e.object, path.hops + ((e, False),), path.scores + (s,)) for s, e in forward if s == top]
        backward = [(alternatives[e.predicate] * INVERSE_PENALTY, e) for e in self.store.in_edges(path.node, as_of)
                    if e.predicate in alternatives and not path.visits(e.subject)]
        if not backward:
            return []
        top = max(s for s, _ in backward)
        return [_Path(e.subject, path.hops + ((e, True),), path.scores + (s,)) for s, e in backward if s == top]

    def _answer_text(self, result: WalkResult) -> tuple[str, list[_Path]]:
        if result.failure is not None or not result.paths:
            return "", []
        best = result.paths[0]
        if not best.hops or is_single_valued(best.hops[-1][0].predicate):
            # one value; with supersession off the stale edge comes first and is answered, as the bug does
            return self.store.name_of(best.node), [best]
        # a multi-valued last hop lists its siblings: "What does ReportingAPI depend on?" -> both components
        same = [p for p in result.paths
                if p.hops[:-1] == best.hops[:-1] and p.hops[-1][0].predicate == best.hops[-1][0].predicate
                and p.scores == best.scores]
        names: list[str] = []
        kept: list[_Path] = []
        for p in same[:MAX_LISTED]:
            name = self.store.name_of(p.node)
            if name not in names:
                names.append(name)
                kept.append(p)
        return ", ".join(names), kept

    # ---- output ------------------------------------------------------------------------------------------
    def _hop(self, edge: Edge, as_of: int | None) -> Hop:
        superseded = edge.valid_to is not None and (as_of is None or edge.valid_to <= as_of)
        return Hop(subject=self.store.name_of(edge.subject), predicate=edge.predicate,
                   object=self.store.name_of(edge.object), turns=list(edge.turns), valid_from=edge.valid_from,
                   valid_to=edge.valid_to, superseded=superseded)

    def _build(self, question: str, parsed: ParsedQuestion, links: list[LinkDecision], result: WalkResult,
               text: str, answer_paths: list[_Path], latency_ms: float, as_of: int | None) -> Answer:
        context: list[ContextItem] = []
        answer_paths = [p for p in answer_paths if p.hops]  # a walk that never left its start shows no path
        if answer_paths:
            best = answer_paths[0]
            name = self.store.name_of
            hops = [(name(e.subject), e.predicate, name(e.object), back) for e, back in best.hops]
            last = [name(p.hops[-1][0].subject if p.hops[-1][1] else p.hops[-1][0].object) for p in answer_paths]
            turns = sorted({t for p in answer_paths for e, _ in p.hops for t in e.turns})
            context.append(ContextItem(text=render_path(hops, last), turns=turns, score=round(best.score, 4)))
        paths = [[self._hop(e, as_of) for e, _ in p.hops] for p in result.paths[: 1 + MAX_PATHS_KEPT]]
        stale: list[Hop] = []
        if result.paths:
            stale_ids: set[int] = set()
            for edge, _ in result.paths[0].hops:
                for old in self.store.retired_like(edge, as_of):
                    if old.id not in stale_ids:
                        stale_ids.add(old.id)
                        stale.append(self._hop(old, as_of))
        relations, scores = _reported_chain(parsed, result)
        trace = Trace(
            backend=self.name, links=links, relations=relations, relation_scores=scores,
            expected_type=_expected(parsed, result, self.store),
            paths=paths, stale=stale, failure=result.failure, missing=self._missing(result, as_of),
        )
        prompt = build_prompt(question, context)
        return Answer(backend=self.name, text=text, context=context, prompt=prompt, tokens=count_tokens(prompt),
                      latency_ms=latency_ms, trace=trace)

    def _doubt(self, result: WalkResult, as_of: int | None) -> WalkResult:
        """The answered walk, or a "stale" failure when a single-valued edge on its path may have been replaced:
        a later message names the edge's subject, says something changed, and gave extraction nothing about
        that subject (so the update, if it was one, never reached the graph)."""
        best = result.paths[0]
        for edge, back in best.hops:
            if back or not is_single_valued(edge.predicate):
                continue
            if self._later_changes(edge, as_of):
                return WalkResult(result.paths[:1], "stale", result.chain, stuck_at=edge.subject,
                                  needed=edge.predicate)
        return result

    def _later_changes(self, edge: Edge, as_of: int | None) -> list[int]:
        """Turns after `edge` was stated that name its subject with a word of change and speak of the edge's
        relation (a phrase of it, or a thing of the kind it points at: "bump slotter to high" is about a priority,
        not an owner), yet yielded no edge of that subject."""
        key = edge.subject
        pattern = self._name_pattern(key, short=True)
        if pattern is None:
            return []
        values: re.Pattern[str] | None = None
        hits = []
        for t, (text, touched) in sorted(self._said.items()):
            if t <= edge.valid_from or t in edge.turns or (as_of is not None and t > as_of) or key in touched:
                continue
            if not (pattern.search(text) and says_change(text)):
                continue
            if edge.predicate not in relations_named(text):
                if values is None:
                    values = self._kind_pattern(edge.object)
                if values is None or not values.search(text):
                    continue
            hits.append(t)
        return hits

    def _kind_pattern(self, key: str) -> re.Pattern[str] | None:
        """The names of every node of `key`'s type (its own included: "moved from eu-west-1 to ...")."""
        kind = self.store.node(key).type
        names = sorted({n.name for n in self.store.nodes() if n.has_type(kind) and n.name.strip()},
                       key=lambda n: (-len(n), n))
        if not names:
            return None
        return re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in names), re.IGNORECASE)

    def _name_pattern(self, key: str, short: bool = False) -> re.Pattern[str] | None:
        """A pattern for the node's name and aliases; `short` adds the first distinctive word of a name of several
        words, which is how chat names a thing once it is known ("Brightleaf" for Brightleaf Grocers)."""
        node = self.store.get(key)
        if node is None:
            return None
        names = {n for n in (node.name, *(alias for alias, _ in node.aliases)) if n.strip()}
        if short and not node.is_value:
            for name in list(names):
                parts = name.split()
                heads = [w for w in parts if len(w) >= 4 and w.lower() not in TYPE_NOUNS_SURFACE
                         and w[:1].isalnum()]
                if len(parts) > 1 and heads:
                    names.add(heads[0])
        names = sorted(names, key=lambda n: (-len(n), n))
        if not names:
            return None
        return re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in names), re.IGNORECASE)

    def _missing(self, result: WalkResult, as_of: int | None) -> MissingEdge | None:
        """The edge a failed walk needed, and the turns that named its node but gave extraction nothing about it.
        Only for a text-extracted graph: with gold facts there is no extraction to blame."""
        if (self.config.extraction == "oracle" or result.failure not in ("no_edge", "no_path", "stale")
                or result.stuck_at is None or result.needed is None):
            return None
        key = result.stuck_at
        node = self.store.get(key)
        if node is None:
            return None
        if result.failure == "stale":
            # the turns that said the walked edge changed, extraction finding nothing in them
            edge = next(e for e, _ in result.paths[0].hops if e.subject == key and e.predicate == result.needed)
            hits = self._later_changes(edge, as_of)
        else:
            pattern = self._name_pattern(key)
            if pattern is None:
                return MissingEdge(subject=node.name, predicate=result.needed)
            hits = [t for t, (text, touched) in sorted(self._said.items())
                    if (as_of is None or t <= as_of) and key not in touched and pattern.search(text)]
        return MissingEdge(subject=node.name, predicate=result.needed,
                           turns=[MissedTurn(turn=t, text=self._said[t][0]) for t in hits[:MAX_MISSED]],
                           more=max(0, len(hits) - MAX_MISSED))

    # ---- for the hybrid: the rest of a walk the graph could not finish ------------------------------------
    def unfinished(self, question: str, as_of: int | None = None) -> Unfinished | None:
        """The steps a failed walk still needed: after the edges it walked (no_edge), or all of them when the
        question's subject is no node (no_link). None when the walk answered or the question read no relation."""
        with self._lock:
            parsed = self.parse(question)
            _, _, result = self.resolve(parsed, as_of)
            if result.failure is not None:
                # as `answer` does: the descriptive reading where it walks; and where neither reading links, the
                # description is a better start than a word picked out of it ("Japanese" of "the Japanese
                # marine insurer account")
                described = self.parse_described(question)
                if described is not None and described.relations:
                    _, _, d_result = self.resolve(described, as_of)
                    if d_result.failure is None or result.failure == "no_link" == d_result.failure and (
                            _more_described(parsed, described) or _answers_better(described, parsed)):
                        parsed, result = described, d_result
            if result.failure is None and self.config.extraction == "rules":
                result = self._doubt(result, as_of)
            plan = self._unfinished(parsed, result, as_of)
            if plan is not None and not plan.walked and parsed.mention_steps[:1] == ["residual"] and (
                    plan.start == parsed.mentions[0] and len(plan.start.split()) > 2):
                plan.described = True  # a phrase the descriptive reading took whole, capitals and all
            if plan is None or not parsed.expected_types:
                return plan
            # the chain read from the words may stop short of the asked type ("which team is the owner of X
            # on?" reads owned_by): the schema's route from there, as the walk's typed completion would take
            end = self._chain_end(plan.start, plan.remaining)
            # a start of unknown type may be at either end of the last step ("Chidi's project": a name no list
            # holds, stepping back along led_by)
            ends = [end] if end is not None else list(dict.fromkeys(reversed(PREDICATES[plan.remaining[-1]])))
            if not any(e in parsed.expected_types for e in ends):
                for candidate in ends:
                    routes = _routes(candidate, parsed.expected_types,
                                     self.config.max_hops - len(plan.walked) - len(plan.remaining))
                    if routes and routes[0]:
                        plan.remaining += list(routes[0])
                        break
            return plan

    def _chain_end(self, start: str, chain: list[str]) -> str | None:
        """The type a chain of steps ends on from `start`, each step taken the way the type in hand allows: "the
        project Pedro leads" steps back along led_by, from a person to a project. Unknown for a start of
        unknown type (None), unless it reads as a person's name."""
        key = self.store.resolve(start)
        person = person_shape(start) is True or " " not in start and start[:1].isupper() and is_given_name(start)
        kind = self.store.node(key).type if key is not None else "person" if person else None
        if kind is None or kind == "entity":
            return None
        for predicate in chain:
            subject_type, object_type = PREDICATES[predicate]
            if kind == subject_type:
                kind = object_type
            elif kind == object_type:
                kind = subject_type
            else:
                return PREDICATES[chain[-1]][1]
        return kind

    def _unfinished(self, parsed: ParsedQuestion, result: WalkResult, as_of: int | None) -> Unfinished | None:
        if result.failure == "stale" and result.paths:
            # walked to an answer over an edge a later turn may have replaced: from that edge on, read again
            hops = result.paths[0].hops
            at = next((i for i, (e, _) in enumerate(hops)
                       if e.subject == result.stuck_at and e.predicate == result.needed), None)
            if at is not None:
                return Unfinished(self.store.name_of(result.stuck_at), [e.predicate for e, _ in hops[at:]],
                                  [self._hop(e, as_of) for e, _ in hops[:at]], doubted=True)
        if result.failure == "no_edge" and result.stuck_at is not None and result.needed is not None:
            walked = result.paths[0].hops if result.paths else ()
            remaining = result.chain[len(walked):] or [result.needed]
            return Unfinished(self.store.name_of(result.stuck_at), remaining,
                              [self._hop(e, as_of) for e, _ in walked])
        if result.failure == "no_path" and result.stuck_at is not None and result.needed is not None:
            # the chain was walked but ended short of the asked type: the schema's route on from there
            walked = result.paths[0].hops if result.paths else ()
            routes = _routes(self.store.node(result.stuck_at).type, parsed.expected_types,
                             self.config.max_hops - len(walked))
            if walked and walked[-1][1] and routes and routes[0] and routes[0][0] == walked[-1][0].predicate:
                # the walk stepped back along an edge ("which city is the Leixões office in?": from the office
                # back to a person working there) and the route on would walk straight back along it: the step
                # the words asked for is still to be taken from where the walk stood before
                back = walked[-1][0]
                rest = result.chain[len(walked) - 1 :] or [result.needed]
                return Unfinished(self.store.name_of(back.object), rest,
                                  [self._hop(e, as_of) for e, _ in walked[:-1]])
            route = list(routes[0]) if routes and routes[0] and routes[0][0] == result.needed else [
                result.needed]
            return Unfinished(self.store.name_of(result.stuck_at), route,
                              [self._hop(e, as_of) for e, _ in walked])
        if result.failure == "no_link" and parsed.mentions and not parsed.relations:
            # "stagelight's on what plan again": no words of a relation, but the asked type is the object of one
            # predicate only
            only = [p for p, (_, obj) in PREDICATES.items() if obj in parsed.expected_types]
            return Unfinished(parsed.mentions[0], only, []) if len(only) == 1 else None
        if result.failure == "no_link" and parsed.mentions and parsed.relations:
            remaining = [s.best for s in parsed.slots if s.source != "typed"]
            # a descriptive phrase ("the thing that issues expiring secrets") names no node: what it describes
            # is for the taker of the steps to find first
            start = parsed.mentions[0]
            if parsed.mention_steps[0] == "name" and "residual" in parsed.mention_steps:
                phrase = parsed.mentions[parsed.mention_steps.index("residual")]
                start = phrase if len(phrase.split()) > 2 and is_descriptive(phrase) else start
            described = is_descriptive(start) and " " in start.strip()
            return Unfinished(start, remaining, [], described=described) if remaining else None
        return None

    def names(self) -> list[str]:
        """Every entity node's name (values left out), in creation order."""
        with self._lock:
            return [n.name for n in self.store.nodes() if not n.is_value]

    def kinds(self) -> dict[str, str]:
        """Every entity node's name and the type the graph holds for it, in creation order."""
        with self._lock:
            return {n.name: n.type for n in self.store.nodes() if not n.is_value}

    def aliases(self, name: str) -> list[str]:
        """The other names the node called `name` was written under ("pricer" for Pricing Service), not the names
        linked to it by meaning alone."""
        with self._lock:
            key = self.store.resolve(name)
            if key is None:
                return []
            return [alias for alias, score in self.store.node(key).aliases if score >= 1.0]

    def type_of(self, name: str) -> str | None:
        """The type of the node called `name`, if there is one."""
        with self._lock:
            key = self.store.resolve(name)
            return self.store.node(key).type if key is not None else None

    def step(self, name: str, predicate: str, as_of: int | None = None) -> tuple[str, Hop] | None:
        """One edge of `predicate` from the node called `name` (forward first, as the walk does): the name it
        reaches and the hop."""
        with self._lock:
            key = self.store.resolve(name)
            if key is None:
                return None
            paths = self._step(_Path(key, (), ()), {predicate: 1.0}, as_of)
            if not paths:
                return None
            edge, _ = paths[0].hops[0]
            return self.store.name_of(paths[0].node), self._hop(edge, as_of)

    # ---- inspector ---------------------------------------------------------------------------------------
    def snapshot(self) -> Snapshot:
        with self._lock:
            return self._snapshot()

    def _snapshot(self) -> Snapshot:
        nodes = [NodeView(name=n.name, type=n.type, description=n.description(), aliases=list(n.aliases),
                          mentions=list(n.mentions)) for n in self.store.nodes()]
        edges = [EdgeView(subject=self.store.name_of(e.subject), predicate=e.predicate,
                          object=e.object if e.predicate == "described_as" else self.store.name_of(e.object),
                          turns=list(e.turns), speaker=e.speaker, channel=e.channel, valid_from=e.valid_from,
                          valid_to=e.valid_to, extracted=e.extracted) for e in self.store.edges()]
        return Snapshot(backend=self.name, nodes=nodes, edges=edges)


def says_change(text: str) -> bool:
    """Whether a message says something changed ("now", "moved to", "no longer", "the new ...")."""
    tokens = words(text)
    if any(t in CHANGE_WORDS for t in tokens):
        return True
    return any(tuple(tokens[i : i + len(p)]) == p for p in CHANGE_PHRASES for i in range(len(tokens) - len(p) + 1))


def _more_described(named: ParsedQuestion, described: ParsedQuestion) -> bool:
    """Whether the descriptive reading's subject says more than the first reading's: "the Japanese marine
    insurer account" over the name "Japanese", "the service that texts policyholders" over "texts policyholders";
    but not "the Tamarind lead" over "Tamarind", nor "the telematics pricing pilot run" over "the telematics
    pricing pilot" (a phrase the first reading already took whole, determiner and all)."""
    if not named.mentions or not named.relations:
        return True
    first = named.mentions[0]
    phrase = described.mentions[described.mention_steps.index("residual")] if "residual" in (
        described.mention_steps) else ""
    if named.mention_steps[0] == "name":
        name = set(words(first))
        return len([w for w in words(phrase) if w not in name and w not in STOPWORDS]) >= 3
    return words(phrase)[:1] != words(first)[:1] and bool(words(phrase)) and words(phrase)[0] in STOPWORDS


def _answers_better(one: ParsedQuestion, other: ParsedQuestion) -> bool:
    """Whether `one`'s chain ends in the type the question asks for and `other`'s does not: "what's the state of
    the old-cassette conversion work?" asks a status, which no works_in step (read from "work") gives."""
    def ends_right(parsed: ParsedQuestion) -> bool:
        return bool(parsed.relations) and PREDICATES[parsed.relations[-1]][1] in parsed.expected_types

    return ends_right(one) and not ends_right(other)


def _start_types(parsed: ParsedQuestion) -> frozenset[str] | None:
    """The node types the chain's first relation can start from, or None when any node may."""
    if not parsed.slots:
        return None
    types: set[str] = set()
    for predicate, _ in parsed.slots[0].alternatives:
        kinds = subject_types(predicate)
        if kinds is None:
            return None
        types.update(kinds)
    return frozenset(types)


def _routes(start: str, expected: tuple[str, ...], max_len: int) -> list[tuple[str, ...]]:
    """Schema routes from a node type to any admissible answer type, shortest first."""
    routes = [r for goal in expected for r in type_routes(start, goal, max(0, max_len))]
    routes.sort(key=len)  # stable: each goal's own ranking (canonical hops first) is kept
    return routes


def _reported_chain(parsed: ParsedQuestion, result: WalkResult) -> tuple[list[str], list[float]]:
    """The chain as read from the question, with each slot's alternative replaced by the one the walk took."""
    if result.failure is None and result.paths:
        walked = [e.predicate for e, _ in result.paths[0].hops]
        scores = list(result.paths[0].scores)
        return walked, [round(s, 4) for s in scores]
    return list(parsed.relations) or list(result.chain), list(parsed.relation_scores) or [1.0] * len(result.chain)


def _expected(parsed: ParsedQuestion, result: WalkResult, store: GraphStore) -> str | None:
    """The answer type: the one the wording names, else the type the walked chain ended on, else the parse's."""
    if parsed.expected_types and len(parsed.expected_types) == 1:
        return parsed.expected_types[0]
    if result.failure is None and result.paths:
        return store.node(result.paths[0].node).type
    return parsed.expected_type
