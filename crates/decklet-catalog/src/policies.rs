//! Learnt policies as bots: `policy:P`, a `PolicyBot` with the game's encoding, and
//! `BASE+policy:P`, the search `BASE` its root's moves weighed by the policy
//! (`decklet_bots::Prior`). What `P` names is the catalogue's [`PolicySource`]'s to
//! say: [`PolicyFiles`] (the default, the command line's) reads a file by its path,
//! once a process; [`NamedPolicies`] (a server's) holds policies read when it started,
//! by the names its operator gave them, and opens nothing afterwards.

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use decklet_bots::{Bot, Policy, PolicyBot};
use decklet_core::echo;

use crate::bot_name::BotName;
use crate::catalog::{Catalog, CatalogError, LoadedGame};

/// The largest policy file read, in bytes (64 MiB; a policy's weights are at most 16 MB
/// of numbers).
pub const MAX_POLICY_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Where the policies bots name are found, by what follows `policy:` in a bot's name.
pub trait PolicySource: Send + Sync {
    /// The policy `name` names, or why there is none.
    fn policy(&self, name: &str) -> Result<Arc<Policy>, String>;

    /// The names it answers to, each with its policy, to be listed as bots; `None`
    /// when it takes any file's path (then `policy:FILE` is listed).
    fn named(&self) -> Option<Vec<(String, Arc<Policy>)>>;
}

/// Policies read from files by their paths (a bot `policy:runs/uno.json`), each once a
/// process (kept by path, size and time of change, so a simulation that makes a bot a
/// game reads its policy once). For whoever runs the command, who names files of
/// their own; a server takes [`NamedPolicies`].
#[derive(Clone, Copy, Debug, Default)]
pub struct PolicyFiles;

/// A file as it was when read: its path, size and time of change.
type FileKey = (PathBuf, u64, Option<SystemTime>);

/// The policy files read so far.
static READ: Mutex<Option<HashMap<FileKey, Arc<Policy>>>> = Mutex::new(None);

impl PolicySource for PolicyFiles {
    fn policy(&self, name: &str) -> Result<Arc<Policy>, String> {
        let path = Path::new(name);
        let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
        if !meta.is_file() {
            return Err("not a file".to_string());
        }
        let key = (path.to_path_buf(), meta.len(), meta.modified().ok());
        if let Ok(read) = READ.lock()
            && let Some(policy) = read.as_ref().and_then(|r| r.get(&key))
        {
            return Ok(Arc::clone(policy));
        }
        let policy = Arc::new(read_file(path)?);
        if let Ok(mut read) = READ.lock() {
            read.get_or_insert_with(HashMap::new)
                .insert(key, Arc::clone(&policy));
        }
        Ok(policy)
    }

    fn named(&self) -> Option<Vec<(String, Arc<Policy>)>> {
        None
    }
}

/// Reads the policy file at `path`: at most [`MAX_POLICY_FILE_BYTES`], its shapes
/// checked before its numbers are read ([`Policy::from_json`]).
pub fn read_file(path: &Path) -> Result<Policy, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a file".to_string());
    }
    if meta.len() > MAX_POLICY_FILE_BYTES {
        return Err(format!(
            "{} bytes: a policy file is at most {MAX_POLICY_FILE_BYTES}",
            meta.len()
        ));
    }
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_POLICY_FILE_BYTES).read_to_string(&mut text))
        .map_err(|e| e.to_string())?;
    Policy::from_json(&text).map_err(|e| e.to_string())
}

/// Policies read once, when a server starts, each by the name its operator gave it:
/// a client names `policy:NAME`, never a path, and no file is opened after
/// [`read`](Self::read).
///
/// ```
/// use decklet_catalog::{NamedPolicies, PolicySource};
/// let none = NamedPolicies::read(&[])?;
/// assert!(none.policy("/etc/hostname").is_err());
/// assert_eq!(none.named().map(|n| n.len()), Some(0));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct NamedPolicies {
    by_name: Vec<(String, Arc<Policy>)>,
}

/// The longest name of a policy a server plays.
pub const MAX_POLICY_NAME_CHARS: usize = 40;

impl NamedPolicies {
    /// Reads each `(name, file)`; refused if a file is not a policy or a name is
    /// empty, too long, taken twice or other than letters, digits, `-`, `_` and `.`.
    pub fn read(files: &[(String, PathBuf)]) -> Result<NamedPolicies, String> {
        let mut by_name: Vec<(String, Arc<Policy>)> = Vec::with_capacity(files.len());
        for (name, path) in files {
            let fits = !name.is_empty()
                && name.chars().count() <= MAX_POLICY_NAME_CHARS
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
            if !fits {
                return Err(format!(
                    "policy name `{}`: 1 to {MAX_POLICY_NAME_CHARS} letters, digits, `-`, `_` or `.`",
                    echo(name)
                ));
            }
            if by_name.iter().any(|(n, _)| n == name) {
                return Err(format!("policy name `{name}` is given twice"));
            }
            let policy =
                read_file(path).map_err(|e| format!("policy {name} ({}): {e}", path.display()))?;
            by_name.push((name.clone(), Arc::new(policy)));
        }
        Ok(NamedPolicies { by_name })
    }

    /// The policy `name`'s, if given.
    pub fn get(&self, name: &str) -> Option<&Arc<Policy>> {
        self.by_name.iter().find(|(n, _)| n == name).map(|(_, p)| p)
    }
}

impl PolicySource for NamedPolicies {
    fn policy(&self, name: &str) -> Result<Arc<Policy>, String> {
        match self.get(name) {
            Some(policy) => Ok(Arc::clone(policy)),
            None => Err(match self.by_name.is_empty() {
                true => "this server plays no policy".to_string(),
                false => format!(
                    "this server plays only the policies {}",
                    (self.by_name.iter())
                        .map(|(n, _)| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }),
        }
    }

    fn named(&self) -> Option<Vec<(String, Arc<Policy>)>> {
        Some(self.by_name.clone())
    }
}

/// The bot `name` names for `loaded` when it names a policy (`None` when it names
/// none): the policy played, or the search it guides.
pub(crate) fn policy_bot(
    catalog: &Catalog,
    loaded: &LoadedGame,
    name: &BotName,
    seed: u64,
) -> Option<Result<Box<dyn Bot>, CatalogError>> {
    let policy = name.policy()?;
    Some((|| match name {
        BotName::Guided { base, .. } => {
            let mut bot = catalog.named_bot(loaded, base, seed)?;
            let prior = policy_of(catalog, loaded, policy)?;
            match bot.take_prior(Box::new(prior)) {
                Ok(()) => Ok(bot),
                Err(_) => Err(CatalogError::Policy {
                    file: echo(policy),
                    reason: format!(
                        "`{}` does not search: a policy guides a search bot (`ismcts+policy:P`)",
                        echo(base)
                    ),
                }),
            }
        }
        _ => Ok(Box::new(policy_of(catalog, loaded, policy)?) as Box<dyn Bot>),
    })())
}

/// The policy `name` names, as a bot of `loaded`'s encoding.
fn policy_of(
    catalog: &Catalog,
    loaded: &LoadedGame,
    name: &str,
) -> Result<PolicyBot, CatalogError> {
    let refused = |reason: String| CatalogError::Policy {
        file: echo(name),
        reason,
    };
    if !loaded.learnable() {
        return Err(refused(format!(
            "{} has no encoding to play a policy with: no encoding of its own, and no move kinds for the generic one (GameDef::move_kinds)",
            loaded.def().name()
        )));
    }
    let policy = catalog.policies().policy(name).map_err(refused)?;
    let encoding = loaded.encoding_of(policy.encoding()).map_err(refused)?;
    PolicyBot::new(policy, encoding).map_err(|e| refused(e.to_string()))
}
