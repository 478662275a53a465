//! [`TurnPlugin`]: whose turn it is, in seat order, in either direction.

use decklet_core::{
    Action, ActionHandler, EngineError, Event, EventHandler, GameContext, GamePlugin, GameStarted,
    GameState, Map, Player, PlayerId, Rule, Var,
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
    fn player_id(&self) -> Option<&PlayerId> {
        Some(&self.player_id)
    }
    fn locate_ids(&mut self, state: &GameState) {
        state.locate_player(&mut self.player_id);
    }
}

/// The seeds' `createEndTurnAction`.
pub fn create_end_turn_action(player: impl Into<PlayerId>) -> EndTurn {
    EndTurn {
        player_id: player.into(),
    }
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

/// The players sorted by seat.
///
/// ```
/// use decklet_core::{Map, Player, PlayerId};
/// use decklet_plugins::players_in_seat_order;
/// let mut players = Map::default();
/// for p in [Player::new("b", "B", 2), Player::new("a", "A", 1)] {
///     players.insert(p.id.clone(), p);
/// }
/// let order: Vec<&str> = players_in_seat_order(&players).iter().map(|p| p.id.as_str()).collect();
/// assert_eq!(order, ["a", "b"]);
/// ```
pub fn players_in_seat_order(players: &Map<PlayerId, Player>) -> Vec<&Player> {
    let mut order: Vec<&Player> = players.values().collect();
    order.sort_by_key(|p| p.seat);
    order
}

/// The player after `current` in `order` (seat order), going `direction` (negative:
/// backwards), wrapping around and skipping players who are not active. `None` if
/// `current` is not in `order` or nobody is active. With one active player, that player.
///
/// ```
/// use decklet_core::Player;
/// use decklet_plugins::next_player_id;
/// let (a, b, c) = (Player::new("a", "A", 1), Player::new("b", "B", 2), Player::new("c", "C", 3));
/// let order = [&a, &b, &c];
/// assert_eq!(next_player_id(&"c".into(), &order, 1), Some("a".into()));
/// assert_eq!(next_player_id(&"a".into(), &order, -1), Some("c".into()));
/// ```
pub fn next_player_id(current: &PlayerId, order: &[&Player], direction: i64) -> Option<PlayerId> {
    let n = order.len();
    let position = order.iter().position(|p| &p.id == current)?;
    let step = if direction < 0 { n - 1 } else { 1 };
    (1..=n)
        .map(|k| &order[(position + k * step) % n])
        .find(|p| p.is_active())
        .map(|p| p.id.clone())
}

/// [`next_player_id`] computed straight from the state, without building the seat
/// order (what the plugins use on the hot path; same answer).
pub fn next_player_in(state: &GameState, current: &PlayerId, direction: i64) -> Option<PlayerId> {
    let index = state.player_index(current)?;
    let (_, me) = state.players.get_index(index)?;
    let seat = me.seat;
    let forward = direction >= 0;
    // Common case: the neighbour in the map holds the very next seat and plays. No
    // seat lies strictly between two consecutive numbers, so it is the answer.
    let neighbour = if forward {
        index.checked_add(1)
    } else {
        index.checked_sub(1)
    };
    let next_seat = if forward {
        seat.checked_add(1)
    } else {
        seat.checked_sub(1)
    };
    if let (Some(neighbour), Some(next_seat)) = (neighbour, next_seat)
        && let Some((_, p)) = state.players.get_index(neighbour)
        && p.seat == next_seat
        && p.is_active()
    {
        return Some(p.id.clone());
    }
    let mut ahead: Option<&Player> = None;
    let mut wrap: Option<&Player> = None;
    for (i, p) in state.players.values().enumerate() {
        if i == index || !p.is_active() {
            continue;
        }
        let is_ahead = if forward {
            p.seat > seat
        } else {
            p.seat < seat
        };
        let better = |best: Option<&Player>| {
            best.is_none_or(|b| {
                if forward {
                    p.seat < b.seat
                } else {
                    p.seat > b.seat
                }
            })
        };
        if is_ahead {
            if better(ahead) {
                ahead = Some(p);
            }
        } else if better(wrap) {
            wrap = Some(p);
        }
    }
    match ahead.or(wrap) {
        Some(p) => Some(p.id.clone()),
        None => me.is_active().then(|| me.id.clone()),
    }
}

/// The direction of play stored in the state (default 1).
pub fn direction(state: &GameState) -> i64 {
    state.variable(TURN_VARIABLE_DIRECTION).unwrap_or(1)
}

fn end_turn(action: &EndTurn, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let state = ctx.state();
    let turn = state.turn;
    let next = next_player_in(state, &action.player_id, direction(state)).ok_or_else(|| {
        EngineError::action_failed(END_TURN_ACTION, "no active player can take the next turn")
    })?;
    ctx.set_current_player(Some(next.clone()))?;
    ctx.set_turn(turn + 1);
    // events nobody listens to are not even built (`emit` would drop them)
    if ctx.wants::<TurnEnded>() {
        ctx.emit(TurnEnded {
            player_id: action.player_id.clone(),
            turn,
        });
    }
    if ctx.wants::<TurnStarted>() {
        ctx.emit(TurnStarted {
            player_id: next,
            turn: turn + 1,
        });
    }
    Ok(())
}

fn game_started(_event: &GameStarted, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    if ctx.state().variable(TURN_VARIABLE_DIRECTION).is_none() {
        ctx.set_variable(TURN_VARIABLE_DIRECTION, 1);
    }
    if ctx.state().current_player_id.is_none() {
        let first = players_in_seat_order(&ctx.state().players)
            .into_iter()
            .find(|p| p.is_active())
            .map(|p| p.id.clone());
        if let Some(first) = first {
            ctx.set_current_player(Some(first.clone()))?;
            let turn = ctx.state().turn;
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
    fn id(&self) -> &'static str {
        TURN_PLUGIN_ID
    }
    fn name(&self) -> &'static str {
        "Turns"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn rules(&self) -> Vec<Rule> {
        vec![Rule::for_action::<EndTurn>(
            "currentPlayerEndsTurn",
            |action, _, state| match &state.current_player_id {
                Some(current) if current == &action.player_id => Ok(()),
                Some(current) => Err(format!(
                    "it is {current}'s turn, so {} cannot end it",
                    action.player_id
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
