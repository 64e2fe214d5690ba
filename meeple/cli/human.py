"""A person at the terminal: sees their own view, the recent events and the numbered legal actions."""

from __future__ import annotations

import json
from collections.abc import Callable

from rich.console import Console
from rich.panel import Panel
from rich.pretty import Pretty

from meeple.engine import Action, State

HELP = (
    "Type the number of an action to take it, part of an action's text to list the matching ones, or one of: "
    "help (this text), view (your whole view as JSON), log (every event you have seen), "
    "hint (the MCTS bot's top three moves with their estimated win rates), quit (stop; the record is saved so far)."
)


class QuitGame(Exception):
    """The person asked to stop."""


class HumanAgent:
    name = "human"

    def __init__(
        self,
        console: Console,
        read: Callable[[str], str] = input,
        hint: Callable[[State, int], list[tuple[Action, float]]] | None = None,
    ) -> None:
        self.console = console
        self.read = read
        self.hint = hint
        self.seen: dict[int, int] = {}

    def mark_seen(self, player: int, upto: int) -> None:
        """The events before `upto` have been shown to `player` already."""
        self.seen[player] = upto

    def act(self, state: State, player: int) -> Action:
        c = self.console
        name = state.player_name(player)
        new = state.events_for(player, self.seen.get(player, 0))
        self.seen[player] = len(state.events)
        if new:
            c.print(Panel("\n".join(e.text for e in new[-15:]), title="Since your last turn", expand=False))
        c.print(Panel(Pretty(state.view(player), max_length=12, max_depth=4), title=f"{name}: your view"))
        legal = state.legal_actions(player)
        c.print(f"[bold]{name}[/bold]: {state.prompt(player)}")
        for i, a in enumerate(legal, 1):
            c.print(f"  [cyan]{i:>3}[/cyan]  {state.action_text(a)}")
        while True:
            try:
                text = self.read(f"{name}> ").strip().lower()
            except EOFError:
                raise QuitGame from None
            if text.isdigit() and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            if text in ("q", "quit", "exit"):
                raise QuitGame
            if text in ("h", "help", "?"):
                c.print(HELP)
            elif text == "view":
                c.print(json.dumps(state.view(player), indent=1))
            elif text == "log":
                c.print("\n".join(e.text for e in state.events_for(player)) or "(no events yet)")
            elif text == "hint":
                self._hint(state, player)
            else:
                matches = [i for i, a in enumerate(legal, 1) if text and text in state.action_text(a).lower()]
                if matches:
                    c.print(f"Actions containing {text!r}:")
                    for i in matches:
                        c.print(f"  [cyan]{i:>3}[/cyan]  {state.action_text(legal[i - 1])}")
                else:
                    c.print(
                        f"[red]{text!r} is not allowed[/red]: type a number from 1 to {len(legal)}, "
                        "part of an action's text to find it, or help, view, log, hint, quit"
                    )

    def _hint(self, state: State, player: int) -> None:
        if self.hint is None:
            self.console.print("No hint is available in this session.")
            return
        for action, rate in self.hint(state, player):
            self.console.print(f"  {state.action_text(action)}: estimated win rate {rate:.0%}")
