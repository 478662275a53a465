//! [`play_game`]: a started match played to its end by one bot a seat; [`ask`]: one
//! bot's move.

use decklet_core::{
    EngineConfig, EngineError, GameEngine, GameState, GameStatus, InfoState, Moves, PlayerId,
};

use crate::bot::Bot;

/// Each player's result in a finished game, in player order: what a tournament ranks
/// by and a search maximises. [`winners_score`] is the default.
pub type Scoring = fn(&GameState) -> Vec<f64>;

/// 1 for a winner (shared among several), 0 for the others and for everyone in a game
/// without a winner.
pub fn winners_score(state: &GameState) -> Vec<f64> {
    let winners = state.winners();
    let share = 1.0 / winners.len().max(1) as f64;
    state
        .players()
        .map(|p| if winners.contains(&p) { share } else { 0.0 })
        .collect()
}

/// What one game did.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameReport {
    /// The moves made.
    pub moves: u64,
    /// Each player's result ([`Scoring`]), in player order.
    pub scores: Vec<f64>,
    /// The game hit the move cap before it was over.
    pub capped: bool,
}

/// Plays a started match to the end: the current player's bot (`bots[i]` plays the
/// i-th player in seat order) is handed its seat's information state and the listed
/// moves (an empty information state for a bot that does not [read it](Bot::reads_info)),
/// and the engine dispatches its choice. Before each move, where the game says a seat
/// other than the one to move may have moves ([`Game::moves_out_of_turn`](decklet_core::Game::moves_out_of_turn)),
/// every other seat whose bot [acts out of turn](Bot::acts_out_of_turn) and has moves
/// is offered a window, seat after seat from the player to move; the first that moves,
/// moves, and play goes on from there. Stops after `max_moves` (reported as
/// `capped`), or when the player to move has no move or its bot makes none. Events are
/// collected only when some bot [hears](Bot::hears) the game: each such bot then hears
/// every move (what its seat knew before it, and its events as the seat hears them).
/// Subscribers hear them always; the engine's settings are as they were afterwards.
/// Scores are the winners' ([`winners_score`]).
pub fn play_game(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn Bot>],
    max_moves: u64,
) -> Result<GameReport, EngineError> {
    play_scored(engine, bots, max_moves, winners_score, &mut |_, _, _| {})
}

/// [`play_game`], showing each move to `on_move` just before it is made: the position,
/// the mover's listed moves and the index chosen (what a simulation counts its
/// statistics from, say).
///
/// ```
/// use decklet_bots::{Bot, RandomBot, play_game_with};
/// let mut engine = high_card::new_game(5, 2)?;
/// let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(RandomBot::new(1)), Box::new(RandomBot::new(2))];
/// let mut seen = 0;
/// let report = play_game_with(&mut engine, &mut bots, 100, &mut |_, moves, pick| {
///     assert!(pick < moves.len());
///     seen += 1;
/// })?;
/// assert_eq!(seen, report.moves);
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
pub fn play_game_with(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn Bot>],
    max_moves: u64,
    on_move: &mut dyn FnMut(&GameState, &Moves, usize),
) -> Result<GameReport, EngineError> {
    play_scored(engine, bots, max_moves, winners_score, on_move)
}

/// What a watcher of [`play_game_with`] is shown of a move.
type OnMove<'a> = &'a mut dyn FnMut(&GameState, &Moves, usize);

/// [`play_game`] with a game's own scoring.
pub(crate) fn play_scored(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn Bot>],
    max_moves: u64,
    scoring: Scoring,
    on_move: OnMove<'_>,
) -> Result<GameReport, EngineError> {
    let config = engine.config().clone();
    engine.set_config(EngineConfig {
        collect_events: bots.iter().any(|b| b.hears()),
        ..config.clone()
    });
    let result = play_quietly(engine, bots, max_moves, on_move);
    engine.set_config(config);
    let (moves, capped) = result?;
    Ok(GameReport {
        moves,
        scores: scoring(engine.state()),
        capped,
    })
}

fn play_quietly(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn Bot>],
    max_moves: u64,
    on_move: OnMove<'_>,
) -> Result<(u64, bool), EngineError> {
    let game = std::sync::Arc::clone(engine.game());
    let mut moves = Moves::new();
    // one information state a seat, brought up to date in place
    let mut infos: Vec<Option<InfoState>> = Vec::new();
    let reading: Vec<bool> = bots.iter().map(|b| b.reads_info()).collect();
    let empty = InfoState::default();
    let hearing: Vec<bool> = bots.iter().map(|b| b.hears()).collect();
    let windows = bots.iter().any(|b| b.acts_out_of_turn());
    let mut made = 0;
    while engine.state().status() == GameStatus::Playing {
        if made >= max_moves {
            return Ok((made, true));
        }
        let state = engine.state();
        let Some(seat) = state.current_player() else {
            break;
        };
        let Some(index) = state.seat_index(seat) else {
            break;
        };
        // a window out of turn, seat after seat from the player to move, for the bots
        // that act out of turn and have moves now, where the game may list any
        if windows && game.moves_out_of_turn(state) {
            let seats = state.seat_order().to_vec();
            let mut jumped = None;
            for k in 1..seats.len() {
                let at = (index + k) % seats.len();
                let (Some(&other), Some(bot)) = (seats.get(at), bots.get_mut(at)) else {
                    continue;
                };
                if !bot.acts_out_of_turn() {
                    continue;
                }
                game.legal_moves(state, other, &mut moves);
                if moves.is_empty() {
                    continue;
                }
                let info = match reading.get(at) {
                    Some(true) => seat_info(&mut infos, at, state, other),
                    _ => &empty,
                };
                if let Some(pick) = bot.choose_out_of_turn(info, &moves)
                    && pick < moves.len()
                {
                    jumped = Some((pick, other));
                    break;
                }
            }
            if let Some((pick, mover)) = jumped {
                on_move(engine.state(), &moves, pick);
                dispatch_heard(engine, bots, &hearing, &moves, pick, mover)?;
                made += 1;
                continue;
            }
        }
        let state = engine.state();
        game.legal_moves(state, seat, &mut moves);
        if moves.is_empty() {
            break;
        }
        let info = match reading.get(index) {
            Some(true) => seat_info(&mut infos, index, state, seat),
            _ => &empty,
        };
        let Some(bot) = bots.get_mut(index) else {
            break;
        };
        let Some(pick) = bot.choose(info, &moves) else {
            break;
        };
        if pick >= moves.len() {
            break;
        }
        on_move(state, &moves, pick);
        dispatch_heard(engine, bots, &hearing, &moves, pick, seat)?;
        made += 1;
    }
    Ok((made, false))
}

/// Asks `bot` for `seat`'s move in `engine`'s position: lists the seat's moves into
/// `moves` and hands the bot what the seat knows (asking
/// [`choose_out_of_turn`](Bot::choose_out_of_turn) when it is not the seat's turn, of a
/// bot that [acts out of turn](Bot::acts_out_of_turn)); the index of its move in
/// `moves`, or `None` when the seat has no move or the bot makes none. Dispatch it with
/// [`GameEngine::dispatch_move`].
///
/// ```
/// use decklet_bots::{RandomBot, ask};
/// use decklet_core::Moves;
/// let mut engine = high_card::new_game(7, 2)?;
/// let seat = engine.state().current_player().ok_or(decklet_core::EngineError::NoGame)?;
/// let mut moves = Moves::new();
/// if let Some(pick) = ask(&mut RandomBot::new(1), &engine, seat, &mut moves) {
///     engine.dispatch_move(&moves, pick)?;
/// }
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
pub fn ask(
    bot: &mut dyn Bot,
    engine: &GameEngine,
    seat: PlayerId,
    moves: &mut Moves,
) -> Option<usize> {
    let state = engine.state();
    engine.game().legal_moves(state, seat, moves);
    if moves.is_empty() {
        return None;
    }
    let info = match bot.reads_info() {
        true => state.info_state(seat),
        false => InfoState::default(),
    };
    let pick = match state.current_player() == Some(seat) {
        true => bot.choose(&info, moves),
        false if bot.acts_out_of_turn() => bot.choose_out_of_turn(&info, moves),
        false => None,
    };
    pick.filter(|i| *i < moves.len())
}

/// The information state of the seat at `index`, made or brought up to date in place.
fn seat_info<'a>(
    infos: &'a mut Vec<Option<InfoState>>,
    index: usize,
    state: &decklet_core::GameState,
    seat: decklet_core::PlayerId,
) -> &'a InfoState {
    if infos.len() <= index {
        infos.resize_with(index + 1, || None);
    }
    let slot = &mut infos[index];
    match slot {
        Some(info) => {
            info.refresh(state);
            info
        }
        None => slot.insert(state.info_state(seat)),
    }
}

/// Dispatches the move at `pick` of `moves`, and tells every bot that hears the game (`hearing`, in seat
/// order) its events as its seat hears them, with what the seat knew before.
fn dispatch_heard(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn Bot>],
    hearing: &[bool],
    moves: &Moves,
    pick: usize,
    mover: PlayerId,
) -> Result<(), EngineError> {
    if !hearing.contains(&true) {
        return engine.dispatch_move(moves, pick).map(|_| ());
    }
    let state = engine.state();
    let befores: Vec<Option<InfoState>> = state
        .seat_order()
        .iter()
        .zip(hearing)
        .map(|(seat, hears)| hears.then(|| state.info_state(*seat)))
        .collect();
    let kind = moves.kind(pick).unwrap_or("");
    let outcome = engine.dispatch_move(moves, pick)?;
    for (bot, before) in bots.iter_mut().zip(&befores) {
        if let Some(before) = before {
            let seat = before.seat();
            let heard: Vec<_> = outcome.events.iter().map(|e| e.view_for(seat)).collect();
            bot.hear_move(before, mover, kind, &heard);
        }
    }
    Ok(())
}
