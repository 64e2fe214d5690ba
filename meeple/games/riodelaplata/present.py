"""Río de la Plata as people see it: labels that carry what decides each action, menus grouped as a
player thinks of them (by district, by edge of the city, by what one gives), and a text board.

The board is drawn from `view(seat)` and the game's static data alone (data/*.json through `board`):
the city as a grid with district borders, walls, roads, buildings and workers (and the war's groups),
then the tracks, the Major building grids, the Public Offices, the Ship and each player's goods.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from meeple.engine import Action, State
from meeple.engine.result import Event
from meeple.table.presenter import Presenter

from .board import (
    CATHEDRAL,
    CELLS,
    DISTRICT,
    DISTRICT_CELLS,
    DISTRICT_CENTRES,
    DISTRICT_NAMES,
    ENEMY_BONUS,
    ENEMY_NAMES,
    ENEMY_VALUES,
    FIRST_YEAR,
    KIND,
    KIND_NAME,
    MAJOR_NAMES,
    MAJORS,
    NUM_DISTRICTS,
    OFFICE,
    OUTSIDE,
    PALACE,
    PLAZA,
    PLAZA_VERTICES,
    ROAD_ENDS,
    SALE,
    SEG_CELL,
    SHIP_CAPACITY,
    STARTING_ZONE,
    TIME_TRACK,
    VERTEX_ROADS,
    VW,
    H,
    W,
    cell,
    cell_name,
    grid_closed_in,
    major_spaces,
    pieces_left_in,
    rc,
    track_costs,
)
from .drawing import draw
from .effects import FINE_SILVER, FINE_VP
from .scoring import district_modifier_base
from .trades import ASK, ASKED, FROM, GIVE, STAGE, TO, side_text, trade_text

SEATS = ("Red", "Green", "Blue", "Yellow", "Black")
LETTERS = ("R", "G", "B", "Y", "K")  # K: Black, as printers say (B is Blue)
STYLES = ("bold red", "bold green", "bold blue", "bold yellow", "bold white on grey23")
# three letters a building on the map (the Palace and Cathedral in capitals: they are the big ones)
ABBREV = {1: "Hut", 2: "Hse", 3: "Stc", 4: "Crp", 5: "Mkt", 6: "Cor", 7: "Squ", 8: "Mnt", 9: "Gdn",
          10: "Brk", 11: "Chu", PALACE: "PAL", CATHEDRAL: "CAT"}
GOODS = ("silver", "wood", "stone", "precious")
AREA_NAMES = {"field": "Field work", "artisan": "Artisan work", "dock": "the dock", "order": "the order track"}
AREA_WHAT = {
    "field": "2 workers make 1 silver",
    "artisan": "each trades 1 wood or stone for 1 precious",
    "dock": "each loads up to 3 resources on the Ship",
    "order": "the most workers here go first next year",
}
CELL_W = 5  # characters of a city space on the board


def name(p: int) -> str:
    return SEATS[p] if 0 <= p < len(SEATS) else f"P{p + 1}"


def styled(p: int, text: str | None = None) -> Text:
    return Text(text if text is not None else name(p), style=STYLES[p] if 0 <= p < len(STYLES) else "")


def place(x: int) -> str:
    """A city space by its name and district ("F6, Monserrat"; the Plaza Mayor has no district)."""
    d = DISTRICT[x]
    return f"{cell_name(x)} ({DISTRICT_NAMES[d] if d >= 0 else 'Plaza Mayor'})"


def pos_place(pos: int) -> str:
    return place(pos) if pos < CELLS else f"outside {place(pos - OUTSIDE)}"


def road_place(i: int) -> str:
    """A road by the two spaces it runs between (it lies along their common border)."""
    a, b = ROAD_ENDS[i]
    ya, xa = divmod(a, VW)
    yb, xb = divmod(b, VW)
    if ya == yb:  # along a horizontal grid line: between the space above and the one below
        one, two = cell(ya - 1, min(xa, xb)), cell(ya, min(xa, xb))
    else:
        one, two = cell(min(ya, yb), xa - 1), cell(min(ya, yb), xa)
    return f"road between {place(one)} and {place(two)}"


def seg_place(g: int) -> str:
    side = ("top", "bottom", "left", "right")[0 if g < W else 1 if g < 2 * W else 2 if g < 2 * W + H else 3]
    return f"wall on the {side} edge of {place(SEG_CELL[g])}"


def seg_side(g: int) -> str:
    return ("north", "south", "west", "east")[0 if g < W else 1 if g < 2 * W else 2 if g < 2 * W + H else 3]


def cost_text(kind: int) -> str:
    info = KIND[kind]
    parts = [f"{info[r]} {r}" for r in ("wood", "stone", "precious", "silver") if info[r]]
    return " + ".join(parts) if parts else "free"


def goods(kind: int, n: int) -> str:
    return f"the {OFFICE[kind - 4]['name']} office" if kind >= 4 else f"{n} {GOODS[kind]}"


def major_cost(b: int) -> str:
    return {"both": "1 wood + 1 stone", "either": "1 wood or 1 stone", "free": "free"}[MAJORS["majors"][b]["cost"]]


class RioPresenter(Presenter):
    """Labels, groups and the text board of Río de la Plata."""

    # ----- labels -------------------------------------------------------------------------------

    def label(self, state: State, seat: int, view: Mapping[str, Any], action: Action) -> str:
        try:
            text = self._label(view, seat, action)
        except (IndexError, KeyError, TypeError, ValueError):
            text = None
        return text if text is not None else state.action_text(action)

    def _label(self, v: Mapping[str, Any], p: int, a: Action) -> str | None:
        verb = a[0]
        me = v["players"][p]
        if verb == "city":
            return self._city_label(v, p, a[1], a[2])
        if verb == "use":
            return f"place a worker to activate {self._whose(v, a[1], p)} {KIND_NAME[self._kind(v, a[1])]} on {place(a[1])}"
        if verb == "major":
            return f"place a worker on the {MAJOR_NAMES[a[1]]} grid ({major_cost(a[1])} a space)"
        if verb == "space":
            b = v["pick"][1]
            vp = major_spaces(len(v["players"]))[b][a[1]]
            pay = ("1 stone" if a[2] else "1 wood") if b == 3 else major_cost(b)
            return f"{MAJOR_NAMES[b]} space {a[1] + 1}: {vp} VP when completed, pay {pay}"
        if verb == "mine":
            track = v["mine"][a[1]]
            costs = track_costs(len(v["players"]), ("mine", "forest")[a[1]])
            i = track.index(-1)
            what = ("mine", "stone") if a[1] == 0 else ("forest", "wood")
            return f"place {costs[i]} worker(s) on the {what[0]}: 1 {what[1]} in the effect phase"
        if verb in AREA_NAMES:
            return f"place {a[1]} worker(s) on {AREA_NAMES[verb]} ({AREA_WHAT[verb]})"
        if verb == "work":
            key = ("field", "artisan", "dock", "order")[a[1]]
            return f"place workers on {AREA_NAMES[key]} ({AREA_WHAT[key]})"
        if verb in ("office", "claim"):
            k = a[1] if verb == "office" else me["bid"]
            return self._office_label(verb, k, me)
        if verb == "resource":
            return f"buy 1 {('wood', 'stone')[a[1]]} for {me['bought'] + 1} silver (you have {me['silver']})"
        if verb == "buy":
            return f"buy a resource from the bank (the next costs {me['bought'] + 1} silver)"
        if verb == "offer":
            q = v["players"][a[1]]
            has = ", ".join(f"{q[g]} {g}" for g in GOODS)
            return f"make {name(a[1])} a trade offer ({name(a[1])} has {has})"
        if verb in ("accept", "decline"):
            return self._answer_label(v, verb)
        if verb == "bet":
            return self._bet_label(v, a[1])
        if verb in ("add", "give", "ask", "propose", "withdraw", "counter"):
            return self._trade_label(v, a)
        if verb == "tile":
            what = {PALACE: "Palace", CATHEDRAL: "Cathedral"}.get(v["tile"][0], "tile")
            return f"place the {what} on {place(a[1])}{self._demolish(v, a[1], p)}"
        if verb in ("wall", "free_wall"):
            return ("free " if verb == "free_wall" else "") + seg_place(a[1])
        if verb in ("road", "free_road"):
            return ("free " if verb == "free_road" else "") + road_place(a[1])
        if verb == "build":
            return self._build_label(v, a[1], a[2])
        if verb == "activate":
            return self._activate_label(v, p, a[1], a[2])
        if verb == "craft":
            return f"Artisan work: trade 1 {('wood', 'stone')[a[1]]} for 1 precious"
        if verb == "load":
            silver, vp = SALE[a[1]]
            return f"load 1 {('wood', 'stone', 'precious')[a[1]]} on the Ship (sells for {silver} silver + {vp} VP)"
        if verb == "deploy":
            return f"deploy {a[2]} attacker(s) outside {place(a[1])}"
        if verb == "recruit":
            return f"place a defender on {place(a[1])}{self._recruit_cost(v)}"
        if verb == "move":
            return f"move the group of {self._group_text(v, a[1])} at {pos_place(a[1])} to {place(a[2])}"
        if verb == "enter":
            return f"bring {a[2]} attacker(s) from {pos_place(a[1])} to {place(a[3])}"
        if verb == "kill":
            return f"the cannons kill an attacker at {pos_place(a[1])}"
        if verb == "bonus":
            return (f"discard the group at {pos_place(a[2])} to move the group of {self._group_text(v, a[1])} at "
                    f"{pos_place(a[1])} 1 space more")
        if verb == "join":
            who = "you command the merged group" if a[3] == 0 else "they command the merged group"
            return (f"ask to merge the group at {place(a[1])} into the group of {self._group_text(v, a[2])} at "
                    f"{place(a[2])} ({who})")
        if verb == "keep":
            return f"keep the group of {self._group_text(v, a[1])} at {place(a[1])} on the map as workers"
        return None

    @staticmethod
    def _bet_label(v: Mapping[str, Any], k: int) -> str:
        if not k:
            return "do not fire the cannons (bet 0)"
        plus = 1 if v["war"]["gunner_char"] else 0
        need = 6 + k
        ways = sum(1 for i in range(1, 7) for j in range(1, 7) if i + j + plus >= need)
        gunner = " + 1 (the Gunner)" if plus else ""
        return f"bet {k}: the cannons kill {k} attacker(s) if two dice{gunner} roll {need} or more (chance {ways}/36)"

    @staticmethod
    def _trade_label(v: Mapping[str, Any], a: Action) -> str:
        """A step of a negotiation: the bundle is built a good at a time (trades.py)."""
        t = v["trade"]
        verb = a[0]
        if verb == "add":
            who = t[FROM] if a[1] == 0 else t[TO]
            has = ", ".join(f"{v['players'][who][g]} {g}" for g in GOODS)
            if a[1] == 0:
                return f"add to what you give {name(t[TO])} (you have {has})"
            return f"add to what you ask {name(t[TO])} for ({name(t[TO])} has {has})"
        if verb == "give":
            return f"give {goods(a[1], a[2])} (you have {_holding(v, t[FROM], a[1])})"
        if verb == "ask":
            return f"ask for {goods(a[1], a[2])} ({name(t[TO])} has {_holding(v, t[TO], a[1])})"
        if verb == "propose":
            return f"propose to {name(t[TO])}: you give {side_text(t, GIVE)}, you get {side_text(t, ASK)}"
        if verb == "withdraw":
            return "make no offer after all"
        return f"counter: make {name(t[FROM])} an offer of your own instead"

    @staticmethod
    def _answer_label(v: Mapping[str, Any], verb: str) -> str | None:
        if v["trade"]:
            t = v["trade"]
            if verb == "accept":
                return f"accept {name(t[FROM])}'s offer: you get {side_text(t, GIVE)} and give {side_text(t, ASK)}"
            return f"decline {name(t[FROM])}'s offer"
        if v.get("war") and v["war"]["stage"] == "consent":
            return f"{verb} the merge of the groups"
        return None

    @staticmethod
    def _kind(v: Mapping[str, Any], x: int) -> int:
        return next((k for y, k, _ in v["buildings"] if y == x), 0)

    @staticmethod
    def _whose(v: Mapping[str, Any], x: int, seat: int) -> str:
        o = next((o for y, _, o in v["buildings"] if y == x), -1)
        return "your" if o == seat else f"{name(o)}'s" if o >= 0 else "the"

    def _city_label(self, v: Mapping[str, Any], p: int, x: int, k: int) -> str:
        text = f"place {k} worker(s) on {place(x)}"
        kind = self._kind(v, x)
        if kind:
            text += f", on {self._whose(v, x, p)} {KIND_NAME[kind]}"
        there = next(((o, n) for y, o, n in v["workers"] if y == x), None)
        if there and there[0] != p:
            text += f": replaces {name(there[0])}'s {there[1]} worker(s), 1 of yours is sacrificed"
        return text

    @staticmethod
    def _office_label(verb: str, k: int, me: Mapping[str, Any]) -> str:
        o = OFFICE[k]
        end = f", {o['end']} VP at the end" if o["end"] else ""
        terms = f"{o['cost']} silver, needs {o['min_vp']} VP{end}"
        if verb == "office":
            return f"place a worker on the {o['name']} office ({terms}; you have {me['silver']} silver, {me['vp']} VP)"
        able = me["silver"] >= o["cost"] and me["vp"] >= o["min_vp"]
        lost = f"{FINE_SILVER} silver" if me["silver"] >= FINE_SILVER else "all your money and resources"
        fine = f"{lost} and {FINE_VP} VP"
        how = f"you pay {o['cost']} silver" if able else f"you cannot: the fine is {fine}"
        return f"take the {o['name']} office ({terms}): {how}"

    def _demolish(self, v: Mapping[str, Any], x: int, p: int) -> str:
        kind = self._kind(v, x)
        return f" (demolishes {self._whose(v, x, p)} {KIND_NAME[kind]})" if kind else ""

    @staticmethod
    def _build_label(v: Mapping[str, Any], x: int, kind: int) -> str:
        info = KIND[kind]
        vp = f", {info['vp']} VP" if info["vp"] else ""
        goods = cost_text(kind) if cost_text(kind) != "free" else "no goods"
        return f"build a {info['name']} on {place(x)} ({info['workers']} builder(s), {goods}{vp})"

    def _activate_label(self, v: Mapping[str, Any], p: int, x: int, mode: int) -> str:
        k = self._kind(v, x)
        res = ("wood", "stone", "precious")[mode]
        what = {
            3: "pay 1 stone, get 3 stone",
            4: "pay 1 wood, get 3 wood",
            11: f"pay 1 silver, get {3 if any(b[1] == CATHEDRAL for b in v['buildings']) else 2} VP",
            5: f"sell 1 {res} for {2 if mode == 2 else 1} silver",
            6: f"sell 1 {res} for {3 if mode == 2 else 2} silver",
        }.get(k, "")
        return f"activate {self._whose(v, x, p)} {KIND_NAME[k]} on {place(x)}: {what}"

    @staticmethod
    def _recruit_cost(v: Mapping[str, Any]) -> str:
        w = v["war"]
        if w["rec_free"] > 0:
            return " (free)"
        return f" ({w['rec_paid'] + 1} silver)"

    @staticmethod
    def _group_text(v: Mapping[str, Any], pos: int) -> str:
        w = v["war"]
        owners = next((g for x, g in w["groups"] if x == pos), [])
        return " ".join(f"{sum(1 for o in owners if o == q)} {'attacker' if q < 0 else name(q)}"
                        for q in dict.fromkeys(owners))

    # ----- groups -------------------------------------------------------------------------------

    def group(self, view: Mapping[str, Any], action: Action, label: str) -> str:
        verb = action[0]
        if verb in ("move", "bonus", "join"):
            return f"move the group at {pos_place(action[1])}"
        if verb in ("city", "use", "build", "activate", "recruit", "tile", "keep"):
            d = DISTRICT[action[1]]
            return DISTRICT_NAMES[d] if d >= 0 else "Plaza Mayor"
        if verb in ("wall", "free_wall", "deploy"):
            g = action[1]
            if verb == "deploy":
                d = DISTRICT[g]
                return f"outside {DISTRICT_NAMES[d]}, {_cell_side(g)} side"
            return f"walls on the {seg_side(g)} side"
        if verb in ("road", "free_road"):
            a, _ = ROAD_ENDS[action[1]]
            y, x = divmod(a, VW)
            d = DISTRICT[cell(min(y, H - 1), min(x, W - 1))]
            return f"roads in {DISTRICT_NAMES[d] if d >= 0 else 'the Plaza Mayor'}"
        if verb in ("give", "ask"):
            what = "an office" if action[1] >= 4 else GOODS[action[1]]
            return f"{'give' if verb == 'give' else 'ask for'} {what}"
        if verb == "enter":
            return f"from {pos_place(action[1])}"
        return "other choices"

    # ----- the drawn board ----------------------------------------------------------------------

    def svg(self, view: Mapping[str, Any], seat: int | None, options: Mapping[str, Any]) -> str | None:
        names = [self.game.seat_names[p] if p < len(self.game.seat_names) else f"P{p + 1}"
                 for p in range(len(view["players"]))]
        return draw(view, seat, names, district_modifiers(view), house_points(view))

    def targets(self, view: Mapping[str, Any], action: Action) -> tuple[str, ...]:
        """The board things an action names (see `drawing` for the things): a space of the city, a wall
        or road segment, a grid and its space, a track, a work area, the Ship, an office, a player; a
        war move's group and then its destination. Menus and answers (money, bets, trade terms, done)
        name nothing on the board."""
        try:
            return _targets(view, action)
        except (IndexError, KeyError, TypeError, ValueError):
            return ()

    def marks(self, view: Mapping[str, Any], event: Event) -> tuple[str, ...]:
        """What an event touched: the city spaces its text names (a placement, a building, an
        activation, a battle, a defender), the grid a completion fills, the office taken, the Ship,
        the tracks at a war check or a new year, the players of a trade."""
        return _marks(view, event)

    # ----- the board ----------------------------------------------------------------------------

    def board(self, view: Mapping[str, Any], seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        parts: list[RenderableType] = [self._heading(view, seat), city_grid(view), legend(view)]
        if view.get("war"):
            parts.append(war_panel(view))
        parts += [districts_line(view), tracks_panel(view), majors_panel(view), offices_panel(view),
                  ship_line(view), players_table(view, seat)]
        if view.get("trade"):
            parts.append(trade_line(view))
        return Group(*parts)

    def hand(self, view: Mapping[str, Any], seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        """Nothing in Río is held in secret: a player's goods, workers and offices, as everyone sees them."""
        if seat is None:
            return players_table(view, None)
        return Group(Text("Nothing is hidden in Río de la Plata: this is what you have, as everyone sees it."),
                     players_table(view, seat, only=seat))

    def scores(self, view: Mapping[str, Any], seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        table = RichTable(box=None, pad_edge=False)
        for col in ("player", "VP", "Houses now", "silver", "offices"):
            table.add_column(col, justify="left" if col in ("player", "offices") else "right", header_style="bold")
        houses = house_points(view)
        for p, pl in enumerate(view["players"]):
            table.add_row(styled(p), str(pl["vp"]), str(houses[p]), str(pl["silver"]), offices_of(view, p))
        note = Text("VP so far; at the end each House scores 2 + its district's modifier (Houses now: as the city "
                    "stands), and money and offices score too.", style="dim")
        return Group(table, note)

    @staticmethod
    def _heading(view: Mapping[str, Any], seat: int | None) -> Text:
        turn, phase = view["turn"], view["phase"]
        year = FIRST_YEAR + min(turn, view["num_turns"] - 1)
        text = Text(f"Río de la Plata · {year} (year {min(turn + 1, view['num_turns'])} of {view['num_turns']}) · ",
                    style="bold")
        text.append({"place": "placing workers", "effect": "the workers take effect", "war": "war",
                     "over": "the game is over"}[phase], style="bold")
        if seat is not None:
            text.append(" · you are ")
            text.append_text(styled(seat))
        text.append("\nOrder this year: ")
        for i, p in enumerate(view["order"]):
            if i:
                text.append(" → ")
            text.append_text(styled(p))
        movers = view.get("to_move") or []
        if movers:
            text.append("   to move: ")
            text.append_text(styled(movers[0]))
        return text


AREA_THINGS = ("area:field", "area:artisan", "area:dock", "area:order")


def _pos(pos: int) -> str:
    """A war position: a city space, or the ground outside the wall next to a perimeter space."""
    return f"cell:{pos}" if pos < CELLS else f"outside:{pos - OUTSIDE}"


def _targets(v: Mapping[str, Any], a: Action) -> tuple[str, ...]:
    verb = a[0]
    if verb in ("city", "use", "tile", "build", "activate", "recruit", "keep"):
        return (f"cell:{a[1]}",)
    if verb == "zone":
        return (f"zone:{a[1]}",)
    if verb == "major":
        return (f"major:{a[1]}",)
    if verb == "space":
        return (f"major:{v['pick'][1]}:{a[1]}",)
    if verb == "mine":
        return (f"mine:{a[1]}",)
    if verb == "work":
        return (AREA_THINGS[a[1]],)
    if verb in ("field", "artisan", "dock", "order"):
        return (f"area:{verb}",)
    if verb == "craft":
        return ("area:artisan",)
    if verb in ("load", "depart"):
        return ("ship",)
    if verb == "bid":
        return ("offices",)
    if verb == "office":
        return (f"office:{a[1]}",)
    if verb == "claim":
        mover = v["to_move"][0]
        return (f"office:{v['players'][mover]['bid']}",)
    if verb == "offer":
        return (f"player:{a[1]}",)
    if verb in ("wall", "free_wall"):
        return (f"wall:{a[1]}",)
    if verb in ("road", "free_road"):
        return (f"road:{a[1]}",)
    if verb == "deploy":
        return (f"outside:{a[1]}",)
    if verb == "kill":
        return (_pos(a[1]),)
    if verb in ("move", "join"):
        return (_pos(a[1]), f"cell:{a[2]}")
    if verb == "enter":
        return (_pos(a[1]), f"cell:{a[3]}")
    if verb == "bonus":
        return (_pos(a[1]), _pos(a[2]))
    return ()


# a city space as the events name it ("E8 (Monserrat)"), not the ground outside the wall next to it
_PLACE = re.compile(r"(?<!outside )\b([A-P])(10|[1-9]) \(")
_OFFICES = sorted(((o["name"], k) for k, o in enumerate(OFFICE)), key=lambda item: -len(item[0]))
_AREA_WORDS = (("Field work", "area:field"), ("Artisan work", "area:artisan"), ("the dock", "area:dock"),
               ("the order track", "area:order"), ("the mine", "mine:0"), ("the forest", "mine:1"))


def _marks(v: Mapping[str, Any], e: Event) -> tuple[str, ...]:
    kind, text = e.kind, e.text
    cells = tuple(f"cell:{(int(m.group(2)) - 1) * W + ord(m.group(1)) - 65}" for m in _PLACE.finditer(text))
    if kind == "place":
        if cells:
            return cells
        for b, name_ in enumerate(MAJOR_NAMES):
            if f"{name_} space" in text or f"the {name_} grid" in text:
                return (f"major:{b}",)
        for words, thing in _AREA_WORDS:
            if words in text:
                return (thing,)
        return next(((f"office:{k}",) for name_, k in _OFFICES if f"the {name_} office" in text), ())
    if kind.startswith("build_") or kind in ("activate", "destroy", "battle", "recruit", "remove", "displace", "move"):
        return cells[-1:] if kind == "move" else cells
    if kind in ("office", "fine"):
        return next(((f"office:{k}",) for name_, k in _OFFICES if f"the {name_}" in text or f"becomes {name_}" in text),
                    ())
    if kind == "major":
        return next(((f"major:{b}",) for b, name_ in enumerate(MAJOR_NAMES) if f"completes the {name_}" in text), ())
    if kind in ("depart", "voyage", "ship_return"):
        return ("ship",)
    if kind in ("war_check", "war", "attackers", "walled", "war_end"):
        return ("enemies",)
    if kind == "turn":
        return ("time",)
    if kind in ("trade", "trade_declined", "offer", "counter", "buy") and e.player is not None:
        return (f"player:{e.player}",)
    if kind == "end":  # the final scoring: every player's panel
        return tuple(f"player:{p}" for p in range(len(v["players"])))
    return ()


def _cell_side(x: int) -> str:
    r, c = rc(x)
    return "north" if r == 0 else "south" if r == H - 1 else "west" if c == 0 else "east"


# ----- the city ---------------------------------------------------------------------------------


def city_grid(view: Mapping[str, Any]) -> Text:
    """The city map: one space 5 characters wide and two lines high; │ and ─ are district borders,
    ║ and ═ roads; the outer frame is the wall (█ ▀ ▄ where built, ┆ ┄ where open)."""
    kinds = {x: (k, o) for x, k, o in view["buildings"]}
    workers = {x: (o, n) for x, o, n in view["workers"]}
    active: dict[int, list[int]] = {}
    for x, p in view["activations"]:
        active.setdefault(x, []).append(p)
    war = view.get("war") or {}
    groups = {pos: g for pos, g in war.get("groups", [])}
    walls = set(view["walls"])
    roads = {ROAD_ENDS[i] for i in view["roads"]}
    busy = set(kinds) | set(workers) | set(active) | set(groups) | STARTING_ZONE
    labels = {}
    for d in range(NUM_DISTRICTS):  # each district's name on its first empty space (none when it is full)
        free = [x for x in DISTRICT_CELLS[d] if x not in busy]
        if free:
            labels[free[0]] = d
    text = Text()
    text.append("    " + "".join(f"{chr(65 + c):^{CELL_W}} " for c in range(W)).rstrip() + "\n")
    for r in range(H + 1):
        text.append_text(_border_line(r, walls, roads))
        text.append("\n")
        if r == H:
            break
        for line in (0, 1):
            text.append(f"{r + 1:>2} " if line == 0 else "   ")
            for c in range(W):
                text.append_text(_vertical(r, c, walls, roads))
                x = cell(r, c)
                if x in labels:
                    label = DISTRICT_CODES[labels[x]] if line == 0 else ""
                    text.append(f"{label:<{CELL_W}}", style="italic cyan")
                else:
                    text.append_text(_cell_text(x, line, kinds, workers, active, groups))
            text.append_text(_vertical(r, W, walls, roads))
            text.append("\n")
    return text


def _district(r: int, c: int) -> int | None:
    """The district of a space (the Plaza Mayor is -1), None outside the city."""
    if 0 <= r < H and 0 <= c < W:
        return DISTRICT[cell(r, c)]
    return None


def _vertex(x: int, y: int) -> int:
    return y * VW + x


def _has_road(roads: set[tuple[int, int]], a: int, b: int) -> bool:
    return (a, b) in roads or (b, a) in roads


def _vertical(r: int, c: int, walls: set[int], roads: set[tuple[int, int]]) -> Text:
    """The character left of space (r, c) (c == W: right of the last one)."""
    if c == 0:
        return Text("█", style="bold") if 2 * W + r in walls else Text("┆", style="dim")
    if c == W:
        return Text("█", style="bold") if 2 * W + H + r in walls else Text("┆", style="dim")
    if _has_road(roads, _vertex(c, r), _vertex(c, r + 1)):
        return Text("║", style="bold yellow")
    return Text("│" if _district(r, c - 1) != _district(r, c) else " ", style="dim")


def _border_line(r: int, walls: set[int], roads: set[tuple[int, int]]) -> Text:
    """The line above row r (r == H: below the last row): walls on the frame, roads and district borders inside."""
    out = Text("   ")
    for c in range(W):
        out.append_text(_corner(r, c, roads))
        if r == 0:
            built = c in walls
            out.append("▀" * CELL_W if built else "┄" * CELL_W, style="bold" if built else "dim")
        elif r == H:
            built = W + c in walls
            out.append("▄" * CELL_W if built else "┄" * CELL_W, style="bold" if built else "dim")
        elif _has_road(roads, _vertex(c, r), _vertex(c + 1, r)):
            out.append("═" * CELL_W, style="bold yellow")
        elif _district(r - 1, c) != _district(r, c):
            out.append("─" * CELL_W, style="dim")
        else:
            out.append(" " * CELL_W)
    out.append_text(_corner(r, W, roads))
    return out


def _corner(r: int, c: int, roads: set[tuple[int, int]]) -> Text:
    v = _vertex(c, r)
    near = [_vertex(c - 1, r), _vertex(c + 1, r), _vertex(c, r - 1), _vertex(c, r + 1)]
    if any(_has_road(roads, v, n) for n in near):
        return Text("+", style="bold yellow")
    around = {_district(r - 1, c - 1), _district(r - 1, c), _district(r, c - 1), _district(r, c)}
    return Text("·" if len(around - {None}) > 1 or None in around else " ", style="dim")


def _cell_text(x: int, line: int, kinds: dict, workers: dict, active: dict, groups: dict) -> Text:
    if line == 0:
        if x in kinds:
            k, o = kinds[x]
            out = Text(ABBREV.get(k, "???"), style="bold" if k in (PALACE, CATHEDRAL) else "")
            out.append_text(styled(o, f":{LETTERS[o]}") if o >= 0 else Text("  "))
            return out
        if x in PLAZA:
            r, c = rc(x)
            return Text(("PLAZA", "MAYOR")[c - min(cc for rr, cc in map(rc, PLAZA))] if r == min(
                rc(y)[0] for y in PLAZA) else "     ", style="bold")
        return _empty(x)
    out = Text()
    if x in groups:
        for o in groups[x]:
            out.append_text(Text("x", style="bold magenta") if o < 0 else styled(o, LETTERS[o]))
    elif x in workers:
        o, n = workers[x]
        out.append_text(styled(o, LETTERS[o] * n))
    for p in active.get(x, []):
        out.append_text(styled(p, "+" + LETTERS[p]))
    out.truncate(CELL_W)
    out.pad_right(CELL_W - len(out))
    return out


def _empty(x: int) -> Text:
    """An empty space: a dot in the Starting Zone."""
    return Text("  ∙  " if x in STARTING_ZONE else " " * CELL_W, style="dim")


# five letters of each district's name, shown on the map (the last word of a two-word name)
DISTRICT_CODES = tuple(n.split()[-1][:5] if n != "Catedral Norte" else "CNort" for n in DISTRICT_NAMES)


def legend(view: Mapping[str, Any]) -> Text:
    text = Text("Key: ", style="dim")
    text.append(", ".join(f"{a} {KIND_NAME[k]}" for k, a in ABBREV.items()), style="dim")
    text.append("; :R owner; RRR workers waiting to build; +R a worker activating; ", style="dim")
    text.append("x", style="bold magenta")
    text.append(" an attacker; ∙ Starting Zone; ═ ║ roads; █ ▀ ▄ walls (┆ ┄ open)\nColours: ", style="dim")
    for p in range(len(view["players"])):
        text.append_text(styled(p, f"{LETTERS[p]} {name(p)}"))
        text.append("  ")
    return text


def districts_line(view: Mapping[str, Any]) -> Text:
    """Each district's House modifier now (its buildings, +1 with a road to the Plaza Mayor)."""
    bkind = [0] * CELLS
    for x, k, _ in view["buildings"]:
        bkind[x] = k
    kinds = tuple(bkind)
    conn = _connected(view)
    text = Text("Districts", style="bold")
    text.append(" (a House scores 2 VP + its district's modifier; the inner four touch the Plaza): ")
    for d in range(NUM_DISTRICTS):
        road = d in conn
        mod = max(0, district_modifier_base(kinds, d) + (1 if road else 0))
        code = f" ({DISTRICT_CODES[d]})" if DISTRICT_CODES[d] != DISTRICT_NAMES[d] else ""
        text.append(f"{DISTRICT_NAMES[d]}{code} ", style="italic cyan")
        text.append(f"+{mod}{' road' if road else ''}" + ("; " if d < NUM_DISTRICTS - 1 else ""))
    return text


def district_modifiers(view: Mapping[str, Any]) -> list[int]:
    """Each district's House modifier as the city stands (its buildings, +1 with a road to the Plaza)."""
    bkind = [0] * CELLS
    for x, k, _ in view["buildings"]:
        bkind[x] = k
    kinds = tuple(bkind)
    conn = _connected(view)
    return [max(0, district_modifier_base(kinds, d) + (1 if d in conn else 0)) for d in range(NUM_DISTRICTS)]


def house_points(view: Mapping[str, Any]) -> list[int]:
    """What each player's Houses would score as the city stands: 2 + the district's modifier each."""
    mods = district_modifiers(view)
    out = [0] * len(view["players"])
    for x, k, o in view["buildings"]:
        if k == 2 and o >= 0 and DISTRICT[x] >= 0:
            out[o] += 2 + mods[DISTRICT[x]]
    return out


def _connected(view: Mapping[str, Any]) -> set[int]:
    """The districts whose centre the roads link to the Plaza Mayor (as `city.update_connections`)."""
    built = set(view["roads"])
    seen = set(PLAZA_VERTICES)
    stack = list(PLAZA_VERTICES)
    while stack:
        v = stack.pop()
        for i in VERTEX_ROADS.get(v, ()):
            if i in built:
                for w in ROAD_ENDS[i]:
                    if w not in seen:
                        seen.add(w)
                        stack.append(w)
    return {d for d in range(NUM_DISTRICTS) if DISTRICT_CENTRES[d] in seen}


def tracks_panel(view: Mapping[str, Any]) -> Text:
    """The enemies track (a war when two dice roll at or under a marker's value), the time track, the
    mine and the forest."""
    text = Text("Enemies", style="bold")
    text.append(" (war when 2 dice roll at most a value): ")
    for e, pos in enumerate(view["enemies"]):
        bonus = ENEMY_BONUS[pos]
        text.append(f"{ENEMY_NAMES[e]} {ENEMY_VALUES[pos]}{f' (+{bonus} attackers)' if bonus else ''}   ")
    if view["roll"]:
        text.append(f"last war-check roll {view['roll']}")
    text.append("\nTime", style="bold")
    text.append(" (F: Natives +1, S: Pirates +1): ")
    now = view["turn"]
    for t in range(view["num_turns"]):
        mark = TIME_TRACK[t] if t < len(TIME_TRACK) else ""
        item = f"{FIRST_YEAR + t}{mark}"
        text.append(f"[{item}]" if t == now else item, style="bold reverse" if t == now else "dim" if t < now else "")
        text.append(" ")
    n = len(view["players"])
    for t, track in enumerate(view["mine"]):
        text.append(("\nMine (workers for 1 stone): ", "   Forest (workers for 1 wood): ")[t], style="bold")
        for i, o in enumerate(track):
            cost = track_costs(n, ("mine", "forest")[t])[i]
            text.append(f"{cost}")
            text.append_text(styled(o, LETTERS[o]) if o >= 0 else Text("·", style="dim"))
            text.append("  " if i < len(track) - 1 else "")
    return text


def majors_panel(view: Mapping[str, Any]) -> Text:
    """The Major building grids, two a line: each space's VP and whose worker is on it."""
    spaces = major_spaces(len(view["players"]))
    text = Text("Major buildings", style="bold")
    left = pieces_left_in(view)  # of the 60: at 0 the Walls and Roads grids close (RULES.md)
    text.append(f" (a worker a space; a full grid pays each space its VP; {left} wall/road pieces left):")
    for b, grid in enumerate(view["grids"]):
        text.append("\n" if b % 2 == 0 else "   ")
        done = view["completed"][b]
        if MAJORS["majors"][b]["repeat"]:
            state = f"{done}× done" + (", CLOSED" if grid_closed_in(view, b) else "")
        else:
            state = "BUILT" if done else ""
        item = Text(f"{MAJOR_NAMES[b]} ({major_cost(b)}{', ' + state if state else ''}): ")
        for i, o in enumerate(grid):
            item.append(f"{spaces[b][i]}")
            item.append_text(styled(o, LETTERS[o]) if o >= 0 else Text("·", style="dim"))
            item.append(" ")
        item.pad_right(54 - len(item)) if b % 2 == 0 else None
        text.append_text(item)
    return text


def offices_panel(view: Mapping[str, Any]) -> Text:
    """The twelve Public Offices, three a line: price, VP needed, end VP, and who holds it or bids."""
    off = view["offices"]
    text = Text("Public Offices", style="bold")
    text.append(" (price in silver / VP needed / VP at the end; who holds it; * a worker on it):")
    for k, o in enumerate(OFFICE):
        text.append("\n" if k % 3 == 0 else "  ")
        end = f"/+{o['end']}" if o["end"] else ""
        item = Text(f"{o['name']} {o['cost']}s/{o['min_vp']}VP{end} ")
        owner, bid = off["owner"][k], off["bid"][k]
        if owner >= 0:
            item.append_text(styled(owner))
        if bid >= 0:
            item.append_text(styled(bid, f"*{name(bid)}"))
        if owner < 0 and bid < 0:
            item.append("-", style="dim")
        item.pad_right(35 - len(item)) if k % 3 != 2 else None
        text.append_text(item)
    return text


def ship_line(view: Mapping[str, Any]) -> Text:
    ship = view["ship"]
    cargo = ship["cargo"]
    text = Text("Ship", style="bold")
    text.append(": ")
    if not view["completed"][4]:
        text.append("no loading until the Harbour is built; ")
    load = sum(sum(c) for c in cargo)
    text.append("away to Spain (back next year)" if ship["away"] else f"at the dock, {load} of {SHIP_CAPACITY} loaded")
    if ship["depart"]:
        text.append(", sails at the end of this phase (paid)")
    text.append(f"; {ship['shipments']} voyage(s) so far; a load sells for: wood or stone {SALE[0][0]} silver + "
                f"{SALE[0][1]} VP, precious {SALE[2][0]} + {SALE[2][1]}")
    for p, c in enumerate(cargo):
        if sum(c):
            text.append("; ")
            text.append_text(styled(p))
            text.append(f" {c[0]} wood {c[1]} stone {c[2]} precious")
    return text


def offices_of(view: Mapping[str, Any], p: int) -> str:
    return ", ".join(o["name"] for k, o in enumerate(OFFICE) if view["offices"]["owner"][k] == p) or "-"


def players_table(view: Mapping[str, Any], seat: int | None, only: int | None = None) -> RichTable:
    table = RichTable(box=None, pad_edge=False, show_edge=False)
    for col in ("player", "VP", "silver", "wood", "stone", "precious", "supply", "placed", "also placed", "offices"):
        table.add_column(col, justify="left" if col in ("player", "also placed", "offices") else "right",
                         header_style="bold")
    for p, pl in enumerate(view["players"]):
        if only is not None and p != only:
            continue
        who = styled(p)
        if p == seat:
            who.append(" (you)")
        areas = [f"{pl[k]} {AREA_NAMES[k].replace('the ', '')}" for k in ("field", "artisan", "dock") if pl[k]]
        if pl["order_add"]:
            areas.append(f"{pl['order_add']} order track")
        if pl["bid"] >= 0:
            areas.append(f"1 on {OFFICE[pl['bid']]['name']}")
        table.add_row(who, str(pl["vp"]), str(pl["silver"]), str(pl["wood"]), str(pl["stone"]),
                      str(pl["precious"]), str(pl["free"]), f"{pl['placed']}/5", ", ".join(areas) or "-",
                      offices_of(view, p))
    return table


def trade_line(view: Mapping[str, Any]) -> Text:
    t = view["trade"]
    asked = t[STAGE] == ASKED
    text = Text("Trade offer waiting: " if asked else "Trade offer being made: ", style="bold")
    text.append_text(styled(t[FROM]))
    text.append(f" {'offers' if asked else 'so far offers'} {trade_text(t)} to ")
    text.append_text(styled(t[TO]))
    return text


def _holding(v: Mapping[str, Any], p: int, kind: int) -> str:
    if kind >= 4:
        return "it"
    return str(v["players"][p][GOODS[kind]])


def war_panel(view: Mapping[str, Any]) -> Text:
    w = view["war"]
    text = Text(f"War with the {ENEMY_NAMES[w['enemy']]}", style="bold magenta")
    text.append(": attackers led by ")
    text.append_text(styled(w["attacker"]))
    text.append(f"; stage {w['stage']}, war turn {w['wturn']}")
    if w["pool"]:
        text.append(f"; {w['pool']} attackers still to deploy")
    if w["kills"]:
        text.append(f"; the cannons kill {w['kills']} more")
    text.append("; defenders: ")
    for i, p in enumerate(w["defenders"]):
        if i:
            text.append(", ")
        text.append_text(styled(p))
    outside = [(pos, g) for pos, g in w["groups"] if pos >= CELLS]
    if outside:
        text.append("\nOutside the walls: ")
        text.append("; ".join(f"{len(g)} attacker(s) outside {cell_name(pos - OUTSIDE)}" for pos, g in outside))
    if w["offlimits"]:
        text.append("\nOff limits (the attacking player's workers): " + ", ".join(cell_name(x) for x in w["offlimits"]))
    return text


PRESENTER = RioPresenter
