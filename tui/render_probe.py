"""How long a turn's update takes to reach the screen while playing at 20 turns/s with five panels.

Runs the inspector headless at 160x48, plays a scenario and records, for every engine event, the time from the
engine emitting it to the screen having redrawn with it (and the part spent handling + drawing on the UI thread).
A measurement for the report, not a test:  .venv/bin/python -m tui.render_probe [--hash] [--scenario ID]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections import defaultdict


def _summary(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    if not ms:
        return "n=0"
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return f"n={len(ms):4d}  p50 {statistics.median(ms):6.1f} ms  p95 {p95:6.1f} ms  max {ms[-1]:6.1f} ms"


async def probe(scenario_id: str, speed: float, use_hash: bool, size: tuple[int, int]) -> dict[str, list]:
    from tui.app import CtxsimApp
    from tui.gallery import resolve_scenario

    scenario = resolve_scenario(scenario_id)
    embedder = None
    if use_hash:
        from memories.embedder import HashEmbedder

        embedder = HashEmbedder()
    app = CtxsimApp(scenario, embedder=embedder, speed=speed)
    samples: dict[str, list[tuple[float, float]]] = defaultdict(list)
    async with app.run_test(size=size) as pilot:
        await app.until_ready(300)
        app.render_probe = lambda kind, total, local: samples[kind].append((total, local))
        started = time.perf_counter()
        app.action_play_pause()
        while not app.engine.finished:
            await asyncio.sleep(0.05)
        elapsed = time.perf_counter() - started
        await pilot.pause()
        beats = len(app.engine.timeline)
        await app.action_quit()
    print(f"{scenario.id}: {beats} beats played at {speed:g} turns/s requested -> {beats / elapsed:.1f} beats/s "
          f"achieved ({elapsed:.1f} s), five panels, {size[0]}x{size[1]}")
    for kind in ("TurnPosted", "QuestionAsked", "AnswerReady"):
        rows = samples.get(kind, [])
        print(f"  {kind:13s} emitted -> drawn   {_summary([t for t, _ in rows])}")
        print(f"  {'':13s} handle + draw     {_summary([l for _, l in rows])}")
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--scenario", default="infra_s0_0")
    parser.add_argument("--speed", type=float, default=20.0)
    parser.add_argument("--hash", action="store_true", help="use the hashing test embedder instead of the model")
    parser.add_argument("--size", default="160x48")
    args = parser.parse_args()
    from tui.screenshot import parse_size

    asyncio.run(probe(args.scenario, args.speed, args.hash, parse_size(args.size)))


if __name__ == "__main__":
    main()
