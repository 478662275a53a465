//! The environments' contract: the mask is exactly the listed moves, a refused step
//! changes nothing, what a seat can reach does not depend on what it cannot see, and
//! the vector of tables plays the games a table plays.

use std::collections::BTreeSet;
use std::sync::Arc;

use decklet_catalog::Catalog;
use decklet_core::{EngineConfig, GameEngine, GameRng, SeatKnowledge};
use decklet_env::{Buffers, GameSpec, RewardMode, Table, VectorConfig, VectorTables, episode_seed};

/// A game of the standard catalogue by its game string.
fn spec(text: &str) -> GameSpec {
    GameSpec::load(&Catalog::standard(), text, 4).unwrap()
}

fn specs() -> Vec<(String, GameSpec)> {
    vec![
        ("uno seeds".into(), spec("uno")),
        ("uno official".into(), spec("uno(rules=official)")),
        (
            "uno house".into(),
            spec(
                "uno(rules=official,house=jump-in+seven-zero+stacking+forced-play+draw-until-playable)",
            ),
        ),
        ("crazy eights".into(), spec("crazy_eights")),
        (
            "crazy eights special".into(),
            spec("crazy_eights(use_special_cards=true,reshuffle=true)"),
        ),
        // a game with no encoding of its own: the generic one
        (
            "hearts".into(),
            GameSpec::load(&Catalog::standard(), "hearts", 4).unwrap(),
        ),
        (
            "hearts with options".into(),
            GameSpec::load(
                &Catalog::standard(),
                "hearts(pass_cards=false,jd_bonus=true)",
                4,
            )
            .unwrap(),
        ),
    ]
}

/// As many players as `wanted`, within what the game seats.
fn seats(spec: &GameSpec, wanted: usize) -> usize {
    wanted.clamp(*spec.players().start(), *spec.players().end())
}

/// Buffers the tests own, lent to the vector of tables.
struct Owned {
    observations: Vec<f32>,
    masks: Vec<i8>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
    seats: Vec<i64>,
    finals: Vec<f32>,
}

impl Owned {
    fn new(lanes: usize, obs_len: usize, count: usize, players: usize) -> Owned {
        Owned {
            observations: vec![0.0; lanes * obs_len],
            masks: vec![0; lanes * count],
            rewards: vec![0.0; lanes],
            terminated: vec![false; lanes],
            truncated: vec![false; lanes],
            seats: vec![0; lanes],
            finals: vec![0.0; lanes * players],
        }
    }

    fn lend(&mut self) -> Buffers<'_> {
        Buffers {
            observations: &mut self.observations,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            truncated: &mut self.truncated,
            seats: &mut self.seats,
            final_rewards: &mut self.finals,
        }
    }
}

/// The indices of the acting seat's listed moves (plus wait in a window).
fn listed(table: &Table) -> BTreeSet<usize> {
    let Some(player) = table.acting_player() else {
        return BTreeSet::new();
    };
    let state = table.state();
    let mut moves = decklet_core::Moves::new();
    table.engine().game().legal_moves(state, player, &mut moves);
    let mut indices: BTreeSet<usize> = moves
        .each(|m| table.encoding().action_index(state, player, m))
        .flatten()
        .collect();
    if table.in_window() {
        indices.insert(table.encoding().action_count());
    }
    indices
}

#[test]
fn the_mask_is_exactly_the_listed_moves_and_a_refused_step_changes_nothing() {
    let mut steps = 0;
    let mut windows = 0;
    for (name, spec) in specs() {
        let encoding = spec.encoding();
        let count = encoding.action_count() + 1;
        let mut obs = vec![0.0; encoding.observation_len()];
        let mut mask = vec![0i8; count];
        for seed in 0..12u64 {
            let players = seats(&spec, 2 + (seed as usize % 4));
            let mut table = spec.table(players, seed, 2_000).unwrap();
            let mut rng = GameRng::seed_from(seed);
            while let Some(seat) = table.acting_seat() {
                table.observe(seat, &mut obs, &mut mask);
                let masked: BTreeSet<usize> = (0..count).filter(|i| mask[*i] == 1).collect();
                assert_eq!(masked, listed(&table), "{name} seed {seed}");
                assert_eq!(masked, table.legal().into_iter().collect(), "{name}");
                windows += usize::from(table.in_window());
                // another seat's mask is empty
                let other = (seat + 1) % players;
                let mut other_mask = vec![1i8; count];
                table.observe(other, &mut obs, &mut other_mask);
                assert!(other_mask.iter().all(|m| *m == 0), "{name}");
                // an illegal and an out-of-range index are refused, nothing changes
                let before = table.state().clone();
                if let Some(bad) = (0..count).find(|i| mask[*i] == 0) {
                    assert!(table.step(bad as i64).is_err());
                }
                assert!(table.step(count as i64).is_err());
                assert!(table.step(-1).is_err());
                assert_eq!(*table.state(), before, "{name}");
                let legal: Vec<usize> = masked.into_iter().collect();
                let pick = legal[rng.index(legal.len())];
                table.step(pick as i64).unwrap();
                steps += 1;
            }
            assert!(table.is_over() || table.is_truncated());
            assert!(table.step(0).is_err(), "a finished game refuses steps");
        }
    }
    assert!(steps >= 10_000, "{steps} steps");
    assert!(windows > 100, "{windows} windows");
}

#[test]
fn what_a_seat_can_reach_does_not_depend_on_the_cards_it_cannot_see() {
    let mut compared = 0;
    for (name, spec) in specs() {
        let encoding = spec.encoding();
        let count = encoding.action_count() + 1;
        let game = Arc::clone(spec.table(seats(&spec, 2), 0, 10).unwrap().engine().game());
        for seed in 0..6u64 {
            let players = seats(&spec, 2 + (seed as usize % 3));
            let mut table = spec.table(players, seed, 2_000).unwrap();
            let mut rng = GameRng::seed_from(seed + 99);
            for step in 0..60 {
                let Some(acting) = table.acting_seat() else {
                    break;
                };
                if step % 5 == 0 {
                    // re-deal everything the acting seat cannot see
                    let state = table.state();
                    let player = state.seat_order()[acting];
                    let info = state.info_state(player);
                    let world = info
                        .determinize(&SeatKnowledge::default(), &mut rng)
                        .unwrap();
                    let mut engine = GameEngine::new(&game, EngineConfig::default());
                    engine.load_state(world).unwrap();
                    let mut other = Table::with_engine(Arc::clone(encoding), engine, 2_000);
                    let (mut a, mut b) = (
                        vec![0.0; encoding.observation_len()],
                        vec![0.0; encoding.observation_len()],
                    );
                    let (mut ma, mut mb) = (vec![0i8; count], vec![0i8; count]);
                    // the table has seen moves the adopted one has not: compare the
                    // parts moves do not touch by giving both the same history
                    let mut fresh = Table::with_engine(
                        Arc::clone(encoding),
                        {
                            let mut e = GameEngine::new(&game, EngineConfig::default());
                            e.load_state(table.state().clone()).unwrap();
                            e
                        },
                        2_000,
                    );
                    fresh.observe(acting, &mut a, &mut ma);
                    other.observe(acting, &mut b, &mut mb);
                    assert_eq!(a, b, "{name} seed {seed} step {step}: observation");
                    assert_eq!(ma, mb, "{name} seed {seed} step {step}: mask");
                    assert_eq!(fresh.acting_seat(), other.acting_seat(), "{name}");
                    assert_eq!(fresh.in_window(), other.in_window(), "{name}");
                    compared += 1;
                }
                let legal = table.legal();
                table.step(legal[rng.index(legal.len())] as i64).unwrap();
            }
        }
    }
    assert!(compared > 200, "{compared}");
}

/// Plays self-play lanes and single tables side by side with the same choices.
#[test]
fn the_vector_of_tables_plays_the_games_a_table_plays_for_the_same_seeds() {
    for (name, spec) in specs() {
        let encoding = spec.encoding();
        let (obs_len, count) = (encoding.observation_len(), encoding.action_count() + 1);
        let (lanes, players, seed) = (3usize, seats(&spec, 3), 40u64);
        let config = VectorConfig {
            lanes,
            players,
            opponents: None,
            threads: 2,
            seed,
            max_moves: 500,
            rewards: RewardMode::Win,
        };
        let mut vector = VectorTables::new(spec.clone(), &config).unwrap();
        let mut out = Owned::new(lanes, obs_len, count, players);
        vector.reset(seed, out.lend()).unwrap();
        let mut tables: Vec<Table> = (0..lanes)
            .map(|i| {
                spec.table(players, episode_seed(seed, lanes as u64, i, 0), 500)
                    .unwrap()
            })
            .collect();
        let mut episodes = vec![0u64; lanes];
        let mut ended = vec![false; lanes];
        let (mut o, mut m) = (vec![0.0; obs_len], vec![0i8; count]);
        for _ in 0..400 {
            let mut actions = Vec::new();
            for i in 0..lanes {
                if ended[i] {
                    episodes[i] += 1;
                    tables[i] = spec
                        .table(
                            players,
                            episode_seed(seed, lanes as u64, i, episodes[i]),
                            500,
                        )
                        .unwrap();
                    ended[i] = false;
                    actions.push(0);
                    continue;
                }
                let seat = tables[i].acting_seat().unwrap();
                assert_eq!(out.seats[i], seat as i64, "{name}");
                tables[i].observe(seat, &mut o, &mut m);
                assert_eq!(
                    &out.observations[i * obs_len..(i + 1) * obs_len],
                    &o[..],
                    "{name}"
                );
                assert_eq!(&out.masks[i * count..(i + 1) * count], &m[..], "{name}");
                let legal = tables[i].legal();
                let pick = legal[(episodes[i] as usize + i) % legal.len()];
                tables[i].step(pick as i64).unwrap();
                ended[i] = tables[i].is_over() || tables[i].is_truncated();
                actions.push(pick as i64);
            }
            vector.step(&actions, out.lend()).unwrap();
            for (table, terminated) in tables.iter().zip(&out.terminated) {
                assert_eq!(*terminated, table.is_over(), "{name}");
            }
        }
        // an illegal action refuses the whole step and changes nothing
        let before: Vec<_> = (0..lanes)
            .map(|i| vector.table(i).unwrap().state().clone())
            .collect();
        let bad: Vec<i64> = vec![count as i64 + 5; lanes];
        assert!(vector.step(&bad, out.lend()).is_err());
        for (i, state) in before.iter().enumerate() {
            assert_eq!(vector.table(i).unwrap().state(), state);
        }
    }
}

#[test]
fn against_bots_the_learner_always_acts_at_seat_zero_and_games_end_with_rewards() {
    for (name, spec, bots) in [
        (
            "uno",
            spec("uno(rules=official,house=jump-in)"),
            "heuristic",
        ),
        ("c8", spec("crazy_eights"), "strategist"),
        (
            "hearts",
            GameSpec::load(&Catalog::standard(), "hearts", 4).unwrap(),
            "ducker",
        ),
    ] {
        let encoding = spec.encoding();
        let (obs_len, count) = (encoding.observation_len(), encoding.action_count() + 1);
        let (lanes, players) = (8usize, 4usize);
        let config = VectorConfig {
            lanes,
            players,
            opponents: Some(bots.into()),
            threads: 1,
            seed: 5,
            max_moves: 5_000,
            rewards: RewardMode::Win,
        };
        let mut vector = VectorTables::new(spec.clone(), &config).unwrap();
        let mut out = Owned::new(lanes, obs_len, count, players);
        vector.reset(5, out.lend()).unwrap();
        let (mut ended, mut total) = (0, 0.0);
        for step in 0..3_000 {
            let actions: Vec<i64> = (0..lanes)
                .map(|i| {
                    let row = &out.masks[i * count..(i + 1) * count];
                    row.iter().position(|m| *m == 1).unwrap_or(0) as i64
                })
                .collect();
            let _ = step;
            if let Err((i, e)) = vector.step(&actions, out.lend()) {
                let t = vector.table(i).unwrap();
                panic!(
                    "{name} lane {i}: {e}; over {} trunc {} acting {:?} moves {} status {:?} current {:?} term {} ",
                    t.is_over(),
                    t.is_truncated(),
                    t.acting_seat(),
                    t.moves(),
                    t.state().status(),
                    t.state().current_player(),
                    out.terminated[i]
                );
            }
            for i in 0..lanes {
                assert_eq!(out.seats[i], 0, "{name}");
                if out.terminated[i] {
                    ended += 1;
                    total += out.rewards[i];
                    assert!([1.0, -1.0, 0.0].contains(&out.rewards[i]), "{name}");
                }
            }
        }
        assert!(ended > 20, "{name}: {ended} games ended");
        // first-legal play loses more than it wins against the bots
        assert!(total < 0.0, "{name}: {total}");
    }
}

/// A bot that plays at random and counts what it hears: every move of the lane, any
/// seat's, each with what its own seat knew just before.
struct Counter {
    random: decklet_bots::RandomBot,
    heard: Arc<std::sync::Mutex<(u64, bool)>>,
}

impl decklet_bots::Bot for Counter {
    fn name(&self) -> &str {
        "counter"
    }
    fn choose(
        &mut self,
        info: &decklet_core::InfoState,
        moves: &decklet_core::Moves,
    ) -> Option<usize> {
        self.random.choose(info, moves)
    }
    fn hears(&self) -> bool {
        true
    }
    fn hear(&mut self, before: &decklet_core::InfoState, events: &[decklet_core::AnyEvent]) {
        let mut heard = self.heard.lock().unwrap();
        heard.0 += 1;
        // what its own seat knew
        heard.1 |= before.seat().index() != 1;
        let _ = events;
    }
}

#[test]
fn a_seated_bot_hears_every_move_of_its_lane() {
    for spec in [spec("uno(rules=official)"), spec("crazy_eights")] {
        let encoding = spec.encoding();
        let (obs_len, count) = (encoding.observation_len(), encoding.action_count() + 1);
        let (lanes, players) = (2usize, 3usize);
        let config = VectorConfig {
            lanes,
            players,
            opponents: Some("random".into()),
            threads: 1,
            seed: 9,
            max_moves: 5_000,
            rewards: RewardMode::Win,
        };
        let mut vector = VectorTables::new(spec.clone(), &config).unwrap();
        let heard = Arc::new(std::sync::Mutex::new((0u64, false)));
        let counter = Counter {
            random: decklet_bots::RandomBot::new(3),
            heard: Arc::clone(&heard),
        };
        let seat = decklet_env::SeatBot::new(Box::new(counter));
        assert!(seat.hears());
        vector.set_bot(0, 1, seat).unwrap();
        assert!(
            vector
                .set_bot(
                    0,
                    0,
                    decklet_env::SeatBot::new(Box::new(decklet_bots::RandomBot::new(1)))
                )
                .is_err()
        );
        let mut out = Owned::new(lanes, obs_len, count, players);
        vector.reset(9, out.lend()).unwrap();
        let mut done = false;
        for _ in 0..20_000 {
            let actions: Vec<i64> = (0..lanes)
                .map(|i| {
                    let row = &out.masks[i * count..(i + 1) * count];
                    row.iter().position(|m| *m == 1).unwrap_or(0) as i64
                })
                .collect();
            vector.step(&actions, out.lend()).unwrap();
            if out.terminated[0] || out.truncated[0] {
                done = true;
                break;
            }
        }
        assert!(done, "{}: lane 0 did not end", encoding.name());
        let moves = vector.table(0).unwrap().moves();
        let (count, wrong) = *heard.lock().unwrap();
        assert!(moves > 10, "{moves}");
        assert_eq!(
            count,
            moves,
            "{}: heard {count} of {moves} moves",
            encoding.name()
        );
        assert!(!wrong, "{}: heard another seat's view", encoding.name());
    }
}

/// A game of the user's own, outside every crate of the repository's games: a
/// catalogue entry (with its move kinds) is all it takes to be a learner's table.
mod own_game {
    use super::*;
    use decklet_catalog::GameDef;
    use decklet_core::{EngineError, Game, GameString};
    use decklet_plugins::{DrawPlugin, StandardDeckPlugin, TurnPlugin};

    struct HighCard;

    impl GameDef for HighCard {
        fn name(&self) -> &'static str {
            "high_card"
        }
        fn about(&self) -> &'static str {
            "each player reveals a card; the highest wins"
        }
        fn players(&self) -> std::ops::RangeInclusive<usize> {
            2..=6
        }
        fn build(&self, game: &GameString) -> Result<Arc<Game>, String> {
            Game::builder()
                .plugin(StandardDeckPlugin)
                .plugin(TurnPlugin)
                .plugin(DrawPlugin)
                .plugin(high_card::HighCardPlugin)
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
            high_card::new_match(game, seed, players)
        }
        fn move_kinds(&self) -> &'static [&'static str] {
            &["REVEAL"]
        }
    }

    /// High card again, with an encoding of its own: one action (reveal), and what the
    /// seat knows as one number (how many sit at the table).
    struct HighCardEncoded;

    /// The encoding high card's own entry gives.
    struct Reveal(Arc<Game>);

    impl decklet_bots::Encoding for Reveal {
        fn name(&self) -> &'static str {
            "reveal"
        }
        fn observation_len(&self) -> usize {
            1
        }
        fn action_count(&self) -> usize {
            1
        }
        fn encode(
            &self,
            info: &decklet_core::InfoState,
            _: &[decklet_env::MoveClass],
            out: &mut [f32],
        ) {
            out[0] = info.seat_order().len() as f32;
        }
        fn action_index(
            &self,
            _: &decklet_core::GameState,
            _: decklet_core::PlayerId,
            action: decklet_core::ActionRef<'_>,
        ) -> Option<usize> {
            (action.kind() == "REVEAL").then_some(0)
        }
        fn class_of_kind(&self, _: &str) -> decklet_env::MoveClass {
            decklet_env::MoveClass::Play
        }
        fn action_name(&self, _: usize) -> String {
            "reveal".into()
        }
        fn render(&self, info: &decklet_core::InfoState) -> String {
            format!("{} cards", info.hand().len())
        }
        fn final_rewards(&self, state: &decklet_core::GameState, _: RewardMode) -> Vec<f32> {
            decklet_env::win_rewards(state)
        }
        fn new_match(&self, seed: u64, players: usize) -> Result<GameEngine, EngineError> {
            high_card::new_match(&self.0, seed, players)
        }
    }

    impl GameDef for HighCardEncoded {
        fn name(&self) -> &'static str {
            "high_card_encoded"
        }
        fn about(&self) -> &'static str {
            "high card, with an encoding of its own"
        }
        fn players(&self) -> std::ops::RangeInclusive<usize> {
            HighCard.players()
        }
        fn build(&self, game: &GameString) -> Result<Arc<Game>, String> {
            HighCard.build(game)
        }
        fn new_engine(
            &self,
            game: &Arc<Game>,
            seed: u64,
            players: usize,
        ) -> Result<GameEngine, EngineError> {
            high_card::new_match(game, seed, players)
        }
        fn encoding(
            &self,
            _: &GameString,
            built: &Arc<Game>,
        ) -> Option<Arc<dyn decklet_bots::Encoding>> {
            Some(Arc::new(Reveal(Arc::clone(built))))
        }
    }

    /// A game's own encoding, given by its catalogue entry, is the one its tables use
    /// (and the generic one is not made), at any number of players it seats.
    #[test]
    fn a_game_of_your_own_gives_its_own_encoding_by_its_catalogue_entry() {
        let catalog = Catalog::standard().with(HighCardEncoded);
        let spec = GameSpec::load(&catalog, "high_card_encoded", 3).unwrap();
        assert_eq!(spec.encoding().name(), "reveal");
        assert_eq!(spec.players(), 2..=6);
        for players in [2, 5] {
            let mut table = spec.table(players, 4, 100).unwrap();
            let (mut obs, mut mask) = (vec![0.0; 1], vec![0; 2]);
            while let Some(seat) = table.acting_seat() {
                table.observe(seat, &mut obs, &mut mask);
                assert_eq!(mask, [1, 0], "reveal, and no wait");
                assert_eq!(obs[0], players as f32, "the encoding's own observation");
                table.step(0).unwrap();
            }
            assert!(table.is_over());
        }
    }

    #[test]
    fn a_game_of_your_own_is_a_table_and_a_vector_of_tables_with_one_catalogue_entry() {
        let catalog = Catalog::standard().with(HighCard);
        let spec = GameSpec::load(&catalog, "high_card", 3).unwrap();
        let encoding = spec.encoding();
        assert_eq!(encoding.name(), "high_card");
        // one kind, no card named: one action, then wait
        assert_eq!(encoding.action_count(), 53);
        let mut wins = 0;
        for seed in 0..20 {
            let mut table = spec.table(3, seed, 100).unwrap();
            while table.acting_seat().is_some() {
                assert_eq!(table.legal(), [0]);
                table.step(0).unwrap();
            }
            assert!(table.is_over());
            wins += table
                .rewards(RewardMode::Win)
                .iter()
                .filter(|r| **r == 1.0)
                .count();
        }
        assert_eq!(wins, 20, "one winner a game");
        // its bots are the catalogue's: random and the search play it
        let config = VectorConfig {
            lanes: 4,
            players: 3,
            opponents: Some("ismcts:10".into()),
            threads: 1,
            seed: 1,
            max_moves: 100,
            rewards: RewardMode::Win,
        };
        let mut vector = VectorTables::new(spec.clone(), &config).unwrap();
        let (obs_len, count) = (encoding.observation_len(), encoding.action_count() + 1);
        let mut out = Owned::new(4, obs_len, count, 3);
        vector.reset(1, out.lend()).unwrap();
        for _ in 0..20 {
            vector.step(&[0, 0, 0, 0], out.lend()).unwrap();
        }
        // a game that is not in the catalogue is refused with what it has
        let error = GameSpec::load(&Catalog::standard(), "high_card", 3).unwrap_err();
        assert!(error.contains("not a game of this catalogue"), "{error}");
    }
}

/// Lanes stepped by two threads, each a fixed piece of consecutive lanes (the last one
/// shorter), fill the buffers bit for bit as one thread does, with opponents that hear;
/// a lane's error names that lane whichever thread stepped it.
#[test]
fn threads_step_fixed_pieces_of_lanes_to_the_same_bits() {
    let spec = spec("uno(rules=official,house=jump-in)");
    let encoding = spec.encoding();
    let (obs_len, count) = (encoding.observation_len(), encoding.action_count() + 1);
    let (lanes, players) = (2 * decklet_env::MIN_LANES_PER_THREAD + 7, 3);
    let config = |threads| VectorConfig {
        lanes,
        players,
        opponents: Some("heuristic".into()),
        threads,
        seed: 5,
        max_moves: 300,
        rewards: RewardMode::Score,
    };
    let mut one = VectorTables::new(spec.clone(), &config(1)).unwrap();
    let mut two = VectorTables::new(spec.clone(), &config(2)).unwrap();
    let (mut a, mut b) = (
        Owned::new(lanes, obs_len, count, players),
        Owned::new(lanes, obs_len, count, players),
    );
    one.reset(5, a.lend()).unwrap();
    two.reset(5, b.lend()).unwrap();
    let mut rng = GameRng::seed_from(3);
    let mut ended = 0;
    for _ in 0..250 {
        let actions: Vec<i64> = (0..lanes)
            .map(|i| {
                let row = &a.masks[i * count..(i + 1) * count];
                let legal: Vec<usize> = (0..count).filter(|k| row[*k] == 1).collect();
                legal
                    .get(rng.index(legal.len().max(1)))
                    .map_or(0, |k| *k as i64)
            })
            .collect();
        one.step(&actions, a.lend()).unwrap();
        two.step(&actions, b.lend()).unwrap();
        assert_eq!(a.observations, b.observations);
        assert_eq!(
            (&a.masks, &a.seats, &a.terminated),
            (&b.masks, &b.seats, &b.terminated)
        );
        assert_eq!((&a.rewards, &a.finals), (&b.rewards, &b.finals));
        ended += a.terminated.iter().filter(|t| **t).count();
    }
    assert!(ended > lanes, "{ended} games ended");
    // a move the mask refuses, in a lane of the second thread's piece
    let bad = lanes - 3;
    let mut actions: Vec<i64> = (0..lanes)
        .map(|i| {
            let row = &a.masks[i * count..(i + 1) * count];
            row.iter().position(|m| *m == 1).unwrap_or(0) as i64
        })
        .collect();
    let row = &a.masks[bad * count..(bad + 1) * count];
    actions[bad] = row.iter().position(|m| *m == 0).unwrap() as i64;
    let (i, _) = one.step(&actions, a.lend()).unwrap_err();
    let (j, _) = two.step(&actions, b.lend()).unwrap_err();
    assert_eq!((i, j), (bad, bad));
}
