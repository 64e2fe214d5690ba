"""The tools under tools/ are scripts, not a package: their tests load one by its path."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def load_tool(name: str) -> ModuleType:
    """tools/NAME.py as a module."""
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec is not None and spec.loader is not None, f"no tool {name}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
