"""The Río de la Plata state: flat fields, the turn structure, and the dispatch to the phase modules."""

from __future__ import annotations

from typing import Any

from meeple.engine import Result
from meeple.engine.game import State  # the module state.pxd cimports it from (the compiled build)

from . import combat, effects, endturn, evaluation, forecast, placement, trades, war
from .board import (
    CELLS,
    ENEMY_NAMES,
    FIRST_YEAR,
    KIND_NAME,
    M_CATHEDRAL,
    M_FORT,
    M_HARBOUR,
    M_PALACE,
    MAJOR_NAMES,
    OFFICE_NAMES,
    PRINTED_WALLS,
    PURPLE,
    RES_NAMES,
    START,
    cell_name,
    place_name,
    road_name,
    seg_name,
)
from .city import BoardFacts
from .war_state import ATT, BET, CONSENT, DEPLOY, KILL, MOVE, RECRUIT, War

PLAYER_FIELDS = (
    "silver", "wood", "stone", "precious", "vp", "free", "placed", "bought", "offered", "field", "artisan",
    "dock", "loads", "order_add", "attacked", "bid", "perks",
)
CELL_FIELDS = ("bkind", "bowner", "wowner", "wcount")
LIST_FIELDS = (
    "walls", "roads", "completed", "office_owner", "office_turn", "office_bid", "cargo", "enemies", "order",
    "built_now", "conn", "tile", "trade", "pick",
)
SCALARS = ("turn", "num_turns", "phase", "cur", "ship_away", "ship_depart", "shipments", "pieces", "roll")
WORKERS = START["workers"]
# a per-player count in `tally` is keyed "<player>|<name>" (tally_add)
PLAYER_KEY = "|"
WAR_RULES = {
    "deploy": "attackers wait outside perimeter spaces without a wall, in groups of any number",
    "enter": "a group of 1 to 3 attackers leaves a crowd outside the wall: the perimeter space is its first step",
    "bet": "the bet is 0 (hold fire) up to the attackers on the map, at most 6 (7 with the Gunner's +1)",
    "kill": "the cannons kill attackers of a group on the map",
    "recruit": "defenders go into your own huts or houses or a Barracks (the General: any minor building), "
               "at most 3 a space, from your supply; after the free ones they cost 1, 2, 3... silver",
    "move": "a group moves once a war turn: a single 3 spaces, a pair 2, a triplet 1, orthogonally, through "
            "empty spaces (attackers not through buildings), never onto the attacker's own spaces; merging "
            "makes at most 3 (2 + 2 makes 3 + 1) and not with a group that fought this or the last war turn",
    "bonus": "discard another of your groups to give a group that has not moved (or has just merged) one more space, once a turn",
    "join": "another colour's group can be joined only with its commander's consent, once a war turn",
    "keep": "only single-colour groups on an empty space, your own Hut, a Market or a Square may stay",
}


class RioState(State):
    __slots__ = (
        *PLAYER_FIELDS, *CELL_FIELDS, *LIST_FIELDS, *SCALARS,
        "grid", "mine", "act", "war", "tally", "space_vp", "track_costs", "facts", "wshared", "roads_held",
    )

    silver: list[int]
    wood: list[int]
    stone: list[int]
    precious: list[int]
    vp: list[int]
    free: list[int]  # workers in the player's supply
    placed: list[int]  # workers placed this turn (at most 5)
    bought: list[int]  # resources bought from the bank this game turn
    offered: list[int]  # trades opened in the pending decision (reset when the game moves on)
    field: list[int]
    artisan: list[int]
    dock: list[int]
    loads: list[int]  # loads left this effect phase (3 per dock worker)
    order_add: list[int]  # workers added to the player order track this turn
    attacked: list[int]  # 1 once the player has been the attacker (purple marker under his disc)
    bid: list[int]  # Public Office the player's worker stands on, or -1
    perks: list[int]  # free road / wall / merchant resource used this turn (bits 1, 2, 4)
    bkind: tuple[int, ...]  # building kind per city space (0 none, 1..11 minor, 12 Palace, 13 Cathedral)
    bowner: tuple[int, ...]  # who built it (-1 for the Palace and Cathedral)
    wowner: list[int]  # owner of the builders waiting on the space, -1 if none
    wcount: list[int]
    wshared: bool  # wowner/wcount are shared with a clone: copied before the next change
    walls: tuple[int, ...]  # 52 perimeter segments, 1 = walled (printed walls included)
    roads: tuple[int, ...]
    completed: list[int]  # completions per Major building (Palace, Cathedral, Fort, Walls, Harbour, Roads)
    office_owner: list[int]
    office_turn: list[int]  # game turn of purchase (powers start the turn after)
    office_bid: list[int]  # player whose worker stands on the office this turn, or -1
    cargo: list[int]  # per player wood, stone, precious on the Ship (3 * player + resource)
    enemies: list[int]  # positions of the Natives and Pirates markers on the enemies track
    order: list[int]  # players in turn order this turn
    built_now: list[int]  # spaces built on this turn (one building per space per turn)
    conn: list[int]  # districts connected by road to the Plaza Mayor (derived from roads)
    tile: list[int]  # pending tile placement [kind, player, pieces left]: Palace/Cathedral kind, -3 walls, -5 roads
    trade: list[int]  # the negotiation in progress: [from, to, stage, counters, give 5, ask 5] (trades.py)
    pick: list[Any]  # a chosen first step: ["zone", z], ["work", i], ["money"], ["major", b], ["bid"],
    # ["buy"]
    turn: int
    num_turns: int
    phase: str  # place | effect | war | over
    cur: int  # index in order of the player placing or resolving now
    ship_away: int
    ship_depart: int
    shipments: int
    pieces: int  # wall and road pieces used (printed walls excluded)
    roll: int  # the last war check
    grid: list[list[int]]  # workers on each Major building's grid spaces (-1 empty)
    mine: list[list[int]]  # workers on the mine (stone) and forest (wood) tracks
    act: list[tuple[int, int]]  # (space, player): workers activating a building
    war: War | None
    tally: dict[str, int]  # how often things happened (for simulation statistics)
    space_vp: tuple[tuple[int, ...], ...]
    track_costs: tuple[tuple[int, ...], tuple[int, ...]]
    facts: BoardFacts | None  # memo derived from bkind/bowner (see city.BoardFacts): shared by clones
    roads_held: list[int]  # the Roads grid's spaces each player filled in the grids completed so far

    # ----- turn structure -----

    def to_move(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.trade:
            return [self.trade[trades.TO if self.trade[trades.STAGE] == trades.ASKED else trades.FROM]]
        if self.tile:
            return [self.tile[1]]
        if self.phase == "war":
            return [self._war_mover()]
        return [self.order[self.cur]]

    def _war_mover(self) -> int:
        w = self.war
        st = w.stage
        if st == DEPLOY:
            return w.attacker
        if st in (BET, KILL):
            return w.gunner
        if st == RECRUIT:
            return w.defenders[w.rec]
        if st == MOVE:
            return w.movers()[w.mover]
        if st == CONSENT:
            return combat.consent_player(self)
        return w.defenders[w.keep]

    def bystanders(self) -> list[int]:
        """"The players can trade ... as they wish at any point in the game": while a player decides,
        any other may open a trade with anyone (one negotiation at a time, not in the middle of a
        two-step choice, whose second step may need the goods a trade would move)."""
        if self.trade or self.pick or self.phase == "over":
            return []
        movers = self.to_move()
        return [q for q in range(self.num_players) if q not in movers and trades.offer_targets(self, q)]

    def legal_actions(self, player: int) -> list[tuple]:
        if player not in self.to_move():
            if player in self.bystanders():
                return [("offer", q) for q in trades.offer_targets(self, player)]
            return []
        if self.trade:
            return trades.trade_actions(self, player)
        if self.tile:
            return placement.tile_actions(self)
        if self.pick:
            return placement.pick_actions(self, player)
        if self.phase == "place":
            return placement.place_actions(self, player)
        if self.phase == "effect":
            return effects.effect_actions(self, player)
        return self._war_actions(player)

    def bot_actions(self, player: int) -> list[tuple]:
        return evaluation.worth_weighing(self, player, self.legal_actions(player))

    def choice_under_way(self, player: int) -> bool:
        # a placement's second or third step (the grid, then its space; the office; the resource bought;
        # the number of workers): its first step changed nothing yet. So are the pieces of a completed
        # Major building ("when a road grid is completed, 3 road pieces are placed"; the Palace's or
        # Cathedral's tile): the completer places them as part of the completion. Counted as decisions
        # of their own, they spent the greedy bot's look-ahead, so the worker completing the Roads grid
        # was judged without the placement after it, and lost to a Fort space judged with it (docs/bots.md,
        # Río session 36)
        return bool(self.pick or self.tile) and not self.trade

    def _war_actions(self, p: int) -> list[tuple]:
        if self.war.stage == CONSENT:  # an answer, like a trade's
            return [("accept",), ("decline",)]
        acts = self._war_stage_actions(p)
        # "The players can trade ... as they wish at any point in the game": the money menu (buying, a
        # trade offer) is open at every war decision too (before paying for defenders, for one)
        if trades.has_money_actions(self, p):
            acts.insert(len(acts) - 1 if acts[-1] == ("done",) else len(acts), ("money",))
        return acts

    def _war_stage_actions(self, p: int) -> list[tuple]:
        w = self.war
        st = w.stage
        if st == DEPLOY:
            return war.deploy_actions(self)
        if st == BET:
            return war.bet_actions(self)
        if st == KILL:
            return war.kill_actions(self)
        if st == RECRUIT:
            return war.recruit_actions(self, p)
        if st == MOVE:
            return combat.move_actions(self, combat.mover_code(self, p))
        return [("keep", x) for x in war.keep_spaces(self, p)] + [("done",)]

    def _apply(self, player: int, action: tuple) -> None:
        verb = action[0]
        if self.trade:
            trades.apply_trade(self, player, action)
            return
        if verb == "offer" and not self.pick:  # a bystander opens a trade
            trades.open_trade(self, player, action[1])
            return
        if any(self.offered):
            # one trade per player per decision (the bound that keeps the negotiations finite,
            # RULES.md): a decision lasts while the same player is to move
            deciding = self.to_move()
            self._play(player, verb, action)
            if self.phase == "over" or self.to_move() != deciding:
                self.offered = [0] * self.num_players
        else:
            self._play(player, verb, action)

    def _play(self, player: int, verb: str, action: tuple) -> None:
        if self.tile:
            placement.apply_tile(self, player, action)
        elif self.pick:
            placement.apply_pick(self, player, action)
        elif self.phase == "place":
            if verb == "done":
                self._next_placer()
            elif verb == "money":
                self.pick = ["money"]
            else:
                placement.apply_place(self, player, action)
        elif self.phase == "effect":
            if verb == "done":
                self._next_effect(player)
            elif verb == "money":
                self.pick = ["money"]
            else:
                effects.apply_effect(self, player, action)
        else:
            self._apply_war(player, action)

    def _apply_war(self, p: int, a: tuple) -> None:
        w = self.war
        verb, st = a[0], w.stage
        if verb == "money":
            self.pick = ["money"]
        elif st == DEPLOY:
            war.deploy(self, a[1], a[2])
        elif st == BET:
            war.bet(self, a[1])
        elif st == KILL:
            war.kill(self, a[1])
        elif st == RECRUIT:
            if verb == "done":
                war.next_recruiter(self)
            else:
                war.recruit(self, p, a[1])
        elif st == MOVE:
            if verb == "done":
                combat.mover_done(self)
            elif verb == "move":
                combat.apply_move(self, p, a[1], a[2])
            elif verb == "enter":
                combat.apply_enter(self, p, a[1], a[2], a[3])
            elif verb == "bonus":
                combat.apply_bonus(self, a[1], a[2])
            else:
                combat.ask_join(self, a[1], a[2], a[3])
        elif st == CONSENT:
            combat.answer_join(self, verb == "accept")
        elif verb == "done":
            war.next_keeper(self)
        else:
            war.keep(self, p, a[1])

    def _next_placer(self) -> None:
        self.cur += 1
        if self.cur < self.num_players:
            return
        self.phase = "effect"
        self.cur = 0
        effects.begin_effects(self, self.order[0])

    def _next_effect(self, p: int) -> None:
        effects.end_effects(self, p)
        self.cur += 1
        if self.cur < self.num_players:
            effects.begin_effects(self, self.order[self.cur])
            return
        endturn.sail(self)
        self.phase = "war"
        self.cur = 0
        endturn.war_check(self)

    def why_illegal(self, player: int, action: tuple) -> str | None:
        try:
            return self._why(player, action)
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            return "its arguments are outside the game's ranges (see the action grammar)"

    def _why(self, player: int, action: tuple) -> str | None:
        if not action or not isinstance(action[0], str):
            return "an action is a tuple starting with a verb"
        verb = action[0]
        if self.trade:
            return trades.trade_problem(self, player, action)
        if player not in self.to_move():
            if verb == "offer":
                return (f"a player may open {trades.OFFERS_PER_DECISION} trade while another decides, not in "
                        "the middle of a two-step choice nor while another trade is negotiated")
            return "only a trade offer may be made while another player decides"
        if self.tile:
            return "first place the tile or pieces of the Major building just completed"
        head = self.pick[0] if self.pick else ""
        if verb in ("buy", "offer") and head != "money":
            return "buying and trade offers are chosen after ('money',)"
        if verb == "offer":
            return "a trade is opened with another player who (or you) has something to trade, once a decision"
        if verb == "bid" and self.phase == "place" and head != "money":
            return "a worker goes on a Public Office after ('money',) (offices are bought with money)"
        if verb in ("mine", "work") and self.phase == "place" and head:
            return f"first finish the chosen action: {head}"
        if verb in placement.AREAS and self.phase == "place" and head != "work":
            return ("workers for field work, artisan work, the dock or the order track come after "
                    "('work', 0 field | 1 artisan | 2 dock | 3 order)")
        zone = {"city": 0, "major": 1, "use": 2}.get(verb)
        if zone is not None and self.phase == "place" and self.pick != ["zone", zone]:
            # a rule the placement itself breaks says more than the order of the steps
            return placement.place_problem(self, player, action) or (
                "city spaces come after ('zone', 0), the building grids after ('zone', 1), "
                "activating a building after ('zone', 2)")
        if self.pick and verb not in ("space", "office", "resource", "buy", "bid", "city", "use",
                                      "major", *placement.AREAS):
            return f"first finish the chosen action: {self.pick[0]}"
        if verb == "buy":
            return f"the next resource costs {trades.buy_cost(self, player)} silver this turn"
        if self.phase == "place":
            return placement.place_problem(self, player, action)
        if self.phase == "effect":
            if verb in ("city", "use", "major", "mine", "office", *placement.AREAS):
                return "workers are placed only in the placement phase"
            return effects.effect_problem(self, player, action)
        if self.phase == "war":
            return WAR_RULES.get(verb, f"during the war's {self.war.stage} step only its own actions are allowed")
        return None

    # ----- texts -----

    def kind_name(self, kind: int) -> str:
        return KIND_NAME.get(kind, str(kind))

    def action_text(self, action: tuple) -> str:
        v = action[0]
        try:
            return self._text(v, action)
        except (IndexError, KeyError, TypeError):
            return super().action_text(action)

    def _text(self, v: str, a: tuple) -> str:
        if v == "city":
            x = a[1]
            q = self.wowner[x]
            mover = self.to_move()[0] if self.to_move() else -1
            displaced = (f": replaces {self.player_name(q)}'s {self.wcount[x]} worker(s), one of yours is sacrificed"
                         if q >= 0 and q != mover else "")
            return f"place {a[2]} worker(s) on {place_name(x)}{displaced}"
        if v == "use":
            return f"place a worker to activate the {self.kind_name(self.bkind[a[1]])} on {place_name(a[1])}"
        if v == "major":
            return f"place a worker on the {MAJOR_NAMES[a[1]]} grid"
        if v == "space":
            b = self.pick[1] if self.pick else -1
            pay = (" paying stone" if a[2] else " paying wood") if b == 3 else ""
            name = MAJOR_NAMES[b] if b >= 0 else "grid"
            return f"{name} space {a[1] + 1} ({self.space_vp[b][a[1]] if b >= 0 else '?'} VP){pay}"
        if v == "bid":
            return "place a worker on a Public Office"
        if v == "back":
            return "back (choose something else)"
        if v == "zone":
            return ("place builders on the city map", "place a worker on a Major building grid",
                    "place a worker to activate a building of the city")[a[1]]
        if v == "work":
            return f"place workers on {('Field work', 'Artisan work', 'the dock', 'the order track')[a[1]]}"
        if v == "money":
            if self.phase == "place":
                return "money: buy a resource, put a worker on a Public Office, or make a trade offer"
            return "money: buy a resource or make a trade offer"
        if v == "mine":
            i = placement.next_track_space(self, a[1])
            k = self.track_costs[a[1]][i] if i >= 0 else "the"
            return f"place {k} worker(s) on the {('mine: 1 stone', 'forest: 1 wood')[a[1]]}"
        if v in placement.AREAS:
            name = {"field": "Field work", "artisan": "Artisan work", "dock": "the dock", "order": "the order track"}
            return f"place {a[1]} worker(s) on {name[v]}"
        if v == "office":
            return f"place a worker on the {OFFICE_NAMES[a[1]]} office"
        if v == "buy":
            return "buy a resource from the bank"
        if v == "resource":
            return f"buy 1 {('wood', 'stone')[a[1]]}"
        if v == "offer":
            return f"make {self.player_name(a[1])} a trade offer"
        if v in ("give", "ask"):
            return f"{v} {trades.goods_text(a[1], a[2])}"
        if v == "add":
            return ("add to what you give", "add to what you ask for")[a[1]]
        if v == "propose":
            return f"propose {trades.trade_text(self.trade)}" if self.trade else "propose the offer"
        if v == "withdraw":
            return "make no offer after all"
        if v == "counter":
            return "counter with an offer of your own"
        if v == "tile":
            return f"place the {self.kind_name(self.tile[0]) if self.tile else 'tile'} on {place_name(a[1])}"
        if v in ("wall", "free_wall"):
            return ("free " if v == "free_wall" else "") + seg_name(a[1])
        if v in ("road", "free_road"):
            return ("free " if v == "free_road" else "") + road_name(a[1])
        if v == "build":
            return f"build a {self.kind_name(a[2])} on {place_name(a[1])}"
        if v == "activate":
            k = self.bkind[a[1]]
            what = f" with {RES_NAMES[a[2]]}" if k in (5, 6) else ""
            return f"activate the {self.kind_name(k)} on {place_name(a[1])}{what}"
        if v == "craft":
            return f"Artisan work: trade 1 {RES_NAMES[a[1]]} for 1 precious"
        if v == "load":
            return f"load 1 {RES_NAMES[a[1]]} on the Ship"
        if v == "claim":
            return "take the Public Office: pay its price if you have the money and the VPs, else the fine"
        if v == "depart":
            return "pay 2 silver: the Ship leaves for Spain"
        if v == "merchant":
            return f"Master Merchant: take 1 {RES_NAMES[a[1]]}"
        if v == "deploy":
            return f"deploy {a[2]} attacker(s) outside {cell_name(a[1])}"
        if v == "bet":
            return f"bet {a[1]} cannon kill(s)" if a[1] else "do not fire the cannons"
        if v == "kill":
            return f"the cannons kill an attacker at {combat.pos_name(a[1])}"
        if v == "recruit":
            return f"place a defender on {cell_name(a[1])}"
        if v == "move":
            return f"move the group at {combat.pos_name(a[1])} to {cell_name(a[2])}"
        if v == "enter":
            return f"bring {a[2]} attacker(s) from {combat.pos_name(a[1])} to {cell_name(a[3])}"
        if v == "bonus":
            return f"discard the group at {combat.pos_name(a[2])} to move the group at {combat.pos_name(a[1])} 1 more"
        if v == "join":
            who = "you command" if a[3] == 0 else "they command"
            return f"ask to merge the group at {cell_name(a[1])} into the group at {cell_name(a[2])} ({who})"
        if v == "keep":
            return f"keep the group at {cell_name(a[1])} on the map as workers"
        return " ".join(str(x) for x in a)

    def prompt(self, player: int) -> str:
        if self.trade:
            t = self.trade
            if t[trades.STAGE] != trades.ASKED:
                what = {trades.GIVING: "choose what to add to what you give",
                        trades.ASKING: "choose what to add to what you ask for"}.get(
                    t[trades.STAGE], "add to it, propose it, or withdraw")
                return f"Your offer to {self.player_name(t[trades.TO])} so far: {trades.trade_text(t)}; {what}"
            return (f"{self.player_name(t[trades.FROM])} offers {trades.trade_text(t)}: accept, decline"
                    + (" or counter?" if trades.counters(self) < trades.MAX_COUNTERS else "?"))
        if self.phase != "over" and player not in self.to_move():
            return "While another player decides, you may open a trade with anyone"
        if self.tile:
            return "Place the completed Major building's tile or pieces"
        if self.pick:
            return {"major": "Choose the grid space", "bid": "Choose the Public Office",
                    "buy": "Choose wood or stone",
                    "work": "Choose how many workers",
                    "zone": "Choose the space (and how many workers), the grid or the building",
                    "money": "Buy a resource, put a worker on a Public Office, or choose whom to offer a trade"}.get(
                self.pick[0], "Choose")
        year = FIRST_YEAR + self.turn
        if self.phase == "place":
            return f"{year}: place up to {placement.room(self, player)} more worker(s), or done"
        if self.phase == "effect":
            return f"{year}: resolve your workers (build, activate, load...), or done"
        if self.phase == "war":
            w = self.war
            what = {
                "deploy": f"place the {w.pool} attacker(s) outside the walls, in groups of any number",
                "bet": "bet how many attackers the Fort's cannons kill (6 + bet on two dice), or 0",
                "kill": f"choose the attackers the cannons kill ({w.kills} left)",
                "recruit": "place defenders in your huts, houses or a Barracks (2 free, then 1, 2, 3... silver)",
                "move": f"war turn {w.wturn}: move your groups (1 moves 3, 2 move 2, 3 move 1), then done",
                "consent": "another player asks to merge into your group: accept or decline",
                "keep": "the war is over: keep groups on the map as workers, or done (the rest go home)",
            }[w.stage]
            return f"War with the {ENEMY_NAMES[w.enemy]}: {what}"
        return "The game is over"

    # ----- information -----

    def view(self, player: int | None) -> dict[str, Any]:
        doc = self._to_json()  # nothing is hidden in Río de la Plata but the dice to come
        doc["to_move"] = self.to_move()
        return doc

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def result(self) -> Result:
        from .scoring import final_scores

        scores, breakdown, ties = final_scores(self)
        return Result.from_scores(scores, breakdown, ties)

    def evaluate(self) -> list[float]:
        return evaluation.evaluate(self)

    def evaluate_for(self, player: int) -> list[float]:
        return evaluation.evaluate(self, player)

    def forecast(self, searcher: int | None = None) -> list[float]:
        return forecast.forecast(self, searcher)

    def win_temperature(self) -> float:
        return evaluation.win_temperature(self)

    def game_round(self) -> int:
        return self.turn  # a game turn (1580-1599) is a round: placement, effects, war and turn end

    def tallies(self) -> dict[str, int]:
        """The game's counts for `meeple simulate --stats` (summed over games): each kind of building
        built, Major building completed and office bought, the VP by where they came from (`vp_*`,
        the end scoring's too once the game is over), and 1 for a game where a Major building stands in
        the City (`games_major`) and one where the Palace or the Cathedral does (`games_palace_cathedral`)."""
        out = {k: v for k, v in self.tally.items() if PLAYER_KEY not in k}
        for ends in self._end_tallies():
            for k, v in ends.items():
                out[k] = out.get(k, 0) + v
        done = self.completed
        if done[M_PALACE] or done[M_CATHEDRAL] or done[M_FORT] or done[M_HARBOUR]:
            out["games_major"] = 1
        if done[M_PALACE] or done[M_CATHEDRAL]:
            out["games_palace_cathedral"] = 1
        return out

    def player_tallies(self) -> list[dict[str, int]]:
        """Per player: the events it did (the engine's count) and the game's counts it made (its
        buildings, the Major buildings it had a worker in at completion, its offices, its VP by source)."""
        out = State.player_tallies(self)
        for key, v in self.tally.items():
            if PLAYER_KEY in key:
                p, name = key.split(PLAYER_KEY)
                out[int(p)][name] = out[int(p)].get(name, 0) + v
        for counts, ends in zip(out, self._end_tallies()):
            counts.update(ends)
        return out

    def _end_tallies(self) -> list[dict[str, int]]:
        """Each player's end scoring by its three parts, once the game is over."""
        if self.phase != "over":
            return [{} for _ in range(self.num_players)]
        from .scoring import final_scores

        return [{"vp_end_money": int(b["money"]), "vp_end_offices": int(b["characters"]), "vp_end_city": int(b["city"])}
                for b in final_scores(self)[1]]

    def tally_add(self, key: str, k: int = 1, player: int = -1) -> None:
        """Count `k` more of `key` in the game, and for `player` too when one is given."""
        # copy on write: the tally is shared between clones, so clone() need not copy it
        t = {**self.tally, key: self.tally.get(key, 0) + k}
        if player >= 0:
            pk = f"{player}{PLAYER_KEY}{key}"
            t[pk] = t.get(pk, 0) + k
        self.tally = t

    def gain(self, p: int, vp: int, source: str) -> None:
        """p scores `vp` during the game, counted by where it came from (`vp_war`, `vp_major`...)."""
        self.vp[p] += vp
        if vp:
            self.tally_add("vp_" + source, vp, p)

    # ----- copies and documents -----

    def clone(self) -> RioState:
        # written out field by field: a loop over getattr/setattr costs five times as much
        s = RioState.__new__(RioState)
        s.game, s.num_players, s.options, s.rng = self.game, self.num_players, self.options, self.rng.copy()
        s.events, s.log = [], self.log
        s.silver = self.silver[:]
        s.wood = self.wood[:]
        s.stone = self.stone[:]
        s.precious = self.precious[:]
        s.vp = self.vp[:]
        s.free = self.free[:]
        s.placed = self.placed[:]
        s.bought = self.bought[:]
        s.offered = self.offered[:]
        s.field = self.field[:]
        s.artisan = self.artisan[:]
        s.dock = self.dock[:]
        s.loads = self.loads[:]
        s.order_add = self.order_add[:]
        s.attacked = self.attacked  # shared: replaced on write (board.with_item), never edited
        s.bid = self.bid[:]
        s.perks = self.perks[:]
        s.bkind = self.bkind  # tuples, replaced on write: shared
        s.bowner = self.bowner
        s.wowner = self.wowner  # shared until either state changes a space's workers (city.set_workers)
        s.wcount = self.wcount
        s.wshared = self.wshared = True
        s.walls = self.walls
        s.roads = self.roads
        s.completed = self.completed
        s.office_owner = self.office_owner
        s.office_turn = self.office_turn
        s.office_bid = self.office_bid[:]
        s.cargo = self.cargo[:]
        s.enemies = self.enemies
        s.order = self.order
        s.built_now = self.built_now  # replaced on write, like the lists below
        s.conn = self.conn
        s.tile = self.tile[:]
        s.trade = self.trade
        s.pick = self.pick
        s.turn = self.turn
        s.num_turns = self.num_turns
        s.phase = self.phase
        s.cur = self.cur
        s.ship_away = self.ship_away
        s.ship_depart = self.ship_depart
        s.shipments = self.shipments
        s.pieces = self.pieces
        s.roll = self.roll
        s.grid = self.grid[:]  # the rows are replaced on write (board.with_item), never edited: shared
        s.mine = self.mine[:]
        s.act = self.act[:]
        s.war = self.war.clone() if self.war is not None else None
        s.tally = self.tally
        s.space_vp = self.space_vp
        s.track_costs = self.track_costs
        s.facts = self.facts
        s.roads_held = self.roads_held  # replaced on write, never edited: shared
        return s

    def _to_json(self) -> dict[str, Any]:
        n = self.num_players
        return {
            "turn": self.turn,
            "num_turns": self.num_turns,
            "phase": self.phase,
            "cur": self.cur,
            "order": list(self.order),
            "players": [{f: getattr(self, f)[p] for f in PLAYER_FIELDS} for p in range(n)],
            "buildings": [[x, self.bkind[x], self.bowner[x]] for x in range(CELLS) if self.bkind[x]],
            "workers": [[x, self.wowner[x], self.wcount[x]] for x in range(CELLS) if self.wcount[x]],
            "activations": [[x, p] for x, p in self.act],
            "built_now": list(self.built_now),
            "grids": [list(g) for g in self.grid],
            "completed": list(self.completed),
            "roads_held": list(self.roads_held),
            "walls": [g for g in range(len(self.walls)) if self.walls[g]],
            "roads": [i for i in range(len(self.roads)) if self.roads[i]],
            "mine": [list(t) for t in self.mine],
            "offices": {"owner": list(self.office_owner), "turn": list(self.office_turn),
                        "bid": list(self.office_bid)},
            "ship": {"cargo": [self.cargo[3 * p:3 * p + 3] for p in range(n)], "away": self.ship_away,
                     "depart": self.ship_depart, "shipments": self.shipments},
            "enemies": list(self.enemies),
            "tile": list(self.tile),
            "trade": list(self.trade),
            "pick": list(self.pick),
            "roll": self.roll,
            "tally": dict(sorted(self.tally.items())),
            "war": self.war.to_json() if self.war is not None else None,
        }

    def check_invariants(self) -> None:
        n = self.num_players
        on = [0] * n
        for x in range(CELLS):
            assert 0 <= self.wcount[x] <= 3, f"at most 3 workers on {cell_name(x)}"
            assert (self.wcount[x] == 0) == (self.wowner[x] < 0), f"workers without owner on {cell_name(x)}"
            if self.wcount[x]:
                on[self.wowner[x]] += self.wcount[x]
        for _, p in self.act:
            on[p] += 1
        for g in self.grid:
            for o in g:
                if o >= 0:
                    on[o] += 1
        for t in (0, 1):
            for i, o in enumerate(self.mine[t]):
                if o >= 0:
                    on[o] += self.track_costs[t][i]
        if self.war is not None:
            for pos, g in self.war.occ.items():
                assert 1 <= len(g) <= (3 if pos < CELLS else PURPLE), f"groups on the map hold 1 to 3 tokens, a crowd outside at most {PURPLE} ({pos})"
                for o in g:
                    if o != ATT:
                        on[o] += 1
        for p in range(n):
            on[p] += self.field[p] + self.artisan[p] + self.dock[p] + self.order_add[p] + (self.bid[p] >= 0)
            assert on[p] + self.free[p] == WORKERS, f"{self.player_name(p)} must have {WORKERS} workers"
            for f in ("silver", "wood", "stone", "precious", "vp", "free", "placed"):
                assert getattr(self, f)[p] >= 0, f"{f} of {self.player_name(p)} is negative"
            assert self.placed[p] <= placement.MAX_PER_TURN, "at most 5 workers placed per turn"
        assert self.pieces == sum(self.roads) + sum(
            1 for g in range(len(self.walls)) if self.walls[g] and g not in PRINTED_WALLS
        ), "wall and road pieces are conserved"
        assert self.pieces <= 60, "there are 60 wall/road pieces"
        assert sorted(self.order) == list(range(n)), "the order holds every player once"
        assert sum(self.cargo) <= 12, "the Ship holds at most 12 resources"

