"""Random-play statistics of OpenSpiel's hearts, for decklet's differential test.

Plays GAMES games of each configuration with uniformly random players (every legal
action equally likely, chance outcomes as OpenSpiel draws them) and writes, per
configuration: the mean number of legal plays a player chooses among and the standard
deviation of its mean in a game (a game's decisions are not independent: the game is
the unit), the same for the first trick alone, the mean points in the first trick
(hearts 1, the queen of spades 13, the jack of diamonds -10 with jd_bonus), the mean return of each player and its
standard deviation, the share of games won by each player (the fewest points, a tie
shared), the share of games in which the moon was shot, and the mean number of the
trick in which hearts were first played.

    VENV=$(mktemp -d) && python3 -m venv "$VENV" && "$VENV"/bin/pip install open_spiel==2.0.2
    "$VENV"/bin/python benches/hearts-openspiel/measure.py 20000 > \
        benches/hearts-openspiel/openspiel.json
"""

import json
import random
import statistics
import sys

import pyspiel

CONFIGS = [
    {},
    {"pass_cards": False},
    {"jd_bonus": True, "avoid_all_tricks_bonus": True},
    {"can_lead_any_club": True, "no_pts_on_first_trick": False, "must_break_hearts": False},
    {"qs_breaks_hearts": False, "can_lead_hearts_instead_of_qs": True},
]

HEARTS = 2  # suit of a card: index % 4


RANKS = "23456789TJQKA"
DIRS = "NESW"


def first_trick_points(state, jd_bonus):
    """The points in the first trick."""
    points = 0
    for _, card in state.to_struct().tricks[0]:
        if card[1] == "H":
            points += 1
        elif card == "QS":
            points += 13
        elif card == "JD" and jd_bonus:
            points -= 10
    return points


def moon_shooter(state):
    """The player who took every heart and the queen of spades, or None."""
    takers = set()
    for trick in state.to_struct().tricks:
        led = trick[0][1][1]
        best = max((p for p in trick if p[1][1] == led), key=lambda p: RANKS.index(p[1][0]))
        if any(card[1] == "H" or card == "QS" for _, card in trick):
            takers.add(DIRS.index(best[0]))
    return takers.pop() if len(takers) == 1 else None


def play(game, rng):
    state = game.new_initial_state()
    plays, first_trick, played, passes = [], [], 0, 0
    first_heart = None
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        legal = state.legal_actions()
        action = rng.choice(legal)
        passing = state.history()[0] != 0 and passes < 12
        if passing:
            passes += 1
        else:
            plays.append(len(legal))
            if played < 4:
                first_trick.append(len(legal))
            if action % 4 == HEARTS and first_heart is None:
                first_heart = played // 4 + 1
            played += 1
        state.apply_action(action)
    jd_bonus = game.get_parameters()["jd_bonus"]
    first_points = first_trick_points(state, jd_bonus)
    return plays, first_trick, state.returns(), first_heart, moon_shooter(state), first_points


def measure(config, games, seed):
    game = pyspiel.load_game("hearts", config)
    rng = random.Random(seed)
    plays, first, returns, moons, wins, hearts_at = [], [], [[] for _ in range(4)], 0, [0.0] * 4, []
    first_points = []
    for _ in range(games):
        p, f, r, h, shooter, points_first = play(game, rng)
        first_points.append(points_first)
        # a game's decisions are not independent: the game is the unit of the spread
        plays.append(statistics.fmean(p))
        first.append(statistics.fmean(f))
        for seat in range(4):
            returns[seat].append(r[seat])
        points = [26 - x for x in r]
        if shooter is not None:
            moons += 1
        best = min(points)
        winners = [s for s in range(4) if points[s] == best]
        for s in winners:
            wins[s] += 1 / len(winners)
        if h is not None:
            hearts_at.append(h)
    return {
        "config": config,
        "games": games,
        "mean_legal": statistics.fmean(plays),
        "sd_legal": statistics.pstdev(plays),
        "mean_legal_first_trick": statistics.fmean(first),
        "sd_legal_first_trick": statistics.pstdev(first),
        "mean_first_trick_points": statistics.fmean(first_points),
        "sd_first_trick_points": statistics.pstdev(first_points),
        "mean_return": [statistics.fmean(r) for r in returns],
        "sd_return": [statistics.pstdev(r) for r in returns],
        "win_share": [w / games for w in wins],
        "moon_share": moons / games,
        "mean_first_heart_trick": statistics.fmean(hearts_at),
        "sd_first_heart_trick": statistics.pstdev(hearts_at),
    }


def main():
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    results = [measure(c, games, 20261205 + i) for i, c in enumerate(CONFIGS)]
    json.dump({"openspiel": "2.0.2", "statistics": results}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()
