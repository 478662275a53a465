//! UNO's bots, bots of any game ([`decklet_bots::Bot`]): [`UnoRandomBot`] and
//! [`HeuristicBot`]. A bot is handed what its seat knows ([`InfoState`], an owned value
//! holding nothing else) and the seat's listed moves, and answers the index of one; no
//! other hand, no order of the deck, no hidden variable and no RNG of the game is in
//! anything it is given. Each decides by a policy on UNO's moves, the same policy the
//! search plays out with: [`HeuristicBot`] reads the listed moves in UNO's words
//! ([`LegalAction::of_move`]), [`UnoRandomBot`] only tells them apart by type.

use std::borrow::Cow;

use decklet_core::{
    CardId, GameEngine, GameRng, GameState, GameToken, InfoState, MoveKind, Moves, PlayCard,
    PlayerId, Var, VarType,
};
use decklet_plugins::{TURN_VARIABLE_DIRECTION, next_player_in, next_player_seen};

use crate::actions::ChooseColor;
use crate::cards::{UnoCard, UnoColor, UnoFace};
use crate::house::{
    AcceptDrawFour, CallUno, CatchUno, Challenge, SwapHands, UNO_VAR_CHALLENGE_FROM,
};
use crate::legal::legal_actions;
use crate::legal_action::LegalAction;
use crate::state::{UnoTable, seen_uno_table, uno_table};

/// A seat's listed moves read in UNO's words: each of UNO's moves, with its index in
/// the list (a move of another plugin's is left out). Kept by a bot and refilled at
/// each decision, so that reading allocates nothing once grown.
#[derive(Clone, Debug, Default)]
pub(crate) struct Reading {
    legal: Vec<LegalAction>,
    at: Vec<usize>,
}

impl Reading {
    /// Reads `moves`; returns UNO's moves among them, in order.
    pub(crate) fn read(&mut self, moves: &Moves) -> &[LegalAction] {
        self.legal.clear();
        self.at.clear();
        for index in 0..moves.len() {
            if let Some(action) = LegalAction::of_move(moves, index) {
                self.legal.push(action);
                self.at.push(index);
            }
        }
        &self.legal
    }

    /// The index in the list last read of the move `chosen` (one of those read).
    pub(crate) fn index_of(&self, chosen: LegalAction) -> Option<usize> {
        let k = self.legal.iter().position(|a| *a == chosen)?;
        self.at.get(k).copied()
    }
}

/// How a bot of UNO answers: `moves` read with the bot's [`Reading`] (`reading` finds
/// it in the bot), `decide` (handed the bot) chooses among them in UNO's words, and the
/// index of its choice in `moves` is the answer.
pub(crate) fn choose_in_words<B>(
    bot: &mut B,
    reading: fn(&mut B) -> &mut Reading,
    moves: &Moves,
    decide: impl FnOnce(&mut B, &[LegalAction]) -> Option<LegalAction>,
) -> Option<usize> {
    let mut read = std::mem::take(reading(bot));
    let pick = decide(bot, read.read(moves));
    let index = pick.and_then(|pick| read.index_of(pick));
    *reading(bot) = read;
    index
}

/// What `bot` does for `player` now (in turn, or out of turn), in UNO's words: the
/// move it picks among the seat's listed moves (`decklet_bots::ask`), read back as a
/// [`LegalAction`]; `None` when the seat has no move, the bot makes none, or its move
/// is not one of UNO's.
///
/// ```
/// use decklet_uno::{bot_move, legal_actions, new_uno_engine, uno_game, HeuristicBot};
/// let engine = new_uno_engine(&uno_game(&[])?, 5, 3)?;
/// let player = engine.state().current_player().ok_or("nobody's turn")?;
/// let choice = bot_move(&mut HeuristicBot::new(1), &engine, player).ok_or("no move")?;
/// assert!(legal_actions(engine.state(), player).contains(&choice));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bot_move(
    bot: &mut dyn decklet_bots::Bot,
    engine: &GameEngine,
    player: PlayerId,
) -> Option<LegalAction> {
    let mut moves = Moves::new();
    let pick = decklet_bots::ask(bot, engine, player, &mut moves)?;
    LegalAction::of_move(&moves, pick)
}

/// UNO's random player, the policy of the no-engine loop: a uniformly chosen playable
/// card if there is one (a wild's colour uniformly too), otherwise draw; after drawing,
/// play the drawn card if it is playable, else end the turn; out of turn, acting or
/// not uniformly. (Uniformly random play over every listed move, as
/// `decklet_bots::RandomBot` plays any game, rarely ends a game of UNO: drawing is
/// always listed.) Seeded; its RNG is its own. The catalogue's `random` for UNO.
///
/// ```
/// use decklet_bots::Bot;
/// use decklet_core::Moves;
/// use decklet_uno::{new_uno_engine, uno_game, UnoRandomBot};
/// let engine = new_uno_engine(&uno_game(&[])?, 3, 4)?;
/// let (state, game) = (engine.state(), engine.game());
/// let player = state.current_player().ok_or("nobody's turn")?;
/// let mut moves = Moves::new();
/// game.legal_moves(state, player, &mut moves);
/// let choice = UnoRandomBot::new(9).choose(&state.info_state(player), &moves);
/// assert!(choice.is_some_and(|i| i < moves.len()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct UnoRandomBot {
    rng: GameRng,
    reading: Reading,
    classes: Classes,
}

impl UnoRandomBot {
    /// A bot with its own seeded RNG.
    pub fn new(seed: u64) -> Self {
        UnoRandomBot {
            rng: GameRng::seed_from(seed),
            reading: Reading::default(),
            classes: Classes::default(),
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

/// What a move is to the random policy: a choice (a play, a colour, a hand to take,
/// an answer to a wild draw four), a side move (a call or a catch), or another (draw,
/// end the turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Choice,
    Side,
    Other,
}

impl Kind {
    /// What `action` is.
    #[inline]
    fn of(action: &LegalAction) -> Kind {
        match action {
            LegalAction::Play(_)
            | LegalAction::ChooseColor(_)
            | LegalAction::SwapHands(_)
            | LegalAction::AcceptDrawFour
            | LegalAction::Challenge => Kind::Choice,
            LegalAction::CallUno | LegalAction::CatchUno(_) => Kind::Side,
            LegalAction::Draw | LegalAction::EndTurn => Kind::Other,
        }
    }
}

/// What each kind of move of one game is to the random policy, by the handles of the
/// game that listed the moves: found once a game, then each move's class is an
/// integer comparison or two.
#[derive(Clone, Debug, Default)]
struct Classes {
    game: Option<GameToken>,
    choice: Vec<MoveKind>,
    side: Vec<MoveKind>,
}

impl Classes {
    /// What the move at `index` of `moves` is, told by its kind alone (a move that is
    /// not UNO's is another).
    #[inline]
    fn at(&mut self, moves: &Moves, index: usize) -> Kind {
        if self.game != moves.game_token() {
            self.resolve(moves);
        }
        match moves.move_kind(index) {
            Some(kind) if self.choice.contains(&kind) => Kind::Choice,
            Some(kind) if self.side.contains(&kind) => Kind::Side,
            Some(_) => Kind::Other,
            // kept whole: told by its type
            None => Self::of_type(moves, index),
        }
    }

    #[cold]
    fn resolve(&mut self, moves: &Moves) {
        self.game = moves.game_token();
        self.choice = [
            moves.kind_of::<PlayCard>(),
            moves.kind_of::<ChooseColor>(),
            moves.kind_of::<SwapHands>(),
            moves.kind_of::<AcceptDrawFour>(),
            moves.kind_of::<Challenge>(),
        ]
        .into_iter()
        .flatten()
        .collect();
        self.side = [moves.kind_of::<CallUno>(), moves.kind_of::<CatchUno>()]
            .into_iter()
            .flatten()
            .collect();
    }

    fn of_type(moves: &Moves, index: usize) -> Kind {
        if moves.is::<PlayCard>(index)
            || moves.is::<ChooseColor>(index)
            || moves.is::<SwapHands>(index)
            || moves.is::<AcceptDrawFour>(index)
            || moves.is::<Challenge>(index)
        {
            Kind::Choice
        } else if moves.is::<CallUno>(index) || moves.is::<CatchUno>(index) {
            Kind::Side
        } else {
            Kind::Other
        }
    }
}

/// [`UnoRandomBot`]'s policy on a list of `len` moves whose kinds `kind` tells: the
/// index of its move. Under calling UNO the calls and catches (listed last) are chosen
/// uniformly among themselves and "play on"; playing on picks one of the choices
/// (listed first) uniformly, and without any the only other move (draw, or end the
/// turn).
#[inline]
fn random_index(
    len: usize,
    mut kind: impl FnMut(usize) -> Kind,
    rng: &mut GameRng,
) -> Option<usize> {
    let mut len = len;
    if len > 0 && kind(len - 1) == Kind::Side {
        let extra = (0..len)
            .rev()
            .take_while(|i| kind(*i) == Kind::Side)
            .count();
        let k = rng.index(extra + 1);
        if k < extra {
            return Some(len - extra + k);
        }
        len -= extra;
    }
    let choices = (0..len).take_while(|i| kind(*i) == Kind::Choice).count();
    match choices {
        0 => (len > 0).then_some(0),
        _ => Some(rng.index(choices)),
    }
}

/// [`UnoRandomBot`]'s policy with the caller's RNG: the move from the legal actions
/// alone.
#[inline]
pub fn random_pick(legal: &[LegalAction], rng: &mut GameRng) -> Option<LegalAction> {
    let index = random_index(
        legal.len(),
        |i| legal.get(i).map_or(Kind::Other, Kind::of),
        rng,
    )?;
    legal.get(index).copied()
}

/// [`UnoRandomBot`]'s policy as the playout of the search bot of any game
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

impl decklet_bots::Bot for UnoRandomBot {
    fn name(&self) -> &str {
        "random"
    }

    /// The policy read off the listed moves' types: no move is decoded.
    fn choose(&mut self, _info: &InfoState, moves: &Moves) -> Option<usize> {
        let classes = &mut self.classes;
        random_index(moves.len(), |i| classes.at(moves, i), &mut self.rng)
    }

    /// No: it chooses from the listed moves alone.
    fn reads_info(&self) -> bool {
        false
    }

    fn reseed(&mut self, seed: u64) -> bool {
        self.rng = GameRng::seed_from(seed);
        true
    }

    fn acts_out_of_turn(&self) -> bool {
        true
    }

    /// Uniformly among the moves and letting play go on.
    fn choose_out_of_turn(&mut self, _info: &InfoState, moves: &Moves) -> Option<usize> {
        let legal = self.reading.read(moves);
        let pick = legal.get(self.rng.index(legal.len() + 1)).copied()?;
        self.reading.index_of(pick)
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
    reading: Reading,
}

impl HeuristicBot {
    /// A bot with its own seeded RNG for tie-breaks.
    pub fn new(seed: u64) -> Self {
        HeuristicBot {
            rng: GameRng::seed_from(seed),
            forget_uno: 0,
            reading: Reading::default(),
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
    /// Out of turn: a catch, a call, else a jump-in.
    pub(crate) fn out_of_turn(&mut self, legal: &[LegalAction]) -> Option<LegalAction> {
        if let Some(uno) = self.uno_move(legal) {
            return Some(uno);
        }
        legal
            .iter()
            .find(|a| matches!(a, LegalAction::Play(_)))
            .copied()
    }

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
/// How much [`HeuristicBot`] likes playing `card`: numbers by their value, action
/// cards more when the next player holds two cards or fewer (`threat`), a wild more
/// when it holds two or fewer itself (`my_cards`), a wild draw four least unless
/// threatened; a coloured card more for each card of its colour held (`counts`).
pub(crate) fn play_score(card: UnoCard, threat: bool, my_cards: usize, counts: &[usize; 4]) -> i64 {
    let mut score = match card.face {
        UnoFace::Number(n) => 10 + i64::from(n),
        UnoFace::Skip | UnoFace::Reverse | UnoFace::Draw2 => 20 + if threat { 40 } else { 0 },
        UnoFace::Wild => 5 + if my_cards <= 2 { 40 } else { 0 },
        UnoFace::WildDraw4 => 3 + if threat { 60 } else { 0 },
    };
    if let Some(color) = card.color {
        score += 3 * counts[color.index()] as i64;
    }
    score
}

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

impl decklet_bots::Bot for HeuristicBot {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, info: &InfoState, moves: &Moves) -> Option<usize> {
        choose_in_words(
            self,
            |b| &mut b.reading,
            moves,
            |b, legal| b.decide(info, legal),
        )
    }

    fn acts_out_of_turn(&self) -> bool {
        true
    }

    /// Its RNG afresh (it keeps how often it forgets to call UNO).
    fn reseed(&mut self, seed: u64) -> bool {
        self.rng = GameRng::seed_from(seed);
        true
    }

    /// Catches whoever it can, calls UNO (unless it forgets), and always jumps in: a
    /// card out of the hand for free.
    fn choose_out_of_turn(&mut self, _info: &InfoState, moves: &Moves) -> Option<usize> {
        choose_in_words(self, |b| &mut b.reading, moves, HeuristicBot::out_of_turn)
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
            let score = play_score(card, next_cards <= 2, my_cards, &counts);
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
