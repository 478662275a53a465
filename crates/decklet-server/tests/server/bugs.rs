//! A bug of the server's (here, a game whose words panic) ends one request or one
//! match's command, never the process: the request is answered 500, the match is
//! rebuilt from what it stored, and every other match plays on.

use std::ops::RangeInclusive;
use std::sync::Arc;

use decklet_catalog::{Catalog, GameDef, HeartsDef};
use decklet_core::{EngineError, Game, GameEngine, GameString, InfoState};
use decklet_server::Limits;
use serde_json::json;

use crate::common::{Error, sqlite_in, start_serving};

/// Hearts, whose description panics: in the catalogue's list (`about`) and in every
/// position's facts (`describe_table`).
struct Buggy;

impl GameDef for Buggy {
    fn name(&self) -> &'static str {
        "buggy"
    }
    fn about(&self) -> &'static str {
        panic!("a bug in the game's description")
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
    fn describe_table(&self, _info: &InfoState) -> Vec<String> {
        panic!("a bug in the table's words")
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bug_ends_one_request_or_one_command_and_every_other_match_plays_on() -> Result<(), Error>
{
    let dir = tempfile::tempdir()?;
    let games = Catalog::standard().with(Buggy);
    let server = start_serving(&sqlite_in(&dir), Limits::default(), games).await?;
    // a healthy match, played by Ann against a bot
    let uno = server
        .create(
            json!({"game": "uno", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]}),
        )
        .await?;
    let ann = server.join(&uno, 0, "Ann").await?;
    let mut table = server.seat(&uno, &ann, None).await?;
    table.wait_for_state().await?;
    // a request whose handler panics is answered 500
    let (status, body) = server.get("/api/games").await?;
    assert_eq!(status, 500, "{body}");
    // a match whose every position panics: its connection is closed, not the server
    let buggy = server
        .create(
            json!({"game": "buggy", "seats": [{"kind": "human"}, {"kind": "human"},
            {"kind": "human"}, {"kind": "human"}]}),
        )
        .await?;
    // its seats all taken: the game is dealt, and every position is described
    let bob = server.join(&buggy, 0, "Bob").await?;
    for seat in 1..4 {
        server.join(&buggy, seat, &format!("Bob {seat}")).await?;
    }
    for _ in 0..3 {
        let mut socket = server.socket(&buggy).await?;
        socket.send(&json!({"type": "hello", "token": bob})).await?;
        let got = socket.until_closed().await?;
        assert!(got.iter().all(|m| m["type"] != "state"), "{got:?}");
    }
    // the server answers, says it caught bugs, and Ann's match plays on to its end
    let (status, health) = server.get("/api/health").await?;
    assert_eq!(status, 200);
    assert!(
        health["bugsCaught"].as_u64().is_some_and(|n| n >= 4),
        "{health}"
    );
    let mut seats = vec![table];
    decklet_server::client::play_out(&mut seats, 3).await?;
    let (_, summary) = server.get(&format!("/api/matches/{uno}")).await?;
    assert_eq!(summary["status"], "finished", "{summary}");
    Ok(())
}
