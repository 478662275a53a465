-- When a match last moved (milliseconds since the Unix epoch): its creation, a seat
-- joined, its status set, or an action stored. A match being played that has not
-- moved for the server's idle expiry ends, abandoned, restarts or not. 0: stored
-- before this column (its creation counts then).

ALTER TABLE matches ADD COLUMN active_at BIGINT NOT NULL DEFAULT 0;
