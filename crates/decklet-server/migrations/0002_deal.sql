-- The deal's commitment: the salt that, with the seed, hashes to the commitment shown
-- from the match's creation on (revealed once it is finished), and whether its creator
-- chose the seed (1) or the server drew it (0). A match stored before has no salt.

ALTER TABLE matches ADD COLUMN salt TEXT NOT NULL DEFAULT '';
ALTER TABLE matches ADD COLUMN seed_chosen BIGINT NOT NULL DEFAULT 0;
