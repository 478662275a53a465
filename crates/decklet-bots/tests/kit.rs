//! The kit check on random positions of a game written outside decklet's crates that
//! the bot layer knows nothing of: high card (Crazy Eights' is in its own crate).

use decklet_bots::{check_moves, check_moves_along};
use decklet_core::{AnyAction, GameEngine, PlayerId};

#[test]
fn high_card_lists_exactly_the_moves_its_rules_accept() {
    for seed in 0..20 {
        let engine = high_card::new_game(seed, 2 + (seed % 4) as u32).unwrap();
        check_moves_along(engine, 20, seed, |_, seat| {
            vec![AnyAction::new(high_card::Reveal { player_id: seat })]
        })
        .unwrap_or_else(|found| panic!("seed {seed}, {found}"));
    }
}

/// A started two-player game of high card with `plugin` after it.
fn high_card_with(plugin: impl decklet_core::GamePlugin) -> GameEngine {
    use decklet_core::{EngineConfig, Game, Player};
    use decklet_plugins::{DrawPlugin, StandardDeckPlugin, TurnPlugin};
    let game = Game::builder()
        .plugin(StandardDeckPlugin)
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(high_card::HighCardPlugin)
        .plugin(plugin)
        .build()
        .unwrap();
    let mut engine = GameEngine::new(&game, EngineConfig::default());
    engine
        .create_game(vec![Player::new("p1", "A", 1), Player::new("p2", "B", 2)])
        .unwrap();
    engine.start().unwrap();
    engine
}

/// A plugin that breaks high card's move list: it lists a reveal for every seat (the
/// rules refuse all but the current one's) and withdraws the current seat's.
struct Liar;

impl decklet_core::GamePlugin for Liar {
    fn id(&self) -> &'static str {
        "liar"
    }
    fn name(&self) -> &'static str {
        "Liar"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn moves(
        &self,
        state: &decklet_core::GameState,
        seat: PlayerId,
        moves: &mut decklet_core::Moves,
    ) {
        if state.current_player() == Some(seat) {
            moves.clear();
        } else {
            moves.push(high_card::Reveal { player_id: seat });
        }
    }
}

#[test]
fn a_listed_move_the_rules_refuse_and_an_accepted_one_not_listed_are_both_reported() {
    use decklet_bots::MoveMismatch;
    let engine = high_card_with(Liar);
    let mismatches = check_moves(&engine, |_, seat| {
        vec![AnyAction::new(high_card::Reveal { player_id: seat })]
    });
    assert_eq!(mismatches.len(), 3, "{mismatches:?}");
    assert!(matches!(&mismatches[0], MoveMismatch::Unlisted { seat, .. } if seat == "p1"));
    // p2's reveal is listed out of turn, which the game does not declare
    assert!(matches!(&mismatches[1], MoveMismatch::Undeclared { seat, .. } if seat == "p2"));
    assert!(
        matches!(&mismatches[2], MoveMismatch::Refused { seat, error, .. } if seat == "p2" && error.contains("wait for your turn"))
    );
}

/// A plugin that lists the current seat's reveal as the other seat's: a move of the
/// right kind with the wrong payload.
struct WrongPayload;

impl decklet_core::GamePlugin for WrongPayload {
    fn id(&self) -> &'static str {
        "wrong-payload"
    }
    fn name(&self) -> &'static str {
        "Wrong payload"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn moves(
        &self,
        state: &decklet_core::GameState,
        seat: PlayerId,
        moves: &mut decklet_core::Moves,
    ) {
        if state.current_player() == Some(seat) {
            let other = state.players().find(|p| *p != seat).unwrap_or(seat);
            moves.clear();
            moves.push(high_card::Reveal { player_id: other });
        }
    }
}

#[test]
fn a_listed_move_of_the_right_kind_but_another_payload_does_not_hide_the_accepted_one() {
    use decklet_bots::MoveMismatch;
    let engine = high_card_with(WrongPayload);
    let mismatches = check_moves(&engine, |_, seat| {
        vec![AnyAction::new(high_card::Reveal { player_id: seat })]
    });
    // p1's listed reveal is p2's (refused), and p1's own reveal is accepted, unlisted
    assert_eq!(mismatches.len(), 2, "{mismatches:?}");
    assert!(
        matches!(&mismatches[0], MoveMismatch::Refused { seat, action, .. } if seat == "p1" && action.contains("\"p2\""))
    );
    assert!(
        matches!(&mismatches[1], MoveMismatch::Unlisted { seat, action } if seat == "p1" && action.contains("\"p1\""))
    );
}
