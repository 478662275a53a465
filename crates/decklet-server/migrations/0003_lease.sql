-- Matches that outlive their server. `servers` holds each server's heartbeat: until
-- when (milliseconds since the Unix epoch, by the servers' clocks) it is alive; a
-- server renews it every third of its lease. The live matches of a server whose
-- heartbeat ran out (or that has none) may be taken over by any server on the
-- database, which rebuilds them from their stored actions. `wanted_by` names a server
-- that a seat of the match reached (behind one address, the server its requests are
-- routed to): the match's server hands the match over to it at its next look ('' when
-- no server asks).

CREATE TABLE servers (
    name TEXT PRIMARY KEY,
    alive_until BIGINT NOT NULL
);

ALTER TABLE matches ADD COLUMN wanted_by TEXT NOT NULL DEFAULT '';
