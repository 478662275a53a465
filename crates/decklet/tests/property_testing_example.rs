//! The example of `docs/property-testing.md`, as the test file a user's crate holds
//! (`tests/my_bot.rs`): CI compiles and runs it as the page shows it.

use decklet::uno::BotKind;
use decklet::uno::testing::{check_invariants, game_in_progress};
use proptest::prelude::*;

proptest! {
    #[test]
    fn my_bot_never_breaks_the_game(setup in game_in_progress(2..=6, 80)) {
        let mut engine = setup.build().unwrap();
        // your bot makes a move here (the heuristic bot stands in for it)
        let state = engine.state();
        if let Some(player) = state.current_player() {
            let legal = decklet::uno::legal_actions(state, player);
            let mut bot = BotKind::Heuristic.create(engine.game(), 1);
            if let Some(action) = bot.choose(&state.info_state(player), &legal) {
                action.dispatch(&mut engine, player).unwrap();
            }
        }
        prop_assert!(check_invariants(engine.state()).is_ok());
    }
}
