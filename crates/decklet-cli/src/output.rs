//! Writing to standard output: a reader that went away (`decklet simulate | head`)
//! ends the output quietly, any other write error is reported.

use std::fs;
use std::io::{ErrorKind, Write};
use std::path::Path;

use serde::Serialize;

/// Writes `value` as `DIR/KIND-NNNNNN.json` atomically: into a hidden temporary file,
/// then renamed, so a file under its final name is always whole, whenever the program
/// is stopped.
pub fn save_log<T: Serialize>(dir: &Path, kind: &str, index: u64, value: &T) -> Result<(), String> {
    let path = dir.join(format!("{kind}-{index:06}.json"));
    let partial = dir.join(format!(".{kind}-{index:06}.json.partial"));
    let text =
        serde_json::to_string(value).map_err(|e| format!("cannot encode log {index}: {e}"))?;
    fs::write(&partial, text)
        .and_then(|()| fs::rename(&partial, &path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Writes `text` to standard output and flushes it. A closed pipe is not an error: the
/// reader has all it wanted.
pub fn write_stdout(text: &str) -> Result<(), String> {
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(format!("cannot write the output: {e}")),
    }
}

/// `text` made safe to print on a terminal, whatever input it quotes: control
/// characters (but line ends and tabs) and invisible ones (a text direction's override,
/// a zero width space: [`decklet::is_invisible`]) written as `\u{…}`. Every error
/// the command prints goes through it, clap's own included (they quote the arguments).
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match (c.is_control() && c != '\n' && c != '\t') || decklet::is_invisible(c) {
            true => out.extend(c.escape_unicode()),
            false => out.push(c),
        }
    }
    out
}
