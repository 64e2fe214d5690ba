"""Soak test: many uniformly random games of one registered game, looking for positions where the game
cannot go on. Outside the test suite (it runs for hours at 100,000 games); part of how a rules change is
checked (see each game's RULES.md).

    python tools/soak.py genesia --games 100000 --players 2 --jobs 2 [-o KEY=VALUE ...] [--seed S]

A game is reported, and its state document (`state.to_json()`, read back with
`meeple.load(game).state_from_json(doc)`) saved in --out as `<game>-<kind>-<N>p_<seed>.json`, when:

- stuck: the position is not terminal and nobody is to move, or a player to move has no legal action;
- error: applying a legal action (or asking for them) raises; the document is the position before it;
- endless: no end after --max-decisions decisions.

Each game is reproducible from its seed: the game is `new_state(N, seed, options)` and the random choices
(which player acts, when several may: those to move and the game's bystanders, and the action) come
from `Rng(seed)`.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from meeple.engine import Rng, load, parse_option_pairs


def soak_one(game_id: str, players: int, seed: int, options: dict[str, Any], max_decisions: int) -> dict[str, Any]:
    """Play one random game; return {"seed", "kind" (None when it ended well), "detail", "doc"}."""
    game = load(game_id)
    rng = Rng(seed)
    state = game.new_state(players, seed, options)
    for _ in range(max_decisions):
        if state.is_terminal():
            return {"seed": seed, "kind": None}
        doc = None
        try:
            movers = state.to_move()
            if not movers:
                return _bad(seed, "stuck", "not terminal and nobody is to move", state)
            for p in movers:
                if not state.legal_actions(p):
                    return _bad(seed, "stuck", f"player {p} is to move and has no legal action", state)
            # a bystander (e.g. a Río player opening a trade while another decides) acts now and then
            acting = movers + state.bystanders()
            player = acting[0] if len(acting) == 1 else rng.choice(acting)
            action = rng.choice(state.legal_actions(player))
            doc = state.to_json()
            state.apply(player, action)
        except Exception as e:  # a rules bug: keep the position before the failing step
            return {
                "seed": seed,
                "kind": "error",
                "detail": f"{type(e).__name__}: {e}\n{traceback.format_exc(limit=6)}",
                "doc": doc if doc is not None else _doc(state),
            }
    return _bad(seed, "endless", f"no end after {max_decisions} decisions", state)


def _doc(state: Any) -> dict[str, Any] | None:
    try:
        return state.to_json()
    except Exception:
        return None


def _bad(seed: int, kind: str, detail: str, state: Any) -> dict[str, Any]:
    return {"seed": seed, "kind": kind, "detail": detail, "doc": _doc(state)}


def _run(args: tuple[str, int, int, dict[str, Any], int]) -> dict[str, Any]:
    return soak_one(*args)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", help="a registered game id, e.g. genesia")
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0, help="first game's seed (games use seed, seed+1, ...)")
    ap.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-decisions", type=int, default=200_000)
    ap.add_argument("--out", default="soak-failures", help="folder for the failing positions' documents")
    args = ap.parse_args(argv)

    game = load(args.game)
    options = game.parse_options(parse_option_pairs(args.option))
    jobs = [(args.game, args.players, args.seed + i, options, args.max_decisions) for i in range(args.games)]
    t0 = time.perf_counter()
    found: Counter[str] = Counter()
    out = Path(args.out)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for r in pool.map(_run, jobs, chunksize=16):
            if r["kind"] is None:
                continue
            found[r["kind"]] += 1
            out.mkdir(parents=True, exist_ok=True)
            path = out / f"{args.game}-{r['kind']}-{args.players}p_{r['seed']}.json"
            if r["doc"] is not None:
                path.write_text(json.dumps(r["doc"]))
            print(f"seed {r['seed']}: {r['kind']}: {r['detail']} -> {path}", file=sys.stderr)
    took = time.perf_counter() - t0
    shown = ", ".join(f"{k} {v}" for k, v in sorted(found.items())) or "none"
    opts = " ".join(f"-o {o}" for o in args.option)
    print(
        f"{args.game} {args.players}p {opts}{' ' if opts else ''}seeds {args.seed}..{args.seed + args.games - 1}:"
        f" {args.games} games in {took:.0f} s; failures: {shown}"
    )
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
