"""The spaces every decklet environment shares."""

import numpy as np
from gymnasium import spaces

#: The largest number an observation holds (a count of cards: at most UNO's 108; a
#: game's variable in the generic encoding is clamped to it).
OBSERVATION_HIGH = 255.0
#: The smallest (a direction of play, -1; a game's variable in the generic encoding,
#: such as Hearts' points with the jack of diamonds, clamped to it).
OBSERVATION_LOW = -255.0


def observation_space(observation_len: int, action_count: int) -> spaces.Dict:
    """A seat's observation (``float32``) and its action mask (``int8``)."""
    return spaces.Dict(
        {
            "observation": spaces.Box(low=OBSERVATION_LOW, high=OBSERVATION_HIGH, shape=(observation_len,), dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(action_count,), dtype=np.int8),
        }
    )
