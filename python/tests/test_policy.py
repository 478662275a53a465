"""A learnt policy saved as a file plays as a bot: ``policy:PATH`` as the opponents of
a vector environment, refused (with the reason) by a game of another encoding."""

import json

import numpy as np
import pytest

import decklet
import decklet.uno


def random_layers(encoding, rng):
    n_obs, n_act = encoding["observationLen"], encoding["actionCount"] + 1
    return [
        ("clip", 20.0),
        ("scale", 0.2),
        ("dense", rng.normal(0, 0.1, (n_obs, 16)), rng.normal(0, 0.1, 16)),
        ("relu",),
        ("dense", rng.normal(0, 0.1, (16, n_act)), np.zeros(n_act)),
    ]


def test_a_saved_policy_plays_as_the_opponents_and_names_its_encoding(tmp_path):
    envs = decklet.uno.VectorEnv(num_envs=8, players=2, opponents="random", seed=3)
    encoding = envs.encoding
    assert encoding["name"] == "uno" and encoding["version"] == 1
    assert encoding["actionCount"] + 1 == envs.single_action_space.n
    path = tmp_path / "uno.json"
    decklet.save_policy(path, encoding, random_layers(encoding, np.random.default_rng(1)))
    saved = json.loads(path.read_text())
    assert saved["format"] == "decklet-policy/1"
    assert [layer["op"] for layer in saved["layers"]] == ["clip", "scale", "dense", "relu", "dense"]
    against = decklet.uno.VectorEnv(num_envs=8, players=2, opponents=f"policy:{path}", seed=3)
    obs, _ = against.reset()
    ended = 0
    for _ in range(400):
        masks = obs["action_mask"]
        actions = np.argmax(masks, axis=1)
        obs, _, terminated, truncated, _ = against.step(actions)
        ended += int((terminated | truncated).sum())
    assert ended > 0


def test_a_policy_of_another_encoding_is_refused(tmp_path):
    eights = decklet.VectorEnv("crazy_eights", num_envs=2, players=2, opponents="random")
    path = tmp_path / "eights.json"
    decklet.save_policy(path, eights.encoding, random_layers(eights.encoding, np.random.default_rng(2)))
    with pytest.raises(ValueError, match="learnt with encoding `crazy-eights`"):
        decklet.uno.VectorEnv(num_envs=2, players=2, opponents=f"policy:{path}")
    with pytest.raises(ValueError, match="unknown layer"):
        decklet.save_policy(tmp_path / "bad.json", eights.encoding, [("softmax",)])


def test_a_policy_guides_a_search_bot_and_no_other(tmp_path):
    env = decklet.uno.env(players=2, seed=4)
    env.reset(seed=4)
    path = tmp_path / "uno.json"
    encoding = decklet.uno.VectorEnv(num_envs=1, players=2).encoding
    decklet.save_policy(path, encoding, random_layers(encoding, np.random.default_rng(3)))
    guided = decklet.Bot(f"ismcts:20+policy:{path}")
    moves = 0
    for agent in env.agent_iter(max_iter=200):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = guided.act(env)
        assert obs["action_mask"][action] == 1
        env.step(action)
        moves += 1
    assert moves > 20
    # a bot is made for a table when it first acts: there, one that does not search
    # refuses the policy
    env.reset(seed=5)
    with pytest.raises(ValueError, match="`random` does not search"):
        decklet.Bot(f"random+policy:{path}").act(env)
