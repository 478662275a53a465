//! Writing to standard output: a reader that went away (`decklet simulate | head`)
//! ends the output quietly, any other write error is reported.

use std::io::{ErrorKind, Write};

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
