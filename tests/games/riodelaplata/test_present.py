"""Río de la Plata's presentation: the text board (snapshots), labels that carry the facts that decide
an action, menus grouped by district, a board drawn from the view alone, and nothing on a person's
screen that the rules keep hidden (the dice to come)."""

from __future__ import annotations

import io
import json
import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from meeple.bots import make_bot
from meeple.engine import IllegalAction, State
from meeple.games.riodelaplata import GAME, RioState
from meeple.games.riodelaplata.present import PRESENTER
from meeple.table import Table
from tests.cli.secrets import play_and_check

from .helpers import PRECIOUS, SILVER, WOOD, cell, deal, players, position

SNAPSHOTS = Path(__file__).parent / "snapshots"
REGENERATE = os.environ.get("MEEPLE_SNAPSHOTS") == "1"  # MEEPLE_SNAPSHOTS=1 pytest ... rewrites them
PRESENT = PRESENTER(GAME)


def render(state: State, seat: int | None) -> str:
    console = Console(width=110, record=True, file=io.StringIO())
    console.print(PRESENT.board(state.view(seat), seat, state.options))
    return console.export_text()


def played(n: int, seed: int, until: Callable[[RioState], bool], limit: int = 5000) -> RioState:
    """A seeded game of random bots, stopped at the first position where `until` holds."""
    s = GAME.new_state(n, seed, {})
    assert isinstance(s, RioState)
    bots = [make_bot("random", seed=seed * 10 + p) for p in range(n)]
    for _ in range(limit):
        if until(s) or s.is_terminal():
            break
        p = s.to_move()[0]
        s.apply(p, bots[p].act(s, p))
    assert until(s), "the seeded game never reached the position"
    return s


POSITIONS: dict[str, Callable[[], RioState]] = {
    "start-3p": lambda: played(3, 1, lambda s: True),
    "year-8-4p": lambda: played(4, 3, lambda s: s.turn >= 7 and s.phase == "effect"),
    "war-move-5p": lambda: played(5, 2, lambda s: s.war is not None and s.war.stage == "move" and s.war.wturn >= 2),
}


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_the_board_matches_its_snapshot(name: str) -> None:
    state = POSITIONS[name]()
    seat = state.to_move()[0]
    text = render(state, seat)
    path = SNAPSHOTS / f"{name}.txt"
    if REGENERATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def test_the_board_shows_the_city_tracks_offices_and_every_players_goods() -> None:
    text = render(POSITIONS["war-move-5p"](), 0)
    for needed in ("PLAZA", "MAYOR", "War with the", "Natives", "Pirates", "Time", "Mine", "Forest",
                   "Palace (1 wood + 1 stone)", "Governor 25s/50VP/+12", "Ship", "Red (you)", "Black"):
        assert needed in text, needed
    assert not re.search(r"\.\.\. ?\+\d+|…", text), "nothing cut off"
    assert max(len(line) for line in text.splitlines()) <= 110


# ----- labels ------------------------------------------------------------------------------------


def labels(state: State, seat: int) -> dict[tuple, str]:
    view = state.view(seat)
    return {a: PRESENT.label(state, seat, view, a) for a in state.legal_actions(seat)}


def test_an_office_label_gives_its_price_vp_minimum_end_vp_and_what_you_have() -> None:
    s = position(3, pick=["bid"], players=players(3, p0={"silver": 6, "vp": 11}))
    assert labels(s, 0)[("office", 11)] == (
        "place a worker on the Governor office (25 silver, needs 50 VP, 12 VP at the end; you have 6 silver, 11 VP)")
    assert labels(s, 0)[("office", 1)] == (
        "place a worker on the General office (5 silver, needs 7 VP; you have 6 silver, 11 VP)")


def test_a_grid_space_label_gives_its_vp_and_its_cost() -> None:
    s = position(3, pick=["major", 0])
    assert labels(s, 0)[("space", 0, 0)] == "Palace space 1: 4 VP when completed, pay 1 wood + 1 stone"
    walls = position(3, pick=["major", 3])
    assert labels(walls, 0)[("space", 2, 1)] == "Walls space 3: 1 VP when completed, pay 1 stone"
    grids = labels(position(3, pick=["zone", 1]), 0)
    assert grids[("major", 3)] == "place a worker on the Walls grid (1 wood or 1 stone a space)"


def test_a_displacement_says_whose_workers_it_replaces() -> None:
    x = cell(2, 3)  # D3, in Socorro, next to Red's Hut on E3
    s = position(3, turn=2, pick=["zone", 0], buildings=[[cell(2, 4), 1, 0]], workers=[[x, 1, 1]])
    assert labels(s, 0)[("city", x, 2)] == (
        "place 2 worker(s) on D3 (Socorro): replaces Green's 1 worker(s), 1 of yours is sacrificed")
    assert s.action_text(("city", x, 2)) == (
        "place 2 worker(s) on D3 (Socorro): replaces Green's 1 worker(s), one of yours is sacrificed")


def test_build_activate_and_mine_labels_give_costs_and_yields() -> None:
    x = cell(2, 3)
    s = position(3, phase="effect", buildings=[[x, 1, 0]], workers=[[x, 0, 1]])
    assert labels(s, 0)[("build", x, 2)] == "build a House on D3 (Socorro) (1 builder(s), 1 wood + 1 stone)"
    y = cell(3, 3)
    act = position(3, phase="effect", buildings=[[x, 2, 0], [y, 4, 1]], activations=[[y, 0]])
    assert labels(act, 0)[("activate", y, 0)] == "activate Green's Carpenter on D4 (Socorro): pay 1 wood, get 3 wood"
    forest = position(3, mine=[[-1, -1, -1, -1], [1, -1, -1, -1]])
    assert labels(forest, 0)[("mine", 1)] == "place 2 worker(s) on the forest: 1 wood in the effect phase"


def test_the_log_of_a_forest_placement_names_the_workers_placed() -> None:
    s = position(3, mine=[[-1, -1, -1, -1], [1, -1, -1, -1]])
    s.apply(0, ("mine", 1))
    assert s.events[-1].text == "Red places: place 2 worker(s) on the forest: 1 wood"


def test_long_menus_are_grouped_by_district_and_trades_by_what_is_given() -> None:
    huts = [[cell(2, 2), 1, 0], [cell(5, 2), 1, 0], [cell(8, 12), 1, 0]]  # in Retiro, San Telmo, Barracas
    s = position(3, turn=3, pick=["zone", 0], buildings=huts)
    view = s.view(0)
    assert len(s.legal_actions(0)) > 20
    groups = {PRESENT.group(view, a, "") for a in s.legal_actions(0)}
    assert {"Retiro", "Socorro", "Barracas", "San Telmo"} <= groups
    offer = position(3, trade=deal(0, 1, stage=3))
    asked = {PRESENT.group(offer.view(0), a, "") for a in offer.legal_actions(0)}
    assert asked == {"ask for silver", "ask for wood", "ask for stone"}


# ----- the board comes from the view alone --------------------------------------------------------


def test_the_board_is_drawn_from_the_view_alone() -> None:
    """Nothing in Río is hidden but the dice to come: two states that differ only in their random
    generator (the future dice) give the same board, and a board drawn from a copy of the view (a
    JSON document, as a web client would hold it) is the same."""
    state = POSITIONS["year-8-4p"]()
    doc = state.to_json()
    doc["rng"] = doc["rng"] + 12345
    other = GAME.state_from_json(doc)
    assert render(other, 1) == render(state, 1)
    view = json.loads(json.dumps(state.view(1)))
    console = Console(width=110, record=True, file=io.StringIO())
    console.print(PRESENT.board(view, 1, state.options))
    assert console.export_text() == render(state, 1)


def test_the_table_uses_this_presenter() -> None:
    table = Table(GAME, ["human", "random", "random"], seed=1)
    update = table.update(0)
    assert any(c.label.startswith("place workers on Field work (2 workers make 1 silver)") for c in update.choices)


# ----- secrecy ------------------------------------------------------------------------------------


def next_war_check(state: State, person: int) -> list[str]:
    """The dice to come: the next war check's roll, as its event would spell it (nobody may know it)."""
    rng = state.rng.copy()
    roll = rng.die(6) + rng.die(6)
    return [rf"War check: the dice show {roll}\b"]


def test_the_dice_to_come_never_reach_the_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    text, checked = play_and_check(monkeypatch, "riodelaplata", 3, next_war_check, options=("-o", "short=true"))
    assert checked > 0 and "War check: the dice show" in text


def test_scores_give_the_vp_and_what_the_houses_would_score_now() -> None:
    """A House in Socorro with a Church there scores 2 + 1 as the city stands."""
    s = position(3, buildings=[[cell(2, 3), 2, 0], [cell(3, 3), 11, 1]], players=players(3, p0={"vp": 4}))
    console = Console(width=110, record=True, file=io.StringIO())
    console.print(PRESENT.scores(s.view(0), 0, s.options))
    text = console.export_text()
    assert re.search(r"Red\s+4\s+3\s+2\s+-", text) and re.search(r"Green\s+0\s+0\s+2\s+-", text), text


def test_trade_steps_are_labelled_with_the_bundle_and_what_each_side_has() -> None:
    """A negotiation reads as one: each give / ask step says what its owner has, the proposal and the
    answer spell the whole bundle, and the board says what is on the table."""
    offices = {"owner": [0] + [-1] * 11, "turn": [0] + [-1] * 11, "bid": [-1] * 12}
    kit = players(3, p1={"precious": 2})
    made = labels(position(3, offices=offices, players=kit, trade=deal(0, 1, {WOOD: 1}, stage=0)), 0)
    assert made[("add", 0)] == "add to what you give Green (you have 2 silver, 2 wood, 2 stone, 0 precious)"
    assert made[("add", 1)] == "add to what you ask Green for (Green has 2 silver, 2 wood, 2 stone, 2 precious)"
    assert made[("propose",)] == "propose to Green: you give 1 wood, you get nothing"
    assert made[("withdraw",)] == "make no offer after all"
    giving = labels(position(3, offices=offices, players=kit, trade=deal(0, 1, {WOOD: 1}, stage=2)), 0)
    assert giving[("give", 4, 1)] == "give the Gunner office (you have it)"
    assert giving[("give", WOOD, 1)] == "give 1 wood (you have 2)"
    asking = labels(position(3, offices=offices, players=kit, trade=deal(0, 1, {WOOD: 1}, stage=3)), 0)
    assert asking[("ask", PRECIOUS, 2)] == "ask for 2 precious (Green has 2)"
    asked = position(3, offices=offices, players=players(3, p1={"precious": 2}),
                     trade=deal(0, 1, {WOOD: 1, 4: 1}, {PRECIOUS: 2, SILVER: 1}))
    answer = labels(asked, 1)
    assert answer[("accept",)] == "accept Red's offer: you get 1 wood, the Gunner office and give 1 silver, 2 precious"
    assert answer[("decline",)] == "decline Red's offer"
    assert answer[("counter",)] == "counter: make Red an offer of your own instead"
    assert "Trade offer waiting: Red offers 1 wood, the Gunner office for 1 silver, 2 precious to Green" in render(asked, 2)


def test_a_person_is_offered_a_trade_while_another_player_decides() -> None:
    """The table gives a bystander (a person the game does not wait for) his trade offers, with labels
    that say whom and what they have, while the player to move decides."""
    table = Table(GAME, ["human", "human", "random"], seed=1)
    table.play_bots()
    mover = table.waiting_for()[0]
    other = next(p for p in (0, 1) if p != mover)
    update = table.update(other)
    assert update.choices and all(c.action[0] == "offer" for c in update.choices)
    assert update.prompt == "While another player decides, you may open a trade with anyone"
    assert re.fullmatch(r"make \w+ a trade offer \(\w+ has \d+ silver, \d+ wood, \d+ stone, \d+ precious\)",
                        update.choices[0].label)
    stale = Table(GAME, ["human", "human", "random"], seed=1)
    stale.play_bots()
    stale.act(mover, ("done",))
    with pytest.raises(IllegalAction, match="already made"):  # offered for a position that is gone
        stale.act(other, update.choices[0].action, move_number=update.move_number)
    table.act(other, update.choices[0].action, move_number=update.move_number)
    assert table.waiting_for() == [other], "the offer is built before the decision goes on"
    bots = Table(GAME, ["random", "human", "random"], seed=1)
    assert bots.next_bot() is not None and bots.update(1).choices == [], "a bot decides at once"


def test_the_grids_say_how_many_pieces_are_left_and_when_they_close() -> None:
    """A player sees the 60 wall/road pieces run out: the Major buildings panel counts them, and marks the
    Walls and Roads grids CLOSED once they can no longer be completed (RULES.md)."""
    from meeple.games.riodelaplata.board import PRINTED_WALLS, SEGMENTS
    from meeple.games.riodelaplata.present import majors_panel

    fresh = majors_panel(position(4).view(0)).plain
    assert "60 wall/road pieces left" in fresh and "CLOSED" not in fresh
    walled = majors_panel(position(4, walls=list(range(SEGMENTS))).view(0)).plain
    assert "Walls (1 wood or 1 stone, 0× done, CLOSED)" in walled and "Roads (free, 0× done):" in walled
    edges = [g for g in range(SEGMENTS) if g not in PRINTED_WALLS]
    spent = majors_panel(position(4, walls=edges[:40], roads=list(range(20))).view(0)).plain
    assert " 0 wall/road pieces left" in spent and "Roads (free, 0× done, CLOSED)" in spent
