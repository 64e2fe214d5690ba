"""meeple's game-agnostic kernel: the Game/State contract, actions, RNG, events, records, registry."""

from .actions import Action, ActionSpace, Joint, action_from_json, action_to_json
from .errors import BadOption, BadRecord, BadState, IllegalAction, MeepleError, UnknownGame
from .game import Game, State, canonical_json
from .match import Agent, Match, play_match
from .options import Option, parse_option_pairs, parse_options
from .registry import games, load
from .result import Event, Result, ranks_from_keys
from .rng import Rng, SearchRng

__all__ = [
    "Action",
    "ActionSpace",
    "Agent",
    "BadOption",
    "BadRecord",
    "BadState",
    "Event",
    "Game",
    "IllegalAction",
    "Joint",
    "Match",
    "MeepleError",
    "Option",
    "Result",
    "Rng",
    "SearchRng",
    "State",
    "UnknownGame",
    "action_from_json",
    "action_to_json",
    "canonical_json",
    "games",
    "load",
    "parse_option_pairs",
    "parse_options",
    "play_match",
    "ranks_from_keys",
]
