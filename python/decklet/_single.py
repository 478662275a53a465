"""A decklet game as a single-agent Gymnasium environment: the learner plays seat 0,
Rust bots the other seats."""

from __future__ import annotations

import operator
from typing import Any, Optional

import gymnasium
import numpy as np
from gymnasium import spaces

from decklet._spaces import observation_space
from decklet import _decklet
from decklet._errors import IllegalActionError


class DeckletSingleAgentEnv(gymnasium.Env):
    """Seat 0 against ``opponents`` (a bot name) on every other seat; the bots move
    inside ``step`` until seat 0 acts or the game ends. ``illegal="raise"`` (default)
    raises ``IllegalActionError`` for an illegal action and changes nothing;
    ``illegal="lose"`` refuses it just the same (the game does not change) but ends the
    episode as a loss (reward -1, ``info["illegal"]``), for algorithms that sample
    unmasked actions."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        game: str,
        players: int,
        opponents: str,
        seed: Optional[int] = None,
        render_mode: Optional[str] = None,
        rules: str = "classic",
        house: Optional[list[str]] = None,
        options: Optional[dict[str, Any]] = None,
        rewards: str = "win",
        max_moves: int = 10_000,
        illegal: str = "raise",
        native: Any = None,
    ):
        if illegal not in ("raise", "lose"):
            raise ValueError(f'illegal must be "raise" or "lose", not {illegal!r}')
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self._illegal = illegal
        self._table = (native or _decklet).Table(game, players, 0 if seed is None else int(seed), rules, list(house or []), options, max_moves, rewards)
        self._bots = [None] + [self._table.bot(opponents, (0 if seed is None else int(seed)) * 31 + s) for s in range(1, players)]
        self.observation_space = observation_space(self._table.observation_len, self._table.action_count)
        self.action_space = spaces.Discrete(self._table.action_count)
        self._over = True

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        self._table.reset(int(self.np_random.integers(0, 2**63)))
        self._advance()
        self._over = False
        return self._observation(), {}

    def step(self, action):
        if self._over:
            raise IllegalActionError("the episode is over: reset the environment")
        try:
            self._table.step(operator.index(action))
        except IllegalActionError:
            if self._illegal == "raise":
                raise
            self._over = True
            return self._observation(), -1.0, True, False, {"illegal": True}
        self._advance()
        terminated = self._table.is_over
        truncated = self._table.is_truncated
        self._over = terminated or truncated
        reward = float(self._table.rewards()[0]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated, {"illegal": False}

    def render(self):
        if self.render_mode is None:
            return None
        text = self._table.render(0)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    @property
    def table(self) -> _decklet.Table:
        """The native table."""
        return self._table

    def _advance(self) -> None:
        while True:
            seat = self._table.acting_seat
            if seat is None or seat == 0:
                return
            self._table.step(self._table.bot_action(self._bots[seat]))

    def _observation(self) -> dict[str, np.ndarray]:
        observation, mask = self._table.observe(0)
        return {"observation": observation, "action_mask": mask}
