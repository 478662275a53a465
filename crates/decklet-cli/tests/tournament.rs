//! `decklet tournament`, and the search bot in `simulate` and `play`, driven through
//! the real binary.

mod common;

use common::*;

#[test]
fn a_round_robin_adds_up() {
    let v = json(&[
        "tournament",
        "--bots",
        "random,heuristic,ismcts:15",
        "--players",
        "2",
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
    let mut wins = 0.0;
    for e in entries {
        assert_eq!(e["games"], 20, "{e}");
        assert_eq!(e["fairShare"], 0.5);
        let rate = e["winRate"].as_f64().unwrap();
        let ci = e["ci95"].as_array().unwrap();
        assert!(ci[0].as_f64().unwrap() <= rate && rate <= ci[1].as_f64().unwrap());
        assert!(e["ratingCi95"].as_f64().unwrap() > 0.0);
        wins += e["wins"].as_f64().unwrap();
        // a place is 1 or 2, a tie 1.5 each
        let place = e["meanPlace"].as_f64().unwrap();
        assert!((1.0..=2.0).contains(&place), "{e}");
    }
    assert_eq!(wins + v["undecidedGames"].as_f64().unwrap(), 30.0);
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
        out.contains("decklet tournament: uno, 20 games, 2 players, 1 table(s) of 20 games"),
        "{out}"
    );
    assert!(out.contains("result  place  rating (95%)"), "{out}");
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
    assert!(err.contains("`clever` is not a bot of uno"), "{err}");
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
    assert!(out.contains("Seats: p1 you | p2 ismcts:10"), "{out}");
    assert!(out.contains("You win!") || out.contains(" wins."), "{out}");
}

/// `--ratings FILE` keeps the pairwise results of every run at one game: a second run
/// adds its games and its new entries, and the ratings over both are reported; a file
/// of another game, or one that is not a ratings file, is refused and left as it was.
#[test]
fn ratings_carry_across_runs_in_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("ratings.json");
    let path = file.to_str().unwrap();
    let run = |bots: &str| {
        json(&[
            "tournament",
            "--bots",
            bots,
            "--games",
            "30",
            "--ratings",
            path,
            "--json",
        ])
    };
    let first = run("random,heuristic");
    assert_eq!(first["pooledRatings"]["games"], 30);
    let second = run("ismcts:10,heuristic");
    let pooled = &second["pooledRatings"];
    assert_eq!(pooled["games"], 60);
    assert_eq!(pooled["file"], path);
    let mut names: Vec<&str> = pooled["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["bot"].as_str().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["heuristic", "ismcts:10", "random"]);
    // this run's own report rates its two entries alone
    assert_eq!(second["entries"].as_array().unwrap().len(), 2);
    let kept = std::fs::read_to_string(&file).unwrap();
    assert!(kept.contains("\"games\": 60"), "{kept}");
    // another game's run is refused, and the file is as it was
    let err = run_err(&[
        "tournament",
        "--game",
        "hearts",
        "--bots",
        "ducker,random,random,random",
        "--games",
        "4",
        "--ratings",
        path,
    ]);
    assert!(err.contains("the ratings are of uno, not hearts"), "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), kept);
    // so is a file that is not a ratings file, whole, or one with a count that is not
    let short = r#"{"format": "decklet-ratings/1", "game": "uno"}"#;
    let lopsided =
        r#"{"format":"decklet-ratings/1","game":"uno","bots":["a"],"games":1,"wins":[[0.5]]}"#;
    for (text, refusal) in [
        (short, "not a ratings file"),
        (lopsided, "not a whole number"),
    ] {
        std::fs::write(&file, text).unwrap();
        let args = [
            "--bots",
            "random,heuristic",
            "--games",
            "4",
            "--ratings",
            path,
        ];
        let err = run_err(&[&["tournament"][..], &args].concat());
        assert!(err.contains(refusal), "{err}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    }
}
