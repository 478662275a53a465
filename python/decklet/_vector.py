"""The Gymnasium vector environment of any decklet game, stepped in Rust."""

from __future__ import annotations

import json

from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv as GymVectorEnv
from gymnasium.vector.utils import batch_space

from decklet._spaces import observation_space
from decklet import _decklet


class DeckletVectorEnv(GymVectorEnv):
    """``num_envs`` matches stepped together in Rust, the GIL released.

    With ``opponents`` (a bot name: ``random``, ``heuristic``, ``ismcts:N`` for UNO;
    ``random``, ``strategist``, ``ismcts:N`` for Crazy Eights) the learner plays seat 0
    and Rust bots the other seats; with ``opponents=None`` the learner plays every seat
    (self-play): each row is the observation of the seat to act (``info["seat"]``) and
    its reward that of the seat that made the step's move; ``info["final_rewards"]``
    holds every seat's at the end. Autoreset is Gymnasium's next-step mode. The
    observation arrays are the same after every call (no copy): copy what you keep.
    Lane ``i``'s episode ``e`` is dealt from ``seed + i + e * num_envs``.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP}

    def __init__(
        self,
        game: str,
        num_envs: int,
        players: int,
        opponents: Optional[str],
        threads: int = 1,
        seed: int = 0,
        rules: str = "classic",
        house: Optional[list[str]] = None,
        options: Optional[dict[str, Any]] = None,
        rewards: str = "win",
        max_moves: int = 10_000,
        native: Any = None,
    ):
        self._core = (native or _decklet).VectorTablesCore(
            game, num_envs, players, opponents, threads, seed, rules, list(house or []), options, max_moves, rewards
        )
        self._seed = int(seed)
        self.num_envs = num_envs
        self.players = players
        n_obs, n_act = self._core.observation_len, self._core.action_count
        self.single_observation_space = observation_space(n_obs, n_act)
        self.single_action_space = spaces.Discrete(n_act)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is not None:
            self._seed = int(seed)
        self._core.reset(self._seed)
        return self._observation(), self._info()

    def step(self, actions):
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"actions must have shape ({self.num_envs},), not {actions.shape}")
        if not np.issubdtype(actions.dtype, np.integer):
            raise TypeError(f"actions must be integers, not {actions.dtype}")
        self._core.step(actions.astype(np.int64, copy=False))
        core = self._core
        return self._observation(), core.rewards, core.terminated, core.truncated, self._info()

    @property
    def encoding(self) -> dict:
        """The encoding of the observations and action indices, as a policy file names
        it (``name``, ``version``, ``observationLen``, ``actionCount`` without wait):
        what ``decklet.save_policy`` writes beside a policy's layers."""
        return json.loads(self._core.encoding)

    def log_json(self, i: int) -> str:
        """Env ``i``'s match log, as JSON (``decklet replay`` replays it), once its game
        is over or cut short (before, it would give away the seed)."""
        return self._core.log_json(i)

    def _observation(self) -> dict[str, np.ndarray]:
        return {"observation": self._core.observations, "action_mask": self._core.masks}

    def _info(self) -> dict[str, np.ndarray]:
        return {"seat": self._core.seats, "final_rewards": self._core.final_rewards}
