"""Each game's seeded golden transcript must come out exactly as stored: any change of behaviour
shows up as a reviewed diff (regenerate with `python tests/playthroughs/regenerate.py`)."""

from __future__ import annotations

import json

import pytest

from .golden import case_id, cases, make, path_for

CASES = cases()


@pytest.mark.parametrize("case", CASES, ids=[case_id(*c) for c in CASES])
def test_playthrough_matches_golden(case) -> None:
    game, n, options = case
    path = path_for(game, n, options)
    assert path.exists(), (
        f"no golden playthrough {path.name}: run python tests/playthroughs/regenerate.py {game.id}"
    )
    expected = json.loads(path.read_text())
    actual = make(game, n, options)
    for key in ("decisions", "result", "final_hash"):
        assert actual[key] == expected[key], f"{key} changed"
    for i, (a, e) in enumerate(zip(actual["steps"], expected["steps"], strict=True)):
        assert a == e, f"step {i} changed"
    assert actual["views"] == expected["views"]
