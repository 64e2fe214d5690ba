"""`meeple ladder GAME --bots A,B,C,... --games K [--players N] [--results FILE]`."""

from __future__ import annotations

import json
import sys

import click

from meeple.engine import MeepleError, parse_option_pairs

from .backend import backend_flags, check_backend


def _table(report, console) -> None:  # noqa: ANN001 - rich objects
    from rich.table import Table

    t = Table(
        title=f"{report.game}, {report.players} players a game, {report.games} games (seed {report.seed}):"
        " Plackett-Luce ratings, best first"
    )
    for col in ("bot", "mu", "sigma", "mu - 3 sigma", "games", "win rate"):
        t.add_column(col, justify="left" if col == "bot" else "right", overflow="fold" if col == "bot" else "ellipsis")
    for r in report.ratings:
        rate = f"{r.wins / r.games:.1%}" if r.games else "-"
        t.add_row(r.name, f"{r.mu:.2f}", f"{r.sigma:.2f}", f"{r.ordinal:.2f}", str(r.games), rate)
    console.print(t)
    if report.errors:
        console.print(f"[red]{len(report.errors)} game(s) failed[/red]; first: {report.errors[0]}")


@click.command(
    "ladder",
    help=(
        "Rate a pool of bots from K games among them: each block of N games seats N bots of the pool"
        " (every group in turn) on one deal with the seats rotated; the ratings are openskill's"
        " Plackett-Luce (mu, its uncertainty sigma, and the conservative mu - 3 sigma)."
        " E.g. meeple ladder goofspiel --bots random,greedy,mcts --games 60"
    ),
)
@click.argument("game")
@click.option("--bots", "bots", required=True, help="Comma-separated pool of bot specs (at least two, each once).")
@click.option("--games", "games", type=int, default=100, show_default=True, help="Number of games K.")
@click.option("--players", "-p", type=int, help="Seats per game (default: the game's smallest count from 2).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first block's deal; the next block plays it + 1, and so on.")
@click.option("--jobs", "-j", type=int, default=1, show_default=True, help="Worker processes (or local Ray CPUs).")
@click.option("--option", "-o", "option_pairs", multiple=True, help="Game option KEY=VALUE (repeatable).")
@click.option(
    "--results",
    type=click.Path(dir_okay=False),
    help="Journal file: every finished game is appended to it; a rerun of the same ladder goes on where it stopped.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the ratings as one JSON line on stdout.")
@backend_flags
def ladder(
    game: str,
    bots: str,
    games: int,
    players: int | None,
    seed: int,
    jobs: int,
    option_pairs: tuple[str, ...],
    results: str | None,
    as_json: bool,
    backend: str,
    address: str | None,
) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from meeple.arena.ladder import run_ladder
    from meeple.bots import BadBotSpec, split_bot_list

    check_backend(backend, address)
    specs = split_bot_list(bots)
    out = Console(stderr=True, width=120) if as_json else Console(width=None if sys.stdout.isatty() else 120)
    with Progress(
        TextColumn(f"{game} ladder"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=Console(stderr=True), transient=True, disable=as_json,
    ) as bar:
        task = bar.add_task("games", total=games)
        try:
            report = run_ladder(
                game, specs, games, players=players, seed=seed, jobs=jobs, options=parse_option_pairs(option_pairs),
                progress=lambda done, total: bar.update(task, completed=done), results=results,
                backend=backend, address=address,
            )
        except BadBotSpec as e:
            raise click.UsageError(str(e)) from None
        except MeepleError as e:
            raise click.ClickException(str(e)) from None
    _table(report, out)
    if as_json:
        click.echo(json.dumps(report.to_json()))
