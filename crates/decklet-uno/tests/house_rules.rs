//! The house rules, paragraph by paragraph: draw until playable, forced play, and both.

mod common;

use common::*;
use decklet_core::*;
use decklet_plugins::*;
use decklet_uno::*;

const DUP: HouseRule = HouseRule::DrawUntilPlayable;
const FORCED: HouseRule = HouseRule::ForcedPlay;

/// A two-player game with `house`, p1 to play on a red 5 with `p1_hand`, and `deck_top`
/// on top of the deck (the first to be drawn first).
fn table(house: &[HouseRule], p1_hand: Vec<CardId>, deck_top: &[CardId]) -> GameEngine {
    let mut engine = uno_with(2, 3, house);
    // whoever starts, make it p1's turn by arranging from p1's side
    arrange(
        &mut engine,
        &[
            ("p1", p1_hand),
            ("p2", vec![card("yellow", "4"), card("yellow", "6")]),
        ],
        card("red", "5"),
        UnoColor::Red,
    );
    let mut cards: Vec<CardId> = deck_top.to_vec();
    cards.reverse(); // the last one rigged is the top
    engine.dispatch(RigDeckTop { cards }).unwrap();
    if current(&engine) != "p1" {
        // p2 starts: p2 draws and passes
        draw(&mut engine, "p2").unwrap();
        end_turn(&mut engine, "p2").unwrap();
        let mut again: Vec<CardId> = deck_top.to_vec();
        again.reverse();
        engine.dispatch(RigDeckTop { cards: again }).unwrap();
    }
    assert_eq!(current(&engine), "p1");
    engine
}

fn drawn(outcome: &Outcome) -> Vec<CardId> {
    outcome
        .events
        .iter()
        .filter(|e| e.kind() == CARD_DRAWN)
        .flat_map(|e| e.downcast_ref::<CardDrawn>().unwrap().card_ids.to_vec())
        .collect()
}

fn rejected_by(result: Result<Outcome, EngineError>) -> (String, String) {
    match result {
        Err(EngineError::Rejected { rule, reason, .. }) => (rule, reason),
        other => panic!("expected a rejection, got {other:?}"),
    }
}

// ------------------------------------------------------------ draw until playable

#[test]
fn a_player_keeps_drawing_until_a_card_can_be_played() {
    let (b3, g7, r9) = (card("blue", "3"), card("green", "7"), card("red", "9"));
    let mut engine = table(&[DUP], vec![card("blue", "1")], &[b3, g7, r9]);
    let outcome = draw(&mut engine, "p1").unwrap();
    // one CARD_DRAWN per card, in the order drawn
    assert_eq!(drawn(&outcome), [b3, g7, r9]);
    assert_eq!(hand(&engine, "p1"), [card("blue", "1"), b3, g7, r9]);
    assert_eq!(current(&engine), "p1", "the turn goes on");
    let p1 = id(&engine, "p1");
    assert_eq!(
        legal_actions(engine.state(), p1),
        [LegalAction::Play(r9), LegalAction::EndTurn]
    );
    // the chain is over when the tick is
    assert_eq!(
        engine.state().variable(&UNO_VAR_DRAWING_UNTIL_PLAYABLE),
        Some(false)
    );
    play(&mut engine, "p1", r9).unwrap();
}

#[test]
fn a_playable_first_card_ends_the_draw_at_once() {
    let (r9, b3) = (card("red", "9"), card("blue", "3"));
    let mut engine = table(&[DUP], vec![card("blue", "1")], &[r9, b3]);
    let outcome = draw(&mut engine, "p1").unwrap();
    assert_eq!(drawn(&outcome), [r9]);
    // and after it, as usual, the player may still keep it
    end_turn(&mut engine, "p1").unwrap();
    assert_eq!(current(&engine), "p2");
}

#[test]
fn a_draw_two_still_gives_exactly_two_cards() {
    let (b3, g7, r9) = (card("blue", "3"), card("green", "7"), card("red", "9"));
    let mut engine = table(
        &[DUP],
        vec![card("red", "draw2"), card("blue", "1")],
        &[b3, g7, r9],
    );
    let before = hand(&engine, "p2").len();
    let outcome = play(&mut engine, "p1", card("red", "draw2")).unwrap();
    assert_eq!(drawn(&outcome), [b3, g7]);
    assert_eq!(hand(&engine, "p2").len(), before + 2);
}

#[test]
fn the_draw_stops_when_both_piles_are_empty() {
    let (b1, b3, g7) = (card("blue", "1"), card("blue", "3"), card("green", "7"));
    let mut engine = table(&[DUP], vec![b1], &[b3, g7]);
    // everything else goes to p2: the deck holds b3 and g7 only, the discard its top
    let top = card("red", "5");
    let rest: Vec<CardId> = uno_card_table()
        .iter()
        .filter_map(|c| uno_card_table().id_of(&c.id))
        .filter(|c| ![b1, b3, g7, top].contains(c))
        .collect();
    let p2 = id(&engine, "p2");
    engine
        .dispatch(RigHand {
            player: p2,
            cards: rest,
        })
        .unwrap();
    assert_eq!(zone(&engine, UNO_DECK_ZONE_ID).len(), 2);
    let outcome = draw(&mut engine, "p1").unwrap();
    assert_eq!(drawn(&outcome), [b3, g7]);
    let p1 = id(&engine, "p1");
    assert_eq!(legal_actions(engine.state(), p1), [LegalAction::EndTurn]);
    end_turn(&mut engine, "p1").unwrap();
}

#[test]
fn without_the_rule_a_draw_is_one_card() {
    let (b3, g7) = (card("blue", "3"), card("green", "7"));
    let mut engine = table(&[], vec![card("blue", "1")], &[b3, g7]);
    let outcome = draw(&mut engine, "p1").unwrap();
    assert_eq!(drawn(&outcome), [b3]);
    assert_eq!(
        engine.state().variable(&UNO_VAR_DRAWING_UNTIL_PLAYABLE),
        None
    );
}

// ------------------------------------------------------------ forced play

#[test]
fn a_playable_drawn_card_must_be_played() {
    let r9 = card("red", "9");
    let mut engine = table(&[FORCED], vec![card("blue", "1")], &[r9]);
    draw(&mut engine, "p1").unwrap();
    let p1 = id(&engine, "p1");
    assert_eq!(legal_actions(engine.state(), p1), [LegalAction::Play(r9)]);
    let before = json(engine.state());
    let (rule, reason) = rejected_by(end_turn(&mut engine, "p1"));
    assert_eq!(rule, "turnDiscipline");
    assert_eq!(
        reason,
        "the card you drew can be played, so you must play it"
    );
    assert_eq!(json(engine.state()), before, "a refusal changes nothing");
    play(&mut engine, "p1", r9).unwrap();
    assert_eq!(current(&engine), "p2");
}

#[test]
fn an_unplayable_drawn_card_still_ends_the_turn() {
    let b3 = card("blue", "3");
    let mut engine = table(&[FORCED], vec![card("blue", "1")], &[b3]);
    draw(&mut engine, "p1").unwrap();
    let p1 = id(&engine, "p1");
    assert_eq!(legal_actions(engine.state(), p1), [LegalAction::EndTurn]);
    end_turn(&mut engine, "p1").unwrap();
    assert_eq!(current(&engine), "p2");
}

#[test]
fn forced_play_keeps_the_seeds_refusals_first() {
    let mut engine = table(&[FORCED], vec![card("blue", "1")], &[card("red", "9")]);
    // ending the turn before drawing is refused by the seeds' discipline, as always
    let (rule, reason) = rejected_by(end_turn(&mut engine, "p1"));
    assert_eq!(rule, "turnDiscipline");
    assert_eq!(reason, "draw a card before ending your turn");
    // the rule keeps its place in the order: one turnDiscipline for END_TURN
    let ids = engine.rule_ids(END_TURN_ACTION).unwrap().unwrap();
    assert_eq!(ids.iter().filter(|r| *r == "turnDiscipline").count(), 1);
}

#[test]
fn a_play_that_ends_the_turn_is_not_held_up() {
    // the game's own END_TURN after a play is internal: the rule does not apply
    let mut engine = table(&[FORCED], vec![card("red", "7"), card("red", "8")], &[]);
    play(&mut engine, "p1", card("red", "7")).unwrap();
    assert_eq!(current(&engine), "p2");
}

// ------------------------------------------------------------ both

#[test]
fn drawing_until_playable_under_forced_play_ends_in_a_play() {
    let (b3, g7, r9) = (card("blue", "3"), card("green", "7"), card("red", "9"));
    let mut engine = table(&[DUP, FORCED], vec![card("blue", "1")], &[b3, g7, r9]);
    draw(&mut engine, "p1").unwrap();
    let p1 = id(&engine, "p1");
    assert_eq!(legal_actions(engine.state(), p1), [LegalAction::Play(r9)]);
    let (rule, _) = rejected_by(end_turn(&mut engine, "p1"));
    assert_eq!(rule, "turnDiscipline");
}

#[test]
fn house_rules_need_uno_first() {
    let mut engine = GameEngine::new(EngineConfig::default());
    engine
        .use_plugin(TurnPlugin)
        .use_plugin(DrawPlugin)
        .use_plugin(ForcedPlayPlugin);
    match engine.create_game(players(2)) {
        Err(EngineError::MissingRequirement { plugin, requires }) => {
            assert_eq!(
                (plugin.as_str(), requires.as_str()),
                ("uno-forced-play", "uno")
            );
        }
        other => panic!("{other:?}"),
    }
}
