"""The Python environments: PettingZoo's own API and seed tests, masks against the
Rust legal moves, the vector env against the AEC env, bots, and bad input."""

import json

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import decklet
import decklet.crazy_eights as c8
import decklet.uno as uno

UNO_CONFIGS = [
    {},
    {"rules": "official"},
    {"rules": "official", "house": ["jump-in", "seven-zero", "stacking", "forced-play"]},
    {"players": 2, "house": ["draw-until-playable", "stacking-any"]},
]
C8_CONFIGS = [{}, {"players": 2, "use_special_cards": True, "reshuffle": True}]


class Catalogued:
    """A game of the catalogue by its game string, as the modules above offer it."""

    def __init__(self, game):
        self.game = game

    def env(self, **kwargs):
        return decklet.env(self.game, **kwargs)

    def raw_env(self, **kwargs):
        return decklet.raw_env(self.game, **kwargs)

    def __repr__(self):
        return self.game


# games with no Python code of their own: the catalogue's string is all they need
CATALOGUED = ["hearts", "hearts(pass_cards=false,jd_bonus=true)", "uno(rules=official)", "crazy_eights"]


def every_env():
    for config in UNO_CONFIGS:
        yield uno, config
    for config in C8_CONFIGS:
        yield c8, config
    for game in CATALOGUED:
        yield Catalogued(game), {}


@pytest.mark.parametrize("game,config", list(every_env()))
def test_pettingzoo_api_test(game, config):
    api_test(game.env(seed=3, **config), num_cycles=300)


@pytest.mark.parametrize("game,config", list(every_env()))
def test_pettingzoo_seed_test(game, config):
    seed_test(lambda: game.env(**config), num_cycles=300)


def play_random(env, rng, steps):
    """Random legal play, checking each mask against the Rust legal moves."""
    done = 0
    for agent in env.agent_iter(max_iter=steps):
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        assert list(legal) == env.unwrapped.table.legal_actions()
        assert env.unwrapped.table.acting_seat == env.unwrapped.possible_agents.index(agent)
        env.step(int(rng.choice(legal)))
        done += 1
    return done


@pytest.mark.parametrize("game,config", list(every_env()))
def test_the_mask_is_the_rust_legal_moves(game, config):
    rng = np.random.default_rng(0)
    steps = 0
    seed = 0
    while steps < 2_500:
        env = game.raw_env(**config)
        env.reset(seed=seed)
        steps += play_random(env, rng, 5_000)
        seed += 1
    assert steps >= 2_500


def test_an_illegal_or_out_of_range_action_raises_and_changes_nothing():
    env = uno.raw_env(players=3, seed=5)
    env.reset(seed=5)
    agent = env.agent_selection
    before = env.observe(agent)
    mask = before["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(decklet.IllegalActionError, match="not legal"):
        env.step(illegal)
    with pytest.raises(decklet.IllegalActionError, match="out of range"):
        env.step(uno.ACTIONS)
    with pytest.raises(decklet.IllegalActionError):
        env.step(-1)
    with pytest.raises(TypeError):
        env.step(1.5)
    with pytest.raises(TypeError):
        env.step(None)
    after = env.observe(agent)
    assert env.agent_selection == agent
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])


def test_a_finished_game_refuses_moves():
    table = decklet.Table("crazy-eights", 2, seed=1)
    # the log holds the seed: it is given once the game is over, not before
    with pytest.raises(ValueError, match="once the game is over"):
        table.log_json()
    while table.acting_seat is not None:
        table.step(table.legal_actions()[0])
    assert "seed" in json.loads(table.log_json())
    assert table.is_over or table.is_truncated
    with pytest.raises(decklet.IllegalActionError, match="over"):
        table.step(0)


def test_bad_options_are_refused_with_what_is_wrong():
    with pytest.raises(ValueError, match="2 to 10"):
        uno.raw_env(players=11)
    with pytest.raises(ValueError, match="house is any of .* not `no-such-rule`"):
        uno.raw_env(house=["no-such-rule"])
    with pytest.raises(ValueError, match="choose one"):
        uno.raw_env(house=["stacking", "stacking-any"])
    with pytest.raises(ValueError, match="2 to 15"):
        c8.raw_env(players=16)
    with pytest.raises(ValueError, match="max_turns"):
        c8.raw_env(max_turns=0)
    with pytest.raises(ValueError, match="rewards"):
        uno.raw_env(rewards="gold")
    with pytest.raises(ValueError, match="render_mode"):
        uno.raw_env(render_mode="3d")
    with pytest.raises(ValueError, match="num_envs"):
        uno.VectorEnv(num_envs=0)
    with pytest.raises(ValueError):
        uno.VectorEnv(num_envs=2, opponents="grandmaster")


def test_the_game_ends_with_rewards_and_every_agent_terminated():
    env = uno.env(players=4, seed=9)
    env.reset(seed=9)
    rng = np.random.default_rng(9)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(totals.values()) == [-1.0, -1.0, -1.0, 1.0]
    assert env.agents == []


def test_bots_play_seats_of_an_env():
    for game, name in [(uno, "heuristic"), (uno, "ismcts:20"), (c8, "strategist"), (c8, "ismcts:10")]:
        env = game.env(players=3, seed=2)
        env.reset(seed=2)
        bot = game.Bot(name, seed=1)
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            action = bot.act(env)
            assert obs["action_mask"][action] == 1
            env.step(action)


def test_render_shows_the_acting_seat_its_own_hand():
    env = uno.raw_env(players=2, seed=1, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "hand:" in text and "top" in text


def test_a_seat_s_hand_is_rendered_to_it_alone_while_the_game_goes_on():
    env = uno.raw_env(players=3, seed=4)
    env.reset(seed=4)
    table = env.table
    acting = table.acting_seat
    other = (acting + 1) % 3
    with pytest.raises(ValueError, match="when it acts"):
        table.render(other)
    # a spectator's view names no card of any hand
    public = table.render()
    assert table.render(acting) != public
    with pytest.raises(ValueError, match="out of range"):
        table.render(3)


@pytest.mark.parametrize("game,config", [(uno, {}), (uno, {"house": ["jump-in"], "rules": "official"}), (c8, {})])
def test_the_vector_env_plays_the_aec_env_s_games_for_the_same_seeds(game, config):
    n, players, seed = 4, 3, 100
    vec = game.VectorEnv(num_envs=n, players=players, opponents=None, seed=seed, threads=2, **config)
    obs, info = vec.reset()
    envs = []
    for i in range(n):
        env = game.raw_env(players=players, **config)
        env.reset(seed=seed + i)
        envs.append(env)
    episodes, ended, compared, resets = [0] * n, [False] * n, 0, 0
    for step in range(1_500):
        actions = np.zeros(n, dtype=np.int64)
        stepped = [False] * n
        for i, env in enumerate(envs):
            if ended[i]:
                # next-step autoreset: this step deals lane i's next episode
                episodes[i] += 1
                env.reset(seed=seed + i + episodes[i] * n)
                ended[i] = False
                resets += 1
                continue
            agent = env.agent_selection
            assert info["seat"][i] == env.possible_agents.index(agent)
            mine = env.observe(agent)
            assert np.array_equal(obs["observation"][i], mine["observation"])
            assert np.array_equal(obs["action_mask"][i], mine["action_mask"])
            compared += 1
            legal = np.flatnonzero(mine["action_mask"])
            actions[i] = legal[(step + i) % len(legal)]
            stepped[i] = True
        obs, rewards, terminated, truncated, info = vec.step(actions)
        for i, env in enumerate(envs):
            if stepped[i]:
                mover = env.agent_selection
                env.step(int(actions[i]))
                assert terminated[i] == env.unwrapped.table.is_over
                if terminated[i]:
                    assert rewards[i] == env.rewards[mover]
                ended[i] = bool(terminated[i] or truncated[i])
    assert compared > 3_000 and resets >= 2


def test_the_vector_env_refuses_bad_actions_and_changes_nothing():
    vec = uno.VectorEnv(num_envs=3, opponents="random", seed=4)
    obs, _ = vec.reset()
    before = obs["observation"].copy()
    with pytest.raises(ValueError, match="shape"):
        vec.step(np.zeros(2, dtype=np.int64))
    with pytest.raises(TypeError):
        vec.step(np.zeros(3, dtype=np.float32))
    bad = np.full(3, uno.ACTIONS + 3, dtype=np.int64)
    with pytest.raises(decklet.IllegalActionError, match="env 0"):
        vec.step(bad)
    assert np.array_equal(vec.reset(seed=4)[0]["observation"], before)


def test_against_bots_the_learner_is_seat_zero_and_episodes_reset_themselves():
    vec = c8.VectorEnv(num_envs=8, players=3, opponents="strategist", seed=1)
    obs, info = vec.reset()
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(2_000):
        masks = obs["action_mask"]
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])
        obs, rewards, terminated, truncated, info = vec.step(actions)
        assert (info["seat"] == 0).all()
        finished += int(terminated.sum())
    assert finished > 50


def test_the_python_page_s_examples_run():
    """Every ```python block of docs/python.md runs as written."""
    import pathlib
    import re

    page = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
    blocks = re.findall(r"```python\n(.*?)```", page.read_text(), re.S)
    assert len(blocks) >= 3
    for block in blocks:
        exec(compile(block, str(page), "exec"), {})


@pytest.mark.parametrize("game", [uno, c8])
def test_gymnasium_s_env_checker_passes_for_the_single_agent_env(game):
    from gymnasium.utils.env_checker import check_env

    check_env(game.SingleAgentEnv(players=3, seed=1, illegal="lose"), skip_render_check=True)


def test_the_single_agent_env_plays_seat_zero_against_bots():
    env = uno.SingleAgentEnv(players=4, opponents="heuristic", seed=3)
    rng = np.random.default_rng(3)
    results = []
    for episode in range(20):
        observation, info = env.reset(seed=episode)
        done = False
        while not done:
            assert env.table.acting_seat == 0
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
            done = terminated or truncated
        results.append(reward)
    assert set(results) <= {-1.0, 1.0, 0.0} and -1.0 in results
    with pytest.raises(decklet.IllegalActionError, match="over"):
        env.step(0)
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(decklet.IllegalActionError):
        env.step(illegal)


def test_the_type_stubs_name_what_the_native_module_has():
    import ast
    import pathlib

    import decklet._decklet as native

    stub = pathlib.Path(decklet.__file__).with_name("_decklet.pyi")
    tree = ast.parse(stub.read_text())
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    native_classes = {
        name for name in dir(native) if isinstance(getattr(native, name), type)
    }
    # the exception is decklet._errors' class, which the module re-exports
    imported = {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module == "decklet._errors"
        for alias in node.names
    }
    assert imported == {"IllegalActionError"}
    assert native.IllegalActionError is decklet.IllegalActionError
    assert {c.name for c in classes} | imported == native_classes
    for cls in classes:
        native_cls = getattr(native, cls.name)
        for item in cls.body:
            if isinstance(item, ast.FunctionDef) and item.name != "__init__":
                assert hasattr(native_cls, item.name), f"{cls.name}.{item.name}"


def test_env_enforces_reset_first_and_raw_env_does_not_need_it():
    env = uno.env(players=2, seed=1)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    with pytest.raises(RuntimeError, match="reset"):
        env.observe("player_0")
    env.reset(seed=1)
    assert env.observe(env.agent_selection)["action_mask"].any()
    raw = uno.raw_env(players=2, seed=1)
    assert raw.observe(raw.agent_selection)["action_mask"].any()
