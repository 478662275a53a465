//! How often each bot answers a wild draw four right (challenges a bluff, accepts an
//! honest card), asked at the same decisions: heads-up games of official UNO between
//! two `HeuristicBot`s, in which, whenever a seat must accept or challenge, the search
//! with the bluff model, the search without it, the heuristic and "always accept" are
//! each asked, from the seat's information state; the heuristic's answer is played.
//! The search bots follow every move of their seat (they learn from the draws).
//!
//! ```sh
//! cargo run --release -p decklet-uno --example challenge_answers -- [GAMES] [ITERATIONS] [SEED]
//! ```

use std::sync::{Arc, Mutex};

use decklet_bots::{Bot, IsmctsBot, play_game_with, wilson_95};
use decklet_core::{AnyEvent, InfoState, Moves, PlayerId};
use decklet_uno::{
    Challenge, HeuristicBot, HouseRule, UnoSearch, new_uno_engine, pending_bluff, uno_game,
};

/// The answers at one decision: challenge (`true`) or accept, by each bot asked.
type Answers = Vec<bool>;

/// The bots asked, by name.
const ASKED: [&str; 4] = [
    "search with the bluff model",
    "search",
    "heuristic",
    "always accept",
];

/// A seat played by the heuristic, whose every answer to a wild draw four is asked of
/// the other bots too.
struct Judge {
    plays: HeuristicBot,
    searches: Vec<IsmctsBot>,
    answers: Arc<Mutex<Vec<Answers>>>,
}

impl Bot for Judge {
    fn name(&self) -> &str {
        "judge"
    }

    fn choose(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        let pick = self.plays.choose(info, moves);
        if (0..moves.len()).any(|i| moves.is::<Challenge>(i)) {
            let challenges = |pick: Option<usize>| pick.is_some_and(|i| moves.is::<Challenge>(i));
            let mut answers: Answers = (self.searches.iter_mut())
                .map(|bot| challenges(bot.choose(info, moves)))
                .collect();
            answers.push(challenges(pick));
            answers.push(false);
            self.answers.lock().unwrap().push(answers);
        }
        pick
    }

    fn acts_out_of_turn(&self) -> bool {
        true
    }

    fn choose_out_of_turn(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        self.plays.choose_out_of_turn(info, moves)
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
        for bot in &mut self.searches {
            bot.hear_move(before, mover, kind, events);
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let arg = |i: usize, default: u64| {
        std::env::args()
            .nth(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or(default)
    };
    let (games, iterations, seed) = (arg(1, 300), arg(2, 1_000) as u32, arg(3, 2_026));
    let game = uno_game(&[HouseRule::Wd4Challenge, HouseRule::CallUno])?;
    let answers = Arc::new(Mutex::new(Vec::new()));
    let mut truths = Vec::new();
    for g in 0..games {
        let mut engine = new_uno_engine(&game, seed.wrapping_add(g), 2)?;
        let mut bots: Vec<Box<dyn Bot>> = (0..2u64)
            .map(|seat| {
                let bot_seed = seed ^ (g << 8) ^ seat;
                let search = |model_bluffs| {
                    let settings = UnoSearch {
                        model_bluffs,
                        ..UnoSearch::default()
                    };
                    settings.bot(&game, UnoSearch::config(iterations), bot_seed)
                };
                Box::new(Judge {
                    plays: HeuristicBot::new(bot_seed),
                    searches: vec![search(true), search(false)],
                    answers: Arc::clone(&answers),
                }) as Box<dyn Bot>
            })
            .collect();
        play_game_with(&mut engine, &mut bots, 5_000, &mut |state, moves, _| {
            if (0..moves.len()).any(|i| moves.is::<Challenge>(i)) {
                truths.push(pending_bluff(state).unwrap());
            }
        })?;
    }
    let answers = answers.lock().unwrap();
    let n = truths.len();
    let bluffs = truths.iter().filter(|b| **b).count();
    println!(
        "{games} games of official UNO heads-up between HeuristicBots, seed {seed}, searches of {iterations} iterations"
    );
    println!("{n} wild draw fours answered, {bluffs} of them bluffs");
    for (k, name) in ASKED.iter().enumerate() {
        let right = (answers.iter().zip(&truths))
            .filter(|(a, bluff)| a[k] == **bluff)
            .count();
        let challenged = answers.iter().filter(|a| a[k]).count();
        let (low, high) = wilson_95(right as f64, n as f64);
        println!(
            "  {name:<28} right {right:>4} of {n} = {:5.1}% [{:.1}%, {:.1}%], challenged {challenged}",
            100.0 * right as f64 / n.max(1) as f64,
            100.0 * low,
            100.0 * high
        );
    }
    // paired against always accepting: where exactly one of the two is right
    let (mut better, mut worse) = (0, 0);
    for (a, bluff) in answers.iter().zip(&truths) {
        match (a[0] == *bluff, !*bluff) {
            (true, false) => better += 1,
            (false, true) => worse += 1,
            _ => {}
        }
    }
    println!(
        "  the model's search against always accept: right where it was wrong {better}, wrong where it was right {worse}"
    );
    Ok(())
}
