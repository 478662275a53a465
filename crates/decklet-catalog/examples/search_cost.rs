//! What a move of a game's search bot costs: the catalogue's `ismcts:N` (a game's own
//! search where it has one) asked for a move in mid-game positions of any game, for
//! counting instructions from outside. Run it twice under callgrind, with N and with 1
//! iteration, and divide the difference by (N − 1) × the positions:
//!
//! ```sh
//! cargo build --release -p decklet-catalog --example search_cost
//! valgrind --tool=callgrind target/release/examples/search_cost uno 4 1001
//! valgrind --tool=callgrind target/release/examples/search_cost uno 4 1
//! ```
//!
//! `search_cost GAME PLAYERS ITERATIONS [POSITIONS]` (6 positions by default, each
//! reached by random play from its own seed, 12 moves in).

use decklet_bots::{Bot, RandomBot, ask, play_game};
use decklet_catalog::Catalog;
use decklet_core::Moves;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let game = args.next().unwrap_or_else(|| "uno".to_string());
    let players: usize = args.next().map_or(Ok(4), |a| a.parse())?;
    let iterations: u32 = args.next().map_or(Ok(1000), |a| a.parse())?;
    let positions: u64 = args.next().map_or(Ok(6), |a| a.parse())?;
    let catalog = Catalog::standard();
    let loaded = catalog.load(&game)?;
    let mut made = 0;
    for seed in 1..=positions {
        let mut engine = loaded.new_engine(seed, players)?;
        let mut bots: Vec<Box<dyn Bot>> = (0..players)
            .map(|i| Box::new(RandomBot::new(seed * 10 + i as u64)) as Box<dyn Bot>)
            .collect();
        play_game(&mut engine, &mut bots, 12)?;
        let Some(seat) = engine.state().current_player() else {
            continue;
        };
        let mut bot = catalog.bot(&loaded, &format!("ismcts:{iterations}"), seed)?;
        let mut moves = Moves::new();
        if ask(bot.as_mut(), &engine, seat, &mut moves).is_some() {
            made += 1;
        }
    }
    println!("{made} moves searched");
    Ok(())
}
