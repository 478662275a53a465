//! The terminal of `decklet play`: lines out that never abort the program (a reader
//! that went away, a full disk), lines in with a length cap, and the game log saved
//! whole, also when the program is stopped by a signal.
//!
//! Output goes through [`say!`](crate::say) and [`prompt`]. A write that fails marks the
//! output gone; the game loop asks [`gone`] before every move and ends the game (a
//! closed pipe quietly, any other error with a message), saving its log.

use std::io::{self, BufRead, ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Arc, Mutex};

use decklet::GameLog;
use decklet_catalog::MatchLog;
use serde::Serialize;

/// The longest input line read, in bytes: a move is a few characters, so a longer line
/// is refused (and the rest of it skipped without being kept).
pub const MAX_LINE: usize = 1024;

/// What became of standard output: writable, closed by its reader, or failing.
static OUTPUT: AtomicU8 = AtomicU8::new(OPEN);
const OPEN: u8 = 0;
const CLOSED: u8 = 1;
const FAILED: u8 = 2;

/// Writes `text` (and a newline) to standard output; see [`gone`].
macro_rules! say {
    () => { $crate::console::line("") };
    ($($arg:tt)*) => { $crate::console::line(&format!($($arg)*)) };
}

/// Writes a line to standard output. A failed write marks the output gone, and
/// nothing more is written.
pub fn line(text: &str) {
    write_out(text, true);
}

/// Writes a prompt (no newline) and flushes it.
pub fn prompt(text: &str) {
    write_out(text, false);
}

fn write_out(text: &str, newline: bool) {
    if OUTPUT.load(Ordering::Relaxed) != OPEN {
        return;
    }
    let mut out = io::stdout().lock();
    let written = out
        .write_all(text.as_bytes())
        .and_then(|()| {
            if newline {
                out.write_all(b"\n")
            } else {
                Ok(())
            }
        })
        .and_then(|()| out.flush());
    if let Err(error) = written {
        let state = match error.kind() {
            ErrorKind::BrokenPipe => CLOSED,
            _ => FAILED,
        };
        OUTPUT.store(state, Ordering::Relaxed);
    }
}

/// Whether the output is gone: `Some(Ok(()))` when its reader closed it (nothing is
/// wrong: nobody reads on), `Some(Err(..))` when writing failed otherwise.
pub fn gone() -> Option<Result<(), String>> {
    match OUTPUT.load(Ordering::Relaxed) {
        OPEN => None,
        CLOSED => Some(Ok(())),
        _ => Some(Err("cannot write the output".to_string())),
    }
}

/// Standard input, a line at a time, each at most [`MAX_LINE`] bytes.
pub struct Lines {
    input: Box<dyn BufRead>,
}

impl Lines {
    /// Standard input.
    pub fn stdin() -> Lines {
        Lines {
            input: Box::new(io::stdin().lock()),
        }
    }

    /// The lines of `text`, as if typed (for tests of the table).
    #[cfg(test)]
    pub fn of(text: &'static str) -> Lines {
        Lines {
            input: Box::new(text.as_bytes()),
        }
    }

    /// The next line, without its line ending (invalid UTF-8 replaced); `Some(Err)` for
    /// a line longer than [`MAX_LINE`] (skipped to its end); `None` at the end of the
    /// input or when it cannot be read.
    pub fn next_line(&mut self) -> Option<Result<String, String>> {
        read_capped(&mut self.input, MAX_LINE)
    }
}

/// Asks until `parse` accepts a line (its refusals are said, and the prompt comes
/// again); `None` when the input ends.
pub fn ask<T>(lines: &mut Lines, parse: impl Fn(&str) -> Result<T, String>) -> Option<T> {
    loop {
        prompt("> ");
        match lines.next_line()? {
            Ok(text) => match parse(&text) {
                Ok(answer) => return Some(answer),
                Err(message) => line(&message),
            },
            Err(message) => line(&message),
        }
    }
}

/// Reads a line of at most `most` bytes from `input` (see [`Lines::next_line`]).
fn read_capped(input: &mut impl BufRead, most: usize) -> Option<Result<String, String>> {
    let mut kept = Vec::new();
    let mut length = 0usize;
    loop {
        let (done, used) = match input.fill_buf() {
            Ok([]) if length == 0 => return None,
            Ok([]) => (true, 0),
            Ok(buffer) => {
                let end = buffer.iter().position(|b| *b == b'\n');
                let chunk = &buffer[..end.unwrap_or(buffer.len())];
                if length <= most {
                    let room = (most + 1 - length).min(chunk.len());
                    kept.extend_from_slice(&chunk[..room]);
                }
                length = length.saturating_add(chunk.len());
                (end.is_some(), end.map_or(buffer.len(), |e| e + 1))
            }
            Err(error) if error.kind() == ErrorKind::Interrupted => (false, 0),
            Err(_) => return None,
        };
        input.consume(used);
        if done {
            break;
        }
    }
    if length > most {
        return Some(Err(format!(
            "That line is {length} bytes long; a move is at most {most}."
        )));
    }
    let mut text = String::from_utf8_lossy(&kept).into_owned();
    if text.ends_with('\r') {
        text.pop();
    }
    Some(Ok(text))
}

/// What `--save-log` writes: one game's log, or a match's (every round so far).
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum LogFile {
    /// A game's log (`decklet play`).
    Game(GameLog),
    /// A match's log (`decklet play --match POINTS`).
    Match(MatchLog),
}

/// Where `--save-log` writes: checked before the game starts (a path that cannot be
/// written is refused before anyone plays), written whole at the end, or when the
/// program is stopped, through a hidden temporary file renamed into place.
#[derive(Clone)]
pub struct SavedLog {
    path: PathBuf,
    /// The log as of the last move.
    latest: Arc<Mutex<Option<LogFile>>>,
}

impl SavedLog {
    /// Checks that `path` can be written (a temporary file is made beside it, then
    /// removed) and, from now on, saves the latest log if a stop signal comes.
    pub fn open(path: &Path) -> Result<SavedLog, String> {
        let partial = partial_path(path);
        std::fs::write(&partial, b"")
            .map_err(|e| format!("cannot write the log to {}: {e}", path.display()))?;
        let _ = std::fs::remove_file(&partial);
        let saved = SavedLog {
            path: path.to_path_buf(),
            latest: Arc::new(Mutex::new(None)),
        };
        let on_signal = saved.clone();
        // if a handler cannot be set, a signal keeps its default effect
        let _ = ctrlc::set_handler(move || {
            let saved = on_signal.save_latest();
            let mut err = io::stderr().lock();
            let _ = match saved {
                Ok(Some(path)) => writeln!(err, "\nstopped; the game so far is saved to {path}"),
                Ok(None) => writeln!(err, "\nstopped"),
                Err(message) => writeln!(err, "\nstopped; {message}"),
            };
            std::process::exit(130);
        });
        Ok(saved)
    }

    /// Keeps `log` as the latest.
    pub fn update(&self, log: LogFile) {
        if let Ok(mut latest) = self.latest.lock() {
            *latest = Some(log);
        }
    }

    /// Writes the latest log, if there is one; returns where.
    pub fn save_latest(&self) -> Result<Option<String>, String> {
        let latest = self.latest.lock().map_err(|_| "the log was lost")?;
        match latest.as_ref() {
            Some(log) => self
                .write(log)
                .map(|()| Some(self.path.display().to_string())),
            None => Ok(None),
        }
    }

    /// Writes `log` whole: into the temporary file, then renamed to the path.
    pub fn write(&self, log: &LogFile) -> Result<(), String> {
        let text = serde_json::to_string_pretty(log).map_err(|e| e.to_string())?;
        let partial = partial_path(&self.path);
        std::fs::write(&partial, text)
            .and_then(|()| std::fs::rename(&partial, &self.path))
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
    }

    /// Where it writes.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// `.NAME.partial` beside `path`.
fn partial_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "log".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.partial"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], most: usize) -> Vec<Result<String, String>> {
        let mut reader = io::BufReader::with_capacity(4, input);
        std::iter::from_fn(|| read_capped(&mut reader, most)).collect()
    }

    #[test]
    fn lines_are_read_whole_and_long_ones_refused_without_being_kept() {
        assert_eq!(
            lines(b"1\r\nd\n\nlast", 8),
            [
                Ok("1".into()),
                Ok("d".into()),
                Ok("".into()),
                Ok("last".into())
            ]
        );
        let long = [b"x".repeat(30), b"\nq\n".to_vec()].concat();
        let read = lines(&long, 8);
        assert_eq!(read.len(), 2);
        assert!(read[0].as_ref().is_err_and(|e| e.contains("30 bytes")));
        assert_eq!(read[1], Ok("q".into()));
        assert_eq!(lines(&b"x".repeat(8), 8), [Ok("x".repeat(8))]);
        assert_eq!(lines(b"", 8), []);
        assert_eq!(lines(b"\xff\n", 8), [Ok("\u{fffd}".into())]);
    }
}
