//! The server's connections: a TCP listener with the limits a client cannot get past
//! whatever it sends, and each connection served by hyper's HTTP/1.
//!
//! - **Connections at once per client address** ([`Limits::connections_per_client`]):
//!   one past it is closed as soon as it is accepted ([`Guarded`]).
//! - **A time for every request's headers** ([`Limits::request_headers_within`]): the
//!   first request's from when the connection is accepted, each next one's from when
//!   the last answer went out. A client that opens connections and sends nothing,
//!   sends its headers a byte at a time, or keeps a connection idle between requests,
//!   holds none for long (axum's own `serve` sets hyper no timer, so it has no such
//!   time: the connections are served here instead).
//! - **A time for a request's body** is the router's ([`Limits::request_body_within`]).
//!
//! WebSocket upgrades are served; once upgraded, a connection is the match's (its
//! own limits, `docs/server.md`). Once the stop has stopped every match, no
//! connection is accepted, and each one ends once its request under way is answered
//! (for at most 10 s: a client that reads nothing holds no stop).

use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::{Pin, pin};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tower::ServiceExt as _;

use crate::address_counts::{AddressCounts, Held};
use crate::limits::Limits;

/// The listener: each client address holds at most so many connections.
pub(crate) struct Guarded {
    inner: TcpListener,
    open: AddressCounts,
    per_client: usize,
}

/// The client at the other end of a connection (what the limits per client count):
/// each request carries it as `axum::extract::ConnectInfo<Peer>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Peer(pub SocketAddr);

impl Guarded {
    /// `listener`, guarded by `limits`.
    pub(crate) fn new(listener: TcpListener, limits: &Limits) -> Guarded {
        Guarded {
            inner: listener,
            open: AddressCounts::default(),
            per_client: limits.connections_per_client,
        }
    }

    /// A connection's place in its client's count, if there is one left.
    fn admit(&self, ip: IpAddr) -> Option<Held> {
        self.open.take_if(ip, |open| open < self.per_client)
    }

    /// The next connection its client has a place for (one past its limit is closed
    /// at once).
    async fn accept(&mut self) -> (GuardedStream, SocketAddr) {
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
            return (
                GuardedStream {
                    stream,
                    _permit: permit,
                },
                addr,
            );
        }
    }
}

/// Serves `app` on the connections of `listener` until `stop` completes (see the
/// module's documentation); then waits for the connections under way to end.
pub(crate) async fn serve_connections(
    mut listener: Guarded,
    app: Router,
    limits: &Limits,
    stop: impl Future<Output = ()>,
) {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.request_headers_within);
    // told to the connections to stop; and held by each until it ends
    let (stopping, stop_told) = tokio::sync::watch::channel(());
    let (ended, held) = tokio::sync::watch::channel(());
    let mut stop = pin!(stop);
    loop {
        let (stream, addr) = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let peer = Peer(addr);
        let service = app
            .clone()
            .map_request(move |mut request: hyper::Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
                request
            });
        let connection = http
            .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service))
            .with_upgrades();
        let mut stop_told = stop_told.clone();
        let held = held.clone();
        tokio::spawn(async move {
            let mut connection = pin!(connection);
            // an error is the connection's alone (a timeout, a reset): it is closed
            tokio::select! {
                _ = connection.as_mut() => {}
                _ = stop_told.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(held);
        });
    }
    drop(listener);
    // an error: no connection is left to tell
    let _ = stopping.send(());
    drop(held);
    // a connection whose client reads nothing holds its answer unsent: it does not
    // hold the stop
    let _ = tokio::time::timeout(DRAIN_WITHIN, ended.closed()).await;
}

/// How long a stop waits for the connections to finish the requests under way.
const DRAIN_WITHIN: Duration = Duration::from_secs(10);

/// An accepted connection, holding its place in its client's count.
struct GuardedStream {
    stream: TcpStream,
    _permit: Held,
}

impl AsyncRead for GuardedStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
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
