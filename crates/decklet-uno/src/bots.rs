//! Bots: [`RandomBot`] and [`HeuristicBot`]. Both choose only among
//! [`legal_actions`](crate::legal_actions) and never touch the game's RNG.

use std::fmt;
use std::str::FromStr;

use decklet_core::{GameRng, GameState, PlayerId};
use decklet_plugins::{direction, next_player_in};

use crate::cards::{UnoColor, UnoFace};
use crate::legal::{LegalAction, Moves, legal_actions_into};
use crate::state::uno_table;

/// A player program.
pub trait Bot: Send {
    /// A short name, e.g. `random`.
    fn name(&self) -> &'static str;
    /// The bot's move for `player`, or `None` when it has none.
    fn choose(&mut self, state: &GameState, player: PlayerId) -> Option<LegalAction>;
}

/// Random play, the policy of the reference no-engine loop: a uniformly chosen playable
/// card if there is one (a wild's colour uniformly too), otherwise draw; after drawing,
/// play the drawn card if it is playable, else end the turn. Seeded; its RNG is its own.
///
/// ```
/// use decklet_uno::{new_uno_engine, Bot, RandomBot, legal_actions};
/// let engine = new_uno_engine(3, 4)?;
/// if let Some(player) = engine.state().current_player() {
///     let choice = RandomBot::new(9).choose(engine.state(), player);
///     assert!(choice.is_some_and(|c| legal_actions(engine.state(), player).contains(&c)));
/// }
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
#[derive(Debug, Clone)]
pub struct RandomBot {
    rng: GameRng,
}

impl RandomBot {
    /// A bot with its own seeded RNG.
    pub fn new(seed: u64) -> Self {
        RandomBot {
            rng: GameRng::seed_from(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, state: &GameState, player: PlayerId) -> Option<LegalAction> {
        // the same choice as picking among `legal_actions` (plays and colours first,
        // uniformly, else the first move), read without listing the moves
        match Moves::of(state, player) {
            Moves::Nothing => None,
            Moves::ChooseColor => {
                let pick = self.rng.index(UnoColor::ALL.len());
                UnoColor::ALL
                    .get(pick)
                    .copied()
                    .map(LegalAction::ChooseColor)
            }
            Moves::AfterDraw {
                playable: Some(card),
            } => {
                self.rng.index(1);
                Some(LegalAction::Play(card))
            }
            Moves::AfterDraw { playable: None } => Some(LegalAction::EndTurn),
            Moves::Turn { hand, playable } => match playable.len() {
                0 => Some(LegalAction::Draw),
                plays => {
                    let pick = self.rng.index(plays);
                    let card = playable.nth(pick).and_then(|k| hand.get(k))?;
                    Some(LegalAction::Play(*card))
                }
            },
        }
    }
}

/// A simple strategist: attacks a next player close to winning with skips, draw twos
/// and wild draw fours, keeps wilds for when it needs them, sheds high numbers in the
/// colour it holds most, and names its strongest colour after a wild. Ties are broken
/// by its own seeded RNG.
#[derive(Debug, Clone)]
pub struct HeuristicBot {
    rng: GameRng,
    legal: Vec<LegalAction>,
}

impl HeuristicBot {
    /// A bot with its own seeded RNG for tie-breaks.
    pub fn new(seed: u64) -> Self {
        HeuristicBot {
            rng: GameRng::seed_from(seed),
            legal: Vec::new(),
        }
    }
}

fn color_counts(state: &GameState, player: PlayerId) -> [usize; 4] {
    let mut counts = [0; 4];
    if let Some(table) = uno_table(state) {
        for card in state.hand(player) {
            if let Some(color) = table.card(*card).and_then(|v| v.color) {
                counts[color.index()] += 1;
            }
        }
    }
    counts
}

impl Bot for HeuristicBot {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn choose(&mut self, state: &GameState, player: PlayerId) -> Option<LegalAction> {
        legal_actions_into(state, player, &mut self.legal);
        let counts = color_counts(state, player);
        if self
            .legal
            .iter()
            .any(|a| matches!(a, LegalAction::ChooseColor(_)))
        {
            let best = UnoColor::ALL
                .into_iter()
                .max_by_key(|c| (counts[c.index()], 3 - c.index()))?;
            return Some(LegalAction::ChooseColor(best));
        }
        let my_cards = state.hand(player).len();
        let next_cards = next_player_in(state, player, direction(state))
            .filter(|next| state.hand_zone(*next).is_some())
            .map_or(7, |next| state.hand(next).len());
        let Some(table) = uno_table(state) else {
            return self.legal.first().copied();
        };
        let mut best: Option<(i64, usize)> = None;
        let mut ties = 0u32;
        for (index, action) in self.legal.iter().enumerate() {
            let LegalAction::Play(card) = action else {
                continue;
            };
            let Some(view) = table.card(*card) else {
                continue;
            };
            let threat = next_cards <= 2;
            let mut score = match view.face {
                UnoFace::Number(n) => 10 + i64::from(n),
                UnoFace::Skip | UnoFace::Reverse | UnoFace::Draw2 => {
                    20 + if threat { 40 } else { 0 }
                }
                UnoFace::Wild => 5 + if my_cards <= 2 { 40 } else { 0 },
                UnoFace::WildDraw4 => 3 + if threat { 60 } else { 0 },
            };
            if let Some(color) = view.color {
                score += 3 * counts[color.index()] as i64;
            }
            match best {
                Some((top, _)) if score < top => {}
                Some((top, _)) if score == top => {
                    ties += 1;
                    if self.rng.below(ties + 1) == 0 {
                        best = Some((score, index));
                    }
                }
                _ => {
                    best = Some((score, index));
                    ties = 0;
                }
            }
        }
        if let Some((_, index)) = best {
            return self.legal.get(index).copied();
        }
        self.legal.first().copied()
    }
}

/// The kinds of bot, by name (`random`, `heuristic`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BotKind {
    /// [`RandomBot`].
    Random,
    /// [`HeuristicBot`].
    Heuristic,
}

impl BotKind {
    /// A new bot of this kind.
    pub fn create(self, seed: u64) -> Box<dyn Bot> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Heuristic => Box::new(HeuristicBot::new(seed)),
        }
    }

    /// The kind's name.
    pub fn as_str(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for BotKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "random" => Ok(BotKind::Random),
            "heuristic" => Ok(BotKind::Heuristic),
            other => Err(format!("unknown bot `{other}` (known: random, heuristic)")),
        }
    }
}
