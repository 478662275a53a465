//! One game, many matches: a thousand engines share one built `Game`, and sharing it
//! changes nothing about any of them.

use std::sync::Arc;

use crate::uno_bot;
use decklet::uno::bot_move;
use decklet::uno::count_game;
use decklet::uno::{
    HouseRule, StackingMode, new_uno_engine, restart_uno_game, uno_game, uno_search,
};
use decklet::{EngineConfig, GameEngine, Verify};
use decklet_bots::Bot;

#[test]
fn a_thousand_engines_share_one_game_and_play_as_if_alone() {
    let game = uno_game(&[
        HouseRule::Stacking(StackingMode::DrawTwos),
        HouseRule::SevenZero,
    ])
    .unwrap();
    let mut engines: Vec<GameEngine> = (0..1000u64)
        .map(|seed| new_uno_engine(&game, seed, 2 + (seed % 5) as usize).unwrap())
        .collect();
    // the game, its registry and its plugins exist once, whatever the number of matches
    assert_eq!(Arc::strong_count(&game), 1001);
    assert!(engines.iter().all(|e| Arc::ptr_eq(e.game(), &game)));
    // every match moves a few times, interleaved with the others
    let mut bot = uno_bot("heuristic", &game, 1);
    for _ in 0..5 {
        for engine in &mut engines {
            let Some(player) = engine.state().current_player() else {
                continue;
            };
            if let Some(choice) = bot_move(bot.as_mut(), engine, player) {
                choice.dispatch(engine, player).unwrap();
            }
        }
    }
    // and each is the match it would have been on a game of its own
    for (seed, engine) in engines.iter().enumerate().step_by(97) {
        let alone = uno_game(&[
            HouseRule::Stacking(StackingMode::DrawTwos),
            HouseRule::SevenZero,
        ])
        .unwrap();
        let mut replayed = GameEngine::new(&alone, EngineConfig::default());
        replayed.replay(&engine.log(), Verify::Required).unwrap();
        assert_eq!(replayed.state(), engine.state(), "match {seed}");
    }
    drop(engines);
    assert_eq!(Arc::strong_count(&game), 1);
}

#[test]
fn forks_replays_reused_engines_and_searches_share_the_game_they_are_given() {
    let game = uno_game(&[]).unwrap();
    let engine = new_uno_engine(&game, 4, 3).unwrap();
    assert!(Arc::ptr_eq(engine.fork().game(), &game));
    let mut replayed = GameEngine::new(&game, EngineConfig::default());
    replayed.replay(&engine.log(), Verify::Required).unwrap();
    assert!(Arc::ptr_eq(replayed.game(), &game));
    let mut reused = new_uno_engine(&game, 8, 3).unwrap();
    restart_uno_game(&mut reused, 9, 3).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = (0..3).map(|i| uno_bot("random", &game, i)).collect();
    count_game(&mut reused, &mut bots, 10_000).unwrap();
    assert!(Arc::ptr_eq(reused.game(), &game));
    drop(reused);
    // a search plays its worlds on engines of the game: one more holder while it has one
    let before = Arc::strong_count(&game);
    let mut search = uno_search(&game, 20, 3);
    let player = engine.state().current_player().unwrap();
    assert!(bot_move(&mut search, &engine, player).is_some());
    assert_eq!(
        Arc::strong_count(&game),
        before + 2,
        "the bot and its scratch engine"
    );
    drop(search);
    assert_eq!(Arc::strong_count(&game), before);
}

#[test]
fn a_position_read_from_json_plays_by_the_rules_of_the_game_that_adopts_it() {
    use decklet::uno::RulesInPlay;
    let game = uno_game(&[HouseRule::ForcedPlay, HouseRule::SevenZero]).unwrap();
    let engine = new_uno_engine(&game, 12, 3).unwrap();
    let rules = RulesInPlay::of(engine.state());
    assert!(rules.forced_play && rules.seven_zero);
    // the configuration is the game's: a state read from JSON knows none of it...
    let read = decklet::GameState::from_json(&engine.state().to_json().unwrap()).unwrap();
    assert_eq!(RulesInPlay::of(&read), RulesInPlay::default());
    // ...until an engine of the game adopts it; one of another game adopts its own
    let mut adopted = GameEngine::new(&game, EngineConfig::default());
    adopted.load_state(read.clone()).unwrap();
    assert_eq!(RulesInPlay::of(adopted.state()), rules);
    assert!(Arc::ptr_eq(adopted.game(), &game));
    let seeds = uno_game(&[]).unwrap();
    let mut other = GameEngine::new(&seeds, EngineConfig::default());
    other.load_state(read).unwrap();
    assert_eq!(RulesInPlay::of(other.state()), RulesInPlay::default());
}
