//! `legal_actions` at chosen positions, bots, full games and replay.

use crate::common::*;
use decklet_bots::Bot;
use decklet_core::*;
use decklet_plugins::*;
use decklet_uno::*;
use std::sync::{Arc, Mutex};

fn sorted(mut actions: Vec<LegalAction>) -> Vec<String> {
    let mut out: Vec<String> = actions.drain(..).map(|a| format!("{a:?}")).collect();
    out.sort();
    out
}

#[test]
fn legal_actions_list_playable_cards_and_draw() {
    let mut engine = uno(3, 1);
    arrange(
        &mut engine,
        &[(
            "p1",
            vec![
                card("red", "7"),
                card("blue", "3"),
                card("green", "9"),
                card("wild_draw4", ""),
            ],
        )],
        card("red", "3"),
        UnoColor::Red,
    );
    let legal = legal_actions(engine.state(), id(&engine, "p1"));
    assert_eq!(
        sorted(legal),
        sorted(vec![
            LegalAction::Play(card("red", "7")),
            LegalAction::Play(card("blue", "3")),
            LegalAction::Draw
        ])
    );
    assert!(legal_actions(engine.state(), id(&engine, "p2")).is_empty());
}

#[test]
fn legal_actions_after_a_draw_and_while_pending() {
    let mut engine = uno(3, 1);
    arrange(
        &mut engine,
        &[("p1", vec![card("green", "9")])],
        card("red", "3"),
        UnoColor::Red,
    );
    engine
        .dispatch(RigDeckTop {
            cards: vec![card("wild", "")],
        })
        .unwrap();
    engine
        .dispatch(create_draw_card_action(id(&engine, "p1"), 1))
        .unwrap();
    let legal = legal_actions(engine.state(), id(&engine, "p1"));
    assert_eq!(
        legal,
        [LegalAction::Play(card("wild", "")), LegalAction::EndTurn]
    );
    play(&mut engine, "p1", card("wild", "")).unwrap();
    let legal = legal_actions(engine.state(), id(&engine, "p1"));
    assert_eq!(legal, UnoColor::ALL.map(LegalAction::ChooseColor));
}

#[test]
fn every_candidate_is_accepted_iff_listed() {
    for seed in 0..30 {
        let mut engine =
            new_uno_engine(&uno_game(&[]).unwrap(), seed, 2 + (seed as usize % 5)).unwrap();
        let mut bot = UnoRandomBot::new(seed);
        for _ in 0..60 {
            if !engine.state().winners().is_empty() {
                break;
            }
            let state = engine.state().clone();
            for player in state.players() {
                let legal = legal_actions(&state, player);
                for candidate in candidate_actions(&state, player) {
                    let mut probe = engine.fork();
                    let accepted = probe.dispatch_any(candidate.to_action(player)).is_ok();
                    assert_eq!(
                        accepted,
                        legal.contains(&candidate),
                        "seed {seed}: {candidate:?} by {player:?}"
                    );
                }
            }
            let player = state.current_player().unwrap();
            let choice = bot_move(&mut bot, &engine, player).unwrap();
            engine.dispatch_any(choice.to_action(player)).unwrap();
        }
    }
}

#[test]
fn bots_choose_legal_moves_and_leave_the_game_rng_alone() {
    for kind in ["random", "heuristic", "ismcts:50"] {
        let engine = new_uno_engine(&uno_game(&[]).unwrap(), 5, 4).unwrap();
        let before = json(engine.state());
        let player = engine.state().current_player().unwrap();
        let mut bot = uno_bot(kind, &uno_game(&[]).unwrap(), 1);
        let choice = bot_move(bot.as_mut(), &engine, player).unwrap();
        assert!(legal_actions(engine.state(), player).contains(&choice));
        assert_eq!(json(engine.state()), before);
        assert_eq!(kind.split(':').next(), Some(bot.name()));
    }
}

#[test]
fn random_bot_is_deterministic_for_its_seed() {
    let run = |seed: u64| {
        let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), 11, 3).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..3)
            .map(|i| uno_bot("random", &uno_game(&[]).unwrap(), seed + i))
            .collect();
        let report = play_uno(&mut engine, &mut bots, 100_000).unwrap();
        (report, json(engine.state()))
    };
    assert_eq!(run(1), run(1));
}

/// An engine that plays game after game (it keeps its buffers between games) plays each
/// exactly as a new engine would: same start, same moves, same end, same log.
#[test]
fn a_reused_engine_plays_each_game_as_a_new_engine_would() {
    let play = |engine: &mut GameEngine, seed: u64, players: usize| {
        let mut bots: Vec<Box<dyn Bot>> = (0..players)
            .map(|i| uno_bot("random", &uno_game(&[]).unwrap(), seed * 7 + i as u64))
            .collect();
        play_uno(engine, &mut bots, 100_000).unwrap()
    };
    let mut reused = new_uno_engine(&uno_game(&[]).unwrap(), 1, 6).unwrap();
    play(&mut reused, 1, 6);
    for (seed, players) in [(2, 4), (3, 6), (4, 2), (5, 10), (6, 4)] {
        restart_uno_game(&mut reused, seed, players).unwrap();
        let mut fresh = new_uno_engine(&uno_game(&[]).unwrap(), seed, players).unwrap();
        assert_eq!(
            json(reused.state()),
            json(fresh.state()),
            "seed {seed}: start"
        );
        let (a, b) = (
            play(&mut reused, seed, players),
            play(&mut fresh, seed, players),
        );
        assert_eq!(a, b, "seed {seed}: report");
        assert_eq!(
            json(reused.state()),
            json(fresh.state()),
            "seed {seed}: end"
        );
        let log = |e: &GameEngine| serde_json::to_string(&e.log()).unwrap();
        assert_eq!(log(&reused), log(&fresh), "seed {seed}: log");
    }
}

/// One counter attached to an engine that plays game after game counts each game as
/// a counter of a new engine would, and what the deals do is not counted.
#[test]
fn a_counter_counts_each_game_of_a_reused_engine_as_on_a_new_engine() {
    let bots = |seed: u64, players: usize| -> Vec<Box<dyn Bot>> {
        (0..players)
            .map(|i| uno_bot("heuristic", &uno_game(&[]).unwrap(), seed * 7 + i as u64))
            .collect()
    };
    for house in [
        vec![],
        vec![HouseRule::DrawUntilPlayable, HouseRule::SevenZero],
    ] {
        let game = uno_game(&house).unwrap();
        let mut reused = new_uno_engine(&game, 1, 4).unwrap();
        let mut counter = GameCounter::attach(&mut reused);
        let mut reshuffles = 0;
        for (seed, players) in [(2, 4), (3, 10), (4, 2), (5, 10), (6, 4), (7, 10)] {
            restart_uno_game(&mut reused, seed, players).unwrap();
            counter.begin();
            decklet_bots::play_game_with(
                &mut reused,
                &mut bots(seed, players),
                100_000,
                &mut |_, m, i| counter.count_move(m, i),
            )
            .unwrap();
            let a = counter.finish(reused.state());
            let mut fresh = new_uno_engine(&game, seed, players).unwrap();
            let b = play_uno(&mut fresh, &mut bots(seed, players), 100_000).unwrap();
            assert_eq!(a, b.counts, "seed {seed}: counts");
            assert_eq!(json(reused.state()), json(fresh.state()), "seed {seed}");
            let log = |e: &GameEngine| serde_json::to_string(&e.log()).unwrap();
            assert_eq!(log(&reused), log(&fresh), "seed {seed}: log");
            reshuffles += a.reshuffles;
        }
        // the counted events happened, and were counted once a game
        assert!(reshuffles > 0, "{house:?}");
    }
}

#[test]
fn bot_games_end_with_a_winner_and_replay_exactly() {
    for seed in 0..30 {
        for kind in ["random", "heuristic"] {
            let players = 2 + (seed as usize % 9);
            let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), seed, players).unwrap();
            let mut bots: Vec<Box<dyn Bot>> = (0..players)
                .map(|i| uno_bot(kind, &uno_game(&[]).unwrap(), seed * 31 + i as u64))
                .collect();
            let report = play_uno(&mut engine, &mut bots, 100_000).unwrap();
            assert!(!report.capped);
            let winner = report.winner.unwrap();
            assert!(engine.state().hand(winner).is_empty());
            assert!(report.counts.actions >= report.counts.turns);
            let text = serde_json::to_string(&engine.log()).unwrap();
            let mut replayed = GameEngine::new(&uno_game(&[]).unwrap(), EngineConfig::default());
            replayed
                .replay(&GameLog::from_json(&text).unwrap(), Verify::Required)
                .unwrap();
            assert_eq!(json(replayed.state()), json(engine.state()));
        }
    }
}

#[test]
fn heuristic_beats_random_more_often_than_not() {
    let mut heuristic_wins = 0;
    let games = 200;
    for seed in 0..games {
        let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), seed, 2).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = if seed % 2 == 0 {
            vec![
                uno_bot("heuristic", &uno_game(&[]).unwrap(), seed),
                uno_bot("random", &uno_game(&[]).unwrap(), seed),
            ]
        } else {
            vec![
                uno_bot("random", &uno_game(&[]).unwrap(), seed),
                uno_bot("heuristic", &uno_game(&[]).unwrap(), seed),
            ]
        };
        let report = play_uno(&mut engine, &mut bots, 100_000).unwrap();
        let heuristic_seat = if seed % 2 == 0 { 0 } else { 1 };
        if report.winner_seat == Some(heuristic_seat) {
            heuristic_wins += 1;
        }
    }
    assert!(
        heuristic_wins > games / 2,
        "heuristic won {heuristic_wins} of {games}"
    );
}

#[test]
fn the_game_report_counts_what_the_events_tell() {
    use decklet_plugins::{CardDrawn, DeckReshuffled};
    use decklet_uno::{UnoDrawFour, UnoDrawTwo};
    use std::sync::{Arc, Mutex};
    let mut reshuffled_somewhere = false;
    for seed in 0..60u64 {
        let players = 2 + (seed as usize % 9);
        // the deal is counted too: listen from `start` on
        let mut engine = GameEngine::new(&uno_game(&[]).unwrap(), EngineConfig::default());
        let heard = Arc::new(Mutex::new((0u64, 0u64, 0u64, 0u64)));
        let sink = Arc::clone(&heard);
        engine.subscribe_all(move |event| {
            let mut heard = sink.lock().unwrap();
            if let Some(drawn) = event.downcast_ref::<CardDrawn>() {
                heard.0 += drawn.card_ids.len() as u64;
            } else if event.is::<DeckReshuffled>() {
                heard.1 += 1;
            } else if event.is::<UnoDrawTwo>() || event.is::<UnoDrawFour>() {
                heard.2 += 1;
            } else if event.is::<UnoColorChosen>() {
                heard.3 += 1;
            }
        });
        restart_uno_game(&mut engine, seed, players).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..players)
            .map(|i| uno_bot("random", &uno_game(&[]).unwrap(), seed * 16 + i as u64))
            .collect();
        let report = play_uno(&mut engine, &mut bots, 100_000).unwrap().counts;
        let (drawn, reshuffles, forced, colours) = *heard.lock().unwrap();
        assert_eq!(report.cards_drawn, drawn, "seed {seed}");
        assert_eq!(report.reshuffles, reshuffles, "seed {seed}");
        // every dispatch but a colour choice is a play, a draw or a pass; plus forced draws
        assert_eq!(
            report.actions,
            report.dispatched - colours + forced,
            "seed {seed}"
        );
        reshuffled_somewhere |= reshuffles > 0;
    }
    assert!(
        reshuffled_somewhere,
        "no game reshuffled: the check is idle"
    );
}

/// What a bot heard of each move: the kinds of the move's events, in order.
type Seen = Arc<Mutex<Vec<Vec<&'static str>>>>;

/// A heuristic player that writes down every move it hears.
struct Witness {
    play: HeuristicBot,
    seen: Seen,
    follows: bool,
}

impl Bot for Witness {
    fn name(&self) -> &str {
        "witness"
    }
    fn choose(&mut self, view: &InfoState, moves: &Moves) -> Option<usize> {
        self.play.choose(view, moves)
    }
    fn hears(&self) -> bool {
        self.follows
    }
    fn hear(&mut self, _before: &InfoState, events: &[AnyEvent]) {
        let kinds = events.iter().map(|e| e.kind()).collect();
        self.seen.lock().unwrap().push(kinds);
    }
}

#[test]
fn bots_that_follow_the_game_hear_every_move() {
    let mut engine = new_uno_engine(&uno_game(&[]).unwrap(), 31, 3).unwrap();
    let logs: Vec<Seen> = (0..3).map(|_| Arc::default()).collect();
    let mut bots: Vec<Box<dyn Bot>> = logs
        .iter()
        .enumerate()
        .map(|(i, seen)| -> Box<dyn Bot> {
            Box::new(Witness {
                play: HeuristicBot::new(5 + i as u64),
                seen: Arc::clone(seen),
                follows: i != 1,
            })
        })
        .collect();
    let report = play_uno(&mut engine, &mut bots, 10_000).unwrap();
    assert!(report.winner.is_some());
    let seen = logs[0].lock().unwrap().clone();
    assert_eq!(seen.len() as u64, report.counts.dispatched);
    assert_eq!(seen.len(), engine.log().actions.len());
    assert!(seen.iter().all(|kinds| !kinds.is_empty()));
    assert_eq!(
        *logs[2].lock().unwrap(),
        seen,
        "every follower hears the same moves"
    );
    assert!(
        logs[1].lock().unwrap().is_empty(),
        "a bot that does not follow hears nothing"
    );
    // following the game changes no move: the same game as bots that do not follow
    let mut plain_engine = new_uno_engine(&uno_game(&[]).unwrap(), 31, 3).unwrap();
    let mut plain: Vec<Box<dyn Bot>> = (0..3)
        .map(|i| Box::new(HeuristicBot::new(5 + i)) as Box<dyn Bot>)
        .collect();
    play_uno(&mut plain_engine, &mut plain, 10_000).unwrap();
    assert_eq!(
        state_digest(plain_engine.state()),
        state_digest(engine.state())
    );
}
