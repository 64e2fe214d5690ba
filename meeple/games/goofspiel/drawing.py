"""Goofspiel drawn: the prize card turned up, and each player's row of cards, your own clickable to bid.
The smallest drawn board, and the example the four games' drawings follow."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeple.table.drawing import Svg, initial, layout, piece


def draw(view: Mapping[str, Any], seat: int | None, names: Sequence[str]) -> str:
    lay = layout("meeple.games.goofspiel")
    card, hands = lay["card"], lay["hands"]
    players = len(view["hands"])
    svg = Svg(lay["width"], hands["y"] + players * hands["row"] + 10, "Goofspiel: the prize and the hands")
    px, py = lay["prize"]["x"], lay["prize"]["y"]
    with svg.thing("prize", value=view["prize"], left=view["prizes_left"]):
        svg.rect(px, py, card["w"] * 1.4, card["h"] * 1.4, rx=card["corner"], cls="shape")
        svg.text(px + card["w"] * 0.7, py + card["h"] * 0.85, str(view["prize"] or "-"), text_anchor="middle",
                 font_size=28)
    svg.text(px, py + card["h"] * 1.4 + 20, f"prize · {view['prizes_left']} left", cls="label muted")
    for p, hand in enumerate(view["hands"]):
        y = hands["y"] + p * hands["row"]
        you = " (you)" if p == seat else ""
        with svg.thing(f"player:{p}", score=view["scores"][p], bid=int(view["has_bid"][p])):
            piece(svg, hands["x"] + 10, y + 8, p, initial(names[p]))
            svg.text(hands["x"] + 26, y + 13, f"{names[p]}{you}: {view['scores'][p]} points"
                     + (" · has bid" if view["has_bid"][p] else ""))
        for i, value in enumerate(hand):
            x = hands["x"] + i * (card["w"] + card["gap"])
            chosen = p == seat and view["my_bid"] == value
            with svg.thing(f"card:{value}" if p == seat else f"card:{p}:{value}", value=value):
                svg.rect(x, y + 22, card["w"], card["h"], rx=card["corner"],
                         cls="shape chosen" if chosen else "shape")
                svg.text(x + card["w"] / 2, y + 22 + card["h"] * 0.62, str(value), text_anchor="middle",
                         font_size=20)
    return str(svg)
