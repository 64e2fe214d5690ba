"""Special actions of the action cards (rules reference §6; stack 7 = our design, data/cards.json).

Each effect is described by its card's data ("type" plus parameters). A running effect keeps its
progress in the state's flat fields: eff (card), sub (sub-effect), step, left / own_left / opp_left
(moves left), lock (region chosen), held (Caballero picked up), queue (players still to answer).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from . import pieces
from .actions import AREA, DONE, DROP, PLACE
from .data import (
    ADJ_COLONIES,
    AMERICA,
    AT,
    CARDS,
    CASTILLO,
    COASTAL,
    COURT,
    DISC_NAMES,
    FRANCE,
    GOLD,
    MED,
    MOBILE,
    NAMES,
    NEW,
    SHIP,
    SPAIN,
    THE,
    WARES,
    area_set,
    plural,
)
from .phases import ACT, DISK_EVICT, DISK_RETURN, DISK_SCORE, EFFECT
from .pieces import ROLE, replaced
from .scoring import area_values, score_area

if TYPE_CHECKING:
    from .state import ElGrandeState


def _subs(card: dict[str, Any]) -> list[dict[str, Any]]:
    e = card["effect"]
    if e["type"] == "either":
        return e["options"]
    if e["type"] == "colony":
        if "move" in e:
            return [{"type": "move", **e["move"]}]
        if "place" in e:
            return [{"type": "extra_place", **e["place"]}]
    return []


SUBS: list[list[dict[str, Any]]] = [_subs(c) for c in CARDS]
_SET_CACHE: dict[tuple[tuple[str, ...], bool], tuple[int, ...]] = {}


def areas(tags: list[str], colonies: bool) -> tuple[int, ...]:
    """The areas named by a card's tags, in index order (built once per tag list)."""
    key = (tuple(tags), colonies)
    got = _SET_CACHE.get(key)
    if got is None:
        got = _SET_CACHE[key] = tuple(sorted(area_set(tags, colonies)))
    return got


def effect_of(s: ElGrandeState) -> dict[str, Any]:
    if s.sub >= 0:
        return SUBS[s.eff][s.sub]
    return CARDS[s.eff]["effect"]


def _regions(s: ElGrandeState) -> tuple[int, ...]:
    return SPAIN + NEW if s.colonies else SPAIN


def _clockwise_opponents(s: ElGrandeState) -> list[int]:
    n = s.num_players
    return [(s.cur + i) % n for i in range(1, n)]


# ----- starting and ending -----------------------------------------------------------------------


def begin(s: ElGrandeState) -> None:
    s.phase = EFFECT
    s.sub = -1
    if s.log:
        s.emit("special", f"{s.player_name(s.cur)} carries out \"{CARDS[s.eff]['name']}\": {CARDS[s.eff]['text']}",
               player=s.cur, card=s.eff)
    _start(s, effect_of(s))


def finish(s: ElGrandeState) -> None:
    s.eff, s.sub, s.step, s.lock, s.held, s.queue = -1, -1, 0, -1, (), []
    s.phase = ACT


def _start(s: ElGrandeState, e: dict[str, Any]) -> None:
    t = e["type"]
    s.step, s.lock, s.held, s.queue = 0, -1, (), []
    p = s.cur
    if t == "move":
        s.left = e["n"]
        s.own_left = e.get("own_max", e["n"])
        s.opp_left = e.get("opp_max", e["n"])
    elif t == "extra_place":
        s.left = e["n"]
    elif t == "angry_king":
        s.queue = _clockwise_opponents(s)
        s.left = e["n"]
    elif t == "return_each_opp":
        s.queue = _clockwise_opponents(s)
    elif t == "decay":
        for q in _clockwise_opponents(s):
            k = min(e["n"], s.court[q])
            s.court[q] -= k
            s.prov[q] += k
            if s.log and k:
                s.emit("decay", f"{s.player_name(q)} returns {plural(k, 'Caballero')} from court to the provinces", player=q)
        return finish(s)
    elif t == "court":
        k = min(e["n"], s.prov[p])
        s.prov[p] -= k
        s.court[p] += k
        return finish(s)
    elif t == "score_value":
        # a region's value is its current one: the mobile scoreboards "are used to alter the value of
        # a region" (rulebook p. 6), so a region under the 4/0/0 board is a 4-point region
        for a in _regions(s):
            if area_values(s, a)[0] in e["values"]:
                score_area(s, a, 1)
        return finish(s)
    elif t == "score_castillo":
        score_castillo(s)
        return finish(s)
    elif t == "score_first_only":
        for a in _regions(s):
            score_area(s, a, 1, first_only=True)
        return finish(s)
    elif t == "score_extreme":
        totals = {a: sum(s.cab[q][a] for q in range(s.num_players)) for a in _regions(s)}
        filled = [x for x in totals.values() if x > 0]
        if filled:
            target = max(filled) if e["most"] else min(filled)
            for a, x in totals.items():
                if x == target:
                    score_area(s, a, 1)
        return finish(s)
    elif t == "disk_return":
        from .flow import ask_disks

        s.arg = e["n"]
        s.disk_kind = DISK_RETURN
        need = [1 if _disk_return_ok(s, q) else 0 for q in range(s.num_players)]
        if not any(need):
            return finish(s)
        return ask_disks(s, DISK_RETURN, need)
    elif t == "disk_score":
        from .flow import ask_disks

        return ask_disks(s, DISK_SCORE, [1] * s.num_players)
    elif t == "colony":
        card = CARDS[s.eff]
        for kind, k in ((GOLD, card.get("gold", 0)), (WARES, card.get("wares", 0))):
            home = AMERICA if kind == GOLD else MED
            put = min(k, s.supply[kind])
            s.supply = replaced(s.supply, kind, s.supply[kind] - put)
            s.discs = s.discs + [(kind, home, -1)] * put
            if s.log and put:
                s.emit("discs", f"{put} {DISC_NAMES[kind]} {'disc is' if put == 1 else 'discs are'} placed in {THE[home]}", area=home)
        if SUBS[s.eff]:
            from .flow import veto_point

            s.sub = 0
            _start(s, SUBS[s.eff][0])
            veto_point(s)  # the discs are placed; the Veto! holders may stop the moving that remains
            return
        return finish(s)
    _settle(s)


def score_castillo(s: ElGrandeState) -> None:
    """A special scoring of the Castillo opens it at the table like the general scoring (rulebook
    p. 11): the counts by colour are told, then its Caballeros go back in."""
    if s.log:
        shown = ", ".join(f"{s.player_name(p)} {s.cab[p][CASTILLO]}" for p in range(s.num_players))
        s.emit("castillo", f"The Castillo is opened: {shown}; its Caballeros go back in", area=CASTILLO)
    score_area(s, CASTILLO, 1)


def _disk_return_ok(s: ElGrandeState, q: int) -> bool:
    """q has a region to choose: one with at least 2 (the "return 2" card) or 1 of q's Caballeros,
    not the King's region; the disk never points at a new region."""
    need = 2 if s.arg == 2 else 1
    return any(a != s.king and s.cab[q][a] >= need for a in SPAIN)


def _settle(s: ElGrandeState) -> None:
    """Skip players who cannot answer and end the effect when nothing is left to decide."""
    while s.phase == EFFECT:
        t = effect_of(s)["type"]
        if t in ("angry_king", "return_each_opp"):
            if not s.queue:
                return finish(s)
            if has_legal(s, s.queue[0] if t == "angry_king" else s.cur):
                return
            s.queue = s.queue[1:]
            s.left = effect_of(s).get("n", 1)
            continue
        if not has_legal(s, s.cur):
            return finish(s)
        return


def actor(s: ElGrandeState) -> int:
    if s.asking:
        return s.asking[0]  # a Veto! holder answers first (flow.veto_point)
    if s.queue and effect_of(s)["type"] == "angry_king":
        return s.queue[0]
    return s.cur


# ----- movement ----------------------------------------------------------------------------------


def _owners(s: ElGrandeState, e: dict[str, Any]) -> list[int]:
    w = e.get("whose", "own")
    p = s.cur
    if w == "own":
        return [p]
    opp = [q for q in range(s.num_players) if q != p]
    if w == "opp":
        return opp
    if w == "any":
        return list(range(s.num_players))
    out = [p] if s.own_left > 0 else []
    return out + (opp if s.opp_left > 0 else [])


def _drop_targets(s: ElGrandeState, dst: tuple[int, ...], owner: int, src: int, carry: int) -> Iterator[int]:
    """Destinations for one Caballero: never the King's region; the Castillo only without a disc
    unless it is the mover's own Caballero; France only while it has a free space."""
    for a in dst:
        if a == src or a == s.king:
            continue
        if a == FRANCE and pieces.france_free(s) == 0:
            continue
        if a == CASTILLO and carry in DISC_NAMES and owner != s.cur:
            continue
        yield a


def drops(s: ElGrandeState, e: dict[str, Any], owner: int, src: int, carry: int) -> list[int]:
    return list(_drop_targets(s, areas(e["dst"], s.colonies), owner, src, carry))


def _sources(s: ElGrandeState, e: dict[str, Any]) -> list[int]:
    if s.lock >= 0:
        return [s.lock]
    return [a for a in areas(e["src"], s.colonies) if a != s.king and a != CASTILLO]


def _picks(s: ElGrandeState, e: dict[str, Any], owners: list[int], sources: list[int]) -> Iterator[tuple]:
    """Every Caballero (owner, area, what it carries) that may be picked up: it has somewhere to go.
    A generator, so that "is there any?" stops at the first. Carry 0 is a Caballero without a disc
    (not the Captain/Viceroy while the owner has another one there); ROLE names the Captain/Viceroy
    itself, offered only then (else carry 0 already is the Captain/Viceroy)."""
    dst = areas(e["dst"], s.colonies)
    for src in sources:
        # whether a Caballero carrying nothing has somewhere to go does not depend on its owner:
        # found out once per area, when the first owner with a Caballero there comes up
        plain_ok = None
        roles = src in (SHIP, AMERICA)  # the areas with a Captain / a Viceroy
        for o in owners:
            if not s.cab[o][src]:
                continue
            if plain_ok is None:
                plain_ok = next(_drop_targets(s, dst, s.cur, src, 0), -1) >= 0
            if not s.discs:  # no disc on the board: every Caballero carries nothing
                if plain_ok:
                    yield ("pick", o, src, 0)
                    if roles and s.cab[o][src] > 1 and pieces.holds_role(s, o, src):
                        yield ("pick", o, src, ROLE)
                continue
            loads = pieces.loads(s, o, src)
            if loads[0] and plain_ok:
                yield ("pick", o, src, 0)
                if roles and loads[0] > 1 and pieces.holds_role(s, o, src):
                    yield ("pick", o, src, ROLE)
            for carry in (GOLD, WARES):
                if loads[carry] and next(_drop_targets(s, dst, o, src, carry), -1) >= 0:
                    yield ("pick", o, src, carry)


def picks(s: ElGrandeState, e: dict[str, Any], owners: list[int]) -> list[tuple]:
    return list(_picks(s, e, owners, _sources(s, e)))


# ----- legal actions and their effects -------------------------------------------------------------


VETO_ANSWERS = [("veto",), ("allow",)]
NAMED = 2  # `step` of a card whose region is named and waits for the Veto! holders (resume)


def legal(s: ElGrandeState, p: int) -> list[tuple]:
    if s.asking:
        return VETO_ANSWERS[:]
    e = effect_of(s)
    t = e["type"]
    if t == "move":
        if s.held:
            return [DROP[a] for a in drops(s, e, *s.held)]
        if e.get("single_src") and s.lock < 0:
            return [AREA[a] for a in _sources(s, e) if any(s.cab[q][a] for q in range(s.num_players))
                    and picks_from(s, e, a)]
        if s.left <= 0:
            return []
        got = picks(s, e, _owners(s, e))
        if got:
            got.append(DONE)
        return got
    if t == "move_all_own":
        if s.held:
            return [DROP[a] for a in drops(s, e, *s.held)]
        if s.lock < 0:
            return [("area", a) for a in _sources(s, e) if s.cab[p][a] > 0]
        return picks(s, e, [p])
    if t == "extra_place":
        if s.court[p] == 0 or s.left <= 0:
            return []
        got = [PLACE[a] for a in areas(e["dst"], s.colonies)
               if a != s.king and (a != FRANCE or pieces.france_free(s) > 0)
               and (not e.get("from_court") or court_reaches(s, a))]
        got.append(DONE)
        return got
    if t == "either":
        return [("option", 0), ("option", 1)]
    if t == "angry_king":
        q = s.queue[0]
        out = [("ret", COURT)] if s.court[q] else []
        return out + [("ret", a) for a in _regions(s) if a != s.king and s.cab[q][a] > 0]
    if t == "return_each_opp":
        # the card "may" return one of each opponent: the player may stop before any of them (done)
        q = s.queue[0]
        got = [("ret", a) for a in _regions(s) if a != s.king and pieces.plain(s, q, a) > 0]
        return got + [DONE] if got else got
    if t == "score_choice":
        # any region, the King's included (it "is still scored normally", §5); the Castillo ("not a
        # region", §5) only where the card names it (stack 3 "any area"), not for stack 2's "a region"
        got = [AREA[a] for a in _regions(s)]
        if e.get("castillo"):
            got.append(AREA[CASTILLO])
        return got
    if t == "mobile":
        if s.step == 0:
            return [("board", b) for b in range(len(MOBILE)) if s.mobile[b] != s.king or s.mobile[b] < 0]
        return [("area", a) for a in _regions(s)
                if a != s.king and a != s.mobile[s.arg] and a != s.mobile[1 - s.arg]]
    if t == "power_back":
        return [("reclaim", v) for v in range(1, 14) if (s.used[p] >> (v - 1)) & 1]
    if t == "grande":
        if s.grande[p] == s.king:
            return []
        # the new regions are "treated just as the original regions" (seed)
        return [("area", a) for a in _regions(s) if a != s.king and a != s.grande[p]]
    if t == "eviction":
        return [("area", a) for a in _regions(s) if a != s.king]
    if t == "king":
        if e["adjacent"]:
            from .data import ADJ_BASE

            adj = ADJ_COLONIES[s.king] if s.colonies else ADJ_BASE[s.king]
            return [("area", a) for a in adj if a in SPAIN or a == FRANCE]
        dest = list(SPAIN) + ([FRANCE] if s.colonies else [])
        return [("area", a) for a in dest if a != s.king]
    return []


def court_reaches(s: ElGrandeState, a: int) -> bool:
    """Where "extra Caballeros from your court into regions of your choice" (stack 1) may go: any
    region of Spain; France "when the King is in Aragon or Catalonia, directly from a player's court"
    and the Ship from court "when the King is in a coastal region" (seed). America and the
    Mediterranean never: "Caballeros get there only via ship or by being repositioned" (seed)."""
    if a == FRANCE:
        return FRANCE in ADJ_COLONIES[s.king]
    if a == SHIP:
        return s.king in COASTAL
    return a in SPAIN


def picks_from(s: ElGrandeState, e: dict[str, Any], a: int) -> bool:
    return next(_picks(s, e, _owners(s, e), [a]), None) is not None


def has_legal(s: ElGrandeState, p: int) -> bool:
    """legal(s, p) is not empty; for a move one Caballero that may be picked up is enough."""
    e = effect_of(s)
    if e["type"] == "move" and not s.held and not (e.get("single_src") and s.lock < 0):
        return s.left > 0 and next(_picks(s, e, _owners(s, e), _sources(s, e)), None) is not None
    return bool(legal(s, p))


def apply(s: ElGrandeState, p: int, action: tuple) -> None:
    verb = action[0]
    if s.asking:
        from .flow import answer_veto

        return answer_veto(s, p, verb == "veto")
    e = effect_of(s)
    t = e["type"]
    _step(s, p, e, t, verb, action)
    if verb in ("pick", "board"):
        return  # nothing carried out yet, nothing named: no point for a Veto!
    from .flow import veto_point

    if not veto_point(s):
        resume(s)


def _step(s: ElGrandeState, p: int, e: dict[str, Any], t: str, verb: str, action: tuple) -> None:
    """One decision of the running special action (then flow.veto_point asks the Veto! holders
    whether the remainder may go on)."""
    if verb == "pick":
        _, o, src, carry = action
        s.held = (o, src, pieces.resolve(s, o, src, carry))  # exactly which Caballero is in hand
        return
    if verb == "drop":
        o, src, carry = s.held
        s.held = ()
        pieces.move(s, o, src, action[1], carry)
        if s.log:
            who = f"the {s.player_name(o)} {pieces.POST_NAMES[src][0]}" if carry == ROLE else \
                f"a {s.player_name(o)} Caballero"
            s.emit("move", f"{s.player_name(p)} moves {who} from {THE[src]} to {THE[action[1]]}", player=p,
                   src=src, dst=action[1])
        if t == "move":
            s.left -= 1
            if o == s.cur:
                s.own_left -= 1
            else:
                s.opp_left -= 1
            if e.get("whose") == "split" and s.own_left <= 0 and s.opp_left <= 0:
                s.left = 0
        return _settle(s)
    if verb == "done":
        return finish(s)
    if verb == "place":
        pieces.place(s, p, action[1])
        s.left -= 1
        if s.log:
            s.emit("place", f"{s.player_name(p)} places a Caballero {AT[action[1]]}", player=p, area=action[1])
        return _settle(s)
    if verb == "option":
        s.sub = action[1]
        return _start(s, SUBS[s.eff][s.sub])
    if verb == "ret":
        q = s.queue[0]
        pieces.return_one(s, q, action[1], own_choice=(t == "angry_king"))
        if s.log:
            s.emit("return", f"A {s.player_name(q)} Caballero goes from {pieces.area_name(action[1])} to the "
                   "provinces", player=q, area=action[1])
        s.left -= 1
        if t == "return_each_opp" or s.left <= 0:
            s.queue = s.queue[1:]
            s.left = e.get("n", 1)
        return _settle(s)
    if verb == "board":
        s.arg = action[1]
        s.step = 1
        return
    if verb == "reclaim":
        _reclaim(s, p, action[1])
        return finish(s)
    if verb == "area":
        _area(s, p, t, e, action[1])


def _reclaim(s: ElGrandeState, p: int, v: int) -> None:
    """Power of the Cards (p. 12): "You need not reveal the card chosen" — but the card played this
    round lies on top of the discard pile, so taking it back is seen by all. Any other card is
    secret: the table learns only that one of the cards in the pile then (but its top) came back."""
    bit = 1 << (v - 1)
    s.used = replaced(s.used, p, s.used[p] & ~bit)
    if v == s.played[p]:
        if s.log:
            s.emit("reclaim", f"{s.player_name(p)} takes back power card {v}, the top card of the discard pile",
                   player=p)
        return
    pile = s.used[p] | s.back[p] | bit  # every card the table saw p play and not yet seen back
    top = 1 << (s.played[p] - 1) if s.played[p] else 0
    s.maybe = replaced(s.maybe, p, s.maybe[p] | (pile & ~top))
    s.back = replaced(s.back, p, s.back[p] | bit)
    if s.log:
        s.emit("reclaim", f"{s.player_name(p)} secretly takes back one of the used power cards", player=p)
        s.emit("reclaim_own", f"You take back power card {v}", player=p, to=(p,))


def _area(s: ElGrandeState, p: int, t: str, e: dict[str, Any], a: int) -> None:
    """The player names a region. A movement card then moves Caballeros out of it; the other cards'
    target waits (`step` NAMED) until the Veto! holders, who have now heard it, let it be carried out."""
    s.lock = a
    if t in ("move", "move_all_own"):
        return _settle(s)
    s.step = NAMED


def resume(s: ElGrandeState) -> None:
    """No Veto! holder objected at this point: the named target is carried out; otherwise the player
    goes on with the special action."""
    if s.phase == EFFECT and s.step == NAMED and not s.asking:
        _carry_out(s, s.cur, effect_of(s)["type"], s.lock)


def _carry_out(s: ElGrandeState, p: int, t: str, a: int) -> None:
    if t == "score_choice":
        if a == CASTILLO:
            score_castillo(s)
        else:
            score_area(s, a, 1)
    elif t == "mobile":
        s.mobile = replaced(s.mobile, s.arg, a)
        if s.log:
            s.emit("mobile", f"The {'/'.join(map(str, MOBILE[s.arg]))} scoreboard goes to {THE[a]}", area=a, board=s.arg)
    elif t == "grande":
        s.grande = replaced(s.grande, p, a)
        if s.log:
            s.emit("grande", f"{s.player_name(p)}'s Grande moves to {THE[a]}", player=p, area=a)
    elif t == "king":
        s.king = a
        if s.log:
            s.emit("king", f"The King moves to {NAMES[a]}", area=a)
    elif t == "eviction":
        from .flow import ask_disks

        s.step = 0
        need = [1 if q != s.cur and s.cab[q][a] > 0 else 0 for q in range(s.num_players)]
        if any(need):
            return ask_disks(s, DISK_EVICT, need)
    finish(s)


def resolve_disks(s: ElGrandeState) -> None:
    """The secret disks of a special action are revealed: carry it out."""
    n = s.num_players
    kind = s.disk_kind
    chosen = [s.disk[q] if s.disk_need[q] else -1 for q in range(n)]
    if kind == DISK_RETURN:
        for q in range(n):
            a = chosen[q]
            if a >= 0:
                for _ in range(min(s.arg, s.cab[q][a])):
                    pieces.return_one(s, q, a, own_choice=True)
    elif kind == DISK_SCORE:
        for a in SPAIN:
            if chosen.count(a) == 1:
                score_area(s, a, 1)
    elif kind == DISK_EVICT:
        src = s.lock
        for q in range(n):
            dst = chosen[q]
            if dst < 0:
                continue
            while s.cab[q][src] > 0:
                carry = 0 if pieces.plain(s, q, src) else next(
                    k for k, ar, c in s.discs if c == q and ar == src)
                pieces.move(s, q, src, dst, carry)
    s.disk = [-1] * n
    s.disk_need = [0] * n
    s.phase = EFFECT
    finish(s)


def prompt(s: ElGrandeState) -> str:
    e = effect_of(s)
    name = CARDS[s.eff]["name"]
    t = e["type"]
    if s.asking:
        if s.step == NAMED:
            from .flow import _area_text

            # the holder reads it: "move Yellow's Grande", not "move your Grande"
            next_ = _area_text(s, pieces.area_name(s.lock)).replace("your ", f"{s.player_name(s.cur)}'s ")
        else:
            next_ = "the remainder"
        return f"{name}: {s.player_name(s.cur)} goes on ({next_}): play Veto! to stop it?"
    if s.held:
        o, src, carry = s.held
        who = f"the {s.player_name(o)} {pieces.POST_NAMES[src][0]}" if carry == ROLE else "the Caballero"
        return f"{name}: where does {who} go?"
    if t == "move":
        if e.get("single_src") and s.lock < 0:
            return f"{name}: choose the region to move Caballeros out of"
        return f"{name}: pick up a Caballero to move ({s.left} left), or done"
    if t == "move_all_own":
        return f"{name}: choose a region, then move all your Caballeros out of it"
    if t == "extra_place":
        return f"{name}: place up to {plural(s.left, 'Caballero')} from court, or done"
    if t == "angry_king":
        return f"{name}: return {plural(s.left, 'Caballero')} from court or regions to the provinces"
    if t == "return_each_opp":
        return f"{name}: choose a region to return a {s.player_name(s.queue[0])} Caballero from"
    return f"{name}: {CARDS[s.eff]['text']}"
