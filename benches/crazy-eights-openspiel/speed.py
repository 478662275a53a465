"""Times OpenSpiel's C++ loop (pyspiel.evaluate_bots, uniform random bots) on
crazy_eights, for the side-by-side run of speed.sh.

    "$VENV"/bin/python benches/crazy-eights-openspiel/speed.py 20000 4 [special]

with VENV a virtual environment that has open_spiel (see measure.py).
"""

import sys
import time

import pyspiel

games = int(sys.argv[1])
players = int(sys.argv[2])
special = len(sys.argv) > 3 and sys.argv[3] == "special"
game = pyspiel.load_game("crazy_eights", {"players": players, "use_special_cards": special})
bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(players)]
start = time.perf_counter()
for seed in range(games):
    pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
seconds = time.perf_counter() - start
label = ", special cards" if special else ""
print(f"OpenSpiel crazy_eights, {players} players{label}: {games} games in {seconds:.2f} s, {games / seconds:.0f} games/s")
