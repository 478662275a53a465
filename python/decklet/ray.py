"""decklet on a Ray cluster: tournaments and self-play data, fanned out as Ray tasks.

Needs Ray (``pip install decklet[ray]``). Every function here cuts its work into
chunks, runs each chunk as a Ray task spread over the cluster's nodes (Ray's ``SPREAD`` scheduling), and puts
the pieces back together in order, so that the result does not depend on how many
chunks there were, or on which machines ran them:

- :func:`tournament` returns exactly what ``decklet tournament --json`` prints for the
  same options (but ``wallSeconds``, and ``threads``, which counts the tasks);
- :func:`self_play` returns every decision of ``episodes`` games played by bots, as
  numpy arrays, episode ``e`` dealt from ``seed + e``.

Connect to a cluster first (``ray.init(address="auto")`` on a machine of the cluster,
or ``ray.init()`` for a local one); a function called with Ray not yet initialised
starts a local instance.

>>> import decklet.ray  # doctest: +SKIP
>>> report = decklet.ray.tournament(bots=["random", "heuristic"], games=1000)  # doctest: +SKIP
>>> [e["bot"] for e in report["entries"]]  # doctest: +SKIP
['heuristic', 'random']
"""

from __future__ import annotations

import json
import time
from typing import Any, Optional, Sequence, Union

import numpy as np

from decklet._decklet import Table
from decklet._decklet import Tournament as _Tournament

__all__ = ["tournament", "self_play", "chunks_of"]


def _ray():
    try:
        import ray
    except ImportError as error:  # pragma: no cover - the extra is not installed
        raise ImportError(
            "decklet.ray needs Ray: pip install 'decklet[ray]'"
        ) from error
    if not ray.is_initialized():
        ray.init()
    return ray


def chunks_of(total: int, chunks: int) -> list[tuple[int, int]]:
    """``0..total`` cut into ``chunks`` ranges (at most ``total``), in order, sizes
    differing by at most one."""
    if total < 0 or chunks < 1:
        raise ValueError(f"cannot cut {total} into {chunks} chunks")
    chunks = min(chunks, max(total, 1))
    base, extra = divmod(total, chunks)
    out, start = [], 0
    for i in range(chunks):
        stop = start + base + (1 if i < extra else 0)
        out.append((start, stop))
        start = stop
    return out


def _default_chunks(ray: Any) -> int:
    cpus = int(ray.cluster_resources().get("CPU", 1))
    return max(1, 16 * cpus)


def _node() -> str:
    import ray

    return ray.get_runtime_context().get_node_id()


def _tournament_chunk(options: dict, start: int, stop: int) -> tuple[str, str]:
    core = _Tournament(**options)
    return core.play(start, stop), _node()


def tournament(
    game: str = "uno",
    bots: Sequence[str] = ("random", "heuristic"),
    players: Optional[int] = None,
    games: int = 1000,
    seed: int = 1,
    rules: str = "classic",
    house: Sequence[str] = (),
    max_actions: int = 100_000,
    forget_uno: float = 0.0,
    chunks: Optional[int] = None,
    details: bool = False,
) -> Union[dict, tuple[dict, dict]]:
    """A tournament of named bots, its games spread over the cluster as Ray tasks.

    The options are those of ``decklet tournament``: ``game`` is a game string of the
    catalogue (``"uno"``, ``"crazy_eights"``, ``"hearts(jd_bonus=true)"``), ``house`` a
    list of names; every group of ``players`` bots (default: all of them) meets at a
    table. Returns the report that command prints
    with ``--json``: the same for the same options, however many ``chunks`` (default:
    16 a CPU of the cluster) or machines played it; ``threads`` is the number of tasks.
    With ``details=True`` also returns ``{"chunks": [...], "nodes": [...]}``: each
    task's range of games and the Ray node that played it.
    """
    options = dict(
        game=game,
        bots=list(bots),
        players=players,
        games=games,
        seed=seed,
        rules=rules,
        house=list(house),
        max_actions=max_actions,
        forget_uno=forget_uno,
    )
    # a bad option is refused here, before any task is sent
    core = _Tournament(**options)
    ray = _ray()
    ranges = chunks_of(core.games, chunks or _default_chunks(ray))
    task = ray.remote(_tournament_chunk).options(scheduling_strategy="SPREAD")
    start = time.perf_counter()
    results = ray.get([task.remote(options, a, b) for a, b in ranges])
    seconds = time.perf_counter() - start
    report = json.loads(
        core.summary([tally for tally, _ in results], len(ranges), seconds)
    )
    if details:
        return report, {"chunks": ranges, "nodes": [node for _, node in results]}
    return report


def _self_play_episodes(options: dict, start: int, stop: int) -> tuple[dict, str]:
    game, players, seed = options["game"], options["players"], options["seed"]
    names = options["bots"]
    table = Table(
        game,
        players,
        seed=seed + start,
        rules=options["rules"],
        house=options["house"],
        options=options["options"],
        max_moves=options["max_moves"],
        rewards=options["rewards"],
    )
    obs, masks, actions, seats, episodes, returns = [], [], [], [], [], []
    for episode in range(start, stop):
        table.reset(seed + episode)
        bots = [
            table.bot(names[s % len(names)], ((seed + episode) * 31 + s) % 2**64)
            for s in range(players)
        ]
        first = len(actions)
        while True:
            seat = table.acting_seat
            if seat is None:
                break
            o, m = table.observe(seat)
            action = table.bot_action(bots[seat])
            obs.append(o)
            masks.append(m)
            actions.append(action)
            seats.append(seat)
            table.step(action)
        final = table.rewards()
        episodes.extend([episode] * (len(actions) - first))
        returns.extend(final[s] for s in seats[first:])
    n, width, count = len(actions), table.observation_len, table.action_count
    data = {
        "observation": np.asarray(obs, dtype=np.float32).reshape(n, width),
        "action_mask": np.asarray(masks, dtype=np.int8).reshape(n, count),
        "action": np.asarray(actions, dtype=np.int64),
        "seat": np.asarray(seats, dtype=np.int64),
        "episode": np.asarray(episodes, dtype=np.int64),
        "return": np.asarray(returns, dtype=np.float32),
    }
    return data, _node()


def self_play(
    game: str = "uno",
    players: int = 4,
    episodes: int = 100,
    bots: Union[str, Sequence[str]] = "heuristic",
    seed: int = 0,
    rules: str = "classic",
    house: Sequence[str] = (),
    options: Optional[dict] = None,
    max_moves: int = 10_000,
    rewards: str = "win",
    chunks: Optional[int] = None,
    details: bool = False,
) -> Union[dict, tuple[dict, dict]]:
    """Every decision of ``episodes`` games of bots, played as Ray tasks.

    Seat ``s`` is played by ``bots[s % len(bots)]`` (one name: every seat); episode
    ``e`` is dealt from ``seed + e``. Returns numpy arrays with one row a decision, in
    episode order and, within an episode, in order of play: ``observation`` (the
    acting seat's), ``action_mask``, ``action`` (the bot's index), ``seat``,
    ``episode`` and ``return`` (that seat's reward at the end of its episode). The
    arrays do not depend on ``chunks`` (default: 16 a CPU) or on the machines.
    """
    names = [bots] if isinstance(bots, str) else list(bots)
    if episodes < 0:
        raise ValueError(f"episodes must be at least 0, not {episodes}")
    spec = dict(
        game=game,
        players=players,
        seed=seed,
        bots=names,
        rules=rules,
        house=list(house),
        options=options,
        max_moves=max_moves,
        rewards=rewards,
    )
    # a bad option or bot name is refused here, before any task is sent
    probe = Table(
        game,
        players,
        seed=seed,
        rules=rules,
        house=list(house),
        options=options,
        max_moves=max_moves,
        rewards=rewards,
    )
    for name in names:
        probe.bot(name, 0)
    ray = _ray()
    ranges = chunks_of(episodes, chunks or _default_chunks(ray))
    task = ray.remote(_self_play_episodes).options(scheduling_strategy="SPREAD")
    results = ray.get([task.remote(spec, a, b) for a, b in ranges])
    data = {
        key: np.concatenate([part[key] for part, _ in results])
        for key in results[0][0]
    }
    if details:
        return data, {"chunks": ranges, "nodes": [node for _, node in results]}
    return data
