"""Backend 3, recursive (iterative) vector RAG: round 1 reads the top-k turns for the question; each next round
queries again with the question plus the names the previous round brought in, until a round or token budget is hit
or nothing new turns up."""

from __future__ import annotations

import re
import time

from memories.answer import Answer, Candidate, ContextItem, Trace
from memories.chunks import context_item, read_into_answer
from memories.text import STOPWORDS, sentences, stem, strip_labels, words
from memories.tokens import count_tokens
from memories.vector import VectorMemory

MAX_NAMES_PER_ROUND = 3
# Capitalised words, CamelCase and codes, joined when several follow each other ("New York", "Acme Corp").
_NAME = re.compile(r"\b[A-Z][\w-]*(?:[ \t]+[A-Z][\w-]*)*|\b[a-z]+\d[\w-]*")


def names_in(text: str) -> list[str]:
    """Entity-looking names in `text`, in order of appearance, chat labels ("Heads up:") left out. A plain
    capitalised word that opens a sentence may be a name ("Lena owns...") or not ("Dashboards look..."): such
    openers come after the others."""
    inner: list[str] = []
    openers: list[str] = []
    for sentence in sentences(text):
        sentence = strip_labels(sentence)
        for m in _NAME.finditer(sentence):
            found = m.group(0).split()
            parts = [p for p in found if p.lower() not in STOPWORDS]
            if not parts:
                continue
            name = " ".join(parts)
            plain = not any(c.isupper() for c in name[1:]) and not any(c.isdigit() for c in name)
            if m.start() == 0 and found[0] == parts[0] and len(parts) == 1 and plain:
                openers.append(name)
            else:
                inner.append(name)
    return list(dict.fromkeys(inner + openers))


def _name_key(name: str) -> str:
    # Compared with the question's stems, so "FeatureStore" is not queried again when the question names it.
    return stem(name.lower()) if " " not in name else name.lower()


def _without_names(question: str) -> str:
    stripped = question
    for name in names_in(question):
        stripped = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", stripped)
    return " ".join(stripped.split())


class RecursiveMemory(VectorMemory):
    name = "recursive"

    def answer(self, question: str, *, as_of: int | None = None) -> Answer:
        k = self.config.top_k
        keep = k + self.config.candidates_kept
        budget = self.config.recursive_token_budget
        question_stems = {stem(w) for w in words(question)}
        # Later rounds ask the question about the new name instead of the one it named: with both in the query,
        # the named entity's turns (already read) outweigh the new one's.
        asked = _without_names(question)
        with self._lock:
            started = time.perf_counter()
            chunks = self._store.chunks
            context: list[ContextItem] = []
            in_context: set[int] = set()
            listed: dict[int, tuple[int, int, float]] = {}  # row -> (round, rank, score)
            rounds: list[list[str]] = []
            queried = set(question_stems)
            used_tokens = 0
            stop = "rounds"
            queries = [question]
            for round_no in range(1, self.config.recursive_rounds + 1):
                rounds.append(queries)
                best: dict[int, float] = {}
                # One encode call for the round's queries.
                for vector in self.embedder.encode(queries):
                    for row, score in self.search_vector(vector, keep, as_of=as_of, exclude=in_context):
                        best[row] = max(best.get(row, score), score)
                ranked = sorted(best.items(), key=lambda h: (-h[1], -chunks[h[0]].turn, -h[0]))[:keep]
                for rank, (row, score) in enumerate(ranked, start=1):
                    listed.setdefault(row, (round_no, rank, score))
                if not ranked:
                    stop = "nothing_new"
                    break
                added: list[int] = []
                for rank, (row, score) in enumerate(ranked[:k], start=1):
                    item = context_item(chunks[row], score=score, rank=rank)
                    cost = count_tokens(item.text)
                    if context and used_tokens + cost > budget:
                        stop = "tokens"
                        break
                    context.append(item)
                    in_context.add(row)
                    listed[row] = (round_no, rank, score)  # a turn in the context shows the round that read it
                    added.append(row)
                    used_tokens += cost
                if stop == "tokens":
                    break
                if round_no == self.config.recursive_rounds:
                    stop = "rounds"
                    break
                # Next round: the question plus each name the new chunks brought in that was not asked about yet.
                fresh: list[str] = []
                for row in added:
                    for name in names_in(chunks[row].text):
                        if _name_key(name) not in queried and name not in fresh:
                            fresh.append(name)
                fresh = fresh[:MAX_NAMES_PER_ROUND]
                if not fresh:
                    stop = "nothing_new"
                    break
                queried.update(_name_key(n) for n in fresh)
                queries = [f"{asked} {name}" for name in fresh]
            candidates = [
                Candidate(turn=chunks[row].turn, score=score, rank=rank, round=round_no, text=chunks[row].text)
                for row, (round_no, rank, score) in sorted(listed.items(), key=lambda e: (e[1][0], e[1][1], e[0]))
            ]
            trace = Trace(backend=self.name, candidates=candidates, k=k, rounds=rounds, budget_stop=stop)
            return read_into_answer(self.name, question, context, trace, started)
