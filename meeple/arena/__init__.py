"""The arena: many seeded games between bots with rotated seats, in parallel, and their statistics."""

from .runner import (
    ArenaError,
    ArenaReport,
    BotStats,
    GameOutcome,
    play_one,
    run_arena,
    seat_plan,
    split_bot_list,
)
from .stats import wilson

__all__ = [
    "ArenaError",
    "ArenaReport",
    "BotStats",
    "GameOutcome",
    "play_one",
    "run_arena",
    "seat_plan",
    "split_bot_list",
    "wilson",
]
