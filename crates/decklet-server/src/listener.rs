//! [`Guarded`]: the server's TCP listener, with the limits a client cannot get past
//! whatever it sends: connections at once per client address
//! ([`Limits::connections_per_client`]), and a time for a new connection's first
//! request headers ([`Limits::first_request_within`]), so that a client that opens
//! connections and sends nothing, or sends its headers a byte at a time, holds none
//! for long. A connection past the first limit is closed as soon as it is accepted.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::connect_info::Connected;
use axum::serve::{IncomingStream, Listener};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::Sleep;

use crate::limits::Limits;

/// The server's listener (see the module's documentation).
pub struct Guarded {
    inner: TcpListener,
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
    per_client: usize,
    first_request_within: Duration,
}

/// The client at the other end of a connection: what the limits per client count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peer(pub SocketAddr);

impl Connected<IncomingStream<'_, Guarded>> for Peer {
    fn connect_info(stream: IncomingStream<'_, Guarded>) -> Self {
        Peer(*stream.remote_addr())
    }
}

impl Guarded {
    /// `listener`, guarded by `limits`.
    pub fn new(listener: TcpListener, limits: &Limits) -> Guarded {
        Guarded {
            inner: listener,
            open: Arc::default(),
            per_client: limits.connections_per_client,
            first_request_within: limits.first_request_within,
        }
    }

    /// A connection's place in its client's count, if there is one left.
    fn admit(&self, ip: IpAddr) -> Option<Permit> {
        let mut open = self.open.lock().ok()?;
        let count = open.entry(ip).or_insert(0);
        if *count >= self.per_client {
            return None;
        }
        *count += 1;
        Some(Permit {
            open: Arc::clone(&self.open),
            ip,
        })
    }
}

impl Listener for Guarded {
    type Io = GuardedStream;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        loop {
            let (stream, addr) = match self.inner.accept().await {
                Ok(accepted) => accepted,
                // out of descriptors, say: wait a little rather than spin
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            };
            // past the client's limit: closed at once (dropped)
            let Some(permit) = self.admit(addr.ip()) else {
                continue;
            };
            let stream = GuardedStream {
                stream,
                _permit: permit,
                headers_by: Some(Box::pin(tokio::time::sleep(self.first_request_within))),
                last_bytes: 0,
            };
            return (stream, addr);
        }
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.inner.local_addr()
    }
}

/// A connection's place in its client's count, given back when it closes.
struct Permit {
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
    ip: IpAddr,
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Ok(mut open) = self.open.lock()
            && let Some(count) = open.get_mut(&self.ip)
        {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// An accepted connection: its place in its client's count, and until its first
/// request's headers have come (the first blank line), the time they have left.
pub struct GuardedStream {
    stream: TcpStream,
    _permit: Permit,
    headers_by: Option<Pin<Box<Sleep>>>,
    /// The last four bytes read, for the blank line that ends the headers.
    last_bytes: u32,
}

/// The bytes that end an HTTP request's headers: `\r\n\r\n`.
const BLANK_LINE: u32 = 0x0d0a_0d0a;

impl AsyncRead for GuardedStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if this.headers_by.as_ref().is_some_and(|by| by.is_elapsed()) {
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "no request headers in time",
            )));
        }
        let before = buf.filled().len();
        match Pin::new(&mut this.stream).poll_read(cx, buf) {
            Poll::Ready(Ok(())) => {
                if this.headers_by.is_some() {
                    for byte in buf.filled().get(before..).unwrap_or(&[]) {
                        this.last_bytes = (this.last_bytes << 8) | u32::from(*byte);
                        if this.last_bytes == BLANK_LINE {
                            this.headers_by = None;
                            break;
                        }
                    }
                }
                Poll::Ready(Ok(()))
            }
            Poll::Pending => {
                // woken when the time is up, to fail the read then
                if let Some(by) = this.headers_by.as_mut()
                    && by.as_mut().poll(cx).is_ready()
                {
                    return Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "no request headers in time",
                    )));
                }
                Poll::Pending
            }
            other => other,
        }
    }
}

impl AsyncWrite for GuardedStream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
