# cython: annotation_typing=False
"""The writes of the games' direct encoders (`meeple/games/<id>/observation_direct.py`): what the
observation parts write, from a state's flat lists, into the vector `out` (zeros).

`out` is the environment's float32 vector as a memoryview. The compiled build declares it a typed
memoryview and the indices C integers (direct_writes.pxd), so a write is a C store instead of a call
through the memoryview; the encoders cimport these functions and call them in C. The hints here are
for readers: the .pxd's types are the ones that count (`annotation_typing=False`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def put_numbers(out: Any, at: int, values: Any, scale: float) -> None:
    """What `Numbers` writes of `values` (a flat list): each non-zero value over `scale`."""
    i = at
    for v in values:
        if type(v) is int:  # the usual case, read as a C integer (compiled): no float object made of it
            k = v
            if k:
                out[i] = k / scale
        elif v:
            out[i] = v / scale
        i += 1


def put_counts(out: Any, at: int, items: Any) -> None:
    """What `Counts` writes of a list of domain indices: how many times each is there."""
    for i in items:
        out[at + i] += 1.0


def put_one_hots(out: Any, at: int, values: Any, width: int, lowest: int = 0) -> None:
    """What `OneHot` with rows writes of a list of integers from `lowest` (-1: "none" first): one
    block of `width` per value."""
    for v in values:
        out[at + v - lowest] = 1.0
        at += width


def put_bits(out: Any, at: int, mask: int) -> None:
    """A 1 at `at + q` for each bit q set in `mask` (a set of small integers held as a bit mask)."""
    q = 0
    while mask:
        if mask & 1:
            out[at + q] = 1.0
        mask >>= 1
        q += 1


class OnesCache:
    """The places of a vector that hold a 1 for fields that are tuples replaced on write, never edited
    (Río de la Plata's buildings, walls and roads): worked out by `places(*fields)` once per distinct
    set of tuples, and while a state keeps the same ones (most decisions do) written from that list
    instead of a loop over the board. Holding the tuples keeps their ids from being reused."""

    __slots__ = ("places", "fields", "ones")

    def __init__(self, places: Callable[..., list[int]]) -> None:
        self.places = places
        self.fields: tuple = ()
        self.ones: list[int] = []

    def write(self, out: Any, a: tuple, b: tuple) -> None:
        fields = self.fields
        if not fields or fields[0] is not a or fields[1] is not b:
            self.fields = (a, b)
            self.ones = self.places(a, b)
        for i in self.ones:
            out[i] = 1.0
