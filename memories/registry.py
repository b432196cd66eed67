"""The backends by name. Adding a backend is one new file plus one line in BACKENDS."""

from __future__ import annotations

from importlib import import_module

from memories.embedder import Embedder
from memories.protocol import Memory, MemoryConfig

BACKENDS: dict[str, str] = {
    "raw": "memories.raw:RawMemory",
    "vector": "memories.vector:VectorMemory",
    "recursive": "memories.recursive:RecursiveMemory",
    "graph": "memories.graph:GraphMemory",
    "hybrid": "memories.hybrid:HybridMemory",
}
DEFAULT_BACKENDS = ["raw", "vector", "recursive", "graph", "hybrid"]


class UnknownBackend(ValueError):
    pass


def backend_class(name: str) -> type:
    try:
        target = BACKENDS[name]
    except KeyError:
        raise UnknownBackend(f"unknown backend '{name}' (known: {', '.join(BACKENDS)})") from None
    module, _, attr = target.partition(":")
    return getattr(import_module(module), attr)


def create(name: str, config: MemoryConfig | None = None, embedder: Embedder | None = None) -> Memory:
    """Build a backend. `embedder` is shared between backends so each text is embedded once."""
    return backend_class(name)(config or MemoryConfig(), embedder)


def parse_backends(spec: str | None) -> list[str]:
    """'raw,vector' -> ['raw', 'vector'], checked against the registry."""
    if not spec:
        return list(DEFAULT_BACKENDS)
    names = [s.strip() for s in spec.split(",") if s.strip()]
    for n in names:
        if n not in BACKENDS:
            raise UnknownBackend(f"unknown backend '{n}' (known: {', '.join(BACKENDS)})")
    return names
