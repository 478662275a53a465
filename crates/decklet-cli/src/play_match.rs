//! `decklet play --match POINTS`: a match in the terminal of a game that plays matches
//! (UNO: rounds with its scoring), round after round, until a player's points reach
//! POINTS. The first seat moves on by one each round (as in every decklet match), so
//! you do not always start; the log saved is a match log that `decklet replay` checks
//! round by round.

use decklet::{GameLog, GameState, Player};
use decklet_catalog::{Catalog, MAX_MATCH_ROUNDS, Match, MatchReport, round_players};

use crate::console::{self, Lines, LogFile, SavedLog};
use crate::runner::bot_seed;
use crate::table::{RoundEnd, Table, YOU, finish, play_round, seats_line};

/// Round `round`'s players: the match's seating, named as `play` names them ("You",
/// then "Bot 2 (heuristic)", …).
fn named_players(kinds: &[String], round: u32) -> Vec<Player> {
    let mut players = round_players(kinds.len() + 1, round);
    for (i, player) in players.iter_mut().enumerate() {
        player.name = match i.checked_sub(1).and_then(|k| kinds.get(k)) {
            None => "You".to_string(),
            Some(kind) => format!("Bot {} ({kind})", i + 1),
        };
    }
    players
}

/// A player of the match as the table names them: `you`, or their id (`p2`).
fn who(state: &GameState, player: decklet::PlayerId) -> String {
    match state.player(player) {
        Some(p) if p.id == YOU => "you".to_string(),
        _ => state.id_text(player).into_owned(),
    }
}

/// The scores so far, one line: `you 70 | p2 0 | … (to 500)`.
fn scores_line(state: &GameState, report: &MatchReport, target: u32) -> String {
    let scores: Vec<String> = (state.players().zip(&report.scores))
        .map(|(player, score)| format!("{} {score}", who(state, player)))
        .collect();
    format!("Scores: {} (to {target})", scores.join(" | "))
}

/// Runs `decklet play --match TARGET`: `plan` the match (its seed the game's),
/// `kinds` the bots after you.
pub fn run(
    catalog: &Catalog,
    plan: &Match,
    kinds: &[String],
    log: Option<SavedLog>,
    again: &str,
) -> Result<(), String> {
    let loaded = plan.game();
    let seed = plan.seed();
    let target = plan.target();
    let bots = (kinds.iter().enumerate())
        .map(|(i, k)| catalog.bot(loaded, k, bot_seed(seed, i + 1)))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let mut table = Table {
        loaded: loaded.clone(),
        bots,
        you_bot: None,
        lines: Lines::stdin(),
        log,
    };
    let mut engine = None;
    let mut report = MatchReport::new(plan.players());
    let mut rounds: Vec<GameLog> = Vec::new();
    say!(
        "decklet {}: a match to {target} points, {} players. You are p1. (The seed is shown when the match ends.)",
        loaded.string(),
        plan.players()
    );
    for round in 0..MAX_MATCH_ROUNDS {
        let engine = (plan.deal_round(&mut engine, round, named_players(kinds, round)))
            .map_err(|e| e.to_string())?;
        let state = engine.state();
        let first = (state.current_player())
            .map(|p| match who(state, p).as_str() {
                "you" => "you play".to_string(),
                other => format!("{other} plays"),
            })
            .unwrap_or_default();
        say!();
        say!("Round {}: {first} first.", round + 1);
        say!("{}", seats_line(state));
        let played = |engine: &decklet::GameEngine| {
            let mut so_far = rounds.clone();
            so_far.push(engine.log());
            LogFile::Match(plan.log(&report, so_far))
        };
        let end = play_round(engine, &mut table, &played)?;
        let over = match end {
            RoundEnd::Stopped(end) => return end,
            RoundEnd::Left => true,
            RoundEnd::Over => {
                let score = plan.round_score(engine.state());
                let over = report.add_round(score, target);
                // the round's points were told with its last move
                say!("{}", scores_line(engine.state(), &report, target));
                over
            }
        };
        rounds.push(engine.log());
        if report.winner.is_some() {
            let state = engine.state();
            if let Some(winner) = report.winner.and_then(|w| state.players().nth(w)) {
                match who(state, winner).as_str() {
                    "you" => say!("You win the match!"),
                    other => say!("{other} wins the match."),
                }
            }
        }
        if !over && !next_round(&mut table.lines, round + 2) {
            say!("You leave the match.");
        } else if !over {
            continue;
        }
        let last = format!("Seed {seed}: `{again}` deals this match again.");
        let log = LogFile::Match(plan.log(&report, rounds));
        return finish(&last, table.log.take(), || log);
    }
    Err(format!(
        "the match did not end in {MAX_MATCH_ROUNDS} rounds"
    ))
}

/// Asks whether to play round `round` (Enter) or leave (`q`, or the input's end).
fn next_round(lines: &mut Lines, round: u32) -> bool {
    say!("(Enter for round {round}, q to leave the match)");
    console::prompt("> ");
    match lines.next_line() {
        Some(Ok(line)) => !line.trim().eq_ignore_ascii_case("q"),
        Some(Err(message)) => {
            say!("{message}");
            true
        }
        None => false,
    }
}
