//! High card: a complete game written as a decklet plugin, using only `decklet-core`
//! and `decklet-plugins` (no UNO). It is the example of `docs/writing-a-plugin.md`.
//!
//! Rules: the standard deck is shuffled at the start; on their turn each player
//! reveals (draws) one card; when everyone has revealed, the highest poker rank wins
//! (suits break ties: spades, hearts, diamonds, clubs).
//!
//! ```
//! use high_card::{new_game, Reveal};
//! let mut engine = new_game(7, 3).unwrap();
//! while let (Some(player), []) = (engine.state().current_player(), engine.state().winners()) {
//!     engine.dispatch(Reveal { player_id: player }).unwrap();
//! }
//! assert_eq!(engine.state().winners().len(), 1);
//! ```

use std::sync::Arc;

use decklet_core::{
    Action, ActionHandler, EngineConfig, EngineError, EventHandler, Game, GameContext, GameEngine,
    GameFinished, GamePlugin, GameState, GameStatus, GameWon, Moves, Player, PlayerId, Rule,
};
use decklet_plugins::{
    DrawPlugin, RankResolver, StandardDeckPlugin, StandardPokerRankResolver, TurnEnded, TurnPlugin,
    create_draw_card_action, create_end_turn_action,
};
use serde::{Deserialize, Serialize};

/// `REVEAL`: the current player turns over the top card of the deck.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Reveal {
    /// Who reveals.
    pub player_id: PlayerId,
}

impl Action for Reveal {
    const KIND: &'static str = "REVEAL";
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
}

/// A reveal is the player's draw followed by the end of their turn, both through the
/// other plugins' actions, so their rules and events apply.
fn reveal(action: &Reveal, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    ctx.dispatch(create_draw_card_action(action.player_id, 1));
    ctx.dispatch(create_end_turn_action(action.player_id));
    Ok(())
}

/// The strength of a revealed card: rank first, then suit.
fn strength(ctx: &GameContext<'_>, player: PlayerId) -> Option<(u8, u8)> {
    let card = *ctx.state().hand(player).last()?;
    let card = ctx.state().card(card)?;
    let resolver = StandardPokerRankResolver;
    Some((resolver.rank(card)?, 3 - resolver.suit(card)?))
}

/// After each turn: once every player has revealed, the best card wins.
fn settle(_event: &TurnEnded, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let state = ctx.state();
    if state.players().any(|p| state.hand(p).is_empty()) {
        return Ok(());
    }
    let best = state.players().max_by_key(|p| strength(ctx, *p));
    if let Some(winner) = best {
        ctx.add_winner(winner)?;
        ctx.set_status(GameStatus::Finished);
        ctx.emit(GameWon {
            winner_ids: vec![winner],
        });
        ctx.emit(GameFinished {
            winner_ids: vec![winner],
        });
    }
    Ok(())
}

/// The high-card plugin. Register it after the deck, turn and draw plugins.
#[derive(Clone, Copy, Debug, Default)]
pub struct HighCardPlugin;

impl GamePlugin for HighCardPlugin {
    fn id(&self) -> &'static str {
        "high-card"
    }
    fn name(&self) -> &'static str {
        "High Card"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn requires(&self) -> &'static [&'static str] {
        &["standard-deck", "turn", "draw"]
    }
    /// The one move of the game: the current player reveals, once.
    fn moves(&self, state: &GameState, seat: PlayerId, moves: &mut Moves) {
        let playing = state.status() == GameStatus::Playing;
        if playing && state.current_player() == Some(seat) && state.hand(seat).is_empty() {
            moves.push(Reveal { player_id: seat });
        }
    }
    fn rules(&self) -> Vec<Rule> {
        vec![
            Rule::for_action::<Reveal>("revealOnYourTurn", |reveal, _, state| {
                if state.current_player() == Some(reveal.player_id) {
                    Ok(())
                } else {
                    Err("wait for your turn to reveal".into())
                }
            }),
            Rule::for_action::<Reveal>("revealOnce", |reveal, _, state| {
                if state.hand(reveal.player_id).is_empty() {
                    Ok(())
                } else {
                    Err("you have already revealed your card".into())
                }
            }),
            Rule::new("notOver", |_, _, state| {
                if state.status() == GameStatus::Playing {
                    Ok(())
                } else {
                    Err("the game is not being played".into())
                }
            }),
        ]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new(reveal)]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new(settle)]
    }
}

/// The game: the standard deck, turns, drawing and high card's own plugin, in that
/// order. Built once, it is shared by every match of it (and every replay).
pub fn high_card_game() -> Result<Arc<Game>, EngineError> {
    Game::builder()
        .plugin(StandardDeckPlugin)
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(HighCardPlugin)
        .build()
}

/// A started match of `game` for `players` players (`p1`…), dealt from `seed`.
pub fn new_match(game: &Arc<Game>, seed: u64, players: usize) -> Result<GameEngine, EngineError> {
    let config = EngineConfig {
        seed,
        game_id: "high-card".into(),
        ..Default::default()
    };
    let mut engine = GameEngine::new(game, config);
    engine.create_game(
        (1..=players)
            .map(|i| Player::new(format!("p{i}"), format!("Player {i}"), i as u32))
            .collect(),
    )?;
    engine.start()?;
    Ok(engine)
}

/// A started match of `players` players of a newly built [`high_card_game`].
pub fn new_game(seed: u64, players: u32) -> Result<GameEngine, EngineError> {
    new_match(&high_card_game()?, seed, players as usize)
}
