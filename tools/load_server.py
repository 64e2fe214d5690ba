"""A load benchmark of `meeple serve` (a script, not a test): G concurrent games, each with bots and one
scripted person on a WebSocket, for S seconds, on this machine's loopback only.

    python tools/load_server.py --games 50 --seconds 120 [--game doge] [--port 8765]

It starts the server on a fresh SQLite file, plays, stops, then checks every game's stored moves: each
move a person saw accepted is in the store, no move number twice, and every record replays. It prints
the p50 and p95 time from a person's move to their next update and the server's memory (RSS), as
one JSON line too. The figures go in docs/server.md."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

GAMES = ["goofspiel", "doge", "elgrande", "genesia", "riodelaplata"]
PLAYERS = {"goofspiel": 3, "doge": 3, "elgrande": 3, "genesia": 3, "riodelaplata": 3}
OPTIONS = {"elgrande": {"short": True}, "riodelaplata": {"short": True}}


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def person(base: str, gid: str, token: str, until: float, latencies: list[float], seen: dict) -> None:
    """Answer every decision with the first choice; time each move until the update that follows it."""
    uri = base.replace("http", "ws") + f"/ws/{gid}?token={token}"
    try:
        await _play(uri, gid, until, latencies, seen)
    except websockets.ConnectionClosed as e:  # e.g. no answer to a keepalive ping in 20 s: a starved server
        seen.setdefault("disconnected", []).append(gid)
        seen.setdefault("close_reasons", []).append(str(e))


async def _play(uri: str, gid: str, until: float, latencies: list[float], seen: dict) -> None:
    async with websockets.connect(uri, max_size=2**23) as ws:
        sent_at: float | None = None
        sent_move = -1
        while time.monotonic() < until:
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.1, until - time.monotonic())))
            except TimeoutError:
                break
            if msg["type"] != "update":
                continue
            if sent_at is not None and msg["move_number"] > sent_move:
                latencies.append(time.monotonic() - sent_at)
                seen[gid] = max(seen.get(gid, 0), msg["move_number"])
                sent_at = None
            if msg["over"]:
                break
            if msg["choices"] and sent_at is None:
                sent_move = msg["move_number"]
                sent_at = time.monotonic()
                await ws.send(json.dumps({"type": "act", "move": sent_move, "action": msg["choices"][0]["action"]}))


async def run(base: str, games: int, seconds: float, only: str | None) -> tuple[list[float], dict, list[str]]:
    created = []
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for i in range(games):
            game = only or GAMES[i % len(GAMES)]
            seats = [{"kind": "person"}] + [{"kind": "bot", "level": "easy"}] * (PLAYERS[game] - 1)
            r = await http.post("/api/games", json={"game": game, "seats": seats, "options": OPTIONS.get(game, {}),
                                                   "seed": i})
            r.raise_for_status()
            created.append(r.json())
    latencies: list[float] = []
    seen: dict[str, int] = {}
    until = time.monotonic() + seconds
    await asyncio.gather(*(person(base, g["id"], g["token"], until, latencies, seen) for g in created))
    return latencies, seen, [g["id"] for g in created]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=120)
    ap.add_argument("--game", choices=GAMES)
    ap.add_argument("--port", type=int, default=8765)
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="meeple-load-"))
    db = f"sqlite:///{folder / 'load.db'}"
    # the server's output goes to a file: a pipe no one reads would fill and stop the server
    log_path = folder / "server.log"
    log_file = log_path.open("w")
    server = subprocess.Popen([sys.executable, "-m", "meeple", "serve", "--port", str(args.port), "--db", db],
                              stdout=log_file, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{args.port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(base + "/api/catalogue", timeout=2)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start: " + log_path.read_text()) from None
                time.sleep(0.3)
        memory = [rss_kib(server.pid)]
        t0 = time.monotonic()
        latencies, seen, ids = asyncio.run(run(base, args.games, args.seconds, args.game))
        elapsed = time.monotonic() - t0
        memory.append(rss_kib(server.pid))
        # every game's record, as the server keeps it: every move a person saw accepted is there,
        # and the record replays to its hash
        from meeple.engine.record import verify

        lost = broken = 0
        moves = 0
        for gid in ids:
            record = httpx.get(f"{base}/api/games/{gid}/record", timeout=300).json()
            moves += len(record["actions"])
            lost += max(0, seen.get(gid, 0) - len(record["actions"]))
            try:
                verify(record)
            except Exception:
                broken += 1
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:  # still finishing bot moves: this run is over anyway
            server.kill()
            server.wait()
    ordered = sorted(latencies)
    report = {
        "games": args.games,
        "seconds": round(elapsed, 1),
        "moves_stored": moves,
        "person_moves_timed": len(ordered),
        "lost_moves": lost,
        "records_not_replaying": broken,
        "connections_dropped": len(seen.get("disconnected", [])),
        "close_reasons": sorted(set(seen.get("close_reasons", []))),
        "p50_ms": round(1000 * statistics.median(ordered), 1) if ordered else None,
        "p95_ms": round(1000 * ordered[int(0.95 * (len(ordered) - 1))], 1) if ordered else None,
        "server_rss_mib": [round(m / 1024, 1) for m in memory],
        "cpus": os.cpu_count(),
        "server_log": str(log_path),
        "server_errors": log_path.read_text().count("Traceback"),
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
