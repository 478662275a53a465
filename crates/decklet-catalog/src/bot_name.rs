//! [`BotName`]: a bot as a tool names it, read once into what it is (a bot by its
//! name, a learnt policy, or a search guided by one), so that every policy it names is
//! known, and can be checked, before anything is made or opened.

use std::fmt;
use std::str::FromStr;

use decklet_core::echo;

use crate::catalog::CatalogError;

/// The longest bot name taken, in bytes.
pub const MAX_BOT_NAME_BYTES: usize = 256;

/// A bot, as named: `random`, `ismcts:300`, `heuristic:forget=0.2` (a bot by its name
/// and options), `policy:P` (a learnt policy) or `ismcts:300+policy:P` (a search
/// guided by one). `P` is what the catalogue's [`PolicySource`](crate::PolicySource)
/// answers to: a file's path on the command line, a name the operator gave on a server.
///
/// ```
/// use decklet_catalog::BotName;
/// let guided: BotName = "ismcts:50+policy:heads-up".parse()?;
/// assert_eq!(guided.policy(), Some("heads-up"));
/// assert_eq!(guided.to_string(), "ismcts:50+policy:heads-up");
/// // one policy a name: a policy's place is not a bot's
/// assert!("policy:/etc/passwd+policy:heads-up".parse::<BotName>().is_err());
/// # Ok::<(), decklet_catalog::CatalogError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BotName {
    /// A bot by its name and options: the game's own, `random`, `ismcts[:N]`.
    Named(String),
    /// `policy:P`: the learnt policy `P`, played as it is.
    Policy(String),
    /// `BASE+policy:P`: the search `BASE`, its root's moves weighed by policy `P`.
    Guided {
        /// The bot guided (a bot by its name: a search).
        base: String,
        /// The policy guiding it.
        policy: String,
    },
}

const POLICY: &str = "policy:";
const GUIDED: &str = "+policy:";

impl BotName {
    /// The policy the bot plays or is guided by, if any.
    pub fn policy(&self) -> Option<&str> {
        match self {
            BotName::Named(_) => None,
            BotName::Policy(policy) | BotName::Guided { policy, .. } => Some(policy),
        }
    }

    /// The bot without its policy: the name of the bot a guided search guides, the
    /// bot itself otherwise (`policy:P` for a policy).
    pub fn base(&self) -> &str {
        match self {
            BotName::Named(name) | BotName::Guided { base: name, .. } => name,
            BotName::Policy(_) => POLICY,
        }
    }
}

impl FromStr for BotName {
    type Err = CatalogError;

    fn from_str(text: &str) -> Result<BotName, CatalogError> {
        let refused = |reason: &str| CatalogError::BadBotName {
            name: echo(text),
            reason: reason.to_string(),
        };
        if text.len() > MAX_BOT_NAME_BYTES {
            return Err(refused("too long"));
        }
        let text = text.trim();
        if text.is_empty() {
            return Err(refused("a bot's name is empty"));
        }
        if text
            .chars()
            .any(|c| c.is_control() || decklet_core::is_invisible(c))
        {
            return Err(refused("it holds a control or invisible character"));
        }
        let policy_of = |policy: &str| match policy.is_empty() || policy.contains(POLICY) {
            true => Err(refused("a bot names one policy, after `policy:`")),
            false => Ok(policy.to_string()),
        };
        if let Some((base, policy)) = text.split_once(GUIDED) {
            if base.is_empty() || base.contains(POLICY) {
                return Err(refused(
                    "a policy guides a bot named before `+policy:` (a search: `ismcts:100+policy:P`)",
                ));
            }
            return Ok(BotName::Guided {
                base: base.to_string(),
                policy: policy_of(policy)?,
            });
        }
        if let Some(policy) = text.strip_prefix(POLICY) {
            return Ok(BotName::Policy(policy_of(policy)?));
        }
        if text.contains(POLICY) {
            return Err(refused("`policy:` begins a name, or follows `+`"));
        }
        Ok(BotName::Named(text.to_string()))
    }
}

impl fmt::Display for BotName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotName::Named(name) => f.write_str(name),
            BotName::Policy(policy) => write!(f, "{POLICY}{policy}"),
            BotName::Guided { base, policy } => write!(f, "{base}{GUIDED}{policy}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::BotName;

    fn parsed(text: &str) -> Option<BotName> {
        text.parse().ok()
    }

    #[test]
    fn each_policy_has_one_place_and_a_bot_names_at_most_one() {
        assert_eq!(
            parsed(" heuristic "),
            Some(BotName::Named("heuristic".into()))
        );
        assert_eq!(
            parsed("policy:a.json"),
            Some(BotName::Policy("a.json".into()))
        );
        assert_eq!(
            parsed("ismcts:5+policy:a"),
            Some(BotName::Guided {
                base: "ismcts:5".into(),
                policy: "a".into()
            })
        );
        for bad in [
            "",
            "  ",
            "policy:",
            "policy:/etc/hostname+policy:allowed",
            "ismcts+policy:",
            "+policy:a",
            "ismcts+policy:a+policy:b",
            "policy:a+policy:b",
            "heuristic:policy:x",
            "policy:policy:x",
            "ismcts\u{202e}",
        ] {
            assert_eq!(parsed(bad), None, "{bad:?} was taken");
        }
        assert_eq!(parsed(&"x".repeat(300)), None);
    }
}
