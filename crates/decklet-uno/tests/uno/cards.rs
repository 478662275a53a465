//! The 108-card deck and the typed view.

use std::collections::HashSet;

use decklet_core::GameRng;
use decklet_uno::*;

#[test]
fn the_deck_has_108_cards_in_the_classic_composition() {
    let deck = create_uno_deck();
    assert_eq!(deck.len(), 108);
    let ids: HashSet<_> = deck.iter().map(|c| c.id.clone()).collect();
    assert_eq!(ids.len(), 108);
    let views: Vec<UnoCard> = deck.iter().map(|c| UnoCard::of(c).unwrap()).collect();
    let count = |color: Option<UnoColor>, face: UnoFace| {
        views
            .iter()
            .filter(|v| v.color == color && v.face == face)
            .count()
    };
    for color in UnoColor::ALL {
        assert_eq!(count(Some(color), UnoFace::Number(0)), 1);
        for n in 1..=9 {
            assert_eq!(count(Some(color), UnoFace::Number(n)), 2);
        }
        for face in [UnoFace::Skip, UnoFace::Reverse, UnoFace::Draw2] {
            assert_eq!(count(Some(color), face), 2);
        }
    }
    assert_eq!(count(None, UnoFace::Wild), 4);
    assert_eq!(count(None, UnoFace::WildDraw4), 4);
    let types: HashSet<&str> = deck.iter().map(|c| c.card_type.as_str()).collect();
    assert_eq!(
        types,
        HashSet::from(["number", "skip", "reverse", "draw2", "wild", "wild_draw4"])
    );
}

#[test]
fn card_fields_and_views_agree() {
    for card in create_uno_deck() {
        let view = UnoCard::of(&card).unwrap();
        assert_eq!(card.card_type, view.face.card_type());
        assert_eq!(card.suit.as_deref(), view.color.map(UnoColor::as_str));
        assert_eq!(card.value, Some(view.face.points()));
        assert_eq!(view.to_card(card.id.clone()), card);
    }
    let red7 = create_uno_deck()
        .into_iter()
        .find(|c| c.id == "uno-red-7-1")
        .unwrap();
    assert_eq!(red7.rank.as_deref(), Some("7"));
    assert_eq!(red7.tags, ["red"]);
}

#[test]
fn shuffled_decks_are_permutations_that_depend_on_the_seed() {
    let plain: Vec<_> = create_uno_deck().into_iter().map(|c| c.id).collect();
    let a: Vec<_> = create_shuffled_uno_deck(&mut GameRng::seed_from(1))
        .into_iter()
        .map(|c| c.id)
        .collect();
    let b: Vec<_> = create_shuffled_uno_deck(&mut GameRng::seed_from(1))
        .into_iter()
        .map(|c| c.id)
        .collect();
    let c: Vec<_> = create_shuffled_uno_deck(&mut GameRng::seed_from(2))
        .into_iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert_ne!(a, plain);
    let mut sorted = a;
    sorted.sort();
    let mut plain_sorted = plain;
    plain_sorted.sort();
    assert_eq!(sorted, plain_sorted);
}

#[test]
fn matching_follows_colour_face_and_wild() {
    let red7 = UnoCard::new(Some(UnoColor::Red), UnoFace::Number(7));
    let blue_skip = UnoCard::new(Some(UnoColor::Blue), UnoFace::Skip);
    let wild = UnoCard::new(None, UnoFace::Wild);
    assert!(red7.matches(UnoColor::Red, Some(UnoFace::Number(2))));
    assert!(red7.matches(UnoColor::Green, Some(UnoFace::Number(7))));
    assert!(!red7.matches(UnoColor::Green, Some(UnoFace::Skip)));
    assert!(blue_skip.matches(UnoColor::Green, Some(UnoFace::Skip)));
    assert!(!blue_skip.matches(UnoColor::Green, Some(UnoFace::Wild)));
    assert!(wild.matches(UnoColor::Yellow, Some(UnoFace::Number(1))));
    assert_eq!(
        "purple".parse::<UnoColor>().unwrap_err(),
        "`purple` is not a colour: choose red, yellow, green or blue"
    );
}
