"""Time, agents and channels (the asyncio engine), the headless runner, scoring, the benchmark suites and the CLI.

Imports `scenarios` and `memories`; never the TUI toolkit (the `play` command imports `tui` lazily).
"""
