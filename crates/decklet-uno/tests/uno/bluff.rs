//! The bluff model (`decklet_uno::bluff`): what a wild draw four tells of the hand that
//! played it, under official UNO, in games between `HeuristicBot`s.
//!
//! - The model is the heuristic's policy: in every true position where a heuristic
//!   played a wild draw four, the true world weighs as one of the best cards, never as
//!   a slip; and against a player holding more than two cards (no threat) the policy
//!   never bluffs, so every sampled world in which the card was a bluff weighs a slip.
//! - The search answers by it (`model_bluffs`), from its seat's information state, and
//!   is right significantly more often than accepting every time: over the same
//!   decisions, it is right where accepting is wrong more often than the reverse (a
//!   sign test, p < 0.05).

use std::sync::{Arc, Mutex};

use decklet_bots::{Bot, play_game_with};
use decklet_core::{AnyEvent, GameRng, GameState, InfoState, Moves, PlayerId, SeatKnowledge};
use decklet_uno::{
    Challenge, HeuristicBot, HouseRule, MODEL_SLIP, new_uno_engine, pending_bluff, uno_game,
    uno_search, wild_draw_four_likelihood,
};

/// A heuristic seat whose answers to wild draw fours are asked of the search too.
struct Judge {
    plays: HeuristicBot,
    search: decklet_bots::IsmctsBot,
    answers: Arc<Mutex<Vec<bool>>>,
}

impl Bot for Judge {
    fn name(&self) -> &str {
        "judge"
    }
    fn choose(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        if (0..moves.len()).any(|i| moves.is::<Challenge>(i)) {
            let answer = self.search.choose(info, moves);
            let challenges = answer.is_some_and(|i| moves.is::<Challenge>(i));
            self.answers.lock().unwrap().push(challenges);
        }
        self.plays.choose(info, moves)
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
        self.search.hear_move(before, mover, kind, events);
    }
}

/// Plays `games` heads-up games of official UNO between heuristic judges; calls
/// `pending` with each position where a wild draw four waits for an answer. The
/// search's answers, in order.
fn play(games: u64, seed: u64, mut pending: impl FnMut(&GameState)) -> Vec<bool> {
    let game = uno_game(&[HouseRule::Wd4Challenge, HouseRule::CallUno]).unwrap();
    let answers = Arc::new(Mutex::new(Vec::new()));
    for g in 0..games {
        let mut engine = new_uno_engine(&game, seed + g, 2).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..2)
            .map(|seat| {
                Box::new(Judge {
                    plays: HeuristicBot::new(seed ^ (g << 8) ^ seat),
                    search: uno_search(&game, 1, seed ^ (g << 8) ^ seat),
                    answers: Arc::clone(&answers),
                }) as Box<dyn Bot>
            })
            .collect();
        play_game_with(&mut engine, &mut bots, 5_000, &mut |state, moves, _| {
            if (0..moves.len()).any(|i| moves.is::<Challenge>(i)) {
                pending(state);
            }
        })
        .unwrap();
    }
    answers.lock().unwrap().clone()
}

#[test]
fn the_model_is_the_heuristic_s_policy() {
    let (mut positions, mut unthreatened_bluffs) = (0, 0);
    play(60, 40, |state| {
        let challenger = state.current_player().unwrap();
        positions += 1;
        // the true world: the heuristic did play the card
        let truth = wild_draw_four_likelihood(state, challenger).unwrap();
        assert!(truth > MODEL_SLIP, "the true hand weighs {truth}");
        if state.hand(challenger).len() > 2 {
            assert!(
                !pending_bluff(state).unwrap(),
                "a heuristic bluffed without a threat"
            );
            // every world in which it was a bluff is one the policy would not play
            let info = state.info_state(challenger);
            let mut rng = GameRng::seed_from(positions);
            for _ in 0..50 {
                let world = info
                    .determinize(&SeatKnowledge::default(), &mut rng)
                    .unwrap();
                if pending_bluff(&world).unwrap() {
                    unthreatened_bluffs += 1;
                    let weight = wild_draw_four_likelihood(&world, challenger).unwrap();
                    assert_eq!(weight, MODEL_SLIP);
                }
            }
        }
    });
    assert!(positions > 40, "{positions}");
    assert!(unthreatened_bluffs > 500, "{unthreatened_bluffs}");
}

#[test]
fn the_search_answers_a_wild_draw_four_right_more_often_than_accepting_it() {
    let mut truths = Vec::new();
    let answers = play(1_000, 2_026, |state| {
        truths.push(pending_bluff(state).unwrap())
    });
    assert_eq!(answers.len(), truths.len());
    // right where always accepting is wrong (a bluff challenged), and the reverse
    let better = answers
        .iter()
        .zip(&truths)
        .filter(|(a, t)| **a && **t)
        .count();
    let worse = answers
        .iter()
        .zip(&truths)
        .filter(|(a, t)| **a && !**t)
        .count();
    // a sign test over the discordant answers: under "no better", `better` is
    // binomial(n, 1/2); its upper 5% point is below n/2 + 0.83√n for n ≥ 30
    let n = (better + worse) as f64;
    assert!(n >= 30.0, "{better} {worse}");
    assert!(
        better as f64 > n / 2.0 + 0.83 * n.sqrt(),
        "right where accepting is wrong {better}, wrong where it is right {worse}, of {} answers",
        truths.len()
    );
}
