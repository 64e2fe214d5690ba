"""The compiled build (setup.py) runs the same source as the pure one: it must behave exactly the
same, and a compiled module older than its source must never run."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from meeple.compiled import MANIFEST, build, in_checkout, source_digest, source_record, stale_modules

from .behaviour import fingerprint

ROOT = Path(__file__).parents[2]


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True
    )


def test_a_compiled_module_older_than_its_source_or_without_one_is_stale(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    suffix = EXTENSION_SUFFIXES[0]
    for name in ("fresh", "edited", "declared"):
        (package / f"{name}.py").write_text("x = 1\n")
        (package / f"{name}{suffix}").write_bytes(b"")
    (package / "declared.pxd").write_text("cdef long x\n")  # its C declarations, edited since
    (package / f"orphan{suffix}").write_bytes(b"")
    (package / "plain.py").write_text("x = 1\n")
    for old in ("fresh.py", "declared.py", f"edited{suffix}", f"declared{suffix}"):
        os.utime(package / old, (1_000, 1_000))
    assert sorted(stale_modules(package)) == ["pkg/declared.py", "pkg/edited.py", "pkg/orphan.py"]


def test_a_source_rewritten_as_it_was_built_is_not_stale(tmp_path: Path) -> None:
    """A checkout rewrites a file with the content it was built from: newer by the clock, not stale."""
    package = tmp_path / "pkg"
    package.mkdir()
    suffix = EXTENSION_SUFFIXES[0]
    for name in ("rewritten", "edited"):
        (package / f"{name}.py").write_text("x = 1\n")
        (package / f"{name}{suffix}").write_bytes(b"")
        os.utime(package / f"{name}{suffix}", (1_000, 1_000))
    (tmp_path / MANIFEST).parent.mkdir()
    (tmp_path / MANIFEST).write_text(json.dumps({
        "pkg/rewritten.py": source_digest(package / "rewritten.py"),
        "pkg/edited.py": source_digest(package / "edited.py"),
    }))
    (package / "edited.py").write_text("x = 2\n")
    assert stale_modules(package) == ["pkg/edited.py"]


def test_a_source_edited_while_its_module_was_being_built_is_stale(tmp_path: Path) -> None:
    """The build records a source as Cython read it: an edit after that, though older than the compiled
    module by the clock, is still an edit; a rewrite with the same content is not."""
    package = tmp_path / "pkg"
    package.mkdir()
    suffix = EXTENSION_SUFFIXES[0]
    records = {}
    for name in ("edited", "rewritten"):
        (package / f"{name}.py").write_text("x = 1\n")
        os.utime(package / f"{name}.py", (1_000, 1_000))
        records[f"pkg/{name}.py"] = source_record(package / f"{name}.py")
    (package / "edited.py").write_text("x = 2\n")
    (package / "rewritten.py").write_text("x = 1\n")
    for name in ("edited", "rewritten"):
        (package / f"{name}{suffix}").write_bytes(b"")  # finished after the edit
    (tmp_path / MANIFEST).parent.mkdir()
    (tmp_path / MANIFEST).write_text(json.dumps(records))
    assert stale_modules(package) == ["pkg/edited.py"]


@pytest.mark.skipif(
    build() == "pure", reason="nothing compiled in this install (MEEPLE_PURE=1 or no compiler)"
)
def test_the_build_records_what_each_module_was_compiled_from() -> None:
    recorded = json.loads((ROOT / MANIFEST).read_text())
    assert recorded["meeple/engine/game.py"]["digest"] == source_digest(ROOT / "meeple/engine/game.py")
    assert "meeple/bots/mcts.py" in recorded and "meeple/engine/record.py" not in recorded  # source only


def test_only_a_source_tree_compares_file_times(tmp_path: Path) -> None:
    # a wheel's files get the installer's times, so an installed package is never called stale
    (tmp_path / "meeple").mkdir()
    assert not in_checkout(tmp_path / "meeple")
    (tmp_path / "setup.py").write_text("")
    assert in_checkout(tmp_path / "meeple")


def test_meeple_pure_runs_every_module_from_source() -> None:
    done = run_python(
        "import meeple, meeple.compiled as c, meeple.games.doge.elections as e; print(c.build(), e.__file__)",
        MEEPLE_PURE="1",
    )
    assert done.returncode == 0, done.stderr
    shown_build, path = done.stdout.split()
    assert shown_build == "pure" and path.endswith("elections.py")


@pytest.mark.skipif(
    build() == "pure", reason="nothing compiled in this install (MEEPLE_PURE=1 or no compiler)"
)
def test_the_compiled_build_plays_and_searches_exactly_as_the_source() -> None:
    pure = run_python(
        "from tests.engine.behaviour import fingerprint; import json; print(json.dumps(fingerprint()))",
        MEEPLE_PURE="1",
    )
    assert pure.returncode == 0, pure.stderr
    assert json.loads(pure.stdout) == fingerprint()


@pytest.mark.parametrize(
    ("declarations", "cls"),
    [
        ("meeple/engine/game.pxd", "meeple.engine.game:State"),
        ("meeple/games/genesia/state.pxd", "meeple.games.genesia.state:GenesiaState"),
        ("meeple/games/riodelaplata/state.pxd", "meeple.games.riodelaplata.state:RioState"),
        ("meeple/games/doge/state.pxd", "meeple.games.doge.state:DogeState"),
        ("meeple/games/elgrande/state.pxd", "meeple.games.elgrande.state:ElGrandeState"),
    ],
)
def test_an_extension_types_declared_fields_are_its_slots(declarations: str, cls: str) -> None:
    """A state class declared a `cdef class` for the compiled build lists its fields twice: in its
    __slots__ and in its .pxd. A field missing from the .pxd would be an AttributeError in the compiled
    build only; one missing from __slots__, in the source only."""
    module, name = cls.split(":")
    slots = importlib.import_module(module).__dict__[name].__slots__
    text = (ROOT / declarations).read_text(encoding="utf-8")
    declared = [line.split()[-1] for line in text.splitlines() if line.strip().startswith("cdef public ")]
    assert declared == list(slots)
