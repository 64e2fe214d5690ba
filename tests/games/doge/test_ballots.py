"""Rulebook set-up and phase 1 (placing ballots): simultaneous secret choices, face-down markers."""

from __future__ import annotations

import pytest

from meeple.engine import BadState, Rng
from meeple.games.doge import GAME

from .helpers import CASTELLO, DORSODURO, QUARANTIA, SAN_MARCO, position, refused


@pytest.mark.parametrize("n", [3, 4])
def test_set_up(n: int) -> None:
    s = GAME.new_state(n, seed=3)
    for p in range(n):
        assert s.house_supply(p) == 15 and s.palace_supply(p) == 8 and s.rings_used(p) == 0
        assert sorted(s.view(p)["my_hand"]) == [0, 1, 1, 2, 2, 3, 3]
        assert sum(s.used[p * 7 : p * 7 + 7]) == 0  # all 7 area cards in hand
    assert s.adv_owner == [-1] * 9 and s.adv_area == [-1] * 9  # the 9 advisors neutral
    assert sorted(s.order) == list(range(7)) and sorted(s.next_order) == list(range(7))
    v = s.view(0)
    assert v["order"] == s.order  # the brown row face up
    assert v["next_order_shown"] == [] and v["next_order_hidden"] == 7  # the grey row face down
    assert s.houses == [0] * (6 * n)


def test_every_player_chooses_at_once_and_the_choices_stay_secret() -> None:
    s = GAME.new_state(3, seed=1)
    assert s.to_move() == [0, 1, 2]
    before = [s.view(q) for q in range(3)]
    start = len(s.events)
    s.apply(1, ("card", SAN_MARCO))
    assert s.to_move() == [0, 1, 2]  # a card chosen, its markers still to choose
    assert s.view(0) == before[0] and s.view(2) == before[2]  # nothing shows to the others
    assert s.view(1)["my_pending"] == {"card": SAN_MARCO, "markers": None}
    s.apply(1, ("markers", 0, 0, 1, 1))  # a 3 and a 2
    assert s.to_move() == [0, 2]
    assert s.view(0)["ready"] == [False, True, False]
    assert s.view(0)["ballot_counts"][1][SAN_MARCO] == 0  # not yet revealed
    assert all("San Marco" not in e.text for e in s.events_for(0, start))
    s.apply(0, ("card", CASTELLO))
    s.apply(0, ("markers", 1, 0, 0, 0))
    s.apply(2, ("card", SAN_MARCO))
    s.apply(2, ("markers", 0, 2, 0, 0))
    # revealed together: cards face up, markers face down (counts public, values the owner's)
    v0 = s.view(0)
    assert v0["used"] == [[CASTELLO], [SAN_MARCO], [SAN_MARCO]]
    assert v0["ballot_counts"][1][SAN_MARCO] == 2 and v0["ballot_counts"][2][SAN_MARCO] == 2
    assert v0["my_ballots"][CASTELLO] == [0]
    assert "my_ballots" in s.view(1) and s.view(1)["my_ballots"][SAN_MARCO] == [3, 2]
    assert all("ballots" not in k or k == "my_ballots" or k == "ballot_counts" for k in v0)
    assert s.rnd == 1 and s.to_move() == [0, 1, 2]


def test_face_down_markers_are_redrawn_for_the_others_only() -> None:
    s = position(
        3,
        ballots=[{"San Marco": [3, 3]}, {"San Marco": [0]}, {"Castello": [1, 2]}],
        used=[["San Marco"], ["San Marco"], ["Castello"]],
        round=1,
    )
    seen = set()
    for k in range(40):
        d = s.determinize(1, Rng(k))
        assert d.view(1) == s.view(1)
        assert d.placed[(1 * 7 + SAN_MARCO) * 4 + 0] == 1  # player 1's own marker is never redrawn
        seen.add(tuple(d.placed[(0 * 7 + SAN_MARCO) * 4 : (0 * 7 + SAN_MARCO) * 4 + 4]))
        d.check_invariants()
    assert len(seen) > 3  # player 0's two face-down markers take many values


def test_a_second_ballot_in_an_area_used_this_year_is_refused() -> None:
    s = position(3, ballots=[{"San Marco": [3]}, {}, {}], used=[["San Marco"], [], []], round=1)
    refused(s, 0, ("card", SAN_MARCO), "already used your San Marco card this year")
    s.apply(0, ("card", QUARANTIA))


def test_at_least_one_marker_and_only_held_ones() -> None:
    s = GAME.new_state(3, seed=1)
    s.apply(0, ("card", SAN_MARCO))
    refused(s, 0, ("markers", 0, 0, 0, 0), "at least one ballot marker")
    refused(s, 0, ("markers", 0, 0, 0, 3), "hold only 2 markers of value 3")
    refused(s, 0, ("card", CASTELLO), "already chose a card this round")


def test_a_card_takes_one_to_four_markers() -> None:
    """Phase 1: each player secretly chooses a card "sowie ein bis vier Stimmmarken" (one to four
    ballot markers; the published rules as reviews of the German edition give them, RULES.md).
    7 markers on San Marco in round 1 are refused; 4 then 3 use the 7 up, and the player sits out."""
    s = GAME.new_state(3, seed=1)
    s.apply(0, ("card", SAN_MARCO))
    counts = {sum(a[1:]) for a in s.legal_actions(0)}
    assert counts == {1, 2, 3, 4}
    refused(s, 0, ("markers", 1, 2, 2, 2), "a card takes 1 to 4 ballot markers, not 7")
    refused(s, 0, ("markers", 0, 1, 2, 2), "a card takes 1 to 4 ballot markers, not 5")
    s.apply(0, ("markers", 0, 0, 2, 2))
    for p in (1, 2):
        s.apply(p, ("card", CASTELLO))
        s.apply(p, ("markers", 0, 1, 0, 0))
    s.apply(0, ("card", CASTELLO))
    assert {sum(a[1:]) for a in s.legal_actions(0)} == {1, 2, 3}  # 3 left: 1 to 3 of them
    s.apply(0, ("markers", 1, 2, 0, 0))
    for p in (1, 2):
        s.apply(p, ("card", SAN_MARCO))
        s.apply(p, ("markers", 0, 1, 0, 0))
    assert s.rnd == 2 and s.to_move() == [1, 2]  # Red has placed all 7 and sits out rounds 3 and 4


def test_a_redrawn_secret_choice_takes_at_most_four_markers() -> None:
    """The others' secret choice is redrawn for a search within the rule: 1 to 4 markers."""
    s = position(3, pending=[None, {"card": "Castello", "markers": [2]}, None])
    sizes = set()
    for k in range(60):
        d = s.determinize(0, Rng(k))
        sizes.add(sum(d.pend_marks[4:8]))
        d.check_invariants()
    assert sizes == {1, 2, 3, 4}


def test_four_rounds_with_3_players_three_with_4_then_the_elections() -> None:
    for n, rounds in [(3, 4), (4, 3)]:
        s = GAME.new_state(n, seed=2)
        for r in range(rounds):
            assert s.phase == 0 and s.rnd == r
            for p in range(n):
                s.apply(p, ("card", r))
                s.apply(p, ("markers", 0, 1, 0, 0) if r < 2 else ("markers", 0, 0, 1, 0))
        assert s.phase == 1  # the fourth (third) round ended the phase; 3 (4) markers unused


def test_a_player_with_no_markers_sits_out_the_others_must_play_a_card() -> None:
    """Phase 1: "If a player uses all of his 7 ballot markers before all the rounds in the phase are
    complete, he simply sits out the later rounds, choosing no cards and no ballot markers." Every
    other player places ballot markers each round: holding markers, a player may not sit out."""
    s = position(
        3,
        ballots=[{"San Marco": [3, 3, 2, 2], "Castello": [1, 1, 0]}, {"San Marco": [1]}, {"Dorsoduro": [0]}],
        used=[["San Marco", "Castello"], ["San Marco", "Cannaregio"], ["Dorsoduro", "San Polo"]],
        round=2,
    )
    assert s.to_move() == [1, 2] and s.legal_actions(0) == []
    assert ("pass",) not in s.legal_actions(1)
    assert all(a[0] == "card" for a in s.legal_actions(1)) and len(s.legal_actions(1)) == 5
    refused(s, 1, ("pass",), "must play an area card this round")
    assert "sit out" in s.prompt(0)
    s.apply(1, ("card", QUARANTIA))
    s.apply(1, ("markers", 1, 0, 0, 0))
    s.apply(2, ("card", CASTELLO))
    s.apply(2, ("markers", 0, 1, 0, 0))
    assert s.view(0)["used"][1:] == [[0, SAN_MARCO, QUARANTIA], [CASTELLO, DORSODURO, 4]] and s.rnd == 3


def test_a_document_where_a_player_holding_markers_sits_out_is_refused() -> None:
    with pytest.raises(BadState) as info:
        position(3, pending=[{"card": "pass"}, None, None])
    assert "must play a card" in str(info.value)


def test_markers_go_back_to_their_owners_after_the_areas_election() -> None:
    s = position(
        3,
        phase="elections",
        order=[CASTELLO, SAN_MARCO, 0, 2, 4, 5, 6],
        ballots=[{"San Marco": [3]}, {"Castello": [0]}, {}],
        used=[["San Marco"], ["Castello"], []],
    )
    # Castello (only a 0 marker: nobody wins) is done, San Marco's election is in progress
    assert s.pos == 1 and s.election == SAN_MARCO
    assert sorted(s.view(1)["my_hand"]) == [0, 1, 1, 2, 2, 3, 3]
    assert sorted(s.view(0)["my_hand"]) == [0, 1, 1, 2, 2, 3, 3]


def test_views_do_not_depend_on_the_others_hidden_markers_or_choice() -> None:
    """Two positions differing only in Blue's face-down values and secret card: Red's views equal."""
    common = {"used": [["San Marco"], ["San Marco"], []], "round": 1}
    s1 = position(
        3,
        ballots=[{"San Marco": [3]}, {"San Marco": [3, 0]}, {}],
        pending=[None, {"card": "Castello", "markers": [2]}, None],
        **common,
    )
    s2 = position(
        3,
        ballots=[{"San Marco": [3]}, {"San Marco": [1, 1]}, {}],
        pending=[None, {"card": "Quarantia", "markers": [3, 2, 2]}, None],
        **common,
    )
    assert s1.view(0) == s2.view(0) and s1.view(2) == s2.view(2) and s1.view(None) == s2.view(None)
    assert s1.view(1) != s2.view(1)
    assert s1.view(0)["ballot_counts"][1][SAN_MARCO] == 2 and s1.view(0)["ready"] == [False, True, False]


def test_markers_turned_up_in_an_election_are_not_redrawn() -> None:
    """Phase 2: the ballot markers of an area are turned over when it votes, so everyone has seen
    them; a determinization may redraw only the markers still face down (or never placed)."""
    s = position(
        3,
        phase="elections",
        order=[CASTELLO, SAN_MARCO, 0, 2, 4, 5, 6],
        ballots=[{"Castello": [3, 3], "San Marco": [2, 1]}, {"Castello": [2]}, {}],
    )
    assert s.election == CASTELLO and s.votes == [6, 2, 0]
    assert s.view(1)["revealed"] == [[3, 3], [2], []]
    seen = set()
    for k in range(40):
        d = s.determinize(1, Rng(k))
        assert d.view(1) == s.view(1)
        on_san_marco = d.placed[(0 * 7 + SAN_MARCO) * 4 : (0 * 7 + SAN_MARCO) * 4 + 4]
        assert on_san_marco[3] == 0, "both of Red's 3s were turned up in Castello"
        assert d.hand[3] == 2 and sum(on_san_marco) == 2
        seen.add(tuple(on_san_marco))
        d.check_invariants()
    assert len(seen) > 2
