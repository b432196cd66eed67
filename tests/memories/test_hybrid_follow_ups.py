"""What a hybrid text step reads about a subject (HybridMemory._about): vector RAG's ranking, where an earlier
asking of the same question is followed by the turns that answered it, then the turns naming the subject that
the ranking left out, then the turns just after those naming it."""

from __future__ import annotations

from memories.answer import Answer, ContextItem, Trace
from memories.graph import Unfinished
from memories.hybrid import ASKED_BEFORE, REPLY_REACH, HybridMemory
from memories.protocol import MemoryConfig
from scenarios.models import Turn

CHAT = [
    ("accounts", "maya", "Casa Lume is a restaurant group in Lisbon"),  # 0
    ("accounts", "omar", "Casa Lume - what plan is Casa Lume on now? CRM still says Standard"),  # 1
    ("random", "lena", "lunch anyone?"),  # 2
    ("accounts", "rui", "they upgraded to Premier in sept"),  # 3
    ("accounts", "maya", "nice, thanks"),  # 4
    ("accounts", "omar", "Pintxo House is on the Growth plan"),  # 5
    ("accounts", "rui", "what plan is Pintxo House on?"),  # 6
    ("ops", "zed", "Casa Lume"),  # 7
]
QUESTION = "What plan is Casa Lume on?"


def _memory(embedder, chat=CHAT, **knobs) -> HybridMemory:
    memory = HybridMemory(MemoryConfig(extraction="rules", **knobs), embedder)
    memory.ingest_many([Turn(index=i, speaker=s, text=t, channel=c) for i, (c, s, t) in enumerate(chat)])
    return memory


def _read(*ranked: tuple[int, float]) -> Answer:
    """A vector answer that read these (turn, score) pairs, best first, with no candidates beyond them."""
    context = [ContextItem(text=f"{CHAT[t][1]}: {CHAT[t][2]}", turns=[t], score=s, rank=r)
               for r, (t, s) in enumerate(ranked, start=1)]
    return Answer(backend="vector", context=context, trace=Trace(backend="vector"))


def _turns(about: list[ContextItem]) -> list[int]:
    return [t for item in about for t in item.turns]


def test_the_hash_embedder_ranks_an_earlier_asking_of_the_question_above_asked_before(hash_embedder):
    read = _memory(hash_embedder).fallback.answer(QUESTION)
    assert read.context[0].turns == [1] and read.context[0].score >= ASKED_BEFORE


def test_a_question_like_the_asked_one_naming_the_subject_is_followed_by_the_turns_after_it(hash_embedder):
    memory = _memory(hash_embedder)
    about = memory._about(memory.fallback.answer(QUESTION), "Casa Lume", None)
    # the next REPLY_REACH turns of #accounts come right after the question, above Pintxo House's question (6)
    # and #ops (7), which vector ranking put above the answer; #random's turn 2 is no answer to it
    assert _turns(about)[: 1 + REPLY_REACH] == [1, 3, 4, 5]
    assert _turns(about).index(3) < _turns(about).index(6)
    assert about[1].text == "rui: they upgraded to Premier in sept"  # shown as the vector memory shows a turn
    assert about[1].score == about[0].score


def test_every_turn_is_read_once_even_when_it_was_promoted_as_an_answer(hash_embedder):
    memory = _memory(hash_embedder)
    turns = _turns(memory._about(memory.fallback.answer(QUESTION), "Casa Lume", None))
    assert len(turns) == len(set(turns)) == len(CHAT)


def test_a_hand_built_ranking_is_followed_in_the_same_way(hash_embedder):
    about = _memory(hash_embedder)._about(_read((1, 0.8), (6, 0.7), (0, 0.4)), "Casa Lume", None)
    assert _turns(about)[:5] == [1, 3, 4, 5, 6]


def test_a_question_just_under_asked_before_is_not_followed(hash_embedder):
    memory = _memory(hash_embedder)
    under = memory._about(_read((1, ASKED_BEFORE - 0.01), (6, 0.3)), "Casa Lume", None)
    assert _turns(under)[:2] == [1, 6]
    at = memory._about(_read((1, ASKED_BEFORE), (6, 0.3)), "Casa Lume", None)
    assert _turns(at)[:2] == [1, 3]


def test_a_question_that_does_not_name_the_subject_is_not_followed(hash_embedder):
    # "what plan is Pintxo House on?" is as like the question as can be, but about another account
    about = _memory(hash_embedder)._about(_read((6, 0.9), (0, 0.4)), "Casa Lume", None)
    assert _turns(about)[:2] == [6, 0]


def test_a_statement_naming_the_subject_is_not_followed(hash_embedder):
    about = _memory(hash_embedder)._about(_read((0, 0.9), (6, 0.3)), "Casa Lume", None)
    assert _turns(about)[:2] == [0, 6]


def test_answers_after_the_time_asked_are_not_followed(hash_embedder):
    about = _memory(hash_embedder)._about(_read((1, 0.8)), "Casa Lume", 3)
    assert _turns(about)[:2] == [1, 3]
    assert 4 not in _turns(about) and 5 not in _turns(about)


def test_a_turn_naming_the_subject_that_the_ranking_left_out_is_appended_newest_first(hash_embedder):
    about = _memory(hash_embedder)._about(_read((6, 0.6), (5, 0.5)), "Casa Lume", None)
    # then, last, the turns just after one naming Casa Lume in its channel (3 and 4 after 1): a reply may say it
    # without naming it; #random's turn 2 is nobody's reply
    assert _turns(about) == [6, 5, 7, 1, 0, 3, 4]
    appended = about[2:]
    assert all(item.score == 0.0 for item in appended)
    assert appended[0].text == "zed: Casa Lume"


def test_a_turn_naming_the_subject_after_the_time_asked_is_not_appended(hash_embedder):
    about = _memory(hash_embedder)._about(_read((6, 0.6)), "Casa Lume", 5)
    assert _turns(about)[:3] == [6, 1, 0] and 7 not in _turns(about)
    assert _turns(about)[3:] == [3, 4, 5]  # the turns after those naming it, up to the time asked


def test_with_few_candidates_kept_the_turn_ranking_left_out_is_still_read(hash_embedder):
    chat = CHAT + [("accounts", "omar", "fwiw Casa Lume invoices go to their Porto address")]  # 8
    memory = _memory(hash_embedder, chat, top_k=1, candidates_kept=2)
    read = memory.fallback.answer(QUESTION)
    ranked = {t for item in read.context for t in item.turns} | {c.turn for c in read.trace.candidates}
    assert 8 not in ranked
    assert 8 in _turns(memory._about(read, "Casa Lume", None))


def test_the_subject_decides_which_question_is_followed(hash_embedder):
    about = _memory(hash_embedder)._about(_read((6, 0.9), (1, 0.8)), "Pintxo House", None)
    # #accounts has no turn after Pintxo House's question yet, and Casa Lume's question (1) is not followed:
    # Pintxo House's own statement (5), which the ranking left out, comes last
    assert _turns(about) == [6, 1, 5]


def test_a_text_step_reads_the_answer_given_after_the_earlier_asking(hash_embedder):
    memory = _memory(hash_embedder, top_k=2, candidates_kept=3)
    read = memory.fallback.answer(QUESTION)
    assert 3 not in {t for item in read.context for t in item.turns} | {c.turn for c in read.trace.candidates}
    typed = memory._typed_read(QUESTION, read, "Casa Lume", "plan", None)
    assert typed.text == "Premier"  # not the CRM's Standard, said in the asking turn
    assert typed.context[typed.trace.reader_pick].turns == [3]  # the answer joins the prompt


def test_a_question_put_to_the_memory_leaves_the_turn_it_follows_as_said(hash_embedder):
    # the runner ingests an answered question under the index of the turn before it: that turn keeps its text
    memory = HybridMemory(MemoryConfig(extraction="rules"), hash_embedder)
    memory.ingest_many([Turn(index=0, speaker="ana", text="Acme renews in May.", channel="accounts")])
    memory.ingest(Turn(index=0, speaker="bo", text="When does Acme renew?", channel="accounts", kind="question"))
    assert memory._said[0] == ("accounts", "Acme renews in May.")
    assert memory._lines[0] == "ana: Acme renews in May."
    assert memory._by_channel["accounts"] == [0]


def test_a_question_put_to_the_memory_is_neither_rewritten_nor_followed(hash_embedder):
    # the runner ingests an answered question under the index of the turn before it ("Ha, fair."): read as the
    # question it is, and what the chat said next is no answer to it
    memory = HybridMemory(MemoryConfig(extraction="rules"), hash_embedder)
    memory.ingest_many([Turn(index=0, speaker="ana", text="QuotaService alerts are noisy.", channel="infra"),
                        Turn(index=1, speaker="bo", text="Ha, fair.", channel="infra")])
    memory.ingest(Turn(index=1, speaker="cy", text="Who owns QuotaService?", channel="infra", kind="question"))
    memory.ingest_many([Turn(index=2, speaker="bo", text="Rhea is on leave.", channel="infra")])
    asked = Answer(backend="vector", text="", trace=Trace(backend="vector"),
                   context=[ContextItem(text="cy: Who owns QuotaService?", turns=[1], score=1.0)])
    about = memory._about(asked, "QuotaService", None)
    assert about[0].text == "cy: Who owns QuotaService?"
    assert 2 not in [t for item in about[:2] for t in item.turns]


def test_a_question_put_to_the_memory_does_not_hide_the_turn_whose_index_it_shares(hash_embedder):
    # "where is Leixões office officially?" / "Matosinhos." and then a question put to the memory, ingested under
    # the reply's index: ranked first, it must not count that reply as read, or the reply never follows its question
    memory = HybridMemory(MemoryConfig(extraction="rules"), hash_embedder)
    memory.ingest_many([Turn(index=0, speaker="joost", text="where is Leixões office officially?", channel="accounts"),
                        Turn(index=1, speaker="rafael", text="Matosinhos.", channel="accounts")])
    memory.ingest(Turn(index=1, speaker="joost", text="which city is the Leixões office in?", channel="accounts",
                       kind="question"))
    asked = Answer(backend="vector", text="", trace=Trace(backend="vector"),
                   context=[ContextItem(text="joost: which city is the Leixões office in?", turns=[1], score=0.9),
                            ContextItem(text="joost: where is Leixões office officially?", turns=[0], score=0.4)])
    about = memory._about(asked, "Leixões", None)
    assert "rafael: Matosinhos." in [item.text for item in about]


def test_a_doubted_edge_is_read_again_only_from_turns_after_it(hash_embedder):
    # the graph holds Aroha from the table; a later turn hands the account on in words extraction does not read.
    # Asked who has it now, the step reads the turns after the edge's own, whatever the ranker makes of the table
    chat = [
        ("accounts", "aroha", "Account | Rep\nPonsonby Social | Aroha Williams\nKauri Lodge | Dan Reilly"),  # 0
        ("accounts", "trish", "Ponsonby Social changed since the doc. Aroha's got enough on her plate, so the "
                              "Socials have gone over to Hemi as of this week."),  # 1
    ]
    memory = _memory(hash_embedder, chat)
    plan = Unfinished("Ponsonby Social", ["handled_by"], [], doubted=True)
    graph = memory.graph.answer("Who's looking after Ponsonby Social now?")
    assert graph.text == "Aroha Williams"  # the edge in doubt
    walked = memory._bridge("Who's looking after Ponsonby Social now?", plan, graph, None)
    assert walked is not None and walked.text == "Hemi"


def test_a_change_the_subject_says_of_themself_overrules_the_edge(hash_embedder):
    # "kasia.m" is Kasia Mazur: her own word that she moved counts as a statement naming her
    chat = [
        ("accounts", "jan", "Kasia Mazur works in the Gdynia office."),  # 0
        ("accounts", "kasia.m", "update for the list: my move is confirmed, HR-553. from 1 october I am in "
                                "Waalhaven office, not Gdynia anymore."),  # 1
    ]
    memory = _memory(hash_embedder, chat)
    assert memory.graph.answer("Kasia is in which office now?").text == "Gdynia office"  # the edge
    assert memory.answer("Kasia is in which office now?").text == "Waalhaven office"
    assert memory._said_by(1, "Kasia Mazur") and not memory._said_by(0, "Kasia Mazur")


def test_a_semantic_link_yields_to_a_name_the_chat_wrote_word_for_word(hash_embedder):
    from memories.answer import LinkDecision

    chat = [("infra", "diogo", "booking-api is owned by Diogo Matos"),
            ("infra", "diogo", "the payments adapter is Filipe's, he wrote it")]
    memory = _memory(hash_embedder, chat)
    linked = Trace(backend="graph", relations=["owned_by"], links=[
        LinkDecision(mention="the payments adapter", node="booking-api", step="semantic", score=0.22)])
    rival = memory._rival(Answer(backend="graph", trace=linked), None)
    assert rival is not None and rival.start == "payments adapter" and rival.remaining == ["owned_by"]
    # a paraphrase the chat never wrote keeps its link
    linked.links[0].mention = "the card money thing"
    rival = memory._rival(Answer(backend="graph", trace=linked), None)
    assert rival is None or rival.start != "card money thing"
