"""How long the rule-based extractor takes on a 100 KB message (target: at most 50 ms).

Run: `HF_HUB_OFFLINE=1 .venv/bin/python tests/memories/bench_extractor_speed.py [--minilm]`. Not collected by
pytest (no test_ prefix): timings belong in a report, not in an assertion. `--minilm` also times the prototype
path with the real model (loaded first, not timed).
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from memories.entities import EntityResolver
from memories.extractor import RuleExtractor
from memories.mentions import MAX_MESSAGE_CHARS, forget_sentences

SIZE = 100_000

_CHAT = [
    "FeatureStore is owned by Lena.",
    "Lena is on the Trust team.",
    "ReportingAPI, which serves usage reports, depends on FeatureStore.",
    "Update: ReportingAPI is now medium priority.",
    "Heads up, CI is slow today.",
    "Is the FeatureStore dashboard slow for anyone else?",
    "The Acme account is handled by Dana from the Berlin office.",
    "Grabbing coffee, back in 5.",
    "Atlas deadline moved to March 14.",
    "Sounds good, I'll sync after standup.",
]


def _messages(seed: int = 0) -> dict[str, str]:
    rng = random.Random(seed)
    chat = []
    while sum(len(s) + 1 for s in chat) < SIZE:
        chat.append(rng.choice(_CHAT))
    words = "alpha Beta GammaRay delta Epsilon owned by depends on the of and , ( ) [INC-42] é 漢字 \x00 \t".split(" ")
    noise = "".join(rng.choice(words) + " " for _ in range(SIZE // 5))[:SIZE]
    return {
        "chat sentences": " ".join(chat)[:SIZE],
        "one long line, no full stops": " ".join(s.rstrip(".?") for s in chat)[:SIZE],
        "capitalised words only": " ".join("Alpha Beta Gamma Delta".split() * (SIZE // 22))[:SIZE],
        "random tokens and symbols": noise,
        "one 100 KB word": "a" * SIZE,
        "brackets": "([{<" * (SIZE // 4),
    }


def _time(fn, repeat: int = 5) -> tuple[float, float]:
    """(first run, median of the runs) in ms: the first run pays for cold caches (embeddings, name keys)."""
    times = []
    for _ in range(repeat):
        forget_sentences()  # each run splits the message anew, as a new message would be
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return times[0], statistics.median(times)


def main() -> None:
    known = [f"Service{i}" for i in range(200)] + ["FeatureStore", "Acme account", "Berlin office"]
    extractors = {"lexical": RuleExtractor()}
    if "--minilm" in sys.argv:
        from memories.embedder import shared_minilm

        extractors["minilm"] = RuleExtractor(shared_minilm())
    print(f"first run / median of 5 runs; {SIZE // 1000} KB messages, of which the first "
          f"{MAX_MESSAGE_CHARS // 1000} KB are read")
    for label, extractor in extractors.items():
        print(f"rule extractor, {label}:")
        for name, text in _messages().items():
            first, median = _time(lambda: extractor.extract(text, channel="infra", known_entities=known))
            facts = len(extractor.extract(text, channel="infra", known_entities=known).facts)
            print(f"  {name:32s} {first:7.1f} / {median:5.1f} ms  ({facts} facts)")
        short = "IngestWorker, which loads incoming events, depends on ConfigService."
        _, median = _time(lambda: [extractor.extract(short, channel="infra") for _ in range(100)])
        print(f"  {'a one-sentence chat message':32s} {median / 100:7.3f} ms (median)")
    resolver = EntityResolver()
    for i in range(200):
        resolver.add(f"Service{i}")
    text = _messages()["chat sentences"]
    _, median = _time(lambda: resolver.resolve(text))
    print(f"entity resolver, 200 nodes, a 100 KB name: {median:.2f} ms (median)")


if __name__ == "__main__":
    main()
