"""The bots' score estimate: points secured, plus per-Age weights from data/evaluation.json."""

from __future__ import annotations

import json

import pytest

from meeple.engine import Rng
from meeple.engine.registry import load
from meeple.games.genesia import evaluation
from meeple.games.genesia.data import DATA


def _play_until(players: int, seed: int, stop) -> object:
    state = load("genesia").new_state(players, seed, None)
    rng = Rng(seed)
    while not stop(state):
        p = state.to_move()[0]
        legal = state.legal_actions(p)
        state.apply(p, legal[rng.below(len(legal))])
    return state


def test_the_data_file_weighs_every_age_and_term_and_none_is_negative():
    doc = json.loads((DATA / "evaluation.json").read_text(encoding="utf-8"))
    assert sorted(doc["ages"]) == ["1", "2", "3"]
    for weights in doc["ages"].values():
        assert sorted(weights) == ["cities", "clans", "coins", "hand"]
        assert all(v >= 0 for v in weights.values())


@pytest.mark.parametrize("age", [1, 2, 3])
def test_a_clan_more_on_the_board_is_worth_the_ages_clan_weight(age):
    s = _play_until(3, age, lambda s: s.age == age and s.phase == "expansion")
    before = s.evaluate()
    home = s.board.homelands[0]
    s.add_clans(0, home, 1)  # a Clan in its own Homeland: no Region occupied anew
    after = s.evaluate()
    assert after[0] - before[0] == pytest.approx(evaluation.WEIGHTS[age][2])
    assert after[1:] == before[1:]


def test_coins_and_cards_in_hand_count_by_the_ages_weights():
    s = _play_until(3, 5, lambda s: s.age == 2 and s.phase == "expansion")
    coins, hand, _, _ = evaluation.WEIGHTS[2]
    before = s.evaluate()[1]
    s.coins[1] += 10
    s.hands[1] = [*s.hands[1], 40]
    assert s.evaluate()[1] - before == pytest.approx(10 * coins + hand)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_at_the_end_the_estimate_is_the_final_score(players):
    s = _play_until(players, 11, lambda s: s.is_terminal())
    assert s.evaluate() == list(s.result().scores)


def test_solo_estimate_is_the_lower_people():
    s = _play_until(1, 3, lambda s: s.age == 2)
    vals = [evaluation.people_value(s, p) for p in range(2)]
    assert s.evaluate() == [min(vals)]


def test_the_fit_recovers_known_weights():
    """Synthetic positions whose final scores are secured points + 2 per Coin + 5 per Clan."""
    pytest.importorskip("scipy")
    from meeple.games.genesia.fit_evaluation import fit

    rng = Rng(7)
    games = []
    for seed in range(40):
        rows = []
        finals = [0.0, 0.0, 0.0]
        for age in (1, 2, 3):
            x = [[rng.below(20), rng.below(6), rng.below(15), rng.below(4)] for _ in range(3)]
            secured = [float(rng.below(30)) for _ in range(3)]
            finals = [s + 2 * f[0] + 5 * f[2] for s, f in zip(secured, x)]
            rows.append({"age": age, "secured": secured, "x": x, "scores": finals})
        for r in rows:  # each row's own "final" keeps the example exact
            games.append({"seed": seed, "scores": r.pop("scores"), "rows": [r]})
    weights = fit(games)
    for age in (1, 2, 3):
        assert weights[age] == pytest.approx([2.0, 0.0, 5.0, 0.0], abs=0.01)
