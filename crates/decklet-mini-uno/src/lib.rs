//! Mini-UNO: UNO cut down until it can be solved. Two players, six cards (red and
//! blue, numbered 1 to 3), two each; one card turned up to start the discard pile and
//! one left face down as the draw pile. On their turn a player plays a card that
//! matches the top of the discard pile in colour or number, or draws the draw pile's
//! card (and may play it at once if it matches; else the turn passes), or, with
//! nothing to play and nothing to draw, passes. Whoever plays their last card wins;
//! two passes in a row end the game drawn.
//!
//! Small enough to solve: [`MiniUnoDef`] enumerates its 180 deals
//! ([`mini_uno_deals`]), so `decklet_bots::GameTree` holds the whole game.
//!
//! ```
//! use decklet_bots::{Cfr, GameTree, exploitability};
//! use decklet_mini_uno::{mini_uno_deals, mini_uno_game, mini_uno_returns};
//! let game = mini_uno_game()?;
//! let tree = GameTree::build(mini_uno_deals(&game)?, mini_uno_returns, 1_000_000)?;
//! let mut cfr = Cfr::new(&tree);
//! cfr.run(200);
//! assert!(exploitability(&tree, &cfr.average())? < 1e-2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod entry;

use std::sync::Arc;

use decklet_core::{
    Action, ActionHandler, ActionOrigin, Card, CardId, EngineConfig, EngineError, EventHandler,
    Game, GameContext, GameEngine, GamePlugin, GameStarted, GameState, GameStatus, Moves, Player,
    PlayerId, Rule, RuleResult, Var, Visibility, Zone,
};
use serde::{Deserialize, Serialize};

pub use entry::{MiniUnoDef, mini_uno_deals};

/// The game's name in a game string.
pub const MINI_UNO_GAME: &str = "mini_uno";
/// The draw pile, face down.
pub const MINI_UNO_DECK_ZONE_ID: &str = "mini_uno:deck";
/// The discard pile, face up; its top card is the one to match.
pub const MINI_UNO_DISCARD_ZONE_ID: &str = "mini_uno:discard";
/// The moves so far, a letter each: `p` a card played (the discard pile shows which),
/// `d` a draw, `k` a drawn card kept, `s` a pass with nothing to play or draw. Everyone
/// sees it: each player remembers what was done, as people at a table do.
pub const MINI_UNO_VAR_HISTORY: Var<String> = Var::new("mini_uno:history");
/// Passes in a row (two end the game). Everyone sees it.
pub const MINI_UNO_VAR_PASSES: Var<i64> = Var::new("mini_uno:passes");
/// Whether the player to move has just drawn a card that matches (the last card of
/// their hand), which they may play now or keep. Everyone sees it: the rules show it
/// (the turn does not pass), as [`Drew`] says.
pub const MINI_UNO_VAR_DRAWN: Var<bool> = Var::new("mini_uno:drawn");
/// Kind of [`Drew`].
pub const MINI_UNO_DREW: &str = "MINI_UNO_DREW";

/// `MINI_UNO_DREW`: a player drew the draw pile's card; everyone hears whether it
/// matches (the turn then stays with them), only they hear which card it is (their
/// hand shows it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Drew {
    /// Who drew.
    pub player_id: PlayerId,
    /// The card, for the player who drew it (`None` for everyone else).
    pub card_id: Option<CardId>,
    /// Whether the card matches the discard pile.
    pub playable: bool,
}

impl decklet_core::Event for Drew {
    const KIND: &'static str = MINI_UNO_DREW;
    fn view_for(&self, viewer: PlayerId) -> Self {
        Drew {
            card_id: self.card_id.filter(|_| viewer == self.player_id),
            ..self.clone()
        }
    }
}

/// `MINI_UNO_PLAY`: the player to move plays a card of their hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayCard {
    /// Who plays.
    pub player_id: PlayerId,
    /// The card.
    pub card_id: CardId,
}

impl Action for PlayCard {
    const KIND: &'static str = "MINI_UNO_PLAY";
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
}

/// `MINI_UNO_DRAW`: the player to move draws the draw pile's card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Draw {
    /// Who draws.
    pub player_id: PlayerId,
}

impl Action for Draw {
    const KIND: &'static str = "MINI_UNO_DRAW";
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
}

/// `MINI_UNO_PASS`: the player to move passes: with nothing to play and nothing to
/// draw, or keeping a card just drawn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Pass {
    /// Who passes.
    pub player_id: PlayerId,
}

impl Action for Pass {
    const KIND: &'static str = "MINI_UNO_PASS";
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
}

/// `MINI_UNO_DEAL`: the deal, run by the game when it starts (never from outside).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Deal {}

impl Action for Deal {
    const KIND: &'static str = "MINI_UNO_DEAL";
}

/// The Mini-UNO plugin.
#[derive(Clone, Copy, Debug, Default)]
pub struct MiniUnoPlugin;

/// A card's colour and number.
fn face(state: &GameState, card: CardId) -> Option<(&str, i64)> {
    let card = state.card(card)?;
    Some((card.suit.as_deref()?, card.value?))
}

/// Whether `card` may go on the discard pile's top card.
fn matches(state: &GameState, card: CardId) -> bool {
    let top = (state.zone_id(MINI_UNO_DISCARD_ZONE_ID))
        .and_then(|z| state.zone_cards(z).last().copied())
        .and_then(|c| face(state, c));
    match (face(state, card), top) {
        (Some((colour, number)), Some((top_colour, top_number))) => {
            colour == top_colour || number == top_number
        }
        _ => false,
    }
}

/// What `player` may do now, in the listed order: each card they may play, then
/// draw or pass. Nothing unless it is their turn in a game being played.
fn choices(state: &GameState, player: PlayerId) -> Vec<Choice> {
    if state.status() != GameStatus::Playing || state.current_player() != Some(player) {
        return Vec::new();
    }
    let hand = state.hand(player);
    let drawn = state.variable(&MINI_UNO_VAR_DRAWN).unwrap_or(false);
    let mut out: Vec<Choice> = match drawn {
        // just drawn: only that card (the last of the hand) may be played
        true => hand
            .last()
            .copied()
            .filter(|c| matches(state, *c))
            .map(Choice::Play)
            .into_iter()
            .collect(),
        false => hand
            .iter()
            .copied()
            .filter(|c| matches(state, *c))
            .map(Choice::Play)
            .collect(),
    };
    let pile = state
        .zone_id(MINI_UNO_DECK_ZONE_ID)
        .map_or(0, |z| state.zone_cards(z).len());
    match (drawn, pile > 0) {
        (false, true) => out.push(Choice::Draw),
        (true, _) => out.push(Choice::Pass),
        (false, false) if out.is_empty() => out.push(Choice::Pass),
        _ => {}
    }
    out
}

/// One of a player's choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    Play(CardId),
    Draw,
    Pass,
}

/// Each player's return at the end, in player order: 1 to whoever went out, −1 to the
/// other; 0 to both in a drawn game, and before the end.
pub fn mini_uno_returns(state: &GameState) -> Vec<f64> {
    let winners = state.winners();
    state
        .players()
        .map(|p| match (winners.len(), winners.contains(&p)) {
            (1, true) => 1.0,
            (1, false) => -1.0,
            _ => 0.0,
        })
        .collect()
}

fn setup(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let players = ctx.state().player_count();
    if players != 2 {
        return Err(EngineError::SetupFailed {
            plugin: MINI_UNO_GAME.to_string(),
            message: format!("Mini-UNO is played by 2 players, not {players}"),
        });
    }
    let deck = match ctx.state().zone_id(MINI_UNO_DECK_ZONE_ID) {
        Some(zone) => zone,
        None => ctx.add_zone(
            Zone::new(MINI_UNO_DECK_ZONE_ID, "deck").with_visibility(Visibility::Hidden),
        )?,
    };
    if ctx.state().zone_id(MINI_UNO_DISCARD_ZONE_ID).is_none() {
        ctx.add_zone(
            Zone::new(MINI_UNO_DISCARD_ZONE_ID, "discard").with_visibility(Visibility::Public),
        )?;
    }
    for colour in ["red", "blue"] {
        for number in 1..=3 {
            let id = format!("mini-{colour}-{number}");
            if ctx.state().card_id(&id).is_none() {
                let card = Card::new(&id, "number")
                    .with_suit(colour)
                    .with_rank(number.to_string())
                    .with_value(number);
                let card = ctx.add_card(card)?;
                ctx.place_card(card, deck)?;
            }
        }
    }
    if ctx.state().variable(&MINI_UNO_VAR_HISTORY).is_none() {
        ctx.set_variable(&MINI_UNO_VAR_HISTORY, String::new());
    }
    if ctx.state().variable(&MINI_UNO_VAR_PASSES).is_none() {
        ctx.set_variable(&MINI_UNO_VAR_PASSES, 0);
    }
    if ctx.state().variable(&MINI_UNO_VAR_DRAWN).is_none() {
        ctx.set_variable(&MINI_UNO_VAR_DRAWN, false);
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

/// The deal: the deck shuffled, two cards to each player, one turned up; the first
/// player moves.
fn deal(_: &Deal, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let deck = zone(ctx, MINI_UNO_DECK_ZONE_ID)?;
    let discard = zone(ctx, MINI_UNO_DISCARD_ZONE_ID)?;
    ctx.shuffle_zone(deck)?;
    let seats = ctx.state().seat_order().to_vec();
    for _ in 0..2 {
        for seat in &seats {
            let hand = (ctx.state().hand_zone(*seat)).ok_or_else(|| {
                EngineError::action_failed("MINI_UNO_DEAL", "a player has no hand")
            })?;
            ctx.draw_top(deck, hand)?;
        }
    }
    ctx.draw_top(deck, discard)?;
    ctx.set_current_player(seats.first().copied())
}

/// Adds a move's letter to the history.
fn remember(ctx: &mut GameContext<'_>, letter: char) {
    let mut history = ctx
        .state()
        .variable(&MINI_UNO_VAR_HISTORY)
        .unwrap_or_default();
    history.push(letter);
    ctx.set_variable(&MINI_UNO_VAR_HISTORY, history);
}

/// Hands the turn to the other player.
fn next_turn(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let seats = ctx.state().seat_order().to_vec();
    let now = ctx
        .state()
        .current_player()
        .and_then(|p| seats.iter().position(|q| *q == p));
    let next = now.map_or(0, |at| (at + 1) % seats.len().max(1));
    ctx.set_current_player(seats.get(next).copied())
}

/// Ends the game: `winner` went out, or nobody (a drawn game).
fn end(ctx: &mut GameContext<'_>, winner: Option<PlayerId>) -> Result<(), EngineError> {
    ctx.finish_game(winner.into_iter().collect())
}

fn play(action: &PlayCard, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let player = action.player_id;
    let hand = (ctx.state().hand_zone(player))
        .ok_or_else(|| EngineError::action_failed("MINI_UNO_PLAY", "no such player"))?;
    let discard = zone(ctx, MINI_UNO_DISCARD_ZONE_ID)?;
    ctx.move_card(action.card_id, hand, discard)?;
    remember(ctx, 'p');
    ctx.set_variable(&MINI_UNO_VAR_PASSES, 0);
    ctx.set_variable(&MINI_UNO_VAR_DRAWN, false);
    if ctx.state().hand(player).is_empty() {
        return end(ctx, Some(player));
    }
    next_turn(ctx)
}

fn draw(action: &Draw, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let hand = (ctx.state().hand_zone(action.player_id))
        .ok_or_else(|| EngineError::action_failed("MINI_UNO_DRAW", "no such player"))?;
    let deck = zone(ctx, MINI_UNO_DECK_ZONE_ID)?;
    let Some(card) = ctx.draw_top(deck, hand)? else {
        return Err(EngineError::action_failed(
            "MINI_UNO_DRAW",
            "the draw pile is empty",
        ));
    };
    remember(ctx, 'd');
    ctx.set_variable(&MINI_UNO_VAR_PASSES, 0);
    let playable = matches(ctx.state(), card);
    ctx.emit(Drew {
        player_id: action.player_id,
        card_id: Some(card),
        playable,
    });
    match playable {
        // the player may play it now, or keep it (pass)
        true => {
            ctx.set_variable(&MINI_UNO_VAR_DRAWN, true);
            Ok(())
        }
        false => next_turn(ctx),
    }
}

fn pass(_: &Pass, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let drawn = ctx.state().variable(&MINI_UNO_VAR_DRAWN).unwrap_or(false);
    ctx.set_variable(&MINI_UNO_VAR_DRAWN, false);
    remember(ctx, if drawn { 'k' } else { 's' });
    if !drawn {
        let passes = ctx.state().variable(&MINI_UNO_VAR_PASSES).unwrap_or(0) + 1;
        ctx.set_variable(&MINI_UNO_VAR_PASSES, passes);
        if passes >= 2 {
            return end(ctx, None);
        }
    }
    next_turn(ctx)
}

fn allowed(state: &GameState, player: PlayerId, wanted: Choice) -> RuleResult {
    match choices(state, player).contains(&wanted) {
        true => Ok(()),
        false if state.current_player() != Some(player) => Err("wait for your turn".into()),
        false => Err(match wanted {
            Choice::Play(_) => {
                "that card does not match the discard pile, or is not yours to play now"
            }
            Choice::Draw => "nothing to draw, or you have drawn already",
            Choice::Pass => {
                "play or draw: you may pass only with nothing to play or draw, or after drawing"
            }
        }
        .into()),
    }
}

impl GamePlugin for MiniUnoPlugin {
    fn id(&self) -> &'static str {
        MINI_UNO_GAME
    }
    fn name(&self) -> &'static str {
        "Mini-UNO"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        setup(ctx)
    }
    /// Each card the player may play (in their hand's order), then draw or pass.
    fn moves(&self, state: &GameState, seat: PlayerId, moves: &mut Moves) {
        for choice in choices(state, seat) {
            match choice {
                Choice::Play(card_id) => moves.push(PlayCard {
                    player_id: seat,
                    card_id,
                }),
                Choice::Draw => moves.push(Draw { player_id: seat }),
                Choice::Pass => moves.push(Pass { player_id: seat }),
            }
        }
    }
    fn rules(&self) -> Vec<Rule> {
        vec![
            Rule::for_action::<PlayCard>("miniUnoPlayable", |a, _, state| {
                allowed(state, a.player_id, Choice::Play(a.card_id))
            }),
            Rule::for_action::<Draw>("miniUnoDrawable", |a, _, state| {
                allowed(state, a.player_id, Choice::Draw)
            }),
            Rule::for_action::<Pass>("miniUnoPassable", |a, _, state| {
                allowed(state, a.player_id, Choice::Pass)
            }),
            Rule::for_action::<Deal>("miniUnoDealtByTheGame", |_, origin, _| match origin {
                ActionOrigin::Internal => Ok(()),
                ActionOrigin::External => Err("the game deals".into()),
            }),
        ]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![
            ActionHandler::new::<PlayCard>(play),
            ActionHandler::new::<Draw>(draw),
            ActionHandler::new::<Pass>(pass),
            ActionHandler::new::<Deal>(deal),
        ]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new::<GameStarted>(game_started)]
    }
}

/// The game of Mini-UNO, named `mini_uno`. Build it once and share it.
pub fn mini_uno_game() -> Result<Arc<Game>, EngineError> {
    Game::builder()
        .string(&decklet_core::GameString::new(MINI_UNO_GAME))
        .plugin(MiniUnoPlugin)
        .build()
}

/// A started game of `game` for players `p1` and `p2`, dealt from `seed`.
pub fn new_mini_uno_engine(game: &Arc<Game>, seed: u64) -> Result<GameEngine, EngineError> {
    let config = EngineConfig {
        seed,
        game_id: MINI_UNO_GAME.into(),
        ..EngineConfig::default()
    };
    let mut engine = GameEngine::new(game, config);
    engine.create_game(Player::numbered(2))?;
    engine.start()?;
    Ok(engine)
}
