"""`meeple serve` as a user starts it: it listens, serves the lobby, and refuses a bad start with one
line and a non-zero exit."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "meeple", "serve", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env={**os.environ, **(env or {})},
    )


def test_serve_starts_on_a_fresh_database_and_serves_the_lobby(tmp_path: Path) -> None:
    port = _free_port()
    proc = serve("--port", str(port), "--db", f"sqlite:///{tmp_path / 'm.db'}")
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                page = httpx.get(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except httpx.TransportError:
                assert proc.poll() is None, proc.communicate()
                assert time.monotonic() < deadline, "the server did not answer within 60 s"
                time.sleep(0.3)
        assert page.status_code == 200 and "New game" in page.text
        catalogue = httpx.get(f"http://127.0.0.1:{port}/api/catalogue").json()
        assert {"riodelaplata", "elgrande", "doge", "genesia"} <= {g["id"] for g in catalogue["games"]}
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=30)
    assert f"http://127.0.0.1:{port}/" in out
    assert (tmp_path / "m.db").exists()


@pytest.mark.parametrize(
    "args, message",
    [
        (("--db", "nonsense"), "is not a database URL"),
        (("--db", "mysql://u@127.0.0.1/x"), "no database driver"),
        (("--db", "sqlite:////no/such/folder/m.db"), "cannot open the database"),
        (("--host", "no-such-host.invalid"), "no such address"),
    ],
)
def test_a_bad_start_gets_one_line_and_a_non_zero_exit(args: tuple[str, ...], message: str) -> None:
    proc = serve("--port", str(_free_port()), *args)
    out, error = proc.communicate(timeout=60)
    assert proc.returncode != 0
    assert message in error and "Traceback" not in error, error


def test_a_port_in_use_is_refused(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = serve("--port", str(port), "--db", f"sqlite:///{tmp_path / 'm.db'}")
        out, error = proc.communicate(timeout=60)
    assert proc.returncode != 0 and "port is in use" in error and "Traceback" not in error, error


def test_an_unreachable_postgresql_is_refused() -> None:
    proc = serve("--port", str(_free_port()), "--db", f"postgresql+psycopg://meeple@127.0.0.1:{_free_port()}/x")
    out, error = proc.communicate(timeout=60)
    assert proc.returncode != 0 and "cannot open the database" in error and "Traceback" not in error, error
