"""El Grande drawn: the map of Spain with its nine regions and the Castillo, the Colonies' France,
Ship, America and Mediterranean, the players (court, provinces, power card, score), the action cards
face up and your power cards, all from a seat's view alone (`draw`).

Board things (the `data-thing` names the page clicks and marks, see `present.py`):
`region:<slug>` (the nine regions, `region:castillo`, and with the Colonies `region:france`,
`region:ship`, `region:america`, `region:mediterranean`), `court:<p>`, `player:<p>`, `card:<stack>`
(the face-up card of stacks 1-4, 5 = the King's card, 7), `power:<value>` (your power cards),
`mobile:<b>` (0 = the 8/4/0 scoreboard, 1 = the 4/0/0 one), `discs:gold`, `discs:wares` (the unclaimed
discs), `post:ship`, `post:america` (the Captain's and the Viceroy's spaces).

Data the tests read back: on an area `caballeros="0:3 1:2"` (player:count, every player with some there,
as the view's `cab`), `values="5/4/1"` (its values now), `king="1"` on the King's region, `grandes`
(the players whose Grande stands there); on France `spaces` (owners of Ambassador, Envoy, Attaché,
-1 empty); on the Ship / America `captain` / `viceroy`; on a player `score`, `court`, `provinces`,
`played` (this round's power card, 0 none); on a card slot `card` (its id, -1 none) and `left` (cards
in that stack); on a power card `used` (1 spent); on a mobile scoreboard `on` (its area, -1 beside the
board); on the discs `unclaimed`; on a post `owner` (-1 empty).

Things are never drawn over another thing's middle (a click there lands on it): what lies on a region
(its Caballeros, a mobile scoreboard's values, the King) is part of that region's group.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeple.table.drawing import Svg, layout, piece, wrap

from .data import (
    AMERICA,
    CARDS,
    CASTILLO,
    DISC_NAMES,
    FRANCE,
    FRANCE_SPACES,
    GOLD,
    KING_CARD,
    MED,
    MOBILE,
    NAMES,
    POWER_TO_COURT,
    SCORING_ROUNDS,
    SHIP,
    SPAIN,
    THE,
    VALUES,
    VICEROY_POINTS,
    WARES,
)

# El Grande's colours (Red, Yellow, Green, Blue, Black) as the colour-blind-safe Okabe-Ito hues closest
# to them; each seat keeps the shape `piece` gives it, so colour is never the only clue.
COLOURS = ("#D55E00", "#F0E442", "#009E73", "#0072B2", "#333333")
INK = ("#fff", "#000", "#fff", "#fff", "#fff")
EDGE = ("#222", "#222", "#222", "#222", "#aaa")  # Black's pieces get a light edge, seen on a dark board too
DISC_FILL = {GOLD: "#E6B800", WARES: "#9C6B3C"}
PHASE_TEXT = {
    "power": "power cards are played",
    "free": "free moves of the Ship",
    "court": "Caballeros go to court",
    "recall": "Caballeros come back to court",
    "card": "an action card is chosen",
    "act": "placement and special action",
    "effect": "special action",
    "veto": "Veto! may be played",
    "disk": "secret disks are set",
    "over": "the game is over",
}
STACK_SLOTS = (1, 2, 3, 4, 5)
GRANDE = "★"  # a Grande: a big piece of its player's with a star (a Caballero's piece carries a count)


def slug(area: int) -> str:
    return NAMES[area].lower().replace(" ", "-")


def region_thing(area: int) -> str:
    return f"region:{slug(area)}"


def initials(names: Sequence[str]) -> list[str]:
    """One letter per player (two where a letter is taken: Blue "B", Black "Bk")."""
    out: list[str] = []
    for name in names:
        first = name[:1].upper() or "?"
        out.append(first if first not in out else first + name[-1:].lower())
    return out


def values_now(view: Mapping[str, Any], a: int) -> tuple[int, ...]:
    mobile = view["mobile"]
    return tuple(MOBILE[mobile.index(a)]) if a in mobile else tuple(VALUES[a])


class Board:
    """One drawing: the view, the seat, the players' names, the layout and the SVG being written."""

    def __init__(self, view: Mapping[str, Any], seat: int | None, names: Sequence[str], colonies: bool) -> None:
        self.view, self.seat, self.names, self.colonies = view, seat, list(names), colonies
        self.letters = initials(self.names)
        self.n = len(view["scores"])
        self.lay = layout("meeple.games.elgrande")["drawing"]
        # a spectator has no power cards: the board ends below the action cards
        cards, power = self.lay["cards"], self.lay["power"]
        height = power["y"] + power["h"] + 14 if seat is not None else cards["y"] + cards["h"] + 8
        self.svg = Svg(self.lay["width"], height, "El Grande: the map of Spain, the players and the cards")

    # ----- pieces ------------------------------------------------------------------------------

    def pawn(self, x: float, y: float, p: int, text: str, r: float = 10, **attrs: Any) -> None:
        """A Caballero (or a Grande) of player p: their El Grande colour in their shape, with a text."""
        attrs.setdefault("stroke", EDGE[p % len(EDGE)])
        piece(self.svg, x, y, p, "", r=r, fill=COLOURS[p % len(COLOURS)], **attrs)
        if text:
            self.svg.text(x, y + r * 0.4, text, cls="piece-text", fill=INK[p % len(INK)],
                          font_size=f"{r * (1.1 if len(text) < 2 else 0.95):.1f}", text_anchor="middle")

    def disc(self, x: float, y: float, kind: int, r: float = 6) -> None:
        self.svg.circle(x, y, r, fill=DISC_FILL[kind], stroke="#222", stroke_width=1)

    def crown(self, x: float, y: float) -> None:
        """The King: a crown."""
        s = self.svg
        with s.group():
            s.title("The King")
            s.polygon([(x - 13, y + 8), (x - 13, y - 6), (x - 6, y + 1), (x, y - 10), (x + 6, y + 1), (x + 13, y - 6),
                       (x + 13, y + 8)], fill="#E6B800", stroke="#222", stroke_width=1.5)
            s.text(x, y + 6, "K", fill="#000", font_size=10, text_anchor="middle", font_weight=700, cls="piece-text")

    def counts(self, a: int, x: float, y: float, cols: int, minus: Mapping[int, int] | None = None) -> float:
        """Each player's Caballeros in area a as pieces with a count (less `minus`, those drawn on a
        space of their own), then the Grandes standing there; the discs carried follow their
        carrier. Returns the y below the last row."""
        view = self.view
        entries: list[tuple[int, str]] = []
        for p in range(self.n):
            k = view["cab"][p][a] - (minus or {}).get(p, 0)
            if k > 0:
                entries.append((p, str(k)))
        entries += [(p, GRANDE) for p in range(self.n) if view["grande"][p] == a]
        carried = {p: [kind for kind, ar, c in view["discs"] if c == p and ar == a] for p in range(self.n)}
        step, row = 28, 26
        for i, (p, text) in enumerate(entries):
            px, py = x + 11 + (i % cols) * step, y + 11 + (i // cols) * row
            with self.svg.group():
                who = f"{self.names[p]}'s Grande" if text == GRANDE else f"{self.names[p]}: {text} Caballero{'s' if text != '1' else ''}"
                self.svg.title(who)
                self.pawn(px, py, p, text, r=11 if text == GRANDE else 10, stroke_width=3 if text == GRANDE else 1)
                if text != GRANDE:
                    for j, kind in enumerate(carried[p]):
                        self.disc(px + 10 + 4 * j, py - 9, kind, r=5)
        return y + ((len(entries) + cols - 1) // cols) * row

    def area_data(self, a: int) -> dict[str, Any]:
        view = self.view
        cab = " ".join(f"{p}:{view['cab'][p][a]}" for p in range(self.n) if view["cab"][p][a])
        grandes = " ".join(str(p) for p in range(self.n) if view["grande"][p] == a)
        data: dict[str, Any] = {"caballeros": cab, "values": "/".join(map(str, values_now(view, a)))}
        if a == view["king"]:
            data["king"] = 1
        if grandes:
            data["grandes"] = grandes
        return data

    def who_text(self, a: int) -> str:
        parts = [f"{self.names[p]} {self.view['cab'][p][a]}" for p in range(self.n) if self.view["cab"][p][a]]
        return ", ".join(parts) or "no Caballero"

    def mobile_board(self, b: int, x: float, y: float, cls: str = "") -> None:
        """A mobile scoreboard's values in a gold frame: on the region it scores (part of that region:
        a click there is a click on the region), or as the board thing beside the board."""
        self.svg.rect(x, y, 70, 18, rx=3, cls=cls or None, fill="var(--card)", stroke="#E6B800", stroke_width=2)
        self.svg.text(x + 35, y + 13.5, " · ".join(map(str, MOBILE[b])), font_size=13, text_anchor="middle",
                      font_weight=700)

    def region_board(self, a: int, x: float, y: float) -> None:
        """The mobile scoreboard on area a, if there is one, where its values are written."""
        if a in self.view["mobile"]:
            with self.svg.group():
                self.svg.title("A mobile scoreboard: it replaces the values printed here")
                self.mobile_board(self.view["mobile"].index(a), x, y)

    def own_disk(self, a: int, x: float, y: float) -> None:
        d = self.view["disk"][self.seat] if self.seat is not None else -1
        if isinstance(d, int) and d == a:
            with self.svg.group():
                self.svg.title("Your secret disk points here (the others do not see it)")
                self.svg.circle(x, y, 9, fill="#fff", stroke=COLOURS[self.seat % len(COLOURS)], stroke_width=4)
                self.svg.circle(x, y, 2.5, fill="#222")

    # ----- the map -----------------------------------------------------------------------------

    def draw_sea_and_land(self) -> None:
        s, lay = self.svg, self.lay
        x, y, w, h = lay["sea"]
        s.rect(x, y, w, h, rx=8, fill="#4f8fc0", fill_opacity=0.22, stroke="none")
        s.polygon(lay["portugal"], fill="var(--board)", stroke="var(--boardline)", stroke_width=1)
        px, py = lay["portugal"][5]
        s.text(px - 92, py + 240, "Portugal", cls="label muted", font_size=12, font_style="italic")

    def draw_regions(self) -> None:
        view, s = self.view, self.svg
        for a in SPAIN:
            name = NAMES[a]
            reg = self.lay["regions"][name]
            with s.thing(region_thing(a), **self.area_data(a)):
                s.title(f"{name} ({'/'.join(map(str, values_now(view, a)))}): {self.who_text(a)}")
                s.polygon(reg["polygon"], cls="shape", fill=self.lay["tints"][name], fill_opacity=0.45)
                x, y = reg["label"]
                s.text(x, y, name, font_size=15, font_weight=700)
                if reg.get("inline"):
                    vx, top = x + len(name) * 9.2 + 6, y - 12
                else:
                    vx, top = x, y + 3
                if a not in view["mobile"]:
                    s.text(vx, top + 15 if not reg.get("inline") else y, " · ".join(map(str, VALUES[a])),
                           cls="label muted", font_size=13)
                row_y = y + 6 if reg.get("inline") else top + 20
                if a == view["king"]:
                    kx = vx + 70 if not reg.get("inline") else vx + 84
                    self.crown(kx, top + 9 if not reg.get("inline") else y - 5)
                self.counts(a, x - 2, row_y, reg["cols"])
                self.own_disk(a, x + reg["cols"] * 28 + 6, row_y + 10)
                self.region_board(a, vx, y - 14 if reg.get("inline") else y + 4)

    def draw_castillo(self) -> None:
        s, c = self.svg, self.lay["castillo"]
        x, y, w, h = c["x"], c["y"], c["w"], c["h"]
        with s.thing(region_thing(CASTILLO), **self.area_data(CASTILLO)):
            s.title(f"The Castillo (5/3/1; scored at each general scoring, then its Caballeros go to the regions of "
                    f"the secret disks): {self.who_text(CASTILLO)}")
            # a tower: battlements on a wall with a gate
            merlons = []
            for i in range(5):
                mx = x + i * w / 5
                merlons += [(mx, y), (mx + w / 10, y), (mx + w / 10, y + 10), (mx + w / 5, y + 10)]
            outline = [(x, y + h), *merlons[:-1], (x + w, y), (x + w, y + h)]
            s.polygon(outline, cls="shape", fill="#b9a27a", fill_opacity=0.75)
            s.path(f"M{x + w / 2 - 14} {y + h} v-22 a14 14 0 0 1 28 0 v22 z", fill="#5b4a33", fill_opacity=0.8)
            s.text(x + w / 2, y + 30, "Castillo", font_size=15, font_weight=700, text_anchor="middle")
            s.text(x + w / 2, y + 46, "5 · 3 · 1", cls="label muted", font_size=13, text_anchor="middle")
            self.counts(CASTILLO, x + 5, y + 52, 3)

    def draw_france(self) -> None:
        s, f, view = self.svg, self.lay["france"], self.view
        with s.thing(region_thing(FRANCE), spaces=" ".join(map(str, view["france"])), **self.area_data(FRANCE)):
            s.title(f"France (3/1/0; Ambassador +2, Envoy +1; room for 3): {self.who_text(FRANCE)}")
            s.polygon(f["polygon"], cls="shape", fill=self.lay["tints"]["France"], fill_opacity=0.45)
            x, y = f["label"]
            s.text(x, y, "France", font_size=15, font_weight=700)
            s.text(x + 64, y, "3 · 1 · 0" if FRANCE not in view["mobile"] else "", cls="label muted", font_size=13)
            sx0, sy, sw, sh, gap = f["space"]
            for i, (space, bonus) in enumerate(FRANCE_SPACES):
                sx = sx0 + i * (sw + gap)
                s.rect(sx, sy, sw, sh, rx=4, fill="var(--board)", stroke="var(--boardline)", stroke_width=1)
                s.text(sx + 3, sy + 14, space, font_size=12)
                s.text(sx + 4, sy + 34, f"+{bonus}" if bonus else "", cls="label muted", font_size=12)
                owner = view["france"][i]
                if owner >= 0:
                    self.pawn(sx + sw - 16, sy + 30, owner, self.letters[owner], r=10)
            if view["king"] == FRANCE:
                self.crown(x + 140, y - 5)
            gr = [p for p in range(self.n) if view["grande"][p] == FRANCE]
            for j, p in enumerate(gr):
                self.pawn(x + 170 + 24 * j, y - 5, p, GRANDE, r=11, stroke_width=3)
            self.region_board(FRANCE, x + 64, y - 14)

    def colony_box(self, a: int, box: Mapping[str, float], title: str, values: str, **data: Any) -> tuple[float, float]:
        s = self.svg
        x, y, w, h = box["x"], box["y"], box["w"], box["h"]
        s.title(title)
        s.rect(x, y, w, h, rx=10, cls="shape", fill="var(--board)")
        s.text(x + 8, y + 18, NAMES[a], font_size=15, font_weight=700)
        if a not in self.view["mobile"]:
            s.text(x + 8, y + 34, values, cls="label muted", font_size=12)
        self.region_board(a, x + 6, y + 22)
        return x, y

    def draw_ship(self) -> None:
        view, s, box = self.view, self.svg, self.lay["ship"]
        cap = view["captain"]
        with s.thing(region_thing(SHIP), captain=cap, **self.area_data(SHIP)):
            x, y = self.colony_box(SHIP, box, f"The Ship (only the Captain scores: 3): {self.who_text(SHIP)}",
                                   "Captain +3")
            # a hull under the deck
            s.path(f"M{x + 96} {y + 12} h90 l-10 18 h-70 z", fill="#8a6a45", fill_opacity=0.7)
            s.line(x + 141, y + 12, x + 141, y + 2, stroke="#8a6a45", stroke_width=2)
            self.counts(SHIP, x + 6, y + 38, 4, {cap: 1} if cap >= 0 else None)
        # the Captain's space beside the box's middle (a click on the Ship lands on the Ship)
        self.post(SHIP, x + 134, y + 42, cap, "Captain")

    def post(self, a: int, x: float, y: float, owner: int, role: str) -> None:
        with self.svg.thing(f"post:{slug(a)}", owner=owner):
            self.svg.title(f"The {role}'s space: {self.names[owner] if owner >= 0 else 'empty'}")
            self.svg.rect(x, y, 72, 30, rx=4, cls="shape", fill="var(--card)")
            self.svg.text(x + 4, y + 19, role, font_size=12)
            if owner >= 0:
                self.pawn(x + 60, y + 15, owner, self.letters[owner], r=10)

    def unclaimed(self, kind: int, x: float, y: float) -> None:
        free = sum(1 for k, _, c in self.view["discs"] if k == kind and c < 0)
        name = DISC_NAMES[kind]
        with self.svg.thing(f"discs:{name.lower()}", unclaimed=free):
            self.svg.title(f"{free} unclaimed {name} (worth {6 if kind == GOLD else 4} once brought to Spain)")
            self.svg.rect(x, y, 126, 24, rx=4, cls="shape", fill="var(--card)")
            self.svg.text(x + 6, y + 17, f"{name} {free}", font_size=13)
            for i in range(min(free, 6)):
                self.disc(x + 68 + i * 10, y + 12, kind, r=6)

    def draw_america(self) -> None:
        view, s, box = self.view, self.svg, self.lay["america"]
        vic = view["viceroy"]
        with s.thing(region_thing(AMERICA), viceroy=vic, **self.area_data(AMERICA)):
            x, y = self.colony_box(AMERICA, box, f"America (4/0/0; the Viceroy +{VICEROY_POINTS}, not counted for "
                                   f"the majority): {self.who_text(AMERICA)}", "4 · 0 · 0")
            self.counts(AMERICA, x + 6, y + 118, 4, {vic: 1} if vic >= 0 else None)
        self.post(AMERICA, x + 8, y + 44, vic, "Viceroy +5")
        self.unclaimed(GOLD, x + 8, y + 84)

    def draw_mediterranean(self) -> None:
        s, box = self.svg, self.lay["mediterranean"]
        with s.thing(region_thing(MED), **self.area_data(MED)):
            x, y = self.colony_box(MED, box, f"The Mediterranean (4/2/1): {self.who_text(MED)}", "4 · 2 · 1")
            self.counts(MED, x + 6, y + 74, 5)
        self.unclaimed(WARES, x + 8, y + 42)

    def draw_beside(self) -> None:
        """Beside the board: the mobile scoreboards not on a region, the discs in the supply."""
        s, b, view = self.svg, self.lay["beside"], self.view
        x, y = b["x"], b["y"]
        s.text(x + 4, y + 14, "Mobile scoreboards", cls="label muted", font_size=13)
        row = y + 24
        for i, at in enumerate(view["mobile"]):
            with s.thing(f"mobile:{i}", values="/".join(map(str, MOBILE[i])), on=at):
                where = f"on {THE[at]}" if at >= 0 else "beside the board"
                s.title(f"The mobile scoreboard {'/'.join(map(str, MOBILE[i]))}: {where} (it replaces the values of "
                        "the region it is on)")
                self.mobile_board(i, x + 4, row, cls="shape")
                s.text(x + 80, row + 13.5, "on" if at >= 0 else "free", cls="label muted", font_size=12)
                if at >= 0:
                    s.text(x + 8, row + 33, NAMES[at], font_size=12)
            row += 42 if at >= 0 else 24
        if self.colonies:
            sup = view["supply"]
            s.text(x + 4, row + 14, f"Supply: Gold {sup['gold']}, Wares {sup['wares']}", font_size=12)
            row += 24
        s.text(x + 4, row + 14, "★ = a Grande", cls="label muted", font_size=12)

    # ----- the round, the players, the scores ---------------------------------------------------

    def draw_header(self) -> None:
        view, s = self.view, self.svg
        rounds = view["rounds"]
        cur = rounds[min(view["round_i"], len(rounds) - 1)]
        s.text(8, 28, "El Grande", font_size=20, font_weight=700)
        s.text(126, 28, "Round", cls="label muted", font_size=13)
        for r in range(1, 10):
            x = 168 + (r - 1) * 30
            played = r in rounds
            fill = "var(--accent)" if r == cur and view["phase"] != "over" else "var(--card)"
            with s.group(opacity=1 if played else 0.35):
                s.title(f"Round {r}" + (" (general scoring after it)" if r in SCORING_ROUNDS else "")
                        + ("" if played else " (skipped in the short game)"))
                s.rect(x, 10, 26, 26, rx=4, fill=fill, stroke="var(--boardline)",
                       stroke_width=3 if r in SCORING_ROUNDS else 1)
                s.text(x + 13, 28, str(r), font_size=14, text_anchor="middle",
                       fill="#fff" if r == cur and view["phase"] != "over" else None,
                       cls="piece-text" if r == cur and view["phase"] != "over" else "label")
        s.text(442, 20, "thick border: a general scoring follows", cls="label muted", font_size=12)
        cur_p = view["cur"]
        now = PHASE_TEXT.get(view["phase"], view["phase"])
        if 0 <= cur_p < self.n and view["phase"] not in ("power", "disk", "over"):
            now += f": {self.names[cur_p]}'s turn"
        held = view.get("held") or []
        if len(held) == 3 and 0 <= held[0] < self.n and 0 <= held[1] < len(NAMES):
            now += f" · in hand: a {self.names[held[0]]} Caballero from {THE[held[1]]}"
        s.text(442, 38, f"Now: {now}", font_size=13)

    def draw_players(self) -> None:
        view, s, lay = self.view, self.svg, self.lay["players"]
        x, w, row = lay["x"], lay["w"], lay["row"]
        order = list(view["turns"]) if view["turns"] else list(view["order"])
        for p in range(self.n):
            y = lay["y"] + p * row
            you = " (you)" if p == self.seat else ""
            played = view["played"][p]
            with s.thing(f"player:{p}", score=view["scores"][p], court=view["court"][p],
                         provinces=view["prov"][p], played=played):
                s.title(f"{self.names[p]}{you}: {view['scores'][p]} points")
                turn = view["cur"] == p and view["phase"] not in ("power", "disk", "over")
                s.rect(x, y, w, row - 4, rx=8, cls="shape", fill="var(--card)",
                       stroke="var(--accent)" if turn else None, stroke_width=3 if turn else None)
                self.pawn(x + 18, y + 19, p, self.letters[p], r=11)
                s.text(x + 36, y + 24, f"{self.names[p]}{you}", font_size=15, font_weight=700)
                s.text(x + w - 10, y + 27, str(view["scores"][p]), font_size=22, font_weight=700, text_anchor="end")
                s.text(x + w - 10, y + 42, "points", cls="label muted", font_size=12, text_anchor="end")
                s.text(x + 114, y + 52, f"Provinces {view['prov'][p]}", font_size=13)
                s.text(x + 10, y + 70, f"Grande (home): {NAMES[view['grande'][p]]}", font_size=13)
                # the power card of this round, and where it puts the player in the turn order
                s.text(x + 234, y + 20, "power card", cls="label muted", font_size=12, text_anchor="end")
                s.rect(x + 240, y + 6, 32, 40, rx=4, fill="var(--board)", stroke="var(--boardline)", stroke_width=1)
                s.text(x + 256, y + 32, str(played) if played else "–", font_size=17, font_weight=700,
                       text_anchor="middle")
                if p in order and played and view["turns"]:
                    s.text(x + 234, y + 38, f"turn {order.index(p) + 1}", cls="label muted", font_size=12,
                           text_anchor="end")
                s.text(x + 10, y + 86, self.extras(p), cls="label muted", font_size=12)
            with s.thing(f"court:{p}", court=view["court"][p]):
                s.title(f"{self.names[p]}'s court: {view['court'][p]} Caballeros ready to be placed")
                s.rect(x + 8, y + 35, 96, 23, rx=4, cls="shape", fill="var(--board)")
                s.text(x + 14, y + 52, f"Court {view['court'][p]}", font_size=14, font_weight=700)

    def extras(self, p: int) -> str:
        view = self.view
        out = []
        left = 13 - len(view["used"][p])
        out.append(f"{left} power cards left" + (f" (+{view['taken_back'][p]} taken back)"
                                                   if view["taken_back"][p] and p != self.seat else ""))
        out += ["holds Veto!" for c, h, _ in view["vetoes"] if h == p]
        out += [f"keeps {CARDS[c]['name']}" for c, h in view["kept"] if h == p]
        if view["disk_need"][p] or view["disk"][p] != -1:
            d = view["disk"][p]
            if isinstance(d, int) and d >= 0:
                out.append(f"disk: {NAMES[d]}")
            else:
                out.append("disk set (hidden)" if d == "set" else "disk not set yet")
        return " · ".join(out)

    def draw_scoreboard(self) -> None:
        """The success track: each player's marker at their score, one lane each."""
        view, s, lay = self.view, self.svg, self.lay["scoreboard"]
        players = self.lay["players"]
        x, w = lay["x"], lay["w"]
        y = min(lay["y"], players["y"] + self.n * players["row"] + 14)  # right under the last player
        top = max(100, (max(view["scores"]) // 50 + 1) * 50)
        s.text(x, y + 4, "Scoreboard", cls="label muted", font_size=12)
        y0 = y + 12
        lane = min(14, (self.lay["cards"]["y"] - 10 - y0 - 6) / self.n)
        scale = (w - 40) / top
        s.rect(x, y0, w, lane * self.n + 6, rx=4, fill="var(--card)", stroke="var(--boardline)", stroke_width=1)
        for v in range(0, top + 1, 10):
            gx = x + 20 + v * scale
            s.line(gx, y0, gx, y0 + lane * self.n + 6, stroke="var(--boardline)", stroke_width=0.5)
            if v % 50 == 0:
                s.text(gx, y0 - 2, str(v), cls="label muted", font_size=12, text_anchor="middle")
        for p in range(self.n):
            with s.group():
                s.title(f"{self.names[p]}: {view['scores'][p]} points")
                self.pawn(x + 20 + view["scores"][p] * scale, y0 + 10 + p * lane, p, "", r=6.5)

    # ----- the cards ---------------------------------------------------------------------------

    def draw_cards(self) -> None:
        """The action cards face up, one slot per stack (a taken card leaves its slot empty; the card
        of the turn under way stays, marked as taken)."""
        view, s, lay = self.view, self.svg, self.lay["cards"]
        stacks = STACK_SLOTS + ((7,) if self.colonies else ())
        w = (lay["w"] - lay["gap"] * (len(stacks) - 1)) / len(stacks)
        faceup = {CARDS[c]["stack"]: c for c in view["faceup"]}
        taken = view["card"] if view["card"] >= 0 and view["phase"] in ("act", "effect", "veto") else -1
        if taken >= 0 and CARDS[taken]["stack"] not in faceup:
            faceup[CARDS[taken]["stack"]] = taken
        for i, st in enumerate(stacks):
            x, y, h = lay["x"] + i * (w + lay["gap"]), lay["y"], lay["h"]
            c = faceup.get(st, -1)
            left = view["decks"].get(str(st), 0)
            with s.thing(f"card:{st}", card=c, left=left):
                if c < 0:
                    s.title(f"Stack {st}: no card face up now")
                    s.rect(x, y, w, h, rx=8, cls="shape", fill="none", stroke_dasharray="6 4")
                    s.text(x + 8, y + 17, "King's card" if st == 5 else f"Stack {st} · {left} left", cls="label muted",
                           font_size=12)
                    s.text(x + w / 2, y + h / 2, "taken" if view["phase"] not in ("power", "over") else "",
                           cls="label muted", font_size=14, text_anchor="middle")
                    continue
                self.card(c, x, y, w, h, c == taken, left)

    def card(self, c: int, x: float, y: float, w: float, h: float, taken: bool, left: int) -> None:
        s, card = self.svg, CARDS[c]
        st = card["stack"]
        s.title(f"{card['name']} ({card['caballeros']} Caballeros): {card['text']}")
        s.rect(x, y, w, h, rx=8, cls="shape", fill="var(--card)")
        head = "King's card" if c == KING_CARD else f"Stack {st} · {left} left"
        s.text(x + 8, y + 17, head, cls="label muted", font_size=12)
        # the number of Caballeros it lets you place, as on the cards' top corner
        s.rect(x + w - 34, y + 5, 28, 22, rx=4, fill="var(--board)", stroke="var(--boardline)", stroke_width=1)
        s.text(x + w - 20, y + 21, str(card["caballeros"]), font_size=15, font_weight=700, text_anchor="middle")
        ty = y + 36
        for line in wrap(card["name"], w - 14, 14)[:2]:
            s.text(x + 7, ty, line, font_size=14, font_weight=700)
            ty += 17
        ty += 2
        for line in wrap(card["text"], w - 12, 12.5)[:7]:
            s.text(x + 7, ty, line, font_size=12.5)
            ty += 15
        if taken:
            p = self.view["cur"]
            s.rect(x + 4, y + h - 24, w - 8, 20, rx=4, fill=COLOURS[p % len(COLOURS)], fill_opacity=0.25, stroke="none")
            s.text(x + w / 2, y + h - 9, f"taken by {self.names[p]}", font_size=13, font_weight=700,
                   text_anchor="middle")

    def draw_power_cards(self) -> None:
        """Your thirteen power cards: the value and the Caballeros it brings to court; spent ones faded
        (Power of the Cards takes one of them back)."""
        if self.seat is None:
            return
        view, s, lay = self.view, self.svg, self.lay["power"]
        used = set(view["used"][self.seat])
        played = view["played"][self.seat]
        s.text(lay["x"], lay["y"] - 2, "Your power cards (Caballeros to court)", cls="label muted", font_size=12)
        for v in range(1, 14):
            x, y = lay["x"] + (v - 1) * (lay["w"] + lay["gap"]), lay["y"] + 4
            spent = v in used
            with s.thing(f"power:{v}", used=int(spent)):
                s.title(f"Power card {v}: {POWER_TO_COURT[v - 1]} Caballeros to court" + (" (spent)" if spent else ""))
                with s.group(opacity=0.4 if spent and v != played else 1):
                    s.rect(x, y, lay["w"], lay["h"], rx=6, cls="shape chosen" if v == played else "shape",
                           fill=None if v == played else "var(--card)")
                    s.text(x + lay["w"] / 2, y + 30, str(v), font_size=22, font_weight=700, text_anchor="middle")
                    s.text(x + lay["w"] / 2, y + 50, f"→ {POWER_TO_COURT[v - 1]}", cls="label muted", font_size=12,
                           text_anchor="middle")

    # ----- the whole board ---------------------------------------------------------------------

    def draw(self) -> str:
        self.draw_header()
        self.draw_sea_and_land()
        self.draw_regions()
        self.draw_castillo()
        if self.colonies:
            self.draw_france()
            self.draw_ship()
            self.draw_america()
            self.draw_mediterranean()
        self.draw_beside()
        self.draw_players()
        self.draw_scoreboard()
        self.draw_cards()
        self.draw_power_cards()
        # one element a line: a text of the board is one line (a region's, a card's, a player's), as
        # the secrecy checks read it (no hidden fact may be spelt across things drawn apart)
        return str(self.svg).replace("><", ">\n<")


def draw(view: Mapping[str, Any], seat: int | None, names: Sequence[str], colonies: bool) -> str:
    """The board as `seat` sees it (None: a spectator), from its view alone."""
    return Board(view, seat, names, colonies).draw()
