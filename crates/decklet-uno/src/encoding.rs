//! [`UnoEncoding`]: UNO, under any preset and house rules, for a learner.
//!
//! **Actions** (82 indices; the same for every rule set, a move a rule set lacks is
//! never legal):
//!
//! | index | move |
//! |---|---|
//! | 0–51 | play a card of colour `c` (red, yellow, green, blue) and face `f`: `13 c + f`, faces 0–9, skip (10), reverse (11), draw two (12) |
//! | 52, 53 | play a wild, a wild draw four |
//! | 54 | draw a card |
//! | 55 | pass (end the turn, after drawing) |
//! | 56–59 | choose red, yellow, green, blue |
//! | 60, 61 | accept the wild draw four, challenge it |
//! | 62 | call UNO |
//! | 63–71 | take the hand of the player 1–9 seats after you (seven-zero) |
//! | 72–80 | catch the player 1–9 seats after you (calling UNO) |
//! | 81 | wait: let play go on (offered to a seat that may act out of turn) |
//!
//! Two cards of the same colour and face are the same move: the index plays the first
//! such card of the hand.
//!
//! **Observation** (199 numbers, `float32`), seats counted from the observer (0) in
//! seat order:
//!
//! | range | what |
//! |---|---|
//! | 0–53 | the observer's hand: how many cards of each kind (kinds as the play indices) |
//! | 54–107 | the top card of the pile, one-hot by kind |
//! | 108–111 | the colour in force, one-hot |
//! | 112–121 | every seat's hand size (10 slots, 0 past the players) |
//! | 122 | the draw pile's size |
//! | 123 | the direction of play (1 or −1) |
//! | 124 | a colour is to be chosen |
//! | 125 | a wild draw four waits for an answer (challenge rule) |
//! | 126 | a hand to take is to be chosen (seven-zero) |
//! | 127 | the stacked draw penalty pending (stacking) |
//! | 128 | the observer drew this turn |
//! | 129–138 | whose turn it is, one-hot by seat |
//! | 139–148 | who may be caught not calling UNO, one-hot by seat |
//! | 149–198 | each seat's last move (none, play, draw, pass, other), one-hot, 5 a seat |

use std::sync::Arc;

use crate::{
    AcceptDrawFour, CallUno, CatchUno, Challenge, ChooseColor, HouseRule, RuleSet, SwapHands,
    UNO_VAR_CHALLENGE_PENDING, UNO_VAR_CURRENT_COLOR, UNO_VAR_DRAW_PLAYER, UNO_VAR_DRAW_TURN,
    UNO_VAR_PENDING_COLOR, UNO_VAR_PENDING_DRAW, UNO_VAR_PENDING_SWAP, UNO_VAR_UNO_EXPOSED,
    UnoCard, UnoColor, UnoFace, card_points, new_uno_engine, seen_uno_table, uno_game, uno_table,
};
use decklet_core::{
    Action as _, ActionRef, EngineError, Game, GameEngine, GameState, InfoState, PlayCard, PlayerId,
};
use decklet_plugins::{DrawCard, EndTurn, TURN_VARIABLE_DIRECTION};

use decklet_bots::encoding::{
    Encoding, MoveClass, RewardMode, offset, one_hot, table_text, win_rewards,
};

/// The most seats UNO seats (the observation's per-seat slots).
const SEATS: usize = 10;
/// Card kinds: 4 colours × 13 faces, the wild, the wild draw four.
const KINDS: usize = 54;
/// Index of drawing a card.
pub const UNO_DRAW: usize = 54;
/// Index of passing.
pub const UNO_PASS: usize = 55;
/// First index of choosing a colour.
pub const UNO_CHOOSE: usize = 56;
/// Index of accepting a wild draw four.
pub const UNO_ACCEPT: usize = 60;
/// Index of challenging a wild draw four.
pub const UNO_CHALLENGE: usize = 61;
/// Index of calling UNO.
pub const UNO_CALL: usize = 62;
/// First index of taking a hand (1 seat after you).
pub const UNO_SWAP: usize = 63;
/// First index of catching a player (1 seat after you).
pub const UNO_CATCH: usize = 72;
/// The number of UNO's actions (wait is this index).
pub const UNO_ACTIONS: usize = 81;
/// The observation's length.
pub const UNO_OBSERVATION_LEN: usize = 199;

/// The kind of a card: its play index.
pub fn uno_kind(card: UnoCard) -> usize {
    let face = match card.face {
        UnoFace::Number(n) => usize::from(n),
        UnoFace::Skip => 10,
        UnoFace::Reverse => 11,
        UnoFace::Draw2 => 12,
        UnoFace::Wild => return 52,
        UnoFace::WildDraw4 => return 53,
    };
    card.color.map_or(52, |c| 13 * c.index() + face)
}

/// The card of a kind.
fn kind_card(kind: usize) -> Option<UnoCard> {
    match kind {
        52 => Some(UnoCard::new(None, UnoFace::Wild)),
        53 => Some(UnoCard::new(None, UnoFace::WildDraw4)),
        k if k < 52 => {
            let color = *UnoColor::ALL.get(k / 13)?;
            let face = match k % 13 {
                10 => UnoFace::Skip,
                11 => UnoFace::Reverse,
                12 => UnoFace::Draw2,
                n => UnoFace::Number(n as u8),
            };
            Some(UnoCard::new(Some(color), face))
        }
        _ => None,
    }
}

/// UNO under a rule set, for a learner (see the module's documentation).
#[derive(Debug)]
pub struct UnoEncoding {
    game: Arc<Game>,
    house: Vec<HouseRule>,
}

impl UnoEncoding {
    /// UNO under a preset (`seeds`, `official`) and house rules (their `--house`
    /// names).
    pub fn new(rules: &str, house: &[String]) -> Result<UnoEncoding, String> {
        let rules = RuleSet::with_house(rules, house.iter().map(String::as_str))?;
        let game = uno_game(&rules).map_err(|e| e.to_string())?;
        Ok(UnoEncoding { game, house: rules })
    }

    /// The encoding of `game`, UNO with the optional rules `house` (as
    /// [`uno_game`] builds it).
    pub fn of_game(game: Arc<Game>, house: Vec<HouseRule>) -> UnoEncoding {
        UnoEncoding { game, house }
    }

    /// The game.
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// The optional rules in play.
    pub fn rules(&self) -> &[HouseRule] {
        &self.house
    }
}

impl Encoding for UnoEncoding {
    fn name(&self) -> &'static str {
        "uno"
    }
    fn observation_len(&self) -> usize {
        UNO_OBSERVATION_LEN
    }
    fn action_count(&self) -> usize {
        UNO_ACTIONS
    }

    fn encode(&self, info: &InfoState, last: &[MoveClass], out: &mut [f32]) {
        out.fill(0.0);
        let Some(table) = seen_uno_table(info) else {
            return;
        };
        let seats = info.seat_order();
        let me = info.seat();
        for card in info.hand() {
            if let Some(view) = table.card(*card)
                && let Some(x) = out.get_mut(uno_kind(view))
            {
                *x += 1.0;
            }
        }
        if let Some(top) = info.top(table.discard).and_then(|c| table.card(c)) {
            one_hot(&mut out[KINDS..2 * KINDS], uno_kind(top));
        }
        if let Some(color) = info.variable(&UNO_VAR_CURRENT_COLOR) {
            one_hot(&mut out[108..112], color.index());
        }
        for (k, player) in (0..seats.len()).filter_map(|k| Some((k, *seats.get(k)?))) {
            let Some(at) = offset(seats, me, player) else {
                continue;
            };
            if at < SEATS {
                out[112 + at] = info.hand_size(player) as f32;
                let class = last.get(k).copied().unwrap_or_default();
                one_hot(&mut out[149 + 5 * at..154 + 5 * at], class.index());
            }
        }
        out[122] = info.zone_size(table.deck) as f32;
        out[123] = info
            .variable(&TURN_VARIABLE_DIRECTION)
            .unwrap_or(1)
            .signum() as f32;
        let flag = |b: Option<bool>| if b == Some(true) { 1.0 } else { 0.0 };
        out[124] = flag(info.variable(&UNO_VAR_PENDING_COLOR));
        out[125] = flag(info.variable(&UNO_VAR_CHALLENGE_PENDING));
        out[126] = flag(info.variable(&UNO_VAR_PENDING_SWAP));
        out[127] = info.variable(&UNO_VAR_PENDING_DRAW).unwrap_or(0).max(0) as f32;
        let drew = info.variable(&UNO_VAR_DRAW_PLAYER) == Some(me)
            && info.variable(&UNO_VAR_DRAW_TURN) == i64::try_from(info.turn()).ok();
        out[128] = if drew { 1.0 } else { 0.0 };
        if let Some(at) = info.current_player().and_then(|p| offset(seats, me, p)) {
            one_hot(&mut out[129..139], at);
        }
        let exposed = info
            .variable(&UNO_VAR_UNO_EXPOSED)
            .filter(|t| !t.is_empty())
            .and_then(|t| info.player_id(&t))
            .filter(|p| info.hand_size(*p) == 1);
        if let Some(at) = exposed.and_then(|p| offset(seats, me, p)) {
            one_hot(&mut out[139..149], at);
        }
    }

    fn action_index(
        &self,
        state: &GameState,
        seat: PlayerId,
        action: ActionRef<'_>,
    ) -> Option<usize> {
        let seats = state.seat_order();
        if let Some(play) = action.downcast_ref::<PlayCard>() {
            let table = uno_table(state)?;
            return table.card(*play.card_ids.first()?).map(uno_kind);
        }
        if action.downcast_ref::<DrawCard>().is_some() {
            return Some(UNO_DRAW);
        }
        if action.downcast_ref::<EndTurn>().is_some() {
            return Some(UNO_PASS);
        }
        if let Some(choose) = action.downcast_ref::<ChooseColor>() {
            let color: UnoColor = choose.color.parse().ok()?;
            return Some(UNO_CHOOSE + color.index());
        }
        if action.downcast_ref::<AcceptDrawFour>().is_some() {
            return Some(UNO_ACCEPT);
        }
        if action.downcast_ref::<Challenge>().is_some() {
            return Some(UNO_CHALLENGE);
        }
        if action.downcast_ref::<CallUno>().is_some() {
            return Some(UNO_CALL);
        }
        if let Some(swap) = action.downcast_ref::<SwapHands>() {
            let at = offset(seats, seat, swap.target_player_id).filter(|a| *a >= 1)?;
            return Some(UNO_SWAP + at - 1);
        }
        if let Some(catch) = action.downcast_ref::<CatchUno>() {
            let at = offset(seats, seat, catch.target_player_id).filter(|a| *a >= 1)?;
            return Some(UNO_CATCH + at - 1);
        }
        None
    }

    /// Under jump-in, always (any seat may hold a twin of the top card); under calling
    /// UNO alone, while a player may be caught (everyone sees who).
    fn class_of_kind(&self, kind: &str) -> MoveClass {
        match kind {
            PlayCard::KIND => MoveClass::Play,
            DrawCard::KIND => MoveClass::Draw,
            EndTurn::KIND => MoveClass::Pass,
            _ => MoveClass::Other,
        }
    }

    fn action_name(&self, index: usize) -> String {
        match index {
            k if k < KINDS => kind_card(k).map_or_else(String::new, |c| format!("play {c}")),
            UNO_DRAW => "draw".into(),
            UNO_PASS => "pass".into(),
            k if (UNO_CHOOSE..UNO_ACCEPT).contains(&k) => UnoColor::ALL
                .get(k - UNO_CHOOSE)
                .map_or_else(String::new, |c| format!("choose {c}")),
            UNO_ACCEPT => "accept the wild draw four".into(),
            UNO_CHALLENGE => "challenge the wild draw four".into(),
            UNO_CALL => "call UNO".into(),
            k if (UNO_SWAP..UNO_CATCH).contains(&k) => {
                format!("take the hand {} seats on", k - UNO_SWAP + 1)
            }
            k if (UNO_CATCH..UNO_ACTIONS).contains(&k) => {
                format!("catch the player {} seats on", k - UNO_CATCH + 1)
            }
            UNO_ACTIONS => "wait".into(),
            _ => String::new(),
        }
    }

    fn render(&self, info: &InfoState) -> String {
        let Some(table) = seen_uno_table(info) else {
            return String::new();
        };
        let top = info
            .top(table.discard)
            .and_then(|c| table.card(c))
            .map_or_else(|| "none".to_string(), |c| c.to_string());
        let color = info
            .variable(&UNO_VAR_CURRENT_COLOR)
            .map_or_else(|| "none".to_string(), |c| c.to_string());
        let hand: Vec<String> = info
            .hand()
            .iter()
            .filter_map(|c| table.card(*c).map(|v| v.to_string()))
            .collect();
        let piles = format!(
            "top {top}, colour {color}, deck {}",
            info.zone_size(table.deck)
        );
        table_text(info, &piles, &hand, ", ")
    }

    fn final_rewards(&self, state: &GameState, mode: RewardMode) -> Vec<f32> {
        match mode {
            RewardMode::Win => win_rewards(state),
            RewardMode::Score => {
                let Some(table) = uno_table(state) else {
                    return vec![0.0; state.player_count()];
                };
                let points = |p: PlayerId| -> f32 {
                    state
                        .hand(p)
                        .iter()
                        .filter_map(|c| table.card(*c))
                        .map(|c| card_points(c) as f32)
                        .sum()
                };
                let winner = state.winners().first().copied();
                let others: f32 = state
                    .seat_order()
                    .iter()
                    .filter(|p| Some(**p) != winner)
                    .map(|p| points(*p))
                    .sum();
                state
                    .seat_order()
                    .iter()
                    .map(|p| match winner {
                        Some(w) if w == *p => others,
                        Some(_) => -points(*p),
                        None => 0.0,
                    })
                    .collect()
            }
        }
    }

    fn new_match(&self, seed: u64, players: usize) -> Result<GameEngine, EngineError> {
        new_uno_engine(&self.game, seed, players)
    }
}
