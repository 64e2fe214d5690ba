"""Genesia drawn, from a seat's view alone: the Continents around the Genesia board (your own at the
bottom, as you sit at the table), each Region with its name, value, Clans and Cities; beside the map the
Age and phase, the turn-order board, the peoples (Coins, Progress Points, cards, Clans, Cities) and your
own objective and hand as cards (name, cost, icons, Progress Points, text).

Board things (`data-thing`), for clicks and marks:

- `region:<slug>` (`region:red-2a`, `region:red-homeland`, `region:coast-1`, `region:centre`): data-name,
  data-value, data-clans ("people:count" pairs, space separated, only peoples with Clans there, e.g.
  "0:3 2:1"), data-cities (the owners of its Cities, space separated: one at most but in a Homeland).
- `card:<no>`: a card you see (your hand, your draft pack, the cards you drafted): data-no, data-cost,
  data-pp, data-icons (the phase letters G, E, A, F), data-invention (0/1).
- `objective:<id>`: your objective, or one of the two you choose from: data-id, data-points.
- `people:<p>`: a people's row: data-coins, data-pp (banked), data-cards (in hand), data-clans (on the
  board), data-reserve (Clans left), data-cities (built).
- `order:<k>`: slot k of the turn-order board: data-people (-1 while empty).

The layout (radii, angles, colours) is data: `data/board.json`, key "drawing".
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from meeple.table.drawing import PLAYER_SHAPES, Svg, layout, piece, wrap

from .data import CARDS_BY_NO, CITIES, CLANS, OBJECTIVES, REGIONS_PER_CONTINENT, SEATS, board_for

View = Mapping[str, Any]
ROMAN = {1: "I", 2: "II", 3: "III"}
ICON_WORDS = {"G": "Growth", "E": "Expansion", "A": "Attack", "F": "End"}
PHASES = {  # short: the heading has one line
    "objective": "objectives",
    "draft": "draft",
    "growth": "Growth",
    "expansion": "Expansion",
    "war_peace": "War or Peace tiles",  # not "War or Peace", a card's name
    "assault": "Attack",
    "end_cards": "End of Age",
    "turn_order": "new turn order",
    "over": "game over",
}
ABBREVIATION = {"Red": "Re", "Green": "Gn", "Gray": "Gy", "Black": "Bk", "White": "Wh"}  # on the tokens
CHAR = 0.56  # a character's mean width, in font sizes (to wrap and fit text)
BOLD = 0.64  # the same in bold


def slug(name: str) -> str:
    return name.lower().replace(" ", "-")


def region_thing(view: View, r: int) -> str:
    return "region:" + slug(view["board"]["names"][r])


def lay() -> dict[str, Any]:
    return layout("meeple.games.genesia")["drawing"]


def colour(p: int) -> dict[str, str]:
    return lay()["colours"][SEATS[p]]


def token(svg: Svg, x: float, y: float, p: int, text: str = "", r: float = 10, **attrs: Any) -> None:
    """A people's piece (a Clan stack with its count): its colour in its seat's shape, the count on it."""
    c = colour(p)
    piece(svg, x, y, p, "", r, fill=c["fill"], stroke=c["stroke"], **attrs)
    if text:
        low = r * 0.25 if PLAYER_SHAPES[p % len(PLAYER_SHAPES)] == "triangle" else 0  # room at its base
        svg.text(x, y + r * 0.4 + low, text, cls="piece-text", fill=c["ink"], font_size=f"{r * 1.1:.1f}",
                 text_anchor="middle")


def city(svg: Svg, x: float, y: float, p: int) -> None:
    """A City: a house in the people's colour, the people's shape in white on it."""
    c = colour(p)
    s = 10
    svg.polygon([(x - s, y + s), (x - s, y - s * 0.2), (x, y - s * 1.1), (x + s, y - s * 0.2), (x + s, y + s)],
                cls=f"city p{p}", fill=c["fill"], stroke=c["stroke"], stroke_width=1.2)
    piece(svg, x, y + s * 0.3, p, "", 4.2, fill=c["ink"], stroke="none")


def is_solo(view: View) -> bool:
    """The solo game: one player directs two peoples (no draft piles or objectives per people)."""
    return len(view["packs"]) < view["peoples"]


def people_names(view: View) -> list[str]:
    """The peoples' names: the seats' colours (the solo player's two peoples are People Red and Green)."""
    return [("People " if is_solo(view) else "") + SEATS[p] for p in range(view["peoples"])]


def own_peoples(view: View) -> list[int]:
    """The peoples whose hands the view shows (the seat's own; both in the solo game)."""
    if view.get("you") is None:
        return []
    return [p for p, h in enumerate(view["hands"]) if isinstance(h, list)]


def own_passed(view: View, p: int) -> list[list[int]]:
    """The packs people p passed in this draft, as the view shows them to p's player (to others only
    their sizes: nothing to show)."""
    packs = view.get("passed", [])
    packs = packs[p] if p < len(packs) else []
    return [x for x in packs if isinstance(x, list)]


# ----- the map -----------------------------------------------------------------------------------


def polar(r: float, a: float) -> tuple[float, float]:
    m = lay()["map"]
    t = math.radians(a)
    return m["x"] + r * math.cos(t), m["y"] + r * math.sin(t)


def sector(r0: float, r1: float, a0: float, a1: float) -> str:
    """The path of a ring's sector between radii r0 < r1 and angles a0 < a1 (degrees, clockwise)."""
    big = 1 if a1 - a0 > 180 else 0
    x0, y0 = polar(r1, a0)
    x1, y1 = polar(r1, a1)
    x2, y2 = polar(r0, a1)
    x3, y3 = polar(r0, a0)
    return (f"M{x0:.1f},{y0:.1f} A{r1},{r1} 0 {big} 1 {x1:.1f},{y1:.1f} L{x2:.1f},{y2:.1f} "
            f"A{r0},{r0} 0 {big} 0 {x3:.1f},{y3:.1f} Z")


class Geometry:
    """Where each Region of the board lies: its sector (r0, r1, a0, a1) or the Centre's disc."""

    def __init__(self, view: View) -> None:
        d = lay()
        b = board_for(view["peoples"])
        self.board = b
        n = b.sides
        you = view.get("you")
        bottom = you if isinstance(you, int) and 0 <= you < n else 0
        self.step = 360 / n
        self.angle = [90 + self.step * ((s - bottom) % n) for s in range(n)]
        self.sectors: dict[int, tuple[float, float, float, float]] = {}
        names = b.names
        row_of = {name: row for row in d["rows"] for name in row["names"]}
        for s in range(n):
            lo = self.angle[s] - self.step / 2
            for k in range(REGIONS_PER_CONTINENT):
                r = s * REGIONS_PER_CONTINENT + k
                short = names[k].split(" ", 1)[1]
                row = row_of[short]
                a0, a1 = lo + row["gap"], lo + self.step - row["gap"]
                part = (a1 - a0) / len(row["names"])
                i = row["names"].index(short)
                self.sectors[r] = (row["inner"], row["outer"], a0 + i * part, a0 + (i + 1) * part)
        g = d["genesia"]
        first = n * REGIONS_PER_CONTINENT
        for r in range(first, b.size):
            name = names[r]
            if name == "Centre":
                self.sectors[r] = (0, g["centre"], 0, 360)
                continue
            kind, num = name.split()
            s = int(num) - 1
            if kind == "Coast":
                a = self.angle[s]
                self.sectors[r] = (g["coast_inner"], g["outer"], a - self.step / 4, a + self.step / 4)
            else:  # Strait s lies between Continents s and s + 1
                a = self.angle[s] + self.step / 2
                self.sectors[r] = (g["centre"], g["outer"], a - self.step / 4, a + self.step / 4)

    def path(self, r: int) -> str:
        r0, r1, a0, a1 = self.sectors[r]
        if r0 == 0:
            m = lay()["map"]
            return (f"M{m['x'] - r1},{m['y']} a{r1},{r1} 0 1 0 {2 * r1},0 a{r1},{r1} 0 1 0 {-2 * r1},0 Z")
        return sector(r0, r1, a0, a1)

    def middle(self, r: int) -> tuple[float, float, float]:
        """The point in the middle of a Region, and the angle of its middle."""
        r0, r1, a0, a1 = self.sectors[r]
        if r0 == 0:
            m = lay()["map"]
            return m["x"], m["y"], 90
        return (*polar((r0 + r1) / 2, (a0 + a1) / 2), (a0 + a1) / 2)


def occupants(view: View, r: int) -> tuple[list[tuple[int, int]], list[int]]:
    """The Clans in Region r (people, count) and the owners of its Cities."""
    clans = [(p, view["clans"][p][r]) for p in range(view["peoples"]) if view["clans"][p][r]]
    cities = [p for p in range(view["peoples"]) if view["cities"][r] == p or r in view["home_cities"][p]]
    return clans, cities


def draw_map(svg: Svg, view: View, geo: Geometry) -> None:
    d = lay()
    m = d["map"]
    outer = d["rows"][-1]["outer"]
    svg.circle(m["x"], m["y"], outer + m["margin"], fill=d["sea"], fill_opacity=0.22, stroke="none")
    draw_continents(svg, view, geo)
    draw_genesia(svg, view, geo)
    draw_transit(svg, view, geo)
    draw_assault(svg, view, geo)


def draw_continents(svg: Svg, view: View, geo: Geometry) -> None:
    b = geo.board
    for s in range(b.sides):
        fill = colour(s)["fill"]
        for k in range(REGIONS_PER_CONTINENT):
            draw_region(svg, view, geo, s * REGIONS_PER_CONTINENT + k, fill)


def draw_genesia(svg: Svg, view: View, geo: Geometry) -> None:
    b = geo.board
    for r in range(b.sides * REGIONS_PER_CONTINENT, b.size):
        draw_region(svg, view, geo, r, lay()["genesia_fill"])


def draw_region(svg: Svg, view: View, geo: Geometry, r: int, fill: str) -> None:
    names, values = view["board"]["names"], view["board"]["values"]
    clans, cities = occupants(view, r)
    people = people_names(view)
    near = ", ".join(names[n] for n in geo.board.adj[r])
    here = "; ".join(f"{people[p]} {n} Clan{'s' * (n != 1)}" for p, n in clans)
    here += "".join(f"; {people[p]} City" for p in cities)
    with svg.thing(region_thing(view, r), name=names[r], value=values[r],
                   clans=" ".join(f"{p}:{n}" for p, n in clans), cities=" ".join(map(str, cities))):
        svg.title(f"{names[r]}, value {values[r]}{'; ' + here.lstrip('; ') if here else ''}. Next to: {near}")
        path = geo.path(r)
        svg.path(path, fill="var(--board)", stroke="none")
        tint = lay()["tint"] * (1.5 if names[r] == "Centre" else 1)
        svg.path(path, cls="shape", fill=fill, fill_opacity=f"{tint:.2f}")
        x, y, a = geo.middle(r)
        if geo.board.homeland[r]:
            draw_homeland_content(svg, view, r, x, y, a, clans, cities)
        else:
            draw_region_content(svg, view, r, x, y, clans, cities)


def short_name(view: View, r: int) -> str:
    """A Region's name within its Continent ("2a"); Genesia's in full ("Coast 1")."""
    name = view["board"]["names"][r]
    head, _, rest = name.partition(" ")
    return rest if head in SEATS else name


def draw_region_content(svg: Svg, view: View, r: int, x: float, y: float, clans: Sequence[tuple[int, int]],
                        cities: Sequence[int]) -> None:
    """A Region's name above, its value then its Clans and City below."""
    svg.text(x, y - 6, short_name(view, r), cls="label muted", font_size=13, text_anchor="middle")
    items = len(clans) + len(cities)
    value = str(view["board"]["values"][r])
    w = len(value) * 9 + 6
    total = w + items * 25
    cx = x - total / 2
    svg.text(cx + w / 2, y + 16, value, cls="label", font_size=16, font_weight=700, text_anchor="middle")
    cx += w + 12.5
    for p, n in clans:
        token(svg, cx, y + 10, p, str(n), r=11)
        cx += 25
    for p in cities:
        city(svg, cx, y + 10, p)
        cx += 25


def draw_homeland_content(svg: Svg, view: View, r: int, x: float, y: float, a: float,
                          clans: Sequence[tuple[int, int]], cities: Sequence[int]) -> None:
    """A Homeland: its name in the middle, the peoples' Clans and Cities along the ring, both sides."""
    name = view["board"]["names"][r]
    tx, ty = -math.sin(math.radians(a)), math.cos(math.radians(a))
    half = len(name) * 14 * BOLD / 2 + 16
    turn = (a + 180) % 180 - 90  # along the ring, never upside down
    svg.text(x, y + 5, name, cls="label", font_size=14, font_weight=700, text_anchor="middle",
             transform=f"rotate({turn:.1f} {x:.1f} {y:.1f})")
    items: list[tuple[str, int, int]] = [("clan", p, n) for p, n in clans] + [("city", p, 0) for p in cities]
    for i, (kind, p, n) in enumerate(items):
        side = -1 if i % 2 == 0 else 1
        dist = half + (i // 2) * 26
        px, py = x + side * tx * dist, y + side * ty * dist
        if kind == "clan":
            token(svg, px, py, p, str(n), r=11)
        else:
            city(svg, px, py, p)


def draw_transit(svg: Svg, view: View, geo: Geometry) -> None:
    """Clans on the move, crossing a Region: a dashed piece beside it."""
    for kind, p, r, n in (x[:4] for x in view["pending"]):
        if kind == "transit":
            x, y, _ = geo.middle(int(r))
            with svg.group(pointer_events="none"):
                token(svg, x + 18, y - 22, int(p), str(n), stroke_dasharray="3 2", opacity=0.85)


def draw_assault(svg: Svg, view: View, geo: Geometry) -> None:
    """The Assault in progress, or the move whose count of Clans is being chosen: an arrow from the
    Region of origin to the destination."""
    asl = view["assault"]
    counting = [x for x in view["pending"] if x[0] == "count"]
    if asl:
        src, dst = int(asl[1]), int(asl[2])
    elif counting:
        src, dst = int(counting[-1][2]), int(counting[-1][3])
    else:
        return
    x0, y0, _ = geo.middle(src)
    x1, y1, _ = geo.middle(dst)
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1
    ux, uy = dx / length, dy / length
    ex, ey = x1 - ux * 14, y1 - uy * 14
    with svg.group(pointer_events="none", cls="assault" if asl else "moving"):
        svg.line(x0 + ux * 14, y0 + uy * 14, ex, ey, stroke="var(--fg)", stroke_width=4, stroke_linecap="round",
                 stroke_dasharray=None if asl else "8 5")
        svg.polygon([(ex + ux * 4, ey + uy * 4), (ex - ux * 12 - uy * 8, ey - uy * 12 + ux * 8),
                     (ex - ux * 12 + uy * 8, ey - uy * 12 - ux * 8)], fill="var(--fg)")


# ----- beside the map ----------------------------------------------------------------------------


def to_play(view: View) -> str:
    """Who the phase waits for, in words."""
    names = people_names(view)
    phase = view["phase"]
    if view["pending"]:
        kind, p, a = view["pending"][-1][:3]
        what = {
            "place": f"places {a} Clans gained: where?",
            "city": "builds a City: where?",
            "invade": "invades a Homeland: which?",
            "count": "moves Clans: how many?",
            "copy": "may copy the card just played",
        }.get(str(kind), "decides")
        if kind == "transit":
            what = f"moves Clans across {view['board']['names'][int(a)]}: where next?"
        return f"{names[int(p)]} {what}"
    turns = phase in ("growth", "expansion") or (phase == "end_cards" and is_solo(view))
    if turns and view["turn"] < len(view["order"]):
        return f"to play: {names[view['order'][view['turn']]]}"
    if phase == "assault":
        asl = view["assault"]
        bn = view["board"]["names"]
        if asl:
            return f"{names[asl[0]]} attacks {bn[asl[2]]} ({names[asl[3]]}) from {bn[asl[1]]}"
        i = view["attacker_index"]
        if i < len(view["attackers"]):
            return f"to attack: {names[view['attackers'][i]]}"
    if phase == "turn_order" and view["choosers"]:
        return f"choosing a position: {names[view['choosers'][0]]}"
    return ""


def draw_heading(svg: Svg, view: View, x: float, y: float) -> float:
    svg.text(x, y, f"Age {ROMAN.get(view['age'], view['age'])} · {PHASES.get(view['phase'], view['phase'])}",
             font_size=18, font_weight=700)
    y += 20
    for line in wrap(to_play(view), lay()["panel"]["width"], 13, CHAR)[:3]:
        svg.text(x, y, line, cls="label muted", font_size=13)
        y += 16
    return y + 4


def draw_turn_order(svg: Svg, view: View, x: float, y: float) -> float:
    """The turn-order board: one slot per position, the people's token in it. While the order of the
    next Age is chosen, the slots show the positions taken so far."""
    choosing = view["phase"] == "turn_order" and bool(view["new_order"])
    order = view["new_order"] if choosing else view["order"]
    names = people_names(view)
    title = f"Turn order of Age {ROMAN.get(view['age'] + 1, '')}" if choosing else "Turn order"
    svg.text(x, y + 12, title, cls="label muted", font_size=12)
    y += 18
    n = len(order)
    w = min(62, (lay()["panel"]["width"] - 4 * (n - 1)) / max(n, 1))
    playing = view["turn"] if view["phase"] in ("growth", "expansion") and not choosing else -1
    for k, p in enumerate(order):
        sx = x + k * (w + 4)
        with svg.thing(f"order:{k}", people=p):
            svg.title(f"position {k + 1}: {names[p] if p >= 0 else 'free'}")
            svg.rect(sx, y, w, 30, rx=5, cls="shape chosen" if k == playing else "shape")
            svg.text(sx + 9, y + 20, str(k + 1), cls="label muted", font_size=13, text_anchor="middle")
            if p >= 0:
                token(svg, sx + 27, y + 15, p, r=9)
                svg.text(sx + 39, y + 20, ABBREVIATION[SEATS[p]], font_size=12)
    return y + 40


def draw_peoples(svg: Svg, view: View, x: float, y: float) -> float:
    """One row per people: Coins, Progress Points banked, cards in hand, Clans (on the board / left),
    Cities (built / left); below, this Age's effects and tiles."""
    width = lay()["panel"]["width"]
    cols = (("Coins", 150), ("PP", 180), ("hand", 216), ("Clans", 270), ("Cities", 320))
    for head, cx in cols:
        svg.text(x + cx, y + 12, head, cls="label muted", font_size=12, text_anchor="end")
    y += 18
    names = people_names(view)
    you = view.get("you")
    for p in range(view["peoples"]):
        on_board = sum(view["clans"][p])
        copies = len(view["copies"][p])
        moving = sum(int(t[3]) for t in view["pending"] if t[0] == "transit" and t[1] == p)
        reserve = CLANS - on_board - copies - moving
        built = view["cities"].count(p) + len(view["home_cities"][p])
        hand = view["hands"][p]
        cards = len(hand) if isinstance(hand, list) else int(hand)
        pp = sum(view["pp"][p])
        with svg.thing(f"people:{p}", coins=view["coins"][p], pp=pp, cards=cards, clans=on_board, reserve=reserve,
                       cities=built):
            svg.title(f"{names[p]}: {view['coins'][p]} Coins, {pp} Progress Points, {cards} cards in hand, "
                      f"{on_board} Clans on the board and {reserve} left, {built} Cities and {CITIES - built} left")
            svg.rect(x - 4, y, width + 4, 38, rx=5, cls="shape", fill="var(--card)")
            token(svg, x + 10, y + 14, p, r=9)
            me = " (you)" if p == you or (you is not None and p in own_peoples(view)) else ""
            svg.text(x + 25, y + 19, names[p].replace("People ", "") + me, font_size=14, font_weight=700)
            values = (view["coins"][p], pp, cards, f"{on_board}/{reserve}", f"{built}/{CITIES - built}")
            for (_, cx), v in zip(cols, values, strict=True):
                svg.text(x + cx, y + 19, str(v), font_size=15, text_anchor="end")
            note = effects(view, p)
            if note:
                svg.text(x + 25, y + 33, fit(note, width - 30, 11), cls="label muted", font_size=11)
        y += 42
    svg.text(x, y + 8, "Clans and Cities: on the board / left", cls="label muted", font_size=11)
    return y + 18


def fit(text: str, width: float, size: float) -> str:
    most = int(width / (size * CHAR))
    return text if len(text) <= most else text[: most - 1] + "…"


def effects(view: View, p: int) -> str:
    """This Age's card effects, the War/Peace tile once revealed, the objective once revealed."""
    out = []
    if view["free_moves"][p]:
        out.append(f"{view['free_moves'][p]} free Moves")
    if view["recruit_cost"][p] != 2:
        out.append(f"recruits for {view['recruit_cost'][p]}")
    if view["row_free"][p]:
        out.append("no Right of Way")
    if view["war_bonus"][p]:
        out.append(f"attack +{view['war_bonus'][p]}")
    if view["war_guard"][p]:
        out.append(f"defence +{view['war_guard'][p]}")
    if view["equal_attack"][p]:
        out.append("attacks equal Clans")
    if view["nobel"][p]:
        out.append("Nobel Peace Prize")
    inventions = sum(1 for c in view["played"][p] if CARDS_BY_NO[c].invention) + len(view["copies"][p])
    if inventions:
        out.append(f"{inventions} Invention{'s' * (inventions != 1)}")
    if view["phase"] == "war_peace" and p < len(view["war_peace"]):
        tile = view["war_peace"][p]
        out.append("tile placed" if tile is True or (not isinstance(tile, bool) and tile >= 0) else "placing tile")
    elif view["phase"] == "assault" and p < len(view["revealed"]):
        out.append("War" if view["revealed"][p] else "Peace")
    if view["phase"] == "end_cards" and view["ready"][p]:
        out.append("End cards chosen")
    if p < len(view["objective"]):
        o = view["objective"][p]
        if isinstance(o, int) and not isinstance(o, bool) and o and p != view.get("you"):
            out.append(f"objective {OBJECTIVES[o].en}")
    return ", ".join(out)


def draw_objectives(svg: Svg, view: View, x: float, y: float) -> float:
    """Your objective, or the two you choose between (the other seats' stay hidden)."""
    you = view.get("you")
    if you is None or you >= len(view["objective"]):
        return y
    o = view["objective"][you]
    shown = [o] if isinstance(o, int) and not isinstance(o, bool) and o else []
    if not shown and isinstance(view["objective_options"][you], list):
        shown = list(view["objective_options"][you])
    if not shown:
        return y
    svg.text(x, y + 12, "Your objective" if len(shown) == 1 else "Keep one objective", cls="label muted",
             font_size=12)
    y += 18
    width = lay()["panel"]["width"]
    for i in shown:
        obj = OBJECTIVES[i]
        lines = wrap(obj.text, width - 16, 12, CHAR)
        h = 24 + 15 * len(lines)
        with svg.thing(f"objective:{i}", id=i, points=obj.points):
            svg.rect(x - 4, y, width + 4, h, rx=6, cls="shape", fill="var(--card)")
            svg.text(x + 4, y + 17, f"{obj.en} ({obj.fr})", font_size=13, font_weight=700)
            for j, line in enumerate(lines):
                svg.text(x + 4, y + 33 + 15 * j, line, font_size=12)
        y += h + 6
    return y


def draw_tile(svg: Svg, view: View, x: float, y: float) -> float:
    """Your War or Peace tile in the Attack phase: its two sides to choose from, the side you placed."""
    you = view.get("you")
    if you is None or view["phase"] not in ("war_peace", "assault") or you >= len(view["war_peace"]):
        return y
    mine = view["war_peace"][you]
    svg.text(x, y + 12, "Your tile", cls="label muted", font_size=12)
    y += 18
    for i, side in enumerate(("peace", "war")):
        tx = x - 4 + i * 90
        with svg.thing(f"tile:{side}", side=side):
            chosen = not isinstance(mine, bool) and mine == i
            svg.rect(tx, y, 82, 30, rx=6, cls="shape chosen" if chosen else "shape", fill="var(--card)")
            svg.text(tx + 41, y + 20, side.capitalize(), font_size=14, font_weight=700, text_anchor="middle")
    return y + 38


def draw_hands(svg: Svg, view: View, x: float, y: float) -> float:
    """Your cards: your hand (both peoples' in the solo game), or in the draft the cards to pick from
    and those drafted so far."""
    names = people_names(view)
    own = own_peoples(view)
    for p in own:
        if view["phase"] == "draft" and p < len(view["packs"]) and isinstance(view["packs"][p], list):
            picked = view["picked"][p]
            y = draw_cards(svg, view, x, y, "Pick a card" if not picked else "Picked; waiting for the others",
                           view["packs"][p], chosen={picked} if picked else set())
            kept = view["kept"][p]
            if kept:
                y = draw_cards(svg, view, x, y, "Drafted so far", kept)
            y = draw_passed(svg, x, y, own_passed(view, p))
            continue
        title = f"{names[p]}'s hand" if len(own) > 1 else "Your hand"
        chosen = {abs(c): ("play" if c > 0 else "discard") for c in view["chosen"][p]} \
            if p < len(view["chosen"]) and isinstance(view["chosen"][p], list) else {}
        y = draw_cards(svg, view, x, y, title, view["hands"][p], tags=chosen)
    return y


def draw_passed(svg: Svg, x: float, y: float, packs: list[list[int]]) -> float:
    """The packs you passed in this draft, round by round: a player remembers them (the others take
    their picks from them)."""
    c = lay()["card"]
    for t, pack in enumerate(packs):
        said = f"Passed in round {t + 1}: " + ", ".join(CARDS_BY_NO[no].en for no in pack)
        for line in wrap(said, 2 * c["w"] + c["gap"], 12):
            svg.text(x, y + 12, line, cls="label muted", font_size=12)
            y += 15
    return y + (4 if packs else 0)


def draw_cards(svg: Svg, view: View, x: float, y: float, title: str, cards: Sequence[int],
               chosen: set[int] | None = None, tags: Mapping[int, str] | None = None) -> float:
    c = lay()["card"]
    svg.text(x, y + 12, f"{title} ({len(cards)})" if cards else f"{title}: none", cls="label muted",
             font_size=12)
    y += 18
    for i, no in enumerate(sorted(cards)):
        cx = x - 4 + (i % 2) * (c["w"] + c["gap"])
        cy = y + (i // 2) * (c["h"] + c["gap"])
        draw_card(svg, cx, cy, no, no in (chosen or set()), (tags or {}).get(no, ""))
    rows = (len(cards) + 1) // 2
    return y + rows * (c["h"] + c["gap"])


def draw_card(svg: Svg, x: float, y: float, no: int, chosen: bool, tag: str) -> None:
    """An Age card: name, cost, phase icons, Progress Points (Invention), effect."""
    lay_c = lay()["card"]
    w, h, size = lay_c["w"], lay_c["h"], lay_c["font"]
    card = CARDS_BY_NO[no]
    with svg.thing(f"card:{no}", no=no, cost=card.cost, pp=card.pp, icons=card.icons,
                   invention=int(card.invention)):
        svg.title(f"{card.name}: cost {card.cost}, {card.pp} PP{' (Invention)' if card.invention else ''}. "
                  f"{card.text}")
        svg.rect(x, y, w, h, rx=7, cls="shape chosen" if chosen else "shape", fill="var(--card)")
        ty = y + 16
        for line in wrap(card.en, w - 34, 13, BOLD)[:2]:
            svg.text(x + 6, ty, line, font_size=13, font_weight=700)
            ty += 15
        # the cost in a Coin at the top right corner
        svg.circle(x + w - 14, y + 14, 10, fill="#E69F00", stroke="#8a5d00", stroke_width=1)
        svg.text(x + w - 14, y + 18.5, str(card.cost), font_size=13, font_weight=700, fill="#000",
                 text_anchor="middle")
        # the phase icons, then the Progress Points
        bx = x + 6
        for i in card.icons or "C":
            word = ICON_WORDS.get(i, "copy")[:3]
            svg.rect(bx, ty - 8, 28, 16, rx=3, fill="var(--boardline)", fill_opacity=0.35, stroke="none")
            svg.text(bx + 14, ty + 4, word, font_size=12, text_anchor="middle")
            bx += 31
        if card.pp or card.invention:
            svg.text(x + w - 6, ty + 4, f"{card.pp} PP", font_size=12, font_weight=700, text_anchor="end")
        ty += 20
        room = int((y + h - ty - (14 if card.invention or tag else 0)) // 14) + 1
        for line in wrap(card.text, w - 12, size, CHAR)[:room]:
            svg.text(x + 6, ty, line, font_size=size)
            ty += 14
        foot = " · ".join(t for t in ("Invention: PP every Age" if card.invention else "",
                                      f"chosen: {tag}" if tag else "") if t)
        if foot:
            svg.text(x + 6, y + h - 6, fit(foot, w - 12, 11), cls="label muted", font_size=11)


def draw_played(svg: Svg, view: View, x: float, y: float, width: float) -> float:
    """The cards each people has face up in front of it: this Age's, and the Inventions of earlier
    Ages (they score every Age), copied Inventions too."""
    names = people_names(view)
    lines = []
    for p in range(view["peoples"]):
        shown = [CARDS_BY_NO[c] for c in view["played"][p]
                 if CARDS_BY_NO[c].age == view["age"] or CARDS_BY_NO[c].invention]
        words = [c.en + (f" ({c.pp} PP)" if c.invention else "") for c in shown]
        words += [f"{CARDS_BY_NO[c].en} (copied, {CARDS_BY_NO[c].pp} PP)" for c in view["copies"][p]]
        if words:
            lines.append((p, names[p].replace("People ", "") + ": " + " · ".join(words)))
    if not lines:
        return y
    svg.text(x, y + 12, "Cards face up (this Age, and Inventions)", cls="label muted", font_size=12)
    y += 18
    for p, line in lines:
        token(svg, x + 7, y + 9, p, r=7)
        for part in wrap(line, width - 20, 12, CHAR)[:2]:
            svg.text(x + 18, y + 13, part, font_size=12)
            y += 15
        y += 3
    return y


# ----- the whole board ---------------------------------------------------------------------------


def draw(view: View) -> str:
    d = lay()
    geo = Geometry(view)
    px = d["panel"]["x"]
    svg = Svg(d["width"], 0, f"Genesia, Age {view['age']}: the Continents around Genesia, the peoples and your cards")
    draw_map(svg, view, geo)
    below = draw_played(svg, view, 8, d["map"]["y"] * 2 + 4, px - 20)
    y = draw_heading(svg, view, px, 24)
    y = draw_turn_order(svg, view, px, y)
    y = draw_peoples(svg, view, px, y)
    y = draw_objectives(svg, view, px, y)
    y = draw_tile(svg, view, px, y)
    y = draw_hands(svg, view, px, y)
    svg.height = max(d["map"]["y"] * 2, below + 6, y + 10)  # the panel may be taller than the map
    return str(svg)
