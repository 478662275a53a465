//! Moves the engine listed itself: dispatched without asking the rules again while the
//! engine is where it listed them (release builds), and checked by the rules as any
//! action once the engine has moved on, or when the list was filled some other way.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use decklet_core::*;
use serde::{Deserialize, Serialize};

/// A knock: the game has room for one.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Knock {
    player_id: PlayerId,
}
impl Action for Knock {
    const KIND: &'static str = "KNOCK";
    fn player_id(&self) -> Option<PlayerId> {
        Some(self.player_id)
    }
    fn to_code(&self) -> Option<u64> {
        Some(self.player_id.index() as u64)
    }
    fn from_code(code: u64) -> Option<Self> {
        let index = u32::try_from(code).ok()?;
        Some(Knock {
            player_id: PlayerId::from_index(index),
        })
    }
}

const KNOCKS: Var<i64> = Var::new("knock:count");

fn knocked(state: &GameState) -> bool {
    state.variable(&KNOCKS).unwrap_or(0) > 0
}

/// One knock a game, its rule counting how often it is asked.
struct OnceKnock {
    asked: Arc<AtomicUsize>,
}

impl GamePlugin for OnceKnock {
    fn id(&self) -> &'static str {
        "once-knock"
    }
    fn name(&self) -> &'static str {
        "Knock once"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn rules(&self) -> Vec<Rule> {
        let asked = Arc::clone(&self.asked);
        vec![Rule::for_action::<Knock>(
            "knockOnce",
            move |knock, _, state| {
                asked.fetch_add(1, Ordering::Relaxed);
                let _ = knock;
                match knocked(state) {
                    true => Err("somebody has knocked already".into()),
                    false => Ok(()),
                }
            },
        )]
    }
    fn actions(&self) -> Vec<ActionHandler> {
        vec![ActionHandler::new::<Knock>(|knock, ctx| {
            let _ = knock;
            ctx.set_variable(&KNOCKS, 1);
            Ok(())
        })]
    }
    fn moves(&self, state: &GameState, seat: PlayerId, moves: &mut Moves) {
        if !knocked(state) {
            moves.push(Knock { player_id: seat });
        }
    }
}

fn knocking() -> Result<(GameEngine, PlayerId, Arc<AtomicUsize>), EngineError> {
    let asked = Arc::new(AtomicUsize::new(0));
    let game = Game::builder()
        .plugin(OnceKnock {
            asked: Arc::clone(&asked),
        })
        .build()?;
    let mut engine = GameEngine::new(&game, EngineConfig::default());
    engine.create_game(Player::numbered(2))?;
    engine.start()?;
    let p1 = engine.state().player_id("p1").ok_or(EngineError::NoGame)?;
    Ok((engine, p1, asked))
}

/// The rules' calls a listed move costs: none in a release build; debug builds ask
/// them all the same.
const LISTED_ASKS: usize = if cfg!(debug_assertions) { 1 } else { 0 };

#[test]
fn a_move_the_engine_listed_here_is_dispatched_as_listed() -> Result<(), EngineError> {
    let (mut engine, p1, asked) = knocking()?;
    let mut moves = Moves::new();
    engine.list_moves(p1, &mut moves);
    assert_eq!(moves.len(), 1);
    assert!(moves.listed_by(&engine));
    engine.dispatch_move(&moves, 0)?;
    assert_eq!(asked.load(Ordering::Relaxed), LISTED_ASKS);
    assert!(!moves.listed_by(&engine), "the engine moved on");
    assert!(knocked(engine.state()));
    assert_eq!(engine.log().actions.len(), 1, "logged as any action");
    Ok(())
}

#[test]
fn a_listed_move_kept_past_a_change_is_refused_by_the_rules() -> Result<(), EngineError> {
    let (mut engine, p1, asked) = knocking()?;
    let mut moves = Moves::new();
    engine.list_moves(p1, &mut moves);
    engine.dispatch_move(&moves, 0)?;
    assert!(!moves.listed_by(&engine));
    let before = engine.state().clone();
    // the same list again: the engine has moved on, so the rules decide
    let err = engine.dispatch_move(&moves, 0).err();
    assert!(
        matches!(&err, Some(EngineError::Rejected { rule, .. }) if rule == "knockOnce"),
        "{err:?}"
    );
    assert_eq!(asked.load(Ordering::Relaxed), LISTED_ASKS + 1);
    assert_eq!(engine.state(), &before, "nothing changed");
    Ok(())
}

#[test]
fn a_move_added_to_a_listed_list_is_checked_by_the_rules() -> Result<(), EngineError> {
    let (mut engine, p1, asked) = knocking()?;
    let p2 = engine.state().player_id("p2").ok_or(EngineError::NoGame)?;
    let mut moves = Moves::new();
    engine.list_moves(p1, &mut moves);
    moves.push(Knock { player_id: p2 });
    assert!(!moves.listed_by(&engine), "a move added");
    // the listed move, in a list that changed since: the rules decide
    engine.dispatch_move(&moves, 0)?;
    assert_eq!(asked.load(Ordering::Relaxed), 1);
    assert!(matches!(
        engine.dispatch_move(&moves, 1),
        Err(EngineError::Rejected { .. })
    ));
    assert_eq!(asked.load(Ordering::Relaxed), 2);
    Ok(())
}

#[test]
fn moves_listed_by_the_game_alone_or_on_a_fork_are_checked_by_the_rules() -> Result<(), EngineError>
{
    let (mut engine, p1, asked) = knocking()?;
    let mut moves = Moves::new();
    let game = Arc::clone(engine.game());
    game.legal_moves(engine.state(), p1, &mut moves);
    assert!(!moves.listed_by(&engine), "listed by the game alone");
    engine.dispatch_move(&moves, 0)?;
    assert_eq!(asked.load(Ordering::Relaxed), 1, "listed by the game alone");
    let (engine, p1, asked) = knocking()?;
    let mut fork = engine.fork();
    engine.list_moves(p1, &mut moves);
    assert!(moves.listed_by(&engine) && !moves.listed_by(&fork));
    fork.dispatch_move(&moves, 0)?;
    assert_eq!(asked.load(Ordering::Relaxed), 1, "listed by another engine");
    Ok(())
}

/// Knocking always listed, whatever the rule says: a game whose listing and rules
/// disagree.
struct WrongKnock(OnceKnock);

impl GamePlugin for WrongKnock {
    fn id(&self) -> &'static str {
        "wrong-knock"
    }
    fn name(&self) -> &'static str {
        "Knock, listed wrong"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn rules(&self) -> Vec<Rule> {
        self.0.rules()
    }
    fn actions(&self) -> Vec<ActionHandler> {
        self.0.actions()
    }
    fn moves(&self, _: &GameState, seat: PlayerId, moves: &mut Moves) {
        moves.push(Knock { player_id: seat });
    }
}

/// A game that lists knocking wrongly, after its one knock, and its wrong listing of a
/// second.
fn after_the_knock() -> Result<(GameEngine, Moves), EngineError> {
    let game = Game::builder()
        .plugin(WrongKnock(OnceKnock {
            asked: Arc::new(AtomicUsize::new(0)),
        }))
        .build()?;
    let mut engine = GameEngine::new(&game, EngineConfig::default());
    engine.create_game(Player::numbered(2))?;
    engine.start()?;
    let p1 = engine.state().player_id("p1").ok_or(EngineError::NoGame)?;
    engine.dispatch(Knock { player_id: p1 })?;
    let mut moves = Moves::new();
    engine.list_moves(p1, &mut moves);
    Ok((engine, moves))
}

/// In a debug build (where tests run) the rules of a listed move are still asked, and
/// a refusal is a bug of the game: it panics, even where the caller drops errors, and
/// the engine is left as it was (the tick's guard undoes it).
#[cfg(debug_assertions)]
#[test]
fn a_game_that_lists_a_move_its_rules_refuse_fails_loudly_in_debug_builds()
-> Result<(), EngineError> {
    let (mut engine, moves) = after_the_knock()?;
    let before = engine.state().clone();
    let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let _ = engine.dispatch_move(&moves, 0);
    }));
    let payload = caught.err().ok_or(EngineError::NoGame)?;
    let message = (payload.downcast_ref::<String>().cloned())
        .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default();
    assert!(
        message.contains("the game listed a KNOCK move its rule `knockOnce` refuses"),
        "{message}"
    );
    assert_eq!(engine.state(), &before, "the tick was undone");
    assert_eq!(engine.log().actions.len(), 1);
    Ok(())
}

/// In a release build the listing is trusted: the move its rules would refuse is
/// played. What the kit check (`check_moves`) is there to prevent.
#[cfg(not(debug_assertions))]
#[test]
fn a_game_that_lists_a_move_its_rules_refuse_plays_it_in_release_builds() -> Result<(), EngineError>
{
    let (mut engine, moves) = after_the_knock()?;
    engine.dispatch_move(&moves, 0)?;
    assert_eq!(engine.log().actions.len(), 2);
    Ok(())
}
