"""The observation layouts as Markdown tables, for docs/rl.md (`python -m meeple.rl.layouts` prints
them; a test checks that the document holds exactly what this prints)."""

from __future__ import annotations

from typing import Any

from meeple.engine import Game
from meeple.engine.registry import games

# option sets whose sizes the document lists beside the defaults'
LISTED_OPTIONS: dict[str, list[dict[str, Any]]] = {"goofspiel": [{"cards": 5}]}


def reference_count(game: Game) -> int:
    """The player count a game's table is shown at: 3 where the game takes it."""
    counts = game.player_counts(game.parse_options({}))
    return 3 if 3 in counts else counts.start


def layout_markdown(game: Game) -> str:
    n = reference_count(game)
    layout = game.observation_layout(n)
    sizes = []
    for opts in [{}, *LISTED_OPTIONS.get(game.id, [])]:
        label = ", ".join(f"{k}={v}" for k, v in opts.items()) or "default options"
        counts = game.player_counts(game.parse_options(opts))
        each = ", ".join(f"{c} player{'s' if c > 1 else ''}: {game.observation_size(c, opts)}" for c in counts)
        sizes.append(f"{label}: {each}")
    lines = [
        f"<!-- layout {game.id} -->",
        f"Sizes ({'; '.join(sizes)}). The table is for {n} player{'s' if n > 1 else ''}, default options.",
        "",
        "| slice | part | what it holds |",
        "|---|---|---|",
    ]
    for start, stop, name, text in layout.describe():
        lines.append(f"| {start}:{stop} | `{name}` | {text} |")
    if layout.skipped:
        lines.append("")
        lines.append(
            "Not encoded: " + "; ".join(f"`{k}`, {why}" for k, why in sorted(layout.skipped.items())) + "."
        )
    lines.append("<!-- end -->")
    return "\n".join(lines)


def main() -> None:
    for game in games():
        print(f"### {game.title}\n")
        print(layout_markdown(game))
        print()


if __name__ == "__main__":
    main()
