//! Whist's entry in a catalogue ([`WhistDef`]): its parameter, its sides, its words.

use std::ops::RangeInclusive;
use std::sync::Arc;

use decklet_bots::Scoring;
use decklet_core::{
    AnyEvent, CardPlayed, EngineError, Game, GameEngine, GameState, GameString, GameWon, InfoState,
    PLAY_CARD_ACTION, PlayerId,
};
use decklet_entry::{GameDef, ParamDef};

use crate::plugin::{TrickWon, WHIST_VAR_TRICKS, side_of, tricks};
use crate::{Trumps, WHIST_GAME, WHIST_PARAMS, WHIST_PLAYERS, new_whist_engine, whist_game};

/// Whist's entry: four players in two sides, `whist(trumps=…)`.
#[derive(Clone, Copy, Debug, Default)]
pub struct WhistDef;

/// Each player's result (in player order, `p1`…`p4`), in whist's points: the winning
/// side scores a point for each trick over six, the other side as many below nothing
/// (`10` tricks to `3`: 4 and −4 each); 0 for all before the end.
pub fn whist_result(state: &GameState) -> Vec<f64> {
    let taken = tricks(state).map(i64::from);
    let over = |side: usize| match (taken[side] + taken[1 - side], taken[side] > 6) {
        (13, true) => taken[side] - 6,
        (13, false) => -(taken[1 - side] - 6),
        _ => 0,
    };
    (state.players())
        .map(|p| over(state.seat_index(p).map_or(0, side_of)) as f64)
        .collect()
}

/// The two sides in words.
const SIDES: [&str; 2] = ["p1 & p3", "p2 & p4"];

impl GameDef for WhistDef {
    fn name(&self) -> &'static str {
        WHIST_GAME
    }
    fn about(&self) -> &'static str {
        "short whist, one deal: two sides of partners, follow suit, trumps take"
    }
    fn params(&self) -> &'static [ParamDef] {
        &WHIST_PARAMS
    }
    fn players(&self) -> RangeInclusive<usize> {
        WHIST_PLAYERS..=WHIST_PLAYERS
    }
    /// Partners face each other: seats 1 and 3 are one side, 2 and 4 the other.
    fn sides(&self, players: usize) -> Vec<usize> {
        (0..players).map(crate::side_of).collect()
    }
    fn build(&self, game: &GameString) -> Result<Arc<Game>, String> {
        let trumps = Trumps::from_game_string(game)?;
        whist_game(trumps).map_err(|e| e.to_string())
    }
    fn new_engine(
        &self,
        game: &Arc<Game>,
        seed: u64,
        _players: usize,
    ) -> Result<GameEngine, EngineError> {
        new_whist_engine(game, seed)
    }
    /// Each seat's result: its side's points ([`whist_result`]; partners score alike,
    /// the winners above 0): what a search maximises, the learning environments
    /// reward (`rewards="score"`) and a tournament ranks by.
    fn scoring(&self) -> Scoring {
        whist_result
    }
    /// Its one kind of move, for the learners' generic encoding.
    fn move_kinds(&self) -> &'static [&'static str] {
        &[PLAY_CARD_ACTION]
    }
    /// The trumps and the tricks each side took.
    fn describe_table(&self, info: &InfoState) -> Vec<String> {
        let trumps = info.game_data::<Trumps>().copied().unwrap_or_default();
        let mut facts = vec![match trumps {
            Trumps::None => "no trumps".to_string(),
            other => format!("trumps: {}", other.word()),
        }];
        if let Some(tricks) = info.variable(&WHIST_VAR_TRICKS) {
            let n = |i: usize| tricks.get(i).and_then(|t| t.as_u64()).unwrap_or(0);
            // a player's own side first, as "yours"; a spectator's by seats
            facts.push(match info.seat_index(info.seat()).map(side_of) {
                Some(own) => format!("tricks: your side {}, theirs {}", n(own), n(1 - own)),
                None => format!("tricks: {} {}, {} {}", SIDES[0], n(0), SIDES[1], n(1)),
            });
        }
        facts
    }
    /// Trick by trick: `p2 plays Q♥`, `p3 takes the trick (p1 & p3 4, p2 & p4 2)`,
    /// `p1 & p3 win, 8 tricks to 5: 2 points`.
    fn narrate(&self, state: &GameState, events: &[AnyEvent]) -> Option<Vec<String>> {
        let name = |id: PlayerId| state.id_text(id).into_owned();
        let mut lines = Vec::new();
        // the count after each trick (the state's, for events that hold no trick)
        let mut last = crate::tricks(state);
        for event in events {
            if let Some(e) = event.downcast_ref::<CardPlayed>() {
                let cards: Vec<String> = (e.card_ids.iter())
                    .filter_map(|c| state.card(*c))
                    .map(|c| self.describe_card(c))
                    .collect();
                lines.push(format!("{} plays {}", name(e.player_id), cards.join(", ")));
            } else if let Some(e) = event.downcast_ref::<TrickWon>() {
                last = e.tricks;
                lines.push(format!(
                    "{} takes the trick ({} {}, {} {})",
                    name(e.player_id),
                    SIDES[0],
                    e.tricks[0],
                    SIDES[1],
                    e.tricks[1]
                ));
            } else if event.is::<GameWon>() {
                let side = usize::from(last[1] > last[0]);
                let (won, lost) = (last[side], last[1 - side]);
                let points = won.saturating_sub(6);
                lines.push(format!(
                    "{} win, {won} tricks to {lost}: {points} point{}",
                    SIDES[side],
                    if points == 1 { "" } else { "s" }
                ));
            }
        }
        Some(lines)
    }
}
