//! Decklet's Hearts bots against OpenSpiel's, hand by hand: the cross-engine harness.
//!
//! Decklet deals and referees every hand; two seats are played by a bot of the
//! catalogue (`--bot`, `ismcts:1500` by default), two by OpenSpiel's C++ IS-MCTS
//! (`pyspiel.ISMCTSBot`, `--simulations`), asked through a Python process
//! (`benches/hearts-openspiel/openspiel_bot.py`) that replays the hand so far in
//! OpenSpiel's actions (the pass direction, the deal, every pass and play) and answers
//! its move. Each deal is played twice, the bots' seats swapped (decklet at seats 0
//! and 2, then at 1 and 3), so that the cards are the same for both sides; at the end
//! of every hand OpenSpiel scores the same history, and a score that differs from
//! decklet's stops the run.
//!
//! ```sh
//! VENV=$(mktemp -d) && python3 -m venv "$VENV" && "$VENV"/bin/pip install open_spiel==2.0.2
//! cargo build --release -p decklet-catalog --example hearts_duel
//! target/release/examples/hearts_duel --python "$VENV"/bin/python --deals 2000
//! ```
//!
//! OpenSpiel 2.0.2's IS-MCTS crashes (a segmentation fault) when asked to pass once a
//! player has passed, so the duel is played without passing by default (`--game
//! 'hearts(pass_cards=false)'`: each hand led by the two of clubs).
//!
//! Options: `--game G` (a Hearts game string, as both engines read it), `--deals N` (200), `--first K` (the first deal's number, 0: deal `k` is
//! seeded `--seed` + `k`), `--seed S` (2026), `--bot NAME` (`ismcts:1500`),
//! `--simulations N` (OpenSpiel's IS-MCTS, 1,000: the defaults take about the same
//! time a move, 12 ms here), `--openspiel random` (a uniformly
//! random OpenSpiel player instead), `--python PATH` (`python3`), `--server PATH` (the
//! script above). It prints one JSON object: the hands, each side's mean points a
//! hand (fewer is better), the mean difference a deal (decklet's minus OpenSpiel's,
//! both arrangements together) with its 95% interval, and each side's seconds a move.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use decklet_bots::{Driver, Seat, Stop, seat_seed};
use decklet_catalog::{Catalog, LoadedGame};
use decklet_core::{Moves, PlayCard};
use decklet_hearts::{HEARTS_VAR_PASS_DIR, HeartsTable, PassCard, hearts_points};
use serde_json::{Value, json};

type Error = Box<dyn std::error::Error>;

/// The harness's settings.
struct Settings {
    game: String,
    deals: u64,
    first: u64,
    seed: u64,
    bot: String,
    simulations: u64,
    openspiel: String,
    python: String,
    server: String,
}

impl Settings {
    fn read() -> Result<Settings, Error> {
        let mut settings = Settings {
            game: "hearts(pass_cards=false)".to_string(),
            deals: 200,
            first: 0,
            seed: 2026,
            bot: "ismcts:1500".to_string(),
            simulations: 1000,
            openspiel: "ismcts".to_string(),
            python: "python3".to_string(),
            server: "benches/hearts-openspiel/openspiel_bot.py".to_string(),
        };
        let mut args = std::env::args().skip(1);
        while let Some(flag) = args.next() {
            let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
            match flag.as_str() {
                "--game" => settings.game = value,
                "--deals" => settings.deals = value.parse()?,
                "--first" => settings.first = value.parse()?,
                "--seed" => settings.seed = value.parse()?,
                "--bot" => settings.bot = value,
                "--simulations" => settings.simulations = value.parse()?,
                "--openspiel" if value == "ismcts" || value == "random" => {
                    settings.openspiel = value;
                }
                "--python" => settings.python = value,
                "--server" => settings.server = value,
                _ => return Err(format!("unknown option {flag} {value}").into()),
            }
        }
        Ok(settings)
    }
}

/// The Python process that answers for OpenSpiel.
struct OpenSpiel {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl OpenSpiel {
    fn start(settings: &Settings) -> Result<OpenSpiel, Error> {
        let mut child = Command::new(&settings.python)
            .arg(&settings.server)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {} {}: {e}", settings.python, settings.server))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(OpenSpiel {
            child,
            input,
            output,
        })
    }

    fn ask(&mut self, request: &Value) -> Result<Value, Error> {
        writeln!(self.input, "{request}")?;
        self.input.flush()?;
        let mut line = String::new();
        if self.output.read_line(&mut line)? == 0 {
            return Err("OpenSpiel's process ended".into());
        }
        let reply: Value = serde_json::from_str(&line)?;
        match reply.get("error") {
            Some(error) => Err(format!("OpenSpiel: {error}").into()),
            None => Ok(reply),
        }
    }
}

impl Drop for OpenSpiel {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The OpenSpiel action of the move at `index` of `moves`: its card's index.
fn action_of(table: &HeartsTable, moves: &Moves, index: usize) -> Option<u64> {
    let card = match moves.get_as::<PlayCard>(index) {
        Some(play) => play.card_ids.first().copied()?,
        None => moves.get_as::<PassCard>(index)?.card_id,
    };
    table.card(card).map(|face| u64::from(face.index()))
}

/// What a hand gave: each seat's points, and the seconds each side spent on its moves.
struct Hand {
    points: Vec<i64>,
    decklet: (f64, u64),
    openspiel: (f64, u64),
}

/// Plays deal `deal` with decklet's bot at the seats `ours`.
fn play_hand(
    catalog: &Catalog,
    loaded: &LoadedGame,
    settings: &Settings,
    openspiel: &mut OpenSpiel,
    deal: u64,
    ours: [usize; 2],
) -> Result<Hand, Error> {
    let seed = settings.seed.wrapping_add(deal);
    let engine = loaded.new_engine(seed, 4)?;
    let state = engine.state();
    let table = state
        .attachment::<HeartsTable>()
        .cloned()
        .ok_or("no Hearts table")?;
    // OpenSpiel's history so far: the pass direction, then the deal, one card to each
    // seat in turn (the i-th card dealt goes to seat i mod 4)
    let direction = state.variable(&HEARTS_VAR_PASS_DIR).unwrap_or(0);
    let mut history: Vec<u64> = vec![u64::try_from(direction)?];
    let hands: Vec<Vec<u64>> = (state.seat_order().iter())
        .map(|seat| {
            (state.hand(*seat).iter())
                .filter_map(|c| table.card(*c))
                .map(|face| u64::from(face.index()))
                .collect()
        })
        .collect();
    for round in 0..13 {
        history.extend(hands.iter().filter_map(|hand| hand.get(round)));
    }
    if history.len() != 53 {
        return Err(format!("deal {deal}: {} cards dealt", history.len() - 1).into());
    }
    let seats: Vec<Seat> = (0..4)
        .map(|seat| match ours.contains(&seat) {
            true => catalog
                .bot(loaded, &settings.bot, seat_seed(seed, seat))
                .map(Seat::Bot),
            false => Ok(Seat::Caller),
        })
        .collect::<Result<_, _>>()?;
    let mut driver = Driver::new(engine, seats);
    let (mut decklet, mut os) = ((0.0, 0), (0.0, 0));
    loop {
        let started = std::time::Instant::now();
        let mut made: Vec<u64> = Vec::new();
        let stop = driver.run_with(1_000, &mut |_, _, moves, index| {
            made.extend(action_of(&table, moves, index));
        })?;
        if !made.is_empty() {
            decklet.0 += started.elapsed().as_secs_f64();
            decklet.1 += made.len() as u64;
        }
        history.extend(made);
        let asked = match stop {
            Stop::Over => break,
            Stop::Asked(asked) => asked,
            other => return Err(format!("deal {deal}: the hand stopped: {other:?}").into()),
        };
        let request = json!({
            "game": settings.game,
            "history": history,
            "player": asked.seat,
            "bot": settings.openspiel,
            "simulations": settings.simulations,
            "seed": seat_seed(seed, asked.seat) % (1 << 31),
        });
        let reply = openspiel.ask(&request)?;
        let action = reply["action"].as_u64().ok_or("no action")?;
        os.0 += reply["seconds"].as_f64().unwrap_or(0.0);
        os.1 += 1;
        let moves = driver.moves();
        let index = (0..moves.len())
            .find(|i| action_of(&table, moves, *i) == Some(action))
            .ok_or_else(|| format!("deal {deal}: OpenSpiel's move {action} is not listed"))?;
        driver.play(index)?;
        history.push(action);
    }
    let points = hearts_points(driver.state());
    let scored =
        openspiel.ask(&json!({"game": settings.game, "history": history, "returns": true}))?;
    let theirs: Vec<i64> = (scored["points"].as_array().ok_or("no points")?)
        .iter()
        .filter_map(|p| p.as_f64().map(|p| p.round() as i64))
        .collect();
    if theirs != points {
        return Err(format!("deal {deal}: decklet scores {points:?}, OpenSpiel {theirs:?}").into());
    }
    Ok(Hand {
        points,
        decklet,
        openspiel: os,
    })
}

fn main() -> Result<(), Error> {
    let settings = Settings::read()?;
    let catalog = Catalog::standard();
    let loaded = catalog.load(&settings.game)?;
    let mut openspiel = OpenSpiel::start(&settings)?;
    let mut differences = Vec::new();
    let (mut ours_total, mut theirs_total, mut hands) = (0.0, 0.0, 0u64);
    let (mut decklet, mut os) = ((0.0, 0u64), (0.0, 0u64));
    for deal in settings.first..settings.first + settings.deals {
        let mut difference = 0.0;
        for ours in [[0, 2], [1, 3]] {
            let hand = play_hand(&catalog, &loaded, &settings, &mut openspiel, deal, ours)?;
            let mean = |seats: &[usize]| {
                seats
                    .iter()
                    .filter_map(|s| hand.points.get(*s))
                    .sum::<i64>() as f64
                    / 2.0
            };
            let theirs = [0, 1, 2, 3].into_iter().filter(|s| !ours.contains(s));
            let (o, t) = (mean(&ours), mean(&theirs.collect::<Vec<_>>()));
            ours_total += o;
            theirs_total += t;
            hands += 1;
            difference += (o - t) / 2.0;
            decklet = (decklet.0 + hand.decklet.0, decklet.1 + hand.decklet.1);
            os = (os.0 + hand.openspiel.0, os.1 + hand.openspiel.1);
        }
        differences.push(difference);
    }
    let n = differences.len() as f64;
    let mean = differences.iter().sum::<f64>() / n;
    let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (variance / n).sqrt();
    let report = json!({
        "game": settings.game,
        "deals": settings.deals,
        "first": settings.first,
        "seed": settings.seed,
        "hands": hands,
        "decklet": settings.bot,
        "openspiel": match settings.openspiel.as_str() {
            "random" => "random".to_string(),
            _ => format!("ismcts:{}", settings.simulations),
        },
        "deckletPoints": ours_total / hands as f64,
        "openspielPoints": theirs_total / hands as f64,
        "difference": mean,
        "interval": [mean - half, mean + half],
        "differences": differences,
        "deckletSecondsAMove": decklet.0 / decklet.1.max(1) as f64,
        "openspielSecondsAMove": os.0 / os.1.max(1) as f64,
    });
    println!("{report}");
    Ok(())
}
