"""How bots use their Age cards in Genesia: the cards played and discarded in each Age and phase (is the
hand sold for Coins in Growth?), End-of-Age cards by Age, which cards of the decks were never played,
where each Attack card of Age II ended (played or sold, in which phase) and how many Assaults its holder
met holding it (as the defender for a defence card, as the attacker for an offence card).
It plays the very games of `meeple simulate genesia --players N --bots ... --games G --seed S` (the same
game seeds and bot seeds), so its card tallies are those of `meeple simulate --stats`.

    python tools/genesia_cards.py --bots greedy --players 4 --games 100 --seed 100 [--out games.jsonl]
    python tools/genesia_cards.py --read games.jsonl [--read more.jsonl]   # the summary of saved games
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import Any

from meeple.bots import make_bot, split_bot_list
from meeple.engine import load, play_match

PHASES = ("growth", "expansion", "assault", "end_cards")
# the Attack cards of Age II: the defender's (Ramparts, Moat) and the attacker's (Crossbows, Knights, Battering Rams)
DEFENCE = (44, 51)
OFFENCE = (41, 49, 54)


def one_game(specs: list[str], players: int, seed: int) -> dict[str, Any]:
    """One game: the cards played and discarded by (Age, phase of the decision), and the state's tallies."""
    game = load("genesia")
    agents = [make_bot(spec, seed=seed * 101 + i, game=game) for i, spec in enumerate(specs)]  # as simulate
    start = game.new_state(players, seed, None)
    where = [start.age, start.phase]
    moves: Counter[str] = Counter()
    fates: Counter[str] = Counter()

    def on_step(s: Any, _p: int, action: Any) -> None:
        if action[0] in ("play", "discard", "copy"):
            verb = "discard" if action[0] == "discard" else "play"
            moves[f"{verb} {where[0]} {where[1]}"] += 1
            if action[0] != "copy" and action[1] in DEFENCE + OFFENCE:
                fates[f"{action[1]} {verb} {where[1]}"] += 1
        if action[0] == "assault" and s.asl:  # an Assault begins: who holds an Attack card in it
            attacker, defender = s.asl[0], s.asl[3]
            for c in DEFENCE:
                fates[f"{c} met"] += c in s.hands[defender]
            for c in OFFENCE:
                fates[f"{c} met"] += c in s.hands[attacker]
        where[0], where[1] = s.age, s.phase

    state = play_match(game, agents, seed=seed, on_step=on_step).state
    # every card of the game's decks, wherever it is at the start (undealt, or in the first draft's packs)
    decks = sorted(c for piles in (start.decks, start.packs, start.hands) for pile in piles for c in pile)
    return {"seed": seed, "moves": dict(moves), "tallies": state.tallies(), "scores": state.result().scores,
            "decks": decks, "fates": dict(fates)}


def summary(games: list[dict[str, Any]]) -> str:
    n = len(games)
    moves: Counter[str] = Counter()
    tallies: Counter[str] = Counter()
    for g in games:
        moves.update(g["moves"])
        tallies.update(g["tallies"])
    lines = [f"{n} games; per game, all seats together:"]
    lines.append("Age  phase       played  discarded (decisions of that phase; End-of-Age leftovers not counted)")
    for age in (1, 2, 3):
        for ph in PHASES:
            p, d = moves[f"play {age} {ph}"], moves[f"discard {age} {ph}"]
            if p or d:
                lines.append(f"{age:>3}  {ph:<10} {p / n:7.2f}  {d / n:9.2f}")
    for age in ("I", "II", "III"):
        k = f"End-of-Age cards Age {age}"
        lines.append(f"{k}: {tallies[k]} in {n} games")
    lines.append(f"cards played {tallies['cards played'] / n:.1f}, discarded {tallies['cards discarded'] / n:.1f} a game")
    dealt = sorted({c for g in games for c in g["decks"]})
    played = {int(k[5:]) for k in tallies if k.startswith("card ")}
    never = [c for c in dealt if c not in played]
    lines.append(f"cards of the decks played at least once: {len(dealt) - len(never)} of {len(dealt)}; never: {never}")
    fates: Counter[str] = Counter()
    for g in games:
        fates.update(g.get("fates", {}))
    lines.append("Attack card of Age II: Assaults its holder met holding it; played / sold, by phase")
    for c in DEFENCE + OFFENCE:
        ends = ", ".join(f"{fates[f'{c} {v} {ph}']} {v} in {ph}" for v in ("play", "discard")
                         for ph in ("growth", "war_peace", *PHASES[2:]) if fates[f"{c} {v} {ph}"]) or "-"
        lines.append(f"  {c}: met {fates[f'{c} met']}; {ends}")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="greedy", help="one spec for every seat, or one per seat")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", help="append each game as a JSON line to this file")
    ap.add_argument("--read", action="append", help="summarise saved games instead of playing (repeatable)")
    args = ap.parse_args()
    if args.read:
        games = []
        for path in args.read:
            with open(path, encoding="utf-8") as f:
                games += [json.loads(line) for line in f if line.strip()]
    else:
        specs = split_bot_list(args.bots)
        specs = specs * args.players if len(specs) == 1 else specs
        games = []
        for seed in range(args.seed, args.seed + args.games):
            g = one_game(specs, args.players, seed)
            games.append(g)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    f.write(json.dumps(g) + "\n")
    print(summary(games))


if __name__ == "__main__":
    main()
