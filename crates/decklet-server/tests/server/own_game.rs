//! A game of your own on the server: a catalogue with one more entry is all it takes
//! (here Hearts under another name, with a bot of its own that counts what it hears).
//! The server's bots hear every move of their match, each as their seat hears it.

use std::ops::RangeInclusive;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use decklet_bots::Bot;
use decklet_catalog::{BotDef, Catalog, GameDef, HeartsDef};
use decklet_core::{
    ActionRef, AnyEvent, EngineError, Game, GameEngine, GameState, GameString, InfoState, Moves,
};
use decklet_server::Limits;
use decklet_server::client::STUCK;
use serde_json::json;

use crate::common::{Error, sqlite_in, start_serving};

/// Moves heard by every `counter` bot, and events heard that named a card the bot's
/// seat did not see.
static HEARD: AtomicU64 = AtomicU64::new(0);
static HEARD_HIDDEN: AtomicU64 = AtomicU64::new(0);

/// Plays the first listed move; counts every move it hears.
struct Counter;

impl Bot for Counter {
    fn name(&self) -> &str {
        "counter"
    }
    fn choose(&mut self, _info: &InfoState, moves: &Moves) -> Option<usize> {
        (!moves.is_empty()).then_some(0)
    }
    fn hears(&self) -> bool {
        true
    }
    fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
        HEARD.fetch_add(1, Ordering::SeqCst);
        // a card chosen face down by another seat is heard without it
        for event in events {
            if let Some(chosen) = event.downcast_ref::<decklet_hearts::CardChosen>()
                && chosen.player_id != before.seat()
                && !chosen.card_ids.is_empty()
            {
                HEARD_HIDDEN.fetch_add(1, Ordering::SeqCst);
            }
        }
    }
}

/// Hearts, under a name of its own, with the counting bot.
struct CountedHearts;

const BOTS: [BotDef; 1] = [BotDef {
    name: "counter",
    about: "plays the first move, counts the moves it hears",
}];

impl GameDef for CountedHearts {
    fn name(&self) -> &'static str {
        "counted_hearts"
    }
    fn about(&self) -> &'static str {
        "Hearts with a bot that counts"
    }
    fn players(&self) -> RangeInclusive<usize> {
        HeartsDef.players()
    }
    fn build(&self, game: &GameString) -> Result<Arc<Game>, String> {
        Game::builder()
            .plugin(decklet_plugins::StandardDeckPlugin)
            .plugin(decklet_hearts::HeartsPlugin::new(Default::default()))
            .string(game)
            .build()
            .map_err(|e| e.to_string())
    }
    fn new_engine(
        &self,
        game: &Arc<Game>,
        seed: u64,
        players: usize,
    ) -> Result<GameEngine, EngineError> {
        HeartsDef.new_engine(game, seed, players)
    }
    fn bots(&self) -> &'static [BotDef] {
        &BOTS
    }
    fn bot(&self, _game: &Arc<Game>, name: &str, _seed: u64) -> Option<Box<dyn Bot>> {
        (name == "counter").then(|| Box::new(Counter) as Box<dyn Bot>)
    }
    fn scoring(&self) -> decklet_bots::Scoring {
        HeartsDef.scoring()
    }
    fn describe_move(&self, state: &GameState, action: ActionRef<'_>) -> String {
        HeartsDef.describe_move(state, action)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_of_your_own_is_served_and_its_bots_hear_every_move() -> Result<(), Error> {
    let dir = tempfile::tempdir()?;
    let games = Catalog::standard().with(CountedHearts);
    let server = start_serving(&sqlite_in(&dir), Limits::default(), games).await?;
    let (status, listed) = server.get("/api/games").await?;
    assert_eq!(status, 200);
    let names: Vec<&str> = listed
        .as_array()
        .ok_or("no list")?
        .iter()
        .filter_map(|g| g["name"].as_str())
        .collect();
    assert_eq!(
        names,
        [
            "uno",
            "crazy_eights",
            "hearts",
            "kuhn_poker",
            "leduc_poker",
            "mini_uno",
            "counted_hearts"
        ]
    );
    let bot = json!({"kind": "bot", "bot": "counter"});
    // a match of bots alone plays at once
    let id = server
        .create(json!({"game": "counted_hearts", "seed": 3, "seats": [bot, bot, bot, bot]}))
        .await?;
    let started = Instant::now();
    let summary = loop {
        let (_, summary) = server.get(&format!("/api/matches/{id}")).await?;
        if summary["status"] == "finished" {
            break summary;
        }
        if started.elapsed() > STUCK {
            return Err(format!("the match did not finish: {summary}").into());
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    let moves = summary["seq"].as_u64().ok_or("no seq")?;
    // 52 plays and, unless the deal drew no pass, 12 passes
    assert!(moves == 52 || moves == 64, "{moves}");
    // each of the four bots heard every move, and no card passed face down by another
    assert_eq!(HEARD.load(Ordering::SeqCst), 4 * moves);
    assert_eq!(HEARD_HIDDEN.load(Ordering::SeqCst), 0);
    // its log replays as the game it names
    let (status, log) = server.get_text(&format!("/api/matches/{id}/log")).await?;
    assert_eq!(status, 200);
    assert!(
        log.contains("\"game\": \"counted_hearts\""),
        "{}",
        &log[..200.min(log.len())]
    );
    Ok(())
}
