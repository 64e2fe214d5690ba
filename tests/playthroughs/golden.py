"""Where the golden playthroughs live, and which ones there are: every registered game at every
player count with default options, and the option sets in VARIANTS; seed 1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from meeple.engine import Game, canonical_json, games
from meeple.engine.transcript import transcript

HERE = Path(__file__).parent
SEED = 1


# option sets played besides the defaults, each at one player count: what no default game reaches
VARIANTS: tuple[tuple[str, int, dict[str, Any]], ...] = (("elgrande", 4, {"colonies": True}),)


def cases() -> list[tuple[Game, int, dict[str, Any]]]:
    out: list[tuple[Game, int, dict[str, Any]]] = [
        (g, n, {}) for g in games() for n in g.player_counts(g.parse_options({}))
    ]
    by_id = {g.id: g for g in games()}
    out += [(by_id[gid], n, opts) for gid, n, opts in VARIANTS if gid in by_id]
    return out


def case_id(game: Game, n: int, options: dict[str, Any]) -> str:
    """elgrande-4p; with options elgrande-colonies-4p (each option set true, or name=value)."""
    tags = [k if v is True else f"{k}={v}" for k, v in sorted(options.items())]
    return "-".join([game.id, *tags, f"{n}p"])


def path_for(game: Game, n: int, options: dict[str, Any] | None = None) -> Path:
    return HERE / f"{case_id(game, n, options or {})}.json"


def render(doc: dict[str, Any]) -> str:
    """Steps one per line and views as single canonical lines: small files, readable diffs."""
    lines = ["{"]
    head = {k: v for k, v in doc.items() if k not in ("steps", "views")}
    for k, v in head.items():
        lines.append(f" {json.dumps(k)}: {json.dumps(v)},")
    lines.append(' "steps": [')
    lines.append(",\n".join("  " + json.dumps(s, ensure_ascii=False) for s in doc["steps"]))
    lines.append(" ],")
    lines.append(' "views": {')
    views = [
        f"  {json.dumps(at)}: {{"
        + ", ".join(f"{json.dumps(p)}: {canonical_json(v)}" for p, v in per.items())
        + "}"
        for at, per in doc["views"].items()
    ]
    lines.append(",\n".join(views))
    lines.append(" }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def make(game: Game, n: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    return json.loads(json.dumps(transcript(game, n, SEED, options or None)))
