"""Words for people: what an action does, what is being decided, and which rule an illegal action breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.engine import Action
from meeple.engine.actions import default_action_text

from . import attack, cards, expansion
from .data import CARDS_BY_NO, OBJECTIVES

if TYPE_CHECKING:
    from .state import GenesiaState


def _card(c: object) -> str:
    if isinstance(c, int) and 1 <= c <= 90:
        return CARDS_BY_NO[c].name
    return f"card {c!r}"


def _region(s: GenesiaState, r: object) -> str:
    if isinstance(r, int) and 0 <= r < s.board.size:
        return s.board.names[r]
    return f"region {r!r}"


def action_text(s: GenesiaState, a: Action) -> str:
    verb = a[0] if a else ""
    try:
        if verb == "objective":
            o = OBJECTIVES[a[1]]
            return f"keep objective {o.fr} ({o.text})" if o else f"keep objective {a[1]}"
        if verb == "draft":
            return f"pick {_card(a[1])}"
        if verb == "play":
            return f"play {_card(a[1])}"
        if verb == "discard":
            return f"discard {_card(a[1])} for 4 Coins"
        if verb == "copy":
            return f"play {_card(a[1])} to copy the card just played"
        if verb == "recruit":
            return f"recruit a Clan in {_region(s, a[1])}"
        if verb == "move":
            p = s.actor()
            if a[2] in s.board.adj[a[1]] and not expansion.can_stop(s, p, a[2]):
                return (
                    f"move Clans from {_region(s, a[1])} across {_region(s, a[2])} (an opponent's: they go on;"
                    f" {_entry_price(s, p, a[2])})"
                )
            return f"move Clans from {_region(s, a[1])} to {_region(s, a[2])} ({_path_price(s, p, a[1], a[2])})"
        if verb == "step":
            return _step_text(s, a[1])
        if verb == "clans":
            return f"{a[1]} Clan{'s' if a[1] != 1 else ''}{_count_price(s, a[1])}"
        if verb == "target":
            return f"choose {_region(s, a[1])}"
        if verb == "assault":
            return f"attack {_region(s, a[2])} from {_region(s, a[1])}"
        if verb == "lose":
            return f"each side loses {a[1]} Clan{'s' if a[1] != 1 else ''}"
        if verb == "siege":
            return "besiege the City (lose 1 Clan, replace it with yours)"
        if verb == "movein":
            where = _region(s, s.asl[2]) if s.asl else "the conquered Region"
            return f"move {a[1]} Clan{'s' if a[1] != 1 else ''} into {where}"
        if verb == "position":
            return f"take position {a[1] + 1} in the turn order"
        if verb in ("war", "peace", "done", "pass"):
            return {"war": "War", "peace": "Peace", "done": "done", "pass": "pass"}[verb]
    except (IndexError, TypeError):  # a malformed action (e.g. in an error message): plain text
        return default_action_text(a)
    return default_action_text(a)


def _unit(s: GenesiaState) -> str:
    """What a Coin of a move pays for: each Clan in Ages I-II, the whole stack in Age III."""
    return "for the stack" if s.age == 3 else "a Clan"


def _purse(s: GenesiaState, p: int) -> str:
    """What the mover can pay with: Coins, and free Moves (they pay for steps first)."""
    free = f", {s.credit[p]} free Moves (they pay for steps first)" if s.credit[p] else ""
    return f"you have {s.coins[p]} Coins{free}"


def _path_price(s: GenesiaState, p: int, src: int, dst: int) -> str:
    """The cheapest path's price: steps, and the Rights of Way it pays and to whom."""
    charged = expansion.occupancy(s, p)[1]
    key, found = expansion.dst_key(s, p, src, dst, charged)
    steps = key & 63
    rows = (key >> 6) - steps
    text = f"{steps} step{'s' if steps != 1 else ''}"
    if rows and found is not None:
        paid = [r for r in expansion.route(s, src, dst, charged, found) if charged >> r & 1]
        text += " + Right of Way to " + ", ".join(f"{s.people_name(s.occupant(r))} in {s.board.names[r]}" for r in paid)
    return f"{text}: {steps + rows} Coin{'s' if steps + rows != 1 else ''} {_unit(s)}"


def _entry_price(s: GenesiaState, p: int, r: int) -> str:
    """The price of one step into an opponent's Region crossed: the step, and its Right of Way."""
    row = 0 if s.rowfree[p] or not expansion.charges_row(s, p, r) else 1
    text = f"1 step + Right of Way to {s.people_name(s.occupant(r))}" if row else "1 step"
    return f"{text}: {1 + row} Coin{'s' if row else ''} {_unit(s)}"


def _count_price(s: GenesiaState, n: int) -> str:
    """What moving n Clans costs in all, when the move is being counted."""
    top = s.pend[-1] if s.pend else None
    if not top or top[0] != "count":
        return ""
    p, src, dst = int(top[1]), int(top[2]), int(top[3])
    if not expansion.can_stop(s, p, dst):
        return f", {_step_coins(s, p, dst, n)} Coins to enter {_region(s, dst)}, then on"
    key = expansion.dst_key(s, p, src, dst, expansion.occupancy(s, p)[1])[0]
    price = expansion.move_price(s, p, key & 63, (key >> 6) - (key & 63), n)
    return f", {price} Coin{'s' if price != 1 else ''}"


def _step_coins(s: GenesiaState, p: int, r: int, n: int) -> int:
    """Coins one step of n Clans into r costs (free Moves first), with r's Right of Way when crossed."""
    unit = expansion.unit_of(s, n)
    coins = unit - min(s.credit[p], unit)
    if not (expansion.can_stop(s, p, r) or s.rowfree[p] or not expansion.charges_row(s, p, r)):
        coins += unit
    return coins


def _step_text(s: GenesiaState, r: int) -> str:
    top = s.pend[-1] if s.pend else None
    if not top or top[0] != "transit":
        return f"the moving Clans go on to {_region(s, r)}"
    p, n = int(top[1]), int(top[3])
    coins = _step_coins(s, p, r, n)
    how = "stop there" if expansion.can_stop(s, p, r) else f"cross it, Right of Way to {s.people_name(s.occupant(r))}"
    return f"the moving Clans go on to {_region(s, r)} ({how}; {coins} Coin{'s' if coins != 1 else ''})"


def prompt(s: GenesiaState, player: int) -> str:
    ph = s.phase
    if ph == "objective":
        return "Keep one of your two secret objectives"
    if ph == "draft":
        return f"Age {s.age} draft: pick a card"
    if ph == "war_peace":
        return "Place your War or Peace tile"
    p = s.actor()
    if ph == "end_cards" and not s.solo and not s.pend:
        return f"End of Age {s.age}: secretly choose the cards you play or discard, then done"
    # the front end names the seat already; in the solo game one player directs two peoples: say which
    who = f"{s.people_name(p)}: " if s.solo else ""
    if s.pend:
        return who + _pending_prompt(s)
    if ph == "assault":
        if not s.asl:
            return f"{who}launch your Assault"
        a, src, dst, d = s.asl[:4]
        return (
            f"{who}{s.people_name(a)} attacks {_region(s, dst)} of {s.people_name(d)} from {_region(s, src)}:"
            f" {STAGE_QUESTIONS[s.asl[4]]}"
        )
    if ph == "turn_order":
        return f"{who}choose your position for Age {s.age + 1}"
    return f"{who}Age {s.age}, {PHASE_NAMES.get(ph, ph)}: your turn ({_purse(s, p)})"


def _pending_prompt(s: GenesiaState) -> str:
    kind, _, a, b = s.pend[-1][:4]
    if kind == "copy":
        return f"copy {_card(a)}, just played by {s.people_name(int(b))}?"
    if kind == "transit":
        return f"{b} Clan{'s' if b != 1 else ''} crossing {_region(s, int(a))}, where next?"
    if kind == "count":
        return f"how many Clans move from {_region(s, int(a))} to {_region(s, int(b))}? ({_purse(s, int(s.pend[-1][1]))})"
    return {
        "place": f"where do the {a} gained Clans go?",
        "city": "where do you build a City?",
        "invade": "in which opposing Homeland?",
    }[str(kind)]


PHASE_NAMES = {"growth": "Growth", "expansion": "Expansion", "end_cards": "End of Age"}


# what is asked at each stage of an Assault (state.STAGE_NAMES)
STAGE_QUESTIONS = (
    "play attack cards, or go on?",
    "play a defence card?",
    "play attack cards after the defence, or go on?",
    "how many Clans does each side lose?",
    "besiege the City left without Clans?",
    "how many Clans move into the conquered Region?",
)


def attack_stage(s: GenesiaState) -> str:
    from .state import STAGE_NAMES

    return STAGE_NAMES[s.asl[4]]


def why_illegal(s: GenesiaState, player: int, a: Action) -> str | None:
    """The rule an action breaks, in words (None: the engine lists the legal actions)."""
    verb = a[0] if a and isinstance(a[0], str) else None
    ph = s.phase
    if ph in ("objective", "draft", "war_peace"):
        return {
            "objective": "now each player keeps one of the two objectives dealt to them",
            "draft": "now each player picks one card of the cards in front of them",
            "war_peace": "now each player secretly places their War or Peace tile",
        }[ph]
    p = s.actor()
    simultaneous_end = ph == "end_cards" and not s.solo and not s.pend
    if simultaneous_end:
        p = player
        if a and a[0] in ("play", "discard") and len(a) == 2 and any(abs(x) == a[1] for x in s.chosen[p]):
            return f"you already chose {_card(a[1])} for this End of Age"
    if s.pend and s.pend[-1][0] == "transit" and verb != "step":
        return (
            f"the moving Clans are crossing {_region(s, int(s.pend[-1][2]))}, an opponent's Region: they can't"
            " stop there, choose the next Region (\"step\")"
        )
    if s.pend:
        return f"first finish the current decision: {prompt(s, player)}"
    args_ok = all(isinstance(x, int) and not isinstance(x, bool) for x in a[1:])
    if not args_ok:
        return "action arguments are card numbers, region numbers or counts (integers)"
    if verb in ("play", "discard") and len(a) == 2:
        c = a[1]
        if c not in s.hands[p]:
            return f"{_card(c)} is not in your hand"
        if verb == "discard":
            if ph == "assault" and s.asl and p == s.asl[0]:
                return "in your Assault, cards are discarded in its card steps (before and after the defence card)"
            return (
                "cards are discarded at your own decisions in the Age: your turns, your Assault, when you are"
                " attacked or asked to copy, and your End-of-Age choice"
            )
        card = CARDS_BY_NO[c]
        if card.kind == "copy":
            return "a copy card is played only when an opponent plays the card you copy"
        if card.kind == "defence":
            return "a defence card is played only when you are attacked"
        if card.kind == "offence" and not (ph == "assault" and s.asl):
            return "an offensive card is played only during your own Assault"
        letter = {"growth": "G", "expansion": "E", "assault": "A", "end_cards": "F"}.get(ph, "")
        if not cards.card_fits_phase(card, letter):
            icons = card.icons or "none"
            extra = " (Growth+Attack cards are placed during Growth)" if card.icons == "GA" else ""
            return (
                f"a card can't be played outside its phase: {card.en} has icons {icons}, now is {ph}{extra}"
            )
        if card.cost > s.coins[p]:
            return f"{card.en} costs {card.cost} Coins and you have {s.coins[p]}; no debt is allowed"
        if card.kind == "city" and not cards.city_regions(s, p):
            return f"{card.en} builds a City where you have a Clan and no City yet, and there is no such Region"
        return None
    if verb == "recruit" and len(a) == 2:
        if ph not in ("growth", "expansion") and not (ph == "assault" and s.options.get("attack_recruit")):
            return "Clans are recruited only during Growth and Expansion"
        if s.coins[p] < s.rcost[p]:
            return f"a Clan costs {s.rcost[p]} Coins and you have {s.coins[p]}; no debt is allowed"
        if s.reserve_clans(p) == 0:
            return "all your 30 Clans are on the board"
        return "recruited Clans go on your Homeland or, from Age II, in one of your Cities"
    if verb == "move" and len(a) == 3:
        src, dst = a[1], a[2]
        if ph != "expansion":
            return "Clans move only during the Expansion phase"
        size = s.board.size
        if not (0 <= src < size and 0 <= dst < size):
            return f"regions are numbered 0..{size - 1}"
        if not s.clans[p][src]:
            return f"you have no Clan in {_region(s, src)}"
        if not expansion.can_stop(s, p, dst) and dst in s.board.adj[src]:
            others, charged = expansion.occupancy(s, p)
            left = expansion.stops_after_leaving(s, p, src, 1, expansion.stop_bits(s, p, others))
            price = expansion.finish_price(s, p, 1, (charged, left))[dst]
            if price > s.coins[p]:
                return (
                    f"crossing {_region(s, dst)} and stopping beyond costs at least {price} Coins (moves and"
                    f" Rights of Way) and you have {s.coins[p]}; no debt is allowed"
                )
            return None
        if not expansion.can_stop(s, p, dst):
            return (
                f"you can't stop in {_region(s, dst)}: it is occupied by an opponent (you may only pass through,"
                " paying a Right of Way, and conquer it in the Attack phase)"
            )
        _, steps, rows, _ = expansion.paths(s, p, src)
        price = expansion.move_price(s, p, steps[dst], rows[dst], 1)
        if price > s.coins[p]:
            return f"moving there costs {price} Coins (moves and Rights of Way) and you have {s.coins[p]}"
        return None
    if verb == "assault" and len(a) == 3:
        return assault_reason(s, p, a[1], a[2])
    if verb in ("done", "pass") and ph == "assault" and not s.asl and attack.targets(s, p):
        return "a War player must launch an Assault when a Region qualifies"
    if verb == "step" and len(a) == 2 and s.pend and s.pend[-1][0] == "transit":
        v, w = int(s.pend[-1][2]), a[1]
        if not (isinstance(w, int) and 0 <= w < s.board.size) or w not in s.board.adj[v]:
            return "a move goes from a Region to an adjacent Region"
        return (
            f"from {_region(s, w)} the Clans could not afford to reach a Region where they may stop"
            " (they can never stop in an opponent's Region); no debt is allowed"
        )
    if verb in ("lose", "movein", "siege", "clans", "target", "position", "step"):
        return "that choice is not open now"
    return None


def assault_reason(s: GenesiaState, p: int, src: int, dst: int) -> str | None:
    b = s.board
    if s.phase != "assault" or s.asl:
        return "Assaults are launched in the Attack phase, by a player who chose War, on their turn"
    if not (0 <= src < b.size and 0 <= dst < b.size):
        return f"regions are numbered 0..{b.size - 1}"
    if dst not in b.adj[src]:
        return f"the attacked Region must be adjacent to the attacking Region; {b.names[dst]} is not next to {b.names[src]}"
    if b.homeland[dst]:
        return "a Homeland can't be attacked (Homelands are places of peaceful coexistence)"
    if not s.clans[p][src]:
        return f"you have no Clan in {b.names[src]} to attack with"
    o = s.occupant(dst)
    if o < 0 or o == p:
        return "the attacked Region must be occupied by an opponent's Clans and/or City"
    if s.nobel[o]:
        return f"{s.people_name(o)} holds the Nobel Peace Prize and takes part in no Assault"
    dc, ac = s.clans[o][dst], s.clans[p][src]
    if dc >= ac and not (s.equal[p] and dc == ac):
        return (
            f"the attacked Region must have fewer Clans than the attacking Region"
            f" ({dc} there against your {ac})"
        )
    if not dc and not s.reserve_cities(p):
        return "the Region holds only a City and all your 20 Cities are in play: it could not be besieged"
    return None


__all__ = ["action_text", "prompt", "why_illegal"]
