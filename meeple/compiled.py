"""Which build runs: the modules Cython compiled from this same source at install time (setup.py), or
the source itself. In a source tree, a compiled module older than its source (after an edit, a
checkout, a pull) would run code that is no longer there, so then every module runs from source,
with one warning saying how to rebuild; `MEEPLE_PURE=1` asks for the source always (profilers,
debuggers, coverage). A source newer than its build by the clock but with the content it was built
from (a checkout that rewrote the file as it was) is not stale: the build records each module's digest
(`build/compiled-sources.json`), taken before Cython translates it, with the source's file time then, so a
source edited while the build runs is stale too although its compiled module is newer by the clock."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES, SOURCE_SUFFIXES, FileFinder, ModuleSpec, SourceFileLoader
from pathlib import Path

PACKAGE_ROOT = Path(__file__).parent


MANIFEST = Path("build") / "compiled-sources.json"  # beside the package: {source path: digest at its build}


def source_digest(source: str | Path) -> str:
    """The digest of a module's source and, where it has one, its .pxd of C declarations."""
    digest = hashlib.sha256(Path(source).read_bytes())
    declarations = Path(source).with_suffix(".pxd")
    if declarations.exists():
        digest.update(b"\0" + declarations.read_bytes())
    return digest.hexdigest()


def source_time(source: str | Path) -> int:
    """The latest file time (ns) of a module's source and its .pxd."""
    declarations = Path(source).with_suffix(".pxd")
    return max(os.stat(f).st_mtime_ns for f in (Path(source), declarations) if f.exists())


def source_record(source: str | Path) -> dict[str, object]:
    """What the build records of a module's source before translating it: its digest and file time."""
    return {"digest": source_digest(source), "mtime_ns": source_time(source)}


def built_digests(root: Path = PACKAGE_ROOT) -> dict[str, object]:
    """What the last builds recorded (a record, or a bare digest from builds before the records);
    nothing when no build did (then file times alone decide)."""
    try:
        recorded = json.loads((root.parent / MANIFEST).read_text())
    except (OSError, ValueError):
        return {}
    return recorded if isinstance(recorded, dict) else {}


def is_stale(source: str, compiled: str, recorded: object) -> bool:
    """A compiled module runs code that is no longer its source's: the source is gone, or it differs
    from what was translated (looked at only when its file time moved since), or, without a record of
    its translation, it is newer than the compiled module and differs from any bare digest."""
    if not os.path.exists(source):
        return True
    if isinstance(recorded, dict):
        return source_time(source) != recorded.get("mtime_ns") and source_digest(source) != recorded.get("digest")
    return source_time(source) > os.stat(compiled).st_mtime_ns and recorded != source_digest(source)


def stale_modules(root: Path = PACKAGE_ROOT) -> list[str]:
    """Compiled modules under `root` built from another source than the one beside them (is_stale)."""
    records = built_digests(root)
    stale = []
    for folder, _, files in os.walk(root):
        for name in files:
            suffix = next((s for s in EXTENSION_SUFFIXES if name.endswith(s)), None)
            if suffix is None:
                continue
            source = os.path.join(folder, name[: -len(suffix)] + ".py")
            module = Path(os.path.relpath(source, root.parent)).as_posix()
            if is_stale(source, os.path.join(folder, name), records.get(module)):
                stale.append(module)
    return stale


def in_checkout(root: Path = PACKAGE_ROOT) -> bool:
    """A source tree (an editable install), where an edit can outdate a compiled module. An installed
    wheel brings its compiled modules and their source from one build, with whatever file times the
    installer gave them, so they are not compared there."""
    return (root.parent / "setup.py").is_file()


class SourceFinder:
    """Finds meeple's modules as .py files only, ahead of the import system's usual search (which
    prefers a compiled module to the source beside it)."""

    @staticmethod
    def find_spec(name: str, path: list[str] | None = None, target: object = None) -> ModuleSpec | None:
        if path is None or not name.startswith("meeple."):
            return None
        for entry in path:
            spec = FileFinder(entry, (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(name)
            if spec is not None and spec.loader is not None:
                return spec
        return None


def choose_build() -> None:
    """Run from source when asked to or when a compiled module is out of date (called once, on import
    of the package, before any other meeple module is imported)."""
    if os.environ.get("MEEPLE_PURE") == "1":
        sys.meta_path.insert(0, SourceFinder())
        return
    stale = stale_modules() if in_checkout() else []
    if stale:
        sys.meta_path.insert(0, SourceFinder())
        print(
            f"meeple: {len(stale)} compiled module(s) built from an older source (e.g. {stale[0]}); running "
            "the source instead. Rebuild with `pip install -e .` (or set MEEPLE_PURE=1 to silence this).",
            file=sys.stderr,
        )


def build() -> str:
    """'compiled' when the rules run compiled, else 'pure' (reported by `meeple bench`)."""
    from meeple.engine import game

    return "compiled" if game.__file__ and game.__file__.endswith(tuple(EXTENSION_SUFFIXES)) else "pure"
