//! UNO cards: [`UnoColor`], [`UnoFace`], the typed view [`UnoCard`] and the 108-card deck.

use std::fmt;
use std::str::FromStr;
use std::sync::OnceLock;

use decklet_core::{Card, CardTable, GameRng, GameState, SmolStr, Value, VarType};
use serde::{Deserialize, Serialize};

/// Card type of number cards.
pub const CARD_TYPE_NUMBER: &str = "number";
/// Card type of skips.
pub const CARD_TYPE_SKIP: &str = "skip";
/// Card type of reverses.
pub const CARD_TYPE_REVERSE: &str = "reverse";
/// Card type of draw twos.
pub const CARD_TYPE_DRAW2: &str = "draw2";
/// Card type of wilds.
pub const CARD_TYPE_WILD: &str = "wild";
/// Card type of wild draw fours.
pub const CARD_TYPE_WILD_DRAW4: &str = "wild_draw4";

/// One of the four UNO colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UnoColor {
    /// Red.
    Red,
    /// Yellow.
    Yellow,
    /// Green.
    Green,
    /// Blue.
    Blue,
}

impl UnoColor {
    /// The four colours in deck order.
    pub const ALL: [UnoColor; 4] = [
        UnoColor::Red,
        UnoColor::Yellow,
        UnoColor::Green,
        UnoColor::Blue,
    ];

    /// The colour's name: `red`, `yellow`, `green`, `blue`.
    pub const fn as_str(self) -> &'static str {
        match self {
            UnoColor::Red => "red",
            UnoColor::Yellow => "yellow",
            UnoColor::Green => "green",
            UnoColor::Blue => "blue",
        }
    }

    /// Index 0–3 in [`UnoColor::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for UnoColor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for UnoColor {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "red" => Ok(UnoColor::Red),
            "yellow" => Ok(UnoColor::Yellow),
            "green" => Ok(UnoColor::Green),
            "blue" => Ok(UnoColor::Blue),
            other => Err(format!(
                "`{other}` is not a colour: choose red, yellow, green or blue"
            )),
        }
    }
}

impl VarType for UnoColor {
    fn into_value(self) -> Value {
        Value::Str(SmolStr::new_static(self.as_str()))
    }
    /// Read on every playability check, so without the general parser: the four names
    /// have four lengths.
    fn from_value(value: &Value, _state: &GameState) -> Option<Self> {
        let Value::Str(text) = value else {
            return None;
        };
        let text = text.as_str();
        let color = match text.len() {
            3 => UnoColor::Red,
            6 => UnoColor::Yellow,
            5 => UnoColor::Green,
            4 => UnoColor::Blue,
            _ => return None,
        };
        // stored by `into_value`: the very same static text, found by its address
        let name = color.as_str();
        (std::ptr::eq(text, name) || text == name).then_some(color)
    }
}

/// What is printed on a card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnoFace {
    /// 0–9.
    Number(u8),
    /// Skip the next player.
    Skip,
    /// Reverse the direction.
    Reverse,
    /// Next player draws two and is skipped.
    Draw2,
    /// Choose the colour.
    Wild,
    /// Choose the colour; next player draws four and is skipped.
    WildDraw4,
}

impl UnoFace {
    /// The card `type` string: `number`, `skip`, `reverse`, `draw2`, `wild`, `wild_draw4`.
    pub const fn card_type(self) -> &'static str {
        match self {
            UnoFace::Number(_) => CARD_TYPE_NUMBER,
            UnoFace::Skip => CARD_TYPE_SKIP,
            UnoFace::Reverse => CARD_TYPE_REVERSE,
            UnoFace::Draw2 => CARD_TYPE_DRAW2,
            UnoFace::Wild => CARD_TYPE_WILD,
            UnoFace::WildDraw4 => CARD_TYPE_WILD_DRAW4,
        }
    }

    /// Whether this is a wild or a wild draw four.
    pub const fn is_wild(self) -> bool {
        matches!(self, UnoFace::Wild | UnoFace::WildDraw4)
    }

    /// Points the card scores for the winner in a classic scored game.
    pub const fn points(self) -> i64 {
        match self {
            UnoFace::Number(n) => n as i64,
            UnoFace::Skip | UnoFace::Reverse | UnoFace::Draw2 => 20,
            UnoFace::Wild | UnoFace::WildDraw4 => 50,
        }
    }
}

/// The typed view of an UNO card: its colour (none for wilds) and face.
///
/// ```
/// use decklet_uno::{UnoCard, UnoColor, UnoFace};
/// let red7 = UnoCard::new(Some(UnoColor::Red), UnoFace::Number(7));
/// assert!(red7.matches(UnoColor::Red, None));
/// assert!(red7.matches(UnoColor::Blue, Some(UnoFace::Number(7))));
/// assert!(!red7.matches(UnoColor::Blue, Some(UnoFace::Number(8))));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UnoCard {
    /// The colour; `None` for wild cards.
    pub color: Option<UnoColor>,
    /// The face.
    pub face: UnoFace,
}

impl UnoCard {
    /// A card view.
    pub const fn new(color: Option<UnoColor>, face: UnoFace) -> Self {
        UnoCard { color, face }
    }

    /// Reads the view from a card definition (`type`, `suit` = colour, `rank` = number).
    pub fn of(card: &Card) -> Option<UnoCard> {
        let face = match card.card_type.as_str() {
            CARD_TYPE_NUMBER => {
                let n = card
                    .rank
                    .as_deref()?
                    .parse::<u8>()
                    .ok()
                    .filter(|n| *n <= 9)?;
                UnoFace::Number(n)
            }
            CARD_TYPE_SKIP => UnoFace::Skip,
            CARD_TYPE_REVERSE => UnoFace::Reverse,
            CARD_TYPE_DRAW2 => UnoFace::Draw2,
            CARD_TYPE_WILD => return Some(UnoCard::new(None, UnoFace::Wild)),
            CARD_TYPE_WILD_DRAW4 => return Some(UnoCard::new(None, UnoFace::WildDraw4)),
            _ => return None,
        };
        let color = card.suit.as_deref()?.parse().ok()?;
        Some(UnoCard::new(Some(color), face))
    }

    /// Whether the card may go on a discard whose current colour is `color` and whose
    /// top face is `top_face` (`None` when the top is a wild: only colour counts then).
    /// Wild cards always match; the wild draw four's extra condition is separate
    /// ([`crate::rules`]).
    pub fn matches(self, color: UnoColor, top_face: Option<UnoFace>) -> bool {
        self.face.is_wild()
            || self.color == Some(color)
            || Some(self.face) == top_face.filter(|f| !f.is_wild())
    }

    /// The card definition for this view, with the given id.
    pub fn to_card(self, id: impl AsRef<str>) -> Card {
        let card = Card::new(id, self.face.card_type()).with_value(self.face.points());
        let card = match self.face {
            UnoFace::Number(n) => card.with_rank(n.to_string()),
            _ => card,
        };
        match self.color {
            Some(color) => card
                .with_suit(color.as_str())
                .with_tags([color.as_str()])
                .with_data(serde_json::json!({"color": color.as_str(), "face": self.face_label()})),
            None => card
                .with_tags(["wild"])
                .with_data(serde_json::json!({"color": null, "face": self.face_label()})),
        }
    }

    /// A short label: `7`, `skip`, `reverse`, `draw2`, `wild`, `wild_draw4`.
    pub fn face_label(self) -> String {
        match self.face {
            UnoFace::Number(n) => n.to_string(),
            other => other.card_type().to_string(),
        }
    }
}

impl fmt::Display for UnoCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.color, self.face) {
            (Some(color), UnoFace::Number(n)) => write!(f, "{color} {n}"),
            (Some(color), face) => write!(f, "{color} {}", face.card_type()),
            (None, UnoFace::WildDraw4) => f.write_str("wild draw four"),
            (None, _) => f.write_str("wild"),
        }
    }
}

/// The 108 card definitions, in a fixed order: per colour (red, yellow, green, blue) one
/// 0, two each of 1–9, skip, reverse and draw2; then 4 wilds and 4 wild draw fours.
///
/// Ids: `uno-<colour>-<face>-<copy>` (e.g. `uno-red-7-2`, `uno-blue-skip-1`) and
/// `uno-wild-<copy>`, `uno-wild_draw4-<copy>`.
///
/// ```
/// let deck = decklet_uno::create_uno_deck();
/// assert_eq!(deck.len(), 108);
/// assert_eq!(deck[0].id.as_str(), "uno-red-0-1");
/// assert_eq!(deck.iter().filter(|c| c.card_type == "wild_draw4").count(), 4);
/// ```
pub fn create_uno_deck() -> Vec<Card> {
    let mut deck = Vec::with_capacity(108);
    for color in UnoColor::ALL {
        for face in
            (0..=9)
                .map(UnoFace::Number)
                .chain([UnoFace::Skip, UnoFace::Reverse, UnoFace::Draw2])
        {
            let copies = if face == UnoFace::Number(0) { 1 } else { 2 };
            let view = UnoCard::new(Some(color), face);
            for copy in 1..=copies {
                deck.push(view.to_card(format!("uno-{color}-{}-{copy}", view.face_label())));
            }
        }
    }
    for face in [UnoFace::Wild, UnoFace::WildDraw4] {
        for copy in 1..=4 {
            deck.push(UnoCard::new(None, face).to_card(format!("uno-{}-{copy}", face.card_type())));
        }
    }
    deck
}

/// The 108 cards shuffled with the game's RNG (the original TypeScript API's `createShuffledUnoDeck`).
pub fn create_shuffled_uno_deck(rng: &mut GameRng) -> Vec<Card> {
    let mut deck = create_uno_deck();
    rng.shuffle_in_place(&mut deck);
    deck
}

/// The 108 definitions as a shared card table (built once per process, like a
/// constant): every UNO game shares it.
pub fn uno_card_table() -> &'static CardTable {
    static TABLE: OnceLock<CardTable> = OnceLock::new();
    // 108 distinct ids: the table cannot refuse them
    TABLE.get_or_init(|| CardTable::new(create_uno_deck()).unwrap_or_default())
}
