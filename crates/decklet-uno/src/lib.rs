//! # decklet-uno
//!
//! A complete UNO for the decklet engine, faithful to the original reference system:
//! the 108-card deck, its eight rules (plus our turn discipline), the actions
//! `PLAY_CARD`, `CHOOSE_COLOR` and `UNO_FLIP_INITIAL`, one effect function per card type,
//! the reference's events with their payloads, [`legal_actions`], and bots of any game
//! (`decklet_bots::Bot`) that know UNO: [`UnoRandomBot`], [`HeuristicBot`] and the
//! search's hooks ([`UnoSearch`], [`uno_search`]: the one search of every game,
//! `decklet_bots::IsmctsBot`, told what UNO knows).
//!
//! ```
//! use decklet_bots::ask;
//! use decklet_core::{EngineConfig, Game, GameEngine, Moves, Player};
//! use decklet_plugins::{DrawPlugin, TurnPlugin};
//! use decklet_uno::{LegalAction, legal_actions, UnoPlugin, UnoGameWon, UnoRandomBot};
//!
//! let game = Game::builder()
//!     .plugin(TurnPlugin)
//!     .plugin(DrawPlugin)
//!     .plugin(UnoPlugin)
//!     .build()?;
//! let mut engine = GameEngine::new(&game, EngineConfig { seed: 42, ..Default::default() });
//! engine.subscribe::<UnoGameWon>(|e| println!("winner: {:?}", e.winner_ids));
//! engine.create_game(vec![
//!     Player::new("p1", "Alice", 1),
//!     Player::new("p2", "Bob", 2),
//!     Player::new("p3", "Carol", 3),
//! ])?;
//! engine.start()?;
//!
//! let (mut bot, mut moves) = (UnoRandomBot::new(7), Moves::new());
//! while let Some(player) = engine.state().current_player() {
//!     if !engine.state().winners().is_empty() {
//!         break;
//!     }
//!     let Some(choice) = ask(&mut bot, &engine, player, &mut moves) else { break };
//!     let legal = LegalAction::of_move(&moves, choice).ok_or(decklet_core::EngineError::NoGame)?;
//!     assert!(legal_actions(engine.state(), player).contains(&legal));
//!     engine.dispatch_move(&moves, choice)?;
//! }
//! assert_eq!(engine.state().winners().len(), 1);
//! # Ok::<(), decklet_core::EngineError>(())
//! ```

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod actions;
pub mod bluff;
pub mod bots;
pub mod cards;
pub mod def;
pub mod effects;
pub mod encoding;
pub mod entry;
pub mod events;
pub mod house;
pub mod knowledge;
pub mod legal;
pub mod legal_action;
pub mod narrate;
pub mod plugin;
pub mod rules;
pub mod search;
pub mod sim;
pub mod state;
#[cfg(feature = "proptest")]
pub mod testing;

pub use actions::{
    CHOOSE_COLOR_ACTION, ChooseColor, UNO_FLIP_INITIAL_ACTION, UnoFlipInitial,
    choose_color_handler, create_play_card_action, create_uno_flip_initial_action,
    flip_initial_card, flip_initial_card_handler, play_card_handler,
};
pub use bluff::{MODEL_SLIP, bluff_chance, pending_bluff, wild_draw_four_likelihood};
pub use bots::{HeuristicBot, UnoRandomBot, bot_move, random_pick, uno_playout};
pub use cards::{
    CARD_TYPE_DRAW2, CARD_TYPE_NUMBER, CARD_TYPE_REVERSE, CARD_TYPE_SKIP, CARD_TYPE_WILD,
    CARD_TYPE_WILD_DRAW4, UnoCard, UnoColor, UnoFace, create_shuffled_uno_deck, create_uno_deck,
    uno_card_table,
};
pub use decklet_core::{PLAY_CARD_ACTION, PlayCard};
pub use def::{UNO_GAME, UNO_PARAMS, uno_game_string, uno_rules_of};
pub use effects::{
    Effect, InitialFlip, UnoEffects, apply_draw_two_effect, apply_reverse_effect,
    apply_skip_effect, apply_wild_draw_four_effect, apply_wild_draw_four_post_choice_effect,
    apply_wild_effect,
};
pub use encoding::{UNO_ACTIONS, UNO_OBSERVATION_LEN, UnoEncoding, uno_kind};
pub use entry::{UnoDef, uno_match_game_of_rule_plugins};
pub use events::{
    UNO_CARD_PLAYED, UNO_COLOR_CHANGED, UNO_COLOR_CHOSEN, UNO_DRAW_FOUR, UNO_DRAW_TWO,
    UNO_GAME_WON, UNO_INITIAL_FLIPPED, UNO_PLAYER_REVERSED, UNO_PLAYER_SKIPPED, UnoCardPlayed,
    UnoColorChanged, UnoColorChosen, UnoDrawFour, UnoDrawTwo, UnoGameWon, UnoInitialFlipped,
    UnoPlayerReversed, UnoPlayerSkipped,
};
pub use house::{
    AcceptDrawFour, CALL_UNO_PLUGIN_ID, CallUno, CallUnoPlugin, CatchUno, Challenge,
    DRAW_UNTIL_PLAYABLE_PLUGIN_ID, DrawUntilPlayablePlugin, FIRST_CARD_PLUGIN_ID,
    FORCED_PLAY_PLUGIN_ID, FirstCardPlugin, ForcedPlayPlugin, HouseRule, JUMP_IN_PLUGIN_ID,
    JumpInPlugin, RuleSet, RulesInPlay, SCORING_PLUGIN_ID, SEVEN_ZERO_PLUGIN_ID,
    STACKING_ANY_PLUGIN_ID, STACKING_PLUGIN_ID, STACKING_SAME_PLUGIN_ID, ScoringPlugin,
    SevenZeroPlugin, StackingMode, StackingPlugin, SwapHands, UNO_ACCEPT_DRAW_FOUR_ACTION,
    UNO_CALL_ACTION, UNO_CALLED, UNO_CATCH_ACTION, UNO_CATCH_PENALTY, UNO_CAUGHT,
    UNO_CHALLENGE_ACTION, UNO_CHALLENGED, UNO_DRAW_STACKED, UNO_HAND_SHOWN, UNO_HANDS_ROTATED,
    UNO_HANDS_SWAPPED, UNO_ROUND_SCORED, UNO_SWAP_HANDS_ACTION, UNO_VAR_CHALLENGE_COLOR,
    UNO_VAR_CHALLENGE_FROM, UNO_VAR_CHALLENGE_HAND_SIZE, UNO_VAR_CHALLENGE_PENDING,
    UNO_VAR_DRAWING_UNTIL_PLAYABLE, UNO_VAR_OPENING_WILD, UNO_VAR_PENDING_SWAP,
    UNO_VAR_ROUND_POINTS, UNO_VAR_UNO_CALLED, UNO_VAR_UNO_CALLED_TURN, UNO_VAR_UNO_EXPOSED,
    UnoCalled, UnoCaught, UnoChallenged, UnoDrawStacked, UnoHandShown, UnoHandsRotated,
    UnoHandsSwapped, UnoRoundScored, WD4_CHALLENGE_PLUGIN_ID, Wd4ChallengePlugin, answers_penalty,
    card_points, catch_target, exposed_player, is_challenge_pending, is_swap_pending,
    jump_in_cards, may_call_uno, may_jump_in, points_left, swap_targets,
};
pub use knowledge::{HandKnowledge, UnoHints, heard_move};
pub use legal::{
    AnswerHook, MoveHook, MoveList, Pile, Refusal, SeatMoves, UnoMoveHooks, check_matches_pile,
    check_turn_discipline, check_wild_draw_four, is_side_action, legal_actions, legal_actions_into,
    list_moves, may_play_a_card, playable_now,
};
pub use legal_action::{LegalAction, candidate_actions};
pub use narrate::{is_narrated, narrate};
pub use plugin::{
    UNO_PLUGIN_ID, UnoPlugin, handle_card_drawn, handle_card_played, handle_color_chosen,
    handle_game_started,
};
pub use rules::{
    UNO_RULE_CAN_PLAY_CARD, UNO_RULE_CAN_PLAY_WILD_DRAW_FOUR, UNO_RULE_CHOOSE_COLOR_VALID,
    UNO_RULE_GAME_NOT_WON, UNO_RULE_GAME_STARTED, UNO_RULE_PLAYER_OWNS_CARD, UNO_RULE_PLAYER_TURN,
    UNO_RULE_SINGLE_CARD, UNO_RULE_TURN_DISCIPLINE, uno_rules,
};
pub use search::{UNO_CUTOFF, UnoModel, UnoPlayout, UnoSearch, uno_evaluation, uno_search};
pub use sim::{
    GameCounter, GameCounts, UNO_GAME_ID, count_game, new_uno_engine, out_of_turn_order,
    restart_uno_game, uno_builder, uno_game,
};
pub use state::{
    UNO_DECK_ZONE_ID, UNO_DISCARD_ZONE_ID, UNO_INITIAL_HAND_SIZE, UNO_MAX_PLAYERS, UNO_MIN_PLAYERS,
    UNO_VAR_CURRENT_COLOR, UNO_VAR_DRAW_COUNT, UNO_VAR_DRAW_PLAYER, UNO_VAR_DRAW_TURN,
    UNO_VAR_PENDING_COLOR, UNO_VAR_PENDING_DRAW, UnoTable, card_view, current_color, discard_top,
    drawn_this_turn, holds_color, is_color_pending, is_own_draw, pending_draw, seen_uno_table,
    uno_table,
};
