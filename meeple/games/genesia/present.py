"""Genesia at the table: labels with each card's cost, icons, Progress Points and text, grouped menus,
a text board and a drawn one (`drawing.py`: the SVG, with the board things each action names and each
event marks), both drawn from a seat's view alone.

The board shows the Continents and Genesia region by region (value, neighbours, Clans and Cities of
each people), the peoples (turn order, Coins, cards in hand, Clans and Cities left, Progress Points,
this Age's card effects, the War/Peace tiles once revealed), the Assault in progress, and the seat's
own hand, draft cards and objective. The card texts exist only in our data (`data/cards.json`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from meeple.engine import Action, State
from meeple.engine.result import Event
from meeple.table.presenter import Presenter

from .data import CARDS_BY_NO, CITIES, CLANS, OBJECTIVES, REGIONS_PER_CONTINENT, SEATS, Card, board_for
from .drawing import draw, is_solo, own_passed, people_names, region_thing
from .state import STAGE_NAMES

View = Mapping[str, Any]
STYLES = {"Red": "bold red", "Green": "bold green", "Gray": "bold bright_black", "Black": "bold", "White": "bold white"}
ICONS = {"G": "Growth", "E": "Expansion", "A": "Attack", "F": "End of Age"}
PHASES = {
    "objective": "choosing objectives",
    "draft": "draft",
    "growth": "Growth",
    "expansion": "Expansion",
    "war_peace": "Attack: placing the war or peace tiles",
    "assault": "Attack: Assaults",
    "end_cards": "End of Age: cards",
    "turn_order": "turn order for the next Age",
    "over": "game over",
}
ROMAN = {1: "I", 2: "II", 3: "III"}


# ----- words ------------------------------------------------------------------------------------


def icons(card: Card) -> str:
    """The phase icons in words; a card without icons is a copy card, played out of turn."""
    return "+".join(ICONS[i] for i in card.icons) if card.icons else "copy (out of turn)"


def card_facts(no: int) -> str:
    """Cost, icons and Progress Points of a card, then its text (no square brackets: menus are rich
    markup)."""
    c = CARDS_BY_NO[no]
    pp = f"{c.pp} PP" + (" every Age (Invention)" if c.invention else "")
    return f"cost {c.cost} · {icons(c)} · {pp} · {c.text}"


def objective_line(o: int) -> str:
    obj = OBJECTIVES[o]
    return f"{obj.en} ({obj.fr}): {obj.text}" if obj else f"objective {o}"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def who(view: View, p: int) -> Text:
    """A people's colour as a word, in that colour."""
    return Text(people_names(view)[p], style=STYLES.get(SEATS[p], "bold"))


def mine(view: View) -> set[int]:
    """The peoples whose secrets the view shows (the seat's own; both in the solo game)."""
    me = view.get("you")
    if me is None:
        return set()
    return {p for p, h in enumerate(view["hands"]) if isinstance(h, list) and (p == me or is_solo(view))}


def short(region: str, side: int) -> str:
    """A Region's name within its own Continent ("2a"), in full elsewhere ("Green 3a", "Coast 1")."""
    prefix = f"{SEATS[side]} " if side >= 0 else ""
    return region[len(prefix):] if prefix and region.startswith(prefix) else region


# ----- the presenter -----------------------------------------------------------------------------


class GenesiaPresenter(Presenter):
    """Genesia's labels, menu groups and text board."""

    def label(self, state: State, seat: int, view: View, action: Action) -> str:
        verb = action[0]
        text = state.action_text(action)
        if verb in ("draft", "play", "discard", "copy") and isinstance(action[1], int):
            return f"{text} · {card_facts(action[1])}"
        if verb == "objective":
            return f"keep objective {objective_line(action[1])}"
        if verb == "target":
            return target_label(view, action[1])
        if verb == "assault":
            return assault_label(view, action[1], action[2])
        if verb in ("war", "peace"):
            return f"place the {text} tile"
        if verb in ("done", "pass"):
            return quiet_label(view, verb)
        if verb == "position":
            return f"take position {action[1] + 1} in the turn order of Age {ROMAN.get(view['age'] + 1, '')}"
        if verb == "recruit":
            return f"{text} ({view['recruit_cost'][state.actor()]} Coins)"
        return text

    def group(self, view: View, action: Action, label: str) -> str:
        verb = action[0]
        if verb == "move":
            return f"move Clans from {view['board']['names'][action[1]]}"
        return {
            "play": "play a card",
            "discard": "discard a card for 4 Coins",
            "recruit": "recruit a Clan",
            "copy": "play a copy card",
            "assault": "attack",
        }.get(verb, label)

    def svg(self, view: View, seat: int | None, options: Mapping[str, Any]) -> str | None:
        return draw(view)

    def targets(self, view: View, action: Action) -> tuple[str, ...]:
        """Cards are picked in the hand (or the draft pack), Regions on the map, a move and an Assault
        as their Region of origin, then of destination; a turn-order position on the turn-order board.
        A card played with a target Region (Clans gained, a City) asks for it next, as its own action."""
        verb = action[0]
        if verb in ("draft", "play", "discard", "copy"):
            return (f"card:{action[1]}",)
        if verb == "objective":
            return (f"objective:{action[1]}",)
        if verb in ("recruit", "target", "step"):
            return (region_thing(view, action[1]),)
        if verb in ("move", "assault"):
            return (region_thing(view, action[1]), region_thing(view, action[2]))
        if verb == "position":
            return (f"order:{action[1]}",)
        if verb in ("war", "peace"):
            return (f"tile:{verb}",)
        return ()

    def marks(self, view: View, event: Event) -> tuple[str, ...]:
        """The Regions an event touched (Clans placed or moved, a City, an Assault), the people who
        played a card, scored, or placed a tile, and the slot of the turn order taken."""
        data = event.data or {}
        if "regions" in data:
            return tuple(region_thing(view, r) for r in data["regions"])
        if event.kind == "order" and "position" in data:
            return (f"order:{data['position']}",)
        if event.kind in ("play", "progress", "tile", "ready") and event.player is not None:
            return (f"people:{event.player}",)
        if event.kind in ("end", "reveal"):
            return tuple(f"people:{p}" for p in range(view["peoples"]))
        return ()

    def board(self, view: View, seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        parts: list[RenderableType] = [heading(view), peoples_table(view)]
        assault = assault_text(view)
        if assault:
            parts.append(assault)
        parts.append(map_tables(view))
        played = any(view["played"]) or any(view["copies"])
        parts.append(played_table(view) if played else Text("No card played yet."))
        if mine(view):
            parts.append(self.hand(view, seat, options))
        return Group(*parts)

    def hand(self, view: View, seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        own = sorted(mine(view))
        if not own:
            return Text("A spectator holds no cards.")
        return Group(*(hand_of(view, p) for p in own))

    def scores(self, view: View, seat: int | None, options: Mapping[str, Any]) -> RenderableType:
        t = RichTable(title="Progress Points by Age", caption="The final count adds Radiance, Conquest and the objectives.",
                      box=box.SIMPLE_HEAD)
        t.add_column("people")
        for age in (1, 2, 3):
            t.add_column(f"Age {ROMAN[age]}", justify="right")
        t.add_column("this Age's End cards", justify="right")
        t.add_column("total", justify="right")
        for p in range(view["peoples"]):
            pp = view["pp"][p]  # one entry per finished Age
            ages = [str(pp[i]) if i < len(pp) else "-" for i in range(3)]
            t.add_row(who(view, p), *ages, str(view["end_pp"][p]), str(sum(pp)))
        return t


def state_actor(view: View) -> int:
    """The people whose turn it is in Growth, Expansion and End of Age (order[turn])."""
    return view["order"][view["turn"]] if view["turn"] < len(view["order"]) else view["order"][0]


# ----- labels ------------------------------------------------------------------------------------


def occupants(view: View, r: int) -> list[str]:
    """Who is in Region r: "Green 2 Clans + City"."""
    out = []
    for p in range(view["peoples"]):
        k = view["clans"][p][r]
        city = view["cities"][r] == p or r in view["home_cities"][p]
        if k or city:
            out.append(people_names(view)[p] + (f" {plural(k, 'Clan')}" if k else "") + (" + City" if city else ""))
    return out


def region_label(view: View, r: int) -> str:
    name = view["board"]["names"][r]
    here = occupants(view, r)
    return f"{name} (value {view['board']['values'][r]}{'; ' + ', '.join(here) if here else ', empty'})"


def target_label(view: View, r: int) -> str:
    kind = view["pending"][-1][0] if view["pending"] else ""
    what = {
        "place": "the gained Clans go to",
        "city": "build the City in",
        "invade": "invade",
    }.get(str(kind), "choose")
    return f"{what} {region_label(view, r)}"


def assault_label(view: View, src: int, dst: int) -> str:
    names = view["board"]["names"]
    attacker = state_attacker(view)
    mine_there = view["clans"][attacker][src] if attacker is not None else 0
    return f"attack {region_label(view, dst)} from {names[src]} (your {plural(mine_there, 'Clan')})"


def state_attacker(view: View) -> int | None:
    attackers = view["attackers"]
    i = view["attacker_index"]
    return attackers[i] if i < len(attackers) else None


def quiet_label(view: View, verb: str) -> str:
    """What "done" or "pass" means at this moment."""
    pend = view["pending"]
    if pend:
        kind = pend[-1][0]
        return {"copy": "copy nothing", "city": "build no City"}.get(str(kind), verb)
    phase = view["phase"]
    if phase in ("growth", "expansion"):
        return f"end your {PHASES[phase]} turn"
    if phase == "end_cards":
        return "done: your End-of-Age choice is complete"
    if phase == "assault":
        asl = view["assault"]
        if not asl:
            return "pass: no Region to attack"
        stage = STAGE_NAMES[asl[4]]
        if stage == "defence":
            return "play no defence card"
        if stage == "siege":
            return "do not besiege the City"
        return "play no more cards: on with the Assault" if verb == "done" else "pass"
    return verb


# ----- the board ---------------------------------------------------------------------------------


def heading(view: View) -> Text:
    order = ", ".join(people_names(view)[p] for p in view["order"])
    text = Text(f"Genesia, Age {ROMAN.get(view['age'], view['age'])}: {PHASES.get(view['phase'], view['phase'])}",
                style="bold")
    text.append(f"   turn order {order}")
    if view["phase"] in ("growth", "expansion") and not view["pending"]:
        text.append("   to play: ")
        text.append_text(who(view, state_actor(view)))
    if view["phase"] == "turn_order" and view["new_order"]:
        names = people_names(view)
        chosen = [names[p] if p >= 0 else "?" for p in view["new_order"]]
        text.append(f"   Age {ROMAN.get(view['age'] + 1, '')} order so far: {', '.join(chosen)}")
    return text


def peoples_table(view: View) -> RichTable:
    t = RichTable(box=box.SIMPLE_HEAD, pad_edge=False)
    for col, just in (("people", "left"), ("Coins", "right"), ("cards", "right"), ("Clans on board / left", "right"),
                      ("Cities / left", "right"), ("PP", "right"), ("objective", "left"), ("this Age", "left")):
        t.add_column(col, justify=just)  # type: ignore[arg-type]
    for p in range(view["peoples"]):
        on_board = sum(view["clans"][p])
        cities = view["cities"].count(p) + len(view["home_cities"][p])
        left = CLANS - on_board - len(view["copies"][p]) - moving(view, p)
        t.add_row(
            who(view, p),
            str(view["coins"][p]),
            cards_held(view, p),
            f"{on_board} / {left}",
            f"{cities} / {CITIES - cities}",
            str(sum(view["pp"][p])),
            objective_cell(view, p),
            effects(view, p),
        )
    return t


def moving(view: View, p: int) -> int:
    return sum(int(x[3]) for x in view["pending"] if x[0] == "transit" and x[1] == p)


def cards_held(view: View, p: int) -> str:
    h = view["hands"][p]
    n = len(h) if isinstance(h, list) else h
    if view["phase"] == "draft":
        k = view["kept"][p]
        kept = len(k) if isinstance(k, list) else k
        return f"{kept} drafted, {'picked' if view['picked'][p] else 'picking'}"
    return str(n)


def objective_cell(view: View, p: int) -> str:
    if is_solo(view):
        return "none (solo)"
    if p >= len(view["objective"]):  # a game without objectives (`-o objectives=false`)
        return "none"
    o = view["objective"][p]
    if isinstance(o, bool):
        return "kept (secret)" if o else "choosing"
    if not o:
        return "choosing" if view["phase"] == "objective" else "none"
    obj = OBJECTIVES[o]
    return obj.en if obj else str(o)


def effects(view: View, p: int) -> str:
    """This Age's card effects on the people, and its War/Peace tile when revealed."""
    out = []
    if view["free_moves"][p]:
        out.append(plural(view["free_moves"][p], "free Move"))
    if view["recruit_cost"][p] != 2:
        out.append(f"recruits for {view['recruit_cost'][p]}")
    if view["row_free"][p]:
        out.append("pays no Right of Way")
    if view["war_bonus"][p]:
        out.append(f"attack +{view['war_bonus'][p]}")
    if view["war_guard"][p]:
        out.append(f"defence +{view['war_guard'][p]}")
    if view["equal_attack"][p]:
        out.append("may attack equal Clans")
    if view["nobel"][p]:
        out.append("Nobel Peace Prize")
    if view["phase"] == "war_peace":
        tile = view["war_peace"][p]
        out.append("tile placed" if tile is True or (not isinstance(tile, bool) and tile >= 0) else "placing tile")
    elif view["phase"] == "assault" and view["revealed"]:
        # lower case: "War" and "Peace" are the tiles' actions, told only by the reveal event
        out.append("tile: war" if view["revealed"][p] else "tile: peace")
    if view["phase"] == "end_cards" and view["ready"][p]:
        out.append("End cards chosen")
    if view["assaults"][p]:
        out.append(f"{plural(view['assaults'][p], 'Assault')} so far")
    return ", ".join(out)


def assault_text(view: View) -> Text | None:
    asl = view["assault"]
    transit = [x for x in view["pending"] if x[0] == "transit"]
    names = view["board"]["names"]
    if transit:
        _, p, r, n = transit[-1][:4]
        text = who(view, int(p))
        text.append(f": {plural(int(n), 'Clan')} crossing {names[int(r)]}, on the move")
        return text
    if not asl:
        return None
    a, src, dst, d, stage = asl[:5]
    text = Text("Assault: ", style="bold")
    text.append_text(who(view, a))
    text.append(f" attacks {names[dst]} ({', '.join(occupants(view, dst)) or 'empty'}) from {names[src]}"
                f" ({plural(view['clans'][a][src], 'Clan')}) against ")
    text.append_text(who(view, d))
    text.append(f"; stage: {STAGE_NAMES[stage]}")
    return text


def map_tables(view: View) -> RichTable:
    """The Continents side by side (their Regions share names and values) and Genesia beside them."""
    b = board_for(view["peoples"])
    grid = RichTable.grid(padding=(0, 2))
    grid.add_row(continents_table(view, b), genesia_table(view, b))
    return grid


def continents_table(view: View, b: Any) -> RichTable:
    t = RichTable(title="Continents", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
    t.add_column("Region")
    t.add_column("val", justify="right")
    for s in range(b.sides):
        t.add_column(f"{people_names(view)[s]}'s", header_style=STYLES.get(SEATS[s], "bold"))
    for k in range(REGIONS_PER_CONTINENT):
        cells = [occupants_text(view, s * REGIONS_PER_CONTINENT + k) for s in range(b.sides)]
        t.add_row(short(b.names[k], 0), str(b.values[k]), *cells)
    t.caption = continent_links(b)
    t.caption_justify = "left"
    return t


def continent_links(b: Any) -> str:
    """Which Regions touch within a Continent (every Continent alike) and across neighbouring ones."""
    inner = []
    for k in range(REGIONS_PER_CONTINENT):
        later = [short(b.names[n], 0) for n in b.adj[k] if k < n < REGIONS_PER_CONTINENT]
        if later:
            inner.append(f"{short(b.names[k], 0)}-{','.join(later)}")
    # each pair once, from the later Region of its Continent ("Red 3b-Green 3a"), Continent by Continent
    across = [
        f"{b.names[r]}-{b.names[n]}"
        for r in range(b.sides * REGIONS_PER_CONTINENT)
        for n in b.adj[r]
        if n < b.sides * REGIONS_PER_CONTINENT and b.continent[n] != b.continent[r]
        and (r % REGIONS_PER_CONTINENT, r) > (n % REGIONS_PER_CONTINENT, n)
    ]
    return "Next to: " + " ".join(inner) + ("; across: " + ", ".join(across) if across else "")


def genesia_table(view: View, b: Any) -> RichTable:
    t = RichTable(title="Genesia", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
    t.add_column("Region")
    t.add_column("val", justify="right")
    t.add_column("next to", max_width=30)
    t.add_column("Clans, Cities")
    for r in range(b.sides * REGIONS_PER_CONTINENT, b.size):
        near = ", ".join(b.names[n] for n in b.adj[r])
        t.add_row(b.names[r], str(b.values[r]), near, occupants_text(view, r))
    return t


def occupants_text(view: View, r: int) -> Text:
    text = Text()
    for p in range(view["peoples"]):
        k = view["clans"][p][r]
        city = view["cities"][r] == p or r in view["home_cities"][p]
        if k or city:
            if text:
                text.append(" ")
            what = f"{k}+City" if k and city else "City" if city else str(k)
            text.append(f"{SEATS[p]} {what}", style=STYLES.get(SEATS[p], "bold"))
    return text


def played_table(view: View) -> RichTable:
    """The cards each people has face up: this Age's, and the Inventions of earlier Ages."""
    t = RichTable(title="Cards played (face up)", box=box.SIMPLE_HEAD, pad_edge=False, expand=False)
    t.add_column("people")
    t.add_column("cards")
    for p in range(view["peoples"]):
        shown = [c for c in view["played"][p] if CARDS_BY_NO[c].age == view["age"] or CARDS_BY_NO[c].invention]
        parts = [short_card(c, view["age"]) for c in shown]
        parts += [f"copied {CARDS_BY_NO[c].en}" for c in view["copies"][p]]
        t.add_row(who(view, p), "; ".join(parts) or "none")
    return t


def short_card(c: int, age: int) -> str:
    card = CARDS_BY_NO[c]
    if card.age != age:
        return f"{card.en} (Invention, Age {ROMAN[card.age]}, {card.pp} PP)"
    return f"{card.en} ({card.pp} PP{', Invention' if card.invention else ''}: {card.text})"


def hand_of(view: View, p: int) -> Group:
    """A people's private cards: hand, draft cards, own discards, secret End-of-Age choice, objective."""
    parts: list[RenderableType] = []
    name = people_names(view)[p]
    if view["phase"] not in ("draft", "objective") or view["hands"][p]:
        parts.append(cards_table(f"{name}'s hand", view["hands"][p]))
    if view["phase"] == "draft":
        parts.append(cards_table(f"{name}: the cards to pick from", view["packs"][p]))
        parts.append(cards_table(f"{name}: drafted so far", view["kept"][p]))
        for t, pack in enumerate(own_passed(view, p)):
            parts.append(Text(f"{name} passed in round {t + 1}: {', '.join(CARDS_BY_NO[c].en for c in pack)}",
                              style="dim"))
    chosen = view["chosen"][p] if p < len(view["chosen"]) else None
    if chosen:
        said = [("play " if x > 0 else "discard ") + CARDS_BY_NO[abs(x)].en for x in chosen]
        parts.append(Text(f"{name}'s End-of-Age choice so far: {', '.join(said)}"))
    if view["discards"][p]:
        parts.append(Text(f"{name} discarded (face down): {', '.join(CARDS_BY_NO[c].en for c in view['discards'][p])}",
                          style="dim"))
    parts.append(objective_text(view, p))
    return Group(*parts)


def objective_text(view: View, p: int) -> Text:
    if p >= len(view["objective"]):
        return Text("")
    o = view["objective"][p]
    if isinstance(o, int) and not isinstance(o, bool) and o:
        return Text(f"{people_names(view)[p]}'s objective: {objective_line(o)}", style="italic")
    opts = view["objective_options"][p]
    if isinstance(opts, list) and opts:
        return Text(f"{people_names(view)[p]}'s objectives to choose from: "
                    + " | ".join(objective_line(x) for x in opts), style="italic")
    return Text("")


def cards_table(title: str, cards: Any) -> RichTable | Text:
    if not isinstance(cards, list):
        return Text(f"{title}: {cards} cards")
    if not cards:
        return Text(f"{title}: none")
    t = RichTable(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    t.add_column("card")
    t.add_column("cost", justify="right")
    t.add_column("icons")
    t.add_column("PP", justify="right")
    t.add_column("text")
    for c in sorted(cards):  # in the order of the menu
        card = CARDS_BY_NO[c]
        t.add_row(card.name, str(card.cost), icons(card), f"{card.pp}{' Inv.' if card.invention else ''}", card.text)
    return t


PRESENTER = GenesiaPresenter
