//! Whist's rules, each as a player would notice it: the deal, following suit, who takes
//! a trick (trumps, else the suit led, aces high), the side that wins and its points,
//! bad moves refused with the state unchanged, a seat's view (nothing hidden reaches
//! it), the kit's move check, and its words.

use std::sync::Arc;

use decklet_bots::check_moves;
use decklet_catalog::{Catalog, GameDef};
use decklet_core::{
    AnyAction, CardId, Game, GameEngine, GameRng, GameState, Moves, PlayCard, PlayerId,
    check_history_leaks,
};
use decklet_plugins::{StandardCard, Suit};
use whist::{
    TrickWon, Trumps, WHIST_TRICK_ZONE_ID, WhistDef, new_whist_engine, taken_zone_id, tricks,
    whist_game, whist_result,
};

fn seat(state: &GameState, n: usize) -> PlayerId {
    state.seat_order()[n]
}

fn moves_of(game: &Arc<Game>, engine: &GameEngine, seat: PlayerId) -> Moves {
    let mut moves = Moves::new();
    game.legal_moves(engine.state(), seat, &mut moves);
    moves
}

/// Plays a whole game, the `pick`-th listed move each time (modulo the list), and
/// returns every trick taken (its event) in order.
fn play_out(game: &Arc<Game>, engine: &mut GameEngine, pick: usize) -> Vec<TrickWon> {
    let mut won = Vec::new();
    while let Some(mover) = engine.state().current_player() {
        let moves = moves_of(game, engine, mover);
        let outcome = engine.dispatch_move(&moves, pick % moves.len()).unwrap();
        won.extend((outcome.events.iter()).filter_map(|e| e.downcast_ref::<TrickWon>().cloned()));
    }
    won
}

fn suit_and_strength(state: &GameState, card: CardId) -> (Suit, u8) {
    let c = StandardCard::in_state(state, card).unwrap();
    (
        c.suit,
        if c.rank.value() == 1 {
            14
        } else {
            c.rank.value()
        },
    )
}

#[test]
fn thirteen_cards_each_and_the_first_seat_leads() {
    let game = whist_game(Trumps::Spades).unwrap();
    let engine = new_whist_engine(&game, 1).unwrap();
    let state = engine.state();
    for n in 0..4 {
        assert_eq!(state.hand(seat(state, n)).len(), 13);
    }
    assert_eq!(state.current_player(), Some(seat(state, 0)));
    // the leader may play any card
    assert_eq!(moves_of(&game, &engine, seat(state, 0)).len(), 13);
    // nobody else may move
    assert!(moves_of(&game, &engine, seat(state, 1)).is_empty());
}

#[test]
fn a_player_follows_the_suit_led_when_they_can_and_a_card_of_another_suit_is_refused() {
    let game = whist_game(Trumps::Spades).unwrap();
    let mut checked = 0;
    for seed in 0..40 {
        let mut engine = new_whist_engine(&game, seed).unwrap();
        let leader = seat(engine.state(), 0);
        let moves = moves_of(&game, &engine, leader);
        engine.dispatch_move(&moves, 0).unwrap();
        let state = engine.state();
        let led = suit_and_strength(
            state,
            state.zone_cards(state.zone_id(WHIST_TRICK_ZONE_ID).unwrap())[0],
        )
        .0;
        let next = seat(state, 1);
        let hand = state.hand(next).to_vec();
        let (follow, other): (Vec<CardId>, Vec<CardId>) = hand
            .iter()
            .partition(|c| suit_and_strength(state, **c).0 == led);
        let listed = moves_of(&game, &engine, next).len();
        if follow.is_empty() {
            assert_eq!(listed, 13, "void in the suit led: any card");
            continue;
        }
        assert_eq!(listed, follow.len());
        let Some(&off) = other.first() else { continue };
        let before = engine.state().clone();
        let refused = engine.dispatch(PlayCard::new(next, [off])).unwrap_err();
        assert!(
            refused.to_string().contains("follow the suit led"),
            "{refused}"
        );
        assert!(*engine.state() == before, "a refused move changes nothing");
        checked += 1;
    }
    assert!(checked > 10, "{checked} deals had a card to refuse");
}

#[test]
fn the_highest_trump_takes_the_trick_else_the_highest_card_of_the_suit_led() {
    for trumps in [Trumps::Spades, Trumps::Hearts, Trumps::None] {
        let game = whist_game(trumps).unwrap();
        let (mut trumped, mut untrumped) = (0, 0);
        for seed in 0..30 {
            let mut engine = new_whist_engine(&game, seed).unwrap();
            let won = play_out(&game, &mut engine, seed as usize);
            assert_eq!(won.len(), 13);
            let state = engine.state();
            for trick in &won {
                let faces: Vec<(Suit, u8)> = trick
                    .card_ids
                    .iter()
                    .map(|c| suit_and_strength(state, *c))
                    .collect();
                let led = faces[0].0;
                let trump_played = faces.iter().any(|f| Some(f.0) == trumps.suit());
                let wanted = if trump_played {
                    trumps.suit().unwrap()
                } else {
                    led
                };
                let best = (faces.iter().filter(|f| f.0 == wanted))
                    .map(|f| f.1)
                    .max()
                    .unwrap();
                // the taker played the best card: find their card in the trick
                let leader_at = (0..4)
                    .find(|at| {
                        // the seat whose card is first, counting round from the taker
                        let taker_at = state.seat_index(trick.player_id).unwrap();
                        let i = (taker_at + 4 - at) % 4;
                        faces[i] == (wanted, best)
                    })
                    .is_some();
                assert!(
                    leader_at,
                    "{trumps:?} seed {seed}: {faces:?} taken by the wrong seat"
                );
                if trump_played && led != wanted {
                    trumped += 1;
                } else {
                    untrumped += 1;
                }
            }
        }
        assert!(untrumped > 100);
        if trumps != Trumps::None {
            assert!(trumped > 20, "{trumps:?}: {trumped} tricks trumped");
        } else {
            assert_eq!(trumped, 0);
        }
    }
}

#[test]
fn the_side_with_more_tricks_wins_together_and_taken_tricks_lie_face_down() {
    let game = whist_game(Trumps::Spades).unwrap();
    let (mut wins_a, mut wins_b) = (0, 0);
    for seed in 0..40 {
        let mut engine = new_whist_engine(&game, seed).unwrap();
        play_out(&game, &mut engine, 3 * seed as usize + 1);
        let state = engine.state();
        let [a, b] = tricks(state);
        assert_eq!(a + b, 13);
        let side = usize::from(b > a);
        let winners: Vec<PlayerId> = [seat(state, side), seat(state, side + 2)].into();
        let mut got = state.winners().to_vec();
        got.sort();
        let mut want = winners.clone();
        want.sort();
        assert_eq!(got, want, "seed {seed}: {a} to {b}");
        if side == 0 {
            wins_a += 1
        } else {
            wins_b += 1
        }
        // whist's points: a point a trick over six, the other side as many below
        let points = f64::from(a.max(b)) - 6.0;
        let want: Vec<f64> = (0..4)
            .map(|at| if at % 2 == side { points } else { -points })
            .collect();
        assert_eq!(whist_result(state), want, "seed {seed}: {a} to {b}");
        // every card is on a side's face-down pile, as many as its tricks
        for (s, n) in [(0, a), (1, b)] {
            let pile = state.zone_id(&taken_zone_id(s)).unwrap();
            assert_eq!(state.zone_cards(pile).len(), 4 * usize::from(n));
            let info = state.info_state(seat(state, s));
            assert!(
                !info.sees(pile),
                "a taken pile is face down, even to its side"
            );
        }
        assert!(state.current_player().is_none());
    }
    assert!(wins_a > 5 && wins_b > 5, "{wins_a} and {wins_b}");
}

#[test]
fn no_move_is_accepted_out_of_turn_or_after_the_end() {
    let game = whist_game(Trumps::Spades).unwrap();
    let mut engine = new_whist_engine(&game, 3).unwrap();
    let p2 = seat(engine.state(), 1);
    let card = engine.state().hand(p2)[0];
    let before = engine.state().clone();
    let refused = engine.dispatch(PlayCard::new(p2, [card])).unwrap_err();
    assert!(refused.to_string().contains("turn"), "{refused}");
    assert!(*engine.state() == before);
    play_out(&game, &mut engine, 0);
    let p1 = seat(engine.state(), 0);
    assert!(moves_of(&game, &engine, p1).is_empty());
}

#[test]
fn the_listed_moves_are_exactly_what_the_rules_accept() {
    let game = whist_game(Trumps::Spades).unwrap();
    for seed in 0..5 {
        let mut engine = new_whist_engine(&game, seed).unwrap();
        while let Some(mover) = engine.state().current_player() {
            // what a seat could send: any card of its hand
            let mismatches = check_moves(&engine, |engine, seat| {
                (engine.state().hand(seat).iter())
                    .map(|c| AnyAction::new(PlayCard::new(seat, [*c])))
                    .collect()
            });
            assert!(mismatches.is_empty(), "{mismatches:?}");
            let moves = moves_of(&game, &engine, mover);
            engine
                .dispatch_move(&moves, seed as usize % moves.len())
                .unwrap();
        }
    }
}

#[test]
fn what_a_seat_knows_never_depends_on_cards_it_has_not_seen() {
    let game = whist_game(Trumps::Spades).unwrap();
    let mut engine = new_whist_engine(&game, 11).unwrap();
    play_out(&game, &mut engine, 5);
    for viewer in ["p1", "p2", "p3", "p4"] {
        let report =
            check_history_leaks(&game, &engine.log(), viewer, 12, &mut GameRng::seed_from(2))
                .unwrap();
        // another deal may part from the history where a card it moved could not be
        // played there (follow suit): most are compared to their point
        assert!(
            report.compared >= 6 && report.steps > 100,
            "{viewer}: {report:?}"
        );
    }
}

#[test]
fn its_entry_names_sides_words_and_tells_a_game_trick_by_trick() {
    let def = WhistDef;
    assert_eq!(def.sides(4), [0, 1, 0, 1]);
    let loaded = Catalog::standard()
        .with(WhistDef)
        .load("whist(trumps=hearts)")
        .unwrap();
    assert_eq!(loaded.string(), "whist(trumps=hearts)");
    let mut engine = loaded.new_engine(4, 4).unwrap();
    let info = engine.state().info_state(seat(engine.state(), 0));
    assert_eq!(
        def.describe_table(&info),
        ["trumps: hearts", "tricks: your side 0, theirs 0"]
    );
    let game = Arc::clone(loaded.game());
    let mut events = Vec::new();
    while let Some(mover) = engine.state().current_player() {
        let moves = moves_of(&game, &engine, mover);
        events.extend(engine.dispatch_move(&moves, 0).unwrap().events);
    }
    let lines = def.narrate(engine.state(), &events).unwrap();
    // 52 plays, 13 tricks, one end
    assert_eq!(lines.len(), 66, "{lines:#?}");
    assert!(lines[0].starts_with("p1 plays "), "{}", lines[0]);
    assert!(
        lines[4].starts_with("p") && lines[4].contains(" takes the trick (p1 & p3 "),
        "{}",
        lines[4]
    );
    let last = lines.last().unwrap();
    assert!(
        last.contains(" win, ") && last.contains(" tricks to "),
        "{last}"
    );
    // a card in words: rank and suit sign
    let state = engine.state();
    let queen = state
        .card_id("std-heart-Q")
        .and_then(|id| state.card(id))
        .unwrap();
    assert_eq!(def.describe_card(queen), "Q♥");
    // a bad game string says what is wrong
    let bad = Catalog::standard()
        .with(WhistDef)
        .load("whist(trumps=stars)")
        .unwrap_err();
    assert!(bad.to_string().contains("trumps"), "{bad}");
}

#[test]
fn the_card_that_ends_a_trick_is_told_to_everyone_though_the_trick_went_face_down() {
    let loaded = Catalog::standard().with(WhistDef).load("whist").unwrap();
    let game = Arc::clone(loaded.game());
    let mut engine = loaded.new_engine(5, 4).unwrap();
    for _ in 0..3 {
        let mover = engine.state().current_player().unwrap();
        let moves = moves_of(&game, &engine, mover);
        engine.dispatch_move(&moves, 0).unwrap();
    }
    // the fourth card of the first trick: the trick goes to a face-down pile at once
    let mover = seat(engine.state(), 3);
    let moves = moves_of(&game, &engine, mover);
    let action = moves.to_any(0).unwrap();
    let events = engine.dispatch_move(&moves, 0).unwrap().events;
    let state = engine.state();
    let PlayCard { card_ids, .. } = action.downcast_ref::<PlayCard>().unwrap().clone();
    let pile = state.zone_of(card_ids[0]).unwrap();
    assert!(
        !state.info_state(seat(state, 0)).sees(pile),
        "it lies face down"
    );
    let words = loaded.def().describe_move(state, action.as_ref());
    for viewer in 0..4 {
        let told = loaded.tell_move(state, seat(state, viewer), &action, &events);
        assert_eq!(told.as_deref(), Some(words.as_str()), "seat {viewer}");
    }
    // without the move's events, nothing shows the card any more
    assert_eq!(loaded.tell_move(state, seat(state, 0), &action, &[]), None);
}
