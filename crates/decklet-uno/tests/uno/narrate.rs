//! `narrate` tells every event kind UNO emits under every rule: games under each rule
//! set are played with their events collected, and no kind they hold may be one
//! `narrate` does not know (a new event kind fails here until it is told).

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};

use decklet_bots::{Bot, play_game};
use decklet_core::AnyEvent;
use decklet_uno::{
    HeuristicBot, HouseRule, RuleSet, UnoRandomBot, is_narrated, narrate, new_uno_engine, uno_game,
};

fn rule_sets() -> Vec<Vec<HouseRule>> {
    let mut sets = vec![Vec::new(), RuleSet::Official.rules().to_vec()];
    for rule in HouseRule::ALL {
        sets.push(vec![rule]);
    }
    for house in [
        "jump-in,seven-zero,stacking",
        "draw-until-playable,forced-play",
        "stacking-any",
    ] {
        let names = house.split(',');
        sets.push(RuleSet::with_house("official", names).unwrap_or_default());
    }
    sets.retain(|s| HouseRule::check_combination(s).is_ok());
    sets
}

#[test]
fn every_event_kind_of_every_rule_is_told() {
    let mut kinds = BTreeSet::new();
    let mut told = String::new();
    for rules in rule_sets() {
        let game = uno_game(&rules).unwrap();
        for seed in 0..12u64 {
            let players = 2 + (seed % 3) as usize;
            let mut engine = new_uno_engine(&game, seed, players).unwrap();
            let heard: Arc<Mutex<Vec<AnyEvent>>> = Arc::default();
            let sink = Arc::clone(&heard);
            engine.subscribe_all(move |e| sink.lock().unwrap().push(e.clone()));
            let mut bots: Vec<Box<dyn Bot>> = (0..players)
                .map(|s| -> Box<dyn Bot> {
                    let seed = seed * 10 + s as u64;
                    match s % 2 {
                        0 => Box::new(HeuristicBot::new(seed)),
                        _ => Box::new(UnoRandomBot::new(seed)),
                    }
                })
                .collect();
            play_game(&mut engine, &mut bots, 3_000).unwrap();
            let events = heard.lock().unwrap();
            kinds.extend(events.iter().map(|e| e.kind()));
            for line in narrate(engine.state(), &events) {
                assert!(!line.starts_with('('), "{rules:?}: untold {line}");
                told.push_str(&line);
                told.push('\n');
            }
        }
    }
    let untold: Vec<_> = kinds.iter().filter(|k| !is_narrated(k)).collect();
    assert!(untold.is_empty(), "kinds narrate does not know: {untold:?}");
    // the games reached the rules' own events, and they were told
    for kind in [
        "UNO_CALLED",
        "UNO_CAUGHT",
        "UNO_CHALLENGED",
        "UNO_HAND_SHOWN",
        "UNO_HANDS_SWAPPED",
        "UNO_HANDS_ROTATED",
        "UNO_DRAW_STACKED",
        "UNO_ROUND_SCORED",
    ] {
        assert!(kinds.contains(kind), "no game emitted {kind}");
    }
    for words in [
        " calls UNO",
        " not calling UNO",
        "'s wild draw four: ",
        "'s hand is shown to ",
        " swaps hands with ",
        "every hand passes to the ",
        "takes the stacked penalty of ",
        " points",
        " jumps in with ",
        " wins",
    ] {
        assert!(told.contains(words), "never told: {words}");
    }
}

#[test]
fn a_player_s_draws_in_a_row_are_one_line() {
    // a penalty may be drawn in several draws (a reshuffle in between): each player's
    // draws in a row are told as one line, with their total
    use decklet_plugins::CardDrawn;
    let engine = new_uno_engine(&uno_game(&[]).unwrap(), 1, 3).unwrap();
    let state = engine.state();
    let p2 = state.player_id("p2").unwrap();
    let p3 = state.player_id("p3").unwrap();
    let drew = |player, count| {
        AnyEvent::new(CardDrawn {
            player_id: player,
            card_ids: Default::default(),
            requested: count,
            count,
        })
    };
    let lines = narrate(state, &[drew(p2, 1), drew(p2, 3), drew(p3, 1)]);
    assert_eq!(lines, ["p2 draws 4 cards", "p3 draws 1 card"]);
}
