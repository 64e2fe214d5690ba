"""A harness for the terminal's secrecy tests: play a whole seeded game through `meeple play` with one
scripted person (seat 0) and bots, and check that nothing printed to that person while a fact of
another seat was hidden spells that fact.

A game's test gives `hidden_facts(state, person)`: the other seats' hidden facts in the current full
state, as regular expressions that would spell them on the screen (a bot's kept objective by its
name, a secret disk as "Blue ... Granada"...). After every move the harness notes the facts hidden
then and how far the output has got; a fact hidden both before and after a stretch of output must not
match in it (a move that reveals a fact may print it)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

from click.testing import CliRunner
from rich.console import Console

from meeple.cli import commands
from meeple.engine import State
from meeple.table import Table

Facts = Callable[[State, int], list[str]]


def play_and_check(
    monkeypatch: Any, game_id: str, players: int, facts: Facts, seed: int = 3, options: tuple[str, ...] = ()
) -> tuple[str, int]:
    """Play; return what the person's screen showed and how many (fact, stretch) pairs were checked.
    Fails on the first leak."""
    screen = io.StringIO()
    # one line per event at this width: a fact cannot be split by wrapping
    monkeypatch.setattr(commands, "console", Console(file=screen, width=1000))
    marks: list[tuple[int, set[str]]] = []
    real_act = Table.act

    def act(self: Table, seat: int, action: Any, move_number: int | None = None) -> None:
        if not marks:
            marks.append((len(screen.getvalue()), set(facts(self._state, 0))))
        real_act(self, seat, action, move_number)
        marks.append((len(screen.getvalue()), set(facts(self._state, 0))))

    monkeypatch.setattr(Table, "act", act)
    seats = ",".join(["human"] + ["random"] * (players - 1))
    result = CliRunner().invoke(
        commands.cli, ["play", game_id, "--seats", seats, "--seed", str(seed), *options], input="a\n" * 50000
    )
    assert result.exit_code == 0, result.output
    text = screen.getvalue()
    marks.append((len(text), marks[-1][1] if marks else set()))
    assert "Final result" in text
    return text, check_marks(text, marks)


def check_marks(text: str, marks: list[tuple[int, set[str]]]) -> int:
    """Each stretch of output between two moves must not spell a fact hidden at both ends."""
    checked = 0
    for (start, before), (end, after) in zip(marks, marks[1:]):
        stretch = text[start:end]
        for fact in before & after:
            checked += 1
            match = re.search(fact, stretch)
            assert match is None, (
                f"the screen spells the hidden fact {fact!r}: {stretch[max(0, match.start() - 80):match.end() + 80]!r}"
            )
    return checked
