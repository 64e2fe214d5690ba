"""State.tallies / player_tallies: one count per kind of element (cards, cards played against discarded,
End-of-Age cards by Age, Inventions, objectives, Assaults, the final score's categories), checked
against the events of a played game and the rulebook's counts."""

from __future__ import annotations

import pytest

from meeple.bots import make_bot
from meeple.engine import load, play_match
from meeple.games.genesia.data import CARDS_BY_NO, objective_by_id

AGES = {"End of Age 1": "I", "End of Age 2": "II", "End of Age 3": "III"}


# seeded random four-player games: among them End-of-Age cards are played in each Age, Inventions
# played and copied, Assaults launched
SEEDS = (14, 35, 44)  # 16 until Hacking cost 1 (rules version "4"): its game then had no Assault


@pytest.fixture(scope="module", params=SEEDS)
def played(request):
    game = load("genesia")
    return play_match(game, [make_bot("random", seed=i, game=game) for i in range(4)], seed=request.param, log=True).state


def from_events(state, p):
    """What people p did, read from the public events of the game."""
    cards, end_cards, assaults = [], {}, 0
    stage = ""
    for e in state.events:
        if e.kind == "phase":
            stage = e.text
        if e.player != p or e.to is not None:
            continue
        if e.kind in ("play", "copy"):
            c = e.data["card"]
            cards.append(c)
            if CARDS_BY_NO[c].icons == "F":
                age = AGES[stage]  # an End-of-Age card is played in the End of its Age
                end_cards[f"End-of-Age cards Age {age}"] = end_cards.get(f"End-of-Age cards Age {age}", 0) + 1
        elif e.kind == "assault":
            assaults += 1
    return cards, end_cards, assaults


def test_each_players_tallies_match_the_games_events(played):
    state = played
    per = state.player_tallies()
    result = state.result()
    for p in range(4):
        t = per[p]
        cards, end_cards, assaults = from_events(state, p)
        assert {k for k in t if k.startswith("card ")} == {f"card {c:02d} {CARDS_BY_NO[c].en}" for c in cards}
        assert t.get("cards played", 0) == len(cards)
        # "Draft 5 cards" in each of the 3 Ages: each card taken into hand is played or discarded for 4 Coins
        assert t.get("cards played", 0) + t.get("cards discarded", 0) == 15
        assert {k: v for k, v in t.items() if k.startswith("End-of-Age")} == end_cards
        assert t.get("Inventions played", 0) == sum(CARDS_BY_NO[c].invention for c in cards)
        assert t.get("Inventions copied", 0) == len(state.copies[p])
        assert t.get("Assaults", 0) == assaults
        kept = objective_by_id(state.objective[p]).en
        assert t[f"objective {kept}"] == 1
        points = result.breakdown[p]
        assert (f"objective met {kept}" in t) == (points["objective"] > 0)
        for name in ("Progress", "Radiance", "Conquest", "Objective"):
            assert t.get(f"{name} points", 0) == points[name.lower()]
        assert sum(t.get(f"{n} points", 0) for n in ("Progress", "Radiance", "Conquest", "Objective")) == result.scores[p]
    assert sum(t.get("Assaults", 0) for t in per) > 0


def test_the_games_tallies_add_up_the_players(played):
    state = played
    total = state.tallies()
    per = state.player_tallies()
    assert total["cards played"] == sum(t.get("cards played", 0) for t in per) == sum(map(len, state.played))
    assert total["Radiance points"] == sum(t.get("Radiance points", 0) for t in per) > 0
    assert {k for k in total if k.startswith("card ")} == {f"card {c:02d}" for pile in state.played for c in pile}
    assert all(v == 1 for k, v in total.items() if k.startswith("card "))  # each card is in the game once


def test_the_seeds_exercise_end_of_age_cards_of_each_age_and_copied_inventions():
    game = load("genesia")
    seen: dict[str, int] = {}
    for seed in SEEDS:
        state = play_match(game, [make_bot("random", seed=i, game=game) for i in range(4)], seed=seed).state
        for k, v in state.tallies().items():
            seen[k] = seen.get(k, 0) + v
    assert all(seen.get(f"End-of-Age cards Age {a}", 0) > 0 for a in ("I", "II", "III"))
    assert seen["Inventions copied"] > 0 and seen["Inventions played"] > 0


def test_scores_are_tallied_only_once_the_game_is_over():
    game = load("genesia")
    state = game.new_state(3, 1)
    assert not [k for k in state.tallies() if k.endswith(" points")]
    assert "cards discarded" not in state.tallies()  # nothing discarded yet (no draft is over)
