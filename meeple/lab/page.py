"""The report as one self-contained HTML page: the figures as base64 PNG, the tables beside them, no
script and nothing fetched, so it opens from a file or an e-mail anywhere."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

from meeple import __version__

from . import figures, stats
from .runs import Run

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1100px; margin: 1.5em auto; padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.8em 0; font-size: 0.9em; }
th, td { padding: 0.2em 0.7em; border-bottom: 1px solid #e4e4e4; text-align: right; }
th { background: #f4f4f4; } td:first-child, th:first-child { text-align: left; }
figure { margin: 1em 0; } figure img { max-width: 100%; }
figcaption, .note { color: #555; font-size: 0.9em; }
.sig { font-weight: bold; color: #a0400b; }
.runs td, .runs th { text-align: left; }
"""


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(c: Sequence[float]) -> str:
    return f"{100 * c[0]:.1f}–{100 * c[1]:.1f}%"


def _p(p: float) -> str:
    text = "<0.001" if p < 0.001 else f"{p:.3f}"
    return f'<span class="sig">{text} *</span>' if p < stats.ALPHA else text


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    h = "".join(f"<th>{escape(str(c))}</th>" for c in head)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><thead><tr>{h}</tr></thead><tbody>{body}</tbody></table>"


def _figure(name: str, fig: Any, caption: str) -> str:
    data = figures.png_base64(fig)
    return (f'<figure id="fig-{name}"><img alt="{escape(caption)}" src="data:image/png;base64,{data}">'
            f"<figcaption>{escape(caption)}</figcaption></figure>")


def _header(runs: Sequence[Run]) -> str:
    a = runs[0]
    bots = ", ".join(a.bots) if len(set(a.bots)) > 1 else f"{a.bots[0]} in every seat"
    rotation = " (seats rotated from game to game)" if len(set(a.bots)) > 1 else ""
    rows = [("game", escape(a.title)), ("players", str(a.players)), ("bots", escape(bots + rotation)),
            ("seeds", f"{a.seed} to {a.seed + len(a.rows) + len(a.errors) - 1}, one deal a game"
                      + (", the same deals in both runs" if len(runs) > 1 else ""))]
    for name, run in zip("AB", runs):
        errs = f", <span class='sig'>{len(run.errors)} failed</span>: {escape(run.errors[0])}" if run.errors else ""
        rows.append((f"run {name}", f"{escape(run.label)}: {len(run.rows)} games in {run.seconds:.0f} s{errs}"))
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    rows.append(("made", f"{now} by meeple {escape(__version__)}"))
    body = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows)
    return f'<table class="runs">{body}</table>'


def _seats(runs: Sequence[Run], cmp: dict[str, Any] | None) -> str:
    head = ["seat", "games", "wins", "win rate", "95% interval", "mean score", "sd"]
    per = [stats.seats(r) for r in runs]
    rows = []
    for i, x in enumerate(per[0]):
        row = [f"{x['seat']} ({escape(x['name'])})", x["games"], f"{x['wins']:g}", _pct(x["win_rate"]),
               _ci(x["ci95"]), f"{x['mean_score']:.2f}", f"{x['sd_score']:.2f}"]
        if cmp:
            y, d = per[1][i], cmp["seats"][i]
            row += [_pct(y["win_rate"]), _ci(y["ci95"]), _p(d["win_rate"]["p_value"]),
                    f"{y['mean_score']:.2f}", _p(d["mean_score"]["p_value"])]
        rows.append(row)
    if cmp:
        head = ["seat", "games A", "wins A", "win rate A", "95% interval A", "mean score A", "sd A",
                "win rate B", "95% interval B", "p (win rate)", "mean score B", "p (score)"]
    return _table(head, rows)


def _lengths(runs: Sequence[Run], cmp: dict[str, Any] | None) -> str:
    rows = []
    ms = [stats.mean_sd(stats.margins(r)) for r in runs]
    rows.append(["winning margin", *[f"{m:.2f} ± {sd:.2f}" for m, sd in ms],
                 *([_p(cmp["margin"]["p_value"])] if cmp else [])])
    for kind in stats.lengths(runs[0]):
        vals = [stats.lengths(r).get(kind) for r in runs]
        cells = [f"{stats.mean_sd(v)[0]:.1f} ± {stats.mean_sd(v)[1]:.1f}" if v else "–" for v in vals]
        p = [_p(cmp["length"][kind]["p_value"]) if kind in cmp["length"] else "–"] if cmp else []
        rows.append([f"{kind} a game", *cells, *p])
    head = ["", "run A (mean ± sd)"] + (["run B (mean ± sd)", "p (Welch)"] if cmp else [])
    return _table(head, rows)


def _categories(runs: Sequence[Run], cmp: dict[str, Any] | None) -> str:
    if cmp:
        rows = [[escape(c["name"]), f"{c['a']:.2f}", f"{c['b']:.2f}", f"{c['difference']:+.2f}", _p(c["p_value"])]
                for c in cmp["categories"]]
        return _table(["category", "mean A", "mean B", "B − A", "p (Welch)"], rows)
    rows = [[escape(c["name"]), f"{c['mean']:.2f}", f"{c['mean_winners']:.2f}", f"{c['mean_others']:.2f}",
             _p(c["p_value"])] for c in stats.categories(runs[0])]
    return _table(["category", "mean", "winners", "others", "p (winners vs others, Welch)"], rows)


def _elements(run: Run, rows: Sequence[dict[str, Any]]) -> str:
    out = [[escape(e["name"]), _pct(e["use_rate"]), _pct(e["game_rate"]), f"{e['per_game']:.2f}",
            f"{_pct(e['users']['win_rate'])} ({_ci(e['users']['ci95'])})",
            f"{_pct(e['others']['win_rate'])} ({_ci(e['others']['ci95'])})",
            "–" if e["difference"] is None else f"{100 * e['difference']:+.1f}", _p(e["p_value"])]
           for e in sorted(rows, key=lambda e: -(e["difference"] or 0.0))]
    return _table(["element", "players using it", "games with it", "uses a game", "win rate of users",
                   "of the others", "difference (points)", "p (z-test)"], out)


def _element_changes(cmp: dict[str, Any]) -> str:
    def users(e: dict[str, Any], side: str) -> str:  # no users, no win rate
        return _pct(e["users_win_rate"][side]) if e["use_rate"][side] else "–"

    rows = [[escape(e["name"]), _pct(e["use_rate"]["a"]), _pct(e["use_rate"]["b"]), _p(e["use_rate"]["p_value"]),
             users(e, "a"), users(e, "b"), _p(e["users_win_rate"]["p_value"])]
            for e in cmp["elements"]]
    return _table(["element", "players using it A", "B", "p", "users' win rate A", "B", "p"], rows)


def render(runs: Sequence[Run], progress: Callable[[], None] | None = None) -> str:
    """The page for one run, or for run A beside run B (`--against-option`)."""
    a = runs[0]
    cmp = stats.compare(runs[0], runs[1]) if len(runs) > 1 else None
    tick = progress or (lambda: None)
    parts = [f"<h1>{escape(a.title)}: balance report</h1>", _header(runs)]
    parts.append(
        '<p class="note">Win rates count a tie for first as a share of a win (two tied winners get a half each); '
        "intervals are 95% Wilson intervals. A p-value below 0.05 is marked *; it is the two-proportion z-test "
        "for rates and Welch's test for means, one comparison at a time: among 40 comparisons about 2 are "
        "marked by chance alone, so read a lone * among many with care and confirm it with more games.</p>"
    )
    parts += ["<h2>First-player advantage: win rate by seat</h2>",
              _figure("seats", figures.seat_win_rates(runs), "Win rate of each seat with its 95% interval; "
                      "the dashed line is the equal share 1/N."),
              _seats(runs, cmp)]
    tick()
    parts += ["<h2>Scores and margins</h2>",
              _figure("scores", figures.scores_and_margins(runs), "Scores by seat (boxes hold the middle half "
                      "of the games, the line is the median) and the winning margins."),
              "<h2>Game length</h2>",
              _figure("length", figures.game_length(runs), "Decisions per game (every choice of every player, "
                      "bots' included), and rounds where the game counts them."),
              _lengths(runs, cmp)]
    tick()
    if any(r.breakdown and r.breakdown[0] for r in a.rows):
        caption = ("Mean points a player scores in each category of the rulebook's scoring, "
                   + ("run A against run B." if cmp else "for the winners and for the other players."))
        parts += ["<h2>Points by category</h2>", _figure("categories", figures.points_by_category(runs), caption),
                  _categories(runs, cmp)]
    tick()
    parts.append("<h2>Elements: who uses them, and does it win?</h2>")
    parts.append(
        '<p class="note">Every thing the game counts per player (cards played, buildings built, and each kind of '
        "action in its log). A player used an element when they did it at least once in a game. A high win rate "
        "of its users means the element goes with winning, not that it causes it: strong positions also "
        "afford strong things.</p>"
    )
    for name, run in zip("AB", runs):
        rows = stats.elements(run)
        if not rows:
            parts.append(f"<p>Run {name}: the game counts nothing per player.</p>")
            continue
        label = f"run {name} ({run.label})" if cmp else run.label
        compared = [e for e in rows if e["difference"] is not None]
        if compared:
            parts.append(_figure(f"elements-{name}", figures.elements(run, compared, f"Elements, {label}"),
                                 f"Use and win rates of each element, {label}; sorted by the users' advantage."))
        everyone = [e["name"] for e in rows if e["difference"] is None]
        if everyone:
            parts.append(f'<p class="note">Done by every player in every game (nothing to compare): '
                         f"{escape(', '.join(everyone))}.</p>")
        parts.append(_elements(run, compared))
        tick()
    if cmp and cmp["elements"]:
        parts += ["<h3>What the option changes about the elements</h3>", _element_changes(cmp)]
    body = "\n".join(parts)
    return (f"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{escape(a.title)}: balance "
            f"report</title><style>{STYLE}</style></head><body>\n{body}\n</body></html>\n")
