//! The game of UNO ([`uno_game`]), its matches ([`new_uno_engine`],
//! [`restart_uno_game`]) and what a simulation counts of a game ([`GameCounter`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use decklet_bots::{Bot, GameReport, play_game_with};
use decklet_core::{
    EngineConfig, EngineError, Game, GameBuilder, GameEngine, GameState, Moves, PlayCard, Player,
    PlayerId, SubscriptionId,
};
use decklet_plugins::{DeckReshuffled, DrawCard, DrawPlugin, EndTurn, TurnPlugin};

use crate::events::{UnoDrawFour, UnoDrawTwo};
use crate::house::HouseRule;
use crate::plugin::UnoPlugin;

/// The game of UNO with these house rules: Turn, Draw, UNO, then the house rules'
/// plugins in [`HouseRule::ALL`]'s order (whatever order they are given in, and each
/// once), so that one set of rules always makes one game. Of rules that cannot be
/// played together ([`HouseRule::check_combination`], which tells a user), the first in
/// that order is kept. Build it once and share it: every engine, fork, replay and
/// search of the game plays the same [`Game`]. It is named with its game string
/// ([`uno_game_string`](crate::uno_game_string)), which its logs record.
///
/// ```
/// use decklet_uno::{uno_game, HouseRule};
/// let game = uno_game(&[HouseRule::SevenZero, HouseRule::ForcedPlay])?;
/// let ids: Vec<&str> = game.plugins().iter().map(|p| p.id.as_str()).collect();
/// assert_eq!(ids, ["turn", "draw", "uno", "uno-forced-play", "uno-seven-zero"]);
/// assert_eq!(game.string(), Some("uno(house=forced-play+seven-zero)"));
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
pub fn uno_game(house: &[HouseRule]) -> Result<Arc<Game>, EngineError> {
    let (builder, chosen) = builder_with(house);
    builder.string(&crate::uno_game_string(&chosen)).build()
}

/// The plugins of [`uno_game`], not built yet: for a game that adds plugins of its own
/// after UNO's (a house rule written outside this crate, a test's rigging).
///
/// ```
/// use decklet_core::GamePlugin;
/// use decklet_uno::{uno_builder, HouseRule};
/// struct Mine;
/// impl GamePlugin for Mine {
///     fn id(&self) -> &'static str { "mine" }
///     fn name(&self) -> &'static str { "Mine" }
///     fn version(&self) -> &'static str { "1.0.0" }
///     fn requires(&self) -> &'static [&'static str] { &["uno"] }
/// }
/// let game = uno_builder(&[HouseRule::SevenZero]).plugin(Mine).build()?;
/// assert_eq!(game.plugins().last().map(|p| p.id.as_str()), Some("mine"));
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
pub fn uno_builder(house: &[HouseRule]) -> GameBuilder {
    builder_with(house).0
}

/// UNO's plugins with the rules of `house` that go together (the first of two that do
/// not), and those rules.
fn builder_with(house: &[HouseRule]) -> (GameBuilder, Vec<HouseRule>) {
    let mut game = Game::builder()
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(UnoPlugin);
    let mut chosen: Vec<HouseRule> = Vec::new();
    for rule in HouseRule::ALL {
        let mut with = chosen.clone();
        with.push(rule);
        if house.contains(&rule) && HouseRule::check_combination(&with).is_ok() {
            chosen = with;
            game = game.shared(rule.plugin());
        }
    }
    (game, chosen)
}

/// The game id of the games [`new_uno_engine`] and [`restart_uno_game`] create. Every
/// player sees the game id, so it says nothing about the seed: a seed, or anything
/// derived from it, would let a player rebuild every hand and the deck's order.
pub const UNO_GAME_ID: &str = "uno";

/// An engine of `game` (see [`uno_game`]) with a match of `players` default players
/// created with `seed` (game id [`UNO_GAME_ID`]) and started.
///
/// ```
/// use decklet_uno::{new_uno_engine, uno_game, HouseRule};
/// let game = uno_game(&[HouseRule::ForcedPlay])?;
/// let engine = new_uno_engine(&game, 7, 3)?;
/// let log = engine.log();
/// let ids: Vec<&str> = log.plugins.iter().map(|p| p.id.as_str()).collect();
/// assert_eq!(ids, ["turn", "draw", "uno", "uno-forced-play"]);
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
pub fn new_uno_engine(
    game: &Arc<Game>,
    seed: u64,
    players: usize,
) -> Result<GameEngine, EngineError> {
    let mut engine = GameEngine::new(game, EngineConfig::default());
    restart_uno_game(&mut engine, seed, players)?;
    Ok(engine)
}

/// Starts a new game on an engine that already has the UNO plugins: what a simulation
/// does to play many games without building an engine for each.
pub fn restart_uno_game(
    engine: &mut GameEngine,
    seed: u64,
    players: usize,
) -> Result<(), EngineError> {
    engine.set_config(EngineConfig {
        game_id: UNO_GAME_ID.to_string(),
        ..engine.config().clone()
    });
    engine.deal(seed, Player::numbered(players))
}

/// What `decklet simulate` counts of a game of UNO, the way the reference no-engine
/// loop counts (a play, a draw, a pass and each forced draw are one action each; a
/// turn ends with a play or a pass), so that games compare one to one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GameCounts {
    /// Plays + draws + passes + forced draws.
    pub actions: u64,
    /// Plays + passes.
    pub turns: u64,
    /// Moves dispatched to the engine (plays, colour choices, draws, end turns, …).
    pub dispatched: u64,
    /// Cards drawn, deal included.
    pub cards_drawn: u64,
    /// Times the discard pile was shuffled back into the deck.
    pub reshuffles: u64,
}

/// The rare events a [`GameCounter`] listens to, shared with its subscriptions. The
/// common ones are counted from the moves, so they need not be stored (see
/// [`EngineConfig::collect_events`]).
#[derive(Debug, Default)]
struct EventCounts {
    reshuffles: AtomicU64,
    forced_draws: AtomicU64,
}

/// Counts games of UNO played one after another on one engine: attached once (it
/// subscribes to the few events it needs), told each move as the game loop of any game
/// shows it (`decklet_bots::play_game_with`), started afresh after each new deal and
/// read at each game's end.
///
/// ```
/// use decklet_bots::{Bot, play_game_with};
/// use decklet_uno::{GameCounter, UnoRandomBot, restart_uno_game, new_uno_engine, uno_game};
/// let game = uno_game(&[])?;
/// let mut engine = new_uno_engine(&game, 1, 4)?;
/// let mut counter = GameCounter::attach(&mut engine);
/// for seed in 1..=3 {
///     restart_uno_game(&mut engine, seed, 4)?;
///     counter.begin();
///     let mut bots: Vec<Box<dyn Bot>> =
///         (0..4).map(|seat| Box::new(UnoRandomBot::new(seed * 10 + seat)) as Box<dyn Bot>).collect();
///     let report = play_game_with(&mut engine, &mut bots, 10_000, &mut |_, moves, pick| {
///         counter.count_move(moves, pick)
///     })?;
///     let counts = counter.finish(engine.state());
///     assert_eq!(counts.dispatched, report.moves);
///     assert!(counts.turns <= counts.actions && counts.cards_drawn >= 28);
/// }
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
#[derive(Debug)]
pub struct GameCounter {
    events: Arc<EventCounts>,
    subscriptions: [SubscriptionId; 3],
    counts: GameCounts,
    plays: u64,
}

impl GameCounter {
    /// A counter of the games played on `engine` (one of UNO's game).
    pub fn attach(engine: &mut GameEngine) -> GameCounter {
        let events = Arc::new(EventCounts::default());
        let (a, b, c) = (
            Arc::clone(&events),
            Arc::clone(&events),
            Arc::clone(&events),
        );
        let subscriptions = [
            engine.subscribe(move |_: &DeckReshuffled| {
                a.reshuffles.fetch_add(1, Ordering::Relaxed);
            }),
            engine.subscribe(move |_: &UnoDrawTwo| {
                b.forced_draws.fetch_add(1, Ordering::Relaxed);
            }),
            engine.subscribe(move |_: &UnoDrawFour| {
                c.forced_draws.fetch_add(1, Ordering::Relaxed);
            }),
        ];
        GameCounter {
            events,
            subscriptions,
            counts: GameCounts::default(),
            plays: 0,
        }
    }

    /// Stops listening to `engine` (the one it was attached to).
    pub fn detach(self, engine: &mut GameEngine) {
        for subscription in self.subscriptions {
            engine.unsubscribe(subscription);
        }
    }

    /// Zero again: a new game has been dealt (what its deal did is not counted).
    pub fn begin(&mut self) {
        self.events.reshuffles.store(0, Ordering::Relaxed);
        self.events.forced_draws.store(0, Ordering::Relaxed);
        self.counts = GameCounts::default();
        self.plays = 0;
    }

    /// Counts the move at `index` of `moves`, about to be made (told by its type: a
    /// play, ending the turn, a draw; anything else is only dispatched).
    pub fn count_move(&mut self, moves: &Moves, index: usize) {
        let counts = &mut self.counts;
        counts.dispatched += 1;
        if moves.is::<PlayCard>(index) {
            counts.actions += 1;
            counts.turns += 1;
            self.plays += 1;
        } else if moves.is::<EndTurn>(index) {
            counts.actions += 1;
            counts.turns += 1;
        } else if moves.is::<DrawCard>(index) {
            counts.actions += 1;
        }
    }

    /// What the game counted, now that it is over (or capped): `state` is its end.
    pub fn finish(&self, state: &GameState) -> GameCounts {
        // cards only enter hands by drawing (the deal included) and only leave them by
        // being played: drawn = in hands now + played
        let in_hands: u64 = state.players().map(|p| state.hand(p).len() as u64).sum();
        GameCounts {
            cards_drawn: in_hands + self.plays,
            reshuffles: self.events.reshuffles.load(Ordering::Relaxed),
            actions: self.counts.actions + self.events.forced_draws.load(Ordering::Relaxed),
            ..self.counts
        }
    }
}

/// Plays a started game to its end with the game loop of any game
/// (`decklet_bots::play_game_with`) and counts it as `decklet simulate` does
/// ([`GameCounter`], attached for the game and detached after it).
///
/// ```
/// use decklet_bots::Bot;
/// use decklet_uno::{count_game, new_uno_engine, uno_game, UnoRandomBot};
/// let mut engine = new_uno_engine(&uno_game(&[])?, 7, 3)?;
/// let mut bots: Vec<Box<dyn Bot>> =
///     (0..3).map(|s| Box::new(UnoRandomBot::new(s)) as Box<dyn Bot>).collect();
/// let (report, counts) = count_game(&mut engine, &mut bots, 10_000)?;
/// assert_eq!(counts.dispatched, report.moves);
/// assert!(!report.capped && counts.turns <= counts.actions);
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
pub fn count_game(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn Bot>],
    max_moves: u64,
) -> Result<(GameReport, GameCounts), EngineError> {
    let mut counter = GameCounter::attach(engine);
    counter.begin();
    let played = play_game_with(engine, bots, max_moves, &mut |_, moves, pick| {
        counter.count_move(moves, pick)
    });
    let counts = counter.finish(engine.state());
    counter.detach(engine);
    Ok((played?, counts))
}

/// The seats offered their moves out of turn, in the order they are asked: every player
/// but the current one, in seat order starting after the current player.
///
/// ```
/// use decklet_uno::{new_uno_engine, out_of_turn_order, uno_game};
/// let engine = new_uno_engine(&uno_game(&[])?, 1, 4)?;
/// let state = engine.state();
/// let order: Vec<String> = out_of_turn_order(state)
///     .into_iter()
///     .map(|p| state.id_text(p).into_owned())
///     .collect();
/// assert_eq!(order, ["p2", "p3", "p4"]); // p1 starts
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
pub fn out_of_turn_order(state: &GameState) -> Vec<PlayerId> {
    let order = state.seat_order();
    let Some(start) = state.current_player().and_then(|c| state.seat_index(c)) else {
        return Vec::new();
    };
    (1..order.len())
        .filter_map(|k| order.get((start + k) % order.len()).copied())
        .collect()
}
