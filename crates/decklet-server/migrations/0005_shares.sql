-- The deal of scheme 2, drawn from the server's share and the players': `deal` keeps
-- what the commitment shown at creation hashes (the game, the seats, whether the seed
-- was chosen, the server's secret share) as JSON, '' for a match stored before; each
-- seat's `share` is the one its player sent on joining ('' for none, and for a bot).

ALTER TABLE matches ADD COLUMN deal TEXT NOT NULL DEFAULT '';
ALTER TABLE seats ADD COLUMN share TEXT NOT NULL DEFAULT '';
