"""The relation lexicon the extractor reads sentences with: surface cues per canonical predicate (and which side
of the cue holds the subject), cues that introduce a value (priority, deadline, status, plan, renewal), the
words that signal an update, a negation or a hedge, and the prototype phrases per relation that the embedding
path compares an unseen wording with.

A cue names several (predicate, voice) options, most likely first; the types of the two mentions pick among
them ("looks after the Acme account" -> handled_by, "looks after FeatureStore" -> owned_by). Voice "fwd": the
subject comes before the cue ("X is owned by Y"); "rev": after it ("Y owns X"); a trailing "!" admits the option
only when the subject's type is stated (a head noun or an earlier fact), not merely possible.
"""

from __future__ import annotations

from dataclasses import dataclass

Option = tuple[str, str]  # (predicate, voice)


def _options(*predicates: str, voice: str) -> tuple[Option, ...]:
    return tuple((p, voice) for p in predicates)


OWN_F = _options("owned_by", "handled_by", "led_by", voice="fwd")
OWN_R = _options("owned_by", "handled_by", "led_by", voice="rev")
HANDLE_F = _options("handled_by", "owned_by", "led_by", voice="fwd")
HANDLE_R = _options("handled_by", "owned_by", "led_by", voice="rev")
LEAD_F = _options("led_by", "owned_by", "handled_by", voice="fwd")
LEAD_R = _options("led_by", "owned_by", "handled_by", voice="rev")
DEPEND_F = _options("depends_on", "uses", voice="fwd")
DEPEND_R = _options("depends_on", "uses", voice="rev")
CALL_F = _options("depends_on", voice="fwd")  # system-to-system verbs: a project does not "call" its tools
CALL_R = _options("depends_on", voice="rev")
USE_F = _options("uses", "depends_on", voice="fwd")
WORK_F = _options("works_in", "located_in", "deployed_in", voice="fwd")
DEPLOY_F = _options("deployed_in", "located_in", "works_in", voice="fwd")
PLACE_F = _options("located_in", "deployed_in", "works_in", voice="fwd")
MEMBER_F = _options("member_of", voice="fwd")
MEMBER_R = _options("member_of", voice="rev")
IN_F = WORK_F + MEMBER_F
ON_F = MEMBER_F + (("handled_by", "rev!"),)  # "Dana is on the Acme account"; "!": only a stated account
BELONG_F = _options("owned_by", "member_of", "located_in", "deployed_in", voice="fwd")
PART_F = _options("member_of", "located_in", "deployed_in", voice="fwd")
MOVED_F = _options("deployed_in", "works_in", "member_of", "located_in", "uses", voice="fwd")
MOVE_F = WORK_F + MEMBER_F + _options("uses", voice="fwd")


@dataclass(frozen=True)
class Cue:
    words: tuple[str, ...]
    options: tuple[Option, ...]
    typed_only: bool = False  # a stated type on the object, or on a non-person subject ("is in the Berlin office")
    needs_head: bool = False  # a bare preposition: the object's own words must type it ("from the Berlin office")
    of_mode: bool = False  # "the owner of X is Y": with nothing before the cue, subject and object both follow
    update: bool = False
    firm: bool = False  # the verb names one relation ("owns"): a channel hint does not turn it into another
    moved: bool = False  # a verb with its own object before "to": "we migrated X to eu-west-1"
    # prepositions that introduce the second mention of a `moved` cue ("track Atlas in Jira"); default "to"
    through: tuple[str, ...] = ("to", "into", "onto")
    role: bool = False  # a role noun after the thing it is the role for: "Lena is the FeatureStore owner"
    bridge: bool = False  # a verb, its own lowercase object, then `through`: "X sends events to Y"
    condition: bool = False  # "won't boot if": the mention after it must be said to be down ("if Y is down")
    # a customer or a system passed to someone ("Korvath moved to Mira Delacroix", "Adebayo takes Kinrei"): a
    # person-object option needs no stated type, but the object must read as a person, the other side must not,
    # and both must stand right next to the cue
    person_object: bool = False


_BE = "is|'s|are|was|were|be|been|being"


def _expand(pattern: str) -> list[tuple[str, ...]]:
    """'{be} on' and 'look|looks after' into every word sequence they stand for."""
    seqs: list[tuple[str, ...]] = [()]
    for part in pattern.replace("{be}", _BE).split():
        optional = part.endswith("?")  # "even?": the word may be there or not
        alts = part.rstrip("?").split("|")
        seqs = [s + (alt,) for s in seqs for alt in alts] + (seqs if optional else [])
    return seqs


_RELATION_SPEC: list[tuple[str, tuple[Option, ...], dict[str, bool]]] = [
    # a project's work routed through a tool: "Kittiwake runs everything through Kafka" (tried before "runs X")
    ("run|runs|running|route|routes|routing|pipe|pipes|do|does|doing", USE_F,
     {"bridge": True, "through": ("through", "via")}),
    # who is responsible for a component, an account or a project
    ("owned|owner by", OWN_F, {"firm": True}),
    ("maintained by", OWN_F, {"firm": True}),
    ("maintained|run|managed|overseen|supported|staffed by", OWN_F, {}),
    ("looked after by", OWN_F, {}),
    ("taken care of by", OWN_F, {}),
    ("in the hands of", OWN_F, {}),
    ("owner|owners|maintainer|maintainers {be}", OWN_F, {"firm": True}),
    ("owner|maintainer :", OWN_F, {"firm": True}),
    # "booking-api: owner callum reid, p1": the role noun set before the name, as a catalogue's row writes it
    ("owner|maintainer", OWN_F, {"firm": True, "person_object": True}),
    # "Lantern Foods (lead: Ida Holm)": a role noun as a label inside a parenthesis or a list
    ("lead|am|pm|dri|contact :", LEAD_F, {}),
    ("account manager|lead|owner :", HANDLE_F, {}),
    ("handled|covered|serviced|managed|worked by", HANDLE_F, {}),
    ("account manager|owner|lead|rep {be}", HANDLE_F, {}),
    ("point of contact {be}", HANDLE_F, {}),
    ("contact|poc {be}", HANDLE_F, {}),
    ("led|headed|driven|spearheaded|championed by", LEAD_F, {}),
    ("lead|pm|dri {be}", LEAD_F, {}),
    ("own|owns|owned|owning", OWN_R, {"firm": True}),
    ("maintain|maintains|maintained|maintaining", OWN_R, {"firm": True}),
    ("look|looks|looked|looking after", OWN_R, {}),
    ("take|takes|took|taking|taken care of", OWN_R, {}),
    ("responsible|accountable for", OWN_R, {"of_mode": True}),
    ("in charge of", OWN_R, {"of_mode": True}),
    ("owner|owners|maintainer|maintainers of|for", OWN_R, {"of_mode": True, "firm": True}),
    ("on point for", OWN_R, {}),
    ("on the hook for", OWN_R, {}),
    ("go-to|goto for|on", OWN_R, {"of_mode": True}),
    ("go-to|goto person|guy|gal for|on", OWN_R, {"of_mode": True}),
    ("pick|picks|picked|picking up", OWN_R, {"update": True}),
    ("ownership of", OWN_R, {"of_mode": True, "update": True}),
    # handing something to someone: "Mira handed LedgerService (over) to Oskar"
    ("hand|hands|handed|handing|pass|passes|passed|passing|give|gives|gave|giving", OWN_F,
     {"moved": True, "update": True, "through": ("to",)}),
    ("take|takes|took|taking|taken over", OWN_R, {"update": True}),
    ("take|takes|took|taking|taken|assume|assumes|assumed ownership of", OWN_R, {"update": True, "firm": True}),
    ("inherited|inherits", OWN_R, {"update": True}),
    # a thing left where it was: "the Tern account stays with me", "billing-api remains with Dana"
    ("stays|stay|staying|remains|remain|remaining with|w/", OWN_F, {}),
    ("oversee|oversees|oversaw|overseeing", OWN_R, {}),
    ("run|runs|ran|running", OWN_R, {}),
    ("handle|handles|handled|handling", HANDLE_R, {}),
    ("manage|manages|managed|managing", HANDLE_R, {}),
    ("cover|covers|covered|covering", HANDLE_R, {}),
    ("account manager|owner|lead|rep for|on|of", HANDLE_R, {"of_mode": True}),
    ("point of contact for|on", HANDLE_R, {"of_mode": True}),
    ("contact|poc for|on", HANDLE_R, {"of_mode": True}),
    ("lead|leads|leading|led", LEAD_R, {}),
    ("head|heads|heading|headed", LEAD_R, {}),
    ("drive|drives|drove|driving", LEAD_R, {}),
    ("spearhead|spearheads|spearheaded|spearheading", LEAD_R, {}),
    ("lead|pm|dri on|for|of", LEAD_R, {"of_mode": True}),
    # what a component needs, what a project works with
    ("depend|depends|depended|depending on|upon", DEPEND_F, {}),
    ("dependent|reliant on|upon", DEPEND_F, {}),
    ("lean|leans|leaned|leaning on|upon", DEPEND_F, {}),
    ("can't|cannot|won't|couldn't|wouldn't|doesn't|don't do anything|much without", DEPEND_F, {}),
    ("can't|cannot|won't|couldn't|wouldn't|doesn't|don't even start|run|work|function|boot|operate without",
     DEPEND_F, {}),
    ("can't|cannot|won't|couldn't|wouldn't|doesn't|don't even? start|run|work|function|boot|operate if|when",
     DEPEND_F, {"condition": True}),
    ("break|breaks|fail|fails|stops|stop|dies|die|crashes|crash if|when", DEPEND_F, {"condition": True}),
    ("rely|relies|relied|relying on|upon", DEPEND_F, {}),
    ("has|have|with a dependency on", DEPEND_F, {}),
    ("dependency|dependencies on", DEPEND_F, {}),
    # a catalogue's short word for what a service needs: "booking-api deps: postgres-main + redis-sessions"
    ("deps|dependencies|upstreams :", DEPEND_F, {}),
    ("deps", DEPEND_F, {}),
    ("has|have|with dependencies on", DEPEND_F, {}),
    ("consumer|client|user|subscriber of", CALL_F, {}),
    # a system that keeps its data in another: "Spindle keeps all its job metadata in Basalt"
    ("keep|keeps|kept|keeping|store|stores|stored|storing|persist|persists|persisted|cache|caches|stash|stashes",
     CALL_F, {"bridge": True, "through": ("in", "inside")}),
    ("track|tracks|tracked|tracking|log|logs|logged|logging", USE_F, {"bridge": True, "through": ("in", "on")}),
    ("stack|toolchain|tooling {be}", _options("uses", voice="fwd"), {}),
    # a field of a project's card: "- tool: Duo", "tools: Jira + Miro"
    ("tool|tools|tooling|stack :", _options("uses", voice="fwd"), {}),
    ("subscribe|subscribes|subscribed|subscribing to", CALL_F, {}),
    ("hit|hits|hitting", CALL_F, {}),
    ("call|calls|calling", CALL_F, {}),
    ("talk|talks|talking to", CALL_F, {}),
    ("read|reads|reading|pull|pulls|pulling|fetch|fetches|fetching from", CALL_F, {}),
    ("consume|consumes|consuming", CALL_F, {}),
    ("need|needs|require|requires|requiring", DEPEND_F, {}),
    ("query|queries|querying", CALL_F, {}),
    ("built on", DEPEND_F, {}),
    # a system that stops without another depends on it ("can't start without X", "breaks without X")
    ("can't|cannot|won't|couldn't|wouldn't|doesn't|don't start|run|work|function|boot|operate|live without",
     DEPEND_F, {}),
    ("can not|will not|does not|do not start|run|work|function|boot|operate without", DEPEND_F, {}),
    ("break|breaks|fail|fails|stops|stop|dies|die without", DEPEND_F, {}),
    ("useless|dead|stuck|blocked without", DEPEND_F, {}),
    ("built on top of", DEPEND_F, {}),
    ("sits|sit on top of", DEPEND_F, {}),
    ("hangs|hanging on", DEPEND_F, {}),  # "craneflux hangs on kafka-gd" (not "hang on", which is "wait")
    ("downstream of", CALL_F, {}),
    ("backed|powered by", DEPEND_F, {}),
    ("used|needed|required|called|consumed by", DEPEND_R, {}),
    ("dependency of|for", DEPEND_R, {}),
    ("upstream of", CALL_R, {}),
    ("feed|feeds|feeding", CALL_R, {}),
    ("feeds|feed into", CALL_R, {}),
    ("use|uses|using", USE_F, {}),
    # a project's artefacts kept in a tool: "Atlas tickets are in Jira", "Atlas docs live in Confluence"
    ("tickets|issues|docs|designs|mockups|board|backlog|tasks|specs|roadmap {be}|live|lives in|on",
     _options("uses", voice="fwd"), {}),
    ("went|go|goes|going with", _options("uses", voice="fwd"), {}),
    ("built|made with|using", USE_F, {}),
    # (a region or cluster run on is where it is deployed: "billing-api runs on us-west-2")
    ("run|runs|running on", USE_F + _options("deployed_in", voice="fwd"), {}),
    ("leverage|leverages|leveraging", USE_F, {}),
    ("adopted|adopts|adopting", USE_F, {}),
    ("tracked|managed|planned in", USE_F, {}),
    ("built|made|organised|organized|coordinated|documented|written|kept|designed|prototyped|scheduled in",
     USE_F, {}),
    ("tracked|organised|organized|coordinated|planned|managed on|with|via|through", USE_F, {}),
    ("switched|migrated to", USE_F + _options("deployed_in", voice="fwd"), {"update": True}),
    ("switched|migrated over to", USE_F + _options("deployed_in", voice="fwd"), {"update": True}),
    # "the Hollander Foundation account has moved over to Wanjiru Kamau": a handover, when a person takes it
    ("moved over to", HANDLE_F + MOVE_F, {"typed_only": True, "update": True, "person_object": True}),
    ("moved over to", USE_F + DEPLOY_F + MEMBER_F, {"update": True}),
    # where a person works, where an office or a component is
    ("work|works|worked|working out of", WORK_F, {}),
    ("work|works|worked|working from|in|at", WORK_F + MEMBER_F, {}),
    ("work|works|worked|working for", MEMBER_F, {"typed_only": True}),
    # "Dana's team is Platform", "Dana's office is Berlin": the possessor's team or office
    ("team|squad {be}", MEMBER_F, {}),
    ("office {be}", _options("works_in", voice="fwd"), {}),
    ("work|works|worked|working remotely|remote from|in", WORK_F, {}),
    ("work|works|worked|working remotely|remote out of", WORK_F, {}),
    ("based in|at", WORK_F, {}),
    ("based out of", WORK_F, {}),
    ("sit|sits|sat|sitting in|at", WORK_F, {}),
    ("sit|sits|sat|sitting out of", WORK_F, {}),
    ("operate|operates|operating out of", WORK_F, {}),
    ("run|runs|running out of", WORK_F, {"typed_only": True}),
    ("located|situated in|at", PLACE_F, {}),
    ("headquartered|hq'd|hq in|at", PLACE_F, {}),
    ("fall|falls|fell|falling under|within|into", PART_F, {"typed_only": True}),
    ("sit|sits|sat|sitting under|within", PART_F, {"typed_only": True}),
    ("{be} under|within", PART_F, {"typed_only": True}),
    ("deployed|hosted in|to|on", DEPLOY_F, {}),
    ("deploy|deploys in|to", DEPLOY_F, {}),
    ("run|runs|running in", _options("deployed_in", "located_in", voice="fwd"), {}),
    # "EDI Hub is serving from eu-central-1 now": where a service answers requests from
    ("serve|serves|served|serving from", _options("deployed_in", voice="fwd"), {"typed_only": True}),
    ("serve|serves|served|serving out of", _options("deployed_in", voice="fwd"), {"typed_only": True}),
    ("live|lives|living in", _options("deployed_in", "located_in", voice="fwd"), {"typed_only": True}),
    ("{be} in", IN_F, {"typed_only": True}),
    ("{be} at", WORK_F, {"typed_only": True}),
    ("{be} out of", WORK_F, {"typed_only": True}),
    # "Helena's over at the Cedofeita office": where someone is, said the way people say it
    ("{be} over at|in", WORK_F, {"typed_only": True}),
    ("moved|relocated|transferred to", HANDLE_F + MOVE_F,
     {"typed_only": True, "update": True, "person_object": True}),
    ("move|moves|moving to", HANDLE_F, {"update": True, "person_object": True}),
    # a person going to a team or an office its words name: "Kim moves to the data team from May", "I'm moving to
    # the Stapleton support office on Monday"
    ("move|moves|moving|moved to", MEMBER_F + _options("works_in", voice="fwd"), {"update": True, "typed_only": True}),
    # a customer or a system going to someone: "Brightwell goes to Lina", "the account went to Omar"
    ("go|goes|going|went to", HANDLE_F, {"update": True, "person_object": True}),
    ("take|takes|took|taking", OWN_R, {"update": True, "person_object": True}),
    ("from", WORK_F + MEMBER_F, {"needs_head": True}),
    ("moved|migrated|relocated|transferred|shifted|deployed|redeployed|rolled|reassigned|switched|move|moves|"
     "migrate|migrates|relocate|relocates|deploy|deploys|redeploy|redeploys", MOVED_F,
     {"moved": True, "update": True}),
    ("track|tracks|tracked|organise|organises|organised|organize|organizes|organized|"
     "coordinate|coordinates|coordinated", USE_F,
     {"moved": True, "through": ("in", "on", "with", "using", "via", "through")}),
    # role nouns after the thing: "Lena is the FeatureStore owner", "Dana is Acme's account manager"
    ("owner|owners|maintainer|maintainers", OWN_R, {"role": True, "firm": True}),
    ("lead|pm|dri|manager", LEAD_R, {"role": True}),
    ("account manager|owner|lead|rep", HANDLE_R, {"role": True}),
    ("point of contact", HANDLE_R, {"role": True}),
    ("person|expert|go-to", OWN_R, {"role": True}),
    ("rep|csm", HANDLE_R, {"role": True}),
    # a system that sends to, or reads from, another depends on it, with the data named in between
    ("send|sends|sending|write|writes|writing|publish|publishes|publishing|push|pushes|pushing|forward|"
     "forwards|forwarding|emit|emits|emitting|post|posts|posting", CALL_F, {"bridge": True}),
    ("get|gets|getting|pull|pulls|pulling|read|reads|reading|fetch|fetches|fetching|load|loads|loading|"
     "receive|receives|receiving", CALL_F, {"bridge": True, "through": ("from",)}),
    ("write|writes|writing|send|sends|sending|publish|publishes|publishing|push|pushes|pushing to", CALL_F, {}),
    ("at", WORK_F, {"needs_head": True}),
    ("in", IN_F + DEPLOY_F, {"needs_head": True}),
    # teams
    ("{be} on", ON_F + _options("deployed_in", voice="fwd"), {}),  # (and "minidump store is on us-west-2")
    ("sit|sits|sat|sitting on", MEMBER_F, {}),
    # a role on a team: "Priya is a backend engineer on Payments", "Tom, an SRE in the Platform squad"
    ("engineer|engineers|developer|developers|dev|devs|sre|sres|designer|designers|analyst|analysts on", MEMBER_F,
     {}),
    ("engineer|engineers|developer|developers|dev|devs|sre|sres|designer|designers|analyst|analysts in|with",
     MEMBER_F, {"typed_only": True}),
    ("part of", PART_F, {}),
    ("member of", MEMBER_F, {}),
    ("belong|belongs|belonged to", BELONG_F, {}),
    ("joined|joins|join|joining", MEMBER_F + _options("works_in", voice="fwd"), {"update": True}),
    # "Corvid is with Kwame", "Pellucid sits with Tomasz": a customer with its account manager
    ("sit|sits|sat|sitting with", _options("handled_by", voice="fwd") + MEMBER_F,
     {"typed_only": True, "person_object": True}),
    # handing a responsibility to someone: "Globex has been reassigned to Mei"
    ("reassigned|assigned|handed|given|passed to", HANDLE_F + MEMBER_F, {"update": True}),
    ("handed|passed over to", HANDLE_F, {"update": True}),
    ("rep|reps|csm for|on|of", HANDLE_R, {"of_mode": True}),
    ("{be} with", _options("handled_by", voice="fwd") + MEMBER_F + WORK_F,
     {"typed_only": True, "person_object": True}),
    ("{be} currently|still|now|formally|officially with", _options("handled_by", voice="fwd") + MEMBER_F + WORK_F,
     {"typed_only": True, "person_object": True}),
    ("work|works|working on", MEMBER_F, {"typed_only": True}),
    ("report|reports|reported|reporting up? into", PART_F, {"typed_only": True}),
    ("roll|rolls|rolled|rolling up under|into|to", PART_F, {"typed_only": True}),
    ("include|includes|including", MEMBER_R, {}),
]


def _build_relation_cues() -> dict[str, list[Cue]]:
    index: dict[str, list[Cue]] = {}
    for pattern, options, flags in _RELATION_SPEC:
        for words in _expand(pattern):
            cue = Cue(words, options, **flags)
            index.setdefault(words[0], []).append(cue)
    for cues in index.values():
        cues.sort(key=lambda c: -len(c.words))  # longest first: "owned by" before "owned"
    return index


RELATION_CUES: dict[str, list[Cue]] = _build_relation_cues()


@dataclass(frozen=True)
class ValueCue:
    words: tuple[str, ...]
    predicate: str | None  # None: the value's kind decides ("bumped to high" -> priority)
    kinds: tuple[str, ...]  # value kinds accepted: priority, date, month, status, plan
    after: bool = False  # the value must follow within a few tokens ("set to X")
    update: bool = False


_VALUE_SPEC: list[tuple[str, str | None, tuple[str, ...], dict[str, bool]]] = [
    ("priority|prio|severity|sev|urgency", "priority", ("priority",), {}),
    ("priority|prio level", "priority", ("priority",), {}),
    ("prioritised|prioritized|deprioritised|deprioritized|escalated|de-escalated|bumped|raised|lowered|dropped"
     " to|as", "priority", ("priority",), {"after": True, "update": True}),
    ("bumped|moved up|down to", "priority", ("priority",), {"after": True, "update": True}),
    # "ais-feed goes P1 after all", "it became a P2": a thing taking on a priority
    ("goes|went|becomes|became", "priority", ("priority",), {"after": True, "update": True}),
    ("deadline|deadlines", "deadline", ("date",), {}),
    ("due|ship|launch|target|delivery|go-live|cutoff|cut-off date", "deadline", ("date",), {}),
    ("due", "deadline", ("date",), {}),
    ("hard|end|final|completion date", "deadline", ("date",), {}),
    ("due by|on|for|in", "deadline", ("date",), {"after": True}),
    ("due for renewal", "renews_in", ("month",), {}),
    ("target|targets|targeting|targeted|aiming|aims for", "deadline", ("date",), {"after": True}),
    ("targeting|targets|target", "deadline", ("date",), {"after": True}),
    ("scheduled|slated|planned|set for", "deadline", ("date",), {"after": True}),
    ("wrap|wraps|wrapping up on|by", "deadline", ("date",), {"after": True}),
    ("pushed|slipped|delayed|postponed|rescheduled to|until|till", "deadline", ("date",),
     {"after": True, "update": True}),
    ("done|finished|complete|completed|delivered|shipped|wrapped|landed|live by", "deadline", ("date",),
     {"after": True}),
    # "has to be out by June 30", "needs to be demo-ready by May 2" ("demo-ready" is read as "ready")
    ("ready|out|released|merged|deployed by", "deadline", ("date",), {"after": True}),
    ("ship|ships|land|lands|launch|launches|deliver|delivers|wrap|wraps|finish|finishes by", "deadline",
     ("date",), {"after": True}),
    ("ship|ships|launch|launches|land|lands|release|releases|deliver|delivers on|in", "deadline", ("date",),
     {"after": True}),
    ("goes|go live on|in|by", "deadline", ("date",), {"after": True}),
    ("renews|renew|renewed|renewing|renewal|renewals", "renews_in", ("month",), {}),
    ("up for renewal", "renews_in", ("month",), {}),
    ("renewal date|month", "renews_in", ("month",), {}),
    ("status|state|health|rag", "status", ("status",), {}),
    ("marked|flagged|tagged as", "status", ("status",), {"after": True, "update": True}),
    ("plan|tier|subscription|package|edition", "plan", ("plan",), {}),
    ("upgraded|downgraded|moved|switched|changed|bumped to", None, ("plan", "priority", "status", "date"),
     {"after": True, "update": True}),
    # a tier named after a verb of buying or being on it: "Globex is on Enterprise", "signed up for Pro"
    ("{be} on|onto", None, ("plan",), {"after": True}),
    ("currently|still on|onto", None, ("plan",), {"after": True}),
    # a customer changing tiers: "they're moving to Growth", "upgrading from Growth to Enterprise"
    ("moving|moves|upgrading|upgrades|downgrading|downgrades|switching|switches|going|goes|dropping|drops to|from",
     None, ("plan",), {"after": True, "update": True}),
    ("moved|upgraded|downgraded|switched|went|dropped from", None, ("plan",), {"after": True, "update": True}),
    ("signed|signs up for|to|with", None, ("plan",), {"after": True}),
    # "signed for Pro", "they're moving up to Enterprise", "bumped up to Scale"
    ("signed|signs|signing for", None, ("plan",), {"after": True}),
    ("moving|moved|moves|bumped|bumping|stepped|stepping|trading|traded up to", None, ("plan",),
     {"after": True, "update": True}),
    ("subscribed|subscribes|subscribe to", None, ("plan",), {"after": True}),
    ("bought|buys|purchased|purchases|chose|picked|pays for", None, ("plan",), {"after": True}),
    ("signed|signs", None, ("plan",), {"after": True}),  # "they signed Premium yesterday"
    ("now", None, ("priority", "status"), {"after": True}),
    ("set|changed|updated|moved|moves|moving|bumping|bumps|dropping|drops to", None, ("priority", "status"),
     {"after": True, "update": True}),
]


def _build_value_cues() -> dict[str, list[ValueCue]]:
    index: dict[str, list[ValueCue]] = {}
    for pattern, predicate, kinds, flags in _VALUE_SPEC:
        for words in _expand(pattern):
            index.setdefault(words[0], []).append(ValueCue(words, predicate, kinds, **flags))
    for cues in index.values():
        cues.sort(key=lambda c: -len(c.words))
    return index


VALUE_CUES: dict[str, list[ValueCue]] = _build_value_cues()
CUE_FIRST_WORDS: frozenset[str] = frozenset(RELATION_CUES) | frozenset(VALUE_CUES)

# A word or phrase that says a value replaced an earlier one.
UPDATE_WORDS = frozenset(
    "now anymore updated update moved bumped changed switched reassigned instead escalated de-escalated downgraded "
    "upgraded lowered raised pushed slipped transferred correction corrected replaced swapped migrated "
    "relocated reprioritised reprioritized deprioritised deprioritized".split()
)
UPDATE_PHRASES: tuple[tuple[str, ...], ...] = (
    ("no", "longer"), ("took", "over"), ("taken", "over"), ("taking", "over"), ("takes", "over"),
    ("handed", "over"), ("going", "forward"), ("from", "now", "on"), ("as", "of"), ("these", "days"),
)
NEGATIONS = frozenset({"not", "never", "no", "nobody", "neither", "nor", "without", "none", "cannot", "nothing"})
HEDGES = frozenset(
    "might maybe perhaps possibly probably could should would wonder wondering guess unsure if whether unless "
    "hope hopefully supposed rumour rumor allegedly assume assuming suppose let".split()
)
CLAUSE_HEDGES = frozenset({"if", "whether", "unless", "suppose", "assuming", "when", "once", "until", "before"})
COORDINATORS = frozenset({",", "and", "&", "+", "plus", "as", "well", "both", "also", "or"})

# A question asking what a project is built with ("what's the stack on it?", "what are they using for labelling?",
# "what's it built on?", "patrick which stack"): one of these words with "what"/"which" (or, for the nouns, alone:
# "anything new on tooling?") asks for the tools; the replies list them.
TOOL_QUESTION_NOUNS = frozenset({"stack", "tooling", "techstack", "tech"})
TOOL_QUESTION_VERBS = frozenset({"using", "use", "built", "build", "building", "running", "written", "writing"})
# ... unless the question names another kind of answer: "which region is it running in?", "who's using it?"
TOOL_QUESTION_OTHER_ANSWERS = frozenset(
    "region regions zone office offices city team teams squad person people owner lead manager date day deadline eta "
    "status state plan tier priority prio month account accounts customer customers client clients".split())
# the words a reply may put between a tool's name and the next one ("Vanta for evidence, Jira for tasks", "RenderDoc
# and Superluminal mostly", "Amplitude. plus LaunchDarkly"): after any of them the name is complete
TOOL_REPLY_ROLES = frozenset({"for", "as", "on", "in", "to", "under", "with", "via", "mostly", "too", "now", "lol",
                              "so", "tho", "though", "also", "probably", "plus", "atm", "btw", "fwiw", "iirc"})
# a name after one of these inside a reply's item is a tool the item runs on ("XGBoost on Databricks", "the model
# runs on Replicate", "labelling in Label Studio")
TOOL_REPLY_HOSTS = frozenset({"on", "in", "with", "via", "using"})


# Prototype phrases per relation family, for the embedding path: a relation phrase the lexicon does not know is
# compared with them. The phrase's own voice picks the direction: a passive phrase ("is stewarded by") takes the
# family's passive options, an active one its active options; the mentions' types pick the predicate.


@dataclass(frozen=True)
class Family:
    name: str
    active: tuple[Option, ...]
    passive: tuple[Option, ...]  # empty: the family has no passive reading ("X is based in Y")
    phrases: tuple[str, ...]


PROTOTYPES: tuple[Family, ...] = (
    Family("own", OWN_R, OWN_F, (
        "owns", "maintains", "is responsible for", "looks after", "takes care of", "is in charge of",
        "is the owner of", "is owned by", "is maintained by", "is looked after by", "keeps running")),
    Family("handle", HANDLE_R, HANDLE_F, (
        "handles", "manages", "is the account manager for", "covers", "is handled by", "is managed by")),
    Family("lead", LEAD_R, LEAD_F, ("leads", "heads", "drives", "is the lead on", "is led by", "is headed by")),
    Family("depend", DEPEND_F, DEPEND_R, (
        "depends on", "relies on", "calls", "needs", "reads data from", "requires", "is built on top of",
        "sends requests to", "is used by", "is needed by", "is called by")),
    Family("use", USE_F, _options("uses", voice="rev"), ("uses", "is built with", "is tracked in", "runs on",
                                                         "is implemented in")),
    Family("place", WORK_F + DEPLOY_F, (), (
        "works out of", "is based in", "sits in", "works from", "is deployed in", "is hosted in", "is located in",
        "runs in")),
    Family("member", MEMBER_F, (), ("is on the team", "is a member of", "belongs to", "is part of", "joined")),
    Family("includes", MEMBER_R, (), ("includes", "has as a member")),
)

# Two names of sure kinds in a fragment with no relation cue ("tapin - thornwick DC", "triton = gold", "halo P1",
# "scanwell - mine"): the one predicate whose subject and object kinds they are joins them, subject first.
# Two kinds joined by more than one predicate (or by none) are left out: the kinds alone cannot tell.
KIND_PAIRS: dict[frozenset[str], tuple[str, str]] = {
    frozenset({"component", "person"}): ("owned_by", "component"),
    frozenset({"component", "team"}): ("owned_by", "component"),
    frozenset({"component", "region"}): ("deployed_in", "component"),
    frozenset({"person", "team"}): ("member_of", "person"),
    frozenset({"account", "person"}): ("handled_by", "account"),
    frozenset({"person", "office"}): ("works_in", "person"),
    frozenset({"office", "region"}): ("located_in", "office"),
    frozenset({"project", "person"}): ("led_by", "project"),
    frozenset({"project", "tool"}): ("uses", "project"),
}
# a value's kind and the kind of thing it is said of: "halo P1" (a priority is a component's), "triton = gold"
KIND_VALUES: dict[tuple[str, str], str] = {
    ("component", "priority"): "priority",
    ("account", "plan"): "plan",
    ("account", "month"): "renews_in",
    ("project", "date"): "deadline",
    ("project", "status"): "status",
}
# the only words a bare fragment may hold besides its two names: joiners and chat fillers that state no other
# relation ("X - Y", "X = Y", "X: Y", "X → Y", "yes X P1", "X is Y now")
KIND_PAIR_FILLERS = frozenset(
    "- – — = : → -> is 's are now still also too yes yep yeah ok okay so fyi btw atm today currently then "
    "the our "
    "ty thx ta cheers agreed confirmed right correct fine good sure w/ + ( ) .".split()
)
# "X - mine from today": when the fragment's pair holds, said after it
KIND_PAIR_FROM = frozenset({"today", "tmrw", "tomorrow", "now", "monday"})
# words that keep every fragment of their sentence from stating its pair: it holds only on a condition
KIND_PAIR_CONDITIONS = frozenset(
    "? if unless whether maybe perhaps probably prob possibly might could should would".split())
# words that keep a fragment from stating its pair: it is asked, wished, denied, past or conditional
KIND_PAIR_BLOCKERS = frozenset(
    "? if unless whether when once until before after maybe perhaps probably prob possibly might could should would "
    "was were used formerly previously originally ex old former not no never nobody none or vs versus instead "
    "want wants wanted planned thinking considering hoping proposed proposal suggest suggested "
    "think guess assume either neither nor than like".split()
)
