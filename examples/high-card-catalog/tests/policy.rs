//! A policy of a game of one's own, learnt with the generic encoding at one number of
//! players, plays its game at that number, and makes no move at another (its
//! observations would mean something else there).

use decklet_bots::policy::{EncodingRef, Layer};
use decklet_bots::{Policy, ask};
use decklet_catalog::{Catalog, GenericEncoding};
use decklet_core::Moves;
use high_card_catalog::HighCardDef;

#[test]
fn a_generic_policy_plays_at_the_players_it_was_learnt_for_only() {
    let catalog = Catalog::standard().with(HighCardDef);
    let loaded = catalog.load("high_card").unwrap();
    let encoding = EncodingRef::of(&GenericEncoding::new(loaded.clone(), 2).unwrap());
    let (inputs, outputs) = (encoding.observation_len, encoding.action_count + 1);
    let layers = vec![Layer::Dense {
        inputs,
        outputs,
        weights: (0..inputs * outputs)
            .map(|i| (i % 7) as f32 - 3.0)
            .collect(),
        bias: vec![0.0; outputs],
    }];
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("high-card.json");
    std::fs::write(&path, Policy::new(encoding, layers).unwrap().to_json()).unwrap();
    let name = format!("policy:{}", path.display());
    for (players, plays) in [(2, true), (3, false)] {
        let mut bot = catalog.bot(&loaded, &name, 1).unwrap();
        let engine = loaded.new_engine(5, players).unwrap();
        let seat = engine.state().current_player().unwrap();
        let mut moves = Moves::new();
        let pick = ask(bot.as_mut(), &engine, seat, &mut moves);
        assert!(!moves.is_empty());
        assert_eq!(pick.is_some(), plays, "{players} players: {pick:?}");
    }
    // another game's policy is refused before any encoding is made, with both named
    let uno = EncodingRef {
        name: "uno".into(),
        version: 1,
        observation_len: 199,
        action_count: 81,
    };
    let refused = loaded.encoding_of(&uno).map(|_| ()).unwrap_err();
    assert!(
        refused.contains("`uno` v1") && refused.contains("`high_card` v1"),
        "{refused}"
    );
}
