"""`meeple play` shows a person only what their seat may see: a bot's move reaches the screen as the
events the rules let that person see, never as the bot's action itself (a secret disk, a bid, a card
kept or discarded)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

from meeple.cli import commands
from meeple.engine import Action, State
from meeple.table import table as table_module

from .secrets import play_and_check

MENU_LINE = re.compile(r"^\s+[a-z]{1,2}  ")
GAMES = [
    ("goofspiel", 3, ()),
    ("doge", 3, ()),
    ("elgrande", 3, ("-o", "short=true")),
    ("elgrande", 4, ("-o", "colonies=true", "-o", "short=true")),
    ("genesia", 3, ()),
    ("riodelaplata", 3, ("-o", "short=true")),
]


class RecordingBot:
    """A bot seat that remembers what it chose, to look for it on the person's screen afterwards."""

    table: list[State] = []

    def __init__(self, bot: Any, chosen: list[tuple[str, str]]) -> None:
        self.bot = bot
        self.chosen = chosen

    def act(self, state: State, player: int) -> Action:
        RecordingBot.table[:] = [state]  # the game's one state object, for its events at the end
        action = self.bot.act(state, player)
        self.chosen.append((state.player_name(player), state.action_text(action)))
        return action


@pytest.mark.parametrize(("game_id", "players", "options"), GAMES, ids=lambda v: str(v))
def test_a_bots_action_is_shown_only_as_the_events_the_person_may_see(
    game_id: str, players: int, options: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    chosen: list[tuple[str, str]] = []
    real_make_bot = table_module.make_bot
    monkeypatch.setattr(
        table_module, "make_bot", lambda spec, seed, game: RecordingBot(real_make_bot(spec, seed, game), chosen)
    )
    monkeypatch.setattr(commands, "console", Console(width=1000))  # one event, one line
    # the person always takes the first action listed; the seed fixes the bots' games
    seats = ",".join(["human"] + ["random"] * (players - 1))
    out = CliRunner().invoke(
        commands.cli, ["play", game_id, "--seats", seats, "--seed", "3", *options], input="a\n" * 20000
    )
    assert out.exit_code == 0, out.output
    assert "Final result" in out.output
    # every line of the screen that names a bot together with the text of one of its actions must be an
    # event that the person's seat may see
    state = RecordingBot.table[0]
    visible = {line.strip() for e in state.events_for(0) for line in e.text.splitlines()}
    # (the person's own prompt and menu of legal actions are theirs to see)
    person = state.player_name(0)
    lines = [
        line
        for line in out.output.splitlines()
        if not MENU_LINE.match(line) and not line.startswith((f"{person}: ", f"{person}> "))
    ]
    assert chosen, "the bots made no move"
    for name, text in set(chosen):
        for line in lines:
            if name in line and text in line:
                assert line.strip() in visible, f"the screen shows {name}'s action {text!r}: {line!r}"


def test_goofspiel_bids_and_the_prize_deck_stay_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot's bid is hidden until all have bid, the prize deck's order until each card is turned up."""

    def facts(state: State, person: int) -> list[str]:
        doc = state.to_json()
        out = [rf"{state.player_name(p)}[^\n]*\bbid {bid}\b" for p, bid in enumerate(doc["bids"]) if p != person and bid]
        if doc["prizes"]:
            out.append(rf"Prize {doc['prizes'][0]} is turned up")
        return out

    text, checked = play_and_check(monkeypatch, "goofspiel", 3, facts, options=("-o", "cards=5"))
    assert checked > 0 and "Bids for prize" in text
