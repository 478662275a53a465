-- The matches a server plays, their seats and every accepted action, in order. The SQL
-- is the same on SQLite and Postgres (text, 64-bit integers, composite keys).


CREATE TABLE matches (
    id TEXT PRIMARY KEY,
    -- the match's spec as created (game, rules, seats, timer), as JSON
    spec TEXT NOT NULL,
    seed BIGINT NOT NULL,
    -- open (seats free), playing, finished
    status TEXT NOT NULL,
    -- the number of actions accepted so far: the last action's seq
    seq BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    -- the name of the server that plays it (several servers may share one database)
    server TEXT NOT NULL
);

CREATE TABLE seats (
    match_id TEXT NOT NULL REFERENCES matches (id),
    seat BIGINT NOT NULL,
    -- human, or bot
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    -- SHA-256 of the seat's token, hex; NULL until a human joins
    token_hash TEXT,
    PRIMARY KEY (match_id, seat)
);

CREATE TABLE actions (
    match_id TEXT NOT NULL REFERENCES matches (id),
    seq BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    -- the engine action, as JSON {"type", "payload"}
    action TEXT NOT NULL,
    -- the state's digest once it was applied
    digest TEXT NOT NULL,
    -- how it came: move (the seat's own), bot, timer
    origin TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE INDEX matches_by_status ON matches (status, server);
