"""A game of one's own in Python: the native module `high_card_decklet` (one function
of its author's, `src/lib.rs`) is a catalogue with high card in it, and the `decklet`
package's environments, bots and errors play it as they play decklet's own games."""

import pathlib
import subprocess
import sys

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import decklet
import high_card_decklet

CATALOG = decklet.Catalog(high_card_decklet)


def test_the_catalogue_lists_the_game_beside_decklet_s_own():
    games = {g["name"]: g for g in CATALOG.games()}
    assert games["high_card"]["players"] == [2, 6]
    assert "ismcts:N" in games["high_card"]["bots"]
    assert {"uno", "crazy_eights", "hearts"} <= set(games)
    # decklet's own module knows nothing of it
    assert "high_card" not in {g["name"] for g in decklet.games()}
    with pytest.raises(ValueError, match="high_card"):
        decklet.env("high_card")


def test_a_module_without_the_bindings_is_refused():
    with pytest.raises(TypeError, match="not a native module of decklet"):
        decklet.Catalog(np)


def test_the_aec_environment_passes_pettingzoo_s_api_and_seed_tests():
    env = CATALOG.env("high_card", players=3)
    assert env.metadata["name"] == "decklet_high_card_v0"
    api_test(env, num_cycles=100)
    seed_test(lambda: CATALOG.env("high_card", players=3), num_cycles=20)


def test_an_illegal_action_is_decklet_s_error_and_changes_nothing():
    env = CATALOG.env("high_card", players=2)
    env.reset(seed=4)
    agent = env.agent_selection
    before = env.observe(agent)["observation"].copy()
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(decklet.IllegalActionError):
        env.step(illegal)
    assert env.agent_selection == agent
    assert np.array_equal(env.observe(agent)["observation"], before)


def test_a_game_is_played_to_its_end_by_the_game_s_bots():
    env = CATALOG.env("high_card", players=4)
    env.reset(seed=7)
    bot = decklet.Bot("ismcts:20", seed=1)
    moves, results = 0, {}
    for agent in env.agent_iter(max_iter=100):
        _, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            assert terminated and not truncated
            results[agent] = reward
            env.step(None)
            continue
        action = bot.act(env)
        assert env.observe(agent)["action_mask"][action] == 1
        env.step(action)
        moves += 1
    assert moves == 4
    assert sorted(results.values()) == [-1.0, -1.0, -1.0, 1.0]
    assert env.unwrapped.table.is_over


def test_the_single_agent_environment_passes_gymnasium_s_checker():
    env = CATALOG.SingleAgentEnv("high_card", players=2, opponents="random", seed=1, illegal="lose")
    check_env(env, skip_render_check=True)


def test_the_vector_environment_plays_many_games_against_a_bot():
    envs = CATALOG.VectorEnv("high_card", 32, players=2, opponents="random", seed=3)
    obs, _ = envs.reset(seed=3)
    assert obs["observation"].shape == (32, envs.single_observation_space["observation"].shape[0])
    finals = []
    for _ in range(20):
        actions = obs["action_mask"].argmax(axis=1)
        obs, rewards, terminated, truncated, _ = envs.step(actions)
        assert not truncated.any()
        finals.extend(rewards[terminated].tolist())
    # every game is one reveal each: won or lost, both many times
    assert set(finals) == {-1.0, 1.0}
    assert 100 < len(finals)


def test_the_recipe_learns_the_game_of_its_module_and_says_how_to_play_the_file(tmp_path):
    """``learn.py --module`` learns a game of the author's own module; the file it saves
    plays as a bot of that module's environments."""
    recipe = pathlib.Path(__file__).resolve().parents[3] / "examples" / "python" / "learn.py"
    policy = tmp_path / "high-card.json"
    run = subprocess.run(
        [sys.executable, str(recipe), "--module", "high_card_decklet", "--game", "high_card", "--players", "2",
         "--opponents", "random", "--updates", "2", "--lanes", "32", "--steps", "8", "--hidden", "16",
         "--eval-every", "1", "--eval-games", "20", "--final-games", "20", "--save", str(policy)],
        capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("learning high_card (2 players, module high_card_decklet) against random"), lines[0]
    assert any(line.startswith("final: won") for line in lines), run.stdout
    assert f"policy:{policy}" in lines[-1], lines[-1]
    env = CATALOG.env("high_card", players=2, seed=4)
    env.reset(seed=4)
    bot = decklet.Bot(f"policy:{policy}")
    for agent in env.agent_iter(max_iter=10):
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = bot.act(env)
        assert env.observe(agent)["action_mask"][action] == 1
        env.step(action)
    assert env.unwrapped.table.is_over
