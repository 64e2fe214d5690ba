"""Bots, chosen by a spec string: ``random``, ``random:seed=3``, ``greedy``, ``mcts:iterations=2000``,
``mcts:seconds=1.5``, a game's reference plan ``plan:NAME``. See docs/bots.md."""

from .greedy import GreedyBot
from .mcts import MctsBot, top_moves
from .plans import PlanBot
from .random_bot import RandomBot
from .spec import BOTS, LEVELS, BadBotSpec, make_bot, parse_spec, split_bot_list

__all__ = [
    "BOTS",
    "LEVELS",
    "BadBotSpec",
    "GreedyBot",
    "MctsBot",
    "PlanBot",
    "RandomBot",
    "make_bot",
    "parse_spec",
    "split_bot_list",
    "top_moves",
]
