//! What a seat knows ([`InfoState`]) and the worlds sampled from it
//! ([`InfoState::determinize`]): it is the same whatever the hidden cards are, a
//! world agrees with the view it came from, and every unseen card is equally likely to
//! be in every unseen place.

use crate::common::uno_bot;
use decklet_core::*;
use decklet_uno::*;
use proptest::prelude::*;

/// A game of `players` after up to `moves` random legal moves.
fn game(seed: u64, players: usize, moves: usize) -> GameEngine {
    let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), seed, players).unwrap();
    let mut bot = UnoRandomBot::new(seed + 1);
    for _ in 0..moves {
        let Some(player) = engine.state().current_player() else {
            break;
        };
        if !engine.state().winners().is_empty() {
            break;
        }
        let choice = bot_move(&mut bot, &engine, player).unwrap();
        choice.dispatch(&mut engine, player).unwrap();
    }
    engine
}

/// The state read back from JSON after `edit` changed its JSON value (both sides of a
/// comparison go through the same route, so variable order is the same).
fn through_json(state: &GameState, edit: impl FnOnce(&mut serde_json::Value)) -> GameState {
    let mut json: serde_json::Value = serde_json::from_str(&state.to_json().unwrap()).unwrap();
    edit(&mut json);
    GameState::from_json(&json.to_string()).unwrap()
}

/// The entry `id` of a table (`players`, `zones`, `cards`) of a state's JSON, where
/// the tables are lists; `Null` if it has none.
fn entry<'j>(json: &'j mut serde_json::Value, table: &str, id: &str) -> &'j mut serde_json::Value {
    let at = json[table]
        .as_array()
        .and_then(|entries| entries.iter().position(|e| e["id"] == id));
    match at {
        Some(at) => &mut json[table][at],
        None => &mut json["missing"],
    }
}

/// The card ids of a zone in the JSON form of a state.
fn zone_cards<'j>(json: &'j mut serde_json::Value, zone: &str) -> &'j mut Vec<serde_json::Value> {
    entry(json, "zones", zone)["cards"].as_array_mut().unwrap()
}

/// The position with one card of p2's hand traded for one deep in the deck, and the
/// deck cut: what p1 cannot see has changed, nothing else.
fn hidden_cards_moved(state: &GameState) -> (GameState, GameState) {
    let same = through_json(state, |_| {});
    let moved = through_json(state, |json| {
        let from_hand = zone_cards(json, "hand:p2").remove(0);
        let deck = zone_cards(json, "deck");
        let from_deck = deck.remove(0);
        deck.rotate_left(5);
        deck.insert(0, from_hand);
        zone_cards(json, "hand:p2").push(from_deck);
    });
    (same, moved)
}

#[test]
fn a_view_is_the_same_whatever_the_hidden_cards_are() {
    let engine = game(11, 4, 20);
    let (same, moved) = hidden_cards_moved(engine.state());
    assert_ne!(same, moved, "the hidden cards did move");
    let p1 = same.player_id("p1").unwrap();
    let p2 = same.player_id("p2").unwrap();
    assert_eq!(same.info_state(p1), moved.info_state(p1));
    // p2 sees its own hand change
    assert_ne!(same.info_state(p2), moved.info_state(p2));
    // so a bot of p1 hears the same and, with the same seed, does the same
    for kind in ["random", "heuristic"] {
        let mut bots = (
            uno_bot(kind, &uno_game(&[]).unwrap(), 3),
            uno_bot(kind, &uno_game(&[]).unwrap(), 3),
        );
        let game = uno_game(&[]).unwrap();
        let (mut a, mut b) = (Moves::new(), Moves::new());
        game.legal_moves(&same, p1, &mut a);
        game.legal_moves(&moved, p1, &mut b);
        assert_eq!(format!("{a:?}"), format!("{b:?}"));
        if !a.is_empty() {
            assert_eq!(
                bots.0.choose(&same.info_state(p1), &a),
                bots.1.choose(&moved.info_state(p1), &b)
            );
        }
    }
    // and the same seed samples the same world from either
    let worlds = (
        same.info_state(p1)
            .determinize(&SeatKnowledge::default(), &mut GameRng::seed_from(5))
            .unwrap(),
        moved
            .info_state(p1)
            .determinize(&SeatKnowledge::default(), &mut GameRng::seed_from(5))
            .unwrap(),
    );
    assert_eq!(worlds.0, worlds.1);
}

#[test]
fn a_view_shows_the_seat_its_hand_the_public_piles_and_only_counts_of_the_rest() {
    let engine = game(4, 3, 10);
    let state = engine.state();
    let p1 = state.player_id("p1").unwrap();
    let p2 = state.player_id("p2").unwrap();
    let view = state.info_state(p1);
    let deck = state.zone_id(UNO_DECK_ZONE_ID).unwrap();
    let discard = state.zone_id(UNO_DISCARD_ZONE_ID).unwrap();
    assert_eq!(view.hand(), state.hand(p1));
    assert_eq!(view.hand_size(p2), state.hand(p2).len());
    assert_eq!(view.zone_cards(state.hand_zone(p2).unwrap()), None);
    assert_eq!(view.zone_cards(deck), None);
    assert_eq!(view.zone_size(deck), state.zone_cards(deck).len());
    assert_eq!(view.top(deck), None);
    assert_eq!(view.zone_cards(discard), Some(state.zone_cards(discard)));
    assert_eq!(view.top(discard), state.top(discard));
    let hidden = state.hand(p2)[0];
    assert_eq!(view.zone_of(hidden), None);
    assert_eq!(view.zone_of(state.hand(p1)[0]), state.hand_zone(p1));
    assert_eq!(view.current_player(), state.current_player());
    assert_eq!(view.variable(&UNO_VAR_CURRENT_COLOR), current_color(state));
}

/// Pearson's chi-square statistic of `counts` against equal expectations.
fn chi_square(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len() as f64;
    counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum()
}

/// The chi-square value a statistic with `df` degrees of freedom passes with
/// probability 0.001 (Wilson–Hilferty).
fn chi_square_critical(df: usize) -> f64 {
    let k = df as f64;
    let z = 3.090; // the 0.999 quantile of the standard normal
    k * (1.0 - 2.0 / (9.0 * k) + z * (2.0 / (9.0 * k)).sqrt()).powi(3)
}

#[test]
fn every_unseen_card_is_equally_likely_in_every_unseen_place() {
    let engine = game(21, 4, 6);
    let state = engine.state();
    let p1 = state.player_id("p1").unwrap();
    let view = state.info_state(p1);
    // the unseen places: every position of every zone p1 does not see
    let unseen: Vec<ZoneId> = state.zones().filter(|z| !view.sees(*z)).collect();
    let places: Vec<(ZoneId, usize)> = unseen
        .iter()
        .flat_map(|z| (0..view.zone_size(*z)).map(move |k| (*z, k)))
        .collect();
    let mut tracked: Vec<CardId> = unseen
        .iter()
        .flat_map(|z| state.zone_cards(*z).iter().copied())
        .collect();
    tracked.sort_unstable();
    let tracked = [
        tracked[0],
        tracked[tracked.len() / 2],
        tracked[tracked.len() - 1],
    ];
    let samples = 12_000;
    let mut counts = vec![vec![0u64; places.len()]; tracked.len()];
    let mut by_zone = vec![vec![0u64; unseen.len()]; tracked.len()];
    let mut rng = GameRng::seed_from(99);
    for _ in 0..samples {
        let world = view
            .determinize(&SeatKnowledge::default(), &mut rng)
            .unwrap();
        for (place, (zone, k)) in places.iter().enumerate() {
            let card = world.zone_cards(*zone)[*k];
            if let Some(t) = tracked.iter().position(|c| *c == card) {
                counts[t][place] += 1;
                by_zone[t][unseen.iter().position(|z| z == zone).unwrap()] += 1;
            }
        }
    }
    let critical = chi_square_critical(places.len() - 1);
    for (t, counts) in counts.iter().enumerate() {
        assert_eq!(
            counts.iter().sum::<u64>(),
            samples,
            "each sample places the card once"
        );
        let statistic = chi_square(counts);
        assert!(
            statistic < critical,
            "card {t}: chi-square {statistic:.1} over {} places (critical {critical:.1})",
            places.len()
        );
        // and by zone: in proportion to each zone's size
        for (z, zone) in unseen.iter().enumerate() {
            let expected = samples as f64 * view.zone_size(*zone) as f64 / places.len() as f64;
            let seen = by_zone[t][z] as f64;
            assert!((seen - expected).abs() < 5.0 * expected.sqrt() + 1.0);
        }
    }
    // a sampler that left the cards where they are would fail the same test
    let mut frozen = vec![0u64; places.len()];
    for _ in 0..samples {
        let place = places
            .iter()
            .position(|(z, k)| state.zone_cards(*z)[*k] == tracked[0])
            .unwrap();
        frozen[place] += 1;
    }
    assert!(chi_square(&frozen) > critical);
}

#[test]
fn a_known_card_stays_where_the_seat_knows_it_is() {
    let engine = game(8, 3, 12);
    let state = engine.state();
    let p1 = state.player_id("p1").unwrap();
    let p3 = state.player_id("p3").unwrap();
    let hand3 = state.hand_zone(p3).unwrap();
    let shown = state.hand(p3)[0];
    let view = state.info_state(p1);
    let mut rng = GameRng::seed_from(1);
    let mut moved = false;
    for _ in 0..200 {
        let world = view
            .determinize(
                &SeatKnowledge {
                    placed: vec![(shown, hand3)],
                    limits: vec![],
                },
                &mut rng,
            )
            .unwrap();
        assert!(world.hand(p3).contains(&shown));
        assert_eq!(world.info_state(p1), view);
        moved |= world.hand(p3) != state.hand(p3);
    }
    assert!(
        moved,
        "the other cards of the hand are still dealt at random"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn a_world_is_a_valid_game_that_agrees_with_the_view(
        game_seed in 0u64..1_000_000,
        players in 2usize..=6,
        moves in 0usize..120,
        seat in 0usize..6,
        seed in any::<u64>(),
    ) {
        let engine = game(game_seed, players, moves);
        let state = engine.state();
        let seat = state.seat_order()[seat % state.player_count()];
        let view = state.info_state(seat);
        let world = view.determinize(&SeatKnowledge::default(), &mut GameRng::seed_from(seed)).unwrap();
        prop_assert!(world.validate().is_ok());
        prop_assert_eq!(world.info_state(seat), view);
        prop_assert_eq!(world.hand(seat), state.hand(seat));
        // the same cards, wherever they are
        let mut before: Vec<CardId> = state.zones().flat_map(|z| state.zone_cards(z).to_vec()).collect();
        let mut after: Vec<CardId> = world.zones().flat_map(|z| world.zone_cards(z).to_vec()).collect();
        before.sort_unstable();
        after.sort_unstable();
        prop_assert_eq!(before, after);
        // and a game the engine plays on from, with the same legal actions for the seat
        let mut fork = engine.fork();
        fork.load_state(world.clone()).unwrap();
        prop_assert_eq!(legal_actions(&world, seat), legal_actions(state, seat));
        if let Some(current) = world.current_player()
            && let Some(choice) = bot_move(&mut UnoRandomBot::new(seed), &fork, current)
        {
            prop_assert!(choice.dispatch(&mut fork, current).is_ok());
        }
    }
}

#[test]
fn a_limit_on_a_hand_is_met_and_nothing_the_seat_sees_changes() {
    let engine = game(21, 3, 9);
    let state = engine.state();
    let p1 = state.player_id("p1").unwrap();
    let p2 = state.player_id("p2").unwrap();
    let hand2 = state.hand_zone(p2).unwrap();
    // p2 holds no red card: every red card is somewhere else
    let red: CardSet = state
        .cards()
        .ids()
        .filter(|c| card_view(state, *c).is_some_and(|v| v.color == Some(UnoColor::Red)))
        .collect();
    let limit = ZoneLimit {
        zone: hand2,
        cards: red.clone(),
        at_most: 0,
    };
    let view = state.info_state(p1);
    let mut rng = GameRng::seed_from(4);
    let mut red_elsewhere = 0;
    for _ in 0..200 {
        let world = view
            .determinize(
                &SeatKnowledge {
                    placed: vec![],
                    limits: vec![limit.clone()],
                },
                &mut rng,
            )
            .unwrap();
        assert_eq!(limit.held(&world), 0);
        assert_eq!(world.info_state(p1), view);
        assert!(world.validate().is_ok());
        red_elsewhere += world
            .players()
            .filter(|p| *p != p1 && *p != p2)
            .map(|p| world.hand(p).iter().filter(|c| red.contains(**c)).count())
            .sum::<usize>();
    }
    assert!(
        red_elsewhere > 0,
        "the red cards go to the other unseen places too"
    );
    // without the limit p2 is dealt red cards
    let unlimited = (0..50)
        .map(|_| {
            view.determinize(&SeatKnowledge::default(), &mut rng)
                .unwrap()
        })
        .filter(|w| limit.held(w) > 0)
        .count();
    assert!(unlimited > 0);
}

/// Plays `moves` moves of a game of heuristic bots, with `seat`'s knowledge following
/// them; returns the engine and what the seat learnt.
fn heuristic_game(
    seed: u64,
    players: usize,
    moves: usize,
    seat: usize,
) -> (GameEngine, PlayerId, HandKnowledge) {
    let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), seed, players).unwrap();
    let seat = engine.state().seat_order()[seat % players];
    let mut bots: Vec<HeuristicBot> = (0..players)
        .map(|i| HeuristicBot::new(seed + i as u64))
        .collect();
    let mut knowledge = HandKnowledge::default();
    for _ in 0..moves {
        let state = engine.state();
        let Some(player) = state.current_player() else {
            break;
        };
        if !state.winners().is_empty() {
            break;
        }
        let bot = &mut bots[state.seat_index(player).unwrap()];
        let choice = bot_move(bot, &engine, player).unwrap();
        let state = engine.state();
        knowledge.observe(&state.info_state(seat), player, choice);
        choice.dispatch(&mut engine, player).unwrap();
    }
    (engine, seat, knowledge)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Against players who play whenever they can, what a seat learns from the moves is
    /// true of the real hands, and the worlds sampled with it agree with it and with the
    /// view.
    #[test]
    fn what_a_seat_learns_from_draws_is_true_and_worlds_agree_with_it(
        game_seed in 0u64..1_000_000,
        players in 2usize..=5,
        moves in 0usize..150,
        seat in 0usize..5,
        seed in any::<u64>(),
    ) {
        let (engine, seat, knowledge) = heuristic_game(game_seed, players, moves, seat);
        let state = engine.state();
        let view = state.info_state(seat);
        let limits = knowledge.limits(&view);
        for limit in &limits {
            prop_assert!(limit.held(state) <= limit.at_most, "the real hand breaks {:?}", limit.zone);
        }
        let world = view.determinize(&SeatKnowledge { placed: vec![], limits: limits.clone() }, &mut GameRng::seed_from(seed)).unwrap();
        prop_assert!(world.validate().is_ok());
        prop_assert_eq!(world.info_state(seat), view);
        for limit in &limits {
            prop_assert!(limit.held(&world) <= limit.at_most);
        }
    }
}

#[test]
fn a_seat_learns_from_the_draws_it_sees() {
    let learnt: usize = (0..20)
        .map(|seed| {
            let (engine, seat, knowledge) = heuristic_game(seed, 3, 40, 0);
            knowledge.limits(&engine.state().info_state(seat)).len()
        })
        .sum();
    assert!(learnt >= 10, "limits learnt in 20 games: {learnt}");
}

/// The history: each seat hears the events as they are shown to it (another seat's
/// draw without its cards), in order, and two seats' histories differ only there.
#[test]
fn a_seat_hears_the_events_as_they_are_shown_to_it() {
    let mut engine = game(6, 2, 0);
    let state = engine.state();
    let current = state.current_player().unwrap();
    let other = state.players().find(|p| *p != current).unwrap();
    let (mut mine, mut theirs) = (state.info_state(current), state.info_state(other));
    assert!(mine.history().is_empty());
    let outcome = LegalAction::Draw.dispatch(&mut engine, current).unwrap();
    for info in [&mut mine, &mut theirs] {
        info.refresh(engine.state());
        info.hear(&outcome.events);
        assert_eq!(info.history().len(), outcome.events.len());
    }
    let drawn = |info: &InfoState| {
        info.history()
            .iter()
            .find_map(|e| {
                e.downcast_ref::<decklet_plugins::CardDrawn>()
                    .map(|d| d.card_ids.len())
            })
            .unwrap()
    };
    assert_eq!((drawn(&mine), drawn(&theirs)), (1, 0));
    let text = theirs.to_json().to_string();
    let card = engine
        .state()
        .id_text(*engine.state().hand(current).last().unwrap())
        .into_owned();
    let json = theirs.to_json();
    assert!(json["history"].to_string().find(&card).is_none(), "{text}");
    assert_ne!(mine, theirs);
}
