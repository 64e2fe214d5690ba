"""The table layer: what a seat is told, whose move is taken, and the bots moving inside."""

from __future__ import annotations

import json
import random

import pytest
from rich.console import Console

from meeple.engine import IllegalAction, load
from meeple.engine.record import verify
from meeple.table import Table

GAMES = [("goofspiel", 3), ("doge", 3), ("elgrande", 3), ("genesia", 3), ("riodelaplata", 3)]


@pytest.mark.parametrize(("game_id", "n"), GAMES)
def test_a_seat_is_told_its_view_its_events_and_its_own_choices_only(game_id: str, n: int) -> None:
    game = load(game_id)
    options = {"short": True} if game_id in ("elgrande", "riodelaplata") else {}
    table = Table(game, ["human"] + ["random"] * (n - 1), seed=5, options=options)
    state = table._state  # the test looks behind the table to check what it tells
    told: list = []
    rng = random.Random(5)
    seen = 0
    while not table.is_over():
        table.play_bots()
        for seat in table.people_to_move():
            update = table.update(seat)
            assert update.view == state.view(seat)
            assert [e.text for e in update.events] == [e.text for e in state.events_for(seat, seen)]
            assert all(e.visible_to(seat) for e in update.events)
            seen = len(state.events)
            assert {c.action for c in update.choices} == set(state.legal_actions(seat))
            told.append(update)
            table.act(seat, rng.choice(update.choices).action)
    assert told, "the person never moved"
    final = table.update(0)
    assert final.over and final.result == state.result().to_json() and final.choices == []
    verify(json.loads(json.dumps(table.record())))


def test_a_seat_not_to_move_gets_no_choices_and_cannot_act() -> None:
    table = Table(load("goofspiel"), ["human", "human", "human"], seed=1)
    update = table.update(0)
    assert update.to_move and update.prompt
    # the bids are chosen by all at once; once seat 0 has bid it waits for the others
    table.act(0, update.choices[0].action)
    assert table.update(0).choices == []
    with pytest.raises(IllegalAction):
        table.act(0, update.choices[0].action)


def test_an_answer_to_a_move_already_made_is_refused_and_changes_nothing() -> None:
    """Two tabs, or a retry: each move carries the move number it answers, and only the first counts."""
    table = Table(load("goofspiel"), ["human", "human"], seed=1, options={"cards": 3})
    first = table.update(0)
    table.act(0, first.choices[0].action, move_number=first.move_number)
    before = table.record()
    with pytest.raises(IllegalAction, match="already made"):
        table.act(0, first.choices[0].action, move_number=first.move_number)
    assert table.record() == before


def test_bots_move_inside_the_table_until_a_person_must_decide() -> None:
    table = Table(load("riodelaplata"), ["random", "human", "random"], seed=2, options={"short": True})
    thought: list[str] = []
    table.play_bots(thinking=thought.append)
    assert table.waiting_for() == [1] or table.is_over()
    assert all(name != table.name(1) for name in thought)


def test_a_spectator_sees_the_public_view_and_public_events() -> None:
    table = Table(load("elgrande"), ["random"] * 3, seed=4, options={"short": True})
    table.play_bots()
    spectator = table.update(None)
    assert spectator.choices == [] and spectator.over
    assert all(e.to is None for e in spectator.events)


@pytest.mark.parametrize(("game_id", "n"), GAMES)
def test_every_board_is_drawn_from_the_view(game_id: str, n: int) -> None:
    table = Table(load(game_id), ["human"] * n, seed=3)
    update = table.update(0)
    console = Console(width=120, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(table.board(update))
    console.print(table.scores(update))
    assert console.export_text().strip()


def test_another_seats_move_in_between_does_not_stale_an_answer() -> None:
    """Bob chooses his bid from the update of move 0 while Ann's bid arrives: his answer still counts,
    since he has not moved since; a second copy of it is refused."""
    table = Table(load("goofspiel"), ["human", "human"], seed=1, options={"cards": 3})
    ann, bob = table.update(0), table.update(1)
    table.act(0, ann.choices[0].action, move_number=ann.move_number)
    table.act(1, bob.choices[0].action, move_number=bob.move_number)
    assert [p for p, _ in table.history] == [0, 1]
    with pytest.raises(IllegalAction, match="Bob|P2"):
        table.act(1, table.update(1).choices[0].action, move_number=bob.move_number)
