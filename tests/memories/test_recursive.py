"""Recursive vector RAG: later rounds query with the names earlier rounds brought in, within a round and a token
budget, deduplicated."""

import pytest

from memories.protocol import MemoryConfig
from memories.recursive import RecursiveMemory, names_in
from memories.registry import create
from memories.tokens import count_tokens
from memories.vector import VectorMemory
from scenarios.models import Turn
from tests.memories import infra_chat

JOIN_QUESTION = "Who owns the component that ReportingAPI depends on?"


def filled(cls, embedder, **knobs):
    memory = cls(MemoryConfig(**knobs), embedder)
    memory.ingest_many(infra_chat.turns())
    return memory


def context_turns(answer) -> list[int]:
    return [c.turns[0] for c in answer.context]


def test_registry_builds_it(hash_embedder):
    memory = create("recursive", MemoryConfig(), hash_embedder)
    assert isinstance(memory, RecursiveMemory) and memory.name == "recursive"


def test_picks_up_a_second_hop_turn_that_plain_vector_misses(hash_embedder):
    vector = filled(VectorMemory, hash_embedder, top_k=2).answer(JOIN_QUESTION)
    recursive = filled(RecursiveMemory, hash_embedder, top_k=2).answer(JOIN_QUESTION)
    assert infra_chat.FEATURESTORE_OWNER not in context_turns(vector)
    assert infra_chat.FEATURESTORE_OWNER in context_turns(recursive)
    assert context_turns(recursive)[:2] == context_turns(vector)  # round 1 is plain vector RAG
    assert recursive.text == "Lena"


def test_later_rounds_query_the_new_names_in_place_of_the_asked_one(hash_embedder):
    trace = filled(RecursiveMemory, hash_embedder, top_k=2).answer(JOIN_QUESTION).trace
    assert trace.rounds[0] == [JOIN_QUESTION]
    assert "Who owns the component that depends on? FeatureStore" in trace.rounds[1]
    assert all("ReportingAPI" not in q for q in trace.rounds[1])


def test_round_budget_stops_it(hash_embedder):
    answer = filled(RecursiveMemory, hash_embedder, recursive_rounds=1).answer(JOIN_QUESTION)
    assert answer.trace.budget_stop == "rounds"
    assert len(answer.trace.rounds) == 1
    assert context_turns(answer) == context_turns(filled(VectorMemory, hash_embedder).answer(JOIN_QUESTION))

    answer = filled(RecursiveMemory, hash_embedder, recursive_rounds=2).answer(JOIN_QUESTION)
    assert answer.trace.budget_stop == "rounds" and len(answer.trace.rounds) == 2


def test_token_budget_stops_it(hash_embedder):
    answer = filled(RecursiveMemory, hash_embedder, recursive_token_budget=40).answer(JOIN_QUESTION)
    assert answer.trace.budget_stop == "tokens"
    assert sum(count_tokens(c.text) for c in answer.context) <= 40
    roomy = filled(RecursiveMemory, hash_embedder, recursive_token_budget=2000).answer(JOIN_QUESTION)
    assert len(roomy.context) > len(answer.context)
    assert roomy.tokens > answer.tokens


def test_stops_when_nothing_new_turns_up(hash_embedder):
    memory = RecursiveMemory(MemoryConfig(), hash_embedder)
    memory.ingest_many([Turn(index=i, speaker="agent_a", text=t) for i, t in enumerate(["lunch at noon?", "ok"])])
    answer = memory.answer("who is around for lunch?")
    assert answer.trace.budget_stop == "nothing_new"
    assert len(answer.trace.rounds) == 1


def test_context_is_deduplicated_and_ordered_by_round_then_rank(hash_embedder):
    answer = filled(RecursiveMemory, hash_embedder, top_k=3).answer(JOIN_QUESTION)
    turns = context_turns(answer)
    assert len(turns) == len(set(turns))
    first_round = {c.turn: c.round for c in answer.trace.candidates}
    order = [(first_round[t], c.rank) for t, c in zip(turns, answer.context)]
    rounds = [r for r, _ in order]
    assert rounds == sorted(rounds) and rounds[-1] > 1
    for r in set(rounds):
        ranks = [rank for rr, rank in order if rr == r]
        assert ranks == sorted(ranks)


def test_candidates_show_the_round_that_read_them_into_the_context(hash_embedder):
    answer = filled(RecursiveMemory, hash_embedder, top_k=2, candidates_kept=3).answer(JOIN_QUESTION)
    by_turn = {c.turn: c for c in answer.trace.candidates}
    assert len(by_turn) == len(answer.trace.candidates)
    assert [(by_turn[t].round, by_turn[t].rank) for t in context_turns(answer)[:4]] == [(1, 1), (1, 2), (2, 1), (2, 2)]
    # Listed but never read: kept with the round and rank where it first showed up.
    unread = [c for c in answer.trace.candidates if c.turn not in context_turns(answer)]
    assert unread and all(c.rank > 2 for c in unread)
    rows = [(c.round, c.rank) for c in answer.trace.candidates]
    assert rows == sorted(rows)


def test_as_of_is_respected_in_every_round(hash_embedder):
    answer = filled(RecursiveMemory, hash_embedder, top_k=2).answer(JOIN_QUESTION, as_of=4)
    assert all(c.turn <= 4 for c in answer.trace.candidates)
    assert all(t <= 4 for t in context_turns(answer))


def test_names_in_finds_camelcase_names_and_skips_labels():
    text = "Update: ReportingAPI is now medium priority. The Acme account is handled by Dana. Lena owns it."
    assert names_in(text) == ["ReportingAPI", "Acme", "Dana", "Lena"]
    assert names_in("Heads up: Lena owns FeatureStore.") == ["FeatureStore", "Lena"]  # openers come last
    assert names_in("Dashboards look slow today") == ["Dashboards"]
    assert names_in("") == []


@pytest.mark.integration
def test_second_hop_on_the_real_model(minilm):
    answer = filled(RecursiveMemory, minilm, top_k=2).answer(JOIN_QUESTION)
    vector = filled(VectorMemory, minilm, top_k=2).answer(JOIN_QUESTION)
    assert infra_chat.FEATURESTORE_OWNER not in context_turns(vector)
    assert infra_chat.FEATURESTORE_OWNER in context_turns(answer)
    assert answer.tokens > vector.tokens
