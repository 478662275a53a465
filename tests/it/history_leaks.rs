//! The leak check over whole histories ([`check_history_leaks`]): a value derived from
//! hidden cards and shown to a seat is found even when it was derived earlier than the
//! position checked (the planted "Whist" leak: a public count of one player's hearts),
//! and no game of the repository has such a leak, for any seat, under any UNO rules.

use std::sync::Arc;

use decklet_bots::{Bot, RandomBot, play_game};
use decklet_core::{
    EngineError, EventHandler, Game, GameContext, GameEngine, GameLog, GamePlugin, GameRng,
    HistoryLeak, Var, check_history_leaks, check_seat_leaks,
};
use decklet_plugins::{DrawPlugin, StandardDeckPlugin, TurnPlugin, TurnStarted};

/// The planted leak: how many hearts `p1` holds, public, brought up to date at every
/// turn (so it is derived from `p1`'s hidden hand long before any position checked).
const HEARTS_OF_P1: Var<i64> = Var::new("gossip:heartsOfP1");

struct Gossip;

fn gossip(_: &TurnStarted, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
    let state = ctx.state();
    let Some(p1) = state.player_id("p1") else {
        return Ok(());
    };
    let hearts = state
        .hand(p1)
        .iter()
        .filter(|c| state.card(**c).and_then(|c| c.suit.as_deref()) == Some("heart"))
        .count();
    ctx.set_variable(&HEARTS_OF_P1, hearts as i64);
    Ok(())
}

impl GamePlugin for Gossip {
    fn id(&self) -> &'static str {
        "gossip"
    }
    fn name(&self) -> &'static str {
        "Gossip"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn requires(&self) -> &'static [&'static str] {
        &["turn"]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new(gossip)]
    }
}

/// A whole game of `game` between random bots, its log.
fn random_game(game: &Arc<Game>, mut engine: GameEngine, players: usize, seed: u64) -> GameLog {
    let mut bots: Vec<Box<dyn Bot>> = (0..players)
        .map(|i| Box::new(RandomBot::new(seed * 31 + i as u64)) as Box<dyn Bot>)
        .collect();
    play_game(&mut engine, &mut bots, 5_000).unwrap();
    assert!(std::sync::Arc::ptr_eq(engine.game(), game));
    engine.log()
}

fn eights_with_gossip() -> Arc<Game> {
    Game::builder()
        .plugin(StandardDeckPlugin)
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(eights::EightsPlugin)
        .plugin(Gossip)
        .build()
        .unwrap()
}

#[test]
fn a_public_value_derived_from_a_hidden_hand_is_found_over_the_history() {
    let game = eights_with_gossip();
    let mut found = 0;
    for seed in 0..3 {
        let engine = eights::new_match(&game, seed, 3).unwrap();
        // the position's re-deal cannot see it: the count was derived before
        let mut rng = GameRng::seed_from(seed);
        let p2 = engine.state().player_id("p2").unwrap();
        let no_moves = |_: &decklet_core::GameState, _| Vec::new();
        let nothing = |_: &decklet_core::GameState, _| Vec::new();
        assert!(check_seat_leaks(&engine, p2, 8, &mut rng, no_moves, nothing).is_ok());
        let log = random_game(&game, engine, 3, seed);
        match check_history_leaks(&game, &log, "p2", 3, &mut rng) {
            Err(HistoryLeak::Leak(leak)) => {
                assert_eq!(leak.seat, "p2");
                assert!(leak.detail.contains("gossip:heartsOfP1"), "{leak}");
                found += 1;
            }
            other => panic!("seed {seed}: the planted leak was not found: {other:?}"),
        }
        // p1 knows its own hand: nothing leaks to p1
        let report = check_history_leaks(&game, &log, "p1", 3, &mut rng).unwrap();
        assert!(report.compared > 0, "{report:?}");
    }
    assert_eq!(found, 3);
}

/// Runs the history check for every seat of `logs`' games and answers how many
/// histories were compared to their point.
fn no_history_leaks(game: &Arc<Game>, logs: &[GameLog], redeals: usize) -> usize {
    let mut compared = 0;
    for (n, log) in logs.iter().enumerate() {
        let mut rng = GameRng::seed_from(n as u64);
        for player in &log.players {
            match check_history_leaks(game, log, &player.id, redeals, &mut rng) {
                Ok(report) => compared += report.compared,
                Err(e) => panic!("{:?} game {n}: {e}", game.string()),
            }
        }
    }
    compared
}

#[test]
fn no_game_of_the_repository_leaks_over_its_history() {
    // Eights and high card, as written in the guide
    let eights = eights::eights_game().unwrap();
    let logs: Vec<GameLog> = (0..2)
        .map(|seed| {
            random_game(
                &eights,
                eights::new_match(&eights, seed, 3).unwrap(),
                3,
                seed,
            )
        })
        .collect();
    assert!(no_history_leaks(&eights, &logs, 3) > 0);
    let high = high_card::high_card_game().unwrap();
    let logs: Vec<GameLog> = (0..4)
        .map(|seed| {
            random_game(
                &high,
                high_card::new_match(&high, seed, 4).unwrap(),
                4,
                seed,
            )
        })
        .collect();
    assert!(no_history_leaks(&high, &logs, 4) > 0);
    // Crazy Eights, with its default options and with its special cards
    use decklet_crazy_eights::{CrazyEightsOptions, crazy_eights_game, new_crazy_eights_engine};
    for options in [
        CrazyEightsOptions::default(),
        CrazyEightsOptions {
            use_special_cards: true,
            reshuffle: true,
            ..CrazyEightsOptions::default()
        },
    ] {
        let game = crazy_eights_game(options).unwrap();
        let logs: Vec<GameLog> = (0..2)
            .map(|seed| {
                random_game(
                    &game,
                    new_crazy_eights_engine(&game, seed, 3).unwrap(),
                    3,
                    seed,
                )
            })
            .collect();
        assert!(no_history_leaks(&game, &logs, 3) > 0);
    }
}

#[test]
fn no_uno_seat_leaks_over_its_history_under_any_rules() {
    // heuristic bots (random ones rarely end a game of UNO), each rule set once
    for (n, house) in crate::rule_sets().iter().enumerate() {
        let game = decklet_uno::uno_game(house).unwrap();
        let seed = n as u64;
        let mut engine = decklet_uno::new_uno_engine(&game, seed, 3).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..3)
            .map(|i| {
                let bot = decklet_uno::HeuristicBot::new(seed * 7 + i).forgetting_uno(0.3);
                Box::new(bot) as Box<dyn Bot>
            })
            .collect();
        play_game(&mut engine, &mut bots, 5_000).unwrap();
        assert!(no_history_leaks(&game, &[engine.log()], 2) > 0, "{house:?}");
    }
}

/// What a planted plugin attaches: the first card of `p1`'s hand, read at setup (which
/// also runs when an engine adopts a position, hands dealt).
#[derive(Debug)]
struct FirstCardOfP1(Option<String>);

/// Attaches [`FirstCardOfP1`], for every seat when `public`, for the engine alone
/// otherwise.
struct Peek {
    public: bool,
}

impl GamePlugin for Peek {
    fn id(&self) -> &'static str {
        "peek"
    }
    fn name(&self) -> &'static str {
        "Peek"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn setup(&self, ctx: &mut GameContext<'_>) -> Result<(), EngineError> {
        let state = ctx.state();
        let first = state
            .player_id("p1")
            .and_then(|p1| state.hand(p1).first().copied())
            .map(|c| state.id_text(c).into_owned());
        match self.public {
            true => ctx.attach_public(FirstCardOfP1(first)),
            false => ctx.attach(FirstCardOfP1(first)),
        }
        Ok(())
    }
}

fn eights_with_peek(public: bool) -> Arc<Game> {
    Game::builder()
        .plugin(StandardDeckPlugin)
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(eights::EightsPlugin)
        .plugin(Peek { public })
        .build()
        .unwrap()
}

#[test]
fn an_attachment_for_every_seat_derived_from_a_hidden_hand_is_found() {
    let nothing = |_: &decklet_core::GameState, _| Vec::new();
    let no_moves = |_: &decklet_core::GameState, _| Vec::new();
    // declared for every seat, but read from p1's hand: the re-deal re-derives another
    let game = eights_with_peek(true);
    let engine = eights::new_match(&game, 4, 3).unwrap();
    let p2 = engine.state().player_id("p2").unwrap();
    let mut rng = GameRng::seed_from(4);
    match check_seat_leaks(&engine, p2, 8, &mut rng, no_moves, nothing) {
        Err(leak) => assert!(
            leak.to_string()
                .contains("what its game attached for every seat"),
            "{leak}"
        ),
        Ok(()) => panic!("the planted attachment was not found"),
    }
    // attached for the engine's side alone: no seat reads it, and nothing leaks
    let game = eights_with_peek(false);
    let dealt = eights::new_match(&game, 4, 3).unwrap();
    // a new engine adopting a position runs setup with the hands dealt
    let mut engine = GameEngine::new(&game, decklet_core::EngineConfig::default());
    engine.load_state(dealt.state().clone()).unwrap();
    assert!(
        engine
            .state()
            .attachment::<FirstCardOfP1>()
            .is_some_and(|f| f.0.is_some())
    );
    let p2 = engine.state().player_id("p2").unwrap();
    assert!(
        engine
            .state()
            .info_state(p2)
            .attachment::<FirstCardOfP1>()
            .is_none()
    );
    check_seat_leaks(&engine, p2, 8, &mut rng, no_moves, nothing).unwrap();
}
