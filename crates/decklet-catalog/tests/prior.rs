//! A search guided by a prior: its root's moves weighed by what a [`Prior`] says. Given
//! its full weight, the prior decides the move (the search then visits little else),
//! in UNO's search and in the search of any game (Crazy Eights); at weight 0 it
//! changes nothing, move for move. A catalogue's `BOT+policy:FILE` takes it only for
//! a bot that searches.

use decklet_bots::{Bot, IsmctsBot, IsmctsConfig, Prior};
use decklet_catalog::{Catalog, LoadedGame};
use decklet_core::{GameRng, GameState, InfoState, Moves, PlayerId};
use decklet_uno::UnoSearch;

/// A prior that gives all its weight to the listed move whose action index is
/// `wanted` (split among the moves that have it).
struct Favour {
    loaded: LoadedGame,
    wanted: usize,
}

impl Prior for Favour {
    fn weigh(&mut self, info: &InfoState, moves: &Moves, out: &mut Vec<f64>) {
        let encoding = self.loaded.encoding().unwrap();
        let hit: Vec<bool> = moves
            .each(|m| encoding.action_index(info.known(), info.seat(), m) == Some(self.wanted))
            .collect();
        let n = hit.iter().filter(|h| **h).count() as f64;
        out.clear();
        out.extend(hit.iter().map(|h| if *h { 1.0 / n } else { 0.0 }));
    }
}

/// The search bot of `loaded` with `prior_weight`, seeded.
fn search(loaded: &LoadedGame, prior_weight: f64, seed: u64) -> Box<dyn Bot> {
    if loaded.def().name() == "uno" {
        let config = IsmctsConfig {
            prior_weight,
            ..UnoSearch::config(200)
        };
        return Box::new(UnoSearch::default().bot(loaded.game(), config, seed));
    }
    let config = IsmctsConfig {
        iterations: 200,
        prior_weight,
        ..IsmctsConfig::default()
    };
    let mut bot = IsmctsBot::new(loaded.game(), config, seed).with_scoring(loaded.def().scoring());
    if let Some(playout) = loaded.def().playout() {
        bot = bot.with_playout(playout);
    }
    Box::new(bot)
}

/// Positions of a game among random movers, and the seat to move, whose moves have
/// two action indices or more.
fn positions(loaded: &LoadedGame, players: usize, seed: u64) -> Vec<(GameState, PlayerId)> {
    let mut engine = loaded.new_engine(seed, players).unwrap();
    let encoding = loaded.encoding().unwrap();
    let mut rng = GameRng::seed_from(seed);
    let mut moves = Moves::new();
    let mut found = Vec::new();
    for _ in 0..60 {
        let state = engine.state();
        let Some(seat) = state.current_player() else {
            break;
        };
        if !state.winners().is_empty() {
            break;
        }
        engine.game().legal_moves(state, seat, &mut moves);
        let mut indices: Vec<usize> = moves
            .each(|m| encoding.action_index(state, seat, m))
            .flatten()
            .collect();
        indices.dedup();
        if indices.len() >= 2 {
            found.push((state.clone(), seat));
        }
        let pick = rng.index(moves.len());
        engine.dispatch_move(&moves, pick).unwrap();
    }
    found
}

fn index_of(
    loaded: &LoadedGame,
    state: &GameState,
    seat: PlayerId,
    moves: &Moves,
    at: usize,
) -> usize {
    let encoding = loaded.encoding().unwrap();
    moves
        .with(at, |m| encoding.action_index(state, seat, m))
        .flatten()
        .unwrap()
}

fn the_prior_decides_at_full_weight_and_changes_nothing_at_none(game: &str, players: usize) {
    let loaded = Catalog::standard().load(game).unwrap();
    let mut decided = 0;
    for (state, seat) in positions(&loaded, players, 11).into_iter().take(8) {
        let state = &state;
        let info = state.info_state(seat);
        let mut moves = Moves::new();
        loaded.game().legal_moves(state, seat, &mut moves);
        let plain = search(&loaded, 1.0, 5).choose(&info, &moves).unwrap();
        let plain_index = index_of(&loaded, state, seat, &moves, plain);
        // the listed move of another index than the plain search's choice
        let wanted = (0..moves.len())
            .map(|at| index_of(&loaded, state, seat, &moves, at))
            .find(|i| *i != plain_index)
            .unwrap();
        let favour = || {
            Box::new(Favour {
                loaded: loaded.clone(),
                wanted,
            })
        };
        let mut guided = search(&loaded, 1e4, 5);
        assert!(guided.take_prior(favour()).is_ok());
        let pick = guided.choose(&info, &moves).unwrap();
        assert_eq!(
            index_of(&loaded, state, seat, &moves, pick),
            wanted,
            "{game}: the prior's move, at full weight"
        );
        let mut weightless = search(&loaded, 0.0, 5);
        assert!(weightless.take_prior(favour()).is_ok());
        assert_eq!(
            weightless.choose(&info, &moves),
            Some(plain),
            "{game}: a prior of weight 0 changes nothing"
        );
        decided += 1;
    }
    assert!(decided >= 4, "{game}: {decided} positions");
}

#[test]
fn uno_s_search_follows_its_prior_by_its_weight() {
    the_prior_decides_at_full_weight_and_changes_nothing_at_none("uno", 2);
}

#[test]
fn any_game_s_search_follows_its_prior_by_its_weight() {
    the_prior_decides_at_full_weight_and_changes_nothing_at_none("crazy_eights", 3);
}

#[test]
fn only_a_search_bot_takes_a_prior() {
    let catalog = Catalog::standard();
    let loaded = catalog.load("uno").unwrap();
    for name in ["random", "heuristic", "policy:x.json"] {
        let mut bot = catalog.bot(&loaded, name, 1).unwrap_or_else(|_| {
            // a policy bot needs a file: any bot that does not search will do
            catalog.bot(&loaded, "random", 1).unwrap()
        });
        let favour = Box::new(Favour {
            loaded: loaded.clone(),
            wanted: 0,
        });
        assert!(bot.take_prior(favour).is_err(), "{name}");
    }
    // named in the catalogue: a missing file, or a bot that does not search, is refused
    let error = |name: &str| catalog.bot(&loaded, name, 1).err().unwrap().to_string();
    let missing = error("ismcts:10+policy:/no/such/file.json");
    assert!(missing.contains("/no/such/file.json"), "{missing}");
    let unknown = error("nobody+policy:/no/such/file.json");
    assert!(unknown.contains("`nobody` is not a bot"), "{unknown}");
}
