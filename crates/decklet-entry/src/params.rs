//! A game string's parameters read against its game's list ([`ParamDef`]): every key
//! known, every value of its kind and in its range, and each value (or its default)
//! read from the one list that declares it.

use decklet_core::{GameString, echo};

use crate::def::{ParamDef, ParamKind};

/// Why a game string's parameters are not its game's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamError {
    /// The game has no such parameter.
    Unknown {
        /// The parameter asked for (escaped).
        param: String,
        /// The game's parameters, joined by `, `.
        known: String,
    },
    /// A parameter given twice (a string's parser refuses it; a string made in code
    /// may hold it).
    Twice {
        /// The parameter (escaped).
        param: String,
    },
    /// A parameter's value is not one it takes.
    BadValue {
        /// The parameter.
        param: &'static str,
        /// The value given (escaped).
        value: String,
        /// What it takes, in words ([`ParamKind::expected`]).
        expected: String,
    },
}

impl std::fmt::Display for ParamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamError::Unknown { param, known } => {
                write!(f, "no parameter `{param}` (it has {known})")
            }
            ParamError::Twice { param } => write!(f, "`{param}` is given twice"),
            ParamError::BadValue {
                param,
                value,
                expected,
            } => write!(f, "{param} is {expected}, not `{value}`"),
        }
    }
}

impl std::error::Error for ParamError {}

/// A game string's parameters, checked against a game's list: each read by its name,
/// the value given or the list's default.
///
/// ```
/// use decklet_core::GameString;
/// use decklet_entry::{ParamDef, ParamKind, Params};
///
/// const PARAMS: [ParamDef; 2] = [
///     ParamDef { name: "rounds", kind: ParamKind::Int { min: 1, max: 9 }, default: "3", about: "" },
///     ParamDef { name: "fast", kind: ParamKind::Bool, default: "false", about: "" },
/// ];
/// let game: GameString = "mine(fast=true)".parse().map_err(|e| format!("{e}"))?;
/// let params = Params::read(&PARAMS, &game)?;
/// assert_eq!((params.int("rounds"), params.flag("fast")), (3, true));
/// let bad: GameString = "mine(rounds=10)".parse().map_err(|e| format!("{e}"))?;
/// let error = Params::read(&PARAMS, &bad).unwrap_err();
/// assert_eq!(error.to_string(), "rounds is a whole number from 1 to 9, not `10`");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Params<'a> {
    defs: &'static [ParamDef],
    game: Option<&'a GameString>,
}

impl<'a> Params<'a> {
    /// Checks every parameter of `game` against `defs`: a key that is not one of
    /// them, or a value that is not of its kind, is refused with what is wrong.
    pub fn read(defs: &'static [ParamDef], game: &'a GameString) -> Result<Params<'a>, ParamError> {
        for (at, (key, value)) in game.params.iter().enumerate() {
            if game.params.iter().take(at).any(|(k, _)| k == key) {
                return Err(ParamError::Twice { param: echo(key) });
            }
            let Some(param) = defs.iter().find(|p| p.name == key) else {
                return Err(ParamError::Unknown {
                    param: echo(key),
                    known: defs.iter().map(|p| p.name).collect::<Vec<_>>().join(", "),
                });
            };
            if !param.kind.fits(value) {
                return Err(ParamError::BadValue {
                    param: param.name,
                    value: echo(value),
                    expected: param.kind.expected(),
                });
            }
        }
        Ok(Params {
            defs,
            game: Some(game),
        })
    }

    /// Every parameter of `defs` at its default (what a game string that gives none
    /// asks for).
    pub fn defaults(defs: &'static [ParamDef]) -> Params<'static> {
        Params { defs, game: None }
    }

    /// The text of parameter `name`: the value given, or its default (empty for a
    /// name that is not in the list).
    pub fn text(&self, name: &str) -> &'a str {
        match self.game.and_then(|game| game.get(name)) {
            Some(value) => value,
            None => self
                .defs
                .iter()
                .find(|p| p.name == name)
                .map_or("", |p| p.default),
        }
    }

    /// A `Bool` parameter: whether it is `true`.
    pub fn flag(&self, name: &str) -> bool {
        self.text(name) == "true"
    }

    /// An `Int` parameter (0 if its text is not a number: a list whose default is not
    /// of its kind).
    pub fn int(&self, name: &str) -> i64 {
        self.text(name).parse().unwrap_or(0)
    }

    /// A `Set` parameter's words, in the order given (none for an empty value).
    pub fn words(&self, name: &str) -> impl Iterator<Item = &'a str> + 'a {
        self.text(name).split('+').filter(|w| !w.is_empty())
    }
}

impl ParamKind {
    /// Whether `value` is one of this kind's.
    pub fn fits(self, value: &str) -> bool {
        match self {
            ParamKind::Int { min, max } => {
                value.parse::<i64>().is_ok_and(|n| (min..=max).contains(&n))
            }
            ParamKind::Bool => matches!(value, "true" | "false"),
            ParamKind::Choice(words) => words.contains(&value),
            ParamKind::Set(words) => {
                let mut seen: Vec<&str> = Vec::new();
                value.split('+').all(|w| {
                    let fresh = words.contains(&w) && !seen.contains(&w);
                    seen.push(w);
                    fresh
                })
            }
        }
    }

    /// What it takes, in words (`a whole number from 1 to 52`, `true or false`).
    pub fn expected(self) -> String {
        match self {
            ParamKind::Int { min, max } => format!("a whole number from {min} to {max}"),
            ParamKind::Bool => "true or false".to_string(),
            ParamKind::Choice(words) => format!("one of {}", words.join(", ")),
            ParamKind::Set(words) => format!("any of {}, joined by +", words.join(", ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PARAMS: [ParamDef; 2] = [
        ParamDef {
            name: "rules",
            kind: ParamKind::Choice(&["a", "b"]),
            default: "a",
            about: "",
        },
        ParamDef {
            name: "house",
            kind: ParamKind::Set(&["x", "y"]),
            default: "",
            about: "",
        },
    ];

    fn game(text: &str) -> GameString {
        text.parse().unwrap_or_else(|_| GameString::new("none"))
    }

    #[test]
    fn values_and_defaults_are_read_from_the_one_list() {
        let g = game("g(house=y+x)");
        let params = Params::read(&PARAMS, &g).map_err(|e| e.to_string());
        let params = params.as_ref().map_err(String::as_str);
        assert_eq!(params.map(|p| p.text("rules")), Ok("a"));
        assert_eq!(
            params.map(|p| p.words("house").collect::<Vec<_>>()),
            Ok(vec!["y", "x"])
        );
        let empty = game("g");
        let params = Params::read(&PARAMS, &empty).map(|p| p.words("house").count());
        assert_eq!(params, Ok(0));
    }

    #[test]
    fn a_stranger_s_keys_and_values_are_refused_escaped() {
        for (text, says) in [
            (
                "g(players=3)",
                "no parameter `players` (it has rules, house)",
            ),
            ("g(rules=c)", "rules is one of a, b, not `c`"),
            (
                "g(house=x+x)",
                "house is any of x, y, joined by +, not `x+x`",
            ),
            ("g(rules=\u{202e}a)", "not `\\u{202e}a`"),
        ] {
            let g = game(text);
            let error = Params::read(&PARAMS, &g)
                .map(|_| ())
                .unwrap_err()
                .to_string();
            assert!(error.contains(says), "{text}: {error}");
        }
        // a string made in code may give a key twice: refused, not read as either
        let twice = GameString::new("g").with("rules", "a").with("rules", "b");
        let error = Params::read(&PARAMS, &twice).map(|_| ()).unwrap_err();
        assert_eq!(error.to_string(), "`rules` is given twice");
    }
}
