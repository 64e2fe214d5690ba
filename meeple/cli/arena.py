"""`meeple arena GAME --bots B1,B2[,...] --games K [--seed N] [--jobs J] [--json]`."""

from __future__ import annotations

import json
import sys

import click

from meeple.bots import BOTS, BadBotSpec
from meeple.engine import MeepleError, parse_option_pairs

from .backend import backend_flags, check_backend


def _table(report, console) -> None:  # noqa: ANN001 - rich objects
    from rich.table import Table

    title = (
        f"{report.game}, {report.num_players} players, {report.games} games"
        f" (seed {report.seed}, seats rotated{'' if report.balanced else ', balanced to within one game'})"
    )
    t = Table(title=title)
    for col, just in (
        ("bot", "left"),
        ("games", "right"),
        ("wins", "right"),
        ("win rate", "right"),
        ("95% CI", "right"),
        ("mean score", "right"),
        ("mean margin", "right"),
        ("s/dec", "right"),
        ("max s", "right"),
    ):
        t.add_column(col, justify=just, overflow="fold" if col == "bot" else "ellipsis")  # a long spec whole
    for b in report.bots:
        t.add_row(
            b.name,
            str(b.games),
            f"{b.wins:g}",
            f"{b.win_rate:.1%}",
            f"{b.ci95[0]:.1%}-{b.ci95[1]:.1%}",
            f"{b.mean_score:.2f}",
            f"{b.mean_margin:+.2f}",
            f"{b.seconds_per_decision:.4f}",
            f"{b.max_seconds_per_decision:.3f}",
        )
    console.print(t)
    if report.errors:
        console.print(f"[red]{report.errors} game(s) failed[/red]; first: {report.error_messages[0]}")


@click.command(
    "arena",
    help=(
        "Play K games of GAME between bots with rotated seats and report win rates (95% Wilson"
        " interval, ties split), mean score and margin, and seconds per decision. One bot per seat:"
        " --bots mcts:seconds=1,greedy,greedy,greedy. Bots: " + "; ".join(k.describe() for k in BOTS.values())
    ),
)
@click.argument("game")
@click.option("--bots", "bots", required=True, help="Comma-separated bot specs, one per seat.")
@click.option("--games", "games", type=int, default=100, show_default=True, help="Number of games K.")
@click.option("--seed", type=int, default=0, show_default=True, help="Game seed of the first n games (n players); the next n games play it + 1, and so on.")
@click.option("--jobs", "-j", type=int, default=1, show_default=True, help="Worker processes.")
@click.option("--option", "-o", "option_pairs", multiple=True, help="Game option KEY=VALUE (repeatable).")
@click.option(
    "--results",
    type=click.Path(dir_okay=False),
    help="Journal file: every finished game is appended to it; a rerun with the same arena goes on where it stopped.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as one JSON line on stdout.")
@backend_flags
def arena(
    game: str,
    bots: str,
    games: int,
    seed: int,
    jobs: int,
    option_pairs: tuple[str, ...],
    results: str | None,
    as_json: bool,
    backend: str,
    address: str | None,
) -> None:
    from rich.console import Console

    from meeple.arena import run_arena, split_bot_list

    check_backend(backend, address)
    specs = split_bot_list(bots)
    if not specs:
        raise click.UsageError("--bots needs at least one bot spec, e.g. --bots greedy,random")
    if games < 1:
        raise click.UsageError(f"--games must be at least 1, got {games}")
    if jobs < 1:
        raise click.UsageError(f"--jobs must be at least 1, got {jobs}")
    out = Console(stderr=True, width=120) if as_json else Console(width=None if sys.stdout.isatty() else 120)
    n = len(specs)
    if games % n and not as_json:
        out.print(
            f"note: {games} games is not a multiple of {n} seats; seats are balanced to within one game"
        )
    try:
        options = parse_option_pairs(option_pairs)
        progress = None
        if sys.stderr.isatty():
            err = Console(stderr=True)

            def progress(done: int, total: int) -> None:
                err.print(f"\r{done}/{total} games", end="")
                if done == total:
                    err.print("\r" + " " * 24 + "\r", end="")

        report = run_arena(
            game, specs, games, seed=seed, jobs=jobs, options=options, progress=progress, results=results,
            backend=backend, address=address,
        )
    except BadBotSpec as e:
        raise click.UsageError(str(e)) from None
    except MeepleError as e:
        raise click.ClickException(str(e)) from None
    _table(report, out)
    if as_json:
        click.echo(json.dumps(report.to_json()))
