//! What a seat knows, by construction: the leak check ([`check_seat_leaks`]) on UNO
//! under every preset and house rule, on the standard-deck plugins and on the
//! high-card example; and the three ways 0.2's seat views leaked, each as a regression.

use decklet::uno::bot_move;
use decklet::uno::{
    HeuristicBot, HouseRule, LegalAction, RuleSet, UNO_VAR_CHALLENGE_FROM, UnoChallenged,
    UnoRandomBot, card_view, current_color, legal_actions, new_uno_engine, uno_game, uno_search,
};
use decklet::{
    AnyAction, CardId, EngineError, GameEngine, GameRng, GameState, PlayerId, SeatKnowledge,
    ZoneId, check_seat_leaks, redeal_unseen,
};
use decklet_bots::Bot;

/// A UNO position: `moves` moves of heuristic bots that forget to call UNO a third of
/// the time (so that catches happen), out-of-turn moves included.
fn uno_position(seed: u64, players: usize, moves: usize, house: &[HouseRule]) -> GameEngine {
    let mut engine = new_uno_engine(&uno_game(house).unwrap(), seed, players).unwrap();
    let mut bots: Vec<HeuristicBot> = (0..players)
        .map(|i| HeuristicBot::new(seed ^ i as u64).forgetting_uno(0.3))
        .collect();
    for step in 0..moves {
        let state = engine.state();
        if !state.winners().is_empty() {
            break;
        }
        let Some(current) = state.current_player() else {
            break;
        };
        // now and then a seat out of turn moves first (a catch, a call, a jump-in)
        let other = state.seat_order()[step % players];
        let out_of_turn = legal_actions(state, other);
        let (player, choice) = if other != current && !out_of_turn.is_empty() && step % 3 == 0 {
            match bot_move(&mut bots[step % players], &engine, other) {
                Some(choice) => (other, choice),
                None => continue,
            }
        } else {
            let seat = state.seat_index(current).unwrap();
            (
                current,
                bot_move(&mut bots[seat], &engine, current).unwrap(),
            )
        };
        choice.dispatch(&mut engine, player).unwrap();
    }
    engine
}

fn uno_moves(state: &GameState, player: PlayerId) -> Vec<AnyAction> {
    legal_actions(state, player)
        .iter()
        .map(|m| m.to_action(player))
        .collect()
}

/// What UNO's code hands a seat: every bot's decision, in turn and out of turn.
fn uno_reach(house: &[HouseRule]) -> impl FnMut(&GameState, PlayerId) -> Vec<(String, String)> {
    let game = uno_game(house).unwrap();
    move |state, seat| {
        let mut moves = decklet::Moves::new();
        game.legal_moves(state, seat, &mut moves);
        if moves.is_empty() {
            return Vec::new();
        }
        let info = state.info_state(seat);
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(UnoRandomBot::new(5)),
            Box::new(HeuristicBot::new(5)),
            Box::new(uno_search(&game, 24, 5)),
        ];
        let mut seen = Vec::new();
        let told = |pick: Option<usize>| {
            let legal = pick.and_then(|i| LegalAction::of_move(&moves, i));
            format!("{pick:?} {legal:?}")
        };
        for bot in &mut bots {
            let name = bot.name().to_string();
            seen.push((name.clone(), told(bot.choose(&info, &moves))));
            let out = bot.choose_out_of_turn(&info, &moves);
            seen.push((format!("{name} out of turn"), told(out)));
        }
        seen
    }
}

#[test]
fn no_uno_seat_can_tell_a_redeal_apart_under_any_rules() {
    let mut rng = GameRng::seed_from(30);
    let mut positions = 0;
    for (k, house) in crate::rule_sets().into_iter().enumerate() {
        let mut reach = uno_reach(&house);
        for (i, moves) in [0, 9, 23, 41, 77].into_iter().enumerate() {
            let seed = 1000 * k as u64 + i as u64;
            let players = 2 + (i + k) % 4;
            let engine = uno_position(seed, players, moves, &house);
            for seat in engine.state().players() {
                if let Err(leak) =
                    check_seat_leaks(&engine, seat, 2, &mut rng, uno_moves, &mut reach)
                {
                    panic!("rules {house:?}, seed {seed}, {moves} moves: {leak}");
                }
            }
            positions += 1;
        }
    }
    assert!(positions >= 5 * 13, "{positions} positions checked");
}

#[test]
fn no_seat_can_tell_a_redeal_apart_in_the_high_card_game() {
    let mut rng = GameRng::seed_from(31);
    for seed in 0..12 {
        let mut engine = high_card::new_game(seed, 2 + (seed % 4) as u32).unwrap();
        // reveal some cards first
        for _ in 0..(seed % 3) {
            let Some(player) = engine.state().current_player() else {
                break;
            };
            engine
                .dispatch(high_card::Reveal { player_id: player })
                .unwrap();
        }
        let moves = |state: &GameState, player: PlayerId| -> Vec<AnyAction> {
            let may_reveal = state.current_player() == Some(player)
                && state.hand(player).is_empty()
                && state.winners().is_empty();
            match may_reveal {
                true => vec![AnyAction::new(high_card::Reveal { player_id: player })],
                false => Vec::new(),
            }
        };
        for seat in engine.state().players() {
            check_seat_leaks(&engine, seat, 3, &mut rng, moves, |_, _| Vec::new()).unwrap();
        }
    }
}

/// The three leaks of 0.2, one test each: they failed against its seat views.
mod regressions {
    use super::*;

    /// A UNO position mid-game under the official rules.
    fn mid_game(seed: u64) -> GameEngine {
        uno_position(seed, 4, 30, RuleSet::Official.rules())
    }

    /// Where each card the seat does not see lies, for real.
    fn real_placements(state: &GameState, seat: PlayerId) -> Vec<(CardId, ZoneId)> {
        let info = state.info_state(seat);
        state
            .zones()
            .filter(|z| !info.sees(*z))
            .flat_map(|z| state.zone_cards(z).iter().map(move |c| (*c, z)))
            .collect()
    }

    /// 1. Determinization was an oracle: it kept a guess only when it was true. Now a
    ///    world is drawn from the information state alone: a true and a false
    ///    placement are both obeyed, and the answer is the same whatever the real
    ///    cards are.
    #[test]
    fn determinizing_is_not_an_oracle() {
        let engine = mid_game(3);
        let state = engine.state();
        let seat = state.seat_order()[0];
        let mut rng = GameRng::seed_from(9);
        let redealt = redeal_unseen(state, seat, &mut rng);
        let truth = real_placements(state, seat);
        let lie = real_placements(&redealt, seat);
        assert_ne!(truth, lie, "the re-deal moved cards");
        let info = state.info_state(seat);
        for placed in [&truth, &lie] {
            let knowledge = SeatKnowledge {
                placed: placed.clone(),
                limits: Vec::new(),
            };
            let world = info
                .determinize(&knowledge, &mut GameRng::seed_from(4))
                .unwrap();
            for (card, zone) in placed.iter() {
                assert!(
                    world.zone_cards(*zone).contains(card),
                    "a placement was dropped"
                );
            }
            // the same world from the re-dealt position: nothing of the real cards is used
            let other = redealt
                .info_state(seat)
                .determinize(&knowledge, &mut GameRng::seed_from(4));
            assert_eq!(other.unwrap(), world);
        }
        // a placement that contradicts what the seat sees is an error
        let seen = state.hand(seat)[0];
        let hidden_zone = truth[0].1;
        let err = info
            .determinize(
                &SeatKnowledge {
                    placed: vec![(seen, hidden_zone)],
                    limits: Vec::new(),
                },
                &mut rng,
            )
            .unwrap_err();
        assert!(
            matches!(err, EngineError::ImpossibleKnowledge { .. }),
            "{err}"
        );
        let deck = state.zone_id("deck").unwrap();
        let too_many: Vec<(CardId, ZoneId)> = truth.iter().map(|(c, _)| (*c, deck)).collect();
        let err = info
            .determinize(
                &SeatKnowledge {
                    placed: too_many,
                    limits: Vec::new(),
                },
                &mut rng,
            )
            .unwrap_err();
        assert!(err.to_string().contains("more cards are placed"), "{err}");
    }

    /// 2. A seat's view printed the whole state with `{:?}`. The information state
    ///    prints what it holds (its JSON): no hidden zone's cards, no hidden card
    ///    outside the public card table, and the same text after a re-deal.
    #[test]
    fn debug_shows_no_hidden_card() {
        for seed in 0..6 {
            let engine = mid_game(seed);
            let state = engine.state();
            for seat in state.players() {
                let info = state.info_state(seat);
                let text = format!("{info:?}");
                let mut json = info.to_json();
                assert_eq!(text, format!("InfoState {json}"));
                // the card table says what the deck is made of, not where a card is
                json.as_object_mut().unwrap().remove("cards");
                let placed = json.to_string();
                for (card, _) in real_placements(state, seat) {
                    let name = format!("\"{}\"", state.id_text(card));
                    assert!(!placed.contains(&name), "Debug names hidden {name}");
                }
                let redealt = redeal_unseen(state, seat, &mut GameRng::seed_from(seed));
                assert_eq!(text, format!("{:?}", redealt.info_state(seat)));
            }
        }
    }

    /// Plays official games until a challenge is pending; returns the position.
    fn pending_challenges(count: usize) -> Vec<GameEngine> {
        let mut found = Vec::new();
        for seed in 0..2000u64 {
            let mut engine =
                new_uno_engine(&uno_game(RuleSet::Official.rules()).unwrap(), seed, 3).unwrap();
            let mut bots: Vec<HeuristicBot> = (0..3).map(|i| HeuristicBot::new(seed + i)).collect();
            for _ in 0..300 {
                let state = engine.state();
                if !state.winners().is_empty() {
                    break;
                }
                let current = state.current_player().unwrap();
                let legal = legal_actions(state, current);
                if legal.contains(&LegalAction::Challenge) {
                    found.push(engine.fork());
                    break;
                }
                let seat = state.seat_index(current).unwrap();
                let choice = bot_move(&mut bots[seat], &engine, current).unwrap();
                choice.dispatch(&mut engine, current).unwrap();
            }
            if found.len() >= count {
                break;
            }
        }
        found
    }

    /// 3. Whether a wild draw four was a bluff lay in a public variable, read by the
    ///    challenger before answering. No variable holds it now: the challenge is
    ///    decided by the challenged hand, so in a re-dealt position (which the
    ///    challenger cannot tell apart) the outcome follows the re-dealt hand.
    #[test]
    fn a_challenge_is_decided_by_the_hand_not_a_stored_fact() {
        let positions = pending_challenges(30);
        assert!(
            positions.len() >= 30,
            "{} challenges found",
            positions.len()
        );
        let (mut bluffs, mut fair) = (0, 0);
        for (k, engine) in positions.iter().enumerate() {
            let state = engine.state();
            let challenger = state.current_player().unwrap();
            let info = state.info_state(challenger);
            let from = info
                .variable(&UNO_VAR_CHALLENGE_FROM)
                .and_then(|t| state.player_id(&t))
                .unwrap();
            let color = info
                .variable(&decklet::uno::UNO_VAR_CHALLENGE_COLOR)
                .unwrap();
            for round in 0..4 {
                let redealt = redeal_unseen(
                    state,
                    challenger,
                    &mut GameRng::seed_from((k * 4 + round) as u64),
                );
                assert_eq!(redealt.info_state(challenger), info);
                let mut fork = engine.fork();
                fork.load_state(redealt).unwrap();
                let outcome = LegalAction::Challenge
                    .dispatch(&mut fork, challenger)
                    .unwrap();
                let told = outcome.events_of::<UnoChallenged>().next().unwrap().bluff;
                // the hand the challenged player kept at the play, in the re-dealt position
                let kept = info
                    .variable(&decklet::uno::UNO_VAR_CHALLENGE_HAND_SIZE)
                    .unwrap() as usize;
                let hand = bottom_of_hand(&fork, from, kept);
                let held = hand
                    .iter()
                    .any(|c| card_view(fork.state(), *c).is_some_and(|v| v.color == Some(color)));
                assert_eq!(told, held, "position {k}, re-deal {round}");
                if told { bluffs += 1 } else { fair += 1 }
            }
            // the colour in force is public: it was on the table before the wild
            assert!(current_color(state).is_some());
        }
        assert!(bluffs > 0 && fair > 0, "bluffs {bluffs}, fair {fair}");
    }

    /// The bottom `kept` cards of `player`'s hand after a challenge (the penalty, if
    /// any, went on top).
    fn bottom_of_hand(engine: &GameEngine, player: PlayerId, kept: usize) -> Vec<CardId> {
        engine.state().hand(player)[..kept].to_vec()
    }
}

/// A check given the wrong list of moves (every card a seat could name, the candidates
/// `check_moves` takes) says so in a sentence, with where the lists differ, not the
/// lists whole.
#[test]
fn a_check_given_every_card_as_moves_says_which_argument_is_wrong() {
    let engine = uno_position(5, 4, 10, &[]);
    let state = engine.state();
    let seat = state.current_player().unwrap();
    let every_card = |state: &GameState, player: PlayerId| -> Vec<AnyAction> {
        state
            .cards()
            .ids()
            .map(|card| AnyAction::new(decklet::PlayCard::new(player, [card])))
            .collect()
    };
    let nothing = |_: &GameState, _: PlayerId| Vec::new();
    // hands re-dealt: the same cards, each in another hidden zone, so the lists match
    // card for card; what differs is who holds them, which no list of moves shows...
    let mut rng = GameRng::seed_from(2);
    let all_cards = check_seat_leaks(&engine, seat, 4, &mut rng, every_card, nothing);
    // ...but a list of the cards in the other hands does
    let others_cards = |state: &GameState, player: PlayerId| -> Vec<AnyAction> {
        let other = state
            .seat_order()
            .iter()
            .copied()
            .find(|p| *p != player)
            .unwrap();
        state
            .hand(other)
            .iter()
            .map(|card| AnyAction::new(decklet::PlayCard::new(player, [*card])))
            .collect()
    };
    let leak = check_seat_leaks(&engine, seat, 4, &mut rng, others_cards, nothing).unwrap_err();
    let said = leak.to_string();
    assert_eq!(leak.through, "its moves");
    assert!(
        said.contains("The `moves` argument lists the seat's legal moves"),
        "{said}"
    );
    assert!(said.contains("line "), "{said}");
    assert!(said.len() < 1_000, "{} bytes: {said}", said.len());
    assert!(!said.contains("\\\\\""), "doubly escaped: {said}");
    assert!(all_cards.is_ok(), "{all_cards:?}");
}
