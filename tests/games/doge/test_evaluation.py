"""The bots' evaluation (evaluation.py), term by term on built positions: palaces in every district,
houses gathered towards a palace, the supply, advisors where the player's houses are, and ballot
markers spread over the year's rounds."""

from __future__ import annotations

import pytest

from meeple.games.doge import evaluation as ev
from meeple.games.doge.state import DogeState

from .helpers import CANNAREGIO, CASTELLO, DORSODURO, QUARANTIA, SAN_MARCO, position


def nobody_has_voted(**fields):
    """A four-player position in the first ballot round, nothing on any area: no election leads."""
    return position(4, **fields)


def test_a_palace_in_a_new_district_is_worth_one_palace_nearer_the_end() -> None:
    # Red has a palace in Cannaregio; a second one there or a first one in Castello: the same count,
    # but six districts need one more palace each, so Castello is one palace nearer the end
    same = nobody_has_voted(palaces=[[0, 0], [], [], [], [], []])
    new = nobody_has_voted(palaces=[[0], [0], [], [], [], []])
    assert ev.evaluate(new)[0] - ev.evaluate(same)[0] == pytest.approx(ev.MISSING)


def test_houses_gathered_where_a_palace_needs_them_are_worth_more_than_spread() -> None:
    gathered = nobody_has_voted(houses=[[2, 0, 0, 0, 0, 0], {}, {}, {}])
    spread = nobody_has_voted(houses=[[1, 1, 0, 0, 0, 0], {}, {}, {}])
    # the first palace of a district takes 3 houses: 2 of them are (2/3)^2 of its worth, 1 is (1/3)^2
    assert ev.evaluate(gathered)[0] == pytest.approx(ev.evaluate(spread)[0] + ev.PALACE_WORTH * (4 - 2) / 9)


def test_a_house_moved_to_join_others_gains() -> None:
    before = nobody_has_voted(houses=[[2, 1, 0, 0, 0, 0], {}, {}, {}])
    after = nobody_has_voted(houses=[[3, 0, 0, 0, 0, 0], {}, {}, {}])
    assert ev.evaluate(after)[0] > ev.evaluate(before)[0]


def test_a_house_in_the_supply_is_a_placement_to_come() -> None:
    # Cannaregio's 5 palace spaces are full: a house there is worth only the tie-break, as in the supply
    full = [[1, 1, 2, 2, 3], [], [], [], [], []]
    there = nobody_has_voted(palaces=full, houses=[[1, 0, 0, 0, 0, 0], {}, {}, {}])
    none = nobody_has_voted(palaces=full)
    assert ev.evaluate(there)[0] - ev.evaluate(none)[0] == pytest.approx(
        ev.FULL_DISTRICT_HOUSE - ev.SUPPLY_HOUSE
    )


def test_markers_in_hand_are_worth_what_the_rounds_left_can_place() -> None:
    # 3+3+2+2+1+1+0 = 12 votes in hand; in the last of the 3 rounds a card takes only 4 of them (3+3+2+2)
    first = nobody_has_voted(round=0)
    last = nobody_has_voted(round=2, used=[[CANNAREGIO, CASTELLO]] * 4)
    assert ev.evaluate(first)[0] - ev.evaluate(last)[0] == pytest.approx(ev.VOTE_WORTH * (12 - 10))
    assert ev.placeable_votes([1, 2, 2, 2], 0, 1) == 10
    assert ev.placeable_votes([1, 2, 2, 2], 0, 0) == 0


def test_staking_every_marker_early_costs_the_votes_left_for_the_later_rounds() -> None:
    # Red chose Cannaregio with 3+3+2+2 and waits for the reveal: 2 votes (1+1) left for 2 rounds
    staked = nobody_has_voted(pending=[{"card": CANNAREGIO, "markers": [3, 3, 2, 2]}, None, None, None])
    light = nobody_has_voted(pending=[{"card": CANNAREGIO, "markers": [3]}, None, None, None])
    assert ev.votes_to_place(staked, 0, 3) == 2
    assert ev.votes_to_place(light, 0, 3) == 9


def test_an_advisor_is_worth_more_where_the_player_has_houses() -> None:
    # the Quarantia votes last this year: Red wins it and stands its first advisor in a district
    def stood(x: int) -> float:
        order = [CANNAREGIO, CASTELLO, DORSODURO, SAN_MARCO, 4, 5, QUARANTIA]
        rows = [[[] for _ in range(7)] for _ in range(4)]
        rows[0][QUARANTIA] = [3]
        s = position(
            4,
            phase="elections",
            order=order,
            elections_done=6,
            ballots=rows,
            used=[[QUARANTIA], [], [], []],
            houses=[[0, 0, 0, 2, 0, 0], {}, {}, {}],
        )
        assert s.tasks[0][:2] == ("advisor", 0)
        s.apply(0, ("stand", 6, x))
        return ev.evaluate(s)[0]

    assert stood(SAN_MARCO) - stood(DORSODURO) == pytest.approx(ev.ADVISOR_WITH_HOUSES)


def test_a_bot_weighs_at_least_an_even_share_of_its_hand_on_every_card() -> None:
    # 7 markers and 3 rounds: at least 3 now; in the second round with 4 left, at least 2
    chosen = [{"card": CANNAREGIO, "markers": None}, None, None, None]
    first = nobody_has_voted(pending=chosen)
    assert {sum(a[1:5]) for a in first.bot_actions(0)} == {3, 4}
    assert set(first.bot_actions(0)) == {a for a in first.legal_actions(0) if sum(a[1:5]) >= 3}
    rows = [[[] for _ in range(7)] for _ in range(4)]
    for p in range(4):
        rows[p][CASTELLO] = [3, 2, 1]
    second = nobody_has_voted(round=1, ballots=rows, used=[[CASTELLO]] * 4, pending=chosen)
    assert {sum(a[1:5]) for a in second.bot_actions(0)} == {2, 3, 4}
    # the card step and the elections are left whole
    assert nobody_has_voted().bot_actions(0) == nobody_has_voted().legal_actions(0)


def after_first_round(houses: list, blue: int = CANNAREGIO, round: int = 1) -> DogeState:
    """4 players, `round` ballot rounds done, nobody has chosen: Blue played `blue` with 1+0, the others
    Castello (and in a later round Dorsoduro)."""
    rows = [[[] for _ in range(7)] for _ in range(4)]
    used = [[blue] if p == 1 else [CASTELLO] for p in range(4)]
    for p in range(4):
        rows[p][used[p][0]] = [1, 0]
        if round == 2:
            used[p].append(DORSODURO if p != 1 else SAN_MARCO)
            rows[p][used[p][1]] = [2]
    return nobody_has_voted(round=round, ballots=rows, used=used, houses=houses)


def test_the_rival_best_placed_answers_a_stack_whose_lone_win_completes_a_palace() -> None:
    # Blue's stack on Cannaregio, where Blue has 1 house: a lone win's 2 build the first palace (3).
    # Red has the most houses there of the rivals who can still play the card: Red's bot weighs that
    # card alone; Green and Yellow (and Blue) play their own game
    houses = [[2, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], {}]
    s = after_first_round(houses)
    assert ev.lone_win_completes(s, 1, CANNAREGIO) and ev.answerer(s, 1, CANNAREGIO) == 0
    assert s.bot_actions(0) == [("card", CANNAREGIO)]
    for p in (1, 2, 3):
        assert s.bot_actions(p) == s.legal_actions(p)
    assert after_first_round(houses, round=2).bot_actions(0) == [("card", CANNAREGIO)]  # the last round too
    # Red and Green level: the first after Blue in seat order answers (Green)
    level = after_first_round([[1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0], {}])
    assert level.bot_actions(2) == [("card", CANNAREGIO)] and level.bot_actions(0) == level.legal_actions(0)
    # left whole: the first round (the same stack drawn as a pending choice is secret), a stack whose
    # win builds nothing (Blue without a house there), the Quarantia's, and the markers step
    unanswered = [
        after_first_round([[2, 0, 0, 0, 0, 0], {}, {}, {}]),
        after_first_round(houses, blue=QUARANTIA),
        nobody_has_voted(houses=houses, pending=[None, {"card": CANNAREGIO, "markers": [1, 0]}, None, None]),
    ]
    for position_ in unanswered:
        assert position_.bot_actions(0) == position_.legal_actions(0)
