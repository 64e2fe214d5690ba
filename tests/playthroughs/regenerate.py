"""Rewrite every golden playthrough: `python tests/playthroughs/regenerate.py [GAME ...]`.

Run it after an intended change of behaviour and review the diff before committing."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.playthroughs.golden import cases, make, path_for, render  # noqa: E402


def main(only: list[str]) -> None:
    for game, n, options in cases():
        if only and game.id not in only:
            continue
        path = path_for(game, n, options)
        path.write_text(render(make(game, n, options)))
        print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main(sys.argv[1:])
