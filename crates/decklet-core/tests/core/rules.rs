//! Rules per action kind, and a later plugin replacing or wrapping an earlier one's rule
//! by id (how house rules are plugins, not forks).

use std::sync::{Arc, Mutex};

use crate::toy::*;
use decklet_core::*;

/// A house-rule plugin: changes the toy's rules by id.
struct House(Vec<Rule>);

impl GamePlugin for House {
    fn id(&self) -> &'static str {
        "house"
    }
    fn name(&self) -> &'static str {
        "House rules"
    }
    fn version(&self) -> &'static str {
        "1.0.0"
    }
    fn rules(&self) -> Vec<Rule> {
        self.0.clone()
    }
}

fn engine_with(house: Vec<Rule>) -> Result<GameEngine, EngineError> {
    let mut engine = GameEngine::new(
        &Game::builder()
            .plugin(ToyPlugin)
            .plugin(House(house))
            .build()?,
        EngineConfig::default(),
    );
    engine.create_game(players(2))?;
    engine.start()?;
    Ok(engine)
}

#[test]
fn an_action_runs_only_its_own_kind_s_rules_in_registration_order() {
    let engine = toy_engine(1);
    assert_eq!(
        engine.game().rule_ids("SCRIPT"),
        Some(vec![
            "notForbidden".to_string(),
            "knownPlayer".to_string(),
            "deckNotEmptyForDraw".to_string()
        ])
    );
    assert_eq!(
        engine.game().rule_ids("PLAY_CARD"),
        None,
        "no plugin handles it"
    );
}

#[test]
fn a_replacement_takes_the_place_and_the_id_of_its_choice() {
    // anything goes: "forbidden" scripts are allowed by the house
    let lenient =
        Rule::for_action::<Script>("notForbidden", |_, _, _| Ok(())).replacing("notForbidden");
    let mut engine = engine_with(vec![lenient]).unwrap();
    assert_eq!(
        engine.game().rule_ids("SCRIPT").unwrap(),
        ["notForbidden", "knownPlayer", "deckNotEmptyForDraw"]
    );
    assert!(engine.dispatch(Script::named("forbidden")).is_ok());

    // stricter, under a new name, in the same place: it runs before `knownPlayer`
    let strict = Rule::for_action::<Script>("noShortNames", |script, _, _| {
        if script.name.len() < 3 {
            Err("names of three letters at least".into())
        } else {
            Ok(())
        }
    })
    .replacing("notForbidden");
    let mut engine = engine_with(vec![strict]).unwrap();
    assert_eq!(
        engine.game().rule_ids("SCRIPT").unwrap(),
        ["noShortNames", "knownPlayer", "deckNotEmptyForDraw"]
    );
    let err = engine
        .dispatch(Script::named("ab").by(stranger()))
        .unwrap_err();
    assert_eq!(err.rule(), Some("noShortNames"), "it took the first place");
    assert!(
        engine
            .dispatch(Script::named("forbidden-now-allowed"))
            .is_ok()
    );
}

#[test]
fn a_wrapper_decides_and_may_ask_the_rule_it_wraps() {
    let asked = Arc::new(Mutex::new(0));
    let count = Arc::clone(&asked);
    // "forbidden-ok" is let through; everything else is up to the original rule
    let wrap = Rule::wrapping::<Script>("notForbidden", move |script, origin, state, original| {
        *count.lock().unwrap() += 1;
        if script.name == "forbidden-ok" {
            Ok(())
        } else {
            original(script, origin, state)
        }
    });
    let mut engine = engine_with(vec![wrap]).unwrap();
    assert_eq!(
        engine.game().rule_ids("SCRIPT").unwrap(),
        ["notForbidden", "knownPlayer", "deckNotEmptyForDraw"],
        "the wrapped rule keeps its id and place"
    );
    assert!(engine.dispatch(Script::named("forbidden-ok")).is_ok());
    let err = engine.dispatch(Script::named("forbidden-no")).unwrap_err();
    assert_eq!(
        err,
        EngineError::Rejected {
            action: "SCRIPT".into(),
            rule: "notForbidden".into(),
            reason: "forbidden-no is forbidden".into()
        }
    );
    assert_eq!(*asked.lock().unwrap(), 2);
}

#[test]
fn wrappers_stack_and_replacing_a_rule_for_all_kinds_keeps_it_for_the_others() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let outer_log = Arc::clone(&log);
    let inner_log = Arc::clone(&log);
    let inner = Rule::wrapping::<Script>("knownPlayer", move |s, o, st, original| {
        inner_log.lock().unwrap().push("inner");
        original(s, o, st)
    });
    let outer = Rule::wrapping::<Script>("knownPlayer", move |s, o, st, original| {
        outer_log.lock().unwrap().push("outer");
        original(s, o, st)
    });
    let mut engine = engine_with(vec![inner, outer]).unwrap();
    let err = engine
        .dispatch(Script::named("x").by(stranger()))
        .unwrap_err();
    assert_eq!(err.rule(), Some("knownPlayer"));
    assert_eq!(*log.lock().unwrap(), ["outer", "inner"]);
}

#[test]
fn changing_a_rule_no_earlier_plugin_registered_is_an_error() {
    for house in [
        Rule::for_action::<Script>("x", |_, _, _| Ok(())).replacing("nope"),
        Rule::wrapping::<Script>("nope", |s, o, st, original| original(s, o, st)),
    ] {
        let err = engine_with(vec![house]).unwrap_err();
        assert_eq!(
            err,
            EngineError::RuleNotFound {
                plugin: "house".into(),
                rule: "nope".into()
            }
        );
    }
}

#[test]
fn a_rule_checks_on_its_own_through_an_action_ref() {
    let engine = toy_engine(1);
    let rules = ToyPlugin.rules();
    let bad = Script::named("forbidden");
    let refused = rules[0].check(ActionRef::of(&bad), ActionOrigin::External, engine.state());
    assert!(refused.is_err());
    let good = Script::named("fine");
    assert!(
        rules[0]
            .check(ActionRef::of(&good), ActionOrigin::External, engine.state())
            .is_ok()
    );
}
