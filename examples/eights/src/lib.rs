//! Eights: a small Crazy Eights, the card game that `docs/writing-a-plugin.md` builds
//! step by step (a pile, a deal, a draw-or-pass turn, legal moves, a winner).
use std::sync::Arc;

use decklet_core::{
    Action, ActionHandler, ActionOrigin, CardId, EngineConfig, EngineError, EventHandler, Game,
    GameContext, GameEngine, GameFinished, GamePlugin, GameStarted, GameState, GameStatus, GameWon,
    Moves, Player, PlayerId, Rule, RuleResult, Var, Zone,
};
use decklet_plugins::{
    CardDrawn, DRAW_VAR_RESHUFFLE_FROM, DRAW_VAR_RESHUFFLE_KEEP_TOP, DrawCard, DrawPlugin, EndTurn,
    Rank, STANDARD_DECK_ZONE_ID, StandardCard, StandardDeckPlugin, Suit, TurnPlugin, TurnStarted,
};
use serde::{Deserialize, Serialize};

/// The discard pile: public, its top card the one to follow.
pub const PILE: &str = "pile";
/// The cards each player is dealt.
pub const HAND_SIZE: usize = 5;
/// The suit to follow: the top card's, or the one an eight named (its index in
/// `Suit::ALL`). Public: everyone saw it played.
pub const SUIT_IN_FORCE: Var<i64> = Var::new("eights:suit");
/// Whether the current player has drawn this turn (then they may pass).
pub const DREW: Var<bool> = Var::new("eights:drew");

/// `PLAY`: play a card from your hand onto the pile; an eight names the suit to follow.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Play {
    /// Who plays.
    pub player_id: PlayerId,
    /// The card.
    pub card_id: CardId,
    /// The suit an eight names (only with an eight).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suit: Option<Suit>,
}

impl Action for Play {
    const KIND: &'static str = "PLAY";
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
}

/// `DEAL`: the game's own move at the start, never a player's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {}

impl Action for Deal {
    const KIND: &'static str = "DEAL";
}

/// The pile's top card, as a suit and a rank.
pub fn top(state: &GameState) -> Option<StandardCard> {
    let pile = state.zone_id(PILE)?;
    StandardCard::in_state(state, *state.zone_cards(pile).last()?)
}

/// The suit to follow.
pub fn suit_in_force(state: &GameState) -> Option<Suit> {
    let index = state.variable(&SUIT_IN_FORCE)?;
    Suit::ALL.get(usize::try_from(index).ok()?).copied()
}

/// Whether `card` may be played now: an eight always, another card if it follows the
/// suit in force or the top card's rank.
pub fn playable(state: &GameState, card: StandardCard) -> bool {
    card.rank == Rank::Eight
        || Some(card.suit) == suit_in_force(state)
        || Some(card.rank) == top(state).map(|top| top.rank)
}

/// Deals from the shuffled deck: five cards to each player, then one face up on the
/// pile, whose suit is the one to follow.
fn deal(_: &Deal, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let state = ctx.state();
    let missing = |zone: &str| EngineError::ZoneNotFound { zone: zone.into() };
    let deck = state
        .zone_id(STANDARD_DECK_ZONE_ID)
        .ok_or_else(|| missing("deck"))?;
    let pile = state.zone_id(PILE).ok_or_else(|| missing(PILE))?;
    let hands: Vec<_> = state
        .seat_order()
        .iter()
        .filter_map(|p| state.hand_zone(*p))
        .collect();
    for _ in 0..HAND_SIZE {
        for hand in &hands {
            ctx.draw_top(deck, *hand)?;
        }
    }
    ctx.draw_top(deck, pile)?;
    set_suit(ctx, top(ctx.state()).map(|card| card.suit));
    Ok(())
}

fn set_suit(ctx: &mut GameContext<'_>, suit: Option<Suit>) {
    let index = suit.and_then(|suit| Suit::ALL.iter().position(|s| *s == suit));
    ctx.set_variable(&SUIT_IN_FORCE, index.map_or(-1, |i| i as i64));
}

/// A card goes onto the pile and sets the suit; an empty hand wins, otherwise the turn
/// passes.
fn play(action: &Play, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let state = ctx.state();
    let player = action.player_id;
    let hand = state
        .hand_zone(player)
        .ok_or_else(|| EngineError::PlayerNotFound {
            player: state.id_text(player).into_owned(),
        })?;
    let pile = state
        .zone_id(PILE)
        .ok_or_else(|| EngineError::ZoneNotFound { zone: PILE.into() })?;
    let card = StandardCard::in_state(state, action.card_id);
    ctx.move_card(action.card_id, hand, pile)?;
    set_suit(ctx, action.suit.or(card.map(|card| card.suit)));
    if ctx.state().hand(player).is_empty() {
        ctx.add_winner(player)?;
        ctx.set_status(GameStatus::Finished);
        ctx.set_current_player(None)?;
        ctx.emit(GameWon {
            winner_ids: vec![player],
        });
        ctx.emit(GameFinished {
            winner_ids: vec![player],
        });
    } else {
        ctx.dispatch(EndTurn { player_id: player });
    }
    Ok(())
}

/// The deal comes after the deck's shuffle: both are queued on `GAME_STARTED`, the
/// standard deck's first.
fn game_started(_: &GameStarted, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    ctx.dispatch(Deal {});
    Ok(())
}

/// A draw lets the drawer pass.
fn drawn(_: &CardDrawn, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    ctx.set_variable(&DREW, true);
    Ok(())
}

/// A new turn: nothing drawn yet.
fn turn_started(_: &TurnStarted, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    ctx.set_variable(&DREW, false);
    Ok(())
}

/// Half of a rule: only the current player moves.
fn your_turn(state: &GameState, player: PlayerId) -> RuleResult {
    match state.current_player() == Some(player) {
        true => Ok(()),
        false => Err("wait for your turn".into()),
    }
}

/// The Eights plugin. Register it after the deck, turn and draw plugins.
#[derive(Clone, Copy, Debug, Default)]
pub struct EightsPlugin;

impl GamePlugin for EightsPlugin {
    fn id(&self) -> &'static str {
        "eights"
    }
    fn name(&self) -> &'static str {
        "Eights"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn requires(&self) -> &'static [&'static str] {
        &["standard-deck", "turn", "draw"]
    }
    /// The pile, the variables, and the draw plugin told to reshuffle the pile (all but
    /// its top card) into the deck when the deck runs out. Idempotent.
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        let pile = match ctx.state().zone_id(PILE) {
            Some(pile) => pile,
            None => ctx.add_zone(Zone::new(PILE, "pile"))?,
        };
        if ctx.state().variable(&DRAW_VAR_RESHUFFLE_FROM).is_none() {
            ctx.set_variable(&DRAW_VAR_RESHUFFLE_FROM, pile);
            ctx.set_variable(&DRAW_VAR_RESHUFFLE_KEEP_TOP, true);
            ctx.set_variable(&SUIT_IN_FORCE, -1);
            ctx.set_variable(&DREW, false);
        }
        Ok(())
    }
    /// On your turn: each card you may play (an eight once for each suit it may name),
    /// a draw if you have not drawn, a pass if you have.
    fn moves(&self, state: &GameState, seat: PlayerId, moves: &mut Moves) {
        if state.status() != GameStatus::Playing || state.current_player() != Some(seat) {
            return;
        }
        for &card_id in state.hand(seat) {
            let Some(card) = StandardCard::in_state(state, card_id) else {
                continue;
            };
            let named: Vec<Option<Suit>> = match card.rank {
                Rank::Eight => Suit::ALL.into_iter().map(Some).collect(),
                _ if playable(state, card) => vec![None],
                _ => Vec::new(),
            };
            for suit in named {
                moves.push(Play {
                    player_id: seat,
                    card_id,
                    suit,
                });
            }
        }
        match state.variable(&DREW) == Some(true) {
            false => moves.push(DrawCard {
                player_id: seat,
                count: 1,
            }),
            true => moves.push(EndTurn { player_id: seat }),
        }
    }
    fn rules(&self) -> Vec<Rule> {
        vec![
            Rule::new("notOver", |_, _, state| match state.status() {
                GameStatus::Playing => Ok(()),
                _ => Err("the game is not being played".into()),
            }),
            Rule::for_action::<Deal>("dealtByTheGame", |_, origin, _| match origin {
                ActionOrigin::Internal => Ok(()),
                ActionOrigin::External => Err("the game deals, not a player".into()),
            }),
            Rule::for_action::<Play>("playOnYourTurn", |play, _, state| {
                your_turn(state, play.player_id)
            }),
            Rule::for_action::<Play>("playableCard", |play, _, state| {
                if !state.hand(play.player_id).contains(&play.card_id) {
                    return Err("that card is not in your hand".into());
                }
                let card = StandardCard::in_state(state, play.card_id);
                match (card, play.suit) {
                    (None, _) => Err("that is not a standard card".into()),
                    (Some(card), None) if card.rank == Rank::Eight => {
                        Err("an eight names a suit".into())
                    }
                    (Some(card), Some(_)) if card.rank != Rank::Eight => {
                        Err("only an eight names a suit".into())
                    }
                    (Some(card), _) if playable(state, card) => Ok(()),
                    (Some(_), _) => Err("follow the suit or the rank, or play an eight".into()),
                }
            }),
            // the deal draws with the deck's own moves (`Internal`): the rules below
            // are for players
            Rule::for_action::<DrawCard>("drawOnYourTurnOnce", |draw, origin, state| {
                if origin == ActionOrigin::Internal {
                    return Ok(());
                }
                your_turn(state, draw.player_id)?;
                match (draw.count, state.variable(&DREW)) {
                    (1, Some(false)) => Ok(()),
                    (1, _) => Err("you have drawn this turn: play or pass".into()),
                    _ => Err("draw one card at a time".into()),
                }
            }),
            Rule::for_action::<EndTurn>("passAfterDrawing", |_, origin, state| {
                match origin == ActionOrigin::Internal || state.variable(&DREW) == Some(true) {
                    true => Ok(()),
                    false => Err("draw a card before you pass".into()),
                }
            }),
        ]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new(deal), ActionHandler::new(play)]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![
            EventHandler::new(game_started),
            EventHandler::new(drawn),
            EventHandler::new(turn_started),
        ]
    }
}

/// The game: the standard deck, turns, drawing and Eights, in that order. Built once,
/// shared by every match (and every replay).
pub fn eights_game() -> Result<Arc<Game>, EngineError> {
    Game::builder()
        .plugin(StandardDeckPlugin)
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(EightsPlugin)
        .build()
}

/// A started match of `game` for `players` players (`p1`…), dealt from `seed`.
pub fn new_match(game: &Arc<Game>, seed: u64, players: usize) -> Result<GameEngine, EngineError> {
    let config = EngineConfig {
        seed,
        game_id: "eights".into(),
        ..Default::default()
    };
    let mut engine = GameEngine::new(game, config);
    let seats =
        (1..=players).map(|i| Player::new(format!("p{i}"), format!("Player {i}"), i as u32));
    engine.create_game(seats.collect())?;
    engine.start()?;
    Ok(engine)
}
