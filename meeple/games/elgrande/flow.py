"""The round (rules reference §4): power cards, turns (provinces -> court, action card, placement and
special action), end of round, general scoring (§7.1) and the secret disks; action texts and prompts."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from . import colonies, effects, pieces
from .actions import COURT_ACTIONS, DONE, PLACE, POWER_ACTIONS, SPECIAL
from .actions import DISK as DISK_ACTIONS
from .actions import RECALL as RECALL_ACTIONS
from .data import (
    ADJ_BASE,
    ADJ_COLONIES,
    AT,
    CARD_CABALLEROS,
    CARD_STACK,
    CARD_TYPE,
    CARDS,
    CASTILLO,
    COASTAL,
    COURT,
    DISC_NAMES,
    FRANCE,
    KING_CARD,
    NAMES,
    NEW,
    NUM_AREAS,
    POWER_TO_COURT,
    SCORING_ROUNDS,
    SHIP,
    SPAIN,
    THE,
    plural,
)
from .phases import (
    ACT,
    CARD,
    COURT_STEP,
    DISK,
    DISK_EVICT,
    DISK_GENERAL,
    DISK_RETURN,
    DISK_SCORE,
    EFFECT,
    FREE,
    OVER,
    POWER,
    RECALL,
    VETO,
)
from .pieces import replaced
from .scoring import score_area

if TYPE_CHECKING:
    from .state import ElGrandeState


def regions(s: ElGrandeState) -> tuple[int, ...]:
    """The scoring regions in play (Spain, and the four new regions with colonies)."""
    return SPAIN + NEW if s.colonies else SPAIN


# ----- round start and power cards -------------------------------------------------------------


def start_round(s: ElGrandeState) -> None:
    """Reveal the top card of each stack (the King's card is always face up); the player who played
    the lowest power card last round (at first: the random start player) opens the bidding."""
    n = s.num_players
    s.faceup = [d[-1] for d in s.decks if d] + [KING_CARD]
    s.faceup.sort()
    s.decks = [d[:-1] for d in s.decks]  # replaced, never changed in place: clones share it
    s.played = [0] * n
    s.order = [(s.last_start + i) % n for i in range(n)]
    s.bid_i = 0
    s.phase = POWER
    if s.log:
        cards = "; ".join(CARDS[c]["name"] for c in s.faceup)
        s.emit("round", f"Round {s.rounds[s.round_i]}: the action cards are {cards}")


def power_actions(s: ElGrandeState, p: int) -> list[tuple]:
    """p's unspent power cards, but none of a value already played this round."""
    blocked = s.used[p]  # bit v-1 = card v may not be played
    for v in s.played:
        if v:
            blocked |= 1 << (v - 1)
    return list(_power_choices(blocked))


@cache
def _power_choices(blocked: int) -> tuple[tuple, ...]:
    return tuple(POWER_ACTIONS[v] for v in range(1, 14) if not (blocked >> (v - 1)) & 1)


def play_power(s: ElGrandeState, p: int, v: int) -> None:
    s.played = replaced(s.played, p, v)  # replaced, not changed in place: clones share these lists
    s.used = replaced(s.used, p, s.used[p] | 1 << (v - 1))
    bit = 1 << (v - 1)
    if s.back[p] & bit:  # played again: the table now knows which card was taken back
        back = s.back[p] & ~bit
        s.back = replaced(s.back, p, back)
        s.maybe = replaced(s.maybe, p, s.maybe[p] & ~bit if back else 0)
    s.bid_i += 1
    if s.log:
        s.emit("power", f"{s.player_name(p)} plays power card {v}", player=p, value=v)
    if s.bid_i == s.num_players:
        s.turns = sorted(range(s.num_players), key=lambda q: -s.played[q])
        s.turn_i = 0
        s.last_start = s.turns[-1]
        begin_turn(s, s.turns[0])


# ----- a turn ------------------------------------------------------------------------------------


def begin_turn(s: ElGrandeState, p: int) -> None:
    s.cur, s.card, s.placed, s.place_state, s.special_done = p, -1, 0, 0, 0
    s.eff, s.sub, s.step, s.lock, s.held, s.queue = -1, -1, 0, -1, (), []
    if s.colonies and colonies.has_free(s, p):
        s.fresh = [0] * 9
        s.fresh_roles = [0, 0]
        s.phase = FREE
    else:
        enter_court(s)


def enter_court(s: ElGrandeState) -> None:
    s.fresh = [0] * 9
    s.fresh_roles = [0, 0]
    s.left = POWER_TO_COURT[s.played[s.cur] - 1]
    if s.left > 0:
        s.phase = COURT_STEP
    else:
        to_cards(s)


def to_cards(s: ElGrandeState) -> None:
    """The player chooses an action card. (Every round has at least as many face-up cards as
    players; only an edited position can run out, and then the turn passes.)"""
    if s.faceup:
        s.phase = CARD
    else:
        end_turn(s)


def court_actions(s: ElGrandeState) -> list[tuple]:
    return list(COURT_ACTIONS[min(s.left, s.prov[s.cur])::-1])  # the most first, down to 0


def recall_actions(s: ElGrandeState) -> list[tuple]:
    """Provinces ran out: own Caballeros may come back to court from regions (never from the King's
    region or the Castillo)."""
    p = s.cur
    out = [RECALL_ACTIONS[a] for a in regions(s) if a != s.king and s.cab[p][a] > 0]
    return out + [DONE] if out else out


def _targets(colonies: bool, king: int) -> tuple[int, ...]:
    """Next to the King, the Castillo, and (colonies) the Ship when the King is in a coastal region."""
    adj = ADJ_COLONIES[king] if colonies else ADJ_BASE[king]
    return adj + (CASTILLO,) + ((SHIP,) if colonies and king in COASTAL else ())


# per colonies (0/1) and King's area: where Caballeros may be placed from court (France when not full)
TARGETS = tuple(tuple(_targets(c, k) for k in range(NUM_AREAS)) for c in (False, True))


def placement_targets(s: ElGrandeState) -> list[int]:
    """Next to the King, the Castillo, and (colonies) the Ship when the King is in a coastal region;
    France holds 3 Caballeros at most."""
    out = TARGETS[s.colonies][s.king]
    if FRANCE in out and pieces.france_free(s) == 0:
        return [a for a in out if a != FRANCE]
    return list(out)


def act_actions(s: ElGrandeState) -> list[tuple]:
    p = s.cur
    c = s.card
    if s.place_state < 2 and s.placed < CARD_CABALLEROS[c] and s.court[p] > 0:
        out = [PLACE[a] for a in placement_targets(s)]
    else:
        out = []
    if not s.special_done and CARD_TYPE[c] != "veto":
        out.append(SPECIAL)
    if s.kept:
        out += [("use", k) for k, h in s.kept if h == p]
    if s.colonies:
        out += colonies.claim_actions(s, p)
    out.append(DONE)
    return out


def apply_turn(s: ElGrandeState, action: tuple) -> None:
    verb = action[0]
    p = s.cur
    if verb == "court":
        k = action[1]
        short = k == s.prov[p]
        s.prov[p] -= k
        s.court[p] += k
        s.left -= k
        if s.log:
            s.emit("court", f"{s.player_name(p)} brings {plural(k, 'Caballero')} from the provinces to court", player=p)
        if short and s.left > 0 and recall_actions(s):
            s.phase = RECALL
        else:
            to_cards(s)
    elif verb == "recall":
        a = action[1]
        carry = 0 if pieces.plain(s, p, a) else next(k for k, ar, c in s.discs if c == p and ar == a)
        pieces.move(s, p, a, COURT, carry)
        s.left -= 1
        if s.log:
            s.emit("recall", f"{s.player_name(p)} takes a Caballero back from {THE[a]} to court", player=p, area=a)
        if s.left == 0 or not recall_actions(s):
            to_cards(s)
    elif verb == "card":
        c = action[1]
        s.card = c
        faceup = s.faceup[:]  # shared by clones: replaced, not changed in place
        faceup.remove(c)
        s.faceup = faceup
        s.phase = ACT
        if s.log:
            s.emit("card", f"{s.player_name(p)} takes the action card \"{CARDS[c]['name']}\"", player=p, card=c)
        if CARD_TYPE[c] == "veto":
            # "Keep the card": holding it is the card's whole special action, nothing else to do now
            s.vetoes = s.vetoes + [(c, p, s.round_i)]  # shared by clones: replaced, not appended to
            s.special_done = 1
            if s.log:
                s.emit("veto_kept", f"{s.player_name(p)} keeps Veto! for this and the next round", player=p)
    elif verb == "place":
        a = action[1]
        pieces.place(s, p, a)
        s.placed += 1
        s.place_state = 1
        if s.log:
            s.emit("place", f"{s.player_name(p)} places a Caballero {AT[a]}", player=p, area=a)
    elif verb == "special":
        s.special_done = 1
        start_special(s, s.card)
    elif verb == "use":
        kept = s.kept[:]  # shared by clones: replaced, not changed in place
        kept.remove((action[1], p))
        s.kept = kept
        start_special(s, action[1])
    elif verb == "claim":
        pieces.claim(s, p, action[1])
    elif verb == "done":
        if s.phase == RECALL:
            to_cards(s)
        else:
            end_turn(s)


def start_special(s: ElGrandeState, c: int) -> None:
    """Card c's special action is announced (the turn's card, or a kept 7th-stack card): Veto!
    holders may cancel it, else it starts."""
    if s.place_state == 1:
        s.place_state = 2  # no interleaving: placement is over once a special action starts
    s.eff = c
    holders = veto_holders(s)
    if holders:
        s.queue = holders
        s.phase = VETO
        if s.log:
            s.emit("announce", f"{s.player_name(s.cur)} announces the special action of \"{CARDS[c]['name']}\"")
    else:
        effects.begin(s)


def veto_holders(s: ElGrandeState) -> list[int]:
    """Players other than the active one holding a live Veto, clockwise from the active player."""
    if not s.vetoes:
        return []
    holders = {h for _, h, _ in s.vetoes if h != s.cur}
    n = s.num_players
    return [(s.cur + i) % n for i in range(1, n) if (s.cur + i) % n in holders]


def veto_point(s: ElGrandeState) -> bool:
    """A step of the running special action is complete (or its target named) and some of it remains:
    the Veto! holders may object now ("You may also prevent only part of a special action ... The
    veto prevents the remainder", rulebook p. 9). True when they are asked (clockwise from the active
    player); the action goes on once all of them allow (effects.resume)."""
    if s.phase != EFFECT or s.post or s.held or not s.vetoes:
        return False
    holders = veto_holders(s)
    if not holders:
        return False
    s.asking = holders
    return True


def answer_veto(s: ElGrandeState, p: int, veto: bool) -> None:
    """A Veto! holder answers: at the announcement (phase VETO, `queue`) or while the special action
    is carried out (phase EFFECT, `asking`)."""
    started = s.phase == EFFECT
    if veto:
        i = next(i for i, v in enumerate(s.vetoes) if v[1] == p)
        s.vetoes = s.vetoes[:i] + s.vetoes[i + 1:]
        if s.log:
            what = "the remainder of " if started else ""
            s.emit("veto", f"{s.player_name(p)} plays Veto!: {what}{s.player_name(s.cur)}'s special action is "
                   "cancelled", player=p)
        s.asking = []
        if started:
            effects.finish(s)
        else:
            s.queue = []
            s.eff = -1
            s.phase = ACT
        return
    if started:
        s.asking = s.asking[1:]
        if not s.asking:
            effects.resume(s)
        return
    s.queue = s.queue[1:]
    if not s.queue:
        effects.begin(s)


def end_turn(s: ElGrandeState) -> None:
    """A 7th-stack card whose special action was not carried out stays with its taker (seed: the
    discs are placed when the special action is performed, "which may occur in a later round")."""
    if s.card >= 0 and not s.special_done and CARD_STACK[s.card] == 7:
        s.kept = s.kept + [(s.card, s.cur)]
        if s.log:
            s.emit("keep", f"{s.player_name(s.cur)} keeps \"{CARDS[s.card]['name']}\" to carry out its special "
                   "action in a later round", player=s.cur)
    s.card = -1
    s.turn_i += 1
    if s.turn_i < s.num_players:
        begin_turn(s, s.turns[s.turn_i])
    else:
        end_round(s)


def end_round(s: ElGrandeState) -> None:
    """Untaken cards are discarded (the King's card stays); a Veto taken last round expires now."""
    s.faceup = []
    s.vetoes = [v for v in s.vetoes if v[2] == s.round_i]
    s.cur = -1
    if s.rounds[s.round_i] in SCORING_ROUNDS:
        ask_disks(s, DISK_GENERAL, [1] * s.num_players)
    else:
        next_round(s)


def next_round(s: ElGrandeState) -> None:
    s.round_i += 1
    if s.round_i >= len(s.rounds):
        s.phase = OVER
        if s.log:
            s.emit("end", "The game is over after the third general scoring")
    else:
        start_round(s)


# ----- secret disks --------------------------------------------------------------------------------


def ask_disks(s: ElGrandeState, kind: int, need: list[int]) -> None:
    s.disk_kind = kind
    s.disk_need = need
    s.disk = [-1] * s.num_players
    s.phase = DISK


def disk_choices(s: ElGrandeState, q: int) -> list[int]:
    """Where q's disk may point now. The disk never targets a new region or the Castillo."""
    k = s.disk_kind
    if k in (DISK_GENERAL, DISK_SCORE):
        return list(SPAIN)  # general scoring: the King's region may be set (the Caballeros go to court)
    if k == DISK_RETURN:
        need = 2 if s.arg == 2 else 1  # "return 2": a region with at least 2; "return all": at least 1
        return [a for a in SPAIN if a != s.king and s.cab[q][a] >= need]
    return [a for a in SPAIN if a != s.king and a != s.lock]  # eviction destinations


def disk_actions(s: ElGrandeState, p: int) -> list[tuple]:
    return [DISK_ACTIONS[a] for a in disk_choices(s, p)]


def set_disk(s: ElGrandeState, p: int, a: int) -> None:
    s.disk = replaced(s.disk, p, a)
    if s.log:
        s.emit("disk", f"{s.player_name(p)} sets the secret disk", player=p)
        s.emit("disk_own", f"You set your disk to {NAMES[a]}", player=p, to=(p,))
    if any(s.disk_need[q] and s.disk[q] < 0 for q in range(s.num_players)):
        return
    kind = s.disk_kind
    if s.log:
        shown = ", ".join(f"{s.player_name(q)} {NAMES[s.disk[q]]}" for q in range(s.num_players) if s.disk_need[q])
        s.emit("reveal", f"The disks are revealed: {shown}")
    if kind == DISK_GENERAL:
        general_scoring(s)
    else:
        effects.resolve_disks(s)


def general_scoring(s: ElGrandeState) -> None:
    """§7.1: score the Castillo, move each player's Castillo Caballeros to their disk's region (the
    King's region sends them back to court), then score every region with its bonuses."""
    if s.log:
        shown = ", ".join(f"{s.player_name(p)} {s.cab[p][CASTILLO]}" for p in range(s.num_players))
        s.emit("castillo", f"General scoring: the Castillo is opened: {shown}")
    score_area(s, CASTILLO, 0)
    for p in range(s.num_players):
        k = s.cab[p][CASTILLO]
        s.cab[p][CASTILLO] = 0
        if s.disk[p] == s.king:
            s.court[p] += k
        else:
            s.cab[p][s.disk[p]] += k
    s.disk = [-1] * s.num_players
    s.disk_need = [0] * s.num_players
    for a in regions(s):
        score_area(s, a, 0)
    next_round(s)


# ----- words ---------------------------------------------------------------------------------------


def why_illegal(s: ElGrandeState, p: int, action: tuple) -> str | None:
    verb = action[0] if action else None
    ph = s.phase
    arg = action[1] if len(action) > 1 else None
    if s.post and p == s.cur and verb != "post":
        role, where, prep = pieces.POST_NAMES[s.post[0]]
        return (f"first decide whether the Caballero that just arrived {prep} {where} takes the empty {role}'s "
                "space (seed: the player who moves Caballeros there may put one on the space)")
    if verb == "post" and not s.post:
        return ("the Captain's or Viceroy's space is offered only when you move a Caballero onto the Ship or "
                "into America while that space is empty")
    if verb == "power" and ph == POWER and isinstance(arg, int):
        if not 1 <= arg <= 13:
            return "power cards are numbered 1 to 13"
        if (s.used[p] >> (arg - 1)) & 1:
            return f"power card {arg} is already used: spent cards are gone until 'Power of the Cards'"
        if arg in s.played:
            return f"power card {arg} was already played this round: no value twice in a round"
    if verb == "place" and isinstance(arg, int):
        if arg == s.king:
            return "the King's region is frozen: no Caballero may be placed there"
        if ph == EFFECT:
            return _why_not_extra(s, arg)
        if ph != ACT:
            return "Caballeros are placed only after taking an action card"
        if s.place_state == 2:
            return "placement and the special action may not be interleaved: placement is over"
        if s.placed >= CARDS[s.card]["caballeros"]:
            return f"this card lets you place at most {CARDS[s.card]['caballeros']} Caballeros"
        if s.court[p] == 0:
            return "your court is empty"
        if arg == FRANCE:
            return "France holds only 3 Caballeros and is entered from court when the King is in Aragon or Catalonia"
        if arg == SHIP:
            return "the Ship is entered from court only when the King is in a coastal region"
        if arg in (12, 13):
            return ("Caballeros reach America and the Mediterranean only by the Ship or by the special actions "
                    "of some cards, never from court")
        return "Caballeros are placed only into regions next to the King's region or into the Castillo"
    if verb == "drop" and isinstance(arg, int) and s.held:
        if arg == s.king:
            if s.held[2] in DISC_NAMES:
                return (f"a Caballero carrying {DISC_NAMES.get(s.held[2], 'a disc')} may not be moved to the "
                        "King's region (and the King's region is frozen)")
            return "the King's region is frozen: nothing may be moved into it"
        if arg == CASTILLO and s.held[2] in DISC_NAMES and s.held[0] != s.cur:
            return "another player's Caballero carrying a disc may not be moved to the Castillo"
        if arg == FRANCE and pieces.france_free(s) == 0:
            return "France has room for only 3 Caballeros"
        if arg == FRANCE and ph == FREE:
            return ("Caballeros move from the Ship to France only when the King is in Aragon or Catalonia "
                    "(next to France)")
        return "that is not a destination this move allows"
    if verb == "pick" and len(action) == 4 and action[2] == s.king:
        return "the King's region is frozen: nothing may be taken out of it"
    if verb == "pick" and len(action) == 4 and action[2] == CASTILLO:
        return "Caballeros never leave the Castillo except at a scoring"
    if verb == "pick" and len(action) == 4 and ph in (FREE, EFFECT) and not s.held:
        why = _why_not_picked(s, p, *action[1:])
        if why:
            return why
    if verb == "court" and ph == COURT_STEP and isinstance(arg, int):
        return (f"your power card brings at most {s.left} Caballeros to court now, and your provinces "
                f"hold {s.prov[p]}")
    if verb == "use" and isinstance(arg, int):
        if (arg, p) not in s.kept:
            return ("that is not a 7th-stack card you kept: a card whose special action was not carried out "
                    "stays with its taker, who may carry it out in a later round")
        if ph != ACT:
            return "a kept card's special action is carried out in your turn, after taking an action card"
    if verb == "claim" and isinstance(arg, int):
        where = "America" if arg == 1 else "the Mediterranean"
        return (f"to claim {DISC_NAMES.get(arg, 'a disc')} you need an unclaimed disc and a Caballero of yours "
                f"without a disc in {where} (the Viceroy may resign only to claim Gold), during your turn")
    if verb in ("veto", "allow") and ph != VETO and not (ph == EFFECT and s.asking):
        return ("a Veto! is played when another player announces a special action, or while it is carried "
                "out: after each of its steps and once its region is named (Veto! holders are asked then)")
    if verb == "card" and ph == CARD:
        return "that action card is not face up (or was already taken) this round"
    if verb == "area" and ph == EFFECT and arg == CASTILLO and effects.effect_of(s)["type"] == "score_choice":
        return ("the Castillo is not a region: this card scores one region of your choice; only the stack-3 "
                "card \"any area\" may score the Castillo")
    if verb == "area" and ph == EFFECT and arg == s.king:
        return "the King's region is frozen for every action"
    return None


def _why_not_extra(s: ElGrandeState, a: int) -> str:
    """Why an extra Caballero from court may not go to area a (the stack-1 cards' "regions of your choice")."""
    e = effects.effect_of(s) if s.eff >= 0 else {}
    if e.get("from_court") and 0 <= a < NUM_AREAS:
        if a in (12, 13):
            return ("Caballeros reach America and the Mediterranean only by the Ship or by being repositioned "
                    "(seed), never from court")
        if a == SHIP and s.king not in COASTAL:
            return "the Ship is entered from court only when the King is in a coastal region (seed)"
        if a == FRANCE and FRANCE not in ADJ_COLONIES[s.king]:
            return "France is entered from court only when the King is in Aragon or Catalonia (seed)"
        if a == CASTILLO:
            return "the Castillo is not a region: this card places into regions of your choice"
    return "that region may not receive Caballeros from this card"


def _why_not_picked(s: ElGrandeState, p: int, o: int, a: int, carry: int) -> str | None:
    """Why `pick o a carry` names no Caballero that may move now (None: the generic answer)."""
    if not (0 <= o < s.num_players and 0 <= a < NUM_AREAS):
        return None
    name = s.player_name(o)
    free = s.phase == FREE and o == s.cur
    at = f"{pieces.POST_NAMES[a][2]} {pieces.POST_NAMES[a][1]}" if a in pieces.POST_NAMES else f"in {NAMES[a]}"
    since = "only Caballeros that were there at the beginning of the turn move (seed, Ship)"
    if carry == pieces.ROLE:
        if a not in pieces.POST_NAMES:
            return ("carry 3 names the Captain or the Viceroy: only the Ship has a Captain and only America "
                    "a Viceroy")
        role, where, _ = pieces.POST_NAMES[a]
        if not pieces.holds_role(s, o, a):
            return f"{name} is not the {role} of {where}"
        if free and pieces.role_fresh(s, a):
            return f"the {role} arrived {at} this turn: {since}"
        if pieces.others(s, o, a) <= 0:
            there = " that was there at the beginning of the turn" if free else ""
            return (f"carry 0 already picks the {role} ('pick {o} {a} 0'): {name} has no other Caballero "
                    f"without a disc {at}{there}")
    if free and a in pieces.FIDX and pieces.count(s, o, a, carry) > 0 and colonies.movable(s, o, a, carry) <= 0:
        who = pieces.POST_NAMES[a][0] if pieces.resolve(s, o, a, carry) == pieces.ROLE else "Caballero"
        return f"that {who} arrived {at} this turn: {since}"
    return None


def action_text(s: ElGrandeState, action: tuple) -> str:
    verb = action[0]
    a = action[1] if len(action) > 1 else None
    if verb == "power":
        return f"play power card {a}"
    if verb == "court":
        return f"bring {plural(a, 'Caballero')} from the provinces to court"
    if verb == "recall":
        return f"take a Caballero back from {THE[a]} to court"
    if verb == "card":
        return f"take the action card \"{CARDS[a]['name']}\"" if 0 <= a < len(CARDS) else f"card {a}"
    if verb == "place":
        return f"place a Caballero {AT[a]}" if 0 <= a < len(NAMES) else f"place {a}"
    if verb == "special":
        return "carry out the card's special action"
    if verb == "done":
        return _done_text(s)
    if verb == "pick" and len(action) == 4:
        o, src, carry = action[1:]
        what = f" carrying {DISC_NAMES[carry]}" if carry in DISC_NAMES else ""
        name = s.player_name(o) if 0 <= o < s.num_players else f"P{o + 1}"
        where = THE[src] if 0 <= src < len(NAMES) else str(src)
        if src in pieces.POST_NAMES and 0 <= o < s.num_players and pieces.holds_role(s, o, src) \
                and carry in (0, pieces.ROLE):
            role, the, prep = pieces.POST_NAMES[src]
            if pieces.resolve(s, o, src, carry) == pieces.ROLE:
                return f"pick up the {name} {role} {prep} {the}"
            return f"pick up a {name} Caballero {prep} {the} (not the {role})"
        if carry == pieces.ROLE:
            role, the, prep = pieces.POST_NAMES.get(src, ("Captain/Viceroy", where, "in"))
            return f"pick up the {name} {role} {prep} {the}"
        return f"pick up a {name} Caballero{what} {AT[src] if 0 <= src < len(NAMES) else where}"
    if verb == "drop":
        return f"move it to {THE[a]}" if 0 <= a < len(NAMES) else f"move it to {a}"
    if verb == "ret":
        whose = f"{s.player_name(s.queue[0])} " if s.phase == EFFECT and s.queue else ""
        return f"return a {whose}Caballero from {pieces.area_name(a)} to the provinces"
    if verb == "area":
        return _area_text(s, THE[a]) if 0 <= a < len(NAMES) else f"choose {a}"
    if verb == "board":
        return "choose the 8/4/0 scoreboard" if a == 0 else "choose the 4/0/0 scoreboard"
    if verb == "option":
        return "move all your Caballeros out of one region" if a == 0 else "place 2 Caballeros from court"
    if verb == "disk":
        return f"set the secret disk to {NAMES[a]}" if 0 <= a < len(NAMES) else f"disk {a}"
    if verb == "veto":
        if s.phase == EFFECT:
            return "play Veto! and stop the remainder of this special action"
        return "play Veto! and cancel this special action"
    if verb == "allow":
        return "let the special action go ahead"
    if verb == "claim":
        where = "America" if a == 1 else "the Mediterranean"
        return f"claim a {DISC_NAMES.get(a, a)} disc in {where}"
    if verb == "reclaim":
        return f"take back power card {a}"
    if verb == "use":
        name = CARDS[a]["name"] if 0 <= a < len(CARDS) else str(a)
        return f"carry out the special action of your kept card \"{name}\""
    if verb == "post" and s.post:
        return _post_text(s, a == 1)
    return " ".join(str(x) for x in action)


_AREA_VERBS = {
    "move": "move Caballeros out of {}",
    "move_all_own": "move all your Caballeros out of {}",
    "score_choice": "score {} now",
    "mobile": "put the scoreboard on {}",
    "grande": "move your Grande to {}",
    "eviction": "name {}: the others move all their Caballeros out of it",
    "king": "move the King to {}",
}


def _post_text(s: ElGrandeState, take: bool) -> str:
    area, o = s.post
    role, where, _ = pieces.POST_NAMES[area]
    if not take:
        return f"leave the {role}'s space empty"
    whose = "your Caballero" if o == s.cur else f"the {s.player_name(o)} Caballero"
    return f"make {whose} the {role} of {where}"


def _area_text(s: ElGrandeState, name: str) -> str:
    if s.phase == EFFECT and s.eff >= 0:
        verb = _AREA_VERBS.get(effects.effect_of(s)["type"])
        if verb:
            return verb.format(name)
    return f"choose {name}"


def _done_text(s: ElGrandeState) -> str:
    ph = s.phase
    if ph == FREE:
        return "end the free moves of the Ship"
    if ph == RECALL:
        return "take no more Caballeros back to court"
    if ph == EFFECT:
        return "stop here (end the special action)"
    if ph == ACT:
        return "end your turn"
    return "done"


def prompt(s: ElGrandeState, p: int) -> str:
    ph = s.phase
    if s.post and ph != OVER:
        area, o = s.post
        role, where, prep = pieces.POST_NAMES[area]
        whose = "Your Caballero" if o == p else f"A {s.player_name(o)} Caballero"
        return f"{whose} arrives {prep} {where} and the {role}'s space is empty: make it the {role}?"
    if ph == POWER:
        return f"Round {s.rounds[s.round_i]}: play a power card"
    if ph == FREE:
        if s.held:
            _, src, carry = s.held
            who = f"the {pieces.POST_NAMES[src][0]}" if carry == pieces.ROLE else "the Caballero"
            return f"Free moves of the Ship: where does {who} go?"
        return "Free moves of the Ship (and claims of Gold and Wares), then done"
    if ph == COURT_STEP:
        return f"Bring up to {plural(s.left, 'Caballero')} from the provinces to court"
    if ph == RECALL:
        return f"The provinces are empty: take up to {plural(s.left, 'Caballero')} back from regions to court"
    if ph == CARD:
        return "Choose an action card"
    if ph == ACT:
        offers = {a[0] for a in act_actions(s)}
        todo = []
        if "place" in offers:
            todo.append(f"place up to {plural(CARDS[s.card]['caballeros'] - s.placed, 'more Caballero')}")
        if "special" in offers or "use" in offers:
            whose = {("special",): "carry out the special action", ("use",): "carry out a kept card's special action"}
            todo.append(" or ".join(whose[(v,)] for v in ("special", "use") if v in offers))
        if "claim" in offers:
            todo.append("claim Gold or Wares")
        return f"{CARDS[s.card]['name']}: " + (" and/or ".join(todo) + ", then " if todo else "") + "end your turn"
    if ph == EFFECT:
        return effects.prompt(s)
    if ph == VETO:
        return f"Veto {s.player_name(s.cur)}'s special action of \"{CARDS[s.eff]['name']}\"?"
    if ph == DISK:
        k = s.disk_kind
        if k == DISK_GENERAL:
            return "General scoring: set your secret disk (where your Castillo Caballeros go)"
        if k == DISK_RETURN:
            what = "2 of your Caballeros" if s.arg == 2 else "all your Caballeros"
            return f"Set your secret disk: the region {what} return from to the provinces"
        if k == DISK_SCORE:
            return "Set your secret disk: a region to score (scored if no one else picks it)"
        return f"Set your secret disk: where all your Caballeros in {NAMES[s.lock]} go"
    return "The game is over"


__all__ = ["DISK_EVICT", "DISK_RETURN", "DISK_SCORE", "VETO", "regions"]
