"""OpenSpiel's Hearts bots as a process: what decklet's Hearts duel asks for a move.

Reads one JSON object a line on standard input and answers each with one line:

- ``{"game": G, "history": [...], "player": P, "bot": "ismcts", "simulations": N,
  "seed": S}``: the history of game ``G`` (``hearts`` with its parameters, as
  ``pyspiel.load_game`` reads it) in OpenSpiel's actions (the pass direction, the 52
  cards dealt, every pass and play), replayed on a new state; player ``P`` must be the
  one to move. Answers ``{"action": A, "seconds": T}``, ``A`` chosen by OpenSpiel's
  C++ IS-MCTS (``pyspiel.ISMCTSBot``: random rollouts, ``N`` simulations, as many
  sampled worlds as simulations, the most visited move) or, with ``"bot": "random"``,
  uniformly at random; ``T`` the seconds the bot took.
- ``{"game": G, "history": [...], "returns": true}``: a whole hand; answers
  ``{"returns": [...], "points": [...]}`` as OpenSpiel scores it, so that every hand
  decklet plays is also checked against OpenSpiel's own scoring.

Any error is answered ``{"error": "..."}`` and the process goes on. OpenSpiel 2.0.2's
IS-MCTS crashes (a segmentation fault) when asked to pass in Hearts once a player has
passed: ask it only in games without passing (``hearts(pass_cards=false)``). Needs
``open_spiel==2.0.2``::

    VENV=$(mktemp -d) && python3 -m venv "$VENV" && "$VENV"/bin/pip install open_spiel==2.0.2
"""

import json
import random
import sys
import time

import pyspiel

GAMES = {}


def game(name):
    """The game ``name``, loaded once."""
    if name not in GAMES:
        if not name.startswith("hearts"):
            raise ValueError(f"{name} is not hearts")
        GAMES[name] = pyspiel.load_game(name)
    return GAMES[name]


def replay(name, history):
    """A state of game ``name`` after ``history``, every action checked legal."""
    state = game(name).new_initial_state()
    for action in history:
        if state.is_chance_node():
            legal = [a for a, _ in state.chance_outcomes()]
        else:
            legal = state.legal_actions()
        if action not in legal:
            raise ValueError(f"action {action} is not legal after {len(state.history())} actions")
        state.apply_action(action)
    return state


def ismcts(simulations, seed):
    """OpenSpiel's IS-MCTS with random rollouts."""
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    return pyspiel.ISMCTSBot(
        seed,
        evaluator,
        2.0,  # the UCT constant of OpenSpiel's own examples
        simulations,
        -1,  # as many sampled worlds as simulations
        pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        False,
        False,
    )


def answer(request):
    state = replay(request.get("game", "hearts"), request["history"])
    if request.get("returns"):
        if not state.is_terminal():
            raise ValueError("the hand is not over")
        returns = state.returns()
        return {"returns": returns, "points": [26 - r for r in returns]}
    player = request["player"]
    if state.is_terminal() or state.current_player() != player:
        raise ValueError(f"player {player} is not to move")
    started = time.perf_counter()
    if request.get("bot", "ismcts") == "random":
        action = random.Random(request.get("seed", 0)).choice(state.legal_actions())
    else:
        bot = ismcts(int(request["simulations"]), int(request.get("seed", 0)))
        action = bot.step(state)
    return {"action": int(action), "seconds": time.perf_counter() - started}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            reply = answer(json.loads(line))
        except Exception as error:  # a bad request is answered, not fatal
            reply = {"error": f"{type(error).__name__}: {error}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
