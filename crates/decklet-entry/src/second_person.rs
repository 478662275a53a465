//! [`second_person`]: a line a game narrates, as its own player is told it. A game
//! narrates in the third person with its players' names (`Ann plays red 7 → Bob's
//! turn`); the player named is told `You play red 7`, `your turn`: the name becomes
//! "you" (capitalised at the start of the line), a name's `'s` becomes "your", and the
//! verb after the name loses the ending of its third person (`plays` → `play`,
//! `passes` → `pass`, `carries` → `carry`, `has` → `have`, `is` → `are`).

/// `line` as the player called `name` is told it (see the module's documentation).
/// A name that is empty, or that the line does not hold as a whole word, leaves the
/// line as it is.
///
/// ```
/// use decklet_entry::second_person;
/// assert_eq!(second_person("Ann plays red 7 → Bob's turn", "Ann"), "You play red 7 → Bob's turn");
/// assert_eq!(second_person("Bob plays red 7 → Ann's turn", "Ann"), "Bob plays red 7 → your turn");
/// assert_eq!(second_person("You calls UNO", "You"), "You call UNO");
/// assert_eq!(second_person("Annie passes", "Ann"), "Annie passes");
/// ```
pub fn second_person(line: &str, name: &str) -> String {
    if name.is_empty() {
        return line.to_string();
    }
    let mut out = String::with_capacity(line.len() + 8);
    let mut rest = line;
    let mut at_start = true;
    while let Some(found) = rest.find(name) {
        let (before, after) = rest.split_at(found);
        let after = after.strip_prefix(name).unwrap_or(after);
        let whole = !before
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric)
            && !after.chars().next().is_some_and(char::is_alphanumeric);
        out.push_str(before);
        let first = at_start && out.trim().is_empty();
        at_start = false;
        if !whole {
            out.push_str(name);
            rest = after;
            continue;
        }
        if let Some(tail) = after.strip_prefix("'s") {
            out.push_str(if first { "Your" } else { "your" });
            rest = tail;
            continue;
        }
        out.push_str(if first { "You" } else { "you" });
        match after.strip_prefix(' ') {
            Some(tail) => {
                let end = tail
                    .find(|c: char| !c.is_alphabetic())
                    .unwrap_or(tail.len());
                let (word, tail) = tail.split_at(end);
                out.push(' ');
                out.push_str(&plain_verb(word));
                rest = tail;
            }
            None => rest = after,
        }
    }
    out.push_str(rest);
    out
}

/// A verb's form after "you", from its third person (`plays` → `play`); a word that is
/// no third person (`93`, `red`) as it is.
fn plain_verb(word: &str) -> String {
    match word {
        "has" => return "have".into(),
        "is" => return "are".into(),
        "was" => return "were".into(),
        "does" => return "do".into(),
        "goes" => return "go".into(),
        _ => {}
    }
    if let Some(stem) = word.strip_suffix("ies")
        && !stem.is_empty()
    {
        return format!("{stem}y");
    }
    for ending in ["sses", "shes", "ches", "xes", "zes"] {
        if word.ends_with(ending)
            && let Some(stem) = word.strip_suffix("es")
        {
            return stem.to_string();
        }
    }
    match word.strip_suffix('s') {
        Some(stem) if !stem.is_empty() && !stem.ends_with('s') && !stem.ends_with('u') => {
            stem.to_string()
        }
        _ => word.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_a_game_narrates_reads_as_told_to_you() {
        for (line, told) in [
            (
                "You plays red 7 → Bot 2's turn",
                "You play red 7 → Bot 2's turn",
            ),
            (
                "Bot 2 plays wild → You's turn",
                "Bot 2 plays wild → your turn",
            ),
            ("You's turn", "Your turn"),
            ("You draws a card", "You draw a card"),
            ("You passes", "You pass"),
            ("You catches Bot 3", "You catch Bot 3"),
            ("You carries on", "You carry on"),
            ("You has 2 cards", "You have 2 cards"),
            ("You is out", "You are out"),
            (
                "You wins the round, scores 93 points",
                "You win the round, scores 93 points",
            ),
            ("You takes the trick", "You take the trick"),
            ("scores: You 93, Bot 2 0", "scores: you 93, Bot 2 0"),
            ("You: red 7", "You: red 7"),
            (
                "You's hand is shown to p2: (seen by them alone)",
                "Your hand is shown to p2: (seen by them alone)",
            ),
            ("Younger plays", "Younger plays"),
            ("Bot 2 (random) plays", "Bot 2 (random) plays"),
        ] {
            assert_eq!(second_person(line, "You"), told, "{line}");
        }
        assert_eq!(second_person("Zoë plays", "Zoë"), "You play");
        assert_eq!(
            second_person("p1's hand is shown to p2: 5♥", "p2"),
            "p1's hand is shown to you: 5♥"
        );
        assert_eq!(second_person("Zoë plays", ""), "Zoë plays");
        // a name that holds what follows it, and one with the letters of a verb
        assert_eq!(second_person("Ann's Ann plays", "Ann"), "Your you play");
        assert_eq!(second_person("Bob bus", "Bob"), "You bus");
    }
}
