//! The leak check: does anything a seat can reach change when what it cannot see
//! changes? [`redeal_unseen`] re-deals a position for one seat, [`check_seat_leaks`]
//! compares everything the seat reaches in both.
//!
//! A re-deal keeps what the seat knows and changes the rest: the cards of the zones the
//! seat does not see are dealt again at random into the same places (every zone keeps
//! its size), and every variable the seat may not read gets another value of its type.
//! Then the seat's information state ([`InfoState`], the events it heard included), its
//! `Debug` and JSON text, its view ([`GameState::view_for`]), the worlds sampled from
//! it, the moves of the seat and what the game's own code hands the seat (its bots'
//! decisions, an observation encoding) must all be the same, and the re-dealt position
//! must be one the game's engine adopts. Run it on random positions of your game under
//! every rule combination: a difference is a leak.
//!
//! What happens *after* the position may rightly differ (a card drawn from a re-dealt
//! deck is another card); what an event shows each seat is checked where it is made,
//! by the event's own view ([`Event::view_for`](crate::Event::view_for)).
//!
//! A position's re-deal cannot see a value that plugins *derived* from hidden cards
//! earlier (a public count of one player's spades, set at the deal): it stays the same
//! on both sides. [`check_history_leaks`] replays a whole history instead, from
//! another hidden deal: the cards the seat never sees up to a point (and that no move
//! names) are given one another's faces before the deal, the same moves are replayed,
//! and at every step up to that point what the seat knows must be the same.

use std::sync::Arc;

use crate::action::AnyAction;
use crate::card::CardTable;
use crate::engine::{EngineConfig, GameEngine};
use crate::error::EngineError;
use crate::game::Game;
use crate::ids::{CardId, PlayerId, ZoneId};
use crate::info::SeatKnowledge;
use crate::log::GameLog;
use crate::rng::GameRng;
use crate::state::GameState;
use crate::variables::Value;

/// What differed between a position and its re-deal: a leak of hidden information.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "seat `{seat}` can tell a re-deal apart through {through}: {detail}{}",
    hint_of(through)
)]
pub struct Leak {
    /// The seat's text id.
    pub seat: String,
    /// What showed the difference (e.g. `its information state's JSON`).
    pub through: String,
    /// Where the two sides first differ, each shown around it (or the error one side
    /// gave).
    pub detail: String,
}

/// What to look at when a leak shows through `through`, in a sentence.
fn hint_of(through: &str) -> &'static str {
    if through == "its moves" {
        return ". The `moves` argument lists the seat's legal moves in a position, as the game lists them (`Game::legal_moves`); a list of every move a seat could send (what `check_moves` takes as its candidates) names cards the seat cannot see, and differs between re-deals";
    }
    if through == "what the game hands it" {
        return ". The `reach` argument lists what the game's code hands the seat (its bots' decisions, an encoding): one of them reads something the seat cannot see";
    }
    ""
}

/// Where `a` and `b` first differ: the line (from 1) and each side's text around it,
/// at most [`SHOWN`] characters each, control characters but line ends escaped (the
/// text as it is otherwise: a `Debug` text's own escapes are not escaped again).
fn first_difference(a: &str, b: &str) -> String {
    let at = a
        .char_indices()
        .zip(b.chars())
        .find(|((_, x), y)| x != y)
        .map_or(a.len().min(b.len()), |((i, _), _)| i);
    let line = a
        .get(..at)
        .map_or(1, |before| before.matches('\n').count() + 1);
    let around = |text: &str| {
        let start = text
            .char_indices()
            .map(|(i, _)| i)
            .filter(|i| *i <= at)
            .rev()
            .nth(SHOWN / 4)
            .unwrap_or(0);
        let shown: String = text
            .get(start..)
            .unwrap_or("")
            .chars()
            .take(SHOWN)
            .flat_map(|c| {
                let escaped: Vec<char> = match c.is_control() && c != '\n' {
                    true => c.escape_default().collect(),
                    false => vec![c],
                };
                escaped
            })
            .collect();
        let more = text.get(start..).map_or(0, |t| t.chars().count()) > SHOWN;
        format!(
            "{}{shown}{}",
            if start > 0 { "…" } else { "" },
            if more { "…" } else { "" }
        )
    };
    format!("line {line}: `{}` / `{}`", around(a), around(b))
}

/// The most characters of each side a leak shows.
const SHOWN: usize = 120;

/// `state` with what `seat` cannot see dealt again with `rng`: the cards of the zones
/// it does not see shuffled among those zones' places (each zone keeps its size), and
/// each variable it may not read changed to another value of the same type (a boolean
/// flipped, an integer moved by one, a text extended; other values as they are).
pub fn redeal_unseen(state: &GameState, seat: PlayerId, rng: &mut GameRng) -> GameState {
    let mut redealt = state.clone();
    let info = state.info_state(seat);
    let unseen: Vec<ZoneId> = state.zones().filter(|z| !info.sees(*z)).collect();
    let mut pool: Vec<_> = unseen
        .iter()
        .flat_map(|z| state.zone_cards(*z).iter().copied())
        .collect();
    rng.shuffle_in_place(&mut pool);
    let mut dealt = pool.into_iter();
    for zone in &unseen {
        if let Some(cards) = redealt.zone_cards.get_mut(zone.index()) {
            for card in cards.iter_mut() {
                if let Some(next) = dealt.next() {
                    *card = next;
                }
            }
        }
    }
    redealt
        .variables
        .perturb_unreadable(seat, |value| match value {
            Value::Bool(b) => Value::Bool(!*b),
            Value::Int(i) => Value::Int(i.wrapping_add(1)),
            Value::Str(s) => Value::Str(format!("{s}'").into()),
            other => other.clone(),
        });
    redealt
}

/// Runs the leak check for `seat` on the position `engine` holds, over `redeals`
/// re-deals drawn with `rng` ([`redeal_unseen`]): the seat's information state, its
/// `Debug` and JSON, its view, the worlds sampled from it, its moves and what `reach`
/// lists must be the same in each, and the engine must adopt the re-deal, its setup
/// re-deriving the same attachments for every seat
/// ([`attach_public`](crate::GameContext::attach_public)) as for the position.
/// `moves` lists a seat's legal moves in a position (the game's move list); `reach` lists, as named text, whatever
/// else the game's code hands the seat in a position (its bots' decisions, an
/// observation encoding): each is compared between the position and its re-deal.
///
/// ```
/// # use decklet_core::*;
/// let mut engine = GameEngine::default();
/// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
/// let alice = engine.state().player_id("p1").ok_or("p1")?;
/// let no_moves = |_: &GameState, _: PlayerId| Vec::new();
/// let nothing_else = |_: &GameState, _: PlayerId| Vec::new();
/// check_seat_leaks(&engine, alice, 4, &mut GameRng::seed_from(1), no_moves, nothing_else)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_seat_leaks(
    engine: &GameEngine,
    seat: PlayerId,
    redeals: usize,
    rng: &mut GameRng,
    moves: impl Fn(&GameState, PlayerId) -> Vec<AnyAction>,
    mut reach: impl FnMut(&GameState, PlayerId) -> Vec<(String, String)>,
) -> Result<(), Leak> {
    let state = engine.state();
    let seat_text = state.id_text(seat).into_owned();
    let leak = |through: &str, a: &dyn std::fmt::Debug, b: &dyn std::fmt::Debug| Leak {
        seat: seat_text.clone(),
        through: through.to_string(),
        detail: first_difference(&format!("{a:#?}"), &format!("{b:#?}")),
    };
    let text_leak = |through: &str, a: &str, b: &str| Leak {
        seat: seat_text.clone(),
        through: through.to_string(),
        detail: first_difference(a, b),
    };
    let compare = |through: &str, a: String, b: String| match a == b {
        true => Ok(()),
        false => Err(text_leak(through, &a, &b)),
    };
    for _ in 0..redeals {
        let other = redeal_unseen(state, seat, rng);
        let (a, b) = (state.info_state(seat), other.info_state(seat));
        if a != b {
            return Err(leak("its information state", &a, &b));
        }
        compare(
            "its information state's Debug",
            format!("{a:?}"),
            format!("{b:?}"),
        )?;
        let (ja, jb) = (a.to_json().to_string(), b.to_json().to_string());
        compare("its information state's JSON", ja, jb)?;
        let views = (json(&state.view_for(seat)), json(&other.view_for(seat)));
        compare("its view", views.0, views.1)?;
        let seed = rng.next_u64();
        let worlds = (
            a.determinize(&SeatKnowledge::default(), &mut GameRng::seed_from(seed)),
            b.determinize(&SeatKnowledge::default(), &mut GameRng::seed_from(seed)),
        );
        match worlds {
            (Ok(x), Ok(y)) if x == y => {}
            (x, y) => return Err(leak("a sampled world", &x, &y)),
        }
        let listed = (moves(state, seat), moves(&other, seat));
        let listed = (texts(state, &listed.0), texts(&other, &listed.1));
        compare("its moves", listed.0, listed.1)?;
        let (ra, rb) = (reach(state, seat), reach(&other, seat));
        if ra != rb {
            return Err(leak("what the game hands it", &ra, &rb));
        }
        if let Err(e) = engine.fork().load_state(other.clone()) {
            return Err(leak("the re-dealt position", &"adopted", &e.to_string()));
        }
        // a new engine of the game adopting a position runs setup: what it attaches
        // for every seat must be derived from public facts, the same for the position
        // and its re-deal
        let adopt = |position: GameState| {
            let mut fresh = GameEngine::new(engine.game(), crate::EngineConfig::default());
            fresh.load_state(position).map(|()| fresh)
        };
        let (again, adopted) = match (adopt(state.clone()), adopt(other)) {
            (Ok(again), Ok(adopted)) => (again, adopted),
            (Err(e), _) | (_, Err(e)) => {
                return Err(leak("a position adopted anew", &"adopted", &e.to_string()));
            }
        };
        let attached = (
            again.state().public_attachments(),
            adopted.state().public_attachments(),
        );
        if attached.0 != attached.1 {
            return Err(leak(
                "what its game attached for every seat",
                &attached.0,
                &attached.1,
            ));
        }
    }
    Ok(())
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// The moves as JSON text, one a line, with the ids of `state`'s game.
fn texts(state: &GameState, moves: &[AnyAction]) -> String {
    let lines: Vec<String> = moves
        .iter()
        .map(|m| state.json_of(m).map(|j| j.to_string()).unwrap_or_default())
        .collect();
    lines.join("\n")
}

/// What [`check_history_leaks`] compared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HistoryCheck {
    /// Other deals replayed to their point with every step the same for the seat.
    pub compared: usize,
    /// Steps compared in them, in all.
    pub steps: usize,
    /// Other deals under which the same moves could not be made, or whose events the
    /// seat heard differently (the game told the seat something of the new deal, as
    /// its rules may): nothing to compare past that step.
    pub parted: usize,
}

/// Why [`check_history_leaks`] failed.
#[derive(Debug, thiserror::Error)]
pub enum HistoryLeak {
    /// The seat could tell another deal apart.
    #[error(transparent)]
    Leak(#[from] Leak),
    /// The log itself does not replay on the game.
    #[error("the history does not replay: {0}")]
    Replay(#[from] EngineError),
}

/// The leak check over a history: replays `log` (of `game`) as it was, and again
/// `redeals` times from another hidden deal, each up to a point drawn with `rng` (the
/// first always the deal itself). For each, the cards `seat` never sees up to that
/// point, and that no move up to it names, are given one another's faces (and names)
/// before the game starts; the same moves are replayed; and at every step what the
/// seat knows ([`InfoState`](crate::InfoState) as JSON; its card table, the same set
/// of public cards in another order, aside) must
/// be the same, unless the events it heard differ (its game told it something of the
/// new deal, as rules may: from that step on there is nothing to compare). A value
/// derived from hidden cards and shown to the seat, at the deal or later, is found.
///
/// ```
/// # use decklet_core::*;
/// let game = Game::builder().build()?;
/// let mut engine = GameEngine::new(&game, EngineConfig::default());
/// engine.create_game(vec![Player::new("p1", "Alice", 1), Player::new("p2", "Bob", 2)])?;
/// engine.start()?;
/// let report = check_history_leaks(&game, &engine.log(), "p1", 3, &mut GameRng::seed_from(1))?;
/// assert_eq!(report.parted, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_history_leaks(
    game: &Arc<Game>,
    log: &GameLog,
    seat: &str,
    redeals: usize,
    rng: &mut GameRng,
) -> Result<HistoryCheck, HistoryLeak> {
    let parsed = game.parse_log(log)?;
    let actions = parsed.actions();
    let start = log.start_index.unwrap_or(actions.len()).min(actions.len());
    let config = EngineConfig {
        seed: log.seed,
        game_id: log.game_id.clone(),
        max_actions_per_tick: log.max_actions_per_tick,
        max_events_per_tick: log.max_events_per_tick,
        ..EngineConfig::default()
    };
    // the history as it was: before the start, then what the seat knew at each step
    let mut engine = GameEngine::new(game, config.clone());
    engine.create_game(log.players.clone())?;
    for action in &actions[..start] {
        engine.dispatch_any(action.clone())?;
    }
    let before_start = engine.state().clone();
    let seat_id = before_start
        .player_id(seat)
        .ok_or_else(|| EngineError::PlayerNotFound {
            player: crate::echo(seat),
        })?;
    // the points each other deal is replayed to: the deal itself first, then any step
    let last = actions.len() - start;
    let points: Vec<usize> = (0..redeals)
        .map(|round| match round {
            0 => 0,
            _ => rng.index(last + 1),
        })
        .collect();
    let reach = points.iter().copied().max().unwrap_or(0);
    let mut steps = Vec::with_capacity(reach + 1);
    let mut seen = vec![false; before_start.cards().len()];
    let mut seen_by_step = Vec::with_capacity(reach + 1);
    let outcome = engine.start()?;
    steps.push(Step::of(engine.state(), seat_id, &outcome.events));
    note_seen(engine.state(), seat_id, &[], &mut seen);
    seen_by_step.push(seen.clone());
    for action in &actions[start..start + reach] {
        let outcome = engine.dispatch_any(action.clone())?;
        steps.push(Step::of(engine.state(), seat_id, &outcome.events));
        note_seen(
            engine.state(),
            seat_id,
            std::slice::from_ref(action),
            &mut seen,
        );
        seen_by_step.push(seen.clone());
    }
    let mut report = HistoryCheck::default();
    for point in points {
        let unseen: Vec<CardId> = before_start
            .cards()
            .ids()
            .filter(|c| !seen_by_step[point][c.index()])
            .collect();
        if unseen.len() < 2 {
            continue;
        }
        let mut faces = unseen.clone();
        rng.shuffle_in_place(&mut faces);
        let mut cards: Vec<_> = before_start.cards().iter().cloned().collect();
        for (card, face) in unseen.iter().zip(&faces) {
            if let (Some(slot), Some(new)) =
                (cards.get_mut(card.index()), before_start.cards().get(*face))
            {
                *slot = new.clone();
            }
        }
        let mut other_deal = before_start.clone();
        Arc::make_mut(&mut other_deal.tables).cards = CardTable::new(cards)?;
        let mut other = GameEngine::new(game, config.clone());
        if other.load_state(other_deal).is_err() {
            report.parted += 1;
            continue;
        }
        let mut outcome = other.start();
        let mut parted = false;
        for (n, expected) in steps.iter().enumerate().take(point + 1) {
            if n > 0 {
                outcome = other.dispatch_any(actions[start + n - 1].clone());
            }
            let Ok(done) = &outcome else {
                parted = true;
                break;
            };
            let step = Step::of(other.state(), seat_id, &done.events);
            if step.heard != expected.heard {
                parted = true;
                break;
            }
            if step.knows != expected.knows {
                return Err(HistoryLeak::Leak(Leak {
                    seat: seat.to_string(),
                    through: format!(
                        "its information state at step {n} of a history replayed from another deal"
                    ),
                    detail: first_difference(
                        &serde_json::to_string_pretty(&expected.knows).unwrap_or_default(),
                        &serde_json::to_string_pretty(&step.knows).unwrap_or_default(),
                    ),
                }));
            }
            report.steps += 1;
        }
        match parted {
            true => report.parted += 1,
            false => report.compared += 1,
        }
    }
    Ok(report)
}

/// What a seat knew after one step of a history.
struct Step {
    /// Its information state as JSON, but the card table (which another deal
    /// reorders: it is the same set of cards, public either way).
    knows: serde_json::Value,
    /// The step's events as it heard them, as JSON.
    heard: Vec<serde_json::Value>,
}

impl Step {
    fn of(state: &GameState, seat: PlayerId, events: &[crate::event::AnyEvent]) -> Step {
        let mut knows = state.info_state(seat).to_json();
        if let Some(fields) = knows.as_object_mut() {
            fields.remove("cards");
        }
        let heard = events
            .iter()
            .map(|e| e.view_for(seat).to_json().unwrap_or_default())
            .collect();
        Step { knows, heard }
    }
}

/// Marks the cards `seat` sees in `state`, and those `actions` name.
fn note_seen(state: &GameState, seat: PlayerId, actions: &[AnyAction], seen: &mut [bool]) {
    let info = state.info_state(seat);
    for zone in state.zones() {
        if info.sees(zone) {
            for card in state.zone_cards(zone) {
                if let Some(mark) = seen.get_mut(card.index()) {
                    *mark = true;
                }
            }
        }
    }
    for action in actions {
        let Ok(json) = state.json_of(action) else {
            continue;
        };
        let mut texts = Vec::new();
        strings(&json, &mut texts);
        for text in texts {
            if let Some(card) = state.card_id(text)
                && let Some(mark) = seen.get_mut(card.index())
            {
                *mark = true;
            }
        }
    }
}

/// Every string in a JSON value.
fn strings<'a>(value: &'a serde_json::Value, out: &mut Vec<&'a str>) {
    match value {
        serde_json::Value::String(s) => out.push(s),
        serde_json::Value::Array(items) => items.iter().for_each(|v| strings(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

#[cfg(test)]
mod difference_tests {
    use super::*;

    #[test]
    fn a_difference_is_shown_where_it_is_in_a_few_words() {
        let a = format!("{}\nthe card is {}", "x".repeat(5_000), "hearts");
        let b = format!("{}\nthe card is {}", "x".repeat(5_000), "spades");
        let shown = first_difference(&a, &b);
        assert!(shown.starts_with("line 2: `…"), "{shown}");
        assert!(
            shown.contains("hearts") && shown.contains("spades"),
            "{shown}"
        );
        assert!(shown.len() < 2 * SHOWN + 40, "{}", shown.len());
        // quotes and other scripts shown as they are, control characters escaped
        let shown = first_difference("{\"Zoë\":1}\u{7}", "{\"Zoë\":2}");
        assert_eq!(shown, "line 1: `{\"Zoë\":1}\\u{7}` / `{\"Zoë\":2}`");
    }
}
