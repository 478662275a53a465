"""A Rust bot of a game, playing the acting seat of any of decklet's environments."""

from __future__ import annotations

from typing import Any


class Bot:
    """A Rust bot of a game that plays the acting seat of an environment: ``act(env)``
    returns its action index (of the env's acting agent)."""

    def __init__(self, name: str, seed: int = 0):
        self.name = name
        self.seed = int(seed)
        self._bots: dict[int, Any] = {}

    def act(self, env) -> int:
        table = env.unwrapped.table
        bot = self._bots.get(id(table))
        if bot is None:
            bot = table.bot(self.name, self.seed)
            self._bots[id(table)] = bot
        return table.bot_action(bot)

    def __repr__(self) -> str:
        return f"Bot({self.name!r}, seed={self.seed})"
