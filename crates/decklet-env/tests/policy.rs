//! A learnt policy plays as a bot what it plays in the environments: at every decision
//! of every seat, in UNO with calls and jump-ins (moves out of turn, waits) and in Crazy
//! Eights, the `PolicyBot` (its seat's information state, the listed moves, each seat's
//! last kind of move kept from what it heard) takes the move the environment's argmax
//! over its observation and mask takes. A bot that saw another observation, another
//! mask or another seat's last move would differ within a few moves: the network is
//! random and every input moves its logits. As a search's prior, the bot weighs its
//! moves as it ranks them (the heaviest is the move it plays; the weights sum to 1).

use std::sync::Arc;

use decklet_bots::policy::{EncodingRef, Layer};
use decklet_bots::{Bot, Policy, PolicyBot, Prior};
use decklet_catalog::Catalog;
use decklet_core::{InfoState, Moves};
use decklet_env::{GameSpec, Table};

/// A network of random weights for `encoding`: observation → 24 → every action index.
fn random_policy(spec: &GameSpec, seed: u64) -> Policy {
    let encoding = EncodingRef::of(&**spec.encoding());
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x >> 40) as f32 / (1u64 << 24) as f32 - 0.5
    };
    let mut dense = |inputs: usize, outputs: usize| Layer::Dense {
        inputs,
        outputs,
        weights: (0..inputs * outputs).map(|_| next()).collect(),
        bias: (0..outputs).map(|_| next()).collect(),
    };
    let layers = vec![
        Layer::Clip { max: 20.0 },
        Layer::Scale { factor: 0.2 },
        dense(encoding.observation_len, 24),
        Layer::Relu,
        dense(24, encoding.action_count + 1),
    ];
    Policy::new(encoding, layers).unwrap()
}

/// The environment's choice: the index of highest logit among the mask's (the lowest
/// among equals).
fn argmax(logits: &[f32], mask: &[i8]) -> usize {
    let mut best = None;
    for (i, (&logit, &m)) in logits.iter().zip(mask).enumerate() {
        if m == 1 && best.is_none_or(|(_, top)| logit > top) {
            best = Some((i, logit));
        }
    }
    best.map(|(i, _)| i).unwrap()
}

fn plays_as_the_environment(game: &str, players: usize, seeds: std::ops::Range<u64>) -> usize {
    let spec = GameSpec::load(&Catalog::standard(), game, players).unwrap();
    let encoding = Arc::clone(spec.encoding());
    let (obs_len, count) = (encoding.observation_len(), encoding.action_count() + 1);
    let mut decisions = 0;
    for seed in seeds {
        let policy = Arc::new(random_policy(&spec, seed));
        let mut table: Table = spec.table(players, seed, 2_000).unwrap();
        table.collect_events(true);
        let mut bots: Vec<PolicyBot> = (0..players)
            .map(|_| PolicyBot::new(Arc::clone(&policy), Arc::clone(&encoding)).unwrap())
            .collect();
        let (mut obs, mut mask) = (vec![0.0; obs_len], vec![0; count]);
        let mut scratch = Default::default();
        let mut moves = Moves::new();
        while let Some(seat) = table.acting_seat() {
            table.observe(seat, &mut obs, &mut mask);
            let wanted = argmax(policy.logits(&obs, &mut scratch), &mask);
            // the bot of that seat, from what the seat knows and its listed moves
            let state = table.state();
            let player = state.seat_order()[seat];
            let info = state.info_state(player);
            table.engine().game().legal_moves(state, player, &mut moves);
            // as a search's prior, it weighs its moves as it ranks them
            let mut weights = Vec::new();
            Prior::weigh(&mut bots[seat], &info, &moves, &mut weights);
            assert_eq!(weights.len(), moves.len());
            let sum: f64 = weights.iter().sum();
            assert!(moves.is_empty() || (sum - 1.0).abs() < 1e-9, "{weights:?}");
            assert!(weights.iter().all(|w| *w >= 0.0));
            let pick = match table.in_window() {
                true => bots[seat].choose_out_of_turn(&info, &moves),
                false => bots[seat].choose(&info, &moves),
            };
            // the action index of most weight (summed over the moves that have it) is
            // the one the bot plays on its turn
            let index_of = |at: usize| {
                moves
                    .with(at, |m| encoding.action_index(state, player, m))
                    .unwrap()
            };
            let mut by_index: Vec<(Option<usize>, f64)> = Vec::new();
            for (at, w) in weights.iter().enumerate() {
                match by_index.iter_mut().find(|(i, _)| *i == index_of(at)) {
                    Some((_, sum)) => *sum += w,
                    None => by_index.push((index_of(at), *w)),
                }
            }
            let heaviest = (by_index.iter())
                .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
                .map(|(i, _)| *i);
            if !table.in_window() {
                assert_eq!(heaviest, pick.map(index_of), "{by_index:?}");
            }
            let taken = match pick {
                Some(at) => index_of(at).unwrap(),
                None => encoding.action_count(),
            };
            assert_eq!(
                taken,
                wanted,
                "{game}, seed {seed}, move {}: the bot of seat {seat} takes {} where the environment takes {}",
                table.moves(),
                encoding.action_name(taken),
                encoding.action_name(wanted)
            );
            decisions += 1;
            let befores: Vec<InfoState> = (state.seat_order().iter())
                .map(|p| state.info_state(*p))
                .collect();
            let kind = table.kind_of(wanted as i64);
            table.step(wanted as i64).unwrap();
            if let Some(kind) = kind {
                for (bot, before) in bots.iter_mut().zip(&befores) {
                    let heard: Vec<_> = (table.last_events().iter())
                        .map(|e| e.view_for(before.seat()))
                        .collect();
                    bot.hear_move(before, player, kind, &heard);
                }
            }
        }
    }
    decisions
}

#[test]
fn a_policy_bot_takes_the_environment_s_move_in_uno_with_moves_out_of_turn() {
    let decisions = plays_as_the_environment(
        "uno(rules=official,house=jump-in+seven-zero+stacking)",
        4,
        0..12,
    );
    assert!(decisions > 1_000, "{decisions}");
}

#[test]
fn a_policy_bot_takes_the_environment_s_move_in_crazy_eights() {
    let decisions = plays_as_the_environment("crazy_eights", 3, 0..12);
    assert!(decisions > 500, "{decisions}");
}

#[test]
fn a_policy_learnt_with_another_encoding_is_refused() {
    let uno = GameSpec::load(&Catalog::standard(), "uno", 2).unwrap();
    let eights = GameSpec::load(&Catalog::standard(), "crazy_eights", 2).unwrap();
    let policy = Arc::new(random_policy(&uno, 1));
    let error = PolicyBot::new(Arc::clone(&policy), Arc::clone(eights.encoding()))
        .err()
        .unwrap()
        .to_string();
    assert!(error.contains("learnt with encoding `uno` v1"), "{error}");
    assert!(PolicyBot::new(policy, Arc::clone(uno.encoding())).is_ok());
}

#[test]
fn a_policy_bot_takes_the_environment_s_move_in_hearts_of_the_generic_encoding() {
    let decisions = plays_as_the_environment("hearts", 4, 0..6);
    assert!(decisions > 300, "{decisions}");
}

/// A bot made apart from the table (Python's `Bot`, which plays whichever seat acts) is
/// told the moves it missed before it is asked, so a policy keeps each seat's last move
/// as the table does and takes the table's move.
#[test]
fn a_bot_made_apart_from_the_table_follows_it_before_it_is_asked() {
    let spec = GameSpec::load(&Catalog::standard(), "hearts", 4).unwrap();
    let encoding = Arc::clone(spec.encoding());
    let (obs_len, count) = (encoding.observation_len(), encoding.action_count() + 1);
    let policy = Arc::new(random_policy(&spec, 3));
    let mut table: Table = spec.table(4, 3, 2_000).unwrap();
    let mut bot = decklet_env::SeatBot::new(Box::new(
        PolicyBot::new(Arc::clone(&policy), Arc::clone(&encoding)).unwrap(),
    ));
    let mut followed = decklet_env::Followed::default();
    let (mut obs, mut mask) = (vec![0.0; obs_len], vec![0; count]);
    let mut scratch = Default::default();
    let mut decisions = 0;
    for round in 0..2 {
        if round == 1 {
            table.reset(4).unwrap();
        }
        while let Some(seat) = table.acting_seat() {
            table.observe(seat, &mut obs, &mut mask);
            let wanted = argmax(policy.logits(&obs, &mut scratch), &mask);
            assert!(table.tell(&mut bot, &mut followed, 7));
            assert_eq!(
                bot.choose(&table),
                Some(wanted),
                "deal {round}, move {}",
                table.moves()
            );
            table.step(wanted as i64).unwrap();
            decisions += 1;
        }
    }
    assert!(decisions > 100, "{decisions}");
}
