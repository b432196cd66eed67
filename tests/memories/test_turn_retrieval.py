"""Turn retrieval methods (vector, bm25, graph, hybrid) and their parts: BM25, dates, PageRank, rank fusion."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import networkx as nx
import numpy as np
import pytest

from memories.bm25 import BM25Index, BM25TurnRetriever
from memories.fusion import reciprocal_rank_fusion
from memories.time_expressions import parse_date, resolve_relative
from memories.turn_graph import GraphTurnRetriever, TurnGraph, entity_phrases, personalized_pagerank
from memories.turn_retrieval import (HybridTurnRetriever, TurnRetriever, UnknownRetriever, VectorTurnRetriever,
                                     create_retriever, turn_document)
from scenarios.locomo import load_locomo
from scenarios.models import Scenario, Turn

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "locomo_tiny.json"


@pytest.fixture(scope="module")
def conv1():
    return load_locomo(FIXTURE)[0][0]


def chat(*sessions: list[tuple[str, str]], dates: list[str] | None = None) -> list[Turn]:
    """Turns of a small chat, session by session, numbered like a scenario numbers them."""
    turns = []
    for s, lines in enumerate(sessions, start=1):
        for speaker, text in lines:
            meta = {"session": str(s)}
            if dates:
                meta["date"] = dates[s - 1]
            turns.append(Turn(speaker=speaker, text=text, meta=meta))
    return Scenario(id="t", channel="c", turns=turns).turns


# --- BM25 -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("k1", "b"), [(1.5, 0.75), (1.2, 0.3)])
def test_bm25_index_gives_the_lucene_scores_bm25s_gives(k1, b):
    import bm25s

    docs = [["pottery", "class", "bowl"], ["beagl", "puppy"], ["pottery", "pottery", "kiln", "blue"], ["run", "shoe"]]
    ours = BM25Index(docs, k1=k1, b=b)
    theirs = bm25s.BM25(k1=k1, b=b, method="lucene")
    theirs.index(docs, show_progress=False)
    for query in (["pottery"], ["pottery", "blue"], ["puppy", "shoe", "kiln"]):
        np.testing.assert_allclose(ours.scores(query), theirs.get_scores(query), rtol=1e-5)


def test_bm25_scores_zero_for_an_empty_query_or_unknown_words():
    index = BM25Index([["a", "b"], ["c"]])
    assert index.scores([]).tolist() == [0.0, 0.0]
    assert index.scores(["zzz"]).tolist() == [0.0, 0.0]


def test_bm25_finds_a_reply_that_shares_no_word_with_the_question_through_its_neighbours():
    turns = chat(
        [("Jo", "I finally finished my first screenplay!"), ("Nat", "What is it about?"),
         ("Jo", "A mix of drama and romance."), ("Nat", "Nice. I fed the turtles today.")],
        [("Nat", "The turtles love their new tank."), ("Jo", "Drama at work again, ugh.")],
    )
    bm25 = BM25TurnRetriever()
    bm25.index(turns)
    top = [c.turn for c in bm25.retrieve("What genre is Jo's first screenplay?", 3)]
    assert 2 in top  # the reply, found through the screenplay turn before it
    assert 5 not in top  # "drama" alone, in another session, does not get there


def test_bm25_drops_the_speakers_names_from_the_question():
    turns = chat([("Caroline", "Hey Melanie!"), ("Melanie", "Hi Caroline, I painted a lake.")])
    bm25 = BM25TurnRetriever()
    bm25.index(turns)
    assert bm25.query_tokens("What did Melanie paint for Caroline?") == ["paint"]


# --- dates ----------------------------------------------------------------------------------------------------


def test_session_date_and_relative_times_resolve_to_days():
    base = parse_date("10:00 am on 3 March, 2023")  # a Friday
    assert base == dt.date(2023, 3, 3)
    assert parse_date("on March 4th, 2023") == dt.date(2023, 3, 4)
    text = "Yesterday was fun; last Friday too. Two weeks ago I moved, last year I sold it, next month we fly."
    assert [v for _, v in resolve_relative(text, base)] == [
        "2 March 2023", "24 February 2023", "17 February 2023", "2022", "April 2023"]
    assert resolve_relative(text, None) == []


def test_turn_document_carries_the_session_date_and_the_speaker(conv1):
    assert turn_document(conv1.turns[3]) == "[3 March, 2023] Ben: He is adorable. I started pottery classes yesterday."
    assert turn_document(Turn(speaker="a", text="hi")) == "a: hi"


# --- vector ---------------------------------------------------------------------------------------------------


def test_vector_retriever_ranks_turns_by_cosine_with_one_based_ranks(conv1, hash_embedder):
    vector = VectorTurnRetriever(hash_embedder)
    vector.index(conv1.turns)
    found = vector.retrieve("pottery bowl kiln", 100)
    assert [c.rank for c in found] == list(range(1, 9))  # k beyond the conversation returns every turn once
    assert sorted(c.turn for c in found) == list(range(8))
    assert found[0].turn == 4
    assert all(a.score >= b.score for a, b in zip(found, found[1:]))
    assert vector.retrieve("pottery", 0) == []


def test_an_empty_index_retrieves_nothing(hash_embedder):
    for method in ("vector", "bm25", "graph", "hybrid"):
        retriever = create_retriever(method, hash_embedder)
        retriever.index([])
        assert retriever.retrieve("anything?", 5) == []


# --- graph ----------------------------------------------------------------------------------------------------


def test_personalized_pagerank_matches_networkx():
    g = nx.Graph()
    g.add_weighted_edges_from([("a", "b", 1.0), ("b", "c", 2.0), ("c", "a", 0.5), ("c", "d", 1.0)])
    g.add_node("e")  # dangling: no edges
    nodes = list(g.nodes)
    personalization = {"a": 0.7, "d": 0.3}
    expected = nx.pagerank(g, alpha=0.5, personalization=personalization, weight="weight", tol=1e-10)
    adjacency = nx.to_scipy_sparse_array(g, nodelist=nodes, weight="weight", format="csr")
    out = np.asarray(adjacency.sum(axis=1)).ravel()
    transition_t = (adjacency.multiply(1.0 / np.where(out > 0, out, 1.0)[:, None])).T.tocsr()
    p = np.array([personalization.get(n, 0.0) for n in nodes])
    ours = personalized_pagerank(transition_t, p, 0.5, out == 0, tol=1e-10, max_iter=500)
    np.testing.assert_allclose(ours, [expected[n] for n in nodes], atol=1e-8)


def test_entity_phrases_are_names_not_sentence_openers():
    text = "Thanks! We flew to Rio de Janeiro with Frank Ocean fans."
    assert entity_phrases(text) == ["rio de janeiro", "frank ocean"]


def test_graph_links_turns_to_speakers_words_names_neighbours_and_days(conv1):
    g = TurnGraph(conv1.turns).graph
    assert g.has_edge("turn:3", "speaker:Ben")
    assert g.has_edge("turn:3", "term:pottery")
    assert g.has_edge("turn:7", "entity:lisbon")
    assert g.has_edge("turn:2", "turn:3") and not g.has_edge("turn:3", "turn:4")  # adjacency stays in a session
    assert g.has_edge("turn:3", "day:3 March 2023")  # said on
    assert g.has_edge("turn:3", "day:2 March 2023")  # "yesterday" points at
    assert g.has_edge("day:3 March 2023", "day:20 March 2023")  # one session to the next
    assert g.has_edge("day:2 March 2023", "month:March 2023")


def test_graph_seeds_are_the_questions_words_names_dates_and_best_hits(conv1, hash_embedder):
    graph = GraphTurnRetriever(hash_embedder)
    graph.index(conv1.turns)
    explained = graph.explain("What did Ben start in Lisbon on 2 March 2023?", 3)
    kinds = {s.node: s.kind for s in explained.seeds}
    assert kinds["term:start"] == "term" and kinds["entity:lisbon"] == "entity"
    assert kinds["day:2 March 2023"] == "day" and kinds["speaker:Ben"] == "speaker"
    assert any(kind == "turn" for kind in kinds.values())
    assert abs(sum(s.weight for s in explained.seeds) - 1.0) < 1e-9
    assert explained.boosted_speakers == ["Ben"]
    assert len(explained.candidates) == 3


def test_graph_ranks_the_named_speakers_turn_above_the_same_words_from_the_other_speaker(hash_embedder):
    turns = chat([("Ana", "I adopted a beagle.")], [("Ben", "I adopted a beagle.")])
    graph = GraphTurnRetriever(hash_embedder)
    graph.index(turns)
    assert [c.turn for c in graph.retrieve("What did Ana adopt?", 2)] == [0, 1]
    assert [c.turn for c in graph.retrieve("What did Ben adopt?", 2)] == [1, 0]
    # naming both people of the chat singles out nobody
    assert graph.explain("What did Ana and Ben adopt?", 2).boosted_speakers == []


# --- fusion and hybrid ----------------------------------------------------------------------------------------


def test_rrf_adds_weight_over_k_plus_rank_and_keeps_each_methods_rank():
    fused = reciprocal_rank_fusion({"a": [1, 2, 3], "b": [3, 1]}, k=1)
    assert [f.turn for f in fused] == [1, 3, 2]
    assert fused[0].score == pytest.approx(1 / 2 + 1 / 3)
    assert fused[1].score == pytest.approx(1 / 4 + 1 / 2)
    assert fused[0].ranks == {"a": 1, "b": 2} and fused[2].ranks == {"a": 2}
    assert [f.rank for f in fused] == [1, 2, 3]
    weighted = reciprocal_rank_fusion({"a": [1, 2, 3], "b": [3, 1]}, k=1, weights={"a": 0.1})
    assert [f.turn for f in weighted] == [3, 1, 2]


def test_rrf_breaks_ties_by_best_rank_then_earlier_turn_and_honours_the_limit():
    fused = reciprocal_rank_fusion({"a": [7, 9], "b": [5, 9]}, k=60)
    assert [f.turn for f in fused] == [9, 5, 7]
    assert [f.turn for f in reciprocal_rank_fusion({"a": [7], "b": [5]}, k=60, limit=1)] == [5]


def test_hybrid_explains_each_fused_turn_with_every_methods_rank(conv1, hash_embedder):
    hybrid = HybridTurnRetriever(hash_embedder)
    hybrid.index(conv1.turns)
    explained = hybrid.explain("Where did Ana buy new running shoes?", 4)
    assert len(explained) == 4 and explained[0].turn == 7
    assert set(explained[0].ranks) == {"vector", "bm25", "graph"}
    assert [c.turn for c in hybrid.retrieve("Where did Ana buy new running shoes?", 4)] == [f.turn for f in explained]


# --- registry and determinism ---------------------------------------------------------------------------------


def test_every_method_is_a_turn_retriever_built_by_name(hash_embedder):
    for name in ("vector", "bm25", "graph", "hybrid"):
        retriever = create_retriever(name, hash_embedder)
        assert isinstance(retriever, TurnRetriever) and retriever.name == name
    with pytest.raises(UnknownRetriever, match="unknown method 'dense'"):
        create_retriever("dense", hash_embedder)


def test_two_instances_rank_identically(conv1, hash_embedder):
    for name in ("vector", "bm25", "graph", "hybrid"):
        runs = []
        for _ in range(2):
            retriever = create_retriever(name, hash_embedder)
            retriever.index(conv1.turns)
            runs.append([(c.turn, round(c.score, 12)) for q in conv1.questions for c in retriever.retrieve(q.text, 5)])
        assert runs[0] == runs[1], name


@pytest.mark.integration
def test_minilm_methods_find_the_fixtures_evidence(conv1, minilm):
    for name in ("vector", "graph", "hybrid"):
        retriever = create_retriever(name, minilm)
        retriever.index(conv1.turns)
        assert 2 in [c.turn for c in retriever.retrieve("What breed is Ana's puppy?", 3)], name
        assert 7 in [c.turn for c in retriever.retrieve("Where did Ana buy new running shoes?", 3)], name
