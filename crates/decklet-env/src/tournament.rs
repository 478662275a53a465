//! [`TournamentPlan`]: a tournament of named bots at any game of a catalogue that can
//! be played in pieces. The plan says which game each index is; a [`TournamentTally`]
//! adds up any set of games (in any order, split any way, to the same bits); the plan
//! reports a tally of every game as a [`TournamentSummary`]. `decklet tournament`
//! plays the games on a pool of threads; the Python package's `decklet.ray` spreads
//! them over a Ray cluster, and both report the same.
//!
//! UNO: every group of `players` entries is a table; each table plays `games` games,
//! rounded up to a multiple of the players, and game `k` of a table seats its entries
//! rotated by `k` places. Game `i` of the whole run is dealt from
//! `derive_seed(seed, i)` and the bot in seat `s` seeded from that and `s`. Ratings are
//! Bradley–Terry ([`rating`](crate::rating)).
//!
//! Every other game (Crazy Eights, Hearts, a game of your own in your catalogue): one
//! table, a bot a seat; game `g` is dealt from `seed + g`, the seating rotated by `g`
//! ([`decklet_bots::Tournament`]); a game is won by the best result of the game's
//! scoring, a shared best sharing the win.
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
use std::sync::Arc;

use decklet_bots::{Bot, Entrant, Tournament, play_game, wilson_95};
use decklet_catalog::{Catalog, GameString, LoadedGame};
use decklet_core::{GameEngine, derive_seed, splitmix64};
use decklet_uno::{
    HeuristicBot, HouseRule, RuleSet, UNO_GAME, UNO_MAX_PLAYERS, UNO_MIN_PLAYERS, restart_uno_game,
    uno_game_string, uno_rules_of,
};
use serde::{Deserialize, Serialize};

use crate::rating::Pairwise;

/// The most entries a tournament takes.
pub const MAX_ENTRIES: usize = 16;

/// The most games a tournament plays in all.
pub const MAX_GAMES: u64 = 100_000_000;

/// What a tournament plays: the options of `decklet tournament`.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentSpec {
    /// The game string of a game of the catalogue (`uno`, `crazy_eights`,
    /// `hearts(jd_bonus=true)`; `crazy-eights` is the old name of `crazy_eights`).
    pub game: String,
    /// The entries' bots by name (a name given twice is two entries).
    pub bots: Vec<String>,
    /// Players a game (UNO; the other games seat one bot a seat).
    pub players: usize,
    /// UNO: games per table (rounded up to a multiple of the players); the other
    /// games: games.
    pub games: u64,
    /// The master seed.
    pub seed: u64,
    /// A game stops after this many actions (counted as capped).
    pub max_actions: u64,
    /// UNO's preset (`seeds`, `official`), unless the game string gives it.
    pub rules: String,
    /// UNO's house rules by name, unless the game string gives them.
    pub house: Vec<String>,
    /// How often UNO's heuristic bots forget to call UNO (0 to 1).
    pub forget_uno: f64,
}

impl TournamentSpec {
    /// `games` games of `game` between `bots`, `players` a game, seeded `seed`: UNO's
    /// default rules, a cap of 100,000 actions a game.
    pub fn new(game: &str, bots: &[&str], players: usize, games: u64, seed: u64) -> Self {
        TournamentSpec {
            game: game.to_string(),
            bots: bots.iter().map(ToString::to_string).collect(),
            players,
            games,
            seed,
            max_actions: 100_000,
            rules: RuleSet::Classic.as_str().to_string(),
            house: Vec::new(),
            forget_uno: 0.0,
        }
    }
}

/// A tournament ready to play, game by game.
pub struct TournamentPlan {
    spec: TournamentSpec,
    plan: Plan,
}

enum Plan {
    Uno(UnoPlan),
    Game(Tournament),
}

struct UnoPlan {
    /// The entries' bots, by name.
    kinds: Vec<String>,
    house: Vec<HouseRule>,
    catalog: Catalog,
    loaded: LoadedGame,
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

/// What a worker keeps between the games it plays (an UNO engine to reuse: every game
/// is dealt afresh on it).
#[derive(Default)]
pub struct Scratch(Option<GameEngine>);

/// What games of a tournament add up to. Tallies of the same plan merge, in any
/// order, to the same totals bit for bit; their JSON (serde) carries them between
/// processes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "game")]
pub enum TournamentTally {
    /// UNO's.
    #[serde(rename = "uno")]
    Uno {
        /// Games played by each entry.
        games: Vec<u64>,
        /// Games won by each entry.
        wins: Vec<u64>,
        /// Who beat whom.
        pairwise: Pairwise,
        /// Games played.
        played: u64,
        /// Games with no single winner.
        unfinished: u64,
        /// Games that hit the action cap.
        capped: u64,
    },
    /// Any other game's.
    #[serde(rename = "any")]
    Game {
        /// Games played.
        games: u64,
        /// Each entry's wins in [`decklet_bots::WIN_UNITS`].
        win_units: Vec<u64>,
        /// Each entry's summed result.
        scores: Vec<f64>,
        /// Games that hit the action cap.
        capped: u64,
    },
}

impl TournamentTally {
    /// Adds another tally of the same plan (a tally of the other game is ignored).
    pub fn merge(&mut self, other: &TournamentTally) {
        let add = |a: &mut [u64], b: &[u64]| a.iter_mut().zip(b).for_each(|(a, b)| *a += b);
        match (self, other) {
            (
                TournamentTally::Uno {
                    games,
                    wins,
                    pairwise,
                    played,
                    unfinished,
                    capped,
                },
                TournamentTally::Uno {
                    games: more_games,
                    wins: more_wins,
                    pairwise: more_pairwise,
                    played: more_played,
                    unfinished: more_unfinished,
                    capped: more_capped,
                },
            ) => {
                add(games, more_games);
                add(wins, more_wins);
                pairwise.merge(more_pairwise);
                *played += more_played;
                *unfinished += more_unfinished;
                *capped += more_capped;
            }
            (
                TournamentTally::Game {
                    games,
                    win_units,
                    scores,
                    capped,
                },
                TournamentTally::Game {
                    games: more_games,
                    win_units: more_units,
                    scores: more_scores,
                    capped: more_capped,
                },
            ) => {
                *games += more_games;
                add(win_units, more_units);
                scores
                    .iter_mut()
                    .zip(more_scores)
                    .for_each(|(a, b)| *a += b);
                *capped += more_capped;
            }
            _ => {}
        }
    }

    /// Games added.
    pub fn played(&self) -> u64 {
        match self {
            TournamentTally::Uno { played, .. } => *played,
            TournamentTally::Game { games, .. } => *games,
        }
    }
}

/// A tournament's report: what `decklet tournament --json` prints.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum TournamentSummary {
    /// UNO's.
    Uno(UnoSummary),
    /// Any other game's.
    Game(GameSummary),
}

/// An UNO tournament's report.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoSummary {
    /// Games played.
    pub games: u64,
    /// Players a game.
    pub players: usize,
    /// The master seed.
    pub seed: u64,
    /// The optional rules in play (none: the default rules).
    pub house: Vec<String>,
    /// Tables (groups of entries).
    pub tables: usize,
    /// Games each table played.
    pub games_per_table: u64,
    /// Worker threads (or processes) that played.
    pub threads: usize,
    /// Seconds it took.
    pub wall_seconds: f64,
    /// Games without a single winner.
    pub unfinished_games: u64,
    /// Games that hit the action cap.
    pub capped_games: u64,
    /// Best rating first.
    pub entries: Vec<UnoEntry>,
}

/// One entry of an UNO tournament.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UnoEntry {
    /// Its bot (`random`, `random#2` for a second one).
    pub bot: String,
    /// Games played.
    pub games: u64,
    /// Games won.
    pub wins: u64,
    /// Wins a game, to 4 places.
    pub win_rate: f64,
    /// The 95% Wilson interval of the win rate.
    pub ci95: [f64; 2],
    /// The win rate of an entry no better than the others (1 / players).
    pub fair_share: f64,
    /// Its Bradley–Terry rating, Elo scale, to 1 place.
    pub rating: f64,
    /// The half-width of the rating's 95% interval.
    pub rating_ci95: f64,
}

/// The report of a tournament at a game other than UNO.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameSummary {
    /// The game's canonical game string (`crazy_eights`, `hearts(jd_bonus=true)`).
    pub game: String,
    /// Games played.
    pub games: u64,
    /// Players a game.
    pub players: usize,
    /// The master seed.
    pub seed: u64,
    /// Games that hit the action cap.
    pub capped: u64,
    /// The entries, in the order given.
    pub entries: Vec<GameEntry>,
}

/// One entry of a tournament at a game other than UNO.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GameEntry {
    /// Its bot.
    pub name: String,
    /// Games played.
    pub games: u64,
    /// Games won (a shared best shares the win).
    pub wins: f64,
    /// Wins a game.
    pub win_rate: f64,
    /// The 95% Wilson interval of the win rate.
    pub ci95: [f64; 2],
    /// Its mean result, by the game's scoring.
    pub mean_score: f64,
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
        let string = game_string(&spec.game)?;
        let plan = match string.name.as_str() {
            UNO_GAME => Plan::Uno(uno_plan(spec, &string, catalog)?),
            _ => Plan::Game(catalog_plan(spec, &string, catalog)?),
        };
        Ok(TournamentPlan {
            spec: spec.clone(),
            plan,
        })
    }

    /// What it plays.
    pub fn spec(&self) -> &TournamentSpec {
        &self.spec
    }

    /// How many games it plays: indices `0..games()`.
    pub fn games(&self) -> u64 {
        match &self.plan {
            Plan::Uno(uno) => uno.per_table * uno.tables.len() as u64,
            Plan::Game(tournament) => tournament.games,
        }
    }

    /// A tally of no games yet.
    pub fn empty(&self) -> TournamentTally {
        match &self.plan {
            Plan::Uno(uno) => TournamentTally::Uno {
                games: vec![0; uno.kinds.len()],
                wins: vec![0; uno.kinds.len()],
                pairwise: Pairwise::new(uno.kinds.len()),
                played: 0,
                unfinished: 0,
                capped: 0,
            },
            Plan::Game(tournament) => {
                let tally = decklet_bots::TournamentTally::new(tournament.entrants.len());
                game_tally(tally)
            }
        }
    }

    /// Plays game `index` and adds it to `tally`, reusing `scratch` from game to game.
    pub fn play(
        &self,
        scratch: &mut Scratch,
        index: u64,
        tally: &mut TournamentTally,
    ) -> Result<(), String> {
        if index >= self.games() {
            return Err(format!(
                "game {index} of a tournament of {} games",
                self.games()
            ));
        }
        match &self.plan {
            Plan::Uno(uno) => uno.play(&self.spec, scratch, index, tally),
            Plan::Game(tournament) => {
                let one = tournament
                    .play_games(index..index + 1)
                    .map_err(|e| format!("game {index}: {e}"))?;
                tally.merge(&game_tally(one));
                Ok(())
            }
        }
    }

    /// Plays the games `range` (clipped to the plan's) into a new tally.
    pub fn play_range(&self, range: Range<u64>) -> Result<TournamentTally, String> {
        let mut tally = self.empty();
        let mut scratch = Scratch::default();
        for index in range.start..range.end.min(self.games()) {
            self.play(&mut scratch, index, &mut tally)?;
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
        if tally.played() != self.games() {
            return Err(format!(
                "a tally of {} games for a tournament of {}",
                tally.played(),
                self.games()
            ));
        }
        match (&self.plan, tally) {
            (
                Plan::Uno(uno),
                TournamentTally::Uno {
                    games,
                    wins,
                    pairwise,
                    played,
                    unfinished,
                    capped,
                },
            ) => {
                let entries = uno.kinds.len();
                if games.len() != entries
                    || wins.len() != entries
                    || pairwise.entries() != Some(entries)
                {
                    return Err(format!(
                        "a tally of another number of entries than {entries}"
                    ));
                }
                let ratings = pairwise.ratings();
                let mut entries: Vec<UnoEntry> = labels(&uno.kinds)
                    .into_iter()
                    .enumerate()
                    .map(|(i, bot)| {
                        let games = games.get(i).copied().unwrap_or(0);
                        let wins = wins.get(i).copied().unwrap_or(0);
                        let (lo, hi) = wilson_95(wins as f64, games as f64);
                        let (rating, half) = ratings.get(i).copied().unwrap_or((0.0, 0.0));
                        UnoEntry {
                            bot,
                            games,
                            wins,
                            win_rate: round(wins as f64 / games.max(1) as f64, 4),
                            ci95: [round(lo, 4), round(hi, 4)],
                            fair_share: round(1.0 / self.spec.players.max(1) as f64, 4),
                            rating: round(rating, 1),
                            rating_ci95: round(half, 1),
                        }
                    })
                    .collect();
                entries.sort_by(|a, b| b.rating.total_cmp(&a.rating));
                Ok(TournamentSummary::Uno(UnoSummary {
                    games: *played,
                    players: self.spec.players,
                    seed: self.spec.seed,
                    house: uno.house.iter().map(ToString::to_string).collect(),
                    tables: uno.tables.len(),
                    games_per_table: uno.per_table,
                    threads,
                    wall_seconds: round(seconds, 3),
                    unfinished_games: *unfinished,
                    capped_games: *capped,
                    entries,
                }))
            }
            (
                Plan::Game(tournament),
                TournamentTally::Game {
                    games,
                    win_units,
                    scores,
                    capped,
                },
            ) => {
                let entries = tournament.entrants.len();
                if win_units.len() != entries || scores.len() != entries {
                    return Err(format!(
                        "a tally of another number of entries than {entries}"
                    ));
                }
                let tally = decklet_bots::TournamentTally {
                    games: *games,
                    win_units: win_units.clone(),
                    scores: scores.clone(),
                    capped: *capped,
                };
                let report = tournament.report(&tally);
                Ok(TournamentSummary::Game(GameSummary {
                    game: tournament.game.string().unwrap_or_default().to_string(),
                    games: *games,
                    players: tournament.entrants.len(),
                    seed: self.spec.seed,
                    capped: report.capped,
                    entries: report
                        .standings
                        .iter()
                        .map(|s| GameEntry {
                            name: s.name.clone(),
                            games: s.games,
                            wins: s.wins,
                            win_rate: s.win_rate(),
                            ci95: [s.interval.0, s.interval.1],
                            mean_score: s.mean_score,
                        })
                        .collect(),
                }))
            }
            _ => Err("a tally of another game".into()),
        }
    }
}

fn game_tally(tally: decklet_bots::TournamentTally) -> TournamentTally {
    TournamentTally::Game {
        games: tally.games,
        win_units: tally.win_units,
        scores: tally.scores,
        capped: tally.capped,
    }
}

impl UnoPlan {
    fn play(
        &self,
        spec: &TournamentSpec,
        scratch: &mut Scratch,
        index: u64,
        tally: &mut TournamentTally,
    ) -> Result<(), String> {
        let table = self
            .tables
            .get((index / self.per_table) as usize)
            .ok_or("a game past the last table")?;
        let seated = seating(table, index % self.per_table);
        let seed = game_seed(spec.seed, index);
        // one engine per worker, reused: every game is dealt afresh on it
        let engine = match &mut scratch.0 {
            Some(engine) => engine,
            none => none.insert(GameEngine::new(self.loaded.game(), Default::default())),
        };
        restart_uno_game(engine, seed, seated.len()).map_err(|e| format!("game {index}: {e}"))?;
        let mut bots: Vec<Box<dyn Bot>> = Vec::with_capacity(seated.len());
        for (seat, entry) in seated.iter().enumerate() {
            let kind = self.kinds.get(*entry).ok_or("an entry past the last")?;
            bots.push(self.bot(kind, spec.forget_uno, bot_seed(seed, seat))?);
        }
        let report = play_game(engine, &mut bots, spec.max_actions)
            .map_err(|e| format!("game {index}: {e}"))?;
        let state = engine.state();
        let winner = match state.winners() {
            [winner] => state
                .seat_index(*winner)
                .and_then(|seat| seated.get(seat).copied()),
            _ => None,
        };
        if let TournamentTally::Uno {
            games,
            wins,
            pairwise,
            played,
            unfinished,
            capped,
        } = tally
        {
            *played += 1;
            *capped += u64::from(report.capped);
            for &entry in &seated {
                if let Some(games) = games.get_mut(entry) {
                    *games += 1;
                }
            }
            match winner {
                Some(entry) => {
                    if let Some(wins) = wins.get_mut(entry) {
                        *wins += 1;
                    }
                    pairwise.add_game(&seated, entry);
                }
                None => *unfinished += 1,
            }
        }
        Ok(())
    }
}

impl UnoPlan {
    /// The catalogue's UNO bot called `name` (a heuristic one forgetting to call UNO
    /// that often).
    fn bot(&self, name: &str, forget_uno: f64, seed: u64) -> Result<Box<dyn Bot>, String> {
        match name {
            "heuristic" => Ok(Box::new(HeuristicBot::new(seed).forgetting_uno(forget_uno))),
            name => (self.catalog)
                .bot(&self.loaded, name, seed)
                .map_err(|e| e.to_string()),
        }
    }
}

fn uno_plan(
    spec: &TournamentSpec,
    string: &GameString,
    catalog: &Catalog,
) -> Result<UnoPlan, String> {
    let players = spec.players;
    if !(UNO_MIN_PLAYERS..=UNO_MAX_PLAYERS).contains(&players) {
        return Err(format!(
            "UNO is played by {UNO_MIN_PLAYERS} to {UNO_MAX_PLAYERS} players, not {players}"
        ));
    }
    let kinds: Vec<String> = spec.bots.iter().map(|b| b.trim().to_string()).collect();
    if kinds.len() < players {
        return Err(format!(
            "{} bots for {players} seats: a table needs one bot per seat",
            kinds.len()
        ));
    }
    if !(0.0..=1.0).contains(&spec.forget_uno) {
        return Err(format!(
            "forgetting to call UNO is a probability from 0 to 1, not {}",
            spec.forget_uno
        ));
    }
    let house = match string.params.is_empty() {
        true => RuleSet::with_house(&spec.rules, spec.house.iter().map(String::as_str))?,
        false if spec.house.is_empty() && matches!(spec.rules.as_str(), "classic" | "seeds") => {
            uno_rules_of(string)?
        }
        false => {
            return Err(
                "give UNO's rules once: in the game string, or as the preset and house rules"
                    .into(),
            );
        }
    };
    let loaded = catalog
        .load(&uno_game_string(&house).to_string())
        .map_err(|e| e.to_string())?;
    for name in &kinds {
        // checked now, so that making one in a game cannot fail
        catalog.bot(&loaded, name, 0).map_err(|e| e.to_string())?;
    }
    let per_table = spec.games.div_ceil(players as u64) * players as u64;
    let tables = tables(kinds.len(), players);
    per_table
        .checked_mul(tables.len() as u64)
        .filter(|total| *total <= MAX_GAMES)
        .ok_or_else(|| format!("the tournament would play more than {MAX_GAMES} games"))?;
    Ok(UnoPlan {
        kinds,
        house,
        catalog: catalog.clone(),
        loaded,
        tables,
        per_table,
    })
}

/// A game string as a tournament takes it: `crazy-eights`, the old name, is
/// `crazy_eights`.
fn game_string(text: &str) -> Result<GameString, String> {
    let text = match text.trim() {
        "crazy-eights" => "crazy_eights",
        other => other,
    };
    text.parse::<GameString>().map_err(|e| e.to_string())
}

fn catalog_plan(
    spec: &TournamentSpec,
    string: &GameString,
    catalog: &Catalog,
) -> Result<Tournament, String> {
    let loaded = catalog
        .load(&string.to_string())
        .map_err(|e| e.to_string())?;
    let def = loaded.def();
    // one table, a bot a seat: the bots say how many play
    let players = spec.bots.len();
    let range = def.players();
    if !range.contains(&players) {
        return Err(format!(
            "{} is played by {} to {} (a bot a seat), not {players}",
            def.name(),
            range.start(),
            range.end()
        ));
    }
    if spec.games > MAX_GAMES {
        return Err(format!(
            "the tournament would play more than {MAX_GAMES} games"
        ));
    }
    let names: Vec<&str> = spec.bots.iter().map(|b| b.trim()).collect();
    let mut entrants = Vec::with_capacity(names.len());
    for (i, name) in names.iter().enumerate() {
        // checked now, so that making one in a game cannot fail
        catalog.bot(&loaded, name, 0).map_err(|e| e.to_string())?;
        // a bot named twice is two entries: `random`, `random#2`
        let label = match names[..i].iter().filter(|n| *n == name).count() {
            0 => name.to_string(),
            n => format!("{name}#{}", n + 1),
        };
        let (name, catalog, loaded) = (name.to_string(), catalog.clone(), loaded.clone());
        entrants.push(Entrant::new(label, move |seed| {
            catalog
                .bot(&loaded, &name, seed)
                .unwrap_or_else(|_| Box::new(decklet_bots::RandomBot::new(seed)))
        }));
    }
    let scoring = def.scoring();
    let dealer = loaded.clone();
    Ok(Tournament {
        game: Arc::clone(loaded.game()),
        entrants,
        games: spec.games,
        seed: spec.seed,
        max_moves: spec.max_actions,
        scoring,
        new_match: Arc::new(move |game, seed, players| {
            dealer.def().new_engine(game, seed, players)
        }),
    })
}

/// The seed of game `index` under master seed `master`.
pub fn game_seed(master: u64, index: u64) -> u64 {
    derive_seed(master, index)
}

/// The seed of the bot in `seat` of a game seeded `game_seed`.
pub fn bot_seed(game_seed: u64, seat: usize) -> u64 {
    splitmix64(game_seed ^ (seat as u64 + 1).wrapping_mul(0xd6e8_feb8_6659_fd93))
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
        assert!(count.values().all(|n| *n == 3));
    }
}
