-- Sign-in hand-offs (issue 12): the public host, where Discord sends members back, hands a
-- signed-in identity to an agency's own domain with a one-time token. Only the token's hash
-- is kept; a row is deleted when used, and rows past their expiry are pruned.
CREATE TABLE sign_in_handoffs (
    token_hash  BYTEA PRIMARY KEY,
    discord_id  TEXT NOT NULL REFERENCES users (discord_id) ON DELETE CASCADE,
    -- The host (with port when not the default) the token may be redeemed on, lower-case.
    host        TEXT NOT NULL,
    -- A local path of that host to land on.
    return_to   TEXT NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX sign_in_handoffs_expires_at ON sign_in_handoffs (expires_at);
