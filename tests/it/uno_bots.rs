//! UNO's bots as the cross-crate tests seat them: by name, asked for one move in UNO's
//! words, and whole games played by the game loop of any game and counted as `decklet
//! simulate` counts.

use std::sync::Arc;

use decklet_bots::{Bot, ask, play_game_with};
use decklet_core::{EngineError, Game, GameEngine, Moves, PlayerId};
use decklet_uno::{
    GameCounter, GameCounts, HeuristicBot, LegalAction, UnoRandomBot, UnoSearchBot, UnoSearchConfig,
};

/// UNO's bot of this name (`random`, `heuristic`, `ismcts:N`), seeded, for `game`.
pub(crate) fn uno_bot(name: &str, game: &Arc<Game>, seed: u64) -> Box<dyn Bot> {
    match name {
        "random" => Box::new(UnoRandomBot::new(seed)),
        "heuristic" => Box::new(HeuristicBot::new(seed)),
        other => {
            let iterations = other
                .strip_prefix("ismcts:")
                .and_then(|n| n.parse().ok())
                .unwrap_or(1_000);
            let config = UnoSearchConfig {
                iterations,
                ..UnoSearchConfig::default()
            };
            Box::new(UnoSearchBot::new(game, config, seed))
        }
    }
}

/// `bot`'s move for `player` in `engine`'s position, in UNO's words.
pub(crate) fn ask_uno(
    bot: &mut dyn Bot,
    engine: &GameEngine,
    player: PlayerId,
) -> Option<LegalAction> {
    let mut moves = Moves::new();
    let pick = ask(bot, engine, player, &mut moves)?;
    LegalAction::of_move(&moves, pick)
}

/// What a game played by [`play_uno`] did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Played {
    pub(crate) winner: Option<PlayerId>,
    pub(crate) counts: GameCounts,
    pub(crate) capped: bool,
}

/// Plays a started game to its end with the game loop of any game, counting it.
pub(crate) fn play_uno(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn Bot>],
    max_moves: u64,
) -> Result<Played, EngineError> {
    let mut counter = GameCounter::attach(engine);
    counter.begin();
    let report = play_game_with(engine, bots, max_moves, &mut |_, moves, pick| {
        counter.count_move(moves, pick)
    })?;
    let state = engine.state();
    Ok(Played {
        winner: state.winners().first().copied(),
        counts: counter.finish(state),
        capped: report.capped,
    })
}
