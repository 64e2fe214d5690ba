"""How a game looks to people: labels for its actions, groups for long menus, a text board and a
drawn (SVG) board played by clicking.

Each game may have a `present.py` beside its rules with a `Presenter` subclass named `PRESENTER`; a
game without one gets this base class, which labels actions with the game's own `action_text` and
draws the view as a tree of its fields (and no SVG board). A presenter draws boards from a seat's view
alone, so a board cannot show what the seat may not see; labels are for the seat's own legal actions.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.table import Table as RichTable
from rich.text import Text
from rich.tree import Tree

from meeple.engine import Action, Game, State
from meeple.engine.result import Event

if TYPE_CHECKING:
    from .table import Choice


class Presenter:
    """The default presentation: the game's own action texts and a tree of the view."""

    def __init__(self, game: Game) -> None:
        self.game = game

    # ----- actions ------------------------------------------------------------------------------

    def label(self, state: State, seat: int, view: Mapping[str, Any], action: Action) -> str:
        """The action as the seat reads it in a menu, with the facts that decide it."""
        return state.action_text(action)

    def group(self, view: Mapping[str, Any], action: Action, label: str) -> str:
        """The heading the action goes under when a menu is long ("" keeps it ungrouped)."""
        return ""

    def choices(self, state: State, seat: int, view: Mapping[str, Any], legal: list[Action]) -> list[Choice]:
        from .table import Choice

        out = []
        for action in legal:
            label = self.label(state, seat, view, action)
            out.append(Choice(action, label, self.group(view, action, label), self.targets(view, action)))
        return out

    def targets(self, view: Mapping[str, Any], action: Action) -> tuple[str, ...]:
        """The board things (`data-thing` names of the SVG board) the action names, in the order a
        player picks them: ("region:galicia",), or an origin then a destination. () for an action
        that names nothing on the board: it is taken from the list beside the board."""
        return ()

    def marks(self, view: Mapping[str, Any], event: Event) -> tuple[str, ...]:
        """The board things an event touched, marked on the board for a moment when it happens."""
        return ()

    def svg(self, view: Mapping[str, Any], seat: int | None, options: Mapping[str, Any]) -> str | None:
        """The drawn board as `seat` sees it (SVG markup from `meeple.table.drawing`), or None when
        the game has none: the page then shows the text board."""
        return None

    # ----- the board ----------------------------------------------------------------------------

    def board(self, view: Mapping[str, Any], seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        """The whole board as `seat` sees it (default: every field of the view, nothing cut)."""
        tree = Tree(Text(self.game.title, style="bold"))
        for key, value in view.items():
            _branch(tree, str(key), value)
        return tree

    def scores(self, view: Mapping[str, Any], seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        """The scores as the view has them (default: a `scores` field if there is one)."""
        scores = view.get("scores")
        if not isinstance(scores, list):
            return Text("This game shows no running scores.")
        table = RichTable(title="Scores")
        table.add_column("player")
        table.add_column("score", justify="right")
        for p, score in enumerate(scores):
            table.add_row(self.game.seat_names[p] if p < len(self.game.seat_names) else f"P{p + 1}", str(score))
        return table

    def hand(self, view: Mapping[str, Any], seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        """What the seat holds privately (default: the board)."""
        return self.board(view, seat, options)


def _branch(tree: Tree, key: str, value: Any) -> None:
    if isinstance(value, Mapping):
        node = tree.add(key)
        for k, v in value.items():
            _branch(node, str(k), v)
    elif isinstance(value, list) and value and all(isinstance(x, (Mapping, list)) for x in value):
        node = tree.add(key)
        for i, v in enumerate(value):
            _branch(node, str(i), v)
    else:
        tree.add(f"{key}: {value}")


def presenter_for(game: Game) -> Presenter:
    """The game's own presenter (`meeple.games.<id>.present.PRESENTER`), or the default one."""
    name = f"{type(game).__module__.rsplit('.', 1)[0]}.present"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:  # the module exists but imports something missing: a real error
            raise
        return Presenter(game)
    return module.PRESENTER(game)
