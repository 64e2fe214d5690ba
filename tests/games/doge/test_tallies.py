"""The tallies of `meeple simulate --stats` and `meeple report`: one count per kind of card, election,
advisor, palace and end, per player, checked against the final state and the game's events."""

from __future__ import annotations

from collections import Counter

import pytest

from meeple.bots import make_bot
from meeple.cli.simulate import simulate
from meeple.engine import load, play_match
from meeple.games.doge import DogeState
from meeple.games.doge.data import AREA_NAMES, DISTRICTS, SPACE_COSTS, SPACES
from meeple.games.doge.scoring import conditions_met, doges
from meeple.games.doge.tallies import advisor_kind

from .helpers import position


@pytest.fixture(scope="module")
def played() -> DogeState:
    game = load("doge")
    bots = [make_bot("random", seed=i, game=game) for i in range(4)]
    state = play_match(game, bots, seed=5, log=True).state
    assert isinstance(state, DogeState) and state.is_terminal()
    return state


def public(s: DogeState, kind: str, p: int) -> list:
    return [e for e in s.events if e.kind == kind and e.player == p and e.to is None]


def test_palaces_per_district_and_space_are_the_final_boards(played: DogeState) -> None:
    per = played.player_tallies()
    for p in range(4):
        for d in DISTRICTS:
            row = played.spaces[d * SPACES : (d + 1) * SPACES]
            assert per[p].get(f"palace {AREA_NAMES[d]}", 0) == row.count(p)
        for i, cost in enumerate(SPACE_COSTS):
            assert per[p].get(f"palace space {cost}", 0) == played.spaces[i::SPACES].count(p)
    built = len(played.spaces) - played.spaces.count(-1)
    assert sum(v for k, v in played.tallies().items() if k.startswith("palace space ")) == built > 0


def test_cards_markers_and_rounds_sat_out_add_up(played: DogeState) -> None:
    per = played.player_tallies()
    for p in range(4):
        ballots = public(played, "ballot", p)
        cards = Counter(f"card {AREA_NAMES[e.data['area']]}" for e in ballots)
        assert {k: v for k, v in per[p].items() if k.startswith("card ")} == dict(cards)
        sizes = {k: v for k, v in per[p].items() if k.startswith("markers ")}
        assert sum(sizes.values()) == len(ballots)
        assert sum(int(k.split()[1]) * v for k, v in sizes.items()) == sum(e.data["count"] for e in ballots)
        # 3 ballot rounds a year with 4 players: a card played or the round sat out
        assert len(ballots) + per[p].get("sat out", 0) == 3 * played.year


def test_elections_advisors_and_houses_follow_the_events(played: DogeState) -> None:
    per = played.player_tallies()
    for p in range(4):
        won = Counter(f"first {AREA_NAMES[e.data['area']]}" for e in public(played, "winner", p))
        assert {k: v for k, v in per[p].items() if k.startswith("first ")} == dict(won)
        taken = Counter(advisor_kind(e.data["advisor"]) for e in public(played, "advisor", p))
        assert {k: v for k, v in per[p].items() if k.startswith("advisor ")} == dict(taken)
        assert per[p].get("house moves", 0) == len(public(played, "move", p))
        assert per[p].get("placements lost", 0) == len(public(played, "lost", p))
    # every house ever placed is on the board or went into a palace
    placed = sum(u.get("houses placed", 0) for u in per)
    moved_in = sum(played.houses) + sum(e.data["cost"] for e in played.events if e.kind == "palace")
    assert placed == moved_in > 0


def test_the_end_conditions_and_the_doge(played: DogeState) -> None:
    per = played.player_tallies()
    winners = doges(played.result())
    assert winners
    for p in range(4):
        ends = {k[4:] for k in per[p] if k.startswith("end ")}
        assert ends == set(conditions_met(played, p))
        assert per[p].get("doge", 0) == (1 if p in winners else 0)


def test_a_game_in_progress_counts_only_the_rounds_held() -> None:
    game = load("doge")
    s = game.new_state(4, seed=5)
    s.log = True
    bot = make_bot("random", seed=1, game=game)
    while not (s.year == 2 and s.phase == 0 and s.rnd == 1):
        p = s.to_move()[0]
        s.apply(p, bot.act(s, p))
    per = s.player_tallies()
    for p in range(4):
        cards = sum(v for k, v in per[p].items() if k.startswith("card "))
        assert cards + per[p].get("sat out", 0) == 3 + 1  # year 1's 3 rounds and year 2's first
    assert not any(k.startswith("end ") or k == "doge" for k in s.tallies())


def test_nothing_is_counted_with_the_log_off() -> None:
    s = position(4)
    assert s.tallies() == {}
    assert s.player_tallies() == [{}, {}, {}, {}]


def test_simulate_stats_gives_one_tally_per_kind() -> None:
    doc = simulate("doge", ["random"] * 4, 2, 0, {}, 1, None, True).to_json()
    tallies = doc["tallies"]
    assert sum(v for k, v in tallies.items() if k.startswith("card ")) == doc["stats"]["ballot"]
    assert sum(v for k, v in tallies.items() if k.startswith("palace space ")) == doc["stats"]["palace"]
    assert sum(v for k, v in tallies.items() if k.startswith("advisor ")) == doc["stats"]["advisor"]
    assert tallies["doge"] >= 2  # a Doge in each game (a shared win counts each Doge)
