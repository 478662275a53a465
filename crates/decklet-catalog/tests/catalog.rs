//! The catalogue as a tool uses it: games by their strings, with every parameter
//! checked; matches dealt; bots by name, which play whole games; logs that name their
//! game and load it back.

use decklet_bots::{Bot, play_game};
use decklet_catalog::{Catalog, CatalogError, ParamKind};

#[test]
fn every_game_loads_by_its_name_and_its_defaults_name_it_back() {
    let catalog = Catalog::standard();
    let names: Vec<&str> = catalog.games().map(|d| d.name()).collect();
    assert_eq!(
        names,
        [
            "uno",
            "crazy_eights",
            "hearts",
            "kuhn_poker",
            "leduc_poker",
            "mini_uno"
        ]
    );
    for def in catalog.games() {
        let loaded = catalog.load(def.name()).unwrap();
        // the defaults are no parameter at all
        assert_eq!(loaded.string(), def.name());
        assert_eq!(loaded.game().string(), Some(def.name()));
        // every parameter at its default is the same game
        let defaults: Vec<String> = def
            .params()
            .iter()
            .filter(|p| !p.default.is_empty())
            .map(|p| format!("{}={}", p.name, p.default))
            .collect();
        let spelled = format!("{}({})", def.name(), defaults.join(","));
        assert_eq!(
            catalog.load(&spelled).unwrap().string(),
            def.name(),
            "{spelled}"
        );
        for p in def.params() {
            assert!(!p.about.is_empty() && !matches!(p.kind, ParamKind::Set(w) if w.is_empty()));
        }
    }
}

#[test]
fn a_game_string_with_options_is_that_game_and_its_log_loads_it_back() {
    let catalog = Catalog::standard();
    for (text, canonical) in [
        ("uno(rules=official)", "uno(rules=official)"),
        ("uno(house=stacking+jump-in)", "uno(house=jump-in+stacking)"),
        (
            "uno(rules=official,house=seven-zero)",
            "uno(house=seven-zero,rules=official)",
        ),
        (
            "crazy_eights(use_special_cards=true,max_turns=50)",
            "crazy_eights(max_turns=50,use_special_cards=true)",
        ),
    ] {
        let loaded = catalog.load(text).unwrap();
        assert_eq!(loaded.string(), canonical, "{text}");
        let players = *loaded.def().players().start() + 1;
        let mut engine = loaded.new_engine(11, players).unwrap();
        let mut bots: Vec<Box<dyn Bot>> = (0..players)
            .map(|i| catalog.bot(&loaded, "random", i as u64).unwrap())
            .collect();
        play_game(&mut engine, &mut bots, 20_000).unwrap();
        let log = engine.log();
        assert_eq!(log.game.as_deref(), Some(canonical));
        let again = catalog.load_log(&log).unwrap();
        let mut replayed = decklet_core::GameEngine::new(again.game(), Default::default());
        replayed
            .replay(&log, decklet_core::Verify::Required)
            .unwrap();
        assert_eq!(replayed.state(), engine.state());
    }
}

#[test]
fn bad_game_strings_say_what_is_wrong() {
    let catalog = Catalog::standard();
    for (text, says) in [
        ("", "not a game's name"),
        (
            "chess",
            "`chess` is not a game of this catalogue (it has uno, crazy_eights, hearts, kuhn_poker, leduc_poker, mini_uno)",
        ),
        (
            "uno(rules=house)",
            "uno's rules is one of classic, official, not `house`",
        ),
        ("uno(house=stacking+stacking)", "uno's house is any of"),
        ("uno(house=stacking+stacking-any)", "uno: "),
        (
            "uno(players=4)",
            "uno has no parameter `players` (it has rules, house)",
        ),
        (
            "crazy_eights(max_turns=0)",
            "a whole number from 1 to 10000, not `0`",
        ),
        ("crazy_eights(reshuffle=1)", "true or false, not `1`"),
        ("crazy_eights(reshuffle=true", "(key=value,…)"),
        ("hearts(jd_bonus=yes)", "true or false, not `yes`"),
        ("hearts(players=4)", "hearts has no parameter `players`"),
    ] {
        let error = catalog.load(text).unwrap_err();
        assert!(error.to_string().contains(says), "{text}: {error}");
    }
    let loaded = catalog.load("uno").unwrap();
    assert!(matches!(
        loaded.new_engine(1, 11),
        Err(CatalogError::Players {
            min: 2,
            max: 10,
            given: 11,
            ..
        })
    ));
    let mut log = loaded.new_engine(1, 2).unwrap().log();
    log.game = None;
    log.plugins[2].id = "\u{1b}[31mnot-uno".into();
    let error = catalog.load_log(&log).unwrap_err();
    assert!(
        matches!(error, CatalogError::NoGameString { .. }),
        "{error}"
    );
    assert!(!error.to_string().contains('\u{1b}'), "{error}");
}

/// A log written before logs carried their game string loads as the game whose plugins
/// it ran: UNO with its house rules, a game at its defaults.
#[test]
fn an_older_log_without_a_game_string_loads_the_game_of_its_plugins() {
    let catalog = Catalog::standard();
    for text in [
        "uno",
        "uno(rules=official,house=jump-in)",
        "crazy_eights",
        "hearts",
    ] {
        let loaded = catalog.load(text).unwrap();
        let players = *loaded.def().players().start();
        let mut log = loaded.new_engine(3, players).unwrap().log();
        log.game = None;
        assert_eq!(catalog.load_log(&log).unwrap().string(), loaded.string());
    }
}

#[test]
fn every_bot_of_every_game_plays_whole_games() {
    let catalog = Catalog::standard();
    for def in catalog.games() {
        let loaded = catalog.load(def.name()).unwrap();
        let mut names: Vec<String> = Catalog::bot_names(def)
            .iter()
            // a policy needs a file of its game's encoding (the CLI's and the env's
            // tests play one)
            .filter(|n| !n.contains("policy:FILE") && !matches!(**n, "ismcts:N" | "ismcts"))
            // a name with a value, given one
            .map(|n| n.replace("=P", "=0.5"))
            .collect();
        names.push("ismcts:20".to_string());
        // the fewest players it seats, at least three where it seats three
        let players = (*def.players().start()).max(3).min(*def.players().end());
        for (seed, name) in names.iter().enumerate() {
            let mut engine = loaded.new_engine(seed as u64, players).unwrap();
            let mut bots: Vec<Box<dyn Bot>> = vec![catalog.bot(&loaded, name, 1).unwrap()];
            for seat in 1..players {
                bots.push(catalog.bot(&loaded, "random", 1 + seat as u64).unwrap());
            }
            let expected = name.split(':').next().unwrap_or(name);
            let name = name.as_str();
            assert_eq!(bots[0].name(), expected);
            let report = play_game(&mut engine, &mut bots, 20_000).unwrap();
            assert!(report.moves > 0, "{} {name}", def.name());
        }
        for bad in ["heuristic strategist", "nobody"] {
            let error = catalog.bot(&loaded, bad, 1).err().unwrap();
            assert!(
                matches!(error, CatalogError::UnknownBot { .. }),
                "{} {bad}: {error}",
                def.name()
            );
        }
        // a search that would think for minutes a move, or not at all, is refused
        assert!(catalog.bot(&loaded, "ismcts:100000", 1).is_ok());
        for bad in ["ismcts:0", "ismcts:100001", "ismcts:10000000", "ismcts:x"] {
            let error = catalog.bot(&loaded, bad, 1).err().unwrap();
            assert!(
                matches!(error, CatalogError::SearchIterations { .. }),
                "{} {bad}: {error}",
                def.name()
            );
            assert!(error.to_string().contains("from 1 to 100000"), "{error}");
        }
    }
    // a game's own bots are its own
    let uno = catalog.load("uno").unwrap();
    assert!(catalog.bot(&uno, "strategist", 1).is_err());
    let eights = catalog.load("crazy_eights").unwrap();
    assert!(catalog.bot(&eights, "heuristic", 1).is_err());
    let hearts = catalog.load("hearts").unwrap();
    assert!(catalog.bot(&hearts, "strategist", 1).is_err());
    assert!(catalog.bot(&uno, "ducker", 1).is_err());
}

#[test]
fn moves_are_told_in_each_game_s_words() {
    let catalog = Catalog::standard();
    for (game, word) in [("uno", "play "), ("crazy_eights", "play ")] {
        let loaded = catalog.load(game).unwrap();
        let engine = loaded.new_engine(4, 2).unwrap();
        let state = engine.state();
        let seat = state.current_player().unwrap();
        let mut moves = decklet_core::Moves::new();
        loaded.game().legal_moves(state, seat, &mut moves);
        let said: Vec<String> = moves
            .each(|m| loaded.def().describe_move(state, m))
            .collect();
        assert!(said.iter().any(|s| s.starts_with(word)), "{game}: {said:?}");
        assert!(said.iter().all(|s| !s.contains('{')), "{game}: {said:?}");
    }
}

/// A table's keys: letters, each once, none of them `q`; every key a move has along
/// random games is one its game lists, no two moves listed together share one, and
/// each key stands for moves of one kind.
#[test]
fn every_key_of_a_move_is_declared_and_stands_for_one_kind_of_move() {
    use decklet_bots::{RandomBot, ask};
    let catalog = Catalog::standard();
    for text in [
        "uno(rules=official,house=seven-zero+jump-in)",
        "crazy_eights",
        "hearts",
    ] {
        let loaded = catalog.load(text).unwrap();
        let def = loaded.def();
        let keys: Vec<char> = def.keys().iter().map(|(k, _)| *k).collect();
        let mut distinct = keys.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), keys.len(), "{text}: {keys:?}");
        assert!(
            keys.iter().all(|k| k.is_ascii_lowercase() && *k != 'q'),
            "{text}"
        );
        let mut kinds: std::collections::HashMap<char, &str> = Default::default();
        for seed in 0..20 {
            let mut engine = loaded.new_engine(seed, 4).unwrap();
            let (mut bot, mut moves) = (RandomBot::new(seed), decklet_core::Moves::new());
            for _ in 0..300 {
                let Some(seat) = engine.state().current_player() else {
                    break;
                };
                let Some(pick) = ask(&mut bot, &engine, seat, &mut moves) else {
                    break;
                };
                let listed: Vec<char> = moves.each(|m| def.move_key(m)).flatten().collect();
                let mut once = listed.clone();
                once.sort();
                once.dedup();
                assert_eq!(once.len(), listed.len(), "{text}: {listed:?}");
                for (key, kind) in moves.each(|m| (def.move_key(m), m.kind())) {
                    if let Some(key) = key {
                        assert!(keys.contains(&key), "{text}: {key}");
                        assert_eq!(*kinds.entry(key).or_insert(kind), kind, "{text}");
                    }
                }
                engine.dispatch_move(&moves, pick).unwrap();
            }
        }
        // drawing and passing (or ending the turn) have their keys in every game with keys
        for key in ['d', 'p'] {
            assert_eq!(
                keys.is_empty(),
                !kinds.contains_key(&key),
                "{text}: {kinds:?}"
            );
        }
    }
}

/// A game's other name loads it, named by its own, parameters and all; an alias never
/// names two games, nor hides a game's own name.
#[test]
fn an_old_name_loads_its_game_under_its_own_name() {
    let catalog = Catalog::standard();
    assert_eq!(
        catalog.load("crazy-eights").unwrap().string(),
        "crazy_eights"
    );
    let loaded = catalog.load("crazy-eights(reshuffle=true)").unwrap();
    assert_eq!(loaded.string(), "crazy_eights(reshuffle=true)");
    assert_eq!(loaded.def().name(), "crazy_eights");
    let mut names: Vec<&str> = catalog
        .games()
        .flat_map(|d| std::iter::once(d.name()).chain(d.aliases().iter().copied()))
        .collect();
    let all = names.len();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), all, "{names:?}");
    assert!(catalog.load("crazy-nines").is_err());
}
