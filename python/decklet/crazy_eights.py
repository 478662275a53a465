"""Crazy Eights (OpenSpiel's rules and options) as a PettingZoo AEC environment and a
Gymnasium vector environment.

Actions are 59 indices (0-51 play the card ``4 * rank + suit``, 52 draw, 53 pass,
54-57 name clubs, diamonds, hearts, spades, 58 wait, never legal); observations 256
numbers: see ``docs/python.md``.
"""

from __future__ import annotations

from typing import Optional

from decklet._aec import Bot, DeckletAEC
from decklet._single import DeckletSingleAgentEnv
from decklet._vector import DeckletVectorEnv

__all__ = ["env", "raw_env", "VectorEnv", "SingleAgentEnv", "Bot", "ACTIONS", "OBSERVATION_LEN"]

#: The number of action indices (``wait`` included).
ACTIONS = 59
#: The length of an observation.
OBSERVATION_LEN = 256


def _options(max_draw_cards: int, max_turns: int, reshuffle: bool, use_special_cards: bool) -> dict:
    return {
        "max_draw_cards": max_draw_cards,
        "max_turns": max_turns,
        "reshuffle": reshuffle,
        "use_special_cards": use_special_cards,
    }


def raw_env(
    players: int = 5,
    max_draw_cards: int = 5,
    max_turns: int = 100,
    reshuffle: bool = False,
    use_special_cards: bool = False,
    seed: Optional[int] = None,
    render_mode: Optional[str] = None,
    rewards: str = "win",
    max_moves: int = 10_000,
    enforce_order: bool = False,
) -> DeckletAEC:
    """Crazy Eights for ``players`` (2-15) with OpenSpiel's options, without wrappers."""
    options = _options(max_draw_cards, max_turns, reshuffle, use_special_cards)
    return DeckletAEC("crazy-eights", players, seed, render_mode, "classic", None, options, rewards, max_moves, enforce_order)


def env(**kwargs) -> DeckletAEC:
    """:func:`raw_env` that enforces PettingZoo's order (``reset()`` before anything
    else), natively: the checks of PettingZoo's wrappers (order, actions in range and
    legal) are all done without a wrapper."""
    return raw_env(enforce_order=True, **kwargs)


def VectorEnv(
    num_envs: int,
    players: int = 5,
    opponents: Optional[str] = "random",
    threads: int = 1,
    seed: int = 0,
    max_draw_cards: int = 5,
    max_turns: int = 100,
    reshuffle: bool = False,
    use_special_cards: bool = False,
    rewards: str = "win",
    max_moves: int = 10_000,
) -> DeckletVectorEnv:
    """``num_envs`` games of Crazy Eights stepped together in Rust (``opponents``:
    ``random``, ``strategist``, ``ismcts``, ``ismcts:N``, or ``None`` for self-play)."""
    options = _options(max_draw_cards, max_turns, reshuffle, use_special_cards)
    return DeckletVectorEnv("crazy-eights", num_envs, players, opponents, threads, seed, "classic", None, options, rewards, max_moves)


def SingleAgentEnv(
    players: int = 5,
    opponents: str = "strategist",
    max_draw_cards: int = 5,
    max_turns: int = 100,
    reshuffle: bool = False,
    use_special_cards: bool = False,
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
        "crazy-eights", players, opponents, seed, render_mode, "classic", None, _options(max_draw_cards, max_turns, reshuffle, use_special_cards), rewards, max_moves, illegal
    )
