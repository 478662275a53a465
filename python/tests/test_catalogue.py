"""Any game of the catalogue from Python by its game string, Hearts as the proof: the
listing, the single-agent env against Gymnasium's own checker, the vector env against
the game's own bot, and clear errors for a bad string."""

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import decklet


def test_the_catalogue_lists_every_game_with_its_parameters_and_bots():
    games = {g["name"]: g for g in decklet.games()}
    assert list(games) == ["uno", "crazy_eights", "hearts", "kuhn_poker", "leduc_poker", "mini_uno"]
    hearts = games["hearts"]
    assert hearts["players"] == [4, 4]
    assert "ducker" in hearts["bots"] and "ismcts:N" in hearts["bots"]
    params = {p["name"]: p for p in hearts["params"]}
    assert params["jd_bonus"]["default"] == "false"
    assert params["pass_cards"]["kind"] == "bool"


def test_a_hearts_single_agent_env_passes_gymnasium_s_checker():
    # the checker samples unmasked actions: an illegal one ends the episode as a loss
    env = decklet.SingleAgentEnv("hearts", opponents="ducker", seed=1, illegal="lose")
    check_env(env, skip_render_check=True)
    obs, info = env.reset(seed=2)
    assert obs["observation"].shape == (env.unwrapped.table.observation_len,)
    assert isinstance(env.action_space, gymnasium.spaces.Discrete)


def test_hearts_vector_envs_play_whole_games_against_the_ducker():
    env = decklet.VectorEnv("hearts", num_envs=8, opponents="ducker", seed=3)
    obs, info = env.reset(seed=3)
    rng = np.random.default_rng(0)
    finished = 0
    returns = []
    for _ in range(400):
        masks = obs["action_mask"]
        # a lane that just ended has no legal move: its next action is ignored (it resets)
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, rewards, terminated, truncated, info = env.step(actions)
        finished += int(terminated.sum())
        returns.extend(rewards[terminated].tolist())
    env.close()
    # a hand is 13 plays of the learner's and 3 passes at most
    assert finished >= 8 * 400 // 16 - 8
    assert set(returns) <= {-1.0, 1.0, 0.0}
    # a random learner against three duckers wins less than its fair quarter
    assert np.mean(np.array(returns) == 1.0) < 0.25


def test_a_bad_game_string_is_a_clear_error():
    with pytest.raises(ValueError, match="`chess` is not a game of this catalogue"):
        decklet.env("chess")
    with pytest.raises(ValueError, match="true or false, not `yes`"):
        decklet.env("hearts(jd_bonus=yes)")
    with pytest.raises(ValueError, match="played by 4 to 4 players, not 3"):
        decklet.env("hearts", players=3)
    with pytest.raises(ValueError, match="not a bot of hearts"):
        decklet.VectorEnv("hearts", num_envs=2, opponents="strategist")
