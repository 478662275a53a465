//! The search playing for a win, or for its score: a game where they part ways.
//!
//! One player chooses once: *safe* scores 6 to the other's 7 (a sure loss, a good
//! score), *gamble* flips a coin for 10 to 0 or 0 to 10 (a win half the time, 5 on
//! average). Playing for a win, the search gambles; playing for its score, it is safe.
//! And what the search tells of a decision: its visits of each move.

use decklet_bots::{Bot, IsmctsBot, IsmctsConfig, RandomBot, ask};
use decklet_core::*;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Choose {
    player_id: PlayerId,
    gamble: bool,
}
impl Action for Choose {
    const KIND: &'static str = "CHOOSE";
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
}

const FIRST: Var<i64> = Var::new("gamble:first");
const SECOND: Var<i64> = Var::new("gamble:second");

struct Gamble;

impl GamePlugin for Gamble {
    fn id(&self) -> &'static str {
        "gamble"
    }
    fn name(&self) -> &'static str {
        "Safe or gamble"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<Choose>(|choice, ctx| {
            let (first, second) = match choice.gamble {
                true if ctx.random().index(2) == 0 => (10, 0),
                true => (0, 10),
                false => (6, 7),
            };
            ctx.set_variable(&FIRST, first);
            ctx.set_variable(&SECOND, second);
            let players: Vec<PlayerId> = ctx.state().seat_order().to_vec();
            let winner = match first > second {
                true => players.first(),
                false => players.get(1),
            };
            ctx.finish_game(winner.copied().into_iter().collect())
        })]
    }
    fn events(&self) -> Vec<EventHandler> {
        vec![EventHandler::new::<GameStarted>(|_, ctx| {
            let first = ctx.state().seat_order().first().copied();
            ctx.set_current_player(first)
        })]
    }
    fn moves(&self, state: &GameState, seat: PlayerId, moves: &mut Moves) {
        if state.status() == GameStatus::Playing && state.current_player() == Some(seat) {
            for gamble in [false, true] {
                moves.push(Choose {
                    player_id: seat,
                    gamble,
                });
            }
        }
    }
}

fn scores(state: &GameState) -> Vec<f64> {
    [&FIRST, &SECOND]
        .iter()
        .map(|var| state.variable(*var).unwrap_or(0) as f64)
        .collect()
}

/// Whether the search, made by `make`, gambles.
fn gambles(make: impl Fn(IsmctsBot) -> IsmctsBot) -> Result<bool, Box<dyn std::error::Error>> {
    let game = Game::builder().plugin(Gamble).build()?;
    let mut engine = GameEngine::new(&game, EngineConfig::default());
    engine.create_game(Player::numbered(2))?;
    engine.start()?;
    let seat = engine.state().current_player().ok_or("nobody's turn")?;
    let config = IsmctsConfig {
        iterations: 400,
        ..IsmctsConfig::default()
    };
    let mut bot = make(IsmctsBot::new(&game, config, 7).with_scoring(scores));
    let mut moves = Moves::new();
    let pick = ask(&mut bot, &engine, seat, &mut moves).ok_or("no move")?;
    let choice = moves.get_as::<Choose>(pick).ok_or("not a choice")?;
    Ok(choice.gamble)
}

#[test]
fn playing_for_a_win_the_search_gambles_on_a_coin() -> Result<(), Box<dyn std::error::Error>> {
    assert!(gambles(|bot| bot)?);
    // a range that is no range leaves it playing for a win
    assert!(gambles(|bot| bot.with_score_range(5.0, 5.0))?);
    Ok(())
}

#[test]
fn playing_for_its_score_the_search_takes_the_sure_six() -> Result<(), Box<dyn std::error::Error>> {
    assert!(!gambles(|bot| bot.with_score_range(0.0, 10.0))?);
    Ok(())
}

#[test]
fn the_search_tells_its_visits_of_each_move_the_most_visited_its_choice()
-> Result<(), Box<dyn std::error::Error>> {
    let game = Game::builder().plugin(Gamble).build()?;
    let mut engine = GameEngine::new(&game, EngineConfig::default());
    engine.create_game(Player::numbered(2))?;
    engine.start()?;
    let seat = engine.state().current_player().ok_or("nobody's turn")?;
    let mut moves = Moves::new();
    for iterations in [1, 57, 400] {
        let config = IsmctsConfig {
            iterations,
            ..IsmctsConfig::default()
        };
        let mut bot = IsmctsBot::new(&game, config, 3).with_scoring(scores);
        assert_eq!(bot.search_visits(), None, "no decision yet");
        let pick = ask(&mut bot, &engine, seat, &mut moves).ok_or("no move")?;
        let visits = bot.search_visits().ok_or("no visits")?.to_vec();
        assert_eq!(visits.len(), moves.len());
        assert_eq!(visits.iter().sum::<u32>(), bot.last_iterations());
        assert_eq!(bot.last_iterations(), iterations);
        let most = visits.iter().max().copied().unwrap_or(0);
        assert_eq!(visits.get(pick), Some(&most), "{visits:?}, chose {pick}");
    }
    // a bot that does not search tells none
    let mut random = RandomBot::new(1);
    ask(&mut random, &engine, seat, &mut moves).ok_or("no move")?;
    assert_eq!(random.search_visits(), None);
    Ok(())
}
