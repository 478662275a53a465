//! [`Game`]: the plugins of a game and what they registered, built once and shared.
//!
//! A game is what does not change while it is played: the plugins, in order, and the
//! registry compiled from them (every kind's rules, handler and event handlers). It is
//! checked once, when it is built ([`GameBuilder::build`]), and then shared behind an
//! `Arc` by every engine made from it ([`GameEngine::new`](crate::GameEngine::new)):
//! matches, forks, replays, determinized worlds, a vector environment's lanes. An
//! engine holds the rest: a state, its log, its subscribers. What the plugins declare
//! about the game ([`GameData`]) is built with it.

use std::sync::{Arc, LazyLock};

use crate::data::GameData;
use crate::error::EngineError;
use crate::ids::PlayerId;
use crate::kind_table::Kinds;
use crate::log::PluginInfo;
use crate::moves::Moves;
use crate::plugin::GamePlugin;
use crate::registry::Registry;
use crate::state::GameState;

/// A game: its plugins, in registration order, and their compiled registry. Built once
/// with [`Game::builder`]; immutable; shared by every engine that plays it.
///
/// ```
/// use decklet_core::*;
/// use std::sync::Arc;
///
/// struct Table;
/// impl GamePlugin for Table {
///     fn id(&self) -> &'static str { "table" }
///     fn name(&self) -> &'static str { "Table" }
///     fn version(&self) -> &'static str { "1.0.0" }
/// }
///
/// let game = Game::builder().plugin(Table).build()?;
/// // a thousand matches, one registry
/// let engines: Vec<GameEngine> = (0..1000)
///     .map(|seed| GameEngine::new(&game, EngineConfig { seed, ..Default::default() }))
///     .collect();
/// assert!(engines.iter().all(|e| Arc::ptr_eq(e.game(), &game)));
/// assert_eq!(game.plugins()[0].id, "table");
///
/// // every registration error is the builder's
/// let twice = Game::builder().plugin(Table).plugin(Table).build();
/// assert!(matches!(twice, Err(EngineError::DuplicatePlugin { .. })));
/// # Ok::<(), EngineError>(())
/// ```
pub struct Game {
    plugins: Vec<Arc<dyn GamePlugin>>,
    infos: Vec<PluginInfo>,
    /// What the plugins declared, shared with every match's tables.
    data: Arc<GameData>,
    /// The registry's kinds, shared with the engines that add no subscriber kind.
    kinds: Arc<Kinds>,
    /// The plugins that list moves ([`GamePlugin::lists_moves`]), in order.
    listing: Vec<Arc<dyn GamePlugin>>,
    /// The game string it was built as, if any (recorded in its logs).
    string: Option<String>,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("string", &self.string)
            .field("plugins", &self.infos)
            .finish_non_exhaustive()
    }
}

/// Collects a game's plugins in order; [`build`](Self::build) checks and compiles them.
#[derive(Default)]
pub struct GameBuilder {
    plugins: Vec<Arc<dyn GamePlugin>>,
    string: Option<String>,
}

impl GameBuilder {
    /// Adds a plugin after the ones before it.
    pub fn plugin(self, plugin: impl GamePlugin) -> Self {
        self.shared(Arc::new(plugin))
    }

    /// Adds a plugin that is already shared (one of a list built at run time).
    pub fn shared(mut self, plugin: Arc<dyn GamePlugin>) -> Self {
        self.plugins.push(plugin);
        self
    }

    /// Names the game with its parameters ([`GameString`](crate::GameString), written
    /// canonically): its logs record it, and a replay refuses a log of another game
    /// string. A game's crate names the games it builds, so that a log says which
    /// game, options included, it was played under.
    pub fn string(mut self, game: &crate::GameString) -> Self {
        self.string = Some(game.to_string());
        self
    }

    /// Checks the plugins (unique ids, requirements and the rules they change
    /// registered earlier, one handler per action kind, one type per kind string) and
    /// compiles what they register: every registration error is found here.
    pub fn build(self) -> Result<Arc<Game>, EngineError> {
        let Registry { plugins, kinds } = Registry::build(&self.plugins)?;
        let mut data = GameData::default();
        for plugin in &self.plugins {
            plugin.declare(&mut data);
        }
        let listing = (self.plugins.iter())
            .filter(|p| p.lists_moves())
            .cloned()
            .collect();
        Ok(Arc::new(Game {
            listing,
            plugins: self.plugins,
            infos: plugins,
            data: Arc::new(data),
            kinds: Arc::new(kinds),
            string: self.string,
        }))
    }
}

impl Game {
    /// A builder with no plugin yet.
    pub fn builder() -> GameBuilder {
        GameBuilder::default()
    }

    /// The game of no plugin (what [`GameEngine::default`](crate::GameEngine) plays),
    /// built once per process.
    pub(crate) fn empty() -> &'static Arc<Game> {
        static EMPTY: LazyLock<Arc<Game>> = LazyLock::new(|| {
            Arc::new(Game {
                plugins: Vec::new(),
                infos: Vec::new(),
                data: Arc::default(),
                kinds: Arc::default(),
                listing: Vec::new(),
                string: None,
            })
        });
        &EMPTY
    }

    /// The game string it was built as ([`GameBuilder::string`]), canonical.
    pub fn string(&self) -> Option<&str> {
        self.string.as_deref()
    }

    /// The plugins' ids and versions, in registration order (what logs record).
    pub fn plugins(&self) -> &[PluginInfo] {
        &self.infos
    }

    /// What the plugins declared ([`GamePlugin::declare`]), in registration order.
    pub fn data(&self) -> &GameData {
        &self.data
    }

    /// The shared declarations, for a match's tables.
    pub(crate) fn shared_data(&self) -> &Arc<GameData> {
        &self.data
    }

    /// The plugins themselves, in order.
    pub(crate) fn plugin_list(&self) -> &[Arc<dyn GamePlugin>] {
        &self.plugins
    }

    /// The registry's kinds.
    pub(crate) fn kinds(&self) -> &Arc<Kinds> {
        &self.kinds
    }

    /// The external actions `seat` may take in `state` now, composed over the plugins
    /// in registration order ([`GamePlugin::moves`]): what a bot chooses from. `moves`
    /// is emptied first (pass the same vector each time: it keeps its room).
    ///
    /// ```
    /// # use decklet_core::*;
    /// let game = Game::builder().build()?;
    /// let mut engine = GameEngine::new(&game, EngineConfig::default());
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// let p1 = engine.state().player_id("p1").ok_or(EngineError::NoGame)?;
    /// let mut moves = decklet_core::Moves::new();
    /// game.legal_moves(engine.state(), p1, &mut moves);
    /// assert!(moves.is_empty()); // no plugin, no move
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn legal_moves(&self, state: &GameState, seat: PlayerId, moves: &mut Moves) {
        moves.clear();
        moves.use_kinds(&self.kinds);
        for plugin in &self.listing {
            plugin.moves(state, seat, moves);
        }
    }

    /// Whether, in `state`, a seat other than the one to move may have moves: some
    /// plugin says so ([`GamePlugin::moves_out_of_turn`]). Where none does, only the
    /// player to move is asked for a move.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let game = Game::builder().build()?;
    /// let mut engine = GameEngine::new(&game, EngineConfig::default());
    /// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
    /// assert!(!game.moves_out_of_turn(engine.state()));
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn moves_out_of_turn(&self, state: &GameState) -> bool {
        self.plugins.iter().any(|p| p.moves_out_of_turn(state))
    }

    /// The ids of the rules an action kind runs, in order, after every plugin's
    /// replacements and wrappers; `None` for a kind no plugin handles.
    ///
    /// ```
    /// # use decklet_core::*;
    /// let game = Game::builder().build()?;
    /// assert_eq!(game.rule_ids("PLAY_CARD"), None);
    /// # Ok::<(), EngineError>(())
    /// ```
    pub fn rule_ids(&self, kind: &str) -> Option<Vec<String>> {
        let k = self.kinds.action_named(kind)?;
        Some(self.kinds.action_ops(k)?.rule_ids())
    }
}
