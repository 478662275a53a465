"""UNO (the reference rules by default; ``rules="official"`` and any house rules) as a
PettingZoo AEC environment and a Gymnasium vector environment.

Actions are 82 indices (0-53 play a card by kind, 54 draw, 55 pass, 56-59 choose a
colour, 60 accept and 61 challenge a wild draw four, 62 call UNO, 63-71 take a hand,
72-80 catch a player, 81 wait); observations 199 numbers: see ``docs/python.md``.
"""

from __future__ import annotations

from typing import Optional

from decklet._aec import Bot, DeckletAEC
from decklet._single import DeckletSingleAgentEnv
from decklet._vector import DeckletVectorEnv

__all__ = ["env", "raw_env", "VectorEnv", "SingleAgentEnv", "Bot", "ACTIONS", "OBSERVATION_LEN"]

#: The number of action indices (``wait`` included).
ACTIONS = 82
#: The length of an observation.
OBSERVATION_LEN = 199


def raw_env(
    players: int = 4,
    rules: str = "classic",
    house: Optional[list[str]] = None,
    seed: Optional[int] = None,
    render_mode: Optional[str] = None,
    rewards: str = "win",
    max_moves: int = 10_000,
    enforce_order: bool = False,
) -> DeckletAEC:
    """UNO for ``players`` (2-10) under ``rules`` (``seeds`` or ``official``) and
    ``house`` rules (``draw-until-playable``, ``forced-play``, ``jump-in``,
    ``seven-zero``, ``stacking``, ``stacking-same``, ``stacking-any``, ``first-card``,
    ``scoring``, ``wd4-challenge``, ``call-uno``), without wrappers."""
    return DeckletAEC("uno", players, seed, render_mode, rules, house, None, rewards, max_moves, enforce_order)


def env(**kwargs) -> DeckletAEC:
    """:func:`raw_env` that enforces PettingZoo's order (``reset()`` before anything
    else), natively: the checks of PettingZoo's wrappers (order, actions in range and
    legal) are all done without a wrapper."""
    return raw_env(enforce_order=True, **kwargs)


def VectorEnv(
    num_envs: int,
    players: int = 4,
    opponents: Optional[str] = "random",
    threads: int = 1,
    seed: int = 0,
    rules: str = "classic",
    house: Optional[list[str]] = None,
    rewards: str = "win",
    max_moves: int = 10_000,
) -> DeckletVectorEnv:
    """``num_envs`` games of UNO stepped together in Rust (``opponents``: ``random``,
    ``heuristic``, ``ismcts``, ``ismcts:N``, or ``None`` for self-play)."""
    return DeckletVectorEnv("uno", num_envs, players, opponents, threads, seed, rules, house, None, rewards, max_moves)


def SingleAgentEnv(
    players: int = 4,
    opponents: str = "heuristic",
    rules: str = "classic",
    house: Optional[list[str]] = None,
    seed: Optional[int] = None,
    render_mode: Optional[str] = None,
    rewards: str = "win",
    max_moves: int = 10_000,
    illegal: str = "raise",
) -> DeckletSingleAgentEnv:
    """Seat 0 against ``opponents`` on every other seat, as a single-agent Gymnasium
    environment (``illegal="lose"`` ends the episode as a loss on an illegal action
    instead of raising)."""
    return DeckletSingleAgentEnv(
        "uno", players, opponents, seed, render_mode, rules, house, None, rewards, max_moves, illegal
    )
