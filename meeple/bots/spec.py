"""Turning a bot spec (``name[:key=value,key=value]``) into a bot, with clear errors."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from meeple.engine import MeepleError

from .random_bot import RandomBot


class BadBotSpec(MeepleError):
    """An unknown bot name or parameter, or a value it does not allow."""


@dataclass(frozen=True)
class BotKind:
    name: str
    make: Callable[..., Any]
    params: dict[str, type]  # parameter name -> int or float or str
    help: str


BOTS: dict[str, BotKind] = {
    "random": BotKind("random", RandomBot, {"seed": int}, "uniform over the legal actions"),
}


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    name, _, rest = spec.strip().partition(":")
    if name not in BOTS:
        raise BadBotSpec(f"unknown bot {name!r}; bots are: {', '.join(BOTS)} (or 'human' in play)")
    kind = BOTS[name]
    params: dict[str, Any] = {}
    for pair in filter(None, (p.strip() for p in rest.split(","))):
        key, sep, value = pair.partition("=")
        if not sep:
            raise BadBotSpec(f"bot parameter {pair!r} in {spec!r} is not of the form key=value")
        if key not in kind.params:
            allowed = ", ".join(kind.params) or "none"
            raise BadBotSpec(f"bot {name!r} has no parameter {key!r}; its parameters: {allowed}")
        try:
            params[key] = kind.params[key](value)
        except ValueError:
            raise BadBotSpec(
                f"bot parameter {key}={value!r} must be {kind.params[key].__name__}"
            ) from None
        if kind.params[key] in (int, float) and key != "seed" and params[key] <= 0:
            raise BadBotSpec(f"bot parameter {key}={value} must be positive")
    return name, params


def make_bot(spec: str, seed: int = 0) -> Any:
    """A bot from its spec; `seed` is used unless the spec sets its own."""
    name, params = parse_spec(spec)
    params.setdefault("seed", seed)
    return BOTS[name].make(name=spec, **params)
