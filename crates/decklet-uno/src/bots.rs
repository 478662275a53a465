//! Bots: the [`Bot`] interface, [`RandomBot`] and [`HeuristicBot`]. A bot is handed
//! what its seat knows ([`InfoState`], an owned value holding nothing else) and the
//! seat's legal actions, and returns one of them; no other hand, no order of the deck,
//! no hidden variable and no RNG of the game is in anything it is given.

use std::fmt;
use std::str::FromStr;

use std::borrow::Cow;

use decklet_core::{CardId, Game, GameRng, GameState, InfoState, Moves, PlayerId, Var, VarType};
use decklet_plugins::{TURN_VARIABLE_DIRECTION, next_player_in, next_player_seen};
use std::sync::Arc;

use crate::cards::{UnoColor, UnoFace};
use crate::house::UNO_VAR_CHALLENGE_FROM;
use crate::legal::legal_actions;
use crate::legal_action::LegalAction;
use crate::state::{UnoTable, seen_uno_table, uno_table};

/// A player program. The engine's side ([`play_game`](crate::play_game), the CLI)
/// asks it for a move whenever its seat has legal actions, handing it the seat's
/// information state and those actions ([`legal_actions`]); the bot answers with one of
/// them.
///
/// ```
/// use decklet_core::InfoState;
/// use decklet_uno::{Bot, LegalAction};
///
/// /// Always the last legal action (drawing, when it may).
/// struct Last;
///
/// impl Bot for Last {
///     fn name(&self) -> &'static str {
///         "last"
///     }
///     fn choose(&mut self, _info: &InfoState, legal: &[LegalAction]) -> Option<LegalAction> {
///         legal.last().copied()
///     }
/// }
/// ```
pub trait Bot: Send {
    /// A short name, e.g. `random`.
    fn name(&self) -> &'static str;
    /// The bot's move: one of `legal` (the seat's legal actions now, not empty), chosen
    /// from what the seat knows (`info`); `None` to give up.
    fn choose(&mut self, info: &InfoState, legal: &[LegalAction]) -> Option<LegalAction>;

    /// A move out of turn (a jump-in, under that house rule): one of `legal` (what the
    /// seat may do now although it is not its turn), or `None` to let play go on. The
    /// default never acts out of turn.
    fn choose_out_of_turn(
        &mut self,
        info: &InfoState,
        legal: &[LegalAction],
    ) -> Option<LegalAction> {
        let _ = (info, legal);
        None
    }

    /// Whether the bot reads the information state it is handed. A bot that chooses
    /// from the legal moves alone (as [`RandomBot`] does) says no, and the game loops
    /// then hand it an empty information state (`InfoState::default()`) instead of
    /// making the seat's: that costs about a quarter of a random game. The default is
    /// yes.
    fn reads_info(&self) -> bool {
        true
    }

    /// Whether the bot follows the game's moves ([`observe`](Self::observe)). The game
    /// loops ask once per game; the default is no, and then nothing is shown.
    fn observes(&self) -> bool {
        false
    }

    /// The public history, one move at a time: `player` (any seat, this one included)
    /// is about to make `action`; `info` is what this bot's seat knows of the position
    /// before it. Every UNO move is public (a played card is face up, a draw shows how
    /// many cards, not which), so the moves are what a seat hears of the game; what
    /// follows from them (the effects, the penalties) the next view shows. The default
    /// ignores them.
    fn observe(&mut self, info: &InfoState, player: PlayerId, action: LegalAction) {
        let _ = (info, player, action);
    }
}

/// A boxed bot is a bot (so that `ForAnyGame(kind.create(…))` seats any of them).
impl<B: Bot + ?Sized> Bot for Box<B> {
    fn name(&self) -> &'static str {
        (**self).name()
    }
    fn choose(&mut self, info: &InfoState, legal: &[LegalAction]) -> Option<LegalAction> {
        (**self).choose(info, legal)
    }
    fn choose_out_of_turn(
        &mut self,
        info: &InfoState,
        legal: &[LegalAction],
    ) -> Option<LegalAction> {
        (**self).choose_out_of_turn(info, legal)
    }
    fn reads_info(&self) -> bool {
        (**self).reads_info()
    }
    fn observes(&self) -> bool {
        (**self).observes()
    }
    fn observe(&mut self, info: &InfoState, player: PlayerId, action: LegalAction) {
        (**self).observe(info, player, action);
    }
}

/// Shows the move `player` is about to make in `state` to every bot that
/// [observes](Bot::observe) it, each with what its own seat knows: `seated` pairs each
/// bot with the information state of the seat it plays (refreshed here).
pub fn show_move<'b>(
    seated: impl IntoIterator<Item = (&'b mut InfoState, &'b mut Box<dyn Bot>)>,
    state: &GameState,
    player: PlayerId,
    action: LegalAction,
) {
    for (info, bot) in seated {
        if bot.observes() {
            info.refresh(state);
            bot.observe(info, player, action);
        }
    }
}

/// Asks `bot` for `player`'s move in `state`: hands it the player's information state
/// and legal actions; `None` when the player has no legal action (or the bot gives up).
///
/// ```
/// use decklet_uno::{ask_bot, legal_actions, new_uno_engine, uno_game, HeuristicBot};
/// let engine = new_uno_engine(&uno_game(&[])?, 5, 3)?;
/// let state = engine.state();
/// let player = state.current_player().ok_or("nobody's turn")?;
/// let choice = ask_bot(&mut HeuristicBot::new(1), state, player).ok_or("no move")?;
/// assert!(legal_actions(state, player).contains(&choice));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn ask_bot<B: Bot + ?Sized>(
    bot: &mut B,
    state: &GameState,
    player: PlayerId,
) -> Option<LegalAction> {
    let legal = legal_actions(state, player);
    if legal.is_empty() {
        return None;
    }
    bot.choose(&state.info_state(player), &legal)
}

/// Random play, the policy of the no-engine loop: a uniformly chosen playable card if
/// there is one (a wild's colour uniformly too), otherwise draw; after drawing, play
/// the drawn card if it is playable, else end the turn; out of turn, acting or not
/// uniformly. Seeded; its RNG is its own.
///
/// ```
/// use decklet_uno::{new_uno_engine, uno_game, Bot, RandomBot, legal_actions};
/// let engine = new_uno_engine(&uno_game(&[])?, 3, 4)?;
/// let state = engine.state();
/// if let Some(player) = state.current_player() {
///     let legal = legal_actions(state, player);
///     let choice = RandomBot::new(9).choose(&state.info_state(player), &legal);
///     assert!(choice.is_some_and(|c| legal.contains(&c)));
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

    /// The move, from the legal actions alone (what playouts call). Under calling UNO
    /// the calls and catches (listed last) are chosen uniformly among themselves and
    /// "play on"; playing on follows the policy above.
    #[inline]
    pub fn pick(&mut self, legal: &[LegalAction]) -> Option<LegalAction> {
        random_pick(legal, &mut self.rng)
    }
}

/// [`RandomBot`]'s policy with the caller's RNG: the move from the legal actions
/// alone.
#[inline]
pub fn random_pick(legal: &[LegalAction], rng: &mut GameRng) -> Option<LegalAction> {
    {
        let side = |a: &LegalAction| matches!(a, LegalAction::CallUno | LegalAction::CatchUno(_));
        let mut legal = legal;
        if legal.last().is_some_and(side) {
            let extra = legal.iter().rev().take_while(|a| side(a)).count();
            let k = rng.index(extra + 1);
            let (moves, sides) = legal.split_at(legal.len() - extra);
            if let Some(choice) = sides.get(k) {
                return Some(*choice);
            }
            legal = moves;
        }
        // the plays and the colour choices come first in `legal_actions`: pick one of
        // them uniformly; without any, the only other move (draw, or end the turn)
        let choices = legal
            .iter()
            .take_while(|a| {
                matches!(
                    a,
                    LegalAction::Play(_)
                        | LegalAction::ChooseColor(_)
                        | LegalAction::SwapHands(_)
                        | LegalAction::AcceptDrawFour
                        | LegalAction::Challenge
                )
            })
            .count();
        if choices == 0 {
            return legal.first().copied();
        }
        legal.get(rng.index(choices)).copied()
    }
}

/// [`RandomBot`]'s policy as the playout of the search bot of any game
/// (`decklet_bots::IsmctsBot::with_playout`): the index in `moves` of the move it
/// picks from UNO's legal actions. `moves` is the game's listed moves, UNO's first (as
/// in every game of [`uno_game`](crate::uno_game)). Uniformly random play over every
/// listed move rarely ends a game of UNO (drawing is always listed): this one plays a
/// card whenever it can.
pub fn uno_playout(
    state: &GameState,
    seat: PlayerId,
    moves: &Moves,
    rng: &mut GameRng,
) -> Option<usize> {
    let legal = legal_actions(state, seat);
    let pick = random_pick(&legal, rng)?;
    legal
        .iter()
        .position(|a| *a == pick)
        .filter(|i| *i < moves.len())
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, _info: &InfoState, legal: &[LegalAction]) -> Option<LegalAction> {
        self.pick(legal)
    }

    /// No: it chooses from the legal moves alone.
    fn reads_info(&self) -> bool {
        false
    }

    /// Uniformly among the moves and letting play go on.
    fn choose_out_of_turn(
        &mut self,
        _info: &InfoState,
        legal: &[LegalAction],
    ) -> Option<LegalAction> {
        legal.get(self.rng.index(legal.len() + 1)).copied()
    }
}

/// A simple strategist: attacks a next player close to winning with skips, draw twos
/// and wild draw fours, keeps wilds for when it needs them, sheds high numbers in the
/// colour it holds most, names its strongest colour after a wild, and (seven-zero)
/// takes the smallest hand after a 7, challenges a wild draw four from a player
/// holding four cards or more, always jumps in, catches every player it can who did
/// not call UNO and calls UNO itself (unless told to forget, [`HeuristicBot::forgetting_uno`]).
/// Ties are broken by its own seeded RNG.
#[derive(Debug, Clone)]
pub struct HeuristicBot {
    rng: GameRng,
    /// How often it forgets to call UNO, in millionths.
    forget_uno: u32,
}

impl HeuristicBot {
    /// A bot with its own seeded RNG for tie-breaks.
    pub fn new(seed: u64) -> Self {
        HeuristicBot {
            rng: GameRng::seed_from(seed),
            forget_uno: 0,
        }
    }

    /// The bot, forgetting to call UNO with probability `p` each time it may call
    /// (clamped to 0..=1; a forgotten call stays forgotten until it may call again), so
    /// that simulations see players caught.
    ///
    /// ```
    /// use decklet_uno::HeuristicBot;
    /// let absent_minded = HeuristicBot::new(1).forgetting_uno(0.25);
    /// assert_eq!(absent_minded.forgets_uno(), 0.25);
    /// ```
    pub fn forgetting_uno(mut self, p: f64) -> Self {
        self.forget_uno = (p.clamp(0.0, 1.0) * 1e6).round() as u32;
        self
    }

    /// How often it forgets to call UNO.
    pub fn forgets_uno(&self) -> f64 {
        f64::from(self.forget_uno) / 1e6
    }

    /// Whether to call UNO now that it may: unless it forgets.
    fn remembers_uno(&mut self) -> bool {
        self.forget_uno == 0 || self.rng.below(1_000_000) >= self.forget_uno
    }
}

impl HeuristicBot {
    /// A catch if it may make one, else a call of UNO if it may and remembers.
    fn uno_move(&mut self, legal: &[LegalAction]) -> Option<LegalAction> {
        let catch = legal.iter().find(|a| matches!(a, LegalAction::CatchUno(_)));
        if let Some(catch) = catch {
            return Some(*catch);
        }
        if legal.contains(&LegalAction::CallUno) && self.remembers_uno() {
            return Some(LegalAction::CallUno);
        }
        None
    }
}

/// What the heuristic policy reads of a position for one seat: what the seat knows (an
/// [`InfoState`], for [`HeuristicBot`] as a bot), or a whole world a search bot sampled
/// for itself ([`InWorld`], for its playouts: the world is the searcher's own, nothing
/// in it is hidden from it). One policy, read from either.
pub(crate) trait Sight {
    /// The seat.
    fn seat(&self) -> PlayerId;
    /// The seat's hand.
    fn hand(&self) -> &[CardId];
    /// How many cards a player holds.
    fn hand_size(&self, player: PlayerId) -> usize;
    /// Whether a player has a hand.
    fn has_hand(&self, player: PlayerId) -> bool;
    /// A variable the seat reads.
    fn variable<T: VarType>(&self, var: &Var<T>) -> Option<T>;
    /// The player whose text id is `text`.
    fn player_id(&self, text: &str) -> Option<PlayerId>;
    /// The next player after `player`, going `direction`.
    fn next_player(&self, player: PlayerId, direction: i64) -> Option<PlayerId>;
    /// UNO's table of the game.
    fn table(&self) -> Option<Cow<'_, UnoTable>>;
}

impl Sight for InfoState {
    fn seat(&self) -> PlayerId {
        InfoState::seat(self)
    }
    fn hand(&self) -> &[CardId] {
        InfoState::hand(self)
    }
    fn hand_size(&self, player: PlayerId) -> usize {
        InfoState::hand_size(self, player)
    }
    fn has_hand(&self, player: PlayerId) -> bool {
        self.hand_zone(player).is_some()
    }
    fn variable<T: VarType>(&self, var: &Var<T>) -> Option<T> {
        InfoState::variable(self, var)
    }
    fn player_id(&self, text: &str) -> Option<PlayerId> {
        InfoState::player_id(self, text)
    }
    fn next_player(&self, player: PlayerId, direction: i64) -> Option<PlayerId> {
        next_player_seen(self, player, direction)
    }
    fn table(&self) -> Option<Cow<'_, UnoTable>> {
        seen_uno_table(self)
    }
}

/// A world a search bot sampled, as one of its seats plays it in a playout.
pub(crate) struct InWorld<'s> {
    /// The world.
    pub(crate) world: &'s GameState,
    /// The seat.
    pub(crate) seat: PlayerId,
}

impl Sight for InWorld<'_> {
    fn seat(&self) -> PlayerId {
        self.seat
    }
    fn hand(&self) -> &[CardId] {
        self.world.hand(self.seat)
    }
    fn hand_size(&self, player: PlayerId) -> usize {
        self.world.hand(player).len()
    }
    fn has_hand(&self, player: PlayerId) -> bool {
        self.world.hand_zone(player).is_some()
    }
    fn variable<T: VarType>(&self, var: &Var<T>) -> Option<T> {
        self.world.variable(var)
    }
    fn player_id(&self, text: &str) -> Option<PlayerId> {
        self.world.player_id(text)
    }
    fn next_player(&self, player: PlayerId, direction: i64) -> Option<PlayerId> {
        next_player_in(self.world, player, direction)
    }
    fn table(&self) -> Option<Cow<'_, UnoTable>> {
        uno_table(self.world)
    }
}

/// How many cards of each colour the seat holds.
fn color_counts(view: &impl Sight) -> [usize; 4] {
    let mut counts = [0; 4];
    if let Some(table) = view.table() {
        for card in view.hand() {
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

    /// Catches whoever it can, calls UNO (unless it forgets), and always jumps in: a
    /// card out of the hand for free.
    fn choose_out_of_turn(
        &mut self,
        _info: &InfoState,
        legal: &[LegalAction],
    ) -> Option<LegalAction> {
        if let Some(uno) = self.uno_move(legal) {
            return Some(uno);
        }
        legal
            .iter()
            .find(|a| matches!(a, LegalAction::Play(_)))
            .copied()
    }

    fn choose(&mut self, info: &InfoState, legal: &[LegalAction]) -> Option<LegalAction> {
        self.decide(info, legal)
    }
}

impl HeuristicBot {
    /// The policy, from what `view` shows the seat (see [`Sight`]).
    pub(crate) fn decide(
        &mut self,
        view: &impl Sight,
        legal: &[LegalAction],
    ) -> Option<LegalAction> {
        if let Some(uno) = self.uno_move(legal) {
            return Some(uno);
        }
        let counts = color_counts(view);
        if legal
            .iter()
            .any(|a| matches!(a, LegalAction::ChooseColor(_)))
        {
            let best = UnoColor::ALL
                .into_iter()
                .max_by_key(|c| (counts[c.index()], 3 - c.index()))?;
            return Some(LegalAction::ChooseColor(best));
        }
        // a wild draw four to answer: challenge a player with many cards (likely to
        // have held the colour), accept otherwise
        if legal.contains(&LegalAction::Challenge) {
            let held = view
                .variable(&UNO_VAR_CHALLENGE_FROM)
                .and_then(|text| view.player_id(&text))
                .map_or(0, |p| view.hand_size(p));
            return Some(match held >= 4 {
                true => LegalAction::Challenge,
                false => LegalAction::AcceptDrawFour,
            });
        }
        // after a 7: take the smallest hand
        if let Some(LegalAction::SwapHands(_)) = legal.first() {
            return legal
                .iter()
                .min_by_key(|a| match a {
                    LegalAction::SwapHands(p) => view.hand_size(*p),
                    _ => usize::MAX,
                })
                .copied();
        }
        let seat = view.seat();
        let my_cards = view.hand().len();
        let direction = view.variable(&TURN_VARIABLE_DIRECTION).unwrap_or(1);
        let next_cards = view
            .next_player(seat, direction)
            .filter(|next| view.has_hand(*next))
            .map_or(7, |next| view.hand_size(next));
        let Some(table) = view.table() else {
            return legal.first().copied();
        };
        let mut best: Option<(i64, usize)> = None;
        let mut ties = 0u32;
        for (index, action) in legal.iter().enumerate() {
            let LegalAction::Play(card) = action else {
                continue;
            };
            let Some(card) = table.card(*card) else {
                continue;
            };
            let threat = next_cards <= 2;
            let mut score = match card.face {
                UnoFace::Number(n) => 10 + i64::from(n),
                UnoFace::Skip | UnoFace::Reverse | UnoFace::Draw2 => {
                    20 + if threat { 40 } else { 0 }
                }
                UnoFace::Wild => 5 + if my_cards <= 2 { 40 } else { 0 },
                UnoFace::WildDraw4 => 3 + if threat { 60 } else { 0 },
            };
            if let Some(color) = card.color {
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
            return legal.get(index).copied();
        }
        legal.first().copied()
    }
}

/// The kinds of bot, by name: `random`, `heuristic`, `ismcts` (1,000 iterations per
/// move) or `ismcts:N` (N iterations).
///
/// ```
/// use decklet_uno::BotKind;
/// assert_eq!("ismcts:300".parse::<BotKind>(), Ok(BotKind::Ismcts(300)));
/// assert_eq!(BotKind::Ismcts(300).to_string(), "ismcts:300");
/// assert_eq!("ismcts".parse::<BotKind>(), Ok(BotKind::Ismcts(1000)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BotKind {
    /// [`RandomBot`].
    Random,
    /// [`HeuristicBot`].
    Heuristic,
    /// [`IsmctsBot`](crate::IsmctsBot) with this many iterations per move.
    Ismcts(u32),
}

/// The most iterations `ismcts:N` accepts: 100,000, a few seconds a move on one core
/// (1,000, the default, takes about 25 ms), so that no bot named on a command line
/// thinks for minutes.
pub const MAX_ISMCTS_ITERATIONS: u32 = 100_000;

impl BotKind {
    /// A new bot of this kind for `game` (see [`uno_game`](crate::uno_game)), seeded (a
    /// search bot plays its worlds in that game). A heuristic bot that forgets to call
    /// UNO is [`HeuristicBot::forgetting_uno`].
    ///
    /// ```
    /// use decklet_uno::{uno_game, BotKind};
    /// let game = uno_game(&[])?;
    /// assert_eq!(BotKind::Ismcts(250).create(&game, 1).name(), "ismcts");
    /// # Ok::<(), decklet_core::EngineError>(())
    /// ```
    pub fn create(self, game: &Arc<Game>, seed: u64) -> Box<dyn Bot> {
        match self {
            BotKind::Random => Box::new(RandomBot::new(seed)),
            BotKind::Heuristic => Box::new(HeuristicBot::new(seed)),
            BotKind::Ismcts(iterations) => Box::new(crate::ismcts::IsmctsBot::new(
                game,
                crate::ismcts::IsmctsConfig {
                    iterations,
                    ..Default::default()
                },
                seed,
            )),
        }
    }

    /// The kind's name, without its iterations.
    pub fn as_str(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
            BotKind::Ismcts(_) => "ismcts",
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotKind::Ismcts(iterations) => write!(f, "ismcts:{iterations}"),
            other => f.write_str(other.as_str()),
        }
    }
}

impl FromStr for BotKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "random" => Ok(BotKind::Random),
            "heuristic" => Ok(BotKind::Heuristic),
            "ismcts" => Ok(BotKind::Ismcts(1000)),
            other => match other.strip_prefix("ismcts:").map(str::parse::<u32>) {
                Some(Ok(n)) if (1..=MAX_ISMCTS_ITERATIONS).contains(&n) => Ok(BotKind::Ismcts(n)),
                Some(_) => Err(format!(
                    "`{other}`: the iterations must be a number from 1 to {MAX_ISMCTS_ITERATIONS}"
                )),
                None => Err(format!(
                    "unknown bot `{other}` (known: random, heuristic, ismcts, ismcts:N)"
                )),
            },
        }
    }
}
