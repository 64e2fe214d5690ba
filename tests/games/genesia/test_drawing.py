"""Genesia's drawn board (no browser): at seeded positions the SVG's numbers (each Region's Clans, Cities
and value, each people's Coins, Progress Points, cards, Clans and Cities, the turn order) equal the
view's; each kind of action names the board things meant (a card, a Region, an origin then a
destination, a turn-order slot, a tile); a spectator and each seat see only what their view holds."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

from meeple.engine import load
from meeple.games.genesia.data import CARDS_BY_NO
from meeple.table import HUMAN, Table

NS = "{http://www.w3.org/2000/svg}"


def play(players: int, seed: int, steps: int) -> Table:
    """A table after `steps` uniformly random decisions (every seat a person)."""
    table = Table(load("genesia"), [HUMAN] * players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if table.is_over():
            break
        seat = table.waiting_for()[0]
        table.act(seat, rng.choice(table.update(seat).choices).action)
    return table


def things(svg: str) -> dict[str, dict[str, str]]:
    """Each board thing's data-* attributes, by its name."""
    root = ET.fromstring(svg)
    out = {}
    for g in root.iter(f"{NS}g"):
        name = g.get("data-thing")
        if name:
            assert name not in out, f"{name} drawn twice"
            out[name] = {k[5:]: v for k, v in g.attrib.items() if k.startswith("data-")}
    return out


def slug(name: str) -> str:
    return "region:" + name.lower().replace(" ", "-")


POSITIONS = [(1, 2, 150), (2, 1, 60), (3, 4, 250), (4, 7, 500), (5, 3, 400), (5, 12, 900)]


@pytest.mark.parametrize(("players", "seed", "steps"), POSITIONS)
def test_the_drawn_numbers_are_the_views(players: int, seed: int, steps: int) -> None:
    table = play(players, seed, steps)
    for seat in [*range(players), None]:
        update = table.update(seat)
        view: dict[str, Any] = update.view
        drawn = things(table.svg(update))
        names, values = view["board"]["names"], view["board"]["values"]
        assert sum(1 for t in drawn if t.startswith("region:")) == len(names)
        for r, name in enumerate(names):
            d = drawn[slug(name)]
            assert d["name"] == name and int(d["value"]) == values[r]
            clans = {int(p): int(n) for p, n in (x.split(":") for x in d["clans"].split())}
            assert clans == {p: view["clans"][p][r] for p in range(view["peoples"]) if view["clans"][p][r]}
            cities = {int(p) for p in d["cities"].split()}
            assert cities == {p for p in range(view["peoples"])
                              if view["cities"][r] == p or r in view["home_cities"][p]}
        for p in range(view["peoples"]):
            d = drawn[f"people:{p}"]
            hand = view["hands"][p]
            assert int(d["coins"]) == view["coins"][p]
            assert int(d["pp"]) == sum(view["pp"][p])
            assert int(d["cards"]) == (len(hand) if isinstance(hand, list) else hand)
            assert int(d["clans"]) == sum(view["clans"][p])
            assert int(d["cities"]) == view["cities"].count(p) + len(view["home_cities"][p])
        order = view["new_order"] if view["phase"] == "turn_order" and view["new_order"] else view["order"]
        assert [int(drawn[f"order:{k}"]["people"]) for k in range(len(order))] == list(order)


def own_cards(view: dict[str, Any]) -> set[int]:
    """Every card number the view shows its seat: its hands, draft packs and drafted cards."""
    out: set[int] = set()
    for key in ("hands", "packs", "kept"):
        for cards in view[key]:
            if isinstance(cards, list):
                out.update(cards)
    return out


@pytest.mark.parametrize(("players", "seed", "steps"), POSITIONS)
def test_each_seat_sees_only_its_own_cards_and_objective(players: int, seed: int, steps: int) -> None:
    table = play(players, seed, steps)
    state = table._state  # the whole state, to name what the seats must not see
    for seat in [*range(players), None]:
        update = table.update(seat)
        svg = table.svg(update)
        drawn = things(svg)
        cards = {int(t.split(":")[1]) for t in drawn if t.startswith("card:")}
        assert cards == own_cards(update.view)
        objectives = {int(t.split(":")[1]) for t in drawn if t.startswith("objective:")}
        if seat is None:
            assert not cards and not objectives and not any(t.startswith("tile:") for t in drawn)
            continue
        view = update.view
        mine = view["objective"][seat] if seat < len(view["objective"]) else 0
        options = view["objective_options"][seat] if seat < len(view["objective_options"]) else []
        assert objectives == ({mine} if mine else set(options))
        # no other seat's hidden card is named anywhere in the drawing (text, tooltips, attributes)
        public = {c for p in range(view["peoples"]) for c in view["played"][p] + view["copies"][p]}
        shown_names = {CARDS_BY_NO[c].en for c in own_cards(view) | public}
        hidden: set[int] = set()
        for p in range(state.peoples):
            if p != seat and players > 1:  # the solo player sees both peoples' hands
                hidden.update(state.hands[p])
                for pile in (state.packs, state.kept):
                    hidden.update(pile[p] if p < len(pile) else [])
        for c in hidden - own_cards(view) - public:
            if CARDS_BY_NO[c].en not in shown_names:
                assert CARDS_BY_NO[c].en not in svg, f"seat {seat} sees {CARDS_BY_NO[c].en}"


def test_each_kind_of_action_names_the_things_meant() -> None:
    """Random four-player games until every kind of action that names a board thing was offered:
    a card (draft, play, discard, copy), an objective, a Region (recruit, target, step), an origin
    then a destination (move, assault), a turn-order slot, a tile; the rest name nothing."""
    wanted = {"objective", "draft", "play", "discard", "recruit", "move", "step", "target", "assault", "position",
              "war", "peace"}
    seen: Counter[str] = Counter()
    for seed in range(1, 6):
        if wanted <= set(seen):
            break
        table = Table(load("genesia"), [HUMAN] * 4, seed)
        rng = random.Random(seed)
        while not table.is_over():
            seat = table.waiting_for()[0]
            update = table.update(seat)
            names = update.view["board"]["names"]
            drawn = things(table.svg(update))
            for choice in update.choices:
                action, targets = choice.action, choice.targets
                verb = action[0]
                seen[verb] += 1
                assert set(targets) <= set(drawn), (choice.label, targets)
                if verb in ("draft", "play", "discard", "copy"):
                    assert targets == (f"card:{action[1]}",)
                elif verb == "objective":
                    assert targets == (f"objective:{action[1]}",)
                elif verb in ("recruit", "target", "step"):
                    assert targets == (slug(names[action[1]]),)
                elif verb in ("move", "assault"):
                    assert targets == (slug(names[action[1]]), slug(names[action[2]]))
                elif verb == "position":
                    assert targets == (f"order:{action[1]}",)
                elif verb in ("war", "peace"):
                    assert targets == (f"tile:{verb}",)
                else:
                    assert targets == (), choice.label
            table.act(seat, rng.choice(update.choices).action)
    assert wanted <= set(seen), f"never offered: {wanted - set(seen)}"


def test_events_mark_the_regions_and_peoples_they_touched() -> None:
    """A recruit marks its Region, a move its origin and destination, a card played its player's row,
    a turn-order choice its slot; every mark is drawn in the seat's board."""
    marked: dict[str, tuple[str, ...]] = {}
    table = Table(load("genesia"), [HUMAN] * 3, 5)
    rng = random.Random(5)
    while not table.is_over():
        seat = table.waiting_for()[0]
        update = table.update(seat)
        drawn = things(table.svg(update))
        for event, marks in zip(update.events, update.marks, strict=True):
            assert set(marks) <= set(drawn), (event.text, marks)
            if marks:
                marked.setdefault(event.kind, marks)
            if event.kind == "recruit":
                assert marks == (slug(event.text.split(" in ")[1].split(" (")[0]),)
        table.act(seat, rng.choice(update.choices).action)
    assert {"recruit", "move", "play", "order", "city", "progress"} <= set(marked)
    assert len(marked["move"]) == 2 and all(m.startswith("region:") for m in marked["move"])
    assert marked["play"][0].startswith("people:") and marked["order"][0].startswith("order:")


@pytest.mark.parametrize(("players", "seed"), [(3, 21), (5, 22)])
def test_every_target_and_mark_is_drawn_in_games_of_more_players(players: int, seed: int) -> None:
    """The shared check (tests/table/test_drawings.py) plays the solo game; here three and five
    players, where Straits, Coasts and every Continent's rows are laid out differently."""
    table = Table(load("genesia"), [HUMAN] * players, seed)
    rng = random.Random(seed)
    while not table.is_over():
        seat = table.waiting_for()[0]
        update = table.update(seat)
        svg = table.svg(update)
        drawn = set(things(svg))
        for choice in update.choices:
            assert set(choice.targets) <= drawn, (choice.label, choice.targets)
        for event, marks in zip(update.events, update.marks, strict=True):
            assert set(marks) <= drawn, (event.text, marks)
        table.act(seat, rng.choice(update.choices).action)
    things(table.svg(table.update(None)))
