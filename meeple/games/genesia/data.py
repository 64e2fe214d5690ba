"""The designed data (board, Age cards, objectives), loaded once from `data/*.json` and shared by states.

Everything here is immutable: states hold only ints and lists of ints that index into it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

DATA = Path(__file__).parent / "data"
COLOURS = ("blue", "yellow", "green", "purple", "red")
SEATS = ("Red", "Green", "Gray", "Black", "White")
REGIONS_PER_CONTINENT = 10
CLANS = 30
CITIES = 20


@dataclass(frozen=True, slots=True)
class Card:
    no: int
    age: int
    colour: str
    fr: str
    en: str
    icons: str  # subset of "GEAF": Growth, Expansion, Attack, End of Age; "" = copy card (out of turn)
    invention: bool
    cost: int
    pp: int
    kind: str
    n: int  # the effect's number (clans, coins, moves, PP per unit, ...)
    what: str  # what a "per" effect counts, or the mode of a defence/offence card
    cap: int  # most PP a "pp_per" card gives (0 = no cap)
    city: int  # invade cards: also place a City
    text: str
    others: int = 0  # "advantage for other players": Coins each other people takes when it is played

    @property
    def name(self) -> str:
        return f"{self.en} ({self.fr}, no. {self.no})"


@dataclass(frozen=True, slots=True)
class Objective:
    id: int
    fr: str
    en: str
    colour: str
    kind: str
    points: int
    text: str


@dataclass(frozen=True, slots=True)
class Board:
    """Continents around the Genesia board for `sides` continents (1-2 players use the 2-sided board)."""

    sides: int
    names: tuple[str, ...]
    values: tuple[int, ...]
    continent: tuple[int, ...]  # the side whose Continent holds the region, -1 for Genesia
    homeland: tuple[bool, ...]
    adj: tuple[tuple[int, ...], ...]
    homelands: tuple[int, ...]  # homeland region of each side
    centre: int
    # per side, 1 for each Region of another side's Continent (what Radiance counts for that side)
    foreign: tuple[tuple[int, ...], ...]
    # the same as bitsets (for the bitsets of the Regions a people occupies): each Region's neighbours,
    # the Homelands, the foreign Regions, per side its own Continent but its Homeland, and Genesia
    adj_bits: tuple[int, ...]
    homeland_bits: int
    foreign_bits: tuple[int, ...]
    own_bits: tuple[int, ...]
    genesia_bits: int

    @property
    def size(self) -> int:
        return len(self.names)


def _card(doc: dict[str, Any]) -> Card:
    eff = doc["effect"]
    return Card(
        no=doc["no"],
        age=doc["age"],
        colour=doc["colour"],
        fr=doc["fr"],
        en=doc["en"],
        icons=doc["icons"],
        invention=doc["invention"],
        cost=doc["cost"],
        pp=doc["pp"],
        kind=eff["kind"],
        n=eff.get("n", eff.get("clans", eff.get("k", 0))),
        what=eff.get("what", eff.get("mode", "")),
        cap=eff.get("max", 0),
        city=eff.get("city", 0),
        text=doc["text"],
        others=eff.get("others", 0),
    )


@lru_cache(maxsize=1)
def card_doc() -> dict[str, Any]:
    return json.loads((DATA / "cards.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def cards() -> tuple[Card | None, ...]:
    """CARDS[no] for no in 1..90 (index 0 unused)."""
    out: list[Card | None] = [None] * 91
    for doc in card_doc()["cards"]:
        out[doc["no"]] = _card(doc)
    return tuple(out)


@lru_cache(maxsize=1)
def objectives() -> tuple[Objective | None, ...]:
    doc = json.loads((DATA / "objectives.json").read_text(encoding="utf-8"))
    out: list[Objective | None] = [None] * 13
    for o in doc["objectives"]:
        out[o["id"]] = Objective(o["id"], o["fr"], o["en"], o["colour"], o["kind"], o["points"], o["text"])
    return tuple(out)


MAX_REGIONS = 64


@lru_cache(maxsize=8)
def board(sides: int) -> Board:
    return build_board(json.loads((DATA / "board.json").read_text(encoding="utf-8")), sides)


def build_board(doc: dict[str, Any], sides: int) -> Board:
    """The board of `sides` Continents from a board document (the schema of data/board.json)."""
    cont, gen = doc["continent"], doc["genesia"][str(sides)]
    local = {name: i for i, (name, _) in enumerate(cont["regions"])}
    names: list[str] = []
    values: list[int] = []
    continent: list[int] = []
    for s in range(sides):
        for name, value in cont["regions"]:
            names.append(f"{SEATS[s]} {name}")
            values.append(value)
            continent.append(s)
    base = len(names)
    gidx = {name: base + i for i, (name, _) in enumerate(gen["regions"])}
    for name, value in gen["regions"]:
        names.append(name)
        values.append(value)
        continent.append(-1)
    adj: list[set[int]] = [set() for _ in names]

    def join(a: int, b: int) -> None:
        adj[a].add(b)
        adj[b].add(a)

    for s in range(sides):
        for a, b in cont["edges"]:
            join(s * REGIONS_PER_CONTINENT + local[a], s * REGIONS_PER_CONTINENT + local[b])
    for a, b in gen["edges"]:
        join(gidx[a], gidx[b])
    for s, a, b in gen["links"]:
        join(s * REGIONS_PER_CONTINENT + local[a], gidx[b])
    for s, a, t, b in gen.get("continent_links", []):
        join(s * REGIONS_PER_CONTINENT + local[a], t * REGIONS_PER_CONTINENT + local[b])
    if len(names) > MAX_REGIONS:
        # not a rule: Regions are bitsets, held in C's 64-bit integers by the compiled build (bitsets.pxd),
        # and a path's steps in 6 bits of a search key (expansion._search); RULES.md "Not implemented"
        raise ValueError(
            f"a board has at most {MAX_REGIONS} Regions (the engine's bitsets), this one {len(names)}: "
            f"{sides} Continents of {len(cont['regions'])} and {len(gen['regions'])} Regions of Genesia"
        )
    homeland = tuple(c >= 0 and i % REGIONS_PER_CONTINENT == 0 for i, c in enumerate(continent))
    foreign = tuple(tuple(int(c >= 0 and c != s) for c in continent) for s in range(sides))
    return Board(
        sides=sides,
        names=tuple(names),
        values=tuple(values),
        continent=tuple(continent),
        homeland=homeland,
        adj=tuple(tuple(sorted(a)) for a in adj),
        homelands=tuple(s * REGIONS_PER_CONTINENT for s in range(sides)),
        centre=gidx["Centre"],
        foreign=foreign,
        adj_bits=tuple(_bitset(r in a for r in range(len(adj))) for a in adj),
        homeland_bits=_bitset(homeland),
        foreign_bits=tuple(_bitset(f) for f in foreign),
        own_bits=tuple(_bitset(c == s and not h for c, h in zip(continent, homeland)) for s in range(sides)),
        genesia_bits=_bitset(c < 0 for c in continent),
    )


def _bitset(flags: Iterable[object]) -> int:
    """Bit r set where flags[r] is true."""
    return sum(1 << r for r, f in enumerate(flags) if f)


def board_for(num_peoples: int) -> Board:
    return board(max(2, num_peoples))


def region_id(b: Board, name: str) -> int:
    """The region called `name` (e.g. "Red 2b", "Centre"); ValueError otherwise."""
    return b.names.index(name)


CARDS_BY_NO: tuple[Card, ...] = cards()  # type: ignore[assignment]  # index 0 unused
OBJECTIVES: tuple[Objective | None, ...] = objectives()


def objective_by_id(i: int) -> Objective:
    o = OBJECTIVES[i]
    if o is None:
        raise ValueError(f"no objective {i}")
    return o


def appended(rows: list[list[int]], p: int, *items: int) -> list[list[int]]:
    """`rows` with `items` added to row p, as new lists: the state's rarely changed card piles are shared
    between clones (cheap copies for search), so they are replaced, never changed in place."""
    return [row + list(items) if i == p else row for i, row in enumerate(rows)]


def changed(row: list[int], p: int, value: int) -> list[int]:
    """`row` with item p set to `value`, as a new list (the per-Age effect lists are shared between clones)."""
    out = row[:]
    out[p] = value
    return out
