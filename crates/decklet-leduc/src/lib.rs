//! Leduc poker, as OpenSpiel's `leduc_poker` plays it: two players, six cards (a jack,
//! a queen and a king of two suits), an ante of one chip each and a private card each;
//! a round of betting (raises of 2), a public card, a second round (raises of 4); at
//! most two raises a round. A player may fold only to a bet. A fold loses the chips put
//! in; otherwise a private card that pairs the public card wins, else the higher rank,
//! and equal ranks split the pot (both players are then named winners, each with a
//! return of 0). The move list is OpenSpiel's (fold, call, raise), and so is each
//! player's return.
//!
//! Small enough to solve: [`LeducDef`] enumerates its 120 deals ([`leduc_deals`]: the
//! two private cards and the public card, which lies face down on the deck until the
//! second round), so `decklet_bots::GameTree` holds the whole game.
//!
//! ```
//! use decklet_bots::{GameTree, exploitability};
//! use decklet_leduc::{leduc_deals, leduc_game, leduc_returns};
//! let game = leduc_game()?;
//! let tree = GameTree::build(leduc_deals(&game)?, leduc_returns, 1_000_000)?;
//! assert_eq!(tree.infosets().len(), 936);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod entry;

use std::sync::Arc;

use decklet_core::{
    Action, ActionHandler, ActionOrigin, Card, EngineConfig, EngineError, EventHandler, Game,
    GameContext, GameEngine, GamePlugin, GameStarted, GameState, GameStatus, Moves, Player,
    PlayerId, Rule, RuleResult, Var, Visibility, Zone,
};
use serde::{Deserialize, Serialize};

pub use entry::{LeducDef, leduc_deals};

/// The game's name in a game string.
pub const LEDUC_GAME: &str = "leduc_poker";
/// The deck: the cards no player holds, face down; its top card is the public card.
pub const LEDUC_DECK_ZONE_ID: &str = "leduc:deck";
/// The public card, face up from the second round on.
pub const LEDUC_PUBLIC_ZONE_ID: &str = "leduc:public";
/// The moves of each round so far, a letter each (`c` a check or call, `r` a raise),
/// the rounds joined by `/` (`rc/cr`). A fold ends the game. Everyone sees it.
pub const LEDUC_VAR_HISTORY: Var<String> = Var::new("leduc:history");

/// `LEDUC_FOLD`: the player to move gives up, to a bet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Fold {
    /// Who folds.
    pub player_id: PlayerId,
}

impl Action for Fold {
    const KIND: &'static str = "LEDUC_FOLD";
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
}

/// `LEDUC_CALL`: the player to move checks, or calls a bet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Call {
    /// Who calls.
    pub player_id: PlayerId,
}

impl Action for Call {
    const KIND: &'static str = "LEDUC_CALL";
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
}

/// `LEDUC_RAISE`: the player to move bets (2 chips in the first round, 4 in the second)
/// on top of what they owe.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Raise {
    /// Who raises.
    pub player_id: PlayerId,
}

impl Action for Raise {
    const KIND: &'static str = "LEDUC_RAISE";
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
}

/// `LEDUC_DEAL`: the deal, run by the game when it starts (never from outside).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Deal {}

impl Action for Deal {
    const KIND: &'static str = "LEDUC_DEAL";
}

/// The Leduc poker plugin.
#[derive(Clone, Copy, Debug, Default)]
pub struct LeducPlugin;

/// Where a history stands: the chips each player put in, whose move it is (0 or 1)
/// and what they may do, or how it ended.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Standing {
    /// Chips put in by each seat, antes included.
    put: [u32; 2],
    /// The round being bet (1 or 2), or 3 once both are over.
    round: u8,
    /// The seat to move.
    mover: usize,
    /// Whether the mover faces a bet (may fold).
    facing: bool,
    /// Raises so far this round.
    raises: u8,
    /// The seat that folded, if one did.
    folded: Option<usize>,
}

/// Reads a history (`rc/cr`).
fn standing(history: &str) -> Standing {
    let mut s = Standing {
        put: [1, 1],
        round: 1,
        mover: 0,
        facing: false,
        raises: 0,
        folded: None,
    };
    let mut moves_this_round = 0;
    for letter in history.chars() {
        match letter {
            '/' => {
                s.round += 1;
                s.mover = 0;
                s.facing = false;
                s.raises = 0;
                moves_this_round = 0;
                continue;
            }
            'f' => {
                s.folded = Some(s.mover);
                return s;
            }
            'c' => {
                let top = s.put[0].max(s.put[1]);
                s.put[s.mover] = top;
                s.facing = false;
            }
            'r' => {
                let top = s.put[0].max(s.put[1]);
                s.put[s.mover] = top + if s.round == 1 { 2 } else { 4 };
                s.raises += 1;
                s.facing = true;
            }
            _ => {}
        }
        moves_this_round += 1;
        s.mover = 1 - s.mover;
        // a round ends on a call after at least two moves
        if letter == 'c' && moves_this_round >= 2 && s.round == 2 {
            s.round = 3;
        }
    }
    s
}

/// Whether the first round is over and the public card is due (`cc`, `rc`, `crc`, …).
fn first_round_over(history: &str) -> bool {
    !history.contains('/') && history.len() >= 2 && history.ends_with('c')
}

/// The rank of a card (0 a jack … 2 a king), from its value.
fn rank(state: &GameState, card: Option<&decklet_core::CardId>) -> Option<i64> {
    state.card(*card?)?.value
}

/// Each player's return at the end, in player order (`p1`, `p2`): the chips won from
/// the other; zeros before the end and on a split pot.
pub fn leduc_returns(state: &GameState) -> Vec<f64> {
    let history = state.variable(&LEDUC_VAR_HISTORY).unwrap_or_default();
    let seats = state.seat_order().to_vec();
    let s = standing(&history);
    let zero = vec![0.0; state.player_count()];
    let (Some(first), Some(second)) = (seats.first(), seats.get(1)) else {
        return zero;
    };
    let first_wins = match (s.folded, s.round) {
        (Some(folder), _) => Some(folder == 1),
        (None, 3) => {
            let public = state
                .zone_id(LEDUC_PUBLIC_ZONE_ID)
                .map(|z| state.zone_cards(z));
            let public = rank(state, public.and_then(|c| c.first()));
            let mine = rank(state, state.hand(*first).first());
            let theirs = rank(state, state.hand(*second).first());
            match (mine == public, theirs == public) {
                (true, false) => Some(true),
                (false, true) => Some(false),
                _ if mine == theirs => None,
                _ => Some(mine > theirs),
            }
        }
        _ => return zero,
    };
    let one = match first_wins {
        Some(true) => f64::from(s.put[1]),
        Some(false) => -f64::from(s.put[0]),
        None => 0.0,
    };
    state
        .players()
        .map(|p| if p == *first { one } else { -one })
        .collect()
}

fn setup(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let players = ctx.state().player_count();
    if players != 2 {
        return Err(EngineError::SetupFailed {
            plugin: LEDUC_GAME.to_string(),
            message: format!("Leduc poker is played by 2 players, not {players}"),
        });
    }
    let deck = match ctx.state().zone_id(LEDUC_DECK_ZONE_ID) {
        Some(zone) => zone,
        None => {
            ctx.add_zone(Zone::new(LEDUC_DECK_ZONE_ID, "deck").with_visibility(Visibility::Hidden))?
        }
    };
    if ctx.state().zone_id(LEDUC_PUBLIC_ZONE_ID).is_none() {
        ctx.add_zone(
            Zone::new(LEDUC_PUBLIC_ZONE_ID, "public").with_visibility(Visibility::Public),
        )?;
    }
    // OpenSpiel's cards 0 to 5: rank = card / 2
    for index in 0..6 {
        let id = format!("leduc-{index}");
        if ctx.state().card_id(&id).is_none() {
            let rank = ["J", "Q", "K"].get(index / 2).copied().unwrap_or("?");
            let suit = ["a", "b"].get(index % 2).copied().unwrap_or("?");
            let card = Card::new(&id, "leduc")
                .with_rank(rank)
                .with_suit(suit)
                .with_value((index / 2) as i64);
            let card = ctx.add_card(card)?;
            ctx.place_card(card, deck)?;
        }
    }
    if ctx.state().variable(&LEDUC_VAR_HISTORY).is_none() {
        ctx.set_variable(&LEDUC_VAR_HISTORY, String::new());
    }
    Ok(())
}

fn game_started(_: &GameStarted, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    ctx.dispatch(Deal {});
    Ok(())
}

fn zone(ctx: &GameContext<'_>, id: &str) -> Result<decklet_core::ZoneId, EngineError> {
    ctx.state()
        .zone_id(id)
        .ok_or_else(|| EngineError::ZoneNotFound {
            zone: id.to_string(),
        })
}

/// The deal: the deck shuffled, a private card to each player; the first player moves.
fn deal(_: &Deal, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let deck = zone(ctx, LEDUC_DECK_ZONE_ID)?;
    ctx.shuffle_zone(deck)?;
    let seats = ctx.state().seat_order().to_vec();
    for seat in &seats {
        let hand = (ctx.state().hand_zone(*seat))
            .ok_or_else(|| EngineError::action_failed("LEDUC_DEAL", "a player has no hand"))?;
        ctx.draw_top(deck, hand)?;
    }
    ctx.set_current_player(seats.first().copied())
}

/// A move: the history grows by `letter`; the public card is turned after the first
/// round; at an end the winner is named, else the next seat moves.
fn act(ctx: &mut GameContext<'_>, letter: char) -> Result<(), EngineError> {
    let mut history = ctx.state().variable(&LEDUC_VAR_HISTORY).unwrap_or_default();
    history.push(letter);
    if first_round_over(&history) {
        history.push('/');
        let (deck, public) = (
            zone(ctx, LEDUC_DECK_ZONE_ID)?,
            zone(ctx, LEDUC_PUBLIC_ZONE_ID)?,
        );
        ctx.draw_top(deck, public)?;
    }
    ctx.set_variable(&LEDUC_VAR_HISTORY, history.clone());
    let s = standing(&history);
    let seats = ctx.state().seat_order().to_vec();
    if s.folded.is_none() && s.round < 3 {
        return ctx.set_current_player(seats.get(s.mover).copied());
    }
    let returns = leduc_returns(ctx.state());
    let winners: Vec<PlayerId> = (ctx.state().players())
        .zip(&returns)
        .filter(|(_, r)| **r >= 0.0)
        .map(|(p, _)| p)
        .collect();
    ctx.finish_game(winners)
}

/// What the player to move may do now: `(fold, raise)` allowed (a call always is).
fn options(state: &GameState, player: PlayerId) -> Option<(bool, bool)> {
    if state.status() != GameStatus::Playing || state.current_player() != Some(player) {
        return None;
    }
    let s = standing(&state.variable(&LEDUC_VAR_HISTORY).unwrap_or_default());
    Some((s.facing, s.raises < 2))
}

fn turn(state: &GameState, player: PlayerId) -> RuleResult {
    match options(state, player) {
        Some(_) => Ok(()),
        None => Err("wait for your turn".into()),
    }
}

impl GamePlugin for LeducPlugin {
    fn id(&self) -> &'static str {
        LEDUC_GAME
    }
    fn name(&self) -> &'static str {
        "Leduc poker"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        setup(ctx)
    }
    /// Fold (to a bet), call, raise (two a round at most): OpenSpiel's actions 0, 1, 2.
    fn moves(&self, state: &GameState, seat: PlayerId, moves: &mut Moves) {
        if let Some((fold, raise)) = options(state, seat) {
            if fold {
                moves.push(Fold { player_id: seat });
            }
            moves.push(Call { player_id: seat });
            if raise {
                moves.push(Raise { player_id: seat });
            }
        }
    }
    fn rules(&self) -> Vec<Rule> {
        vec![
            Rule::for_action::<Fold>("leducFoldToABet", |a, _, state| {
                match options(state, a.player_id) {
                    Some((true, _)) => Ok(()),
                    Some(_) => Err("nothing to fold to: check instead".into()),
                    None => Err("wait for your turn".into()),
                }
            }),
            Rule::for_action::<Call>("leducCallersTurn", |a, _, state| turn(state, a.player_id)),
            Rule::for_action::<Raise>("leducTwoRaisesARound", |a, _, state| {
                match options(state, a.player_id) {
                    Some((_, true)) => Ok(()),
                    Some(_) => Err("two raises a round at most".into()),
                    None => Err("wait for your turn".into()),
                }
            }),
            Rule::for_action::<Deal>("leducDealtByTheGame", |_, origin, _| match origin {
                ActionOrigin::Internal => Ok(()),
                ActionOrigin::External => Err("the game deals".into()),
            }),
        ]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![
            ActionHandler::new::<Fold>(|_, ctx| act(ctx, 'f')),
            ActionHandler::new::<Call>(|_, ctx| act(ctx, 'c')),
            ActionHandler::new::<Raise>(|_, ctx| act(ctx, 'r')),
            ActionHandler::new::<Deal>(deal),
        ]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new::<GameStarted>(game_started)]
    }
}

/// The game of Leduc poker, named `leduc_poker`. Build it once and share it.
pub fn leduc_game() -> Result<Arc<Game>, EngineError> {
    Game::builder()
        .string(&decklet_core::GameString::new(LEDUC_GAME))
        .plugin(LeducPlugin)
        .build()
}

/// A started game of `game` for players `p1` and `p2`, dealt from `seed`.
pub fn new_leduc_engine(game: &Arc<Game>, seed: u64) -> Result<GameEngine, EngineError> {
    let config = EngineConfig {
        seed,
        game_id: LEDUC_GAME.into(),
        ..EngineConfig::default()
    };
    let mut engine = GameEngine::new(game, config);
    engine.create_game(Player::numbered(2))?;
    engine.start()?;
    Ok(engine)
}
