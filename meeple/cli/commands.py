"""The `meeple` command line: games, play, simulate, replay, bench, playthrough."""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table as Table_

from meeple import __version__
from meeple.bots import BadBotSpec, make_bot, split_bot_list
from meeple.compiled import build
from meeple.engine import Game, MeepleError, games, load, parse_option_pairs
from meeple.engine.record import read_record, replay, verify, write_record
from meeple.engine.transcript import transcript
from meeple.table import Table

from .arena import arena
from .backend import backend_flags, check_backend
from .bench import bench as run_bench
from .bench import build_of, regressions
from .ladder import ladder
from .report import report
from .simulate import simulate as run_simulate
from .terminal import Terminal

console = Console()
err = Console(stderr=True, soft_wrap=True)

option_flag = click.option(
    "--option", "-o", "options", multiple=True, metavar="KEY=VALUE", help="A game option; repeatable."
)


def _game(game_id: str) -> Game:
    try:
        return load(game_id)
    except MeepleError as e:
        raise click.BadParameter(str(e), param_hint="GAME") from None


def _options(game: Game, pairs: tuple[str, ...]) -> dict[str, Any]:
    try:
        return game.parse_options(parse_option_pairs(pairs))
    except MeepleError as e:
        raise click.BadParameter(str(e), param_hint="--option") from None


def _check_players(game: Game, n: int, options: dict[str, Any]) -> None:
    try:
        game.new_state(n, 0, options)
    except MeepleError as e:
        raise click.BadParameter(str(e), param_hint="--players/--seats") from None


def _check_bots(specs: list[str], allow_human: bool, game: Game) -> None:
    for spec in specs:
        if allow_human and spec == "human":
            continue
        try:
            make_bot(spec, 0, game)
        except BadBotSpec as e:
            raise click.BadParameter(str(e), param_hint="--seats/--bots") from None


@click.group()
@click.version_option(__version__, prog_name="meeple", message=f"%(prog)s %(version)s ({build()} build)")
def cli() -> None:
    """meeple: play, simulate and study Río de la Plata, El Grande, Doge and Genesia."""


@cli.command("games")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list instead of a table.")
def games_cmd(as_json: bool) -> None:
    """List the registered games, their player counts and options."""
    rows = [g.describe() for g in games()]
    if as_json:
        click.echo(json.dumps(rows))
        return
    table = Table_(title="Registered games")
    for col in ("id", "title", "players", "options"):
        table.add_column(col)
    for r in rows:
        opts = "\n".join(f"{o['name']}={o['allowed']} (default {o['default']})" for o in r["options"])
        table.add_row(r["id"], r["title"], f"{r['min_players']}-{r['max_players']}", opts or "-")
    console.print(table)


@cli.command()
@click.argument("game_id", metavar="GAME")
@click.option("--seats", required=True, help="Comma-separated seats: human or a bot spec (random, ...).")
@click.option("--seed", type=int, help="The deal to play (default: a new one, printed so it can be played again).")
@option_flag
@click.option(
    "--record",
    "record_path",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Save the game record here.",
)
@click.option("--overwrite", is_flag=True, help="Allow --record to replace an existing file.")
def play(
    game_id: str, seats: str, seed: int | None, options: tuple[str, ...], record_path: Path | None, overwrite: bool
) -> None:
    """Play GAME in the terminal against bots or other people (hot seat)."""
    game = _game(game_id)
    opts = _options(game, options)
    specs = split_bot_list(seats)
    _check_bots(specs, allow_human=True, game=game)
    _check_players(game, len(specs), opts)
    if record_path:
        _check_record_path(record_path, overwrite)
    if seed is None:
        seed = random.randrange(1 << 32)
    console.print(f"{game.title}, deal {seed} (play it again with --seed {seed}). Type help at your turn.")
    table = Table(game, specs, seed, opts)
    finished = Terminal(table, console).run()
    if record_path is None and finished and sys.stdin.isatty():
        record_path = _offer_record()
    saved = _save_record(record_path, table.record()) if record_path else True
    if finished:
        _print_result(table)
    if not saved:
        raise SystemExit(1)


def _offer_record() -> Path | None:
    """At the end of a game played at a terminal: where to save its record, if anywhere."""
    while True:
        try:
            answer = input("Save the record of this game? A file name, or Enter to skip: ").strip()
        except EOFError:
            return None
        if not answer:
            return None
        path = Path(answer)
        try:
            _check_record_path(path, overwrite=False)
        except click.BadParameter as e:
            err.print(f"[red]{e.message}[/red]")
            continue
        return path


def _check_record_path(path: Path, overwrite: bool) -> None:
    """Refuse, before the game starts, a record file that could not be written at its end."""
    if path.exists() and not overwrite:
        raise click.BadParameter(f"{path} exists; choose another file or pass --overwrite", param_hint="--record")
    folder = path.parent
    if not folder.is_dir():
        raise click.BadParameter(f"the folder {folder} does not exist; create it first", param_hint="--record")
    if not os.access(folder, os.W_OK):
        raise click.BadParameter(f"the folder {folder} is not writable", param_hint="--record")


def _save_record(path: Path, record: dict[str, Any]) -> bool:
    """Save the record where asked or, when that fails (the folder went away meanwhile), beside it in
    the current or the temporary folder, saying where: a played game is never lost."""
    try:
        write_record(path, record)
        console.print(f"Record saved to {path}")
        return True
    except OSError as e:
        reason = e.strerror or str(e)
    for folder in (Path.cwd(), Path(tempfile.gettempdir())):
        fallback = _free_name(folder / path.name)
        try:
            write_record(fallback, record)
        except OSError:
            continue
        err.print(f"[red]error:[/red] cannot save the record to {path} ({reason}); saved it to {fallback} instead")
        return False
    err.print(f"[red]error:[/red] cannot save the record to {path} ({reason}), nor beside it")
    return False


def _free_name(path: Path) -> Path:
    """`path`, or `name-2.json`, `name-3.json`... when it exists: a fallback never overwrites a file."""
    n = 1
    candidate = path
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
    return candidate


def _print_result(source: Table | Any) -> None:
    """The final table of a finished game (at a table, or a replayed state)."""
    result = source.result()
    names = [source.name(p) if isinstance(source, Table) else source.player_name(p) for p in range(source.num_players)]
    table = Table_(title="Final result")
    table.add_column("place")
    table.add_column("player")
    table.add_column("score")
    table.add_column("breakdown")
    for p in sorted(range(source.num_players), key=lambda p: result.ranks[p]):
        detail = ", ".join(f"{k} {v}" for k, v in result.breakdown[p].items()) if result.breakdown else ""
        table.add_row(str(result.ranks[p]), names[p], str(result.scores[p]), detail)
    console.print(table)


@cli.command()
@click.argument("game_id", metavar="GAME")
@click.option(
    "--players",
    "-p",
    type=int,
    help="Number of players (default: the game's smallest, or the length of --bots).",
)
@click.option(
    "--bots",
    default="random",
    show_default=True,
    help="Comma-separated bot specs, one per seat, or one for all.",
)
@click.option("--games", "-n", "n_games", default=100, show_default=True, type=click.IntRange(min=1))
@click.option("--seed", default=0, show_default=True, type=int)
@option_flag
@click.option(
    "--jobs", "-j", default=1, show_default=True, type=click.IntRange(min=1), help="Worker processes."
)
@click.option(
    "--records",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write each game's record into this folder.",
)
@click.option("--stats", is_flag=True, help="Count every kind of event and the game's own tallies (slower: the log is on).")
@click.option(
    "--json", "as_json", is_flag=True, help="Print the summary as one JSON object on the last line."
)
@backend_flags
def simulate(
    game_id: str,
    players: int | None,
    bots: str,
    n_games: int,
    seed: int,
    options: tuple[str, ...],
    jobs: int,
    records: Path | None,
    stats: bool,
    as_json: bool,
    backend: str,
    address: str | None,
) -> None:
    """Play many games between bots and summarise wins, scores and speed."""
    check_backend(backend, address)
    game = _game(game_id)
    opts = _options(game, options)
    specs = split_bot_list(bots)
    _check_bots(specs, allow_human=False, game=game)
    if players is None:
        players = len(specs) if len(specs) > 1 else game.player_counts(opts).start
    _check_players(game, players, opts)  # before a bot list of that length is made
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise click.BadParameter(
            f"{len(specs)} bots given for {players} players; give one bot or one per seat",
            param_hint="--bots",
        )
    _check_players(game, players, opts)
    if records:
        if records.exists() and not records.is_dir():
            raise click.BadParameter(f"{records} is a file, not a folder", param_hint="--records")
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise click.BadParameter(
                f"cannot make the folder {records}: {e.strerror}", param_hint="--records"
            ) from None
    with Progress(
        TextColumn(f"{game_id} ×{players}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=as_json,
    ) as bar:
        task = bar.add_task("games", total=n_games)
        try:
            summary = run_simulate(
                game_id, specs, n_games, seed, opts, jobs, records, stats, progress=lambda: bar.advance(task),
                backend=backend, address=address,
            )
        except MeepleError as e:  # the Ray cluster could not be reached
            raise click.ClickException(str(e)) from None
    doc = summary.to_json()
    if as_json:
        click.echo(json.dumps(doc))
        return
    table = Table_(
        title=f"{game.title}: {doc['games']} games, {doc['errors']} errors, {doc['games_per_second']} games/s"
    )
    for col in ("seat", "bot", "wins", "mean score", "sd"):
        table.add_column(col)
    for p, spec in enumerate(specs):
        table.add_row(
            f"P{p + 1}", spec, str(doc["wins"][p]), str(doc["mean_score"][p]), str(doc["sd_score"][p])
        )
    console.print(table)
    console.print(f"mean game length: {doc['mean_decisions']} decisions")
    for msg in doc["error_messages"]:
        err.print(f"[red]error[/red] {msg}")
    if stats:
        console.print("events: " + ", ".join(f"{k} {v}" for k, v in doc["stats"].items()))
        if doc["tallies"]:
            console.print("tallies: " + ", ".join(f"{k} {v}" for k, v in doc["tallies"].items()))


@cli.command("replay")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--verify", "check", is_flag=True, help="Check the final hash and result; exit 1 on mismatch.")
@click.option("--quiet", is_flag=True, help="Do not print the event log.")
def replay_cmd(path: Path, check: bool, quiet: bool) -> None:
    """Replay a game record and print its event log."""
    try:
        doc = read_record(path)
        state = verify(doc) if check else replay(doc)
    except MeepleError as e:
        err.print(f"[red]error:[/red] {e}")
        raise SystemExit(1) from None
    if not quiet:
        for e in state.events_for(None):
            console.print(e.text)
    if state.is_terminal():
        _print_result(state)
    if check:
        console.print(
            f"[green]verified[/green]: {len(doc['actions'])} actions replay to hash {doc['final_hash'][:16]}…"
        )


@cli.command("bench")
@click.argument("game_ids", metavar="[GAME]...", nargs=-1)
@click.option("--players", "-p", type=int, help="Only this player count (default: every count).")
@click.option("--seconds", "-s", default=2.0, show_default=True, type=click.FloatRange(min=0.01))
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list on the last line.")
@click.option(
    "--save", type=click.Path(dir_okay=False, path_type=Path), help="Write the figures to this JSON file."
)
@click.option(
    "--compare",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    help="A saved baseline: exit 1 if any figure is more than --tolerance times slower.",
)
@click.option("--tolerance", default=1.5, show_default=True, type=click.FloatRange(min=1.0))
@click.option("--mcts", is_flag=True, help="Also ISMCTS iterations per second (the game's default mcts bot).")
@click.option(
    "--rl", is_flag=True,
    help="Instead: PettingZoo steps per second with observation and mask (meeple.rl), beside PettingZoo's Connect Four.",
)
def bench_cmd(
    game_ids: tuple[str, ...],
    players: int | None,
    seconds: float,
    as_json: bool,
    save: Path | None,
    compare: Path | None,
    tolerance: float,
    mcts: bool,
    rl: bool,
) -> None:
    """Random playouts per second and µs per legal_actions / apply / clone (and with --mcts, ISMCTS
    iterations per second; with --rl, the learning environments' steps per second instead)."""
    if rl:
        _bench_rl(game_ids, players, seconds, as_json, save)
        return
    baseline = _read_baseline(compare) if compare else None
    saved_builds = sorted({build_of(b) for b in baseline}) if baseline is not None else []
    if baseline is not None and build() not in saved_builds:
        raise click.BadParameter(
            f"{compare} holds no figures of the {build()} build (it has: {', '.join(saved_builds)}); save "
            f"some with --save, or run the other build "
            f"({'MEEPLE_PURE=1' if build() == 'compiled' else 'pip install -e .'})",
            param_hint="--compare",
        )
    selected = [_game(g) for g in game_ids] if game_ids else games()
    rows = []
    if not as_json:
        console.print(f"build: {build()} (meeple/compiled.py)")
    for game in selected:
        counts = game.player_counts(game.parse_options({}))
        if players is not None and players not in counts:
            raise click.BadParameter(
                f"{game.id} is for {counts.start}-{counts.stop - 1} players", param_hint="--players"
            )
        for n in [players] if players else counts:
            rows.append(run_bench(game, n, seconds, mcts=mcts))
            if not as_json:
                r = rows[-1]
                console.print(
                    f"{r['game']:>14} {n}p: {r['games_per_second']:>9} games/s {r['decisions_per_second']:>10} dec/s"
                    f"  legal {r['us_legal_actions']} µs  apply {r['us_apply']} µs  clone {r['us_clone']} µs"
                    + (f"  mcts {r['mcts_iterations_per_second']} it/s (depth {r['mcts_depth']})" if mcts else "")
                )
    if save:
        write_record(save, {"bench": rows})
    if as_json:
        click.echo(json.dumps(rows))
    if baseline is not None:
        slower = regressions(rows, baseline, tolerance)
        for line in slower:
            err.print(f"[red]regression[/red] {line}")
        if slower:
            raise SystemExit(1)
        err.print(f"no figure is more than {tolerance}x slower than {compare}")


def _bench_rl(
    game_ids: tuple[str, ...], players: int | None, seconds: float, as_json: bool, save: Path | None
) -> None:
    try:
        from .bench import classic_rl_bench, rl_bench
    except ImportError as e:  # pragma: no cover - the rl extra is part of the test install
        raise click.UsageError(f"--rl needs the rl extra (pip install 'meeple[rl]'): {e}") from None
    selected = [_game(g) for g in game_ids] if game_ids else games()
    plan = []
    for game in selected:
        counts = game.player_counts(game.parse_options({}))
        if players is not None and players not in counts:
            raise click.BadParameter(
                f"{game.id} is for {counts.start}-{counts.stop - 1} players", param_hint="--players"
            )
        plan += [(game, n) for n in ([players] if players else counts)]
    if not as_json:
        console.print(f"build: {build()} (meeple/compiled.py); PettingZoo AEC steps/s, observation and mask")
    rows = []
    for game, n in plan:
        rows.append(rl_bench(game, n, seconds))
        if not as_json:
            console.print(f"{game.id:>14} {n}p: {rows[-1]['rl_steps_per_second']:>10} steps/s")
    rows.append(classic_rl_bench(seconds))
    if not as_json:
        console.print(f"{rows[-1]['game']:>14}: {rows[-1]['rl_steps_per_second']:>10} steps/s (PettingZoo classic)")
    if save:
        write_record(save, {"bench_rl": rows})
    if as_json:
        click.echo(json.dumps(rows))


def _read_baseline(path: Path) -> list[dict[str, Any]]:
    try:
        doc = json.loads(path.read_text())
        rows = doc["bench"]
        assert isinstance(rows, list) and all("game" in r and "players" in r for r in rows)
    except (OSError, ValueError, KeyError, TypeError, AssertionError):
        raise click.BadParameter(
            f"{path} is not a baseline written by meeple bench --save", param_hint="--compare"
        ) from None
    return rows


@cli.command("playthrough")
@click.argument("game_id", metavar="GAME")
@click.option("--players", "-p", type=int, required=True)
@click.option("--seed", default=0, show_default=True, type=int)
@option_flag
def playthrough_cmd(game_id: str, players: int, seed: int, options: tuple[str, ...]) -> None:
    """Print the golden transcript of one seeded random game (JSON)."""
    game = _game(game_id)
    opts = _options(game, options)
    _check_players(game, players, opts)
    click.echo(json.dumps(transcript(game, players, seed, opts), indent=1))


@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (this machine only by default).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--db", "db_url", envvar="MEEPLE_DB", help="Database URL (default: a SQLite file in your data folder; or postgresql+psycopg://...). Also MEEPLE_DB.")
@click.option("--open", "open_browser", is_flag=True, help="Open the lobby in a browser.")
def serve_cmd(host: str, port: int, db_url: str | None, open_browser: bool) -> None:
    """Play in the browser: the lobby, games against bots and with friends, kept in a database."""
    from meeple.server.serve import serve

    try:
        serve(host, port, db_url, open_browser, say=lambda text: console.print(text, markup=False))
    except MeepleError as e:
        err.print(f"[red]error:[/red] {escape(str(e))}")
        raise SystemExit(2) from None


cli.add_command(arena)
cli.add_command(ladder)
cli.add_command(report)
