"""Memory backends behind one protocol, and their shared parts (embedder, tokens, reader, extractor, linker).

Imports `scenarios` only; never the TUI toolkit.
"""
