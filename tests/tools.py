"""The scripts under tools/ and examples/ are not a package: their tests load one by its path."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load_script(path: Path) -> ModuleType:
    """A script as a module."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None and path.is_file(), f"no script {path}"
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_tool(name: str) -> ModuleType:
    """tools/NAME.py as a module."""
    return load_script(ROOT / "tools" / f"{name}.py")


def load_example(name: str) -> ModuleType:
    """examples/NAME.py as a module."""
    return load_script(ROOT / "examples" / f"{name}.py")
