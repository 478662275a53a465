"""Expert iteration's two halves: ``expert_data`` (a Rust example, built by
``cargo xtask ci`` and named in ``EXPERT_DATA_BIN``) writes a search's decisions, the
same file on any number of threads, and ``examples/python/expert_iteration.py`` learns
a policy towards them that plays as a bot. Counted in games and epochs, not time."""

import importlib.util
import os
import pathlib
import subprocess
import sys

import numpy as np

import decklet

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "python" / "expert_iteration.py"


def expert_data(out, threads: int, bot: str = "ismcts:40", games: int = 6):
    binary = os.environ.get("EXPERT_DATA_BIN", str(ROOT / "target/debug/examples/expert_data"))
    done = subprocess.run(
        [binary, "--game", "uno", "--players", "2", "--bot", bot, "--games", str(games), "--seed", "3",
         "--threads", str(threads), "--out", str(out)],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return out


def script():
    spec = importlib.util.spec_from_file_location("expert_iteration", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_search_s_decisions_are_written_whole_and_alike_on_any_threads(tmp_path):
    one = expert_data(tmp_path / "one.bin", threads=1)
    two = expert_data(tmp_path / "two.bin", threads=2)
    assert one.read_bytes() == two.read_bytes()
    obs, target, mask, reward = script().read_rows(str(one))
    assert obs.shape[1] == 199 and target.shape[1] == mask.shape[1] == 82
    assert len(obs) > 6 * 10
    np.testing.assert_allclose(target.sum(axis=1), 1.0, rtol=1e-5)
    # the search visits legal moves only, and decides between two or more of them
    assert (target[mask == 0] == 0).all()
    assert (mask.sum(axis=1) >= 2).all()
    # a spread of visits, not only the move made
    assert (target.max(axis=1) < 1).mean() > 0.5
    # every game won by one seat: each seat's rows carry its end
    assert set(np.unique(reward)) <= {-1.0, 1.0} and (reward == 1).any() and (reward == -1).any()


def test_a_file_that_is_not_expert_data_is_refused(tmp_path):
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"DKEX" + (1).to_bytes(4, "little") + (199).to_bytes(4, "little")
                    + (82).to_bytes(4, "little") + (1000).to_bytes(4, "little") + b"\0" * 64)
    try:
        script().read_rows(str(bad))
    except ValueError as error:
        assert "1000 rows announced, 0.0 found" in str(error)
    else:
        raise AssertionError("a short file was read")
    # a row too many is refused as well
    good = expert_data(tmp_path / "good.bin", threads=1, games=1)
    longer = tmp_path / "longer.bin"
    longer.write_bytes(good.read_bytes() + b"\0" * (4 * (199 + 2 * 82 + 1)))
    try:
        script().read_rows(str(longer))
    except ValueError as error:
        assert "rows announced" in str(error)
    else:
        raise AssertionError("a file longer than its rows was read")


def test_a_policy_learnt_from_the_search_plays_as_a_bot(tmp_path):
    data = expert_data(tmp_path / "data.bin", threads=2, games=10)
    policy = tmp_path / "expert.json"
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--data", str(data), "--epochs", "6", "--minibatch", "32", "--lr", "3e-3",
         "--hidden", "32", "--holdout", "0.2", "--eval-games", "40", "--save", str(policy)],
        capture_output=True, text=True, timeout=600,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    before = float(next(line for line in lines if line.startswith("before:")).split("cross-entropy ")[1].split(",")[0])
    kept = float(next(line for line in lines if line.startswith("kept epoch")).split("cross-entropy ")[1].rstrip(")"))
    # the held-out positions are predicted better than by the network it started as
    assert kept < before, done.stdout
    env = decklet.env("uno", players=2, seed=1)
    env.reset(seed=1)
    bot = decklet.Bot(f"policy:{policy}")
    moves = 0
    for _ in env.agent_iter(max_iter=2_000):
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(bot.act(env))
        moves += 1
    assert moves > 5
