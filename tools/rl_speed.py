"""Where the learning environments' steps go (docs/rl.md, "Speed"): a study, not a test.

    python tools/rl_speed.py paired [GAME:N,N ...] [--seconds S]
    python tools/rl_speed.py slices [GAME:N ...] [--steps K]

`paired`: for each game and player count, `meeple bench --rl`'s measure (`aec_rate`: steps per
CPU-second of `last()` and `step()`) twice in a row in one process, first with the game's direct
encoder switched off (`env.encoder.direct = None`: the view built and encoded), then on; the ratio
of the pair is the figure to read on a loaded machine.

`slices`: µs of CPU per decision of seeded random games for each part of a step, each timed on its
own: the view (`state.view`), its encoding, the direct encoding, the mask (the legal actions' codes
and the vector), `legal_actions` and `apply`. Each slice's timer adds about half a µs.

Run it with the build to measure: the compiled one (`pip install -e .`) or `MEEPLE_PURE=1`.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from meeple import load
from meeple.cli.bench import WARM_UP, aec_rate
from meeple.rl import MeepleAEC
from meeple.rl.aec import Encoder

BOARD_GAMES = ["doge:3,4", "elgrande:2,3,4,5", "genesia:1,2,3,4,5", "riodelaplata:2,3,4,5"]


def setups(specs: list[str]) -> list[tuple[str, int]]:
    out = []
    for spec in specs:
        game_id, counts = spec.split(":")
        out.extend((game_id, int(n)) for n in counts.split(","))
    return out


def paired(game_id: str, n: int, seconds: float) -> dict[str, float]:
    rates = {}
    for path in ("view", "direct"):
        env = MeepleAEC(load(game_id), n)
        if path == "view":
            env.encoder.direct = None
        aec_rate(env, WARM_UP * seconds)
        steps, spent = aec_rate(env, seconds)
        rates[path] = steps / spent
    return rates


def slices(game_id: str, n: int, decisions: int, seed: int = 0) -> dict[str, float]:
    game = load(game_id)
    options = game.parse_options({})
    encoder = Encoder(game, n, options)
    layout = encoder.layout
    clock = time.process_time
    spent = dict.fromkeys(("view", "encode", "direct", "mask", "legal_actions", "apply"), 0.0)
    done = 0
    rng = random.Random(seed)
    while done < decisions:
        state = game.new_state(n, seed + done, options)
        state.log = False
        while not state.is_terminal() and done < decisions:
            p = state.to_move()[0]
            t0 = clock()
            view = state.view(p)
            t1 = clock()
            layout.encode_into(view, p, np.zeros(layout.size, dtype=np.float32))
            t2 = clock()
            if encoder.direct is not None:
                encoder.direct(state, p, memoryview(np.zeros(layout.size, dtype=np.float32)))  # as MeepleAEC
            t3 = clock()
            legal = state.legal_actions(p)
            t4 = clock()
            encoder.mask(legal)
            t5 = clock()
            action = rng.choice(legal)
            t6 = clock()
            state.apply(p, action, check=False)
            t7 = clock()
            for key, t in (("view", t1 - t0), ("encode", t2 - t1), ("direct", t3 - t2), ("legal_actions", t4 - t3),
                           ("mask", t5 - t4), ("apply", t7 - t6)):
                spent[key] += t
            done += 1
    return {key: t / done * 1e6 for key, t in spent.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("study", choices=("paired", "slices"))
    parser.add_argument("setups", nargs="*", help="GAME:N,N... (default: the four board games, every count)")
    parser.add_argument("--seconds", type=float, default=2.0, help="paired: CPU seconds of each measure")
    parser.add_argument("--steps", type=int, default=1500, help="slices: decisions measured")
    args = parser.parse_args()
    for game_id, n in setups(args.setups or BOARD_GAMES):
        if args.study == "paired":
            rates = paired(game_id, n, args.seconds)
            print(f"{game_id} {n}p: view path {rates['view']:,.0f} -> direct {rates['direct']:,.0f} steps/s"
                  f" ({rates['direct'] / rates['view']:.2f}x)", flush=True)
        else:
            us = slices(game_id, n, args.steps)
            print(f"{game_id} {n}p µs: " + " ".join(f"{k}={v:.1f}" for k, v in us.items()), flush=True)


if __name__ == "__main__":
    main()
