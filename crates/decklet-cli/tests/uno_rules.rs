//! UNO's rules as `simulate`, `tournament`, `play` and `replay` take them, in its game
//! string (`uno(rules=official,house=stacking+jump-in)`), and its bots that forget to
//! call UNO (`heuristic:forget=P`), driven through the real binary.

mod common;

use common::*;

#[test]
fn house_rules_are_played_logged_and_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&[
        "simulate",
        "--games",
        "20",
        "--players",
        "3",
        "--game",
        "uno(house=forced-play+draw-until-playable)",
        "--bots",
        "random,heuristic,ismcts:5",
        "--json",
        "--save-logs",
        dir.path().to_str().unwrap(),
    ]);
    // in the order the plugins are registered, whatever order they were named in
    assert_eq!(v["game"], "uno(house=draw-until-playable+forced-play)");
    assert_eq!(v["games"], 20);
    let log = dir.path().join("game-000003.json");
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("\"uno-forced-play\"") && text.contains("\"uno-draw-until-playable\""));
    let replay = run_ok(&["replay", log.to_str().unwrap()]);
    assert!(replay.contains("final state verified"), "{replay}");
    // the text summary names them
    let out = run_ok(&[
        "simulate",
        "--games",
        "5",
        "--game",
        "uno(house=forced-play)",
    ]);
    assert!(
        out.contains("simulate: uno(house=forced-play), 5 games"),
        "{out}"
    );
    // and so does a tournament
    let t = json(&[
        "tournament",
        "--games",
        "4",
        "--game",
        "uno(house=draw-until-playable)",
        "--json",
    ]);
    assert_eq!(t["game"], "uno(house=draw-until-playable)");
}

#[test]
fn an_unknown_house_rule_is_refused_with_the_known_ones() {
    for command in ["simulate", "tournament", "play"] {
        let err = run_err(&[command, "--game", "uno(house=stacking-everything)"]);
        assert!(err.contains("not `stacking-everything`"), "{err}");
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
        "--game",
        "uno(house=stacking-any+draw-until-playable+seven-zero)",
        "--json",
        "--save-logs",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(
        v["game"],
        "uno(house=draw-until-playable+seven-zero+stacking-any)"
    );
    let log = dir.path().join("game-000007.json");
    let replay = run_ok(&["replay", log.to_str().unwrap()]);
    assert!(replay.contains("final state verified"), "{replay}");
    let err = run_err(&["simulate", "--game", "uno(house=stacking+stacking-same)"]);
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
            "--game",
            "uno(house=forced-play+draw-until-playable)",
        ],
        3000,
    );
    assert!(out.contains("You win!") || out.contains(" wins."), "{out}");
    assert!(
        out.contains("`decklet play --game 'uno(house=draw-until-playable+forced-play)' --seed 4 --players 2`"),
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
            "--game",
            "uno(house=seven-zero+stacking)",
        ],
        600,
    );
    for needle in [
        // the game's narration of each move, the facts of the table, your new cards
        "the stacked penalty of 2 cards",
        "pending draw: 2",
        ") take the penalty (draw 2) (d)",
        "You receive ",
        " hands with p",
        "every hand passes to the next player",
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
            "--game",
            "uno(house=jump-in)",
        ],
        2000,
    );
    assert!(out.contains("You may move out of turn, before p"), "{out}");
    assert!(
        out.contains("(a move's number or key, or Enter to let play go on)"),
        "{out}"
    );
    assert!(out.contains("> Out of turn, you move:\nYou play "), "{out}");
    assert!(
        ["p2", "p3", "p4"]
            .iter()
            .any(|p| out.contains(&format!("Out of turn, {p} moves:\n{p} plays "))),
        "{out}"
    );
    assert!(out.contains("You win!") || out.contains(" wins."), "{out}");
}

#[test]
fn the_official_preset_plays_its_four_rules_and_replays() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&[
        "simulate",
        "--games",
        "40",
        "--game",
        "uno(rules=official)",
        "--bots",
        "heuristic:forget=0.5",
        "--json",
        "--save-logs",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(v["game"], "uno(rules=official)");
    let mut caught = 0;
    for game in 0..40 {
        let log = dir.path().join(format!("game-{game:06}.json"));
        let text = std::fs::read_to_string(&log).unwrap();
        caught += text.matches("\"UNO_CATCH\"").count();
        if game % 10 == 0 {
            let replay = run_ok(&["replay", log.to_str().unwrap()]);
            assert!(replay.contains("final state verified"), "{replay}");
        }
    }
    assert!(caught > 0, "forgetful bots are caught in 40 games");
    // the preset and the same rules named one by one are one game
    let named = json(&[
        "simulate",
        "--games",
        "40",
        "--game",
        "uno(house=call-uno+wd4-challenge+scoring+first-card)",
        "--bots",
        "heuristic:forget=0.5",
        "--json",
    ]);
    assert_eq!(named["game"], "uno(rules=official)");
    assert_eq!(named["winsBySeat"], v["winsBySeat"]);
    assert!(v["winsBySeat"].is_array());
}

#[test]
fn bad_rules_options_are_refused_with_a_message() {
    for command in ["simulate", "tournament", "play"] {
        let err = run_err(&[command, "--game", "uno(rules=casual)"]);
        assert!(
            err.contains("uno's rules is one of classic, official, not `casual`"),
            "{err}"
        );
        let bots = match command {
            "tournament" => "heuristic:forget=1.5,random",
            _ => "heuristic:forget=1.5",
        };
        let err = run_err(&[command, "--bots", bots]);
        assert!(
            err.contains("`heuristic:forget=1.5` is not a bot of uno"),
            "{err}"
        );
        // the rule options UNO once had are gone: its game string gives its rules
        let err = run_err(&[command, "--house", "stacking"]);
        assert!(err.contains("unexpected argument '--house'"), "{err}");
    }
    let err = run_err(&[
        "simulate",
        "--game",
        "uno(rules=official,house=stacking-same)",
    ]);
    assert!(err.contains("wd4-challenge and stacking-same"), "{err}");
}

#[test]
fn play_offers_calls_and_catches_and_tells_them() {
    let mut seen = String::new();
    for seed in ["2", "5"] {
        seen.push_str(&play_answering_1(
            &[
                "play",
                "--seed",
                seed,
                "--players",
                "3",
                "--game",
                "uno(rules=official)",
                "--bots",
                "heuristic:forget=0.5",
            ],
            3000,
        ));
    }
    for needle in [
        ") call UNO (u)",
        // a late call, offered to you before anyone may catch you
        "> Out of turn, you move:\nYou call UNO",
        "You catch p3 not calling UNO",
        "catches you not calling UNO",
        "decklet play --game 'uno(rules=official)' --seed 2 --players 3 --bots heuristic:forget=0.5",
    ] {
        assert!(seen.contains(needle), "missing `{needle}` in\n{seen}");
    }
}

#[test]
fn simulate_plays_matches_to_a_target_and_replay_checks_a_match_log() {
    let dir = tempfile::tempdir().unwrap();
    let v = json(&[
        "simulate",
        "--match",
        "300",
        "--games",
        "12",
        "--players",
        "3",
        "--bots",
        "heuristic",
        "--json",
        "--save-logs",
        dir.path().to_str().unwrap(),
    ]);
    assert_eq!(v["matches"], 12);
    assert_eq!(v["target"], 300);
    // every round plays UNO with its scoring
    assert_eq!(v["game"], "uno(house=scoring)");
    let wins: u64 = v["matchWins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["wins"].as_u64().unwrap())
        .sum();
    assert_eq!(wins + v["cappedMatches"].as_u64().unwrap(), 12);
    assert!(v["roundsPerMatch"]["mean"].as_f64().unwrap() > 1.0);
    // the same matches whatever the threads
    let one = json(&[
        "simulate",
        "--match",
        "300",
        "--games",
        "12",
        "--players",
        "3",
        "--bots",
        "heuristic",
        "--json",
        "--threads",
        "1",
    ]);
    assert_eq!(one["matchWins"], v["matchWins"]);
    assert_eq!(one["roundsPerMatch"], v["roundsPerMatch"]);
    // a saved match replays, round by round
    let log = dir.path().join("match-000004.json");
    let out = run_ok(&["replay", log.to_str().unwrap()]);
    assert!(out.contains("to 300 points, 3 players"), "{out}");
    assert!(out.contains("every round replayed and verified"), "{out}");
    assert!(out.contains("status      won by p"), "{out}");
    // a tampered one does not
    let text = std::fs::read_to_string(&log).unwrap();
    let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
    value["scores"][0] = serde_json::json!(9999);
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, value.to_string()).unwrap();
    let err = run_err(&["replay", bad.to_str().unwrap()]);
    assert!(err.contains("scores or winner differ"), "{err}");
    let err = run_err(&["replay", "--events", "json", log.to_str().unwrap()]);
    assert!(err.contains("is a match log"), "{err}");
}

#[test]
fn play_names_the_rules_and_shows_their_keys_beside_the_moves() {
    let classic = play_answering_1(&["play", "--seed", "3", "--players", "2"], 40);
    assert!(classic.contains("decklet uno: 2 players."), "{classic}");
    assert!(!classic.contains("call UNO"), "{classic}");
    let out = decklet()
        .args(["play", "--seed", "3", "--players", "2"])
        .write_stdin("u\nq\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("`u` (call UNO) is not a move now"), "{text}");
    let official: String = (3..9)
        .map(|seed| {
            play_answering_1(
                &[
                    "play",
                    "--seed",
                    &seed.to_string(),
                    "--players",
                    "2",
                    "--game",
                    "uno(rules=official,house=stacking)",
                ],
                400,
            )
        })
        .collect();
    assert!(
        official.contains("decklet uno(house=stacking,rules=official): 2 players."),
        "{official}"
    );
    assert!(official.contains(") call UNO (u)"), "{official}");
}

#[test]
fn a_pending_penalty_reads_as_one_and_its_cards_are_told() {
    let mut seen = String::new();
    for seed in 0..12 {
        seen.push_str(&play_answering_1(
            &[
                "play",
                "--seed",
                &seed.to_string(),
                "--players",
                "2",
                "--game",
                "uno(house=stacking)",
            ],
            400,
        ));
    }
    assert!(seen.contains("take the penalty (draw "), "{seen}");
    assert!(seen.contains("You receive "), "{seen}");
}

/// `play --match POINTS`: rounds scored until a player reaches POINTS, the scores told
/// after each round, the first seat moving on, and a match log that `replay` verifies.
#[test]
fn play_plays_a_match_to_a_target_and_saves_a_log_that_replays() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.json");
    let path = path.to_str().unwrap();
    let out = play_answering_1(
        &[
            "play",
            "--match",
            "200",
            "--seed",
            "5",
            "--players",
            "3",
            "--bots",
            "random",
            "--save-log",
            path,
        ],
        30_000,
    );
    assert!(
        out.contains("decklet uno(house=scoring): a match to 200 points, 3 players"),
        "{out}"
    );
    assert!(out.contains("Round 1: you play first."), "{out}");
    assert!(out.contains("Round 2: p2 plays first."), "{out}");
    assert!(
        out.contains("Seats: p2 random | p3 random | p1 you"),
        "{out}"
    );
    assert!(
        out.contains("(Enter for round 2, q to leave the match)"),
        "{out}"
    );
    let tables: Vec<&str> = out.lines().filter(|l| l.starts_with("Scores: ")).collect();
    assert!(tables.len() >= 2, "{out}");
    assert!(tables.iter().all(|t| t.ends_with("(to 200)")), "{out}");
    assert!(out.contains(" wins the match.") || out.contains("You win the match!"));
    assert!(out.contains(
        "`decklet play --seed 5 --players 3 --bots random --match 200` deals this match again."
    ));
    let replayed = run_ok(&["replay", path]);
    assert!(replayed.contains("to 200 points, 3 players"), "{replayed}");
    assert!(replayed.contains("status      won by p"), "{replayed}");
    assert!(
        replayed.contains("every round replayed and verified"),
        "{replayed}"
    );
    // the last table is the replay's scores
    let last = tables.last().unwrap();
    let points: Vec<&str> = last
        .trim_start_matches("Scores: ")
        .trim_end_matches(" (to 200)")
        .split(" | ")
        .map(|s| s.rsplit(' ').next().unwrap())
        .collect();
    let summary = format!(
        "scores      p1 {}, p2 {}, p3 {}",
        points[0], points[1], points[2]
    );
    assert!(replayed.contains(&summary), "{replayed}\n{last}");
}

/// Leaving a match between rounds (or in one) saves it as far as it went: `replay`
/// verifies it and calls it unfinished.
#[test]
fn a_match_left_early_is_saved_and_replays_as_unfinished() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("left.json");
    let path = path.to_str().unwrap();
    let out = decklet()
        .args(["play", "--match", "500", "--seed", "5", "--players", "3"])
        .args(["--bots", "random", "--save-log", path])
        .write_stdin("1\n".repeat(200) + "q\n")
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(&format!("Log saved to {path}.")), "{text}");
    let replayed = run_ok(&["replay", path]);
    assert!(
        replayed.contains("status      unfinished: left before anyone reached the target"),
        "{replayed}"
    );
}

#[test]
fn match_options_are_checked() {
    let err = run_err(&["play", "--match", "0"]);
    assert!(err.contains("--match"), "{err}");
    let err = run_err(&["play", "--game", "crazy-eights", "--match", "100"]);
    assert!(err.contains("crazy_eights has no matches"), "{err}");
}
