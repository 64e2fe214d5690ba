"""The round structure (§4): bidding order, turn order, the court step, the short game."""

from __future__ import annotations

from meeple.engine import Rng

from .helpers import GAME, A, load, put, turn_doc


def test_turns_run_from_the_highest_card_and_the_lowest_opens_the_next_bidding() -> None:
    s = GAME.new_state(3, 7)
    first = s.to_move()[0]
    values = {first: 5, (first + 1) % 3: 11, (first + 2) % 3: 2}
    for _ in range(3):
        p = s.to_move()[0]
        s.apply(p, ("power", values[p]))
    assert s.turns == [(first + 1) % 3, first, (first + 2) % 3]
    assert s.to_move() == [(first + 1) % 3]
    while s.phase != 0:
        p = s.to_move()[0]
        s.apply(p, ("done",) if ("done",) in s.legal_actions(p) else s.legal_actions(p)[0])
    assert s.to_move() == [(first + 2) % 3] and s.rounds[s.round_i] == 2
    assert all((s.used[p] >> (values[p] - 1)) & 1 for p in range(3))


def test_power_card_sets_how_many_come_to_court() -> None:
    s = GAME.new_state(2, 1)
    p = s.to_move()[0]
    s.apply(p, ("power", 1))
    q = s.to_move()[0]
    s.apply(q, ("power", 12))
    assert s.to_move() == [q] and s.phase == 4  # card 12 brings nobody: straight to the cards
    s.apply(q, s.legal_actions(q)[0])
    s.apply(q, ("done",))
    assert s.legal_actions(p)[0] == ("court", 6)
    assert len(s.legal_actions(p)) == 7  # 6 down to 0


def test_short_game_plays_six_rounds_with_three_scorings() -> None:
    s = GAME.new_state(3, 2, {"short": True})
    assert s.rounds == (2, 3, 5, 6, 8, 9)
    rng = Rng(4)
    scorings = 0
    while not s.is_terminal():
        if s.phase == 8 and s.disk_kind == 0 and s.disk == [-1] * 3:
            scorings += 1
        p = s.to_move()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert scorings == 3


def test_either_card_and_extra_placement_anywhere_but_the_kings_region() -> None:
    doc = turn_doc(2, 0, "Intrigue: withdraw or reinforce", "Aragon")
    put(doc, 0, "court", 3)
    s = load(doc)
    s.apply(0, ("special",))
    assert s.legal_actions(0) == [("option", 0), ("option", 1)]
    s.apply(0, ("option", 1))
    targets = {a[1] for a in s.legal_actions(0) if a[0] == "place"}
    assert A["Aragon"] not in targets and A["Galicia"] in targets and A["Castillo"] not in targets
    s.apply(0, ("place", A["Galicia"]))
    s.apply(0, ("place", A["Seville"]))
    assert s.phase == 5 and s.court[0] == 1


def test_two_own_and_two_others() -> None:
    doc = turn_doc(2, 0, "Intrigue: 2 own and 2 others", "Aragon")
    put(doc, 0, "Seville", 3)
    put(doc, 1, "Seville", 3)
    s = load(doc)
    s.apply(0, ("special",))
    for owner in (0, 0):
        s.apply(0, ("pick", owner, A["Seville"], 0))
        s.apply(0, ("drop", A["Granada"]))
    assert all(a[1] == 1 for a in s.legal_actions(0) if a[0] == "pick")  # own moves used up
    for _ in range(2):
        s.apply(0, ("pick", 1, A["Seville"], 0))
        s.apply(0, ("drop", A["Castillo"]))
    assert s.phase == 5 and s.cab[1][A["Castillo"]] == 2 and s.cab[0][A["Granada"]] == 2


def test_withdraw_moves_every_own_caballero_out_of_the_region() -> None:
    doc = turn_doc(2, 0, "Intrigue: withdraw", "Aragon")
    put(doc, 0, "Seville", 2)
    s = load(doc)
    s.apply(0, ("special",))
    s.apply(0, ("area", A["Seville"]))
    s.apply(0, ("pick", 0, A["Seville"], 0))
    assert ("done",) not in s.legal_actions(0)
    s.apply(0, ("drop", A["Granada"]))
    assert ("done",) not in s.legal_actions(0)
    s.apply(0, ("pick", 0, A["Seville"], 0))
    s.apply(0, ("drop", A["Castillo"]))
    assert s.phase == 5 and s.cab[0][A["Seville"]] == 0


def test_pending_disks_are_redrawn_for_the_other_players_only() -> None:
    s = GAME.new_state(3, 9)
    rng = Rng(1)
    while not (s.phase == 8 and s.disk_kind == 0):
        p = s.to_move()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    s.apply(1, ("disk", A["Seville"]))
    s.apply(2, ("disk", A["Galicia"]))
    seen = {s.determinize(0, Rng(k)).disk[1] for k in range(20)}
    assert len(seen) > 1
    assert {s.determinize(1, Rng(k)).disk[1] for k in range(5)} == {A["Seville"]}
