"""decklet for Python: every game of decklet's catalogue (UNO with every preset and
house rule, Crazy Eights, Hearts, ...) as PettingZoo AEC environments, Gymnasium
single-agent and vector environments, stepped in Rust.

A game is named by its game string, as OpenSpiel writes one: ``"hearts"``,
``"uno(rules=official,house=stacking)"``, ``"crazy_eights(use_special_cards=true)"``;
:func:`games` lists them with their parameters and bots. ``decklet.uno`` and
``decklet.crazy_eights`` keep their keyword shorthands. A game of your own plays in the
same environments through :class:`Catalog` and a native module of yours.

>>> import decklet
>>> env = decklet.env("hearts", seed=1)
>>> env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["action_mask"].dtype.name, env.num_agents
('int8', 4)
"""

from __future__ import annotations

import json
from typing import Any, Optional

from decklet import _decklet
from decklet._bot import Bot
from decklet._decklet import Table
from decklet._errors import IllegalActionError

__all__ = [
    "IllegalActionError",
    "Table",
    "Bot",
    "Catalog",
    "games",
    "env",
    "raw_env",
    "VectorEnv",
    "SingleAgentEnv",
    "uno",
    "crazy_eights",
    "save_policy",
]
__version__ = "0.2.0"


def _shortest(values) -> list[float]:
    """The numbers as the shortest decimals that read back as the same float32s (the
    bot reads them as float32): a file a third the size of float64's digits."""
    import numpy as np

    return [float(str(x)) for x in np.asarray(values, dtype=np.float32).reshape(-1)]


def save_policy(path, encoding: dict, layers) -> None:
    """Writes a learnt policy as a file (format ``decklet-policy/1``) that the bot
    ``policy:PATH`` plays everywhere a bot plays (``decklet simulate``, tournaments, the
    server's seats, ``Bot``): ``encoding`` is the environment's (``VectorEnv.encoding``:
    a policy is refused by a game of another encoding), ``layers`` the network from an
    observation to one logit an action index (wait included), in order:
    ``("clip", max)``, ``("scale", factor)``, ``("dense", weights, bias)`` (``weights``
    of shape ``(inputs, outputs)``, as ``x @ weights + bias`` reads them), ``("relu",)``.
    The bot plays the legal move of highest logit."""
    import numpy as np

    out = []
    for layer in layers:
        op = layer[0]
        if op == "clip":
            out.append({"op": "clip", "max": float(layer[1])})
        elif op == "scale":
            out.append({"op": "scale", "factor": float(layer[1])})
        elif op == "relu":
            out.append({"op": "relu"})
        elif op == "dense":
            w = np.asarray(layer[1], dtype=np.float32)
            b = np.asarray(layer[2], dtype=np.float32)
            out.append({
                "op": "dense",
                "inputs": int(w.shape[0]),
                "outputs": int(w.shape[1]),
                "weights": _shortest(w),
                "bias": _shortest(b),
            })
        else:
            raise ValueError(f"unknown layer {op!r}: clip, scale, dense or relu")
    policy = {"format": "decklet-policy/1", "encoding": encoding, "layers": out}
    with open(path, "w") as f:
        json.dump(policy, f, separators=(",", ":"))


class Catalog:
    """The games of a native module, and their environments.

    ``Catalog()`` is decklet's own (``decklet._decklet``: what :func:`env`,
    :func:`VectorEnv` and the rest of this module play). ``Catalog(module)`` is a
    native module of your own, built from your catalogue (a small PyO3 crate whose
    ``#[pymodule]`` calls ``decklet_py::register(m, catalog)``; the repository's
    ``examples/high-card-py``): the same environments then play your games.

    >>> import decklet
    >>> decklet.Catalog().env("uno").num_agents
    4
    """

    def __init__(self, native: Any = None):
        self.native = _decklet if native is None else native
        for name in ("Table", "VectorTablesCore", "games_json"):
            if not hasattr(self.native, name):
                raise TypeError(f"{native!r} is not a native module of decklet (it has no {name})")

    def __repr__(self) -> str:
        return f"Catalog({self.native.__name__})"

    def games(self) -> list[dict]:
        """The games of the catalogue: each with its ``name``, ``about``, ``players``
        (fewest, most), ``params`` (``name``, ``kind``, ``values``, ``default``,
        ``about``) and ``bots`` (every name a ``Bot`` or ``opponents`` takes)."""
        return json.loads(self.native.games_json())

    def _players(self, game: str, players: Optional[int]) -> int:
        """``players``, or four within what the game seats."""
        if players is not None:
            return players
        name = game.split("(")[0].strip().replace("crazy-eights", "crazy_eights")
        for entry in self.games():
            if entry["name"] == name:
                fewest, most = entry["players"]
                return min(max(4, fewest), most)
        return 4

    def raw_env(
        self,
        game: str,
        players: Optional[int] = None,
        seed: Optional[int] = None,
        render_mode: Optional[str] = None,
        rewards: str = "win",
        max_moves: int = 10_000,
        enforce_order: bool = False,
    ):
        """The game a game string names as a PettingZoo AEC environment, without
        wrappers (``players``: four, or what the game seats)."""
        from decklet._aec import DeckletAEC

        return DeckletAEC(
            game, self._players(game, players), seed, render_mode, "classic", None, None, rewards, max_moves,
            enforce_order, self.native,
        )

    def env(self, game: str, **kwargs):
        """:meth:`raw_env` that enforces PettingZoo's order (``reset()`` before
        anything else), natively."""
        return self.raw_env(game, enforce_order=True, **kwargs)

    def VectorEnv(
        self,
        game: str,
        num_envs: int,
        players: Optional[int] = None,
        opponents: Optional[str] = "random",
        threads: int = 1,
        seed: int = 0,
        rewards: str = "win",
        max_moves: int = 10_000,
    ):
        """``num_envs`` games of ``game`` stepped together in Rust (``opponents``: a
        bot name of the game, or ``None`` for self-play)."""
        from decklet._vector import DeckletVectorEnv

        return DeckletVectorEnv(
            game, num_envs, self._players(game, players), opponents, threads, seed, "classic", None, None, rewards,
            max_moves, self.native,
        )

    def SingleAgentEnv(
        self,
        game: str,
        players: Optional[int] = None,
        opponents: str = "random",
        seed: Optional[int] = None,
        render_mode: Optional[str] = None,
        rewards: str = "win",
        max_moves: int = 10_000,
        illegal: str = "raise",
    ):
        """Seat 0 of ``game`` against ``opponents`` on every other seat, as a
        single-agent Gymnasium environment."""
        from decklet._single import DeckletSingleAgentEnv

        return DeckletSingleAgentEnv(
            game, self._players(game, players), opponents, seed, render_mode, "classic", None, None, rewards, max_moves,
            illegal, self.native,
        )


# decklet's own catalogue: the module's functions are its methods
_STANDARD = Catalog()
games = _STANDARD.games
raw_env = _STANDARD.raw_env
env = _STANDARD.env
VectorEnv = _STANDARD.VectorEnv
SingleAgentEnv = _STANDARD.SingleAgentEnv
