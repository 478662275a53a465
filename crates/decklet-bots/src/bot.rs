//! The [`Bot`] interface and the bots that need no search: [`RandomBot`] and [`FnBot`].

use decklet_core::{AnyEvent, GameRng, InfoState, Moves, PlayerId};

use crate::prior::Prior;

/// A player of any game: handed what its seat knows and the moves it may make, it
/// picks one (by its index in `moves`). Nothing it is handed holds a card or a
/// variable its seat may not see.
pub trait Bot: Send {
    /// A short name, for reports.
    fn name(&self) -> &str;
    /// The index in `moves` of the move to make; `None` to make none (a bot that gives
    /// up). `moves` is never empty.
    fn choose(&mut self, info: &InfoState, moves: &Moves) -> Option<usize>;
    /// Whether the bot may act out of its turn, where its game lists the seat moves
    /// then (UNO's jump-in, a catch): the game loops offer it a window
    /// ([`choose_out_of_turn`](Self::choose_out_of_turn)) only if so. Default: no.
    fn acts_out_of_turn(&self) -> bool {
        false
    }
    /// A move out of turn: the index in `moves` (what the seat may do now although it
    /// is not its turn; never empty), or `None` to wait and let play go on. Asked only
    /// of a bot that [`acts_out_of_turn`](Self::acts_out_of_turn). Default: wait.
    fn choose_out_of_turn(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        let _ = (info, moves);
        None
    }
    /// Whether the bot reads the information state it is handed. A bot that chooses
    /// from the listed moves alone (as [`RandomBot`] does) says no, and the game loops
    /// then hand it an empty one (`InfoState::default()`) instead of making its seat's,
    /// which costs about a fifth of a random game. Default: yes.
    fn reads_info(&self) -> bool {
        true
    }
    /// Whether the bot follows the game, move by move ([`hear`](Self::hear)); a game
    /// loop collects the events of each move only when some bot does. Default: no.
    fn hears(&self) -> bool {
        false
    }
    /// What the bot's seat heard of a move, any seat's: `before` is what the seat knew
    /// just before it, `events` the move's events as the seat hears them (each its
    /// [view](AnyEvent::view_for) for the seat, so they hold nothing the seat may not
    /// see). Called only if [`hears`](Self::hears). Default: nothing.
    fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
        let _ = (before, events);
    }
    /// [`hear`](Self::hear), told too who made the move and its kind (`PLAY_CARD`,
    /// `HEARTS_PASS`): the kind of a move is public, its payload is not (a seat hears
    /// that p2 passed three cards, not which), and the kind is what the game loops
    /// tell. The game loops call this; a bot that needs only the events implements
    /// [`hear`](Self::hear). Default: [`hear`](Self::hear).
    fn hear_move(
        &mut self,
        before: &InfoState,
        mover: PlayerId,
        kind: &'static str,
        events: &[AnyEvent],
    ) {
        let _ = (mover, kind);
        self.hear(before, events);
    }
    /// Seeds the bot afresh for a new game with `seed`, as if made now with it: its
    /// RNG and whatever it learnt of the last game start over (a game loop keeps its
    /// bots from one game to the next, [`Driver::restart`](crate::Driver::restart)). `false`
    /// (the default): it cannot, and the loop makes a new one.
    fn reseed(&mut self, seed: u64) -> bool {
        let _ = seed;
        false
    }
    /// Takes `prior` to guide its search (a learnt policy's weights for its seat's
    /// moves, [`Prior`]); a bot that does not search gives it back. Default: gives it
    /// back.
    fn take_prior(&mut self, prior: Box<dyn Prior>) -> Result<(), Box<dyn Prior>> {
        Err(prior)
    }
    /// What its last [`choose`](Self::choose) searched: how often it visited each of the
    /// listed moves (one count a move, in their order; moves the search cannot tell
    /// apart counted on the first of them), the target expert iteration trains a
    /// policy towards. `None` (the default): it did not search (a bot that does not, or
    /// a decision it made without searching).
    fn search_visits(&self) -> Option<&[u32]> {
        None
    }
}

/// Picks a move uniformly at random. Seeded; its RNG is its own.
///
/// ```
/// use decklet_bots::{Bot, RandomBot};
/// let engine = high_card::new_game(7, 3)?;
/// let (state, game) = (engine.state(), engine.game());
/// let seat = state.current_player().ok_or(decklet_core::EngineError::NoGame)?;
/// let mut moves = decklet_core::Moves::new();
/// game.legal_moves(state, seat, &mut moves);
/// let pick = RandomBot::new(7).choose(&state.info_state(seat), &moves);
/// assert!(pick.is_some_and(|i| i < moves.len()));
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
#[derive(Clone, Debug)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A random bot with this seed.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::seed_from(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }
    fn choose(&mut self, _info: &InfoState, moves: &Moves) -> Option<usize> {
        (!moves.is_empty()).then(|| self.rng.index(moves.len()))
    }
    /// No: it chooses from the moves alone.
    fn reads_info(&self) -> bool {
        false
    }
    fn reseed(&mut self, seed: u64) -> bool {
        *self = RandomBot::new(seed);
        true
    }
}

/// A bot made of a function of what the seat knows and its moves: a game's own
/// strategist, say.
pub struct FnBot<F> {
    name: String,
    choose: F,
}

impl<F> FnBot<F>
where
    F: FnMut(&InfoState, &Moves) -> Option<usize> + Send,
{
    /// A bot called `name` that asks `choose`.
    pub fn new(name: impl Into<String>, choose: F) -> Self {
        FnBot {
            name: name.into(),
            choose,
        }
    }
}

impl<F> Bot for FnBot<F>
where
    F: FnMut(&InfoState, &Moves) -> Option<usize> + Send,
{
    fn name(&self) -> &str {
        &self.name
    }
    fn choose(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        (self.choose)(info, moves)
    }
}
