//! Hearts, rule by rule (`docs/hearts.md`): the deal, the pass, the first lead,
//! following suit, the first trick, breaking hearts, taking tricks, the score and the
//! moon. Each rule is checked at every decision of many random games (what the seat is
//! offered, and what the rules refuse, with their reason, leaving the game as it was),
//! and the listed moves are exactly the moves the rules accept.

use std::sync::Arc;

use decklet_bots::check_moves;
use decklet_core::{
    AnyAction, CardId, Game, GameEngine, GameRng, GameState, GameStatus, PlayCard, state_digest,
};
use decklet_hearts::*;

fn face(state: &GameState, card: CardId) -> HeartsCard {
    HeartsCard::of(state.card(card).unwrap()).unwrap()
}

fn faces(state: &GameState, cards: &[CardId]) -> Vec<HeartsCard> {
    cards.iter().map(|c| face(state, *c)).collect()
}

fn played(state: &GameState) -> i64 {
    state.variable(&HEARTS_VAR_PLAYED).unwrap()
}

fn table(state: &GameState) -> HeartsTable {
    HeartsTable::of(state).unwrap()
}

/// Plays a game of random moves, calling `check` before each move with the moves the
/// seat to move is offered.
fn random_game(
    game: &Arc<Game>,
    seed: u64,
    mut check: impl FnMut(&GameEngine, &decklet_core::Moves),
) -> GameEngine {
    let mut engine = new_hearts_engine(game, seed).unwrap();
    let mut rng = GameRng::seed_from(seed ^ 0x5eed);
    let mut moves = decklet_core::Moves::new();
    while engine.state().status() == GameStatus::Playing {
        let seat = engine.state().current_player().unwrap();
        game.legal_moves(engine.state(), seat, &mut moves);
        assert!(!moves.is_empty(), "the seat to move has a move");
        check(&engine, &moves);
        let pick = rng.index(moves.len());
        engine.dispatch_move(&moves, pick).unwrap();
    }
    engine
}

/// Dispatches `action`, which must be refused with `reason`, and leaves the game as it
/// was.
fn refused(engine: &GameEngine, action: AnyAction, reason: &str) {
    let mut fork = engine.fork();
    let before = state_digest(fork.state());
    let error = fork.dispatch_any(action).unwrap_err().to_string();
    assert!(error.contains(reason), "{error}");
    assert_eq!(
        state_digest(fork.state()),
        before,
        "a refused move changed the game"
    );
}

fn play(state: &GameState, card: CardId) -> AnyAction {
    AnyAction::new(PlayCard::new(state.current_player().unwrap(), [card]))
}

#[test]
fn the_deal_gives_thirteen_cards_each_and_seat_one_passes_first() {
    let game = hearts_game(HeartsOptions::default()).unwrap();
    let mut directions = [0; 4];
    for seed in 0..40 {
        let engine = new_hearts_engine(&game, seed).unwrap();
        let state = engine.state();
        let seats = state.seat_order().to_vec();
        let dir = state.variable(&HEARTS_VAR_PASS_DIR).unwrap();
        directions[dir as usize] += 1;
        let held: usize = seats.iter().map(|p| state.hand(*p).len()).sum();
        // passing or not, every card is in a hand
        assert_eq!(held, 52);
        if dir == 0 {
            assert!(!state.variable(&HEARTS_VAR_PASSING).unwrap());
            let two = table(state).find(TWO_OF_CLUBS).unwrap();
            assert!(state.hand(state.current_player().unwrap()).contains(&two));
        } else {
            assert!(state.variable(&HEARTS_VAR_PASSING).unwrap());
            assert_eq!(state.current_player(), Some(seats[0]));
        }
        for p in &seats {
            assert_eq!(state.hand(*p).len(), 13);
        }
    }
    // every direction comes up, no pass included
    assert!(directions.iter().all(|n| *n > 0), "{directions:?}");
}

#[test]
fn three_cards_pass_in_the_drawn_direction_unseen_by_the_others() {
    let game = hearts_game(HeartsOptions::default()).unwrap();
    let mut checked = 0;
    for seed in 0..30 {
        let mut engine = new_hearts_engine(&game, seed).unwrap();
        let dir = engine.state().variable(&HEARTS_VAR_PASS_DIR).unwrap() as usize;
        if dir == 0 {
            continue;
        }
        let seats = engine.state().seat_order().to_vec();
        let before: Vec<Vec<CardId>> = seats
            .iter()
            .map(|p| engine.state().hand(*p).to_vec())
            .collect();
        let mut passed: Vec<Vec<CardId>> = vec![Vec::new(); 4];
        let mut moves = decklet_core::Moves::new();
        for (at, seat) in seats.iter().enumerate() {
            for n in 0..3 {
                assert_eq!(engine.state().current_player(), Some(*seat));
                game.legal_moves(engine.state(), *seat, &mut moves);
                // a pass of each card in hand, nothing else
                assert_eq!(moves.len(), 13 - n);
                assert!((0..moves.len()).all(|i| moves.is::<PassCard>(i)));
                // a play is refused while cards are passed
                let card = engine.state().hand(*seat)[0];
                refused(&engine, play(engine.state(), card), "being passed");
                let pick = (seed as usize + n) % moves.len();
                let card = moves.get_as::<PassCard>(pick).unwrap();
                passed[at].push(card.card_id);
                let outcome = engine.dispatch_move(&moves, pick).unwrap();
                // the others hear that a card was put aside, not which
                for heard in &outcome.events {
                    for other in &seats {
                        let told = heard.view_for(*other);
                        let chosen = told.downcast_ref::<CardChosen>().map(|e| e.card_ids.len());
                        let handed = told.downcast_ref::<CardsPassed>().map(|e| {
                            let party = *other == e.player_id || *other == e.to_player_id;
                            (party, e.card_ids.len())
                        });
                        match (chosen, handed) {
                            (Some(n), _) => assert_eq!(n, usize::from(other == seat)),
                            (_, Some((party, n))) => assert_eq!(n, if party { 3 } else { 0 }),
                            _ => {}
                        }
                    }
                }
                if at == 3 && n == 2 {
                    break; // the last card: every seat's three are handed over
                }
                // the card chosen is put aside where only its owner sees it
                let aside = table(engine.state()).passing[at];
                for other in &seats {
                    let info = engine.state().info_state(*other);
                    let seen = info.zone_cards(aside);
                    match other == seat {
                        true => assert_eq!(seen, Some(&passed[at][..])),
                        false => assert_eq!(seen, None),
                    }
                }
            }
        }
        let state = engine.state();
        for (at, seat) in seats.iter().enumerate() {
            let from = (at + 4 - dir) % 4;
            let mut expected: Vec<CardId> = before[at]
                .iter()
                .filter(|c| !passed[at].contains(c))
                .chain(&passed[from])
                .copied()
                .collect();
            let mut hand = state.hand(*seat).to_vec();
            expected.sort();
            hand.sort();
            assert_eq!(
                hand, expected,
                "seed {seed}: seat {at} with direction {dir}"
            );
        }
        // play begins with the two of clubs
        let two = table(state).find(TWO_OF_CLUBS).unwrap();
        assert!(state.hand(state.current_player().unwrap()).contains(&two));
        assert!(!state.variable(&HEARTS_VAR_PASSING).unwrap());
        checked += 1;
    }
    assert!(checked > 10);
}

#[test]
fn without_passing_the_two_of_clubs_leads_and_nothing_else() {
    let game = hearts_game(HeartsOptions {
        pass_cards: false,
        ..HeartsOptions::default()
    })
    .unwrap();
    for seed in 0..10 {
        let engine = new_hearts_engine(&game, seed).unwrap();
        let state = engine.state();
        assert_eq!(state.variable(&HEARTS_VAR_PASS_DIR), Some(0));
        let seat = state.current_player().unwrap();
        let mut moves = decklet_core::Moves::new();
        game.legal_moves(state, seat, &mut moves);
        assert_eq!(
            moves
                .each(|m| describe_move(state.cards(), m))
                .collect::<Vec<_>>(),
            ["play 2♣"]
        );
        // any other card is refused, and says why
        let other = state
            .hand(seat)
            .iter()
            .copied()
            .find(|c| face(state, *c) != TWO_OF_CLUBS)
            .unwrap();
        refused(&engine, play(state, other), "two of clubs");
        // so is a player out of turn
        let next = state
            .seat_order()
            .iter()
            .copied()
            .find(|p| *p != seat)
            .unwrap();
        let theirs = state.hand(next)[0];
        refused(
            &engine,
            AnyAction::new(PlayCard::new(next, [theirs])),
            "turn",
        );
    }
    // with can_lead_any_club, any club may open
    let game = hearts_game(HeartsOptions {
        pass_cards: false,
        can_lead_any_club: true,
        ..HeartsOptions::default()
    })
    .unwrap();
    let engine = new_hearts_engine(&game, 3).unwrap();
    let state = engine.state();
    let seat = state.current_player().unwrap();
    let mut moves = decklet_core::Moves::new();
    game.legal_moves(state, seat, &mut moves);
    let clubs = faces(state, state.hand(seat))
        .iter()
        .filter(|c| c.suit == CLUBS)
        .count();
    assert_eq!(moves.len(), clubs);
}

/// The checks of the play every rule set shares: follow suit, the first trick, leading
/// hearts, and the trick's winner.
fn check_play(options: HeartsOptions, games: u64) {
    let game = hearts_game(options).unwrap();
    let mut seen = [0usize; 4];
    for seed in 0..games {
        let mut last_leader: Option<i64> = None;
        let engine = random_game(&game, seed, |engine, moves| {
            let state = engine.state();
            if state.variable(&HEARTS_VAR_PASSING).unwrap() {
                return;
            }
            let seat = state.current_player().unwrap();
            let table = table(state);
            let hand = faces(state, state.hand(seat));
            let offered: Vec<HeartsCard> = (0..moves.len())
                .map(|i| face(state, moves.get_as::<PlayCard>(i).unwrap().card_ids[0]))
                .collect();
            let trick = faces(state, state.zone_cards(table.trick));
            let n = played(state);
            // the trick just taken went to the highest card of the suit led, who leads
            if let Some(leader) = last_leader.take()
                && trick.is_empty()
                && n > 0
            {
                let taken = state.zone_cards(table.taken);
                let faces = faces(state, &taken[taken.len() - 4..]);
                let best = (0..4)
                    .filter(|i| faces[*i].suit == faces[0].suit)
                    .max_by_key(|i| faces[*i].rank)
                    .unwrap();
                let winner = state.seat_order()[(leader as usize + best) % 4];
                assert_eq!(state.current_player(), Some(winner));
                seen[0] += 1;
            }
            if let Some(led) = trick.first() {
                if hand.iter().any(|c| c.suit == led.suit) {
                    // follow suit
                    assert!(offered.iter().all(|c| c.suit == led.suit));
                    assert_eq!(
                        offered.len(),
                        hand.iter().filter(|c| c.suit == led.suit).count()
                    );
                    if let Some(card) = state
                        .hand(seat)
                        .iter()
                        .find(|c| face(state, **c).suit != led.suit)
                    {
                        refused(engine, play(state, *card), "follow suit");
                    }
                    seen[1] += 1;
                } else if n < 4
                    && options.no_pts_on_first_trick
                    && hand.iter().any(|c| !c.is_penalty())
                {
                    // no points on the first trick
                    assert!(offered.iter().all(|c| !c.is_penalty()));
                    if let Some(card) = state
                        .hand(seat)
                        .iter()
                        .find(|c| face(state, **c).is_penalty())
                    {
                        refused(engine, play(state, *card), "first trick");
                        seen[2] += 1;
                    }
                } else {
                    assert_eq!(offered.len(), hand.len());
                }
            } else if n > 0 {
                let broken = state.variable(&HEARTS_VAR_BROKEN).unwrap();
                let others = hand.iter().filter(|c| c.suit != HEARTS).count();
                if !broken && others > 0 {
                    // no heart led before hearts are broken
                    let qs_alone = options.can_lead_hearts_instead_of_qs
                        && others == 1
                        && hand.contains(&QUEEN_OF_SPADES);
                    if !qs_alone {
                        assert!(offered.iter().all(|c| c.suit != HEARTS));
                        if let Some(card) = state
                            .hand(seat)
                            .iter()
                            .find(|c| face(state, **c).suit == HEARTS)
                        {
                            refused(engine, play(state, *card), "not broken");
                            seen[3] += 1;
                        }
                    } else {
                        assert_eq!(offered.len(), hand.len());
                    }
                } else {
                    assert_eq!(offered.len(), hand.len());
                }
            }
            if trick.len() == 3 {
                last_leader = state.variable(&HEARTS_VAR_LEADER);
            }
        });
        check_end(&engine, options);
    }
    assert!(
        seen.iter().all(|n| *n > 0),
        "every rule was exercised: {seen:?}"
    );
}

/// The end: every card played, the points and returns as the tricks give them.
fn check_end(engine: &GameEngine, options: HeartsOptions) {
    let state = engine.state();
    assert_eq!(state.status(), GameStatus::Finished);
    assert_eq!(played(state), 52);
    let table = table(state);
    assert_eq!(state.zone_cards(table.taken).len(), 52);
    let points = hearts_points(state);
    let returns = hearts_returns(state);
    let moon = state.variable(&HEARTS_VAR_MOON).unwrap();
    let tricks: i64 = state
        .variable(&HEARTS_VAR_TRICKS)
        .unwrap()
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .sum();
    assert_eq!(tricks, 13);
    let jd = if options.jd_bonus { -10 } else { 0 };
    let total: i64 = points.iter().sum();
    if moon >= 0 {
        // 26 to each other player
        assert_eq!(total, 78 + jd);
    } else if !options.avoid_all_tricks_bonus {
        assert_eq!(total, 26 + jd);
    }
    for (p, r) in points.iter().zip(&returns) {
        assert_eq!(*r, (26 - p) as f64);
    }
    let least = points.iter().min().unwrap();
    let winners: Vec<_> = state
        .seat_order()
        .iter()
        .zip(&points)
        .filter(|(_, p)| *p == least)
        .map(|(w, _)| *w)
        .collect();
    assert_eq!(state.winners(), winners);
}

#[test]
fn the_play_follows_every_rule_with_the_default_options() {
    check_play(HeartsOptions::default(), 60);
}

#[test]
fn the_play_follows_every_rule_with_every_option_switched() {
    check_play(
        HeartsOptions {
            pass_cards: false,
            jd_bonus: true,
            avoid_all_tricks_bonus: true,
            qs_breaks_hearts: false,
            can_lead_hearts_instead_of_qs: true,
            ..HeartsOptions::default()
        },
        60,
    );
}

#[test]
fn a_player_who_takes_every_penalty_card_shoots_the_moon() {
    // the ducker at three seats and a random player rarely shoot the moon; random
    // games with no pass do, now and then: find some and check their score
    let game = hearts_game(HeartsOptions::default()).unwrap();
    let mut moons = 0;
    for seed in 0..3_000 {
        let engine = random_game(&game, seed, |_, _| {});
        let state = engine.state();
        let moon = state.variable(&HEARTS_VAR_MOON).unwrap();
        if moon < 0 {
            continue;
        }
        moons += 1;
        let points = hearts_points(state);
        for (at, p) in points.iter().enumerate() {
            assert_eq!(*p, if at as i64 == moon { 0 } else { 26 });
        }
        assert_eq!(state.winners(), [state.seat_order()[moon as usize]]);
        if moons == 3 {
            return;
        }
    }
    panic!("only {moons} moons in 3,000 random games");
}

#[test]
fn the_listed_moves_are_exactly_the_moves_the_rules_accept() {
    let game = hearts_game(HeartsOptions::default()).unwrap();
    let mut checked = 0;
    for seed in 0..4 {
        random_game(&game, seed, |engine, _| {
            // every card of every seat, as a play and as a pass
            let mismatches = check_moves(engine, |engine, seat| {
                let state = engine.state();
                state
                    .cards()
                    .ids()
                    .flat_map(|card| {
                        [
                            AnyAction::new(PlayCard::new(seat, [card])),
                            AnyAction::new(PassCard {
                                player_id: seat,
                                card_id: card,
                            }),
                        ]
                    })
                    .collect()
            });
            assert_eq!(mismatches, []);
            checked += 1;
        });
    }
    assert!(checked > 200);
}

#[test]
fn a_game_replays_from_its_log_options_included() {
    let options = HeartsOptions {
        jd_bonus: true,
        ..HeartsOptions::default()
    };
    let game = hearts_game(options).unwrap();
    let engine = random_game(&game, 11, |_, _| {});
    let log = engine.log();
    assert_eq!(log.game.as_deref(), Some("hearts(jd_bonus=true)"));
    let mut replayed = GameEngine::new(&game, decklet_core::EngineConfig::default());
    replayed
        .replay(&log, decklet_core::Verify::Required)
        .unwrap();
    assert_eq!(state_digest(replayed.state()), state_digest(engine.state()));
    // the log names its options: a game built with others refuses it
    let other = hearts_game(HeartsOptions::default()).unwrap();
    let mut wrong = GameEngine::new(&other, decklet_core::EngineConfig::default());
    assert!(wrong.replay(&log, decklet_core::Verify::Required).is_err());
}
