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
        ("mcts:worlds=-2", ["worlds", ">= 0"]),
        ("mcts:iterations", ["key=value"]),
        ("mcts:iterations=5,iterations=6", ["twice"]),
        ("greedy:samples=0", ["samples"]),
        ("mcts:model=3", ["model", "from 0 to 2"]),
        ("mcts:horizon=-1", ["horizon", ">= 0"]),
        ("mcts:tree=-1", ["tree", ">= 0"]),
        ("mcts:pick=mean", ["pick", "visits, value"]),
        ("mcts:crn=2", ["crn", "from 0 to 1"]),
        ("mcts:memo=2", ["memo", "from 0 to 1"]),
        ("mcts:memo=1", ["memo=1 needs rollout=greedy"]),
        ("mcts:fast=8", ["fast=N needs rollout=greedy"]),
        ("mcts:fast=-1,rollout=greedy", ["fast", ">= 0"]),
        ("mcts:settle=1,rollout=greedy,memo=1,tree=1,horizon=1", ["settle=1 needs horizon=N above 1"]),
        ("mcts:settle=2", ["settle", "from 0 to 1"]),
        ("mcts:grow=4,prune=0", ["grow=K needs prune=K above 0"]),
        ("mcts:grow=-1", ["grow", ">= 0"]),
        ("mcts:deep=4,prune=4,rollout=greedy,memo=1,tree=1", ["deep=K needs", "pick=value"]),
        ("mcts:deep=-1", ["deep", ">= 0"]),
        ("mcts:judge=oracle", ["judge", "evaluation, forecast, own, drawn"]),
        ("mcts:judge=drawn", ["judge=drawn needs memo=1"]),
        ("mcts:reward=chance", ["reward=chance needs temp=T above 0"]),
        ("mcts:reward=odds", ["reward=odds needs temp=T above 0"]),
        ("mcts:model=-1", ["model"]),
        ("mcts:model=yes", ["model", "integer"]),
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
