"""El Grande at the table (issue 44): the text board drawn from a seat's view, labels that carry the
facts deciding an action, menu groups, and no hidden fact of another seat on a person's screen.

Snapshots live in `snapshots/`; after a deliberate change of the board, rewrite them with
`MEEPLE_SNAPSHOTS=update pytest tests/games/elgrande/test_present.py`."""

from __future__ import annotations

import importlib.util
import io
import os
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from meeple.engine import State
from meeple.games.elgrande.data import CARDS, NAMES, SPAIN, STACKS
from meeple.games.elgrande.present import PRESENTER, points_now
from meeple.games.elgrande.scoring import area_points
from meeple.table import Table, presenter_for

from .helpers import GAME, card_id, empty_doc, free_moves_doc, put


def _secrets() -> Any:
    """tests/cli/secrets.py, the terminal's secrecy harness (tests/games is no package, so this
    directory cannot import `tests.cli` when it is run on its own)."""
    path = Path(__file__).parents[2] / "cli" / "secrets.py"
    spec = importlib.util.spec_from_file_location("elgrande_present_secrets", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


play_and_check = _secrets().play_and_check

SNAPSHOTS = Path(__file__).parent / "snapshots"
PRESENT = presenter_for(GAME)


def render(renderable: Any) -> str:
    console = Console(width=110, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def board_text(state: State, seat: int | None) -> str:
    return render(PRESENT.board(state.view(seat), seat, state.options))


def played_to(n: int, seed: int, options: dict[str, Any], until: Callable[[State], bool], limit: int = 5000) -> State:
    """A game played by seeded random moves until `until(state)` holds."""
    state = GAME.new_state(n, seed, options)
    rng = random.Random(seed)
    for _ in range(limit):
        if until(state):
            return state
        assert not state.is_terminal(), "the game ended before the position"
        p = rng.choice(state.to_move())  # any of the players setting a disk at once
        state.apply(p, rng.choice(state.legal_actions(p)))
    raise AssertionError("the position was not reached")


def after(steps: int) -> Callable[[State], bool]:
    counter = iter(range(steps + 1))
    return lambda state: next(counter, steps) >= steps


def others_disk_set(state: State) -> bool:
    doc = state.to_json()
    return doc["phase"] == "disk" and doc["disk_kind"] == "general" and any(d >= 0 for d in doc["disk"][1:])


def check_snapshot(name: str, text: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("MEEPLE_SNAPSHOTS") == "update":
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no snapshot {path.name}: run with MEEPLE_SNAPSHOTS=update"
    assert text == path.read_text(encoding="utf-8"), f"the board differs from {path.name}"


# ----- snapshots ------------------------------------------------------------------------------------


POSITIONS = {
    "base-3p-round1": (3, 4, {}, after(12)),
    "colonies-4p-midgame": (4, 2, {"colonies": True}, after(160)),
    "5p-general-scoring-disks": (5, 3, {}, others_disk_set),
}


@pytest.mark.parametrize("name", POSITIONS)
def test_the_board_matches_its_snapshot(name: str) -> None:
    n, seed, options, until = POSITIONS[name]
    state = played_to(n, seed, options, until)
    view = state.view(0)
    text = board_text(state, 0) + render(PRESENT.hand(view, 0, state.options)) + render(
        PRESENT.scores(view, 0, state.options)
    )
    check_snapshot(name, text)
    assert "…" not in text and not re.search(r"\.\.\. ?\+\d", text), "nothing is cut off"


def test_the_board_names_every_area_and_the_five_cards_face_up() -> None:
    state = played_to(4, 2, {"colonies": True}, after(160))
    text = board_text(state, 0)
    for name in NAMES:
        assert re.search(rf"^{name}\s", text, re.M), name
    for c in state.to_json()["faceup"]:
        assert CARDS[c]["name"] in text and CARDS[c]["text"].split()[0] in text
    assert "King in " in text and "you are Red" in text
    spectator = board_text(state, None)
    assert "you are" not in spectator and all(re.search(rf"^{name}\s", spectator, re.M) for name in NAMES)


# ----- the board comes from the view alone --------------------------------------------------------


def test_the_board_is_the_same_when_only_another_seats_secrets_differ() -> None:
    """Another seat's secret disk and the order of the stacks are not on Red's board; Yellow's disk
    is on Yellow's own board."""
    state = played_to(5, 3, {}, others_disk_set)
    doc = state.to_json()
    q = next(q for q in range(1, 5) if doc["disk"][q] >= 0)
    doc2 = state.to_json()
    doc2["disk"][q] = next(r for r in SPAIN if r != doc["disk"][q] and r != doc["king"])
    for st in STACKS:
        doc2["decks"][str(st)] = doc2["decks"][str(st)][::-1]
    changed = GAME.state_from_json(doc2)
    assert changed.to_json() != state.to_json()
    assert board_text(changed, 0) == board_text(state, 0)
    assert f"disk on {NAMES[doc['disk'][q]]}" in board_text(state, q)
    assert f"disk on {NAMES[doc2['disk'][q]]}" in board_text(changed, q)


def test_what_scoring_now_gives_is_what_the_rules_score() -> None:
    """The board's "if scored now" column reads the view; the rules' `area_points` read the state."""
    for seed in range(4):
        state = played_to(3 + seed % 3, seed, {"colonies": seed % 2 == 1}, after(40 + 30 * seed))
        view = state.view(0)
        for a in range(len(NAMES)):
            assert points_now(view, a) == area_points(state, a), (seed, NAMES[a])
            assert points_now(view, a, first_only=True) == area_points(state, a, first_only=True), (seed, NAMES[a])


# ----- labels -------------------------------------------------------------------------------------


def labels(state: State, seat: int) -> dict[tuple, str]:
    view = state.view(seat)
    return {c.action: c.label for c in PRESENT.choices(state, seat, view, state.legal_actions(seat))}


def act_doc(card: str, king: str = "Galicia") -> dict[str, Any]:
    """Red's turn with `card` taken: 5 in court, Yellow 3 and Red 1 in Old Castile, Red's Grande there."""
    doc = empty_doc(3)
    doc.update(phase="act", cur=0, card=card_id(card), king=NAMES.index(king), played=[13, 12, 11],
               used=[[13], [12], [11]], bid_i=3, turns=[0, 1, 2], turn_i=0)
    doc["grande"] = [NAMES.index("Old Castile"), NAMES.index("Seville"), NAMES.index("Aragon")]
    doc["faceup"] = [c for c in doc["faceup"] if c != doc["card"]]
    put(doc, 0, "court", 5)
    put(doc, 0, "Old Castile", 1)
    put(doc, 1, "Old Castile", 3)
    put(doc, 2, "Castillo", 2)
    return doc


def test_power_cards_say_how_many_caballeros_go_to_court() -> None:
    state = GAME.new_state(3, 1, {})
    p = state.to_move()[0]
    got = labels(state, p)
    assert got[("power", 1)] == "power card 1: 6 Caballeros to court"
    assert got[("power", 10)] == "power card 10: 1 Caballero to court"
    assert got[("power", 13)] == "power card 13: 0 Caballeros to court"
    state.apply(p, ("power", 7))
    q = state.to_move()[0]
    got = labels(state, q)
    mover = state.player_name(p)
    assert got[("power", 9)] == f"power card 9: 2 Caballeros to court; you move before {mover}"
    assert got[("power", 2)] == f"power card 2: 5 Caballeros to court; you move after {mover}"


def test_action_cards_carry_their_caballeros_and_text() -> None:
    doc = act_doc("The King's card")
    doc["phase"], doc["card"] = "card", -1
    doc["faceup"] = [card_id("Mobile scoreboard"), card_id("Exile"), card_id("The King's card")]
    got = labels(GAME.state_from_json(doc), 0)
    assert got[("card", card_id("Exile"))] == (
        "Exile (2 Caballeros): Return 1 Caballero of each opponent from a region to the provinces"
    )
    assert got[("card", card_id("The King's card"))] == "The King's card (5 Caballeros): Move the King to any region"


def test_a_scoring_card_says_what_it_would_give_now() -> None:
    doc = act_doc("The King's card")
    doc["phase"], doc["card"] = "card", -1
    doc["faceup"] = [card_id("Special scoring: 6- and 7-point regions"), card_id("Special scoring: the Castillo")]
    state = GAME.state_from_json(doc)
    got = labels(state, 0)
    # Old Castile 6/4/2: Yellow 3 first, Red 1 second; New Castile and Granada are empty
    assert got[("card", card_id("Special scoring: 6- and 7-point regions"))] == (
        "Special scoring: 6- and 7-point regions (3 Caballeros): Score all regions whose 1st value is 6 or 7"
        " (now: Red +4, Yellow +6)"
    )
    assert got[("card", card_id("Special scoring: the Castillo"))].endswith("(now: Green +5)")
    assert "(now: Red +4, Yellow +6)" in " ".join(board_text(state, 1).split())  # a wrapped cell joined


def test_placement_and_special_action_labels_name_what_is_there() -> None:
    got = labels(GAME.state_from_json(act_doc("Special scoring: any area")), 0)
    assert got[("place", NAMES.index("Old Castile"))] == "place a Caballero in Old Castile (Red 1, Yellow 3)"
    assert got[("place", NAMES.index("Castillo"))] == "place a Caballero in the Castillo (Green 2)"
    assert got[("special",)] == (
        "carry out the special action: Score one region of your choice, the King's region or the Castillo included"
    )
    state = GAME.state_from_json(act_doc("Special scoring: any area"))
    state.apply(0, ("place", NAMES.index("Old Castile")))
    assert labels(state, 0)[("special",)].startswith(
        "carry out the special action (ends your placement: 2 Caballeros not placed): Score one region"
    )


def test_a_scoring_choice_says_who_would_score_what() -> None:
    state = GAME.state_from_json(act_doc("Special scoring: any area"))
    state.apply(0, ("special",))
    got = labels(state, 0)
    # Old Castile 6/4/2: Yellow first (6), Red second (4); Red's Grande earns nothing without first place
    assert got[("area", NAMES.index("Old Castile"))] == "score Old Castile now: Red +4, Yellow +6"
    assert got[("area", NAMES.index("Castillo"))] == "score the Castillo now: Green +5"


def test_the_general_scoring_disk_says_where_the_castillo_caballeros_go() -> None:
    doc = played_to(5, 3, {}, lambda s: others_disk_set(s) and 0 in s.to_move()).to_json()
    king, castillo = doc["king"], NAMES.index("Castillo")
    other = next(r for r in SPAIN if r != king and not any(row[r] for row in doc["cab"]))
    doc["prov"][0] += doc["cab"][0][castillo]
    doc["cab"][0][castillo] = 0
    got = labels(GAME.state_from_json(doc), 0)
    assert got[("disk", other)] == f"set the secret disk to {NAMES[other]} (you have no Caballero in the Castillo; empty)"
    put(doc, 0, castillo, 2)
    got = labels(GAME.state_from_json(doc), 0)
    assert got[("disk", king)] == (
        f"set the secret disk to {NAMES[king]} (the King's region: your 2 Castillo Caballeros go back to court)"
    )
    assert got[("disk", other)] == f"set the secret disk to {NAMES[other]} (your 2 Castillo Caballeros go there; empty)"


def test_the_free_moves_ask_where_the_picked_caballero_goes() -> None:
    doc = free_moves_doc()
    put(doc, 0, "Ship", 2)
    doc["captain"] = 0
    state = GAME.state_from_json(doc)
    state.apply(0, ("pick", 0, NAMES.index("Ship"), 3))
    assert state.prompt(0) == "Free moves of the Ship: where does the Captain go?"
    assert labels(state, 0)[("drop", NAMES.index("America"))] == "move it to America (empty)"


def test_a_long_menu_of_caballeros_to_move_is_grouped_by_colour() -> None:
    doc = act_doc("Intrigue: 4 of any colour")
    for p in range(3):
        for r in SPAIN:
            if r != NAMES.index("Galicia") and not doc["cab"][p][r]:
                put(doc, p, r, 1)
    state = GAME.state_from_json(doc)
    state.apply(0, ("special",))
    view = state.view(0)
    choices = PRESENT.choices(state, 0, view, state.legal_actions(0))
    assert len(choices) > 20
    assert all(c.group for c in choices)
    picks = {c.group for c in choices if c.action[0] == "pick"}
    assert picks == {"Red Caballeros", "Yellow Caballeros", "Green Caballeros"}


def test_the_table_finds_the_games_presenter() -> None:
    table = Table(GAME, ["human", "random", "random"], seed=1)
    assert isinstance(table.presenter, PRESENTER)


# ----- secrecy through `meeple play` --------------------------------------------------------------


# A fact's words within a screen line of each other: a drawn board's markup is one line of the server's
# message (one element a line as text), where the words of distant things may follow in that order.
NEAR = r"[^\n]{0,120}?"


def hidden_facts(state: State, person: int) -> list[str]:
    """The other seats' hidden facts as they would be spelt on a screen: a secret disk not yet
    revealed ("Yellow ... disk ... Granada"), a power card taken back in secret ("Yellow ... take(s)
    back ... power card 7"), and the order of each stack (its next three cards listed together)."""
    doc = state.to_json()
    out = []
    for q, name in enumerate(state.player_name(p) for p in range(state.num_players)):
        if q == person:
            continue
        if doc["phase"] == "disk" and doc["disk"][q] >= 0:
            out.append(rf"{name}\b{NEAR}\bdisk\b{NEAR}\b{NAMES[doc['disk'][q]]}\b")
        for v in doc["back"][q]:
            out.append(rf"{name}\b{NEAR}\btakes? back\b{NEAR}\bpower card {v}\b")
    for deck in doc["decks"].values():
        top = [re.escape(CARDS[c]["name"]) for c in deck[::-1][:3]]
        if len(top) == 3:
            out.append(NEAR.join(rf"\b{t}" for t in top))
    return out


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, ("-o", "short=true")), (4, ("-o", "colonies=true", "-o", "short=true"))],
    ids=["3p-short", "4p-colonies-short"],
)
def test_no_hidden_fact_of_another_seat_reaches_the_persons_screen(
    players: int, options: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    text, checked = play_and_check(monkeypatch, "elgrande", players, hidden_facts, seed=3, options=options)
    assert checked > 0
    assert "The disks are revealed" in text and "action cards face up" in text


def test_the_facts_spell_a_leak() -> None:
    """The facts would catch the old leaks: a bot's disk and a card taken back printed as its action."""
    state = played_to(5, 3, {}, others_disk_set)
    doc = state.to_json()
    q = next(q for q in range(1, 5) if doc["disk"][q] >= 0)
    name = state.player_name(q)
    facts = hidden_facts(state, 0)
    leak = f"{name} (greedy): set the secret disk to {NAMES[doc['disk'][q]]}"
    assert any(re.search(f, leak) for f in facts)
    deck = doc["decks"]["1"][::-1]
    listing = "next: " + ", ".join(CARDS[c]["name"] for c in deck)
    assert any(re.search(f, listing) for f in facts)
    innocent = board_text(state, 0)
    assert not any(re.search(f, innocent) for f in facts)
