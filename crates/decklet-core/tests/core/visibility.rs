//! Who may read a variable: public, private to one seat, hidden. What a seat is shown
//! (`view_for`, its information state, the worlds sampled from it) holds only what it
//! may read; the state, its JSON and undo keep everything.

use decklet_core::*;
use serde::{Deserialize, Serialize};

const SCORE: Var<i64> = Var::new("secret:score");
const DEALT: Var<bool> = Var::hidden("secret:dealtFairly");
const NOTE: Var<SmolStr> = Var::private("secret:note");

/// `WRITE { playerId, fail }`: sets the three variables, the note for `playerId`.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Write {
    player_id: PlayerId,
    fail: bool,
}
impl Action for Write {
    const KIND: &'static str = "WRITE";
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
}

/// `RAW {}`: writes the note, the hidden flag and a new key by key, untyped.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Raw {}
impl Action for Raw {
    const KIND: &'static str = "RAW";
}

struct SecretPlugin;
impl GamePlugin for SecretPlugin {
    fn id(&self) -> &'static str {
        "secret"
    }
    fn name(&self) -> &'static str {
        "Secret"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![
            ActionHandler::new::<Raw>(|_, ctx| {
                ctx.set_raw_variable("secret:note", Value::Str("changed".into()));
                ctx.set_raw_variable("secret:dealtFairly", Value::Bool(false));
                ctx.set_raw_variable("secret:fresh", Value::Int(7));
                Ok(())
            }),
            ActionHandler::new::<Write>(|write, ctx| {
                ctx.set_variable(&SCORE, 3);
                ctx.set_variable(&DEALT, true);
                ctx.set_private_variable(&NOTE, write.player_id, SmolStr::new("mine"));
                match write.fail {
                    true => Err(EngineError::action_failed("WRITE", "asked to fail")),
                    false => Ok(()),
                }
            }),
        ]
    }
}

/// `player` writes the three variables (and fails afterwards, if told to).
fn write(engine: &mut GameEngine, player: PlayerId, fail: bool) -> Result<Outcome, EngineError> {
    engine.dispatch(Write {
        player_id: player,
        fail,
    })
}

fn game() -> Result<(GameEngine, PlayerId, PlayerId), Box<dyn std::error::Error>> {
    let mut engine = GameEngine::new(
        &Game::builder().plugin(SecretPlugin).build().unwrap(),
        EngineConfig::default(),
    );
    engine.create_game(vec![
        Player::new("p1", "Alice", 1),
        Player::new("p2", "Bob", 2),
    ])?;
    engine.start()?;
    let state = engine.state();
    let (a, b) = (
        state.player_id("p1").ok_or("p1")?,
        state.player_id("p2").ok_or("p2")?,
    );
    Ok((engine, a, b))
}

#[test]
fn each_seat_reads_only_what_it_may() -> Result<(), Box<dyn std::error::Error>> {
    let (mut engine, alice, bob) = game()?;
    write(&mut engine, alice, false)?;
    let state = engine.state();
    // the engine reads everything
    assert_eq!(state.variable(&DEALT), Some(true));
    assert_eq!(state.variable(&NOTE).as_deref(), Some("mine"));
    assert_eq!(
        state.variables().readers(NOTE.key()),
        Some(VarReaders::Seat(alice))
    );
    // Alice: the public score and her note; Bob: the score alone
    let (a, b) = (state.info_state(alice), state.info_state(bob));
    assert_eq!((a.variable(&SCORE), b.variable(&SCORE)), (Some(3), Some(3)));
    assert_eq!(a.variable(&NOTE).as_deref(), Some("mine"));
    assert_eq!(
        (a.variable(&DEALT), b.variable(&DEALT), b.variable(&NOTE)),
        (None, None, None)
    );
    for (seat, info) in [(alice, &a), (bob, &b)] {
        let text = format!("{info:?}");
        assert!(!text.contains("dealtFairly"), "{text}");
        assert_eq!(text.contains("secret:note"), seat == alice);
        let view = serde_json::to_string(&state.view_for(seat))?;
        assert!(!view.contains("dealtFairly"));
        assert_eq!(view.contains("secret:note"), seat == alice);
        // a world sampled for the seat holds what it reads, and nothing else
        let world = info.determinize(&SeatKnowledge::default(), &mut GameRng::seed_from(1))?;
        assert_eq!(world.variable(&DEALT), None);
        assert_eq!(world.variable(&NOTE).is_some(), seat == alice);
    }
    // the JSON keeps every value and who reads it, and reads back the same
    let json = state.to_json()?;
    assert!(json.contains("\"variableReaders\":{\"secret:dealtFairly\":\"nobody\",\"secret:note\":{\"seat\":\"p1\"}}"), "{json}");
    let back = GameState::from_json(&json)?;
    assert_eq!(&back, state);
    assert_eq!(back.info_state(bob), b);
    Ok(())
}

#[test]
fn a_failed_tick_puts_back_who_reads_a_variable() -> Result<(), Box<dyn std::error::Error>> {
    let (mut engine, alice, bob) = game()?;
    write(&mut engine, alice, false)?;
    let before = engine.state().clone();
    // Bob's write fails: the note is Alice's again, value and reader
    assert!(write(&mut engine, bob, true).is_err());
    assert_eq!(engine.state(), &before);
    assert_eq!(
        engine.state().variables().readers(NOTE.key()),
        Some(VarReaders::Seat(alice))
    );
    write(&mut engine, bob, false)?;
    assert_eq!(
        engine.state().variables().readers(NOTE.key()),
        Some(VarReaders::Seat(bob))
    );
    assert_eq!(engine.state().info_state(alice).variable(&NOTE), None);
    Ok(())
}

#[test]
fn readers_read_from_json_are_checked() -> Result<(), Box<dyn std::error::Error>> {
    let (mut engine, alice, _) = game()?;
    write(&mut engine, alice, false)?;
    let json = engine.state().to_json()?;
    for (from, to, why) in [
        ("{\"seat\":\"p1\"}", "{\"seat\":\"zed\"}", "not a player"),
        ("\"nobody\"", "\"someone\"", "has readers `someone`"),
        (
            "\"secret:dealtFairly\":\"nobody\"",
            "\"secret:absent\":\"nobody\"",
            "not a variable",
        ),
    ] {
        let tampered = json.replace(from, to);
        assert_ne!(tampered, json);
        let err = GameState::from_json(&tampered).unwrap_err();
        assert!(err.to_string().contains(why), "{err}");
    }
    Ok(())
}

#[test]
fn a_raw_write_keeps_who_may_read_a_variable() -> Result<(), Box<dyn std::error::Error>> {
    let (mut engine, a, b) = game()?;
    write(&mut engine, a, false)?;
    engine.dispatch(Raw {})?;
    let state = engine.state();
    let json = |seat| serde_json::to_string(&state.info_state(seat).to_json()["variables"]);
    let (alice, bob) = (json(a)?, json(b)?);
    // the note stays Alice's, the flag nobody's: Bob reads neither, changed or not
    assert!(alice.contains("changed"), "{alice}");
    assert!(
        !bob.contains("secret:note") && !bob.contains("changed"),
        "{bob}"
    );
    assert!(
        !bob.contains("dealtFairly") && !alice.contains("dealtFairly"),
        "{bob}"
    );
    // a new key written raw is public
    assert!(
        alice.contains("secret:fresh") && bob.contains("secret:fresh"),
        "{bob}"
    );
    Ok(())
}
