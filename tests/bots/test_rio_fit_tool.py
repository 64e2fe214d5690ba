"""tools/rio_fit.py, the refit of Río de la Plata's fitted data: its input and its refusals (the fits
themselves take hundreds of games: docs/bots.md gives their commands and results)."""

from __future__ import annotations

import json

import pytest

from tests.tools import load_tool


def _tool():
    return load_tool("rio_fit")


def test_the_forecast_reads_collected_games_without_the_first_turns_start(tmp_path):
    tool = _tool()
    path = tmp_path / "F.jsonl"
    rows = [{"turn": t, "left": 20 - t, "features": [], "evaluation": [0, 0, 0, 0]} for t in range(3)]
    path.write_text(json.dumps({"seed": 1, "final": [1, 2, 3, 4], "rows": rows}) + "\n")
    assert [r["turn"] for r in tool._read([str(path)])[0]["rows"]] == [0, 1, 2]
    assert [r["turn"] for r in tool._read([str(path)], first_turn=False)[0]["rows"]] == [1, 2]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        ([], "usage:"),
        (["fit"], "usage:"),
        (["collect", "1", "2"], "usage:"),
        (["collect", "x", "2", "OUT"], "Error: invalid literal"),
        (["collect", "1", "1", "OUT", "mcts:bad=1"], "Error: bot 'mcts' has no parameter 'bad'"),
        (["order", "/no/such/file.jsonl"], "Error:"),
    ],
)
def test_bad_input_is_one_message_and_a_non_zero_exit(argv, words, tmp_path):
    tool = _tool()
    argv = [str(tmp_path / a) if a == "OUT" else a for a in argv]
    with pytest.raises(SystemExit) as exit_:
        tool.main(argv)
    assert words in str(exit_.value)
    assert not (tmp_path / "OUT").exists(), "nothing played or written"
