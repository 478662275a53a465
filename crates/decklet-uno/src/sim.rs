//! The game of UNO ([`uno_game`]) and whole games played with bots: [`new_uno_engine`],
//! [`play_game`] and [`GameRunner`].

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock};

use decklet_core::{
    EngineConfig, EngineError, Game, GameBuilder, GameEngine, GameState, InfoState, Player,
    PlayerId, SubscriptionId,
};
use decklet_plugins::{DeckReshuffled, DrawPlugin, TurnPlugin};

use crate::bots::{Bot, show_move};
use crate::events::{UnoDrawFour, UnoDrawTwo};
use crate::house::HouseRule;
use crate::legal::{UnoMoveHooks, legal_actions_into};
use crate::legal_action::LegalAction;
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

/// Players `p1`…`pN` named `Player 1`… in seats 1…N.
///
/// ```
/// let players = decklet_uno::default_players(12);
/// let last = &players[11];
/// assert_eq!((last.id.as_str(), last.name.as_str(), last.seat), ("p12", "Player 12", 12));
/// assert_eq!((players[9].id.as_str(), players[9].name.as_str()), ("p10", "Player 10"));
/// ```
pub fn default_players(count: usize) -> Vec<Player> {
    (1..=count)
        .map(|i| match (ids::DEFAULT.get(i - 1), ids::NAMES.get(i - 1)) {
            (Some(id), Some(name)) => Player::new(id, *name, i as u32),
            _ => Player::new(format!("p{i}"), format!("Player {i}"), i as u32),
        })
        .collect()
}

/// The ids and names of the first ten default players (UNO seats at most ten): no
/// formatting for a game's roster.
mod ids {
    pub(super) const DEFAULT: [&str; 10] =
        ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10"];
    pub(super) const NAMES: [&str; 10] = [
        "Player 1",
        "Player 2",
        "Player 3",
        "Player 4",
        "Player 5",
        "Player 6",
        "Player 7",
        "Player 8",
        "Player 9",
        "Player 10",
    ];
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
    let config = EngineConfig {
        seed,
        game_id: UNO_GAME_ID.to_string(),
        ..engine.config().clone()
    };
    // the deal's events are not returned: collecting them would be work for nothing
    engine.set_config(EngineConfig {
        collect_events: false,
        ..config.clone()
    });
    let started = engine
        .create_game(default_players(players))
        .and_then(|_| engine.start());
    engine.set_config(config);
    started.map(|_| ())
}

/// What one game did. `actions` and `turns` count the way the reference no-engine loop
/// does (a play, a draw, a pass and each forced draw are one action each; a turn ends
/// with a play or a pass), so games compare one to one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameReport {
    /// The winner, if the game ended.
    pub winner: Option<PlayerId>,
    /// The winner's index in seat order.
    pub winner_seat: Option<usize>,
    /// Plays + draws + passes + forced draws.
    pub actions: u64,
    /// Plays + passes.
    pub turns: u64,
    /// Actions dispatched to the engine (plays, colour choices, draws, end turns).
    pub dispatched: u64,
    /// Cards drawn, deal included.
    pub cards_drawn: u64,
    /// Times the discard pile was shuffled back into the deck.
    pub reshuffles: u64,
    /// The game hit the dispatch cap before anyone won.
    pub capped: bool,
}

/// What [`play_game`] and [`GameRunner`] count from the events, shared with their
/// subscriptions. Only rare events are listened to, so the common ones are never
/// stored (see [`EngineConfig::collect_events`]); the cards drawn are counted from the
/// hands instead.
#[derive(Debug, Default)]
struct EventCounts {
    reshuffles: AtomicU64,
    forced_draws: AtomicU64,
}

impl EventCounts {
    /// Subscribes to the counted events; returns the subscriptions.
    fn subscribe(counts: &Arc<EventCounts>, engine: &mut GameEngine) -> [SubscriptionId; 3] {
        let (a, b, c) = (Arc::clone(counts), Arc::clone(counts), Arc::clone(counts));
        [
            engine.subscribe(move |_: &DeckReshuffled| {
                a.reshuffles.fetch_add(1, Ordering::Relaxed);
            }),
            engine.subscribe(move |_: &UnoDrawTwo| {
                b.forced_draws.fetch_add(1, Ordering::Relaxed);
            }),
            engine.subscribe(move |_: &UnoDrawFour| {
                c.forced_draws.fetch_add(1, Ordering::Relaxed);
            }),
        ]
    }

    /// Zero again, for the next game.
    fn reset(&self) {
        self.reshuffles.store(0, Ordering::Relaxed);
        self.forced_draws.store(0, Ordering::Relaxed);
    }
}

/// Plays a started game to the end: the current player's bot (`bots[i]` plays the i-th
/// player in seat order) chooses, the engine applies. Under a house rule with moves
/// out of turn (*jump-in*, calling UNO), before each move of the current player the other seats are
/// asked first, in seat order starting after the current player
/// ([`Bot::choose_out_of_turn`]); the first that acts makes its move. Stops after
/// `max_dispatches` (reported as `capped`). The game's events are not collected while
/// it plays (the report counts what it needs; subscribers still hear everything), and
/// the engine's settings are as they were afterwards. To play many games, a
/// [`GameRunner`] does the same without subscribing and unsubscribing its counts for
/// each.
pub fn play_game(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn Bot>],
    max_dispatches: u64,
) -> Result<GameReport, EngineError> {
    let counts = Arc::new(EventCounts::default());
    let subscriptions = EventCounts::subscribe(&counts, engine);
    let config = engine.config().clone();
    engine.set_config(EngineConfig {
        collect_events: false,
        ..config.clone()
    });
    let result = play_counted(engine, bots, max_dispatches, &counts);
    engine.set_config(config);
    for subscription in subscriptions {
        engine.unsubscribe(subscription);
    }
    result
}

/// An engine with UNO's plugins that plays game after game: each game is created afresh
/// on the same engine ([`restart_uno_game`]) and played as [`play_game`] plays it,
/// while the events a [`GameReport`] counts are listened to once for every game. What
/// `decklet simulate` and `decklet tournament` play with, one runner per thread.
///
/// ```
/// use decklet_uno::{Bot, BotKind, GameRunner, uno_game};
/// let game = uno_game(&[])?;
/// let mut runner = GameRunner::new(&game);
/// for seed in 1..=3 {
///     let mut bots: Vec<Box<dyn Bot>> =
///         (0..4).map(|seat| BotKind::Random.create(&game, seed * 10 + seat)).collect();
///     let report = runner.play(seed, &mut bots, 10_000)?;
///     assert!(report.winner.is_some());
///     assert_eq!(runner.engine().state().winners().first(), report.winner.as_ref());
/// }
/// # Ok::<(), decklet_core::EngineError>(())
/// ```
pub struct GameRunner {
    engine: GameEngine,
    counts: Arc<EventCounts>,
}

impl GameRunner {
    /// A runner of `game` (see [`uno_game`]), which collects no events; it holds no
    /// match until the first [`play`](Self::play).
    pub fn new(game: &Arc<Game>) -> GameRunner {
        let config = EngineConfig {
            collect_events: false,
            ..EngineConfig::default()
        };
        let mut engine = GameEngine::new(game, config);
        let counts = Arc::new(EventCounts::default());
        EventCounts::subscribe(&counts, &mut engine);
        GameRunner { engine, counts }
    }

    /// Creates the game of `seed` for as many default players as there are bots
    /// ([`restart_uno_game`]), and plays it to the end ([`play_game`]).
    pub fn play(
        &mut self,
        seed: u64,
        bots: &mut [Box<dyn Bot>],
        max_dispatches: u64,
    ) -> Result<GameReport, EngineError> {
        restart_uno_game(&mut self.engine, seed, bots.len())?;
        self.counts.reset();
        play_counted(&mut self.engine, bots, max_dispatches, &self.counts)
    }

    /// The engine, with the last game played (its state and log).
    pub fn engine(&self) -> &GameEngine {
        &self.engine
    }
}

/// [`play_game`], with `counts` listening (and zero).
fn play_counted(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn Bot>],
    max_dispatches: u64,
    counts: &EventCounts,
) -> Result<GameReport, EngineError> {
    let players = engine.state().player_count();
    if bots.len() != players {
        return Err(EngineError::InvalidState {
            message: format!("{} bots for {players} players", bots.len()),
        });
    }
    let mut report = GameReport::default();
    let plays = play_turns(engine, bots, max_dispatches, &mut report)?;
    // cards only enter hands by drawing (the deal included) and only leave them by
    // being played: drawn = in hands now + played
    let state = engine.state();
    let in_hands: u64 = state.players().map(|p| state.hand(p).len() as u64).sum();
    report.cards_drawn = in_hands + plays;
    report.reshuffles += counts.reshuffles.load(Ordering::Relaxed);
    report.actions += counts.forced_draws.load(Ordering::Relaxed);
    report.winner = state.winners().first().copied();
    report.winner_seat = report.winner.and_then(|w| state.seat_index(w));
    Ok(report)
}

/// The turns of [`play_game`]: bots choose, the engine applies, until a win or the cap.
/// Returns how many cards were played.
fn play_turns(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn Bot>],
    max_dispatches: u64,
    report: &mut GameReport,
) -> Result<u64, EngineError> {
    let mut plays = 0;
    let mut legal = Vec::new();
    // moves out of turn exist only under some rules: no cost otherwise
    let out_of_turn = UnoMoveHooks::of(engine.state()).acts_out_of_turn();
    let observing = bots.iter().any(|b| b.observes());
    let mut seats = Seats::new(engine.state(), bots, observing);
    while engine.state().winners().is_empty() {
        if report.dispatched >= max_dispatches {
            report.capped = true;
            return Ok(plays);
        }
        if out_of_turn
            && let Some(choice) =
                offer_out_of_turn(engine, bots, &mut seats, observing, &mut legal)?
        {
            report.dispatched += 1;
            if let LegalAction::Play(_) = choice {
                // a jump-in: a play and a turn
                report.actions += 1;
                report.turns += 1;
                plays += 1;
            }
            continue;
        }
        let state = engine.state();
        let Some(current) = state.current_player() else {
            return Err(EngineError::InvalidState {
                message: "no current player".into(),
            });
        };
        let seat = state.seat_index(current).unwrap_or(0);
        let Some(bot) = bots.get_mut(seat) else {
            return Err(EngineError::InvalidState {
                message: "no bot for the player".into(),
            });
        };
        legal_actions_into(state, current, &mut legal);
        let choice = match legal.is_empty() {
            true => None,
            false => bot.choose(seats.for_seat(state, seat), &legal),
        };
        let Some(choice) = choice else {
            return Err(EngineError::InvalidState {
                message: format!("{} has no legal action", state.id_text(current)),
            });
        };
        match choice {
            LegalAction::Play(_) | LegalAction::EndTurn => {
                report.actions += 1;
                report.turns += 1;
            }
            LegalAction::Draw => report.actions += 1,
            LegalAction::ChooseColor(_)
            | LegalAction::SwapHands(_)
            | LegalAction::AcceptDrawFour
            | LegalAction::Challenge
            | LegalAction::CallUno
            | LegalAction::CatchUno(_) => {}
        }
        if observing {
            show_move(seats.all().zip(bots.iter_mut()), state, current, choice);
        }
        choice.dispatch(engine, current)?;
        report.dispatched += 1;
        plays += u64::from(matches!(choice, LegalAction::Play(_)));
    }
    Ok(plays)
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

/// What each seat knows, in seat order (as the bots are): for a seat whose bot reads
/// it, made the first time the bot is asked (for every seat at the start, when some
/// bot follows the moves) and brought up to date each time it is handed over; for the
/// others, the empty one.
struct Seats {
    /// Whether the seat's bot reads its information state, and that state once made.
    slots: Vec<(bool, Option<InfoState>)>,
    empty: &'static InfoState,
}

/// What a bot that does not read its information state is handed.
static EMPTY: LazyLock<InfoState> = LazyLock::new(InfoState::default);

impl Seats {
    fn new(state: &GameState, bots: &[Box<dyn Bot>], observing: bool) -> Seats {
        let order = state.seat_order().iter();
        let slots = order
            .zip(bots)
            .map(|(p, bot)| (bot.reads_info(), observing.then(|| state.info_state(*p))))
            .collect();
        Seats {
            slots,
            empty: &EMPTY,
        }
    }

    /// What the bot in seat `seat` of `state` is handed.
    #[inline]
    fn for_seat(&mut self, state: &GameState, seat: usize) -> &InfoState {
        let (Some((true, slot)), Some(&player)) =
            (self.slots.get_mut(seat), state.seat_order().get(seat))
        else {
            return self.empty;
        };
        match slot {
            Some(info) => {
                info.refresh(state);
                info
            }
            None => slot.insert(state.info_state(player)),
        }
    }

    /// Every seat's information state made so far, in seat order.
    fn all(&mut self) -> impl Iterator<Item = &mut InfoState> {
        self.slots.iter_mut().filter_map(|(_, info)| info.as_mut())
    }
}

/// Offers the other seats their moves out of turn ([`out_of_turn_order`]); the first
/// bot that acts makes its move. Returns the move, or `None` when nobody acted.
fn offer_out_of_turn(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn Bot>],
    seats: &mut Seats,
    observing: bool,
    legal: &mut Vec<LegalAction>,
) -> Result<Option<LegalAction>, EngineError> {
    for player in out_of_turn_order(engine.state()) {
        let state = engine.state();
        legal_actions_into(state, player, legal);
        if legal.is_empty() {
            continue;
        }
        let Some(seat) = state.seat_index(player) else {
            continue;
        };
        let Some(bot) = bots.get_mut(seat) else {
            continue;
        };
        if let Some(choice) = bot.choose_out_of_turn(seats.for_seat(state, seat), legal) {
            if observing {
                show_move(seats.all().zip(bots.iter_mut()), state, player, choice);
            }
            choice.dispatch(engine, player)?;
            return Ok(Some(choice));
        }
    }
    Ok(None)
}
