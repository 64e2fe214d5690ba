"""The registry of games: every package under `meeple.games` that exposes `GAME` is a game.

Adding a game means adding one package; nothing else is edited.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache

from .errors import UnknownGame
from .game import Game


@lru_cache(maxsize=1)
def _discover() -> dict[str, Game]:
    import meeple.games as pkg

    found: dict[str, Game] = {}
    for info in sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{pkg.__name__}.{info.name}")
        game = getattr(module, "GAME", None)
        if isinstance(game, Game):
            found[game.id] = game
    return found


def games() -> list[Game]:
    return list(_discover().values())


def load(game_id: str) -> Game:
    found = _discover()
    if game_id not in found:
        known = ", ".join(sorted(found)) or "none"
        raise UnknownGame(f"unknown game {game_id!r}; registered games: {known}")
    return found[game_id]
