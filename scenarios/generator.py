"""The seeded synthetic suite: 12 conversations per seed (4 each in #infra, #accounts and #ad-hoc), each with a
handful of facts buried in filler and six questions (direct, distant, join, multihop, update, paraphrase).

Every conversation is drawn from its own `random.Random`, seeded from a stable string of (seed, channel, n), so
the suite is byte-identical from run to run and process to process. The words live in scenarios/vocabulary.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Iterable

from scenarios import vocabulary as V
from scenarios.models import Fact, Question, Scenario, Turn

CHANNELS: tuple[str, ...] = ("infra", "accounts", "ad-hoc")
PER_CHANNEL = 4
QUESTION_TYPES: tuple[str, ...] = ("direct", "distant", "join", "multihop", "update", "paraphrase")
MIN_TURNS, MAX_TURNS = 50, 60
DISTANT_GAP = 30  # a distant question comes at least this many turns after its fact
NEAR_TOPIC_SHARE = 0.3  # of the filler turns


def id_prefix(channel: str) -> str:
    return channel.replace("-", "")


def scenario_id(seed: int, channel: str, n: int) -> str:
    return f"{id_prefix(channel)}_s{seed}_{n}"


# --- Entities -----------------------------------------------------------------------------------------


@dataclass
class Entity:
    name: str  # the name in gold facts
    kind: str
    nps: list[str]  # how the text names it mid-sentence; the first is the plain one
    answers: list[str]  # accepted answers when it is the answer
    desc: str | None = None  # stated description (relative clause)
    mention: str | None = None  # paraphrase that names it by description only

    @property
    def np(self) -> str:
        return self.nps[0]


def _value(value: str, kind: str) -> Entity:
    return Entity(value, kind, [value], [value])


def _possessive(np: str) -> str:
    return np + ("'" if np.endswith("s") else "'s")


def _article(word: str) -> str:
    vowel_sound = word[:1].upper() in "AEIOU" and not word.upper().startswith(("US", "UK"))
    return ("an " if vowel_sound else "a ") + word


def _capitalise(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


DESCRIBED_POOLS = {"component": V.COMPONENTS, "account": V.ACCOUNTS, "project": V.PROJECTS}
# infra_s0_0, the default scenario, is anchored on ReportingAPI, as the source article's example conversation is.
FIRST_ANCHORS = {"component": "ReportingAPI"}


class _Pools:
    """The name pools one conversation draws from: a seed-dependent subset of each pool, so seeds differ in
    names; and the conversation's anchor (the entity its join questions start from) taken in turn from one fixed
    shuffle of its pool, so no two of the first 20+ conversations of a channel share an anchor."""

    SHARE = 0.7

    def __init__(self, seed: int, n: int) -> None:
        self.seed = seed
        self.slot = seed * PER_CHANNEL + n

    def anchor(self, kind: str) -> tuple[str, str, str, str]:
        pool = DESCRIBED_POOLS[kind]
        order = random.Random(f"ctxsim-anchor|{kind}").sample(range(len(pool)), len(pool))
        first = [i for i in order if pool[i][0] == FIRST_ANCHORS.get(kind)]
        order = first + [i for i in order if i not in first]
        return pool[order[self.slot % len(pool)]]

    def _subset(self, kind: str, items: list) -> list:
        rng = random.Random(f"ctxsim-pool|{self.seed}|{kind}")
        keep = max(8, round(len(items) * self.SHARE))
        picked = set(rng.sample(range(len(items)), min(keep, len(items))))
        return [item for i, item in enumerate(items) if i in picked]

    def described(self, kind: str, rng: random.Random, k: int) -> list[tuple[str, str, str, str]]:
        """The anchor, then k - 1 more entries of its described pool; no two share a topic."""
        candidates = self._subset(kind, DESCRIBED_POOLS[kind])
        rng.shuffle(candidates)
        out: list[tuple[str, str, str, str]] = [self.anchor(kind)]
        for entry in candidates:
            if all(not (V.topics(entry[3]) & V.topics(other[3])) for other in out):
                out.append(entry)
            if len(out) == k:
                return out
        raise AssertionError(f"pool for {kind} too small for {k} topics")  # pragma: no cover - pool sizes are fixed

    def names(self, kind: str, items: list[str], rng: random.Random, k: int,
              avoid: set[str] | frozenset[str] = frozenset(), tags: dict[str, str] | None = None) -> list[str]:
        """k names from the seed's pool, skipping those tagged with a topic in `avoid`."""
        def allowed(pool: list[str]) -> list[str]:
            return [x for x in pool if not (V.topics((tags or {}).get(x, "")) & avoid)]

        names = allowed(self._subset(kind, items))
        if len(names) < k:  # the topics ruled out too much of this seed's share: draw from the whole pool
            names = allowed(items)
        return rng.sample(names, k)


def _component(entry: tuple[str, str, str, str]) -> Entity:
    name, desc, mention, _ = entry
    return Entity(name, "component", [name], [name], desc, mention)


def _account(entry: tuple[str, str, str, str]) -> Entity:
    name, desc, mention, _ = entry
    return Entity(name, "account", [name, f"the {name} account"], [name], desc, mention)


def _project(entry: tuple[str, str, str, str]) -> Entity:
    name, desc, mention, _ = entry
    return Entity(name, "project", [name, f"the {name} project", f"Project {name}"], [name], desc, mention)


def _person(name: str) -> Entity:
    return Entity(name, "person", [name], [name])


def _team(name: str) -> Entity:
    return Entity(f"{name} team", "team", [f"the {name} team"], [f"{name} team", name])


def _office(city: str) -> Entity:
    return Entity(f"{city} office", "office", [f"the {city} office"], [f"{city} office", city])


# --- The plan of one conversation ----------------------------------------------------------------------


@dataclass
class Slot:
    """One fact turn: its triples (the first is the one the sentence is built around), an optional entity
    described in a relative clause, and for an update the slot whose value it replaces."""

    key: str
    triples: list[tuple[Entity, str, Entity]]
    describe: Entity | None = None
    replaces: "Slot | None" = None
    phrasing: str | None = None  # phrasing key when it differs from the predicate (located_in of an account)
    position: int = -1

    @property
    def main(self) -> tuple[Entity, str, Entity]:
        return self.triples[0]


@dataclass
class Ask:
    """A single-hop question candidate: subject, predicate (phrasing key), the slot holding the fact, the answer."""

    subject: Entity
    phrasing: str
    slot: str
    answer: Entity


@dataclass
class QuestionPlan:
    type: str
    text: str
    answers: list[str]
    evidence: list[str]  # slot keys
    meta: dict[str, str] = field(default_factory=dict)


@dataclass
class World:
    slots: list[Slot]
    singles: list[Ask]  # candidates for direct, distant (and, when described, paraphrase)
    join: QuestionPlan
    multihop: QuestionPlan
    update: QuestionPlan
    noise: dict[str, list[Entity]]  # near-topic slot name -> entities it may name
    title: str

    def slot(self, key: str) -> Slot:
        return next(s for s in self.slots if s.key == key)


def _pick(rng: random.Random, options: list[str]) -> str:
    return options[rng.randrange(len(options))]


def _subject_np(rng: random.Random, entity: Entity) -> str:
    return _pick(rng, entity.nps)


def _single_question(rng: random.Random, phrasing: str, subject_np: str) -> str:
    template = _pick(rng, V.QUESTION_PHRASINGS[phrasing])
    return _capitalise(template.format(s=subject_np, s_poss=_possessive(subject_np)))


def _chain_question(rng: random.Random, templates: list[str], entity: Entity) -> str:
    np = _subject_np(rng, entity)
    template = _pick(rng, templates)
    if "{s_poss}" in template:  # "the Kestrel Foods account's account manager" reads badly: possessives take the name
        np = entity.name
    return _capitalise(template.format(s=np, s_poss=_possessive(np)))


def _update_pair(rng: random.Random, subject: Entity, predicate: str, values: list[str],
                 kind: str) -> tuple[Slot, Slot, QuestionPlan]:
    """A single-valued fact, its later replacement, and the question asking for the current value."""
    old_value, new_value = rng.sample(values, 2)
    old = Slot("old", [(subject, predicate, _value(old_value, kind))])
    new = Slot("new", [(subject, predicate, _value(new_value, kind))], replaces=old)
    template = _pick(rng, V.UPDATE_QUESTION_PHRASINGS[predicate])
    np = subject.name if "{s_poss}" in template else _subject_np(rng, subject)
    text = _capitalise(template.format(s=np, s_poss=_possessive(np)))
    plan = QuestionPlan("update", text, [new_value], ["new"], {"stale": old_value})
    return old, new, plan


def _topics_of(entries: list[tuple[str, str, str, str]]) -> set[str]:
    return set().union(*(V.topics(e[3]) for e in entries))


def _infra_world(rng: random.Random, pools: _Pools) -> World:
    entries = pools.described("component", rng, 4)
    a, b, c, d = (_component(e) for e in entries)
    p_a, p_b = (_person(n) for n in pools.names("person", V.PEOPLE, rng, 2))
    teams = pools.names("infra_team", V.INFRA_TEAMS, rng, 2, _topics_of(entries), V.TEAM_TOPICS)
    t_a, t_b = (_team(n) for n in teams)
    region, region2 = (_value(r, "cloud_region") for r in pools.names("cloud_region", V.CLOUD_REGIONS, rng, 2))
    slots = [
        Slot("dep", [(a, "depends_on", b), (a, "described_as", _value(a.desc, "description"))], describe=a),
        Slot("own_b", [(b, "owned_by", p_b)]),
        Slot("team_b", [(p_b, "member_of", t_b)]),
        Slot("own_a", [(a, "owned_by", p_a)]),
        Slot("team_a", [(p_a, "member_of", t_a)]),
        Slot("deploy_c", [(c, "deployed_in", region), (c, "described_as", _value(c.desc, "description"))],
             describe=c),
    ]
    singles = [
        Ask(a, "depends_on", "dep", b),
        Ask(b, "owned_by", "own_b", p_b),
        Ask(p_b, "member_of", "team_b", t_b),
        Ask(a, "owned_by", "own_a", p_a),
        Ask(p_a, "member_of", "team_a", t_a),
    ]
    if rng.random() < 0.7:
        target = _pick_entity(rng, [a, b, c])
        old, new, update = _update_pair(rng, target, "priority", V.PRIORITIES, "priority")
        slots += [old, new]
        singles.append(Ask(c, "deployed_in", "deploy_c", region))
    else:
        # The update moves c to another region; its first region was stated with its description.
        old = slots[-1]
        new = Slot("new", [(c, "deployed_in", region2)], replaces=old)
        template = _pick(rng, V.UPDATE_QUESTION_PHRASINGS["deployed_in"])
        text = _capitalise(template.format(s=c.np, s_poss=_possessive(c.np)))
        update = QuestionPlan("update", text, [region2.name], ["new"], {"stale": region.name})
        prio_target = _pick_entity(rng, [a, b, c])
        prio = _value(_pick(rng, V.PRIORITIES), "priority")
        slots += [new, Slot("prio", [(prio_target, "priority", prio)])]
        singles.append(Ask(prio_target, "priority", "prio", prio))
    join = QuestionPlan("join", _chain_question(rng, V.JOIN_PHRASINGS["infra"], a), list(p_b.answers),
                        ["dep", "own_b"], {"trap": p_a.name})
    multihop = QuestionPlan("multihop", _chain_question(rng, V.MULTIHOP_PHRASINGS["infra"], a), list(t_b.answers),
                            ["dep", "own_b", "team_b"], {"trap": t_a.name})
    noise = {"component": [a, a, b, c, d], "person": [p_a, p_b], "team": [t_a, t_b],
             "cloud_region": [region, region2]}
    return World(slots, singles, join, multihop, update, noise, f"Who owns what around {a.name}")


def _accounts_world(rng: random.Random, pools: _Pools) -> World:
    k, k2, k3 = (_account(e) for e in pools.described("account", rng, 3))
    p, p2 = (_person(n) for n in pools.names("person", V.PEOPLE, rng, 2))
    (city, regions), (city2, _) = rng.sample(pools._subset("office", V.OFFICES), 2)
    o, o2 = _office(city), _office(city2)
    r_o = _value(_pick(rng, regions), "region")
    r_k = _value(_pick(rng, [r for r in V.BUSINESS_REGIONS if r != r_o.name]), "region")
    slots = [
        Slot("handle", [(k, "handled_by", p), (k, "described_as", _value(k.desc, "description"))], describe=k),
        Slot("works", [(p, "works_in", o)]),
        Slot("office", [(o, "located_in", r_o)]),
        Slot("home", [(k, "located_in", r_k)], phrasing="located_in_account"),
        Slot("handle2", [(k2, "handled_by", p2), (k2, "described_as", _value(k2.desc, "description"))],
             describe=k2),
        Slot("works2", [(p2, "works_in", o2)]),
    ]
    singles = [
        Ask(k, "handled_by", "handle", p),
        Ask(p, "works_in", "works", o),
        Ask(o, "located_in", "office", r_o),
        Ask(k, "located_in_account", "home", r_k),
        Ask(k2, "handled_by", "handle2", p2),
        Ask(p2, "works_in", "works2", o2),
    ]
    updated, other = ("plan", "renews_in") if rng.random() < 0.5 else ("renews_in", "plan")
    values = {"plan": V.PLANS, "renews_in": V.MONTHS}
    old, new, update = _update_pair(rng, _pick_entity(rng, [k, k2]), updated, values[updated], updated)
    extra_subject = _pick_entity(rng, [k, k2])
    extra_value = _value(_pick(rng, values[other]), other)
    slots += [old, new, Slot("extra", [(extra_subject, other, extra_value)])]
    singles.append(Ask(extra_subject, other, "extra", extra_value))
    join = QuestionPlan("join", _chain_question(rng, V.JOIN_PHRASINGS["accounts"], k), list(o.answers),
                        ["handle", "works"], {"trap": r_k.name})
    multihop = QuestionPlan("multihop", _chain_question(rng, V.MULTIHOP_PHRASINGS["accounts"], k), [r_o.name],
                            ["handle", "works", "office"], {"trap": r_k.name})
    noise = {"account": [k, k, k2, k3], "person": [p, p2], "office": [o, o2], "region": [r_o, r_k]}
    return World(slots, singles, join, multihop, update, noise, f"Who handles {k.name}")


def _adhoc_world(rng: random.Random, pools: _Pools) -> World:
    entries = pools.described("project", rng, 2)
    j, j2 = (_project(e) for e in entries)
    avoid = _topics_of(entries)
    u, u2 = (_value(n, "tool") for n in pools.names("tool", V.TOOLS, rng, 2, avoid, V.TOOL_TOPICS))
    w, lead, lead2 = (_person(n) for n in pools.names("person", V.PEOPLE, rng, 3))
    hop = "member_of" if rng.random() < 0.5 else "works_in"
    if hop == "member_of":
        x_w, x_l = (_team(n) for n in pools.names("adhoc_team", V.ADHOC_TEAMS, rng, 2, avoid, V.TEAM_TOPICS))
    else:
        x_w, x_l = (_office(city) for city, _ in rng.sample(pools._subset("office", V.OFFICES), 2))
    slots = [
        Slot("uses", [(j, "uses", u), (j, "described_as", _value(j.desc, "description"))], describe=j),
        Slot("tool_owner", [(u, "owned_by", w)]),
        Slot("hop_w", [(w, hop, x_w)]),
        Slot("lead", [(j, "led_by", lead)]),
        Slot("hop_l", [(lead, hop, x_l)]),
        Slot("lead2", [(j2, "led_by", lead2), (j2, "described_as", _value(j2.desc, "description"))],
             describe=j2),
    ]
    singles = [
        Ask(j, "uses", "uses", u),
        Ask(u, "owned_by", "tool_owner", w),
        Ask(w, hop, "hop_w", x_w),
        Ask(j, "led_by", "lead", lead),
        Ask(lead, hop, "hop_l", x_l),
        Ask(j2, "led_by", "lead2", lead2),
    ]
    updated, other = ("status", "deadline") if rng.random() < 0.5 else ("deadline", "status")
    dates = [f"{m} {day}" for m in V.MONTHS for day in (3, 7, 12, 15, 19, 24, 28)]
    values = {"status": V.STATUSES, "deadline": dates}
    old, new, update = _update_pair(rng, _pick_entity(rng, [j, j2]), updated, values[updated], updated)
    extra_subject = _pick_entity(rng, [j, j2])
    extra_value = _value(_pick(rng, values[other]), other)
    slots += [old, new, Slot("extra", [(extra_subject, other, extra_value)])]
    singles.append(Ask(extra_subject, other, "extra", extra_value))
    join = QuestionPlan("join", _chain_question(rng, V.JOIN_PHRASINGS["ad-hoc"], j), [w.name],
                        ["uses", "tool_owner"], {"trap": lead.name})
    multihop = QuestionPlan("multihop", _chain_question(rng, V.MULTIHOP_PHRASINGS[f"ad-hoc/{hop}"], j),
                            list(x_w.answers), ["uses", "tool_owner", "hop_w"], {"trap": x_l.name})
    places = "team" if hop == "member_of" else "office"
    noise = {"project": [j, j, j2], "tool": [u, u2], "person": [w, lead, lead2], places: [x_w, x_l]}
    return World(slots, singles, join, multihop, update, noise, f"Tools and leads on {j.name}")


def _pick_entity(rng: random.Random, entities: list[Entity]) -> Entity:
    return entities[rng.randrange(len(entities))]


WORLDS = {"infra": _infra_world, "accounts": _accounts_world, "ad-hoc": _adhoc_world}


# --- Choosing the single-hop questions -----------------------------------------------------------------


def _single_plans(rng: random.Random, world: World) -> tuple[QuestionPlan, QuestionPlan, QuestionPlan]:
    """Direct, distant and paraphrase questions over three different single-hop facts."""
    singles = list(world.singles)
    rng.shuffle(singles)
    described_here = [slot.describe for slot in world.slots if slot.describe is not None]
    described = [s for s in singles if any(s.subject is e for e in described_here)]
    para = described[0]
    rest = [s for s in singles if s is not para]
    direct, distant = rest[0], rest[1]

    def plan(kind: str, ask: Ask, np: str) -> QuestionPlan:
        return QuestionPlan(kind, _single_question(rng, ask.phrasing, np), list(ask.answer.answers), [ask.slot])

    direct_plan = plan("direct", direct, _subject_np(rng, direct.subject))
    distant_plan = plan("distant", distant, _subject_np(rng, distant.subject))
    para_plan = plan("paraphrase", para, para.subject.mention or "")
    desc_slot = next(s.key for s in world.slots if s.describe is para.subject)
    para_plan.evidence = sorted({desc_slot, para.slot})
    para_plan.meta = {"refers_to": para.subject.name, "mention": para.subject.mention or ""}
    return direct_plan, distant_plan, para_plan


# --- Laying the conversation out -----------------------------------------------------------------------


def _place(rng: random.Random, taken: dict[int, Slot], slot: Slot, lo: int, hi: int) -> None:
    """Put a fact turn at a free position in [lo, hi], preferring one with filler on both sides."""
    free = [p for p in range(lo, hi + 1) if p not in taken]
    spread = [p for p in free if all(abs(p - q) >= 2 for q in taken)]
    choice = spread or free
    if not choice:  # pragma: no cover - the ranges below always leave room
        raise AssertionError(f"no room for fact turn {slot.key} in [{lo}, {hi}]")
    slot.position = choice[rng.randrange(len(choice))]
    taken[slot.position] = slot


def _layout(rng: random.Random, world: World, n_turns: int, direct_slot: str, distant_slot: str) -> dict[int, Slot]:
    taken: dict[int, Slot] = {}
    last = n_turns - 1
    _place(rng, taken, world.slot(distant_slot), 0, last - DISTANT_GAP - 2)
    new = world.slot("new")
    old = new.replaces
    assert old is not None  # never the distant slot: an updated fact is never asked as a single hop
    _place(rng, taken, old, 1, last // 2)
    _place(rng, taken, new, max(old.position + 10, last // 2), last - 2)
    direct = world.slot(direct_slot)
    if direct.position < 0:
        _place(rng, taken, direct, 15, last - 1)
    for slot in world.slots:
        if slot.position < 0:
            _place(rng, taken, slot, 0, last)
    return taken


def _render_fact(rng: random.Random, slot: Slot) -> str:
    subject, predicate, obj = slot.main
    key = slot.phrasing or predicate
    if slot.replaces is not None:
        old_obj = slot.replaces.main[2]
        template = _pick(rng, V.UPDATE_PHRASINGS[predicate])
        np = subject.np
        return _capitalise(template.format(s=np, s_poss=_possessive(np), o=obj.np, old=old_obj.np))
    templates = V.FACT_PHRASINGS[key]
    if slot.describe is not None:
        templates = [t for t in templates if t.startswith("{s} ")]
        s_text = _pick(rng, V.DESCRIPTION_FORMS).format(s=subject.np, d=subject.desc)
        s_poss = _possessive(subject.np)
    else:
        np = _subject_np(rng, subject)
        if subject.kind == "account" and key == "located_in_account":
            np = subject.np  # a company, not its account, is based somewhere
        s_text, s_poss = np, _possessive(subject.name if subject.kind in ("account", "project") else np)
    template = _pick(rng, templates)
    sentence = template.format(s=s_text, s_poss=s_poss, o=obj.np, o_a=_article(obj.np))
    lead = _pick(rng, V.LEAD_INS) if ":" not in sentence else ""
    if lead and sentence.split(" ", 1)[0] in ("The", "We", "Priority", "For"):
        sentence = sentence[0].lower() + sentence[1:]
    return _capitalise(lead + sentence)


def _render_near_topic(rng: random.Random, channel: str, noise: dict[str, list[Entity]]) -> str:
    templates = [t for t in V.NEAR_TOPIC[channel] if _slot_name(t) in noise]
    template = _pick(rng, templates)
    name = _slot_name(template)
    entity = _pick_entity(rng, noise[name])
    np = entity.np
    if entity.kind in ("account", "project") and not template.startswith("{"):
        np = entity.name  # "the {account} QBR deck" wants the bare name
    return _capitalise(template.replace("{" + name + "}", np))


def _slot_name(template: str) -> str:
    start = template.index("{")
    return template[start + 1 : template.index("}", start)]


def _filler_lines(rng: random.Random, channel: str, count: int, noise: dict[str, list[Entity]]) -> list[str]:
    generic = V.FILLER[channel] + V.COMMON_FILLER
    near = set(rng.sample(range(count), round(count * NEAR_TOPIC_SHARE)))
    lines: list[str] = []
    for i in range(count):
        for _ in range(20):
            line = _render_near_topic(rng, channel, noise) if i in near else _pick(rng, generic)
            # Generic chatter may repeat (it does in real channels), but never twice in a row; a near-topic
            # line is said once.
            if (not lines or line != lines[-1]) and (i not in near or line not in lines):
                break
        lines.append(line)
    return lines


def generate_scenario(seed: int, channel: str, n: int) -> Scenario:
    """Conversation number n of the given seed in the given channel ('infra', 'accounts' or 'ad-hoc')."""
    if channel not in WORLDS:
        raise ValueError(f"unknown channel '{channel}' (known: {', '.join(CHANNELS)})")
    rng = random.Random(f"ctxsim-scenario|{seed}|{channel}|{n}")
    pools = _Pools(seed, n)
    world = WORLDS[channel](rng, pools)
    direct, distant, para = _single_plans(rng, world)
    n_turns = rng.randint(MIN_TURNS, MAX_TURNS)
    facts_at = _layout(rng, world, n_turns, direct.evidence[0], distant.evidence[0])
    fillers = iter(_filler_lines(rng, channel, n_turns - len(facts_at), world.noise))

    turns: list[Turn] = []
    for i in range(n_turns):
        speaker = _pick(rng, V.AGENTS)
        slot = facts_at.get(i)
        if slot is None:
            turns.append(Turn(speaker=speaker, text=next(fillers)))
        else:
            facts = [Fact(subject=s.name, predicate=p, object=o.name) for s, p, o in slot.triples]
            turns.append(Turn(speaker=speaker, text=_render_fact(rng, slot), facts=facts))

    positions = {slot.key: slot.position for slot in world.slots}
    last = n_turns - 1
    direct_fact = positions[direct.evidence[0]]
    direct_after = min(direct_fact + rng.randint(1, 3), last)
    closing = [distant, world.join, world.multihop, world.update, para]
    rng.shuffle(closing)
    questions = [_question(rng, direct, positions, direct_after)]
    questions += [_question(rng, plan, positions, last) for plan in closing]
    questions.sort(key=lambda q: q.after)  # stable: the closing questions keep their shuffled order
    return Scenario(
        id=scenario_id(seed, channel, n), channel=channel, title=world.title, seed=seed, turns=turns,
        questions=questions,
    )


def _question(rng: random.Random, plan: QuestionPlan, positions: dict[str, int], after: int) -> Question:
    return Question(
        after=after, speaker=_pick(rng, V.AGENTS), text=plan.text, type=plan.type, answer=plan.answers,
        evidence=sorted({positions[key] for key in plan.evidence}), meta=dict(plan.meta),
    )


def generate_suite(seeds: Iterable[int] = range(5)) -> list[Scenario]:
    """12 conversations per seed: 4 per channel, ids infra_s0_0 ... adhoc_s4_3."""
    return [generate_scenario(seed, channel, n) for seed in seeds for channel in CHANNELS for n in range(PER_CHANNEL)]


def generate_scaling(n_turns: int, seed: int = 0) -> Scenario:
    """One fact at turn 0, generic filler up to n_turns turns, one question about the fact after the last turn."""
    if n_turns < 1:
        raise ValueError(f"n_turns must be at least 1 (got {n_turns})")
    rng = random.Random(f"ctxsim-scaling|{seed}|{n_turns}")
    subject, predicate, obj = V.SCALING_FACT
    turns = [Turn(speaker="agent_b", text=f"{subject} is owned by {obj}.", facts=[Fact(subject=subject,
                  predicate=predicate, object=obj)])]
    generic = V.FILLER["infra"] + V.COMMON_FILLER
    for _ in range(n_turns - 1):
        turns.append(Turn(speaker=_pick(rng, V.AGENTS), text=_pick(rng, generic)))
    question = Question(after=n_turns - 1, speaker="agent_a", text=f"Who owns {subject}?", type="direct",
                        answer=[obj], evidence=[0])
    suffix = "" if seed == 0 else f"_s{seed}"
    return Scenario(id=f"scaling_{n_turns}{suffix}", channel="infra", title=f"One fact, {n_turns} turns",
                    seed=seed, turns=turns, questions=[question])
