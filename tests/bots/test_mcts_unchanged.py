"""The `mcts` bot as the games and levels use it plays exactly as it did before session 31's cleanup.

Session 31 removed the search parameters that lost their experiments (docs/bots.md, "Parameters removed
in session 31"). Their code paths were off by default, so nothing a game's `bot_defaults` or a level
uses may change: for each game, seeded positions, an iteration budget (deterministic, unlike seconds)
and the game's defaults, the move played, the iterations spent (the early stop) and the move hint's
win rates are pinned to what the code gave before the cleanup.

The expected values were recorded at commit 747dc20, before the cleanup, by this file's `record()`
(`python -m tests.bots.test_mcts_unchanged` prints them). They also pin the games: a later change of a
game's rules, evaluation or random streams changes them legitimately; record them again then, with a
line saying at which commit and why.
"""

from __future__ import annotations

import json

import pytest

from meeple.bots import make_bot, top_moves
from meeple.engine import action_to_json, load

from .helpers import positions

# (game, players, spec): the game's defaults with an iteration budget (Río's and El Grande's default
# searches play greedy rollouts, to the end of the game turn or for four decisions, some ten to a hundred
# times dearer an iteration than the others' random ones), then the kept research parameters, which share the code paths the cleanup touched
CASES = [
    ("goofspiel", 3, "mcts:iterations=200"),
    ("doge", 4, "mcts:iterations=200"),
    ("elgrande", 4, "mcts:iterations=12"),
    ("genesia", 3, "mcts:iterations=200"),
    ("riodelaplata", 4, "mcts:iterations=6"),
    ("elgrande", 4, "mcts:iterations=60,rollout=greedy,depth=4,prune=3,crn=1,norm=1,reward=rank"),
    ("doge", 4, "mcts:iterations=80,horizon=1,tree=2,pick=value,c=1.0,reward=share"),
    ("genesia", 3, "mcts:iterations=100,temp=5,reward=win,depth=8,early=0"),
    ("riodelaplata", 4, "mcts:iterations=6,judge=forecast"),
    ("riodelaplata", 4, "mcts:iterations=6,judge=own,prune=2"),
]
POSITIONS = 4  # seeded positions per game with a choice to make (tests/bots/helpers.positions, seed 31)


def chosen(game_id: str, players: int) -> list:
    """The first POSITIONS seeded random positions where the mover has more than one move to weigh."""
    found = positions(game_id, players, 4 * POSITIONS, seed=31)
    return [s for s in found if len(s.bot_actions(s.to_move()[0])) > 1][:POSITIONS]


def play(game_id: str, players: int, spec: str) -> list[list]:
    """For each position: [the move (JSON), the iterations spent]; then the hint's 3 moves with win rates."""
    game = load(game_id)
    out = []
    for i, state in enumerate(chosen(game_id, players)):
        p = state.to_move()[0]
        bot = make_bot(spec, seed=i, game=game)
        move = action_to_json(bot.act(state, p))
        out.append([move, bot.last_iterations])
    # the move hint (the game's defaults, as `meeple play` gives it) at the first position
    state = chosen(game_id, players)[0]
    p = state.to_move()[0]
    out.append(
        [[action_to_json(a), round(w, 6)] for a, w in top_moves(state, p, k=3, iterations=bot.iterations)]
    )
    return json.loads(json.dumps(out))  # tuples as lists, as the recorded values


def record() -> dict[str, list[list]]:
    return {f"{game_id} {spec}": play(game_id, players, spec) for game_id, players, spec in CASES}


# recorded at commit 747dc20, before the cleanup (python -m tests.bots.test_mcts_unchanged); Río de la
# Plata's three cases recorded again after merging its free trading (issue 47): the seeded random
# positions now hold the new trade steps; and again in session 32 (issue 50), when the evaluations came
# to value every part of the game: Genesia's two cases (cards held valued by what they can do), Río's
# three (the grids, offices, builders and the steps of a placement), El Grande's two (the Castillo,
# the secret disk, the court, the majorities reachable next to the King) and Doge's two (markers spread
# over the year, gathered houses, the supply, advisors where the houses are): the moves move on purpose;
# Río's three again in session 33 (issue 50): the greedy bot's look-ahead goes on past the steps of a
# placement (`State.choice_under_way`) and the evaluation counts silver saved and a Stonecutter's uses
# lower, which moves its pruning and its rollouts, on purpose.
# Session 33: El Grande's two cases again for its bot_defaults (greedy rollouts of four decisions over
# the greedy bot's four best moves; its default case at 12 iterations, each a greedy playout): on purpose;
# then their hint win rates only, for its win temperature (temp=10: the moves are the same).
# Genesia's two cases again in session 33 (issue 50: Coins after the Expansion at the next Age's weight,
# an Assault under way counted as the attacker will end it), on purpose. And in session 34 (issue 50: a City
# counts the Clan a siege costs and the Moves its recruits save; the first position's mover holds a City 3
# Moves out, which puts it ahead in every playout of the draft), on purpose.
# Session 34: El Grande's research case again (the hint's second win rate only; the moves are the same):
# its evaluation counts the Castillo among the majorities reachable next turn, on purpose.
# Session 34: Río's three cases again (a Major grid space counts its share of the completer's bonus, fb42b2a:
# the third position's move and the hint's rates; the 60-piece rule alone had left them as they were), on purpose.
# Session 35: Río's three cases again (the Gunner's cannons counted in the wars to come as likely as the Fort
# is to stand, and the Shipowner's shipments by the Harbour's, in place of flat powers: the second position's
# move of the default case; the other cases and the hint's rates as they were), on purpose.
# Session 36: Río's three cases again (the road pieces of a completion are a choice under way, so the greedy
# bot's look-ahead goes past them; the money menu is not opened for a purchase that would leave the price of
# the office bid for: the greedy rollouts and pruning move; the default case's second move and the prune=2
# case's third move changed, the hint's rates as they were), on purpose.
# Session 36: El Grande's default case again (the third position's power card, 8 for 4): its evaluation counts
# the pick of the action cards a power card gives (turns from the highest card down), on purpose.
# Session 38: Río's three cases again (silver counts towards the dearer offices a seat can still reach,
# `purchase_wait`, per 5 silver of the price, while no other seat can buy the office more than two turns
# sooner, `first_waits`: the default case's second move and the hint's rates), on purpose.
# Session 39: Genesia's two cases again (issue 50: Coins carried into the next Age at the worth of a Coin
# beyond its income, below the next Age's Coin; the first position is Age I's draft, where an End-of-Age or
# Attack card's cost and discard are such Coins: the default case's first move and both hints' rates), on purpose.
# Session 41: Genesia's two cases again (issue 50: a City card counts its City where a Clan can move this
# Expansion with the card's cost kept, and nothing once its holder's Expansion turn is over; the first
# position is Age I's draft, where Builders (39) is now among the hint's three: the default case's
# iterations spent in its first two positions and both hints' rates; the moves as they were), on purpose.
# Session 42: Doge's research case again (issue 50: a bot weighs ballots of at least an even share of its hand, and
# answers a rival's stack whose lone win completes a palace, `DogeState.bot_actions`; the fourth position's
# markers, 0+3 where they were 0+3+3), on purpose; the default case as it was.
# Session 43: Genesia's two cases again (issue 50, the card audit's second round, RULES.md "Card values"
# 2026-12-07: 16 cards' costs and effects changed, so the seeded random positions are other positions: Age
# II's Growth, Age III's draft, Expansion and Growth, where they were Age II's draft, Expansion and Growth
# and Age III's Growth; the moves, iterations and hints with them), on purpose.
# Session 43, after the merge of the narrower Expansion (issue 50: `GenesiaState.bot_actions` weighs moves into
# new Regions only, and a move's number of Clans is a step of the move begun, `choice_under_way`): the third
# position, Age III's Expansion: the default case moves 36 to 19 where it discarded, the research case
# recruits where it moved; the other moves and the hints as they were), on purpose.
# Session 44: Genesia's two cases again (issue 50, the card audit's third round, RULES.md "Card values":
# Burial Mound 6 PP a City, War or Peace's Clan in the Assault it opens; the estimate's Homeland City for a
# "per City" card, War or Peace at 2 Clans): the seeded positions after the first are other positions, so
# their moves (an Expansion move, an Age III card played, an Age III draft pick) and iterations move; the
# first position's move and the hints as they were, on purpose.
# Session 45: Genesia's two cases again (issue 50: the estimate reads a people's own End-of-Age choice as the
# reveal will carry it out, and a per-foreign-Region card counts the Regions its Clans can still reach): the
# searches' cut-off leaves are judged by it, so the moves, the iterations and the hints move, on purpose.
# Session 46: Genesia's default case again (rules version "4": 74 Hacking costs 1): the fourth position's
# search stops early at 192 iterations (200), the same move; the same in both builds, on purpose.
EXPECTED: dict[str, list[list]] = {
    "goofspiel mcts:iterations=200": [
        [["bid", 9], 200],
        [["bid", 3], 176],
        [["bid", 4], 200],
        [["bid", 4], 200],
        [[["bid", 9], 0.515625], [["bid", 12], 0.576923], [["bid", 11], 0.56]],
    ],
    "doge mcts:iterations=200": [
        [["build"], 144],
        [["place", 1], 160],
        [["card", 3], 200],
        [["markers", 1, 0, 1, 2], 200],
        [[["build"], 0.15625], [["pass"], 0.025]],
    ],
    "elgrande mcts:iterations=12": [
        [["card", 44], 12],
        [["veto"], 12],
        [["power", 8], 12],
        [["special"], 12],
        [[["card", 44], 0.502552], [["card", 27], 0.484067]],
    ],
    "genesia mcts:iterations=200": [
        [["play", 34], 200],
        [["move", 0, 1], 200],
        [["play", 62], 200],
        [["draft", 78], 192],
        [[["play", 34], 0.075], [["discard", 34], 0.078947], [["done"], 0.030303]],
    ],
    "riodelaplata mcts:iterations=6": [
        [["accept"], 6],
        [["decline"], 6],
        [["money"], 6],
        [["craft", 0], 6],
        [[["accept"], 0.236176], [["decline"], 0.223462], [["counter"], 0.0]],
    ],
    "elgrande mcts:iterations=60,rollout=greedy,depth=4,prune=3,crn=1,norm=1,reward=rank": [
        [["card", 27], 60],
        [["veto"], 60],
        [["power", 8], 60],
        [["place", 0], 60],
        [[["card", 27], 0.484067], [["card", 44], 0.476741]],
    ],
    "doge mcts:iterations=80,horizon=1,tree=2,pick=value,c=1.0,reward=share": [
        [["build"], 80],
        [["place", 1], 80],
        [["card", 2], 80],
        [["markers", 1, 0, 0, 1], 80],
        [[["build"], 0.166667], [["pass"], 0.0]],
    ],
    "genesia mcts:iterations=100,temp=5,reward=win,depth=8,early=0": [
        [["play", 34], 100],
        [["move", 0, 1], 100],
        [["play", 61], 100],
        [["draft", 71], 100],
        [[["discard", 34], 0.095238], [["play", 34], 0.0], [["done"], 0.0]],
    ],
    "riodelaplata mcts:iterations=6,judge=forecast": [
        [["accept"], 6],
        [["accept"], 6],
        [["money"], 6],
        [["craft", 0], 6],
        [[["accept"], 0.236176], [["decline"], 0.223462], [["counter"], 0.0]],
    ],
    "riodelaplata mcts:iterations=6,judge=own,prune=2": [
        [["accept"], 6],
        [["accept"], 6],
        [["zone", 1], 6],
        [["craft", 0], 6],
        [[["accept"], 0.236176], [["decline"], 0.223462], [["counter"], 0.0]],
    ],
}


@pytest.mark.parametrize(("game_id", "players", "spec"), CASES)
def test_the_search_plays_as_before_the_cleanup(game_id: str, players: int, spec: str) -> None:
    assert play(game_id, players, spec) == EXPECTED[f"{game_id} {spec}"]


if __name__ == "__main__":
    print(json.dumps(record()))
