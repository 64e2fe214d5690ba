"""A masked policy-gradient agent in numpy, learning El Grande (or Goofspiel) against random seats.

    pip install -e '.[rl]'
    python examples/pg_agent.py [--game elgrande] [--seconds 300] [--opponents 2] [--out examples/pg_elgrande]

The policy is linear: a softmax over the legal actions (the observation's action mask) of W·x + b, x the
observation vector of `meeple.rl.gym_env`. It learns by REINFORCE: the return of a decision is the score
margin gained from it to the end of the game (the final margin, which the environment pays, less the
margin that the observation's `scores` part shows at the decision), a denser signal than the win alone.
Each step is divided by |x|², since a linear softmax's logits move by about lr·|x|² per update (a fixed
rate that suits one game's vectors overshoots with another's). Every `--report` games it measures the
greedy policy's win rate over fresh games against the same seats; the learning curve is written as CSV
and plotted with matplotlib. The budget is CPU seconds of this process, so a busy machine trains as far.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from meeple.engine.options import parse_option_pairs
from meeple.rl import gym_env

# What the observation's `scores` part is divided by (docs/rl.md, each game's layout), so that the
# margin it shows and the margin the environment pays at the end are in the same units.
SCORE_SCALE = {
    "elgrande": lambda options: 100.0,
    "goofspiel": lambda options: options["cards"] * (options["cards"] + 1) / 2,  # all the prizes' points
}


class Policy:
    """Only the legal actions' rows are read and moved: the others' probability is 0, so is their gradient."""

    def __init__(self, obs_size: int, actions: int, rng: np.random.Generator) -> None:
        self.w = rng.normal(0.0, 0.01, (actions, obs_size))
        self.b = np.zeros(actions)
        self.rng = rng

    def probs(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        logits = self.w[legal] @ x + self.b[legal]
        p = np.exp(logits - logits.max())
        return p / p.sum()

    def sample(self, x: np.ndarray, legal: np.ndarray, greedy: bool = False) -> tuple[int, np.ndarray]:
        """The index into `legal` of the action chosen, and the probabilities over `legal`."""
        p = self.probs(x, legal)
        return (int(np.argmax(p)) if greedy else int(self.rng.choice(len(p), p=p))), p


def play(env, policy: Policy, seed: int, greedy: bool = False):  # type: ignore[no-untyped-def]
    """One game: its (x, legal actions, index chosen, probabilities) steps and the final reward."""
    obs, _ = env.reset(seed=seed)
    steps, done, reward = [], False, 0.0
    while not done:
        x = obs["observation"].astype(np.float64)
        legal = np.flatnonzero(obs["action_mask"])
        i, p = policy.sample(x, legal, greedy)
        steps.append((x, legal, i, p))
        obs, reward, terminated, truncated, _ = env.step(int(legal[i]))
        done = terminated or truncated
    return steps, reward


def reinforce(policy: Policy, steps: list, final: float, margin: Callable[[np.ndarray], float], lr: float) -> None:
    """One REINFORCE update from a game's steps: each decision's return is the margin gained from it to
    the end, `final` less the margin at the decision."""
    for x, legal, i, p in steps:  # the gradient of log softmax: onehot(i) - p, over the legal actions
        g = -p
        g[i] += 1.0
        step = lr * (final - margin(x)) / float(x @ x + 1.0)
        policy.w[legal] += step * np.outer(g, x)
        policy.b[legal] += step * g


def win_rate(env, policy: Policy, games: int, seed: int) -> float:  # type: ignore[no-untyped-def]
    return float(np.mean([play(env, policy, seed + g, greedy=True)[1] for g in range(games)]))


def plot(points: list[tuple[int, float]], chance: float, title: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")  # a file, no display
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([g for g, _ in points], [w for _, w in points], marker="o", label="greedy policy")
    ax.axhline(chance, color="grey", linestyle="--", label=f"an equal seat's share ({chance:.2f})")
    ax.set(xlabel="games played (training)", ylabel="win rate", ylim=(0, 1), title=title)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=sorted(SCORE_SCALE), default="elgrande")
    parser.add_argument("--seconds", type=float, default=300.0, help="training budget, CPU seconds")
    parser.add_argument("--opponents", type=int, default=2, help="random seats")
    parser.add_argument("--option", "-o", action="append", default=[], help="a game option, KEY=VALUE")
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--report", type=int, default=1000, help="games between two measures")
    parser.add_argument("--measure", type=int, default=200, help="games per measure")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="CSV and PNG path without suffix (default examples/pg_GAME)")
    args = parser.parse_args()
    options = parse_option_pairs(args.option)  # as the command line's -o: the game coerces the values
    out = args.out or Path(f"examples/pg_{args.game}")

    # trained on the score margin, measured in wins (the win share, ties split)
    seats = ["random"] * args.opponents
    env = gym_env(args.game, seats, options=options, reward="margin")
    judge = gym_env(args.game, seats, options=options)
    scale = SCORE_SCALE[args.game](env.options)
    rng = np.random.default_rng(args.seed)
    policy = Policy(env.observation_space["observation"].shape[0], env.action_space.n, rng)
    scores = next(slice(start, stop) for start, stop, name, _ in env.encoder.layout.describe() if name == "scores")

    def margin(x: np.ndarray) -> float:  # the learning seat is seat 0: its score less the best other's
        s = x[scores]
        return float(s[0] - s[1:].max())

    points = [(0, win_rate(judge, policy, args.measure, 10**6))]
    print(f"games 0: greedy win rate {points[-1][1]:.3f}", flush=True)
    start, wall, games = time.process_time(), time.time(), 0
    while time.process_time() - start < args.seconds:
        steps, reward = play(env, policy, seed=games)
        final = reward / scale  # in the units of the observation's scores
        games += 1
        reinforce(policy, steps, final, margin, args.lr)
        if games % args.report == 0:
            points.append((games, win_rate(judge, policy, args.measure, 10**6)))
            print(f"games {games}: greedy win rate {points[-1][1]:.3f}", flush=True)
    print(f"{games} games in {time.process_time() - start:.0f} CPU s ({time.time() - wall:.0f} s on the clock)")
    out.with_suffix(".csv").write_text("games,win_rate\n" + "".join(f"{g},{w:.4f}\n" for g, w in points))
    title = f"{env.game.title} against {args.opponents} random seat{'s' if args.opponents > 1 else ''}: masked policy gradient"
    plot(points, 1.0 / (args.opponents + 1), title, out.with_suffix(".png"))
    print(f"wrote {out.with_suffix('.csv')} and {out.with_suffix('.png')}")


if __name__ == "__main__":
    main()
