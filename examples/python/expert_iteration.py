"""Expert iteration, the learning half: a policy learnt towards what a search did.

``expert_data`` (a Rust example of ``decklet-catalog``) plays a search bot against
itself and writes each decision: the deciding seat's observation, how often the
search visited each action index, the legal indices and how the game ended for the
seat. This script fits the policy network of ``learn.py`` (two dense ReLU layers, a
logit an action index, a value) to those visits by cross-entropy (the search's
distribution as the target, as AlphaZero and ExIt do) and the value to the game's end,
starting from a policy file (``--init``) or from nothing, and writes a policy file the
bot ``policy:FILE`` plays. Feeding that file back to ``expert_data`` as the search's
prior (``ismcts:N+policy:FILE``) is the next iteration.

    cargo run --release -p decklet-catalog --example expert_data -- --game uno --players 2 \\
        --bot 'ismcts:3000+policy:examples/policies/uno-heads-up.json' --games 3000 --out data.bin
    python examples/python/expert_iteration.py --data data.bin \\
        --init examples/policies/uno-heads-up.json --save expert.json

The rows are split by game position into training and held-out rows (``--holdout``);
the script prints, each epoch, the held-out cross-entropy and how often the policy's
best index is the search's most visited one, and keeps the epoch whose held-out
cross-entropy is lowest. Given the data and ``--seed``, it learns the same network.
"""

from __future__ import annotations

import argparse
import json
import os
import struct
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import learn  # noqa: E402  (the network, Adam and the evaluation of the PPO recipe)

import decklet  # noqa: E402


def read_rows(path: str):
    """The rows of an ``expert_data`` file: observations, targets, masks, rewards."""
    with open(path, "rb") as f:
        head = f.read(20)
        if len(head) != 20 or head[:4] != b"DKEX":
            raise ValueError(f"{path} is not a file of expert_data")
        version, n_obs, n_act, rows = struct.unpack("<4I", head[4:])
        if version != 1:
            raise ValueError(f"{path}: version {version}, this script reads 1")
        width = n_obs + 2 * n_act + 1
        # the size checked before anything is read or allocated
        size = os.fstat(f.fileno()).st_size - len(head)
        if size != rows * width * 4:
            raise ValueError(f"{path}: {rows} rows announced, {size / (width * 4):.1f} found")
        data = np.fromfile(f, dtype="<f4", count=rows * width)
    data = data.reshape(rows, width)
    return (data[:, :n_obs], data[:, n_obs:n_obs + n_act], data[:, n_obs + n_act:n_obs + 2 * n_act],
            data[:, -1])


def network_of(policy: dict, hidden: int, rng: np.random.Generator) -> learn.Network:
    """A network holding a policy file's layers (its value head new)."""
    dense = [layer for layer in policy["layers"] if layer["op"] == "dense"]
    if len(dense) != 3:
        raise ValueError("the policy is not learn.py's network (three dense layers)")
    n_obs, n_act = dense[0]["inputs"], dense[2]["outputs"]
    net = learn.Network(n_obs, n_act, dense[0]["outputs"], rng)
    for (w, b), layer in zip([("w1", "b1"), ("w2", "b2"), ("wp", "bp")], dense):
        net.params[w] = np.asarray(layer["weights"], dtype=np.float32).reshape(layer["inputs"], layer["outputs"])
        net.params[b] = np.asarray(layer["bias"], dtype=np.float32)
    return net


def sharpen(target: np.ndarray, temperature: float) -> np.ndarray:
    """The visits' shares to the power ``1 / temperature``, normalised; at 0, the most
    visited index alone (the move the search makes)."""
    if temperature == 1.0:
        return target
    if temperature <= 0:
        out = np.zeros_like(target)
        out[np.arange(len(target)), target.argmax(axis=1)] = 1.0
        return out
    # divided by the row's largest share first, so that small powers do not vanish
    powered = (target / target.max(axis=1, keepdims=True)) ** (1.0 / temperature)
    return (powered / powered.sum(axis=1, keepdims=True)).astype(np.float32)


def losses(net: learn.Network, obs, target, mask, reward):
    """The mean cross-entropy to the targets, the value's squared error, and how often
    the best legal logit is the most visited index."""
    _, _, logits, value = net.forward(learn.scale(obs))
    _, logp = learn.masked_softmax(logits, mask)
    cross = float(-(target * np.where(mask > 0, logp, 0.0)).sum(axis=1).mean())
    agree = float((np.where(mask > 0, logits, -np.inf).argmax(axis=1) == target.argmax(axis=1)).mean())
    return cross, float(((value - reward) ** 2).mean()), agree


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", nargs="+", required=True, help="files of expert_data")
    parser.add_argument("--init", help="a policy file to start from (else a new network)")
    parser.add_argument("--game", default="uno", help="the game string (for a new network's encoding and the evaluation)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--hidden", type=int, default=128, help="a new network's width")
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--minibatch", type=int, default=1024)
    parser.add_argument("--value-coef", type=float, default=0.25)
    parser.add_argument("--temperature", type=float, default=1.0,
                        help="the target is the visits to the power 1/T, normalised (0: the most visited index alone)")
    parser.add_argument("--holdout", type=float, default=0.05, help="the share of rows held out")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--eval-opponents", default="heuristic", help="a bot the policy is measured against at the end")
    parser.add_argument("--eval-games", type=int, default=2000)
    parser.add_argument("--save", help="write the learnt policy to this policy file")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    parts = [read_rows(path) for path in args.data]
    obs, target, mask, reward = (np.concatenate([p[k] for p in parts]) for k in range(4))
    target = sharpen(target, args.temperature)
    rows = len(obs)
    held = max(1, int(rows * args.holdout))
    # the last rows held out: the last games of the last file (the first of them perhaps
    # split), not positions drawn from the games learnt
    train, test = np.arange(rows - held), np.arange(rows - held, rows)
    if len(train) < args.minibatch:
        raise ValueError(f"{len(train)} rows to learn from, fewer than a minibatch of {args.minibatch}")
    if args.init:
        with open(args.init) as f:
            policy = json.load(f)
        net = network_of(policy, args.hidden, rng)
        encoding = policy["encoding"]
    else:
        envs = decklet.VectorEnv(args.game, num_envs=1, players=args.players)
        encoding = envs.encoding
        net = learn.Network(obs.shape[1], target.shape[1], args.hidden, rng)
    if net.params["w1"].shape[0] != obs.shape[1] or net.params["wp"].shape[1] != target.shape[1]:
        raise ValueError("the data and the network disagree on the observation or the actions")
    adam = learn.Adam(net.params, args.lr)
    print(f"{rows:,} decisions ({len(train):,} to learn from, {held:,} held out)", flush=True)
    cross, value_error, agree = losses(net, obs[test], target[test], mask[test], reward[test])
    print(f"before: held-out cross-entropy {cross:.4f}, value error {value_error:.4f}, "
          f"best index the search's {agree:.1%}", flush=True)
    best = (cross, {k: v.copy() for k, v in net.params.items()}, 0)
    start = time.time()
    steps = args.epochs * max(1, len(train) // args.minibatch)
    step = 0
    for epoch in range(1, args.epochs + 1):
        order = rng.permutation(train)
        for at in range(0, len(order) - args.minibatch + 1, args.minibatch):
            idx = order[at:at + args.minibatch]
            x = learn.scale(obs[idx])
            h1, h2, logits, value = net.forward(x)
            p, _ = learn.masked_softmax(logits, mask[idx])
            dlogits = (p - target[idx]) / len(idx)
            dvalue = args.value_coef * (value - reward[idx]) / len(idx)
            grads = net.backward(x, h1, h2, dlogits.astype(np.float32), dvalue.astype(np.float32))
            adam.lr = args.lr * (1 - step / steps)
            adam.step(net.params, grads)
            step += 1
        cross, value_error, agree = losses(net, obs[test], target[test], mask[test], reward[test])
        print(f"epoch {epoch:3} ({time.time() - start:5.0f} s): held-out cross-entropy {cross:.4f}, "
              f"value error {value_error:.4f}, best index the search's {agree:.1%}", flush=True)
        if cross < best[0]:
            best = (cross, {k: v.copy() for k, v in net.params.items()}, epoch)
    net.params = best[1]
    print(f"kept epoch {best[2]} (held-out cross-entropy {best[0]:.4f})")
    if args.save:
        decklet.save_policy(args.save, encoding, net.layers())
        print(f"policy written to {args.save}")
    if args.eval_games:
        wins, n = learn.evaluate(lambda o: learn.greedy(net, o), args.game, args.players, args.eval_opponents,
                                 seed=77_000_000 + args.seed, games=args.eval_games)
        low, high = learn.wilson(wins, n)
        print(f"against {args.eval_opponents}: won {wins:.0f} of {n} ({wins / n:.1%}, 95% {low:.1%} to {high:.1%})")


if __name__ == "__main__":
    main()
