//! Poker hand ranks: exhaustive category counts and ordering.

use decklet_plugins::poker::*;
use decklet_plugins::standard_deck;

fn all_cards() -> Vec<PokerCard> {
    (0..4u8)
        .flat_map(|s| (2..=14u8).map(move |r| PokerCard::new(r, s)))
        .collect()
}

#[test]
fn every_five_card_hand_lands_in_the_right_category() {
    let cards = all_cards();
    let mut counts = [0u32; 9];
    let mut hand = [PokerCard::new(2, 0); 5];
    for a in 0..52 {
        hand[0] = cards[a];
        for b in a + 1..52 {
            hand[1] = cards[b];
            for c in b + 1..52 {
                hand[2] = cards[c];
                for d in c + 1..52 {
                    hand[3] = cards[d];
                    for &card in &cards[d + 1..] {
                        hand[4] = card;
                        counts[evaluate(&hand).unwrap().category() as usize] += 1;
                    }
                }
            }
        }
    }
    assert_eq!(
        counts,
        [
            1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40
        ]
    );
}

fn hand(text: &str) -> Vec<PokerCard> {
    text.split_whitespace()
        .map(|c| {
            let (rank, suit) = c.split_at(c.len() - 1);
            let rank = match rank {
                "A" => 14,
                "K" => 13,
                "Q" => 12,
                "J" => 11,
                "T" => 10,
                n => n.parse().unwrap(),
            };
            let suit = "shdc".find(suit).unwrap() as u8;
            PokerCard::new(rank, suit)
        })
        .collect()
}

fn rank(text: &str) -> HandRank {
    evaluate(&hand(text)).unwrap()
}

#[test]
fn categories_and_tie_breaks_order_hands() {
    let ordered = [
        "2s 3h 4d 5c 7s",
        "As Kh Qd Jc 9s",
        "2s 2h 4d 5c 7s",
        "As Ah Kd Qc Js",
        "2s 2h 3d 3c 4s",
        "2s 2h 3d 3c As",
        "As Ah Kd Kc 2s",
        "2s 2h 2d 4c 5s",
        "Ah 2s 3h 4d 5c",
        "2s 3h 4d 5c 6s",
        "Ts Jh Qd Kc As",
        "2h 4h 6h 8h Th",
        "Ks Jh Kd 2s 3s 5s 7s",
        "2s 2h 2d 3c 3s",
        "Ks Kh Kd 2c 2s",
        "2s 2h 2d 2c 3s",
        "As Ah Ad Ac Ks",
        "Ah 2h 3h 4h 5h",
        "9s Ts Js Qs Ks",
        "Ts Js Qs Ks As",
    ];
    for pair in ordered.windows(2) {
        assert!(rank(pair[0]) < rank(pair[1]), "{} < {}", pair[0], pair[1]);
    }
    assert_eq!(rank("As Ah Kd Qc Js"), rank("Ad Ac Ks Qh Jd"));
}

#[test]
fn seven_cards_pick_the_best_five() {
    assert_eq!(
        rank("2s 2h 2d 3c 3s 4h 4d").category(),
        HandCategory::FullHouse
    );
    assert_eq!(rank("2s 2h 2d 3c 3s 3h 4d"), rank("3s 3h 3d 2c 2s"));
    assert_eq!(rank("As Ks 2s 7s 9s Ah Ad").category(), HandCategory::Flush);
    assert_eq!(rank("Ah 2c 3d 4s 5h 6d Kc"), rank("2c 3d 4s 5h 6d"));
    assert_eq!(rank("Ah Ad Kc Kd Qs Qh 2c"), rank("Ah Ad Kc Kd Qs"));
    assert_eq!(rank("9h 9d 9c 9s Ah Ad Ac"), rank("9h 9d 9c 9s Ah"));
}

#[test]
fn bad_hands_are_errors() {
    assert_eq!(
        evaluate(&hand("2s 3s 4s 5s")),
        Err(PokerError::WrongCount(4))
    );
    assert_eq!(
        evaluate(&hand("2s 3s 4s 5s 6s 7s 8s 9s")),
        Err(PokerError::WrongCount(8))
    );
    assert!(matches!(
        evaluate(&hand("2s 2s 4s 5s 6s")),
        Err(PokerError::DuplicateCard { .. })
    ));
    let bad = [
        PokerCard::new(1, 0),
        PokerCard::new(2, 0),
        PokerCard::new(3, 0),
        PokerCard::new(4, 0),
        PokerCard::new(5, 9),
    ];
    assert!(matches!(
        evaluate(&bad),
        Err(PokerError::InvalidCard { .. })
    ));
}

#[test]
fn the_standard_resolver_reads_rank_before_value() {
    let deck = standard_deck();
    let resolver = StandardPokerRankResolver;
    let ace = deck.get(deck.id_of("std-spade-A").unwrap()).unwrap();
    assert_eq!(ace.value, Some(1));
    assert_eq!(resolver.rank(ace), Some(14));
    let mut only_value = ace.clone();
    only_value.rank = None;
    assert_eq!(resolver.rank(&only_value), Some(14));
    let royal: Vec<_> = ["A", "K", "Q", "J", "10"]
        .iter()
        .map(|r| {
            deck.get(deck.id_of(&format!("std-heart-{r}")).unwrap())
                .unwrap()
        })
        .collect();
    assert_eq!(
        resolver.evaluate(&royal).unwrap().category(),
        HandCategory::StraightFlush
    );
    let mut joker = ace.clone();
    joker.rank = Some("Joker".into());
    assert!(resolver.evaluate(&[&joker, ace, ace, ace, ace]).is_err());
}
