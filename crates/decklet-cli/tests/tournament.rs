//! `decklet tournament`, and the search bot in `simulate` and `play`, driven through
//! the real binary.

use assert_cmd::Command;
use serde_json::Value;

fn decklet() -> Command {
    Command::cargo_bin("decklet").unwrap()
}

fn run_ok(args: &[&str]) -> String {
    let out = decklet().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn run_err(args: &[&str]) -> String {
    let out = decklet().args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{args:?} should fail with status 1"
    );
    String::from_utf8(out.stderr).unwrap()
}

/// `decklet play` with `args`, answering `1` to `times` prompts; its output.
fn play_answering_1(args: &[&str], times: usize) -> String {
    let out = decklet()
        .args(args)
        .write_stdin("1\n".repeat(times))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&run_ok(args)).unwrap()
}

#[test]
fn a_round_robin_adds_up() {
    let v = json(&[
        "tournament",
        "--bots",
        "random,heuristic,ismcts:15",
        "--games",
        "9",
        "--json",
    ]);
    // three pairs; 9 games rounded up to 10 so both bots sit in both seats 5 times
    assert_eq!(v["tables"], 3);
    assert_eq!(v["gamesPerTable"], 10);
    assert_eq!(v["games"], 30);
    let entries = v["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 3);
    let mut wins = 0;
    for e in entries {
        assert_eq!(e["games"], 20, "{e}");
        assert_eq!(e["fairShare"], 0.5);
        let rate = e["winRate"].as_f64().unwrap();
        let ci = e["ci95"].as_array().unwrap();
        assert!(ci[0].as_f64().unwrap() <= rate && rate <= ci[1].as_f64().unwrap());
        assert!(e["ratingCi95"].as_f64().unwrap() > 0.0);
        wins += e["wins"].as_u64().unwrap();
    }
    assert_eq!(wins + v["unfinishedGames"].as_u64().unwrap(), 30);
    // best rating first, and the ratings average 0
    let ratings: Vec<f64> = entries
        .iter()
        .map(|e| e["rating"].as_f64().unwrap())
        .collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
    assert!(ratings.iter().sum::<f64>().abs() < 0.5, "{ratings:?}");
}

#[test]
fn a_tournament_does_not_depend_on_its_threads() {
    let args = |threads: &'static str| {
        let mut v = json(&[
            "tournament",
            "--bots",
            "random,heuristic,random",
            "--players",
            "3",
            "--games",
            "30",
            "--seed",
            "9",
            "--json",
            "--threads",
            threads,
        ]);
        let o = v.as_object_mut().unwrap();
        o.remove("wallSeconds");
        o.remove("threads");
        v
    };
    assert_eq!(args("1"), args("2"));
}

#[test]
fn every_bot_sits_in_every_seat_equally() {
    // four entries at four seats: one table, rotated; 5 games round up to 8
    let v = json(&[
        "tournament",
        "--bots",
        "heuristic,random,random,random",
        "--players",
        "4",
        "--games",
        "5",
        "--json",
    ]);
    assert_eq!(
        (v["tables"].as_u64(), v["gamesPerTable"].as_u64()),
        (Some(1), Some(8))
    );
    let entries = v["entries"].as_array().unwrap();
    let names: Vec<&str> = entries.iter().map(|e| e["bot"].as_str().unwrap()).collect();
    for name in ["heuristic", "random", "random#2", "random#3"] {
        assert!(names.contains(&name), "{names:?}");
    }
    assert!(
        entries
            .iter()
            .all(|e| e["games"] == 8 && e["fairShare"] == 0.25)
    );
}

#[test]
fn the_text_summary_has_a_line_per_bot() {
    let out = run_ok(&["tournament", "--bots", "random,heuristic", "--games", "20"]);
    assert!(
        out.contains("decklet tournament: 20 games, 2 players, 1 table(s) of 20 games"),
        "{out}"
    );
    assert!(out.contains("rating (95%)"), "{out}");
    assert!(
        out.lines().any(|l| l.trim_start().starts_with("random ")),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.trim_start().starts_with("heuristic ")),
        "{out}"
    );
}

#[test]
fn bad_tournaments_are_refused_with_a_message() {
    let err = run_err(&["tournament", "--bots", "random", "--players", "2"]);
    assert!(err.contains("1 bots for 2 seats"), "{err}");
    let err = run_err(&["tournament", "--bots", "random,ismcts:0"]);
    assert!(err.contains("iterations"), "{err}");
    let err = run_err(&["tournament", "--bots", "random,clever"]);
    assert!(err.contains("unknown bot `clever`"), "{err}");
    let err = run_err(&["tournament", "--games", "0"]);
    assert!(err.contains("--games"), "{err}");
    let err = run_err(&["tournament", "--players", "11"]);
    assert!(err.contains("--players"), "{err}");
    let many = vec!["random"; 17].join(",");
    let err = run_err(&["tournament", "--bots", &many]);
    assert!(err.contains("at most 16"), "{err}");
    let err = run_err(&["tournament", "--threads", "0"]);
    assert!(err.contains("--threads"), "{err}");
}

#[test]
fn simulate_and_play_seat_the_search_bot() {
    let v = json(&[
        "simulate",
        "--bots",
        "ismcts:10,random",
        "--players",
        "2",
        "--games",
        "4",
        "--json",
    ]);
    assert_eq!(v["bots"][0], "ismcts:10");
    let out = play_answering_1(
        &[
            "play",
            "--seed",
            "3",
            "--players",
            "2",
            "--bots",
            "ismcts:10",
        ],
        3000,
    );
    assert!(out.contains("Bot 2 (ismcts"), "{out}");
    assert!(out.contains("You win!") || out.contains(" wins."), "{out}");
}

#[test]
fn house_rules_are_played_logged_and_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&[
        "simulate",
        "--games",
        "20",
        "--players",
        "3",
        "--house",
        "forced-play,draw-until-playable",
        "--bots",
        "random,heuristic,ismcts:5",
        "--json",
        "--save-logs",
        dir.path().to_str().unwrap(),
    ]);
    // in the order the plugins are registered, whatever order they were named in
    assert_eq!(
        v["house"],
        serde_json::json!(["draw-until-playable", "forced-play"])
    );
    assert_eq!(v["games"], 20);
    let log = dir.path().join("game-000003.json");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("\"uno-forced-play\"") && text.contains("\"uno-draw-until-playable\""));
    let replay = run_ok(&["replay", log.to_str().unwrap()]);
    assert!(replay.contains("final state verified"), "{replay}");
    // the text summary names them
    let out = run_ok(&["simulate", "--games", "5", "--house", "forced-play"]);
    assert!(out.contains("house rules forced-play"), "{out}");
    // and so does a tournament
    let t = json(&[
        "tournament",
        "--games",
        "4",
        "--house",
        "draw-until-playable",
        "--json",
    ]);
    assert_eq!(t["house"], serde_json::json!(["draw-until-playable"]));
}

#[test]
fn an_unknown_house_rule_is_refused_with_the_known_ones() {
    for command in ["simulate", "tournament", "play"] {
        let err = run_err(&[command, "--house", "stacking-everything"]);
        assert!(
            err.contains("unknown house rule `stacking-everything`"),
            "{err}"
        );
        assert!(err.contains("draw-until-playable, forced-play"), "{err}");
    }
}

#[test]
fn stacking_plays_and_replays_and_takes_one_mode() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&[
        "simulate",
        "--games",
        "30",
        "--house",
        "stacking-any,draw-until-playable,seven-zero",
        "--json",
        "--save-logs",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(
        v["house"],
        serde_json::json!(["draw-until-playable", "seven-zero", "stacking-any"])
    );
    let log = dir.path().join("game-000007.json");
    let replay = run_ok(&["replay", log.to_str().unwrap()]);
    assert!(replay.contains("final state verified"), "{replay}");
    let err = run_err(&["simulate", "--house", "stacking,stacking-same"]);
    assert!(err.contains("choose one of stacking"), "{err}");
}

#[test]
fn play_takes_house_rules() {
    let out = play_answering_1(
        &[
            "play",
            "--seed",
            "4",
            "--players",
            "2",
            "--house",
            "forced-play,draw-until-playable",
        ],
        3000,
    );
    assert!(out.contains("You win!") || out.contains(" wins."), "{out}");
    assert!(
        out.contains("`decklet play --seed 4 --players 2 --house draw-until-playable,forced-play`"),
        "{out}"
    );
}

#[test]
fn play_tells_penalties_swaps_and_passed_hands() {
    let out = play_answering_1(
        &[
            "play",
            "--seed",
            "8",
            "--players",
            "3",
            "--house",
            "seven-zero,stacking",
        ],
        600,
    );
    for needle in [
        "must answer or draw 2",
        "Penalty pending: 2 cards (answer it, or draw them all)",
        "You drew ",
        "swaps hands with You",
        "every hand passes on",
    ] {
        assert!(out.contains(needle), "missing `{needle}` in\n{out}");
    }
}

#[test]
fn play_offers_you_a_jump_in_and_bots_jump_in_too() {
    let out = play_answering_1(
        &[
            "play",
            "--seed",
            "6",
            "--players",
            "4",
            "--house",
            "jump-in",
        ],
        2000,
    );
    assert!(out.contains("You may jump in, before Bot"), "{out}");
    assert!(
        out.contains("(a move's number, or Enter to let play go on)"),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("> You play ") && l.ends_with("(out of turn)")),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("Bot ") && l.ends_with("(out of turn)")),
        "{out}"
    );
    assert!(out.contains("You win!") || out.contains(" wins."), "{out}");
}
