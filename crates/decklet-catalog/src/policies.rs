//! `policy:FILE`: a learnt policy read from a file (`decklet_bots::policy`), played by a
//! `PolicyBot` with the game's own encoding; `ismcts[:N]+policy:FILE`: the search,
//! its root's moves weighed by the policy (`decklet_bots::Prior`). Files are read once a process (kept by
//! path, size and time of change), so a simulation that makes a bot a game reads its
//! policy once.

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use decklet_bots::{Bot, Policy, PolicyBot};
use decklet_core::echo;

use crate::catalog::{Catalog, CatalogError, LoadedGame};

/// The largest policy file read, in bytes (64 MiB; a policy's weights are at most 16 MB
/// of numbers).
pub const MAX_POLICY_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// A file as it was when read: its path, size and time of change.
type FileKey = (PathBuf, u64, Option<SystemTime>);

/// The policies read so far.
static READ: Mutex<Option<HashMap<FileKey, Arc<Policy>>>> = Mutex::new(None);

/// The bot `policy:FILE` names for `loaded`, or `None` when `name` is not one.
pub(crate) fn policy_bot(
    loaded: &LoadedGame,
    name: &str,
) -> Option<Result<Box<dyn Bot>, CatalogError>> {
    let path = name.strip_prefix("policy:")?;
    Some(policy_of(loaded, path).map(|bot| Box::new(bot) as Box<dyn Bot>))
}

/// A search bot guided by a policy, as `BOT+policy:FILE` names it (`None` when `name`
/// is not one): the bot `BOT` of `loaded`, the policy in `FILE` its prior.
pub(crate) fn guided_bot(
    catalog: &Catalog,
    loaded: &LoadedGame,
    name: &str,
    seed: u64,
) -> Option<Result<Box<dyn Bot>, CatalogError>> {
    let (base, path) = name.split_once("+policy:")?;
    Some((|| {
        let mut bot = catalog.bot(loaded, base, seed)?;
        let prior = policy_of(loaded, path)?;
        match bot.take_prior(Box::new(prior)) {
            Ok(()) => Ok(bot),
            Err(_) => Err(CatalogError::Policy {
                file: echo(path),
                reason: format!(
                    "`{}` does not search: a policy guides a search bot (`ismcts+policy:FILE`)",
                    echo(base)
                ),
            }),
        }
    })())
}

/// The policy in `path` as a bot of `loaded`'s encoding.
fn policy_of(loaded: &LoadedGame, path: &str) -> Result<PolicyBot, CatalogError> {
    let refused = |reason: String| CatalogError::Policy {
        file: echo(path),
        reason,
    };
    let Some(encoding) = loaded.encoding() else {
        return Err(refused(format!(
            "{} has no encoding of its own to play a policy with",
            loaded.def().name()
        )));
    };
    let policy = read(Path::new(path)).map_err(refused)?;
    PolicyBot::new(policy, encoding).map_err(|e| refused(e.to_string()))
}

/// The policy in `path`, read once for each version of the file.
fn read(path: &Path) -> Result<Arc<Policy>, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if meta.len() > MAX_POLICY_FILE_BYTES {
        return Err(format!(
            "{} bytes: a policy file is at most {MAX_POLICY_FILE_BYTES}",
            meta.len()
        ));
    }
    let key = (path.to_path_buf(), meta.len(), meta.modified().ok());
    if let Ok(read) = READ.lock()
        && let Some(policy) = read.as_ref().and_then(|r| r.get(&key))
    {
        return Ok(Arc::clone(policy));
    }
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(MAX_POLICY_FILE_BYTES).read_to_string(&mut text))
        .map_err(|e| e.to_string())?;
    let policy = Arc::new(Policy::from_json(&text).map_err(|e| e.to_string())?);
    if let Ok(mut read) = READ.lock() {
        read.get_or_insert_with(HashMap::new)
            .insert(key, Arc::clone(&policy));
    }
    Ok(policy)
}
