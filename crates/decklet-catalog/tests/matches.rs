//! A match to 500: rounds scored, the first seat moving on, one seed and one log for
//! the whole match; a match log checked round by round, older UNO logs included.

use decklet_bots::{Bot, play_game};
use decklet_catalog::*;
use decklet_core::{EngineConfig, GameEngine, GameLog, GameStatus, Verify};
use decklet_uno::{UNO_VAR_ROUND_POINTS, new_uno_engine, uno_game};

fn catalog() -> Catalog {
    Catalog::standard()
}

/// UNO with scoring: the game every round of a plain UNO match plays.
const ROUNDS: &str = "uno(house=scoring)";

fn bots(n: usize, seed: u64) -> Vec<Box<dyn Bot>> {
    let uno = catalog().load("uno").unwrap();
    (0..n as u64)
        .map(|i| catalog().bot(&uno, "heuristic", seed * 100 + i).unwrap())
        .collect()
}

fn plan(seed: u64, players: usize, target: Option<u32>) -> Match {
    Match::new(&catalog().load("uno").unwrap(), seed, players, target).unwrap()
}

fn a_match(seed: u64, players: usize) -> (MatchReport, MatchLog) {
    plan(seed, players, None)
        .play(&mut bots(players, seed), 100_000)
        .unwrap()
}

fn replay(log: &MatchLog) -> Result<MatchReport, CatalogError> {
    replay_match(&catalog(), log)
}

/// An engine of the rounds' game.
fn rounds_engine() -> GameEngine {
    GameEngine::new(
        catalog().load(ROUNDS).unwrap().game(),
        EngineConfig::default(),
    )
}

#[test]
fn a_match_ends_when_a_player_reaches_the_target_and_only_then() {
    for seed in 0..6 {
        let (report, log) = a_match(seed, 4);
        let winner = report.winner.unwrap();
        assert!(report.scores[winner] >= 500);
        assert_eq!(log.winner, Some(format!("p{}", winner + 1)));
        assert_eq!(report.round_winners.last(), Some(&Some(winner)));
        assert!(!report.capped);
        // before the last round nobody had reached it: replay the scores round by round
        let mut scores = [0u32; 4];
        for (round, game) in log.rounds.iter().enumerate() {
            assert!(scores.iter().all(|s| *s < 500), "round {round}");
            let mut engine = rounds_engine();
            engine.replay(game, Verify::Required).unwrap();
            let state = engine.state();
            assert_eq!(state.status(), GameStatus::Finished);
            let w = report.round_winners[round].unwrap();
            assert_eq!(state.winners(), [state.players().nth(w).unwrap()]);
            scores[w] += state.variable(&UNO_VAR_ROUND_POINTS).unwrap() as u32;
        }
        assert_eq!(scores.to_vec(), report.scores);
        assert!(report.rounds() >= 2, "500 points take more than one round");
    }
}

#[test]
fn the_first_seat_moves_on_each_round() {
    let (report, log) = a_match(3, 3);
    assert!(report.rounds() >= 3);
    for (round, game) in log.rounds.iter().enumerate() {
        let mut engine = rounds_engine();
        engine.replay(game, Verify::Required).unwrap();
        let state = engine.state();
        let first = state.seat_order()[0];
        assert_eq!(
            state.id_text(first),
            format!("p{}", round % 3 + 1),
            "round {round}"
        );
        // the order round the table is the same every round
        let order: Vec<String> = state
            .seat_order()
            .iter()
            .map(|p| state.id_text(*p).into_owned())
            .collect();
        let mut expected: Vec<String> = (1..=3).map(|i| format!("p{i}")).collect();
        expected.rotate_left(round % 3);
        assert_eq!(order, expected);
        assert_eq!(game.seed, round_seed(3, round as u32));
    }
}

#[test]
fn one_seed_gives_one_match_and_its_log_replays_it() {
    let (report, log) = a_match(11, 4);
    let (again, log_again) = a_match(11, 4);
    assert_eq!(report, again);
    assert_eq!(log, log_again);
    assert_eq!(replay(&log).unwrap(), report);
    // through JSON too
    let text = serde_json::to_string(&log).unwrap();
    let read: MatchLog = serde_json::from_str(&text).unwrap();
    assert_eq!(replay(&read).unwrap(), report);
    let (other, _) = a_match(12, 4);
    assert_ne!(other.round_winners, report.round_winners);
}

#[test]
fn a_log_that_does_not_hold_together_is_refused() {
    let (_, log) = a_match(5, 3);
    let refused = |log: &MatchLog| matches!(replay(log), Err(CatalogError::Match { .. }));
    let mut scores = log.clone();
    scores.scores[0] += 1;
    assert!(refused(&scores));
    let mut winner = log.clone();
    winner.winner = Some("p9".into());
    assert!(refused(&winner));
    let mut short = log.clone();
    short.rounds.pop();
    assert!(refused(&short), "the match is not over");
    let mut long = log.clone();
    long.rounds.push(log.rounds[0].clone());
    assert!(refused(&long), "a round after the end");
    let mut swapped = log.clone();
    swapped.rounds.swap(0, 1);
    assert!(refused(&swapped), "rounds out of order");
    let mut target = log.clone();
    target.target = 5_000;
    assert!(refused(&target));
    let mut format = log.clone();
    format.format = "something".into();
    assert!(refused(&format));
    let mut rules = log.clone();
    rules.rules.push("uno-jump-in".into());
    assert!(refused(&rules), "a game string and rules both");
    let mut game = log.clone();
    game.game = Some("uno(house=scoring+jump-in)".into());
    assert!(refused(&game), "other plugins than the rounds ran");
    let mut unscored = log.clone();
    unscored.game = Some("uno".into());
    assert!(refused(&unscored), "a game that is not a match's rounds");
    // a round whose actions were changed fails its own replay
    let mut actions = log.clone();
    actions.rounds[0].actions.truncate(3);
    assert!(replay(&actions).is_err());
}

#[test]
fn the_target_and_the_rules_are_the_match_s() {
    let (report, _) = plan(2, 4, Some(50)).play(&mut bots(4, 2), 100_000).unwrap();
    let winner = report.winner.unwrap();
    assert!(report.scores[winner] >= 50);
    assert!(report.rounds() < a_match(2, 4).0.rounds());
    // with more rules: every round plays them, scoring added
    let uno = catalog().load("uno(house=call-uno+jump-in)").unwrap();
    let plan = Match::new(&uno, 2, 3, Some(150)).unwrap();
    assert_eq!(plan.game().string(), "uno(house=scoring+jump-in+call-uno)");
    let (report, log) = plan.play(&mut bots(3, 2), 100_000).unwrap();
    assert_eq!(log.game.as_deref(), Some(plan.game().string()));
    assert_eq!(replay(&log).unwrap(), report);
    assert_eq!(log.target, 150);
    // the official rules score already: the same game
    let official = catalog().load("uno(rules=official)").unwrap();
    let plan = Match::new(&official, 2, 3, None).unwrap();
    assert_eq!(plan.game().string(), "uno(rules=official)");
}

#[test]
fn bad_input_is_a_typed_error() {
    let err = plan(1, 3, None).play(&mut bots(2, 1), 1000).unwrap_err();
    assert!(matches!(err, CatalogError::Match { .. }), "{err:?}");
    let uno = catalog().load("uno").unwrap();
    for (players, target) in [(1, None), (11, None), (3, Some(0))] {
        assert!(Match::new(&uno, 1, players, target).is_err());
    }
    // a game whose rounds score no points has no matches
    let eights = catalog().load("crazy_eights").unwrap();
    let err = Match::new(&eights, 1, 3, None).unwrap_err();
    assert!(err.to_string().contains("has no matches"), "{err}");
}

/// A log written before matches were every game's (format `decklet-uno-match/1`, its
/// rules as plugin ids) still replays; a rule it cannot read is refused.
#[test]
fn an_older_uno_match_log_replays() {
    let (report, log) = a_match(4, 3);
    let mut old = log.clone();
    old.format = UNO_MATCH_LOG_FORMAT.into();
    old.game = None;
    old.rules = vec!["uno-scoring".into()];
    assert_eq!(replay(&old).unwrap(), report);
    let json = serde_json::to_value(&old).unwrap();
    assert!(
        json.get("game").is_none() && json["rules"].is_array(),
        "{json}"
    );
    for rules in [
        vec![],
        vec!["uno-nothing".to_string()],
        vec!["uno-jump-in".into()],
    ] {
        let mut bad = old.clone();
        bad.rules = rules;
        assert!(replay(&bad).is_err(), "{:?}", bad.rules);
    }
}

#[test]
fn round_seeds_differ() {
    let seeds: std::collections::HashSet<u64> = (0..1000).map(|r| round_seed(7, r)).collect();
    assert_eq!(seeds.len(), 1000);
    assert_ne!(round_seed(7, 0), round_seed(8, 0));
}

/// A forged round: one that starts from a recorded position (a finished game with a
/// winner on 500 points, a rigged deal) instead of being dealt from its seed. 0.2
/// adopted the position and "verified" the match.
#[test]
fn a_round_must_be_dealt_from_its_seed() {
    let (_, log) = a_match(5, 3);
    let mut finished = new_uno_engine(&uno_game(&[]).unwrap(), 77, 3).unwrap();
    let mut bots = bots(3, 77);
    play_game(&mut finished, &mut bots, 100_000).unwrap();
    let mut forged = log.clone();
    forged.rounds.truncate(1);
    forged.rounds[0].initial_state = Some(Box::new(finished.state().clone()));
    forged.rounds[0].actions.clear();
    let err = replay(&forged).unwrap_err();
    assert!(
        err.to_string().contains("starts from a recorded position"),
        "{err}"
    );
    // the same round with its own dealt start is fine: the rest of the log decides
    let mut rigged = log.clone();
    rigged.rounds[0].initial_state = Some(Box::new(
        new_uno_engine(&uno_game(&[]).unwrap(), 1, 3)
            .unwrap()
            .state()
            .clone(),
    ));
    assert!(replay(&rigged).is_err());
}

/// Counts are checked before anything is made from them: 0.2 allocated a score per
/// player first, and a 1,099,511,627,776-player log aborted the process.
#[test]
fn a_match_log_s_counts_are_checked_before_anything_is_allocated() {
    let (_, log) = a_match(5, 3);
    for players in [0, 1, 11, 30_000_000, 1_099_511_627_776] {
        let mut huge = log.clone();
        huge.players = players;
        let err = replay(&huge).unwrap_err();
        assert!(
            err.to_string().contains("2 to 10 players"),
            "{players}: {err}"
        );
    }
    let mut scores = log.clone();
    scores.scores.push(0);
    assert!(replay(&scores).unwrap_err().to_string().contains("scores"));
    let mut text = serde_json::to_value(&log).unwrap();
    text["players"] = serde_json::json!(1_099_511_627_776u64);
    let read: MatchLog = serde_json::from_value(text).unwrap();
    assert!(replay(&read).is_err());
    let mut format = log.clone();
    format.format = format!("\u{1b}]0;title\u{7}{}", "x".repeat(10_000));
    let err = replay(&format).unwrap_err().to_string();
    assert!(err.len() < 200 && !err.contains('\u{1b}'), "{err}");
}

/// `log` replayed (its final digest not checked) and logged again: a round cut or
/// changed by a test, with the digest of where it now ends.
fn resealed(log: &GameLog) -> GameLog {
    let mut engine = rounds_engine();
    let mut unsealed = log.clone();
    unsealed.final_digest = None;
    engine.replay(&unsealed, Verify::IfPresent).unwrap();
    engine.log()
}

/// A match left unfinished (as `decklet play --match` saves one when you leave) replays
/// as far as it goes: its rounds are verified, nobody has won, and it claims nothing
/// more. Claiming a winner, or other scores, is refused.
#[test]
fn a_match_left_unfinished_replays_as_far_as_it_goes() {
    let plan = plan(5, 3, None);
    let (full, log) = plan.play(&mut bots(3, 5), 100_000).unwrap();
    assert!(full.rounds() > 2);
    let mut partial = MatchReport {
        scores: vec![0; 3],
        ..MatchReport::default()
    };
    let mut rounds = Vec::new();
    for game in &log.rounds[..2] {
        let mut engine = rounds_engine();
        engine.replay(game, Verify::Required).unwrap();
        assert!(!partial.add_round(plan.round_score(engine.state()), plan.target()));
        rounds.push(game.clone());
    }
    // the third round, left after a few moves
    let mut third = log.rounds[2].clone();
    third.actions.truncate(5);
    rounds.push(resealed(&third));
    partial.add_round(None, plan.target());
    let unfinished = plan.log(&partial, rounds);
    let report = replay(&unfinished).unwrap();
    assert_eq!(report, partial);
    assert_eq!(
        (report.winner, report.capped, report.rounds()),
        (None, false, 3)
    );
    assert_eq!(report.round_winners[2], None);
    let mut claimed = unfinished.clone();
    claimed.winner = Some("p1".into());
    assert!(replay(&claimed).is_err());
    let mut scores = unfinished.clone();
    scores.scores = full.scores.clone();
    assert!(replay(&scores).is_err());
}

/// The players' names are for display: a log whose rounds name them otherwise (`play
/// --match` names you "You") replays; other ids or seats do not.
#[test]
fn a_match_s_players_may_be_named_otherwise_but_not_reseated() {
    let (report, log) = a_match(9, 3);
    let mut renamed = log.clone();
    for round in &mut renamed.rounds {
        for player in &mut round.players {
            player.name = format!("{} renamed", player.id);
        }
    }
    // names are part of the state, so every final digest changes with them
    for round in &mut renamed.rounds {
        *round = resealed(round);
    }
    assert_eq!(replay(&renamed).unwrap(), report);
    let mut reseated = log.clone();
    let players = &mut reseated.rounds[0].players;
    let (first, second) = (players[0].seat, players[1].seat);
    players[0].seat = second;
    players[1].seat = first;
    assert!(replay(&reseated).is_err());
}
