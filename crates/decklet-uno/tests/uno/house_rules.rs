//! The house rules, paragraph by paragraph: draw until playable, forced play, and both.

use crate::common::*;
use decklet_bots::Bot;
use decklet_core::*;
use decklet_plugins::*;
use decklet_uno::*;

/// Reads an action from JSON and dispatches it, as a client's message is.
fn dispatch_json(
    engine: &mut GameEngine,
    json: &serde_json::Value,
) -> Result<Outcome, EngineError> {
    let action = engine.action_from_json(json)?;
    engine.dispatch_any(action)
}

const DUP: HouseRule = HouseRule::DrawUntilPlayable;
const FORCED: HouseRule = HouseRule::ForcedPlay;

/// A two-player game with `house`, p1 to play on a red 5 with `p1_hand`, and `deck_top`
/// on top of the deck (the first to be drawn first).
fn table(house: &[HouseRule], p1_hand: Vec<CardId>, deck_top: &[CardId]) -> GameEngine {
    let p2_hand = vec![card("yellow", "4"), card("yellow", "6")];
    table_with(house, p1_hand, p2_hand, deck_top)
}

/// [`table`] with p2's hand too.
fn table_with(
    house: &[HouseRule],
    p1_hand: Vec<CardId>,
    p2_hand: Vec<CardId>,
    deck_top: &[CardId],
) -> GameEngine {
    let mut engine = uno_with(2, 3, house);
    if current(&engine) != "p1" {
        // p2 starts: p2 draws and passes
        draw(&mut engine, "p2").unwrap();
        end_turn(&mut engine, "p2").unwrap();
    }
    arrange(
        &mut engine,
        &[("p1", p1_hand), ("p2", p2_hand)],
        card("red", "5"),
        UnoColor::Red,
    );
    let mut cards: Vec<CardId> = deck_top.to_vec();
    cards.reverse(); // the last one rigged is the top
    engine.dispatch(RigDeckTop { cards }).unwrap();
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
    // ending the turn before drawing is refused by classic UNO's discipline, as always
    let (rule, reason) = rejected_by(end_turn(&mut engine, "p1"));
    assert_eq!(rule, "turnDiscipline");
    assert_eq!(reason, "draw a card before ending your turn");
    // the rule keeps its place in the order: one turnDiscipline for END_TURN
    let ids = engine.game().rule_ids(END_TURN_ACTION).unwrap();
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
    let built = Game::builder()
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(ForcedPlayPlugin)
        .build();
    match built {
        Err(EngineError::MissingRequirement { plugin, requires }) => {
            assert_eq!(
                (plugin.as_str(), requires.as_str()),
                ("uno-forced-play", "uno")
            );
        }
        other => panic!("{other:?}"),
    }
}

// ------------------------------------------------------------ stacking

const STACK: HouseRule = HouseRule::Stacking(StackingMode::DrawTwos);
const STACK_SAME: HouseRule = HouseRule::Stacking(StackingMode::Same);
const STACK_ANY: HouseRule = HouseRule::Stacking(StackingMode::Any);

fn pending(engine: &GameEngine) -> u32 {
    pending_draw(engine.state())
}

#[test]
fn a_draw_two_answered_by_a_draw_two_passes_the_whole_penalty_on() {
    let (red_d2, blue_d2) = (card("red", "draw2"), card("blue", "draw2"));
    let mut engine = table_with(
        &[STACK],
        vec![red_d2, card("blue", "1")],
        vec![blue_d2, card("yellow", "4")],
        &[],
    );
    let p2 = id(&engine, "p2");
    let outcome = play(&mut engine, "p1", red_d2).unwrap();
    assert!(drawn(&outcome).is_empty(), "nobody draws yet");
    let stacked: Vec<_> = kinds(&outcome)
        .into_iter()
        .filter(|k| *k == UNO_DRAW_STACKED)
        .collect();
    assert_eq!(stacked.len(), 1);
    assert_eq!(payload(&outcome, UNO_DRAW_STACKED)["count"], 2);
    assert_eq!(payload(&outcome, UNO_DRAW_STACKED)["targetPlayerId"], "p2");
    assert_eq!((current(&engine), pending(&engine)), ("p2".to_string(), 2));
    // p2 may answer with its draw two (another colour), or draw
    assert_eq!(
        legal_actions(engine.state(), p2),
        [LegalAction::Play(blue_d2), LegalAction::Draw]
    );
    play(&mut engine, "p2", blue_d2).unwrap();
    assert_eq!((current(&engine), pending(&engine)), ("p1".to_string(), 4));
    // p1 cannot answer: draws all four and loses the turn
    let p1 = id(&engine, "p1");
    assert_eq!(legal_actions(engine.state(), p1), [LegalAction::Draw]);
    let outcome = draw(&mut engine, "p1").unwrap();
    assert_eq!(drawn(&outcome).len(), 4);
    assert_eq!(hand(&engine, "p1").len(), 5);
    assert_eq!((current(&engine), pending(&engine)), ("p2".to_string(), 0));
}

#[test]
fn while_a_penalty_is_pending_only_an_answer_or_a_draw_is_accepted() {
    let red_d2 = card("red", "draw2");
    let mut engine = table_with(
        &[STACK],
        vec![red_d2, card("blue", "1")],
        vec![card("red", "4"), card("yellow", "4")],
        &[],
    );
    play(&mut engine, "p1", red_d2).unwrap();
    let before = json(engine.state());
    // a red 4 matches the colour, but does not answer the penalty
    let (rule, reason) = rejected_by(play(&mut engine, "p2", card("red", "4")));
    assert_eq!(rule, "canPlayCard");
    assert_eq!(reason, "a penalty of 2 cards is pending: answer it or draw");
    assert_eq!(json(engine.state()), before);
    let p2 = id(&engine, "p2");
    assert_eq!(legal_actions(engine.state(), p2), [LegalAction::Draw]);
    // ending the turn without drawing is refused as ever
    assert!(end_turn(&mut engine, "p2").is_err());
    draw(&mut engine, "p2").unwrap();
    assert_eq!(hand(&engine, "p2").len(), 4);
    assert_eq!(current(&engine), "p1");
}

#[test]
fn draw_twos_mode_leaves_the_wild_draw_four_as_it_was() {
    let (red_d2, wd4) = (card("red", "draw2"), card("wild_draw4", ""));
    let mut engine = table_with(
        &[STACK],
        vec![red_d2, card("blue", "1")],
        vec![wd4, card("yellow", "4")],
        &[],
    );
    play(&mut engine, "p1", red_d2).unwrap();
    // a wild draw four does not answer a draw two in this mode
    let (rule, _) = rejected_by(play(&mut engine, "p2", wd4));
    assert_eq!(rule, "canPlayCard");
    // and played normally it is classic UNO's penalty: drawn at once, nothing pending
    let mut engine = table_with(
        &[STACK],
        vec![wd4, card("yellow", "7")],
        vec![card("yellow", "4")],
        &[],
    );
    play(&mut engine, "p1", wd4).unwrap();
    let outcome = choose(&mut engine, "p1", UnoColor::Blue).unwrap();
    assert_eq!(drawn(&outcome).len(), 4);
    assert_eq!(pending(&engine), 0);
}

#[test]
fn same_mode_stacks_a_wild_draw_four_on_a_wild_draw_four_whatever_the_hand_holds() {
    let (wd4_a, wd4_b) = (card_n("wild_draw4", "", 1), card_n("wild_draw4", "", 2));
    let mut engine = table_with(
        &[STACK_SAME],
        vec![wd4_a, card("yellow", "7")],
        vec![wd4_b, card("blue", "4")],
        &[],
    );
    play(&mut engine, "p1", wd4_a).unwrap();
    choose(&mut engine, "p1", UnoColor::Blue).unwrap();
    assert_eq!((current(&engine), pending(&engine)), ("p2".to_string(), 4));
    // p2 holds a blue card (the colour in force), and may still answer
    play(&mut engine, "p2", wd4_b).unwrap();
    choose(&mut engine, "p2", UnoColor::Green).unwrap();
    assert_eq!((current(&engine), pending(&engine)), ("p1".to_string(), 8));
    let outcome = draw(&mut engine, "p1").unwrap();
    assert_eq!(drawn(&outcome).len(), 8);
    assert_eq!(current(&engine), "p2");
}

#[test]
fn any_mode_answers_a_wild_draw_four_with_a_draw_two_of_any_colour() {
    let (wd4, green_d2) = (card("wild_draw4", ""), card("green", "draw2"));
    let mut engine = table_with(
        &[STACK_ANY],
        vec![wd4, card("yellow", "7")],
        vec![green_d2, card("blue", "4")],
        &[],
    );
    play(&mut engine, "p1", wd4).unwrap();
    choose(&mut engine, "p1", UnoColor::Blue).unwrap();
    play(&mut engine, "p2", green_d2).unwrap();
    assert_eq!((current(&engine), pending(&engine)), ("p1".to_string(), 6));
}

#[test]
fn accepting_a_penalty_does_not_draw_until_playable() {
    let red_d2 = card("red", "draw2");
    let deck = [
        card("blue", "3"),
        card("green", "7"),
        card("blue", "8"),
        card("red", "9"),
    ];
    let mut engine = table_with(
        &[DUP, STACK],
        vec![red_d2, card("blue", "1")],
        vec![card("yellow", "4")],
        &deck,
    );
    play(&mut engine, "p1", red_d2).unwrap();
    let outcome = draw(&mut engine, "p2").unwrap();
    assert_eq!(drawn(&outcome), [deck[0], deck[1]]);
    assert_eq!(current(&engine), "p1");
}

#[test]
fn one_stacking_mode_a_game() {
    assert!(HouseRule::check_combination(&[STACK, STACK_ANY]).is_err());
    assert!(HouseRule::check_combination(&[STACK, DUP, FORCED]).is_ok());
    let game = uno_game(&[STACK_ANY, STACK]).unwrap();
    let ids: Vec<&str> = game.plugins().iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["turn", "draw", "uno", "uno-stacking"]);
}

// ------------------------------------------------------------ seven-zero

const SEVEN_ZERO: HouseRule = HouseRule::SevenZero;

/// Three players with seven-zero (and `more`), p1 to play on a red 5.
fn three(more: &[HouseRule], hands: [Vec<CardId>; 3]) -> GameEngine {
    let mut house = vec![SEVEN_ZERO];
    house.extend_from_slice(more);
    three_players(&house, hands)
}

#[test]
fn a_seven_swaps_hands_with_the_player_chosen() {
    let r7 = card("red", "7");
    let (a, b, c) = (
        vec![r7, card("blue", "1")],
        vec![card("yellow", "4")],
        vec![card("green", "2"), card("green", "3"), card("green", "4")],
    );
    let mut engine = three(&[], [a, b, c.clone()]);
    let outcome = play(&mut engine, "p1", r7).unwrap();
    assert!(
        !kinds(&outcome).contains(&"TURN_ENDED"),
        "the turn waits for the swap"
    );
    let p1 = id(&engine, "p1");
    let (p2, p3) = (id(&engine, "p2"), id(&engine, "p3"));
    assert_eq!(
        legal_actions(engine.state(), p1),
        [LegalAction::SwapHands(p2), LegalAction::SwapHands(p3)]
    );
    // nothing else until the swap
    let before = json(engine.state());
    let (rule, reason) = rejected_by(draw(&mut engine, "p1"));
    assert_eq!(
        (rule.as_str(), reason.as_str()),
        ("swapPending", "choose whose hand to take first")
    );
    assert_eq!(json(engine.state()), before);
    let outcome = LegalAction::SwapHands(p3)
        .dispatch(&mut engine, p1)
        .unwrap();
    assert_eq!(payload(&outcome, UNO_HANDS_SWAPPED)["targetPlayerId"], "p3");
    assert_eq!(hand(&engine, "p1"), c);
    assert_eq!(hand(&engine, "p3"), [card("blue", "1")]);
    assert_eq!(current(&engine), "p2");
    assert!(!is_swap_pending(engine.state()));
}

#[test]
fn a_swap_is_refused_without_a_seven_or_with_oneself() {
    let r7 = card("red", "7");
    let mut engine = three(
        &[],
        [
            vec![r7, card("blue", "1")],
            vec![card("yellow", "4")],
            vec![card("green", "2")],
        ],
    );
    let p1 = id(&engine, "p1");
    let p2 = id(&engine, "p2");
    let (rule, _) = rejected_by(LegalAction::SwapHands(p2).dispatch(&mut engine, p1));
    assert_eq!(rule, "swapTarget");
    play(&mut engine, "p1", r7).unwrap();
    let (rule, reason) = rejected_by(LegalAction::SwapHands(p1).dispatch(&mut engine, p1));
    assert_eq!(
        (rule.as_str(), reason.as_str()),
        ("swapTarget", "p1 is not another player in the game")
    );
    // only the player of the 7 swaps
    let (rule, reason) = rejected_by(LegalAction::SwapHands(p1).dispatch(&mut engine, p2));
    assert_eq!(
        (rule.as_str(), reason.as_str()),
        ("swapTarget", "only the player of the 7 swaps")
    );
}

#[test]
fn a_zero_passes_every_hand_on_in_the_direction_of_play() {
    let r0 = card("red", "0");
    let (a, b, c) = (
        vec![r0, card("blue", "1")],
        vec![card("yellow", "4")],
        vec![card("green", "2"), card("green", "3")],
    );
    let mut engine = three(&[], [a, b.clone(), c.clone()]);
    let outcome = play(&mut engine, "p1", r0).unwrap();
    assert_eq!(payload(&outcome, UNO_HANDS_ROTATED)["direction"], 1);
    assert_eq!(hand(&engine, "p2"), [card("blue", "1")]);
    assert_eq!(hand(&engine, "p3"), b);
    assert_eq!(hand(&engine, "p1"), c);
    assert_eq!(current(&engine), "p2");
}

#[test]
fn reversed_the_hands_pass_down_the_seats() {
    let (rr, g0) = (card("red", "reverse"), card("red", "0"));
    let (a, b, c) = (
        vec![rr, card("blue", "1")],
        vec![card("yellow", "4")],
        vec![g0, card("green", "3")],
    );
    let mut engine = three(&[], [a, b.clone(), c]);
    play(&mut engine, "p1", rr).unwrap(); // direction -1: p3 next
    assert_eq!(current(&engine), "p3");
    let outcome = play(&mut engine, "p3", g0).unwrap();
    assert_eq!(payload(&outcome, UNO_HANDS_ROTATED)["direction"], -1);
    // p3's hand goes to p2, p2's to p1, p1's to p3
    assert_eq!(hand(&engine, "p2"), [card("green", "3")]);
    assert_eq!(hand(&engine, "p1"), b);
    assert_eq!(hand(&engine, "p3"), [card("blue", "1")]);
}

#[test]
fn a_seven_as_the_last_card_wins_without_a_swap() {
    let r7 = card("red", "7");
    let mut engine = three(
        &[],
        [
            vec![r7],
            vec![card("yellow", "4")],
            vec![card("green", "2")],
        ],
    );
    play(&mut engine, "p1", r7).unwrap();
    assert_eq!(engine.state().status(), GameStatus::Finished);
    assert!(!is_swap_pending(engine.state()));
}

#[test]
fn other_numbers_end_the_turn_as_ever() {
    let r3 = card("red", "3");
    let mut engine = three(
        &[],
        [
            vec![r3, card("blue", "1")],
            vec![card("yellow", "4")],
            vec![card("green", "2")],
        ],
    );
    play(&mut engine, "p1", r3).unwrap();
    assert_eq!(current(&engine), "p2");
}

// ------------------------------------------------------------ the wild draw four challenge

const CHALLENGE: HouseRule = HouseRule::Wd4Challenge;

/// p1 plays a wild draw four on the red 5 (with `rest` in hand) and names blue.
fn wild_draw_four_played(rest: CardId) -> GameEngine {
    let wd4 = card("wild_draw4", "");
    let mut engine = table_with(
        &[CHALLENGE],
        vec![wd4, rest, card("green", "1")],
        vec![card("yellow", "4"), card("blue", "9")],
        &[],
    );
    // holding a red card is no bar to playing it: the challenge is the check
    play(&mut engine, "p1", wd4).unwrap();
    choose(&mut engine, "p1", UnoColor::Blue).unwrap();
    engine
}

#[test]
fn after_a_wild_draw_four_the_next_player_accepts_or_challenges() {
    let mut engine = wild_draw_four_played(card("red", "7"));
    let p2 = id(&engine, "p2");
    assert_eq!(current(&engine), "p2");
    assert!(is_challenge_pending(engine.state()));
    assert_eq!(
        legal_actions(engine.state(), p2),
        [LegalAction::AcceptDrawFour, LegalAction::Challenge]
    );
    let before = json(engine.state());
    let (rule, reason) = rejected_by(play(&mut engine, "p2", card("blue", "9")));
    assert_eq!(
        (rule.as_str(), reason.as_str()),
        (
            "challengePending",
            "accept the wild draw four or challenge it first"
        )
    );
    assert_eq!(json(engine.state()), before);
    // p1 may not answer for p2
    let p1 = id(&engine, "p1");
    let (rule, _) = rejected_by(LegalAction::Challenge.dispatch(&mut engine, p1));
    assert_eq!(rule, "challengeAnswer");
    // accepting: four cards, and the turn is lost
    let outcome = LegalAction::AcceptDrawFour
        .dispatch(&mut engine, p2)
        .unwrap();
    assert_eq!(payload(&outcome, UNO_DRAW_FOUR)["count"], 4);
    assert_eq!(hand(&engine, "p2").len(), 6);
    assert_eq!(current(&engine), "p1");
    assert!(!is_challenge_pending(engine.state()));
}

#[test]
fn a_caught_bluff_costs_the_bluffer_four_and_the_challenger_plays_on() {
    let mut engine = wild_draw_four_played(card("red", "7"));
    let (p1, p2) = (id(&engine, "p1"), id(&engine, "p2"));
    let outcome = LegalAction::Challenge.dispatch(&mut engine, p2).unwrap();
    assert_eq!(payload(&outcome, UNO_CHALLENGED)["bluff"], true);
    assert_eq!(hand(&engine, "p1").len(), 6, "two held, four drawn");
    assert_eq!(current(&engine), "p2", "the challenger plays on");
    let p2_moves = legal_actions(engine.state(), p2);
    assert!(p2_moves.contains(&LegalAction::Play(card("blue", "9"))));
    // the hand is shown to the challenger alone
    let shown = outcome
        .events
        .iter()
        .find(|e| e.kind() == UNO_HAND_SHOWN)
        .unwrap();
    let cards_seen = |viewer| {
        shown
            .view_for(viewer)
            .downcast_ref::<UnoHandShown>()
            .map(|e| e.card_ids.len())
    };
    assert_eq!(cards_seen(p2), Some(2));
    assert_eq!(cards_seen(p1), Some(0));
}

#[test]
fn a_fair_wild_draw_four_costs_the_challenger_six() {
    // no red card in p1's hand when the card was played: not a bluff
    let mut engine = wild_draw_four_played(card("yellow", "7"));
    let p2 = id(&engine, "p2");
    let outcome = LegalAction::Challenge.dispatch(&mut engine, p2).unwrap();
    assert_eq!(payload(&outcome, UNO_CHALLENGED)["bluff"], false);
    assert_eq!(hand(&engine, "p2").len(), 8);
    assert_eq!(hand(&engine, "p1").len(), 2);
    assert_eq!(current(&engine), "p1");
}

#[test]
fn the_challenge_does_not_go_with_stacking_wild_draw_fours() {
    assert!(HouseRule::check_combination(&[CHALLENGE, STACK]).is_ok());
    assert!(HouseRule::check_combination(&[CHALLENGE, STACK_SAME]).is_err());
    let game = uno_game(&[CHALLENGE, STACK_ANY]).unwrap();
    let ids: Vec<&str> = game.plugins().iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids, ["turn", "draw", "uno", "uno-wd4-challenge"]);
}

// ------------------------------------------------------------ the first card's effect

const FIRST: HouseRule = HouseRule::FirstCard;

/// The first seed (from 0) whose opening card, under the first card's effect, is of
/// `face`; the started engine of four players.
fn opening(face: UnoFace) -> (u64, GameEngine) {
    for seed in 0..2000 {
        let engine = uno_with(4, seed, &[FIRST]);
        let state = engine.state();
        if discard_top(state).is_some_and(|(_, c)| c.face == face) {
            return (seed, engine);
        }
    }
    panic!("no opening {face:?} in 2000 seeds");
}

#[test]
fn one_card_is_turned_up_and_never_a_wild_draw_four() {
    for seed in 0..200 {
        let engine = uno_with(3, seed, &[FIRST]);
        assert_eq!(zone(&engine, UNO_DISCARD_ZONE_ID).len(), 1, "seed {seed}");
        let top = discard_top(engine.state()).unwrap().1;
        assert_ne!(top.face, UnoFace::WildDraw4, "seed {seed}");
    }
}

#[test]
fn an_opening_number_starts_as_in_the_seeds() {
    let (_, engine) = opening(UnoFace::Number(5));
    assert_eq!(current(&engine), "p1");
    let top = discard_top(engine.state()).unwrap().1;
    assert_eq!(current_color(engine.state()), top.color);
}

#[test]
fn an_opening_skip_skips_the_first_player() {
    let (_, engine) = opening(UnoFace::Skip);
    assert_eq!(current(&engine), "p2");
}

#[test]
fn an_opening_reverse_starts_with_the_dealer_going_the_other_way() {
    let (_, engine) = opening(UnoFace::Reverse);
    assert_eq!(current(&engine), "p4");
    assert_eq!(engine.state().variable(&TURN_VARIABLE_DIRECTION), Some(-1));
}

#[test]
fn an_opening_draw_two_costs_the_first_player_two_cards_and_the_turn() {
    let (_, engine) = opening(UnoFace::Draw2);
    assert_eq!(hand(&engine, "p1").len(), 9);
    assert_eq!(current(&engine), "p2");
}

#[test]
fn an_opening_wild_lets_the_first_player_name_the_colour_and_play() {
    let (_, mut engine) = opening(UnoFace::Wild);
    let p1 = id(&engine, "p1");
    assert_eq!(current(&engine), "p1");
    assert_eq!(
        legal_actions(engine.state(), p1),
        UnoColor::ALL.map(LegalAction::ChooseColor)
    );
    choose(&mut engine, "p1", UnoColor::Green).unwrap();
    assert_eq!(current(&engine), "p1", "the first player plays on");
    assert_eq!(current_color(engine.state()), Some(UnoColor::Green));
    let moves = legal_actions(engine.state(), p1);
    assert!(moves.contains(&LegalAction::Draw), "{moves:?}");
}

#[test]
fn without_the_rule_the_seeds_flip_until_a_number() {
    for seed in 0..100 {
        let engine = uno_with(3, seed, &[]);
        let top = discard_top(engine.state()).unwrap().1;
        assert!(matches!(top.face, UnoFace::Number(_)), "seed {seed}");
    }
}

// ------------------------------------------------------------ jump-in

const JUMP: HouseRule = HouseRule::JumpIn;

/// Three players with jump-in, p1 to play on a red 5.
fn three_jump(hands: [Vec<CardId>; 3]) -> GameEngine {
    three_players(&[JUMP], hands)
}

#[test]
fn a_player_holding_the_identical_card_jumps_in_and_play_goes_on_from_them() {
    let twin = card_n("red", "5", 2);
    let mut engine = three_jump([
        vec![card("blue", "1")],
        vec![card("blue", "5"), card("yellow", "2")],
        vec![twin, card("green", "3")],
    ]);
    let (p2, p3) = (id(&engine, "p2"), id(&engine, "p3"));
    assert_eq!(legal_actions(engine.state(), p3), [LegalAction::Play(twin)]);
    assert!(
        legal_actions(engine.state(), p2).is_empty(),
        "same face, other colour"
    );
    // p2's blue 5 is refused: not identical
    let (rule, _) = rejected_by(play(&mut engine, "p2", card("blue", "5")));
    assert_eq!(rule, "playerTurn");
    play(&mut engine, "p3", twin).unwrap();
    // p3 played: the turn passes from p3, to p1
    assert_eq!(current(&engine), "p1");
    assert_eq!(hand(&engine, "p3"), [card("green", "3")]);
}

#[test]
fn a_jump_in_with_a_skip_skips_the_player_after_the_jumper() {
    let (skip1, skip2) = (card_n("red", "skip", 1), card_n("red", "skip", 2));
    let mut engine = three_jump([
        vec![skip1, card("blue", "1")],
        vec![skip2, card("yellow", "2")],
        vec![card("green", "3"), card("green", "4")],
    ]);
    play(&mut engine, "p1", skip1).unwrap(); // p2 skipped: p3 to play
    assert_eq!(current(&engine), "p3");
    // p2 holds the twin skip: jumps in, and p3 (after p2) is skipped
    play(&mut engine, "p2", skip2).unwrap();
    assert_eq!(current(&engine), "p1");
}

#[test]
fn no_jump_in_without_the_rule_or_with_a_wild() {
    // without the rule: classic UNO's refusal
    let mut engine = table(&[], vec![card("blue", "1")], &[]);
    let twin = card_n("red", "5", 2);
    let p2 = id(&engine, "p2");
    engine
        .dispatch(RigHand {
            player: p2,
            cards: vec![twin],
        })
        .unwrap();
    let (rule, _) = rejected_by(play(&mut engine, "p2", twin));
    assert_eq!(rule, "playerTurn");
    assert!(legal_actions(engine.state(), p2).is_empty());
    // a wild on a wild is not identical: wilds have no colour
    let (wild1, wild2) = (card_n("wild", "", 1), card_n("wild", "", 2));
    let mut engine = three_jump([
        vec![wild1, card("blue", "1")],
        vec![card("yellow", "2")],
        vec![wild2, card("green", "3")],
    ]);
    play(&mut engine, "p1", wild1).unwrap();
    choose(&mut engine, "p1", UnoColor::Red).unwrap();
    assert_eq!(current(&engine), "p2");
    let p3 = id(&engine, "p3");
    assert!(legal_actions(engine.state(), p3).is_empty());
    let (rule, _) = rejected_by(play(&mut engine, "p3", wild2));
    assert_eq!(rule, "playerTurn");
}

#[test]
fn bots_jump_in_during_a_simulated_game_and_the_log_replays() {
    let mut jumped = 0;
    for seed in 0..20 {
        let mut engine = new_uno_engine(&uno_game(&[JUMP]).unwrap(), seed, 4).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|i| uno_bot("heuristic", &uno_game(&[]).unwrap(), seed + i))
            .collect();
        let report = play_uno(&mut engine, &mut bots, 10_000).unwrap();
        assert!(report.winner.is_some());
        // a jump-in is a play by someone whose turn it was not: replay the log action
        // by action and count them
        let log = engine.log();
        let mut again = new_uno_engine(&uno_game(&[JUMP]).unwrap(), seed, 4).unwrap();
        for logged in &log.actions {
            let current = again
                .state()
                .current_player()
                .map(|p| again.state().id_text(p).into_owned());
            if logged.kind == PLAY_CARD_ACTION
                && logged.payload["playerId"].as_str() != current.as_deref()
            {
                jumped += 1;
            }
            let action = serde_json::json!({"type": logged.kind, "payload": logged.payload});
            dispatch_json(&mut again, &action).unwrap();
        }
        assert_eq!(again.state(), engine.state());
        let mut replayed = GameEngine::new(&uno_game(&[JUMP]).unwrap(), EngineConfig::default());
        replayed.replay(&log, Verify::Required).unwrap();
        assert_eq!(replayed.state(), engine.state());
    }
    assert!(jumped > 0, "heuristic bots always jump in when they can");
}

// ------------------------------------------------------------ scoring

const SCORING: HouseRule = HouseRule::Scoring;

#[test]
fn the_winner_scores_the_cards_left_in_the_other_hands() {
    let r7 = card("red", "7");
    let mut engine = table_with(
        &[SCORING],
        vec![r7],
        vec![card("yellow", "4"), card("blue", "skip"), card("wild", "")],
        &[],
    );
    let outcome = play(&mut engine, "p1", r7).unwrap();
    assert_eq!(payload(&outcome, UNO_ROUND_SCORED)["points"], 4 + 20 + 50);
    assert_eq!(payload(&outcome, UNO_ROUND_SCORED)["winnerId"], "p1");
    assert_eq!(engine.state().variable(&UNO_VAR_ROUND_POINTS), Some(74));
    // scored after the win
    let at = |kind| kinds(&outcome).iter().position(|k| *k == kind);
    assert!(at(UNO_GAME_WON) < at(UNO_ROUND_SCORED));
}

#[test]
fn going_out_on_a_draw_two_still_gives_the_next_player_two_cards_that_count() {
    let red_d2 = card("red", "draw2");
    let (r9, b3) = (card("red", "9"), card("blue", "3"));
    let mut engine = table_with(
        &[SCORING],
        vec![red_d2],
        vec![card("yellow", "4")],
        &[r9, b3],
    );
    let outcome = play(&mut engine, "p1", red_d2).unwrap();
    assert_eq!(drawn(&outcome), [r9, b3]);
    assert_eq!(payload(&outcome, UNO_ROUND_SCORED)["points"], 4 + 9 + 3);
    assert_eq!(engine.state().status(), GameStatus::Finished);
}

#[test]
fn going_out_on_a_wild_draw_four_gives_four() {
    let wd4 = card("wild_draw4", "");
    let mut engine = table_with(&[SCORING], vec![wd4], vec![card("yellow", "4")], &[]);
    let outcome = play(&mut engine, "p1", wd4).unwrap();
    assert_eq!(drawn(&outcome).len(), 4);
    assert_eq!(hand(&engine, "p2").len(), 5);
}

#[test]
fn without_scoring_going_out_draws_nothing() {
    let red_d2 = card("red", "draw2");
    let mut engine = table_with(&[], vec![red_d2], vec![card("yellow", "4")], &[]);
    let outcome = play(&mut engine, "p1", red_d2).unwrap();
    assert!(drawn(&outcome).is_empty());
    assert!(!kinds(&outcome).contains(&UNO_ROUND_SCORED));
}

#[test]
fn going_out_on_a_stacked_penalty_gives_the_whole_penalty() {
    let (red_d2, blue_d2) = (card("red", "draw2"), card("blue", "draw2"));
    let mut engine = table_with(
        &[SCORING, STACK],
        vec![red_d2, card("green", "1")],
        vec![blue_d2],
        &[],
    );
    play(&mut engine, "p1", red_d2).unwrap();
    // p2 answers with its last card: p1 still draws the whole four
    let outcome = play(&mut engine, "p2", blue_d2).unwrap();
    assert_eq!(drawn(&outcome).len(), 4);
    assert_eq!(hand(&engine, "p1").len(), 5);
}

#[test]
fn cards_are_worth_their_face_twenty_or_fifty() {
    assert_eq!(
        card_points(UnoCard::new(Some(UnoColor::Red), UnoFace::Number(7))),
        7
    );
    assert_eq!(
        card_points(UnoCard::new(Some(UnoColor::Red), UnoFace::Number(0))),
        0
    );
    assert_eq!(
        card_points(UnoCard::new(Some(UnoColor::Blue), UnoFace::Skip)),
        20
    );
    assert_eq!(
        card_points(UnoCard::new(Some(UnoColor::Blue), UnoFace::Reverse)),
        20
    );
    assert_eq!(
        card_points(UnoCard::new(Some(UnoColor::Blue), UnoFace::Draw2)),
        20
    );
    assert_eq!(card_points(UnoCard::new(None, UnoFace::Wild)), 50);
    assert_eq!(card_points(UnoCard::new(None, UnoFace::WildDraw4)), 50);
}
