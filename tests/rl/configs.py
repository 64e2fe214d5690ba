"""The games, player counts and option sets the RL tests run on: every registered game and count, and
the option sets that change an observation's shape or content."""

from __future__ import annotations

from typing import Any

from meeple.engine.registry import games

OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "elgrande": [{}, {"colonies": True}],
    "goofspiel": [{}, {"cards": 5}],
    "riodelaplata": [{}, {"short": True}],
}


def every_count() -> list[tuple[str, int]]:
    return [(g.id, n) for g in games() for n in g.player_counts(g.parse_options({}))]


def every_setup() -> list[tuple[str, int, dict[str, Any]]]:
    out = []
    for g in games():
        for opts in OPTION_SETS.get(g.id, [{}]):
            for n in g.player_counts(g.parse_options(opts)):
                out.append((g.id, n, opts))
    return out
