"""A learned ranking for one text step: every thing of the asked type that the retrieved turns say, each described
by a few plain features of where and how it is said, and scored by a logistic model trained on the development
scenarios' gold facts (simulator/train_reader.py writes `reader_weights.json` beside this file).

The hand-ordered reader (memories.slot_reader.read_slots) stops at the first statement it trusts. Its pick is one
of the features here, so the model keeps it where nothing else speaks louder, and overrules it where the evidence
is elsewhere in the retrieved turns: a value in the second-ranked turn, nearer the subject; the same name said in
three turns that speak of the subject; a reply whose question named the subject. The features are about the
text's shape (distance, sentence, reply, rank, kind), never about words of any one scenario, so what it learns
from one writer is meant to hold for another; `ctxsim bench reading` and the held-out files measure whether it
does.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from memories.answer import ContextItem
from memories.mentions import (
    ANY_TYPE, FIRST_PERSON, PERSON, KnownNames, find_mentions, is_question, person_shape, sentences,
)
from memories.person_names import fold
from memories.slot_reader import (
    _PRONOUNS,
    _VALUE_FINDERS,
    _WORD,
    _denied,
    _entity_spans,
    _freshness,
    _hearing,
    _last_question,
    _replies_on,
    _value_spans,
    called,
    is_speaker,
    is_subject,
    read_slots,
    spoken,
    spoken_to,
)

WEIGHTS = Path(__file__).with_name("reader_weights.json")
DEPTH = 12  # retrieved turns whose candidates are ranked: the reader's evidence is nearly always among them

# Words opening a sentence on the thing the sentence before it named.
_BACK_REFERENCES = frozenset({"it", "it's", "its", "that", "that's", "this", "they", "they're", "both"})

# The features of one candidate, in the order the weights are stored.
FEATURES = (
    "hand_first",  # the hand-ordered reader's first reading
    "hand_second",  # its runner-up
    "fit_sure",  # the mention is surely of the asked type (a full name for a person, a head noun, a known kind)
    "fit_person",  # a first and last name, asked for a person
    "rank",  # 1 / (1 + the turn's rank among the retrieved)
    "score",  # the turn's likeness to the question
    "same_sentence",  # the sentence names the subject
    "nearness",  # 1 / (1 + tokens between it and the subject's name), in the same sentence
    "after_subject",  # said after the subject's name ("Acme is handled by Dana")
    "same_message",  # another sentence of the message names the subject
    "reply",  # the turn names no subject and replies to turns that do
    "reply_opening",  # the first thing a reply says
    "pronoun",  # the sentence has a pronoun that may stand for the subject
    "asked",  # said in a question
    "denied",  # a negation or hedge between it and the subject
    "new_value",  # said as the new value ("moved to", "now")
    "old_value",  # said as the old one ("was", "from")
    "first_in_sentence",  # the first candidate of its sentence
    "speaker",  # the speaker, in the first person ("mine", "I'm at ...")
    "recency",  # the turn's place in the conversation, 0 for the earliest retrieved, 1 for the latest
    "turns_saying",  # log(1 + retrieved turns that say it)
    "turns_naming",  # log(1 + retrieved turns that say it and name the subject)
    "known_kind",  # the graph already holds it as a thing of the asked type
    "answers_question",  # a reply to a question that names the subject
    "first_sentence",  # in the message's first sentence
    "short_sentence",  # 1 / words in the sentence: a list row or a one-line answer ("Halo - P1")
    "newest",  # recency, where the question asks for the value as it stands now
    "value_nearness",  # nearness, where a value (priority, month, plan...) is asked for
    "value_rank",  # rank, where a value is asked for
    "untied",  # neither the sentence nor its message names the subject, and it is no reply about it
    "others_named",  # the sentence names something besides the subject and the candidates: whose value it may be
    "by_subject",  # the subject said it ("Data & Analytics team", from Niamh, when everyone was asked)
    "after_question",  # the turn follows a question in its channel: it may answer it
    "spoken_to",  # a person the sentence is said to ("also Brenda, ...", "thanks Dana"), asked for a person
    "bias",
)


@dataclass
class Candidate:
    answer: str
    item: ContextItem
    features: dict[str, float] = field(default_factory=dict)
    score: float = 0.0

    def vector(self) -> list[float]:
        return [self.features.get(name, 0.0) for name in FEATURES]


@dataclass(frozen=True)
class Model:
    weights: tuple[float, ...]
    means: tuple[float, ...]
    scales: tuple[float, ...]

    def score(self, vector: Sequence[float]) -> float:
        z = sum(w * (x - m) / s for w, x, m, s in zip(self.weights, vector, self.means, self.scales))
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


@lru_cache(maxsize=1)
def load_model(path: Path = WEIGHTS) -> Model | None:
    """The trained model, or None where no weights were trained (the hand-ordered reader then reads alone)."""
    if not path.exists():
        return None
    data = json.loads(path.read_text())
    if tuple(data["features"]) != FEATURES:
        return None  # weights trained on other features: retrain (simulator/train_reader.py)
    return Model(tuple(data["weights"]), tuple(data["means"]), tuple(data["scales"]))


def _key(answer: str) -> str:
    return fold(answer).casefold().strip()


def candidates(subject: str, wanted: str, items: Sequence[ContextItem],
               known: Sequence[str] | Mapping[str, str] = (),
               lead_in: Callable[[ContextItem], Sequence[str]] | None = None, *, latest: bool = False,
               also: Sequence[str] = (), loose: bool = False) -> list[Candidate]:
    """Every thing of type `wanted` the first DEPTH `items` say, once per sentence that says it, with its
    features; the hand-ordered reader's readings are among them. `also`: other names the subject goes by.
    `loose`: a statement that names another thing of the subject's kind and not the subject gives candidates too
    (marked `others_named`), for when nothing else does."""
    about = called(subject, also)
    if not about or wanted == "description":
        return []
    hand = read_slots(subject, wanted, items, known, lead_in, latest=latest, most=2, also=also)
    names = KnownNames(list(known))
    kinds = known if isinstance(known, Mapping) else {}
    own_kind = kinds.get(subject) or (PERSON if person_shape(subject) is True else None)
    found: list[Candidate] = []
    shown = items[:DEPTH]
    turns = [max(item.turns, default=0) for item in shown]
    low_turn, high_turn = min(turns, default=0), max(turns, default=0)
    for rank, item in enumerate(shown):
        speaker, text = spoken(item)
        said = sentences(text)
        themself = speaker is not None and is_speaker(speaker, about)
        lows_of = [[fold(t.low) for t in sentence] for sentence in said]
        names_subject = [any(low in about or themself and low in FIRST_PERSON for low in lows) for lows in lows_of]
        before_it = list(lead_in(item)) if lead_in is not None else []
        reply = lead_in is not None and not any(names_subject) and _replies_on(about, before_it, False, names, known)
        asked_before = _last_question(before_it) if reply else None
        answers = asked_before is not None and bool(about & set(_WORD.findall(fold(asked_before))))
        heard = _hearing(names, known, before_it, about) if reply else names
        recency = (max(item.turns, default=0) - low_turn) / (high_turn - low_turn) if high_turn > low_turn else 1.0
        for number, sentence in enumerate(said):
            lows = lows_of[number]
            at = [i for i, low in enumerate(lows) if low in about or themself and low in FIRST_PERSON]
            pronoun = reply and any(low in _PRONOUNS for low in lows)
            if wanted in _VALUE_FINDERS:
                spans = _value_spans(sentence, text, wanted)
            else:
                # the speaker counts where the sentence is about the subject: it names it, answers a question on
                # it, or opens on a word pointing back to the sentence before that named it ("... to
                # postgres-main. that one is mine")
                back = number > 0 and names_subject[number - 1] and bool(lows) and lows[0] in _BACK_REFERENCES
                spans = _entity_spans(sentence, text, wanted, about, heard, speaker if at or reply or back else None,
                                      reply and number == 0, kinds)
            spans.sort(key=lambda sp: sp[1])
            words = sum(1 for t in sentence if t.is_word)
            answers_here = {_key(sp[2]) for sp in spans}
            # where the sentence names something besides the subject and the candidates: whose statement it may be
            named = [m for m in find_mentions(sentence, text, known=heard, learned=lambda _: None,
                                              resolve_pronoun=lambda kind, so_far: None)
                     if not m.pronoun and _key(m.name) not in answers_here
                     and not is_subject(m.name, about)]
            others = [m.start for m in named]
            # a thing of the subject's own kind named in the sentence: the statement may well be its
            # ("Restaurant Basic", a name of no known type, is no rival: "plan is Restaurant Basic, renews in August")
            rivals = [m.start for m in named if own_kind is None or own_kind in m.types and (
                m.types != ANY_TYPE or kinds.get(m.name) == own_kind
                or own_kind == PERSON and person_shape(m.name) is True)]
            untied = not at and not any(names_subject) and not reply and not themself
            for order, (fit, position, answer) in enumerate(spans):
                if rivals and not loose and (untied or reply and min(rivals) < position):
                    continue  # "Omar Haddad is on the Payments team": a statement about another thing
                nearest = min(at, key=lambda a: (abs(position - a), a)) if at else None
                between = lows[min(nearest, position) : max(nearest, position)] if nearest is not None else []
                fresh = _freshness(sentence, position, position + 1, text)
                found.append(Candidate(answer, item, {
                    "fit_sure": float(fit >= 2),
                    "fit_person": float(fit >= 3),
                    "rank": 1.0 / (1.0 + rank),
                    "score": float(item.score or 0.0),
                    "same_sentence": float(bool(at)),
                    "nearness": 1.0 / (1.0 + abs(position - nearest)) if nearest is not None else 0.0,
                    "after_subject": float(nearest is not None and position > nearest),
                    "same_message": float(not at and any(names_subject)),
                    "reply": float(reply),
                    "reply_opening": float(reply and number == 0 and order == 0),
                    "pronoun": float(pronoun),
                    "asked": float(is_question(sentence)),
                    "denied": float(_denied(between)),
                    "new_value": float(fresh == 2),
                    "old_value": float(fresh == 0),
                    "first_in_sentence": float(order == 0),
                    "speaker": float(speaker is not None and sentence[position].low in FIRST_PERSON),
                    "recency": recency,
                    "known_kind": float(kinds.get(answer) == wanted),
                    "answers_question": float(answers),
                    "first_sentence": float(number == 0),
                    "short_sentence": 1.0 / max(words, 1),
                    "newest": recency if latest else 0.0,
                    "value_nearness": (1.0 / (1.0 + abs(position - nearest)) if nearest is not None else 0.0)
                    if wanted in _VALUE_FINDERS else 0.0,
                    "value_rank": 1.0 / (1.0 + rank) if wanted in _VALUE_FINDERS else 0.0,
                    "untied": float(untied),
                    "others_named": float(bool(others)),
                    "by_subject": float(themself),
                    "after_question": float(asked_before is not None or _last_question(before_it[-1:]) is not None),
                    "spoken_to": float(wanted == PERSON and spoken_to(sentence, position, answer)),
                    "bias": 1.0,
                }))
    for place, (answer, item) in enumerate(hand):
        mark = "hand_first" if place == 0 else "hand_second"
        marked = [c for c in found if _key(c.answer) == _key(answer) and c.item is item]
        if not marked:  # read beyond DEPTH, or by a rule the features do not follow (a sentence naming it next)
            marked = [Candidate(answer, item, {"bias": 1.0, "fit_sure": 1.0})]
            found.append(marked[0])
        for c in marked:
            c.features[mark] = 1.0
    saying: dict[str, set[int]] = {}
    naming: dict[str, set[int]] = {}
    for c in found:
        turn = c.item.turns[0] if c.item.turns else -1
        saying.setdefault(_key(c.answer), set()).add(turn)
        if c.features.get("same_sentence") or c.features.get("same_message"):
            naming.setdefault(_key(c.answer), set()).add(turn)
    for c in found:
        c.features["turns_saying"] = math.log1p(len(saying.get(_key(c.answer), ())))
        c.features["turns_naming"] = math.log1p(len(naming.get(_key(c.answer), ())))
    return found


class Reading(NamedTuple):
    """What a text step read, the turn it read it from, the model's score for it, and the best other reading it
    passed over (for the trace: why this one)."""

    answer: str
    item: ContextItem
    weight: float | None = None
    runner_up: str | None = None
    runner_up_weight: float | None = None


def rank_readings(subject: str, wanted: str, items: Sequence[ContextItem],
                  known: Sequence[str] | Mapping[str, str] = (),
                  lead_in: Callable[[ContextItem], Sequence[str]] | None = None, *, latest: bool = False,
                  most: int = 2, log: list | None = None, also: Sequence[str] = (), loose: bool = False,
                  ) -> list[Reading]:
    """Up to `most` different readings, best first, as the trained model ranks the candidates; the hand-ordered
    reader's where no model was trained. With `log`, the candidates are appended to it as (subject, wanted,
    candidates): what training reads."""
    model = load_model()
    found = candidates(subject, wanted, items, known, lead_in, latest=latest, also=also, loose=loose) if (
        model is not None or log is not None) else []
    if log is not None:
        log.append((subject, wanted, found))
    if model is None:
        return [Reading(a, item) for a, item in read_slots(subject, wanted, items, known, lead_in, latest=latest,
                                                           most=most, also=also)]
    for c in found:
        c.score = model.score(c.vector())
    # best first; among equals, the better-ranked turn and the earlier candidate (a stable sort keeps their order)
    ranked = sorted(found, key=lambda c: -c.score)
    out: list[Reading] = []
    for c in ranked:
        # a runner-up only from a statement that names the subject, as the hand-ordered reader keeps it: a reply
        # read through the turns before it is good for a first guess and no more
        named = c.features.get("same_sentence") or c.features.get("same_message") or c.features.get("hand_second")
        if _key(c.answer) not in {_key(r.answer) for r in out} and (named or not out):
            other = next((o for o in ranked if _key(o.answer) != _key(c.answer)), None)
            out.append(Reading(c.answer, c.item, round(c.score, 4), other.answer if other else None,
                               round(other.score, 4) if other else None))
        if len(out) == most:
            break
    return out
