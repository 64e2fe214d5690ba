"""Card coverage of random Genesia games: which of the 90 Age cards get played.

The games are exactly those of `meeple simulate genesia --players N --games G --seed S -o ...` (same
seeds, same default random bots); each game's played cards are read from the final state's `played`
tally (every card played face up, copy cards included, all Ages). Errors are counted like `simulate`.

Full acceptance check (every configuration, 200 games each; about 10 minutes on 2 cores):

    /work/venv/bin/python tests/games/genesia/card_coverage.py --games 200 --jobs 2

One configuration: `... card_coverage.py --players 4 -o deck=belligerent --games 200`.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from meeple.bots import make_bot
from meeple.engine import load, play_match

ALL_CARDS = range(1, 91)

# (players, options): every configuration of the acceptance check: the list, each multiplayer
# option at every player count it allows. `deck=custom` needs the `cards` option, so it is run with a deck
# of our choosing (every Attack card of each Age, topped up with Blue cards).
_SETS = {2: "g+r,p+r,g+p", 3: "y+g+r,b+p+r,g+p+r", 4: "b+g+p+r,y+g+p+r,b+y+p+r"}
_CUSTOM = (
    "13+21+24+25+29+17+1+2+3+4+5+6,41+44+49+51+60+56+31+32+33+34+35+36,64+72+75+76+79+80+89+73+61+62+63+66"
)
CONFIGS: list[tuple[int, dict[str, str]]] = (
    [(n, {}) for n in range(1, 6)]
    + [(1, {"difficulty": d}) for d in ("beginner", "expert", "heroic")]
    + [(n, {"objectives": "false"}) for n in range(2, 6)]
    + [(4, {"teams": "0+2,1+3"}), (3, {"teams": "0,1+2"}), (5, {"teams": "0+2,1+3+4"})]
    + [(n, {"deck": "belligerent"}) for n in range(2, 6)]
    + [(n, {"deck": "management"}) for n in range(2, 6)]
    + [(n, {"deck": "belligerent", "attack_recruit": "true"}) for n in range(2, 6)]
    + [(n, {"sets": sets}) for n, sets in _SETS.items()]
    + [(2, {"deck": "custom", "cards": _CUSTOM})]
)


def play_one(job: tuple[int, tuple[tuple[str, Any], ...], int]) -> tuple[int, Counter[int], str | None]:
    """One seeded game as `meeple simulate` plays it: (seed, card -> times played, error or None)."""
    players, options, seed = job
    game = load("genesia")
    agents = [make_bot("random", seed=seed * 101 + i) for i in range(players)]
    try:
        match = play_match(game, agents, seed=seed, options=dict(options))
    except Exception as e:  # a rules bug: report it with the seed, like simulate
        return seed, Counter(), f"seed {seed}: {type(e).__name__}: {e}\n{traceback.format_exc(limit=4)}"
    return seed, Counter(c for hand in match.state.played for c in hand), None


def card_plays(
    players: int, options: dict[str, str], games: int, seed: int = 0, jobs: int = 1
) -> tuple[Counter[int], list[str]]:
    """Per-card play counts and error messages over `games` seeded random games."""
    parsed = load("genesia").parse_options(options)
    work = [(players, tuple(sorted(parsed.items())), seed + i) for i in range(games)]
    plays: Counter[int] = Counter()
    errors: list[str] = []
    if jobs <= 1:
        results = map(play_one, work)
        for _, counts, err in results:
            plays.update(counts)
            if err:
                errors.append(err)
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for _, counts, err in pool.map(play_one, work, chunksize=4):
                plays.update(counts)
                if err:
                    errors.append(err)
    return plays, errors


def in_decks(players: int, options: dict[str, str]) -> set[int]:
    """The cards present in this configuration's decks (the only ones that can be played)."""
    s = load("genesia").new_state(players, 0, options)
    return (
        {c for age in s.decks for c in age}
        | {c for hand in s.hands for c in hand}
        | {c for pack in s.packs for c in pack}
    )


def label(players: int, options: dict[str, str]) -> str:
    opts = " ".join(f"-o {k}={v}" for k, v in options.items() if k != "cards")
    if "cards" in options:
        opts += " -o cards=…"
    return f"--players {players} {opts}".strip()


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, help="one configuration only (with -o), else all of CONFIGS")
    ap.add_argument("-o", dest="options", action="append", default=[], metavar="KEY=VALUE")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    configs = CONFIGS
    if args.players:
        configs = [(args.players, dict(o.split("=", 1) for o in args.options))]
    union: Counter[int] = Counter()
    failed = False
    print("| configuration | games | errors | cards in decks | in decks, never played |")
    print("|---|---|---|---|---|")
    for players, options in configs:
        plays, errors = card_plays(players, options, args.games, args.seed, args.jobs)
        union.update(plays)
        present = in_decks(players, options)
        missing = sorted(c for c in present if not plays[c])
        failed |= bool(errors)
        print(
            f"| `{label(players, options)}` | {args.games} | {len(errors)} | {len(present)} | "
            f"{', '.join(map(str, missing)) or '—'} |",
            flush=True,
        )
        for e in errors[:3]:
            print(e, file=sys.stderr)
    never = [c for c in ALL_CARDS if not union[c]]
    print(f"\nUnion: {90 - len(never)}/90 cards played; never played: {', '.join(map(str, never)) or 'none'}")
    rare = sorted(ALL_CARDS, key=lambda c: union[c])[:10]
    print("Rarest: " + ", ".join(f"{c}×{union[c]}" for c in rare))
    return 1 if failed or never else 0


if __name__ == "__main__":
    sys.exit(main())
