"""`meeple play`: people at one terminal against bots (or each other, hot seat), as a client of a table.

A person sees their board (drawn from their view), every event their seat may see, and a menu of their
legal actions, each with a letter code: letters cannot be mistaken for the numbers inside the actions
("power card 7"). Typing an action's exact text takes it; part of a text lists the matching actions.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from itertools import product

from rich.console import Console
from rich.panel import Panel

from meeple.engine import Action
from meeple.table import Choice, Table, Update

COMMANDS = {
    "board": "the whole board as you see it",
    "hand": "what you hold",
    "scores": "the scores so far",
    "log": "every event you have seen",
    "view": "your view as JSON, as the rules give it",
    "hint": "the search's three best moves for you with their estimated win rates",
    "help": "this text",
    "quit": "stop the game (the record is saved so far when --record is given)",
}
GROUPED = 20  # a menu longer than this is shown by its groups first


class QuitGame(Exception):
    """The person asked to stop."""


def codes(n: int) -> list[str]:
    """a, b, ..., z, aa, ab, ...: menu codes that no number or command (three letters or more) can be
    mistaken for."""
    out = list(string.ascii_lowercase[:n])
    for a, b in product(string.ascii_lowercase, repeat=2):
        if len(out) >= n:
            break
        out.append(a + b)
    return out


class Terminal:
    def __init__(self, table: Table, console: Console, read: Callable[[str], str] = input) -> None:
        self.table = table
        self.console = console
        self.read = read
        people = [p for p in range(table.num_players) if table.is_person(p)]
        # one person: they see everything their seat may see as it happens; several at one screen
        # (hot seat): only what everyone may see, and each their own at their turn
        self.watcher: int | None = people[0] if len(people) == 1 else None
        self.hot_seat = len(people) > 1
        self.board_stale = True  # something happened since the person last saw the board

    def run(self) -> bool:
        """Play to the end (True) or until a person quits (False)."""
        table = self.table
        try:
            while not table.is_over():
                self._bots_move()
                for seat in table.people_to_move():
                    self._turn(seat)
                    self._show_events()
        except (QuitGame, KeyboardInterrupt):
            self.console.print("Game stopped.")
            return False
        self._show_events()
        return True

    # ----- between a person's turns -------------------------------------------------------------

    def _bots_move(self) -> None:
        table = self.table
        while (seat := table.next_bot()) is not None:
            with self.console.status(f"{table.name(seat)} is thinking..."):
                table.play_bot(seat)
            self._show_events()

    def _show_events(self) -> None:
        for event in self.table.events(self.watcher):
            self.console.print(f"[dim]{event.text}[/dim]")
            # the board again before the person's next decision when someone else did something (a
            # person's own steps in a turn are in the lines just printed)
            if self.watcher is None or event.player != self.watcher:
                self.board_stale = True

    # ----- a person's turn ----------------------------------------------------------------------

    def _turn(self, seat: int) -> None:
        table = self.table
        if self.hot_seat:
            self.console.rule(f"{table.name(seat)}'s turn")
        update = table.update(seat)
        if self.hot_seat and update.events:
            self.console.print(
                Panel("\n".join(e.text for e in update.events), title="Since your last turn", expand=False)
            )
        # the board again whenever something happened since (not between the steps of one's own turn)
        if self.hot_seat or update.events or self.board_stale:
            self.console.print(table.board(update))
            self.board_stale = False
        action = self._ask(update)
        table.act(seat, action)

    def _ask(self, update: Update) -> Action:
        c = self.console
        choices = update.choices
        if len(choices) == 1:
            c.print(f"[bold]{update.name}[/bold]: {update.prompt}: the only choice is [cyan]{choices[0].label}[/cyan]")
            return choices[0].action
        shown = self._menu(update, choices)
        while True:
            try:
                text = self.read(f"{update.name}> ").strip()
            except EOFError:
                raise QuitGame from None
            key = text.lower()
            picked = self._pick(key, shown, choices)
            if isinstance(picked, Choice):
                return picked.action
            if isinstance(picked, list):
                shown = picked
                self._list(update, shown)
                continue
            if key == "quit":
                raise QuitGame
            if key in COMMANDS:
                self._command(key, update)
            elif key == "back" and shown is not choices:
                shown = self._menu(update, choices)
            else:
                self._refuse(text, shown)

    def _pick(self, key: str, shown: list[Choice] | list[str], choices: list[Choice]) -> Choice | list[Choice] | None:
        """What the person typed: a code of the menu shown, an action's exact text, or part of texts."""
        menu = dict(zip(codes(len(shown)), shown))
        if key in menu:
            item = menu[key]
            if isinstance(item, Choice):
                return item
            return [ch for ch in choices if ch.group == item]  # a group: its actions
        exact = [ch for ch in choices if ch.label.lower() == key]
        if exact:
            return exact[0]
        if len(key) <= 2 and key.isalpha():  # a code, but not one of this menu: no text search
            return None
        if key and key not in COMMANDS and key != "back":
            matches = [ch for ch in choices if key in ch.label.lower()]
            if matches:
                return matches
        return None

    def _menu(self, update: Update, choices: list[Choice]) -> list[Choice] | list[str]:
        """Show the menu: the actions, or their groups first when the list is long."""
        groups = list(dict.fromkeys(ch.group for ch in choices))
        if len(choices) > GROUPED and len(groups) > 1 and all(groups):
            self.console.print(f"[bold]{update.name}[/bold]: {update.prompt} (choose a group first)")
            for code, g in zip(codes(len(groups)), groups):
                n = sum(1 for ch in choices if ch.group == g)
                self.console.print(f"  [cyan]{code:>2}[/cyan]  {g} ({n})")
            return groups
        self.console.print(f"[bold]{update.name}[/bold]: {update.prompt}")
        self._list(update, choices, heading=False)
        return choices

    def _list(self, update: Update, shown: list[Choice], heading: bool = True) -> None:
        if heading:
            self.console.print(f"[bold]{update.name}[/bold]: {update.prompt} (or back, for the whole menu)")
        for code, ch in zip(codes(len(shown)), shown):
            self.console.print(f"  [cyan]{code:>2}[/cyan]  {ch.label}")

    def _refuse(self, text: str, shown: list[Choice] | list[str]) -> None:
        last = codes(len(shown))[-1]
        self.console.print(
            f"[red]{text!r} is not allowed[/red]: type a code from a to {last}, an action's text (or part of"
            f" it to find it), or one of: {', '.join(COMMANDS)}"
        )

    def _command(self, key: str, update: Update) -> None:
        c = self.console
        table = self.table
        if key == "help":
            c.print(
                "Type the code beside an action (a, b, ...) to take it, its whole text, or part of its text "
                "to list the actions that contain it. Commands:"
            )
            for name, text in COMMANDS.items():
                c.print(f"  [cyan]{name}[/cyan]  {text}")
        elif key == "board":
            c.print(table.board(update))
        elif key == "hand":
            c.print(table.hand(update))
        elif key == "scores":
            c.print(table.scores(update))
        elif key == "log":
            c.print("\n".join(e.text for e in table.log(update.seat)) or "(no events yet)")
        elif key == "view":
            import json

            c.print_json(json.dumps(update.view))
        elif key == "hint":
            with c.status("Searching for a hint..."):
                hints = table.hint(update.seat) if update.seat is not None else []
            for choice, rate in hints:
                c.print(f"  {choice.label}: estimated win rate {rate:.0%}")
