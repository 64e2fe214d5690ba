"""How El Grande looks at the table: action labels with the facts that decide them, menu groups, and
a text board drawn from a seat's view alone.

The board is the printed board as a table: one row per region (and the Castillo, and the Colonies'
France, Ship, America and Mediterranean) with its values, each colour's Caballeros, the King, the
Grandes, the mobile scoreboards and what scoring it now would give; then the players (score, court,
provinces, power cards), the action cards face up with their texts, and the round's order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.engine import Action, State
from meeple.engine.result import Event
from meeple.table import Presenter

from .data import (
    ADJ_BASE,
    ADJ_COLONIES,
    AMERICA,
    AT,
    CAPTAIN_POINTS,
    CARDS,
    CASTILLO,
    COASTAL,
    COURT,
    DISC_HOME,
    DISC_NAMES,
    FRANCE,
    FRANCE_SPACES,
    GRANDE_BONUS,
    KING_BONUS,
    MOBILE,
    NAMES,
    NEW,
    POWER_TO_COURT,
    SCORING_ROUNDS,
    SHIP,
    SPAIN,
    THE,
    VALUES,
    VICEROY_POINTS,
    plural,
)
from .drawing import draw, region_thing, slug
from .scoring import place_points

STYLES = {"Red": "bold red", "Yellow": "bold yellow", "Green": "bold green", "Blue": "bold blue", "Black": "bold white"}
BOARD_NAMES = ("8/4/0", "4/0/0")
PHASE_TEXT = {
    "power": "power cards are played",
    "free": "free moves of the Ship",
    "court": "Caballeros to court",
    "recall": "Caballeros back to court",
    "card": "an action card is chosen",
    "act": "placement and special action",
    "effect": "special action",
    "veto": "Veto! may be played",
    "disk": "secret disks are set",
    "over": "the game is over",
}
DISK_TEXT = {
    "general": "general scoring: where your Castillo Caballeros go",
    "return": "the region Caballeros return from",
    "score": "a region to score",
    "evict": "where the evicted Caballeros go",
}


# ----- what the view says, as a player reads it ---------------------------------------------------


def names(view: Mapping[str, Any], seat_names: Sequence[str]) -> list[str]:
    return [seat_names[p] if p < len(seat_names) else f"P{p + 1}" for p in range(len(view["scores"]))]


def areas_in_play(colonies: bool) -> tuple[int, ...]:
    return SPAIN + (CASTILLO,) + (NEW if colonies else ())


def values_of(view: Mapping[str, Any], a: int) -> tuple[int, ...]:
    """The area's values now: a mobile scoreboard on it replaces its printed ones."""
    mobile = view["mobile"]
    return tuple(MOBILE[mobile.index(a)]) if a in mobile else VALUES[a]


def counts_in(view: Mapping[str, Any], a: int) -> list[int]:
    return [row[a] for row in view["cab"]]


def points_now(view: Mapping[str, Any], a: int, first_only: bool = False) -> list[int]:
    """What scoring area `a` now would give each player, from the view (the rules' `area_points`
    reads the same public fields; a test keeps the two equal)."""
    n = len(view["scores"])
    if a == SHIP:
        pts = [0] * n
        if view["captain"] >= 0 and not first_only:
            pts[view["captain"]] = values_of(view, a)[0] if SHIP in view["mobile"] else CAPTAIN_POINTS
        return pts
    counts = counts_in(view, a)
    if a == AMERICA and view["viceroy"] >= 0:
        counts[view["viceroy"]] -= 1  # the Viceroy does not count for the majority
    top = max(counts)
    first = counts.index(top) if top > 0 and counts.count(top) == 1 else -1
    if first_only:
        pts = [0] * n
        if first >= 0:
            pts[first] = values_of(view, a)[0]
    else:
        pts = place_points(counts, values_of(view, a))
    if a == CASTILLO:
        return pts
    if first >= 0:
        pts[first] += (KING_BONUS if a == view["king"] else 0) + (GRANDE_BONUS if view["grande"][first] == a else 0)
    if first_only:
        return pts
    if a == FRANCE:
        for i, owner in enumerate(view["france"]):
            if owner >= 0:
                pts[owner] += FRANCE_SPACES[i][1]
    elif a == AMERICA and view["viceroy"] >= 0:
        pts[view["viceroy"]] += VICEROY_POINTS
    return pts


def card_scoring_now(view: Mapping[str, Any], card: int, colonies: bool) -> list[int] | None:
    """What a scoring card that names its areas (stack 3) would give each player now; None for
    other cards."""
    e = CARDS[card]["effect"]
    regions = SPAIN + (NEW if colonies else ())
    first_only = e["type"] == "score_first_only"
    if e["type"] == "score_value":
        areas = [a for a in regions if values_of(view, a)[0] in e["values"]]
    elif e["type"] == "score_castillo":
        areas = [CASTILLO]
    elif e["type"] == "score_extreme":
        totals = {a: sum(counts_in(view, a)) for a in regions}
        filled = [x for x in totals.values() if x > 0]
        target = (max(filled) if e["most"] else min(filled)) if filled else -1
        areas = [a for a, x in totals.items() if x == target]
    elif first_only:
        areas = list(regions)
    else:
        return None
    total = [0] * len(view["scores"])
    for a in areas:
        total = [x + y for x, y in zip(total, points_now(view, a, first_only))]
    return total


def who_has(view: Mapping[str, Any], a: int, who: Sequence[str]) -> str:
    """The Caballeros in an area by colour ("Red 2, Yellow 1"; "empty")."""
    parts = [f"{who[p]} {c}" for p, c in enumerate(counts_in(view, a)) if c]
    return ", ".join(parts) or "empty"


def gains(pts: Sequence[int], who: Sequence[str]) -> str:
    return ", ".join(f"{who[p]} +{x}" for p, x in enumerate(pts) if x) or "nobody scores"


def _turn_place(view: Mapping[str, Any], v: int, who: Sequence[str]) -> str:
    """Where a power card puts its player in this round's turn order, against the cards already played
    (the highest card moves first)."""
    played = view["played"]
    after = [who[p] for p, x in enumerate(played) if x > v]
    before = [who[p] for p, x in enumerate(played) if 0 < x < v]
    out = ([f"after {_and(after)}"] if after else []) + ([f"before {_and(before)}"] if before else [])
    return f"; you move {', '.join(out)}" if out else ""


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def power_left(view: Mapping[str, Any], p: int) -> list[int]:
    """The power cards player p may still play, as this seat knows them (another player's cards
    taken back in secret are not among them: only how many is public)."""
    return [v for v in range(1, 14) if v not in view["used"][p]]


def neighbours(view: Mapping[str, Any], colonies: bool) -> tuple[int, ...]:
    return (ADJ_COLONIES if colonies else ADJ_BASE)[view["king"]]


def reachable(view: Mapping[str, Any], colonies: bool) -> set[int]:
    """Where Caballeros may be placed from court now: next to the King, the Castillo, France (King in
    Aragon/Catalonia, through adjacency) and the Ship (King in a coastal region)."""
    out = {a for a in neighbours(view, colonies) if a in SPAIN or a == FRANCE} | {CASTILLO}
    if colonies and view["king"] in COASTAL:
        out.add(SHIP)
    return out


# ----- the presenter ------------------------------------------------------------------------------


class ElGrandePresenter(Presenter):
    """Labels, groups and the text board of El Grande."""

    def _who(self, view: Mapping[str, Any]) -> list[str]:
        return names(view, self.game.seat_names)

    # ----- labels ------------------------------------------------------------------------------

    def label(self, state: State, seat: int, view: Mapping[str, Any], action: Action) -> str:
        verb, arg = action[0], (action[1] if len(action) > 1 else -1)
        base = state.action_text(action)
        who = self._who(view)
        colonies = bool(state.options.get("colonies"))
        if verb == "power":
            return f"power card {arg}: {plural(POWER_TO_COURT[arg - 1], 'Caballero')} to court{_turn_place(view, arg, who)}"
        if verb == "reclaim":
            return f"take back power card {arg} ({plural(POWER_TO_COURT[arg - 1], 'Caballero')} to court)"
        if verb == "card":
            card = CARDS[arg]
            return f"{card['name']} ({plural(card['caballeros'], 'Caballero')}): {self._card_text(view, arg, colonies)}"
        if verb == "court":
            court, prov = view["court"][seat], view["prov"][seat]
            return (f"bring {plural(arg, 'Caballero')} from the provinces to court "
                    f"(court {court + arg}, provinces {prov - arg})")
        if verb == "special" and view["card"] >= 0:
            card = CARDS[view["card"]]
            left = card["caballeros"] - view["placed"]
            # the two are never interleaved: a placement under way ends here
            ends = f" (ends your placement: {plural(left, 'Caballero')} not placed)" if view["place_state"] == 1 and left else ""
            return f"carry out the special action{ends}: {self._card_text(view, view['card'], colonies)}"
        if verb == "area":
            return self._area_label(view, colonies, base, arg, who)
        if verb == "disk":
            return self._disk_label(view, seat, base, arg, who)
        if verb == "board":
            on = view["mobile"][arg]
            return f"{base} ({'now on ' + THE[on] if on >= 0 else 'beside the board'})"
        if verb in ("place", "drop", "recall", "ret") and 0 <= arg < len(NAMES):
            return f"{base} ({who_has(view, arg, who)})"
        if verb == "pick" and len(action) == 4 and 0 <= action[2] < len(NAMES):
            return f"{base} ({who_has(view, action[2], who)})"
        return base

    def _card_text(self, view: Mapping[str, Any], card: int, colonies: bool) -> str:
        """A card's text, and for a scoring card what it would give now."""
        pts = card_scoring_now(view, card, colonies)
        text = CARDS[card]["text"]
        return text if pts is None else f"{text} (now: {gains(pts, self._who(view))})"

    def _area_label(self, view: Mapping[str, Any], colonies: bool, base: str, a: int, who: list[str]) -> str:
        text = base
        if base.startswith("score "):
            return f"{text}: {gains(points_now(view, a), who)}"
        if base.startswith("put the scoreboard"):
            return f"{text} (now {'/'.join(map(str, values_of(view, a)))}; {who_has(view, a, who)})"
        if base.startswith("move the King"):
            near = ", ".join(THE[b] for b in (ADJ_COLONIES if colonies else ADJ_BASE)[a] if b in SPAIN or b == FRANCE)
            return f"{text} ({who_has(view, a, who)}; then Caballeros go next to it: {near})"
        return f"{text} ({who_has(view, a, who)})"

    def _disk_label(self, view: Mapping[str, Any], seat: int, base: str, a: int, who: list[str]) -> str:
        kind = view["disk_kind"]
        mine = view["cab"][seat][a]
        if kind == "general":
            n = view["cab"][seat][CASTILLO]
            if not n:
                return f"{base} (you have no Caballero in the Castillo; {who_has(view, a, who)})"
            if a == view["king"]:
                return f"{base} (the King's region: your {plural(n, 'Castillo Caballero')} go back to court)"
            return f"{base} (your {plural(n, 'Castillo Caballero')} go there; {who_has(view, a, who)})"
        if kind == "return":
            return f"{base} (you have {mine} there)"
        if kind == "score":
            return f"{base} (scored alone now: {gains(points_now(view, a), who)})"
        return f"{base} ({who_has(view, a, who)})"

    # ----- groups ------------------------------------------------------------------------------

    def group(self, view: Mapping[str, Any], action: Action, label: str) -> str:
        """Long menus are Caballeros to pick up (grouped by colour) or areas (Spain, the rest)."""
        verb = action[0]
        if verb == "pick" and len(action) == 4:
            return f"{self._who(view)[action[1]]} Caballeros"
        if verb in ("drop", "place", "area", "ret", "recall", "disk") and len(action) > 1:
            return "regions of Spain" if action[1] in SPAIN else "the Castillo, court and the new regions"
        if verb in ("power", "reclaim"):
            return "power cards"
        return "other choices"

    # ----- the board ---------------------------------------------------------------------------

    def board(self, view: Mapping[str, Any], seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        colonies = bool(options.get("colonies"))
        who = self._who(view)
        return Group(
            self._heading(view, seat, who),
            self._regions(view, colonies, who),
            self._players(view, seat, who),
            self._cards(view, colonies),
            *([self._colonies(view, who)] if colonies else []),
            self._extras(view, colonies),
        )

    def _heading(self, view: Mapping[str, Any], seat: int | None, who: list[str]) -> Text:
        rounds = view["rounds"]
        r = rounds[min(view["round_i"], len(rounds) - 1)]
        nxt = next((x for x in SCORING_ROUNDS if x >= r), SCORING_ROUNDS[-1])
        t = Text()
        t.append("El Grande", style="bold")
        t.append(f"  round {r} ({view['round_i'] + 1} of {len(rounds)}; general scoring after round {nxt})")
        t.append(f"  King in {NAMES[view['king']]}", style="bold magenta")
        if seat is not None:
            t.append("  you are ")
            t.append(who[seat], style=STYLES.get(who[seat], "bold"))
        t.append(f"\nNow: {PHASE_TEXT.get(view['phase'], view['phase'])}")
        if 0 <= view["cur"] < len(who) and view["phase"] not in ("power", "disk", "over"):
            t.append(f", {who[view['cur']]}'s turn")
            if view["card"] >= 0:
                t.append(f" with \"{CARDS[view['card']]['name']}\"")
        t.append(self._order(view, who))
        return t

    def _order(self, view: Mapping[str, Any], who: list[str]) -> str:
        played = view["played"]
        if view["phase"] == "power":
            bids = [f"{who[p]} {played[p] or '-'}" for p in view["order"]]
            return ". Bidding order: " + ", ".join(bids)
        if view["turns"]:
            return ". Turn order: " + ", ".join(f"{who[p]} ({played[p]})" for p in view["turns"])
        return ""

    def _regions(self, view: Mapping[str, Any], colonies: bool, who: list[str]) -> Table:
        table = Table(box=None, pad_edge=False, header_style="bold", show_edge=False)
        table.add_column("area")
        table.add_column("values", justify="right")
        for name in who:
            table.add_column(name, justify="right", style=STYLES.get(name, ""), header_style=STYLES.get(name, "bold"))
        table.add_column("if scored now")
        table.add_column("notes")
        near = reachable(view, colonies)
        for a in areas_in_play(colonies):
            cells = [self._count(view, a, p) for p in range(len(who))]
            vals = "/".join(map(str, values_of(view, a))) if a != SHIP else f"Captain {CAPTAIN_POINTS}"
            if a in view["mobile"]:
                vals += "*"
            table.add_row(NAMES[a], vals, *cells, gains(points_now(view, a), who), self._notes(view, a, near))
        return table

    def _count(self, view: Mapping[str, Any], a: int, p: int) -> str:
        n = view["cab"][p][a]
        text = str(n) if n else "."
        return text + (" G" if view["grande"][p] == a else "")

    def _notes(self, view: Mapping[str, Any], a: int, near: set[int]) -> str:
        notes = []
        if a == view["king"]:
            notes.append("KING")
        elif a in near and a != CASTILLO:
            notes.append("next to the King" if a in SPAIN or a == FRANCE else "from court")
        if a in view["mobile"]:
            notes.append(f"{BOARD_NAMES[view['mobile'].index(a)]} board")
        return ", ".join(notes)

    def _colonies(self, view: Mapping[str, Any], who: list[str]) -> Text:
        """The new regions' posts and the Gold and Wares, one line (the table has their counts)."""
        def owner(p: int) -> str:
            return who[p] if p >= 0 else "empty"

        spaces = ", ".join(f"{FRANCE_SPACES[i][0]} {owner(o)}" for i, o in enumerate(view["france"]))
        parts = [f"France: {spaces}", f"Captain of the Ship: {owner(view['captain'])}",
                 f"Viceroy of America (+{VICEROY_POINTS}): {owner(view['viceroy'])}"]
        for kind, label in DISC_NAMES.items():
            discs = [(a, c) for k, a, c in view["discs"] if k == kind]
            free = sum(1 for _, c in discs if c < 0)
            held = ", ".join(f"{who[c]} {AT[a]}" for a, c in discs if c >= 0)
            where = ([f"{free} unclaimed {AT[DISC_HOME[kind]]}"] if free else []) + ([f"carried by {held}"] if held else [])
            parts.append(f"{label}: {', '.join(where) or 'none in play'}")
        parts.append(f"Beside the board: Gold {view['supply']['gold']}, Wares {view['supply']['wares']}")
        return Text(". ".join(parts) + ".")

    def _players(self, view: Mapping[str, Any], seat: int | None, who: list[str]) -> Table:
        table = Table(box=None, pad_edge=False, header_style="bold", show_edge=False)
        for col, justify in (("player", "left"), ("score", "right"), ("court", "right"), ("provinces", "right"),
                             ("home (Grande)", "left"), ("played", "right"), ("power cards left", "left"),
                             ("also", "left")):
            table.add_column(col, justify=justify)  # type: ignore[arg-type]
        for p, name in enumerate(who):
            left = " ".join(map(str, power_left(view, p)))
            if view["taken_back"][p] and p != seat:
                left += f" +{view['taken_back'][p]} taken back in secret"
            table.add_row(
                Text(name, style=STYLES.get(name, "bold")), str(view["scores"][p]), str(view["court"][p]),
                str(view["prov"][p]), NAMES[view["grande"][p]], str(view["played"][p] or "-"), left,
                self._also(view, seat, p),
            )
        return table

    def _also(self, view: Mapping[str, Any], seat: int | None, p: int) -> str:
        out = [f"holds {CARDS[c]['name']}" for c, h, _ in view["vetoes"] if h == p]
        out += [f"keeps \"{CARDS[c]['name']}\" for later" for c, h in view["kept"] if h == p]
        if view["phase"] == "disk" and view["disk_need"][p]:
            d = view["disk"][p]
            if p == seat and isinstance(d, int) and d >= 0:
                out.append(f"disk on {NAMES[d]}")
            else:
                out.append("disk set" if d == "set" else "disk not set yet")
        return "; ".join(out)

    def _cards(self, view: Mapping[str, Any], colonies: bool) -> RenderableType:
        if not view["faceup"]:
            return Text("No action card is left face up this round.")
        table = Table(box=None, pad_edge=False, header_style="bold", show_edge=False)
        table.add_column("stack", justify="right")
        table.add_column("action cards face up")
        table.add_column("Cab.", justify="right")
        table.add_column("special action")
        for c in sorted(view["faceup"], key=lambda c: (CARDS[c]["stack"], c)):
            card = CARDS[c]
            table.add_row(str(card["stack"]), card["name"], str(card["caballeros"]), self._card_text(view, c, colonies))
        return table

    def _extras(self, view: Mapping[str, Any], colonies: bool) -> Text:
        boards = ", ".join(
            f"{BOARD_NAMES[i]} {'on ' + THE[a] if a >= 0 else 'beside the board'}" for i, a in enumerate(view["mobile"])
        )
        decks = ", ".join(f"{st}: {n}" for st, n in view["decks"].items() if colonies or st != "7")
        return Text(f"Mobile scoreboards: {boards}. Cards left in the stacks {decks}.", style="dim")

    # ----- the drawn board ---------------------------------------------------------------------

    def svg(self, view: Mapping[str, Any], seat: int | None, options: Mapping[str, Any]) -> str | None:
        return draw(view, seat, self._who(view), bool(options.get("colonies")))

    def targets(self, view: Mapping[str, Any], action: Action) -> tuple[str, ...]:
        """The board thing each action names (see drawing.py for the names): a region or area for a
        placement, a King's/Grande's/scoreboard's move, a scoring, a disk, a Caballero picked up (its
        region: a move is its region, then the region it goes to); an action card, a power card, a
        court (Caballeros returned from it), a scoreboard, the unclaimed discs, the Captain's or the
        Viceroy's space. Counts, yes/no answers and "done" stay in the list."""
        verb = action[0]
        arg = action[1] if len(action) > 1 else -1
        if verb in ("place", "drop", "area", "disk", "recall") and 0 <= arg < len(NAMES):
            return (region_thing(arg),)
        if verb == "pick" and len(action) == 4 and 0 <= action[2] < len(NAMES):
            return (region_thing(action[2]),)
        if verb == "ret":
            if arg == COURT:
                queue = view.get("queue") or []
                owner = queue[0] if queue else view["player"]
                return (f"court:{owner}",) if owner is not None else ()
            return (region_thing(arg),) if 0 <= arg < len(NAMES) else ()
        if verb == "card" and 0 <= arg < len(CARDS):
            return (f"card:{CARDS[arg]['stack']}",)
        if verb == "special" and view["card"] >= 0:
            return (f"card:{CARDS[view['card']]['stack']}",)
        if verb in ("power", "reclaim"):
            return (f"power:{arg}",)
        if verb == "board":
            return (f"mobile:{arg}",)
        if verb == "claim" and arg in DISC_NAMES:
            return (f"discs:{DISC_NAMES[arg].lower()}",)
        if verb == "post" and arg == 1 and view["post"]:
            return (f"post:{slug(view['post'][0])}",)
        return ()

    def marks(self, view: Mapping[str, Any], event: Event) -> tuple[str, ...]:
        """What an event touched: the regions of a placement, a move (from and to), a scoring, the
        King's or a Grande's move; the court of Caballeros brought up or sent back; the card taken;
        the player who played a power card or set a disk."""
        data, p, kind = event.data or {}, event.player, event.kind
        out: list[str] = []

        def area(a: Any) -> None:
            if isinstance(a, int) and 0 <= a < len(NAMES):
                out.append(region_thing(a))
            elif a == COURT and p is not None:
                out.append(f"court:{p}")

        for key in ("area", "src", "dst"):
            if key in data:
                area(data[key])
        if kind == "castillo":
            out.append(region_thing(CASTILLO))
        if kind in ("court", "recall", "decay") and p is not None:
            out.append(f"court:{p}")
        if kind in ("power", "disk", "reclaim", "veto_kept", "keep", "veto") and p is not None:
            out.append(f"player:{p}")
        if kind == "mobile" and "board" in data:
            out.append(f"mobile:{data['board']}")
        if kind == "card" and "card" in data:
            out.append(f"card:{CARDS[data['card']]['stack']}")
        return tuple(dict.fromkeys(out))

    # ----- hand and scores ---------------------------------------------------------------------

    def hand(self, view: Mapping[str, Any], seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        if seat is None:
            return Text("A spectator holds nothing.")
        lines = [
            "Your power cards (Caballeros to court): "
            + ", ".join(f"{v} ({POWER_TO_COURT[v - 1]})" for v in power_left(view, seat)),
            "Played: " + (", ".join(map(str, sorted(view["used"][seat]))) or "none"),
            f"Court {view['court'][seat]}, provinces {view['prov'][seat]}; "
            f"home region (your Grande) {NAMES[view['grande'][seat]]}",
        ]
        if view["back"][seat]:
            lines.append("Taken back in secret: " + ", ".join(map(str, view["back"][seat])))
        d = view["disk"][seat]
        if isinstance(d, int) and d >= 0:
            lines.append(f"Your secret disk: {NAMES[d]} ({DISK_TEXT.get(view['disk_kind'], '')})")
        also = self._also(view, seat, seat)
        if also:
            lines.append(also[0].upper() + also[1:])
        return Text("\n".join(lines))

    def scores(self, view: Mapping[str, Any], seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        table = Table(title="Scores", header_style="bold")
        for col in ("player", "score", "general scorings", "special scorings", "Gold & Wares"):
            table.add_column(col, justify="left" if col == "player" else "right")
        for p, name in enumerate(self._who(view)):
            table.add_row(Text(name, style=STYLES.get(name, "bold")), str(view["scores"][p]),
                          *(str(x) for x in view["parts"][p]))
        return table


PRESENTER = ElGrandePresenter
