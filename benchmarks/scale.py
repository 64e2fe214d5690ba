"""The scaling table of docs/scale.md: games per second of `meeple simulate`'s work with 1 and 2
workers, on the process backend and on a local Ray, and the efficiency (speed-up over workers).

    python benchmarks/scale.py [--game elgrande] [--players 3] [--bots random] [--games 200] [--repeat 3]

Each configuration runs --repeat times and the best time is kept: on a machine shared with other
work the best run is the one least slowed by it. The load average before the runs is printed with
the table. Ray's start (seconds) is timed apart from the games: on a cluster it is paid once."""

from __future__ import annotations

import argparse
import os
import time

from meeple.cli.simulate import simulate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", default="elgrande")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    load = os.getloadavg()
    bots = [args.bots] * args.players
    rows = []
    for backend in ("process", "ray"):
        base = None
        for workers in (1, 2):
            start = 0.0
            if backend == "ray":
                import ray

                t0 = time.perf_counter()
                ray.init(num_cpus=workers, include_dashboard=False, logging_level="ERROR", log_to_driver=False)
                start = time.perf_counter() - t0
            seconds = float("inf")
            for _ in range(args.repeat):
                t0 = time.perf_counter()
                s = simulate(args.game, bots, args.games, 0, {}, workers, None, False, backend=backend)
                seconds = min(seconds, time.perf_counter() - t0)
                assert s.errors == 0, s.error_messages
            if backend == "ray":
                ray.shutdown()
            rate = args.games / seconds
            base = base or rate
            rows.append((backend, workers, seconds, rate, rate / base, rate / base / workers, start))
    print(f"{args.game}, {args.players} players, {args.bots} bots, {args.games} games, best of {args.repeat};"
          f" load average before: {load[0]:.1f} (1 min), {load[1]:.1f} (5 min) on {os.cpu_count()} CPUs")
    print("| backend | workers | seconds | games/s | speed-up | efficiency | Ray start (s) |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for b, w, sec, rate, up, eff, start in rows:
        print(f"| {b} | {w} | {sec:.1f} | {rate:.2f} | {up:.2f} | {eff:.0%} | {f'{start:.1f}' if b == 'ray' else '–'} |")


if __name__ == "__main__":
    main()
