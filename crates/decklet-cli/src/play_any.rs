//! `decklet play --game STRING`: one terminal table for every game of the catalogue but
//! UNO (whose table knows its colours and calls: `play.rs`). You are `p1`; the other
//! seats are bots of the catalogue. What you are shown is built from your seat's
//! information state: the zones you see with their cards in the game's words, the size
//! of every other zone, your moves in the game's words, numbered. Another seat's move
//! is told in words only when every card it names is one you may see once it is made
//! (a card passed face down is not named). A move is chosen by its number: no key
//! means two things.

use decklet::bots::Bot;
use decklet::{AnyAction, CardId, EngineConfig, GameEngine, GameState, InfoState, Moves, PlayerId};
use decklet_catalog::{Catalog, GameDef, LoadedGame};

use crate::PlayArgs;
use crate::console::{self, Lines, LogFile};
use crate::games::check_other_game;
use crate::play::{between_moves, finish, name, open_log, seat_players, system_seed};
use crate::runner::bot_seed;

const YOU: &str = "p1";

/// The most cards of one zone shown (its last ones: a pile's top).
const SHOWN: usize = 13;

/// `cards` in the game's words.
fn words(def: &dyn GameDef, info: &InfoState, cards: &[CardId]) -> String {
    cards
        .iter()
        .filter_map(|c| info.card(*c))
        .map(|c| def.describe_card(c))
        .collect::<Vec<_>>()
        .join(" ")
}

/// What your seat sees: every zone, its cards when you see them (your hand in card
/// order, a pile's last ones), its size otherwise; then your moves.
fn show_table(def: &dyn GameDef, info: &InfoState, state: &GameState, moves: &Moves) {
    say!();
    for zone in info.zones() {
        let Some(definition) = info.zone(zone) else {
            continue;
        };
        let size = info.zone_size(zone);
        let label = match definition.owner {
            Some(owner) if owner == info.seat() => "your hand".to_string(),
            Some(owner) => format!("{} ({})", definition.id, name(state, owner)),
            None => definition.id.to_string(),
        };
        match info.zone_cards(zone) {
            Some(cards) if definition.owner == Some(info.seat()) => {
                let mut sorted = cards.to_vec();
                sorted.sort();
                say!("{label}: {}", words(def, info, &sorted));
            }
            Some([]) => {}
            Some(cards) if cards.len() > SHOWN => {
                let last = &cards[cards.len() - SHOWN..];
                say!(
                    "{label}: {} cards, the last: {}",
                    cards.len(),
                    words(def, info, last)
                );
            }
            Some(cards) => say!("{label}: {}", words(def, info, cards)),
            None if size > 0 => say!("{label}: {size} cards"),
            None => {}
        }
    }
    say!("Your moves:");
    for (i, action) in moves.iter().enumerate() {
        say!("  {}) {}", i + 1, def.describe_move(state, action));
    }
    say!("(a move's number, or q to quit)");
}

enum Input {
    Move(usize),
    Quit,
    Closed,
}

/// What a line asks for among `count` moves.
fn parse_input(line: &str, count: usize) -> Result<Input, String> {
    let word = line.trim().to_lowercase();
    match word.as_str() {
        "q" | "quit" | "exit" => Ok(Input::Quit),
        "" => Err("Type a move's number.".to_string()),
        _ => match word.parse::<usize>() {
            Ok(n) if (1..=count).contains(&n) => Ok(Input::Move(n - 1)),
            Ok(n) => Err(format!("There is no move {n}: choose 1 to {count}.")),
            Err(_) => Err(format!(
                "I don't understand `{}`: type a move's number, or q to quit.",
                decklet::echo(line.trim())
            )),
        },
    }
}

/// Another seat's move as you may be told it, `after` it was made: in the game's words
/// when you see every card it names, else only that it was made.
fn narrate(
    loaded: &LoadedGame,
    after: &GameState,
    you: PlayerId,
    mover: PlayerId,
    action: &AnyAction,
) -> String {
    match loaded.tell_move(after, you, action) {
        Some(words) => format!("{}: {words}", name(after, mover)),
        None => format!(
            "{}: {} (what it names is hidden from you)",
            name(after, mover),
            action.kind().to_lowercase().replace('_', " ")
        ),
    }
}

/// How the game ended: every player's score and the winners.
fn show_end(def: &dyn GameDef, state: &GameState, you: PlayerId) {
    say!();
    match def.ending(state) {
        Some(ending) => say!("Game over ({ending})."),
        None => say!("Game over."),
    }
    let scores = (def.scoring())(state);
    for (player, score) in state.players().zip(scores) {
        say!("  {}: {score}", name(state, player));
    }
    let winners = state.winners();
    if winners.contains(&you) {
        say!("You win!");
    } else if winners.is_empty() {
        say!("Nobody won.");
    } else {
        let names: Vec<String> = winners.iter().map(|w| name(state, *w)).collect();
        say!("{} won.", names.join(" and "));
    }
}

/// Runs `decklet play` for a game of the catalogue other than UNO.
pub fn run(args: &PlayArgs, catalog: &Catalog, loaded: &LoadedGame) -> Result<(), String> {
    let def = loaded.def();
    let players = args.players;
    check_other_game(loaded, players, &args.rules, args.r#match.is_some())?;
    // the game's own bot, when it has one and none is named
    let bots_arg = match (args.bots.as_str(), def.bots().first()) {
        ("heuristic", Some(own)) => own.name,
        (other, _) => other,
    };
    let names = crate::any_game::bot_names(catalog, loaded, bots_arg, players - 1)?;
    let mut log = open_log(args)?;
    let seed = match args.seed {
        Some(seed) => seed,
        None => system_seed()?,
    };
    // a string with parameters is quoted for the shell
    let game_arg = match loaded.string().contains('(') {
        true => format!("'{}'", loaded.string()),
        false => loaded.string().to_string(),
    };
    let mut again = format!("decklet play --game {game_arg} --seed {seed}");
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
    let game = loaded.game();
    let mut engine = GameEngine::new(game, config);
    engine
        .create_game(seat_players(names.iter().cloned()))
        .map_err(|e| e.to_string())?;
    engine.start().map_err(|e| e.to_string())?;
    let mut bots: Vec<Box<dyn Bot>> = names
        .iter()
        .enumerate()
        .map(|(i, n)| catalog.bot(loaded, n, bot_seed(seed, i + 1)))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let you = engine
        .state()
        .player_id(YOU)
        .ok_or("the game has no seat for you")?;
    say!(
        "decklet {}: {players} players. You are p1. (The seed is shown when the game ends.)",
        loaded.string()
    );
    let mut lines = Lines::stdin();
    let mut moves = Moves::new();
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
            show_table(def, &state.info_state(you), state, &moves);
            let count = moves.len();
            match console::ask(&mut lines, |line| parse_input(line, count)).unwrap_or(Input::Closed)
            {
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
        let Some(action) = moves.to_any(pick) else {
            return Err(format!("{} has no move {pick}", name(state, current)));
        };
        let told = def.describe_move(state, action.as_ref());
        // what each hearing bot's seat knew before the move
        let before: Vec<Option<InfoState>> = state
            .seat_order()
            .iter()
            .skip(1)
            .zip(&bots)
            .map(|(seat, bot)| bot.hears().then(|| state.info_state(*seat)))
            .collect();
        let outcome = engine
            .dispatch_move(&moves, pick)
            .map_err(|e| e.to_string())?;
        let state = engine.state();
        for ((seat, bot), before) in state.seat_order().iter().skip(1).zip(&mut bots).zip(before) {
            if let Some(before) = before {
                let heard: Vec<_> = outcome.events.iter().map(|e| e.view_for(*seat)).collect();
                bot.hear(&before, &heard);
            }
        }
        match current == you {
            true => say!("You: {told}"),
            false => say!("{}", narrate(loaded, state, you, current, &action)),
        }
    }
    show_end(def, engine.state(), you);
    finish(&last, log.take(), || LogFile::Game(engine.log()))
}
