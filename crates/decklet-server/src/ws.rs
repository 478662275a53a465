//! One WebSocket connection: it says who it is (a seat's token, or a spectator) in its
//! first message, then its moves go to the match's task and the task's messages come
//! back. The connection's own limits are kept here: the message size (in the upgrade),
//! the rate of messages, and a reader too slow for its queue.

use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use tokio::sync::{mpsc, oneshot};

use crate::limits::Limits;
use crate::live::{Command, Credential, MatchHandle, Outgoing};
use crate::locate::Unplayable;
use crate::protocol::ClientMessage;
use crate::rate::Bucket;
use crate::server::Server;

/// How long a new connection has to say who it is.
const HELLO_WITHIN: Duration = Duration::from_secs(10);

/// WebSocket close code: the policy was broken (bad hello, flood, refused).
const POLICY: u16 = 1008;
/// WebSocket close code: a message was larger than the server takes.
const TOO_BIG: u16 = 1009;
/// WebSocket close code: this server no longer plays the match for this connection
/// (it moved to another server, the server is stopping, or the connection read too
/// slowly): reconnect, for what was missed, to wherever the match is now played.
pub const RECONNECT: u16 = 4000;
/// WebSocket close code: the match is moving to this server, or is watched on another:
/// try again in a second.
pub const TRY_AGAIN: u16 = 4001;

/// Why a connection the server let go is closed (with [`RECONNECT`]).
const LET_GO: &str = "this server no longer plays the match for this connection: reconnect";

/// How long a connection the server closes is still read after its close frame was
/// sent, for the client's own close frame: reading what the client sent meanwhile (a
/// flood's last frames) keeps the socket from being reset, which could lose the
/// server's last messages and close frame before the client reads them.
const CLOSE_DRAIN: Duration = Duration::from_secs(2);

/// How many times the message limit the transport reads before it gives up on a
/// message: a message past the limit but within this is read whole and answered with
/// close code 1009; one past this too is cut off where it is (and a reset may beat the
/// close frame to the client).
pub(crate) const TRANSPORT_MESSAGE_FACTOR: usize = 16;

/// Whether a WebSocket error is a message past the transport's size limit.
fn too_big(error: &axum::Error) -> bool {
    let text = error.to_string();
    text.contains("Space limit exceeded") || text.contains("too long")
}

/// Why a connection was closed for a message past `limits`' size.
fn too_big_reason(limits: &Limits) -> String {
    format!(
        "a message larger than {} bytes: closed",
        limits.max_message_bytes
    )
}

fn error_text(message: &str) -> Outgoing {
    json!({"type": "error", "seq": null, "message": message})
        .to_string()
        .into()
}

async fn close(socket: &mut WebSocket, reason: &str) {
    close_with(socket, POLICY, reason).await;
}

/// [`close`] with another close code.
async fn close_with(socket: &mut WebSocket, code: u16, reason: &str) {
    let _ = socket
        .send(Message::Text(Utf8Bytes::from(error_text(reason).as_ref())))
        .await;
    let _ = socket
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: Utf8Bytes::from(close_reason(reason)),
        })))
        .await;
}

/// The longest close reason, in bytes: a close frame says at most 125, two of them its
/// code.
const MAX_CLOSE_REASON_BYTES: usize = 123;

/// `reason` cut to whole characters within [`MAX_CLOSE_REASON_BYTES`] (a reason
/// quoting a client's words may be of any script).
fn close_reason(reason: &str) -> &str {
    let end = reason
        .char_indices()
        .map(|(at, c)| at + c.len_utf8())
        .take_while(|end| *end <= MAX_CLOSE_REASON_BYTES)
        .last()
        .unwrap_or(0);
    reason.get(..end).unwrap_or("")
}

/// Has the match tell the connection an error (or, with `None`, a pong), with its seq;
/// dropped if the match's queue is full (a notice is not worth waiting for).
fn notice(handle: &MatchHandle, conn: u64, error: Option<String>) {
    let _ = handle.tx.try_send(Command::Notice { conn, error });
}

/// Serves one connection to match `id`: its hello says who it is, which decides
/// the match's task it talks to (a seat's valid token may bring the match here from
/// another server; nothing else does).
pub async fn connection(mut socket: WebSocket, server: Server, id: String, limits: Limits) {
    let hello = match tokio::time::timeout(HELLO_WITHIN, socket.recv()).await {
        Ok(Some(Ok(Message::Text(text)))) => ClientMessage::parse(text.as_str()),
        Ok(Some(Ok(_))) => Err("the first message is a text hello".to_string()),
        Ok(Some(Err(error))) if too_big(&error) => {
            return close_with(&mut socket, TOO_BIG, &too_big_reason(&limits)).await;
        }
        Ok(_) => return,
        Err(_) => Err("no hello within 10 seconds".to_string()),
    };
    let (credential, since, view) = match hello {
        Ok(ClientMessage::Hello {
            token: Some(token),
            spectator: false,
            since,
            view,
        }) => (Credential::Token(token), since, view),
        Ok(ClientMessage::Hello {
            token: None,
            spectator: true,
            since,
            view,
        }) => (Credential::Spectator, since, view),
        Ok(ClientMessage::Hello { .. }) => {
            return close(&mut socket, "a hello has a token, or \"spectator\": true").await;
        }
        Ok(_) => return close(&mut socket, "the first message is a hello").await,
        Err(why) => return close(&mut socket, &why).await,
    };
    let found = match &credential {
        Credential::Token(token) => server.task_for_seat(&id, token).await,
        Credential::Spectator => server.task_to_watch(&id).await,
    };
    let handle = match found {
        Ok(handle) => handle,
        Err(Unplayable::Refused(error)) => return close(&mut socket, &error.message).await,
        Err(Unplayable::Elsewhere(why)) => return close_with(&mut socket, TRY_AGAIN, &why).await,
    };
    drop(server);
    let (out_tx, mut out_rx) = mpsc::channel::<Outgoing>(limits.connection_queue);
    // the match's entry for this connection holds the one sender that keeps the
    // writer going: once the match lets go of it (it stopped here, moved, or this
    // connection read too slowly) the socket is closed, so that the client reconnects
    // instead of sitting at a table that no longer moves; the reader's own notices go
    // through a weak one
    let own = out_tx.downgrade();
    let (reply_tx, reply_rx) = oneshot::channel();
    let connect = Command::Connect {
        credential,
        since,
        view,
        out: out_tx,
        reply: reply_tx,
    };
    if handle.tx.send(connect).await.is_err() {
        return close_with(&mut socket, RECONNECT, LET_GO).await;
    }
    let conn = match reply_rx.await {
        Ok(Ok((conn, _seat))) => conn,
        Ok(Err(why)) => return close(&mut socket, &why).await,
        Err(_) => return close_with(&mut socket, RECONNECT, LET_GO).await,
    };
    let (mut sink, mut stream) = socket.split();
    // how the connection is closed: by default, as the server closes a connection
    // it let go (to come back); the reader may say otherwise
    let closing = std::sync::Arc::new(std::sync::Mutex::new((RECONNECT, LET_GO.to_string())));
    let closed_as = std::sync::Arc::clone(&closing);
    // the writer sends what the match queues for this connection until the match
    // lets go of it, then closes
    let mut writer = tokio::spawn(async move {
        // what is queued goes out together: one write for an update and its state
        while let Some(message) = out_rx.recv().await {
            let mut batch = vec![message];
            while let Ok(next) = out_rx.try_recv() {
                batch.push(next);
            }
            for message in batch {
                if sink
                    .feed(Message::Text(Utf8Bytes::from(message.as_ref())))
                    .await
                    .is_err()
                {
                    return;
                }
            }
            if sink.flush().await.is_err() {
                return;
            }
        }
        let (code, reason) = match closed_as.lock() {
            Ok(closing) => closing.clone(),
            Err(_) => (POLICY, String::new()),
        };
        let _ = sink
            .send(Message::Close(Some(CloseFrame {
                code,
                reason: Utf8Bytes::from(reason),
            })))
            .await;
    });
    let tell_self = |message: Outgoing| {
        if let Some(out) = own.upgrade() {
            let _ = out.try_send(message);
        }
    };
    // whether the server ends the connection (then it reads on, for the client's close)
    let reader = async {
        let mut bucket = Bucket::new(limits.messages_per_second, limits.message_burst);
        let mut over = 0u32;
        while let Some(next) = stream.next().await {
            let message = match next {
                Ok(message) => message,
                Err(error) => {
                    if too_big(&error) {
                        let reason = too_big_reason(&limits);
                        tell_self(error_text(&reason));
                        if let Ok(mut closing) = closing.lock() {
                            *closing = (TOO_BIG, reason);
                        }
                    }
                    return false;
                }
            };
            let message = match message {
                // read whole (the transport takes up to TRANSPORT_MESSAGE_FACTOR times
                // the limit), so that the close frame is not lost to a reset
                Message::Text(text) if text.len() > limits.max_message_bytes => {
                    let reason = too_big_reason(&limits);
                    tell_self(error_text(&reason));
                    if let Ok(mut closing) = closing.lock() {
                        *closing = (TOO_BIG, reason);
                    }
                    return true;
                }
                Message::Close(_) => return false,
                other => other,
            };
            // every frame counts against the rate (pings and binary ones too), and a
            // connection that kept to the rate for a whole burst starts afresh
            if bucket.is_full() {
                over = 0;
            }
            if let Err(wait) = bucket.take() {
                over += 1;
                if over >= limits.flood_closes_after {
                    let reason = "a flood of messages: closed";
                    tell_self(error_text(reason));
                    if let Ok(mut closing) = closing.lock() {
                        *closing = (POLICY, reason.to_string());
                    }
                    return true;
                }
                // every ignored message is told, straight to this connection (the
                // match never sees a flood), with when to send it again: a program
                // that moves faster than the rate is slowed, and loses no move
                let why = json!({
                    "type": "error",
                    "seq": null,
                    "message": format!(
                        "more than {} messages a second: this one is ignored",
                        limits.messages_per_second
                    ),
                    "retryMs": wait.as_millis().max(1) as u64,
                });
                tell_self(why.to_string().into());
                continue;
            }
            let text = match message {
                Message::Text(text) => text,
                Message::Binary(_) => {
                    notice(&handle, conn, Some("text frames only".to_string()));
                    continue;
                }
                // pings are answered by the WebSocket itself
                _ => continue,
            };
            match ClientMessage::parse(text.as_str()) {
                Ok(ClientMessage::Move { seq, index }) => {
                    // waits while the match's queue is full (back-pressure)
                    let command = Command::Move { conn, seq, index };
                    if handle.tx.send(command).await.is_err() {
                        return true;
                    }
                }
                Ok(ClientMessage::Ping) => notice(&handle, conn, None),
                Ok(ClientMessage::Hello { .. }) => {
                    let why = "this connection said hello already".to_string();
                    notice(&handle, conn, Some(why));
                }
                Err(why) => notice(&handle, conn, Some(why)),
            }
        }
        false
    };
    let (server_closes, writer_ended) = tokio::select! {
        closes = reader => (closes, false),
        // the match let go of the connection: the writer closed it
        _ = &mut writer => (true, true),
    };
    if !writer_ended {
        let _ = handle.tx.send(Command::Disconnect { conn }).await;
        let abort = writer.abort_handle();
        if tokio::time::timeout(Duration::from_secs(5), writer)
            .await
            .is_err()
        {
            abort.abort();
        }
    }
    if server_closes {
        // the closing handshake: what the client sent meanwhile is read and dropped
        // until its close frame (or the end of the stream, or CLOSE_DRAIN)
        let _ = tokio::time::timeout(CLOSE_DRAIN, async {
            while let Some(Ok(message)) = stream.next().await {
                if matches!(message, Message::Close(_)) {
                    break;
                }
            }
        })
        .await;
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_CLOSE_REASON_BYTES, close_reason};
    use proptest::prelude::*;

    proptest! {
        /// A close reason fits a close frame whatever it quotes, cut at a character.
        #[test]
        fn a_close_reason_fits_a_close_frame(reason in "\\PC{0,200}") {
            let cut = close_reason(&reason);
            prop_assert!(cut.len() <= MAX_CLOSE_REASON_BYTES);
            prop_assert!(reason.starts_with(cut));
            if reason.len() <= MAX_CLOSE_REASON_BYTES {
                prop_assert_eq!(cut, reason.as_str());
            } else {
                // nothing more fits
                let next = reason[cut.len()..].chars().next().map_or(0, char::len_utf8);
                prop_assert!(cut.len() + next > MAX_CLOSE_REASON_BYTES);
            }
        }
    }
}
