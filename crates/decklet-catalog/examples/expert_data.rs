//! Expert iteration's data: games of a search bot against itself, each of its
//! decisions written as what the deciding seat observed (the game's encoding, as a
//! policy reads it), how often the search visited each action index (the target a
//! policy learns towards), which indices were legal, and how the game ended for the
//! seat. `examples/python/expert_iteration.py` learns a policy from it.
//!
//! ```sh
//! cargo run --release -p decklet-catalog --example expert_data -- \
//!     --game uno --players 2 --bot 'ismcts:1000+policy:examples/policies/uno-heads-up.json' \
//!     --games 2000 --seed 1 --out data.bin
//! ```
//!
//! Every seat plays the bot (`--bot`, any name the catalogue knows: a search guided by
//! a policy is the expert of expert iteration), seeded from `--seed` and the game's
//! number, so the file is the same whatever `--threads`. A decision with one move
//! teaches nothing and is left out; a decision made without searching (a move out of
//! turn, a search's own rule) is written with the move made as its whole target.
//!
//! The file: the bytes `DKEX`, then `u32` little-endian: version (1), observation
//! length `L`, action indices `A` (the encoding's actions and *wait*), rows; then each
//! row as `f32` little-endian: the observation (`L`), the target (`A`, summing to 1),
//! the mask (`A`, 1 for a legal index), the seat's final reward (win 1, else 0 or −1
//! as the game's win rewards give).

use std::io::Write;
use std::sync::{Arc, Mutex};

use decklet_bots::encoding::{Encoding, LastMoves, RewardMode};
use decklet_bots::{Bot, Prior, play_game};
use decklet_catalog::{Catalog, LoadedGame};
use decklet_core::{AnyEvent, InfoState, Moves, PlayerId};

/// A game's rows by its number, each with the seat's final reward.
type GameRows = (u64, Vec<(Row, f32)>);

/// One decision as the file keeps it.
struct Row {
    seat: usize,
    obs: Vec<f32>,
    target: Vec<f32>,
    mask: Vec<f32>,
}

/// Plays a bot and writes down each of its decisions: the observation as a
/// [`decklet_bots::PolicyBot`] of the encoding would make it (the same [`LastMoves`]
/// kept from what it hears), and what the bot searched.
struct Recorder {
    inner: Box<dyn Bot>,
    encoding: Arc<dyn Encoding>,
    last: LastMoves,
    rows: Arc<Mutex<Vec<Row>>>,
}

impl Recorder {
    fn record(&mut self, info: &InfoState, moves: &Moves, chosen: Option<usize>, window: bool) {
        // a turn the bot gave up teaches nothing (wait is no move on a turn)
        if chosen.is_none() && !window {
            return;
        }
        let actions = self.encoding.action_count();
        let wait = actions;
        let mut obs = vec![0.0; self.encoding.observation_len()];
        let last = self.last.classes(info.player_count());
        self.encoding.encode(info, last, &mut obs);
        let (known, seat) = (info.known(), info.seat());
        let indices: Vec<Option<usize>> = moves
            .each(|a| self.encoding.action_index(known, seat, a))
            .collect();
        let mut mask = vec![0.0; actions + 1];
        for index in indices.iter().flatten() {
            if let Some(m) = mask.get_mut(*index) {
                *m = 1.0;
            }
        }
        if window {
            mask[wait] = 1.0;
        }
        let mut target = vec![0.0f32; actions + 1];
        match self
            .inner
            .search_visits()
            .filter(|v| v.len() == moves.len() && !window)
        {
            Some(visits) => {
                for (index, v) in indices.iter().zip(visits) {
                    if let Some(t) = index.and_then(|i| target.get_mut(i)) {
                        *t += *v as f32;
                    }
                }
            }
            None => match chosen {
                Some(at) => {
                    if let Some(t) = indices
                        .get(at)
                        .copied()
                        .flatten()
                        .and_then(|i| target.get_mut(i))
                    {
                        *t = 1.0;
                    }
                }
                None => target[wait] = 1.0,
            },
        }
        let total: f32 = target.iter().sum();
        if total <= 0.0 {
            return;
        }
        target.iter_mut().for_each(|t| *t /= total);
        let Some(seat) = info.seat_index(info.seat()) else {
            return;
        };
        if let Ok(mut rows) = self.rows.lock() {
            rows.push(Row {
                seat,
                obs,
                target,
                mask,
            });
        }
    }
}

impl Bot for Recorder {
    fn name(&self) -> &str {
        self.inner.name()
    }
    fn choose(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        let chosen = self.inner.choose(info, moves);
        if moves.len() > 1 {
            self.record(info, moves, chosen, false);
        }
        chosen
    }
    fn acts_out_of_turn(&self) -> bool {
        self.inner.acts_out_of_turn()
    }
    fn choose_out_of_turn(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        let chosen = self.inner.choose_out_of_turn(info, moves);
        self.record(info, moves, chosen, true);
        chosen
    }
    fn hears(&self) -> bool {
        true
    }
    fn hear_move(
        &mut self,
        before: &InfoState,
        mover: PlayerId,
        kind: &'static str,
        events: &[AnyEvent],
    ) {
        self.last.hear(&*self.encoding, before, mover, kind);
        if self.inner.hears() {
            self.inner.hear_move(before, mover, kind, events);
        }
    }
    fn take_prior(&mut self, prior: Box<dyn Prior>) -> Result<(), Box<dyn Prior>> {
        self.inner.take_prior(prior)
    }
}

struct Options {
    game: String,
    players: usize,
    bot: String,
    games: u64,
    seed: u64,
    threads: usize,
    out: String,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        game: "uno".into(),
        players: 2,
        bot: "ismcts:1000".into(),
        games: 100,
        seed: 1,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        out: "expert.bin".into(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--game" => o.game = value()?,
            "--players" => o.players = value()?.parse().map_err(|e| format!("--players: {e}"))?,
            "--bot" => o.bot = value()?,
            "--games" => o.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => o.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--threads" => o.threads = value()?.parse().map_err(|e| format!("--threads: {e}"))?,
            "--out" => o.out = value()?,
            other => return Err(format!("unknown option {other}")),
        }
    }
    Ok(o)
}

/// Game `i`'s rows, each with the seat's final reward.
fn play(
    catalog: &Catalog,
    loaded: &LoadedGame,
    encoding: &Arc<dyn Encoding>,
    o: &Options,
    i: u64,
) -> Result<Vec<(Row, f32)>, String> {
    let seed = o.seed.wrapping_mul(1_000_003).wrapping_add(i);
    let mut engine = loaded
        .new_engine(seed, o.players)
        .map_err(|e| e.to_string())?;
    let rows = Arc::new(Mutex::new(Vec::new()));
    let mut bots: Vec<Box<dyn Bot>> = Vec::new();
    for seat in 0..o.players {
        let inner = catalog
            .bot(
                loaded,
                &o.bot,
                seed.wrapping_mul(16).wrapping_add(seat as u64),
            )
            .map_err(|e| e.to_string())?;
        bots.push(Box::new(Recorder {
            inner,
            encoding: Arc::clone(encoding),
            last: LastMoves::new(),
            rows: Arc::clone(&rows),
        }));
    }
    play_game(&mut engine, &mut bots, 100_000).map_err(|e| e.to_string())?;
    drop(bots);
    let rewards = encoding.final_rewards(engine.state(), RewardMode::Win);
    let rows = Arc::try_unwrap(rows)
        .map_err(|_| "a recorder outlived its game".to_string())?
        .into_inner()
        .map_err(|e| e.to_string())?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let z = rewards.get(row.seat).copied().unwrap_or(0.0);
            (row, z)
        })
        .collect())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let o = options()?;
    let catalog = Catalog::standard();
    let loaded = catalog.load(&o.game)?;
    let encoding = loaded
        .encoding()
        .ok_or_else(|| format!("{} has no encoding of its own", o.game))?;
    let started = std::time::Instant::now();
    let threads = o.threads.max(1) as u64;
    // game i on thread i % threads; the rows put back in the games' order
    let parts: Vec<Result<Vec<GameRows>, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (catalog, loaded, encoding, o) = (&catalog, &loaded, &encoding, &o);
                scope.spawn(move || {
                    (t..o.games)
                        .step_by(threads as usize)
                        .map(|i| play(catalog, loaded, encoding, o, i).map(|rows| (i, rows)))
                        .collect::<Result<Vec<_>, String>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|_| Err("a thread panicked".into())))
            .collect()
    });
    let mut games = Vec::new();
    for part in parts {
        games.extend(part?);
    }
    games.sort_by_key(|(i, _)| *i);
    let rows: Vec<(Row, f32)> = games.into_iter().flat_map(|(_, rows)| rows).collect();
    let actions = encoding.action_count() + 1;
    let mut out = std::io::BufWriter::new(std::fs::File::create(&o.out)?);
    out.write_all(b"DKEX")?;
    for n in [1, encoding.observation_len(), actions, rows.len()] {
        out.write_all(&u32::try_from(n)?.to_le_bytes())?;
    }
    for (row, z) in &rows {
        for x in row
            .obs
            .iter()
            .chain(&row.target)
            .chain(&row.mask)
            .chain([z])
        {
            out.write_all(&x.to_le_bytes())?;
        }
    }
    out.flush()?;
    println!(
        "{} decisions of {} games of {} by {} written to {} in {:.0} s",
        rows.len(),
        o.games,
        o.game,
        o.bot,
        o.out,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
