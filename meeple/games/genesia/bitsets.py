# cython: annotation_typing=False
"""Sets of Regions as bitsets (bit r set for Region r): their neighbours, the Regions a move can reach,
the entries of a per-Region row they select. A board has at most 64 Regions (checked when it is built),
so the compiled build holds these bitsets in C's unsigned 64-bit integers (bitsets.pxd; the hints here
are for readers and type checkers)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from .data import Board

T = TypeVar("T")

# the index k of a single bit 2**k, looked up by 2**k % 67: the 64 remainders all differ (67 is prime
# and 2 has order 66 modulo 67), and a remainder is C arithmetic where bit_length() is a method call
_BIT_AT = {(1 << k) % 67: k for k in range(64)}
_BIT_INDEX = tuple(_BIT_AT.get(r, -1) for r in range(67))

CACHE_MAX = 20_000  # entries per shared cache (a few tens of MB at most), then it starts again
_TABLES: dict[int, tuple[int, ...]] = {}
_REACH: dict[tuple[int, int, int], tuple[int, tuple[int, ...]]] = {}


def select(row: tuple[T, ...], regions: int) -> list[T]:
    """row[r] for each Region r of `regions`, in order."""
    out = []
    m = regions
    while m:
        low = m & -m
        i = _BIT_INDEX[low % 67]
        out.append(row[i])
        m ^= low
    return out


_NUMBERS = tuple(range(64))


def members(regions: int) -> list[int]:
    """The Regions of `regions`, in order."""
    return select(_NUMBERS, regions)


def neighbour_table(adj: tuple[int, ...]) -> tuple[int, ...]:
    """table[256 * k + v]: the Regions next to any Region of the set v << 8k (v a byte, k = 0..7), from
    each Region's neighbours (adj). A tuple: passed to a compiled function as it is (a typed buffer would
    be acquired at every call from the rules' Python-level code, which costs more than it saves)."""
    table = [0] * (8 * 256)
    for k in range(8):
        for v in range(1, 256):
            low = v & -v
            r = 8 * k + low.bit_length() - 1
            table[256 * k + v] = table[256 * k + (v ^ low)] | (adj[r] if r < len(adj) else 0)
    return tuple(table)


def board_table(b: Board) -> tuple[int, ...]:
    """The board's `neighbour_table`, built once."""
    table = _TABLES.get(b.sides)
    if table is None:
        table = _TABLES[b.sides] = neighbour_table(b.adj_bits)
    return table


def neighbours(table: tuple[int, ...], regions: int) -> int:
    """The Regions next to any of `regions`, from the board's `neighbour_table`: one entry per non-zero
    byte of the set (at most 8), instead of one per Region or a memo of every set met."""
    out = 0
    k = 0
    while regions:
        byte = regions & 255
        if byte:
            near = table[k + byte]  # near: a local of a declared type, so the | is C's
            out |= near
        regions >>= 8
        k += 256
    return out


def next_to(table: tuple[int, ...], regions: int, charged: int) -> tuple[int, int]:
    """(the Regions next to the free ones of `regions`, next to its charged ones), from the board's
    `neighbour_table`."""
    return neighbours(table, regions & ~charged), neighbours(table, regions & charged)


def reach(b: Board, src: int, charged: int, coins: int) -> int:
    """The Regions within `coins` of src (a step costs 1, or 2 out of a Region with a Right of Way, not
    the start)."""
    levels = reach_levels(b, src, charged, coins)
    return levels[coins if coins < len(levels) else -1]


def reach_levels(b: Board, src: int, charged: int, coins: int) -> tuple[int, ...]:
    """levels[c]: the Regions within c Coins of src, for c up to `coins` or until nothing further is
    reachable (then the last one holds for every larger c). Shared by every state (per start and
    Right-of-Way Regions); one search serves any smaller budget."""
    key = (b.sides, src, charged)
    got = _REACH.get(key)
    if got is not None and (got[0] >= coins or got[0] < 0):
        return got[1]
    adj = b.adj_bits
    table = board_table(b)
    start = 1 << src
    charged &= ~start  # a Right of Way is owed for crossing, not for the start
    seen = start
    levels = [seen]
    free, paid, paid_before = adj[src], 0, 0  # next to the free / charged Regions of the last level(s)
    c = 0
    while c < coins:
        if not (free or paid or paid_before):
            c = -1  # nothing further: every budget has the same reach
            break
        c += 1
        new = (free | paid_before) & ~seen
        paid_before = paid
        seen |= new
        levels.append(seen)
        free = neighbours(table, new & ~charged)
        paid = neighbours(table, new & charged)
    if len(_REACH) >= CACHE_MAX:
        _REACH.clear()
    got = _REACH[key] = (c, tuple(levels))  # a tuple: the garbage collector stops tracking it
    return got[1]
