"""Random-play statistics of OpenSpiel's crazy_eights, for decklet's differential test.

Plays GAMES games of each configuration with uniformly random players (every legal
action equally likely, chance outcomes as OpenSpiel draws them) and writes, per
configuration: the mean game length in player actions and its standard deviation,
the quartiles, the share of games won by each player (going out), and the share that
end by the play limit or by everyone passing with the deck empty. Then it times
OpenSpiel's own C++ loop (pyspiel.evaluate_bots with uniform random bots) on the same
rules.

    VENV=$(mktemp -d) && python3 -m venv "$VENV" && "$VENV"/bin/pip install open_spiel==2.0.2
    "$VENV"/bin/python benches/crazy-eights-openspiel/measure.py 100000 > \
        benches/crazy-eights-openspiel/openspiel.json
"""

import json
import random
import statistics
import sys
import time

import pyspiel

CONFIGS = [
    {"players": 2, "use_special_cards": False},
    {"players": 4, "use_special_cards": False},
    {"players": 2, "use_special_cards": True},
    {"players": 4, "use_special_cards": True},
]


def play(game, rng, max_turns):
    state = game.new_initial_state()
    length = 0
    plays = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        action = rng.choice(state.legal_actions())
        if action < 52:
            plays += 1
        state.apply_action(action)
        length += 1
    returns = state.returns()
    out = [p for p, r in enumerate(returns) if r == 0]
    if out:
        end = "out"
    elif plays >= max_turns:
        end = "turns"
    else:
        end = "passes"
    return length, end, out[0] if out else None


def measure(config, games, seed):
    game = pyspiel.load_game("crazy_eights", config)
    max_turns = game.get_parameters()["max_turns"]
    rng = random.Random(seed)
    lengths, ends, wins = [], {"out": 0, "turns": 0, "passes": 0}, [0] * config["players"]
    for _ in range(games):
        length, end, winner = play(game, rng, max_turns)
        lengths.append(length)
        ends[end] += 1
        if winner is not None:
            wins[winner] += 1
    q = statistics.quantiles(lengths, n=4)
    return {
        "config": config,
        "games": games,
        "mean_length": statistics.fmean(lengths),
        "sd_length": statistics.pstdev(lengths),
        "quartiles": q,
        "win_share": [w / games for w in wins],
        "end_share": {k: v / games for k, v in ends.items()},
    }


def time_cpp(config, games):
    game = pyspiel.load_game("crazy_eights", config)
    bots = [pyspiel.make_uniform_random_bot(p, 1000 + p) for p in range(config["players"])]
    start = time.perf_counter()
    for seed in range(games):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, seed)
    elapsed = time.perf_counter() - start
    return {"config": config, "games": games, "seconds": elapsed, "games_per_second": games / elapsed}


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    results = [measure(c, games, 20261201 + i) for i, c in enumerate(CONFIGS)]
    timing = [time_cpp(c, min(games, 20_000)) for c in CONFIGS]
    json.dump({"openspiel": "2.0.2", "statistics": results, "cpp_loop": timing}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
