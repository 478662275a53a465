//! The one terminal table of `decklet play`, for every game of the catalogue. You are
//! `p1`; the other seats are bots. What you are shown is built from your seat's
//! information state and the game's words ([`GameDef`]): the game's facts (`colour in
//! force: red`), every zone (your hand sorted, each kind of card once with its count;
//! a pile's top cards; the size of what you cannot see), and your moves, numbered,
//! with the game's keys beside them (`d` to draw). A move is told with the game's
//! narration of its events as your seat heard them (a game that does not narrate: the
//! move in its words, when you see every card it names), then the cards it put in your
//! hand. The seats are driven by the seat driver of every tool (`decklet_bots::Driver`):
//! where the game may list moves out of turn (a jump-in, calling UNO), every seat but
//! the player to move is offered its moves before each move, seat after seat from the
//! player to move (you as well, when your turn in that order comes: a move, or Enter to
//! let play go on). Every bot that follows the game hears every move.

use decklet::bots::{Answer, Bot, Driver, Seat};
use decklet::{AnyEvent, CardId, GameEngine, GameState, InfoState, Moves, Player, PlayerId};
use decklet_catalog::{GameDef, LoadedGame};
use owo_colors::{AnsiColors, OwoColorize, Stream};

use crate::console::{self, Lines, LogFile, SavedLog};

/// Your seat's player id.
pub(crate) const YOU: &str = "p1";

/// The most cards of one zone shown that is not your hand (its last ones: a pile's top).
const SHOWN: usize = 8;

/// A game at the table: its catalogue entry, the bots, your input and the log.
pub(crate) struct Table {
    /// The game, as the catalogue loaded it: its words, keys and narration.
    pub loaded: LoadedGame,
    /// One bot for each player after you, in the order the players were made (`p2`
    /// first), wherever they sit.
    pub bots: Vec<Box<dyn Bot>>,
    /// The bot that plays your seat when you watch (`play --watch`); `None`: you play.
    pub you_bot: Option<Box<dyn Bot>>,
    /// Your input.
    pub lines: Lines,
    /// Where `--save-log` writes.
    pub log: Option<SavedLog>,
}

/// How a game at the table ended.
pub(crate) enum RoundEnd {
    /// It is over (told).
    Over,
    /// You quit, or the input ended (already told).
    Left,
    /// The output is gone (or the log could not be saved): `play` ends with this.
    Stopped(Result<(), String>),
}

/// The players of a game of `play`: you as `p1`, then a bot a seat, named after its
/// kind (`Bot 2 (heuristic)`).
pub(crate) fn seat_players(bots: impl Iterator<Item = String>) -> Vec<Player> {
    let mut players = vec![Player::new(YOU, "You", 1)];
    for (i, kind) in bots.enumerate() {
        players.push(Player::new(
            format!("p{}", i + 2),
            format!("Bot {} ({kind})", i + 2),
            i as u32 + 2,
        ));
    }
    players
}

/// A player as the table names them: `you`, or their id (`p2`), as the game's narration
/// does.
fn who(state: &GameState, player: PlayerId) -> String {
    match state.player_id(YOU) == Some(player) {
        true => "you".to_string(),
        false => state.id_text(player).into_owned(),
    }
}

/// The seats, one line: `p1 you | p2 heuristic | …`.
pub(crate) fn seats_line(state: &GameState) -> String {
    let seats: Vec<String> = state
        .seat_order()
        .iter()
        .map(|p| match state.player(*p) {
            Some(player) if player.id == YOU => format!("{YOU} you"),
            Some(player) => {
                let kind = player
                    .name
                    .rsplit_once(" (")
                    .map(|(_, k)| k.trim_end_matches(')'));
                format!("{} {}", player.id, kind.unwrap_or(&player.name))
            }
            None => state.id_text(*p).into_owned(),
        })
        .collect();
    format!("Seats: {}", seats.join(" | "))
}

/// A card's words, coloured when the terminal shows colours and the words name one:
/// an UNO colour first (`red 7`), or a red suit (`Q♥`, `queen of hearts`). Wilds bold.
fn paint(words: &str) -> String {
    let first = words.split(' ').next().unwrap_or_default();
    let red_suit =
        words.contains(['♥', '♦']) || words.ends_with("hearts") || words.ends_with("diamonds");
    let colour = match first {
        "red" => AnsiColors::Red,
        "yellow" => AnsiColors::Yellow,
        "green" => AnsiColors::Green,
        "blue" => AnsiColors::Blue,
        "wild" => {
            return words
                .if_supports_color(Stream::Stdout, |t| t.bold())
                .to_string();
        }
        _ if red_suit => AnsiColors::Red,
        _ => return words.to_string(),
    };
    words
        .if_supports_color(Stream::Stdout, |t| t.color(colour))
        .to_string()
}

/// `cards` in the game's words, coloured, in their order, each run of one kind of card
/// once with its count: `red 5 ×2, red skip, wild`.
fn words(def: &dyn GameDef, info: &InfoState, cards: &[CardId]) -> String {
    let mut groups: Vec<(String, usize)> = Vec::new();
    for card in cards.iter().filter_map(|c| info.card(*c)) {
        let said = def.describe_card(card);
        match groups.last_mut() {
            Some((last, count)) if *last == said => *count += 1,
            _ => groups.push((said, 1)),
        }
    }
    let shown: Vec<String> = groups
        .into_iter()
        .map(|(said, count)| match count {
            1 => paint(&said),
            n => format!("{} ×{n}", paint(&said)),
        })
        .collect();
    shown.join(", ")
}

/// A move as the table lists it: its words (a card in them coloured) and its key.
struct Shown {
    /// Its index in the seat's listed moves.
    index: usize,
    /// Its words.
    words: String,
    /// Its key, if the game gives it one.
    key: Option<char>,
}

/// The moves to show: each once by its words (two red 9s are one move, as in the hand).
fn shown_moves(def: &dyn GameDef, state: &GameState, moves: &Moves) -> Vec<Shown> {
    let mut shown: Vec<Shown> = Vec::new();
    let described = moves.each(|action| (def.describe_move(state, action), def.move_key(action)));
    for (index, (words, key)) in described.enumerate() {
        if shown.iter().any(|s| s.words == words) {
            continue;
        }
        shown.push(Shown { index, key, words });
    }
    shown
}

/// The moves, one a line: `  3) draw (d)`, a card's words coloured.
fn list_moves(shown: &[Shown]) {
    for (i, m) in shown.iter().enumerate() {
        let words = match m.words.split_once(' ') {
            Some((verb, rest)) => format!("{verb} {}", paint(rest)),
            None => m.words.clone(),
        };
        match m.key {
            Some(key) => say!("  {}) {words} ({key})", i + 1),
            None => say!("  {}) {words}", i + 1),
        }
    }
}

/// What your seat sees: the game's facts, every zone, then your moves.
fn show_table(def: &dyn GameDef, info: &InfoState, state: &GameState, shown: &[Shown]) {
    say!();
    let facts = def.describe_table(info);
    if !facts.is_empty() {
        say!("{}", facts.join("   "));
    }
    for zone in info.zones() {
        let Some(definition) = info.zone(zone) else {
            continue;
        };
        let size = info.zone_size(zone);
        let kind = definition.zone_type.replace('_', " ");
        let label = match definition.owner {
            Some(owner) if owner == info.seat() => format!("Your {kind}"),
            Some(owner) => format!("{kind} of {}", who(state, owner)),
            // a zone of the table by its kind (`discard`, `trick`), unless another
            // zone of the table is of that kind too
            None if unshared(info, &definition.zone_type) => kind,
            None => definition.id.to_string(),
        };
        match info.zone_cards(zone) {
            Some([]) => {}
            Some(cards) if definition.owner == Some(info.seat()) => {
                let mut sorted = cards.to_vec();
                sorted.sort();
                say!("{label}: {}", words(def, info, &sorted));
            }
            Some(cards) if cards.len() > SHOWN => {
                let last = &cards[cards.len() - SHOWN..];
                say!(
                    "{label}: {} cards, the top: {}",
                    cards.len(),
                    words(def, info, last)
                );
            }
            Some(cards) => say!("{label}: {}", words(def, info, cards)),
            None if size == 1 => say!("{label}: 1 card"),
            None if size > 0 => say!("{label}: {size} cards"),
            None => {}
        }
    }
    say!("Your moves:");
    list_moves(shown);
    say!("{HELP}");
}

/// Whether no two zones without an owner are of kind `kind`.
fn unshared(info: &InfoState, kind: &str) -> bool {
    let of_kind = info
        .zones()
        .filter_map(|z| info.zone(z))
        .filter(|z| z.owner.is_none() && z.zone_type == kind);
    of_kind.count() <= 1
}

/// What to type: a move's number, or the key beside it in the game's list of keys.
const HELP: &str = "(a move's number or the key beside it, or q to quit)";

/// What a line of input asks for.
enum Input {
    /// The shown move at this place.
    Move(usize),
    /// Nothing (out of turn: let play go on).
    Pass,
    Quit,
    Closed,
}

/// What `line` asks for among the `shown` moves (`blank` answers an empty line).
fn parse_input(
    def: &dyn GameDef,
    line: &str,
    shown: &[Shown],
    blank: Option<Input>,
) -> Result<Input, String> {
    let word = line.trim().to_lowercase();
    if let Ok(n) = word.parse::<usize>() {
        return match n.checked_sub(1).filter(|i| *i < shown.len()) {
            Some(i) => Ok(Input::Move(i)),
            None => Err(format!(
                "There is no move {n}: choose 1 to {}.",
                shown.len()
            )),
        };
    }
    let mut chars = word.chars();
    match (word.as_str(), chars.next(), chars.next()) {
        ("q" | "quit" | "exit", _, _) => Ok(Input::Quit),
        ("", _, _) => blank.ok_or_else(|| "Type a move.".to_string()),
        (_, Some(key), None) if def.keys().iter().any(|(k, _)| *k == key) => {
            match shown.iter().position(|m| m.key == Some(key)) {
                Some(i) => Ok(Input::Move(i)),
                None => {
                    let what = def.keys().iter().find(|(k, _)| *k == key).map(|(_, w)| *w);
                    Err(format!(
                        "`{key}` ({}) is not a move now: choose among the moves listed.",
                        what.unwrap_or_default()
                    ))
                }
            }
        }
        _ => Err(format!(
            "I don't understand `{}`: type a move's number, a key shown beside a move, or q to quit.",
            decklet::echo(line.trim())
        )),
    }
}

/// Makes the move at `pick` of the moves the driver listed for the seat it asks (every
/// bot that follows the game hears it as its seat does); then you are told it: the
/// game's narration of what your seat heard, or the move in words, and the cards it put
/// in your hand.
fn make_move(
    driver: &mut Driver,
    table: &Table,
    mover: PlayerId,
    pick: usize,
    you: PlayerId,
) -> Result<(), String> {
    let state = driver.state();
    if state.current_player() != Some(mover) {
        match who(state, mover).as_str() {
            "you" => say!("Out of turn, you move:"),
            other => say!("Out of turn, {other} moves:"),
        }
    }
    let moves = driver.moves();
    let told = moves.with(pick, |action| {
        table.loaded.def().describe_move(state, action)
    });
    let action = moves.to_any(pick);
    let kind = moves.kind(pick).unwrap_or("");
    let held: Vec<CardId> = state.info_state(you).hand().to_vec();
    let played = driver.play(pick).map_err(|e| e.to_string())?;
    let state = driver.state();
    let def = table.loaded.def();
    let heard: Vec<AnyEvent> = (played.outcome.events.iter())
        .map(|e| e.view_for(you))
        .collect();
    match def.narrate(state, &heard) {
        // told as your seat is: "You play red 7 → Bot 2's turn", "… → your turn"
        Some(lines) => {
            for line in lines {
                say!("{}", decklet_catalog::second_person(&line, YOU));
            }
        }
        None if mover == you => say!("You: {}", told.unwrap_or_default()),
        None => {
            let words = (action.as_ref())
                .and_then(|a| (table.loaded).tell_move(state, you, a, &played.outcome.events));
            match words {
                Some(words) => say!("{}: {words}", who(state, mover)),
                None => say!(
                    "{}: {} (what it names is hidden from you)",
                    who(state, mover),
                    kind.to_lowercase().replace('_', " ")
                ),
            }
        }
    }
    let info = state.info_state(you);
    let mut received: Vec<CardId> = info
        .hand()
        .iter()
        .copied()
        .filter(|c| !held.contains(c))
        .collect();
    if !received.is_empty() {
        received.sort();
        say!("You receive {}.", words(def, &info, &received));
    }
    Ok(())
}

/// What you answered when asked.
enum Answered {
    /// A move: its index in your listed moves.
    Move(usize),
    /// Let play go on (out of turn).
    Pass,
    /// You quit, or the input ended (told).
    Left,
}

/// Asks you for your move: on your turn (the table shown), or out of turn (your moves
/// out of turn shown; Enter lets play go on).
fn ask_you(driver: &Driver, table: &mut Table, you: PlayerId, in_turn: bool) -> Answered {
    let state = driver.state();
    let def = table.loaded.def();
    let shown = shown_moves(def, state, driver.moves());
    if !in_turn {
        if shown.is_empty() {
            return Answered::Pass;
        }
        let current = state.current_player().unwrap_or(you);
        say!();
        say!(
            "You may move out of turn, before {} plays:",
            who(state, current)
        );
        list_moves(&shown);
        say!("(a move's number or key, or Enter to let play go on)");
        let asked = console::ask(&mut table.lines, |line| {
            parse_input(def, line, &shown, Some(Input::Pass))
        });
        return match asked {
            Some(Input::Move(i)) => shown
                .get(i)
                .map_or(Answered::Pass, |m| Answered::Move(m.index)),
            Some(Input::Pass) => Answered::Pass,
            Some(Input::Quit) | Some(Input::Closed) | None => {
                say!("Input ended; leaving the game.");
                Answered::Left
            }
        };
    }
    show_table(def, &state.info_state(you), state, &shown);
    let asked = console::ask(&mut table.lines, |line| {
        parse_input(def, line, &shown, None)
    });
    match asked.unwrap_or(Input::Closed) {
        Input::Move(i) => shown
            .get(i)
            .map_or(Answered::Pass, |m| Answered::Move(m.index)),
        Input::Quit => {
            say!("You quit the game.");
            Answered::Left
        }
        Input::Closed | Input::Pass => {
            say!("Input ended; leaving the game.");
            Answered::Left
        }
    }
}

/// Plays the game on `engine` (created and started) to its end, or until you leave;
/// `record` makes the log saved between moves. The seats are driven by the seat
/// driver: yours asks you, and the bots (`table.bots`, one a player after you, in the
/// order the players were made) are asked as every tool asks them.
pub(crate) fn play_round(
    engine: &mut GameEngine,
    table: &mut Table,
    record: &dyn Fn(&GameEngine) -> LogFile,
) -> Result<RoundEnd, String> {
    let you = engine
        .state()
        .player_id(YOU)
        .ok_or("the game has no seat for you")?;
    // the driver owns the match and the bots while it plays, and gives them back: the
    // bot of the player made n-th (after you) plays that player's seat
    let state = engine.state();
    let mut bots: Vec<Option<Box<dyn Bot>>> = std::iter::once(table.you_bot.take())
        .chain(std::mem::take(&mut table.bots).into_iter().map(Some))
        .collect();
    let seats = (state.seat_order().iter())
        .map(|player| {
            let made = state.players().position(|p| p == *player);
            match made.and_then(|n| bots.get_mut(n)?.take()) {
                Some(bot) => Seat::Bot(bot),
                None => Seat::Caller,
            }
        })
        .collect();
    let mut driver = Driver::new(std::mem::take(engine), seats);
    driver.collect_events(true);
    let end = drive(&mut driver, table, you, record);
    let (played, seats) = driver.into_parts();
    let state = played.state();
    let mut back: Vec<(usize, Box<dyn Bot>)> = (state.seat_order().iter())
        .zip(seats)
        .filter_map(|(player, seat)| match seat {
            Seat::Bot(bot) => Some((state.players().position(|p| p == *player)?, bot)),
            _ => None,
        })
        .collect();
    back.sort_by_key(|(made, _)| *made);
    if back.first().is_some_and(|(made, _)| *made == 0) {
        table.you_bot = Some(back.remove(0).1);
    }
    table.bots = back.into_iter().map(|(_, bot)| bot).collect();
    *engine = played;
    end
}

/// The moves of a game until it ends or you leave.
fn drive(
    driver: &mut Driver,
    table: &mut Table,
    you: PlayerId,
    record: &dyn Fn(&GameEngine) -> LogFile,
) -> Result<RoundEnd, String> {
    loop {
        if let Some(end) = between_moves(table.log.as_ref(), || record(driver.engine())) {
            return Ok(RoundEnd::Stopped(end));
        }
        if driver.is_over() {
            show_end(table.loaded.def(), driver.state(), you);
            return Ok(RoundEnd::Over);
        }
        let Some(asked) = driver.asked() else {
            let state = driver.state();
            return Err(match state.current_player() {
                Some(current) => format!("{} has no move", who(state, current)),
                None => "the game has no current player".to_string(),
            });
        };
        let yours = matches!(driver.seats().get(asked.seat), Some(Seat::Caller));
        let answer = match yours {
            true => match ask_you(driver, table, you, asked.in_turn) {
                Answered::Move(index) => Answer::Move(index),
                Answered::Pass => Answer::Pass,
                Answered::Left => return Ok(RoundEnd::Left),
            },
            false => driver.bot_answer().unwrap_or(Answer::Pass),
        };
        match answer {
            Answer::Move(index) => make_move(driver, table, asked.player, index, you)?,
            Answer::Pass if asked.in_turn => {
                return Err(format!("{} has no move", who(driver.state(), asked.player)));
            }
            Answer::Pass => {
                driver.wait();
            }
        }
    }
}

/// How the game ended: how (`out`, `moon`), every player's score when the game scores
/// more than who won, and the winners.
fn show_end(def: &dyn GameDef, state: &GameState, you: PlayerId) {
    say!();
    match def.ending(state) {
        Some(ending) => say!("Game over ({ending})."),
        None => say!("Game over."),
    }
    let scores = (def.scoring())(state);
    if scores != decklet::bots::winners_score(state) {
        for (player, score) in state.players().zip(scores) {
            say!("  {}: {score}", who(state, player));
        }
    }
    let winners = state.winners();
    if winners.contains(&you) {
        say!("You win!");
    } else if let [winner] = winners {
        say!("{} wins.", who(state, *winner));
    } else if winners.is_empty() {
        say!("Nobody won.");
    } else {
        let names: Vec<String> = winners.iter().map(|w| who(state, *w)).collect();
        say!("{} win.", names.join(" and "));
    }
}

/// Before each move: keeps the log (`record` makes it) for a stop signal, and ends the
/// game if the output is gone (quietly when its reader closed it). `Some` ends the game.
pub(crate) fn between_moves(
    log: Option<&SavedLog>,
    record: impl FnOnce() -> LogFile,
) -> Option<Result<(), String>> {
    if let Some(log) = log {
        log.update(record());
    }
    let gone = console::gone()?;
    let saved = log.map_or(Ok(None), SavedLog::save_latest);
    Some(gone.and(saved.map(|_| ())))
}

/// Ends `play`: tells `last` (the seed and the command that deals the game again: it
/// predicts every shuffle, so not before), then saves the log if asked.
pub(crate) fn finish(
    last: &str,
    log: Option<SavedLog>,
    record: impl FnOnce() -> LogFile,
) -> Result<(), String> {
    say!("{last}");
    if let Some(log) = log {
        log.write(&record())?;
        say!("Log saved to {}.", log.path().display());
    }
    console::gone().unwrap_or(Ok(()))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;
    use decklet::{CardPlayed, EngineConfig};
    use decklet_catalog::Catalog;

    /// A bot that plays its first move and counts the moves it hears, checking each is
    /// told to its own seat.
    struct Counting {
        seat: PlayerId,
        heard: Arc<AtomicUsize>,
        /// Cards it heard played out of turn.
        jumped: Arc<AtomicUsize>,
    }

    impl Bot for Counting {
        fn name(&self) -> &str {
            "counting"
        }
        fn choose(&mut self, _: &InfoState, moves: &Moves) -> Option<usize> {
            (!moves.is_empty()).then_some(0)
        }
        fn hears(&self) -> bool {
            true
        }
        fn hear(&mut self, before: &InfoState, events: &[AnyEvent]) {
            assert_eq!(before.seat(), self.seat);
            self.heard.fetch_add(1, Ordering::Relaxed);
            let played = events.iter().filter_map(|e| e.downcast_ref::<CardPlayed>());
            if played
                .take(1)
                .any(|p| Some(p.player_id) != before.current_player())
            {
                self.jumped.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Every bot at the table hears every move (yours, in turn and out of it, and the
    /// other bots'), as its own seat hears it.
    #[test]
    fn every_bot_at_the_table_hears_every_move() {
        let catalog = Catalog::standard();
        let input: &'static str = "1\n".repeat(5_000).leak();
        for (game, players) in [
            ("uno(rules=official,house=jump-in)", 3),
            ("crazy_eights", 3),
            ("hearts", 4),
        ] {
            let loaded = catalog.load(game).unwrap();
            let config = EngineConfig {
                // a deal in which you jump in
                seed: 14,
                ..Default::default()
            };
            let mut engine = GameEngine::new(loaded.game(), config);
            let names = (1..players).map(|_| "counting".to_string());
            engine.create_game(seat_players(names)).unwrap();
            engine.start().unwrap();
            let seats: Vec<PlayerId> = engine.state().players().skip(1).collect();
            let counts: Vec<Arc<AtomicUsize>> = seats.iter().map(|_| Arc::default()).collect();
            let jumped = Arc::new(AtomicUsize::new(0));
            let bots: Vec<Box<dyn Bot>> = (seats.iter().zip(&counts))
                .map(|(seat, heard)| {
                    let bot = Counting {
                        seat: *seat,
                        heard: Arc::clone(heard),
                        jumped: Arc::clone(&jumped),
                    };
                    Box::new(bot) as Box<dyn Bot>
                })
                .collect();
            let mut table = Table {
                loaded: loaded.clone(),
                bots,
                you_bot: None,
                lines: Lines::of(input),
                log: None,
            };
            let record = |engine: &GameEngine| LogFile::Game(engine.log());
            let end = play_round(&mut engine, &mut table, &record).unwrap();
            assert!(matches!(end, RoundEnd::Over), "{game}");
            let moves = engine.log().actions.len();
            assert!(moves > 10, "{game}: {moves}");
            for heard in &counts {
                assert_eq!(heard.load(Ordering::Relaxed), moves, "{game}");
            }
            // you jumped in (the first move offered, every time), and it was heard
            if game.starts_with("uno") {
                assert!(jumped.load(Ordering::Relaxed) > 0, "{game}");
            }
        }
    }
}
