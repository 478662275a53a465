//! [`Encoding`]: how a game is seen by a learner: a fixed list of action indices, and an
//! observation vector made from one seat's information state and nothing else. A game
//! may give its own (UNO's and Crazy Eights' are in their crates, given to the tools by
//! their catalogue entries); the learning environments (`decklet-env`) make one for any
//! other game from its information state alone.

use decklet_core::{ActionRef, EngineError, GameEngine, GameState, InfoState, PlayerId};

/// What kind of move a seat made last, as observations show it (every seat sees who
/// moved and what kind of move it was).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MoveClass {
    /// No move yet this game.
    #[default]
    None,
    /// A card played.
    Play,
    /// A card (or cards) drawn.
    Draw,
    /// The turn passed (ended without playing).
    Pass,
    /// Anything else: a colour or suit named, a call, a catch, a challenge, a swap.
    Other,
}

impl MoveClass {
    /// The classes, in their one-hot order.
    pub const ALL: [MoveClass; 5] = [
        MoveClass::None,
        MoveClass::Play,
        MoveClass::Draw,
        MoveClass::Pass,
        MoveClass::Other,
    ];

    /// Its position in the one-hot order.
    pub fn index(self) -> usize {
        match self {
            MoveClass::None => 0,
            MoveClass::Play => 1,
            MoveClass::Draw => 2,
            MoveClass::Pass => 3,
            MoveClass::Other => 4,
        }
    }
}

/// Each seat's last kind of move, in seat order, kept from the moves a seat hears
/// ([`Bot::hear_move`](crate::Bot::hear_move): who moved and the move's kind, both
/// public): what [`Encoding::encode`] reads besides the information state. A bot that
/// plays a policy keeps one ([`PolicyBot`](crate::PolicyBot)), and so does whatever
/// must see a seat as that bot sees it (the expert-iteration data of the catalogue's
/// `expert_data` example).
#[derive(Clone, Debug, Default)]
pub struct LastMoves {
    classes: Vec<MoveClass>,
    /// The turn of the last move heard: a smaller one is a new game (a match's round).
    turn: u64,
}

impl LastMoves {
    /// None heard yet.
    pub fn new() -> LastMoves {
        LastMoves::default()
    }

    /// Forgets every move (a new game).
    pub fn clear(&mut self) {
        self.classes.clear();
        self.turn = 0;
    }

    /// The classes for a table of `players` seats, in seat order (each `None` until a
    /// move of that seat is heard; all `None` after moves of a table of another size).
    pub fn classes(&mut self, players: usize) -> &[MoveClass] {
        if self.classes.len() != players {
            self.classes = vec![MoveClass::None; players];
        }
        &self.classes
    }

    /// A move heard: `mover`'s move of kind `kind`, told to a seat that knew `before`
    /// just before it, as `encoding` classes it.
    pub fn hear(
        &mut self,
        encoding: &dyn Encoding,
        before: &InfoState,
        mover: PlayerId,
        kind: &str,
    ) {
        let seats = before.seat_order();
        if before.turn() < self.turn || self.classes.len() != seats.len() {
            self.classes = vec![MoveClass::None; seats.len()];
        }
        self.turn = before.turn();
        if let Some(k) = seats.iter().position(|p| *p == mover)
            && let Some(slot) = self.classes.get_mut(k)
        {
            *slot = encoding.class_of_kind(kind);
        }
    }
}

/// The rewards at the end of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RewardMode {
    /// +1 to each winner, −1 to every other player; 0 to everyone when nobody won (or
    /// the game was cut short).
    #[default]
    Win,
    /// The game's own points (UNO: the winner scores the cards left in the other hands,
    /// each other player loses their own; Crazy Eights: minus each hand's penalty).
    Score,
}

/// How a game is seen by a learner. Observations are made from one seat's
/// [`InfoState`] alone, so two positions that differ only in what the seat cannot see
/// give the same observation; action indices name a seat's moves by what they do (for
/// cards, by what the card is), so they too depend only on what the seat knows.
pub trait Encoding: Send + Sync {
    /// The encoding's name (`uno`, `crazy-eights`, or a game's name for the generic one).
    fn name(&self) -> &'static str;
    /// Its version: a policy learnt with one version of an encoding is refused by
    /// another (`decklet_bots::policy`). Raised whenever an observation or an action
    /// index changes meaning. Default: 1.
    fn version(&self) -> u32 {
        1
    }
    /// The length of an observation.
    fn observation_len(&self) -> usize;
    /// The one number of players it encodes, if it encodes only one (a generic
    /// encoding is made for a number of players); `None` (the default): any.
    fn players(&self) -> Option<usize> {
        None
    }
    /// The number of the game's actions. One more index, this number itself, is
    /// *wait*: letting play go on when a seat may act out of turn.
    fn action_count(&self) -> usize;
    /// Writes `seat`'s observation into `out` (of [`observation_len`](Self::observation_len)):
    /// from its information state, and the kind of each seat's last move (in seat
    /// order).
    fn encode(&self, info: &InfoState, last: &[MoveClass], out: &mut [f32]);
    /// The index of a move of `seat` (one of its listed moves), from the card
    /// definitions and the seating only; `None` for a move the encoding has no index
    /// for (a plugin's own action kind).
    fn action_index(
        &self,
        state: &GameState,
        seat: PlayerId,
        action: ActionRef<'_>,
    ) -> Option<usize>;
    /// The kind of move a move of this action kind is (`PLAY_CARD`: a card played): a
    /// move's class is told by its kind alone, which every seat hears, so that a bot
    /// keeps each seat's last class as the environments do.
    fn class_of_kind(&self, kind: &str) -> MoveClass;
    /// The kind of move an action is: [`class_of_kind`](Self::class_of_kind) of its
    /// kind.
    fn move_class(&self, action: ActionRef<'_>) -> MoveClass {
        self.class_of_kind(action.kind())
    }
    /// What an action index means, in words (`play red 7`, `draw`).
    fn action_name(&self, index: usize) -> String;
    /// The table as `info`'s seat sees it, in a few lines of text.
    fn render(&self, info: &InfoState) -> String;
    /// Each player's reward at the end of a game (in seat order).
    fn final_rewards(&self, state: &GameState, mode: RewardMode) -> Vec<f32>;
    /// A new match of the game for `players`, dealt from `seed`.
    fn new_match(&self, seed: u64, players: usize) -> Result<GameEngine, EngineError>;
}

/// 1 for a winner, −1 for the others; 0 for all when nobody won.
pub fn win_rewards(state: &GameState) -> Vec<f32> {
    let winners = state.winners();
    state
        .seat_order()
        .iter()
        .map(|p| match (winners.is_empty(), winners.contains(p)) {
            (true, _) => 0.0,
            (false, true) => 1.0,
            (false, false) => -1.0,
        })
        .collect()
}

/// The seat `other` sits at, counted from `seat` in seat order (0: `seat` itself).
pub fn offset(seats: &[PlayerId], seat: PlayerId, other: PlayerId) -> Option<usize> {
    let n = seats.len();
    let me = seats.iter().position(|p| *p == seat)?;
    let them = seats.iter().position(|p| *p == other)?;
    Some((them + n - me) % n)
}

/// A seat's view in text: `piles` (what lies on the table), whose move it is, every
/// seat's card count, and the seat's own hand (its cards joined by `sep`).
pub fn table_text(info: &InfoState, piles: &str, hand: &[String], sep: &str) -> String {
    let text = |p: PlayerId| info.id_text(p).into_owned();
    let turn = info.current_player().map_or_else(|| "nobody".into(), text);
    let counts: Vec<String> = info
        .seat_order()
        .iter()
        .map(|p| format!("{} {}", text(*p), info.hand_size(*p)))
        .collect();
    format!(
        "{piles}; {turn} to move\ncards: {}\n{}'s hand: {}\n",
        counts.join(", "),
        text(info.seat()),
        hand.join(sep)
    )
}

/// Writes a one-hot of `index` into `out` (nothing when out of range).
pub fn one_hot(out: &mut [f32], index: usize) {
    if let Some(x) = out.get_mut(index) {
        *x = 1.0;
    }
}
