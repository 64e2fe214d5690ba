"""Río de la Plata drawn: the city of Buenos Aires as a grid of spaces in its eight districts round the
Plaza Mayor, with its walls, roads, buildings and workers (and the war's groups and the attackers
waiting outside the walls); the time and enemies tracks above it; the Major building grids, the mine
and the forest, the work areas and the Ship beside it; each player's goods and the Public Offices below.

Drawn from the view alone (nothing in Río is secret but the dice to come, which the view does not
hold). The layout (coordinates, colours) is `data/board.json`'s "drawing" part. Board things a player
clicks, and what tests read on them (`data-*`):

- `cell:X` a city space (X = row * 16 + col): `district` (-1 the Plaza Mayor), `building` (kind id, 0
  none), `owner` (-1 none); and only when there is something to say: `workers` ("owner:count" builders
  waiting), `active` (the players with a worker activating it, space-separated), `group` (a war group's
  tokens bottom to top, -1 an attacker), `start` (1: the Starting Zone), `offlimits` (1: in this war the
  attacker's workers are there);
- `outside:X` (during a war) the attackers waiting outside perimeter space X: `attackers`;
- `wall:G` a perimeter wall segment, `road:I` a road segment: `built` (the unbuilt ones are drawn only
  when one may be placed: a Walls or Roads completion, or the Defender's or Roadmaker's free piece);
- `zone:0` / `zone:2` (builders on the city, activate a building), `zone:1` and `major:B` (the Major
  building grids: `grid` owners per space, `completed`), `mine:0` / `mine:1` (mine and forest: `track`),
  `area:field|artisan|dock|order` (`workers`: "p:n" per player), `ship` (`cargo`: "p:wood/stone/precious",
  `load`, `away`, `harbour`), `offices` and `office:K` (`owner`, `bid`), `player:P` (`vp`, `silver`,
  `wood`, `stone`, `precious`, `free`, `placed`, `houses`: what the Houses would score now), `time` (`turn`), `enemies` (`natives`, `pirates`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeple.table.drawing import Svg, layout, piece

from .board import (
    CATHEDRAL,
    CELLS,
    DISTRICT,
    DISTRICT_NAMES,
    ENEMY_BONUS,
    FIRST_YEAR,
    KIND_NAME,
    MAJOR_NAMES,
    MAJORS,
    NUM_DISTRICTS,
    OFFICE,
    OUTSIDE,
    PALACE,
    PERIMETER,
    PIECES,
    PLAZA,
    ROAD_ENDS,
    SHIP_CAPACITY,
    STARTING_ZONE,
    TIME_TRACK,
    VW,
    H,
    W,
    cell_name,
    grid_closed_in,
    major_spaces,
    pieces_left_in,
    rc,
    track_costs,
)

LETTERS = ("R", "G", "B", "Y", "K")  # K: Black (B is Blue), as the text board has them
ABBREV = {1: "Hut", 2: "Hse", 3: "Stc", 4: "Crp", 5: "Mkt", 6: "Cor", 7: "Squ", 8: "Mnt", 9: "Gdn",
          10: "Brk", 11: "Chu", PALACE: "PAL", CATHEDRAL: "CAT"}
ROADMAKER, DEFENDER = 2, 3  # the offices whose owners place a free road or wall each turn
PHASES = {"place": "placing workers", "effect": "the workers take effect", "war": "war", "over": "the game is over"}
STAGES = {"deploy": "the attackers deploy", "bet": "the cannons", "kill": "the cannons kill", "recruit":
          "recruiting defenders", "move": "fighting", "consent": "a merge asked", "keep": "who stays"}


def lay() -> dict[str, Any]:
    return layout("meeple.games.riodelaplata")["drawing"]


def token(svg: Svg, x: float, y: float, p: int, text: str = "", r: float = 10) -> None:
    """A seat's piece: the platform's shape for the seat, in the colour the seat is named after."""
    d = lay()
    piece(svg, x, y, p, "", r, fill=d["seat_colours"][p % 5], stroke=d["seat_stroke"][p % 5])
    if text:
        svg.text(x, y + r * 0.4, text, cls="piece-text", fill=d["seat_ink"][p % 5], font_size=f"{r * 1.15:.1f}",
                 text_anchor="middle")


def attacker_token(svg: Svg, x: float, y: float, n: int, r: float = 10) -> None:
    """Attackers (the enemies' purple markers): a purple square with a cross and how many."""
    svg.rect(x - r, y - r, 2 * r, 2 * r, rx=2, fill=lay()["attackers"], stroke="#fff", stroke_width=1)
    svg.text(x, y + r * 0.4, f"×{n}", cls="piece-text", fill="#fff", font_size=f"{r * 1.1:.1f}", text_anchor="middle")


def plaque(svg: Svg, x: float, y: float, w: float, h: float, title: str, sub: str = "", **attrs: Any) -> None:
    """A labelled area of the board (the outline gets the highlight when it may be clicked)."""
    svg.rect(x, y, w, h, rx=5, cls="shape", **attrs)
    svg.text(x + 6, y + 16, title, font_weight="600")
    if sub:
        svg.text(x + 6, y + 31, sub, cls="label muted", font_size=12)


def draw(view: Mapping[str, Any], seat: int | None, names: Sequence[str], modifiers: Sequence[int],
         houses: Sequence[int]) -> str:
    """The whole board; `modifiers` are the districts' House modifiers and `houses` what each player's
    Houses would score, as the city stands (the presenter works them out from the view)."""
    d = lay()
    players = len(view["players"])
    po = d["offices"]
    height = po["y"] + 2 * (po["h"] + po["gap"]) + 8
    svg = Svg(d["width"], height, "Río de la Plata: the city of Buenos Aires, the tracks, the buildings and the players")
    svg.rect(0, 0, d["width"], height, rx=10, fill="var(--card)", stroke="none")
    draw_header(svg, view, seat, names)
    draw_time_track(svg, view)
    draw_enemies(svg, view)
    draw_news(svg, view, names)
    draw_city(svg, view, modifiers)
    draw_zones(svg, view)
    draw_majors(svg, view, players)
    draw_tracks(svg, view, players)
    draw_areas(svg, view)
    draw_ship(svg, view)
    draw_players(svg, view, seat, names, houses)
    draw_offices(svg, view, names)
    return str(svg)


# ----- above the city -------------------------------------------------------------------------


def draw_header(svg: Svg, view: Mapping[str, Any], seat: int | None, names: Sequence[str]) -> None:
    x, y = lay()["header"]
    turn, total = view["turn"], view["num_turns"]
    year = FIRST_YEAR + min(turn, total - 1)
    you = f" · you are {names[seat]}" if seat is not None else " · watching"
    svg.text(x, y, f"Río de la Plata · {year} (year {min(turn + 1, total)} of {total}) · {PHASES[view['phase']]}{you}",
             font_size=17, font_weight="700")
    svg.text(x, y + 24, "Order this year:", cls="label muted", font_size=13)
    for i, p in enumerate(view["order"]):
        token(svg, x + 120 + i * 28, y + 19, p, LETTERS[p % 5], r=10)
    movers = view.get("to_move") or []
    cx = x + 120 + len(view["order"]) * 28 + 10
    if movers and view["phase"] != "over":
        svg.text(cx, y + 24, f"to move: {names[movers[0]]}", font_size=13)
    if view.get("roll"):
        svg.text(cx + 170, y + 24, f"last war check: the dice showed {view['roll']}", cls="label muted", font_size=13)


def draw_time_track(svg: Svg, view: Mapping[str, Any]) -> None:
    t = lay()["time"]
    total, now = view["num_turns"], view["turn"]
    svg.text(t["x"], t["y"] - 6, "Years (F: the Natives' marker +1, S: the Pirates' +1)", cls="label muted", font_size=12)
    with svg.thing("time", turn=now, years=total):
        svg.rect(t["x"] - 2, t["y"] - 2, total * t["w"] + 4, t["h"] + 4, rx=4, cls="shape")
        for i in range(total):
            bx = t["x"] + i * t["w"]
            current = i == now and view["phase"] != "over"
            svg.rect(bx + 1, t["y"] + 1, t["w"] - 2, t["h"] - 2, rx=3,
                     fill="var(--accent)" if current else "var(--board)", fill_opacity=0.35 if current else 1,
                     stroke="var(--boardline)" if not current else "var(--accent)", stroke_width=1 if not current else 2.5)
            svg.text(bx + t["w"] / 2, t["y"] + 15, f"{(FIRST_YEAR + i) % 100:02d}", font_size=12, text_anchor="middle",
                     cls="label" if i >= now else "label muted")
            mark = TIME_TRACK[i] if i < len(TIME_TRACK) else ""
            if mark:
                svg.text(bx + t["w"] / 2, t["y"] + 30, mark, font_size=12, text_anchor="middle", font_weight="700",
                         fill=lay()["natives"] if mark == "F" else "var(--fg)")
        svg.title(f"The time track: year {now + 1} of {total}")


def draw_enemies(svg: Svg, view: Mapping[str, Any]) -> None:
    e = lay()["enemies"]
    natives, pirates = view["enemies"]
    svg.text(e["x"], e["y"] - 6, "Enemies: a war when two dice roll at most a marker's value", cls="label muted",
             font_size=12)
    with svg.thing("enemies", natives=natives, pirates=pirates):
        svg.rect(e["x"] - 2, e["y"] - 2, 10 * e["w"] + 4, e["h"] + 4, rx=4, cls="shape")
        for i in range(10):
            bx = e["x"] + i * e["w"]
            svg.rect(bx + 1, e["y"] + 1, e["w"] - 2, e["h"] - 2, rx=3, fill="var(--board)", stroke="var(--boardline)",
                     stroke_width=1)
            svg.text(bx + 5, e["y"] + 14, str(i), font_size=12, cls="label muted")
            if ENEMY_BONUS[i]:
                svg.text(bx + e["w"] - 3, e["y"] + e["h"] - 4, f"+{ENEMY_BONUS[i]}", font_size=11, cls="label muted",
                         text_anchor="end")
        for k, (pos, colour, letter) in enumerate(((natives, lay()["natives"], "N"), (pirates, lay()["pirates"], "P"))):
            cx = e["x"] + pos * e["w"] + e["w"] / 2 + (-6 if natives == pirates and k == 0 else 6 if natives == pirates
                                                        else 0)
            svg.circle(cx, e["y"] + e["h"] / 2 + 3, 9, fill=colour, stroke="#fff", stroke_width=1.5)
            svg.text(cx, e["y"] + e["h"] / 2 + 7.5, letter, cls="piece-text", fill="#fff", font_size=12,
                     text_anchor="middle")
        svg.title(f"Natives at {natives}, Pirates at {pirates} (+n: attackers added)")


def draw_news(svg: Svg, view: Mapping[str, Any], names: Sequence[str]) -> None:
    """One line under the tracks: the war going on, or a trade offer waiting for its answer."""
    x, y = lay()["header"][0], lay()["city"][1] - 38
    war = view.get("war")
    text = ""
    if war:
        enemy = ("Natives", "Pirates")[war["enemy"]]
        defenders = ", ".join(names[p] for p in war["defenders"])
        text = (f"War with the {enemy}: {names[war['attacker']]} leads the attackers · {STAGES.get(war['stage'], war['stage'])}"
                f", war turn {war['wturn']}")
        if war.get("pool"):
            text += f" · {war['pool']} attackers to deploy"
        if war.get("kills"):
            text += f" · the cannons kill {war['kills']} more"
        text += f" · defenders: {defenders}"
        svg.text(x, y, text, font_size=13, font_weight="700", fill=lay()["attackers"])
        return
    trade = view.get("trade")
    try:
        p, q, gk, gn, wk, wn = trade[:6]
        want = _goods(wk, wn) if wn else "nothing (a gift)"
        text = f"Trade offer waiting: {names[p]} offers {names[q]} {_goods(gk, gn)} for {want}"
    except (TypeError, ValueError, IndexError, KeyError):
        text = ""
    if text:
        svg.text(x, y, text, font_size=13, font_weight="600")


def _goods(kind: int, n: int) -> str:
    return f"the {OFFICE[kind - 4]['name']} office" if kind >= 4 else f"{n} {('silver', 'wood', 'stone', 'precious')[kind]}"


# ----- the city -------------------------------------------------------------------------------


def cell_xy(x: int) -> tuple[float, float]:
    d = lay()
    r, c = rc(x)
    return d["city"][0] + c * d["cell"], d["city"][1] + r * d["cell"]


def outside_box(x: int) -> tuple[float, float, float, float]:
    """Where the attackers waiting outside perimeter space x stand: beyond its wall."""
    d = lay()
    s = d["cell"]
    cx, cy = cell_xy(x)
    r, c = rc(x)
    if r == 0:
        return cx + 3, cy - 34, s - 6, 24
    if r == H - 1:
        return cx + 3, cy + s + 10, s - 6, 24
    if c == 0:
        return cx - 34, cy + 3, 24, s - 6
    return cx + s + 10, cy + 3, 24, s - 6


def draw_city(svg: Svg, view: Mapping[str, Any], modifiers: Sequence[int]) -> None:
    d = lay()
    s, (x0, y0) = d["cell"], d["city"]
    svg.rect(x0, y0, W * s, H * s, fill="var(--board)", stroke="none")
    kinds = {x: (k, o) for x, k, o in view["buildings"]}
    workers = {x: (o, n) for x, o, n in view["workers"]}
    active: dict[int, list[int]] = {}
    for x, p in view["activations"]:
        active.setdefault(x, []).append(p)
    war = view.get("war") or {}
    groups = {pos: g for pos, g in war.get("groups", [])}
    offlimits = set(war.get("offlimits", []))
    for x in range(CELLS):
        draw_cell(svg, x, kinds.get(x), workers.get(x), active.get(x, []), groups.get(x), x in offlimits)
    draw_districts(svg, modifiers)
    draw_roads(svg, view)
    draw_walls(svg, view)
    draw_fort(svg, view)
    if war:
        draw_outside(svg, groups)


def draw_cell(svg: Svg, x: int, building: tuple[int, int] | None, workers: tuple[int, int] | None,
              active: list[int], group: list[int] | None, offlimits: bool) -> None:
    d = lay()
    s = d["cell"]
    cx, cy = cell_xy(x)
    dist = DISTRICT[x]
    kind, owner = building or (0, -1)
    data: dict[str, Any] = {"district": dist, "building": kind, "owner": owner}
    extra = {"workers": f"{workers[0]}:{workers[1]}" if workers else "", "active": " ".join(map(str, active)),
             "group": " ".join(map(str, group or [])), "start": int(x in STARTING_ZONE), "offlimits": int(offlimits)}
    data.update({k: v for k, v in extra.items() if v})  # left out when empty: "", 0
    with svg.thing(f"cell:{x}", **data):
        fill = d["plaza"] if x in PLAZA else d["district_tints"][dist]
        svg.rect(cx, cy, s, s, cls="shape", fill=fill, fill_opacity=0.55 if x in PLAZA else 0.3)
        if x in STARTING_ZONE:
            svg.circle(cx + 7, cy + 7, 3.5, fill="var(--fg)", fill_opacity=0.55)
        if kind:
            big = kind in (PALACE, CATHEDRAL)
            fill = d["palace"] if big else d["seat_colours"][owner % 5]
            ink = "#000" if big else d["seat_ink"][owner % 5]
            svg.rect(cx + 3, cy + 3, s - 6, 20, rx=3, fill=fill, stroke=d["seat_stroke"][owner % 5] if not big else "#222",
                     stroke_width=1.5 if big else 1)
            svg.text(cx + s / 2, cy + 18, ABBREV.get(kind, "?"), cls="piece-text", fill=ink, font_size=13,
                     text_anchor="middle")
        if offlimits:
            svg.path(f"M{cx} {cy + s}L{cx + s} {cy}M{cx} {cy + s / 2}L{cx + s / 2} {cy}M{cx + s / 2} {cy + s}L{cx + s} {cy + s / 2}",
                     stroke=d["attackers"], stroke_width=2, fill="none")
        draw_cell_pieces(svg, cx, cy, s, workers, active, group)
        if kind or workers or active or group:
            svg.title(_cell_title(x, kind, owner, workers, active, group, offlimits))


def draw_cell_pieces(svg: Svg, cx: float, cy: float, s: float, workers: tuple[int, int] | None, active: list[int],
                     group: list[int] | None) -> None:
    """The bottom row of a space: a war group's tokens (one token per colour, with how many), or the
    builders waiting (one piece with how many); the workers activating it, each a piece marked +."""
    row = cy + s - 11
    items: list[tuple[int, str]] = []
    if group:
        for q in dict.fromkeys(group):
            items.append((q, str(sum(1 for o in group if o == q))))
    elif workers:
        items.append((workers[0], str(workers[1])))
    items += [(p, "+") for p in active]
    if not items:
        return
    r = 10 if len(items) <= 2 else 7.5
    step = (s - 2 * r - 4) / max(1, len(items) - 1) if len(items) > 1 else 0
    start = cx + s / 2 if len(items) == 1 else cx + r + 2
    for i, (q, text) in enumerate(items):
        px = start + i * step
        if q < 0:
            attacker_token(svg, px, row, int(text), r=r)
        else:
            token(svg, px, row, q, text, r=r)


def _cell_title(x: int, kind: int, owner: int, workers: tuple[int, int] | None, active: list[int],
                group: list[int] | None, offlimits: bool) -> str:
    d = DISTRICT[x]
    parts = [f"{cell_name(x)}, {DISTRICT_NAMES[d] if d >= 0 else 'Plaza Mayor'}"]
    if x in STARTING_ZONE:
        parts.append("Starting Zone")
    if kind:
        parts.append(f"{KIND_NAME[kind]}" + (f" of {_seat(owner)}" if owner >= 0 else ""))
    if workers:
        parts.append(f"{workers[1]} {_seat(workers[0])} builder(s) waiting")
    for p in active:
        parts.append(f"a {_seat(p)} worker activating it")
    if group:
        parts.append("war group (bottom to top): " + ", ".join("attacker" if o < 0 else _seat(o) for o in group))
    if offlimits:
        parts.append("off limits in this war")
    return "; ".join(parts)


def _seat(p: int) -> str:
    return ("Red", "Green", "Blue", "Yellow", "Black")[p] if 0 <= p < 5 else f"P{p + 1}"


def draw_districts(svg: Svg, modifiers: Sequence[int]) -> None:
    """District borders (thick lines between spaces of two districts), names with their House modifier,
    and the Plaza Mayor."""
    d = lay()
    s, (x0, y0) = d["cell"], d["city"]
    lines = []
    for r in range(H):
        for c in range(W):
            x = r * W + c
            if c + 1 < W and DISTRICT[x] != DISTRICT[x + 1]:
                lines.append(f"M{x0 + (c + 1) * s} {y0 + r * s}v{s}")
            if r + 1 < H and DISTRICT[x] != DISTRICT[x + W]:
                lines.append(f"M{x0 + c * s} {y0 + (r + 1) * s}h{s}")
    svg.path("".join(lines), stroke="var(--fg)", stroke_width=2.5, fill="none", stroke_opacity=0.7,
             pointer_events="none")
    for i, (c, r) in enumerate(d["district_labels"][:NUM_DISTRICTS]):
        svg.text(x0 + c * s, y0 + r * s, f"{DISTRICT_NAMES[i]} +{modifiers[i]}", cls="label muted", font_size=12, font_style="italic",
                 text_anchor="middle", pointer_events="none", opacity=0.85)
    pr = [rc(x) for x in PLAZA]
    px = x0 + min(c for _, c in pr) * s
    py = y0 + min(r for r, _ in pr) * s
    svg.text(px + s, py + s - 4, "PLAZA", font_size=14, font_weight="700", text_anchor="middle", pointer_events="none")
    svg.text(px + s, py + s + 14, "MAYOR", font_size=14, font_weight="700", text_anchor="middle", pointer_events="none")


def road_box(i: int) -> tuple[float, float, float, float]:
    d = lay()
    s, (x0, y0) = d["cell"], d["city"]
    a, b = ROAD_ENDS[i]
    ya, xa = divmod(a, VW)
    yb, xb = divmod(b, VW)
    if ya == yb:
        return x0 + min(xa, xb) * s + 5, y0 + ya * s - 4, s - 10, 8
    return x0 + xa * s - 4, y0 + min(ya, yb) * s + 5, 8, s - 10


def draw_roads(svg: Svg, view: Mapping[str, Any]) -> None:
    """Built roads; the free segments too (to click) when a road may be placed: a Roads completion
    waiting for its pieces, or the Roadmaker's free road."""
    d = lay()
    built = set(view["roads"])
    placing = bool(view["tile"]) and view["tile"][0] == -5
    roadmaker = view["offices"]["owner"][ROADMAKER] >= 0
    for i in range(len(ROAD_ENDS)):
        if i not in built and not (placing or roadmaker):
            continue
        x, y, w, h = road_box(i)
        with svg.thing(f"road:{i}", built=int(i in built)):
            if i in built:
                svg.rect(x, y, w, h, rx=2, cls="shape", fill=d["road"], stroke="#222", stroke_width=1)
            else:
                svg.rect(x, y, w, h, rx=2, cls="shape", fill="transparent", stroke="none")


def wall_box(g: int) -> tuple[float, float, float, float]:
    d = lay()
    s, (x0, y0) = d["cell"], d["city"]
    if g < W:
        return x0 + g * s, y0 - 7, s, 7
    if g < 2 * W:
        return x0 + (g - W) * s, y0 + H * s, s, 7
    if g < 2 * W + H:
        return x0 - 7, y0 + (g - 2 * W) * s, 7, s
    return x0 + W * s, y0 + (g - 2 * W - H) * s, 7, s


def draw_walls(svg: Svg, view: Mapping[str, Any]) -> None:
    """Built walls (the printed ones too); the open edges as well (to click) when a wall may be placed:
    a Walls completion waiting for its pieces, or the Defender's free wall."""
    d = lay()
    walls = set(view["walls"])
    placing = bool(view["tile"]) and view["tile"][0] == -3 or view["offices"]["owner"][DEFENDER] >= 0
    s, (x0, y0) = d["cell"], d["city"]  # the open edges: one dashed line round the city, under the walls
    svg.rect(x0 - 3.5, y0 - 3.5, W * s + 7, H * s + 7, fill="none", stroke="var(--boardline)", stroke_width=1,
             stroke_dasharray="3 3", pointer_events="none")
    for g in range(2 * W + 2 * H):
        if g not in walls and not placing:
            continue
        x, y, w, h = wall_box(g)
        with svg.thing(f"wall:{g}", built=int(g in walls)):
            if g in walls:
                svg.rect(x, y, w, h, cls="shape", fill=d["wall"], stroke="#222", stroke_width=1)
            else:
                svg.rect(x + 1, y + 1, w - 2, h - 2, cls="shape", fill="transparent", stroke="var(--boardline)",
                         stroke_width=1, stroke_dasharray="3 3")


def draw_fort(svg: Svg, view: Mapping[str, Any]) -> None:
    """The Fort's place, below the Plaza Mayor beyond the printed walls: its battlements once built."""
    d = lay()
    s, (x0, y0) = d["cell"], d["city"]
    x, y, w = x0 + 6 * s + 8, y0 + H * s + 11, 4 * s - 16
    if view["completed"][2]:
        n = int(w // 16)
        fx = x + (w - 16 * n) / 2
        teeth = "h8v-5h8v5" * n
        svg.path(f"M{fx} {y + 22}V{y + 5}{teeth}V{y + 22}z", fill=d["wall"], stroke="#222", stroke_width=1)
        svg.text(x + w / 2, y + 19, "FORT", cls="piece-text", fill="#fff", font_size=12, text_anchor="middle")
    else:
        svg.rect(x, y + 3, w, 19, rx=3, fill="none", stroke="var(--boardline)", stroke_dasharray="4 3")
        svg.text(x + w / 2, y + 17, "the Fort's place", cls="label muted", font_size=12, text_anchor="middle")


def draw_outside(svg: Svg, groups: Mapping[int, list[int]]) -> None:
    """In a war: beyond each perimeter space, where attackers wait to come in (a crowd of any number)."""
    for x in PERIMETER:
        n = len(groups.get(OUTSIDE + x, []))
        bx, by, w, h = outside_box(x)
        with svg.thing(f"outside:{x}", attackers=n):
            if n:
                svg.rect(bx, by, w, h, rx=4, cls="shape", fill=lay()["attackers"], fill_opacity=0.25)
            else:  # nothing waits here: drawn only when it may be picked (the highlight's outline)
                svg.rect(bx, by, w, h, rx=4, cls="shape", fill="transparent", stroke="none")
            if n:
                attacker_token(svg, bx + w / 2, by + h / 2, n, r=10)
            svg.title(f"outside {cell_name(x)}: {n} attacker(s) waiting")


# ----- beside and below the city --------------------------------------------------------------


def draw_zones(svg: Svg, view: Mapping[str, Any]) -> None:
    """The two ways to place workers on the city map (the third, the building grids, heads them)."""
    z = lay()["zones"]
    for i, (k, title) in enumerate(((0, "Place builders on the city map"), (2, "Activate a building of the city"))):
        with svg.thing(f"zone:{k}"):
            plaque(svg, z["x"] + i * (z["w"] + 10), z["y"], z["w"], z["h"], title)
    x, y = z["x"] + 2 * (z["w"] + 10) + 6, z["y"]
    svg.circle(x + 4, y + 8, 3.5, fill="var(--fg)", fill_opacity=0.55)
    svg.text(x + 12, y + 12, "Starting Zone", cls="label muted", font_size=12)
    svg.rect(x + 110, y + 4, 24, 7, fill=lay()["road"], stroke="#222", stroke_width=1)
    svg.text(x + 139, y + 12, "road", cls="label muted", font_size=12)
    svg.rect(x, y + 20, 24, 7, fill=lay()["wall"], stroke="#222", stroke_width=1)
    svg.text(x + 29, y + 28, "wall", cls="label muted", font_size=12)
    svg.path(f"M{x + 110} {y + 30}l10 -10M{x + 116} {y + 30}l6 -6", stroke=lay()["attackers"], stroke_width=2)
    svg.text(x + 126, y + 28, "off limits (war)", cls="label muted", font_size=12)
    lx, ly = lay()["legend"]
    for i, line in enumerate(LEGEND):
        svg.text(lx, ly + i * 14.5, line, cls="label muted", font_size=12)


LEGEND = ("Hut · Hse House · Stc Stonecutter", "Crp Carpenter · Mkt Market · Squ Square",
          "Cor Corporation · Mnt Monument", "Gdn Garden · Brk Barracks · Chu Church",
          "PAL Palace · CAT Cathedral", "Retiro +1: its Houses score 2 + 1 each")


def draw_majors(svg: Svg, view: Mapping[str, Any], players: int) -> None:
    m = lay()["majors"]
    spaces = major_spaces(players)
    with svg.thing("zone:1"):
        plaque(svg, m["x"], m["y"], m["plaque"] + 8 * m["space"] + 6, 24, "Major buildings: a worker a space")
    for b, grid in enumerate(view["grids"]):
        y = m["y"] + 30 + b * m["row"]
        done = view["completed"][b]
        info = MAJORS["majors"][b]
        if info["repeat"]:
            state = " closed" if grid_closed_in(view, b) else f" ×{done}" if done else ""
        else:
            state = " ✓" if done else ""
        with svg.thing(f"major:{b}", grid=" ".join(map(str, grid)), completed=done):
            svg.rect(m["x"], y, m["plaque"], m["row"] - 4, rx=4, cls="shape",
                     fill=lay()["palace"] if done and not info["repeat"] else None)
            svg.text(m["x"] + 5, y + 18, f"{MAJOR_NAMES[b]}{state}", font_size=13, font_weight="600",
                     fill="#000" if done and not info["repeat"] else None)
            svg.title(f"{MAJOR_NAMES[b]}: {_major_cost(b)} a space; VP per space when completed"
                      + (f"; +{info['bonus']} VP to the completer" if info["bonus"] else "")
                      + (f"; {pieces_left_in(view)} of {PIECES} wall/road pieces left" if info["repeat"] else ""))
        for i, o in enumerate(grid):
            sx = m["x"] + m["plaque"] + 4 + i * m["space"]
            with svg.thing(f"major:{b}:{i}", owner=o, vp=spaces[b][i]):
                svg.rect(sx, y, m["space"] - 2, m["row"] - 4, rx=3, cls="shape")
                if o >= 0:
                    token(svg, sx + (m["space"] - 2) / 2, y + (m["row"] - 4) / 2, o, LETTERS[o % 5], r=8.5)
                else:
                    svg.text(sx + (m["space"] - 2) / 2, y + 18, str(spaces[b][i]), font_size=12, text_anchor="middle",
                             cls="label muted")


def _major_cost(b: int) -> str:
    return {"both": "1 wood + 1 stone", "either": "1 wood or 1 stone", "free": "free"}[MAJORS["majors"][b]["cost"]]


def draw_tracks(svg: Svg, view: Mapping[str, Any], players: int) -> None:
    """The mine (stone) and the forest (wood): each space asks that many workers for one resource."""
    t = lay()["tracks"]
    for k, track in enumerate(view["mine"]):
        y = t["y"] + k * t["row"]
        costs = track_costs(players, ("mine", "forest")[k])
        with svg.thing(f"mine:{k}", track=" ".join(map(str, track))):
            svg.rect(t["x"], y, 96 + len(track) * t["space"] + 6, t["row"] - 4, rx=4, cls="shape")
            svg.text(t["x"] + 5, y + 18, ("Mine: stone", "Forest: wood")[k], font_size=13, font_weight="600")
            for i, o in enumerate(track):
                sx = t["x"] + 100 + i * t["space"]
                svg.rect(sx, y + 3, t["space"] - 3, t["row"] - 10, rx=3, fill="var(--board)", stroke="var(--boardline)",
                         stroke_width=1)
                if o >= 0:
                    token(svg, sx + (t["space"] - 3) / 2, y + (t["row"] - 4) / 2, o, LETTERS[o % 5], r=9)
                else:
                    svg.text(sx + (t["space"] - 3) / 2, y + 18, str(costs[i]), font_size=12, text_anchor="middle",
                             cls="label muted")
            svg.title(f"The {('mine', 'forest')[k]}: a space's number of workers make 1 {('stone', 'wood')[k]}")


AREAS = (("field", "Field work", "2 workers: 1 silver"), ("artisan", "Artisan work", "1 → 1 precious"),
         ("order", "Order track", "most go first"), ("dock", "Dock", "3 loads a worker"))


def draw_areas(svg: Svg, view: Mapping[str, Any]) -> None:
    """Field work, Artisan work and the order track (the dock is by the Ship): each player's workers."""
    a = lay()["areas"]
    for i, (key, title, what) in enumerate(AREAS[:3]):
        x = a["x"] + (i % 2) * (a["w"] + a["gap"])
        y = a["y"] + (i // 2) * (a["h"] + a["gap"])
        w = a["w"] if i < 2 else 2 * a["w"] + a["gap"]
        _area(svg, view, key, x, y, w, a["h"], title, what)


def _area(svg: Svg, view: Mapping[str, Any], key: str, x: float, y: float, w: float, h: float, title: str,
          what: str) -> None:
    field = "order_add" if key == "order" else key
    counts = [(p, pl[field]) for p, pl in enumerate(view["players"]) if pl.get(field)]
    with svg.thing(f"area:{key}", workers=" ".join(f"{p}:{n}" for p, n in counts)):
        plaque(svg, x, y, w, h, title, what if not counts or w > 200 else "")
        for j, (p, n) in enumerate(counts):
            px = x + w - 14 - j * 24 if w <= 200 else x + 150 + j * 24
            token(svg, px, y + h - 14, p, str(n), r=10)


def draw_ship(svg: Svg, view: Mapping[str, Any]) -> None:
    """The Ship by the Harbour: its cargo per player, whether it is away in Spain; the dock beside it."""
    sh = lay()["ship"]
    ship = view["ship"]
    cargo = ship["cargo"]
    load = sum(sum(c) for c in cargo)
    harbour = bool(view["completed"][4])
    x, y, w, h = sh["x"], sh["y"], sh["w"], sh["h"]
    dock_w = 84
    _area(svg, view, "dock", x, y, dock_w, h, "Dock", "3 loads each")
    sx = x + dock_w + 6
    sw = w - dock_w - 6
    data = {"cargo": " ".join(f"{p}:{c[0]}/{c[1]}/{c[2]}" for p, c in enumerate(cargo) if sum(c)), "load": load,
            "away": int(bool(ship["away"])), "harbour": int(harbour), "shipments": ship["shipments"]}
    with svg.thing("ship", **data):
        svg.rect(sx, y, sw, h, rx=5, cls="shape")
        hx, hw, hull = sx + 104, sw - 112, y + 44  # the ship itself, on the right
        faded = 0.35 if ship["away"] else 1
        svg.path(f"M{hx} {hull}h{hw}l-10 16h{-(hw - 20)}z", fill="#8b5a2b", stroke="#222", stroke_width=1,
                 opacity=faded)
        svg.line(hx + hw / 2, hull, hx + hw / 2, y + 8, stroke="#8b5a2b", stroke_width=2, opacity=faded)
        svg.polygon([(hx + hw / 2 + 3, y + 10), (hx + hw - 6, hull - 5), (hx + hw / 2 + 3, hull - 5)],
                    fill="#f4f0e6", stroke="#222", stroke_width=1, opacity=faded)
        svg.text(sx + 6, y + 16, "Ship", font_weight="600")
        svg.text(sx + 6, y + 32, "away to Spain" if ship["away"] else f"{load}/{SHIP_CAPACITY} loaded", cls="label muted",
                 font_size=12)
        svg.text(sx + 6, y + 47, ("Harbour built" if harbour else "no Harbour yet") + (" · sails" if ship["depart"] else ""),
                 cls="label muted", font_size=12)
        for j, (p, c) in enumerate((p, c) for p, c in enumerate(cargo) if sum(c)):
            token(svg, sx + 16 + j * 24, y + h - 13, p, str(sum(c)), r=10)
        svg.title(f"The Ship ({ship['shipments']} voyage(s)); a load sells in Spain: wood or stone 1 silver + 1 VP, "
                  f"precious 2 + 2")


def draw_players(svg: Svg, view: Mapping[str, Any], seat: int | None, names: Sequence[str],
                 houses: Sequence[int]) -> None:
    pl = lay()["players"]
    order = view["order"]
    for p, me in enumerate(view["players"]):
        x = pl["x"] + p * (pl["w"] + pl["gap"])
        y = pl["y"]
        data = {k: me[k] for k in ("vp", "silver", "wood", "stone", "precious", "free", "placed")}
        data["houses"] = houses[p]
        with svg.thing(f"player:{p}", **data):
            svg.rect(x, y, pl["w"], pl["h"], rx=6, cls="shape")
            if p == seat:
                svg.rect(x + 3, y + 3, pl["w"] - 6, pl["h"] - 6, rx=4, fill="none", stroke="var(--fg)", stroke_width=2,
                         pointer_events="none")
            token(svg, x + 16, y + 17, p, LETTERS[p % 5], r=11)
            place = order.index(p) + 1 if p in order else 0
            svg.text(x + 32, y + 22, f"{names[p]}{' (you)' if p == seat else ''}", font_weight="700", font_size=14)
            svg.text(x + pl["w"] - 6, y + 22, f"{me['vp']} VP", font_weight="700", font_size=14, text_anchor="end")
            svg.text(x + 8, y + 42, f"{me['silver']} silver · {me['precious']} precious", font_size=13)
            svg.text(x + pl["w"] - 6, y + 59, f"Houses +{houses[p]}", cls="label muted", font_size=12,
                     text_anchor="end")
            svg.text(x + 8, y + 59, f"{me['wood']} wood · {me['stone']} stone", font_size=13)
            svg.text(x + 8, y + 76, f"workers: {me['free']} free, {me['placed']} placed", cls="label muted",
                     font_size=12)
            offices = [o["name"] for k, o in enumerate(OFFICE) if view["offices"]["owner"][k] == p]
            extra = (f"{_ordinal(place)} in order" + (" · has led a war" if me.get("attacked") else "")
                     + (f" · {', '.join(offices)}" if offices else ""))
            svg.text(x + 8, y + 92, extra if len(extra) <= 32 else extra[:31] + "…", cls="label muted", font_size=12)
            svg.title(f"{names[p]}: {me['vp']} VP, {me['silver']} silver, {me['wood']} wood, {me['stone']} stone, "
                      f"{me['precious']} precious; offices: {', '.join(offices) or 'none'}")


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def draw_offices(svg: Svg, view: Mapping[str, Any], names: Sequence[str]) -> None:
    o = lay()["offices"]
    off = view["offices"]
    for k, info in enumerate(OFFICE):
        col, row = k % o["cols"], k // o["cols"]
        x = o["x"] + col * (o["w"] + o["gap"])
        y = o["y"] + row * (o["h"] + o["gap"])
        owner, bid = off["owner"][k], off["bid"][k]
        with svg.thing(f"office:{k}", owner=owner, bid=bid):
            svg.rect(x, y, o["w"], o["h"], rx=5, cls="shape",
                     fill=lay()["seat_colours"][owner % 5] if owner >= 0 else None,
                     fill_opacity=0.35 if owner >= 0 else None)
            svg.text(x + 6, y + 17, info["name"], font_weight="600", font_size=13)
            svg.text(x + 6, y + 32, f"{info['cost']} silver · needs {info['min_vp']} VP", cls="label muted",
                     font_size=12)
            if info["end"]:
                svg.text(x + 6, y + 47, f"+{info['end']} VP at the end", cls="label muted", font_size=12)
            if owner >= 0 or bid >= 0:
                who = owner if owner >= 0 else bid
                token(svg, x + o["w"] - 14, y + o["h"] - 14, who, LETTERS[who % 5], r=10)
                svg.text(x + 6, y + 62, f"held by {names[who]}" if owner >= 0 else f"{names[who]}'s worker on it",
                         font_size=12)
            svg.title(f"{info['name']}: {info['cost']} silver, needs {info['min_vp']} VP"
                  + (f", {info['end']} VP at the end" if info["end"] else ""))
    with svg.thing("offices"):
        plaque(svg, o["x"], o["y"] - 29, 360, 24, "Public Offices: place a worker on one")
