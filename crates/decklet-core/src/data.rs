//! [`GameData`]: what plugins declare about a game when it is built.
//!
//! Configuration that changes how a game plays but not its state (which optional
//! rules are in play, the table of effects a house rule replaced) belongs to the
//! [`Game`](crate::Game), not to any match of it: each plugin declares its part in
//! [`GamePlugin::declare`](crate::GamePlugin::declare), in registration order, so a
//! later plugin may change what an earlier one declared. It is built once with the
//! game, shared by every match's state, and read by type with one hash lookup
//! ([`GameState::game_data`](crate::GameState::game_data),
//! [`InfoState::game_data`](crate::InfoState::game_data)). It is the plugins' to say:
//! two games of the same plugins with the same options declare the same data. A log
//! names the plugins, not their options; a game built with a game string
//! ([`GameBuilder::string`](crate::GameBuilder::string)) has its log carry the string,
//! options included, and a replay refuses a game of another string.

use std::any::{Any, TypeId};

use rustc_hash::FxHashMap;

/// Typed values the plugins declared, one per type.
///
/// ```
/// use decklet_core::*;
///
/// #[derive(Clone, Debug, PartialEq)]
/// struct Points { per_card: u32 }
///
/// struct Base;
/// impl GamePlugin for Base {
///     fn id(&self) -> &'static str { "base" }
///     fn name(&self) -> &'static str { "Base" }
///     fn version(&self) -> &'static str { "1.0.0" }
///     fn declare(&self, data: &mut GameData) { data.insert(Points { per_card: 1 }); }
/// }
/// struct Double;
/// impl GamePlugin for Double {
///     fn id(&self) -> &'static str { "double" }
///     fn name(&self) -> &'static str { "Double" }
///     fn version(&self) -> &'static str { "1.0.0" }
///     fn requires(&self) -> &'static [&'static str] { &["base"] }
///     fn declare(&self, data: &mut GameData) {
///         if let Some(points) = data.get_mut::<Points>() { points.per_card *= 2; }
///     }
/// }
///
/// let game = Game::builder().plugin(Base).plugin(Double).build()?;
/// assert_eq!(game.data().get::<Points>(), Some(&Points { per_card: 2 }));
/// let mut engine = GameEngine::new(&game, EngineConfig::default());
/// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
/// assert_eq!(engine.state().game_data::<Points>(), Some(&Points { per_card: 2 }));
/// // a state read from JSON belongs to no game until an engine adopts it
/// let read = GameState::from_json(&engine.state().to_json()?)?;
/// assert_eq!(read.game_data::<Points>(), None);
/// # Ok::<(), EngineError>(())
/// ```
#[derive(Default)]
pub struct GameData {
    values: FxHashMap<TypeId, Box<dyn Any + Send + Sync>>,
}

impl std::fmt::Debug for GameData {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameData")
            .field("values", &self.values.len())
            .finish()
    }
}

impl GameData {
    /// Declares `value`, replacing a value of its type.
    pub fn insert<T: Any + Send + Sync>(&mut self, value: T) {
        self.values.insert(TypeId::of::<T>(), Box::new(value));
    }

    /// The value of type `T`, if one was declared.
    #[inline]
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.values.get(&TypeId::of::<T>())?.downcast_ref()
    }

    /// The value of type `T`, to change while the game is built (a later plugin
    /// changing what an earlier one declared).
    pub fn get_mut<T: Any>(&mut self) -> Option<&mut T> {
        self.values.get_mut(&TypeId::of::<T>())?.downcast_mut()
    }

    /// How many values were declared.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether nothing was declared.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}
