"""The errors every native module of decklet raises (``decklet._decklet``, or a module
of a user's own catalogue): one class to catch, whichever module raised it."""


class IllegalActionError(ValueError):
    """An action that is not legal now, or out of range: nothing changed."""
