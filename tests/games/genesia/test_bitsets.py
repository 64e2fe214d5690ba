"""The bitset helpers against plain loops, over the whole 64-bit range the compiled build holds them in
(bit 63 included), and every board within it."""

from hypothesis import given
from hypothesis import strategies as st

from meeple.games.genesia import bitsets
from meeple.games.genesia.data import board

ROW = tuple(f"r{i}" for i in range(64))
ADJ = tuple((1 << ((3 * i + 1) % 64)) | (1 << ((i * i + 5) % 64)) for i in range(64))  # any neighbours


def members(regions: int) -> list[int]:
    return [r for r in range(64) if regions >> r & 1]


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_select_lists_the_entries_of_the_set_regions_in_order(regions: int) -> None:
    assert bitsets.select(ROW, regions) == [ROW[r] for r in members(regions)]


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_members_are_the_set_regions_in_order(regions: int) -> None:
    assert bitsets.members(regions) == members(regions)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=0, max_value=2**64 - 1))
def test_neighbours_are_the_union_of_each_regions_neighbours(regions: int, charged: int) -> None:
    def union(rs: int) -> int:
        out = 0
        for r in members(rs):
            out |= ADJ[r]
        return out

    table = bitsets.neighbour_table(ADJ)
    assert bitsets.neighbours(table, regions) == union(regions)
    assert bitsets.next_to(table, regions, charged) == (union(regions & ~charged), union(regions & charged))


def test_every_board_fits_the_64_bit_bitsets() -> None:
    for sides in range(2, 6):
        b = board(sides)
        assert b.size <= 64
        assert all(bits < 1 << 64 for bits in b.adj_bits)
        assert all(bits >> b.size == 0 for bits in b.adj_bits)  # no neighbour off the board


def test_a_board_over_64_regions_is_refused_with_the_reason() -> None:
    """Not a rule but the engine's limit (RULES.md, "Not implemented / limits"): Regions are bitsets of 64
    bits in the compiled build. Our 5-player board has 61 Regions; a Continent of 11 Regions would make
    66 and is refused when the board is built, not misplayed later."""
    import copy
    import json

    import pytest

    from meeple.games.genesia.data import DATA, MAX_REGIONS, build_board

    doc = json.loads((DATA / "board.json").read_text(encoding="utf-8"))
    assert build_board(doc, 5).size == 61 <= MAX_REGIONS
    bigger = copy.deepcopy(doc)
    bigger["continent"]["regions"].append(["5a", 5])
    with pytest.raises(ValueError, match="at most 64 Regions"):
        build_board(bigger, 5)
