//! UNO's search: the one search of every game (`decklet_bots::IsmctsBot`,
//! information-set MCTS) with what UNO tells it ([`uno_search`], the catalogue's
//! `ismcts` for UNO):
//!
//! - **inference** ([`UnoHints`]): what the seat learnt of the other hands from the
//!   moves it heard (a player who drew instead of playing held no card that was playable
//!   then), which the sampled worlds obey ([`UnoSearch::infer_from_draws`]);
//! - **moves alike are one move**: a play is the play of what its card is (two red
//!   sevens are one move of the tree);
//! - **a model of an opponent's choice**: a wild draw four is answered (accepted or
//!   challenged) by a model of its player, not by the search ([`bluff_chance`],
//!   [`UnoSearch::model_bluffs`]);
//! - **playouts** with [`HeuristicBot`]'s policy through UNO's own list of moves
//!   ([`UnoPlayout`]), cut short after 20 moves and scored by the cards held: each
//!   player's share of a win is proportional to 1.5 to the power of minus their cards
//!   ([`uno_evaluation`]);
//! - out of turn (the tree follows the player to move), the heuristic's answer.
//!
//! With an iteration budget it is deterministic for its seed; with a time budget it is
//! not.

use std::sync::Arc;

use decklet_bots::{Hints, IsmctsBot, IsmctsConfig, PlayoutPolicy};
use decklet_core::{
    AnyEvent, Game, GameEngine, GameRng, GameState, InfoState, Moves, PlayCard, PlayerId,
    SeatKnowledge,
};

use crate::bluff::bluff_chance;
use crate::bots::{HeuristicBot, InWorld, random_pick};
use crate::cards::UnoFace;
use crate::house::UNO_VAR_CHALLENGE_FROM;
use crate::knowledge::UnoHints;
use crate::legal::legal_actions_into;
use crate::legal_action::LegalAction;
use crate::state::uno_table;

/// How a cut playout is scored: a player's chance of winning is taken as proportional
/// to `CUTOFF_ODDS` to the power of minus the cards they hold (each card fewer makes
/// them 1.5 times as likely to win). Chosen by measurement: see `docs/bots.md`.
const CUTOFF_ODDS: f64 = 1.5;

/// How many moves a playout makes before it is cut and scored ([`uno_evaluation`]).
pub const UNO_CUTOFF: u32 = 20;

/// How many worlds [`bluff_chance`] weighs to answer a wild draw four.
const BLUFF_WORLDS: u32 = 1_000;

/// A position scored by the cards held: each player's share of a win, proportional to
/// 1.5 to the power of minus their cards (what a playout cut short scores).
///
/// ```
/// use decklet_uno::{new_uno_engine, uno_evaluation, uno_game};
/// let engine = new_uno_engine(&uno_game(&[])?, 1, 2)?;
/// let shares = uno_evaluation(engine.state());
/// assert_eq!(shares.len(), 2);
/// assert_eq!(shares[0], shares[1]); // seven cards each
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn uno_evaluation(state: &GameState) -> Vec<f64> {
    state
        .players()
        .map(|p| CUTOFF_ODDS.powi(-(state.hand(p).len().min(500) as i32)))
        .collect()
}

/// What UNO tells the search (see the module's documentation), and how its playouts
/// play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnoSearch {
    /// Learn from the moves heard that a player who drew instead of playing held no
    /// playable card, and sample only worlds that agree (on by default). That holds
    /// against players who play whenever they can (`HeuristicBot`, this bot); against
    /// one who draws at random it misleads.
    pub infer_from_draws: bool,
    /// Answer a wild draw four (accept or challenge) by the bluff model instead of the
    /// search: challenge when [`bluff_chance`] says a bluff is the likelier (on by
    /// default): see `docs/bots.md`.
    pub model_bluffs: bool,
    /// Play the playouts with [`HeuristicBot`]'s policy (the default), or with
    /// [`UnoRandomBot`](crate::UnoRandomBot)'s (faster, and the searches it feeds play
    /// worse).
    pub heuristic_playouts: bool,
}

impl Default for UnoSearch {
    fn default() -> Self {
        UnoSearch {
            infer_from_draws: true,
            model_bluffs: true,
            heuristic_playouts: true,
        }
    }
}

impl UnoSearch {
    /// The search's settings UNO plays with: `iterations` a move, playouts cut after
    /// [`UNO_CUTOFF`] moves.
    pub fn config(iterations: u32) -> IsmctsConfig {
        IsmctsConfig {
            iterations,
            cutoff: Some(UNO_CUTOFF),
            ..IsmctsConfig::default()
        }
    }

    /// The search bot of `game` (an UNO game: [`uno_game`](crate::uno_game)) with what
    /// UNO tells it, seeded.
    pub fn bot(self, game: &Arc<Game>, config: IsmctsConfig, seed: u64) -> IsmctsBot {
        IsmctsBot::new(game, config, seed)
            .with_hints(UnoModel::new(self))
            .with_evaluation(uno_evaluation)
            .with_playout_policy(UnoPlayout::new(
                self.heuristic_playouts,
                IsmctsBot::playout_seed(seed),
            ))
            .with_out_of_turn(Box::new(HeuristicBot::new(IsmctsBot::out_of_turn_seed(
                seed,
            ))))
    }
}

/// UNO's search bot with `iterations` a move ([`UnoSearch::default`]).
///
/// ```
/// use decklet_bots::ask;
/// use decklet_core::Moves;
/// use decklet_uno::{new_uno_engine, uno_game, uno_search};
/// let game = uno_game(&[])?;
/// let engine = new_uno_engine(&game, 3, 2)?;
/// let player = engine.state().current_player().ok_or("nobody's turn")?;
/// let mut moves = Moves::new();
/// let choice = ask(&mut uno_search(&game, 50, 1), &engine, player, &mut moves);
/// assert!(choice.is_some_and(|i| i < moves.len()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn uno_search(game: &Arc<Game>, iterations: u32, seed: u64) -> IsmctsBot {
    UnoSearch::default().bot(game, UnoSearch::config(iterations), seed)
}

/// UNO's hints to the search: the inference from draws, plays keyed by what their card
/// is, and the wild draw four answered by the bluff model.
#[derive(Clone, Debug)]
pub struct UnoModel {
    settings: UnoSearch,
    inference: UnoHints,
}

impl UnoModel {
    /// The hints of `settings`.
    pub fn new(settings: UnoSearch) -> UnoModel {
        UnoModel {
            settings,
            inference: UnoHints::default(),
        }
    }
}

impl Hints for UnoModel {
    fn knowledge(&mut self, info: &InfoState) -> SeatKnowledge {
        match self.settings.infer_from_draws {
            true => Hints::knowledge(&mut self.inference, info),
            false => SeatKnowledge::default(),
        }
    }

    fn hears(&self) -> bool {
        self.settings.infer_from_draws
    }

    fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
        if self.settings.infer_from_draws {
            self.inference.hear(before, events);
        }
    }

    fn reset(&mut self) {
        self.inference = UnoHints::default();
    }

    /// A play of one card is the play of what the card is (its colour and face).
    fn key(&self, state: &GameState, moves: &Moves, index: usize) -> Option<u64> {
        let play = moves.get_as::<PlayCard>(index)?;
        let [card] = play.card_ids.as_slice() else {
            return None;
        };
        let view = uno_table(state)?.card(*card)?;
        let color = view.color.map_or(0, |c| c.index() as u64 + 1);
        let face = match view.face {
            UnoFace::Number(n) => u64::from(n),
            UnoFace::Skip => 10,
            UnoFace::Reverse => 11,
            UnoFace::Draw2 => 12,
            UnoFace::Wild => 13,
            UnoFace::WildDraw4 => 14,
        };
        Some(1 << 32 | color << 8 | face)
    }

    /// A wild draw four: challenge when a bluff is the likelier ([`bluff_chance`],
    /// what the card itself would teach of its player's hand left out: the model weighs
    /// that instead).
    fn answer(
        &mut self,
        info: &InfoState,
        moves: &Moves,
        knowledge: &SeatKnowledge,
        rng: &mut GameRng,
    ) -> Option<usize> {
        if !self.settings.model_bluffs {
            return None;
        }
        let listed: Vec<Option<LegalAction>> = (0..moves.len())
            .map(|i| LegalAction::of_move(moves, i))
            .collect();
        if !listed.contains(&Some(LegalAction::Challenge)) {
            return None;
        }
        let challenged = info
            .variable(&UNO_VAR_CHALLENGE_FROM)
            .and_then(|text| info.player_id(&text))
            .and_then(|p| info.hand_zone(p));
        let mut known = knowledge.clone();
        known.limits.retain(|l| Some(l.zone) != challenged);
        let chance = bluff_chance(info, &known, BLUFF_WORLDS, rng)?;
        let answer = match chance > 0.5 {
            true => LegalAction::Challenge,
            false => LegalAction::AcceptDrawFour,
        };
        listed.iter().position(|a| *a == Some(answer))
    }
}

/// UNO's playouts: [`HeuristicBot`]'s policy (or [`UnoRandomBot`](crate::UnoRandomBot)'s)
/// on the world, through UNO's own list of moves.
#[derive(Clone, Debug)]
pub struct UnoPlayout {
    heuristic: Option<HeuristicBot>,
    legal: Vec<LegalAction>,
}

impl UnoPlayout {
    /// The heuristic's playouts (`heuristic`) or the random policy's, seeded.
    pub fn new(heuristic: bool, seed: u64) -> UnoPlayout {
        UnoPlayout {
            heuristic: heuristic.then(|| HeuristicBot::new(seed)),
            legal: Vec::new(),
        }
    }
}

impl PlayoutPolicy for UnoPlayout {
    fn play(
        &mut self,
        engine: &mut GameEngine,
        seat: PlayerId,
        _moves: &mut Moves,
        rng: &mut GameRng,
    ) -> bool {
        let state = engine.state();
        legal_actions_into(state, seat, &mut self.legal);
        let action = match self.heuristic.as_mut() {
            None => random_pick(&self.legal, rng),
            Some(heuristic) if self.legal.len() > 1 => {
                let sight = InWorld { world: state, seat };
                heuristic.decide(&sight, &self.legal)
            }
            Some(_) => self.legal.first().copied(),
        };
        match action {
            Some(action) => action.dispatch(engine, seat).is_ok(),
            None => false,
        }
    }

    fn reseed(&mut self, seed: u64) {
        if let Some(heuristic) = self.heuristic.as_mut() {
            decklet_bots::Bot::reseed(heuristic, seed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{new_uno_engine, uno_game};

    /// Cut at once, a playout is scored by the cards held: after a play the seat holds
    /// 6 cards to its opponent's 7 (a share of 1.5 / 2.5), after a draw 8 (1 / 2.5).
    #[test]
    fn a_cut_playout_is_scored_by_the_cards_held() -> Result<(), Box<dyn std::error::Error>> {
        let game = uno_game(&[])?;
        let engine = new_uno_engine(&game, 4, 2)?;
        let state = engine.state();
        let seat = state.current_player().ok_or("no turn")?;
        let mut moves = Moves::new();
        game.legal_moves(state, seat, &mut moves);
        assert!(moves.len() >= 2, "a play and a draw at least");
        // one expansion of each root move (plays of alike cards are one move)
        let config = IsmctsConfig {
            iterations: 200,
            cutoff: Some(0),
            ..IsmctsConfig::default()
        };
        let settings = UnoSearch {
            model_bluffs: false,
            ..UnoSearch::default()
        };
        let mut bot = settings.bot(&game, config, 1);
        let info = state.info_state(seat);
        let pick = decklet_bots::Bot::choose(&mut bot, &info, &moves).ok_or("no move")?;
        // every play beats the draw when a playout is scored at once by the cards held
        assert!(moves.is::<PlayCard>(pick), "{:?}", moves.kind(pick));
        let shares = uno_evaluation(state);
        assert!((shares[0] - shares[1]).abs() < 1e-12);
        Ok(())
    }
}
