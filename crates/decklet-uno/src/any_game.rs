//! [`ForAnyGame`]: one of UNO's bots as a bot of any game (`decklet_bots::Bot`), so
//! that the tools written for every game (the catalogue's bots, tournaments, the
//! generic game loop) seat it: in turn, out of turn, and following the game.

use decklet_core::{AnyEvent, InfoState, Moves};

use crate::bots::Bot;
use crate::legal_action::LegalAction;

/// UNO's bot `B` as a `decklet_bots::Bot`: handed the seat's listed moves as engine
/// actions, it reads them as UNO's moves ([`LegalAction::of_action`]), lets `B`
/// choose among them (in turn, or out of turn where the rules list moves then: a
/// jump-in, a catch), and answers the index of its choice. A move that is not one of
/// UNO's (a plugin of another game's) is never chosen. A bot that observes the game
/// hears every move as UNO's bots are shown it ([`heard_move`](crate::heard_move)).
///
/// ```
/// use decklet_bots::{Bot as _, RandomBot, play_game};
/// use decklet_uno::{ForAnyGame, HeuristicBot, new_uno_engine, uno_game};
/// let game = uno_game(&[])?;
/// let mut engine = new_uno_engine(&game, 3, 2)?;
/// let mut bots: Vec<Box<dyn decklet_bots::Bot>> = vec![
///     Box::new(ForAnyGame(HeuristicBot::new(1))),
///     Box::new(RandomBot::new(2)),
/// ];
/// assert_eq!(bots[0].name(), "heuristic");
/// let report = play_game(&mut engine, &mut bots, 10_000)?;
/// assert!(report.moves > 0);
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
#[derive(Clone, Debug)]
pub struct ForAnyGame<B>(pub B);

/// The moves of `moves` that are UNO's, in UNO's words, into `legal` (emptied first).
fn read_moves(moves: &Moves, legal: &mut Vec<LegalAction>) {
    legal.clear();
    legal.extend(moves.iter().filter_map(LegalAction::of_action));
}

/// Where `chosen` is in `moves`.
fn index_of(moves: &Moves, chosen: LegalAction) -> Option<usize> {
    moves
        .iter()
        .position(|m| LegalAction::of_action(m) == Some(chosen))
}

impl<B: Bot + Send> decklet_bots::Bot for ForAnyGame<B> {
    fn name(&self) -> &str {
        self.0.name()
    }

    fn choose(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        let mut legal = Vec::with_capacity(moves.len());
        read_moves(moves, &mut legal);
        let chosen = self.0.choose(info, &legal)?;
        index_of(moves, chosen)
    }

    fn acts_out_of_turn(&self) -> bool {
        true
    }

    fn choose_out_of_turn(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        let mut legal = Vec::with_capacity(moves.len());
        read_moves(moves, &mut legal);
        let chosen = self.0.choose_out_of_turn(info, &legal)?;
        index_of(moves, chosen)
    }

    fn reads_info(&self) -> bool {
        self.0.reads_info()
    }

    fn hears(&self) -> bool {
        self.0.observes()
    }

    fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
        if let Some((player, action)) = crate::heard_move(before, events) {
            self.0.observe(before, player, action);
        }
    }
}
