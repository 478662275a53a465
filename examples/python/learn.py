"""A training recipe for any decklet game, numpy only: proximal policy optimisation
(PPO) of a small network on the Gymnasium vector environment, against a Rust bot or
itself, then a policy file any decklet bot slot plays.

The network reads the observation clipped at 20 and scaled by 0.2, through two dense
layers of ``--hidden`` units with ReLU, to a logit per action index (softmax over the
legal ones) and a value. Each update plays ``--steps`` steps of ``--lanes`` games
stepped together in Rust, estimates advantages by GAE, and takes a few epochs of
clipped policy-gradient steps with Adam. Every ``--eval-every`` updates it
plays the greedy policy (the legal action of highest logit) against the opponents on
fresh seeds and writes the win rate, with its 95% interval, to the curve (CSV, and a PNG
when matplotlib is installed).

    python examples/python/learn.py --game uno --players 2 --opponents heuristic \\
        --updates 5000 --seed 1 --save policy.json --curve curve.csv

A game of your own module (a native module built from your catalogue, as
``examples/high-card-py`` is): ``--module NAME`` imports it and learns its game.

numpy alone: the network is small (a minibatch of 2,048 takes about 10 ms forward and
back), and a recipe that needs only what ``pip install .`` installs is one every reader
can run; a deep-learning framework would add hundreds of megabytes to speed up part of
each update (``docs/learning.md``). The step size falls linearly to nothing over
``--updates``, and the same seed learns the same network on any machine with the same
numpy (``--minutes`` caps the time as well: a run the clock cuts is not reproducible).
"""

from __future__ import annotations

import argparse
import csv
import importlib
import math
import time

import numpy as np

import decklet


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def scale(observations: np.ndarray) -> np.ndarray:
    """Counts, sizes and flags brought near 0 to 1 (what the policy file's ``clip`` and
    ``scale`` layers do)."""
    return np.minimum(observations, 20.0) * np.float32(0.2)


class Network:
    """Two hidden ReLU layers, then a logit per action and a value."""

    def __init__(self, n_obs: int, n_act: int, hidden: int, rng: np.random.Generator):
        def dense(n_in, n_out, gain):
            return (rng.normal(0, gain / math.sqrt(n_in), (n_in, n_out)).astype(np.float32),
                    np.zeros(n_out, dtype=np.float32))

        self.params = {}
        self.params["w1"], self.params["b1"] = dense(n_obs, hidden, math.sqrt(2))
        self.params["w2"], self.params["b2"] = dense(hidden, hidden, math.sqrt(2))
        self.params["wp"], self.params["bp"] = dense(hidden, n_act, 0.01)
        self.params["wv"], self.params["bv"] = dense(hidden, 1, 1.0)

    def forward(self, x: np.ndarray):
        p = self.params
        h1 = np.maximum(x @ p["w1"] + p["b1"], 0)
        h2 = np.maximum(h1 @ p["w2"] + p["b2"], 0)
        return h1, h2, h2 @ p["wp"] + p["bp"], (h2 @ p["wv"] + p["bv"])[:, 0]

    def backward(self, x, h1, h2, dlogits, dvalue):
        p = self.params
        grads = {
            "wp": h2.T @ dlogits,
            "bp": dlogits.sum(axis=0),
            "wv": h2.T @ dvalue[:, None],
            "bv": np.array([dvalue.sum()], dtype=np.float32),
        }
        dh2 = (dlogits @ p["wp"].T + dvalue[:, None] @ p["wv"].T) * (h2 > 0)
        grads["w2"] = h1.T @ dh2
        grads["b2"] = dh2.sum(axis=0)
        dh1 = (dh2 @ p["w2"].T) * (h1 > 0)
        grads["w1"] = x.T @ dh1
        grads["b1"] = dh1.sum(axis=0)
        return grads

    def layers(self):
        """The policy as a policy file's layers (the value head is for learning only)."""
        p = self.params
        return [
            ("clip", 20.0),
            ("scale", 0.2),
            ("dense", p["w1"], p["b1"]),
            ("relu",),
            ("dense", p["w2"], p["b2"]),
            ("relu",),
            ("dense", p["wp"], p["bp"]),
        ]


class Adam:
    def __init__(self, params: dict, lr: float):
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict, grads: dict, max_norm: float = 0.5):
        norm = math.sqrt(sum(float((g * g).sum()) for g in grads.values()))
        clip = min(1.0, max_norm / (norm + 1e-8))
        self.t += 1
        for k, g in grads.items():
            g = g * clip
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m = self.m[k] / (1 - 0.9**self.t)
            v = self.v[k] / (1 - 0.999**self.t)
            params[k] -= self.lr * m / (np.sqrt(v) + 1e-8)


def masked_softmax(logits: np.ndarray, masks: np.ndarray):
    """Probabilities and log-probabilities over the legal actions (a row with none, a
    game just over whose action is ignored, is uniform)."""
    masks = np.where(masks.any(axis=1, keepdims=True), masks, 1).astype(bool)
    z = np.where(masks, logits, -1e9)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z) * masks
    total = e.sum(axis=1, keepdims=True)
    return e / total, z - np.log(total)


def gae(args, net, obs, info, values, seats, ended, finals, valid) -> np.ndarray:
    """Each step's advantage by generalised advantage estimation, seat by seat: a step's
    next value is that of its seat's next step in the same game, and a game's end pays
    each seat its final reward (so self-play, where seats take turns on one lane, is
    right too). A seat whose game goes on past the rollout is bootstrapped from the
    value of the last observation if it is to act then, else from its own value."""
    steps, lanes = values.shape
    rows = np.arange(lanes)
    _, _, _, last_value = net.forward(scale(obs["observation"]))
    next_value = np.zeros((lanes, args.players), dtype=np.float32)
    known = np.zeros((lanes, args.players), dtype=bool)
    next_value[rows, info["seat"]] = last_value
    known[rows, info["seat"]] = True
    pending = np.zeros((lanes, args.players), dtype=np.float32)
    last = np.zeros((lanes, args.players), dtype=np.float32)
    advantages = np.zeros((steps, lanes), dtype=np.float32)
    for t in reversed(range(steps)):
        # a game that ended at step t: what follows in the lane is another game
        over = ended[t]
        pending[over] = finals[t][over]
        next_value[over] = 0.0
        known[over] = True
        last[over] = 0.0
        s = seats[t]
        v = values[t]
        following = np.where(known[rows, s], next_value[rows, s], v)
        delta = pending[rows, s] + args.gamma * following - v
        adv = delta + args.gamma * args.lam * last[rows, s]
        ok = valid[t]
        advantages[t] = np.where(ok, adv, 0.0)
        r, sk = rows[ok], s[ok]
        next_value[r, sk] = v[ok]
        known[r, sk] = True
        last[r, sk] = adv[ok]
        pending[r, sk] = 0.0
    return advantages


def sample(p: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """An action of each row drawn by its probabilities (never one of probability 0,
    whatever the rounding of their sum)."""
    c = p.cumsum(axis=1)
    u = rng.random((p.shape[0], 1)) * c[:, -1:]
    a = np.minimum((c < u).sum(axis=1), p.shape[1] - 1)
    rows = np.arange(p.shape[0])
    return np.where(p[rows, a] > 0, a, p.argmax(axis=1))


def greedy(net: Network, obs: dict) -> np.ndarray:
    """The legal action of highest logit (as the policy file's bot plays)."""
    _, _, logits, _ = net.forward(scale(obs["observation"]))
    return np.where(obs["action_mask"] == 1, logits, -np.inf).argmax(axis=1)


def catalog_of(module: str | None) -> decklet.Catalog:
    """decklet's own catalogue, or that of the native module named ``module``."""
    return decklet.Catalog() if module is None else decklet.Catalog(importlib.import_module(module))


def evaluate(choose, game: str, players: int, opponents: str, seed: int, games: int, lanes: int = 250,
             module: str | None = None):
    """Wins of seat 0 playing ``choose`` against ``opponents`` in ``games`` games, and
    how many were played (a shared win counts as a share)."""
    envs = catalog_of(module).VectorEnv(game, num_envs=min(lanes, games), players=players, opponents=opponents,
                                        seed=seed)
    obs, _ = envs.reset(seed=seed)
    done, wins = 0, 0.0
    ended = np.zeros(envs.num_envs, dtype=bool)
    while done < games:
        obs, rewards, terminated, truncated, _ = envs.step(choose(obs))
        finished = (terminated | truncated) & ~ended
        done += int(finished.sum())
        wins += float((rewards[finished] > 0).sum())
        ended = terminated | truncated
    return wins, done


def train(args, on_eval=None):
    """PPO for ``args.updates`` updates or ``args.minutes``, whichever comes first; the
    network, the curve's rows (seconds, updates, games, win rate and its interval, every
    ``args.eval_every`` updates and at the end), the encoding and the games played.
    Given the updates, the same seed learns the same network: the evaluations play
    games of their own, with seeds of their own."""
    rng = np.random.default_rng(args.seed)
    opponents = None if args.opponents == "self" else args.opponents
    envs = catalog_of(args.module).VectorEnv(args.game, num_envs=args.lanes, players=args.players,
                                             opponents=opponents, threads=args.threads, seed=args.seed,
                                             rewards=args.rewards)
    obs, info = envs.reset(seed=args.seed)
    n_obs, n_act = obs["observation"].shape[1], obs["action_mask"].shape[1]
    net = Network(n_obs, n_act, args.hidden, rng)
    adam = Adam(net.params, args.lr)
    lanes, steps = args.lanes, args.steps
    resetting = np.zeros(lanes, dtype=bool)
    start = time.time()
    curve, games, updates = [], 0, 0

    def evaluate_now():
        wins, n = evaluate(lambda o: greedy(net, o), args.game, args.players, args.eval_opponents,
                           seed=1_000_000 + updates * 1_000 + args.seed, games=args.eval_games,
                           module=args.module)
        low, high = wilson(wins, n)
        row = (round(time.time() - start, 1), updates, games, wins / n, low, high)
        curve.append(row)
        if on_eval:
            on_eval(row)

    while True:
        if args.eval_every and updates % args.eval_every == 0 and args.eval_games:
            evaluate_now()
        if updates >= args.updates or time.time() - start >= 60 * args.minutes:
            break
        xs = np.zeros((steps, lanes, n_obs), dtype=np.float32)
        ms = np.zeros((steps, lanes, n_act), dtype=np.int8)
        acts = np.zeros((steps, lanes), dtype=np.int64)
        logps = np.zeros((steps, lanes), dtype=np.float32)
        values = np.zeros((steps, lanes), dtype=np.float32)
        seats = np.zeros((steps, lanes), dtype=np.int64)
        ended = np.zeros((steps, lanes), dtype=bool)
        finals = np.zeros((steps, lanes, args.players), dtype=np.float32)
        valid = np.zeros((steps, lanes), dtype=bool)
        for t in range(steps):
            x = scale(obs["observation"])
            mask = obs["action_mask"]
            _, _, logits, value = net.forward(x)
            p, logp = masked_softmax(logits, mask)
            a = sample(p, rng)
            xs[t], ms[t], acts[t], values[t] = x, mask, a, value
            logps[t] = logp[np.arange(lanes), a]
            seats[t] = info["seat"]
            valid[t] = ~resetting
            obs, _, terminated, truncated, info = envs.step(a)
            over = terminated | truncated
            ended[t] = over & ~resetting
            finals[t] = info["final_rewards"] * args.reward_scale
            games += int(ended[t].sum())
            resetting = over
        advantages = gae(args, net, obs, info, values, seats, ended, finals, valid)
        returns = advantages + values
        flat = valid.reshape(-1)
        X = xs.reshape(-1, n_obs)[flat]
        M = ms.reshape(-1, n_act)[flat]
        A = acts.reshape(-1)[flat]
        LP = logps.reshape(-1)[flat]
        ADV = advantages.reshape(-1)[flat]
        RET = returns.reshape(-1)[flat]
        ADV = (ADV - ADV.mean()) / (ADV.std() + 1e-8)
        n = len(A)
        # the step size falls linearly to nothing over the updates asked for
        adam.lr = args.lr * max(0.0, 1.0 - updates / args.updates)
        for _ in range(args.epochs):
            order = rng.permutation(n)
            for lo in range(0, n, args.minibatch):
                idx = order[lo:lo + args.minibatch]
                x, m, a = X[idx], M[idx], A[idx]
                h1, h2, logits, value = net.forward(x)
                p, logp_all = masked_softmax(logits, m)
                rows = np.arange(len(idx))
                ratio = np.exp(logp_all[rows, a] - LP[idx])
                adv_b = ADV[idx]
                # the clipped surrogate: its gradient flows where the ratio is not clipped
                unclipped = (ratio * adv_b) <= (np.clip(ratio, 1 - args.clip, 1 + args.clip) * adv_b)
                dlogp = np.where(unclipped, -adv_b * ratio, 0.0) / len(idx)
                onehot = np.zeros_like(p)
                onehot[rows, a] = 1.0
                dlogits = dlogp[:, None] * (onehot - p)
                # the entropy bonus over the legal actions
                legal_logp = np.where(p > 0, logp_all, 0.0)
                entropy = -(p * legal_logp).sum(axis=1, keepdims=True)
                dlogits += args.entropy * p * (legal_logp + entropy) / len(idx)
                dvalue = args.value_coef * (value - RET[idx]) / len(idx)
                grads = net.backward(x, h1, h2, dlogits.astype(np.float32), dvalue.astype(np.float32))
                adam.step(net.params, grads)
        updates += 1
    if args.eval_every and updates % args.eval_every != 0 and args.eval_games:
        evaluate_now()
    return net, curve, envs.encoding, games


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="uno", help="a game string")
    parser.add_argument("--module", help="a native module of your own whose catalogue has the game (default: decklet's)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="heuristic", help='a bot name of the game, or "self"')
    parser.add_argument("--eval-opponents", help="the bot the curve measures against (default: --opponents, or random for self)")
    parser.add_argument("--rewards", default="win", choices=["win", "score"])
    parser.add_argument("--reward-scale", type=float, default=1.0, help="rewards are multiplied by it (0.01 brings UNO's points near 1)")
    parser.add_argument("--updates", type=int, default=1_000_000, help="updates to learn for (the same seed, the same network)")
    parser.add_argument("--minutes", type=float, default=60.0, help="or minutes, if they end first")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lanes", type=int, default=256)
    parser.add_argument("--steps", type=int, default=64, help="steps of every lane an update")
    parser.add_argument("--threads", type=int, default=1, help="threads stepping the lanes")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--minibatch", type=int, default=2048)
    parser.add_argument("--gamma", type=float, default=0.995)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--clip", type=float, default=0.2)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--value-coef", type=float, default=0.5)
    parser.add_argument("--eval-every", type=int, default=50, help="updates between points of the curve")
    parser.add_argument("--eval-games", type=int, default=1_000, help="games a point of the curve plays")
    parser.add_argument("--final-games", type=int, default=4_000, help="games of the final evaluation")
    parser.add_argument("--save", help="write the learnt policy to this policy file")
    parser.add_argument("--curve", help="write the curve to this CSV (and a PNG beside it with matplotlib)")
    args = parser.parse_args()
    if args.eval_opponents is None:
        args.eval_opponents = "random" if args.opponents == "self" else args.opponents

    start = time.time()
    learner = "itself" if args.opponents == "self" else args.opponents
    limit = f"{args.updates:,} updates or {args.minutes:g} minutes" if args.updates < 1_000_000 else f"{args.minutes:g} minutes"
    print(f"learning {args.game} ({args.players} players{', module ' + args.module if args.module else ''}) "
          f"against {learner} for {limit}; every {args.eval_every} updates, the win rate of "
          f"{args.eval_games:,} games against {args.eval_opponents}", flush=True)

    def report(row):
        seconds, updates, games, rate, low, high = row
        print(f"{seconds:7.0f} s {updates:6} updates {games:10,} games: {rate:6.1%} against "
              f"{args.eval_opponents} (95% {low:.1%} to {high:.1%})", flush=True)

    net, curve, encoding, games = train(args, on_eval=report)
    print(f"trained on {games:,} games in {time.time() - start:.0f} s")
    if args.save:
        decklet.save_policy(args.save, encoding, net.layers())
        print(f"policy written to {args.save}")
    if args.curve:
        with open(args.curve, "w", newline="") as f:
            out = csv.writer(f)
            out.writerow(["seconds", "updates", "games", "win_rate", "low95", "high95"])
            out.writerows(curve)
        try:
            import matplotlib

            matplotlib.use("Agg")
            import matplotlib.pyplot as plt

            fig, ax = plt.subplots(figsize=(7, 4))
            minutes = [row[0] / 60 for row in curve]
            ax.plot(minutes, [row[3] for row in curve], marker="o", label="greedy policy")
            ax.fill_between(minutes, [row[4] for row in curve], [row[5] for row in curve], alpha=0.2, label="95% interval")
            ax.axhline(1 / args.players, color="grey", linestyle="--", label="even")
            ax.set_xlabel("minutes of training")
            ax.set_ylabel(f"wins against {args.eval_opponents}")
            ax.set_title(f"{args.game}, {args.players} players, trained against {args.opponents}")
            ax.legend()
            fig.tight_layout()
            fig.savefig(args.curve.rsplit(".", 1)[0] + ".png", dpi=100)
        except ImportError:
            print("matplotlib is not installed: the curve is written as CSV only")
    if args.final_games:
        wins, n = evaluate(lambda o: greedy(net, o), args.game, args.players, args.eval_opponents,
                           seed=99_000_000 + args.seed, games=args.final_games, module=args.module)
        low, high = wilson(wins, n)
        print(f"final: won {wins:.0f} of {n} against {args.eval_opponents} "
              f"({wins / n:.1%}, 95% {low:.1%} to {high:.1%})")
    if args.save:
        others = ",".join([args.eval_opponents] * (args.players - 1))
        print(f"play it: the bot policy:{args.save}, as in `decklet tournament --game '{args.game}' --players "
              f"{args.players} --bots policy:{args.save},{others}` (your own game's command for a game of your "
              f"module), or Python's Bot('policy:{args.save}') and opponents='policy:{args.save}'")


if __name__ == "__main__":
    main()
