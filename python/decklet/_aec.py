"""The PettingZoo AEC environment of any decklet game (shared by `decklet.uno` and
`decklet.crazy_eights`)."""

from __future__ import annotations

import operator
from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from decklet._bot import Bot  # noqa: F401 (decklet.uno.Bot, decklet.crazy_eights.Bot)
from decklet._spaces import observation_space
from decklet import _decklet


class DeckletAEC(AECEnv):
    """A decklet game as a PettingZoo AEC environment.

    Agents are ``player_0`` … ``player_{n-1}`` in seat order. The agent to act is the
    player to move, or, where a rule lets other seats act out of turn (UNO's jump-in,
    catching and calling), each other seat in turn before every move, offered its
    moves and ``wait`` (the last action index). Every action is checked in Rust: an
    illegal or out-of-range index raises ``decklet.IllegalActionError`` and changes
    nothing. Rewards come at the end (``rewards="win"``: +1 to each winner, -1 to the
    others; ``"score"``: the game's points); a match cut short at ``max_moves`` is
    truncated.
    """

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int,
        seed: Optional[int] = None,
        render_mode: Optional[str] = None,
        rules: str = "classic",
        house: Optional[list[str]] = None,
        options: Optional[dict[str, Any]] = None,
        rewards: str = "win",
        max_moves: int = 10_000,
        enforce_order: bool = False,
        native: Any = None,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self._seeds = np.random.default_rng(seed)
        first = int(self._seeds.integers(0, 2**63)) if seed is None else int(seed)
        self._table = (native or _decklet).Table(game, players, first, rules, list(house or []), options, max_moves, rewards)
        self.metadata = dict(self.metadata, name=f"decklet_{game.split('(')[0].strip().replace('-', '_')}_v0")
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        space = observation_space(self._table.observation_len, self._table.action_count)
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self._table.action_count) for a in self.possible_agents}
        self._dirty = False
        # with `enforce_order` (what `env()` gives), nothing but reset() before reset()
        self._reset_done = not enforce_order
        if self._reset_done:
            self._start()

    # -- PettingZoo's interface
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        self._reset_done = True
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            self._table.reset(int(seed))
        else:
            self._table.reset(int(self._seeds.integers(0, 2**63)))
        self._start()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if not self._reset_done:
            raise RuntimeError("call reset() before observe()")
        observation, mask = self._table.observe(self._seat[agent])
        return {"observation": observation, "action_mask": mask}

    def step(self, action) -> None:
        if not self._reset_done:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        if action is None:
            raise TypeError(f"{agent} is to act: an action index is needed, not None")
        seat = self._table.step(operator.index(action))
        self._cumulative_rewards[agent] = 0
        if seat is not None:
            # the game goes on: no reward this step
            if self._dirty:
                for a in self.agents:
                    self.rewards[a] = 0.0
                self._dirty = False
            self.agent_selection = self.possible_agents[seat]
        elif self._table.is_over:
            for a, r in zip(self.agents, self._table.rewards()):
                self.rewards[a] = float(r)
                self.terminations[a] = True
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
                self.truncations[a] = True
        if seat is None:
            self._dirty = True
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            return None
        seat = self._table.acting_seat
        text = self._table.render(0 if seat is None else seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    # -- decklet's own
    @property
    def table(self) -> _decklet.Table:
        """The native table (legal actions, action names, the match's log)."""
        return self._table

    def action_name(self, action: int) -> str:
        """What an action index means (``play red 7``, ``draw``, ``wait``)."""
        return self._table.action_name(operator.index(action))

    def _start(self) -> None:
        self._dirty = False
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        seat = self._table.acting_seat
        self.agent_selection = self.possible_agents[0 if seat is None else seat]

