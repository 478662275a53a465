//! [`TournamentPlan`]: a tournament of named bots at any game of a catalogue, played in
//! pieces. The plan says which game each index is; a [`TournamentTally`] adds up any
//! set of games (in any order, split any way, to the same bits); the plan reports a
//! tally of every game as a [`TournamentSummary`]. `decklet tournament` plays the games
//! on a pool of threads; the Python package's `decklet.ray` spreads them over a Ray
//! cluster, and both report the same.
//!
//! Every group of `players` entries is a table (one table when there are as many
//! entries as seats); each table plays `games` games, rounded up to a multiple of the
//! players, and game `k` of a table seats its entries rotated by `k` places. In a game
//! of sides ([`GameDef::sides`](decklet_catalog::GameDef::sides): Whist's partners)
//! game `k` seats them in the `k`-th of their every order instead (24 at four
//! players, the games rounded up to a multiple of that; up to six players, rotated
//! beyond), so that each entry partners
//! every other equally often; a side's win is a win for each of its seats, the fair
//! share is one in the number of sides, and partners never count as beating each
//! other. Game `i`
//! of the whole run is dealt from `derive_seed(seed, i)` and the bot in seat `s` seeded
//! from that and `s`. A game's results are the game's scoring
//! ([`GameDef::scoring`](decklet_catalog::GameDef::scoring)): the best result wins (a
//! shared best shares the win), each entry's place is one more than the results above
//! it (a tie shares its places), and every pair with different results counts for the
//! Bradley–Terry ratings ([`rating`](crate::rating)); a game whose results are all
//! equal (a game cut short with no winner) is undecided.
//!
//! ```
//! use decklet_env::{TournamentPlan, TournamentSpec};
//! let spec = TournamentSpec::new("uno", &["random", "heuristic"], 2, 40, 7);
//! let plan = TournamentPlan::new(&spec)?;
//! let whole = plan.play_range(0..plan.games())?;
//! let mut split = plan.play_range(25..plan.games())?;
//! split.merge(&plan.play_range(0..25)?);
//! assert_eq!(split, whole);
//! let summary = plan.summary(&whole, 1, 0.0)?;
//! assert_eq!(serde_json::to_value(&summary)?["games"], 40);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::ops::Range;

use decklet_bots::{Bot, WIN_UNITS, play_game, wilson_95};
use decklet_catalog::{Catalog, LoadedGame};
use decklet_core::derive_seed;
use serde::{Deserialize, Serialize};

use crate::rating::{Pairwise, RatingPool};

/// The most entries a tournament takes.
pub const MAX_ENTRIES: usize = 16;

/// The most games a tournament plays in all.
pub const MAX_GAMES: u64 = 100_000_000;

/// What a tournament plays: the options of `decklet tournament`.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentSpec {
    /// The game string of a game of the catalogue (`uno`, `uno(rules=official)`,
    /// `crazy_eights`, `hearts(jd_bonus=true)`; `crazy-eights` is the old name of
    /// `crazy_eights`).
    pub game: String,
    /// The entries' bots by name, as the catalogue makes them (`random`, `ismcts:500`,
    /// `heuristic:forget=0.1`); a name given twice is two entries.
    pub bots: Vec<String>,
    /// Players a game: every group of this many entries is a table. 0: as many as the
    /// entries (one table, a bot a seat).
    pub players: usize,
    /// Games per table (rounded up to a multiple of the players; in a game of sides, of
    /// every order of the players: 24 at four).
    pub games: u64,
    /// The master seed.
    pub seed: u64,
    /// A game stops after this many actions (counted as capped).
    pub max_actions: u64,
}

impl TournamentSpec {
    /// `games` games of `game` between `bots`, `players` a game, seeded `seed`, a cap of
    /// 100,000 actions a game.
    pub fn new(game: &str, bots: &[&str], players: usize, games: u64, seed: u64) -> Self {
        TournamentSpec {
            game: game.to_string(),
            bots: bots.iter().map(ToString::to_string).collect(),
            players,
            games,
            seed,
            max_actions: 100_000,
        }
    }
}

/// A tournament ready to play, game by game.
pub struct TournamentPlan {
    spec: TournamentSpec,
    /// The entries' bots, by name.
    names: Vec<String>,
    catalog: Catalog,
    loaded: LoadedGame,
    players: usize,
    /// The side of each seat ([`GameDef::sides`](decklet_catalog::GameDef::sides)).
    sides: Vec<usize>,
    tables: Vec<Vec<usize>>,
    per_table: u64,
}

impl std::fmt::Debug for TournamentPlan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TournamentPlan")
            .field("spec", &self.spec)
            .finish_non_exhaustive()
    }
}

/// What games of a tournament add up to. Tallies of the same plan merge, in any
/// order, to the same totals bit for bit (every count is whole, and so is every
/// sum of results a game scores in whole numbers); their JSON (serde) carries them
/// between processes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TournamentTally {
    /// Games played.
    pub played: u64,
    /// Games played by each entry.
    pub games: Vec<u64>,
    /// Each entry's wins, in [`WIN_UNITS`] (a shared best shares the win).
    pub win_units: Vec<u64>,
    /// How often each entry finished at each place (`place_units[entry][0]`: first), in
    /// [`WIN_UNITS`] (a tie shares its places equally).
    pub place_units: Vec<Vec<u64>>,
    /// Each entry's results summed.
    pub scores: Vec<f64>,
    /// Who beat whom.
    pub pairwise: Pairwise,
    /// Games whose results were all equal.
    pub undecided: u64,
    /// Games that hit the action cap.
    pub capped: u64,
}

impl TournamentTally {
    /// Nothing yet, for `entries` entries.
    pub fn new(entries: usize) -> Self {
        TournamentTally {
            played: 0,
            games: vec![0; entries],
            win_units: vec![0; entries],
            place_units: vec![Vec::new(); entries],
            scores: vec![0.0; entries],
            pairwise: Pairwise::new(entries),
            undecided: 0,
            capped: 0,
        }
    }

    /// Adds another tally of the same plan.
    pub fn merge(&mut self, other: &TournamentTally) {
        let add = |a: &mut [u64], b: &[u64]| a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
        self.played += other.played;
        add(&mut self.games, &other.games);
        add(&mut self.win_units, &other.win_units);
        for (mine, theirs) in self.place_units.iter_mut().zip(&other.place_units) {
            if mine.len() < theirs.len() {
                mine.resize(theirs.len(), 0);
            }
            add(mine, theirs);
        }
        (self.scores.iter_mut())
            .zip(&other.scores)
            .for_each(|(a, b)| *a += b);
        self.pairwise.merge(&other.pairwise);
        self.undecided += other.undecided;
        self.capped += other.capped;
    }

    /// Adds one game: `seated[s]` is the entry in seat `s`, `results[s]` its result,
    /// `sides[s]` its side. A side's result is its best seat's: a side's win is a win
    /// for each of its seats, places are among the sides, and only seats of different
    /// sides beat one another.
    fn add_game(&mut self, seated: &[usize], results: &[f64], sides: &[usize], capped: bool) {
        self.played += 1;
        self.capped += u64::from(capped);
        let count = sides.iter().max().map_or(0, |s| s + 1);
        let mut by_side = vec![f64::NEG_INFINITY; count];
        for (&side, &result) in sides.iter().zip(results) {
            if let Some(best) = by_side.get_mut(side) {
                *best = best.max(result);
            }
        }
        let side_result = |seat: usize| {
            let side = sides.get(seat).copied().unwrap_or(usize::MAX);
            by_side.get(side).copied().unwrap_or(f64::NEG_INFINITY)
        };
        let best = by_side.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let decided = by_side.iter().any(|r| *r != best);
        self.undecided += u64::from(!decided);
        let sharing = by_side.iter().filter(|r| **r == best).count().max(1) as u64;
        for (seat, (&entry, &own)) in seated.iter().zip(results).enumerate() {
            let result = side_result(seat);
            let above = by_side.iter().filter(|r| **r > result).count();
            let tied = by_side.iter().filter(|r| **r == result).count().max(1);
            if let Some(games) = self.games.get_mut(entry) {
                *games += 1;
            }
            // places above+1 … above+tied, shared equally
            if let Some(places) = self.place_units.get_mut(entry) {
                if places.len() < count {
                    places.resize(count, 0);
                }
                for place in places.iter_mut().skip(above).take(tied) {
                    *place += WIN_UNITS / tied as u64;
                }
            }
            if let Some(score) = self.scores.get_mut(entry) {
                *score += own;
            }
            if decided
                && result == best
                && let Some(wins) = self.win_units.get_mut(entry)
            {
                *wins += WIN_UNITS / sharing;
            }
        }
        for (a, &winner) in seated.iter().enumerate() {
            for (b, &loser) in seated.iter().enumerate() {
                if sides.get(a) != sides.get(b) && side_result(a) > side_result(b) {
                    self.pairwise.add_win(winner, loser);
                }
            }
        }
    }
}

/// A tournament's report: what `decklet tournament --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TournamentSummary {
    /// The game's canonical game string (`uno(house=stacking)`, `hearts`).
    pub game: String,
    /// Games played.
    pub games: u64,
    /// Players a game.
    pub players: usize,
    /// The master seed.
    pub seed: u64,
    /// Sides a game: the players unless the game is played in sides (Whist: 2); a
    /// side's win is a win for each of its seats.
    pub sides: usize,
    /// Tables (groups of entries).
    pub tables: usize,
    /// Games each table played.
    pub games_per_table: u64,
    /// Worker threads (or processes) that played.
    pub threads: usize,
    /// Seconds it took.
    pub wall_seconds: f64,
    /// Games whose results were all equal (nobody won).
    pub undecided_games: u64,
    /// Games that hit the action cap.
    pub capped_games: u64,
    /// Best rating first.
    pub entries: Vec<TournamentEntry>,
}

/// One entry of a tournament.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TournamentEntry {
    /// Its bot (`random`, `random#2` for a second one).
    pub bot: String,
    /// Games played.
    pub games: u64,
    /// Games won (a shared best shares the win), to 4 places.
    pub wins: f64,
    /// Wins a game, to 4 places.
    pub win_rate: f64,
    /// The 95% Wilson interval of the win rate.
    pub ci95: [f64; 2],
    /// The win rate of an entry no better than the others (1 / sides: 1 / players
    /// in a game without sides).
    pub fair_share: f64,
    /// Its mean result by the game's scoring, to 4 places.
    pub mean_score: f64,
    /// Its mean place (1 is first; a tie shares its places), to 4 places.
    pub mean_place: f64,
    /// The share of its games at each place among the sides (first, second, …; a tie
    /// shares its places), to 4 places.
    pub places: Vec<f64>,
    /// Its Bradley–Terry rating, Elo scale, to 1 place.
    pub rating: f64,
    /// The half-width of the rating's 95% interval.
    pub rating_ci95: f64,
}

impl TournamentPlan {
    /// Checks the spec and builds the game and the tables, the game from the standard
    /// catalogue.
    pub fn new(spec: &TournamentSpec) -> Result<TournamentPlan, String> {
        TournamentPlan::with_catalog(spec, &Catalog::standard())
    }

    /// The same, the game and its bots from `catalog` (a game of your own included).
    pub fn with_catalog(
        spec: &TournamentSpec,
        catalog: &Catalog,
    ) -> Result<TournamentPlan, String> {
        if spec.games == 0 {
            return Err("a tournament plays at least 1 game".into());
        }
        if spec.bots.len() > MAX_ENTRIES {
            return Err(format!("{} bots (at most {MAX_ENTRIES})", spec.bots.len()));
        }
        let loaded = (catalog.load(spec.game.trim())).map_err(|e| e.to_string())?;
        let def = loaded.def();
        let names: Vec<String> = spec.bots.iter().map(|b| b.trim().to_string()).collect();
        let players = match spec.players {
            0 => names.len(),
            n => n,
        };
        let range = def.players();
        if !range.contains(&players) {
            return Err(format!(
                "{} is played by {} to {} players, not {players}",
                def.name(),
                range.start(),
                range.end()
            ));
        }
        if names.len() < players {
            return Err(format!(
                "{} bots for {players} seats: a table needs one bot per seat",
                names.len()
            ));
        }
        for name in &names {
            // checked now, so that making one in a game cannot fail
            catalog.bot(&loaded, name, 0).map_err(|e| e.to_string())?;
        }
        let sides = decklet_catalog::sides_of(def, players)?;
        let seatings = seatings(players, has_sides(&sides));
        let too_many = || format!("the tournament would play more than {MAX_GAMES} games");
        let per_table = (spec.games.div_ceil(seatings))
            .checked_mul(seatings)
            .ok_or_else(too_many)?;
        let tables = tables(names.len(), players);
        per_table
            .checked_mul(tables.len() as u64)
            .filter(|total| *total <= MAX_GAMES)
            .ok_or_else(too_many)?;
        Ok(TournamentPlan {
            spec: spec.clone(),
            names,
            catalog: catalog.clone(),
            loaded,
            players,
            sides,
            tables,
            per_table,
        })
    }

    /// What it plays.
    pub fn spec(&self) -> &TournamentSpec {
        &self.spec
    }

    /// Sides a game (the players, unless the game is played in sides).
    pub fn side_count(&self) -> usize {
        self.sides.iter().max().map_or(0, |s| s + 1)
    }

    /// How many games it plays: indices `0..games()`.
    pub fn games(&self) -> u64 {
        self.per_table * self.tables.len() as u64
    }

    /// A tally of no games yet.
    pub fn empty(&self) -> TournamentTally {
        TournamentTally::new(self.names.len())
    }

    /// Plays game `index` and adds it to `tally`.
    pub fn play(&self, index: u64, tally: &mut TournamentTally) -> Result<(), String> {
        let table = (self.tables)
            .get((index / self.per_table) as usize)
            .filter(|_| index < self.games())
            .ok_or_else(|| format!("game {index} of a tournament of {} games", self.games()))?;
        let seated = match has_sides(&self.sides) {
            true => permuted(table, index % self.per_table),
            false => seating(table, index % self.per_table),
        };
        let seed = game_seed(self.spec.seed, index);
        let mut engine = (self.loaded)
            .new_engine(seed, seated.len())
            .map_err(|e| format!("game {index}: {e}"))?;
        let mut bots: Vec<Box<dyn Bot>> = Vec::with_capacity(seated.len());
        for (seat, entry) in seated.iter().enumerate() {
            let name = self.names.get(*entry).ok_or("an entry past the last")?;
            let bot = (self.catalog)
                .bot(&self.loaded, name, bot_seed(seed, seat))
                .map_err(|e| e.to_string())?;
            bots.push(bot);
        }
        let report = play_game(&mut engine, &mut bots, self.spec.max_actions)
            .map_err(|e| format!("game {index}: {e}"))?;
        // the players in seat order are the engine's players in seat order
        let state = engine.state();
        let results = (self.loaded.def().scoring())(state);
        let by_seat: Vec<f64> = (state.seat_order().iter())
            .filter_map(|p| state.players().position(|q| q == *p))
            .filter_map(|i| results.get(i).copied())
            .collect();
        tally.add_game(&seated, &by_seat, &self.sides, report.capped);
        Ok(())
    }

    /// Plays the games `range` (clipped to the plan's) into a new tally.
    pub fn play_range(&self, range: Range<u64>) -> Result<TournamentTally, String> {
        let mut tally = self.empty();
        for index in range.start..range.end.min(self.games()) {
            self.play(index, &mut tally)?;
        }
        Ok(tally)
    }

    /// The report of a tally of every game: `threads` and `seconds` say how it ran.
    pub fn summary(
        &self,
        tally: &TournamentTally,
        threads: usize,
        seconds: f64,
    ) -> Result<TournamentSummary, String> {
        if tally.played != self.games() {
            return Err(format!(
                "a tally of {} games for a tournament of {}",
                tally.played,
                self.games()
            ));
        }
        let entries = self.names.len();
        if tally.games.len() != entries
            || tally.win_units.len() != entries
            || tally.place_units.len() != entries
            || tally
                .place_units
                .iter()
                .any(|p| p.len() > self.side_count())
            || tally.scores.len() != entries
            || tally.pairwise.entries() != Some(entries)
        {
            return Err(format!(
                "a tally of another number of entries than {entries}"
            ));
        }
        let ratings = tally.pairwise.ratings();
        let mut entries: Vec<TournamentEntry> = labels(&self.names)
            .into_iter()
            .enumerate()
            .map(|(i, bot)| {
                let games = tally.games.get(i).copied().unwrap_or(0);
                let per = |x: f64| round(x / games.max(1) as f64, 4);
                let wins = tally.win_units.get(i).copied().unwrap_or(0) as f64 / WIN_UNITS as f64;
                let (lo, hi) = wilson_95(wins, games as f64);
                let (rating, half) = ratings.get(i).copied().unwrap_or((0.0, 0.0));
                let shares: Vec<f64> = (0..self.side_count())
                    .map(|p| {
                        let units = tally.place_units.get(i).and_then(|u| u.get(p)).copied();
                        units.unwrap_or(0) as f64 / WIN_UNITS as f64
                    })
                    .collect();
                let places: f64 = shares
                    .iter()
                    .enumerate()
                    .map(|(p, n)| (p + 1) as f64 * n)
                    .sum();
                TournamentEntry {
                    bot,
                    games,
                    wins: round(wins, 4),
                    win_rate: per(wins),
                    ci95: [round(lo, 4), round(hi, 4)],
                    fair_share: round(1.0 / self.side_count().max(1) as f64, 4),
                    mean_score: per(tally.scores.get(i).copied().unwrap_or(0.0)),
                    mean_place: per(places),
                    places: shares.iter().map(|n| per(*n)).collect(),
                    rating: round(rating, 1),
                    rating_ci95: round(half, 1),
                }
            })
            .collect();
        entries.sort_by(|a, b| b.rating.total_cmp(&a.rating));
        Ok(TournamentSummary {
            game: self.loaded.string().to_string(),
            games: tally.played,
            players: self.players,
            sides: self.side_count(),
            seed: self.spec.seed,
            tables: self.tables.len(),
            games_per_table: self.per_table,
            threads,
            wall_seconds: round(seconds, 3),
            undecided_games: tally.undecided,
            capped_games: tally.capped,
            entries,
        })
    }
}

impl TournamentPlan {
    /// Adds a tally of every game to `pool` (ratings that carry across runs): its
    /// entries by their names, the pairs of every game. The pool must rate this plan's
    /// game.
    pub fn add_to_pool(
        &self,
        tally: &TournamentTally,
        pool: &mut RatingPool,
    ) -> Result<(), String> {
        if pool.game() != self.loaded.string() {
            return Err(format!(
                "the ratings are of {}, not {}",
                decklet_core::echo(pool.game()),
                self.loaded.string()
            ));
        }
        if tally.played != self.games() {
            return Err(format!(
                "a tally of {} games for a tournament of {}",
                tally.played,
                self.games()
            ));
        }
        pool.add(&labels(&self.names), &tally.pairwise, tally.played)
    }
}

/// The seed of game `index` under master seed `master`.
pub fn game_seed(master: u64, index: u64) -> u64 {
    derive_seed(master, index)
}

/// The seed of the bot in `seat` of a game seeded `game_seed`: the seat driver's
/// ([`decklet_bots::seat_seed`]), as every tool seeds its bots.
pub fn bot_seed(game_seed: u64, seat: usize) -> u64 {
    decklet_bots::seat_seed(game_seed, seat)
}

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

/// Whether two seats play for one side.
fn has_sides(sides: &[usize]) -> bool {
    sides
        .iter()
        .enumerate()
        .any(|(i, s)| sides[..i].contains(s))
}

/// The most players whose every seating a game of sides plays (6! = 720 seatings); a
/// larger game of sides rotates its entries as a game without sides does.
const MAX_PERMUTED: usize = 6;

/// How many games one round of a table's seatings takes: every order of its entries
/// in a game of sides (so that each entry sits in every seat and partners every other
/// equally often: 24 at four players), its rotations otherwise.
fn seatings(players: usize, sides: bool) -> u64 {
    match sides && players <= MAX_PERMUTED {
        true => (1..=players as u64).product(),
        false => players.max(1) as u64,
    }
}

/// Who sits where in game `k` of a table of a game of sides: the `k`-th order of its
/// entries (in the order of the factorial number system, modulo every order), or its
/// rotation by `k` places past [`MAX_PERMUTED`] players.
fn permuted(table: &[usize], k: u64) -> Vec<usize> {
    if table.len() > MAX_PERMUTED {
        return seating(table, k);
    }
    let mut left = table.to_vec();
    let mut k = k % seatings(table.len(), true);
    let mut out = Vec::with_capacity(table.len());
    while !left.is_empty() {
        let rest: u64 = (1..left.len() as u64).product();
        let at = (k / rest.max(1)) as usize % left.len();
        k %= rest.max(1);
        out.push(left.remove(at));
    }
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
fn labels(kinds: &[String]) -> Vec<String> {
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

/// `x` rounded to `places` decimals: a summary reports what its sampling supports, not
/// float noise.
pub fn round(x: f64, places: i32) -> f64 {
    let scale = 10f64.powi(places);
    (x * scale).round() / scale
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    #[test]
    fn places_wins_and_pairs_follow_the_results_ties_shared() {
        let mut tally = TournamentTally::new(4);
        // entries 2, 0, 3, 1 in seats 0..4; results 5, 9, 9, 1
        tally.add_game(&[2, 0, 3, 1], &[5.0, 9.0, 9.0, 1.0], &[0, 1, 2, 3], false);
        assert_eq!(tally.win_units, [WIN_UNITS / 2, 0, 0, WIN_UNITS / 2]);
        // places: entries 0 and 3 share 1st and 2nd, entry 2 is 3rd, entry 1 4th
        let (half, whole) = (WIN_UNITS / 2, WIN_UNITS);
        assert_eq!(tally.place_units[0], [half, half, 0, 0]);
        assert_eq!(tally.place_units[1], [0, 0, 0, whole]);
        assert_eq!(tally.place_units[2], [0, 0, whole, 0]);
        assert_eq!(tally.place_units[3], [half, half, 0, 0]);
        assert_eq!(tally.undecided, 0);
        // everyone equal: undecided, nobody wins, every place shared
        tally.add_game(&[0, 1], &[0.0, 0.0], &[0, 1], true);
        assert_eq!(tally.undecided, 1);
        assert_eq!(tally.capped, 1);
        assert_eq!(tally.win_units, [WIN_UNITS / 2, 0, 0, WIN_UNITS / 2]);
        assert_eq!(tally.place_units[0], [2 * half, 2 * half, 0, 0]);
        assert_eq!(tally.place_units[1], [half, half, 0, whole]);
        let mut whole = TournamentTally::new(4);
        whole.merge(&tally);
        assert_eq!(whole, tally);
    }

    #[test]
    fn a_side_s_win_is_a_whole_win_for_each_of_its_seats_and_partners_never_beat_each_other() {
        let mut tally = TournamentTally::new(4);
        // entries 0 and 2 partners (seats 0 and 2), against 1 and 3; side 0 wins
        tally.add_game(&[0, 1, 2, 3], &[1.0, 0.0, 1.0, 0.0], &[0, 1, 0, 1], false);
        assert_eq!(tally.win_units, [WIN_UNITS, 0, WIN_UNITS, 0]);
        // places among the two sides
        assert_eq!(tally.place_units[0], [WIN_UNITS, 0]);
        assert_eq!(tally.place_units[1], [0, WIN_UNITS]);
        // four pairs across the sides, none between partners
        let mut one = Pairwise::new(4);
        for (w, l) in [(0, 1), (0, 3), (2, 1), (2, 3)] {
            one.add_win(w, l);
        }
        assert_eq!(tally.pairwise, one);
    }

    #[test]
    fn in_a_game_of_sides_every_entry_sits_everywhere_and_partners_every_other_equally() {
        let sides = [0, 1, 0, 1];
        let table = [3, 5, 8, 9];
        let games = seatings(4, true);
        assert_eq!(games, 24);
        let (mut seats, mut partners) = (BTreeMap::new(), BTreeMap::new());
        for k in 0..games {
            let seated = permuted(&table, k);
            for (seat, entry) in seated.iter().enumerate() {
                *seats.entry((*entry, seat)).or_insert(0) += 1;
                for (other, partner) in seated.iter().enumerate() {
                    if other != seat && sides[other] == sides[seat] {
                        *partners.entry((*entry, *partner)).or_insert(0) += 1;
                    }
                }
            }
        }
        assert_eq!(seats.len(), 16);
        assert!(seats.values().all(|n| *n == 6), "{seats:?}");
        assert_eq!(partners.len(), 12);
        assert!(partners.values().all(|n| *n == 8), "{partners:?}");
    }

    #[test]
    fn every_group_of_seats_is_one_table() {
        assert_eq!(tables(3, 2), vec![vec![0, 1], vec![0, 2], vec![1, 2]]);
        assert_eq!(tables(4, 4), vec![vec![0, 1, 2, 3]]);
        assert_eq!(tables(5, 3).len(), 10);
    }

    #[test]
    fn over_a_table_s_games_every_entry_sits_in_every_seat_equally() {
        let table = [3, 5, 8, 9];
        let mut count = BTreeMap::new();
        for k in 0..12 {
            for (seat, entry) in seating(&table, k).into_iter().enumerate() {
                *count.entry((entry, seat)).or_insert(0) += 1;
            }
        }
        assert_eq!(count.len(), 16);
        assert!(count.values().all(|n| *n == 3));
    }
}
