"""Fixed-size observation vectors for learning agents, read from a player's view alone.

A game declares its encoding in `meeple/games/<id>/observation.py` as a function
`layout(num_players, options) -> Layout`: a list of named parts, each turning one field of
`state.view(player)` into a slice of the vector (a number, a one-hot, counts of the items of a list,
rows of a queue). The vector's size is fixed per game, player count and options, and the layout
documents itself (`Layout.describe`, the tables of docs/rl.md). Because a part reads only the view,
an observation can hold nothing the view hides: the engine's view check is the leak check.

Parts raise ValueError on a value outside what they declare (a one-hot's values, a fixed length), so
a view that grew a value the encoding does not know is found by the tests, never silently dropped.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from .errors import MeepleError


def _get(doc: Any, key: Any) -> Any:
    """A field of a view (a key of a dict, an index of a list); None when a dict leaves it out or a
    short record stops before it (`["money"]` beside `["zone", 2]`)."""
    if key is None:
        return doc
    if isinstance(doc, dict):
        return doc.get(key)
    if doc is None or key >= len(doc):
        return None
    return doc[key]


class Part(ABC):
    """One slice of the vector: `size` floats starting at `start`, filled from the field `key`; each
    kind of part says how it writes its field."""

    __slots__ = ("name", "key", "size", "text", "start")

    def __init__(self, name: str, key: Any, size: int, text: str) -> None:
        self.name = name
        self.key = key
        self.size = size
        self.text = text
        self.start = 0

    @abstractmethod
    def write(self, doc: Any, out: Any, at: int) -> None:
        """Write the field of `doc` into `out[at:at + size]` (the vector starts at 0)."""


class Number(Part):
    """A number divided by `scale` (None is 0, a bool 0 or 1)."""

    __slots__ = ("scale",)

    def __init__(self, key: Any, scale: float, text: str, name: str = "") -> None:
        super().__init__(name or str(key), key, 1, text)
        self.scale = float(scale)

    def write(self, doc: Any, out: Any, at: int) -> None:
        value = doc.get(self.key) if type(doc) is dict else _get(doc, self.key)
        if value:
            out[at] = float(value) / self.scale


class Numbers(Part):
    """A list of at most `size` numbers over `scale` (a list of lists is read row after row); a shorter
    list leaves the rest 0."""

    __slots__ = ("scale",)

    def __init__(self, key: Any, size: int, scale: float, text: str, name: str = "") -> None:
        super().__init__(name or str(key), key, size, text)
        self.scale = float(scale)

    def write(self, doc: Any, out: Any, at: int) -> None:
        value = _get(doc, self.key)
        if value is None:
            return
        i = 0
        for v in value:
            if isinstance(v, list):
                for x in v:
                    if x:  # the vector starts at 0: writing only what is not saves most of the time
                        out[at + i] = float(x) / self.scale
                    i += 1
            else:
                if v:
                    out[at + i] = float(v) / self.scale
                i += 1
        if i > self.size:
            raise ValueError(f"observation part {self.name!r}: {i} numbers, room for {self.size}")


class OneHot(Part):
    """A value among `values`, as a one-hot; None (a field the view leaves out), unless it is one of
    the values, leaves the block 0. With `rows`, the field is a list of at most `rows` such values, one
    one-hot block each (missing rows stay 0)."""

    __slots__ = ("index", "width", "rows", "bools")

    def __init__(self, key: Any, values: Sequence[Any], text: str, rows: int = 0, name: str = "") -> None:
        width = len(values)
        super().__init__(name or str(key), key, width * max(rows, 1), text)
        self.index = {_hashable(v): i for i, v in enumerate(values)}
        self.width = width
        self.rows = rows
        # only where a bool is one of the values must True be told from 1 (a call per value otherwise)
        self.bools = any(isinstance(v, bool) for v in values)

    def write(self, doc: Any, out: Any, at: int) -> None:
        value = doc.get(self.key) if type(doc) is dict else _get(doc, self.key)
        if self.rows == 0:
            i = self._find(value)
            if i >= 0:
                out[at + i] = 1.0
            return
        if len(value) > self.rows:
            raise ValueError(f"observation part {self.name!r}: {len(value)} rows, room for {self.rows}")
        width = self.width
        for v in value:
            i = self._find(v)
            if i >= 0:
                out[at + i] = 1.0
            at += width

    def _find(self, value: Any) -> int:
        i = self.index.get(_hashable(value) if self.bools else value)
        if i is None:
            if value is None:
                return -1
            raise ValueError(f"observation part {self.name!r}: unexpected value {value!r}")
        return i


def _hashable(value: Any) -> Any:
    # a bool is not the integer it equals here: True and 1 are different things in a view
    return ("bool", value) if isinstance(value, bool) else value


class Counts(Part):
    """How many times each item of `domain` is in a list (a hand, a set of regions). With `rows`, the
    field is a list of `rows` such lists, one block each. A row may be hidden: a number (how many items
    there are), or None or a bool (nothing to count). With `sizes`, each block ends with the row's
    length over `sizes` (the count of a hidden row, or the length of a shown one)."""

    __slots__ = ("index", "width", "rows", "sizes")

    def __init__(
        self, key: Any, domain: Sequence[Any], text: str, rows: int = 0, sizes: float = 0.0, name: str = ""
    ) -> None:
        width = len(domain) + (1 if sizes else 0)
        super().__init__(name or str(key), key, width * max(rows, 1), text)
        self.index = {v: i for i, v in enumerate(domain)}
        self.width = width
        self.rows = rows
        self.sizes = float(sizes)

    def write(self, doc: Any, out: Any, at: int) -> None:
        value = _get(doc, self.key)
        if self.rows == 0:
            self._row(value, out, at)
            return
        if len(value) > self.rows:
            raise ValueError(f"observation part {self.name!r}: {len(value)} rows, room for {self.rows}")
        for r, row in enumerate(value):
            self._row(row, out, at + r * self.width)

    def _row(self, row: Any, out: Any, at: int) -> None:
        if isinstance(row, (list, tuple)):
            index = self.index
            for item in row:
                i = index.get(item)
                if i is None:
                    raise ValueError(f"observation part {self.name!r}: unexpected item {item!r}")
                out[at + i] += 1.0
            if self.sizes:
                out[at + self.width - 1] = len(row) / self.sizes
        elif self.sizes and isinstance(row, int) and not isinstance(row, bool):
            out[at + self.width - 1] = row / self.sizes


class Length(Part):
    """The length of a list over `scale` (a queue's length when only its head is encoded)."""

    __slots__ = ("scale",)

    def __init__(self, key: Any, scale: float, text: str, name: str = "") -> None:
        super().__init__(name or f"{key}_length", key, 1, text)
        self.scale = float(scale)

    def write(self, doc: Any, out: Any, at: int) -> None:
        value = _get(doc, self.key)
        out[at] = (len(value) if value else 0) / self.scale


class Rows(Part):
    """A list of records (a queue of tasks, a history), each encoded by the same `parts` (read from the
    record), in at most `rows` blocks, each led by a 1 when the row is there. A longer list: `keep="all"`
    (the default) refuses it (the game's bound must be right), "first" keeps its first rows (the head
    of a queue: what is decided next), "last" its latest (a history). With `rows=0`, the field is one
    record (or None)."""

    __slots__ = ("parts", "width", "rows", "keep")

    def __init__(
        self, key: Any, parts: Sequence[Part], text: str, rows: int = 0, keep: str = "all", name: str = ""
    ) -> None:
        width = 1
        for p in parts:
            p.start = width
            width += p.size
        super().__init__(name or str(key), key, width * max(rows, 1), text)
        self.parts = tuple(parts)
        self.width = width
        self.rows = rows
        self.keep = keep

    def write(self, doc: Any, out: Any, at: int) -> None:
        value = _get(doc, self.key)
        if self.rows == 0:
            self._row(value, out, at)
            return
        if len(value) > self.rows:
            if self.keep == "last":
                value = value[len(value) - self.rows :]
            elif self.keep == "first":
                value = value[: self.rows]
            else:
                raise ValueError(f"observation part {self.name!r}: {len(value)} rows, room for {self.rows}")
        for r, row in enumerate(value):
            self._row(row, out, at + r * self.width)

    def _row(self, row: Any, out: Any, at: int) -> None:
        if row is None or (isinstance(row, list) and not row):
            return  # absent (an empty list is a record not there: an assault not under way)
        out[at] = 1.0
        for p in self.parts:
            p.write(row, out, at + p.start)


class Indexed(Part):
    """A list of records each led by its place (a city space, a position), e.g. `[space, kind, owner]`:
    `slots` blocks, one per place, each filled by `parts` from the record of that place (places with
    no record stay 0)."""

    __slots__ = ("parts", "width")

    def __init__(self, key: Any, slots: int, parts: Sequence[Part], text: str, name: str = "") -> None:
        width = 0
        for p in parts:
            p.start = width
            width += p.size
        super().__init__(name or str(key), key, width * slots, text)
        self.parts = tuple(parts)
        self.width = width

    def write(self, doc: Any, out: Any, at: int) -> None:
        value = _get(doc, self.key)
        if not value:
            return
        limit = self.size // self.width
        for record in value:
            slot = record[0]
            if not 0 <= slot < limit:
                raise ValueError(f"observation part {self.name!r}: place {slot!r} outside 0..{limit - 1}")
            base = at + slot * self.width
            for p in self.parts:
                p.write(record, out, base + p.start)


class Seat(Part):
    """The observing player, as a one-hot over the seats (an agent knows which seat it holds)."""

    __slots__ = ()

    def __init__(self, num_players: int, text: str = "the observing player (one-hot over the seats)") -> None:
        super().__init__("seat", None, num_players, text)

    def write(self, doc: Any, out: Any, at: int) -> None:
        raise TypeError("Seat is written by Layout.encode, which knows the player")


class Layout:
    """The parts of one game's observation vector, laid out one after another."""

    __slots__ = ("parts", "size", "skipped")

    def __init__(self, parts: Sequence[Part], skipped: Mapping[str, str] | None = None) -> None:
        start = 0
        names = set()
        for p in parts:
            if p.name in names:
                raise ValueError(f"observation part {p.name!r} appears twice")
            names.add(p.name)
            p.start = start
            start += p.size
        self.parts = tuple(parts)
        self.size = start
        # view fields deliberately left out, with why (constants of the set-up, text for people)
        self.skipped = dict(skipped or {})

    def encode(self, view: Any, player: int) -> list:
        """The vector (a list of floats) of `player`'s view."""
        out = [0.0] * self.size
        self.encode_into(view, player, out)
        return out

    def encode_into(self, view: Any, player: int, out: Any) -> None:
        """Write `player`'s view into `out`, a vector of `size` zeros (a list, a numpy array): each
        part writes only what is not 0, so a large sparse vector costs what it holds."""
        for p in self.parts:
            if isinstance(p, Seat):
                out[p.start + player] = 1.0
            else:
                p.write(view, out, p.start)

    def part(self, name: str) -> Part:
        """The part `name` (a direct encoder writes at its places: `start`, a record's `parts`)."""
        for p in self.parts:
            if p.name == name:
                return p
        raise KeyError(f"no observation part {name!r}")

    def start(self, name: str) -> int:
        return self.part(name).start

    def describe(self) -> list[tuple[int, int, str, str]]:
        """(start, stop, name, what it holds) of each part, in order."""
        return [(p.start, p.start + p.size, p.name, p.text) for p in self.parts]


class NoObservation(MeepleError):
    """A game without an observation encoding (no observation.py in its package)."""


@lru_cache(maxsize=256)
def _layout(game: Any, num_players: int, frozen: tuple[tuple[str, Any], ...]) -> Layout:
    name = f"{type(game).__module__.rsplit('.', 1)[0]}.observation"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:  # the module exists but imports something missing: a real error
            raise
        raise NoObservation(
            f"{game.title} has no observation encoding for learning agents ({name} is missing)"
        ) from None
    return module.layout(num_players, dict(frozen))


def layout_for(game: Any, num_players: int, frozen_options: tuple[tuple[str, Any], ...]) -> Layout:
    """The game's observation layout for this player count and these (frozen) options, built once."""
    return _layout(game, num_players, frozen_options)


# (state, player, out): writes into `out` (zeros) exactly what the layout writes from state.view(player);
# `out` is a memoryview of the float32 vector (the environments pass one: the compiled encoders take it
# as a typed memoryview, and in the source a memoryview's item assignment costs about half of a numpy
# array's); the writing helpers are in direct_writes.py
DirectEncode = Callable[[Any, int, Any], None]


@lru_cache(maxsize=256)
def _direct(game: Any, num_players: int, frozen: tuple[tuple[str, Any], ...]) -> DirectEncode | None:
    name = f"{type(game).__module__.rsplit('.', 1)[0]}.observation_direct"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None
    return module.encoder(_layout(game, num_players, frozen), num_players, dict(frozen))


def direct_for(game: Any, num_players: int, frozen_options: tuple[tuple[str, Any], ...]) -> DirectEncode | None:
    """The game's direct encoder (`observation_direct.py`: reads the state's own fields, only those the
    view shows the player, and writes the view's vector without building the view), or None for a game
    without one. The view's encoding stays the reference: tests/rl/test_direct.py checks the two equal
    on every decision of random games."""
    return _direct(game, num_players, frozen_options)
