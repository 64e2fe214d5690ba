"""Turning a bot spec (``name[:key=value,key=value]``) into a bot, with clear errors.

Examples: ``random``, ``random:seed=3``, ``greedy:samples=8``, ``mcts:iterations=2000``,
``mcts:seconds=1.5,depth=30``, ``plan:district`` (a plan of the game, named first: ``plan:NAME[,seed=N]``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from meeple.engine import MeepleError

from .common import REWARDS
from .greedy import GreedyBot
from .mcts import CLOCKS, JUDGES, PICKS, ROLLOUTS, MctsBot
from .plans import PlanBot, game_plans
from .random_bot import RandomBot


class BadBotSpec(MeepleError):
    """An unknown bot name or parameter, or a value it does not allow."""


@dataclass(frozen=True)
class Param:
    kind: type  # int, float or str
    help: str
    minimum: float | None = None  # smallest allowed value (numbers)
    strict: bool = False  # the value must be above `minimum`, not equal to it
    choices: tuple[str, ...] | None = None
    maximum: float | None = None  # largest allowed value (numbers)

    def allowed(self) -> str:
        if self.choices:
            return "one of " + ", ".join(self.choices)
        word = "an integer" if self.kind is int else "a number"
        if self.minimum is None:
            return word
        if self.maximum is not None:
            return f"{word} from {self.minimum:g} to {self.maximum:g}"
        return f"{word} {'>' if self.strict else '>='} {self.minimum:g}"


@dataclass(frozen=True)
class BotKind:
    name: str
    make: Callable[..., Any]
    params: dict[str, Param]
    help: str
    examples: tuple[str, ...] = field(default_factory=tuple)

    def describe(self) -> str:
        ps = ", ".join(f"{k} ({p.allowed()})" for k, p in self.params.items())
        return f"{self.name}: {self.help}; parameters: {ps}"


_SEED = Param(int, "seed of the bot's own random generator")

BOTS: dict[str, BotKind] = {
    "random": BotKind("random", RandomBot, {"seed": _SEED}, "uniform over the legal actions", ("random",)),
    "greedy": BotKind(
        "greedy",
        GreedyBot,
        {
            "seed": _SEED,
            "samples": Param(int, "determinizations averaged per decision", 1),
            "chain": Param(int, "own follow-up decisions looked at when the turn continues", 0),
            "width": Param(int, "follow-ups looked at per action (a random sample if more)", 1),
            "evals": Param(int, "about how many follow-ups are evaluated per decision in all", 1),
            "rivals": Param(int, "0: a position is worth the bot's own estimate alone, blind to the others (the easy level)", 0, maximum=1),
        },
        "one ply with the game's evaluation function",
        ("greedy", "greedy:samples=8"),
    ),
    "mcts": BotKind(
        "mcts",
        MctsBot,
        {
            "seed": _SEED,
            "iterations": Param(int, "iterations per decision", 0, strict=True),
            "seconds": Param(float, "time budget per decision", 0, strict=True),
            "depth": Param(int, "rollout decisions before the evaluation cuts off", 0),
            "c": Param(float, "UCB exploration constant", 0),
            "reward": Param(str, "what a playout is worth", choices=REWARDS),
            "norm": Param(int, "1: UCB on the node's mean rewards rescaled to [0, 1]; 0: raw rewards", 0, maximum=1),
            "early": Param(int, "1: stop once the move can no longer change; 0: spend the whole budget", 0, maximum=1),
            "rollout": Param(str, "how rollout moves are chosen", choices=ROLLOUTS),
            "prune": Param(int, "search only the K root actions the greedy bot ranks best (0: all; 1: the greedy move)", 0),
            "horizon": Param(int, "N > 0: rollouts end with the N-th round of play from the root's (1: the root's own), instead of after `depth` decisions (games with rounds)", 0),
            "turn": Param(int, "1: rollouts end where the searching player's turn does (at most `depth` decisions)", 0, maximum=1),
            "tree": Param(int, "the levels the tree may grow below the root (0: no limit)", 0),
            "pick": Param(str, "which root action is played", choices=PICKS),
            "crn": Param(int, "1: the n-th iteration through each root action plays with the same future of chance", 0, maximum=1),
            "memo": Param(int, "1 (with rollout=greedy): a rollout's stretch up to the next draw of chance is played once per position", 0, maximum=1),
            "fast": Param(int, "with rollout=greedy: rollout decisions with more than this many actions skip the greedy bot's follow-ups (0: none)", 0),
            "draws": Param(int, "with rollout=greedy: determinizations the greedy rollout bot averages per decision (0: the greedy bot's own 4)", 0),
            "judge": Param(str, "what a playout cut off before the end is judged by: the game's evaluation, its forecast of the final scores (the evaluation where the game has none), or that forecast with the searching player's own fit to a search's play (own; the plain forecast where the game has none)", choices=JUDGES),
            "clock": Param(str, "what `seconds` counts: the wall clock, or the search's CPU time (cpu: the same search on a loaded machine)", choices=tuple(CLOCKS)),
            "temp": Param(float, "hint win rates at a cut-off: softmax of the estimates at the game's temperature, or at this one where the game gives none (0: the leader wins)", 0),
        },
        "information-set Monte Carlo tree search",
        ("mcts:iterations=2000", "mcts:seconds=1.5"),
    ),
    "plan": BotKind(
        "plan",
        PlanBot,
        {"seed": _SEED},
        "a reference plan of the game, named first (plan:NAME), or your own (plan:FILE.py:FUNCTION or"
        " plan:MODULE:FUNCTION); the greedy bot's move where it has no say",
        ("plan:NAME", "plan:my_plans.py:roads_first"),
    ),
}


def _known() -> str:
    return ", ".join(BOTS)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split and check a spec; raises BadBotSpec naming what is wrong and what is allowed."""
    if not isinstance(spec, str) or not spec.strip():
        raise BadBotSpec(f"empty bot spec; bots are: {_known()}")
    name, _, rest = spec.strip().partition(":")
    name = name.strip()
    if name not in BOTS:
        raise BadBotSpec(f"unknown bot {name!r}; bots are: {_known()} (e.g. {', '.join(_examples())})")
    kind = BOTS[name]
    params: dict[str, Any] = {}
    if name == "plan":  # the plan's name comes first, without a key
        plan, _, rest = rest.partition(",")
        params["plan"] = plan.strip()
        if not params["plan"] or "=" in params["plan"]:
            raise BadBotSpec(f"bot spec {spec!r} names no plan: plan:NAME, one of the game's plans")
    for pair in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = pair.partition("=")
        key, value = key.strip(), value.strip()
        if not sep:
            raise BadBotSpec(f"bot parameter {pair!r} in {spec!r} is not of the form key=value")
        if key not in kind.params:
            allowed = ", ".join(f"{k} ({p.allowed()})" for k, p in kind.params.items()) or "none"
            raise BadBotSpec(f"bot {name!r} has no parameter {key!r}; its parameters: {allowed}")
        if key in params:
            raise BadBotSpec(f"bot parameter {key!r} is given twice in {spec!r}")
        params[key] = _coerce(name, key, value, kind.params[key])
    return name, params


def _coerce(bot: str, key: str, value: str, p: Param) -> Any:
    bad = BadBotSpec(f"{bot} parameter {key}={value!r} is not allowed; {key} must be {p.allowed()}")
    if p.kind is str:
        if p.choices and value not in p.choices:
            raise bad
        return value
    try:
        x = p.kind(value)
    except ValueError:
        raise bad from None
    if isinstance(x, float) and not math.isfinite(x):
        raise bad
    if p.minimum is not None and (x < p.minimum or (p.strict and x == p.minimum)):
        raise bad
    if p.maximum is not None and x > p.maximum:
        raise bad
    return x


def _examples() -> list[str]:
    return [e for k in BOTS.values() for e in k.examples]


def split_bot_list(text: str) -> list[str]:
    """Split a comma-separated list of specs, keeping a bot's own ``key=value`` parameters with it:
    ``mcts:iterations=200,depth=8,greedy`` is ``["mcts:iterations=200,depth=8", "greedy"]``."""
    specs: list[str] = []
    for raw in text.split(","):
        token = raw.strip()
        if not token:
            continue
        if "=" in token and ":" not in token and specs and ":" in specs[-1]:
            specs[-1] += "," + token
        else:
            specs.append(token)
    return specs


# Levels for people, usable wherever a bot spec is: presets of a bot and its budget (with each game's
# `bot_defaults` for the search). `strong` answers within 1.5 s a decision. `easy` is a beginner, not a
# random player: one ply on the game's evaluation, but blind to what a move gives the others (it plays
# its own game), taking each step of its turn on its own (no look at the rest of the turn) and trusting
# one guess at what it cannot see. docs/bots.md ("Levels") has the measured ordering.
LEVELS = {"easy": "greedy:rivals=0,chain=0,samples=1", "normal": "mcts:seconds=0.5", "strong": "mcts:seconds=1.5"}


def make_bot(spec: str, seed: int = 0, game: Any = None) -> Any:
    """A bot from its spec (or a level: easy, normal, strong); `seed` is used unless the spec sets its
    own. Its name is the spec.

    With `game`, the game's `bot_defaults` for this kind of bot fill in what the spec leaves out."""
    spec = LEVELS.get(spec.strip(), spec)
    name, params = parse_spec(spec)
    if game is not None:
        params = {**game.bot_defaults.get(name, {}), **params}
    params.setdefault("seed", seed)
    if name == "plan":
        return _plan_bot(spec.strip(), params, game)
    try:
        return BOTS[name].make(name=spec.strip(), **params)
    except ValueError as e:  # a combination of parameters the bot does not allow (memo=1 without greedy rollouts)
        raise BadBotSpec(f"bot {spec.strip()!r}: {e}") from None


def _plan_bot(spec: str, params: dict[str, Any], game: Any) -> PlanBot:
    """`plan:NAME`: the game's plan NAME (a plan is a game's own, so a game is needed); or a plan from
    outside meeple, `plan:FILE.py:FUNCTION` or `plan:MODULE:FUNCTION`."""
    from .own_plans import is_own_plan, own_plan  # it raises this module's BadBotSpec

    if is_own_plan(params["plan"]):
        return PlanBot(own_plan(params["plan"]), seed=params["seed"], name=spec)
    if game is None:
        raise BadBotSpec(f"bot {spec!r}: a plan belongs to a game, and none is given")
    plans = game_plans(game)
    if params["plan"] not in plans:
        known = ", ".join(f"plan:{k} ({h})" for k, (_, h) in plans.items()) or "none"
        raise BadBotSpec(f"{game.id} has no plan {params['plan']!r}; its plans: {known}")
    return PlanBot(plans[params["plan"]][0], seed=params["seed"], name=spec)
