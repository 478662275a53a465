"""Steps a second of decklet's Python environments against RLCard's UNO, side by side
in one run (each measured in turn, round after round; the best round is kept).

    python speed.py [--seconds S] [--rounds R] [--decklet-bin PATH]

Needs `decklet` (this repository's wheel) and `rlcard==1.2.0` installed; `speed.sh`
makes a throwaway virtual environment with both and runs this. Not run by CI.
"""

import argparse
import json
import os
import sys
import subprocess
import time

import numpy as np


def rlcard_loop(seconds):
    import rlcard

    env = rlcard.make("uno", config={"seed": 0, "game_num_players": 4})
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, player = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"].keys())
            state, player = env.step(legal[rng.integers(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - start)


def aec_loop(make, seconds):
    env = make()
    rng = np.random.default_rng(0)
    steps, start, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def vector_loop(lanes, threads, seconds):
    import decklet.uno

    envs = decklet.uno.VectorEnv(num_envs=lanes, players=4, opponents=None, threads=threads, seed=0)
    observations, info = envs.reset()
    rng = np.random.default_rng(0)
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        masks = observations["action_mask"]
        actions = np.argmax(rng.random(masks.shape, dtype=np.float32) * masks, axis=1)
        observations, rewards, terminated, truncated, info = envs.step(actions)
        steps += lanes
    return steps / (time.perf_counter() - start)


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def memory_per_lane(lanes):
    import decklet.uno

    before = rss_bytes()
    envs = decklet.uno.VectorEnv(num_envs=lanes, players=4, opponents=None, seed=0)
    envs.reset()
    after = rss_bytes()
    del envs
    return (after - before) / lanes, after - before


def engine_actions_per_second(binary):
    out = subprocess.run(
        [binary, "simulate", "--games", "20000", "--threads", "1", "--json", "--seed", "1"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    summary = json.loads(out)
    # UNO's own count of actions (as the no-engine loop counts them) over the wall time
    return summary["counts"]["actions"] / summary["wallSeconds"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--decklet-bin", default="target/release/decklet")
    args = parser.parse_args()
    import decklet.uno

    runs = {
        "rlcard uno env loop": lambda: rlcard_loop(args.seconds),
        "decklet.uno.raw_env()": lambda: aec_loop(lambda: decklet.uno.raw_env(players=4), args.seconds),
        "decklet.uno.env()": lambda: aec_loop(lambda: decklet.uno.env(players=4), args.seconds),
    }
    for lanes in (1, 16, 256, 1024):
        for threads in (1, 2):
            runs[f"VectorEnv {lanes} lanes, {threads} thread(s)"] = (
                lambda l=lanes, t=threads: vector_loop(l, t, args.seconds)
            )
    if os.path.exists(args.decklet_bin):
        runs["decklet simulate --threads 1 (engine actions/s)"] = lambda: engine_actions_per_second(args.decklet_bin)
    best = {name: 0.0 for name in runs}
    for _ in range(args.rounds):
        for name, run in runs.items():
            best[name] = max(best[name], run())
    base = best["rlcard uno env loop"]
    print(f"{'run':52} {'steps/s':>12} {'x rlcard':>9}")
    for name, rate in best.items():
        print(f"{name:52} {rate:12,.0f} {rate / base:9.2f}")
    # in a fresh interpreter: here the earlier runs' freed memory would be reused
    out = subprocess.run(
        [sys.executable, __file__, "--memory", "1024"], check=True, capture_output=True, text=True
    ).stdout
    per_lane, total = (float(x) for x in out.split())
    print(f"memory: {per_lane:,.0f} bytes a lane; 1,024 lanes {total / 2**20:.1f} MiB")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--memory"]:
        print(*memory_per_lane(int(sys.argv[2])))
    else:
        main()
