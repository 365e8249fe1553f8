"""Compile the solver's and the batch's inner loops once, before the tests spread over the
cores: numba keeps each compiled loop in its cache (``__pycache__`` beside the module), so
the test processes and every notebook's kernel then load it instead of each compiling the
same loops again (some 55 s of a core for every game together on a fresh clone).

Plays one deal of each game's default form (or of the games named on the command line), the
expert at the first seat (the solver at its crossover, the batch's rollouts and open-hands
bids in its calls) and the heuristic at the others, and asks a hint at the first card play;
a loop this misses is compiled where it is first called, as without this step.
"""

from __future__ import annotations

import sys

import cardlab
from cardlab.bots import bot_for
from cardlab.sim.advice import advise


def main(names: list[str]) -> None:
    for name in names or cardlab.game_names():
        game = cardlab.load(name)
        state = game.deal(seed=1)
        bots = [bot_for(name, "expert" if seat == 0 else "heuristic", seed=seat)
                for seat in range(game.players)]
        hinted = False
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            if state.phase == "play" and not hinted:
                advise(state, n=4, seed=1)
                hinted = True
            state = state.apply(bots[seat].choose(state), seat=seat)


if __name__ == "__main__":
    main(sys.argv[1:])
