"""Drawn boards: a small SVG writer shared by the games' presenters, the players' colours and pieces,
and each game's layout data.

A presenter draws its board from a seat's view alone (so a drawing cannot show what the seat may not
see) into an `Svg`. Every board thing a player can click (a region, a district, a card) is a group
opened with `svg.thing("region:galicia")`: the page highlights it while an action names it (the
action's `targets`, see `Presenter.targets`) and sends that action when it is picked. The page's CSS
styles the classes used here (`shape`, `label`, `p0`...), so the board follows light and dark themes.
"""

from __future__ import annotations

import json
import math
import textwrap
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from html import escape
from importlib import resources
from typing import Any

# Okabe and Ito's palette, distinguishable with the common colour-vision deficiencies; each player also
# has a shape of their own, and pieces carry the player's initial, so colour is never the only clue.
PLAYER_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00", "#F0E442", "#999999")
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond", "hexagon", "pentagon", "star", "cross")
# Text on a player's colour: dark on the light colours, light on the dark ones.
INK = ("#000", "#000", "#fff", "#000", "#fff", "#fff", "#000", "#000")


def _attrs(attrs: Mapping[str, Any]) -> str:
    """`cls` -> class, `data_x` -> data-x, `stroke_width` -> stroke-width; None values are left out."""
    out = []
    for key, value in attrs.items():
        if value is None:
            continue
        name = "class" if key == "cls" else key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = f"{value:.2f}".rstrip("0").rstrip(".")
        out.append(f' {name}="{escape(str(value), quote=True)}"')
    return "".join(out)


class Svg:
    """An SVG document built element by element; `str(svg)` is the markup."""

    def __init__(self, width: float, height: float, label: str) -> None:
        self.width, self.height, self.label = width, height, label
        self._parts: list[str] = []

    def element(self, tag: str, text: str | None = None, **attrs: Any) -> None:
        if text is None:
            self._parts.append(f"<{tag}{_attrs(attrs)}/>")
        else:
            self._parts.append(f"<{tag}{_attrs(attrs)}>{escape(text, quote=False)}</{tag}>")

    def rect(self, x: float, y: float, w: float, h: float, **attrs: Any) -> None:
        self.element("rect", x=x, y=y, width=w, height=h, **attrs)

    def circle(self, x: float, y: float, r: float, **attrs: Any) -> None:
        self.element("circle", cx=x, cy=y, r=r, **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: Any) -> None:
        self.element("line", x1=x1, y1=y1, x2=x2, y2=y2, **attrs)

    def polygon(self, points: list[tuple[float, float]] | list[list[float]], **attrs: Any) -> None:
        self.element("polygon", points=" ".join(f"{x:g},{y:g}" for x, y in points), **attrs)

    def path(self, d: str, **attrs: Any) -> None:
        self.element("path", d=d, **attrs)

    def text(self, x: float, y: float, text: str, **attrs: Any) -> None:
        attrs.setdefault("cls", "label")
        self.element("text", text, x=x, y=y, **attrs)

    def title(self, text: str) -> None:
        """A tooltip for the group it is in (the page shows it on hover)."""
        self.element("title", text)

    @contextmanager
    def group(self, **attrs: Any) -> Iterator[None]:
        self._parts.append(f"<g{_attrs(attrs)}>")
        try:
            yield
        finally:
            self._parts.append("</g>")

    @contextmanager
    def thing(self, thing: str, cls: str = "", **data: Any) -> Iterator[None]:
        """A board thing a player may click (the page finds it by `data-thing`); `data` becomes
        `data-*` attributes that tests read back (e.g. a region's counts)."""
        attrs = {f"data_{k}": v for k, v in data.items()}
        with self.group(cls=f"thing {cls}".strip(), data_thing=thing, **attrs):
            yield

    def __str__(self) -> str:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="drawn" viewBox="0 0 {self.width:g} {self.height:g}"'
            f' role="img" aria-label="{escape(self.label, quote=True)}">'
        )
        return head + "".join(self._parts) + "</svg>"


def shape_points(shape: str, x: float, y: float, r: float) -> list[tuple[float, float]]:
    """The corners of a player's shape centred on (x, y) within radius r."""
    corners = {"triangle": 3, "square": 4, "diamond": 4, "pentagon": 5, "hexagon": 6}
    if shape == "star":
        return [
            (x + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
             y - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5))
            for i in range(10)
        ]
    if shape == "cross":
        t = r * 0.35
        return [(x - t, y - r), (x + t, y - r), (x + t, y - t), (x + r, y - t), (x + r, y + t), (x + t, y + t),
                (x + t, y + r), (x - t, y + r), (x - t, y + t), (x - r, y + t), (x - r, y - t), (x - t, y - t)]
    n = corners[shape]
    turn = math.pi / 4 if shape == "square" else 0.0
    return [(x + r * math.sin(turn + 2 * math.pi * i / n), y - r * math.cos(turn + 2 * math.pi * i / n))
            for i in range(n)]


def piece(svg: Svg, x: float, y: float, player: int, text: str = "", r: float = 9, **attrs: Any) -> None:
    """A player's piece: their colour in their shape, with `text` (their initial, or a count) on it."""
    colour = PLAYER_COLOURS[player % len(PLAYER_COLOURS)]
    shape = PLAYER_SHAPES[player % len(PLAYER_SHAPES)]
    style = {"fill": colour, "stroke": "#222", "stroke_width": 1, **attrs}
    if shape == "circle":
        svg.circle(x, y, r, cls=f"piece p{player}", **style)
    else:
        svg.polygon(shape_points(shape, x, y, r * 1.1), cls=f"piece p{player}", **style)
    if text:
        svg.text(x, y + r * 0.38, text, cls="piece-text", fill=INK[player % len(INK)],
                 font_size=f"{r * 1.05:.1f}", text_anchor="middle")


def wrap(text: str, width: float, size: float, char: float = 0.55) -> list[str]:
    """`text` in lines that fit `width` units at font `size` (a character is about `char` of the size
    wide; more in bold). Long words stay whole: SVG text does not wrap itself."""
    most = max(4, int(width / (size * char)))
    return textwrap.wrap(text, most, break_long_words=False, break_on_hyphens=False)


def initial(name: str) -> str:
    """The letter a player's pieces carry (the number, for seats named P1, P2...)."""
    name = name.strip()
    if name[:1] == "P" and name[1:].isdigit():
        return name[1:]
    return name[:1].upper() or "?"


@cache
def layout(package: str) -> dict[str, Any]:
    """A game's board layout (coordinates, shapes, colours), kept as data in `data/board.json` of
    the game's package (e.g. "meeple.games.doge")."""
    text = resources.files(package).joinpath("data", "board.json").read_text(encoding="utf-8")
    return json.loads(text)
