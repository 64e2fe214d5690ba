"""Plans from outside meeple (`plan:FILE.py:FUNCTION`, `plan:MODULE:FUNCTION`): played where they have
a say, loaded again by each process of the arena, and every mistake in the spec or the file one clear
message (issue 50: the bots are checked against plans the project does not see)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from meeple.bots import BadBotSpec, make_bot
from meeple.bots.plans import PlanBot
from meeple.engine import load, play_match
from tests.cli.test_cli import meeple

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "goofspiel_plans.py"


def bids_of(spec: str, seed: int) -> list[tuple[int, int]]:
    """(prize, bid) of every bid the plan seat made in a two-player Goofspiel game against random."""
    g = load("goofspiel")
    bot = make_bot(spec, seed=seed, game=g)
    assert isinstance(bot, PlanBot)
    seen: list[tuple[int, int]] = []

    class Watched:
        name = bot.name

        def act(self, state, p):
            action = bot.act(state, p)
            seen.append((state.prize, action[1]))
            return action

    match = play_match(g, [Watched(), make_bot("random", seed=seed)], seed=seed)
    assert match.state.is_terminal()
    return seen


def test_a_plan_in_a_file_is_played():
    seen = bids_of(f"plan:{EXAMPLE}:match_the_prize", seed=3)
    assert len(seen) == 13 and all(bid == prize for prize, bid in seen)


def test_a_plan_in_an_importable_module_is_played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    (tmp_path / "house_plans.py").write_text("def highest(view, player, legal):\n    return [max(legal)]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    seen = bids_of("plan:house_plans:highest", seed=4)
    hand = list(range(13, 0, -1))
    assert [bid for _, bid in seen] == hand  # always its highest card left


def test_where_the_plan_has_no_say_the_greedy_bot_moves():
    seen = bids_of(f"plan:{EXAMPLE}:lowest_on_small_prizes", seed=5)
    for i, (prize, bid) in enumerate(seen):
        hand = [b for _, b in seen[i:]]  # every card is bid once: what is bid from here on is the hand
        if prize <= 4:
            assert bid == min(hand), (prize, bid, hand)
    greedy = [bid for i, (prize, bid) in enumerate(seen) if prize > 4 and bid != min(b for _, b in seen[i:])]
    assert greedy, "on the bigger prizes the greedy bot bids, not the lowest card every time"


def test_the_arena_loads_the_plan_again_in_each_process():
    out = meeple("arena", "goofspiel", "--bots", f"plan:{EXAMPLE}:match_the_prize,random", "--games", "4",
                 "--seed", "1", "--jobs", "2", "--json")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert doc["games"] == 4 and doc["errors"] == 0


@pytest.mark.parametrize(
    "name, file_text, message",
    [
        ("nowhere.py:plan", None, "plan file 'nowhere.py' not found"),
        ("{file}:missing", "def one(view, player, legal):\n    return []\n",
         "has no function 'missing'; it defines: one"),
        ("{file}:LIMIT", "LIMIT = 3\n", "'LIMIT' is not a function"),
        ("{file}:", "", "is not FILE.py:FUNCTION or MODULE:FUNCTION"),
        ("{file}:plan", "import no_such_package_here\n",
         "could not be loaded: ModuleNotFoundError: No module named 'no_such_package_here'"),
        ("{file}:plan", "def plan(:\n", "could not be loaded: SyntaxError"),
        ("no_such_module_here:plan", None, "no module 'no_such_module_here' to take a plan from"),
    ],
)
def test_a_bad_plan_is_one_clear_message(tmp_path: Path, name: str, file_text: str | None, message: str):
    file = tmp_path / "plans.py"
    if file_text is not None:
        file.write_text(file_text)
    spec = "plan:" + name.format(file=file)
    with pytest.raises(BadBotSpec) as refused:
        make_bot(spec, game=load("goofspiel"))
    assert message in str(refused.value)
    out = meeple("arena", "goofspiel", "--bots", f"{spec},random", "--games", "1")
    assert out.returncode == 2 and message in out.stderr and "Traceback" not in out.stderr, out.stderr
