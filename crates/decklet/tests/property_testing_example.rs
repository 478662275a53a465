//! The example of `docs/property-testing.md`, as the test file a user's crate holds
//! (`tests/my_bot.rs`): CI compiles and runs it as the page shows it.

use decklet::bots::ask;
use decklet::uno::HeuristicBot;
use decklet::uno::testing::{check_invariants, game_in_progress};
use proptest::prelude::*;

proptest! {
    #[test]
    fn my_bot_never_breaks_the_game(setup in game_in_progress(2..=6, 80)) {
        let mut engine = setup.build().unwrap();
        // your bot makes a move here (the heuristic bot stands in for it)
        if let Some(player) = engine.state().current_player() {
            let mut bot = HeuristicBot::new(1);
            let mut moves = decklet::Moves::new();
            if let Some(pick) = ask(&mut bot, &engine, player, &mut moves) {
                engine.dispatch_move(&moves, pick).unwrap();
            }
        }
        prop_assert!(check_invariants(engine.state()).is_ok());
    }
}
