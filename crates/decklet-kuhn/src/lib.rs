//! Kuhn poker, as OpenSpiel's `kuhn_poker` plays it: two players, a deck of a jack, a
//! queen and a king, an ante of one chip each and one card each; the first player
//! passes or bets one chip, the second then passes or bets (calls), and after a pass
//! and a bet the first player passes (folds) or bets (calls). A fold loses the chips
//! put in; otherwise the higher card takes the pot. The move list is OpenSpiel's
//! (`pass` before `bet`), and so is each player's return.
//!
//! Small enough to solve: [`KuhnDef`] enumerates its six deals
//! ([`kuhn_deals`]), so the whole tree fits in `decklet_bots::GameTree`, CFR+ finds
//! its equilibrium and `decklet_bots::exploitability` measures any policy exactly.
//!
//! ```
//! use decklet_kuhn::{kuhn_game, new_kuhn_engine, kuhn_returns, Bet, Pass};
//! let game = kuhn_game()?;
//! let mut engine = new_kuhn_engine(&game, 7)?;
//! let (p1, p2) = (engine.state().seat_order()[0], engine.state().seat_order()[1]);
//! engine.dispatch(Bet { player_id: p1 })?;
//! engine.dispatch(Pass { player_id: p2 })?; // a fold
//! assert_eq!(kuhn_returns(engine.state()), [1.0, -1.0]);
//! # Ok::<(), decklet_core::EngineError>(())
//! ```
//!
//! Solved, as OpenSpiel solves it:
//!
//! ```
//! use decklet_bots::{Cfr, GameTree, exploitability};
//! use decklet_kuhn::{kuhn_deals, kuhn_game, kuhn_returns};
//! let game = kuhn_game()?;
//! let tree = GameTree::build(kuhn_deals(&game)?, kuhn_returns, 10_000)?;
//! assert_eq!(tree.infosets().len(), 12);
//! let uniform = tree.uniform();
//! assert!((exploitability(&tree, &uniform)? - 0.458_333).abs() < 1e-6);
//! let mut cfr = Cfr::new(&tree);
//! cfr.run(1_000);
//! assert!(exploitability(&tree, &cfr.average())? < 1e-4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod entry;

use std::sync::Arc;

use decklet_core::{
    Action, ActionHandler, ActionOrigin, Card, EngineConfig, EngineError, EventHandler, Game,
    GameContext, GameEngine, GamePlugin, GameStarted, GameState, GameStatus, Moves, Player,
    PlayerId, Rule, Var, Visibility, Zone,
};
use serde::{Deserialize, Serialize};

pub use entry::{KuhnDef, kuhn_deals};

/// The game's name in a game string.
pub const KUHN_GAME: &str = "kuhn_poker";
/// The deck: the card no player holds lies here, face down.
pub const KUHN_DECK_ZONE_ID: &str = "kuhn:deck";
/// The moves so far, a letter each: `p` a pass, `b` a bet (`pb`: the first player
/// passed, the second bet). Everyone sees it.
pub const KUHN_VAR_HISTORY: Var<String> = Var::new("kuhn:history");

/// `KUHN_PASS`: the player to move passes (checks, or folds to a bet).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Pass {
    /// Who passes.
    pub player_id: PlayerId,
}

impl Action for Pass {
    const KIND: &'static str = "KUHN_PASS";
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
}

/// `KUHN_BET`: the player to move bets one chip (or calls a bet).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Bet {
    /// Who bets.
    pub player_id: PlayerId,
}

impl Action for Bet {
    const KIND: &'static str = "KUHN_BET";
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
}

/// `KUHN_DEAL`: the deal, run by the game when it starts (never from outside).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Deal {}

impl Action for Deal {
    const KIND: &'static str = "KUHN_DEAL";
}

/// The three cards, lowest first: their ids and ranks.
const CARDS: [(&str, &str); 3] = [("kuhn-J", "J"), ("kuhn-Q", "Q"), ("kuhn-K", "K")];

/// The Kuhn poker plugin.
#[derive(Clone, Copy, Debug, Default)]
pub struct KuhnPlugin;

/// How a history ends, if it does: `Some((showdown, stake))` where `showdown` is
/// whether the cards decide it and `stake` what the loser pays; for a fold the folder
/// is the player who passed last.
fn ending(history: &str) -> Option<(bool, f64)> {
    match history {
        "pp" => Some((true, 1.0)),
        "bb" | "pbb" => Some((true, 2.0)),
        "bp" | "pbp" => Some((false, 1.0)),
        _ => None,
    }
}

/// A card's strength (0 a jack … 2 a king), from its value.
fn strength(state: &GameState, player: PlayerId) -> Option<i64> {
    state.card(*state.hand(player).first()?)?.value
}

/// Each player's return at the end, in player order (`p1`, `p2`): what the winner
/// takes from the loser (1 after a fold or two passes, 2 after a called bet); zeros
/// before the end.
pub fn kuhn_returns(state: &GameState) -> Vec<f64> {
    let history = state.variable(&KUHN_VAR_HISTORY).unwrap_or_default();
    let players: Vec<PlayerId> = state.seat_order().to_vec();
    let (Some((showdown, stake)), [first, second]) = (ending(&history), players.as_slice()) else {
        return vec![0.0; players.len()];
    };
    let first_wins = match showdown {
        true => strength(state, *first) > strength(state, *second),
        // the folder passed last: the second player after `bp`, the first after `pbp`
        false => history.len().is_multiple_of(2),
    };
    let one = if first_wins { stake } else { -stake };
    // in player order, which is seat order for the players Kuhn seats
    state
        .players()
        .map(|p| if p == *first { one } else { -one })
        .collect()
}

fn setup(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let players = ctx.state().player_count();
    if players != 2 {
        return Err(EngineError::SetupFailed {
            plugin: KUHN_GAME.to_string(),
            message: format!("Kuhn poker is played by 2 players, not {players}"),
        });
    }
    let deck = match ctx.state().zone_id(KUHN_DECK_ZONE_ID) {
        Some(zone) => zone,
        None => {
            ctx.add_zone(Zone::new(KUHN_DECK_ZONE_ID, "deck").with_visibility(Visibility::Hidden))?
        }
    };
    for (value, (id, rank)) in CARDS.iter().enumerate() {
        if ctx.state().card_id(id).is_none() {
            let card = ctx.add_card(
                Card::new(id, "kuhn")
                    .with_rank(rank)
                    .with_value(value as i64),
            )?;
            ctx.place_card(card, deck)?;
        }
    }
    if ctx.state().variable(&KUHN_VAR_HISTORY).is_none() {
        ctx.set_variable(&KUHN_VAR_HISTORY, String::new());
    }
    Ok(())
}

fn game_started(_: &GameStarted, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    ctx.dispatch(Deal {});
    Ok(())
}

/// The deal: the deck shuffled, a card to each player; the first player moves.
fn deal(_: &Deal, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let deck = ctx
        .state()
        .zone_id(KUHN_DECK_ZONE_ID)
        .ok_or_else(|| EngineError::ZoneNotFound {
            zone: KUHN_DECK_ZONE_ID.to_string(),
        })?;
    ctx.shuffle_zone(deck)?;
    let seats = ctx.state().seat_order().to_vec();
    for seat in &seats {
        let hand = ctx
            .state()
            .hand_zone(*seat)
            .ok_or_else(|| EngineError::action_failed("KUHN_DEAL", "a player has no hand"))?;
        ctx.draw_top(deck, hand)?;
    }
    ctx.set_current_player(seats.first().copied())
}

/// A move: the history grows by `letter`; at an end the winner is named, else the
/// other player moves.
fn act(ctx: &mut GameContext<'_>, letter: char) -> Result<(), EngineError> {
    let mut history = ctx.state().variable(&KUHN_VAR_HISTORY).unwrap_or_default();
    history.push(letter);
    ctx.set_variable(&KUHN_VAR_HISTORY, history.clone());
    let seats = ctx.state().seat_order().to_vec();
    if ending(&history).is_none() {
        return ctx.set_current_player(seats.get(history.len() % 2).copied());
    }
    let returns = kuhn_returns(ctx.state());
    let winners: Vec<PlayerId> = (ctx.state().players())
        .zip(&returns)
        .filter(|(_, r)| **r > 0.0)
        .map(|(p, _)| p)
        .collect();
    ctx.finish_game(winners)
}

fn players_turn(state: &GameState, player: PlayerId) -> decklet_core::RuleResult {
    match (state.status(), state.current_player()) {
        (GameStatus::Playing, Some(p)) if p == player => Ok(()),
        (GameStatus::Playing, _) => Err("wait for your turn".into()),
        _ => Err("the game is not being played".into()),
    }
}

impl GamePlugin for KuhnPlugin {
    fn id(&self) -> &'static str {
        KUHN_GAME
    }
    fn name(&self) -> &'static str {
        "Kuhn poker"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        setup(ctx)
    }
    /// The player to move may pass or bet, in that order (OpenSpiel's actions 0 and 1).
    fn moves(&self, state: &GameState, seat: PlayerId, moves: &mut Moves) {
        if state.status() == GameStatus::Playing && state.current_player() == Some(seat) {
            moves.push(Pass { player_id: seat });
            moves.push(Bet { player_id: seat });
        }
    }
    fn rules(&self) -> Vec<Rule> {
        vec![
            Rule::for_action::<Pass>("kuhnPlayersTurn", |a, _, state| {
                players_turn(state, a.player_id)
            }),
            Rule::for_action::<Bet>("kuhnBettorsTurn", |a, _, state| {
                players_turn(state, a.player_id)
            }),
            Rule::for_action::<Deal>("kuhnDealtByTheGame", |_, origin, _| match origin {
                ActionOrigin::Internal => Ok(()),
                ActionOrigin::External => Err("the game deals".into()),
            }),
        ]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![
            ActionHandler::new::<Pass>(|_, ctx| act(ctx, 'p')),
            ActionHandler::new::<Bet>(|_, ctx| act(ctx, 'b')),
            ActionHandler::new::<Deal>(deal),
        ]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new::<GameStarted>(game_started)]
    }
}

/// The game of Kuhn poker, named `kuhn_poker`. Build it once and share it.
pub fn kuhn_game() -> Result<Arc<Game>, EngineError> {
    Game::builder()
        .string(&decklet_core::GameString::new(KUHN_GAME))
        .plugin(KuhnPlugin)
        .build()
}

/// A started game of `game` for players `p1` and `p2`, dealt from `seed`.
pub fn new_kuhn_engine(game: &Arc<Game>, seed: u64) -> Result<GameEngine, EngineError> {
    let config = EngineConfig {
        seed,
        game_id: KUHN_GAME.into(),
        ..EngineConfig::default()
    };
    let mut engine = GameEngine::new(game, config);
    engine.create_game(Player::numbered(2))?;
    engine.start()?;
    Ok(engine)
}
