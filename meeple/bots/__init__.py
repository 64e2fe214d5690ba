"""Bots, chosen by a spec string: ``random``, ``random:seed=3``, ``greedy``, ``mcts:iterations=2000``,
``mcts:seconds=1.5``. See docs/bots.md."""

from .greedy import GreedyBot
from .mcts import MctsBot
from .random_bot import RandomBot
from .spec import BOTS, BadBotSpec, make_bot, parse_spec

__all__ = ["BOTS", "BadBotSpec", "GreedyBot", "MctsBot", "RandomBot", "make_bot", "parse_spec"]
