//! # decklet-plugins
//!
//! The plugins most card games share, on top of [`decklet_core`]:
//!
//! - [`TurnPlugin`] (`turn`): turn order by seat, either direction, `END_TURN`;
//! - [`DrawPlugin`] (`draw`): `DRAW_CARD` from the top of `deck`, with reshuffling;
//! - [`StandardDeckPlugin`] (`standard-deck`): the 52-card deck, shuffled at start,
//!   and [`StandardCard`] to read its cards as a [`Suit`] and a [`Rank`];
//! - [`poker`]: hand evaluation for 5–7 cards and a [`poker::RankResolver`].
//!
//! ```
//! use decklet_core::{EngineConfig, Game, GameEngine, Player};
//! use decklet_plugins::{DrawPlugin, StandardDeckPlugin, TurnPlugin, STANDARD_DECK_ZONE_ID};
//!
//! let game = Game::builder()
//!     .plugin(StandardDeckPlugin)
//!     .plugin(DrawPlugin)
//!     .plugin(TurnPlugin)
//!     .build()?;
//! let mut engine = GameEngine::new(&game, EngineConfig { seed: 42, game_id: "g1".into(), ..Default::default() });
//! engine.create_game(vec![Player::new("p1", "Alice", 0)])?;
//! engine.start()?; // GAME_STARTED -> SHUFFLE -> the deck is shuffled
//! let deck = engine.state().zone_id(STANDARD_DECK_ZONE_ID).ok_or("no deck")?;
//! assert_eq!(engine.state().zone_cards(deck).len(), 52);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![cfg_attr(
    not(test),
    deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)
)]

pub mod draw;
pub mod poker;
pub mod standard_deck;
pub mod turn;
pub mod typed_card;

pub use draw::{
    CARD_DRAWN, CardDrawn, DECK_RESHUFFLED, DRAW_CARD_ACTION, DRAW_DECK_ZONE_ID, DRAW_PLUGIN_ID,
    DRAW_VAR_RESHUFFLE_FROM, DRAW_VAR_RESHUFFLE_KEEP_TOP, DeckReshuffled, DrawCard, DrawPlugin,
    create_draw_card_action, draw_cards,
};
pub use poker::{HandCategory, HandRank, PokerCard, RankResolver, StandardPokerRankResolver};
pub use standard_deck::{
    DECK_SHUFFLED, DeckShuffled, RANKS, SHUFFLE_ACTION, STANDARD_DECK_ZONE_ID, SUITS, Shuffle,
    StandardDeckPlugin, standard_card, standard_card_id, standard_deck,
};
pub use turn::{
    END_TURN_ACTION, EndTurn, TURN_ENDED, TURN_PLUGIN_ID, TURN_STARTED, TURN_VARIABLE_DIRECTION,
    TurnEnded, TurnPlugin, TurnStarted, create_end_turn_action, direction, next_player_in,
    next_player_seen, players_turn,
};
pub use typed_card::{Rank, StandardCard, Suit};
