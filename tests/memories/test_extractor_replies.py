"""Short replies to questions: the rule extractor reads what a reply answers or confirms from the question before it."""

from memories.extractor import RuleExtractor


def _read(turns: list[tuple[str, str, str]]) -> list[set[tuple[str, str, str]]]:
    ex = RuleExtractor()
    out = []
    for speaker, channel, text in turns:
        facts = ex.extract(text, channel=channel, speaker=speaker).facts
        out.append({(f.subject, f.predicate, f.object) for f in facts})
    return out


def test_yes_confirms_the_value_a_yes_no_question_states():
    got = _read([("omar", "ops", "Quayside is in the Harbour Point office, isn't it? Harbour Point = Rotterdam?"),
                 ("lena", "ops", "yep, rotterdam, by the old docks")])
    assert {(p, o) for s, p, o in got[1] if s.startswith("Harbour Point")} == {("located_in", "Rotterdam")}


def test_a_yes_no_question_states_no_fact_by_itself():
    got = _read([("omar", "ops", "Harbour Point = Rotterdam?")])
    assert got[0] == set()


def test_a_reply_value_wins_over_the_value_the_question_proposed():
    got = _read([("omar", "acct", "Fennel Foods still on Bronze?"),
                 ("lena", "acct", "yes but Gold since march")])
    assert ("Fennel Foods", "plan", "Gold") in got[1]
    assert ("Fennel Foods", "plan", "Bronze") not in got[1]


def test_a_tier_reply_carries_its_other_values_to_the_asked_account():
    got = _read([("omar", "acct", "Fennel Foods signed yesterday, Tove Berg handles them."),
                 ("omar", "acct", "what plan is Fennel Foods on?"),
                 ("lena", "acct", "Bronze for now, renews Aug")])
    assert ("Fennel Foods", "plan", "Bronze") in got[2]
    assert not any(s == "Bronze" for s, _, _ in got[2])


def test_me_answers_a_who_question_with_the_one_replying():
    got = _read([("omar", "proj", "Kestrel Rebuild is on track."),
                 ("omar", "proj", "who's leading Kestrel Rebuild?"),
                 ("tove", "proj", "me, since the reorg")])
    assert ("Kestrel Rebuild", "led_by", "tove") in got[2]


def test_the_value_said_to_hold_now_answers_a_date_question():
    got = _read([("omar", "proj", "Kestrel Rebuild is on track."),
                 ("omar", "proj", "deadline for the rebuild?"),
                 ("tove", "proj", "was 3 March, now 17 April")])
    assert {f for f in got[2] if f[1] == "deadline"} == {("Kestrel Rebuild", "deadline", "17 April")}


def test_no_yes_means_no_confirmation():
    got = _read([("omar", "ops", "Harbour Point = Rotterdam?"),
                 ("lena", "ops", "no idea tbh")])
    assert not any(p == "located_in" for _, p, _ in got[1])


def test_a_hedged_reply_confirms_nothing():
    got = _read([("omar", "ops", "what prio is Kestrel Rebuild?"),
                 ("lena", "ops", "not sure, maybe P2?")])
    assert not any(p == "priority" for _, p, _ in got[1])


def test_a_reply_in_another_channel_answers_nothing():
    got = _read([("omar", "ops", "Harbour Point = Rotterdam?"),
                 ("lena", "random", "yes definitely")])
    assert got[1] == set()


def test_a_reply_five_turns_later_answers_nothing():
    got = _read([("omar", "ops", "Harbour Point = Rotterdam?"),
                 ("a", "ops", "lunch?"), ("b", "ops", "sure"), ("c", "ops", "ok"), ("d", "ops", "cool"),
                 ("lena", "ops", "yes")])
    assert got[-1] == set()


def test_a_reply_naming_another_subject_is_read_as_its_own_statement():
    got = _read([("omar", "acct", "Fennel Foods signed yesterday, Tove Berg handles them."),
                 ("omar", "acct", "what plan is Fennel Foods on?"),
                 ("lena", "acct", "Marrow Labs is on Gold fwiw")])
    assert ("Fennel Foods", "plan", "Gold") not in got[2]
