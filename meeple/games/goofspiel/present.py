"""How Goofspiel looks: the game's own labels, and a drawn board where you bid by clicking a card."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.engine import Action
from meeple.engine.result import Event
from meeple.table import Presenter

from .drawing import draw


class GoofspielPresenter(Presenter):
    def targets(self, view: Mapping[str, Any], action: Action) -> tuple[str, ...]:
        return (f"card:{action[1]}",)

    def marks(self, view: Mapping[str, Any], event: Event) -> tuple[str, ...]:
        return ("prize",) if event.kind in ("prize", "win", "tie") else ()

    def svg(self, view: Mapping[str, Any], seat: int | None, options: Mapping[str, Any]) -> str | None:
        names = [self.game.seat_names[p] if p < len(self.game.seat_names) else f"P{p + 1}"
                 for p in range(len(view["hands"]))]
        return draw(view, seat, names)


PRESENTER = GoofspielPresenter
