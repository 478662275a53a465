//! `decklet play --game crazy-eights`: Crazy Eights in the terminal against bots of
//! `decklet-bots`. You are `p1`. As for UNO, the program dispatches a move only for the
//! seat it belongs to, and you see only what your seat knows.

use decklet::bots::Bot;
use decklet::crazy_eights::{
    C8_MAX_PLAYERS, C8_MIN_PLAYERS, C8_VAR_END, C8_VAR_PENDING_TWOS, C8_VAR_SUIT, C8Card, C8Table,
    CrazyEightsOptions, Draw, Nominate, Pass, SUITS, crazy_eights_game, describe_move, suit_name,
};
use decklet::{AnyAction, EngineConfig, GameEngine, GameState, PlayerId};

use crate::PlayArgs;
use crate::console::{self, Lines, LogFile};
use crate::crazy_eights::{UNO_RULES_ONLY, parse_kind, returns};
use crate::play::{between_moves, finish, open_log, seat_players, system_seed};
use crate::runner::bot_seed;

const YOU: &str = "p1";

fn name(state: &GameState, player: PlayerId) -> String {
    state
        .player(player)
        .map_or_else(|| state.id_text(player).into_owned(), |p| p.name.clone())
}

/// The cards of `player`'s hand, sorted by suit and rank.
fn hand_cards(state: &GameState, table: &C8Table, player: PlayerId) -> Vec<C8Card> {
    let mut cards: Vec<C8Card> = state
        .hand(player)
        .iter()
        .filter_map(|c| table.card(*c))
        .collect();
    cards.sort_by_key(|c| (c.suit, c.rank));
    cards
}

fn show_table(state: &GameState, table: &C8Table, you: PlayerId, moves: &[AnyAction]) {
    say!();
    let top = state
        .top(table.discard)
        .and_then(|c| table.card(c))
        .map_or_else(|| "none".to_string(), |c| c.to_string());
    let suit = state
        .variable(&C8_VAR_SUIT)
        .and_then(|s| usize::try_from(s).ok())
        .and_then(|s| SUITS.get(s))
        .and_then(|s| suit_name(s))
        .unwrap_or("none");
    say!(
        "Top card: {top}   suit to match: {suit}   deck: {} cards",
        state.zone_cards(table.deck).len()
    );
    let twos = state.variable(&C8_VAR_PENDING_TWOS).unwrap_or(0);
    if twos > 0 {
        say!("Twos pending: play a two, or draw {} cards", 2 * twos);
    }
    let counts: Vec<String> = state
        .players()
        .map(|p| format!("{} {}", name(state, p), state.hand(p).len()))
        .collect();
    say!("Cards: {}", counts.join(" | "));
    let hand: Vec<String> = hand_cards(state, table, you)
        .iter()
        .map(C8Card::to_string)
        .collect();
    say!("Your hand: {}", hand.join(" "));
    say!("Your moves:");
    for (i, action) in moves.iter().enumerate() {
        say!("  {}) {}", i + 1, describe_move(state.cards(), action));
    }
    say!("(a move's number; d = draw a card, p = pass, c/d/h/s = name a suit, q = quit)");
}

enum Input {
    Move(usize),
    Quit,
    Closed,
}

/// What a line asks for among `moves`.
fn parse_input(line: &str, moves: &[AnyAction]) -> Result<Input, String> {
    let word = line.trim().to_lowercase();
    let find = |wanted: &dyn Fn(&AnyAction) -> bool, refusal: &str| {
        moves
            .iter()
            .position(wanted)
            .map(Input::Move)
            .ok_or_else(|| refusal.to_string())
    };
    let naming = moves.iter().any(|m| m.downcast_ref::<Nominate>().is_some());
    let suit = |s: &str| {
        let s = s.to_string();
        move |m: &AnyAction| m.downcast_ref::<Nominate>().is_some_and(|n| n.suit == s)
    };
    match word.as_str() {
        "q" | "quit" | "exit" => Ok(Input::Quit),
        "" => Err("Type a move.".to_string()),
        "c" | "clubs" => find(&suit("club"), "No suit is to be named now."),
        "h" | "hearts" => find(&suit("heart"), "No suit is to be named now."),
        "s" | "spades" => find(&suit("spade"), "No suit is to be named now."),
        "d" | "diamonds" if naming => find(&suit("diamond"), "No suit is to be named now."),
        "diamonds" => Err("No suit is to be named now.".to_string()),
        "d" | "draw" => find(
            &|m| m.downcast_ref::<Draw>().is_some(),
            "You cannot draw now.",
        ),
        "p" | "pass" => find(
            &|m| m.downcast_ref::<Pass>().is_some(),
            "You cannot pass now: you may pass once you have drawn as many cards as a turn allows, or when the deck is empty.",
        ),
        _ => match word.parse::<usize>() {
            Ok(n) if (1..=moves.len()).contains(&n) => Ok(Input::Move(n - 1)),
            Ok(n) => Err(format!(
                "There is no move {n}: choose 1 to {}.",
                moves.len()
            )),
            Err(_) => Err(format!(
                "I don't understand `{}`: type a move's number, d = draw, p = pass, c/d/h/s = name a suit, or q = quit.",
                decklet::echo(line.trim())
            )),
        },
    }
}

fn ask(lines: &mut Lines, moves: &[AnyAction]) -> Input {
    console::ask(lines, |line| parse_input(line, moves)).unwrap_or(Input::Closed)
}

/// "You play 7♣", "Bot 2 (random) draws a card".
fn narrate(state: &GameState, mover: PlayerId, action: &AnyAction) -> String {
    let words = describe_move(state.cards(), action);
    if state.player_id(YOU) == Some(mover) {
        return format!("You {words}");
    }
    let (verb, rest) = words.split_once(' ').unwrap_or((words.as_str(), ""));
    let verb = match verb {
        "pass" => "passes".to_string(),
        "draw" => "draws".to_string(),
        other => format!("{other}s"),
    };
    format!("{} {verb} {rest}", name(state, mover))
        .trim_end()
        .to_string()
}

/// How the game ended, and every player's result.
fn show_end(state: &GameState) {
    let why = match state.variable(&C8_VAR_END).as_deref() {
        Some("out") => "a player went out",
        Some("turns") => "the play limit was reached",
        Some("passes") => "everyone passed with the deck empty",
        _ => "the game stopped",
    };
    say!();
    say!("Game over: {why}.");
    let results = returns(state);
    for (player, result) in state.players().zip(results) {
        say!("  {}: {result}", name(state, player));
    }
    match state.winners().first() {
        Some(w) if state.player_id(YOU) == Some(*w) => say!("You win!"),
        Some(w) => say!("{} wins.", name(state, *w)),
        None => say!("Nobody went out."),
    }
}

/// Runs `decklet play --game crazy-eights`.
pub fn run(args: &PlayArgs) -> Result<(), String> {
    let players = args.players;
    if !(C8_MIN_PLAYERS..=C8_MAX_PLAYERS).contains(&players) {
        return Err(format!(
            "--players: Crazy Eights is played by {C8_MIN_PLAYERS} to {C8_MAX_PLAYERS}, not {players}"
        ));
    }
    if !args.rules.is_default() {
        return Err(UNO_RULES_ONLY.into());
    }
    if args.r#match.is_some() {
        return Err("--match plays UNO matches to a points target: Crazy Eights has none".into());
    }
    let bots_arg = match args.bots.as_str() {
        "heuristic" => "strategist",
        other => other,
    };
    let names: Vec<&str> = bots_arg.split(',').map(str::trim).collect();
    let game = crazy_eights_game(CrazyEightsOptions::default()).map_err(|e| e.to_string())?;
    let kinds = match names.as_slice() {
        [one] => vec![parse_kind(&game, one)?; players - 1],
        many if many.len() == players - 1 => many
            .iter()
            .map(|n| parse_kind(&game, n))
            .collect::<Result<_, _>>()?,
        many => {
            return Err(format!(
                "--bots names {} bots for the {} other seats: give one, or one a seat",
                many.len(),
                players - 1
            ));
        }
    };
    let mut log = open_log(args)?;
    let seed = match args.seed {
        Some(seed) => seed,
        None => system_seed()?,
    };
    let mut again = format!("decklet play --game crazy-eights --seed {seed}");
    if players != 4 {
        again.push_str(&format!(" --players {players}"));
    }
    if args.bots != "heuristic" {
        again.push_str(&format!(" --bots {}", args.bots));
    }
    let last = format!("Seed {seed}: `{again}` deals this game again.");
    let config = EngineConfig {
        seed,
        game_id: "play".into(),
        ..Default::default()
    };
    let mut engine = GameEngine::new(&game, config);
    let bots = names
        .iter()
        .cycle()
        .take(players - 1)
        .map(ToString::to_string);
    engine
        .create_game(seat_players(bots))
        .map_err(|e| e.to_string())?;
    engine.start().map_err(|e| e.to_string())?;
    let mut bots: Vec<Box<dyn Bot>> = kinds
        .iter()
        .enumerate()
        .map(|(i, k)| crate::crazy_eights::make(k, &game, bot_seed(seed, i + 1)))
        .collect::<Result<_, _>>()?;
    let table = C8Table::of(engine.state()).ok_or("the game has no Crazy Eights table")?;
    let you = engine
        .state()
        .player_id(YOU)
        .ok_or("the game has no seat for you")?;
    say!(
        "decklet Crazy Eights (OpenSpiel's rules): {players} players. You are p1. (The seed is shown when the game ends.)"
    );
    let mut lines = Lines::stdin();
    let mut moves = Vec::new();
    while engine.state().status() == decklet::GameStatus::Playing {
        if let Some(end) = between_moves(log.as_ref(), || LogFile::Game(engine.log())) {
            return end;
        }
        let state = engine.state();
        let Some(current) = state.current_player() else {
            return Err("the game has no current player".into());
        };
        game.legal_moves(state, current, &mut moves);
        if moves.is_empty() {
            return Err(format!("{} has no move", name(state, current)));
        }
        let pick = if current == you {
            show_table(state, &table, you, &moves);
            match ask(&mut lines, &moves) {
                Input::Move(i) => i,
                Input::Quit => {
                    say!("You quit the game.");
                    return finish(&last, log.take(), || LogFile::Game(engine.log()));
                }
                Input::Closed => {
                    say!("Input ended; leaving the game.");
                    return finish(&last, log.take(), || LogFile::Game(engine.log()));
                }
            }
        } else {
            let seat = state.seat_index(current).unwrap_or(1).saturating_sub(1);
            let Some(bot) = bots.get_mut(seat) else {
                return Err(format!("no bot for {}", name(state, current)));
            };
            match bot.choose(&state.info_state(current), &moves) {
                Some(i) if i < moves.len() => i,
                _ => return Err(format!("{} has no move", name(state, current))),
            }
        };
        let action = moves.swap_remove(pick);
        let line = narrate(state, current, &action);
        let before = state.hand(you).to_vec();
        let drew = action.downcast_ref::<Draw>().is_some();
        engine.dispatch_any(action).map_err(|e| e.to_string())?;
        let state = engine.state();
        if current == you && drew {
            let new: Vec<String> = state
                .hand(you)
                .iter()
                .filter(|c| !before.contains(c))
                .filter_map(|c| table.card(*c).map(|c| c.to_string()))
                .collect();
            match new.is_empty() {
                true => say!("There was no card left to draw."),
                false => say!("You drew {}.", new.join(", ")),
            }
        } else {
            say!("{line}");
        }
    }
    show_end(engine.state());
    finish(&last, log.take(), || LogFile::Game(engine.log()))
}
