"""meeple report: its numbers equal a direct count from the games' records; the comparison of two
option sets; bad input refused in one line."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from meeple.cli.commands import cli
from meeple.engine.record import read_record, replay
from meeple.lab import runs, stats

GAMES = 24
ARGS = ["report", "goofspiel", "--players", "3", "--bots", "greedy,random,random", "--games", str(GAMES),
        "--option", "cards=4", "--seed", "5"]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict, Path, Path]:
    folder = tmp_path_factory.mktemp("report")
    out, records = folder / "report.html", folder / "records"
    res = CliRunner().invoke(cli, [*ARGS, "--out", str(out), "--records", str(records), "--json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.output.strip().splitlines()[-1]), out, records


def test_report_numbers_equal_a_count_from_the_records(made):
    doc, out, folder = made
    run = doc["runs"][0]
    records = [read_record(p) for p in sorted(folder.glob("goofspiel-*.json"))]
    assert len(records) == GAMES == run["games"] and not run["errors"]
    n = 3
    wins, score_sum, margins, decisions = [0.0] * n, [0.0] * n, [], []
    prizes = []
    used: Counter[str] = Counter()
    user_wins: Counter[str] = Counter()
    for rec in records:
        res = rec["result"]
        winners = [s for s in range(n) if res["ranks"][s] == 1]
        for s in range(n):
            wins[s] += (s in winners) / len(winners)
            score_sum[s] += res["scores"][s]
            prizes.append(res["breakdown"][s]["prizes"])
        top = sorted(res["scores"], reverse=True)
        margins.append(top[0] - top[1])
        decisions.append(len(rec["actions"]))
        # who won a prize at least once, from the game's log replayed
        winners_of_prizes = {e.player for e in replay(rec).events if e.kind == "win"}
        for s in winners_of_prizes:
            used["win"] += 1
            user_wins["win"] += (s in winners) / len(winners)
    for s, seat in enumerate(run["seats"]):
        assert seat["wins"] == pytest.approx(wins[s])
        assert seat["win_rate"] == pytest.approx(wins[s] / GAMES)
        assert seat["ci95"][0] < seat["win_rate"] < seat["ci95"][1] or seat["win_rate"] in (0, 1)
        assert seat["mean_score"] == pytest.approx(score_sum[s] / GAMES)
    assert run["margin"]["mean"] == pytest.approx(sum(margins) / GAMES)
    assert run["length"]["decisions"]["mean"] == pytest.approx(sum(decisions) / GAMES)
    assert run["categories"][0]["name"] == "prizes"
    assert run["categories"][0]["mean"] == pytest.approx(sum(prizes) / len(prizes))
    win = next(e for e in run["elements"] if e["name"] == "win")
    assert win["use_rate"] == pytest.approx(used["win"] / (GAMES * n))
    assert win["users"]["games"] == used["win"]
    assert win["users"]["wins"] == pytest.approx(user_wins["win"])
    assert win["others"]["games"] == GAMES * n - used["win"]
    # a player who wins no prize never wins the game; with 4 prizes among 3 players that happens
    assert win["others"]["games"] > 0 and win["others"]["wins"] == 0


def test_seats_rotate_between_the_bots(made):
    _, _, folder = made
    seats = [read_record(folder / f"goofspiel-{g}.json")["seats"] for g in range(3)]
    assert seats == [["greedy", "random", "random"], ["random", "greedy", "random"], ["random", "random", "greedy"]]


def test_page_holds_every_section(made):
    _, out, _ = made
    html = out.read_text(encoding="utf-8")
    for fig in ("seats", "scores", "length", "categories", "elements-A"):
        assert f'id="fig-{fig}"><img' in html
    assert "<script" not in html and "http" not in html.split("<body>")[1]  # self-contained


def test_against_option_marks_what_changes():
    a = runs.run("goofspiel", ["random"] * 2, 30, seed=1, options={"cards": 13})
    b = runs.run("goofspiel", ["random"] * 2, 30, seed=1, options={"cards": 5})
    d = stats.compare(a, b)
    assert d["length"]["decisions"]["a"] == 26 and d["length"]["decisions"]["b"] == 10  # 2 decisions a prize
    assert d["length"]["decisions"]["significant"] and d["length"]["decisions"]["p_value"] < 1e-6
    assert d["categories"][0]["significant"]  # far fewer prize points with 5 cards
    assert not d["seats"][0]["win_rate"]["significant"]  # random bots: no seat is favoured by the option
    assert b.label == "cards=5" and a.label == "default options"


def test_proportion_and_welch_tests():
    assert stats.proportion_test(50, 100, 50, 100) == pytest.approx(1.0)
    assert stats.proportion_test(70, 100, 50, 100) == pytest.approx(0.00393, abs=2e-4)  # z = 2.89
    assert stats.proportion_test(3, 0, 1, 5) == 1.0
    assert stats.welch_test([1, 2, 3, 4], [1, 2, 3, 4]) == pytest.approx(1.0)
    assert stats.welch_test([10, 11, 10, 11], [0, 1, 0, 1]) < 1e-6


@pytest.mark.parametrize(
    "extra, words",
    [
        (["--option", "cards=99"], "cards"),
        (["--against-option", "cards=4"], "first run already"),
        (["--against-option", "nonsense=1"], "nonsense"),
        (["--bots", "greedy,random"], "2 bots given for 3 players"),
        (["--bots", "nobot"], "nobot"),
        (["--players", "9"], "--players"),
        (["--address", "auto"], "--backend ray"),
    ],
)
def test_bad_input_is_one_line(tmp_path, extra, words):
    argv = ["report", "goofspiel", "--players", "3", "--games", "2", "--option", "cards=4",
            "--out", str(tmp_path / "r.html"), *extra]
    res = CliRunner().invoke(cli, argv)
    assert res.exit_code == 2, res.output
    assert words in res.output and "Traceback" not in res.output
    assert not (tmp_path / "r.html").exists()


def test_unknown_game_is_one_line():
    res = CliRunner().invoke(cli, ["report", "chess", "--games", "1"])
    assert res.exit_code == 2 and "chess" in res.output and "Traceback" not in res.output
