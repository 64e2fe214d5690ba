"""The text board an environment's `render()` returns: the table layer's presenter, drawn by rich."""

from __future__ import annotations

import io

from rich.console import Console

from meeple.engine import State
from meeple.table.presenter import presenter_for

WIDTH = 120


def text_board(state: State) -> str:
    """The board as a spectator sees it (`view(None)`): a render shows no seat's secrets."""
    presenter = presenter_for(state.game)
    board = presenter.board(state.view(None), None, state.options)
    out = io.StringIO()
    Console(file=out, width=WIDTH, color_system=None, force_terminal=False).print(board)
    return out.getvalue()
