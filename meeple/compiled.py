"""Which build runs: the modules Cython compiled from this same source at install time (setup.py), or
the source itself. In a source tree, a compiled module older than its source (after an edit, a
checkout, a pull) would run code that is no longer there, so then every module runs from source,
with one warning saying how to rebuild; `MEEPLE_PURE=1` asks for the source always (profilers,
debuggers, coverage). A source newer than its build by the clock but with the content it was built
from (a checkout that rewrote the file as it was) is not stale: the build records each module's digest
(`build/compiled-sources.json`)."""

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


def built_digests(root: Path = PACKAGE_ROOT) -> dict[str, str]:
    """What the last builds recorded; nothing when no build did (then file times alone decide)."""
    try:
        recorded = json.loads((root.parent / MANIFEST).read_text())
    except (OSError, ValueError):
        return {}
    return recorded if isinstance(recorded, dict) else {}


def stale_modules(root: Path = PACKAGE_ROOT) -> list[str]:
    """Compiled modules under `root` whose source (or its .pxd of C declarations) is newer than they
    are and differs from what they were built from, or gone."""
    digests = built_digests(root)
    stale = []
    for folder, _, files in os.walk(root):
        for name in files:
            suffix = next((s for s in EXTENSION_SUFFIXES if name.endswith(s)), None)
            if suffix is None:
                continue
            compiled = os.path.join(folder, name)
            source = os.path.join(folder, name[: -len(suffix)] + ".py")
            declarations = source[:-3] + ".pxd"
            built = os.path.getmtime(compiled)
            name = Path(os.path.relpath(source, root.parent)).as_posix()
            if not os.path.exists(source) or (
                max(os.path.getmtime(f) for f in (source, declarations) if os.path.exists(f)) > built
                and digests.get(name) != source_digest(source)
            ):
                stale.append(name)
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
