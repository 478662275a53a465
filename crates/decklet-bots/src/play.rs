//! [`play_game`]: a started match played to its end by one bot a seat; [`ask`]: one
//! bot's move.

use decklet_core::{EngineError, GameEngine, GameState, InfoState, Moves, PlayerId};

use crate::bot::Bot;
use crate::driver::{Driver, Seat, Stop};

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

/// [`play_game`] with a game's own scoring: the [`Driver`] with a bot a seat, run to
/// the end.
pub(crate) fn play_scored(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn Bot>],
    max_moves: u64,
    scoring: Scoring,
    on_move: OnMove<'_>,
) -> Result<GameReport, EngineError> {
    // the driver owns the match and its bots while it plays, and gives them back
    let seats = (bots.iter_mut())
        .map(|bot| Seat::Bot(std::mem::replace(bot, Box::new(Vacant))))
        .collect();
    let mut driver = Driver::new(std::mem::take(engine), seats);
    let stop = driver.run_with(max_moves, &mut |state, _, moves, pick| {
        on_move(state, moves, pick)
    });
    let moves = driver.moves_made();
    let (played, seats) = driver.into_parts();
    *engine = played;
    for (slot, seat) in bots.iter_mut().zip(seats) {
        if let Seat::Bot(bot) = seat {
            *slot = bot;
        }
    }
    Ok(GameReport {
        moves,
        scores: scoring(engine.state()),
        capped: stop? == Stop::Capped,
    })
}

/// The bot that holds a seat's place while the driver has its bot.
struct Vacant;

impl Bot for Vacant {
    fn name(&self) -> &str {
        "vacant"
    }
    fn choose(&mut self, _info: &InfoState, _moves: &Moves) -> Option<usize> {
        None
    }
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
    engine.list_moves(seat, moves);
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
