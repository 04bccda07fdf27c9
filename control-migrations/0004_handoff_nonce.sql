-- A hand-off token is bound to the browser that started the sign-in (issue 19, login CSRF):
-- the agency host keeps a random nonce in a cookie, and the token records the nonce's hash.
-- Tokens live a minute; any issued before this migration are dropped rather than left unbound.
DELETE FROM sign_in_handoffs;
ALTER TABLE sign_in_handoffs ADD COLUMN nonce_hash BYTEA NOT NULL;
