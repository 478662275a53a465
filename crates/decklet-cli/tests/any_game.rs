//! The commands on games of the catalogue other than UNO (Crazy Eights, Hearts):
//! `simulate`, `tournament`, `play` and `replay` take any game string, as they take
//! UNO's.

mod common;

use common::*;

#[test]
fn random_crazy_eights_games_are_summarised_and_the_same_for_any_number_of_threads() {
    let args = [
        "simulate",
        "--game",
        "crazy-eights",
        "--games",
        "300",
        "--players",
        "4",
        "--json",
    ];
    let summary = json(&[&args[..], &["--threads", "1"]].concat());
    assert_eq!(summary["game"], "crazy_eights");
    assert_eq!(summary["games"], 300);
    // the ways the games ended, each with its share
    let ends = &summary["ends"];
    let mut total = 0.0;
    for (ending, share) in ends.as_object().unwrap() {
        assert!(
            ["out", "turns", "passes", "capped"].contains(&ending.as_str()),
            "{ends}"
        );
        total += share.as_f64().unwrap();
    }
    assert!((total - 1.0).abs() < 1e-9, "{ends}");
    // random play: about a third of four-player games end with a player going out
    let out = ends["out"].as_f64().unwrap();
    assert!((0.25..0.45).contains(&out), "{out}");
    let seats = summary["winsBySeat"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    let two = json(&[&args[..], &["--threads", "2"]].concat());
    assert_eq!(two["winsBySeat"], summary["winsBySeat"]);
    assert_eq!(two["movesPerGame"], summary["movesPerGame"]);
    assert_eq!(two["ends"], summary["ends"]);
    // Crazy Eights counts nothing of its own
    assert_eq!(summary["counts"], serde_json::json!({}));
}

#[test]
fn the_strategist_goes_out_more_often_than_random_play() {
    let summary = json(&[
        "simulate",
        "--game",
        "crazy-eights",
        "--games",
        "300",
        "--players",
        "2",
        "--bots",
        "strategist,random",
        "--json",
    ]);
    let seats = summary["winsBySeat"].as_array().unwrap();
    assert_eq!(seats[0]["bot"], "strategist");
    assert!(
        seats[0]["wins"].as_f64().unwrap() > 2.0 * seats[1]["wins"].as_f64().unwrap(),
        "{summary}"
    );
}

#[test]
fn bad_crazy_eights_options_are_refused_with_what_is_wrong() {
    let err = run_err(&[
        "simulate",
        "--game",
        "crazy-eights",
        "--players",
        "16",
        "--games",
        "1",
    ]);
    assert!(err.contains("2 to 15"), "{err}");
    let err = run_err(&[
        "simulate",
        "--game",
        "crazy-eights",
        "--bots",
        "heuristic",
        "--games",
        "1",
    ]);
    assert!(
        err.contains("`heuristic` is not a bot of crazy_eights"),
        "{err}"
    );
    let c8 = ["simulate", "--game", "crazy-eights", "--games", "1"];
    let err = run_err(&[&c8[..], &["--match", "500"]].concat());
    assert!(
        err.contains("--match: crazy_eights has no matches"),
        "{err}"
    );
    let err = run_err(&["simulate", "--game", "go-fish", "--games", "1"]);
    assert!(
        err.contains("--game: `go-fish` is not a game of this catalogue"),
        "{err}"
    );
    let err = run_err(&[
        "simulate",
        "--game",
        "hearts(jd_bonus=maybe)",
        "--games",
        "1",
    ]);
    assert!(err.contains("true or false, not `maybe`"), "{err}");
    let err = run_err(&[
        "simulate",
        "--game",
        "hearts",
        "--players",
        "3",
        "--games",
        "1",
    ]);
    assert!(err.contains("hearts is played by 4 to 4, not 3"), "{err}");
}

#[test]
fn a_crazy_eights_log_replays_and_verifies() {
    use decklet::bots::{Bot, RandomBot, play_game};
    use decklet::crazy_eights::{CrazyEightsOptions, crazy_eights_game, new_crazy_eights_engine};
    let game = crazy_eights_game(CrazyEightsOptions::default()).unwrap();
    let mut engine = new_crazy_eights_engine(&game, 5, 3).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = (0..3)
        .map(|i| Box::new(RandomBot::new(i)) as Box<dyn Bot>)
        .collect();
    play_game(&mut engine, &mut bots, 10_000).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c8.json");
    std::fs::write(&path, serde_json::to_string(&engine.log()).unwrap()).unwrap();
    let out = run_ok(&["replay", path.to_str().unwrap()]);
    assert!(out.contains("verified"), "{out}");
    // an edited log does not verify
    let mut log = engine.log();
    log.seed += 1;
    std::fs::write(&path, serde_json::to_string(&log).unwrap()).unwrap();
    let err = run_err(&["replay", path.to_str().unwrap()]);
    assert!(err.contains("c8.json"), "{err}");
}

/// A log records its game string, options included: a Crazy Eights game with options
/// other than the defaults replays as that game; a log whose game string names an
/// unknown game or a bad parameter, or another game than its moves, is a clear error.
#[test]
fn a_log_replays_as_the_game_its_string_names_options_included() {
    use decklet::bots::{Bot, RandomBot, play_game};
    use decklet::crazy_eights::{CrazyEightsOptions, crazy_eights_game, new_crazy_eights_engine};
    let options = CrazyEightsOptions {
        max_draw_cards: 2,
        reshuffle: true,
        use_special_cards: true,
        ..CrazyEightsOptions::default()
    };
    let game = crazy_eights_game(options).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c8.json");
    let path = path.to_str().unwrap();
    let mut checked = 0;
    for seed in 0..10 {
        let mut engine = new_crazy_eights_engine(&game, seed, 4).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|i| Box::new(RandomBot::new(seed * 10 + i)) as Box<dyn Bot>)
            .collect();
        play_game(&mut engine, &mut bots, 10_000).unwrap();
        let log = engine.log();
        assert_eq!(
            log.game.as_deref(),
            Some("crazy_eights(max_draw_cards=2,reshuffle=true,use_special_cards=true)")
        );
        std::fs::write(path, serde_json::to_string(&log).unwrap()).unwrap();
        let out = run_ok(&["replay", path]);
        assert!(out.contains("final state verified"), "{out}");
        assert!(
            out.contains("plays       crazy_eights(max_draw_cards=2"),
            "{out}"
        );
        // the same moves under the default options are another game: without its
        // string the log replays as the defaults, and does not arrive where it did
        let mut bare = log.clone();
        bare.game = None;
        std::fs::write(path, serde_json::to_string(&bare).unwrap()).unwrap();
        let replayed = decklet().args(["replay", path]).output().unwrap();
        if !replayed.status.success() {
            checked += 1;
        }
    }
    // the options changed how at least some of these games went
    assert!(checked > 0, "no game's moves depended on the options");
    let mut engine = new_crazy_eights_engine(&game, 1, 2).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = (0..2)
        .map(|i| Box::new(RandomBot::new(i)) as Box<dyn Bot>)
        .collect();
    play_game(&mut engine, &mut bots, 10_000).unwrap();
    for (string, says) in [
        (
            "go_fish(players=4)",
            "`go_fish` is not a game of this catalogue (it has uno, crazy_eights, hearts, kuhn_poker, leduc_poker, mini_uno)",
        ),
        (
            "crazy_eights(max_draw_cards=0)",
            "crazy_eights's max_draw_cards is a whole number from 1 to 52, not `0`",
        ),
        (
            "crazy_eights(jokers=true)",
            "crazy_eights has no parameter `jokers`",
        ),
        (
            "crazy_eights(reshuffle",
            "the log's game: after the game's name comes",
        ),
        ("uno", "plugin list differs"),
    ] {
        let mut log = engine.log();
        log.game = Some(string.to_string());
        std::fs::write(path, serde_json::to_string(&log).unwrap()).unwrap();
        let err = run_err(&["replay", path]);
        assert!(err.contains(says), "{string}: {err}");
    }
}

#[test]
fn a_crazy_eights_tournament_rotates_the_seats_and_ranks_the_strategist_above_random_play() {
    let report = json(&[
        "tournament",
        "--game",
        "crazy-eights",
        "--bots",
        "strategist,random,random",
        "--games",
        "90",
        "--json",
    ]);
    assert_eq!(report["players"], 3);
    let entries = report["entries"].as_array().unwrap();
    let names: Vec<&str> = entries.iter().map(|e| e["bot"].as_str().unwrap()).collect();
    // best rating first
    assert_eq!(names[0], "strategist", "{report}");
    assert!(
        names.contains(&"random") && names.contains(&"random#2"),
        "{names:?}"
    );
    let wins: f64 = entries.iter().map(|e| e["wins"].as_f64().unwrap()).sum();
    let undecided = report["undecidedGames"].as_f64().unwrap();
    assert!((wins + undecided - 90.0).abs() < 1e-3, "{report}");
    assert!(entries[0]["winRate"].as_f64().unwrap() > 0.6, "{report}");
    // every entry sat in every seat equally often, and its places add up
    for e in entries {
        assert_eq!(e["games"], 90, "{e}");
        let place = e["meanPlace"].as_f64().unwrap();
        assert!((1.0..=3.0).contains(&place), "{e}");
    }
    let places: f64 = entries
        .iter()
        .map(|e| e["meanPlace"].as_f64().unwrap())
        .sum();
    assert!((places - 6.0).abs() < 1e-3, "{report}");
    let err = run_err(&[
        "tournament",
        "--game",
        "crazy-eights",
        "--bots",
        "strategist",
        "--games",
        "1",
    ]);
    assert!(err.contains("2 to 15"), "{err}");
}

/// `decklet play --game crazy-eights` with `input` on standard input.
fn play_c8(args: &[&str], input: &str) -> (String, String) {
    let out = decklet()
        .args(["play", "--game", "crazy-eights"])
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (text(&out.stdout), text(&out.stderr))
}

#[test]
fn crazy_eights_is_played_in_the_terminal_to_the_end_and_its_log_verifies() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("c8-play.json");
    // always the first listed move: a whole game, whatever it deals
    let input = "1\n".repeat(400);
    let args = ["--seed", "5", "--players", "3", "--bots", "random"];
    let log = ["--save-log", path.to_str().unwrap()];
    let (out, err) = play_c8(&[&args[..], &log[..]].concat(), &input);
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("Your hand: "), "{out}");
    assert!(out.contains("Your moves:\n  1) "), "{out}");
    assert!(
        out.contains("Seats: p1 you | p2 random | p3 random"),
        "{out}"
    );
    // the bots' moves in the game's words, by the seat's id
    assert!(
        out.contains("\np2: play ") || out.contains("\np2: draw a card"),
        "{out}"
    );
    assert!(out.contains("> You: play "), "{out}");
    assert!(out.contains("Game over ("), "{out}");
    assert!(
        out.contains("`decklet play --game crazy_eights --seed 5 --players 3 --bots random`"),
        "{out}"
    );
    let replayed = run_ok(&["replay", path.to_str().unwrap()]);
    assert!(replayed.contains("verified"), "{replayed}");
    // the same seed and moves deal and play the same game
    let (again, _) = play_c8(&args, &input);
    let game = |text: &str| text.split("Seed 5").next().unwrap_or("").to_string();
    assert_eq!(game(&again), game(&out));
}

#[test]
fn crazy_eights_play_explains_refused_input_and_stops_when_input_ends() {
    let (out, err) = play_c8(&["--seed", "5", "--players", "3"], "99\nwhat\nh\np\nq\n");
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("There is no move 99"), "{out}");
    assert!(out.contains("I don't understand `what`"), "{out}");
    // a key is the game's for one kind of move: `h` is none (a suit is named by its
    // number), `p` passes, when passing is a move
    assert!(out.contains("I don't understand `h`"), "{out}");
    assert!(out.contains("`p` (pass) is not a move now"), "{out}");
    assert!(out.contains(") draw a card (d)"), "{out}");
    assert!(out.contains("You quit the game."), "{out}");
    // `d` draws
    let (out, _) = play_c8(&["--seed", "5", "--players", "3"], "d\nq\n");
    assert!(out.contains("> You: draw a card\nYou receive "), "{out}");
    let (out, _) = play_c8(&["--seed", "5", "--players", "3"], "");
    assert!(out.contains("Input ended; leaving the game."), "{out}");
    let (_, err) = play_c8(&["--players", "1"], "");
    assert!(err.contains("2 to 15"), "{err}");
    let (_, err) = play_c8(&["--bots", "heuristic,random"], "");
    assert!(err.contains("2 bots for 3 seats"), "{err}");
}

#[test]
fn crazy_eights_simulations_save_every_game_s_log_and_each_replays() {
    let dir = tempfile::tempdir().unwrap();
    let logs = dir.path().join("logs");
    let logs_arg = logs.to_str().unwrap();
    let args = [
        "simulate",
        "--game",
        "crazy-eights",
        "--games",
        "3",
        "--save-logs",
    ];
    run_ok(&[&args[..], &[logs_arg, "--json"]].concat());
    let mut names: Vec<String> = std::fs::read_dir(&logs)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["game-000000.json", "game-000001.json", "game-000002.json"]
    );
    for name in names {
        let out = run_ok(&["replay", logs.join(name).to_str().unwrap()]);
        assert!(out.contains("verified"), "{out}");
    }
}

#[test]
fn hearts_is_simulated_and_its_own_bot_beats_random_play() {
    let summary = json(&[
        "simulate",
        "--game",
        "hearts",
        "--games",
        "200",
        "--bots",
        "ducker,random,random,random",
        "--json",
    ]);
    assert_eq!(summary["game"], "hearts");
    // a hand is 12 passes and 52 plays, or 52 plays when nobody passes
    let moves = summary["movesPerGame"]["mean"].as_f64().unwrap();
    assert!((52.0..=64.0).contains(&moves), "{moves}");
    let ends = &summary["ends"];
    let total = ends["points"].as_f64().unwrap() + ends["moon"].as_f64().unwrap_or(0.0);
    assert!((total - 1.0).abs() < 1e-9, "{ends}");
    let seats = summary["winsBySeat"].as_array().unwrap();
    let wins: Vec<f64> = seats.iter().map(|s| s["rate"].as_f64().unwrap()).collect();
    // a shared win counts as a share: every game has its winners
    assert!((wins.iter().sum::<f64>() - 1.0).abs() < 1e-3, "{wins:?}");
    assert!(wins[0] > 2.0 * wins[1], "{summary}");
    // the returns: 26 a game less the points taken, 78 in all without a moon
    let returns: f64 = seats.iter().map(|s| s["meanScore"].as_f64().unwrap()).sum();
    assert!((70.0..=78.0).contains(&returns), "{returns}");
    let report = json(&[
        "tournament",
        "--game",
        "hearts(pass_cards=false)",
        "--bots",
        "ducker,random,random,random",
        "--games",
        "80",
        "--json",
    ]);
    assert_eq!(report["game"], "hearts(pass_cards=false)");
    assert_eq!(report["games"], 80);
    let err = run_err(&[
        "tournament",
        "--game",
        "hearts",
        "--bots",
        "ducker,random",
        "--games",
        "1",
    ]);
    assert!(err.contains("played by 4 to 4 players, not 2"), "{err}");
}

#[test]
fn hearts_is_played_in_the_terminal_without_naming_a_card_passed_face_down() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hearts.json");
    let input = "1\n".repeat(100);
    let out = decklet()
        .args(["play", "--game", "hearts", "--bots", "random", "--seed"])
        .args(["3", "--save-log", path.to_str().unwrap()])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{text}");
    assert!(text.contains("Your hand: "), "{text}");
    // the cards you pass are in your passing zone, told as such, never a second hand
    assert!(text.contains("\nYour passing: "), "{text}");
    for shown in text.split("Your moves:") {
        assert!(shown.matches("Your hand: ").count() <= 1, "{shown}");
    }
    assert!(text.contains("\ntrick: "), "{text}");
    assert!(text.contains("Game over"), "{text}");
    let passes = text
        .matches("hearts pass (what it names is hidden from you)")
        .count();
    let plays = text.matches(": play ").count();
    // each bot passes three cards face down, unless the seed drew no pass
    assert!(passes == 9 || passes == 0, "{passes}\n{text}");
    assert_eq!(plays, 52, "{text}");
    let replayed = run_ok(&["replay", path.to_str().unwrap()]);
    assert!(replayed.contains("verified"), "{replayed}");
    assert!(replayed.contains("hearts"), "{replayed}");
}
