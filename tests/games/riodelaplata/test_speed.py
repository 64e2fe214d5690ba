"""The speed shortcuts change nothing: clones share board data but never each other's changes, the
zone menu offers exactly the zones whose lists are not empty, and the board memo follows the board."""

from __future__ import annotations

import json

import pytest

from meeple.engine import Rng
from meeple.games.riodelaplata import GAME, placement
from meeple.games.riodelaplata.city import BoardFacts, board_facts, reachable


def _doc(s: object) -> str:
    return json.dumps(s._to_json(), sort_keys=True)  # type: ignore[attr-defined]


def _step(s: object, rng: Rng) -> None:
    p = s.to_move()[0]  # type: ignore[attr-defined]
    acts = s.legal_actions(p)  # type: ignore[attr-defined]
    s.apply(p, rng.choice(acts), check=False)  # type: ignore[attr-defined]


@pytest.mark.parametrize("n", [2, 5])
def test_playing_on_a_clone_leaves_the_original_untouched(n: int) -> None:
    s = GAME.new_state(n, 4)
    s.log = False
    rng = Rng(7)
    checked = 0
    while not s.is_terminal():
        if rng.below(40) == 0:  # a clone played to the end from states of every phase
            before = _doc(s)
            c = s.clone()
            crng = Rng(checked)
            while not c.is_terminal():
                _step(c, crng)
            assert _doc(s) == before, "playing on a clone changed the original"
            checked += 1
        _step(s, rng)
    assert checked >= 5


def test_clone_is_unchanged_when_the_original_plays_on() -> None:
    s = GAME.new_state(4, 2)
    s.log = False
    rng = Rng(3)
    for _ in range(300):
        _step(s, rng)
    c = s.clone()
    before = _doc(c)
    while not s.is_terminal():
        _step(s, rng)
    assert _doc(c) == before


def test_zone_menu_matches_the_full_lists() -> None:
    for n in (2, 3, 4, 5):
        s = GAME.new_state(n, n)
        s.log = False
        rng = Rng(n)
        while not s.is_terminal():
            p = s.to_move()[0]
            if s.phase == "place" and not (s.trade or s.tile or s.pick):
                menu = s.legal_actions(p)
                full = (placement.builder_actions(s, p), placement.grid_actions(s, p), placement.use_actions(s, p))
                for z in range(3):
                    assert (("zone", z) in menu) == bool(full[z])
            _step(s, rng)


def test_board_memo_follows_new_buildings() -> None:
    s = GAME.new_state(3, 1)
    f = board_facts(s)
    assert isinstance(f, BoardFacts) and board_facts(s) is f
    x = next(y for y in sorted(reachable(s, 0)))
    from meeple.games.riodelaplata.city import set_building

    set_building(s, x, 1, 0)  # a Hut of player 0: the memo is rebuilt for the new tuples
    assert board_facts(s) is not f
    assert x in reachable(s, 0)
    assert all(0 <= y < len(s.bkind) for y in reachable(s, 0))
    assert reachable(s, 0) >= f.reach(0)[0]
