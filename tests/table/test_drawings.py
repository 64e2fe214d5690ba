"""Every drawn board, whatever the game: well-formed SVG drawn from the view alone, where every board
thing an action names (its targets) or an event marks is there to click or to mark. Whole random games
of every game with a drawing, checked at each decision for the seat to move and for a spectator."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from meeple.engine import games, load
from meeple.table import HUMAN, Presenter, Table, presenter_for

NS = "{http://www.w3.org/2000/svg}"


def drawn_games() -> list[str]:
    return sorted(g.id for g in games() if type(presenter_for(g)).svg is not Presenter.svg)


def things(svg: str) -> set[str]:
    root = ET.fromstring(svg)  # well-formed, or this raises
    assert root.tag == f"{NS}svg" and root.get("viewBox")
    return {g.get("data-thing") for g in root.iter() if g.get("data-thing")}


@pytest.mark.parametrize("game_id", drawn_games())
@pytest.mark.parametrize("seed", [1, 2])
def test_every_target_and_mark_is_drawn_in_the_seats_own_board(game_id: str, seed: int) -> None:
    game = load(game_id)
    players = game.min_players if game_id != "elgrande" else 3
    table = Table(game, [HUMAN] * players, seed)
    rng = random.Random(seed)
    decisions = 0
    while not table.is_over() and decisions < 400:
        for seat in table.waiting_for():
            update = table.update(seat)
            svg = table.svg(update)
            assert svg is not None
            drawn = things(svg)
            for choice in update.choices:
                missing = [t for t in choice.targets if t not in drawn]
                assert not missing, f"{choice.label!r} names {missing}, not drawn for seat {seat}"
            for event, marks in zip(update.events, update.marks, strict=True):
                assert set(marks) <= drawn, f"{event.text!r} marks {set(marks) - drawn}"
            assert table.svg(update) == svg  # drawn from the view alone: the same view, the same drawing
        things(table.svg(table.update(None)))  # a spectator's board is drawn too
        seat = table.waiting_for()[0]
        table.act(seat, rng.choice(table.update(seat).choices).action)
        decisions += 1
    assert decisions > 0
