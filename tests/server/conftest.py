"""The databases the server's tests run on: a SQLite file, and a throwaway PostgreSQL cluster started
for the session (Debian's postgresql; `initdb` refuses root, so as root it runs as the postgres user).
Set MEEPLE_TEST_PG_URL to use a server of your own. Without PostgreSQL the PostgreSQL runs are skipped,
unless MEEPLE_REQUIRE_PG=1 (CI) makes that a failure."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_postgres(cmd: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *cmd] if os.geteuid() == 0 else cmd


@pytest.fixture(scope="session")
def pg_server() -> Iterator[str]:
    """The URL of a PostgreSQL server (without a database name) for this test session."""
    given = os.environ.get("MEEPLE_TEST_PG_URL")
    if given:
        yield given
        return
    bins = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not bins:
        if os.environ.get("MEEPLE_REQUIRE_PG") == "1":
            pytest.fail("PostgreSQL is not installed (apt-get install postgresql); MEEPLE_REQUIRE_PG=1")
        pytest.skip("PostgreSQL is not installed here (apt-get install postgresql)")
    bindir = Path(bins[-1]).parent
    folder = Path(tempfile.mkdtemp(prefix="meeple-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    data = folder / "data"
    port = _free_port()
    subprocess.run(_as_postgres([str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "meeple"]),
                   check=True, capture_output=True)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(_as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-w", "-l",
                                 str(folder / "log"), "start"]), check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://meeple@127.0.0.1:{port}"
    finally:
        subprocess.run(_as_postgres([str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def sqlite_db(tmp_path: Path) -> str:
    """A fresh SQLite database (the browser tests: what they check does not depend on the database)."""
    return f"sqlite:///{tmp_path / 'meeple.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'meeple.db'}"
    server = request.getfixturevalue("pg_server")
    import psycopg

    name = "t" + uuid.uuid4().hex[:12]
    with psycopg.connect(server.replace("postgresql+psycopg", "postgresql") + "/postgres", autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    return f"{server}/{name}"
