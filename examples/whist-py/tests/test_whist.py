"""Whist, a game of sides, from Python: the native module `whist_decklet` (one function,
`src/lib.rs`) is a catalogue with Whist in it; the `decklet` package's environments
reward partners alike, the recipe learns it (`learn.py --module whist_decklet`), and the
policy it saves plays as a bot in Python and in `whist-decklet tournament`."""

import json
import os
import pathlib
import subprocess
import sys

import numpy as np
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import decklet
import whist_decklet

CATALOG = decklet.Catalog(whist_decklet)
ROOT = pathlib.Path(__file__).resolve().parents[3]


def whist_decklet_bin() -> str:
    """The `whist-decklet` binary (`cargo xtask python` builds it and names it)."""
    path = os.environ.get("WHIST_DECKLET_BIN")
    assert path, "WHIST_DECKLET_BIN names the whist-decklet binary (cargo xtask python sets it)"
    return path


def test_the_catalogue_lists_whist_for_four():
    games = {g["name"]: g for g in CATALOG.games()}
    assert games["whist"]["players"] == [4, 4]
    assert "policy:FILE" in games["whist"]["bots"]


def test_the_aec_environment_passes_pettingzoo_s_api_and_seed_tests():
    env = CATALOG.env("whist", players=4)
    api_test(env, num_cycles=200)
    seed_test(lambda: CATALOG.env("whist", players=4), num_cycles=60)


def test_partners_are_rewarded_alike_and_the_sides_oppositely():
    env = CATALOG.env("whist", players=4)
    for seed in range(6):
        env.reset(seed=seed)
        bot = decklet.Bot("random", seed=seed)
        rewards = {}
        for agent in env.agent_iter(max_iter=200):
            _, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                rewards[agent] = reward
                env.step(None)
                continue
            env.step(bot.act(env))
        assert len(rewards) == 4, rewards
        first, second, third, fourth = (rewards[a] for a in env.possible_agents)
        assert first == third and second == fourth and first == -second, rewards
        assert abs(first) == 1.0


def test_the_single_agent_environment_passes_gymnasium_s_checker():
    env = CATALOG.SingleAgentEnv("whist", players=4, opponents="random", seed=1, illegal="lose")
    check_env(env, skip_render_check=True)


def test_a_policy_learnt_by_the_recipe_plays_in_python_and_in_a_tournament_by_sides(tmp_path):
    recipe = ROOT / "examples" / "python" / "learn.py"
    policy = tmp_path / "whist.json"
    run = subprocess.run(
        [sys.executable, str(recipe), "--module", "whist_decklet", "--game", "whist", "--players", "4",
         "--opponents", "random", "--updates", "2", "--lanes", "16", "--steps", "16", "--hidden", "16",
         "--eval-every", "1", "--eval-games", "12", "--final-games", "12", "--save", str(policy)],
        capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("learning whist (4 players, module whist_decklet) against random"), lines[0]
    assert f"policy:{policy}" in lines[-1], lines[-1]
    # played by the Python bot, every move a legal one
    env = CATALOG.env("whist", players=4, seed=4)
    env.reset(seed=4)
    bot = decklet.Bot(f"policy:{policy}")
    moves = 0
    for agent in env.agent_iter(max_iter=300):
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = bot.act(env)
        assert env.observe(agent)["action_mask"][action] == 1
        env.step(action)
        moves += 1
    assert moves == 52
    # and by the command's tournament, reported by sides
    out = subprocess.run(
        [whist_decklet_bin(), "tournament", "--game", "whist", "--bots",
         f"policy:{policy},random,random,random", "--games", "24", "--json", "--threads", "1"],
        capture_output=True, text=True, timeout=600,
    )
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["games"] == 24 and report["sides"] == 2
    entries = {e["bot"]: e for e in report["entries"]}
    assert entries[f"policy:{policy}"]["games"] == 24
    assert all(e["fairShare"] == 0.5 for e in report["entries"])
    # a side's win is a win for both partners: the wins add up to twice the games
    assert sum(e["wins"] for e in report["entries"]) == 2 * 24


def test_the_vector_environment_steps_many_games():
    envs = CATALOG.VectorEnv("whist", 8, players=4, opponents="random", seed=3)
    obs, _ = envs.reset(seed=3)
    finals = []
    for _ in range(60):
        obs, rewards, terminated, truncated, _ = envs.step(obs["action_mask"].argmax(axis=1))
        assert not truncated.any()
        finals.extend(rewards[terminated].tolist())
    assert set(finals) <= {-1.0, 1.0} and len(finals) >= 8
    assert np.isfinite(obs["observation"]).all()
