"""Bots, chosen by a spec string: ``random``, ``random:seed=3``, later ``greedy``, ``mcts:iterations=2000``."""

from .spec import BOTS, BadBotSpec, make_bot, parse_spec

__all__ = ["BOTS", "BadBotSpec", "make_bot", "parse_spec"]
