"""Doge drawn: Venice as on the printed board, from a seat's view alone.

The Quarantia (the Doge's council) at the top; the six districts on the lagoon, the Grand Canal between
them; in each district its five palace spaces (3 to 7 houses), the players' houses, the advisors standing
there and the face-down ballot stacks (the votes when it holds its election); the advisors' home symbols
down the right edge (a neutral advisor stands on its symbol); the voting-order rows; the players; and for
a seat its own area cards and ballot markers. The layout is `data/board.json`.

Board things (`data-thing`) and their numbers (`data-*`, read back by the tests):

- `area:X` (X = 0..6, 6 the Quarantia): `houses`, `advisors`, `ballots` and `votes` as "seat:count"
  pairs ("0:3 2:1", seats with none left out); `palaces` the owners in space order ("0 0 2"); `mine` the
  seat's own face-down marker values there ("3+2"); `vote` when it votes ("now", "3", "next year",
  "over").
- `palace:D:I`: the I-th palace space of district D (costs 3 + I houses), `owner` (-1 free).
- `advisor:A` (A = 0..8, 6-8 the Quarantia's): `owner` and `area` (-1, -1 when neutral).
- `home:A`: advisor A's home symbol on the right edge (an advisor put back there is neutral).
- `player:P`: `houses` (in supply), `palaces` (left to build), `rings` (free), `hand` (markers held),
  `revealed` (values turned up this year), `used` (areas whose card P played this year).
- For the seat only: `card:X` its area cards (`used`, `mine`) and `marker:V:I` the I-th marker of value V
  in its hand (`value`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import AbstractContextManager
from typing import Any

from meeple.table.drawing import Svg, initial, layout, piece

from .data import (
    ADVISOR_HOME,
    AREA_NAMES,
    BALLOT_ROUNDS,
    END_CONDITIONS,
    NUM_AREAS,
    NUM_DISTRICTS,
    QUARANTIA,
    QUARANTIA_ADVISORS,
    RINGS,
    SPACE_COSTS,
)
from .elections import standings

View = Mapping[str, Any]
LAYOUT = "meeple.games.doge"


def draw(view: View, seat: int | None, names: Sequence[str]) -> str:
    lay = layout(LAYOUT)
    bottom = lay["hand"]["y"] + lay["hand"]["h"] if seat is not None else lay["players"]["y"] + lay["players"]["h"]
    height = bottom + 10
    svg = Svg(lay["width"], height, "Doge: Venice, its districts and the Quarantia")
    draw_heading(svg, view, names)
    draw_quarantia(svg, view, seat, names)
    draw_lagoon(svg)
    for d in range(NUM_DISTRICTS):
        draw_district(svg, view, seat, d, names)
    draw_homes(svg, view, names)
    draw_voting_order(svg, view)
    draw_players(svg, view, seat, names)
    if seat is not None:
        draw_hand(svg, view, seat)
    return str(svg)


# ----- small helpers ------------------------------------------------------------------------------


def colour(p: int) -> str:
    return layout(LAYOUT)["seat_colours"][p]


def seat_piece(svg: Svg, x: float, y: float, p: int, text: str, r: float = 11) -> None:
    """A player's piece in the seat's own colour (Red is red, ...) and the player's shape, the text on
    it in the ink that reads best on that colour."""
    piece(svg, x, y, p, "", r=r, fill=colour(p))
    if text:
        svg.text(x, y + r * 0.38, text, cls="piece-text", fill=layout(LAYOUT)["seat_ink"][p],
                 font_size=f"{r * 1.05:.1f}", text_anchor="middle")


def pairs(counts: Sequence[int]) -> str:
    """Per-seat counts as "seat:count" pairs, the zeros left out: "0:3 2:1"."""
    return " ".join(f"{p}:{k}" for p, k in enumerate(counts) if k)


def values(markers: Sequence[int]) -> str:
    return "+".join(str(v) for v in sorted(markers, reverse=True))


def ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def vote_when(view: View, area: int) -> tuple[str, str]:
    """When the area votes: the data value ("now", "3", "next year") and its words."""
    order = view["order"]
    if area in order:
        if view["phase"] == "elections" and view["election"] == area:
            return "now", "votes now"
        n = NUM_AREAS - len(order) + order.index(area) + 1
        return str(n), f"votes {ordinal(n)}"
    if view["phase"] == "over":
        return "over", ""
    return "next year", "next year"


def advisors_at(view: View, area: int) -> list[int]:
    """The controlled advisors standing in the area (each a vote for its owner there), by owner."""
    return sorted((a for a, (o, x) in enumerate(view["advisors"]) if o >= 0 and x == area),
                  key=lambda a: (view["advisors"][a][0], a))


def advisor_piece(svg: Svg, view: View, a: int, x: float, y: float, names: Sequence[str] | None = None,
                  small: bool = False) -> None:
    """Advisor A as a clickable thing: a disc with its home symbol, wearing its controller's control
    ring (neutral: a plain disc, drawn on its home symbol)."""
    lay = layout(LAYOUT)
    owner, area = view["advisors"][a]
    with svg.thing(f"advisor:{a}", owner=owner, area=area):
        home = AREA_NAMES[ADVISOR_HOME[a]]
        q = f" {QUARANTIA_ADVISORS.index(a) + 1}" if a in QUARANTIA_ADVISORS else ""
        whose = f"{names[owner]}'s " if names and owner >= 0 else ("neutral " if owner < 0 else "")
        svg.title(f"{whose}{home}{q} advisor")
        r = 9.5 if small else 12
        svg.circle(x, y, r + 4, cls="shape", fill="none", stroke="none")  # highlighted when it is a target
        # the advisor with its home symbol; a controlled one wears its owner's control ring, and the
        # owner's piece beside it (the shape, for those who do not tell the colours apart)
        ring = {"stroke": colour(owner), "stroke_width": 4} if owner >= 0 else {"stroke": "#555", "stroke_width": 1}
        svg.circle(x, y, r, cls="piece", fill="#e6e2d6", **ring)
        svg.text(x, y + 4.5, lay["symbols"][a], cls="piece-text", fill="#000", font_size=12, text_anchor="middle")
        if owner >= 0 and small:
            seat_piece(svg, x, y - r - 2, owner, "", r=4)
        elif owner >= 0:
            seat_piece(svg, x + 11, y - 11, owner, "", r=5)


def row_label(svg: Svg, x: float, y: float, text: str) -> None:
    svg.text(x, y + 4, text, cls="label muted", font_size=12)


# ----- the parts of the board ---------------------------------------------------------------------


def draw_heading(svg: Svg, view: View, names: Sequence[str]) -> None:
    h = layout(LAYOUT)["heading"]
    n = len(view["houses"])
    if view["phase"] == "ballots":
        what = f"placing ballot markers, round {view['round'] + 1} of {BALLOT_ROUNDS[n]}"
    elif view["phase"] == "elections":
        area = view["election"]
        what = f"elections, {NUM_AREAS - len(view['order']) + 1} of {NUM_AREAS}"
        if area >= 0:
            what += f": {AREA_NAMES[area]} votes"
            votes = view["votes"]
            if votes:
                firsts, seconds = standings(votes)
                if len(firsts) > 1:
                    what += " · tie for first: " + ", ".join(names[p] for p in firsts)
                elif firsts:
                    what += f" · {names[firsts[0]]} wins"
                    if len(seconds) == 1:
                        what += f", {names[seconds[0]]} runner-up"
                    elif seconds:
                        what += ", tie for second: " + ", ".join(names[p] for p in seconds)
                else:
                    what += " · nobody has a vote"
    else:
        doges = doge(view)
        what = "the game is over · " + (
            " and ".join(names[p] for p in doges) + (" is Doge" if len(doges) == 1 else " share the win")
            if doges else "nobody became Doge"
        )
    svg.text(h["x"], h["y"], f"Doge · year {view['year']} · {what}", font_size=16, font_weight="bold")


def doge(view: View) -> list[int]:
    """At the end, the players who became Doge: those meeting an end condition (6 in 6, 7 in 5, 8 in
    4) with the most palaces, then the most houses on the board."""
    n = len(view["houses"])
    met = []
    for p in range(n):
        total = sum(row.count(p) for row in view["palaces"])
        spread = sum(1 for row in view["palaces"] if p in row)
        if any(total >= need and spread >= districts for _, need, districts in END_CONDITIONS):
            met.append((total, sum(view["houses"][p]), p))
    best = max(met, default=None)
    return [p for total, houses, p in met if best and (total, houses) == best[:2]]


def draw_quarantia(svg: Svg, view: View, seat: int | None, names: Sequence[str]) -> None:
    q = layout(LAYOUT)["quarantia"]
    x, y, w, h = q["x"], q["y"], q["w"], q["h"]
    with area_thing(svg, view, seat, QUARANTIA):
        svg.rect(x, y, w, h, rx=4, cls="shape")
        for i in range(12):  # the arcades of the Doge's palace
            ax = x + w - 12 - i * 22
            svg.path(f"M {ax - 16} {y + h - 2} L {ax - 16} {y + h - 16} Q {ax - 8} {y + h - 28} {ax} {y + h - 16}"
                     f" L {ax} {y + h - 2}", fill="none", stroke="var(--boardline)", stroke_width=1,
                     stroke_opacity=0.5)
        svg.text(x + 14, y + 22, "Quarantia", font_size=17, font_weight="bold")
        when = vote_when(view, QUARANTIA)[1]
        svg.text(x + 112, y + 22, "the Doge's council" + (f" · {when}" if when else "")
                 + " · its winner takes 2 of its 3 advisors, the runner-up 1", cls="label muted", font_size=12)
        ballots_row(svg, view, seat, QUARANTIA, x + 14, y + 80, x + 14 + 76)
        row_label(svg, x + 14, y + 52, "advisors")
    advisors_row(svg, view, QUARANTIA, y + 52, x + 14 + 76, names)


def draw_lagoon(svg: Svg) -> None:
    lay = layout(LAYOUT)
    lg = lay["lagoon"]
    svg.rect(lg["x"], lg["y"], lg["w"], lg["h"], rx=10, fill=lg["fill"], fill_opacity=0.25)
    svg.path(lay["canal"], fill="none", stroke=lg["fill"], stroke_width=12, stroke_opacity=0.75,
             stroke_linejoin="round")
    svg.text(lg["x"] + lg["w"] - 8, lg["y"] + lg["h"] - 6, "the lagoon", cls="label muted", font_size=12,
             text_anchor="end", font_style="italic")


def area_thing(svg: Svg, view: View, seat: int | None, area: int) -> AbstractContextManager[None]:
    """The clickable area with its numbers as data-*."""
    district = area < NUM_DISTRICTS
    data: dict[str, Any] = {
        "name": AREA_NAMES[area],
        "vote": vote_when(view, area)[0],
        "advisors": pairs([sum(1 for a in advisors_at(view, area) if view["advisors"][a][0] == p)
                           for p in range(len(view["houses"]))]),
        "ballots": pairs([row[area] for row in view["ballot_counts"]]),
    }
    if district:
        data["houses"] = pairs([row[area] for row in view["houses"]])
        data["palaces"] = " ".join(str(o) for o in view["palaces"][area])
    if view["phase"] == "elections" and view["election"] == area and view["votes"]:
        data["votes"] = pairs(view["votes"])
    if seat is not None and view.get("my_ballots"):
        data["mine"] = values(view["my_ballots"][area])
    return svg.thing(f"area:{area}", **data)


def draw_district(svg: Svg, view: View, seat: int | None, d: int, names: Sequence[str]) -> None:
    lay = layout(LAYOUT)
    spec, blk = lay["districts"][d], lay["block"]
    bx, by = spec["block"]
    rows = blk["rows"]
    x0 = bx + blk["label_w"]
    with area_thing(svg, view, seat, d):
        svg.polygon(spec["outline"], cls="shape")
        svg.text(bx, by + rows[0], AREA_NAMES[d], font_size=17, font_weight="bold")
        when = vote_when(view, d)[1]
        svg.text(bx + 212, by + rows[0], when, cls="label" if when == "votes now" else "label muted",
                 font_size=13 if when == "votes now" else 12, font_weight="bold" if when == "votes now" else None,
                 text_anchor="end")
        row_label(svg, bx, by + rows[2], "houses")
        step = blk["step"]
        k = 0
        for p, row in enumerate(view["houses"]):
            if row[d]:
                seat_piece(svg, x0 + 11 + k * step, by + rows[2], p, str(row[d]))
                k += 1
        if not k:
            svg.text(x0, by + rows[2] + 4, "none", cls="label muted", font_size=12)
        ballots_row(svg, view, seat, d, bx, by + rows[4], x0)
        row_label(svg, bx, by + rows[3], "advisors")
    draw_palaces(svg, view, d, bx, by + rows[1] - 14, x0)
    advisors_row(svg, view, d, by + rows[3], x0, names)


def draw_palaces(svg: Svg, view: View, d: int, bx: float, top: float, x0: float) -> None:
    """The five palace spaces, numbered with the houses the k-th palace costs; the built ones carry
    their builder's piece."""
    step = layout(LAYOUT)["block"]["step"]
    svg.text(bx, top + 18, "palaces", cls="label muted", font_size=12)
    built = view["palaces"][d]
    for i, cost in enumerate(SPACE_COSTS):
        owner = built[i] if i < len(built) else -1
        x = x0 + i * step
        with svg.thing(f"palace:{d}:{i}", owner=owner, cost=cost):
            svg.rect(x, top, 26, 26, rx=3, cls="shape", fill="var(--card)")
            if owner >= 0:
                seat_piece(svg, x + 13, top + 13, owner, str(cost))
            else:
                svg.text(x + 13, top + 18, str(cost), cls="label muted", font_size=13, text_anchor="middle")


def advisors_row(svg: Svg, view: View, area: int, y: float, x0: float, names: Sequence[str]) -> None:
    """The controlled advisors standing in the area (things of their own, drawn over the area)."""
    here = advisors_at(view, area)
    if not here:
        svg.text(x0, y + 4, "none", cls="label muted", font_size=12)
    crowded = len(here) > 6 and area != QUARANTIA  # up to 8 fit a district, smaller
    for i, a in enumerate(here):
        advisor_piece(svg, view, a, x0 + 12 + i * (20 if crowded else 25), y, names, small=crowded)


def ballots_row(svg: Svg, view: View, seat: int | None, area: int, bx: float, y: float, x0: float) -> None:
    """The face-down ballot stacks (one piece per player with its count; the seat's own values beside
    it), or the votes of the election being held there."""
    step = layout(LAYOUT)["block"]["step"]
    if view["phase"] == "elections" and view["election"] == area and view["votes"]:
        row_label(svg, bx, y, "votes")
        x = x0 + 11
        for p, v in enumerate(view["votes"]):
            if v:
                seat_piece(svg, x, y, p, str(v))
                x += step
        if x == x0 + 11:
            svg.text(x0, y + 4, "nobody", cls="label muted", font_size=12)
        return
    row_label(svg, bx, y, "ballots")
    mine = view.get("my_ballots")
    x = x0 + 11
    for p, counts in enumerate(view["ballot_counts"]):
        if counts[area]:
            seat_piece(svg, x, y, p, str(counts[area]), r=10)
            x += step - 6
    if x == x0 + 11:
        svg.text(x0, y + 4, "none face down", cls="label muted", font_size=12)
    elif seat is not None and mine and mine[area]:  # the seat's own values, after the stacks
        svg.text(x - 9, y + 4, f"(yours {values(mine[area])})" if x < x0 + 40 else f"({values(mine[area])})",
                 cls="label", font_size=12)


def draw_homes(svg: Svg, view: View, names: Sequence[str]) -> None:
    """The advisors' home symbols down the right edge: a neutral advisor stands on its symbol; the
    others say who controls them and where they stand."""
    hm = layout(LAYOUT)["homes"]
    for a, home in enumerate(ADVISOR_HOME):
        x, y = hm["x"], hm["y"] + a * hm["step"]
        owner, area = view["advisors"][a]
        with svg.thing(f"home:{a}"):
            svg.rect(x, y, hm["w"], hm["h"], rx=6, cls="shape")
            svg.circle(x + 26, y + hm["h"] / 2, 17, fill="none", stroke="var(--boardline)",
                       stroke_dasharray="3 3")
            if owner >= 0:
                svg.text(x + 26, y + hm["h"] / 2 + 4.5, layout(LAYOUT)["symbols"][a], cls="label muted",
                         font_size=12, text_anchor="middle")
            q = f" {QUARANTIA_ADVISORS.index(a) + 1}" if home == QUARANTIA else ""
            svg.text(x + 52, y + 21, f"{AREA_NAMES[home]}{q} advisor", font_size=14)
            status = "neutral, on its symbol" if owner < 0 else f"{names[owner]}'s, in {AREA_NAMES[area]}"
            svg.text(x + 52, y + 40, status, cls="label muted", font_size=12)
        if owner < 0:
            advisor_piece(svg, view, a, x + 26, y + hm["h"] / 2, names)


def draw_voting_order(svg: Svg, view: View) -> None:
    """This year's row (brown, face up; the areas that voted are set aside) and next year's (grey, turned
    up one card per election)."""
    od = layout(LAYOUT)["order"]
    short = layout(LAYOUT)["short_names"]
    x0, y = od["x"] + od["label_w"], od["y"]
    svg.text(od["x"], y + 23, "Voting order this year", font_size=13, font_weight="bold")
    svg.text(od["x"], y + od["row"] + 23, "Next year's order", font_size=13, font_weight="bold")
    order = view["order"]
    done = NUM_AREAS - len(order)
    with svg.thing("order", remaining=" ".join(map(str, order))):
        for i in range(NUM_AREAS):
            x = x0 + i * od["step"]
            if i < done:
                svg.rect(x, y, od["w"], od["h"], rx=5, fill="none", stroke="var(--boardline)",
                         stroke_dasharray="4 3")
                svg.text(x + od["w"] / 2, y + 23, "voted", cls="label muted", font_size=12, text_anchor="middle")
                continue
            area = order[i - done]
            now = view["phase"] == "elections" and view["election"] == area
            svg.rect(x, y, od["w"], od["h"], rx=5, fill=od["this_fill"], stroke="#f0e442" if now else "#222",
                     stroke_width=4 if now else 1)
            svg.text(x + od["w"] / 2, y + 23, short[area], fill=od["ink"], font_size=13, text_anchor="middle",
                     cls="card-text", font_weight="bold" if now else None)
    shown = view["next_order_shown"]
    y += od["row"]
    with svg.thing("next-order", shown=" ".join(map(str, shown)), hidden=view["next_order_hidden"]):
        for i in range(NUM_AREAS):
            x = x0 + i * od["step"]
            face_up = i < len(shown)
            svg.rect(x, y, od["w"], od["h"], rx=5, fill=od["next_fill"], stroke="#222",
                     fill_opacity=1 if face_up else 0.55)
            svg.text(x + od["w"] / 2, y + 23, short[shown[i]] if face_up else "?", fill=od["ink"],
                     font_size=13, text_anchor="middle", cls="card-text")


def draw_players(svg: Svg, view: View, seat: int | None, names: Sequence[str]) -> None:
    pl = layout(LAYOUT)["players"]
    symbols = layout(LAYOUT)["area_symbols"]
    for p in range(len(view["houses"])):
        x, y = pl["x"] + p * pl["step"], pl["y"]
        supply, left, rings = view["house_supply"][p], view["palace_supply"][p], view["rings_free"][p]
        revealed = values(view["revealed"][p])
        used = view["used"][p]
        built = sum(row.count(p) for row in view["palaces"])
        spread = sum(1 for row in view["palaces"] if p in row)
        with svg.thing(f"player:{p}", houses=supply, palaces=left, rings=rings, hand=view["hand_counts"][p],
                       revealed=revealed, used=" ".join(map(str, used)), built=built):
            svg.rect(x, y, pl["w"], pl["h"], rx=6, cls="shape", fill="var(--card)")
            seat_piece(svg, x + 18, y + 19, p, initial(names[p]), r=11)
            svg.text(x + 36, y + 24, names[p] + (" (you)" if p == seat else ""), font_size=15, font_weight="bold")
            state = ""
            if view["phase"] == "ballots":
                state = "has chosen" if view["ready"][p] else "choosing" if view["hand_counts"][p] else "sits out"
            elif view["phase"] == "over" and p in doge(view):
                state = "Doge"
            if state:
                svg.text(x + pl["w"] - 10, y + 24, state, cls="label" if state == "Doge" else "label muted",
                         font_size=14 if state == "Doge" else 12, font_weight="bold" if state == "Doge" else None,
                         text_anchor="end")
            lines = [
                f"palaces {built} in {spread} district{'s' * (spread != 1)} · advisors {RINGS - rings}",
                f"supply: {supply} houses, {left} palaces, {rings} rings",
                f"markers in hand: {view['hand_counts'][p]}",
                f"turned up: {revealed or 'none'}",
                "cards played: " + (" ".join(symbols[a] for a in used) if used else "none"),
            ]
            for i, line in enumerate(lines):
                svg.text(x + 10, y + 44 + i * 17, line, font_size=12, cls="label" if i < 2 else "label muted")


def draw_hand(svg: Svg, view: View, seat: int) -> None:
    """The seat's own seven area cards (those played this year turned, with the markers put on them) and
    its ballot markers in hand, each clickable when a choice names it."""
    hd = layout(LAYOUT)["hand"]
    used = set(view["used"][seat])
    pending = view.get("my_pending") or {}
    mine = view.get("my_ballots") or [[] for _ in range(NUM_AREAS)]
    svg.text(hd["x"], hd["y"] - 6, "Your area cards", font_size=13, font_weight="bold")
    for a in range(NUM_AREAS):
        x, y = hd["x"] + a * hd["step"], hd["y"]
        chosen = pending.get("card") == a
        with svg.thing(f"card:{a}", used=int(a in used), mine=values(mine[a]), chosen=int(chosen)):
            svg.rect(x, y, hd["w"], hd["h"], rx=6, cls="shape chosen" if chosen else "shape",
                     fill=colour(seat), fill_opacity=0.18 if a in used and not chosen else 0.45)
            svg.text(x + hd["w"] / 2, y + 20, AREA_NAMES[a], font_size=14, font_weight="bold",
                     text_anchor="middle")
            if chosen:
                note = "chosen: " + (values(pending["markers"]) if pending.get("markers") else "markers?")
            elif mine[a]:
                note = f"markers {values(mine[a])}"
            elif a in used:
                note = "played"
            else:
                note = "to play"
            svg.text(x + hd["w"] / 2, y + 40, note, cls="label muted" if a in used or not mine[a] else "label",
                     font_size=12, text_anchor="middle")
    my_hand = sorted(view.get("my_hand") or [], reverse=True)
    mx, my_y = hd["markers_x"], hd["markers_y"]
    svg.text(mx, my_y - 24, "Your markers in hand", font_size=13, font_weight="bold")
    seen: dict[int, int] = {}
    r = hd["marker_r"]
    for i, v in enumerate(my_hand):
        k = seen.get(v, 0)
        seen[v] = k + 1
        x = mx + r + 4 + i * hd["marker_step"]
        with svg.thing(f"marker:{v}:{k}", value=v):
            svg.circle(x, my_y, r + 3, cls="shape", fill="none")
            seat_piece(svg, x, my_y, seat, str(v), r=r)
    if not my_hand:
        svg.text(mx, my_y + 5, "none", cls="label muted", font_size=12)


def marker_path(counts: Sequence[int]) -> tuple[str, ...]:
    """The markers of a `markers` action as picked on the board: the highest values first, the copies
    of a value in order ("marker:3:0", "marker:3:1", "marker:1:0")."""
    return tuple(f"marker:{v}:{k}" for v in range(len(counts) - 1, -1, -1) for k in range(counts[v]))
