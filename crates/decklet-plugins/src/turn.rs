//! [`TurnPlugin`]: whose turn it is, in seat order, in either direction.

use decklet_core::{
    Action, ActionHandler, EngineError, Event, EventHandler, GameContext, GamePlugin, GameStarted,
    GameState, GameStatus, InfoState, MoveCode, PlayerId, PlayerStatus, Rule, RuleResult, Var,
};
use serde::{Deserialize, Serialize};

/// Plugin id of [`TurnPlugin`].
pub const TURN_PLUGIN_ID: &str = "turn";
/// Kind of [`EndTurn`].
pub const END_TURN_ACTION: &str = "END_TURN";
/// Kind of [`TurnEnded`].
pub const TURN_ENDED: &str = "TURN_ENDED";
/// Kind of [`TurnStarted`].
pub const TURN_STARTED: &str = "TURN_STARTED";
/// Direction of play: `1` follows seats upwards, `-1` downwards (default 1).
pub const TURN_VARIABLE_DIRECTION: Var<i64> = Var::new("turn:direction");

/// `END_TURN`: the current player ends their turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EndTurn {
    /// The player ending their turn (must be the current player).
    pub player_id: PlayerId,
}

impl Action for EndTurn {
    const KIND: &'static str = END_TURN_ACTION;
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
    fn to_code(&self) -> Option<u64> {
        Some(MoveCode::new().player(self.player_id)?.code())
    }
    fn from_code(code: u64) -> Option<Self> {
        Some(EndTurn {
            player_id: MoveCode::read(code).player(),
        })
    }
}

/// The reference's `createEndTurnAction`.
pub fn create_end_turn_action(player: PlayerId) -> EndTurn {
    EndTurn { player_id: player }
}

/// `TURN_ENDED`: a player's turn ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnEnded {
    /// Whose turn ended.
    pub player_id: PlayerId,
    /// The turn counter before it was bumped.
    pub turn: u64,
}
impl Event for TurnEnded {
    const KIND: &'static str = TURN_ENDED;
}

/// `TURN_STARTED`: a player's turn began.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnStarted {
    /// Whose turn it is now.
    pub player_id: PlayerId,
    /// The turn counter.
    pub turn: u64,
}
impl Event for TurnStarted {
    const KIND: &'static str = TURN_STARTED;
}

/// The active player after `current` in seat order, going `direction` (`< 0`: down
/// the seats), wrapping around; `current` itself if nobody else is active, `None` if
/// nobody is (or `current` is not a player). One step per skipped player, whatever the
/// seat numbers.
///
/// ```
/// use decklet_core::*;
/// use decklet_plugins::next_player_in;
/// let mut engine = GameEngine::default();
/// engine.create_game(vec![Player::new("a", "A", 10), Player::new("b", "B", 2), Player::new("c", "C", 7)])?;
/// let state = engine.state();
/// let id = |t| state.player_id(t).ok_or("no such player");
/// assert_eq!(next_player_in(state, id("b")?, 1), Some(id("c")?));
/// assert_eq!(next_player_in(state, id("a")?, 1), Some(id("b")?));
/// assert_eq!(next_player_in(state, id("b")?, -1), Some(id("a")?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn next_player_in(state: &GameState, current: PlayerId, direction: i64) -> Option<PlayerId> {
    next_active(
        state.seat_order(),
        state.seat_index(current)?,
        direction,
        |p| state.player_status(p),
    )
}

/// [`next_player_in`] as a seat knows it (seat order and statuses are public): what a
/// bot handed an [`InfoState`] asks.
pub fn next_player_seen(info: &InfoState, current: PlayerId, direction: i64) -> Option<PlayerId> {
    next_active(
        info.seat_order(),
        info.seat_index(current)?,
        direction,
        |p| info.player_status(p),
    )
}

/// The first active player after seat `at` of `order`, going `direction`.
#[inline]
fn next_active(
    order: &[PlayerId],
    mut at: usize,
    direction: i64,
    status: impl Fn(PlayerId) -> Option<PlayerStatus>,
) -> Option<PlayerId> {
    let n = order.len();
    // one seat at a time, wrapping around, every seat once (the last is `current`'s)
    (0..n).find_map(|_| {
        at = if direction < 0 {
            at.checked_sub(1).unwrap_or(n - 1)
        } else if at + 1 < n {
            at + 1
        } else {
            0
        };
        order
            .get(at)
            .copied()
            .filter(|p| status(*p) == Some(PlayerStatus::Active))
    })
}

/// Why `player` may not make a move of their turn now, if they may not: the game is
/// not being played, or it is another player's turn (named), or nobody's. What a
/// game's rules ask first of a move made in turn.
///
/// ```
/// use decklet_core::{GameEngine, Player};
/// let mut engine = GameEngine::default();
/// engine.create_game(vec![Player::new("p1", "Ann", 1)])?;
/// let p1 = engine.state().player_id("p1").ok_or("p1")?;
/// let refused = decklet_plugins::players_turn(engine.state(), p1).unwrap_err();
/// assert_eq!(refused.to_string(), "the game is not being played");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn players_turn(state: &GameState, player: PlayerId) -> RuleResult {
    if state.status() != GameStatus::Playing {
        return Err("the game is not being played".into());
    }
    match state.current_player() {
        Some(current) if current == player => Ok(()),
        Some(current) => Err(format!("it is {}'s turn", state.id_text(current)).into()),
        None => Err("nobody's turn has started".into()),
    }
}

/// The direction of play ([`TURN_VARIABLE_DIRECTION`], 1 when unset).
#[inline]
pub fn direction(state: &GameState) -> i64 {
    state.variable(&TURN_VARIABLE_DIRECTION).unwrap_or(1)
}

fn end_turn(action: &EndTurn, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let state = ctx.state();
    let turn = state.turn();
    let following = turn.checked_add(1).ok_or_else(|| {
        EngineError::action_failed(END_TURN_ACTION, "the turn counter is at its largest")
    })?;
    let next = next_player_in(state, action.player_id, direction(state)).ok_or_else(|| {
        EngineError::action_failed(END_TURN_ACTION, "no active player can take the next turn")
    })?;
    ctx.set_current_player(Some(next))?;
    ctx.set_turn(following);
    ctx.emit(TurnEnded {
        player_id: action.player_id,
        turn,
    });
    ctx.emit(TurnStarted {
        player_id: next,
        turn: following,
    });
    Ok(())
}

fn game_started(_event: &GameStarted, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    if ctx.state().variable(&TURN_VARIABLE_DIRECTION).is_none() {
        ctx.set_variable(&TURN_VARIABLE_DIRECTION, 1);
    }
    if ctx.state().current_player().is_none() {
        let state = ctx.state();
        let first = state
            .seat_order()
            .iter()
            .copied()
            .find(|p| state.player_status(*p) == Some(PlayerStatus::Active));
        if let Some(first) = first {
            ctx.set_current_player(Some(first))?;
            let turn = ctx.state().turn();
            ctx.emit(TurnStarted {
                player_id: first,
                turn,
            });
        }
    }
    Ok(())
}

/// Turn order: `END_TURN` by the current player passes the turn to the next active
/// player in seat order, following [`TURN_VARIABLE_DIRECTION`]; on `GAME_STARTED` the
/// first active player in seat order starts.
///
/// Rule: `currentPlayerEndsTurn` — only the current player may end the turn.
#[derive(Clone, Copy, Debug, Default)]
pub struct TurnPlugin;

impl GamePlugin for TurnPlugin {
    /// The direction, if set, is 1 or −1.
    fn validate(&self, state: &GameState) -> Result<(), EngineError> {
        state.check_variable(&TURN_VARIABLE_DIRECTION, |d| *d == 1 || *d == -1)
    }
    fn id(&self) -> &'static str {
        TURN_PLUGIN_ID
    }
    fn name(&self) -> &'static str {
        "Turns"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    /// None: the games built on it list their own.
    fn lists_moves(&self) -> bool {
        false
    }
    fn rules(&self) -> Vec<Rule> {
        vec![Rule::for_action::<EndTurn>(
            "currentPlayerEndsTurn",
            |action, _, state| match state.current_player() {
                Some(current) if current == action.player_id => Ok(()),
                Some(current) => Err(format!(
                    "it is {}'s turn, so {} cannot end it",
                    state.id_text(current),
                    state.id_text(action.player_id)
                )
                .into()),
                None => Err("nobody's turn has started yet".into()),
            },
        )]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<EndTurn>(end_turn)]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new::<GameStarted>(game_started)]
    }
}
