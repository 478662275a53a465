//! UNO's bots in the game loop written for every game (`decklet_bots::play_game`): they
//! act out of turn where the rules list them moves then (a jump-in, a catch), in
//! windows seat after seat from the player to move, and a bot that follows the game
//! hears every move.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use decklet_bots::{Bot, play_game};
use decklet_core::{AnyEvent, InfoState};
use decklet_uno::{HeuristicBot, HouseRule, RuleSet, new_uno_engine, uno_game};

/// The heuristic bot, counting its moves out of turn and the moves it hears.
struct Counted {
    inner: HeuristicBot,
    out_of_turn: Arc<AtomicU64>,
    heard: Arc<AtomicU64>,
}

impl Bot for Counted {
    fn name(&self) -> &str {
        "counted"
    }
    fn choose(&mut self, info: &InfoState, moves: &decklet_core::Moves) -> Option<usize> {
        self.inner.choose(info, moves)
    }
    fn acts_out_of_turn(&self) -> bool {
        self.inner.acts_out_of_turn()
    }
    fn choose_out_of_turn(
        &mut self,
        info: &InfoState,
        moves: &decklet_core::Moves,
    ) -> Option<usize> {
        let pick = self.inner.choose_out_of_turn(info, moves);
        if pick.is_some() {
            self.out_of_turn.fetch_add(1, Ordering::SeqCst);
        }
        pick
    }
    fn hears(&self) -> bool {
        true
    }
    fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
        self.heard.fetch_add(1, Ordering::SeqCst);
        self.inner.hear(before, events);
    }
}

#[test]
fn uno_s_bots_jump_in_and_catch_out_of_turn_in_the_loop_of_every_game() {
    let mut rules = RuleSet::Official.rules().to_vec();
    rules.push(HouseRule::JumpIn);
    let game = uno_game(&rules).unwrap();
    let (out_of_turn, heard) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let mut moves = 0;
    for seed in 0..10 {
        let mut engine = new_uno_engine(&game, seed, 4).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|i| {
                Box::new(Counted {
                    inner: HeuristicBot::new(seed * 10 + i).forgetting_uno(0.5),
                    out_of_turn: Arc::clone(&out_of_turn),
                    heard: Arc::clone(&heard),
                }) as Box<dyn Bot>
            })
            .collect();
        let report = play_game(&mut engine, &mut bots, 20_000).unwrap();
        assert!(!report.capped, "seed {seed}");
        moves += report.moves;
    }
    // the heuristic jumps in and catches whenever it can
    assert!(out_of_turn.load(Ordering::SeqCst) > 10, "{out_of_turn:?}");
    // every bot heard every move
    assert_eq!(heard.load(Ordering::SeqCst), 4 * moves);
    // a bot that does not follow the game does not hear it
    assert!(!HeuristicBot::new(1).hears());
}
