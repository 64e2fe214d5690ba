"""`meeple report GAME [--players N] [--games K] [--bots ...] [--option K=V] [--against-option K=V] [--out FILE]`."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from meeple.engine import MeepleError, load, parse_option_pairs

from .backend import backend_flags, check_backend


@click.command(
    "report",
    help=(
        "A balance report for designers from K games between bots, as one HTML page with its figures: win rate"
        " by seat with 95% intervals (first-player advantage), scores and margins, game length, points by"
        " category, and for every element the game counts per player (cards, buildings, kinds of action) how"
        " often it is used and how often its users win. --against-option K=V plays a second run with those"
        " options changed and marks the significant differences. E.g."
        " meeple report genesia --players 4 --games 400 --jobs 2 --out genesia.html"
    ),
)
@click.argument("game_id", metavar="GAME")
@click.option("--players", "-p", type=int, help="Number of players (default: the game's smallest from 2, or the length of --bots).")
@click.option("--games", "-n", "games", type=click.IntRange(min=1), default=200, show_default=True, help="Games a run.")
@click.option("--bots", default="greedy", show_default=True,
              help="One bot spec for every seat, or one per seat (then the seats rotate from game to game).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game; game g plays seed + g.")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE", help="A game option of both runs; repeatable.")
@click.option("--against-option", "against_pairs", multiple=True, metavar="KEY=VALUE",
              help="Play a second run with these options changed, beside the first; repeatable.")
@click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path), default=Path("report.html"),
              show_default=True, help="The HTML file to write.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes (or local Ray CPUs).")
@click.option("--records", type=click.Path(file_okay=False, path_type=Path),
              help="Also write each game's record into this folder (run B's into its subfolder B).")
@click.option("--json", "as_json", is_flag=True, help="Print the numbers as one JSON object on stdout.")
@backend_flags
def report(
    game_id: str,
    players: int | None,
    games: int,
    bots: str,
    seed: int,
    option_pairs: tuple[str, ...],
    against_pairs: tuple[str, ...],
    out: Path,
    jobs: int,
    records: Path | None,
    as_json: bool,
    backend: str,
    address: str | None,
) -> None:

    from meeple.bots import BadBotSpec, make_bot, split_bot_list

    check_backend(backend, address)
    try:
        game = load(game_id)
    except MeepleError as e:
        raise click.BadParameter(str(e), param_hint="GAME") from None
    try:
        opts = game.parse_options(parse_option_pairs(option_pairs))
        other = game.parse_options({**opts, **parse_option_pairs(against_pairs)}) if against_pairs else None
    except MeepleError as e:
        raise click.BadParameter(str(e), param_hint="--option/--against-option") from None
    if other == opts:
        raise click.BadParameter("these options are those of the first run already; give others to compare",
                                 param_hint="--against-option")
    specs = split_bot_list(bots)
    try:
        for s in specs:
            make_bot(s, 0, game)
    except BadBotSpec as e:
        raise click.BadParameter(str(e), param_hint="--bots") from None
    if players is None:
        counts = game.player_counts(opts)
        players = len(specs) if len(specs) > 1 else next((n for n in counts if n >= 2), min(counts))
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise click.BadParameter(f"{len(specs)} bots given for {players} players; give one bot or one per seat",
                                 param_hint="--bots")
    for o in (opts, other):
        if o is not None:
            try:
                game.new_state(players, seed, o)
            except MeepleError as e:
                raise click.BadParameter(str(e), param_hint="--players") from None
    folders = [records, records / "B" if records else None]
    for f in folders:
        if f:
            try:
                f.mkdir(parents=True, exist_ok=True)
            except OSError as e:
                raise click.BadParameter(f"cannot make the folder {f}: {e.strerror}", param_hint="--records") from None
    if out.parent and not out.parent.is_dir():
        raise click.BadParameter(f"the folder of {out} does not exist", param_hint="--out")
    run_report(game.id, specs, games, seed, [o for o in (opts, other) if o is not None], jobs, backend, address,
               folders, out, as_json)


def run_report(
    game_id: str,
    specs: list[str],
    games: int,
    seed: int,
    option_sets: list[dict[str, Any]],
    jobs: int,
    backend: str,
    address: str | None,
    folders: list[Path | None],
    out: Path,
    as_json: bool,
) -> None:
    """Play the runs (checked by the command), write the page and print the numbers."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from meeple.lab import page, runs, stats

    err = Console(stderr=True)
    runs_done = []
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err, transient=True, disable=as_json and not sys.stderr.isatty()) as bar:
        for name, opts, folder in zip("AB", option_sets, folders):
            label = runs.options_label(load(game_id).parse_options({}), opts)
            task = bar.add_task(f"run {name}: {game_id} ×{len(specs)} ({label})", total=games)
            try:
                runs_done.append(runs.run(game_id, specs, games, seed, opts, jobs, backend, address, folder,
                                          progress=lambda t=task: bar.advance(t)))
            except MeepleError as e:  # the Ray cluster could not be reached
                raise click.ClickException(str(e)) from None
        if not all(r.rows for r in runs_done):
            raise click.ClickException(f"every game failed; first: {next(r.errors[0] for r in runs_done if r.errors)}")
        task = bar.add_task("figures", total=3 + 2 + len(runs_done))
        html = page.render(runs_done, progress=lambda: bar.advance(task))
    try:
        out.write_text(html, encoding="utf-8")
    except OSError as e:
        raise click.ClickException(f"cannot write {out}: {e.strerror}") from None
    for r in runs_done:
        if r.errors:
            err.print(f"[red]{len(r.errors)} game(s) failed[/red] ({r.label}); first: {r.errors[0]}")
    err.print(f"report written to {out}")
    if as_json:
        doc = {"runs": [stats.summary(r) for r in runs_done]}
        if len(runs_done) > 1:
            doc["differences"] = stats.compare(*runs_done)
        click.echo(json.dumps(doc))
