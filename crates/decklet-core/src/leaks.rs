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

use crate::action::AnyAction;
use crate::engine::GameEngine;
use crate::ids::{PlayerId, ZoneId};
use crate::info::SeatKnowledge;
use crate::rng::GameRng;
use crate::state::GameState;
use crate::variables::Value;

/// What differed between a position and its re-deal: a leak of hidden information.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("seat `{seat}` can tell a re-deal apart through {through}: {detail}")]
pub struct Leak {
    /// The seat's text id.
    pub seat: String,
    /// What showed the difference (e.g. `its information state's JSON`).
    pub through: String,
    /// The two values, or the error one side gave.
    pub detail: String,
}

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
/// lists must be the same in each, and the engine must adopt the re-deal. `moves` lists a seat's legal
/// moves in a position (the game's move list); `reach` lists, as named text, whatever
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
        detail: format!("{a:?} / {b:?}"),
    };
    let compare = |through: &str, a: String, b: String| match a == b {
        true => Ok(()),
        false => Err(leak(through, &a, &b)),
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
        if let Err(e) = engine.fork().load_state(other) {
            return Err(leak("the re-dealt position", &"adopted", &e.to_string()));
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
