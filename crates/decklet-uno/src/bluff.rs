//! What a wild draw four tells of the hand that played it. Under the official rules a
//! wild draw four may be a bluff (its player held a card of the colour in force), and
//! the next player may challenge it. Whether it was is hidden; how likely it was is
//! not, given a model of the player: [`wild_draw_four_likelihood`] is the chance that
//! [`HeuristicBot`](crate::HeuristicBot)'s policy plays the card with the hand a
//! sampled world deals its player, and [`bluff_chance`] the share of bluffs among
//! worlds weighed so. UNO's search answers the card by it
//! ([`UnoSearch::model_bluffs`](crate::UnoSearch::model_bluffs)): it challenges when a
//! bluff is the likelier.
//!
//! The policy bluffs only against a next player holding two cards or fewer, and then
//! prefers an action card it can play: a wild draw four played against a player with
//! more cards is honest under it, and one played against a player about to win was a
//! bluff whenever its hand held a number of the colour in force.

use decklet_core::{GameRng, GameState, InfoState, PlayerId, SeatKnowledge};

use crate::bots::play_score;
use crate::cards::UnoFace;
use crate::house::{
    UNO_VAR_CHALLENGE_COLOR, UNO_VAR_CHALLENGE_FROM, UNO_VAR_CHALLENGE_HAND_SIZE,
    UNO_VAR_CHALLENGE_PENDING, was_bluff,
};
use crate::state::uno_table;

/// The weight of a world in which the model would have played another card: players
/// are not the model, and no world is ruled out.
pub const MODEL_SLIP: f64 = 0.05;

/// The chance that [`HeuristicBot`](crate::HeuristicBot)'s policy played the pending
/// wild draw four of `world` with the hand the world deals its player (the cards it
/// kept, its bottom cards, and the wild draw four), on the card beneath it in the
/// discard pile, against `challenger`'s hand: 1 ÷ the number of its best cards when
/// the card is one of them, [`MODEL_SLIP`] otherwise. `None` when no wild draw four
/// waits for an answer.
///
/// ```
/// use decklet_uno::{HouseRule, new_uno_engine, uno_game, wild_draw_four_likelihood};
/// let game = uno_game(&[HouseRule::Wd4Challenge])?;
/// let engine = new_uno_engine(&game, 3, 2)?;
/// let seat = engine.state().current_player().ok_or("no turn")?;
/// // nothing to answer at the start of a game
/// assert_eq!(wild_draw_four_likelihood(engine.state(), seat), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn wild_draw_four_likelihood(world: &GameState, challenger: PlayerId) -> Option<f64> {
    let from = world
        .variable(&UNO_VAR_CHALLENGE_FROM)
        .and_then(|text| world.player_id(&text))?;
    let color = world.variable(&UNO_VAR_CHALLENGE_COLOR)?;
    let kept = usize::try_from(world.variable(&UNO_VAR_CHALLENGE_HAND_SIZE)?).ok()?;
    let table = uno_table(world)?;
    let discard = world.zone_cards(table.discard);
    let (played, beneath) = match discard {
        [.., beneath, played] => (*played, table.card(*beneath).map(|c| c.face)),
        [played] => (*played, None),
        [] => return None,
    };
    let hand = world.hand(from);
    let at_play: Vec<_> = (hand.get(..kept.min(hand.len())).unwrap_or(&[]).iter())
        .chain(std::iter::once(&played))
        .filter_map(|card| table.card(*card))
        .collect();
    let mut counts = [0; 4];
    for card in &at_play {
        if let Some(c) = card.color {
            counts[c.index()] += 1;
        }
    }
    let threat = world.hand(challenger).len() <= 2;
    let scores: Vec<(bool, i64)> = (at_play.iter())
        .filter(|card| card.matches(color, beneath))
        .map(|card| {
            let score = play_score(*card, threat, at_play.len(), &counts);
            (card.face == UnoFace::WildDraw4, score)
        })
        .collect();
    let best = scores.iter().map(|(_, s)| *s).max()?;
    let tied = scores.iter().filter(|(_, s)| *s == best).count();
    let tied_fours = scores.iter().filter(|(w, s)| *w && *s == best).count();
    Some(match tied_fours {
        0 => MODEL_SLIP,
        n => n as f64 / tied as f64,
    })
}

/// The chance that the wild draw four `info`'s seat must answer was a bluff: over
/// `worlds` worlds sampled from `info` within `knowledge` (leave out what the card
/// itself would teach of its player's hand), the share of the weight
/// ([`wild_draw_four_likelihood`]) held by worlds in which it was one. `None` when no
/// wild draw four waits for an answer, or no world could be sampled.
///
/// ```
/// use decklet_core::{GameRng, SeatKnowledge};
/// use decklet_uno::{HouseRule, bluff_chance, new_uno_engine, uno_game};
/// let game = uno_game(&[HouseRule::Wd4Challenge])?;
/// let engine = new_uno_engine(&game, 3, 2)?;
/// let seat = engine.state().current_player().ok_or("no turn")?;
/// let info = engine.state().info_state(seat);
/// let mut rng = GameRng::seed_from(1);
/// assert_eq!(bluff_chance(&info, &SeatKnowledge::default(), 100, &mut rng), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bluff_chance(
    info: &InfoState,
    knowledge: &SeatKnowledge,
    worlds: u32,
    rng: &mut GameRng,
) -> Option<f64> {
    let from = info
        .variable(&UNO_VAR_CHALLENGE_FROM)
        .and_then(|text| info.player_id(&text))?;
    let (mut total, mut bluffs) = (0.0, 0.0);
    for _ in 0..worlds {
        let Ok(world) = info.determinize(knowledge, rng) else {
            continue;
        };
        let Some(weight) = wild_draw_four_likelihood(&world, info.seat()) else {
            continue;
        };
        total += weight;
        if was_bluff(&world, from) {
            bluffs += weight;
        }
    }
    (total > 0.0).then(|| bluffs / total)
}

/// Whether the wild draw four waiting for an answer in `state` was a bluff, as the
/// rule will decide it: read from the whole state (its player's hidden hand), so for a
/// referee, a harness or a test, never for a seat. `None` when none waits.
pub fn pending_bluff(state: &GameState) -> Option<bool> {
    state.variable(&UNO_VAR_CHALLENGE_PENDING).filter(|p| *p)?;
    let from = state
        .variable(&UNO_VAR_CHALLENGE_FROM)
        .and_then(|text| state.player_id(&text))?;
    Some(was_bluff(state, from))
}
