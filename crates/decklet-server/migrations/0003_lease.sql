-- A match's lease: until when (milliseconds since the Unix epoch, by the servers'
-- clocks) the server named in `server` plays it. The server renews the lease of every
-- live match it plays; once a lease has run out, any server on the database may take
-- the match over (it rebuilds it from its stored actions). A match stored before has
-- lease 0: the first server to look takes it, its own server first when it starts.
-- `wanted_by` names a server that a seat of the match reached (behind one address,
-- the server its requests are routed to): the match's server hands the match over to
-- it at its next renewal ('' when no server asks).

ALTER TABLE matches ADD COLUMN lease_until BIGINT NOT NULL DEFAULT 0;
ALTER TABLE matches ADD COLUMN wanted_by TEXT NOT NULL DEFAULT '';
