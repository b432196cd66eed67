"""The core (scenarios, memories, simulator) is reachable without the TUI toolkit: it imports with `textual` made
unimportable, and no core module imports textual (or tui) at module level."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ("scenarios", "memories", "simulator")

# Runs in a fresh interpreter: sys.modules["textual"] = None makes every `import textual...` raise ImportError.
_PROBE = r"""
import importlib, json, pkgutil, sys
sys.modules["textual"] = None
report = {}

def attempt(name):
    try:
        importlib.import_module(name)
        report[name] = {"ok": True}
    except BaseException as exc:
        report[name] = {"ok": False, "error": f"{type(exc).__name__}: {exc}",
                        "missing": getattr(exc, "name", None) if isinstance(exc, ModuleNotFoundError) else None}

for package in ("scenarios", "memories", "simulator"):
    attempt(package)
    module = sys.modules.get(package)
    for info in pkgutil.walk_packages(module.__path__, package + ".") if module else []:
        if info.name != "simulator.cli":  # checked on its own: it pulls in every command module
            attempt(info.name)
for name in ("simulator.engine", "simulator.runner", "simulator.scoring", "simulator.cli"):
    if name not in report:
        attempt(name)
loaded = [m for m, v in sys.modules.items() if v is not None and m.split(".")[0] in ("textual", "tui")]
report["(no textual or tui module loaded)"] = {"ok": not loaded, "error": f"loaded: {loaded}"}
print(json.dumps(report))
"""


@lru_cache(maxsize=1)
def probe() -> dict[str, dict]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"},
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_core_imports_with_textual_unimportable():
    report = probe()
    for name in ("scenarios", "memories", "simulator", "simulator.engine", "simulator.runner", "simulator.scoring"):
        assert name in report, f"{name} was not probed"
    failures = {name: r["error"] for name, r in report.items() if name != "simulator.cli" and not r["ok"]}
    assert not failures, failures


def test_every_existing_memories_module_was_probed():
    report = probe()
    on_disk = sorted(f"memories.{p.stem}" for p in (ROOT / "memories").glob("*.py") if p.stem != "__init__")
    assert on_disk and all(name in report for name in on_disk)


def test_the_cli_imports_with_textual_unimportable():
    result = probe()["simulator.cli"]
    missing = result.get("missing") or ""
    if not result["ok"] and missing.startswith("simulator.commands."):
        pytest.skip(f"{missing} is not written yet (simulator.cli imports it)")
    assert result["ok"], result.get("error")


def _module_level_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, module) of every import that runs when the module is imported: anything not inside a function."""
    found: list[tuple[int, str]] = []
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(child, ast.Import):
                found.extend((child.lineno, alias.name) for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                found.append((child.lineno, child.module))
            pending.append(child)
    return found


def test_no_core_module_imports_textual_or_the_tui_at_module_level():
    offenders = []
    for package in CORE:
        for path in sorted((ROOT / package).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
            for line, module in _module_level_imports(tree):
                if module.split(".")[0] in ("textual", "tui"):
                    offenders.append(f"{path.relative_to(ROOT)}:{line}: import {module}")
    assert not offenders, offenders


def test_the_scanner_sees_module_level_imports_but_not_imports_inside_functions():
    tree = ast.parse(
        "import os\nif True:\n    from textual.app import App\nclass A:\n    import tui.app\n"
        "def play():\n    import textual\n"
    )
    assert sorted(_module_level_imports(tree)) == [(1, "os"), (3, "textual.app"), (5, "tui.app")]
