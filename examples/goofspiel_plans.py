"""Plans of your own, outside meeple: a file like this one, named in a bot spec.

    meeple arena goofspiel --bots plan:examples/goofspiel_plans.py:match_the_prize,greedy --games 100

A plan is a function `(view, player, legal) -> preferred`: `view` is the position as `player` may know
it (the others' hidden cards redrawn), `legal` the player's legal actions, and `preferred` the actions
the plan insists on. One action is played; of several, the greedy bot's best is; none (or none legal)
leaves the move to the greedy bot. The four games' own plans (`meeple/games/*/plans.py`) show how to
read their positions.
"""

from __future__ import annotations

from typing import Any


def match_the_prize(view: Any, player: int, legal: list[tuple]) -> list[tuple]:
    """Bid the card equal to the prize on the table: each prize costs its own worth."""
    return [action for action in legal if action == ("bid", view.prize)]


def lowest_on_small_prizes(view: Any, player: int, legal: list[tuple]) -> list[tuple]:
    """Give the small prizes away with the lowest card; leave the rest to the greedy bot."""
    return [min(legal)] if view.prize <= 4 else []
