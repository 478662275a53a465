"""decklet.ray's tournament on a local two-node Ray cluster (one CPU a node) against
the same tournament played in one process, one thread, side by side in one run.

    python benches/python/ray_speed.py [--games 400] [--bots random,ismcts:100] [--chunks N]

Prints both times, the speed-up, whether the reports agree, and how many tasks each
node ran.
"""

import argparse
import collections
import json
import time

import ray
from ray.cluster_utils import Cluster

import decklet.ray
from decklet._decklet import Tournament


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--bots", default="random,ismcts:100")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chunks", type=int, default=None)
    args = parser.parse_args()
    bots = args.bots.split(",")

    core = Tournament("uno", bots, games=args.games, seed=args.seed)
    start = time.perf_counter()
    alone = json.loads(core.summary([core.play(0, core.games)]))
    one_process = time.perf_counter() - start

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    cluster.add_node(num_cpus=1)
    ray.init(address=cluster.address)
    cluster.wait_for_nodes()
    try:
        # warm the workers (their first import of decklet), as a long run would be
        decklet.ray.tournament(bots=bots, games=8, seed=args.seed, chunks=2)
        start = time.perf_counter()
        report, details = decklet.ray.tournament(
            bots=bots, games=args.games, seed=args.seed, chunks=args.chunks, details=True
        )
        spread = time.perf_counter() - start
    finally:
        ray.shutdown()
        cluster.shutdown()
    for r in (alone, report):
        r.pop("wallSeconds")
        r.pop("threads")
    print(f"{args.games} games of {args.bots}")
    print(f"one process, one thread: {one_process:.2f} s")
    print(f"Ray, two nodes of one CPU: {spread:.2f} s ({len(details['chunks'])} tasks)")
    print(f"speed-up: {one_process / spread:.2f}x")
    print(f"reports agree: {alone == report}")
    print(f"tasks a node: {sorted(collections.Counter(details['nodes']).values())}")


if __name__ == "__main__":
    main()
