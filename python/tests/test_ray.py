"""decklet.ray on a local two-node Ray cluster (one CPU a node), and the
environments wrapped as RLlib expects. Skipped where Ray is not installed (CI
installs it: python/requirements-ray.txt)."""

import json
import os
import subprocess

import numpy as np
import pytest

ray = pytest.importorskip("ray")

import decklet.crazy_eights  # noqa: E402
import decklet.ray  # noqa: E402
import decklet.uno  # noqa: E402
from decklet._decklet import Tournament  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    cluster.add_node(num_cpus=1)
    ray.init(address=cluster.address)
    cluster.wait_for_nodes()
    yield cluster
    ray.shutdown()
    cluster.shutdown()


def without_timing(report):
    report = dict(report)
    report.pop("wallSeconds", None)
    report.pop("threads", None)
    return report


def cli_report(args):
    """`decklet tournament ARGS --json`, when the binary is known (CI sets it)."""
    binary = os.environ.get("DECKLET_BIN")
    if not binary:
        return None
    out = subprocess.run(
        [binary, "tournament", *args, "--json", "--threads", "2"],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def test_a_distributed_tournament_is_the_cli_s_tournament(cluster):
    report, details = decklet.ray.tournament(
        bots=["random", "heuristic", "random"],
        players=2,
        games=300,
        seed=11,
        house=["stacking"],
        details=True,
    )
    assert report["games"] == 900  # three tables of 300
    assert len(details["nodes"]) == len(details["chunks"]) == 32  # 16 a CPU
    # the same games played in one process, in one piece
    core = Tournament(
        "uno", ["random", "heuristic", "random"], players=2, games=300, seed=11,
        house=["stacking"],
    )
    alone = json.loads(core.summary([core.play(0, core.games)]))
    assert without_timing(report) == without_timing(alone)
    cli = cli_report(
        ["--bots", "random,heuristic,random", "--players", "2", "--games", "300",
         "--seed", "11", "--game", "uno(house=stacking)"]
    )
    if cli is not None:
        assert without_timing(report) == without_timing(cli)


def test_tasks_of_real_work_run_on_both_nodes(cluster):
    # (tasks of a few milliseconds may all go to the first node whose worker is up)
    report, details = decklet.ray.tournament(
        bots=["random", "ismcts:50"], games=64, seed=2, chunks=8, details=True
    )
    assert len(set(details["nodes"])) == 2, details["nodes"]
    assert report["games"] == 64


def test_a_crazy_eights_tournament_splits_the_same_way(cluster):
    args = dict(game="crazy-eights", bots=["random", "strategist", "random"], games=90, seed=4)
    one = decklet.ray.tournament(chunks=1, **args)
    many = decklet.ray.tournament(chunks=7, **args)
    assert without_timing(one) == without_timing(many)
    # one table of the three: every game won by someone, or undecided
    assert one["tables"] == 1 and one["players"] == 3
    wins = sum(e["wins"] for e in one["entries"])
    assert wins + one["undecidedGames"] == pytest.approx(90)
    cli = cli_report(
        ["--game", "crazy-eights", "--bots", "random,strategist,random", "--games", "90",
         "--seed", "4"]
    )
    if cli is not None:
        assert without_timing(one) == without_timing(cli)


def test_self_play_data_does_not_depend_on_the_chunks(cluster):
    one = decklet.ray.self_play(players=3, episodes=12, bots=["heuristic", "random"],
                                seed=5, chunks=1)
    many, details = decklet.ray.self_play(players=3, episodes=12,
                                          bots=["heuristic", "random"], seed=5,
                                          chunks=5, details=True)
    assert len(details["chunks"]) == 5
    assert set(one) == {"observation", "action_mask", "action", "seat", "episode", "return"}
    for key in one:
        np.testing.assert_array_equal(one[key], many[key])
    n = len(one["action"])
    assert one["observation"].shape == (n, decklet.uno.raw_env().observation_space(
        "player_0")["observation"].shape[0])
    # every recorded action was legal where it was taken
    assert all(one["action_mask"][i, a] == 1 for i, a in enumerate(one["action"]))
    assert sorted(set(one["episode"])) == list(range(12))
    # the returns are the win rewards: one winner an episode
    for e in range(12):
        rows = one["episode"] == e
        by_seat = {s: r for s, r in zip(one["seat"][rows], one["return"][rows])}
        assert sorted(by_seat.values()).count(1.0) <= 1


def test_bad_options_are_refused_before_any_task_is_sent(cluster):
    with pytest.raises(ValueError, match="rand"):
        decklet.ray.tournament(bots=["random", "rand"])
    with pytest.raises(ValueError, match="casual"):
        decklet.ray.self_play(rules="casual")
    with pytest.raises(ValueError):
        decklet.ray.self_play(bots="heuristik")
    assert decklet.ray.chunks_of(10, 3) == [(0, 4), (4, 7), (7, 10)]
    assert decklet.ray.chunks_of(2, 5) == [(0, 1), (1, 2)]


def test_the_environments_play_100_games_wrapped_as_rllib_s_pettingzoo_env():
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    rng = np.random.default_rng(0)
    for make in (decklet.uno.env, decklet.crazy_eights.env):
        env = PettingZooEnv(make(players=2))
        for game in range(50):
            obs, _ = env.reset(seed=game)
            done = False
            steps = 0
            while not done:
                (agent, seen), = obs.items()
                legal = np.flatnonzero(seen["action_mask"])
                obs, rewards, terminated, truncated, _ = env.step(
                    {agent: int(rng.choice(legal))}
                )
                done = terminated["__all__"] or truncated["__all__"]
                steps += 1
                assert steps < 20_000
            assert set(rewards.values()) <= {-1.0, 0.0, 1.0}
