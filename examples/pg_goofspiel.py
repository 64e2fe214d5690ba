"""A masked policy-gradient agent in numpy, learning Goofspiel against random seats.

    pip install -e '.[rl]'
    python examples/pg_goofspiel.py [--seconds 180] [--opponents 1] [--out examples/pg_goofspiel]

The policy is linear: a softmax over the legal actions (the observation's action mask) of W·x + b, x the
observation vector of `meeple.rl.gym_env`. It learns by REINFORCE: the return of a decision is the score
margin gained from it to the end (the final margin, which the environment pays, less the margin the
`scores` part of the observation shows at the decision), over all the prizes' points. Each step is
divided by |x|², since a linear softmax's logits move by about lr·|x|² per update (a fixed rate that
suits one game's vectors overshoots with another's). Every `--report` games it measures the greedy
policy's win rate over fresh games and writes the learning curve as CSV and as an SVG plot (no
plotting library needed).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from meeple.rl import gym_env


class Policy:
    def __init__(self, obs_size: int, actions: int, rng: np.random.Generator) -> None:
        self.w = rng.normal(0.0, 0.01, (actions, obs_size))
        self.b = np.zeros(actions)
        self.rng = rng

    def probs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self.w @ x + self.b
        logits = np.where(mask == 1, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def sample(self, x: np.ndarray, mask: np.ndarray, greedy: bool = False) -> tuple[int, np.ndarray]:
        p = self.probs(x, mask)
        a = int(np.argmax(p)) if greedy else int(self.rng.choice(len(p), p=p))
        return a, p


def play(env, policy: Policy, seed: int, greedy: bool = False):  # type: ignore[no-untyped-def]
    """One game: its (x, action, probabilities) steps and the final reward."""
    obs, _ = env.reset(seed=seed)
    steps, done, reward = [], False, 0.0
    while not done:
        x = obs["observation"].astype(np.float64)
        a, p = policy.sample(x, obs["action_mask"], greedy)
        steps.append((x, a, p))
        obs, reward, terminated, truncated, _ = env.step(a)
        done = terminated or truncated
    return steps, reward


def win_rate(env, policy: Policy, games: int, seed: int) -> float:  # type: ignore[no-untyped-def]
    return float(np.mean([play(env, policy, seed + g, greedy=True)[1] for g in range(games)]))


def svg_plot(points: list[tuple[int, float]], baseline: float, title: str) -> str:
    width, height, pad = 640, 360, 48
    xmax = max(x for x, _ in points) or 1

    def xy(x: float, y: float) -> str:
        return f"{pad + (width - 2 * pad) * x / xmax:.1f},{height - pad - (height - 2 * pad) * y:.1f}"

    line = " ".join(xy(x, y) for x, y in points)
    ticks = "".join(
        f'<text x="{pad - 8}" y="{height - pad - (height - 2 * pad) * t + 4:.1f}" text-anchor="end">{t:.1f}</text>'
        f'<line x1="{pad}" x2="{width - pad}" y1="{height - pad - (height - 2 * pad) * t:.1f}" '
        f'y2="{height - pad - (height - 2 * pad) * t:.1f}" stroke="#ddd"/>'
        for t in (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
        f'font-size="12">{ticks}'
        f'<line x1="{pad}" x2="{width - pad}" y1="{height - pad - (height - 2 * pad) * baseline:.1f}" '
        f'y2="{height - pad - (height - 2 * pad) * baseline:.1f}" stroke="#999" stroke-dasharray="4 4"/>'
        f'<polyline points="{line}" fill="none" stroke="#0072b2" stroke-width="2"/>'
        f'<text x="{width / 2}" y="20" text-anchor="middle">{title}</text>'
        f'<text x="{width / 2}" y="{height - 12}" text-anchor="middle">games played (training)</text>'
        f'<text x="14" y="{height / 2}" transform="rotate(-90 14 {height / 2})" text-anchor="middle">'
        "greedy policy's win rate</text></svg>"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=180.0, help="training time")
    parser.add_argument("--opponents", type=int, default=1, help="random seats (1..4)")
    parser.add_argument("--cards", type=int, default=13)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--report", type=int, default=500, help="games between two measures")
    parser.add_argument("--measure", type=int, default=200, help="games per measure")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("examples/pg_goofspiel"))
    args = parser.parse_args()

    # trained on the score margin (denser than wins: every prize counts), measured in wins
    env = gym_env("goofspiel", ["random"] * args.opponents, options={"cards": args.cards}, reward="margin")
    judge = gym_env("goofspiel", ["random"] * args.opponents, options={"cards": args.cards})
    scale = args.cards * (args.cards + 1) / 2  # all the prizes' points
    rng = np.random.default_rng(args.seed)
    policy = Policy(env.observation_space["observation"].shape[0], env.action_space.n, rng)
    scores = next(slice(start, stop) for start, stop, name, _ in env.encoder.layout.describe() if name == "scores")

    def margin(x: np.ndarray) -> float:  # the learning seat is seat 0: its score less the best other's
        s = x[scores]
        return float(s[0] - s[1:].max())
    points = [(0, win_rate(judge, policy, args.measure, 10**6))]
    print(f"games 0: greedy win rate {points[-1][1]:.3f}", flush=True)
    start, games = time.time(), 0
    while time.time() - start < args.seconds:
        steps, reward = play(env, policy, seed=games)
        final = reward / scale  # the observation's scores are over the same total
        games += 1
        for x, a, p in steps:  # the gradient of log softmax: onehot(a) - p, over the legal actions
            g = -p
            g[a] += 1.0
            step = args.lr * (final - margin(x)) / float(x @ x + 1.0)
            policy.w += step * np.outer(g, x)
            policy.b += step * g
        if games % args.report == 0:
            points.append((games, win_rate(judge, policy, args.measure, 10**6)))
            print(f"games {games}: greedy win rate {points[-1][1]:.3f}", flush=True)
    chance = 1.0 / (args.opponents + 1)
    args.out.with_suffix(".csv").write_text("games,win_rate\n" + "".join(f"{g},{w:.4f}\n" for g, w in points))
    title = f"Goofspiel ({args.cards} cards) vs {args.opponents} random seat(s): masked policy gradient"
    args.out.with_suffix(".svg").write_text(svg_plot(points, chance, title))
    print(f"wrote {args.out.with_suffix('.csv')} and {args.out.with_suffix('.svg')}")


if __name__ == "__main__":
    main()
