//! The game whose names are in scope while JSON is written or read.
//!
//! Handles serialize as their text and deserialize from it, but serde's traits carry no
//! context. So the engine puts the game's [`Tables`] in a thread-local scope around
//! every serialization it does (states, logs, events, actions), and the handles'
//! `Serialize`/`Deserialize` impls look their text up there. Scopes nest (the previous
//! one comes back when the inner one ends, panics included). The alternative, a
//! `DeserializeSeed` over the tables, would make every plugin hand-write the serde code
//! of its actions and events; with the scope they derive it.

use std::cell::RefCell;
use std::sync::Arc;

use smol_str::SmolStr;

use crate::error::shown;
use crate::ids::{CardId, Id, PlayerId, ZoneId};
use crate::tables::Tables;

thread_local! {
    static SCOPE: RefCell<Option<Arc<Tables>>> = const { RefCell::new(None) };
}

/// Puts the previous scope back when dropped (also when `f` unwinds).
struct Restore(Option<Arc<Tables>>);

impl Drop for Restore {
    fn drop(&mut self) {
        let previous = self.0.take();
        SCOPE.with(|scope| *scope.borrow_mut() = previous);
    }
}

/// Runs `f` with `tables` in scope.
pub(crate) fn with_tables<R>(tables: &Arc<Tables>, f: impl FnOnce() -> R) -> R {
    let previous = SCOPE.with(|scope| scope.borrow_mut().replace(Arc::clone(tables)));
    let _restore = Restore(previous);
    f()
}

fn lookup<T>(f: impl FnOnce(&Tables) -> Result<T, String>) -> Result<T, String> {
    SCOPE.with(|scope| match scope.borrow().as_deref() {
        Some(tables) => f(tables),
        None => Err(
            "a handle is written and read as its text, which only its game \
                     knows: go through the engine or GameState::json_of"
                .to_string(),
        ),
    })
}

fn missing<I: Id>(id: I) -> String {
    format!("{} {id:?} is not in this game", I::WHAT)
}

fn unknown(what: &str, text: &str) -> String {
    format!("unknown {what} `{}`", shown(text))
}

/// Writes an action or event as the wire has it, `{"type": kind, "payload": …}`, with
/// the ids of `tables` (the game it came from) in scope when it has one.
pub(crate) fn serialize_typed<S: serde::Serializer>(
    kind: &str,
    payload: impl FnOnce() -> Result<serde_json::Value, serde_json::Error>,
    tables: Option<&Arc<Tables>>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    use serde::Serialize;
    let write = |serializer: S| {
        let payload = payload().map_err(serde::ser::Error::custom)?;
        serde_json::json!({ "type": kind, "payload": payload }).serialize(serializer)
    };
    match tables {
        Some(tables) => with_tables(tables, || write(serializer)),
        None => write(serializer),
    }
}

pub(crate) fn player_text(id: PlayerId) -> Result<SmolStr, String> {
    lookup(|t| {
        t.players
            .get(id.index())
            .map(|p| p.id.clone())
            .ok_or_else(|| missing(id))
    })
}

pub(crate) fn zone_text(id: ZoneId) -> Result<SmolStr, String> {
    lookup(|t| {
        t.zones
            .get(id.index())
            .map(|z| z.id.clone())
            .ok_or_else(|| missing(id))
    })
}

pub(crate) fn card_text(id: CardId) -> Result<SmolStr, String> {
    lookup(|t| {
        t.cards
            .get(id)
            .map(|c| c.id.clone())
            .ok_or_else(|| missing(id))
    })
}

pub(crate) fn find_player(text: &str) -> Result<PlayerId, String> {
    lookup(|t| t.player_id(text).ok_or_else(|| unknown("player", text)))
}

pub(crate) fn find_zone(text: &str) -> Result<ZoneId, String> {
    lookup(|t| t.zone_id(text).ok_or_else(|| unknown("zone", text)))
}

pub(crate) fn find_card(text: &str) -> Result<CardId, String> {
    lookup(|t| t.cards.id_of(text).ok_or_else(|| unknown("card", text)))
}
