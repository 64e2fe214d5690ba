"""`mcts`: multi-player information-set Monte Carlo tree search (single-observer ISMCTS).

Each iteration:

1. **Determinize.** `state.determinize(player, rng)` draws a full state consistent with what the
   bot may see (other players' hidden cards, their pending secret choices and the future of chance
   are resampled), so the search never reads hidden information.
2. **Select.** From the root, one tree node per *decision batch*: an ordinary turn is a batch of
   one decision; a simultaneous secret choice (`to_move()` lists several players) is one batch in
   which every player of the batch chooses at the *same* node from their *own* statistics
   (decoupled UCT), in `to_move` order, so no player's choice depends on another's pending secret
   choice. Each player picks by UCB1 on their own reward, with availability counts (an action's
   exploration term counts only the visits in which it was legal in the determinization).
3. **Expand** one new node (the first batch outcome not yet in the tree), then **roll out** for at
   most `depth` decisions (or to the end of a round of play, `horizon`, or of the searcher's turn, `turn`);
   the end position is scored
   by the result (game over) or by the game's `evaluate()` (cut off; or its `forecast()`, `judge`).
4. **Back up** a reward vector in [0, 1], one entry per player (default `margin`: the lead over the
   best opponent scaled by the spread of the values), each player's statistics taking their own entry.

The move played is the root action the bot visited most (or, `pick=value`, valued best). Budget:
``iterations=N`` and/or ``seconds=S`` per decision (default 1000 iterations). With a time budget, no
iteration is started unless 1.5 times the longest iteration so far still fits into 88% of S (less the
time freeing the last tree took), counted from the start of the decision, and a rollout stops at 95%
of S; on a busy machine (the search gets less CPU time than wall time) both margins grow, up to 64%
and 85% of S at a third of a core. The garbage collector is paused during the decision, so a decision
stays within S plus a small fraction of it (the arena reports the longest). Same seed and iteration
budget, same decisions.

The parameters are those a game's `bot_defaults` or a level (`spec.LEVELS`) use, and a few kept for
research (see `MctsBot`); the ones whose experiments lost were removed in session 31, their results
in docs/bots.md ("Parameters removed in session 31").
"""

from __future__ import annotations

import gc
import math
import time

from meeple.engine import Action, Rng, SearchRng, State

from .common import REWARDS, outcome
from .greedy import GreedyBot

DEFAULT_ITERATIONS = 1000
DEFAULT_DEPTH = 20  # rollout cut-off, in decisions, unless a game's bot_defaults say otherwise
RESERVE = 0.12  # share of a time budget kept back on a machine that runs the bot without waiting
BUSY_CAP = 3.0  # the reserve grows with the wall/CPU time ratio up to this factor (36% of the budget)
BUSY_SAMPLE = 0.01  # CPU seconds of search before that ratio is trusted (at most 5% of the budget)
EARLY_CHECK = 16  # iterations between two looks at whether the decision is already settled
ROUND_CAP = 1 << 40  # horizon=N: the rollout's length is the rounds', not `depth` (a round always ends)
ROLLOUTS = ("random", "greedy")
# what a `seconds` budget is counted on: the wall clock (what a person waits), or the CPU time the
# search's thread gets (`cpu`: the same search on a loaded machine, for measuring a bot under load)
CLOCKS = {"wall": "perf_counter", "cpu": "thread_time"}  # their functions in `time`
PICKS = ("visits", "value")  # which root action is played: the most visited, or the best valued
# what a playout cut off before the end is judged by: `evaluate()`, the game's `forecast()`, or the
# forecast with the searching player's own fit (`forecast(searcher)`)
JUDGES = ("evaluation", "forecast", "own")

# statistics of one action for one player at one node: visits, reward sum, availability, win sum
_V, _R, _A, _W = 0, 1, 2, 3


class Node:
    __slots__ = ("stats", "children")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Action, list[float]]] = {}
        self.children: dict[tuple, Node] = {}


class MctsBot:
    """The search, its budget and its shape. Every parameter but the budget has a default that every
    game plays unless its `bot_defaults` say otherwise (Río de la Plata's: all of the shape parameters
    below but `c`, `early` and `judge`; El Grande's: `depth`, `rollout`, `prune`, `tree`, `pick`, `crn`).

    Budget and reproducibility: ``seed``; ``iterations`` (per decision); ``seconds`` (per decision; the
    levels `normal` and `strong` use it); without either, 1000 iterations. ``clock`` (``wall``): what
    `seconds` counts; ``cpu``: the search thread's CPU time, so a bot measured on a loaded machine
    searches as much as on an idle one (it then answers later than `seconds` on the wall clock). Kept
    for research: it measures "1 s a decision" with other work running.

    The search:

    - ``c`` (0.7): UCB1's exploration constant. Kept for research: the standard knob of any UCT, its
      default chosen by a measurement (docs/bots.md, Goofspiel).
    - ``early`` (1): stop once the most visited root action can no longer be overtaken in the budget
      left (the move is the whole budget's); 0 spends the whole budget. Kept for research: a search
      measured at its full budget needs it off.
    - ``reward`` (``margin``): what a playout is worth to each player, in [0, 1]: ``margin`` (the lead
      over the best opponent over the spread of the values), ``lead`` (over the largest value: the
      last player's reward still moves; Río), or, kept for research as the textbook rewards the
      margin was chosen against, ``rank``, ``win`` and ``share`` (`common.rewards`).
    - ``norm`` (0): 1: UCB on the node's mean rewards rescaled to [0, 1] (MuZero's min-max), so small
      gaps between actions still steer the search (Río).
    - ``depth`` (20): rollout decisions before the cut-off (Río: 0, with `horizon`).
    - ``rollout`` (``random``): ``greedy``: each rollout move is the greedy bot's for its mover (Río).
    - ``horizon`` (0): N: a rollout ends where the N-th round of play from the root's ends
      (`State.game_round()`), so every leaf is judged at the same point of play (Río: 1); games
      without rounds keep `depth`.
    - ``turn`` (0): 1: a rollout ends where the searching player's turn does (the first position where
      the next decision is not its own), after `depth` decisions at most, so a leaf is judged once the
      turn's moves are made, not in the middle of them. In a simultaneous choice the seats are asked in
      order, so the last seat's turn ends where the next round's first pick is another seat's. Kept for
      research (Genesia, whose turns are many small decisions).
    - ``tree`` (0: no limit): N: the tree grows at most N levels below the root (Río: 1, flat Monte
      Carlo over the root's actions).
    - ``prune`` (0): K: only the K root actions the greedy bot ranks best are searched, tried in its
      order, best first (Río: 4; ``prune=1`` plays the greedy bot's move).
    - ``pick`` (``visits``): ``value`` plays the root action of the best mean reward, for searches of
      a few dozen costly iterations; the early stop is then off (Río).
    - ``crn`` (0): 1: common random numbers: the n-th iteration through each root action plays with
      the same future of chance, so the root's actions are compared on the same dice (Río).
    - ``memo`` (0): 1, with ``rollout=greedy``: each stretch of a rollout up to the next draw of
      chance is played once per position (`State.position_key()`) and recalled after; with ``tree=1``
      and no hidden information the search stops once no root action's rollout draws; with
      ``horizon`` a stretch is kept until the round it ends at is over (Río).
    - ``fast`` (0): N, with ``rollout=greedy``: rollout decisions with more than N legal actions are
      the greedy bot's without its look at follow-ups (Río: 20, its war moves).
    - ``draws`` (0: the greedy bot's own 4): N, with ``rollout=greedy``: the determinizations the
      greedy rollout bot averages per decision. A rollout's position is already one determinization,
      and each draw weighs every legal action again: fewer draws make a wide rollout decision (a
      Genesia Expansion, 100-370 actions) that many times cheaper. Kept for research (Genesia).
    - ``temp`` (0): above 0: a cut-off leaf's win chances (the move hint's win rates) are a softmax
      of the estimates at the game's `State.win_temperature()`, or at this temperature where the
      game gives none, instead of a win for the leader; the search's choices do not depend on it
      (Río: 15).
    - ``judge`` (``evaluation``): what a playout cut off before the end is judged by: `evaluate()`,
      the game's `forecast()` of the final scores (``forecast``), or that forecast with the searching
      player's own fit (``own``, `forecast(searcher)`). Kept for research: it is where a judge
      fitted to play plugs in without changing the greedy bot's evaluation (Río's forecast is
      fitted to greedy games; as the judge it did not gain, docs/bots.md; Genesia's counts each
      player at its own step of the Age: Coins kept past its Expansion turn as carried over).
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        depth: int = DEFAULT_DEPTH,
        c: float = 0.7,
        reward: str = "margin",
        early: int = 1,
        norm: int = 0,
        prune: int = 0,
        rollout: str = "random",
        temp: float = 0.0,
        horizon: int = 0,
        turn: int = 0,
        tree: int = 0,
        pick: str = "visits",
        crn: int = 0,
        memo: int = 0,
        fast: int = 0,
        draws: int = 0,
        judge: str = "evaluation",
        clock: str = "wall",
        name: str = "mcts",
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        if judge not in JUDGES:
            raise ValueError(f"judge must be one of {', '.join(JUDGES)}, got {judge!r}")
        self.judge = judge
        if clock not in CLOCKS:
            raise ValueError(f"clock must be one of {', '.join(CLOCKS)}, got {clock!r}")
        self.clock = clock
        self._clock = getattr(time, CLOCKS[clock])
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.c = c
        self.reward = reward
        self.early = bool(early)
        self.norm = bool(norm)
        self.prune = prune
        self.temp = temp  # > 0: win chances at a cut-off leaf by softmax (the hint's win rates)
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
        # horizon=N: a rollout plays on to the end of the N-th round from the one the root is in (1: that
        # round; instead of `depth` decisions; games without rounds keep `depth`), so every leaf is
        # judged at the same point of play
        if horizon < 0:
            raise ValueError(f"horizon must be 0 (rollouts of `depth` decisions) or more rounds, got {horizon}")
        self.horizon = horizon
        # turn=1: a rollout ends where the searching player's turn does (`depth` its cap)
        if turn not in (0, 1):
            raise ValueError(f"turn must be 0 (rollouts of `depth` decisions) or 1 (to its end), got {turn}")
        if turn and (memo or horizon):
            raise ValueError("turn=1 ends a rollout by itself: not with memo=1 or horizon")
        self.turn = bool(turn)
        self.tree = tree  # > 0: the tree grows at most this many levels below the root
        if pick not in PICKS:
            raise ValueError(f"pick must be one of {', '.join(PICKS)}, got {pick!r}")
        # pick=value: play the root action of the best value, not the most visited (few iterations)
        self.pick = pick
        # crn=1: common random numbers: the n-th iteration through each root action plays with the same
        # future of chance, so the root's actions are compared on the same dice, not on their own luck
        self.crn = bool(crn)
        self._futures = 0  # crn=1: the seed the futures of this search are drawn from
        # memo=1 (with rollout=greedy): a rollout's stretch between two draws of chance is played once
        # per position; its end (the position before the draw and the move that draws, or the final
        # position) is kept for the rest of the search, keyed by the position without its random state
        if memo and rollout != "greedy":
            raise ValueError("memo=1 needs rollout=greedy (a random rollout is not a function of the position)")
        self.memo = bool(memo)
        self._memo: dict[tuple[int, str], tuple] = {}
        # horizon=N: the stretches kept, by the round they end at (a position's continuation up to a
        # given round does not depend on the decision that reached it)
        self._memos: dict[int, dict[tuple[int, str], tuple]] = {}
        self._settled: set[Action] = set()  # memo=1, tree=1: root actions whose rollout draws nothing
        # rollout=greedy: the greedy bot's own choice (its chain=1 looks through two-step decisions)
        # draws=N (rollout=greedy): the rollout bots' determinizations a decision (0: the greedy bot's 4)
        if draws and rollout != "greedy":
            raise ValueError("draws=N needs rollout=greedy (it sets how the greedy rollouts sample)")
        looks = {"samples": draws} if draws else {}
        self._rollout_bot = GreedyBot(seed=self.rng.next64(), **looks) if rollout == "greedy" else None
        # fast=N (rollout=greedy): a rollout decision with more than N legal actions is the greedy bot's
        # without follow-ups (chain=0): a Río war move, 30-114 actions, four times as fast
        if fast and rollout != "greedy":
            raise ValueError("fast=N needs rollout=greedy (it chooses how the greedy rollouts look ahead)")
        self.fast = fast
        self._fast_bot = GreedyBot(seed=self.rng.next64(), chain=0, **looks) if fast else None
        self._allowed: set[Action] | None = None  # prune=K: the root actions searched
        self._rank: dict[Action, int] = {}  # prune=K: their place in the greedy bot's ranking
        self._round: int | None = None  # horizon=N: the first round rollouts do not enter (root's + N)
        self.name = name
        self.last_iterations = 0  # iterations of the last search, for reports and tests
        self._range = (float("inf"), float("-inf"))  # solo games: the values seen in this search
        self._free = 0.0  # how long freeing the last search tree took (seconds)
        self._deadline = float("inf")  # no rollout goes on past this moment (on `self._clock`)

    # ----- the Agent protocol ---------------------------------------------------------------------

    def act(self, state: State, player: int) -> Action:
        start = self._clock()
        legal = state.bot_actions(player)
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        return self._decide(state, player, legal, start, 1)[0][0]

    def _decide(
        self, state: State, player: int, legal: list[Action], start: float, k: int
    ) -> list[tuple[Action, list[float]]]:
        """Search, rank the root actions and free the tree, all inside the time budget (counted from
        `start`); the garbage collector is paused meanwhile, so no collection lands in a decision."""
        gc_on = gc.isenabled()
        gc.disable()
        try:
            root = self.search(state, player, start, early=self.early and k == 1 and self.pick == "visits")
            best = self._ranked(root, legal, player, self._allowed, self.pick == "value")[:k]
            t0 = self._clock()
            del root  # freeing a big tree takes time too: measured, and kept back in the next search
            spent = self._clock() - t0
            self._free = spent if spent > self._free else 0.5 * (self._free + spent)
        finally:
            if gc_on:
                gc.enable()
        return best

    def top_moves(self, state: State, player: int, k: int = 3) -> list[tuple[Action, float]]:
        """The `k` best actions for `player` with their estimated win rates (0..1), best first.

        A search like `act`, for a move hint; the state is not changed."""
        start = self._clock()
        legal = state.legal_actions(player)
        if not legal:
            return []
        out = []
        for action, entry in self._decide(state, player, legal, start, k):
            out.append((action, entry[_W] / entry[_V] if entry[_V] else 0.0))
        return out

    # ----- the search -----------------------------------------------------------------------------

    def search(self, state: State, player: int, start: float | None = None, early: bool = False) -> Node:
        """Run the budgeted search (the time counted from `start`, default now) and return the root:
        statistics per player and action.

        `early`: stop as soon as the most visited root action can no longer be overtaken by the
        second within the iterations left (exactly with an iteration budget; with a time budget the
        iterations left are estimated from the mean iteration so far), so the move is the one the
        whole budget would choose and the rest of the budget is not spent."""
        if start is None:
            start = self._clock()
        rng = SearchRng(self.rng.next64())  # the search's draws: C-backed, a third of the time a draw
        root = Node()
        ranked = self._candidates(state, player) if self.prune else None
        self._allowed = set(ranked[: self.prune]) if ranked is not None else None
        if self._allowed is None:  # the root searches only what the game lets a bot weigh
            weighed = state.bot_actions(player)
            if len(weighed) < len(state.legal_actions(player)):
                self._allowed = set(weighed)
        self._rank = {a: i for i, a in enumerate(ranked or [])}
        here = state.game_round() if self.horizon else None
        self._round = here + self.horizon if here is not None else None
        self._futures = self.rng.next64() if self.crn else 0
        # the stretches played stay known while their end lies ahead (a position's continuation does not
        # change), so the next decisions recall what this one played through them
        if self._round is None:
            self._memos = {}
            self._memo = {}
        else:
            self._memos = {end: kept for end, kept in self._memos.items() if end > here}
            self._memo = self._memos.setdefault(self._round, {})
        self._settled = set()
        # memo=1, tree=1: once every root action's rollout is known to draw nothing, more iterations
        # would only repeat them
        width = 0
        if self.memo and self.tree == 1 and not state.game.hidden_information:
            width = len(self._allowed) if self._allowed is not None else len(state.legal_actions(player))
        if self._allowed is not None and len(self._allowed) == 1:
            self.last_iterations = 0  # prune=1: the greedy bot's move, nothing to search
            return root
        self._range = (float("inf"), float("-inf"))
        limit = self.iterations
        budget = self.seconds
        done = 0
        longest = 0.0  # the longest iteration so far: the next one is not started unless it fits
        # 12% of the budget is kept back (with 7%, the longest of ~8,000 decisions of a 100-game arena at
        # load 4 on two cores took 1.113 s of 1 s), plus the time to free the tree; an iteration far
        # longer than the ones before (a Genesia decision once took 1.198 s of 1 s) cuts its rollout short
        # at the deadline and is scored where it stands. Both margins grow with how busy the machine is
        # (see _margins): at load 7 on two cores a decision with the fixed 12% took 1.196 s.
        memo = self.memo
        free = self._free
        stop, self._deadline = _margins(budget, free, start, 1.0)
        check = EARLY_CHECK
        began = self._clock()
        cpu_began = time.thread_time()
        while limit is None or done < limit:
            if width and len(self._settled) >= width:
                break
            if done >= check:
                check += EARLY_CHECK
                left = None
                if budget is not None:
                    now = self._clock()
                    cpu = time.thread_time() - cpu_began
                    if cpu > min(BUSY_SAMPLE, 0.05 * budget):
                        stop, self._deadline = _margins(budget, free, start, (now - began) / cpu)
                    # iterations that still fit, at the mean pace so far (x1.5: the tree grows)
                    left = 1.5 * done * (stop - (now - start)) / max(now - began, 1e-9)
                if early and self._decided(root, player, done, limit, left):
                    break
            if budget is None:
                self._iterate(root, state, player, rng)
            else:
                t0 = self._clock()
                if done and t0 - start + 1.5 * longest >= stop:
                    break
                self._iterate(root, state, player, rng)
                spent = self._clock() - t0
                if memo:  # later iterations mostly recall what the first ones played: their mean
                    longest = (t0 + spent - began) / (done + 1)
                elif spent > longest:
                    longest = spent
            done += 1
        self.last_iterations = done
        return root

    @staticmethod
    def _decided(root: Node, player: int, done: int, limit: int | None, left: float | None) -> bool:
        """The leader of the root player's visit counts is out of reach of the runner-up: its lead
        is larger than the iterations left (`limit - done`, or `left` estimated from the time budget,
        whichever is smaller)."""
        stats = root.stats.get(player)
        if not stats or len(stats) < 2:
            return False
        first = second = 0
        for e in stats.values():
            v = e[_V]
            if v > first:
                first, second = v, first
            elif v > second:
                second = v
        remaining = float("inf") if limit is None else limit - done
        if left is not None:
            remaining = min(remaining, left)
        return first - second > remaining

    def _greedy_order(self, state: State, player: int) -> list[Action]:
        """The legal actions ranked by the greedy bot, best first, ties in random order."""
        # chain=1 as the greedy bot plays: a first step of two (a zone, then its space) changes no
        # estimate by itself, and with chain=0 it tied with `done`, so `prune=2` often kept only
        # passing moves (scores of 8-34 against 56-110 in six games)
        greedy = GreedyBot(seed=self.rng.next64())
        ranked = greedy.rank_actions(state, player)
        noise = {a: greedy.rng.next64() for a, _ in ranked}
        ranked.sort(key=lambda av: (-av[1], noise[av[0]]))
        return [a for a, _ in ranked]

    def _candidates(self, state: State, player: int) -> list[Action] | None:
        """prune=K: the root actions ranked by the greedy bot (ties in random order), best first, when
        there are more than K; the first K are searched."""
        legal = state.bot_actions(player)
        if len(legal) <= self.prune:
            return None
        return self._greedy_order(state, player)

    def _iterate(self, root: Node, state: State, player: int, rng: SearchRng) -> None:
        d = state.determinize(player, rng)
        node = root
        path: list[tuple[list[float], int]] = []
        c = self.c
        norm = self.norm
        log = math.log
        sqrt = math.sqrt
        stuck = False  # a mover without legal actions (a game bug): score the position as it is
        crn = self.crn
        memo = self.memo
        drew = False  # memo=1: chance drew on the way down the tree (the leaf's position may vary)
        level = 0  # how deep below the root `node` is
        while not d.is_terminal():
            movers = d.to_move()
            batch = set(movers)
            key = []
            while True:
                p = movers[0]
                legal = d.legal_actions(p)
                if not legal:
                    stuck = True
                    break
                if node is root and p == player and self._allowed is not None:
                    legal = [a for a in legal if a in self._allowed] or legal
                stats = node.stats.get(p)
                if stats is None:
                    stats = node.stats[p] = {}
                # UCB1 with availability counts; unvisited actions first, in random order
                best = None
                best_score = -1.0
                fresh: list[Action] = []
                for a in legal:
                    e = stats.get(a)
                    if e is None:
                        e = stats[a] = [0, 0.0, 1, 0.0]
                        fresh.append(a)
                        continue
                    e[_A] += 1
                    if e[_V] == 0:
                        fresh.append(a)
                    elif not fresh and not norm:
                        score = e[_R] / e[_V] + c * sqrt(log(e[_A]) / e[_V])
                        if score > best_score:
                            best_score = score
                            best = a
                if fresh:
                    if len(fresh) == 1:
                        best = fresh[0]
                    elif node is root and p == player and self._rank:
                        # the greedy bot's ranking first: a search with time for one or two
                        # rollouts (a Río war's, 0.3-0.45 s) plays its move or the better of its two
                        best = min(fresh, key=lambda a: self._rank.get(a, len(self._rank)))
                    else:
                        best = fresh[rng.below(len(fresh))]
                elif norm:  # the UCB above is skipped: rescaled means instead
                    best = _normalized_ucb(stats, legal, c) if len(legal) > 1 else legal[0]
                path.append((stats[best], p, stats))
                if crn and node is root and p == player:
                    d.rng = Rng(Rng(self._futures + int(stats[best][_V])).next64())  # the visit's future
                if memo:
                    mark = d.rng.state
                    d._apply(p, best)
                    drew = drew or d.rng.state != mark
                else:
                    d._apply(p, best)  # apply(check=False)
                key.append((p, best))
                batch.discard(p)
                if not batch or d.is_terminal():
                    break
                movers = d.to_move()
                if not movers or not set(movers) <= batch:
                    break
            if stuck:
                break
            k = tuple(key)
            child = node.children.get(k)
            if child is None:
                node.children[k] = Node()
                level += 1  # the new leaf's level
                break
            node = child
            level += 1
            if level == self.tree:
                break  # tree=N: the deepest level: roll out from here
        # rollout, cut off after `depth` decisions, or sooner when the time budget runs out
        steps = 0 if stuck else self.depth
        if self._round is not None:  # horizon=N: to the end of the N-th round, which may be reached already
            steps = 0 if stuck or d.game_round() >= self._round else ROUND_CAP
        if steps and memo:
            d, cut, known = self._memo_rollout(d, steps)
            if cut and self._round is not None and path and any(e[_V] for e in path[0][2].values()):
                return  # as below: not judged mid-round
            # known whole, nothing drawn on the way (a Río war move's): the same in every iteration
            if known and not drew and level == 1 and self.tree == 1 and path[0][1] == player:
                self._settled.add(key[0][1])
        elif steps:
            # the loop that takes half an iteration: bound methods and the C draw held locally, and
            # the state's own `_apply` (what `apply(check=False)` calls)
            deadline = self._deadline
            clock = self._clock
            draw = rng.draw
            guide = self._rollout_bot
            over, movers_of, legal_of, play = d.is_terminal, d.to_move, d.legal_actions, d._apply
            rnd = self._round
            game_round = d.game_round
            mine = player if self.turn else -1  # turn=1: the searcher whose turn the rollout plays out
            while steps > 0 and not over():
                if steps & 3 == 0 and clock() > deadline:
                    if rnd is not None and path and any(e[_V] for e in path[0][2].values()):
                        return  # horizon=1: a rollout cut short by the clock would be judged mid-round
                    break
                if rnd is not None and game_round() >= rnd:
                    break
                movers = movers_of()
                # not `mine not in movers`: in a simultaneous choice the searcher is among the next
                # round's choosers, which would roll the rest of the draft out on its behalf
                if mine >= 0 and movers[0] != mine:
                    break
                p = movers[0]
                legal = legal_of(p)
                if not legal:
                    break
                if guide is not None:
                    a = self._guided(d, p, legal)
                elif len(legal) == 1:
                    a = legal[0]
                else:
                    a = legal[int(draw() * len(legal))]  # rng.below(len(legal)), inlined
                play(p, a)
                steps -= 1
        if d.num_players == 1:
            reward, wins = self._solo(d)
        else:
            reward, wins = outcome(d, self.reward, self.temp, self.judge, player)
        for e, p, _ in path:
            e[_V] += 1
            e[_R] += reward[p]
            e[_W] += wins[p]

    def _guided(self, d: State, p: int, legal: list[Action]) -> Action:
        """rollout=greedy: the greedy bot's move for `p` (fast=N: without follow-ups above N actions)."""
        if len(legal) == 1:
            return legal[0]
        if self._fast_bot is not None and len(legal) > self.fast:
            return self._fast_bot.act(d, p)
        assert self._rollout_bot is not None
        return self._rollout_bot.act(d, p)

    def _memo_rollout(self, d: State, steps: int) -> tuple[State, bool, bool]:
        """memo=1: the greedy rollout from `d`, each stretch up to the next draw of chance played once
        per position and recalled after: (the end position, whether the clock cut it short, whether
        it was known whole from `d` on, nothing drawn). A stretch is recorded as the position before the
        move that draws, and that move (replayed with this iteration's future), or as its end
        position when nothing draws before the rollout ends."""
        memo = self._memo
        rnd = self._round
        deadline = self._deadline
        clock = self._clock
        first = True
        while True:
            at = (-1 if rnd is not None else steps, d.position_key())
            known = memo.get(at)
            if known is not None:
                if known[0] is None:  # the rollout ends here, nothing drawn on the way
                    return known[1], False, first
                before, p, a, used = known
                future = d.rng
                d = before.clone()
                d.rng = future
                d._apply(p, a)
                steps -= used
                first = False
                continue
            used = 0
            drawn = False
            while steps > 0 and not d.is_terminal():
                if clock() > deadline:
                    return d, True, False
                if rnd is not None and d.game_round() >= rnd:
                    break
                p = d.to_move()[0]
                legal = d.legal_actions(p)
                if not legal:
                    break
                a = self._guided(d, p, legal)
                before = d.clone()
                mark = d.rng.state
                d._apply(p, a)
                steps -= 1
                used += 1
                if d.rng.state != mark:
                    memo[at] = (before, p, a, used)
                    drawn = True
                    break
            if not drawn:  # the rollout's end: its length, the round's end, or a mover without moves
                memo[at] = (None, d)
                return d, False, first
            first = False

    def _solo(self, d: State) -> tuple[list[float], list[float]]:
        """One player: the score (or its estimate) scaled by the lowest and highest seen in this search."""
        if d.is_terminal():
            res = d.result()
            v = float(res.scores[0])
            won = 1.0 if res.ranks[0] == 1 else 0.0
        else:
            v = float(d.evaluate()[0])
            won = -1.0
        lo, hi = self._range
        if v < lo:
            lo = v
        if v > hi:
            hi = v
        self._range = (lo, hi)
        r = (v - lo) / (hi - lo) if hi > lo else 0.5
        return [r], [r if won < 0 else won]

    @staticmethod
    def _ranked(
        root: Node, legal: list[Action], player: int, allowed: set[Action] | None = None, by_value: bool = False
    ) -> list[tuple[Action, list[float]]]:
        """The root player's actions: the searched ones (`allowed`, all by default) first, most
        visited first (then best mean reward, then legal order); `by_value`: best value first (then
        most visited, then legal order)."""
        stats = root.stats.get(player, {})
        rows = [(a, stats.get(a) or [0, 0.0, 0, 0.0]) for a in legal]
        if by_value:
            worth = [_value(e) if e[_V] else float("-inf") for _, e in rows]
            key = lambda i: (allowed is not None and rows[i][0] not in allowed, -worth[i], -rows[i][1][_V], i)  # noqa: E731
        else:
            key = lambda i: (  # noqa: E731
                allowed is not None and rows[i][0] not in allowed,
                -rows[i][1][_V],
                -(rows[i][1][_R] / rows[i][1][_V] if rows[i][1][_V] else 0.0),
                i,
            )
        order = sorted(range(len(rows)), key=key)
        return [rows[i] for i in order]


def _normalized_ucb(stats: dict[Action, list[float]], legal: list[Action], c: float) -> Action:
    """UCB1 on the mean rewards rescaled to [0, 1] by the lowest and highest mean among the node's
    actions (as MuZero does with its values): the exploration term then weighs against the gaps
    between the actions here, not against the whole reward range, so small real differences (a
    player far behind, whose margin reward is squashed near 0) still steer the search."""
    entries = [stats[a] for a in legal]
    means = [e[_R] / e[_V] for e in entries]
    lo = min(means)
    span = max(means) - lo
    if span <= 0.0:
        span = 1.0
    best = 0
    best_score = -1.0
    log = math.log
    sqrt = math.sqrt
    for i, e in enumerate(entries):
        score = (means[i] - lo) / span + c * sqrt(log(e[_A]) / e[_V])
        if score > best_score:
            best_score = score
            best = i
    return legal[best]


def _value(e: list[float]) -> float:
    """What an action is worth to its player: its mean reward."""
    return e[_R] / e[_V]


def _margins(budget: float | None, free: float, start: float, busy: float) -> tuple[float, float]:
    """(stop, deadline) of a timed search: no iteration starts after `stop` seconds from `start`, and
    no rollout goes on past the `deadline` moment; none for an iteration budget.

    `busy` is the wall time over the CPU time the search got so far: 1 when the bot has a core to
    itself, 3 when it runs a third of the time. The busier the machine, the longer the bot may wait
    for the CPU after its last look at the clock, so the margins grow with it (up to BUSY_CAP)."""
    if budget is None:
        return 0.0, float("inf")
    k = min(max(busy, 1.0), BUSY_CAP)
    return (1.0 - RESERVE * k) * budget - 1.5 * free, start + (1.0 - 0.05 * k) * budget - 1.5 * free


def top_moves(
    state: State,
    player: int,
    k: int = 3,
    seconds: float | None = 1.0,
    iterations: int | None = None,
    seed: int = 0,
) -> list[tuple[Action, float]]:
    """A move hint: the `k` best actions for `player` with their estimated win rates, by an ISMCTS
    search of `seconds` (default 1 s) or `iterations`. The state is not changed."""
    if iterations is not None:
        seconds = None
    tuned = state.game.bot_defaults.get("mcts", {})
    return MctsBot(seed=seed, iterations=iterations, seconds=seconds, **tuned).top_moves(state, player, k)
