"""The training recipe (``examples/python/learn.py``) learns, and what it saves plays
as a bot exactly as it played in Python. Counted in updates, not minutes: nothing here
depends on the machine's speed."""

import argparse
import importlib.util
import pathlib

import numpy as np

import decklet
import decklet.uno

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "examples" / "python" / "learn.py"


def recipe():
    spec = importlib.util.spec_from_file_location("learn", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def settings(**changes):
    args = dict(
        game="uno", players=2, opponents="random", eval_opponents="random", rewards="win", reward_scale=1.0,
        minutes=60.0, updates=20, seed=3, lanes=256, steps=64, threads=1, hidden=32, lr=1e-3,
        epochs=3, minibatch=1024, gamma=0.995, lam=0.95, clip=0.2, entropy=0.01,
        value_coef=0.5, eval_every=0, eval_games=0, module=None,
    )
    args.update(changes)
    return argparse.Namespace(**args)


def plays_as_the_network(learn, net, path, game: str, players: int) -> int:
    """Plays a whole game of ``game`` with the bot of the policy file ``path`` in every
    seat, checking at each move that it takes the network's greedy move; the moves."""
    env = decklet.env(game, players=players, seed=5)
    env.reset(seed=5)
    bot = decklet.Bot(f"policy:{path}")
    moves = 0
    for agent in env.agent_iter(max_iter=1_000):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        ours = int(learn.greedy(net, {"observation": obs["observation"][None], "action_mask": obs["action_mask"][None]})[0])
        assert bot.act(env) == ours
        env.step(ours)
        moves += 1
    return moves


def test_the_recipe_learns_to_beat_the_random_bot():
    learn = recipe()
    args = settings()
    envs = decklet.uno.VectorEnv(num_envs=1, players=2)
    sizes = envs.single_observation_space["observation"].shape[0], envs.single_action_space.n
    untrained = learn.Network(*sizes, args.hidden, np.random.default_rng(args.seed))
    before, n = learn.evaluate(lambda o: learn.greedy(untrained, o), "uno", 2, "random", seed=77, games=400)
    net, _, encoding, games = learn.train(args)
    after, m = learn.evaluate(lambda o: learn.greedy(net, o), "uno", 2, "random", seed=77, games=400)
    assert games > 5_000 and encoding["name"] == "uno"
    # from a policy that barely wins (it draws when it may play) to one that wins often
    assert before / n < 0.25
    assert after / m > before / n + 0.2, (before / n, after / m)


def test_the_saved_policy_plays_as_the_network_did(tmp_path):
    learn = recipe()
    args = settings(updates=1, game="crazy_eights", players=3)
    net, _, encoding, _ = learn.train(args)
    path = tmp_path / "policy.json"
    decklet.save_policy(path, encoding, net.layers())
    assert plays_as_the_network(learn, net, path, "crazy_eights", 3) > 20


def test_a_policy_of_the_generic_encoding_plays_as_a_bot(tmp_path):
    """Hearts has no encoding of its own: what its environments learn from is the
    generic one, and a policy learnt there plays as a bot (``Bot``, ``opponents=``)."""
    learn = recipe()
    args = settings(updates=1, game="hearts", players=4, lanes=32, steps=16)
    net, _, encoding, _ = learn.train(args)
    assert encoding["name"] == "hearts"
    path = tmp_path / "hearts.json"
    decklet.save_policy(path, encoding, net.layers())
    assert plays_as_the_network(learn, net, path, "hearts", 4) in (52, 52 + 12)
    wins, n = learn.evaluate(lambda o: learn.greedy(net, o), "hearts", 4, f"policy:{path}", seed=9, games=8, lanes=8)
    assert n == 8 and 0 <= wins <= 8
