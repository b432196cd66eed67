"""Reciprocal rank fusion (Cormack et al., 2009): score(turn) = sum over methods of weight / (k + rank).

It needs ranks only, so methods whose scores live on different scales (cosine, BM25, PageRank mass) combine
without calibration. Each fused item keeps every method's rank of it, for the trace.
"""

from __future__ import annotations

from pydantic import BaseModel, Field


class FusedItem(BaseModel):
    turn: int
    score: float
    rank: int  # 1-based rank after fusion
    ranks: dict[str, int] = Field(default_factory=dict)  # method -> its 1-based rank of this turn (absent: unranked)


def reciprocal_rank_fusion(rankings: dict[str, list[int]], k: int = 60, weights: dict[str, float] | None = None,
                           limit: int | None = None) -> list[FusedItem]:
    """Fuse ranked lists of turn ids (best first) and return the best `limit` (all when None). Ties break on the
    best single rank, then the earlier turn."""
    if k < 0:
        raise ValueError("the RRF constant k must be >= 0")
    scores: dict[int, float] = {}
    ranks: dict[int, dict[str, int]] = {}
    for method, ranking in rankings.items():  # dict order is the caller's order: deterministic
        w = 1.0 if weights is None else weights.get(method, 1.0)
        for position, turn in enumerate(ranking, start=1):
            per_turn = ranks.setdefault(turn, {})
            if method in per_turn:  # a list naming a turn twice counts its first (best) rank only
                continue
            per_turn[method] = position
            scores[turn] = scores.get(turn, 0.0) + w / (k + position)
    order = sorted(scores, key=lambda t: (-scores[t], min(ranks[t].values()), t))
    if limit is not None:
        order = order[: max(0, limit)]
    return [FusedItem(turn=t, score=scores[t], rank=i + 1, ranks=ranks[t]) for i, t in enumerate(order)]
