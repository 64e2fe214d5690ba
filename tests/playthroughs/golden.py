"""Where the golden playthroughs live, and which ones there are: every registered game at every
player count with default options, seed 1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from meeple.engine import Game, canonical_json, games
from meeple.engine.transcript import transcript

HERE = Path(__file__).parent
SEED = 1


def cases() -> list[tuple[Game, int]]:
    return [(g, n) for g in games() for n in g.player_counts(g.parse_options({}))]


def path_for(game: Game, n: int) -> Path:
    return HERE / f"{game.id}-{n}p.json"


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


def make(game: Game, n: int) -> dict[str, Any]:
    return json.loads(json.dumps(transcript(game, n, SEED)))
