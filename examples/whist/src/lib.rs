//! Whist: a game of sides written as a decklet plugin, the second example of
//! `docs/writing-a-plugin.md` (after high card), taken the whole route: its rules
//! here, its entry in a catalogue ([`WhistDef`]), the `decklet` command with it
//! (`examples/whist-cli`), a Python module (`examples/whist-py`), the server and the
//! browser table.
//!
//! Rules (short whist, one deal): four players in two sides, partners facing each
//! other (`p1` and `p3` against `p2` and `p4`). The dealer (`p4`) deals the shuffled
//! standard deck one card at a time from `p1`, thirteen each; `p1` leads. Each player
//! in turn plays a card, following the suit led when they can; the highest trump takes
//! the trick, or else the highest card of the suit led (aces high). Trumps are spades
//! unless the game string names another suit or none (`whist(trumps=none)`). The
//! taker leads the next trick; a trick taken is turned face down on its side's pile.
//! After thirteen tricks the side that took more wins, scoring one point for each
//! trick over six.
//!
//! ```
//! use whist::{whist_game, new_whist_engine, Trumps};
//! let game = whist_game(Trumps::Spades)?;
//! let mut engine = new_whist_engine(&game, 7)?;
//! let mut moves = decklet_core::Moves::new();
//! while let Some(seat) = engine.state().current_player() {
//!     moves.clear();
//!     game.legal_moves(engine.state(), seat, &mut moves);
//!     engine.dispatch_move(&moves, 0)?;
//! }
//! let tricks = whist::tricks(engine.state());
//! assert_eq!(tricks[0] + tricks[1], 13);
//! assert_eq!(engine.state().winners().len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod entry;
mod plugin;

use std::sync::Arc;

use decklet_core::{EngineConfig, EngineError, Game, GameEngine, GameString, Player};
use decklet_entry::{ParamDef, ParamKind, Params};
use decklet_plugins::{StandardDeckPlugin, Suit};

pub use entry::{WhistDef, whist_result};
pub use plugin::{
    TrickWon, WHIST_TRICK_WON, WHIST_VAR_LEADER, WHIST_VAR_TRICKS, WhistPlugin, side_of, tricks,
};

/// The game's name in a game string.
pub const WHIST_GAME: &str = "whist";
/// Whist is played by four.
pub const WHIST_PLAYERS: usize = 4;
/// The trick being played, seen by everyone.
pub const WHIST_TRICK_ZONE_ID: &str = "whist:trick";

/// The face-down pile of the tricks side `side` (0: `p1` and `p3`; 1: `p2` and `p4`)
/// took: `whist:taken:0`, `whist:taken:1`.
pub fn taken_zone_id(side: usize) -> String {
    format!("whist:taken:{side}")
}

/// Whist's parameters: the trump suit.
pub const WHIST_PARAMS: [ParamDef; 1] = [ParamDef {
    name: "trumps",
    kind: ParamKind::Choice(&["spades", "hearts", "diamonds", "clubs", "none"]),
    default: "spades",
    about: "the trump suit, or none",
}];

/// The trump suit of a game, or none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Trumps {
    /// Spades are trumps (the default).
    #[default]
    Spades,
    /// Hearts are trumps.
    Hearts,
    /// Diamonds are trumps.
    Diamonds,
    /// Clubs are trumps.
    Clubs,
    /// No trumps: the highest card of the suit led takes every trick.
    None,
}

impl Trumps {
    /// The suit, if any.
    pub fn suit(self) -> Option<Suit> {
        match self {
            Trumps::Spades => Some(Suit::Spade),
            Trumps::Hearts => Some(Suit::Heart),
            Trumps::Diamonds => Some(Suit::Diamond),
            Trumps::Clubs => Some(Suit::Club),
            Trumps::None => None,
        }
    }

    /// Its word in a game string: `spades`, …, `none`.
    pub fn word(self) -> &'static str {
        match self {
            Trumps::Spades => "spades",
            Trumps::Hearts => "hearts",
            Trumps::Diamonds => "diamonds",
            Trumps::Clubs => "clubs",
            Trumps::None => "none",
        }
    }

    /// The trumps a game string of Whist asks for; an error says what is wrong.
    pub fn from_game_string(game: &GameString) -> Result<Trumps, String> {
        if game.name != WHIST_GAME {
            return Err(format!("`{}` is not whist", decklet_core::echo(&game.name)));
        }
        let params = Params::read(&WHIST_PARAMS, game).map_err(|e| format!("whist: {e}"))?;
        let word = params.text("trumps");
        [
            Trumps::Spades,
            Trumps::Hearts,
            Trumps::Diamonds,
            Trumps::Clubs,
            Trumps::None,
        ]
        .into_iter()
        .find(|t| t.word() == word)
        .ok_or_else(|| format!("whist: no trumps `{}`", decklet_core::echo(word)))
    }

    /// The game string of Whist with these trumps (`whist` for the default).
    pub fn game_string(self) -> GameString {
        match self {
            Trumps::Spades => GameString::new(WHIST_GAME),
            other => GameString::new(WHIST_GAME).with("trumps", other.word()),
        }
    }
}

/// The game of Whist with these trumps: the standard deck, then Whist's own plugin,
/// named with its game string. Build it once and share it.
pub fn whist_game(trumps: Trumps) -> Result<Arc<Game>, EngineError> {
    Game::builder()
        .string(&trumps.game_string())
        .plugin(StandardDeckPlugin)
        .plugin(WhistPlugin::new(trumps))
        .build()
}

/// A started game of `game` for players `p1`…`p4` (seats 1…4), dealt from `seed`.
pub fn new_whist_engine(game: &Arc<Game>, seed: u64) -> Result<GameEngine, EngineError> {
    let config = EngineConfig {
        seed,
        game_id: WHIST_GAME.into(),
        ..EngineConfig::default()
    };
    let mut engine = GameEngine::new(game, config);
    engine.create_game(Player::numbered(WHIST_PLAYERS))?;
    engine.start()?;
    Ok(engine)
}
