"""Decklet's Hearts against OpenSpiel's, live: the duel's harness
(`crates/decklet-catalog/examples/hearts_duel.rs`) plays whole hands with two seats
asked of OpenSpiel's bots (`benches/hearts-openspiel/openspiel_bot.py`), and OpenSpiel
scores every hand decklet played, which must score the same. `cargo xtask ci` builds the
harness and names it in `HEARTS_DUEL_BIN`; `open_spiel` comes with the test
requirements."""

import json
import os
import pathlib
import subprocess
import sys

import pyspiel

ROOT = pathlib.Path(__file__).resolve().parents[2]
SERVER = ROOT / "benches" / "hearts-openspiel" / "openspiel_bot.py"


def duel(*args):
    """The harness's report, run with this interpreter as OpenSpiel's."""
    binary = os.environ.get("HEARTS_DUEL_BIN", str(ROOT / "target/debug/examples/hearts_duel"))
    done = subprocess.run(
        [binary, "--python", sys.executable, "--server", str(SERVER), *args],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def ask(*requests):
    """OpenSpiel's bot process's answers to these lines, in order."""
    done = subprocess.run(
        [sys.executable, str(SERVER)],
        input="".join(line + "\n" for line in requests),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_hands_against_openspiel_s_search_score_alike_in_both_engines():
    report = duel("--deals", "2", "--bot", "ismcts:20", "--simulations", "20")
    assert report["game"] == "hearts(pass_cards=false)"
    assert report["hands"] == 4 and len(report["differences"]) == 2
    # 26 points a hand among the four seats (78 when the moon is shot)
    for side in ("deckletPoints", "openspielPoints"):
        assert 0 <= report[side] <= 26
    low, high = report["interval"]
    assert low <= report["difference"] <= high


def test_hands_with_passing_map_every_pass_to_openspiel_s_actions():
    # OpenSpiel's search cannot pass (it crashes): its random player can
    report = duel("--game", "hearts", "--deals", "2", "--openspiel", "random", "--bot", "ducker")
    assert report["openspiel"] == "random" and report["hands"] == 4


def test_the_bot_process_answers_a_bad_request_and_goes_on():
    game = pyspiel.load_game("hearts(pass_cards=false)")
    state = game.new_initial_state()
    state.apply_action(0)
    for card in range(52):
        state.apply_action(card)
    history = state.history()
    player = state.current_player()
    answers = ask(
        "not json",
        json.dumps({"game": "chess", "history": [], "player": 0}),
        json.dumps({"game": "hearts(pass_cards=false)", "history": [0, 99], "player": 0}),
        json.dumps({"game": "hearts(pass_cards=false)", "history": history, "player": (player + 1) % 4}),
        json.dumps({"game": "hearts(pass_cards=false)", "history": history, "returns": True}),
        json.dumps(
            {"game": "hearts(pass_cards=false)", "history": history, "player": player, "simulations": 10}
        ),
    )
    assert [("error" in a) for a in answers] == [True, True, True, True, True, False]
    assert "not hearts" in answers[1]["error"]
    assert "not legal" in answers[2]["error"]
    assert "not to move" in answers[3]["error"]
    assert "not over" in answers[4]["error"]
    assert answers[5]["action"] in state.legal_actions()
