//! [`narrate`]: a game of UNO told one line a move, from its events, under every
//! official and house rule: plays (and jump-ins), colours, draws (a penalty's cards in
//! one line), skips, reversals, calls, catches, challenges and the hand shown, swaps and
//! rotations, stacked penalties, the round's points, the winner. What `decklet replay
//! --events text` prints.
//!
//! Every event kind decklet's UNO emits is either told or known to add nothing to the
//! line (the engine's bookkeeping: `GAME_STARTED`, `TURN_ENDED`, …): [`is_narrated`]
//! says which, and a test plays games under every rule and checks that no kind it
//! meets is neither.

use decklet_core::{AnyEvent, GameState, PlayerId};
use decklet_plugins::{CardDrawn, DeckReshuffled, TurnStarted};

use crate::events::{
    UnoCardPlayed, UnoColorChosen, UnoDrawFour, UnoDrawTwo, UnoGameWon, UnoInitialFlipped,
    UnoPlayerReversed, UnoPlayerSkipped,
};
use crate::house::{
    UnoCalled, UnoCaught, UnoChallenged, UnoDrawStacked, UnoHandShown, UnoHandsRotated,
    UnoHandsSwapped, UnoRoundScored,
};
use crate::state::card_view;

/// The kinds that add nothing to a line: the engine's and the plugins' bookkeeping
/// (a turn's start is told as the arrow after the line).
const SILENT: [&str; 9] = [
    decklet_core::GAME_CREATED,
    decklet_core::GAME_STARTED,
    decklet_core::CARD_PLAYED,
    decklet_core::GAME_WON,
    decklet_core::GAME_FINISHED,
    decklet_plugins::TURN_ENDED,
    decklet_plugins::TURN_STARTED,
    decklet_plugins::DECK_SHUFFLED,
    // follows the colour chosen (or the first card), which is told
    crate::events::UNO_COLOR_CHANGED,
];

/// Whether [`narrate`] knows the event kind `kind` (it tells it, or knows it adds
/// nothing).
pub fn is_narrated(kind: &str) -> bool {
    SILENT.contains(&kind) || told(kind)
}

fn told(kind: &str) -> bool {
    use crate::events as e;
    use crate::house as h;
    [
        e::UNO_CARD_PLAYED,
        e::UNO_COLOR_CHOSEN,
        e::UNO_PLAYER_SKIPPED,
        e::UNO_PLAYER_REVERSED,
        e::UNO_DRAW_TWO,
        e::UNO_DRAW_FOUR,
        e::UNO_GAME_WON,
        e::UNO_INITIAL_FLIPPED,
        decklet_plugins::CARD_DRAWN,
        decklet_plugins::DECK_RESHUFFLED,
        h::UNO_CALLED,
        h::UNO_CAUGHT,
        h::UNO_HAND_SHOWN,
        h::UNO_CHALLENGED,
        h::UNO_ROUND_SCORED,
        h::UNO_HANDS_SWAPPED,
        h::UNO_HANDS_ROTATED,
        h::UNO_DRAW_STACKED,
    ]
    .contains(&kind)
}

/// The game told one line a move (`p1 plays red 7 → p2's turn`); each line names the
/// turn its events ended in (a skip starts and ends a turn in between: only where it
/// lands is told). Ids are the game's text ids, unescaped: a program that prints them
/// to a terminal escapes them. An event of a kind it does not know is told by its kind.
pub fn narrate(state: &GameState, events: &[AnyEvent]) -> Vec<String> {
    let mut lines: Vec<(String, Option<String>)> = Vec::new();
    let mut current: Option<PlayerId> = None;
    let name = |id: PlayerId| state.id_text(id).into_owned();
    let card =
        |id| card_view(state, id).map_or_else(|| state.id_text(id).into_owned(), |v| v.to_string());
    // a player's draws in a row, told as one line
    let mut drawing: Option<(PlayerId, u32, usize)> = None;
    for event in events {
        if let Some(e) = event.downcast_ref::<CardDrawn>() {
            match drawing {
                Some((player, count, at)) if player == e.player_id => {
                    let total = count + e.count;
                    drawing = Some((player, total, at));
                    if let Some((line, _)) = lines.get_mut(at) {
                        *line = draws(&name(player), total);
                    }
                }
                _ => {
                    drawing = Some((e.player_id, e.count, lines.len()));
                    lines.push((draws(&name(e.player_id), e.count), None));
                }
            }
            continue;
        }
        if !event.is::<TurnStarted>() {
            drawing = None;
        }
        let line = if let Some(e) = event.downcast_ref::<UnoCardPlayed>() {
            let out_of_turn = current.is_some_and(|c| c != e.player_id);
            Some(format!(
                "{} {} {}",
                name(e.player_id),
                if out_of_turn {
                    "jumps in with"
                } else {
                    "plays"
                },
                card(e.card_id)
            ))
        } else if let Some(e) = event.downcast_ref::<UnoColorChosen>() {
            Some(format!("{} chooses {}", name(e.player_id), e.color))
        } else if let Some(e) = event.downcast_ref::<UnoInitialFlipped>() {
            let first = e.card_ids.last().map_or_else(String::new, |c| card(*c));
            Some(format!("the first card is {first}"))
        } else if let Some(e) = event.downcast_ref::<UnoPlayerSkipped>() {
            Some(format!("{} is skipped", name(e.skipped_player_id)))
        } else if event.is::<UnoPlayerReversed>() {
            Some("the direction reverses".to_string())
        } else if let Some(e) = event.downcast_ref::<UnoDrawTwo>() {
            Some(format!(
                "{} must draw {}",
                name(e.target_player_id),
                e.count
            ))
        } else if let Some(e) = event.downcast_ref::<UnoDrawFour>() {
            Some(format!(
                "{} must draw {}",
                name(e.target_player_id),
                e.count
            ))
        } else if let Some(e) = event.downcast_ref::<UnoDrawStacked>() {
            Some(format!(
                "{} takes the stacked penalty of {} cards",
                name(e.target_player_id),
                e.count
            ))
        } else if event.is::<DeckReshuffled>() {
            Some("the discard pile is shuffled into the deck".to_string())
        } else if let Some(e) = event.downcast_ref::<UnoCalled>() {
            Some(format!("{} calls UNO", name(e.player_id)))
        } else if let Some(e) = event.downcast_ref::<UnoCaught>() {
            Some(format!(
                "{} catches {} not calling UNO",
                name(e.player_id),
                name(e.target_player_id)
            ))
        } else if let Some(e) = event.downcast_ref::<UnoChallenged>() {
            Some(format!(
                "{} challenges {}'s wild draw four: {}",
                name(e.challenger_id),
                name(e.challenged_id),
                if e.bluff { "a bluff" } else { "it was honest" }
            ))
        } else if let Some(e) = event.downcast_ref::<UnoHandShown>() {
            let cards: Vec<String> = e.card_ids.iter().map(|c| card(*c)).collect();
            // said of the hand's owner, so that the owner is told "your hand"
            Some(format!(
                "{}'s hand is shown to {}: {}",
                name(e.player_id),
                name(e.to_player_id),
                if cards.is_empty() {
                    "(seen by them alone)".to_string()
                } else {
                    cards.join(", ")
                }
            ))
        } else if let Some(e) = event.downcast_ref::<UnoHandsSwapped>() {
            Some(format!(
                "{} swaps hands with {}",
                name(e.player_id),
                name(e.target_player_id)
            ))
        } else if let Some(e) = event.downcast_ref::<UnoHandsRotated>() {
            Some(format!(
                "every hand passes to the {} player",
                if e.direction >= 0 { "next" } else { "previous" }
            ))
        } else if let Some(e) = event.downcast_ref::<UnoRoundScored>() {
            Some(format!("{} scores {} points", name(e.winner_id), e.points))
        } else if let Some(e) = event.downcast_ref::<UnoGameWon>() {
            let winners: Vec<String> = e.winner_ids.iter().map(|w| name(*w)).collect();
            Some(format!("{} wins", winners.join(", ")))
        } else if let Some(e) = event.downcast_ref::<TurnStarted>() {
            current = Some(e.player_id);
            let player = Some(name(e.player_id));
            match lines.last_mut() {
                Some((_, turn)) => *turn = player,
                None => lines.push((String::new(), player)),
            }
            None
        } else if is_narrated(event.kind()) {
            None
        } else {
            Some(format!("({})", event.kind()))
        };
        lines.extend(line.map(|line| (line, None)));
    }
    lines
        .into_iter()
        .map(|(line, turn)| match (line.is_empty(), turn) {
            (_, None) => line,
            (true, Some(player)) => format!("{player}'s turn"),
            (false, Some(player)) => format!("{line} → {player}'s turn"),
        })
        .collect()
}

fn draws(player: &str, count: u32) -> String {
    let s = if count == 1 { "" } else { "s" };
    format!("{player} draws {count} card{s}")
}
