//! `decklet replay FILE`: rebuild a game (or a whole match) from its log and verify
//! where it ends.

use std::fmt::Write as _;
use std::fs;
use std::io::Read;
use std::sync::{Arc, Mutex};

use decklet::{
    AnyEvent, DealCommitment, EngineConfig, GameEngine, GameLog, GameState, GameStatus, Id, Verify,
};
use decklet_catalog::{
    Catalog, LoadedGame, MATCH_LOG_FORMATS, MatchLog, MatchReport, replay_match,
};

use crate::output::write_stdout;
use crate::{EventsFormat, ReplayArgs};

/// The game a log was played under: loaded from the catalogue by its game string
/// (its options included), or, for a log that has none (written before logs carried
/// one), the game whose plugins it ran.
fn game_of(catalog: &Catalog, log: &GameLog) -> Result<LoadedGame, String> {
    catalog
        .load_log(log)
        .map_err(|e| format!("the log's game: {e}"))
}

/// The most characters of one text taken from a log that are printed (then cut, with
/// `…`): a hostile log cannot fill the terminal.
const MAX_PRINTED_CHARS: usize = 200;

/// Text from a log made safe for a terminal: control characters (which could move the
/// cursor or recolour the screen) are shown escaped, and a long text is cut after
/// [`MAX_PRINTED_CHARS`] characters.
fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4 * MAX_PRINTED_CHARS));
    for c in text.chars().take(MAX_PRINTED_CHARS) {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if text.chars().nth(MAX_PRINTED_CHARS).is_some() {
        out.push_str(&format!("… ({} bytes)", text.len()));
    }
    out
}

/// What a log file holds.
enum Log {
    /// One game, and the commitment to its seed when one came beside it (a server's
    /// match log).
    Game(GameLog, Option<DealCommitment>),
    /// A match: several games ([`MATCH_LOG_FORMATS`]).
    Match(MatchLog),
}

/// Only the format of a log, read first to know which log it is, and the deal's
/// commitment beside a game's log.
#[derive(serde::Deserialize)]
struct Format {
    #[serde(default)]
    format: String,
    #[serde(default)]
    deal: Option<DealCommitment>,
}

/// Reads the log file, refusing one larger than `--max-log-mib` (a UNO game's log is a
/// few kilobytes, a capped match's up to about 21 MB: a file far larger is not a log, or is
/// an attempt to exhaust memory).
fn read_log(args: &ReplayArgs) -> Result<Log, String> {
    let path = args.file.display();
    let max_bytes = args.max_log_mib.saturating_mul(1024 * 1024);
    let file = fs::File::open(&args.file).map_err(|e| format!("cannot read {path}: {e}"))?;
    let mut text = String::new();
    file.take(max_bytes.saturating_add(1))
        .read_to_string(&mut text)
        .map_err(|e| format!("cannot read {path}: {e}"))?;
    if text.len() as u64 > max_bytes {
        return Err(format!(
            "{path} is larger than {} MiB: not a game log (--max-log-mib raises the limit)",
            args.max_log_mib
        ));
    }
    let (format, deal) = serde_json::from_str::<Format>(&text)
        .map_or_else(|_| (String::new(), None), |f| (f.format, f.deal));
    if MATCH_LOG_FORMATS.contains(&format.as_str()) {
        return serde_json::from_str(&text)
            .map(Log::Match)
            .map_err(|e| format!("{path} is not a valid match log: {e}"));
    }
    serde_json::from_str(&text)
        .map(|log| Log::Game(log, deal))
        .map_err(|e| format!("{path} is not a valid game log: {e}"))
}

/// Replays a match log: every round, then the match's end.
fn run_match(args: &ReplayArgs, catalog: &Catalog, log: &MatchLog) -> Result<(), String> {
    let path = args.file.display();
    if args.events.is_some() {
        return Err(format!(
            "{path} is a match log: --events replays one game's log"
        ));
    }
    if args.commitment.is_some() || args.share.is_some() {
        return Err(format!(
            "{path} is a match log: --commitment and --share check a served match's log"
        ));
    }
    let report = replay_match(catalog, log).map_err(|e| format!("{path}: {e}"))?;
    write_stdout(&match_summary(log, &report))
}

/// The summary of a replayed match.
fn match_summary(log: &MatchLog, report: &MatchReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "match       seed {}, to {} points, {} players",
        log.seed, log.target, log.players
    );
    let game = match &log.game {
        Some(game) => printable(game),
        None => log
            .rules
            .iter()
            .map(|r| printable(r))
            .collect::<Vec<_>>()
            .join(", "),
    };
    let _ = writeln!(out, "plays       {game}");
    let winners: Vec<String> = report
        .round_winners
        .iter()
        .map(|w| w.map_or_else(|| "-".to_string(), |w| format!("p{}", w + 1)))
        .collect();
    let _ = writeln!(
        out,
        "rounds      {} (won by {})",
        report.rounds(),
        winners.join(", ")
    );
    let scores: Vec<String> = report
        .scores
        .iter()
        .enumerate()
        .map(|(i, s)| format!("p{} {s}", i + 1))
        .collect();
    let _ = writeln!(out, "scores      {}", scores.join(", "));
    let status = match report.winner {
        Some(w) => format!("won by p{}", w + 1),
        None if report.capped => "capped before anyone reached the target".to_string(),
        None => "unfinished: left before anyone reached the target".to_string(),
    };
    let _ = writeln!(out, "status      {status}");
    let _ = writeln!(out, "every round replayed and verified");
    out
}

/// Runs `decklet replay` with the games of `catalog`.
pub fn run(args: &ReplayArgs, catalog: &Catalog) -> Result<(), String> {
    let path = args.file.display();
    let (log, deal) = match read_log(args)? {
        Log::Game(log, deal) => (log, deal),
        Log::Match(log) => return run_match(args, catalog, &log),
    };
    let loaded = game_of(catalog, &log).map_err(|e| format!("{path}: {e}"))?;
    let deal_line = check_deal(
        &loaded,
        &log,
        deal.as_ref(),
        args.commitment.as_deref(),
        args.share
            .as_deref()
            .map(|share| (share, args.seat.and_then(|s| usize::try_from(s).ok()))),
    )
    .map_err(|e| format!("{path}: {e}"))?;
    let mut engine = GameEngine::new(loaded.game(), EngineConfig::default());
    let heard: Arc<Mutex<Vec<AnyEvent>>> = Arc::default();
    if args.events.is_some() {
        let heard = Arc::clone(&heard);
        engine.subscribe_all(move |event| {
            if let Ok(mut heard) = heard.lock() {
                heard.push(event.clone());
            }
        });
    }
    let verify = if args.allow_unverified {
        Verify::IfPresent
    } else {
        Verify::Required
    };
    let replayed = engine.replay(&log, verify);
    replayed.map_err(|e| format!("{path}: {e}"))?;
    let events = std::mem::take(&mut *heard.lock().map_err(|_| "event list poisoned")?);
    let out = match args.events {
        Some(EventsFormat::Json) => {
            let mut out = String::new();
            for event in &events {
                let json = event.to_json().map_err(|e| format!("{path}: {e}"))?;
                let _ = writeln!(out, "{json}");
            }
            out
        }
        Some(EventsFormat::Text) => narrate(&loaded, engine.state(), &events),
        None => summary(&loaded, &engine, &log) + &deal_line,
    };
    write_stdout(&out)
}

/// Checks the log's game, seats and seed against the deal's commitment beside it (and
/// that its players are the ones the game deals to, `p1`…`pN` in seats 1…N), that
/// commitment against the one its player was shown (`--commitment`), and that the
/// deal was drawn from the player's share at their seat (`--share`, `--seat`);
/// answers the summary's line of it (empty for a log with none).
fn check_deal(
    loaded: &LoadedGame,
    log: &GameLog,
    deal: Option<&DealCommitment>,
    shown: Option<&str>,
    share: Option<(&str, Option<usize>)>,
) -> Result<String, String> {
    let Some(deal) = deal else {
        return match (shown, share) {
            (None, None) => Ok(String::new()),
            _ => Err(
                "--commitment, --share: the log carries no deal to check (a served match's log has one)"
                    .into(),
            ),
        };
    };
    deal.check(log)
        .map_err(|e| format!("the deal does not match its commitment: {e}"))?;
    // the players the game deals to: their ids and seats decide who gets which hand
    let dealt = loaded
        .new_engine(log.seed, log.players.len())
        .map_err(|e| format!("the deal: {e}"))?
        .log();
    let seating = |log: &GameLog| -> Vec<(String, u32)> {
        log.players
            .iter()
            .map(|p| (p.id.to_string(), p.seat))
            .collect()
    };
    if seating(log) != seating(&dealt) || log.plugins != dealt.plugins {
        return Err(
            "the deal does not match its commitment: the log's players or plugins are not the ones the game deals to"
                .into(),
        );
    }
    if let Some(shown) = shown
        && !shown.trim().eq_ignore_ascii_case(&deal.commitment)
    {
        return Err(format!(
            "the match was committed to {}, not to the {} given: it is not the deal you were shown",
            printable(&deal.commitment),
            printable(shown.trim())
        ));
    }
    let mut notes = String::new();
    if let Some((share, seat)) = share {
        if deal.chosen {
            return Err("--share: the seed was chosen by the match's creator, not drawn from the players' shares".into());
        }
        let found = deal.seats_of_share(share);
        match (found.as_slice(), seat) {
            ([], _) => {
                return Err(format!(
                    "--share: the share {} is not one the deal was drawn from",
                    printable(share.trim())
                ));
            }
            (found, Some(seat)) if !found.contains(&seat.saturating_sub(1)) => {
                return Err(format!(
                    "--share: the share is seat {}'s in the deal, not seat {seat}'s",
                    found.first().map_or(0, |s| s + 1)
                ));
            }
            ([at], _) => {
                let _ = write!(notes, ", drawn with your share (seat {})", at + 1);
            }
            (_, _) => return Err("--share: the deal reveals that share at several seats".into()),
        }
    }
    if deal.chosen {
        notes.push_str(", a seed its creator chose");
    }
    let what = match deal.scheme {
        1 => "the seed matches (scheme 1: it binds the seed alone)",
        _ => "the game, seats and seed match",
    };
    let given = match shown {
        Some(_) => ", the one given",
        None => "",
    };
    Ok(format!(
        "deal        {what} the commitment {}{given}{notes}\n",
        printable(&deal.commitment)
    ))
}

/// The summary of a replayed game.
fn summary(loaded: &LoadedGame, engine: &GameEngine, log: &GameLog) -> String {
    let state = engine.state();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "game        {} (seed {})",
        printable(&log.game_id),
        log.seed
    );
    let players: Vec<String> = log
        .players
        .iter()
        .map(|p| format!("{} ({})", printable(&p.id), printable(&p.name)))
        .collect();
    if let Some(string) = &log.game {
        let _ = writeln!(out, "plays       {}", printable(string));
    }
    let _ = writeln!(out, "players     {}", players.join(", "));
    let plugins: Vec<String> = log
        .plugins
        .iter()
        .map(|p| format!("{}@{}", printable(&p.id), printable(&p.version)))
        .collect();
    let _ = writeln!(out, "plugins     {}", plugins.join(", "));
    let _ = writeln!(out, "actions     {}", log.actions.len());
    let _ = writeln!(out, "turns       {}", state.turn());
    let status = match state.status() {
        GameStatus::Finished => {
            let winners: Vec<String> = state.winners().iter().map(|w| text(state, *w)).collect();
            format!("finished, won by {}", winners.join(", "))
        }
        other => other.to_string(),
    };
    let _ = writeln!(out, "status      {status}");
    // a round of a match (a game scored as a match's rounds are): its winner's points
    let scoring = loaded.def().matches().filter(|s| {
        let string = loaded.string().parse().ok();
        let rounds = string.and_then(|g| (s.round_game)(&g).ok());
        rounds.is_some_and(|r| r.to_string() == loaded.string())
    });
    if let Some((winner, points)) = scoring.and_then(|s| (s.round_score)(state))
        && let Some(winner) = state.players().nth(winner)
    {
        let _ = writeln!(out, "points      {points} to {}", text(state, winner));
    }
    let _ = match &log.final_digest {
        Some(digest) => writeln!(out, "final state verified (digest {})", printable(digest)),
        None => writeln!(out, "final state not verified: the log carries no digest"),
    };
    out
}

/// An id's text, safe for a terminal.
fn text<I: Id>(state: &GameState, id: I) -> String {
    printable(&state.id_text(id))
}

/// The game told one line a move (its narration: [`decklet_catalog::GameDef::narrate`]),
/// or, for a game that does not narrate, one line an event (its type and payload);
/// each line's text from the log escaped.
fn narrate(loaded: &LoadedGame, state: &GameState, events: &[AnyEvent]) -> String {
    let lines = loaded.def().narrate(state, events).unwrap_or_else(|| {
        (events.iter())
            .map(|event| match event.to_json() {
                Ok(json) => format!("{} {}", event.kind(), json["payload"]),
                Err(_) => event.kind().to_string(),
            })
            .collect()
    });
    lines.iter().fold(String::new(), |mut out, line| {
        let _ = writeln!(out, "{}", printable(line));
        out
    })
}
