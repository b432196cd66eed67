"""Backend 5, `hybrid`: the graph answers when it can. When its walk stops short (an edge extraction missed, a
subject it never made a node, an edge a later turn may have replaced), the hybrid takes each missing step by asking
vector RAG the one-step question ("Who owns zonemap?"), reads the thing of the asked type out of what it retrieved
(memories.slot_reader), and walks on from there, in the graph where it can. A subject given only by description
is first found in the turns most like the description; a subject the graph linked by meaning alone yields to
another thing those turns describe better; a short lower-case phrase the turns write word for word is the thing's
name. A first step asking for a person is taken by the kind the graph holds its start as (who runs a service owns
it), and a thing is read about under every name the graph holds for it ("pricer"). A question asked for the value
as it stands now takes a newer statement of change the text holds past the graph's edge. Anything else goes to
vector RAG whole. The trace says which served, and marks the steps read from text.
"""

from __future__ import annotations

import re
import time
from bisect import bisect_left
from collections.abc import Sequence

from memories.answer import Answer, Candidate, ContextItem, Hop, Trace
from memories.embedder import Embedder, shared_minilm
from memories.graph import GraphMemory, Unfinished, says_change
from memories.prompt import build_prompt
from memories.person_names import fold, handle_fits
from memories.places import city_named_in, country_of, is_country
from memories.protocol import Memory, MemoryConfig, Snapshot
from memories.reading_ranker import rank_readings
from memories.slot_reader import called, fits, identify, is_speaker, names_a_thing, subject_words
from memories.tokens import count_tokens
from memories.text import asks_present
from scenarios.models import MULTI_VALUED, PREDICATES, Turn

MAX_WRITTEN_WORDS = 4  # the longest lower-case phrase taken for a name when the turns say it word for word
IDENTIFY_DEPTH = 4  # turns read to find what a description names: only the closest ones describe it
REPLY_REACH = 3  # turns back in the channel that a short reply may be answering
BRANCHES = 2  # readings tried at a text step that a later step depends on
ASKED_BEFORE = 0.5  # a retrieved question this like the one asked is the same question: its answers follow it
RIVAL_MARGIN = 0.05  # how much more like a description the turns about a rival must be than those naming the link
PERSON_STEPS = ("owned_by", "handled_by", "led_by")  # the relations that end in a person, by their subject's kind
_RESTATING = frozenset({"new", "officially", "confirmed", "revised", "correction", "corrected", "actually", "instead",
                        "effective", "today", "onwards", "upgraded", "downgraded", "switched"})  # "that's officially the new Osprey deadline"
_WORDS = re.compile(r"[^\W_]+|[\w-]+")
_COUNTRY = re.compile(r"\bcountr(?:y|ies)\b", re.IGNORECASE)

# The plain question for one step of a chain, subject to object: what a person would ask to take that step.
ONE_STEP: dict[str, str] = {
    "owned_by": "Who owns {}?",
    "depends_on": "What does {} depend on?",
    "priority": "What priority is {}?",
    "deployed_in": "Which region is {} deployed in?",
    "member_of": "Which team is {} on?",
    "handled_by": "Who handles the {} account?",
    "works_in": "Which office does {} work in?",
    "located_in": "Which region is the {} in?",
    "plan": "What plan is {} on?",
    "renews_in": "When does {} renew?",
    "led_by": "Who leads {}?",
    "uses": "What tools does {} use?",
    "deadline": "When is {} due?",
    "status": "What is the status of {}?",
}

# The step against the edge's direction, when the chain stands on the object: "Which project uses Kafka?".
ONE_STEP_BACK: dict[str, str] = {
    "owned_by": "What does {} own?",
    "depends_on": "What depends on {}?",
    "deployed_in": "What is deployed in {}?",
    "member_of": "Who is on the {} team?",
    "handled_by": "Which account does {} handle?",
    "works_in": "Who works in the {} office?",
    "located_in": "Which office is in {}?",
    "led_by": "Which project does {} lead?",
    "uses": "Which project uses {}?",
}


class HybridMemory:
    name = "hybrid"

    def __init__(self, config: MemoryConfig | None = None, embedder: Embedder | None = None, *,
                 fallback: Memory | None = None) -> None:
        self.config = config or MemoryConfig()
        self.embedder = embedder if embedder is not None else shared_minilm()
        self.graph = GraphMemory(self.config, self.embedder)
        if fallback is None:
            from memories.vector import VectorMemory

            fallback = VectorMemory(self.config, self.embedder)
        self.fallback = fallback  # the vector memory, sharing the embedder (each text embedded once)
        # turn -> (channel, text), and each channel's turns in order: a reply is read with what it answers
        self._said: dict[int, tuple[str | None, str]] = {}
        self._by_channel: dict[str, list[int]] = {}
        self._lines: dict[int, str] = {}
        # the turn that last named a thing, per channel, and for each turn the one before it: what the talk was
        # about when it was said
        self._topic: dict[str, int] = {}
        self._topic_of: dict[int, int] = {}
        # set to a list to keep every text step's candidates and their features (simulator/train_reader.py)
        self.reading_log: list | None = None

    def ingest(self, turn: Turn) -> None:
        self.ingest_many([turn])

    def ingest_many(self, turns: list[Turn]) -> None:
        self.graph.ingest_many(turns)
        self.fallback.ingest_many(turns)
        for turn in turns:
            if turn.kind == "question":
                continue  # a question put to the memory shares its index with the turn before it: no statement
            self._said[turn.index] = (turn.channel, turn.text)
            self._lines[turn.index] = f"{turn.speaker}: {turn.text}"  # as the vector memory shows a turn
            channel = turn.channel or ""
            if channel in self._topic:
                self._topic_of[turn.index] = self._topic[channel]
            if names_a_thing(self._lines[turn.index]):  # (as a transcript line: "next: beacon." has no speaker "next")
                self._topic[channel] = turn.index
            self._by_channel.setdefault(turn.channel or "", []).append(turn.index)

    def reset(self) -> None:
        self.graph.reset()
        self.fallback.reset()
        self._said.clear()
        self._lines.clear()
        self._topic.clear()
        self._topic_of.clear()
        self._by_channel.clear()

    def _lead_in(self, item: ContextItem) -> list[str]:
        """The turns just before `item` in its channel, and the turn that named the thing its channel was last
        about: what a short reply may be answering."""
        if not item.turns or item.turns[0] not in self._said:
            return []
        channel = self._said[item.turns[0]][0] or ""
        order = self._by_channel.get(channel, [])
        at = bisect_left(order, item.turns[0])
        before = order[max(0, at - REPLY_REACH) : at]
        topic = self._topic_of.get(item.turns[0])
        if topic is not None and topic not in before:
            before = [topic, *before]  # "next: crew-dispatch-api." ... "and it runs in…?" / "eu-north-1"
        return [self._said[t][1] for t in before]

    def answer(self, question: str, *, as_of: int | None = None) -> Answer:
        graph = self.graph.answer(question, as_of=as_of)
        rival = self._rival(graph, as_of)
        if rival is not None:
            bridged = self._bridge(question, rival, graph, as_of)
            if bridged is not None:
                return bridged
        if graph.trace.failure is None and graph.text:
            newer = self._newer(question, graph, as_of)
            if newer is not None:
                return newer
            trace = graph.trace.model_copy(update={"backend": self.name, "served_by": "graph"})
            return _in_country(question, graph.model_copy(update={"backend": self.name, "trace": trace}))
        plan = None
        if graph.trace.failure in ("no_edge", "no_path", "no_link", "stale"):
            plan = self.graph.unfinished(question, as_of=as_of)
            if plan is not None and plan.described:
                plan = self._identify(plan, as_of)
            retyped = False
            if plan is not None and not plan.walked:
                kinded = self._by_kind(plan)
                plan, retyped = kinded, kinded is not plan
            # a one-step question gains nothing from being reworded: vector RAG takes it as asked (unless the
            # step asked is not the one the words read)
            if plan is not None and (plan.walked or len(plan.remaining) > 1 or retyped):
                bridged = self._bridge(question, plan, graph, as_of)
                if bridged is not None:
                    return bridged
        vector = self.fallback.answer(question, as_of=as_of)
        g = graph.trace
        if plan is not None and not plan.walked and len(plan.remaining) == 1:
            latest = plan.doubted or _present(question, plan.remaining[0])
            vector = self._typed_read(question, vector, plan.start, plan.remaining[0], as_of, latest=latest)
        elif (asked := _asked_step(plan, g)) is not None and not fits(vector.text, g.expected_type or ""):
            # the general reader's answer is no thing of the asked type ("depends" for a team): what the turns
            # about the subject say of that type beside it is a better guess than a word that names nothing
            vector = self._typed_read(question, vector, asked[0], asked[1], as_of, latest=_present(question, asked[1]))
        # The vector's candidates and reader pick, beside the graph's reason for passing (links, chain, failure).
        trace = vector.trace.model_copy(update={
            "backend": self.name, "served_by": self.fallback.name, "links": g.links, "relations": g.relations,
            "relation_scores": g.relation_scores, "expected_type": g.expected_type,
            "paths": vector.trace.paths or g.paths,  # the typed read's step, where it read one
            "stale": g.stale, "failure": g.failure, "missing": g.missing,
        })
        # Latency is the graph's attempt plus the fallback's retrieval and reading (the prompt built in
        # between is bookkeeping, as for the other backends).
        latency = graph.latency_ms + vector.latency_ms
        return vector.model_copy(update={"backend": self.name, "trace": trace, "latency_ms": latency})

    def _newer(self, question: str, graph: Answer, as_of: int | None) -> Answer | None:
        """A question after the value as it stands now ("osprey deadline now?") whose last edge a later turn has
        restated in words extraction did not read: that turn's value, when the text holds a newer one."""
        if not graph.trace.paths or not graph.trace.paths[0]:
            return None
        path = graph.trace.paths[0]
        last = path[-1]
        if last.object != graph.text or not _present(question, last.predicate) or not last.turns:
            return None
        plan = Unfinished(last.subject, [last.predicate], list(path[:-1]), doubted=True)
        bridged = self._bridge(question, plan, graph, as_of)
        if bridged is None or bridged.text == graph.text or not bridged.trace.paths:
            return None
        read = bridged.trace.paths[0][-1]
        if not read.turns or max(read.turns) <= max(last.turns):
            return None
        # only a statement that names the subject and says it changed overrules an edge: a short reply, or a
        # mention in passing ("Mosaic standup is at 10:30 tomorrow"), is too loose a reading to replace it
        said = self._said.get(max(read.turns), (None, ""))[1]
        if _names(said, last.subject) or self._said_by(max(read.turns), last.subject):
            # (the subject saying it of themself: "kasia.m: from 1 october I am in Waalhaven office")
            return bridged if _restates(said) else None
        # or a reply, naming no subject, to a turn that names it, one of them saying it changed: "news: lumen
        # signed the upgrade" ... "nice!! to what" / "enterprise api, effective today"
        before = self._lead_in(ContextItem(text=said, turns=[max(read.turns)]))[-REPLY_REACH:]
        if any(_names(b, last.subject) for b in before) and (_restates(said) or any(_restates(b) for b in before)):
            return bridged
        return None

    def _rival(self, graph: Answer, as_of: int | None) -> Unfinished | None:
        """A subject the graph linked by meaning alone, checked against the turns most like its description: when
        they are about another thing of the same type, and speak of it more like the description than any turn
        naming the linked node does, the chain starts from that thing instead. A node's described_as text can
        be a poor or partial description; the turns are what was said."""
        link = next((l for l in graph.trace.links if l.step == "semantic" and l.node), None)
        if link is None or not graph.trace.relations or self.graph.type_of(link.node) is None:
            return None
        said = [text for index, (_, text) in self._said.items() if as_of is None or index <= as_of]
        if (written := _written_in(link.mention, said)) is not None:
            # "who owns the payments adapter?": a name the chat wrote word for word, which extraction never made a
            # node, is that thing, not the node most like it in meaning
            return Unfinished(written, list(graph.trace.relations), [])
        found = self.fallback.answer(link.mention, as_of=as_of)
        ranked = _ranked(found)
        slot = identify(link.mention, self.graph.type_of(link.node), ranked[:IDENTIFY_DEPTH],
                        known=self.graph.kinds(), lead_in=self._lead_in)
        if slot is None or self.graph.type_of(slot[0]) not in (None, self.graph.type_of(link.node)):
            return None
        if subject_words(slot[0]) & subject_words(link.node):
            return None  # the same thing, written another way
        # the link's own score is its description's likeness: a rival must beat that and every turn naming it
        linked = max([link.score] + [item.score or 0.0 for item in ranked if _names(item.text, link.node)])
        if (slot[1].score or 0.0) < linked + RIVAL_MARGIN:
            return None
        return Unfinished(slot[0], list(graph.trace.relations), [])

    def _identify(self, plan: Unfinished, as_of: int | None) -> Unfinished | None:
        """The entity a descriptive subject stands for, read from the turns most like the description: the first
        thing of the first step's subject type the best of them names, or that a reply among them answers
        (memories.slot_reader.identify). A short phrase those turns write word for word is itself the name."""
        found = self.fallback.answer(plan.start, as_of=as_of)
        kind = PREDICATES[plan.remaining[0]][0]
        closest = _ranked(found)[:IDENTIFY_DEPTH]
        written = _as_written(plan.start, closest)
        if written is not None:
            return Unfinished(written, plan.remaining, plan.walked)
        slot = identify(plan.start, kind, closest, known=self.graph.kinds(),
                        lead_in=self._lead_in, pooled=True)
        if slot is None:
            return None
        return Unfinished(slot[0], plan.remaining, plan.walked)

    def _by_kind(self, plan: Unfinished) -> Unfinished:
        """A first step asking for a person, taken by what its start is: who runs a service owns it, who runs a
        project leads it, who looks after a customer handles it. The question's verb ("runs", "account person")
        is a weaker sign of the relation than the kind of thing the graph holds its start as."""
        first = plan.remaining[0]
        kind = self.graph.type_of(plan.start)
        if kind is None or PREDICATES[first][1] != "person" or PREDICATES[first][0] == kind:
            return plan
        fits = [p for p in PERSON_STEPS if PREDICATES[p][0] == kind]
        if not fits:
            return plan
        return Unfinished(plan.start, [fits[0], *plan.remaining[1:]], plan.walked, doubted=plan.doubted)

    def _typed_read(self, question: str, vector: Answer, subject: str, predicate: str, as_of: int | None, *,
                    latest: bool = False) -> Answer:
        """The vector's answer, read again knowing what the graph made of the question: the thing of the asked
        type beside the subject in the retrieved turns. The general reader's answer stands when none is found."""
        started = time.perf_counter()
        also = self.graph.aliases(subject)
        # "Quino's in what country?": of the places read, a country answers, as at a chain's last step
        country = PREDICATES[predicate][1] == "region" and bool(_COUNTRY.search(question))
        about = self._about(vector, subject, as_of, also)
        slots = rank_readings(subject, PREDICATES[predicate][1], about, known=self.graph.kinds(),
                              lead_in=self._lead_in, latest=latest, most=BRANCHES if country else 1,
                              log=self.reading_log, also=also)
        if not slots and not fits(vector.text, PREDICATES[predicate][1]):
            # the general reader's answer is no thing of the asked type ("yep" for a priority), so surely wrong:
            # a value said in a statement that may be about another thing is the better guess ("it's on-prem at
            # Ribeira House obviously, and it's P3")
            slots = rank_readings(subject, PREDICATES[predicate][1], about, known=self.graph.kinds(),
                                  lead_in=self._lead_in, latest=latest, most=1,
                                  log=self.reading_log, also=also, loose=True)
        if country:
            slots = [r for r in slots if is_country(r.answer)] or slots[:1]
        if not slots:
            return vector
        found, picked = slots[0].answer, slots[0].item
        context = list(vector.context)
        if picked not in context:
            context.append(picked)  # a turn ranked below k: it joins the prompt, and its tokens are counted
        prompt = build_prompt(question, context)
        # the read is a step like a chain's: "which country" then goes on to the country of a city read
        hop = Hop(subject=subject, predicate=predicate, object=found, turns=list(picked.turns), source="text",
                  weight=slots[0].weight, runner_up=slots[0].runner_up, runner_up_weight=slots[0].runner_up_weight)
        trace = vector.trace.model_copy(update={"reader_pick": context.index(picked), "paths": [[hop]]})
        latency = vector.latency_ms + (time.perf_counter() - started) * 1000.0
        return _in_country(question, vector.model_copy(update={
            "text": found, "context": context, "prompt": prompt, "tokens": count_tokens(prompt), "trace": trace,
            "latency_ms": latency}))

    def _bridge(self, question: str, plan: Unfinished, graph: Answer, as_of: int | None) -> Answer | None:
        """Walk the rest of the chain: a graph edge where there is one, otherwise the one-step question put to
        vector RAG, whose answer is where the next step starts. When a later step finds nothing from what a text
        step read, the step's runner-up reading is tried (a chain of text steps fails at its weakest read). None
        when no reading completes the chain."""
        spent = [graph.latency_ms]
        walked = self._walk_on(question, plan, 0, plan.start, list(plan.walked), list(graph.context), [],
                               {plan.start} | {h.subject for h in plan.walked} | {h.object for h in plan.walked},
                               as_of, spent)
        if walked is None:
            return None
        name, hops, context, candidates = walked
        prompt = build_prompt(question, context)
        trace = graph.trace.model_copy(update={
            "backend": self.name, "served_by": "graph+vector", "paths": [hops], "failure": None,
            "candidates": candidates,
        })
        return _in_country(question, Answer(backend=self.name, text=name, context=context, prompt=prompt,
                                            tokens=count_tokens(prompt), latency_ms=sum(spent), trace=trace))

    def _walk_on(self, question: str, plan: Unfinished, number: int, name: str, hops: list[Hop],
                 context: list[ContextItem], candidates: list[Candidate], visited: set[str], as_of: int | None,
                 spent: list[float]) -> tuple[str, list[Hop], list[ContextItem], list[Candidate]] | None:
        """The chain from step `number` on, standing on `name`; the answer and what was walked, or None."""
        if number == len(plan.remaining):
            return name, hops, context, candidates
        predicate = plan.remaining[number]
        doubted = plan.doubted and number == 0  # the graph's own edge here is what is in doubt
        held = self.graph.step(name, predicate, as_of=as_of)
        step = None if doubted else held
        if step is not None:
            found, hop = step
            if found in visited:
                return None  # the only edge leads back along the chain: the question was misread
            return self._walk_on(question, plan, number + 1, found, hops + [hop], context, candidates,
                                 visited | {found}, as_of, spent)
        subject_type, object_type = PREDICATES[predicate]
        backward = self.graph.type_of(name) == object_type != subject_type
        if backward and predicate not in ONE_STEP_BACK:
            return None
        if hops and predicate == "located_in" and not backward and " " not in name and (
                country_of(name) is not None and not is_country(name)):
            # "Ben works in Dublin": a chain that reached a city is where it is, whatever other places the turns
            # about the city name (and in which country, when asked, is the city's)
            return self._walk_on(question, plan, number + 1, name, hops, context, candidates, visited, as_of, spent)
        asked = (ONE_STEP_BACK if backward else ONE_STEP)[predicate].format(name)
        read = self.fallback.answer(asked, as_of=as_of)
        started = time.perf_counter()
        last = number == len(plan.remaining) - 1  # the answer itself: no later step to try a runner-up against
        # "which country is sunfield managed out of?": of the places read, a country answers (an office's city is
        # read as where it is too, "Manchester office" -> Manchester)
        country = last and object_type == "region" and not backward and bool(_COUNTRY.search(question))
        also = self.graph.aliases(name)
        # a doubted edge is replaced only by what a later turn says: where turns after the edge's own hold a reading,
        # only those count, however the ranker weighs the older statement the edge came from
        since = max(held[1].turns, default=None) if doubted and held is not None else None
        readings = rank_readings(name, subject_type if backward else object_type,
                                 self._about(read, name, as_of, also), known=self.graph.kinds(),
                                 lead_in=self._lead_in, latest=doubted or _present(question, predicate),
                                 most=BRANCHES if country or not last or since is not None else 1,
                                 log=self.reading_log, also=also)
        if since is not None:
            readings = [r for r in readings if max(r.item.turns, default=-1) > since] or readings[:1]
        spent.append(read.latency_ms + (time.perf_counter() - started) * 1000.0)
        if country:
            readings = [r for r in readings if is_country(r.answer)] or readings[:1]
        if predicate == "located_in" and not backward and city_named_in(name) is not None:
            # "the Auckland office" is in Auckland unless a turn names another place: a reading that is no place
            # ("Airtable", beside the office in a turn about something else) gives way to the office's own city
            readings = [r for r in readings if self._place_like(r.answer)]
        for found, picked, weight, runner_up, runner_up_weight in readings:
            if found in visited:
                continue  # back where the chain has been: the step read the wrong statement
            turns = list(picked.turns)
            subject, obj = (found, name) if backward else (name, found)
            hop = Hop(subject=subject, predicate=predicate, object=obj, turns=turns, source="text", weight=weight,
                      runner_up=runner_up, runner_up_weight=runner_up_weight)
            walked = self._walk_on(question, plan, number + 1, found, hops + [hop],
                                   context + [ContextItem(text=picked.text, turns=turns, score=picked.score)],
                                   candidates + list(read.trace.candidates), visited | {found}, as_of, spent)
            if walked is not None:
                return walked
        if not readings and predicate == "located_in" and not backward:
            if (city := city_named_in(name)) is not None:
                # "the Austin office": where no turn says where an office is, it is in the city it is named after
                hop = Hop(subject=name, predicate=predicate, object=city, source="places")
                return self._walk_on(question, plan, number + 1, city, hops + [hop], context, candidates,
                                     visited | {city}, as_of, spent)
            if country_of(name) is not None:
                # "Quino works in Lisbon": the chain stands on a city already, which is where it is (and which
                # country, when asked, is the city's)
                return self._walk_on(question, plan, number + 1, name, hops, context, candidates, visited, as_of,
                                     spent)
        return None

    def _place_like(self, name: str) -> bool:
        """A city, a town, a country or a region the graph knows as one."""
        return country_of(name) is not None or is_country(name) or self.graph.type_of(name) == "region"

    def _about(self, read: Answer, subject: str, as_of: int | None, also: Sequence[str] = ()) -> list[ContextItem]:
        """The turns a text step reads about `subject`: vector RAG's ranking, where a question that names the
        subject and asks what is asked now (as like it as ASKED_BEFORE) is followed by the turns that answer it
        ("Casa Lume - whats their tier now?" / "they upgraded to Premier"), then every other turn naming the
        subject, newest first (a pasted table whose words are nothing like the question's: the name is the one
        thing it shares with it). A turn naming it by another name it goes by (`also`: "pricer") names it."""
        about = called(subject, also)

        def _named(text: str) -> bool:
            return bool(about & set(_WORDS.findall(fold(text))))

        # each turn as a transcript line, with its speaker: "and I'm Logport" is about whoever said it. A question
        # put to the memory earlier shares its index with the turn before it and is no turn of the chat: it is
        # read as it is and never followed by what came next
        ranked = [item.model_copy(update={"text": self._lines[item.turns[0]]}) if self._said_as(item) else item
                  for item in _ranked(read)]
        asked_by = as_of if as_of is not None else max(self._said, default=-1)
        placed: set[int] = set()
        out: list[ContextItem] = []
        for item in ranked:
            said = self._said_as(item)
            if said and item.turns[0] in placed:
                continue  # already read as an answer to a question ranked above it
            out.append(item)
            if not said:
                continue  # (a question put to the memory: the turn whose index it shares is still to be read)
            placed.update(item.turns)
            if "?" in item.text and (item.score or 0.0) >= ASKED_BEFORE and _named(item.text):
                for turn in self._after(item.turns[0], asked_by):
                    if turn not in placed:
                        placed.add(turn)
                        out.append(ContextItem(text=self._line(turn), turns=[turn], score=item.score))
        seen = set(placed)
        naming = [t for t in sorted(self._said, reverse=True)
                  if t <= asked_by and t not in seen and _named(self._said[t][1])]
        out += [ContextItem(text=self._line(t), turns=[t], score=0.0) for t in naming]
        # last, the turns just after each turn naming the subject: a reply may say it without naming it ("yep,
        # Marlowe House" / "which the travel tool wants as Manchester fyi")
        seen |= set(naming)
        said_of = sorted({t for item in out if item.turns and _named(item.text) for t in item.turns[:1]},
                         reverse=True)
        for turn in said_of:
            for after in self._after(turn, asked_by):
                if after not in seen:
                    seen.add(after)
                    out.append(ContextItem(text=self._line(after), turns=[after], score=0.0))
        return out

    def _said_by(self, turn: int, person: str) -> bool:
        """Whether a turn's speaker is `person`: by name, or by a handle such a person goes by ("kasia.m" for
        Kasia Mazur; memories.person_names.handle_fits)."""
        speaker = self._lines.get(turn, "").partition(": ")[0]
        return bool(speaker) and (is_speaker(speaker, called(person)) or handle_fits(
            re.sub(r"[\W_]+", "", fold(speaker).casefold()), person))

    def _said_as(self, item: ContextItem) -> bool:
        """Whether a retrieved item is one turn of the chat, as that turn was said."""
        return len(item.turns) == 1 and item.turns[0] in self._said and item.text.endswith(self._said[item.turns[0]][1])

    def _after(self, turn: int, as_of: int) -> list[int]:
        """The turns just after `turn` in its channel, up to `as_of`: what may answer it."""
        channel = self._said[turn][0] or ""
        order = self._by_channel.get(channel, [])
        at = bisect_left(order, turn) + 1
        return [t for t in order[at : at + REPLY_REACH] if t <= as_of]

    def _line(self, turn: int) -> str:
        return self._lines[turn]

    def snapshot(self) -> Snapshot:
        g = self.graph.snapshot()
        v = self.fallback.snapshot()
        return Snapshot(backend=self.name, chunks=v.chunks, nodes=g.nodes, edges=g.edges)


def _asked_step(plan: Unfinished | None, trace: Trace) -> tuple[str, str] | None:
    """The subject and a predicate that ends on the asked type, for a question read no further: the start of a
    chain that was not walked to its end (its last step of that type), or a subject the graph never linked."""
    kind = trace.expected_type
    if not kind:
        return None
    start = plan.start if plan is not None else next((l.mention for l in trace.links if l.mention), None)
    steps = [p for p in (plan.remaining if plan is not None else []) if PREDICATES[p][1] == kind]
    steps = steps or [p for p in PREDICATES if PREDICATES[p][1] == kind]
    return (start, steps[-1]) if start and steps else None


def _in_country(question: str, answer: Answer) -> Answer:
    """"Which country is the Munich office in?" answered "Munich": the country of the city the chain ended on,
    as one more step known from the world's places."""
    path = answer.trace.paths[0] if answer.trace.paths else []
    if not _COUNTRY.search(question) or not path or path[-1].object != answer.text or path[-1].predicate not in (
            "located_in", "works_in", "deployed_in"):
        return answer
    country = country_of(city_named_in(answer.text) or answer.text)
    if country is None:
        return answer
    hop = Hop(subject=answer.text, predicate="located_in", object=country, source="places")
    trace = answer.trace.model_copy(update={"paths": [[*path, hop], *answer.trace.paths[1:]]})
    return answer.model_copy(update={"text": country, "trace": trace})


def _names(text: str, name: str) -> bool:
    """Whether a turn names `name` by any of its own words."""
    return bool(subject_words(name) & set(_WORDS.findall(fold(text))))


_LEADING = re.compile(r"^(?:(?:the|our|that|this|their|its)\s+)+", re.IGNORECASE)


def _as_written(description: str, items: list[ContextItem]) -> str | None:
    """A short lower-case "description" that the closest turns say word for word is the thing's name as the chat
    writes it ("breeder onboarding not started yet" for "breeder onboarding status?"), not a description of
    something else they name."""
    return _written_in(description, [item.text for item in items])


def _written_in(description: str, texts: list[str]) -> str | None:
    """The phrase of a short "description" (two to MAX_WRITTEN_WORDS words, a leading article dropped) when one
    of the texts writes it word for word, else None."""
    phrase = _LEADING.sub("", description.strip())
    words = phrase.split()
    if not 1 < len(words) <= MAX_WRITTEN_WORDS:
        return None
    said = re.compile(r"(?<![\w-])" + r"[\s-]+".join(re.escape(w) for w in words) + r"(?![\w-])", re.IGNORECASE)
    return phrase if any(said.search(text) for text in texts) else None


def _restates(said: str) -> bool:
    """Whether a turn says a value changed or states it anew ("moved to", "actually", "effective today")."""
    return says_change(said) or not _RESTATING.isdisjoint(_WORDS.findall(said.casefold()))


def _present(question: str, predicate: str) -> bool:
    """A question after the value as it stands now, of a relation that holds one value at a time: the newest
    statement of it answers."""
    # a status is asked as it stands, "now" or not: "status on peak readiness?" wants the latest word on it
    return predicate not in MULTI_VALUED and (asks_present(question) or predicate == "status")


def _ranked(answer: Answer) -> list[ContextItem]:
    """The turns a vector answer read, then the rest of its ranked candidates: the thing of the asked type may sit
    in a turn ranked just below k, since the one-step question's words are not the statement's."""
    seen = {t for item in answer.context for t in item.turns}
    rest = [ContextItem(text=c.text, turns=[c.turn], score=c.score, rank=c.rank)
            for c in answer.trace.candidates if c.turn not in seen and c.text]
    return list(answer.context) + rest
