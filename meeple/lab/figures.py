"""The report's figures (matplotlib, drawn off screen), one function a figure, for one run or two.

Colours are the Okabe-Ito palette, told apart with colour blindness; the second run is always the
orange one, and every figure with two runs has a legend naming them.
"""

from __future__ import annotations

import base64
import io
import math
from collections.abc import Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")  # no display: figures are written to PNG only

import matplotlib.pyplot as plt  # noqa: E402 - after the backend is chosen
from matplotlib import patches, ticker  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

from . import stats  # noqa: E402
from .runs import Run  # noqa: E402

BLUE, ORANGE, GREEN, GREY = "#0072B2", "#E69F00", "#009E73", "#999999"
RUN_COLOURS = (BLUE, ORANGE)


def png_base64(fig: Figure) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=110, bbox_inches="tight")
    plt.close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _labels(runs: Sequence[Run]) -> list[str]:
    return ["all games"] if len(runs) == 1 else ["A: " + runs[0].label, "B: " + runs[1].label]


def seat_win_rates(runs: Sequence[Run]) -> Figure:
    """Each seat's win rate with its 95% interval, against the equal share 1/N."""
    n = runs[0].players
    fig, ax = plt.subplots(figsize=(max(4.5, 1.3 * n + 2), 3.6))
    width = 0.8 / len(runs)
    for i, (run, label) in enumerate(zip(runs, _labels(runs))):
        rows = stats.seats(run)
        xs = [s + (i - (len(runs) - 1) / 2) * width for s in range(n)]
        rates = [r["win_rate"] for r in rows]
        err = [[r["win_rate"] - r["ci95"][0] for r in rows], [r["ci95"][1] - r["win_rate"] for r in rows]]
        ax.bar(xs, rates, width * 0.9, color=RUN_COLOURS[i], label=label)
        ax.errorbar(xs, rates, yerr=err, fmt="none", ecolor="black", capsize=4, lw=1)
    ax.axhline(1 / n, color=GREY, ls="--", lw=1, label=f"equal chance (1/{n})")
    ax.set_xticks(range(n), [f"seat {s + 1}\n{name}" for s, name in enumerate(runs[0].seat_names)])
    ax.set_ylabel("win rate (ties split)")
    ax.set_ylim(0, min(1.0, max(r["ci95"][1] for run in runs for r in stats.seats(run)) + 0.05))
    ax.yaxis.set_major_formatter(ticker.PercentFormatter(1.0))
    ax.set_title("Win rate by seat (seat 1 plays first at the start)\nblack lines: 95% intervals")
    ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=3, frameon=False)
    return fig


def scores_and_margins(runs: Sequence[Run]) -> Figure:
    """Left: the score distribution of each seat (box: middle half, line: median, whiskers: 1.5 IQR).
    Right: the winning margin (best score minus second best), one histogram a run."""
    n = runs[0].players
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.8), gridspec_kw={"width_ratios": [max(2, n), 3]})
    width = 0.8 / len(runs)
    for i, run in enumerate(runs):
        data = [[r.scores[s] for r in run.rows] for s in range(n)]
        pos = [s + (i - (len(runs) - 1) / 2) * width for s in range(n)]
        box = left.boxplot(data, positions=pos, widths=width * 0.85, patch_artist=True, showfliers=False,
                           medianprops={"color": "black"})
        for patch in box["boxes"]:
            patch.set_facecolor(RUN_COLOURS[i])
            patch.set_alpha(0.8)
    if len(runs) > 1:
        left.legend(handles=[patches.Patch(color=c, label=label) for c, label in zip(RUN_COLOURS, _labels(runs))],
                    fontsize=8, loc="upper left")
    left.set_xticks(range(n), [f"seat {s + 1}" for s in range(n)])
    left.set_xlim(-0.6, n - 0.4)
    left.set_ylabel("final score")
    left.set_title("Scores by seat")
    all_margins = [stats.margins(run) for run in runs]
    top = max((max(m) for m in all_margins if m), default=1.0)
    bins = _bins(0.0, top, most=_how_many_bins(max(len(m) for m in all_margins)))
    for i, (m, label) in enumerate(zip(all_margins, _labels(runs))):
        mean = stats.mean_sd(m)[0]
        right.hist(m, bins=bins, histtype="stepfilled" if i == 0 else "step", lw=2, alpha=0.6 if i == 0 else 1,
                   color=RUN_COLOURS[i], label=f"{label} (mean {mean:.1f})")
    right.set_xlabel("winning margin: best score minus second best (0 = a tie on points)")
    right.set_ylabel("games")
    right.yaxis.set_major_locator(ticker.MaxNLocator(integer=True))  # counts of games
    right.set_title("Margins of victory")
    right.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.2), frameon=False)
    fig.tight_layout()
    return fig


def game_length(runs: Sequence[Run]) -> Figure:
    """How long the games are: decisions, and rounds where the game counts them."""
    # a length that never varies (El Grande's 9 rounds) is said in the table, not drawn
    kinds = [k for k in stats.lengths(runs[0])
             if all(k in stats.lengths(r) for r in runs) and len({x for r in runs for x in stats.lengths(r)[k]}) > 1]
    kinds = kinds or ["decisions"]
    fig, axes = plt.subplots(1, len(kinds), figsize=(5 * len(kinds), 3.4), squeeze=False)
    for ax, kind in zip(axes[0], kinds):
        values = [stats.lengths(run)[kind] for run in runs]
        lo, hi = min(min(v) for v in values), max(max(v) for v in values)
        bins = _bins(lo, hi, most=_how_many_bins(max(len(v) for v in values)))
        for i, (v, label) in enumerate(zip(values, _labels(runs))):
            ax.hist(v, bins=bins, histtype="stepfilled" if i == 0 else "step", lw=2, alpha=0.6 if i == 0 else 1,
                    color=RUN_COLOURS[i], label=f"{label} (mean {stats.mean_sd(v)[0]:.1f})")
        ax.set_xlabel("decisions a game (all players)" if kind == "decisions" else "rounds a game")
        ax.set_ylabel("games")
        ax.yaxis.set_major_locator(ticker.MaxNLocator(integer=True))
        ax.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.2), frameon=False)  # off the bars
    axes[0][0].set_title("Game length")
    fig.tight_layout()
    return fig


def points_by_category(runs: Sequence[Run]) -> Figure:
    """Mean points a player scores in each category: winners against the others (one run), or run A
    against run B (two runs)."""
    cats = [stats.categories(run) for run in runs]
    names = [c["name"] for c in cats[0]]
    fig, ax = plt.subplots(figsize=(7.5, 0.45 * len(names) + 1.6))
    ys = range(len(names))
    if len(runs) == 1:
        series = [([c["mean_winners"] for c in cats[0]], GREEN, "winners"),
                  ([c["mean_others"] for c in cats[0]], GREY, "the other players")]
    else:
        by_name = [{c["name"]: c["mean"] for c in cs} for cs in cats]
        series = [([b.get(n, 0.0) for n in names], RUN_COLOURS[i], label)
                  for i, (b, label) in enumerate(zip(by_name, _labels(runs)))]
    h = 0.8 / len(series)
    for i, (values, colour, label) in enumerate(series):
        ax.barh([y - 0.4 + h * (i + 0.5) for y in ys], values, h * 0.9, color=colour, label=label)
    ax.set_yticks(list(ys), names)
    ax.invert_yaxis()
    ax.set_xlabel("mean points a player scores")
    ax.set_title("Points by scoring category")
    ax.legend(fontsize=8, loc="lower right")
    fig.tight_layout()
    return fig


def elements(run: Run, rows: Sequence[dict[str, Any]], title: str) -> Figure:
    """For each element (sorted by the users' advantage): the share of players who used it, and the win
    rate of those who did (filled) against those who did not (hollow), with 95% intervals."""
    rows = sorted((e for e in rows if e["difference"] is not None), key=lambda e: -e["difference"])
    k = max(1, len(rows))
    fig, (use, win) = plt.subplots(1, 2, sharey=True, figsize=(10, 0.26 * k + 1.6),
                                   gridspec_kw={"width_ratios": [1, 2.2]})
    ys = list(range(len(rows)))
    use.barh(ys, [e["use_rate"] for e in rows], color=BLUE, height=0.7)
    use.set_xlim(0, 1)
    use.xaxis.set_major_formatter(ticker.PercentFormatter(1.0))
    use.set_xlabel("players who used it (in a game)")
    use.set_yticks(ys, [("* " if e["p_value"] < stats.ALPHA else "") + e["name"] for e in rows], fontsize=8)
    use.invert_yaxis()
    for side, marker, face, dy, label in (("users", "o", GREEN, -0.15, "players who used it"),
                                          ("others", "o", "white", 0.15, "players who did not")):
        xs = [e[side]["win_rate"] for e in rows]
        err = [[e[side]["win_rate"] - e[side]["ci95"][0] for e in rows],
               [e[side]["ci95"][1] - e[side]["win_rate"] for e in rows]]
        win.errorbar(xs, [y + dy for y in ys], xerr=err, fmt=marker, mfc=face, mec=GREEN, ecolor=GREEN,
                     ms=5, lw=1, capsize=2, label=label)
    win.axvline(1 / run.players, color=GREY, ls="--", lw=1, label=f"equal chance (1/{run.players})")
    win.set_xlim(0, 1)
    win.xaxis.set_major_formatter(ticker.PercentFormatter(1.0))
    win.set_xlabel("win rate, 95% interval (* before a name: the difference is significant, p < 0.05)")
    win.legend(fontsize=8, loc="lower center", bbox_to_anchor=(0.5, 1.0), ncol=3, frameon=False)  # above the rows
    win.grid(axis="y", color="#eeeeee")
    use.grid(axis="y", color="#eeeeee")
    fig.suptitle(title)
    fig.tight_layout()
    return fig


def _how_many_bins(games: int) -> int:
    """Enough bins to show a shape, few enough that a bin holds several games."""
    return int(min(40, max(8, 2 * games**0.5)))


def _bins(lo: float, hi: float, most: int = 40) -> list[float]:
    """Histogram bin edges from lo to hi, at most `most` bins, each a whole number of points wide and
    centred on whole numbers (scores, margins and lengths are counted in whole points mostly), so that
    no bin holds one more value than its neighbour by the rounding of its edges alone."""
    lo, hi = math.floor(lo), math.ceil(hi)
    step = max(1, math.ceil((hi - lo + 1) / most))
    return [lo - 0.5 + i * step for i in range((hi - lo) // step + 2)]
