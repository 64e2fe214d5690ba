"""Set-up, secret objectives and the draft: simultaneous, hidden, passing left / right / left."""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.genesia import GAME
from meeple.games.genesia.data import CARDS_BY_NO, OBJECTIVES


def test_setup_pieces_coins_and_objectives() -> None:
    s = GAME.new_state(3, seed=4)
    assert s.phase == "objective" and sorted(s.to_move()) == [0, 1, 2]
    assert all(s.reserve_clans(p) == 30 and s.reserve_cities(p) == 20 for p in range(3))
    assert sorted(s.order) == [0, 1, 2]
    # first game at 3 players: Blue, Yellow and Green sets; only their objectives are dealt
    for deck in s.decks:
        assert len(deck) == 18 and {CARDS_BY_NO[c].colour for c in deck} == {"blue", "yellow", "green"}
    dealt = [o for opts in s.obj_opts for o in opts]
    assert len(dealt) == 6 == len(set(dealt))
    assert all(OBJECTIVES[o].colour in ("blue", "yellow", "green") for o in dealt)
    # each player sees their own two objectives only
    v = s.view(0)
    assert v["objective_options"][0] == s.obj_opts[0] and v["objective_options"][1] == 2
    for p in range(3):
        s.apply(p, ("objective", s.obj_opts[p][1]))
    assert s.phase == "draft" and s.coins == [15, 15, 15]
    assert all(len(s.packs[p]) == 6 for p in range(3))
    assert s.view(1)["objective"][0] is True, "others only see that an objective was kept"


def test_draft_is_simultaneous_hidden_and_passes_left_in_age_1() -> None:
    s = GAME.new_state(3, seed=5, options={"objectives": False})
    packs = [p[:] for p in s.packs]
    s.apply(0, ("draft", packs[0][0]))
    assert s.to_move() == [1, 2], "the others still choose; nothing is revealed"
    v = s.view(1)
    assert v["picked"][0] is True and v["packs"][0] == 6 and v["kept"][0] == 0
    d = s.determinize(1, Rng(3))
    assert d.view(1) == s.view(1)
    s.apply(1, ("draft", packs[1][0]))
    s.apply(2, ("draft", packs[2][0]))
    # left = to the next seat: player 1 now holds what player 0 had
    assert sorted(s.packs[1]) == sorted(packs[0][1:])
    assert s.view(0)["kept"][0] == [packs[0][0]], "a player may look at what they already picked"
    for _ in range(4):
        for p in range(3):
            s.apply(p, ("draft", s.packs[p][0]))
    assert s.phase == "growth"
    assert all(len(s.hands[p]) == 5 and len(s.discards[p]) == 1 for p in range(3))
    assert s.view(0)["discards"][1] == 1, "the last card is discarded without being shown"


def test_draft_passes_right_in_age_2() -> None:
    s = GAME.new_state(3, seed=6, options={"objectives": False})
    s.age = 2
    packs = [p[:] for p in s.packs]
    for p in range(3):
        s.apply(p, ("draft", packs[p][0]))
    assert sorted(s.packs[2]) == sorted(packs[0][1:]), "right = to the previous seat"


def test_resample_redraws_hidden_hands_and_objectives() -> None:
    s = GAME.new_state(2, seed=7)
    for p in range(2):
        s.apply(p, ("objective", s.obj_opts[p][0]))
    for _ in range(5):
        for p in range(2):
            s.apply(p, ("draft", s.packs[p][0]))
    changed = 0
    for k in range(10):
        d = s.determinize(0, Rng(k))
        assert d.hands[0] == s.hands[0] and d.view(0) == s.view(0)
        changed += d.hands[1] != s.hands[1] or d.objective[1] != s.objective[1]
        d.check_invariants()
    assert changed > 5


def test_redraw_depends_only_on_what_the_player_knows() -> None:
    s = GAME.new_state(3, seed=8)
    for p in range(3):
        s.apply(p, ("objective", s.obj_opts[p][0]))
    s.apply(1, ("draft", s.packs[1][0]))
    d = s.determinize(0, Rng(1))
    assert d.determinize(0, Rng(42)).to_json() == s.determinize(0, Rng(42)).to_json()
