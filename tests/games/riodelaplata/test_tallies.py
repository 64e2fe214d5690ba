"""The game's tallies (`meeple simulate --stats`) and each player's (`meeple report`): every kind of
building, Major building and office, and the VP by where they came from."""

from __future__ import annotations

from collections import Counter

from meeple.bots import make_bot
from meeple.engine import load, play_match
from meeple.games.riodelaplata.board import OFFICE_NAMES
from meeple.games.riodelaplata.scoring import final_scores

from .test_effects import office_turn

GREEN = 1
SOURCES = ("vp_war", "vp_major", "vp_building", "vp_church", "vp_ship", "vp_fine")


def test_tallies_match_the_events_and_the_score_of_a_played_game() -> None:
    game = load("riodelaplata")
    state = play_match(game, [make_bot("random", seed=i, game=game) for i in range(4)], seed=3, log=True).state
    per, total = state.player_tallies(), state.tallies()
    scores, breakdown, _ = final_scores(state)
    for p in range(4):
        mine = Counter(e.kind for e in state.events if e.player == p and e.to is None)
        builds = {k for k in mine if k.startswith("build_")}
        assert builds, "a random player builds something"
        assert all(per[p][k] == mine[k] for k in builds)  # counted once: by the event
        assert per[p].get("major", 0) == sum(v for k, v in per[p].items() if k.startswith("major_"))
        # every VP scored during the game has its source, and the end scoring its three parts
        assert sum(per[p].get(k, 0) for k in SOURCES) == state.vp[p]
        assert per[p]["vp_end_city"] == breakdown[p]["city"]
        assert state.vp[p] + per[p]["vp_end_money"] + per[p]["vp_end_offices"] + per[p]["vp_end_city"] == scores[p]
    for k in ("build_hut", "vp_war", "vp_end_city", "fine"):
        assert total[k] == sum(u.get(k, 0) for u in per) > 0
    majors = sum(1 for e in state.events if e.kind == "major")
    assert sum(v for k, v in total.items() if k.startswith("major_")) == majors > 0
    assert not any("|" in k for k in total)


def test_an_office_bought_is_tallied_by_its_name_for_its_buyer() -> None:
    s = office_turn(6, 7)  # Green takes the Gunner
    assert s.office_owner[0] == GREEN
    assert s.tallies()["office_gunner"] == s.tallies()["office"] == 1
    assert s.player_tallies()[GREEN]["office_gunner"] == 1
    assert {"office_" + n.lower().replace(" ", "_") for n in OFFICE_NAMES} >= {"office_gunner", "office_bishop"}


def test_a_game_with_the_palace_or_cathedral_counts_once() -> None:
    s = office_turn(6, 7)
    assert "games_major" not in s.tallies()
    s.completed = [0, 2, 0, 0, 0, 5]  # the Cathedral twice over counts one game
    assert s.tallies()["games_major"] == s.tallies()["games_palace_cathedral"] == 1
