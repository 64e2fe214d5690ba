"""Compiles the rules, the engine's core and the bots with Cython from the same Python source, for speed
(docs/architecture.md, "Compiled modules"). Nothing is written in Cython's own language: the .py files
are the only source and run unchanged without the build. `MEEPLE_PURE=1 pip install -e .` skips the
compilation; a module that fails to compile stays source (the extensions are optional)."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# meeple/compiled.py by its path: importing the package would choose a build before there is one
_spec = importlib.util.spec_from_file_location("meeple_compiled", "meeple/compiled.py")
compiled = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compiled)

# Compiled: what a game, a playout or a search runs. Left as source: the command line, the arena's
# driver, reading and writing records and documents, texts, the presentation modules (present.py and
# drawing.py: a screen's worth of text or SVG a decision), and modules run with `python -m`.
COMPILED = ["meeple/engine", "meeple/bots", "meeple/games"]
SOURCE_ONLY = {
    "meeple/engine/errors.py",
    "meeple/engine/match.py",
    "meeple/engine/options.py",
    "meeple/engine/record.py",
    "meeple/engine/registry.py",
    "meeple/engine/result.py",
    "meeple/engine/schema.py",
    "meeple/engine/transcript.py",
    "meeple/bots/own_plans.py",
    "meeple/bots/spec.py",
    "meeple/games/doge/documents.py",
    "meeple/games/doge/texts.py",
    "meeple/games/elgrande/consistency.py",
    "meeple/games/elgrande/serial.py",
    "meeple/games/elgrande/serial_read.py",
    "meeple/games/genesia/explain.py",
    "meeple/games/genesia/fit_evaluation.py",
}


def compiled_sources() -> list[str]:
    return sorted(
        path.as_posix()
        for folder in COMPILED
        for path in Path(folder).rglob("*.py")
        if path.name not in ("__init__.py", "present.py", "drawing.py") and path.as_posix() not in SOURCE_ONLY
    )


TRANSLATED: dict[str, dict[str, object]] = {}  # source path: its record when Cython read it


def extensions() -> list[Extension]:
    if os.environ.get("MEEPLE_PURE") == "1":
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:  # built without the build requirements (e.g. --no-build-isolation): source only
        return []
    # taken before translation: a source edited while the build runs then reads as stale, not as built
    TRANSLATED.update((source, compiled.source_record(source)) for source in compiled_sources())
    modules = cythonize(
        compiled_sources(),
        build_dir="build/cython",
        nthreads=os.cpu_count() or 1,
        quiet=True,
        # Type hints of builtin types (list, dict, tuple, int, float) become exact types in C: the
        # larger part of the speed-up, and a check that the hints are true (a wrong one is a TypeError).
        compiler_directives={"language_level": 3},
    )
    for module in modules:
        module.optional = True
        module.extra_compile_args = ["-O2", "-g0"]
    return modules


class BuildExt(build_ext):
    """Records each module's source as Cython read it (digest and file time) once its extension is built
    (meeple/compiled.py reads it): a source rewritten with the content it was built from is not taken for
    an edit, and one edited during the build is."""

    def run(self) -> None:
        self.digests: dict[str, dict[str, object]] = {}
        super().run()
        manifest = compiled.MANIFEST
        recorded = compiled.built_digests(Path("meeple").resolve())
        manifest.parent.mkdir(exist_ok=True)
        manifest.write_text(json.dumps({**recorded, **self.digests}, indent=0, sort_keys=True) + "\n")

    def build_extension(self, ext: Extension) -> None:
        super().build_extension(ext)  # an optional module that fails raises here and is not recorded
        source = ext.name.replace(".", "/") + ".py"
        self.digests[source] = TRANSLATED.get(source) or compiled.source_record(source)


setup(
    ext_modules=extensions(),
    cmdclass={"build_ext": BuildExt},
    options={"build_ext": {"parallel": os.cpu_count() or 1}},
)
