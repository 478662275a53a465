//! A learnt policy is a bot of every command: `policy:FILE` in `simulate` and
//! `tournament`; a file of another game's encoding, of a game with no encoding of its
//! own, or no file at all, is a usage error that says why. The repository's policy,
//! learnt by `examples/python/learn.py`, beats the heuristic bot.

mod common;

use common::*;
use decklet::bots::Policy;
use decklet::bots::policy::{EncodingRef, Layer};
use serde_json::Value;

/// A policy of random weights for `game`'s encoding, written to a file in `dir`.
fn random_policy(dir: &std::path::Path, game: &str) -> String {
    let loaded = decklet_catalog::Catalog::standard().load(game).unwrap();
    let encoding = match loaded.encoding() {
        Some(own) => EncodingRef::of(&*own),
        // the generic one, at the game's fewest players
        None => {
            let players = *loaded.def().players().start();
            EncodingRef::of(&decklet_catalog::GenericEncoding::new(loaded, players).unwrap())
        }
    };
    let (inputs, outputs) = (encoding.observation_len, encoding.action_count + 1);
    let mut x = 7u32;
    let weights = (0..inputs * outputs)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (x >> 8) as f32 / (1u32 << 24) as f32 - 0.5
        })
        .collect();
    let layers = vec![Layer::Dense {
        inputs,
        outputs,
        weights,
        bias: vec![0.0; outputs],
    }];
    let path = dir.join(format!("{game}.json"));
    std::fs::write(&path, Policy::new(encoding, layers).unwrap().to_json()).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_policy_file_is_a_bot_of_simulate_and_tournament() {
    let dir = tempfile::tempdir().unwrap();
    let file = random_policy(dir.path(), "uno");
    let bot = format!("policy:{file}");
    let bots = format!("{bot},random");
    let heads_up = [
        "simulate",
        "--players",
        "2",
        "--games",
        "200",
        "--bots",
        &bots,
        "--json",
    ];
    let summary = json(&heads_up);
    assert_eq!(summary["winsBySeat"][0]["bot"], bot.as_str());
    assert_eq!(summary["games"], 200);
    // the same games whatever the threads: the bot is deterministic
    let one = json(&[&heads_up[..], &["--threads", "1"]].concat());
    assert_eq!(one["winsBySeat"], summary["winsBySeat"]);
    // it moves out of turn too (jump-in, calls) in official UNO (a network of random
    // weights may prefer drawing to playing: games among such bots need not end)
    let official = json(&[
        "simulate",
        "--game",
        "uno(rules=official,house=jump-in)",
        "--players",
        "3",
        "--games",
        "40",
        "--bots",
        &format!("{bot},random,random"),
        "--max-actions",
        "5000",
        "--json",
    ]);
    assert_eq!(official["games"], 40);
    let report = json(&[
        "tournament",
        "--bots",
        &format!("{bot},heuristic"),
        "--games",
        "40",
        "--json",
    ]);
    assert_eq!(report["entries"].as_array().unwrap().len(), 2);
}

/// A game with no encoding of its own plays a policy learnt with the generic one: as a
/// bot of `simulate` and of `tournament`, whose games it finishes.
#[test]
fn a_policy_of_the_generic_encoding_plays_its_game() {
    let dir = tempfile::tempdir().unwrap();
    let bot = format!("policy:{}", random_policy(dir.path(), "hearts"));
    let summary: Value = serde_json::from_str(&run_ok(&[
        "simulate", "--game", "hearts", "--bots", &bot, "--games", "4", "--json",
    ]))
    .unwrap();
    assert_eq!(summary["games"], 4);
    assert_eq!(summary["cappedGames"], 0, "{summary}");
    let bots = format!("{bot},ducker,random,random");
    let text = run_ok(&[
        "tournament",
        "--game",
        "hearts",
        "--bots",
        &bots,
        "--games",
        "4",
    ]);
    assert!(text.contains("policy:"), "{text}");
}

#[test]
fn a_policy_the_game_cannot_play_is_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let uno = format!("policy:{}", random_policy(dir.path(), "uno"));
    for (game, says) in [
        ("crazy_eights", "learnt with encoding `uno` v1"),
        (
            "hearts",
            "hearts plays policies of its generic encoding (`hearts` v1)",
        ),
    ] {
        let err = run_err(&["simulate", "--game", game, "--bots", &uno, "--games", "1"]);
        assert!(err.contains(says), "{game}: {err}");
    }
    let missing = dir.path().join("missing.json");
    let err = run_err(&[
        "simulate",
        "--bots",
        &format!("policy:{}", missing.display()),
    ]);
    assert!(
        err.contains("policy `") && err.contains("missing.json"),
        "{err}"
    );
    let garbage = dir.path().join("garbage.json");
    std::fs::write(&garbage, "{\"format\": \"decklet-policy/1\"").unwrap();
    let err = run_err(&[
        "simulate",
        "--bots",
        &format!("policy:{}", garbage.display()),
    ]);
    assert!(err.contains("not a policy file"), "{err}");
}

/// A policy file of the repository (`examples/policies/NAME`).
fn repository_policy(name: &str) -> String {
    format!(
        "{}/../../examples/policies/{name}",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The lower end of the 95% interval of the first bot of `bots` in a tournament of UNO,
/// `players` seats rotating, `games` games at seed 5 (checked to be that bot's entry).
fn first_bot_s_lower_bound(bots: &[&str], players: usize, games: usize) -> f64 {
    first_bot_s_lower_bound_in("uno", bots, players, games)
}

/// [`first_bot_s_lower_bound`] in `game`.
fn first_bot_s_lower_bound_in(game: &str, bots: &[&str], players: usize, games: usize) -> f64 {
    let report = json(&[
        "tournament",
        "--game",
        game,
        "--players",
        &players.to_string(),
        "--bots",
        &bots.join(","),
        "--games",
        &games.to_string(),
        "--seed",
        "5",
        "--json",
    ]);
    let entry = &report["entries"][0];
    assert_eq!(entry["bot"], bots[0], "{report}");
    entry["ci95"][0].as_f64().unwrap()
}

/// The policy in the repository, learnt heads-up against the heuristic bot by
/// `examples/python/learn.py` (`docs/learning.md`): it is one of UNO's encoding as it
/// is now (a change of the encoding must learn it again), and it beats the bot it
/// learnt against, seats rotating.
#[test]
fn the_repository_s_learnt_policy_beats_the_heuristic_bot() {
    let policy = format!("policy:{}", repository_policy("uno-heads-up.json"));
    let low = first_bot_s_lower_bound(&[&policy, "heuristic"], 2, 4_000);
    assert!(low > 0.5, "{low}");
}

/// A policy guides a search (`ismcts:N+policy:FILE`): the repository's policy as the
/// prior of a 100-iteration search wins against the same search unguided, seats
/// rotating (65.3% of 1,000 games at seed 5). A bot that does not search takes no
/// prior.
#[test]
fn a_policy_guides_the_search_and_only_the_search() {
    let file = repository_policy("uno-heads-up.json");
    let guided = format!("ismcts:100+policy:{file}");
    let low = first_bot_s_lower_bound(&[&guided, "ismcts:100"], 2, 400);
    assert!(low > 0.5, "{low}");
    let err = run_err(&[
        "simulate",
        "--players",
        "2",
        "--bots",
        &format!("heuristic+policy:{file},random"),
        "--games",
        "1",
    ]);
    assert!(err.contains("`heuristic` does not search"), "{err}");
}

/// The four-player policy in the repository, learnt in self-play by
/// `examples/python/learn.py` (`docs/learning.md`): against three heuristic bots, seats
/// rotating, it wins more than the fair share (27.0% [26.3%, 27.7%] at seed 5).
#[test]
fn the_repository_s_four_player_policy_wins_more_than_its_share() {
    let policy = format!("policy:{}", repository_policy("uno-four-players.json"));
    let low = first_bot_s_lower_bound(&[&policy, "heuristic", "heuristic", "heuristic"], 4, 16_000);
    assert!(low > 0.25, "{low}");
}

/// The Crazy Eights policy in the repository, learnt from the search by expert iteration
/// (`examples/python/expert_iteration.py` on the decisions of `ismcts:1000`,
/// `docs/learning.md`): one forward pass a move, it beats `strategist`, seats rotating
/// (56.9% [55.4%, 58.4%] of 4,000 games at seed 5).
#[test]
fn the_repository_s_crazy_eights_policy_beats_the_strategist() {
    let policy = format!("policy:{}", repository_policy("crazy-eights-heads-up.json"));
    let low = first_bot_s_lower_bound_in("crazy_eights", &[&policy, "strategist"], 2, 4_000);
    assert!(low > 0.5, "{low}");
}
