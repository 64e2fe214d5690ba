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
3. **Expand** one new node (the first batch outcome not yet in the tree), then **roll out** with
   uniformly random legal actions for at most `depth` decisions; the end position is scored by the
   result (game over: its scores for `margin` and `share`, its ranking otherwise) or by the game's
   `evaluate()` (cut off).
4. **Back up** a reward vector in [0, 1], one entry per player (default `margin`: the lead over the
   best opponent scaled by the spread of the values), each player's statistics taking their own entry.

The move played is the root action the bot visited most. Budget: ``iterations=N`` and/or
``seconds=S`` per decision (default 1000 iterations). With a time budget, no iteration is started
unless 1.5 times the longest iteration so far still fits into 88% of S (less the time freeing the
last tree took), counted from the start of the decision, and a rollout stops at 95% of S; on a busy
machine (the search gets less CPU time than wall time) both margins grow, up to 64% and 85% of S at a
third of a core. The garbage collector is paused during the decision, so a decision stays within S
plus a small fraction of it (the arena reports the longest). Same seed and iteration budget, same
decisions.

Parameters: ``seed``, ``iterations``, ``seconds``, ``depth`` (rollout cut-off, default 20),
``c`` (exploration constant, default 0.7), ``reward`` (margin, lead, rank, win, share, chance or
odds; default margin: ``chance`` backs up the win chances, a softmax of the estimates at the game's
`State.win_temperature()` for the position, or at ``temp``; ``odds`` a logistic of the lead over the
best opponent at that temperature; both the win shares at the end),
``norm`` (1: UCB on the node's mean rewards rescaled to [0, 1]), ``early``, ``keep`` (1: when the
bot moves again right after its move, with nothing drawn in between, the search goes on from the
subtree under that move instead of starting afresh), ``prune`` (K > 0: only the K root actions that
the greedy bot ranks best are searched; ``prune=1`` plays the greedy bot's move), ``wide`` (N > 0:
``prune`` applies only to decisions with more than N legal actions), ``own`` (1: an action after
which the same player decides again is worth its best follow-up, not the mean of all tried),
``rollout`` (``random``, or ``greedy``:
each rollout move the greedy bot's choice for its mover), ``temp`` (> 0: the win rates a move hint
shows count a position where the search stops before the end by a softmax of the estimates at this
temperature, not as won or lost by who leads; the search's choices do not depend on it, except with
``reward=chance`` or ``odds`` in a game without its own temperatures), ``worlds``
(K > 0: the search draws K determinizations, as its first K iterations need them, and every later
iteration plays in a copy of one of them picked at random, with a new future of chance: redrawing
the hidden information is 10-15% of an iteration, a copy a fifth of that; 0, the default: a new
determinization every iteration), ``model``
(1: an opponent model: where another player moves, that player plays the greedy bot's move, ranked
once per node, and only the searcher's decisions branch; 2: and a new leaf where an opponent moves is
played on by those moves up to the searcher's next decision), ``horizon`` (1: a rollout ends where
the round of play the root is in ends, `State.game_round()`, instead of after `depth` decisions, so
the leaves compared stand at the same point of play; N: where the N-th round from it ends; a game
without rounds keeps `depth`), ``tree``
(N > 0: the tree grows at most N levels below the root; deeper, every iteration rolls out), ``pick``
(``visits``, the default, or ``value``: play the root action with the best value, for searches of a
few dozen costly iterations, where visit counts say little; the early stop, which reasons on visits,
is then off), ``crn`` (1: common random numbers: the n-th iteration through each root action plays
with the same future of chance, so the root's actions are compared on the same dice), ``memo`` (1,
with ``rollout=greedy``: each stretch of a rollout up to the next draw of chance is played once per
position, `State.position_key()`, and recalled after; with ``tree=1`` and no hidden information the
search stops once no root action's rollout draws; with ``horizon`` a stretch is kept until the round it
ends at is over),
``fast`` (N > 0, with ``rollout=greedy``: rollout decisions with more than N legal actions are the
greedy bot's without its look at follow-ups), ``settle`` (1, with ``horizon`` above 1, ``memo=1`` and
``tree=1``: a decision whose root actions play out to the end of the root's own round without a
draw of chance is judged there, the others at the horizon), ``grow`` (K, with ``prune``, ``memo=1`` and
``tree=1``: once every searched root action's rollout is known whole, nothing drawn to the horizon,
the next K of the greedy ranking are searched too, again while the budget lasts), ``deep`` (K, with
``prune``, ``memo=1``, ``tree=1`` and ``pick=value``: once every searched root action's rollout is
known whole, each is worth the best of its own playout and the K best follow-ups, in the greedy
ranking, of the searcher's next decision before the horizon, each played out exactly: a search of
the searcher's own next move too, while the budget lasts; if it runs out or a follow-up draws
chance, the single playouts decide). With ``prune``,
the root's untried actions are tried in the greedy bot's order, best first. A game's ``bot_defaults`` may set some of them (see
`make_bot`).
"""

from __future__ import annotations

import gc
import math
import time
from collections.abc import Callable

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
PICKS = ("visits", "value")  # which root action is played: the most visited, or the best valued
# what a playout cut off before the end is judged by: `evaluate()`, the game's `forecast()`, the
# forecast with the searching player's own fit (`forecast(searcher)`), or (drawn, with memo=1) the
# forecast where the playout drew chance and the evaluation where it was exact
JUDGES = ("evaluation", "forecast", "own", "drawn")
MODELS = (0, 1, 2)  # opponents searched by UCB; modelled as the greedy bot; and played through at leaves

# statistics of one action for one player at one node: visits, reward sum, availability, win sum, and
# (own=1) the value of the best follow-up when the same player decides next (-1: none)
_V, _R, _A, _W, _B = 0, 1, 2, 3, 4


class Node:
    __slots__ = ("stats", "children", "model")

    def __init__(self) -> None:
        self.stats: dict[int, dict[Action, list[float]]] = {}
        self.children: dict[tuple, Node] = {}
        # model >= 1: the greedy move of each opponent who moves here, found once for every iteration
        self.model: dict[int, Action] | None = None


class MctsBot:
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
        keep: int = 0,
        prune: int = 0,
        wide: int = 0,
        own: int = 0,
        rollout: str = "random",
        temp: float = 0.0,
        worlds: int = 0,
        model: int = 0,
        horizon: int = 0,
        tree: int = 0,
        pick: str = "visits",
        crn: int = 0,
        memo: int = 0,
        fast: int = 0,
        settle: int = 0,
        grow: int = 0,
        deep: int = 0,
        judge: str = "evaluation",
        name: str = "mcts",
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, got {reward!r}")
        if reward in ("chance", "odds") and temp <= 0.0:
            raise ValueError(f"reward={reward} needs temp=T above 0 (the win temperature where the game gives none)")
        if judge not in JUDGES:
            raise ValueError(f"judge must be one of {', '.join(JUDGES)}, got {judge!r}")
        if judge == "drawn" and not memo:
            raise ValueError("judge=drawn needs memo=1 (which tells a rollout known whole from one that drew)")
        # forecast: a cut-off playout is judged by the game's forecast of the final scores (State.forecast)
        self.judge = judge
        self.rng = Rng(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.c = c
        self.reward = reward
        self.early = bool(early)
        self.norm = bool(norm)
        self.keep = bool(keep)
        self.prune = prune
        self.wide = wide
        self.own = bool(own)
        # > 0: win chances at a cut-off leaf by softmax (the hint's win rates; with reward=chance or odds
        # the reward's temperature where the game's State.win_temperature() gives none)
        self.temp = temp
        if worlds < 0:
            raise ValueError(f"worlds must be 0 (a new determinization every iteration) or more, got {worlds}")
        self.worlds = worlds
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, got {rollout!r}")
        if model not in MODELS:
            raise ValueError(f"model must be one of {', '.join(map(str, MODELS))}, got {model!r}")
        # model >= 1: opponents are not searched but play the greedy bot's move (an opponent model);
        # model=2 also plays those moves through at a new leaf, up to the searcher's next decision
        self.model = model
        # horizon=N: a rollout plays on to the end of the N-th round from the one the root is in (1: that
        # round; instead of `depth` decisions; games without rounds keep `depth`), so every leaf is
        # judged at the same point of play
        if horizon < 0:
            raise ValueError(f"horizon must be 0 (rollouts of `depth` decisions) or more rounds, got {horizon}")
        self.horizon = horizon
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
        self._model_bot = GreedyBot(seed=self.rng.next64()) if model else None
        # rollout=greedy: the greedy bot's own choice (its chain=1 looks through two-step decisions)
        self._rollout_bot = GreedyBot(seed=self.rng.next64()) if rollout == "greedy" else None
        # fast=N (rollout=greedy): a rollout decision with more than N legal actions is the greedy bot's
        # without follow-ups (chain=0): a Río war move, 30-114 actions, four times as fast
        if fast and rollout != "greedy":
            raise ValueError("fast=N needs rollout=greedy (it chooses how the greedy rollouts look ahead)")
        self.fast = fast
        self._fast_bot = GreedyBot(seed=self.rng.next64(), chain=0) if fast else None
        # settle=1 (horizon=N > 1, memo=1, tree=1): a decision whose root actions play out to the end of
        # the root's own round without a draw of chance (a Río war, compared exactly there) is judged at
        # that round's end; the first rollout that draws moves the search to the far horizon
        if settle and not (horizon > 1 and memo and tree == 1):
            raise ValueError("settle=1 needs horizon=N above 1, memo=1 and tree=1")
        self.settle = bool(settle)
        self._drew = False  # settle=1: the last iteration's rollout drew chance
        # grow=K (prune, memo=1, tree=1): once every candidate is known exactly (its rollout draws nothing
        # to the horizon: a Río war move), the next K of the greedy ranking join them while time lasts
        if grow and not (prune and memo and tree == 1):
            raise ValueError("grow=K needs prune=K above 0, memo=1 and tree=1")
        self.grow = grow
        # deep=K (prune, memo=1, tree=1, pick=value): once every candidate is known exactly, each is worth
        # the best of its playout and the K best follow-ups of the searcher's next decision, played exactly
        if deep < 0:
            raise ValueError(f"deep must be 0 (off) or more follow-ups, got {deep}")
        if deep and not (prune and memo and tree == 1 and pick == "value"):
            raise ValueError("deep=K needs prune=K above 0, memo=1, tree=1 and pick=value")
        self.deep = deep
        self._ranking: list[Action] = []  # prune=K: the greedy bot's whole ranking of the root's actions
        self._allowed: set[Action] | None = None  # prune=K: the root actions searched
        self._rank: dict[Action, int] = {}  # prune=K: their place in the greedy bot's ranking
        self._round: int | None = None  # horizon=N: the first round rollouts do not enter (root's + N)
        self.name = name
        self.last_iterations = 0  # iterations of the last search, for reports and tests
        self._range = (float("inf"), float("-inf"))  # solo games: the values seen in this search
        self._free = 0.0  # how long freeing the last search tree took (seconds)
        self._deadline = float("inf")  # no rollout goes on past this moment (perf_counter seconds)
        # keep=1: the subtree under the move played, and the position it was expected to lead to
        self._kept: tuple[int, dict, Node] | None = None

    # ----- the Agent protocol ---------------------------------------------------------------------

    def act(self, state: State, player: int) -> Action:
        start = time.perf_counter()
        legal = state.bot_actions(player)
        if len(legal) == 1:
            self.last_iterations = 0
            self._kept = None
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
            root = self.search(state, player, start, early=self.early and k == 1 and self.pick == "visits",
                               reuse=self._reusable(state, player) if k == 1 else None)
            best = self._ranked(root, legal, player, self._allowed, self.pick == "value")[:k]
            if k == 1 and self.keep:
                self._keep_subtree(root, state, player, best[0][0])
            t0 = time.perf_counter()
            del root  # freeing a big tree takes time too: measured, and kept back in the next search
            spent = time.perf_counter() - t0
            self._free = spent if spent > self._free else 0.5 * (self._free + spent)
        finally:
            if gc_on:
                gc.enable()
        return best

    def top_moves(self, state: State, player: int, k: int = 3) -> list[tuple[Action, float]]:
        """The `k` best actions for `player` with their estimated win rates (0..1), best first.

        A search like `act`, for a move hint; the state is not changed."""
        start = time.perf_counter()
        legal = state.legal_actions(player)
        if not legal:
            return []
        out = []
        for action, entry in self._decide(state, player, legal, start, k):
            out.append((action, entry[_W] / entry[_V] if entry[_V] else 0.0))
        return out

    # ----- the search -----------------------------------------------------------------------------

    def _keep_subtree(self, root: Node, state: State, player: int, action: Action) -> None:
        """Keep the node under `action` for the next decision, if it is this player's again right
        after it: consecutive decisions (Río de la Plata's placements, a war's moves) then start from
        the visits already spent on them."""
        self._kept = None
        child = root.children.get(((player, action),))
        if child is None or not child.stats:
            return
        after = state.clone()
        after.apply(player, action, check=False)
        if after.is_terminal() or after.to_move() != [player]:
            return
        self._kept = (player, after.to_json(), child)

    def _reusable(self, state: State, player: int) -> Node | None:
        """The kept subtree, when `state` is exactly the position it was kept for (no chance drew
        differently, nobody else moved in between)."""
        kept, self._kept = self._kept, None
        if kept is None or kept[0] != player or state.to_json() != kept[1]:
            return None
        return kept[2]

    def search(self, state: State, player: int, start: float | None = None, early: bool = False,
               reuse: Node | None = None) -> Node:
        """Run the budgeted search (the time counted from `start`, default now) and return the root:
        statistics per player and action; `reuse`: a root to go on from (its visits are kept).

        `early`: stop as soon as the most visited root action can no longer be overtaken by the
        second within the iterations left (exactly with an iteration budget; with a time budget the
        iterations left are estimated from the mean iteration so far), so the move is the one the
        whole budget would choose and the rest of the budget is not spent."""
        if start is None:
            start = time.perf_counter()
        rng = SearchRng(self.rng.next64())  # the search's draws: C-backed, a third of the time a draw
        world = self._world_source(state, player, rng)
        root = reuse if reuse is not None else Node()
        ranked = self._candidates(state, player) if self.prune else None
        self._ranking = ranked or []
        self._allowed = set(ranked[: self.prune]) if ranked is not None else None
        if self._allowed is None:  # the root searches only what the game lets a bot weigh
            weighed = state.bot_actions(player)
            if len(weighed) < len(state.legal_actions(player)):
                self._allowed = set(weighed)
        self._rank = {a: i for i, a in enumerate(self._ranking)}
        here = state.game_round() if self.horizon else None
        self._round = here + self.horizon if here is not None else None
        far = None  # settle=1: where the search goes once a rollout draws
        if self.settle and self._round is not None and reuse is None and not state.game.hidden_information:
            far, self._round = self._round, here + 1
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
        began = time.perf_counter()
        cpu_began = time.thread_time()
        while limit is None or done < limit:
            if width and len(self._settled) >= width:
                if not (self.grow and self._grow()):
                    if self.deep:
                        self._deepen(root, world, player)
                    break
                width = len(self._allowed)
            if done >= check:
                check += EARLY_CHECK
                left = None
                if budget is not None:
                    now = time.perf_counter()
                    cpu = time.thread_time() - cpu_began
                    if cpu > min(BUSY_SAMPLE, 0.05 * budget):
                        stop, self._deadline = _margins(budget, free, start, (now - began) / cpu)
                    # iterations that still fit, at the mean pace so far (x1.5: the tree grows)
                    left = 1.5 * done * (stop - (now - start)) / max(now - began, 1e-9)
                if early and self._decided(root, player, done, limit, left):
                    break
            if far is not None:
                self._drew = False
            if budget is None:
                self._iterate(root, world, player, rng)
            else:
                t0 = time.perf_counter()
                if done and t0 - start + 1.5 * longest >= stop:
                    break
                self._iterate(root, world, player, rng)
                spent = time.perf_counter() - t0
                if memo:  # later iterations mostly recall what the first ones played: their mean
                    longest = (t0 + spent - began) / (done + 1)
                elif spent > longest:
                    longest = spent
            done += 1
            if far is not None and self._drew:
                # settle=1: chance comes before the round's end, so the moves are not compared exactly
                # there: start again at the far horizon (what the first rollouts played is kept)
                self._round, far = far, None
                self._memo = self._memos.setdefault(self._round, {})
                root = Node()
                self._settled = set()
                width = 0
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

    def _grow(self) -> bool:
        """grow=K: the next K actions of the greedy ranking join the searched ones (False: none left,
        or the decision was not pruned)."""
        if self._allowed is None:
            return False
        more = [a for a in self._ranking if a not in self._allowed][: self.grow]
        self._allowed.update(more)
        return bool(more)

    def _deepen(self, root: Node, world: Callable[[], State], player: int) -> None:
        """deep=K: every searched root action, each known exactly, is worth the best of its own playout
        and of the K best follow-ups (greedy ranking) of `player`'s next decision before the horizon,
        each played out exactly; left as it was if the time runs out or anything draws chance."""
        stats = root.stats.get(player)
        if not stats or self._allowed is None:
            return
        judge = "evaluation" if self.judge == "drawn" else self.judge
        found: dict[Action, float] = {}
        ranking = 0.0  # the longest ranking of follow-ups so far
        steps = ROUND_CAP if self._round is not None else self.depth  # a rollout's length
        for a in self._allowed:
            e = stats.get(a)
            if e is None or not e[_V]:
                return
            best = e[_R] / e[_V]
            d = world()
            d._apply(player, a)
            nxt = self._next_decision(d, player, steps)
            if nxt is False:
                return
            if nxt is not None:
                t0 = time.perf_counter()
                if t0 + 2.0 * ranking > self._deadline:
                    return  # no time to rank the follow-ups (a Río war move's take 10-50 ms)
                order = self._greedy_order(d, player)
                ranking = max(ranking, time.perf_counter() - t0)
                for b in order[: self.deep]:
                    x = d.clone()
                    x._apply(player, b)
                    x, cut, known = self._memo_rollout(x, steps)
                    if cut or not known:
                        return
                    value = outcome(x, self.reward, self.temp, judge, player)[0][player]
                    if value > best:
                        best = value
            found[a] = best
        for a, value in found.items():
            stats[a][_B] = value

    def _next_decision(self, d: State, player: int, steps: int) -> bool | None:
        """deep=K: play `d` on by the rollout policy, at most `steps` moves, to `player`'s next decision
        with a choice (True), the horizon or the end (None: no such decision), or a draw of chance or
        the deadline (False)."""
        clock = time.perf_counter
        while not d.is_terminal() and steps > 0:
            if self._round is not None and d.game_round() >= self._round:
                return None
            if clock() > self._deadline:
                return False
            p = d.to_move()[0]
            legal = d.legal_actions(p)
            if not legal:
                return None
            if p == player and len(legal) > 1:
                return True
            mark = d.rng.state
            d._apply(p, self._guided(d, p, legal))
            if d.rng.state != mark:
                return False
            steps -= 1
        return None

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
        there are more than K (and more than `wide`); the first K are searched."""
        legal = state.bot_actions(player)
        if len(legal) <= max(self.prune, self.wide):
            return None
        return self._greedy_order(state, player)

    def _world_source(self, state: State, player: int, rng: SearchRng) -> Callable[[], State]:
        """What each iteration plays in: a new determinization, or (worlds=K) a copy of one of K drawn
        at the search's start (as they are needed), with a new future of chance each time; redrawing the
        hidden cards is 10-15% of an iteration, a copy a fifth of that."""
        if not self.worlds:
            return lambda: state.determinize(player, rng)
        pool: list[State] = []
        most = self.worlds

        def world() -> State:
            if len(pool) < most:
                d = state.determinize(player, rng)
                pool.append(d.clone())
                return d
            d = pool[int(rng.draw() * len(pool))].clone()
            d.rng = rng.fork()
            return d

        return world

    def _iterate(self, root: Node, world: Callable[[], State], player: int, rng: SearchRng) -> None:
        d = world()
        node = root
        path: list[tuple[list[float], int]] = []
        c = self.c
        norm = self.norm
        log = math.log
        sqrt = math.sqrt
        stuck = False  # a mover without legal actions (a game bug): score the position as it is
        model = self.model
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
                if model and p != player:
                    # an opponent plays the greedy bot's move, not a searched one: only the
                    # searcher's own decisions branch (a best response to the one-ply policy)
                    best = self._modelled(node, d, p, legal, rng)
                    if best not in stats:
                        stats[best] = [0, 0.0, 1, 0.0, -1.0]
                else:
                    # UCB1 with availability counts; unvisited actions first, in random order
                    best = None
                    best_score = -1.0
                    fresh: list[Action] = []
                    for a in legal:
                        e = stats.get(a)
                        if e is None:
                            e = stats[a] = [0, 0.0, 1, 0.0, -1.0]
                            fresh.append(a)
                            continue
                        e[_A] += 1
                        if e[_V] == 0:
                            fresh.append(a)
                        elif not fresh and not norm:
                            q = e[_B] if e[_B] >= 0.0 else e[_R] / e[_V]  # _value(e), inlined: the hot loop
                            score = q + c * sqrt(log(e[_A]) / e[_V])
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
                child = node.children[k] = Node()
                # model=2: a new leaf where an opponent moves is carried on by the modelled moves to the
                # searcher's next decision, so every leaf compared stands where the searcher decides
                if (model < 2 or d.is_terminal() or player in d.to_move()
                        or time.perf_counter() > self._deadline):
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
        exact = False  # memo=1: this rollout was known whole, nothing drawn on the way (a Río war move's)
        if steps and memo:
            d, cut, known = self._memo_rollout(d, steps)
            if cut and self._round is not None and path and any(e[_V] for e in path[0][2].values()):
                return  # as below: not judged mid-round
            exact = known and not drew
            if exact and level == 1 and self.tree == 1 and path[0][1] == player:
                self._settled.add(key[0][1])  # its rollout is the same in every iteration
            else:
                self._drew = True
        elif steps:
            # the loop that takes half an iteration: bound methods and the C draw held locally, and
            # the state's own `_apply` (what `apply(check=False)` calls)
            deadline = self._deadline
            clock = time.perf_counter
            draw = rng.draw
            guide = self._rollout_bot
            over, movers_of, legal_of, play = d.is_terminal, d.to_move, d.legal_actions, d._apply
            rnd = self._round
            game_round = d.game_round
            while steps > 0 and not over():
                if steps & 3 == 0 and clock() > deadline:
                    if rnd is not None and path and any(e[_V] for e in path[0][2].values()):
                        return  # horizon=1: a rollout cut short by the clock would be judged mid-round
                    break
                if rnd is not None and game_round() >= rnd:
                    break
                p = movers_of()[0]
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
            judge = self.judge if self.judge != "drawn" else ("evaluation" if exact else "forecast")
            reward, wins = outcome(d, self.reward, self.temp, judge, player)
        for e, p, _ in path:
            e[_V] += 1
            e[_R] += reward[p]
            e[_W] += wins[p]
        if self.own:
            _back_up_own_follow_ups(path)

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
        clock = time.perf_counter
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

    def _modelled(self, node: Node, d: State, p: int, legal: list[Action], rng: SearchRng) -> Action:
        """The greedy bot's move for opponent `p` at `node` (best value, ties by the search's rng),
        found once and shared by every determinization that reaches the node; found again, and not
        kept, in a determinization where the kept move is not legal."""
        if node.model is None:
            node.model = {}
        a = node.model.get(p)
        if a is not None and a in legal:
            return a
        if len(legal) == 1:
            move = legal[0]
        else:
            assert self._model_bot is not None
            ranked = self._model_bot.rank_actions(d, p)
            top = ranked[0][1]
            tied = [x for x, v in ranked if v >= top - 1e-9]
            move = tied[rng.below(len(tied))] if len(tied) > 1 else tied[0]
        if a is None:
            node.model[p] = move
        return move

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
        rows = [(a, stats.get(a) or [0, 0.0, 0, 0.0, -1.0]) for a in legal]
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
    means = [e[_B] if e[_B] >= 0.0 else e[_R] / e[_V] for e in entries]  # _value(e), inlined: hot
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
    """What an action is worth to its player: its mean reward, or (own=1) its best follow-up's worth."""
    return e[_B] if e[_B] >= 0.0 else e[_R] / e[_V]


def _back_up_own_follow_ups(path: list[tuple[list[float], int, dict[Action, list[float]]]]) -> None:
    """own=1: an action after which the same player decides again (the child node of the next path
    entry is theirs) is worth the best of the follow-ups tried, each valued the same way, leaf first.
    A decision made in steps (a zone, then its space) is then valued by its best second step: the mean
    over every space tried, most of them poor, made such zones look worse than stopping."""
    for i in range(len(path) - 2, -1, -1):
        e, p, _ = path[i]
        if path[i + 1][1] == p:
            e[_B] = max(_value(x) for x in path[i + 1][2].values() if x[_V])


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
