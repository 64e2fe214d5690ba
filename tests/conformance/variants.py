"""Which (game, player count, options) the generic suites run: every registered game at every
player count with its default options, plus each non-default value of each bool or choice option
(one at a time) at the game's smallest and largest counts."""

from __future__ import annotations

from typing import Any

from meeple.engine import Game, games


def variants() -> list[tuple[Game, int, dict[str, Any]]]:
    out: list[tuple[Game, int, dict[str, Any]]] = []
    for game in games():
        default = game.parse_options({})
        for n in game.player_counts(default):
            out.append((game, n, {}))
        for opt in game.options:
            values = (
                [not opt.default]
                if opt.kind is bool
                else [c for c in (opt.choices or ()) if c != opt.default]
            )
            for value in values:
                opts = {opt.name: value}
                try:
                    parsed = game.parse_options(opts)
                    counts = game.player_counts(parsed)
                except Exception:
                    continue
                for n in sorted({counts.start, counts.stop - 1}):
                    try:
                        game.check_options(n, parsed)
                    except Exception:
                        continue
                    out.append((game, n, opts))
    return out


def variant_id(v: tuple[Game, int, dict[str, Any]]) -> str:
    game, n, opts = v
    extra = ",".join(f"{k}={v}" for k, v in opts.items())
    return f"{game.id}-{n}p" + (f"-{extra}" if extra else "")
