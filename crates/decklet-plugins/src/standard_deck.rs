//! [`StandardDeckPlugin`]: the 52-card French deck in a `deck` zone, shuffled at start.

use std::sync::OnceLock;

use decklet_core::{
    Action, ActionHandler, Card, CardTable, EngineError, Event, EventHandler, GameContext,
    GamePlugin, GameStarted, Zone, ZoneId,
};
use serde::{Deserialize, Serialize};

/// Kind of [`Shuffle`].
pub const SHUFFLE_ACTION: &str = "SHUFFLE";
/// Kind of [`DeckShuffled`].
pub const DECK_SHUFFLED: &str = "DECK_SHUFFLED";
/// The id of the standard deck's zone.
pub const STANDARD_DECK_ZONE_ID: &str = "deck";
/// The four suits, in creation order.
pub const SUITS: [&str; 4] = ["spade", "heart", "diamond", "club"];
/// The thirteen ranks, in creation order.
pub const RANKS: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

/// `SHUFFLE`: shuffle a zone (default [`STANDARD_DECK_ZONE_ID`]) with the game's RNG.
/// Anyone holding the engine may dispatch it, as in the reference system; a seat-facing
/// layer (the CLI's `play`, the environments, a server) admits only a seat's listed
/// moves, which never include it. Read from JSON, a zone the game does not have is
/// refused with the reference's message, `Cannot shuffle: zone <id> not found`.
///
/// ```
/// use decklet_core::{EngineConfig, Game, GameEngine, Player};
/// use decklet_plugins::{Shuffle, StandardDeckPlugin};
/// let game = Game::builder().plugin(StandardDeckPlugin).build()?;
/// let mut engine = GameEngine::new(&game, EngineConfig::default());
/// engine.create_game(vec![Player::new("p1", "Alice", 1)])?;
/// let deck = engine.state().zone_id("deck");
/// assert_eq!(engine.state().json_of(&Shuffle { zone_id: deck })?, serde_json::json!({"zoneId": "deck"}));
/// assert_eq!(serde_json::from_str::<Shuffle>("{}")?.zone_id, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Shuffle {
    /// The zone to shuffle; `None` means `deck`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub zone_id: Option<ZoneId>,
}

impl<'de> Deserialize<'de> for Shuffle {
    /// `{"zoneId"?: text}`; a zone the game does not have fails with the reference's
    /// message.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(rename_all = "camelCase")]
        struct ShuffleIn<'a> {
            #[serde(default, borrow)]
            zone_id: Option<std::borrow::Cow<'a, str>>,
        }
        let input = ShuffleIn::deserialize(deserializer)?;
        let Some(text) = input.zone_id else {
            return Ok(Shuffle { zone_id: None });
        };
        let named = serde::de::value::StrDeserializer::<serde::de::value::Error>::new(&text);
        match ZoneId::deserialize(named) {
            Ok(zone) => Ok(Shuffle {
                zone_id: Some(zone),
            }),
            Err(_) => Err(serde::de::Error::custom(format!(
                "Cannot shuffle: zone {} not found",
                decklet_core::echo(&text)
            ))),
        }
    }
}

impl Action for Shuffle {
    const KIND: &'static str = SHUFFLE_ACTION;
}

/// `DECK_SHUFFLED`: a zone was shuffled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeckShuffled {
    /// The zone.
    pub zone_id: ZoneId,
    /// Its card count.
    pub count: usize,
}
impl Event for DeckShuffled {
    const KIND: &'static str = DECK_SHUFFLED;
}

/// The card's colour: spades and clubs are black, hearts and diamonds red.
pub fn suit_color(suit: &str) -> &'static str {
    match suit {
        "heart" | "diamond" => "red",
        _ => "black",
    }
}

/// The suit's one-letter symbol: `S`, `H`, `D`, `C`.
pub fn suit_symbol(suit: &str) -> &'static str {
    match suit {
        "spade" => "S",
        "heart" => "H",
        "diamond" => "D",
        _ => "C",
    }
}

/// The card's value: A = 1, 2–10 as printed, J = 11, Q = 12, K = 13.
pub fn rank_value(rank: &str) -> i64 {
    match rank {
        "A" => 1,
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        n => n.parse().unwrap_or(0),
    }
}

/// The card id `std-<suit>-<rank>`, e.g. `std-spade-A`.
pub fn standard_card_id(suit: &str, rank: &str) -> String {
    format!("std-{suit}-{rank}")
}

/// One standard card, with every field of the original TypeScript deck.
///
/// ```
/// let ace = decklet_plugins::standard_card("spade", "A");
/// assert_eq!(ace.id.as_str(), "std-spade-A");
/// assert_eq!(ace.value, Some(1));
/// assert_eq!(ace.tags, ["black", "spade"]);
/// assert_eq!(ace.data["symbol"], "S");
/// ```
pub fn standard_card(suit: &str, rank: &str) -> Card {
    let color = suit_color(suit);
    Card::new(standard_card_id(suit, rank), "standard")
        .with_suit(suit)
        .with_rank(rank)
        .with_value(rank_value(rank))
        .with_tags([color, suit])
        .with_data(serde_json::json!({
            "symbol": suit_symbol(suit),
            "color": color,
            "rank": rank,
            "suit": suit,
        }))
}

/// The 52 cards in creation order (suits, then ranks), shared by every game.
pub fn standard_deck() -> &'static CardTable {
    static DECK: OnceLock<CardTable> = OnceLock::new();
    DECK.get_or_init(|| {
        let cards = SUITS
            .iter()
            .flat_map(|suit| RANKS.iter().map(move |rank| standard_card(suit, rank)))
            .collect();
        // 52 distinct ids: the table cannot refuse them
        CardTable::new(cards).unwrap_or_default()
    })
}

fn setup(ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let zone = match ctx.state().zone_id(STANDARD_DECK_ZONE_ID) {
        Some(zone) => zone,
        None => ctx.add_zone(Zone::new(STANDARD_DECK_ZONE_ID, "deck"))?,
    };
    let table = standard_deck();
    if ctx.state().cards().is_empty() {
        ctx.add_cards(table)?;
        let cards: Vec<_> = ctx.state().cards().ids().collect();
        return ctx.place_cards(zone, &cards);
    }
    for card in table.iter() {
        if ctx.state().card_id(&card.id).is_none() {
            let id = ctx.add_card(card.clone())?;
            ctx.place_card(id, zone)?;
        }
    }
    Ok(())
}

fn shuffle(action: &Shuffle, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let state = ctx.state();
    let Some(zone) = action
        .zone_id
        .or_else(|| state.zone_id(STANDARD_DECK_ZONE_ID))
        .filter(|zone| state.zone(*zone).is_some())
    else {
        let name = action.zone_id.map_or_else(
            || STANDARD_DECK_ZONE_ID.to_string(),
            |z| state.id_text(z).into_owned(),
        );
        return Err(EngineError::action_failed(
            SHUFFLE_ACTION,
            format!("Cannot shuffle: zone {name} not found"),
        ));
    };
    let count = ctx.shuffle_zone(zone)?;
    ctx.emit(DeckShuffled {
        zone_id: zone,
        count,
    });
    Ok(())
}

fn game_started(_event: &GameStarted, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let zone_id = ctx.state().zone_id(STANDARD_DECK_ZONE_ID);
    ctx.dispatch(Shuffle { zone_id });
    Ok(())
}

/// The standard 52-card deck (as the reference system defines it).
///
/// Setup creates the `deck` zone and the 52 cards `std-<suit>-<rank>`, skipping what
/// exists (idempotent). `SHUFFLE` shuffles a zone (default `deck`) and emits
/// `DECK_SHUFFLED { zoneId, count }`; a missing zone fails with
/// `Cannot shuffle: zone <id> not found`. On `GAME_STARTED` it dispatches `SHUFFLE`
/// through the action queue, so the deck is shuffled before any draw.
#[derive(Clone, Copy, Debug, Default)]
pub struct StandardDeckPlugin;

impl GamePlugin for StandardDeckPlugin {
    fn id(&self) -> &'static str {
        "standard-deck"
    }
    fn name(&self) -> &'static str {
        "Standard 52-card Deck"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    /// None: the games built on it list their own.
    fn lists_moves(&self) -> bool {
        false
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        setup(ctx)
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<Shuffle>(shuffle)]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new::<GameStarted>(game_started)]
    }
}
