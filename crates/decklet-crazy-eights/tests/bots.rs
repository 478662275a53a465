//! Crazy Eights in the bot layer of any game (`decklet-bots`), which knows nothing of
//! it: the kit check on random positions (with and without special cards, two to seven
//! players, reshuffling or not), the search against random play, and the strategist.

use std::sync::Arc;

use decklet_bots::{
    Bot, Entrant, FnBot, IsmctsBot, IsmctsConfig, RandomBot, Tournament, check_moves_along,
    play_game,
};
use decklet_core::{AnyAction, GameEngine, PlayCard, PlayerId};
use decklet_crazy_eights::{
    CrazyEightsOptions, Draw, Nominate, Pass, SUITS, c8_returns, crazy_eights_game,
    new_crazy_eights_engine, strategist_choice,
};

/// Everything a Crazy Eights seat could send: each card it holds (and one it does
/// not), a draw, a pass, each suit (and one that is not).
fn c8_candidates(engine: &GameEngine, seat: PlayerId) -> Vec<AnyAction> {
    let state = engine.state();
    let mut all: Vec<AnyAction> = state
        .hand(seat)
        .iter()
        .map(|c| AnyAction::new(PlayCard::new(seat, [*c])))
        .collect();
    if let Some(other) = state
        .players()
        .find(|p| *p != seat)
        .and_then(|p| state.hand(p).first())
    {
        all.push(AnyAction::new(PlayCard::new(seat, [*other])));
    }
    all.push(AnyAction::new(PlayCard::new(seat, [])));
    all.push(AnyAction::new(Draw { player_id: seat }));
    all.push(AnyAction::new(Pass { player_id: seat }));
    for suit in SUITS.iter().chain(&["star"]) {
        all.push(AnyAction::new(Nominate {
            player_id: seat,
            suit: suit.to_string(),
        }));
    }
    all
}

#[test]
fn crazy_eights_lists_exactly_the_moves_its_rules_accept() {
    let mut checked = 0;
    for (i, (special, reshuffle, draws)) in [
        (false, false, 5),
        (true, false, 5),
        (true, true, 2),
        (false, true, 1),
    ]
    .into_iter()
    .enumerate()
    {
        let options = CrazyEightsOptions {
            use_special_cards: special,
            reshuffle,
            max_draw_cards: draws,
            ..CrazyEightsOptions::default()
        };
        let game = crazy_eights_game(options).unwrap();
        for seed in 0..6u64 {
            let players = 2 + ((seed as usize + i) % 6);
            let engine = new_crazy_eights_engine(&game, seed * 7 + i as u64, players).unwrap();
            checked += check_moves_along(engine, 400, seed, c8_candidates)
                .unwrap_or_else(|found| panic!("seed {seed}, {found}"));
        }
    }
    assert!(checked > 2_000, "{checked} positions");
}

#[test]
fn ismcts_beats_random_play_at_crazy_eights() {
    let game = crazy_eights_game(CrazyEightsOptions::default()).unwrap();
    let tournament = Tournament {
        game: Arc::clone(&game),
        entrants: vec![
            Entrant::new("ismcts", {
                let game = Arc::clone(&game);
                move |seed| {
                    let config = IsmctsConfig {
                        iterations: 40,
                        ..Default::default()
                    };
                    Box::new(IsmctsBot::new(&game, config, seed).with_scoring(c8_returns))
                        as Box<dyn Bot>
                }
            }),
            Entrant::new("random", |seed| {
                Box::new(RandomBot::new(seed)) as Box<dyn Bot>
            }),
        ],
        games: 24,
        seed: 1,
        max_moves: 10_000,
        scoring: c8_returns,
        new_match: std::sync::Arc::new(new_crazy_eights_engine),
    };
    let report = tournament.run().unwrap();
    let ismcts = &report.standings[0];
    println!("{:?}", report.standings);
    // even this small a search does much better than a coin
    let random = &report.standings[1];
    assert!(ismcts.win_rate() >= 0.6, "{:?}", report.standings);
    assert!(
        ismcts.mean_score > random.mean_score + 15.0,
        "{:?}",
        report.standings
    );
}

#[test]
fn the_strategist_plays_whole_games_and_beats_random_play() {
    let game = crazy_eights_game(CrazyEightsOptions::default()).unwrap();
    let mut better = 0;
    for seed in 0..200u64 {
        let mut engine = new_crazy_eights_engine(&game, seed, 2).unwrap();
        let strategist: Box<dyn Bot> = Box::new(FnBot::new("strategist", strategist_choice));
        let mut bots: Vec<Box<dyn Bot>> = if seed % 2 == 0 {
            vec![strategist, Box::new(RandomBot::new(seed))]
        } else {
            vec![Box::new(RandomBot::new(seed)), strategist]
        };
        let report = play_game(&mut engine, &mut bots, 10_000).unwrap();
        assert!(!report.capped);
        let returns = c8_returns(engine.state());
        let (mine, theirs) = if seed % 2 == 0 {
            (returns[0], returns[1])
        } else {
            (returns[1], returns[0])
        };
        better += u32::from(mine > theirs);
    }
    assert!(better > 130, "the strategist did better in {better} of 200");
}

#[test]
fn a_tournament_split_into_ranges_adds_up_to_the_same_report_bit_for_bit() {
    // three seats of Crazy Eights: draws at the best score share the win three ways,
    // the case that float sums in another order would change
    let game = crazy_eights_game(CrazyEightsOptions::default()).unwrap();
    let tournament = Tournament {
        game: Arc::clone(&game),
        entrants: (0..3)
            .map(|i| {
                Entrant::new(format!("random#{i}"), |seed| {
                    Box::new(RandomBot::new(seed)) as Box<dyn Bot>
                })
            })
            .collect(),
        games: 300,
        seed: 5,
        max_moves: 10_000,
        scoring: c8_returns,
        new_match: std::sync::Arc::new(new_crazy_eights_engine),
    };
    let whole = tournament.run().unwrap();
    let mut split = decklet_bots::TournamentTally::new(3);
    for range in [200..300, 0..7, 7..200] {
        split.merge(&tournament.play_games(range).unwrap());
    }
    assert_eq!(tournament.report(&split), whole);
    assert!(
        whole.standings.iter().any(|s| s.wins.fract() != 0.0),
        "some results are shared"
    );
    let shares: f64 = whole.standings.iter().map(|s| s.wins).sum();
    assert!((shares - 300.0).abs() < 1e-9, "{shares}");
}
