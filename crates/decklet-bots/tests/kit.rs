//! The kit check on random positions of the two games written outside decklet's core
//! crates that the bot layer knows nothing of: high card and Crazy Eights (with and
//! without special cards, two to seven players, reshuffling or not).

use decklet_bots::{Bot, RandomBot, check_moves};
use decklet_core::{AnyAction, GameEngine, GameStatus, PlayCard, PlayerId};
use decklet_crazy_eights::{
    CrazyEightsOptions, Draw, Nominate, Pass, SUITS, crazy_eights_game, new_crazy_eights_engine,
};

/// Plays `steps` random listed moves (fewer if the game ends), checking every position
/// on the way.
fn walk(
    mut engine: GameEngine,
    steps: usize,
    seed: u64,
    candidates: fn(&GameEngine, PlayerId) -> Vec<AnyAction>,
) -> usize {
    let mut bot = RandomBot::new(seed);
    let game = std::sync::Arc::clone(engine.game());
    let mut moves = decklet_core::Moves::new();
    let mut checked = 0;
    for _ in 0..steps {
        let mismatches = check_moves(&engine, candidates);
        assert!(
            mismatches.is_empty(),
            "seed {seed}: {}",
            mismatches
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        );
        checked += 1;
        let state = engine.state();
        if state.status() != GameStatus::Playing {
            break;
        }
        let seat = state.current_player().unwrap();
        game.legal_moves(state, seat, &mut moves);
        assert!(
            !moves.is_empty(),
            "seed {seed}: the seat to move has no move"
        );
        let pick = bot.choose(&state.info_state(seat), &moves).unwrap();
        engine.dispatch_move(&moves, pick).unwrap();
    }
    checked
}

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
            checked += walk(engine, 400, seed, c8_candidates);
        }
    }
    assert!(checked > 2_000, "{checked} positions");
}

#[test]
fn high_card_lists_exactly_the_moves_its_rules_accept() {
    for seed in 0..20 {
        let engine = high_card::new_game(seed, 2 + (seed % 4) as u32).unwrap();
        walk(engine, 20, seed, |_, seat| {
            vec![AnyAction::new(high_card::Reveal { player_id: seat })]
        });
    }
}

/// A started two-player game of high card with `plugin` after it.
fn high_card_with(plugin: impl decklet_core::GamePlugin) -> GameEngine {
    use decklet_core::{EngineConfig, Game, Player};
    use decklet_plugins::{DrawPlugin, StandardDeckPlugin, TurnPlugin};
    let game = Game::builder()
        .plugin(StandardDeckPlugin)
        .plugin(TurnPlugin)
        .plugin(DrawPlugin)
        .plugin(high_card::HighCardPlugin)
        .plugin(plugin)
        .build()
        .unwrap();
    let mut engine = GameEngine::new(&game, EngineConfig::default());
    engine
        .create_game(vec![Player::new("p1", "A", 1), Player::new("p2", "B", 2)])
        .unwrap();
    engine.start().unwrap();
    engine
}

/// A plugin that breaks high card's move list: it lists a reveal for every seat (the
/// rules refuse all but the current one's) and withdraws the current seat's.
struct Liar;

impl decklet_core::GamePlugin for Liar {
    fn id(&self) -> &'static str {
        "liar"
    }
    fn name(&self) -> &'static str {
        "Liar"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn moves(
        &self,
        state: &decklet_core::GameState,
        seat: PlayerId,
        moves: &mut decklet_core::Moves,
    ) {
        if state.current_player() == Some(seat) {
            moves.clear();
        } else {
            moves.push(high_card::Reveal { player_id: seat });
        }
    }
}

#[test]
fn a_listed_move_the_rules_refuse_and_an_accepted_one_not_listed_are_both_reported() {
    use decklet_bots::MoveMismatch;
    let engine = high_card_with(Liar);
    let mismatches = check_moves(&engine, |_, seat| {
        vec![AnyAction::new(high_card::Reveal { player_id: seat })]
    });
    assert_eq!(mismatches.len(), 3, "{mismatches:?}");
    assert!(matches!(&mismatches[0], MoveMismatch::Unlisted { seat, .. } if seat == "p1"));
    // p2's reveal is listed out of turn, which the game does not declare
    assert!(matches!(&mismatches[1], MoveMismatch::Undeclared { seat, .. } if seat == "p2"));
    assert!(
        matches!(&mismatches[2], MoveMismatch::Refused { seat, error, .. } if seat == "p2" && error.contains("wait for your turn"))
    );
}

/// A plugin that lists the current seat's reveal as the other seat's: a move of the
/// right kind with the wrong payload.
struct WrongPayload;

impl decklet_core::GamePlugin for WrongPayload {
    fn id(&self) -> &'static str {
        "wrong-payload"
    }
    fn name(&self) -> &'static str {
        "Wrong payload"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn moves(
        &self,
        state: &decklet_core::GameState,
        seat: PlayerId,
        moves: &mut decklet_core::Moves,
    ) {
        if state.current_player() == Some(seat) {
            let other = state.players().find(|p| *p != seat).unwrap_or(seat);
            moves.clear();
            moves.push(high_card::Reveal { player_id: other });
        }
    }
}

#[test]
fn a_listed_move_of_the_right_kind_but_another_payload_does_not_hide_the_accepted_one() {
    use decklet_bots::MoveMismatch;
    let engine = high_card_with(WrongPayload);
    let mismatches = check_moves(&engine, |_, seat| {
        vec![AnyAction::new(high_card::Reveal { player_id: seat })]
    });
    // p1's listed reveal is p2's (refused), and p1's own reveal is accepted, unlisted
    assert_eq!(mismatches.len(), 2, "{mismatches:?}");
    assert!(
        matches!(&mismatches[0], MoveMismatch::Refused { seat, action, .. } if seat == "p1" && action.contains("\"p2\""))
    );
    assert!(
        matches!(&mismatches[1], MoveMismatch::Unlisted { seat, action } if seat == "p1" && action.contains("\"p1\""))
    );
}
