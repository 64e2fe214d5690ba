"""Río de la Plata's action codes: the war's joint domains (combat.py, "What the war's actions can ever
be") hold every action the rules make legal, in random games and at the farthest reaches."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from meeple.engine import BadState
from meeple.engine.game import _freeze
from meeple.games.riodelaplata import GAME
from meeple.games.riodelaplata.board import ADJ4, CELLS, PERIMETER
from meeple.games.riodelaplata.combat import RANGE, ball

from .helpers import BLUE, GREEN, OUT, RED, A, cell, war_position


def distance(x: int, y: int) -> int:
    return abs(x // 16 - y // 16) + abs(x % 16 - y % 16)


def check_codes(s, seen: Counter) -> None:  # type: ignore[no-untyped-def]
    space = GAME.action_space(s.num_players, _freeze(s.options))
    for p in s.to_move():
        for action in s.legal_actions(p):
            code = space.encode(action)
            assert 0 <= code < space.size and space.decode(code) == action
            seen[action[0]] += 1


def test_the_action_space_sizes() -> None:
    sizes = {n: GAME.action_space(n, _freeze({})).size for n in range(2, 6)}
    assert sizes == {2: 46921, 3: 46922, 4: 46923, 5: 46924}  # one more "offer" target a player; 263,485-263,488 before session 38


def test_every_legal_action_of_random_games_encodes_and_decodes() -> None:
    """Wars are frequent in random play: these games make every war verb legal many times but the
    cannons' (they need the Fort: the next test)."""
    seen: Counter = Counter()
    for n in (2, 3, 4, 5):
        for seed in range(4):
            s = GAME.new_state(n, seed)
            s.log = False
            rng = random.Random(seed)
            while not s.is_terminal():
                check_codes(s, seen)
                p = s.to_move()[0]
                s.apply(p, rng.choice(s.legal_actions(p)), check=False)
    assert all(seen[v] > 100 for v in ("deploy", "recruit", "move", "enter", "bonus", "join", "keep")), seen


def test_ball_is_the_manhattan_ball_of_the_grid() -> None:
    for x in (0, cell(5, 7), cell(9, 15)):
        for k in range(5):
            assert ball(x, k) == [y for y in range(CELLS) if distance(x, y) <= k]
    assert all(set(ADJ4[x]) == set(ball(x, 1)) - {x} for x in range(CELLS))


def test_a_single_with_its_bonus_reaches_the_pairs_farthest_and_they_encode() -> None:
    """The longest move the rules make: a single attacker (3 spaces) with its bonus movement (1), on an
    empty city, from the centre and from a corner; the same for a crowd's single entering with a bonus
    (a state document may give a crowd one)."""
    for x in (cell(5, 5), cell(0, 0)):
        s = war_position(2, [[x, [A]], [cell(9, 15), [A]], [cell(0, 15), [A]]], attacker=GREEN)
        s.apply(GREEN, ("bonus", x, cell(9, 15)))
        seen: Counter = Counter()
        check_codes(s, seen)
        far = max(distance(x, a[2]) for a in s.legal_actions(GREEN) if a[0] == "move" and a[1] == x)
        assert far == RANGE[1] + 1 and seen["move"] > 20
    c = cell(0, 4)
    s = war_position(2, [[OUT + c, [A, A]], [cell(9, 15), [A]]], attacker=GREEN, war={"bonus": [OUT + c]})
    seen = Counter()
    check_codes(s, seen)
    far = max(distance(c, a[3]) for a in s.legal_actions(GREEN) if a[0] == "enter" and a[2] == 1)
    assert far == RANGE[1] and seen["enter"] > 10


def test_defenders_join_and_share_a_bonus_within_the_domains() -> None:
    """A mixed group's defender may discard his own group for it; a join offers both commands."""
    x, y, z = cell(5, 2), cell(5, 3), cell(8, 12)
    s = war_position(3, [[x, [RED]], [y, [GREEN]], [z, [RED, RED]], [cell(0, 15), [A]]], attacker=BLUE)
    s.war.mover = 1  # RED's turn to move (movers: the attacker, then the defenders)
    seen: Counter = Counter()
    check_codes(s, seen)
    assert seen["join"] == 2 and seen["bonus"] == 2, seen


def test_the_cannons_may_kill_in_the_city_and_in_a_crowd_outside() -> None:
    crowd = OUT + cell(0, 4)
    s = war_position(3, [[crowd, [A, A]], [cell(5, 5), [A]]], attacker=BLUE, stage="bet",
                     war={"gunner": RED}, completed=[0, 0, 1, 0, 0, 0])
    seen: Counter = Counter()
    check_codes(s, seen)
    assert seen["bet"] == 4  # 0..3 attackers
    s.war.stage, s.war.kills = "kill", 2
    check_codes(s, seen)
    assert {a for a in s.legal_actions(RED) if a[0] == "kill"} == {("kill", crowd), ("kill", cell(5, 5))}


def test_a_written_crowd_outside_an_inner_space_is_refused() -> None:
    inner = cell(4, 4)
    assert inner not in PERIMETER
    with pytest.raises(BadState, match="perimeter"):
        war_position(2, [[OUT + inner, [A]]], attacker=GREEN)
    war_position(2, [[OUT + PERIMETER[0], [A]]], attacker=GREEN)
