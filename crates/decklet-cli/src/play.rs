//! `decklet play`: UNO in the terminal against bots. You are `p1`.
//!
//! The program dispatches actions only for the seat they belong to: your input for
//! `p1`, each bot's choice for its own seat (the engine trusts its caller for identity).

use decklet::bots::Bot;
use decklet::plugins::CardDrawn;
use decklet::uno::{
    HouseRule, LegalAction, RuleSet, RulesInPlay, UnoCard, UnoChallenged, UnoColor, UnoDrawFour,
    UnoDrawStacked, UnoDrawTwo, UnoHandShown, UnoHandsRotated, UnoPlayerReversed, UnoPlayerSkipped,
    UnoRoundScored, bot_move, card_view, current_color, discard_top, legal_actions,
    out_of_turn_order, pending_draw,
};
use decklet::{EngineConfig, GameEngine, GameState, InfoState, Outcome, Player, PlayerId};
use owo_colors::{OwoColorize, Stream};

use crate::PlayArgs;
use crate::bots::{Rules, check_players, parse_bots};
use crate::console::{self, Lines, LogFile, SavedLog};
use crate::runner::bot_seed;

const YOU: &str = "p1";

fn paint(card: UnoCard) -> String {
    let text = card.to_string();
    match card.color {
        Some(UnoColor::Red) => text
            .if_supports_color(Stream::Stdout, |t| t.red())
            .to_string(),
        Some(UnoColor::Yellow) => text
            .if_supports_color(Stream::Stdout, |t| t.yellow())
            .to_string(),
        Some(UnoColor::Green) => text
            .if_supports_color(Stream::Stdout, |t| t.green())
            .to_string(),
        Some(UnoColor::Blue) => text
            .if_supports_color(Stream::Stdout, |t| t.blue())
            .to_string(),
        None => text
            .if_supports_color(Stream::Stdout, |t| t.bold())
            .to_string(),
    }
}

pub(crate) fn name(state: &GameState, player: PlayerId) -> String {
    state
        .player(player)
        .map_or_else(|| state.id_text(player).into_owned(), |p| p.name.clone())
}

/// The human's seat.
fn you(state: &GameState) -> Option<PlayerId> {
    state.player_id(YOU)
}

/// A move in the words of the hint line: `play red 5`, `draw a card`, `pass`,
/// `choose red`.
fn describe(state: &GameState, action: &LegalAction) -> String {
    match action {
        LegalAction::Draw if pending_draw(state) > 0 => {
            format!("take the penalty (draw {})", pending_draw(state))
        }
        LegalAction::Play(card) => match card_view(state, *card) {
            Some(view) => format!("play {}", paint(view)),
            None => format!("play {}", state.id_text(*card)),
        },
        LegalAction::Draw => "draw a card".to_string(),
        LegalAction::EndTurn => "pass".to_string(),
        LegalAction::ChooseColor(color) => format!("choose {color}"),
        LegalAction::SwapHands(target) => format!("take {}'s hand", name(state, *target)),
        LegalAction::AcceptDrawFour => "accept the wild draw four (draw 4)".to_string(),
        LegalAction::Challenge => "challenge the wild draw four".to_string(),
        LegalAction::CallUno => "call UNO".to_string(),
        LegalAction::CatchUno(target) => {
            format!("catch {} not calling UNO (draws 2)", name(state, *target))
        }
    }
}

/// A player as the object of a sentence: "you" for the human.
fn whom(state: &GameState, player: PlayerId) -> String {
    match Some(player) == you(state) {
        true => "you".to_string(),
        false => name(state, player),
    }
}

/// The moves with each kind of card once (two red 9s are one move, as in the hand).
fn distinct_moves(state: &GameState, moves: Vec<LegalAction>) -> Vec<LegalAction> {
    let mut seen: Vec<UnoCard> = Vec::new();
    moves
        .into_iter()
        .filter(|action| match action {
            LegalAction::Play(card) => match card_view(state, *card) {
                Some(view) if seen.contains(&view) => false,
                Some(view) => {
                    seen.push(view);
                    true
                }
                None => true,
            },
            _ => true,
        })
        .collect()
}

/// The key that makes a move besides its number, as the hint line lists them.
fn shortcut(action: &LegalAction) -> Option<String> {
    match action {
        LegalAction::Draw => Some("d".into()),
        LegalAction::EndTurn => Some("p".into()),
        LegalAction::ChooseColor(color) => Some(color.to_string()[..1].to_string()),
        LegalAction::CallUno => Some("u".into()),
        LegalAction::AcceptDrawFour => Some("a".into()),
        LegalAction::Challenge => Some("c".into()),
        LegalAction::Play(_) | LegalAction::SwapHands(_) | LegalAction::CatchUno(_) => None,
    }
}

/// "you draw 2" for the human, "Bot 3 (random) draws 2" for a bot.
pub(crate) fn subject(state: &GameState, player: PlayerId, you: &str, other: &str) -> String {
    if Some(player) == self::you(state) {
        format!("you {you}")
    } else {
        format!("{} {other}", name(state, player))
    }
}

/// One line telling what a move did, from the engine's events: "You pass", "Bot 2
/// (random) passes".
fn narrate(state: &GameState, mover: PlayerId, action: &LegalAction, outcome: &Outcome) -> String {
    let is_you = Some(mover) == you(state);
    let who = if is_you {
        "You".to_string()
    } else {
        name(state, mover)
    };
    let verb = |you: &str, other: &str| if is_you { you } else { other }.to_string();
    let mut line = match action {
        LegalAction::Play(_) => format!(
            "{who} {}",
            describe(state, action).replacen("play", &verb("play", "plays"), 1)
        ),
        LegalAction::ChooseColor(color) => {
            format!("{who} {} {color}", verb("choose", "chooses"))
        }
        LegalAction::Draw => {
            let cards: usize = outcome
                .events_of::<CardDrawn>()
                .map(|d| d.card_ids.len())
                .sum();
            match cards {
                0 | 1 => format!("{who} {} a card", verb("draw", "draws")),
                n => format!("{who} {} {n} cards", verb("draw", "draws")),
            }
        }
        LegalAction::EndTurn => format!("{who} {}", verb("pass", "passes")),
        LegalAction::SwapHands(target) => format!(
            "{who} {} hands with {}",
            verb("swap", "swaps"),
            whom(state, *target)
        ),
        LegalAction::AcceptDrawFour => {
            format!("{who} {} the wild draw four", verb("accept", "accepts"))
        }
        LegalAction::Challenge => format!(
            "{who} {} the wild draw four",
            verb("challenge", "challenges")
        ),
        LegalAction::CallUno => format!("{who} {} UNO!", verb("call", "calls")),
        LegalAction::CatchUno(target) => format!(
            "{who} {} {} not calling UNO; {}",
            verb("catch", "catches"),
            whom(state, *target),
            subject(state, *target, "draw 2", "draws 2")
        ),
    };
    for event in &outcome.events {
        if let Some(e) = event.downcast_ref::<UnoPlayerSkipped>() {
            line.push_str(&format!(
                "; {}",
                subject(state, e.skipped_player_id, "are skipped", "is skipped")
            ));
        } else if event.is::<UnoPlayerReversed>() {
            line.push_str("; direction reversed");
        } else if event.is::<UnoHandsRotated>() {
            line.push_str("; every hand passes on");
        } else if let Some(e) = event.downcast_ref::<UnoChallenged>() {
            line.push_str(&match e.bluff {
                true => format!(
                    "; it was a bluff: {}",
                    subject(state, e.challenged_id, "draw 4", "draws 4")
                ),
                false => format!(
                    "; it was fair: {}",
                    subject(state, e.challenger_id, "draw 6", "draws 6")
                ),
            });
        } else if let Some(e) = event.downcast_ref::<UnoHandShown>()
            && Some(e.to_player_id) == you(state)
        {
            let cards: Vec<String> = e
                .card_ids
                .iter()
                .filter_map(|c| card_view(state, *c).map(paint))
                .collect();
            line.push_str(&format!(
                "; {}'s hand: {}",
                name(state, e.player_id),
                cards.join(", ")
            ));
        } else if let Some(e) = event.downcast_ref::<UnoRoundScored>() {
            line.push_str(&format!(
                "; {} {} points",
                subject(state, e.winner_id, "score", "scores"),
                e.points
            ));
        } else if let Some(e) = event.downcast_ref::<UnoDrawStacked>() {
            line.push_str(&format!(
                "; {} or draw {}",
                subject(state, e.target_player_id, "must answer", "must answer"),
                e.count
            ));
        } else if let Some(e) = event.downcast_ref::<UnoDrawTwo>() {
            line.push_str(&format!(
                "; {}",
                subject(state, e.target_player_id, "draw 2", "draws 2")
            ));
        } else if let Some(e) = event.downcast_ref::<UnoDrawFour>() {
            line.push_str(&format!(
                "; {}",
                subject(state, e.target_player_id, "draw 4", "draws 4")
            ));
        }
    }
    line
}

fn show_table(state: &GameState, you: PlayerId, moves: &[LegalAction]) {
    say!();
    let top = discard_top(state).map_or_else(|| "none".to_string(), |(_, c)| paint(c));
    let color = current_color(state).map_or_else(
        || "none yet (the wild's colour is to be chosen)".to_string(),
        |c| c.to_string(),
    );
    say!("Top card: {top}   colour in force: {color}");
    let penalty = pending_draw(state);
    if penalty > 0 {
        say!("Penalty pending: {penalty} cards (answer it, or draw them all)");
    }
    let counts: Vec<String> = state
        .players()
        .map(|p| format!("{} {}", name(state, p), state.hand(p).len()))
        .collect();
    say!("Cards: {}", counts.join(" | "));
    say!("Your hand: {}", hand_text(state, you));
    say!("Your moves:");
    for (i, action) in moves.iter().enumerate() {
        match shortcut(action) {
            Some(key) => say!("  {}) {} ({key})", i + 1, describe(state, action)),
            None => say!("  {}) {}", i + 1, describe(state, action)),
        }
    }
    say!("{}", help_line(state));
}

/// The keys that work under the rules in play.
fn help_line(state: &GameState) -> String {
    let rules = rules_in_play(state);
    let mut keys = vec![
        "a move's number",
        "d = draw a card",
        "p = pass",
        "r/y/g/b = choose a colour",
    ];
    if rules.contains(&HouseRule::CallUno) {
        keys.push("u = call UNO");
    }
    if rules.contains(&HouseRule::Wd4Challenge) {
        keys.push("a = accept a wild draw four, c = challenge it");
    }
    keys.push("q = quit");
    format!("({})", keys.join(", "))
}

/// The optional rules in play in `state`'s game.
fn rules_in_play(state: &GameState) -> Vec<HouseRule> {
    HouseRule::ALL
        .into_iter()
        .filter(|r| RulesInPlay::of(state).contains(*r))
        .collect()
}

/// The rules told in one line: "classic UNO", "the official rules", "classic UNO with
/// stacking, jump-in".
pub(crate) fn rules_line(state: &GameState) -> String {
    let rules = rules_in_play(state);
    let official = RuleSet::Official.rules();
    let base = official.iter().all(|r| rules.contains(r));
    let extra: Vec<&str> = rules
        .iter()
        .filter(|r| !(base && official.contains(r)))
        .map(|r| r.as_str())
        .collect();
    let mut line = match base {
        true => "the official rules (the first card's effect, scoring, the wild draw four challenge, calling UNO)".to_string(),
        false => "classic UNO".to_string(),
    };
    if !extra.is_empty() {
        line.push_str(&format!(" with {}", extra.join(", ")));
    }
    line
}

/// The hand sorted by colour (red, yellow, green, blue, then wilds) and face, each
/// kind of card once with its count: `red 5 ×2, red skip, wild`.
fn hand_text(state: &GameState, player: PlayerId) -> String {
    let mut cards: Vec<UnoCard> = state
        .hand(player)
        .iter()
        .filter_map(|c| card_view(state, *c))
        .collect();
    cards.sort_by_key(|card| {
        (
            card.color.map_or(UnoColor::ALL.len(), |c| c.index()),
            card.face,
        )
    });
    let mut groups: Vec<(UnoCard, usize)> = Vec::new();
    for card in cards {
        match groups.last_mut() {
            Some((last, count)) if *last == card => *count += 1,
            _ => groups.push((card, 1)),
        }
    }
    let shown: Vec<String> = groups
        .into_iter()
        .map(|(card, count)| match count {
            1 => paint(card),
            n => format!("{} ×{n}", paint(card)),
        })
        .collect();
    shown.join(", ")
}

enum Input {
    Move(LegalAction),
    Quit,
    Closed,
}

fn parse_input(line: &str, moves: &[LegalAction], calling: bool) -> Result<Input, String> {
    let word = line.trim().to_lowercase();
    let pick = |wanted: &LegalAction, refusal: &str| {
        if moves.contains(wanted) {
            Ok(Input::Move(*wanted))
        } else {
            Err(refusal.to_string())
        }
    };
    let choosing = moves
        .iter()
        .any(|m| matches!(m, LegalAction::ChooseColor(_)));
    let choose_first = "Choose a colour first: red, yellow, green or blue (r, y, g, b).";
    match word.as_str() {
        "q" | "quit" | "exit" => Ok(Input::Quit),
        "d" | "draw" | "p" | "pass" if choosing => Err(choose_first.to_string()),
        "u" | "uno" if !calling => Err(
            "Calling UNO is not in these rules (--rules official or --house call-uno adds it)."
                .to_string(),
        ),
        "u" | "uno" => pick(
            &LegalAction::CallUno,
            "You cannot call UNO now: call it as you play your next-to-last card, or after, until someone catches you.",
        ),
        "a" | "accept" => pick(
            &LegalAction::AcceptDrawFour,
            "There is no wild draw four to accept now.",
        ),
        "c" | "challenge" => pick(
            &LegalAction::Challenge,
            "There is no wild draw four to challenge now.",
        ),
        "d" | "draw" => pick(
            &LegalAction::Draw,
            "You cannot draw now: you have drawn this turn.",
        ),
        "p" | "pass" => pick(
            &LegalAction::EndTurn,
            "You cannot pass now: draw a card first.",
        ),
        "" => Err("Type a move.".to_string()),
        _ => {
            if let Ok(n) = word.parse::<usize>() {
                return match moves.get(n.wrapping_sub(1)) {
                    Some(action) if n >= 1 => Ok(Input::Move(*action)),
                    _ => Err(format!(
                        "There is no move {n}: choose 1 to {}.",
                        moves.len()
                    )),
                };
            }
            let color = match word.as_str() {
                "r" => Some(UnoColor::Red),
                "y" => Some(UnoColor::Yellow),
                "g" => Some(UnoColor::Green),
                "b" => Some(UnoColor::Blue),
                other => other.parse::<UnoColor>().ok(),
            };
            match color {
                Some(color) => pick(
                    &LegalAction::ChooseColor(color),
                    "No colour is to be chosen now.",
                ),
                None => Err(format!(
                    "I don't understand `{}`: type a move's number, d = draw a card, p = pass, r/y/g/b = choose a colour, or q = quit.",
                    decklet::echo(line.trim())
                )),
            }
        }
    }
}

fn ask(lines: &mut Lines, moves: &[LegalAction], calling: bool) -> Input {
    console::ask(lines, |line| parse_input(line, moves, calling)).unwrap_or(Input::Closed)
}

/// The `--save-log` file, checked before the game starts (see [`SavedLog`]).
pub(crate) fn open_log(args: &PlayArgs) -> Result<Option<SavedLog>, String> {
    args.save_log.as_deref().map(SavedLog::open).transpose()
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

/// Tells the cards a move made you draw (a penalty, a lost challenge), if any.
fn received(state: &GameState, you: PlayerId, outcome: &Outcome) {
    let cards: Vec<String> = outcome
        .events_of::<CardDrawn>()
        .filter(|d| d.player_id == you)
        .flat_map(|d| d.card_ids.to_vec())
        .filter_map(|c| card_view(state, c).map(paint))
        .collect();
    if !cards.is_empty() {
        say!("You receive {}.", cards.join(", "));
    }
}

/// What happened when the seats were offered their moves out of turn.
enum OutOfTurn {
    /// Someone moved.
    Moved,
    /// Nobody did.
    Nobody,
    /// The input ended while you were asked.
    Closed,
}

/// The bot that plays `player`: `bots` holds one for each player after you, in the
/// order the players were made (`p2` first), wherever they sit.
fn bot_of<'b>(
    bots: &'b mut [Box<dyn Bot>],
    state: &GameState,
    player: PlayerId,
) -> Option<&'b mut Box<dyn Bot>> {
    let index = state.players().position(|p| p == player)?;
    bots.get_mut(index.checked_sub(1)?)
}

/// Makes `player`'s move; then each bot that follows the game hears it, as its seat
/// does (what the seat knew before, and the move's events as the seat sees them).
fn make_move(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn Bot>],
    player: PlayerId,
    action: LegalAction,
) -> Result<Outcome, String> {
    let state = engine.state();
    let seats: Vec<PlayerId> = state.players().skip(1).collect();
    let befores: Vec<Option<InfoState>> = (seats.iter().zip(bots.iter()))
        .map(|(seat, bot)| bot.hears().then(|| state.info_state(*seat)))
        .collect();
    let outcome = action.dispatch(engine, player).map_err(|e| e.to_string())?;
    for ((bot, before), seat) in bots.iter_mut().zip(&befores).zip(&seats) {
        if let Some(before) = before {
            let heard: Vec<_> = outcome.events.iter().map(|e| e.view_for(*seat)).collect();
            bot.hear(before, &heard);
        }
    }
    Ok(outcome)
}

/// Offers every seat but the current player's its moves out of turn (a jump-in), in
/// seat order after the current player: you are asked (a move's number, or Enter to
/// let play go on), bots decide themselves. The first that moves, moves.
fn offer_out_of_turn(
    engine: &mut GameEngine,
    bots: &mut [Box<dyn Bot>],
    lines: &mut Lines,
    you: PlayerId,
) -> Result<OutOfTurn, String> {
    let Some(current) = engine.state().current_player() else {
        return Ok(OutOfTurn::Nobody);
    };
    let mut order = out_of_turn_order(engine.state());
    // a late call is yours to make before anyone may catch you: you are asked first
    // when you may call
    if legal_actions(engine.state(), you).contains(&LegalAction::CallUno) {
        order.retain(|p| *p != you);
        order.insert(0, you);
    }
    for player in order {
        let state = engine.state();
        let moves = legal_actions(state, player);
        if moves.is_empty() {
            continue;
        }
        let choice = if player == you {
            say!();
            say!(
                "You may move out of turn, before {} plays:",
                name(state, current)
            );
            for (i, action) in moves.iter().enumerate() {
                say!("  {}) {}", i + 1, describe(state, action));
            }
            say!("(a move's number, or Enter to let play go on)");
            console::prompt("> ");
            match lines.next_line() {
                Some(Err(message)) => {
                    say!("{message}");
                    None
                }
                Some(Ok(line)) => line
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .and_then(|n| n.checked_sub(1))
                    .and_then(|i| moves.get(i).copied()),
                _ => return Ok(OutOfTurn::Closed),
            }
        } else {
            match bot_of(bots, state, player) {
                Some(bot) => bot_move(bot.as_mut(), engine, player),
                None => None,
            }
        };
        if let Some(action) = choice {
            let outcome = make_move(engine, bots, player, action)?;
            let line = narrate(engine.state(), player, &action, &outcome);
            say!("{} (out of turn)", line);
            received(engine.state(), you, &outcome);
            return Ok(OutOfTurn::Moved);
        }
    }
    Ok(OutOfTurn::Nobody)
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

/// A game seed from the operating system's randomness: a seed from the clock can be
/// found by anyone who knows roughly when the game began (and with it every hand).
pub(crate) fn system_seed() -> Result<u64, String> {
    getrandom::u64().map_err(|e| format!("no random seed from the system: {e}"))
}

/// How a round of `play` ended.
pub(crate) enum RoundEnd {
    /// Someone won.
    Won,
    /// You quit, or the input ended (already told).
    Left,
    /// The output is gone (or the log could not be saved): `play` ends with this.
    Stopped(Result<(), String>),
}

/// The seats of a game of `play`: the bots (see [`bot_of`]), your input and the log.
pub(crate) struct Table {
    /// One bot for each player after you.
    pub bots: Vec<Box<dyn Bot>>,
    /// Your input.
    pub lines: Lines,
    /// Where `--save-log` writes.
    pub log: Option<SavedLog>,
}

/// Plays the game on `engine` (created and started) to its end, or until you leave;
/// `record` makes the log saved between moves.
pub(crate) fn play_round(
    engine: &mut GameEngine,
    table: &mut Table,
    record: &dyn Fn(&GameEngine) -> LogFile,
) -> Result<RoundEnd, String> {
    let you = you(engine.state()).ok_or("the game has no seat for you")?;
    loop {
        if let Some(end) = between_moves(table.log.as_ref(), || record(engine)) {
            return Ok(RoundEnd::Stopped(end));
        }
        let state = engine.state();
        if let Some(&winner) = state.winners().first() {
            if winner == you {
                say!("You win!");
            } else {
                say!("{} wins.", name(state, winner));
            }
            return Ok(RoundEnd::Won);
        }
        let Some(current) = state.current_player() else {
            return Err("the game has no current player".into());
        };
        if current == you {
            let moves = distinct_moves(state, legal_actions(state, you));
            show_table(state, you, &moves);
            let calling = rules_in_play(state).contains(&HouseRule::CallUno);
            let action = match ask(&mut table.lines, &moves, calling) {
                Input::Move(action) => action,
                Input::Quit => {
                    say!("You quit the game.");
                    return Ok(RoundEnd::Left);
                }
                Input::Closed => {
                    say!("Input ended; leaving the game.");
                    return Ok(RoundEnd::Left);
                }
            };
            let outcome = make_move(engine, &mut table.bots, you, action)?;
            if action == LegalAction::Draw {
                // one card, or more under the house rules (a penalty, drawing on)
                let drawn: Vec<String> = outcome
                    .events_of::<CardDrawn>()
                    .flat_map(|d| d.card_ids.to_vec())
                    .filter_map(|c| card_view(engine.state(), c).map(paint))
                    .collect();
                if drawn.is_empty() {
                    say!("There was no card left to draw.");
                } else {
                    say!("You drew {}.", drawn.join(", "));
                }
            } else {
                say!("{}", narrate(engine.state(), you, &action, &outcome));
                received(engine.state(), you, &outcome);
            }
        } else {
            // moves out of turn (jump-in) first, in seat order after the current player
            match offer_out_of_turn(engine, &mut table.bots, &mut table.lines, you)? {
                OutOfTurn::Moved => continue,
                OutOfTurn::Closed => {
                    say!("Input ended; leaving the game.");
                    return Ok(RoundEnd::Left);
                }
                OutOfTurn::Nobody => {}
            }
            let state = engine.state();
            let who = name(state, current);
            let Some(bot) = bot_of(&mut table.bots, state, current) else {
                return Err(format!("no bot for {who}"));
            };
            let Some(action) = bot_move(bot.as_mut(), engine, current) else {
                return Err(format!("{who} has no move"));
            };
            let outcome = make_move(engine, &mut table.bots, current, action)?;
            say!("{}", narrate(engine.state(), current, &action, &outcome));
            received(engine.state(), you, &outcome);
        }
    }
}

/// The command that deals this game (or match) again: `decklet play --seed …` with
/// the options given (told once it is over).
pub(crate) fn again(args: &PlayArgs, seed: u64, rules: &Rules) -> String {
    let mut again = format!("decklet play --seed {seed}");
    if args.players != 4 {
        again.push_str(&format!(" --players {}", args.players));
    }
    if args.bots != "heuristic" {
        again.push_str(&format!(" --bots {}", args.bots));
    }
    if let Some(target) = args.r#match {
        again.push_str(&format!(" --match {target}"));
    }
    again.push_str(&rules.options());
    again
}

/// Runs `decklet play`.
pub fn run(args: &PlayArgs) -> Result<(), String> {
    check_players(args.players)?;
    let rules = Rules::parse(&args.rules)?;
    let kinds = parse_bots(&args.bots, args.players - 1, &rules)?;
    let log = open_log(args)?;
    let seed = match args.seed {
        Some(seed) => seed,
        None => system_seed()?,
    };
    if let Some(target) = args.r#match {
        return crate::play_match::run(args, &kinds, rules, seed, target, log);
    }
    let again = again(args, seed, &rules);
    let config = EngineConfig {
        seed,
        // every player sees the game id: it must say nothing about the seed
        game_id: "play".into(),
        ..Default::default()
    };
    let mut engine = GameEngine::new(&rules.game, config);
    engine
        .create_game(seat_players(kinds.iter().map(ToString::to_string)))
        .map_err(|e| e.to_string())?;
    engine.start().map_err(|e| e.to_string())?;
    let bots = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| rules.bot(k, bot_seed(seed, i + 1)))
        .collect::<Result<_, _>>()?;
    say!(
        "decklet UNO: {} players. You are p1. (The seed is shown when the game ends.)",
        args.players
    );
    say!("Rules: {}.", rules_line(engine.state()));
    let mut table = Table {
        bots,
        lines: Lines::stdin(),
        log,
    };
    let record = |engine: &GameEngine| LogFile::Game(engine.log());
    if let RoundEnd::Stopped(end) = play_round(&mut engine, &mut table, &record)? {
        return end;
    }
    let last = format!("Seed {seed}: `{again}` deals this game again.");
    finish(&last, table.log.take(), || record(&engine))
}
