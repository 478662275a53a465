//! [`GameString`]: a game named with its parameters, `name(key=value,…)`, as OpenSpiel
//! writes one (`crazy_eights(max_draw_cards=3,reshuffle=true)`). A game built from one
//! carries it ([`GameBuilder::string`](crate::GameBuilder::string)) and every log of
//! it records it, so that a log says which game, options included, it was played
//! under. The string's values are text here; each game reads its own parameters
//! (numbers, switches, lists) and refuses the ones it does not know.

use std::fmt;
use std::str::FromStr;

/// The longest game string read, in bytes.
pub const MAX_GAME_STRING_BYTES: usize = 1024;

/// A game's name and its parameters, in the order given.
///
/// ```
/// use decklet_core::GameString;
///
/// let game: GameString = "crazy_eights(reshuffle=true, max_draw_cards=3)".parse()?;
/// assert_eq!(game.name, "crazy_eights");
/// assert_eq!(game.get("max_draw_cards"), Some("3"));
/// // written canonically: no spaces, the parameters by name
/// assert_eq!(game.to_string(), "crazy_eights(max_draw_cards=3,reshuffle=true)");
/// assert_eq!("uno".parse::<GameString>()?.to_string(), "uno");
/// assert!("uno(rules)".parse::<GameString>().is_err());
/// # Ok::<(), decklet_core::GameStringError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameString {
    /// The game's name: ASCII letters, digits, `_` and `-`.
    pub name: String,
    /// Its parameters, each once.
    pub params: Vec<(String, String)>,
}

/// Why a text is not a game string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameStringError {
    /// Longer than [`MAX_GAME_STRING_BYTES`].
    #[error("a game string is at most {MAX_GAME_STRING_BYTES} bytes, not {0}")]
    TooLong(usize),
    /// The name is empty or holds another character than a letter, digit, `_` or `-`.
    #[error("`{0}` is not a game's name (letters, digits, `_` and `-`)")]
    BadName(String),
    /// Something else than `(key=value,…)` follows the name.
    #[error("after the game's name comes `(key=value,…)`, not `{0}`")]
    BadParams(String),
    /// A parameter is not `key=value`, or its key or value is not allowed.
    #[error(
        "`{0}` is not a parameter `key=value` (a key of letters, digits and `_`; a value without `,()=`)"
    )]
    BadParam(String),
    /// A parameter is given twice.
    #[error("the parameter `{0}` is given twice")]
    Duplicate(String),
}

fn is_name(text: &str) -> bool {
    !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

fn is_key(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

fn is_value(text: &str) -> bool {
    !text.is_empty()
        && !text
            .chars()
            .any(|c| matches!(c, ',' | '(' | ')' | '=') || c.is_control() || c.is_whitespace())
}

/// Quotes a piece of input in an error: at most 64 characters, printable.
fn shown(text: &str) -> String {
    crate::echo(text)
}

impl GameString {
    /// A game string of `name` with no parameter.
    pub fn new(name: impl Into<String>) -> GameString {
        GameString {
            name: name.into(),
            params: Vec::new(),
        }
    }

    /// Adds a parameter (a builder).
    pub fn with(mut self, key: impl Into<String>, value: impl ToString) -> GameString {
        self.params.push((key.into(), value.to_string()));
        self
    }

    /// The value of parameter `key`, if given.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

impl FromStr for GameString {
    type Err = GameStringError;

    fn from_str(text: &str) -> Result<GameString, GameStringError> {
        if text.len() > MAX_GAME_STRING_BYTES {
            return Err(GameStringError::TooLong(text.len()));
        }
        let text = text.trim();
        let (name, rest) = match text.find('(') {
            Some(open) => (&text[..open], &text[open..]),
            None => (text, ""),
        };
        let name = name.trim();
        if !is_name(name) {
            return Err(GameStringError::BadName(shown(name)));
        }
        let mut game = GameString::new(name);
        if rest.is_empty() {
            return Ok(game);
        }
        let inner = rest
            .strip_prefix('(')
            .and_then(|r| r.strip_suffix(')'))
            .ok_or_else(|| GameStringError::BadParams(shown(rest)))?;
        if inner.trim().is_empty() {
            return Ok(game);
        }
        for param in inner.split(',') {
            let (key, value) = param
                .split_once('=')
                .map(|(k, v)| (k.trim(), v.trim()))
                .filter(|(k, v)| is_key(k) && is_value(v))
                .ok_or_else(|| GameStringError::BadParam(shown(param.trim())))?;
            if game.get(key).is_some() {
                return Err(GameStringError::Duplicate(key.to_string()));
            }
            game.params.push((key.to_string(), value.to_string()));
        }
        Ok(game)
    }
}

impl fmt::Display for GameString {
    /// The canonical form: the name, then the parameters sorted by key, no spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)?;
        if self.params.is_empty() {
            return Ok(());
        }
        let mut params: Vec<&(String, String)> = self.params.iter().collect();
        params.sort();
        f.write_str("(")?;
        for (i, (key, value)) in params.into_iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{key}={value}")?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<GameString, GameStringError> {
        text.parse()
    }

    #[test]
    fn a_game_string_reads_back_to_its_canonical_form() {
        for (text, canonical) in [
            ("uno", "uno"),
            ("  uno()  ", "uno"),
            (
                "uno(rules=official,house=stacking+jump-in)",
                "uno(house=stacking+jump-in,rules=official)",
            ),
            (
                "crazy_eights( reshuffle = true )",
                "crazy_eights(reshuffle=true)",
            ),
            ("my-game(a_b=-3)", "my-game(a_b=-3)"),
        ] {
            let game = parse(text).unwrap();
            assert_eq!(game.to_string(), canonical, "{text}");
            assert_eq!(parse(canonical).unwrap().to_string(), canonical);
        }
    }

    #[test]
    fn a_bad_game_string_says_what_is_wrong() {
        type Expected = fn(&GameStringError) -> bool;
        let cases: [(&str, Expected); 9] = [
            ("", |e| matches!(e, GameStringError::BadName(_))),
            ("un o", |e| matches!(e, GameStringError::BadName(_))),
            ("(a=1)", |e| matches!(e, GameStringError::BadName(_))),
            ("uno(a=1", |e| matches!(e, GameStringError::BadParams(_))),
            ("uno(a=1)x", |e| matches!(e, GameStringError::BadParams(_))),
            ("uno(a)", |e| matches!(e, GameStringError::BadParam(_))),
            ("uno(a=1,,b=2)", |e| {
                matches!(e, GameStringError::BadParam(_))
            }),
            ("uno(a=(1))", |e| matches!(e, GameStringError::BadParam(_))),
            ("uno(a=1,a=2)", |e| {
                matches!(e, GameStringError::Duplicate(_))
            }),
        ];
        for (text, expected) in cases {
            let error = parse(text).unwrap_err();
            assert!(expected(&error), "{text}: {error:?}");
            assert!(!error.to_string().is_empty());
        }
        let long = format!("uno(a={})", "x".repeat(MAX_GAME_STRING_BYTES));
        assert!(matches!(parse(&long), Err(GameStringError::TooLong(_))));
    }
}
