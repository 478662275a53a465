//! [`CrazyEightsEncoding`]: Crazy Eights (OpenSpiel's rules, any options) for a learner.
//!
//! **Actions** (59 indices), cards in OpenSpiel's order (`4 × rank + suit`; suits
//! clubs, diamonds, hearts, spades; ranks 2 to ace):
//!
//! | index | move |
//! |---|---|
//! | 0–51 | play the card of that index (with two decks, either copy: the first in hand) |
//! | 52 | draw a card |
//! | 53 | pass |
//! | 54–57 | name clubs, diamonds, hearts, spades (after an eight) |
//! | 58 | wait (never offered: nobody acts out of turn in Crazy Eights) |
//!
//! **Observation** (256 numbers, `float32`), seats counted from the observer (0):
//!
//! | range | what |
//! |---|---|
//! | 0–51 | the observer's hand: how many of each card (0–2) |
//! | 52–103 | the top card of the pile, one-hot |
//! | 104–107 | the suit to match, one-hot |
//! | 108 | the observer must name a suit |
//! | 109 | twos pending (special cards) |
//! | 110 | cards drawn this turn |
//! | 111 | the player to move may pass |
//! | 112–126 | every seat's hand size (15 slots) |
//! | 127 | the draw pile's size |
//! | 128 | the direction of play (1 or −1) |
//! | 129–203 | each seat's last move (none, play, draw, pass, other), one-hot, 5 a seat |
//! | 204–255 | the discard pile: how many of each card it holds (0–2), the top one included |
//!
//! The discard pile is public, and a card in it is in no hand and not in the deck: what
//! has been played since the deal (or since the pile was last shuffled back into the
//! deck, with `reshuffle`), which a player guessing the other hands counts.

use std::sync::Arc;

use crate::{
    C8_VAR_CAN_PASS, C8_VAR_DRAWS, C8_VAR_NOMINATING, C8_VAR_PENDING_TWOS, C8_VAR_SUIT, C8Card,
    C8Table, CrazyEightsOptions, Draw, Nominate, Pass, SUITS, c8_returns, crazy_eights_game,
    new_crazy_eights_engine, suit_name,
};
use decklet_core::{
    Action as _, ActionRef, EngineError, Game, GameEngine, GameState, InfoState, PlayCard, PlayerId,
};
use decklet_plugins::TURN_VARIABLE_DIRECTION;

use decklet_bots::encoding::{
    Encoding, MoveClass, RewardMode, offset, one_hot, table_text, win_rewards,
};

/// The most seats (the observation's per-seat slots).
const SEATS: usize = 15;
/// Index of drawing.
pub const C8_DRAW: usize = 52;
/// Index of passing.
pub const C8_PASS: usize = 53;
/// First index of naming a suit.
pub const C8_NOMINATE: usize = 54;
/// The number of actions (wait is this index).
pub const C8_ACTIONS: usize = 58;
/// The observation's length.
pub const C8_OBSERVATION_LEN: usize = 256;
/// Where the discard pile's counts begin.
const DISCARD_AT: usize = 204;

/// Crazy Eights with some options, for a learner (see the module's documentation).
#[derive(Debug)]
pub struct CrazyEightsEncoding {
    game: Arc<Game>,
}

impl CrazyEightsEncoding {
    /// Crazy Eights with these options.
    pub fn new(options: CrazyEightsOptions) -> Result<CrazyEightsEncoding, String> {
        let game = crazy_eights_game(options).map_err(|e| e.to_string())?;
        Ok(CrazyEightsEncoding { game })
    }

    /// The encoding of `game`, a game of Crazy Eights (as [`crazy_eights_game`]
    /// builds it).
    pub fn of_game(game: Arc<Game>) -> CrazyEightsEncoding {
        CrazyEightsEncoding { game }
    }

    /// The game.
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }
}

/// A card of an index.
fn card_of(index: usize) -> Option<C8Card> {
    (index < 52).then_some(C8Card {
        suit: (index % 4) as u8,
        rank: (index / 4) as u8,
    })
}

impl Encoding for CrazyEightsEncoding {
    fn name(&self) -> &'static str {
        "crazy-eights"
    }
    /// 2: the discard pile counted (version 1 had 204 numbers).
    fn version(&self) -> u32 {
        2
    }
    fn observation_len(&self) -> usize {
        C8_OBSERVATION_LEN
    }
    fn action_count(&self) -> usize {
        C8_ACTIONS
    }

    fn encode(&self, info: &InfoState, last: &[MoveClass], out: &mut [f32]) {
        out.fill(0.0);
        let Some(table) = C8Table::seen(info) else {
            return;
        };
        let seats = info.seat_order();
        let me = info.seat();
        for card in info.hand() {
            if let Some(c) = table.card(*card)
                && let Some(x) = out.get_mut(usize::from(c.index()))
            {
                *x += 1.0;
            }
        }
        for card in info.zone_cards(table.discard).unwrap_or_default() {
            if let Some(c) = table.card(*card)
                && let Some(x) = out.get_mut(DISCARD_AT + usize::from(c.index()))
            {
                *x += 1.0;
            }
        }
        if let Some(top) = info.top(table.discard).and_then(|c| table.card(c)) {
            one_hot(&mut out[52..104], usize::from(top.index()));
        }
        if let Some(suit) = info
            .variable(&C8_VAR_SUIT)
            .and_then(|s| usize::try_from(s).ok())
        {
            one_hot(&mut out[104..108], suit);
        }
        let nominating =
            info.variable(&C8_VAR_NOMINATING) == Some(true) && info.current_player() == Some(me);
        out[108] = if nominating { 1.0 } else { 0.0 };
        out[109] = info.variable(&C8_VAR_PENDING_TWOS).unwrap_or(0).max(0) as f32;
        out[110] = info.variable(&C8_VAR_DRAWS).unwrap_or(0).max(0) as f32;
        out[111] = if info.variable(&C8_VAR_CAN_PASS) == Some(true) {
            1.0
        } else {
            0.0
        };
        for (k, player) in seats.iter().enumerate() {
            let Some(at) = offset(seats, me, *player).filter(|a| *a < SEATS) else {
                continue;
            };
            out[112 + at] = info.hand_size(*player) as f32;
            let class = last.get(k).copied().unwrap_or_default();
            one_hot(&mut out[129 + 5 * at..134 + 5 * at], class.index());
        }
        out[127] = info.zone_size(table.deck) as f32;
        out[128] = info
            .variable(&TURN_VARIABLE_DIRECTION)
            .unwrap_or(1)
            .signum() as f32;
    }

    fn action_index(&self, state: &GameState, _: PlayerId, action: ActionRef<'_>) -> Option<usize> {
        if let Some(play) = action.downcast_ref::<PlayCard>() {
            let table = state.attachment::<C8Table>()?;
            return table
                .card(*play.card_ids.first()?)
                .map(|c| usize::from(c.index()));
        }
        if action.downcast_ref::<Draw>().is_some() {
            return Some(C8_DRAW);
        }
        if action.downcast_ref::<Pass>().is_some() {
            return Some(C8_PASS);
        }
        if let Some(nominate) = action.downcast_ref::<Nominate>() {
            return SUITS
                .iter()
                .position(|s| *s == nominate.suit)
                .map(|s| C8_NOMINATE + s);
        }
        None
    }

    fn class_of_kind(&self, kind: &str) -> MoveClass {
        match kind {
            PlayCard::KIND => MoveClass::Play,
            Draw::KIND => MoveClass::Draw,
            Pass::KIND => MoveClass::Pass,
            _ => MoveClass::Other,
        }
    }

    fn action_name(&self, index: usize) -> String {
        match index {
            k if k < 52 => card_of(k).map_or_else(String::new, |c| format!("play {c}")),
            C8_DRAW => "draw".into(),
            C8_PASS => "pass".into(),
            k if (C8_NOMINATE..C8_ACTIONS).contains(&k) => SUITS
                .get(k - C8_NOMINATE)
                .and_then(|s| suit_name(s))
                .map_or_else(String::new, |s| format!("name {s}")),
            C8_ACTIONS => "wait".into(),
            _ => String::new(),
        }
    }

    fn render(&self, info: &InfoState) -> String {
        let Some(table) = C8Table::seen(info) else {
            return String::new();
        };
        let top = info
            .top(table.discard)
            .and_then(|c| table.card(c))
            .map_or_else(|| "none".to_string(), |c| c.to_string());
        let suit = info
            .variable(&C8_VAR_SUIT)
            .and_then(|s| usize::try_from(s).ok())
            .and_then(|s| SUITS.get(s))
            .and_then(|s| suit_name(s))
            .unwrap_or("none");
        let mut hand: Vec<C8Card> = info.hand().iter().filter_map(|c| table.card(*c)).collect();
        hand.sort_by_key(|c| (c.suit, c.rank));
        let hand: Vec<String> = hand.iter().map(C8Card::to_string).collect();
        let piles = format!(
            "top {top}, suit {suit}, deck {}",
            info.zone_size(table.deck)
        );
        table_text(info, &piles, &hand, " ")
    }

    fn final_rewards(&self, state: &GameState, mode: RewardMode) -> Vec<f32> {
        match mode {
            RewardMode::Win => win_rewards(state),
            RewardMode::Score => {
                let returns = c8_returns(state);
                // returns are in player order; rewards in seat order
                state
                    .seat_order()
                    .iter()
                    .map(|p| {
                        state
                            .players()
                            .position(|q| q == *p)
                            .and_then(|i| returns.get(i).map(|r| *r as f32))
                            .unwrap_or(0.0)
                    })
                    .collect()
            }
        }
    }

    fn new_match(&self, seed: u64, players: usize) -> Result<GameEngine, EngineError> {
        new_crazy_eights_engine(&self.game, seed, players)
    }
}
