# cython: annotation_typing=False
"""The state's own seeded random number generator.

A single 64-bit integer of state (SplitMix64), so that cloning a state copies one int and the whole
generator serialises into JSON as a number. Python's `random.Random` would cost a 625-word state per
clone and an unreadable JSON blob.

In the compiled build `rng.pxd` declares C types for the hot loops: `below`'s arithmetic in unsigned
64-bit integers, whose wrap-around is the `& _MASK` written here, and the shuffles' indexes and draws
(this module's hints are not read as C types, so that the declarations there rule).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from random import Random
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_TWO64 = 1 << 64  # a Python int in both builds (in C's 64 bits it would be 0)
_GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's increment and mixing constants
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


def _below(self: Rng, n: int) -> int:
    """Rng.below: a uniform integer in [0, n), without modulo bias.

    The hot path of every random playout: next64 is written out here (a method call costs as much as
    the arithmetic), and the exact rejection bound `2**64 - 2**64 % n` is only computed for the rare
    draws within n of the top (`2**64 % n < n`), with the same results."""
    if not 0 < n <= _TWO64:
        raise ValueError(f"Rng.below needs a bound from 1 to 2**64, got {n}")
    z = self.state
    z = (z + _GOLDEN) & _MASK
    self.state = z
    z = ((z ^ (z >> 30)) * _MIX1) & _MASK
    z = ((z ^ (z >> 27)) * _MIX2) & _MASK
    x = z ^ (z >> 31)
    if n <= _MASK:  # every bound but 2**64 (always the loop below): m holds it, the test and % are C's
        m = n
        if x <= _MASK - m:
            return x % m
    limit = _TWO64 - _TWO64 % n
    while x >= limit:
        x = self.next64()
    return x % n


def _shuffle(self: Rng, seq: MutableSequence[T]) -> None:
    """Rng.shuffle: Fisher-Yates in place."""
    for i in range(len(seq) - 1, 0, -1):
        j = self.below(i + 1)
        seq[i], seq[j] = seq[j], seq[i]


def _draw_shuffle(self: SearchRng, seq: MutableSequence[T]) -> None:
    """SearchRng.shuffle: the loop of `Rng.shuffle`, one C call a draw."""
    draw = self.draw
    for i in range(len(seq) - 1, 0, -1):
        x = draw()
        j = int(x * (i + 1))
        seq[i], seq[j] = seq[j], seq[i]


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    below = _below

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in [lo, hi], both ends included."""
        return lo + self.below(hi - lo + 1)

    def die(self, sides: int = 6) -> int:
        return 1 + self.below(sides)

    def random(self) -> float:
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.below(len(seq))]

    shuffle = _shuffle  # Fisher-Yates in place

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (for determinizations and bots)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        return Rng(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"


class SearchRng(Rng):
    """A search's own generator: the same draws, from CPython's Mersenne Twister (written in C), 3-4x
    faster a draw than SplitMix64 in Python. For what a bot draws while it searches (rollout moves,
    tie-breaks, the hidden cards of a determinization), never for a game's state: it has no single
    integer to serialise, and its `fork` hands a determinized state a plain `Rng` (one int to clone).

    `below(n)` is `int(random() * n)`: its bias, under n / 2**53, is far below anything a search could
    notice, and the draw is one C call instead of a rejection loop."""

    __slots__ = ("draw", "_bits", "_twister")

    def __init__(self, seed: int = 0) -> None:
        self._twister = Random(seed)
        self.draw = self._twister.random  # a float in [0, 1): the C call itself, for a search's hot loops
        self._bits = self._twister.getrandbits

    def next64(self) -> int:
        return self._bits(64)

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError(f"Rng.below needs a positive bound, got {n}")
        return int(self.draw() * n)

    def random(self) -> float:
        return self.draw()

    def choice(self, seq: Sequence[T]) -> T:
        return seq[int(self.draw() * len(seq))]

    shuffle = _draw_shuffle

    def copy(self) -> SearchRng:
        twin = SearchRng()
        twin._twister.setstate(self._twister.getstate())
        return twin

    def __repr__(self) -> str:
        return "SearchRng()"
