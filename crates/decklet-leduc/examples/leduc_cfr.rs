//! CFR+ on Leduc poker: the exploitability of the average policy as it iterates, and
//! the time it took (building the tree aside).
//!
//! `cargo run --release -p decklet-leduc --example leduc_cfr -- [ITERATIONS] [TARGET]`:
//! runs until the exploitability is at most TARGET (default 3e-4), or ITERATIONS
//! (default 5,000), printing it every 100 iterations.

use std::time::Instant;

use decklet_bots::{Cfr, GameTree, exploitability};
use decklet_leduc::{leduc_deals, leduc_game, leduc_returns};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let most: u64 = args.next().map_or(Ok(5_000), |a| a.parse())?;
    let target: f64 = args.next().map_or(Ok(3e-4), |a| a.parse())?;
    let game = leduc_game()?;
    let built = Instant::now();
    let tree = GameTree::build(leduc_deals(&game)?, leduc_returns, 1_000_000)?;
    println!(
        "tree: {} positions, {} information sets, built in {:.2} s",
        tree.len(),
        tree.infosets().len(),
        built.elapsed().as_secs_f64()
    );
    let mut cfr = Cfr::new(&tree);
    let mut solving = 0.0;
    while cfr.iterations() < most {
        let started = Instant::now();
        cfr.run(100);
        solving += started.elapsed().as_secs_f64();
        let e = exploitability(&tree, &cfr.average())?;
        println!(
            "{:>6} iterations  exploitability {e:.3e}  {solving:.2} s",
            cfr.iterations()
        );
        if e <= target {
            break;
        }
    }
    Ok(())
}
