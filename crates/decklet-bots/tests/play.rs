//! Bots, search and tournaments on games the bot layer knows nothing of.

use std::sync::Arc;

use decklet_bots::{Bot, Entrant, IsmctsBot, IsmctsConfig, RandomBot, Tournament, play_game};
use decklet_core::{EngineConfig, GameEngine, Player};

fn high_card_match(
    game: &Arc<decklet_core::Game>,
    seed: u64,
    players: usize,
) -> Result<GameEngine, decklet_core::EngineError> {
    let mut engine = GameEngine::new(
        game,
        EngineConfig {
            seed,
            game_id: "high-card".into(),
            ..Default::default()
        },
    );
    engine.create_game(
        (1..=players)
            .map(|i| Player::new(format!("p{i}"), format!("P{i}"), i as u32))
            .collect(),
    )?;
    engine.start()?;
    Ok(engine)
}

#[test]
fn high_card_gets_a_tournament_with_seats_rotating() {
    let game = high_card::high_card_game().unwrap();
    let tournament = Tournament {
        game: Arc::clone(&game),
        entrants: vec![
            Entrant::new("random", |seed| {
                Box::new(RandomBot::new(seed)) as Box<dyn Bot>
            }),
            Entrant::new("ismcts", {
                let game = Arc::clone(&game);
                move |seed| {
                    Box::new(IsmctsBot::new(
                        &game,
                        IsmctsConfig {
                            iterations: 20,
                            ..Default::default()
                        },
                        seed,
                    )) as Box<dyn Bot>
                }
            }),
        ],
        games: 1_000,
        seed: 9,
        max_moves: 100,
        scoring: decklet_bots::winners_score,
        new_match: std::sync::Arc::new(high_card_match),
    };
    let report = tournament.run().unwrap();
    // high card is luck alone: neither does better than a coin (four standard errors)
    for standing in &report.standings {
        assert_eq!(standing.games, 1_000);
        assert!(
            (standing.win_rate() - 0.5).abs() < 4.0 * (0.25f64 / 1_000.0).sqrt(),
            "{standing:?}"
        );
        let (low, high) = standing.interval;
        assert!(low < standing.win_rate() && standing.win_rate() < high);
    }
    let total: f64 = report.standings.iter().map(|s| s.wins).sum();
    assert!((total - 1_000.0).abs() < 1e-9);
}

/// A bot that says whether it reads its information state, and records the player
/// count of each one it is handed (0 for the empty one).
struct Counting {
    reads: bool,
    handed: Arc<std::sync::Mutex<Vec<usize>>>,
}

impl Bot for Counting {
    fn name(&self) -> &str {
        "counting"
    }
    fn choose(
        &mut self,
        info: &decklet_core::InfoState,
        _moves: &decklet_core::Moves,
    ) -> Option<usize> {
        if let Ok(mut handed) = self.handed.lock() {
            handed.push(info.player_count());
        }
        Some(0)
    }
    fn reads_info(&self) -> bool {
        self.reads
    }
}

#[test]
fn a_bot_that_does_not_read_its_information_state_is_handed_an_empty_one() {
    let game = high_card::high_card_game().unwrap();
    for reads in [true, false] {
        let handed = Arc::new(std::sync::Mutex::new(Vec::new()));
        let mut engine = high_card_match(&game, 3, 2).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = vec![
            Box::new(Counting {
                reads,
                handed: Arc::clone(&handed),
            }),
            Box::new(RandomBot::new(2)),
        ];
        play_game(&mut engine, &mut bots, 100).unwrap();
        let handed = handed.lock().unwrap();
        assert!(!handed.is_empty());
        let expected = if reads { 2 } else { 0 };
        assert!(handed.iter().all(|n| *n == expected), "{reads}: {handed:?}");
    }
}
