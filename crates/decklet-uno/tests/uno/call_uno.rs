//! Calling UNO, paragraph by paragraph: the call in advance, the exposed player, the
//! late call, the catch and its window, calls and catches while something waits.

use crate::common::*;
use decklet_bots::Bot;
use decklet_core::*;
use decklet_uno::*;

const CALL: HouseRule = HouseRule::CallUno;

/// Three players with calling UNO (and `more`), p1 to play on a red 5.
fn three(more: &[HouseRule], hands: [Vec<CardId>; 3]) -> GameEngine {
    let mut house = vec![CALL];
    house.extend_from_slice(more);
    three_players(&house, hands)
}

/// The usual three hands: p1 two red cards, the others three cards each.
fn usual() -> [Vec<CardId>; 3] {
    [
        vec![card("red", "7"), card("red", "8")],
        vec![card("blue", "1"), card("blue", "2"), card("red", "3")],
        vec![card("green", "1"), card("green", "2"), card("red", "4")],
    ]
}

fn call(engine: &mut GameEngine, player: &str) -> Result<Outcome, EngineError> {
    let player = id(engine, player);
    engine.dispatch(CallUno { player_id: player })
}

fn catch(engine: &mut GameEngine, player: &str, target: &str) -> Result<Outcome, EngineError> {
    let (player, target) = (id(engine, player), id(engine, target));
    engine.dispatch(CatchUno {
        player_id: player,
        target_player_id: target,
    })
}

fn exposed(engine: &GameEngine) -> Option<String> {
    let state = engine.state();
    exposed_player(state).map(|p| state.id_text(p).into_owned())
}

fn legal(engine: &GameEngine, player: &str) -> Vec<LegalAction> {
    legal_actions(engine.state(), id(engine, player))
}

#[test]
fn a_player_with_two_cards_may_call_in_advance_and_is_then_safe() {
    let mut engine = three(&[], usual());
    assert!(legal(&engine, "p1").ends_with(&[LegalAction::CallUno]));
    let outcome = call(&mut engine, "p1").unwrap();
    assert_eq!(kinds(&outcome), ["UNO_CALLED"]);
    assert_eq!(payload(&outcome, "UNO_CALLED")["playerId"], "p1");
    assert_eq!(current(&engine), "p1", "a call is not a move of the turn");
    assert!(
        !legal(&engine, "p1").contains(&LegalAction::CallUno),
        "once a turn"
    );
    play(&mut engine, "p1", card("red", "7")).unwrap();
    assert_eq!(exposed(&engine), None);
    for other in ["p2", "p3"] {
        assert!(
            !legal(&engine, other)
                .iter()
                .any(|a| matches!(a, LegalAction::CatchUno(_)))
        );
    }
    assert_eq!(
        rejected_by(catch(&mut engine, "p2", "p1")),
        "unoCatch",
        "a player who called cannot be caught"
    );
}

#[test]
fn going_down_to_one_card_without_a_call_exposes_the_player_to_every_opponent() {
    let mut engine = three(&[], usual());
    play(&mut engine, "p1", card("red", "7")).unwrap();
    assert_eq!(exposed(&engine).as_deref(), Some("p1"));
    assert_eq!(current(&engine), "p2");
    let p1 = id(&engine, "p1");
    // p2 on their turn: the catch is listed after the turn's moves
    assert!(legal(&engine, "p2").ends_with(&[LegalAction::CatchUno(p1)]));
    // p3, out of turn: only the catch
    assert_eq!(legal(&engine, "p3"), [LegalAction::CatchUno(p1)]);
    // p1 may still call late
    assert_eq!(legal(&engine, "p1"), [LegalAction::CallUno]);
}

#[test]
fn a_caught_player_draws_two() {
    let mut engine = three(&[], usual());
    play(&mut engine, "p1", card("red", "7")).unwrap();
    let deck_top: Vec<CardId> = zone(&engine, "deck")
        .iter()
        .rev()
        .take(2)
        .copied()
        .collect();
    let outcome = catch(&mut engine, "p3", "p1").unwrap();
    assert_eq!(kinds(&outcome), ["UNO_CAUGHT", "CARD_DRAWN"]);
    assert_eq!(payload(&outcome, "UNO_CAUGHT")["playerId"], "p3");
    assert_eq!(payload(&outcome, "UNO_CAUGHT")["targetPlayerId"], "p1");
    assert_eq!(payload(&outcome, "CARD_DRAWN")["playerId"], "p1");
    assert_eq!(payload(&outcome, "CARD_DRAWN")["count"], 2);
    assert_eq!(
        hand(&engine, "p1"),
        [card("red", "8"), deck_top[0], deck_top[1]]
    );
    assert_eq!(exposed(&engine), None);
    assert_eq!(current(&engine), "p2", "the turn is unchanged");
    assert_eq!(rejected_by(catch(&mut engine, "p2", "p1")), "unoCatch");
}

#[test]
fn a_late_call_makes_the_exposed_player_safe() {
    let mut engine = three(&[], usual());
    play(&mut engine, "p1", card("red", "7")).unwrap();
    let outcome = call(&mut engine, "p1").unwrap();
    assert_eq!(kinds(&outcome), ["UNO_CALLED"]);
    assert_eq!(exposed(&engine), None);
    assert_eq!(rejected_by(catch(&mut engine, "p3", "p1")), "unoCatch");
    assert_eq!(rejected_by(call(&mut engine, "p1")), "unoCall");
}

#[test]
fn the_window_closes_when_the_next_player_plays() {
    let mut engine = three(&[], usual());
    play(&mut engine, "p1", card("red", "7")).unwrap();
    play(&mut engine, "p2", card("red", "3")).unwrap();
    assert_eq!(exposed(&engine), None);
    assert_eq!(rejected_by(catch(&mut engine, "p3", "p1")), "unoCatch");
    assert_eq!(
        hand(&engine, "p1").len(),
        1,
        "safe: nobody caught them in time"
    );
}

#[test]
fn the_window_closes_when_the_next_player_draws() {
    let mut engine = three(&[], usual());
    play(&mut engine, "p1", card("red", "7")).unwrap();
    draw(&mut engine, "p2").unwrap();
    assert_eq!(exposed(&engine), None);
    assert_eq!(rejected_by(catch(&mut engine, "p3", "p1")), "unoCatch");
}

#[test]
fn a_catch_or_a_call_by_others_leaves_the_window_open() {
    let mut engine = three(&[], usual());
    play(&mut engine, "p1", card("red", "7")).unwrap();
    // p2 holds three cards: no call for them; a refused catch of nobody changes nothing
    let before = json(engine.state());
    assert_eq!(rejected_by(call(&mut engine, "p2")), "unoCall");
    assert_eq!(rejected_by(catch(&mut engine, "p2", "p3")), "unoCatch");
    assert_eq!(rejected_by(catch(&mut engine, "p1", "p1")), "unoCatch");
    assert_eq!(json(engine.state()), before);
    catch(&mut engine, "p2", "p1").unwrap();
}

#[test]
fn an_automatic_penalty_is_not_an_action_the_window_stays_open_for_the_player_after() {
    // p1 goes down to one card with a draw two: p2 draws two and is skipped, p3 may
    // still catch p1 before acting
    let mut hands = usual();
    hands[0] = vec![card("red", "draw2"), card("red", "8")];
    let mut engine = three(&[], hands);
    play(&mut engine, "p1", card("red", "draw2")).unwrap();
    assert_eq!(current(&engine), "p3");
    assert_eq!(exposed(&engine).as_deref(), Some("p1"));
    catch(&mut engine, "p3", "p1").unwrap();
    assert_eq!(hand(&engine, "p1").len(), 3);
}

#[test]
fn a_wild_played_down_to_one_card_may_be_caught_before_the_colour_is_chosen() {
    let mut hands = usual();
    hands[0] = vec![card("wild", ""), card("red", "8")];
    let mut engine = three(&[], hands);
    play(&mut engine, "p1", card("wild", "")).unwrap();
    assert!(is_color_pending(engine.state()));
    catch(&mut engine, "p2", "p1").unwrap();
    assert_eq!(hand(&engine, "p1").len(), 3);
    // the colour is still to be chosen, by p1
    choose(&mut engine, "p1", UnoColor::Blue).unwrap();
    assert_eq!(current(&engine), "p2");
}

#[test]
fn calling_needs_a_card_to_play_and_exactly_two_cards() {
    // p1 holds two cards, neither playable on a red 5: no call
    let mut hands = usual();
    hands[0] = vec![card("blue", "7"), card("green", "8")];
    let mut engine = three(&[], hands);
    assert!(!legal(&engine, "p1").contains(&LegalAction::CallUno));
    assert_eq!(rejected_by(call(&mut engine, "p1")), "unoCall");
    // three cards: no call either
    let mut engine = three(
        &[],
        [
            vec![card("red", "7"), card("red", "8"), card("red", "9")],
            vec![card("blue", "1")],
            vec![card("green", "1")],
        ],
    );
    assert!(!legal(&engine, "p1").contains(&LegalAction::CallUno));
    assert_eq!(rejected_by(call(&mut engine, "p1")), "unoCall");
}

#[test]
fn a_call_counts_for_its_turn_only() {
    // p1 calls, then draws and passes: next turn, down to one card, they must call again
    let mut hands = usual();
    hands[0] = vec![card("red", "7"), card("blue", "9")];
    let mut engine = three(&[], hands);
    call(&mut engine, "p1").unwrap();
    draw(&mut engine, "p1").unwrap();
    end_turn(&mut engine, "p1").unwrap();
    for who in ["p2", "p3"] {
        draw(&mut engine, who).unwrap();
        end_turn(&mut engine, who).unwrap();
    }
    // p1 holds three cards now; give them two and play one
    let p1 = id(&engine, "p1");
    engine
        .dispatch(RigHand {
            player: p1,
            cards: vec![card("red", "7"), card("blue", "9")],
        })
        .unwrap();
    engine
        .dispatch(RigTop {
            card: card_n("red", "5", 1),
            color: UnoColor::Red,
        })
        .unwrap();
    play(&mut engine, "p1", card("red", "7")).unwrap();
    assert_eq!(exposed(&engine).as_deref(), Some("p1"));
}

#[test]
fn calls_and_catches_pass_a_pending_challenge_and_the_challenge_closes_the_window() {
    // p1 goes down to one card with a wild draw four; p2 must answer; p3 catches first
    let mut hands = usual();
    hands[0] = vec![card("wild_draw4", ""), card("red", "8")];
    let mut engine = three(&[HouseRule::Wd4Challenge], hands);
    play(&mut engine, "p1", card("wild_draw4", "")).unwrap();
    choose(&mut engine, "p1", UnoColor::Blue).unwrap();
    assert!(is_challenge_pending(engine.state()));
    assert_eq!(exposed(&engine).as_deref(), Some("p1"));
    let p1 = id(&engine, "p1");
    assert_eq!(
        legal(&engine, "p2"),
        [
            LegalAction::AcceptDrawFour,
            LegalAction::Challenge,
            LegalAction::CatchUno(p1)
        ]
    );
    // answering the challenge is p2's action: the window closes
    let mut answered = engine.fork();
    let p2 = id(&answered, "p2");
    answered.dispatch(AcceptDrawFour { player_id: p2 }).unwrap();
    assert_eq!(exposed(&answered), None);
    // catching first is allowed while the challenge waits
    catch(&mut engine, "p3", "p1").unwrap();
    assert!(is_challenge_pending(engine.state()));
    assert_eq!(hand(&engine, "p1").len(), 3);
}

#[test]
fn a_jump_in_closes_the_window_and_may_be_called_in_advance() {
    let twin = card_n("red", "7", 2);
    let mut engine = three(
        &[HouseRule::JumpIn],
        [
            vec![card("red", "7"), card("red", "8")],
            vec![card("blue", "1"), card("blue", "2"), card("blue", "3")],
            vec![twin, card("green", "2")],
        ],
    );
    play(&mut engine, "p1", card("red", "7")).unwrap();
    assert_eq!(exposed(&engine).as_deref(), Some("p1"));
    // p3 holds two cards and may jump in: they may call in advance, out of turn
    let p1 = id(&engine, "p1");
    assert_eq!(
        legal(&engine, "p3"),
        [
            LegalAction::Play(twin),
            LegalAction::CatchUno(p1),
            LegalAction::CallUno
        ]
    );
    call(&mut engine, "p3").unwrap();
    play(&mut engine, "p3", twin).unwrap();
    assert_eq!(exposed(&engine), None, "p3 called; p1's window is closed");
    assert_eq!(rejected_by(catch(&mut engine, "p2", "p1")), "unoCatch");
}

#[test]
fn without_the_rule_there_is_no_call_and_no_catch() {
    let mut engine = uno_with(3, 3, &[]);
    let who = current(&engine);
    let err = engine
        .dispatch(CallUno {
            player_id: id(&engine, &who),
        })
        .unwrap_err();
    assert!(
        matches!(err, EngineError::UnknownAction { .. }),
        "no plugin handles UNO_CALL: {err:?}"
    );
    assert!(
        !legal(&engine, &who)
            .iter()
            .any(|a| matches!(a, LegalAction::CallUno | LegalAction::CatchUno(_)))
    );
}

#[test]
fn the_heuristic_bot_calls_and_catches_and_forgets_when_told() {
    let engine = three(&[], usual());
    let p1 = id(&engine, "p1");
    assert_eq!(
        bot_move(&mut HeuristicBot::new(1), &engine, p1),
        Some(LegalAction::CallUno)
    );
    assert_ne!(
        bot_move(&mut HeuristicBot::new(1).forgetting_uno(1.0), &engine, p1),
        Some(LegalAction::CallUno)
    );
    let mut engine = engine;
    play(&mut engine, "p1", card("red", "7")).unwrap();
    let p3 = id(&engine, "p3");
    let choice = bot_move(&mut HeuristicBot::new(1), &engine, p3);
    assert_eq!(choice, Some(LegalAction::CatchUno(p1)));
}

#[test]
fn simulated_games_with_forgetful_bots_see_catches() {
    let mut caught = 0;
    for seed in 0..20 {
        let mut engine = new_uno_engine(&uno_game(&[CALL]).unwrap(), seed, 4).unwrap();
        let counter = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
        let c = std::sync::Arc::clone(&counter);
        engine.subscribe(move |_: &UnoCaught| {
            c.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        });
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|k| Box::new(HeuristicBot::new(seed * 10 + k).forgetting_uno(0.5)) as Box<dyn Bot>)
            .collect();
        let report = play_uno(&mut engine, &mut bots, 10_000).unwrap();
        assert!(report.winner.is_some());
        caught += counter.load(std::sync::atomic::Ordering::Relaxed);
    }
    assert!(caught > 0, "forgetful bots are caught");
    // bots that never forget are never caught
    for seed in 0..20 {
        let mut engine = new_uno_engine(&uno_game(&[CALL]).unwrap(), seed, 4).unwrap();
        let counter = std::sync::Arc::new(std::sync::atomic::AtomicU32::new(0));
        let c = std::sync::Arc::clone(&counter);
        engine.subscribe(move |_: &UnoCaught| {
            c.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        });
        let mut bots: Vec<Box<dyn Bot>> = (0..4)
            .map(|k| uno_bot("heuristic", &uno_game(&[CALL]).unwrap(), seed * 10 + k))
            .collect();
        play_uno(&mut engine, &mut bots, 10_000).unwrap();
        assert_eq!(counter.load(std::sync::atomic::Ordering::Relaxed), 0);
    }
}

/// Under seven-zero, a player who plays a 0 from three cards and is handed a one-card
/// hand by the rotation did not play down to one card: nobody may catch them. 0.2
/// exposed them, and a catch made them draw two.
#[test]
fn a_hand_received_in_a_rotation_needs_no_call() {
    let mut engine = three(
        &[HouseRule::SevenZero],
        [
            vec![card("red", "0"), card("red", "8"), card("blue", "9")],
            vec![card("blue", "1"), card("blue", "2"), card("red", "3")],
            vec![card("green", "1")],
        ],
    );
    play(&mut engine, "p1", card("red", "0")).unwrap();
    // the hands went round: p1 holds p3's single card
    assert_eq!(hand(&engine, "p1").len(), 1);
    assert_eq!(exposed(&engine), None);
    for catcher in ["p2", "p3"] {
        assert!(
            !legal(&engine, catcher)
                .iter()
                .any(|a| matches!(a, LegalAction::CatchUno(_)))
        );
        assert!(catch(&mut engine, catcher, "p1").is_err());
    }
    assert_eq!(hand(&engine, "p1").len(), 1);
}
