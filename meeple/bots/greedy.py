"""`greedy`: one ply with the game's own evaluation function.

For each legal action the bot applies it to a *determinization* of its information set (never the
real state, so it never reads hidden information), lets the other players of a simultaneous choice
who have not chosen yet pick at random so the choice resolves, and scores the position with
`state.evaluate_for(player)`: its own estimate minus the best opponent's. With hidden information or a
simultaneous choice it averages over `samples` determinizations (the same ones for every action, so
the comparison between actions is fair). When the bot's own turn continues after the action (a turn
made of a chain of small decisions), it looks `chain` more of its own decisions ahead (at most `width` follow-ups of each action, a
random sample when there are more, and fewer when the action list is long, so that a decision costs
about `evals` follow-up evaluations at most). A later step of a choice already begun
(`State.choice_under_way`: Río de la Plata's grid space after its grid) is not one of those decisions:
the step best by one ply is taken and the look-ahead goes on after it.

Parameters: ``seed``, ``samples`` (determinizations per decision, default 4), ``chain`` (default 1),
``width`` (default 12), ``evals`` (default 240), ``rivals`` (default 1; 0 scores a position by the
bot's own estimate alone, blind to what its move gives or takes from the others: the `easy` level's
beginner, who plays their own game).
"""

from __future__ import annotations

from meeple.engine import Action, Rng, State

from .common import finish_batch, margin

_EPS = 1e-9


class GreedyBot:
    def __init__(
        self,
        seed: int = 0,
        samples: int = 4,
        chain: int = 1,
        width: int = 12,
        evals: int = 240,
        rivals: int = 1,
        name: str = "greedy",
    ) -> None:
        self.rng = Rng(seed)
        self.width = width
        self.evals = evals
        self._width = width
        self.samples = samples
        self.chain = chain
        self.rivals = rivals
        self.name = name

    def act(self, state: State, player: int) -> Action:
        ranked = self.rank_actions(state, player)
        best = ranked[0][1]
        tied = [a for a, v in ranked if v >= best - _EPS]
        return tied[self.rng.below(len(tied))] if len(tied) > 1 else tied[0]

    def rank_actions(self, state: State, player: int) -> list[tuple[Action, float]]:
        """Every action the bot weighs (`State.bot_actions`) with its mean evaluated margin, best first
        (stable for ties)."""
        legal = state.bot_actions(player)
        if len(legal) == 1:
            return [(legal[0], 0.0)]
        movers = state.to_move()
        others_pending = set(movers) - {player}
        sampled = state.game.hidden_information or bool(others_pending)
        n = self.samples if sampled else 1
        totals = [0.0] * len(legal)
        # follow-ups per action: at most `width`, and about `evals` evaluations in all
        self._width = max(1, min(self.width, self.evals // (len(legal) * n)))
        for _ in range(n):
            seed = self.rng.next64()
            base = state.determinize(player, Rng(seed))
            for i, action in enumerate(legal):
                d = base.clone()
                d.apply(player, action, check=False)
                if others_pending:
                    finish_batch(d, set(others_pending), Rng(seed ^ 0x5DEECE66D), state.game.choices_in_steps)
                totals[i] += self._value(d, player, self.chain)
        scored = [(a, t / n) for a, t in zip(legal, totals)]
        order = sorted(range(len(scored)), key=lambda i: -scored[i][1])
        return [scored[i] for i in order]

    def _value(self, state: State, player: int, chain: int) -> float:
        if chain > 0 and not state.is_terminal() and state.to_move() == [player]:
            follow = state.legal_actions(player)
            if len(follow) > self._width:  # a sample of the follow-ups keeps a decision fast
                follow = self.rng.sample(follow, self._width)
            if follow and state.choice_under_way(player):
                # a later step of a choice already begun (a grid space after its grid) does not spend the
                # look-ahead: the step the evaluation finds best is taken, and the look-ahead goes on from
                # there, so that a placement of three steps is weighed, as one of a single step is, with
                # the best decision that follows it (else the single step was credited with the next
                # placement too, and won). One step, not all, keeps a decision's cost near what it was.
                return self._value(self._best_step(state, player, follow), player, chain)
            if follow:
                best = float("-inf")
                for action in follow:
                    d = state.clone()
                    d.apply(player, action, check=False)
                    best = max(best, self._value(d, player, chain - 1))
                return best
        return one_ply_value(state, player, self.rivals)

    def _best_step(self, state: State, player: int, steps: list[Action]) -> State:
        """The position after the step of `steps` that is best by one ply (the first of equals)."""
        best, best_value = state, float("-inf")
        for action in steps:
            d = state.clone()
            d.apply(player, action, check=False)
            value = one_ply_value(d, player, self.rivals)
            if value > best_value:
                best, best_value = d, value
        return best


def one_ply_value(state: State, player: int, rivals: int = 1) -> float:
    """What a position is worth to `player`: its lead over the best opponent, by the final scores (the
    rulebook's ranking deciding between equal scores) or by `evaluate_for(player)` (`evaluate()` as
    `player` weighs it); with `rivals=0`, its own score or estimate alone."""
    if state.is_terminal():
        res = state.result()
        scores = [float(s) for s in res.scores]
        return (margin(scores, player) if rivals else scores[player]) + (1e-3 if res.ranks[player] == 1 else 0.0)
    values = [float(v) for v in state.evaluate_for(player)]
    return margin(values, player) if rivals else values[player]
