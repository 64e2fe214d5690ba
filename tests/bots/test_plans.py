"""Reference plans (`plan:NAME`, each game's plans.py): every plan plays only legal moves, whole games
at every player count, reproducibly; bad plan specs are one clear message."""

from __future__ import annotations

import pytest

from meeple.bots import BadBotSpec, make_bot
from meeple.bots.plans import PlanBot, game_plans
from meeple.engine import load, play_match
from tests.bots.helpers import player_counts

GAMES = ("doge", "elgrande", "genesia", "riodelaplata")
PLANS = [(g, name) for g in GAMES for name in sorted(game_plans(load(g)))]


def test_each_game_has_at_least_two_plans():
    for game_id in GAMES:
        assert len(game_plans(load(game_id))) >= 2, game_id
    assert game_plans(load("goofspiel")) == {}, "a game without plans.py has none"


def _game(game_id: str, plan: str, players: int, seed: int) -> tuple[list, list]:
    """A whole game, the plan in seat `seed % players` and random seats elsewhere: (moves, scores)."""
    g = load(game_id)
    seat = seed % players
    bots = [make_bot(f"plan:{plan}" if q == seat else "random", seed=10 * seed + q, game=g) for q in range(players)]
    moves: list = []
    match = play_match(g, bots, seed=seed, on_step=lambda s, p, a: moves.append((p, a)))  # apply() checks each move
    assert match.state.is_terminal()
    return moves, match.state.result().scores


@pytest.mark.parametrize(("game_id", "plan"), PLANS)
def test_a_plan_plays_whole_games_at_every_player_count_reproducibly(game_id, plan):
    for players in player_counts(game_id):
        moves, scores = _game(game_id, plan, players, seed=players)
        assert len(scores) == players and moves
    first = _game(game_id, plan, players, seed=7)
    assert _game(game_id, plan, players, seed=7) == first, "same seeds, same game"


def test_a_plan_is_played_where_it_has_a_say_and_greedy_elsewhere():
    """El Grande's castillo plan puts its Caballeros into the Castillo until it leads there by two; the
    greedy bot places them elsewhere only then."""
    from meeple.games.elgrande.data import CASTILLO

    g = load("elgrande")
    bot = make_bot("plan:castillo", seed=1, game=g)
    assert isinstance(bot, PlanBot) and bot.name == "plan:castillo"
    placed: list = []  # (a placement made where the Castillo was open to it, the plan's lead there before)

    class Watched:
        name = bot.name

        def act(self, state, p):
            action = bot.act(state, p)
            if action[0] == "place" and ("place", CASTILLO) in state.legal_actions(p):
                placed.append((action, state.cab[p][CASTILLO] - max(state.cab[q][CASTILLO] for q in range(1, 4))))
            return action

    bots = [Watched()] + [make_bot("greedy", seed=q, game=g) for q in range(1, 4)]
    play_match(g, bots, seed=2)
    assert any(a == ("place", CASTILLO) for a, _ in placed)
    assert all(lead >= 2 for a, lead in placed if a != ("place", CASTILLO))


@pytest.mark.parametrize(
    ("spec", "game_id", "words"),
    [
        ("plan:nonsense", "doge", ["doge has no plan 'nonsense'", "plan:district", "plan:spread"]),
        ("plan:district", "goofspiel", ["goofspiel has no plan 'district'", "its plans: none"]),
        ("plan:", "doge", ["names no plan"]),
        ("plan:seed=3", "doge", ["names no plan"]),
        ("plan:district,depth=3", "doge", ["no parameter 'depth'", "seed"]),
        ("plan:district", None, ["a plan belongs to a game"]),
    ],
)
def test_bad_plan_specs_are_one_message(spec, game_id, words):
    with pytest.raises(BadBotSpec) as err:
        make_bot(spec, game=load(game_id) if game_id else None)
    for w in words:
        assert w in str(err.value)


def test_a_plan_spec_may_set_its_seed():
    bot = make_bot("plan:rush,seed=5", seed=1, game=load("genesia"))
    assert bot.name == "plan:rush,seed=5"
    assert bot.rng.next64() == make_bot("plan:rush", seed=5, game=load("genesia")).rng.next64()
