"""Genesia's presentation: the text board at seeded positions (snapshots), labels that carry each card's
cost, icons, Progress Points and text and each move's price, a board drawn from the view alone, and a
whole game through `meeple play` that never shows another seat's secrets.

Regenerate the snapshots with `MEEPLE_SNAPSHOTS=1 pytest tests/games/genesia/test_present.py`."""

from __future__ import annotations

import io
import os
import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from meeple.engine import Rng, State
from meeple.engine.registry import load
from meeple.games.genesia.attack import takes_part
from meeple.games.genesia.data import CARDS_BY_NO, OBJECTIVES, SEATS
from meeple.games.genesia.draft import passed_from
from meeple.games.genesia.present import PRESENTER
from meeple.games.genesia.state import GenesiaState
from tests.cli.secrets import play_and_check

SNAPSHOTS = Path(__file__).parent / "snapshots"
GAME = load("genesia")
PRESENT = PRESENTER(GAME)


def played(seed: int, moves: int, players: int = 3) -> GenesiaState:
    """The position after `moves` random legal moves of a seeded game."""
    s = GAME.new_state(players, seed, {})
    rng = random.Random(seed)
    for _ in range(moves):
        p = s.to_move()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    assert isinstance(s, GenesiaState)
    return s


def board_text(s: State, seat: int) -> str:
    console = Console(width=110, record=True, file=io.StringIO())
    console.print(PRESENT.board(s.view(seat), seat, {}))
    return console.export_text()


def labels(s: State, seat: int) -> dict[tuple, str]:
    return {c.action: c.label for c in PRESENT.choices(s, seat, s.view(seat), s.legal_actions(seat))}


POSITIONS = {
    "draft": (1, 3),  # Red picks from its first draft pack
    "growth": (1, 40),  # Gray's Growth turn, Flint Deposit played
    "defence": (17, 293),  # Green attacks Red, who may play a defence card
}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_board_snapshot(name: str) -> None:
    s = played(*POSITIONS[name])
    seat = s.to_move()[0]
    text = board_text(s, seat)
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("MEEPLE_SNAPSHOTS"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
    assert max(len(line) for line in text.splitlines()) <= 110


def test_the_growth_board_shows_values_clans_cards_and_objective() -> None:
    text = board_text(played(1, 40), 2)
    assert "Genesia, Age I: Growth" in text
    assert re.search(r"Homeland\s+0\s+Green 5\s+Gray 4", text)  # Clans in the Homelands, by colour name
    assert "Flint Deposit (0 PP: Take 5 Coins.)" in text  # played face up, with its text
    assert "Barter (Troc, no. 17)" in text and "Growth+Expansion+Attack+End of Age" in text  # own hand
    assert "Gray's objective: Merchant (Marchand): +1 per 2 Coins you have at the end." in text
    assert re.search(r"Red\s+23\s+3\s+0 / 30\s+0 / 20\s+0\s+kept \(secret\)", text)  # others: counts only


def test_draft_labels_carry_cost_icons_pp_and_text() -> None:
    got = labels(played(1, 3), 0)
    assert got[("draft", 15)] == (
        "pick Mastery of Fire (Maîtrise du feu, no. 15) · cost 3 · Growth · 4 PP every Age (Invention) ·"
        " Invention. Gain 1 Clan."
    )
    assert got[("draft", 16)] == "pick Trails (Sentiers, no. 16) · cost 0 · Growth+Expansion · 0 PP · 6 free Moves."


def test_growth_labels_say_prices_and_what_done_means() -> None:
    got = labels(played(1, 40), 2)
    assert got[("recruit", 20)] == "recruit a Clan in Gray Homeland (2 Coins)"
    assert got[("discard", 17)] == (
        "discard Barter (Troc, no. 17) for 4 Coins · cost 0 · Growth+Expansion+Attack+End of Age · 0 PP ·"
        " Take 5 Coins."
    )
    assert got[("done",)] == "end your Growth turn"


def test_move_labels_carry_the_price_and_the_count_the_total() -> None:
    s = played(1, 40)
    while s.phase != "expansion":
        p = s.to_move()[0]
        s.apply(p, ("done",) if ("done",) in s.legal_actions(p) else s.legal_actions(p)[0])
    p = s.to_move()[0]
    home = s.board.homelands[p]
    got = labels(s, p)
    name = SEATS[p]
    assert got[("move", home, home + 8)] == f"move Clans from {name} Homeland to {name} 4a (4 steps: 4 Coins a Clan)"
    s.apply(p, ("move", home, home + 8))
    got = labels(s, p)
    assert got[("clans", 2)] == "2 Clans, 8 Coins"
    assert s.prompt(p) == f"how many Clans move from {name} Homeland to {name} 4a? (you have 17 Coins)"


def test_defence_labels_and_prompt_name_the_assault() -> None:
    s = played(17, 293)
    got = labels(s, 0)
    assert got[("pass",)] == "play no defence card"
    assert s.prompt(0) == "Green attacks Red 2a of Red from Red 1a: play a defence card?"
    assert "Assault: Green attacks Red 2a" in board_text(s, 0)


def test_the_board_is_drawn_from_the_view_alone() -> None:
    """Redrawing Green's and Gray's hidden cards and objectives changes nothing Red's board shows."""
    s = played(1, 40)
    other = s.clone()
    assert isinstance(other, GenesiaState)
    other.resample_hidden(0, Rng(7))
    assert (other.hands[1], other.objective[1]) != (s.hands[1], s.objective[1])
    assert board_text(other, 0) == board_text(s, 0)
    # ...while Red's own secrets are on it
    assert CARDS_BY_NO[s.hands[0][0]].en in board_text(s, 0)


def _name(no: int) -> str:
    # the card "War or Peace" is not the tile a player places ("places their War or Peace tile")
    return rf"\b{re.escape(CARDS_BY_NO[no].en)}\b(?! tile)"


def hidden_facts(state: State, person: int) -> list[str]:
    """What the other seats hide from `person`: their cards (hands, draft packs and picks, discards), the
    decks, their objectives (kept and discarded) and their War/Peace tiles before the reveal. Not the
    cards of the packs `person` passed in this draft: it saw them and remembers them (where each is now
    stays hidden, and no screen says that)."""
    assert isinstance(state, GenesiaState)
    s = state
    facts: list[str] = []
    known = {c for pack in passed_from(s, person) for c in pack} if s.phase == "draft" else set()
    for q in range(s.peoples):
        if q == person:
            continue
        for pile in (s.hands[q], s.packs[q], s.kept[q], s.discards[q]):
            facts += [_name(c) for c in pile if c not in known]
        if s.phase != "over":
            for o in s.obj_opts[q]:
                obj = OBJECTIVES[o]
                assert obj is not None
                facts += [rf"\b{re.escape(obj.en)}\b", rf"\b{re.escape(obj.fr)}\b"]
        # a tile placed and not yet revealed (one who takes no part in the round has a public Peace)
        if s.phase == "war_peace" and s.wp[q] != -1 and takes_part(s, q):
            facts.append(rf"\b{SEATS[q]}:? {'War' if s.wp[q] else 'Peace'}\b(?! or Peace)")
    for deck in s.decks:
        facts += [_name(c) for c in deck]
    return facts


def test_a_whole_game_shows_no_other_seats_secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    text, checked = play_and_check(monkeypatch, "genesia", 3, hidden_facts, seed=5)
    assert checked > 1000
    assert "Genesia, Age III" in text


def test_the_solo_board_shows_both_peoples_hands_by_their_names() -> None:
    s = played(1, 35, players=1)
    text = board_text(s, 0)
    assert "People Red's hand" in text and "People Green's hand" in text
    assert re.search(r"People Green\s+10\s+0\s+7 / 23\s+1 / 19\s+2\s+none \(solo\)", text)
    assert s.prompt(0) == "People Red: how many Clans move from Green Homeland to Green 2c? (you have 22 Coins)"


def test_scores_list_the_progress_points_of_each_finished_age() -> None:
    s = played(1, 40)
    while s.age == 1:
        p = s.to_move()[0]
        s.apply(p, s.legal_actions(p)[-1])
    console = Console(width=110, record=True, file=io.StringIO())
    console.print(PRESENT.scores(s.view(0), 0, {}))
    rows = {line.split()[0]: line.split()[1:] for line in console.export_text().splitlines() if line.split()[:1] and line.split()[0] in SEATS}
    for p, name in enumerate(SEATS[:3]):
        assert rows[name] == [str(s.pp[p][0]), "-", "-", str(s.end_pp[p]), str(sum(s.pp[p]))]


def test_a_player_sees_the_packs_it_passed_and_not_the_others() -> None:
    """In the draft a player remembers the packs it passed (the view holds them since session 49): the text
    board and the drawn board list them round by round for their owner; another seat sees none of them."""
    s = GAME.new_state(4, 3, {"objectives": False})
    for _ in range(2):
        for p in range(4):
            s.apply(p, ("draft", sorted(s.packs[p])[0]))
    assert isinstance(s, GenesiaState)
    packs = [[CARDS_BY_NO[c].en for c in sorted(x)] for x in passed_from(s, 0)]
    assert [len(x) for x in packs] == [5, 4]
    text = " ".join(board_text(s, 0).split())
    assert f"Red passed in round 1: {', '.join(packs[0])}" in text
    assert f"Red passed in round 2: {', '.join(packs[1])}" in text
    drawn = " ".join(re.sub(r"<[^>]+>", " ", PRESENT.svg(s.view(0), 0, {}) or "").split())
    assert f"Passed in round 1: {packs[0][0]}" in drawn and "Passed in round 2:" in drawn
    for seat in (1, 2):
        seen = " ".join(board_text(s, seat).split())
        assert "Red passed" not in seen
        own = [CARDS_BY_NO[c].en for c in sorted(passed_from(s, seat)[0])]
        assert f"{SEATS[seat]} passed in round 1: {', '.join(own)}" in seen
