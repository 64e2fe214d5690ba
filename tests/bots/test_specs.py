"""Bot specs: every bot by name, parameters checked, clear errors for bad input."""

import pytest

from meeple.bots import BOTS, BadBotSpec, GreedyBot, MctsBot, RandomBot, make_bot, parse_spec, split_bot_list
from meeple.engine import MeepleError


def test_registered_bots():
    assert {"random", "greedy", "mcts"} <= set(BOTS)
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("greedy:samples=2,chain=0"), GreedyBot)
    bot = make_bot("mcts:iterations=50,depth=3,c=1.2,reward=win,seed=4")
    assert isinstance(bot, MctsBot)
    assert (bot.iterations, bot.seconds, bot.depth, bot.c, bot.reward) == (50, None, 3, 1.2, "win")
    assert bot.name == "mcts:iterations=50,depth=3,c=1.2,reward=win,seed=4"
    assert make_bot("mcts:seconds=1.5").seconds == 1.5
    assert make_bot("mcts").iterations > 0


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("minimax", ["unknown bot 'minimax'", "random", "greedy", "mcts"]),
        ("", ["empty bot spec"]),
        ("mcts:iterations=0", ["iterations", "> 0"]),
        ("mcts:iterations=-5", ["iterations", "> 0"]),
        ("mcts:seconds=0", ["seconds", "> 0"]),
        ("mcts:seconds=-1.5", ["seconds", "> 0"]),
        ("mcts:seconds=nan", ["seconds"]),
        ("mcts:seconds=inf", ["seconds"]),
        ("mcts:iterations=many", ["iterations", "integer"]),
        ("mcts:iterations=1.5", ["iterations", "integer"]),
        ("mcts:budget=3", ["no parameter 'budget'", "iterations", "seconds"]),
        ("mcts:reward=points", ["reward", "rank", "win"]),
        ("mcts:worlds=2", ["no parameter 'worlds'"]),  # removed in session 31, as the next ones
        ("mcts:keep=1", ["no parameter 'keep'"]),
        ("mcts:wide=40", ["no parameter 'wide'"]),
        ("mcts:own=1", ["no parameter 'own'"]),
        ("mcts:iterations", ["key=value"]),
        ("mcts:iterations=5,iterations=6", ["twice"]),
        ("greedy:samples=0", ["samples"]),
        ("mcts:model=1", ["no parameter 'model'"]),
        ("mcts:horizon=-1", ["horizon", ">= 0"]),
        ("mcts:tree=-1", ["tree", ">= 0"]),
        ("mcts:pick=mean", ["pick", "visits, value"]),
        ("mcts:crn=2", ["crn", "from 0 to 1"]),
        ("mcts:memo=2", ["memo", "from 0 to 1"]),
        ("mcts:memo=1", ["memo=1 needs rollout=greedy"]),
        ("mcts:fast=8", ["fast=N needs rollout=greedy"]),
        ("mcts:fast=-1,rollout=greedy", ["fast", ">= 0"]),
        ("mcts:draws=1", ["draws=N needs rollout=greedy"]),
        ("mcts:draws=-1,rollout=greedy", ["draws", ">= 0"]),
        ("mcts:clock=gpu", ["clock", "wall, cpu"]),
        ("mcts:settle=1", ["no parameter 'settle'"]),
        ("mcts:grow=4", ["no parameter 'grow'"]),
        ("mcts:deep=4", ["no parameter 'deep'"]),
        ("mcts:judge=oracle", ["judge", "evaluation, forecast, own"]),
        ("mcts:judge=drawn", ["judge", "evaluation, forecast, own"]),
        ("mcts:reward=chance", ["reward", "margin", "lead"]),
        ("mcts:reward=odds", ["reward", "margin", "lead"]),
        ("greedy:depth=2", ["no parameter 'depth'", "samples"]),
        ("random:iterations=3", ["no parameter 'iterations'", "seed"]),
    ],
)
def test_bad_specs(spec, words):
    with pytest.raises(BadBotSpec) as err:
        make_bot(spec)
    for w in words:
        assert w in str(err.value)
    assert isinstance(err.value, MeepleError)


def test_parse_spec_values():
    assert parse_spec("mcts:seconds=2") == ("mcts", {"seconds": 2.0})
    assert parse_spec(" greedy ") == ("greedy", {})


def test_split_bot_list_keeps_parameters_with_their_bot():
    assert split_bot_list("mcts:iterations=200,depth=8,greedy, random") == [
        "mcts:iterations=200,depth=8",
        "greedy",
        "random",
    ]
    assert split_bot_list("greedy,greedy") == ["greedy", "greedy"]


class _TunedGame:
    bot_defaults = {"mcts": {"depth": 0, "norm": 1}}


def test_game_bot_defaults_fill_in_what_the_spec_leaves_out():
    bot = make_bot("mcts:iterations=50", game=_TunedGame())
    assert (bot.depth, bot.norm, bot.iterations) == (0, True, 50)
    assert make_bot("mcts:depth=7", game=_TunedGame()).depth == 7, "the spec wins over the game"
    assert make_bot("mcts").depth == 20 and not make_bot("mcts").norm, "no game, no defaults"
    assert make_bot("greedy", game=_TunedGame()).chain == 1, "other bot kinds are left alone"


def test_every_registered_game_tunes_with_parameters_its_bots_take():
    from meeple.engine import registry

    for game in registry.games():
        for kind, params in game.bot_defaults.items():
            spec = kind + ":" + ",".join(f"{k}={v}" for k, v in params.items())
            assert parse_spec(spec) == (kind, params), (game.id, spec)
