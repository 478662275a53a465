//! [`Limits`]: what one server, match and connection may take, and the server's
//! name. Each is documented in `docs/server.md` with what happens past it.

/// The server's limits.
#[derive(Clone, Debug)]
pub struct Limits {
    /// This server's name in the database (several servers may share one Postgres:
    /// each plays the matches it created or took over). Each server on a database
    /// needs its own.
    pub server_name: String,
    /// How long a server's heartbeat in the database lasts unless renewed (it renews
    /// every third of it): once it has run out (the server died, or lost the database
    /// that long), another server on the database takes its matches over. 3 s by
    /// default.
    pub match_lease: std::time::Duration,
    /// The largest WebSocket message a client may send, in bytes: past it the
    /// connection is closed (WebSocket close code 1009).
    pub max_message_bytes: usize,
    /// The largest HTTP request body, in bytes: past it the request is refused (413).
    pub max_body_bytes: usize,
    /// Connections at once per seat (a second tab, a reload): past it the new one is
    /// refused.
    pub connections_per_seat: usize,
    /// Spectators' connections at once per match: past it a new one is refused.
    pub spectators_per_match: usize,
    /// Messages a connection may send a second, on average: past it a message is
    /// answered with an error and ignored.
    pub messages_per_second: u32,
    /// Messages a connection may send at once before the rate applies.
    pub message_burst: u32,
    /// Messages past the rate after which the connection is closed (a flood).
    pub flood_closes_after: u32,
    /// Live matches (open or playing) one server holds: past it a new match is
    /// refused (503).
    pub max_matches: usize,
    /// Actions in one match: there the match ends, with no winner (a game that cannot
    /// end).
    pub max_actions_per_match: u64,
    /// Commands queued for one match (moves, connections, joins): a connection whose
    /// move finds the queue full waits (back-pressure: its socket is not read meanwhile).
    pub match_queue: usize,
    /// Messages queued for one connection: a connection that reads so slowly that its
    /// queue fills is closed, and may reconnect for what it missed.
    pub connection_queue: usize,
    /// How many open matches the lobby lists.
    pub lobby_size: u32,
    /// The pages of other sites allowed to call the API and open WebSockets, by
    /// origin (`https://cards.example`; `*`: any). A browser's request from a page of
    /// another origin is refused (403): by default only the server's own pages (the
    /// same origin: the `Origin`'s host and port are the request's `Host`). Programs,
    /// which send no `Origin`, are not concerned.
    pub allowed_origins: Vec<String>,
    /// The names (`cards.example`, or with a port: `cards.example:8443`) the server
    /// is reached by from browsers besides loopback (`localhost`, `127.0.0.1`,
    /// `[::1]`), which are always known. A browser's request whose `Origin` is the
    /// request's own `Host` passes only for these: any name can be pointed at the
    /// server (DNS rebinding), and a page of that name would otherwise count as the
    /// server's own. `decklet serve` adds the address it listens on when that is
    /// one address (not `0.0.0.0`).
    pub allowed_hosts: Vec<String>,
    /// How long a match may stay open (seats not all taken): then it expires, ended
    /// unplayed (`expired`), restarts or not.
    pub open_match_expiry: std::time::Duration,
    /// Live matches one client address may hold at once, however it got them: the
    /// matches it created (bots' matches too) and those it joined a seat of, until
    /// they are over, the creations and joins under way included. Past it, a creation
    /// or a join is refused (429) until one ends.
    pub matches_per_client: usize,
    /// How long a match being played may go without a move: then it ends, as
    /// `abandoned` (a person who left without a turn timer, or seats joined and never
    /// played), restarts or not.
    pub idle_match_expiry: std::time::Duration,
    /// TCP connections one client address may hold at once (WebSockets and HTTP
    /// alike): past it, a new one is closed as soon as it is accepted.
    pub connections_per_client: usize,
    /// HTTP requests one client address may make a second, WebSocket upgrades
    /// included: past it (and [`request_burst`](Self::request_burst) at once), `429`
    /// with `Retry-After`.
    pub requests_per_second: u32,
    /// HTTP requests one client address may make at once, above its rate.
    pub request_burst: u32,
    /// How long a connection has for each request's headers: the first request's from
    /// when it is accepted, each next one's from when the last answer went out. Past
    /// it the connection is closed (a client that sends nothing, its headers a byte at
    /// a time, or keeps an idle connection).
    pub request_headers_within: std::time::Duration,
    /// How long a request's body has to arrive once its headers have: past it, `408`
    /// and the connection closed.
    pub request_body_within: std::time::Duration,
    /// Bots of matches without a person that may think at once, server-wide (the
    /// others look again after 10 ms, doubling to 1 s, holding no thread); the bots of
    /// matches people play never wait for them. 0: matches of bots alone do not move.
    pub bot_only_thinking: usize,
    /// The learnt policies a seat's bot may play, each by a name and its file: a
    /// client names `policy:NAME` (or `ismcts:N+policy:NAME`), never a path. The
    /// files are read when the server opens, and no file is opened for a client
    /// after that. None by default.
    pub policies: Vec<(String, std::path::PathBuf)>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            server_name: "local".to_string(),
            match_lease: std::time::Duration::from_secs(3),
            max_message_bytes: 4 * 1024,
            max_body_bytes: 16 * 1024,
            connections_per_seat: 4,
            spectators_per_match: 64,
            messages_per_second: 20,
            message_burst: 40,
            flood_closes_after: 200,
            max_matches: 10_000,
            max_actions_per_match: 10_000,
            match_queue: 256,
            connection_queue: 64,
            lobby_size: 100,
            allowed_origins: Vec::new(),
            allowed_hosts: Vec::new(),
            open_match_expiry: std::time::Duration::from_secs(30 * 60),
            matches_per_client: 10,
            idle_match_expiry: std::time::Duration::from_secs(30 * 60),
            connections_per_client: 128,
            requests_per_second: 20,
            request_burst: 60,
            request_headers_within: std::time::Duration::from_secs(10),
            request_body_within: std::time::Duration::from_secs(10),
            bot_only_thinking: 1,
            policies: Vec::new(),
        }
    }
}
