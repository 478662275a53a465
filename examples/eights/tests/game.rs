//! Eights, tested as a user of decklet-core, decklet-plugins and decklet-bots would:
//! every rule with a refusal that leaves the state as it was, whole games by bots with
//! the listed moves checked on every position, the reshuffle, the replay and what a
//! seat may know.

use decklet_bots::{Bot, RandomBot, check_moves, play_game};
use decklet_core::{
    AnyAction, CardId, EngineConfig, GameEngine, GameRng, GameState, GameStatus, PlayerId, Verify,
    check_seat_leaks,
};
use decklet_plugins::{DeckReshuffled, DrawCard, EndTurn, Rank, StandardCard, Suit};
use eights::*;

fn engine(seed: u64, players: usize) -> GameEngine {
    new_match(&eights_game().unwrap(), seed, players).unwrap()
}

fn current(engine: &GameEngine) -> PlayerId {
    engine.state().current_player().unwrap()
}

fn moves(state: &GameState, seat: PlayerId) -> Vec<AnyAction> {
    let mut moves = decklet_core::Moves::new();
    eights_game().unwrap().legal_moves(state, seat, &mut moves);
    moves.to_vec()
}

/// A card of `player`'s hand that `keep` accepts.
fn card_in_hand(
    state: &GameState,
    player: PlayerId,
    keep: impl Fn(StandardCard) -> bool,
) -> Option<CardId> {
    (state.hand(player).iter().copied())
        .find(|c| StandardCard::in_state(state, *c).is_some_and(&keep))
}

/// Dispatches `action`, which must be refused by `rule`, and checks that the state is
/// exactly as it was.
fn refused(engine: &mut GameEngine, action: impl decklet_core::Action, rule: &str) {
    let before = engine.state().clone();
    let err = engine.dispatch(action).unwrap_err();
    assert_eq!(err.rule(), Some(rule), "{err}");
    assert_eq!(engine.state(), &before);
}

#[test]
fn the_deal_gives_five_cards_each_and_turns_one_up() {
    for players in 2..=6 {
        let engine = engine(players as u64, players);
        let state = engine.state();
        assert!(state.players().all(|p| state.hand(p).len() == HAND_SIZE));
        let pile = state.zone_id(PILE).unwrap();
        assert_eq!(state.zone_cards(pile).len(), 1);
        let deck = state.zone_id("deck").unwrap();
        assert_eq!(state.zone_cards(deck).len(), 52 - HAND_SIZE * players - 1);
        assert_eq!(suit_in_force(state), top(state).map(|c| c.suit));
        assert_eq!(state.current_player(), state.seat_order().first().copied());
    }
}

#[test]
fn a_move_against_the_rules_is_refused_and_changes_nothing() {
    let mut engine = engine(11, 3);
    let p1 = current(&engine);
    let p2 = engine.state().seat_order()[1];
    let some_card = engine.state().hand(p1)[0];
    let p2_card = engine.state().hand(p2)[0];
    refused(
        &mut engine,
        Play {
            player_id: p2,
            card_id: p2_card,
            suit: None,
        },
        "playOnYourTurn",
    );
    refused(
        &mut engine,
        Play {
            player_id: p1,
            card_id: p2_card,
            suit: None,
        },
        "playableCard",
    );
    refused(&mut engine, EndTurn { player_id: p1 }, "passAfterDrawing");
    refused(
        &mut engine,
        DrawCard {
            player_id: p2,
            count: 1,
        },
        "drawOnYourTurnOnce",
    );
    refused(
        &mut engine,
        DrawCard {
            player_id: p1,
            count: 2,
        },
        "drawOnYourTurnOnce",
    );
    refused(&mut engine, Deal {}, "dealtByTheGame");
    let state = engine.state();
    let top = top(state).unwrap();
    if let Some(card) = card_in_hand(state, p1, |c| {
        c.rank != Rank::Eight && c.suit != top.suit && c.rank != top.rank
    }) {
        refused(
            &mut engine,
            Play {
                player_id: p1,
                card_id: card,
                suit: None,
            },
            "playableCard",
        );
    }
    let not_eight = card_in_hand(engine.state(), p1, |c| c.rank != Rank::Eight).unwrap();
    refused(
        &mut engine,
        Play {
            player_id: p1,
            card_id: not_eight,
            suit: Some(Suit::Heart),
        },
        "playableCard",
    );
    // a draw, then a second draw is refused, and a pass is allowed
    engine
        .dispatch(DrawCard {
            player_id: p1,
            count: 1,
        })
        .unwrap();
    assert_eq!(engine.state().hand(p1).len(), HAND_SIZE + 1);
    refused(
        &mut engine,
        DrawCard {
            player_id: p1,
            count: 1,
        },
        "drawOnYourTurnOnce",
    );
    engine.dispatch(EndTurn { player_id: p1 }).unwrap();
    assert_eq!(current(&engine), p2);
    // p1's first card is still theirs
    assert!(engine.state().hand(p1).contains(&some_card));
}

#[test]
fn an_eight_names_the_suit_and_any_card_of_it_follows() {
    let found = (0..200).find_map(|seed| {
        let engine = engine(seed, 2);
        let p1 = current(&engine);
        card_in_hand(engine.state(), p1, |c| c.rank == Rank::Eight).map(|eight| (engine, p1, eight))
    });
    let (mut engine, p1, eight) = found.unwrap();
    refused(
        &mut engine,
        Play {
            player_id: p1,
            card_id: eight,
            suit: None,
        },
        "playableCard",
    );
    engine
        .dispatch(Play {
            player_id: p1,
            card_id: eight,
            suit: Some(Suit::Club),
        })
        .unwrap();
    let state = engine.state();
    assert_eq!(suit_in_force(state), Some(Suit::Club));
    assert_eq!(top(state).map(|c| c.rank), Some(Rank::Eight));
    let p2 = current(&engine);
    assert_ne!(p1, p2);
    for action in moves(engine.state(), p2) {
        if let Some(play) = action.downcast_ref::<Play>() {
            let card = StandardCard::in_state(engine.state(), play.card_id).unwrap();
            assert!(
                card.suit == Suit::Club || card.rank == Rank::Eight,
                "{card}"
            );
        }
    }
}

/// Bots play whole games with the listed moves; on every position the listed moves are
/// exactly those the rules accept (`check_moves`, the candidates every play of every
/// card with every suit or none, a draw and a pass for every seat).
#[test]
fn bots_play_whole_games_and_the_listed_moves_are_the_accepted_ones() {
    let (mut finished, mut positions) = (0, 0);
    for seed in 0..30 {
        let mut engine = engine(seed, 2 + (seed % 4) as usize);
        let mut rng = GameRng::seed_from(seed);
        for _ in 0..400 {
            if seed < 6 {
                let mismatches = check_moves(&engine, |engine, seat| {
                    let state = engine.state();
                    let mut all: Vec<AnyAction> = vec![
                        AnyAction::new(DrawCard {
                            player_id: seat,
                            count: 1,
                        }),
                        AnyAction::new(EndTurn { player_id: seat }),
                    ];
                    for &card_id in state.hand(seat) {
                        for suit in [None, Some(Suit::Spade), Some(Suit::Diamond)] {
                            all.push(AnyAction::new(Play {
                                player_id: seat,
                                card_id,
                                suit,
                            }));
                        }
                    }
                    all
                });
                assert!(mismatches.is_empty(), "seed {seed}: {mismatches:?}");
                positions += 1;
            }
            if engine.state().status() != GameStatus::Playing {
                break;
            }
            let list = moves(engine.state(), current(&engine));
            let pick = rng.index(list.len());
            engine.dispatch_any(list[pick].clone()).unwrap();
        }
        let state = engine.state();
        if state.status() == GameStatus::Finished {
            finished += 1;
            let winner = state.winners()[0];
            assert!(state.hand(winner).is_empty());
            assert_eq!(state.current_player(), None);
        }
        let cards: usize = state.players().map(|p| state.hand(p).len()).sum::<usize>()
            + state.zone_cards(state.zone_id(PILE).unwrap()).len()
            + state.zone_cards(state.zone_id("deck").unwrap()).len();
        assert_eq!(cards, 52, "every card in one zone");
    }
    assert!(finished >= 20, "{finished} of 30 games finished");
    assert!(positions > 500, "{positions} positions checked");
}

/// When the deck runs out, the pile but its top card is shuffled into it.
#[test]
fn the_pile_is_reshuffled_into_an_empty_deck() {
    let mut reshuffled = 0;
    for seed in 0..10 {
        let mut engine = engine(seed, 2);
        // draw and pass until the deck is empty
        for _ in 0..200 {
            let state = engine.state();
            let deck = state.zone_cards(state.zone_id("deck").unwrap()).len();
            let pile = state.zone_cards(state.zone_id(PILE).unwrap()).len();
            let top_before = top(state);
            let player = current(&engine);
            let outcome = engine
                .dispatch(DrawCard {
                    player_id: player,
                    count: 1,
                })
                .unwrap();
            if deck == 0 && pile > 1 {
                assert_eq!(outcome.events_of::<DeckReshuffled>().count(), 1);
                assert_eq!(top(engine.state()), top_before, "the top card stays");
                reshuffled += 1;
            }
            let list = moves(engine.state(), player);
            let play = list.iter().find(|a| a.downcast_ref::<Play>().is_some());
            engine
                .dispatch_any(
                    play.cloned()
                        .unwrap_or_else(|| AnyAction::new(EndTurn { player_id: player })),
                )
                .unwrap();
            if engine.state().status() != GameStatus::Playing {
                break;
            }
        }
    }
    assert!(reshuffled > 0);
}

#[test]
fn a_game_replays_from_its_log() {
    let game = eights_game().unwrap();
    let mut engine = new_match(&game, 9, 4).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = (0..4)
        .map(|i| Box::new(RandomBot::new(i)) as Box<dyn Bot>)
        .collect();
    play_game(&mut engine, &mut bots, 2_000).unwrap();
    let mut replayed = GameEngine::new(&game, EngineConfig::default());
    replayed.replay(&engine.log(), Verify::Required).unwrap();
    assert_eq!(replayed.state(), engine.state());
}

/// What a seat may know: re-deal what it cannot see (the deck, the other hands) and
/// everything it can reach, its moves included, is unchanged.
#[test]
fn no_seat_can_tell_a_redeal_apart() {
    let mut rng = GameRng::seed_from(5);
    for seed in 0..8 {
        let mut engine = engine(seed, 3);
        for step in 0..(seed * 7) {
            if engine.state().status() != GameStatus::Playing {
                break;
            }
            let list = moves(engine.state(), current(&engine));
            engine
                .dispatch_any(list[step as usize % list.len()].clone())
                .unwrap();
        }
        for seat in engine.state().players() {
            check_seat_leaks(&engine, seat, 3, &mut rng, moves, |_, _| Vec::new()).unwrap();
        }
    }
}

#[test]
fn an_action_naming_a_player_the_game_lacks_is_refused_as_it_is_read() {
    let engine = engine(1, 2);
    let before = engine.state().clone();
    let json =
        serde_json::json!({"type": "PLAY", "payload": {"playerId": "p9", "cardId": "std-heart-Q"}});
    let err = engine.action_from_json(&json).unwrap_err();
    assert!(err.to_string().contains("p9"), "{err}");
    assert_eq!(engine.state(), &before);
}
