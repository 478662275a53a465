"""decklet for Python: UNO (every preset and house rule) and Crazy Eights as
PettingZoo AEC environments and Gymnasium vector environments, stepped in Rust.

>>> import decklet.uno
>>> env = decklet.uno.env(players=4, seed=1)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape, obs["action_mask"].dtype.name
((199,), 'int8')
"""

from decklet._decklet import IllegalActionError, Table  # noqa: F401

__all__ = ["IllegalActionError", "Table", "uno", "crazy_eights"]
__version__ = "0.2.0"
