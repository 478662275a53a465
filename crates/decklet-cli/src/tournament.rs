//! `decklet tournament`: bots against each other, every bot in every seat equally
//! often, with win rates, 95% intervals and ratings.
//!
//! The entries are the `--bots` list (a name given twice is two entries). Every group
//! of `--players` entries is a table (one table when there are as many entries as
//! seats); each table plays `--games` games, rounded up to a multiple of the players,
//! and game `k` of a table seats its entries rotated by `k` places, so every entry sits
//! in every seat of every table equally often. Game `i` of the whole run is seeded from
//! the master seed and `i`, so the results do not depend on the threads.

use std::fmt::Write as _;

use decklet::uno::{Bot, BotKind, GameRunner};
use serde::Serialize;

use crate::TournamentArgs;
use crate::bots::{Rules, check_players, parse_kinds};
use crate::output::write_stdout;
use crate::rating::Pairwise;
use crate::runner::{
    INTERRUPTED, bot_seed, game_seed, play_all, progress, round, stop_on_signal, stopped,
    worker_pool,
};
use crate::stats::wilson_95;

/// The most entries a tournament takes.
pub const MAX_ENTRIES: usize = 16;

/// The most games a tournament plays in all.
pub const MAX_GAMES: u64 = 100_000_000;

/// The tables: every group of `players` entries out of `entries`, in order.
fn tables(entries: usize, players: usize) -> Vec<Vec<usize>> {
    fn extend(
        from: usize,
        entries: usize,
        left: usize,
        group: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if left == 0 {
            out.push(group.clone());
            return;
        }
        for next in from..entries {
            if entries - next < left {
                break;
            }
            group.push(next);
            extend(next + 1, entries, left - 1, group, out);
            group.pop();
        }
    }
    let mut out = Vec::new();
    extend(0, entries, players, &mut Vec::new(), &mut out);
    out
}

/// Who sits where in game `k` of a table: its entries rotated by `k` places.
fn seating(table: &[usize], k: u64) -> Vec<usize> {
    let players = table.len().max(1);
    let rotation = (k % players as u64) as usize;
    (0..table.len())
        .map(|seat| table[(seat + rotation) % players])
        .collect()
}

/// The entries' names: a bot's name, with `#2`, `#3`… on its repeats.
fn labels(kinds: &[BotKind]) -> Vec<String> {
    kinds
        .iter()
        .enumerate()
        .map(
            |(i, kind)| match kinds[..i].iter().filter(|k| *k == kind).count() {
                0 => kind.to_string(),
                n => format!("{kind}#{}", n + 1),
            },
        )
        .collect()
}

/// What the games add up to.
#[derive(Clone, Debug)]
struct Tally {
    games: Vec<u64>,
    wins: Vec<u64>,
    pairwise: Pairwise,
    played: u64,
    unfinished: u64,
    capped: u64,
}

impl Tally {
    fn new(entries: usize) -> Self {
        Tally {
            games: vec![0; entries],
            wins: vec![0; entries],
            pairwise: Pairwise::new(entries),
            played: 0,
            unfinished: 0,
            capped: 0,
        }
    }
}

impl crate::runner::Tally for Tally {
    /// The entries seated, in seat order, the winning entry, and whether it was capped.
    type Game = (Vec<usize>, Option<usize>, bool);

    fn add(mut self, (seated, winner, capped): Self::Game) -> Self {
        self.played += 1;
        self.capped += u64::from(capped);
        for &entry in &seated {
            if let Some(games) = self.games.get_mut(entry) {
                *games += 1;
            }
        }
        match winner {
            Some(entry) => {
                if let Some(wins) = self.wins.get_mut(entry) {
                    *wins += 1;
                }
                self.pairwise.add_game(&seated, entry);
            }
            None => self.unfinished += 1,
        }
        self
    }

    fn merge(mut self, other: Tally) -> Self {
        for (a, b) in self.games.iter_mut().zip(&other.games) {
            *a += b;
        }
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        self.pairwise.merge(&other.pairwise);
        self.played += other.played;
        self.unfinished += other.unfinished;
        self.capped += other.capped;
        self
    }
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Entry {
    bot: String,
    games: u64,
    wins: u64,
    win_rate: f64,
    ci95: [f64; 2],
    fair_share: f64,
    rating: f64,
    rating_ci95: f64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Summary {
    games: u64,
    players: usize,
    seed: u64,
    /// The house rules in play (none: the seeds' rules).
    house: Vec<String>,
    tables: usize,
    games_per_table: u64,
    threads: usize,
    wall_seconds: f64,
    unfinished_games: u64,
    capped_games: u64,
    /// Best rating first.
    entries: Vec<Entry>,
}

/// What a tournament plays: its entries, rules and tables.
struct Plan {
    kinds: Vec<BotKind>,
    rules: Rules,
    tables: Vec<Vec<usize>>,
    /// Games per table (a multiple of the players).
    per_table: u64,
}

/// Plays game `index` of the run: which table, which rotation, who won.
fn play_one(
    runner: &mut Option<GameRunner>,
    index: u64,
    args: &TournamentArgs,
    plan: &Plan,
) -> Result<(Vec<usize>, Option<usize>, bool), String> {
    let Plan {
        kinds,
        rules,
        tables,
        per_table,
    } = plan;
    let per_table = *per_table;
    let table = tables
        .get((index / per_table) as usize)
        .ok_or("a game past the last table")?;
    let seated = seating(table, index % per_table);
    let seed = game_seed(args.seed, index);
    // one runner per worker, reused: every game is created afresh on its engine
    let runner = runner.get_or_insert_with(|| GameRunner::new(&rules.game));
    let mut bots: Vec<Box<dyn Bot>> = seated
        .iter()
        .enumerate()
        .map(|(seat, entry)| rules.bot(kinds[*entry], bot_seed(seed, seat)))
        .collect();
    let report = runner
        .play(seed, &mut bots, args.max_actions)
        .map_err(|e| format!("game {index}: {e}"))?;
    let winner = report
        .winner_seat
        .and_then(|seat| seated.get(seat).copied());
    Ok((seated, winner, report.capped))
}

/// Runs `decklet tournament`.
pub fn run(args: &TournamentArgs) -> Result<(), String> {
    match args.game.as_str() {
        "uno" => {}
        "crazy-eights" => return crate::crazy_eights::tournament(args),
        other => {
            return Err(format!(
                "--game: `{}` is not a game here (uno, crazy-eights)",
                decklet::echo(other)
            ));
        }
    }
    check_players(args.players)?;
    let kinds = parse_kinds(&args.bots)?;
    if kinds.len() < args.players {
        return Err(format!(
            "--bots names {} bots for {} seats: a table needs one bot per seat",
            kinds.len(),
            args.players
        ));
    }
    if kinds.len() > MAX_ENTRIES {
        return Err(format!(
            "--bots names {} bots (at most {MAX_ENTRIES})",
            kinds.len()
        ));
    }
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let rules = Rules::parse(&args.rules)?;
    let players = args.players as u64;
    let per_table = args.games.div_ceil(players) * players;
    let tables = tables(kinds.len(), args.players);
    let plan = Plan {
        kinds,
        rules,
        tables,
        per_table,
    };
    let total = per_table
        .checked_mul(plan.tables.len() as u64)
        .filter(|total| *total <= MAX_GAMES)
        .ok_or_else(|| format!("the tournament would play more than {MAX_GAMES} games"))?;
    let (pool, threads) = worker_pool(args.threads)?;
    let bar = progress(total, args.json);
    stop_on_signal();
    let start = std::time::Instant::now();
    let entries = plan.kinds.len();
    let tally = play_all(
        &pool,
        total,
        &bar,
        || Tally::new(entries),
        |engine, index| play_one(engine, index, args, &plan),
    );
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    if stopped() {
        return Err(format!("{INTERRUPTED} after {seconds:.1} s"));
    }
    let tally = tally?;
    let summary = summarise(args, &plan, &tally, threads, seconds);
    let mut out = if args.json {
        serde_json::to_string_pretty(&summary).map_err(|e| e.to_string())?
    } else {
        text(&summary)
    };
    if args.json {
        out.push('\n');
    }
    write_stdout(&out)
}

fn summarise(
    args: &TournamentArgs,
    plan: &Plan,
    tally: &Tally,
    threads: usize,
    seconds: f64,
) -> Summary {
    let (kinds, house) = (&plan.kinds, &plan.rules.house);
    let ratings = tally.pairwise.ratings();
    let mut entries: Vec<Entry> = labels(kinds)
        .into_iter()
        .enumerate()
        .map(|(i, bot)| {
            let (games, wins) = (tally.games[i], tally.wins[i]);
            let (lo, hi) = wilson_95(wins, games);
            let (rating, half) = ratings.get(i).copied().unwrap_or((0.0, 0.0));
            Entry {
                bot,
                games,
                wins,
                win_rate: round(
                    if games == 0 {
                        0.0
                    } else {
                        wins as f64 / games as f64
                    },
                    4,
                ),
                ci95: [round(lo, 4), round(hi, 4)],
                fair_share: round(1.0 / args.players as f64, 4),
                rating: round(rating, 1),
                rating_ci95: round(half, 1),
            }
        })
        .collect();
    entries.sort_by(|a, b| b.rating.total_cmp(&a.rating));
    Summary {
        games: tally.played,
        players: args.players,
        seed: args.seed,
        house: house.iter().map(ToString::to_string).collect(),
        tables: plan.tables.len(),
        games_per_table: plan.per_table,
        threads,
        wall_seconds: round(seconds, 3),
        unfinished_games: tally.unfinished,
        capped_games: tally.capped,
        entries,
    }
}

/// The text summary.
fn text(s: &Summary) -> String {
    let mut out = String::new();
    let pct = |x: f64| format!("{:.1}%", x * 100.0);
    let _ = writeln!(
        out,
        "decklet tournament: {} games, {} players, {} table(s) of {} games, seed {}",
        s.games, s.players, s.tables, s.games_per_table, s.seed
    );
    let _ = writeln!(
        out,
        "  wall time {:.3} s on {} thread(s); {} unfinished, {} capped",
        s.wall_seconds, s.threads, s.unfinished_games, s.capped_games
    );
    let _ = writeln!(
        out,
        "  {:<16} {:>8} {:>8} {:>7}  {:<16} {:>6}  rating (95%)",
        "bot", "games", "wins", "rate", "95% interval", "fair"
    );
    for e in &s.entries {
        let interval = format!("[{}, {}]", pct(e.ci95[0]), pct(e.ci95[1]));
        let _ = writeln!(
            out,
            "  {:<16} {:>8} {:>8} {:>7}  {:<16} {:>6}  {:+.0} ± {:.0}",
            e.bot,
            e.games,
            e.wins,
            pct(e.win_rate),
            interval,
            pct(e.fair_share),
            e.rating,
            e.rating_ci95,
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_group_of_seats_is_one_table() {
        assert_eq!(tables(3, 2), vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(tables(4, 4), vec![vec![0, 1, 2, 3]]);
        assert_eq!(tables(5, 3).len(), 10);
    }

    #[test]
    fn over_a_table_s_games_every_entry_sits_in_every_seat_equally() {
        let table = [3, 5, 8, 9];
        let mut count = std::collections::BTreeMap::new();
        for k in 0..12 {
            for (seat, entry) in seating(&table, k).into_iter().enumerate() {
                *count.entry((entry, seat)).or_insert(0) += 1;
            }
        }
        assert_eq!(count.len(), 16);
        assert!(count.values().all(|&n| n == 3), "{count:?}");
    }

    #[test]
    fn repeated_bots_are_told_apart() {
        let kinds = [
            BotKind::Heuristic,
            BotKind::Random,
            BotKind::Heuristic,
            BotKind::Heuristic,
        ];
        assert_eq!(
            labels(&kinds),
            ["heuristic", "random", "heuristic#2", "heuristic#3"]
        );
    }
}
